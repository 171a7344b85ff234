/* SPDX-License-Identifier: MIT */
/*
 * Dynamic state on the replay side, the merge at a draw, and the key/values
 * split (vk_graphics_state.h). Spec references are to Vulkan 1.3.239.
 */
#include <string.h>

#include "vk_graphics_state.h"

_Static_assert(sizeof(struct vk_graphics_key) == 312,
               "vk_graphics_key has no padding: its bytes are hashed");

void
vk_dynamic_graphics_state_init(struct vk_dynamic_graphics_state *dyn)
{
   /* 10.10: dynamic state is undefined at the start of a command buffer;
    * defaults make "undefined" deterministic. */
   vk_graphics_state_init_defaults(&dyn->s);
   memset(dyn->dirty, 0xff, sizeof(dyn->dirty));
   dyn->pipeline_dirty = true;
   dyn->pipeline = NULL;
}

/* Copies `size_B` bytes into the state at `offset_B` of the whole struct;
 * marks `d` dirty if they differ. */
static void
write_bytes(struct vk_dynamic_graphics_state *dyn, enum vk_dyn d, uint32_t offset_B,
            uint32_t size_B, const void *data)
{
   uint8_t *dst = (uint8_t *)&dyn->s + offset_B;
   if (memcmp(dst, data, size_B) == 0)
      return;
   memcpy(dst, data, size_B);
   BITSET_SET(dyn->dirty, d);
}

bool
vk_dynamic_graphics_state_set(struct vk_dynamic_graphics_state *dyn, enum vk_dyn state,
                              uint32_t offset_B, uint32_t size_B, const void *data)
{
   if ((unsigned)state >= VK_DYN_COUNT)
      return false;
   const struct vk_dyn_info *info = &vk_dyn_info[state];
   if (offset_B > info->size_B || size_B > info->size_B - offset_B)
      return false;
   write_bytes(dyn, state, info->offset_B + offset_B, size_B, data);
   return true;
}

void
vk_dynamic_graphics_state_bind_pipeline(struct vk_dynamic_graphics_state *dyn,
                                        const struct vk_graphics_pipeline_state *p)
{
   /* 10.10: "When a pipeline object is bound, any pipeline object state that
    * is not specified as dynamic is applied to the command buffer state.
    * Pipeline object state that is specified as dynamic is not applied." */
   for (unsigned d = 0; d < VK_DYN_COUNT; d++) {
      if (BITSET_TEST(p->dynamic, d))
         continue;
      const struct vk_dyn_info *info = &vk_dyn_info[d];
      write_bytes(dyn, d, info->offset_B, info->size_B,
                  (const uint8_t *)&p->s + info->offset_B);
   }
   if (dyn->pipeline != p)
      dyn->pipeline_dirty = true;
   dyn->pipeline = p;
}

uint32_t
vk_dynamic_graphics_state_dirty_groups(const struct vk_dynamic_graphics_state *dyn)
{
   if (dyn->pipeline_dirty)
      return (1u << VK_GS_GROUP_COUNT) - 1;
   uint32_t groups = 0;
   BITSET_FOREACH_SET (d, dyn->dirty, VK_DYN_COUNT)
      groups |= 1u << vk_dyn_info[d].group;
   return groups;
}

void
vk_graphics_state_merge(struct vk_graphics_state *out,
                        const struct vk_graphics_pipeline_state *p,
                        const struct vk_dynamic_graphics_state *dyn)
{
   *out = p->s;
   for (unsigned d = 0; d < VK_DYN_COUNT; d++) {
      if (!BITSET_TEST(p->dynamic, d))
         continue;
      const struct vk_dyn_info *info = &vk_dyn_info[d];
      memcpy((uint8_t *)out + info->offset_B, (const uint8_t *)&dyn->s + info->offset_B,
             info->size_B);
   }
}

enum vk_topology_class
vk_topology_class(VkPrimitiveTopology topology)
{
   switch (topology) {
   case VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
      return VK_TOPOLOGY_CLASS_POINT;
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      return VK_TOPOLOGY_CLASS_LINE;
   case VK_PRIMITIVE_TOPOLOGY_PATCH_LIST:
      return VK_TOPOLOGY_CLASS_PATCH;
   default:
      return VK_TOPOLOGY_CLASS_TRIANGLE;
   }
}

