/* SPDX-License-Identifier: MIT */
/*
 * Buffer objects (GL 4.6, 6; ARB_buffer_storage): names, binding points,
 * data stores (zkv buffers), mapping, copies. Every buffer's memory is
 * host-visible and coherent (the devices zink runs on are CPUs or have
 * enough host-visible memory), so any mapping GL allows is direct.
 */
#include "zgl_buffer.h"

#include <stdlib.h>
#include <string.h>

#include "format/fmt.h"
#include "zgl_format.h"
#include "zgl_pixel_format.h"
#include "zgl_screen.h"
#include "zgl_vertex_array.h"
#include "zink/vk/zkv.h"

struct zgl_buffer *
zgl_buffer_ref(struct zgl_buffer *buffer)
{
   if (buffer)
      __atomic_add_fetch(&buffer->refs, 1, __ATOMIC_RELAXED);
   return buffer;
}

void
zgl_buffer_unref(struct zgl_buffer *buffer)
{
   if (!buffer || __atomic_sub_fetch(&buffer->refs, 1, __ATOMIC_ACQ_REL))
      return;
   zkv_buffer_destroy(buffer->zkv);
   free(buffer);
}

struct zgl_buffer **
zgl_buffer_target(struct zgl_context *ctx, GLenum target)
{
   switch (target) {
   case GL_ARRAY_BUFFER:
      return &ctx->array_buffer;
   case GL_ELEMENT_ARRAY_BUFFER:
      /* The element buffer is VAO state; with no VAO bound there is none
       * (core profile), which callers report. */
      return ctx->vertex_array ? &ctx->vertex_array->element_buffer : NULL;
   case GL_COPY_READ_BUFFER:
      return &ctx->copy_read_buffer;
   case GL_COPY_WRITE_BUFFER:
      return &ctx->copy_write_buffer;
   case GL_PIXEL_PACK_BUFFER:
      return &ctx->pixel_pack_buffer;
   case GL_PIXEL_UNPACK_BUFFER:
      return &ctx->pixel_unpack_buffer;
   case GL_TEXTURE_BUFFER:
      return &ctx->texture_buffer;
   case GL_UNIFORM_BUFFER:
      return &ctx->uniform_buffer;
   case GL_TRANSFORM_FEEDBACK_BUFFER:
      return &ctx->transform_feedback_buffer;
   case GL_DRAW_INDIRECT_BUFFER:
      return &ctx->draw_indirect_buffer;
   case GL_DISPATCH_INDIRECT_BUFFER:
      return &ctx->dispatch_indirect_buffer;
   case GL_QUERY_BUFFER:
      return &ctx->query_buffer;
   case GL_SHADER_STORAGE_BUFFER:
      return &ctx->shader_storage_buffer;
   case GL_ATOMIC_COUNTER_BUFFER:
      return &ctx->atomic_counter_buffer;
   case GL_PARAMETER_BUFFER:
      return &ctx->parameter_buffer;
   default:
      return NULL;
   }
}

static bool
is_target(GLenum target)
{
   switch (target) {
   case GL_ARRAY_BUFFER:
   case GL_ELEMENT_ARRAY_BUFFER:
   case GL_COPY_READ_BUFFER:
   case GL_COPY_WRITE_BUFFER:
   case GL_PIXEL_PACK_BUFFER:
   case GL_PIXEL_UNPACK_BUFFER:
   case GL_TEXTURE_BUFFER:
   case GL_UNIFORM_BUFFER:
   case GL_TRANSFORM_FEEDBACK_BUFFER:
   case GL_DRAW_INDIRECT_BUFFER:
   case GL_DISPATCH_INDIRECT_BUFFER:
   case GL_QUERY_BUFFER:
   case GL_SHADER_STORAGE_BUFFER:
   case GL_ATOMIC_COUNTER_BUFFER:
   case GL_PARAMETER_BUFFER:
      return true;
   default:
      return false;
   }
}

struct zgl_buffer *
zgl_buffer_bound(struct zgl_context *ctx, const char *func, GLenum target)
{
   if (!is_target(target)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      return NULL;
   }
   struct zgl_buffer **slot = zgl_buffer_target(ctx, target);
   if (!slot || !*slot) {
      /* "An INVALID_OPERATION error is generated if zero is bound to target" */
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: no buffer bound to 0x%x", func, target);
      return NULL;
   }
   return *slot;
}

struct zgl_buffer *
zgl_buffer_lookup(struct zgl_context *ctx, const char *func, GLuint name)
{
   zgl_shared_lock(ctx);
   struct zgl_buffer *b = zgl_names_object(&ctx->shared->buffers, name);
   zgl_shared_unlock(ctx);
   if (!b)
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(%u): not a buffer object", func, name);
   return b;
}

static struct zgl_buffer *
buffer_new(GLuint name)
{
   struct zgl_buffer *b = calloc(1, sizeof(*b));
   if (!b)
      return NULL;
   b->name = name;
   b->refs = 1; /* the name's */
   b->usage = GL_STATIC_DRAW;
   b->access_flags = 0;
   return b;
}

