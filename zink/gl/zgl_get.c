/* SPDX-License-Identifier: MIT */
/*
 * The state query table: every pname glGet*v answers, what it reads, and
 * the conversions between the five query types (GL 4.6, 2.2.2).
 */
#include "zgl_get.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "zgl_buffer.h"
#include "zgl_drawable.h"
#include "zgl_program.h"
#include "zgl_framebuffer.h"
#include "zgl_screen.h"
#include "zgl_texture.h"
#include "zgl_matrix.h"
#include "zgl_vertex_array.h"
#include "zgl_version.h"

enum field_type {
   CONST,     /* value: an integer constant */
   F_INT,     /* GLint / GLuint / GLenum field(s) */
   F_BOOL,    /* bool field(s) */
   F_FLOAT,   /* GLfloat field(s) */
   F_DOUBLE,  /* GLdouble field(s) */
   F_COLOR,   /* GLfloat field(s), mapped when read as integers */
   F_DCOLOR,  /* GLdouble field(s), mapped when read as integers */
   FUNC,      /* fn fills the values */
};

struct get_entry {
   GLenum pname;
   enum field_type type;
   uint8_t count;
   size_t offset;
   int64_t value;
   void (*fn)(struct zgl_context *ctx, struct zgl_values *v);
};

#define C(p, v)          {p, CONST, 1, 0, v, NULL}
#define I(p, f)          {p, F_INT, 1, offsetof(struct zgl_context, f), 0, NULL}
#define B(p, f)          {p, F_BOOL, 1, offsetof(struct zgl_context, f), 0, NULL}
#define FL(p, f, n)      {p, F_FLOAT, n, offsetof(struct zgl_context, f), 0, NULL}
#define COL(p, f, n)     {p, F_COLOR, n, offsetof(struct zgl_context, f), 0, NULL}
#define DCOL(p, f, n)    {p, F_DCOLOR, n, offsetof(struct zgl_context, f), 0, NULL}
#define FN(p, f)         {p, FUNC, 0, 0, 0, f}

static void
set_ints(struct zgl_values *v, unsigned count, const int64_t *values)
{
   v->kind = ZGL_VALUE_INT;
   v->count = count;
   for (unsigned i = 0; i < count; i++)
      v->i[i] = values[i];
}

static void
set_int(struct zgl_values *v, int64_t value)
{
   set_ints(v, 1, &value);
}

static void
set_floats(struct zgl_values *v, enum zgl_value_kind kind, unsigned count, const double *values)
{
   v->kind = kind;
   v->count = count;
   for (unsigned i = 0; i < count; i++)
      v->f[i] = values[i];
}

/* ---- functions for state that is not one field ------------------------------ */

#define BUFFER_BINDING(fname, field)                                                     \
   static void fname(struct zgl_context *ctx, struct zgl_values *v)                      \
   {                                                                                     \
      set_int(v, zgl_buffer_name(ctx->field));                                           \
   }
BUFFER_BINDING(get_array_buffer, array_buffer)
BUFFER_BINDING(get_copy_read_buffer, copy_read_buffer)
BUFFER_BINDING(get_copy_write_buffer, copy_write_buffer)
BUFFER_BINDING(get_pixel_pack_buffer, pixel_pack_buffer)
BUFFER_BINDING(get_pixel_unpack_buffer, pixel_unpack_buffer)
BUFFER_BINDING(get_uniform_buffer, uniform_buffer)
BUFFER_BINDING(get_texture_buffer, texture_buffer)
BUFFER_BINDING(get_draw_indirect_buffer, draw_indirect_buffer)
BUFFER_BINDING(get_dispatch_indirect_buffer, dispatch_indirect_buffer)
BUFFER_BINDING(get_shader_storage_buffer, shader_storage_buffer)
BUFFER_BINDING(get_transform_feedback_buffer, transform_feedback_buffer)

static void
get_element_array_buffer(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->vertex_array ? zgl_buffer_name(ctx->vertex_array->element_buffer) : 0);
}

static void
get_vertex_array(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, zgl_vertex_array_name(ctx->vertex_array));
}

static void
get_current_program(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, zgl_program_name(ctx->program));
}

#define TEXTURE_BINDING(fname, index)                                                    \
   static void fname(struct zgl_context *ctx, struct zgl_values *v)                      \
   {                                                                                     \
      const struct zgl_texture *t = ctx->textures[ctx->active_texture][index];           \
      set_int(v, t ? t->name : 0);                                                       \
   }
TEXTURE_BINDING(get_texture_1d, ZGL_TEX_1D)
TEXTURE_BINDING(get_texture_2d, ZGL_TEX_2D)
TEXTURE_BINDING(get_texture_3d, ZGL_TEX_3D)
TEXTURE_BINDING(get_texture_1d_array, ZGL_TEX_1D_ARRAY)
TEXTURE_BINDING(get_texture_2d_array, ZGL_TEX_2D_ARRAY)
TEXTURE_BINDING(get_texture_rectangle, ZGL_TEX_RECTANGLE)
TEXTURE_BINDING(get_texture_cube_map, ZGL_TEX_CUBE_MAP)
TEXTURE_BINDING(get_texture_buffer_binding, ZGL_TEX_BUFFER)
TEXTURE_BINDING(get_texture_2d_multisample, ZGL_TEX_2D_MULTISAMPLE)
TEXTURE_BINDING(get_texture_2d_multisample_array, ZGL_TEX_2D_MULTISAMPLE_ARRAY)

static void
get_sampler_binding(struct zgl_context *ctx, struct zgl_values *v)
{
   const struct zgl_sampler *s = ctx->samplers[ctx->active_texture];
   set_int(v, s ? s->name : 0);
}

