/* SPDX-License-Identifier: MIT */
/*
 * A GL context: the state GL 4.6 core's state tables (GL 4.6, 23) list, by
 * area, and the current-context slot every entry point reads.
 *
 * Entry points begin with ZGL_CONTEXT(ctx): with no context current on the
 * thread they do nothing (GL 4.6, 2.1: "issuing GL commands when the program
 * is not connected to a context results in undefined behavior"; doing nothing
 * is the safe undefined). Errors are raised once, where they arise, with
 * zgl_error().
 */
#ifndef ZGL_CONTEXT_H
#define ZGL_CONTEXT_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "zgl.h"
#include "zgl_api.h"
#include "zgl_limits.h"
#include "zgl_names.h"
#include "util/macros.h"

struct zgl_buffer;
struct zgl_vertex_array;
struct zgl_matrix_stack;
struct zgl_immediate;
struct zgl_program;
struct zkv_context;
struct zkv_xfb_target;
struct zgl_texture;
struct zgl_linked;
struct zgl_query;
struct zgl_framebuffer;
struct zgl_renderbuffer;
struct zgl_sampler;

/* Objects a share list shares (GL 4.6, 5.1): buffers, shaders and programs,
 * textures, samplers, renderbuffers, sync objects. */
struct zgl_shared {
   pthread_mutex_t lock;
   int refs;
   struct zgl_names buffers;
   struct zgl_names shader_objects; /* shaders and programs: one namespace (GL 4.6, 7.1) */
   struct zgl_names textures;
   struct zgl_names samplers;
   struct zgl_names renderbuffers;
   struct zgl_names syncs; /* GLsync values are these names */
   /* Deleted sampler objects another context may still have bound: freed
    * with the share group. */
   struct zgl_sampler **dead_samplers;
   unsigned num_dead_samplers;
};

struct zgl_stencil_face {
   GLenum func;
   GLint ref;
   GLuint value_mask, write_mask;
   GLenum fail, depth_fail, depth_pass;
};

struct zgl_blend_buffer {
   GLenum src_rgb, dst_rgb, src_alpha, dst_alpha;
   GLenum equation_rgb, equation_alpha;
};

struct zgl_pixel_store {
   GLboolean swap_bytes, lsb_first;
   GLint row_length, image_height, skip_rows, skip_pixels, skip_images, alignment;
};

struct zgl_debug_message {
   GLenum source, type, severity;
   GLuint id;
   char *text;
};

/* Which messages a debug group lets through (GL 4.6, 20.4): a severity mask
 * per (source, type), and per-id switches. */
struct zgl_debug_id_switch {
   uint8_t source, type; /* indices of the enum lists in zgl_debug.c */
   GLuint id;
   bool enabled;
};

struct zgl_debug_group {
   GLenum source;
   GLuint id;
   char *message;
   uint8_t severities[6][9]; /* bit per severity index */
   struct zgl_debug_id_switch *ids;
   unsigned num_ids;
};

struct zgl_debug {
   bool output, synchronous;
   GLDEBUGPROC callback;
   const void *user_param;
   /* The log (GL 4.6, 20.9): messages kept while no callback is set. */
   struct zgl_debug_message log[ZGL_MAX_DEBUG_LOGGED_MESSAGES];
   unsigned log_first, log_count;
   struct zgl_debug_group groups[ZGL_MAX_DEBUG_GROUP_STACK_DEPTH];
   unsigned depth; /* groups pushed; groups[0] is the default group */
};

/* State of one indexed buffer binding point (GL 4.6, 6.1.1). */
struct zgl_buffer_binding {
   struct zgl_buffer *buffer;
   GLintptr offset;
   GLsizeiptr size; /* 0: the whole buffer (glBindBufferBase) */
};

struct zgl_context {
   struct zgl_screen *screen;
   struct zgl_shared *shared;
   struct zgl_context_attribs attribs;
   int version; /* 10 * major + minor the context reports */
   bool compat; /* a compatibility context (ZGL_COMPAT_VERSION) */
   GLenum error;
   bool current;      /* on some thread */
   bool destroy_when_released;
   bool made_current; /* once: the viewport was set from the drawable */
   struct zgl_drawable *draw, *read;
   struct zkv_context *zkv; /* the command stream (zink/vk/zkv.h) */

   struct zgl_debug debug;

   /* Per-context namespaces (GL 4.6, 5.1: "container objects" are not shared). */
   struct zgl_names vertex_arrays;
   struct zgl_names framebuffers;
   struct zgl_names queries;
   struct zgl_names program_pipelines;
   struct zgl_names transform_feedbacks;

   /* Viewport and depth range (GL 4.6, 13.6.1). */
   struct {
      GLfloat x, y, width, height;
      GLdouble near_val, far_val;
   } viewport[ZGL_MAX_VIEWPORTS];
   struct {
      GLint x, y;
      GLsizei width, height;
   } scissor[ZGL_MAX_VIEWPORTS];
   uint32_t scissor_test; /* bit per viewport */

