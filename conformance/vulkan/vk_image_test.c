/* SPDX-License-Identifier: MIT */
/*
 * Images and the transfer commands on them: buffer <-> image copies (row
 * length, image height, sub-boxes, mips, layers, 3D), image copies across
 * LINEAR and OPTIMAL tiling, clears, blits (scaling, flips, filters,
 * conversions), and a sweep checking that every format feature the driver
 * advertises for transfers works.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vkt.h"

static const VkImageTiling tilings[] = {VK_IMAGE_TILING_OPTIMAL, VK_IMAGE_TILING_LINEAR};

static VkExtent3D
level_extent(const VkImageCreateInfo *ci, uint32_t level)
{
   VkExtent3D e = ci->extent;
   e.width = MAX2(e.width >> level, 1u);
   e.height = MAX2(e.height >> level, 1u);
   e.depth = MAX2(e.depth >> level, 1u);
   return e;
}

static const VkOffset3D origin = {0, 0, 0};

/* Every (level, layer) gets its own data through buffer->image copies and
 * comes back unchanged through image->buffer copies. */
static void
round_trip(struct vkt *t, VkImageType type, VkFormat format, VkImageTiling tiling, uint32_t w,
           uint32_t h, uint32_t d, uint32_t levels, uint32_t layers)
{
   if (!vkt_format_has(t, format, tiling,
                       VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT))
      return;
   const VkImageCreateInfo ci = vkt_image_info(type, format, tiling, w, h, d, levels, layers);
   VkImageFormatProperties ifp;
   if (vkGetPhysicalDeviceImageFormatProperties(t->pdev, format, type, tiling, ci.usage, 0,
                                                &ifp) != VK_SUCCESS ||
       levels > ifp.maxMipLevels || layers > ifp.maxArrayLayers)
      return;
   struct vkt_image img;
   if (!vkt_image_create(t, &ci, &img))
      return;
   REQUIRE(vkt_image_to_general(t, &img, ci.initialLayout));
   for (VkImageAspectFlags aspects = img.aspects; aspects; aspects &= aspects - 1) {
      const VkImageAspectFlags aspect = aspects & -aspects;
      const uint32_t ts = vkt_aspect_texel_size(format, aspect);
      for (uint32_t l = 0; l < levels; l++) {
         const VkExtent3D e = level_extent(&ci, l);
         const size_t size = (size_t)e.width * e.height * e.depth * ts;
         uint8_t *in = malloc(size), *out = malloc(size);
         for (uint32_t a = 0; a < layers; a++) {
            vkt_fill_pattern(in, size, format * 131 + l * 17 + a * 3 + aspect);
            /* Depth stored as D24 has undefined top bits; D32 float depth is
             * data the driver may canonicalize; keep them defined and in
             * [0, 1] (what depth formats hold). */
            if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT) {
               for (size_t i = 0; i + ts <= size; i += ts) {
                  if (ts == 4 && format == VK_FORMAT_D32_SFLOAT) {
                     const float f = (float)(in[i] | in[i + 1] << 8) / 65535.0f;
                     memcpy(in + i, &f, 4);
                  } else if (ts == 4 && format == VK_FORMAT_D32_SFLOAT_S8_UINT) {
                     const float f = (float)(in[i] | in[i + 1] << 8) / 65535.0f;
                     memcpy(in + i, &f, 4);
                  } else if (ts == 4) {
                     in[i + 3] = 0;
                  }
               }
            }
            if (!vkt_write_image(t, &img, aspect, l, a, origin, e, in) ||
                !vkt_read_image(t, &img, aspect, l, a, origin, e, out))
               break;
            if (ts == 4 && aspect == VK_IMAGE_ASPECT_DEPTH_BIT &&
                format != VK_FORMAT_D32_SFLOAT && format != VK_FORMAT_D32_SFLOAT_S8_UINT) {
               for (size_t i = 3; i < size; i += 4)
                  out[i] = 0; /* undefined bits */
            }
            if (memcmp(in, out, size) != 0)
               test_fail(__FILE__, __LINE__,
                         "format %d tiling %d type %d: level %u layer %u aspect %u differs",
                         format, tiling, type, l, a, aspect);
         }
         free(in);
         free(out);
      }
   }
   vkt_image_destroy(t, &img);
}

TEST(buffer_image_round_trip)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   static const VkFormat formats[] = {
      VK_FORMAT_R8_UNORM,           VK_FORMAT_R8G8_UINT,
      VK_FORMAT_R8G8B8_UNORM,       VK_FORMAT_R8G8B8A8_UNORM,
      VK_FORMAT_B8G8R8A8_SRGB,      VK_FORMAT_R5G6B5_UNORM_PACK16,
      VK_FORMAT_R16_SFLOAT,         VK_FORMAT_R16G16B16A16_UINT,
      VK_FORMAT_R32_SFLOAT,         VK_FORMAT_R32G32_SINT,
      VK_FORMAT_R32G32B32_UINT,     VK_FORMAT_R32G32B32A32_UINT,
      VK_FORMAT_A2B10G10R10_UNORM_PACK32, VK_FORMAT_D16_UNORM,
      VK_FORMAT_D32_SFLOAT,         VK_FORMAT_D24_UNORM_S8_UINT,
      VK_FORMAT_D32_SFLOAT_S8_UINT, VK_FORMAT_S8_UINT,
   };
   for (unsigned f = 0; f < ARRAY_SIZE(formats); f++) {
      for (unsigned ti = 0; ti < 2; ti++) {
         round_trip(&t, VK_IMAGE_TYPE_2D, formats[f], tilings[ti], 67, 35, 1, 3, 2);
         round_trip(&t, VK_IMAGE_TYPE_2D, formats[f], tilings[ti], 300, 1, 1, 1, 1);
      }
   }
   /* 3D and 1D arrays. */
   round_trip(&t, VK_IMAGE_TYPE_3D, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL, 33, 17,
              9, 3, 1);
   round_trip(&t, VK_IMAGE_TYPE_3D, VK_FORMAT_R16_UINT, VK_IMAGE_TILING_LINEAR, 20, 10, 5, 1, 1);
   round_trip(&t, VK_IMAGE_TYPE_1D, VK_FORMAT_R32_UINT, VK_IMAGE_TILING_OPTIMAL, 1000, 1, 1, 4,
              3);
   /* Large enough to span many blocks in both directions. */
   round_trip(&t, VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL, 1031,
              517, 1, 1, 1);
   vkt_finish(&t);
}

/* A sub-box written with bufferRowLength/bufferImageHeight and an offset
 * lands where it should and leaves the rest alone; a sub-box read back with
 * the same packing gets the same bytes. */
TEST(buffer_image_row_length_and_sub_boxes)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   for (unsigned ti = 0; ti < 2; ti++) {
      const VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UINT,
                                                  tilings[ti], 64, 48, 1, 2, 3);
      struct vkt_image img;
      if (!vkt_image_create(&t, &ci, &img))
         continue;
      REQUIRE(vkt_image_to_general(&t, &img, ci.initialLayout));
      const VkExtent3D full = {64, 48, 1};
      uint32_t *base = malloc(64 * 48 * 4), *out = malloc(64 * 48 * 4);
      for (uint32_t i = 0; i < 64 * 48; i++)
         base[i] = 0x01000000u | i;
      REQUIRE(vkt_write_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, origin, full, base));

      /* Box 20x10 at (5, 7), source rows 32 texels apart, slices 16 rows. */
      const uint32_t rl = 32, ih = 16, bw = 20, bh = 10, ox = 5, oy = 7;
      struct vkt_buffer b;
      REQUIRE(vkt_buffer_create(&t, 4096 + rl * ih * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                                            VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                &b));
      uint32_t *src = (uint32_t *)(b.map + 4096);
      for (uint32_t i = 0; i < rl * ih; i++)
         src[i] = 0xab000000u | i;
      VkCommandBuffer cmd = vkt_cmd_begin(&t);
      const VkBufferImageCopy r = {
         .bufferOffset = 4096,
         .bufferRowLength = rl,
         .bufferImageHeight = ih,
         .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 1},
         .imageOffset = {ox, oy, 0},
         .imageExtent = {bw, bh, 1},
      };
      vkCmdCopyBufferToImage(cmd, b.buffer, img.image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
      REQUIRE(vkt_cmd_submit_wait(&t, cmd));
      REQUIRE(vkt_read_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, origin, full, out));
      bool ok = true;
      for (uint32_t y = 0; y < 48; y++) {
         for (uint32_t x = 0; x < 64; x++) {
            const bool in_box = x >= ox && x < ox + bw && y >= oy && y < oy + bh;
            const uint32_t want = in_box ? src[(y - oy) * rl + (x - ox)] : base[y * 64 + x];
            ok &= out[y * 64 + x] == want;
         }
      }
      if (!ok)
         test_fail(__FILE__, __LINE__, "tiling %d: sub-box write misplaced", tilings[ti]);

      /* Read the box back out with the same packing into a fresh buffer. */
      memset(b.map, 0, 4096 + rl * ih * 4);
      cmd = vkt_cmd_begin(&t);
      vkCmdCopyImageToBuffer(cmd, img.image, VK_IMAGE_LAYOUT_GENERAL, b.buffer, 1, &r);
      vkt_cmd_barrier(cmd);
      REQUIRE(vkt_cmd_submit_wait(&t, cmd));
      ok = true;
      for (uint32_t y = 0; y < ih; y++)
         for (uint32_t x = 0; x < rl; x++)
            ok &= src[y * rl + x] == (x < bw && y < bh ? (0xab000000u | (y * rl + x)) : 0);
      if (!ok)
         test_fail(__FILE__, __LINE__, "tiling %d: sub-box read misplaced", tilings[ti]);
      /* Other layers and levels were never touched: still undefined, so not
       * checked. */
      free(base);
      free(out);
      vkt_buffer_destroy(&t, &b);
      vkt_image_destroy(&t, &img);
   }
   vkt_finish(&t);
}

/* Image -> image copies between every pair of tilings: offsets, levels,
 * layers; the destination's untouched texels keep their values. */
