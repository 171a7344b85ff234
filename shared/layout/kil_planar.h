/* SPDX-License-Identifier: MIT */
/*
 * Multi-planar (Y'CbCr) images: one kil_image per plane.
 *
 * A multi-planar format (KIL_FORMAT_FLAG_MULTI_PLANAR) names, per plane, a
 * single-plane format and a subsampling (kil_format_plane). Plane p is an
 * image of that format whose extent is the image's divided by the plane's
 * divisors, with the image's tiling (each plane chooses its own block
 * height, as any image of that size would), so everything that works on a
 * kil_image (addresses, swizzles, views) works on a plane unchanged.
 *
 * Memory order (non-disjoint): plane 0, then plane 1 at the next multiple of
 * plane 1's alignment, then plane 2 likewise; size_B ends with the last
 * plane, align_B is the largest plane alignment. A disjoint image (Vulkan's
 * VK_IMAGE_CREATE_DISJOINT_BIT) binds each plane on its own: then only
 * planes[p].size_B / align_B matter.
 *
 * Restrictions (Vulkan 1.3, VkImageCreateInfo valid usage for formats that
 * need a sampler Y'CbCr conversion, and what kil supports): 2D, one level,
 * one sample; the width (and for 4:2:0 the height) a multiple of the
 * subsampling divisor.
 */
#ifndef KIL_PLANAR_H
#define KIL_PLANAR_H

#include "layout/kil_image.h"
#include "layout/kil_modifier.h"

struct kil_planar_image {
   enum kil_format format;
   uint32_t plane_count;
   struct kil_image planes[KIL_MAX_PLANES];
   /* From the image's start when the planes share one binding. */
   uint64_t plane_offset_B[KIL_MAX_PLANES];
   uint64_t size_B;
   uint32_t align_B;
};

/* The extent of plane `plane` of an image of `format` and `extent_px`
 * (all zero if the format has no such plane). */
struct kil_extent4d_px kil_plane_extent_px(enum kil_format format, uint32_t plane,
                                           struct kil_extent4d_px extent_px);

/* Lays a multi-planar image out (info->format must be multi-planar:
 * KIL_ERROR_UNSUPPORTED_FORMAT otherwise). KIL_ERROR_INVALID_IMAGE_INFO for
 * an extent the subsampling does not divide, or not 2D; KIL_ERROR_UNSUPPORTED_IMAGE
 * for more than one level or sample. On failure `image` is zeroed. */
enum kil_result kil_planar_image_init(const struct kiln_device_info *dev,
                                      const struct kil_image_info *info,
                                      struct kil_planar_image *image);

/* Lays a multi-planar image out as DRM format modifier `modifier` names it
 * for every plane (one memory plane per format plane). `planes` NULL: kil
 * picks pitches and places the planes as kil_planar_image_init does;
 * otherwise plane_count (which must be the format's: else
 * KIL_ERROR_INVALID_IMAGE_INFO) explicit layouts, each checked as
 * kil_image_init_modifier checks one, their offsets from the start of the
 * one binding. On failure `image` is zeroed. */
enum kil_result kil_planar_image_init_modifier(const struct kiln_device_info *dev,
                                               const struct kil_image_info *info,
                                               uint64_t modifier,
                                               const struct kil_plane_layout *planes,
                                               uint32_t plane_count,
                                               struct kil_planar_image *image);

#endif /* KIL_PLANAR_H */
