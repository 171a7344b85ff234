/* SPDX-License-Identifier: MIT */
/*
 * A draw's fixed-function state: the bound pipeline's state merged with the
 * command buffer's dynamic state (vk_graphics_state.h), converted to the
 * rasterizer's plain struct, and the current rendering's attachments
 * described for it.
 */
#include <math.h>
#include <string.h>

#include "nvk_draw_priv.h"
#include "nvk_image.h"
#include "nvk_pipeline.h"

static struct rast_rect
intersect(struct rast_rect a, VkRect2D b)
{
   const int64_t x0 = MAX2((int64_t)a.x, (int64_t)b.offset.x);
   const int64_t y0 = MAX2((int64_t)a.y, (int64_t)b.offset.y);
   const int64_t x1 = MIN2((int64_t)a.x + a.width, (int64_t)b.offset.x + b.extent.width);
   const int64_t y1 =
      MIN2((int64_t)a.y + a.height, (int64_t)b.offset.y + b.extent.height);
   if (x1 <= x0 || y1 <= y0)
      return (struct rast_rect){0, 0, 0, 0};
   return (struct rast_rect){(int32_t)x0, (int32_t)y0, (uint32_t)(x1 - x0),
                             (uint32_t)(y1 - y0)};
}

/* The pixels whose centres lie inside a viewport (Vulkan 1.3, 27.4: what
 * is outside the view volume is clipped; rast clips to a guard band and
 * leaves the rest to the scissor). A negative height extends upwards. */
static VkRect2D
viewport_rect(const VkViewport *v)
{
   const double x0 = v->x, x1 = (double)v->x + v->width;
   const double y0 = MIN2((double)v->y, (double)v->y + v->height);
   const double y1 = MAX2((double)v->y, (double)v->y + v->height);
   const double px0 = ceil(x0 - 0.5), px1 = floor(x1 - 0.5) + 1;
   const double py0 = ceil(y0 - 0.5), py1 = floor(y1 - 0.5) + 1;
   const double lo = -(double)INT32_MAX, hi = (double)INT32_MAX;
   const int32_t ix0 = (int32_t)CLAMP(px0, lo, hi), iy0 = (int32_t)CLAMP(py0, lo, hi);
   const int64_t w = (int64_t)CLAMP(px1, lo, hi) - ix0,
                 h = (int64_t)CLAMP(py1, lo, hi) - iy0;
   return (VkRect2D){{ix0, iy0}, {(uint32_t)MAX2(w, 0), (uint32_t)MAX2(h, 0)}};
}

static struct rast_stencil_face
stencil_face(const struct vk_depth_stencil_state *ds, unsigned f)
{
   return (struct rast_stencil_face){
      .fail_op = (enum rast_stencil_op)ds->stencil_ops[f].fail_op,
      .pass_op = (enum rast_stencil_op)ds->stencil_ops[f].pass_op,
      .depth_fail_op = (enum rast_stencil_op)ds->stencil_ops[f].depth_fail_op,
      .compare_op = (enum rast_compare_op)ds->stencil_ops[f].compare_op,
      .compare_mask = (uint8_t)ds->stencil_compare_mask[f],
      .write_mask = (uint8_t)ds->stencil_write_mask[f],
      .reference = (uint8_t)ds->stencil_reference[f],
   };
}

/* The fragment shader as the fixed function sees it. */
static void
fs_info(struct rast_fs_info *out, const struct kx_program_info *fs)
{
   memset(out, 0, sizeof(*out));
   if (!fs)
      return;
   out->inputs_read = fs->inputs_read;
   for (unsigned s = 0; s < RAST_SLOT_COUNT; s++)
      out->interp[s] = fs->interp[s] & KX_INTERP_MODE_MASK;
   out->writes_depth = fs->writes_depth;
   out->writes_stencil = fs->writes_stencil;
   out->writes_sample_mask = fs->writes_sample_mask;
   out->uses_discard = fs->uses_discard || fs->uses_demote;
   out->early_fragment_tests = fs->early_fragment_tests;
   out->sample_shading = fs->uses_sample_shading;
   /* SamplePosition is read from frag_coord too (kx_run.c). */
   out->no_frag_coord = !fs->reads_frag_coord && !fs->uses_sample_shading;
   out->has_side_effects = fs->writes_memory;
}

