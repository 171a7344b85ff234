/* SPDX-License-Identifier: MIT */
#ifndef NVK_BUFFER_VIEW_H
#define NVK_BUFFER_VIEW_H

#include "kx_desc.h"
#include "vk_object.h"

struct nvk_buffer_view {
   struct vk_object_base base;
   VkFormat vk_format;
   /* The device's image header for the texel buffer; texel-buffer
    * descriptors point at it (nvk_descriptor_types.h). */
   struct kx_image_desc desc;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_buffer_view, base, VkBufferView, VK_OBJECT_TYPE_BUFFER_VIEW)

#endif /* NVK_BUFFER_VIEW_H */
