/* SPDX-License-Identifier: MIT */
/*
 * Copies between framebuffers and into textures (GL 4.6, 18.3, 8.6):
 * glBlitFramebuffer, glCopyTexSubImage*, glCopyTexImage*, through
 * zkv_image_blit. Window-system images are stored top row first: their
 * y coordinates are mirrored on the way.
 */
#include "zgl_framebuffer.h"
#include "zgl_screen.h"
#include "zgl_texture.h"

static VkImageAspectFlags
aspects_of(VkFormat f)
{
   return zkv_format_aspects(f);
}

/* A GL rectangle of a source or destination as zkv's corners. */
static struct zkv_blit_region
region(const struct zgl_read_source *s, GLint x0, GLint y0, GLint x1, GLint y1)
{
   struct zkv_blit_region r = {x0, y0, (int32_t)s->layer, x1, y1, (int32_t)s->layer + 1};
   if (s->flip_y) {
      r.y0 = (int32_t)s->height - y0;
      r.y1 = (int32_t)s->height - y1;
   }
   return r;
}

static bool
is_integer(VkFormat f)
{
   switch (f) {
   case VK_FORMAT_R8G8B8A8_UINT: case VK_FORMAT_R8G8B8A8_SINT: case VK_FORMAT_R16G16B16A16_UINT:
   case VK_FORMAT_R16G16B16A16_SINT: case VK_FORMAT_R32G32B32A32_UINT:
   case VK_FORMAT_R32G32B32A32_SINT: case VK_FORMAT_R8_UINT: case VK_FORMAT_R8_SINT:
   case VK_FORMAT_R16_UINT: case VK_FORMAT_R16_SINT: case VK_FORMAT_R32_UINT:
   case VK_FORMAT_R32_SINT: case VK_FORMAT_R8G8_UINT: case VK_FORMAT_R8G8_SINT:
   case VK_FORMAT_R16G16_UINT: case VK_FORMAT_R16G16_SINT: case VK_FORMAT_R32G32_UINT:
   case VK_FORMAT_R32G32_SINT: case VK_FORMAT_A2B10G10R10_UINT_PACK32:
      return true;
   default:
      return false;
   }
}

