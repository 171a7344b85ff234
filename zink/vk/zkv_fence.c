/* SPDX-License-Identifier: MIT */
/* Fences: a value on a context's timeline. */
#include <stdlib.h>

#include "zkv_private.h"

bool
zkv_fence_wait(struct zkv_fence *fence, uint64_t timeout_ns)
{
   if (!fence->timeline || fence->value == 0)
      return true;
   return zkv_timeline_wait(fence->timeline, fence->value, timeout_ns);
}

bool
zkv_fence_signalled(struct zkv_fence *fence)
{
   return !fence->timeline || zkv_timeline_reached(fence->timeline, fence->value);
}

struct zkv_fence *
zkv_fence_ref(struct zkv_fence *fence)
{
   atomic_fetch_add(&fence->count, 1);
   return fence;
}

void
zkv_fence_destroy(struct zkv_fence *fence)
{
   if (fence && atomic_fetch_sub(&fence->count, 1) == 1)
      free(fence);
}
