/* SPDX-License-Identifier: MIT */
/*
 * Fences, binary semaphores and timeline semaphores as one primitive.
 *
 * A vk_sync is a 64-bit payload that only grows, and every wait is "until
 * the payload reaches N":
 *  - FENCE: 0 unsignaled, 1 signaled (vkResetFences writes 0).
 *  - TIMELINE: the semaphore's counter (host and queue signals set it).
 *  - BINARY: the number of signal operations completed. Each wait submitted
 *    takes the next number (waits_submitted + 1); because the spec forbids a
 *    second pending signal before a wait consumes the first (Vulkan 1.3,
 *    7.4.2 "Semaphore Signaling"), the n-th wait pairs with the n-th signal.
 *
 * Every vk_sync of a device shares one lock and one condition variable, the
 * device's vk_sync_domain. A CPU device has few waiters, and one condition
 * makes "wait for any of these" and "stop every wait, the device is lost"
 * trivial. Timeouts are absolute CLOCK_MONOTONIC nanoseconds.
 */
#ifndef VK_SYNC_H
#define VK_SYNC_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

struct vk_sync_domain {
   pthread_mutex_t mutex;
   pthread_cond_t cond;
   /* Set once by vk_device_set_lost; every wait then ends. */
   bool lost;
};

int vk_sync_domain_init(struct vk_sync_domain *d);
void vk_sync_domain_finish(struct vk_sync_domain *d);

static inline void
vk_sync_domain_lock(struct vk_sync_domain *d)
{
   pthread_mutex_lock(&d->mutex);
}

static inline void
vk_sync_domain_unlock(struct vk_sync_domain *d)
{
   pthread_mutex_unlock(&d->mutex);
}

/* Wakes every waiter; call after changing anything a waiter may test. */
static inline void
vk_sync_domain_broadcast_locked(struct vk_sync_domain *d)
{
   pthread_cond_broadcast(&d->cond);
}

/* Sleeps until a broadcast or abs_timeout_ns (UINT64_MAX: no timeout).
 * Returns false when the timeout has passed. Lock held. */
bool vk_sync_domain_wait_locked(struct vk_sync_domain *d, uint64_t abs_timeout_ns);

/* now + rel_ns, saturating (UINT64_MAX stays "forever"). */
uint64_t vk_abs_timeout(uint64_t rel_ns);

enum vk_sync_type {
   VK_SYNC_TYPE_FENCE,
   VK_SYNC_TYPE_BINARY,
   VK_SYNC_TYPE_TIMELINE,
};

struct vk_sync {
   enum vk_sync_type type;
   uint64_t value;
   uint64_t waits_submitted; /* BINARY only */
};

struct vk_sync_wait {
   struct vk_sync *sync;
   uint64_t value;
};

void vk_sync_init(struct vk_sync *sync, enum vk_sync_type type, uint64_t initial_value);

/* The payload a wait on `sync` must see: the API value for timelines, 1 for
 * fences, the next signal number for binary semaphores (consuming it). */
uint64_t vk_sync_take_wait_value_locked(struct vk_sync *sync, uint64_t api_value);

/* Completes a signal operation (BINARY: one more signal; FENCE: signaled;
 * TIMELINE: counter = max(counter, value)) and wakes waiters. */
void vk_sync_signal_locked(struct vk_sync_domain *d, struct vk_sync *sync, uint64_t value);

/* FENCE only: back to unsignaled. */
void vk_sync_reset_locked(struct vk_sync *sync);

static inline bool
vk_sync_wait_reached(const struct vk_sync_wait *w)
{
   return w->sync->value >= w->value;
}

bool vk_sync_waits_reached_locked(const struct vk_sync_wait *waits, uint32_t count,
                                  bool wait_any);

/* Host wait: VK_SUCCESS when all (or any) waits are reached, VK_TIMEOUT at
 * abs_timeout_ns, VK_ERROR_DEVICE_LOST if the device is (or becomes) lost
 * before that. Takes the lock. */
VkResult vk_sync_wait_many(struct vk_sync_domain *d, const struct vk_sync_wait *waits,
                           uint32_t count, bool wait_any, uint64_t abs_timeout_ns);

#endif /* VK_SYNC_H */
