/* SPDX-License-Identifier: MIT */
#include "layout/kil_drm_format.h"
#include "layout/kil_extent.h"
#include "layout/kil_format.h"

#include <drm_fourcc.h>
#include <stdio.h>

#include "util/test.h"

TEST(format_table_is_complete_and_named_uniquely)
{
   CHECK(kil_format_desc(KIL_FORMAT_NONE) == NULL);
   CHECK(kil_format_desc(KIL_FORMAT_COUNT) == NULL);
   CHECK(kil_format_desc((enum kil_format) - 1) == NULL);
   for (unsigned f = 1; f < KIL_FORMAT_COUNT; f++) {
      const struct kil_format_desc *d = kil_format_desc(f);
      if (!CHECK(d != NULL)) {
         printf("  format %u has no table entry\n", f);
         continue;
      }
      /* Name lookups go back to the same enum: names are unique. */
      CHECK_EQ(kil_format_from_name(d->name), f);
      if (d->flags & KIL_FORMAT_FLAG_MULTI_PLANAR) {
         /* No element of its own; its planes are single-plane formats
          * (planar_test.c checks them against the spec's table). */
         CHECK(d->el_size_B == 0 && d->plane_count >= 2 && d->plane_count <= KIL_MAX_PLANES);
         for (unsigned p = 0; p < d->plane_count; p++)
            CHECK(!kil_format_is_multi_planar(d->planes[p].format) &&
                  kil_format_el_size_B(d->planes[p].format) > 0);
         continue;
      }
      CHECK(d->el_size_B > 0);
      CHECK(d->block_width >= 1 && d->block_height >= 1 && d->block_depth == 1);
      CHECK(d->aspects != 0);

      /* Channels fit in the element and do not overlap. */
      uint32_t bits_used[8] = {0}; /* 256 bits */
      const struct kil_channel ch[6] = {d->rgba[0], d->rgba[1], d->rgba[2],
                                        d->rgba[3], d->depth,   d->stencil};
      for (unsigned c = 0; c < 6; c++) {
         CHECK((uint32_t)ch[c].shift + ch[c].bits <= d->el_size_B * 8u);
         for (uint32_t b = ch[c].shift; b < (uint32_t)ch[c].shift + ch[c].bits && b < 256;
              b++) {
            CHECK((bits_used[b / 32] & (1u << (b % 32))) == 0);
            bits_used[b / 32] |= 1u << (b % 32);
         }
      }
      if (d->compression)
         CHECK(d->block_width > 1);
      else
         CHECK(d->block_width == 1 && d->block_height == 1);
   }
   CHECK_EQ(kil_format_from_name("R8G8B8A8_UNORM"), KIL_FORMAT_R8G8B8A8_UNORM);
   CHECK_EQ(kil_format_from_name("NOT_A_FORMAT"), KIL_FORMAT_NONE);
   CHECK_EQ(kil_format_from_name(NULL), KIL_FORMAT_NONE);
}

/* Element sizes and block extents from the Vulkan 1.3 spec's "Compatible
 * Formats" table (texel block size and extent columns). */
