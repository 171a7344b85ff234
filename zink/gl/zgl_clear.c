/* SPDX-License-Identifier: MIT */
/*
 * Clear values and clears (GL 4.6, 17.4.3): glClear and glClearBuffer*.
 * The pixel ownership, scissor test and masks apply; zkv clears whole
 * texels, so attachments a colour mask or stencil write mask covers only
 * in part are cleared by drawing (zgl_meta.c).
 */
#include "zgl_draw_state.h"
#include "zgl_drawable.h"
#include "zgl_framebuffer.h"
#include "zgl_meta.h"
#include "zgl_program.h"

#include <stdlib.h>

void GLAPIENTRY
zgl_ClearColor(GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha)
{
   ZGL_CONTEXT(ctx);
   ctx->clear_color[0] = red;
   ctx->clear_color[1] = green;
   ctx->clear_color[2] = blue;
   ctx->clear_color[3] = alpha;
}

void GLAPIENTRY
zgl_ClearDepth(GLdouble depth)
{
   ZGL_CONTEXT(ctx);
   ctx->clear_depth = CLAMP(depth, 0.0, 1.0);
}

void GLAPIENTRY
zgl_ClearDepthf(GLfloat d)
{
   zgl_ClearDepth(d);
}

void GLAPIENTRY
zgl_ClearStencil(GLint s)
{
   ZGL_CONTEXT(ctx);
   ctx->clear_stencil = s;
}

/* The scissor rectangle a clear is limited to, or NULL. */
static const struct zkv_rect *
clear_rect(const struct zkv_draw_state *s)
{
   return s->scissor_test ? &s->scissors[0] : NULL;
}

struct clear {
   uint32_t color_mask; /* attachments */
   VkClearColorValue colors[ZKV_MAX_COLOR_ATTACHMENTS];
   uint32_t ds;
   float depth;
   uint32_t stencil;
};

/* The partial part of a clear as a draw: the meta program writes the
 * colour through the colour masks, stencil REPLACE through the write mask. */
