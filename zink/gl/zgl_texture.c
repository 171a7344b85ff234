/* SPDX-License-Identifier: MIT */
/*
 * Texture objects (GL 4.6, 8.1-8.2, 8.10, 8.17): names, binding to units,
 * parameters, completeness, and the view and sampler a draw reads.
 */
#include "zgl_texture.h"

#include <stdlib.h>
#include <string.h>

#include "zgl_buffer.h"
#include "zgl_format.h"
#include "zgl_screen.h"

static const GLenum targets[ZGL_TEX_TARGET_COUNT] = {
   GL_TEXTURE_1D,       GL_TEXTURE_2D,        GL_TEXTURE_3D,
   GL_TEXTURE_1D_ARRAY, GL_TEXTURE_2D_ARRAY,  GL_TEXTURE_RECTANGLE,
   GL_TEXTURE_CUBE_MAP, GL_TEXTURE_BUFFER,    GL_TEXTURE_2D_MULTISAMPLE,
   GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
};

bool
zgl_tex_target_index(GLenum target, enum zgl_tex_target *index)
{
   for (unsigned i = 0; i < ZGL_TEX_TARGET_COUNT; i++) {
      if (targets[i] == target) {
         *index = (enum zgl_tex_target)i;
         return true;
      }
   }
   return false;
}

void
zgl_sampler_params_init(struct zgl_sampler_params *p, bool rectangle)
{
   /* GL 4.6, table 23.18: rectangle textures start with LINEAR and
    * CLAMP_TO_EDGE (8.10.6). */
   p->min_filter = rectangle ? GL_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
   p->mag_filter = GL_LINEAR;
   p->wrap_s = p->wrap_t = p->wrap_r = rectangle ? GL_CLAMP_TO_EDGE : GL_REPEAT;
   p->min_lod = -1000.0f;
   p->max_lod = 1000.0f;
   p->lod_bias = 0.0f;
   p->compare_mode = GL_NONE;
   p->compare_func = GL_LEQUAL;
   memset(p->border_color, 0, sizeof(p->border_color));
   p->max_anisotropy = 1.0f;
}

struct zgl_texture *
zgl_texture_create(GLuint name, enum zgl_tex_target index)
{
   struct zgl_texture *t = calloc(1, sizeof(*t));
   if (!t)
      return NULL;
   t->name = name;
   t->refs = 1;
   t->target = targets[index];
   t->index = index;
   zgl_sampler_params_init(&t->sampler, index == ZGL_TEX_RECTANGLE);
   t->max_level = 1000;
   t->swizzle[0] = GL_RED, t->swizzle[1] = GL_GREEN, t->swizzle[2] = GL_BLUE;
   t->swizzle[3] = GL_ALPHA;
   t->depth_stencil_mode = GL_DEPTH_COMPONENT;
   return t;
}

void
zgl_texture_unref(struct zgl_texture *t)
{
   if (!t || __atomic_sub_fetch(&t->refs, 1, __ATOMIC_ACQ_REL))
      return;
   zkv_image_view_destroy(t->view);
   zkv_image_destroy(t->image);
   zkv_buffer_view_destroy(t->buffer_view);
   zgl_buffer_unref(t->buffer);
   free(t);
}

static struct zgl_texture *
texture_ref(struct zgl_texture *t)
{
   if (t)
      __atomic_add_fetch(&t->refs, 1, __ATOMIC_RELAXED);
   return t;
}

void
zgl_texture_state_init(struct zgl_context *ctx)
{
   for (unsigned i = 0; i < ZGL_TEX_TARGET_COUNT; i++)
      ctx->default_textures[i] = zgl_texture_create(0, (enum zgl_tex_target)i);
}

void
zgl_texture_state_finish(struct zgl_context *ctx)
{
   for (unsigned u = 0; u < ZGL_MAX_COMBINED_TEXTURE_IMAGE_UNITS; u++) {
      for (unsigned i = 0; i < ZGL_TEX_TARGET_COUNT; i++) {
         zgl_texture_unref(ctx->textures[u][i]);
         ctx->textures[u][i] = NULL;
      }
   }
   for (unsigned i = 0; i < ZGL_TEX_TARGET_COUNT; i++) {
      zgl_texture_unref(ctx->default_textures[i]);
      zgl_texture_unref(ctx->incomplete_textures[i]);
      ctx->default_textures[i] = NULL;
      ctx->incomplete_textures[i] = NULL;
   }
}

void GLAPIENTRY
zgl_ActiveTexture(GLenum texture)
{
   ZGL_CONTEXT(ctx);
   if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + ZGL_MAX_COMBINED_TEXTURE_IMAGE_UNITS) {
      zgl_error(ctx, GL_INVALID_ENUM, "glActiveTexture(0x%x)", texture);
      return;
   }
   ctx->active_texture = texture - GL_TEXTURE0;
}

