/* SPDX-License-Identifier: MIT */
/*
 * GL state -> zkv_draw_state (GL 4.6 chapters 10-17 in Vulkan's terms).
 * Filled whole before every draw: zkv caches pipelines by the state's key.
 */
#include "zgl_draw_state.h"

#include <string.h>

#include "zgl_buffer.h"
#include "zgl_drawable.h"
#include "zgl_framebuffer.h"
#include "zgl_program.h"
#include "zgl_screen.h"
#include "zgl_texture.h"
#include "zgl_matrix.h"
#include "zgl_vertex_array.h"
#include "zink/compiler/zk_gl_state.h"

VkCompareOp
zgl_compare_op(GLenum func)
{
   /* GL_NEVER..GL_ALWAYS are in Vulkan's order. */
   return (VkCompareOp)(func - GL_NEVER);
}

static VkStencilOp
stencil_op(GLenum op)
{
   switch (op) {
   case GL_ZERO:
      return VK_STENCIL_OP_ZERO;
   case GL_REPLACE:
      return VK_STENCIL_OP_REPLACE;
   case GL_INCR:
      return VK_STENCIL_OP_INCREMENT_AND_CLAMP;
   case GL_DECR:
      return VK_STENCIL_OP_DECREMENT_AND_CLAMP;
   case GL_INVERT:
      return VK_STENCIL_OP_INVERT;
   case GL_INCR_WRAP:
      return VK_STENCIL_OP_INCREMENT_AND_WRAP;
   case GL_DECR_WRAP:
      return VK_STENCIL_OP_DECREMENT_AND_WRAP;
   default:
      return VK_STENCIL_OP_KEEP;
   }
}

static VkBlendFactor
blend_factor(GLenum f)
{
   switch (f) {
   case GL_ZERO:
      return VK_BLEND_FACTOR_ZERO;
   case GL_ONE:
      return VK_BLEND_FACTOR_ONE;
   case GL_SRC_COLOR:
      return VK_BLEND_FACTOR_SRC_COLOR;
   case GL_ONE_MINUS_SRC_COLOR:
      return VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR;
   case GL_DST_COLOR:
      return VK_BLEND_FACTOR_DST_COLOR;
   case GL_ONE_MINUS_DST_COLOR:
      return VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR;
   case GL_SRC_ALPHA:
      return VK_BLEND_FACTOR_SRC_ALPHA;
   case GL_ONE_MINUS_SRC_ALPHA:
      return VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
   case GL_DST_ALPHA:
      return VK_BLEND_FACTOR_DST_ALPHA;
   case GL_ONE_MINUS_DST_ALPHA:
      return VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA;
   case GL_CONSTANT_COLOR:
      return VK_BLEND_FACTOR_CONSTANT_COLOR;
   case GL_ONE_MINUS_CONSTANT_COLOR:
      return VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR;
   case GL_CONSTANT_ALPHA:
      return VK_BLEND_FACTOR_CONSTANT_ALPHA;
   case GL_ONE_MINUS_CONSTANT_ALPHA:
      return VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA;
   case GL_SRC_ALPHA_SATURATE:
      return VK_BLEND_FACTOR_SRC_ALPHA_SATURATE;
   case GL_SRC1_COLOR:
      return VK_BLEND_FACTOR_SRC1_COLOR;
   case GL_ONE_MINUS_SRC1_COLOR:
      return VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR;
   case GL_SRC1_ALPHA:
      return VK_BLEND_FACTOR_SRC1_ALPHA;
   default:
      return VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
   }
}

static VkBlendOp
blend_op(GLenum e)
{
   switch (e) {
   case GL_FUNC_SUBTRACT:
      return VK_BLEND_OP_SUBTRACT;
   case GL_FUNC_REVERSE_SUBTRACT:
      return VK_BLEND_OP_REVERSE_SUBTRACT;
   case GL_MIN:
      return VK_BLEND_OP_MIN;
   case GL_MAX:
      return VK_BLEND_OP_MAX;
   default:
      return VK_BLEND_OP_ADD;
   }
}

