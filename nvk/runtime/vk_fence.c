/* SPDX-License-Identifier: MIT */
#include "vk_fence.h"

#include "vk_alloc.h"
#include "vk_device.h"
#include "vk_log.h"
#include "vk_util.h"

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_CreateFence(VkDevice _device, const VkFenceCreateInfo *pCreateInfo,
                      const VkAllocationCallbacks *pAllocator, VkFence *pFence)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   struct vk_fence *fence =
      vk_object_zalloc(device, pAllocator, sizeof(*fence), VK_OBJECT_TYPE_FENCE);
   if (!fence)
      return vk_error(device, VK_ERROR_OUT_OF_HOST_MEMORY);
   vk_sync_init(&fence->sync, VK_SYNC_TYPE_FENCE,
                (pCreateInfo->flags & VK_FENCE_CREATE_SIGNALED_BIT) ? 1 : 0);
   /* Exportable as an opaque fd: the payload lives in shared memory. */
   const VkExportFenceCreateInfo *export =
      vk_find_struct_const(pCreateInfo->pNext, EXPORT_FENCE_CREATE_INFO);
   VkResult result = vk_sync_make_exportable(&device->alloc, &fence->sync,
                                             export ? export->handleTypes : 0);
   if (result != VK_SUCCESS) {
      vk_object_free(device, pAllocator, fence);
      return vk_error(device, result);
   }
   *pFence = vk_fence_to_handle(fence);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_DestroyFence(VkDevice _device, VkFence _fence, const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   VK_FROM_HANDLE(vk_fence, fence, _fence);
   if (!fence)
      return;
   vk_sync_finish(&fence->sync, &device->alloc);
   vk_object_free(device, pAllocator, fence);
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_ResetFences(VkDevice _device, uint32_t fenceCount, const VkFence *pFences)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   vk_sync_domain_lock(&device->sync);
   for (uint32_t i = 0; i < fenceCount; i++) {
      VK_FROM_HANDLE(vk_fence, fence, pFences[i]);
      vk_sync_reset_locked(&fence->sync, &device->alloc);
   }
   vk_sync_domain_unlock(&device->sync);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_GetFenceStatus(VkDevice _device, VkFence _fence)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   VK_FROM_HANDLE(vk_fence, fence, _fence);
   if (vk_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   vk_sync_domain_lock(&device->sync);
   const bool signaled = vk_sync_value_locked(&fence->sync) != 0;
   vk_sync_domain_unlock(&device->sync);
   return signaled ? VK_SUCCESS : VK_NOT_READY;
}

#define WAIT_BATCH 64

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_WaitForFences(VkDevice _device, uint32_t fenceCount, const VkFence *pFences,
                        VkBool32 waitAll, uint64_t timeout)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   const uint64_t abs_timeout = vk_abs_timeout(timeout);
   struct vk_sync_wait stack[WAIT_BATCH];
   struct vk_sync_wait *waits = stack;
   if (fenceCount > WAIT_BATCH) {
      waits = vk_alloc(&device->alloc, fenceCount * sizeof(*waits), 8,
                       VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
      if (!waits)
         return vk_error(device, VK_ERROR_OUT_OF_HOST_MEMORY);
   }
   for (uint32_t i = 0; i < fenceCount; i++) {
      VK_FROM_HANDLE(vk_fence, fence, pFences[i]);
      waits[i] = (struct vk_sync_wait){vk_sync_active(&fence->sync), 1};
   }
   VkResult result = vk_sync_wait_many(&device->sync, waits, fenceCount, !waitAll, abs_timeout);
   if (waits != stack)
      vk_free(&device->alloc, waits);
   /* Once lost, say so even if the fences happened to be signaled. */
   if (result == VK_SUCCESS && vk_device_is_lost(device))
      result = VK_ERROR_DEVICE_LOST;
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_CreateSemaphore(VkDevice _device, const VkSemaphoreCreateInfo *pCreateInfo,
                          const VkAllocationCallbacks *pAllocator, VkSemaphore *pSemaphore)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   const VkSemaphoreTypeCreateInfo *type =
      vk_find_struct_const(pCreateInfo->pNext, SEMAPHORE_TYPE_CREATE_INFO);
   const bool timeline = type && type->semaphoreType == VK_SEMAPHORE_TYPE_TIMELINE;

   struct vk_semaphore *sem =
      vk_object_zalloc(device, pAllocator, sizeof(*sem), VK_OBJECT_TYPE_SEMAPHORE);
   if (!sem)
      return vk_error(device, VK_ERROR_OUT_OF_HOST_MEMORY);
   vk_sync_init(&sem->sync, timeline ? VK_SYNC_TYPE_TIMELINE : VK_SYNC_TYPE_BINARY,
                timeline ? type->initialValue : 0);
   const VkExportSemaphoreCreateInfo *export =
      vk_find_struct_const(pCreateInfo->pNext, EXPORT_SEMAPHORE_CREATE_INFO);
   VkResult result = vk_sync_make_exportable(&device->alloc, &sem->sync,
                                             export ? export->handleTypes : 0);
   if (result != VK_SUCCESS) {
      vk_object_free(device, pAllocator, sem);
      return vk_error(device, result);
   }
   *pSemaphore = vk_semaphore_to_handle(sem);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_DestroySemaphore(VkDevice _device, VkSemaphore semaphore,
                           const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   VK_FROM_HANDLE(vk_semaphore, sem, semaphore);
   if (!sem)
      return;
   vk_sync_finish(&sem->sync, &device->alloc);
   vk_object_free(device, pAllocator, sem);
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_GetSemaphoreCounterValue(VkDevice _device, VkSemaphore semaphore, uint64_t *pValue)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   VK_FROM_HANDLE(vk_semaphore, sem, semaphore);
   if (vk_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   vk_sync_domain_lock(&device->sync);
   *pValue = vk_sync_value_locked(&sem->sync);
   vk_sync_domain_unlock(&device->sync);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_WaitSemaphores(VkDevice _device, const VkSemaphoreWaitInfo *pWaitInfo,
                         uint64_t timeout)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   const uint64_t abs_timeout = vk_abs_timeout(timeout);
   const uint32_t n = pWaitInfo->semaphoreCount;
   struct vk_sync_wait stack[WAIT_BATCH];
   struct vk_sync_wait *waits = stack;
   if (n > WAIT_BATCH) {
      waits = vk_alloc(&device->alloc, n * sizeof(*waits), 8,
                       VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
      if (!waits)
         return vk_error(device, VK_ERROR_OUT_OF_HOST_MEMORY);
   }
   for (uint32_t i = 0; i < n; i++) {
      VK_FROM_HANDLE(vk_semaphore, sem, pWaitInfo->pSemaphores[i]);
      waits[i] = (struct vk_sync_wait){&sem->sync, pWaitInfo->pValues[i]};
   }
   VkResult result =
      vk_sync_wait_many(&device->sync, waits, n,
                        pWaitInfo->flags & VK_SEMAPHORE_WAIT_ANY_BIT, abs_timeout);
   if (waits != stack)
      vk_free(&device->alloc, waits);
   if (result == VK_SUCCESS && vk_device_is_lost(device))
      result = VK_ERROR_DEVICE_LOST;
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_SignalSemaphore(VkDevice _device, const VkSemaphoreSignalInfo *pSignalInfo)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   VK_FROM_HANDLE(vk_semaphore, sem, pSignalInfo->semaphore);
   if (vk_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   vk_sync_domain_lock(&device->sync);
   vk_sync_signal_locked(&device->sync, &sem->sync, pSignalInfo->value);
   vk_sync_domain_unlock(&device->sync);
   return VK_SUCCESS;
}
