/* SPDX-License-Identifier: MIT */
#include "nvk_query_pool.h"
#include "nvk_host_budget.h"

#include <string.h>

#include "nvk_buffer.h"
#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_device.h"
#include "util/os.h"
#include "vk_alloc.h"
#include "vk_log.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateQueryPool(VkDevice _device, const VkQueryPoolCreateInfo *pCreateInfo,
                    const VkAllocationCallbacks *pAllocator, VkQueryPool *pQueryPool)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   uint32_t per_query;
   switch (pCreateInfo->queryType) {
   case VK_QUERY_TYPE_TIMESTAMP:
   case VK_QUERY_TYPE_OCCLUSION:
      per_query = 1;
      break;
   case VK_QUERY_TYPE_PIPELINE_STATISTICS:
      per_query = __builtin_popcount(pCreateInfo->pipelineStatistics &
                                     BITFIELD_MASK(NVK_STAT_COUNTER_COUNT));
      break;
   case VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT:
      per_query = 2; /* primitives written, primitives needed */
      break;
   case VK_QUERY_TYPE_PRIMITIVES_GENERATED_EXT:
      per_query = 1;
      break;
   default:
      /* Query types of extensions we do not expose. */
      return vk_errorf(dev, VK_ERROR_FEATURE_NOT_PRESENT, "query type %d",
                       pCreateInfo->queryType);
   }

   const uint32_t n = pCreateInfo->queryCount;
   /* Two values per counter and an availability flag, per query. */
   if (!nvk_host_budget_fits(n, 2 * sizeof(uint64_t) * per_query + sizeof(bool), 0))
      return vk_errorf(dev, VK_ERROR_OUT_OF_HOST_MEMORY,
                       "%u queries exceed the host budget", n);
   const size_t values = (size_t)n * per_query;
   VK_MULTIALLOC(ma);
   VK_MULTIALLOC_DECL(&ma, struct nvk_query_pool, pool, 1);
   VK_MULTIALLOC_DECL(&ma, uint64_t, value_array, values);
   VK_MULTIALLOC_DECL(&ma, uint64_t, begin_array, values);
   VK_MULTIALLOC_DECL(&ma, bool, avail_array, n);
   if (!vk_multialloc_zalloc(&ma, vk_alloc_choose(&dev->vk.alloc, pAllocator),
                             VK_SYSTEM_ALLOCATION_SCOPE_OBJECT))
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   vk_object_base_init(&dev->vk, &pool->base, VK_OBJECT_TYPE_QUERY_POOL);
   pool->type = pCreateInfo->queryType;
   pool->count = n;
   pool->statistics = pCreateInfo->pipelineStatistics;
   pool->values_per_query = per_query;
   pool->values = value_array;
   pool->begin = begin_array;
   pool->available = avail_array;
   *pQueryPool = nvk_query_pool_to_handle(pool);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyQueryPool(VkDevice _device, VkQueryPool queryPool,
                     const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_query_pool, pool, queryPool);
   vk_object_free(&dev->vk, pAllocator, pool);
}

static void
reset_locked(struct nvk_query_pool *pool, uint32_t first, uint32_t count)
{
   for (uint32_t q = first; q < first + count && q < pool->count; q++) {
      pool->available[q] = false;
      memset(&pool->values[(size_t)q * pool->values_per_query], 0,
             pool->values_per_query * sizeof(uint64_t));
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_ResetQueryPool(VkDevice _device, VkQueryPool queryPool, uint32_t firstQuery,
                   uint32_t queryCount)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_query_pool, pool, queryPool);
   vk_sync_domain_lock(&dev->vk.sync);
   reset_locked(pool, firstQuery, queryCount);
   vk_sync_domain_unlock(&dev->vk.sync);
}

/* Writes one query's results as vkGetQueryPoolResults lays them out (values,
 * then availability with WITH_AVAILABILITY). Returns whether it was
 * available. Sync lock held. */
