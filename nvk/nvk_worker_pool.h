/* SPDX-License-Identifier: MIT */
/*
 * The device's worker threads: the "shader cores" of the CPU device.
 *
 * One pool per device, sized by kiln_device_info::thread_count. Queues use it
 * for big copies and clears; compute dispatch uses it for workgroups. The one
 * primitive is a parallel for loop: the caller's thread takes part, so a pool
 * of thread_count - 1 workers keeps thread_count cores busy, and several
 * queues may run loops at once (their items interleave over the workers).
 */
#ifndef NVK_WORKER_POOL_H
#define NVK_WORKER_POOL_H

#include <stdint.h>
#include <vulkan/vulkan_core.h>

struct nvk_worker_pool;

typedef void (*nvk_parallel_fn)(void *data, uint32_t index);

/* thread_count counts the calling thread: thread_count - 1 workers start.
 * VK_ERROR_INITIALIZATION_FAILED if threads cannot be made. */
VkResult nvk_worker_pool_create(const VkAllocationCallbacks *alloc, unsigned thread_count,
                                struct nvk_worker_pool **pool_out);
void nvk_worker_pool_destroy(struct nvk_worker_pool *pool);

unsigned nvk_worker_pool_thread_count(const struct nvk_worker_pool *pool);

/* Runs fn(data, i) once for every i in [0, count), on any thread, and returns
 * when all have returned. fn must not call parallel_for itself. */
void nvk_worker_pool_parallel_for(struct nvk_worker_pool *pool, uint32_t count,
                                  nvk_parallel_fn fn, void *data);

#endif /* NVK_WORKER_POOL_H */
