/* SPDX-License-Identifier: MIT */
#include "zgl_pixel_format.h"

#include <math.h>
#include <string.h>

#include "util/half_float.h"

/* Components of a format: their count and order as indices into RGBA (-1:
 * none). */
static int
components(GLenum format, int order[4])
{
   static const struct {
      GLenum format;
      int n;
      int order[4];
   } table[] = {
      {GL_RED, 1, {0}},           {GL_RED_INTEGER, 1, {0}},       {GL_GREEN, 1, {1}},
      {GL_GREEN_INTEGER, 1, {1}}, {GL_BLUE, 1, {2}},              {GL_BLUE_INTEGER, 1, {2}},
      {GL_ALPHA, 1, {3}},         {GL_RG, 2, {0, 1}},             {GL_RG_INTEGER, 2, {0, 1}},
      {GL_RGB, 3, {0, 1, 2}},     {GL_RGB_INTEGER, 3, {0, 1, 2}}, {GL_BGR, 3, {2, 1, 0}},
      {GL_BGR_INTEGER, 3, {2, 1, 0}}, {GL_RGBA, 4, {0, 1, 2, 3}}, {GL_RGBA_INTEGER, 4, {0, 1, 2, 3}},
      {GL_BGRA, 4, {2, 1, 0, 3}}, {GL_BGRA_INTEGER, 4, {2, 1, 0, 3}},
      {GL_DEPTH_COMPONENT, 1, {0}}, {GL_STENCIL_INDEX, 1, {0}}, {GL_DEPTH_STENCIL, 2, {0, 1}},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(table); i++) {
      if (table[i].format == format) {
         memcpy(order, table[i].order, sizeof(table[i].order));
         return table[i].n;
      }
   }
   return 0;
}

bool
zgl_pixel_format_is_integer(GLenum format)
{
   switch (format) {
   case GL_RED_INTEGER:
   case GL_GREEN_INTEGER:
   case GL_BLUE_INTEGER:
   case GL_RG_INTEGER:
   case GL_RGB_INTEGER:
   case GL_BGR_INTEGER:
   case GL_RGBA_INTEGER:
   case GL_BGRA_INTEGER:
      return true;
   default:
      return false;
   }
}

/* Packed types: their size and the component count they hold (table 8.5). */
static bool
packed(GLenum type, unsigned *size_B, int *n)
{
   switch (type) {
   case GL_UNSIGNED_BYTE_3_3_2:
   case GL_UNSIGNED_BYTE_2_3_3_REV:
      *size_B = 1, *n = 3;
      return true;
   case GL_UNSIGNED_SHORT_5_6_5:
   case GL_UNSIGNED_SHORT_5_6_5_REV:
      *size_B = 2, *n = 3;
      return true;
   case GL_UNSIGNED_SHORT_4_4_4_4:
   case GL_UNSIGNED_SHORT_4_4_4_4_REV:
   case GL_UNSIGNED_SHORT_5_5_5_1:
   case GL_UNSIGNED_SHORT_1_5_5_5_REV:
      *size_B = 2, *n = 4;
      return true;
   case GL_UNSIGNED_INT_8_8_8_8:
   case GL_UNSIGNED_INT_8_8_8_8_REV:
   case GL_UNSIGNED_INT_10_10_10_2:
   case GL_UNSIGNED_INT_2_10_10_10_REV:
      *size_B = 4, *n = 4;
      return true;
   case GL_UNSIGNED_INT_10F_11F_11F_REV:
   case GL_UNSIGNED_INT_5_9_9_9_REV:
      *size_B = 4, *n = 3;
      return true;
   case GL_UNSIGNED_INT_24_8:
      *size_B = 4, *n = 2;
      return true;
   case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
      *size_B = 8, *n = 2;
      return true;
   default:
      return false;
   }
}

