/* SPDX-License-Identifier: MIT */
/*
 * Copies involving images: buffer <-> image and image -> image, in any mix
 * of LINEAR and block-linear tiling.
 *
 * Whole elements move with the layout library's swizzle (kil_swizzle /
 * kil_deswizzle), a LINEAR image standing in for the "buffer" side when one
 * exists; two block-linear images GOB by GOB when their GOB grids line up
 * (kil_copy_image: whole subresources, GOB-aligned offsets), else through a
 * small stack buffer tile by tile. Regions of 8 MiB and more (buffer <->
 * image and image -> image) are cut into bands of block rows run on the
 * worker pool. One aspect of a combined depth/stencil format moves element
 * by element, touching only that aspect's bits.
 */
#include <stdatomic.h>
#include <string.h>

#include "format/fmt.h"
#include "layout/kil_copy_image.h"
#include "nvk_buffer.h"
#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_cmd_image.h"
#include "nvk_device.h"
#include "nvk_worker_pool.h"

/* Regions of whole elements below this run on the calling thread; above
 * it, in bands of about NVK_IMAGE_BAND_B, which keeps each band above kil's
 * streaming-store thresholds (2-4 MiB) and gives every core several bands. */
#define NVK_IMAGE_PARALLEL_MIN_B (8u << 20)
#define NVK_IMAGE_BAND_B         (4u << 20)

struct nvk_buffer_image_region {
   uint64_t buffer_addr;
   struct kil_buffer_layout buf; /* size_B: the bytes the region spans */
   uint32_t buf_el_size_B;
   uint32_t level;
   VkImageAspectFlags aspect;
   struct kil_offset4d_el offset;
   struct kil_extent4d_el extent;
};

struct nvk_cmd_buffer_image_copy {
   struct nvk_cmd_image image;
   uint32_t to_image;
   uint32_t region_count;
   struct nvk_buffer_image_region regions[];
};

struct nvk_image_copy_region {
   VkImageAspectFlags src_aspect, dst_aspect;
   uint32_t src_level, dst_level;
   struct kil_offset4d_el src_offset, dst_offset;
   struct kil_extent4d_el extent; /* in source elements */
};

struct nvk_cmd_copy_image {
   struct nvk_cmd_image src, dst;
   uint32_t region_count;
   uint32_t pad;
   struct nvk_image_copy_region regions[];
};

/* ---------------------------------------------------------------------- */

uint8_t *
nvk_exec_map_image(struct nvk_exec *ex, const struct nvk_cmd_image *img)
{
   return nvk_exec_translate(ex, img->addr, img->image->layout.size_B);
}

bool
nvk_aspect_is_whole_element(const struct nvk_image *image, VkImageAspectFlags aspect)
{
   return (aspect & image->aspects) == image->aspects;
}

uint32_t
nvk_buffer_el_size_B(const struct nvk_image *image, VkImageAspectFlags aspect)
{
   if (nvk_aspect_is_whole_element(image, aspect))
      return kil_format_el_size_B(image->format);
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT)
      return 1;
   /* Depth of D24S8 (as 32-bit D24) or D32S8 (as D32). */
   return 4;
}

void
nvk_aspect_to_buffer(const struct nvk_image *image, VkImageAspectFlags aspect,
                     const uint8_t *el, uint8_t *buf)
{
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) {
      buf[0] = fmt_unpack_stencil(image->format, el);
   } else if (image->format == KIL_FORMAT_D24_UNORM_S8_UINT) {
      /* D24 in the low 24 bits; the top 8 are undefined and we write 0. */
      const uint32_t d = (uint32_t)el[0] | (uint32_t)el[1] << 8 | (uint32_t)el[2] << 16;
      memcpy(buf, &d, 4);
   } else {
      memcpy(buf, el, 4); /* D32_SFLOAT_S8_UINT: the float in bytes 0..3 */
   }
}

void
nvk_aspect_from_buffer(const struct nvk_image *image, VkImageAspectFlags aspect,
                       const uint8_t *buf, uint8_t *el)
{
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) {
      fmt_pack_stencil(image->format, buf[0], el);
   } else if (image->format == KIL_FORMAT_D24_UNORM_S8_UINT) {
      memcpy(el, buf, 3);
   } else {
      memcpy(el, buf, 4);
   }
}