static void
get_num_extensions(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, zgl_num_extensions());
}

static void
get_max_compute_invocations(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->screen->caps->limits.maxComputeWorkGroupInvocations);
}

static void
get_max_compute_shared(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->screen->caps->limits.maxComputeSharedMemorySize);
}

static void
get_renderbuffer(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->renderbuffer ? ctx->renderbuffer->name : 0);
}

static void
get_active_texture(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, GL_TEXTURE0 + ctx->active_texture);
}

static void
get_viewport(struct zgl_context *ctx, struct zgl_values *v)
{
   const double f[4] = {ctx->viewport[0].x, ctx->viewport[0].y, ctx->viewport[0].width,
                        ctx->viewport[0].height};
   set_floats(v, ZGL_VALUE_FLOAT, 4, f);
}

static void
get_depth_range(struct zgl_context *ctx, struct zgl_values *v)
{
   const double f[2] = {ctx->viewport[0].near_val, ctx->viewport[0].far_val};
   set_floats(v, ZGL_VALUE_COLOR, 2, f);
}

static void
get_scissor_box(struct zgl_context *ctx, struct zgl_values *v)
{
   const int64_t i[4] = {ctx->scissor[0].x, ctx->scissor[0].y, ctx->scissor[0].width,
                         ctx->scissor[0].height};
   set_ints(v, 4, i);
}

static void
get_color_writemask(struct zgl_context *ctx, struct zgl_values *v)
{
   v->kind = ZGL_VALUE_BOOL;
   v->count = 4;
   for (unsigned c = 0; c < 4; c++)
      v->i[c] = (ctx->color_mask[0] >> c) & 1;
}

static void
get_blend(struct zgl_context *ctx, struct zgl_values *v)
{
   v->kind = ZGL_VALUE_BOOL;
   v->count = 1;
   v->i[0] = ctx->blend_enabled & 1;
}

static void
get_scissor_test(struct zgl_context *ctx, struct zgl_values *v)
{
   v->kind = ZGL_VALUE_BOOL;
   v->count = 1;
   v->i[0] = ctx->scissor_test & 1;
}

#define BLEND_FIELD(fname, field)                                                        \
   static void fname(struct zgl_context *ctx, struct zgl_values *v)                      \
   {                                                                                     \
      set_int(v, ctx->blend[0].field);                                                   \
   }
BLEND_FIELD(get_blend_src_rgb, src_rgb)
BLEND_FIELD(get_blend_dst_rgb, dst_rgb)
BLEND_FIELD(get_blend_src_alpha, src_alpha)
BLEND_FIELD(get_blend_dst_alpha, dst_alpha)
BLEND_FIELD(get_blend_equation_rgb, equation_rgb)
BLEND_FIELD(get_blend_equation_alpha, equation_alpha)

static void
get_major_version(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->version / 10);
}

static void
get_minor_version(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->version % 10);
}

static void
get_profile_mask(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->compat ? GL_CONTEXT_COMPATIBILITY_PROFILE_BIT : GL_CONTEXT_CORE_PROFILE_BIT);
}

static void
get_context_flags(struct zgl_context *ctx, struct zgl_values *v)
{
   int64_t flags = 0;
   if (ctx->attribs.forward_compatible)
      flags |= GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT;
   if (ctx->attribs.debug)
      flags |= GL_CONTEXT_FLAG_DEBUG_BIT;
   set_int(v, flags);
}

static void
get_doublebuffer(struct zgl_context *ctx, struct zgl_values *v)
{
   v->kind = ZGL_VALUE_BOOL;
   v->count = 1;
   v->i[0] = ctx->draw && ctx->draw_framebuffer == 0 && ctx->draw->config.double_buffered;
}

static void
get_max_texture_size(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->screen->caps->limits.maxImageDimension2D);
}

static void
get_max_3d_texture_size(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->screen->caps->limits.maxImageDimension3D);
}

static void
get_max_cube_map_texture_size(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->screen->caps->limits.maxImageDimensionCube);
}

static void
get_max_array_texture_layers(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->screen->caps->limits.maxImageArrayLayers);
}

static void
get_max_renderbuffer_size(struct zgl_context *ctx, struct zgl_values *v)
{
   const VkPhysicalDeviceLimits *l = &ctx->screen->caps->limits;
   set_int(v, MIN2(l->maxFramebufferWidth, l->maxFramebufferHeight));
}

static void
get_max_viewport_dims(struct zgl_context *ctx, struct zgl_values *v)
{
   const VkPhysicalDeviceLimits *l = &ctx->screen->caps->limits;
   const int64_t dims[2] = {l->maxViewportDimensions[0], l->maxViewportDimensions[1]};
   set_ints(v, 2, dims);
}

static void
get_max_texture_buffer_size(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->screen->caps->limits.maxTexelBufferElements);
}

static void
get_aliased_line_width_range(struct zgl_context *ctx, struct zgl_values *v)
{
   const VkPhysicalDeviceLimits *l = &ctx->screen->caps->limits;
   const double r[2] = {1.0, ctx->screen->caps->features.wideLines ? l->lineWidthRange[1] : 1.0};
   set_floats(v, ZGL_VALUE_FLOAT, 2, r);
}

static void
get_point_size_range(struct zgl_context *ctx, struct zgl_values *v)
{
   const VkPhysicalDeviceLimits *l = &ctx->screen->caps->limits;
   const double r[2] = {1.0,
                        ctx->screen->caps->features.largePoints ? l->pointSizeRange[1] : 1.0};
   set_floats(v, ZGL_VALUE_FLOAT, 2, r);
}

static void
get_debug_logged_messages(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->debug.log_count);
}

static void
get_debug_next_length(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, zgl_debug_next_message_length(ctx));
}

