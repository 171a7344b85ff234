/* SPDX-License-Identifier: MIT */
#include "nvk_buffer.h"

#include "nvk_device.h"
#include "nvk_device_memory.h"
#include "nvk_physical_device.h"
#include "nvkmd/nvkmd.h"
#include "vk_alloc.h"
#include "vk_log.h"
#include "vk_util.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateBuffer(VkDevice _device, const VkBufferCreateInfo *pCreateInfo,
                 const VkAllocationCallbacks *pAllocator, VkBuffer *pBuffer)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   /* A buffer that could never be bound (Vulkan 1.3: vkCreateBuffer may
    * return VK_ERROR_OUT_OF_DEVICE_MEMORY). */
   if (pCreateInfo->size > dev->pdev->mem_heap.size)
      return vk_errorf(dev, VK_ERROR_OUT_OF_DEVICE_MEMORY, "buffer of %llu bytes",
                       (unsigned long long)pCreateInfo->size);

   struct nvk_buffer *buffer =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*buffer), VK_OBJECT_TYPE_BUFFER);
   if (!buffer)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   buffer->size_B = pCreateInfo->size;
   buffer->usage = pCreateInfo->usage;
   buffer->flags = pCreateInfo->flags;
   *pBuffer = nvk_buffer_to_handle(buffer);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyBuffer(VkDevice _device, VkBuffer _buffer, const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_buffer, buffer, _buffer);
   vk_object_free(&dev->vk, pAllocator, buffer);
}

static void
nvk_buffer_memory_requirements(const struct nvk_device *dev, uint64_t size_B,
                               VkMemoryRequirements2 *pMemoryRequirements)
{
   pMemoryRequirements->memoryRequirements = (VkMemoryRequirements){
      .size = ALIGN_POT(size_B, (uint64_t)NVK_BUFFER_ALIGN_B),
      .alignment = NVK_BUFFER_ALIGN_B,
      .memoryTypeBits = BITFIELD_MASK(NVK_MEMORY_TYPE_COUNT),
   };
   vk_foreach_struct(s, pMemoryRequirements->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS) {
         VkMemoryDedicatedRequirements *d = (void *)s;
         d->prefersDedicatedAllocation = VK_FALSE;
         d->requiresDedicatedAllocation = VK_FALSE;
      }
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetBufferMemoryRequirements2(VkDevice _device, const VkBufferMemoryRequirementsInfo2 *pInfo,
                                 VkMemoryRequirements2 *pMemoryRequirements)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_buffer, buffer, pInfo->buffer);
   nvk_buffer_memory_requirements(dev, buffer->size_B, pMemoryRequirements);
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetBufferMemoryRequirements(VkDevice _device, VkBuffer _buffer,
                                VkMemoryRequirements *pMemoryRequirements)
{
   const VkBufferMemoryRequirementsInfo2 info = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_REQUIREMENTS_INFO_2,
      .buffer = _buffer,
   };
   VkMemoryRequirements2 r2 = {.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2};
   nvk_GetBufferMemoryRequirements2(_device, &info, &r2);
   *pMemoryRequirements = r2.memoryRequirements;
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetDeviceBufferMemoryRequirements(VkDevice _device,
                                      const VkDeviceBufferMemoryRequirements *pInfo,
                                      VkMemoryRequirements2 *pMemoryRequirements)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   nvk_buffer_memory_requirements(dev, pInfo->pCreateInfo->size, pMemoryRequirements);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_BindBufferMemory2(VkDevice _device, uint32_t bindInfoCount,
                      const VkBindBufferMemoryInfo *pBindInfos)
{
   for (uint32_t i = 0; i < bindInfoCount; i++) {
      VK_FROM_HANDLE(nvk_buffer, buffer, pBindInfos[i].buffer);
      VK_FROM_HANDLE(nvk_device_memory, mem, pBindInfos[i].memory);
      buffer->mem = mem;
      buffer->addr = mem->mem->va + pBindInfos[i].memoryOffset;
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_BindBufferMemory(VkDevice _device, VkBuffer buffer, VkDeviceMemory memory,
                     VkDeviceSize memoryOffset)
{
   const VkBindBufferMemoryInfo info = {
      .sType = VK_STRUCTURE_TYPE_BIND_BUFFER_MEMORY_INFO,
      .buffer = buffer,
      .memory = memory,
      .memoryOffset = memoryOffset,
   };
   return nvk_BindBufferMemory2(_device, 1, &info);
}
