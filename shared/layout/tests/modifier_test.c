/* SPDX-License-Identifier: MIT */
#include "layout/kil_modifier.h"

#include <stdio.h>

#include "kil_test_device.h"
#include "util/test.h"

static bool
same_level(const struct kil_image_level *a, const struct kil_image_level *b)
{
   return a->offset_B == b->offset_B && a->size_B == b->size_B &&
          a->row_pitch_B == b->row_pitch_B && a->tiling.is_tiled == b->tiling.is_tiled &&
          a->tiling.y_log2 == b->tiling.y_log2 && a->tiling.z_log2 == b->tiling.z_log2;
}

static bool
same_image(const struct kil_image *a, const struct kil_image *b)
{
   if (a->dim != b->dim || a->format != b->format || a->num_levels != b->num_levels ||
       a->extent_px.width != b->extent_px.width ||
       a->extent_px.height != b->extent_px.height || a->size_B != b->size_B ||
       a->array_stride_B != b->array_stride_B || a->align_B != b->align_B ||
       a->tiling.is_tiled != b->tiling.is_tiled || a->tiling.y_log2 != b->tiling.y_log2)
      return false;
   for (uint32_t l = 0; l < a->num_levels; l++) {
      if (!same_level(&a->levels[l], &b->levels[l]))
         return false;
   }
   return true;
}

/* The modifiers our device writes, spelled with drm_fourcc.h's own macro
 * (libdrm-dev 2.4.114): c = 0, s = 1 (desktop), g = 2 (Turing+), k = 0x06
 * (NV_MMU_PTE_KIND_GENERIC_MEMORY), h. */
#define OUR_MOD(h) DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 2, 0x06, h)

/* Our encoder against the header's macro, over every c, s, g, h and a
 * spread of k; and a few values written out from the bit table by hand. */
TEST(modifier_encode_matches_drm_fourcc)
{
   static const uint8_t kinds[] = {0x00, 0x06, 0x12, 0x7a, 0xfe, 0xff};
   for (uint8_t c = 0; c < 8; c++) {
      for (uint8_t s = 0; s < 2; s++) {
         for (uint8_t g = 0; g < 4; g++) {
            for (unsigned ki = 0; ki < ARRAY_SIZE(kinds); ki++) {
               for (uint8_t h = 0; h < 16; h++) {
                  const uint8_t k = kinds[ki];
                  const struct kil_modifier_fields f = {c, s, g, k, h};
                  const uint64_t mod = kil_modifier_block_linear(f);
                  CHECK_EQ_U64(mod, DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(c, s, g, k, h));
                  struct kil_modifier_fields d;
                  REQUIRE(kil_modifier_decode(mod, &d) == KIL_SUCCESS);
                  CHECK(d.c == c && d.s == s && d.g == g && d.k == k && d.h == h);
               }
            }
         }
      }
   }

   /* vendor 0x03 << 56 | c << 23 | s << 22 | g << 20 | k << 12 | 0x10 | h */
   CHECK_EQ_U64(OUR_MOD(0), 0x0300000000606010ull);
   CHECK_EQ_U64(OUR_MOD(5), 0x0300000000606015ull);
   CHECK_EQ_U64(DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 2, 0xfe, 4),
                0x03000000006fe014ull);
   CHECK_EQ_U64(DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(7, 0, 0, 0, 0),
                0x0300000003800010ull);
   for (uint8_t h = 0; h <= 5; h++)
      CHECK_EQ_U64(kil_modifier_for_block_height(&kil_test_dev, h), OUR_MOD(h));
}

