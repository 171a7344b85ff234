/* SPDX-License-Identifier: MIT */
/*
 * Rendering scopes (dynamic rendering, Vulkan 1.3 / VK_KHR_dynamic_rendering):
 * draws and clears on one framebuffer share a scope; a transfer, a barrier,
 * a different framebuffer or the end of the batch closes it. Attachments
 * load and store their contents (GL keeps them).
 */
#include <string.h>

#include "zkv_private.h"

static uint32_t
fb_width(const struct zkv_framebuffer *fb)
{
   return fb->width ? fb->width : 1;
}

static uint32_t
fb_height(const struct zkv_framebuffer *fb)
{
   return fb->height ? fb->height : 1;
}

VkRect2D
zkv_render_rect(const struct zkv_framebuffer *fb, const struct zkv_rect *rect)
{
   const int64_t w = fb_width(fb), h = fb_height(fb);
   int64_t x0 = rect->x, x1 = (int64_t)rect->x + rect->width;
   int64_t y0 = rect->y, y1 = (int64_t)rect->y + rect->height;
   if (fb->flip_y) {
      const int64_t t = h - y1;
      y1 = h - y0;
      y0 = t;
   }
   x0 = x0 < 0 ? 0 : x0 > w ? w : x0;
   x1 = x1 < x0 ? x0 : x1 > w ? w : x1;
   y0 = y0 < 0 ? 0 : y0 > h ? h : y0;
   y1 = y1 < y0 ? y0 : y1 > h ? h : y1;
   return (VkRect2D){{(int32_t)x0, (int32_t)y0}, {(uint32_t)(x1 - x0), (uint32_t)(y1 - y0)}};
}

static VkRenderingAttachmentInfo
attachment(VkImageView view)
{
   return (VkRenderingAttachmentInfo){
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
      .imageView = view,
      .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
      .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
   };
}

/* Field by field: a front end's struct may carry padding garbage. */
static bool
fb_equal(const struct zkv_framebuffer *a, const struct zkv_framebuffer *b)
{
   for (int i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++)
      if (a->color[i] != b->color[i])
         return false;
   return a->depth_stencil == b->depth_stencil && a->width == b->width &&
          a->height == b->height && a->layers == b->layers && a->samples == b->samples &&
          a->flip_y == b->flip_y;
}

void
zkv_render_begin(struct zkv_context *ctx, const struct zkv_framebuffer *fb)
{
   if (ctx->rendering && fb_equal(&ctx->fb, fb))
      return;
   VkCommandBuffer cmd = zkv_context_cmd(ctx);
   if (!cmd)
      return;
   zkv_context_end_rendering(ctx);
   for (int i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++)
      if (fb->color[i])
         zkv_context_init_image(ctx, fb->color[i]->image);
   if (fb->depth_stencil)
      zkv_context_init_image(ctx, fb->depth_stencil->image);
   zkv_context_barrier(ctx);

   VkRenderingAttachmentInfo colors[ZKV_MAX_COLOR_ATTACHMENTS];
   uint32_t num_colors = 0;
   for (uint32_t i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++) {
      struct zkv_image_view *v = fb->color[i];
      colors[i] = attachment(v ? v->attachment_view : VK_NULL_HANDLE);
      if (v) {
         num_colors = i + 1;
         zkv_batch_use(ctx, &v->ref);
      }
   }
   VkRenderingAttachmentInfo depth = attachment(VK_NULL_HANDLE);
   VkRenderingAttachmentInfo stencil = attachment(VK_NULL_HANDLE);
   if (fb->depth_stencil) {
      const VkImageAspectFlags a = zkv_format_aspects(fb->depth_stencil->desc.format);
      if (a & VK_IMAGE_ASPECT_DEPTH_BIT)
         depth = attachment(fb->depth_stencil->attachment_view);
      if (a & VK_IMAGE_ASPECT_STENCIL_BIT)
         stencil = attachment(fb->depth_stencil->attachment_view);
      zkv_batch_use(ctx, &fb->depth_stencil->ref);
   }
   const VkRenderingInfo info = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
      .renderArea = {{0, 0}, {fb_width(fb), fb_height(fb)}},
      .layerCount = fb->layers ? fb->layers : 1,
      .colorAttachmentCount = num_colors,
      .pColorAttachments = colors,
      .pDepthAttachment = depth.imageView ? &depth : NULL,
      .pStencilAttachment = stencil.imageView ? &stencil : NULL,
   };
   ctx->screen->vk.CmdBeginRendering(cmd, &info);
   ctx->rendering = true;
   ctx->fb = *fb;
}

void
zkv_clear(struct zkv_context *ctx, const struct zkv_draw_state *state, uint32_t color_mask,
          const VkClearColorValue *colors, uint32_t ds_flags, float depth, uint32_t stencil,
          const struct zkv_rect *rect)
{
   const struct zkv_framebuffer *fb = &state->framebuffer;
   VkClearAttachment att[ZKV_MAX_COLOR_ATTACHMENTS + 1];
   uint32_t n = 0;
   for (uint32_t i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++) {
      if ((color_mask & (1u << i)) && fb->color[i])
         att[n++] = (VkClearAttachment){VK_IMAGE_ASPECT_COLOR_BIT, i, {.color = colors[i]}};
   }
   VkImageAspectFlags ds = 0;
   if (fb->depth_stencil) {
      const VkImageAspectFlags a = zkv_format_aspects(fb->depth_stencil->desc.format);
      if (ds_flags & ZKV_CLEAR_DEPTH)
         ds |= a & VK_IMAGE_ASPECT_DEPTH_BIT;
      if (ds_flags & ZKV_CLEAR_STENCIL)
         ds |= a & VK_IMAGE_ASPECT_STENCIL_BIT;
   }
   if (ds)
      att[n++] = (VkClearAttachment){ds, 0, {.depthStencil = {depth, stencil}}};
   if (n == 0)
      return;
   const struct zkv_rect whole = {0, 0, fb_width(fb), fb_height(fb)};
   const VkClearRect r = {
      .rect = zkv_render_rect(fb, rect ? rect : &whole),
      .baseArrayLayer = 0,
      .layerCount = fb->layers ? fb->layers : 1,
   };
   if (r.rect.extent.width == 0 || r.rect.extent.height == 0)
      return;
   zkv_condition_prepare(ctx);
   zkv_render_begin(ctx, fb);
   if (!ctx->rendering)
      return;
   VkCommandBuffer cmd = ctx->batch->cmd;
   const bool begun = zkv_condition_begin(ctx, cmd);
   if (!ctx->condition_host_skip)
      vkCmdClearAttachments(cmd, n, att, 1, &r);
   zkv_condition_end(ctx, cmd, begun);
}
