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

static const struct kx_backend interp_base = {
   "interpreter (baseline kernels)", interp_compile, interp_destroy, interp_run_base,
};
static const struct kx_backend interp_avx2 = {
   "interpreter (AVX2 kernels)", interp_compile, interp_destroy, interp_run_avx2,
};

const struct kx_backend *const *
kx_backends(void)
{
   static const struct kx_backend *with_avx2[] = {&interp_base, &interp_avx2, NULL};
   static const struct kx_backend *base_only[] = {&interp_base, NULL};
   return kx_isa_supported(KX_ISA_AVX2) ? with_avx2 : base_only;
}
