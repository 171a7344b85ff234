/* SPDX-License-Identifier: MIT */
#include "layout/kil_planar.h"

#include <drm_fourcc.h>
#include <stdio.h>

#include "kil_test_device.h"
#include "util/test.h"

/* Plane formats and subsampling: the Vulkan 1.3 spec, 34.1.1 "Compatible
 * formats of planes of multi-planar formats" (its table lists, per
 * multi-planar format and plane, the compatible single-plane format and
 * the width/height divisors). */
TEST(planar_format_planes)
{
   static const struct {
      enum kil_format f;
      uint32_t n;
      struct kil_plane_desc p[3];
   } t[] = {
      /* clang-format off */
      {KIL_FORMAT_G8_B8R8_2PLANE_420_UNORM, 2,
       {{KIL_FORMAT_R8_UNORM, 1, 1}, {KIL_FORMAT_R8G8_UNORM, 2, 2}}},
      {KIL_FORMAT_G8_B8_R8_3PLANE_420_UNORM, 3,
       {{KIL_FORMAT_R8_UNORM, 1, 1}, {KIL_FORMAT_R8_UNORM, 2, 2}, {KIL_FORMAT_R8_UNORM, 2, 2}}},
      {KIL_FORMAT_G8_B8R8_2PLANE_422_UNORM, 2,
       {{KIL_FORMAT_R8_UNORM, 1, 1}, {KIL_FORMAT_R8G8_UNORM, 2, 1}}},
      {KIL_FORMAT_G8_B8_R8_3PLANE_422_UNORM, 3,
       {{KIL_FORMAT_R8_UNORM, 1, 1}, {KIL_FORMAT_R8_UNORM, 2, 1}, {KIL_FORMAT_R8_UNORM, 2, 1}}},
      {KIL_FORMAT_G8_B8_R8_3PLANE_444_UNORM, 3,
       {{KIL_FORMAT_R8_UNORM, 1, 1}, {KIL_FORMAT_R8_UNORM, 1, 1}, {KIL_FORMAT_R8_UNORM, 1, 1}}},
      {KIL_FORMAT_G16_B16R16_2PLANE_420_UNORM, 2,
       {{KIL_FORMAT_R16_UNORM, 1, 1}, {KIL_FORMAT_R16G16_UNORM, 2, 2}}},
      /* clang-format on */
   };
   for (unsigned i = 0; i < ARRAY_SIZE(t); i++) {
      CHECK(kil_format_is_multi_planar(t[i].f));
      CHECK_EQ(kil_format_plane_count(t[i].f), t[i].n);
      CHECK_EQ(kil_format_el_size_B(t[i].f), 0);
      for (uint32_t p = 0; p < t[i].n; p++) {
         const struct kil_plane_desc d = kil_format_plane(t[i].f, p);
         if (!CHECK_EQ(d.format, t[i].p[p].format) ||
             !CHECK_EQ(d.width_div, t[i].p[p].width_div) ||
             !CHECK_EQ(d.height_div, t[i].p[p].height_div))
            printf("  %s plane %u\n", kil_format_desc(t[i].f)->name, p);
      }
      CHECK_EQ(kil_format_plane(t[i].f, t[i].n).format, KIL_FORMAT_NONE);
   }
   /* A single-plane format is its own plane 0. */
   CHECK(!kil_format_is_multi_planar(KIL_FORMAT_R8_UNORM));
   CHECK_EQ(kil_format_plane_count(KIL_FORMAT_R8G8B8A8_UNORM), 1);
   CHECK_EQ(kil_format_plane(KIL_FORMAT_R8G8B8A8_UNORM, 0).format,
            KIL_FORMAT_R8G8B8A8_UNORM);
   CHECK_EQ(kil_format_plane(KIL_FORMAT_R8G8B8A8_UNORM, 1).format, KIL_FORMAT_NONE);
   CHECK_EQ(kil_format_plane_count(KIL_FORMAT_NONE), 0);
}

/* Plane layouts worked out by hand from kil_planar.h and the rules in
 * kil_image.h on the test device (LINEAR pitch alignment 128 B; a
 * block-linear block is 64 B x (8 << h) rows, h = ceil(log2(rows / 8))
 * capped at 5, so 32 rows -> h 2 (2048 B blocks), 16 -> h 1 (1024 B),
 * 100 -> h 4 (8192 B), 50 -> h 3 (4096 B)). */
