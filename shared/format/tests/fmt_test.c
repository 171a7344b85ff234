/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>

#include "format/fmt.h"
#include "util/test.h"

static void
pack_f(enum kil_format f, float r, float g, float b, float a, void *dst)
{
   const union fmt_texel t = {.f = {r, g, b, a}};
   fmt_pack_color(f, &t, dst);
}

TEST(fmt_normalized_rounding)
{
   /* Vulkan 1.3, 3.9.2: round to nearest (ties to even here). */
   CHECK_EQ(fmt_float_to_unorm(0.5f, 8), 128);
   CHECK_EQ(fmt_float_to_unorm(1.0f, 8), 255);
   CHECK_EQ(fmt_float_to_unorm(2.0f, 8), 255);
   CHECK_EQ(fmt_float_to_unorm(-0.25f, 8), 0);
   CHECK_EQ(fmt_float_to_unorm(NAN, 8), 0);
   CHECK_EQ(fmt_float_to_unorm(1.0f / 3.0f, 16), 21845);
   CHECK_EQ(fmt_float_to_snorm(-1.0f, 8), -127);
   CHECK_EQ(fmt_float_to_snorm(-2.0f, 8), -127);
   CHECK_EQ(fmt_float_to_snorm(0.5f, 8), 64);
   CHECK_FLOAT_EQ(fmt_snorm_to_float(-128, 8), -1.0, 0);
   CHECK_FLOAT_EQ(fmt_snorm_to_float(127, 8), 1.0, 0);
   CHECK_FLOAT_EQ(fmt_unorm_to_float(255, 8), 1.0, 0);
   CHECK_FLOAT_EQ(fmt_unorm_to_float(0x80, 8), 128.0 / 255.0, 1e-7);
}

TEST(fmt_array_and_packed_layouts)
{
   uint8_t b[16];
   pack_f(KIL_FORMAT_R8G8B8A8_UNORM, 1.0f, 0.0f, 0.5f, 1.0f, b);
   CHECK(b[0] == 0xff && b[1] == 0 && b[2] == 0x80 && b[3] == 0xff);
   pack_f(KIL_FORMAT_B8G8R8A8_UNORM, 1.0f, 0.0f, 0.0f, 1.0f, b);
   CHECK(b[0] == 0 && b[1] == 0 && b[2] == 0xff && b[3] == 0xff);
   uint16_t h;
   pack_f(KIL_FORMAT_R5G6B5_UNORM_PACK16, 1.0f, 0.0f, 0.0f, 1.0f, &h);
   CHECK_EQ(h, 0xf800);
   pack_f(KIL_FORMAT_B5G6R5_UNORM_PACK16, 1.0f, 0.0f, 0.0f, 1.0f, &h);
   CHECK_EQ(h, 0x001f);
   pack_f(KIL_FORMAT_R5G6B5_UNORM_PACK16, 0.0f, 1.0f, 0.0f, 1.0f, &h);
   CHECK_EQ(h, 0x07e0);
   uint32_t w;
   pack_f(KIL_FORMAT_A2B10G10R10_UNORM_PACK32, 1.0f, 0.0f, 0.0f, 1.0f, &w);
   CHECK_EQ_U64(w, 0xc00003ff);
   pack_f(KIL_FORMAT_A2R10G10B10_UNORM_PACK32, 1.0f, 0.0f, 0.0f, 0.0f, &w);
   CHECK_EQ_U64(w, 0x3ff00000);
   pack_f(KIL_FORMAT_R16_SFLOAT, 1.0f, 0, 0, 0, &h);
   CHECK_EQ(h, 0x3c00);
   pack_f(KIL_FORMAT_R32G32B32A32_SFLOAT, 1.5f, -2.0f, 0.0f, 3.0f, b);
   float f4[4];
   memcpy(f4, b, 16);
   CHECK(f4[0] == 1.5f && f4[1] == -2.0f && f4[2] == 0.0f && f4[3] == 3.0f);

   /* Unpacking fills absent channels with (0, 0, 0, 1). */
   union fmt_texel t;
   const uint8_t red = 0xff;
   fmt_unpack_color(KIL_FORMAT_R8_UNORM, &red, &t);
   CHECK(t.f[0] == 1.0f && t.f[1] == 0.0f && t.f[2] == 0.0f && t.f[3] == 1.0f);
   const uint8_t rg[2] = {5, 0xfb};
   fmt_unpack_color(KIL_FORMAT_R8G8_SINT, rg, &t);
   CHECK(t.i[0] == 5 && t.i[1] == -5 && t.i[2] == 0 && t.i[3] == 1);
}

