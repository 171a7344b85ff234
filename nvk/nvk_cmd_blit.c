/* SPDX-License-Identifier: MIT */
/*
 * vkCmdBlitImage: scaled, filtered, format-converting copies (Vulkan 1.3,
 * 20.5 "Image Copies with Scaling").
 *
 * For every destination texel of the region: its centre is mapped into the
 * source region (flips fall out of the arithmetic: a region whose offsets
 * are swapped maps backwards), sampled NEAREST or LINEAR with the source
 * coordinates clamped to the source level's edge (the spec's
 * CLAMP_TO_EDGE), converted to the destination format through shared/format
 * (sRGB decoded to linear and encoded again), and stored. Rows are spread
 * over the worker pool.
 */
#include <math.h>
#include <string.h>

#include "format/fmt.h"
#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_cmd_image.h"
#include "nvk_device.h"
#include "nvk_worker_pool.h"

struct nvk_blit_region {
   VkImageAspectFlags aspect;
   uint32_t src_level, dst_level;
   uint32_t src_layer, dst_layer, layer_count;
   int32_t src[2][3]; /* offsets[0], offsets[1] */
   int32_t dst[2][3];
};

struct nvk_cmd_blit_image {
   struct nvk_cmd_image src, dst;
   VkFilter filter;
   uint32_t region_count;
   struct nvk_blit_region regions[];
};

