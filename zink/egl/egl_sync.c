/* SPDX-License-Identifier: MIT */
/*
 * EGLSync: fence syncs (EGL 1.5, 3.8.1; EGL_KHR_fence_sync, EGL_KHR_wait_sync)
 * over zgl fences: a point in the current context's command stream, signalled
 * when the device has executed everything before it.
 */
#include <stdlib.h>

#include "egl_private.h"

void kegl_sync_free(struct kegl_sync *sync)
{
   zgl_fence_destroy(sync->fence);
   free(sync);
}

static struct kegl_sync *sync_lookup(struct kegl_display *display, EGLSync sync)
{
   return kegl_object_in(display->syncs, sync) ? (struct kegl_sync *)sync : NULL;
}

static EGLSync create_sync(EGLDisplay dpy, EGLenum type, bool has_attribs, const char *command)
{
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_NO_SYNC;
   struct kegl_context *current = kegl_current_context();
   EGLint error = EGL_SUCCESS;
   const char *why = NULL;
   /* 3.8.1: the errors in the order the spec lists them. */
   if (type != EGL_SYNC_FENCE)
      error = EGL_BAD_PARAMETER, why = "type is not EGL_SYNC_FENCE";
   else if (has_attribs)
      error = EGL_BAD_ATTRIBUTE, why = "fence syncs take no attributes";
   else if (!current || current->api != kegl_current_api())
      error = EGL_BAD_MATCH, why = "no context of the bound API is current";
   else if (current->display != display)
      error = EGL_BAD_MATCH, why = "the current context is of another display";
   struct kegl_sync *sync = NULL;
   if (error == EGL_SUCCESS) {
      sync = calloc(1, sizeof(*sync));
      if (sync)
         sync->fence = zgl_fence_create(current->zgl);
      if (!sync || !sync->fence) {
         free(sync);
         sync = NULL;
         error = EGL_BAD_ALLOC, why = "zgl_fence_create failed";
      }
   }
   if (sync) {
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
   return create_sync(dpy, type, attribs && attribs[0] != EGL_NONE, "eglCreateSync");
}

EGLSyncKHR kegl_CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attribs)
{
   return create_sync(dpy, type, attribs && attribs[0] != EGL_NONE, "eglCreateSyncKHR");
}

EGLBoolean kegl_DestroySync(EGLDisplay dpy, EGLSync handle)
{
   struct kegl_display *display = kegl_display_lock(dpy, true, "eglDestroySync");
   if (!display)
      return EGL_FALSE;
   struct kegl_sync *sync = sync_lookup(display, handle);
   if (sync)
      kegl_object_remove(&display->syncs, &sync->base);
   kegl_display_unlock(display);
   if (!sync)
      return kegl_error(EGL_BAD_PARAMETER, "eglDestroySync", &display->base, "not a sync of this display");
   kegl_sync_free(sync);
   kegl_success();
   return EGL_TRUE;
}

EGLint kegl_ClientWaitSync(EGLDisplay dpy, EGLSync handle, EGLint flags, EGLTime timeout)
{
   static const char command[] = "eglClientWaitSync";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   struct kegl_sync *sync = sync_lookup(display, handle);
   /* The wait runs unlocked so other threads can use the display; the sync
    * must then not be destroyed under it, which EGL 1.5 (3.8.1.2) leaves
    * undefined anyway. */
   kegl_display_unlock(display);
   if (!sync)
      return kegl_error(EGL_BAD_PARAMETER, command, &display->base, "not a sync of this display");
   if (flags & ~EGL_SYNC_FLUSH_COMMANDS_BIT)
      return kegl_error(EGL_BAD_PARAMETER, command, &sync->base, "unknown flags");
   /* Fences flush when they are made (zgl_fence_create), which is what
    * EGL_SYNC_FLUSH_COMMANDS_BIT asks for. */
   bool signalled = timeout == 0 ? zgl_fence_signalled(sync->fence) : zgl_fence_wait(sync->fence, timeout);
   kegl_success();
   return signalled ? EGL_CONDITION_SATISFIED : EGL_TIMEOUT_EXPIRED;
}

static EGLBoolean sync_attrib(EGLDisplay dpy, EGLSync handle, EGLint attribute, EGLAttrib *value,
                              const char *command)
{
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   struct kegl_sync *sync = sync_lookup(display, handle);
   kegl_display_unlock(display);
   if (!sync)
      return kegl_error(EGL_BAD_PARAMETER, command, &display->base, "not a sync of this display");
   if (!value)
      return kegl_error(EGL_BAD_PARAMETER, command, &sync->base, "value is NULL");
   switch (attribute) {
   case EGL_SYNC_TYPE: *value = sync->type; break;
   case EGL_SYNC_STATUS: *value = zgl_fence_signalled(sync->fence) ? EGL_SIGNALED : EGL_UNSIGNALED; break;
   case EGL_SYNC_CONDITION: *value = EGL_SYNC_PRIOR_COMMANDS_COMPLETE; break;
   default: return kegl_error(EGL_BAD_ATTRIBUTE, command, &sync->base, "unknown attribute");
   }
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

/* 3.8.1.3: the server waits; zgl has no device-side wait on another
 * context's fence yet, so the client waits, which orders the same. */
EGLBoolean kegl_WaitSync(EGLDisplay dpy, EGLSync handle, EGLint flags)
{
   static const char command[] = "eglWaitSync";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   struct kegl_sync *sync = sync_lookup(display, handle);
   kegl_display_unlock(display);
   struct kegl_context *current = kegl_current_context();
   if (!sync)
      return kegl_error(EGL_BAD_PARAMETER, command, &display->base, "not a sync of this display");
   if (flags != 0)
      return kegl_error(EGL_BAD_PARAMETER, command, &sync->base, "flags must be 0");
   if (!current || current->api != kegl_current_api())
      return kegl_error(EGL_BAD_MATCH, command, &sync->base, "no context of the bound API is current");
   if (current->display != display)
      return kegl_error(EGL_BAD_MATCH, command, &sync->base, "the current context is of another display");
   zgl_fence_wait(sync->fence, UINT64_MAX);
   kegl_success();
   return EGL_TRUE;
}

EGLint kegl_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
   return kegl_WaitSync(dpy, sync, flags);
}