TEST(image_copy_across_tilings)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkFormat formats[] = {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R16_UINT,
                               VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_R8_UNORM};
   for (unsigned f = 0; f < ARRAY_SIZE(formats); f++) {
      const uint32_t ts = vkt_format_texel_size(formats[f]);
      for (unsigned si = 0; si < 2; si++) {
         for (unsigned di = 0; di < 2; di++) {
            if (!vkt_format_has(&t, formats[f], tilings[si], VK_FORMAT_FEATURE_TRANSFER_SRC_BIT) ||
                !vkt_format_has(&t, formats[f], tilings[di], VK_FORMAT_FEATURE_TRANSFER_DST_BIT))
               continue;
            const VkImageCreateInfo sci = vkt_image_info(VK_IMAGE_TYPE_2D, formats[f],
                                                         tilings[si], 70, 50, 1, 2, 2);
            const VkImageCreateInfo dci = vkt_image_info(VK_IMAGE_TYPE_2D, formats[f],
                                                         tilings[di], 90, 40, 1, 1, 3);
            struct vkt_image src, dst;
            if (!vkt_image_create(&t, &sci, &src))
               continue;
            if (!vkt_image_create(&t, &dci, &dst)) {
               vkt_image_destroy(&t, &src);
               continue;
            }
            REQUIRE(vkt_image_to_general(&t, &src, sci.initialLayout));
            REQUIRE(vkt_image_to_general(&t, &dst, dci.initialLayout));
            /* Source level 1 of layer 1 (35x25), destination layer 2. */
            const VkExtent3D se = {35, 25, 1}, de = {90, 40, 1};
            uint8_t *sdata = malloc(35 * 25 * ts), *ddata = malloc(90 * 40 * ts),
                    *out = malloc(90 * 40 * ts);
            vkt_fill_pattern(sdata, 35 * 25 * ts, 1 + f);
            vkt_fill_pattern(ddata, 90 * 40 * ts, 100 + f);
            if (formats[f] == VK_FORMAT_R32G32B32A32_SFLOAT) {
               /* Finite floats only: copies are raw but keep the test clear
                * of NaN payload questions. */
               for (size_t i = 3; i < 35 * 25 * ts; i += 4)
                  sdata[i] &= 0x3f;
               for (size_t i = 3; i < 90 * 40 * ts; i += 4)
                  ddata[i] &= 0x3f;
            }
            REQUIRE(vkt_write_image(&t, &src, VK_IMAGE_ASPECT_COLOR_BIT, 1, 1, origin, se, sdata));
            REQUIRE(vkt_write_image(&t, &dst, VK_IMAGE_ASPECT_COLOR_BIT, 0, 2, origin, de, ddata));
            const VkImageCopy r = {
               .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 1, 1, 1},
               .srcOffset = {3, 2, 0},
               .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 2, 1},
               .dstOffset = {50, 11, 0},
               .extent = {31, 20, 1},
            };
            VkCommandBuffer cmd = vkt_cmd_begin(&t);
            vkCmdCopyImage(cmd, src.image, VK_IMAGE_LAYOUT_GENERAL, dst.image,
                           VK_IMAGE_LAYOUT_GENERAL, 1, &r);
            REQUIRE(vkt_cmd_submit_wait(&t, cmd));
            REQUIRE(vkt_read_image(&t, &dst, VK_IMAGE_ASPECT_COLOR_BIT, 0, 2, origin, de, out));
            for (uint32_t y = 0; y < 20; y++)
               memcpy(ddata + ((11 + y) * 90 + 50) * ts, sdata + ((2 + y) * 35 + 3) * ts, 31 * ts);
            if (memcmp(out, ddata, 90 * 40 * ts) != 0)
               test_fail(__FILE__, __LINE__, "format %d: tiling %d -> %d copy differs",
                         formats[f], tilings[si], tilings[di]);
            free(sdata);
            free(ddata);
            free(out);
            vkt_image_destroy(&t, &src);
            vkt_image_destroy(&t, &dst);
         }
      }
   }
   vkt_finish(&t);
}

/* Image copies against a host model of both images: every (level, layer)
 * of both is written with its own pattern, the regions are copied in one
 * vkCmdCopyImage, and every destination subresource must read back as the
 * model says, inside and outside the regions. Both images have the same
 * type (3D: layers are z ranges of layer 0). */
struct copy_model {
   uint8_t *data[4][8]; /* [level][layer] */
   VkExtent3D extent[4];
};

static bool
model_init(struct vkt *t, struct vkt_image *img, const VkImageCreateInfo *ci, uint32_t ts,
           uint32_t seed, struct copy_model *m)
{
   memset(m, 0, sizeof(*m));
   for (uint32_t l = 0; l < ci->mipLevels; l++) {
      m->extent[l] = level_extent(ci, l);
      const size_t size =
         (size_t)m->extent[l].width * m->extent[l].height * m->extent[l].depth * ts;
      for (uint32_t a = 0; a < ci->arrayLayers; a++) {
         m->data[l][a] = malloc(size);
         if (!m->data[l][a])
            return false;
         vkt_fill_pattern(m->data[l][a], size, seed + l * 8 + a);
         if (!vkt_write_image(t, img, VK_IMAGE_ASPECT_COLOR_BIT, l, a, origin,
                              m->extent[l], m->data[l][a]))
            return false;
      }
   }
   return true;
}

static void
model_finish(struct copy_model *m)
{
   for (uint32_t l = 0; l < 4; l++)
      for (uint32_t a = 0; a < 8; a++)
         free(m->data[l][a]);
}

static void
model_copy(const struct copy_model *src, struct copy_model *dst, const VkImageCopy *r,
           uint32_t ts)
{
   const VkExtent3D se = src->extent[r->srcSubresource.mipLevel];
   const VkExtent3D de = dst->extent[r->dstSubresource.mipLevel];
   for (uint32_t i = 0; i < r->srcSubresource.layerCount; i++) {
      const uint8_t *s =
         src->data[r->srcSubresource.mipLevel][r->srcSubresource.baseArrayLayer + i];
      uint8_t *d =
         dst->data[r->dstSubresource.mipLevel][r->dstSubresource.baseArrayLayer + i];
      for (uint32_t z = 0; z < r->extent.depth; z++) {
         for (uint32_t y = 0; y < r->extent.height; y++) {
            const size_t so =
               (((size_t)(r->srcOffset.z + z) * se.height + r->srcOffset.y + y) *
                   se.width +
                r->srcOffset.x) *
               ts;
            const size_t dof =
               (((size_t)(r->dstOffset.z + z) * de.height + r->dstOffset.y + y) *
                   de.width +
                r->dstOffset.x) *
               ts;
            memcpy(d + dof, s + so, (size_t)r->extent.width * ts);
         }
      }
   }
}

static void
check_image_copies(struct vkt *t, const VkImageCreateInfo *sci,
                   const VkImageCreateInfo *dci, const VkImageCopy *regions,
                   uint32_t count, const char *what)
{
   const uint32_t ts = vkt_format_texel_size(sci->format);
   if (!vkt_format_has(t, sci->format, sci->tiling, VK_FORMAT_FEATURE_TRANSFER_SRC_BIT) ||
       !vkt_format_has(t, dci->format, dci->tiling, VK_FORMAT_FEATURE_TRANSFER_DST_BIT))
      return;
   struct vkt_image src, dst;
   if (!vkt_image_create(t, sci, &src))
      return;
   if (!vkt_image_create(t, dci, &dst)) {
      vkt_image_destroy(t, &src);
      return;
   }
   struct copy_model ms, md;
   REQUIRE(vkt_image_to_general(t, &src, sci->initialLayout));
   REQUIRE(vkt_image_to_general(t, &dst, dci->initialLayout));
   REQUIRE(model_init(t, &src, sci, ts, 11, &ms));
   REQUIRE(model_init(t, &dst, dci, ts, 500, &md));
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   vkCmdCopyImage(cmd, src.image, VK_IMAGE_LAYOUT_GENERAL, dst.image,
                  VK_IMAGE_LAYOUT_GENERAL, count, regions);
   REQUIRE(vkt_cmd_submit_wait(t, cmd));
   for (uint32_t i = 0; i < count; i++)
      model_copy(&ms, &md, &regions[i], ts);
   for (uint32_t l = 0; l < dci->mipLevels; l++) {
      const VkExtent3D e = md.extent[l];
      const size_t size = (size_t)e.width * e.height * e.depth * ts;
      uint8_t *out = malloc(size);
      REQUIRE(out);
      for (uint32_t a = 0; a < dci->arrayLayers; a++) {
         REQUIRE(
            vkt_read_image(t, &dst, VK_IMAGE_ASPECT_COLOR_BIT, l, a, origin, e, out));
         if (memcmp(out, md.data[l][a], size) != 0) {
            size_t first = 0;
            while (out[first] == md.data[l][a][first])
               first++;
            test_fail(__FILE__, __LINE__,
                      "%s: format %d: level %u layer %u differs first at texel %zu", what,
                      sci->format, l, a, first / ts);
         }
      }
      free(out);
   }
   model_finish(&ms);
   model_finish(&md);
   vkt_image_destroy(t, &src);
   vkt_image_destroy(t, &dst);
}

static VkImageCopy
image_copy(uint32_t sl, uint32_t sa, VkOffset3D so, uint32_t dl, uint32_t da,
           VkOffset3D dof, uint32_t layers, VkExtent3D e)
{
   return (VkImageCopy){
      .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, sl, sa, layers},
      .srcOffset = so,
      .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, dl, da, layers},
      .dstOffset = dof,
      .extent = e,
   };
}

/* OPTIMAL -> OPTIMAL copies of one element size take a GOB-by-GOB path when
 * the offsets sit at the same place in a 64 B x 8 row GOB (whole
 * subresources of identical images are one run of bytes), and a staged one
 * otherwise; both against the model, for whole subresources, partial
 * regions, offsets inside a GOB, array layers, mip levels, 3D slices, and
 * copies big enough to be split over the worker threads. */
