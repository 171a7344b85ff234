/* SPDX-License-Identifier: MIT */
/*
 * Multisample resolves: vkCmdResolveImage(2) and the resolve attachments of
 * renderings (nvk_exec_rendering.c).
 *
 * A sample s of pixel (x, y) is element (x * gw + s % gw, y * gh + s / gw)
 * of the level (layout/kil_sample.h). Colour resolves average the samples
 * of float-class formats as floats (sRGB decoded, then encoded again,
 * Vulkan 1.3, 20.6) and take sample 0 of integer formats; depth/stencil
 * resolves apply the VkResolveModeFlagBits (SAMPLE_ZERO, AVERAGE of depth,
 * MIN, MAX).
 */
#include <string.h>

#include "format/fmt.h"
#include "layout/kil_sample.h"
#include "nvk_cmd_buffer.h"
#include "nvk_device.h"
#include "nvk_cmd_exec.h"
#include "nvk_cmd_image.h"
#include "nvk_worker_pool.h"

struct nvk_cmd_resolve_image {
   struct nvk_cmd_image src, dst;
   VkImageResolve2 region; /* one per command; pNext cleared */
};

static void
resolve_color_px(enum kil_format format, const uint8_t *const *samples, uint32_t n,
                 VkResolveModeFlagBits mode, uint8_t *dst)
{
   union fmt_texel t;
   fmt_unpack_color(format, samples[0], &t);
   if (mode == VK_RESOLVE_MODE_AVERAGE_BIT &&
       fmt_format_class(format) == FMT_CLASS_FLOAT) {
      float sum[4] = {t.f[0], t.f[1], t.f[2], t.f[3]};
      for (uint32_t s = 1; s < n; s++) {
         union fmt_texel u;
         fmt_unpack_color(format, samples[s], &u);
         for (unsigned c = 0; c < 4; c++)
            sum[c] += u.f[c];
      }
      for (unsigned c = 0; c < 4; c++)
         t.f[c] = sum[c] / (float)n;
   }
   fmt_pack_color(format, &t, dst);
}

static void
resolve_depth_px(enum kil_format format, const uint8_t *const *samples, uint32_t n,
                 VkResolveModeFlagBits mode, uint8_t *dst)
{
   float d = fmt_unpack_depth(format, samples[0]);
   for (uint32_t s = 1; s < n && mode != VK_RESOLVE_MODE_SAMPLE_ZERO_BIT; s++) {
      const float v = fmt_unpack_depth(format, samples[s]);
      d = mode == VK_RESOLVE_MODE_MIN_BIT   ? MIN2(d, v)
          : mode == VK_RESOLVE_MODE_MAX_BIT ? MAX2(d, v)
                                            : d + v;
   }
   if (mode == VK_RESOLVE_MODE_AVERAGE_BIT)
      d /= (float)n;
   fmt_pack_depth(format, d, dst);
}

static void
resolve_stencil_px(enum kil_format format, const uint8_t *const *samples, uint32_t n,
                   VkResolveModeFlagBits mode, uint8_t *dst)
{
   uint8_t v = fmt_unpack_stencil(format, samples[0]);
   for (uint32_t s = 1; s < n && mode != VK_RESOLVE_MODE_SAMPLE_ZERO_BIT; s++) {
      const uint8_t w = fmt_unpack_stencil(format, samples[s]);
      v = mode == VK_RESOLVE_MODE_MIN_BIT ? MIN2(v, w) : MAX2(v, w);
   }
   fmt_pack_stencil(format, v, dst);
}

struct resolve_job {
   const struct nvk_image *src;
   const uint8_t *src_map;
   uint32_t src_layer;
   const struct kil_level_addr *sa;
   uint8_t *dst_map;
   uint32_t dst_layer;
   const struct kil_level_addr *da;
   uint32_t el;
   VkImageAspectFlags aspect;
   VkResolveModeFlagBits mode;
   uint32_t gw, gh, n;
   uint32_t x0, x1, y0;
   /* R8G8B8A8/B8G8R8A8_UNORM averages: fmt_unpack_color's value of each
    * byte (taken from it), and where each channel's byte is. */
   bool rgba8_average;
   uint8_t byte_of[4];
   float unorm8[256];
};

/* resolve_color_px for an RGBA8 average: the same sum, in the same order,
 * of the same values, then the same pack. */
