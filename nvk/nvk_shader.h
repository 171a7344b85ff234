/* SPDX-License-Identifier: MIT */
/*
 * The shader hooks: where the shader backend plugs into pipelines.
 *
 * A pipeline holds one struct nvk_shader per stage, made by
 * nvk_shader_compile from the stage's SPIR-V (shader module or inline),
 * specialization constants and the pipeline layout (for descriptor and push
 * constant lowering, nvk_descriptor_types.h). The executor finds the bound
 * pipeline, descriptor sets, dynamic buffers and push constants in
 * nvk_exec::desc (nvk_cmd_exec.h) when a dispatch or draw runs.
 *
 * Until the backend exists nvk_shader_compile reports UNIMPLEMENTED and
 * fails, so pipeline creation fails cleanly and nothing that needs shaders
 * is advertised.
 */
#ifndef NVK_SHADER_H
#define NVK_SHADER_H

#include <vulkan/vulkan_core.h>

struct nvk_device;
struct nvk_pipeline_layout;

/* Defined by the backend. */
struct nvk_shader;

VkResult nvk_shader_compile(struct nvk_device *dev, const VkPipelineShaderStageCreateInfo *stage,
                            const struct nvk_pipeline_layout *layout,
                            const VkAllocationCallbacks *alloc, struct nvk_shader **shader_out);
void nvk_shader_destroy(struct nvk_device *dev, struct nvk_shader *shader,
                        const VkAllocationCallbacks *alloc);

#endif /* NVK_SHADER_H */