void GLAPIENTRY
zgl_BlitFramebuffer(GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0,
                    GLint dstY0, GLint dstX1, GLint dstY1, GLbitfield mask, GLenum filter)
{
   ZGL_CONTEXT(ctx);
   const char *func = "glBlitFramebuffer";
   const GLbitfield all = GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
   /* GL 4.6, 18.3.1: INVALID_VALUE for other mask bits, INVALID_ENUM for
    * other filters, INVALID_OPERATION for LINEAR with depth or stencil. */
   if (mask & ~all) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(mask 0x%x)", func, mask);
      return;
   }
   if (filter != GL_NEAREST && filter != GL_LINEAR) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(filter 0x%x)", func, filter);
      return;
   }
   if (filter == GL_LINEAR && (mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: GL_LINEAR with depth or stencil", func);
      return;
   }
   struct zkv_framebuffer fb;
   if (!zgl_draw_framebuffer(ctx, func, &fb, NULL))
      return;
   struct zgl_read_source src;
   if (mask & GL_COLOR_BUFFER_BIT) {
      if (!ctx->read_fbo && !ctx->read) {
         zgl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION, "%s: no read framebuffer", func);
         return;
      }
      /* No read buffer: the colour part does nothing (18.3.1). */
      struct zgl_read_source s;
      const GLenum saved = ctx->error;
      ctx->error = GL_NO_ERROR;
      const bool have = zgl_read_source(ctx, func, VK_IMAGE_ASPECT_COLOR_BIT, &s);
      const GLenum e = ctx->error;
      ctx->error = saved;
      if (!have && e == GL_INVALID_FRAMEBUFFER_OPERATION) {
         zgl_error(ctx, e, "%s: the read framebuffer is incomplete", func);
         return;
      }
      if (have) {
         for (int i = 0; i < ZGL_MAX_DRAW_BUFFERS; i++) {
            struct zgl_read_source d;
            if (!zgl_draw_target(ctx, i, VK_IMAGE_ASPECT_COLOR_BIT, &d))
               continue;
            if (is_integer(s.format) != is_integer(d.format) ||
                (is_integer(s.format) && filter == GL_LINEAR)) {
               zgl_error(ctx, GL_INVALID_OPERATION, "%s: integer and non-integer buffers", func);
               return;
            }
         }
         for (int i = 0; i < ZGL_MAX_DRAW_BUFFERS; i++) {
            struct zgl_read_source d;
            if (!zgl_draw_target(ctx, i, VK_IMAGE_ASPECT_COLOR_BIT, &d))
               continue;
            const struct zkv_blit_region dr = region(&d, dstX0, dstY0, dstX1, dstY1);
            const struct zkv_blit_region sr = region(&s, srcX0, srcY0, srcX1, srcY1);
            zkv_image_blit(ctx->zkv, d.image, d.level, &dr, s.image, s.level, &sr,
                           VK_IMAGE_ASPECT_COLOR_BIT,
                           filter == GL_LINEAR ? VK_FILTER_LINEAR : VK_FILTER_NEAREST);
         }
      }
   }
   const GLbitfield ds_bits = mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   if (!ds_bits)
      return;
   VkImageAspectFlags aspects = 0;
   struct zgl_read_source d;
   for (unsigned pass = 0; pass < 2; pass++) {
      const GLbitfield bit = pass ? GL_STENCIL_BUFFER_BIT : GL_DEPTH_BUFFER_BIT;
      const VkImageAspectFlagBits aspect =
         pass ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT;
      if (!(ds_bits & bit))
         continue;
      const GLenum saved = ctx->error;
      ctx->error = GL_NO_ERROR;
      const bool have_src = zgl_read_source(ctx, func, aspect, &src);
      const GLenum e = ctx->error;
      ctx->error = saved;
      if (!have_src && e == GL_INVALID_FRAMEBUFFER_OPERATION) {
         zgl_error(ctx, e, "%s: the read framebuffer is incomplete", func);
         return;
      }
      /* A missing buffer on either side: that part does nothing. */
      if (!have_src || !zgl_draw_target(ctx, 0, aspect, &d))
         continue;
      if (src.format != d.format) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: depth/stencil formats differ", func);
         return;
      }
      aspects |= aspect & aspects_of(d.format);
   }
   if (!aspects)
      return;
   const struct zkv_blit_region dr = region(&d, dstX0, dstY0, dstX1, dstY1);
   const struct zkv_blit_region sr = region(&src, srcX0, srcY0, srcX1, srcY1);
   zkv_image_blit(ctx->zkv, d.image, d.level, &dr, src.image, src.level, &sr, aspects,
                  VK_FILTER_NEAREST);
}

/* ---- copies into textures ------------------------------------------------------ */

