/* SPDX-License-Identifier: MIT */
/*
 * Vertex array objects and generic vertex attributes (GL 4.6, 10.2-10.3,
 * ARB_vertex_attrib_binding). Core profile: no default VAO, no client
 * arrays (GL 4.6, 10.3.1 and 10.3.2); compatibility contexts have both
 * (client arrays are copied at draw time, zgl_draw_state.c).
 */
#include "zgl_vertex_array.h"

#include <stdlib.h>
#include <string.h>

#include "zgl_buffer.h"

void
zgl_vertex_array_free(struct zgl_vertex_array *vao)
{
   if (!vao)
      return;
   zgl_buffer_unref(vao->element_buffer);
   for (unsigned i = 0; i < ZGL_MAX_VERTEX_ATTRIB_BINDINGS; i++)
      zgl_buffer_unref(vao->bindings[i].buffer);
   for (unsigned i = 0; i < ZGL_FF_ARRAYS; i++)
      zgl_buffer_unref(vao->ff_bindings[i].buffer);
   free(vao);
}

struct zgl_vertex_array *
zgl_vertex_array_new(GLuint name)
{
   struct zgl_vertex_array *vao = calloc(1, sizeof(*vao));
   if (!vao)
      return NULL;
   vao->name = name;
   /* Initial state (GL 4.6, table 23.3-23.4): 4 floats, binding i. */
   for (unsigned i = 0; i < ZGL_MAX_VERTEX_ATTRIBS; i++) {
      vao->attribs[i].size = 4;
      vao->attribs[i].type = GL_FLOAT;
      vao->attribs[i].binding = i;
   }
   for (unsigned i = 0; i < ZGL_MAX_VERTEX_ATTRIB_BINDINGS; i++)
      vao->bindings[i].stride_B = 16;
   /* Table 23.4 (compatibility): vertex and texture coordinates 4 floats,
    * normals 3, colours 4, secondary colours 3, fog coordinates 1. */
   for (unsigned i = 0; i < ZGL_FF_ARRAYS; i++) {
      vao->ff_attribs[i].size = i == ZGL_FF_NORMAL || i == ZGL_FF_SECONDARY_COLOR ? 3
                                : i == ZGL_FF_FOG_COORD                           ? 1
                                                                                  : 4;
      vao->ff_attribs[i].type = GL_FLOAT;
      vao->ff_attribs[i].normalized = i == ZGL_FF_NORMAL || i == ZGL_FF_COLOR ||
                                      i == ZGL_FF_SECONDARY_COLOR;
      vao->ff_bindings[i].stride_B = (GLsizei)(4 * vao->ff_attribs[i].size);
   }
   return vao;
}

void GLAPIENTRY
zgl_GenVertexArrays(GLsizei n, GLuint *arrays)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGenVertexArrays(n = %d)", n);
      return;
   }
   if (!zgl_names_gen(&ctx->vertex_arrays, n, arrays))
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glGenVertexArrays");
}

void GLAPIENTRY
zgl_CreateVertexArrays(GLsizei n, GLuint *arrays)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glCreateVertexArrays(n = %d)", n);
      return;
   }
   bool ok = zgl_names_gen(&ctx->vertex_arrays, n, arrays);
   for (GLsizei i = 0; ok && i < n; i++) {
      struct zgl_vertex_array *vao = zgl_vertex_array_new(arrays[i]);
      ok = vao && zgl_names_set(&ctx->vertex_arrays, arrays[i], vao);
      if (vao)
         vao->bound_once = true; /* "created" objects exist at once */
      if (!ok)
         free(vao);
   }
   if (!ok)
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glCreateVertexArrays");
}

void GLAPIENTRY
zgl_DeleteVertexArrays(GLsizei n, const GLuint *arrays)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDeleteVertexArrays(n = %d)", n);
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      if (arrays[i] == 0)
         continue;
      struct zgl_vertex_array *vao = zgl_names_object(&ctx->vertex_arrays, arrays[i]);
      zgl_names_remove(&ctx->vertex_arrays, arrays[i]);
      /* "If a vertex array object that is currently bound is deleted, the
       * binding for that object reverts to zero" (GL 4.6, 10.3.1). */
      if (vao && ctx->vertex_array == vao)
         ctx->vertex_array = ctx->default_vertex_array;
      zgl_vertex_array_free(vao);
   }
}