static void
get_debug_group_depth(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->debug.depth + 1);
}

static void
get_timestamp(struct zgl_context *ctx, struct zgl_values *v)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   set_int(v, (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec);
}

static void
get_draw_buffer(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->draw_fbo ? ctx->draw_fbo->draw_buffers[0] : ctx->draw_buffers[0]);
}

static void
get_read_buffer(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, ctx->read_fbo ? ctx->read_fbo->read_buffer : ctx->read_buffer);
}

static void
get_samples(struct zgl_context *ctx, struct zgl_values *v)
{
   set_int(v, 0);
}

static const struct get_entry table[] = {
   /* versions and strings (GL 4.6, table 23.x "implementation dependent") */
   FN(GL_MAJOR_VERSION, get_major_version),
   FN(GL_MINOR_VERSION, get_minor_version),
   FN(GL_NUM_EXTENSIONS, get_num_extensions),
   FN(GL_CONTEXT_FLAGS, get_context_flags),
   FN(GL_CONTEXT_PROFILE_MASK, get_profile_mask),
   C(GL_NUM_COMPRESSED_TEXTURE_FORMATS, 0),
   C(GL_NUM_SHADER_BINARY_FORMATS, 0),
   C(GL_NUM_PROGRAM_BINARY_FORMATS, 0),
   C(GL_IMPLEMENTATION_COLOR_READ_FORMAT, GL_RGBA),
   C(GL_IMPLEMENTATION_COLOR_READ_TYPE, GL_UNSIGNED_BYTE),
   C(GL_SUBPIXEL_BITS, 8),
   C(GL_STEREO, 0),
   FN(GL_DOUBLEBUFFER, get_doublebuffer),
   FN(GL_SAMPLES, get_samples),
   FN(GL_SAMPLE_BUFFERS, get_samples),
   FN(GL_TIMESTAMP, get_timestamp),

   /* limits */
   FN(GL_MAX_TEXTURE_SIZE, get_max_texture_size),
   FN(GL_MAX_3D_TEXTURE_SIZE, get_max_3d_texture_size),
   FN(GL_MAX_CUBE_MAP_TEXTURE_SIZE, get_max_cube_map_texture_size),
   FN(GL_MAX_RECTANGLE_TEXTURE_SIZE, get_max_texture_size),
   FN(GL_MAX_ARRAY_TEXTURE_LAYERS, get_max_array_texture_layers),
   FN(GL_MAX_RENDERBUFFER_SIZE, get_max_renderbuffer_size),
   FN(GL_MAX_VIEWPORT_DIMS, get_max_viewport_dims),
   FN(GL_MAX_TEXTURE_BUFFER_SIZE, get_max_texture_buffer_size),
   FN(GL_ALIASED_LINE_WIDTH_RANGE, get_aliased_line_width_range),
   FN(GL_SMOOTH_LINE_WIDTH_RANGE, get_aliased_line_width_range),
   FN(GL_POINT_SIZE_RANGE, get_point_size_range),
   C(GL_MAX_TEXTURE_LOD_BIAS, 16),
   C(GL_MAX_CLIP_DISTANCES, ZGL_MAX_CLIP_DISTANCES),
   C(GL_MAX_COLOR_ATTACHMENTS, ZGL_MAX_COLOR_ATTACHMENTS),
   C(GL_MAX_DRAW_BUFFERS, ZGL_MAX_DRAW_BUFFERS),
   C(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, 1),
   /* GL 3.3 core, table 6.47 (ARB_provoking_vertex): core has no quads. */
   C(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, GL_FALSE),
   C(GL_MAX_ELEMENTS_INDICES, 0x7fffffff),
   C(GL_MAX_ELEMENTS_VERTICES, 0x7fffffff),
   C(GL_MAX_ELEMENT_INDEX, ZGL_MAX_ELEMENT_INDEX),
   C(GL_MAX_VERTEX_ATTRIBS, ZGL_MAX_VERTEX_ATTRIBS),
   C(GL_MAX_VERTEX_ATTRIB_BINDINGS, ZGL_MAX_VERTEX_ATTRIB_BINDINGS),
   C(GL_MAX_VERTEX_ATTRIB_STRIDE, ZGL_MAX_VERTEX_ATTRIB_STRIDE),
   C(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, ZGL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET),
   C(GL_MAX_TEXTURE_IMAGE_UNITS, ZGL_MAX_TEXTURE_IMAGE_UNITS),
   C(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, ZGL_MAX_TEXTURE_IMAGE_UNITS),
   C(GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS, ZGL_MAX_TEXTURE_IMAGE_UNITS),
   C(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, ZGL_MAX_COMBINED_TEXTURE_IMAGE_UNITS),
   C(GL_MAX_VERTEX_UNIFORM_BLOCKS, ZGL_MAX_UNIFORM_BLOCKS),
   C(GL_MAX_GEOMETRY_UNIFORM_BLOCKS, ZGL_MAX_UNIFORM_BLOCKS),
   C(GL_MAX_FRAGMENT_UNIFORM_BLOCKS, ZGL_MAX_UNIFORM_BLOCKS),
   C(GL_MAX_COMBINED_UNIFORM_BLOCKS, ZGL_MAX_COMBINED_UNIFORM_BLOCKS),
   C(GL_MAX_UNIFORM_BUFFER_BINDINGS, ZGL_MAX_UNIFORM_BUFFER_BINDINGS),
   C(GL_MAX_UNIFORM_BLOCK_SIZE, ZGL_MAX_UNIFORM_BLOCK_SIZE_B),
   C(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, ZGL_UNIFORM_BUFFER_OFFSET_ALIGNMENT_B),
   C(GL_MAX_VERTEX_UNIFORM_COMPONENTS, ZGL_MAX_VERTEX_UNIFORM_COMPONENTS),
   C(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, ZGL_MAX_FRAGMENT_UNIFORM_COMPONENTS),
   C(GL_MAX_GEOMETRY_UNIFORM_COMPONENTS, ZGL_MAX_GEOMETRY_UNIFORM_COMPONENTS),
   C(GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS,
     ZGL_MAX_VERTEX_UNIFORM_COMPONENTS +
        ZGL_MAX_UNIFORM_BLOCKS * ZGL_MAX_UNIFORM_BLOCK_SIZE_B / 4),
   C(GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS,
     ZGL_MAX_FRAGMENT_UNIFORM_COMPONENTS +
        ZGL_MAX_UNIFORM_BLOCKS * ZGL_MAX_UNIFORM_BLOCK_SIZE_B / 4),
   C(GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS,
     ZGL_MAX_GEOMETRY_UNIFORM_COMPONENTS +
        ZGL_MAX_UNIFORM_BLOCKS * ZGL_MAX_UNIFORM_BLOCK_SIZE_B / 4),
   C(GL_MAX_VARYING_COMPONENTS, ZGL_MAX_VARYING_COMPONENTS),
   C(GL_MAX_VERTEX_OUTPUT_COMPONENTS, ZGL_MAX_VERTEX_OUTPUT_COMPONENTS),
   C(GL_MAX_GEOMETRY_INPUT_COMPONENTS, ZGL_MAX_VERTEX_OUTPUT_COMPONENTS),
   C(GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, 128),
   C(GL_MAX_GEOMETRY_OUTPUT_VERTICES, 256),
   C(GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, 1024),
   C(GL_MAX_FRAGMENT_INPUT_COMPONENTS, ZGL_MAX_FRAGMENT_INPUT_COMPONENTS),
   C(GL_MAX_PROGRAM_TEXEL_OFFSET, 7),
   C(GL_MIN_PROGRAM_TEXEL_OFFSET, -8),
   C(GL_MAX_SAMPLE_MASK_WORDS, ZGL_MAX_SAMPLE_MASK_WORDS),
   C(GL_MAX_SAMPLES, 4),
   C(GL_MAX_COLOR_TEXTURE_SAMPLES, 4),
   C(GL_MAX_DEPTH_TEXTURE_SAMPLES, 4),
   C(GL_MAX_INTEGER_SAMPLES, 4),
   C(GL_MAX_SERVER_WAIT_TIMEOUT, 0x7fffffffffffffffll),
   C(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, 64),
   C(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, 4),
   C(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS, 4),
   FN(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, get_max_compute_invocations),
   FN(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, get_max_compute_shared),
   C(GL_MAX_COMPUTE_UNIFORM_BLOCKS, ZGL_MAX_UNIFORM_BLOCKS),
   C(GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS, ZGL_MAX_TEXTURE_IMAGE_UNITS),
   C(GL_MAX_COMPUTE_UNIFORM_COMPONENTS, ZGL_MAX_VERTEX_UNIFORM_COMPONENTS),
   C(GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS,
     ZGL_MAX_VERTEX_UNIFORM_COMPONENTS + ZGL_MAX_UNIFORM_BLOCKS * ZGL_MAX_UNIFORM_BLOCK_SIZE_B / 4),
   C(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS, ZGL_MAX_SHADER_STORAGE_BUFFER_BINDINGS),
   C(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, ZGL_MAX_SHADER_STORAGE_BUFFER_BINDINGS),
   C(GL_MAX_DEBUG_MESSAGE_LENGTH, ZGL_MAX_DEBUG_MESSAGE_LENGTH),
   C(GL_MAX_DEBUG_LOGGED_MESSAGES, ZGL_MAX_DEBUG_LOGGED_MESSAGES),
   C(GL_MAX_DEBUG_GROUP_STACK_DEPTH, ZGL_MAX_DEBUG_GROUP_STACK_DEPTH),
   C(GL_MAX_LABEL_LENGTH, ZGL_MAX_LABEL_LENGTH),
   FN(GL_DEBUG_LOGGED_MESSAGES, get_debug_logged_messages),
   FN(GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH, get_debug_next_length),
   FN(GL_DEBUG_GROUP_STACK_DEPTH, get_debug_group_depth),

   /* bindings */
   FN(GL_ARRAY_BUFFER_BINDING, get_array_buffer),
   FN(GL_ELEMENT_ARRAY_BUFFER_BINDING, get_element_array_buffer),
   FN(GL_COPY_READ_BUFFER_BINDING, get_copy_read_buffer),
   FN(GL_COPY_WRITE_BUFFER_BINDING, get_copy_write_buffer),
   FN(GL_PIXEL_PACK_BUFFER_BINDING, get_pixel_pack_buffer),
   FN(GL_PIXEL_UNPACK_BUFFER_BINDING, get_pixel_unpack_buffer),
   FN(GL_UNIFORM_BUFFER_BINDING, get_uniform_buffer),
   FN(GL_TEXTURE_BUFFER_BINDING, get_texture_buffer),
   FN(GL_DRAW_INDIRECT_BUFFER_BINDING, get_draw_indirect_buffer),
   FN(GL_DISPATCH_INDIRECT_BUFFER_BINDING, get_dispatch_indirect_buffer),
   FN(GL_SHADER_STORAGE_BUFFER_BINDING, get_shader_storage_buffer),
   FN(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, get_transform_feedback_buffer),
   FN(GL_VERTEX_ARRAY_BINDING, get_vertex_array),
   FN(GL_CURRENT_PROGRAM, get_current_program),
   FN(GL_ACTIVE_TEXTURE, get_active_texture),
   FN(GL_TEXTURE_BINDING_1D, get_texture_1d),
   FN(GL_TEXTURE_BINDING_2D, get_texture_2d),
   FN(GL_TEXTURE_BINDING_3D, get_texture_3d),
   FN(GL_TEXTURE_BINDING_1D_ARRAY, get_texture_1d_array),
   FN(GL_TEXTURE_BINDING_2D_ARRAY, get_texture_2d_array),
   FN(GL_TEXTURE_BINDING_RECTANGLE, get_texture_rectangle),
   FN(GL_TEXTURE_BINDING_CUBE_MAP, get_texture_cube_map),
   FN(GL_SAMPLER_BINDING, get_sampler_binding),
   FN(GL_TEXTURE_BINDING_BUFFER, get_texture_buffer_binding),
   FN(GL_TEXTURE_BINDING_2D_MULTISAMPLE, get_texture_2d_multisample),
   FN(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY, get_texture_2d_multisample_array),
   I(GL_DRAW_FRAMEBUFFER_BINDING, draw_framebuffer),
   I(GL_READ_FRAMEBUFFER_BINDING, read_framebuffer),
   FN(GL_RENDERBUFFER_BINDING, get_renderbuffer),
   FN(GL_DRAW_BUFFER, get_draw_buffer),
   FN(GL_READ_BUFFER, get_read_buffer),

   /* viewport, clears, per-fragment state */
   FN(GL_VIEWPORT, get_viewport),
   FN(GL_DEPTH_RANGE, get_depth_range),
   FN(GL_SCISSOR_BOX, get_scissor_box),
   FN(GL_SCISSOR_TEST, get_scissor_test),
   COL(GL_COLOR_CLEAR_VALUE, clear_color, 4),
   DCOL(GL_DEPTH_CLEAR_VALUE, clear_depth, 1),
   I(GL_STENCIL_CLEAR_VALUE, clear_stencil),
   FN(GL_COLOR_WRITEMASK, get_color_writemask),
   B(GL_DEPTH_WRITEMASK, depth_mask),
   B(GL_DEPTH_TEST, depth_test),
   I(GL_DEPTH_FUNC, depth_func),
   B(GL_STENCIL_TEST, stencil_test),
   I(GL_STENCIL_FUNC, stencil[0].func),
   I(GL_STENCIL_REF, stencil[0].ref),
   I(GL_STENCIL_VALUE_MASK, stencil[0].value_mask),
   I(GL_STENCIL_WRITEMASK, stencil[0].write_mask),
   I(GL_STENCIL_FAIL, stencil[0].fail),
   I(GL_STENCIL_PASS_DEPTH_FAIL, stencil[0].depth_fail),
   I(GL_STENCIL_PASS_DEPTH_PASS, stencil[0].depth_pass),
   I(GL_STENCIL_BACK_FUNC, stencil[1].func),
   I(GL_STENCIL_BACK_REF, stencil[1].ref),
   I(GL_STENCIL_BACK_VALUE_MASK, stencil[1].value_mask),
   I(GL_STENCIL_BACK_WRITEMASK, stencil[1].write_mask),
   I(GL_STENCIL_BACK_FAIL, stencil[1].fail),
   I(GL_STENCIL_BACK_PASS_DEPTH_FAIL, stencil[1].depth_fail),
   I(GL_STENCIL_BACK_PASS_DEPTH_PASS, stencil[1].depth_pass),
   FN(GL_BLEND, get_blend),
   COL(GL_BLEND_COLOR, blend_color, 4),
   FN(GL_BLEND_SRC_RGB, get_blend_src_rgb),
   FN(GL_BLEND_DST_RGB, get_blend_dst_rgb),
   FN(GL_BLEND_SRC_ALPHA, get_blend_src_alpha),
   FN(GL_BLEND_DST_ALPHA, get_blend_dst_alpha),
   FN(GL_BLEND_EQUATION_RGB, get_blend_equation_rgb),
   FN(GL_BLEND_EQUATION_ALPHA, get_blend_equation_alpha),
   B(GL_COLOR_LOGIC_OP, color_logic_op),
   I(GL_LOGIC_OP_MODE, logic_op),
   B(GL_DITHER, dither),
   B(GL_FRAMEBUFFER_SRGB, framebuffer_srgb),
   B(GL_MULTISAMPLE, multisample),
   B(GL_SAMPLE_ALPHA_TO_COVERAGE, sample_alpha_to_coverage),
   B(GL_SAMPLE_ALPHA_TO_ONE, sample_alpha_to_one),
   B(GL_SAMPLE_COVERAGE, sample_coverage),
   FL(GL_SAMPLE_COVERAGE_VALUE, sample_coverage_value, 1),
   B(GL_SAMPLE_COVERAGE_INVERT, sample_coverage_invert),

   /* rasterization */
   B(GL_CULL_FACE, cull_face),
   I(GL_CULL_FACE_MODE, cull_face_mode),
   I(GL_FRONT_FACE, front_face),
   B(GL_DEPTH_CLAMP, depth_clamp),
   B(GL_RASTERIZER_DISCARD, rasterizer_discard),
   B(GL_PROGRAM_POINT_SIZE, program_point_size),
   B(GL_LINE_SMOOTH, line_smooth),
   B(GL_POLYGON_SMOOTH, polygon_smooth),
   FL(GL_LINE_WIDTH, line_width, 1),
   FL(GL_POINT_SIZE, point_size, 1),
   FL(GL_POINT_FADE_THRESHOLD_SIZE, point_fade_threshold_size, 1),
   I(GL_POINT_SPRITE_COORD_ORIGIN, point_sprite_coord_origin),
   B(GL_POLYGON_OFFSET_FILL, polygon_offset_fill),
   B(GL_POLYGON_OFFSET_LINE, polygon_offset_line),
   B(GL_POLYGON_OFFSET_POINT, polygon_offset_point),
   FL(GL_POLYGON_OFFSET_FACTOR, polygon_offset_factor, 1),
   FL(GL_POLYGON_OFFSET_UNITS, polygon_offset_units, 1),
   B(GL_PRIMITIVE_RESTART, primitive_restart),
   I(GL_PRIMITIVE_RESTART_INDEX, primitive_restart_index),
   I(GL_PROVOKING_VERTEX, provoking_vertex),
   B(GL_TEXTURE_CUBE_MAP_SEAMLESS, texture_cube_map_seamless),

   /* hints */
   I(GL_CLAMP_READ_COLOR, clamp_read_color),
   I(GL_LINE_SMOOTH_HINT, line_smooth_hint),
   I(GL_POLYGON_SMOOTH_HINT, polygon_smooth_hint),
   I(GL_TEXTURE_COMPRESSION_HINT, texture_compression_hint),
   I(GL_FRAGMENT_SHADER_DERIVATIVE_HINT, fragment_shader_derivative_hint),

   /* pixel storage (GL 4.6, table 23.x) */
   B(GL_PACK_SWAP_BYTES, pack.swap_bytes),
   B(GL_PACK_LSB_FIRST, pack.lsb_first),
   I(GL_PACK_ROW_LENGTH, pack.row_length),
   I(GL_PACK_IMAGE_HEIGHT, pack.image_height),
   I(GL_PACK_SKIP_ROWS, pack.skip_rows),
   I(GL_PACK_SKIP_PIXELS, pack.skip_pixels),
   I(GL_PACK_SKIP_IMAGES, pack.skip_images),
   I(GL_PACK_ALIGNMENT, pack.alignment),
   B(GL_UNPACK_SWAP_BYTES, unpack.swap_bytes),
   B(GL_UNPACK_LSB_FIRST, unpack.lsb_first),
   I(GL_UNPACK_ROW_LENGTH, unpack.row_length),
   I(GL_UNPACK_IMAGE_HEIGHT, unpack.image_height),
   I(GL_UNPACK_SKIP_ROWS, unpack.skip_rows),
   I(GL_UNPACK_SKIP_PIXELS, unpack.skip_pixels),
   I(GL_UNPACK_SKIP_IMAGES, unpack.skip_images),
   I(GL_UNPACK_ALIGNMENT, unpack.alignment),
   B(GL_DEBUG_OUTPUT, debug.output),
   B(GL_TRANSFORM_FEEDBACK_ACTIVE, xfb.active),
   B(GL_TRANSFORM_FEEDBACK_PAUSED, xfb.paused),
   B(GL_DEBUG_OUTPUT_SYNCHRONOUS, debug.synchronous),
};

