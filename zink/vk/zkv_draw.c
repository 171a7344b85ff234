/* SPDX-License-Identifier: MIT */
/*
 * Draws: rendering scope, pipeline, dynamic state, descriptor sets, vertex
 * and index buffers, transform feedback and conditional rendering, then
 * the Vulkan draw command(s).
 */
#include <string.h>

#include "zkv_private.h"

/* Ranges one VK_EXT_multi_draw command takes from the stack (more: a loop). */
#define ZKV_MULTI_DRAW_BATCH 64

void
zkv_draw_state_init(struct zkv_draw_state *st)
{
   memset(st, 0, sizeof(*st));
   st->topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   st->polygon_mode = VK_POLYGON_MODE_FILL;
   st->cull_mode = VK_CULL_MODE_NONE;
   st->front_face = VK_FRONT_FACE_COUNTER_CLOCKWISE;
   st->line_width = 1.0f;
   st->line_stipple_factor = 1;
   st->line_stipple_pattern = 0xffff;
   st->provoking_vertex_last = true;
   st->depth_write = true;
   st->depth_compare = VK_COMPARE_OP_LESS;
   st->max_depth_bounds = 1.0f;
   const struct zkv_stencil_face face = {
      .fail_op = VK_STENCIL_OP_KEEP,
      .pass_op = VK_STENCIL_OP_KEEP,
      .depth_fail_op = VK_STENCIL_OP_KEEP,
      .compare_op = VK_COMPARE_OP_ALWAYS,
      .compare_mask = ~0u,
      .write_mask = ~0u,
   };
   st->stencil_front = face;
   st->stencil_back = face;
   for (int i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++)
      st->blend[i] = (struct zkv_blend_attachment){
         .src_color = VK_BLEND_FACTOR_ONE,
         .dst_color = VK_BLEND_FACTOR_ZERO,
         .src_alpha = VK_BLEND_FACTOR_ONE,
         .dst_alpha = VK_BLEND_FACTOR_ZERO,
         .color_op = VK_BLEND_OP_ADD,
         .alpha_op = VK_BLEND_OP_ADD,
         .write_mask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT |
                       VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT,
      };
   st->logic_op = VK_LOGIC_OP_COPY;
   st->framebuffer.layers = 1;
}

static float
clamp01(float v)
{
   return v < 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;
}

static void
build_dynamic(struct zkv_context *ctx, const struct zkv_draw_state *st,
              const struct zkv_pipeline_key *key, struct zkv_dynamic *d)
{
   const struct zkv_caps *caps = &ctx->screen->caps;
   const struct zkv_framebuffer *fb = &st->framebuffer;
   const uint32_t w = fb->width ? fb->width : 1, h = fb->height ? fb->height : 1;
   memset(d, 0, sizeof(*d));
   d->num_viewports = st->num_viewports ? st->num_viewports : 1;
   for (uint32_t i = 0; i < d->num_viewports; i++) {
      const struct zkv_viewport v = st->num_viewports
                                       ? st->viewports[i]
                                       : (struct zkv_viewport){0, 0, (float)w, (float)h, 0, 1};
      /* Window-system framebuffers: GL's lower-left origin is the image's
       * last row, so the viewport is flipped with a negative height
       * (Vulkan 1.3, 24.5, VK_KHR_maintenance1). */
      d->viewports[i] = fb->flip_y ? (VkViewport){v.x, (float)h - v.y, v.width, -v.height,
                                                  clamp01(v.near_depth), clamp01(v.far_depth)}
                                   : (VkViewport){v.x, v.y, v.width, v.height,
                                                  clamp01(v.near_depth), clamp01(v.far_depth)};
      const struct zkv_rect whole = {0, 0, w, h};
      d->scissors[i] = zkv_render_rect(fb, st->scissor_test ? &st->scissors[i] : &whole);
   }
   float lw = caps->features.wideLines ? st->line_width : 1.0f;
   if (lw < caps->limits.lineWidthRange[0])
      lw = caps->limits.lineWidthRange[0];
   if (lw > caps->limits.lineWidthRange[1])
      lw = caps->limits.lineWidthRange[1];
   d->line_width = lw;
   d->bias_constant = st->depth_bias_constant;
   d->bias_clamp = caps->features.depthBiasClamp ? st->depth_bias_clamp : 0.0f;
   d->bias_slope = st->depth_bias_slope;
   memcpy(d->blend_constants, st->blend_constants, sizeof(d->blend_constants));
   d->min_depth_bounds = clamp01(st->min_depth_bounds);
   d->max_depth_bounds = clamp01(st->max_depth_bounds);
   d->stencil_compare[0] = st->stencil_front.compare_mask;
   d->stencil_compare[1] = st->stencil_back.compare_mask;
   d->stencil_write[0] = st->stencil_front.write_mask;
   d->stencil_write[1] = st->stencil_back.write_mask;
   d->stencil_reference[0] = st->stencil_front.reference;
   d->stencil_reference[1] = st->stencil_back.reference;
   d->line_stipple = st->line_stipple_enable && caps->line_stipple;
   if (d->line_stipple) {
      d->stipple_factor = st->line_stipple_factor;
      d->stipple_pattern = st->line_stipple_pattern;
   }
   d->key = *key;
}

