/* SPDX-License-Identifier: MIT */
/*
 * kiln's EGL: the objects of EGL 1.5 over zgl (zink/gl/zgl.h), reached by
 * applications through glvnd's libEGL (egl_main.c). One file per EGL object:
 * display, config, context, surface, sync, device; egl_error.c holds the
 * per-thread error and EGL_KHR_debug.
 *
 * Handles are pointers to these structs; every entry point checks a handle
 * against its display's lists before using it (a bad handle gets the EGL
 * error the spec names, never a crash). One mutex per display guards its
 * lists and the objects' current-thread bookkeeping.
 */
#ifndef KEGL_PRIVATE_H
#define KEGL_PRIVATE_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <pthread.h>
#include <stdbool.h>

#include "zink/gl/zgl.h"

#define KEGL_EXPORT __attribute__((visibility("default")))

struct kegl_config {
   struct zgl_config zgl;
   EGLint id;                 /* EGL_CONFIG_ID: index + 1 */
   EGLint renderable_type;    /* EGL_OPENGL_BIT, EGL_OPENGL_ES*_BIT */
};

struct kegl_object {
   struct kegl_object *next;
   EGLLabelKHR label;
};

struct kegl_context {
   struct kegl_object base;
   struct kegl_display *display;
   const struct kegl_config *config;   /* NULL: EGL_NO_CONFIG_KHR */
   EGLenum api;
   int major_version;                  /* as asked, for EGL_CONTEXT_CLIENT_VERSION */
   struct zgl_context *zgl;
   pthread_t thread;                   /* valid while current */
   bool current;
   bool destroyed;                     /* eglDestroyContext'ed while current */
   struct kegl_surface *draw, *read;
};

struct kegl_surface {
   struct kegl_object base;
   struct kegl_display *display;
   const struct kegl_config *config;
   struct zgl_drawable *drawable;
   EGLint width, height;
   bool largest_pbuffer;
   EGLenum colorspace;                 /* EGL_GL_COLORSPACE */
   EGLint mipmap_level;
   int bound;                          /* contexts it is current to (draw or read) */
   bool destroyed;
};

struct kegl_sync {
   struct kegl_object base;
   struct kegl_display *display;
   EGLenum type;                       /* EGL_SYNC_FENCE or EGL_SYNC_REUSABLE_KHR */
   struct zgl_fence *fence;            /* fence syncs */
   /* The display's list and every waiter hold a reference; the last one
    * frees it, so eglDestroySync can run while others wait (and, for
    * reusable syncs, wakes them: EGL_KHR_reusable_sync). */
   pthread_mutex_t lock;
   pthread_cond_t cond;                /* reusable syncs: status changed or destroyed */
   int refs;
   bool signalled, destroyed;          /* reusable syncs */
};

struct kegl_display {
   struct kegl_object base;
   EGLenum platform;                   /* EGL_PLATFORM_SURFACELESS_MESA or _DEVICE_EXT */
   pthread_mutex_t lock;
   bool initialized;
   struct zgl_screen *screen;
   struct kegl_config *configs;
   int config_count;
   struct kegl_object *contexts, *surfaces, *syncs;
};

/* egl_error.c: the calling thread's EGL error and EGL_KHR_debug reports.
 * kegl_error records error for eglGetError and, when enabled, tells the
 * debug callback which command failed and why. */
EGLBoolean kegl_error(EGLint error, const char *command, struct kegl_object *object,
                      const char *message);
void kegl_success(void);
EGLint kegl_error_from_zgl(enum zgl_status status);

/* egl_display.c */
struct kegl_display *kegl_display_get(EGLenum platform, void *native, const EGLAttrib *attribs,
                                      const char *command);
/* Checks dpy (EGL_BAD_DISPLAY) and, when initialized is set, that it is
 * initialized (EGL_NOT_INITIALIZED); locks it on success. */
struct kegl_display *kegl_display_lock(EGLDisplay dpy, bool initialized, const char *command);
void kegl_display_unlock(struct kegl_display *display);
bool kegl_object_in(struct kegl_object *list, const void *handle);
void kegl_object_remove(struct kegl_object **list, struct kegl_object *object);
/* Frees a terminated display's screen once its last object is gone. */
void kegl_display_collect(struct kegl_display *display);

/* egl_config.c */
bool kegl_configs_init(struct kegl_display *display);
const struct kegl_config *kegl_config_lookup(struct kegl_display *display, EGLConfig config);
bool kegl_config_compatible(const struct kegl_config *a, const struct kegl_config *b);