static void
fill_stencil(struct zkv_stencil_face *out, const struct zgl_stencil_face *in)
{
   out->fail_op = stencil_op(in->fail);
   out->depth_fail_op = stencil_op(in->depth_fail);
   out->pass_op = stencil_op(in->depth_pass);
   out->compare_op = zgl_compare_op(in->func);
   out->compare_mask = in->value_mask;
   out->write_mask = in->write_mask;
   /* "ref is clamped to the range [0, 2^s - 1]" (GL 4.6, 17.3.3): s is at
    * most 8 here. */
   out->reference = (uint32_t)CLAMP(in->ref, 0, 255);
}

bool
zgl_fixed_state(struct zgl_context *ctx, const char *func, struct zkv_draw_state *s)
{
   zkv_draw_state_init(s);
   if (!zgl_draw_framebuffer(ctx, func, &s->framebuffer, NULL))
      return false;
   const struct zkv_caps *caps = ctx->screen->caps;

   s->rasterizer_discard = ctx->rasterizer_discard;
   s->polygon_mode = ctx->polygon_mode == GL_POINT  ? VK_POLYGON_MODE_POINT
                     : ctx->polygon_mode == GL_LINE ? VK_POLYGON_MODE_LINE
                                                    : VK_POLYGON_MODE_FILL;
   s->cull_mode = !ctx->cull_face                    ? VK_CULL_MODE_NONE
                  : ctx->cull_face_mode == GL_FRONT ? VK_CULL_MODE_FRONT_BIT
                  : ctx->cull_face_mode == GL_BACK  ? VK_CULL_MODE_BACK_BIT
                                                    : VK_CULL_MODE_FRONT_AND_BACK;
   s->front_face = ctx->front_face == GL_CCW ? VK_FRONT_FACE_COUNTER_CLOCKWISE
                                             : VK_FRONT_FACE_CLOCKWISE;
   s->depth_clamp = ctx->depth_clamp;
   const bool offset = ctx->polygon_mode == GL_POINT  ? ctx->polygon_offset_point
                       : ctx->polygon_mode == GL_LINE ? ctx->polygon_offset_line
                                                      : ctx->polygon_offset_fill;
   s->depth_bias_enable = offset;
   s->depth_bias_constant = ctx->polygon_offset_units;
   s->depth_bias_slope = ctx->polygon_offset_factor;
   s->depth_bias_clamp = ctx->polygon_offset_clamp;
   s->line_width = caps->features.wideLines ? ctx->line_width : 1.0f;
   s->line_smooth = ctx->line_smooth;
   s->provoking_vertex_last =
      ctx->provoking_vertex == GL_LAST_VERTEX_CONVENTION && caps->provoking_vertex_last;
   s->clip_negative_one_to_one = caps->depth_clip_control;
   s->alpha_to_coverage = ctx->multisample && ctx->sample_alpha_to_coverage;
   s->alpha_to_one = ctx->multisample && ctx->sample_alpha_to_one;

   /* The depth test and writes need a depth buffer: "if there is no depth
    * buffer, it is as if the depth test always passes" (GL 4.6, 17.3.5). */
   const bool has_ds = s->framebuffer.depth_stencil != NULL;
   s->depth_test = ctx->depth_test && has_ds;
   s->depth_write = s->depth_test && ctx->depth_mask;
   s->depth_compare = zgl_compare_op(ctx->depth_func);
   s->stencil_test = ctx->stencil_test && has_ds;
   fill_stencil(&s->stencil_front, &ctx->stencil[0]);
   fill_stencil(&s->stencil_back, &ctx->stencil[1]);

   for (unsigned i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++) {
      const struct zgl_blend_buffer *b = &ctx->blend[i];
      s->blend[i] = (struct zkv_blend_attachment){
         .enable = (ctx->blend_enabled >> i) & 1,
         .src_color = blend_factor(b->src_rgb),
         .dst_color = blend_factor(b->dst_rgb),
         .src_alpha = blend_factor(b->src_alpha),
         .dst_alpha = blend_factor(b->dst_alpha),
         .color_op = blend_op(b->equation_rgb),
         .alpha_op = blend_op(b->equation_alpha),
         .write_mask = ctx->color_mask[i],
      };
   }
   memcpy(s->blend_constants, ctx->blend_color, sizeof(s->blend_constants));
   s->logic_op_enable = ctx->color_logic_op;
   s->logic_op = (VkLogicOp)(ctx->logic_op - GL_CLEAR); /* same order as GL's */

   s->num_viewports = 1;
   s->viewports[0] = (struct zkv_viewport){
      ctx->viewport[0].x, ctx->viewport[0].y, ctx->viewport[0].width, ctx->viewport[0].height,
      (float)ctx->viewport[0].near_val, (float)ctx->viewport[0].far_val};
   s->scissor_test = ctx->scissor_test & 1;
   s->scissors[0] = (struct zkv_rect){ctx->scissor[0].x, ctx->scissor[0].y,
                                      (uint32_t)ctx->scissor[0].width,
                                      (uint32_t)ctx->scissor[0].height};
   return true;
}

