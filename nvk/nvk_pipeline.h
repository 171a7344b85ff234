/* SPDX-License-Identifier: MIT */
/*
 * Pipelines: the shaders of each stage (nvk_shader.h) plus the state the
 * executor needs to run them. Compute pipelines come first (with the shader
 * backend), graphics ones with the rasterizer.
 */
#ifndef NVK_PIPELINE_H
#define NVK_PIPELINE_H

#include "vk_object.h"

struct nvk_shader;

struct nvk_pipeline {
   struct vk_object_base base;
   VkPipelineBindPoint bind_point;
   struct nvk_shader *compute;
   /* Push constant bytes the layout declares (copied: layouts may be
    * destroyed once the pipeline exists). */
   uint32_t push_constant_size_B;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_pipeline, base, VkPipeline, VK_OBJECT_TYPE_PIPELINE)

struct nvk_pipeline_cache {
   struct vk_object_base base;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_pipeline_cache, base, VkPipelineCache,
                               VK_OBJECT_TYPE_PIPELINE_CACHE)

#endif /* NVK_PIPELINE_H */
