/* SPDX-License-Identifier: MIT */
#include "layout/kil_addr.h"
#include "layout/kil_image.h"

#include <stdio.h>

#include "kil_test_device.h"
#include "util/test.h"

/* Expected numbers in this file are worked out by hand from the rules in
 * kil_tiling.h / kil_image.h: a block is 64 B x (8 << h) rows x (1 << d)
 * slices; level 0's h is ceil(log2(height in GOBs)) capped at 5 (the same
 * as envytools' g80-surface.rst auto-sizing loop and the GetMipBlockHeight
 * rule gdkchan gives for NVIDIA's Switch driver in Switch-Toolbox PR #419);
 * each level clamps it to its own height; a level's size is its extent
 * rounded up to whole blocks; the array stride is rounded up to level 0's
 * block. The device is the literal in kil_test_device.c. */

static struct kil_image_info
info_2d(enum kil_format f, uint32_t w, uint32_t h, uint32_t layers, uint32_t levels)
{
   return (struct kil_image_info){
      .dim = KIL_IMAGE_DIM_2D,
      .format = f,
      .extent_px = kil_extent4d_px(w, h, 1, layers),
      .levels = levels,
      .samples = 1,
   };
}

TEST(image_block_height_choice)
{
   static const struct {
      uint32_t rows;
      uint8_t h;
   } t[] = {
      {1, 0},   {8, 0},    {9, 1},    {16, 1},  {17, 2},  {32, 2},
      {33, 3},  {64, 3},   {65, 4},   {128, 4}, {129, 5}, {256, 5},
      {257, 5}, {1080, 5}, {4096, 5}, {24, 2},  {40, 3},  {100, 4},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(t); i++) {
      if (!CHECK_EQ(kil_choose_block_height_log2(&kil_test_dev, t[i].rows), t[i].h))
         printf("  rows %u\n", t[i].rows);
   }

   /* A device allowing only h = 2 and 4: the tallest allowed block that does
    * not overshoot, else the shortest allowed. */
   struct kiln_device_info dev = kil_test_dev;
   dev.block_height_log2_mask = (1 << 2) | (1 << 4);
   CHECK_EQ(kil_choose_block_height_log2(&dev, 8), 2);
   CHECK_EQ(kil_choose_block_height_log2(&dev, 40), 2);
   CHECK_EQ(kil_choose_block_height_log2(&dev, 100), 4);
   CHECK_EQ(kil_choose_block_height_log2(&dev, 4096), 4);
}

/* 1024x1000 RGBA8, full mip chain: level heights 1000, 500, 250, 125, 62,
 * 31, 15, 7, 3, 1, 1 rows = 125, 63, 32, 16, 8, 4, 2, 1, 1, 1, 1 GOBs. */
TEST(image_block_height_per_level)
{
   struct kil_image img;
   REQUIRE(kil_image_init(
              &kil_test_dev,
              &(struct kil_image_info){.dim = KIL_IMAGE_DIM_2D,
                                       .format = KIL_FORMAT_R8G8B8A8_UNORM,
                                       .extent_px = kil_extent4d_px(1024, 1000, 1, 1),
                                       .levels = 11,
                                       .samples = 1},
              &img) == KIL_SUCCESS);
   static const uint8_t h[11] = {5, 5, 5, 4, 3, 2, 1, 0, 0, 0, 0};
   for (unsigned l = 0; l < 11; l++) {
      CHECK(img.levels[l].tiling.is_tiled);
      CHECK_EQ(img.levels[l].tiling.y_log2, h[l]);
      CHECK_EQ(img.levels[l].tiling.z_log2, 0);
   }
   CHECK_EQ(img.tiling.y_log2, 5);
}

