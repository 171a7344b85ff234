/* SPDX-License-Identifier: MIT */
/*
 * Rasterization state (GL 4.6, 14): faces, polygon mode and offset, line
 * width, point size and parameters, provoking vertex, primitive restart
 * index, hints (21.5).
 */
#include "zgl_context.h"

void GLAPIENTRY
zgl_CullFace(GLenum mode)
{
   ZGL_CONTEXT(ctx);
   if (mode != GL_FRONT && mode != GL_BACK && mode != GL_FRONT_AND_BACK) {
      zgl_error(ctx, GL_INVALID_ENUM, "glCullFace(0x%x)", mode);
      return;
   }
   ctx->cull_face_mode = mode;
}

void GLAPIENTRY
zgl_FrontFace(GLenum mode)
{
   ZGL_CONTEXT(ctx);
   if (mode != GL_CW && mode != GL_CCW) {
      zgl_error(ctx, GL_INVALID_ENUM, "glFrontFace(0x%x)", mode);
      return;
   }
   ctx->front_face = mode;
}

void GLAPIENTRY
zgl_PolygonMode(GLenum face, GLenum mode)
{
   ZGL_CONTEXT(ctx);
   /* Core profile: "face must be FRONT_AND_BACK" (GL 4.6, 14.6.4). */
   if (face != GL_FRONT_AND_BACK) {
      zgl_error(ctx, GL_INVALID_ENUM, "glPolygonMode(face 0x%x)", face);
      return;
   }
   if (mode != GL_POINT && mode != GL_LINE && mode != GL_FILL) {
      zgl_error(ctx, GL_INVALID_ENUM, "glPolygonMode(mode 0x%x)", mode);
      return;
   }
   ctx->polygon_mode = mode;
}

void GLAPIENTRY
zgl_PolygonOffset(GLfloat factor, GLfloat units)
{
   ZGL_CONTEXT(ctx);
   ctx->polygon_offset_factor = factor;
   ctx->polygon_offset_units = units;
   ctx->polygon_offset_clamp = 0.0f;
}

void GLAPIENTRY
zgl_LineWidth(GLfloat width)
{
   ZGL_CONTEXT(ctx);
   if (!(width > 0.0f)) {
      zgl_error(ctx, GL_INVALID_VALUE, "glLineWidth(%g)", width);
      return;
   }
   ctx->line_width = width;
}

void GLAPIENTRY
zgl_PointSize(GLfloat size)
{
   ZGL_CONTEXT(ctx);
   if (!(size > 0.0f)) {
      zgl_error(ctx, GL_INVALID_VALUE, "glPointSize(%g)", size);
      return;
   }
   ctx->point_size = size;
}

static void
point_parameter(struct zgl_context *ctx, const char *func, GLenum pname, GLfloat value)
{
   switch (pname) {
   case GL_POINT_FADE_THRESHOLD_SIZE:
      if (value < 0.0f) {
         zgl_error(ctx, GL_INVALID_VALUE, "%s(GL_POINT_FADE_THRESHOLD_SIZE, %g)", func, value);
         return;
      }
      ctx->point_fade_threshold_size = value;
      return;
   case GL_POINT_SPRITE_COORD_ORIGIN:
      if (value != (GLfloat)GL_LOWER_LEFT && value != (GLfloat)GL_UPPER_LEFT) {
         zgl_error(ctx, GL_INVALID_VALUE, "%s(GL_POINT_SPRITE_COORD_ORIGIN, %g)", func, value);
         return;
      }
      ctx->point_sprite_coord_origin = (GLenum)value;
      return;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x)", func, pname);
   }
}

void GLAPIENTRY
zgl_PointParameterf(GLenum pname, GLfloat param)
{
   ZGL_CONTEXT(ctx);
   point_parameter(ctx, "glPointParameterf", pname, param);
}

void GLAPIENTRY
zgl_PointParameterfv(GLenum pname, const GLfloat *params)
{
   ZGL_CONTEXT(ctx);
   point_parameter(ctx, "glPointParameterfv", pname, params[0]);
}

void GLAPIENTRY
zgl_PointParameteri(GLenum pname, GLint param)
{
   ZGL_CONTEXT(ctx);
   point_parameter(ctx, "glPointParameteri", pname, (GLfloat)param);
}

void GLAPIENTRY
zgl_PointParameteriv(GLenum pname, const GLint *params)
{
   ZGL_CONTEXT(ctx);
   point_parameter(ctx, "glPointParameteriv", pname, (GLfloat)params[0]);
}

void GLAPIENTRY
zgl_ProvokingVertex(GLenum mode)
{
   ZGL_CONTEXT(ctx);
   if (mode != GL_FIRST_VERTEX_CONVENTION && mode != GL_LAST_VERTEX_CONVENTION) {
      zgl_error(ctx, GL_INVALID_ENUM, "glProvokingVertex(0x%x)", mode);
      return;
   }
   ctx->provoking_vertex = mode;
}

void GLAPIENTRY
zgl_PrimitiveRestartIndex(GLuint index)
{
   ZGL_CONTEXT(ctx);
   ctx->primitive_restart_index = index;
}

void GLAPIENTRY
zgl_Hint(GLenum target, GLenum mode)
{
   ZGL_CONTEXT(ctx);
   if (mode != GL_FASTEST && mode != GL_NICEST && mode != GL_DONT_CARE) {
      zgl_error(ctx, GL_INVALID_ENUM, "glHint(mode 0x%x)", mode);
      return;
   }
   switch (target) {
   case GL_LINE_SMOOTH_HINT:
      ctx->line_smooth_hint = mode;
      return;
   case GL_POLYGON_SMOOTH_HINT:
      ctx->polygon_smooth_hint = mode;
      return;
   case GL_TEXTURE_COMPRESSION_HINT:
      ctx->texture_compression_hint = mode;
      return;
   case GL_FRAGMENT_SHADER_DERIVATIVE_HINT:
      ctx->fragment_shader_derivative_hint = mode;
      return;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "glHint(target 0x%x)", target);
   }
}
