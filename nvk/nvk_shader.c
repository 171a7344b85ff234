/* SPDX-License-Identifier: MIT */
#include "nvk_shader.h"

#include "nvk_device.h"
#include "util/unimpl.h"
#include "vk_log.h"

VkResult
nvk_shader_compile(struct nvk_device *dev, const VkPipelineShaderStageCreateInfo *stage,
                   const struct nvk_pipeline_layout *layout, const VkAllocationCallbacks *alloc,
                   struct nvk_shader **shader_out)
{
   /* SPIR-V -> spirv_to_nir -> lowering -> backend lands here. Until then
    * pipeline creation fails: VK_ERROR_UNKNOWN is the spec's "an
    * implementation failure has occurred". */
   UNIMPLEMENTED(0, "shader compilation (the shader backend is not built yet)");
   *shader_out = NULL;
   return vk_errorf(dev, VK_ERROR_UNKNOWN, "no shader backend yet: cannot compile stage 0x%x",
                    stage->stage);
}

void
nvk_shader_destroy(struct nvk_device *dev, struct nvk_shader *shader,
                   const VkAllocationCallbacks *alloc)
{
   /* Nothing can have been compiled. */
}
