/* SPDX-License-Identifier: MIT */
/*
 * Images: a VkImage is a kil_image (shared/layout) plus where it is bound.
 * OPTIMAL tiling is block-linear, LINEAR is LINEAR; the layout never changes
 * with VkImageLayout.
 *
 * Depth/stencil formats are one plane whose elements hold both aspects
 * (kil_format.h gives the bit positions); per-aspect operations touch only
 * their bits.
 */
#ifndef NVK_IMAGE_H
#define NVK_IMAGE_H

#include "layout/kil_image.h"
#include "vk_object.h"

struct nvk_device;
struct nvk_device_memory;

struct nvk_image {
   struct vk_object_base base;
   VkImageType type;
   VkFormat vk_format;
   enum kil_format format;
   VkImageAspectFlags aspects;
   VkExtent3D extent;
   uint32_t mip_levels;
   uint32_t array_layers;
   VkImageTiling tiling;
   VkImageUsageFlags usage;
   VkImageCreateFlags flags;

   struct kil_image layout;

   /* VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT images (nvk_image_drm.c).
    * `tiling` then says what the modifier's layout is (LINEAR or OPTIMAL),
    * so every other path treats the image as one of those. */
   struct {
      bool enabled;
      uint64_t modifier;
      /* Explicit layouts: where plane 0 starts in the bound memory. */
      uint64_t plane_offset_B;
   } drm;

   /* Set by vkBindImageMemory*: device address of the image's start. */
   struct nvk_device_memory *mem;
   uint64_t addr;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_image, base, VkImage, VK_OBJECT_TYPE_IMAGE)

/* Lays the image out (no allocation; `image` may live on the stack to
 * answer vkGetDeviceImageMemoryRequirements). */
VkResult nvk_image_init(struct nvk_device *dev, struct nvk_image *image,
                        const VkImageCreateInfo *info);

/* Memory alignment of images: the layout's, at least a cache line. */
uint64_t nvk_image_align_B(const struct nvk_image *image);

/* The kil extent/offset of a copy region in elements. */
struct kil_extent4d_el nvk_image_extent_el(const struct nvk_image *image, VkExtent3D extent,
                                           uint32_t layer_count);
struct kil_offset4d_el nvk_image_offset_el(const struct nvk_image *image, VkOffset3D offset,
                                           uint32_t base_layer);

#endif /* NVK_IMAGE_H */