static void
resolve_rgba8_average_px(const struct resolve_job *j, const uint8_t *const *samples,
                         uint8_t *dst)
{
   union fmt_texel t;
   for (unsigned c = 0; c < 4; c++) {
      float sum = j->unorm8[samples[0][j->byte_of[c]]];
      for (uint32_t s = 1; s < j->n; s++)
         sum += j->unorm8[samples[s][j->byte_of[c]]];
      t.f[c] = sum / (float)j->n;
   }
   fmt_pack_color(j->src->format, &t, dst);
}

/* Row y0 + i of a resolve. */
static void
resolve_row(void *data, uint32_t i)
{
   const struct resolve_job *j = data;
   const uint32_t y = j->y0 + i;
   const enum kil_format format = j->src->format;
   for (uint32_t x = j->x0; x < j->x1; x++) {
      const uint8_t *samples[16];
      for (uint32_t s = 0; s < j->n; s++)
         samples[s] =
            j->src_map + kil_level_addr_offset_B(j->sa, x * j->gw + s % j->gw,
                                                 y * j->gh + s / j->gw, 0, j->src_layer);
      uint8_t *d = j->dst_map + kil_level_addr_offset_B(j->da, x, y, 0, j->dst_layer);
      if (j->aspect & VK_IMAGE_ASPECT_COLOR_BIT) {
         if (j->rgba8_average)
            resolve_rgba8_average_px(j, samples, d);
         else if (fmt_format_is_convertible(format))
            resolve_color_px(format, samples, j->n, j->mode, d);
         else
            memcpy(d, samples[0], j->el);
         continue;
      }
      if (j->aspect & VK_IMAGE_ASPECT_DEPTH_BIT)
         resolve_depth_px(format, samples, j->n, j->mode, d);
      if (j->aspect & VK_IMAGE_ASPECT_STENCIL_BIT)
         resolve_stencil_px(format, samples, j->n, j->mode, d);
   }
}