void GLAPIENTRY
zgl_GenBuffers(GLsizei n, GLuint *buffers)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGenBuffers(n = %d)", n);
      return;
   }
   zgl_shared_lock(ctx);
   const bool ok = zgl_names_gen(&ctx->shared->buffers, n, buffers);
   zgl_shared_unlock(ctx);
   if (!ok)
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glGenBuffers");
}

void GLAPIENTRY
zgl_CreateBuffers(GLsizei n, GLuint *buffers)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glCreateBuffers(n = %d)", n);
      return;
   }
   zgl_shared_lock(ctx);
   bool ok = zgl_names_gen(&ctx->shared->buffers, n, buffers);
   for (GLsizei i = 0; ok && i < n; i++) {
      struct zgl_buffer *b = buffer_new(buffers[i]);
      ok = b && zgl_names_set(&ctx->shared->buffers, buffers[i], b);
      if (!ok)
         free(b);
   }
   zgl_shared_unlock(ctx);
   if (!ok)
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glCreateBuffers");
}

static void
unmap(struct zgl_context *ctx, struct zgl_buffer *b)
{
   if (b->map_pointer)
      zkv_buffer_unmap(ctx->zkv, b->zkv);
   b->map_pointer = NULL;
   b->access_flags = 0;
   b->map_offset_B = 0;
   b->map_length_B = 0;
}

/* "If a buffer object is deleted while it is bound, all bindings to that
 * object in the current context (i.e. in the thread that called
 * DeleteBuffers) are reset to zero. Bindings to that buffer in other
 * contexts are not affected" (GL 4.6, 6.1); attachments to the bound VAO
 * are reset too (6.1 again, "including ... the currently bound vertex
 * array object"). */
static void
unbind_everywhere(struct zgl_context *ctx, struct zgl_buffer *b)
{
   struct zgl_buffer **slots[] = {
      &ctx->array_buffer,       &ctx->copy_read_buffer,         &ctx->copy_write_buffer,
      &ctx->pixel_pack_buffer,  &ctx->pixel_unpack_buffer,      &ctx->texture_buffer,
      &ctx->uniform_buffer,     &ctx->transform_feedback_buffer, &ctx->draw_indirect_buffer,
      &ctx->dispatch_indirect_buffer, &ctx->query_buffer,       &ctx->shader_storage_buffer,
      &ctx->atomic_counter_buffer, &ctx->parameter_buffer,
   };
   for (unsigned i = 0; i < ARRAY_SIZE(slots); i++) {
      if (*slots[i] == b)
         zgl_buffer_bind(slots[i], NULL);
   }
   for (unsigned i = 0; i < ZGL_MAX_UNIFORM_BUFFER_BINDINGS; i++) {
      if (ctx->uniform_buffers[i].buffer == b)
         zgl_buffer_bind(&ctx->uniform_buffers[i].buffer, NULL);
   }
   for (unsigned i = 0; i < ARRAY_SIZE(ctx->xfb_buffers); i++) {
      if (ctx->xfb_buffers[i].buffer == b)
         zgl_buffer_bind(&ctx->xfb_buffers[i].buffer, NULL);
   }
   for (unsigned i = 0; i < ZGL_MAX_SHADER_STORAGE_BUFFER_BINDINGS; i++) {
      if (ctx->shader_storage_buffers[i].buffer == b)
         zgl_buffer_bind(&ctx->shader_storage_buffers[i].buffer, NULL);
   }
   struct zgl_vertex_array *vao = ctx->vertex_array;
   if (vao) {
      if (vao->element_buffer == b)
         zgl_buffer_bind(&vao->element_buffer, NULL);
      for (unsigned i = 0; i < ZGL_MAX_VERTEX_ATTRIB_BINDINGS; i++) {
         if (vao->bindings[i].buffer == b)
            zgl_buffer_bind(&vao->bindings[i].buffer, NULL);
      }
      for (unsigned i = 0; i < ZGL_FF_ARRAYS; i++) {
         if (vao->ff_bindings[i].buffer == b)
            zgl_buffer_bind(&vao->ff_bindings[i].buffer, NULL);
      }
   }
}

void GLAPIENTRY
zgl_DeleteBuffers(GLsizei n, const GLuint *buffers)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDeleteBuffers(n = %d)", n);
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      if (buffers[i] == 0)
         continue; /* "silently ignored, as is the name zero" */
      zgl_shared_lock(ctx);
      struct zgl_buffer *b = zgl_names_object(&ctx->shared->buffers, buffers[i]);
      zgl_names_remove(&ctx->shared->buffers, buffers[i]);
      zgl_shared_unlock(ctx);
      if (!b)
         continue;
      /* "If ... mapped ... it is as though UnmapBuffer is executed" */
      unmap(ctx, b);
      b->deleted = true;
      unbind_everywhere(ctx, b);
      zgl_buffer_unref(b);
   }
}

GLboolean GLAPIENTRY
zgl_IsBuffer(GLuint buffer)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   zgl_shared_lock(ctx);
   const bool is = zgl_names_object(&ctx->shared->buffers, buffer) != NULL;
   zgl_shared_unlock(ctx);
   return is;
}

/* The object of a name being bound, made on its first bind; NULL for name
 * 0. *ok false after raising the error. */