void GLAPIENTRY
zgl_GenTextures(GLsizei n, GLuint *textures)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGenTextures(n = %d)", n);
      return;
   }
   zgl_shared_lock(ctx);
   const bool ok = zgl_names_gen(&ctx->shared->textures, n, textures);
   zgl_shared_unlock(ctx);
   if (!ok)
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glGenTextures");
}

void GLAPIENTRY
zgl_BindTexture(GLenum target, GLuint texture)
{
   ZGL_CONTEXT(ctx);
   enum zgl_tex_target index;
   if (!zgl_tex_target_index(target, &index)) {
      zgl_error(ctx, GL_INVALID_ENUM, "glBindTexture(target 0x%x)", target);
      return;
   }
   struct zgl_texture *t = NULL;
   if (texture) {
      zgl_shared_lock(ctx);
      void *o = zgl_names_lookup(&ctx->shared->textures, texture);
      if (o == ZGL_NAME_RESERVED) {
         o = zgl_texture_create(texture, index);
         if (o && !zgl_names_set(&ctx->shared->textures, texture, o)) {
            free(o);
            o = NULL;
         }
         if (!o) {
            zgl_shared_unlock(ctx);
            zgl_error(ctx, GL_OUT_OF_MEMORY, "glBindTexture");
            return;
         }
      }
      zgl_shared_unlock(ctx);
      if (!o) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glBindTexture(%u): not a texture name", texture);
         return;
      }
      t = o;
      /* "INVALID_OPERATION ... if texture was previously created with a
       * target that does not match target" (GL 4.6, 8.1). */
      if (t->target != target) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glBindTexture(0x%x, %u): a texture of 0x%x",
                   target, texture, t->target);
         return;
      }
   }
   struct zgl_texture **slot = &ctx->textures[ctx->active_texture][index];
   zgl_texture_unref(*slot);
   *slot = texture_ref(t);
}

void GLAPIENTRY
zgl_DeleteTextures(GLsizei n, const GLuint *textures)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDeleteTextures(n = %d)", n);
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      if (!textures[i])
         continue;
      zgl_shared_lock(ctx);
      struct zgl_texture *t = zgl_names_object(&ctx->shared->textures, textures[i]);
      zgl_names_remove(&ctx->shared->textures, textures[i]);
      zgl_shared_unlock(ctx);
      if (!t)
         continue;
      /* Bound to a unit of this context: "as if BindTexture had been
       * executed with ... zero" (GL 4.6, 8.1). */
      for (unsigned u = 0; u < ZGL_MAX_COMBINED_TEXTURE_IMAGE_UNITS; u++) {
         if (ctx->textures[u][t->index] == t) {
            zgl_texture_unref(t);
            ctx->textures[u][t->index] = NULL;
         }
      }
      zgl_texture_unref(t);
   }
}

GLboolean GLAPIENTRY
zgl_IsTexture(GLuint texture)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   zgl_shared_lock(ctx);
   const bool is = zgl_names_object(&ctx->shared->textures, texture) != NULL;
   zgl_shared_unlock(ctx);
   return is;
}

/* ---- sampling --------------------------------------------------------------- */

static enum zgl_tex_target
target_of_sampler(GLenum type)
{
   switch (type) {
   case GL_SAMPLER_1D:
   case GL_SAMPLER_1D_SHADOW:
   case GL_INT_SAMPLER_1D:
   case GL_UNSIGNED_INT_SAMPLER_1D:
      return ZGL_TEX_1D;
   case GL_SAMPLER_3D:
   case GL_INT_SAMPLER_3D:
   case GL_UNSIGNED_INT_SAMPLER_3D:
      return ZGL_TEX_3D;
   case GL_SAMPLER_CUBE:
   case GL_SAMPLER_CUBE_SHADOW:
   case GL_INT_SAMPLER_CUBE:
   case GL_UNSIGNED_INT_SAMPLER_CUBE:
      return ZGL_TEX_CUBE_MAP;
   case GL_SAMPLER_1D_ARRAY:
   case GL_SAMPLER_1D_ARRAY_SHADOW:
   case GL_INT_SAMPLER_1D_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_1D_ARRAY:
      return ZGL_TEX_1D_ARRAY;
   case GL_SAMPLER_2D_ARRAY:
   case GL_SAMPLER_2D_ARRAY_SHADOW:
   case GL_INT_SAMPLER_2D_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY:
      return ZGL_TEX_2D_ARRAY;
   case GL_SAMPLER_2D_RECT:
   case GL_SAMPLER_2D_RECT_SHADOW:
   case GL_INT_SAMPLER_2D_RECT:
   case GL_UNSIGNED_INT_SAMPLER_2D_RECT:
      return ZGL_TEX_RECTANGLE;
   case GL_SAMPLER_BUFFER:
   case GL_INT_SAMPLER_BUFFER:
   case GL_UNSIGNED_INT_SAMPLER_BUFFER:
      return ZGL_TEX_BUFFER;
   case GL_SAMPLER_2D_MULTISAMPLE:
   case GL_INT_SAMPLER_2D_MULTISAMPLE:
   case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE:
      return ZGL_TEX_2D_MULTISAMPLE;
   case GL_SAMPLER_2D_MULTISAMPLE_ARRAY:
   case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
   case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
      return ZGL_TEX_2D_MULTISAMPLE_ARRAY;
   default:
      return ZGL_TEX_2D;
   }
}

