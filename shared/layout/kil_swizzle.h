/* SPDX-License-Identifier: MIT */
/*
 * CPU copies between a linear buffer and an image (block-linear or LINEAR).
 *
 * kil_swizzle copies buffer -> image, kil_deswizzle image -> buffer, for a
 * box of elements (x, y, z, layer; width, height, depth, layers) of one
 * level. The buffer holds the box only: element (off.x + i, off.y + j,
 * off.z + k, off.a + l) is at
 *    i * el_size_B + j * row_pitch_B + k * slice_pitch_B + l * layer_pitch_B
 * from `buf` (vkCmdCopyBufferToImage's layout with bufferOffset already
 * applied; layer_pitch_B may equal slice_pitch_B as Vulkan has it).
 *
 * Any element size (1, 2, 4, 8, 16 B; others for LINEAR images), any box
 * inside the level. Whole GOB rows go through fixed-size 16 B moves with no
 * per-element arithmetic; partial GOBs at the edges through a per-row path.
 * kil_swizzle_ref / kil_deswizzle_ref do the same one element at a time via
 * kil_level_addr_offset_B: slow, obviously right, what the tests compare
 * against.
 *
 * Everything is checked before any byte moves: the level and box against
 * the image, the image against `image_size_B` (the mapping's size), the box
 * against `buf_layout->size_B`. A bad argument returns an error and touches
 * nothing.
 */
#ifndef KIL_SWIZZLE_H
#define KIL_SWIZZLE_H

#include <stdint.h>

#include "layout/kil_extent.h"
#include "layout/kil_image.h"
#include "layout/kil_result.h"

struct kil_buffer_layout {
   uint64_t size_B;        /* bytes available at `buf` */
   uint64_t row_pitch_B;   /* >= width * el_size_B */
   uint64_t slice_pitch_B; /* between z slices (3D) */
   uint64_t layer_pitch_B; /* between layers (arrays) */
};

/* The tightly packed layout of a box: rows of width * el_size_B, slices of
 * height rows, layers of depth slices. */
struct kil_buffer_layout kil_buffer_layout_packed(const struct kil_image *image,
                                                  struct kil_extent4d_el extent);

enum kil_result kil_swizzle(const struct kil_image *image, uint32_t level,
                            struct kil_offset4d_el offset, struct kil_extent4d_el extent,
                            void *image_map, uint64_t image_size_B, const void *buf,
                            const struct kil_buffer_layout *buf_layout);

enum kil_result kil_deswizzle(const struct kil_image *image, uint32_t level,
                              struct kil_offset4d_el offset,
                              struct kil_extent4d_el extent, const void *image_map,
                              uint64_t image_size_B, void *buf,
                              const struct kil_buffer_layout *buf_layout);

/* The per-element reference implementations (same contract). */
enum kil_result kil_swizzle_ref(const struct kil_image *image, uint32_t level,
                                struct kil_offset4d_el offset,
                                struct kil_extent4d_el extent, void *image_map,
                                uint64_t image_size_B, const void *buf,
                                const struct kil_buffer_layout *buf_layout);

enum kil_result kil_deswizzle_ref(const struct kil_image *image, uint32_t level,
                                  struct kil_offset4d_el offset,
                                  struct kil_extent4d_el extent, const void *image_map,
                                  uint64_t image_size_B, void *buf,
                                  const struct kil_buffer_layout *buf_layout);

#endif /* KIL_SWIZZLE_H */
