/* SPDX-License-Identifier: MIT */
#include "vk_sync.h"

#include <errno.h>
#include <time.h>

#include "util/macros.h"
#include "util/os.h"

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
}

uint64_t
vk_sync_take_wait_value_locked(struct vk_sync *sync, uint64_t api_value)
{
   switch (sync->type) {
   case VK_SYNC_TYPE_FENCE:
      return 1;
   case VK_SYNC_TYPE_BINARY:
      return ++sync->waits_submitted;
   case VK_SYNC_TYPE_TIMELINE:
   default:
      return api_value;
   }
}

void
vk_sync_signal_locked(struct vk_sync_domain *d, struct vk_sync *sync, uint64_t value)
{
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
vk_sync_reset_locked(struct vk_sync *sync)
{
   if (sync->type == VK_SYNC_TYPE_FENCE)
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
