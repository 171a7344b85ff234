/* SPDX-License-Identifier: MIT */
#include "nvk_device.h"

#include <stdlib.h>

#include "nvk_physical_device.h"
#include "nvk_queue.h"
#include "nvk_worker_pool.h"
#include "nvkmd/nvkmd.h"
#include "vk_alloc.h"
#include "vk_instance.h"
#include "vk_log.h"

static uint64_t
nvk_tdr_ns(void)
{
   const char *env = getenv("KILN_TDR_MS");
   char *end;
   unsigned long ms = env ? strtoul(env, &end, 10) : 0;
   if (!env || *end || ms == 0)
      ms = NVK_DEFAULT_TDR_MS;
   return (uint64_t)ms * 1000000ull;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateDevice(VkPhysicalDevice physicalDevice, const VkDeviceCreateInfo *pCreateInfo,
                 const VkAllocationCallbacks *pAllocator, VkDevice *pDevice)
{
   VK_FROM_HANDLE(nvk_physical_device, pdev, physicalDevice);
   const VkAllocationCallbacks *alloc = vk_alloc_choose(&pdev->vk.instance->alloc, pAllocator);
   VkResult result;

   /* Queue requests the physical device cannot meet are invalid usage; they
    * still get an error instead of a write past our arrays. */
   for (uint32_t i = 0; i < pCreateInfo->queueCreateInfoCount; i++) {
      const VkDeviceQueueCreateInfo *q = &pCreateInfo->pQueueCreateInfos[i];
      if (q->queueFamilyIndex >= NVK_QUEUE_FAMILY_COUNT || q->queueCount > NVK_MAX_QUEUES ||
          q->flags != 0)
         return vk_errorf(pdev, VK_ERROR_INITIALIZATION_FAILED,
                          "queue family %u x%u (flags 0x%x) not available",
                          q->queueFamilyIndex, q->queueCount, q->flags);
   }

   struct nvk_device *dev =
      vk_zalloc(alloc, sizeof(*dev), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!dev)
      return vk_error(pdev, VK_ERROR_OUT_OF_HOST_MEMORY);

   result = vk_device_init(&dev->vk, &pdev->vk, &nvk_device_entrypoints, pCreateInfo,
                           pAllocator);
   if (result != VK_SUCCESS)
      goto fail_alloc;
   dev->pdev = pdev;
   dev->tdr_ns = nvk_tdr_ns();

   result = nvkmd_cpu_dev_create(&dev->vk.alloc, &dev->vk.base, &dev->kmd);
   if (result != VK_SUCCESS)
      goto fail_init;

   result = nvk_worker_pool_create(&dev->vk.alloc, pdev->info.thread_count, &dev->workers);
   if (result != VK_SUCCESS) {
      result = vk_error(dev, result);
      goto fail_kmd;
   }

   for (uint32_t i = 0; i < pCreateInfo->queueCreateInfoCount; i++) {
      const VkDeviceQueueCreateInfo *q = &pCreateInfo->pQueueCreateInfos[i];
      for (uint32_t j = 0; j < q->queueCount; j++) {
         result = nvk_queue_create(dev, q, j, &dev->queues[dev->queue_count]);
         if (result != VK_SUCCESS)
            goto fail_queues;
         dev->queue_count++;
      }
   }

   *pDevice = nvk_device_to_handle(dev);
   return VK_SUCCESS;

fail_queues:
   while (dev->queue_count > 0)
      nvk_queue_destroy(dev->queues[--dev->queue_count]);
   nvk_worker_pool_destroy(dev->workers);
fail_kmd:
   nvkmd_dev_destroy(dev->kmd);
fail_init:
   vk_device_finish(&dev->vk);
fail_alloc:
   vk_free(alloc, dev);
   return result;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyDevice(VkDevice _device, const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   if (!dev)
      return;
   const VkAllocationCallbacks alloc = dev->vk.alloc;
   while (dev->queue_count > 0)
      nvk_queue_destroy(dev->queues[--dev->queue_count]);
   nvk_worker_pool_destroy(dev->workers);
   nvkmd_dev_destroy(dev->kmd);
   vk_device_finish(&dev->vk);
   vk_free(&alloc, dev);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_DeviceWaitIdle(VkDevice _device)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   for (uint32_t i = 0; i < dev->queue_count; i++) {
      VkResult result = nvk_queue_wait_idle(dev->queues[i]);
      if (result != VK_SUCCESS)
         return result;
   }
   return vk_device_check_status(&dev->vk);
}