TEST(image_copy_same_tiling_fast_paths)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkFormat formats[] = {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R16_UINT,
                               VK_FORMAT_R32G32B32A32_UINT, VK_FORMAT_R8_UNORM};
   const VkImageTiling opt = VK_IMAGE_TILING_OPTIMAL;
   for (unsigned f = 0; f < ARRAY_SIZE(formats); f++) {
      const int g = 64 / (int)vkt_format_texel_size(formats[f]); /* texels per GOB row */
      const VkImageCreateInfo a =
         vkt_image_info(VK_IMAGE_TYPE_2D, formats[f], opt, 300, 150, 1, 3, 4);
      const VkImageCreateInfo b =
         vkt_image_info(VK_IMAGE_TYPE_2D, formats[f], opt, 360, 90, 1, 2, 3);
      /* Identical images: whole levels and layer ranges, a partial region
       * at GOB-aligned offsets, one lined up inside a GOB, one not lined
       * up, a one-texel one. */
      const VkImageCopy same[] = {
         image_copy(0, 0, (VkOffset3D){0, 0, 0}, 0, 1, (VkOffset3D){0, 0, 0}, 3,
                    (VkExtent3D){300, 150, 1}),
         image_copy(2, 0, (VkOffset3D){0, 0, 0}, 2, 0, (VkOffset3D){0, 0, 0}, 4,
                    (VkExtent3D){75, 37, 1}),
         image_copy(1, 2, (VkOffset3D){g, 8, 0}, 1, 3, (VkOffset3D){2 * g, 16, 0}, 1,
                    (VkExtent3D){20, 30, 1}),
         image_copy(1, 2, (VkOffset3D){3, 5, 0}, 1, 1, (VkOffset3D){3 + g, 13, 0}, 2,
                    (VkExtent3D){60, 41, 1}),
         image_copy(1, 0, (VkOffset3D){1, 1, 0}, 1, 0, (VkOffset3D){2, 3, 0}, 1,
                    (VkExtent3D){70, 50, 1}),
         image_copy(0, 3, (VkOffset3D){299, 149, 0}, 0, 0, (VkOffset3D){0, 0, 0}, 1,
                    (VkExtent3D){1, 1, 1}),
      };
      check_image_copies(&t, &a, &a, same, ARRAY_SIZE(same), "identical images");
      /* Different layouts (pitch, block height, level count). */
      const VkImageCopy other[] = {
         image_copy(0, 1, (VkOffset3D){g, 0, 0}, 0, 2, (VkOffset3D){0, 8, 0}, 1,
                    (VkExtent3D){150, 80, 1}),
         image_copy(1, 0, (VkOffset3D){5, 2, 0}, 1, 0, (VkOffset3D){5 + 2 * g, 10, 0}, 2,
                    (VkExtent3D){40, 35, 1}),
         image_copy(2, 3, (VkOffset3D){0, 0, 0}, 0, 0, (VkOffset3D){7, 9, 0}, 1,
                    (VkExtent3D){75, 37, 1}),
      };
      check_image_copies(&t, &a, &b, other, ARRAY_SIZE(other), "different layouts");
   }
   /* 3D: blocks several GOBs deep, z offsets. */
   const VkImageCreateInfo v =
      vkt_image_info(VK_IMAGE_TYPE_3D, VK_FORMAT_R16G16_UINT, opt, 70, 40, 20, 2, 1);
   const VkImageCopy vol[] = {
      image_copy(0, 0, (VkOffset3D){0, 0, 2}, 0, 0, (VkOffset3D){0, 0, 11}, 1,
                 (VkExtent3D){70, 40, 6}),
      image_copy(0, 0, (VkOffset3D){16, 3, 9}, 0, 0, (VkOffset3D){32, 19, 1}, 1,
                 (VkExtent3D){30, 20, 5}),
      image_copy(1, 0, (VkOffset3D){0, 0, 0}, 1, 0, (VkOffset3D){0, 0, 0}, 1,
                 (VkExtent3D){35, 20, 10}),
   };
   check_image_copies(&t, &v, &v, vol, ARRAY_SIZE(vol), "3D");
   /* Large enough (> 8 MiB) to be cut into bands over the workers: whole,
    * lined up, not lined up, and OPTIMAL <-> LINEAR. */
   const VkImageCreateInfo big = vkt_image_info(
      VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, opt, 1700, 1400, 1, 1, 1);
   const VkImageCreateInfo big_lin =
      vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_LINEAR,
                     1700, 1400, 1, 1, 1);
   const VkImageCopy whole =
      image_copy(0, 0, (VkOffset3D){0, 0, 0}, 0, 0, (VkOffset3D){0, 0, 0}, 1,
                 (VkExtent3D){1700, 1400, 1});
   const VkImageCopy lined_up =
      image_copy(0, 0, (VkOffset3D){3, 5, 0}, 0, 0, (VkOffset3D){19, 93, 0}, 1,
                 (VkExtent3D){1650, 1300, 1});
   const VkImageCopy skewed =
      image_copy(0, 0, (VkOffset3D){1, 2, 0}, 0, 0, (VkOffset3D){6, 7, 0}, 1,
                 (VkExtent3D){1690, 1390, 1});
   check_image_copies(&t, &big, &big, &whole, 1, "big whole");
   check_image_copies(&t, &big, &big, &lined_up, 1, "big lined up");
   check_image_copies(&t, &big, &big, &skewed, 1, "big not lined up");
   check_image_copies(&t, &big, &big_lin, &skewed, 1, "big to LINEAR");
   check_image_copies(&t, &big_lin, &big, &lined_up, 1, "big from LINEAR");
   vkt_finish(&t);
}

/* A LINEAR image written through its mapping (vkGetImageSubresourceLayout)
 * reads back the same through a copy, and copies into an OPTIMAL image. */
TEST(linear_subresource_layout_matches_copies)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
   const VkImageCreateInfo ci =
      vkt_image_info(VK_IMAGE_TYPE_2D, format, VK_IMAGE_TILING_LINEAR, 37, 19, 1, 1, 1);
   struct vkt_image lin;
   if (!vkt_image_create(&t, &ci, &lin))
      return;
   const VkImageSubresource sub = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0};
   VkSubresourceLayout sl;
   vkGetImageSubresourceLayout(t.dev, lin.image, &sub, &sl);
   CHECK(sl.rowPitch >= 37 * 4);
   CHECK(sl.size >= sl.rowPitch * 18 + 37 * 4);
   uint8_t *map;
   VKT_REQUIRE(vkMapMemory(t.dev, lin.memory, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   uint32_t want[37 * 19];
   for (uint32_t y = 0; y < 19; y++) {
      for (uint32_t x = 0; x < 37; x++) {
         want[y * 37 + x] = (y << 16) | x | 0xff000000u;
         memcpy(map + sl.offset + y * sl.rowPitch + x * 4, &want[y * 37 + x], 4);
      }
   }
   vkUnmapMemory(t.dev, lin.memory);
   /* PREINITIALIZED -> GENERAL keeps what the host wrote. */
   REQUIRE(vkt_image_to_general(&t, &lin, VK_IMAGE_LAYOUT_PREINITIALIZED));
   uint32_t out[37 * 19];
   REQUIRE(vkt_read_image(&t, &lin, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                          (VkExtent3D){37, 19, 1}, out));
   CHECK(memcmp(out, want, sizeof(want)) == 0);

   const VkImageCreateInfo oci =
      vkt_image_info(VK_IMAGE_TYPE_2D, format, VK_IMAGE_TILING_OPTIMAL, 37, 19, 1, 1, 1);
   struct vkt_image opt;
   if (vkt_image_create(&t, &oci, &opt)) {
      REQUIRE(vkt_image_to_general(&t, &opt, VK_IMAGE_LAYOUT_UNDEFINED));
      const VkImageCopy r = {
         .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
         .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
         .extent = {37, 19, 1},
      };
      VkCommandBuffer cmd = vkt_cmd_begin(&t);
      vkCmdCopyImage(cmd, lin.image, VK_IMAGE_LAYOUT_GENERAL, opt.image, VK_IMAGE_LAYOUT_GENERAL,
                     1, &r);
      REQUIRE(vkt_cmd_submit_wait(&t, cmd));
      memset(out, 0, sizeof(out));
      REQUIRE(vkt_read_image(&t, &opt, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                             (VkExtent3D){37, 19, 1}, out));
      CHECK(memcmp(out, want, sizeof(want)) == 0);
      vkt_image_destroy(&t, &opt);
   }
   vkt_image_destroy(&t, &lin);
   vkt_finish(&t);
}

/* 3D slices copy to and from 2D array layers (VK_KHR_maintenance1). */
TEST(copy_3d_to_array_and_back)
{
   static const char *const exts[] = {VK_KHR_MAINTENANCE_1_EXTENSION_NAME};
   const struct vkt_req req = {.extensions = exts, .extension_count = 1};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   const VkFormat format = VK_FORMAT_R16G16_UINT;
   const VkImageCreateInfo c3 =
      vkt_image_info(VK_IMAGE_TYPE_3D, format, VK_IMAGE_TILING_OPTIMAL, 24, 20, 6, 1, 1);
   const VkImageCreateInfo c2 =
      vkt_image_info(VK_IMAGE_TYPE_2D, format, VK_IMAGE_TILING_OPTIMAL, 24, 20, 1, 1, 6);
   struct vkt_image i3, i2;
   if (!vkt_image_create(&t, &c3, &i3))
      return;
   REQUIRE(vkt_image_create(&t, &c2, &i2));
   REQUIRE(vkt_image_to_general(&t, &i3, VK_IMAGE_LAYOUT_UNDEFINED));
   REQUIRE(vkt_image_to_general(&t, &i2, VK_IMAGE_LAYOUT_UNDEFINED));
   const size_t slice = 24 * 20 * 4;
   uint8_t *data = malloc(slice * 6), *out = malloc(slice);
   vkt_fill_pattern(data, slice * 6, 33);
   REQUIRE(vkt_write_image(&t, &i3, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                           (VkExtent3D){24, 20, 6}, data));
   /* Slices 1..4 of the 3D image -> layers 2..5 of the array. */
   const VkImageCopy r = {
      .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .srcOffset = {0, 0, 1},
      .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 2, 4},
      .extent = {24, 20, 4},
   };
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdCopyImage(cmd, i3.image, VK_IMAGE_LAYOUT_GENERAL, i2.image, VK_IMAGE_LAYOUT_GENERAL, 1,
                  &r);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   for (uint32_t l = 2; l < 6; l++) {
      REQUIRE(vkt_read_image(&t, &i2, VK_IMAGE_ASPECT_COLOR_BIT, 0, l, origin,
                             (VkExtent3D){24, 20, 1}, out));
      if (memcmp(out, data + slice * (l - 1), slice) != 0)
         test_fail(__FILE__, __LINE__, "layer %u is not slice %u", l, l - 1);
   }
   /* And back: layer 3 -> slice 0. */
   const VkImageCopy back = {
      .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 3, 1},
      .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .extent = {24, 20, 1},
   };
   cmd = vkt_cmd_begin(&t);
   vkCmdCopyImage(cmd, i2.image, VK_IMAGE_LAYOUT_GENERAL, i3.image, VK_IMAGE_LAYOUT_GENERAL, 1,
                  &back);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   REQUIRE(vkt_read_image(&t, &i3, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                          (VkExtent3D){24, 20, 1}, out));
   CHECK(memcmp(out, data + slice * 2, slice) == 0);
   free(data);
   free(out);
   vkt_image_destroy(&t, &i3);
   vkt_image_destroy(&t, &i2);
   vkt_finish(&t);
}

