/* SPDX-License-Identifier: MIT */
/*
 * Recording vertex/index buffer bindings and draws; replaying them into
 * nvk_draw() (nvk_draw.c), one call per draw, indirect draws read from
 * device memory at replay.
 */
#include <string.h>

#include "nvk_buffer.h"
#include "nvk_cmd_buffer.h"
#include "nvk_device.h"
#include "nvk_cmd_exec.h"
#include "nvk_draw.h"

struct nvk_cmd_vertex_buffer {
   uint64_t addr; /* 0: VK_NULL_HANDLE */
   uint64_t size_B;
   uint64_t stride_B;
   uint32_t has_stride;
   uint32_t pad;
};

struct nvk_cmd_bind_vertex_buffers {
   uint32_t first;
   uint32_t count;
   struct nvk_cmd_vertex_buffer buffers[];
};

struct nvk_cmd_bind_index_buffer {
   uint64_t addr;
   uint64_t size_B;
   uint32_t index_type; /* VkIndexType */
   uint32_t pad;
};

struct nvk_cmd_draw {
   uint32_t vertex_count, instance_count, first_vertex, first_instance;
};

struct nvk_cmd_draw_indexed {
   uint32_t index_count, instance_count, first_index;
   int32_t vertex_offset;
   uint32_t first_instance;
   uint32_t pad;
};

/* Every indirect form: indexed or not, with or without a count buffer. */
struct nvk_cmd_draw_indirect {
   uint64_t addr;       /* first VkDraw(Indexed)IndirectCommand */
   uint64_t count_addr; /* 0: draw_count draws */
   uint32_t draw_count; /* with count_addr: maxDrawCount */
   uint32_t stride_B;
   uint32_t indexed;
   uint32_t pad;
};

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBindVertexBuffers2(VkCommandBuffer commandBuffer, uint32_t firstBinding,
                          uint32_t bindingCount, const VkBuffer *pBuffers,
                          const VkDeviceSize *pOffsets, const VkDeviceSize *pSizes,
                          const VkDeviceSize *pStrides)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_bind_vertex_buffers *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_BIND_VERTEX_BUFFERS,
                          sizeof(*p) + bindingCount * sizeof(p->buffers[0]));
   if (!p)
      return;
   p->first = firstBinding;
   p->count = bindingCount;
   for (uint32_t i = 0; i < bindingCount; i++) {
      VK_FROM_HANDLE(nvk_buffer, buffer, pBuffers[i]);
      struct nvk_cmd_vertex_buffer *b = &p->buffers[i];
      if (!buffer)
         continue; /* nullDescriptor: reads return zero (left unbound) */
      b->addr = nvk_buffer_address(buffer, pOffsets[i]);
      b->size_B =
         nvk_buffer_range(buffer, pOffsets[i], pSizes ? pSizes[i] : VK_WHOLE_SIZE);
      b->has_stride = pStrides != NULL;
      b->stride_B = pStrides ? pStrides[i] : 0;
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBindVertexBuffers(VkCommandBuffer commandBuffer, uint32_t firstBinding,
                         uint32_t bindingCount, const VkBuffer *pBuffers,
                         const VkDeviceSize *pOffsets)
{
   nvk_CmdBindVertexBuffers2(commandBuffer, firstBinding, bindingCount, pBuffers,
                             pOffsets, NULL, NULL);
}

void
nvk_exec_bind_vertex_buffers(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_bind_vertex_buffers *p = payload;
   for (uint32_t i = 0; i < p->count && p->first + i < NVK_MAX_VERTEX_BINDINGS; i++) {
      const struct nvk_cmd_vertex_buffer *b = &p->buffers[i];
      struct nvk_exec_vertex_buffer *vb = &ex->gfx.vb[p->first + i];
      vb->addr = b->addr;
      vb->size_B = b->size_B;
      /* A NULL pStrides keeps the strides set before (pipeline or dynamic
       * state); it does not reset them. */
      if (b->has_stride) {
         vb->stride_B = b->stride_B;
         vb->has_stride = true;
      }
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBindIndexBuffer(VkCommandBuffer commandBuffer, VkBuffer _buffer,
                       VkDeviceSize offset, VkIndexType indexType)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_buffer, buffer, _buffer);
   struct nvk_cmd_bind_index_buffer *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_BIND_INDEX_BUFFER, sizeof(*p));
   if (!p)
      return;
   p->addr = nvk_buffer_address(buffer, offset);
   p->size_B = buffer->size_B - offset;
   p->index_type = indexType;
}

