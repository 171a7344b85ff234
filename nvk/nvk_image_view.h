/* SPDX-License-Identifier: MIT */
#ifndef NVK_IMAGE_VIEW_H
#define NVK_IMAGE_VIEW_H

#include "kx_desc.h"
#include "vk_object.h"

struct nvk_image;

struct nvk_image_view {
   struct vk_object_base base;
   struct nvk_image *image;
   VkImageViewType type;
   VkFormat vk_format;
   VkImageAspectFlags aspects;
   /* VkImageViewUsageCreateInfo's usage, else the image's. */
   VkImageUsageFlags usage;
   uint32_t base_level, level_count;
   uint32_t base_layer, layer_count;
   /* The device's image header for this view; image descriptors point at
    * it (nvk_descriptor_types.h). */
   struct kx_image_desc desc;
   /* A view of a whole multi-planar image (through a Y'CbCr conversion):
    * each plane's header, which `desc` points at (kx_desc.h). */
   struct kx_image_desc plane_desc[KIL_MAX_PLANES];
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_image_view, base, VkImageView, VK_OBJECT_TYPE_IMAGE_VIEW)

#endif /* NVK_IMAGE_VIEW_H */
