/* SPDX-License-Identifier: MIT */
/*
 * A window-system framebuffer: one or two colour images (front, back) and a
 * depth/stencil image, drawn upside down relative to Vulkan (GL's origin is
 * the lower left): zkv_framebuffer.flip_y.
 */
#ifndef ZGL_DRAWABLE_H
#define ZGL_DRAWABLE_H

#include "zgl.h"
#include "zink/vk/zkv.h"

struct zgl_drawable {
   struct zgl_screen *screen;
   struct zgl_config config;
   int width, height;
   VkFormat color_format, depth_stencil_format;
   struct zkv_image *color[2]; /* [0] front, [1] back (double-buffered only) */
   struct zkv_image_view *color_view[2];
   struct zkv_image *depth_stencil;
   struct zkv_image_view *depth_stencil_view;
   /* The context that last drew to it, flushed before a swap or read. */
   struct zgl_context *last_context;
};

/* The colour buffer GL_BACK (or GL_FRONT) names: the back buffer of a
 * double-buffered drawable, else the only one. */
static inline unsigned
zgl_drawable_buffer_index(const struct zgl_drawable *drawable, bool front)
{
   return drawable->config.double_buffered && !front ? 1 : 0;
}

#endif
