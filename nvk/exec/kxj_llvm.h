/* SPDX-License-Identifier: MIT */
/* Internal to the kx JIT: the parts that see LLVM's C API. */
#ifndef KXJ_LLVM_H
#define KXJ_LLVM_H

#include <llvm-c/Core.h>

#include "kx_program.h"

/* Translates `prog` into a module holding one function `fn_name` with the
 * kx_run_fn signature. Instructions without a native emitter run on
 * `interp` through copies it allocates (*pairs_out, to be freed with the
 * code). `group_lanes`: 32-bit lanes of a vector register of the target
 * (16 with AVX-512, 8 with AVX2). NULL and a malloc'd *error on failure. */
LLVMModuleRef kxj_emit_module(LLVMContextRef c, const struct kx_program *prog,
                              const char *fn_name, kx_run_fn interp, unsigned group_lanes,
                              struct kx_instr **pairs_out, char **error);

#endif /* KXJ_LLVM_H */
