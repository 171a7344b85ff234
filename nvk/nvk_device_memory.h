/* SPDX-License-Identifier: MIT */
#ifndef NVK_DEVICE_MEMORY_H
#define NVK_DEVICE_MEMORY_H

#include "vk_object.h"

struct nvkmd_mem;

struct nvk_device_memory {
   struct vk_object_base base;
   struct nvkmd_mem *mem;
   uint32_t type_index;
   /* What the heap was charged: allocationSize rounded up to pages. */
   uint64_t size_B;
   /* vkMapMemory's pointer to byte 0, NULL when unmapped. */
   void *map;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_device_memory, base, VkDeviceMemory,
                               VK_OBJECT_TYPE_DEVICE_MEMORY)

#endif /* NVK_DEVICE_MEMORY_H */