/* The rest of VK_KHR_maintenance1 that transfers can see: a 3D image
 * created 2D_ARRAY_COMPATIBLE (kiln lays it out with one-GOB-deep blocks)
 * holds what is written to it, slice by slice; vkTrimCommandPoolKHR is
 * callable on a pool with and without command buffers. */
TEST(maintenance1_2d_array_compatible_and_trim)
{
   static const char *const exts[] = {VK_KHR_MAINTENANCE_1_EXTENSION_NAME};
   const struct vkt_req req = {.extensions = exts, .extension_count = 1};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_3D, VK_FORMAT_R8G8B8A8_UNORM,
                                         VK_IMAGE_TILING_OPTIMAL, 40, 20, 9, 1, 1);
   ci.flags = VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT;
   struct vkt_image img;
   if (!vkt_image_create(&t, &ci, &img))
      return;
   REQUIRE(vkt_image_to_general(&t, &img, VK_IMAGE_LAYOUT_UNDEFINED));
   const size_t size = 40 * 20 * 9 * 4;
   uint8_t *data = malloc(size), *out = calloc(1, size);
   vkt_fill_pattern(data, size, 91);
   REQUIRE(vkt_write_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                           (VkExtent3D){40, 20, 9}, data));
   REQUIRE(vkt_read_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                          (VkExtent3D){40, 20, 9}, out));
   CHECK(memcmp(out, data, size) == 0);
   /* One slice on its own: its bytes, not a neighbour's. */
   REQUIRE(vkt_read_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0,
                          (VkOffset3D){0, 0, 5}, (VkExtent3D){40, 20, 1}, out));
   CHECK(memcmp(out, data + 5 * 40 * 20 * 4, 40 * 20 * 4) == 0);
   free(data);
   free(out);
   vkt_image_destroy(&t, &img);

   PFN_vkTrimCommandPoolKHR trim = VKT_PROC(&t, vkTrimCommandPoolKHR);
   trim(t.dev, t.pool, 0);
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   REQUIRE(cmd);
   trim(t.dev, t.pool, 0);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   trim(t.dev, t.pool, 0);
   vkt_finish(&t);
}

/* ---------------------------------------------------------------------- */
/* Clears */

struct clear_case {
   VkFormat format;
   VkClearColorValue value;
   uint8_t bytes[16]; /* the packed texel */
};

TEST(clear_color_values)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   /* Values whose packing the spec leaves no room on (exact or halfway
    * cases avoided). */
   const struct clear_case cases[] = {
      {VK_FORMAT_R8G8B8A8_UNORM, {.float32 = {1.0f, 0.0f, 0.2f, 1.0f}}, {0xff, 0, 51, 0xff}},
      {VK_FORMAT_B8G8R8A8_UNORM, {.float32 = {1.0f, 0.0f, 0.2f, 1.0f}}, {51, 0, 0xff, 0xff}},
      {VK_FORMAT_R8G8B8A8_SRGB, {.float32 = {0.5f, 0.0f, 1.0f, 0.2f}}, {188, 0, 0xff, 51}},
      {VK_FORMAT_R8G8B8A8_SNORM, {.float32 = {-1.0f, 1.0f, 0.0f, -0.5f}}, {0x81, 0x7f, 0, 0xc0}},
      {VK_FORMAT_R8_SINT, {.int32 = {-5}}, {0xfb}},
      {VK_FORMAT_R16G16_UINT, {.uint32 = {0x1234, 7}}, {0x34, 0x12, 7, 0}},
      {VK_FORMAT_R32_UINT, {.uint32 = {0xdeadbeef}}, {0xef, 0xbe, 0xad, 0xde}},
      {VK_FORMAT_R16G16B16A16_SFLOAT, {.float32 = {1.0f, -2.0f, 0.5f, 0.0f}},
       {0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0, 0}},
      {VK_FORMAT_R32G32B32A32_SFLOAT, {.float32 = {1.0f, 0.0f, -1.0f, 2.0f}},
       {0, 0, 0x80, 0x3f, 0, 0, 0, 0, 0, 0, 0x80, 0xbf, 0, 0, 0, 0x40}},
      {VK_FORMAT_A2B10G10R10_UNORM_PACK32, {.float32 = {1.0f, 0.0f, 0.0f, 1.0f}},
       {0xff, 0x03, 0x00, 0xc0}},
      {VK_FORMAT_R5G6B5_UNORM_PACK16, {.float32 = {0.0f, 1.0f, 0.0f, 1.0f}}, {0xe0, 0x07}},
      {VK_FORMAT_B10G11R11_UFLOAT_PACK32, {.float32 = {1.0f, 1.0f, 1.0f, 1.0f}},
       {0xc0, 0x03, 0x1e, 0x78}},
   };
   for (unsigned c = 0; c < ARRAY_SIZE(cases); c++) {
      for (unsigned ti = 0; ti < 2; ti++) {
         const VkFormat f = cases[c].format;
         if (!vkt_format_has(&t, f, tilings[ti], VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
                                                    VK_FORMAT_FEATURE_TRANSFER_DST_BIT))
            continue;
         const VkImageCreateInfo ci =
            vkt_image_info(VK_IMAGE_TYPE_2D, f, tilings[ti], 33, 9, 1, 2, 2);
         struct vkt_image img;
         if (!vkt_image_create(&t, &ci, &img))
            continue;
         REQUIRE(vkt_image_to_general(&t, &img, ci.initialLayout));
         const uint32_t ts = vkt_format_texel_size(f);
         /* Fill everything with 0x5a, then clear level 0 of layer 1 only. */
         uint8_t *fill = malloc(33 * 9 * ts), *out = malloc(33 * 9 * ts);
         memset(fill, 0x5a, 33 * 9 * ts);
         for (uint32_t a = 0; a < 2; a++)
            REQUIRE(vkt_write_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, a, origin,
                                    (VkExtent3D){33, 9, 1}, fill));
         VkCommandBuffer cmd = vkt_cmd_begin(&t);
         const VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 1, 1};
         vkCmdClearColorImage(cmd, img.image, VK_IMAGE_LAYOUT_GENERAL, &cases[c].value, 1,
                              &range);
         REQUIRE(vkt_cmd_submit_wait(&t, cmd));
         REQUIRE(vkt_read_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, origin,
                                (VkExtent3D){33, 9, 1}, out));
         bool ok = true;
         for (uint32_t i = 0; i < 33 * 9; i++)
            ok &= memcmp(out + i * ts, cases[c].bytes, ts) == 0;
         if (!ok)
            test_fail(__FILE__, __LINE__, "format %d tiling %d: cleared texel %02x%02x%02x%02x",
                      f, tilings[ti], out[0], out[1], ts > 2 ? out[2] : 0, ts > 3 ? out[3] : 0);
         REQUIRE(vkt_read_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                                (VkExtent3D){33, 9, 1}, out));
         CHECK(memcmp(out, fill, 33 * 9 * ts) == 0); /* layer 0 untouched */
         free(fill);
         free(out);
         vkt_image_destroy(&t, &img);
      }
   }
   vkt_finish(&t);
}

