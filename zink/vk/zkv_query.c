/* SPDX-License-Identifier: MIT */
/*
 * Queries. A GL query spans whatever happens between begin and end, but a
 * Vulkan query lives in one command buffer, so a query is a list of pieces
 * (one VkQueryPool each): a piece begins outside rendering (so it may span
 * rendering scopes), ends when the batch is flushed, and a new one begins
 * in the next batch. The result is the sum of the pieces.
 */
#include <stdlib.h>
#include <string.h>

#include "util/debug.h"
#include "zkv_private.h"

static VkQueryType
vk_type(const struct zkv_query *q, VkQueryPipelineStatisticFlags *stats)
{
   *stats = 0;
   switch (q->type) {
   case ZKV_QUERY_OCCLUSION_COUNT:
   case ZKV_QUERY_OCCLUSION_ANY:
      return VK_QUERY_TYPE_OCCLUSION;
   case ZKV_QUERY_TIMESTAMP:
   case ZKV_QUERY_TIME_ELAPSED:
      return VK_QUERY_TYPE_TIMESTAMP;
   case ZKV_QUERY_PRIMITIVES_GENERATED:
      *stats = VK_QUERY_PIPELINE_STATISTIC_CLIPPING_INVOCATIONS_BIT;
      return VK_QUERY_TYPE_PIPELINE_STATISTICS;
   case ZKV_QUERY_XFB_PRIMITIVES_WRITTEN:
   case ZKV_QUERY_XFB_OVERFLOW:
      return VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT;
   case ZKV_QUERY_PIPELINE_STATISTIC:
   default:
      *stats = q->index;
      return VK_QUERY_TYPE_PIPELINE_STATISTICS;
   }
}

static bool
supported(const struct zkv_caps *caps, enum zkv_query_type type, uint32_t index)
{
   switch (type) {
   case ZKV_QUERY_OCCLUSION_COUNT:
   case ZKV_QUERY_OCCLUSION_ANY:
      return true;
   case ZKV_QUERY_TIMESTAMP:
   case ZKV_QUERY_TIME_ELAPSED:
      return caps->timestamps;
   case ZKV_QUERY_PRIMITIVES_GENERATED:
      return caps->primitives_generated && index == 0;
   case ZKV_QUERY_XFB_PRIMITIVES_WRITTEN:
   case ZKV_QUERY_XFB_OVERFLOW:
      return caps->transform_feedback && index < caps->max_xfb_streams;
   case ZKV_QUERY_PIPELINE_STATISTIC:
      return caps->pipeline_statistics && index && !(index & (index - 1)) &&
             index <= VK_QUERY_PIPELINE_STATISTIC_COMPUTE_SHADER_INVOCATIONS_BIT;
   default:
      return false;
   }
}

static void
free_pieces(struct zkv_query *q)
{
   dynarray_foreach(&q->pieces, struct zkv_query_piece, p)
      vkDestroyQueryPool(q->ctx->screen->dev, p->pool, NULL);
   dynarray_clear(&q->pieces);
}

static void
query_release(struct zkv_ref *ref)
{
   struct zkv_query *q = (struct zkv_query *)ref;
   free_pieces(q);
   dynarray_finish(&q->pieces);
   free(q);
}

struct zkv_query *
zkv_query_create(struct zkv_context *ctx, enum zkv_query_type type, uint32_t index,
                 VkResult *result)
{
   if (!supported(&ctx->screen->caps, type, index)) {
      *result = VK_ERROR_FEATURE_NOT_PRESENT;
      return NULL;
   }
   struct zkv_query *q = calloc(1, sizeof(*q));
   if (!q) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   zkv_ref_init(&q->ref, query_release);
   q->ctx = ctx;
   q->type = type;
   q->index = index;
   dynarray_init(&q->pieces, NULL);
   *result = VK_SUCCESS;
   return q;
}

void
zkv_query_destroy(struct zkv_query *query)
{
   if (!query)
      return;
   if (query->active)
      zkv_query_end(query->ctx, query);
   if (query->ctx->condition == query)
      zkv_render_condition(query->ctx, NULL, false, false);
   zkv_ref_put(&query->ref);
}

