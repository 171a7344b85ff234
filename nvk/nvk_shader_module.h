/* SPDX-License-Identifier: MIT */
#ifndef NVK_SHADER_MODULE_H
#define NVK_SHADER_MODULE_H

#include "util/sha256.h"
#include "vk_object.h"

/* A copy of the SPIR-V words; parsing happens at pipeline creation, where
 * errors (with their word offset) belong. The SHA-256 of the words is part
 * of every pipeline cache key made from the module. */
struct nvk_shader_module {
   struct vk_object_base base;
   uint8_t sha256[SHA256_DIGEST_B];
   size_t size_B;
   uint32_t code[];
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_shader_module, base, VkShaderModule,
                               VK_OBJECT_TYPE_SHADER_MODULE)

#endif /* NVK_SHADER_MODULE_H */