static struct zgl_buffer *
bind_object(struct zgl_context *ctx, const char *func, GLuint name, bool *ok)
{
   *ok = true;
   if (name == 0)
      return NULL;
   zgl_shared_lock(ctx);
   void *o = zgl_names_lookup(&ctx->shared->buffers, name);
   if (o == ZGL_NAME_RESERVED) {
      o = buffer_new(name);
      if (!o || !zgl_names_set(&ctx->shared->buffers, name, o)) {
         free(o);
         zgl_shared_unlock(ctx);
         zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         *ok = false;
         return NULL;
      }
   }
   zgl_shared_unlock(ctx);
   if (!o) {
      /* Core profile: "An INVALID_OPERATION error is generated if buffer is
       * not zero or a name returned from a previous call to GenBuffers, or
       * if such a name has since been deleted" (GL 4.6, 6.1). */
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(%u): not a name from glGenBuffers", func, name);
      *ok = false;
   }
   return o;
}

void GLAPIENTRY
zgl_BindBuffer(GLenum target, GLuint buffer)
{
   ZGL_CONTEXT(ctx);
   if (!is_target(target)) {
      zgl_error(ctx, GL_INVALID_ENUM, "glBindBuffer(target 0x%x)", target);
      return;
   }
   bool ok;
   struct zgl_buffer *b = bind_object(ctx, "glBindBuffer", buffer, &ok);
   if (!ok)
      return;
   struct zgl_buffer **slot = zgl_buffer_target(ctx, target);
   if (!slot) {
      zgl_error(ctx, GL_INVALID_OPERATION,
                "glBindBuffer(GL_ELEMENT_ARRAY_BUFFER): no vertex array object bound");
      return;
   }
   zgl_buffer_bind(slot, b);
}

static struct zgl_buffer_binding *
indexed_binding(struct zgl_context *ctx, const char *func, GLenum target, GLuint index,
                struct zgl_buffer ***generic)
{
   switch (target) {
   case GL_UNIFORM_BUFFER:
      if (index >= ZGL_MAX_UNIFORM_BUFFER_BINDINGS)
         break;
      *generic = &ctx->uniform_buffer;
      return &ctx->uniform_buffers[index];
   case GL_SHADER_STORAGE_BUFFER:
      if (index >= ZGL_MAX_SHADER_STORAGE_BUFFER_BINDINGS)
         break;
      *generic = &ctx->shader_storage_buffer;
      return &ctx->shader_storage_buffers[index];
   case GL_ATOMIC_COUNTER_BUFFER:
      if (index >= ZGL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS)
         break;
      *generic = &ctx->atomic_counter_buffer;
      return &ctx->atomic_counter_buffers[index];
   case GL_TRANSFORM_FEEDBACK_BUFFER:
      if (index >= ARRAY_SIZE(ctx->xfb_buffers))
         break;
      /* "INVALID_OPERATION ... if transform feedback is active" (6.1.1) */
      if (ctx->xfb.active) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: transform feedback is active", func);
         return NULL;
      }
      *generic = &ctx->transform_feedback_buffer;
      return &ctx->xfb_buffers[index];
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      return NULL;
   }
   zgl_error(ctx, GL_INVALID_VALUE, "%s(0x%x, %u): index out of range", func, target, index);
   return NULL;
}

static void
bind_range(struct zgl_context *ctx, const char *func, GLenum target, GLuint index, GLuint buffer,
           GLintptr offset, GLsizeiptr size, bool whole)
{
   struct zgl_buffer **generic;
   struct zgl_buffer_binding *binding = indexed_binding(ctx, func, target, index, &generic);
   if (!binding)
      return;
   if (!whole && buffer != 0) {
      /* "An INVALID_VALUE error is generated if size is less than or equal
       * to zero or if offset + size is greater than the value of
       * BUFFER_SIZE" is a draw-time check; the call only checks these: */
      if (size <= 0 || offset < 0) {
         zgl_error(ctx, GL_INVALID_VALUE, "%s(offset %ld, size %ld)", func, (long)offset,
                   (long)size);
         return;
      }
      if (target == GL_TRANSFORM_FEEDBACK_BUFFER && (offset % 4 || size % 4)) {
         zgl_error(ctx, GL_INVALID_VALUE, "%s(offset %ld, size %ld): not multiples of 4", func,
                   (long)offset, (long)size);
         return;
      }
      if (target == GL_UNIFORM_BUFFER && offset % ZGL_UNIFORM_BUFFER_OFFSET_ALIGNMENT_B) {
         zgl_error(ctx, GL_INVALID_VALUE, "%s(offset %ld): not a multiple of %d", func,
                   (long)offset, ZGL_UNIFORM_BUFFER_OFFSET_ALIGNMENT_B);
         return;
      }
   }
   bool ok;
   struct zgl_buffer *b = bind_object(ctx, func, buffer, &ok);
   if (!ok)
      return;
   zgl_buffer_bind(&binding->buffer, b);
   binding->offset = whole ? 0 : offset;
   binding->size = whole ? 0 : size;
   /* "BindBufferRange and BindBufferBase ... also bind the buffer to the
    * generic binding point" (GL 4.6, 6.1.1). */
   zgl_buffer_bind(generic, b);
}

void GLAPIENTRY
zgl_BindBufferBase(GLenum target, GLuint index, GLuint buffer)
{
   ZGL_CONTEXT(ctx);
   bind_range(ctx, "glBindBufferBase", target, index, buffer, 0, 0, true);
}

