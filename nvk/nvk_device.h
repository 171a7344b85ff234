/* SPDX-License-Identifier: MIT */
#ifndef NVK_DEVICE_H
#define NVK_DEVICE_H

#include "nvk_private.h"
#include "vk_device.h"

struct nvk_physical_device;
struct nvk_queue;
struct nvk_worker_pool;
struct nvkmd_dev;

struct nvk_device {
   struct vk_device vk;
   struct nvk_physical_device *pdev;

   /* The memory manager and the "cores". */
   struct nvkmd_dev *kmd;
   struct nvk_worker_pool *workers;

   struct nvk_queue *queues[NVK_MAX_QUEUES];
   uint32_t queue_count;

   /* Device-side wait limit (see NVK_DEFAULT_TDR_MS). */
   uint64_t tdr_ns;

   /* Live VkDeviceMemory objects (maxMemoryAllocationCount). */
   uint32_t memory_object_count;
};

VK_DEFINE_HANDLE_CASTS(nvk_device, vk.base, VkDevice, VK_OBJECT_TYPE_DEVICE)

#endif /* NVK_DEVICE_H */
