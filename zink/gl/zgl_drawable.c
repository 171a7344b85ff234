/* SPDX-License-Identifier: MIT */
#include "zgl_drawable.h"

#include <stdlib.h>
#include <string.h>

#include "zgl_context.h"
#include "zgl_screen.h"

static void
release_images(struct zgl_drawable *d)
{
   for (unsigned i = 0; i < 2; i++) {
      zkv_image_view_destroy(d->color_view[i]);
      zkv_image_destroy(d->color[i]);
      d->color_view[i] = NULL;
      d->color[i] = NULL;
   }
   zkv_image_view_destroy(d->depth_stencil_view);
   zkv_image_destroy(d->depth_stencil);
   d->depth_stencil_view = NULL;
   d->depth_stencil = NULL;
}

static bool
make_image(struct zgl_drawable *d, VkFormat format, VkImageUsageFlags usage,
           struct zkv_image **image, struct zkv_image_view **view)
{
   const struct zkv_image_desc desc = {
      .type = VK_IMAGE_TYPE_2D, .format = format,
      .width = (uint32_t)d->width, .height = (uint32_t)d->height, .depth = 1,
      .layers = 1, .levels = 1, .samples = VK_SAMPLE_COUNT_1_BIT,
      .usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
   };
   VkResult result;
   *image = zkv_image_create(d->screen->zkv, &desc, &result);
   if (!*image)
      return false;
   const struct zkv_image_view_desc vdesc = {.type = VK_IMAGE_VIEW_TYPE_2D, .levels = 1,
                                             .layers = 1};
   *view = zkv_image_view_create(d->screen->zkv, *image, &vdesc, &result);
   return *view != NULL;
}

static bool
make_images(struct zgl_drawable *d)
{
   const unsigned buffers = d->config.double_buffered ? 2 : 1;
   for (unsigned i = 0; i < buffers; i++) {
      if (!make_image(d, d->color_format,
                      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
                      &d->color[i], &d->color_view[i]))
         return false;
   }
   if (d->depth_stencil_format != VK_FORMAT_UNDEFINED &&
       !make_image(d, d->depth_stencil_format, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                   &d->depth_stencil, &d->depth_stencil_view))
      return false;
   return true;
}

/* The GL internal format a config's depth/stencil bits ask for. */
static GLenum
depth_stencil_internal_format(const struct zgl_config *config)
{
   if (config->stencil_bits)
      return config->depth_bits > 24 ? GL_DEPTH32F_STENCIL8 : GL_DEPTH24_STENCIL8;
   if (config->depth_bits > 24)
      return GL_DEPTH_COMPONENT32F;
   if (config->depth_bits > 16)
      return GL_DEPTH_COMPONENT24;
   return config->depth_bits ? GL_DEPTH_COMPONENT16 : GL_NONE;
}

struct zgl_drawable *
zgl_drawable_create(struct zgl_screen *screen, const struct zgl_config *config, int width,
                    int height, enum zgl_status *status)
{
   if (width <= 0 || height <= 0 || config->samples > 1) {
      *status = ZGL_BAD_MATCH;
      return NULL;
   }
   struct zgl_drawable *d = calloc(1, sizeof(*d));
   if (!d) {
      *status = ZGL_BAD_ALLOC;
      return NULL;
   }
   d->screen = screen;
   d->config = *config;
   d->width = width;
   d->height = height;
   struct zkv_format_choice choice;
   const GLenum color = config->srgb_capable ? GL_SRGB8_ALPHA8
                        : config->alpha_bits  ? GL_RGBA8
                                              : GL_RGB8;
   if (!zkv_format_for_gl(screen->zkv, color, VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT, &choice)) {
      free(d);
      *status = ZGL_BAD_MATCH;
      return NULL;
   }
   d->color_format = choice.format;
   const GLenum ds = depth_stencil_internal_format(config);
   d->depth_stencil_format = VK_FORMAT_UNDEFINED;
   if (ds != GL_NONE) {
      if (!zkv_format_for_gl(screen->zkv, ds, VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT,
                             &choice)) {
         free(d);
         *status = ZGL_BAD_MATCH;
         return NULL;
      }
      d->depth_stencil_format = choice.format;
   }
   pthread_mutex_lock(&screen->lock);
   struct zgl_drawable **grown =
      realloc(screen->drawables, (screen->num_drawables + 1) * sizeof(*grown));
   if (grown) {
      screen->drawables = grown;
      grown[screen->num_drawables++] = d;
   }
   pthread_mutex_unlock(&screen->lock);
   if (!grown || !make_images(d)) {
      zgl_drawable_destroy(d);
      *status = ZGL_BAD_ALLOC;
      return NULL;
   }
   *status = ZGL_OK;
   return d;
}

