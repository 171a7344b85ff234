/* SPDX-License-Identifier: MIT */
/*
 * Framebuffer objects (GL 4.6, 9.2-9.4): names, binding, attachments,
 * completeness.
 */
#include "zgl_framebuffer.h"

#include <stdlib.h>
#include <string.h>

#include "zgl_drawable.h"
#include "zgl_format.h"
#include "zgl_screen.h"
#include "zgl_texture.h"

static void
detach(struct zgl_attachment *a)
{
   zkv_image_view_destroy(a->view);
   if (a->type == GL_TEXTURE)
      zgl_texture_unref(a->texture);
   else if (a->type == GL_RENDERBUFFER)
      zgl_renderbuffer_unref(a->renderbuffer);
   memset(a, 0, sizeof(*a));
}

void
zgl_framebuffer_free(struct zgl_framebuffer *fb)
{
   if (!fb)
      return;
   for (unsigned i = 0; i < ZGL_ATTACH_COUNT; i++)
      detach(&fb->attachments[i]);
   free(fb);
}

void
zgl_framebuffers_detach(struct zgl_context *ctx, const void *object)
{
   struct zgl_framebuffer *bound[2] = {ctx->draw_fbo, ctx->read_fbo};
   for (unsigned f = 0; f < 2; f++) {
      if (!bound[f] || (f == 1 && bound[1] == bound[0]))
         continue;
      for (unsigned i = 0; i < ZGL_ATTACH_COUNT; i++) {
         struct zgl_attachment *a = &bound[f]->attachments[i];
         if ((a->type == GL_TEXTURE && a->texture == object) ||
             (a->type == GL_RENDERBUFFER && a->renderbuffer == object))
            detach(a);
      }
   }
}

void GLAPIENTRY
zgl_GenFramebuffers(GLsizei n, GLuint *framebuffers)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGenFramebuffers(n = %d)", n);
      return;
   }
   if (!zgl_names_gen(&ctx->framebuffers, n, framebuffers))
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glGenFramebuffers");
}

static struct zgl_framebuffer *
framebuffer_new(GLuint name)
{
   struct zgl_framebuffer *fb = calloc(1, sizeof(*fb));
   if (!fb)
      return NULL;
   fb->name = name;
   /* "DRAW_BUFFER0 ... COLOR_ATTACHMENT0, the others NONE; READ_BUFFER
    * COLOR_ATTACHMENT0" (GL 4.6, table 23.x). */
   fb->draw_buffers[0] = GL_COLOR_ATTACHMENT0;
   fb->read_buffer = GL_COLOR_ATTACHMENT0;
   return fb;
}

void GLAPIENTRY
zgl_BindFramebuffer(GLenum target, GLuint framebuffer)
{
   ZGL_CONTEXT(ctx);
   if (target != GL_FRAMEBUFFER && target != GL_DRAW_FRAMEBUFFER &&
       target != GL_READ_FRAMEBUFFER) {
      zgl_error(ctx, GL_INVALID_ENUM, "glBindFramebuffer(target 0x%x)", target);
      return;
   }
   struct zgl_framebuffer *fb = NULL;
   if (framebuffer) {
      void *o = zgl_names_lookup(&ctx->framebuffers, framebuffer);
      if (!o) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glBindFramebuffer(%u): not a framebuffer name",
                   framebuffer);
         return;
      }
      if (o == ZGL_NAME_RESERVED) {
         o = framebuffer_new(framebuffer);
         if (!o || !zgl_names_set(&ctx->framebuffers, framebuffer, o)) {
            free(o);
            zgl_error(ctx, GL_OUT_OF_MEMORY, "glBindFramebuffer");
            return;
         }
      }
      fb = o;
      fb->bound_once = true;
   }
   if (target != GL_READ_FRAMEBUFFER) {
      ctx->draw_fbo = fb;
      ctx->draw_framebuffer = framebuffer;
   }
   if (target != GL_DRAW_FRAMEBUFFER) {
      ctx->read_fbo = fb;
      ctx->read_framebuffer = framebuffer;
   }
}

