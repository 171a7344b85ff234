/* SPDX-License-Identifier: MIT */
/*
 * Sync objects (GL 4.6, 4.1): fences on zkv's command stream. A GLsync is
 * a name in the share group's sync namespace, so a stale or made-up handle
 * is recognised (INVALID_VALUE), never dereferenced.
 */
#include <stdlib.h>

#include "zgl_context.h"
#include "zink/vk/zkv.h"

struct zgl_sync {
   struct zkv_fence *fence;
};

static struct zgl_sync *
lookup(struct zgl_context *ctx, GLsync sync)
{
   const uintptr_t name = (uintptr_t)sync;
   if (name == 0 || name > UINT32_MAX)
      return NULL;
   zgl_shared_lock(ctx);
   struct zgl_sync *s = zgl_names_object(&ctx->shared->syncs, (uint32_t)name);
   zgl_shared_unlock(ctx);
   return s;
}

GLsync GLAPIENTRY
zgl_FenceSync(GLenum condition, GLbitfield flags)
{
   ZGL_CONTEXT(ctx, NULL);
   if (condition != GL_SYNC_GPU_COMMANDS_COMPLETE) {
      zgl_error(ctx, GL_INVALID_ENUM, "glFenceSync(condition 0x%x)", condition);
      return NULL;
   }
   if (flags != 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glFenceSync(flags 0x%x)", flags);
      return NULL;
   }
   struct zgl_sync *s = calloc(1, sizeof(*s));
   if (s)
      s->fence = zkv_flush(ctx->zkv);
   uint32_t name = 0;
   zgl_shared_lock(ctx);
   const bool ok = s && s->fence && zgl_names_gen(&ctx->shared->syncs, 1, &name) &&
                   zgl_names_set(&ctx->shared->syncs, name, s);
   zgl_shared_unlock(ctx);
   if (!ok) {
      if (s)
         zkv_fence_destroy(s->fence);
      free(s);
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glFenceSync");
      return NULL;
   }
   return (GLsync)(uintptr_t)name;
}

GLboolean GLAPIENTRY
zgl_IsSync(GLsync sync)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   return lookup(ctx, sync) != NULL;
}

void GLAPIENTRY
zgl_DeleteSync(GLsync sync)
{
   ZGL_CONTEXT(ctx);
   if (!sync)
      return; /* "silently ignored" */
   struct zgl_sync *s = lookup(ctx, sync);
   if (!s) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDeleteSync: not a sync object");
      return;
   }
   zgl_shared_lock(ctx);
   zgl_names_remove(&ctx->shared->syncs, (uint32_t)(uintptr_t)sync);
   zgl_shared_unlock(ctx);
   zkv_fence_destroy(s->fence);
   free(s);
}

GLenum GLAPIENTRY
zgl_ClientWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
   ZGL_CONTEXT(ctx, GL_WAIT_FAILED);
   struct zgl_sync *s = lookup(ctx, sync);
   if (!s) {
      zgl_error(ctx, GL_INVALID_VALUE, "glClientWaitSync: not a sync object");
      return GL_WAIT_FAILED;
   }
   if (flags & ~GL_SYNC_FLUSH_COMMANDS_BIT) {
      zgl_error(ctx, GL_INVALID_VALUE, "glClientWaitSync(flags 0x%x)", flags);
      return GL_WAIT_FAILED;
   }
   /* "ALREADY_SIGNALED ... if sync was signaled at the time ClientWaitSync
    * was called" (GL 4.6, 4.1.1). The fence was submitted at FenceSync. */
   if (zkv_fence_signalled(s->fence))
      return GL_ALREADY_SIGNALED;
   if (zkv_fence_wait(s->fence, timeout))
      return GL_CONDITION_SATISFIED;
   return GL_TIMEOUT_EXPIRED;
}

void GLAPIENTRY
zgl_WaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
   ZGL_CONTEXT(ctx);
   struct zgl_sync *s = lookup(ctx, sync);
   if (!s) {
      zgl_error(ctx, GL_INVALID_VALUE, "glWaitSync: not a sync object");
      return;
   }
   if (flags != 0 || timeout != GL_TIMEOUT_IGNORED) {
      zgl_error(ctx, GL_INVALID_VALUE, "glWaitSync(flags 0x%x, timeout %llu)", flags,
                (unsigned long long)timeout);
      return;
   }
   zkv_context_wait_fence(ctx->zkv, s->fence);
}

void GLAPIENTRY
zgl_GetSynciv(GLsync sync, GLenum pname, GLsizei count, GLsizei *length, GLint *values)
{
   ZGL_CONTEXT(ctx);
   struct zgl_sync *s = lookup(ctx, sync);
   if (!s) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetSynciv: not a sync object");
      return;
   }
   if (count < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetSynciv(count %d)", count);
      return;
   }
   GLint v;
   switch (pname) {
   case GL_OBJECT_TYPE:
      v = GL_SYNC_FENCE;
      break;
   case GL_SYNC_STATUS:
      v = zkv_fence_signalled(s->fence) ? GL_SIGNALED : GL_UNSIGNALED;
      break;
   case GL_SYNC_CONDITION:
      v = GL_SYNC_GPU_COMMANDS_COMPLETE;
      break;
   case GL_SYNC_FLAGS:
      v = 0;
      break;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "glGetSynciv(pname 0x%x)", pname);
      return;
   }
   if (count >= 1)
      values[0] = v;
   if (length)
      *length = count >= 1 ? 1 : 0;
}

void
zgl_sync_free(void *sync)
{
   struct zgl_sync *s = sync;
   zkv_fence_destroy(s->fence);
   free(s);
}
