/* SPDX-License-Identifier: MIT */
/*
 * The immediate generic vertex attribute commands (GL 4.6, 10.2.1):
 * glVertexAttrib{1234}{sfd}, 4N* (normalized), I* (integer), P* (packed).
 * Missing components are (0, 0, 0, 1). One body per family; the
 * signatures are the generated prototypes'.
 */
#include <math.h>
#include <string.h>

#include "zgl_context.h"

static void
set_float(struct zgl_context *ctx, const char *func, GLuint index, unsigned n, const double *v)
{
   if (index >= ZGL_MAX_VERTEX_ATTRIBS) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(index %u)", func, index);
      return;
   }
   GLfloat f[4] = {0, 0, 0, 1};
   for (unsigned i = 0; i < n; i++)
      f[i] = (GLfloat)v[i];
   memcpy(ctx->current_attrib[index], f, sizeof(f));
   ctx->current_attrib_kind[index] = 0;
}

static void
set_int(struct zgl_context *ctx, const char *func, GLuint index, unsigned n, const int64_t *v,
        bool is_unsigned)
{
   if (index >= ZGL_MAX_VERTEX_ATTRIBS) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(index %u)", func, index);
      return;
   }
   GLuint u[4] = {0, 0, 0, 1};
   for (unsigned i = 0; i < n; i++)
      u[i] = (GLuint)v[i];
   memcpy(ctx->current_attrib_integer[index], u, sizeof(u));
   ctx->current_attrib_kind[index] = is_unsigned ? 2 : 1;
}

/* GL 4.6, 2.3.5.1: c / (2^b - 1) unsigned, max(c / (2^(b-1) - 1), -1) signed. */
static double
unorm(double c, unsigned bits)
{
   return c / (double)((1ull << bits) - 1);
}

static double
snorm(double c, unsigned bits)
{
   const double f = c / (double)((1ull << (bits - 1)) - 1);
   return f < -1.0 ? -1.0 : f;
}

/* glVertexAttribP*: 2_10_10_10 (signed or not), normalized or converted
 * (GL 4.6, 10.2.1), or 10F_11F_11F (three components). */
static void
set_packed(struct zgl_context *ctx, const char *func, GLuint index, unsigned n, GLenum type,
           GLboolean normalized, GLuint value)
{
   double v[4] = {0, 0, 0, 1};
   if (type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV) {
      const unsigned bits[4] = {10, 10, 10, 2};
      for (unsigned i = 0; i < 4; i++) {
         const uint32_t c = (value >> (10 * i)) & ((1u << bits[i]) - 1);
         if (type == GL_INT_2_10_10_10_REV) {
            const int32_t s = (int32_t)(c << (32 - bits[i])) >> (32 - bits[i]);
            v[i] = normalized ? snorm(s, bits[i]) : s;
         } else {
            v[i] = normalized ? unorm(c, bits[i]) : c;
         }
      }
   } else if (type == GL_UNSIGNED_INT_10F_11F_11F_REV && n == 3) {
      /* Unsigned small floats of 11, 11 and 10 bits, 5-bit exponents. */
      const unsigned mbits[3] = {6, 6, 5}, shift[3] = {0, 11, 22};
      for (unsigned i = 0; i < 3; i++) {
         const uint32_t c = value >> shift[i];
         const uint32_t m = c & ((1u << mbits[i]) - 1), e = (c >> mbits[i]) & 31;
         v[i] = e == 0    ? ldexp((double)m, -14 - (int)mbits[i])
                : e == 31 ? (m ? NAN : INFINITY)
                          : ldexp(1.0 + (double)m / (double)(1u << mbits[i]), (int)e - 15);
      }
   } else {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(type 0x%x)", func, type);
      return;
   }
   set_float(ctx, func, index, n, v);
}

void GLAPIENTRY
zgl_VertexAttrib1d(GLuint index, GLdouble x)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)x};
   set_float(ctx, "glVertexAttrib1d", index, 1, v4);
}

void GLAPIENTRY
zgl_VertexAttrib1dv(GLuint index, const GLdouble *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0]};
   set_float(ctx, "glVertexAttrib1dv", index, 1, v4);
}

void GLAPIENTRY
zgl_VertexAttrib1f(GLuint index, GLfloat x)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)x};
   set_float(ctx, "glVertexAttrib1f", index, 1, v4);
}

void GLAPIENTRY
zgl_VertexAttrib1fv(GLuint index, const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0]};
   set_float(ctx, "glVertexAttrib1fv", index, 1, v4);
}

void GLAPIENTRY
zgl_VertexAttrib1s(GLuint index, GLshort x)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)x};
   set_float(ctx, "glVertexAttrib1s", index, 1, v4);
}