static bool
write_result_locked(const struct nvk_query_pool *pool, uint32_t q, void *dst,
                    VkQueryResultFlags flags)
{
   const bool avail = pool->available[q];
   const bool is64 = flags & VK_QUERY_RESULT_64_BIT;
   const uint64_t *values = &pool->values[(size_t)q * pool->values_per_query];
   uint32_t i;
   /* Spec (Vulkan 1.3, 17.2): unavailable results are written only with
    * PARTIAL_BIT; with it, any value between 0 and the final one is right,
    * and 0 is what we have. */
   for (i = 0; i < pool->values_per_query; i++) {
      if (!avail && !(flags & VK_QUERY_RESULT_PARTIAL_BIT))
         continue;
      const uint64_t v = avail ? values[i] : 0;
      if (is64)
         ((uint64_t *)dst)[i] = v;
      else
         ((uint32_t *)dst)[i] = (uint32_t)v;
   }
   if (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT) {
      if (is64)
         ((uint64_t *)dst)[i] = avail;
      else
         ((uint32_t *)dst)[i] = avail;
   }
   return avail;
}

/* Waits for query q (WAIT_BIT): until available, the device is lost, or
 * `deadline` (UINT64_MAX: none). Sync lock held. */
static bool
wait_available_locked(struct vk_sync_domain *sync, const struct nvk_query_pool *pool,
                      uint32_t q, uint64_t deadline)
{
   while (!pool->available[q]) {
      if (sync->lost || !vk_sync_domain_wait_locked(sync, deadline))
         return pool->available[q];
   }
   return true;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetQueryPoolResults(VkDevice _device, VkQueryPool queryPool, uint32_t firstQuery,
                        uint32_t queryCount, size_t dataSize, void *pData,
                        VkDeviceSize stride, VkQueryResultFlags flags)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_query_pool, pool, queryPool);
   struct vk_sync_domain *sync = &dev->vk.sync;
   if (vk_device_is_lost(&dev->vk))
      return VK_ERROR_DEVICE_LOST;

   VkResult result = VK_SUCCESS;
   vk_sync_domain_lock(sync);
   for (uint32_t i = 0; i < queryCount; i++) {
      const uint32_t q = firstQuery + i;
      if (flags & VK_QUERY_RESULT_WAIT_BIT) {
         /* A query never submitted is waited for forever (the spec's words);
          * losing the device ends the wait. */
         if (!wait_available_locked(sync, pool, q, UINT64_MAX)) {
            result = VK_ERROR_DEVICE_LOST;
            break;
         }
      }
      if (!write_result_locked(pool, q, (char *)pData + i * stride, flags))
         result = VK_NOT_READY;
   }
   vk_sync_domain_unlock(sync);
   return result;
}

/* ---------------------------------------------------------------------- */

static void
emit_query_indexed(VkCommandBuffer commandBuffer, enum nvk_cmd_type type,
                   VkQueryPool queryPool, uint32_t first, uint32_t count, uint32_t index)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_query *p = nvk_cmd_buffer_emit(cmd, type, sizeof(*p));
   if (!p)
      return;
   p->pool = nvk_query_pool_from_handle(queryPool);
   p->first = first;
   p->count = count;
   p->index = index;
   p->pad = 0;
}