void GLAPIENTRY
zgl_BindBufferRange(GLenum target, GLuint index, GLuint buffer, GLintptr offset,
                    GLsizeiptr size)
{
   ZGL_CONTEXT(ctx);
   bind_range(ctx, "glBindBufferRange", target, index, buffer, offset, size, false);
}

static bool
is_usage(GLenum usage)
{
   switch (usage) {
   case GL_STREAM_DRAW:
   case GL_STREAM_READ:
   case GL_STREAM_COPY:
   case GL_STATIC_DRAW:
   case GL_STATIC_READ:
   case GL_STATIC_COPY:
   case GL_DYNAMIC_DRAW:
   case GL_DYNAMIC_READ:
   case GL_DYNAMIC_COPY:
      return true;
   default:
      return false;
   }
}

/* A new data store of size bytes, data copied in (NULL: zeros). */
static bool
new_store(struct zgl_context *ctx, const char *func, struct zgl_buffer *b, GLsizeiptr size,
          const void *data)
{
   unmap(ctx, b);
   zkv_buffer_destroy(b->zkv);
   b->zkv = NULL;
   b->size_B = 0;
   if (size == 0)
      return true;
   VkResult result;
   b->zkv = zkv_buffer_create(ctx->screen->zkv, (VkDeviceSize)size, ZKV_BUFFER_ALL,
                              ZKV_BUFFER_MAPPABLE | ZKV_BUFFER_PERSISTENT | ZKV_BUFFER_COHERENT,
                              &result);
   if (!b->zkv) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s(%ld bytes)", func, (long)size);
      return false;
   }
   b->size_B = size;
   if (data)
      zkv_buffer_subdata(ctx->zkv, b->zkv, 0, (VkDeviceSize)size, data);
   return true;
}

static void
buffer_data(struct zgl_context *ctx, const char *func, struct zgl_buffer *b, GLsizeiptr size,
            const void *data, GLenum usage)
{
   if (size < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(size %ld)", func, (long)size);
      return;
   }
   if (!is_usage(usage)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(usage 0x%x)", func, usage);
      return;
   }
   if (b->immutable) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the buffer's storage is immutable", func);
      return;
   }
   if (new_store(ctx, func, b, size, data))
      b->usage = usage;
}

void GLAPIENTRY
zgl_BufferData(GLenum target, GLsizeiptr size, const void *data, GLenum usage)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glBufferData", target);
   if (b)
      buffer_data(ctx, "glBufferData", b, size, data, usage);
}

void GLAPIENTRY
zgl_NamedBufferData(GLuint buffer, GLsizeiptr size, const void *data, GLenum usage)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_lookup(ctx, "glNamedBufferData", buffer);
   if (b)
      buffer_data(ctx, "glNamedBufferData", b, size, data, usage);
}

static void
buffer_storage(struct zgl_context *ctx, const char *func, struct zgl_buffer *b, GLsizeiptr size,
               const void *data, GLbitfield flags)
{
   const GLbitfield known = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT |
                            GL_MAP_COHERENT_BIT | GL_DYNAMIC_STORAGE_BIT | GL_CLIENT_STORAGE_BIT;
   /* GL 4.6, 6.2: INVALID_VALUE for size <= 0, unknown flags, PERSISTENT
    * without READ or WRITE, COHERENT without PERSISTENT. */
   if (size <= 0 || (flags & ~known) ||
       ((flags & GL_MAP_PERSISTENT_BIT) && !(flags & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT))) ||
       ((flags & GL_MAP_COHERENT_BIT) && !(flags & GL_MAP_PERSISTENT_BIT))) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(size %ld, flags 0x%x)", func, (long)size, flags);
      return;
   }
   if (b->immutable) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the buffer's storage is immutable", func);
      return;
   }
   if (!new_store(ctx, func, b, size, data))
      return;
   b->immutable = true;
   b->storage_flags = flags;
   b->usage = GL_DYNAMIC_DRAW; /* "BUFFER_USAGE ... DYNAMIC_DRAW" (table 6.3) */
}

void GLAPIENTRY
zgl_BufferStorage(GLenum target, GLsizeiptr size, const void *data, GLbitfield flags)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glBufferStorage", target);
   if (b)
      buffer_storage(ctx, "glBufferStorage", b, size, data, flags);
}

void GLAPIENTRY
zgl_NamedBufferStorage(GLuint buffer, GLsizeiptr size, const void *data, GLbitfield flags)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_lookup(ctx, "glNamedBufferStorage", buffer);
   if (b)
      buffer_storage(ctx, "glNamedBufferStorage", b, size, data, flags);
}

/* Range checks shared by the sub-data commands (GL 4.6, 6.2). */
static bool
check_range(struct zgl_context *ctx, const char *func, const struct zgl_buffer *b,
            GLintptr offset, GLsizeiptr size)
{
   if (offset < 0 || size < 0 || offset + size > b->size_B) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(offset %ld, size %ld) of a %ld-byte buffer", func,
                (long)offset, (long)size, (long)b->size_B);
      return false;
   }
   /* Mapped without MAP_PERSISTENT_BIT: INVALID_OPERATION. */
   if (b->map_pointer && !(b->access_flags & GL_MAP_PERSISTENT_BIT)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the buffer is mapped", func);
      return false;
   }
   return true;
}