TEST(fmt_integers_clamp)
{
   uint8_t b[8];
   union fmt_texel t = {.u = {300, 0, 0, 0}};
   fmt_pack_color(KIL_FORMAT_R8_UINT, &t, b);
   CHECK_EQ(b[0], 255);
   t.i[0] = -200;
   fmt_pack_color(KIL_FORMAT_R8_SINT, &t, b);
   CHECK_EQ(b[0], 0x80);
   t.i[0] = -3;
   t.i[1] = 70000;
   fmt_pack_color(KIL_FORMAT_R16G16_SINT, &t, b);
   int16_t s[2];
   memcpy(s, b, 4);
   CHECK(s[0] == -3 && s[1] == 32767);
   pack_f(KIL_FORMAT_R8_USCALED, 200.4f, 0, 0, 0, b);
   CHECK_EQ(b[0], 200);
   pack_f(KIL_FORMAT_R8_SSCALED, -300.0f, 0, 0, 0, b);
   CHECK_EQ(b[0], 0x80);
}

TEST(fmt_small_floats)
{
   /* B10G11R11: 1.0 is exponent 15, mantissa 0 in every channel. */
   uint32_t w;
   pack_f(KIL_FORMAT_B10G11R11_UFLOAT_PACK32, 1.0f, 1.0f, 1.0f, 1.0f, &w);
   CHECK_EQ_U64(w, 0x3c0u | (0x3c0u << 11) | (0x1e0u << 22));
   CHECK_EQ(fmt_float_to_small_ufloat(-1.0f, 6), 0);
   CHECK_EQ(fmt_float_to_small_ufloat(1e9f, 6), 0x7bf);           /* max finite */
   CHECK_EQ(fmt_float_to_small_ufloat(INFINITY, 6), 0x7c0);
   CHECK(isnan(fmt_small_ufloat_to_float(fmt_float_to_small_ufloat(NAN, 5), 5)));
   CHECK_FLOAT_EQ(fmt_small_ufloat_to_float(0x7bf, 6), 65024.0, 0);
   /* Denormals: the smallest 11-bit one is 2^-20. */
   CHECK_EQ(fmt_float_to_small_ufloat(ldexpf(1.0f, -20), 6), 1);
   CHECK_FLOAT_EQ(fmt_small_ufloat_to_float(1, 6), ldexp(1.0, -20), 0);
   /* Every 11-bit and 10-bit finite value survives a round trip. */
   bool ok = true;
   for (uint32_t v = 0; v < (31u << 6); v++)
      ok &= fmt_float_to_small_ufloat(fmt_small_ufloat_to_float(v, 6), 6) == v;
   for (uint32_t v = 0; v < (31u << 5); v++)
      ok &= fmt_float_to_small_ufloat(fmt_small_ufloat_to_float(v, 5), 5) == v;
   CHECK(ok);
   /* Rounding to nearest: 1 + 1/128 is halfway between 1 and 1 + 1/64 for a
    * 6-bit mantissa; ties go to even (1.0). */
   CHECK_EQ(fmt_float_to_small_ufloat(1.0f + 1.0f / 128.0f, 6), 0x3c0);
   CHECK_EQ(fmt_float_to_small_ufloat(1.0f + 3.0f / 128.0f, 6), 0x3c2);
}

TEST(fmt_shared_exponent)
{
   const float one[3] = {1.0f, 1.0f, 1.0f};
   const uint32_t v = fmt_pack_rgb9e5(one);
   CHECK_EQ_U64(v, (16u << 27) | 256u | (256u << 9) | (256u << 18));
   float back[3];
   fmt_unpack_rgb9e5(v, back);
   CHECK(back[0] == 1.0f && back[1] == 1.0f && back[2] == 1.0f);
   const float mixed[3] = {2.5f, 0.125f, -4.0f};
   fmt_unpack_rgb9e5(fmt_pack_rgb9e5(mixed), back);
   CHECK_FLOAT_EQ(back[0], 2.5, 0);
   CHECK_FLOAT_EQ(back[1], 0.125, 1.0 / 128);
   CHECK_FLOAT_EQ(back[2], 0.0, 0); /* negative clamps to 0 */
   const float huge[3] = {1e30f, 0.0f, 0.0f};
   fmt_unpack_rgb9e5(fmt_pack_rgb9e5(huge), back);
   CHECK_FLOAT_EQ(back[0], 65408.0, 0); /* (511/512) * 2^16 */
   const float zero[3] = {0, 0, 0};
   CHECK_EQ(fmt_pack_rgb9e5(zero), 0);
}

