/* SPDX-License-Identifier: MIT */
/*
 * The context: the batch being recorded, the batches in flight (a ring,
 * oldest first), submission with the timeline, and the ordering every
 * command relies on: one global memory barrier before each transfer,
 * rendering scope and dispatch (images stay in GENERAL, so nothing else is
 * tracked).
 */
#include <stdlib.h>
#include <string.h>

#include "zkv_private.h"

/* Batches in flight before recording waits for the oldest. */
#define ZKV_MAX_IN_FLIGHT 8

struct zkv_context *
zkv_context_create(struct zkv_screen *screen, VkResult *result)
{
   struct zkv_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   ctx->screen = screen;
   ctx->timeline = zkv_timeline_create(screen, result);
   if (!ctx->timeline) {
      free(ctx);
      return NULL;
   }
   *result = VK_SUCCESS;
   return ctx;
}

static void
retire(struct zkv_context *ctx, bool wait_oldest)
{
   while (ctx->in_flight) {
      struct zkv_batch *b = ctx->in_flight;
      if (!zkv_timeline_reached(ctx->timeline, b->seqno)) {
         if (!wait_oldest)
            return;
         zkv_timeline_wait(ctx->timeline, b->seqno, UINT64_MAX);
         wait_oldest = false;
      }
      ctx->in_flight = b->next;
      zkv_batch_reset(ctx, b);
      b->next = ctx->free_batches;
      ctx->free_batches = b;
   }
}

void
zkv_context_destroy(struct zkv_context *ctx)
{
   if (!ctx)
      return;
   zkv_finish(ctx);
   while (ctx->in_flight)
      retire(ctx, true);
   while (ctx->free_batches) {
      struct zkv_batch *b = ctx->free_batches;
      ctx->free_batches = b->next;
      zkv_batch_destroy(ctx, b);
   }
   if (ctx->condition)
      zkv_ref_put(&ctx->condition->ref);
   zkv_buffer_destroy(ctx->condition_buffer);
   zkv_buffer_destroy(ctx->dummy_buffer);
   free(ctx);
}

struct zkv_screen *
zkv_context_screen(const struct zkv_context *ctx)
{
   return ctx->screen;
}

VkResult
zkv_context_status(const struct zkv_context *ctx)
{
   if (ctx->timeline->lost)
      return VK_ERROR_DEVICE_LOST;
   return ctx->status;
}

void
zkv_context_error(struct zkv_context *ctx, VkResult result)
{
   if (ctx->status == VK_SUCCESS || result == VK_ERROR_DEVICE_LOST)
      ctx->status = result;
}

static void
reset_bound(struct zkv_context *ctx)
{
   ctx->bound_pipeline = VK_NULL_HANDLE;
   ctx->bound_program = NULL;
   memset(ctx->bound_sets, 0, sizeof(ctx->bound_sets));
   ctx->condition_ready = false;
   ctx->dynamic_valid = false;
}

VkCommandBuffer
zkv_context_cmd(struct zkv_context *ctx)
{
   if (ctx->batch)
      return ctx->batch->cmd;
   unsigned n = 0;
   for (struct zkv_batch *b = ctx->in_flight; b; b = b->next)
      n++;
   retire(ctx, n >= ZKV_MAX_IN_FLIGHT);
   struct zkv_batch *b = ctx->free_batches;
   if (b) {
      ctx->free_batches = b->next;
   } else {
      VkResult r;
      b = zkv_batch_create(ctx, &r);
      if (!b) {
         zkv_context_error(ctx, r);
         return VK_NULL_HANDLE;
      }
   }
   b->next = NULL;
   b->uid = atomic_fetch_add(&ctx->screen->next_batch_uid, 1);
   b->seqno = ctx->last_submitted + 1; /* the value this batch will signal */
   const VkCommandBufferBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   VkResult r = vkBeginCommandBuffer(b->cmd, &bi);
   if (r != VK_SUCCESS) {
      zkv_context_error(ctx, r);
      b->next = ctx->free_batches;
      ctx->free_batches = b;
      return VK_NULL_HANDLE;
   }
   ctx->batch = b;
   reset_bound(ctx);
   zkv_queries_resume(ctx);
   return b->cmd;
}

void
zkv_context_barrier(struct zkv_context *ctx)
{
   VkCommandBuffer cmd = zkv_context_cmd(ctx);
   if (!cmd)
      return;
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
}

