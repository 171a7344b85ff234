/* SPDX-License-Identifier: MIT */
#include "layout/kil_copy_image.h"

#include <stdlib.h>
#include <string.h>

#include "layout/kil_addr.h"
#include "kil_test_device.h"
#include "util/test.h"

static struct kil_image
make_image(enum kil_image_dim dim, enum kil_format format, uint32_t w, uint32_t h,
           uint32_t d, uint32_t layers, uint32_t levels)
{
   struct kil_image img;
   const enum kil_result r =
      kil_image_init(&kil_test_dev,
                     &(struct kil_image_info){
                        .dim = dim,
                        .format = format,
                        .extent_px = kil_extent4d_px(w, h, d, layers),
                        .levels = levels,
                        .samples = 1,
                     },
                     &img);
   CHECK_EQ(r, KIL_SUCCESS);
   return img;
}

/* The copy one element at a time through kil_level_addr_offset_B. */
static void
copy_ref(const struct kil_image *src, uint32_t sl, struct kil_offset4d_el so,
         const uint8_t *smap, const struct kil_image *dst, uint32_t dl,
         struct kil_offset4d_el dof, uint8_t *dmap, struct kil_extent4d_el e)
{
   struct kil_level_addr sa, da;
   kil_level_addr_init(&sa, src, sl);
   kil_level_addr_init(&da, dst, dl);
   for (uint32_t l = 0; l < e.array_len; l++)
      for (uint32_t z = 0; z < e.depth; z++)
         for (uint32_t y = 0; y < e.height; y++)
            for (uint32_t x = 0; x < e.width; x++)
               memcpy(dmap + kil_level_addr_offset_B(&da, dof.x + x, dof.y + y, dof.z + z,
                                                     dof.a + l),
                      smap + kil_level_addr_offset_B(&sa, so.x + x, so.y + y, so.z + z,
                                                     so.a + l),
                      sa.el_size_B);
}

static uint64_t seed = 7;

/* The fast copy and the reference from the same bytes give the same
 * destination, every byte of it (outside the box too). */
static bool
check_copy(const struct kil_image *src, uint32_t sl, struct kil_offset4d_el so,
           const struct kil_image *dst, uint32_t dl, struct kil_offset4d_el dof,
           struct kil_extent4d_el e)
{
   uint8_t *s = malloc(src->size_B), *fast = malloc(dst->size_B),
           *ref = malloc(dst->size_B);
   bool ok = CHECK(s && fast && ref);
   if (ok) {
      kil_test_fill(s, src->size_B, seed++);
      kil_test_fill(fast, dst->size_B, seed++);
      memcpy(ref, fast, dst->size_B);
      ok &= CHECK(kil_copy_image_gobs_line_up(src, sl, so, dst, dl, dof));
      ok &= CHECK_EQ(
         kil_copy_image(src, sl, so, s, src->size_B, dst, dl, dof, fast, dst->size_B, e),
         KIL_SUCCESS);
      copy_ref(src, sl, so, s, dst, dl, dof, ref, e);
      ok &= CHECK(memcmp(fast, ref, dst->size_B) == 0);
   }
   free(s);
   free(fast);
   free(ref);
   return ok;
}

TEST(copy_image_identical_whole_levels)
{
   /* Identical layouts: every level, all layers (one run per slice). */
   const struct kil_image a =
      make_image(KIL_IMAGE_DIM_2D, KIL_FORMAT_R8G8B8A8_UNORM, 300, 260, 1, 4, 4);
   for (uint32_t l = 0; l < a.num_levels; l++) {
      const struct kil_extent4d_el e = kil_image_level_extent_el(&a, l);
      CHECK(check_copy(&a, l, kil_offset4d_el(0, 0, 0, 0), &a, l,
                       kil_offset4d_el(0, 0, 0, 0), e));
   }
   /* Big enough to be written with streaming stores (>= 4 MiB). */
   const struct kil_image big =
      make_image(KIL_IMAGE_DIM_2D, KIL_FORMAT_R32_UINT, 1100, 1000, 1, 1, 1);
   CHECK(check_copy(&big, 0, kil_offset4d_el(0, 0, 0, 0), &big, 0,
                    kil_offset4d_el(0, 0, 0, 0), kil_extent4d_el(1100, 1000, 1, 1)));
   /* ... and a big partial one, offset by whole GOBs, edges cut. */
   CHECK(check_copy(&big, 0, kil_offset4d_el(5, 3, 0, 0), &big, 0,
                    kil_offset4d_el(21, 11, 0, 0), kil_extent4d_el(1070, 980, 1, 1)));
}

