/* SPDX-License-Identifier: MIT */
/*
 * EGL_KHR_fence_sync's fences (zgl.h): a zkv fence after what the context
 * has issued.
 */
#include <stdlib.h>

#include "zgl_context.h"
#include "zink/vk/zkv.h"

struct zgl_fence {
   struct zkv_fence *zkv;
};

struct zgl_fence *
zgl_fence_create(struct zgl_context *ctx)
{
   struct zgl_fence *fence = calloc(1, sizeof(*fence));
   if (!fence)
      return NULL;
   fence->zkv = zkv_flush(ctx->zkv);
   if (!fence->zkv) {
      free(fence);
      return NULL;
   }
   return fence;
}

bool
zgl_fence_wait(struct zgl_fence *fence, uint64_t timeout_ns)
{
   return zkv_fence_wait(fence->zkv, timeout_ns);
}

bool
zgl_fence_signalled(struct zgl_fence *fence)
{
   return zkv_fence_signalled(fence->zkv);
}

void
zgl_fence_destroy(struct zgl_fence *fence)
{
   if (!fence)
      return;
   zkv_fence_destroy(fence->zkv);
   free(fence);
}