TEST(format_sizes_and_blocks)
{
   static const struct {
      enum kil_format f;
      uint32_t el_B, bw, bh;
   } t[] = {
      {KIL_FORMAT_R4G4_UNORM_PACK8, 1, 1, 1},
      {KIL_FORMAT_R8_UNORM, 1, 1, 1},
      {KIL_FORMAT_R5G6B5_UNORM_PACK16, 2, 1, 1},
      {KIL_FORMAT_R8G8B8_UNORM, 3, 1, 1},
      {KIL_FORMAT_B8G8R8A8_SRGB, 4, 1, 1},
      {KIL_FORMAT_A2B10G10R10_UINT_PACK32, 4, 1, 1},
      {KIL_FORMAT_R16G16B16_SFLOAT, 6, 1, 1},
      {KIL_FORMAT_R16G16B16A16_SFLOAT, 8, 1, 1},
      {KIL_FORMAT_R32G32B32_SFLOAT, 12, 1, 1},
      {KIL_FORMAT_R32G32B32A32_UINT, 16, 1, 1},
      {KIL_FORMAT_R64G64B64_SFLOAT, 24, 1, 1},
      {KIL_FORMAT_R64G64B64A64_UINT, 32, 1, 1},
      {KIL_FORMAT_E5B9G9R9_UFLOAT_PACK32, 4, 1, 1},
      {KIL_FORMAT_D16_UNORM, 2, 1, 1},
      {KIL_FORMAT_X8_D24_UNORM_PACK32, 4, 1, 1},
      {KIL_FORMAT_D24_UNORM_S8_UINT, 4, 1, 1},
      {KIL_FORMAT_D32_SFLOAT_S8_UINT, 8, 1, 1},
      {KIL_FORMAT_S8_UINT, 1, 1, 1},
      {KIL_FORMAT_BC1_RGB_UNORM_BLOCK, 8, 4, 4},
      {KIL_FORMAT_BC3_SRGB_BLOCK, 16, 4, 4},
      {KIL_FORMAT_BC4_SNORM_BLOCK, 8, 4, 4},
      {KIL_FORMAT_BC7_UNORM_BLOCK, 16, 4, 4},
      {KIL_FORMAT_ETC2_R8G8B8A1_SRGB_BLOCK, 8, 4, 4},
      {KIL_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK, 16, 4, 4},
      {KIL_FORMAT_EAC_R11_UNORM_BLOCK, 8, 4, 4},
      {KIL_FORMAT_EAC_R11G11_SNORM_BLOCK, 16, 4, 4},
      {KIL_FORMAT_ASTC_4x4_UNORM_BLOCK, 16, 4, 4},
      {KIL_FORMAT_ASTC_5x4_SRGB_BLOCK, 16, 5, 4},
      {KIL_FORMAT_ASTC_8x6_UNORM_BLOCK, 16, 8, 6},
      {KIL_FORMAT_ASTC_10x5_UNORM_BLOCK, 16, 10, 5},
      {KIL_FORMAT_ASTC_12x10_SRGB_BLOCK, 16, 12, 10},
      {KIL_FORMAT_ASTC_12x12_UNORM_BLOCK, 16, 12, 12},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(t); i++) {
      const struct kil_format_desc *d = kil_format_desc(t[i].f);
      REQUIRE(d);
      CHECK_EQ(d->el_size_B, t[i].el_B);
      CHECK_EQ(d->block_width, t[i].bw);
      CHECK_EQ(d->block_height, t[i].bh);
      CHECK_EQ(kil_format_el_size_B(t[i].f), t[i].el_B);
   }
   CHECK_EQ(kil_format_el_size_B(KIL_FORMAT_NONE), 0);
}

/* Channel bit positions: the VkFormat names read as in the Vulkan spec's
 * "Identification of Formats" (PACKnn: first-named channel in the most
 * significant bits; otherwise first-named channel at the lowest address). */
TEST(format_channel_positions)
{
   static const struct {
      enum kil_format f;
      uint8_t r[2], g[2], b[2], a[2];
   } t[] = {
      {KIL_FORMAT_R8G8B8A8_UNORM, {0, 8}, {8, 8}, {16, 8}, {24, 8}},
      {KIL_FORMAT_B8G8R8A8_UNORM, {16, 8}, {8, 8}, {0, 8}, {24, 8}},
      {KIL_FORMAT_A8B8G8R8_SRGB_PACK32, {0, 8}, {8, 8}, {16, 8}, {24, 8}},
      {KIL_FORMAT_R5G6B5_UNORM_PACK16, {11, 5}, {5, 6}, {0, 5}, {0, 0}},
      {KIL_FORMAT_B5G6R5_UNORM_PACK16, {0, 5}, {5, 6}, {11, 5}, {0, 0}},
      {KIL_FORMAT_A1R5G5B5_UNORM_PACK16, {10, 5}, {5, 5}, {0, 5}, {15, 1}},
      {KIL_FORMAT_R4G4B4A4_UNORM_PACK16, {12, 4}, {8, 4}, {4, 4}, {0, 4}},
      {KIL_FORMAT_A2R10G10B10_UNORM_PACK32, {20, 10}, {10, 10}, {0, 10}, {30, 2}},
      {KIL_FORMAT_A2B10G10R10_SNORM_PACK32, {0, 10}, {10, 10}, {20, 10}, {30, 2}},
      {KIL_FORMAT_B10G11R11_UFLOAT_PACK32, {0, 11}, {11, 11}, {22, 10}, {0, 0}},
      {KIL_FORMAT_E5B9G9R9_UFLOAT_PACK32, {0, 9}, {9, 9}, {18, 9}, {0, 0}},
      {KIL_FORMAT_R16G16B16A16_SFLOAT, {0, 16}, {16, 16}, {32, 16}, {48, 16}},
      {KIL_FORMAT_R64G64B64A64_SFLOAT, {0, 64}, {64, 64}, {128, 64}, {192, 64}},
      {KIL_FORMAT_A8_UNORM, {0, 0}, {0, 0}, {0, 0}, {0, 8}},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(t); i++) {
      const struct kil_format_desc *d = kil_format_desc(t[i].f);
      REQUIRE(d);
      CHECK_EQ(d->rgba[0].shift, t[i].r[0]);
      CHECK_EQ(d->rgba[0].bits, t[i].r[1]);
      CHECK_EQ(d->rgba[1].shift, t[i].g[0]);
      CHECK_EQ(d->rgba[1].bits, t[i].g[1]);
      CHECK_EQ(d->rgba[2].shift, t[i].b[0]);
      CHECK_EQ(d->rgba[2].bits, t[i].b[1]);
      CHECK_EQ(d->rgba[3].shift, t[i].a[0]);
      CHECK_EQ(d->rgba[3].bits, t[i].a[1]);
   }
   CHECK(kil_format_desc(KIL_FORMAT_E5B9G9R9_UFLOAT_PACK32)->flags &
         KIL_FORMAT_FLAG_SHARED_EXPONENT);
   CHECK_EQ(kil_format_desc(KIL_FORMAT_R8G8B8A8_SRGB)->type, KIL_CHANNEL_TYPE_SRGB);
   CHECK_EQ(kil_format_desc(KIL_FORMAT_R16G16_SSCALED)->type, KIL_CHANNEL_TYPE_SSCALED);
}

