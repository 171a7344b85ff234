/* SPDX-License-Identifier: MIT */
/*
 * Matrix stacks and the commands that change them (GL 4.6 compatibility,
 * 12.1.1): glMatrixMode, glLoad/MultMatrix, glLoad/MultTransposeMatrix,
 * glLoadIdentity, glRotate/Translate/Scale, glFrustum, glOrtho,
 * glPush/PopMatrix. Matrices are column-major: m[column * 4 + row].
 */
#include "zgl_matrix.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "zgl_get.h"
#include "zink/compiler/zk_gl_state.h"

enum { MODELVIEW, PROJECTION, TEXTURE0, STACKS = TEXTURE0 + ZGL_MAX_TEXTURE_COORDS };

static const GLfloat identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

void
zgl_matrix_state_init(struct zgl_context *ctx)
{
   ctx->matrix_mode = GL_MODELVIEW;
   ctx->matrix_gl_state_stale = true;
   if (!ctx->matrices)
      return;
   for (unsigned i = 0; i < STACKS; i++) {
      struct zgl_matrix_stack *st = &ctx->matrices[i];
      memcpy(st->m[0], identity, sizeof(identity));
      st->depth = 1;
      st->max_depth = i == MODELVIEW    ? ZGL_MAX_MODELVIEW_STACK_DEPTH
                      : i == PROJECTION ? ZGL_MAX_PROJECTION_STACK_DEPTH
                                        : ZGL_MAX_TEXTURE_STACK_DEPTH;
   }
}

/* The stack the matrix mode selects; NULL after INVALID_OPERATION when the
 * active texture unit has no texture matrix (12.1.1: "if the active
 * texture unit is greater than or equal to MAX_TEXTURE_COORDS"). */
static struct zgl_matrix_stack *
current_stack(struct zgl_context *ctx, const char *func)
{
   if (!zgl_compat_only(ctx, func))
      return NULL;
   /* Every caller is a matrix command about to change the stack. */
   ctx->matrix_gl_state_stale = true;
   switch (ctx->matrix_mode) {
   case GL_MODELVIEW:
      return &ctx->matrices[MODELVIEW];
   case GL_PROJECTION:
      return &ctx->matrices[PROJECTION];
   default:
      if (ctx->active_texture >= ZGL_MAX_TEXTURE_COORDS) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: texture unit %u has no texture matrix", func,
                   ctx->active_texture);
         return NULL;
      }
      return &ctx->matrices[TEXTURE0 + ctx->active_texture];
   }
}

static GLfloat *
top(struct zgl_matrix_stack *st)
{
   return st->m[st->depth - 1];
}

/* out = a * b (out may alias either). */
static void
multiply(GLfloat *out, const GLfloat *a, const GLfloat *b)
{
   GLfloat r[16];
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned row = 0; row < 4; row++) {
         GLfloat sum = 0;
         for (unsigned k = 0; k < 4; k++)
            sum += a[k * 4 + row] * b[c * 4 + k];
         r[c * 4 + row] = sum;
      }
   }
   memcpy(out, r, sizeof(r));
}

/* "the current matrix C is replaced by C M" (12.1.1). */
static void
mult(struct zgl_context *ctx, const char *func, const GLfloat *m)
{
   struct zgl_matrix_stack *st = current_stack(ctx, func);
   if (st)
      multiply(top(st), top(st), m);
}

static void
transpose(GLfloat *out, const GLfloat *m)
{
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned r = 0; r < 4; r++)
         out[r * 4 + c] = m[c * 4 + r];
   }
}

/* The inverse by cofactors; a singular matrix gives zeros (GLSL leaves its
 * inverse undefined). */
static void
invert(GLfloat *out, const GLfloat *m)
{
   double inv[16];
   inv[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] +
            m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10];
   inv[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] -
            m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10];
   inv[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] +
            m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9];
   inv[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] -
             m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9];
   inv[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] -
            m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10];
   inv[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] +
            m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10];
   inv[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] -
            m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9];
   inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] +
             m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9];
   inv[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] +
            m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3] * m[6];
   inv[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] -
            m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6];
   inv[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] +
             m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5];
   inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] -
             m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5];
   inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] -
            m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6];
   inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] +
            m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6];
   inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] -
             m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5];
   inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] +
             m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5];
   const double det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12];
   for (unsigned i = 0; i < 16; i++)
      out[i] = det != 0.0 ? (GLfloat)(inv[i] / det) : 0.0f;
}

void GLAPIENTRY
zgl_MatrixMode(GLenum mode)
{
   ZGL_CONTEXT(ctx);
   if (!zgl_compat_only(ctx, "glMatrixMode"))
      return;
   if (mode != GL_MODELVIEW && mode != GL_PROJECTION && mode != GL_TEXTURE) {
      zgl_error(ctx, GL_INVALID_ENUM, "glMatrixMode(0x%x)", mode);
      return;
   }
   ctx->matrix_mode = mode;
}

