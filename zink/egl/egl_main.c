/* SPDX-License-Identifier: MIT */
/*
 * The glvnd vendor entry (libEGL_kiln.so.0): __egl_Main fills glvnd's import
 * table (glvnd/libeglabi.h, ABI 0.x). glvnd's libEGL owns eglGetDisplay,
 * eglBindAPI, eglGetCurrent*, eglGetProcAddress and the client extension
 * string, and calls the functions below through getProcAddress. EGL display
 * and device extension functions that libEGL has no stub for
 * (eglCreateSyncKHR, eglQueryDeviceStringEXT, ...) reach us through the
 * dispatch stubs at the end of this file, which find the vendor of their
 * display or device. GL functions come from zgl_get_proc_address, which
 * glvnd's libGLdispatch puts in its table.
 */
#include <glvnd/libeglabi.h>
#include <string.h>

#include "egl_private.h"

static const __EGLapiExports *glvnd;

EGLenum kegl_current_api(void)
{
   return glvnd ? glvnd->getCurrentApi() : EGL_OPENGL_API;
}

/* --- dispatch stubs for extension functions, found by display or device --- */

enum stub { STUB_CREATE_SYNC, STUB_DESTROY_SYNC, STUB_CLIENT_WAIT_SYNC, STUB_GET_SYNC_ATTRIB,
            STUB_WAIT_SYNC, STUB_SIGNAL_SYNC, STUB_QUERY_DEVICE_ATTRIB, STUB_QUERY_DEVICE_STRING,
            STUB_COUNT };
static int stub_index[STUB_COUNT] = {-1, -1, -1, -1, -1, -1, -1, -1};

/* The vendor's function for a stub, or NULL after setting error. */
static void *fetch(__EGLvendorInfo *vendor, enum stub stub, EGLint error)
{
   void *f = vendor && stub_index[stub] >= 0 ? (void *)glvnd->fetchDispatchEntry(vendor, stub_index[stub]) : NULL;
   if (!f) {
      glvnd->setEGLError(error);
      return NULL;
   }
   glvnd->setLastVendor(vendor);
   return f;
}

static void *by_display(EGLDisplay dpy, enum stub stub)
{
   glvnd->threadInit();
   return fetch(glvnd->getVendorFromDisplay(dpy), stub, EGL_BAD_DISPLAY);
}

static void *by_device(EGLDeviceEXT dev, enum stub stub)
{
   glvnd->threadInit();
   return fetch(glvnd->getVendorFromDevice(dev), stub, EGL_BAD_DEVICE_EXT);
}

static EGLSyncKHR stub_CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attribs)
{
   PFNEGLCREATESYNCKHRPROC f = by_display(dpy, STUB_CREATE_SYNC);
   return f ? f(dpy, type, attribs) : EGL_NO_SYNC_KHR;
}

static EGLBoolean stub_DestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync)
{
   PFNEGLDESTROYSYNCKHRPROC f = by_display(dpy, STUB_DESTROY_SYNC);
   return f ? f(dpy, sync) : EGL_FALSE;
}

static EGLint stub_ClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout)
{
   PFNEGLCLIENTWAITSYNCKHRPROC f = by_display(dpy, STUB_CLIENT_WAIT_SYNC);
   return f ? f(dpy, sync, flags, timeout) : EGL_FALSE;
}

static EGLBoolean stub_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint *value)
{
   PFNEGLGETSYNCATTRIBKHRPROC f = by_display(dpy, STUB_GET_SYNC_ATTRIB);
   return f ? f(dpy, sync, attribute, value) : EGL_FALSE;
}

static EGLint stub_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
   PFNEGLWAITSYNCKHRPROC f = by_display(dpy, STUB_WAIT_SYNC);
   return f ? f(dpy, sync, flags) : EGL_FALSE;
}

static EGLBoolean stub_SignalSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLenum mode)
{
   PFNEGLSIGNALSYNCKHRPROC f = by_display(dpy, STUB_SIGNAL_SYNC);
   return f ? f(dpy, sync, mode) : EGL_FALSE;
}