/* kil_format.h's depth/stencil layouts. */
TEST(format_depth_stencil_layouts)
{
   const struct kil_format_desc *d24s8 = kil_format_desc(KIL_FORMAT_D24_UNORM_S8_UINT);
   REQUIRE(d24s8);
   CHECK_EQ(d24s8->aspects, KIL_ASPECT_DEPTH | KIL_ASPECT_STENCIL);
   CHECK_EQ(d24s8->depth.shift, 0);
   CHECK_EQ(d24s8->depth.bits, 24);
   CHECK_EQ(d24s8->depth_type, KIL_CHANNEL_TYPE_UNORM);
   CHECK_EQ(d24s8->stencil.shift, 24);
   CHECK_EQ(d24s8->stencil.bits, 8);

   const struct kil_format_desc *d32s8 = kil_format_desc(KIL_FORMAT_D32_SFLOAT_S8_UINT);
   REQUIRE(d32s8);
   CHECK_EQ(d32s8->el_size_B, 8);
   CHECK_EQ(d32s8->depth.shift, 0);
   CHECK_EQ(d32s8->depth.bits, 32);
   CHECK_EQ(d32s8->depth_type, KIL_CHANNEL_TYPE_SFLOAT);
   CHECK_EQ(d32s8->stencil.shift, 32);
   CHECK_EQ(d32s8->stencil.bits, 8);

   CHECK_EQ(kil_format_desc(KIL_FORMAT_S8_UINT)->aspects, KIL_ASPECT_STENCIL);
   CHECK_EQ(kil_format_desc(KIL_FORMAT_D16_UNORM)->aspects, KIL_ASPECT_DEPTH);
   CHECK(kil_format_is_depth_or_stencil(KIL_FORMAT_X8_D24_UNORM_PACK32));
   CHECK(!kil_format_is_depth_or_stencil(KIL_FORMAT_R32_SFLOAT));
   CHECK(kil_format_is_compressed(KIL_FORMAT_ASTC_6x6_SRGB_BLOCK));
   CHECK(!kil_format_is_compressed(KIL_FORMAT_R8_UNORM));
}

TEST(format_block_linear_support)
{
   CHECK(kil_format_supports_block_linear(KIL_FORMAT_R8_UNORM));
   CHECK(kil_format_supports_block_linear(KIL_FORMAT_R32G32B32A32_SFLOAT));
   CHECK(kil_format_supports_block_linear(KIL_FORMAT_BC1_RGBA_UNORM_BLOCK));
   CHECK(kil_format_supports_block_linear(KIL_FORMAT_D32_SFLOAT_S8_UINT));
   CHECK(!kil_format_supports_block_linear(KIL_FORMAT_R8G8B8_UNORM));
   CHECK(!kil_format_supports_block_linear(KIL_FORMAT_R16G16B16_UNORM));
   CHECK(!kil_format_supports_block_linear(KIL_FORMAT_R32G32B32_SFLOAT));
   CHECK(!kil_format_supports_block_linear(KIL_FORMAT_R64G64B64A64_SFLOAT));
   CHECK(!kil_format_supports_block_linear(KIL_FORMAT_NONE));

   CHECK_EQ(kil_format_uint_for_el_size(8), KIL_FORMAT_R32G32_UINT);
   CHECK_EQ(kil_format_uint_for_el_size(16), KIL_FORMAT_R32G32B32A32_UINT);
   CHECK_EQ(kil_format_uint_for_el_size(3), KIL_FORMAT_NONE);
}

