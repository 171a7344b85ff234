/* SPDX-License-Identifier: MIT */
/* The backend registry (kx.h): the interpreter per kernel variant, and the
 * JIT (kxj.h) where this build and machine have it. */
#include <stdlib.h>

#include "kx.h"
#include "kxj.h"
#include "nir/nir.h"

static void *
interp_compile(nir_shader *shader, char **error)
{
   return kx_compile(shader, error);
}

static void
interp_destroy(void *prog)
{
   kx_program_destroy(prog);
}

static bool
interp_run_base(const void *prog, struct kx_dispatch *d)
{
   d->prog = prog;
   d->isa = KX_ISA_BASE;
   return kx_dispatch_run(d);
}

static bool
interp_run_avx2(const void *prog, struct kx_dispatch *d)
{
   d->prog = prog;
   d->isa = KX_ISA_AVX2;
   return kx_dispatch_run(d);
}

static void *
interp_exec_create_base(const void *prog)
{
   return kx_exec_create(prog, KX_ISA_BASE);
}

static void *
interp_exec_create_avx2(const void *prog)
{
   return kx_exec_create(prog, KX_ISA_AVX2);
}

static bool
interp_exec_strip(void *exec, struct kx_strip *s)
{
   return kx_exec_strip(exec, s);
}

static void
interp_exec_destroy(void *exec)
{
   kx_exec_destroy(exec);
}

static void
interp_exec_reset(void *exec)
{
   kx_exec_reset(exec);
}

static const struct kx_backend interp_base = {
   "interpreter (baseline kernels)", interp_compile,         interp_destroy,
   interp_run_base,                  interp_exec_create_base, interp_exec_strip,
   interp_exec_destroy,              interp_exec_reset,
};
static const struct kx_backend interp_avx2 = {
   "interpreter (AVX2 kernels)", interp_compile,         interp_destroy,
   interp_run_avx2,              interp_exec_create_avx2, interp_exec_strip,
   interp_exec_destroy,          interp_exec_reset,
};

/* The JIT compiles compute programs at once; one it cannot compile fails
 * here (the driver would keep the interpreter). Vertex and fragment programs
 * run their strips on the interpreter (below), so they are not compiled. */
static void *
jit_compile(nir_shader *shader, char **error)
{
   struct kx_program *prog = kx_compile(shader, error);
   if (prog && kx_program_info(prog)->stage == NIR_STAGE_COMPUTE &&
       !kxj_compile_sync(prog, error)) {
      kx_program_destroy(prog);
      return NULL;
   }
   return prog;
}

static bool
jit_run(const void *prog, struct kx_dispatch *d)
{
   d->prog = prog;
   d->isa = KX_ISA_JIT;
   return kx_dispatch_run(d);
}

/* Vertex and fragment strips stay on the interpreter (docs/shaders.md): the
 * JIT's per-instruction fallback does not reload the exec mask, so discard
 * and demote would run wrong natively. The JIT backend's strips therefore
 * run its programs with the best interpreter kernels. */
static void *
jit_exec_create(const void *prog)
{
   return kx_exec_create(prog, KX_ISA_JIT);
}

static const struct kx_backend jit = {
   "JIT (LLVM)",        jit_compile,     interp_destroy,
   jit_run,             jit_exec_create, interp_exec_strip,
   interp_exec_destroy, interp_exec_reset,
};

const struct kx_backend *const *
kx_backends(void)
{
   static const struct kx_backend *list[4];
   static bool init;
   if (!__atomic_load_n(&init, __ATOMIC_ACQUIRE)) {
      unsigned n = 0;
      list[n++] = &interp_base;
      if (kx_isa_supported(KX_ISA_AVX2))
         list[n++] = &interp_avx2;
      if (kxj_available())
         list[n++] = &jit;
      list[n] = NULL;
      __atomic_store_n(&init, true, __ATOMIC_RELEASE);
   }
   return list;
}