/* Field storage: bools are C bool, GLboolean-typed pack state is GLboolean
 * (one byte too), ints 32-bit. */
static int64_t
read_int_field(const struct zgl_context *ctx, size_t offset)
{
   int32_t v;
   memcpy(&v, (const char *)ctx + offset, sizeof(v));
   return v;
}

static bool
indexed_values(struct zgl_context *ctx, const char *func, GLenum pname, unsigned index,
               struct zgl_values *v)
{
   unsigned limit;
   switch (pname) {
   case GL_UNIFORM_BUFFER_BINDING:
   case GL_UNIFORM_BUFFER_START:
   case GL_UNIFORM_BUFFER_SIZE:
      limit = ZGL_MAX_UNIFORM_BUFFER_BINDINGS;
      break;
   case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
   case GL_TRANSFORM_FEEDBACK_BUFFER_START:
   case GL_TRANSFORM_FEEDBACK_BUFFER_SIZE:
      limit = ARRAY_SIZE(ctx->xfb_buffers);
      break;
   case GL_BLEND_SRC_RGB:
   case GL_BLEND_DST_RGB:
   case GL_BLEND_SRC_ALPHA:
   case GL_BLEND_DST_ALPHA:
   case GL_BLEND_EQUATION_RGB:
   case GL_BLEND_EQUATION_ALPHA:
   case GL_COLOR_WRITEMASK:
   case GL_BLEND:
      limit = ZGL_MAX_DRAW_BUFFERS;
      break;
   case GL_VIEWPORT:
   case GL_SCISSOR_BOX:
   case GL_SCISSOR_TEST:
   case GL_DEPTH_RANGE:
      limit = ZGL_MAX_VIEWPORTS;
      break;
   case GL_SAMPLE_MASK_VALUE:
      limit = ZGL_MAX_SAMPLE_MASK_WORDS;
      break;
   case GL_MAX_COMPUTE_WORK_GROUP_COUNT:
   case GL_MAX_COMPUTE_WORK_GROUP_SIZE:
      limit = 3;
      break;
   case GL_SHADER_STORAGE_BUFFER_BINDING:
   case GL_SHADER_STORAGE_BUFFER_START:
   case GL_SHADER_STORAGE_BUFFER_SIZE:
      limit = ZGL_MAX_SHADER_STORAGE_BUFFER_BINDINGS;
      break;
   case GL_VERTEX_BINDING_BUFFER:
   case GL_VERTEX_BINDING_OFFSET:
   case GL_VERTEX_BINDING_STRIDE:
   case GL_VERTEX_BINDING_DIVISOR:
      limit = ZGL_MAX_VERTEX_ATTRIB_BINDINGS;
      /* VAO state: no VAO bound is INVALID_OPERATION (10.3.1). */
      if (!ctx->vertex_array && index < limit) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s(0x%x): no vertex array object bound", func,
                   pname);
         return false;
      }
      break;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x): not an indexed state", func, pname);
      return false;
   }
   if (index >= limit) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(0x%x, %u): index past %u", func, pname, index,
                limit);
      return false;
   }
   const struct zgl_blend_buffer *bl = &ctx->blend[index];
   switch (pname) {
   case GL_UNIFORM_BUFFER_BINDING:
      set_int(v, zgl_buffer_name(ctx->uniform_buffers[index].buffer));
      break;
   case GL_UNIFORM_BUFFER_START:
      set_int(v, ctx->uniform_buffers[index].offset);
      break;
   case GL_UNIFORM_BUFFER_SIZE:
      set_int(v, ctx->uniform_buffers[index].size);
      break;
   case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
      set_int(v, zgl_buffer_name(ctx->xfb_buffers[index].buffer));
      break;
   case GL_TRANSFORM_FEEDBACK_BUFFER_START:
      set_int(v, ctx->xfb_buffers[index].offset);
      break;
   case GL_TRANSFORM_FEEDBACK_BUFFER_SIZE:
      set_int(v, ctx->xfb_buffers[index].size);
      break;
   case GL_BLEND_SRC_RGB:
      set_int(v, bl->src_rgb);
      break;
   case GL_BLEND_DST_RGB:
      set_int(v, bl->dst_rgb);
      break;
   case GL_BLEND_SRC_ALPHA:
      set_int(v, bl->src_alpha);
      break;
   case GL_BLEND_DST_ALPHA:
      set_int(v, bl->dst_alpha);
      break;
   case GL_BLEND_EQUATION_RGB:
      set_int(v, bl->equation_rgb);
      break;
   case GL_BLEND_EQUATION_ALPHA:
      set_int(v, bl->equation_alpha);
      break;
   case GL_COLOR_WRITEMASK:
      v->kind = ZGL_VALUE_BOOL;
      v->count = 4;
      for (unsigned c = 0; c < 4; c++)
         v->i[c] = (ctx->color_mask[index] >> c) & 1;
      break;
   case GL_BLEND:
   case GL_SCISSOR_TEST:
      v->kind = ZGL_VALUE_BOOL;
      v->count = 1;
      v->i[0] = ((pname == GL_BLEND ? ctx->blend_enabled : ctx->scissor_test) >> index) & 1;
      break;
   case GL_VIEWPORT: {
      const double f[4] = {ctx->viewport[index].x, ctx->viewport[index].y,
                           ctx->viewport[index].width, ctx->viewport[index].height};
      set_floats(v, ZGL_VALUE_FLOAT, 4, f);
      break;
   }
   case GL_DEPTH_RANGE: {
      const double f[2] = {ctx->viewport[index].near_val, ctx->viewport[index].far_val};
      set_floats(v, ZGL_VALUE_COLOR, 2, f);
      break;
   }
   case GL_SCISSOR_BOX: {
      const int64_t i[4] = {ctx->scissor[index].x, ctx->scissor[index].y,
                            ctx->scissor[index].width, ctx->scissor[index].height};
      set_ints(v, 4, i);
      break;
   }
   case GL_SAMPLE_MASK_VALUE:
      set_int(v, ctx->sample_mask_value[index]);
      break;
   case GL_VERTEX_BINDING_BUFFER:
      set_int(v, zgl_buffer_name(ctx->vertex_array->bindings[index].buffer));
      break;
   case GL_MAX_COMPUTE_WORK_GROUP_COUNT:
      set_int(v, ctx->screen->caps->limits.maxComputeWorkGroupCount[index]);
      break;
   case GL_MAX_COMPUTE_WORK_GROUP_SIZE:
      set_int(v, ctx->screen->caps->limits.maxComputeWorkGroupSize[index]);
      break;
   case GL_SHADER_STORAGE_BUFFER_BINDING:
      set_int(v, zgl_buffer_name(ctx->shader_storage_buffers[index].buffer));
      break;
   case GL_SHADER_STORAGE_BUFFER_START:
      set_int(v, ctx->shader_storage_buffers[index].offset);
      break;
   case GL_SHADER_STORAGE_BUFFER_SIZE:
      set_int(v, ctx->shader_storage_buffers[index].size);
      break;
   case GL_VERTEX_BINDING_OFFSET:
      set_int(v, ctx->vertex_array->bindings[index].offset_B);
      break;
   case GL_VERTEX_BINDING_STRIDE:
      set_int(v, ctx->vertex_array->bindings[index].stride_B);
      break;
   case GL_VERTEX_BINDING_DIVISOR:
      set_int(v, ctx->vertex_array->bindings[index].divisor);
      break;
   }
   return true;
}