static bool
mipmapped(GLenum min_filter)
{
   return min_filter != GL_NEAREST && min_filter != GL_LINEAR;
}

static const struct zgl_sampler_params *
params_at(struct zgl_context *ctx, const struct zgl_texture *t, unsigned unit)
{
   return ctx->samplers[unit] ? &ctx->samplers[unit]->params : &t->sampler;
}

/* The last level a complete texture samples (GL 4.6, 8.17). */
static GLint
last_level(const struct zgl_texture *t)
{
   if (t->immutable)
      return MIN2(t->max_level, t->immutable_levels - 1);
   const struct zgl_tex_level *b = &t->levels[0][t->base_level];
   const GLsizei m = MAX3(b->width, t->index == ZGL_TEX_3D ? b->depth : 1,
                          t->index == ZGL_TEX_1D || t->index == ZGL_TEX_1D_ARRAY ? 1 : b->height);
   return MIN2(t->max_level, t->base_level + (GLint)util_logbase2((uint64_t)MAX2(m, 1)));
}

static struct zgl_texture *
complete_texture(struct zgl_context *ctx, enum zgl_tex_target index, unsigned unit);

struct zgl_texture *
zgl_texture_for_sampling(struct zgl_context *ctx, GLenum sampler_type, unsigned unit)
{
   const enum zgl_tex_target index = target_of_sampler(sampler_type);
   struct zgl_texture *t = complete_texture(ctx, index, unit);
   return t ? t : zgl_incomplete_texture(ctx, index);
}

static struct zgl_texture *
complete_texture(struct zgl_context *ctx, enum zgl_tex_target index, unsigned unit)
{
   struct zgl_texture *t = ctx->textures[unit][index];
   if (!t)
      t = ctx->default_textures[index];
   if (t && index == ZGL_TEX_BUFFER)
      return t->buffer && t->buffer->zkv &&
                   (VkDeviceSize)t->buffer->size_B >=
                      kil_format_el_size_B(zgl_kil_format(t->buffer_format))
                ? t
                : NULL;
   if (t && (index == ZGL_TEX_2D_MULTISAMPLE || index == ZGL_TEX_2D_MULTISAMPLE_ARRAY))
      return t->image && t->levels[0][0].defined ? t : NULL;
   if (!t || !t->image || t->base_level >= ZGL_MAX_LEVELS || t->base_level > t->max_level)
      return NULL;
   const unsigned faces = index == ZGL_TEX_CUBE_MAP ? 6 : 1;
   const struct zgl_tex_level *base = &t->levels[0][t->base_level];
   if (!base->defined)
      return NULL;
   const GLint last = mipmapped(params_at(ctx, t, unit)->min_filter) ? last_level(t)
                                                                     : t->base_level;
   for (unsigned f = 0; f < faces; f++) {
      for (GLint l = t->base_level; l <= last && l < ZGL_MAX_LEVELS; l++) {
         const struct zgl_tex_level *lv = &t->levels[f][l];
         const unsigned s = (unsigned)(l - t->base_level);
         if (!lv->defined || lv->internal_format != base->internal_format ||
             lv->width != MAX2(base->width >> s, 1))
            return NULL;
      }
   }
   return t;
}

static VkComponentSwizzle
swizzle_component(GLenum s, VkComponentSwizzle identity)
{
   switch (s) {
   case GL_RED:
      return VK_COMPONENT_SWIZZLE_R;
   case GL_GREEN:
      return VK_COMPONENT_SWIZZLE_G;
   case GL_BLUE:
      return VK_COMPONENT_SWIZZLE_B;
   case GL_ALPHA:
      return VK_COMPONENT_SWIZZLE_A;
   case GL_ZERO:
      return VK_COMPONENT_SWIZZLE_ZERO;
   case GL_ONE:
      return VK_COMPONENT_SWIZZLE_ONE;
   default:
      return identity;
   }
}

/* GL's texture swizzle applied after the format's (GL_RGB8 stored as RGBA8
 * reads alpha 1): a component the texture swizzle names reads what the
 * format swizzle gives for it. */
static VkComponentSwizzle
compose(const VkComponentMapping *f, GLenum s)
{
   const VkComponentSwizzle c = swizzle_component(s, VK_COMPONENT_SWIZZLE_IDENTITY);
   const VkComponentSwizzle m[4] = {f->r, f->g, f->b, f->a};
   if (c >= VK_COMPONENT_SWIZZLE_R && c <= VK_COMPONENT_SWIZZLE_A) {
      const VkComponentSwizzle v = m[c - VK_COMPONENT_SWIZZLE_R];
      return v == VK_COMPONENT_SWIZZLE_IDENTITY ? c : v;
   }
   return c;
}

