/* SPDX-License-Identifier: MIT */
#include "layout/kil_swizzle.h"

#include <stdio.h>
#include <stdlib.h>

#include "layout/kil_addr.h"
#include "layout/kil_swizzle_priv.h"
#include "kil_test_device.h"
#include "util/test.h"

/* One uncompressed format per element size. */
static const enum kil_format el_formats[] = {
   KIL_FORMAT_R8_UINT,     KIL_FORMAT_R16_UINT,          KIL_FORMAT_R32_UINT,
   KIL_FORMAT_R32G32_UINT, KIL_FORMAT_R32G32B32A32_UINT,
};

static uint64_t seed_counter = 1;

static const struct kil_copy_opts walks[] = {
   {.stream = false, .block_order = false},
   {.stream = true, .block_order = false},
   {.stream = false, .block_order = true},
   {.stream = true, .block_order = true},
};

/* Copies the box buffer -> image with the fast path and the reference from
 * the same starting bytes and compares the images; then image -> buffer both
 * ways and compares the buffers, and the box with what went in. Returns
 * false (after reporting) on any difference. */
static bool
check_box(const struct kil_image *img, uint32_t level, struct kil_offset4d_el off,
          struct kil_extent4d_el ext, uint64_t row_pad_B, uint64_t slice_pad_B)
{
   const uint32_t el_B = kil_format_el_size_B(img->format);
   const uint64_t row_B = (uint64_t)ext.width * el_B;
   struct kil_buffer_layout bl = {
      .row_pitch_B = row_B + row_pad_B,
   };
   bl.slice_pitch_B = bl.row_pitch_B * ext.height + slice_pad_B;
   bl.layer_pitch_B = bl.slice_pitch_B * ext.depth;
   bl.size_B = bl.layer_pitch_B * ext.array_len;

   const size_t img_B = img->size_B;
   uint8_t *fast = malloc(img_B), *ref = malloc(img_B);
   uint8_t *src = malloc(bl.size_B), *out_fast = malloc(bl.size_B),
           *out_ref = malloc(bl.size_B);
   bool ok = fast && ref && src && out_fast && out_ref;
   if (!CHECK(ok))
      goto out;

   const uint64_t seed = seed_counter++;
   kil_test_fill(fast, img_B, seed);
   memcpy(ref, fast, img_B);
   kil_test_fill(src, bl.size_B, seed + 1000);

   ok &=
      CHECK_EQ(kil_swizzle_ref(img, level, off, ext, ref, img_B, src, &bl), KIL_SUCCESS);
   ok &= CHECK_EQ(kil_swizzle(img, level, off, ext, fast, img_B, src, &bl), KIL_SUCCESS);
   ok &= CHECK(memcmp(fast, ref, img_B) == 0);

   /* Every walk the size heuristics can pick, forced, buffer -> image and
    * back; each must match the reference exactly. */
   for (unsigned w = 0; w < ARRAY_SIZE(walks) && ok; w++) {
      uint8_t *img2 = malloc(img_B), *out2 = malloc(bl.size_B);
      if (!CHECK(img2 && out2)) {
         free(img2);
         free(out2);
         ok = false;
         break;
      }
      kil_test_fill(img2, img_B, seed);
      ok &= CHECK_EQ(
         kil_copy_with_opts(img, level, off, ext, img2, img_B, src, &bl, true, &walks[w]),
         KIL_SUCCESS);
      ok &= CHECK(memcmp(img2, ref, img_B) == 0);
      kil_test_fill(out2, bl.size_B, seed + 3000);
      ok &= CHECK_EQ(kil_copy_with_opts(img, level, off, ext, ref, img_B, out2, &bl,
                                        false, &walks[w]),
                     KIL_SUCCESS);
      for (uint32_t a = 0; a < ext.array_len && ok; a++) {
         for (uint32_t z = 0; z < ext.depth; z++) {
            for (uint32_t y = 0; y < ext.height; y++) {
               const uint64_t o =
                  a * bl.layer_pitch_B + z * bl.slice_pitch_B + y * bl.row_pitch_B;
               ok &= CHECK(memcmp(out2 + o, src + o, row_B) == 0);
            }
         }
      }
      if (!ok)
         printf("  walk: stream %d block order %d\n", walks[w].stream,
                walks[w].block_order);
      free(img2);
      free(out2);
   }

