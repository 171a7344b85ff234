/* SPDX-License-Identifier: MIT */
#include "nvk_buffer_view.h"

#include "nvk_buffer.h"
#include "nvk_device.h"
#include "nvk_format.h"
#include "vk_log.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateBufferView(VkDevice _device, const VkBufferViewCreateInfo *pCreateInfo,
                     const VkAllocationCallbacks *pAllocator, VkBufferView *pView)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_buffer, buffer, pCreateInfo->buffer);
   const enum kil_format format = nvk_format_to_kil(pCreateInfo->format);
   const uint32_t el_B = kil_format_el_size_B(format);
   if (el_B == 0 || kil_format_is_compressed(format))
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "buffer view of unsupported format %d",
                       pCreateInfo->format);

   struct nvk_buffer_view *view =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*view), VK_OBJECT_TYPE_BUFFER_VIEW);
   if (!view)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   const uint64_t range_B = nvk_buffer_range(buffer, pCreateInfo->offset, pCreateInfo->range);
   view->vk_format = pCreateInfo->format;
   /* VK_WHOLE_SIZE: as many whole texels as fit (Vulkan 1.3, 12.2). */
   kx_buffer_view_desc_init(&view->desc, format, nvk_buffer_address(buffer, pCreateInfo->offset),
                            (uint32_t)MIN2(range_B / el_B, (uint64_t)UINT32_MAX));
   *pView = nvk_buffer_view_to_handle(view);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyBufferView(VkDevice _device, VkBufferView bufferView,
                      const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_buffer_view, view, bufferView);
   vk_object_free(&dev->vk, pAllocator, view);
}