/* Records the start of a new piece into the recording batch. */
static void
piece_begin(struct zkv_context *ctx, struct zkv_query *q)
{
   VkCommandBuffer cmd = ctx->batch->cmd;
   VkQueryPipelineStatisticFlags stats;
   const VkQueryType type = vk_type(q, &stats);
   const VkQueryPoolCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = type,
      .queryCount = 2,
      .pipelineStatistics = stats,
   };
   struct zkv_query_piece piece = {0};
   VkResult r = vkCreateQueryPool(ctx->screen->dev, &info, NULL, &piece.pool);
   if (r != VK_SUCCESS) {
      zkv_context_error(ctx, r);
      return;
   }
   if (!dynarray_append(&q->pieces, struct zkv_query_piece, piece)) {
      vkDestroyQueryPool(ctx->screen->dev, piece.pool, NULL);
      zkv_context_error(ctx, VK_ERROR_OUT_OF_HOST_MEMORY);
      return;
   }
   vkCmdResetQueryPool(cmd, piece.pool, 0, 2);
   zkv_batch_use(ctx, &q->ref);
   q->seqno = ctx->batch->seqno;
   const struct zkv_dispatch *vk = &ctx->screen->vk;
   switch (q->type) {
   case ZKV_QUERY_TIMESTAMP:
      break;
   case ZKV_QUERY_TIME_ELAPSED:
      vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, piece.pool, 0);
      break;
   case ZKV_QUERY_XFB_PRIMITIVES_WRITTEN:
   case ZKV_QUERY_XFB_OVERFLOW:
      vk->CmdBeginQueryIndexedEXT(cmd, piece.pool, 0, 0, q->index);
      break;
   default:
      vkCmdBeginQuery(cmd, piece.pool, 0,
                      q->type == ZKV_QUERY_OCCLUSION_COUNT ? VK_QUERY_CONTROL_PRECISE_BIT : 0);
      break;
   }
}

static void
piece_end(struct zkv_context *ctx, struct zkv_query *q)
{
   const uint32_t n = (uint32_t)dynarray_num_elements(&q->pieces, struct zkv_query_piece);
   if (n == 0)
      return;
   const struct zkv_query_piece *p = dynarray_element(&q->pieces, struct zkv_query_piece, n - 1);
   VkCommandBuffer cmd = ctx->batch->cmd;
   switch (q->type) {
   case ZKV_QUERY_TIMESTAMP:
      break;
   case ZKV_QUERY_TIME_ELAPSED:
      vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, p->pool, 1);
      break;
   case ZKV_QUERY_XFB_PRIMITIVES_WRITTEN:
   case ZKV_QUERY_XFB_OVERFLOW:
      ctx->screen->vk.CmdEndQueryIndexedEXT(cmd, p->pool, 0, q->index);
      break;
   default:
      vkCmdEndQuery(cmd, p->pool, 0);
      break;
   }
}

/* Pieces may only be replaced once the device is done with them. */
static void
restart(struct zkv_context *ctx, struct zkv_query *q)
{
   if (dynarray_num_elements(&q->pieces, struct zkv_query_piece)) {
      if (ctx->batch && q->seqno == ctx->batch->seqno)
         zkv_fence_destroy(zkv_flush(ctx));
      zkv_timeline_wait(ctx->timeline, q->seqno, UINT64_MAX);
   }
   free_pieces(q);
   q->has_result = false;
   q->result = 0;
}

/* Vulkan allows one active query of each type per command buffer
 * (VUID-vkCmdBeginQuery-queryPool-01922): GL's SAMPLES_PASSED with
 * ANY_SAMPLES_PASSED, or PRIMITIVES_GENERATED with a pipeline statistic,
 * would collide. */
static bool
collides(const struct zkv_context *ctx, const struct zkv_query *query)
{
   VkQueryPipelineStatisticFlags s;
   const VkQueryType type = vk_type(query, &s);
   for (const struct zkv_query *q = ctx->active_queries; q; q = q->next_active)
      if (vk_type(q, &s) == type)
         return true;
   return false;
}

void
zkv_query_begin(struct zkv_context *ctx, struct zkv_query *query)
{
   if (query->active || query->type == ZKV_QUERY_TIMESTAMP)
      return;
   if (collides(ctx, query)) {
      util_loge("zkv", "a query of the same Vulkan type is active: this one counts nothing");
      return;
   }
   restart(ctx, query);
   if (!zkv_context_cmd(ctx))
      return;
   zkv_context_end_rendering(ctx);
   piece_begin(ctx, query);
   query->active = true;
   query->next_active = ctx->active_queries;
   ctx->active_queries = query;
}

void
zkv_query_end(struct zkv_context *ctx, struct zkv_query *query)
{
   if (!query->active)
      return;
   for (struct zkv_query **p = &ctx->active_queries; *p; p = &(*p)->next_active) {
      if (*p == query) {
         *p = query->next_active;
         break;
      }
   }
   query->active = false;
   if (!zkv_context_cmd(ctx))
      return;
   zkv_context_end_rendering(ctx);
   piece_end(ctx, query);
}

void
zkv_query_timestamp(struct zkv_context *ctx, struct zkv_query *query)
{
   if (query->type != ZKV_QUERY_TIMESTAMP)
      return;
   restart(ctx, query);
   if (!zkv_context_cmd(ctx))
      return;
   zkv_context_end_rendering(ctx);
   piece_begin(ctx, query);
   if (!dynarray_num_elements(&query->pieces, struct zkv_query_piece))
      return;
   const struct zkv_query_piece *p = dynarray_element(&query->pieces, struct zkv_query_piece, 0);
   vkCmdWriteTimestamp(ctx->batch->cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, p->pool, 0);
}