static void
masked_clear(struct zgl_context *ctx, const char *func, struct zkv_draw_state *s,
             uint32_t color_mask, const float color[4], bool stencil, uint32_t stencil_value)
{
   struct zgl_linked *l = zgl_meta_clear_program(ctx);
   if (!l) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   zgl_meta_set_vec4(l, "color", color);
   struct zkv_draw_state *d = malloc(sizeof(*d));
   if (!d) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   struct zkv_draw_state init;
   zkv_draw_state_init(&init);
   *d = init;
   d->framebuffer = s->framebuffer;
   d->scissor_test = s->scissor_test;
   d->scissors[0] = s->scissors[0];
   d->program = l->zkv;
   d->topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   d->clip_negative_one_to_one = s->clip_negative_one_to_one;
   d->num_viewports = 1;
   d->viewports[0] = (struct zkv_viewport){0, 0, (float)s->framebuffer.width,
                                           (float)s->framebuffer.height, 0, 1};
   for (unsigned i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++) {
      d->blend[i].enable = false;
      d->blend[i].write_mask = (color_mask >> i) & 1 ? s->blend[i].write_mask : 0;
   }
   if (stencil) {
      d->stencil_test = true;
      d->stencil_front = (struct zkv_stencil_face){
         VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_REPLACE,
         VK_COMPARE_OP_ALWAYS, 0xff, ctx->stencil[0].write_mask & 0xff, stencil_value};
      d->stencil_back = d->stencil_front;
   }
   struct zkv_descriptor *u = &d->bindings.set[ZK_SET_UNIFORM_BUFFER][ZK_BINDING_UNIFORMS];
   VkDeviceSize offset;
   if (!zkv_upload_transient(ctx->zkv, l->uniform_data, l->info.uniforms_size_B, 256,
                             &u->buffer, &offset)) {
      free(d);
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   u->offset_B = offset;
   u->range_B = l->info.uniforms_size_B;
   const struct zkv_draw_info info = {.instance_count = 1};
   const struct zkv_draw_range range = {0, 3, 0};
   zkv_draw(ctx->zkv, d, &info, &range, 1);
   free(d);
}

static void
do_clear(struct zgl_context *ctx, const char *func, struct zkv_draw_state *s,
         const struct zgl_fb_info *info, struct clear *c)
{
   /* Channels masked off keep their values: attachments covered in part
    * are drawn (one colour: glClear's, or the one glClearBuffer names). */
   uint32_t partial = 0;
   for (unsigned i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++) {
      if (!(c->color_mask & (1u << i)))
         continue;
      const VkColorComponentFlags m = s->blend[i].write_mask;
      if (!s->framebuffer.color[i] || m == 0) {
         c->color_mask &= ~(1u << i);
      } else if (m != 0xf) {
         c->color_mask &= ~(1u << i);
         partial |= 1u << i;
      }
   }
   if (!s->framebuffer.depth_stencil)
      c->ds = 0;
   if (!ctx->depth_mask)
      c->ds &= ~ZKV_CLEAR_DEPTH;
   if (!info->depth)
      c->ds &= ~ZKV_CLEAR_DEPTH;
   if (!info->stencil)
      c->ds &= ~ZKV_CLEAR_STENCIL;
   bool partial_stencil = false;
   if (c->ds & ZKV_CLEAR_STENCIL) {
      const uint32_t m = ctx->stencil[0].write_mask & 0xff;
      if (m != 0xff) {
         c->ds &= ~ZKV_CLEAR_STENCIL;
         partial_stencil = m != 0;
      }
   }
   if (c->color_mask || c->ds)
      zkv_clear(ctx->zkv, s, c->color_mask, c->colors, c->ds, c->depth, c->stencil,
                clear_rect(s));
   if (partial || partial_stencil) {
      const unsigned first = partial ? (unsigned)__builtin_ctz(partial) : 0;
      masked_clear(ctx, func, s, partial, c->colors[first].float32, partial_stencil, c->stencil);
   }
}

void GLAPIENTRY
zgl_Clear(GLbitfield mask)
{
   ZGL_CONTEXT(ctx);
   if (mask & ~(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) {
      zgl_error(ctx, GL_INVALID_VALUE, "glClear(0x%x)", mask);
      return;
   }
   struct zkv_draw_state s;
   struct zgl_fb_info info;
   if (!zgl_fixed_state(ctx, "glClear", &s) ||
       !zgl_draw_framebuffer(ctx, "glClear", &s.framebuffer, &info))
      return;
   if (ctx->rasterizer_discard)
      return; /* "Clear ... discarded when RASTERIZER_DISCARD is enabled" (14.1) */
   struct clear c = {
      .color_mask = mask & GL_COLOR_BUFFER_BIT ? 1u : 0u,
      .ds = (mask & GL_DEPTH_BUFFER_BIT ? ZKV_CLEAR_DEPTH : 0) |
            (mask & GL_STENCIL_BUFFER_BIT ? ZKV_CLEAR_STENCIL : 0),
      .depth = (float)ctx->clear_depth,
      .stencil = (uint32_t)ctx->clear_stencil & 0xff,
   };
   for (unsigned i = 0; i < 4; i++)
      c.colors[0].float32[i] = ctx->clear_color[i];
   /* glClear's colour goes to every draw buffer (GL 4.6, 17.4.3). */
   if (mask & GL_COLOR_BUFFER_BIT) {
      c.color_mask = BITFIELD_MASK(ZKV_MAX_COLOR_ATTACHMENTS);
      for (unsigned i = 1; i < ZKV_MAX_COLOR_ATTACHMENTS; i++)
         c.colors[i] = c.colors[0];
   }
   do_clear(ctx, "glClear", &s, &info, &c);
}

/* glClearBuffer*: the attachment (GL_COLOR, drawbuffer) or depth/stencil. */
static void
clear_buffer(struct zgl_context *ctx, const char *func, GLenum buffer, GLint drawbuffer,
             const VkClearColorValue *color, uint32_t ds, float depth, GLint stencil)
{
   struct zkv_draw_state s;
   struct zgl_fb_info info;
   if (!zgl_fixed_state(ctx, func, &s) || !zgl_draw_framebuffer(ctx, func, &s.framebuffer, &info))
      return;
   if (ctx->rasterizer_discard)
      return;
   struct clear c = {.ds = ds, .depth = CLAMP(depth, 0.0f, 1.0f),
                     .stencil = (uint32_t)stencil & 0xff};
   if (buffer == GL_COLOR) {
      c.color_mask = 1u << drawbuffer;
      c.colors[drawbuffer] = *color;
   }
   do_clear(ctx, func, &s, &info, &c);
}

static bool
check_clear_buffer(struct zgl_context *ctx, const char *func, GLenum buffer, GLint drawbuffer,
                   bool color_ok, bool depth_ok, bool stencil_ok, bool ds_ok)
{
   const bool ok = (buffer == GL_COLOR && color_ok) || (buffer == GL_DEPTH && depth_ok) ||
                   (buffer == GL_STENCIL && stencil_ok) || (buffer == GL_DEPTH_STENCIL && ds_ok);
   if (!ok) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(buffer 0x%x)", func, buffer);
      return false;
   }
   /* "INVALID_VALUE ... if buffer is COLOR and drawbuffer is negative, or
    * greater than the value of MAX_DRAW_BUFFERS minus one; ... DEPTH,
    * STENCIL or DEPTH_STENCIL and drawbuffer is not zero" (GL 4.6, 17.4.3.1). */
   if (buffer == GL_COLOR ? drawbuffer < 0 || drawbuffer >= ZGL_MAX_DRAW_BUFFERS
                          : drawbuffer != 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(drawbuffer %d)", func, drawbuffer);
      return false;
   }
   return true;
}

void GLAPIENTRY
zgl_ClearBufferfv(GLenum buffer, GLint drawbuffer, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   if (!check_clear_buffer(ctx, "glClearBufferfv", buffer, drawbuffer, true, true, false,
                           false))
      return;
   VkClearColorValue color = {0};
   if (buffer == GL_COLOR) {
      for (unsigned i = 0; i < 4; i++)
         color.float32[i] = value[i];
      clear_buffer(ctx, "glClearBufferfv", buffer, drawbuffer, &color, 0, 0, 0);
   } else {
      clear_buffer(ctx, "glClearBufferfv", buffer, drawbuffer, &color, ZKV_CLEAR_DEPTH,
                   value[0], 0);
   }
}

void GLAPIENTRY
zgl_ClearBufferiv(GLenum buffer, GLint drawbuffer, const GLint *value)
{
   ZGL_CONTEXT(ctx);
   if (!check_clear_buffer(ctx, "glClearBufferiv", buffer, drawbuffer, true, false, true,
                           false))
      return;
   VkClearColorValue color = {0};
   if (buffer == GL_COLOR) {
      for (unsigned i = 0; i < 4; i++)
         color.int32[i] = value[i];
      clear_buffer(ctx, "glClearBufferiv", buffer, drawbuffer, &color, 0, 0, 0);
   } else {
      clear_buffer(ctx, "glClearBufferiv", buffer, drawbuffer, &color, ZKV_CLEAR_STENCIL, 0,
                   value[0]);
   }
}

void GLAPIENTRY
zgl_ClearBufferuiv(GLenum buffer, GLint drawbuffer, const GLuint *value)
{
   ZGL_CONTEXT(ctx);
   if (!check_clear_buffer(ctx, "glClearBufferuiv", buffer, drawbuffer, true, false, false,
                           false))
      return;
   VkClearColorValue color = {0};
   for (unsigned i = 0; i < 4; i++)
      color.uint32[i] = value[i];
   clear_buffer(ctx, "glClearBufferuiv", buffer, drawbuffer, &color, 0, 0, 0);
}

void GLAPIENTRY
zgl_ClearBufferfi(GLenum buffer, GLint drawbuffer, GLfloat depth, GLint stencil)
{
   ZGL_CONTEXT(ctx);
   if (!check_clear_buffer(ctx, "glClearBufferfi", buffer, drawbuffer, false, false, false,
                           true))
      return;
   clear_buffer(ctx, "glClearBufferfi", buffer, drawbuffer, NULL,
                ZKV_CLEAR_DEPTH | ZKV_CLEAR_STENCIL, depth, stencil);
}
