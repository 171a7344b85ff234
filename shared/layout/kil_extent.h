/* SPDX-License-Identifier: MIT */
/*
 * Extents and offsets, one struct per unit.
 *
 * An image is described in pixels (px); its memory holds elements (el): a
 * texel, a sample of a multisampled image, or a whole block of a compressed
 * format; the layout works in bytes (B) horizontally and rows/slices
 * vertically. Mixing the units up is the classic layout bug, so each unit is
 * a distinct struct and conversions are explicit functions: passing an
 * extent in pixels where elements are expected does not compile.
 *
 * All four dimensions are always present: width, height, depth (3D slices)
 * and array_len (layers); unused ones are 1 (extents) or 0 (offsets).
 */
#ifndef KIL_EXTENT_H
#define KIL_EXTENT_H

#include <stdint.h>

#include "layout/kil_format.h"
#include "layout/kil_sample.h"

struct kil_extent4d_px {
   uint32_t width, height, depth, array_len;
};

struct kil_extent4d_el {
   uint32_t width, height, depth, array_len;
};

/* width in bytes, height in rows, depth in slices. */
struct kil_extent4d_B {
   uint32_t width, height, depth, array_len;
};

struct kil_offset4d_px {
   uint32_t x, y, z, a;
};

struct kil_offset4d_el {
   uint32_t x, y, z, a;
};

static inline struct kil_extent4d_px
kil_extent4d_px(uint32_t w, uint32_t h, uint32_t d, uint32_t a)
{
   return (struct kil_extent4d_px){w, h, d, a};
}

static inline struct kil_extent4d_el
kil_extent4d_el(uint32_t w, uint32_t h, uint32_t d, uint32_t a)
{
   return (struct kil_extent4d_el){w, h, d, a};
}

static inline struct kil_offset4d_px
kil_offset4d_px(uint32_t x, uint32_t y, uint32_t z, uint32_t a)
{
   return (struct kil_offset4d_px){x, y, z, a};
}

static inline struct kil_offset4d_el
kil_offset4d_el(uint32_t x, uint32_t y, uint32_t z, uint32_t a)
{
   return (struct kil_offset4d_el){x, y, z, a};
}

/* Pixels -> elements: multiplies by the sample grid, then divides by the
 * format's block extent rounding up (a partial block is a whole element). */
struct kil_extent4d_el kil_extent4d_px_to_el(struct kil_extent4d_px ext_px,
                                             enum kil_format format,
                                             enum kil_sample_layout sample_layout);

/* Pixels -> elements for an offset: the same, rounding down. Offsets into a
 * compressed image are block-aligned in any valid copy. */
struct kil_offset4d_el kil_offset4d_px_to_el(struct kil_offset4d_px off_px,
                                             enum kil_format format,
                                             enum kil_sample_layout sample_layout);

/* Elements -> bytes: width times the element size; the rest unchanged. */
struct kil_extent4d_B kil_extent4d_el_to_B(struct kil_extent4d_el ext_el,
                                           enum kil_format format);

#endif /* KIL_EXTENT_H */