void GLAPIENTRY
zgl_BindVertexArray(GLuint array)
{
   ZGL_CONTEXT(ctx);
   if (array == 0) {
      ctx->vertex_array = ctx->default_vertex_array;
      return;
   }
   void *o = zgl_names_lookup(&ctx->vertex_arrays, array);
   if (!o) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glBindVertexArray(%u): not a vertex array name",
                array);
      return;
   }
   if (o == ZGL_NAME_RESERVED) {
      o = zgl_vertex_array_new(array);
      if (!o || !zgl_names_set(&ctx->vertex_arrays, array, o)) {
         free(o);
         zgl_error(ctx, GL_OUT_OF_MEMORY, "glBindVertexArray");
         return;
      }
   }
   ctx->vertex_array = o;
   ctx->vertex_array->bound_once = true;
}

GLboolean GLAPIENTRY
zgl_IsVertexArray(GLuint array)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   struct zgl_vertex_array *vao = zgl_names_object(&ctx->vertex_arrays, array);
   return vao && vao->bound_once;
}

/* The bound VAO for vertex specification; NULL after INVALID_OPERATION. */
static struct zgl_vertex_array *
bound_vao(struct zgl_context *ctx, const char *func)
{
   if (!ctx->vertex_array)
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: no vertex array object bound", func);
   return ctx->vertex_array;
}

static bool
check_index(struct zgl_context *ctx, const char *func, GLuint index, unsigned max)
{
   if (index >= max) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(index %u): past %u", func, index, max);
      return false;
   }
   return true;
}

static void
enable_attrib(struct zgl_context *ctx, const char *func, GLuint index, bool enabled)
{
   if (!check_index(ctx, func, index, ZGL_MAX_VERTEX_ATTRIBS))
      return;
   struct zgl_vertex_array *vao = bound_vao(ctx, func);
   if (vao)
      vao->attribs[index].enabled = enabled;
}

void GLAPIENTRY
zgl_EnableVertexAttribArray(GLuint index)
{
   ZGL_CONTEXT(ctx);
   enable_attrib(ctx, "glEnableVertexAttribArray", index, true);
}

void GLAPIENTRY
zgl_DisableVertexAttribArray(GLuint index)
{
   ZGL_CONTEXT(ctx);
   enable_attrib(ctx, "glDisableVertexAttribArray", index, false);
}

enum attrib_kind { KIND_FLOAT, KIND_INTEGER, KIND_DOUBLE };

static bool
type_allowed(GLenum type, enum attrib_kind kind)
{
   switch (type) {
   case GL_BYTE:
   case GL_UNSIGNED_BYTE:
   case GL_SHORT:
   case GL_UNSIGNED_SHORT:
   case GL_INT:
   case GL_UNSIGNED_INT:
      return kind != KIND_DOUBLE;
   case GL_FLOAT:
   case GL_HALF_FLOAT:
   case GL_FIXED:
   case GL_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_10F_11F_11F_REV:
      return kind == KIND_FLOAT;
   case GL_DOUBLE:
      return kind != KIND_INTEGER;
   default:
      return false;
   }
}

static unsigned
type_size_B(GLenum type)
{
   switch (type) {
   case GL_BYTE:
   case GL_UNSIGNED_BYTE:
      return 1;
   case GL_SHORT:
   case GL_UNSIGNED_SHORT:
   case GL_HALF_FLOAT:
      return 2;
   case GL_DOUBLE:
      return 8;
   default:
      return 4;
   }
}

/* The size of one element of the attribute, in bytes. */
static unsigned
element_size_B(GLint size, GLenum type)
{
   switch (type) {
   case GL_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_2_10_10_10_REV:
   case GL_UNSIGNED_INT_10F_11F_11F_REV:
      return 4;
   default:
      return (size == GL_BGRA ? 4 : (unsigned)size) * type_size_B(type);
   }
}

unsigned
zgl_vertex_attrib_size_B(const struct zgl_vertex_attrib *a)
{
   return element_size_B(a->size, a->type);
}

/* The format checks of VertexAttrib*Pointer and VertexAttrib*Format (GL
 * 4.6, 10.3.1-2). */