   kil_test_fill(out_fast, bl.size_B, seed + 2000);
   memcpy(out_ref, out_fast, bl.size_B);
   ok &= CHECK_EQ(kil_deswizzle(img, level, off, ext, fast, img_B, out_fast, &bl),
                  KIL_SUCCESS);
   ok &= CHECK_EQ(kil_deswizzle_ref(img, level, off, ext, ref, img_B, out_ref, &bl),
                  KIL_SUCCESS);
   /* Same bytes everywhere, padding (untouched by both) included. */
   ok &= CHECK(memcmp(out_fast, out_ref, bl.size_B) == 0);

   /* Round trip: every row of the box came back. */
   bool round_trip = true;
   for (uint32_t a = 0; a < ext.array_len; a++) {
      for (uint32_t z = 0; z < ext.depth; z++) {
         for (uint32_t y = 0; y < ext.height; y++) {
            const uint64_t o =
               a * bl.layer_pitch_B + z * bl.slice_pitch_B + y * bl.row_pitch_B;
            round_trip &= memcmp(out_fast + o, src + o, row_B) == 0;
         }
      }
   }
   ok &= CHECK(round_trip);

out:
   if (!ok) {
      printf("  format %s level %u box (%u,%u,%u,%u)+(%u,%u,%u,%u) tiled %d h %u d %u\n",
             kil_format_desc(img->format)->name, level, off.x, off.y, off.z, off.a,
             ext.width, ext.height, ext.depth, ext.array_len,
             img->levels[level].tiling.is_tiled, img->levels[level].tiling.y_log2,
             img->levels[level].tiling.z_log2);
   }
   free(fast);
   free(ref);
   free(src);
   free(out_fast);
   free(out_ref);
   return ok;
}

static bool
check_whole_levels(const struct kil_image *img)
{
   bool ok = true;
   for (uint32_t l = 0; l < img->num_levels; l++) {
      const struct kil_extent4d_el e = kil_image_level_extent_el(img, l);
      ok &= check_box(img, l, kil_offset4d_el(0, 0, 0, 0), e, 0, 0);
   }
   return ok;
}

/* Every element size, every block height, odd sizes, sub-boxes touching
 * each edge, padded buffer rows. */
TEST(swizzle_every_el_size_and_block_height)
{
   static const struct {
      uint32_t x, y, w, h;
   } boxes[] = {
      {0, 0, 77, 300}, {3, 5, 37, 61},  {1, 250, 75, 50}, {0, 0, 1, 1},
      {76, 299, 1, 1}, {16, 8, 32, 16}, {5, 0, 64, 300},  {0, 7, 77, 2},
   };
   for (unsigned f = 0; f < ARRAY_SIZE(el_formats); f++) {
      for (uint8_t h = 0; h <= 5; h++) {
         const struct kil_image_info info = {
            .dim = KIL_IMAGE_DIM_2D,
            .format = el_formats[f],
            .extent_px = kil_extent4d_px(77, 300, 1, 1),
            .levels = 1,
            .samples = 1,
         };
         struct kil_image img;
         REQUIRE(kil_image_init_explicit(&kil_test_dev, &info,
                                         kil_tiling_block_linear(h, 0), 0,
                                         &img) == KIL_SUCCESS);
         REQUIRE(img.levels[0].tiling.y_log2 == h); /* 300 rows: no clamping */
         for (unsigned b = 0; b < ARRAY_SIZE(boxes); b++) {
            const uint64_t pad = (b & 1) ? 3 : 0;
            if (!check_box(&img, 0, kil_offset4d_el(boxes[b].x, boxes[b].y, 0, 0),
                           kil_extent4d_el(boxes[b].w, boxes[b].h, 1, 1), pad, 0))
               return;
         }
      }
   }
}

/* Many whole GOBs plus one-element borders. */
TEST(swizzle_large_image)
{
   struct kil_image img;
   REQUIRE(kil_image_init(
              &kil_test_dev,
              &(struct kil_image_info){.dim = KIL_IMAGE_DIM_2D,
                                       .format = KIL_FORMAT_R8G8B8A8_UNORM,
                                       .extent_px = kil_extent4d_px(512, 256, 1, 1),
                                       .levels = 1,
                                       .samples = 1},
              &img) == KIL_SUCCESS);
   CHECK(check_box(&img, 0, kil_offset4d_el(0, 0, 0, 0), kil_extent4d_el(512, 256, 1, 1),
                   0, 0));
   CHECK(check_box(&img, 0, kil_offset4d_el(1, 1, 0, 0), kil_extent4d_el(510, 254, 1, 1),
                   64, 0));
   CHECK(check_box(&img, 0, kil_offset4d_el(16, 8, 0, 0), kil_extent4d_el(480, 240, 1, 1),
                   0, 0));
}

