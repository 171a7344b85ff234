/* SPDX-License-Identifier: MIT */
/*
 * Invalidation of textures and framebuffers (GL 4.6, 8.20, 17.4.4): the
 * contents become undefined, which keeping them satisfies; what is left is
 * every error the spec names. Buffers: zgl_buffer.c.
 */
#include "zgl_framebuffer.h"
#include "zgl_texture.h"

static struct zgl_texture *
texture_of(struct zgl_context *ctx, const char *func, GLuint texture, GLint level)
{
   zgl_shared_lock(ctx);
   struct zgl_texture *t = texture ? zgl_names_object(&ctx->shared->textures, texture) : NULL;
   zgl_shared_unlock(ctx);
   /* INVALID_VALUE: texture zero or not a texture, a level outside
    * [0, the largest], or non-zero for rectangle, buffer and multisample
    * textures (8.20). */
   const bool level0 = t && (t->index == ZGL_TEX_RECTANGLE || t->index == ZGL_TEX_BUFFER ||
                             t->index == ZGL_TEX_2D_MULTISAMPLE ||
                             t->index == ZGL_TEX_2D_MULTISAMPLE_ARRAY);
   if (!t || level < 0 || level >= ZGL_MAX_LEVELS || (level0 && level != 0)) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(%u, level %d)", func, texture, level);
      return NULL;
   }
   return t;
}

void GLAPIENTRY
zgl_InvalidateTexImage(GLuint texture, GLint level)
{
   ZGL_CONTEXT(ctx);
   texture_of(ctx, "glInvalidateTexImage", texture, level);
}

void GLAPIENTRY
zgl_InvalidateTexSubImage(GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                          GLint zoffset, GLsizei width, GLsizei height, GLsizei depth)
{
   ZGL_CONTEXT(ctx);
   struct zgl_texture *t = texture_of(ctx, "glInvalidateTexSubImage", texture, level);
   if (!t || t->index == ZGL_TEX_BUFFER)
      return;
   const struct zgl_tex_level *lv = &t->levels[0][level];
   const GLsizei w = lv->defined ? lv->width : 0, h = lv->defined ? lv->height : 0;
   const GLsizei d = lv->defined ? (t->index == ZGL_TEX_CUBE_MAP ? 6 : lv->depth) : 0;
   if (width < 0 || height < 0 || depth < 0 || xoffset < 0 || yoffset < 0 || zoffset < 0 ||
       xoffset + width > w || yoffset + height > h || zoffset + depth > d) {
      zgl_error(ctx, GL_INVALID_VALUE, "glInvalidateTexSubImage: the region leaves the level");
   }
}

static bool
check_attachments(struct zgl_context *ctx, const char *func, GLenum target, GLsizei n,
                  const GLenum *attachments)
{
   if (target != GL_FRAMEBUFFER && target != GL_DRAW_FRAMEBUFFER &&
       target != GL_READ_FRAMEBUFFER) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      return false;
   }
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(numAttachments %d)", func, n);
      return false;
   }
   const bool object = target == GL_READ_FRAMEBUFFER ? ctx->read_fbo != NULL
                                                     : ctx->draw_fbo != NULL;
   for (GLsizei i = 0; i < n; i++) {
      const GLenum a = attachments[i];
      bool ok;
      if (object) {
         if (a >= GL_COLOR_ATTACHMENT0 + ZGL_MAX_COLOR_ATTACHMENTS &&
             a < GL_COLOR_ATTACHMENT0 + 32) {
            zgl_error(ctx, GL_INVALID_OPERATION, "%s(0x%x): past GL_MAX_COLOR_ATTACHMENTS",
                      func, a);
            return false;
         }
         ok = (a >= GL_COLOR_ATTACHMENT0 && a < GL_COLOR_ATTACHMENT0 + ZGL_MAX_COLOR_ATTACHMENTS) ||
              a == GL_DEPTH_ATTACHMENT || a == GL_STENCIL_ATTACHMENT ||
              a == GL_DEPTH_STENCIL_ATTACHMENT;
      } else {
         ok = a == GL_COLOR || a == GL_DEPTH || a == GL_STENCIL;
      }
      if (!ok) {
         zgl_error(ctx, GL_INVALID_ENUM, "%s(attachment 0x%x)", func, a);
         return false;
      }
   }
   return true;
}

void GLAPIENTRY
zgl_InvalidateFramebuffer(GLenum target, GLsizei numAttachments, const GLenum *attachments)
{
   ZGL_CONTEXT(ctx);
   check_attachments(ctx, "glInvalidateFramebuffer", target, numAttachments, attachments);
}

void GLAPIENTRY
zgl_InvalidateSubFramebuffer(GLenum target, GLsizei numAttachments, const GLenum *attachments,
                             GLint x, GLint y, GLsizei width, GLsizei height)
{
   ZGL_CONTEXT(ctx);
   if (!check_attachments(ctx, "glInvalidateSubFramebuffer", target, numAttachments,
                          attachments))
      return;
   if (width < 0 || height < 0)
      zgl_error(ctx, GL_INVALID_VALUE, "glInvalidateSubFramebuffer(%d x %d)", width, height);
}
