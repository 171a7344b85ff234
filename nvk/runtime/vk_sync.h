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
 * The payload may also be external (vk_sync_ext.h): shared memory another
 * process maps (OPAQUE_FD), or a sync_file; and a payload imported
 * temporarily replaces the object's own until a wait (semaphores) or a reset
 * (fences) drops it.
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

struct vk_sync_ext;

struct vk_sync {
   enum vk_sync_type type;
   uint64_t value;
   uint64_t waits_submitted; /* BINARY only */
   /* NULL, or the external payload that stands for value/waits_submitted
    * (vk_sync_ext.h). Owned. */
   struct vk_sync_ext *ext;
   /* A temporarily imported payload (a heap vk_sync of the same type, with
    * an ext), used instead of this one until consumed. Owned. */
   struct vk_sync *temporary;
};

struct vk_sync_wait {
   struct vk_sync *sync;
   uint64_t value;
   /* `sync` is a temporary payload this wait consumed: the wait owns it and
    * vk_sync_waits_release frees it. */
   bool owns_sync;
};

void vk_sync_init(struct vk_sync *sync, enum vk_sync_type type, uint64_t initial_value);
/* Frees the external and temporary payloads (alloc: the device's). */
void vk_sync_finish(struct vk_sync *sync, const VkAllocationCallbacks *alloc);

/* The payload waits and signals act on now: the temporary one if any. */
static inline struct vk_sync *
vk_sync_active(struct vk_sync *sync)
{
   return sync->temporary ? sync->temporary : sync;
}

/* The active payload's counter. Lock held (for local payloads). */
uint64_t vk_sync_value_locked(struct vk_sync *sync);

/* The payload a wait on `sync` must see: the API value for timelines, 1 for
 * fences, the next signal number for binary semaphores (consuming it). */
uint64_t vk_sync_take_wait_value_locked(struct vk_sync *sync, uint64_t api_value);

/* Resolves a queue wait at submission, under the lock: a binary semaphore's
 * temporary payload moves into the wait (the semaphore goes back to its
 * permanent payload, as a wait operation does), then w->value becomes what
 * vk_sync_take_wait_value_locked says. */
void vk_sync_wait_prepare_locked(struct vk_sync_wait *w);
/* Frees the temporary payloads `waits` consumed. */
void vk_sync_waits_release(struct vk_sync_wait *waits, uint32_t count,
                           const VkAllocationCallbacks *alloc);

/* abs_timeout_ns, or sooner when a wait involves an external payload that
 * only polling sees change (vk_sync_ext.h). */
uint64_t vk_sync_waits_deadline(const struct vk_sync_wait *waits, uint32_t count,
                                uint64_t abs_timeout_ns);

/* Completes a signal operation (BINARY: one more signal; FENCE: signaled;
 * TIMELINE: counter = max(counter, value)) and wakes waiters. */
void vk_sync_signal_locked(struct vk_sync_domain *d, struct vk_sync *sync, uint64_t value);

/* FENCE only: back to unsignaled (dropping a temporary payload restores
 * the permanent one, Vulkan 1.3.239 "Importing Fence Payloads").
 * alloc: the device's. */
void vk_sync_reset_locked(struct vk_sync *sync, const VkAllocationCallbacks *alloc);

bool vk_sync_wait_reached(const struct vk_sync_wait *w);

bool vk_sync_waits_reached_locked(const struct vk_sync_wait *waits, uint32_t count,
                                  bool wait_any);

/* Host wait: VK_SUCCESS when all (or any) waits are reached, VK_TIMEOUT at
 * abs_timeout_ns, VK_ERROR_DEVICE_LOST if the device is (or becomes) lost
 * before that. Takes the lock. */
VkResult vk_sync_wait_many(struct vk_sync_domain *d, const struct vk_sync_wait *waits,
                           uint32_t count, bool wait_any, uint64_t abs_timeout_ns);

#endif /* VK_SYNC_H */
