/* SPDX-License-Identifier: MIT */
/*
 * Per-fragment operations and framebuffer masks (GL 4.6, 17.3, 17.4.2):
 * depth, stencil, blending, logic op, colour/depth/stencil masks.
 */
#include "zgl_context.h"

static bool
is_compare_func(GLenum func)
{
   return func >= GL_NEVER && func <= GL_ALWAYS;
}

static bool
is_stencil_op(GLenum op)
{
   switch (op) {
   case GL_KEEP:
   case GL_ZERO:
   case GL_REPLACE:
   case GL_INCR:
   case GL_DECR:
   case GL_INVERT:
   case GL_INCR_WRAP:
   case GL_DECR_WRAP:
      return true;
   default:
      return false;
   }
}

static bool
is_blend_factor(GLenum f)
{
   switch (f) {
   case GL_ZERO:
   case GL_ONE:
   case GL_SRC_COLOR:
   case GL_ONE_MINUS_SRC_COLOR:
   case GL_DST_COLOR:
   case GL_ONE_MINUS_DST_COLOR:
   case GL_SRC_ALPHA:
   case GL_ONE_MINUS_SRC_ALPHA:
   case GL_DST_ALPHA:
   case GL_ONE_MINUS_DST_ALPHA:
   case GL_CONSTANT_COLOR:
   case GL_ONE_MINUS_CONSTANT_COLOR:
   case GL_CONSTANT_ALPHA:
   case GL_ONE_MINUS_CONSTANT_ALPHA:
   case GL_SRC_ALPHA_SATURATE:
   case GL_SRC1_COLOR:
   case GL_ONE_MINUS_SRC1_COLOR:
   case GL_SRC1_ALPHA:
   case GL_ONE_MINUS_SRC1_ALPHA:
      return true;
   default:
      return false;
   }
}

static bool
is_blend_equation(GLenum e)
{
   switch (e) {
   case GL_FUNC_ADD:
   case GL_FUNC_SUBTRACT:
   case GL_FUNC_REVERSE_SUBTRACT:
   case GL_MIN:
   case GL_MAX:
      return true;
   default:
      return false;
   }
}

/* The faces glStencil*Separate(face) names; 0 after GL_INVALID_ENUM. */
static unsigned
faces(struct zgl_context *ctx, const char *func, GLenum face)
{
   switch (face) {
   case GL_FRONT:
      return 1;
   case GL_BACK:
      return 2;
   case GL_FRONT_AND_BACK:
      return 3;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(face 0x%x)", func, face);
      return 0;
   }
}

void GLAPIENTRY
zgl_DepthFunc(GLenum func)
{
   ZGL_CONTEXT(ctx);
   if (!is_compare_func(func)) {
      zgl_error(ctx, GL_INVALID_ENUM, "glDepthFunc(0x%x)", func);
      return;
   }
   ctx->depth_func = func;
}

void GLAPIENTRY
zgl_DepthMask(GLboolean flag)
{
   ZGL_CONTEXT(ctx);
   ctx->depth_mask = flag != GL_FALSE;
}

static void
stencil_func(struct zgl_context *ctx, const char *name, unsigned mask, GLenum func, GLint ref,
             GLuint value_mask)
{
   if (!is_compare_func(func)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(func 0x%x)", name, func);
      return;
   }
   for (unsigned f = 0; f < 2; f++) {
      if (mask & (1u << f)) {
         ctx->stencil[f].func = func;
         ctx->stencil[f].ref = ref;
         ctx->stencil[f].value_mask = value_mask;
      }
   }
}

void GLAPIENTRY
zgl_StencilFunc(GLenum func, GLint ref, GLuint mask)
{
   ZGL_CONTEXT(ctx);
   stencil_func(ctx, "glStencilFunc", 3, func, ref, mask);
}

void GLAPIENTRY
zgl_StencilFuncSeparate(GLenum face, GLenum func, GLint ref, GLuint mask)
{
   ZGL_CONTEXT(ctx);
   const unsigned f = faces(ctx, "glStencilFuncSeparate", face);
   if (f)
      stencil_func(ctx, "glStencilFuncSeparate", f, func, ref, mask);
}

static void
stencil_op(struct zgl_context *ctx, const char *name, unsigned mask, GLenum sfail,
           GLenum dpfail, GLenum dppass)
{
   if (!is_stencil_op(sfail) || !is_stencil_op(dpfail) || !is_stencil_op(dppass)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x, 0x%x, 0x%x)", name, sfail, dpfail, dppass);
      return;
   }
   for (unsigned f = 0; f < 2; f++) {
      if (mask & (1u << f)) {
         ctx->stencil[f].fail = sfail;
         ctx->stencil[f].depth_fail = dpfail;
         ctx->stencil[f].depth_pass = dppass;
      }
   }
}

void GLAPIENTRY
zgl_StencilOp(GLenum fail, GLenum zfail, GLenum zpass)
{
   ZGL_CONTEXT(ctx);
   stencil_op(ctx, "glStencilOp", 3, fail, zfail, zpass);
}

void GLAPIENTRY
zgl_StencilOpSeparate(GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass)
{
   ZGL_CONTEXT(ctx);
   const unsigned f = faces(ctx, "glStencilOpSeparate", face);
   if (f)
      stencil_op(ctx, "glStencilOpSeparate", f, sfail, dpfail, dppass);
}

void GLAPIENTRY
zgl_StencilMask(GLuint mask)
{
   ZGL_CONTEXT(ctx);
   ctx->stencil[0].write_mask = ctx->stencil[1].write_mask = mask;
}

