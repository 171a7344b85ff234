/* SPDX-License-Identifier: MIT */
/*
 * KHR_debug object labels (GL 4.6, 20.7): glObjectLabel, glObjectPtrLabel
 * and their queries. Labels live with the names (zgl_names.h), so deleting
 * an object drops its label.
 */
#include <string.h>

#include "zgl_program.h"

/* The namespace of an identifier, and whether name is an object of that
 * type in it; the shared ones are locked by the caller. */
static struct zgl_names *
names_of(struct zgl_context *ctx, GLenum identifier, bool *shared)
{
   *shared = true;
   switch (identifier) {
   case GL_BUFFER:
      return &ctx->shared->buffers;
   case GL_SHADER:
   case GL_PROGRAM:
      return &ctx->shared->shader_objects;
   case GL_TEXTURE:
      return &ctx->shared->textures;
   case GL_SAMPLER:
      return &ctx->shared->samplers;
   case GL_RENDERBUFFER:
      return &ctx->shared->renderbuffers;
   default:
      break;
   }
   *shared = false;
   switch (identifier) {
   case GL_VERTEX_ARRAY:
      return &ctx->vertex_arrays;
   case GL_QUERY:
      return &ctx->queries;
   case GL_FRAMEBUFFER:
      return &ctx->framebuffers;
   case GL_PROGRAM_PIPELINE:
      return &ctx->program_pipelines;
   case GL_TRANSFORM_FEEDBACK:
      return &ctx->transform_feedbacks;
   default:
      return NULL;
   }
}

static bool
is_object(struct zgl_names *names, GLenum identifier, GLuint name)
{
   void *o = zgl_names_object(names, name);
   if (!o)
      return false;
   if (identifier == GL_SHADER || identifier == GL_PROGRAM)
      return ((struct zgl_shader_object *)o)->is_program == (identifier == GL_PROGRAM);
   return true;
}

/* The label's length, or -1 after INVALID_VALUE for one too long. */
static GLsizei
label_length(struct zgl_context *ctx, const char *func, GLsizei length, const GLchar *label)
{
   const size_t n = length < 0 ? strlen(label) : (size_t)length;
   if (n >= ZGL_MAX_LABEL_LENGTH) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s: a label of %zu characters", func, n);
      return -1;
   }
   return (GLsizei)n;
}

static void
set_label(struct zgl_context *ctx, const char *func, struct zgl_names *names, bool shared,
          GLenum identifier, GLuint name, GLsizei length, const GLchar *label)
{
   GLsizei n = 0;
   if (label && (n = label_length(ctx, func, length, label)) < 0)
      return;
   if (shared)
      zgl_shared_lock(ctx);
   bool ok = is_object(names, identifier, name);
   bool stored = ok && zgl_names_set_label(names, name, label, (size_t)n);
   if (shared)
      zgl_shared_unlock(ctx);
   /* "INVALID_VALUE ... if name is not the name of an existing object of
    * the type specified by identifier" (20.7). */
   if (!ok)
      zgl_error(ctx, GL_INVALID_VALUE, "%s(0x%x, %u): no such object", func, identifier, name);
   else if (!stored)
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
}

void GLAPIENTRY
zgl_ObjectLabel(GLenum identifier, GLuint name, GLsizei length, const GLchar *label)
{
   ZGL_CONTEXT(ctx);
   bool shared;
   struct zgl_names *names = names_of(ctx, identifier, &shared);
   if (!names) {
      zgl_error(ctx, GL_INVALID_ENUM, "glObjectLabel(identifier 0x%x)", identifier);
      return;
   }
   set_label(ctx, "glObjectLabel", names, shared, identifier, name, length, label);
}

void GLAPIENTRY
zgl_GetObjectLabel(GLenum identifier, GLuint name, GLsizei bufSize, GLsizei *length,
                   GLchar *label)
{
   ZGL_CONTEXT(ctx);
   bool shared;
   struct zgl_names *names = names_of(ctx, identifier, &shared);
   if (!names) {
      zgl_error(ctx, GL_INVALID_ENUM, "glGetObjectLabel(identifier 0x%x)", identifier);
      return;
   }
   if (bufSize < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetObjectLabel(bufSize %d)", bufSize);
      return;
   }
   if (shared)
      zgl_shared_lock(ctx);
   const bool ok = is_object(names, identifier, name);
   char copy[ZGL_MAX_LABEL_LENGTH] = {0};
   const char *l = ok ? zgl_names_label(names, name) : NULL;
   if (l)
      strncpy(copy, l, sizeof(copy) - 1);
   if (shared)
      zgl_shared_unlock(ctx);
   if (!ok) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetObjectLabel(0x%x, %u): no such object", identifier,
                name);
      return;
   }
   if (label)
      zgl_copy_string(copy, bufSize, length, label);
   else if (length)
      *length = (GLsizei)strlen(copy);
}

void GLAPIENTRY
zgl_ObjectPtrLabel(const void *ptr, GLsizei length, const GLchar *label)
{
   ZGL_CONTEXT(ctx);
   const uintptr_t name = (uintptr_t)ptr;
   /* Sync objects are the only pointer-named objects; their handles are
    * names of the share group's sync namespace (zgl_sync.c). */
   GLsizei n = 0;
   if (label && (n = label_length(ctx, "glObjectPtrLabel", length, label)) < 0)
      return;
   zgl_shared_lock(ctx);
   const bool ok = name && name <= UINT32_MAX &&
                   zgl_names_object(&ctx->shared->syncs, (uint32_t)name) != NULL;
   const bool stored = ok && zgl_names_set_label(&ctx->shared->syncs, (uint32_t)name, label,
                                                 (size_t)n);
   zgl_shared_unlock(ctx);
   if (!ok)
      zgl_error(ctx, GL_INVALID_VALUE, "glObjectPtrLabel: not a sync object");
   else if (!stored)
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glObjectPtrLabel");
}

void GLAPIENTRY
zgl_GetObjectPtrLabel(const void *ptr, GLsizei bufSize, GLsizei *length, GLchar *label)
{
   ZGL_CONTEXT(ctx);
   if (bufSize < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetObjectPtrLabel(bufSize %d)", bufSize);
      return;
   }
   const uintptr_t name = (uintptr_t)ptr;
   char copy[ZGL_MAX_LABEL_LENGTH] = {0};
   zgl_shared_lock(ctx);
   const bool ok = name && name <= UINT32_MAX &&
                   zgl_names_object(&ctx->shared->syncs, (uint32_t)name) != NULL;
   const char *l = ok ? zgl_names_label(&ctx->shared->syncs, (uint32_t)name) : NULL;
   if (l)
      strncpy(copy, l, sizeof(copy) - 1);
   zgl_shared_unlock(ctx);
   if (!ok) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetObjectPtrLabel: not a sync object");
      return;
   }
   if (label)
      zgl_copy_string(copy, bufSize, length, label);
   else if (length)
      *length = (GLsizei)strlen(copy);
}
