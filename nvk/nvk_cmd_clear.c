/* SPDX-License-Identifier: MIT */
/*
 * vkCmdClearColorImage and vkCmdClearDepthStencilImage, and the clears of
 * a rectangle that attachments' load ops and vkCmdClearAttachments use.
 *
 * The clear value is packed into one element at record time (shared/format:
 * sRGB encoded, integers clamped, depth to its format), and execution
 * replicates that element. In a block-linear level every byte of the
 * level's memory belongs to one of its elements (or to padding no one
 * reads), whatever the swizzle, so a whole level of a layer is one pattern
 * fill; LINEAR levels are filled row by row to leave the pitch padding
 * alone. One aspect of a combined depth/stencil format is written element
 * by element, keeping the other aspect's bits.
 */
#include <string.h>

#include "format/fmt.h"
#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_cmd_image.h"
#include "nvk_device.h"
#include "nvk_worker_pool.h"

struct nvk_clear_range {
   VkImageAspectFlags aspect;
   uint32_t base_level, level_count;
   uint32_t base_layer, layer_count;
};

struct nvk_cmd_clear_image {
   struct nvk_cmd_image image;
   /* The clear value as one element of the image's format (for a partial
    * depth/stencil clear, only that aspect's bits are used). */
   _Alignas(8) uint8_t texel[16];
   uint32_t range_count;
   uint32_t pad;
   struct nvk_clear_range ranges[];
};

/* 64-bit channels (R64*) are outside shared/format: the clear value's 32-bit
 * components widen (sign-extended for SINT, exactly for SFLOAT). */
static void
pack_64bit(enum kil_format format, const VkClearColorValue *v, uint8_t *texel)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   memset(texel, 0, d->el_size_B);
   for (unsigned c = 0; c < 4; c++) {
      if (d->rgba[c].bits != 64)
         continue;
      uint64_t x;
      if (d->type == KIL_CHANNEL_TYPE_SFLOAT) {
         const double f = v->float32[c];
         memcpy(&x, &f, 8);
      } else if (d->type == KIL_CHANNEL_TYPE_SINT) {
         x = (uint64_t)(int64_t)v->int32[c];
      } else {
         x = v->uint32[c];
      }
      memcpy(texel + d->rgba[c].shift / 8, &x, 8);
   }
}

static struct nvk_cmd_clear_image *
record_clear(VkCommandBuffer commandBuffer, VkImage _image, uint32_t range_count,
             const VkImageSubresourceRange *ranges)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_image, image, _image);
   struct nvk_cmd_clear_image *p = nvk_cmd_buffer_emit(
      cmd, NVK_CMD_CLEAR_IMAGE, sizeof(*p) + range_count * sizeof(p->ranges[0]));
   if (!p)
      return NULL;
   p->image = nvk_cmd_image(image);
   p->range_count = range_count;
   for (uint32_t i = 0; i < range_count; i++) {
      const VkImageSubresourceRange *r = &ranges[i];
      p->ranges[i] = (struct nvk_clear_range){
         .aspect = r->aspectMask,
         .base_level = r->baseMipLevel,
         .level_count = r->levelCount == VK_REMAINING_MIP_LEVELS
                           ? image->mip_levels - r->baseMipLevel
                           : r->levelCount,
         .base_layer = r->baseArrayLayer,
         .layer_count = r->layerCount == VK_REMAINING_ARRAY_LAYERS
                           ? image->array_layers - r->baseArrayLayer
                           : r->layerCount,
      };
   }
   return p;
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdClearColorImage(VkCommandBuffer commandBuffer, VkImage image, VkImageLayout imageLayout,
                       const VkClearColorValue *pColor, uint32_t rangeCount,
                       const VkImageSubresourceRange *pRanges)
{
   struct nvk_cmd_clear_image *p = record_clear(commandBuffer, image, rangeCount, pRanges);
   if (!p)
      return;
   nvk_pack_clear_color(p->image.image->format, pColor, p->texel);
}

