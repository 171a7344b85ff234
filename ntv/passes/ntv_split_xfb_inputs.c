/* SPDX-License-Identifier: MIT */
/*
 * The consumer side of ntv_split_xfb_outputs (see ntv_passes.h): Vulkan
 * matches an input to an output by Location, Component and type, so when
 * the producer's outputs were split at capture boundaries the fragment
 * shader's inputs are split at the same boundaries, by the same decisions
 * (ntv_split_io.h). Built-ins captured in part were copied, not split, so
 * only user varyings change.
 */
#include "ntv/passes/ntv_passes.h"

#include "ntv/passes/ntv_split_io.h"

static bool
is_user_input(const nir_variable *var)
{
   return var->data.builtin == NIR_BUILTIN_NONE && var->data.explicit_location &&
          glsl_type_is_vector_or_scalar(glsl_without_array(var->type));
}

bool
ntv_split_xfb_inputs(nir_shader *shader, const struct ntv_xfb_info *xfb, const char **error)
{
   *error = NULL;
   if (shader->info.stage != NIR_STAGE_FRAGMENT) {
      *error = "the stage after the last pre-rasterization stage is the fragment shader";
      return false;
   }
   bool progress = false;
   /* Arrays first: their elements may then be split like any vector. */
   nir_foreach_variable_with_modes_safe(var, shader, NIR_VAR_SHADER_IN) {
      if (!is_user_input(var) || !glsl_type_is_array(var->type))
         continue;
      const unsigned len = glsl_get_length(var->type);
      const struct glsl_type *elem = glsl_get_array_element(var->type);
      unsigned offset, buffer, stream;
      if (!ntv_xfb_array_touched(xfb, var->data.location, len) ||
          ntv_xfb_array_whole(xfb, var->data.location, len, ntv_var_first_component(var),
                              glsl_get_vector_elements(elem), &offset, &buffer, &stream))
         continue;
      nir_variable *elements[32];
      if (len > ARRAY_SIZE(elements)) {
         *error = "a captured input array is too long to split";
         return false;
      }
      if (!ntv_split_array_var(shader, var, elements, error))
         return false;
      progress = true;
   }
   nir_foreach_variable_with_modes_safe(var, shader, NIR_VAR_SHADER_IN) {
      if (!is_user_input(var) || glsl_type_is_array(var->type))
         continue;
      const unsigned starts =
         ntv_xfb_vector_starts(xfb, var->data.location, ntv_var_first_component(var),
                               glsl_get_vector_elements(var->type));
      if (!starts)
         continue;
      nir_variable *pieces[NTV_SPLIT_MAX_PIECES];
      unsigned np;
      if (!ntv_split_vector_var(shader, var, starts, pieces, &np, error))
         return false;
      progress |= np > 1;
   }
   return progress;
}
