/* SPDX-License-Identifier: MIT */
/*
 * The library kxj_unload_test dlopens and dlcloses, as the Vulkan loader
 * does with the driver: it links the kx executor (so its own copy of the
 * JIT tier and its compiler thread) and runs one program on the tiered
 * path, which starts the compiler thread.
 */
#include "kx_test_helpers.h"
#include "kxj.h"

__attribute__((visibility("default"))) int kxj_unload_probe(unsigned k);

/* Runs a program writing id * k + 1 over 4 workgroups of 64 with
 * KX_ISA_AUTO twice (the first dispatch queues the compile), checks the
 * results and destroys the program. 0: right; 1: wrong or failed;
 * 77: no JIT in this build or on this machine. */
__attribute__((visibility("default"))) int
kxj_unload_probe(unsigned k)
{
   if (!kxj_available())
      return 77;
   nir_builder b = kxt_builder(64, 1, 1);
   if (!b.shader)
      return 1;
   nir_def *id = nir_channel(&b, nir_load_global_invocation_id(&b, 32), 0);
   nir_store_global(&b, nir_iadd_imm(&b, nir_imul_imm(&b, id, k), 1), kxt_addr(&b, id, 4));
   char *err = NULL;
   struct kx_program *p = kx_compile(b.shader, &err);
   free(err);
   nir_shader_destroy(b.shader);
   if (!p)
      return 1;
   uint32_t buf[256];
   struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
   int result = 0;
   for (unsigned run = 0; run < 2; run++) {
      memset(buf, 0xab, sizeof(buf));
      struct kx_dispatch d = {
         .prog = p,
         .isa = KX_ISA_AUTO,
         .count = {4, 1, 1},
         .translate = kxt_translate,
         .translate_data = &mem,
      };
      if (!kx_dispatch_run(&d))
         result = 1;
      for (unsigned i = 0; i < 256; i++)
         result |= buf[i] != i * k + 1;
   }
   kx_program_destroy(p);
   return result;
}