void GLAPIENTRY
zgl_LoadIdentity(void)
{
   ZGL_CONTEXT(ctx);
   struct zgl_matrix_stack *st = current_stack(ctx, "glLoadIdentity");
   if (st)
      memcpy(top(st), identity, sizeof(identity));
}

void GLAPIENTRY
zgl_LoadMatrixf(const GLfloat *m)
{
   ZGL_CONTEXT(ctx);
   struct zgl_matrix_stack *st = current_stack(ctx, "glLoadMatrixf");
   if (st)
      memcpy(top(st), m, sizeof(identity));
}

void GLAPIENTRY
zgl_LoadMatrixd(const GLdouble *m)
{
   ZGL_CONTEXT(ctx);
   struct zgl_matrix_stack *st = current_stack(ctx, "glLoadMatrixd");
   for (unsigned i = 0; st && i < 16; i++)
      top(st)[i] = (GLfloat)m[i];
}

void GLAPIENTRY
zgl_LoadTransposeMatrixf(const GLfloat *m)
{
   ZGL_CONTEXT(ctx);
   struct zgl_matrix_stack *st = current_stack(ctx, "glLoadTransposeMatrixf");
   if (st)
      transpose(top(st), m);
}

void GLAPIENTRY
zgl_MultMatrixf(const GLfloat *m)
{
   ZGL_CONTEXT(ctx);
   mult(ctx, "glMultMatrixf", m);
}

void GLAPIENTRY
zgl_MultMatrixd(const GLdouble *m)
{
   ZGL_CONTEXT(ctx);
   GLfloat f[16];
   for (unsigned i = 0; i < 16; i++)
      f[i] = (GLfloat)m[i];
   mult(ctx, "glMultMatrixd", f);
}

void GLAPIENTRY
zgl_MultTransposeMatrixf(const GLfloat *m)
{
   ZGL_CONTEXT(ctx);
   GLfloat t[16];
   transpose(t, m);
   mult(ctx, "glMultTransposeMatrixf", t);
}

/* Rotation by angle degrees about (x, y, z), normalized (12.1.1). */
static void
rotate(struct zgl_context *ctx, const char *func, double angle, double x, double y, double z)
{
   const double len = sqrt(x * x + y * y + z * z);
   if (len == 0.0) {
      /* A zero axis: no rotation (the spec leaves it; stay finite). */
      mult(ctx, func, identity);
      return;
   }
   x /= len, y /= len, z /= len;
   const double a = angle * M_PI / 180.0, c = cos(a), s = sin(a), t = 1.0 - c;
   const GLfloat m[16] = {
      (GLfloat)(x * x * t + c),     (GLfloat)(y * x * t + z * s), (GLfloat)(x * z * t - y * s), 0,
      (GLfloat)(x * y * t - z * s), (GLfloat)(y * y * t + c),     (GLfloat)(y * z * t + x * s), 0,
      (GLfloat)(x * z * t + y * s), (GLfloat)(y * z * t - x * s), (GLfloat)(z * z * t + c),     0,
      0,                            0,                            0,                            1,
   };
   mult(ctx, func, m);
}

void GLAPIENTRY
zgl_Rotatef(GLfloat angle, GLfloat x, GLfloat y, GLfloat z)
{
   ZGL_CONTEXT(ctx);
   rotate(ctx, "glRotatef", angle, x, y, z);
}

void GLAPIENTRY
zgl_Rotated(GLdouble angle, GLdouble x, GLdouble y, GLdouble z)
{
   ZGL_CONTEXT(ctx);
   rotate(ctx, "glRotated", angle, x, y, z);
}

static void
translate(struct zgl_context *ctx, const char *func, GLfloat x, GLfloat y, GLfloat z)
{
   const GLfloat m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1};
   mult(ctx, func, m);
}

void GLAPIENTRY
zgl_Translatef(GLfloat x, GLfloat y, GLfloat z)
{
   ZGL_CONTEXT(ctx);
   translate(ctx, "glTranslatef", x, y, z);
}

void GLAPIENTRY
zgl_Translated(GLdouble x, GLdouble y, GLdouble z)
{
   ZGL_CONTEXT(ctx);
   translate(ctx, "glTranslated", (GLfloat)x, (GLfloat)y, (GLfloat)z);
}

static void
scale(struct zgl_context *ctx, const char *func, GLfloat x, GLfloat y, GLfloat z)
{
   const GLfloat m[16] = {x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1};
   mult(ctx, func, m);
}

void GLAPIENTRY
zgl_Scalef(GLfloat x, GLfloat y, GLfloat z)
{
   ZGL_CONTEXT(ctx);
   scale(ctx, "glScalef", x, y, z);
}

