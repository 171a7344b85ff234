/* SPDX-License-Identifier: MIT */
#include "ntv/passes/ntv_gl_state.h"

#include <string.h>

#include "nir/nir_builder.h"

static const struct glsl_type *
gl_state_type(void)
{
   struct glsl_struct_field fields[3] = {
      glsl_struct_field_init(glsl_vec4_type(), "frag_coord_y"),
      glsl_struct_field_init(glsl_vector_type(GLSL_TYPE_FLOAT, 2), "point_coord_y"),
      glsl_struct_field_init(
         glsl_array_type(glsl_vec4_type(), NTV_GL_STATE_MAX_CLIP_PLANES, 16), "clip_plane"),
   };
   fields[0].offset_B = 0;
   fields[1].offset_B = 16;
   fields[2].offset_B = 32;
   return glsl_struct_type(fields, 3, "KilnGLState", GLSL_BLOCK);
}

nir_variable *
ntv_gl_state_variable(nir_shader *shader, const struct ntv_gl_state_location *loc)
{
   const nir_variable_mode mode = loc->uniform_buffer ? NIR_VAR_MEM_UBO
                                                      : NIR_VAR_MEM_PUSH_CONST;
   nir_foreach_variable_with_modes(var, shader, mode) {
      if (var->name && strcmp(var->name, NTV_GL_STATE_NAME) == 0)
         return var;
   }
   const struct glsl_type *type = gl_state_type();
   if (glsl_type_is_error(type)) {
      nir_shader_set_oom(shader);
      return NULL;
   }
   nir_variable *var = nir_variable_create(shader, mode, type, NTV_GL_STATE_NAME);
   if (!var)
      return NULL;
   if (loc->uniform_buffer) {
      var->data.descriptor_set = loc->set;
      var->data.binding = loc->binding;
      var->data.explicit_descriptor_set = true;
      var->data.explicit_binding = true;
   }
   return var;
}

nir_def *
ntv_gl_state_load(nir_builder *b, nir_variable *state, enum ntv_gl_state_field field,
                  unsigned index)
{
   nir_deref_instr *d = nir_build_deref_struct(b, nir_build_deref_var(b, state), field);
   if (field == NTV_GL_STATE_CLIP_PLANE)
      d = nir_build_deref_array_imm(b, d, index);
   return nir_load_deref(b, d);
}