/* egl_context.c */
struct kegl_context *kegl_context_lookup(struct kegl_display *display, EGLContext ctx);
struct kegl_context *kegl_current_context(void);
void kegl_context_free(struct kegl_context *context);

/* egl_surface.c */
struct kegl_surface *kegl_surface_lookup(struct kegl_display *display, EGLSurface surface);
void kegl_surface_free(struct kegl_surface *surface);

/* egl_sync.c: drops the display list's reference. */
void kegl_sync_free(struct kegl_sync *sync);

/* egl_device.c: the one EGLDeviceEXT, the Vulkan device zgl opens. */
EGLDeviceEXT kegl_device(void);
bool kegl_device_valid(EGLDeviceEXT device);

/* egl_main.c: glvnd's view. */
EGLenum kegl_current_api(void);

/* Entry points, by the names glvnd looks up (egl_main.c's table). */
EGLBoolean kegl_Initialize(EGLDisplay dpy, EGLint *major, EGLint *minor);
EGLBoolean kegl_Terminate(EGLDisplay dpy);
const char *kegl_QueryString(EGLDisplay dpy, EGLint name);
EGLBoolean kegl_QueryDisplayAttrib(EGLDisplay dpy, EGLint attribute, EGLAttrib *value);
EGLBoolean kegl_GetConfigs(EGLDisplay dpy, EGLConfig *configs, EGLint size, EGLint *count);
EGLBoolean kegl_ChooseConfig(EGLDisplay dpy, const EGLint *attribs, EGLConfig *configs,
                             EGLint size, EGLint *count);
EGLBoolean kegl_GetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute, EGLint *value);
EGLContext kegl_CreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share,
                              const EGLint *attribs);
EGLBoolean kegl_DestroyContext(EGLDisplay dpy, EGLContext ctx);
EGLBoolean kegl_MakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx);
EGLBoolean kegl_QueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attribute, EGLint *value);
EGLBoolean kegl_ReleaseThread(void);
EGLBoolean kegl_WaitClient(void);
EGLBoolean kegl_WaitGL(void);
EGLBoolean kegl_WaitNative(EGLint engine);
EGLSurface kegl_CreatePbufferSurface(EGLDisplay dpy, EGLConfig config, const EGLint *attribs);
EGLSurface kegl_CreateWindowSurface(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win,
                                    const EGLint *attribs);
EGLSurface kegl_CreatePixmapSurface(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap,
                                    const EGLint *attribs);
EGLSurface kegl_CreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void *win,
                                            const EGLAttrib *attribs);
EGLSurface kegl_CreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void *pixmap,
                                            const EGLAttrib *attribs);
EGLSurface kegl_CreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config, void *win,
                                               const EGLint *attribs);
EGLSurface kegl_CreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config, void *pixmap,
                                               const EGLint *attribs);
EGLSurface kegl_CreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype, EGLClientBuffer buffer,
                                              EGLConfig config, const EGLint *attribs);
EGLBoolean kegl_DestroySurface(EGLDisplay dpy, EGLSurface surface);
EGLBoolean kegl_QuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint *value);
EGLBoolean kegl_SurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint value);
EGLBoolean kegl_SwapBuffers(EGLDisplay dpy, EGLSurface surface);
EGLBoolean kegl_SwapInterval(EGLDisplay dpy, EGLint interval);
EGLBoolean kegl_CopyBuffers(EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target);
EGLBoolean kegl_BindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer);
EGLBoolean kegl_ReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer);
EGLSync kegl_CreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attribs);
EGLSyncKHR kegl_CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attribs);
EGLBoolean kegl_DestroySync(EGLDisplay dpy, EGLSync sync);
EGLint kegl_ClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout);
EGLBoolean kegl_GetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib *value);
EGLBoolean kegl_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint *value);
EGLBoolean kegl_WaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags);
EGLint kegl_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags);
EGLBoolean kegl_SignalSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLenum mode);
EGLBoolean kegl_QueryDevices(EGLint max, EGLDeviceEXT *devices, EGLint *count);
EGLBoolean kegl_QueryDeviceAttrib(EGLDeviceEXT device, EGLint attribute, EGLAttrib *value);
const char *kegl_QueryDeviceString(EGLDeviceEXT device, EGLint name);
EGLint kegl_GetError(void);
EGLint kegl_DebugMessageControl(EGLDEBUGPROCKHR callback, const EGLAttrib *attribs);
EGLBoolean kegl_QueryDebug(EGLint attribute, EGLAttrib *value);
EGLint kegl_LabelObject(EGLDisplay dpy, EGLenum type, EGLObjectKHR object, EGLLabelKHR label);

#endif
