/* SPDX-License-Identifier: MIT */
/*
 * EGLSync: fence syncs (EGL 1.5, 3.8.1; EGL_KHR_fence_sync, EGL_KHR_wait_sync)
 * over zgl fences, a point in the current context's command stream signalled
 * when the device has executed everything before it; and reusable syncs
 * (EGL_KHR_reusable_sync), which the application signals and unsignals
 * itself with eglSignalSyncKHR.
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "egl_private.h"

static void unref(struct kegl_sync *sync)
{
   pthread_mutex_lock(&sync->lock);
   bool last = --sync->refs == 0;
   pthread_mutex_unlock(&sync->lock);
   if (!last)
      return;
   if (sync->fence)
      zgl_fence_destroy(sync->fence);
   pthread_cond_destroy(&sync->cond);
   pthread_mutex_destroy(&sync->lock);
   free(sync);
}

/* Drops the display list's reference; waiters on a reusable sync wake up
 * (EGL_KHR_reusable_sync: "they will be unblocked"). */
void kegl_sync_free(struct kegl_sync *sync)
{
   pthread_mutex_lock(&sync->lock);
   sync->destroyed = true;
   pthread_cond_broadcast(&sync->cond);
   pthread_mutex_unlock(&sync->lock);
   unref(sync);
}

/* Looks a sync up under the display lock and takes a reference. */
static struct kegl_sync *sync_get(struct kegl_display *display, EGLSync handle)
{
   if (!kegl_object_in(display->syncs, handle))
      return NULL;
   struct kegl_sync *sync = handle;
   pthread_mutex_lock(&sync->lock);
   sync->refs++;
   pthread_mutex_unlock(&sync->lock);
   return sync;
}

static EGLSync create_sync(EGLDisplay dpy, EGLenum type, bool has_attribs, bool khr, const char *command)
{
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_NO_SYNC;
   struct kegl_context *current = kegl_current_context();
   bool reusable = khr && type == EGL_SYNC_REUSABLE_KHR;
   EGLint error = EGL_SUCCESS;
   const char *why = NULL;
   /* EGL 1.5, 3.8.1: the errors in the order the spec lists them. Reusable syncs
    * are EGL_KHR_reusable_sync's, through eglCreateSyncKHR only. */
   if (type != EGL_SYNC_FENCE && !reusable)
      error = EGL_BAD_PARAMETER, why = "type is not a sync type of kiln";
   else if (has_attribs)
      error = EGL_BAD_ATTRIBUTE, why = "these syncs take no attributes";
   else if (!reusable && (!current || current->api != kegl_current_api()))
      error = EGL_BAD_MATCH, why = "no context of the bound API is current";
   else if (!reusable && current->display != display)
      error = EGL_BAD_MATCH, why = "the current context is of another display";
   struct kegl_sync *sync = NULL;
   if (error == EGL_SUCCESS) {
      sync = calloc(1, sizeof(*sync));
      if (sync && !reusable)
         sync->fence = zgl_fence_create(current->zgl);
      if (!sync || (!reusable && !sync->fence)) {
         free(sync);
         sync = NULL;
         error = EGL_BAD_ALLOC, why = "zgl_fence_create failed";
      }
   }
   if (sync) {
      pthread_mutex_init(&sync->lock, NULL);
      pthread_cond_init(&sync->cond, NULL);
      sync->refs = 1;
      sync->display = display;
      sync->type = type;
      sync->base.next = display->syncs;
      display->syncs = &sync->base;
   }
   kegl_display_unlock(display);
   if (error != EGL_SUCCESS) {
      kegl_error(error, command, &display->base, why);
      return EGL_NO_SYNC;
   }
   kegl_success();
   return sync;
}

EGLSync kegl_CreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attribs)
{
   return create_sync(dpy, type, attribs && attribs[0] != EGL_NONE, false, "eglCreateSync");
}