TEST(modifier_decode_rejects)
{
   struct kil_modifier_fields f;
   CHECK_EQ(kil_modifier_decode(DRM_FORMAT_MOD_LINEAR, &f), KIL_ERROR_MODIFIER_VENDOR);
   CHECK_EQ(kil_modifier_decode(I915_FORMAT_MOD_Y_TILED, &f), KIL_ERROR_MODIFIER_VENDOR);
   CHECK_EQ(kil_modifier_decode(DRM_FORMAT_MOD_NVIDIA_TEGRA_TILED, &f),
            KIL_ERROR_MODIFIER_NOT_BLOCK_LINEAR);
   for (unsigned bit = 5; bit < 56; bit++) {
      if (bit >= 12 && bit <= 25)
         continue; /* k, g, s, c */
      CHECK_EQ(kil_modifier_decode(OUR_MOD(2) | (1ull << bit), &f),
               KIL_ERROR_MODIFIER_RESERVED_BITS);
   }
}

/* kil_modifier_canonicalize against drm_fourcc.h's inline helper, for
 * NVIDIA modifiers (ours also leaves other vendors alone). */
TEST(modifier_canonicalize_matches_drm_fourcc)
{
   const uint64_t mods[] = {
      DRM_FORMAT_MOD_NVIDIA_16BX2_BLOCK(0),
      DRM_FORMAT_MOD_NVIDIA_16BX2_BLOCK(5),
      DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 2, 0, 3),
      OUR_MOD(1),
      DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 0, 0xfe, 3),
      DRM_FORMAT_MOD_NVIDIA_TEGRA_TILED,
   };
   for (unsigned i = 0; i < ARRAY_SIZE(mods); i++)
      CHECK_EQ_U64(kil_modifier_canonicalize(mods[i]),
                   drm_fourcc_canonicalize_nvidia_format_mod(mods[i]));
   CHECK_EQ_U64(kil_modifier_canonicalize(DRM_FORMAT_MOD_NVIDIA_16BX2_BLOCK(2)),
                DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 0, 0, 0xfe, 2));
   /* An AMD modifier with bit 4 set stays as it is. */
   const uint64_t amd = fourcc_mod_code(AMD, 0x10);
   CHECK_EQ_U64(kil_modifier_canonicalize(amd), amd);
   CHECK_EQ_U64(kil_modifier_canonicalize(DRM_FORMAT_MOD_LINEAR), DRM_FORMAT_MOD_LINEAR);
}

