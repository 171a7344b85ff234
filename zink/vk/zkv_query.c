/* SPDX-License-Identifier: MIT */
/*
 * Queries. A GL query spans whatever happens between begin and end, but a
 * Vulkan query lives in one command buffer, and one command buffer may
 * have only one active query of each type (VUID-vkCmdBeginQuery-queryPool-01922)
 * while GL lets SAMPLES_PASSED and ANY_SAMPLES_PASSED, or
 * PRIMITIVES_GENERATED and pipeline statistics, run at once. So a GL query
 * is a list of pieces, each a Vulkan query that counted part of its life:
 *
 *  - occlusion and statistics queries (the shared classes) are counted by
 *    one Vulkan query per class at a time, shared by every active GL query
 *    of the class (statistics: the union of their counters); whenever one
 *    of them begins or ends, the class's Vulkan query ends and a new one
 *    begins for those still active;
 *  - timestamps, elapsed time and transform feedback queries have pieces
 *    of their own;
 *  - pieces begin outside rendering (a query may contain whole rendering
 *    scopes), end when the batch is flushed, and begin again in the next.
 *
 * A result is the sum over the query's pieces.
 */
#include <stdlib.h>
#include <string.h>

#include "zkv_private.h"

static int
query_class(enum zkv_query_type type)
{
   switch (type) {
   case ZKV_QUERY_OCCLUSION_COUNT:
   case ZKV_QUERY_OCCLUSION_ANY:
      return ZKV_QUERY_CLASS_OCCLUSION;
   case ZKV_QUERY_PRIMITIVES_GENERATED:
   case ZKV_QUERY_PIPELINE_STATISTIC:
      return ZKV_QUERY_CLASS_STATISTICS;
   default:
      return -1;
   }
}

/* The statistics a query reads: GL counts the last vertex stage's
 * primitives, rasterizer discard or not (GL 4.6, 13.3), which clipping
 * invocations miss, so primitives generated reads input-assembly and
 * geometry-shader primitives and picks per piece. */
static VkQueryPipelineStatisticFlags
query_stats(const struct zkv_query *q)
{
   if (q->type == ZKV_QUERY_PRIMITIVES_GENERATED)
      return VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_PRIMITIVES_BIT |
             (q->ctx->screen->caps.features.geometryShader
                 ? VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_PRIMITIVES_BIT
                 : 0);
   if (q->type == ZKV_QUERY_PIPELINE_STATISTIC)
      return q->index;
   return 0;
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

/* ---- Vulkan queries ------------------------------------------------------------- */

static void
pool_unref(struct zkv_screen *s, struct zkv_query_pool *qp)
{
   if (qp && atomic_fetch_sub(&qp->refs, 1) == 1) {
      vkDestroyQueryPool(s->dev, qp->pool, NULL);
      free(qp);
   }
}

/* A reset Vulkan query of `type` in the recording batch. */
static struct zkv_query_pool *
pool_create(struct zkv_context *ctx, VkQueryType type, VkQueryPipelineStatisticFlags stats)
{
   struct zkv_query_pool *qp = calloc(1, sizeof(*qp));
   if (!qp) {
      zkv_context_error(ctx, VK_ERROR_OUT_OF_HOST_MEMORY);
      return NULL;
   }
   const VkQueryPoolCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = type,
      .queryCount = 2,
      .pipelineStatistics = stats,
   };
   VkResult r = vkCreateQueryPool(ctx->screen->dev, &info, NULL, &qp->pool);
   if (r != VK_SUCCESS) {
      free(qp);
      zkv_context_error(ctx, r);
      return NULL;
   }
   atomic_init(&qp->refs, 1);
   qp->type = type;
   qp->stats = stats;
   vkCmdResetQueryPool(ctx->batch->cmd, qp->pool, 0, 2);
   return qp;
}

/* Adds a piece counted by qp to the query (the query keeps qp). */
static void
add_piece(struct zkv_context *ctx, struct zkv_query *q, struct zkv_query_pool *qp)
{
   const struct zkv_query_piece piece = {qp};
   if (!dynarray_append(&q->pieces, struct zkv_query_piece, piece)) {
      zkv_context_error(ctx, VK_ERROR_OUT_OF_HOST_MEMORY);
      return;
   }
   atomic_fetch_add(&qp->refs, 1);
   zkv_batch_use(ctx, &q->ref);
   q->seqno = ctx->batch->seqno;
}

/* ---- the shared classes ------------------------------------------------------------ */

/* Ends the class's Vulkan query, if one is counting. */
static void
class_close(struct zkv_context *ctx, int c)
{
   struct zkv_query_pool *qp = ctx->open_pool[c];
   if (!qp)
      return;
   vkCmdEndQuery(ctx->batch->cmd, qp->pool, 0);
   ctx->open_pool[c] = NULL;
   pool_unref(ctx->screen, qp);
}