/* ---- vertex inputs ----------------------------------------------------------- */

static VkFormat
pick(unsigned size, const VkFormat formats[4])
{
   return size >= 1 && size <= 4 ? formats[size - 1] : VK_FORMAT_UNDEFINED;
}

#define FMT4(a, b, c, d) ((const VkFormat[4]){a, b, c, d})
#define SIZED(p, s)                                                                      \
   FMT4(VK_FORMAT_R##p##_##s, VK_FORMAT_R##p##G##p##_##s, VK_FORMAT_R##p##G##p##B##p##_##s, \
        VK_FORMAT_R##p##G##p##B##p##A##p##_##s)

/* The VkFormat that reads a GL vertex attribute as GL converts it (GL 4.6,
 * 10.3.1 and 10.2.1); UNDEFINED where Vulkan has none (32-bit integers
 * converted to float). */
static VkFormat
attrib_format(const struct zgl_vertex_attrib *a)
{
   const unsigned n = a->size == GL_BGRA ? 4 : (unsigned)a->size;
   if (a->size == GL_BGRA && a->type == GL_UNSIGNED_BYTE)
      return VK_FORMAT_B8G8R8A8_UNORM;
   switch (a->type) {
   case GL_FLOAT:
      return pick(n, SIZED(32, SFLOAT));
   case GL_HALF_FLOAT:
      return pick(n, SIZED(16, SFLOAT));
   case GL_DOUBLE:
      /* Only 64-bit inputs may read 64-bit formats (Vulkan 1.3, 22.3):
       * doubles converted to float have no VkFormat. */
      return a->is_double ? pick(n, SIZED(64, SFLOAT)) : VK_FORMAT_UNDEFINED;
   case GL_BYTE:
      return pick(n, a->integer ? SIZED(8, SINT) : a->normalized ? SIZED(8, SNORM)
                                                                 : SIZED(8, SSCALED));
   case GL_UNSIGNED_BYTE:
      return pick(n, a->integer ? SIZED(8, UINT) : a->normalized ? SIZED(8, UNORM)
                                                                 : SIZED(8, USCALED));
   case GL_SHORT:
      return pick(n, a->integer ? SIZED(16, SINT) : a->normalized ? SIZED(16, SNORM)
                                                                  : SIZED(16, SSCALED));
   case GL_UNSIGNED_SHORT:
      return pick(n, a->integer ? SIZED(16, UINT) : a->normalized ? SIZED(16, UNORM)
                                                                  : SIZED(16, USCALED));
   case GL_INT:
      return a->integer ? pick(n, SIZED(32, SINT)) : VK_FORMAT_UNDEFINED;
   case GL_UNSIGNED_INT:
      return a->integer ? pick(n, SIZED(32, UINT)) : VK_FORMAT_UNDEFINED;
   case GL_INT_2_10_10_10_REV:
      return a->size == GL_BGRA ? (a->normalized ? VK_FORMAT_A2R10G10B10_SNORM_PACK32
                                                 : VK_FORMAT_A2R10G10B10_SSCALED_PACK32)
                                : (a->normalized ? VK_FORMAT_A2B10G10R10_SNORM_PACK32
                                                 : VK_FORMAT_A2B10G10R10_SSCALED_PACK32);
   case GL_UNSIGNED_INT_2_10_10_10_REV:
      return a->size == GL_BGRA ? (a->normalized ? VK_FORMAT_A2R10G10B10_UNORM_PACK32
                                                 : VK_FORMAT_A2R10G10B10_USCALED_PACK32)
                                : (a->normalized ? VK_FORMAT_A2B10G10R10_UNORM_PACK32
                                                 : VK_FORMAT_A2B10G10R10_USCALED_PACK32);
   case GL_UNSIGNED_INT_10F_11F_11F_REV:
      return VK_FORMAT_B10G11R11_UFLOAT_PACK32;
   default:
      return VK_FORMAT_UNDEFINED;
   }
}

/* Vertex binding used for a disabled attribute's current value. */
#define CURRENT_BINDING_BASE ZGL_MAX_VERTEX_ATTRIB_BINDINGS

/* A client-memory array (GL 4.6 compatibility, 10.3.2): the elements the
 * draw reads, copied into a transient buffer. */
static bool
client_array(struct zgl_context *ctx, const char *func, const struct zgl_vertex_attrib *a,
             const struct zgl_vertex_binding *b, struct zkv_buffer **buffer,
             VkDeviceSize *offset_B)
{
   const uint32_t n = b->divisor ? (ctx->client_instance_count + b->divisor - 1) / b->divisor
                                 : ctx->client_vertex_count;
   const VkDeviceSize size_B =
      n ? (VkDeviceSize)(n - 1) * (VkDeviceSize)b->stride_B + zgl_vertex_attrib_size_B(a) : 0;
   /* Nothing to read, or a null pointer (undefined): zeros. */
   static const uint8_t zero[64];
   const bool none = !a->pointer || !size_B;
   if (!zkv_upload_transient(ctx->zkv, none ? zero : a->pointer, none ? sizeof(zero) : size_B,
                             16, buffer, offset_B)) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return false;
   }
   return true;
}

