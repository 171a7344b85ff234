/* SPDX-License-Identifier: MIT */
#include "nvk_sampler.h"

#include "nvk_device.h"
#include "nvk_sampler_ycbcr_conversion.h"
#include "vk_log.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateSampler(VkDevice _device, const VkSamplerCreateInfo *pCreateInfo,
                  const VkAllocationCallbacks *pAllocator, VkSampler *pSampler)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   struct nvk_sampler *sampler =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*sampler), VK_OBJECT_TYPE_SAMPLER);
   if (!sampler)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   /* Everything the sampler header holds is all a sampler is here: filters,
    * address modes, LOD clamps and bias, compare, border colour (anisotropy
    * and custom borders are not advertised). */
   kx_sampler_desc_init(&sampler->desc, pCreateInfo);
   /* A Y'CbCr conversion is part of the header (kx_ycbcr.h samples with it). */
   const struct nvk_sampler_ycbcr_conversion *conv =
      nvk_sampler_ycbcr_conversion_from_chain(pCreateInfo->pNext);
   if (conv)
      sampler->desc.ycbcr = conv->desc;
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