static void
rast_state_from_gs(struct nvk_draw_ctx *ctx)
{
   const struct vk_graphics_state *gs = &ctx->gs;
   const struct nvk_exec_rendering *r = &ctx->ex->gfx.rendering;
   struct rast_state *s = &ctx->rs;
   rast_state_init(s, r->area.offset.x + r->area.extent.width,
                   r->area.offset.y + r->area.extent.height);

   s->viewport_count =
      MIN2(MAX2(gs->vp.viewport_count, 1u), (uint32_t)RAST_MAX_VIEWPORTS);
   for (uint32_t i = 0; i < RAST_MAX_VIEWPORTS; i++) {
      const VkViewport *v = &gs->vp.viewports[i];
      if (i < s->viewport_count)
         s->viewports[i] = (struct rast_viewport){v->x,      v->y,        v->width,
                                                  v->height, v->minDepth, v->maxDepth};
      /* The render area bounds every write (Vulkan 1.3, 8.4): scissors
       * are cut to it. */
      const VkRect2D *sc = &gs->vp.scissors[i];
      const struct rast_rect scissor =
         i < gs->vp.scissor_count
            ? (struct rast_rect){sc->offset.x, sc->offset.y, sc->extent.width,
                                 sc->extent.height}
            : (struct rast_rect){0, 0, 0, 0};
      s->scissors[i] = intersect(intersect(scissor, r->area), viewport_rect(v));
   }
   s->depth_clip_negative_one_to_one = gs->vp.depth_clip_negative_one_to_one;
   s->depth_clamp_enable = gs->rs.depth_clamp_enable;
   s->depth_clip_enable = gs->rs.depth_clip_enable == VK_DEPTH_CLIP_NOT_CLAMP
                             ? !gs->rs.depth_clamp_enable
                             : gs->rs.depth_clip_enable == VK_DEPTH_CLIP_ENABLE;
   s->rasterizer_discard = gs->rs.rasterizer_discard_enable;
   s->cull_mode = (enum rast_cull_mode)(gs->rs.cull_mode & 3);
   s->front_face = gs->rs.front_face == VK_FRONT_FACE_CLOCKWISE ? RAST_FRONT_FACE_CW
                                                                : RAST_FRONT_FACE_CCW;
   s->polygon_mode = gs->rs.polygon_mode == VK_POLYGON_MODE_LINE    ? RAST_POLYGON_LINE
                     : gs->rs.polygon_mode == VK_POLYGON_MODE_POINT ? RAST_POLYGON_POINT
                                                                    : RAST_POLYGON_FILL;
   s->depth_bias_enable = gs->rs.depth_bias_enable;
   s->depth_bias_constant = gs->rs.depth_bias.constant_factor;
   s->depth_bias_slope = gs->rs.depth_bias.slope_factor;
   s->depth_bias_clamp = gs->rs.depth_bias.clamp;
   s->line_width = gs->rs.line_width;
   /* VK_EXT_line_rasterization: DEFAULT lines are rectangles. */
   s->line_mode = gs->rs.line_mode == VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT
                     ? RAST_LINE_BRESENHAM
                  : gs->rs.line_mode == VK_LINE_RASTERIZATION_MODE_RECTANGULAR_SMOOTH_EXT
                     ? RAST_LINE_RECTANGULAR_SMOOTH
                     : RAST_LINE_RECTANGULAR;
   s->line_stipple_enable = gs->rs.line_stipple_enable;
   s->line_stipple_factor = CLAMP(gs->rs.line_stipple.factor, 1u, 256u);
   s->line_stipple_pattern = (uint16_t)gs->rs.line_stipple.pattern;

   /* The last pre-rasterization stage's outputs are what rast reads. */
   const struct kx_program_info *vs = ctx->last_info;
   /* Only distances the shader writes: glslang's default gl_PerVertex
    * declares ClipDistance[1] and CullDistance[1] in every vertex shader,
    * and a shader that writes only the position has no slots for them
    * (rast would read the next vertex as distances). */
   const uint64_t clip_slots = 3ull << KX_SLOT_CLIP_DIST0;
   const uint64_t cull_slots = 3ull << KX_SLOT_CULL_DIST0;
   s->clip_distance_count = (vs->outputs_written & clip_slots) ? vs->clip_distance_count : 0;
   s->cull_distance_count = (vs->outputs_written & cull_slots) ? vs->cull_distance_count : 0;
   s->vs_writes_layer = s->vs_writes_viewport =
      (vs->outputs_written >> KX_SLOT_LAYER_VP) & 1;
   s->point_size_from_shader = (vs->outputs_written >> KX_SLOT_PSIZ) & 1;
   s->point_size_min = 1.0f;
   s->point_size_max = NVK_MAX_POINT_SIZE; /* pointSizeRange */

   s->samples = MAX2(gs->ms.rasterization_samples, 1u);
   s->sample_mask = gs->ms.sample_mask;
   s->alpha_to_coverage = gs->ms.alpha_to_coverage_enable;
   s->alpha_to_one = gs->ms.alpha_to_one_enable;
   fs_info(&s->fs, ctx->fs_info);

   /* Depth and stencil tests need their attachment (Vulkan 1.3, 29.8:
    * without one the test passes and nothing is written). */
   const bool has_depth = r->depth.image != NULL, has_stencil = r->stencil.image != NULL;
   s->depth_test_enable = has_depth && gs->ds.depth_test_enable;
   s->depth_write_enable = s->depth_test_enable && gs->ds.depth_write_enable;
   s->depth_compare_op = (enum rast_compare_op)gs->ds.depth_compare_op;
   s->depth_bounds_enable = has_depth && gs->ds.depth_bounds_test_enable;
   s->min_depth_bounds = gs->ds.depth_bounds.min;
   s->max_depth_bounds = gs->ds.depth_bounds.max;
   s->stencil_test_enable = has_stencil && gs->ds.stencil_test_enable;
   s->front = stencil_face(&gs->ds, 0);
   s->back = stencil_face(&gs->ds, 1);

   s->logic_op_enable = gs->cb.logic_op_enable;
   s->logic_op = (enum rast_logic_op)gs->cb.logic_op;
   for (uint32_t i = 0; i < RAST_MAX_COLOR; i++) {
      const struct vk_blend_equation *e = &gs->cb.equations[i];
      const bool present = i < gs->cb.attachment_count;
      s->blend[i] = (struct rast_blend_attachment){
         .blend_enable = present && gs->cb.blend_enables[i],
         .src_color = (enum rast_blend_factor)e->src_color_factor,
         .dst_color = (enum rast_blend_factor)e->dst_color_factor,
         .color_op = (enum rast_blend_op)e->color_op,
         .src_alpha = (enum rast_blend_factor)e->src_alpha_factor,
         .dst_alpha = (enum rast_blend_factor)e->dst_alpha_factor,
         .alpha_op = (enum rast_blend_op)e->alpha_op,
         .write_mask =
            present && gs->cb.color_write_enables[i] ? gs->cb.write_masks[i] : 0,
      };
   }
   memcpy(s->blend_constants, gs->cb.blend_constants, sizeof(s->blend_constants));
}

