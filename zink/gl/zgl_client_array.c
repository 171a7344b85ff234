/* SPDX-License-Identifier: MIT */
/*
 * The fixed-function vertex arrays of the compatibility profile (GL 4.6
 * compatibility, 10.3.2): glVertexPointer and its siblings, the client
 * state enables, glClientActiveTexture. They are state of the bound VAO;
 * the draw feeds them to the compatibility inputs (zgl_draw_state.c). Core
 * contexts have none of it: every call is GL_INVALID_OPERATION.
 */
#include <string.h>

#include "zgl_buffer.h"
#include "zgl_context.h"
#include "zgl_vertex_array.h"

_Static_assert(ZGL_FF_ARRAYS == ZGL_MAX_TEXTURE_COORDS + 5, "ff_current sized per array");

/* Names of the inputs, in enum zgl_ff_array order (zink/compiler's). */
static const char *const inputs[ZGL_FF_ARRAYS] = {
   "gl_Vertex",         "gl_Normal",         "gl_Color",          "gl_SecondaryColor",
   "gl_FogCoord",       "gl_MultiTexCoord0", "gl_MultiTexCoord1", "gl_MultiTexCoord2",
   "gl_MultiTexCoord3", "gl_MultiTexCoord4", "gl_MultiTexCoord5", "gl_MultiTexCoord6",
   "gl_MultiTexCoord7",
};

int
zgl_ff_array_of_input(const char *name)
{
   for (int k = 0; name && k < ZGL_FF_ARRAYS; k++) {
      if (!strcmp(name, inputs[k]))
         return k;
   }
   return -1;
}

bool
zgl_compat_only(struct zgl_context *ctx, const char *func)
{
   if (!ctx->compat)
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: not in a core profile context", func);
   return ctx->compat;
}

/* Bit per type for the masks of table 10.3 (GL 4.6 compatibility). */
enum {
   T_BYTE = 1 << 0, T_UBYTE = 1 << 1, T_SHORT = 1 << 2, T_USHORT = 1 << 3, T_INT = 1 << 4,
   T_UINT = 1 << 5, T_HALF = 1 << 6, T_FLOAT = 1 << 7, T_DOUBLE = 1 << 8, T_PACKED = 1 << 9,
};

static unsigned
type_bit(GLenum type)
{
   switch (type) {
   case GL_BYTE: return T_BYTE;
   case GL_UNSIGNED_BYTE: return T_UBYTE;
   case GL_SHORT: return T_SHORT;
   case GL_UNSIGNED_SHORT: return T_USHORT;
   case GL_INT: return T_INT;
   case GL_UNSIGNED_INT: return T_UINT;
   case GL_HALF_FLOAT: return T_HALF;
   case GL_FLOAT: return T_FLOAT;
   case GL_DOUBLE: return T_DOUBLE;
   case GL_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_2_10_10_10_REV: return T_PACKED;
   default: return 0;
   }
}

/* Table 10.3 (GL 4.6 compatibility): sizes (bit per size 1..4, bit 5 for
 * BGRA), types, and whether fixed-point values are normalized. */
static const struct {
   unsigned sizes, types;
   bool normalized;
} formats[] = {
   [ZGL_FF_VERTEX] = {0xe, T_SHORT | T_INT | T_FLOAT | T_HALF | T_DOUBLE | T_PACKED, false},
   [ZGL_FF_NORMAL] = {0x4, T_BYTE | T_SHORT | T_INT | T_FLOAT | T_HALF | T_DOUBLE | T_PACKED, true},
   [ZGL_FF_COLOR] = {0x2c, 0x3ff, true},
   [ZGL_FF_SECONDARY_COLOR] = {0x24, 0x3ff, true},
   [ZGL_FF_FOG_COORD] = {0x1, T_FLOAT | T_HALF | T_DOUBLE, false},
   [ZGL_FF_TEXCOORD0] = {0xf, T_SHORT | T_INT | T_FLOAT | T_HALF | T_DOUBLE | T_PACKED, false},
};