/* One vertex input at shader location loc reading array a (with binding b
 * and Vulkan binding vk_binding) when enabled, else `current` (four words
 * of kind 0 float, 1 int, 2 uint). */
static bool
vertex_input(struct zgl_context *ctx, const char *func, const struct zgl_vertex_attrib *a, const struct zgl_vertex_binding *b,
             bool client, unsigned vk_binding, unsigned loc, const void *current, uint8_t kind,
             struct zkv_draw_state *s)
{
   struct zkv_vertex_attrib *out = &s->vertex_attribs[loc];
   if (a && a->enabled) {
      out->enabled = true;
      out->binding = vk_binding;
      out->format = attrib_format(a);
      out->offset_B = a->relative_offset_B;
      if (out->format == VK_FORMAT_UNDEFINED) {
         zgl_error(ctx, GL_INVALID_OPERATION,
                   "%s: the format of the array at location %u (0x%x) is not supported", func,
                   loc, a->type);
         return false;
      }
      struct zkv_vertex_binding *vb = &s->vertex_bindings[vk_binding];
      vb->buffer = b->buffer ? b->buffer->zkv : NULL;
      vb->offset_B = (VkDeviceSize)b->offset_B;
      if (client && !client_array(ctx, func, a, b, &vb->buffer, &vb->offset_B))
         return false;
      vb->stride_B = (uint32_t)b->stride_B;
      vb->per_instance = b->divisor != 0;
      vb->divisor = b->divisor;
      return true;
   }
   /* A disabled array reads the current value (GL 4.6, 10.2): a
    * zero-stride binding of its four components. */
   struct zkv_buffer *buffer;
   VkDeviceSize offset;
   if (!zkv_upload_transient(ctx->zkv, current, 16, 16, &buffer, &offset)) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return false;
   }
   const unsigned binding = CURRENT_BINDING_BASE + loc;
   out->enabled = true;
   out->binding = binding;
   out->format = kind == 1   ? VK_FORMAT_R32G32B32A32_SINT
                 : kind == 2 ? VK_FORMAT_R32G32B32A32_UINT
                             : VK_FORMAT_R32G32B32A32_SFLOAT;
   out->offset_B = 0;
   s->vertex_bindings[binding] = (struct zkv_vertex_binding){buffer, offset, 0, false, 0};
   return true;
}

