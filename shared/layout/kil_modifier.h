/* SPDX-License-Identifier: MIT */
/*
 * DRM format modifiers: which layouts we share, and under what name.
 *
 * We speak two modifiers from drm_fourcc.h (libdrm-dev), bit for bit:
 *    DRM_FORMAT_MOD_LINEAR
 *    DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(c, s, g, k, h)
 *       bits 3:0 h, bit 4 = 1, 19:12 k, 21:20 g, 22 s, 25:23 c, vendor 0x03 in
 *       63:56; bits 11:5 and 55:26 reserved (must be zero).
 *
 * What our device writes, and accepts (after drm_fourcc.h's canonicalization
 * of k = 0 to 0xfe):
 *    c = 0     no compression (we never compress)
 *    s = 1     desktop sector layout (dev->sector_layout == DESKTOP)
 *    g = 2     Turing+ GOBs and page-kind numbering (dev->gob_kind == TURING)
 *    k = dev->page_kind_generic = 0x06, NV_MMU_PTE_KIND_GENERIC_MEMORY: the
 *              generic colour kind of the Turing numbering, which nouveau and
 *              NVIDIA's own nvidia-drm put in their Turing+ modifiers. (0xfe,
 *              the value drm_fourcc.h remaps the legacy k = 0 to, is the
 *              Fermi-Volta generic kind, g = 0; it means nothing under g = 2.)
 *    h = 0..5  block height in GOBs (log2), as dev->block_height_log2_mask
 *              allows.
 * So the legacy DRM_FORMAT_MOD_NVIDIA_16BX2_BLOCK(v) modifiers (s = 0, g = 0,
 * the Tegra sector layout) are refused (KIL_ERROR_MODIFIER_SECTOR_LAYOUT).
 * Newer kernel headers widen s into bits 26-27 (Blackwell 8/16 bpp layouts);
 * under Debian 12's header those bits are reserved and refused as such.
 *
 * Only single-level, single-sample, single-layer 2D colour images that are
 * not block-compressed are shared. A block-linear plane's row pitch is its
 * width in GOBs times 64 (kil_image.h, struct kil_image_level).
 */
#ifndef KIL_MODIFIER_H
#define KIL_MODIFIER_H

#include <stdint.h>

#include <drm_fourcc.h>

#include "devinfo/kiln_device_info.h"
#include "layout/kil_image.h"
#include "layout/kil_result.h"

/* Fields of DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(c, s, g, k, h). */
struct kil_modifier_fields {
   uint8_t c; /* compression, 3 bits */
   uint8_t s; /* sector layout, 1 bit */
   uint8_t g; /* GOB height / page-kind generation, 2 bits */
   uint8_t k; /* page kind, 8 bits */
   uint8_t h; /* log2 block height in GOBs, 4 bits */
};

/* DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(c, s, g, k, h); out-of-range fields
 * are masked, as the macro does. */
uint64_t kil_modifier_block_linear(struct kil_modifier_fields f);

/* Splits an NVIDIA block-linear modifier into its fields (k as written, not
 * canonicalized). KIL_ERROR_MODIFIER_VENDOR, _NOT_BLOCK_LINEAR or
 * _RESERVED_BITS if it is not one. */
enum kil_result kil_modifier_decode(uint64_t modifier, struct kil_modifier_fields *f);

/* drm_fourcc.h's drm_fourcc_canonicalize_nvidia_format_mod: a block-linear
 * modifier with k = 0 gets k = 0xfe; anything else is returned as is. */
uint64_t kil_modifier_canonicalize(uint64_t modifier);

/* The block-linear modifier our device writes for block height h. */
uint64_t kil_modifier_for_block_height(const struct kiln_device_info *dev, uint8_t h);

/* Can `format` be shared with `modifier` on this device? On success
 * `*tiling` (may be NULL) is the tiling it names. Otherwise the first reason
 * found, in this order: vendor, block-linear bit, reserved bits, c, s, g, k,
 * h, format. */
enum kil_result kil_modifier_check(const struct kiln_device_info *dev,
                                   enum kil_format format, uint64_t modifier,
                                   struct kil_tiling *tiling);

/* The modifiers `format` supports, best first: block-linear h = 5 .. 0 (as
 * the device allows, and only for 1/2/4/8/16 B elements), then LINEAR.
 * Writes at most `max` and returns how many there are in all (so a first
 * call with max = 0 counts them). 0 for depth/stencil and compressed
 * formats. */
uint32_t kil_modifiers_for_format(const struct kiln_device_info *dev,
                                  enum kil_format format, uint64_t *modifiers,
                                  uint32_t max);

/* Picks the best modifier for an image from a list (e.g. the intersection
 * the compositor sent): the block-linear modifier whose h is what
 * kil_image_init would pick for this image; else the largest smaller h;
 * else the smallest larger h; else LINEAR. Unsupported entries are skipped.
 * DRM_FORMAT_MOD_INVALID if none can be used. */
uint64_t kil_modifier_select(const struct kiln_device_info *dev,
                             const struct kil_image_info *info, const uint64_t *modifiers,
                             uint32_t count);

/* One memory plane (VkSubresourceLayout, EGL's DMA_BUF_PLANE0_*). */
struct kil_plane_layout {
   uint64_t offset_B;    /* where the plane starts in its memory */
   uint64_t row_pitch_B; /* see struct kil_image_level::row_pitch_B */
   /* The plane's size. 0: not known (Vulkan's explicit create info must
    * pass 0); else it must be at least what the layout needs. */
   uint64_t size_B;
};

/* Lays out a 2D image (one level, one sample, one layer) with `modifier`.
 * `plane` NULL: kil picks the pitch (as kil_image_init would). Otherwise the
 * explicit layout is checked: offset a multiple of 64 B (LINEAR) or 512 B
 * (one GOB, block-linear); pitch a multiple of 64 B and at least the row;
 * size 0 or enough. The image's offsets are relative to the plane's start
 * (plane->offset_B is the caller's to add). */
enum kil_result kil_image_init_modifier(const struct kiln_device_info *dev,
                                        const struct kil_image_info *info,
                                        uint64_t modifier,
                                        const struct kil_plane_layout *plane,
                                        struct kil_image *image);

/* The modifier naming an image's layout, or DRM_FORMAT_MOD_INVALID if it
 * cannot be shared (see the top of this file). */
uint64_t kil_image_modifier(const struct kiln_device_info *dev,
                            const struct kil_image *image);

/* The plane layout of a shareable image: offset 0, level 0's row pitch, the
 * image's size. */
struct kil_plane_layout kil_image_plane_layout(const struct kil_image *image);

#endif /* KIL_MODIFIER_H */