static bool
check_format(struct zgl_context *ctx, const char *func, GLint size, GLenum type,
             GLboolean normalized, enum attrib_kind kind)
{
   if (!type_allowed(type, kind)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(type 0x%x)", func, type);
      return false;
   }
   const bool bgra_ok = kind == KIND_FLOAT;
   if (!((size >= 1 && size <= 4) || (bgra_ok && size == GL_BGRA))) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(size %d)", func, size);
      return false;
   }
   if (size == GL_BGRA) {
      if (type != GL_UNSIGNED_BYTE && type != GL_INT_2_10_10_10_REV &&
          type != GL_UNSIGNED_INT_2_10_10_10_REV) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: GL_BGRA with type 0x%x", func, type);
         return false;
      }
      if (!normalized) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: GL_BGRA must be normalized", func);
         return false;
      }
   }
   if ((type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV) && size != 4 &&
       size != GL_BGRA) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: packed type with size %d", func, size);
      return false;
   }
   if (type == GL_UNSIGNED_INT_10F_11F_11F_REV && size != 3) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: UNSIGNED_INT_10F_11F_11F_REV with size %d",
                func, size);
      return false;
   }
   return true;
}

static void
set_format(struct zgl_vertex_attrib *a, GLint size, GLenum type, GLboolean normalized,
           enum attrib_kind kind, GLuint relative_offset)
{
   a->size = size;
   a->type = type;
   a->normalized = kind == KIND_FLOAT && normalized;
   a->integer = kind == KIND_INTEGER;
   a->is_double = kind == KIND_DOUBLE;
   a->relative_offset_B = relative_offset;
}

static void
attrib_pointer(struct zgl_context *ctx, const char *func, GLuint index, GLint size, GLenum type,
               GLboolean normalized, GLsizei stride, const void *pointer, enum attrib_kind kind)
{
   if (!check_index(ctx, func, index, ZGL_MAX_VERTEX_ATTRIBS))
      return;
   if (stride < 0 || stride > ZGL_MAX_VERTEX_ATTRIB_STRIDE) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(stride %d)", func, stride);
      return;
   }
   if (!check_format(ctx, func, size, type, normalized, kind))
      return;
   struct zgl_vertex_array *vao = bound_vao(ctx, func);
   if (!vao)
      return;
   /* "An INVALID_OPERATION error is generated if a non-zero vertex array
    * object is bound, zero is bound to the ARRAY_BUFFER buffer object
    * binding point, and the pointer argument is not NULL" (GL 4.6, 10.3.2);
    * with the default VAO of a compatibility context the pointer is client
    * memory (GL 4.6 compatibility, 10.3.2). */
   if (!ctx->array_buffer && pointer && vao != ctx->default_vertex_array) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: a pointer without an array buffer", func);
      return;
   }
   struct zgl_vertex_attrib *a = &vao->attribs[index];
   set_format(a, size, type, normalized, kind, 0);
   a->binding = index;
   a->pointer = pointer;
   a->array_stride_B = stride;
   struct zgl_vertex_binding *b = &vao->bindings[index];
   zgl_buffer_bind(&b->buffer, ctx->array_buffer);
   b->offset_B = (GLintptr)pointer;
   b->stride_B = stride ? stride : (GLsizei)element_size_B(size, type);
}

void GLAPIENTRY
zgl_VertexAttribPointer(GLuint index, GLint size, GLenum type, GLboolean normalized,
                        GLsizei stride, const void *pointer)
{
   ZGL_CONTEXT(ctx);
   attrib_pointer(ctx, "glVertexAttribPointer", index, size, type, normalized, stride, pointer,
                  KIND_FLOAT);
}

void GLAPIENTRY
zgl_VertexAttribIPointer(GLuint index, GLint size, GLenum type, GLsizei stride,
                         const void *pointer)
{
   ZGL_CONTEXT(ctx);
   attrib_pointer(ctx, "glVertexAttribIPointer", index, size, type, GL_FALSE, stride, pointer,
                  KIND_INTEGER);
}

void GLAPIENTRY
zgl_VertexAttribDivisor(GLuint index, GLuint divisor)
{
   ZGL_CONTEXT(ctx);
   if (!check_index(ctx, "glVertexAttribDivisor", index, ZGL_MAX_VERTEX_ATTRIBS))
      return;
   struct zgl_vertex_array *vao = bound_vao(ctx, "glVertexAttribDivisor");
   if (!vao)
      return;
   /* "equivalent to VertexAttribBinding(index, index) and
    * VertexBindingDivisor(index, divisor)" (GL 4.6, 10.3.2). */
   vao->attribs[index].binding = index;
   vao->bindings[index].divisor = divisor;
}

