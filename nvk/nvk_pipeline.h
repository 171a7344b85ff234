/* SPDX-License-Identifier: MIT */
/*
 * Pipelines: the shaders of each stage (nvk_shader.h) plus the state the
 * executor needs to run them. This is the part every kind shares (destroy,
 * bind); compute pipelines are made in nvk_compute_pipeline.c, graphics
 * ones will come with the rasterizer. Pipeline caches: nvk_pipeline_cache.h.
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

struct nvk_device;

/* Frees a pipeline of any kind (and its shaders). */
void nvk_pipeline_destroy(struct nvk_device *dev, struct nvk_pipeline *pipeline,
                          const VkAllocationCallbacks *alloc);

#endif /* NVK_PIPELINE_H */