void GLAPIENTRY
zgl_DeleteFramebuffers(GLsizei n, const GLuint *framebuffers)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDeleteFramebuffers(n = %d)", n);
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      if (!framebuffers[i])
         continue;
      struct zgl_framebuffer *fb = zgl_names_object(&ctx->framebuffers, framebuffers[i]);
      zgl_names_remove(&ctx->framebuffers, framebuffers[i]);
      if (!fb)
         continue;
      /* Bound ones revert to the default framebuffer (GL 4.6, 9.2.1). */
      if (ctx->draw_fbo == fb)
         ctx->draw_fbo = NULL, ctx->draw_framebuffer = 0;
      if (ctx->read_fbo == fb)
         ctx->read_fbo = NULL, ctx->read_framebuffer = 0;
      zgl_framebuffer_free(fb);
   }
}

GLboolean GLAPIENTRY
zgl_IsFramebuffer(GLuint framebuffer)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   struct zgl_framebuffer *fb = zgl_names_object(&ctx->framebuffers, framebuffer);
   return fb && fb->bound_once;
}

/* The framebuffer a target names (GL_FRAMEBUFFER is the draw one). */
static struct zgl_framebuffer *
target_fbo(struct zgl_context *ctx, const char *func, GLenum target, bool *ok)
{
   *ok = true;
   switch (target) {
   case GL_FRAMEBUFFER:
   case GL_DRAW_FRAMEBUFFER:
      return ctx->draw_fbo;
   case GL_READ_FRAMEBUFFER:
      return ctx->read_fbo;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      *ok = false;
      return NULL;
   }
}

/* The attachment point names of GL 4.6, table 9.2, as slots; the second
 * slot for DEPTH_STENCIL_ATTACHMENT. */
static bool
attachment_slots(struct zgl_context *ctx, const char *func, GLenum attachment, int *a, int *b)
{
   *b = -1;
   if (attachment >= GL_COLOR_ATTACHMENT0 &&
       attachment < GL_COLOR_ATTACHMENT0 + ZGL_MAX_COLOR_ATTACHMENTS) {
      *a = (int)(attachment - GL_COLOR_ATTACHMENT0);
      return true;
   }
   switch (attachment) {
   case GL_DEPTH_ATTACHMENT:
      *a = ZGL_ATTACH_DEPTH;
      return true;
   case GL_STENCIL_ATTACHMENT:
      *a = ZGL_ATTACH_STENCIL;
      return true;
   case GL_DEPTH_STENCIL_ATTACHMENT:
      *a = ZGL_ATTACH_DEPTH;
      *b = ZGL_ATTACH_STENCIL;
      return true;
   default:
      /* Color attachments past the limit: INVALID_OPERATION (9.2.7). */
      if (attachment >= GL_COLOR_ATTACHMENT0 && attachment < GL_COLOR_ATTACHMENT0 + 32)
         zgl_error(ctx, GL_INVALID_OPERATION, "%s(0x%x): past GL_MAX_COLOR_ATTACHMENTS", func,
                   attachment);
      else
         zgl_error(ctx, GL_INVALID_ENUM, "%s(attachment 0x%x)", func, attachment);
      return false;
   }
}

/* The framebuffer object and slots of an attach call, with its errors. */
static struct zgl_framebuffer *
attach_target(struct zgl_context *ctx, const char *func, GLenum target, GLenum attachment,
              int *a, int *b)
{
   bool ok;
   struct zgl_framebuffer *fb = target_fbo(ctx, func, target, &ok);
   if (!ok)
      return NULL;
   if (!fb) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the default framebuffer is bound", func);
      return NULL;
   }
   return attachment_slots(ctx, func, attachment, a, b) ? fb : NULL;
}

