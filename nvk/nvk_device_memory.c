/* SPDX-License-Identifier: MIT */
#include "nvk_device_memory.h"

#include "nvk_device.h"
#include "nvk_external_memory.h"
#include "nvk_physical_device.h"
#include "nvkmd/nvkmd.h"
#include "vk_alloc.h"
#include "vk_log.h"
#include "vk_util.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_AllocateMemory(VkDevice _device, const VkMemoryAllocateInfo *pAllocateInfo,
                   const VkAllocationCallbacks *pAllocator, VkDeviceMemory *pMemory)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   struct nvk_physical_device *pdev = dev->pdev;
   VkResult result;

   if (pAllocateInfo->memoryTypeIndex >= NVK_MEMORY_TYPE_COUNT)
      return vk_errorf(dev, VK_ERROR_OUT_OF_DEVICE_MEMORY, "no memory type %u",
                       pAllocateInfo->memoryTypeIndex);

   /* Whole pages; a zero size (invalid usage) still gets one. */
   const uint64_t size_B = ALIGN_POT(MAX2(pAllocateInfo->allocationSize, (uint64_t)1),
                                     (uint64_t)NVK_MEMORY_ALIGN_B);
   if (size_B < pAllocateInfo->allocationSize || !nvk_physical_device_heap_reserve(pdev, size_B))
      return vk_errorf(dev, VK_ERROR_OUT_OF_DEVICE_MEMORY,
                       "%llu bytes do not fit in the heap (%llu of %llu used)",
                       (unsigned long long)pAllocateInfo->allocationSize,
                       (unsigned long long)__atomic_load_n(&pdev->heap_used_B,
                                                           __ATOMIC_RELAXED),
                       (unsigned long long)pdev->mem_heap.size);

   if (__atomic_add_fetch(&dev->memory_object_count, 1, __ATOMIC_RELAXED) >
       NVK_MAX_MEMORY_ALLOCATION_COUNT) {
      result = vk_errorf(dev, VK_ERROR_TOO_MANY_OBJECTS, "more than %u allocations",
                         NVK_MAX_MEMORY_ALLOCATION_COUNT);
      goto fail_count;
   }

   struct nvk_device_memory *mem =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*mem), VK_OBJECT_TYPE_DEVICE_MEMORY);
   if (!mem) {
      result = vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
      goto fail_count;
   }
   mem->type_index = pAllocateInfo->memoryTypeIndex;
   mem->size_B = size_B;

   /* VkMemoryDedicatedAllocateInfo needs nothing: every allocation is its
    * own mapping already. Imports and exportable memory: nvk_external_memory.c. */
   result = nvk_device_memory_init_kmd(dev, mem, pAllocateInfo, size_B);
   if (result != VK_SUCCESS)
      goto fail_obj;

   *pMemory = nvk_device_memory_to_handle(mem);
   return VK_SUCCESS;

fail_obj:
   vk_object_free(&dev->vk, pAllocator, mem);
fail_count:
   __atomic_sub_fetch(&dev->memory_object_count, 1, __ATOMIC_RELAXED);
   nvk_physical_device_heap_release(pdev, size_B);
   return result;
}

VKAPI_ATTR void VKAPI_CALL
nvk_FreeMemory(VkDevice _device, VkDeviceMemory _mem, const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_device_memory, mem, _mem);
   if (!mem)
      return;
   if (mem->map)
      nvkmd_mem_unmap(mem->mem);
   nvkmd_mem_free(mem->mem);
   nvk_physical_device_heap_release(dev->pdev, mem->size_B);
   __atomic_sub_fetch(&dev->memory_object_count, 1, __ATOMIC_RELAXED);
   vk_object_free(&dev->vk, pAllocator, mem);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_MapMemory(VkDevice _device, VkDeviceMemory _memory, VkDeviceSize offset, VkDeviceSize size,
              VkMemoryMapFlags flags, void **ppData)
{
   VK_FROM_HANDLE(nvk_device_memory, mem, _memory);
   if (!mem->map) {
      VkResult result = nvkmd_mem_map(mem->mem, &mem->base, &mem->map);
      if (result != VK_SUCCESS)
         return result;
   }
   *ppData = (char *)mem->map + offset;
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_UnmapMemory(VkDevice _device, VkDeviceMemory _memory)
{
   VK_FROM_HANDLE(nvk_device_memory, mem, _memory);
   if (mem->map) {
      nvkmd_mem_unmap(mem->mem);
      mem->map = NULL;
   }
}

/* Every memory type is coherent: flushes and invalidates have nothing to
 * do (they are still valid to call). */
VKAPI_ATTR VkResult VKAPI_CALL
nvk_FlushMappedMemoryRanges(VkDevice _device, uint32_t memoryRangeCount,
                            const VkMappedMemoryRange *pMemoryRanges)
{
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_InvalidateMappedMemoryRanges(VkDevice _device, uint32_t memoryRangeCount,
                                 const VkMappedMemoryRange *pMemoryRanges)
{
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetDeviceMemoryCommitment(VkDevice device, VkDeviceMemory _memory,
                              VkDeviceSize *pCommittedMemoryInBytes)
{
   /* No lazily allocated types: all of it counts as committed. */
   VK_FROM_HANDLE(nvk_device_memory, mem, _memory);
   *pCommittedMemoryInBytes = mem->size_B;
}