static EGLBoolean stub_QueryDeviceAttribEXT(EGLDeviceEXT dev, EGLint attribute, EGLAttrib *value)
{
   PFNEGLQUERYDEVICEATTRIBEXTPROC f = by_device(dev, STUB_QUERY_DEVICE_ATTRIB);
   return f ? f(dev, attribute, value) : EGL_FALSE;
}

static const char *stub_QueryDeviceStringEXT(EGLDeviceEXT dev, EGLint name)
{
   PFNEGLQUERYDEVICESTRINGEXTPROC f = by_device(dev, STUB_QUERY_DEVICE_STRING);
   return f ? f(dev, name) : NULL;
}

static const struct {
   const char *name;
   void *stub;
} stubs[STUB_COUNT] = {
   [STUB_CREATE_SYNC] = {"eglCreateSyncKHR", (void *)stub_CreateSyncKHR},
   [STUB_DESTROY_SYNC] = {"eglDestroySyncKHR", (void *)stub_DestroySyncKHR},
   [STUB_CLIENT_WAIT_SYNC] = {"eglClientWaitSyncKHR", (void *)stub_ClientWaitSyncKHR},
   [STUB_GET_SYNC_ATTRIB] = {"eglGetSyncAttribKHR", (void *)stub_GetSyncAttribKHR},
   [STUB_WAIT_SYNC] = {"eglWaitSyncKHR", (void *)stub_WaitSyncKHR},
   [STUB_SIGNAL_SYNC] = {"eglSignalSyncKHR", (void *)stub_SignalSyncKHR},
   [STUB_QUERY_DEVICE_ATTRIB] = {"eglQueryDeviceAttribEXT", (void *)stub_QueryDeviceAttribEXT},
   [STUB_QUERY_DEVICE_STRING] = {"eglQueryDeviceStringEXT", (void *)stub_QueryDeviceStringEXT},
};

static void *get_dispatch_address(const char *name)
{
   for (int i = 0; i < STUB_COUNT; i++)
      if (!strcmp(name, stubs[i].name))
         return stubs[i].stub;
   return NULL;
}

static void set_dispatch_index(const char *name, int index)
{
   for (int i = 0; i < STUB_COUNT; i++)
      if (!strcmp(name, stubs[i].name))
         stub_index[i] = index;
}

/* --- our implementations, by EGL name --- */