static unsigned
plain_size_B(GLenum type)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
   case GL_BYTE:
      return 1;
   case GL_UNSIGNED_SHORT:
   case GL_SHORT:
   case GL_HALF_FLOAT:
      return 2;
   case GL_UNSIGNED_INT:
   case GL_INT:
   case GL_FLOAT:
      return 4;
   default:
      return 0;
   }
}

GLenum
zgl_pixel_format_check(GLenum format, GLenum type)
{
   int order[4];
   const int n = components(format, order);
   unsigned size;
   int pn;
   const bool is_packed = packed(type, &size, &pn);
   if (!n || (!is_packed && !plain_size_B(type)))
      return GL_INVALID_ENUM;
   /* Depth/stencil: DEPTH_STENCIL only with the two depth-stencil types;
    * those types only with it (table 8.5). */
   const bool ds_type = type == GL_UNSIGNED_INT_24_8 || type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV;
   if ((format == GL_DEPTH_STENCIL) != ds_type)
      return GL_INVALID_OPERATION;
   if (is_packed && !ds_type) {
      if (pn != n)
         return GL_INVALID_OPERATION;
      /* The float packed types have no integer forms. */
      if ((type == GL_UNSIGNED_INT_10F_11F_11F_REV || type == GL_UNSIGNED_INT_5_9_9_9_REV) &&
          format != GL_RGB)
         return GL_INVALID_OPERATION;
   }
   if (zgl_pixel_format_is_integer(format) && (type == GL_FLOAT || type == GL_HALF_FLOAT))
      return GL_INVALID_OPERATION;
   if ((format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX) && is_packed)
      return GL_INVALID_OPERATION;
   return GL_NO_ERROR;
}

unsigned
zgl_pixel_size_B(GLenum format, GLenum type)
{
   unsigned size;
   int pn;
   if (packed(type, &size, &pn))
      return size;
   int order[4];
   return (unsigned)components(format, order) * plain_size_B(type);
}

size_t
zgl_pixel_row_stride_B(const struct zgl_pixel_store *ps, GLenum format, GLenum type,
                       GLsizei width)
{
   const size_t pixel = zgl_pixel_size_B(format, type);
   const size_t row = pixel * (size_t)(ps->row_length > 0 ? ps->row_length : width);
   const size_t a = (size_t)ps->alignment;
   /* "If the number of bits per element is not 1, 2, 4 or 8 times the
    * number of bits in a GL ubyte, then k = nl for all values of a". */
   unsigned size;
   int pn;
   const size_t element = packed(type, &size, &pn) ? size : plain_size_B(type);
   if (element >= a)
      return row;
   return (row + a - 1) / a * a;
}

size_t
zgl_pixel_offset_B(const struct zgl_pixel_store *ps, GLenum format, GLenum type, GLsizei width,
                   GLint x, GLint y)
{
   return zgl_pixel_row_stride_B(ps, format, type, width) * (size_t)(ps->skip_rows + y) +
          zgl_pixel_size_B(format, type) * (size_t)(ps->skip_pixels + x);
}

/* GL's conversions to normalized fixed point (GL 4.6, 2.3.5.2): round(f *
 * (2^b - 1)) unsigned, round(f * (2^(b-1) - 1)) signed. */
static uint32_t
unorm(float f, unsigned bits)
{
   const double max = (double)((1ull << bits) - 1);
   return (uint32_t)lrint(CLAMP(f, 0.0f, 1.0f) * max);
}

static int32_t
snorm(float f, unsigned bits)
{
   const double max = (double)((1ull << (bits - 1)) - 1);
   return (int32_t)lrint(CLAMP(f, -1.0f, 1.0f) * max);
}