/* ---------------------------------------------------------------------- */
/* Bands: a region of whole elements cut into pieces for the worker pool.
 * Each slice (a z slice or a layer) is cut into bands of rows starting at
 * multiples of band_rows in the image walked, band_rows being a multiple of
 * the block height of every block-linear level involved, so that a band is
 * whole block rows of that image. Bands never write the same bytes (they may
 * share a GOB of the other image of an image copy whose GOBs do not line
 * up: different rows of it). */

struct copy_bands {
   uint32_t y0, y1;    /* the region's rows */
   uint32_t band_rows; /* UINT32_MAX: one band per slice */
   uint32_t bands_per_slice;
   uint32_t count; /* bands in all */
   bool parallel;
};

static void
copy_bands_init(struct copy_bands *b, uint32_t y0, uint32_t height, uint32_t slices,
                uint64_t row_B, uint32_t align_rows)
{
   const uint64_t total_B = row_B * height * slices;
   *b = (struct copy_bands){
      .y0 = y0,
      .y1 = y0 + height,
      .band_rows = UINT32_MAX,
      .bands_per_slice = 1,
      .count = slices,
      .parallel = total_B >= NVK_IMAGE_PARALLEL_MIN_B && height > 0,
   };
   if (!b->parallel)
      return;
   const uint64_t bands = MAX2(total_B / NVK_IMAGE_BAND_B, 1u);
   const uint64_t per_slice = DIV_ROUND_UP(bands, slices);
   b->band_rows =
      (uint32_t)ALIGN_POT(DIV_ROUND_UP((uint64_t)height, per_slice), align_rows);
   b->bands_per_slice = (b->y1 - 1) / b->band_rows - y0 / b->band_rows + 1;
   b->count = slices * b->bands_per_slice;
}

/* Band i: its slice and rows [*start, *end). */
static void
copy_bands_get(const struct copy_bands *b, uint32_t i, uint32_t *slice, uint32_t *start,
               uint32_t *end)
{
   *slice = i / b->bands_per_slice;
   if (b->band_rows == UINT32_MAX) {
      *start = b->y0;
      *end = b->y1;
      return;
   }
   const uint32_t first =
      b->y0 - b->y0 % b->band_rows + (i % b->bands_per_slice) * b->band_rows;
   *start = MAX2(b->y0, first);
   *end = MIN2(b->y1, first + b->band_rows);
}

static void
copy_bands_run(struct nvk_exec *ex, const struct copy_bands *b, nvk_parallel_fn fn,
               void *data)
{
   if (b->parallel) {
      nvk_worker_pool_parallel_for(ex->dev->workers, b->count, fn, data);
      return;
   }
   for (uint32_t i = 0; i < b->count; i++)
      fn(data, i);
}

static struct kil_offset4d_el
offset_add(struct kil_offset4d_el o, uint32_t x, uint32_t y, uint32_t z, uint32_t a)
{
   return kil_offset4d_el(o.x + x, o.y + y, o.z + z, o.a + a);
}

/* Keeps the first error of a job's bands. */
static void
record_error(atomic_int *result, enum kil_result r)
{
   int expected = KIL_SUCCESS;
   if (r != KIL_SUCCESS)
      atomic_compare_exchange_strong(result, &expected, (int)r);
}

/* Rows of a level that make whole block rows (1 for LINEAR). */
static uint32_t
block_rows(const struct nvk_image *image, uint32_t level)
{
   const struct kil_tiling t = image->layout.levels[level].tiling;
   return t.is_tiled ? KIL_GOB_HEIGHT << t.y_log2 : 1u;
}

/* ---------------------------------------------------------------------- */
/* Buffer <-> image */