void
zkv_context_end_rendering(struct zkv_context *ctx)
{
   if (!ctx->rendering)
      return;
   zkv_xfb_pause(ctx, ctx->batch->cmd);
   ctx->screen->vk.CmdEndRendering(ctx->batch->cmd);
   ctx->rendering = false;
}

VkCommandBuffer
zkv_context_transfer_cmd(struct zkv_context *ctx)
{
   VkCommandBuffer cmd = zkv_context_cmd(ctx);
   if (!cmd)
      return VK_NULL_HANDLE;
   zkv_context_end_rendering(ctx);
   zkv_context_barrier(ctx);
   return cmd;
}

void
zkv_memory_barrier(struct zkv_context *ctx)
{
   if (!zkv_context_cmd(ctx))
      return;
   zkv_context_end_rendering(ctx);
   zkv_context_barrier(ctx);
}

static bool
submit(struct zkv_context *ctx, struct zkv_batch *b)
{
   struct zkv_screen *s = ctx->screen;
   const uint32_t nw = (uint32_t)dynarray_num_elements(&b->waits, struct zkv_fence *);
   VkSemaphore wait_sems[16];
   uint64_t wait_values[16];
   VkPipelineStageFlags wait_stages[16];
   uint32_t n = 0;
   for (uint32_t i = 0; i < nw; i++) {
      struct zkv_fence *f = *dynarray_element(&b->waits, struct zkv_fence *, i);
      if (!f->timeline || f->timeline == ctx->timeline || f->value > f->timeline->submitted)
         continue;
      if (n == 16) { /* more than the array holds: wait on the host instead */
         zkv_fence_wait(f, UINT64_MAX);
         continue;
      }
      wait_sems[n] = f->timeline->semaphore;
      wait_values[n] = f->value;
      wait_stages[n] = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
      n++;
   }
   const VkTimelineSemaphoreSubmitInfo ti = {
      .sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
      .waitSemaphoreValueCount = n,
      .pWaitSemaphoreValues = wait_values,
      .signalSemaphoreValueCount = 1,
      .pSignalSemaphoreValues = &b->seqno,
   };
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .pNext = &ti,
      .waitSemaphoreCount = n,
      .pWaitSemaphores = wait_sems,
      .pWaitDstStageMask = wait_stages,
      .commandBufferCount = 1,
      .pCommandBuffers = &b->cmd,
      .signalSemaphoreCount = 1,
      .pSignalSemaphores = &ctx->timeline->semaphore,
   };
   pthread_mutex_lock(&s->lock);
   const VkResult r = vkQueueSubmit(s->queue, 1, &si, VK_NULL_HANDLE);
   if (r == VK_SUCCESS)
      ctx->timeline->submitted = b->seqno;
   pthread_mutex_unlock(&s->lock);
   if (r != VK_SUCCESS) {
      zkv_context_error(ctx, r);
      return false;
   }
   return true;
}

/* Submits the recording batch, if any. */
static void
flush_batch(struct zkv_context *ctx)
{
   struct zkv_batch *b = ctx->batch;
   if (!b)
      return;
   zkv_context_end_rendering(ctx);
   zkv_queries_suspend(ctx);
   /* Device writes become visible to the host once the batch is done. */
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT | VK_ACCESS_HOST_WRITE_BIT,
   };
   vkCmdPipelineBarrier(b->cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        0, 1, &mb, 0, NULL, 0, NULL);
   ctx->batch = NULL;
   VkResult r = vkEndCommandBuffer(b->cmd);
   if (r != VK_SUCCESS)
      zkv_context_error(ctx, r);
   if (r != VK_SUCCESS || !submit(ctx, b)) {
      /* Nothing will signal it: drop its work. */
      zkv_batch_reset(ctx, b);
      b->next = ctx->free_batches;
      ctx->free_batches = b;
      return;
   }
   ctx->last_submitted = b->seqno;
   struct zkv_batch **tail = &ctx->in_flight;
   while (*tail)
      tail = &(*tail)->next;
   b->next = NULL;
   *tail = b;
}

struct zkv_fence *
zkv_flush(struct zkv_context *ctx)
{
   flush_batch(ctx);
   struct zkv_fence *f = calloc(1, sizeof(*f));
   if (!f) {
      zkv_context_error(ctx, VK_ERROR_OUT_OF_HOST_MEMORY);
      return NULL;
   }
   atomic_init(&f->count, 1);
   f->timeline = ctx->timeline;
   f->value = ctx->last_submitted;
   return f;
}