void
zgl_drawable_destroy(struct zgl_drawable *drawable)
{
   if (!drawable)
      return;
   struct zgl_screen *screen = drawable->screen;
   pthread_mutex_lock(&screen->lock);
   for (unsigned i = 0; i < screen->num_drawables; i++) {
      if (screen->drawables[i] == drawable) {
         screen->drawables[i] = screen->drawables[--screen->num_drawables];
         break;
      }
   }
   pthread_mutex_unlock(&screen->lock);
   /* A context still current on it draws nowhere from now on (EGL defers
    * destroying current surfaces; this is the safety net). */
   struct zgl_context *ctx = drawable->last_context;
   if (ctx && ctx->draw == drawable)
      ctx->draw = NULL;
   if (ctx && ctx->read == drawable)
      ctx->read = NULL;
   release_images(drawable); /* zkv keeps images in flight alive */
   free(drawable);
}

bool
zgl_drawable_resize(struct zgl_drawable *drawable, int width, int height)
{
   if (width <= 0 || height <= 0)
      return false;
   if (width == drawable->width && height == drawable->height)
      return true;
   release_images(drawable);
   drawable->width = width;
   drawable->height = height;
   if (!make_images(drawable)) {
      release_images(drawable);
      return false;
   }
   return true;
}

void
zgl_drawable_swap(struct zgl_drawable *drawable)
{
   if (drawable->last_context)
      zgl_flush(drawable->last_context);
   if (!drawable->config.double_buffered)
      return;
   struct zkv_image *image = drawable->color[0];
   struct zkv_image_view *view = drawable->color_view[0];
   drawable->color[0] = drawable->color[1];
   drawable->color_view[0] = drawable->color_view[1];
   drawable->color[1] = image;
   drawable->color_view[1] = view;
}

bool
zgl_drawable_read_rgba8(struct zgl_drawable *drawable, uint8_t *pixels)
{
   if (!drawable->color[0])
      return false;
   /* The last context that rendered to it, or, once that is gone (and
    * finished), the screen's own stream. */
   struct zkv_context *zkv = drawable->last_context ? drawable->last_context->zkv : NULL;
   if (!zkv) {
      struct zgl_screen *screen = drawable->screen;
      pthread_mutex_lock(&screen->lock);
      if (!screen->readback) {
         VkResult result;
         screen->readback = zkv_context_create(screen->zkv, &result);
      }
      zkv = screen->readback;
      pthread_mutex_unlock(&screen->lock);
      if (!zkv)
         return false;
   }
   if (drawable->color_format != VK_FORMAT_R8G8B8A8_UNORM &&
       drawable->color_format != VK_FORMAT_R8G8B8A8_SRGB)
      return false;
   /* The image's first row is the window's top (flip_y): rows come out top
    * to bottom as asked. */
   const struct zkv_box box = {0, 0, 0, (uint32_t)drawable->width, (uint32_t)drawable->height, 1};
   const struct zkv_host_layout layout = {(uint32_t)drawable->width * 4, 0};
   zkv_image_readback(zkv, drawable->color[0], 0, VK_IMAGE_ASPECT_COLOR_BIT, &box, pixels,
                      &layout);
   if (!drawable->config.alpha_bits) {
      for (size_t i = 0; i < (size_t)drawable->width * (size_t)drawable->height; i++)
         pixels[i * 4 + 3] = 255;
   }
   return true;
}