static VkSamplerAddressMode
address_mode(GLenum wrap)
{
   switch (wrap) {
   case GL_MIRRORED_REPEAT:
      return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
   case GL_CLAMP_TO_EDGE:
      return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
   case GL_CLAMP_TO_BORDER:
      return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
   case GL_MIRROR_CLAMP_TO_EDGE:
      return VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE;
   default:
      return VK_SAMPLER_ADDRESS_MODE_REPEAT;
   }
}

static VkImageViewType
view_type(enum zgl_tex_target index)
{
   switch (index) {
   case ZGL_TEX_1D:
      return VK_IMAGE_VIEW_TYPE_1D;
   case ZGL_TEX_3D:
      return VK_IMAGE_VIEW_TYPE_3D;
   case ZGL_TEX_1D_ARRAY:
      return VK_IMAGE_VIEW_TYPE_1D_ARRAY;
   case ZGL_TEX_2D_ARRAY:
      return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
   case ZGL_TEX_CUBE_MAP:
      return VK_IMAGE_VIEW_TYPE_CUBE;
   case ZGL_TEX_2D_MULTISAMPLE_ARRAY:
      return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
   default:
      return VK_IMAGE_VIEW_TYPE_2D;
   }
}

/* A buffer texture's texel view, remade when the buffer gets new storage. */
static bool
buffer_descriptor(struct zgl_context *ctx, struct zgl_texture *t, struct zkv_descriptor *d)
{
   if (!t->buffer_view || t->buffer_view_of != t->buffer->zkv) {
      zkv_buffer_view_destroy(t->buffer_view);
      /* GL reads at most MAX_TEXTURE_BUFFER_SIZE texels (GL 4.6, 8.9):
       * whole texels of the buffer up to that. */
      const VkDeviceSize texel = kil_format_el_size_B(zgl_kil_format(t->buffer_format));
      const VkDeviceSize max = (VkDeviceSize)ctx->screen->caps->limits.maxTexelBufferElements;
      const VkDeviceSize texels = MIN2((VkDeviceSize)t->buffer->size_B / MAX2(texel, 1), max);
      VkResult result;
      t->buffer_view = texels ? zkv_buffer_view_create(ctx->screen->zkv, t->buffer->zkv,
                                                       t->buffer_format, 0, texels * texel,
                                                       &result)
                              : NULL;
      t->buffer_view_of = t->buffer->zkv;
      if (!t->buffer_view)
         return false;
   }
   d->buffer_view = t->buffer_view;
   return true;
}

bool
zgl_texture_descriptor(struct zgl_context *ctx, struct zgl_texture *t, unsigned unit,
                       struct zkv_descriptor *d)
{
   if (t->index == ZGL_TEX_BUFFER)
      return buffer_descriptor(ctx, t, d);
   const struct zgl_sampler_params *p = params_at(ctx, t, unit);
   const bool mips = mipmapped(p->min_filter);
   const bool ms = t->index == ZGL_TEX_2D_MULTISAMPLE || t->index == ZGL_TEX_2D_MULTISAMPLE_ARRAY;
   const GLint base = ms ? 0 : t->base_level;
   const GLint levels = mips && !ms ? last_level(t) - base + 1 : 1;
   if (!t->view || t->view_base != base || t->view_levels != levels ||
       memcmp(t->view_swizzle, t->swizzle, sizeof(t->swizzle)) ||
       t->view_ds_mode != t->depth_stencil_mode) {
      zkv_image_view_destroy(t->view);
      t->view = NULL;
      const VkImageAspectFlags aspects = zkv_format_aspects(t->format.format);
      VkImageAspectFlags aspect = aspects;
      if (aspects & VK_IMAGE_ASPECT_DEPTH_BIT)
         aspect = t->depth_stencil_mode == GL_STENCIL_INDEX && (aspects & VK_IMAGE_ASPECT_STENCIL_BIT)
                     ? VK_IMAGE_ASPECT_STENCIL_BIT
                     : VK_IMAGE_ASPECT_DEPTH_BIT;
      const VkComponentMapping *f = &t->format.swizzle;
      const struct zkv_image_view_desc desc = {
         .type = view_type(t->index),
         .aspects = aspect,
         .base_level = (uint32_t)base,
         .levels = (uint32_t)levels,
         .swizzle = {compose(f, t->swizzle[0]), compose(f, t->swizzle[1]),
                     compose(f, t->swizzle[2]), compose(f, t->swizzle[3])},
      };
      VkResult result;
      t->view = zkv_image_view_create(ctx->screen->zkv, t->image, &desc, &result);
      if (!t->view)
         return false;
      t->view_base = base;
      t->view_levels = levels;
      memcpy(t->view_swizzle, t->swizzle, sizeof(t->swizzle));
      t->view_ds_mode = t->depth_stencil_mode;
   }
   struct zkv_sampler_state s = {0};
   s.mag_filter = p->mag_filter == GL_NEAREST ? VK_FILTER_NEAREST : VK_FILTER_LINEAR;
   s.min_filter = p->min_filter == GL_NEAREST || p->min_filter == GL_NEAREST_MIPMAP_NEAREST ||
                        p->min_filter == GL_NEAREST_MIPMAP_LINEAR
                     ? VK_FILTER_NEAREST
                     : VK_FILTER_LINEAR;
   s.mipmap_mode = p->min_filter == GL_NEAREST_MIPMAP_LINEAR ||
                         p->min_filter == GL_LINEAR_MIPMAP_LINEAR
                      ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                      : VK_SAMPLER_MIPMAP_MODE_NEAREST;
   s.mipmap_none = !mips;
   s.address_u = address_mode(p->wrap_s);
   s.address_v = address_mode(p->wrap_t);
   s.address_w = address_mode(p->wrap_r);
   s.lod_bias = p->lod_bias;
   /* The view starts at the base level: GL's lods count from it too. */
   s.min_lod = MAX2(p->min_lod, 0.0f);
   s.max_lod = MAX2(MIN2(p->max_lod, (float)(levels - 1)), s.min_lod);
   s.max_anisotropy = p->max_anisotropy;
   s.compare_enable = p->compare_mode == GL_COMPARE_REF_TO_TEXTURE;
   s.compare_op = (VkCompareOp)(p->compare_func - GL_NEVER);
   if (p->border_int) {
      memcpy(s.border_color.i, p->border_color_int, sizeof(s.border_color.i));
      s.border_int = true;
   } else {
      memcpy(s.border_color.f, p->border_color, sizeof(s.border_color.f));
   }
   s.seamless_cube_map_off = !ctx->texture_cube_map_seamless &&
                             ctx->screen->caps->non_seamless_cube_map;
   s.reduction_mode = VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE;
   VkResult result;
   d->sampler = zkv_sampler_get(ctx->screen->zkv, &s, &result);
   d->view = t->view;
   return d->sampler != NULL;
}