void GLAPIENTRY
zgl_VertexAttrib1sv(GLuint index, const GLshort *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0]};
   set_float(ctx, "glVertexAttrib1sv", index, 1, v4);
}

void GLAPIENTRY
zgl_VertexAttrib2d(GLuint index, GLdouble x, GLdouble y)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)x, (double)y};
   set_float(ctx, "glVertexAttrib2d", index, 2, v4);
}

void GLAPIENTRY
zgl_VertexAttrib2dv(GLuint index, const GLdouble *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1]};
   set_float(ctx, "glVertexAttrib2dv", index, 2, v4);
}

void GLAPIENTRY
zgl_VertexAttrib2f(GLuint index, GLfloat x, GLfloat y)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)x, (double)y};
   set_float(ctx, "glVertexAttrib2f", index, 2, v4);
}

void GLAPIENTRY
zgl_VertexAttrib2fv(GLuint index, const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1]};
   set_float(ctx, "glVertexAttrib2fv", index, 2, v4);
}

void GLAPIENTRY
zgl_VertexAttrib2s(GLuint index, GLshort x, GLshort y)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)x, (double)y};
   set_float(ctx, "glVertexAttrib2s", index, 2, v4);
}

void GLAPIENTRY
zgl_VertexAttrib2sv(GLuint index, const GLshort *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1]};
   set_float(ctx, "glVertexAttrib2sv", index, 2, v4);
}

void GLAPIENTRY
zgl_VertexAttrib3d(GLuint index, GLdouble x, GLdouble y, GLdouble z)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)x, (double)y, (double)z};
   set_float(ctx, "glVertexAttrib3d", index, 3, v4);
}

void GLAPIENTRY
zgl_VertexAttrib3dv(GLuint index, const GLdouble *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1], (double)v[2]};
   set_float(ctx, "glVertexAttrib3dv", index, 3, v4);
}

void GLAPIENTRY
zgl_VertexAttrib3f(GLuint index, GLfloat x, GLfloat y, GLfloat z)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)x, (double)y, (double)z};
   set_float(ctx, "glVertexAttrib3f", index, 3, v4);
}

void GLAPIENTRY
zgl_VertexAttrib3fv(GLuint index, const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1], (double)v[2]};
   set_float(ctx, "glVertexAttrib3fv", index, 3, v4);
}

void GLAPIENTRY
zgl_VertexAttrib3s(GLuint index, GLshort x, GLshort y, GLshort z)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)x, (double)y, (double)z};
   set_float(ctx, "glVertexAttrib3s", index, 3, v4);
}

