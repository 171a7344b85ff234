/* SPDX-License-Identifier: MIT */
/* Image to image: exact copies, scaled blits, resolves, mipmap generation. */
#include <stdlib.h>

#include "zkv_private.h"

void
zkv_image_copy(struct zkv_context *ctx, struct zkv_image *dst, uint32_t dst_level, int32_t dst_x,
               int32_t dst_y, int32_t dst_z, struct zkv_image *src, uint32_t src_level,
               const struct zkv_box *src_box)
{
   zkv_context_init_image(ctx, src);
   zkv_context_init_image(ctx, dst);
   VkCommandBuffer cmd = zkv_context_transfer_cmd(ctx);
   if (!cmd)
      return;
   VkImageCopy c;
   zkv_image_box_region(src, src_level, src->aspects, src_box, &c.srcSubresource, &c.srcOffset,
                        &c.extent);
   const struct zkv_box dst_box = {dst_x, dst_y, dst_z, src_box->width, src_box->height,
                                   src_box->depth};
   VkExtent3D dst_extent;
   zkv_image_box_region(dst, dst_level, dst->aspects, &dst_box, &c.dstSubresource, &c.dstOffset,
                        &dst_extent);
   /* Between 3D and array images (VK_KHR_maintenance1, core in 1.1) the
    * slice count of one side is the layer count of the other. */
   if (src->desc.type == VK_IMAGE_TYPE_3D && dst->desc.type != VK_IMAGE_TYPE_3D)
      c.dstSubresource.layerCount = c.extent.depth;
   if (src->desc.type != VK_IMAGE_TYPE_3D && dst->desc.type == VK_IMAGE_TYPE_3D) {
      c.extent.depth = c.srcSubresource.layerCount;
      c.dstSubresource.layerCount = 1;
   }
   vkCmdCopyImage(cmd, src->image, VK_IMAGE_LAYOUT_GENERAL, dst->image, VK_IMAGE_LAYOUT_GENERAL, 1,
                  &c);
   zkv_batch_use(ctx, &src->ref);
   zkv_batch_use(ctx, &dst->ref);
}

/* A GL corner pair as Vulkan blit offsets and layers. */
static void
blit_side(const struct zkv_image *img, uint32_t level, VkImageAspectFlags aspects,
          const struct zkv_blit_region *r, VkImageSubresourceLayers *layers, VkOffset3D off[2])
{
   const bool is_3d = img->desc.type == VK_IMAGE_TYPE_3D;
   const int32_t z_lo = r->z0 < r->z1 ? r->z0 : r->z1;
   const int32_t z_n = abs(r->z1 - r->z0) ? abs(r->z1 - r->z0) : 1;
   *layers = (VkImageSubresourceLayers){aspects, level, is_3d ? 0 : (uint32_t)z_lo,
                                        is_3d ? 1 : (uint32_t)z_n};
   off[0] = (VkOffset3D){r->x0, r->y0, is_3d ? r->z0 : 0};
   off[1] = (VkOffset3D){r->x1, r->y1, is_3d ? r->z1 : 1};
   if (is_3d && r->z0 == r->z1)
      off[1].z = r->z0 + 1;
}

void
zkv_image_blit(struct zkv_context *ctx, struct zkv_image *dst, uint32_t dst_level,
               const struct zkv_blit_region *dst_region, struct zkv_image *src,
               uint32_t src_level, const struct zkv_blit_region *src_region,
               VkImageAspectFlags aspects, VkFilter filter)
{
   zkv_context_init_image(ctx, src);
   zkv_context_init_image(ctx, dst);
   VkCommandBuffer cmd = zkv_context_transfer_cmd(ctx);
   if (!cmd)
      return;
   zkv_batch_use(ctx, &src->ref);
   zkv_batch_use(ctx, &dst->ref);
   if (src->desc.samples > VK_SAMPLE_COUNT_1_BIT) {
      /* A resolve: same size, no mirroring (GL makes anything else an
       * INVALID_OPERATION, GL 4.6 18.3.1). */
      VkImageResolve r;
      VkOffset3D s[2], d[2];
      blit_side(src, src_level, aspects, src_region, &r.srcSubresource, s);
      blit_side(dst, dst_level, aspects, dst_region, &r.dstSubresource, d);
      r.srcOffset = (VkOffset3D){s[0].x < s[1].x ? s[0].x : s[1].x,
                                 s[0].y < s[1].y ? s[0].y : s[1].y, 0};
      r.dstOffset = (VkOffset3D){d[0].x < d[1].x ? d[0].x : d[1].x,
                                 d[0].y < d[1].y ? d[0].y : d[1].y, 0};
      r.extent = (VkExtent3D){(uint32_t)abs(s[1].x - s[0].x), (uint32_t)abs(s[1].y - s[0].y), 1};
      vkCmdResolveImage(cmd, src->image, VK_IMAGE_LAYOUT_GENERAL, dst->image,
                        VK_IMAGE_LAYOUT_GENERAL, 1, &r);
      return;
   }
   VkImageBlit b;
   blit_side(src, src_level, aspects, src_region, &b.srcSubresource, b.srcOffsets);
   blit_side(dst, dst_level, aspects, dst_region, &b.dstSubresource, b.dstOffsets);
   if (aspects & (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT))
      filter = VK_FILTER_NEAREST;
   vkCmdBlitImage(cmd, src->image, VK_IMAGE_LAYOUT_GENERAL, dst->image, VK_IMAGE_LAYOUT_GENERAL, 1,
                  &b, filter);
}

static int32_t
minify(uint32_t size, uint32_t level)
{
   const uint32_t s = size >> level;
   return s ? (int32_t)s : 1;
}

void
zkv_image_generate_mipmaps(struct zkv_context *ctx, struct zkv_image *image, uint32_t base_level,
                           uint32_t last_level, uint32_t first_layer, uint32_t layer_count,
                           VkFilter filter)
{
   assert(last_level < image->desc.levels);
   const struct zkv_image_desc *d = &image->desc;
   const bool is_3d = d->type == VK_IMAGE_TYPE_3D;
   for (uint32_t l = base_level + 1; l <= last_level; l++) {
      const struct zkv_blit_region src = {
         0, 0, is_3d ? 0 : (int32_t)first_layer,
         minify(d->width, l - 1), minify(d->height, l - 1),
         is_3d ? minify(d->depth, l - 1) : (int32_t)(first_layer + layer_count)};
      const struct zkv_blit_region dst = {
         0, 0, is_3d ? 0 : (int32_t)first_layer,
         minify(d->width, l), minify(d->height, l),
         is_3d ? minify(d->depth, l) : (int32_t)(first_layer + layer_count)};
      /* zkv_image_blit's barrier orders level l - 1's writes before this read. */
      zkv_image_blit(ctx, image, l, &dst, image, l - 1, &src, image->aspects, filter);
   }
}
