/* SPDX-License-Identifier: MIT */
#ifndef NVK_BUFFER_VIEW_H
#define NVK_BUFFER_VIEW_H

#include "nvk_descriptor_types.h"
#include "vk_object.h"

struct nvk_buffer_view {
   struct vk_object_base base;
   VkFormat vk_format;
   /* What texel-buffer descriptors copy (nvk_descriptor_types.h). */
   struct nvk_texel_buffer_desc desc;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_buffer_view, base, VkBufferView, VK_OBJECT_TYPE_BUFFER_VIEW)

#endif /* NVK_BUFFER_VIEW_H */
