/* SPDX-License-Identifier: MIT */
#ifndef NVK_INSTANCE_H
#define NVK_INSTANCE_H

#include "vk_instance.h"

struct nvk_instance {
   struct vk_instance vk;
};

VK_DEFINE_HANDLE_CASTS(nvk_instance, vk.base, VkInstance, VK_OBJECT_TYPE_INSTANCE)

extern const struct vk_instance_extension_table nvk_instance_extensions;

#endif /* NVK_INSTANCE_H */
