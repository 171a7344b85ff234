/* SPDX-License-Identifier: MIT */
/*
 * Binding resources for dispatches and draws: descriptor sets (with their
 * dynamic offsets), push descriptors and push constants. Recording resolves
 * what it can; execution fills nvk_exec::desc, which the shader backend
 * reads.
 */
#include <string.h>

#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_cmd_pool.h"
#include "nvk_descriptor_set.h"
#include "nvk_descriptor_set_layout.h"
#include "nvk_descriptor_update_template.h"
#include "nvk_device.h"
#include "nvk_pipeline_layout.h"
#include "vk_alloc.h"
#include "vk_log.h"

struct nvk_cmd_bound_set {
   const uint8_t *mem;
   const struct nvk_descriptor_set_layout *layout;
   const struct nvk_buffer_address *dynamic; /* the set's dynamic buffers */
   uint32_t dynamic_count;
   uint32_t dynamic_start; /* in the root table's dynamic_buffers */
};

struct nvk_cmd_bind_descriptor_sets {
   uint32_t bind_point;
   uint32_t first_set;
   uint32_t set_count;
   uint32_t dynamic_offset_count;
   struct nvk_cmd_bound_set sets[];
   /* followed by uint32_t dynamic_offsets[dynamic_offset_count] */
};

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBindDescriptorSets(VkCommandBuffer commandBuffer, VkPipelineBindPoint pipelineBindPoint,
                          VkPipelineLayout layout, uint32_t firstSet, uint32_t descriptorSetCount,
                          const VkDescriptorSet *pDescriptorSets, uint32_t dynamicOffsetCount,
                          const uint32_t *pDynamicOffsets)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_pipeline_layout, pl, layout);
   if (firstSet + (uint64_t)descriptorSetCount > NVK_MAX_SETS)
      return; /* invalid usage: nothing sensible to record */
   struct nvk_cmd_bind_descriptor_sets *p = nvk_cmd_buffer_emit(
      cmd, NVK_CMD_BIND_DESCRIPTOR_SETS,
      sizeof(*p) + descriptorSetCount * sizeof(p->sets[0]) + dynamicOffsetCount * 4);
   if (!p)
      return;
   p->bind_point = pipelineBindPoint;
   p->first_set = firstSet;
   p->set_count = descriptorSetCount;
   p->dynamic_offset_count = dynamicOffsetCount;
   for (uint32_t i = 0; i < descriptorSetCount; i++) {
      VK_FROM_HANDLE(nvk_descriptor_set, set, pDescriptorSets[i]);
      p->sets[i] = (struct nvk_cmd_bound_set){
         .mem = set ? set->mem : NULL,
         .layout = set ? set->layout : NULL,
         .dynamic = set ? set->dynamic : NULL,
         .dynamic_count = set ? set->dynamic_count : 0,
         .dynamic_start = pl->dynamic_start[firstSet + i],
      };
   }
   if (dynamicOffsetCount)
      memcpy(&p->sets[descriptorSetCount], pDynamicOffsets, dynamicOffsetCount * 4);
}

void
nvk_exec_bind_descriptor_sets(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_bind_descriptor_sets *p = payload;
   struct nvk_exec_descriptors *d = &ex->desc[nvk_bind_point(p->bind_point)];
   const uint32_t *offsets = (const uint32_t *)&p->sets[p->set_count];
   uint32_t next_offset = 0;
   for (uint32_t i = 0; i < p->set_count; i++) {
      const struct nvk_cmd_bound_set *s = &p->sets[i];
      d->sets[p->first_set + i] = s->mem;
      d->set_layouts[p->first_set + i] = s->layout;
      /* The set's dynamic buffers are in binding order, as the dynamic
       * offsets are (Vulkan 1.3, 14.2.8). */
      for (uint32_t e = 0; e < s->dynamic_count; e++) {
         const uint32_t slot = s->dynamic_start + e;
         if (slot >= NVK_MAX_DYNAMIC_BUFFERS || next_offset >= p->dynamic_offset_count) {
            nvk_exec_fault(ex, "more dynamic buffers than dynamic offsets");
            return;
         }
         struct nvk_buffer_address a = s->dynamic[e];
         if (a.base_addr)
            a.base_addr += offsets[next_offset];
         next_offset++;
         d->root.dynamic_buffers[slot] = a;
      }
   }
}

struct nvk_cmd_push_constants {
   uint32_t offset_B;
   uint32_t size_B;
   uint8_t data[];
};

VKAPI_ATTR void VKAPI_CALL
nvk_CmdPushConstants(VkCommandBuffer commandBuffer, VkPipelineLayout layout,
                     VkShaderStageFlags stageFlags, uint32_t offset, uint32_t size,
                     const void *pValues)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   if (offset + (uint64_t)size > NVK_MAX_PUSH_CONSTANTS_SIZE)
      return; /* invalid usage */
   struct nvk_cmd_push_constants *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_PUSH_CONSTANTS, sizeof(*p) + size);
   if (!p)
      return;
   p->offset_B = offset;
   p->size_B = size;
   memcpy(p->data, pValues, size);
}

