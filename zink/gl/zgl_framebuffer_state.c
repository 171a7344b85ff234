/* SPDX-License-Identifier: MIT */
/*
 * Draw and read buffers (GL 4.6, 17.4.1, 18.2.1) and the zkv description of
 * the framebuffer a draw, clear or read uses: the window-system one (drawn
 * flipped) or a framebuffer object's attachments.
 */
#include <string.h>

#include "zgl_drawable.h"
#include "zgl_framebuffer.h"
#include "zgl_screen.h"
#include "zgl_texture.h"

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

/* The image, level and layer of an attachment. */
static struct zkv_image *
attachment_image(const struct zgl_attachment *a, uint32_t *level, uint32_t *layer)
{
   *level = (uint32_t)a->level;
   *layer = (uint32_t)a->layer;
   if (a->type == GL_RENDERBUFFER)
      return a->renderbuffer->image;
   if (a->type == GL_TEXTURE)
      return a->texture->image;
   return NULL;
}

static struct zkv_image_view *
attachment_view(struct zgl_context *ctx, struct zgl_attachment *a)
{
   uint32_t level, layer;
   struct zkv_image *image = attachment_image(a, &level, &layer);
   /* The texture or renderbuffer may have new storage since. */
   if (a->view && a->view_image == image)
      return a->view;
   zkv_image_view_destroy(a->view);
   a->view = NULL;
   if (!image)
      return NULL;
   const struct zkv_image_desc *desc = zkv_image_get_desc(image);
   const bool layered = a->layered && (desc->layers > 1 || desc->depth > 1);
   const struct zkv_image_view_desc vd = {
      .type = layered ? (desc->type == VK_IMAGE_TYPE_1D ? VK_IMAGE_VIEW_TYPE_1D_ARRAY
                                                         : VK_IMAGE_VIEW_TYPE_2D_ARRAY)
                      : desc->type == VK_IMAGE_TYPE_1D ? VK_IMAGE_VIEW_TYPE_1D
                                                        : VK_IMAGE_VIEW_TYPE_2D,
      .base_level = level,
      .levels = 1,
      .base_layer = layered ? 0 : layer,
      .layers = layered ? 0 : 1,
   };
   VkResult result;
   a->view = zkv_image_view_create(ctx->screen->zkv, image, &vd, &result);
   a->view_image = image;
   return a->view;
}

static void
attachment_size(const struct zgl_attachment *a, uint32_t *w, uint32_t *h)
{
   uint32_t level, layer;
   struct zkv_image *image = attachment_image(a, &level, &layer);
   const struct zkv_image_desc *d = zkv_image_get_desc(image);
   *w = MAX2(d->width >> level, 1);
   *h = MAX2(d->height >> level, 1);
}

/* The attachment a colour buffer name selects in an FBO, or NULL. */
static struct zgl_attachment *
color_attachment(struct zgl_framebuffer *fb, GLenum buf)
{
   if (buf < GL_COLOR_ATTACHMENT0 || buf >= GL_COLOR_ATTACHMENT0 + ZGL_MAX_COLOR_ATTACHMENTS)
      return NULL;
   struct zgl_attachment *a = &fb->attachments[buf - GL_COLOR_ATTACHMENT0];
   return a->type != GL_NONE ? a : NULL;
}

static bool
format_is_integer(VkFormat f)
{
   switch (f) {
   case VK_FORMAT_R8_UINT: case VK_FORMAT_R8_SINT: case VK_FORMAT_R8G8_UINT:
   case VK_FORMAT_R8G8_SINT: case VK_FORMAT_R8G8B8A8_UINT: case VK_FORMAT_R8G8B8A8_SINT:
   case VK_FORMAT_R16_UINT: case VK_FORMAT_R16_SINT: case VK_FORMAT_R16G16_UINT:
   case VK_FORMAT_R16G16_SINT: case VK_FORMAT_R16G16B16A16_UINT:
   case VK_FORMAT_R16G16B16A16_SINT: case VK_FORMAT_R32_UINT: case VK_FORMAT_R32_SINT:
   case VK_FORMAT_R32G32_UINT: case VK_FORMAT_R32G32_SINT: case VK_FORMAT_R32G32B32A32_UINT:
   case VK_FORMAT_R32G32B32A32_SINT: case VK_FORMAT_A2B10G10R10_UINT_PACK32:
      return true;
   default:
      return false;
   }
}

