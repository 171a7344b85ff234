/* SPDX-License-Identifier: MIT */
/*
 * Pipeline caches: compiled programs (serialized kx programs, nvk/exec)
 * keyed by the SHA-256 of everything that shaped them (nvk_shader.c).
 *
 * vkGetPipelineCacheData writes the header the spec requires (Vulkan 1.3,
 * 10.7.4: VkPipelineCacheHeaderVersionOne with our pipelineCacheUUID) and
 * then `u32 count` entries of {key[32], u32 size_B, size_B bytes, padding to
 * 4}. Initial data is checked the same way: a header that is not ours means
 * an empty cache, and an entry is used only if its program deserializes and
 * validates (kx_program_deserialize).
 */
#ifndef NVK_PIPELINE_CACHE_H
#define NVK_PIPELINE_CACHE_H

#include <pthread.h>

#include "util/hash_table.h"
#include "util/sha256.h"
#include "vk_object.h"

struct kx_program;
struct nvk_device;

struct nvk_pipeline_cache_entry {
   uint8_t key[SHA256_DIGEST_B];
   uint32_t size_B;
   uint8_t data[];
};

struct nvk_pipeline_cache {
   struct vk_object_base base;
   struct nvk_device *dev;
   VkAllocationCallbacks alloc;
   pthread_mutex_t lock;
   struct hash_table entries; /* key bytes -> entry */
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_pipeline_cache, base, VkPipelineCache,
                               VK_OBJECT_TYPE_PIPELINE_CACHE)

/* A new program from the cached bytes, or NULL (not there, or refused). */
struct kx_program *nvk_pipeline_cache_lookup(struct nvk_pipeline_cache *cache,
                                             const uint8_t key[SHA256_DIGEST_B]);
/* Adds a program (no-op if the key is there or memory runs out: a cache
 * may always forget). */
void nvk_pipeline_cache_insert(struct nvk_pipeline_cache *cache,
                               const uint8_t key[SHA256_DIGEST_B],
                               const struct kx_program *prog);

#endif /* NVK_PIPELINE_CACHE_H */
