/* SPDX-License-Identifier: MIT */
#include "nvk_framebuffer.h"

#include "nvk_device.h"
#include "nvk_image_view.h"
#include "vk_log.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateFramebuffer(VkDevice _device, const VkFramebufferCreateInfo *pCreateInfo,
                      const VkAllocationCallbacks *pAllocator,
                      VkFramebuffer *pFramebuffer)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   const bool imageless = pCreateInfo->flags & VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT;
   struct nvk_framebuffer *fb = vk_object_zalloc(
      &dev->vk, pAllocator,
      sizeof(*fb) + pCreateInfo->attachmentCount * sizeof(fb->attachments[0]),
      VK_OBJECT_TYPE_FRAMEBUFFER);
   if (!fb)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   fb->width = pCreateInfo->width;
   fb->height = pCreateInfo->height;
   fb->layers = pCreateInfo->layers;
   fb->imageless = imageless;
   fb->attachment_count = pCreateInfo->attachmentCount;
   /* Imageless: the views come with each vkCmdBeginRenderPass
    * (VkFramebufferAttachmentsCreateInfo only describes them). */
   for (uint32_t i = 0; i < pCreateInfo->attachmentCount && !imageless; i++)
      fb->attachments[i] = nvk_image_view_from_handle(pCreateInfo->pAttachments[i]);
   *pFramebuffer = nvk_framebuffer_to_handle(fb);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyFramebuffer(VkDevice _device, VkFramebuffer framebuffer,
                       const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_framebuffer, fb, framebuffer);
   if (fb)
      vk_object_free(&dev->vk, pAllocator, fb);
}
