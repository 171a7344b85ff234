/* SPDX-License-Identifier: MIT */
#include "vk_sync.h"

#include <errno.h>
#include <stdatomic.h>
#include <time.h>

#include "util/macros.h"
#include "util/os.h"
#include "vk_alloc.h"
#include "vk_sync_ext.h"

int
vk_sync_domain_init(struct vk_sync_domain *d)
{
   d->lost = false;
   int ret = pthread_mutex_init(&d->mutex, NULL);
   if (ret)
      return ret;
   pthread_condattr_t attr;
   pthread_condattr_init(&attr);
   pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
   ret = pthread_cond_init(&d->cond, &attr);
   pthread_condattr_destroy(&attr);
   if (ret)
      pthread_mutex_destroy(&d->mutex);
   return ret;
}

void
vk_sync_domain_finish(struct vk_sync_domain *d)
{
   pthread_cond_destroy(&d->cond);
   pthread_mutex_destroy(&d->mutex);
}

uint64_t
vk_abs_timeout(uint64_t rel_ns)
{
   if (rel_ns == UINT64_MAX)
      return UINT64_MAX;
   const uint64_t now = util_time_ns();
   return rel_ns > UINT64_MAX - now ? UINT64_MAX : now + rel_ns;
}

bool
vk_sync_domain_wait_locked(struct vk_sync_domain *d, uint64_t abs_timeout_ns)
{
   if (abs_timeout_ns == UINT64_MAX) {
      pthread_cond_wait(&d->cond, &d->mutex);
      return true;
   }
   if (util_time_ns() >= abs_timeout_ns)
      return false;
   const struct timespec ts = {
      .tv_sec = (time_t)(abs_timeout_ns / 1000000000ull),
      .tv_nsec = (long)(abs_timeout_ns % 1000000000ull),
   };
   /* A spurious wakeup or a broadcast both return true; callers re-test. */
   return pthread_cond_timedwait(&d->cond, &d->mutex, &ts) != ETIMEDOUT ||
          util_time_ns() < abs_timeout_ns;
}

void
vk_sync_init(struct vk_sync *sync, enum vk_sync_type type, uint64_t initial_value)
{
   sync->type = type;
   sync->value = initial_value;
   sync->waits_submitted = 0;
   sync->ext = NULL;
   sync->temporary = NULL;
}

static void
vk_sync_destroy_temporary(struct vk_sync *temp, const VkAllocationCallbacks *alloc)
{
   vk_sync_ext_destroy(alloc, temp->ext);
   vk_free(alloc, temp);
}

void
vk_sync_finish(struct vk_sync *sync, const VkAllocationCallbacks *alloc)
{
   if (sync->temporary)
      vk_sync_destroy_temporary(sync->temporary, alloc);
   vk_sync_ext_destroy(alloc, sync->ext);
   sync->temporary = NULL;
   sync->ext = NULL;
}

uint64_t
vk_sync_value_locked(struct vk_sync *sync)
{
   sync = vk_sync_active(sync);
   return sync->ext ? vk_sync_ext_value(sync->ext) : sync->value;
}

uint64_t
vk_sync_take_wait_value_locked(struct vk_sync *sync, uint64_t api_value)
{
   switch (sync->type) {
   case VK_SYNC_TYPE_FENCE:
      return 1;
   case VK_SYNC_TYPE_BINARY:
      if (sync->ext && sync->ext->kind == VK_SYNC_EXT_SYNC_FILE)
         return 1;
      if (sync->ext)
         return atomic_fetch_add(&sync->ext->shm->waits_submitted, 1) + 1;
      return ++sync->waits_submitted;
   case VK_SYNC_TYPE_TIMELINE:
   default:
      return api_value;
   }
}

void
vk_sync_wait_prepare_locked(struct vk_sync_wait *w)
{
   /* Vulkan 1.3.239, "Importing Semaphore Payloads": a temporarily imported
    * payload is used "until the next wait operation", after which the
    * permanent one is restored; the wait itself uses the temporary one. */
   if (w->sync->type == VK_SYNC_TYPE_BINARY && w->sync->temporary) {
      struct vk_sync *temp = w->sync->temporary;
      w->sync->temporary = NULL;
      w->sync = temp;
      w->owns_sync = true;
   }
   w->value = vk_sync_take_wait_value_locked(w->sync, w->value);
}