static void
record_buffer_image(struct nvk_cmd_buffer *cmd, struct nvk_image *image,
                    struct nvk_buffer *buffer, bool to_image, uint32_t count,
                    const VkBufferImageCopy2 *regions)
{
   if (image->plane_count > 1) {
      /* Regions of different planes are copies of different images: one
       * command per region, on the plane's image (Vulkan 1.3, 20.4 "Copying
       * Data Between Buffers and Images": a PLANE_n aspect copies that
       * plane as its plane-compatible format). */
      for (uint32_t i = 0; i < count; i++) {
         VkBufferImageCopy2 r = regions[i];
         const VkImageAspectFlags a = r.imageSubresource.aspectMask;
         struct nvk_image *plane = nvk_image_for_aspect(image, a);
         if (plane == image)
            continue; /* not a plane aspect: invalid usage, nothing to do */
         r.imageSubresource.aspectMask = nvk_image_plane_aspect(image, a);
         record_buffer_image(cmd, plane, buffer, to_image, 1, &r);
      }
      return;
   }
   struct nvk_cmd_buffer_image_copy *p = nvk_cmd_buffer_emit(
      cmd, NVK_CMD_COPY_BUFFER_IMAGE, sizeof(*p) + count * sizeof(p->regions[0]));
   if (!p)
      return;
   p->image = nvk_cmd_image(image);
   p->to_image = to_image;
   p->region_count = count;
   const struct kil_format_desc *d = kil_format_desc(image->format);
   for (uint32_t i = 0; i < count; i++) {
      const VkBufferImageCopy2 *r = &regions[i];
      struct nvk_buffer_image_region *o = &p->regions[i];
      const VkImageSubresourceLayers *sub = &r->imageSubresource;
      /* 3D images have one layer; the z range is in offset/extent. */
      o->aspect = sub->aspectMask;
      o->level = sub->mipLevel;
      o->offset = nvk_image_offset_el(image, r->imageOffset, sub->baseArrayLayer);
      o->extent = nvk_image_extent_el(image, r->imageExtent, sub->layerCount);
      o->buf_el_size_B = nvk_buffer_el_size_B(image, sub->aspectMask);
      /* bufferRowLength/bufferImageHeight are in texels (0: tightly
       * packed); compressed formats count whole blocks (Vulkan 1.3, 20.4). */
      const uint32_t row_px = r->bufferRowLength ? r->bufferRowLength : r->imageExtent.width;
      const uint32_t rows_px =
         r->bufferImageHeight ? r->bufferImageHeight : r->imageExtent.height;
      const uint64_t row_el = DIV_ROUND_UP(row_px, d->block_width);
      const uint64_t rows_el = DIV_ROUND_UP(rows_px, d->block_height);
      o->buf.row_pitch_B = row_el * o->buf_el_size_B;
      o->buf.slice_pitch_B = o->buf.row_pitch_B * rows_el;
      o->buf.layer_pitch_B = o->buf.slice_pitch_B * o->extent.depth;
      const struct kil_extent4d_el e = o->extent;
      o->buf.size_B = e.width == 0 || e.height == 0 || e.depth == 0 || e.array_len == 0
                         ? 0
                         : o->buf.layer_pitch_B * (e.array_len - 1) +
                              o->buf.slice_pitch_B * (e.depth - 1) +
                              o->buf.row_pitch_B * (e.height - 1) +
                              (uint64_t)e.width * o->buf_el_size_B;
      o->buffer_addr = nvk_buffer_address(buffer, r->bufferOffset);
      /* An aspect the image does not have (invalid usage, e.g. a plane of
       * a single-plane image) copies nothing. */
      if (sub->aspectMask & ~image->aspects)
         o->buf.size_B = 0;
   }
}

static VkBufferImageCopy2
buffer_image_copy2(const VkBufferImageCopy *r)
{
   return (VkBufferImageCopy2){
      .sType = VK_STRUCTURE_TYPE_BUFFER_IMAGE_COPY_2,
      .bufferOffset = r->bufferOffset,
      .bufferRowLength = r->bufferRowLength,
      .bufferImageHeight = r->bufferImageHeight,
      .imageSubresource = r->imageSubresource,
      .imageOffset = r->imageOffset,
      .imageExtent = r->imageExtent,
   };
}

#define REGION_BATCH 16