TEST(clear_depth_stencil_aspects)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkFormat formats[] = {VK_FORMAT_D16_UNORM, VK_FORMAT_D32_SFLOAT,
                               VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT,
                               VK_FORMAT_S8_UINT};
   for (unsigned f = 0; f < ARRAY_SIZE(formats); f++) {
      const VkFormat format = formats[f];
      if (!vkt_format_has(&t, format, VK_IMAGE_TILING_OPTIMAL,
                          VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT))
         continue;
      const VkImageCreateInfo ci =
         vkt_image_info(VK_IMAGE_TYPE_2D, format, VK_IMAGE_TILING_OPTIMAL, 20, 12, 1, 1, 1);
      struct vkt_image img;
      if (!vkt_image_create(&t, &ci, &img))
         continue;
      REQUIRE(vkt_image_to_general(&t, &img, ci.initialLayout));
      const VkExtent3D e = {20, 12, 1};
      VkCommandBuffer cmd = vkt_cmd_begin(&t);
      const VkClearDepthStencilValue v1 = {1.0f, 0x5a};
      const VkImageSubresourceRange all = {img.aspects, 0, 1, 0, 1};
      vkCmdClearDepthStencilImage(cmd, img.image, VK_IMAGE_LAYOUT_GENERAL, &v1, 1, &all);
      vkt_cmd_barrier(cmd);
      /* Then only the first aspect to another value: the other one stays. */
      const VkImageAspectFlags first = img.aspects & -img.aspects;
      const VkClearDepthStencilValue v2 = {0.0f, 0x11};
      const VkImageSubresourceRange one = {first, 0, 1, 0, 1};
      vkCmdClearDepthStencilImage(cmd, img.image, VK_IMAGE_LAYOUT_GENERAL, &v2, 1, &one);
      REQUIRE(vkt_cmd_submit_wait(&t, cmd));

      if (img.aspects & VK_IMAGE_ASPECT_DEPTH_BIT) {
         const uint32_t ts = vkt_aspect_texel_size(format, VK_IMAGE_ASPECT_DEPTH_BIT);
         uint8_t out[20 * 12 * 4];
         REQUIRE(vkt_read_image(&t, &img, VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, origin, e, out));
         bool ok = true;
         for (uint32_t i = 0; i < 20 * 12; i++) {
            uint32_t v = 0;
            memcpy(&v, out + i * ts, ts);
            if (format == VK_FORMAT_D24_UNORM_S8_UINT)
               v &= 0xffffff;
            const bool depth_first = first == VK_IMAGE_ASPECT_DEPTH_BIT;
            uint32_t want;
            if (format == VK_FORMAT_D16_UNORM)
               want = depth_first ? 0 : 0xffff;
            else if (format == VK_FORMAT_D24_UNORM_S8_UINT)
               want = depth_first ? 0 : 0xffffff;
            else
               want = depth_first ? 0 : 0x3f800000; /* 1.0f */
            ok &= v == want;
         }
         if (!ok)
            test_fail(__FILE__, __LINE__, "format %d: depth not as cleared", format);
      }
      if (img.aspects & VK_IMAGE_ASPECT_STENCIL_BIT) {
         uint8_t out[20 * 12];
         REQUIRE(vkt_read_image(&t, &img, VK_IMAGE_ASPECT_STENCIL_BIT, 0, 0, origin, e, out));
         const uint8_t want = first == VK_IMAGE_ASPECT_STENCIL_BIT ? 0x11 : 0x5a;
         bool ok = true;
         for (uint32_t i = 0; i < 20 * 12; i++)
            ok &= out[i] == want;
         if (!ok)
            test_fail(__FILE__, __LINE__, "format %d: stencil %#x, want %#x", format, out[0],
                      want);
      }
      vkt_image_destroy(&t, &img);
   }
   vkt_finish(&t);
}

/* ---------------------------------------------------------------------- */
/* Blits */

static bool
make_rgba8(struct vkt *t, uint32_t w, uint32_t h, VkFormat format, struct vkt_image *img,
           const uint32_t *data)
{
   const VkImageCreateInfo ci =
      vkt_image_info(VK_IMAGE_TYPE_2D, format, VK_IMAGE_TILING_OPTIMAL, w, h, 1, 1, 1);
   if (!vkt_image_create(t, &ci, img))
      return false;
   if (!vkt_image_to_general(t, img, VK_IMAGE_LAYOUT_UNDEFINED))
      return false;
   return !data ||
          vkt_write_image(t, img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin, (VkExtent3D){w, h, 1},
                          data);
}

static void
blit(struct vkt *t, struct vkt_image *src, struct vkt_image *dst, VkOffset3D s0, VkOffset3D s1,
     VkOffset3D d0, VkOffset3D d1, VkFilter filter)
{
   const VkImageBlit r = {
      .srcSubresource = {src->aspects, 0, 0, 1},
      .srcOffsets = {s0, s1},
      .dstSubresource = {dst->aspects, 0, 0, 1},
      .dstOffsets = {d0, d1},
   };
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   vkCmdBlitImage(cmd, src->image, VK_IMAGE_LAYOUT_GENERAL, dst->image, VK_IMAGE_LAYOUT_GENERAL,
                  1, &r, filter);
   vkt_cmd_submit_wait(t, cmd);
}

TEST(blit_nearest_scales_and_flips)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkFormat f = VK_FORMAT_R8G8B8A8_UNORM;
   if (!vkt_format_has(&t, f, VK_IMAGE_TILING_OPTIMAL,
                       VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT)) {
      vkt_finish(&t);
      return;
   }
   uint32_t src_px[8 * 8];
   for (uint32_t i = 0; i < 64; i++)
      src_px[i] = 0xff000000u | (i / 8) << 8 | (i % 8);
   struct vkt_image src, dst;
   REQUIRE(make_rgba8(&t, 8, 8, f, &src, src_px));
   REQUIRE(make_rgba8(&t, 16, 16, f, &dst, NULL));

   /* 2x magnification: each source texel becomes a 2x2 block. */
   blit(&t, &src, &dst, (VkOffset3D){0, 0, 0}, (VkOffset3D){8, 8, 1}, (VkOffset3D){0, 0, 0},
        (VkOffset3D){16, 16, 1}, VK_FILTER_NEAREST);
   uint32_t out[16 * 16];
   REQUIRE(vkt_read_image(&t, &dst, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                          (VkExtent3D){16, 16, 1}, out));
   bool ok = true;
   for (uint32_t y = 0; y < 16; y++)
      for (uint32_t x = 0; x < 16; x++)
         ok &= out[y * 16 + x] == src_px[(y / 2) * 8 + x / 2];
   CHECK(ok);

   /* Minification 8 -> 4 picks texels 1, 3, 5, 7 (centres 2x + 1). */
   blit(&t, &src, &dst, (VkOffset3D){0, 0, 0}, (VkOffset3D){8, 8, 1}, (VkOffset3D){0, 0, 0},
        (VkOffset3D){4, 4, 1}, VK_FILTER_NEAREST);
   REQUIRE(vkt_read_image(&t, &dst, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                          (VkExtent3D){4, 4, 1}, out));
   ok = true;
   for (uint32_t y = 0; y < 4; y++)
      for (uint32_t x = 0; x < 4; x++)
         ok &= out[y * 4 + x] == src_px[(2 * y + 1) * 8 + 2 * x + 1];
   CHECK(ok);

   /* Flips: x through reversed destination offsets, y through reversed
    * source offsets; a sub-rectangle into the middle of the destination. */
   blit(&t, &src, &dst, (VkOffset3D){2, 6, 0}, (VkOffset3D){6, 2, 1}, (VkOffset3D){9, 5, 0},
        (VkOffset3D){5, 9, 1}, VK_FILTER_NEAREST);
   REQUIRE(vkt_read_image(&t, &dst, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                          (VkExtent3D){16, 16, 1}, out));
   ok = true;
   for (uint32_t y = 0; y < 4; y++)
      for (uint32_t x = 0; x < 4; x++)
         ok &= out[(5 + y) * 16 + (5 + x)] == src_px[(5 - y) * 8 + (5 - x)];
   CHECK(ok);
   vkt_image_destroy(&t, &src);
   vkt_image_destroy(&t, &dst);
   vkt_finish(&t);
}

TEST(blit_linear_filters)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkFormat f = VK_FORMAT_R8G8B8A8_UNORM;
   if (!vkt_format_has(&t, f, VK_IMAGE_TILING_OPTIMAL,
                       VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT |
                          VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)) {
      vkt_finish(&t);
      return;
   }
   /* Channel values chosen so every average below is an exact integer. */
   uint32_t src_px[4 * 4];
   for (uint32_t i = 0; i < 16; i++)
      src_px[i] = 0xff000000u | ((i % 4) * 64) | ((i / 4) * 64) << 8;
   struct vkt_image src, small, big;
   REQUIRE(make_rgba8(&t, 4, 4, f, &src, src_px));
   REQUIRE(make_rgba8(&t, 2, 2, f, &small, NULL));
   REQUIRE(make_rgba8(&t, 8, 8, f, &big, NULL));

   /* 2x minification: each texel is the average of a 2x2 block. */
   blit(&t, &src, &small, (VkOffset3D){0, 0, 0}, (VkOffset3D){4, 4, 1}, (VkOffset3D){0, 0, 0},
        (VkOffset3D){2, 2, 1}, VK_FILTER_LINEAR);
   uint32_t out[64];
   REQUIRE(vkt_read_image(&t, &small, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                          (VkExtent3D){2, 2, 1}, out));
   bool ok = true;
   for (uint32_t y = 0; y < 2; y++)
      for (uint32_t x = 0; x < 2; x++)
         ok &= out[y * 2 + x] == (0xff000000u | (x * 128 + 32) | (y * 128 + 32) << 8);
   CHECK(ok);

   /* 2x magnification along x only of one row: weights 1/4 and 3/4 between
    * neighbours, clamped at the edges. Row 0: red 0, 64, 128, 192. */
   blit(&t, &src, &big, (VkOffset3D){0, 0, 0}, (VkOffset3D){4, 1, 1}, (VkOffset3D){0, 0, 0},
        (VkOffset3D){8, 1, 1}, VK_FILTER_LINEAR);
   REQUIRE(vkt_read_image(&t, &big, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                          (VkExtent3D){8, 1, 1}, out));
   const uint32_t want_r[8] = {0, 16, 48, 80, 112, 144, 176, 192};
   ok = true;
   for (uint32_t x = 0; x < 8; x++)
      ok &= (out[x] & 0xff) == want_r[x] && (out[x] >> 24) == 0xff;
   if (!ok)
      test_fail(__FILE__, __LINE__, "magnified row: %u %u %u %u %u %u %u %u", out[0] & 0xff,
                out[1] & 0xff, out[2] & 0xff, out[3] & 0xff, out[4] & 0xff, out[5] & 0xff,
                out[6] & 0xff, out[7] & 0xff);
   vkt_image_destroy(&t, &src);
   vkt_image_destroy(&t, &small);
   vkt_image_destroy(&t, &big);
   vkt_finish(&t);
}

