/* SPDX-License-Identifier: MIT */
/*
 * GL_CLIP_DISTANCEi enables (see zk_compiler.h).
 *
 * GL 3.3 core, 2.19 "Primitive Clipping": "Clipping against a clip
 * distance is enabled or disabled with Enable/Disable of CLIP_DISTANCEi";
 * a disabled distance does not clip. Vulkan clips with every ClipDistance
 * element the shader declares, so after each write of gl_ClipDistance the
 * shader stores 0 (inside: GL clips where the distance is negative) into
 * the elements whose plane kiln_gl_state's raster field marks disabled.
 * The enables are read at run time, so one program serves every state.
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

/* Element i of the output: kept where plane i is enabled, else 0. */
static void
mask_distance(nir_builder *b, nir_variable *state, int member,
              const struct ntv_output_ref *out, unsigned i)
{
   nir_deref_instr *row = nir_build_deref_array_imm(
      b, nir_build_deref_struct(b, nir_build_deref_var(b, state), (unsigned)member), 1 + i / 4);
   nir_def *enables = nir_load_deref(b, row);
   nir_def *on = nir_fneu(b, nir_channel(b, enables, i % 4), nir_imm_float(b, 0.0f));
   nir_deref_instr *element = ntv_build_output_deref(b, out, nir_imm_int(b, (int)i));
   nir_def *v = nir_load_deref(b, element);
   nir_store_deref(b, element, nir_bcsel(b, on, v, nir_imm_float(b, 0.0f)), 1);
}

bool
zk_lower_clip_distance_enables(nir_shader *shader, uint64_t *gl_state_fields)
{
   const nir_shader_stage stage = shader->info.stage;
   if (stage != NIR_STAGE_VERTEX && stage != NIR_STAGE_TESS_EVAL &&
       stage != NIR_STAGE_GEOMETRY)
      return false;
   struct ntv_output_ref out;
   if (!ntv_find_builtin(shader, NIR_VAR_SHADER_OUT, NIR_BUILTIN_CLIP_DISTANCE, &out))
      return false;
   const struct glsl_type *type = ntv_output_type(&out);
   if (!glsl_type_is_array(type))
      return false;
   const unsigned size = MIN2(glsl_get_length(type), ZK_GL_MAX_CLIP_PLANES);

   bool any = false;
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == NIR_INSTR_TYPE_INTRINSIC && writes(nir_instr_as_intrinsic(instr), &out))
               any = true;
         }
      }
   }
   if (!any || size == 0)
      return false;
   nir_variable *state = NULL;
   const int member = zk_gl_state_member_index(shader, ZK_GL_STATE_RASTER, &state);
   if (member < 0)
      return false;
   *gl_state_fields |= 1ull << ZK_GL_STATE_RASTER;

   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_INTRINSIC ||
                !writes(nir_instr_as_intrinsic(instr), &out))
               continue;
            nir_builder b = nir_builder_at(nir_after_instr(instr));
            for (unsigned i = 0; i < size; i++)
               mask_distance(&b, state, member, &out, i);
         }
      }
   }
   return true;
}