TEST(swizzle_mips_and_layers)
{
   struct kil_image img;
   REQUIRE(
      kil_image_init(&kil_test_dev,
                     &(struct kil_image_info){.dim = KIL_IMAGE_DIM_2D,
                                              .format = KIL_FORMAT_R8G8B8A8_UNORM,
                                              .extent_px = kil_extent4d_px(100, 70, 1, 3),
                                              .levels = 7,
                                              .samples = 1},
                     &img) == KIL_SUCCESS);
   CHECK(check_whole_levels(&img));
   CHECK(check_box(&img, 1, kil_offset4d_el(7, 3, 0, 1), kil_extent4d_el(30, 20, 1, 2), 5,
                   0));
   CHECK(check_box(&img, 3, kil_offset4d_el(1, 2, 0, 2), kil_extent4d_el(11, 6, 1, 1), 0,
                   0));
}

TEST(swizzle_3d)
{
   struct kil_image_info info = {
      .dim = KIL_IMAGE_DIM_3D,
      .format = KIL_FORMAT_R16_UINT,
      .extent_px = kil_extent4d_px(40, 30, 20, 1),
      .levels = 3,
      .samples = 1,
   };
   struct kil_image img;
   REQUIRE(kil_image_init(&kil_test_dev, &info, &img) == KIL_SUCCESS);
   CHECK_EQ(img.levels[0].tiling.z_log2, 5);
   CHECK(check_whole_levels(&img));
   CHECK(check_box(&img, 0, kil_offset4d_el(3, 4, 5, 0), kil_extent4d_el(20, 10, 7, 1), 2,
                   6));
   CHECK(check_box(&img, 1, kil_offset4d_el(1, 1, 3, 0), kil_extent4d_el(17, 13, 6, 1), 0,
                   0));

   info.usage = KIL_IMAGE_USAGE_2D_VIEW;
   info.format = KIL_FORMAT_R32G32_UINT;
   REQUIRE(kil_image_init(&kil_test_dev, &info, &img) == KIL_SUCCESS);
   CHECK(check_whole_levels(&img));
   CHECK(check_box(&img, 0, kil_offset4d_el(9, 0, 19, 0), kil_extent4d_el(31, 30, 1, 1),
                   0, 0));
}

TEST(swizzle_multisample_and_compressed)
{
   struct kil_image img;
   REQUIRE(
      kil_image_init(&kil_test_dev,
                     &(struct kil_image_info){.dim = KIL_IMAGE_DIM_2D,
                                              .format = KIL_FORMAT_R8G8B8A8_UNORM,
                                              .extent_px = kil_extent4d_px(33, 17, 1, 1),
                                              .levels = 1,
                                              .samples = 4},
                     &img) == KIL_SUCCESS);
   CHECK(check_whole_levels(&img));
   CHECK(check_box(&img, 0, kil_offset4d_el(2, 2, 0, 0), kil_extent4d_el(40, 20, 1, 1), 0,
                   0));

   REQUIRE(
      kil_image_init(&kil_test_dev,
                     &(struct kil_image_info){.dim = KIL_IMAGE_DIM_2D,
                                              .format = KIL_FORMAT_BC3_UNORM_BLOCK,
                                              .extent_px = kil_extent4d_px(130, 90, 1, 2),
                                              .levels = 3,
                                              .samples = 1},
                     &img) == KIL_SUCCESS);
   CHECK(check_whole_levels(&img));
   CHECK(check_box(&img, 0, kil_offset4d_el(4, 3, 0, 1), kil_extent4d_el(20, 15, 1, 1), 0,
                   0));
}

