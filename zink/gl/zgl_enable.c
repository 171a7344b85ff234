/* SPDX-License-Identifier: MIT */
/*
 * glEnable, glDisable, glIsEnabled and their indexed forms (GL 4.6, table
 * 23.x "capabilities").
 */
#include <stddef.h>

#include "zgl_context.h"
#include "zgl_vertex_array.h"

static const struct {
   GLenum cap;
   size_t offset; /* of a bool in struct zgl_context */
} flags[] = {
#define F(cap, field) {cap, offsetof(struct zgl_context, field)}
   F(GL_COLOR_LOGIC_OP, color_logic_op),
   F(GL_CULL_FACE, cull_face),
   F(GL_DEBUG_OUTPUT, debug.output),
   F(GL_DEBUG_OUTPUT_SYNCHRONOUS, debug.synchronous),
   F(GL_DEPTH_CLAMP, depth_clamp),
   F(GL_DEPTH_TEST, depth_test),
   F(GL_DITHER, dither),
   F(GL_FRAMEBUFFER_SRGB, framebuffer_srgb),
   F(GL_LINE_SMOOTH, line_smooth),
   F(GL_MULTISAMPLE, multisample),
   F(GL_POLYGON_OFFSET_FILL, polygon_offset_fill),
   F(GL_POLYGON_OFFSET_LINE, polygon_offset_line),
   F(GL_POLYGON_OFFSET_POINT, polygon_offset_point),
   F(GL_POLYGON_SMOOTH, polygon_smooth),
   F(GL_PRIMITIVE_RESTART, primitive_restart),
   F(GL_PRIMITIVE_RESTART_FIXED_INDEX, primitive_restart_fixed_index),
   F(GL_PROGRAM_POINT_SIZE, program_point_size),
   F(GL_RASTERIZER_DISCARD, rasterizer_discard),
   F(GL_SAMPLE_ALPHA_TO_COVERAGE, sample_alpha_to_coverage),
   F(GL_SAMPLE_ALPHA_TO_ONE, sample_alpha_to_one),
   F(GL_SAMPLE_COVERAGE, sample_coverage),
   F(GL_SAMPLE_MASK, sample_mask),
   F(GL_SAMPLE_SHADING, sample_shading),
   F(GL_STENCIL_TEST, stencil_test),
   F(GL_TEXTURE_CUBE_MAP_SEAMLESS, texture_cube_map_seamless),
#undef F
};

/* The bit mask and its size for the indexed capabilities. */
static uint32_t *
indexed_cap(struct zgl_context *ctx, GLenum cap, unsigned *count)
{
   switch (cap) {
   case GL_BLEND:
      *count = ZGL_MAX_DRAW_BUFFERS;
      return &ctx->blend_enabled;
   case GL_SCISSOR_TEST:
      *count = ZGL_MAX_VIEWPORTS;
      return &ctx->scissor_test;
   default:
      return NULL;
   }
}

static bool *
flag(struct zgl_context *ctx, GLenum cap)
{
   for (unsigned i = 0; i < ARRAY_SIZE(flags); i++) {
      if (flags[i].cap == cap)
         return (bool *)((char *)ctx + flags[i].offset);
   }
   return NULL;
}

/* Compatibility capabilities: GL_TEXTURE_2D of the active texture unit
 * (the fixed-function program's texturing). */
static uint32_t *
compat_cap(struct zgl_context *ctx, GLenum cap, uint32_t *bit)
{
   if (!ctx->compat || cap != GL_TEXTURE_2D || ctx->active_texture >= 32)
      return NULL;
   *bit = 1u << ctx->active_texture;
   return &ctx->texture_2d_units;
}

static void
set(struct zgl_context *ctx, const char *func, GLenum cap, bool value)
{
   uint32_t bit;
   uint32_t *bits = compat_cap(ctx, cap, &bit);
   if (bits) {
      *bits = value ? *bits | bit : *bits & ~bit;
      return;
   }
   if (cap >= GL_CLIP_DISTANCE0 && cap < GL_CLIP_DISTANCE0 + ZGL_MAX_CLIP_DISTANCES) {
      const uint32_t bit = 1u << (cap - GL_CLIP_DISTANCE0);
      ctx->clip_distance = value ? ctx->clip_distance | bit : ctx->clip_distance & ~bit;
      return;
   }
   unsigned count;
   uint32_t *mask = indexed_cap(ctx, cap, &count);
   if (mask) {
      *mask = value ? BITFIELD_MASK(count) : 0;
      return;
   }
   bool *f = flag(ctx, cap);
   if (!f) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x)", func, cap);
      return;
   }
   *f = value;
}

void GLAPIENTRY
zgl_Enable(GLenum cap)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glEnable", cap, true);
}

void GLAPIENTRY
zgl_Disable(GLenum cap)
{
   ZGL_CONTEXT(ctx);
   set(ctx, "glDisable", cap, false);
}

GLboolean GLAPIENTRY
zgl_IsEnabled(GLenum cap)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   if (cap >= GL_CLIP_DISTANCE0 && cap < GL_CLIP_DISTANCE0 + ZGL_MAX_CLIP_DISTANCES)
      return (ctx->clip_distance >> (cap - GL_CLIP_DISTANCE0)) & 1;
   uint32_t bit;
   const uint32_t *bits = compat_cap(ctx, cap, &bit);
   if (bits)
      return (*bits & bit) != 0;
   /* The client state of the fixed-function arrays (GL 4.6 compatibility,
    * 10.3.3: "IsEnabled ... VERTEX_ARRAY, ..."). */
   const int k = ctx->compat ? zgl_client_state_array(ctx, cap) : -1;
   if (k >= 0)
      return ctx->vertex_array->ff_attribs[k].enabled;
   unsigned count;
   uint32_t *mask = indexed_cap(ctx, cap, &count);
   if (mask)
      return *mask & 1; /* index 0 (GL 4.6, 22.1: "IsEnabled ... index zero") */
   bool *f = flag(ctx, cap);
   if (!f) {
      zgl_error(ctx, GL_INVALID_ENUM, "glIsEnabled(0x%x)", cap);
      return GL_FALSE;
   }
   return *f;
}

/* The indexed capability's mask, or NULL after raising the error. */
static uint32_t *
indexed(struct zgl_context *ctx, const char *func, GLenum cap, GLuint index)
{
   unsigned count;
   uint32_t *mask = indexed_cap(ctx, cap, &count);
   if (!mask) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x): not an indexed capability", func, cap);
      return NULL;
   }
   if (index >= count) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(0x%x, %u): index past %u", func, cap, index, count);
      return NULL;
   }
   return mask;
}

void GLAPIENTRY
zgl_Enablei(GLenum target, GLuint index)
{
   ZGL_CONTEXT(ctx);
   uint32_t *mask = indexed(ctx, "glEnablei", target, index);
   if (mask)
      *mask |= 1u << index;
}

void GLAPIENTRY
zgl_Disablei(GLenum target, GLuint index)
{
   ZGL_CONTEXT(ctx);
   uint32_t *mask = indexed(ctx, "glDisablei", target, index);
   if (mask)
      *mask &= ~(1u << index);
}

GLboolean GLAPIENTRY
zgl_IsEnabledi(GLenum target, GLuint index)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   uint32_t *mask = indexed(ctx, "glIsEnabledi", target, index);
   return mask ? (*mask >> index) & 1 : GL_FALSE;
}
