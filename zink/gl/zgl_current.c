/* SPDX-License-Identifier: MIT */
/*
 * The current values of the compatibility profile (GL 4.6 compatibility,
 * 10.2.2): glColor*, glSecondaryColor*, glNormal*, glTexCoord*,
 * glMultiTexCoord*, glFogCoord*, what a compatibility input reads when its
 * fixed-function array is disabled. Integer colours are normalized (table
 * 10.1's conversions); other integers convert directly.
 */
#include "zgl_context.h"
#include "zgl_vertex_array.h"

static void
set(struct zgl_context *ctx, const char *func, unsigned k, GLfloat x, GLfloat y, GLfloat z,
    GLfloat w)
{
   if (!zgl_compat_only(ctx, func))
      return;
   ctx->ff_current[k][0] = x;
   ctx->ff_current[k][1] = y;
   ctx->ff_current[k][2] = z;
   ctx->ff_current[k][3] = w;
}

#define UB(v) ((GLfloat)(v) / 255.0f)

void GLAPIENTRY
zgl_Color3f(GLfloat r, GLfloat g, GLfloat b)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glColor3f", ZGL_FF_COLOR, r, g, b, 1.0f);
}

void GLAPIENTRY
zgl_Color4f(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glColor4f", ZGL_FF_COLOR, r, g, b, a);
}

void GLAPIENTRY
zgl_Color3fv(const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glColor3fv", ZGL_FF_COLOR, v[0], v[1], v[2], 1.0f);
}

void GLAPIENTRY
zgl_Color4fv(const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glColor4fv", ZGL_FF_COLOR, v[0], v[1], v[2], v[3]);
}

void GLAPIENTRY
zgl_Color3ub(GLubyte r, GLubyte g, GLubyte b)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glColor3ub", ZGL_FF_COLOR, UB(r), UB(g), UB(b), 1.0f);
}

void GLAPIENTRY
zgl_Color4ub(GLubyte r, GLubyte g, GLubyte b, GLubyte a)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glColor4ub", ZGL_FF_COLOR, UB(r), UB(g), UB(b), UB(a));
}

void GLAPIENTRY
zgl_Color4ubv(const GLubyte *v)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glColor4ubv", ZGL_FF_COLOR, UB(v[0]), UB(v[1]), UB(v[2]), UB(v[3]));
}

void GLAPIENTRY
zgl_SecondaryColor3f(GLfloat r, GLfloat g, GLfloat b)
{
   ZGL_CONTEXT(ctx);
   /* The secondary colour's alpha is 1 (10.2.2). */
   set(ctx, "glSecondaryColor3f", ZGL_FF_SECONDARY_COLOR, r, g, b, 1.0f);
}

void GLAPIENTRY
zgl_Normal3f(GLfloat x, GLfloat y, GLfloat z)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glNormal3f", ZGL_FF_NORMAL, x, y, z, 1.0f);
}

void GLAPIENTRY
zgl_Normal3fv(const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glNormal3fv", ZGL_FF_NORMAL, v[0], v[1], v[2], 1.0f);
}

void GLAPIENTRY
zgl_FogCoordf(GLfloat coord)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glFogCoordf", ZGL_FF_FOG_COORD, coord, 0.0f, 0.0f, 1.0f);
}

/* glTexCoord sets unit 0 (10.2.2: "TexCoord ... MultiTexCoord with
 * texture TEXTURE0"). */
void GLAPIENTRY
zgl_TexCoord1f(GLfloat s)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glTexCoord1f", ZGL_FF_TEXCOORD0, s, 0.0f, 0.0f, 1.0f);
}

void GLAPIENTRY
zgl_TexCoord2f(GLfloat s, GLfloat t)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glTexCoord2f", ZGL_FF_TEXCOORD0, s, t, 0.0f, 1.0f);
}

void GLAPIENTRY
zgl_TexCoord2fv(const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glTexCoord2fv", ZGL_FF_TEXCOORD0, v[0], v[1], 0.0f, 1.0f);
}

void GLAPIENTRY
zgl_TexCoord3f(GLfloat s, GLfloat t, GLfloat r)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glTexCoord3f", ZGL_FF_TEXCOORD0, s, t, r, 1.0f);
}

void GLAPIENTRY
zgl_TexCoord4f(GLfloat s, GLfloat t, GLfloat r, GLfloat q)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glTexCoord4f", ZGL_FF_TEXCOORD0, s, t, r, q);
}

void GLAPIENTRY
zgl_TexCoord4fv(const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glTexCoord4fv", ZGL_FF_TEXCOORD0, v[0], v[1], v[2], v[3]);
}

/* "INVALID_ENUM ... if texture is not TEXTUREi" for i below the number of
 * texture coordinate sets (10.2.2). */
static void
multi(struct zgl_context *ctx, const char *func, GLenum texture, GLfloat s, GLfloat t,
      GLfloat r, GLfloat q)
{
   if (!zgl_compat_only(ctx, func))
      return;
   if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + ZGL_MAX_TEXTURE_COORDS) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x)", func, texture);
      return;
   }
   set(ctx, func, ZGL_FF_TEXCOORD0 + (texture - GL_TEXTURE0), s, t, r, q);
}

void GLAPIENTRY
zgl_MultiTexCoord2f(GLenum texture, GLfloat s, GLfloat t)
{
   ZGL_CONTEXT(ctx);
   multi(ctx, "glMultiTexCoord2f", texture, s, t, 0.0f, 1.0f);
}

void GLAPIENTRY
zgl_MultiTexCoord4f(GLenum texture, GLfloat s, GLfloat t, GLfloat r, GLfloat q)
{
   ZGL_CONTEXT(ctx);
   multi(ctx, "glMultiTexCoord4f", texture, s, t, r, q);
}

void GLAPIENTRY
zgl_MultiTexCoord2fv(GLenum texture, const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   multi(ctx, "glMultiTexCoord2fv", texture, v[0], v[1], 0.0f, 1.0f);
}

void GLAPIENTRY
zgl_MultiTexCoord4fv(GLenum texture, const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   multi(ctx, "glMultiTexCoord4fv", texture, v[0], v[1], v[2], v[3]);
}
