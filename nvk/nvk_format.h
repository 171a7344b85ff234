/* SPDX-License-Identifier: MIT */
/*
 * The format table: VkFormat <-> kil_format (they share names), and what
 * each format supports on this device.
 *
 * Features are only what is implemented and tested: copies (TRANSFER_SRC,
 * TRANSFER_DST) for every format kil lays out, blits (BLIT_SRC, BLIT_DST,
 * and FILTER_LINEAR for float-class colour formats) for every format
 * shared/format converts, depth/stencil with OPTIMAL tiling only.
 * Sampling, storage, attachments and texel buffers come with shaders and the
 * rasterizer; compressed formats with their decoders. Multi-planar formats
 * only with VK_KHR_sampler_ycbcr_conversion (nvk_multi_planar_features).
 */
#ifndef NVK_FORMAT_H
#define NVK_FORMAT_H

#include <stdbool.h>
#include <vulkan/vulkan_core.h>

#include "layout/kil_format.h"

struct nvk_physical_device;

/* KIL_FORMAT_NONE for formats kil does not know. */
enum kil_format nvk_format_to_kil(VkFormat format);
VkFormat nvk_format_from_kil(enum kil_format format);

/* The features of `format` for each tiling and for buffers. */
/* The 1.0 flags of 64-bit format features: bits 0-30 (VkFormatFeatureFlagBits2:
 * the bits both have share values; bit 31, STORAGE_READ_WITHOUT_FORMAT, and
 * the bits above are 64-bit only). */
static inline VkFormatFeatureFlags
nvk_format_features_1_0(VkFormatFeatureFlags2 f)
{
   return (VkFormatFeatureFlags)(f & 0x7fffffffull);
}

VkFormatProperties3 nvk_get_format_properties(const struct nvk_physical_device *pdev,
                                              VkFormat format);

VkImageAspectFlags nvk_format_aspects(enum kil_format format);

/* The features of a multi-planar format (the same for both tilings), 0 for
 * any other format. */
VkFormatFeatureFlags2 nvk_multi_planar_features(enum kil_format format);

/* Shader-side features (nvk_format_shader.c): sampling, storage, atomics
 * for images; texel buffers for buffers. */
VkFormatFeatureFlags2 nvk_shader_image_features(enum kil_format format);
VkFormatFeatureFlags2 nvk_shader_buffer_features(enum kil_format format);

#endif /* NVK_FORMAT_H */
