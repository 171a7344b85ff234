/* SPDX-License-Identifier: MIT */
/*
 * Buffers. Every buffer lives in host-visible, host-coherent memory (the
 * devices zkv runs on, kiln and lavapipe, have only such memory; a
 * discrete GPU would put it in its host-visible window), so mapping is a
 * pointer, subdata of an idle buffer a memcpy, and explicit flushes are
 * no-ops. A busy buffer's writes go through the batch's staging memory to
 * stay in order with the draws.
 */
#include <stdlib.h>
#include <string.h>

#include "zkv_private.h"

VkBufferUsageFlags
zkv_buffer_vk_usage(const struct zkv_screen *screen, uint32_t usage)
{
   VkBufferUsageFlags u = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
   if (usage & ZKV_BUFFER_VERTEX)
      u |= VK_BUFFER_USAGE_VERTEX_BUFFER_BIT;
   if (usage & ZKV_BUFFER_INDEX)
      u |= VK_BUFFER_USAGE_INDEX_BUFFER_BIT;
   if (usage & ZKV_BUFFER_UNIFORM)
      u |= VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT;
   if (usage & ZKV_BUFFER_STORAGE)
      u |= VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
   if (usage & ZKV_BUFFER_INDIRECT)
      u |= VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT;
   if (usage & ZKV_BUFFER_TEXEL)
      u |= VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT;
   if ((usage & ZKV_BUFFER_XFB) && screen->caps.transform_feedback)
      u |= VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT |
           VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT;
   if ((usage & ZKV_BUFFER_CONDITIONAL) && screen->caps.conditional_rendering)
      u |= VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT;
   return u;
}

static void
storage_release(struct zkv_ref *ref)
{
   struct zkv_buffer_storage *st = (struct zkv_buffer_storage *)ref;
   vkDestroyBuffer(st->screen->dev, st->buffer, NULL);
   zkv_memory_free(st->screen, &st->alloc);
   free(st);
}

static struct zkv_buffer_storage *
storage_create(struct zkv_screen *screen, VkDeviceSize size_B, uint32_t usage, uint32_t flags,
               VkResult *result)
{
   struct zkv_buffer_storage *st = calloc(1, sizeof(*st));
   if (!st) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   const VkBufferCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = size_B,
      .usage = zkv_buffer_vk_usage(screen, usage),
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
   };
   *result = vkCreateBuffer(screen->dev, &info, NULL, &st->buffer);
   if (*result != VK_SUCCESS) {
      free(st);
      return NULL;
   }
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(screen->dev, st->buffer, &req);
   const VkMemoryPropertyFlags want =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   const VkMemoryPropertyFlags prefer = (flags & ZKV_BUFFER_CACHED)
                                           ? want | VK_MEMORY_PROPERTY_HOST_CACHED_BIT
                                           : want | VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
   *result = zkv_memory_alloc(screen, &req, want, prefer, &st->alloc);
   if (*result == VK_SUCCESS)
      *result = vkBindBufferMemory(screen->dev, st->buffer, st->alloc.memory, st->alloc.offset_B);
   if (*result != VK_SUCCESS) {
      vkDestroyBuffer(screen->dev, st->buffer, NULL);
      zkv_memory_free(screen, &st->alloc);
      free(st);
      return NULL;
   }
   zkv_ref_init(&st->ref, storage_release);
   st->screen = screen;
   st->size_B = size_B;
   memset(st->alloc.map, 0, size_B);
   return st;
}

static void
buffer_release(struct zkv_ref *ref)
{
   struct zkv_buffer *buf = (struct zkv_buffer *)ref;
   zkv_ref_put(&buf->storage->ref);
   free(buf);
}

struct zkv_buffer *
zkv_buffer_create(struct zkv_screen *screen, VkDeviceSize size_B, uint32_t usage, uint32_t flags,
                  VkResult *result)
{
   if (size_B == 0) {
      *result = VK_ERROR_INITIALIZATION_FAILED;
      return NULL;
   }
   struct zkv_buffer *buf = calloc(1, sizeof(*buf));
   if (!buf) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   buf->storage = storage_create(screen, size_B, usage, flags, result);
   if (!buf->storage) {
      free(buf);
      return NULL;
   }
   zkv_ref_init(&buf->ref, buffer_release);
   buf->screen = screen;
   buf->size_B = size_B;
   buf->usage = usage;
   buf->flags = flags;
   return buf;
}

void
zkv_buffer_destroy(struct zkv_buffer *buffer)
{
   if (buffer)
      zkv_ref_put(&buffer->ref);
}

VkDeviceSize
zkv_buffer_size_B(const struct zkv_buffer *buffer)
{
   return buffer->size_B;
}

/* New storage for a busy buffer whose contents may be dropped; the batches
 * keep the old one until they finish. */
static bool
replace_storage(struct zkv_context *ctx, struct zkv_buffer *buf)
{
   VkResult r;
   struct zkv_buffer_storage *st =
      storage_create(buf->screen, buf->size_B, buf->usage, buf->flags, &r);
   if (!st) {
      zkv_context_error(ctx, r);
      return false;
   }
   zkv_ref_put(&buf->storage->ref);
   buf->storage = st;
   buf->generation++;
   return true;
}