bool
zgl_get_values(struct zgl_context *ctx, const char *func, GLenum pname, int index,
               struct zgl_values *v)
{
   if (index >= 0)
      return indexed_values(ctx, func, pname, (unsigned)index, v);
   /* GL_DRAW_BUFFERi (GL 4.6, table 23.x): of the draw framebuffer. */
   if (pname >= GL_DRAW_BUFFER0 && pname < GL_DRAW_BUFFER0 + ZGL_MAX_DRAW_BUFFERS) {
      const unsigned i = pname - GL_DRAW_BUFFER0;
      set_int(v, ctx->draw_fbo ? ctx->draw_fbo->draw_buffers[i]
                               : i == 0 ? ctx->draw_buffers[0]
                                        : GL_NONE);
      return true;
   }
   /* The compatibility profile's matrix state (zgl_matrix.c). */
   if (ctx->compat && zgl_matrix_get(ctx, pname, v))
      return true;
   const struct get_entry *e = NULL;
   for (unsigned i = 0; i < ARRAY_SIZE(table); i++) {
      if (table[i].pname == pname) {
         e = &table[i];
         break;
      }
   }
   if (!e) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x)", func, pname);
      return false;
   }
   const char *base = (const char *)ctx + e->offset;
   v->count = e->count;
   switch (e->type) {
   case CONST:
      set_int(v, e->value);
      break;
   case F_INT:
      v->kind = ZGL_VALUE_INT;
      for (unsigned i = 0; i < e->count; i++)
         v->i[i] = read_int_field(ctx, e->offset + 4 * i);
      break;
   case F_BOOL:
      v->kind = ZGL_VALUE_BOOL;
      for (unsigned i = 0; i < e->count; i++)
         v->i[i] = ((const uint8_t *)base)[i] != 0;
      break;
   case F_FLOAT:
   case F_COLOR:
      v->kind = e->type == F_FLOAT ? ZGL_VALUE_FLOAT : ZGL_VALUE_COLOR;
      for (unsigned i = 0; i < e->count; i++)
         v->f[i] = ((const GLfloat *)base)[i];
      break;
   case F_DOUBLE:
   case F_DCOLOR:
      v->kind = e->type == F_DOUBLE ? ZGL_VALUE_FLOAT : ZGL_VALUE_COLOR;
      for (unsigned i = 0; i < e->count; i++)
         v->f[i] = ((const GLdouble *)base)[i];
      break;
   case FUNC:
      e->fn(ctx, v);
      break;
   }
   return true;
}

