/* SPDX-License-Identifier: MIT */
/*
 * Immediate mode (GL 4.6 compatibility, 10.7): glBegin, glVertex*, glEnd.
 * Each glVertex records the vertex with the current normal, colours, fog
 * and texture coordinates (ff_current); glEnd draws what was recorded with
 * glDrawArrays through a private VAO whose fixed-function arrays point at
 * the record in client memory, so quads and polygons take the same
 * rewrite as arrays do.
 */
#include <stdlib.h>
#include <string.h>

#include "zgl_context.h"
#include "zgl_draw_state.h"
#include "zgl_vertex_array.h"

/* One recorded vertex: four floats per fixed-function array, in enum
 * zgl_ff_array order: the position, then ff_current's values. */
#define VERTEX_FLOATS (4 * ZGL_FF_ARRAYS)

struct zgl_immediate {
   bool inside;  /* between glBegin and glEnd */
   GLenum mode;
   float *vertices;
   uint32_t count, capacity;
   struct zgl_vertex_array *vao;
};

void
zgl_immediate_free(struct zgl_context *ctx)
{
   if (!ctx->immediate)
      return;
   free(ctx->immediate->vertices);
   zgl_vertex_array_free(ctx->immediate->vao);
   free(ctx->immediate);
   ctx->immediate = NULL;
}

static bool
valid_mode(GLenum mode)
{
   return mode <= GL_POLYGON || (mode >= GL_LINES_ADJACENCY && mode <= GL_TRIANGLE_STRIP_ADJACENCY);
}

void GLAPIENTRY
zgl_Begin(GLenum mode)
{
   ZGL_CONTEXT(ctx);
   if (!zgl_compat_only(ctx, "glBegin"))
      return;
   if (!valid_mode(mode)) {
      zgl_error(ctx, GL_INVALID_ENUM, "glBegin(0x%x)", mode);
      return;
   }
   if (ctx->immediate && ctx->immediate->inside) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glBegin: inside glBegin/glEnd");
      return;
   }
   if (!ctx->immediate) {
      struct zgl_immediate *im = calloc(1, sizeof(*im));
      if (im)
         im->vao = zgl_vertex_array_new(0);
      if (!im || !im->vao) {
         free(im);
         zgl_error(ctx, GL_OUT_OF_MEMORY, "glBegin");
         return;
      }
      for (unsigned k = 0; k < ZGL_FF_ARRAYS; k++) {
         struct zgl_vertex_attrib *a = &im->vao->ff_attribs[k];
         a->enabled = true;
         a->size = 4;
         a->type = GL_FLOAT;
         a->normalized = false;
         im->vao->ff_bindings[k].stride_B = VERTEX_FLOATS * 4;
      }
      ctx->immediate = im;
   }
   ctx->immediate->inside = true;
   ctx->immediate->mode = mode;
   ctx->immediate->count = 0;
}

void GLAPIENTRY
zgl_End(void)
{
   ZGL_CONTEXT(ctx);
   if (!zgl_compat_only(ctx, "glEnd"))
      return;
   struct zgl_immediate *im = ctx->immediate;
   if (!im || !im->inside) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glEnd: without glBegin");
      return;
   }
   im->inside = false;
   if (!im->count)
      return;
   for (unsigned k = 0; k < ZGL_FF_ARRAYS; k++) {
      im->vao->ff_attribs[k].pointer = im->vertices + 4 * k;
      im->vao->ff_bindings[k].offset_B = (GLintptr)(im->vertices + 4 * k);
   }
   zgl_draw_arrays_with(ctx, "glEnd", im->vao, im->mode, (GLsizei)im->count);
}

/* "Vertex ... specifies a vertex; the current values are associated with
 * it" (10.7); outside glBegin/glEnd it sets the current generic attribute
 * zero (10.2.2). */
static void
vertex(struct zgl_context *ctx, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   if (!zgl_compat_only(ctx, "glVertex"))
      return;
   struct zgl_immediate *im = ctx->immediate;
   if (!im || !im->inside) {
      const GLfloat v[4] = {x, y, z, w};
      memcpy(ctx->current_attrib[0], v, sizeof(v));
      ctx->current_attrib_kind[0] = 0;
      return;
   }
   if (im->count == im->capacity) {
      const uint32_t cap = im->capacity ? im->capacity * 2 : 64;
      float *grown = realloc(im->vertices, (size_t)cap * VERTEX_FLOATS * sizeof(float));
      if (!grown) {
         zgl_error(ctx, GL_OUT_OF_MEMORY, "glVertex");
         return;
      }
      im->vertices = grown;
      im->capacity = cap;
   }
   float *out = im->vertices + (size_t)im->count++ * VERTEX_FLOATS;
   memcpy(out, ctx->ff_current, sizeof(ctx->ff_current));
   out[0] = x, out[1] = y, out[2] = z, out[3] = w;
}

_Static_assert(sizeof(((struct zgl_context *)0)->ff_current) == VERTEX_FLOATS * 4,
               "a recorded vertex holds every current value");

void GLAPIENTRY
zgl_Vertex2f(GLfloat x, GLfloat y)
{
   ZGL_CONTEXT(ctx);
   vertex(ctx, x, y, 0.0f, 1.0f);
}

void GLAPIENTRY
zgl_Vertex3f(GLfloat x, GLfloat y, GLfloat z)
{
   ZGL_CONTEXT(ctx);
   vertex(ctx, x, y, z, 1.0f);
}

void GLAPIENTRY
zgl_Vertex4f(GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   ZGL_CONTEXT(ctx);
   vertex(ctx, x, y, z, w);
}

void GLAPIENTRY
zgl_Vertex2fv(const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   vertex(ctx, v[0], v[1], 0.0f, 1.0f);
}

void GLAPIENTRY
zgl_Vertex3fv(const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   vertex(ctx, v[0], v[1], v[2], 1.0f);
}

void GLAPIENTRY
zgl_Vertex4fv(const GLfloat *v)
{
   ZGL_CONTEXT(ctx);
   vertex(ctx, v[0], v[1], v[2], v[3]);
}

void GLAPIENTRY
zgl_Vertex2i(GLint x, GLint y)
{
   ZGL_CONTEXT(ctx);
   vertex(ctx, (GLfloat)x, (GLfloat)y, 0.0f, 1.0f);
}

void GLAPIENTRY
zgl_Vertex3i(GLint x, GLint y, GLint z)
{
   ZGL_CONTEXT(ctx);
   vertex(ctx, (GLfloat)x, (GLfloat)y, (GLfloat)z, 1.0f);
}

void GLAPIENTRY
zgl_Vertex2d(GLdouble x, GLdouble y)
{
   ZGL_CONTEXT(ctx);
   vertex(ctx, (GLfloat)x, (GLfloat)y, 0.0f, 1.0f);
}

void GLAPIENTRY
zgl_Vertex3d(GLdouble x, GLdouble y, GLdouble z)
{
   ZGL_CONTEXT(ctx);
   vertex(ctx, (GLfloat)x, (GLfloat)y, (GLfloat)z, 1.0f);
}
