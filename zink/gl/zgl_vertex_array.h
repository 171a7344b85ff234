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

struct zgl_vertex_array {
   GLuint name;
   bool bound_once; /* glIsVertexArray is true only after the first bind */
   struct zgl_vertex_attrib attribs[ZGL_MAX_VERTEX_ATTRIBS];
   struct zgl_vertex_binding bindings[ZGL_MAX_VERTEX_ATTRIB_BINDINGS];
   struct zgl_buffer *element_buffer;
};

static inline GLuint
zgl_vertex_array_name(const struct zgl_vertex_array *vao)
{
   return vao ? vao->name : 0;
}

void zgl_vertex_array_free(struct zgl_vertex_array *vao);

#endif