/* ---- conversions (GL 4.6, 2.2.2) ---------------------------------------------- */

static int64_t
to_int(const struct zgl_values *v, unsigned i, int bits)
{
   switch (v->kind) {
   case ZGL_VALUE_INT:
   case ZGL_VALUE_BOOL:
      return v->i[i];
   case ZGL_VALUE_FLOAT: {
      /* "rounded to the nearest integer" and clamped to the type's range */
      const double max = bits == 32 ? 2147483647.0 : 9.2233720368547748e18;
      return (int64_t)CLAMP(llround(v->f[i]), -max - 1, max);
   }
   case ZGL_VALUE_COLOR: {
      /* "mapping [-1, 1] to [-2^(b-1), 2^(b-1) - 1]": (2^b - 1) c - 1) / 2 */
      const double c = CLAMP(v->f[i], -1.0, 1.0);
      const double scale = bits == 32 ? 4294967295.0 : 18446744073709551615.0;
      const double r = floor(((scale * c) - 1.0) / 2.0 + 0.5);
      const double max = bits == 32 ? 2147483647.0 : 9.2233720368547748e18;
      return r >= max ? (int64_t)(bits == 32 ? 2147483647 : INT64_MAX) : (int64_t)r;
   }
   }
   return 0;
}

static double
to_double(const struct zgl_values *v, unsigned i)
{
   return v->kind == ZGL_VALUE_INT || v->kind == ZGL_VALUE_BOOL ? (double)v->i[i] : v->f[i];
}