TEST(swizzle_linear_image)
{
   struct kil_image img;
   REQUIRE(
      kil_image_init(&kil_test_dev,
                     &(struct kil_image_info){.dim = KIL_IMAGE_DIM_2D,
                                              .format = KIL_FORMAT_R8G8B8_UNORM,
                                              .extent_px = kil_extent4d_px(50, 20, 1, 2),
                                              .levels = 2,
                                              .samples = 1,
                                              .tiling = KIL_IMAGE_TILING_LINEAR},
                     &img) == KIL_SUCCESS);
   CHECK(check_whole_levels(&img));
   CHECK(check_box(&img, 0, kil_offset4d_el(3, 2, 0, 1), kil_extent4d_el(40, 10, 1, 1), 7,
                   0));
}

/* One GOB of R16 (32 x 8 elements), element value y * 32 + x: the bytes
 * land where kil_gob.h says (GOB offset of (x_B, y) = (x * 2, y)). */
TEST(swizzle_literal_gob)
{
   const struct kil_image_info info = {
      .dim = KIL_IMAGE_DIM_2D,
      .format = KIL_FORMAT_R16_UINT,
      .extent_px = kil_extent4d_px(32, 8, 1, 1),
      .levels = 1,
      .samples = 1,
   };
   struct kil_image img;
   REQUIRE(kil_image_init(&kil_test_dev, &info, &img) == KIL_SUCCESS);
   REQUIRE(img.size_B == 512);

   uint16_t lin[8][32], tiled[256];
   for (uint32_t y = 0; y < 8; y++) {
      for (uint32_t x = 0; x < 32; x++)
         lin[y][x] = (uint16_t)(y * 32 + x);
   }
   const struct kil_extent4d_el all = kil_extent4d_el(32, 8, 1, 1);
   const struct kil_buffer_layout bl = kil_buffer_layout_packed(&img, all);
   CHECK_EQ(bl.row_pitch_B, 64);
   REQUIRE(kil_swizzle(&img, 0, kil_offset4d_el(0, 0, 0, 0), all, tiled, sizeof(tiled),
                       lin, &bl) == KIL_SUCCESS);
   CHECK_EQ(tiled[0 / 2], 0);     /* (0, 0) */
   CHECK_EQ(tiled[16 / 2], 32);   /* byte 16: x 0, row 1 */
   CHECK_EQ(tiled[32 / 2], 64);   /* byte 32: x 0, row 2 */
   CHECK_EQ(tiled[64 / 2], 8);    /* byte 64: x_B 16 = x 8, row 0 */
   CHECK_EQ(tiled[128 / 2], 128); /* byte 128: x 0, row 4 */
   CHECK_EQ(tiled[256 / 2], 16);  /* byte 256: x_B 32 = x 16, row 0 */
   CHECK_EQ(tiled[510 / 2], 255); /* last: x 31, row 7 */
   for (uint32_t y = 0; y < 8; y++) {
      for (uint32_t x = 0; x < 32; x++)
         CHECK_EQ(tiled[kil_gob_offset_B(x * 2, y) / 2], y * 32 + x);
   }
}