TEST(planar_layouts)
{
   static const struct {
      enum kil_format f;
      enum kil_image_tiling tiling;
      uint32_t w, h;
      struct {
         uint64_t offset_B, size_B;
         uint32_t pitch_B, align_B;
      } p[3];
      uint64_t size_B;
      uint32_t align_B;
   } t[] = {
      /* clang-format off */
      /* NV12 LINEAR: Y 64 B rows -> 128 B pitch x 32; CbCr 32 x 16 texels
       * of 2 B -> 128 B pitch x 16 right after. */
      {KIL_FORMAT_G8_B8R8_2PLANE_420_UNORM, KIL_IMAGE_TILING_LINEAR, 64, 32,
       {{0, 4096, 128, 128}, {4096, 2048, 128, 128}}, 6144, 128},
      /* 100 x 50: Y 128 x 50 = 6400; CbCr 50 x 25 texels: 100 B -> 128 x 25. */
      {KIL_FORMAT_G8_B8R8_2PLANE_420_UNORM, KIL_IMAGE_TILING_LINEAR, 100, 50,
       {{0, 6400, 128, 128}, {6400, 3200, 128, 128}}, 9600, 128},
      /* NV12 block-linear 64 x 32: Y one 2048 B block (h 2); CbCr 32 x 16
       * texels of 2 B: one 1024 B block (h 1), at 2048. */
      {KIL_FORMAT_G8_B8R8_2PLANE_420_UNORM, KIL_IMAGE_TILING_OPTIMAL, 64, 32,
       {{0, 2048, 64, 2048}, {2048, 1024, 64, 1024}}, 3072, 2048},
      /* I420 block-linear 256 x 100: Y 4 GOBs wide, one 128-row block (h 4)
       * tall: 4 x 8192; Cb, Cr 128 x 50: 2 GOBs wide, one 64-row block
       * (h 3): 2 x 4096 each. */
      {KIL_FORMAT_G8_B8_R8_3PLANE_420_UNORM, KIL_IMAGE_TILING_OPTIMAL, 256, 100,
       {{0, 32768, 256, 8192}, {32768, 8192, 128, 4096}, {40960, 8192, 128, 4096}},
       49152, 8192},
      /* 16-bit 4:2:0 LINEAR 64 x 64: Y 128 B rows x 64; CbCr 32 x 32 x 4 B. */
      {KIL_FORMAT_G16_B16R16_2PLANE_420_UNORM, KIL_IMAGE_TILING_LINEAR, 64, 64,
       {{0, 8192, 128, 128}, {8192, 4096, 128, 128}}, 12288, 128},
      /* 4:2:2 keeps the height (odd is fine): CbCr 32 x 3 x 2 B. */
      {KIL_FORMAT_G8_B8R8_2PLANE_422_UNORM, KIL_IMAGE_TILING_LINEAR, 64, 3,
       {{0, 384, 128, 128}, {384, 384, 128, 128}}, 768, 128},
      {KIL_FORMAT_G8_B8_R8_3PLANE_422_UNORM, KIL_IMAGE_TILING_LINEAR, 64, 2,
       {{0, 256, 128, 128}, {256, 256, 128, 128}, {512, 256, 128, 128}}, 768, 128},
      /* 4:4:4 block-linear 16 x 16: three 1024 B blocks (h 1). */
      {KIL_FORMAT_G8_B8_R8_3PLANE_444_UNORM, KIL_IMAGE_TILING_OPTIMAL, 16, 16,
       {{0, 1024, 64, 1024}, {1024, 1024, 64, 1024}, {2048, 1024, 64, 1024}}, 3072, 1024},
      /* clang-format on */
   };
   for (unsigned i = 0; i < ARRAY_SIZE(t); i++) {
      const struct kil_image_info info = {
         .dim = KIL_IMAGE_DIM_2D,
         .format = t[i].f,
         .extent_px = kil_extent4d_px(t[i].w, t[i].h, 1, 1),
         .levels = 1,
         .samples = 1,
         .tiling = t[i].tiling,
      };
      struct kil_planar_image img;
      if (!CHECK_EQ(kil_planar_image_init(&kil_test_dev, &info, &img), KIL_SUCCESS))
         continue;
      bool ok = CHECK_EQ(img.size_B, t[i].size_B) & CHECK_EQ(img.align_B, t[i].align_B);
      for (uint32_t p = 0; p < img.plane_count; p++) {
         const struct kil_image *pl = &img.planes[p];
         ok &= CHECK_EQ(pl->format, kil_format_plane(t[i].f, p).format);
         ok &= CHECK_EQ(img.plane_offset_B[p], t[i].p[p].offset_B);
         ok &= CHECK_EQ(pl->size_B, t[i].p[p].size_B);
         ok &= CHECK_EQ(pl->levels[0].row_pitch_B, t[i].p[p].pitch_B);
         ok &= CHECK_EQ(pl->align_B, t[i].p[p].align_B);
         /* Planes never overlap and stay inside the image. */
         ok &= CHECK(img.plane_offset_B[p] % pl->align_B == 0);
         ok &= CHECK(img.plane_offset_B[p] + pl->size_B <= img.size_B);
         if (p > 0)
            ok &= CHECK(img.plane_offset_B[p] >=
                        img.plane_offset_B[p - 1] + img.planes[p - 1].size_B);
      }
      if (!ok)
         printf("  case %u: %s %ux%u\n", i, kil_format_desc(t[i].f)->name, t[i].w,
                t[i].h);
   }
}

