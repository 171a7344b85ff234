/* SPDX-License-Identifier: MIT */
#include "vk_device.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "vk_alloc.h"
#include "vk_debug_utils.h"
#include "vk_instance.h"
#include "vk_log.h"
#include "vk_physical_device.h"
#include "vk_queue.h"

VkResult
vk_device_init(struct vk_device *device, struct vk_physical_device *physical,
               const struct vk_device_dispatch_table *driver_entrypoints,
               const VkDeviceCreateInfo *info, const VkAllocationCallbacks *alloc)
{
   memset(device, 0, sizeof(*device));
   vk_object_base_init(NULL, &device->base, VK_OBJECT_TYPE_DEVICE);
   device->base.device = device;
   device->base.instance = physical->instance;
   device->physical = physical;
   device->alloc = alloc ? *alloc : physical->instance->alloc;
   device->api_version = MIN2(physical->api_version, physical->instance->effective_version);

   for (uint32_t i = 0; i < info->enabledExtensionCount; i++) {
      const int idx = vk_device_extension_index(info->ppEnabledExtensionNames[i]);
      if (idx < 0 || !physical->supported_extensions.extensions[idx])
         return vk_errorf(physical, VK_ERROR_EXTENSION_NOT_PRESENT, "%s",
                          info->ppEnabledExtensionNames[i]);
      device->enabled_extensions.extensions[idx] = true;
   }

   const char *missing = vk_features_collect_enabled(&physical->supported_features, info,
                                                     &device->enabled_features);
   if (missing)
      return vk_errorf(physical, VK_ERROR_FEATURE_NOT_PRESENT, "%s", missing);

   const struct vk_device_dispatch_table *tables[] = {
      driver_entrypoints, &vk_common_device_entrypoints, &vk_unimpl_device_entrypoints};
   vk_device_dispatch_table_merge(&device->dispatch_table, tables, ARRAY_SIZE(tables));

   if (vk_sync_domain_init(&device->sync) != 0)
      return vk_error(physical, VK_ERROR_INITIALIZATION_FAILED);
   pthread_mutex_init(&device->private_data.mutex, NULL);
   list_inithead(&device->queues);
   return VK_SUCCESS;
}

void
vk_device_finish(struct vk_device *device)
{
   pthread_mutex_destroy(&device->private_data.mutex);
   vk_sync_domain_finish(&device->sync);
   vk_object_base_finish(&device->base);
}

void
vk_device_set_lost(struct vk_device *device, const char *fmt, ...)
{
   char msg[512];
   va_list va;
   va_start(va, fmt);
   vsnprintf(msg, sizeof(msg), fmt, va);
   va_end(va);

   /* Say why before anyone can see the loss: a waiter woken by it may look
    * at its messenger's output right away. The first reporter wins. */
   if (!__atomic_exchange_n(&device->lost_reported, true, __ATOMIC_ACQ_REL))
      vk_errorf(device, VK_ERROR_DEVICE_LOST, "device lost: %s", msg);
   else
      vk_logi(device, "device already lost; also: %s", msg);

   vk_sync_domain_lock(&device->sync);
   __atomic_store_n(&device->sync.lost, true, __ATOMIC_RELEASE);
   vk_sync_domain_broadcast_locked(&device->sync);
   vk_sync_domain_unlock(&device->sync);
}

/* Spec (Vulkan 1.3.239, vkGetDeviceProcAddr table): core device commands of
 * the device's version and commands of enabled extensions (device ones, or
 * instance ones such as VK_EXT_debug_utils whose commands dispatch on the
 * device); NULL for anything else, including instance-level commands. */
PFN_vkVoidFunction
vk_device_get_proc_addr(const struct vk_device *device, const char *name)
{
   const struct vk_entrypoint_info *e = vk_entrypoint_lookup(name);
   if (!e || e->level != VK_ENTRYPOINT_DEVICE)
      return NULL;
   if (!vk_entrypoint_is_enabled(e, device->api_version,
                                 &device->physical->instance->enabled_extensions,
                                 &device->enabled_extensions))
      return NULL;
   return device->dispatch_table.entrypoints[e->slot];
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_common_GetDeviceProcAddr(VkDevice _device, const char *pName)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   return device ? vk_device_get_proc_addr(device, pName) : NULL;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_GetDeviceQueue(VkDevice _device, uint32_t queueFamilyIndex, uint32_t queueIndex,
                         VkQueue *pQueue)
{
   const VkDeviceQueueInfo2 info = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_INFO_2,
      .queueFamilyIndex = queueFamilyIndex,
      .queueIndex = queueIndex,
   };
   VK_FROM_HANDLE(vk_device, device, _device);
   device->dispatch_table.GetDeviceQueue2(_device, &info, pQueue);
}

VKAPI_ATTR void VKAPI_CALL
vk_common_GetDeviceQueue2(VkDevice _device, const VkDeviceQueueInfo2 *pQueueInfo,
                          VkQueue *pQueue)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   *pQueue = VK_NULL_HANDLE;
   list_for_each_entry(struct vk_queue, q, &device->queues, link) {
      if (q->queue_family_index == pQueueInfo->queueFamilyIndex &&
          q->index_in_family == pQueueInfo->queueIndex && q->flags == pQueueInfo->flags) {
         *pQueue = vk_queue_to_handle(q);
         return;
      }
   }
}