void GLAPIENTRY
zgl_Scaled(GLdouble x, GLdouble y, GLdouble z)
{
   ZGL_CONTEXT(ctx);
   scale(ctx, "glScaled", (GLfloat)x, (GLfloat)y, (GLfloat)z);
}

void GLAPIENTRY
zgl_Frustum(GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n, GLdouble f)
{
   ZGL_CONTEXT(ctx);
   /* "INVALID_VALUE ... if n or f is not positive, or if l = r, b = t or
    * n = f" (12.1.1). */
   if (n <= 0 || f <= 0 || l == r || b == t || n == f) {
      zgl_error(ctx, GL_INVALID_VALUE, "glFrustum(%g, %g, %g, %g, %g, %g)", l, r, b, t, n, f);
      return;
   }
   const GLfloat m[16] = {
      (GLfloat)(2 * n / (r - l)), 0, 0, 0,
      0, (GLfloat)(2 * n / (t - b)), 0, 0,
      (GLfloat)((r + l) / (r - l)), (GLfloat)((t + b) / (t - b)), (GLfloat)(-(f + n) / (f - n)), -1,
      0, 0, (GLfloat)(-2 * f * n / (f - n)), 0,
   };
   mult(ctx, "glFrustum", m);
}

void GLAPIENTRY
zgl_Ortho(GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n, GLdouble f)
{
   ZGL_CONTEXT(ctx);
   /* "INVALID_VALUE ... if l = r, b = t, or n = f" (12.1.1). */
   if (l == r || b == t || n == f) {
      zgl_error(ctx, GL_INVALID_VALUE, "glOrtho(%g, %g, %g, %g, %g, %g)", l, r, b, t, n, f);
      return;
   }
   const GLfloat m[16] = {
      (GLfloat)(2 / (r - l)), 0, 0, 0,
      0, (GLfloat)(2 / (t - b)), 0, 0,
      0, 0, (GLfloat)(-2 / (f - n)), 0,
      (GLfloat)(-(r + l) / (r - l)), (GLfloat)(-(t + b) / (t - b)), (GLfloat)(-(f + n) / (f - n)), 1,
   };
   mult(ctx, "glOrtho", m);
}

void GLAPIENTRY
zgl_PushMatrix(void)
{
   ZGL_CONTEXT(ctx);
   struct zgl_matrix_stack *st = current_stack(ctx, "glPushMatrix");
   if (!st)
      return;
   if (st->depth == st->max_depth) {
      zgl_error(ctx, GL_STACK_OVERFLOW, "glPushMatrix: the stack holds %u", st->max_depth);
      return;
   }
   memcpy(st->m[st->depth], top(st), sizeof(identity));
   st->depth++;
}

void GLAPIENTRY
zgl_PopMatrix(void)
{
   ZGL_CONTEXT(ctx);
   struct zgl_matrix_stack *st = current_stack(ctx, "glPopMatrix");
   if (!st)
      return;
   if (st->depth == 1) {
      zgl_error(ctx, GL_STACK_UNDERFLOW, "glPopMatrix: one matrix left");
      return;
   }
   st->depth--;
}

static void
set_matrix(struct zgl_values *v, const GLfloat *m)
{
   v->kind = ZGL_VALUE_FLOAT;
   v->count = 16;
   for (unsigned i = 0; i < 16; i++)
      v->f[i] = m[i];
}

static void
set_one(struct zgl_values *v, int64_t value)
{
   v->kind = ZGL_VALUE_INT;
   v->count = 1;
   v->i[0] = value;
}

bool
zgl_matrix_get(struct zgl_context *ctx, GLenum pname, struct zgl_values *v)
{
   const unsigned tex = TEXTURE0 + MIN2(ctx->active_texture, ZGL_MAX_TEXTURE_COORDS - 1);
   struct zgl_matrix_stack *s = ctx->matrices;
   GLfloat t[16];
   switch (pname) {
   case GL_MATRIX_MODE: set_one(v, ctx->matrix_mode); return true;
   case GL_MODELVIEW_MATRIX: set_matrix(v, top(&s[MODELVIEW])); return true;
   case GL_PROJECTION_MATRIX: set_matrix(v, top(&s[PROJECTION])); return true;
   case GL_TEXTURE_MATRIX: set_matrix(v, top(&s[tex])); return true;
   case GL_TRANSPOSE_MODELVIEW_MATRIX:
      transpose(t, top(&s[MODELVIEW]));
      set_matrix(v, t);
      return true;
   case GL_TRANSPOSE_PROJECTION_MATRIX:
      transpose(t, top(&s[PROJECTION]));
      set_matrix(v, t);
      return true;
   case GL_MODELVIEW_STACK_DEPTH: set_one(v, s[MODELVIEW].depth); return true;
   case GL_PROJECTION_STACK_DEPTH: set_one(v, s[PROJECTION].depth); return true;
   case GL_TEXTURE_STACK_DEPTH: set_one(v, s[tex].depth); return true;
   case GL_MAX_MODELVIEW_STACK_DEPTH: set_one(v, ZGL_MAX_MODELVIEW_STACK_DEPTH); return true;
   case GL_MAX_PROJECTION_STACK_DEPTH: set_one(v, ZGL_MAX_PROJECTION_STACK_DEPTH); return true;
   case GL_MAX_TEXTURE_STACK_DEPTH: set_one(v, ZGL_MAX_TEXTURE_STACK_DEPTH); return true;
   case GL_MAX_TEXTURE_COORDS: set_one(v, ZGL_MAX_TEXTURE_COORDS); return true;
   case GL_CLIENT_ACTIVE_TEXTURE: set_one(v, GL_TEXTURE0 + ctx->client_active_texture); return true;
   case GL_SHADE_MODEL: set_one(v, ctx->shade_model); return true;
   default: return false;
   }
}