void
nvk_pack_clear_color(enum kil_format format, const VkClearColorValue *color, uint8_t *texel)
{
   if (fmt_format_is_convertible(format)) {
      /* VkClearColorValue: float32 for float-class formats, int32/uint32 for
       * the integer ones, the same bits in each view. */
      union fmt_texel t;
      memcpy(&t, color, sizeof(t));
      fmt_pack_color(format, &t, texel);
   } else {
      pack_64bit(format, color, texel);
   }
}

void
nvk_pack_clear_depth_stencil(enum kil_format format, VkImageAspectFlags aspects,
                             const VkClearDepthStencilValue *value, uint8_t *texel)
{
   if (aspects & VK_IMAGE_ASPECT_DEPTH_BIT)
      fmt_pack_depth(format, value->depth, texel);
   if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT)
      fmt_pack_stencil(format, (uint8_t)value->stencil, texel);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdClearDepthStencilImage(VkCommandBuffer commandBuffer, VkImage image,
                              VkImageLayout imageLayout,
                              const VkClearDepthStencilValue *pDepthStencil, uint32_t rangeCount,
                              const VkImageSubresourceRange *pRanges)
{
   struct nvk_cmd_clear_image *p = record_clear(commandBuffer, image, rangeCount, pRanges);
   if (!p)
      return;
   const struct nvk_image *img = p->image.image;
   nvk_pack_clear_depth_stencil(img->format, img->aspects, pDepthStencil, p->texel);
}

/* Pattern fills, chunked over the worker pool when large. */
#define NVK_CLEAR_CHUNK_B (1u << 20)

struct fill_job {
   uint8_t *dst;
   uint64_t size_B;
   const uint8_t *pattern;
   uint32_t pattern_B;
   uint64_t chunk_B;
};

static void
fill_bytes(uint8_t *dst, uint64_t size_B, const uint8_t *pattern, uint32_t pattern_B)
{
   if (size_B == 0)
      return;
   /* Seed one pattern, then double what is written. */
   const uint64_t first = MIN2(size_B, (uint64_t)pattern_B);
   memcpy(dst, pattern, first);
   uint64_t done = first;
   while (done < size_B) {
      const uint64_t n = MIN2(done, size_B - done);
      memcpy(dst + done, dst, n);
      done += n;
   }
}

static void
fill_chunk(void *data, uint32_t i)
{
   const struct fill_job *j = data;
   const uint64_t off = (uint64_t)i * j->chunk_B;
   fill_bytes(j->dst + off, MIN2(j->chunk_B, j->size_B - off), j->pattern, j->pattern_B);
}

static void
fill_pattern(struct nvk_exec *ex, uint8_t *dst, uint64_t size_B, const uint8_t *pattern,
             uint32_t pattern_B)
{
   if (size_B < 4 * NVK_CLEAR_CHUNK_B) {
      fill_bytes(dst, size_B, pattern, pattern_B);
      return;
   }
   /* Chunks hold whole patterns, so each starts at a pattern boundary. */
   struct fill_job j = {dst, size_B, pattern, pattern_B,
                        (NVK_CLEAR_CHUNK_B / pattern_B) * pattern_B};
   nvk_worker_pool_parallel_for(ex->dev->workers, (uint32_t)DIV_ROUND_UP(size_B, j.chunk_B),
                                fill_chunk, &j);
}

static void
clear_aspect_elements(const struct nvk_image *image, uint8_t *map, uint32_t level,
                      uint32_t layer, VkImageAspectFlags aspect, const uint8_t *texel)
{
   struct kil_level_addr a;
   kil_level_addr_init(&a, &image->layout, level);
   const struct kil_extent4d_el e = a.extent_el;
   uint8_t value[8];
   nvk_aspect_to_buffer(image, aspect, texel, value);
   for (uint32_t z = 0; z < e.depth; z++)
      for (uint32_t y = 0; y < e.height; y++)
         for (uint32_t x = 0; x < e.width; x++)
            nvk_aspect_from_buffer(image, aspect, value,
                                   map + kil_level_addr_offset_B(&a, x, y, z, layer));
}