static const struct {
   const char *name;
   void *proc;
} procs[] = {
#define P(name, fn) {name, (void *)fn}
   P("eglBindTexImage", kegl_BindTexImage),
   P("eglChooseConfig", kegl_ChooseConfig),
   P("eglClientWaitSync", kegl_ClientWaitSync),
   P("eglClientWaitSyncKHR", kegl_ClientWaitSync),
   P("eglCopyBuffers", kegl_CopyBuffers),
   P("eglCreateContext", kegl_CreateContext),
   P("eglCreatePbufferFromClientBuffer", kegl_CreatePbufferFromClientBuffer),
   P("eglCreatePbufferSurface", kegl_CreatePbufferSurface),
   P("eglCreatePixmapSurface", kegl_CreatePixmapSurface),
   P("eglCreatePlatformPixmapSurface", kegl_CreatePlatformPixmapSurface),
   P("eglCreatePlatformPixmapSurfaceEXT", kegl_CreatePlatformPixmapSurfaceEXT),
   P("eglCreatePlatformWindowSurface", kegl_CreatePlatformWindowSurface),
   P("eglCreatePlatformWindowSurfaceEXT", kegl_CreatePlatformWindowSurfaceEXT),
   P("eglCreateSync", kegl_CreateSync),
   P("eglCreateSyncKHR", kegl_CreateSyncKHR),
   P("eglCreateWindowSurface", kegl_CreateWindowSurface),
   P("eglDebugMessageControlKHR", kegl_DebugMessageControl),
   P("eglDestroyContext", kegl_DestroyContext),
   P("eglDestroySurface", kegl_DestroySurface),
   P("eglDestroySync", kegl_DestroySync),
   P("eglDestroySyncKHR", kegl_DestroySync),
   P("eglGetConfigAttrib", kegl_GetConfigAttrib),
   P("eglGetConfigs", kegl_GetConfigs),
   P("eglGetError", kegl_GetError),
   P("eglGetSyncAttrib", kegl_GetSyncAttrib),
   P("eglGetSyncAttribKHR", kegl_GetSyncAttribKHR),
   P("eglInitialize", kegl_Initialize),
   P("eglLabelObjectKHR", kegl_LabelObject),
   P("eglMakeCurrent", kegl_MakeCurrent),
   P("eglQueryContext", kegl_QueryContext),
   P("eglQueryDebugKHR", kegl_QueryDebug),
   P("eglQueryDeviceAttribEXT", kegl_QueryDeviceAttrib),
   P("eglQueryDeviceStringEXT", kegl_QueryDeviceString),
   P("eglQueryDevicesEXT", kegl_QueryDevices),
   P("eglQueryDisplayAttribEXT", kegl_QueryDisplayAttrib),
   P("eglQueryDisplayAttribKHR", kegl_QueryDisplayAttrib),
   P("eglQueryString", kegl_QueryString),
   P("eglQuerySurface", kegl_QuerySurface),
   P("eglReleaseTexImage", kegl_ReleaseTexImage),
   P("eglReleaseThread", kegl_ReleaseThread),
   P("eglSignalSyncKHR", kegl_SignalSyncKHR),
   P("eglSurfaceAttrib", kegl_SurfaceAttrib),
   P("eglSwapBuffers", kegl_SwapBuffers),
   P("eglSwapInterval", kegl_SwapInterval),
   P("eglTerminate", kegl_Terminate),
   P("eglWaitClient", kegl_WaitClient),
   P("eglWaitGL", kegl_WaitGL),
   P("eglWaitNative", kegl_WaitNative),
   P("eglWaitSync", kegl_WaitSync),
   P("eglWaitSyncKHR", kegl_WaitSyncKHR),
#undef P
};

static void *get_proc_address(const char *name)
{
   if (!strncmp(name, "egl", 3)) {
      for (unsigned i = 0; i < sizeof(procs) / sizeof(procs[0]); i++)
         if (!strcmp(name, procs[i].name))
            return procs[i].proc;
      return NULL;
   }
   return zgl_get_proc_address(name);
}

static EGLDisplay get_platform_display(EGLenum platform, void *native, const EGLAttrib *attribs)
{
   struct kegl_display *display = kegl_display_get(platform, native, attribs, "eglGetPlatformDisplay");
   return display ? (EGLDisplay)display : EGL_NO_DISPLAY;
}

static EGLBoolean get_supports_api(EGLenum api)
{
   /* Desktop OpenGL only for now (issue 12); ES contexts need zgl's ES
    * profiles and their piglit groups first. */
   return api == EGL_OPENGL_API;
}

static const char *get_vendor_string(int name)
{
   if (name == __EGL_VENDOR_STRING_PLATFORM_EXTENSIONS)
      return "EGL_EXT_platform_device EGL_MESA_platform_surfaceless";
   return NULL;
}

KEGL_EXPORT EGLBoolean __egl_Main(uint32_t version, const __EGLapiExports *exports,
                                  __EGLvendorInfo *vendor, __EGLapiImports *imports)
{
   if (EGL_VENDOR_ABI_GET_MAJOR_VERSION(version) != EGL_VENDOR_ABI_MAJOR_VERSION)
      return EGL_FALSE;
   glvnd = exports;
   memset(imports, 0, sizeof(*imports));
   imports->getPlatformDisplay = get_platform_display;
   imports->getSupportsAPI = get_supports_api;
   imports->getVendorString = get_vendor_string;
   imports->getProcAddress = get_proc_address;
   imports->getDispatchAddress = get_dispatch_address;
   imports->setDispatchIndex = set_dispatch_index;
   return EGL_TRUE;
}