void GLAPIENTRY
zgl_VertexAttrib3sv(GLuint index, const GLshort *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1], (double)v[2]};
   set_float(ctx, "glVertexAttrib3sv", index, 3, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4Nbv(GLuint index, const GLbyte *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {snorm((double)v[0], 8), snorm((double)v[1], 8), snorm((double)v[2], 8), snorm((double)v[3], 8)};
   set_float(ctx, "glVertexAttrib4Nbv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4Niv(GLuint index, const GLint *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {snorm((double)v[0], 32), snorm((double)v[1], 32), snorm((double)v[2], 32), snorm((double)v[3], 32)};
   set_float(ctx, "glVertexAttrib4Niv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4Nsv(GLuint index, const GLshort *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {snorm((double)v[0], 16), snorm((double)v[1], 16), snorm((double)v[2], 16), snorm((double)v[3], 16)};
   set_float(ctx, "glVertexAttrib4Nsv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4Nub(GLuint index, GLubyte x, GLubyte y, GLubyte z, GLubyte w)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {unorm((double)x, 8), unorm((double)y, 8), unorm((double)z, 8), unorm((double)w, 8)};
   set_float(ctx, "glVertexAttrib4Nub", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4Nubv(GLuint index, const GLubyte *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {unorm((double)v[0], 8), unorm((double)v[1], 8), unorm((double)v[2], 8), unorm((double)v[3], 8)};
   set_float(ctx, "glVertexAttrib4Nubv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4Nuiv(GLuint index, const GLuint *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {unorm((double)v[0], 32), unorm((double)v[1], 32), unorm((double)v[2], 32), unorm((double)v[3], 32)};
   set_float(ctx, "glVertexAttrib4Nuiv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4Nusv(GLuint index, const GLushort *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {unorm((double)v[0], 16), unorm((double)v[1], 16), unorm((double)v[2], 16), unorm((double)v[3], 16)};
   set_float(ctx, "glVertexAttrib4Nusv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4bv(GLuint index, const GLbyte *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1], (double)v[2], (double)v[3]};
   set_float(ctx, "glVertexAttrib4bv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4d(GLuint index, GLdouble x, GLdouble y, GLdouble z, GLdouble w)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)x, (double)y, (double)z, (double)w};
   set_float(ctx, "glVertexAttrib4d", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4dv(GLuint index, const GLdouble *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1], (double)v[2], (double)v[3]};
   set_float(ctx, "glVertexAttrib4dv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4f(GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)x, (double)y, (double)z, (double)w};
   set_float(ctx, "glVertexAttrib4f", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4fv(GLuint index, const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1], (double)v[2], (double)v[3]};
   set_float(ctx, "glVertexAttrib4fv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4iv(GLuint index, const GLint *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1], (double)v[2], (double)v[3]};
   set_float(ctx, "glVertexAttrib4iv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4s(GLuint index, GLshort x, GLshort y, GLshort z, GLshort w)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)x, (double)y, (double)z, (double)w};
   set_float(ctx, "glVertexAttrib4s", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4sv(GLuint index, const GLshort *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1], (double)v[2], (double)v[3]};
   set_float(ctx, "glVertexAttrib4sv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4ubv(GLuint index, const GLubyte *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1], (double)v[2], (double)v[3]};
   set_float(ctx, "glVertexAttrib4ubv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4uiv(GLuint index, const GLuint *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1], (double)v[2], (double)v[3]};
   set_float(ctx, "glVertexAttrib4uiv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttrib4usv(GLuint index, const GLushort *v)
{
   ZGL_CONTEXT(ctx);
   const double v4[4] = {(double)v[0], (double)v[1], (double)v[2], (double)v[3]};
   set_float(ctx, "glVertexAttrib4usv", index, 4, v4);
}

void GLAPIENTRY
zgl_VertexAttribI1i(GLuint index, GLint x)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)x};
   set_int(ctx, "glVertexAttribI1i", index, 1, v4, false);
}

void GLAPIENTRY
zgl_VertexAttribI1iv(GLuint index, const GLint *v)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)v[0]};
   set_int(ctx, "glVertexAttribI1iv", index, 1, v4, false);
}

void GLAPIENTRY
zgl_VertexAttribI1ui(GLuint index, GLuint x)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)x};
   set_int(ctx, "glVertexAttribI1ui", index, 1, v4, true);
}

void GLAPIENTRY
zgl_VertexAttribI1uiv(GLuint index, const GLuint *v)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)v[0]};
   set_int(ctx, "glVertexAttribI1uiv", index, 1, v4, true);
}

void GLAPIENTRY
zgl_VertexAttribI2i(GLuint index, GLint x, GLint y)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)x, (int64_t)y};
   set_int(ctx, "glVertexAttribI2i", index, 2, v4, false);
}

void GLAPIENTRY
zgl_VertexAttribI2iv(GLuint index, const GLint *v)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)v[0], (int64_t)v[1]};
   set_int(ctx, "glVertexAttribI2iv", index, 2, v4, false);
}

void GLAPIENTRY
zgl_VertexAttribI2ui(GLuint index, GLuint x, GLuint y)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)x, (int64_t)y};
   set_int(ctx, "glVertexAttribI2ui", index, 2, v4, true);
}

void GLAPIENTRY
zgl_VertexAttribI2uiv(GLuint index, const GLuint *v)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)v[0], (int64_t)v[1]};
   set_int(ctx, "glVertexAttribI2uiv", index, 2, v4, true);
}

void GLAPIENTRY
zgl_VertexAttribI3i(GLuint index, GLint x, GLint y, GLint z)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)x, (int64_t)y, (int64_t)z};
   set_int(ctx, "glVertexAttribI3i", index, 3, v4, false);
}

void GLAPIENTRY
zgl_VertexAttribI3iv(GLuint index, const GLint *v)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)v[0], (int64_t)v[1], (int64_t)v[2]};
   set_int(ctx, "glVertexAttribI3iv", index, 3, v4, false);
}

void GLAPIENTRY
zgl_VertexAttribI3ui(GLuint index, GLuint x, GLuint y, GLuint z)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)x, (int64_t)y, (int64_t)z};
   set_int(ctx, "glVertexAttribI3ui", index, 3, v4, true);
}

void GLAPIENTRY
zgl_VertexAttribI3uiv(GLuint index, const GLuint *v)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)v[0], (int64_t)v[1], (int64_t)v[2]};
   set_int(ctx, "glVertexAttribI3uiv", index, 3, v4, true);
}

