/* SPDX-License-Identifier: MIT */
/* The interpreter on small IR programs built with the builder. */
#include "kx_test_helpers.h"

TEST(kx_store_global_id)
{
   nir_builder b = kxt_builder(64, 1, 1);
   REQUIRE(b.shader);
   nir_def *id = nir_channel(&b, nir_load_global_invocation_id(&b, 32), 0);
   nir_def *v = nir_iadd_imm(&b, nir_imul_imm(&b, id, 3), 1);
   nir_store_global(&b, v, kxt_addr(&b, id, 4));
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);

   uint32_t buf[64 * 5];
   memset(buf, 0xab, sizeof(buf));
   struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
   struct kx_dispatch d;
   CHECK(kxt_run(p, &mem, 5, 1, 1, &d));
   CHECK_EQ(d.invocations, 64 * 5);
   for (unsigned i = 0; i < 64 * 5; i++)
      CHECK_EQ(buf[i], i * 3 + 1);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}