static void
check_levels(const struct kil_image *img, const uint64_t (*exp)[4], unsigned n)
{
   /* exp: offset_B, size_B, row_pitch_B, y_log2 */
   CHECK_EQ(img->num_levels, n);
   for (unsigned l = 0; l < n; l++) {
      if (!CHECK_EQ(img->levels[l].offset_B, exp[l][0]) |
          !CHECK_EQ(img->levels[l].size_B, exp[l][1]) |
          !CHECK_EQ(img->levels[l].row_pitch_B, exp[l][2]) |
          !CHECK_EQ(img->levels[l].tiling.y_log2, exp[l][3]))
         printf("  level %u\n", l);
   }
}

/* 256x256 RGBA8, 9 levels. Level l is (256 >> l)^2: rows of 1024, 512,
 * 256, 128, 64 B and then one GOB; heights 32, 16, 8, 4, 2, 1 GOBs. */
TEST(image_2d_mip_chain)
{
   struct kil_image img;
   REQUIRE(kil_image_init(
              &kil_test_dev,
              &(struct kil_image_info){.dim = KIL_IMAGE_DIM_2D,
                                       .format = KIL_FORMAT_R8G8B8A8_UNORM,
                                       .extent_px = kil_extent4d_px(256, 256, 1, 1),
                                       .levels = 9,
                                       .samples = 1},
              &img) == KIL_SUCCESS);
   static const uint64_t exp[9][4] = {
      {0, 262144, 1024, 5},   {262144, 65536, 512, 4}, {327680, 16384, 256, 3},
      {344064, 4096, 128, 2}, {348160, 1024, 64, 1},   {349184, 512, 64, 0},
      {349696, 512, 64, 0},   {350208, 512, 64, 0},    {350720, 512, 64, 0},
   };
   check_levels(&img, exp, 9);
   /* 351232 B of levels, rounded up to level 0's 16 KiB block. */
   CHECK_EQ(img.array_stride_B, 360448);
   CHECK_EQ(img.size_B, 360448);
   CHECK_EQ(img.align_B, 16384);

   /* The same as a 6-layer array: six strides. */
   struct kil_image arr;
   struct kil_image_info ai = info_2d(KIL_FORMAT_R8G8B8A8_UNORM, 256, 256, 6, 9);
   REQUIRE(kil_image_init(&kil_test_dev, &ai, &arr) == KIL_SUCCESS);
   CHECK_EQ(arr.array_stride_B, 360448);
   CHECK_EQ(arr.size_B, 6 * 360448);
   CHECK_EQ(kil_image_level_layer_offset_B(&arr, 2, 3), 3 * 360448 + 327680);
}

/* 64x64 cube, RGBA8: 256 B rows, 8 GOBs tall (h = 3, 16 KiB per face). */
TEST(image_cube)
{
   struct kil_image img;
   struct kil_image_info ci = info_2d(KIL_FORMAT_R8G8B8A8_UNORM, 64, 64, 6, 1);
   ci.usage = KIL_IMAGE_USAGE_CUBE;
   REQUIRE(kil_image_init(&kil_test_dev, &ci, &img) == KIL_SUCCESS);
   CHECK_EQ(img.levels[0].size_B, 16384);
   CHECK_EQ(img.array_stride_B, 16384);
   CHECK_EQ(img.size_B, 6 * 16384);

   ci.extent_px.height = 32;
   CHECK_EQ(kil_image_init(&kil_test_dev, &ci, &img), KIL_ERROR_INVALID_IMAGE_INFO);
   ci.extent_px = kil_extent4d_px(64, 64, 1, 4);
   CHECK_EQ(kil_image_init(&kil_test_dev, &ci, &img), KIL_ERROR_INVALID_IMAGE_INFO);
}

/* 3D 64x32x16 RGBA8, 3 levels: level 0 rows of 256 B, 4 GOBs tall (h = 2),
 * 16 deep (d = 4): one 32 KiB block per GOB column, 4 columns. */
