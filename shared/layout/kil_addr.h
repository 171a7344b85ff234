/* SPDX-License-Identifier: MIT */
/*
 * Where element (x, y, z, layer) of one level of an image is.
 *
 * kil_level_addr_init precomputes a level's strides once; the inline
 * kil_level_addr_offset_B then costs a few shifts and adds per element, so a
 * sampler or a rasterizer can address texels directly. The reference copies
 * (kil_swizzle_ref) are built on it, and the fast copies are tested against
 * them.
 */
#ifndef KIL_ADDR_H
#define KIL_ADDR_H

#include <stdint.h>

#include "layout/kil_gob.h"
#include "layout/kil_image.h"

struct kil_level_addr {
   uint64_t offset_B;       /* the level's start (layer 0), from the image start */
   uint64_t layer_stride_B; /* the image's array stride */
   uint32_t el_size_B;
   struct kil_tiling tiling; /* the level's tiling */
   /* LINEAR: bytes between rows. Block-linear: width in GOBs * 64. */
   uint32_t row_pitch_B;
   /* LINEAR: bytes between z slices. Block-linear: bytes between z rows of
    * blocks (one block deep: 1 << z_log2 slices). */
   uint64_t slice_stride_B;
   /* Block-linear: bytes between rows of blocks. */
   uint64_t block_row_stride_B;
   struct kil_extent4d_el extent_el; /* the level's, all layers */
};

/* KIL_ERROR_OUT_OF_BOUNDS if `level` >= the image's level count. */
enum kil_result kil_level_addr_init(struct kil_level_addr *addr,
                                    const struct kil_image *image, uint32_t level);

/* Byte offset of an element from the image start. No bounds check: the
 * coordinates must be inside extent_el. */
static inline uint64_t
kil_level_addr_offset_B(const struct kil_level_addr *a, uint32_t x_el, uint32_t y_el,
                        uint32_t z_el, uint32_t layer)
{
   const uint64_t x_B = (uint64_t)x_el * a->el_size_B;
   uint64_t off = a->offset_B + (uint64_t)layer * a->layer_stride_B;
   if (!a->tiling.is_tiled)
      return off + (uint64_t)z_el * a->slice_stride_B + (uint64_t)y_el * a->row_pitch_B +
             x_B;

   const unsigned yl = a->tiling.y_log2, zl = a->tiling.z_log2;
   const uint32_t gob_in_block =
      ((z_el & ((1u << zl) - 1)) << yl) | ((y_el >> 3) & ((1u << yl) - 1));
   off += (uint64_t)(z_el >> zl) * a->slice_stride_B;
   off += (uint64_t)(y_el >> (3 + yl)) * a->block_row_stride_B;
   off += (x_B >> 6) << (9 + yl + zl);
   off += (uint64_t)gob_in_block << 9;
   return off + kil_gob_offset_B((uint32_t)x_B & 63u, y_el & 7u);
}

#endif /* KIL_ADDR_H */