/* ---- parameters (GL 4.6, 8.10) ------------------------------------------------- */

static bool
is_wrap(GLenum v)
{
   return v == GL_REPEAT || v == GL_MIRRORED_REPEAT || v == GL_CLAMP_TO_EDGE ||
          v == GL_CLAMP_TO_BORDER || v == GL_MIRROR_CLAMP_TO_EDGE;
}

bool
zgl_sampler_param(struct zgl_context *ctx, const char *func, struct zgl_sampler_params *p,
                  GLenum pname, const GLfloat *values, bool is_texture)
{
   const GLenum e = (GLenum)values[0];
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      if (e != GL_NEAREST && e != GL_LINEAR && e != GL_NEAREST_MIPMAP_NEAREST &&
          e != GL_LINEAR_MIPMAP_NEAREST && e != GL_NEAREST_MIPMAP_LINEAR &&
          e != GL_LINEAR_MIPMAP_LINEAR)
         goto bad_enum;
      p->min_filter = e;
      return true;
   case GL_TEXTURE_MAG_FILTER:
      if (e != GL_NEAREST && e != GL_LINEAR)
         goto bad_enum;
      p->mag_filter = e;
      return true;
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
      if (!is_wrap(e))
         goto bad_enum;
      *(pname == GL_TEXTURE_WRAP_S   ? &p->wrap_s
        : pname == GL_TEXTURE_WRAP_T ? &p->wrap_t
                                     : &p->wrap_r) = e;
      return true;
   case GL_TEXTURE_MIN_LOD:
      p->min_lod = values[0];
      return true;
   case GL_TEXTURE_MAX_LOD:
      p->max_lod = values[0];
      return true;
   case GL_TEXTURE_LOD_BIAS:
      p->lod_bias = values[0];
      return true;
   case GL_TEXTURE_COMPARE_MODE:
      if (e != GL_NONE && e != GL_COMPARE_REF_TO_TEXTURE)
         goto bad_enum;
      p->compare_mode = e;
      return true;
   case GL_TEXTURE_COMPARE_FUNC:
      if (e < GL_NEVER || e > GL_ALWAYS)
         goto bad_enum;
      p->compare_func = e;
      return true;
   case GL_TEXTURE_BORDER_COLOR:
      memcpy(p->border_color, values, sizeof(p->border_color));
      p->border_int = false;
      return true;
   default:
      if (!is_texture)
         zgl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", func, pname);
      return false;
   }
bad_enum:
   zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x, %g)", func, pname, values[0]);
   return true; /* handled (with an error) */
}

