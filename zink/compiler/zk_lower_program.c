/* SPDX-License-Identifier: MIT */
/*
 * The whole GL lowering of a linked program, in the order the passes need
 * (see zk_compiler.h and docs/zink-compiler.md):
 *
 *  1. per stage, what needs only the stage: constant out-of-bounds indices;
 *     gl_VertexID/gl_InstanceID; GL state uniforms into kiln_gl_state,
 *     atomic counters into storage buffers, samplers out of structs (before
 *     2, which takes every other loose uniform);
 *  2. the program's loose uniforms into kiln_uniforms (all stages at once);
 *  3. per stage: block layouts, arrays of arrays of resources, rectangle
 *     textures;
 *  4. fragment outputs; the fragment colour inputs (two-sided colour);
 *  5. on the last pre-rasterization stage: gl_ClipVertex (ntv), then GL's
 *     depth range (ntv), which must see the final gl_Position stores;
 *  6. varying locations (all stages at once; after 4 and 5, which rename and
 *     add varyings; block member locations made explicit), flat shading (needs the colour locations), attribute
 *     locations;
 *  7. the window origin (ntv's y-flip) on the fragment stage;
 *  8. descriptor sets and bindings (after every pass that adds a block);
 *  9. spirv_to_nir's clean-up, so that ntv's output reads back as the same IR.
 */
#include "zk_compiler.h"

#include <string.h>

#include "ntv/passes/ntv_passes.h"
#include "util/arena.h"
#include "zk_gl_state.h"
#include "zk_pass_util.h"

static nir_shader *
last_pre_raster(nir_shader *stages[NIR_STAGE_COUNT])
{
   if (stages[NIR_STAGE_GEOMETRY])
      return stages[NIR_STAGE_GEOMETRY];
   if (stages[NIR_STAGE_TESS_EVAL])
      return stages[NIR_STAGE_TESS_EVAL];
   return stages[NIR_STAGE_VERTEX];
}

static bool
uses_gl_state(nir_shader *shader)
{
   nir_foreach_variable_with_modes(var, shader, NIR_VAR_MEM_UBO) {
      if (var->name && strcmp(var->name, NTV_GL_STATE_NAME) == 0)
         return true;
   }
   return false;
}

bool
zk_lower_program(nir_shader *stages[NIR_STAGE_COUNT], const struct zk_program_key *key,
                 struct arena *arena, struct zk_program_info *info, const char **error)
{
   static const struct zk_program_key defaults = {0};
   if (!key)
      key = &defaults;
   memset(info, 0, sizeof(*info));
   *error = NULL;

   for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
      if (!stages[s])
         continue;
      zk_lower_constant_out_of_bounds(stages[s]);
      zk_lower_vertex_ids(stages[s]);
      if (!zk_lower_gl_state_uniforms(stages[s], &info->gl_state_fields, error) && *error)
         return false;
      if (!zk_lower_atomic_counters(stages[s], error) && *error)
         return false;
      if (!zk_split_opaque_uniforms(stages[s], error) && *error)
         return false;
   }
   if (!zk_lower_loose_uniforms(stages, arena, info, error) && *error)
      return false;
   for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
      if (!stages[s])
         continue;
      zk_lay_out_blocks(stages[s]);
      if (!zk_flatten_resource_arrays(stages[s], error) && *error)
         return false;
      if (!zk_lower_rect_textures(stages[s], error) && *error)
         return false;
   }

   nir_shader *fs = stages[NIR_STAGE_FRAGMENT];
   if (fs) {
      if (!zk_lower_frag_outputs(fs, key, error) && *error)
         return false;
      zk_lower_two_side_color(fs, key->two_side);
   }
   nir_shader *last = last_pre_raster(stages);
   if (last) {
      /* Before the clip-vertex lowering: its distances are packed by plane. */
      if (key->raster_state) {
         zk_lower_clip_distance_enables(last, &info->gl_state_fields);
         zk_lower_point_size(last, &info->gl_state_fields);
      }
      if (!ntv_lower_clip_vertex(last, &zk_gl_state_location, key->clip_plane_enable,
                                 key->clip_plane_enable != 0, error) &&
          *error)
         return false;
      if (key->clip_plane_enable)
         info->gl_state_fields |= 1ull << ZK_GL_STATE_CLIP_PLANE;
      if (!key->depth_clip_control && !ntv_lower_depth_range(last, error) && *error)
         return false;
   }

   if (!zk_assign_varying_locations(stages, &info->color_locations, error) && *error)
      return false;
   if (fs && key->flatshade)
      ntv_lower_flatshade(fs, info->color_locations);
   if (stages[NIR_STAGE_VERTEX] &&
       !zk_assign_attribute_locations(stages[NIR_STAGE_VERTEX], arena, info, error) && *error)
      return false;
   if (fs)
      ntv_lower_yflip(fs, &zk_gl_state_location);

   if (!zk_assign_bindings(stages, arena, info, error) && *error)
      return false;
   for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
      if (!stages[s])
         continue;
      zk_canonicalize(stages[s]);
      info->uses_gl_state |= uses_gl_state(stages[s]);
      if (nir_shader_oom(stages[s])) {
         *error = "out of memory";
         return false;
      }
   }
   return true;
}
