/* SPDX-License-Identifier: MIT */
/*
 * The argument checks kil_swizzle* and kil_deswizzle* share (internal).
 */
#ifndef KIL_COPY_CHECK_H
#define KIL_COPY_CHECK_H

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

#endif /* KIL_COPY_CHECK_H */
