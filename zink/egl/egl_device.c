/* SPDX-License-Identifier: MIT */
/*
 * EGLDeviceEXT (EGL_EXT_device_base: enumeration and query): one device, the
 * Vulkan device zgl opens through the loader (kiln under kiln-run). Its
 * name, the one GL_RENDERER shows, comes with EGL_EXT_device_query_name.
 * The first enumeration opens a zgl screen once to learn whether there is a
 * device and what it is called.
 */
#include <stdio.h>
#include <string.h>

#include "egl_private.h"

static struct {
   pthread_once_t once;
   bool present;
   char name[256];
} device = {.once = PTHREAD_ONCE_INIT};

static void probe(void)
{
   enum zgl_status status;
   const char *message;
   struct zgl_screen *screen = zgl_screen_create(&status, &message);
   if (!screen)
      return;
   snprintf(device.name, sizeof(device.name), "%s", zgl_screen_device_name(screen));
   device.present = true;
   zgl_screen_destroy(screen);
}

EGLDeviceEXT kegl_device(void)
{
   pthread_once(&device.once, probe);
   return device.present ? (EGLDeviceEXT)&device : EGL_NO_DEVICE_EXT;
}

bool kegl_device_valid(EGLDeviceEXT handle)
{
   return handle != EGL_NO_DEVICE_EXT && handle == kegl_device();
}

EGLBoolean kegl_QueryDevices(EGLint max, EGLDeviceEXT *devices, EGLint *count)
{
   /* EGL_EXT_device_enumeration: EGL_BAD_PARAMETER when num_devices is NULL
    * or devices is given with max_devices <= 0. */
   if (!count || (devices && max <= 0))
      return kegl_error(EGL_BAD_PARAMETER, "eglQueryDevicesEXT", NULL, "bad num_devices or max_devices");
   EGLDeviceEXT only = kegl_device();
   *count = 0;
   if (only != EGL_NO_DEVICE_EXT) {
      if (devices)
         devices[0] = only;
      *count = 1;
   }
   kegl_success();
   return EGL_TRUE;
}

EGLBoolean kegl_QueryDeviceAttrib(EGLDeviceEXT handle, EGLint attribute, EGLAttrib *value)
{
   if (!kegl_device_valid(handle))
      return kegl_error(EGL_BAD_DEVICE_EXT, "eglQueryDeviceAttribEXT", NULL, "not kiln's device");
   /* EGL_EXT_device_query defines no attributes of its own; the ones other
    * extensions add (EGL_CUDA_DEVICE_NV, ...) are not ours. */
   (void)value;
   return kegl_error(EGL_BAD_ATTRIBUTE, "eglQueryDeviceAttribEXT", NULL, "unknown attribute");
}

const char *kegl_QueryDeviceString(EGLDeviceEXT handle, EGLint name)
{
   if (!kegl_device_valid(handle)) {
      kegl_error(EGL_BAD_DEVICE_EXT, "eglQueryDeviceStringEXT", NULL, "not kiln's device");
      return NULL;
   }
   switch (name) {
   case EGL_EXTENSIONS:
      kegl_success();
      return "EGL_EXT_device_query_name";
   case EGL_VENDOR: /* EGL_EXT_device_query_name */
      kegl_success();
      return "kiln";
   case EGL_RENDERER_EXT:
      kegl_success();
      return device.name;
   default:
      kegl_error(EGL_BAD_PARAMETER, "eglQueryDeviceStringEXT", NULL, "unknown name");
      return NULL;
   }
}
