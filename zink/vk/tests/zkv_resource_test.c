/* SPDX-License-Identifier: MIT */
/*
 * Resources through zkv: buffer data, maps, copies, clears and
 * invalidation; image upload/readback round trips of many formats and
 * layouts; copies, blits, mipmap generation, clears of regions, pixel
 * buffer copies. References are the data put in, or computed here.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zkv_test_util.h"

static uint32_t rng_state = 12345;

static uint8_t
rnd8(void)
{
   rng_state = rng_state * 1103515245u + 12345u;
   return (uint8_t)(rng_state >> 16);
}

TEST(buffer_data_map_copy_clear)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   uint8_t data[1024];
   for (int i = 0; i < 1024; i++)
      data[i] = rnd8();
   struct zkv_buffer *a = zkvt_buffer(&t, data, sizeof(data));
   struct zkv_buffer *b = zkvt_buffer(&t, NULL, sizeof(data));
   REQUIRE(a && b);
   CHECK_EQ(zkv_buffer_size_B(a), 1024);
   uint8_t got[1024];
   zkv_buffer_read(t.ctx, b, 0, 1024, got);
   bool zero = true;
   for (int i = 0; i < 1024; i++)
      zero &= got[i] == 0;
   CHECK(zero);

   /* copy 512 bytes from a+100 to b+200, in order with a later subdata of a */
   zkv_buffer_copy(t.ctx, b, 200, a, 100, 512);
   const uint8_t later[4] = {1, 2, 3, 4};
   zkv_buffer_subdata(t.ctx, a, 100, 4, later); /* a is busy: staged, ordered after the copy */
   zkv_buffer_read(t.ctx, b, 0, 1024, got);
   CHECK(memcmp(got + 200, data + 100, 512) == 0);
   zkv_buffer_read(t.ctx, a, 100, 4, got);
   CHECK(memcmp(got, later, 4) == 0);

   /* clears: a 4-byte pattern (vkCmdFillBuffer), a 1-byte one, a 12-byte one */
   const uint32_t word = 0xdeadbeef;
   zkv_buffer_clear(t.ctx, b, 0, 64, &word, 4);
   const uint8_t byte = 0x5a;
   zkv_buffer_clear(t.ctx, b, 64, 64, &byte, 1);
   const uint8_t rgb32[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
   zkv_buffer_clear(t.ctx, b, 132, 120, rgb32, 12);
   zkv_buffer_read(t.ctx, b, 0, 1024, got);
   bool ok = true;
   for (int i = 0; i < 64; i += 4)
      ok &= memcmp(got + i, &word, 4) == 0;
   for (int i = 64; i < 128; i++)
      ok &= got[i] == byte;
   for (int i = 132; i < 252; i++)
      ok &= got[i] == rgb32[(i - 132) % 12];
   CHECK(ok);

   /* map: write through the pointer, read back through the device */
   uint8_t *m = zkv_buffer_map(t.ctx, a, 0, 1024, ZKV_MAP_WRITE | ZKV_MAP_READ);
   REQUIRE(m);
   CHECK(memcmp(m + 100, later, 4) == 0);
   memset(m, 0x33, 16);
   zkv_buffer_unmap(t.ctx, a);
   zkv_buffer_copy(t.ctx, b, 512, a, 0, 16);
   zkv_buffer_read(t.ctx, b, 512, 16, got);
   ok = true;
   for (int i = 0; i < 16; i++)
      ok &= got[i] == 0x33;
   CHECK(ok);

   /* INVALIDATE_BUFFER on a busy buffer: new storage, the pending copy still
    * reads the old contents */
   struct zkv_buffer *c = zkvt_buffer(&t, NULL, 1024);
   zkv_buffer_copy(t.ctx, c, 0, a, 0, 1024); /* a busy now */
   uint8_t *m2 = zkv_buffer_map(t.ctx, a, 0, 1024, ZKV_MAP_WRITE | ZKV_MAP_INVALIDATE_BUFFER);
   REQUIRE(m2);
   memset(m2, 0x77, 1024);
   zkv_buffer_unmap(t.ctx, a);
   zkv_buffer_read(t.ctx, c, 0, 16, got);
   ok = true;
   for (int i = 0; i < 16; i++)
      ok &= got[i] == 0x33;
   CHECK(ok);
   zkv_buffer_read(t.ctx, a, 0, 16, got);
   CHECK_EQ(got[0], 0x77);
   zkv_buffer_invalidate(t.ctx, a);

   /* a persistent mapping stays valid while the device uses the buffer */
   uint8_t *pm = zkv_buffer_map(t.ctx, b, 0, 1024,
                                ZKV_MAP_WRITE | ZKV_MAP_PERSISTENT | ZKV_MAP_COHERENT);
   REQUIRE(pm);
   pm[1000] = 0x42;
   zkv_buffer_copy(t.ctx, c, 0, b, 1000, 1);
   zkv_buffer_read(t.ctx, c, 0, 1, got);
   CHECK_EQ(got[0], 0x42);
   zkv_buffer_unmap(t.ctx, b);

   /* fences */
   struct zkv_fence *f = zkv_flush(t.ctx);
   REQUIRE(f);
   CHECK(zkv_fence_wait(f, UINT64_MAX));
   CHECK(zkv_fence_signalled(f));
   zkv_fence_destroy(f);

   zkv_buffer_destroy(a);
   zkv_buffer_destroy(b);
   zkv_buffer_destroy(c);
   zkvt_finish(&t);
}