void GLAPIENTRY
zgl_FramebufferRenderbuffer(GLenum target, GLenum attachment, GLenum renderbuffertarget,
                            GLuint renderbuffer)
{
   ZGL_CONTEXT(ctx);
   int a, b;
   struct zgl_framebuffer *fb =
      attach_target(ctx, "glFramebufferRenderbuffer", target, attachment, &a, &b);
   if (!fb)
      return;
   if (renderbuffertarget != GL_RENDERBUFFER) {
      zgl_error(ctx, GL_INVALID_ENUM, "glFramebufferRenderbuffer(0x%x)", renderbuffertarget);
      return;
   }
   struct zgl_renderbuffer *rb = NULL;
   if (renderbuffer) {
      zgl_shared_lock(ctx);
      rb = zgl_names_object(&ctx->shared->renderbuffers, renderbuffer);
      zgl_shared_unlock(ctx);
      if (!rb) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glFramebufferRenderbuffer(%u): no such object",
                   renderbuffer);
         return;
      }
   }
   const int slots[2] = {a, b};
   for (unsigned i = 0; i < 2 && slots[i] >= 0; i++) {
      struct zgl_attachment *at = &fb->attachments[slots[i]];
      detach(at);
      if (rb) {
         __atomic_add_fetch(&rb->refs, 1, __ATOMIC_RELAXED);
         at->type = GL_RENDERBUFFER;
         at->renderbuffer = rb;
      }
   }
}

static void
framebuffer_texture(struct zgl_context *ctx, const char *func, GLenum target,
                    GLenum attachment, GLenum textarget, GLuint texture, GLint level,
                    GLint layer, bool layered, bool check_textarget)
{
   int a, b;
   struct zgl_framebuffer *fb = attach_target(ctx, func, target, attachment, &a, &b);
   if (!fb)
      return;
   struct zgl_texture *t = NULL;
   if (texture) {
      zgl_shared_lock(ctx);
      t = zgl_names_object(&ctx->shared->textures, texture);
      zgl_shared_unlock(ctx);
      if (!t) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s(%u): not a texture", func, texture);
         return;
      }
      if (check_textarget) {
         const bool cube_face = textarget >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
                                textarget <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z;
         const GLenum object_target = cube_face ? GL_TEXTURE_CUBE_MAP : textarget;
         if (object_target != t->target) {
            zgl_error(ctx, GL_INVALID_OPERATION, "%s: textarget 0x%x for a texture of 0x%x",
                      func, textarget, t->target);
            return;
         }
         if (cube_face)
            layer = (GLint)(textarget - GL_TEXTURE_CUBE_MAP_POSITIVE_X);
      }
      if (level < 0 || level >= ZGL_MAX_LEVELS || (t->target == GL_TEXTURE_RECTANGLE && level)) {
         zgl_error(ctx, GL_INVALID_VALUE, "%s(level %d)", func, level);
         return;
      }
      if (layer < 0) {
         zgl_error(ctx, GL_INVALID_VALUE, "%s(layer %d)", func, layer);
         return;
      }
   }
   const int slots[2] = {a, b};
   for (unsigned i = 0; i < 2 && slots[i] >= 0; i++) {
      struct zgl_attachment *at = &fb->attachments[slots[i]];
      detach(at);
      if (t) {
         __atomic_add_fetch(&t->refs, 1, __ATOMIC_RELAXED);
         at->type = GL_TEXTURE;
         at->texture = t;
         at->level = level;
         at->layer = layer;
         at->layered = layered;
      }
   }
}

void GLAPIENTRY
zgl_FramebufferTexture(GLenum target, GLenum attachment, GLuint texture, GLint level)
{
   ZGL_CONTEXT(ctx);
   framebuffer_texture(ctx, "glFramebufferTexture", target, attachment, 0, texture, level, 0,
                       true, false);
}

void GLAPIENTRY
zgl_FramebufferTexture1D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                         GLint level)
{
   ZGL_CONTEXT(ctx);
   if (texture && textarget != GL_TEXTURE_1D) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glFramebufferTexture1D(textarget 0x%x)", textarget);
      return;
   }
   framebuffer_texture(ctx, "glFramebufferTexture1D", target, attachment, textarget, texture,
                       level, 0, false, true);
}

void GLAPIENTRY
zgl_FramebufferTexture2D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                         GLint level)
{
   ZGL_CONTEXT(ctx);
   const bool ok = textarget == GL_TEXTURE_2D || textarget == GL_TEXTURE_RECTANGLE ||
                   textarget == GL_TEXTURE_2D_MULTISAMPLE ||
                   (textarget >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
                    textarget <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z);
   if (texture && !ok) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glFramebufferTexture2D(textarget 0x%x)", textarget);
      return;
   }
   framebuffer_texture(ctx, "glFramebufferTexture2D", target, attachment, textarget, texture,
                       level, 0, false, true);
}

