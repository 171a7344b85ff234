/* SPDX-License-Identifier: MIT */
/*
 * Single-channel conversions: normalized integers, sRGB, the unsigned
 * small floats and the shared-exponent format.
 */
#include "fmt.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

float
fmt_unorm_to_float(uint32_t v, unsigned bits)
{
   const uint32_t max = bits >= 32 ? UINT32_MAX : (1u << bits) - 1;
   return (float)((double)v / (double)max);
}

float
fmt_snorm_to_float(int32_t v, unsigned bits)
{
   /* Vulkan 1.3, 3.9.1: f = max(c / (2^(b-1) - 1), -1.0). */
   const double max = (double)((1u << (bits - 1)) - 1);
   const double f = (double)v / max;
   return (float)(f < -1.0 ? -1.0 : f);
}

uint32_t
fmt_float_to_unorm(float f, unsigned bits)
{
   /* Vulkan 1.3, 3.9.2: clamp to [0, 1], scale by 2^b - 1, round to nearest.
    * NaN becomes 0. */
   if (!(f > 0.0f))
      return 0;
   if (f >= 1.0f)
      return bits >= 32 ? UINT32_MAX : (1u << bits) - 1;
   const double max = bits >= 32 ? (double)UINT32_MAX : (double)((1u << bits) - 1);
   return (uint32_t)nearbyint((double)f * max);
}

int32_t
fmt_float_to_snorm(float f, unsigned bits)
{
   const int32_t max = (int32_t)((1u << (bits - 1)) - 1);
   if (f != f)
      return 0;
   if (f >= 1.0f)
      return max;
   if (f <= -1.0f)
      return -max;
   return (int32_t)nearbyint((double)f * max);
}

static float srgb_decode_table[256];
static pthread_once_t srgb_once = PTHREAD_ONCE_INIT;

static float
srgb_to_linear_exact(float c)
{
   return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

static void
srgb_init(void)
{
   for (unsigned i = 0; i < 256; i++)
      srgb_decode_table[i] = srgb_to_linear_exact((float)i / 255.0f);
}

float
fmt_srgb_to_linear(float srgb)
{
   /* 8-bit sRGB values (every sRGB format) take the table. */
   const float scaled = srgb * 255.0f;
   if (scaled >= 0.0f && scaled <= 255.0f && scaled == (float)(int)scaled) {
      pthread_once(&srgb_once, srgb_init);
      return srgb_decode_table[(int)scaled];
   }
   return srgb_to_linear_exact(srgb);
}

float
fmt_linear_to_srgb(float linear)
{
   if (!(linear > 0.0f))
      return 0.0f;
   if (linear >= 1.0f)
      return 1.0f;
   return linear <= 0.0031308f ? 12.92f * linear : 1.055f * powf(linear, 1.0f / 2.4f) - 0.055f;
}

float
fmt_small_ufloat_to_float(uint32_t v, unsigned mantissa_bits)
{
   const uint32_t m = v & ((1u << mantissa_bits) - 1);
   const uint32_t e = (v >> mantissa_bits) & 31;
   if (e == 31)
      return m ? NAN : INFINITY;
   if (e == 0)
      return ldexpf((float)m, -14 - (int)mantissa_bits);
   return ldexpf(1.0f + (float)m / (float)(1u << mantissa_bits), (int)e - 15);
}

uint32_t
fmt_float_to_small_ufloat(float f, unsigned mantissa_bits)
{
   /* Vulkan 1.3, 3.10/3.11: finite values round to the closest finite value,
    * negative values become 0, +inf stays infinite, NaN stays NaN. */
   const uint32_t max_finite = (30u << mantissa_bits) | ((1u << mantissa_bits) - 1);
   if (f != f)
      return (31u << mantissa_bits) | 1;
   if (!(f > 0.0f))
      return 0;
   if (isinf(f))
      return 31u << mantissa_bits;
   int exp;
   frexpf(f, &exp); /* f = frac * 2^exp, frac in [0.5, 1) */
   int e = exp - 1 + 15;
   if (e <= 0) {
      /* Denormal: units of 2^(-14 - mbits); rounding may carry into e = 1,
       * which the encoding below handles naturally (m = 1 << mbits). */
      return (uint32_t)nearbyintf(ldexpf(f, 14 + (int)mantissa_bits));
   }
   /* Normal: mantissa in units of 2^(e - 15 - mbits), including the
    * implicit one; rounding may reach 2^(mbits + 1) and bump e. */
   uint32_t m = (uint32_t)nearbyintf(ldexpf(f, (int)mantissa_bits - (e - 15)));
   if (m >= (2u << mantissa_bits)) {
      m >>= 1;
      e++;
   }
   if (e >= 31)
      return max_finite;
   return ((uint32_t)e << mantissa_bits) | (m & ((1u << mantissa_bits) - 1));
}

/* Vulkan 1.3, 3.9.4 "Shared Exponent": N = 9 mantissa bits, B = 15. */
#define RGB9E5_N 9
#define RGB9E5_B 15
#define RGB9E5_EMAX 31

uint32_t
fmt_pack_rgb9e5(const float rgb[3])
{
   const float max_value = (float)((1 << RGB9E5_N) - 1) / (float)(1 << RGB9E5_N) *
                           ldexpf(1.0f, RGB9E5_EMAX - RGB9E5_B);
   float c[3];
   float max_c = 0.0f;
   for (unsigned i = 0; i < 3; i++) {
      c[i] = rgb[i] > 0.0f ? (rgb[i] < max_value ? rgb[i] : max_value) : 0.0f;
      max_c = c[i] > max_c ? c[i] : max_c;
   }
   int exp_prime = (max_c > 0.0f ? (int)floorf(log2f(max_c)) : -RGB9E5_B - 1);
   if (exp_prime < -RGB9E5_B - 1)
      exp_prime = -RGB9E5_B - 1;
   exp_prime += 1 + RGB9E5_B;
   const int max_s = (int)floorf(max_c / ldexpf(1.0f, exp_prime - RGB9E5_B - RGB9E5_N) + 0.5f);
   const int exp = max_s == (1 << RGB9E5_N) ? exp_prime + 1 : exp_prime;
   uint32_t out = (uint32_t)exp << 27;
   for (unsigned i = 0; i < 3; i++) {
      uint32_t s =
         (uint32_t)floorf(c[i] / ldexpf(1.0f, exp - RGB9E5_B - RGB9E5_N) + 0.5f);
      if (s > (1u << RGB9E5_N) - 1)
         s = (1u << RGB9E5_N) - 1;
      out |= s << (9 * i);
   }
   return out;
}

void
fmt_unpack_rgb9e5(uint32_t v, float rgb[3])
{
   const int exp = (int)(v >> 27);
   for (unsigned i = 0; i < 3; i++)
      rgb[i] = ldexpf((float)((v >> (9 * i)) & 0x1ff), exp - RGB9E5_B - RGB9E5_N);
}