TEST(modifier_check)
{
   struct kil_tiling t;
   for (uint8_t h = 0; h <= 5; h++) {
      REQUIRE(kil_modifier_check(&kil_test_dev, KIL_FORMAT_B8G8R8A8_UNORM, OUR_MOD(h),
                                 &t) == KIL_SUCCESS);
      CHECK(t.is_tiled);
      CHECK_EQ(t.y_log2, h);
      CHECK_EQ(t.z_log2, 0);
   }
   REQUIRE(kil_modifier_check(&kil_test_dev, KIL_FORMAT_R8G8B8_UNORM,
                              DRM_FORMAT_MOD_LINEAR, &t) == KIL_SUCCESS);
   CHECK(!t.is_tiled);

   static const struct {
      uint64_t mod;
      enum kil_format f;
      enum kil_result r;
   } bad[] = {
      {I915_FORMAT_MOD_X_TILED, KIL_FORMAT_R8G8B8A8_UNORM, KIL_ERROR_MODIFIER_VENDOR},
      {DRM_FORMAT_MOD_INVALID, KIL_FORMAT_R8G8B8A8_UNORM, KIL_ERROR_MODIFIER_VENDOR},
      {DRM_FORMAT_MOD_NVIDIA_TEGRA_TILED, KIL_FORMAT_R8G8B8A8_UNORM,
       KIL_ERROR_MODIFIER_NOT_BLOCK_LINEAR},
      {OUR_MOD(1) | (1ull << 7), KIL_FORMAT_R8G8B8A8_UNORM,
       KIL_ERROR_MODIFIER_RESERVED_BITS},
      {OUR_MOD(1) | (1ull << 40), KIL_FORMAT_R8G8B8A8_UNORM,
       KIL_ERROR_MODIFIER_RESERVED_BITS},
      {DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(1, 1, 2, 0x06, 1), KIL_FORMAT_R8G8B8A8_UNORM,
       KIL_ERROR_MODIFIER_COMPRESSION},
      {DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(4, 1, 2, 0x06, 1), KIL_FORMAT_R8G8B8A8_UNORM,
       KIL_ERROR_MODIFIER_COMPRESSION},
      /* The legacy Tegra modifiers: s = 0. */
      {DRM_FORMAT_MOD_NVIDIA_16BX2_BLOCK(4), KIL_FORMAT_R8G8B8A8_UNORM,
       KIL_ERROR_MODIFIER_SECTOR_LAYOUT},
      /* Fermi-Volta desktop: g = 0, k = 0xfe. */
      {DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 0, 0xfe, 4), KIL_FORMAT_R8G8B8A8_UNORM,
       KIL_ERROR_MODIFIER_GOB_KIND},
      {DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 1, 0x06, 4), KIL_FORMAT_R8G8B8A8_UNORM,
       KIL_ERROR_MODIFIER_GOB_KIND},
      /* g = 2 with the Fermi kind, and the legacy k = 0 (which means 0xfe). */
      {DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 2, 0xfe, 4), KIL_FORMAT_R8G8B8A8_UNORM,
       KIL_ERROR_MODIFIER_PAGE_KIND},
      {DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 2, 0, 4), KIL_FORMAT_R8G8B8A8_UNORM,
       KIL_ERROR_MODIFIER_PAGE_KIND},
      {OUR_MOD(6), KIL_FORMAT_R8G8B8A8_UNORM, KIL_ERROR_MODIFIER_BLOCK_HEIGHT},
      {OUR_MOD(15), KIL_FORMAT_R8G8B8A8_UNORM, KIL_ERROR_MODIFIER_BLOCK_HEIGHT},
      {OUR_MOD(2), KIL_FORMAT_D32_SFLOAT, KIL_ERROR_MODIFIER_FORMAT},
      {OUR_MOD(2), KIL_FORMAT_BC1_RGB_UNORM_BLOCK, KIL_ERROR_MODIFIER_FORMAT},
      {OUR_MOD(2), KIL_FORMAT_R8G8B8_UNORM, KIL_ERROR_MODIFIER_FORMAT},
      {OUR_MOD(2), KIL_FORMAT_NONE, KIL_ERROR_MODIFIER_FORMAT},
      {DRM_FORMAT_MOD_LINEAR, KIL_FORMAT_D24_UNORM_S8_UINT, KIL_ERROR_MODIFIER_FORMAT},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
      const enum kil_result r =
         kil_modifier_check(&kil_test_dev, bad[i].f, bad[i].mod, &t);
      if (!CHECK_EQ(r, bad[i].r))
         printf("  case %u: %s\n", i, kil_result_str(r));
      CHECK(kil_result_is_modifier_error(bad[i].r));
   }

   /* A device that allows only h = 4: the others are refused. */
   struct kiln_device_info dev = kil_test_dev;
   dev.block_height_log2_mask = 1 << 4;
   CHECK_EQ(kil_modifier_check(&dev, KIL_FORMAT_R8_UNORM, OUR_MOD(4), NULL), KIL_SUCCESS);
   CHECK_EQ(kil_modifier_check(&dev, KIL_FORMAT_R8_UNORM, OUR_MOD(3), NULL),
            KIL_ERROR_MODIFIER_BLOCK_HEIGHT);
}

