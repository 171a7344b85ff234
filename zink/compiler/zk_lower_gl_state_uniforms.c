/* SPDX-License-Identifier: MIT */
/*
 * GL state uniforms into kiln_gl_state (see zk_compiler.h).
 *
 * GL-flavoured SPIR-V declares gl_ModelViewMatrix & co. as loose uniforms
 * known by name (kgl.h), sized by glslang's limits (32 lights, 32 texture
 * coordinates); GL's are zink's (8), so a constant index past them is an
 * error and the members have zink's sizes. gl_ClipPlane reads ntv's
 * clip_plane member: the planes the clip-vertex pass uses too.
 */
#include "zk_compiler.h"

#include "zk_gl_state.h"
#include "zk_pass_util.h"

bool
zk_lower_gl_state_uniforms(nir_shader *shader, uint64_t *fields, const char **error)
{
   bool progress = false;
   nir_foreach_variable_with_modes_safe(var, shader, NIR_VAR_UNIFORM) {
      enum zk_gl_state_field field;
      if (glsl_type_is_opaque(glsl_without_array(var->type)) ||
          !zk_gl_state_field_from_name(var->name, &field))
         continue;
      nir_variable *block = NULL;
      const int member = zk_gl_state_member_index(shader, field, &block);
      if (member < 0) {
         *error = "out of memory";
         return false;
      }
      if (!zk_rebase_derefs_to_member(shader, var, block, (unsigned)member, error))
         return false;
      list_del(&var->node);
      *fields |= 1ull << field;
      progress = true;
   }
   return progress;
}
