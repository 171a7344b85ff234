/* SPDX-License-Identifier: MIT */
/*
 * Clearing a region of an image level: whole levels with vkCmdClear*Image,
 * parts by rendering to a view of the level and vkCmdClearAttachments, or,
 * for formats that cannot be rendered, by clearing a temporary image and
 * copying it in.
 */
#include "zkv_private.h"

static uint32_t
minify(uint32_t size, uint32_t level)
{
   const uint32_t s = size >> level;
   return s ? s : 1;
}

static bool
whole_level(const struct zkv_image *img, uint32_t level, const struct zkv_box *box)
{
   const struct zkv_image_desc *d = &img->desc;
   return box->x == 0 && box->y == 0 && box->width == minify(d->width, level) &&
          (box->height ? box->height : 1) == minify(d->height, level) &&
          (d->type != VK_IMAGE_TYPE_3D ||
           (box->z == 0 && (box->depth ? box->depth : 1) == minify(d->depth, level)));
}

/* Renders a clear of the box through a temporary view of the level. */
static void
clear_by_rendering(struct zkv_context *ctx, struct zkv_image *img, uint32_t level,
                   const struct zkv_box *box, const VkClearAttachment *att)
{
   const uint32_t layers = box->depth ? box->depth : 1;
   const struct zkv_image_view_desc vd = {
      .type = img->desc.type == VK_IMAGE_TYPE_1D ? VK_IMAGE_VIEW_TYPE_1D_ARRAY
                                                  : VK_IMAGE_VIEW_TYPE_2D_ARRAY,
      .aspects = img->aspects,
      .base_level = level,
      .levels = 1,
      .base_layer = (uint32_t)box->z,
      .layers = layers,
   };
   VkResult r;
   struct zkv_image_view *v = zkv_image_view_create(ctx->screen, img, &vd, &r);
   if (!v) {
      zkv_context_error(ctx, r);
      return;
   }
   struct zkv_framebuffer fb = {
      .width = minify(img->desc.width, level),
      .height = minify(img->desc.height, level),
      .layers = layers,
   };
   if (att->aspectMask & VK_IMAGE_ASPECT_COLOR_BIT)
      fb.color[0] = v;
   else
      fb.depth_stencil = v;
   zkv_render_begin(ctx, &fb);
   if (ctx->rendering) {
      const VkClearRect rect = {{{box->x, box->y}, {box->width, box->height ? box->height : 1}},
                                0, layers};
      vkCmdClearAttachments(ctx->batch->cmd, 1, att, 1, &rect);
      zkv_context_end_rendering(ctx);
   }
   zkv_image_view_destroy(v); /* the batch keeps it until done */
}

/* A format that cannot be rendered: clear a temporary image the size of
 * the box whole (vkCmdClearColorImage takes any format it can copy to) and
 * copy it into the box. */
static void
clear_by_copy(struct zkv_context *ctx, struct zkv_image *img, uint32_t level,
              const struct zkv_box *box, const VkClearColorValue *color)
{
   const bool is_3d = img->desc.type == VK_IMAGE_TYPE_3D;
   const uint32_t depth = box->depth ? box->depth : 1;
   const struct zkv_image_desc d = {
      .type = img->desc.type,
      .format = img->desc.format,
      .width = box->width,
      .height = box->height ? box->height : 1,
      .depth = is_3d ? depth : 1,
      .layers = is_3d ? 1 : depth,
      .levels = 1,
      .samples = img->desc.samples,
      .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
   };
   VkResult r;
   struct zkv_image *tmp = zkv_image_create(ctx->screen, &d, &r);
   if (!tmp) {
      zkv_context_error(ctx, r);
      return;
   }
   const struct zkv_box whole = {0, 0, 0, d.width, d.height, depth};
   zkv_image_clear_color(ctx, tmp, 0, &whole, color);
   zkv_image_copy(ctx, img, level, box->x, box->y, box->z, tmp, 0, &whole);
   zkv_image_destroy(tmp); /* the batch keeps it until done */
}

void
zkv_image_clear_color(struct zkv_context *ctx, struct zkv_image *image, uint32_t level,
                      const struct zkv_box *box, const VkClearColorValue *color)
{
   zkv_context_init_image(ctx, image);
   if (!whole_level(image, level, box)) {
      if (zkv_format_features(ctx->screen, image->desc.format) &
          VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT) {
         const VkClearAttachment att = {VK_IMAGE_ASPECT_COLOR_BIT, 0, {.color = *color}};
         clear_by_rendering(ctx, image, level, box, &att);
      } else {
         clear_by_copy(ctx, image, level, box, color);
      }
      return;
   }
   VkCommandBuffer cmd = zkv_context_transfer_cmd(ctx);
   if (!cmd)
      return;
   const bool is_3d = image->desc.type == VK_IMAGE_TYPE_3D;
   const VkImageSubresourceRange range = zkv_image_range(
      image, VK_IMAGE_ASPECT_COLOR_BIT, level, 1, is_3d ? 0 : (uint32_t)box->z,
      is_3d ? 1 : (box->depth ? box->depth : 1));
   vkCmdClearColorImage(cmd, image->image, VK_IMAGE_LAYOUT_GENERAL, color, 1, &range);
   zkv_batch_use(ctx, &image->ref);
}

void
zkv_image_clear_depth_stencil(struct zkv_context *ctx, struct zkv_image *image, uint32_t level,
                              const struct zkv_box *box, VkImageAspectFlags aspects, float depth,
                              uint32_t stencil)
{
   zkv_context_init_image(ctx, image);
   aspects &= image->aspects;
   if (!aspects)
      return;
   if (!whole_level(image, level, box)) {
      const VkClearAttachment att = {aspects, 0, {.depthStencil = {depth, stencil}}};
      clear_by_rendering(ctx, image, level, box, &att);
      return;
   }
   VkCommandBuffer cmd = zkv_context_transfer_cmd(ctx);
   if (!cmd)
      return;
   const VkImageSubresourceRange range =
      zkv_image_range(image, aspects, level, 1, (uint32_t)box->z, box->depth ? box->depth : 1);
   const VkClearDepthStencilValue v = {depth, stencil};
   vkCmdClearDepthStencilImage(cmd, image->image, VK_IMAGE_LAYOUT_GENERAL, &v, 1, &range);
   zkv_batch_use(ctx, &image->ref);
}