TEST(image_3d_mip_chain)
{
   struct kil_image img;
   REQUIRE(
      kil_image_init(&kil_test_dev,
                     &(struct kil_image_info){.dim = KIL_IMAGE_DIM_3D,
                                              .format = KIL_FORMAT_R8G8B8A8_UNORM,
                                              .extent_px = kil_extent4d_px(64, 32, 16, 1),
                                              .levels = 3,
                                              .samples = 1},
                     &img) == KIL_SUCCESS);
   static const uint64_t exp[3][4] = {
      {0, 131072, 256, 2},
      {131072, 16384, 128, 1},
      {147456, 2048, 64, 0},
   };
   check_levels(&img, exp, 3);
   static const uint8_t d[3] = {4, 3, 2};
   for (unsigned l = 0; l < 3; l++)
      CHECK_EQ(img.levels[l].tiling.z_log2, d[l]);
   CHECK_EQ(img.array_stride_B, 163840);
   CHECK_EQ(img.align_B, 32768);

   /* Not viewable as 2D: blocks 16 slices deep. */
   struct kil_image view;
   uint64_t off;
   CHECK_EQ(kil_image_3d_level_as_2d_array(&img, 0, &view, &off),
            KIL_ERROR_UNSUPPORTED_IMAGE);
}

/* 3D 20x20x5 RGBA8, 2 levels, with and without KIL_IMAGE_USAGE_2D_VIEW.
 * Level 0: 80 B rows -> 2 GOBs wide (128 B), 20 rows -> 3 GOBs -> h = 2 (32
 * rows), 5 slices -> d = 3 (8) unless 2D-viewable (d = 0). Level 1: 10x10x2:
 * 64 B, 2 GOBs -> h = 1 (16 rows), d = 1 (2) or 0. */
TEST(image_3d_as_2d_array)
{
   struct kil_image_info info = {
      .dim = KIL_IMAGE_DIM_3D,
      .format = KIL_FORMAT_R8G8B8A8_UNORM,
      .extent_px = kil_extent4d_px(20, 20, 5, 1),
      .levels = 2,
      .samples = 1,
   };
   struct kil_image img;
   REQUIRE(kil_image_init(&kil_test_dev, &info, &img) == KIL_SUCCESS);
   static const uint64_t exp3d[2][4] = {{0, 32768, 128, 2}, {32768, 2048, 64, 1}};
   check_levels(&img, exp3d, 2);
   CHECK_EQ(img.levels[0].tiling.z_log2, 3);
   CHECK_EQ(img.levels[1].tiling.z_log2, 1);
   CHECK_EQ(img.array_stride_B, 49152);

   info.usage = KIL_IMAGE_USAGE_2D_VIEW;
   REQUIRE(kil_image_init(&kil_test_dev, &info, &img) == KIL_SUCCESS);
   static const uint64_t exp2d[2][4] = {{0, 20480, 128, 2}, {20480, 2048, 64, 1}};
   check_levels(&img, exp2d, 2);
   CHECK_EQ(img.levels[0].tiling.z_log2, 0);
   CHECK_EQ(img.levels[1].tiling.z_log2, 0);
   CHECK_EQ(img.array_stride_B, 22528);

   struct kil_image view;
   uint64_t off = 1;
   REQUIRE(kil_image_3d_level_as_2d_array(&img, 0, &view, &off) == KIL_SUCCESS);
   CHECK_EQ(off, 0);
   CHECK_EQ(view.dim, KIL_IMAGE_DIM_2D);
   CHECK_EQ(view.extent_px.width, 20);
   CHECK_EQ(view.extent_px.array_len, 5);
   CHECK_EQ(view.array_stride_B, 4096);
   CHECK_EQ(view.levels[0].row_pitch_B, 128);
   CHECK_EQ(view.levels[0].tiling.y_log2, 2);

   REQUIRE(kil_image_3d_level_as_2d_array(&img, 1, &view, &off) == KIL_SUCCESS);
   CHECK_EQ(off, 20480);
   CHECK_EQ(view.extent_px.width, 10);
   CHECK_EQ(view.extent_px.array_len, 2);
   CHECK_EQ(view.array_stride_B, 1024);

   /* Slice z of the view is where the 3D image keeps slice z. */
   struct kil_level_addr a3, a2;
   REQUIRE(kil_level_addr_init(&a3, &img, 1) == KIL_SUCCESS);
   REQUIRE(kil_level_addr_init(&a2, &view, 0) == KIL_SUCCESS);
   for (uint32_t z = 0; z < 2; z++) {
      for (uint32_t y = 0; y < 10; y++) {
         for (uint32_t x = 0; x < 10; x++) {
            CHECK_EQ(kil_level_addr_offset_B(&a3, x, y, z, 0),
                     off + kil_level_addr_offset_B(&a2, x, y, 0, z));
         }
      }
   }

   CHECK_EQ(kil_image_3d_level_as_2d_array(&img, 2, &view, &off),
            KIL_ERROR_OUT_OF_BOUNDS);
}