void
nvk_exec_push_constants(struct nvk_exec *ex, const void *payload)
{
   /* Push constants are command buffer state, not per bind point: both
    * root tables see them. */
   const struct nvk_cmd_push_constants *p = payload;
   for (unsigned b = 0; b < NVK_BIND_POINT_COUNT; b++)
      memcpy(ex->desc[b].root.push_constants + p->offset_B, p->data, p->size_B);
}

/* ---------------------------------------------------------------------- */
/* Push descriptors (VK_KHR_push_descriptor) */

struct nvk_cmd_push_descriptor_set {
   uint32_t bind_point;
   uint32_t set;
   const struct nvk_descriptor_set_layout *layout;
   uint32_t size_B;
   uint32_t pad;
   _Alignas(8) uint8_t data[];
};

/* The command buffer's current contents of push set (bind point, set) for
 * `layout`; NULL (error recorded) on out-of-memory. */
static uint8_t *
push_set_mem(struct nvk_cmd_buffer *cmd, VkPipelineBindPoint bind_point, uint32_t set,
             const struct nvk_descriptor_set_layout *layout)
{
   const unsigned b = nvk_bind_point(bind_point);
   if (set >= NVK_MAX_SETS)
      return NULL;
   if (cmd->push_sets[b][set].layout != layout || !cmd->push_sets[b][set].mem) {
      /* A different layout starts over: the old contents mean nothing. */
      vk_free(&cmd->pool->alloc, cmd->push_sets[b][set].mem);
      cmd->push_sets[b][set].mem =
         vk_alloc(&cmd->pool->alloc, MAX2(layout->size_B, 8u), 8,
                  VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      cmd->push_sets[b][set].layout = cmd->push_sets[b][set].mem ? layout : NULL;
      cmd->push_sets[b][set].size_B = layout->size_B;
      if (!cmd->push_sets[b][set].mem) {
         nvk_cmd_buffer_set_error(cmd, vk_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY));
         return NULL;
      }
      nvk_descriptor_set_layout_init_set(layout, cmd->push_sets[b][set].mem);
   }
   return cmd->push_sets[b][set].mem;
}

/* Records the push set's current contents. */
static void
emit_push_set(struct nvk_cmd_buffer *cmd, VkPipelineBindPoint bind_point, uint32_t set,
              const struct nvk_descriptor_set_layout *layout, const uint8_t *mem)
{
   struct nvk_cmd_push_descriptor_set *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_PUSH_DESCRIPTOR_SET, sizeof(*p) + layout->size_B);
   if (!p)
      return;
   p->bind_point = bind_point;
   p->set = set;
   p->layout = layout;
   p->size_B = layout->size_B;
   memcpy(p->data, mem, layout->size_B);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdPushDescriptorSetKHR(VkCommandBuffer commandBuffer, VkPipelineBindPoint pipelineBindPoint,
                            VkPipelineLayout layout, uint32_t set, uint32_t descriptorWriteCount,
                            const VkWriteDescriptorSet *pDescriptorWrites)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_pipeline_layout, pl, layout);
   if (set >= pl->set_count || !pl->set_layouts[set])
      return;
   const struct nvk_descriptor_set_layout *sl = pl->set_layouts[set];
   uint8_t *mem = push_set_mem(cmd, pipelineBindPoint, set, sl);
   if (!mem)
      return;
   for (uint32_t i = 0; i < descriptorWriteCount; i++)
      nvk_descriptor_set_write(sl, mem, NULL, &pDescriptorWrites[i]);
   emit_push_set(cmd, pipelineBindPoint, set, sl, mem);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdPushDescriptorSetWithTemplateKHR(VkCommandBuffer commandBuffer,
                                        VkDescriptorUpdateTemplate descriptorUpdateTemplate,
                                        VkPipelineLayout layout, uint32_t set, const void *pData)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_descriptor_update_template, tmpl, descriptorUpdateTemplate);
   uint8_t *mem = push_set_mem(cmd, tmpl->bind_point, set, tmpl->layout);
   if (!mem)
      return;
   nvk_descriptor_update_template_apply(tmpl, mem, NULL, pData);
   emit_push_set(cmd, tmpl->bind_point, set, tmpl->layout, mem);
}

void
nvk_exec_push_descriptor_set(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_push_descriptor_set *p = payload;
   struct nvk_exec_descriptors *d = &ex->desc[nvk_bind_point(p->bind_point)];
   /* The snapshot lives in the command stream, as long as the command
    * buffer does. */
   d->sets[p->set] = p->data;
   d->set_layouts[p->set] = p->layout;
}
