/* SPDX-License-Identifier: MIT */
/*
 * Image -> image copies between block-linear levels whose GOB grids line
 * up, GOB by GOB, with no staging buffer.
 *
 * Inside a GOB a byte's place depends only on its position in the GOB
 * (kil_gob.h), never on the block height, the level or the image. So when
 * the source box and the destination box sit at the same position relative
 * to their GOB grids (x offsets in bytes equal modulo 64, y offsets equal
 * modulo 8), every GOB the box touches maps onto exactly one destination GOB
 * with the same bytes at the same places: whole GOBs are 512 B copies, the
 * box's edges copy the same pieces of a GOB on both sides. GOBs that follow
 * each other in memory on both sides (down a block column; across a block
 * row when the layouts match; the whole level of two identical images)
 * are copied as one run, so identical layouts cost one memcpy per slice.
 *
 * That covers vkCmdCopyImage between two OPTIMAL images of the same element
 * size whenever offsets are GOB-aligned (a whole-subresource copy always
 * is), whatever the extents, block heights and levels. Other boxes go
 * through kil_deswizzle + kil_swizzle.
 */
#ifndef KIL_COPY_IMAGE_H
#define KIL_COPY_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "layout/kil_extent.h"
#include "layout/kil_image.h"
#include "layout/kil_result.h"

/* Whether kil_copy_image takes these boxes: both levels block-linear, the
 * same element size, the offsets at the same place in a GOB. Does not check
 * the box against the levels (kil_copy_image does). */
bool kil_copy_image_gobs_line_up(const struct kil_image *src, uint32_t src_level,
                                 struct kil_offset4d_el src_offset,
                                 const struct kil_image *dst, uint32_t dst_level,
                                 struct kil_offset4d_el dst_offset);

/* Copies the box `extent` at `src_offset` of level `src_level` to
 * `dst_offset` of `dst_level` (same extent: a 3D <-> array copy goes slice
 * by slice). Both maps hold their whole image (`*_size_B` >= size_B); the
 * two boxes' bytes must not overlap (as vkCmdCopyImage requires; the maps
 * may be the same image's).
 * Everything is checked before a byte moves: KIL_ERROR_OUT_OF_BOUNDS for a
 * level or box outside an image, KIL_ERROR_UNSUPPORTED_IMAGE when
 * kil_copy_image_gobs_line_up says no. Copies of 4 MiB and more are
 * written with streaming stores (util/memcpy_stream.h). */
enum kil_result kil_copy_image(const struct kil_image *src, uint32_t src_level,
                               struct kil_offset4d_el src_offset, const void *src_map,
                               uint64_t src_map_size_B, const struct kil_image *dst,
                               uint32_t dst_level, struct kil_offset4d_el dst_offset,
                               void *dst_map, uint64_t dst_map_size_B,
                               struct kil_extent4d_el extent);

#endif /* KIL_COPY_IMAGE_H */