TEST(modifier_list_for_format)
{
   uint64_t mods[8];
   CHECK_EQ(kil_modifiers_for_format(&kil_test_dev, KIL_FORMAT_B8G8R8A8_SRGB, NULL, 0),
            7);
   REQUIRE(kil_modifiers_for_format(&kil_test_dev, KIL_FORMAT_B8G8R8A8_SRGB, mods, 8) ==
           7);
   static const uint64_t want[7] = {
      0x0300000000606015ull, 0x0300000000606014ull, 0x0300000000606013ull,
      0x0300000000606012ull, 0x0300000000606011ull, 0x0300000000606010ull,
      DRM_FORMAT_MOD_LINEAR,
   };
   for (unsigned i = 0; i < 7; i++)
      CHECK_EQ_U64(mods[i], want[i]);

   /* A short array gets the first entries and the full count. */
   uint64_t two[2] = {~0ull, ~0ull};
   CHECK_EQ(kil_modifiers_for_format(&kil_test_dev, KIL_FORMAT_R16_UNORM, two, 2), 7);
   CHECK_EQ_U64(two[0], OUR_MOD(5));
   CHECK_EQ_U64(two[1], OUR_MOD(4));

   /* RGB888 (3 B elements): LINEAR only. Depth and compressed: none. */
   REQUIRE(kil_modifiers_for_format(&kil_test_dev, KIL_FORMAT_B8G8R8_UNORM, mods, 8) ==
           1);
   CHECK_EQ_U64(mods[0], DRM_FORMAT_MOD_LINEAR);
   CHECK_EQ(
      kil_modifiers_for_format(&kil_test_dev, KIL_FORMAT_D24_UNORM_S8_UINT, mods, 8), 0);
   CHECK_EQ(kil_modifiers_for_format(&kil_test_dev, KIL_FORMAT_BC7_UNORM_BLOCK, mods, 8),
            0);

   struct kiln_device_info dev = kil_test_dev;
   dev.block_height_log2_mask = (1 << 1) | (1 << 3);
   REQUIRE(kil_modifiers_for_format(&dev, KIL_FORMAT_R8_UNORM, mods, 8) == 3);
   CHECK_EQ_U64(mods[0], OUR_MOD(3));
   CHECK_EQ_U64(mods[1], OUR_MOD(1));
   CHECK_EQ_U64(mods[2], DRM_FORMAT_MOD_LINEAR);

   /* Every listed modifier passes the check. */
   const uint32_t n =
      kil_modifiers_for_format(&kil_test_dev, KIL_FORMAT_R32G32B32A32_SFLOAT, mods, 8);
   for (uint32_t i = 0; i < n; i++)
      CHECK_EQ(
         kil_modifier_check(&kil_test_dev, KIL_FORMAT_R32G32B32A32_SFLOAT, mods[i], NULL),
         KIL_SUCCESS);
}

static struct kil_image_info
info_2d(enum kil_format f, uint32_t w, uint32_t h)
{
   return (struct kil_image_info){
      .dim = KIL_IMAGE_DIM_2D,
      .format = f,
      .extent_px = kil_extent4d_px(w, h, 1, 1),
      .levels = 1,
      .samples = 1,
   };
}