TEST(extent_px_to_el)
{
   /* BC1, 4x4 blocks: 13x7 pixels need 4x2 blocks. */
   struct kil_extent4d_el e =
      kil_extent4d_px_to_el(kil_extent4d_px(13, 7, 1, 3), KIL_FORMAT_BC1_RGB_UNORM_BLOCK,
                            KIL_SAMPLE_LAYOUT_1X1);
   CHECK_EQ(e.width, 4);
   CHECK_EQ(e.height, 2);
   CHECK_EQ(e.depth, 1);
   CHECK_EQ(e.array_len, 3);

   e = kil_extent4d_px_to_el(kil_extent4d_px(100, 100, 1, 1),
                             KIL_FORMAT_ASTC_12x10_UNORM_BLOCK, KIL_SAMPLE_LAYOUT_1X1);
   CHECK_EQ(e.width, 9);
   CHECK_EQ(e.height, 10);

   /* Sample grids (kil_sample.h): 4x = 2x2, 8x = 4x2, 16x = 4x4. */
   e = kil_extent4d_px_to_el(kil_extent4d_px(100, 50, 1, 1), KIL_FORMAT_R8G8B8A8_UNORM,
                             KIL_SAMPLE_LAYOUT_2X2);
   CHECK_EQ(e.width, 200);
   CHECK_EQ(e.height, 100);
   e = kil_extent4d_px_to_el(kil_extent4d_px(100, 50, 1, 1), KIL_FORMAT_R8G8B8A8_UNORM,
                             kil_sample_layout_for_samples(8));
   CHECK_EQ(e.width, 400);
   CHECK_EQ(e.height, 100);
   e = kil_extent4d_px_to_el(kil_extent4d_px(3, 3, 1, 1), KIL_FORMAT_R8_UNORM,
                             kil_sample_layout_for_samples(16));
   CHECK_EQ(e.width, 12);
   CHECK_EQ(e.height, 12);
   CHECK_EQ(kil_sample_layout_for_samples(3), KIL_SAMPLE_LAYOUT_INVALID);
   CHECK_EQ(kil_sample_layout_samples(KIL_SAMPLE_LAYOUT_4X2), 8);
   CHECK_EQ(kil_sample_layout_sample_x(KIL_SAMPLE_LAYOUT_4X2, 5), 1);
   CHECK_EQ(kil_sample_layout_sample_y(KIL_SAMPLE_LAYOUT_4X2, 5), 1);

   struct kil_offset4d_el o = kil_offset4d_px_to_el(
      kil_offset4d_px(8, 12, 0, 2), KIL_FORMAT_BC7_UNORM_BLOCK, KIL_SAMPLE_LAYOUT_1X1);
   CHECK_EQ(o.x, 2);
   CHECK_EQ(o.y, 3);
   CHECK_EQ(o.a, 2);

   struct kil_extent4d_B b = kil_extent4d_el_to_B(kil_extent4d_el(9, 10, 1, 1),
                                                  KIL_FORMAT_ASTC_12x10_SRGB_BLOCK);
   CHECK_EQ(b.width, 144);
   CHECK_EQ(b.height, 10);

   /* An invalid format converts to nothing rather than dividing by zero. */
   e = kil_extent4d_px_to_el(kil_extent4d_px(4, 4, 1, 1), KIL_FORMAT_NONE,
                             KIL_SAMPLE_LAYOUT_1X1);
   CHECK_EQ(e.width, 0);
}

/* fourcc <-> format. Expected formats from the channel positions the
 * drm_fourcc.h comments give (e.g. ARGB8888 "[31:0] A:R:G:B": B in bits
 * 0-7, so B8G8R8A8_UNORM); the channel check below re-reads them. */
