/* SPDX-License-Identifier: MIT */
#ifndef NVK_IMAGE_VIEW_H
#define NVK_IMAGE_VIEW_H

#include "nvk_descriptor_types.h"
#include "vk_object.h"

struct nvk_image;

struct nvk_image_view {
   struct vk_object_base base;
   struct nvk_image *image;
   VkImageViewType type;
   VkFormat vk_format;
   /* What image descriptors point at (nvk_descriptor_types.h). */
   struct nvk_image_view_desc desc;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_image_view, base, VkImageView, VK_OBJECT_TYPE_IMAGE_VIEW)

#endif /* NVK_IMAGE_VIEW_H */
