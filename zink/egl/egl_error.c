/* SPDX-License-Identifier: MIT */
/*
 * The calling thread's EGL error (EGL 1.5, 3.1: eglGetError returns the
 * error of the last EGL call on the thread and resets it to EGL_SUCCESS) and
 * EGL_KHR_debug: the callback, which message types reach it, thread labels.
 * glvnd's libEGL installs its own callback through eglDebugMessageControlKHR
 * and forwards to the application's.
 */
#include <stdatomic.h>

#include "egl_private.h"

static _Thread_local EGLint thread_error = EGL_SUCCESS;
static _Thread_local EGLLabelKHR thread_label;

static pthread_mutex_t debug_lock = PTHREAD_MUTEX_INITIALIZER;
static EGLDEBUGPROCKHR debug_callback;
/* EGL_KHR_debug: "If the callback is set ... CRITICAL and ERROR are enabled
 * by default"; indices are the message types minus EGL_DEBUG_MSG_CRITICAL_KHR. */
static bool debug_enabled[4] = {true, true, false, false};

static EGLint message_type(EGLint error)
{
   return error == EGL_BAD_ALLOC || error == EGL_CONTEXT_LOST ? EGL_DEBUG_MSG_CRITICAL_KHR
                                                              : EGL_DEBUG_MSG_ERROR_KHR;
}

EGLBoolean kegl_error(EGLint error, const char *command, struct kegl_object *object,
                      const char *message)
{
   thread_error = error;
   EGLint type = message_type(error);
   pthread_mutex_lock(&debug_lock);
   EGLDEBUGPROCKHR callback = debug_enabled[type - EGL_DEBUG_MSG_CRITICAL_KHR] ? debug_callback : NULL;
   pthread_mutex_unlock(&debug_lock);
   if (callback)
      callback(error, command, type, thread_label, object ? object->label : NULL, message);
   return EGL_FALSE;
}

void kegl_success(void)
{
   thread_error = EGL_SUCCESS;
}

EGLint kegl_error_from_zgl(enum zgl_status status)
{
   switch (status) {
   case ZGL_OK: return EGL_SUCCESS;
   case ZGL_BAD_ALLOC: return EGL_BAD_ALLOC;
   case ZGL_BAD_MATCH: return EGL_BAD_MATCH;
   case ZGL_BAD_CONFIG: return EGL_BAD_CONFIG;
   case ZGL_NOT_INITIALIZED: return EGL_NOT_INITIALIZED;
   case ZGL_CONTEXT_LOST: return EGL_CONTEXT_LOST;
   }
   return EGL_BAD_ALLOC;
}

EGLint kegl_GetError(void)
{
   EGLint error = thread_error;
   thread_error = EGL_SUCCESS;
   return error;
}

/* EGL_KHR_debug: returns EGL_SUCCESS or the error, and sets it too. */
EGLint kegl_DebugMessageControl(EGLDEBUGPROCKHR callback, const EGLAttrib *attribs)
{
   bool enabled[4];
   pthread_mutex_lock(&debug_lock);
   for (int i = 0; i < 4; i++)
      enabled[i] = debug_enabled[i];
   pthread_mutex_unlock(&debug_lock);
   for (const EGLAttrib *a = attribs; a && a[0] != EGL_NONE; a += 2) {
      if (a[0] < EGL_DEBUG_MSG_CRITICAL_KHR || a[0] > EGL_DEBUG_MSG_INFO_KHR) {
         kegl_error(EGL_BAD_ATTRIBUTE, "eglDebugMessageControlKHR", NULL, "unknown attribute");
         return EGL_BAD_ATTRIBUTE;
      }
      enabled[a[0] - EGL_DEBUG_MSG_CRITICAL_KHR] = a[1] != EGL_FALSE;
   }
   pthread_mutex_lock(&debug_lock);
   debug_callback = callback;
   for (int i = 0; i < 4; i++)
      debug_enabled[i] = enabled[i];
   pthread_mutex_unlock(&debug_lock);
   kegl_success();
   return EGL_SUCCESS;
}

EGLBoolean kegl_QueryDebug(EGLint attribute, EGLAttrib *value)
{
   if (!value)
      return kegl_error(EGL_BAD_PARAMETER, "eglQueryDebugKHR", NULL, "value is NULL");
   pthread_mutex_lock(&debug_lock);
   EGLBoolean ok = EGL_TRUE;
   if (attribute >= EGL_DEBUG_MSG_CRITICAL_KHR && attribute <= EGL_DEBUG_MSG_INFO_KHR)
      *value = debug_callback && debug_enabled[attribute - EGL_DEBUG_MSG_CRITICAL_KHR];
   else if (attribute == EGL_DEBUG_CALLBACK_KHR)
      *value = (EGLAttrib)debug_callback;
   else
      ok = EGL_FALSE;
   pthread_mutex_unlock(&debug_lock);
   if (!ok)
      return kegl_error(EGL_BAD_ATTRIBUTE, "eglQueryDebugKHR", NULL, "unknown attribute");
   kegl_success();
   return EGL_TRUE;
}

/* EGL_KHR_debug: labels for the thread and for objects of a display. */
EGLint kegl_LabelObject(EGLDisplay dpy, EGLenum type, EGLObjectKHR object, EGLLabelKHR label)
{
   static const char command[] = "eglLabelObjectKHR";
   if (type == EGL_OBJECT_THREAD_KHR) {
      thread_label = label;
      kegl_success();
      return EGL_SUCCESS;
   }
   struct kegl_display *display = kegl_display_lock(dpy, type != EGL_OBJECT_DISPLAY_KHR, command);
   if (!display)
      return thread_error; /* kegl_display_lock set it */
   struct kegl_object *target = NULL;
   EGLint error = EGL_BAD_PARAMETER;
   switch (type) {
   case EGL_OBJECT_DISPLAY_KHR:
      /* "object must be equal to display" (EGL_KHR_debug). */
      if (object == (EGLObjectKHR)dpy)
         target = &display->base;
      break;
   case EGL_OBJECT_CONTEXT_KHR:
      if (kegl_object_in(display->contexts, object))
         target = object;
      break;
   case EGL_OBJECT_SURFACE_KHR:
      if (kegl_object_in(display->surfaces, object))
         target = object;
      break;
   case EGL_OBJECT_SYNC_KHR:
      if (kegl_object_in(display->syncs, object))
         target = object;
      break;
   default:
      break;
   }
   if (target)
      target->label = label;
   kegl_display_unlock(display);
   if (!target) {
      kegl_error(error, command, NULL, "not an object of this display");
      return error;
   }
   kegl_success();
   return EGL_SUCCESS;
}