TEST(modifier_select)
{
   /* 1920x1080: 135 GOBs tall, natural h = 5. */
   const struct kil_image_info big = info_2d(KIL_FORMAT_B8G8R8A8_UNORM, 1920, 1080);
   const uint64_t l1[] = {DRM_FORMAT_MOD_LINEAR, OUR_MOD(2), OUR_MOD(5)};
   CHECK_EQ_U64(kil_modifier_select(&kil_test_dev, &big, l1, 3), OUR_MOD(5));
   const uint64_t l2[] = {DRM_FORMAT_MOD_LINEAR, OUR_MOD(2), OUR_MOD(3)};
   CHECK_EQ_U64(kil_modifier_select(&kil_test_dev, &big, l2, 3), OUR_MOD(3));
   const uint64_t l3[] = {I915_FORMAT_MOD_Y_TILED, DRM_FORMAT_MOD_LINEAR};
   CHECK_EQ_U64(kil_modifier_select(&kil_test_dev, &big, l3, 2), DRM_FORMAT_MOD_LINEAR);
   const uint64_t l4[] = {I915_FORMAT_MOD_Y_TILED, DRM_FORMAT_MOD_NVIDIA_16BX2_BLOCK(4),
                          OUR_MOD(9)};
   CHECK_EQ_U64(kil_modifier_select(&kil_test_dev, &big, l4, 3), DRM_FORMAT_MOD_INVALID);
   CHECK_EQ_U64(kil_modifier_select(&kil_test_dev, &big, NULL, 0),
                DRM_FORMAT_MOD_INVALID);

   /* 64x16: 2 GOBs tall, natural h = 1: a shorter block beats a taller one. */
   const struct kil_image_info small = info_2d(KIL_FORMAT_R8G8B8A8_UNORM, 64, 16);
   const uint64_t l5[] = {OUR_MOD(3), OUR_MOD(5), OUR_MOD(0), DRM_FORMAT_MOD_LINEAR};
   CHECK_EQ_U64(kil_modifier_select(&kil_test_dev, &small, l5, 4), OUR_MOD(0));
   const uint64_t l6[] = {OUR_MOD(5), OUR_MOD(3)};
   CHECK_EQ_U64(kil_modifier_select(&kil_test_dev, &small, l6, 2), OUR_MOD(3));
   const uint64_t l7[] = {OUR_MOD(5), OUR_MOD(1), OUR_MOD(0)};
   CHECK_EQ_U64(kil_modifier_select(&kil_test_dev, &small, l7, 3), OUR_MOD(1));

   /* No modifiers for mipmapped or multisampled images, or depth formats. */
   struct kil_image_info mip = big;
   mip.levels = 2;
   CHECK_EQ_U64(kil_modifier_select(&kil_test_dev, &mip, l1, 3), DRM_FORMAT_MOD_INVALID);
   const struct kil_image_info depth = info_2d(KIL_FORMAT_D32_SFLOAT, 64, 64);
   CHECK_EQ_U64(kil_modifier_select(&kil_test_dev, &depth, l1, 3),
                DRM_FORMAT_MOD_INVALID);
}

/* 100x100 RGBA8: a 400 B row. LINEAR wants a pitch of 64k >= 400; block-
 * linear one of 64k >= 448 (7 GOBs), and 512 B-aligned offsets. */