TEST(drm_fourcc_mapping)
{
   static const struct {
      uint32_t fourcc;
      enum kil_format format;
      bool alpha_ignored;
      uint8_t r_shift, b_shift; /* from the fourcc comment */
   } t[] = {
      {DRM_FORMAT_ARGB8888, KIL_FORMAT_B8G8R8A8_UNORM, false, 16, 0},
      {DRM_FORMAT_XRGB8888, KIL_FORMAT_B8G8R8A8_UNORM, true, 16, 0},
      {DRM_FORMAT_ABGR8888, KIL_FORMAT_R8G8B8A8_UNORM, false, 0, 16},
      {DRM_FORMAT_XBGR8888, KIL_FORMAT_R8G8B8A8_UNORM, true, 0, 16},
      {DRM_FORMAT_RGB565, KIL_FORMAT_R5G6B5_UNORM_PACK16, false, 11, 0},
      {DRM_FORMAT_BGR565, KIL_FORMAT_B5G6R5_UNORM_PACK16, false, 0, 11},
      {DRM_FORMAT_ARGB2101010, KIL_FORMAT_A2R10G10B10_UNORM_PACK32, false, 20, 0},
      {DRM_FORMAT_XRGB2101010, KIL_FORMAT_A2R10G10B10_UNORM_PACK32, true, 20, 0},
      {DRM_FORMAT_ABGR2101010, KIL_FORMAT_A2B10G10R10_UNORM_PACK32, false, 0, 20},
      {DRM_FORMAT_XBGR2101010, KIL_FORMAT_A2B10G10R10_UNORM_PACK32, true, 0, 20},
      {DRM_FORMAT_R8, KIL_FORMAT_R8_UNORM, false, 0, 0},
      {DRM_FORMAT_GR88, KIL_FORMAT_R8G8_UNORM, false, 0, 0},
      {DRM_FORMAT_R16, KIL_FORMAT_R16_UNORM, false, 0, 0},
      {DRM_FORMAT_GR1616, KIL_FORMAT_R16G16_UNORM, false, 0, 0},
      {DRM_FORMAT_ABGR16161616F, KIL_FORMAT_R16G16B16A16_SFLOAT, false, 0, 32},
      {DRM_FORMAT_XBGR16161616F, KIL_FORMAT_R16G16B16A16_SFLOAT, true, 0, 32},
      {DRM_FORMAT_ABGR16161616, KIL_FORMAT_R16G16B16A16_UNORM, false, 0, 32},
      {DRM_FORMAT_ARGB1555, KIL_FORMAT_A1R5G5B5_UNORM_PACK16, false, 10, 0},
      {DRM_FORMAT_RGBA5551, KIL_FORMAT_R5G5B5A1_UNORM_PACK16, false, 11, 1},
      {DRM_FORMAT_ARGB4444, KIL_FORMAT_A4R4G4B4_UNORM_PACK16, false, 8, 0},
      {DRM_FORMAT_RGBA4444, KIL_FORMAT_R4G4B4A4_UNORM_PACK16, false, 12, 4},
      {DRM_FORMAT_RGB888, KIL_FORMAT_B8G8R8_UNORM, false, 16, 0},
      {DRM_FORMAT_BGR888, KIL_FORMAT_R8G8B8_UNORM, false, 0, 16},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(t); i++) {
      bool ignored = !t[i].alpha_ignored;
      CHECK_EQ(kil_format_from_drm_fourcc(t[i].fourcc, &ignored), t[i].format);
      CHECK_EQ(ignored, t[i].alpha_ignored);
      CHECK_EQ(kil_format_to_drm_fourcc(t[i].format, t[i].alpha_ignored), t[i].fourcc);
      const struct kil_format_desc *d = kil_format_desc(t[i].format);
      REQUIRE(d);
      CHECK_EQ(d->rgba[0].shift, t[i].r_shift);
      CHECK_EQ(d->rgba[2].shift, t[i].b_shift);
   }
   /* SRGB formats share their UNORM twin's fourcc; no fourcc for others. */
   CHECK_EQ(kil_format_to_drm_fourcc(KIL_FORMAT_B8G8R8A8_SRGB, false),
            DRM_FORMAT_ARGB8888);
   CHECK_EQ(kil_format_to_drm_fourcc(KIL_FORMAT_R8G8B8A8_SRGB, true),
            DRM_FORMAT_XBGR8888);
   CHECK_EQ(kil_format_to_drm_fourcc(KIL_FORMAT_R5G6B5_UNORM_PACK16, true),
            DRM_FORMAT_RGB565);
   CHECK_EQ(kil_format_to_drm_fourcc(KIL_FORMAT_BC1_RGB_UNORM_BLOCK, false),
            DRM_FORMAT_INVALID);
   CHECK_EQ(kil_format_from_drm_fourcc(DRM_FORMAT_NV12, NULL), KIL_FORMAT_NONE);
   CHECK_EQ(kil_format_from_drm_fourcc(DRM_FORMAT_R8, NULL), KIL_FORMAT_R8_UNORM);
}
