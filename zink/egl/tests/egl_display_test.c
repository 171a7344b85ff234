/* SPDX-License-Identifier: MIT */
/*
 * Displays (surfaceless and default), eglInitialize/eglTerminate, eglQueryString, the
 * client extensions, devices and the device platform, EGL_KHR_debug.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "egl_api_test.h"

TEST(client_extensions)
{
   const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   REQUIRE(ext);
   static const char *const want[] = {"EGL_EXT_platform_base", "EGL_MESA_platform_surfaceless",
                                      "EGL_EXT_platform_device", "EGL_EXT_device_enumeration",
                                      "EGL_EXT_device_query", "EGL_KHR_debug", "EGL_EXT_client_extensions"};
   for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++)
      if (!has_token(ext, want[i]))
         test_fail(__FILE__, __LINE__, "client extensions lack %s: %s", want[i], ext);
}

TEST(display)
{
   EGLDisplay a = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   EGLDisplay b = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   REQUIRE(a != EGL_NO_DISPLAY);
   /* EGL 1.5, 3.2: the same arguments give the same display. */
   CHECK(a == b);
   /* EGL_MESA_platform_surfaceless: native_display must be EGL_DEFAULT_DISPLAY. */
   static int not_a_display;
   CHECK(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, &not_a_display, NULL) == EGL_NO_DISPLAY);
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   const EGLAttrib bad_attribs[] = {0x7777, 1, EGL_NONE};
   CHECK(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, bad_attribs) == EGL_NO_DISPLAY);
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   /* An uninitialized display answers EGL_NOT_INITIALIZED. */
   CHECK(eglTerminate(a));
   EGLint n = -1;
   CHECK(!eglGetConfigs(a, NULL, 0, &n));
   CHECK_EQ(eglGetError(), EGL_NOT_INITIALIZED);
   CHECK(eglQueryString(a, EGL_VENDOR) == NULL);
   CHECK_EQ(eglGetError(), EGL_NOT_INITIALIZED);
   EGLint major = 0, minor = 0;
   REQUIRE(eglInitialize(a, &major, &minor));
   CHECK(major == 1 && minor >= 5);
   CHECK_EQ(eglGetError(), EGL_SUCCESS);
   /* Initializing twice is fine and changes nothing. */
   CHECK(eglInitialize(a, NULL, NULL));
   const char *version = eglQueryString(a, EGL_VERSION);
   CHECK(version && !strncmp(version, "1.5", 3));
   const char *apis = eglQueryString(a, EGL_CLIENT_APIS);
   CHECK(apis && has_token(apis, "OpenGL"));
   const char *vendor = eglQueryString(a, EGL_VENDOR);
   REQUIRE(vendor);
   if (want_vendor && !strstr(vendor, want_vendor))
      test_fail(__FILE__, __LINE__, "EGL_VENDOR is '%s', not %s's", vendor, want_vendor);
   const char *ext = eglQueryString(a, EGL_EXTENSIONS);
   REQUIRE(ext);
   static const char *const want[] = {"EGL_KHR_create_context", "EGL_KHR_surfaceless_context",
                                      "EGL_KHR_no_config_context", "EGL_KHR_fence_sync"};
   for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++)
      if (!has_token(ext, want[i]))
         test_fail(__FILE__, __LINE__, "display extensions lack %s", want[i]);
   CHECK(eglQueryString(a, 0x7777) == NULL);
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   /* A handle that is no display: EGL_BAD_DISPLAY. */
   CHECK(!eglInitialize((EGLDisplay)&not_a_display, NULL, NULL));
   CHECK_EQ(eglGetError(), EGL_BAD_DISPLAY);
   /* eglGetDisplay(EGL_DEFAULT_DISPLAY) without a window system. */
   EGLDisplay def = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   if (def != EGL_NO_DISPLAY)
      CHECK(eglInitialize(def, NULL, NULL));
}