/* LINEAR pitches: the row rounded up to 128 B (the literal device's
 * linear_pitch_align_B). */
TEST(image_linear_pitch)
{
   static const struct {
      enum kil_format f;
      uint32_t width, pitch;
   } t[] = {
      {KIL_FORMAT_R8G8B8A8_UNORM, 1, 128},       {KIL_FORMAT_R8G8B8A8_UNORM, 32, 128},
      {KIL_FORMAT_R8G8B8A8_UNORM, 33, 256},      {KIL_FORMAT_R8G8B8A8_UNORM, 100, 512},
      {KIL_FORMAT_R8G8B8A8_UNORM, 1920, 7680},   {KIL_FORMAT_R8_UNORM, 1000, 1024},
      {KIL_FORMAT_R8G8B8_UNORM, 100, 384},       {KIL_FORMAT_R32G32B32A32_SFLOAT, 9, 256},
      {KIL_FORMAT_BC1_RGB_UNORM_BLOCK, 64, 128},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(t); i++) {
      struct kil_image img;
      struct kil_image_info li = info_2d(t[i].f, t[i].width, 4, 1, 1);
      li.tiling = KIL_IMAGE_TILING_LINEAR;
      REQUIRE(kil_image_init(&kil_test_dev, &li, &img) == KIL_SUCCESS);
      CHECK(!img.levels[0].tiling.is_tiled);
      if (!CHECK_EQ(img.levels[0].row_pitch_B, t[i].pitch))
         printf("  width %u\n", t[i].width);
      CHECK_EQ(img.levels[0].size_B,
               (uint64_t)t[i].pitch * (kil_format_is_compressed(t[i].f) ? 1 : 4));
   }

   /* 100x50 RGBA8, 2 levels: 512 x 50, then 50x25 -> 256 x 25. */
   struct kil_image img;
   struct kil_image_info li = info_2d(KIL_FORMAT_R8G8B8A8_UNORM, 100, 50, 3, 2);
   li.tiling = KIL_IMAGE_TILING_LINEAR;
   REQUIRE(kil_image_init(&kil_test_dev, &li, &img) == KIL_SUCCESS);
   static const uint64_t exp[2][4] = {{0, 25600, 512, 0}, {25600, 6400, 256, 0}};
   check_levels(&img, exp, 2);
   CHECK_EQ(img.array_stride_B, 32000);
   CHECK_EQ(img.size_B, 96000);
   CHECK_EQ(img.align_B, 128);

   /* A 3D LINEAR image: slices are pitch x rows apart. */
   REQUIRE(
      kil_image_init(&kil_test_dev,
                     &(struct kil_image_info){.dim = KIL_IMAGE_DIM_3D,
                                              .format = KIL_FORMAT_R16_UNORM,
                                              .extent_px = kil_extent4d_px(10, 3, 4, 1),
                                              .levels = 1,
                                              .samples = 1,
                                              .tiling = KIL_IMAGE_TILING_LINEAR},
                     &img) == KIL_SUCCESS);
   CHECK_EQ(img.levels[0].size_B, 128 * 3 * 4);
   struct kil_level_addr a;
   REQUIRE(kil_level_addr_init(&a, &img, 0) == KIL_SUCCESS);
   CHECK_EQ(kil_level_addr_offset_B(&a, 5, 2, 3, 0), 3 * 384 + 2 * 128 + 10);
}