TEST(planar_bad_input)
{
   struct kil_image_info info = {
      .dim = KIL_IMAGE_DIM_2D,
      .format = KIL_FORMAT_G8_B8R8_2PLANE_420_UNORM,
      .extent_px = kil_extent4d_px(64, 32, 1, 1),
      .levels = 1,
      .samples = 1,
   };
   struct kil_planar_image img;
   struct kil_image single;

   /* Odd width / height of a 4:2:0 image; odd width of a 4:2:2 one. */
   info.extent_px = kil_extent4d_px(63, 32, 1, 1);
   CHECK_EQ(kil_planar_image_init(&kil_test_dev, &info, &img),
            KIL_ERROR_INVALID_IMAGE_INFO);
   CHECK_EQ(img.size_B, 0);
   info.extent_px = kil_extent4d_px(64, 31, 1, 1);
   CHECK_EQ(kil_planar_image_init(&kil_test_dev, &info, &img),
            KIL_ERROR_INVALID_IMAGE_INFO);
   info.format = KIL_FORMAT_G8_B8_R8_3PLANE_422_UNORM;
   CHECK_EQ(kil_planar_image_init(&kil_test_dev, &info, &img), KIL_SUCCESS);
   info.extent_px = kil_extent4d_px(65, 31, 1, 1);
   CHECK_EQ(kil_planar_image_init(&kil_test_dev, &info, &img),
            KIL_ERROR_INVALID_IMAGE_INFO);
   info.extent_px = kil_extent4d_px(64, 32, 1, 1);

   /* Mip levels, multisampling, 3D. */
   info.levels = 2;
   CHECK_EQ(kil_planar_image_init(&kil_test_dev, &info, &img),
            KIL_ERROR_UNSUPPORTED_IMAGE);
   info.levels = 1;
   info.samples = 4;
   CHECK_EQ(kil_planar_image_init(&kil_test_dev, &info, &img),
            KIL_ERROR_UNSUPPORTED_IMAGE);
   info.samples = 1;
   info.dim = KIL_IMAGE_DIM_3D;
   CHECK_EQ(kil_planar_image_init(&kil_test_dev, &info, &img),
            KIL_ERROR_INVALID_IMAGE_INFO);
   info.dim = KIL_IMAGE_DIM_2D;

   /* Zero extent: the plane layout refuses it. */
   info.extent_px = kil_extent4d_px(0, 32, 1, 1);
   CHECK_EQ(kil_planar_image_init(&kil_test_dev, &info, &img),
            KIL_ERROR_INVALID_IMAGE_INFO);
   info.extent_px = kil_extent4d_px(64, 32, 1, 1);

   /* A single-plane format here, a multi-planar one in kil_image_init. */
   info.format = KIL_FORMAT_R8_UNORM;
   CHECK_EQ(kil_planar_image_init(&kil_test_dev, &info, &img),
            KIL_ERROR_UNSUPPORTED_FORMAT);
   info.format = KIL_FORMAT_G8_B8R8_2PLANE_420_UNORM;
   CHECK_EQ(kil_image_init(&kil_test_dev, &info, &single), KIL_ERROR_UNSUPPORTED_FORMAT);
   info.tiling = KIL_IMAGE_TILING_LINEAR;
   CHECK_EQ(kil_image_init(&kil_test_dev, &info, &single), KIL_ERROR_UNSUPPORTED_FORMAT);
   CHECK(!kil_format_supports_block_linear(KIL_FORMAT_G8_B8R8_2PLANE_420_UNORM));
}

/* Plane extents: the image's divided by the plane's subsampling. */
TEST(planar_plane_extents)
{
   const struct kil_extent4d_px e = kil_extent4d_px(640, 480, 1, 3);
   struct kil_extent4d_px p =
      kil_plane_extent_px(KIL_FORMAT_G8_B8R8_2PLANE_420_UNORM, 1, e);
   CHECK(p.width == 320 && p.height == 240 && p.depth == 1 && p.array_len == 3);
   p = kil_plane_extent_px(KIL_FORMAT_G8_B8_R8_3PLANE_422_UNORM, 2, e);
   CHECK(p.width == 320 && p.height == 480);
   p = kil_plane_extent_px(KIL_FORMAT_G8_B8_R8_3PLANE_444_UNORM, 2, e);
   CHECK(p.width == 640 && p.height == 480);
   p = kil_plane_extent_px(KIL_FORMAT_G8_B8R8_2PLANE_420_UNORM, 2, e);
   CHECK(p.width == 0 && p.height == 0);
}