static uint32_t
pack_packed(GLenum type, const float v[4])
{
   switch (type) {
   case GL_UNSIGNED_BYTE_3_3_2:
      return unorm(v[0], 3) << 5 | unorm(v[1], 3) << 2 | unorm(v[2], 2);
   case GL_UNSIGNED_BYTE_2_3_3_REV:
      return unorm(v[2], 2) << 6 | unorm(v[1], 3) << 3 | unorm(v[0], 3);
   case GL_UNSIGNED_SHORT_5_6_5:
      return unorm(v[0], 5) << 11 | unorm(v[1], 6) << 5 | unorm(v[2], 5);
   case GL_UNSIGNED_SHORT_5_6_5_REV:
      return unorm(v[2], 5) << 11 | unorm(v[1], 6) << 5 | unorm(v[0], 5);
   case GL_UNSIGNED_SHORT_4_4_4_4:
      return unorm(v[0], 4) << 12 | unorm(v[1], 4) << 8 | unorm(v[2], 4) << 4 | unorm(v[3], 4);
   case GL_UNSIGNED_SHORT_4_4_4_4_REV:
      return unorm(v[3], 4) << 12 | unorm(v[2], 4) << 8 | unorm(v[1], 4) << 4 | unorm(v[0], 4);
   case GL_UNSIGNED_SHORT_5_5_5_1:
      return unorm(v[0], 5) << 11 | unorm(v[1], 5) << 6 | unorm(v[2], 5) << 1 | unorm(v[3], 1);
   case GL_UNSIGNED_SHORT_1_5_5_5_REV:
      return unorm(v[3], 1) << 15 | unorm(v[2], 5) << 10 | unorm(v[1], 5) << 5 | unorm(v[0], 5);
   case GL_UNSIGNED_INT_8_8_8_8:
      return unorm(v[0], 8) << 24 | unorm(v[1], 8) << 16 | unorm(v[2], 8) << 8 | unorm(v[3], 8);
   case GL_UNSIGNED_INT_8_8_8_8_REV:
      return unorm(v[3], 8) << 24 | unorm(v[2], 8) << 16 | unorm(v[1], 8) << 8 | unorm(v[0], 8);
   case GL_UNSIGNED_INT_10_10_10_2:
      return unorm(v[0], 10) << 22 | unorm(v[1], 10) << 12 | unorm(v[2], 10) << 2 |
             unorm(v[3], 2);
   case GL_UNSIGNED_INT_2_10_10_10_REV:
      return unorm(v[3], 2) << 30 | unorm(v[2], 10) << 20 | unorm(v[1], 10) << 10 |
             unorm(v[0], 10);
   default:
      return 0;
   }
}

void
zgl_pack_pixel(GLenum format, GLenum type, const float rgba[4], const int64_t irgba[4],
               double depth, uint32_t stencil, void *dst)
{
   if (format == GL_DEPTH_STENCIL) {
      if (type == GL_UNSIGNED_INT_24_8) {
         const uint32_t v = (uint32_t)lrint(CLAMP(depth, 0.0, 1.0) * 16777215.0) << 8 |
                            (stencil & 0xff);
         memcpy(dst, &v, 4);
      } else {
         const float d = (float)depth;
         const uint32_t s = stencil & 0xff;
         memcpy(dst, &d, 4);
         memcpy((char *)dst + 4, &s, 4);
      }
      return;
   }
   int order[4];
   const int n = components(format, order);
   float v[4];
   int64_t iv[4];
   for (int i = 0; i < n; i++) {
      if (format == GL_DEPTH_COMPONENT)
         v[i] = (float)depth, iv[i] = (int64_t)lrint(depth);
      else if (format == GL_STENCIL_INDEX)
         v[i] = (float)stencil, iv[i] = stencil;
      else
         v[i] = rgba[order[i]], iv[i] = irgba ? irgba[order[i]] : 0;
   }
   unsigned size;
   int pn;
   if (packed(type, &size, &pn)) {
      const uint32_t p = pack_packed(type, v);
      memcpy(dst, &p, size);
      return;
   }
   const bool integer = zgl_pixel_format_is_integer(format) || format == GL_STENCIL_INDEX;
   for (int i = 0; i < n; i++) {
      switch (type) {
      case GL_UNSIGNED_BYTE:
         ((uint8_t *)dst)[i] = integer ? (uint8_t)CLAMP(iv[i], 0, 255) : (uint8_t)unorm(v[i], 8);
         break;
      case GL_BYTE:
         ((int8_t *)dst)[i] = integer ? (int8_t)CLAMP(iv[i], -128, 127) : (int8_t)snorm(v[i], 8);
         break;
      case GL_UNSIGNED_SHORT:
         ((uint16_t *)dst)[i] =
            integer ? (uint16_t)CLAMP(iv[i], 0, 65535) : (uint16_t)unorm(v[i], 16);
         break;
      case GL_SHORT:
         ((int16_t *)dst)[i] =
            integer ? (int16_t)CLAMP(iv[i], -32768, 32767) : (int16_t)snorm(v[i], 16);
         break;
      case GL_UNSIGNED_INT:
         ((uint32_t *)dst)[i] =
            integer ? (uint32_t)CLAMP(iv[i], 0, 4294967295ll) : unorm(v[i], 32);
         break;
      case GL_INT:
         ((int32_t *)dst)[i] = integer ? (int32_t)CLAMP(iv[i], INT32_MIN, INT32_MAX)
                                       : snorm(v[i], 32);
         break;
      case GL_HALF_FLOAT:
         ((uint16_t *)dst)[i] = util_float_to_half(integer ? (float)iv[i] : v[i]);
         break;
      case GL_FLOAT:
         ((float *)dst)[i] = integer ? (float)iv[i] : v[i];
         break;
      }
   }
}