/* 100x100, 4 samples, RGBA8: a 200x200 grid of samples; 800 B rows -> 13
 * GOBs (832 B), 25 GOBs tall -> h = 5 (256 rows). */
TEST(image_multisample)
{
   struct kil_image img;
   struct kil_image_info mi = info_2d(KIL_FORMAT_R8G8B8A8_UNORM, 100, 100, 1, 1);
   mi.samples = 4;
   REQUIRE(kil_image_init(&kil_test_dev, &mi, &img) == KIL_SUCCESS);
   CHECK_EQ(img.sample_layout, KIL_SAMPLE_LAYOUT_2X2);
   CHECK_EQ(img.levels[0].row_pitch_B, 832);
   CHECK_EQ(img.levels[0].tiling.y_log2, 5);
   CHECK_EQ(img.levels[0].size_B, 212992);
   CHECK_EQ(img.size_B, 212992);
   struct kil_extent4d_el e = kil_image_level_extent_el(&img, 0);
   CHECK_EQ(e.width, 200);
   CHECK_EQ(e.height, 200);
   struct kil_extent4d_px p = kil_image_level_extent_px(&img, 0);
   CHECK_EQ(p.width, 100);

   mi.samples = 3;
   CHECK_EQ(kil_image_init(&kil_test_dev, &mi, &img), KIL_ERROR_INVALID_IMAGE_INFO);
   mi.samples = 8;
   mi.tiling = KIL_IMAGE_TILING_LINEAR;
   CHECK_EQ(kil_image_init(&kil_test_dev, &mi, &img), KIL_ERROR_UNSUPPORTED_IMAGE);
   mi.tiling = KIL_IMAGE_TILING_OPTIMAL;
   mi.format = KIL_FORMAT_BC1_RGB_UNORM_BLOCK;
   CHECK_EQ(kil_image_init(&kil_test_dev, &mi, &img), KIL_ERROR_UNSUPPORTED_IMAGE);
   mi.format = KIL_FORMAT_R8_UNORM;
   mi.levels = 2;
   CHECK_EQ(kil_image_init(&kil_test_dev, &mi, &img), KIL_ERROR_INVALID_IMAGE_INFO);
}

/* BC1 100x60, 3 levels (4x4 blocks of 8 B): level 0 is 25x15 blocks = 200 B
 * (4 GOBs, 256 B) x 15 rows (2 GOBs, h = 1); level 1 50x30 px = 13x8
 * blocks = 104 B (128) x 8 rows (h = 0); level 2 25x15 px = 7x4 blocks =
 * 56 B (64) x 4 rows (one GOB). */
