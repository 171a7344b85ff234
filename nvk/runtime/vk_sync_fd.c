/* SPDX-License-Identifier: MIT */
/*
 * VK_KHR_external_semaphore_fd and VK_KHR_external_fence_fd: capability
 * queries, export and import of fence and semaphore payloads as fds.
 *
 * What is supported, and why (docs/external-memory.md has the long form):
 *  - OPAQUE_FD for fences, binary and timeline semaphores: always. The fd is
 *    a memfd holding the payload (vk_sync_ext.h), shared by reference with
 *    every importer of this driver, in this or another process.
 *  - SYNC_FD import (fences, binary semaphores): always; we poll() the
 *    sync_file, and -1 means "already signalled".
 *  - SYNC_FD export of fences: always. We wait for the fence, then hand out
 *    a signalled sync_file if the kernel can make one, else -1, which the
 *    spec allows for a signalled fence.
 *  - SYNC_FD export of semaphores: only where the kernel can make a
 *    sync_file (vk_sync_file.h: a dma-buf exporter is needed), since the
 *    spec asks for a new file descriptor each time and has no -1 escape for
 *    semaphores. An exported semaphore whose payload is an imported
 *    sync_file hands out a copy of that sync_file, pending or not.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "vk_alloc.h"
#include "vk_device.h"
#include "vk_fence.h"
#include "vk_log.h"
#include "vk_sync_ext.h"
#include "vk_sync_file.h"
#include "vk_util.h"

VkResult
vk_sync_make_exportable(const VkAllocationCallbacks *alloc, struct vk_sync *sync,
                        uint32_t handle_types)
{
   /* Only opaque fds share the payload itself; sync files are snapshots
    * taken at export time and need nothing up front. */
   if (!(handle_types & VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT))
      return VK_SUCCESS;
   return vk_sync_ext_create_shm(alloc, sync->type, sync->value, &sync->ext);
}