static void
put(float *block, enum zk_gl_state_field field, unsigned index, const GLfloat *m)
{
   const struct zk_gl_state_member *member = zk_gl_state_member(field);
   if (member)
      memcpy(block + member->field.offset_B / 4 + index * 16, m, 64);
}

/* A matrix and its Inverse, Transpose and InverseTranspose (GLSL 1.20,
 * 7.5). */
static void
put_variants(float *block, enum zk_gl_state_field plain, unsigned index, const GLfloat *m)
{
   GLfloat inv[16], t[16];
   invert(inv, m);
   put(block, plain, index, m);
   put(block, plain + 4, index, inv);
   transpose(t, m);
   put(block, plain + 8, index, t);
   transpose(t, inv);
   put(block, plain + 12, index, t);
}

static void
fill_gl_state(const struct zgl_context *ctx, float *block)
{
   struct zgl_matrix_stack *s = ctx->matrices;
   const GLfloat *mv = top(&s[MODELVIEW]), *p = top(&s[PROJECTION]);
   GLfloat mvp[16];
   multiply(mvp, p, mv);
   put_variants(block, ZK_GL_STATE_MODELVIEW, 0, mv);
   put_variants(block, ZK_GL_STATE_PROJECTION, 0, p);
   put_variants(block, ZK_GL_STATE_MVP, 0, mvp);
   for (unsigned i = 0; i < ZGL_MAX_TEXTURE_COORDS; i++)
      put_variants(block, ZK_GL_STATE_TEXTURE, i, top(&s[TEXTURE0 + i]));
   /* gl_NormalMatrix: the transpose of the inverse of the upper-left 3 x 3
    * of the model-view matrix (GLSL 1.20, 7.5), a mat3 with 16-byte
    * columns; the upper-left of the 4 x 4 inverse is that inverse when the
    * last row is (0, 0, 0, 1), the common case. */
   GLfloat inv[16];
   invert(inv, mv);
   const struct zk_gl_state_member *nm = zk_gl_state_member(ZK_GL_STATE_NORMAL_MATRIX);
   if (nm) {
      for (unsigned c = 0; c < 3; c++) {
         for (unsigned r = 0; r < 3; r++)
            block[nm->field.offset_B / 4 + c * 4 + r] = inv[r * 4 + c];
      }
   }
   /* gl_NormalScale (GL 4.6 compatibility, 12.2.3, RESCALE_NORMAL):
    * 1 / |the third row of the inverse's upper 3 x 3|. */
   const struct zk_gl_state_member *ns = zk_gl_state_member(ZK_GL_STATE_NORMAL_SCALE);
   const double len = sqrt((double)inv[2] * inv[2] + (double)inv[6] * inv[6] +
                           (double)inv[10] * inv[10]);
   if (ns)
      block[ns->field.offset_B / 4] = len != 0.0 ? (float)(1.0 / len) : 1.0f;
}

void
zgl_matrix_fill_gl_state(struct zgl_context *ctx, float *block, unsigned size_B)
{
   if (ctx->matrix_gl_state_size_B != size_B) {
      free(ctx->matrix_gl_state);
      ctx->matrix_gl_state = calloc(1, size_B);
      ctx->matrix_gl_state_size_B = ctx->matrix_gl_state ? size_B : 0;
      ctx->matrix_gl_state_stale = true;
   }
   if (!ctx->matrix_gl_state) { /* no memory for the cache: fill directly */
      fill_gl_state(ctx, block);
      return;
   }
   if (ctx->matrix_gl_state_stale) {
      memset(ctx->matrix_gl_state, 0, size_B);
      fill_gl_state(ctx, ctx->matrix_gl_state);
      ctx->matrix_gl_state_stale = false;
   }
   memcpy(block, ctx->matrix_gl_state, size_B);
}