void *
zkv_buffer_map(struct zkv_context *ctx, struct zkv_buffer *buffer, VkDeviceSize offset_B,
               VkDeviceSize size_B, uint32_t map_flags)
{
   assert(offset_B + size_B <= buffer->size_B);
   if (!(map_flags & ZKV_MAP_UNSYNCHRONIZED) && zkv_ref_busy(ctx, &buffer->storage->ref)) {
      if (!(map_flags & ZKV_MAP_INVALIDATE_BUFFER) || !replace_storage(ctx, buffer))
         zkv_context_wait_ref(ctx, &buffer->storage->ref);
   }
   buffer->mapped = true;
   return (uint8_t *)buffer->storage->alloc.map + offset_B;
}

void
zkv_buffer_flush_mapped(struct zkv_context *ctx, struct zkv_buffer *buffer, VkDeviceSize offset_B,
                        VkDeviceSize size_B)
{
   /* Coherent memory: host writes are visible to commands submitted later. */
   (void)ctx, (void)buffer, (void)offset_B, (void)size_B;
}

void
zkv_buffer_unmap(struct zkv_context *ctx, struct zkv_buffer *buffer)
{
   (void)ctx;
   buffer->mapped = false;
}

void
zkv_buffer_subdata(struct zkv_context *ctx, struct zkv_buffer *buffer, VkDeviceSize offset_B,
                   VkDeviceSize size_B, const void *data)
{
   assert(offset_B + size_B <= buffer->size_B);
   if (size_B == 0)
      return;
   if (!zkv_ref_busy(ctx, &buffer->storage->ref)) {
      memcpy((uint8_t *)buffer->storage->alloc.map + offset_B, data, size_B);
      return;
   }
   struct zkv_buffer *stage;
   VkDeviceSize stage_offset_B;
   void *map;
   if (!zkv_context_stage(ctx, size_B, 16, &stage, &stage_offset_B, &map))
      return;
   memcpy(map, data, size_B);
   VkCommandBuffer cmd = zkv_context_transfer_cmd(ctx);
   const VkBufferCopy region = {stage_offset_B, offset_B, size_B};
   vkCmdCopyBuffer(cmd, stage->storage->buffer, buffer->storage->buffer, 1, &region);
   zkv_batch_use(ctx, &buffer->storage->ref);
}

void
zkv_buffer_read(struct zkv_context *ctx, struct zkv_buffer *buffer, VkDeviceSize offset_B,
                VkDeviceSize size_B, void *data)
{
   assert(offset_B + size_B <= buffer->size_B);
   zkv_context_wait_ref(ctx, &buffer->storage->ref);
   memcpy(data, (uint8_t *)buffer->storage->alloc.map + offset_B, size_B);
}

void
zkv_buffer_copy(struct zkv_context *ctx, struct zkv_buffer *dst, VkDeviceSize dst_offset_B,
                struct zkv_buffer *src, VkDeviceSize src_offset_B, VkDeviceSize size_B)
{
   assert(dst_offset_B + size_B <= dst->size_B && src_offset_B + size_B <= src->size_B);
   if (size_B == 0)
      return;
   VkCommandBuffer cmd = zkv_context_transfer_cmd(ctx);
   if (!cmd)
      return;
   const VkBufferCopy region = {src_offset_B, dst_offset_B, size_B};
   vkCmdCopyBuffer(cmd, src->storage->buffer, dst->storage->buffer, 1, &region);
   zkv_batch_use(ctx, &src->storage->ref);
   zkv_batch_use(ctx, &dst->storage->ref);
}

void
zkv_buffer_clear(struct zkv_context *ctx, struct zkv_buffer *buffer, VkDeviceSize offset_B,
                 VkDeviceSize size_B, const void *pattern, uint32_t pattern_size_B)
{
   assert(offset_B + size_B <= buffer->size_B);
   assert(pattern_size_B > 0 && pattern_size_B <= 16);
   assert(offset_B % pattern_size_B == 0 && size_B % pattern_size_B == 0);
   if (size_B == 0)
      return;
   uint8_t word[16];
   memcpy(word, pattern, pattern_size_B);
   VkCommandBuffer cmd;
   /* vkCmdFillBuffer repeats a 32-bit word from a 4-byte aligned offset. */
   if (pattern_size_B <= 4 && 4 % pattern_size_B == 0 && offset_B % 4 == 0 && size_B % 4 == 0) {
      for (uint32_t i = pattern_size_B; i < 4; i++)
         word[i] = word[i % pattern_size_B];
      uint32_t data;
      memcpy(&data, word, 4);
      if (!(cmd = zkv_context_transfer_cmd(ctx)))
         return;
      vkCmdFillBuffer(cmd, buffer->storage->buffer, offset_B, size_B, data);
      zkv_batch_use(ctx, &buffer->storage->ref);
      return;
   }
   struct zkv_buffer *stage;
   VkDeviceSize stage_offset_B;
   void *map;
   if (!zkv_context_stage(ctx, size_B, 16, &stage, &stage_offset_B, &map))
      return;
   for (VkDeviceSize i = 0; i < size_B; i += pattern_size_B)
      memcpy((uint8_t *)map + i, pattern, pattern_size_B);
   if (!(cmd = zkv_context_transfer_cmd(ctx)))
      return;
   const VkBufferCopy region = {stage_offset_B, offset_B, size_B};
   vkCmdCopyBuffer(cmd, stage->storage->buffer, buffer->storage->buffer, 1, &region);
   zkv_batch_use(ctx, &buffer->storage->ref);
}

void
zkv_buffer_invalidate(struct zkv_context *ctx, struct zkv_buffer *buffer)
{
   if (zkv_ref_busy(ctx, &buffer->storage->ref))
      replace_storage(ctx, buffer);
}