void GLAPIENTRY
zgl_FramebufferTexture3D(GLenum target, GLenum attachment, GLenum textarget, GLuint texture,
                         GLint level, GLint zoffset)
{
   ZGL_CONTEXT(ctx);
   if (texture && textarget != GL_TEXTURE_3D) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glFramebufferTexture3D(textarget 0x%x)", textarget);
      return;
   }
   framebuffer_texture(ctx, "glFramebufferTexture3D", target, attachment, textarget, texture,
                       level, zoffset, false, true);
}

void GLAPIENTRY
zgl_FramebufferTextureLayer(GLenum target, GLenum attachment, GLuint texture, GLint level,
                            GLint layer)
{
   ZGL_CONTEXT(ctx);
   framebuffer_texture(ctx, "glFramebufferTextureLayer", target, attachment, 0, texture, level,
                       layer, false, false);
}

/* ---- completeness (GL 4.6, 9.4) ----------------------------------------------------- */

static bool
attachment_complete(struct zgl_context *ctx, const struct zgl_attachment *a, int slot,
                    uint32_t *w, uint32_t *h, int *samples)
{
   VkFormat format;
   if (a->type == GL_RENDERBUFFER) {
      if (!a->renderbuffer->image)
         return false;
      format = a->renderbuffer->format;
      *w = (uint32_t)a->renderbuffer->width;
      *h = (uint32_t)a->renderbuffer->height;
      *samples = a->renderbuffer->samples;
   } else {
      const struct zgl_texture *t = a->texture;
      const unsigned face = t->index == ZGL_TEX_CUBE_MAP ? (unsigned)a->layer : 0;
      if (!t->image || a->level >= ZGL_MAX_LEVELS || face >= ZGL_MAX_FACES ||
          !t->levels[face][a->level].defined)
         return false;
      const struct zgl_tex_level *lv = &t->levels[face][a->level];
      const bool array = t->index == ZGL_TEX_2D_ARRAY || t->index == ZGL_TEX_3D ||
                         t->index == ZGL_TEX_1D_ARRAY || t->index == ZGL_TEX_2D_MULTISAMPLE_ARRAY;
      if (array && !a->layered && a->layer >= (t->index == ZGL_TEX_1D_ARRAY ? lv->height : lv->depth))
         return false;
      format = t->format.format;
      *w = (uint32_t)lv->width;
      *h = t->index == ZGL_TEX_1D_ARRAY ? 1 : (uint32_t)lv->height;
      *samples = t->samples > 1 ? t->samples : 0;
   }
   const VkImageAspectFlags aspects = zkv_format_aspects(format);
   const VkFormatFeatureFlags features = zkv_format_features(ctx->screen->zkv, format);
   if (slot < ZGL_ATTACH_DEPTH)
      return !(aspects & (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) &&
             (features & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT);
   return (aspects & (slot == ZGL_ATTACH_DEPTH ? VK_IMAGE_ASPECT_DEPTH_BIT
                                               : VK_IMAGE_ASPECT_STENCIL_BIT)) &&
          (features & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT);
}

GLenum
zgl_framebuffer_status(struct zgl_context *ctx, struct zgl_framebuffer *fb)
{
   bool any = false;
   int samples = -1;
   for (int i = 0; i < ZGL_ATTACH_COUNT; i++) {
      const struct zgl_attachment *a = &fb->attachments[i];
      if (a->type == GL_NONE)
         continue;
      any = true;
      uint32_t w, h;
      int s;
      if (!attachment_complete(ctx, a, i, &w, &h, &s) || !w || !h)
         return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
      if (samples >= 0 && s != samples)
         return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
      samples = s;
   }
   if (!any)
      return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
   /* Depth and stencil in different images: Vulkan has one depth/stencil
    * attachment ("UNSUPPORTED", GL 4.6, 9.4.2). */
   const struct zgl_attachment *d = &fb->attachments[ZGL_ATTACH_DEPTH];
   const struct zgl_attachment *s = &fb->attachments[ZGL_ATTACH_STENCIL];
   if (d->type != GL_NONE && s->type != GL_NONE &&
       (d->type != s->type || d->texture != s->texture || d->renderbuffer != s->renderbuffer ||
        d->level != s->level || d->layer != s->layer))
      return GL_FRAMEBUFFER_UNSUPPORTED;
   /* Layered attachments must all be layered (GL 4.6, 9.4.2). */
   int layered = -1;
   for (int i = 0; i < ZGL_ATTACH_COUNT; i++) {
      const struct zgl_attachment *a = &fb->attachments[i];
      if (a->type == GL_NONE)
         continue;
      const int l = a->type == GL_TEXTURE && a->layered &&
                    (a->texture->index == ZGL_TEX_2D_ARRAY || a->texture->index == ZGL_TEX_3D ||
                     a->texture->index == ZGL_TEX_CUBE_MAP || a->texture->index == ZGL_TEX_1D_ARRAY);
      if (layered >= 0 && l != layered)
         return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;
      layered = l;
   }
   return GL_FRAMEBUFFER_COMPLETE;
}

GLenum GLAPIENTRY
zgl_CheckFramebufferStatus(GLenum target)
{
   ZGL_CONTEXT(ctx, 0);
   bool ok;
   struct zgl_framebuffer *fb = target_fbo(ctx, "glCheckFramebufferStatus", target, &ok);
   if (!ok)
      return 0;
   if (!fb) {
      struct zgl_drawable *d = target == GL_READ_FRAMEBUFFER ? ctx->read : ctx->draw;
      return d ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_UNDEFINED;
   }
   return zgl_framebuffer_status(ctx, fb);
}

void GLAPIENTRY
zgl_GetFramebufferAttachmentParameteriv(GLenum target, GLenum attachment, GLenum pname,
                                        GLint *params)
{
   ZGL_CONTEXT(ctx);
   const char *func = "glGetFramebufferAttachmentParameteriv";
   bool ok;
   struct zgl_framebuffer *fb = target_fbo(ctx, func, target, &ok);
   if (!ok)
      return;
   if (!fb) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the default framebuffer's attachments", func);
      return;
   }
   int a, b;
   if (!attachment_slots(ctx, func, attachment, &a, &b))
      return;
   const struct zgl_attachment *at = &fb->attachments[a];
   if (b >= 0 && fb->attachments[b].type != at->type) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: depth and stencil differ", func);
      return;
   }
   switch (pname) {
   case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE:
      *params = (GLint)at->type;
      return;
   case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME:
      *params = at->type == GL_TEXTURE        ? (GLint)at->texture->name
                : at->type == GL_RENDERBUFFER ? (GLint)at->renderbuffer->name
                                              : 0;
      return;
   default:
      break;
   }
   if (at->type == GL_NONE) {
      /* Only the two above for NONE (GL 4.6, 9.2.3). */
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(0x%x) of an empty attachment", func, pname);
      return;
   }
   switch (pname) {
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
      if (at->type == GL_TEXTURE) {
         *params = at->level;
         return;
      }
      break;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
      if (at->type == GL_TEXTURE) {
         *params = at->texture->index == ZGL_TEX_CUBE_MAP && !at->layered
                      ? (GLint)GL_TEXTURE_CUBE_MAP_POSITIVE_X + at->layer
                      : 0;
         return;
      }
      break;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER:
      if (at->type == GL_TEXTURE) {
         *params = at->layer;
         return;
      }
      break;
   case GL_FRAMEBUFFER_ATTACHMENT_LAYERED:
      if (at->type == GL_TEXTURE) {
         *params = at->layered;
         return;
      }
      break;
   case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
   case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING:
   case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE: {
      const VkFormat f = at->type == GL_TEXTURE ? at->texture->format.format
                                                : at->renderbuffer->format;
      const struct kil_format_desc *desc = kil_format_desc(zgl_kil_format(f));
      *params = desc ? zgl_format_query(desc, pname, a >= ZGL_ATTACH_DEPTH,
                                        a == ZGL_ATTACH_STENCIL)
                     : 0;
      return;
   }
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", func, pname);
      return;
   }
   zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x) of a renderbuffer", func, pname);
}