/* Multi-planar images named by a DRM format modifier: every plane laid out
 * as the modifier says (worked out as in planar_layouts); explicit plane
 * layouts are each checked like a single-plane import. */
TEST(planar_modifiers)
{
   const struct kil_image_info info = {
      .dim = KIL_IMAGE_DIM_2D,
      .format = KIL_FORMAT_G8_B8R8_2PLANE_420_UNORM,
      .extent_px = kil_extent4d_px(64, 32, 1, 1),
      .levels = 1,
      .samples = 1,
   };
   uint64_t mods[16];
   /* Both planes (R8, R8G8) are block-linear capable: every allowed h and
    * LINEAR (the test device allows h 0..5). */
   CHECK_EQ(kil_modifiers_for_format(&kil_test_dev, info.format, mods, 16), 7);
   CHECK_EQ(mods[6], DRM_FORMAT_MOD_LINEAR);

   struct kil_planar_image img;
   CHECK_EQ(kil_planar_image_init_modifier(&kil_test_dev, &info, DRM_FORMAT_MOD_LINEAR,
                                           NULL, 0, &img),
            KIL_SUCCESS);
   CHECK(img.plane_offset_B[1] == 4096 && img.planes[1].size_B == 2048 &&
         img.size_B == 6144);

   /* h = 2 names 4-GOB blocks: the 32-row luma plane uses them (2048 B);
    * the 16-row chroma plane clamps them to 2 GOBs (1024 B), at 2048. */
   const uint64_t bl2 = kil_modifier_for_block_height(&kil_test_dev, 2);
   CHECK_EQ(kil_planar_image_init_modifier(&kil_test_dev, &info, bl2, NULL, 0, &img),
            KIL_SUCCESS);
   CHECK(img.planes[0].tiling.is_tiled && img.planes[0].levels[0].tiling.y_log2 == 2);
   CHECK(img.planes[1].levels[0].tiling.y_log2 == 1);
   CHECK(img.planes[0].size_B == 2048 && img.plane_offset_B[1] == 2048 &&
         img.planes[1].size_B == 1024 && img.size_B == 3072);

   /* Explicit: luma pitch 128 at 0 (4096 B), chroma pitch 256 at 8192
    * (256 x 16 = 4096 B): the image ends at 12288. */
   const struct kil_plane_layout planes[2] = {{0, 128, 0}, {8192, 256, 0}};
   CHECK_EQ(kil_planar_image_init_modifier(&kil_test_dev, &info, DRM_FORMAT_MOD_LINEAR,
                                           planes, 2, &img),
            KIL_SUCCESS);
   CHECK(img.plane_offset_B[1] == 8192 && img.planes[1].levels[0].row_pitch_B == 256 &&
         img.size_B == 12288);

   /* Wrong plane counts; a misaligned chroma offset; a pitch below the
    * chroma row (32 texels of 2 B = 64 B). */
   CHECK_EQ(kil_planar_image_init_modifier(&kil_test_dev, &info, DRM_FORMAT_MOD_LINEAR,
                                           planes, 1, &img),
            KIL_ERROR_INVALID_IMAGE_INFO);
   CHECK_EQ(img.size_B, 0);
   CHECK_EQ(kil_planar_image_init_modifier(&kil_test_dev, &info, DRM_FORMAT_MOD_LINEAR,
                                           planes, 3, &img),
            KIL_ERROR_INVALID_IMAGE_INFO);
   const struct kil_plane_layout misaligned[2] = {{0, 128, 0}, {8200, 256, 0}};
   CHECK_EQ(kil_planar_image_init_modifier(&kil_test_dev, &info, DRM_FORMAT_MOD_LINEAR,
                                           misaligned, 2, &img),
            KIL_ERROR_PLANE_OFFSET_ALIGN);
   const struct kil_plane_layout narrow[2] = {{0, 128, 0}, {8192, 0, 0}};
   CHECK_EQ(kil_planar_image_init_modifier(&kil_test_dev, &info, DRM_FORMAT_MOD_LINEAR,
                                           narrow, 2, &img),
            KIL_ERROR_PLANE_PITCH_TOO_SMALL);
   /* A modifier that is not ours. */
   CHECK(kil_planar_image_init_modifier(&kil_test_dev, &info, DRM_FORMAT_MOD_INVALID,
                                        NULL, 0, &img) != KIL_SUCCESS);
}