static enum vk_sync_type
semaphore_info_type(const void *pnext)
{
   const VkSemaphoreTypeCreateInfo *t =
      vk_find_struct_const(pnext, SEMAPHORE_TYPE_CREATE_INFO);
   return t && t->semaphoreType == VK_SEMAPHORE_TYPE_TIMELINE ? VK_SYNC_TYPE_TIMELINE
                                                              : VK_SYNC_TYPE_BINARY;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_GetPhysicalDeviceExternalSemaphoreProperties(
   VkPhysicalDevice physicalDevice,
   const VkPhysicalDeviceExternalSemaphoreInfo *pExternalSemaphoreInfo,
   VkExternalSemaphoreProperties *pExternalSemaphoreProperties)
{
   const enum vk_sync_type type = semaphore_info_type(pExternalSemaphoreInfo->pNext);
   VkExternalSemaphoreProperties *p = pExternalSemaphoreProperties;
   p->exportFromImportedHandleTypes = 0;
   p->compatibleHandleTypes = 0;
   p->externalSemaphoreFeatures = 0;
   switch (pExternalSemaphoreInfo->handleType) {
   case VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT:
      p->exportFromImportedHandleTypes = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT;
      p->compatibleHandleTypes = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT;
      p->externalSemaphoreFeatures = VK_EXTERNAL_SEMAPHORE_FEATURE_EXPORTABLE_BIT |
                                     VK_EXTERNAL_SEMAPHORE_FEATURE_IMPORTABLE_BIT;
      break;
   case VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT:
      /* Sync files carry binary payloads only. */
      if (type != VK_SYNC_TYPE_BINARY)
         break;
      p->externalSemaphoreFeatures = VK_EXTERNAL_SEMAPHORE_FEATURE_IMPORTABLE_BIT;
      if (vk_sync_file_can_create()) {
         p->compatibleHandleTypes = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT;
         p->exportFromImportedHandleTypes = VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT;
         p->externalSemaphoreFeatures |= VK_EXTERNAL_SEMAPHORE_FEATURE_EXPORTABLE_BIT;
      }
      break;
   default:
      break;
   }
}

VKAPI_ATTR void VKAPI_CALL
vk_common_GetPhysicalDeviceExternalFenceProperties(
   VkPhysicalDevice physicalDevice,
   const VkPhysicalDeviceExternalFenceInfo *pExternalFenceInfo,
   VkExternalFenceProperties *pExternalFenceProperties)
{
   VkExternalFenceProperties *p = pExternalFenceProperties;
   p->exportFromImportedHandleTypes = 0;
   p->compatibleHandleTypes = 0;
   p->externalFenceFeatures = 0;
   switch (pExternalFenceInfo->handleType) {
   case VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT:
   case VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT:
      p->exportFromImportedHandleTypes = pExternalFenceInfo->handleType;
      p->compatibleHandleTypes = pExternalFenceInfo->handleType;
      p->externalFenceFeatures = VK_EXTERNAL_FENCE_FEATURE_EXPORTABLE_BIT |
                                 VK_EXTERNAL_FENCE_FEATURE_IMPORTABLE_BIT;
      break;
   default:
      break;
   }
}

static VkResult
dup_fd(struct vk_device *device, int fd, int *fd_out)
{
   const int dup = fcntl(fd, F_DUPFD_CLOEXEC, 0);
   if (dup < 0)
      return vk_errorf(device, VK_ERROR_TOO_MANY_OBJECTS, "dup: %s", strerror(errno));
   *fd_out = dup;
   return VK_SUCCESS;
}

/* The shared-memory fd of the payload waits and signals act on now. */
static VkResult
export_opaque(struct vk_device *device, struct vk_sync *sync, int *fd_out)
{
   vk_sync_domain_lock(&device->sync);
   struct vk_sync *active = vk_sync_active(sync);
   const int fd =
      active->ext && active->ext->kind == VK_SYNC_EXT_SHM ? active->ext->fd : -1;
   VkResult result = fd >= 0 ? dup_fd(device, fd, fd_out) : VK_ERROR_TOO_MANY_OBJECTS;
   vk_sync_domain_unlock(&device->sync);
   if (fd < 0)
      return vk_errorf(device, result,
                       "the payload is not exportable as an opaque fd (no "
                       "VkExport*CreateInfo with OPAQUE_FD at creation)");
   return result;
}

/* Imports fd as a payload of `sync`'s type: permanently, or as a temporary
 * payload. On success the fd is ours (Vulkan: importing transfers
 * ownership), so it is closed once nothing can fail any more. */
static VkResult
import_payload(struct vk_device *device, struct vk_sync *sync, bool sync_file,
               bool temporary, int fd)
{
   struct vk_sync_ext *ext;
   VkResult result = sync_file
                        ? vk_sync_ext_import_sync_file(&device->alloc, fd, &ext)
                        : vk_sync_ext_import_shm(&device->alloc, sync->type, fd, &ext);
   if (result != VK_SUCCESS)
      return vk_errorf(device, result, "fd %d is not a %s", fd,
                       sync_file ? "sync_file" : "payload of this driver of this type");

   struct vk_sync *temp = NULL;
   if (temporary) {
      temp =
         vk_zalloc(&device->alloc, sizeof(*temp), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!temp) {
         vk_sync_ext_destroy(&device->alloc, ext);
         return vk_error(device, VK_ERROR_OUT_OF_HOST_MEMORY);
      }
      vk_sync_init(temp, sync->type, 0);
      temp->ext = ext;
   }

   vk_sync_domain_lock(&device->sync);
   struct vk_sync_ext *old_ext = NULL;
   struct vk_sync *old_temp = NULL;
   if (temporary) {
      old_temp = sync->temporary;
      sync->temporary = temp;
   } else {
      old_ext = sync->ext;
      sync->ext = ext;
   }
   vk_sync_domain_broadcast_locked(&device->sync);
   vk_sync_domain_unlock(&device->sync);

   if (old_temp) {
      vk_sync_ext_destroy(&device->alloc, old_temp->ext);
      vk_free(&device->alloc, old_temp);
   }
   vk_sync_ext_destroy(&device->alloc, old_ext);
   if (fd >= 0)
      close(fd);
   return VK_SUCCESS;
}

/* Copy-transference export (SYNC_FD): the payload as a sync_file, with the
 * side effect of a wait (semaphores) or a reset (fences). Waits for the
 * pending signal unless the payload is itself an imported sync_file, which
 * is handed on as is. */
static VkResult
export_sync_file(struct vk_device *device, struct vk_sync *sync, int *fd_out)
{
   struct vk_sync_wait w = {sync, 0, false};
   vk_sync_domain_lock(&device->sync);
   if (sync->type == VK_SYNC_TYPE_FENCE) {
      /* The fence's own payload stays; the reset below drops a temporary. */
      w.sync = vk_sync_active(sync);
      w.value = 1;
   } else {
      vk_sync_wait_prepare_locked(&w);
   }
   const int passthrough =
      w.sync->ext && w.sync->ext->kind == VK_SYNC_EXT_SYNC_FILE ? w.sync->ext->fd : -1;
   VkResult result = VK_SUCCESS;
   if (passthrough >= 0)
      result = dup_fd(device, passthrough, fd_out);
   vk_sync_domain_unlock(&device->sync);

   if (passthrough < 0) {
      /* No fence of ours can go in a sync_file: wait until the work is done
       * (like the submission-side wait of drivers whose kernel has the
       * fence only once the work is submitted), then hand out a signalled
       * one. */
      result = vk_sync_wait_many(&device->sync, &w, 1, false, UINT64_MAX);
      if (result == VK_SUCCESS) {
         const int fd = vk_sync_file_create_signaled();
         if (fd >= 0) {
            *fd_out = fd;
         } else if (sync->type == VK_SYNC_TYPE_FENCE) {
            /* Vulkan 1.3.239, vkGetFenceFdKHR: "If pGetFdInfo->handleType is
             * VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT and the fence is
             * signaled at the time vkGetFenceFdKHR is called, pFd may return
             * the value -1 instead of a valid file descriptor." */
            *fd_out = -1;
         } else {
            result = vk_errorf(device, VK_ERROR_TOO_MANY_OBJECTS,
                               "this kernel cannot make sync_files (%s); SYNC_FD export "
                               "of semaphores is not advertised here",
                               strerror(-fd));
         }
      }
   }
   if (sync->type == VK_SYNC_TYPE_FENCE && result == VK_SUCCESS) {
      /* "exporting a fence payload to a handle with copy transference has
       * the same side effects on the source fence's payload as executing a
       * fence reset operation" (Vulkan 1.3.239, "Importing Fence
       * Payloads"). */
      vk_sync_domain_lock(&device->sync);
      vk_sync_reset_locked(sync, &device->alloc);
      vk_sync_domain_unlock(&device->sync);
   }
   vk_sync_waits_release(&w, 1, &device->alloc);
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_GetSemaphoreFdKHR(VkDevice _device, const VkSemaphoreGetFdInfoKHR *pGetFdInfo,
                            int *pFd)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   VK_FROM_HANDLE(vk_semaphore, sem, pGetFdInfo->semaphore);
   switch (pGetFdInfo->handleType) {
   case VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT:
      return export_opaque(device, &sem->sync, pFd);
   case VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT:
      if (sem->sync.type != VK_SYNC_TYPE_BINARY)
         return vk_errorf(device, VK_ERROR_TOO_MANY_OBJECTS,
                          "timeline semaphores have no sync_file payload");
      return export_sync_file(device, &sem->sync, pFd);
   default:
      return vk_errorf(device, VK_ERROR_TOO_MANY_OBJECTS,
                       "handle type 0x%x not supported", pGetFdInfo->handleType);
   }
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_ImportSemaphoreFdKHR(VkDevice _device,
                               const VkImportSemaphoreFdInfoKHR *pImportSemaphoreFdInfo)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   const VkImportSemaphoreFdInfoKHR *info = pImportSemaphoreFdInfo;
   VK_FROM_HANDLE(vk_semaphore, sem, info->semaphore);
   const bool temporary = info->flags & VK_SEMAPHORE_IMPORT_TEMPORARY_BIT;
   switch (info->handleType) {
   case VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT:
      /* Timeline payloads are imported permanently only (Vulkan 1.3.239,
       * VUID-VkImportSemaphoreFdInfoKHR-flags-03323). */
      if (temporary && sem->sync.type == VK_SYNC_TYPE_TIMELINE)
         return vk_errorf(device, VK_ERROR_INVALID_EXTERNAL_HANDLE,
                          "temporary import into a timeline semaphore");
      return import_payload(device, &sem->sync, false, temporary, info->fd);
   case VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT:
      if (sem->sync.type != VK_SYNC_TYPE_BINARY)
         return vk_errorf(device, VK_ERROR_INVALID_EXTERNAL_HANDLE,
                          "sync_file into a timeline semaphore");
      /* Copy transference: always temporary. */
      return import_payload(device, &sem->sync, true, true, info->fd);
   default:
      return vk_errorf(device, VK_ERROR_INVALID_EXTERNAL_HANDLE,
                       "handle type 0x%x not supported", info->handleType);
   }
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_GetFenceFdKHR(VkDevice _device, const VkFenceGetFdInfoKHR *pGetFdInfo, int *pFd)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   VK_FROM_HANDLE(vk_fence, fence, pGetFdInfo->fence);
   switch (pGetFdInfo->handleType) {
   case VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT:
      return export_opaque(device, &fence->sync, pFd);
   case VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT:
      return export_sync_file(device, &fence->sync, pFd);
   default:
      return vk_errorf(device, VK_ERROR_TOO_MANY_OBJECTS,
                       "handle type 0x%x not supported", pGetFdInfo->handleType);
   }
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_ImportFenceFdKHR(VkDevice _device,
                           const VkImportFenceFdInfoKHR *pImportFenceFdInfo)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   const VkImportFenceFdInfoKHR *info = pImportFenceFdInfo;
   VK_FROM_HANDLE(vk_fence, fence, info->fence);
   const bool temporary = info->flags & VK_FENCE_IMPORT_TEMPORARY_BIT;
   switch (info->handleType) {
   case VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT:
      return import_payload(device, &fence->sync, false, temporary, info->fd);
   case VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT:
      return import_payload(device, &fence->sync, true, true, info->fd);
   default:
      return vk_errorf(device, VK_ERROR_INVALID_EXTERNAL_HANDLE,
                       "handle type 0x%x not supported", info->handleType);
   }
}