static void
describe_attachment(const struct nvk_exec_attachment *a, uint32_t layer_count,
                    struct rast_image *out)
{
   memset(out, 0, sizeof(*out));
   if (!a->image)
      return;
   out->base = a->map;
   out->format = a->format;
   kil_level_addr_init(&out->addr, &a->image->layout, a->level);
   out->base_layer = a->base_layer;
   out->layer_count = layer_count;
   out->samples = kil_sample_layout_samples(a->image->layout.sample_layout);
}

void
nvk_draw_state_set_view(struct nvk_draw_ctx *ctx, uint32_t view)
{
   const struct nvk_exec_rendering *r = &ctx->ex->gfx.rendering;
   for (uint32_t i = 0; i < r->color_count && i < RAST_MAX_COLOR; i++)
      describe_attachment(&r->color[i], 1, &ctx->fb.color[i]);
   describe_attachment(r->depth.image ? &r->depth : &r->stencil, 1,
                       &ctx->fb.depth_stencil);
   for (uint32_t i = 0; i < RAST_MAX_COLOR; i++)
      ctx->fb.color[i].base_layer += view;
   ctx->fb.depth_stencil.base_layer += view;
   ctx->view_index = view;
   /* The view picks the layer; Layer from the shader plays no part. */
   ctx->rs.vs_writes_layer = false;
}

bool
nvk_draw_state_init(struct nvk_draw_ctx *ctx)
{
   struct nvk_exec *ex = ctx->ex;
   const struct nvk_exec_rendering *r = &ex->gfx.rendering;
   vk_graphics_state_merge(&ctx->gs, &ctx->gfx->state, &ex->gfx_dyn);
   vk_dynamic_graphics_state_clear_dirty(&ex->gfx_dyn);
   rast_state_from_gs(ctx);

   memset(&ctx->fb, 0, sizeof(ctx->fb));
   const uint32_t layers =
      r->view_mask ? 32 - (uint32_t)__builtin_clz(r->view_mask) : r->layer_count;
   for (uint32_t i = 0; i < r->color_count && i < RAST_MAX_COLOR; i++)
      describe_attachment(&r->color[i], layers, &ctx->fb.color[i]);
   /* One depth/stencil image: the depth attachment's, else the stencil's. */
   describe_attachment(r->depth.image ? &r->depth : &r->stencil, layers,
                       &ctx->fb.depth_stencil);
   ctx->fb.render_area = (struct rast_rect){r->area.offset.x, r->area.offset.y,
                                            r->area.extent.width, r->area.extent.height};
   return true;
}
