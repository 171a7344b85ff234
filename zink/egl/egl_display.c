/* SPDX-License-Identifier: MIT */
/*
 * EGLDisplay: one per platform, as EGL 1.5 (3.2) wants eglGetPlatformDisplay
 * to return the same handle for the same arguments. Two platforms, both
 * headless: surfaceless (EGL_MESA_platform_surfaceless, also what
 * eglGetDisplay(EGL_DEFAULT_DISPLAY) gives, there being no window system
 * here) and device (EGL_EXT_platform_device, our one EGLDeviceEXT). Either
 * opens the Vulkan device through zgl at eglInitialize.
 */
#include <stdlib.h>
#include <string.h>

#include "egl_private.h"

static struct kegl_display displays[2] = {
   {.platform = EGL_PLATFORM_SURFACELESS_MESA, .lock = PTHREAD_MUTEX_INITIALIZER},
   {.platform = EGL_PLATFORM_DEVICE_EXT, .lock = PTHREAD_MUTEX_INITIALIZER},
};

bool kegl_object_in(struct kegl_object *list, const void *handle)
{
   for (struct kegl_object *o = list; o; o = o->next)
      if (o == handle)
         return true;
   return false;
}

void kegl_object_remove(struct kegl_object **list, struct kegl_object *object)
{
   for (struct kegl_object **o = list; *o; o = &(*o)->next)
      if (*o == object) {
         *o = object->next;
         return;
      }
}

struct kegl_display *kegl_display_get(EGLenum platform, void *native, const EGLAttrib *attribs,
                                      const char *command)
{
   struct kegl_display *display;
   switch (platform) {
   case EGL_NONE: /* eglGetDisplay(EGL_DEFAULT_DISPLAY) */
   case EGL_PLATFORM_SURFACELESS_MESA:
      /* EGL_MESA_platform_surfaceless: "native_display must be EGL_DEFAULT_DISPLAY". */
      if (native != EGL_DEFAULT_DISPLAY) {
         kegl_error(EGL_BAD_PARAMETER, command, NULL, "native_display must be EGL_DEFAULT_DISPLAY");
         return NULL;
      }
      display = &displays[0];
      break;
   case EGL_PLATFORM_DEVICE_EXT:
      /* EGL_EXT_platform_device: native_display must be an EGLDeviceEXT. */
      if (!kegl_device_valid(native)) {
         kegl_error(EGL_BAD_PARAMETER, command, NULL, "native_display is not kiln's EGLDeviceEXT");
         return NULL;
      }
      display = &displays[1];
      break;
   default:
      kegl_error(EGL_BAD_PARAMETER, command, NULL, "platform not supported by kiln");
      return NULL;
   }
   /* Neither platform defines display attributes. */
   if (attribs && attribs[0] != EGL_NONE) {
      kegl_error(EGL_BAD_ATTRIBUTE, command, NULL, "no display attributes are accepted");
      return NULL;
   }
   kegl_success();
   return display;
}

struct kegl_display *kegl_display_lock(EGLDisplay dpy, bool initialized, const char *command)
{
   struct kegl_display *display = NULL;
   for (int i = 0; i < 2; i++)
      if (dpy == &displays[i])
         display = &displays[i];
   if (!display) {
      kegl_error(EGL_BAD_DISPLAY, command, NULL, "not an EGLDisplay of kiln");
      return NULL;
   }
   pthread_mutex_lock(&display->lock);
   if (initialized && !display->initialized) {
      pthread_mutex_unlock(&display->lock);
      kegl_error(EGL_NOT_INITIALIZED, command, &display->base, "display not initialized");
      return NULL;
   }
   return display;
}

void kegl_display_unlock(struct kegl_display *display)
{
   pthread_mutex_unlock(&display->lock);
}

EGLBoolean kegl_Initialize(EGLDisplay dpy, EGLint *major, EGLint *minor)
{
   struct kegl_display *display = kegl_display_lock(dpy, false, "eglInitialize");
   if (!display)
      return EGL_FALSE;
   if (!display->initialized) {
      if (!display->screen) {
         enum zgl_status status = ZGL_OK;
         const char *message = NULL;
         display->screen = zgl_screen_create(&status, &message);
         if (!display->screen) {
            kegl_display_unlock(display);
            /* EGL 1.5, 3.2: "EGL_NOT_INITIALIZED if dpy cannot be initialized". */
            return kegl_error(EGL_NOT_INITIALIZED, "eglInitialize", &display->base,
                              message ? message : "no Vulkan device");
         }
         if (!kegl_configs_init(display)) {
            zgl_screen_destroy(display->screen);
            display->screen = NULL;
            kegl_display_unlock(display);
            return kegl_error(EGL_BAD_ALLOC, "eglInitialize", &display->base, "out of memory");
         }
      }
      display->initialized = true;
   }
   kegl_display_unlock(display);
   if (major)
      *major = 1;
   if (minor)
      *minor = 5;
   kegl_success();
   return EGL_TRUE;
}