void
nvk_resolve_rect(struct nvk_exec *ex, const struct nvk_image *src, const uint8_t *src_map,
                 uint32_t src_level, uint32_t src_layer, const struct nvk_image *dst,
                 uint8_t *dst_map, uint32_t dst_level, uint32_t dst_layer,
                 VkImageAspectFlags aspect, VkResolveModeFlagBits mode, VkRect2D rect)
{
   if (src_level >= src->layout.num_levels || dst_level >= dst->layout.num_levels ||
       src_layer >= src->layout.extent_px.array_len ||
       dst_layer >= dst->layout.extent_px.array_len) {
      nvk_exec_fault(ex, "resolve outside an image");
      return;
   }
   const enum kil_sample_layout sl = src->layout.sample_layout;
   const uint32_t gw = kil_sample_layout_width(sl), gh = kil_sample_layout_height(sl);
   const uint32_t n = kil_sample_layout_samples(sl);
   struct kil_level_addr sa, da;
   kil_level_addr_init(&sa, &src->layout, src_level);
   kil_level_addr_init(&da, &dst->layout, dst_level);
   const int64_t x0 = MAX2(rect.offset.x, 0), y0 = MAX2(rect.offset.y, 0);
   const int64_t x1 = MIN2(MIN2((int64_t)rect.offset.x + rect.extent.width,
                                (int64_t)(sa.extent_el.width / gw)),
                           (int64_t)da.extent_el.width);
   const int64_t y1 = MIN2(MIN2((int64_t)rect.offset.y + rect.extent.height,
                                (int64_t)(sa.extent_el.height / gh)),
                           (int64_t)da.extent_el.height);
   if (x1 <= x0 || y1 <= y0)
      return;
   struct resolve_job j = {
      .src = src,
      .src_map = src_map,
      .src_layer = src_layer,
      .sa = &sa,
      .dst_map = dst_map,
      .dst_layer = dst_layer,
      .da = &da,
      .el = kil_format_el_size_B(dst->format),
      .aspect = aspect,
      .mode = mode,
      .gw = gw,
      .gh = gh,
      .n = n,
      .x0 = (uint32_t)x0,
      .x1 = (uint32_t)x1,
      .y0 = (uint32_t)y0,
   };
   j.rgba8_average = (aspect & VK_IMAGE_ASPECT_COLOR_BIT) && n > 1 &&
                     mode == VK_RESOLVE_MODE_AVERAGE_BIT &&
                     (src->format == KIL_FORMAT_R8G8B8A8_UNORM ||
                      src->format == KIL_FORMAT_B8G8R8A8_UNORM);
   if (j.rgba8_average) {
      const bool bgra = src->format == KIL_FORMAT_B8G8R8A8_UNORM;
      const uint8_t byte_of[4] = {bgra ? 2 : 0, 1, bgra ? 0 : 2, 3};
      memcpy(j.byte_of, byte_of, sizeof(byte_of));
      for (unsigned i = 0; i < 256; i++) {
         const uint8_t px[4] = {(uint8_t)i, (uint8_t)i, (uint8_t)i, (uint8_t)i};
         union fmt_texel t;
         fmt_unpack_color(src->format, px, &t);
         j.unorm8[i] = t.f[0];
      }
   }
   /* Rows on the worker pool: each pixel is independent. */
   nvk_worker_pool_parallel_for(ex->dev->workers, (uint32_t)(y1 - y0), resolve_row, &j);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdResolveImage2(VkCommandBuffer commandBuffer,
                     const VkResolveImageInfo2 *pResolveImageInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_image, src, pResolveImageInfo->srcImage);
   VK_FROM_HANDLE(nvk_image, dst, pResolveImageInfo->dstImage);
   for (uint32_t i = 0; i < pResolveImageInfo->regionCount; i++) {
      struct nvk_cmd_resolve_image *p =
         nvk_cmd_buffer_emit(cmd, NVK_CMD_RESOLVE_IMAGE, sizeof(*p));
      if (!p)
         return;
      p->src = nvk_cmd_image(src);
      p->dst = nvk_cmd_image(dst);
      p->region = pResolveImageInfo->pRegions[i];
      p->region.pNext = NULL;
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdResolveImage(VkCommandBuffer commandBuffer, VkImage srcImage,
                    VkImageLayout srcImageLayout, VkImage dstImage,
                    VkImageLayout dstImageLayout, uint32_t regionCount,
                    const VkImageResolve *pRegions)
{
   for (uint32_t i = 0; i < regionCount; i++) {
      const VkImageResolve2 r = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_RESOLVE_2,
         .srcSubresource = pRegions[i].srcSubresource,
         .srcOffset = pRegions[i].srcOffset,
         .dstSubresource = pRegions[i].dstSubresource,
         .dstOffset = pRegions[i].dstOffset,
         .extent = pRegions[i].extent,
      };
      const VkResolveImageInfo2 info = {
         .sType = VK_STRUCTURE_TYPE_RESOLVE_IMAGE_INFO_2,
         .srcImage = srcImage,
         .srcImageLayout = srcImageLayout,
         .dstImage = dstImage,
         .dstImageLayout = dstImageLayout,
         .regionCount = 1,
         .pRegions = &r,
      };
      nvk_CmdResolveImage2(commandBuffer, &info);
   }
}

void
nvk_exec_resolve_image(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_resolve_image *p = payload;
   const VkImageResolve2 *r = &p->region;
   const uint8_t *src = nvk_exec_map_image(ex, &p->src);
   uint8_t *dst = nvk_exec_map_image(ex, &p->dst);
   if (!src || !dst)
      return;
   /* The same offset in both images (Vulkan 1.3, vkCmdResolveImage: the
    * regions' offsets may differ; the rectangle moves by their difference). */
   if (r->srcOffset.x != r->dstOffset.x || r->srcOffset.y != r->dstOffset.y) {
      nvk_exec_fault(ex,
                     "vkCmdResolveImage with different source and destination offsets "
                     "is not implemented");
      return;
   }
   const VkRect2D rect = {{r->dstOffset.x, r->dstOffset.y},
                          {r->extent.width, r->extent.height}};
   for (uint32_t l = 0; l < r->srcSubresource.layerCount && !ex->faulted; l++)
      nvk_resolve_rect(ex, p->src.image, src, r->srcSubresource.mipLevel,
                       r->srcSubresource.baseArrayLayer + l, p->dst.image, dst,
                       r->dstSubresource.mipLevel, r->dstSubresource.baseArrayLayer + l,
                       VK_IMAGE_ASPECT_COLOR_BIT, VK_RESOLVE_MODE_AVERAGE_BIT, rect);
}