static bool
vertex_inputs(struct zgl_context *ctx, const char *func, const struct zgl_linked *l,
              struct zkv_draw_state *s)
{
   const struct zgl_vertex_array *vao = ctx->vertex_array;
   for (unsigned i = 0; i < l->info.num_attributes; i++) {
      const struct zk_attribute *za = &l->info.attributes[i];
      const int k = za->compat ? zgl_ff_array_of_input(za->name) : -1;
      for (unsigned slot = 0; slot < za->slots; slot++) {
         const int loc = za->location + (int)slot;
         if (loc < 0 || loc >= ZGL_MAX_VERTEX_ATTRIBS)
            continue;
         /* Compatibility inputs read the fixed-function arrays; gl_Vertex
          * is generic attribute 0 when that array is enabled (GL 4.6
          * compatibility, 10.3.2: "attribute zero ... takes precedence"). */
         if (k >= 0 && !(k == ZGL_FF_VERTEX && vao && vao->attribs[0].enabled)) {
            const void *current = k == ZGL_FF_VERTEX ? (const void *)ctx->current_attrib[0]
                                                     : (const void *)ctx->ff_current[k];
            if (!vertex_input(ctx, func, vao ? &vao->ff_attribs[k] : NULL,
                              vao ? &vao->ff_bindings[k] : NULL,
                              vao && zgl_ff_array_is_client(vao, (unsigned)k),
                              CURRENT_BINDING_BASE + (unsigned)loc, (unsigned)loc, current, 0, s))
               return false;
            continue;
         }
         const unsigned g = k == ZGL_FF_VERTEX ? 0 : (unsigned)l->attrib_index[loc];
         const struct zgl_vertex_attrib *a = vao ? &vao->attribs[g] : NULL;
         const uint8_t kind = ctx->current_attrib_kind[g];
         const void *current = kind ? (const void *)ctx->current_attrib_integer[g]
                                    : (const void *)ctx->current_attrib[g];
         if (!vertex_input(ctx, func, a, a ? &vao->bindings[a->binding] : NULL,
                           a && zgl_vertex_attrib_is_client(vao, a), a ? a->binding : 0,
                           (unsigned)loc, current, kind, s))
            return false;
      }
   }
   return true;
}

/* ---- resources ------------------------------------------------------------------ */

/* kiln_gl_state's raster field (zk_gl_state.h, ZK_GL_STATE_RASTER): the
 * point size and clip-distance enables the shaders apply themselves. */
static void
raster_state(const struct zgl_context *ctx, float *block, unsigned size_B)
{
   const struct zk_gl_state_member *m = zk_gl_state_member(ZK_GL_STATE_RASTER);
   if (!m || m->field.offset_B < 0 || (unsigned)m->field.offset_B + 48 > size_B)
      return;
   float *f = block + m->field.offset_B / 4;
   f[0] = ctx->point_size;
   f[1] = ctx->program_point_size ? 1.0f : 0.0f;
   for (unsigned i = 0; i < ZGL_MAX_CLIP_DISTANCES && i < 8; i++)
      f[4 + i] = (ctx->clip_distance >> i) & 1 ? 1.0f : 0.0f;
}