static float
unorm_to_float(uint32_t v, unsigned bits)
{
   return (float)((double)v / (double)((1ull << bits) - 1));
}

static float
snorm_to_float(int32_t v, unsigned bits)
{
   /* "max(c / (2^(b-1) - 1), -1)" (GL 4.6, 2.3.5.1) */
   const float f = (float)((double)v / (double)((1ull << (bits - 1)) - 1));
   return f < -1.0f ? -1.0f : f;
}

static void
unpack_packed(GLenum type, uint32_t p, float v[4])
{
#define U(shift, bits) unorm_to_float((p >> (shift)) & ((1u << (bits)) - 1), bits)
   switch (type) {
   case GL_UNSIGNED_BYTE_3_3_2:
      v[0] = U(5, 3), v[1] = U(2, 3), v[2] = U(0, 2);
      return;
   case GL_UNSIGNED_BYTE_2_3_3_REV:
      v[2] = U(6, 2), v[1] = U(3, 3), v[0] = U(0, 3);
      return;
   case GL_UNSIGNED_SHORT_5_6_5:
      v[0] = U(11, 5), v[1] = U(5, 6), v[2] = U(0, 5);
      return;
   case GL_UNSIGNED_SHORT_5_6_5_REV:
      v[2] = U(11, 5), v[1] = U(5, 6), v[0] = U(0, 5);
      return;
   case GL_UNSIGNED_SHORT_4_4_4_4:
      v[0] = U(12, 4), v[1] = U(8, 4), v[2] = U(4, 4), v[3] = U(0, 4);
      return;
   case GL_UNSIGNED_SHORT_4_4_4_4_REV:
      v[3] = U(12, 4), v[2] = U(8, 4), v[1] = U(4, 4), v[0] = U(0, 4);
      return;
   case GL_UNSIGNED_SHORT_5_5_5_1:
      v[0] = U(11, 5), v[1] = U(6, 5), v[2] = U(1, 5), v[3] = U(0, 1);
      return;
   case GL_UNSIGNED_SHORT_1_5_5_5_REV:
      v[3] = U(15, 1), v[2] = U(10, 5), v[1] = U(5, 5), v[0] = U(0, 5);
      return;
   case GL_UNSIGNED_INT_8_8_8_8:
      v[0] = U(24, 8), v[1] = U(16, 8), v[2] = U(8, 8), v[3] = U(0, 8);
      return;
   case GL_UNSIGNED_INT_8_8_8_8_REV:
      v[3] = U(24, 8), v[2] = U(16, 8), v[1] = U(8, 8), v[0] = U(0, 8);
      return;
   case GL_UNSIGNED_INT_10_10_10_2:
      v[0] = U(22, 10), v[1] = U(12, 10), v[2] = U(2, 10), v[3] = U(0, 2);
      return;
   case GL_UNSIGNED_INT_2_10_10_10_REV:
      v[3] = U(30, 2), v[2] = U(20, 10), v[1] = U(10, 10), v[0] = U(0, 10);
      return;
   default:
      return;
   }
#undef U
}

