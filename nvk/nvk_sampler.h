/* SPDX-License-Identifier: MIT */
#ifndef NVK_SAMPLER_H
#define NVK_SAMPLER_H

#include "kx_desc.h"
#include "vk_object.h"

struct nvk_sampler {
   struct vk_object_base base;
   /* The device's sampler header; sampler descriptors point at it
    * (nvk_descriptor_types.h). */
   struct kx_sampler_desc desc;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_sampler, base, VkSampler, VK_OBJECT_TYPE_SAMPLER)

#endif /* NVK_SAMPLER_H */
