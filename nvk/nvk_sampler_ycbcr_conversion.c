/* SPDX-License-Identifier: MIT */
#include "nvk_sampler_ycbcr_conversion.h"

#include "nvk_device.h"
#include "nvk_format.h"
#include "nvk_physical_device.h"
#include "vk_log.h"
#include "vk_util.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateSamplerYcbcrConversion(VkDevice _device,
                                 const VkSamplerYcbcrConversionCreateInfo *pCreateInfo,
                                 const VkAllocationCallbacks *pAllocator,
                                 VkSamplerYcbcrConversion *pYcbcrConversion)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   const enum kil_format format = nvk_format_to_kil(pCreateInfo->format);
   /* Valid usage: a format with Y'CbCr features (Vulkan 1.3,
    * VUID-VkSamplerYcbcrConversionCreateInfo-format-01650); anything else
    * (single-plane formats here) is refused rather than half-made, with
    * the error any command may return (the command names no other). */
   if (!(nvk_multi_planar_features(format) &
         (VK_FORMAT_FEATURE_2_MIDPOINT_CHROMA_SAMPLES_BIT |
          VK_FORMAT_FEATURE_2_COSITED_CHROMA_SAMPLES_BIT)))
      return vk_errorf(dev, VK_ERROR_UNKNOWN,
                       "Y'CbCr conversion of format %d, which has no Y'CbCr features",
                       pCreateInfo->format);

   struct nvk_sampler_ycbcr_conversion *conv = vk_object_zalloc(
      &dev->vk, pAllocator, sizeof(*conv), VK_OBJECT_TYPE_SAMPLER_YCBCR_CONVERSION);
   if (!conv)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);

   const VkComponentMapping *c = &pCreateInfo->components;
   conv->format = format;
   conv->desc = (struct kx_ycbcr_desc){
      .enabled = true,
      .model = (uint8_t)pCreateInfo->ycbcrModel,
      .range = (uint8_t)pCreateInfo->ycbcrRange,
      .swizzle = {kx_swizzle_from_vk(c->r, KX_SWIZZLE_R),
                  kx_swizzle_from_vk(c->g, KX_SWIZZLE_G),
                  kx_swizzle_from_vk(c->b, KX_SWIZZLE_B),
                  kx_swizzle_from_vk(c->a, KX_SWIZZLE_A)},
      .chroma_offset = {(uint8_t)pCreateInfo->xChromaOffset,
                        (uint8_t)pCreateInfo->yChromaOffset},
      .chroma_filter = (uint8_t)pCreateInfo->chromaFilter,
      /* The component width: the plane formats' channel width. */
      .bits = kil_format_desc(kil_format_plane(format, 0).format)->rgba[0].bits,
   };
   /* forceExplicitReconstruction needs ..._EXPLICIT_FORCEABLE, which is
    * not advertised (valid usage keeps it VK_FALSE): reconstruction is
    * always implicit (kx_ycbcr.h). */
   *pYcbcrConversion = nvk_sampler_ycbcr_conversion_to_handle(conv);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroySamplerYcbcrConversion(VkDevice _device,
                                  VkSamplerYcbcrConversion ycbcrConversion,
                                  const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_sampler_ycbcr_conversion, conv, ycbcrConversion);
   vk_object_free(&dev->vk, pAllocator, conv);
}

struct nvk_sampler_ycbcr_conversion *
nvk_sampler_ycbcr_conversion_from_chain(const void *pnext)
{
   const VkSamplerYcbcrConversionInfo *info =
      vk_find_struct_const(pnext, SAMPLER_YCBCR_CONVERSION_INFO);
   return info ? nvk_sampler_ycbcr_conversion_from_handle(info->conversion) : NULL;
}