static void
attrib_format(struct zgl_context *ctx, const char *func, GLuint index, GLint size, GLenum type,
              GLboolean normalized, GLuint relative_offset, enum attrib_kind kind)
{
   if (!check_index(ctx, func, index, ZGL_MAX_VERTEX_ATTRIBS))
      return;
   if (relative_offset > ZGL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(relativeoffset %u)", func, relative_offset);
      return;
   }
   if (!check_format(ctx, func, size, type, normalized, kind))
      return;
   struct zgl_vertex_array *vao = bound_vao(ctx, func);
   if (vao)
      set_format(&vao->attribs[index], size, type, normalized, kind, relative_offset);
}

void GLAPIENTRY
zgl_VertexAttribFormat(GLuint attribindex, GLint size, GLenum type, GLboolean normalized,
                       GLuint relativeoffset)
{
   ZGL_CONTEXT(ctx);
   attrib_format(ctx, "glVertexAttribFormat", attribindex, size, type, normalized,
                 relativeoffset, KIND_FLOAT);
}

void GLAPIENTRY
zgl_VertexAttribIFormat(GLuint attribindex, GLint size, GLenum type, GLuint relativeoffset)
{
   ZGL_CONTEXT(ctx);
   attrib_format(ctx, "glVertexAttribIFormat", attribindex, size, type, GL_FALSE,
                 relativeoffset, KIND_INTEGER);
}

void GLAPIENTRY
zgl_VertexAttribBinding(GLuint attribindex, GLuint bindingindex)
{
   ZGL_CONTEXT(ctx);
   if (!check_index(ctx, "glVertexAttribBinding", attribindex, ZGL_MAX_VERTEX_ATTRIBS) ||
       !check_index(ctx, "glVertexAttribBinding", bindingindex, ZGL_MAX_VERTEX_ATTRIB_BINDINGS))
      return;
   struct zgl_vertex_array *vao = bound_vao(ctx, "glVertexAttribBinding");
   if (vao)
      vao->attribs[attribindex].binding = bindingindex;
}

void GLAPIENTRY
zgl_BindVertexBuffer(GLuint bindingindex, GLuint buffer, GLintptr offset, GLsizei stride)
{
   ZGL_CONTEXT(ctx);
   if (!check_index(ctx, "glBindVertexBuffer", bindingindex, ZGL_MAX_VERTEX_ATTRIB_BINDINGS))
      return;
   if (offset < 0 || stride < 0 || stride > ZGL_MAX_VERTEX_ATTRIB_STRIDE) {
      zgl_error(ctx, GL_INVALID_VALUE, "glBindVertexBuffer(offset %ld, stride %d)",
                (long)offset, stride);
      return;
   }
   struct zgl_vertex_array *vao = bound_vao(ctx, "glBindVertexBuffer");
   if (!vao)
      return;
   struct zgl_buffer *b = NULL;
   if (buffer) {
      zgl_shared_lock(ctx);
      void *o = zgl_names_lookup(&ctx->shared->buffers, buffer);
      zgl_shared_unlock(ctx);
      if (!o) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glBindVertexBuffer(%u): not a buffer name",
                   buffer);
         return;
      }
      if (o == ZGL_NAME_RESERVED) {
         /* Binding creates the object, as glBindBuffer would. */
         GLint saved = (GLint)zgl_buffer_name(ctx->copy_write_buffer);
         zgl_BindBuffer(GL_COPY_WRITE_BUFFER, buffer);
         o = ctx->copy_write_buffer;
         zgl_BindBuffer(GL_COPY_WRITE_BUFFER, (GLuint)saved);
      }
      b = o;
   }
   struct zgl_vertex_binding *vb = &vao->bindings[bindingindex];
   zgl_buffer_bind(&vb->buffer, b);
   vb->offset_B = offset;
   vb->stride_B = stride;
}

void GLAPIENTRY
zgl_VertexBindingDivisor(GLuint bindingindex, GLuint divisor)
{
   ZGL_CONTEXT(ctx);
   if (!check_index(ctx, "glVertexBindingDivisor", bindingindex,
                    ZGL_MAX_VERTEX_ATTRIB_BINDINGS))
      return;
   struct zgl_vertex_array *vao = bound_vao(ctx, "glVertexBindingDivisor");
   if (vao)
      vao->bindings[bindingindex].divisor = divisor;
}

/* ---- queries (GL 4.6, 10.5) ---------------------------------------------------- */