EGLSyncKHR kegl_CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attribs)
{
   return create_sync(dpy, type, attribs && attribs[0] != EGL_NONE, true, "eglCreateSyncKHR");
}

EGLBoolean kegl_DestroySync(EGLDisplay dpy, EGLSync handle)
{
   struct kegl_display *display = kegl_display_lock(dpy, true, "eglDestroySync");
   if (!display)
      return EGL_FALSE;
   struct kegl_sync *sync = kegl_object_in(display->syncs, handle) ? handle : NULL;
   if (sync)
      kegl_object_remove(&display->syncs, &sync->base);
   kegl_display_unlock(display);
   if (!sync)
      return kegl_error(EGL_BAD_PARAMETER, "eglDestroySync", &display->base, "not a sync of this display");
   kegl_sync_free(sync);
   kegl_success();
   return EGL_TRUE;
}

/* Waits on a reusable sync until signalled, destroyed or timeout_ns. */
static bool wait_reusable(struct kegl_sync *sync, EGLTime timeout_ns)
{
   struct timespec deadline;
   clock_gettime(CLOCK_REALTIME, &deadline);
   bool forever = timeout_ns == EGL_FOREVER || timeout_ns > (EGLTime)INT64_MAX / 2;
   if (!forever) {
      uint64_t ns = deadline.tv_nsec + timeout_ns % 1000000000u;
      deadline.tv_sec += (time_t)(timeout_ns / 1000000000u + ns / 1000000000u);
      deadline.tv_nsec = (long)(ns % 1000000000u);
   }
   pthread_mutex_lock(&sync->lock);
   int r = 0;
   while (!sync->signalled && !sync->destroyed && r != ETIMEDOUT && (forever || timeout_ns))
      r = forever ? pthread_cond_wait(&sync->cond, &sync->lock)
                  : pthread_cond_timedwait(&sync->cond, &sync->lock, &deadline);
   bool signalled = sync->signalled || sync->destroyed;
   pthread_mutex_unlock(&sync->lock);
   return signalled;
}

EGLint kegl_ClientWaitSync(EGLDisplay dpy, EGLSync handle, EGLint flags, EGLTime timeout)
{
   static const char command[] = "eglClientWaitSync";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   struct kegl_sync *sync = sync_get(display, handle);
   kegl_display_unlock(display);
   if (!sync)
      return kegl_error(EGL_BAD_PARAMETER, command, &display->base, "not a sync of this display");
   if (flags & ~EGL_SYNC_FLUSH_COMMANDS_BIT) {
      unref(sync);
      return kegl_error(EGL_BAD_PARAMETER, command, &sync->base, "unknown flags");
   }
   /* Fences flush when they are made (zgl_fence_create), which is what
    * EGL_SYNC_FLUSH_COMMANDS_BIT asks for. */
   bool signalled;
   if (sync->type == EGL_SYNC_REUSABLE_KHR)
      signalled = wait_reusable(sync, timeout);
   else
      signalled = timeout == 0 ? zgl_fence_signalled(sync->fence) : zgl_fence_wait(sync->fence, timeout);
   unref(sync);
   kegl_success();
   return signalled ? EGL_CONDITION_SATISFIED : EGL_TIMEOUT_EXPIRED;
}

static EGLBoolean sync_attrib(EGLDisplay dpy, EGLSync handle, EGLint attribute, EGLAttrib *value,
                              const char *command)
{
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   struct kegl_sync *sync = sync_get(display, handle);
   kegl_display_unlock(display);
   if (!sync)
      return kegl_error(EGL_BAD_PARAMETER, command, &display->base, "not a sync of this display");
   EGLint error = EGL_SUCCESS;
   bool reusable = sync->type == EGL_SYNC_REUSABLE_KHR;
   if (!value) {
      error = EGL_BAD_PARAMETER;
   } else if (attribute == EGL_SYNC_TYPE) {
      *value = sync->type;
   } else if (attribute == EGL_SYNC_STATUS) {
      pthread_mutex_lock(&sync->lock);
      bool s = reusable ? sync->signalled : zgl_fence_signalled(sync->fence);
      pthread_mutex_unlock(&sync->lock);
      *value = s ? EGL_SIGNALED : EGL_UNSIGNALED;
   } else if (attribute == EGL_SYNC_CONDITION && !reusable) {
      /* Reusable syncs have no condition (EGL_KHR_reusable_sync). */
      *value = EGL_SYNC_PRIOR_COMMANDS_COMPLETE;
   } else {
      error = EGL_BAD_ATTRIBUTE;
   }
   unref(sync);
   if (error != EGL_SUCCESS)
      return kegl_error(error, command, &display->base, "bad attribute or value pointer");
   kegl_success();
   return EGL_TRUE;
}