/* kiln_gl_state (ntv/passes/ntv_gl_state.h, zink/compiler/zk_gl_state.h):
 * what a core profile shader can read: the window origin and gl_DepthRange,
 * and the raster state zink's passes read; compatibility contexts add the
 * matrices (the whole block's layout). */
static bool
gl_state_block(struct zgl_context *ctx, const char *func, const struct zkv_draw_state *s,
               struct zkv_descriptor *d)
{
   /* The whole block (zk_gl_state.h: 6320 bytes today, raster state last). */
   float block[6400 / 4] = {0};
   const unsigned size_B = zk_gl_state_size_B();
   if (size_B > sizeof(block) || !size_B) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s: the kiln_gl_state layout", func);
      return false;
   }
   if (ctx->compat)
      zgl_matrix_fill_gl_state(ctx, block, size_B);
   raster_state(ctx, block, size_B);
   const float h = (float)s->framebuffer.height;
   /* gl_FragCoord.y = y * scale + offset for (lower-left, upper-left): a
    * flipped (window-system) framebuffer's Vulkan y runs down from GL's top. */
   if (s->framebuffer.flip_y) {
      block[0] = -1.0f, block[1] = h, block[2] = 1.0f, block[3] = 0.0f;
      /* gl_PointCoord: Vulkan's origin is upper-left, as GL's default. */
      block[4] = ctx->point_sprite_coord_origin == GL_UPPER_LEFT ? 1.0f : -1.0f;
      block[5] = ctx->point_sprite_coord_origin == GL_UPPER_LEFT ? 0.0f : 1.0f;
   } else {
      block[0] = 1.0f, block[1] = 0.0f, block[2] = -1.0f, block[3] = h;
      block[4] = ctx->point_sprite_coord_origin == GL_UPPER_LEFT ? -1.0f : 1.0f;
      block[5] = ctx->point_sprite_coord_origin == GL_UPPER_LEFT ? 1.0f : 0.0f;
   }
   /* gl_DepthRange {near, far, diff} at offset 3040. */
   block[3040 / 4 + 0] = (float)ctx->viewport[0].near_val;
   block[3040 / 4 + 1] = (float)ctx->viewport[0].far_val;
   block[3040 / 4 + 2] = (float)(ctx->viewport[0].far_val - ctx->viewport[0].near_val);
   VkDeviceSize offset;
   if (!zkv_upload_transient(ctx->zkv, block, size_B, 256, &d->buffer, &offset)) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return false;
   }
   d->offset_B = offset;
   d->range_B = size_B;
   return true;
}

/* The uniform block reflection index whose glslang binding is b. */
static int
block_of_binding(const struct zgl_linked *l, int b)
{
   for (unsigned i = 0; i < l->num_blocks; i++) {
      if (kgl_program_reflection(l->kgl, KGL_REFLECT_UNIFORM_BLOCK, i)->binding == b)
         return (int)i;
   }
   return -1;
}