static void
emit_dynamic(struct zkv_context *ctx, VkCommandBuffer cmd, const struct zkv_dynamic *d)
{
   vkCmdSetViewport(cmd, 0, d->num_viewports, d->viewports);
   vkCmdSetScissor(cmd, 0, d->num_viewports, d->scissors);
   vkCmdSetLineWidth(cmd, d->line_width);
   vkCmdSetDepthBias(cmd, d->bias_constant, d->bias_clamp, d->bias_slope);
   vkCmdSetBlendConstants(cmd, d->blend_constants);
   vkCmdSetDepthBounds(cmd, d->min_depth_bounds, d->max_depth_bounds);
   const VkStencilFaceFlags face[2] = {VK_STENCIL_FACE_FRONT_BIT, VK_STENCIL_FACE_BACK_BIT};
   for (int i = 0; i < 2; i++) {
      vkCmdSetStencilCompareMask(cmd, face[i], d->stencil_compare[i]);
      vkCmdSetStencilWriteMask(cmd, face[i], d->stencil_write[i]);
      vkCmdSetStencilReference(cmd, face[i], d->stencil_reference[i]);
   }
   if (d->line_stipple)
      ctx->screen->vk.CmdSetLineStippleEXT(cmd, d->stipple_factor, (uint16_t)d->stipple_pattern);
   zkv_pipeline_set_dynamic(ctx, cmd, &d->key);
}

/* Sets the draw's dynamic state unless the last draw of this pipeline set
 * the same (binding a pipeline can invalidate what it has static). */
static void
set_dynamic_state(struct zkv_context *ctx, VkCommandBuffer cmd, const struct zkv_draw_state *st,
                  const struct zkv_pipeline_key *key)
{
   struct zkv_dynamic d;
   build_dynamic(ctx, st, key, &d);
   if (ctx->dynamic_valid && memcmp(&d, &ctx->dynamic, sizeof(d)) == 0)
      return;
   emit_dynamic(ctx, cmd, &d);
   ctx->dynamic = d;
   ctx->dynamic_valid = true;
}

static void
bind_vertex_buffers(struct zkv_context *ctx, VkCommandBuffer cmd, const struct zkv_draw_state *st)
{
   bool used[ZKV_MAX_VERTEX_BINDINGS] = {0};
   for (uint32_t l = 0; l < ZKV_MAX_VERTEX_ATTRIBS; l++)
      if (st->vertex_attribs[l].enabled && st->vertex_attribs[l].binding < ZKV_MAX_VERTEX_BINDINGS)
         used[st->vertex_attribs[l].binding] = true;
   for (uint32_t b = 0; b < ZKV_MAX_VERTEX_BINDINGS; b++) {
      if (!used[b])
         continue;
      const struct zkv_vertex_binding *vb = &st->vertex_bindings[b];
      VkBuffer buf = VK_NULL_HANDLE;
      VkDeviceSize off = 0;
      if (vb->buffer) {
         buf = vb->buffer->storage->buffer;
         off = vb->offset_B;
         zkv_batch_use(ctx, &vb->buffer->storage->ref);
      } else if (!ctx->screen->null_descriptor) {
         if (!ctx->dummy_buffer) {
            VkResult r;
            ctx->dummy_buffer = zkv_buffer_create(ctx->screen, 256, ZKV_BUFFER_ALL, 0, &r);
            if (!ctx->dummy_buffer) {
               zkv_context_error(ctx, r);
               continue;
            }
         }
         buf = ctx->dummy_buffer->storage->buffer;
      }
      vkCmdBindVertexBuffers(cmd, b, 1, &buf, &off);
   }
}

