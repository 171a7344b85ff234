/* SPDX-License-Identifier: MIT */
/*
 * Renderbuffer objects (GL 4.6, 9.2.3-9.2.6).
 */
#include <stdlib.h>

#include "zgl_framebuffer.h"
#include "zgl_screen.h"

void
zgl_renderbuffer_unref(struct zgl_renderbuffer *rb)
{
   if (!rb || __atomic_sub_fetch(&rb->refs, 1, __ATOMIC_ACQ_REL))
      return;
   zkv_image_destroy(rb->image);
   free(rb);
}

void GLAPIENTRY
zgl_GenRenderbuffers(GLsizei n, GLuint *renderbuffers)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGenRenderbuffers(n = %d)", n);
      return;
   }
   zgl_shared_lock(ctx);
   const bool ok = zgl_names_gen(&ctx->shared->renderbuffers, n, renderbuffers);
   zgl_shared_unlock(ctx);
   if (!ok)
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glGenRenderbuffers");
}

void GLAPIENTRY
zgl_BindRenderbuffer(GLenum target, GLuint renderbuffer)
{
   ZGL_CONTEXT(ctx);
   if (target != GL_RENDERBUFFER) {
      zgl_error(ctx, GL_INVALID_ENUM, "glBindRenderbuffer(target 0x%x)", target);
      return;
   }
   struct zgl_renderbuffer *rb = NULL;
   if (renderbuffer) {
      zgl_shared_lock(ctx);
      void *o = zgl_names_lookup(&ctx->shared->renderbuffers, renderbuffer);
      if (o == ZGL_NAME_RESERVED) {
         struct zgl_renderbuffer *made = calloc(1, sizeof(*made));
         if (made) {
            made->name = renderbuffer;
            made->refs = 1;
            made->internal_format = GL_RGBA;
            if (!zgl_names_set(&ctx->shared->renderbuffers, renderbuffer, made)) {
               free(made);
               made = NULL;
            }
         }
         o = made;
         if (!o) {
            zgl_shared_unlock(ctx);
            zgl_error(ctx, GL_OUT_OF_MEMORY, "glBindRenderbuffer");
            return;
         }
      }
      zgl_shared_unlock(ctx);
      if (!o) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glBindRenderbuffer(%u): not a renderbuffer name",
                   renderbuffer);
         return;
      }
      rb = o;
      __atomic_add_fetch(&rb->refs, 1, __ATOMIC_RELAXED);
   }
   zgl_renderbuffer_unref(ctx->renderbuffer);
   ctx->renderbuffer = rb;
}

void GLAPIENTRY
zgl_DeleteRenderbuffers(GLsizei n, const GLuint *renderbuffers)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDeleteRenderbuffers(n = %d)", n);
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      if (!renderbuffers[i])
         continue;
      zgl_shared_lock(ctx);
      struct zgl_renderbuffer *rb = zgl_names_object(&ctx->shared->renderbuffers, renderbuffers[i]);
      zgl_names_remove(&ctx->shared->renderbuffers, renderbuffers[i]);
      zgl_shared_unlock(ctx);
      if (!rb)
         continue;
      if (ctx->renderbuffer == rb) {
         zgl_renderbuffer_unref(rb);
         ctx->renderbuffer = NULL;
      }
      zgl_framebuffers_detach(ctx, rb);
      zgl_renderbuffer_unref(rb);
   }
}

GLboolean GLAPIENTRY
zgl_IsRenderbuffer(GLuint renderbuffer)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   zgl_shared_lock(ctx);
   const bool is = zgl_names_object(&ctx->shared->renderbuffers, renderbuffer) != NULL;
   zgl_shared_unlock(ctx);
   return is;
}

static void
storage(struct zgl_context *ctx, const char *func, GLenum target, GLsizei samples,
        GLenum internalformat, GLsizei width, GLsizei height)
{
   if (target != GL_RENDERBUFFER) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      return;
   }
   struct zkv_format_choice choice;
   const bool ok_color = zkv_format_for_gl(ctx->screen->zkv, internalformat,
                                           VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT, &choice);
   const bool ok_ds = !ok_color &&
                      zkv_format_for_gl(ctx->screen->zkv, internalformat,
                                        VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT, &choice);
   /* "INVALID_ENUM ... if internalformat is not one of the color-renderable,
    * depth-renderable, or stencil-renderable formats" (GL 4.6, 9.2.4). */
   if (!ok_color && !ok_ds) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(internalformat 0x%x)", func, internalformat);
      return;
   }
   const GLsizei max = (GLsizei)MIN2(ctx->screen->caps->limits.maxFramebufferWidth,
                                     ctx->screen->caps->limits.maxFramebufferHeight);
   if (width < 0 || height < 0 || width > max || height > max || samples < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(%d x %d, %d samples)", func, width, height, samples);
      return;
   }
   if (samples > 4) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(%d samples): past GL_MAX_SAMPLES", func, samples);
      return;
   }
   struct zgl_renderbuffer *rb = ctx->renderbuffer;
   if (!rb) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: no renderbuffer bound", func);
      return;
   }
   zkv_image_destroy(rb->image);
   rb->image = NULL;
   rb->internal_format = internalformat;
   rb->width = width;
   rb->height = height;
   rb->samples = samples ? 4 : 0;
   rb->format = choice.format;
   if (!width || !height)
      return;
   const struct zkv_image_desc desc = {
      .type = VK_IMAGE_TYPE_2D, .format = choice.format,
      .width = (uint32_t)width, .height = (uint32_t)height, .depth = 1, .layers = 1, .levels = 1,
      .samples = samples ? VK_SAMPLE_COUNT_4_BIT : VK_SAMPLE_COUNT_1_BIT,
   };
   VkResult result;
   rb->image = zkv_image_create(ctx->screen->zkv, &desc, &result);
   if (!rb->image)
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s(%d x %d)", func, width, height);
}

void GLAPIENTRY
zgl_RenderbufferStorage(GLenum target, GLenum internalformat, GLsizei width, GLsizei height)
{
   ZGL_CONTEXT(ctx);
   storage(ctx, "glRenderbufferStorage", target, 0, internalformat, width, height);
}

void GLAPIENTRY
zgl_RenderbufferStorageMultisample(GLenum target, GLsizei samples, GLenum internalformat,
                                   GLsizei width, GLsizei height)
{
   ZGL_CONTEXT(ctx);
   storage(ctx, "glRenderbufferStorageMultisample", target, samples, internalformat, width,
           height);
}

void GLAPIENTRY
zgl_GetRenderbufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   if (target != GL_RENDERBUFFER) {
      zgl_error(ctx, GL_INVALID_ENUM, "glGetRenderbufferParameteriv(target 0x%x)", target);
      return;
   }
   const struct zgl_renderbuffer *rb = ctx->renderbuffer;
   if (!rb) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glGetRenderbufferParameteriv: none bound");
      return;
   }
   switch (pname) {
   case GL_RENDERBUFFER_WIDTH:
      *params = rb->width;
      return;
   case GL_RENDERBUFFER_HEIGHT:
      *params = rb->height;
      return;
   case GL_RENDERBUFFER_INTERNAL_FORMAT:
      *params = (GLint)rb->internal_format;
      return;
   case GL_RENDERBUFFER_SAMPLES:
      *params = rb->samples;
      return;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "glGetRenderbufferParameteriv(pname 0x%x)", pname);
   }
}