void
vk_sync_waits_release(struct vk_sync_wait *waits, uint32_t count,
                      const VkAllocationCallbacks *alloc)
{
   for (uint32_t i = 0; i < count; i++) {
      if (waits[i].owns_sync) {
         vk_sync_destroy_temporary(waits[i].sync, alloc);
         waits[i].sync = NULL;
         waits[i].owns_sync = false;
      }
   }
}

uint64_t
vk_sync_waits_deadline(const struct vk_sync_wait *waits, uint32_t count,
                       uint64_t abs_timeout_ns)
{
   for (uint32_t i = 0; i < count; i++) {
      if (vk_sync_active(waits[i].sync)->ext)
         return MIN2(abs_timeout_ns, vk_abs_timeout(VK_SYNC_POLL_NS));
   }
   return abs_timeout_ns;
}

bool
vk_sync_wait_reached(const struct vk_sync_wait *w)
{
   const struct vk_sync *s = w->sync;
   return (s->ext ? vk_sync_ext_value(s->ext) : s->value) >= w->value;
}

void
vk_sync_signal_locked(struct vk_sync_domain *d, struct vk_sync *sync, uint64_t value)
{
   sync = vk_sync_active(sync);
   if (sync->ext) {
      /* A sync_file payload cannot be signalled by us; signalling a fence
       * or semaphore that holds one is invalid usage (it is not unsignaled
       * and idle), so there is nothing to do. */
      if (sync->ext->kind == VK_SYNC_EXT_SHM) {
         _Atomic uint64_t *v = &sync->ext->shm->value;
         if (sync->type == VK_SYNC_TYPE_FENCE) {
            atomic_store(v, 1);
         } else if (sync->type == VK_SYNC_TYPE_BINARY) {
            atomic_fetch_add(v, 1);
         } else {
            uint64_t old = atomic_load(v);
            while (old < value && !atomic_compare_exchange_weak(v, &old, value)) {
            }
         }
      }
      vk_sync_domain_broadcast_locked(d);
      return;
   }
   switch (sync->type) {
   case VK_SYNC_TYPE_FENCE:
      sync->value = 1;
      break;
   case VK_SYNC_TYPE_BINARY:
      sync->value++;
      break;
   case VK_SYNC_TYPE_TIMELINE:
      sync->value = MAX2(sync->value, value);
      break;
   }
   vk_sync_domain_broadcast_locked(d);
}

void
vk_sync_reset_locked(struct vk_sync *sync, const VkAllocationCallbacks *alloc)
{
   if (sync->type != VK_SYNC_TYPE_FENCE)
      return;
   if (sync->temporary) {
      vk_sync_destroy_temporary(sync->temporary, alloc);
      sync->temporary = NULL;
   }
   if (sync->ext && sync->ext->kind == VK_SYNC_EXT_SHM)
      atomic_store(&sync->ext->shm->value, 0);
   else if (!sync->ext)
      sync->value = 0;
}

bool
vk_sync_waits_reached_locked(const struct vk_sync_wait *waits, uint32_t count, bool wait_any)
{
   if (count == 0)
      return true;
   for (uint32_t i = 0; i < count; i++) {
      const bool reached = vk_sync_wait_reached(&waits[i]);
      if (wait_any && reached)
         return true;
      if (!wait_any && !reached)
         return false;
   }
   return !wait_any;
}

VkResult
vk_sync_wait_many(struct vk_sync_domain *d, const struct vk_sync_wait *waits, uint32_t count,
                  bool wait_any, uint64_t abs_timeout_ns)
{
   VkResult result = VK_SUCCESS;
   vk_sync_domain_lock(d);
   while (!vk_sync_waits_reached_locked(waits, count, wait_any)) {
      if (d->lost) {
         result = VK_ERROR_DEVICE_LOST;
         break;
      }
      /* External payloads change without a broadcast: look again in
       * slices until the caller's own timeout. */
      const uint64_t slice = vk_sync_waits_deadline(waits, count, abs_timeout_ns);
      if (slice < abs_timeout_ns) {
         vk_sync_domain_wait_locked(d, slice);
         continue;
      }
      if (!vk_sync_domain_wait_locked(d, abs_timeout_ns)) {
         /* One last look: the signal may have landed with the timeout. */
         if (!vk_sync_waits_reached_locked(waits, count, wait_any))
            result = d->lost ? VK_ERROR_DEVICE_LOST : VK_TIMEOUT;
         break;
      }
   }
   vk_sync_domain_unlock(d);
   return result;
}
