/* SPDX-License-Identifier: MIT */
/*
 * The image layout: an image description and a device in, offsets out.
 *
 *    struct kil_image img;
 *    enum kil_result r = kil_image_init(&dev, &(struct kil_image_info){
 *       .dim = KIL_IMAGE_DIM_2D, .format = KIL_FORMAT_R8G8B8A8_UNORM,
 *       .extent_px = kil_extent4d_px(256, 256, 1, 1), .levels = 9, .samples = 1,
 *    }, &img);
 *
 * kil_image_init is a pure function: it allocates nothing (the struct lives
 * wherever the caller puts it, e.g. on the stack to answer a memory
 * requirements query), keeps no state and reads only its arguments.
 *
 * Memory order, from the image start:
 *    layer 0: level 0, level 1, ... level n-1, padding to array_stride_B
 *    layer 1: the same, at array_stride_B
 *    ...
 * size_B = array_stride_B * array_len. A cube is 6 layers (+X -X +Y -Y +Z -Z).
 *
 * LINEAR images: each level's rows are row_pitch_B apart, row_pitch_B being
 * the row's bytes rounded up to dev->linear_pitch_align_B; 3D slices are
 * row_pitch_B * rows apart.
 *
 * Block-linear images (kil_tiling.h): level 0's block height is the
 * smallest power of two of GOBs covering the image's height (at most 32 GOBs
 * and one the device allows), its depth likewise for 3D; each level clamps
 * them to its own size. A level's size is its extent rounded up to whole
 * blocks; the array stride is rounded up to level 0's block size.
 *
 * Multisampled images are laid out as their sample grid (kil_sample.h).
 */
#ifndef KIL_IMAGE_H
#define KIL_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "devinfo/kiln_device_info.h"
#include "layout/kil_extent.h"
#include "layout/kil_format.h"
#include "layout/kil_result.h"
#include "layout/kil_sample.h"
#include "layout/kil_tiling.h"

/* Enough for a 32768-pixel dimension (16 levels). */
#define KIL_MAX_LEVELS 16u

enum kil_image_dim {
   KIL_IMAGE_DIM_1D,
   KIL_IMAGE_DIM_2D,
   KIL_IMAGE_DIM_3D,
};

enum kil_image_tiling {
   /* Block-linear, block height/depth chosen by kil (the default). */
   KIL_IMAGE_TILING_OPTIMAL = 0,
   /* Row-major with a pitch. */
   KIL_IMAGE_TILING_LINEAR,
};

enum kil_image_usage {
   /* A 3D image that will be viewed as a 2D array
    * (VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT, EXT_image_2d_view_of_3d):
    * blocks are 1 GOB deep at every level, so each slice is a 2D image. */
   KIL_IMAGE_USAGE_2D_VIEW = 1 << 0,
   /* Cube compatible: 2D, square, a multiple of 6 layers. */
   KIL_IMAGE_USAGE_CUBE = 1 << 1,
};

struct kil_image_info {
   enum kil_image_dim dim;
   enum kil_format format;
   /* depth > 1 only for 3D, array_len > 1 only for 1D/2D. */
   struct kil_extent4d_px extent_px;
   uint32_t levels;  /* 1 .. floor(log2(max dimension)) + 1 */
   uint32_t samples; /* 1, 2, 4, 8, 16 */
   enum kil_image_tiling tiling;
   uint32_t usage; /* enum kil_image_usage */
};

struct kil_image_level {
   /* From the image start, layer 0. */
   uint64_t offset_B;
   /* One layer of this level. */
   uint64_t size_B;
   /* The level's own tiling (level 0's, clamped to this level). */
   struct kil_tiling tiling;
   /* LINEAR: bytes from one row to the next.
    * Block-linear: the level's width in GOBs times 64, i.e. its row of
    * elements rounded up to whole GOBs. That is the "pitch" NVIDIA's
    * drivers report for block-linear surfaces (and what Vulkan's
    * VkSubresourceLayout::rowPitch and EGL's DMA_BUF_PLANE0_PITCH carry for
    * block-linear modifiers): rows are not that far apart in memory, but it
    * fixes how many blocks a block row holds. */
   uint32_t row_pitch_B;
};