void
zkv_queries_suspend(struct zkv_context *ctx)
{
   for (struct zkv_query *q = ctx->active_queries; q; q = q->next_active)
      piece_end(ctx, q);
}

void
zkv_queries_resume(struct zkv_context *ctx)
{
   for (struct zkv_query *q = ctx->active_queries; q; q = q->next_active)
      piece_begin(ctx, q);
}

static uint64_t
ticks_ns(const struct zkv_caps *caps, uint64_t ticks)
{
   if (caps->timestamp_valid_bits < 64)
      ticks &= (1ull << caps->timestamp_valid_bits) - 1;
   return (uint64_t)((double)ticks * caps->timestamp_period_ns);
}

/* Reads every piece (they are all done) and combines them. */
static bool
combine(struct zkv_context *ctx, struct zkv_query *q)
{
   const struct zkv_caps *caps = &ctx->screen->caps;
   uint64_t sum = 0;
   dynarray_foreach(&q->pieces, struct zkv_query_piece, p)
   {
      uint64_t v[2] = {0, 0};
      const bool two = q->type == ZKV_QUERY_TIME_ELAPSED || q->type == ZKV_QUERY_XFB_OVERFLOW ||
                       q->type == ZKV_QUERY_XFB_PRIMITIVES_WRITTEN;
      const uint32_t count = q->type == ZKV_QUERY_TIME_ELAPSED ? 2 : 1;
      const VkResult r = vkGetQueryPoolResults(
         ctx->screen->dev, p->pool, 0, count, sizeof(v), v,
         two && q->type != ZKV_QUERY_TIME_ELAPSED ? 16 : 8,
         VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
      if (r != VK_SUCCESS) {
         zkv_context_error(ctx, r == VK_NOT_READY ? VK_ERROR_DEVICE_LOST : r);
         return false;
      }
      switch (q->type) {
      case ZKV_QUERY_TIMESTAMP:
         sum = ticks_ns(caps, v[0]);
         break;
      case ZKV_QUERY_TIME_ELAPSED:
         sum += ticks_ns(caps, v[1]) - ticks_ns(caps, v[0]);
         break;
      case ZKV_QUERY_XFB_OVERFLOW:
         sum |= v[1] > v[0]; /* primitives needed beyond those written */
         break;
      default:
         sum += v[0];
         break;
      }
   }
   if (q->type == ZKV_QUERY_OCCLUSION_ANY)
      sum = sum != 0;
   q->result = sum;
   q->has_result = true;
   return true;
}

bool
zkv_query_result(struct zkv_context *ctx, struct zkv_query *query, bool wait, uint64_t *value)
{
   if (!query->has_result) {
      if (query->active)
         return false;
      if (dynarray_num_elements(&query->pieces, struct zkv_query_piece)) {
         const bool recording = ctx->batch && query->seqno == ctx->batch->seqno;
         if (!wait && (recording || !zkv_timeline_reached(ctx->timeline, query->seqno)))
            return false;
         if (recording)
            zkv_fence_destroy(zkv_flush(ctx));
         zkv_timeline_wait(ctx->timeline, query->seqno, UINT64_MAX);
      }
      if (!combine(ctx, query))
         return false;
   }
   *value = query->result;
   return true;
}

void
zkv_query_result_to_buffer(struct zkv_context *ctx, struct zkv_query *query,
                           struct zkv_buffer *buffer, VkDeviceSize offset_B, bool is_64)
{
   const uint32_t n = (uint32_t)dynarray_num_elements(&query->pieces, struct zkv_query_piece);
   const bool direct = n == 1 && !query->has_result &&
                       (query->type == ZKV_QUERY_OCCLUSION_COUNT ||
                        query->type == ZKV_QUERY_PRIMITIVES_GENERATED ||
                        query->type == ZKV_QUERY_PIPELINE_STATISTIC);
   if (direct) {
      VkCommandBuffer cmd = zkv_context_transfer_cmd(ctx);
      if (!cmd)
         return;
      const struct zkv_query_piece *p = dynarray_element(&query->pieces, struct zkv_query_piece, 0);
      vkCmdCopyQueryPoolResults(cmd, p->pool, 0, 1, buffer->storage->buffer, offset_B, 8,
                                VK_QUERY_RESULT_WAIT_BIT | (is_64 ? VK_QUERY_RESULT_64_BIT : 0));
      zkv_batch_use(ctx, &query->ref);
      zkv_batch_use(ctx, &buffer->storage->ref);
      return;
   }
   uint64_t v = 0;
   zkv_query_result(ctx, query, true, &v);
   if (is_64) {
      zkv_buffer_subdata(ctx, buffer, offset_B, 8, &v);
   } else {
      const uint32_t v32 = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
      zkv_buffer_subdata(ctx, buffer, offset_B, 4, &v32);
   }
}
