/* SPDX-License-Identifier: MIT */
/*
 * Buffer copies, fills and updates. Large ones are cut into chunks spread
 * over the worker pool; large copies and fills write with streaming stores
 * (util/memcpy_stream.h): glibc's memcpy and memset would use them for the
 * whole range, but never for a chunk below their 41 MiB threshold, and
 * normal stores read every destination line first (measured in
 * docs/performance.md).
 */
#include "nvk_cmd_copy.h"

#include <string.h>

#include "nvk_buffer.h"
#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_device.h"
#include "nvk_worker_pool.h"
#include "util/memcpy_stream.h"

/* Below this a copy is not worth waking workers for. */
#define NVK_PARALLEL_COPY_MIN_B (4u << 20)
#define NVK_COPY_CHUNK_B (1u << 20)

VKAPI_ATTR void VKAPI_CALL
nvk_CmdCopyBuffer2(VkCommandBuffer commandBuffer, const VkCopyBufferInfo2 *pCopyBufferInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_buffer, src, pCopyBufferInfo->srcBuffer);
   VK_FROM_HANDLE(nvk_buffer, dst, pCopyBufferInfo->dstBuffer);
   const uint32_t n = pCopyBufferInfo->regionCount;
   struct nvk_cmd_copy_buffer *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_COPY_BUFFER, sizeof(*p) + n * sizeof(p->regions[0]));
   if (!p)
      return;
   p->region_count = n;
   for (uint32_t i = 0; i < n; i++) {
      const VkBufferCopy2 *r = &pCopyBufferInfo->pRegions[i];
      p->regions[i] = (struct nvk_cmd_copy_buffer_region){
         .src_addr = nvk_buffer_address(src, r->srcOffset),
         .dst_addr = nvk_buffer_address(dst, r->dstOffset),
         .size_B = r->size,
      };
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdCopyBuffer(VkCommandBuffer commandBuffer, VkBuffer srcBuffer, VkBuffer dstBuffer,
                  uint32_t regionCount, const VkBufferCopy *pRegions)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_buffer, src, srcBuffer);
   VK_FROM_HANDLE(nvk_buffer, dst, dstBuffer);
   struct nvk_cmd_copy_buffer *p = nvk_cmd_buffer_emit(
      cmd, NVK_CMD_COPY_BUFFER, sizeof(*p) + regionCount * sizeof(p->regions[0]));
   if (!p)
      return;
   p->region_count = regionCount;
   for (uint32_t i = 0; i < regionCount; i++) {
      p->regions[i] = (struct nvk_cmd_copy_buffer_region){
         .src_addr = nvk_buffer_address(src, pRegions[i].srcOffset),
         .dst_addr = nvk_buffer_address(dst, pRegions[i].dstOffset),
         .size_B = pRegions[i].size,
      };
   }
}

struct copy_job {
   uint8_t *dst;
   const uint8_t *src;
   uint64_t size_B;
};

static void
copy_chunk(void *data, uint32_t i)
{
   const struct copy_job *job = data;
   const uint64_t offset_B = (uint64_t)i * NVK_COPY_CHUNK_B;
   util_memcpy_stream(job->dst + offset_B, job->src + offset_B,
                      MIN2((uint64_t)NVK_COPY_CHUNK_B, job->size_B - offset_B));
}

void
nvk_exec_copy_buffer(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_copy_buffer *p = payload;
   for (uint32_t i = 0; i < p->region_count; i++) {
      const struct nvk_cmd_copy_buffer_region *r = &p->regions[i];
      const uint8_t *src = nvk_exec_translate(ex, r->src_addr, r->size_B);
      uint8_t *dst = nvk_exec_translate(ex, r->dst_addr, r->size_B);
      if (!src || !dst)
         return;
      if (r->size_B < NVK_PARALLEL_COPY_MIN_B) {
         memcpy(dst, src, r->size_B);
         continue;
      }
      struct copy_job job = {dst, src, r->size_B};
      nvk_worker_pool_parallel_for(ex->dev->workers,
                                   (uint32_t)DIV_ROUND_UP(r->size_B, NVK_COPY_CHUNK_B),
                                   copy_chunk, &job);
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdFillBuffer(VkCommandBuffer commandBuffer, VkBuffer dstBuffer, VkDeviceSize dstOffset,
                  VkDeviceSize size, uint32_t data)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_buffer, dst, dstBuffer);
   struct nvk_cmd_fill_buffer *p = nvk_cmd_buffer_emit(cmd, NVK_CMD_FILL_BUFFER, sizeof(*p));
   if (!p)
      return;
   /* Vulkan 1.3, 20.3: VK_WHOLE_SIZE fills to the end, rounded down to a
    * multiple of 4. */
   uint64_t size_B = nvk_buffer_range(dst, dstOffset, size);
   if (size == VK_WHOLE_SIZE)
      size_B &= ~(uint64_t)3;
   p->dst_addr = nvk_buffer_address(dst, dstOffset);
   p->size_B = size_B;
   p->data = data;
}

struct fill_job {
   uint32_t *dst;
   uint64_t count; /* 32-bit words */
   uint32_t data;
};

static void
fill_words(uint32_t *dst, uint64_t count, uint32_t data)
{
   if (data == 0 || data == UINT32_MAX || (data & 0xff) * 0x01010101u == data) {
      memset(dst, (int)(data & 0xff), count * 4);
      return;
   }
   for (uint64_t i = 0; i < count; i++)
      dst[i] = data;
}

static void
fill_chunk(void *data, uint32_t i)
{
   const struct fill_job *job = data;
   const uint64_t words_per_chunk = NVK_COPY_CHUNK_B / 4;
   const uint64_t first = (uint64_t)i * words_per_chunk;
   util_memset32_stream(job->dst + first, job->data, MIN2(words_per_chunk, job->count - first));
}

void
nvk_exec_fill_buffer(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_fill_buffer *p = payload;
   uint32_t *dst = nvk_exec_translate(ex, p->dst_addr, p->size_B);
   if (!dst)
      return;
   struct fill_job job = {dst, p->size_B / 4, p->data};
   if (p->size_B < NVK_PARALLEL_COPY_MIN_B) {
      fill_words(dst, job.count, p->data);
      return;
   }
   nvk_worker_pool_parallel_for(ex->dev->workers,
                                (uint32_t)DIV_ROUND_UP(p->size_B, NVK_COPY_CHUNK_B),
                                fill_chunk, &job);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdUpdateBuffer(VkCommandBuffer commandBuffer, VkBuffer dstBuffer, VkDeviceSize dstOffset,
                    VkDeviceSize dataSize, const void *pData)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_buffer, dst, dstBuffer);
   /* dataSize is at most 65536 (valid usage); the data is copied now. */
   struct nvk_cmd_update_buffer *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_UPDATE_BUFFER, sizeof(*p) + dataSize);
   if (!p)
      return;
   p->dst_addr = nvk_buffer_address(dst, dstOffset);
   p->size_B = dataSize;
   memcpy(p->data, pData, dataSize);
}

void
nvk_exec_update_buffer(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_update_buffer *p = payload;
   void *dst = nvk_exec_translate(ex, p->dst_addr, p->size_B);
   if (dst)
      memcpy(dst, p->data, p->size_B);
}