TEST(copy_image_partial_boxes)
{
   static const enum kil_format formats[] = {KIL_FORMAT_R8_UINT, KIL_FORMAT_R16_UINT,
                                             KIL_FORMAT_R32_UINT, KIL_FORMAT_R32G32_UINT,
                                             KIL_FORMAT_R32G32B32A32_UINT};
   for (unsigned f = 0; f < ARRAY_SIZE(formats); f++) {
      const uint32_t el = kil_format_el_size_B(formats[f]);
      const uint32_t gob_el = KIL_GOB_WIDTH_B / el; /* elements per GOB row */
      /* Different extents: different pitches and block heights. */
      const struct kil_image src =
         make_image(KIL_IMAGE_DIM_2D, formats[f], 190, 150, 1, 3, 3);
      const struct kil_image dst =
         make_image(KIL_IMAGE_DIM_2D, formats[f], 260, 70, 1, 5, 2);
      /* GOB-aligned offsets, a box cut at both ends. */
      CHECK(check_copy(&src, 0, kil_offset4d_el(gob_el, 8, 0, 1), &dst, 0,
                       kil_offset4d_el(2 * gob_el, 16, 0, 3),
                       kil_extent4d_el(100, 45, 1, 2)));
      /* Offsets inside a GOB, the same place on both sides. */
      const uint32_t sx = 3 % gob_el, dx = sx + gob_el;
      CHECK(check_copy(&src, 1, kil_offset4d_el(sx, 5, 0, 0), &dst, 0,
                       kil_offset4d_el(dx, 13, 0, 4), kil_extent4d_el(60, 40, 1, 1)));
      /* Narrower than a GOB, shorter than a GOB row. */
      CHECK(check_copy(&src, 0, kil_offset4d_el(1, 2, 0, 2), &dst, 1,
                       kil_offset4d_el(1 + gob_el, 10, 0, 0),
                       kil_extent4d_el(1, 3, 1, 1)));
      /* Within one image: level 0 layer 0 -> level 1 layer 2. */
      CHECK(check_copy(&src, 0, kil_offset4d_el(0, 0, 0, 0), &src, 1,
                       kil_offset4d_el(0, 0, 0, 2), kil_extent4d_el(95, 75, 1, 1)));
   }
}

TEST(copy_image_3d)
{
   /* Blocks more than one GOB deep; slices at an offset. */
   const struct kil_image a =
      make_image(KIL_IMAGE_DIM_3D, KIL_FORMAT_R16_UINT, 70, 40, 20, 1, 2);
   const struct kil_image b =
      make_image(KIL_IMAGE_DIM_3D, KIL_FORMAT_R16_UINT, 100, 20, 9, 1, 1);
   CHECK(a.levels[0].tiling.z_log2 > 0);
   CHECK(check_copy(&a, 0, kil_offset4d_el(0, 0, 0, 0), &a, 0,
                    kil_offset4d_el(0, 0, 0, 0), kil_extent4d_el(70, 40, 20, 1)));
   CHECK(check_copy(&a, 0, kil_offset4d_el(32, 3, 5, 0), &b, 0,
                    kil_offset4d_el(64, 11, 1, 0), kil_extent4d_el(33, 9, 7, 1)));
   CHECK(check_copy(&a, 1, kil_offset4d_el(0, 0, 0, 0), &b, 0,
                    kil_offset4d_el(32, 0, 0, 0), kil_extent4d_el(35, 20, 9, 1)));
}