void
zkv_finish(struct zkv_context *ctx)
{
   flush_batch(ctx);
   if (ctx->last_submitted)
      zkv_timeline_wait(ctx->timeline, ctx->last_submitted, UINT64_MAX);
   retire(ctx, false);
}

void
zkv_context_wait_fence(struct zkv_context *ctx, struct zkv_fence *fence)
{
   if (!fence || fence->timeline == ctx->timeline || !zkv_context_cmd(ctx))
      return;
   if (!dynarray_append(&ctx->batch->waits, struct zkv_fence *, fence)) {
      zkv_fence_wait(fence, UINT64_MAX);
      return;
   }
   zkv_fence_ref(fence);
}

bool
zkv_ref_busy(struct zkv_context *ctx, const struct zkv_ref *ref)
{
   (void)ctx;
   struct zkv_timeline *tl = atomic_load(&ref->timeline);
   return tl && !zkv_timeline_reached(tl, atomic_load(&ref->seqno));
}

void
zkv_context_wait_ref(struct zkv_context *ctx, struct zkv_ref *ref)
{
   struct zkv_timeline *tl = atomic_load(&ref->timeline);
   if (!tl)
      return;
   const uint64_t seqno = atomic_load(&ref->seqno);
   if (tl == ctx->timeline && ctx->batch && seqno == ctx->batch->seqno)
      flush_batch(ctx);
   zkv_timeline_wait(tl, seqno, UINT64_MAX);
}

void
zkv_context_init_image(struct zkv_context *ctx, struct zkv_image *image)
{
   if (atomic_load(&image->initialized))
      return;
   VkCommandBuffer cmd = zkv_context_cmd(ctx);
   if (!cmd)
      return;
   zkv_context_end_rendering(ctx);
   const VkImageMemoryBarrier ib = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = 0,
      .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image->image,
      .subresourceRange = zkv_image_range(image, image->aspects, 0, VK_REMAINING_MIP_LEVELS, 0,
                                          VK_REMAINING_ARRAY_LAYERS),
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                        VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 0, NULL, 0, NULL, 1, &ib);
   zkv_batch_use(ctx, &image->ref);
   atomic_store(&image->initialized, true);
}

bool
zkv_context_stage(struct zkv_context *ctx, VkDeviceSize size_B, VkDeviceSize align_B,
                  struct zkv_buffer **buffer, VkDeviceSize *offset_B, void **map)
{
   if (!zkv_context_cmd(ctx))
      return false;
   struct zkv_batch *b = ctx->batch;
   if (align_B < 16)
      align_B = 16;
   const uint32_t count = (uint32_t)dynarray_num_elements(&b->uploads, struct zkv_upload_chunk);
   for (uint32_t i = b->upload_current; i < count; i++) {
      struct zkv_upload_chunk *c = dynarray_element(&b->uploads, struct zkv_upload_chunk, i);
      const VkDeviceSize start = (c->used_B + align_B - 1) / align_B * align_B;
      if (start + size_B <= c->buffer->size_B) {
         c->used_B = start + size_B;
         b->upload_current = i;
         *buffer = c->buffer;
         *offset_B = start;
         *map = (uint8_t *)c->buffer->storage->alloc.map + start;
         return true;
      }
   }
   VkResult r;
   const VkDeviceSize chunk_B = size_B > ZKV_UPLOAD_CHUNK_B ? size_B : ZKV_UPLOAD_CHUNK_B;
   struct zkv_buffer *buf = zkv_buffer_create(ctx->screen, chunk_B, ZKV_BUFFER_ALL,
                                              ZKV_BUFFER_MAPPABLE | ZKV_BUFFER_COHERENT, &r);
   if (!buf) {
      zkv_context_error(ctx, r);
      return false;
   }
   const struct zkv_upload_chunk c = {.buffer = buf, .used_B = size_B};
   if (!dynarray_append(&b->uploads, struct zkv_upload_chunk, c)) {
      zkv_buffer_destroy(buf);
      zkv_context_error(ctx, VK_ERROR_OUT_OF_HOST_MEMORY);
      return false;
   }
   b->upload_current = count;
   *buffer = buf;
   *offset_B = 0;
   *map = buf->storage->alloc.map;
   return true;
}

bool
zkv_upload_transient(struct zkv_context *ctx, const void *data, VkDeviceSize size_B,
                     VkDeviceSize align_B, struct zkv_buffer **buffer, VkDeviceSize *offset_B)
{
   void *map;
   if (!zkv_context_stage(ctx, size_B, align_B, buffer, offset_B, &map))
      return false;
   memcpy(map, data, size_B);
   return true;
}
