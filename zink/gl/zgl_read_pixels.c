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
#include "util/half_float.h"

/* Texel size of the image formats the read path decodes; 0 for others. */
static unsigned
texel_size_B(VkFormat f, VkImageAspectFlagBits aspect)
{
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT)
      return 1;
   switch (f) {
   case VK_FORMAT_R8G8B8A8_UNORM:
   case VK_FORMAT_R8G8B8A8_SRGB:
   case VK_FORMAT_B8G8R8A8_UNORM:
   case VK_FORMAT_B8G8R8A8_SRGB:
   case VK_FORMAT_D24_UNORM_S8_UINT:
   case VK_FORMAT_X8_D24_UNORM_PACK32:
   case VK_FORMAT_D32_SFLOAT:
   case VK_FORMAT_D32_SFLOAT_S8_UINT:
      return 4;
   case VK_FORMAT_D16_UNORM:
      return 2;
   case VK_FORMAT_R32G32B32A32_SFLOAT:
      return 16;
   default:
      return 0;
   }
}

static void
decode(VkFormat f, VkImageAspectFlagBits aspect, const uint8_t *t, float rgba[4], double *depth,
       uint32_t *stencil)
{
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) {
      *stencil = t[0];
      return;
   }
   switch (f) {
   case VK_FORMAT_R8G8B8A8_UNORM:
   case VK_FORMAT_R8G8B8A8_SRGB:
      for (unsigned i = 0; i < 4; i++)
         rgba[i] = t[i] / 255.0f;
      return;
   case VK_FORMAT_B8G8R8A8_UNORM:
   case VK_FORMAT_B8G8R8A8_SRGB:
      rgba[0] = t[2] / 255.0f, rgba[1] = t[1] / 255.0f, rgba[2] = t[0] / 255.0f;
      rgba[3] = t[3] / 255.0f;
      return;
   case VK_FORMAT_R32G32B32A32_SFLOAT:
      memcpy(rgba, t, 16);
      return;
   case VK_FORMAT_D24_UNORM_S8_UINT:
   case VK_FORMAT_X8_D24_UNORM_PACK32: {
      uint32_t w;
      memcpy(&w, t, 4);
      *depth = (w & 0xffffff) / 16777215.0;
      return;
   }
   case VK_FORMAT_D32_SFLOAT:
   case VK_FORMAT_D32_SFLOAT_S8_UINT: {
      float d;
      memcpy(&d, t, 4);
      *depth = d;
      return;
   }
   case VK_FORMAT_D16_UNORM: {
      uint16_t w;
      memcpy(&w, t, 2);
      *depth = w / 65535.0;
      return;
   }
   default:
      return;
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
read_box(struct zgl_context *ctx, struct zkv_image *image, VkImageAspectFlagBits aspect,
         unsigned texel, uint32_t height, bool flip, GLint x, GLint y, uint32_t w, uint32_t h)
{
   uint8_t *data = malloc((size_t)w * h * texel);
   if (!data)
      return NULL;
   /* A window-system image's first row is GL's top row. */
   const int32_t top = flip ? (int32_t)height - (y + (int32_t)h) : y;
   const struct zkv_box box = {x, top, 0, w, h, 1};
   const struct zkv_host_layout layout = {w * texel, 0};
   zkv_image_readback(ctx->zkv, image, 0, aspect, &box, data, &layout);
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
   VkFormat vkformat;
   uint32_t fb_w, fb_h;
   bool flip;
   struct zkv_image *image =
      zgl_read_image(ctx, "glReadPixels", aspect, &vkformat, &fb_w, &fb_h, &flip);
   if (!image)
      return;
   if (ds && !zgl_read_image(ctx, "glReadPixels", VK_IMAGE_ASPECT_STENCIL_BIT, &vkformat, &fb_w,
                             &fb_h, &flip))
      return;
   /* Integer formats need an integer colour buffer, and the other way
    * around (GL 4.6, 18.2.2): the window-system buffers are normalized. */
   if (zgl_pixel_format_is_integer(format)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glReadPixels: integer format from a normalized buffer");
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
   const unsigned texel = texel_size_B(vkformat, aspect);
   if (!texel) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glReadPixels: reading format %d is not implemented",
                vkformat);
      return;
   }
   uint8_t *data = read_box(ctx, image, aspect, texel, fb_h, flip, x0, y0, w, h);
   uint8_t *sdata = ds ? read_box(ctx, image, VK_IMAGE_ASPECT_STENCIL_BIT, 1, fb_h, flip, x0, y0,
                                  w, h)
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
         double depth = 0;
         uint32_t stencil = 0;
         decode(vkformat, aspect, data + ((size_t)r * w + c) * texel, rgba, &depth, &stencil);
         if (ds)
            stencil = sdata[(size_t)r * w + c];
         const size_t at = zgl_pixel_offset_B(&ctx->pack, format, type, width,
                                              (GLint)c + x0 - x, (GLint)r + y0 - y);
         zgl_pack_pixel(format, type, rgba, NULL, depth, stencil, out + at);
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
