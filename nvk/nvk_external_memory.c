/* SPDX-License-Identifier: MIT */
#include "nvk_external_memory.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "nvk_device.h"
#include "nvk_device_memory.h"
#include "nvk_image.h"
#include "nvk_physical_device.h"
#include "nvkmd/nvkmd.h"
#include "nvkmd/nvkmd_export.h"
#include "vk_log.h"
#include "vk_util.h"

/* Vulkan 1.3.239, "Return Codes":
 *    VK_ERROR_INVALID_EXTERNAL_HANDLE "An external handle is not a valid
 *    handle of the specified type."
 * is what every refused import below returns: a closed fd, something that is
 * not memory, memory smaller than the allocation, an unaligned or unmapped
 * host pointer. */

VkExternalMemoryProperties
nvk_external_memory_properties(VkExternalMemoryHandleTypeFlagBits handle_type)
{
   switch (handle_type) {
   case VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT:
   case VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT:
      return (VkExternalMemoryProperties){
         .externalMemoryFeatures = VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT |
                                   VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT,
         .exportFromImportedHandleTypes = NVK_EXTERNAL_MEMORY_FD_TYPES,
         .compatibleHandleTypes = NVK_EXTERNAL_MEMORY_FD_TYPES,
      };
   case VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT:
   case VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_MAPPED_FOREIGN_MEMORY_BIT_EXT:
      /* The application's own memory: importable, never exported. */
      return (VkExternalMemoryProperties){
         .externalMemoryFeatures = VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT,
         .compatibleHandleTypes = (VkExternalMemoryHandleTypeFlags)handle_type,
      };
   default:
      return (VkExternalMemoryProperties){0};
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetPhysicalDeviceExternalBufferProperties(
   VkPhysicalDevice physicalDevice,
   const VkPhysicalDeviceExternalBufferInfo *pExternalBufferInfo,
   VkExternalBufferProperties *pExternalBufferProperties)
{
   /* Buffers are plain bytes: any usage and flags work with every type. */
   pExternalBufferProperties->externalMemoryProperties =
      nvk_external_memory_properties(pExternalBufferInfo->handleType);
}

static VkResult
import_fd(struct nvk_device *dev, struct nvk_device_memory *mem,
          const VkImportMemoryFdInfoKHR *import, uint64_t size_B)
{
   if (!(import->handleType & NVK_EXTERNAL_MEMORY_FD_TYPES))
      return vk_errorf(dev, VK_ERROR_INVALID_EXTERNAL_HANDLE, "handle type 0x%x",
                       import->handleType);
   /* Everything is checked before the fd is touched: a failed import leaves
    * it with the application, which still owns it. */
   uint64_t fd_size_B;
   const enum nvkmd_fd_kind kind = nvkmd_fd_inspect(import->fd, &fd_size_B);
   if (kind == NVKMD_FD_NOT_MEMORY)
      return vk_errorf(dev, VK_ERROR_INVALID_EXTERNAL_HANDLE,
                       "fd %d is not a dma-buf or memory file (closed?)", import->fd);
   if (fd_size_B < size_B)
      return vk_errorf(dev, VK_ERROR_INVALID_EXTERNAL_HANDLE,
                       "fd %d holds %llu bytes, the allocation (or its image) needs %llu",
                       import->fd, (unsigned long long)fd_size_B,
                       (unsigned long long)size_B);
   /* On success nvkmd closes the fd: "Importing memory from a file
    * descriptor transfers ownership of the file descriptor from the
    * application to the Vulkan implementation" (Vulkan 1.3.239,
    * VkImportMemoryFdInfoKHR). */
   return nvkmd_dev_import_fd(dev->kmd, &mem->base, import->fd, &mem->mem);
}

/* Whether [ptr, ptr + size_B) is mapped in this process (mincore fails with
 * ENOMEM on any unmapped page). */
static bool
host_range_mapped(const void *ptr, uint64_t size_B)
{
   const uint64_t page = NVK_HOST_POINTER_ALIGN_B;
   unsigned char vec[64];
   for (uint64_t off = 0; off < size_B; off += page * sizeof(vec)) {
      const uint64_t len = MIN2(size_B - off, page * sizeof(vec));
      if (mincore((char *)ptr + off, len, vec) != 0)
         return false;
   }
   return true;
}

static VkResult
import_host(struct nvk_device *dev, struct nvk_device_memory *mem,
            const VkImportMemoryHostPointerInfoEXT *import, uint64_t api_size_B)
{
   const uintptr_t p = (uintptr_t)import->pHostPointer;
   if (!(import->handleType & NVK_EXTERNAL_MEMORY_HOST_TYPES))
      return vk_errorf(dev, VK_ERROR_INVALID_EXTERNAL_HANDLE, "handle type 0x%x",
                       import->handleType);
   /* The spec makes both alignments valid usage; they still get an error,
    * not a device that reads past the application's memory. */
   if (!p || p % NVK_HOST_POINTER_ALIGN_B || api_size_B % NVK_HOST_POINTER_ALIGN_B)
      return vk_errorf(dev, VK_ERROR_INVALID_EXTERNAL_HANDLE,
                       "host pointer %p / size %llu not aligned to %u",
                       import->pHostPointer, (unsigned long long)api_size_B,
                       NVK_HOST_POINTER_ALIGN_B);
   if (!host_range_mapped(import->pHostPointer, api_size_B))
      return vk_errorf(dev, VK_ERROR_INVALID_EXTERNAL_HANDLE,
                       "host memory at %p is not mapped for %llu bytes",
                       import->pHostPointer, (unsigned long long)api_size_B);
   return nvkmd_dev_import_host_ptr(dev->kmd, &mem->base, import->pHostPointer,
                                    api_size_B, &mem->mem);
}

VkResult
nvk_device_memory_init_kmd(struct nvk_device *dev, struct nvk_device_memory *mem,
                           const VkMemoryAllocateInfo *info, uint64_t size_B)
{
   const VkImportMemoryFdInfoKHR *fd_import =
      vk_find_struct_const(info->pNext, IMPORT_MEMORY_FD_INFO_KHR);
   const VkImportMemoryHostPointerInfoEXT *host_import =
      vk_find_struct_const(info->pNext, IMPORT_MEMORY_HOST_POINTER_INFO_EXT);
   const VkExportMemoryAllocateInfo *export =
      vk_find_struct_const(info->pNext, EXPORT_MEMORY_ALLOCATE_INFO);

   /* A zero handle type is no import (Vulkan 1.3.239, VkMemoryAllocateInfo:
    * only a non-zero handleType "defines a memory import operation"). */
   if (fd_import && fd_import->handleType) {
      /* A dedicated image import is checked against what the image needs
       * too (an explicit modifier layout may ask for more than the fd has,
       * whatever allocationSize says). */
      uint64_t need_B = info->allocationSize;
      const VkMemoryDedicatedAllocateInfo *dedicated =
         vk_find_struct_const(info->pNext, MEMORY_DEDICATED_ALLOCATE_INFO);
      if (dedicated && dedicated->image) {
         VK_FROM_HANDLE(nvk_image, image, dedicated->image);
         /* Multi-planar: up to the end of the plane that ends last (each
          * explicit plane offset counted). */
         const uint64_t image_B = image->plane_count > 1
                                     ? image->planar.size_B
                                     : image->drm.plane_offset_B + image->layout.size_B;
         need_B = MAX2(need_B, image_B);
      }
      return import_fd(dev, mem, fd_import, need_B);
   }
   if (host_import && host_import->handleType)
      return import_host(dev, mem, host_import, info->allocationSize);

   enum nvkmd_mem_flags flags = 0;
   if (export && (export->handleTypes & NVK_EXTERNAL_MEMORY_FD_TYPES))
      flags |= NVKMD_MEM_EXPORTABLE;
   return nvkmd_dev_alloc_mem(dev->kmd, &mem->base, size_B, flags, &mem->mem);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetMemoryFdKHR(VkDevice _device, const VkMemoryGetFdInfoKHR *pGetFdInfo, int *pFd)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_device_memory, mem, pGetFdInfo->memory);
   if (!(pGetFdInfo->handleType & NVK_EXTERNAL_MEMORY_FD_TYPES))
      return vk_errorf(dev, VK_ERROR_TOO_MANY_OBJECTS,
                       "handle type 0x%x is not exportable", pGetFdInfo->handleType);
   /* A new fd each call ("Each call to vkGetMemoryFdKHR must create a new
    * file descriptor holding a reference to the memory object's payload",
    * Vulkan 1.3.239): a dup of what nvkmd holds, close-on-exec. */
   return nvkmd_mem_export_fd(mem->mem, &mem->base, pFd);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetMemoryFdPropertiesKHR(VkDevice _device,
                             VkExternalMemoryHandleTypeFlagBits handleType, int fd,
                             VkMemoryFdPropertiesKHR *pMemoryFdProperties)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   pMemoryFdProperties->memoryTypeBits = 0;
   /* Opaque fds are only valid to query with... nothing: the spec forbids
    * OPAQUE_FD here (VUID-vkGetMemoryFdPropertiesKHR-handleType-00674). */
   if (handleType != VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT)
      return vk_errorf(dev, VK_ERROR_INVALID_EXTERNAL_HANDLE, "handle type 0x%x",
                       handleType);
   uint64_t size_B;
   if (nvkmd_fd_inspect(fd, &size_B) == NVKMD_FD_NOT_MEMORY)
      return vk_errorf(dev, VK_ERROR_INVALID_EXTERNAL_HANDLE, "fd %d is not a dma-buf",
                       fd);
   /* Every memory type is host memory: any can hold it. */
   pMemoryFdProperties->memoryTypeBits = BITFIELD_MASK(NVK_MEMORY_TYPE_COUNT);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetMemoryHostPointerPropertiesEXT(
   VkDevice _device, VkExternalMemoryHandleTypeFlagBits handleType,
   const void *pHostPointer,
   VkMemoryHostPointerPropertiesEXT *pMemoryHostPointerProperties)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   pMemoryHostPointerProperties->memoryTypeBits = 0;
   if (!(handleType & NVK_EXTERNAL_MEMORY_HOST_TYPES) || !pHostPointer ||
       (uintptr_t)pHostPointer % NVK_HOST_POINTER_ALIGN_B ||
       !host_range_mapped(pHostPointer, NVK_HOST_POINTER_ALIGN_B))
      return vk_errorf(dev, VK_ERROR_INVALID_EXTERNAL_HANDLE, "host pointer %p",
                       pHostPointer);
   pMemoryHostPointerProperties->memoryTypeBits = BITFIELD_MASK(NVK_MEMORY_TYPE_COUNT);
   return VK_SUCCESS;
}
