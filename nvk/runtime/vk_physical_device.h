/* SPDX-License-Identifier: MIT */
/*
 * The physical-device base: what the device supports (extensions, the flat
 * feature table) and the version it reports. The runtime answers the 1.0
 * queries from their *2 versions, which the driver implements.
 */
#ifndef VK_PHYSICAL_DEVICE_H
#define VK_PHYSICAL_DEVICE_H

#include "util/list.h"
#include "vk_extensions.h"
#include "vk_features.h"
#include "vk_object.h"

struct vk_instance;

struct vk_physical_device {
   struct vk_object_base base;
   struct vk_instance *instance;
   struct list_head link;
   /* VkPhysicalDeviceProperties::apiVersion. */
   uint32_t api_version;
   struct vk_device_extension_table supported_extensions;
   struct vk_features supported_features;
};

VK_DEFINE_HANDLE_CASTS(vk_physical_device, base, VkPhysicalDevice,
                       VK_OBJECT_TYPE_PHYSICAL_DEVICE)

void vk_physical_device_init(struct vk_physical_device *pdev, struct vk_instance *instance);
void vk_physical_device_finish(struct vk_physical_device *pdev);

#endif /* VK_PHYSICAL_DEVICE_H */
