/* SPDX-License-Identifier: MIT */
/*
 * Repairs SSA dominance after emission. Structured emission keeps SPIR-V's
 * dominance, except where an exit that leaves several constructs (the
 * escape mechanism of stn_emit.c) adds a path around a definition; a
 * value used on the far side of such a path is stored to a variable right
 * after its definition and loaded where it is used, and vars_to_ssa then
 * builds the phis (undefined on the new path, which SPIR-V never takes).
 *
 * Derefs are made where they are used, so they never need repairing.
 */
#include "stn_ir.h"

static const struct glsl_type *
holder_type(const nir_def *def)
{
   const enum glsl_base_type base =
      def->bit_size == 1 ? GLSL_TYPE_BOOL
                         : glsl_base_type_with_bit_size(GLSL_TYPE_UINT, def->bit_size);
   return glsl_vector_type(base, def->num_components);
}

static bool
repair_def(nir_function_impl *impl, nir_def *def)
{
   bool bad = false;
   nir_foreach_use(src, def) {
      if (!nir_def_dominates_src(def, src)) {
         bad = true;
         break;
      }
   }
   if (!bad)
      return false;
   nir_instr *instr = def->parent_instr;
   if (instr->type == NIR_INSTR_TYPE_DEREF)
      return false; /* never produced; left for the validator to report */

   nir_variable *var = nir_local_variable_create(impl, holder_type(def), "dominance");
   if (!var)
      return false;
   nir_builder b = nir_builder_at(instr->type == NIR_INSTR_TYPE_PHI
                                     ? nir_after_phis(instr->block)
                                     : nir_after_instr(instr));
   nir_store_var(&b, var, def, 0);
   nir_foreach_use_safe(src, def) {
      /* The new store, and every use the definition reaches, stay. */
      if (nir_def_dominates_src(def, src))
         continue;
      b.cursor = nir_before_src(src);
      nir_src_rewrite(src, nir_load_var(&b, var));
   }
   return true;
}

bool stn_repair_ssa(nir_shader *shader);

bool
stn_repair_ssa(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) {
      nir_metadata_require(impl, NIR_METADATA_DOMINANCE);
      bool changed = false;
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            nir_def *def = nir_instr_def(instr);
            if (def)
               changed |= repair_def(impl, def);
         }
      }
      /* Inserting instructions changes no block structure. */
      nir_metadata_preserve(impl, changed ? NIR_METADATA_CONTROL_FLOW : NIR_METADATA_ALL);
      progress |= changed;
   }
   return progress;
}