void
nvk_exec_bind_index_buffer(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_bind_index_buffer *p = payload;
   ex->gfx.ib = (struct nvk_exec_index_buffer){p->addr, p->size_B, p->index_type};
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdDraw(VkCommandBuffer commandBuffer, uint32_t vertexCount, uint32_t instanceCount,
            uint32_t firstVertex, uint32_t firstInstance)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_draw *p = nvk_cmd_buffer_emit(cmd, NVK_CMD_DRAW, sizeof(*p));
   if (p)
      *p = (struct nvk_cmd_draw){vertexCount, instanceCount, firstVertex, firstInstance};
}

void
nvk_exec_draw(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_draw *p = payload;
   nvk_draw(ex, &(struct nvk_draw_params){
                   .api = "vkCmdDraw",
                   .count = p->vertex_count,
                   .instance_count = p->instance_count,
                   .first = p->first_vertex,
                   .first_instance = p->first_instance,
                });
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdDrawIndexed(VkCommandBuffer commandBuffer, uint32_t indexCount,
                   uint32_t instanceCount, uint32_t firstIndex, int32_t vertexOffset,
                   uint32_t firstInstance)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_draw_indexed *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_DRAW_INDEXED, sizeof(*p));
   if (p)
      *p = (struct nvk_cmd_draw_indexed){indexCount,   instanceCount, firstIndex,
                                         vertexOffset, firstInstance, 0};
}

void
nvk_exec_draw_indexed(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_draw_indexed *p = payload;
   nvk_draw(ex, &(struct nvk_draw_params){
                   .api = "vkCmdDrawIndexed",
                   .indexed = true,
                   .count = p->index_count,
                   .instance_count = p->instance_count,
                   .first = p->first_index,
                   .vertex_offset = p->vertex_offset,
                   .first_instance = p->first_instance,
                });
}

