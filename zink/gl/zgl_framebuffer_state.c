/* SPDX-License-Identifier: MIT */
/*
 * Draw and read buffers of the window-system framebuffer (GL 4.6, 17.4.1,
 * 18.2.1) and its zkv description.
 */
#include <string.h>

#include "zgl_drawable.h"
#include "zgl_framebuffer.h"

/* The drawable buffer a GL colour buffer name selects: 0 front, 1 back, -1
 * none, -2 not a buffer of this framebuffer. */
static int
buffer_index(const struct zgl_drawable *d, GLenum buf)
{
   switch (buf) {
   case GL_NONE:
      return -1;
   case GL_FRONT:
   case GL_FRONT_LEFT:
   case GL_LEFT:
   case GL_FRONT_AND_BACK:
      return (int)zgl_drawable_buffer_index(d, true);
   case GL_BACK:
   case GL_BACK_LEFT:
      return d->config.double_buffered ? 1 : -2;
   default:
      return -2;
   }
}

bool
zgl_draw_framebuffer(struct zgl_context *ctx, const char *func, struct zkv_framebuffer *fb)
{
   memset(fb, 0, sizeof(*fb));
   struct zgl_drawable *d = ctx->draw;
   if (ctx->draw_framebuffer != 0 || !d) {
      zgl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the draw framebuffer is incomplete",
                func);
      return false;
   }
   const int i = buffer_index(d, ctx->draw_buffers[0]);
   if (i >= 0)
      fb->color[0] = d->color_view[i];
   fb->depth_stencil = d->depth_stencil_view;
   fb->width = (uint32_t)d->width;
   fb->height = (uint32_t)d->height;
   fb->layers = 1;
   fb->samples = VK_SAMPLE_COUNT_1_BIT;
   fb->flip_y = true;
   return true;
}

struct zkv_image *
zgl_read_image(struct zgl_context *ctx, const char *func, VkImageAspectFlagBits aspect,
               VkFormat *format, uint32_t *width, uint32_t *height, bool *flip_y)
{
   struct zgl_drawable *d = ctx->read;
   if (ctx->read_framebuffer != 0 || !d) {
      zgl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the read framebuffer is incomplete",
                func);
      return NULL;
   }
   *width = (uint32_t)d->width;
   *height = (uint32_t)d->height;
   *flip_y = true;
   if (aspect == VK_IMAGE_ASPECT_COLOR_BIT) {
      const int i = buffer_index(d, ctx->read_buffer);
      if (i < 0) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: the read buffer is GL_NONE", func);
         return NULL;
      }
      *format = d->color_format;
      return d->color[i];
   }
   const bool has = d->depth_stencil &&
                    (aspect == VK_IMAGE_ASPECT_DEPTH_BIT ? d->config.depth_bits
                                                         : d->config.stencil_bits);
   if (!has) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the read framebuffer has no %s buffer", func,
                aspect == VK_IMAGE_ASPECT_DEPTH_BIT ? "depth" : "stencil");
      return NULL;
   }
   *format = d->depth_stencil_format;
   return d->depth_stencil;
}

static bool
check_default_buffer(struct zgl_context *ctx, const char *func, GLenum buf, bool read)
{
   switch (buf) {
   case GL_NONE:
   case GL_FRONT:
   case GL_BACK:
   case GL_LEFT:
   case GL_FRONT_LEFT:
   case GL_BACK_LEFT:
   case GL_FRONT_AND_BACK:
      break;
   case GL_RIGHT:
   case GL_FRONT_RIGHT:
   case GL_BACK_RIGHT:
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(0x%x): no stereo buffers", func, buf);
      return false;
   default:
      /* GL_COLOR_ATTACHMENTi names buffers of framebuffer objects only. */
      if (buf >= GL_COLOR_ATTACHMENT0 && buf < GL_COLOR_ATTACHMENT0 + 32)
         zgl_error(ctx, GL_INVALID_OPERATION, "%s(0x%x) on the default framebuffer", func, buf);
      else
         zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x)", func, buf);
      return false;
   }
   if (read && buf == GL_FRONT_AND_BACK) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(GL_FRONT_AND_BACK)", func);
      return false;
   }
   struct zgl_drawable *d = read ? ctx->read : ctx->draw;
   if (d && buffer_index(d, buf) == -2) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(0x%x): not a buffer of this framebuffer", func,
                buf);
      return false;
   }
   return true;
}

void GLAPIENTRY
zgl_DrawBuffer(GLenum buf)
{
   ZGL_CONTEXT(ctx);
   if (!check_default_buffer(ctx, "glDrawBuffer", buf, false))
      return;
   ctx->draw_buffers[0] = buf;
   for (unsigned i = 1; i < ZGL_MAX_DRAW_BUFFERS; i++)
      ctx->draw_buffers[i] = GL_NONE;
}

void GLAPIENTRY
zgl_DrawBuffers(GLsizei n, const GLenum *bufs)
{
   ZGL_CONTEXT(ctx);
   if (n < 0 || n > ZGL_MAX_DRAW_BUFFERS) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDrawBuffers(n = %d)", n);
      return;
   }
   /* The default framebuffer has one draw buffer: "INVALID_OPERATION ... if
    * the GL is bound to the default framebuffer and n is not 1" (17.4.1). */
   if (n != 1) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glDrawBuffers(n = %d) on the default framebuffer",
                n);
      return;
   }
   if (bufs[0] == GL_FRONT || bufs[0] == GL_FRONT_AND_BACK || bufs[0] == GL_LEFT) {
      zgl_error(ctx, GL_INVALID_ENUM, "glDrawBuffers(0x%x)", bufs[0]);
      return;
   }
   if (!check_default_buffer(ctx, "glDrawBuffers", bufs[0], false))
      return;
   ctx->draw_buffers[0] = bufs[0];
}

void GLAPIENTRY
zgl_ReadBuffer(GLenum src)
{
   ZGL_CONTEXT(ctx);
   if (check_default_buffer(ctx, "glReadBuffer", src, true))
      ctx->read_buffer = src;
}