   /* Clears (GL 4.6, 17.4.3). */
   GLfloat clear_color[4];
   GLdouble clear_depth;
   GLint clear_stencil;

   /* Per-fragment operations (GL 4.6, 17.3) and masks (17.4.2). */
   bool depth_test, stencil_test, depth_mask, depth_clamp;
   GLenum depth_func;
   struct zgl_stencil_face stencil[2]; /* front, back */
   uint32_t blend_enabled;             /* bit per draw buffer */
   struct zgl_blend_buffer blend[ZGL_MAX_DRAW_BUFFERS];
   GLfloat blend_color[4];
   uint8_t color_mask[ZGL_MAX_DRAW_BUFFERS]; /* bit 0 red ... bit 3 alpha */
   bool color_logic_op;
   GLenum logic_op;
   bool dither, framebuffer_srgb, multisample, sample_alpha_to_coverage,
      sample_alpha_to_one, sample_coverage, sample_coverage_invert, sample_shading,
      sample_mask;
   GLfloat sample_coverage_value, min_sample_shading;
   GLbitfield sample_mask_value[1];

   /* Rasterization (GL 4.6, 14). */
   bool cull_face, rasterizer_discard, program_point_size, line_smooth, polygon_smooth,
      polygon_offset_fill, polygon_offset_line, polygon_offset_point, primitive_restart,
      primitive_restart_fixed_index, texture_cube_map_seamless;
   GLenum cull_face_mode, front_face, polygon_mode, provoking_vertex;
   GLfloat line_width, point_size, point_fade_threshold_size;
   GLenum point_sprite_coord_origin;
   GLfloat polygon_offset_factor, polygon_offset_units, polygon_offset_clamp;
   GLuint primitive_restart_index;
   GLenum clip_origin, clip_depth_mode;
   uint32_t clip_distance; /* bit per GL_CLIP_DISTANCEi */
   GLint patch_vertices;

   /* Hints (GL 4.6, 21.5). */
   GLenum line_smooth_hint, polygon_smooth_hint, texture_compression_hint,
      fragment_shader_derivative_hint;

   struct zgl_pixel_store pack, unpack;

   /* Buffer binding points (GL 4.6, 6.1, table 6.1). */
   struct zgl_buffer *array_buffer, *copy_read_buffer, *copy_write_buffer,
      *pixel_pack_buffer, *pixel_unpack_buffer, *texture_buffer, *draw_indirect_buffer,
      *dispatch_indirect_buffer, *query_buffer, *uniform_buffer, *shader_storage_buffer,
      *atomic_counter_buffer, *transform_feedback_buffer, *parameter_buffer;
   struct zgl_buffer_binding uniform_buffers[ZGL_MAX_UNIFORM_BUFFER_BINDINGS];
   struct zgl_buffer_binding shader_storage_buffers[ZGL_MAX_SHADER_STORAGE_BUFFER_BINDINGS];
   struct zgl_buffer_binding atomic_counter_buffers[ZGL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS];

   /* Vertex arrays (GL 4.6, 10.3). The default VAO (name 0) exists in core
    * contexts only as "no VAO bound": vertex specification and draws then
    * raise GL_INVALID_OPERATION (GL 4.6, 10.3.1). Compatibility contexts
    * have a real one, default_vertex_array, bound by glBindVertexArray(0). */
   struct zgl_vertex_array *vertex_array;
   struct zgl_vertex_array *default_vertex_array;
   /* The draw in progress: how many vertices and instances client-memory
    * arrays must provide (set by zgl_draw.c before zgl_program_state). */
   uint32_t client_vertex_count, client_instance_count;
   GLfloat current_attrib[ZGL_MAX_VERTEX_ATTRIBS][4]; /* glVertexAttrib4f & co. */
   /* Compatibility: the current normal, colours, fog and texture
    * coordinates (glColor4f & co., enum zgl_ff_array order; the vertex is
    * current_attrib[0]) and glClientActiveTexture's unit. */
   GLfloat ff_current[ZGL_MAX_TEXTURE_COORDS + 5][4];
   unsigned client_active_texture;
   /* Fixed-function drawing (zgl_ff_program.c): glShadeModel, GL_TEXTURE_2D
    * per texture unit (bit i), the programs made for draws without one. */
   GLenum shade_model;
   uint32_t texture_2d_units;
   struct zgl_program *ff_programs[4];
   /* glBegin/glEnd (zgl_immediate.c): NULL until the first glBegin. */
   struct zgl_immediate *immediate;
   /* Matrix stacks (zgl_matrix.h): model-view, projection, texture[8]. */
   GLenum matrix_mode;
   struct zgl_matrix_stack *matrices; /* [2 + ZGL_MAX_TEXTURE_COORDS], compat only */
   /* zgl_matrix_fill_gl_state's cache: the kiln_gl_state block as the
    * matrices fill it (the inverses and products cost more than a draw's
    * other work), refilled only after a matrix command changed a stack. */
   float *matrix_gl_state;
   unsigned matrix_gl_state_size_B;
   bool matrix_gl_state_stale;
   uint32_t current_attrib_integer[ZGL_MAX_VERTEX_ATTRIBS][4];
   uint8_t current_attrib_kind[ZGL_MAX_VERTEX_ATTRIBS]; /* 0 float, 1 int, 2 uint */