static void
buffer_sub_data(struct zgl_context *ctx, const char *func, struct zgl_buffer *b,
                GLintptr offset, GLsizeiptr size, const void *data)
{
   if (!check_range(ctx, func, b, offset, size))
      return;
   if (b->immutable && !(b->storage_flags & GL_DYNAMIC_STORAGE_BIT)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: immutable storage without DYNAMIC_STORAGE_BIT",
                func);
      return;
   }
   if (size && data)
      zkv_buffer_subdata(ctx->zkv, b->zkv, (VkDeviceSize)offset, (VkDeviceSize)size, data);
}

void GLAPIENTRY
zgl_BufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, const void *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glBufferSubData", target);
   if (b)
      buffer_sub_data(ctx, "glBufferSubData", b, offset, size, data);
}

void GLAPIENTRY
zgl_NamedBufferSubData(GLuint buffer, GLintptr offset, GLsizeiptr size, const void *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_lookup(ctx, "glNamedBufferSubData", buffer);
   if (b)
      buffer_sub_data(ctx, "glNamedBufferSubData", b, offset, size, data);
}

void GLAPIENTRY
zgl_GetBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, void *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glGetBufferSubData", target);
   if (!b || !check_range(ctx, "glGetBufferSubData", b, offset, size))
      return;
   if (size)
      zkv_buffer_read(ctx->zkv, b->zkv, (VkDeviceSize)offset, (VkDeviceSize)size, data);
}

static void *
map_range(struct zgl_context *ctx, const char *func, struct zgl_buffer *b, GLintptr offset,
          GLsizeiptr length, GLbitfield access)
{
   const GLbitfield known = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT |
                            GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT |
                            GL_MAP_UNSYNCHRONIZED_BIT | GL_MAP_PERSISTENT_BIT |
                            GL_MAP_COHERENT_BIT;
   if (offset < 0 || length < 0 || offset + length > b->size_B || (access & ~known)) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(offset %ld, length %ld, access 0x%x)", func,
                (long)offset, (long)length, access);
      return NULL;
   }
   const GLbitfield rw = access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT);
   const char *why = NULL;
   if (length == 0)
      why = "length is zero";
   else if (b->map_pointer)
      why = "the buffer is already mapped";
   else if (!rw)
      why = "neither MAP_READ_BIT nor MAP_WRITE_BIT";
   else if ((access & GL_MAP_READ_BIT) &&
            (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT |
                       GL_MAP_UNSYNCHRONIZED_BIT)))
      why = "MAP_READ_BIT with an invalidate or unsynchronized bit";
   else if ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !(access & GL_MAP_WRITE_BIT))
      why = "MAP_FLUSH_EXPLICIT_BIT without MAP_WRITE_BIT";
   else if (b->immutable &&
            (access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT |
                       GL_MAP_COHERENT_BIT) &
             ~b->storage_flags))
      why = "an access bit the buffer's storage flags lack";
   else if (!b->immutable && (access & (GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT)))
      why = "MAP_PERSISTENT/COHERENT on mutable storage";
   if (why) {
      /* The list of INVALID_OPERATION conditions of GL 4.6, 6.3. */
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: %s", func, why);
      return NULL;
   }
   uint32_t flags = 0;
   flags |= access & GL_MAP_READ_BIT ? ZKV_MAP_READ : 0;
   flags |= access & GL_MAP_WRITE_BIT ? ZKV_MAP_WRITE : 0;
   flags |= access & GL_MAP_UNSYNCHRONIZED_BIT ? ZKV_MAP_UNSYNCHRONIZED : 0;
   flags |= access & GL_MAP_INVALIDATE_RANGE_BIT ? ZKV_MAP_INVALIDATE_RANGE : 0;
   flags |= access & GL_MAP_INVALIDATE_BUFFER_BIT ? ZKV_MAP_INVALIDATE_BUFFER : 0;
   flags |= access & GL_MAP_FLUSH_EXPLICIT_BIT ? ZKV_MAP_FLUSH_EXPLICIT : 0;
   flags |= access & GL_MAP_PERSISTENT_BIT ? ZKV_MAP_PERSISTENT : 0;
   flags |= access & GL_MAP_COHERENT_BIT ? ZKV_MAP_COHERENT : 0;
   void *p = zkv_buffer_map(ctx->zkv, b->zkv, (VkDeviceSize)offset, (VkDeviceSize)length, flags);
   if (!p) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return NULL;
   }
   b->map_pointer = p;
   b->access_flags = access;
   b->map_offset_B = offset;
   b->map_length_B = length;
   return p;
}

void *GLAPIENTRY
zgl_MapBufferRange(GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access)
{
   ZGL_CONTEXT(ctx, NULL);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glMapBufferRange", target);
   return b ? map_range(ctx, "glMapBufferRange", b, offset, length, access) : NULL;
}

void *GLAPIENTRY
zgl_MapNamedBufferRange(GLuint buffer, GLintptr offset, GLsizeiptr length, GLbitfield access)
{
   ZGL_CONTEXT(ctx, NULL);
   struct zgl_buffer *b = zgl_buffer_lookup(ctx, "glMapNamedBufferRange", buffer);
   return b ? map_range(ctx, "glMapNamedBufferRange", b, offset, length, access) : NULL;
}

