/* SPDX-License-Identifier: MIT */
/*
 * The format table: which VkFormats the device supports and what for.
 */
#ifndef NVK_FORMAT_H
#define NVK_FORMAT_H

#include <vulkan/vulkan_core.h>

struct nvk_physical_device;

/* The features of `format` for each tiling and for buffers (only what is
 * implemented and tested). */
VkFormatProperties3 nvk_get_format_properties(const struct nvk_physical_device *pdev,
                                              VkFormat format);

#endif /* NVK_FORMAT_H */
