/* SPDX-License-Identifier: MIT */
/*
 * Constant indices outside arrays and vectors (see zk_compiler.h).
 *
 * GLSL makes an out-of-range index undefined behaviour (GLSL 4.60, 5.7:
 * "Behavior is undefined if a shader subscripts an array with an index
 * less than 0 or greater than or equal to the size the array was declared
 * with"; 5.5 for vector components), and piglit checks only that nothing
 * breaks. spirv_to_nir's constant folding turns `int i = 20; a[i]` into a
 * constant index, which a strict Vulkan SPIR-V reader rejects in an access
 * chain. Such an access reads an undefined value and writes nothing.
 */
#include "zk_compiler.h"

#include "nir/nir_builder.h"

static bool
out_of_bounds(nir_deref_instr *d)
{
   for (; d && d->deref_type != NIR_DEREF_TYPE_VAR; d = nir_deref_instr_parent(d)) {
      if (d->deref_type != NIR_DEREF_TYPE_ARRAY || !nir_src_is_const(d->arr.index))
         continue;
      const struct glsl_type *t = nir_deref_instr_parent(d)->type;
      const unsigned length = glsl_type_is_array(t) ? glsl_get_length(t)
                              : glsl_type_is_vector(t) || glsl_type_is_matrix(t)
                                 ? glsl_get_length(t)
                                 : 0;
      /* Runtime arrays (length 0) have no bound to check. */
      if (length && nir_src_as_uint(d->arr.index) >= length)
         return true;
   }
   return false;
}

static bool
lower_access(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   (void)data;
   const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
   if (!info->num_srcs)
      return false;
   bool hit = false;
   for (unsigned i = 0; i < info->num_srcs && !hit; i++) {
      nir_deref_instr *d = nir_src_as_deref(intr->src[i]);
      hit = d && out_of_bounds(d);
   }
   if (!hit)
      return false;
   if (info->has_dest) {
      b->cursor = nir_before_instr(&intr->instr);
      nir_def_rewrite_uses(&intr->def,
                           nir_undef(b, intr->def.num_components, intr->def.bit_size));
   }
   nir_deref_instr *derefs[NIR_INTRINSIC_MAX_SRCS] = {NULL};
   for (unsigned i = 0; i < info->num_srcs; i++)
      derefs[i] = nir_src_as_deref(intr->src[i]);
   nir_instr_remove(&intr->instr);
   for (unsigned i = 0; i < info->num_srcs; i++) {
      if (derefs[i])
         nir_deref_instr_remove_if_unused(derefs[i]);
   }
   return true;
}

bool
zk_lower_constant_out_of_bounds(nir_shader *shader)
{
   return nir_shader_intrinsics_pass(shader, lower_access, NIR_METADATA_CONTROL_FLOW, NULL);
}