static GLboolean
to_bool(const struct zgl_values *v, unsigned i)
{
   return v->kind == ZGL_VALUE_INT || v->kind == ZGL_VALUE_BOOL ? v->i[i] != 0 : v->f[i] != 0.0;
}

void GLAPIENTRY
zgl_GetBooleanv(GLenum pname, GLboolean *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_values v;
   if (!zgl_get_values(ctx, "glGetBooleanv", pname, -1, &v))
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = to_bool(&v, i);
}

void GLAPIENTRY
zgl_GetBooleani_v(GLenum target, GLuint index, GLboolean *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_values v;
   if (!zgl_get_values(ctx, "glGetBooleani_v", target, (int)MIN2(index, 0x7fffffffu), &v))
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = to_bool(&v, i);
}

void GLAPIENTRY
zgl_GetIntegerv(GLenum pname, GLint *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_values v;
   if (!zgl_get_values(ctx, "glGetIntegerv", pname, -1, &v))
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = (GLint)to_int(&v, i, 32);
}

void GLAPIENTRY
zgl_GetIntegeri_v(GLenum target, GLuint index, GLint *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_values v;
   if (!zgl_get_values(ctx, "glGetIntegeri_v", target, (int)MIN2(index, 0x7fffffffu), &v))
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = (GLint)to_int(&v, i, 32);
}

