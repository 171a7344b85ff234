/* SPDX-License-Identifier: MIT */
/*
 * Tessellation levels: clamping, rounding and the points of one subdivided
 * edge (Vulkan 1.3, 23.4 "Tessellator Spacing").
 */
#include <math.h>

#include "tess.h"

static float
clampf_nan_low(float v, float lo, float hi)
{
   if (!(v >= lo)) /* NaN too */
      return lo;
   return v > hi ? hi : v;
}

struct tess_segments
tess_round_level(enum tess_spacing spacing, float level, uint32_t max_level)
{
   const float max = (float)max_level;
   struct tess_segments s;
   switch (spacing) {
   case TESS_SPACING_FRACTIONAL_EVEN: {
      /* "clamped to [2, maxTessellationGenerationLevel] and then rounded up
       * to the nearest even integer n" */
      s.f = clampf_nan_low(level, 2.0f, max);
      uint32_t n = (uint32_t)ceilf(s.f);
      s.n = n + (n & 1u);
      break;
   }
   case TESS_SPACING_FRACTIONAL_ODD: {
      /* "clamped to [1, maxTessellationGenerationLevel - 1] and then rounded
       * up to the nearest odd integer n" */
      s.f = clampf_nan_low(level, 1.0f, max - 1.0f);
      uint32_t n = (uint32_t)ceilf(s.f);
      s.n = n + !(n & 1u);
      break;
   }
   case TESS_SPACING_EQUAL:
   default:
      /* "clamped to [1, maxTessellationGenerationLevel] and then rounded up
       * to the nearest integer n" */
      s.f = clampf_nan_low(level, 1.0f, max);
      s.n = (uint32_t)ceilf(s.f);
      break;
   }
   return s;
}

/* Fractional spacing: n - 2 segments of 1/f and two of (f - (n - 2)) / 2f,
 * the short ones placed symmetrically next to the middle (see tess.h). */
static double
fractional_point(struct tess_segments s, uint32_t i)
{
   const double f = s.f, full = 1.0 / f, part = (f - (double)(s.n - 2)) / (2.0 * f);
   /* Full segments before the first short one. */
   const uint32_t before = (s.n - 2) / 2;
   if (i <= before)
      return i * full;
   /* i is past the first short segment. */
   return before * full + part + (double)(i - before - 1) * full;
}

double
tess_edge_point(enum tess_spacing spacing, struct tess_segments s, uint32_t i)
{
   if (i == 0)
      return 0.0;
   if (i >= s.n)
      return 1.0;
   /* Symmetric by construction: the second half mirrors the first. */
   if (2 * i > s.n)
      return 1.0 - tess_edge_point(spacing, s, s.n - i);
   if (spacing == TESS_SPACING_EQUAL || s.n < 2 || (float)s.n == s.f)
      return (double)i / (double)s.n;
   return fractional_point(s, i);
}

bool
tess_patch_culled(enum tess_domain domain, const struct tess_levels *levels)
{
   /* "If any of the relevant outer tessellation levels is less than or
    * equal to zero or is NaN, the patch is discarded" (23.3). */
   const unsigned relevant = domain == TESS_TRIANGLES ? 3 : domain == TESS_QUADS ? 4 : 2;
   for (unsigned i = 0; i < relevant; i++) {
      if (!(levels->outer[i] > 0.0f))
         return true;
   }
   return false;
}