void GLAPIENTRY
zgl_VertexAttribI4bv(GLuint index, const GLbyte *v)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)v[0], (int64_t)v[1], (int64_t)v[2], (int64_t)v[3]};
   set_int(ctx, "glVertexAttribI4bv", index, 4, v4, false);
}

void GLAPIENTRY
zgl_VertexAttribI4i(GLuint index, GLint x, GLint y, GLint z, GLint w)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)x, (int64_t)y, (int64_t)z, (int64_t)w};
   set_int(ctx, "glVertexAttribI4i", index, 4, v4, false);
}

void GLAPIENTRY
zgl_VertexAttribI4iv(GLuint index, const GLint *v)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)v[0], (int64_t)v[1], (int64_t)v[2], (int64_t)v[3]};
   set_int(ctx, "glVertexAttribI4iv", index, 4, v4, false);
}

void GLAPIENTRY
zgl_VertexAttribI4sv(GLuint index, const GLshort *v)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)v[0], (int64_t)v[1], (int64_t)v[2], (int64_t)v[3]};
   set_int(ctx, "glVertexAttribI4sv", index, 4, v4, false);
}

void GLAPIENTRY
zgl_VertexAttribI4ubv(GLuint index, const GLubyte *v)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)v[0], (int64_t)v[1], (int64_t)v[2], (int64_t)v[3]};
   set_int(ctx, "glVertexAttribI4ubv", index, 4, v4, true);
}

void GLAPIENTRY
zgl_VertexAttribI4ui(GLuint index, GLuint x, GLuint y, GLuint z, GLuint w)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)x, (int64_t)y, (int64_t)z, (int64_t)w};
   set_int(ctx, "glVertexAttribI4ui", index, 4, v4, true);
}

void GLAPIENTRY
zgl_VertexAttribI4uiv(GLuint index, const GLuint *v)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)v[0], (int64_t)v[1], (int64_t)v[2], (int64_t)v[3]};
   set_int(ctx, "glVertexAttribI4uiv", index, 4, v4, true);
}

void GLAPIENTRY
zgl_VertexAttribI4usv(GLuint index, const GLushort *v)
{
   ZGL_CONTEXT(ctx);
   const int64_t v4[4] = {(int64_t)v[0], (int64_t)v[1], (int64_t)v[2], (int64_t)v[3]};
   set_int(ctx, "glVertexAttribI4usv", index, 4, v4, true);
}

void GLAPIENTRY
zgl_VertexAttribP1ui(GLuint index, GLenum type, GLboolean normalized, GLuint value)
{
   ZGL_CONTEXT(ctx);
   set_packed(ctx, "glVertexAttribP1ui", index, 1, type, normalized, value);
}

void GLAPIENTRY
zgl_VertexAttribP1uiv(GLuint index, GLenum type, GLboolean normalized, const GLuint *value)
{
   ZGL_CONTEXT(ctx);
   set_packed(ctx, "glVertexAttribP1uiv", index, 1, type, normalized, value[0]);
}

void GLAPIENTRY
zgl_VertexAttribP2ui(GLuint index, GLenum type, GLboolean normalized, GLuint value)
{
   ZGL_CONTEXT(ctx);
   set_packed(ctx, "glVertexAttribP2ui", index, 2, type, normalized, value);
}

void GLAPIENTRY
zgl_VertexAttribP2uiv(GLuint index, GLenum type, GLboolean normalized, const GLuint *value)
{
   ZGL_CONTEXT(ctx);
   set_packed(ctx, "glVertexAttribP2uiv", index, 2, type, normalized, value[0]);
}

void GLAPIENTRY
zgl_VertexAttribP3ui(GLuint index, GLenum type, GLboolean normalized, GLuint value)
{
   ZGL_CONTEXT(ctx);
   set_packed(ctx, "glVertexAttribP3ui", index, 3, type, normalized, value);
}

void GLAPIENTRY
zgl_VertexAttribP3uiv(GLuint index, GLenum type, GLboolean normalized, const GLuint *value)
{
   ZGL_CONTEXT(ctx);
   set_packed(ctx, "glVertexAttribP3uiv", index, 3, type, normalized, value[0]);
}

void GLAPIENTRY
zgl_VertexAttribP4ui(GLuint index, GLenum type, GLboolean normalized, GLuint value)
{
   ZGL_CONTEXT(ctx);
   set_packed(ctx, "glVertexAttribP4ui", index, 4, type, normalized, value);
}

void GLAPIENTRY
zgl_VertexAttribP4uiv(GLuint index, GLenum type, GLboolean normalized, const GLuint *value)
{
   ZGL_CONTEXT(ctx);
   set_packed(ctx, "glVertexAttribP4uiv", index, 4, type, normalized, value[0]);
}