static void
ff_pointer(struct zgl_context *ctx, const char *func, unsigned k, GLint size, GLenum type,
           GLsizei stride, const void *pointer)
{
   if (!zgl_compat_only(ctx, func))
      return;
   const unsigned f = k >= ZGL_FF_TEXCOORD0 ? ZGL_FF_TEXCOORD0 : k;
   const unsigned size_bit = size == GL_BGRA ? 0x20 : size >= 1 && size <= 4 ? 1u << (size - 1) : 0;
   if (!(formats[f].types & type_bit(type))) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(type 0x%x)", func, type);
      return;
   }
   if (!(formats[f].sizes & size_bit) || stride < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(size %d, stride %d)", func, size, stride);
      return;
   }
   /* "INVALID_OPERATION ... if size is BGRA and type is not UNSIGNED_BYTE,
    * INT_2_10_10_10_REV or UNSIGNED_INT_2_10_10_10_REV", and packed types
    * need size 4 or BGRA (10.3.2). */
   if ((size == GL_BGRA && type != GL_UNSIGNED_BYTE && type_bit(type) != T_PACKED) ||
       (type_bit(type) == T_PACKED && size != 4 && size != GL_BGRA)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(size %d, type 0x%x)", func, size, type);
      return;
   }
   struct zgl_vertex_array *vao = ctx->vertex_array;
   if (!ctx->array_buffer && pointer && vao != ctx->default_vertex_array) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: a pointer without an array buffer", func);
      return;
   }
   struct zgl_vertex_attrib *a = &vao->ff_attribs[k];
   a->size = size;
   a->type = type;
   a->normalized = formats[f].normalized;
   a->pointer = pointer;
   a->array_stride_B = stride;
   struct zgl_vertex_binding *b = &vao->ff_bindings[k];
   zgl_buffer_bind(&b->buffer, ctx->array_buffer);
   b->offset_B = (GLintptr)pointer;
   b->stride_B = stride ? stride : (GLsizei)zgl_vertex_attrib_size_B(a);
}

void GLAPIENTRY
zgl_VertexPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   ZGL_CONTEXT(ctx);
   ff_pointer(ctx, "glVertexPointer", ZGL_FF_VERTEX, size, type, stride, pointer);
}

void GLAPIENTRY
zgl_NormalPointer(GLenum type, GLsizei stride, const void *pointer)
{
   ZGL_CONTEXT(ctx);
   ff_pointer(ctx, "glNormalPointer", ZGL_FF_NORMAL, 3, type, stride, pointer);
}

void GLAPIENTRY
zgl_ColorPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   ZGL_CONTEXT(ctx);
   ff_pointer(ctx, "glColorPointer", ZGL_FF_COLOR, size, type, stride, pointer);
}

void GLAPIENTRY
zgl_SecondaryColorPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   ZGL_CONTEXT(ctx);
   ff_pointer(ctx, "glSecondaryColorPointer", ZGL_FF_SECONDARY_COLOR, size, type, stride,
              pointer);
}

void GLAPIENTRY
zgl_FogCoordPointer(GLenum type, GLsizei stride, const void *pointer)
{
   ZGL_CONTEXT(ctx);
   ff_pointer(ctx, "glFogCoordPointer", ZGL_FF_FOG_COORD, 1, type, stride, pointer);
}

void GLAPIENTRY
zgl_TexCoordPointer(GLint size, GLenum type, GLsizei stride, const void *pointer)
{
   ZGL_CONTEXT(ctx);
   ff_pointer(ctx, "glTexCoordPointer", ZGL_FF_TEXCOORD0 + ctx->client_active_texture, size,
              type, stride, pointer);
}

void GLAPIENTRY
zgl_ClientActiveTexture(GLenum texture)
{
   ZGL_CONTEXT(ctx);
   if (!zgl_compat_only(ctx, "glClientActiveTexture"))
      return;
   if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + ZGL_MAX_TEXTURE_COORDS) {
      zgl_error(ctx, GL_INVALID_ENUM, "glClientActiveTexture(0x%x)", texture);
      return;
   }
   ctx->client_active_texture = texture - GL_TEXTURE0;
}

int
zgl_client_state_array(const struct zgl_context *ctx, GLenum array)
{
   switch (array) {
   case GL_VERTEX_ARRAY: return ZGL_FF_VERTEX;
   case GL_NORMAL_ARRAY: return ZGL_FF_NORMAL;
   case GL_COLOR_ARRAY: return ZGL_FF_COLOR;
   case GL_SECONDARY_COLOR_ARRAY: return ZGL_FF_SECONDARY_COLOR;
   case GL_FOG_COORD_ARRAY: return ZGL_FF_FOG_COORD;
   case GL_TEXTURE_COORD_ARRAY: return ZGL_FF_TEXCOORD0 + (int)ctx->client_active_texture;
   default: return -1;
   }
}

static void
client_state(struct zgl_context *ctx, const char *func, GLenum array, bool enabled)
{
   if (!zgl_compat_only(ctx, func))
      return;
   const int k = zgl_client_state_array(ctx, array);
   if (k < 0) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x)", func, array);
      return;
   }
   ctx->vertex_array->ff_attribs[k].enabled = enabled;
}

void GLAPIENTRY
zgl_EnableClientState(GLenum array)
{
   ZGL_CONTEXT(ctx);
   client_state(ctx, "glEnableClientState", array, true);
}

void GLAPIENTRY
zgl_DisableClientState(GLenum array)
{
   ZGL_CONTEXT(ctx);
   client_state(ctx, "glDisableClientState", array, false);
}