/* Frees the screen once the display is terminated and the last context or
 * surface eglTerminate left current is gone. Called with the display
 * locked. */
void kegl_display_collect(struct kegl_display *display)
{
   if (display->initialized || display->contexts || display->surfaces || !display->screen)
      return;
   zgl_screen_destroy(display->screen);
   display->screen = NULL;
   free(display->configs);
   display->configs = NULL;
   display->config_count = 0;
}

/* EGL 1.5, 3.2: eglTerminate marks every object of the display for
 * deletion and its handles invalid at once; contexts and surfaces current
 * to a thread are deleted when they stop being current. */
static void terminate_objects(struct kegl_display *display)
{
   while (display->syncs) {
      struct kegl_sync *sync = (struct kegl_sync *)display->syncs;
      display->syncs = sync->base.next;
      kegl_sync_free(sync);
   }
   for (struct kegl_object **o = &display->contexts; *o;) {
      struct kegl_context *context = (struct kegl_context *)*o;
      context->destroyed = true;
      if (context->current) {
         o = &(*o)->next;
      } else {
         *o = context->base.next;
         kegl_context_free(context);
      }
   }
   for (struct kegl_object **o = &display->surfaces; *o;) {
      struct kegl_surface *surface = (struct kegl_surface *)*o;
      surface->destroyed = true;
      if (surface->bound) {
         o = &(*o)->next;
      } else {
         *o = surface->base.next;
         kegl_surface_free(surface);
      }
   }
}

EGLBoolean kegl_Terminate(EGLDisplay dpy)
{
   struct kegl_display *display = kegl_display_lock(dpy, false, "eglTerminate");
   if (!display)
      return EGL_FALSE;
   display->initialized = false;
   terminate_objects(display);
   kegl_display_collect(display);
   kegl_display_unlock(display);
   kegl_success();
   return EGL_TRUE;
}

static const char display_extensions[] =
   "EGL_KHR_create_context "
   "EGL_KHR_fence_sync "
   "EGL_KHR_get_all_proc_addresses "
   "EGL_KHR_no_config_context "
   "EGL_KHR_reusable_sync "
   "EGL_KHR_surfaceless_context "
   "EGL_KHR_wait_sync";

/* What glvnd merges into eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS). */
static const char client_extensions[] =
   "EGL_EXT_client_extensions "
   "EGL_EXT_device_base "
   "EGL_EXT_device_enumeration "
   "EGL_EXT_device_query "
   "EGL_EXT_platform_base "
   "EGL_EXT_platform_device "
   "EGL_KHR_client_get_all_proc_addresses "
   "EGL_KHR_debug "
   "EGL_MESA_platform_surfaceless";

const char *kegl_QueryString(EGLDisplay dpy, EGLint name)
{
   if (dpy == EGL_NO_DISPLAY) {
      /* EGL 1.5, 3.3: EGL_VERSION and EGL_EXTENSIONS need no display. */
      if (name == EGL_EXTENSIONS) {
         kegl_success();
         return client_extensions;
      }
      if (name == EGL_VERSION) {
         kegl_success();
         return "1.5";
      }
      kegl_error(EGL_BAD_DISPLAY, "eglQueryString", NULL, "no display");
      return NULL;
   }
   struct kegl_display *display = kegl_display_lock(dpy, true, "eglQueryString");
   if (!display)
      return NULL;
   kegl_display_unlock(display);
   switch (name) {
   case EGL_CLIENT_APIS:
      kegl_success();
      return "OpenGL";
   case EGL_EXTENSIONS:
      kegl_success();
      return display_extensions;
   case EGL_VENDOR:
      kegl_success();
      return "kiln";
   case EGL_VERSION:
      kegl_success();
      return "1.5 kiln";
   default:
      kegl_error(EGL_BAD_PARAMETER, "eglQueryString", &display->base, "unknown name");
      return NULL;
   }
}

/* EGL_EXT_device_query: the display's EGLDeviceEXT. */
EGLBoolean kegl_QueryDisplayAttrib(EGLDisplay dpy, EGLint attribute, EGLAttrib *value)
{
   struct kegl_display *display = kegl_display_lock(dpy, true, "eglQueryDisplayAttribEXT");
   if (!display)
      return EGL_FALSE;
   kegl_display_unlock(display);
   if (!value)
      return kegl_error(EGL_BAD_PARAMETER, "eglQueryDisplayAttribEXT", &display->base, "value is NULL");
   if (attribute != EGL_DEVICE_EXT)
      return kegl_error(EGL_BAD_ATTRIBUTE, "eglQueryDisplayAttribEXT", &display->base, "unknown attribute");
   *value = (EGLAttrib)kegl_device();
   kegl_success();
   return EGL_TRUE;
}
