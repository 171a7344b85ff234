/* SPDX-License-Identifier: MIT */
/* The kx JIT in a build without LLVM (-Djit=disabled): never available, so
 * every program stays on the interpreter. */
#include <stdlib.h>
#include <string.h>

#include "kxj.h"

bool
kxj_available(void)
{
   return false;
}

const char *
kxj_target_name(void)
{
   return "none";
}

bool
kxj_alu_native(unsigned kx_op)
{
   (void)kx_op;
   return false;
}

struct kxj_code *
kxj_code_compile(const struct kx_program *prog, char **error)
{
   (void)prog;
   *error = strdup("kxj: built without LLVM (-Djit=disabled)");
   return NULL;
}

kx_run_fn
kxj_code_fn(const struct kxj_code *code)
{
   (void)code;
   return NULL;
}

void
kxj_code_destroy(struct kxj_code *code)
{
   (void)code;
}