   /* Programs (GL 4.6, 7). */
   struct zgl_program *program; /* glUseProgram */

   /* Textures and samplers (GL 4.6, 8): per unit, per target
    * (zgl_texture.h's enum zgl_tex_target). */
   GLuint active_texture; /* index of GL_TEXTURE0 + i */
   struct zgl_texture *textures[ZGL_MAX_COMBINED_TEXTURE_IMAGE_UNITS][ZGL_TEX_TARGETS];
   struct zgl_texture *default_textures[ZGL_TEX_TARGETS]; /* the objects named 0 */
   struct zgl_texture *incomplete_textures[ZGL_TEX_TARGETS]; /* zgl_incomplete_texture() */
   struct zgl_sampler *samplers[ZGL_MAX_COMBINED_TEXTURE_IMAGE_UNITS];

   /* Framebuffers (GL 4.6, 9). 0 is the window-system framebuffer. */
   GLuint draw_framebuffer, read_framebuffer;
   struct zgl_framebuffer *draw_fbo, *read_fbo; /* NULL: the default framebuffer */
   struct zgl_renderbuffer *renderbuffer;
   GLenum draw_buffers[ZGL_MAX_DRAW_BUFFERS]; /* of the default framebuffer */
   GLenum read_buffer;

   /* Transform feedback (zgl_xfb.c): GL 3.x has one, unnamed object. */
   struct {
      bool active, paused;
      GLenum primitive_mode;
      struct zgl_program *program; /* the one capture began with */
      struct zkv_xfb_target *targets[4];
   } xfb;
   struct zgl_buffer_binding xfb_buffers[4];

   /* zgl's own programs (zgl_meta.c), made on first use. */
   struct zgl_linked *meta_clear;

   /* The active query of each target (zgl_query.c). */
   struct zgl_query *active_queries[ZGL_QUERY_SLOTS];
   struct zgl_query *condition; /* glBeginConditionalRender's */
   GLenum clamp_read_color;

   /* Strings of glGetStringi(GL_EXTENSIONS) and glGetString. */
   char renderer_string[256 + 16]; /* "zink (" device name ")" */
   char extensions_string[4096];   /* compatibility glGetString(GL_EXTENSIONS) */
};

/* The thread's current context (zgl_make_current sets it). */
extern _Thread_local struct zgl_context *zgl_current;

#define ZGL_CONTEXT(ctx, ...)                                                             \
   struct zgl_context *const ctx = zgl_current;                                          \
   if (unlikely(!ctx))                                                                   \
   return __VA_ARGS__

/* Records error (GL 4.6, 2.3.1: only the first until glGetError reads it) and
 * sends a KHR_debug message (GL_DEBUG_TYPE_ERROR) saying why. */
void zgl_error(struct zgl_context *ctx, GLenum error, const char *fmt, ...) PRINTFLIKE(3, 4);
/* Compatibility-profile commands: false, after GL_INVALID_OPERATION, in a
 * core context (zgl_client_array.c). */
bool zgl_compat_only(struct zgl_context *ctx, const char *func);
/* The program of a draw without one (compatibility; NULL on failure) and
 * their release (zgl_ff_program.c). */
struct zgl_program *zgl_ff_program(struct zgl_context *ctx);
void zgl_ff_programs_free(struct zgl_context *ctx);
/* Frees glBegin/glEnd's record (zgl_immediate.c). */
void zgl_immediate_free(struct zgl_context *ctx);

/* A KHR_debug message from the implementation (GL 4.6, 20.2). */
void zgl_debug_message(struct zgl_context *ctx, GLenum source, GLenum type, GLuint id,
                       GLenum severity, const char *text);
void zgl_debug_init(struct zgl_context *ctx);
void zgl_debug_finish(struct zgl_context *ctx);

/* How many names glGetStringi(GL_EXTENSIONS) lists (zgl_string.c). */
unsigned zgl_num_extensions(void);

/* Frees a query object. */
void zgl_query_free(void *query);

/* Frees a sync object (the share group's end). */
void zgl_sync_free(void *sync);

/* The state every new context starts with (GL 4.6, 23's "initial value"). */
void zgl_state_init(struct zgl_context *ctx);

/* GL string queries: at most bufSize - 1 characters and a terminator into
 * out; *length (if not NULL) the characters written. */
void zgl_copy_string(const char *src, GLsizei bufSize, GLsizei *length, GLchar *out);

/* The object the shared namespaces' lock guards. */
static inline void
zgl_shared_lock(struct zgl_context *ctx)
{
   pthread_mutex_lock(&ctx->shared->lock);
}

static inline void
zgl_shared_unlock(struct zgl_context *ctx)
{
   pthread_mutex_unlock(&ctx->shared->lock);
}

#endif
