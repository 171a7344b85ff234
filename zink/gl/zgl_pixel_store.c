/* SPDX-License-Identifier: MIT */
/*
 * glPixelStore (GL 4.6, 8.4.1, table 8.1).
 */
#include "zgl_context.h"

static void
pixel_store(struct zgl_context *ctx, const char *func, GLenum pname, GLint value)
{
   const bool pack = (pname >= GL_PACK_SWAP_BYTES && pname <= GL_PACK_ALIGNMENT) ||
                     pname == GL_PACK_SKIP_IMAGES || pname == GL_PACK_IMAGE_HEIGHT;
   struct zgl_pixel_store *s = pack ? &ctx->pack : &ctx->unpack;
   GLint *field;
   switch (pname) {
   case GL_PACK_SWAP_BYTES:
   case GL_UNPACK_SWAP_BYTES:
      s->swap_bytes = value != 0;
      return;
   case GL_PACK_LSB_FIRST:
   case GL_UNPACK_LSB_FIRST:
      s->lsb_first = value != 0;
      return;
   case GL_PACK_ROW_LENGTH:
   case GL_UNPACK_ROW_LENGTH:
      field = &s->row_length;
      break;
   case GL_PACK_IMAGE_HEIGHT:
   case GL_UNPACK_IMAGE_HEIGHT:
      field = &s->image_height;
      break;
   case GL_PACK_SKIP_ROWS:
   case GL_UNPACK_SKIP_ROWS:
      field = &s->skip_rows;
      break;
   case GL_PACK_SKIP_PIXELS:
   case GL_UNPACK_SKIP_PIXELS:
      field = &s->skip_pixels;
      break;
   case GL_PACK_SKIP_IMAGES:
   case GL_UNPACK_SKIP_IMAGES:
      field = &s->skip_images;
      break;
   case GL_PACK_ALIGNMENT:
   case GL_UNPACK_ALIGNMENT:
      /* "An INVALID_VALUE error is generated if ... alignment is specified
       * as other than 1, 2, 4, or 8" (GL 4.6, 8.4.1). */
      if (value != 1 && value != 2 && value != 4 && value != 8) {
         zgl_error(ctx, GL_INVALID_VALUE, "%s(alignment %d)", func, value);
         return;
      }
      s->alignment = value;
      return;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x)", func, pname);
      return;
   }
   /* "... if a negative row length, pixel skip, or row skip value is specified" */
   if (value < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(0x%x, %d): negative", func, pname, value);
      return;
   }
   *field = value;
}

void GLAPIENTRY
zgl_PixelStorei(GLenum pname, GLint param)
{
   ZGL_CONTEXT(ctx);
   pixel_store(ctx, "glPixelStorei", pname, param);
}

void GLAPIENTRY
zgl_PixelStoref(GLenum pname, GLfloat param)
{
   ZGL_CONTEXT(ctx);
   /* "rounded to the nearest integer" for integer parameters (GL 4.6, 8.4.1). */
   pixel_store(ctx, "glPixelStoref", pname, (GLint)(param < 0 ? param - 0.5f : param + 0.5f));
}
