/* SPDX-License-Identifier: MIT */
/*
 * A zgl screen: the zkv screen (the Vulkan device) and what every context on
 * it shares: the configs and the GL version the device reaches.
 */
#ifndef ZGL_SCREEN_H
#define ZGL_SCREEN_H

#include "zgl.h"
#include "zink/vk/zkv.h"

#include <pthread.h>

struct zgl_drawable;

struct zgl_screen {
   struct zkv_screen *zkv;
   /* The drawables of this screen, so a context going away can forget
    * being their last renderer; and a command stream for reading one back
    * when no context is left (zgl_drawable_read_rgba8). */
   pthread_mutex_t lock;
   struct zgl_drawable **drawables;
   unsigned num_drawables;
   struct zkv_context *readback;
   const struct zkv_caps *caps;
   char device_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
   struct zgl_config configs[8];
   int num_configs;
};

/* Every drawable whose last renderer was ctx forgets it. */
void zgl_screen_forget_context(struct zgl_screen *screen, struct zgl_context *ctx);

#endif
