/* SPDX-License-Identifier: MIT */
#include "nvk_image_view.h"

#include "nvk_device.h"
#include "nvk_format.h"
#include "nvk_image.h"
#include "nvk_sampler_ycbcr_conversion.h"
#include "nvk_physical_device.h"
#include "vk_log.h"
#include "vk_util.h"

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
   VK_FROM_HANDLE(nvk_image, whole, pCreateInfo->image);
   const VkImageSubresourceRange *r = &pCreateInfo->subresourceRange;
   const enum kil_format format = nvk_format_to_kil(pCreateInfo->format);
   if (format == KIL_FORMAT_NONE)
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "image view of unsupported format %d",
                       pCreateInfo->format);

   /* Multi-planar images (Vulkan 1.3, 12.5 "Image Views"): a PLANE_n
    * aspect views that plane as its plane-compatible format (the plane is
    * an image of its own, nvk_image.h); the whole image is viewed only
    * through a Y'CbCr conversion of the same format. */
   const struct nvk_sampler_ycbcr_conversion *conv =
      nvk_sampler_ycbcr_conversion_from_chain(pCreateInfo->pNext);
   const int plane = nvk_image_aspect_plane(r->aspectMask);
   struct nvk_image *image = whole;
   if (plane >= 0) {
      if (whole->plane_count <= 1 || (uint32_t)plane >= whole->plane_count ||
          !whole->plane_images)
         return vk_errorf(dev, VK_ERROR_UNKNOWN, "view of plane %d of an image with %u",
                          plane, whole->plane_count);
      image = &whole->plane_images[plane];
   } else if (whole->plane_count > 1 &&
              (!conv || conv->format != whole->format || format != whole->format ||
               !whole->plane_images)) {
      return vk_errorf(dev, VK_ERROR_UNKNOWN,
                       "view of a multi-planar image without its Y'CbCr conversion");
   }

   /* Vulkan 1.3.250, VkImageViewUsageCreateInfo: the view's usage is its
    * usage (a subset of the image's) when chained, else the image's. On an
    * EXTENDED_USAGE image the image's usage may hold bits the view's format
    * lacks (nvk_image.c); the view's own usage must not (VUID-
    * VkImageViewCreateInfo-usage-02274..02277), so an
    * invalid view is refused here rather than reading a format it cannot. */
   const VkImageViewUsageCreateInfo *view_usage =
      vk_find_struct_const(pCreateInfo->pNext, IMAGE_VIEW_USAGE_CREATE_INFO);
   const VkImageUsageFlags usage = view_usage ? view_usage->usage : whole->usage;
   if ((whole->flags & VK_IMAGE_CREATE_EXTENDED_USAGE_BIT) && plane < 0 &&
       whole->plane_count <= 1) {
      const VkFormatProperties3 fp = nvk_get_format_properties(dev->pdev, pCreateInfo->format);
      const VkFormatFeatureFlags2 f = whole->tiling == VK_IMAGE_TILING_LINEAR
                                         ? fp.linearTilingFeatures
                                         : fp.optimalTilingFeatures;
      static const struct {
         VkImageUsageFlags usage;
         VkFormatFeatureFlags2 feature;
      } needs[] = {
         {VK_IMAGE_USAGE_SAMPLED_BIT, VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT},
         {VK_IMAGE_USAGE_STORAGE_BIT, VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT},
         {VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT},
         {VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
          VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT},
      };
      for (unsigned i = 0; i < sizeof(needs) / sizeof(needs[0]); i++) {
         if ((usage & needs[i].usage) && !(f & needs[i].feature))
            return vk_errorf(dev, VK_ERROR_UNKNOWN,
                             "view of format %d with usage 0x%x it does not support",
                             pCreateInfo->format, usage);
      }
   }

   struct nvk_image_view *view =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*view), VK_OBJECT_TYPE_IMAGE_VIEW);
   if (!view)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   view->image = image;
   view->type = pCreateInfo->viewType;
   view->vk_format = pCreateInfo->format;
   view->aspects = r->aspectMask;
   view->usage = usage;
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
      .swizzle = {kx_swizzle_from_vk(c->r, KX_SWIZZLE_R),
                  kx_swizzle_from_vk(c->g, KX_SWIZZLE_G),
                  kx_swizzle_from_vk(c->b, KX_SWIZZLE_B),
                  kx_swizzle_from_vk(c->a, KX_SWIZZLE_A)},
   };
   view_dim(pCreateInfo->viewType, &info.dim, &info.is_array);
   bool ok;
   if (image->plane_count > 1) {
      /* Each plane viewed as itself; the view's header is plane 0's plus
       * the planes (kx_ycbcr.c reads them). The view's own swizzle is
       * identity (valid usage with a conversion). */
      ok = true;
      for (uint32_t p = 0; p < image->plane_count; p++) {
         const struct nvk_image *pi = &image->plane_images[p];
         struct kx_image_view_info pinfo = info;
         pinfo.format = pi->format;
         for (unsigned c = 0; c < 4; c++)
            pinfo.swizzle[c] = (enum kx_swizzle)(KX_SWIZZLE_R + c);
         ok &= kx_image_desc_init(&view->plane_desc[p], &pi->layout, pi->addr, &pinfo);
      }
      if (ok) {
         view->desc = view->plane_desc[0];
         view->desc.plane_count = (uint8_t)image->plane_count;
         for (uint32_t p = 0; p < image->plane_count; p++) {
            const struct kil_plane_desc pd = kil_format_plane(image->format, p);
            view->desc.plane_div[p][0] = pd.width_div;
            view->desc.plane_div[p][1] = pd.height_div;
            view->desc.planes[p] = &view->plane_desc[p];
         }
      }
   } else {
      /* Valid usage keeps the view inside the image; kx checks again. */
      ok = kx_image_desc_init(&view->desc, &image->layout, image->addr, &info);
   }
   if (!ok) {
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
