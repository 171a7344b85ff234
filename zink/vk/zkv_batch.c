/* SPDX-License-Identifier: MIT */
/*
 * A batch: one command buffer and what its commands need until the device
 * has run them (references, descriptor pools, staging memory). Contexts
 * keep a ring of them: recording, in flight, free.
 */
#include <stdlib.h>

#include "zkv_private.h"

struct zkv_batch *
zkv_batch_create(struct zkv_context *ctx, VkResult *result)
{
   struct zkv_screen *s = ctx->screen;
   struct zkv_batch *b = calloc(1, sizeof(*b));
   if (!b) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   dynarray_init(&b->refs, NULL);
   dynarray_init(&b->desc_pools, NULL);
   dynarray_init(&b->uploads, NULL);
   dynarray_init(&b->waits, NULL);
   const VkCommandPoolCreateInfo pi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
      .queueFamilyIndex = s->queue_family,
   };
   *result = vkCreateCommandPool(s->dev, &pi, NULL, &b->pool);
   if (*result != VK_SUCCESS) {
      free(b);
      return NULL;
   }
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = b->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
   };
   *result = vkAllocateCommandBuffers(s->dev, &ai, &b->cmd);
   if (*result != VK_SUCCESS) {
      vkDestroyCommandPool(s->dev, b->pool, NULL);
      free(b);
      return NULL;
   }
   return b;
}

void
zkv_batch_reset(struct zkv_context *ctx, struct zkv_batch *b)
{
   dynarray_foreach(&b->refs, struct zkv_ref *, ref) zkv_ref_put(*ref);
   dynarray_clear(&b->refs);
   dynarray_foreach(&b->desc_pools, VkDescriptorPool, pool)
      vkResetDescriptorPool(ctx->screen->dev, *pool, 0);
   b->desc_pool_used = 0;
   /* Keep a few standard staging chunks for the next use; oversized ones
    * (a big texture upload) go, so the ring does not hoard memory. */
   uint32_t kept = 0;
   dynarray_foreach(&b->uploads, struct zkv_upload_chunk, chunk)
   {
      if (chunk->buffer->size_B > ZKV_UPLOAD_CHUNK_B || kept >= ZKV_UPLOAD_CHUNKS_KEPT) {
         zkv_buffer_destroy(chunk->buffer);
         continue;
      }
      *dynarray_element(&b->uploads, struct zkv_upload_chunk, kept++) =
         (struct zkv_upload_chunk){chunk->buffer, 0};
   }
   b->uploads.size_B = kept * sizeof(struct zkv_upload_chunk);
   b->upload_current = 0;
   dynarray_foreach(&b->waits, struct zkv_fence *, f) zkv_fence_destroy(*f);
   dynarray_clear(&b->waits);
   vkResetCommandPool(ctx->screen->dev, b->pool, 0);
}

void
zkv_batch_destroy(struct zkv_context *ctx, struct zkv_batch *b)
{
   zkv_batch_reset(ctx, b);
   dynarray_foreach(&b->desc_pools, VkDescriptorPool, pool)
      vkDestroyDescriptorPool(ctx->screen->dev, *pool, NULL);
   dynarray_foreach(&b->uploads, struct zkv_upload_chunk, chunk)
      zkv_buffer_destroy(chunk->buffer);
   vkDestroyCommandPool(ctx->screen->dev, b->pool, NULL);
   dynarray_finish(&b->refs);
   dynarray_finish(&b->desc_pools);
   dynarray_finish(&b->uploads);
   dynarray_finish(&b->waits);
   free(b);
}

void
zkv_batch_use(struct zkv_context *ctx, struct zkv_ref *ref)
{
   struct zkv_batch *b = ctx->batch;
   if (!ref || !b || ref->batch_uid == b->uid)
      return;
   if (!dynarray_append(&b->refs, struct zkv_ref *, ref)) {
      zkv_context_error(ctx, VK_ERROR_OUT_OF_HOST_MEMORY);
      return;
   }
   zkv_ref_get(ref);
   ref->batch_uid = b->uid;
   ref->timeline = ctx->timeline;
   ref->seqno = b->seqno;
}

static VkResult
new_pool(struct zkv_context *ctx, VkDescriptorPool *out)
{
   const uint32_t n = ZKV_MAX_DESCRIPTOR_POOL_SETS;
   const VkDescriptorPoolSize sizes[] = {
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, n * 8},
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, n * ZKV_DYNAMIC_UBOS},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, n * 4},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, n * 8},
      {VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, n * 2},
      {VK_DESCRIPTOR_TYPE_SAMPLER, n * 2},
      {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, n * 2},
      {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, n * 2},
      {VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, n * 2},
   };
   const VkDescriptorPoolCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = n,
      .poolSizeCount = sizeof(sizes) / sizeof(sizes[0]),
      .pPoolSizes = sizes,
   };
   return vkCreateDescriptorPool(ctx->screen->dev, &info, NULL, out);
}

VkDescriptorSet
zkv_batch_alloc_set(struct zkv_context *ctx, VkDescriptorSetLayout layout)
{
   struct zkv_batch *b = ctx->batch;
   for (;;) {
      bool fresh = false;
      if (b->desc_pool_used >= dynarray_num_elements(&b->desc_pools, VkDescriptorPool)) {
         VkDescriptorPool pool;
         VkResult r = new_pool(ctx, &pool);
         if (r != VK_SUCCESS) {
            zkv_context_error(ctx, r);
            return VK_NULL_HANDLE;
         }
         if (!dynarray_append(&b->desc_pools, VkDescriptorPool, pool)) {
            vkDestroyDescriptorPool(ctx->screen->dev, pool, NULL);
            zkv_context_error(ctx, VK_ERROR_OUT_OF_HOST_MEMORY);
            return VK_NULL_HANDLE;
         }
         fresh = true;
      }
      const VkDescriptorSetAllocateInfo ai = {
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
         .descriptorPool = *dynarray_element(&b->desc_pools, VkDescriptorPool, b->desc_pool_used),
         .descriptorSetCount = 1,
         .pSetLayouts = &layout,
      };
      VkDescriptorSet set;
      const VkResult r = vkAllocateDescriptorSets(ctx->screen->dev, &ai, &set);
      if (r == VK_SUCCESS)
         return set;
      if (fresh || (r != VK_ERROR_OUT_OF_POOL_MEMORY && r != VK_ERROR_FRAGMENTED_POOL)) {
         zkv_context_error(ctx, r);
         return VK_NULL_HANDLE;
      }
      b->desc_pool_used++;
   }
}