static void *
map_buffer(struct zgl_context *ctx, const char *func, struct zgl_buffer *b, GLenum access)
{
   GLbitfield bits;
   switch (access) {
   case GL_READ_ONLY:
      bits = GL_MAP_READ_BIT;
      break;
   case GL_WRITE_ONLY:
      bits = GL_MAP_WRITE_BIT;
      break;
   case GL_READ_WRITE:
      bits = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT;
      break;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(access 0x%x)", func, access);
      return NULL;
   }
   /* "MapBuffer is equivalent to MapBufferRange(target, 0, BUFFER_SIZE,
    * access bits)" (GL 4.6, 6.3.1). */
   return map_range(ctx, func, b, 0, b->size_B, bits);
}

void *GLAPIENTRY
zgl_MapBuffer(GLenum target, GLenum access)
{
   ZGL_CONTEXT(ctx, NULL);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glMapBuffer", target);
   return b ? map_buffer(ctx, "glMapBuffer", b, access) : NULL;
}

void *GLAPIENTRY
zgl_MapNamedBuffer(GLuint buffer, GLenum access)
{
   ZGL_CONTEXT(ctx, NULL);
   struct zgl_buffer *b = zgl_buffer_lookup(ctx, "glMapNamedBuffer", buffer);
   return b ? map_buffer(ctx, "glMapNamedBuffer", b, access) : NULL;
}

static void
flush_range(struct zgl_context *ctx, const char *func, struct zgl_buffer *b, GLintptr offset,
            GLsizeiptr length)
{
   if (!b->map_pointer || !(b->access_flags & GL_MAP_FLUSH_EXPLICIT_BIT)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: not mapped with MAP_FLUSH_EXPLICIT_BIT", func);
      return;
   }
   if (offset < 0 || length < 0 || offset + length > b->map_length_B) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(offset %ld, length %ld)", func, (long)offset,
                (long)length);
      return;
   }
   zkv_buffer_flush_mapped(ctx->zkv, b->zkv, (VkDeviceSize)(b->map_offset_B + offset),
                           (VkDeviceSize)length);
}

void GLAPIENTRY
zgl_FlushMappedBufferRange(GLenum target, GLintptr offset, GLsizeiptr length)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glFlushMappedBufferRange", target);
   if (b)
      flush_range(ctx, "glFlushMappedBufferRange", b, offset, length);
}

static GLboolean
unmap_buffer(struct zgl_context *ctx, const char *func, struct zgl_buffer *b)
{
   if (!b->map_pointer) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the buffer is not mapped", func);
      return GL_FALSE;
   }
   unmap(ctx, b);
   return GL_TRUE;
}

GLboolean GLAPIENTRY
zgl_UnmapBuffer(GLenum target)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glUnmapBuffer", target);
   return b ? unmap_buffer(ctx, "glUnmapBuffer", b) : GL_FALSE;
}

GLboolean GLAPIENTRY
zgl_UnmapNamedBuffer(GLuint buffer)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   struct zgl_buffer *b = zgl_buffer_lookup(ctx, "glUnmapNamedBuffer", buffer);
   return b ? unmap_buffer(ctx, "glUnmapNamedBuffer", b) : GL_FALSE;
}

static void
copy_sub_data(struct zgl_context *ctx, const char *func, struct zgl_buffer *src,
              struct zgl_buffer *dst, GLintptr read_offset, GLintptr write_offset,
              GLsizeiptr size)
{
   /* GL 4.6, 6.6: INVALID_VALUE for negative values, ranges past either
    * buffer's end, and overlapping ranges of one buffer. */
   if (read_offset < 0 || write_offset < 0 || size < 0 || read_offset + size > src->size_B ||
       write_offset + size > dst->size_B ||
       (src == dst && read_offset < write_offset + size && write_offset < read_offset + size)) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(read %ld, write %ld, size %ld)", func,
                (long)read_offset, (long)write_offset, (long)size);
      return;
   }
   if ((src->map_pointer && !(src->access_flags & GL_MAP_PERSISTENT_BIT)) ||
       (dst->map_pointer && !(dst->access_flags & GL_MAP_PERSISTENT_BIT))) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: a buffer is mapped", func);
      return;
   }
   if (size)
      zkv_buffer_copy(ctx->zkv, dst->zkv, (VkDeviceSize)write_offset, src->zkv,
                      (VkDeviceSize)read_offset, (VkDeviceSize)size);
}

void GLAPIENTRY
zgl_CopyBufferSubData(GLenum readTarget, GLenum writeTarget, GLintptr readOffset,
                      GLintptr writeOffset, GLsizeiptr size)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *src = zgl_buffer_bound(ctx, "glCopyBufferSubData", readTarget);
   if (!src)
      return;
   struct zgl_buffer *dst = zgl_buffer_bound(ctx, "glCopyBufferSubData", writeTarget);
   if (dst)
      copy_sub_data(ctx, "glCopyBufferSubData", src, dst, readOffset, writeOffset, size);
}

