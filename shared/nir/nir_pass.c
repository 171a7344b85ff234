/* SPDX-License-Identifier: MIT */
/* Pass plumbing: the instruction walker and what NIR_PASS does after a pass. */
#include "nir/nir.h"

#include <stdio.h>

#include "nir/nir_builder.h"
#include "util/debug.h"

enum {
   NIR_DEBUG_VALIDATE = 1 << 0,
   NIR_DEBUG_NO_VALIDATE = 1 << 1,
   NIR_DEBUG_PRINT_IR = 1 << 2,
};

static const struct util_debug_flag nir_debug_table[] = {
   {"validate", NIR_DEBUG_VALIDATE, "Validate the IR after every pass"},
   {"novalidate", NIR_DEBUG_NO_VALIDATE, "Do not validate the IR, even in debug builds"},
   {"print_ir", NIR_DEBUG_PRINT_IR, "Print the IR after every pass that made progress"},
   {NULL, 0, NULL},
};

UTIL_DEBUG_DEFINE_GETTER(nir_debug_flags, "nir", nir_debug_table)

bool
nir_validation_enabled(void)
{
   const uint64_t flags = nir_debug_flags();
   if (flags & NIR_DEBUG_NO_VALIDATE)
      return false;
#ifdef KILN_IR_VALIDATE_DEFAULT
   return true;
#else
   return (flags & NIR_DEBUG_VALIDATE) != 0;
#endif
}

bool
nir_debug_print_enabled(void)
{
   return (nir_debug_flags() & NIR_DEBUG_PRINT_IR) != 0;
}

void
nir_after_pass(nir_shader *shader, const char *pass_name, bool progress)
{
   /* After an allocation failure the shader is garbage by contract: the
    * caller checks nir_shader_oom() and throws it away. */
   if (shader->oom)
      return;
   if (progress && nir_debug_print_enabled()) {
      fprintf(stderr, "kiln: nir: after %s:\n", pass_name);
      nir_print_shader(shader, stderr);
   }
   if (nir_validation_enabled())
      nir_validate_shader(shader, pass_name);
}

bool
nir_function_instructions_pass(nir_function_impl *impl, nir_instr_pass_cb cb,
                               nir_metadata preserved, void *data)
{
   bool progress = false;
   nir_builder b = nir_builder_at(nir_before_impl(impl));
   nir_foreach_block_safe(block, impl)
   {
      nir_foreach_instr_safe (instr, block) {
         b.cursor = nir_before_instr(instr);
         if (cb(&b, instr, data))
            progress = true;
      }
   }
   nir_metadata_preserve(impl, progress ? preserved : NIR_METADATA_ALL);
   return progress;
}

bool
nir_shader_instructions_pass(nir_shader *shader, nir_instr_pass_cb cb,
                             nir_metadata preserved, void *data)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
   {
      if (nir_function_instructions_pass(impl, cb, preserved, data))
         progress = true;
   }
   return progress;
}

struct intrinsics_pass_state {
   nir_intrinsic_pass_cb cb;
   void *data;
};

static bool
intrinsics_pass_cb(nir_builder *b, nir_instr *instr, void *data)
{
   struct intrinsics_pass_state *st = data;
   if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
      return false;
   return st->cb(b, nir_instr_as_intrinsic(instr), st->data);
}

bool
nir_shader_intrinsics_pass(nir_shader *shader, nir_intrinsic_pass_cb cb,
                           nir_metadata preserved, void *data)
{
   struct intrinsics_pass_state st = {cb, data};
   return nir_shader_instructions_pass(shader, intrinsics_pass_cb, preserved, &st);
}