TEST(swizzle_bad_arguments_touch_nothing)
{
   struct kil_image img;
   REQUIRE(
      kil_image_init(&kil_test_dev,
                     &(struct kil_image_info){.dim = KIL_IMAGE_DIM_2D,
                                              .format = KIL_FORMAT_R32_UINT,
                                              .extent_px = kil_extent4d_px(40, 40, 1, 2),
                                              .levels = 2,
                                              .samples = 1},
                     &img) == KIL_SUCCESS);
   uint8_t *mem = malloc(img.size_B), *copy = malloc(img.size_B);
   uint8_t buf[40 * 40 * 4 * 2];
   REQUIRE(mem && copy);
   kil_test_fill(mem, img.size_B, 77);
   memcpy(copy, mem, img.size_B);
   kil_test_fill(buf, sizeof(buf), 78);

   const struct kil_extent4d_el full = kil_extent4d_el(40, 40, 1, 1);
   struct kil_buffer_layout bl = kil_buffer_layout_packed(&img, full);
   const struct kil_offset4d_el o0 = kil_offset4d_el(0, 0, 0, 0);

   static const struct {
      uint32_t level;
      struct kil_offset4d_el off;
      struct kil_extent4d_el ext;
   } oob[] = {
      {2, {0, 0, 0, 0}, {1, 1, 1, 1}},          /* no level 2 */
      {0, {1, 0, 0, 0}, {40, 40, 1, 1}},        /* x past the edge */
      {0, {0, 39, 0, 0}, {1, 2, 1, 1}},         /* y past the edge */
      {0, {0, 0, 1, 0}, {1, 1, 1, 1}},          /* z of a 2D image */
      {0, {0, 0, 0, 1}, {1, 1, 1, 2}},          /* layer 2 of 2 */
      {1, {0, 0, 0, 0}, {21, 1, 1, 1}},         /* level 1 is 20 wide */
      {0, {UINT32_MAX, 0, 0, 0}, {2, 1, 1, 1}}, /* wraps */
   };
   for (unsigned i = 0; i < ARRAY_SIZE(oob); i++) {
      CHECK_EQ(kil_swizzle(&img, oob[i].level, oob[i].off, oob[i].ext, mem, img.size_B,
                           buf, &bl),
               KIL_ERROR_OUT_OF_BOUNDS);
      CHECK_EQ(kil_swizzle_ref(&img, oob[i].level, oob[i].off, oob[i].ext, mem,
                               img.size_B, buf, &bl),
               KIL_ERROR_OUT_OF_BOUNDS);
      CHECK_EQ(kil_deswizzle(&img, oob[i].level, oob[i].off, oob[i].ext, mem, img.size_B,
                             buf, &bl),
               KIL_ERROR_OUT_OF_BOUNDS);
   }
   /* The mapping smaller than the image. */
   CHECK_EQ(kil_swizzle(&img, 0, o0, full, mem, img.size_B - 1, buf, &bl),
            KIL_ERROR_OUT_OF_BOUNDS);
   /* The buffer one byte short, or a pitch that overflows. */
   struct kil_buffer_layout small = bl;
   small.size_B -= 1;
   CHECK_EQ(kil_swizzle(&img, 0, o0, full, mem, img.size_B, buf, &small),
            KIL_ERROR_OUT_OF_BOUNDS);
   CHECK_EQ(kil_deswizzle_ref(&img, 0, o0, full, mem, img.size_B, buf, &small),
            KIL_ERROR_OUT_OF_BOUNDS);
   struct kil_buffer_layout huge = bl;
   huge.row_pitch_B = UINT64_MAX / 8;
   CHECK_EQ(kil_swizzle(&img, 0, o0, full, mem, img.size_B, buf, &huge),
            KIL_ERROR_OUT_OF_BOUNDS);
   /* An empty box is a no-op. */
   CHECK_EQ(
      kil_swizzle(&img, 0, o0, kil_extent4d_el(0, 5, 1, 1), mem, img.size_B, buf, &bl),
      KIL_SUCCESS);
   CHECK(memcmp(mem, copy, img.size_B) == 0);

   free(mem);
   free(copy);
}

/* Writing a 3D level through its 2D-array view and reading it back as the
 * 3D level gives the same bytes; likewise a compressed level through its
 * uncompressed view. */