static void
copy_tex_sub_image(struct zgl_context *ctx, const char *func, GLenum target, unsigned dims,
                   GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLint x, GLint y,
                   GLsizei width, GLsizei height)
{
   enum zgl_tex_target index;
   unsigned face = 0;
   const bool face_target =
      target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z;
   if (face_target) {
      index = ZGL_TEX_CUBE_MAP;
      face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
   }
   const bool ok = (face_target && dims == 2) ||
                   (zgl_tex_target_index(target, &index) && index != ZGL_TEX_CUBE_MAP &&
                    (dims == 1   ? index == ZGL_TEX_1D
                     : dims == 2 ? index == ZGL_TEX_2D || index == ZGL_TEX_RECTANGLE ||
                                      index == ZGL_TEX_1D_ARRAY
                                 : index == ZGL_TEX_3D || index == ZGL_TEX_2D_ARRAY));
   if (!ok) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      return;
   }
   if (level < 0 || level >= ZGL_MAX_LEVELS || width < 0 || height < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(level %d, %d x %d)", func, level, width, height);
      return;
   }
   struct zgl_texture *t = ctx->textures[ctx->active_texture][index];
   if (!t)
      t = ctx->default_textures[index];
   const struct zgl_tex_level *lv = &t->levels[face][level];
   if (!lv->defined || !t->image) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: level %d is not defined", func, level);
      return;
   }
   const GLint layer_dim = index == ZGL_TEX_1D_ARRAY ? yoffset : zoffset;
   if (xoffset < 0 || yoffset < 0 || zoffset < 0 || xoffset + width > lv->width ||
       (index == ZGL_TEX_1D_ARRAY ? yoffset + height > lv->height
                                  : yoffset + height > lv->height) ||
       zoffset >= lv->depth) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s: the region leaves the level", func);
      return;
   }
   const VkImageAspectFlags aspects = aspects_of(t->format.format);
   const VkImageAspectFlagBits aspect = aspects & VK_IMAGE_ASPECT_DEPTH_BIT
                                           ? VK_IMAGE_ASPECT_DEPTH_BIT
                                           : VK_IMAGE_ASPECT_COLOR_BIT;
   struct zgl_read_source src;
   if (!zgl_read_source(ctx, func, aspect, &src))
      return;
   if (aspect == VK_IMAGE_ASPECT_COLOR_BIT &&
       is_integer(src.format) != is_integer(t->format.format)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: integer and non-integer formats", func);
      return;
   }
   if (!width || !height)
      return;
   const struct zkv_blit_region sr = region(&src, x, y, x + width, y + height);
   struct zkv_blit_region dr;
   if (index == ZGL_TEX_1D_ARRAY) {
      /* Rows of the read region go to consecutive layers. */
      for (GLsizei r = 0; r < height; r++) {
         const struct zkv_blit_region rs = region(&src, x, y + r, x + width, y + r + 1);
         dr = (struct zkv_blit_region){xoffset, 0, layer_dim + r, xoffset + width, 1,
                                       layer_dim + r + 1};
         zkv_image_blit(ctx->zkv, t->image, (uint32_t)level, &dr, src.image, src.level, &rs,
                        aspect, VK_FILTER_NEAREST);
      }
      return;
   }
   const int32_t z = index == ZGL_TEX_CUBE_MAP ? (int32_t)face : zoffset;
   dr = (struct zkv_blit_region){xoffset, yoffset, z, xoffset + width, yoffset + height, z + 1};
   zkv_image_blit(ctx->zkv, t->image, (uint32_t)level, &dr, src.image, src.level, &sr, aspect,
                  VK_FILTER_NEAREST);
}

void GLAPIENTRY
zgl_CopyTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLint x, GLint y, GLsizei width)
{
   ZGL_CONTEXT(ctx);
   copy_tex_sub_image(ctx, "glCopyTexSubImage1D", target, 1, level, xoffset, 0, 0, x, y, width,
                      1);
}

void GLAPIENTRY
zgl_CopyTexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint x, GLint y,
                      GLsizei width, GLsizei height)
{
   ZGL_CONTEXT(ctx);
   copy_tex_sub_image(ctx, "glCopyTexSubImage2D", target, 2, level, xoffset, yoffset, 0, x, y,
                      width, height);
}

void GLAPIENTRY
zgl_CopyTexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                      GLint x, GLint y, GLsizei width, GLsizei height)
{
   ZGL_CONTEXT(ctx);
   copy_tex_sub_image(ctx, "glCopyTexSubImage3D", target, 3, level, xoffset, yoffset, zoffset, x,
                      y, width, height);
}

void GLAPIENTRY
zgl_CopyTexImage1D(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                   GLsizei width, GLint border)
{
   ZGL_CONTEXT(ctx);
   if (zgl_tex_image_define(ctx, "glCopyTexImage1D", target, 1, level, internalformat, width, 1,
                            border))
      copy_tex_sub_image(ctx, "glCopyTexImage1D", target, 1, level, 0, 0, 0, x, y, width, 1);
}

void GLAPIENTRY
zgl_CopyTexImage2D(GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                   GLsizei width, GLsizei height, GLint border)
{
   ZGL_CONTEXT(ctx);
   if (zgl_tex_image_define(ctx, "glCopyTexImage2D", target, 2, level, internalformat, width,
                            height, border))
      copy_tex_sub_image(ctx, "glCopyTexImage2D", target, 2, level, 0, 0, 0, x, y, width,
                         height);
}
