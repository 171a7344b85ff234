/* SPDX-License-Identifier: MIT */
/*
 * Shader and program objects (GL 4.6, 7): one namespace, told apart by
 * their header. A linked program holds kgl's reflection, the lowering's
 * tables (zk_program_info), the zkv program and the default uniform
 * block's CPU copy.
 */
#ifndef ZGL_PROGRAM_H
#define ZGL_PROGRAM_H

#include "zgl_context.h"
#include "zink/compiler/kgl.h"
#include "zink/compiler/zk_compiler.h"

struct zkv_program;
struct arena;

struct zgl_shader_object {
   GLuint name;
   bool is_program;
   bool delete_pending; /* glDelete* while attached or current */
};

struct zgl_shader {
   struct zgl_shader_object base;
   GLenum type;
   enum kgl_stage stage;
   char *source;
   bool compiled;
   char *info_log;
   int attached; /* programs it is attached to */
   struct kgl_shader *kgl;
};

/* glBindAttribLocation / glBindFragDataLocationIndexed: applied at the
 * next link (GL 4.6, 11.1.1, 15.2.3). */
struct zgl_location_binding {
   char *name;
   GLuint location;
   GLuint index; /* fragment outputs: the blend index */
};

/* What a GL uniform location names (GL 4.6, 7.6): element `element` of a
 * default-block uniform, or of a sampler uniform. */
struct zgl_uniform_slot {
   const struct zk_uniform *uniform; /* NULL for samplers */
   int sampler;                      /* index into samplers, or -1 */
   unsigned element;
   GLenum gl_type;
   unsigned array_size; /* of the whole uniform; 0 not an array */
};

/* A sampler uniform: the texture unit each element reads
 * (glUniform1i), and the descriptor slot it feeds. */
struct zgl_sampler_uniform {
   const char *name; /* as reflected ("s" or "s[0]") */
   int location;     /* of element 0 */
   const struct zk_resource *resource;
   GLenum gl_type;
   unsigned count;
   GLint units[ZGL_MAX_COMBINED_TEXTURE_IMAGE_UNITS];
};

struct zgl_linked {
   struct arena *arena;
   struct kgl_program *kgl;
   struct zk_program_info info;
   struct zkv_program *zkv;
   /* glShadeModel(GL_FLAT)'s variant (colour varyings flat), made at the
    * first flat-shaded draw (zgl_linked_flat_variant). */
   struct zkv_program *zkv_flat;
   uint32_t stages; /* bit per kgl_stage */
   uint8_t *uniform_data; /* the default uniform block, std140 */
   struct zgl_uniform_slot *slots; /* by GL uniform location */
   unsigned num_slots;
   struct zgl_sampler_uniform *samplers;
   unsigned num_samplers;
   /* Uniform blocks: binding point of each (glUniformBlockBinding), by
    * the block's index in kgl's reflection. */
   GLuint *block_bindings;
   unsigned num_blocks;
   /* GL attribute index that feeds each shader input location. */
   int attrib_index[ZGL_MAX_VERTEX_ATTRIBS];
   /* Transform feedback the program captures (zgl_xfb.c). */
   struct zgl_xfb_varying *xfb_varyings;
   unsigned num_xfb_varyings;
   GLenum xfb_mode;
   unsigned xfb_stride_B[4]; /* per buffer; 0: unused */
   GLenum xfb_output_primitive; /* GS output primitive, 0 without a GS */
   /* Draw buffer each fragment output location writes (-1: none). */
   int frag_output_buffer[ZGL_MAX_DRAW_BUFFERS];
   /* The fragment output of index 1 (dual-source blending), NULL if none. */
   const char *frag_index1_output;
};

/* One captured varying of the linked program (GL 4.6, 11.1.2.1). */
struct zgl_xfb_varying {
   const char *name;
   GLenum gl_type;
   GLint size;
};

struct zgl_program {
   struct zgl_shader_object base;
   /* glTransformFeedbackVaryings, applied at the next link. */
   char **xfb_names;
   unsigned num_xfb_names;
   GLenum xfb_mode;
   struct zgl_shader **shaders;
   unsigned num_shaders;
   bool link_status, validate_status;
   bool ever_linked;
   char *info_log;
   struct zgl_location_binding *attrib_bindings, *frag_bindings;
   unsigned num_attrib_bindings, num_frag_bindings;
   struct zgl_linked *linked; /* the last successful link; NULL if none */
   /* glUseProgram'd programs keep the executable of their last successful
    * link even when a relink fails (GL 4.6, 7.3). */
};

static inline GLuint
zgl_program_name(const struct zgl_program *program)
{
   return program ? program->base.name : 0;
}

/* The shader or program of a name, with GL's errors: INVALID_VALUE when
 * the name is neither, INVALID_OPERATION when it is the other kind (GL 4.6,
 * 7.1, 7.3). NULL after the error. */
struct zgl_shader *zgl_shader_lookup(struct zgl_context *ctx, const char *func, GLuint name);
struct zgl_program *zgl_program_lookup(struct zgl_context *ctx, const char *func, GLuint name);

void zgl_shader_free(struct zgl_shader *shader);
void zgl_program_free(struct zgl_program *program);
void zgl_linked_free(struct zgl_linked *linked);
/* The program with zink/compiler's flatshade key (the colour varyings
 * flat: glShadeModel(GL_FLAT), GL 4.6 compatibility 14.6.4), made once;
 * l->zkv when it cannot be made (or the program captures transform
 * feedback, whose outputs the first link resolved). */
struct zkv_program *zgl_linked_flat_variant(struct zgl_context *ctx, struct zgl_linked *l);

/* Links a program: kgl, spirv_to_nir, zk_lower_program, ntv, zkv. The new
 * executable or NULL with *log saying why (malloc'd). */
struct zgl_linked *zgl_link(struct zgl_context *ctx, struct zgl_program *program, char **log);

/* A shader object whose delete was deferred goes once nothing holds it. */
void zgl_shader_release(struct zgl_context *ctx, struct zgl_shader *shader);



/* The transform feedback of a linking program: decorates the last
 * pre-rasterization stage's outputs (ntv_split_xfb_outputs) and fills
 * l->xfb_*. False with *log (malloc'd) on a link error. */
/* Applies glBindFragDataLocationIndexed's index-1 bindings to the fragment
 * shader's outputs; the name of the index-1 output (fs's memory), or NULL. */
const char *zgl_frag_index_apply(const struct zgl_program *p, struct nir_shader *fs);

bool zgl_link_xfb(const struct zgl_program *p, struct zgl_linked *l,
                  struct nir_shader *stages[NIR_STAGE_COUNT], char **log);

/* Checks a draw's mode against active transform feedback and fills the
 * capture state; false after the error. */
struct zkv_draw_state;
bool zgl_xfb_draw_state(struct zgl_context *ctx, const char *func, GLenum mode,
                        struct zkv_draw_state *s);

/* A uniform name query ("a", "a[0]", "a[2]") against a reflected name
 * ("a" or "a[0]" for arrays): true on a match, with *element the array
 * element asked for (NULL: only element 0 matches). */
bool zgl_uniform_name_matches(const char *reflected, const char *query, unsigned *element);

/* The matrix stride of a block member (std140: 16 bytes per column or row
 * vector), 0 for non-matrices. */
GLint zgl_matrix_stride(const struct kgl_reflection_entry *e);
#endif
