/* SPDX-License-Identifier: MIT */
#include "nvk_image_view.h"

#include "nvk_device.h"
#include "nvk_format.h"
#include "nvk_image.h"
#include "vk_log.h"

static enum kx_swizzle
kx_swizzle(VkComponentSwizzle s, enum kx_swizzle identity)
{
   switch (s) {
   case VK_COMPONENT_SWIZZLE_ZERO:
      return KX_SWIZZLE_0;
   case VK_COMPONENT_SWIZZLE_ONE:
      return KX_SWIZZLE_1;
   case VK_COMPONENT_SWIZZLE_R:
      return KX_SWIZZLE_R;
   case VK_COMPONENT_SWIZZLE_G:
      return KX_SWIZZLE_G;
   case VK_COMPONENT_SWIZZLE_B:
      return KX_SWIZZLE_B;
   case VK_COMPONENT_SWIZZLE_A:
      return KX_SWIZZLE_A;
   default:
      return identity;
   }
}

static void
view_dim(VkImageViewType type, enum kx_image_dim *dim, bool *is_array)
{
   *is_array = type == VK_IMAGE_VIEW_TYPE_1D_ARRAY || type == VK_IMAGE_VIEW_TYPE_2D_ARRAY ||
               type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
   switch (type) {
   case VK_IMAGE_VIEW_TYPE_1D:
   case VK_IMAGE_VIEW_TYPE_1D_ARRAY:
      *dim = KX_IMAGE_DIM_1D;
      break;
   case VK_IMAGE_VIEW_TYPE_3D:
      *dim = KX_IMAGE_DIM_3D;
      break;
   case VK_IMAGE_VIEW_TYPE_CUBE:
   case VK_IMAGE_VIEW_TYPE_CUBE_ARRAY:
      *dim = KX_IMAGE_DIM_CUBE;
      break;
   default:
      *dim = KX_IMAGE_DIM_2D;
      break;
   }
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
   view->aspects = r->aspectMask;
   view->base_level = r->baseMipLevel;
   view->level_count = r->levelCount == VK_REMAINING_MIP_LEVELS
                          ? image->mip_levels - r->baseMipLevel
                          : r->levelCount;
   view->base_layer = r->baseArrayLayer;
   view->layer_count = r->layerCount == VK_REMAINING_ARRAY_LAYERS
                          ? image->array_layers - r->baseArrayLayer
                          : r->layerCount;

   const VkComponentMapping *c = &pCreateInfo->components;
   struct kx_image_view_info info = {
      .format = format,
      .base_level = view->base_level,
      .num_levels = view->level_count,
      .base_layer = view->base_layer,
      .num_layers = view->layer_count,
      .swizzle = {kx_swizzle(c->r, KX_SWIZZLE_R), kx_swizzle(c->g, KX_SWIZZLE_G),
                  kx_swizzle(c->b, KX_SWIZZLE_B), kx_swizzle(c->a, KX_SWIZZLE_A)},
   };
   view_dim(pCreateInfo->viewType, &info.dim, &info.is_array);
   /* Valid usage keeps the view inside the image; kx checks again. */
   if (!kx_image_desc_init(&view->desc, &image->layout, image->addr, &info)) {
      vk_object_free(&dev->vk, pAllocator, view);
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "image view outside its image");
   }
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
