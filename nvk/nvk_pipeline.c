/* SPDX-License-Identifier: MIT */
#include "nvk_pipeline.h"

#include <string.h>

#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_device.h"
#include "nvk_physical_device.h"
#include "nvk_pipeline_layout.h"
#include "nvk_shader.h"
#include "vk_log.h"

void
nvk_pipeline_destroy(struct nvk_device *dev, struct nvk_pipeline *pipeline,
                     const VkAllocationCallbacks *alloc)
{
   if (pipeline->compute)
      nvk_shader_destroy(dev, pipeline->compute, alloc);
   if (pipeline->gfx)
      nvk_graphics_pipeline_finish(dev, pipeline);
   vk_object_free(&dev->vk, alloc, pipeline);
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyPipeline(VkDevice _device, VkPipeline _pipeline, const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_pipeline, pipeline, _pipeline);
   if (pipeline)
      nvk_pipeline_destroy(dev, pipeline, pAllocator);
}

/* ---------------------------------------------------------------------- */

struct nvk_cmd_bind_pipeline {
   const struct nvk_pipeline *pipeline;
   uint32_t bind_point;
   uint32_t pad;
};

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBindPipeline(VkCommandBuffer commandBuffer, VkPipelineBindPoint pipelineBindPoint,
                    VkPipeline _pipeline)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_bind_pipeline *p = nvk_cmd_buffer_emit(cmd, NVK_CMD_BIND_PIPELINE, sizeof(*p));
   if (!p)
      return;
   p->pipeline = nvk_pipeline_from_handle(_pipeline);
   p->bind_point = pipelineBindPoint;
}

void
nvk_exec_bind_pipeline(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_bind_pipeline *p = payload;
   ex->desc[nvk_bind_point(p->bind_point)].pipeline = p->pipeline;
   /* Vulkan 1.3.239, 10.10: binding applies the pipeline's static state
    * to the command buffer's. (Libraries cannot be bound.) */
   if (p->bind_point == VK_PIPELINE_BIND_POINT_GRAPHICS && p->pipeline && p->pipeline->gfx &&
       p->pipeline->gfx->state.parts == VK_GS_ALL_PARTS)
      vk_dynamic_graphics_state_bind_pipeline(&ex->gfx_dyn, &p->pipeline->gfx->state);
}