TEST(blit_converts_formats)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkFormatFeatureFlags blit_src = VK_FORMAT_FEATURE_BLIT_SRC_BIT;
   const VkFormatFeatureFlags blit_dst = VK_FORMAT_FEATURE_BLIT_DST_BIT;
   uint32_t px[4] = {0xff000000u, 0xff0000ffu, 0x80ff8000u, 0x00336699u};
   struct vkt_image src;
   REQUIRE(make_rgba8(&t, 2, 2, VK_FORMAT_R8G8B8A8_UNORM, &src, px));

   /* UNORM -> float: c / 255. */
   if (vkt_format_has(&t, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL, blit_src) &&
       vkt_format_has(&t, VK_FORMAT_R32G32B32A32_SFLOAT, VK_IMAGE_TILING_OPTIMAL, blit_dst)) {
      struct vkt_image dst;
      REQUIRE(make_rgba8(&t, 2, 2, VK_FORMAT_R32G32B32A32_SFLOAT, &dst, NULL));
      blit(&t, &src, &dst, origin, (VkOffset3D){2, 2, 1}, origin, (VkOffset3D){2, 2, 1},
           VK_FILTER_NEAREST);
      float out[16];
      REQUIRE(vkt_read_image(&t, &dst, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                             (VkExtent3D){2, 2, 1}, out));
      bool ok = true;
      for (uint32_t i = 0; i < 4; i++)
         for (uint32_t c = 0; c < 4; c++)
            ok &= fabsf(out[i * 4 + c] - ((px[i] >> (8 * c)) & 0xff) / 255.0f) < 1e-6f;
      CHECK(ok);
      vkt_image_destroy(&t, &dst);
   }
   /* UNORM -> SRGB: linear values encoded (within one step). */
   if (vkt_format_has(&t, VK_FORMAT_R8G8B8A8_SRGB, VK_IMAGE_TILING_OPTIMAL, blit_dst)) {
      struct vkt_image dst;
      REQUIRE(make_rgba8(&t, 2, 2, VK_FORMAT_R8G8B8A8_SRGB, &dst, NULL));
      blit(&t, &src, &dst, origin, (VkOffset3D){2, 2, 1}, origin, (VkOffset3D){2, 2, 1},
           VK_FILTER_NEAREST);
      uint8_t out[16];
      REQUIRE(vkt_read_image(&t, &dst, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                             (VkExtent3D){2, 2, 1}, out));
      bool ok = true;
      for (uint32_t i = 0; i < 4; i++) {
         for (uint32_t c = 0; c < 4; c++) {
            const float lin = ((px[i] >> (8 * c)) & 0xff) / 255.0f;
            const float s = c == 3 ? lin
                            : lin <= 0.0031308f ? 12.92f * lin
                                                : 1.055f * powf(lin, 1 / 2.4f) - 0.055f;
            ok &= fabsf(out[i * 4 + c] - s * 255.0f) <= 1.0f;
         }
      }
      CHECK(ok);
      vkt_image_destroy(&t, &dst);
   }
   /* UINT -> UINT of another width: values kept, clamped when too big. */
   if (vkt_format_has(&t, VK_FORMAT_R16_UINT, VK_IMAGE_TILING_OPTIMAL, blit_src) &&
       vkt_format_has(&t, VK_FORMAT_R8_UINT, VK_IMAGE_TILING_OPTIMAL, blit_dst)) {
      const VkImageCreateInfo ci16 = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R16_UINT,
                                                    VK_IMAGE_TILING_OPTIMAL, 4, 1, 1, 1, 1);
      const VkImageCreateInfo ci8 = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R8_UINT,
                                                   VK_IMAGE_TILING_OPTIMAL, 4, 1, 1, 1, 1);
      struct vkt_image a, b;
      REQUIRE(vkt_image_create(&t, &ci16, &a) && vkt_image_create(&t, &ci8, &b));
      REQUIRE(vkt_image_to_general(&t, &a, VK_IMAGE_LAYOUT_UNDEFINED));
      REQUIRE(vkt_image_to_general(&t, &b, VK_IMAGE_LAYOUT_UNDEFINED));
      const uint16_t v[4] = {0, 7, 200, 255};
      REQUIRE(vkt_write_image(&t, &a, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                              (VkExtent3D){4, 1, 1}, v));
      blit(&t, &a, &b, origin, (VkOffset3D){4, 1, 1}, origin, (VkOffset3D){4, 1, 1},
           VK_FILTER_NEAREST);
      uint8_t out[4];
      REQUIRE(vkt_read_image(&t, &b, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                             (VkExtent3D){4, 1, 1}, out));
      CHECK(out[0] == 0 && out[1] == 7 && out[2] == 200 && out[3] == 255);
      vkt_image_destroy(&t, &a);
      vkt_image_destroy(&t, &b);
   }
   vkt_image_destroy(&t, &src);
   vkt_finish(&t);
}

/* ---------------------------------------------------------------------- */

/* For every uncompressed format and tiling: what the driver advertises
 * works. TRANSFER: image -> image copies keep every byte. BLIT (and LINEAR
 * filtering): a 1:1 blit of a cleared image gives what clearing the
 * destination directly gives. */
TEST(every_advertised_transfer_feature_works)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   unsigned tested = 0;
   for (VkFormat f = VK_FORMAT_R4G4_UNORM_PACK8; f <= VK_FORMAT_E5B9G9R9_UFLOAT_PACK32 + 7;
        f++) {
      const uint32_t ts = vkt_format_texel_size(f);
      if (ts == 0)
         continue;
      for (unsigned ti = 0; ti < 2; ti++) {
         const VkImageTiling tiling = tilings[ti];
         VkFormatProperties fp;
         vkGetPhysicalDeviceFormatProperties(t.pdev, f, &fp);
         const VkFormatFeatureFlags ff =
            tiling == VK_IMAGE_TILING_LINEAR ? fp.linearTilingFeatures : fp.optimalTilingFeatures;
         const VkFormatFeatureFlags xfer =
            VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
         if ((ff & xfer) != xfer)
            continue;
         const VkImageAspectFlags aspects = vkt_format_aspects(f);
         const VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, f, tiling, 9, 5, 1, 1, 1);
         VkImageFormatProperties ifp;
         /* Depth/stencil with LINEAR, or formats a driver lists without
          * being able to make this image, are not advertised for it. */
         if (vkGetPhysicalDeviceImageFormatProperties(t.pdev, f, VK_IMAGE_TYPE_2D, tiling,
                                                      ci.usage, 0, &ifp) != VK_SUCCESS)
            continue;
         struct vkt_image a, b, r;
         REQUIRE(vkt_image_create(&t, &ci, &a));
         REQUIRE(vkt_image_create(&t, &ci, &b));
         REQUIRE(vkt_image_create(&t, &ci, &r));
         REQUIRE(vkt_image_to_general(&t, &a, ci.initialLayout));
         REQUIRE(vkt_image_to_general(&t, &b, ci.initialLayout));
         REQUIRE(vkt_image_to_general(&t, &r, ci.initialLayout));
         const VkExtent3D e = {9, 5, 1};
         tested++;

         /* Copies: every byte of every aspect. */
         for (VkImageAspectFlags as = aspects; as; as &= as - 1) {
            const VkImageAspectFlags aspect = as & -as;
            const uint32_t ats = vkt_aspect_texel_size(f, aspect);
            uint8_t in[9 * 5 * 32], out[9 * 5 * 32];
            vkt_fill_pattern(in, sizeof(in), f + ti);
            if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT && ats == 4) {
               for (uint32_t i = 0; i < 45; i++) {
                  if (f == VK_FORMAT_D32_SFLOAT || f == VK_FORMAT_D32_SFLOAT_S8_UINT) {
                     const float v = (float)i / 45.0f;
                     memcpy(in + 4 * i, &v, 4);
                  } else {
                     in[4 * i + 3] = 0;
                  }
               }
            }
            REQUIRE(vkt_write_image(&t, &a, aspect, 0, 0, origin, e, in));
            const VkImageCopy cr = {
               .srcSubresource = {aspect, 0, 0, 1},
               .dstSubresource = {aspect, 0, 0, 1},
               .extent = e,
            };
            VkCommandBuffer cmd = vkt_cmd_begin(&t);
            vkCmdCopyImage(cmd, a.image, VK_IMAGE_LAYOUT_GENERAL, b.image,
                           VK_IMAGE_LAYOUT_GENERAL, 1, &cr);
            REQUIRE(vkt_cmd_submit_wait(&t, cmd));
            REQUIRE(vkt_read_image(&t, &b, aspect, 0, 0, origin, e, out));
            if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT && ats == 4 && f != VK_FORMAT_D32_SFLOAT &&
                f != VK_FORMAT_D32_SFLOAT_S8_UINT)
               for (uint32_t i = 0; i < 45; i++)
                  out[4 * i + 3] = 0;
            if (memcmp(in, out, 45 * ats) != 0)
               test_fail(__FILE__, __LINE__, "format %d tiling %d: copy changed the data", f,
                         tiling);
         }

         /* Blits against clears. */
         const VkFormatFeatureFlags blit =
            VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT;
         if ((ff & blit) == blit) {
            VkCommandBuffer cmd = vkt_cmd_begin(&t);
            const VkImageSubresourceRange range = {aspects, 0, 1, 0, 1};
            if (aspects & VK_IMAGE_ASPECT_COLOR_BIT) {
               VkClearColorValue c = {.float32 = {0.75f, 0.25f, 0.5f, 1.0f}};
               VkFormatProperties dummy;
               (void)dummy;
               /* Integer formats take the integer view of the value. */
               if ((f >= VK_FORMAT_R8_UINT && f <= VK_FORMAT_R8_SINT) ||
                   (ff & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) == 0)
                  c = (VkClearColorValue){.uint32 = {3, 1, 2, 1}};
               vkCmdClearColorImage(cmd, a.image, VK_IMAGE_LAYOUT_GENERAL, &c, 1, &range);
               vkCmdClearColorImage(cmd, r.image, VK_IMAGE_LAYOUT_GENERAL, &c, 1, &range);
            } else {
               const VkClearDepthStencilValue c = {0.5f, 7};
               vkCmdClearDepthStencilImage(cmd, a.image, VK_IMAGE_LAYOUT_GENERAL, &c, 1,
                                           &range);
               vkCmdClearDepthStencilImage(cmd, r.image, VK_IMAGE_LAYOUT_GENERAL, &c, 1,
                                           &range);
            }
            vkt_cmd_barrier(cmd);
            const VkImageBlit br = {
               .srcSubresource = {aspects, 0, 0, 1},
               .srcOffsets = {{0, 0, 0}, {9, 5, 1}},
               .dstSubresource = {aspects, 0, 0, 1},
               .dstOffsets = {{0, 0, 0}, {9, 5, 1}},
            };
            const VkFilter filter = (ff & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)
                                       ? VK_FILTER_LINEAR
                                       : VK_FILTER_NEAREST;
            vkCmdBlitImage(cmd, a.image, VK_IMAGE_LAYOUT_GENERAL, b.image,
                           VK_IMAGE_LAYOUT_GENERAL, 1, &br, filter);
            REQUIRE(vkt_cmd_submit_wait(&t, cmd));
            for (VkImageAspectFlags as = aspects; as; as &= as - 1) {
               const VkImageAspectFlags aspect = as & -as;
               const uint32_t ats = vkt_aspect_texel_size(f, aspect);
               uint8_t ob[9 * 5 * 32], orf[9 * 5 * 32];
               REQUIRE(vkt_read_image(&t, &b, aspect, 0, 0, origin, e, ob));
               REQUIRE(vkt_read_image(&t, &r, aspect, 0, 0, origin, e, orf));
               if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT && ats == 4 && f != VK_FORMAT_D32_SFLOAT &&
                   f != VK_FORMAT_D32_SFLOAT_S8_UINT)
                  for (uint32_t i = 0; i < 45; i++)
                     ob[4 * i + 3] = orf[4 * i + 3] = 0;
               if (memcmp(ob, orf, 45 * ats) != 0)
                  test_fail(__FILE__, __LINE__,
                            "format %d tiling %d: blit of a cleared image differs from a clear",
                            f, tiling);
            }
         }
         vkt_image_destroy(&t, &a);
         vkt_image_destroy(&t, &b);
         vkt_image_destroy(&t, &r);
      }
   }
   printf("  %u format/tiling pairs exercised\n", tested);
   CHECK(tested > 10);
   vkt_finish(&t);
}