TEST(modifier_plane_layout_checks)
{
   const struct kil_image_info info = info_2d(KIL_FORMAT_R8G8B8A8_UNORM, 100, 100);
   struct kil_image img;

   struct kil_plane_layout p = {.offset_B = 64, .row_pitch_B = 448, .size_B = 0};
   REQUIRE(kil_image_init_modifier(&kil_test_dev, &info, DRM_FORMAT_MOD_LINEAR, &p,
                                   &img) == KIL_SUCCESS);
   CHECK_EQ(img.levels[0].row_pitch_B, 448);
   CHECK_EQ(img.size_B, 44800);
   CHECK(!img.tiling.is_tiled);
   CHECK_EQ_U64(kil_image_modifier(&kil_test_dev, &img), DRM_FORMAT_MOD_LINEAR);
   p.size_B = 44800;
   CHECK_EQ(
      kil_image_init_modifier(&kil_test_dev, &info, DRM_FORMAT_MOD_LINEAR, &p, &img),
      KIL_SUCCESS);

   static const struct {
      uint64_t mod;
      struct kil_plane_layout p;
      enum kil_result r;
   } t[] = {
      {DRM_FORMAT_MOD_LINEAR, {32, 448, 0}, KIL_ERROR_PLANE_OFFSET_ALIGN},
      {DRM_FORMAT_MOD_LINEAR, {0, 400, 0}, KIL_ERROR_PLANE_PITCH_ALIGN},
      {DRM_FORMAT_MOD_LINEAR, {0, 384, 0}, KIL_ERROR_PLANE_PITCH_TOO_SMALL},
      {DRM_FORMAT_MOD_LINEAR, {0, 0, 0}, KIL_ERROR_PLANE_PITCH_TOO_SMALL},
      {DRM_FORMAT_MOD_LINEAR, {0, 448, 44799}, KIL_ERROR_PLANE_SIZE_TOO_SMALL},
      {DRM_FORMAT_MOD_LINEAR, {0, 1ull << 40, 0}, KIL_ERROR_PLANE_TOO_LARGE},
      {DRM_FORMAT_MOD_LINEAR, {0, 1ull << 31, 0}, KIL_SUCCESS},
      {OUR_MOD(2), {0, 448, 0}, KIL_SUCCESS},
      {OUR_MOD(2), {512, 512, 65536}, KIL_SUCCESS},
      {OUR_MOD(2), {256, 448, 0}, KIL_ERROR_PLANE_OFFSET_ALIGN},
      {OUR_MOD(2), {0, 500, 0}, KIL_ERROR_PLANE_PITCH_ALIGN},
      {OUR_MOD(2), {0, 384, 0}, KIL_ERROR_PLANE_PITCH_TOO_SMALL},
      {OUR_MOD(2), {0, 512, 65535}, KIL_ERROR_PLANE_SIZE_TOO_SMALL},
      {OUR_MOD(6), {0, 448, 0}, KIL_ERROR_MODIFIER_BLOCK_HEIGHT},
      {I915_FORMAT_MOD_X_TILED, {0, 448, 0}, KIL_ERROR_MODIFIER_VENDOR},
      {DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(2, 1, 2, 0x06, 2),
       {0, 448, 0},
       KIL_ERROR_MODIFIER_COMPRESSION},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(t); i++) {
      const enum kil_result r =
         kil_image_init_modifier(&kil_test_dev, &info, t[i].mod, &t[i].p, &img);
      if (!CHECK_EQ(r, t[i].r))
         printf("  case %u: %s\n", i, kil_result_str(r));
      if (t[i].r >= KIL_ERROR_PLANE_OFFSET_ALIGN)
         CHECK(kil_result_is_plane_layout_error(r));
      else
         CHECK(!kil_result_is_plane_layout_error(r));
      if (r != KIL_SUCCESS)
         CHECK_EQ(img.size_B, 0);
   }

   /* Block-linear h = 2 with pitch 512: 8 GOB columns of 4-GOB (32-row)
    * blocks, 100 rows -> 4 block rows: 8 * 4 * 2048 = 65536 B. */
   struct kil_plane_layout bl = {.offset_B = 0, .row_pitch_B = 512, .size_B = 0};
   REQUIRE(kil_image_init_modifier(&kil_test_dev, &info, OUR_MOD(2), &bl, &img) ==
           KIL_SUCCESS);
   CHECK_EQ(img.size_B, 65536);
   CHECK_EQ(img.levels[0].tiling.y_log2, 2);
   CHECK_EQ_U64(kil_image_modifier(&kil_test_dev, &img), OUR_MOD(2));
   const struct kil_plane_layout got = kil_image_plane_layout(&img);
   CHECK_EQ(got.row_pitch_B, 512);
   CHECK_EQ(got.size_B, 65536);

   /* Images that cannot be shared. */
   struct kil_image_info mip = info;
   mip.levels = 2;
   CHECK_EQ(kil_image_init_modifier(&kil_test_dev, &mip, OUR_MOD(2), NULL, &img),
            KIL_ERROR_MODIFIER_IMAGE);
   struct kil_image_info ms = info;
   ms.samples = 4;
   CHECK_EQ(kil_image_init_modifier(&kil_test_dev, &ms, OUR_MOD(2), NULL, &img),
            KIL_ERROR_MODIFIER_IMAGE);
   struct kil_image_info arr = info;
   arr.extent_px.array_len = 2;
   CHECK_EQ(kil_image_init_modifier(&kil_test_dev, &arr, OUR_MOD(2), NULL, &img),
            KIL_ERROR_MODIFIER_IMAGE);
}

