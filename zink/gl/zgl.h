/* SPDX-License-Identifier: MIT */
/*
 * zgl: the GL implementation as a window-system layer sees it.
 *
 * EGL (zink/egl/) and, later, GLX are thin layers over this header: they
 * choose configs, own surfaces and the current-context bookkeeping their API
 * names, and call here to create GL contexts, to make them current on a pair
 * of drawables and to look up GL entry points. Everything GL happens behind
 * it (zink/gl/, prefix zgl_), and everything Vulkan behind that (zink/vk/,
 * prefix zkv_), which reaches kiln only through the Khronos loader.
 *
 * Threads: a context is current on at most one thread at a time (the caller,
 * like EGL, enforces that); zgl keeps the current context in its own
 * thread-local slot, which zgl_make_current sets. Objects shared between
 * contexts (share lists) are guarded inside zgl.
 *
 * Errors: functions that can fail return NULL/false and, where a layer must
 * report why, an enum zgl_status the layer maps to its own error code.
 */
#ifndef ZGL_H
#define ZGL_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum zgl_status {
   ZGL_OK,
   ZGL_BAD_ALLOC,        /* EGL_BAD_ALLOC */
   ZGL_BAD_MATCH,        /* an attribute combination the implementation cannot give: EGL_BAD_MATCH */
   ZGL_BAD_CONFIG,       /* EGL_BAD_CONFIG */
   ZGL_NOT_INITIALIZED,  /* no Vulkan device through the loader: EGL_NOT_INITIALIZED */
   ZGL_CONTEXT_LOST,     /* the Vulkan device was lost: EGL_CONTEXT_LOST */
};

enum zgl_api {
   ZGL_API_OPENGL,       /* desktop GL, core or compatibility */
   ZGL_API_OPENGL_ES,
};

enum zgl_profile {
   ZGL_PROFILE_CORE,
   ZGL_PROFILE_COMPAT,   /* also what GL < 3.2 contexts are */
};

enum zgl_reset_strategy {
   ZGL_NO_RESET_NOTIFICATION,
   ZGL_LOSE_CONTEXT_ON_RESET,
};

/* A framebuffer configuration: what a window-system framebuffer holds. Bits
 * are per channel; 0 means absent. */
struct zgl_config {
   uint8_t red_bits, green_bits, blue_bits, alpha_bits;
   uint8_t depth_bits, stencil_bits;
   uint8_t samples;             /* 0 or 1: single-sampled */
   bool srgb_capable;
   bool double_buffered;        /* pbuffers are single-buffered */
};

struct zgl_context_attribs {
   enum zgl_api api;
   int major_version, minor_version;   /* what the application asked for (EGL defaults 1.0) */
   enum zgl_profile profile;
   bool forward_compatible;
   bool debug;
   bool robust_access;
   enum zgl_reset_strategy reset_strategy;
   bool no_error;               /* KHR_no_error */
};

struct zgl_screen;     /* one per EGLDisplay: the Vulkan device and shared caches */
struct zgl_context;    /* a GL context */
struct zgl_drawable;   /* a window-system framebuffer: colour (front/back) + depth/stencil */
struct zgl_fence;      /* a point in a context's command stream (EGL_KHR_fence_sync) */

/* Opens the Vulkan device through the loader. On failure returns NULL and sets
 * *status (and *message, a static string, to say why). */
struct zgl_screen *zgl_screen_create(enum zgl_status *status, const char **message);
void zgl_screen_destroy(struct zgl_screen *screen);
/* "Vulkan device name" as GL_RENDERER shows it, e.g. "kiln (CPU)". */
const char *zgl_screen_device_name(const struct zgl_screen *screen);
/* The configs this screen can back, best first; *count set. The array lives
 * as long as the screen. */
const struct zgl_config *zgl_screen_configs(const struct zgl_screen *screen, int *count);
/* Highest desktop GL version a context of this profile reaches (e.g. 33 for
 * 3.3), and the same for ES; 0 if none. Contexts asking for more fail with
 * ZGL_BAD_MATCH. */
int zgl_screen_max_version(const struct zgl_screen *screen, enum zgl_api api,
                           enum zgl_profile profile);

/* share may be NULL. Returns NULL and sets *status on failure. */
struct zgl_context *zgl_context_create(struct zgl_screen *screen,
                                       const struct zgl_context_attribs *attribs,
                                       struct zgl_context *share, enum zgl_status *status);
/* Destroys at once if not current anywhere, else when it is released. */
void zgl_context_destroy(struct zgl_context *ctx);

/* Makes ctx current on the calling thread with draw and read framebuffers
 * (either may be NULL: a surfaceless context, whose default framebuffer is
 * incomplete, GL_FRAMEBUFFER_UNDEFINED). ctx NULL releases the current one
 * (flushing it). The first make-current sets the viewport and scissor to the
 * draw drawable's size, as GL specifies. */
bool zgl_make_current(struct zgl_context *ctx, struct zgl_drawable *draw,
                      struct zgl_drawable *read, enum zgl_status *status);
struct zgl_context *zgl_current_context(void);

/* A drawable of config's formats, width x height pixels. Window-system
 * framebuffers are drawn upside down relative to Vulkan (GL's origin is the
 * lower left): zgl flips them with a negative viewport height; FBOs are not
 * flipped. */
struct zgl_drawable *zgl_drawable_create(struct zgl_screen *screen, const struct zgl_config *config,
                                         int width, int height, enum zgl_status *status);
void zgl_drawable_destroy(struct zgl_drawable *drawable);
/* Resizes (a window changed size); contents become undefined. */
bool zgl_drawable_resize(struct zgl_drawable *drawable, int width, int height);
/* Double-buffered drawables: flush the current context's rendering to it and
 * make the back buffer the front. */
void zgl_drawable_swap(struct zgl_drawable *drawable);
/* Reads the front (single-buffered: the only) colour buffer as RGBA8, rows
 * top to bottom, stride width * 4. For window systems that copy to a window
 * and for screenshots. Waits for rendering. */
bool zgl_drawable_read_rgba8(struct zgl_drawable *drawable, uint8_t *pixels);

/* GL entry points by name ("glDrawArrays"), NULL for names zgl does not
 * implement. Valid without a current context (GetProcAddress rules). */
void *zgl_get_proc_address(const char *name);

/* glFlush / glFinish on a context that need not be current. */
void zgl_flush(struct zgl_context *ctx);
void zgl_finish(struct zgl_context *ctx);

/* EGL_KHR_fence_sync: a fence after everything ctx has issued so far (it
 * flushes). wait returns true when signalled, false on timeout. */
struct zgl_fence *zgl_fence_create(struct zgl_context *ctx);
bool zgl_fence_wait(struct zgl_fence *fence, uint64_t timeout_ns);
bool zgl_fence_signalled(struct zgl_fence *fence);
void zgl_fence_destroy(struct zgl_fence *fence);

#ifdef __cplusplus
}
#endif

#endif
