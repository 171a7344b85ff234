/* SPDX-License-Identifier: MIT */
/*
 * Vertex array objects (GL 4.6, 10.3) with ARB_vertex_attrib_binding's
 * split of attributes (format, binding index) and bindings (buffer,
 * offset, stride, divisor).
 */
#ifndef ZGL_VERTEX_ARRAY_H
#define ZGL_VERTEX_ARRAY_H

#include "zgl_context.h"

struct zgl_buffer;

struct zgl_vertex_attrib {
   bool enabled;
   GLint size;     /* 1..4 or GL_BGRA */
   GLenum type;
   bool normalized;
   bool integer;   /* glVertexAttribIPointer / IFormat */
   bool is_double; /* glVertexAttribLPointer / LFormat */
   GLuint relative_offset_B;
   GLuint binding;
   const void *pointer; /* GL_VERTEX_ATTRIB_ARRAY_POINTER as last given */
   GLsizei array_stride_B; /* GL_VERTEX_ATTRIB_ARRAY_STRIDE: as given, 0 when packed */
};

struct zgl_vertex_binding {
   struct zgl_buffer *buffer;
   GLintptr offset_B;
   GLsizei stride_B;
   GLuint divisor;
};

/* The fixed-function arrays of the compatibility profile (GL 4.6
 * compatibility, 10.3.2), read by the compatibility inputs zink/compiler
 * locates (gl_Vertex, gl_Normal, ...: zk_attribute.compat), in its order. */
enum zgl_ff_array {
   ZGL_FF_VERTEX,
   ZGL_FF_NORMAL,
   ZGL_FF_COLOR,
   ZGL_FF_SECONDARY_COLOR,
   ZGL_FF_FOG_COORD,
   ZGL_FF_TEXCOORD0,
   ZGL_FF_ARRAYS = ZGL_FF_TEXCOORD0 + ZGL_MAX_TEXTURE_COORDS,
};

struct zgl_vertex_array {
   GLuint name;
   bool bound_once; /* glIsVertexArray is true only after the first bind */
   struct zgl_vertex_attrib attribs[ZGL_MAX_VERTEX_ATTRIBS];
   struct zgl_vertex_binding bindings[ZGL_MAX_VERTEX_ATTRIB_BINDINGS];
   struct zgl_buffer *element_buffer;
   /* Fixed-function arrays: attribute k reads ff_bindings[k]. */
   struct zgl_vertex_attrib ff_attribs[ZGL_FF_ARRAYS];
   struct zgl_vertex_binding ff_bindings[ZGL_FF_ARRAYS];
};

static inline GLuint
zgl_vertex_array_name(const struct zgl_vertex_array *vao)
{
   return vao ? vao->name : 0;
}

/* Bytes one element of the attribute's array takes. */
unsigned zgl_vertex_attrib_size_B(const struct zgl_vertex_attrib *a);

/* Whether an enabled attribute reads client memory (a compatibility
 * context's default VAO with no buffer behind it). */
static inline bool
zgl_vertex_attrib_is_client(const struct zgl_vertex_array *vao, const struct zgl_vertex_attrib *a)
{
   return a->enabled && vao->name == 0 && !vao->bindings[a->binding].buffer;
}

static inline bool
zgl_ff_array_is_client(const struct zgl_vertex_array *vao, unsigned k)
{
   return vao->ff_attribs[k].enabled && vao->name == 0 && !vao->ff_bindings[k].buffer;
}

/* The fixed-function array an EnableClientState name (GL_VERTEX_ARRAY,
 * ...) selects, -1 if none (GL 4.6 compatibility, 10.3.3). */
int zgl_client_state_array(const struct zgl_context *ctx, GLenum array);

/* The fixed-function array a compatibility input reads ("gl_Color"), -1 if
 * the name is none. */
int zgl_ff_array_of_input(const char *name);

/* A VAO in its initial state; NULL on out-of-memory. */
struct zgl_vertex_array *zgl_vertex_array_new(GLuint name);
void zgl_vertex_array_free(struct zgl_vertex_array *vao);

#endif
