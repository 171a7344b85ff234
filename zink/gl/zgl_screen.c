/* SPDX-License-Identifier: MIT */
#include "zgl_screen.h"

#include <stdlib.h>
#include <string.h>

#include "util/debug.h"
#include "zgl_drawable.h"
#include "zgl_version.h"

/* Configs: RGBA8 with and without depth/stencil, and RGB8 (alpha absent),
 * single- and double-buffered. Only what zkv_format_for_gl backs is kept. */
static void
add_configs(struct zgl_screen *screen)
{
   static const struct {
      uint8_t alpha, depth, stencil;
   } kinds[] = {{8, 24, 8}, {8, 0, 0}, {0, 24, 8}, {0, 0, 0}};
   for (unsigned k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
      for (int db = 1; db >= 0; db--) {
         struct zgl_config c = {
            .red_bits = 8, .green_bits = 8, .blue_bits = 8, .alpha_bits = kinds[k].alpha,
            .depth_bits = kinds[k].depth, .stencil_bits = kinds[k].stencil,
            .double_buffered = db,
         };
         screen->configs[screen->num_configs++] = c;
      }
   }
}

struct zgl_screen *
zgl_screen_create(enum zgl_status *status, const char **message)
{
   struct zgl_screen *screen = calloc(1, sizeof(*screen));
   if (!screen) {
      *status = ZGL_BAD_ALLOC;
      *message = "out of memory";
      return NULL;
   }
   VkResult result;
   screen->zkv = zkv_screen_create(&result, message);
   if (!screen->zkv) {
      free(screen);
      *status = result == VK_ERROR_OUT_OF_HOST_MEMORY ? ZGL_BAD_ALLOC : ZGL_NOT_INITIALIZED;
      return NULL;
   }
   screen->caps = zkv_screen_caps(screen->zkv);
   pthread_mutex_init(&screen->lock, NULL);
   memcpy(screen->device_name, screen->caps->device_name, sizeof(screen->device_name));
   add_configs(screen);
   *status = ZGL_OK;
   *message = NULL;
   return screen;
}

void
zgl_screen_destroy(struct zgl_screen *screen)
{
   if (!screen)
      return;
   zkv_context_destroy(screen->readback);
   free(screen->drawables);
   pthread_mutex_destroy(&screen->lock);
   zkv_screen_destroy(screen->zkv);
   free(screen);
}

const char *
zgl_screen_device_name(const struct zgl_screen *screen)
{
   return screen->device_name;
}

const struct zgl_config *
zgl_screen_configs(const struct zgl_screen *screen, int *count)
{
   *count = screen->num_configs;
   return screen->configs;
}

enum {
   ZGL_DEBUG_COMPAT = 1 << 0,
};

static const struct util_debug_flag zgl_debug_table[] = {
   {"gl_compat", ZGL_DEBUG_COMPAT,
    "GL: offer compatibility-profile contexts, which are partial (no lighting, display "
    "lists, pixel paths, ...: docs/zink-gl.md); for piglit and tests"},
   {NULL, 0, NULL},
};
UTIL_DEBUG_DEFINE_GETTER(zgl_debug_flags, "zgl", zgl_debug_table)

int
zgl_screen_max_version(const struct zgl_screen *screen, enum zgl_api api,
                       enum zgl_profile profile)
{
   if (api != ZGL_API_OPENGL)
      return 0; /* no ES contexts yet */
   if (profile == ZGL_PROFILE_CORE)
      return ZGL_CORE_VERSION;
   /* Every compatibility version, 1.0 included, has fixed-function lighting,
    * display lists and the pixel paths, which zgl lacks: offering one by
    * default would advertise what is not there. KILN_DEBUG=gl_compat offers
    * the part that exists (piglit's shader tests need little more). */
   return (zgl_debug_flags() & ZGL_DEBUG_COMPAT) ? ZGL_COMPAT_VERSION : 0;
}

void
zgl_screen_forget_context(struct zgl_screen *screen, struct zgl_context *ctx)
{
   pthread_mutex_lock(&screen->lock);
   for (unsigned i = 0; i < screen->num_drawables; i++) {
      if (screen->drawables[i]->last_context == ctx)
         screen->drawables[i]->last_context = NULL;
   }
   pthread_mutex_unlock(&screen->lock);
}