/* The *2 entry points of VK_KHR_copy_commands2, VK_KHR_get_memory_requirements2,
 * VK_KHR_bind_memory2 and VK_KHR_dedicated_allocation: the same results as
 * their 1.0 forms, several binds in one call, a dedicated allocation. */
TEST(copy_commands2_and_memory2)
{
   static const char *const exts[] = {
      VK_KHR_COPY_COMMANDS_2_EXTENSION_NAME, VK_KHR_GET_MEMORY_REQUIREMENTS_2_EXTENSION_NAME,
      VK_KHR_BIND_MEMORY_2_EXTENSION_NAME, VK_KHR_DEDICATED_ALLOCATION_EXTENSION_NAME};
   const struct vkt_req req = {.extensions = exts, .extension_count = 4};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   PFN_vkGetBufferMemoryRequirements2KHR buf_req2 = VKT_PROC(&t, vkGetBufferMemoryRequirements2KHR);
   PFN_vkGetImageMemoryRequirements2KHR img_req2 = VKT_PROC(&t, vkGetImageMemoryRequirements2KHR);
   PFN_vkBindBufferMemory2KHR bind_buf2 = VKT_PROC(&t, vkBindBufferMemory2KHR);
   PFN_vkBindImageMemory2KHR bind_img2 = VKT_PROC(&t, vkBindImageMemory2KHR);
   PFN_vkCmdCopyBuffer2KHR copy_buf2 = VKT_PROC(&t, vkCmdCopyBuffer2KHR);
   PFN_vkCmdCopyBufferToImage2KHR b2i2 = VKT_PROC(&t, vkCmdCopyBufferToImage2KHR);
   PFN_vkCmdCopyImage2KHR copy_img2 = VKT_PROC(&t, vkCmdCopyImage2KHR);
   PFN_vkCmdCopyImageToBuffer2KHR i2b2 = VKT_PROC(&t, vkCmdCopyImageToBuffer2KHR);
   PFN_vkCmdBlitImage2KHR blit2 = VKT_PROC(&t, vkCmdBlitImage2KHR);
   REQUIRE(buf_req2 && img_req2 && bind_buf2 && bind_img2 && copy_buf2 && b2i2 && copy_img2 &&
           i2b2 && blit2);

   /* Two buffers and two images, requirements both ways. */
   VkBuffer bufs[2];
   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = 16 * 16 * 4,
      .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
   };
   VkImage imgs[2];
   const VkImageCreateInfo ici = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                                                VK_IMAGE_TILING_OPTIMAL, 16, 16, 1, 1, 1);
   VkMemoryRequirements r1[4];
   VkMemoryDedicatedRequirements ded[4];
   VkMemoryRequirements2 r2[4];
   for (unsigned i = 0; i < 2; i++) {
      VKT_REQUIRE(vkCreateBuffer(t.dev, &bci, NULL, &bufs[i]));
      VKT_REQUIRE(vkCreateImage(t.dev, &ici, NULL, &imgs[i]));
      vkGetBufferMemoryRequirements(t.dev, bufs[i], &r1[i]);
      vkGetImageMemoryRequirements(t.dev, imgs[i], &r1[2 + i]);
   }
   for (unsigned i = 0; i < 4; i++) {
      ded[i] = (VkMemoryDedicatedRequirements){
         .sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS};
      r2[i] = (VkMemoryRequirements2){.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2,
                                      .pNext = &ded[i]};
      if (i < 2) {
         const VkBufferMemoryRequirementsInfo2 bi = {
            .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_REQUIREMENTS_INFO_2, .buffer = bufs[i]};
         buf_req2(t.dev, &bi, &r2[i]);
      } else {
         const VkImageMemoryRequirementsInfo2 ii = {
            .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_REQUIREMENTS_INFO_2, .image = imgs[i - 2]};
         img_req2(t.dev, &ii, &r2[i]);
      }
      CHECK(r1[i].size == r2[i].memoryRequirements.size &&
            r1[i].alignment == r2[i].memoryRequirements.alignment &&
            r1[i].memoryTypeBits == r2[i].memoryRequirements.memoryTypeBits);
      CHECK(!ded[i].requiresDedicatedAllocation);
   }

   /* Buffers share one allocation; image 0 gets a dedicated one, image 1
    * another plain one. */
   const uint32_t type = vkt_memory_type(&t, r1[0].memoryTypeBits,
                                         VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
   const VkDeviceSize buf_stride = (r1[0].size + r1[0].alignment - 1) & ~(r1[0].alignment - 1);
   VkDeviceMemory bmem, imem0, imem1;
   const VkMemoryAllocateInfo bai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                     .allocationSize = buf_stride + r1[1].size,
                                     .memoryTypeIndex = type};
   VKT_REQUIRE(vkAllocateMemory(t.dev, &bai, NULL, &bmem));
   const VkMemoryDedicatedAllocateInfo dai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO, .image = imgs[0]};
   const VkMemoryAllocateInfo iai0 = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                      .pNext = &dai,
                                      .allocationSize = r1[2].size,
                                      .memoryTypeIndex = vkt_memory_type(&t, r1[2].memoryTypeBits, 0)};
   VKT_REQUIRE(vkAllocateMemory(t.dev, &iai0, NULL, &imem0));
   const VkMemoryAllocateInfo iai1 = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                      .allocationSize = r1[3].size,
                                      .memoryTypeIndex = vkt_memory_type(&t, r1[3].memoryTypeBits, 0)};
   VKT_REQUIRE(vkAllocateMemory(t.dev, &iai1, NULL, &imem1));
   const VkBindBufferMemoryInfo bb[2] = {
      {.sType = VK_STRUCTURE_TYPE_BIND_BUFFER_MEMORY_INFO, .buffer = bufs[0], .memory = bmem},
      {.sType = VK_STRUCTURE_TYPE_BIND_BUFFER_MEMORY_INFO, .buffer = bufs[1], .memory = bmem,
       .memoryOffset = buf_stride},
   };
   VKT_CHECK(bind_buf2(t.dev, 2, bb));
   const VkBindImageMemoryInfo ib[2] = {
      {.sType = VK_STRUCTURE_TYPE_BIND_IMAGE_MEMORY_INFO, .image = imgs[0], .memory = imem0},
      {.sType = VK_STRUCTURE_TYPE_BIND_IMAGE_MEMORY_INFO, .image = imgs[1], .memory = imem1},
   };
   VKT_CHECK(bind_img2(t.dev, 2, ib));

   uint8_t *map;
   VKT_REQUIRE(vkMapMemory(t.dev, bmem, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   uint32_t *src = (uint32_t *)map, *dst = (uint32_t *)(map + buf_stride);
   for (uint32_t i = 0; i < 256; i++)
      src[i] = 0xff000000u | i;
   memset(dst, 0, 1024);

   /* buffer 0 -> image 0 -> image 1 (blit, mirrored in x) -> buffer 1,
    * and a buffer copy of the first row over it at the end. */
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   const struct vkt_image i0 = {.image = imgs[0], .aspects = VK_IMAGE_ASPECT_COLOR_BIT};
   const struct vkt_image i1 = {.image = imgs[1], .aspects = VK_IMAGE_ASPECT_COLOR_BIT};
   vkt_cmd_transition(cmd, &i0, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL);
   vkt_cmd_transition(cmd, &i1, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL);
   const VkBufferImageCopy2 bic = {.sType = VK_STRUCTURE_TYPE_BUFFER_IMAGE_COPY_2,
                                   .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                   .imageExtent = {16, 16, 1}};
   const VkCopyBufferToImageInfo2 cbi = {.sType = VK_STRUCTURE_TYPE_COPY_BUFFER_TO_IMAGE_INFO_2,
                                         .srcBuffer = bufs[0],
                                         .dstImage = imgs[0],
                                         .dstImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                         .regionCount = 1,
                                         .pRegions = &bic};
   b2i2(cmd, &cbi);
   vkt_cmd_barrier(cmd);
   const VkImageCopy2 ic = {.sType = VK_STRUCTURE_TYPE_IMAGE_COPY_2,
                            .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                            .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                            .extent = {16, 8, 1}};
   const VkCopyImageInfo2 cii = {.sType = VK_STRUCTURE_TYPE_COPY_IMAGE_INFO_2,
                                 .srcImage = imgs[0],
                                 .srcImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                 .dstImage = imgs[1],
                                 .dstImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                 .regionCount = 1,
                                 .pRegions = &ic};
   copy_img2(cmd, &cii);
   const VkImageBlit2 blit = {.sType = VK_STRUCTURE_TYPE_IMAGE_BLIT_2,
                              .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                              .srcOffsets = {{0, 8, 0}, {16, 16, 1}},
                              .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                              .dstOffsets = {{16, 8, 0}, {0, 16, 1}}};
   const VkBlitImageInfo2 bli = {.sType = VK_STRUCTURE_TYPE_BLIT_IMAGE_INFO_2,
                                 .srcImage = imgs[0],
                                 .srcImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                 .dstImage = imgs[1],
                                 .dstImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                 .regionCount = 1,
                                 .pRegions = &blit,
                                 .filter = VK_FILTER_NEAREST};
   blit2(cmd, &bli);
   vkt_cmd_barrier(cmd);
   const VkCopyImageToBufferInfo2 ibi = {.sType = VK_STRUCTURE_TYPE_COPY_IMAGE_TO_BUFFER_INFO_2,
                                         .srcImage = imgs[1],
                                         .srcImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                         .dstBuffer = bufs[1],
                                         .regionCount = 1,
                                         .pRegions = &bic};
   i2b2(cmd, &ibi);
   vkt_cmd_barrier(cmd);
   const VkBufferCopy2 bc = {.sType = VK_STRUCTURE_TYPE_BUFFER_COPY_2, .size = 64};
   const VkCopyBufferInfo2 cbf = {.sType = VK_STRUCTURE_TYPE_COPY_BUFFER_INFO_2,
                                  .srcBuffer = bufs[0],
                                  .dstBuffer = bufs[1],
                                  .regionCount = 1,
                                  .pRegions = &bc};
   copy_buf2(cmd, &cbf);
   vkt_cmd_barrier(cmd);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));

   bool ok = true;
   for (uint32_t y = 0; y < 16; y++)
      for (uint32_t x = 0; x < 16; x++)
         ok &= dst[y * 16 + x] == (y < 8 ? src[y * 16 + x] : src[y * 16 + (15 - x)]);
   CHECK(ok);

   for (unsigned i = 0; i < 2; i++) {
      vkDestroyBuffer(t.dev, bufs[i], NULL);
      vkDestroyImage(t.dev, imgs[i], NULL);
   }
   vkFreeMemory(t.dev, bmem, NULL);
   vkFreeMemory(t.dev, imem0, NULL);
   vkFreeMemory(t.dev, imem1, NULL);
   vkt_finish(&t);
}

