/* SPDX-License-Identifier: MIT */
/*
 * Queues: each runs its submissions in order on a thread of its own.
 *
 * vkQueueSubmit(2) turns every batch into a job (its waits resolved to the
 * sync payloads they need, its command buffers, its signals) and appends it.
 * The queue thread waits for a job's semaphores (wait-before-signal simply
 * blocks the queue, as the spec allows), replays its command buffers, then
 * signals. All of it is guarded by the device's sync domain.
 */
#ifndef NVK_QUEUE_H
#define NVK_QUEUE_H

#include <pthread.h>

#include "util/list.h"
#include "vk_queue.h"

struct nvk_device;

struct nvk_queue {
   struct vk_queue vk;
   struct nvk_device *dev;

   pthread_t thread;
   /* Under dev->vk.sync. */
   struct list_head jobs;
   uint64_t submitted;
   uint64_t completed;
   bool shutdown;
};

VK_DEFINE_HANDLE_CASTS(nvk_queue, vk.base, VkQueue, VK_OBJECT_TYPE_QUEUE)

VkResult nvk_queue_create(struct nvk_device *dev, const VkDeviceQueueCreateInfo *info,
                          uint32_t index_in_family, struct nvk_queue **queue_out);
void nvk_queue_destroy(struct nvk_queue *queue);

/* VK_SUCCESS once everything submitted so far is done; VK_ERROR_DEVICE_LOST
 * if the device is lost. */
VkResult nvk_queue_wait_idle(struct nvk_queue *queue);

#endif /* NVK_QUEUE_H */