/* Random bytes a format stores exactly: depth is kept in [0, 1] and D24's
 * pad byte (undefined, Vulkan 1.3 20.2.1) is zero. `fix` walks the texels
 * of each row of the host layout. */
static void
fix_texels(VkFormat f, VkImageAspectFlags aspect, uint8_t *p, const struct zkv_host_layout *l,
           uint32_t row_B, uint32_t rows, uint32_t slices, bool fill)
{
   const bool d32 = f == VK_FORMAT_D32_SFLOAT || f == VK_FORMAT_D32_SFLOAT_S8_UINT;
   const bool d24 = f == VK_FORMAT_X8_D24_UNORM_PACK32 || f == VK_FORMAT_D24_UNORM_S8_UINT;
   if (aspect != VK_IMAGE_ASPECT_DEPTH_BIT || (!d32 && !d24))
      return;
   for (uint32_t z = 0; z < slices; z++)
      for (uint32_t y = 0; y < rows; y++)
         for (uint32_t x = 0; x + 4 <= row_B; x += 4) {
            uint8_t *t = p + z * l->image_stride_B + y * l->row_stride_B + x;
            if (d24) {
               t[3] = 0;
            } else if (fill) {
               const float v = (float)t[0] / 255.0f;
               memcpy(t, &v, 4);
            }
         }
}

struct fmt_case {
   VkFormat format;
   VkImageAspectFlagBits aspect;
   const char *name;
};