static void
emit_query(VkCommandBuffer commandBuffer, enum nvk_cmd_type type, VkQueryPool queryPool,
           uint32_t first, uint32_t count)
{
   emit_query_indexed(commandBuffer, type, queryPool, first, count, 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdResetQueryPool(VkCommandBuffer commandBuffer, VkQueryPool queryPool, uint32_t firstQuery,
                      uint32_t queryCount)
{
   emit_query(commandBuffer, NVK_CMD_RESET_QUERIES, queryPool, firstQuery, queryCount);
}

void
nvk_exec_reset_queries(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_query *p = payload;
   vk_sync_domain_lock(&ex->dev->vk.sync);
   reset_locked(p->pool, p->first, p->count);
   vk_sync_domain_unlock(&ex->dev->vk.sync);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdWriteTimestamp2(VkCommandBuffer commandBuffer, VkPipelineStageFlags2 stage,
                       VkQueryPool queryPool, uint32_t query)
{
   /* Every earlier command has completed when replay reaches this one, so
    * the time now is right for any stage. */
   emit_query(commandBuffer, NVK_CMD_WRITE_TIMESTAMP, queryPool, query, 1);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdWriteTimestamp(VkCommandBuffer commandBuffer, VkPipelineStageFlagBits pipelineStage,
                      VkQueryPool queryPool, uint32_t query)
{
   emit_query(commandBuffer, NVK_CMD_WRITE_TIMESTAMP, queryPool, query, 1);
}

static void
make_available(struct nvk_exec *ex, struct nvk_query_pool *pool, uint32_t q)
{
   struct vk_sync_domain *sync = &ex->dev->vk.sync;
   vk_sync_domain_lock(sync);
   pool->available[q] = true;
   vk_sync_domain_broadcast_locked(sync);
   vk_sync_domain_unlock(sync);
}

/* Vulkan 1.3, 17.2 "Query Operation": inside a multiview render pass
 * instance "the query uses N consecutive query indices in the query pool
 * (starting at query) where N is the number of bits set in the view mask
 * [...] How the numerical results of the query are distributed among the
 * queries is implementation-dependent". kiln writes the total to the first
 * and zeros to the others (the timestamp rule of 17.7 says the same). */
static void
finish_other_views(struct nvk_exec *ex, struct nvk_query_pool *pool, uint32_t first)
{
   const struct nvk_exec_rendering *r = &ex->gfx.rendering;
   if (!r->active || !r->view_mask)
      return;
   const uint32_t n = (uint32_t)__builtin_popcount(r->view_mask);
   for (uint32_t v = 1; v < n && first + v < pool->count; v++) {
      memset(&pool->values[(size_t)(first + v) * pool->values_per_query], 0,
             pool->values_per_query * sizeof(uint64_t));
      make_available(ex, pool, first + v);
   }
}

void
nvk_exec_write_timestamp(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_query *p = payload;
   nvk_exec_flush_rendering(ex);
   p->pool->values[p->first] = util_time_ns();
   make_available(ex, p->pool, p->first);
   finish_other_views(ex, p->pool, p->first);
}

/* The executor counters a query of this pool reads, in result order;
 * `stream` is the vertex stream of indexed queries. */
static unsigned
query_counters(const struct nvk_query_pool *pool, uint32_t stream, unsigned *idx)
{
   if (pool->type == VK_QUERY_TYPE_OCCLUSION) {
      idx[0] = NVK_COUNTER_SAMPLES_PASSED;
      return 1;
   }
   /* VK_EXT_transform_feedback: "the number of primitives successfully
    * written to the corresponding transform feedback buffer" and "the
    * number of primitives output to the vertex stream"; VK_EXT_primitives_
    * generated_query: the primitives the last pre-rasterization stage
    * emits on the stream. Streams past the limit count nothing (invalid). */
   if (pool->type == VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT) {
      idx[0] = NVK_COUNTER_XFB_WRITTEN0 + MIN2(stream, 3u);
      idx[1] = NVK_COUNTER_XFB_NEEDED0 + MIN2(stream, 3u);
      return 2;
   }
   if (pool->type == VK_QUERY_TYPE_PRIMITIVES_GENERATED_EXT) {
      idx[0] = NVK_COUNTER_PRIMS_GENERATED0 + MIN2(stream, 3u);
      return 1;
   }
   unsigned n = 0;
   u_foreach_bit(b, pool->statistics & BITFIELD_MASK(NVK_STAT_COUNTER_COUNT))
      idx[n++] = b;
   return n;
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBeginQuery(VkCommandBuffer commandBuffer, VkQueryPool queryPool, uint32_t query,
                  VkQueryControlFlags flags)
{
   emit_query(commandBuffer, NVK_CMD_BEGIN_QUERY, queryPool, query, 1);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdEndQuery(VkCommandBuffer commandBuffer, VkQueryPool queryPool, uint32_t query)
{
   emit_query(commandBuffer, NVK_CMD_END_QUERY, queryPool, query, 1);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBeginQueryIndexedEXT(VkCommandBuffer commandBuffer, VkQueryPool queryPool,
                            uint32_t query, VkQueryControlFlags flags, uint32_t index)
{
   emit_query_indexed(commandBuffer, NVK_CMD_BEGIN_QUERY, queryPool, query, 1, index);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdEndQueryIndexedEXT(VkCommandBuffer commandBuffer, VkQueryPool queryPool,
                          uint32_t query, uint32_t index)
{
   emit_query_indexed(commandBuffer, NVK_CMD_END_QUERY, queryPool, query, 1, index);
}

void
nvk_exec_begin_query(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_query *p = payload;
   nvk_exec_flush_rendering(ex);
   unsigned idx[NVK_COUNTER_COUNT];
   const unsigned n = query_counters(p->pool, p->index, idx);
   uint64_t *begin = &p->pool->begin[(size_t)p->first * p->pool->values_per_query];
   for (unsigned i = 0; i < n; i++)
      begin[i] = ex->counters[idx[i]];
}

void
nvk_exec_end_query(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_query *p = payload;
   /* Counts of deferred draws land before the query reads them. */
   nvk_exec_flush_rendering(ex);
   unsigned idx[NVK_COUNTER_COUNT];
   const unsigned n = query_counters(p->pool, p->index, idx);
   const size_t base = (size_t)p->first * p->pool->values_per_query;
   for (unsigned i = 0; i < n; i++)
      p->pool->values[base + i] = ex->counters[idx[i]] - p->pool->begin[base + i];
   make_available(ex, p->pool, p->first);
   finish_other_views(ex, p->pool, p->first);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdCopyQueryPoolResults(VkCommandBuffer commandBuffer, VkQueryPool queryPool,
                            uint32_t firstQuery, uint32_t queryCount, VkBuffer dstBuffer,
                            VkDeviceSize dstOffset, VkDeviceSize stride,
                            VkQueryResultFlags flags)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_buffer, dst, dstBuffer);
   struct nvk_cmd_copy_query_results *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_COPY_QUERY_RESULTS, sizeof(*p));
   if (!p)
      return;
   p->pool = nvk_query_pool_from_handle(queryPool);
   p->first = firstQuery;
   p->count = queryCount;
   p->dst_addr = nvk_buffer_address(dst, dstOffset);
   p->stride_B = stride;
   p->flags = flags;
}

void
nvk_exec_copy_query_results(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_copy_query_results *p = payload;
   const uint32_t slots = p->pool->values_per_query +
                          ((p->flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT) ? 1 : 0);
   const uint64_t elem_B = (p->flags & VK_QUERY_RESULT_64_BIT) ? 8 : 4;
   if (p->count == 0)
      return;
   const uint64_t span_B = (uint64_t)(p->count - 1) * p->stride_B + slots * elem_B;
   uint8_t *dst = nvk_exec_translate(ex, p->dst_addr, span_B);
   if (!dst)
      return;

   struct vk_sync_domain *sync = &ex->dev->vk.sync;
   const uint64_t deadline = nvk_exec_tdr_deadline(ex);
   vk_sync_domain_lock(sync);
   for (uint32_t i = 0; i < p->count; i++) {
      const uint32_t q = p->first + i;
      /* Queries written earlier on this queue are already available; one
       * written by another queue may still come, until the watchdog. */
      if ((p->flags & VK_QUERY_RESULT_WAIT_BIT) &&
          !wait_available_locked(sync, p->pool, q, deadline)) {
         nvk_exec_fault(ex, "vkCmdCopyQueryPoolResults: query %u never became available",
                        q);
         break;
      }
      write_result_locked(p->pool, q, dst + i * p->stride_B, p->flags);
   }
   vk_sync_domain_unlock(sync);
}