static void
record_blit(struct nvk_cmd_buffer *cmd, struct nvk_image *src, struct nvk_image *dst,
            VkFilter filter, uint32_t count, const VkImageBlit2 *regions)
{
   struct nvk_cmd_blit_image *p = nvk_cmd_buffer_emit(
      cmd, NVK_CMD_BLIT_IMAGE, sizeof(*p) + count * sizeof(p->regions[0]));
   if (!p)
      return;
   p->src = nvk_cmd_image(src);
   p->dst = nvk_cmd_image(dst);
   p->filter = filter;
   p->region_count = count;
   for (uint32_t i = 0; i < count; i++) {
      const VkImageBlit2 *r = &regions[i];
      struct nvk_blit_region *o = &p->regions[i];
      o->aspect = r->srcSubresource.aspectMask;
      o->src_level = r->srcSubresource.mipLevel;
      o->dst_level = r->dstSubresource.mipLevel;
      o->src_layer = r->srcSubresource.baseArrayLayer;
      o->dst_layer = r->dstSubresource.baseArrayLayer;
      o->layer_count = r->srcSubresource.layerCount;
      for (unsigned k = 0; k < 2; k++) {
         o->src[k][0] = r->srcOffsets[k].x;
         o->src[k][1] = r->srcOffsets[k].y;
         o->src[k][2] = r->srcOffsets[k].z;
         o->dst[k][0] = r->dstOffsets[k].x;
         o->dst[k][1] = r->dstOffsets[k].y;
         o->dst[k][2] = r->dstOffsets[k].z;
      }
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBlitImage2(VkCommandBuffer commandBuffer, const VkBlitImageInfo2 *pBlitImageInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   record_blit(cmd, nvk_image_from_handle(pBlitImageInfo->srcImage),
               nvk_image_from_handle(pBlitImageInfo->dstImage), pBlitImageInfo->filter,
               pBlitImageInfo->regionCount, pBlitImageInfo->pRegions);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBlitImage(VkCommandBuffer commandBuffer, VkImage srcImage, VkImageLayout srcImageLayout,
                 VkImage dstImage, VkImageLayout dstImageLayout, uint32_t regionCount,
                 const VkImageBlit *pRegions, VkFilter filter)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   for (uint32_t i = 0; i < regionCount; i++) {
      const VkImageBlit2 r2 = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_BLIT_2,
         .srcSubresource = pRegions[i].srcSubresource,
         .srcOffsets = {pRegions[i].srcOffsets[0], pRegions[i].srcOffsets[1]},
         .dstSubresource = pRegions[i].dstSubresource,
         .dstOffsets = {pRegions[i].dstOffsets[0], pRegions[i].dstOffsets[1]},
      };
      record_blit(cmd, nvk_image_from_handle(srcImage), nvk_image_from_handle(dstImage), filter,
                  1, &r2);
   }
}

/* One region's work, shared by the rows run on the worker pool. */
struct blit_job {
   const struct nvk_image *src, *dst;
   const uint8_t *src_map;
   uint8_t *dst_map;
   const struct nvk_blit_region *r;
   VkFilter filter;
   struct kil_level_addr sa, da;
   struct kil_extent4d_el src_ext, dst_ext;
   /* Destination box (min corner, size) and the mapping dst -> src per
    * axis: src = base + (dst + 0.5) * scale. */
   int32_t dmin[3];
   uint32_t dsize[3];
   double base[3], scale[3];
   bool is_3d_src, is_3d_dst;
   bool src_is_bc; /* src_ext in pixels, addresses in blocks */
   enum fmt_class src_class, dst_class;
};

static inline int32_t
clampi(int32_t v, int32_t lo, int32_t hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

static void
read_texel(const struct blit_job *j, int32_t x, int32_t y, int32_t z, uint32_t layer,
           union fmt_texel *t)
{
   if (j->src_is_bc) {
      /* Block-compressed source: decode its 4x4 block (shared/format). */
      const uint8_t *p = j->src_map + kil_level_addr_offset_B(&j->sa, (uint32_t)x / 4,
                                                              (uint32_t)y / 4, (uint32_t)z, layer);
      union fmt_texel block[16];
      fmt_bc_decode_block(j->src->format, p, block);
      *t = block[(y % 4) * 4 + x % 4];
      return;
   }
   const uint8_t *p = j->src_map + kil_level_addr_offset_B(&j->sa, (uint32_t)x, (uint32_t)y,
                                                           (uint32_t)z, layer);
   fmt_unpack_color(j->src->format, p, t);
}

/* Bilinear (trilinear for 3D) filter of float texels around (u, v, w). */
static void
sample_linear(const struct blit_job *j, double u, double v, double w, uint32_t layer,
              union fmt_texel *out)
{
   const int32_t maxx = (int32_t)j->src_ext.width - 1, maxy = (int32_t)j->src_ext.height - 1;
   const int32_t maxz = (int32_t)j->src_ext.depth - 1;
   const double fu = u - 0.5, fv = v - 0.5, fw = w - 0.5;
   const int32_t x0 = (int32_t)floor(fu), y0 = (int32_t)floor(fv), z0 = (int32_t)floor(fw);
   const float ax = (float)(fu - x0), ay = (float)(fv - y0), az = (float)(fw - z0);
   const int nz = j->is_3d_src ? 2 : 1;
   float acc[4] = {0, 0, 0, 0};
   for (int dz = 0; dz < nz; dz++) {
      const float wz = nz == 1 ? 1.0f : (dz ? az : 1.0f - az);
      const int32_t z = j->is_3d_src ? clampi(z0 + dz, 0, maxz) : 0;
      for (int dy = 0; dy < 2; dy++) {
         const float wy = dy ? ay : 1.0f - ay;
         const int32_t y = clampi(y0 + dy, 0, maxy);
         for (int dx = 0; dx < 2; dx++) {
            const float wx = dx ? ax : 1.0f - ax;
            union fmt_texel t;
            read_texel(j, clampi(x0 + dx, 0, maxx), y, z, layer, &t);
            const float wgt = wx * wy * wz;
            for (unsigned c = 0; c < 4; c++)
               acc[c] += wgt * t.f[c];
         }
      }
   }
   memcpy(out->f, acc, sizeof(acc));
}

/* Integer -> integer conversions keep the value (then clamp on packing);
 * float classes convert through floats. */
static void
convert_class(union fmt_texel *t, enum fmt_class from, enum fmt_class to)
{
   if (from == to)
      return;
   for (unsigned c = 0; c < 4; c++) {
      if (from == FMT_CLASS_UINT && to == FMT_CLASS_SINT)
         t->i[c] = t->u[c] > INT32_MAX ? INT32_MAX : (int32_t)t->u[c];
      else if (from == FMT_CLASS_SINT && to == FMT_CLASS_UINT)
         t->u[c] = t->i[c] < 0 ? 0 : (uint32_t)t->i[c];
   }
}

static void
blit_row(void *data, uint32_t index)
{
   const struct blit_job *j = data;
   const struct nvk_blit_region *r = j->r;
   const uint32_t rows = j->dsize[1];
   const uint32_t slice = index / rows, row = index % rows;
   /* slice counts destination z (3D) or layers. */
   const int32_t dy = j->dmin[1] + (int32_t)row;
   const int32_t dz = j->is_3d_dst ? j->dmin[2] + (int32_t)slice : 0;
   const uint32_t dlayer = j->is_3d_dst ? r->dst_layer : r->dst_layer + slice;
   const uint32_t slayer = j->is_3d_dst || j->is_3d_src ? r->src_layer : r->src_layer + slice;
   if (dy < 0 || dy >= (int32_t)j->dst_ext.height || dz < 0 || dz >= (int32_t)j->dst_ext.depth)
      return;

   const double v = j->base[1] + (dy + 0.5) * j->scale[1];
   const double w = j->base[2] + (dz + 0.5) * j->scale[2];
   const int32_t maxx = (int32_t)j->src_ext.width - 1, maxy = (int32_t)j->src_ext.height - 1;
   const int32_t maxz = (int32_t)j->src_ext.depth - 1;
   const int32_t sy = clampi((int32_t)floor(v), 0, maxy);
   const int32_t sz = j->is_3d_src ? clampi((int32_t)floor(w), 0, maxz) : 0;
   const bool is_ds = kil_format_is_depth_or_stencil(j->src->format);

   for (uint32_t i = 0; i < j->dsize[0]; i++) {
      const int32_t dx = j->dmin[0] + (int32_t)i;
      if (dx < 0 || dx >= (int32_t)j->dst_ext.width)
         continue;
      const double u = j->base[0] + (dx + 0.5) * j->scale[0];
      uint8_t *dp = j->dst_map + kil_level_addr_offset_B(&j->da, (uint32_t)dx, (uint32_t)dy,
                                                         (uint32_t)dz, dlayer);
      const int32_t sx = clampi((int32_t)floor(u), 0, maxx);
      if (is_ds) {
         /* Same format, NEAREST (valid usage): per aspect. */
         const uint8_t *sp = j->src_map + kil_level_addr_offset_B(
                                             &j->sa, (uint32_t)sx, (uint32_t)sy, (uint32_t)sz,
                                             slayer);
         if (r->aspect & VK_IMAGE_ASPECT_DEPTH_BIT)
            fmt_pack_depth(j->dst->format, fmt_unpack_depth(j->src->format, sp), dp);
         if (r->aspect & VK_IMAGE_ASPECT_STENCIL_BIT)
            fmt_pack_stencil(j->dst->format, fmt_unpack_stencil(j->src->format, sp), dp);
         continue;
      }
      union fmt_texel t;
      if (j->filter == VK_FILTER_LINEAR && j->src_class == FMT_CLASS_FLOAT)
         sample_linear(j, u, v, w, slayer, &t);
      else
         read_texel(j, sx, sy, sz, slayer, &t);
      convert_class(&t, j->src_class, j->dst_class);
      fmt_pack_color(j->dst->format, &t, dp);
   }
}

void
nvk_exec_blit_image(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_blit_image *p = payload;
   const struct nvk_image *src = p->src.image, *dst = p->dst.image;
   const uint8_t *src_map = nvk_exec_map_image(ex, &p->src);
   uint8_t *dst_map = nvk_exec_map_image(ex, &p->dst);
   if (!src_map || !dst_map)
      return;
   const bool is_ds = kil_format_is_depth_or_stencil(src->format);
   const bool src_is_bc = fmt_format_is_bc(src->format);
   if (!is_ds && ((!fmt_format_is_convertible(src->format) && !src_is_bc) ||
                  !fmt_format_is_convertible(dst->format))) {
      nvk_exec_fault(ex, "blit between formats that do not convert");
      return;
   }

   for (uint32_t i = 0; i < p->region_count; i++) {
      const struct nvk_blit_region *r = &p->regions[i];
      struct blit_job j = {
         .src = src,
         .dst = dst,
         .src_map = src_map,
         .dst_map = dst_map,
         .r = r,
         .filter = p->filter,
         .is_3d_src = src->type == VK_IMAGE_TYPE_3D,
         .is_3d_dst = dst->type == VK_IMAGE_TYPE_3D,
         .src_class = fmt_format_class(src->format),
         .dst_class = fmt_format_class(dst->format),
      };
      if (kil_level_addr_init(&j.sa, &src->layout, r->src_level) != KIL_SUCCESS ||
          kil_level_addr_init(&j.da, &dst->layout, r->dst_level) != KIL_SUCCESS ||
          r->src_layer + (uint64_t)r->layer_count > j.sa.extent_el.array_len ||
          r->dst_layer + (uint64_t)r->layer_count > j.da.extent_el.array_len) {
         nvk_exec_fault(ex, "blit region outside an image");
         return;
      }
      j.src_ext = j.sa.extent_el;
      j.src_is_bc = src_is_bc;
      if (src_is_bc) {
         j.src_ext.width = MAX2(src->layout.extent_px.width >> r->src_level, 1u);
         j.src_ext.height = MAX2(src->layout.extent_px.height >> r->src_level, 1u);
      }
      j.dst_ext = j.da.extent_el;
      for (unsigned k = 0; k < 3; k++) {
         const int32_t d0 = r->dst[0][k], d1 = r->dst[1][k];
         const int32_t s0 = r->src[0][k], s1 = r->src[1][k];
         j.dmin[k] = MIN2(d0, d1);
         j.dsize[k] = (uint32_t)(MAX2(d0, d1) - MIN2(d0, d1));
         /* src = s0 + (dst - d0) * (s1 - s0) / (d1 - d0), in texel-centre
          * space: dst + 0.5 in, a continuous source coordinate out. */
         j.scale[k] = d1 != d0 ? (double)(s1 - s0) / (double)(d1 - d0) : 0.0;
         j.base[k] = s0 - d0 * j.scale[k];
      }
      const uint32_t slices = j.is_3d_dst ? j.dsize[2] : r->layer_count;
      const uint64_t rows = (uint64_t)slices * j.dsize[1];
      if (rows == 0 || j.dsize[0] == 0)
         continue;
      if (rows > UINT32_MAX) {
         nvk_exec_fault(ex, "blit region too large");
         return;
      }
      nvk_worker_pool_parallel_for(ex->dev->workers, (uint32_t)rows, blit_row, &j);
   }
}