TEST(swizzle_through_views)
{
   struct kil_image img, view;
   REQUIRE(kil_image_init(&kil_test_dev,
                          &(struct kil_image_info){
                             .dim = KIL_IMAGE_DIM_3D,
                             .format = KIL_FORMAT_R32_UINT,
                             .extent_px = kil_extent4d_px(36, 20, 6, 1),
                             .levels = 2,
                             .samples = 1,
                             .usage = KIL_IMAGE_USAGE_2D_VIEW,
                          },
                          &img) == KIL_SUCCESS);
   uint64_t off;
   REQUIRE(kil_image_3d_level_as_2d_array(&img, 1, &view, &off) == KIL_SUCCESS);
   uint8_t *mem = calloc(1, img.size_B);
   const struct kil_extent4d_el e3 = kil_extent4d_el(18, 10, 3, 1);
   const struct kil_extent4d_el e2 = kil_extent4d_el(18, 10, 1, 3);
   const struct kil_buffer_layout b3 = kil_buffer_layout_packed(&img, e3);
   const struct kil_buffer_layout b2 = kil_buffer_layout_packed(&view, e2);
   CHECK_EQ(b3.size_B, b2.size_B);
   uint8_t *in = malloc(b3.size_B), *out = calloc(1, b3.size_B);
   REQUIRE(mem && in && out);
   kil_test_fill(in, b3.size_B, 5);
   REQUIRE(kil_swizzle(&view, 0, kil_offset4d_el(0, 0, 0, 0), e2, mem + off,
                       img.size_B - off, in, &b2) == KIL_SUCCESS);
   REQUIRE(kil_deswizzle(&img, 1, kil_offset4d_el(0, 0, 0, 0), e3, mem, img.size_B, out,
                         &b3) == KIL_SUCCESS);
   CHECK(memcmp(in, out, b3.size_B) == 0);
   free(mem);
   free(in);
   free(out);

   REQUIRE(kil_image_init(&kil_test_dev,
                          &(struct kil_image_info){
                             .dim = KIL_IMAGE_DIM_2D,
                             .format = KIL_FORMAT_BC1_RGB_UNORM_BLOCK,
                             .extent_px = kil_extent4d_px(60, 44, 1, 2),
                             .levels = 2,
                             .samples = 1,
                          },
                          &img) == KIL_SUCCESS);
   REQUIRE(kil_image_level_as_uncompressed(&img, 1, &view, &off) == KIL_SUCCESS);
   const struct kil_extent4d_el eb = kil_extent4d_el(8, 6, 1, 2); /* 30x22 px in blocks */
   const struct kil_buffer_layout bb = kil_buffer_layout_packed(&img, eb);
   mem = calloc(1, img.size_B);
   in = malloc(bb.size_B);
   out = calloc(1, bb.size_B);
   REQUIRE(mem && in && out);
   kil_test_fill(in, bb.size_B, 6);
   REQUIRE(kil_swizzle(&view, 0, kil_offset4d_el(0, 0, 0, 0), eb, mem + off,
                       img.size_B - off, in, &bb) == KIL_SUCCESS);
   REQUIRE(kil_deswizzle(&img, 1, kil_offset4d_el(0, 0, 0, 0), eb, mem, img.size_B, out,
                         &bb) == KIL_SUCCESS);
   CHECK(memcmp(in, out, bb.size_B) == 0);
   free(mem);
   free(in);
   free(out);
}

/* A hand-edited struct kil_image that no longer adds up is refused, not
 * followed outside the mapping. */
TEST(swizzle_refuses_inconsistent_images)
{
   struct kil_image img;
   REQUIRE(kil_image_init(&kil_test_dev,
                          &(struct kil_image_info){
                             .dim = KIL_IMAGE_DIM_2D,
                             .format = KIL_FORMAT_R32_UINT,
                             .extent_px = kil_extent4d_px(100, 100, 1, 2),
                             .levels = 1,
                             .samples = 1,
                          },
                          &img) == KIL_SUCCESS);
   uint8_t *mem = calloc(1, img.size_B), buf[64];
   REQUIRE(mem);
   const struct kil_extent4d_el one = kil_extent4d_el(1, 1, 1, 1);
   const struct kil_buffer_layout bl = {.size_B = sizeof(buf), .row_pitch_B = 4};
   const struct kil_offset4d_el o = kil_offset4d_el(0, 0, 0, 0);
   CHECK_EQ(kil_swizzle(&img, 0, o, one, mem, img.size_B, buf, &bl), KIL_SUCCESS);

   struct kil_image bad = img;
   bad.levels[0].size_B /= 2;
   CHECK_EQ(kil_swizzle(&bad, 0, o, one, mem, img.size_B, buf, &bl),
            KIL_ERROR_OUT_OF_BOUNDS);
   bad = img;
   bad.levels[0].row_pitch_B = 128; /* < 400 B of row */
   CHECK_EQ(kil_swizzle(&bad, 0, o, one, mem, img.size_B, buf, &bl),
            KIL_ERROR_OUT_OF_BOUNDS);
   bad = img;
   bad.format = KIL_FORMAT_R8G8B8_UNORM; /* 3 B elements in a tiled level */
   CHECK_EQ(kil_deswizzle(&bad, 0, o, one, mem, img.size_B, buf, &bl),
            KIL_ERROR_OUT_OF_BOUNDS);
   bad = img;
   bad.array_stride_B *= 2; /* layer 1 past size_B */
   CHECK_EQ(kil_swizzle_ref(&bad, 0, o, one, mem, img.size_B, buf, &bl),
            KIL_ERROR_OUT_OF_BOUNDS);
   bad = img;
   bad.levels[0].tiling.y_log2 = 9;
   CHECK_EQ(kil_swizzle(&bad, 0, o, one, mem, img.size_B, buf, &bl),
            KIL_ERROR_OUT_OF_BOUNDS);
   free(mem);
}