static bool
attrib_query(struct zgl_context *ctx, const char *func, GLuint index, GLenum pname,
             GLint64 *out, GLfloat *current_f, GLuint *current_u, bool *is_current)
{
   *is_current = false;
   if (!check_index(ctx, func, index, ZGL_MAX_VERTEX_ATTRIBS))
      return false;
   if (pname == GL_CURRENT_VERTEX_ATTRIB) {
      /* Not VAO state: no VAO is needed. */
      *is_current = true;
      memcpy(current_f, ctx->current_attrib[index], sizeof(GLfloat) * 4);
      memcpy(current_u, ctx->current_attrib_integer[index], sizeof(GLuint) * 4);
      return true;
   }
   struct zgl_vertex_array *vao = bound_vao(ctx, func);
   if (!vao)
      return false;
   const struct zgl_vertex_attrib *a = &vao->attribs[index];
   const struct zgl_vertex_binding *b = &vao->bindings[a->binding];
   switch (pname) {
   case GL_VERTEX_ATTRIB_ARRAY_ENABLED:
      *out = a->enabled;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_SIZE:
      *out = a->size;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_STRIDE:
      /* As VertexAttribPointer was given it: 0 for tightly packed. */
      *out = a->array_stride_B;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_TYPE:
      *out = a->type;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED:
      *out = a->normalized;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_INTEGER:
      *out = a->integer;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_LONG:
      *out = a->is_double;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_DIVISOR:
      *out = b->divisor;
      return true;
   case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING:
      *out = zgl_buffer_name(b->buffer);
      return true;
   case GL_VERTEX_ATTRIB_BINDING:
      *out = a->binding;
      return true;
   case GL_VERTEX_ATTRIB_RELATIVE_OFFSET:
      *out = a->relative_offset_B;
      return true;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", func, pname);
      return false;
   }
}

void GLAPIENTRY
zgl_GetVertexAttribiv(GLuint index, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   GLint64 v;
   GLfloat f[4];
   GLuint u[4];
   bool current;
   if (!attrib_query(ctx, "glGetVertexAttribiv", index, pname, &v, f, u, &current))
      return;
   if (current) {
      for (unsigned i = 0; i < 4; i++)
         params[i] = ctx->current_attrib_kind[index] ? (GLint)u[i] : (GLint)f[i];
   } else {
      params[0] = (GLint)v;
   }
}

void GLAPIENTRY
zgl_GetVertexAttribfv(GLuint index, GLenum pname, GLfloat *params)
{
   ZGL_CONTEXT(ctx);
   GLint64 v;
   GLfloat f[4];
   GLuint u[4];
   bool current;
   if (!attrib_query(ctx, "glGetVertexAttribfv", index, pname, &v, f, u, &current))
      return;
   if (current) {
      for (unsigned i = 0; i < 4; i++)
         params[i] = ctx->current_attrib_kind[index] ? (GLfloat)u[i] : f[i];
   } else {
      params[0] = (GLfloat)v;
   }
}

void GLAPIENTRY
zgl_GetVertexAttribIiv(GLuint index, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   GLint64 v;
   GLfloat f[4];
   GLuint u[4];
   bool current;
   if (!attrib_query(ctx, "glGetVertexAttribIiv", index, pname, &v, f, u, &current))
      return;
   if (current)
      memcpy(params, u, sizeof(u));
   else
      params[0] = (GLint)v;
}

void GLAPIENTRY
zgl_GetVertexAttribIuiv(GLuint index, GLenum pname, GLuint *params)
{
   ZGL_CONTEXT(ctx);
   GLint64 v;
   GLfloat f[4];
   GLuint u[4];
   bool current;
   if (!attrib_query(ctx, "glGetVertexAttribIuiv", index, pname, &v, f, u, &current))
      return;
   if (current)
      memcpy(params, u, sizeof(u));
   else
      params[0] = (GLuint)v;
}

void GLAPIENTRY
zgl_GetVertexAttribPointerv(GLuint index, GLenum pname, void **pointer)
{
   ZGL_CONTEXT(ctx);
   if (!check_index(ctx, "glGetVertexAttribPointerv", index, ZGL_MAX_VERTEX_ATTRIBS))
      return;
   if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER) {
      zgl_error(ctx, GL_INVALID_ENUM, "glGetVertexAttribPointerv(pname 0x%x)", pname);
      return;
   }
   struct zgl_vertex_array *vao = bound_vao(ctx, "glGetVertexAttribPointerv");
   if (vao)
      *pointer = (void *)vao->attribs[index].pointer;
}