struct kil_image {
   enum kil_image_dim dim;
   enum kil_format format;
   struct kil_extent4d_px extent_px;
   enum kil_sample_layout sample_layout;
   uint32_t num_levels;
   uint32_t usage;
   /* The tiling the image was made with, what a texture header or a
    * modifier names; each level (level 0 too) uses it clamped to its own
    * size (levels[l].tiling). */
   struct kil_tiling tiling;
   struct kil_image_level levels[KIL_MAX_LEVELS];
   uint64_t array_stride_B;
   uint64_t size_B;
   /* Required alignment of the image's start in memory: level 0's block
    * size for block-linear, dev->linear_pitch_align_B for LINEAR. */
   uint32_t align_B;
};

/* Checks that kil can lay images out for this device: 64 B x 8 x 1 GOBs,
 * Turing+ GOB kind, desktop sector layout, some block height allowed, a
 * power-of-two linear pitch alignment. */
enum kil_result kil_device_check(const struct kiln_device_info *dev);

/* Lays an image out. On failure `image` is left zeroed. */
enum kil_result kil_image_init(const struct kiln_device_info *dev,
                               const struct kil_image_info *info,
                               struct kil_image *image);

/* Lays a single-level image out with a given tiling and, if row_pitch_B !=
 * 0, a given row pitch (LINEAR: bytes between rows; block-linear: width in
 * GOBs * 64), as imports need. The pitch must be a multiple of 64 and at
 * least the row (KIL_ERROR_PLANE_PITCH_ALIGN, KIL_ERROR_PLANE_PITCH_TOO_SMALL,
 * KIL_ERROR_PLANE_TOO_LARGE). The tiling must be LINEAR or a block height
 * the device allows with depth 1 (KIL_ERROR_MODIFIER_BLOCK_HEIGHT
 * otherwise). image->tiling is the tiling given; levels[0].tiling is it
 * clamped to the image, as the hardware does (a 16-row image named with
 * h = 5 is stored with 2-GOB blocks). */
enum kil_result kil_image_init_explicit(const struct kiln_device_info *dev,
                                        const struct kil_image_info *info,
                                        struct kil_tiling tiling, uint32_t row_pitch_B,
                                        struct kil_image *image);

/* The block height (log2 GOBs) kil_image_init picks for level 0 of an
 * image whose level 0 is `height` rows of elements. */
uint8_t kil_choose_block_height_log2(const struct kiln_device_info *dev, uint32_t height);

/* Level extents. `level` must be < num_levels (else all zero). */
struct kil_extent4d_px kil_image_level_extent_px(const struct kil_image *image,
                                                 uint32_t level);
struct kil_extent4d_el kil_image_level_extent_el(const struct kil_image *image,
                                                 uint32_t level);
struct kil_extent4d_B kil_image_level_extent_B(const struct kil_image *image,
                                               uint32_t level);

/* Offset of (level, layer) from the image start. */
static inline uint64_t
kil_image_level_layer_offset_B(const struct kil_image *image, uint32_t level,
                               uint32_t layer)
{
   return image->levels[level].offset_B + (uint64_t)layer * image->array_stride_B;
}

/* Views level `level` of a 3D image as a 2D array of its depth slices
 * (EXT_image_2d_view_of_3d): `view` is a one-level 2D image with
 * array_len = the level's depth, laid out relative to `*offset_B` from the
 * 3D image's start. Needs blocks 1 GOB deep at that level
 * (KIL_IMAGE_USAGE_2D_VIEW, or a level only one slice deep); otherwise
 * KIL_ERROR_UNSUPPORTED_IMAGE. */
enum kil_result kil_image_3d_level_as_2d_array(const struct kil_image *image,
                                               uint32_t level, struct kil_image *view,
                                               uint64_t *offset_B);

/* Views level `level` of a compressed image through an uncompressed format
 * of the same element size (VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT):
 * one texel per block, extent in elements, one level, all layers, laid out
 * relative to `*offset_B` from the image's start. Works for uncompressed
 * images too (then it is just the level). */
enum kil_result kil_image_level_as_uncompressed(const struct kil_image *image,
                                                uint32_t level, struct kil_image *view,
                                                uint64_t *offset_B);

#endif /* KIL_IMAGE_H */