/* An exported image's modifier and plane describe it; importing them again
 * gives the same layout. A 16-row image named with h = 5 is stored with
 * 2-GOB blocks (the hardware clamps), so h = 5 and h = 1 lay it out alike. */
TEST(modifier_export_import_round_trip)
{
   const struct kil_image_info info = info_2d(KIL_FORMAT_B8G8R8A8_UNORM, 1920, 1080);
   struct kil_image img, again;
   REQUIRE(kil_image_init(&kil_test_dev, &info, &img) == KIL_SUCCESS);
   const uint64_t mod = kil_image_modifier(&kil_test_dev, &img);
   CHECK_EQ_U64(mod, OUR_MOD(5));
   const struct kil_plane_layout p = kil_image_plane_layout(&img);
   CHECK_EQ(p.row_pitch_B, 7680);
   REQUIRE(kil_image_init_modifier(&kil_test_dev, &info, mod, &p, &again) == KIL_SUCCESS);
   CHECK(same_image(&img, &again));

   struct kil_image_info lin = info;
   lin.tiling = KIL_IMAGE_TILING_LINEAR;
   REQUIRE(kil_image_init(&kil_test_dev, &lin, &img) == KIL_SUCCESS);
   CHECK_EQ_U64(kil_image_modifier(&kil_test_dev, &img), DRM_FORMAT_MOD_LINEAR);

   const struct kil_image_info short_img = info_2d(KIL_FORMAT_R8G8B8A8_UNORM, 64, 16);
   struct kil_image h5, h1;
   REQUIRE(kil_image_init_modifier(&kil_test_dev, &short_img, OUR_MOD(5), NULL, &h5) ==
           KIL_SUCCESS);
   REQUIRE(kil_image_init_modifier(&kil_test_dev, &short_img, OUR_MOD(1), NULL, &h1) ==
           KIL_SUCCESS);
   CHECK_EQ(h5.tiling.y_log2, 5);
   CHECK_EQ(h5.levels[0].tiling.y_log2, 1);
   CHECK_EQ(h5.size_B, 4096);
   CHECK_EQ(h1.size_B, 4096);
   CHECK(same_level(&h5.levels[0], &h1.levels[0]));
   CHECK_EQ_U64(kil_image_modifier(&kil_test_dev, &h5), OUR_MOD(5));

   /* Mipmapped images have no modifier. */
   struct kil_image_info mip = info;
   mip.levels = 3;
   REQUIRE(kil_image_init(&kil_test_dev, &mip, &img) == KIL_SUCCESS);
   CHECK_EQ_U64(kil_image_modifier(&kil_test_dev, &img), DRM_FORMAT_MOD_INVALID);
}

TEST(result_strings)
{
   for (int r = KIL_SUCCESS; r <= KIL_ERROR_PLANE_TOO_LARGE; r++) {
      const char *s = kil_result_str((enum kil_result)r);
      CHECK(s && strcmp(s, "unknown kil result") != 0);
   }
   CHECK_STREQ(kil_result_str((enum kil_result)999), "unknown kil result");
}

/* The real device (kiln_device_info_init_fixed) writes exactly the modifiers
 * docs/layout.md promises: c = 0, s = 1, g = 2, k = 0x06. */
TEST(modifier_real_device_writes_turing_generic_kind)
{
   struct kiln_device_info dev;
   kiln_device_info_init_fixed(&dev, 2, 1ull << 30);
   for (uint8_t h = 0; h <= 5; h++)
      CHECK_EQ_U64(kil_modifier_for_block_height(&dev, h), OUR_MOD(h));
   CHECK_EQ(kil_modifiers_for_format(&dev, KIL_FORMAT_B8G8R8A8_UNORM, NULL, 0), 7);
}