TEST(image_compressed)
{
   struct kil_image img;
   REQUIRE(kil_image_init(&kil_test_dev,
                          &(struct kil_image_info){
                             .dim = KIL_IMAGE_DIM_2D,
                             .format = KIL_FORMAT_BC1_RGBA_SRGB_BLOCK,
                             .extent_px = kil_extent4d_px(100, 60, 1, 2),
                             .levels = 3,
                             .samples = 1,
                          },
                          &img) == KIL_SUCCESS);
   static const uint64_t exp[3][4] = {
      {0, 4096, 256, 1}, {4096, 1024, 128, 0}, {5120, 512, 64, 0}};
   check_levels(&img, exp, 3);
   CHECK_EQ(img.array_stride_B, 6144);
   CHECK_EQ(img.size_B, 12288);

   /* Level 1 seen as R32G32_UINT, one texel per block. */
   struct kil_image view;
   uint64_t off;
   REQUIRE(kil_image_level_as_uncompressed(&img, 1, &view, &off) == KIL_SUCCESS);
   CHECK_EQ(off, 4096);
   CHECK_EQ(view.format, KIL_FORMAT_R32G32_UINT);
   CHECK_EQ(view.extent_px.width, 13);
   CHECK_EQ(view.extent_px.height, 8);
   CHECK_EQ(view.extent_px.array_len, 2);
   CHECK_EQ(view.num_levels, 1);
   CHECK_EQ(view.levels[0].row_pitch_B, 128);
   CHECK_EQ(view.levels[0].tiling.y_log2, 0);
   CHECK_EQ(view.array_stride_B, 6144);
   CHECK_EQ(view.size_B, 6144 + 1024);

   struct kil_level_addr ai, av;
   REQUIRE(kil_level_addr_init(&ai, &img, 1) == KIL_SUCCESS);
   REQUIRE(kil_level_addr_init(&av, &view, 0) == KIL_SUCCESS);
   CHECK_EQ(kil_level_addr_offset_B(&ai, 12, 7, 0, 1),
            off + kil_level_addr_offset_B(&av, 12, 7, 0, 1));

   /* ASTC 12x12, 100x100: 9x9 blocks of 16 B = 144 B (192) x 9 rows (h = 1). */
   REQUIRE(kil_image_init(&kil_test_dev,
                          &(struct kil_image_info){
                             .dim = KIL_IMAGE_DIM_2D,
                             .format = KIL_FORMAT_ASTC_12x12_UNORM_BLOCK,
                             .extent_px = kil_extent4d_px(100, 100, 1, 1),
                             .levels = 1,
                             .samples = 1,
                          },
                          &img) == KIL_SUCCESS);
   CHECK_EQ(img.levels[0].row_pitch_B, 192);
   CHECK_EQ(img.levels[0].size_B, 3072);
}

/* 1D R8 x 4096: 64 GOBs wide, one row (h = 0). */
TEST(image_1d)
{
   struct kil_image img;
   REQUIRE(
      kil_image_init(&kil_test_dev,
                     &(struct kil_image_info){.dim = KIL_IMAGE_DIM_1D,
                                              .format = KIL_FORMAT_R8_UNORM,
                                              .extent_px = kil_extent4d_px(4096, 1, 1, 1),
                                              .levels = 13,
                                              .samples = 1},
                     &img) == KIL_SUCCESS);
   CHECK_EQ(img.levels[0].size_B, 32768);
   CHECK_EQ(img.levels[0].tiling.y_log2, 0);
   CHECK_EQ(img.levels[12].size_B, 512);
   struct kil_extent4d_px p = kil_image_level_extent_px(&img, 12);
   CHECK_EQ(p.width, 1);
   CHECK_EQ(p.height, 1);
}

/* Element addresses in a 64x64 RGBA8 image (256 B rows = 4 GOB columns,
 * h = 3: 4 KiB blocks of 8 GOBs). */
TEST(image_element_addresses)
{
   struct kil_image img;
   struct kil_image_info i = info_2d(KIL_FORMAT_R8G8B8A8_UNORM, 64, 64, 2, 1);
   REQUIRE(kil_image_init(&kil_test_dev, &i, &img) == KIL_SUCCESS);
   struct kil_level_addr a;
   REQUIRE(kil_level_addr_init(&a, &img, 0) == KIL_SUCCESS);
   CHECK_EQ(a.block_row_stride_B, 16384);
   static const struct {
      uint32_t x, y, layer;
      uint64_t off;
   } t[] = {
      {0, 0, 0, 0},           /* first byte */
      {1, 0, 0, 4},           /* next element */
      {4, 0, 0, 64},          /* x_B 16: third sector (kil_gob.h) */
      {0, 1, 0, 16},          /* row 1 follows row 0 inside a sector */
      {0, 2, 0, 32},          /* second sector */
      {16, 0, 0, 4096},       /* x_B 64: next GOB column = next block */
      {0, 8, 0, 512},         /* next GOB down, same block */
      {0, 63, 0, 3584 + 176}, /* GOB 7, row 7 */
      {63, 63, 0, 3 * 4096 + 3584 + 511 - 3},
      {0, 0, 1, 16384}, /* layer 1 */
   };
   for (unsigned k = 0; k < ARRAY_SIZE(t); k++)
      CHECK_EQ(kil_level_addr_offset_B(&a, t[k].x, t[k].y, 0, t[k].layer), t[k].off);
   CHECK_EQ(kil_level_addr_init(&a, &img, 1), KIL_ERROR_OUT_OF_BOUNDS);
}