TEST(upload_readback_formats)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   static const struct fmt_case cases[] = {
      {VK_FORMAT_R8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, "R8"},
      {VK_FORMAT_R8G8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, "RG8"},
      {VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, "RGBA8"},
      {VK_FORMAT_R8G8B8A8_SRGB, VK_IMAGE_ASPECT_COLOR_BIT, "SRGB8_A8"},
      {VK_FORMAT_B8G8R8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, "BGRA8"},
      {VK_FORMAT_R5G6B5_UNORM_PACK16, VK_IMAGE_ASPECT_COLOR_BIT, "RGB565"},
      {VK_FORMAT_A2B10G10R10_UNORM_PACK32, VK_IMAGE_ASPECT_COLOR_BIT, "RGB10_A2"},
      {VK_FORMAT_B10G11R11_UFLOAT_PACK32, VK_IMAGE_ASPECT_COLOR_BIT, "R11G11B10F"},
      {VK_FORMAT_R16_SFLOAT, VK_IMAGE_ASPECT_COLOR_BIT, "R16F"},
      {VK_FORMAT_R16G16B16A16_SFLOAT, VK_IMAGE_ASPECT_COLOR_BIT, "RGBA16F"},
      {VK_FORMAT_R16G16B16A16_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, "RGBA16"},
      {VK_FORMAT_R32_SFLOAT, VK_IMAGE_ASPECT_COLOR_BIT, "R32F"},
      {VK_FORMAT_R32G32_UINT, VK_IMAGE_ASPECT_COLOR_BIT, "RG32UI"},
      {VK_FORMAT_R32G32B32A32_SFLOAT, VK_IMAGE_ASPECT_COLOR_BIT, "RGBA32F"},
      {VK_FORMAT_R32G32B32A32_SINT, VK_IMAGE_ASPECT_COLOR_BIT, "RGBA32I"},
      {VK_FORMAT_R8G8B8A8_SNORM, VK_IMAGE_ASPECT_COLOR_BIT, "RGBA8_SNORM"},
      {VK_FORMAT_D16_UNORM, VK_IMAGE_ASPECT_DEPTH_BIT, "D16"},
      {VK_FORMAT_X8_D24_UNORM_PACK32, VK_IMAGE_ASPECT_DEPTH_BIT, "X8_D24"},
      {VK_FORMAT_D32_SFLOAT, VK_IMAGE_ASPECT_DEPTH_BIT, "D32F"},
      {VK_FORMAT_D24_UNORM_S8_UINT, VK_IMAGE_ASPECT_DEPTH_BIT, "D24S8 depth"},
      {VK_FORMAT_D24_UNORM_S8_UINT, VK_IMAGE_ASPECT_STENCIL_BIT, "D24S8 stencil"},
      {VK_FORMAT_D32_SFLOAT_S8_UINT, VK_IMAGE_ASPECT_STENCIL_BIT, "D32FS8 stencil"},
      {VK_FORMAT_S8_UINT, VK_IMAGE_ASPECT_STENCIL_BIT, "S8"},
      {VK_FORMAT_BC1_RGBA_UNORM_BLOCK, VK_IMAGE_ASPECT_COLOR_BIT, "BC1"},
      {VK_FORMAT_BC3_UNORM_BLOCK, VK_IMAGE_ASPECT_COLOR_BIT, "BC3"},
   };
   unsigned tested = 0;
   for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      const struct fmt_case *fc = &cases[c];
      const VkFormatFeatureFlags need =
         VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
      if ((zkv_format_features(t.screen, fc->format) & need) != need)
         continue; /* the device cannot hold it: nothing to round-trip */
      tested++;
      uint32_t bw, bh;
      zkv_format_block_extent(fc->format, &bw, &bh);
      const uint32_t bs = fc->aspect == VK_IMAGE_ASPECT_COLOR_BIT
                             ? zkv_format_block_size_B(fc->format)
                             : (fc->aspect == VK_IMAGE_ASPECT_STENCIL_BIT
                                   ? 1
                                   : (fc->format == VK_FORMAT_D16_UNORM ? 2 : 4));
      /* 2D array of 3 layers, 12x8 texels, level 1 of 2; a sub-box of layers 1..2 with a
       * padded host layout (row and image strides larger than the box). */
      const struct zkv_image_desc d = {VK_IMAGE_TYPE_2D, fc->format, 24, 16, 1, 3, 2,
                                       VK_SAMPLE_COUNT_1_BIT, false, false, 0};
      VkResult r;
      struct zkv_image *img = zkv_image_create(t.screen, &d, &r);
      if (!img) {
         test_fail(__FILE__, __LINE__, "%s: zkv_image_create %d", fc->name, r);
         continue;
      }
      /* level 1 is 12x8: a box of whole blocks (4x4 for compressed formats) */
      const struct zkv_box box = {4, 4, 1, 8, 4, 2};
      const uint32_t row_B = (box.width / bw) * bs, rows = box.height / bh;
      const struct zkv_host_layout layout = {row_B + 7, (row_B + 7) * (rows + 3)};
      const size_t size_B = (size_t)layout.image_stride_B * 2;
      uint8_t *in = malloc(size_B), *out = malloc(size_B), *want = malloc(size_B);
      for (size_t i = 0; i < size_B; i++)
         in[i] = rnd8();
      fix_texels(fc->format, fc->aspect, in, &layout, row_B, rows, 2, true);
      zkv_image_upload(t.ctx, img, 1, fc->aspect, &box, in, &layout);
      memset(out, 0xcd, size_B);
      zkv_image_readback(t.ctx, img, 1, fc->aspect, &box, out, &layout);
      /* Only the texels are written; the padding keeps 0xcd. */
      memset(want, 0xcd, size_B);
      for (uint32_t z = 0; z < 2; z++)
         for (uint32_t y = 0; y < rows; y++)
            memcpy(want + z * layout.image_stride_B + y * layout.row_stride_B,
                   in + z * layout.image_stride_B + y * layout.row_stride_B, row_B);
      fix_texels(fc->format, fc->aspect, out, &layout, row_B, rows, 2, false);
      for (size_t i = 0; i < size_B; i++) {
         if (out[i] != want[i]) {
            test_fail(__FILE__, __LINE__, "%s: byte %zu is 0x%02x, want 0x%02x", fc->name, i,
                      out[i], want[i]);
            break;
         }
      }
      free(in);
      free(out);
      free(want);
      zkv_image_destroy(img);
   }
   CHECK(tested >= 15);
   zkvt_finish(&t);
}

