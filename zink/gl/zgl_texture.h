/* SPDX-License-Identifier: MIT */
/*
 * Texture and sampler objects (GL 4.6, 8). A texture's levels are GL
 * state; its zkv image is made when a level 0-consistent shape is known
 * and holds the whole mipmap chain. Sampling state lives in struct
 * zgl_sampler_params, shared by textures and sampler objects.
 */
#ifndef ZGL_TEXTURE_H
#define ZGL_TEXTURE_H

#include "zgl_context.h"
#include "zink/vk/zkv.h"

#define ZGL_MAX_LEVELS 15 /* 16384 */
#define ZGL_MAX_FACES  6

/* The texture targets zgl binds, as indices of per-unit binding arrays. */
enum zgl_tex_target {
   ZGL_TEX_1D,
   ZGL_TEX_2D,
   ZGL_TEX_3D,
   ZGL_TEX_1D_ARRAY,
   ZGL_TEX_2D_ARRAY,
   ZGL_TEX_RECTANGLE,
   ZGL_TEX_CUBE_MAP,
   ZGL_TEX_BUFFER,
   ZGL_TEX_2D_MULTISAMPLE,
   ZGL_TEX_2D_MULTISAMPLE_ARRAY,
   ZGL_TEX_TARGET_COUNT, /* ZGL_TEX_TARGETS */
};

struct zgl_sampler_params {
   GLenum min_filter, mag_filter;
   GLenum wrap_s, wrap_t, wrap_r;
   GLfloat min_lod, max_lod, lod_bias;
   GLenum compare_mode, compare_func;
   GLfloat border_color[4];
   /* glTexParameterI*v's border colour, read by integer textures. */
   bool border_int;
   GLint border_color_int[4];
   GLfloat max_anisotropy;
};

struct zgl_tex_level {
   bool defined;
   GLsizei width, height, depth; /* depth: layers of array textures */
   GLenum internal_format;
};

struct zgl_texture {
   GLuint name;
   int refs;
   GLenum target; /* 0 until first bound */
   enum zgl_tex_target index;
   bool immutable;
   GLint immutable_levels;
   struct zgl_tex_level levels[ZGL_MAX_FACES][ZGL_MAX_LEVELS];
   /* The image: made for a level-0 shape, with every level of its chain. */
   struct zkv_image *image;
   struct zkv_format_choice format;
   GLenum image_internal_format;
   uint32_t image_width, image_height, image_depth, image_layers, image_levels;
   /* The sampled view, remade when its parameters change. */
   struct zkv_image_view *view;
   GLint view_base, view_levels;
   GLenum view_swizzle[4];
   GLenum view_ds_mode;
   struct zgl_sampler_params sampler;
   GLint base_level, max_level;
   GLenum swizzle[4];
   GLenum depth_stencil_mode;
   /* Buffer textures (glTexBuffer): the buffer and its texel view. */
   struct zgl_buffer *buffer;
   GLenum buffer_internal_format;
   VkFormat buffer_format;
   struct zkv_buffer_view *buffer_view;
   struct zkv_buffer *buffer_view_of; /* the storage the view was made for */
   /* Multisample textures. */
   GLsizei samples;
   bool fixed_sample_locations;
};

struct zgl_sampler {
   GLuint name;
   struct zgl_sampler_params params;
};

/* A texture object of target index, named name (0: zgl's own). */
struct zgl_texture *zgl_texture_create(GLuint name, enum zgl_tex_target index);
/* What an incomplete texture of index samples: a complete 1 x 1 texture of
 * (0, 0, 0, 1) (GL 4.6, 11.1.3.5). NULL on out-of-memory or for targets
 * without one (buffer, multisample). */
struct zgl_texture *zgl_incomplete_texture(struct zgl_context *ctx, enum zgl_tex_target index);
void zgl_sampler_params_init(struct zgl_sampler_params *p, bool rectangle);
void zgl_texture_unref(struct zgl_texture *texture);
void zgl_texture_state_init(struct zgl_context *ctx);
void zgl_texture_state_finish(struct zgl_context *ctx);

/* The index of a glBindTexture target; false for others. */
bool zgl_tex_target_index(GLenum target, enum zgl_tex_target *index);

/* The texture a sampler uniform of type sampler_type reads at unit; NULL
 * when incomplete (GL 4.6, 8.17): it then reads (0, 0, 0, 1). */
struct zgl_texture *zgl_texture_for_sampling(struct zgl_context *ctx, GLenum sampler_type,
                                             unsigned unit);
/* The view and sampler to sample it with (unit's sampler object, if any);
 * false on out-of-memory. */
bool zgl_texture_descriptor(struct zgl_context *ctx, struct zgl_texture *texture, unsigned unit,
                            struct zkv_descriptor *d);

/* Sets one sampling parameter (GL 4.6, table 8.19), with its errors. */
bool zgl_sampler_param(struct zgl_context *ctx, const char *func, struct zgl_sampler_params *p,
                       GLenum pname, const GLfloat *values, bool is_texture);
bool zgl_get_sampler_param(struct zgl_context *ctx, const char *func,
                           const struct zgl_sampler_params *p, GLenum pname, GLfloat *out,
                           unsigned *count);

/* glCopyTexImage's first half: defines level of the bound texture as
 * glTexImage would with NULL data (its errors included). */
bool zgl_tex_image_define(struct zgl_context *ctx, const char *func, GLenum target, unsigned dims,
                          GLint level, GLenum internalformat, GLsizei w, GLsizei h, GLint border);

#endif
