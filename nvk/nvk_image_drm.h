/* SPDX-License-Identifier: MIT */
/*
 * VK_EXT_image_drm_format_modifier: images named by a DRM format modifier
 * (shared/layout/kil_modifier.h does the layout work):
 *    DRM_FORMAT_MOD_LINEAR
 *    DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(c = 0, s = 1, g = 2, k = 0x06, h)
 *       for h = 0..5 (docs/layout.md, "DRM format modifiers").
 *
 * A modifier image is an ordinary LINEAR or OPTIMAL nvk_image whose layout
 * the modifier fixes (nvk_image::tiling holds which), plus the modifier and,
 * for explicit layouts, where plane 0 starts in the bound memory (a
 * multi-planar image keeps its planes' offsets in nvk_image::planar).
 *
 * Advertised always: on a Vulkan 1.0 device the extension requires
 * VK_KHR_bind_memory2, VK_KHR_get_physical_device_properties2,
 * VK_KHR_image_format_list and VK_KHR_sampler_ycbcr_conversion (vk.xml
 * 1.3.239), all of which kiln has (the last with samplerYcbcrConversion,
 * nvk_sampler_ycbcr_conversion.c). Multi-planar formats have one memory
 * plane per format plane (kil_planar_image_init_modifier), in one binding.
 */
#ifndef NVK_IMAGE_DRM_H
#define NVK_IMAGE_DRM_H

#include <stdbool.h>
#include <vulkan/vulkan_core.h>

struct nvk_device;
struct nvk_image;
struct nvk_physical_device;

/* Fills VkDrmFormatModifierPropertiesList(2)EXT in `props`'s pNext chain. */
void nvk_get_drm_format_modifier_properties(const struct nvk_physical_device *pdev,
                                            VkFormat format, VkFormatProperties2 *props);

/* vkGetPhysicalDeviceImageFormatProperties2 for
 * VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT. */
VkResult nvk_get_drm_image_format_properties(const struct nvk_physical_device *pdev,
                                             const VkPhysicalDeviceImageFormatInfo2 *info,
                                             VkImageFormatProperties2 *props);

/* External memory an image of non-DRM tiling can use: false if handle_type
 * is not supported for images (then the query fails). */
bool nvk_image_external_memory_properties(VkExternalMemoryHandleTypeFlagBits handle_type,
                                          VkExternalMemoryProperties *props);

/* nvk_image_init for VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT. */
VkResult nvk_image_init_drm(struct nvk_device *dev, struct nvk_image *image,
                            const VkImageCreateInfo *info);

/* vkGetImageSubresourceLayout for a modifier image (MEMORY_PLANE_0). */
void nvk_image_drm_subresource_layout(const struct nvk_image *image,
                                      const VkImageSubresource *subresource,
                                      VkSubresourceLayout *layout);

#endif /* NVK_IMAGE_DRM_H */