TEST(image_3d_and_pbo_copies)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   const struct zkv_image_desc d = {VK_IMAGE_TYPE_3D, VK_FORMAT_R8G8B8A8_UNORM, 8, 8, 4, 1, 1,
                                    VK_SAMPLE_COUNT_1_BIT, false, false, 0};
   VkResult r;
   struct zkv_image *img = zkv_image_create(t.screen, &d, &r);
   REQUIRE(img);
   uint8_t in[8 * 8 * 4 * 4], out[8 * 8 * 4 * 4];
   for (size_t i = 0; i < sizeof(in); i++)
      in[i] = rnd8();
   const struct zkv_box whole = {0, 0, 0, 8, 8, 4};
   /* upload through a buffer (a PBO), read back through another */
   struct zkv_buffer *pbo = zkvt_buffer(&t, in, sizeof(in));
   struct zkv_buffer *pack = zkvt_buffer(&t, NULL, sizeof(in));
   REQUIRE(pbo && pack);
   zkv_image_copy_from_buffer(t.ctx, img, 0, VK_IMAGE_ASPECT_COLOR_BIT, &whole, pbo, 0, 0, 0);
   const struct zkv_box slice2 = {0, 0, 2, 8, 8, 1};
   zkv_image_copy_to_buffer(t.ctx, img, 0, VK_IMAGE_ASPECT_COLOR_BIT, &slice2, pack, 0, 0, 0);
   zkv_buffer_read(t.ctx, pack, 0, 256, out);
   CHECK(memcmp(out, in + 2 * 256, 256) == 0);
   zkv_image_readback(t.ctx, img, 0, VK_IMAGE_ASPECT_COLOR_BIT, &whole, out, NULL);
   CHECK(memcmp(out, in, sizeof(in)) == 0);

   /* a copy into a 2D array: slices become layers */
   const struct zkv_image_desc ad = {VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 4, 1,
                                     VK_SAMPLE_COUNT_1_BIT, false, false, 0};
   struct zkv_image *arr = zkv_image_create(t.screen, &ad, &r);
   REQUIRE(arr);
   const struct zkv_box src = {2, 2, 1, 4, 4, 2};
   zkv_image_copy(t.ctx, arr, 0, 0, 0, 0, img, 0, &src);
   const struct zkv_box layers = {0, 0, 0, 4, 4, 2};
   uint8_t got[4 * 4 * 4 * 2];
   zkv_image_readback(t.ctx, arr, 0, VK_IMAGE_ASPECT_COLOR_BIT, &layers, got, NULL);
   bool ok = true;
   for (int z = 0; z < 2; z++)
      for (int y = 0; y < 4; y++)
         ok &= memcmp(got + (z * 16 + y * 4) * 4, in + ((z + 1) * 64 + (y + 2) * 8 + 2) * 4,
                      16) == 0;
   CHECK(ok);
   /* uploads larger than a staging chunk (4 MiB), twice: the second batch
    * reuses the ring without the first one's oversized chunk */
   const struct zkv_image_desc bd = {VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, 1024, 1024, 1, 1,
                                     1, VK_SAMPLE_COUNT_1_BIT, false, false, 0};
   struct zkv_image *big = zkv_image_create(t.screen, &bd, &r);
   uint8_t *bin = malloc(1024 * 1024 * 4), *bout = malloc(1024 * 1024 * 4);
   REQUIRE(big && bin && bout);
   const struct zkv_box bbox = {0, 0, 0, 1024, 1024, 1};
   for (int round = 0; round < 2; round++) {
      for (size_t i = 0; i < 1024 * 1024 * 4; i++)
         bin[i] = (uint8_t)(i * 7 + (size_t)round * 13 + (i >> 12));
      zkv_image_upload(t.ctx, big, 0, VK_IMAGE_ASPECT_COLOR_BIT, &bbox, bin, NULL);
      zkv_fence_destroy(zkv_flush(t.ctx));
      zkv_image_readback(t.ctx, big, 0, VK_IMAGE_ASPECT_COLOR_BIT, &bbox, bout, NULL);
      CHECK(memcmp(bin, bout, 1024 * 1024 * 4) == 0);
   }
   free(bin);
   free(bout);
   zkv_image_destroy(big);
   zkv_buffer_destroy(pbo);
   zkv_buffer_destroy(pack);
   zkv_image_destroy(arr);
   zkv_image_destroy(img);
   zkvt_finish(&t);
}

