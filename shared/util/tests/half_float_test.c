/* SPDX-License-Identifier: MIT */
#include "util/half_float.h"
#include "util/test.h"

#include <math.h>

TEST(half_known_values)
{
   CHECK_EQ(util_float_to_half(0.0f), 0x0000);
   CHECK_EQ(util_float_to_half(-0.0f), 0x8000);
   CHECK_EQ(util_float_to_half(1.0f), 0x3c00);
   CHECK_EQ(util_float_to_half(-2.0f), 0xc000);
   CHECK_EQ(util_float_to_half(65504.0f), 0x7bff);
   CHECK_EQ(util_float_to_half(65520.0f), 0x7c00); /* rounds to inf */
   CHECK_EQ(util_float_to_half_rtz(1e6f), 0x7bff);
   CHECK_EQ(util_float_to_half(INFINITY), 0x7c00);
   CHECK_EQ(util_float_to_half(5.9604645e-08f), 0x0001); /* smallest denormal */
   CHECK_EQ(util_float_to_half(2.98e-08f), 0x0000);      /* below half of it */
   CHECK_EQ(util_float_to_half(0.333333333f), 0x3555);
   CHECK((util_float_to_half(NAN) & 0x7c00) == 0x7c00 && (util_float_to_half(NAN) & 0x3ff));
   /* ties to even: 1 + 2^-11 is halfway between 0x3c00 and 0x3c01 */
   CHECK_EQ(util_float_to_half(1.0f + 1.0f / 2048.0f), 0x3c00);
   CHECK_EQ(util_float_to_half(1.0f + 3.0f / 2048.0f), 0x3c02);
}

TEST(half_round_trip_all)
{
   /* Every finite half converts to float and back unchanged. */
   unsigned bad = 0;
   for (uint32_t h = 0; h < 0x10000; h++) {
      if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff))
         continue; /* NaN */
      if (util_float_to_half(util_half_to_float((uint16_t)h)) != h)
         bad++;
   }
   CHECK_EQ(bad, 0);
   CHECK_FLOAT_EQ(util_half_to_float(0x0001), 5.9604645e-08, 1e-15);
}