static void
record_indirect(VkCommandBuffer commandBuffer, VkBuffer _buffer, VkDeviceSize offset,
                VkBuffer count_buffer, VkDeviceSize count_offset, uint32_t draw_count,
                uint32_t stride_B, bool indexed)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_buffer, buffer, _buffer);
   VK_FROM_HANDLE(nvk_buffer, count, count_buffer);
   struct nvk_cmd_draw_indirect *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_DRAW_INDIRECT, sizeof(*p));
   if (!p)
      return;
   p->addr = nvk_buffer_address(buffer, offset);
   p->count_addr = count ? nvk_buffer_address(count, count_offset) : 0;
   p->draw_count = draw_count;
   p->stride_B = stride_B;
   p->indexed = indexed;
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdDrawIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
                    uint32_t drawCount, uint32_t stride)
{
   record_indirect(commandBuffer, buffer, offset, VK_NULL_HANDLE, 0, drawCount, stride,
                   false);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdDrawIndexedIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer,
                           VkDeviceSize offset, uint32_t drawCount, uint32_t stride)
{
   record_indirect(commandBuffer, buffer, offset, VK_NULL_HANDLE, 0, drawCount, stride,
                   true);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdDrawIndirectCount(VkCommandBuffer commandBuffer, VkBuffer buffer,
                         VkDeviceSize offset, VkBuffer countBuffer,
                         VkDeviceSize countBufferOffset, uint32_t maxDrawCount,
                         uint32_t stride)
{
   record_indirect(commandBuffer, buffer, offset, countBuffer, countBufferOffset,
                   maxDrawCount, stride, false);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdDrawIndexedIndirectCount(VkCommandBuffer commandBuffer, VkBuffer buffer,
                                VkDeviceSize offset, VkBuffer countBuffer,
                                VkDeviceSize countBufferOffset, uint32_t maxDrawCount,
                                uint32_t stride)
{
   record_indirect(commandBuffer, buffer, offset, countBuffer, countBufferOffset,
                   maxDrawCount, stride, true);
}

void
nvk_exec_draw_indirect(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_draw_indirect *p = payload;
   uint32_t n = p->draw_count;
   if (p->count_addr) {
      /* Vulkan 1.3, 21.3: the count read from the buffer, at most
       * maxDrawCount. */
      const uint32_t *c = nvk_exec_translate(ex, p->count_addr, 4);
      if (!c)
         return;
      n = MIN2(*c, p->draw_count);
   }
   const char *api =
      p->indexed
         ? (p->count_addr ? "vkCmdDrawIndexedIndirectCount" : "vkCmdDrawIndexedIndirect")
         : (p->count_addr ? "vkCmdDrawIndirectCount" : "vkCmdDrawIndirect");
   const uint64_t size_B =
      p->indexed ? sizeof(VkDrawIndexedIndirectCommand) : sizeof(VkDrawIndirectCommand);
   for (uint32_t i = 0; i < n && !ex->faulted; i++) {
      const uint32_t *c =
         nvk_exec_translate(ex, p->addr + (uint64_t)i * p->stride_B, size_B);
      if (!c)
         return;
      struct nvk_draw_params d = {.api = api, .indexed = p->indexed, .draw_index = i};
      if (p->indexed) {
         const VkDrawIndexedIndirectCommand *dc = (const void *)c;
         d.count = dc->indexCount;
         d.instance_count = dc->instanceCount;
         d.first = dc->firstIndex;
         d.vertex_offset = dc->vertexOffset;
         d.first_instance = dc->firstInstance;
      } else {
         const VkDrawIndirectCommand *dc = (const void *)c;
         d.count = dc->vertexCount;
         d.instance_count = dc->instanceCount;
         d.first = dc->firstVertex;
         d.first_instance = dc->firstInstance;
      }
      nvk_draw(ex, &d);
   }
}

/* vkCmdDrawMulti(Indexed)EXT: the draws' parameters copied (their stride
 * is the application's), each replayed as one nvk_draw with its index. */
struct nvk_cmd_draw_multi {
   uint32_t count;
   uint32_t indexed;
   uint32_t instance_count, first_instance;
   struct {
      uint32_t first, count;
      int32_t vertex_offset;
      uint32_t pad;
   } draws[];
};

static void
record_multi(VkCommandBuffer commandBuffer, bool indexed, uint32_t count,
             const void *info, uint32_t stride, uint32_t instance_count,
             uint32_t first_instance, const int32_t *vertex_offset)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_draw_multi *p = nvk_cmd_buffer_emit(
      cmd, NVK_CMD_DRAW_MULTI, sizeof(*p) + (size_t)count * sizeof(p->draws[0]));
   if (!p)
      return;
   p->count = count;
   p->indexed = indexed;
   p->instance_count = instance_count;
   p->first_instance = first_instance;
   for (uint32_t i = 0; i < count; i++) {
      const uint8_t *e = (const uint8_t *)info + (size_t)i * stride;
      if (indexed) {
         const VkMultiDrawIndexedInfoEXT *d = (const void *)e;
         p->draws[i].first = d->firstIndex;
         p->draws[i].count = d->indexCount;
         p->draws[i].vertex_offset = vertex_offset ? *vertex_offset : d->vertexOffset;
      } else {
         const VkMultiDrawInfoEXT *d = (const void *)e;
         p->draws[i].first = d->firstVertex;
         p->draws[i].count = d->vertexCount;
      }
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdDrawMultiEXT(VkCommandBuffer commandBuffer, uint32_t drawCount,
                    const VkMultiDrawInfoEXT *pVertexInfo, uint32_t instanceCount,
                    uint32_t firstInstance, uint32_t stride)
{
   record_multi(commandBuffer, false, drawCount, pVertexInfo, stride, instanceCount,
                firstInstance, NULL);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdDrawMultiIndexedEXT(VkCommandBuffer commandBuffer, uint32_t drawCount,
                           const VkMultiDrawIndexedInfoEXT *pIndexInfo,
                           uint32_t instanceCount, uint32_t firstInstance,
                           uint32_t stride, const int32_t *pVertexOffset)
{
   record_multi(commandBuffer, true, drawCount, pIndexInfo, stride, instanceCount,
                firstInstance, pVertexOffset);
}

void
nvk_exec_draw_multi(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_draw_multi *p = payload;
   for (uint32_t i = 0; i < p->count && !ex->faulted; i++) {
      nvk_draw(ex,
               &(struct nvk_draw_params){
                  .api = p->indexed ? "vkCmdDrawMultiIndexedEXT" : "vkCmdDrawMultiEXT",
                  .indexed = p->indexed,
                  .count = p->draws[i].count,
                  .instance_count = p->instance_count,
                  .first = p->draws[i].first,
                  .vertex_offset = p->draws[i].vertex_offset,
                  .first_instance = p->first_instance,
                  .draw_index = i,
               });
   }
}