TEST(copy_image_refusals)
{
   const struct kil_image a =
      make_image(KIL_IMAGE_DIM_2D, KIL_FORMAT_R32_UINT, 64, 64, 1, 2, 1);
   const struct kil_image b =
      make_image(KIL_IMAGE_DIM_2D, KIL_FORMAT_R16_UINT, 64, 64, 1, 1, 1);
   struct kil_image lin;
   CHECK_EQ(kil_image_init(&kil_test_dev,
                           &(struct kil_image_info){
                              .dim = KIL_IMAGE_DIM_2D,
                              .format = KIL_FORMAT_R32_UINT,
                              .extent_px = kil_extent4d_px(64, 64, 1, 1),
                              .levels = 1,
                              .samples = 1,
                              .tiling = KIL_IMAGE_TILING_LINEAR,
                           },
                           &lin),
            KIL_SUCCESS);
   uint8_t *s = malloc(a.size_B), *d = malloc(a.size_B), *keep = malloc(a.size_B);
   REQUIRE(s && d && keep);
   kil_test_fill(s, a.size_B, 1);
   kil_test_fill(d, a.size_B, 2);
   memcpy(keep, d, a.size_B);
   const struct kil_offset4d_el o = kil_offset4d_el(0, 0, 0, 0);
   const struct kil_extent4d_el e = kil_extent4d_el(16, 16, 1, 1);
   /* Not lined up: x one element off, y one row off. */
   CHECK(!kil_copy_image_gobs_line_up(&a, 0, o, &a, 0, kil_offset4d_el(1, 0, 0, 1)));
   CHECK_EQ(kil_copy_image(&a, 0, o, s, a.size_B, &a, 0, kil_offset4d_el(1, 0, 0, 1), d,
                           a.size_B, e),
            KIL_ERROR_UNSUPPORTED_IMAGE);
   CHECK_EQ(kil_copy_image(&a, 0, o, s, a.size_B, &a, 0, kil_offset4d_el(0, 1, 0, 1), d,
                           a.size_B, e),
            KIL_ERROR_UNSUPPORTED_IMAGE);
   /* Element sizes differ; a LINEAR side. */
   CHECK(!kil_copy_image_gobs_line_up(&a, 0, o, &b, 0, o));
   CHECK(!kil_copy_image_gobs_line_up(&a, 0, o, &lin, 0, o));
   CHECK(!kil_copy_image_gobs_line_up(&lin, 0, o, &a, 0, o));
   /* Outside the level, a level that does not exist, a short mapping. */
   CHECK_EQ(kil_copy_image(&a, 0, kil_offset4d_el(56, 0, 0, 0), s, a.size_B, &a, 0, o, d,
                           a.size_B, e),
            KIL_ERROR_OUT_OF_BOUNDS);
   CHECK_EQ(kil_copy_image(&a, 0, o, s, a.size_B, &a, 0, kil_offset4d_el(0, 0, 0, 2), d,
                           a.size_B, e),
            KIL_ERROR_OUT_OF_BOUNDS);
   CHECK_EQ(kil_copy_image(&a, 1, o, s, a.size_B, &a, 0, o, d, a.size_B, e),
            KIL_ERROR_OUT_OF_BOUNDS);
   CHECK_EQ(kil_copy_image(&a, 0, o, s, a.size_B - 1, &a, 0, o, d, a.size_B, e),
            KIL_ERROR_OUT_OF_BOUNDS);
   CHECK(memcmp(d, keep, a.size_B) == 0);
   /* An empty box is a no-op. */
   CHECK_EQ(kil_copy_image(&a, 0, o, s, a.size_B, &a, 0, o, d, a.size_B,
                           kil_extent4d_el(0, 16, 1, 1)),
            KIL_SUCCESS);
   CHECK(memcmp(d, keep, a.size_B) == 0);
   free(s);
   free(d);
   free(keep);
}
