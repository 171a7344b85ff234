/* SPDX-License-Identifier: MIT */
/*
 * vkt_compute: compute pipelines for the tests in a few calls.
 *
 *    struct vkt_pipeline p;
 *    const VkDescriptorSetLayoutBinding b[] = {
 *       {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
 *    vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(my_comp_spv),
 *                                                     .bindings = b, .binding_count = 1}, &p);
 *    vkt_pipeline_set_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, buf.buffer, 0,
 *                            VK_WHOLE_SIZE);
 *    vkt_run_compute(&t, &p, NULL, 0, groups_x, 1, 1);
 */
#ifndef VKT_COMPUTE_H
#define VKT_COMPUTE_H

#include "vkt.h"

#define VKT_SPIRV(array) .spirv = (array), .spirv_size = sizeof(array)

struct vkt_pipeline_info {
   const uint32_t *spirv;
   size_t spirv_size;
   const VkDescriptorSetLayoutBinding *bindings;
   uint32_t binding_count;
   uint32_t push_size;
   const VkSpecializationInfo *spec;
   VkPipelineCache cache;
   const void *pipeline_pnext; /* chained into VkComputePipelineCreateInfo */
   VkPipelineCreateFlags flags;
   const void *stage_pnext; /* chained into VkPipelineShaderStageCreateInfo */
   VkPipelineShaderStageCreateFlags stage_flags;
};

struct vkt_pipeline {
   VkShaderModule module;
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout layout;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkDescriptorSet set;
};

/* Fails the test (and returns false) on any error. */
bool vkt_pipeline_create(struct vkt *t, const struct vkt_pipeline_info *info,
                         struct vkt_pipeline *p);
void vkt_pipeline_destroy(struct vkt *t, struct vkt_pipeline *p);

void vkt_pipeline_set_buffer(struct vkt *t, struct vkt_pipeline *p, uint32_t binding,
                             VkDescriptorType type, VkBuffer buffer, VkDeviceSize offset,
                             VkDeviceSize range);
void vkt_pipeline_set_image(struct vkt *t, struct vkt_pipeline *p, uint32_t binding,
                            VkDescriptorType type, VkImageView view, VkSampler sampler,
                            VkImageLayout layout);
void vkt_pipeline_set_texel_buffer(struct vkt *t, struct vkt_pipeline *p, uint32_t binding,
                                   VkDescriptorType type, VkBufferView view);

/* Binds p and its set, pushes constants, dispatches. */
void vkt_cmd_dispatch(VkCommandBuffer cmd, const struct vkt_pipeline *p, const void *push,
                      uint32_t push_size, uint32_t x, uint32_t y, uint32_t z);

/* One submission: dispatch, a barrier making the results host-visible,
 * wait. */
bool vkt_run_compute(struct vkt *t, const struct vkt_pipeline *p, const void *push,
                     uint32_t push_size, uint32_t x, uint32_t y, uint32_t z);

#endif