static uint8_t
samples_of(uint32_t flag_bits)
{
   /* VkSampleCountFlagBits is the count itself (1, 2, 4, ...). */
   return flag_bits >= 1 && flag_bits <= 64 ? (uint8_t)flag_bits : 1;
}

static void
split_key_raster(const struct vk_graphics_state *s, struct vk_graphics_key *k)
{
   k->topology = (uint8_t)s->ia.primitive_topology;
   k->topology_class = vk_topology_class(s->ia.primitive_topology);
   k->primitive_restart_enable = s->ia.primitive_restart_enable != 0;
   k->tess_domain_origin = (uint8_t)s->ts.domain_origin;
   k->vi_attributes_valid = s->vi.attributes_valid;
   for (unsigned b = 0; b < VK_GS_MAX_VERTEX_BINDINGS; b++) {
      if (s->vi.bindings[b].input_rate == VK_VERTEX_INPUT_RATE_INSTANCE)
         k->vi_instance_rate_bindings |= 1u << b;
   }
   for (unsigned l = 0; l < VK_GS_MAX_VERTEX_ATTRIBUTES; l++) {
      if (!(s->vi.attributes_valid & (1u << l)))
         continue;
      k->vi_formats[l] = s->vi.attributes[l].format;
      k->vi_bindings[l] = (uint8_t)s->vi.attributes[l].binding;
   }
   k->rasterizer_discard = s->rs.rasterizer_discard_enable != 0;
   k->depth_clamp = s->rs.depth_clamp_enable != 0;
   k->depth_clip = s->rs.depth_clip_enable == VK_DEPTH_CLIP_NOT_CLAMP
                      ? !s->rs.depth_clamp_enable
                      : s->rs.depth_clip_enable == VK_DEPTH_CLIP_ENABLE;
   k->depth_clip_negative_one_to_one = s->vp.depth_clip_negative_one_to_one != 0;
   k->polygon_mode = (uint8_t)s->rs.polygon_mode;
   k->cull_mode = (uint8_t)s->rs.cull_mode;
   k->front_face = (uint8_t)s->rs.front_face;
   k->provoking_vertex_last =
      s->rs.provoking_vertex == VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT;
   k->depth_bias_enable = s->rs.depth_bias_enable != 0;
   k->line_mode = (uint8_t)s->rs.line_mode;
   k->line_stipple_enable = s->rs.line_stipple_enable != 0;
   k->conservative_mode = (uint8_t)s->rs.conservative_mode;
   k->rasterization_stream = (uint8_t)s->rs.rasterization_stream;
   k->samples = samples_of(s->ms.rasterization_samples);
   k->sample_shading_enable = s->ms.sample_shading_enable != 0;
   k->alpha_to_coverage = s->ms.alpha_to_coverage_enable != 0;
   k->alpha_to_one = s->ms.alpha_to_one_enable != 0;
   k->sample_locations_enable = s->ms.sample_locations_enable != 0;
}

