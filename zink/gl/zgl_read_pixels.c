/* SPDX-License-Identifier: MIT */
/*
 * glReadPixels (GL 4.6, 18.2): the read buffer's texels are read back
 * (zkv waits), turned into RGBA / depth / stencil values, and packed into
 * the format, type and pack state the application asked for, or into the
 * bound pixel pack buffer.
 */
#include <stdlib.h>
#include <string.h>

#include "zgl_buffer.h"
#include "zgl_framebuffer.h"
#include "zgl_pixel_format.h"
#include "format/fmt.h"
#include "zgl_format.h"

/* The format one aspect of an image reads back in (depth of D24S8 as
 * X8_D24, of D32S8 as D32; stencil as S8), as kil knows it. */
static enum kil_format
aspect_format(VkFormat f, VkImageAspectFlagBits aspect)
{
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT)
      return KIL_FORMAT_S8_UINT;
   if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT) {
      if (f == VK_FORMAT_D24_UNORM_S8_UINT)
         return KIL_FORMAT_X8_D24_UNORM_PACK32;
      if (f == VK_FORMAT_D32_SFLOAT_S8_UINT)
         return KIL_FORMAT_D32_SFLOAT;
   }
   return zgl_kil_format(f);
}

static void
decode(enum kil_format kil, VkImageAspectFlagBits aspect, const uint8_t *t, float rgba[4],
       int64_t irgba[4], double *depth, uint32_t *stencil)
{
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) {
      *stencil = fmt_unpack_stencil(kil, t);
      return;
   }
   if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT) {
      *depth = fmt_unpack_depth(kil, t);
      return;
   }
   union fmt_texel v;
   fmt_unpack_color(kil, t, &v);
   const enum fmt_class cls = fmt_format_class(kil);
   for (unsigned i = 0; i < 4; i++) {
      rgba[i] = cls == FMT_CLASS_FLOAT ? v.f[i] : cls == FMT_CLASS_UINT ? (float)v.u[i]
                                                                        : (float)v.i[i];
      irgba[i] = cls == FMT_CLASS_UINT ? (int64_t)v.u[i] : cls == FMT_CLASS_SINT ? v.i[i]
                                                                                 : (int64_t)v.f[i];
   }
}

static VkImageAspectFlagBits
aspect_of(GLenum format)
{
   return format == GL_DEPTH_COMPONENT ? VK_IMAGE_ASPECT_DEPTH_BIT
          : format == GL_STENCIL_INDEX ? VK_IMAGE_ASPECT_STENCIL_BIT
                                       : VK_IMAGE_ASPECT_COLOR_BIT;
}

/* Reads a box of one aspect, rows in GL order (bottom first). */
static uint8_t *
read_box(struct zgl_context *ctx, const struct zgl_read_source *src,
         VkImageAspectFlagBits aspect, unsigned texel, GLint x, GLint y, uint32_t w, uint32_t h)
{
   const bool flip = src->flip_y;
   const uint32_t height = src->height;
   uint8_t *data = malloc((size_t)w * h * texel);
   if (!data)
      return NULL;
   /* A window-system image's first row is GL's top row. */
   const int32_t top = flip ? (int32_t)height - (y + (int32_t)h) : y;
   const struct zkv_box box = {x, top, (int32_t)src->layer, w, h, 1};
   const struct zkv_host_layout layout = {w * texel, 0};
   zkv_image_readback(ctx->zkv, src->image, src->level, aspect, &box, data, &layout);
   if (flip) {
      uint8_t *row = malloc((size_t)w * texel);
      if (!row) {
         free(data);
         return NULL;
      }
      for (uint32_t r = 0; r < h / 2; r++) {
         uint8_t *a = data + (size_t)r * w * texel, *b = data + (size_t)(h - 1 - r) * w * texel;
         memcpy(row, a, (size_t)w * texel);
         memcpy(a, b, (size_t)w * texel);
         memcpy(b, row, (size_t)w * texel);
      }
      free(row);
   }
   return data;
}

void GLAPIENTRY
zgl_ClampColor(GLenum target, GLenum clamp)
{
   ZGL_CONTEXT(ctx);
   if (target != GL_CLAMP_READ_COLOR) {
      zgl_error(ctx, GL_INVALID_ENUM, "glClampColor(target 0x%x)", target);
      return;
   }
   if (clamp != GL_TRUE && clamp != GL_FALSE && clamp != GL_FIXED_ONLY) {
      zgl_error(ctx, GL_INVALID_ENUM, "glClampColor(clamp 0x%x)", clamp);
      return;
   }
   ctx->clamp_read_color = clamp;
}