EGLBoolean kegl_GetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib *value)
{
   return sync_attrib(dpy, sync, attribute, value, "eglGetSyncAttrib");
}

EGLBoolean kegl_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint *value)
{
   EGLAttrib v;
   if (!sync_attrib(dpy, sync, attribute, value ? &v : NULL, "eglGetSyncAttribKHR"))
      return EGL_FALSE;
   *value = (EGLint)v;
   return EGL_TRUE;
}

/* EGL_KHR_reusable_sync: sets a reusable sync's status; signalling wakes
 * its waiters. */
EGLBoolean kegl_SignalSyncKHR(EGLDisplay dpy, EGLSyncKHR handle, EGLenum mode)
{
   static const char command[] = "eglSignalSyncKHR";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   struct kegl_sync *sync = sync_get(display, handle);
   kegl_display_unlock(display);
   if (!sync)
      return kegl_error(EGL_BAD_PARAMETER, command, &display->base, "not a sync of this display");
   EGLint error = EGL_SUCCESS;
   if (sync->type != EGL_SYNC_REUSABLE_KHR)
      error = EGL_BAD_MATCH;
   else if (mode != EGL_SIGNALED_KHR && mode != EGL_UNSIGNALED_KHR)
      error = EGL_BAD_PARAMETER;
   if (error == EGL_SUCCESS) {
      pthread_mutex_lock(&sync->lock);
      sync->signalled = mode == EGL_SIGNALED_KHR;
      if (sync->signalled)
         pthread_cond_broadcast(&sync->cond);
      pthread_mutex_unlock(&sync->lock);
   }
   unref(sync);
   if (error != EGL_SUCCESS)
      return kegl_error(error, command, &display->base, "not a reusable sync, or a bad mode");
   kegl_success();
   return EGL_TRUE;
}

/* EGL 1.5, 3.8.1.3: the server waits; zgl has no device-side wait on another
 * context's fence yet, so the client waits, which orders the same. */
EGLBoolean kegl_WaitSync(EGLDisplay dpy, EGLSync handle, EGLint flags)
{
   static const char command[] = "eglWaitSync";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   struct kegl_sync *sync = sync_get(display, handle);
   kegl_display_unlock(display);
   struct kegl_context *current = kegl_current_context();
   EGLint error = EGL_SUCCESS;
   if (!sync)
      return kegl_error(EGL_BAD_PARAMETER, command, &display->base, "not a sync of this display");
   if (flags != 0)
      error = EGL_BAD_PARAMETER;
   else if (!current || current->api != kegl_current_api() || current->display != display)
      error = EGL_BAD_MATCH;
   if (error == EGL_SUCCESS) {
      if (sync->type == EGL_SYNC_REUSABLE_KHR)
         wait_reusable(sync, EGL_FOREVER);
      else
         zgl_fence_wait(sync->fence, UINT64_MAX);
   }
   unref(sync);
   if (error != EGL_SUCCESS)
      return kegl_error(error, command, &display->base,
                        error == EGL_BAD_MATCH ? "no context of the bound API and display is current"
                                               : "flags must be 0");
   kegl_success();
   return EGL_TRUE;
}

EGLint kegl_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
   return kegl_WaitSync(dpy, sync, flags);
}
