/* SPDX-License-Identifier: MIT */
#include "vkt_compute.h"

#include <string.h>

bool
vkt_pipeline_create(struct vkt *t, const struct vkt_pipeline_info *info,
                    struct vkt_pipeline *p)
{
   memset(p, 0, sizeof(*p));
   const VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = info->spirv_size,
      .pCode = info->spirv,
   };
   if (!VKT_CHECK(vkCreateShaderModule(t->dev, &smci, NULL, &p->module)))
      return false;
   const VkDescriptorSetLayoutCreateInfo slci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = info->binding_count,
      .pBindings = info->bindings,
   };
   if (!VKT_CHECK(vkCreateDescriptorSetLayout(t->dev, &slci, NULL, &p->set_layout)))
      return false;
   const VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, info->push_size};
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = &p->set_layout,
      .pushConstantRangeCount = info->push_size ? 1 : 0,
      .pPushConstantRanges = &pcr,
   };
   if (!VKT_CHECK(vkCreatePipelineLayout(t->dev, &plci, NULL, &p->layout)))
      return false;
   const VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .pNext = info->pipeline_pnext,
      .flags = info->flags,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .pNext = info->stage_pnext,
                .flags = info->stage_flags,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = p->module,
                .pName = "main",
                .pSpecializationInfo = info->spec},
      .layout = p->layout,
   };
   if (!VKT_CHECK(vkCreateComputePipelines(t->dev, info->cache, 1, &cpci, NULL, &p->pipeline)))
      return false;

   if (info->binding_count == 0)
      return true;
   VkDescriptorPoolSize sizes[16];
   uint32_t nsizes = 0;
   for (uint32_t i = 0; i < info->binding_count && nsizes < 16; i++)
      sizes[nsizes++] = (VkDescriptorPoolSize){info->bindings[i].descriptorType,
                                               info->bindings[i].descriptorCount};
   const VkDescriptorPoolCreateInfo dpci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 1,
      .poolSizeCount = nsizes,
      .pPoolSizes = sizes,
   };
   if (!VKT_CHECK(vkCreateDescriptorPool(t->dev, &dpci, NULL, &p->pool)))
      return false;
   const VkDescriptorSetAllocateInfo dsai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = p->pool,
      .descriptorSetCount = 1,
      .pSetLayouts = &p->set_layout,
   };
   return VKT_CHECK(vkAllocateDescriptorSets(t->dev, &dsai, &p->set));
}

void
vkt_pipeline_destroy(struct vkt *t, struct vkt_pipeline *p)
{
   if (p->pool)
      vkDestroyDescriptorPool(t->dev, p->pool, NULL);
   if (p->pipeline)
      vkDestroyPipeline(t->dev, p->pipeline, NULL);
   if (p->layout)
      vkDestroyPipelineLayout(t->dev, p->layout, NULL);
   if (p->set_layout)
      vkDestroyDescriptorSetLayout(t->dev, p->set_layout, NULL);
   if (p->module)
      vkDestroyShaderModule(t->dev, p->module, NULL);
   memset(p, 0, sizeof(*p));
}

void
vkt_pipeline_set_buffer(struct vkt *t, struct vkt_pipeline *p, uint32_t binding,
                        VkDescriptorType type, VkBuffer buffer, VkDeviceSize offset,
                        VkDeviceSize range)
{
   const VkDescriptorBufferInfo bi = {buffer, offset, range};
   const VkWriteDescriptorSet w = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
      .dstSet = p->set,
      .dstBinding = binding,
      .descriptorCount = 1,
      .descriptorType = type,
      .pBufferInfo = &bi,
   };
   vkUpdateDescriptorSets(t->dev, 1, &w, 0, NULL);
}

void
vkt_pipeline_set_image(struct vkt *t, struct vkt_pipeline *p, uint32_t binding,
                       VkDescriptorType type, VkImageView view, VkSampler sampler,
                       VkImageLayout layout)
{
   const VkDescriptorImageInfo ii = {sampler, view, layout};
   const VkWriteDescriptorSet w = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
      .dstSet = p->set,
      .dstBinding = binding,
      .descriptorCount = 1,
      .descriptorType = type,
      .pImageInfo = &ii,
   };
   vkUpdateDescriptorSets(t->dev, 1, &w, 0, NULL);
}

void
vkt_pipeline_set_texel_buffer(struct vkt *t, struct vkt_pipeline *p, uint32_t binding,
                              VkDescriptorType type, VkBufferView view)
{
   const VkWriteDescriptorSet w = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
      .dstSet = p->set,
      .dstBinding = binding,
      .descriptorCount = 1,
      .descriptorType = type,
      .pTexelBufferView = &view,
   };
   vkUpdateDescriptorSets(t->dev, 1, &w, 0, NULL);
}

void
vkt_cmd_dispatch(VkCommandBuffer cmd, const struct vkt_pipeline *p, const void *push,
                 uint32_t push_size, uint32_t x, uint32_t y, uint32_t z)
{
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->pipeline);
   if (p->set)
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p->layout, 0, 1, &p->set,
                              0, NULL);
   if (push_size)
      vkCmdPushConstants(cmd, p->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size, push);
   vkCmdDispatch(cmd, x, y, z);
}

bool
vkt_run_compute(struct vkt *t, const struct vkt_pipeline *p, const void *push,
                uint32_t push_size, uint32_t x, uint32_t y, uint32_t z)
{
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   if (!cmd)
      return false;
   vkt_cmd_dispatch(cmd, p, push, push_size, x, y, z);
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        0, 1, &mb, 0, NULL, 0, NULL);
   return vkt_cmd_submit_wait(t, cmd);
}