void GLAPIENTRY
zgl_ReadPixels(GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
               void *pixels)
{
   ZGL_CONTEXT(ctx);
   if (width < 0 || height < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glReadPixels(%d x %d)", width, height);
      return;
   }
   const GLenum e = zgl_pixel_format_check(format, type);
   if (e != GL_NO_ERROR) {
      zgl_error(ctx, e, "glReadPixels(format 0x%x, type 0x%x)", format, type);
      return;
   }
   const bool ds = format == GL_DEPTH_STENCIL;
   const VkImageAspectFlagBits aspect = ds ? VK_IMAGE_ASPECT_DEPTH_BIT : aspect_of(format);
   struct zgl_read_source src, ssrc;
   if (!zgl_read_source(ctx, "glReadPixels", aspect, &src))
      return;
   if (ds && !zgl_read_source(ctx, "glReadPixels", VK_IMAGE_ASPECT_STENCIL_BIT, &ssrc))
      return;
   const uint32_t fb_w = src.width, fb_h = src.height;
   const enum kil_format kil = aspect_format(src.format, aspect);
   if (kil == KIL_FORMAT_NONE ||
       (aspect == VK_IMAGE_ASPECT_COLOR_BIT && !fmt_format_is_convertible(kil))) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glReadPixels: reading format %d is not implemented",
                src.format);
      return;
   }
   /* Integer formats need an integer colour buffer, and the other way
    * around (GL 4.6, 18.2.2: INVALID_OPERATION). */
   if (aspect == VK_IMAGE_ASPECT_COLOR_BIT &&
       zgl_pixel_format_is_integer(format) != (fmt_format_class(kil) != FMT_CLASS_FLOAT)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glReadPixels: integer and non-integer formats mix");
      return;
   }
   struct zgl_buffer *pbo = ctx->pixel_pack_buffer;
   const size_t end = width && height
                         ? zgl_pixel_offset_B(&ctx->pack, format, type, width, width - 1,
                                              height - 1) + zgl_pixel_size_B(format, type)
                         : 0;
   if (pbo) {
      /* GL 4.6, 18.2: INVALID_OPERATION when the pack buffer is mapped or
       * the data would go past its end. */
      if (pbo->map_pointer && !(pbo->access_flags & GL_MAP_PERSISTENT_BIT)) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glReadPixels: the pack buffer is mapped");
         return;
      }
      if ((uintptr_t)pixels + end > (uintptr_t)pbo->size_B) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glReadPixels: past the pack buffer's end");
         return;
      }
   }
   /* Pixels outside the framebuffer are undefined: read the inside only. */
   const GLint x0 = MAX2(x, 0), y0 = MAX2(y, 0);
   const GLint x1 = MIN2(x + width, (GLint)fb_w), y1 = MIN2(y + height, (GLint)fb_h);
   if (x1 <= x0 || y1 <= y0)
      return;
   const uint32_t w = (uint32_t)(x1 - x0), h = (uint32_t)(y1 - y0);
   const unsigned texel = kil_format_el_size_B(kil);
   uint8_t *data = read_box(ctx, &src, aspect, texel, x0, y0, w, h);
   uint8_t *sdata = ds ? read_box(ctx, &ssrc, VK_IMAGE_ASPECT_STENCIL_BIT, 1, x0, y0, w, h)
                       : NULL;
   uint8_t *out = pixels;
   if (pbo)
      out = malloc(end);
   if (!data || (ds && !sdata) || !out) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glReadPixels");
      goto done;
   }
   if (pbo)
      zkv_buffer_read(ctx->zkv, pbo->zkv, (uintptr_t)pixels, end, out);
   for (uint32_t r = 0; r < h; r++) {
      for (uint32_t c = 0; c < w; c++) {
         float rgba[4] = {0, 0, 0, 1};
         int64_t irgba[4] = {0, 0, 0, 1};
         double depth = 0;
         uint32_t stencil = 0;
         decode(kil, aspect, data + ((size_t)r * w + c) * texel, rgba, irgba, &depth, &stencil);
         /* GL_CLAMP_READ_COLOR (GL 4.6, 18.2.8): FIXED_ONLY clamps fixed-point
          * buffers, whose values are in range already. */
         if (ctx->clamp_read_color == GL_TRUE) {
            for (unsigned i = 0; i < 4; i++)
               rgba[i] = CLAMP(rgba[i], 0.0f, 1.0f);
         }
         if (ds)
            stencil = sdata[(size_t)r * w + c];
         const size_t at = zgl_pixel_offset_B(&ctx->pack, format, type, width,
                                              (GLint)c + x0 - x, (GLint)r + y0 - y);
         zgl_pack_pixel(format, type, rgba, irgba, depth, stencil, out + at);
      }
   }
   if (pbo)
      zkv_buffer_subdata(ctx->zkv, pbo->zkv, (uintptr_t)pixels, end, out);
done:
   if (pbo)
      free(out);
   free(data);
   free(sdata);
}
