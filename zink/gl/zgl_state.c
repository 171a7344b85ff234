/* SPDX-License-Identifier: MIT */
/*
 * A new context's state: the "initial value" column of GL 4.6's state
 * tables (23.x). Only values other than zero are set; the context is
 * calloc'd.
 */
#include "zgl_context.h"

static void
init_stencil(struct zgl_stencil_face *s)
{
   s->func = GL_ALWAYS;
   s->value_mask = ~0u;
   s->write_mask = ~0u;
   s->fail = s->depth_fail = s->depth_pass = GL_KEEP;
}

void
zgl_state_init(struct zgl_context *ctx)
{
   for (unsigned i = 0; i < ZGL_MAX_VIEWPORTS; i++)
      ctx->viewport[i].far_val = 1.0;
   ctx->clear_depth = 1.0;
   ctx->depth_mask = true;
   ctx->depth_func = GL_LESS;
   init_stencil(&ctx->stencil[0]);
   init_stencil(&ctx->stencil[1]);
   for (unsigned i = 0; i < ZGL_MAX_DRAW_BUFFERS; i++) {
      ctx->blend[i] = (struct zgl_blend_buffer){GL_ONE, GL_ZERO, GL_ONE, GL_ZERO,
                                                GL_FUNC_ADD, GL_FUNC_ADD};
      ctx->color_mask[i] = 0xf;
   }
   ctx->logic_op = GL_COPY;
   ctx->dither = true;
   ctx->multisample = true;
   ctx->sample_coverage_value = 1.0f;
   ctx->sample_mask_value[0] = ~0u;
   ctx->min_sample_shading = 0.0f;
   ctx->cull_face_mode = GL_BACK;
   ctx->front_face = GL_CCW;
   ctx->polygon_mode = GL_FILL;
   ctx->provoking_vertex = GL_LAST_VERTEX_CONVENTION;
   ctx->line_width = 1.0f;
   ctx->point_size = 1.0f;
   ctx->point_fade_threshold_size = 1.0f;
   ctx->point_sprite_coord_origin = GL_UPPER_LEFT;
   ctx->clip_origin = GL_LOWER_LEFT;
   ctx->clip_depth_mode = GL_NEGATIVE_ONE_TO_ONE;
   ctx->patch_vertices = 3;
   ctx->line_smooth_hint = ctx->polygon_smooth_hint = ctx->texture_compression_hint =
      ctx->fragment_shader_derivative_hint = GL_DONT_CARE;
   ctx->pack.alignment = ctx->unpack.alignment = 4;
   for (unsigned i = 0; i < ZGL_MAX_VERTEX_ATTRIBS; i++)
      ctx->current_attrib[i][3] = 1.0f;
   /* Compatibility current values (GL 4.6 compatibility, table 23.8):
    * colour (1, 1, 1, 1), normal (0, 0, 1), the rest (0, 0, 0, 1). */
   for (unsigned i = 0; i < ARRAY_SIZE(ctx->ff_current); i++)
      ctx->ff_current[i][3] = 1.0f;
   for (unsigned c = 0; c < 3; c++)
      ctx->ff_current[2][c] = 1.0f;
   ctx->ff_current[1][2] = 1.0f;
   ctx->shade_model = GL_SMOOTH;
   ctx->draw_buffers[0] = GL_BACK; /* GL_FRONT for single-buffered: zgl_draw_buffer() */
   ctx->read_buffer = GL_BACK;
   ctx->clamp_read_color = GL_FIXED_ONLY;
}