/* 1D and 1D-array images: GL's y of a 1D array is the layer, which zkv's
 * boxes take as z. */
TEST(images_1d)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   const struct zkv_image_desc d = {VK_IMAGE_TYPE_1D, VK_FORMAT_R16G16B16A16_SFLOAT, 64, 1, 1, 4,
                                    3, VK_SAMPLE_COUNT_1_BIT, false, false, 0};
   VkResult r;
   struct zkv_image *img = zkv_image_create(t.screen, &d, &r);
   REQUIRE(img);
   uint8_t in[32 * 8 * 2], out[32 * 8 * 2];
   for (size_t i = 0; i < sizeof(in); i++)
      in[i] = rnd8();
   const struct zkv_box box = {0, 0, 1, 32, 1, 2}; /* level 1 (32 texels), layers 1..2 */
   zkv_image_upload(t.ctx, img, 1, VK_IMAGE_ASPECT_COLOR_BIT, &box, in, NULL);
   zkv_image_readback(t.ctx, img, 1, VK_IMAGE_ASPECT_COLOR_BIT, &box, out, NULL);
   CHECK(memcmp(in, out, sizeof(in)) == 0);
   const struct zkv_image_view_desc vd = {.type = VK_IMAGE_VIEW_TYPE_1D_ARRAY};
   struct zkv_image_view *v = zkv_image_view_create(t.screen, img, &vd, &r);
   CHECK(v != NULL);
   zkv_image_view_destroy(v);
   zkv_image_destroy(img);
   zkvt_finish(&t);
}

/* Linear 2:1 minification samples the middle of each 2x2 block: the
 * average of the four (Vulkan 1.3, 20.2 and 16.6); mirrored nearest blits
 * reverse rows and columns. */
