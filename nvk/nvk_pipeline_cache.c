/* SPDX-License-Identifier: MIT */
#include "nvk_pipeline_cache.h"

#include <string.h>

#include "kx.h"
#include "nvk_device.h"
#include "nvk_physical_device.h"
#include "util/strbuf.h"
#include "vk_alloc.h"
#include "vk_log.h"

static uint32_t
key_hash(const void *key)
{
   uint32_t h;
   memcpy(&h, key, sizeof(h));
   return h;
}

static bool
key_equal(const void *a, const void *b)
{
   return memcmp(a, b, SHA256_DIGEST_B) == 0;
}

/* Takes ownership of `data` bytes by copying; lock held. */
static void
cache_add_locked(struct nvk_pipeline_cache *cache, const uint8_t *key, const void *data,
                 uint32_t size_B)
{
   if (hash_table_search(&cache->entries, key))
      return;
   struct nvk_pipeline_cache_entry *e =
      vk_alloc(&cache->alloc, sizeof(*e) + size_B, 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!e)
      return;
   memcpy(e->key, key, SHA256_DIGEST_B);
   e->size_B = size_B;
   memcpy(e->data, data, size_B);
   if (!hash_table_insert(&cache->entries, e->key, e))
      vk_free(&cache->alloc, e);
}

struct kx_program *
nvk_pipeline_cache_lookup(struct nvk_pipeline_cache *cache, const uint8_t key[SHA256_DIGEST_B])
{
   struct kx_program *prog = NULL;
   pthread_mutex_lock(&cache->lock);
   struct hash_entry *he = hash_table_search(&cache->entries, key);
   if (he) {
      const struct nvk_pipeline_cache_entry *e = he->data;
      prog = kx_program_deserialize(e->data, e->size_B);
   }
   pthread_mutex_unlock(&cache->lock);
   return prog;
}

void
nvk_pipeline_cache_insert(struct nvk_pipeline_cache *cache, const uint8_t key[SHA256_DIGEST_B],
                          const struct kx_program *prog)
{
   struct strbuf sb;
   strbuf_init(&sb);
   if (kx_program_serialize(prog, &sb) && sb.len <= UINT32_MAX) {
      pthread_mutex_lock(&cache->lock);
      cache_add_locked(cache, key, sb.buf, (uint32_t)sb.len);
      pthread_mutex_unlock(&cache->lock);
   }
   strbuf_finish(&sb);
}

static void
cache_header(const struct nvk_device *dev, VkPipelineCacheHeaderVersionOne *h)
{
   memset(h, 0, sizeof(*h));
   h->headerSize = sizeof(*h);
   h->headerVersion = VK_PIPELINE_CACHE_HEADER_VERSION_ONE;
   h->vendorID = dev->pdev->info.vendor_id;
   h->deviceID = dev->pdev->info.device_id;
   memcpy(h->pipelineCacheUUID, dev->pdev->pipeline_cache_uuid, VK_UUID_SIZE);
}

/* Reads entries from application-provided bytes; anything that does not
 * parse ends the reading (the rest is ignored, as the spec allows). */
