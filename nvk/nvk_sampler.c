/* SPDX-License-Identifier: MIT */
#include "nvk_sampler.h"

#include <string.h>

#include "nvk_device.h"
#include "vk_log.h"

void
nvk_sampler_desc_init(struct nvk_sampler_desc *d, const VkSamplerCreateInfo *info)
{
   memset(d, 0, sizeof(*d));
   d->mag_filter = (uint8_t)info->magFilter;
   d->min_filter = (uint8_t)info->minFilter;
   d->mipmap_mode = (uint8_t)info->mipmapMode;
   d->address_mode[0] = (uint8_t)info->addressModeU;
   d->address_mode[1] = (uint8_t)info->addressModeV;
   d->address_mode[2] = (uint8_t)info->addressModeW;
   d->compare_enable = info->compareEnable != VK_FALSE;
   d->compare_op = (uint8_t)info->compareOp;
   d->anisotropy_enable = info->anisotropyEnable != VK_FALSE;
   /* Anisotropy off means one sample per footprint. */
   d->max_anisotropy = d->anisotropy_enable ? info->maxAnisotropy : 1.0f;
   d->unnormalized_coordinates = info->unnormalizedCoordinates != VK_FALSE;
   d->mip_lod_bias = info->mipLodBias;
   d->min_lod = info->minLod;
   d->max_lod = info->maxLod;

   /* Vulkan 1.3, 13.3 "Texel Coordinate Wrapping": the predefined border
    * colours. Custom ones need VK_EXT_custom_border_color (not exposed). */
   switch (info->borderColor) {
   case VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK:
      d->border.f[3] = 1.0f;
      break;
   case VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE:
      d->border.f[0] = d->border.f[1] = d->border.f[2] = d->border.f[3] = 1.0f;
      break;
   case VK_BORDER_COLOR_INT_TRANSPARENT_BLACK:
      d->border_is_int = 1;
      break;
   case VK_BORDER_COLOR_INT_OPAQUE_BLACK:
      d->border_is_int = 1;
      d->border.u[3] = 1;
      break;
   case VK_BORDER_COLOR_INT_OPAQUE_WHITE:
      d->border_is_int = 1;
      d->border.u[0] = d->border.u[1] = d->border.u[2] = d->border.u[3] = 1;
      break;
   case VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK:
   default:
      break;
   }
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateSampler(VkDevice _device, const VkSamplerCreateInfo *pCreateInfo,
                  const VkAllocationCallbacks *pAllocator, VkSampler *pSampler)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   struct nvk_sampler *sampler =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*sampler), VK_OBJECT_TYPE_SAMPLER);
   if (!sampler)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   nvk_sampler_desc_init(&sampler->desc, pCreateInfo);
   *pSampler = nvk_sampler_to_handle(sampler);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroySampler(VkDevice _device, VkSampler _sampler, const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_sampler, sampler, _sampler);
   vk_object_free(&dev->vk, pAllocator, sampler);
}
