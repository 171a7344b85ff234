/* SPDX-License-Identifier: MIT */
/*
 * glPointSize and GL_PROGRAM_POINT_SIZE (see zk_compiler.h).
 *
 * GL 3.3 core, 3.4 "Points": "If program point size mode is enabled, the
 * derived point size is taken from the (potentially clipped) shader
 * builtin gl_PointSize ... Otherwise, the point size is taken from the
 * current point size state" (glPointSize). Vulkan takes a point's size
 * only from the last pre-rasterization stage's PointSize. So after each
 * write of gl_PointSize the shader stores, when kiln_gl_state's raster
 * field says program point size is off, the glPointSize value instead;
 * a vertex shader that does not write gl_PointSize writes the
 * glPointSize value first thing. Both are read at run time, so one
 * program serves every state.
 */
#include "zk_compiler.h"

#include "ntv/passes/ntv_pass_util.h"
#include "zk_gl_state.h"

static bool
writes(nir_intrinsic_instr *intr, const struct ntv_output_ref *ref)
{
   if (intr->intrinsic != NIR_INTRINSIC_STORE_DEREF &&
       intr->intrinsic != NIR_INTRINSIC_COPY_DEREF)
      return false;
   nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
   return d && ntv_deref_match(d, ref, NULL) != NTV_DEREF_UNRELATED;
}

static bool
is_written(nir_shader *shader, const struct ntv_output_ref *ref)
{
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == NIR_INSTR_TYPE_INTRINSIC && writes(nir_instr_as_intrinsic(instr), ref))
               return true;
         }
      }
   }
   return false;
}

/* (glPointSize, GL_PROGRAM_POINT_SIZE ? 1 : 0, 0, 0) */
static nir_def *
load_point_state(nir_builder *b, nir_variable *state, int member)
{
   return nir_load_deref(b, nir_build_deref_array_imm(
                               b, nir_build_deref_struct(b, nir_build_deref_var(b, state),
                                                         (unsigned)member),
                               0));
}

bool
zk_lower_point_size(nir_shader *shader, uint64_t *gl_state_fields)
{
   const nir_shader_stage stage = shader->info.stage;
   if (stage != NIR_STAGE_VERTEX && stage != NIR_STAGE_TESS_EVAL &&
       stage != NIR_STAGE_GEOMETRY)
      return false;
   struct ntv_output_ref out;
   const bool declared =
      ntv_find_builtin(shader, NIR_VAR_SHADER_OUT, NIR_BUILTIN_POINT_SIZE, &out);
   const bool written = declared && is_written(shader, &out);
   /* Other stages writing PointSize need shaderTessellationAndGeometryPointSize:
    * only a vertex shader gets a write of its own. */
   if (!written && stage != NIR_STAGE_VERTEX)
      return false;
   nir_variable *state = NULL;
   const int member = zk_gl_state_member_index(shader, ZK_GL_STATE_RASTER, &state);
   if (member < 0)
      return false;
   *gl_state_fields |= 1ull << ZK_GL_STATE_RASTER;

   if (!written) {
      if (!declared) {
         nir_variable *var =
            nir_variable_create(shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "gl_PointSize");
         if (!var)
            return false;
         var->data.builtin = NIR_BUILTIN_POINT_SIZE;
         out = (struct ntv_output_ref){var, -1};
      }
      nir_builder b = nir_builder_at(nir_before_impl(nir_shader_get_entrypoint(shader)));
      nir_def *point = load_point_state(&b, state, member);
      nir_store_deref(&b, ntv_build_output_deref(&b, &out, NULL), nir_channel(&b, point, 0), 1);
      return true;
   }
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_INTRINSIC ||
                !writes(nir_instr_as_intrinsic(instr), &out))
               continue;
            nir_builder b = nir_builder_at(nir_after_instr(instr));
            nir_def *point = load_point_state(&b, state, member);
            nir_def *program = nir_fneu(&b, nir_channel(&b, point, 1), nir_imm_float(&b, 0.0f));
            nir_deref_instr *d = ntv_build_output_deref(&b, &out, NULL);
            nir_store_deref(&b, d, nir_bcsel(&b, program, nir_load_deref(&b, d),
                                             nir_channel(&b, point, 0)), 1);
         }
      }
   }
   return true;
}
