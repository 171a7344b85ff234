/* SPDX-License-Identifier: MIT */
/*
 * Pipelines: the shaders of each stage (nvk_shader.h) plus the state the
 * executor needs to run them. This is the part every kind shares (destroy,
 * bind); compute pipelines are made in nvk_compute_pipeline.c, graphics
 * ones and libraries in nvk_graphics_pipeline.c. Pipeline caches: nvk_pipeline_cache.h.
 */
#ifndef NVK_PIPELINE_H
#define NVK_PIPELINE_H

#include "vk_object.h"

#include "vk_graphics_state.h"

struct nvk_shader;

/* A compiled graphics stage, shared by a pipeline library and the
 * pipelines linked from it (libraries may be destroyed first), so counted.
 * Allocated from the device's allocator for that reason. */
struct nvk_pipeline_shader {
   uint32_t refcount;
   VkShaderStageFlagBits stage;
   struct nvk_shader *shader;
};

/* What a graphics pipeline (or library) holds besides the common part
 * (nvk_graphics_pipeline.c). The draw executor reads `state` through
 * vk_graphics_state_merge() and runs vs/fs. A library (state.parts other
 * than VK_GS_ALL_PARTS) cannot be bound for drawing: vkCmdBindPipeline
 * with one leaves the dynamic state alone, and a draw should treat it as
 * no pipeline. */
struct nvk_graphics_pipeline {
   struct vk_graphics_pipeline_state state;
   struct nvk_pipeline_shader *vs; /* NULL in libraries without the stage */
   struct nvk_pipeline_shader *fs; /* NULL: no fragment shader (allowed) */
   /* Tessellation control and evaluation: both or neither. */
   struct nvk_pipeline_shader *tcs, *tes;
   struct nvk_pipeline_shader *gs; /* NULL: no geometry shader */
};

struct nvk_pipeline {
   struct vk_object_base base;
   VkPipelineBindPoint bind_point;
   struct nvk_shader *compute;
   /* Graphics pipelines and libraries (bind_point GRAPHICS), else NULL. */
   struct nvk_graphics_pipeline *gfx;
   /* Push constant bytes the layout declares (copied: layouts may be
    * destroyed once the pipeline exists). */
   uint32_t push_constant_size_B;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_pipeline, base, VkPipeline, VK_OBJECT_TYPE_PIPELINE)

struct nvk_device;

/* Frees a pipeline of any kind (and its shaders). */
void nvk_pipeline_destroy(struct nvk_device *dev, struct nvk_pipeline *pipeline,
                          const VkAllocationCallbacks *alloc);

/* Releases a graphics pipeline's shaders (nvk_pipeline_destroy calls it). */
void nvk_graphics_pipeline_finish(struct nvk_device *dev, struct nvk_pipeline *pipeline);

/* The subpass of a VkRenderPass as graphics state sees it (attachment
 * formats, view mask). Render pass objects are the draw work's: it defines
 * this; until it does, pipelines naming a render pass fail cleanly
 * (VK_ERROR_UNKNOWN). Returns false for a subpass the pass does not have. */
bool nvk_render_pass_subpass_state(VkRenderPass render_pass, uint32_t subpass,
                                   struct vk_render_pass_state *out)
   __attribute__((weak, visibility("hidden")));

#endif /* NVK_PIPELINE_H */