void GLAPIENTRY
zgl_CopyNamedBufferSubData(GLuint readBuffer, GLuint writeBuffer, GLintptr readOffset,
                           GLintptr writeOffset, GLsizeiptr size)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *src = zgl_buffer_lookup(ctx, "glCopyNamedBufferSubData", readBuffer);
   if (!src)
      return;
   struct zgl_buffer *dst = zgl_buffer_lookup(ctx, "glCopyNamedBufferSubData", writeBuffer);
   if (dst)
      copy_sub_data(ctx, "glCopyNamedBufferSubData", src, dst, readOffset, writeOffset, size);
}

static struct zgl_buffer *
buffer_by_name_value(struct zgl_context *ctx, const char *func, GLuint name)
{
   zgl_shared_lock(ctx);
   struct zgl_buffer *b = zgl_names_object(&ctx->shared->buffers, name);
   zgl_shared_unlock(ctx);
   if (!b)
      zgl_error(ctx, GL_INVALID_VALUE, "%s(%u): not a buffer object", func, name);
   return b;
}

void GLAPIENTRY
zgl_InvalidateBufferData(GLuint buffer)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = buffer_by_name_value(ctx, "glInvalidateBufferData", buffer);
   if (!b)
      return;
   if (b->map_pointer && !(b->access_flags & GL_MAP_PERSISTENT_BIT)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glInvalidateBufferData: the buffer is mapped");
      return;
   }
   if (b->zkv)
      zkv_buffer_invalidate(ctx->zkv, b->zkv);
}

void GLAPIENTRY
zgl_InvalidateBufferSubData(GLuint buffer, GLintptr offset, GLsizeiptr length)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = buffer_by_name_value(ctx, "glInvalidateBufferSubData", buffer);
   if (!b)
      return;
   if (offset < 0 || length < 0 || offset + length > b->size_B) {
      zgl_error(ctx, GL_INVALID_VALUE, "glInvalidateBufferSubData(offset %ld, length %ld)",
                (long)offset, (long)length);
      return;
   }
   if (b->map_pointer && !(b->access_flags & GL_MAP_PERSISTENT_BIT)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glInvalidateBufferSubData: the buffer is mapped");
      return;
   }
   /* Contents of the range become undefined: keeping them is allowed. */
   if (b->zkv && offset == 0 && length == b->size_B)
      zkv_buffer_invalidate(ctx->zkv, b->zkv);
}

static bool
buffer_parameter(struct zgl_context *ctx, const char *func, const struct zgl_buffer *b,
                 GLenum pname, GLint64 *value)
{
   switch (pname) {
   case GL_BUFFER_SIZE:
      *value = b->size_B;
      return true;
   case GL_BUFFER_USAGE:
      *value = b->usage;
      return true;
   case GL_BUFFER_ACCESS:
      /* The MapBuffer access of the mapping, READ_WRITE when unmapped (table 6.2). */
      switch (b->access_flags & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)) {
      case GL_MAP_READ_BIT:
         *value = GL_READ_ONLY;
         break;
      case GL_MAP_WRITE_BIT:
         *value = GL_WRITE_ONLY;
         break;
      default:
         *value = GL_READ_WRITE;
      }
      return true;
   case GL_BUFFER_ACCESS_FLAGS:
      *value = b->access_flags;
      return true;
   case GL_BUFFER_MAPPED:
      *value = b->map_pointer != NULL;
      return true;
   case GL_BUFFER_MAP_OFFSET:
      *value = b->map_offset_B;
      return true;
   case GL_BUFFER_MAP_LENGTH:
      *value = b->map_length_B;
      return true;
   case GL_BUFFER_IMMUTABLE_STORAGE:
      *value = b->immutable;
      return true;
   case GL_BUFFER_STORAGE_FLAGS:
      *value = b->immutable ? b->storage_flags
                            : GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT;
      return true;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", func, pname);
      return false;
   }
}

void GLAPIENTRY
zgl_GetBufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glGetBufferParameteriv", target);
   GLint64 v;
   if (b && buffer_parameter(ctx, "glGetBufferParameteriv", b, pname, &v))
      *params = (GLint)MIN2(v, 0x7fffffff);
}

void GLAPIENTRY
zgl_GetBufferParameteri64v(GLenum target, GLenum pname, GLint64 *params)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glGetBufferParameteri64v", target);
   GLint64 v;
   if (b && buffer_parameter(ctx, "glGetBufferParameteri64v", b, pname, &v))
      *params = v;
}

void GLAPIENTRY
zgl_GetBufferPointerv(GLenum target, GLenum pname, void **params)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glGetBufferPointerv", target);
   if (!b)
      return;
   if (pname != GL_BUFFER_MAP_POINTER) {
      zgl_error(ctx, GL_INVALID_ENUM, "glGetBufferPointerv(pname 0x%x)", pname);
      return;
   }
   *params = b->map_pointer;
}

/* ---- glClearBuffer(Sub)Data (GL 4.6, 6.5) ------------------------------------------ */

/* The sized internal formats of table 8.16 a buffer clear takes, as the
 * VkFormat whose texel layout the buffer gets. */
