/* SPDX-License-Identifier: MIT */
/*
 * Moves every load_const and undef to the top of the entry point, keeping
 * their order. Constants of the module are made there already; this
 * catches the ones constant folding makes in place. A constant left in a
 * branch would keep an otherwise empty block alive, which the IR ->
 * SPIR-V direction writes as an extra block that the next trip does not
 * have: one canonical place for constants keeps round trips a fixed point.
 */
#include "stn_ir.h"

bool stn_hoist_constants(nir_shader *shader);

bool
stn_hoist_constants(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      nir_block *start = nir_start_block(impl);
      bool moved = false;
      nir_instr *last = NULL; /* the last constant gathered so far */
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_LOAD_CONST && instr->type != NIR_INSTR_TYPE_UNDEF)
               continue;
            const nir_cursor at = last ? nir_after_instr(last) : nir_before_block(start);
            moved |= nir_instr_move(at, instr);
            last = instr;
         }
      }
      /* Moving instructions changes no control flow. */
      nir_metadata_preserve(impl, moved ? NIR_METADATA_CONTROL_FLOW : NIR_METADATA_ALL);
      progress |= moved;
   }
   return progress;
}