/* Begins a Vulkan query for the class's active GL queries, if any. */
static void
class_open(struct zkv_context *ctx, int c)
{
   VkQueryPipelineStatisticFlags stats = 0;
   bool any = false, precise = false;
   for (struct zkv_query *q = ctx->active_queries; q; q = q->next_active) {
      if (query_class(q->type) != c)
         continue;
      any = true;
      stats |= query_stats(q);
      precise |= q->type == ZKV_QUERY_OCCLUSION_COUNT;
   }
   if (!any)
      return;
   const VkQueryType type = c == ZKV_QUERY_CLASS_OCCLUSION ? VK_QUERY_TYPE_OCCLUSION
                                                           : VK_QUERY_TYPE_PIPELINE_STATISTICS;
   struct zkv_query_pool *qp = pool_create(ctx, type, stats);
   if (!qp)
      return;
   vkCmdBeginQuery(ctx->batch->cmd, qp->pool, 0, precise ? VK_QUERY_CONTROL_PRECISE_BIT : 0);
   for (struct zkv_query *q = ctx->active_queries; q; q = q->next_active)
      if (query_class(q->type) == c)
         add_piece(ctx, q, qp);
   ctx->open_pool[c] = qp; /* the context's reference from pool_create */
}

/* ---- queries of their own ------------------------------------------------------------ */

static void
own_begin(struct zkv_context *ctx, struct zkv_query *q)
{
   const bool xfb =
      q->type == ZKV_QUERY_XFB_PRIMITIVES_WRITTEN || q->type == ZKV_QUERY_XFB_OVERFLOW;
   struct zkv_query_pool *qp = pool_create(
      ctx, xfb ? VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT : VK_QUERY_TYPE_TIMESTAMP, 0);
   if (!qp)
      return;
   add_piece(ctx, q, qp);
   pool_unref(ctx->screen, qp); /* the piece holds it */
   VkCommandBuffer cmd = ctx->batch->cmd;
   if (xfb)
      ctx->screen->vk.CmdBeginQueryIndexedEXT(cmd, qp->pool, 0, 0, q->index);
   else
      vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp->pool, 0);
}

static void
own_end(struct zkv_context *ctx, struct zkv_query *q)
{
   const uint32_t n = (uint32_t)dynarray_num_elements(&q->pieces, struct zkv_query_piece);
   if (n == 0)
      return;
   const struct zkv_query_pool *qp = dynarray_element(&q->pieces, struct zkv_query_piece, n - 1)->qp;
   VkCommandBuffer cmd = ctx->batch->cmd;
   if (q->type == ZKV_QUERY_TIME_ELAPSED)
      vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qp->pool, 1);
   else if (q->type != ZKV_QUERY_TIMESTAMP)
      ctx->screen->vk.CmdEndQueryIndexedEXT(cmd, qp->pool, 0, q->index);
}

/* ---- the GL query ------------------------------------------------------------------ */