static void
cache_load(struct nvk_pipeline_cache *cache, const uint8_t *data, size_t size_B)
{
   VkPipelineCacheHeaderVersionOne want, got;
   cache_header(cache->dev, &want);
   if (!data || size_B < sizeof(got) + 4)
      return;
   memcpy(&got, data, sizeof(got));
   if (got.headerSize != sizeof(got) || got.headerVersion != want.headerVersion ||
       got.vendorID != want.vendorID || got.deviceID != want.deviceID ||
       memcmp(got.pipelineCacheUUID, want.pipelineCacheUUID, VK_UUID_SIZE) != 0)
      return;
   size_t pos = sizeof(got);
   uint32_t count;
   memcpy(&count, data + pos, 4);
   pos += 4;
   for (uint32_t i = 0; i < count; i++) {
      if (size_B - pos < SHA256_DIGEST_B + 4)
         return;
      const uint8_t *key = data + pos;
      uint32_t n;
      memcpy(&n, data + pos + SHA256_DIGEST_B, 4);
      pos += SHA256_DIGEST_B + 4;
      if (n > size_B - pos)
         return;
      cache_add_locked(cache, key, data + pos, n);
      pos += ALIGN_POT((size_t)n, (size_t)4);
      if (pos > size_B)
         return;
   }
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreatePipelineCache(VkDevice _device, const VkPipelineCacheCreateInfo *pCreateInfo,
                        const VkAllocationCallbacks *pAllocator, VkPipelineCache *pPipelineCache)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   struct nvk_pipeline_cache *cache =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*cache), VK_OBJECT_TYPE_PIPELINE_CACHE);
   if (!cache)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   cache->dev = dev;
   cache->alloc = pAllocator ? *pAllocator : dev->vk.alloc;
   /* VK_PIPELINE_CACHE_CREATE_EXTERNALLY_SYNCHRONIZED_BIT (Vulkan 1.3,
    * pipelineCreationCacheControl) "specifies that all commands that modify
    * the created VkPipelineCache will be externally synchronized": it permits
    * skipping the lock, and the lock is kept (uncontended, it costs
    * nothing next to a compile). */
   pthread_mutex_init(&cache->lock, NULL);
   hash_table_init(&cache->entries, key_hash, key_equal);
   cache_load(cache, pCreateInfo->pInitialData, pCreateInfo->initialDataSize);
   *pPipelineCache = nvk_pipeline_cache_to_handle(cache);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyPipelineCache(VkDevice _device, VkPipelineCache pipelineCache,
                         const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_pipeline_cache, cache, pipelineCache);
   if (!cache)
      return;
   hash_table_foreach(&cache->entries, he)
   {
      vk_free(&cache->alloc, he->data);
   }
   hash_table_finish(&cache->entries);
   pthread_mutex_destroy(&cache->lock);
   vk_object_free(&dev->vk, pAllocator, cache);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetPipelineCacheData(VkDevice _device, VkPipelineCache pipelineCache, size_t *pDataSize,
                         void *pData)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_pipeline_cache, cache, pipelineCache);
   VkPipelineCacheHeaderVersionOne h;
   cache_header(dev, &h);

   pthread_mutex_lock(&cache->lock);
   size_t total = sizeof(h) + 4;
   hash_table_foreach(&cache->entries, he)
   {
      const struct nvk_pipeline_cache_entry *e = he->data;
      total += SHA256_DIGEST_B + 4 + ALIGN_POT((size_t)e->size_B, (size_t)4);
   }
   if (!pData) {
      *pDataSize = total;
      pthread_mutex_unlock(&cache->lock);
      return VK_SUCCESS;
   }
   /* Vulkan 1.3, vkGetPipelineCacheData: if the buffer is too small, write
    * what fits (still valid cache data) and return VK_INCOMPLETE; if not
    * even the header fits, write nothing. */
   if (*pDataSize < sizeof(h) + 4) {
      *pDataSize = 0;
      pthread_mutex_unlock(&cache->lock);
      return VK_INCOMPLETE;
   }
   uint8_t *out = pData;
   memcpy(out, &h, sizeof(h));
   size_t pos = sizeof(h) + 4;
   uint32_t count = 0;
   VkResult result = VK_SUCCESS;
   hash_table_foreach(&cache->entries, he)
   {
      const struct nvk_pipeline_cache_entry *e = he->data;
      const size_t need = SHA256_DIGEST_B + 4 + ALIGN_POT((size_t)e->size_B, (size_t)4);
      if (*pDataSize - pos < need) {
         result = VK_INCOMPLETE;
         break;
      }
      memcpy(out + pos, e->key, SHA256_DIGEST_B);
      memcpy(out + pos + SHA256_DIGEST_B, &e->size_B, 4);
      memcpy(out + pos + SHA256_DIGEST_B + 4, e->data, e->size_B);
      memset(out + pos + SHA256_DIGEST_B + 4 + e->size_B, 0,
             ALIGN_POT((size_t)e->size_B, (size_t)4) - e->size_B);
      pos += need;
      count++;
   }
   memcpy(out + sizeof(h), &count, 4);
   *pDataSize = pos;
   pthread_mutex_unlock(&cache->lock);
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_MergePipelineCaches(VkDevice device, VkPipelineCache dstCache, uint32_t srcCacheCount,
                        const VkPipelineCache *pSrcCaches)
{
   VK_FROM_HANDLE(nvk_pipeline_cache, dst, dstCache);
   for (uint32_t i = 0; i < srcCacheCount; i++) {
      VK_FROM_HANDLE(nvk_pipeline_cache, src, pSrcCaches[i]);
      if (!src || src == dst)
         continue;
      /* Lock order: by address, so two merges in opposite directions
       * cannot deadlock. */
      struct nvk_pipeline_cache *first = src < dst ? src : dst;
      struct nvk_pipeline_cache *second = src < dst ? dst : src;
      pthread_mutex_lock(&first->lock);
      pthread_mutex_lock(&second->lock);
      hash_table_foreach(&src->entries, he)
      {
         const struct nvk_pipeline_cache_entry *e = he->data;
         cache_add_locked(dst, e->key, e->data, e->size_B);
      }
      pthread_mutex_unlock(&second->lock);
      pthread_mutex_unlock(&first->lock);
   }
   return VK_SUCCESS;
}
