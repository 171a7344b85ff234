/* SPDX-License-Identifier: MIT */
/*
 * Loads of system_value variables (SPIR-V Input variables decorated with a
 * system-value BuiltIn) become the matching load_* intrinsic. An element
 * of an arrayed builtin (SampleMask[0], TessLevelOuter[i]) becomes a
 * component of the intrinsic's vector. Builtins without an intrinsic are
 * left alone.
 */
#include "nir/nir.h"
#include "nir/nir_builder.h"

static nir_def *
load_system_value(nir_builder *b, nir_intrinsic_op op, const nir_def *like,
                  unsigned num_components)
{
   const nir_intrinsic_info *info = &nir_intrinsic_infos[op];
   nir_intrinsic_instr *intr = nir_intrinsic_instr_create(b->shader, op);
   if (!intr)
      return nir_poison(b, like->num_components, like->bit_size);
   const unsigned nc = info->dest_components ? info->dest_components : num_components;
   intr->num_components = (uint8_t)nc;
   /* Keep the variable's bit size when the intrinsic allows it. */
   unsigned bits = like->bit_size;
   if (info->dest_bit_sizes && !(info->dest_bit_sizes & bits))
      bits = info->dest_bit_sizes & 32 ? 32 : (info->dest_bit_sizes & 1 ? 1 : 64);
   nir_def_init(&intr->instr, &intr->def, nc, bits);
   nir_builder_instr_insert(b, &intr->instr);
   if (bits != like->bit_size)
      return nir_u2uN(b, &intr->def, like->bit_size);
   return &intr->def;
}

static bool
lower_load(nir_builder *b, nir_intrinsic_instr *load, void *data)
{
   (void)data;
   if (load->intrinsic != NIR_INTRINSIC_LOAD_DEREF)
      return false;
   nir_deref_instr *deref = nir_src_as_deref(load->src[0]);
   if (!deref || !(deref->modes & NIR_VAR_SYSTEM_VALUE))
      return false;
   nir_variable *var = nir_deref_instr_get_variable(deref);
   if (!var || var->data.builtin == NIR_BUILTIN_NONE)
      return false;
   const nir_intrinsic_op op = nir_intrinsic_from_system_value(var->data.builtin);
   if (op == NIR_NUM_INTRINSICS)
      return false;

   b->cursor = nir_before_instr(&load->instr);
   nir_def *value;
   if (deref->deref_type == NIR_DEREF_TYPE_VAR) {
      value = load_system_value(b, op, &load->def, load->def.num_components);
   } else if (deref->deref_type == NIR_DEREF_TYPE_ARRAY &&
              nir_deref_instr_parent(deref)->deref_type == NIR_DEREF_TYPE_VAR &&
              glsl_type_is_array(var->type)) {
      /* One element of an arrayed builtin: a component of the vector. */
      const unsigned len = glsl_get_length(var->type);
      nir_def *vec = load_system_value(b, op, &load->def, len ? len : 1);
      value = nir_vector_extract(b, vec, deref->arr.index.ssa);
   } else {
      return false;
   }
   nir_def_rewrite_uses(&load->def, value);
   nir_instr_remove(&load->instr);
   nir_deref_instr_remove_if_unused(deref);
   return true;
}

bool
nir_lower_system_values(nir_shader *shader)
{
   const bool progress =
      nir_shader_intrinsics_pass(shader, lower_load, NIR_METADATA_CONTROL_FLOW, NULL);
   if (progress)
      nir_remove_dead_variables(shader, NIR_VAR_SYSTEM_VALUE);
   return progress;
}