void
nvk_exec_clear_image(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_clear_image *p = payload;
   const struct nvk_image *image = p->image.image;
   uint8_t *map = nvk_exec_map_image(ex, &p->image);
   if (!map)
      return;
   const uint32_t el = kil_format_el_size_B(image->format);
   for (uint32_t i = 0; i < p->range_count; i++) {
      const struct nvk_clear_range *r = &p->ranges[i];
      if (r->base_level + (uint64_t)r->level_count > image->layout.num_levels ||
          r->base_layer + (uint64_t)r->layer_count > image->layout.extent_px.array_len) {
         nvk_exec_fault(ex, "clear range outside the image");
         return;
      }
      const bool whole = nvk_aspect_is_whole_element(image, r->aspect);
      for (uint32_t l = r->base_level; l < r->base_level + r->level_count; l++) {
         for (uint32_t layer = r->base_layer; layer < r->base_layer + r->layer_count; layer++) {
            if (!whole) {
               clear_aspect_elements(image, map, l, layer, r->aspect, p->texel);
               continue;
            }
            uint8_t *level = map + kil_image_level_layer_offset_B(&image->layout, l, layer);
            if (image->layout.levels[l].tiling.is_tiled) {
               fill_pattern(ex, level, image->layout.levels[l].size_B, p->texel, el);
               continue;
            }
            struct kil_level_addr a;
            kil_level_addr_init(&a, &image->layout, l);
            for (uint32_t z = 0; z < a.extent_el.depth; z++)
               for (uint32_t y = 0; y < a.extent_el.height; y++)
                  fill_bytes(map + kil_level_addr_offset_B(&a, 0, y, z, layer),
                             (uint64_t)a.extent_el.width * el, p->texel, el);
         }
      }
   }
}

void
nvk_clear_rect(struct nvk_exec *ex, const struct nvk_image *image, uint8_t *map,
               VkImageAspectFlags aspect, uint32_t level, uint32_t layer, VkRect2D rect,
               const uint8_t *texel)
{
   if (level >= image->layout.num_levels || layer >= image->layout.extent_px.array_len)
      return;
   struct kil_level_addr a;
   kil_level_addr_init(&a, &image->layout, level);
   /* Pixels to elements: a multisampled pixel is a grid of samples
    * (layout/kil_sample.h). Clipped to the level: the spec keeps
    * rectangles inside the render area, this keeps a bad one inside the
    * image. */
   const int64_t gw = kil_sample_layout_width(image->layout.sample_layout);
   const int64_t gh = kil_sample_layout_height(image->layout.sample_layout);
   const int64_t x0 = MAX2(rect.offset.x, 0) * gw, y0 = MAX2(rect.offset.y, 0) * gh;
   const int64_t x1 = MIN2(((int64_t)rect.offset.x + rect.extent.width) * gw,
                           (int64_t)a.extent_el.width);
   const int64_t y1 =
      MIN2(((int64_t)rect.offset.y + rect.extent.height) * gh, (int64_t)a.extent_el.height);
   if (x0 >= x1 || y0 >= y1)
      return;
   const bool whole = nvk_aspect_is_whole_element(image, aspect);
   const uint32_t el = kil_format_el_size_B(image->format);
   const bool tiled = image->layout.levels[level].tiling.is_tiled;
   if (whole && tiled && x0 == 0 && y0 == 0 && x1 == a.extent_el.width &&
       y1 == a.extent_el.height && a.extent_el.depth == 1) {
      fill_pattern(ex, map + kil_image_level_layer_offset_B(&image->layout, level, layer),
                   image->layout.levels[level].size_B, texel, el);
      return;
   }
   uint8_t value[8];
   if (!whole)
      nvk_aspect_to_buffer(image, aspect, texel, value);
   for (int64_t y = y0; y < y1; y++) {
      if (whole && !tiled) {
         fill_bytes(map + kil_level_addr_offset_B(&a, (uint32_t)x0, (uint32_t)y, 0, layer),
                    (uint64_t)(x1 - x0) * el, texel, el);
         continue;
      }
      for (int64_t x = x0; x < x1; x++) {
         uint8_t *dst = map + kil_level_addr_offset_B(&a, (uint32_t)x, (uint32_t)y, 0, layer);
         if (whole)
            memcpy(dst, texel, el);
         else
            nvk_aspect_from_buffer(image, aspect, value, dst);
      }
   }
}