TEST(image_bad_descriptions)
{
   struct kil_image img;
   struct kil_image_info i = info_2d(KIL_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1);
   CHECK_EQ(kil_image_init(&kil_test_dev, &i, &img), KIL_SUCCESS);

   struct kil_image_info b = i;
   b.extent_px.width = 0;
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_INVALID_IMAGE_INFO);
   CHECK_EQ(img.size_B, 0); /* left zeroed */
   b = i;
   b.levels = 6; /* 16x16 has 5 */
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_INVALID_IMAGE_INFO);
   b.levels = 0;
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_INVALID_IMAGE_INFO);
   b = i;
   b.dim = KIL_IMAGE_DIM_1D;
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_INVALID_IMAGE_INFO);
   b = i;
   b.extent_px.depth = 2;
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_INVALID_IMAGE_INFO);
   b = i;
   b.dim = (enum kil_image_dim)7;
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_INVALID_IMAGE_INFO);
   b = i;
   b.usage = 1u << 20;
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_INVALID_IMAGE_INFO);
   b = i;
   b.usage = KIL_IMAGE_USAGE_2D_VIEW;
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_INVALID_IMAGE_INFO);
   b = i;
   b.format = KIL_FORMAT_NONE;
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_UNSUPPORTED_FORMAT);
   b.format = (enum kil_format)100000;
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_UNSUPPORTED_FORMAT);
   b.format = KIL_FORMAT_R8G8B8_UNORM; /* 3 B: LINEAR only */
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_UNSUPPORTED_FORMAT);
   b.tiling = KIL_IMAGE_TILING_LINEAR;
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_SUCCESS);
   b = i;
   b.extent_px = kil_extent4d_px(1u << 25, 1, 1, 1);
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_OVERFLOW);
   /* Each dimension fits, the size does not. */
   b = info_2d(KIL_FORMAT_R32G32B32A32_UINT, 1u << 24, 1u << 24, 1u << 24, 1);
   CHECK_EQ(kil_image_init(&kil_test_dev, &b, &img), KIL_ERROR_OVERFLOW);

   /* Devices kil cannot lay out for. */
   struct kiln_device_info dev = kil_test_dev;
   dev.gob_height_rows = 4;
   CHECK_EQ(kil_image_init(&dev, &i, &img), KIL_ERROR_UNSUPPORTED_DEVICE);
   dev = kil_test_dev;
   dev.gob_kind = KILN_GOB_KIND_FERMI;
   CHECK_EQ(kil_image_init(&dev, &i, &img), KIL_ERROR_UNSUPPORTED_DEVICE);
   dev = kil_test_dev;
   dev.sector_layout = KILN_SECTOR_LAYOUT_TEGRA;
   CHECK_EQ(kil_image_init(&dev, &i, &img), KIL_ERROR_UNSUPPORTED_DEVICE);
   dev = kil_test_dev;
   dev.block_height_log2_mask = 0;
   CHECK_EQ(kil_image_init(&dev, &i, &img), KIL_ERROR_UNSUPPORTED_DEVICE);
   dev = kil_test_dev;
   dev.linear_pitch_align_B = 100;
   CHECK_EQ(kil_image_init(&dev, &i, &img), KIL_ERROR_UNSUPPORTED_DEVICE);
   CHECK_EQ(kil_image_init(NULL, &i, &img), KIL_ERROR_UNSUPPORTED_DEVICE);
}

/* The real device (init_fixed) is one kil accepts. */
TEST(image_real_device_is_supported)
{
   struct kiln_device_info dev;
   kiln_device_info_init_fixed(&dev, 2, 1ull << 30);
   CHECK_EQ(kil_device_check(&dev), KIL_SUCCESS);
}