/* Everything before the draw command; NULL when the draw must not happen. */
static VkCommandBuffer
draw_prologue(struct zkv_context *ctx, const struct zkv_draw_state *st,
              const struct zkv_draw_info *info, bool *cond_begun)
{
   struct zkv_program *p = st->program;
   if (!p || p->compute || !zkv_context_cmd(ctx))
      return VK_NULL_HANDLE;
   zkv_condition_prepare(ctx);
   if (ctx->condition_host_skip)
      return VK_NULL_HANDLE;
   zkv_descriptors_prepare(ctx, p, &st->bindings);
   zkv_render_begin(ctx, &st->framebuffer);
   if (!ctx->rendering)
      return VK_NULL_HANDLE;
   VkCommandBuffer cmd = ctx->batch->cmd;
   struct zkv_pipeline_key key;
   VkPipeline pipeline = zkv_pipeline_get(ctx, st, &key);
   if (!pipeline)
      return VK_NULL_HANDLE;
   if (pipeline != ctx->bound_pipeline) {
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
      ctx->bound_pipeline = pipeline;
      ctx->dynamic_valid = false;
   }
   zkv_batch_use(ctx, &p->ref);
   set_dynamic_state(ctx, cmd, st, &key);
   zkv_descriptors_bind(ctx, cmd, p, &st->bindings, VK_PIPELINE_BIND_POINT_GRAPHICS);
   bind_vertex_buffers(ctx, cmd, st);
   if (info->indexed && info->index_buffer) {
      vkCmdBindIndexBuffer(cmd, info->index_buffer->storage->buffer, info->index_offset_B,
                           info->index_type);
      zkv_batch_use(ctx, &info->index_buffer->storage->ref);
   }
   zkv_xfb_update(ctx, cmd, st);
   if (ctx->active_queries)
      zkv_queries_note_draw(ctx, p->modules[ZKV_STAGE_GEOMETRY] != VK_NULL_HANDLE);
   *cond_begun = zkv_condition_begin(ctx, cmd);
   return cmd;
}

void
zkv_draw(struct zkv_context *ctx, const struct zkv_draw_state *state,
         const struct zkv_draw_info *info, const struct zkv_draw_range *ranges,
         uint32_t num_ranges)
{
   bool begun = false;
   VkCommandBuffer cmd = draw_prologue(ctx, state, info, &begun);
   if (!cmd)
      return;
   const uint32_t instances = info->instance_count ? info->instance_count : 1;
   if (info->xfb_source) {
      struct zkv_xfb_target *t = info->xfb_source;
      if (ctx->screen->caps.transform_feedback && t->counter_valid && info->xfb_stride_B) {
         ctx->screen->vk.CmdDrawIndirectByteCountEXT(cmd, instances, info->base_instance,
                                                     t->counter->storage->buffer, 0, 0,
                                                     info->xfb_stride_B);
         zkv_batch_use(ctx, &t->counter->storage->ref);
      }
   } else if (num_ranges > 1 && ctx->screen->caps.multi_draw &&
              num_ranges <= ZKV_MULTI_DRAW_BATCH && num_ranges <= ctx->screen->max_multi_draw) {
      /* VK_EXT_multi_draw: one command for glMultiDraw*'s ranges (the
       * zkv_draw_range layout is not Vulkan's, so they are repacked). */
      const struct zkv_dispatch *vk = &ctx->screen->vk;
      if (info->indexed) {
         VkMultiDrawIndexedInfoEXT d[ZKV_MULTI_DRAW_BATCH];
         for (uint32_t i = 0; i < num_ranges; i++)
            d[i] = (VkMultiDrawIndexedInfoEXT){ranges[i].first, ranges[i].count,
                                               ranges[i].base_vertex};
         vk->CmdDrawMultiIndexedEXT(cmd, num_ranges, d, instances, info->base_instance,
                                    sizeof(d[0]), NULL);
      } else {
         VkMultiDrawInfoEXT d[ZKV_MULTI_DRAW_BATCH];
         for (uint32_t i = 0; i < num_ranges; i++)
            d[i] = (VkMultiDrawInfoEXT){ranges[i].first, ranges[i].count};
         vk->CmdDrawMultiEXT(cmd, num_ranges, d, instances, info->base_instance, sizeof(d[0]));
      }
   } else {
      for (uint32_t i = 0; i < num_ranges; i++) {
         const struct zkv_draw_range *r = &ranges[i];
         if (r->count == 0)
            continue;
         if (info->indexed)
            vkCmdDrawIndexed(cmd, r->count, instances, r->first, r->base_vertex,
                             info->base_instance);
         else
            vkCmdDraw(cmd, r->count, instances, r->first, info->base_instance);
      }
   }
   zkv_condition_end(ctx, cmd, begun);
}

