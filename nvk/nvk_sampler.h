/* SPDX-License-Identifier: MIT */
#ifndef NVK_SAMPLER_H
#define NVK_SAMPLER_H

#include "nvk_descriptor_types.h"
#include "vk_object.h"

struct nvk_sampler {
   struct vk_object_base base;
   /* What descriptors copy (nvk_descriptor_types.h). */
   struct nvk_sampler_desc desc;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_sampler, base, VkSampler, VK_OBJECT_TYPE_SAMPLER)

/* Resolves a create info into descriptor form. */
void nvk_sampler_desc_init(struct nvk_sampler_desc *desc, const VkSamplerCreateInfo *info);

#endif /* NVK_SAMPLER_H */
