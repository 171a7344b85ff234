/* SPDX-License-Identifier: MIT */
/*
 * The physical device: almost entirely the device-info struct (what the
 * "hardware" is), plus the Vulkan view of its memory.
 */
#ifndef NVK_PHYSICAL_DEVICE_H
#define NVK_PHYSICAL_DEVICE_H

#include "devinfo/kiln_device_info.h"
#include "vk_physical_device.h"

struct nvk_instance;

#define NVK_MEMORY_TYPE_COUNT 2

struct nvk_physical_device {
   struct vk_physical_device vk;
   struct kiln_device_info info;

   VkMemoryHeap mem_heap;
   VkMemoryType mem_types[NVK_MEMORY_TYPE_COUNT];
   /* Bytes allocated from the heap by every device of this physical device
    * (VK_EXT_memory_budget's heapUsage; allocations past the heap fail). */
   uint64_t heap_used_B;

   uint8_t pipeline_cache_uuid[VK_UUID_SIZE];
   uint8_t device_uuid[VK_UUID_SIZE];
   uint8_t driver_uuid[VK_UUID_SIZE];
};

VK_DEFINE_HANDLE_CASTS(nvk_physical_device, vk.base, VkPhysicalDevice,
                       VK_OBJECT_TYPE_PHYSICAL_DEVICE)

extern const struct vk_device_extension_table nvk_device_extensions;

VkResult nvk_enumerate_physical_devices(struct vk_instance *instance);
void nvk_physical_device_destroy(struct vk_physical_device *pdev);

/* Reserves size_B of the heap; false if it does not fit. */
bool nvk_physical_device_heap_reserve(struct nvk_physical_device *pdev, uint64_t size_B);
void nvk_physical_device_heap_release(struct nvk_physical_device *pdev, uint64_t size_B);

#endif /* NVK_PHYSICAL_DEVICE_H */