bool
zgl_resource_bindings(struct zgl_context *ctx, const char *func, const struct zgl_linked *l,
                      struct zkv_bindings *bd)
{
   struct zkv_descriptor *set0 = bd->set[ZK_SET_UNIFORM_BUFFER];
   if (l->info.uniforms_size_B) {
      struct zkv_descriptor *d = &set0[ZK_BINDING_UNIFORMS];
      VkDeviceSize offset;
      if (!zkv_upload_transient(ctx->zkv, l->uniform_data, l->info.uniforms_size_B, 256,
                                &d->buffer, &offset)) {
         zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         return false;
      }
      d->offset_B = offset;
      d->range_B = l->info.uniforms_size_B;
   }
   for (unsigned i = 0; i < l->num_samplers; i++) {
      const struct zgl_sampler_uniform *su = &l->samplers[i];
      if (!su->resource)
         continue;
      for (unsigned e = 0; e < su->count && e < su->resource->array_size; e++) {
         const unsigned binding = su->resource->binding + e;
         struct zgl_texture *t = zgl_texture_for_sampling(ctx, su->gl_type, (unsigned)su->units[e]);
         if (!t || binding >= ZKV_MAX_BINDINGS)
            continue;
         if (!zgl_texture_descriptor(ctx, t, (unsigned)su->units[e],
                                     &bd->set[su->resource->set][binding])) {
            zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
            return false;
         }
      }
   }
   for (unsigned r = 0; r < l->info.num_resources; r++) {
      const struct zk_resource *res = &l->info.resources[r];
      if (res->kind != ZK_RESOURCE_UNIFORM_BUFFER)
         continue;
      for (unsigned e = 0; e < res->array_size; e++) {
         const int block = block_of_binding(l, res->gl_binding + (int)e);
         const unsigned point = block >= 0 ? l->block_bindings[block] : 0;
         const struct zgl_buffer_binding *bb = &ctx->uniform_buffers[point];
         if (!bb->buffer || !bb->buffer->zkv || res->binding + e >= ZKV_MAX_BINDINGS)
            continue;
         struct zkv_descriptor *d = &bd->set[res->set][res->binding + e];
         d->buffer = bb->buffer->zkv;
         d->offset_B = (VkDeviceSize)bb->offset;
         d->range_B = bb->size ? (VkDeviceSize)bb->size : 0;
      }
   }
   /* Shader storage blocks: GL binding point = the block's binding (4.30's
    * layout(binding); glShaderStorageBlockBinding is not implemented). */
   for (unsigned r = 0; r < l->info.num_resources; r++) {
      const struct zk_resource *res = &l->info.resources[r];
      if (res->kind != ZK_RESOURCE_STORAGE_BUFFER)
         continue;
      for (unsigned e = 0; e < res->array_size; e++) {
         const int point = res->gl_binding + (int)e;
         if (point < 0 || point >= ZGL_MAX_SHADER_STORAGE_BUFFER_BINDINGS ||
             res->binding + e >= ZKV_MAX_BINDINGS)
            continue;
         const struct zgl_buffer_binding *bb = &ctx->shader_storage_buffers[point];
         if (!bb->buffer || !bb->buffer->zkv)
            continue;
         struct zkv_descriptor *d = &bd->set[res->set][res->binding + e];
         d->buffer = bb->buffer->zkv;
         d->offset_B = (VkDeviceSize)bb->offset;
         d->range_B = bb->size ? (VkDeviceSize)bb->size : 0;
      }
   }
   return true;
}

bool
zgl_program_state(struct zgl_context *ctx, const char *func, struct zkv_draw_state *s)
{
   struct zgl_linked *l = ctx->program->linked;
   s->program = l->zkv;
   /* glShadeModel(GL_FLAT) makes the colour varyings flat. */
   if (ctx->compat && ctx->shade_model == GL_FLAT && l->info.color_locations)
      s->program = zgl_linked_flat_variant(ctx, l);
   if (!vertex_inputs(ctx, func, l, s))
      return false;
   /* Fragment outputs: the shader's location L writes draw buffer
    * frag_output_buffer[L]; the attachments are permuted to match. */
   struct zkv_framebuffer fb = s->framebuffer;
   struct zkv_blend_attachment blend[ZKV_MAX_COLOR_ATTACHMENTS];
   memcpy(blend, s->blend, sizeof(blend));
   for (unsigned i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++) {
      const int b = l->frag_output_buffer[i];
      s->framebuffer.color[i] = b >= 0 ? fb.color[b] : NULL;
      s->blend[i] = b >= 0 ? blend[b] : blend[i];
   }
   if (l->info.uses_gl_state &&
       !gl_state_block(ctx, func, s,
                       &s->bindings.set[ZK_SET_UNIFORM_BUFFER][ZK_BINDING_GL_STATE]))
      return false;
   return zgl_resource_bindings(ctx, func, l, &s->bindings);
}
