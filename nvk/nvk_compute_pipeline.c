/* SPDX-License-Identifier: MIT */
/*
 * Compute pipelines: one compiled shader (nvk_shader.h), looked up in or
 * added to the pipeline cache, with creation feedback
 * (VK_EXT_pipeline_creation_feedback, core in 1.3) saying whether the cache
 * had it.
 */
#include "nvk_device.h"
#include "nvk_pipeline.h"
#include "nvk_pipeline_cache.h"
#include "nvk_pipeline_layout.h"
#include "nvk_shader.h"
#include "util/os.h"
#include "vk_log.h"
#include "vk_util.h"

static VkResult
nvk_compute_pipeline_create(struct nvk_device *dev, struct nvk_pipeline_cache *cache,
                            const VkComputePipelineCreateInfo *info,
                            const VkAllocationCallbacks *alloc, VkPipeline *out)
{
   const uint64_t start_ns = util_time_ns();
   VK_FROM_HANDLE(nvk_pipeline_layout, layout, info->layout);
   struct nvk_pipeline *pipeline =
      vk_object_zalloc(&dev->vk, alloc, sizeof(*pipeline), VK_OBJECT_TYPE_PIPELINE);
   if (!pipeline)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   pipeline->bind_point = VK_PIPELINE_BIND_POINT_COMPUTE;
   pipeline->push_constant_size_B = layout->push_constant_size_B;

   bool hit = false;
   VkResult result =
      nvk_shader_compile(dev, &info->stage, layout, cache,
                         info->flags & VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT,
                         alloc, &hit, &pipeline->compute);
   if (result != VK_SUCCESS) {
      nvk_pipeline_destroy(dev, pipeline, alloc);
      return result;
   }

   const VkPipelineCreationFeedbackCreateInfo *fb =
      vk_find_struct_const(info->pNext, PIPELINE_CREATION_FEEDBACK_CREATE_INFO);
   if (fb) {
      const VkPipelineCreationFeedbackFlags flags =
         VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT |
         (hit ? VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT : 0);
      const uint64_t duration = util_time_ns() - start_ns;
      if (fb->pPipelineCreationFeedback)
         *fb->pPipelineCreationFeedback = (VkPipelineCreationFeedback){flags, duration};
      for (uint32_t i = 0; i < fb->pipelineStageCreationFeedbackCount; i++)
         fb->pPipelineStageCreationFeedbacks[i] = (VkPipelineCreationFeedback){flags, duration};
   }
   *out = nvk_pipeline_to_handle(pipeline);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateComputePipelines(VkDevice _device, VkPipelineCache pipelineCache,
                           uint32_t createInfoCount,
                           const VkComputePipelineCreateInfo *pCreateInfos,
                           const VkAllocationCallbacks *pAllocator, VkPipeline *pPipelines)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_pipeline_cache, cache, pipelineCache);
   VkResult result = VK_SUCCESS;
   /* Spec (Vulkan 1.3, 10.1): every pipeline that fails is VK_NULL_HANDLE,
    * the others are made; the first error is returned. "If creation fails
    * for a pipeline create info with a VkPipelineCreateFlags::VK_PIPELINE_
    * CREATE_EARLY_RETURN_ON_FAILURE_BIT set, pipelines at an index in the
    * pPipelines array greater than or equal to that of the failing pipeline
    * will be set to VK_NULL_HANDLE." */
   for (uint32_t i = 0; i < createInfoCount; i++)
      pPipelines[i] = VK_NULL_HANDLE;
   for (uint32_t i = 0; i < createInfoCount; i++) {
      VkResult r =
         nvk_compute_pipeline_create(dev, cache, &pCreateInfos[i], pAllocator, &pPipelines[i]);
      if (r == VK_SUCCESS)
         continue;
      if (result == VK_SUCCESS)
         result = r;
      if (pCreateInfos[i].flags & VK_PIPELINE_CREATE_EARLY_RETURN_ON_FAILURE_BIT)
         break;
   }
   return result;
}