void GLAPIENTRY
zgl_GetInteger64v(GLenum pname, GLint64 *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_values v;
   if (!zgl_get_values(ctx, "glGetInteger64v", pname, -1, &v))
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = to_int(&v, i, 64);
}

void GLAPIENTRY
zgl_GetInteger64i_v(GLenum target, GLuint index, GLint64 *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_values v;
   if (!zgl_get_values(ctx, "glGetInteger64i_v", target, (int)MIN2(index, 0x7fffffffu), &v))
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = to_int(&v, i, 64);
}

void GLAPIENTRY
zgl_GetFloatv(GLenum pname, GLfloat *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_values v;
   if (!zgl_get_values(ctx, "glGetFloatv", pname, -1, &v))
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = (GLfloat)to_double(&v, i);
}

void GLAPIENTRY
zgl_GetFloati_v(GLenum target, GLuint index, GLfloat *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_values v;
   if (!zgl_get_values(ctx, "glGetFloati_v", target, (int)MIN2(index, 0x7fffffffu), &v))
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = (GLfloat)to_double(&v, i);
}

void GLAPIENTRY
zgl_GetDoublev(GLenum pname, GLdouble *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_values v;
   if (!zgl_get_values(ctx, "glGetDoublev", pname, -1, &v))
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = to_double(&v, i);
}

void GLAPIENTRY
zgl_GetDoublei_v(GLenum target, GLuint index, GLdouble *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_values v;
   if (!zgl_get_values(ctx, "glGetDoublei_v", target, (int)MIN2(index, 0x7fffffffu), &v))
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = to_double(&v, i);
}
