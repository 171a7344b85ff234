/* SPDX-License-Identifier: MIT */
/*
 * Query pools. Results live in host memory next to the pool: per query,
 * `values_per_query` 64-bit counters and an availability flag (written under
 * the device's sync domain so that waiters can sleep on it).
 *
 * Timestamps are CLOCK_MONOTONIC nanoseconds (timestampPeriod 1). Pipeline
 * statistics and occlusion queries snapshot the executor's counters at
 * vkCmdBeginQuery and store the difference at vkCmdEndQuery; the executor's
 * counters are bumped by whoever does the work (dispatch: compute shader
 * invocations; draws, later, the rest).
 */
#ifndef NVK_QUERY_POOL_H
#define NVK_QUERY_POOL_H

#include "vk_object.h"

struct nvk_query_pool {
   struct vk_object_base base;
   VkQueryType type;
   uint32_t count;
   VkQueryPipelineStatisticFlags statistics;
   uint32_t values_per_query;
   uint64_t *values;   /* count * values_per_query */
   uint64_t *begin;    /* snapshots at vkCmdBeginQuery, same shape */
   bool *available;    /* count */
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_query_pool, base, VkQueryPool, VK_OBJECT_TYPE_QUERY_POOL)

struct nvk_cmd_query {
   struct nvk_query_pool *pool;
   uint32_t first;
   uint32_t count;
   uint32_t index; /* vkCmdBeginQueryIndexedEXT: the vertex stream */
   uint32_t pad;
};

struct nvk_cmd_copy_query_results {
   struct nvk_query_pool *pool;
   uint32_t first;
   uint32_t count;
   uint64_t dst_addr;
   uint64_t stride_B;
   VkQueryResultFlags flags;
   uint32_t pad;
};

#endif /* NVK_QUERY_POOL_H */
