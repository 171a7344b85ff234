/* SPDX-License-Identifier: MIT */
/*
 * Buffer objects (GL 4.6, 6): a zkv buffer plus GL's state of it.
 */
#ifndef ZGL_BUFFER_H
#define ZGL_BUFFER_H

#include "zgl_context.h"

struct zkv_buffer;

struct zgl_buffer {
   GLuint name;
   int refs; /* names and bindings (GL 4.6, 5.1.2: deleted objects live while bound) */
   bool deleted;
   struct zkv_buffer *zkv; /* NULL while size is 0 */
   GLsizeiptr size_B;
   GLenum usage;
   bool immutable;           /* glBufferStorage */
   GLbitfield storage_flags; /* glBufferStorage's flags (ARB_buffer_storage) */
   /* Mapping state (GL 4.6, table 6.2). */
   void *map_pointer;
   GLbitfield access_flags;
   GLintptr map_offset_B;
   GLsizeiptr map_length_B;
};

static inline GLuint
zgl_buffer_name(const struct zgl_buffer *buffer)
{
   return buffer ? buffer->name : 0;
}

struct zgl_buffer *zgl_buffer_ref(struct zgl_buffer *buffer);
/* Drops a reference; the last one frees the buffer. NULL is fine. */
void zgl_buffer_unref(struct zgl_buffer *buffer);
/* Points *slot at buffer, moving the reference. */
static inline void
zgl_buffer_bind(struct zgl_buffer **slot, struct zgl_buffer *buffer)
{
   if (*slot == buffer)
      return;
   zgl_buffer_unref(*slot);
   *slot = zgl_buffer_ref(buffer);
}

/* The slot of a glBindBuffer target, or NULL if target is not one. */
struct zgl_buffer **zgl_buffer_target(struct zgl_context *ctx, GLenum target);

/* The buffer bound to target; NULL after raising GL_INVALID_ENUM (bad
 * target) or GL_INVALID_OPERATION (no buffer bound), naming func. */
struct zgl_buffer *zgl_buffer_bound(struct zgl_context *ctx, const char *func, GLenum target);

/* A buffer by name for glNamedBuffer*; NULL after GL_INVALID_OPERATION. */
struct zgl_buffer *zgl_buffer_lookup(struct zgl_context *ctx, const char *func, GLuint name);

#endif