TEST(blit_and_mipmaps)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   const struct zkv_image_desc d = {VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 5,
                                    VK_SAMPLE_COUNT_1_BIT, false, false, 0};
   VkResult r;
   struct zkv_image *img = zkv_image_create(t.screen, &d, &r);
   struct zkv_image *dst = zkv_image_create(t.screen, &d, &r);
   REQUIRE(img && dst);
   uint8_t base[16 * 16 * 4];
   for (size_t i = 0; i < sizeof(base); i++)
      base[i] = rnd8();
   const struct zkv_box b0 = {0, 0, 0, 16, 16, 1};
   zkv_image_upload(t.ctx, img, 0, VK_IMAGE_ASPECT_COLOR_BIT, &b0, base, NULL);

   /* mirrored nearest blit of the whole level into dst level 0 */
   const struct zkv_blit_region s = {0, 0, 0, 16, 16, 1}, m = {16, 16, 0, 0, 0, 1};
   zkv_image_blit(t.ctx, dst, 0, &m, img, 0, &s, VK_IMAGE_ASPECT_COLOR_BIT, VK_FILTER_NEAREST);
   uint8_t got[16 * 16 * 4], want[16 * 16 * 4];
   zkv_image_readback(t.ctx, dst, 0, VK_IMAGE_ASPECT_COLOR_BIT, &b0, got, NULL);
   for (int y = 0; y < 16; y++)
      for (int x = 0; x < 16; x++)
         memcpy(want + (y * 16 + x) * 4, base + ((15 - y) * 16 + (15 - x)) * 4, 4);
   CHECK(zkvt_check_rgba8(got, want, 16, 16, 0, NULL, "mirrored blit"));

   zkv_image_generate_mipmaps(t.ctx, img, 0, 4, 0, 1, VK_FILTER_LINEAR);
   uint8_t prev[16 * 16 * 4];
   memcpy(prev, base, sizeof(base));
   for (uint32_t l = 1; l <= 4; l++) {
      const uint32_t s_px = 16 >> l;
      const struct zkv_box bl = {0, 0, 0, s_px, s_px, 1};
      zkv_image_readback(t.ctx, img, l, VK_IMAGE_ASPECT_COLOR_BIT, &bl, got, NULL);
      const uint32_t ps = s_px * 2;
      for (uint32_t y = 0; y < s_px; y++)
         for (uint32_t x = 0; x < s_px; x++)
            for (int c = 0; c < 4; c++) {
               const int sum = prev[((2 * y) * ps + 2 * x) * 4 + c] +
                               prev[((2 * y) * ps + 2 * x + 1) * 4 + c] +
                               prev[((2 * y + 1) * ps + 2 * x) * 4 + c] +
                               prev[((2 * y + 1) * ps + 2 * x + 1) * 4 + c];
               want[(y * s_px + x) * 4 + c] = (uint8_t)((sum + 2) / 4);
            }
      char what[32];
      snprintf(what, sizeof(what), "mip level %u", l);
      CHECK(zkvt_check_rgba8(got, want, s_px, s_px, 1, NULL, what));
      memcpy(prev, got, s_px * s_px * 4); /* the next level is made from this one */
   }
   zkv_image_destroy(img);
   zkv_image_destroy(dst);
   zkvt_finish(&t);
}