TEST(devices)
{
   PFNEGLQUERYDEVICESEXTPROC query_devices = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
   PFNEGLQUERYDEVICESTRINGEXTPROC device_string =
      (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
   PFNEGLQUERYDISPLAYATTRIBEXTPROC display_attrib =
      (PFNEGLQUERYDISPLAYATTRIBEXTPROC)eglGetProcAddress("eglQueryDisplayAttribEXT");
   REQUIRE(query_devices && device_string && display_attrib);
   EGLint n = 0;
   REQUIRE(query_devices(0, NULL, &n));
   REQUIRE(n >= 1);
   CHECK(!query_devices(0, NULL, NULL));
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   EGLDeviceEXT devices[8];
   REQUIRE(query_devices(8, devices, &n));
   CHECK(device_string(devices[0], EGL_EXTENSIONS) != NULL);
   static int not_a_device;
   CHECK(device_string((EGLDeviceEXT)&not_a_device, EGL_EXTENSIONS) == NULL);
   CHECK_EQ(eglGetError(), EGL_BAD_DEVICE_EXT);
   /* The surfaceless display's device is one of them. */
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLAttrib dev = 0;
   if (display_attrib(dpy, EGL_DEVICE_EXT, &dev)) {
      bool listed = false;
      for (int i = 0; i < n; i++)
         listed |= devices[i] == (EGLDeviceEXT)dev;
      CHECK(listed);
   }
   /* EGL_EXT_platform_device: a display on each device renders. */
   for (int i = 0; i < n; i++) {
      EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devices[i], NULL);
      if (d == EGL_NO_DISPLAY)
         continue; /* a device of another vendor glvnd also loaded */
      CHECK(eglInitialize(d, NULL, NULL));
      CHECK(gl_config(d, 0) != NULL);
      const char *ext = device_string(devices[i], EGL_EXTENSIONS);
      if (ext && has_token(ext, "EGL_EXT_device_query_name")) {
         const char *name = device_string(devices[i], EGL_RENDERER_EXT);
         CHECK(name && name[0]);
         printf("device %d: %s\n", i, name ? name : "(null)");
      }
   }
   CHECK(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, &not_a_device, NULL) == EGL_NO_DISPLAY);
   CHECK(eglGetError() != EGL_SUCCESS);
}

static struct {
   int calls;
   EGLenum error;
   const char *command;
   EGLLabelKHR thread, object;
} debug_seen;

static void EGLAPIENTRY debug_callback(EGLenum error, const char *command, EGLint type, EGLLabelKHR thread,
                                       EGLLabelKHR object, const char *message)
{
   debug_seen.calls++;
   debug_seen.error = error;
   debug_seen.command = command;
   debug_seen.thread = thread;
   debug_seen.object = object;
}

TEST(khr_debug)
{
   PFNEGLDEBUGMESSAGECONTROLKHRPROC control =
      (PFNEGLDEBUGMESSAGECONTROLKHRPROC)eglGetProcAddress("eglDebugMessageControlKHR");
   PFNEGLQUERYDEBUGKHRPROC query = (PFNEGLQUERYDEBUGKHRPROC)eglGetProcAddress("eglQueryDebugKHR");
   REQUIRE(control && query);
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   CHECK_EQ(control(debug_callback, NULL), EGL_SUCCESS);
   EGLAttrib v = 0;
   CHECK(query(EGL_DEBUG_MSG_ERROR_KHR, &v) && v == EGL_TRUE);
   CHECK(query(EGL_DEBUG_CALLBACK_KHR, &v) && v == (EGLAttrib)debug_callback);
   EGLint iv;
   debug_seen.calls = 0;
   CHECK(!eglGetConfigAttrib(dpy, c, 0x7777, &iv));
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   CHECK_EQ(debug_seen.calls, 1);
   CHECK_EQ(debug_seen.error, EGL_BAD_ATTRIBUTE);
   CHECK(debug_seen.command && !strcmp(debug_seen.command, "eglGetConfigAttrib"));
   /* Labels: the thread's and the display's reach the callback. */
   PFNEGLLABELOBJECTKHRPROC label = (PFNEGLLABELOBJECTKHRPROC)eglGetProcAddress("eglLabelObjectKHR");
   REQUIRE(label);
   static int thread_label, display_label;
   CHECK_EQ(label(EGL_NO_DISPLAY, EGL_OBJECT_THREAD_KHR, NULL, &thread_label), EGL_SUCCESS);
   CHECK_EQ(label(dpy, EGL_OBJECT_DISPLAY_KHR, (EGLObjectKHR)dpy, &display_label), EGL_SUCCESS);
   debug_seen.calls = 0;
   CHECK(!eglGetConfigAttrib(dpy, c, 0x7777, &iv));
   CHECK_EQ(debug_seen.calls, 1);
   CHECK(debug_seen.thread == &thread_label);
   CHECK(debug_seen.object == &display_label);
   CHECK_EQ(label(dpy, EGL_OBJECT_CONTEXT_KHR, (EGLObjectKHR)&thread_label, &display_label), EGL_BAD_PARAMETER);
   label(EGL_NO_DISPLAY, EGL_OBJECT_THREAD_KHR, NULL, NULL);
   label(dpy, EGL_OBJECT_DISPLAY_KHR, (EGLObjectKHR)dpy, NULL);
   /* Errors off: no more calls. */
   const EGLAttrib off[] = {EGL_DEBUG_MSG_ERROR_KHR, EGL_FALSE, EGL_NONE};
   CHECK_EQ(control(debug_callback, off), EGL_SUCCESS);
   debug_seen.calls = 0;
   CHECK(!eglGetConfigAttrib(dpy, c, 0x7777, &iv));
   CHECK_EQ(debug_seen.calls, 0);
   const EGLAttrib bad[] = {0x7777, EGL_TRUE, EGL_NONE};
   CHECK_EQ(control(debug_callback, bad), EGL_BAD_ATTRIBUTE);
   CHECK_EQ(control(NULL, NULL), EGL_SUCCESS);
}