bool
zgl_get_sampler_param(struct zgl_context *ctx, const char *func,
                      const struct zgl_sampler_params *p, GLenum pname, GLfloat *out,
                      unsigned *count)
{
   *count = 1;
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      out[0] = (GLfloat)p->min_filter;
      return true;
   case GL_TEXTURE_MAG_FILTER:
      out[0] = (GLfloat)p->mag_filter;
      return true;
   case GL_TEXTURE_WRAP_S:
      out[0] = (GLfloat)p->wrap_s;
      return true;
   case GL_TEXTURE_WRAP_T:
      out[0] = (GLfloat)p->wrap_t;
      return true;
   case GL_TEXTURE_WRAP_R:
      out[0] = (GLfloat)p->wrap_r;
      return true;
   case GL_TEXTURE_MIN_LOD:
      out[0] = p->min_lod;
      return true;
   case GL_TEXTURE_MAX_LOD:
      out[0] = p->max_lod;
      return true;
   case GL_TEXTURE_LOD_BIAS:
      out[0] = p->lod_bias;
      return true;
   case GL_TEXTURE_COMPARE_MODE:
      out[0] = (GLfloat)p->compare_mode;
      return true;
   case GL_TEXTURE_COMPARE_FUNC:
      out[0] = (GLfloat)p->compare_func;
      return true;
   case GL_TEXTURE_BORDER_COLOR:
      memcpy(out, p->border_color, sizeof(p->border_color));
      *count = 4;
      return true;
   default:
      return false;
   }
}

/* The texture bound to target on the active unit (or its default). */
static struct zgl_texture *
bound(struct zgl_context *ctx, const char *func, GLenum target)
{
   enum zgl_tex_target index;
   if (!zgl_tex_target_index(target, &index)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      return NULL;
   }
   /* Buffer textures have no parameters (GL 4.6, 8.10: INVALID_ENUM). */
   if (index == ZGL_TEX_BUFFER) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(GL_TEXTURE_BUFFER)", func);
      return NULL;
   }
   struct zgl_texture *t = ctx->textures[ctx->active_texture][index];
   return t ? t : ctx->default_textures[index];
}

static void
texture_param(struct zgl_context *ctx, const char *func, GLenum target, GLenum pname,
              const GLfloat *v, const GLint *iv)
{
   struct zgl_texture *t = bound(ctx, func, target);
   if (!t)
      return;
   if (zgl_sampler_param(ctx, func, &t->sampler, pname, v, true))
      return;
   switch (pname) {
   case GL_TEXTURE_BASE_LEVEL:
   case GL_TEXTURE_MAX_LEVEL:
      if (iv[0] < 0) {
         zgl_error(ctx, GL_INVALID_VALUE, "%s(0x%x, %d)", func, pname, iv[0]);
         return;
      }
      /* Rectangle textures have level 0 only (GL 4.6, 8.10). */
      if (pname == GL_TEXTURE_BASE_LEVEL && t->index == ZGL_TEX_RECTANGLE && iv[0] != 0) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: rectangle base level %d", func, iv[0]);
         return;
      }
      *(pname == GL_TEXTURE_BASE_LEVEL ? &t->base_level : &t->max_level) = iv[0];
      return;
   case GL_TEXTURE_SWIZZLE_R:
   case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
   case GL_TEXTURE_SWIZZLE_RGBA: {
      const unsigned n = pname == GL_TEXTURE_SWIZZLE_RGBA ? 4 : 1;
      for (unsigned i = 0; i < n; i++) {
         const GLenum s = (GLenum)iv[i];
         if (s != GL_RED && s != GL_GREEN && s != GL_BLUE && s != GL_ALPHA && s != GL_ZERO &&
             s != GL_ONE) {
            zgl_error(ctx, GL_INVALID_ENUM, "%s(swizzle 0x%x)", func, s);
            return;
         }
      }
      for (unsigned i = 0; i < n; i++)
         t->swizzle[n == 4 ? i : pname - GL_TEXTURE_SWIZZLE_R] = (GLenum)iv[i];
      return;
   }
   case GL_DEPTH_STENCIL_TEXTURE_MODE:
      if (iv[0] != GL_DEPTH_COMPONENT && iv[0] != GL_STENCIL_INDEX) {
         zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x)", func, iv[0]);
         return;
      }
      t->depth_stencil_mode = (GLenum)iv[0];
      return;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", func, pname);
   }
}

void GLAPIENTRY
zgl_TexParameteri(GLenum target, GLenum pname, GLint param)
{
   ZGL_CONTEXT(ctx);
   const GLfloat f[4] = {(GLfloat)param};
   const GLint i[4] = {param};
   if (pname == GL_TEXTURE_SWIZZLE_RGBA || pname == GL_TEXTURE_BORDER_COLOR) {
      zgl_error(ctx, GL_INVALID_ENUM, "glTexParameteri(0x%x): a vector parameter", pname);
      return;
   }
   texture_param(ctx, "glTexParameteri", target, pname, f, i);
}

void GLAPIENTRY
zgl_TexParameterf(GLenum target, GLenum pname, GLfloat param)
{
   ZGL_CONTEXT(ctx);
   const GLfloat f[4] = {param};
   const GLint i[4] = {(GLint)param};
   if (pname == GL_TEXTURE_SWIZZLE_RGBA || pname == GL_TEXTURE_BORDER_COLOR) {
      zgl_error(ctx, GL_INVALID_ENUM, "glTexParameterf(0x%x): a vector parameter", pname);
      return;
   }
   texture_param(ctx, "glTexParameterf", target, pname, f, i);
}

