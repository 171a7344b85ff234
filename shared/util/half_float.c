/* SPDX-License-Identifier: MIT */
#include "half_float.h"

#include <string.h>

static inline uint32_t
f2u(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static inline float
u2f(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static uint16_t
float_to_half_impl(float f, int rtz)
{
   const uint32_t u = f2u(f);
   const uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
   const int32_t exp = (int32_t)((u >> 23) & 0xff);
   uint32_t mant = u & 0x7fffff;

   if (exp == 0xff) {
      if (mant)
         return sign | 0x7e00 | (uint16_t)(mant >> 13); /* quiet NaN */
      return sign | 0x7c00;
   }

   /* Rebias: half exponent = exp - 127 + 15. */
   int32_t hexp = exp - 112;
   if (hexp >= 0x1f) {
      /* Overflow: RTZ saturates to the largest finite value. */
      return rtz ? (sign | 0x7bff) : (sign | 0x7c00);
   }

   if (hexp <= 0) {
      /* Denormal or zero in half. */
      if (hexp < -10)
         return sign; /* too small even for rounding up past half of min denorm */
      mant |= 0x800000; /* implicit one */
      const uint32_t shift = (uint32_t)(14 - hexp);
      uint32_t hm = mant >> shift;
      if (!rtz) {
         const uint32_t rem = mant & ((1u << shift) - 1);
         const uint32_t halfway = 1u << (shift - 1);
         if (rem > halfway || (rem == halfway && (hm & 1)))
            hm++;
      }
      return sign | (uint16_t)hm;
   }

   uint32_t hm = mant >> 13;
   uint32_t result = ((uint32_t)hexp << 10) | hm;
   if (!rtz) {
      const uint32_t rem = mant & 0x1fff;
      if (rem > 0x1000 || (rem == 0x1000 && (hm & 1)))
         result++; /* may carry into the exponent, which is correct (incl. to inf) */
   }
   return sign | (uint16_t)result;
}

uint16_t
util_float_to_half(float f)
{
   return float_to_half_impl(f, 0);
}

uint16_t
util_float_to_half_rtz(float f)
{
   return float_to_half_impl(f, 1);
}

float
util_half_to_float(uint16_t h)
{
   const uint32_t sign = (uint32_t)(h & 0x8000) << 16;
   const uint32_t exp = (h >> 10) & 0x1f;
   const uint32_t mant = h & 0x3ff;

   if (exp == 0x1f)
      return u2f(sign | 0x7f800000 | (mant << 13));
   if (exp == 0) {
      if (mant == 0)
         return u2f(sign);
      /* Denormal: value = mant * 2^-24. */
      const float v = (float)mant * (1.0f / 16777216.0f);
      return sign ? -v : v;
   }
   return u2f(sign | ((exp + 112) << 23) | (mant << 13));
}
