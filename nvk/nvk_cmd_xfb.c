/* SPDX-License-Identifier: MIT */
/*
 * VK_EXT_transform_feedback's commands: binding the buffers, beginning and
 * ending capture with counter buffers, and vkCmdDrawIndirectByteCountEXT.
 * The capture itself is the draw's (nvk_draw_xfb.c).
 *
 * Counter buffers hold a 32-bit byte count, relative to the offset the
 * buffer was bound at (Vulkan 1.3, 30.2 "vkCmdBeginTransformFeedbackEXT":
 * "the byte offset from the start of the corresponding transform feedback
 * buffer from where to start capturing"; the bound range is that buffer).
 * Capture resumes at it, or at 0 without a counter buffer, and End writes
 * the position reached. Ranges are clamped to the buffer, so an offset
 * past its end (invalid usage) binds an empty range, never memory outside.
 */
#include <string.h>

#include "nvk_buffer.h"
#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_device.h"
#include "nvk_draw.h"
#include "nvk_rendering.h"

struct nvk_cmd_bind_xfb_buffers {
   uint32_t first, count;
   struct {
      uint64_t addr, size_B;
   } buffers[];
};

/* Begin and End: which counter buffers (address 0: none) for buffers
 * [first, first + count). */
struct nvk_cmd_xfb_counters {
   uint32_t first, count;
   uint64_t counter_addr[NVK_MAX_XFB_BUFFERS];
};

struct nvk_cmd_draw_byte_count {
   uint64_t counter_addr;
   uint32_t instance_count, first_instance;
   uint32_t counter_offset_B, vertex_stride_B;
};

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBindTransformFeedbackBuffersEXT(VkCommandBuffer commandBuffer, uint32_t firstBinding,
                                       uint32_t bindingCount, const VkBuffer *pBuffers,
                                       const VkDeviceSize *pOffsets,
                                       const VkDeviceSize *pSizes)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_bind_xfb_buffers *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_BIND_XFB_BUFFERS,
                          sizeof(*p) + (size_t)bindingCount * sizeof(p->buffers[0]));
   if (!p)
      return;
   p->first = firstBinding;
   p->count = bindingCount;
   for (uint32_t i = 0; i < bindingCount; i++) {
      VK_FROM_HANDLE(nvk_buffer, buffer, pBuffers[i]);
      p->buffers[i].addr = p->buffers[i].size_B = 0;
      if (!buffer || pOffsets[i] >= buffer->size_B)
         continue; /* left unbound: captures nothing */
      const uint64_t room = buffer->size_B - pOffsets[i];
      const uint64_t size = pSizes ? nvk_buffer_range(buffer, pOffsets[i], pSizes[i]) : room;
      p->buffers[i].addr = nvk_buffer_address(buffer, pOffsets[i]);
      p->buffers[i].size_B = MIN2(size, room);
   }
}

void
nvk_exec_bind_xfb_buffers(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_bind_xfb_buffers *p = payload;
   for (uint32_t i = 0; i < p->count && p->first + i < NVK_MAX_XFB_BUFFERS; i++) {
      ex->gfx.xfb.buf[p->first + i].addr = p->buffers[i].addr;
      ex->gfx.xfb.buf[p->first + i].size_B = p->buffers[i].size_B;
   }
}