void
zkv_draw_indirect(struct zkv_context *ctx, const struct zkv_draw_state *state,
                  const struct zkv_draw_info *info, struct zkv_buffer *buffer,
                  VkDeviceSize offset_B, uint32_t draw_count, uint32_t stride_B,
                  struct zkv_buffer *count_buffer, VkDeviceSize count_offset_B)
{
   bool begun = false;
   VkCommandBuffer cmd = draw_prologue(ctx, state, info, &begun);
   if (!cmd)
      return;
   const struct zkv_dispatch *vk = &ctx->screen->vk;
   VkBuffer b = buffer->storage->buffer;
   zkv_batch_use(ctx, &buffer->storage->ref);
   if (count_buffer && ctx->screen->caps.draw_indirect_count) {
      zkv_batch_use(ctx, &count_buffer->storage->ref);
      VkBuffer cb = count_buffer->storage->buffer;
      if (info->indexed)
         vk->CmdDrawIndexedIndirectCount(cmd, b, offset_B, cb, count_offset_B, draw_count,
                                         stride_B);
      else
         vk->CmdDrawIndirectCount(cmd, b, offset_B, cb, count_offset_B, draw_count, stride_B);
   } else if (info->indexed) {
      vkCmdDrawIndexedIndirect(cmd, b, offset_B, draw_count, stride_B);
   } else {
      vkCmdDrawIndirect(cmd, b, offset_B, draw_count, stride_B);
   }
   zkv_condition_end(ctx, cmd, begun);
}

static VkCommandBuffer
dispatch_prologue(struct zkv_context *ctx, struct zkv_program *p,
                  const struct zkv_bindings *bindings, bool *cond_begun)
{
   if (!p || !p->compute || !zkv_context_cmd(ctx))
      return VK_NULL_HANDLE;
   zkv_condition_prepare(ctx);
   if (ctx->condition_host_skip)
      return VK_NULL_HANDLE;
   zkv_descriptors_prepare(ctx, p, bindings);
   zkv_context_end_rendering(ctx);
   zkv_context_barrier(ctx);
   VkCommandBuffer cmd = ctx->batch->cmd;
   pthread_mutex_lock(&p->lock);
   if (!p->compute_pipeline) {
      const VkComputePipelineCreateInfo info = {
         .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
         .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                   .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                   .module = p->modules[ZKV_STAGE_COMPUTE],
                   .pName = "main"},
         .layout = p->layout,
      };
      VkResult r = vkCreateComputePipelines(ctx->screen->dev, ctx->screen->pipeline_cache, 1,
                                            &info, NULL, &p->compute_pipeline);
      if (r != VK_SUCCESS) {
         p->compute_pipeline = VK_NULL_HANDLE;
         pthread_mutex_unlock(&p->lock);
         zkv_context_error(ctx, r);
         return VK_NULL_HANDLE;
      }
   }
   pthread_mutex_unlock(&p->lock);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->compute_pipeline);
   zkv_batch_use(ctx, &p->ref);
   zkv_descriptors_bind(ctx, cmd, p, bindings, VK_PIPELINE_BIND_POINT_COMPUTE);
   *cond_begun = zkv_condition_begin(ctx, cmd);
   return cmd;
}

void
zkv_dispatch(struct zkv_context *ctx, struct zkv_program *program,
             const struct zkv_bindings *bindings, uint32_t groups_x, uint32_t groups_y,
             uint32_t groups_z)
{
   bool begun = false;
   VkCommandBuffer cmd = dispatch_prologue(ctx, program, bindings, &begun);
   if (!cmd)
      return;
   vkCmdDispatch(cmd, groups_x, groups_y, groups_z);
   zkv_condition_end(ctx, cmd, begun);
}

void
zkv_dispatch_indirect(struct zkv_context *ctx, struct zkv_program *program,
                      const struct zkv_bindings *bindings, struct zkv_buffer *buffer,
                      VkDeviceSize offset_B)
{
   bool begun = false;
   VkCommandBuffer cmd = dispatch_prologue(ctx, program, bindings, &begun);
   if (!cmd)
      return;
   vkCmdDispatchIndirect(cmd, buffer->storage->buffer, offset_B);
   zkv_batch_use(ctx, &buffer->storage->ref);
   zkv_condition_end(ctx, cmd, begun);
}
