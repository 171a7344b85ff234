/* SPDX-License-Identifier: MIT */
/*
 * Built-in inputs (SPIR-V BuiltIn variables, read with load_deref) become
 * system-value intrinsics. The backend computes the ids
 * per lane; the sizes it knows at compile time (subgroup size, workgroup
 * size) become constants here so later folding can use them.
 */
#include "nvk_nir.h"

static nir_def *
load_system_value(nir_builder *b, nir_variable *var, unsigned subgroup_size)
{
   /* An arrayed built-in (SampleMask) is a vector of its elements. */
   const struct glsl_type *t = var->type;
   const unsigned n = glsl_type_is_array(t) ? glsl_get_length(t) : glsl_get_components(t);
   const unsigned bits = glsl_get_bit_size(glsl_without_array(t));

   switch (var->data.builtin) {
   case NIR_BUILTIN_WORKGROUP_SIZE: {
      const uint16_t *s = b->shader->info.cs.workgroup_size;
      return nir_imm_ivec3(b, s[0], s[1], s[2]);
   }
   case NIR_BUILTIN_SUBGROUP_SIZE:
      return nir_imm_intN_t(b, subgroup_size, bits);
   default:
      break;
   }

   const nir_intrinsic_op op = nir_intrinsic_from_system_value(var->data.builtin);
   if (op == NIR_NUM_INTRINSICS)
      return NULL;
   nir_intrinsic_instr *intr = nir_intrinsic_instr_create(b->shader, op);
   if (!intr)
      return nir_poison(b, n, bits);
   const nir_intrinsic_info *info = &nir_intrinsic_infos[op];
   const unsigned comps = info->dest_components ? info->dest_components : n;
   intr->num_components = (uint8_t)comps;
   nir_def_init(&intr->instr, &intr->def, comps, bits == 1 ? 1 : bits);
   nir_builder_instr_insert(b, &intr->instr);
   return nir_trim_vector(b, &intr->def, n);
}

static bool
lower_load(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   const unsigned subgroup_size = *(const unsigned *)data;
   if (intr->intrinsic == NIR_INTRINSIC_LOAD_SUBGROUP_SIZE) {
      nir_def *v = nir_imm_intN_t(b, subgroup_size, intr->def.bit_size);
      nir_def_rewrite_uses(&intr->def, v);
      nir_instr_remove(&intr->instr);
      return true;
   }
   if (intr->intrinsic != NIR_INTRINSIC_LOAD_DEREF)
      return false;
   nir_deref_instr *deref = nir_src_as_deref(intr->src[0]);
   if (!deref || !(deref->modes & NIR_VAR_SYSTEM_VALUE))
      return false;
   nir_variable *var = nir_deref_instr_get_variable(deref);
   if (!var)
      return false;

   nir_def *value = load_system_value(b, var, subgroup_size);
   if (!value)
      return false; /* not a compute built-in: left for the backend to refuse */
   if (deref->deref_type == NIR_DEREF_TYPE_ARRAY)
      value = nir_vector_extract(b, value, deref->arr.index.ssa);
   else if (deref->deref_type != NIR_DEREF_TYPE_VAR)
      return false;
   nir_def_rewrite_uses(&intr->def, value);
   nir_instr_remove(&intr->instr);
   nir_deref_instr_remove_if_unused(deref);
   return true;
}

bool
nvk_nir_lower_system_values(nir_shader *shader, unsigned subgroup_size)
{
   bool progress = nir_shader_intrinsics_pass(shader, lower_load, NIR_METADATA_CONTROL_FLOW,
                                              &subgroup_size);
   if (progress)
      nir_remove_dead_variables(shader, NIR_VAR_SYSTEM_VALUE);
   return progress;
}
