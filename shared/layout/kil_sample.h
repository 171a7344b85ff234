/* SPDX-License-Identifier: MIT */
/*
 * How the samples of a multisampled image are stored.
 *
 * Each pixel of an N-sample image is stored as a small grid of samples, and
 * the layout then treats the image as a single-sample image of the sample
 * grid's size: a 100x100 4x image is laid out exactly like a 200x200
 * single-sample image. The grid shapes are NVIDIA's (1x1, 2x1, 2x2, 4x2,
 * 4x4), which keeps a pixel's samples within one 16 B sector row for 4 B
 * formats up to 4x.
 *
 * Inside a pixel's grid, sample s sits at (s % grid_width, s / grid_width).
 * That order is ours (NVIDIA's hardware uses its own, undocumented order);
 * nothing outside kiln sees it, since multisampled images are never shared
 * with DRM format modifiers.
 */
#ifndef KIL_SAMPLE_H
#define KIL_SAMPLE_H

#include <stdint.h>

enum kil_sample_layout {
   KIL_SAMPLE_LAYOUT_1X1, /* 1 sample */
   KIL_SAMPLE_LAYOUT_2X1, /* 2 samples */
   KIL_SAMPLE_LAYOUT_2X2, /* 4 samples */
   KIL_SAMPLE_LAYOUT_4X2, /* 8 samples */
   KIL_SAMPLE_LAYOUT_4X4, /* 16 samples */
   KIL_SAMPLE_LAYOUT_INVALID,
};

/* KIL_SAMPLE_LAYOUT_INVALID for a count that is not 1, 2, 4, 8 or 16. */
static inline enum kil_sample_layout
kil_sample_layout_for_samples(uint32_t samples)
{
   switch (samples) {
   case 1:
      return KIL_SAMPLE_LAYOUT_1X1;
   case 2:
      return KIL_SAMPLE_LAYOUT_2X1;
   case 4:
      return KIL_SAMPLE_LAYOUT_2X2;
   case 8:
      return KIL_SAMPLE_LAYOUT_4X2;
   case 16:
      return KIL_SAMPLE_LAYOUT_4X4;
   default:
      return KIL_SAMPLE_LAYOUT_INVALID;
   }
}

static inline uint32_t
kil_sample_layout_width(enum kil_sample_layout sl)
{
   return sl == KIL_SAMPLE_LAYOUT_1X1 ? 1 : sl <= KIL_SAMPLE_LAYOUT_2X2 ? 2 : 4;
}

static inline uint32_t
kil_sample_layout_height(enum kil_sample_layout sl)
{
   return sl <= KIL_SAMPLE_LAYOUT_2X1 ? 1 : sl <= KIL_SAMPLE_LAYOUT_4X2 ? 2 : 4;
}

static inline uint32_t
kil_sample_layout_samples(enum kil_sample_layout sl)
{
   return kil_sample_layout_width(sl) * kil_sample_layout_height(sl);
}

/* Position of sample `s` inside its pixel's grid. */
static inline uint32_t
kil_sample_layout_sample_x(enum kil_sample_layout sl, uint32_t s)
{
   return s % kil_sample_layout_width(sl);
}

static inline uint32_t
kil_sample_layout_sample_y(enum kil_sample_layout sl, uint32_t s)
{
   return s / kil_sample_layout_width(sl);
}

#endif /* KIL_SAMPLE_H */