/* ---------------------------------------------------------------------- */
/* VK_IMAGE_CREATE_EXTENDED_USAGE_BIT (VK_KHR_maintenance2, Vulkan 1.1) */

static VkResult
format_query(struct vkt *t, VkFormat format, VkImageTiling tiling, VkImageUsageFlags usage,
             VkImageCreateFlags flags, const VkFormat *list, uint32_t list_count)
{
   const VkImageFormatListCreateInfo fl = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO,
      .viewFormatCount = list_count,
      .pViewFormats = list,
   };
   const VkPhysicalDeviceImageFormatInfo2 ii = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2,
      .pNext = list_count ? &fl : NULL,
      .format = format,
      .type = VK_IMAGE_TYPE_2D,
      .tiling = tiling,
      .usage = usage,
      .flags = flags,
   };
   VkImageFormatProperties2 ip = {.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2};
   PFN_vkGetPhysicalDeviceImageFormatProperties2KHR gifp =
      (PFN_vkGetPhysicalDeviceImageFormatProperties2KHR)vkGetInstanceProcAddr(
         t->instance, "vkGetPhysicalDeviceImageFormatProperties2KHR");
   return gifp(t->pdev, &ii, &ip);
}

/* Vulkan 1.3.250, VkImageCreateFlagBits: an EXTENDED_USAGE image "can be
 * created with usage flags that are not supported for the format the image
 * is created with but are supported for at least one format a VkImageView
 * created from the image can have". For every pair of 32-bit formats (one
 * compatibility class) and usage whose feature the image's format lacks
 * and the view's has: the query accepts it with MUTABLE_FORMAT |
 * EXTENDED_USAGE and both in the format list, and (kiln, which checks the
 * list; the spec lets others accept more) refuses it without
 * EXTENDED_USAGE or with a list naming only the image's format. The image
 * is then made, viewed as the other format with the usage and as itself
 * with a narrower VkImageViewUsageCreateInfo, and cleared and read back
 * through the transfer usage. */
TEST(extended_usage_across_view_formats)
{
   static const char *const exts[] = {VK_KHR_MAINTENANCE_2_EXTENSION_NAME,
                                      VK_KHR_IMAGE_FORMAT_LIST_EXTENSION_NAME};
   const struct vkt_req req = {.extensions = exts, .extension_count = 2};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   static const VkFormat fmts[] = {
      VK_FORMAT_R8G8B8A8_SRGB,  VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_B8G8R8A8_SRGB,
      VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R32_SFLOAT,     VK_FORMAT_R32_UINT,
      VK_FORMAT_R16G16_SFLOAT,  VK_FORMAT_E5B9G9R9_UFLOAT_PACK32,
      VK_FORMAT_B10G11R11_UFLOAT_PACK32,
   };
   static const struct {
      VkImageUsageFlags usage;
      VkFormatFeatureFlags feature;
   } uses[] = {
      {VK_IMAGE_USAGE_STORAGE_BIT, VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT},
      {VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT},
      {VK_IMAGE_USAGE_SAMPLED_BIT, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT},
   };
   const VkImageCreateFlags ext_flags =
      VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT;
   const VkFormatFeatureFlags xfer =
      VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
   unsigned pairs = 0;
   for (unsigned a = 0; a < ARRAY_SIZE(fmts); a++) {
      for (unsigned b = 0; b < ARRAY_SIZE(fmts); b++) {
         for (unsigned u = 0; u < ARRAY_SIZE(uses); u++) {
            const VkImageTiling tiling = VK_IMAGE_TILING_OPTIMAL;
            if (a == b || vkt_format_has(&t, fmts[a], tiling, uses[u].feature) ||
                !vkt_format_has(&t, fmts[a], tiling, xfer) ||
                !vkt_format_has(&t, fmts[b], tiling, uses[u].feature))
               continue;
            pairs++;
            const VkFormat list[2] = {fmts[a], fmts[b]};
            const VkImageUsageFlags usage = uses[u].usage |
                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                            VK_IMAGE_USAGE_TRANSFER_DST_BIT;
            const VkResult yes = format_query(&t, fmts[a], tiling, usage, ext_flags, list, 2);
            if (yes != VK_SUCCESS)
               test_fail(__FILE__, __LINE__, "format %d usage 0x%x via %d: %s", fmts[a],
                         usage, fmts[b], vkt_result_str(yes));
            if (t.is_kiln) {
               CHECK_EQ(format_query(&t, fmts[a], tiling, usage,
                                     VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT, list, 2),
                        VK_ERROR_FORMAT_NOT_SUPPORTED);
               CHECK_EQ(format_query(&t, fmts[a], tiling, usage, ext_flags, list, 1),
                        VK_ERROR_FORMAT_NOT_SUPPORTED);
            }
            if (yes != VK_SUCCESS)
               continue;

            const VkImageFormatListCreateInfo fl = {
               .sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO,
               .viewFormatCount = 2,
               .pViewFormats = list,
            };
            VkImageCreateInfo ci =
               vkt_image_info(VK_IMAGE_TYPE_2D, fmts[a], tiling, 8, 4, 1, 1, 1);
            ci.pNext = &fl;
            ci.flags = ext_flags;
            ci.usage = usage;
            struct vkt_image img;
            REQUIRE(vkt_image_create(&t, &ci, &img));
            VkImageViewCreateInfo vci = {
               .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
               .image = img.image,
               .viewType = VK_IMAGE_VIEW_TYPE_2D,
               .format = fmts[b],
               .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
            };
            VkImageView vb, va;
            VKT_CHECK(vkCreateImageView(t.dev, &vci, NULL, &vb));
            const VkImageViewUsageCreateInfo vu = {
               .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
               .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
            };
            vci.pNext = &vu;
            vci.format = fmts[a];
            VKT_CHECK(vkCreateImageView(t.dev, &vci, NULL, &va));
            REQUIRE(vkt_image_to_general(&t, &img, VK_IMAGE_LAYOUT_UNDEFINED));
            const uint32_t ts = vkt_format_texel_size(fmts[a]);
            uint8_t data[8 * 4 * 16], out[8 * 4 * 16];
            vkt_fill_pattern(data, 8 * 4 * ts, 7 + a * 16 + b);
            REQUIRE(vkt_write_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                                    (VkExtent3D){8, 4, 1}, data));
            REQUIRE(vkt_read_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, origin,
                                   (VkExtent3D){8, 4, 1}, out));
            CHECK(memcmp(out, data, 8 * 4 * ts) == 0);
            vkDestroyImageView(t.dev, va, NULL);
            vkDestroyImageView(t.dev, vb, NULL);
            vkt_image_destroy(&t, &img);
         }
      }
   }
   /* Each driver lacks some usage on one of these (SRGB storage at least). */
   printf("  %u (format, view format, usage) cases\n", pairs);
   if (t.is_kiln)
      CHECK(pairs > 0);
   vkt_finish(&t);
}
