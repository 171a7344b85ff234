/* SPDX-License-Identifier: MIT */
/*
 * Internals shared by kil_swizzle.c, kil_swizzle_ref.c and the tests.
 */
#ifndef KIL_SWIZZLE_PRIV_H
#define KIL_SWIZZLE_PRIV_H

#include <stdbool.h>

#include "layout/kil_addr.h"
#include "layout/kil_swizzle.h"

/* Checks the level, the box against the level, the mapping against the
 * image and the box against the buffer; fills `addr` for the level.
 * `*empty` is set when the box holds no element (a valid no-op). */
enum kil_result kil_copy_check(const struct kil_image *image, uint32_t level,
                               struct kil_offset4d_el offset,
                               struct kil_extent4d_el extent, uint64_t image_size_B,
                               const struct kil_buffer_layout *buf_layout,
                               struct kil_level_addr *addr, bool *empty);

/* How the fast copy walks a block-linear level (chosen by size when not
 * forced; see kil_swizzle.c). */
struct kil_copy_opts {
   /* Whole GOBs written with non-temporal 16 B stores (where the
    * destination is 16 B aligned; x86 with SSE2 only). */
   bool stream;
   /* The image walked block by block (its memory order) instead of one GOB
    * row across the box at a time. */
   bool block_order;
};

/* kil_swizzle (to_image) or kil_deswizzle with the walk forced, for tests
 * and benchmarks. opts == NULL: chosen as the public functions do. */
enum kil_result kil_copy_with_opts(const struct kil_image *image, uint32_t level,
                                   struct kil_offset4d_el offset,
                                   struct kil_extent4d_el extent, uint8_t *image_map,
                                   uint64_t image_size_B, uint8_t *buf,
                                   const struct kil_buffer_layout *buf_layout,
                                   bool to_image, const struct kil_copy_opts *opts);

#endif /* KIL_SWIZZLE_PRIV_H */
