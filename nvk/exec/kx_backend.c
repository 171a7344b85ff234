/* SPDX-License-Identifier: MIT */
/* The backend registry (kx.h): today the interpreter, per kernel variant. */
#include "kx.h"

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

const struct kx_backend *const *
kx_backends(void)
{
   static const struct kx_backend *with_avx2[] = {&interp_base, &interp_avx2, NULL};
   static const struct kx_backend *base_only[] = {&interp_base, NULL};
   return kx_isa_supported(KX_ISA_AVX2) ? with_avx2 : base_only;
}
