/* SPDX-License-Identifier: MIT */
#include "nvk_image_view.h"

#include "nvk_device.h"
#include "nvk_format.h"
#include "nvk_image.h"
#include "vk_log.h"

static uint8_t
resolve_swizzle(VkComponentSwizzle s, VkComponentSwizzle identity)
{
   return (uint8_t)(s == VK_COMPONENT_SWIZZLE_IDENTITY ? identity : s);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateImageView(VkDevice _device, const VkImageViewCreateInfo *pCreateInfo,
                    const VkAllocationCallbacks *pAllocator, VkImageView *pView)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_image, image, pCreateInfo->image);
   const VkImageSubresourceRange *r = &pCreateInfo->subresourceRange;
   const enum kil_format format = nvk_format_to_kil(pCreateInfo->format);
   if (format == KIL_FORMAT_NONE)
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "image view of unsupported format %d",
                       pCreateInfo->format);

   struct nvk_image_view *view =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*view), VK_OBJECT_TYPE_IMAGE_VIEW);
   if (!view)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   view->image = image;
   view->type = pCreateInfo->viewType;
   view->vk_format = pCreateInfo->format;
   const VkComponentMapping *c = &pCreateInfo->components;
   view->desc = (struct nvk_image_view_desc){
      .addr = image->addr,
      .layout = &image->layout,
      .format = (uint16_t)format,
      .view_type = (uint8_t)pCreateInfo->viewType,
      .aspect = (uint8_t)r->aspectMask,
      .swizzle = {resolve_swizzle(c->r, VK_COMPONENT_SWIZZLE_R),
                  resolve_swizzle(c->g, VK_COMPONENT_SWIZZLE_G),
                  resolve_swizzle(c->b, VK_COMPONENT_SWIZZLE_B),
                  resolve_swizzle(c->a, VK_COMPONENT_SWIZZLE_A)},
      .base_level = r->baseMipLevel,
      .level_count = r->levelCount == VK_REMAINING_MIP_LEVELS
                        ? image->mip_levels - r->baseMipLevel
                        : r->levelCount,
      .base_layer = r->baseArrayLayer,
      .layer_count = r->layerCount == VK_REMAINING_ARRAY_LAYERS
                        ? image->array_layers - r->baseArrayLayer
                        : r->layerCount,
   };
   *pView = nvk_image_view_to_handle(view);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyImageView(VkDevice _device, VkImageView imageView,
                     const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_image_view, view, imageView);
   vk_object_free(&dev->vk, pAllocator, view);
}