TEST(fmt_srgb)
{
   uint8_t b[4];
   pack_f(KIL_FORMAT_R8G8B8A8_SRGB, 0.5f, 0.0f, 1.0f, 0.5f, b);
   CHECK_EQ(b[0], 188); /* linear 0.5 is sRGB 0.7354 */
   CHECK_EQ(b[1], 0);
   CHECK_EQ(b[2], 255);
   CHECK_EQ(b[3], 128); /* alpha is linear */
   union fmt_texel t;
   fmt_unpack_color(KIL_FORMAT_R8G8B8A8_SRGB, b, &t);
   CHECK_FLOAT_EQ(t.f[0], 0.5029, 1e-3);
   CHECK_FLOAT_EQ(t.f[3], 128.0 / 255.0, 1e-6);
   /* Every 8-bit sRGB value decodes and encodes back to itself. */
   bool ok = true;
   for (unsigned i = 0; i < 256; i++)
      ok &= fmt_float_to_unorm(fmt_linear_to_srgb(fmt_srgb_to_linear(i / 255.0f)), 8) == i;
   CHECK(ok);
}

TEST(fmt_depth_stencil)
{
   uint16_t d16;
   fmt_pack_depth(KIL_FORMAT_D16_UNORM, 0.5f, &d16);
   CHECK_EQ(d16, 32768);
   CHECK_FLOAT_EQ(fmt_unpack_depth(KIL_FORMAT_D16_UNORM, &d16), 32768.0 / 65535.0, 1e-7);

   uint8_t ds[8] = {0};
   fmt_pack_depth(KIL_FORMAT_D24_UNORM_S8_UINT, 1.0f, ds);
   fmt_pack_stencil(KIL_FORMAT_D24_UNORM_S8_UINT, 0x5a, ds);
   CHECK(ds[0] == 0xff && ds[1] == 0xff && ds[2] == 0xff && ds[3] == 0x5a);
   fmt_pack_depth(KIL_FORMAT_D24_UNORM_S8_UINT, 0.0f, ds); /* keeps the stencil */
   CHECK(ds[0] == 0 && ds[2] == 0 && ds[3] == 0x5a);
   CHECK_EQ(fmt_unpack_stencil(KIL_FORMAT_D24_UNORM_S8_UINT, ds), 0x5a);

   memset(ds, 0, sizeof(ds));
   fmt_pack_depth(KIL_FORMAT_D32_SFLOAT_S8_UINT, 0.25f, ds);
   fmt_pack_stencil(KIL_FORMAT_D32_SFLOAT_S8_UINT, 7, ds);
   float f;
   memcpy(&f, ds, 4);
   CHECK(f == 0.25f && ds[4] == 7);
   CHECK(fmt_unpack_depth(KIL_FORMAT_D32_SFLOAT_S8_UINT, ds) == 0.25f);
   fmt_pack_depth(KIL_FORMAT_X8_D24_UNORM_PACK32, 2.0f, ds); /* clamps */
   CHECK(ds[0] == 0xff && ds[1] == 0xff && ds[2] == 0xff);
}

static bool
same_value(enum fmt_class cls, const union fmt_texel *a, const union fmt_texel *b)
{
   for (unsigned c = 0; c < 4; c++) {
      if (cls == FMT_CLASS_FLOAT) {
         if (!(a->f[c] == b->f[c] || (isnan(a->f[c]) && isnan(b->f[c]))))
            return false;
      } else if (a->u[c] != b->u[c]) {
         return false;
      }
   }
   return true;
}

/* For every convertible format, random elements unpack to values that pack
 * and unpack to themselves: unpack and pack agree on every channel's
 * position and encoding. */
TEST(fmt_every_format_round_trips)
{
   unsigned formats = 0;
   uint32_t x = 12345;
   for (int f = 1; f < KIL_FORMAT_COUNT; f++) {
      if (!fmt_format_is_convertible(f))
         continue;
      formats++;
      const unsigned el = kil_format_el_size_B(f);
      const enum fmt_class cls = fmt_format_class(f);
      bool ok = true;
      for (unsigned n = 0; n < 200 && ok; n++) {
         uint8_t src[16], mid[16];
         for (unsigned i = 0; i < el; i++) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            src[i] = (uint8_t)x;
         }
         union fmt_texel a, b;
         fmt_unpack_color(f, src, &a);
         fmt_pack_color(f, &a, mid);
         fmt_unpack_color(f, mid, &b);
         ok = same_value(cls, &a, &b);
      }
      if (!ok)
         test_fail(__FILE__, __LINE__, "%s does not round-trip", kil_format_desc(f)->name);
   }
   CHECK(formats > 100);
}
