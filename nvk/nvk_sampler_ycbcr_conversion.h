/* SPDX-License-Identifier: MIT */
/*
 * VkSamplerYcbcrConversion (VK_KHR_sampler_ycbcr_conversion): what a
 * sampler and an image view of a multi-planar format are created with. All
 * of it is the sampler header's Y'CbCr part (kx_desc.h, kx_ycbcr.h), plus
 * the format, which the view checks against its image.
 */
#ifndef NVK_SAMPLER_YCBCR_CONVERSION_H
#define NVK_SAMPLER_YCBCR_CONVERSION_H

#include "kx_desc.h"
#include "layout/kil_format.h"
#include "vk_object.h"

struct nvk_sampler_ycbcr_conversion {
   struct vk_object_base base;
   enum kil_format format;
   struct kx_ycbcr_desc desc;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_sampler_ycbcr_conversion, base,
                               VkSamplerYcbcrConversion,
                               VK_OBJECT_TYPE_SAMPLER_YCBCR_CONVERSION)

/* The conversion a VkSamplerYcbcrConversionInfo in `pnext` names, or NULL. */
struct nvk_sampler_ycbcr_conversion *
nvk_sampler_ycbcr_conversion_from_chain(const void *pnext);

#endif /* NVK_SAMPLER_YCBCR_CONVERSION_H */