static void
record_buffer_image1(VkCommandBuffer commandBuffer, VkImage _image, VkBuffer _buffer,
                     bool to_image, uint32_t count, const VkBufferImageCopy *regions)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_image, image, _image);
   VK_FROM_HANDLE(nvk_buffer, buffer, _buffer);
   /* Converted in batches on the stack: one command per batch. */
   for (uint32_t first = 0; first < count; first += REGION_BATCH) {
      VkBufferImageCopy2 r2[REGION_BATCH];
      const uint32_t n = MIN2(count - first, (uint32_t)REGION_BATCH);
      for (uint32_t i = 0; i < n; i++)
         r2[i] = buffer_image_copy2(&regions[first + i]);
      record_buffer_image(cmd, image, buffer, to_image, n, r2);
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdCopyBufferToImage(VkCommandBuffer commandBuffer, VkBuffer srcBuffer, VkImage dstImage,
                         VkImageLayout dstImageLayout, uint32_t regionCount,
                         const VkBufferImageCopy *pRegions)
{
   record_buffer_image1(commandBuffer, dstImage, srcBuffer, true, regionCount, pRegions);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdCopyImageToBuffer(VkCommandBuffer commandBuffer, VkImage srcImage,
                         VkImageLayout srcImageLayout, VkBuffer dstBuffer, uint32_t regionCount,
                         const VkBufferImageCopy *pRegions)
{
   record_buffer_image1(commandBuffer, srcImage, dstBuffer, false, regionCount, pRegions);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdCopyBufferToImage2(VkCommandBuffer commandBuffer,
                          const VkCopyBufferToImageInfo2 *pCopyBufferToImageInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   const VkCopyBufferToImageInfo2 *i = pCopyBufferToImageInfo;
   record_buffer_image(cmd, nvk_image_from_handle(i->dstImage),
                       nvk_buffer_from_handle(i->srcBuffer), true, i->regionCount, i->pRegions);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdCopyImageToBuffer2(VkCommandBuffer commandBuffer,
                          const VkCopyImageToBufferInfo2 *pCopyImageToBufferInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   const VkCopyImageToBufferInfo2 *i = pCopyImageToBufferInfo;
   record_buffer_image(cmd, nvk_image_from_handle(i->srcImage),
                       nvk_buffer_from_handle(i->dstBuffer), false, i->regionCount, i->pRegions);
}

/* One aspect of a combined depth/stencil image, element by element. */
static void
copy_aspect_elements(const struct nvk_image *image, uint8_t *map,
                     const struct nvk_buffer_image_region *r, uint8_t *buf, bool to_image)
{
   struct kil_level_addr a;
   kil_level_addr_init(&a, &image->layout, r->level);
   for (uint32_t l = 0; l < r->extent.array_len; l++) {
      for (uint32_t z = 0; z < r->extent.depth; z++) {
         for (uint32_t y = 0; y < r->extent.height; y++) {
            uint8_t *b = buf + l * r->buf.layer_pitch_B + z * r->buf.slice_pitch_B +
                         y * r->buf.row_pitch_B;
            for (uint32_t x = 0; x < r->extent.width; x++, b += r->buf_el_size_B) {
               uint8_t *el = map + kil_level_addr_offset_B(&a, r->offset.x + x, r->offset.y + y,
                                                           r->offset.z + z, r->offset.a + l);
               if (to_image)
                  nvk_aspect_from_buffer(image, r->aspect, b, el);
               else
                  nvk_aspect_to_buffer(image, r->aspect, el, b);
            }
         }
      }
   }
}

/* The region must lie inside the level: kil checks the box; the element
 * loop relies on the same check first. */
static bool
region_in_level(const struct nvk_image *image, uint32_t level, struct kil_offset4d_el o,
                struct kil_extent4d_el e)
{
   if (level >= image->layout.num_levels)
      return false;
   const struct kil_extent4d_el l = kil_image_level_extent_el(&image->layout, level);
   return (uint64_t)o.x + e.width <= l.width && (uint64_t)o.y + e.height <= l.height &&
          (uint64_t)o.z + e.depth <= l.depth && (uint64_t)o.a + e.array_len <= l.array_len;
}

/* Buffer <-> image, whole elements: bands are rows of the image; the
 * buffer holds the box slice after slice (layers of depth slices). */
struct buffer_image_job {
   const struct nvk_image *image;
   uint8_t *map, *buf;
   const struct nvk_buffer_image_region *r;
   bool to_image;
   struct copy_bands bands;
   atomic_int result;
};

static void
copy_buffer_image_band(void *data, uint32_t i)
{
   struct buffer_image_job *job = data;
   const struct nvk_buffer_image_region *r = job->r;
   uint32_t s, start, end;
   copy_bands_get(&job->bands, i, &s, &start, &end);
   const uint32_t z = s % r->extent.depth, l = s / r->extent.depth;
   const uint64_t at_B = l * r->buf.layer_pitch_B + z * r->buf.slice_pitch_B +
                         (uint64_t)(start - r->offset.y) * r->buf.row_pitch_B;
   const struct kil_buffer_layout bl = {
      .size_B = r->buf.size_B - at_B,
      .row_pitch_B = r->buf.row_pitch_B,
      .slice_pitch_B = r->buf.slice_pitch_B,
      .layer_pitch_B = r->buf.layer_pitch_B,
   };
   const struct kil_offset4d_el o = offset_add(r->offset, 0, start - r->offset.y, z, l);
   const struct kil_extent4d_el e = kil_extent4d_el(r->extent.width, end - start, 1, 1);
   const struct kil_image *layout = &job->image->layout;
   record_error(&job->result, job->to_image
                                 ? kil_swizzle(layout, r->level, o, e, job->map,
                                               layout->size_B, job->buf + at_B, &bl)
                                 : kil_deswizzle(layout, r->level, o, e, job->map,
                                                 layout->size_B, job->buf + at_B, &bl));
}

void
nvk_exec_copy_buffer_image(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_buffer_image_copy *p = payload;
   const struct nvk_image *image = p->image.image;
   uint8_t *map = nvk_exec_map_image(ex, &p->image);
   if (!map)
      return;
   for (uint32_t i = 0; i < p->region_count; i++) {
      const struct nvk_buffer_image_region *r = &p->regions[i];
      if (r->buf.size_B == 0)
         continue;
      uint8_t *buf = nvk_exec_translate(ex, r->buffer_addr, r->buf.size_B);
      if (!buf)
         return;
      if (!region_in_level(image, r->level, r->offset, r->extent)) {
         nvk_exec_fault(ex, "buffer/image copy region outside the image");
         return;
      }
      if (!nvk_aspect_is_whole_element(image, r->aspect)) {
         copy_aspect_elements(image, map, r, buf, p->to_image);
         continue;
      }
      struct buffer_image_job job = {
         .image = image,
         .map = map,
         .buf = buf,
         .r = r,
         .to_image = p->to_image,
      };
      atomic_init(&job.result, KIL_SUCCESS);
      copy_bands_init(
         &job.bands, r->offset.y, r->extent.height, r->extent.depth * r->extent.array_len,
         (uint64_t)r->extent.width * r->buf_el_size_B, block_rows(image, r->level));
      copy_bands_run(ex, &job.bands, copy_buffer_image_band, &job);
      const enum kil_result res = (enum kil_result)atomic_load(&job.result);
      if (res != KIL_SUCCESS) {
         nvk_exec_fault(ex, "buffer/image copy: %s", kil_result_str(res));
         return;
      }
   }
}

/* ---------------------------------------------------------------------- */
/* Image -> image */

static void
record_copy_image(struct nvk_cmd_buffer *cmd, struct nvk_image *src, struct nvk_image *dst,
                  uint32_t count, const VkImageCopy2 *regions)
{
   if (src->plane_count > 1 || dst->plane_count > 1) {
      /* Planes are images of their plane-compatible formats (Vulkan 1.3,
       * vkCmdCopyImage: a PLANE_n aspect copies as that format); one
       * command per region. */
      for (uint32_t i = 0; i < count; i++) {
         VkImageCopy2 r = regions[i];
         const VkImageAspectFlags sa = r.srcSubresource.aspectMask;
         const VkImageAspectFlags da = r.dstSubresource.aspectMask;
         struct nvk_image *s = nvk_image_for_aspect(src, sa);
         struct nvk_image *d = nvk_image_for_aspect(dst, da);
         if (s->plane_count > 1 || d->plane_count > 1)
            continue; /* the whole of a multi-planar image: invalid usage */
         r.srcSubresource.aspectMask = nvk_image_plane_aspect(src, sa);
         r.dstSubresource.aspectMask = nvk_image_plane_aspect(dst, da);
         record_copy_image(cmd, s, d, 1, &r);
      }
      return;
   }
   struct nvk_cmd_copy_image *p = nvk_cmd_buffer_emit(
      cmd, NVK_CMD_COPY_IMAGE, sizeof(*p) + count * sizeof(p->regions[0]));
   if (!p)
      return;
   p->src = nvk_cmd_image(src);
   p->dst = nvk_cmd_image(dst);
   p->region_count = count;
   for (uint32_t i = 0; i < count; i++) {
      const VkImageCopy2 *r = &regions[i];
      struct nvk_image_copy_region *o = &p->regions[i];
      o->src_aspect = r->srcSubresource.aspectMask;
      o->dst_aspect = r->dstSubresource.aspectMask;
      o->src_level = r->srcSubresource.mipLevel;
      o->dst_level = r->dstSubresource.mipLevel;
      o->src_offset = nvk_image_offset_el(src, r->srcOffset, r->srcSubresource.baseArrayLayer);
      o->dst_offset = nvk_image_offset_el(dst, r->dstOffset, r->dstSubresource.baseArrayLayer);
      /* A 3D image copied to/from 2D array layers: depth on one side is
       * layers on the other (Vulkan 1.3, vkCmdCopyImage). */
      uint32_t layers = r->srcSubresource.layerCount;
      VkExtent3D ext = r->extent;
      o->extent = nvk_image_extent_el(src, ext, layers);
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdCopyImage2(VkCommandBuffer commandBuffer, const VkCopyImageInfo2 *pCopyImageInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   record_copy_image(cmd, nvk_image_from_handle(pCopyImageInfo->srcImage),
                     nvk_image_from_handle(pCopyImageInfo->dstImage),
                     pCopyImageInfo->regionCount, pCopyImageInfo->pRegions);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdCopyImage(VkCommandBuffer commandBuffer, VkImage srcImage, VkImageLayout srcImageLayout,
                 VkImage dstImage, VkImageLayout dstImageLayout, uint32_t regionCount,
                 const VkImageCopy *pRegions)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   for (uint32_t first = 0; first < regionCount; first += REGION_BATCH) {
      VkImageCopy2 r2[REGION_BATCH];
      const uint32_t n = MIN2(regionCount - first, (uint32_t)REGION_BATCH);
      for (uint32_t i = 0; i < n; i++) {
         const VkImageCopy *r = &pRegions[first + i];
         r2[i] = (VkImageCopy2){
            .sType = VK_STRUCTURE_TYPE_IMAGE_COPY_2,
            .srcSubresource = r->srcSubresource,
            .srcOffset = r->srcOffset,
            .dstSubresource = r->dstSubresource,
            .dstOffset = r->dstOffset,
            .extent = r->extent,
         };
      }
      record_copy_image(cmd, nvk_image_from_handle(srcImage), nvk_image_from_handle(dstImage),
                        n, r2);
   }
}

/* The source/destination box of a region as kil sees it: 3D images have
 * depth and one layer, arrays layers and depth 1. A region between a 3D
 * image and an array swaps one for the other. */
static struct kil_extent4d_el
box_for(const struct nvk_image *image, struct kil_extent4d_el e)
{
   const uint32_t n = MAX2(e.depth, e.array_len);
   if (image->type == VK_IMAGE_TYPE_3D)
      return kil_extent4d_el(e.width, e.height, n, 1);
   return kil_extent4d_el(e.width, e.height, 1, n);
}

/* A LINEAR image's box seen as a kil "buffer". */
static uint8_t *
linear_as_buffer(const struct nvk_image *image, uint8_t *map, uint32_t level,
                 struct kil_offset4d_el o, struct kil_buffer_layout *layout)
{
   struct kil_level_addr a;
   kil_level_addr_init(&a, &image->layout, level);
   const uint64_t off = kil_level_addr_offset_B(&a, o.x, o.y, o.z, o.a);
   *layout = (struct kil_buffer_layout){
      .size_B = image->layout.size_B - off,
      .row_pitch_B = a.row_pitch_B,
      .slice_pitch_B = a.slice_stride_B,
      .layer_pitch_B = a.layer_stride_B,
   };
   return map + off;
}

/* Two block-linear images whose GOBs do not line up: through a stack tile,
 * 64 KiB at a time. One slice. */
static enum kil_result
copy_tiled_to_tiled(const struct nvk_image *src, uint8_t *src_map, uint32_t src_level,
                    struct kil_offset4d_el so, const struct nvk_image *dst,
                    uint8_t *dst_map, uint32_t dst_level, struct kil_offset4d_el dof,
                    struct kil_extent4d_el e)
{
   _Alignas(16) uint8_t tile[64 * 1024];
   const uint32_t el = kil_format_el_size_B(src->format);
   const uint32_t tw = MIN2(e.width, (uint32_t)(sizeof(tile) / 64 / el));
   const uint32_t th = MIN2(e.height, 64u);
   for (uint32_t y = 0; y < e.height; y += th) {
      for (uint32_t x = 0; x < e.width; x += tw) {
         const struct kil_extent4d_el t =
            kil_extent4d_el(MIN2(tw, e.width - x), MIN2(th, e.height - y), 1, 1);
         const struct kil_buffer_layout bl = {
            .size_B = sizeof(tile),
            .row_pitch_B = (uint64_t)t.width * el,
            .slice_pitch_B = (uint64_t)t.width * el * t.height,
            .layer_pitch_B = (uint64_t)t.width * el * t.height,
         };
         enum kil_result r =
            kil_deswizzle(&src->layout, src_level, offset_add(so, x, y, 0, 0), t, src_map,
                          src->layout.size_B, tile, &bl);
         if (r == KIL_SUCCESS)
            r = kil_swizzle(&dst->layout, dst_level, offset_add(dof, x, y, 0, 0), t,
                            dst_map, dst->layout.size_B, tile, &bl);
         if (r != KIL_SUCCESS)
            return r;
      }
   }
   return KIL_SUCCESS;
}

/* One slice (depth 1, one layer) of whole elements, by the tilings. */
static enum kil_result
copy_image_box(const struct nvk_image *src, uint8_t *src_map, uint32_t src_level,
               struct kil_offset4d_el so, const struct nvk_image *dst, uint8_t *dst_map,
               uint32_t dst_level, struct kil_offset4d_el dof, struct kil_extent4d_el e)
{
   struct kil_buffer_layout bl;
   if (src->tiling == VK_IMAGE_TILING_LINEAR && dst->tiling == VK_IMAGE_TILING_LINEAR) {
      struct kil_level_addr sa, da;
      kil_level_addr_init(&sa, &src->layout, src_level);
      kil_level_addr_init(&da, &dst->layout, dst_level);
      const uint64_t row_B = (uint64_t)e.width * kil_format_el_size_B(src->format);
      for (uint32_t y = 0; y < e.height; y++)
         memcpy(dst_map + kil_level_addr_offset_B(&da, dof.x, dof.y + y, dof.z, dof.a),
                src_map + kil_level_addr_offset_B(&sa, so.x, so.y + y, so.z, so.a),
                row_B);
      return KIL_SUCCESS;
   }
   if (src->tiling == VK_IMAGE_TILING_LINEAR) {
      uint8_t *buf = linear_as_buffer(src, src_map, src_level, so, &bl);
      return kil_swizzle(&dst->layout, dst_level, dof, e, dst_map, dst->layout.size_B,
                         buf, &bl);
   }
   if (dst->tiling == VK_IMAGE_TILING_LINEAR) {
      uint8_t *buf = linear_as_buffer(dst, dst_map, dst_level, dof, &bl);
      return kil_deswizzle(&src->layout, src_level, so, e, src_map, src->layout.size_B,
                           buf, &bl);
   }
   if (kil_copy_image_gobs_line_up(&src->layout, src_level, so, &dst->layout, dst_level,
                                   dof)) {
      return kil_copy_image(&src->layout, src_level, so, src_map, src->layout.size_B,
                            &dst->layout, dst_level, dof, dst_map, dst->layout.size_B, e);
   }
   return copy_tiled_to_tiled(src, src_map, src_level, so, dst, dst_map, dst_level, dof,
                              e);
}

/* Image -> image: slice s of the source box is slice s of the destination
 * box, each counted in its own depth-or-layers dimension (a 3D <-> array
 * copy turns slices into layers). Bands are rows of the source. */
struct image_copy_job {
   const struct nvk_image *src, *dst;
   uint8_t *src_map, *dst_map;
   const struct nvk_image_copy_region *r;
   uint32_t width;
   struct copy_bands bands;
   atomic_int result;
};

static struct kil_offset4d_el
slice_offset(const struct nvk_image *image, struct kil_offset4d_el o, uint32_t s,
             uint32_t y)
{
   if (image->type == VK_IMAGE_TYPE_3D)
      return offset_add(o, 0, y, s, 0);
   return offset_add(o, 0, y, 0, s);
}

static void
copy_image_band(void *data, uint32_t i)
{
   struct image_copy_job *job = data;
   const struct nvk_image_copy_region *r = job->r;
   uint32_t s, start, end;
   copy_bands_get(&job->bands, i, &s, &start, &end);
   const uint32_t dy = start - r->src_offset.y;
   record_error(&job->result,
                copy_image_box(job->src, job->src_map, r->src_level,
                               slice_offset(job->src, r->src_offset, s, dy), job->dst,
                               job->dst_map, r->dst_level,
                               slice_offset(job->dst, r->dst_offset, s, dy),
                               kil_extent4d_el(job->width, end - start, 1, 1)));
}

static enum kil_result
copy_image_whole_elements(struct nvk_exec *ex, const struct nvk_image *src,
                          uint8_t *src_map, const struct nvk_image *dst, uint8_t *dst_map,
                          const struct nvk_image_copy_region *r,
                          struct kil_extent4d_el se)
{
   struct image_copy_job job = {
      .src = src,
      .dst = dst,
      .src_map = src_map,
      .dst_map = dst_map,
      .r = r,
      .width = se.width,
   };
   atomic_init(&job.result, KIL_SUCCESS);
   /* Block heights are powers of two: the larger is a multiple of the other. */
   copy_bands_init(&job.bands, r->src_offset.y, se.height, se.depth * se.array_len,
                   (uint64_t)se.width * kil_format_el_size_B(src->format),
                   MAX2(block_rows(src, r->src_level), block_rows(dst, r->dst_level)));
   copy_bands_run(ex, &job.bands, copy_image_band, &job);
   return (enum kil_result)atomic_load(&job.result);
}

static void
copy_aspect_image_elements(const struct nvk_image *src, uint8_t *src_map,
                           const struct nvk_image *dst, uint8_t *dst_map,
                           const struct nvk_image_copy_region *r, struct kil_extent4d_el se,
                           struct kil_extent4d_el de)
{
   struct kil_level_addr sa, da;
   kil_level_addr_init(&sa, &src->layout, r->src_level);
   kil_level_addr_init(&da, &dst->layout, r->dst_level);
   const uint32_t n = se.depth * se.array_len;
   for (uint32_t s = 0; s < n; s++) {
      const uint32_t sz = se.depth > 1 ? s : 0, sl = se.depth > 1 ? 0 : s;
      const uint32_t dz = de.depth > 1 ? s : 0, dl = de.depth > 1 ? 0 : s;
      for (uint32_t y = 0; y < se.height; y++) {
         for (uint32_t x = 0; x < se.width; x++) {
            const uint8_t *sp =
               src_map + kil_level_addr_offset_B(&sa, r->src_offset.x + x, r->src_offset.y + y,
                                                 r->src_offset.z + sz, r->src_offset.a + sl);
            uint8_t *dp =
               dst_map + kil_level_addr_offset_B(&da, r->dst_offset.x + x, r->dst_offset.y + y,
                                                 r->dst_offset.z + dz, r->dst_offset.a + dl);
            uint8_t tmp[8];
            nvk_aspect_to_buffer(src, r->src_aspect, sp, tmp);
            nvk_aspect_from_buffer(dst, r->dst_aspect, tmp, dp);
         }
      }
   }
}

void
nvk_exec_copy_image(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_copy_image *p = payload;
   const struct nvk_image *src = p->src.image, *dst = p->dst.image;
   uint8_t *src_map = nvk_exec_map_image(ex, &p->src);
   uint8_t *dst_map = nvk_exec_map_image(ex, &p->dst);
   if (!src_map || !dst_map)
      return;
   for (uint32_t i = 0; i < p->region_count; i++) {
      const struct nvk_image_copy_region *r = &p->regions[i];
      const struct kil_extent4d_el se = box_for(src, r->extent);
      const struct kil_extent4d_el de = box_for(dst, r->extent);
      if (!region_in_level(src, r->src_level, r->src_offset, se) ||
          !region_in_level(dst, r->dst_level, r->dst_offset, de)) {
         nvk_exec_fault(ex, "image copy region outside an image");
         return;
      }
      if (!nvk_aspect_is_whole_element(src, r->src_aspect) ||
          !nvk_aspect_is_whole_element(dst, r->dst_aspect)) {
         copy_aspect_image_elements(src, src_map, dst, dst_map, r, se, de);
         continue;
      }

      const enum kil_result res =
         copy_image_whole_elements(ex, src, src_map, dst, dst_map, r, se);
      if (res != KIL_SUCCESS) {
         nvk_exec_fault(ex, "image copy: %s", kil_result_str(res));
         return;
      }
   }
}