static void
record_counters(VkCommandBuffer commandBuffer, enum nvk_cmd_type type, uint32_t first,
                uint32_t count, const VkBuffer *buffers, const VkDeviceSize *offsets)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_xfb_counters *p = nvk_cmd_buffer_emit(cmd, type, sizeof(*p));
   if (!p)
      return;
   memset(p, 0, sizeof(*p));
   p->first = first;
   p->count = count;
   for (uint32_t i = 0; buffers && i < count && i < NVK_MAX_XFB_BUFFERS; i++) {
      VK_FROM_HANDLE(nvk_buffer, buffer, buffers[i]);
      const uint64_t offset = offsets ? offsets[i] : 0;
      /* A counter needs 4 bytes inside its buffer; otherwise none. */
      if (buffer && offset <= buffer->size_B && buffer->size_B - offset >= 4)
         p->counter_addr[i] = nvk_buffer_address(buffer, offset);
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBeginTransformFeedbackEXT(VkCommandBuffer commandBuffer, uint32_t firstCounterBuffer,
                                 uint32_t counterBufferCount,
                                 const VkBuffer *pCounterBuffers,
                                 const VkDeviceSize *pCounterBufferOffsets)
{
   record_counters(commandBuffer, NVK_CMD_BEGIN_XFB, firstCounterBuffer, counterBufferCount,
                   pCounterBuffers, pCounterBufferOffsets);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdEndTransformFeedbackEXT(VkCommandBuffer commandBuffer, uint32_t firstCounterBuffer,
                               uint32_t counterBufferCount, const VkBuffer *pCounterBuffers,
                               const VkDeviceSize *pCounterBufferOffsets)
{
   record_counters(commandBuffer, NVK_CMD_END_XFB, firstCounterBuffer, counterBufferCount,
                   pCounterBuffers, pCounterBufferOffsets);
}

void
nvk_exec_begin_xfb(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_xfb_counters *p = payload;
   struct nvk_exec_xfb *x = &ex->gfx.xfb;
   x->active = true;
   memset(x->written_B, 0, sizeof(x->written_B));
   for (uint32_t i = 0; i < p->count && i < NVK_MAX_XFB_BUFFERS; i++) {
      const uint32_t b = p->first + i;
      if (b >= NVK_MAX_XFB_BUFFERS || !p->counter_addr[i])
         continue;
      const void *c = nvk_exec_translate(ex, p->counter_addr[i], 4);
      if (!c)
         return;
      uint32_t v;
      memcpy(&v, c, 4);
      x->written_B[b] = v;
   }
}

void
nvk_exec_end_xfb(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_xfb_counters *p = payload;
   struct nvk_exec_xfb *x = &ex->gfx.xfb;
   /* Captures of deferred draws land first. */
   nvk_exec_flush_rendering(ex);
   for (uint32_t i = 0; i < p->count && i < NVK_MAX_XFB_BUFFERS; i++) {
      const uint32_t b = p->first + i;
      if (b >= NVK_MAX_XFB_BUFFERS || !p->counter_addr[i])
         continue;
      void *c = nvk_exec_translate(ex, p->counter_addr[i], 4);
      if (!c)
         return;
      const uint32_t v = (uint32_t)MIN2(x->written_B[b], (uint64_t)UINT32_MAX);
      memcpy(c, &v, 4);
   }
   x->active = false;
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdDrawIndirectByteCountEXT(VkCommandBuffer commandBuffer, uint32_t instanceCount,
                                uint32_t firstInstance, VkBuffer counterBuffer,
                                VkDeviceSize counterBufferOffset, uint32_t counterOffset,
                                uint32_t vertexStride)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_buffer, counter, counterBuffer);
   struct nvk_cmd_draw_byte_count *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_DRAW_BYTE_COUNT, sizeof(*p));
   if (!p)
      return;
   *p = (struct nvk_cmd_draw_byte_count){
      .counter_addr = counter && counterBufferOffset <= counter->size_B &&
                            counter->size_B - counterBufferOffset >= 4
                         ? nvk_buffer_address(counter, counterBufferOffset)
                         : 0,
      .instance_count = instanceCount,
      .first_instance = firstInstance,
      .counter_offset_B = counterOffset,
      .vertex_stride_B = vertexStride,
   };
}

void
nvk_exec_draw_byte_count(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_draw_byte_count *p = payload;
   uint32_t bytes = 0;
   if (p->counter_addr) {
      const void *c = nvk_exec_translate(ex, p->counter_addr, 4);
      if (!c)
         return;
      memcpy(&bytes, c, 4);
   }
   /* VK_EXT_transform_feedback, vkCmdDrawIndirectByteCountEXT: vertexCount
    * = (counter value - counterOffset) / vertexStride. */
   const uint32_t count =
      bytes > p->counter_offset_B && p->vertex_stride_B
         ? (bytes - p->counter_offset_B) / p->vertex_stride_B
         : 0;
   nvk_draw(ex, &(struct nvk_draw_params){
                   .api = "vkCmdDrawIndirectByteCountEXT",
                   .count = count,
                   .instance_count = p->instance_count,
                   .first_instance = p->first_instance,
                });
}