static void
free_pieces(struct zkv_query *q)
{
   dynarray_foreach(&q->pieces, struct zkv_query_piece, p) pool_unref(q->ctx->screen, p->qp);
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

/* Pieces may only be dropped once the device is done with them. */
static void
restart(struct zkv_context *ctx, struct zkv_query *q)
{
   if (dynarray_num_elements(&q->pieces, struct zkv_query_piece)) {
      if (ctx->batch && q->seqno == ctx->batch->seqno)
         zkv_fence_destroy(zkv_flush(ctx));
      zkv_timeline_wait(ctx->timeline, q->seqno, UINT64_MAX); /* false: never submitted */
   }
   free_pieces(q);
   q->has_result = false;
   q->result = 0;
}

void
zkv_query_begin(struct zkv_context *ctx, struct zkv_query *query)
{
   if (query->active || query->type == ZKV_QUERY_TIMESTAMP)
      return;
   restart(ctx, query);
   if (!zkv_context_cmd(ctx))
      return;
   zkv_context_end_rendering(ctx);
   const int c = query_class(query->type);
   if (c >= 0)
      class_close(ctx, c);
   query->active = true;
   query->next_active = ctx->active_queries;
   ctx->active_queries = query;
   if (c >= 0)
      class_open(ctx, c);
   else
      own_begin(ctx, query);
}

void
zkv_query_end(struct zkv_context *ctx, struct zkv_query *query)
{
   if (!query->active)
      return;
   const bool recording = zkv_context_cmd(ctx) != VK_NULL_HANDLE;
   if (recording)
      zkv_context_end_rendering(ctx);
   const int c = query_class(query->type);
   if (recording && c >= 0)
      class_close(ctx, c);
   else if (recording)
      own_end(ctx, query);
   for (struct zkv_query **p = &ctx->active_queries; *p; p = &(*p)->next_active) {
      if (*p == query) {
         *p = query->next_active;
         break;
      }
   }
   query->active = false;
   if (recording && c >= 0)
      class_open(ctx, c); /* for the ones still counting */
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
   own_begin(ctx, query);
}

void
zkv_queries_suspend(struct zkv_context *ctx)
{
   for (int c = 0; c < ZKV_QUERY_CLASS_COUNT; c++)
      class_close(ctx, c);
   for (struct zkv_query *q = ctx->active_queries; q; q = q->next_active)
      if (query_class(q->type) < 0)
         own_end(ctx, q);
}

void
zkv_queries_resume(struct zkv_context *ctx)
{
   for (int c = 0; c < ZKV_QUERY_CLASS_COUNT; c++)
      class_open(ctx, c);
   for (struct zkv_query *q = ctx->active_queries; q; q = q->next_active)
      if (query_class(q->type) < 0)
         own_begin(ctx, q);
}

void
zkv_queries_note_draw(struct zkv_context *ctx, bool geometry_shader)
{
   struct zkv_query_pool *qp = ctx->open_pool[ZKV_QUERY_CLASS_STATISTICS];
   if (!qp)
      return;
   if (geometry_shader)
      qp->saw_gs = true;
   else
      qp->saw_plain = true;
}

/* ---- results ------------------------------------------------------------------------- */

static uint64_t
ticks_ns(const struct zkv_caps *caps, uint64_t ticks)
{
   if (caps->timestamp_valid_bits < 64)
      ticks &= (1ull << caps->timestamp_valid_bits) - 1;
   return (uint64_t)((double)ticks * caps->timestamp_period_ns);
}

/* A statistic's value among a pool's results (they come in bit order). */
static uint64_t
stat(const struct zkv_query_pool *qp, const uint64_t *v, VkQueryPipelineStatisticFlags bit)
{
   return (qp->stats & bit) ? v[__builtin_popcount(qp->stats & (bit - 1))] : 0;
}

/* Reads every piece (they are all done) and combines them. */
static bool
combine(struct zkv_context *ctx, struct zkv_query *q)
{
   const struct zkv_caps *caps = &ctx->screen->caps;
   uint64_t sum = 0;
   dynarray_foreach(&q->pieces, struct zkv_query_piece, p)
   {
      const struct zkv_query_pool *qp = p->qp;
      uint64_t v[16] = {0};
      uint32_t count = 1, stride_B = 8;
      if (q->type == ZKV_QUERY_TIME_ELAPSED)
         count = 2;
      else if (qp->type == VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT)
         stride_B = 16;
      else if (qp->type == VK_QUERY_TYPE_PIPELINE_STATISTICS)
         stride_B = 8 * (uint32_t)__builtin_popcount(qp->stats);
      const VkResult r =
         vkGetQueryPoolResults(ctx->screen->dev, qp->pool, 0, count, sizeof(v), v, stride_B,
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
      case ZKV_QUERY_PRIMITIVES_GENERATED: {
         /* A piece mixing draws with and without a GS adds both, which
          * also counts the GS draws' input primitives (docs/zink-vk.md). */
         const uint64_t ia =
            stat(qp, v, VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_PRIMITIVES_BIT);
         const uint64_t gs =
            stat(qp, v, VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_PRIMITIVES_BIT);
         sum += (qp->saw_gs ? gs : 0) + (qp->saw_plain || !qp->saw_gs ? ia : 0);
         break;
      }
      case ZKV_QUERY_PIPELINE_STATISTIC:
         sum += stat(qp, v, q->index);
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
         /* A batch that never reached the queue (its submit failed:
          * zkv_context_status says why) has no results to wait for. */
         if (!zkv_timeline_wait(ctx->timeline, query->seqno, UINT64_MAX))
            return false;
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
   const struct zkv_query_pool *qp =
      n == 1 ? dynarray_element(&query->pieces, struct zkv_query_piece, 0)->qp : NULL;
   /* On the device when one Vulkan query holds exactly the value. */
   const bool direct = qp && !query->has_result &&
                       (query->type == ZKV_QUERY_OCCLUSION_COUNT ||
                        (query->type == ZKV_QUERY_PIPELINE_STATISTIC && qp->stats == query->index));
   if (direct) {
      VkCommandBuffer cmd = zkv_context_transfer_cmd(ctx);
      if (!cmd)
         return;
      vkCmdCopyQueryPoolResults(cmd, qp->pool, 0, 1, buffer->storage->buffer, offset_B, 8,
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
