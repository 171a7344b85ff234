/* SPDX-License-Identifier: MIT */
/*
 * gl_ClipVertex to gl_ClipDistance (see ntv_passes.h).
 *
 * GL clips against user planes given in eye space with the clip vertex the
 * shader writes (gl_ClipVertex, compatibility profile); Vulkan clips with
 * ClipDistance values. After each store of the clip vertex the shader
 * computes dot(clip vertex, plane) for every enabled plane. The planes come
 * from kiln_gl_state, indexed by GL plane number; the distances are packed
 * (enabled planes only, in plane order), so the ClipDistance array is as
 * short as it can be.
 *
 * gl_ClipVertex has no Vulkan counterpart: it becomes a private variable,
 * which ntv can express.
 */
#include "ntv/passes/ntv_passes.h"

#include <string.h>

#include "nir/nir_builder.h"
#include "ntv/passes/ntv_pass_util.h"

static nir_variable *
find_clip_vertex(nir_shader *shader)
{
   nir_foreach_variable_with_modes(var, shader, NIR_VAR_SHADER_OUT) {
      if (var->data.builtin == NIR_BUILTIN_NONE && var->name &&
          strcmp(var->name, "gl_ClipVertex") == 0)
         return var;
   }
   return NULL;
}

/* The clip vertex becomes a private variable: derefs carry the mode. */
static void
make_private(nir_shader *shader, nir_variable *var)
{
   var->data.mode = NIR_VAR_SHADER_TEMP;
   var->data.explicit_location = false;
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == NIR_INSTR_TYPE_DEREF &&
                nir_deref_instr_get_variable(nir_instr_as_deref(instr)) == var)
               nir_instr_as_deref(instr)->modes = NIR_VAR_SHADER_TEMP;
         }
      }
   }
}

/* Does the shader store to the output? (GL's implicit gl_PerVertex
 * declares gl_ClipDistance whether or not the shader uses it.) */
static bool
is_written(nir_shader *shader, const struct ntv_output_ref *ref)
{
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (intr->intrinsic != NIR_INTRINSIC_STORE_DEREF &&
                intr->intrinsic != NIR_INTRINSIC_COPY_DEREF)
               continue;
            nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
            if (d && ntv_deref_match(d, ref, NULL) != NTV_DEREF_UNRELATED)
               return true;
         }
      }
   }
   return false;
}

/* An existing, unwritten ClipDistance output sized for `num` distances. */
static bool
resize_distances(nir_shader *shader, const struct ntv_output_ref *ref, unsigned num)
{
   const struct glsl_type *t = glsl_array_type(glsl_float_type(), num, 0);
   if (ref->member < 0) {
      ref->var->type = t;
      nir_variable_retype_derefs(shader, ref->var);
      return true;
   }
   struct glsl_struct_field f =
      *glsl_get_struct_field_data(ref->var->type, (unsigned)ref->member);
   f.type = t;
   return ntv_set_member(shader, ref->var, (unsigned)ref->member, &f);
}

bool
ntv_lower_clip_vertex(nir_shader *shader, const struct ntv_gl_state_location *state,
                      uint8_t enabled_planes, bool position_fallback, const char **error)
{
   *error = NULL;
   const nir_shader_stage stage = shader->info.stage;
   if (stage != NIR_STAGE_VERTEX && stage != NIR_STAGE_TESS_EVAL &&
       stage != NIR_STAGE_GEOMETRY)
      return false;

   nir_variable *clip_vertex = find_clip_vertex(shader);
   struct ntv_output_ref distances;
   const bool has_distances =
      ntv_find_builtin(shader, NIR_VAR_SHADER_OUT, NIR_BUILTIN_CLIP_DISTANCE, &distances);
   const bool writes_distances = has_distances && is_written(shader, &distances);
   if (clip_vertex && writes_distances) {
      *error = "the shader writes both gl_ClipVertex and gl_ClipDistance";
      return false;
   }
   struct ntv_output_ref source;
   if (clip_vertex) {
      make_private(shader, clip_vertex);
      source = (struct ntv_output_ref){clip_vertex, -1};
   } else if (position_fallback && !writes_distances &&
              ntv_find_builtin(shader, NIR_VAR_SHADER_OUT, NIR_BUILTIN_POSITION, &source)) {
      /* clip against gl_Position */
   } else {
      return false;
   }
   const unsigned num = (unsigned)__builtin_popcount(enabled_planes);
   if (num == 0)
      return clip_vertex != NULL;
   if (glsl_get_components(ntv_output_type(&source)) != 4) {
      *error = "the clip vertex is not a vec4";
      return false;
   }

   nir_variable *planes = ntv_gl_state_variable(shader, state);
   if (!planes) {
      *error = "out of memory";
      return false;
   }
   if (has_distances) {
      /* Declared (in GL's implicit gl_PerVertex) but not written: use it. */
      if (!resize_distances(shader, &distances, num)) {
         *error = "out of memory";
         return false;
      }
   } else {
      nir_variable *var = nir_variable_create(
         shader, NIR_VAR_SHADER_OUT, glsl_array_type(glsl_float_type(), num, 0),
         "gl_ClipDistance");
      if (!var) {
         *error = "out of memory";
         return false;
      }
      var->data.builtin = NIR_BUILTIN_CLIP_DISTANCE;
      distances = (struct ntv_output_ref){var, -1};
   }
   shader->info.clip_distance_array_size = (uint8_t)num;

   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (intr->intrinsic != NIR_INTRINSIC_STORE_DEREF)
               continue;
            nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
            if (!d || ntv_deref_match(d, &source, NULL) == NTV_DEREF_UNRELATED)
               continue;
            nir_builder b = nir_builder_at(nir_after_instr(instr));
            nir_def *v = nir_load_deref(&b, ntv_build_output_deref(&b, &source, NULL));
            unsigned k = 0;
            u_foreach_bit(plane, enabled_planes) {
               nir_def *p = ntv_gl_state_load(&b, planes, NTV_GL_STATE_CLIP_PLANE, plane);
               nir_deref_instr *out =
                  ntv_build_output_deref(&b, &distances, nir_imm_int(&b, (int)k++));
               nir_store_deref(&b, out, nir_fdot(&b, v, p), 1);
            }
         }
      }
   }
   return true;
}