void
zgl_unpack_pixel(GLenum format, GLenum type, const void *src, float rgba[4], int64_t irgba[4],
                 double *depth, uint32_t *stencil)
{
   rgba[0] = rgba[1] = rgba[2] = 0.0f;
   rgba[3] = 1.0f;
   irgba[0] = irgba[1] = irgba[2] = 0;
   irgba[3] = 1;
   *depth = 0;
   *stencil = 0;
   if (format == GL_DEPTH_STENCIL) {
      uint32_t w;
      memcpy(&w, src, 4);
      if (type == GL_UNSIGNED_INT_24_8) {
         *depth = (w >> 8) / 16777215.0;
         *stencil = w & 0xff;
      } else {
         float d;
         memcpy(&d, src, 4);
         *depth = d;
         memcpy(&w, (const char *)src + 4, 4);
         *stencil = w & 0xff;
      }
      return;
   }
   unsigned size;
   int pn;
   float v[4] = {0, 0, 0, 1};
   int64_t iv[4] = {0, 0, 0, 1};
   int order[4];
   const int n = components(format, order);
   if (packed(type, &size, &pn)) {
      uint32_t p = 0;
      memcpy(&p, src, size);
      unpack_packed(type, p, v);
      for (int i = 0; i < n; i++)
         rgba[order[i]] = v[i];
      return;
   }
   const bool integer = zgl_pixel_format_is_integer(format) || format == GL_STENCIL_INDEX;
   for (int i = 0; i < n; i++) {
      switch (type) {
      case GL_UNSIGNED_BYTE:
         iv[i] = ((const uint8_t *)src)[i];
         v[i] = unorm_to_float((uint32_t)iv[i], 8);
         break;
      case GL_BYTE:
         iv[i] = ((const int8_t *)src)[i];
         v[i] = snorm_to_float((int32_t)iv[i], 8);
         break;
      case GL_UNSIGNED_SHORT:
         iv[i] = ((const uint16_t *)src)[i];
         v[i] = unorm_to_float((uint32_t)iv[i], 16);
         break;
      case GL_SHORT:
         iv[i] = ((const int16_t *)src)[i];
         v[i] = snorm_to_float((int32_t)iv[i], 16);
         break;
      case GL_UNSIGNED_INT:
         iv[i] = ((const uint32_t *)src)[i];
         v[i] = unorm_to_float((uint32_t)iv[i], 32);
         break;
      case GL_INT:
         iv[i] = ((const int32_t *)src)[i];
         v[i] = snorm_to_float((int32_t)iv[i], 32);
         break;
      case GL_HALF_FLOAT:
         v[i] = util_half_to_float(((const uint16_t *)src)[i]);
         iv[i] = (int64_t)v[i];
         break;
      case GL_FLOAT:
         v[i] = ((const float *)src)[i];
         iv[i] = (int64_t)v[i];
         break;
      }
   }
   if (format == GL_DEPTH_COMPONENT) {
      *depth = type == GL_FLOAT || type == GL_HALF_FLOAT ? v[0] : v[0];
      return;
   }
   if (format == GL_STENCIL_INDEX) {
      *stencil = (uint32_t)iv[0];
      return;
   }
   for (int i = 0; i < n; i++) {
      rgba[order[i]] = v[i];
      irgba[order[i]] = integer ? iv[i] : 0;
   }
}
