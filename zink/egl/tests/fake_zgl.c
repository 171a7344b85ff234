/* SPDX-License-Identifier: MIT */
/*
 * A zgl (zink/gl/zgl.h) that draws nothing, for testing the EGL layer by
 * itself through glvnd: screens with a fixed set of configs, contexts up to
 * GL 4.6 core and 3.0 compatibility, drawables and fences that are plain
 * memory. zgl_get_proc_address knows no GL function, so glvnd's dispatch
 * gives the application no-op GL stubs and the tests skip their GL checks
 * (they run them on kiln and on Mesa). Never linked into libEGL_kiln.
 */
#include <stdlib.h>

#include "zink/gl/zgl.h"

struct zgl_screen { int unused; };
struct zgl_context { int unused; };
struct zgl_drawable { int width, height; };
struct zgl_fence { int unused; };

static _Thread_local struct zgl_context *current;

static const struct zgl_config configs[] = {
   /* r g b a  d  s  samples srgb double */
   {8, 8, 8, 8, 24, 8, 0, true, true},
   {8, 8, 8, 8, 24, 8, 0, true, false},   /* folds into the first for pbuffers */
   {8, 8, 8, 8, 0, 0, 0, true, true},
   {8, 8, 8, 0, 24, 8, 0, false, true},
   {5, 6, 5, 0, 16, 0, 0, false, true},
   {8, 8, 8, 8, 24, 8, 4, false, true},
   {10, 10, 10, 2, 32, 0, 0, false, true},
};

struct zgl_screen *zgl_screen_create(enum zgl_status *status, const char **message)
{
   if (getenv("KILN_FAKE_ZGL_NO_DEVICE")) {
      *status = ZGL_NOT_INITIALIZED;
      *message = "KILN_FAKE_ZGL_NO_DEVICE is set";
      return NULL;
   }
   return calloc(1, sizeof(struct zgl_screen));
}

void zgl_screen_destroy(struct zgl_screen *screen) { free(screen); }
const char *zgl_screen_device_name(const struct zgl_screen *screen) { return "fake zgl (no device)"; }

const struct zgl_config *zgl_screen_configs(const struct zgl_screen *screen, int *count)
{
   *count = sizeof(configs) / sizeof(configs[0]);
   return configs;
}

int zgl_screen_max_version(const struct zgl_screen *screen, enum zgl_api api, enum zgl_profile profile)
{
   if (api != ZGL_API_OPENGL)
      return 0;
   return profile == ZGL_PROFILE_CORE ? 46 : 30;
}

struct zgl_context *zgl_context_create(struct zgl_screen *screen, const struct zgl_context_attribs *attribs,
                                       struct zgl_context *share, enum zgl_status *status)
{
   struct zgl_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      *status = ZGL_BAD_ALLOC;
   return ctx;
}

void zgl_context_destroy(struct zgl_context *ctx) { free(ctx); }

bool zgl_make_current(struct zgl_context *ctx, struct zgl_drawable *draw, struct zgl_drawable *read,
                      enum zgl_status *status)
{
   current = ctx;
   return true;
}

struct zgl_context *zgl_current_context(void) { return current; }

struct zgl_drawable *zgl_drawable_create(struct zgl_screen *screen, const struct zgl_config *config,
                                         int width, int height, enum zgl_status *status)
{
   struct zgl_drawable *d = calloc(1, sizeof(*d));
   if (!d) {
      *status = ZGL_BAD_ALLOC;
      return NULL;
   }
   d->width = width;
   d->height = height;
   return d;
}

void zgl_drawable_destroy(struct zgl_drawable *drawable) { free(drawable); }
bool zgl_drawable_resize(struct zgl_drawable *d, int width, int height) { d->width = width; d->height = height; return true; }
void zgl_drawable_swap(struct zgl_drawable *drawable) {}
bool zgl_drawable_read_rgba8(struct zgl_drawable *drawable, uint8_t *pixels) { return false; }
void *zgl_get_proc_address(const char *name) { return NULL; }
void zgl_flush(struct zgl_context *ctx) {}
void zgl_finish(struct zgl_context *ctx) {}
struct zgl_fence *zgl_fence_create(struct zgl_context *ctx) { return calloc(1, sizeof(struct zgl_fence)); }
bool zgl_fence_wait(struct zgl_fence *fence, uint64_t timeout_ns) { return true; }
bool zgl_fence_signalled(struct zgl_fence *fence) { return true; }
void zgl_fence_destroy(struct zgl_fence *fence) { free(fence); }