bool
zgl_draw_framebuffer(struct zgl_context *ctx, const char *func, struct zkv_framebuffer *fb,
                     struct zgl_fb_info *info)
{
   struct zgl_fb_info dummy;
   if (!info)
      info = &dummy;
   memset(fb, 0, sizeof(*fb));
   memset(info, 0, sizeof(*info));
   fb->layers = 1;
   fb->samples = VK_SAMPLE_COUNT_1_BIT;
   struct zgl_framebuffer *fbo = ctx->draw_fbo;
   if (fbo) {
      const GLenum status = zgl_framebuffer_status(ctx, fbo);
      if (status != GL_FRAMEBUFFER_COMPLETE) {
         zgl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION,
                   "%s: the draw framebuffer is incomplete (0x%x)", func, status);
         return false;
      }
      uint32_t w = UINT32_MAX, h = UINT32_MAX, level, layer;
      for (unsigned i = 0; i < ZGL_MAX_DRAW_BUFFERS; i++) {
         struct zgl_attachment *a = color_attachment(fbo, fbo->draw_buffers[i]);
         if (!a)
            continue;
         fb->color[i] = attachment_view(ctx, a);
         uint32_t aw, ah;
         attachment_size(a, &aw, &ah);
         w = MIN2(w, aw), h = MIN2(h, ah);
         if (format_is_integer(zkv_image_get_desc(attachment_image(a, &level, &layer))->format))
            info->integer_colors |= 1u << i;
      }
      struct zgl_attachment *ds = &fbo->attachments[ZGL_ATTACH_DEPTH];
      if (ds->type == GL_NONE)
         ds = &fbo->attachments[ZGL_ATTACH_STENCIL];
      if (ds->type != GL_NONE) {
         fb->depth_stencil = attachment_view(ctx, ds);
         uint32_t aw, ah;
         attachment_size(ds, &aw, &ah);
         w = MIN2(w, aw), h = MIN2(h, ah);
         info->depth = fbo->attachments[ZGL_ATTACH_DEPTH].type != GL_NONE;
         info->stencil = fbo->attachments[ZGL_ATTACH_STENCIL].type != GL_NONE;
      }
      fb->width = w == UINT32_MAX ? 0 : w;
      fb->height = h == UINT32_MAX ? 0 : h;
      fb->flip_y = false;
      /* Multisample attachments (all alike: completeness). */
      for (unsigned i = 0; i < ZGL_ATTACH_COUNT; i++) {
         struct zkv_image *image = attachment_image(&fbo->attachments[i], &level, &layer);
         if (image)
            fb->samples = zkv_image_get_desc(image)->samples;
      }
      return true;
   }
   struct zgl_drawable *d = ctx->draw;
   if (!d) {
      zgl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION,
                "%s: no default framebuffer (GL_FRAMEBUFFER_UNDEFINED)", func);
      return false;
   }
   const int i = buffer_index(d, ctx->draw_buffers[0]);
   if (i >= 0)
      fb->color[0] = d->color_view[i];
   fb->depth_stencil = d->depth_stencil_view;
   info->depth = d->depth_stencil && d->config.depth_bits;
   info->stencil = d->depth_stencil && d->config.stencil_bits;
   fb->width = (uint32_t)d->width;
   fb->height = (uint32_t)d->height;
   fb->flip_y = true;
   return true;
}

static bool
fbo_source(struct zgl_attachment *a, struct zgl_read_source *src)
{
   if (!a || a->type == GL_NONE)
      return false;
   src->image = attachment_image(a, &src->level, &src->layer);
   const struct zkv_image_desc *d = zkv_image_get_desc(src->image);
   src->format = d->format;
   src->width = MAX2(d->width >> src->level, 1);
   src->height = MAX2(d->height >> src->level, 1);
   src->flip_y = false;
   return true;
}

static bool
default_source(struct zgl_drawable *d, int index, VkImageAspectFlagBits aspect,
               struct zgl_read_source *src)
{
   src->level = src->layer = 0;
   src->width = (uint32_t)d->width;
   src->height = (uint32_t)d->height;
   src->flip_y = true;
   if (aspect == VK_IMAGE_ASPECT_COLOR_BIT) {
      if (index < 0 || !d->color[index])
         return false;
      src->image = d->color[index];
      src->format = d->color_format;
      return true;
   }
   if (!d->depth_stencil ||
       !(aspect == VK_IMAGE_ASPECT_DEPTH_BIT ? d->config.depth_bits : d->config.stencil_bits))
      return false;
   src->image = d->depth_stencil;
   src->format = d->depth_stencil_format;
   return true;
}

