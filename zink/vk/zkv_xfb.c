/* SPDX-License-Identifier: MIT */
/*
 * Transform feedback (VK_EXT_transform_feedback). Capture runs inside a
 * rendering scope: it begins at the first draw that asks for it and
 * pauses (writing each target's counter) when the scope ends or the state
 * stops asking; the next begin resumes from the counters, which is also
 * what GL's pause/resume and glDrawTransformFeedback need.
 */
#include <stdlib.h>

#include "zkv_private.h"

static void
target_release(struct zkv_ref *ref)
{
   struct zkv_xfb_target *t = (struct zkv_xfb_target *)ref;
   zkv_buffer_destroy(t->counter);
   zkv_buffer_destroy(t->buffer);
   free(t);
}

struct zkv_xfb_target *
zkv_xfb_target_create(struct zkv_screen *screen, struct zkv_buffer *buffer, VkDeviceSize offset_B,
                      VkDeviceSize size_B, VkResult *result)
{
   if (!screen->caps.transform_feedback) {
      *result = VK_ERROR_FEATURE_NOT_PRESENT;
      return NULL;
   }
   struct zkv_xfb_target *t = calloc(1, sizeof(*t));
   if (!t) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   t->counter = zkv_buffer_create(screen, 16, ZKV_BUFFER_XFB | ZKV_BUFFER_INDIRECT, 0, result);
   if (!t->counter) {
      free(t);
      return NULL;
   }
   zkv_ref_init(&t->ref, target_release);
   t->screen = screen;
   t->buffer = buffer;
   zkv_ref_get(&buffer->ref);
   t->offset_B = offset_B;
   t->size_B = size_B ? size_B : buffer->size_B - offset_B;
   *result = VK_SUCCESS;
   return t;
}

void
zkv_xfb_target_destroy(struct zkv_xfb_target *target)
{
   if (target)
      zkv_ref_put(&target->ref);
}

static uint32_t
counters(struct zkv_context *ctx, VkBuffer *bufs, VkDeviceSize *offs, bool all)
{
   uint32_t n = 0;
   for (uint32_t i = 0; i < ZKV_MAX_XFB_BUFFERS; i++) {
      struct zkv_xfb_target *t = ctx->xfb_running_targets[i];
      bufs[i] = VK_NULL_HANDLE;
      offs[i] = 0;
      if (!t)
         continue;
      n = i + 1;
      if (all || t->counter_valid)
         bufs[i] = t->counter->storage->buffer;
   }
   return n;
}

void
zkv_xfb_pause(struct zkv_context *ctx, VkCommandBuffer cmd)
{
   if (!ctx->xfb_running)
      return;
   VkBuffer bufs[ZKV_MAX_XFB_BUFFERS];
   VkDeviceSize offs[ZKV_MAX_XFB_BUFFERS];
   const uint32_t n = counters(ctx, bufs, offs, true);
   ctx->screen->vk.CmdEndTransformFeedbackEXT(cmd, 0, n, bufs, offs);
   for (uint32_t i = 0; i < ZKV_MAX_XFB_BUFFERS; i++) {
      if (ctx->xfb_running_targets[i])
         ctx->xfb_running_targets[i]->counter_valid = true;
      ctx->xfb_running_targets[i] = NULL;
   }
   ctx->xfb_running = false;
}

void
zkv_xfb_update(struct zkv_context *ctx, VkCommandBuffer cmd, const struct zkv_draw_state *st)
{
   const bool want = st->xfb_active && st->program->xfb && ctx->screen->caps.transform_feedback;
   if (ctx->xfb_running) {
      bool same = want;
      for (int i = 0; same && i < ZKV_MAX_XFB_BUFFERS; i++)
         same = ctx->xfb_running_targets[i] == st->xfb_targets[i];
      if (same)
         return;
      zkv_xfb_pause(ctx, cmd);
   }
   if (!want)
      return;
   VkBuffer bufs[ZKV_MAX_XFB_BUFFERS];
   VkDeviceSize offs[ZKV_MAX_XFB_BUFFERS], sizes[ZKV_MAX_XFB_BUFFERS];
   uint32_t n = 0;
   for (uint32_t i = 0; i < ZKV_MAX_XFB_BUFFERS; i++) {
      struct zkv_xfb_target *t = st->xfb_targets[i];
      ctx->xfb_running_targets[i] = t;
      if (!t)
         continue;
      zkv_batch_use(ctx, &t->ref);
      zkv_batch_use(ctx, &t->buffer->storage->ref);
      zkv_batch_use(ctx, &t->counter->storage->ref);
      bufs[i] = t->buffer->storage->buffer;
      offs[i] = t->offset_B;
      sizes[i] = t->size_B;
      n = i + 1;
   }
   if (n == 0)
      return;
   for (uint32_t i = 0; i < n; i++) {
      if (!st->xfb_targets[i]) { /* a hole: Vulkan wants a buffer; bind the first one, empty */
         const struct zkv_xfb_target *any = st->xfb_targets[0];
         for (uint32_t j = 0; !any && j < n; j++)
            any = st->xfb_targets[j];
         bufs[i] = any->buffer->storage->buffer;
         offs[i] = 0;
         sizes[i] = 0;
      }
   }
   ctx->screen->vk.CmdBindTransformFeedbackBuffersEXT(cmd, 0, n, bufs, offs, sizes);
   VkBuffer cbufs[ZKV_MAX_XFB_BUFFERS];
   VkDeviceSize coffs[ZKV_MAX_XFB_BUFFERS];
   const uint32_t nc = counters(ctx, cbufs, coffs, false);
   ctx->screen->vk.CmdBeginTransformFeedbackEXT(cmd, 0, nc, cbufs, coffs);
   ctx->xfb_running = true;
}
