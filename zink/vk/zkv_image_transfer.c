/* SPDX-License-Identifier: MIT */
/*
 * Image uploads and readbacks: host memory <-> staging <-> image, and the
 * buffer <-> image copies pixel buffer objects need.
 */
#include <string.h>

#include "zkv_private.h"

void
zkv_image_box_region(const struct zkv_image *image, uint32_t level, VkImageAspectFlags aspect,
                     const struct zkv_box *box, VkImageSubresourceLayers *layers,
                     VkOffset3D *offset, VkExtent3D *extent)
{
   const bool is_3d = image->desc.type == VK_IMAGE_TYPE_3D;
   *layers = (VkImageSubresourceLayers){
      .aspectMask = aspect,
      .mipLevel = level,
      .baseArrayLayer = is_3d ? 0 : (uint32_t)box->z,
      .layerCount = is_3d ? 1 : (box->depth ? box->depth : 1),
   };
   *offset = (VkOffset3D){box->x, box->y, is_3d ? box->z : 0};
   *extent = (VkExtent3D){box->width, box->height ? box->height : 1,
                          is_3d ? (box->depth ? box->depth : 1) : 1};
}

/* The tight layout of a box in the staging buffer. */
struct packed {
   uint32_t row_B, rows, slices;
};

static struct packed
packed_layout(const struct zkv_image *image, VkImageAspectFlags aspect, const struct zkv_box *box)
{
   uint32_t bw, bh;
   zkv_format_block_extent(image->desc.format, &bw, &bh);
   const uint32_t bs = zkv_aspect_block_size_B(image->desc.format, aspect);
   const uint32_t h = box->height ? box->height : 1;
   return (struct packed){
      .row_B = (box->width + bw - 1) / bw * bs,
      .rows = (h + bh - 1) / bh,
      .slices = box->depth ? box->depth : 1,
   };
}

static void
copy_rows(uint8_t *dst, uint32_t dst_row_B, uint32_t dst_image_B, const uint8_t *src,
          uint32_t src_row_B, uint32_t src_image_B, const struct packed *p)
{
   for (uint32_t z = 0; z < p->slices; z++)
      for (uint32_t y = 0; y < p->rows; y++)
         memcpy(dst + (size_t)z * dst_image_B + (size_t)y * dst_row_B,
                src + (size_t)z * src_image_B + (size_t)y * src_row_B, p->row_B);
}

static void
host_strides(const struct packed *p, const struct zkv_host_layout *layout, uint32_t *row_B,
             uint32_t *image_B)
{
   *row_B = layout && layout->row_stride_B ? layout->row_stride_B : p->row_B;
   *image_B = layout && layout->image_stride_B ? layout->image_stride_B : *row_B * p->rows;
}

void
zkv_image_upload(struct zkv_context *ctx, struct zkv_image *image, uint32_t level,
                 VkImageAspectFlagBits aspect, const struct zkv_box *box, const void *data,
                 const struct zkv_host_layout *layout)
{
   assert(level < image->desc.levels);
   const struct packed p = packed_layout(image, aspect, box);
   const VkDeviceSize size_B = (VkDeviceSize)p.row_B * p.rows * p.slices;
   if (size_B == 0)
      return;
   struct zkv_buffer *stage;
   VkDeviceSize offset_B;
   void *map;
   if (!zkv_context_stage(ctx, size_B, 16, &stage, &offset_B, &map))
      return;
   uint32_t row_B, image_B;
   host_strides(&p, layout, &row_B, &image_B);
   copy_rows(map, p.row_B, p.row_B * p.rows, data, row_B, image_B, &p);
   zkv_image_copy_from_buffer(ctx, image, level, aspect, box, stage, offset_B, 0, 0);
}

void
zkv_image_readback(struct zkv_context *ctx, struct zkv_image *image, uint32_t level,
                   VkImageAspectFlagBits aspect, const struct zkv_box *box, void *data,
                   const struct zkv_host_layout *layout)
{
   assert(level < image->desc.levels);
   const struct packed p = packed_layout(image, aspect, box);
   const VkDeviceSize size_B = (VkDeviceSize)p.row_B * p.rows * p.slices;
   if (size_B == 0)
      return;
   VkResult r;
   struct zkv_buffer *buf = zkv_buffer_create(ctx->screen, size_B, 0,
                                              ZKV_BUFFER_MAPPABLE | ZKV_BUFFER_CACHED, &r);
   if (!buf) {
      zkv_context_error(ctx, r);
      return;
   }
   zkv_image_copy_to_buffer(ctx, image, level, aspect, box, buf, 0, 0, 0);
   zkv_context_wait_ref(ctx, &buf->storage->ref);
   uint32_t row_B, image_B;
   host_strides(&p, layout, &row_B, &image_B);
   copy_rows(data, row_B, image_B, buf->storage->alloc.map, p.row_B, p.row_B * p.rows, &p);
   zkv_buffer_destroy(buf);
}

static VkBufferImageCopy
buffer_region(const struct zkv_image *image, uint32_t level, VkImageAspectFlags aspect,
              const struct zkv_box *box, VkDeviceSize offset_B, uint32_t row_length_px,
              uint32_t image_height_px)
{
   VkBufferImageCopy c = {
      .bufferOffset = offset_B,
      .bufferRowLength = row_length_px,
      .bufferImageHeight = image_height_px,
   };
   zkv_image_box_region(image, level, aspect, box, &c.imageSubresource, &c.imageOffset,
                        &c.imageExtent);
   return c;
}

void
zkv_image_copy_to_buffer(struct zkv_context *ctx, struct zkv_image *image, uint32_t level,
                         VkImageAspectFlagBits aspect, const struct zkv_box *box,
                         struct zkv_buffer *buffer, VkDeviceSize offset_B,
                         uint32_t row_length_px, uint32_t image_height_px)
{
   zkv_context_init_image(ctx, image);
   VkCommandBuffer cmd = zkv_context_transfer_cmd(ctx);
   if (!cmd)
      return;
   const VkBufferImageCopy c =
      buffer_region(image, level, aspect, box, offset_B, row_length_px, image_height_px);
   vkCmdCopyImageToBuffer(cmd, image->image, VK_IMAGE_LAYOUT_GENERAL, buffer->storage->buffer, 1,
                          &c);
   zkv_batch_use(ctx, &image->ref);
   zkv_batch_use(ctx, &buffer->storage->ref);
}

void
zkv_image_copy_from_buffer(struct zkv_context *ctx, struct zkv_image *image, uint32_t level,
                           VkImageAspectFlagBits aspect, const struct zkv_box *box,
                           struct zkv_buffer *buffer, VkDeviceSize offset_B,
                           uint32_t row_length_px, uint32_t image_height_px)
{
   zkv_context_init_image(ctx, image);
   VkCommandBuffer cmd = zkv_context_transfer_cmd(ctx);
   if (!cmd)
      return;
   const VkBufferImageCopy c =
      buffer_region(image, level, aspect, box, offset_B, row_length_px, image_height_px);
   vkCmdCopyBufferToImage(cmd, buffer->storage->buffer, image->image, VK_IMAGE_LAYOUT_GENERAL, 1,
                          &c);
   zkv_batch_use(ctx, &image->ref);
   zkv_batch_use(ctx, &buffer->storage->ref);
}