void GLAPIENTRY
zgl_TexParameteriv(GLenum target, GLenum pname, const GLint *params)
{
   ZGL_CONTEXT(ctx);
   const unsigned n = pname == GL_TEXTURE_SWIZZLE_RGBA || pname == GL_TEXTURE_BORDER_COLOR ? 4 : 1;
   GLfloat f[4] = {0};
   GLint i[4] = {0};
   for (unsigned k = 0; k < n; k++) {
      i[k] = params[k];
      /* Border colours given as integers are normalized (GL 4.6, 8.10). */
      f[k] = pname == GL_TEXTURE_BORDER_COLOR ? (GLfloat)((double)params[k] / 2147483647.0)
                                              : (GLfloat)params[k];
   }
   texture_param(ctx, "glTexParameteriv", target, pname, f, i);
}

void GLAPIENTRY
zgl_TexParameterfv(GLenum target, GLenum pname, const GLfloat *params)
{
   ZGL_CONTEXT(ctx);
   const unsigned n = pname == GL_TEXTURE_SWIZZLE_RGBA || pname == GL_TEXTURE_BORDER_COLOR ? 4 : 1;
   GLfloat f[4] = {0};
   GLint i[4] = {0};
   for (unsigned k = 0; k < n; k++) {
      f[k] = params[k];
      i[k] = (GLint)params[k];
   }
   texture_param(ctx, "glTexParameterfv", target, pname, f, i);
}

static bool
get_texture_param(struct zgl_context *ctx, const char *func, GLenum target, GLenum pname,
                  GLfloat *out, unsigned *count)
{
   struct zgl_texture *t = bound(ctx, func, target);
   if (!t)
      return false;
   if (zgl_get_sampler_param(ctx, func, &t->sampler, pname, out, count))
      return true;
   *count = 1;
   switch (pname) {
   case GL_TEXTURE_BASE_LEVEL:
      out[0] = (GLfloat)t->base_level;
      return true;
   case GL_TEXTURE_MAX_LEVEL:
      out[0] = (GLfloat)t->max_level;
      return true;
   case GL_TEXTURE_SWIZZLE_R:
   case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
      out[0] = (GLfloat)t->swizzle[pname - GL_TEXTURE_SWIZZLE_R];
      return true;
   case GL_TEXTURE_SWIZZLE_RGBA:
      for (unsigned i = 0; i < 4; i++)
         out[i] = (GLfloat)t->swizzle[i];
      *count = 4;
      return true;
   case GL_DEPTH_STENCIL_TEXTURE_MODE:
      out[0] = (GLfloat)t->depth_stencil_mode;
      return true;
   case GL_TEXTURE_IMMUTABLE_FORMAT:
      out[0] = t->immutable;
      return true;
   case GL_TEXTURE_IMMUTABLE_LEVELS:
      out[0] = (GLfloat)t->immutable_levels;
      return true;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", func, pname);
      return false;
   }
}

void GLAPIENTRY
zgl_GetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   GLfloat f[4];
   unsigned n;
   if (!get_texture_param(ctx, "glGetTexParameteriv", target, pname, f, &n))
      return;
   for (unsigned i = 0; i < n; i++)
      params[i] = pname == GL_TEXTURE_BORDER_COLOR ? (GLint)(f[i] * 2147483647.0)
                                                   : (GLint)f[i];
}

void GLAPIENTRY
zgl_GetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
   ZGL_CONTEXT(ctx);
   GLfloat f[4];
   unsigned n;
   if (!get_texture_param(ctx, "glGetTexParameterfv", target, pname, f, &n))
      return;
   memcpy(params, f, n * sizeof(GLfloat));
}

/* ---- buffer textures (GL 4.6, 8.9) ---------------------------------------------- */

/* The formats of GL 4.6 table 8.16. */
static bool
is_buffer_format(GLenum f)
{
   static const GLenum formats[] = {
      GL_R8, GL_R16, GL_R16F, GL_R32F, GL_R8I, GL_R16I, GL_R32I, GL_R8UI, GL_R16UI, GL_R32UI,
      GL_RG8, GL_RG16, GL_RG16F, GL_RG32F, GL_RG8I, GL_RG16I, GL_RG32I, GL_RG8UI, GL_RG16UI,
      GL_RG32UI, GL_RGB32F, GL_RGB32I, GL_RGB32UI, GL_RGBA8, GL_RGBA16, GL_RGBA16F, GL_RGBA32F,
      GL_RGBA8I, GL_RGBA16I, GL_RGBA32I, GL_RGBA8UI, GL_RGBA16UI, GL_RGBA32UI,
   };
   for (unsigned i = 0; i < ARRAY_SIZE(formats); i++) {
      if (formats[i] == f)
         return true;
   }
   return false;
}

/* The VkFormat a texel buffer of a GL format reads: the same channels, no
 * emulation (RGB32 formats are real Vulkan formats). */