void GLAPIENTRY
zgl_StencilMaskSeparate(GLenum face, GLuint mask)
{
   ZGL_CONTEXT(ctx);
   const unsigned f = faces(ctx, "glStencilMaskSeparate", face);
   for (unsigned i = 0; i < 2; i++) {
      if (f & (1u << i))
         ctx->stencil[i].write_mask = mask;
   }
}

static void
blend_func(struct zgl_context *ctx, const char *name, unsigned first, unsigned count,
           GLenum src_rgb, GLenum dst_rgb, GLenum src_alpha, GLenum dst_alpha)
{
   if (!is_blend_factor(src_rgb) || !is_blend_factor(dst_rgb) || !is_blend_factor(src_alpha) ||
       !is_blend_factor(dst_alpha)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s: not a blend factor", name);
      return;
   }
   for (unsigned i = first; i < first + count; i++) {
      ctx->blend[i].src_rgb = src_rgb;
      ctx->blend[i].dst_rgb = dst_rgb;
      ctx->blend[i].src_alpha = src_alpha;
      ctx->blend[i].dst_alpha = dst_alpha;
   }
}

void GLAPIENTRY
zgl_BlendFunc(GLenum sfactor, GLenum dfactor)
{
   ZGL_CONTEXT(ctx);
   blend_func(ctx, "glBlendFunc", 0, ZGL_MAX_DRAW_BUFFERS, sfactor, dfactor, sfactor, dfactor);
}

void GLAPIENTRY
zgl_BlendFuncSeparate(GLenum sfactorRGB, GLenum dfactorRGB, GLenum sfactorAlpha,
                      GLenum dfactorAlpha)
{
   ZGL_CONTEXT(ctx);
   blend_func(ctx, "glBlendFuncSeparate", 0, ZGL_MAX_DRAW_BUFFERS, sfactorRGB, dfactorRGB,
              sfactorAlpha, dfactorAlpha);
}

static void
blend_equation(struct zgl_context *ctx, const char *name, unsigned first, unsigned count,
               GLenum rgb, GLenum alpha)
{
   if (!is_blend_equation(rgb) || !is_blend_equation(alpha)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x, 0x%x)", name, rgb, alpha);
      return;
   }
   for (unsigned i = first; i < first + count; i++) {
      ctx->blend[i].equation_rgb = rgb;
      ctx->blend[i].equation_alpha = alpha;
   }
}

void GLAPIENTRY
zgl_BlendEquation(GLenum mode)
{
   ZGL_CONTEXT(ctx);
   blend_equation(ctx, "glBlendEquation", 0, ZGL_MAX_DRAW_BUFFERS, mode, mode);
}

void GLAPIENTRY
zgl_BlendEquationSeparate(GLenum modeRGB, GLenum modeAlpha)
{
   ZGL_CONTEXT(ctx);
   blend_equation(ctx, "glBlendEquationSeparate", 0, ZGL_MAX_DRAW_BUFFERS, modeRGB, modeAlpha);
}

void GLAPIENTRY
zgl_BlendColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   ZGL_CONTEXT(ctx);
   ctx->blend_color[0] = red;
   ctx->blend_color[1] = green;
   ctx->blend_color[2] = blue;
   ctx->blend_color[3] = alpha;
}

void GLAPIENTRY
zgl_ColorMask(GLboolean red, GLboolean green, GLboolean blue, GLboolean alpha)
{
   ZGL_CONTEXT(ctx);
   const uint8_t mask = (red ? 1 : 0) | (green ? 2 : 0) | (blue ? 4 : 0) | (alpha ? 8 : 0);
   for (unsigned i = 0; i < ZGL_MAX_DRAW_BUFFERS; i++)
      ctx->color_mask[i] = mask;
}

void GLAPIENTRY
zgl_ColorMaski(GLuint index, GLboolean r, GLboolean g, GLboolean b, GLboolean a)
{
   ZGL_CONTEXT(ctx);
   if (index >= ZGL_MAX_DRAW_BUFFERS) {
      zgl_error(ctx, GL_INVALID_VALUE, "glColorMaski(%u): past GL_MAX_DRAW_BUFFERS", index);
      return;
   }
   ctx->color_mask[index] = (r ? 1 : 0) | (g ? 2 : 0) | (b ? 4 : 0) | (a ? 8 : 0);
}

void GLAPIENTRY
zgl_LogicOp(GLenum opcode)
{
   ZGL_CONTEXT(ctx);
   if (opcode < GL_CLEAR || opcode > GL_SET) {
      zgl_error(ctx, GL_INVALID_ENUM, "glLogicOp(0x%x)", opcode);
      return;
   }
   ctx->logic_op = opcode;
}

void GLAPIENTRY
zgl_SampleCoverage(GLfloat value, GLboolean invert)
{
   ZGL_CONTEXT(ctx);
   ctx->sample_coverage_value = CLAMP(value, 0.0f, 1.0f);
   ctx->sample_coverage_invert = invert != GL_FALSE;
}

void GLAPIENTRY
zgl_SampleMaski(GLuint maskNumber, GLbitfield mask)
{
   ZGL_CONTEXT(ctx);
   if (maskNumber >= ZGL_MAX_SAMPLE_MASK_WORDS) {
      zgl_error(ctx, GL_INVALID_VALUE, "glSampleMaski(%u): past GL_MAX_SAMPLE_MASK_WORDS",
                maskNumber);
      return;
   }
   ctx->sample_mask_value[maskNumber] = mask;
}
