/* SPDX-License-Identifier: MIT */
/*
 * Conditional rendering (GL 4.6, 10.10). With VK_EXT_conditional_rendering
 * a query of one piece has its 32-bit result copied (on the device) into a
 * predicate buffer that each draw, clear and dispatch is wrapped with;
 * otherwise the host reads the result (waiting when GL says to, drawing
 * when the result is not known yet and GL lets it).
 */
#include "zkv_private.h"

void
zkv_render_condition(struct zkv_context *ctx, struct zkv_query *query, bool inverted, bool wait)
{
   if (ctx->condition)
      zkv_ref_put(&ctx->condition->ref);
   ctx->condition = query;
   if (query)
      zkv_ref_get(&query->ref);
   ctx->condition_inverted = inverted;
   ctx->condition_wait = wait;
   ctx->condition_ready = false;
   ctx->condition_host_skip = false;
}

static bool
device_predicate(struct zkv_context *ctx)
{
   const struct zkv_query *q = ctx->condition;
   return ctx->screen->caps.conditional_rendering &&
          dynarray_num_elements(&q->pieces, struct zkv_query_piece) == 1 && !q->active &&
          (q->type == ZKV_QUERY_OCCLUSION_COUNT || q->type == ZKV_QUERY_OCCLUSION_ANY);
}

void
zkv_condition_prepare(struct zkv_context *ctx)
{
   struct zkv_query *q = ctx->condition;
   if (!q || ctx->condition_ready)
      return;
   ctx->condition_host_skip = false;
   if (!dynarray_num_elements(&q->pieces, struct zkv_query_piece) && !q->has_result) {
      ctx->condition_ready = true; /* never begun: GL draws */
      return;
   }
   if (device_predicate(ctx) && !q->has_result) {
      if (!ctx->condition_buffer) {
         VkResult r;
         ctx->condition_buffer = zkv_buffer_create(ctx->screen, 16, ZKV_BUFFER_CONDITIONAL, 0, &r);
         if (!ctx->condition_buffer) {
            zkv_context_error(ctx, r);
            return;
         }
      }
      VkCommandBuffer cmd = zkv_context_transfer_cmd(ctx);
      if (!cmd)
         return;
      const struct zkv_query_piece *p = dynarray_element(&q->pieces, struct zkv_query_piece, 0);
      /* Without WAIT the device could see "not available" as 0 and skip:
       * GL's NO_WAIT modes allow drawing then, never skipping. */
      vkCmdCopyQueryPoolResults(cmd, p->qp->pool, 0, 1, ctx->condition_buffer->storage->buffer, 0, 4,
                                VK_QUERY_RESULT_WAIT_BIT);
      zkv_batch_use(ctx, &q->ref);
      zkv_batch_use(ctx, &ctx->condition_buffer->storage->ref);
      ctx->condition_ready = true;
      return;
   }
   uint64_t v;
   if (zkv_query_result(ctx, q, ctx->condition_wait, &v))
      ctx->condition_host_skip = (v != 0) == ctx->condition_inverted;
   ctx->condition_ready = true;
}

bool
zkv_condition_begin(struct zkv_context *ctx, VkCommandBuffer cmd)
{
   if (!ctx->condition || ctx->condition_host_skip || !ctx->condition_ready ||
       ctx->condition->has_result || !device_predicate(ctx))
      return false;
   const VkConditionalRenderingBeginInfoEXT info = {
      .sType = VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT,
      .buffer = ctx->condition_buffer->storage->buffer,
      .offset = 0,
      .flags = ctx->condition_inverted ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0,
   };
   ctx->screen->vk.CmdBeginConditionalRenderingEXT(cmd, &info);
   return true;
}

void
zkv_condition_end(struct zkv_context *ctx, VkCommandBuffer cmd, bool begun)
{
   if (begun)
      ctx->screen->vk.CmdEndConditionalRenderingEXT(cmd);
}