TEST(clear_image_regions)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   const struct zkv_image_desc d = {VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 2, 2,
                                    VK_SAMPLE_COUNT_1_BIT, false, false, 0};
   VkResult r;
   struct zkv_image *img = zkv_image_create(t.screen, &d, &r);
   REQUIRE(img);
   const VkClearColorValue red = {.float32 = {1, 0, 0, 1}}, green = {.float32 = {0, 1, 0, 1}};
   const struct zkv_box whole = {0, 0, 0, 8, 8, 2};
   zkv_image_clear_color(t.ctx, img, 0, &whole, &red);
   const struct zkv_box part = {2, 3, 1, 4, 2, 1};
   zkv_image_clear_color(t.ctx, img, 0, &part, &green);
   uint8_t got[8 * 8 * 4 * 2], want[8 * 8 * 4 * 2];
   zkv_image_readback(t.ctx, img, 0, VK_IMAGE_ASPECT_COLOR_BIT, &whole, got, NULL);
   for (int z = 0; z < 2; z++)
      for (int y = 0; y < 8; y++)
         for (int x = 0; x < 8; x++) {
            const bool in = z == 1 && x >= 2 && x < 6 && y >= 3 && y < 5;
            memcpy(want + ((z * 8 + y) * 8 + x) * 4,
                   in ? (const uint8_t[]){0, 255, 0, 255} : (const uint8_t[]){255, 0, 0, 255}, 4);
         }
   CHECK(zkvt_check_rgba8(got, want, 8, 16, 0, NULL, "colour clears"));

   /* A format that cannot be rendered to (shared-exponent RGB9E5 on both
    * drivers): the partial clear goes through a copy. 1.0 is exactly
    * 0x0f, 0x80... in E5B9G9R9: mantissa 256 of 511, exponent 16. */
   if ((zkv_format_features(t.screen, VK_FORMAT_E5B9G9R9_UFLOAT_PACK32) &
        VK_FORMAT_FEATURE_TRANSFER_DST_BIT) &&
       !(zkv_format_features(t.screen, VK_FORMAT_E5B9G9R9_UFLOAT_PACK32) &
         VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)) {
      const struct zkv_image_desc ed = {VK_IMAGE_TYPE_2D, VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, 4, 4,
                                        1, 1, 1, VK_SAMPLE_COUNT_1_BIT, false, false, 0};
      struct zkv_image *e = zkv_image_create(t.screen, &ed, &r);
      REQUIRE(e);
      const struct zkv_box ew = {0, 0, 0, 4, 4, 1}, ep = {1, 2, 0, 2, 1, 1};
      const VkClearColorValue zero = {.float32 = {0, 0, 0, 0}}, one = {.float32 = {1, 1, 1, 0}};
      zkv_image_clear_color(t.ctx, e, 0, &ew, &zero);
      zkv_image_clear_color(t.ctx, e, 0, &ep, &one);
      uint32_t px[16];
      zkv_image_readback(t.ctx, e, 0, VK_IMAGE_ASPECT_COLOR_BIT, &ew, px, NULL);
      /* 1.0 = 256 * 2^(16 - 15 - 9): exponent field 16, mantissas 256 */
      const uint32_t one_bits = (16u << 27) | (256u << 18) | (256u << 9) | 256u;
      bool eok = true;
      for (int y = 0; y < 4; y++)
         for (int x = 0; x < 4; x++)
            eok &= px[y * 4 + x] == ((y == 2 && x >= 1 && x < 3) ? one_bits : 0u);
      if (!eok)
         test_fail(__FILE__, __LINE__, "RGB9E5 partial clear: 0x%08x at (1, 2)", px[9]);
      printf("RGB9E5: a partial clear through a copy checked\n");
      zkv_image_destroy(e);
   }

   struct zkv_format_choice fc;
   REQUIRE(zkv_format_for_gl(t.screen, 0x81A5 /* GL_DEPTH_COMPONENT16 */,
                             VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT, &fc));
   const struct zkv_image_desc dd = {VK_IMAGE_TYPE_2D, fc.format, 8, 8, 1, 1, 1,
                                     VK_SAMPLE_COUNT_1_BIT, false, false, 0};
   struct zkv_image *ds = zkv_image_create(t.screen, &dd, &r);
   REQUIRE(ds);
   const struct zkv_box dwhole = {0, 0, 0, 8, 8, 1}, dpart = {1, 1, 0, 2, 2, 1};
   zkv_image_clear_depth_stencil(t.ctx, ds, 0, &dwhole, VK_IMAGE_ASPECT_DEPTH_BIT, 1.0f, 0);
   zkv_image_clear_depth_stencil(t.ctx, ds, 0, &dpart, VK_IMAGE_ASPECT_DEPTH_BIT, 0.0f, 0);
   uint16_t depth[64];
   zkv_image_readback(t.ctx, ds, 0, VK_IMAGE_ASPECT_DEPTH_BIT, &dwhole, depth, NULL);
   bool ok = true;
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++)
         ok &= depth[y * 8 + x] == ((x >= 1 && x < 3 && y >= 1 && y < 3) ? 0 : 0xffff);
   CHECK(ok);
   zkv_image_destroy(ds);
   zkv_image_destroy(img);
   zkvt_finish(&t);
}