static VkFormat
buffer_vk_format(struct zgl_context *ctx, GLenum f)
{
   struct zkv_format_choice c;
   if (f == GL_RGB32F)
      return VK_FORMAT_R32G32B32_SFLOAT;
   if (f == GL_RGB32I)
      return VK_FORMAT_R32G32B32_SINT;
   if (f == GL_RGB32UI)
      return VK_FORMAT_R32G32B32_UINT;
   return zkv_format_for_gl(ctx->screen->zkv, f, 0, &c) ? c.format : VK_FORMAT_UNDEFINED;
}

void GLAPIENTRY
zgl_TexBuffer(GLenum target, GLenum internalformat, GLuint buffer)
{
   ZGL_CONTEXT(ctx);
   if (target != GL_TEXTURE_BUFFER) {
      zgl_error(ctx, GL_INVALID_ENUM, "glTexBuffer(target 0x%x)", target);
      return;
   }
   if (!is_buffer_format(internalformat)) {
      zgl_error(ctx, GL_INVALID_ENUM, "glTexBuffer(internalformat 0x%x)", internalformat);
      return;
   }
   struct zgl_buffer *b = NULL;
   if (buffer) {
      zgl_shared_lock(ctx);
      b = zgl_names_object(&ctx->shared->buffers, buffer);
      zgl_shared_unlock(ctx);
      if (!b) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glTexBuffer(%u): not a buffer object", buffer);
         return;
      }
   }
   const VkFormat vk = buffer_vk_format(ctx, internalformat);
   if (vk == VK_FORMAT_UNDEFINED ||
       !(zkv_format_buffer_features(ctx->screen->zkv, vk) &
         VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT)) {
      zgl_error(ctx, GL_INVALID_ENUM, "glTexBuffer(0x%x): not a texel buffer format here",
                internalformat);
      return;
   }
   struct zgl_texture *t = ctx->textures[ctx->active_texture][ZGL_TEX_BUFFER];
   if (!t)
      t = ctx->default_textures[ZGL_TEX_BUFFER];
   zgl_buffer_bind(&t->buffer, b);
   t->buffer_internal_format = internalformat;
   t->buffer_format = vk;
   zkv_buffer_view_destroy(t->buffer_view);
   t->buffer_view = NULL;
   t->buffer_view_of = NULL;
}

/* ---- integer parameters (GL 4.6, 8.10: TexParameterI*, GetTexParameterI*) ----------- */

static void
texture_param_int(struct zgl_context *ctx, const char *func, GLenum target, GLenum pname,
                  const GLint *params)
{
   if (pname == GL_TEXTURE_BORDER_COLOR) {
      struct zgl_texture *t = bound(ctx, func, target);
      if (!t)
         return;
      memcpy(t->sampler.border_color_int, params, sizeof(t->sampler.border_color_int));
      for (unsigned i = 0; i < 4; i++)
         t->sampler.border_color[i] = (GLfloat)params[i];
      t->sampler.border_int = true;
      return;
   }
   const GLfloat f[4] = {(GLfloat)params[0]};
   GLint i[4] = {params[0]};
   if (pname == GL_TEXTURE_SWIZZLE_RGBA)
      memcpy(i, params, sizeof(i));
   texture_param(ctx, func, target, pname, f, i);
}

void GLAPIENTRY
zgl_TexParameterIiv(GLenum target, GLenum pname, const GLint *params)
{
   ZGL_CONTEXT(ctx);
   texture_param_int(ctx, "glTexParameterIiv", target, pname, params);
}

void GLAPIENTRY
zgl_TexParameterIuiv(GLenum target, GLenum pname, const GLuint *params)
{
   ZGL_CONTEXT(ctx);
   texture_param_int(ctx, "glTexParameterIuiv", target, pname, (const GLint *)params);
}

static void
get_texture_param_int(struct zgl_context *ctx, const char *func, GLenum target, GLenum pname,
                      GLint *params)
{
   if (pname == GL_TEXTURE_BORDER_COLOR) {
      struct zgl_texture *t = bound(ctx, func, target);
      if (!t)
         return;
      for (unsigned i = 0; i < 4; i++)
         params[i] = t->sampler.border_int ? t->sampler.border_color_int[i]
                                           : (GLint)t->sampler.border_color[i];
      return;
   }
   GLfloat f[4];
   unsigned n;
   if (!get_texture_param(ctx, func, target, pname, f, &n))
      return;
   for (unsigned i = 0; i < n; i++)
      params[i] = (GLint)f[i];
}

void GLAPIENTRY
zgl_GetTexParameterIiv(GLenum target, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   get_texture_param_int(ctx, "glGetTexParameterIiv", target, pname, params);
}

void GLAPIENTRY
zgl_GetTexParameterIuiv(GLenum target, GLenum pname, GLuint *params)
{
   ZGL_CONTEXT(ctx);
   get_texture_param_int(ctx, "glGetTexParameterIuiv", target, pname, (GLint *)params);
}