bool
zgl_read_source(struct zgl_context *ctx, const char *func, VkImageAspectFlagBits aspect,
                struct zgl_read_source *src)
{
   struct zgl_framebuffer *fbo = ctx->read_fbo;
   bool found;
   if (fbo) {
      const GLenum status = zgl_framebuffer_status(ctx, fbo);
      if (status != GL_FRAMEBUFFER_COMPLETE) {
         zgl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION,
                   "%s: the read framebuffer is incomplete (0x%x)", func, status);
         return false;
      }
      found = fbo_source(aspect == VK_IMAGE_ASPECT_COLOR_BIT ? color_attachment(fbo, fbo->read_buffer)
                         : aspect == VK_IMAGE_ASPECT_DEPTH_BIT ? &fbo->attachments[ZGL_ATTACH_DEPTH]
                                                               : &fbo->attachments[ZGL_ATTACH_STENCIL],
                         src);
   } else {
      if (!ctx->read) {
         zgl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION,
                   "%s: no default framebuffer (GL_FRAMEBUFFER_UNDEFINED)", func);
         return false;
      }
      found = default_source(ctx->read, buffer_index(ctx->read, ctx->read_buffer), aspect, src);
   }
   if (!found) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the read framebuffer has no %s buffer", func,
                aspect == VK_IMAGE_ASPECT_COLOR_BIT   ? "read (colour)"
                : aspect == VK_IMAGE_ASPECT_DEPTH_BIT ? "depth"
                                                      : "stencil");
      return false;
   }
   return true;
}

bool
zgl_draw_target(struct zgl_context *ctx, int buffer, VkImageAspectFlagBits aspect,
                struct zgl_read_source *dst)
{
   struct zgl_framebuffer *fbo = ctx->draw_fbo;
   if (fbo) {
      return fbo_source(aspect == VK_IMAGE_ASPECT_COLOR_BIT
                           ? color_attachment(fbo, fbo->draw_buffers[buffer])
                        : aspect == VK_IMAGE_ASPECT_DEPTH_BIT ? &fbo->attachments[ZGL_ATTACH_DEPTH]
                                                              : &fbo->attachments[ZGL_ATTACH_STENCIL],
                        dst);
   }
   if (!ctx->draw || buffer != 0)
      return false;
   return default_source(ctx->draw, buffer_index(ctx->draw, ctx->draw_buffers[0]), aspect, dst);
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

/* A framebuffer object's buffers: NONE or COLOR_ATTACHMENTi (GL 4.6,
 * 17.4.1: INVALID_ENUM for other names, INVALID_OPERATION for attachments
 * past the limit). */
static bool
check_fbo_buffer(struct zgl_context *ctx, const char *func, GLenum buf)
{
   if (buf == GL_NONE ||
       (buf >= GL_COLOR_ATTACHMENT0 && buf < GL_COLOR_ATTACHMENT0 + ZGL_MAX_COLOR_ATTACHMENTS))
      return true;
   if (buf >= GL_COLOR_ATTACHMENT0 && buf < GL_COLOR_ATTACHMENT0 + 32) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(0x%x): past GL_MAX_COLOR_ATTACHMENTS", func, buf);
      return false;
   }
   if (buf == GL_FRONT || buf == GL_BACK || buf == GL_LEFT || buf == GL_FRONT_AND_BACK ||
       buf == GL_FRONT_LEFT || buf == GL_BACK_LEFT)
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(0x%x) on a framebuffer object", func, buf);
   else
      zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x)", func, buf);
   return false;
}

void GLAPIENTRY
zgl_DrawBuffer(GLenum buf)
{
   ZGL_CONTEXT(ctx);
   if (ctx->draw_fbo) {
      if (!check_fbo_buffer(ctx, "glDrawBuffer", buf))
         return;
      ctx->draw_fbo->draw_buffers[0] = buf;
      for (unsigned i = 1; i < ZGL_MAX_DRAW_BUFFERS; i++)
         ctx->draw_fbo->draw_buffers[i] = GL_NONE;
      return;
   }
   if (!check_default_buffer(ctx, "glDrawBuffer", buf, false))
      return;
   ctx->draw_buffers[0] = buf;
}

void GLAPIENTRY
zgl_DrawBuffers(GLsizei n, const GLenum *bufs)
{
   ZGL_CONTEXT(ctx);
   if (n < 0 || n > ZGL_MAX_DRAW_BUFFERS) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDrawBuffers(n = %d)", n);
      return;
   }
   if (ctx->draw_fbo) {
      for (GLsizei i = 0; i < n; i++) {
         if (!check_fbo_buffer(ctx, "glDrawBuffers", bufs[i]))
            return;
         /* "... if a buffer other than NONE is specified more than once" */
         for (GLsizei j = 0; j < i; j++) {
            if (bufs[i] != GL_NONE && bufs[i] == bufs[j]) {
               zgl_error(ctx, GL_INVALID_OPERATION, "glDrawBuffers: 0x%x twice", bufs[i]);
               return;
            }
         }
      }
      for (unsigned i = 0; i < ZGL_MAX_DRAW_BUFFERS; i++)
         ctx->draw_fbo->draw_buffers[i] = (GLsizei)i < n ? bufs[i] : GL_NONE;
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
   if (ctx->read_fbo) {
      if (check_fbo_buffer(ctx, "glReadBuffer", src))
         ctx->read_fbo->read_buffer = src;
      return;
   }
   if (check_default_buffer(ctx, "glReadBuffer", src, true))
      ctx->read_buffer = src;
}
