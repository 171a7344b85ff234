/* SPDX-License-Identifier: MIT */
/*
 * A compiled shader: the backend's program (nvk/exec) for one stage.
 *
 * nvk_shader_compile runs the compiler flow (nvk/compiler/nvk_compiler.h)
 * on a stage's SPIR-V, specialization constants and pipeline layout, or
 * finds the result in a pipeline cache: the cache key is a hash of every
 * input that shapes the program (nvk_shader_key).
 */
#ifndef NVK_SHADER_H
#define NVK_SHADER_H

#include <stdbool.h>
#include <vulkan/vulkan_core.h>

#include "util/sha256.h"

struct kx_program;
struct nvk_device;
struct nvk_pipeline_cache;
struct nvk_pipeline_layout;

struct nvk_shader {
   struct kx_program *prog;
   uint8_t key[SHA256_DIGEST_B];
};

/* *cache_hit says whether the program came from `cache` (which may be
 * NULL). With cache_only (VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_
 * REQUIRED_BIT) a program not in `cache` is not compiled:
 * VK_PIPELINE_COMPILE_REQUIRED, *shader_out NULL. */
VkResult nvk_shader_compile(struct nvk_device *dev, const VkPipelineShaderStageCreateInfo *stage,
                            const struct nvk_pipeline_layout *layout,
                            struct nvk_pipeline_cache *cache, bool cache_only,
                            const VkAllocationCallbacks *alloc, bool *cache_hit,
                            struct nvk_shader **shader_out);
void nvk_shader_destroy(struct nvk_device *dev, struct nvk_shader *shader,
                        const VkAllocationCallbacks *alloc);

#endif /* NVK_SHADER_H */