static void
split_key_fragment(const struct vk_graphics_state *s, struct vk_graphics_key *k)
{
   /* 27.8 (depth test): with no depth attachment the test always passes
    * and nothing is written; likewise stencil (27.7). */
   const bool has_depth = s->rp.depth_format != VK_FORMAT_UNDEFINED;
   const bool has_stencil = s->rp.stencil_format != VK_FORMAT_UNDEFINED;
   k->depth_test = has_depth && s->ds.depth_test_enable;
   if (k->depth_test) {
      k->depth_write = s->ds.depth_write_enable != 0;
      k->depth_compare_op = (uint8_t)s->ds.depth_compare_op;
   }
   k->depth_bounds_test = has_depth && s->ds.depth_bounds_test_enable;
   k->stencil_test = has_stencil && s->ds.stencil_test_enable;
   for (unsigned f = 0; f < 2 && k->stencil_test; f++) {
      k->stencil_ops[f][0] = (uint8_t)s->ds.stencil_ops[f].fail_op;
      k->stencil_ops[f][1] = (uint8_t)s->ds.stencil_ops[f].pass_op;
      k->stencil_ops[f][2] = (uint8_t)s->ds.stencil_ops[f].depth_fail_op;
      k->stencil_ops[f][3] = (uint8_t)s->ds.stencil_ops[f].compare_op;
   }
   k->logic_op_enable = s->cb.logic_op_enable != 0;
   if (k->logic_op_enable)
      k->logic_op = (uint8_t)s->cb.logic_op;
   k->color_attachment_count = (uint8_t)s->rp.color_attachment_count;
   for (unsigned a = 0;
        a < s->rp.color_attachment_count && a < VK_GS_MAX_COLOR_ATTACHMENTS; a++) {
      k->color_formats[a] = s->rp.color_formats[a];
      /* VK_EXT_color_write_enable: a disabled attachment is as if its write
       * mask were 0 (28.1.1 "Color Write Enable"). */
      /* Not cb.attachment_count: with EDS3 every per-attachment blend state
       * may be dynamic and pColorBlendState NULL (count 0 then). */
      const bool written =
         s->rp.color_formats[a] != VK_FORMAT_UNDEFINED && s->cb.color_write_enables[a];
      k->write_masks[a] = written ? s->cb.write_masks[a] & 0xf : 0;
      if (!written || !s->cb.blend_enables[a] || k->logic_op_enable)
         continue;
      k->blend_enables |= 1u << a;
      const struct vk_blend_equation *e = &s->cb.equations[a];
      k->equations[a][0] = (uint8_t)e->src_color_factor;
      k->equations[a][1] = (uint8_t)e->dst_color_factor;
      k->equations[a][2] = (uint8_t)e->color_op;
      k->equations[a][3] = (uint8_t)e->src_alpha_factor;
      k->equations[a][4] = (uint8_t)e->dst_alpha_factor;
      k->equations[a][5] = (uint8_t)e->alpha_op;
   }
   k->depth_format = s->rp.depth_format;
   k->stencil_format = s->rp.stencil_format;
   k->view_mask = s->rp.view_mask;
}

static void
split_values(const struct vk_graphics_state *s, struct vk_graphics_values *v)
{
   memset(v, 0, sizeof(*v));
   v->viewport_count = s->vp.viewport_count;
   v->scissor_count = s->vp.scissor_count;
   memcpy(v->viewports, s->vp.viewports, sizeof(v->viewports));
   memcpy(v->scissors, s->vp.scissors, sizeof(v->scissors));
   v->depth_bias = s->rs.depth_bias;
   v->line_width = s->rs.line_width;
   v->line_stipple = s->rs.line_stipple;
   v->extra_primitive_overestimation_size = s->rs.extra_primitive_overestimation_size;
   v->patch_control_points = s->ts.patch_control_points;
   v->min_sample_shading = s->ms.min_sample_shading;
   v->sample_mask = s->ms.sample_mask;
   v->sample_locations = s->ms.sample_locations;
   v->depth_bounds = s->ds.depth_bounds;
   memcpy(v->stencil_compare_mask, s->ds.stencil_compare_mask,
          sizeof(v->stencil_compare_mask));
   memcpy(v->stencil_write_mask, s->ds.stencil_write_mask, sizeof(v->stencil_write_mask));
   memcpy(v->stencil_reference, s->ds.stencil_reference, sizeof(v->stencil_reference));
   memcpy(v->blend_constants, s->cb.blend_constants, sizeof(v->blend_constants));
   memcpy(v->vi_binding_strides, s->vi_binding_strides, sizeof(v->vi_binding_strides));
   for (unsigned b = 0; b < VK_GS_MAX_VERTEX_BINDINGS; b++)
      v->vi_divisors[b] = s->vi.bindings[b].divisor;
   for (unsigned l = 0; l < VK_GS_MAX_VERTEX_ATTRIBUTES; l++)
      v->vi_offsets_B[l] = s->vi.attributes[l].offset_B;
}

void
vk_graphics_state_split(const struct vk_graphics_state *s, struct vk_graphics_key *key,
                        struct vk_graphics_values *values)
{
   memset(key, 0, sizeof(*key));
   split_key_raster(s, key);
   split_key_fragment(s, key);
   split_values(s, values);
}

uint64_t
vk_graphics_key_hash(const struct vk_graphics_key *key)
{
   const uint8_t *p = (const uint8_t *)key;
   uint64_t h = 0xcbf29ce484222325ull;
   for (size_t i = 0; i < sizeof(*key); i++) {
      h ^= p[i];
      h *= 0x100000001b3ull;
   }
   return h;
}