/* Bad arguments the layer reports instead of crashing. */
TEST(creation_errors)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   VkResult r = VK_SUCCESS;
   CHECK(!zkv_buffer_create(t.screen, 0, ZKV_BUFFER_ALL, 0, &r));
   CHECK(r != VK_SUCCESS);
   const struct zkv_image_desc d = {VK_IMAGE_TYPE_2D, VK_FORMAT_UNDEFINED, 8, 8, 1, 1, 1,
                                    VK_SAMPLE_COUNT_1_BIT, false, false, 0};
   CHECK(!zkv_image_create(t.screen, &d, &r));
   CHECK_EQ(r, VK_ERROR_FORMAT_NOT_SUPPORTED);
   /* too large, too many levels, a cube that is not square */
   struct zkv_image_desc big = {VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                                t.caps->limits.maxImageDimension2D + 1, 4, 1, 1, 1,
                                VK_SAMPLE_COUNT_1_BIT, false, false, 0};
   CHECK(!zkv_image_create(t.screen, &big, &r));
   CHECK_EQ(r, VK_ERROR_FORMAT_NOT_SUPPORTED);
   big.width = 8;
   big.levels = 5; /* 8 -> 4 -> 2 -> 1: four levels */
   CHECK(!zkv_image_create(t.screen, &big, &r));
   big.levels = 4;
   big.cube = true;
   big.layers = 6;
   CHECK(!zkv_image_create(t.screen, &big, &r));
   big.cube = false;
   big.layers = 1;
   struct zkv_image *img = zkv_image_create(t.screen, &big, &r);
   REQUIRE(img);
   /* views outside the image, cube views of a non-cube image, a foreign format */
   struct zkv_image_view_desc vd = {.type = VK_IMAGE_VIEW_TYPE_2D, .base_level = 4};
   CHECK(!zkv_image_view_create(t.screen, img, &vd, &r));
   CHECK_EQ(r, VK_ERROR_INITIALIZATION_FAILED);
   vd = (struct zkv_image_view_desc){.type = VK_IMAGE_VIEW_TYPE_CUBE};
   CHECK(!zkv_image_view_create(t.screen, img, &vd, &r));
   vd = (struct zkv_image_view_desc){.type = VK_IMAGE_VIEW_TYPE_2D,
                                     .format = VK_FORMAT_R32_SFLOAT};
   CHECK(!zkv_image_view_create(t.screen, img, &vd, &r));
   vd.format = VK_FORMAT_R8G8B8A8_UNORM;
   vd.base_level = 3;
   struct zkv_image_view *ok_view = zkv_image_view_create(t.screen, img, &vd, &r);
   CHECK(ok_view != NULL);
   zkv_image_view_destroy(ok_view);
   zkv_image_destroy(img);
   /* texel buffer views past the end or misaligned */
   struct zkv_buffer *buf = zkv_buffer_create(t.screen, 256, ZKV_BUFFER_ALL, 0, &r);
   REQUIRE(buf);
   CHECK(!zkv_buffer_view_create(t.screen, buf, VK_FORMAT_R32_UINT, 0, 512, &r));
   CHECK_EQ(r, VK_ERROR_INITIALIZATION_FAILED);
   CHECK(!zkv_buffer_view_create(t.screen, buf, VK_FORMAT_R32_UINT, 256, 0, &r));
   if (t.caps->limits.minTexelBufferOffsetAlignment > 1)
      CHECK(!zkv_buffer_view_create(t.screen, buf, VK_FORMAT_R32_UINT, 1, 16, &r));
   zkv_buffer_destroy(buf);
   const uint32_t junk[8] = {1, 2, 3, 4, 5, 6, 7, 8};
   const struct zkv_program_desc pd = {.code = {junk}, .code_words = {8}};
   const char *msg = NULL;
   CHECK(!zkv_program_create(t.screen, &pd, &r, &msg));
   CHECK(msg != NULL);
   zkvt_finish(&t);
}
