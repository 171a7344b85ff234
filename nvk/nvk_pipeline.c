/* SPDX-License-Identifier: MIT */
#include "nvk_pipeline.h"

#include <string.h>

#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_device.h"
#include "nvk_physical_device.h"
#include "nvk_pipeline_layout.h"
#include "nvk_shader.h"
#include "util/unimpl.h"
#include "vk_log.h"

static void
nvk_pipeline_destroy(struct nvk_device *dev, struct nvk_pipeline *pipeline,
                     const VkAllocationCallbacks *alloc)
{
   if (pipeline->compute)
      nvk_shader_destroy(dev, pipeline->compute, alloc);
   vk_object_free(&dev->vk, alloc, pipeline);
}

static VkResult
nvk_compute_pipeline_create(struct nvk_device *dev, const VkComputePipelineCreateInfo *info,
                            const VkAllocationCallbacks *alloc, VkPipeline *out)
{
   VK_FROM_HANDLE(nvk_pipeline_layout, layout, info->layout);
   struct nvk_pipeline *pipeline =
      vk_object_zalloc(&dev->vk, alloc, sizeof(*pipeline), VK_OBJECT_TYPE_PIPELINE);
   if (!pipeline)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   pipeline->bind_point = VK_PIPELINE_BIND_POINT_COMPUTE;
   pipeline->push_constant_size_B = layout->push_constant_size_B;
   VkResult result = nvk_shader_compile(dev, &info->stage, layout, alloc, &pipeline->compute);
   if (result != VK_SUCCESS) {
      nvk_pipeline_destroy(dev, pipeline, alloc);
      return result;
   }
   *out = nvk_pipeline_to_handle(pipeline);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateComputePipelines(VkDevice _device, VkPipelineCache pipelineCache, uint32_t createInfoCount,
                           const VkComputePipelineCreateInfo *pCreateInfos,
                           const VkAllocationCallbacks *pAllocator, VkPipeline *pPipelines)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VkResult result = VK_SUCCESS;
   /* Spec (Vulkan 1.3, 10.1): every pipeline that fails is VK_NULL_HANDLE,
    * the others are made; the first error is returned. */
   for (uint32_t i = 0; i < createInfoCount; i++) {
      pPipelines[i] = VK_NULL_HANDLE;
      VkResult r = nvk_compute_pipeline_create(dev, &pCreateInfos[i], pAllocator, &pPipelines[i]);
      if (r != VK_SUCCESS && result == VK_SUCCESS)
         result = r;
   }
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateGraphicsPipelines(VkDevice _device, VkPipelineCache pipelineCache,
                            uint32_t createInfoCount,
                            const VkGraphicsPipelineCreateInfo *pCreateInfos,
                            const VkAllocationCallbacks *pAllocator, VkPipeline *pPipelines)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   UNIMPLEMENTED(0, "graphics pipelines (the rasterizer is not built yet)");
   for (uint32_t i = 0; i < createInfoCount; i++)
      pPipelines[i] = VK_NULL_HANDLE;
   return vk_errorf(dev, VK_ERROR_UNKNOWN, "no graphics pipelines yet");
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
/* Pipeline caches: nothing is cached yet (nothing is compiled), but the
 * objects and their data header are what the spec says (Vulkan 1.3, 10.7). */

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreatePipelineCache(VkDevice _device, const VkPipelineCacheCreateInfo *pCreateInfo,
                        const VkAllocationCallbacks *pAllocator, VkPipelineCache *pPipelineCache)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   struct nvk_pipeline_cache *cache =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*cache), VK_OBJECT_TYPE_PIPELINE_CACHE);
   if (!cache)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   /* Initial data from another device or driver version is ignored, as the
    * spec allows; ours holds nothing but the header. */
   *pPipelineCache = nvk_pipeline_cache_to_handle(cache);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyPipelineCache(VkDevice _device, VkPipelineCache pipelineCache,
                         const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_pipeline_cache, cache, pipelineCache);
   vk_object_free(&dev->vk, pAllocator, cache);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetPipelineCacheData(VkDevice _device, VkPipelineCache pipelineCache, size_t *pDataSize,
                         void *pData)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   const VkPipelineCacheHeaderVersionOne header = {
      .headerSize = sizeof(header),
      .headerVersion = VK_PIPELINE_CACHE_HEADER_VERSION_ONE,
      .vendorID = dev->pdev->info.vendor_id,
      .deviceID = dev->pdev->info.device_id,
   };
   if (!pData) {
      *pDataSize = sizeof(header);
      return VK_SUCCESS;
   }
   if (*pDataSize < sizeof(header)) {
      *pDataSize = 0;
      return VK_INCOMPLETE;
   }
   VkPipelineCacheHeaderVersionOne h = header;
   memcpy(h.pipelineCacheUUID, dev->pdev->pipeline_cache_uuid, VK_UUID_SIZE);
   memcpy(pData, &h, sizeof(h));
   *pDataSize = sizeof(h);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_MergePipelineCaches(VkDevice device, VkPipelineCache dstCache, uint32_t srcCacheCount,
                        const VkPipelineCache *pSrcCaches)
{
   return VK_SUCCESS;
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
   ex->desc[nvk_exec_bind_point(p->bind_point)].pipeline = p->pipeline;
}