static VkFormat
clear_format(GLenum internalformat)
{
   switch (internalformat) {
#define F(gl, vk) case gl: return VK_FORMAT_##vk
   F(GL_R8, R8_UNORM); F(GL_R16, R16_UNORM); F(GL_R16F, R16_SFLOAT); F(GL_R32F, R32_SFLOAT);
   F(GL_R8I, R8_SINT); F(GL_R16I, R16_SINT); F(GL_R32I, R32_SINT); F(GL_R8UI, R8_UINT);
   F(GL_R16UI, R16_UINT); F(GL_R32UI, R32_UINT); F(GL_RG8, R8G8_UNORM); F(GL_RG16, R16G16_UNORM);
   F(GL_RG16F, R16G16_SFLOAT); F(GL_RG32F, R32G32_SFLOAT); F(GL_RG8I, R8G8_SINT);
   F(GL_RG16I, R16G16_SINT); F(GL_RG32I, R32G32_SINT); F(GL_RG8UI, R8G8_UINT);
   F(GL_RG16UI, R16G16_UINT); F(GL_RG32UI, R32G32_UINT); F(GL_RGB32F, R32G32B32_SFLOAT);
   F(GL_RGB32I, R32G32B32_SINT); F(GL_RGB32UI, R32G32B32_UINT); F(GL_RGBA8, R8G8B8A8_UNORM);
   F(GL_RGBA16, R16G16B16A16_UNORM); F(GL_RGBA16F, R16G16B16A16_SFLOAT);
   F(GL_RGBA32F, R32G32B32A32_SFLOAT); F(GL_RGBA8I, R8G8B8A8_SINT);
   F(GL_RGBA16I, R16G16B16A16_SINT); F(GL_RGBA32I, R32G32B32A32_SINT);
   F(GL_RGBA8UI, R8G8B8A8_UINT); F(GL_RGBA16UI, R16G16B16A16_UINT);
   F(GL_RGBA32UI, R32G32B32A32_UINT);
#undef F
   default:
      return VK_FORMAT_UNDEFINED;
   }
}

static void
clear_sub_data(struct zgl_context *ctx, const char *func, struct zgl_buffer *b,
               GLenum internalformat, GLintptr offset, GLsizeiptr size, GLenum format,
               GLenum type, const void *data)
{
   const VkFormat vk = clear_format(internalformat);
   if (vk == VK_FORMAT_UNDEFINED) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(internalformat 0x%x)", func, internalformat);
      return;
   }
   const GLenum e = zgl_pixel_format_check(format, type);
   if (e != GL_NO_ERROR || format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX ||
       format == GL_DEPTH_STENCIL) {
      zgl_error(ctx, e != GL_NO_ERROR ? e : GL_INVALID_VALUE, "%s(format 0x%x, type 0x%x)",
                func, format, type);
      return;
   }
   const enum kil_format kil = zgl_kil_format(vk);
   const unsigned element = kil_format_el_size_B(kil);
   /* GL 4.6, 6.5: INVALID_VALUE for a range outside the buffer or not a
    * multiple of the element size; INVALID_OPERATION when mapped. */
   if (offset < 0 || size < 0 || offset + size > b->size_B || offset % element ||
       size % element) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(offset %ld, size %ld)", func, (long)offset,
                (long)size);
      return;
   }
   if (b->map_pointer && !(b->access_flags & GL_MAP_PERSISTENT_BIT)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the buffer is mapped", func);
      return;
   }
   const bool integer = fmt_format_class(kil) != FMT_CLASS_FLOAT;
   if (data && integer != zgl_pixel_format_is_integer(format)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: integer and non-integer formats", func);
      return;
   }
   if (!size || !b->zkv)
      return;
   /* NULL data clears to zero (6.5). */
   uint8_t pattern[16] = {0};
   if (data) {
      float rgba[4];
      int64_t irgba[4];
      double depth;
      uint32_t stencil;
      zgl_unpack_pixel(format, type, data, rgba, irgba, &depth, &stencil);
      union fmt_texel v;
      const enum fmt_class cls = fmt_format_class(kil);
      for (unsigned i = 0; i < 4; i++) {
         if (cls == FMT_CLASS_FLOAT)
            v.f[i] = rgba[i];
         else if (cls == FMT_CLASS_UINT)
            v.u[i] = (uint32_t)irgba[i];
         else
            v.i[i] = (int32_t)irgba[i];
      }
      fmt_pack_color(kil, &v, pattern);
   }
   zkv_buffer_clear(ctx->zkv, b->zkv, (VkDeviceSize)offset, (VkDeviceSize)size, pattern,
                    element);
}

void GLAPIENTRY
zgl_ClearBufferSubData(GLenum target, GLenum internalformat, GLintptr offset, GLsizeiptr size,
                       GLenum format, GLenum type, const void *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glClearBufferSubData", target);
   if (b)
      clear_sub_data(ctx, "glClearBufferSubData", b, internalformat, offset, size, format, type,
                     data);
}

void GLAPIENTRY
zgl_ClearBufferData(GLenum target, GLenum internalformat, GLenum format, GLenum type,
                    const void *data)
{
   ZGL_CONTEXT(ctx);
   struct zgl_buffer *b = zgl_buffer_bound(ctx, "glClearBufferData", target);
   if (b)
      clear_sub_data(ctx, "glClearBufferData", b, internalformat, 0, b->size_B, format, type,
                     data);
}
