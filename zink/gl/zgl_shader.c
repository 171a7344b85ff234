/* SPDX-License-Identifier: MIT */
/*
 * Shader objects (GL 4.6, 7.1-7.2): source, compilation through kgl,
 * info logs, queries. A shader that does not compile answers with its log,
 * never a crash.
 */
#include <stdlib.h>
#include <string.h>

#include "zgl_program.h"
#include "zgl_screen.h"

/* The kgl stage of a shader type zgl compiles; false for others. */
static bool
stage_of(GLenum type, enum kgl_stage *stage)
{
   switch (type) {
   case GL_VERTEX_SHADER:
      *stage = KGL_STAGE_VERTEX;
      return true;
   case GL_GEOMETRY_SHADER:
      *stage = KGL_STAGE_GEOMETRY;
      return true;
   case GL_FRAGMENT_SHADER:
      *stage = KGL_STAGE_FRAGMENT;
      return true;
   default:
      /* Tessellation and compute shaders come with GL 4.0 / 4.3. */
      return false;
   }
}

static struct zgl_shader_object *
object_lookup(struct zgl_context *ctx, GLuint name)
{
   zgl_shared_lock(ctx);
   struct zgl_shader_object *o = zgl_names_object(&ctx->shared->shader_objects, name);
   zgl_shared_unlock(ctx);
   return o;
}

struct zgl_shader *
zgl_shader_lookup(struct zgl_context *ctx, const char *func, GLuint name)
{
   struct zgl_shader_object *o = object_lookup(ctx, name);
   if (!o) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(%u): not a shader or program name", func, name);
      return NULL;
   }
   if (o->is_program) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(%u): a program, not a shader", func, name);
      return NULL;
   }
   return (struct zgl_shader *)o;
}

struct zgl_program *
zgl_program_lookup(struct zgl_context *ctx, const char *func, GLuint name)
{
   struct zgl_shader_object *o = object_lookup(ctx, name);
   if (!o) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(%u): not a shader or program name", func, name);
      return NULL;
   }
   if (!o->is_program) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(%u): a shader, not a program", func, name);
      return NULL;
   }
   return (struct zgl_program *)o;
}

void
zgl_shader_free(struct zgl_shader *shader)
{
   if (!shader)
      return;
   kgl_shader_destroy(shader->kgl);
   free(shader->source);
   free(shader->info_log);
   free(shader);
}

void
zgl_shader_release(struct zgl_context *ctx, struct zgl_shader *shader)
{
   if (!shader->base.delete_pending || shader->attached)
      return;
   zgl_shared_lock(ctx);
   zgl_names_remove(&ctx->shared->shader_objects, shader->base.name);
   zgl_shared_unlock(ctx);
   zgl_shader_free(shader);
}

GLuint GLAPIENTRY
zgl_CreateShader(GLenum type)
{
   ZGL_CONTEXT(ctx, 0);
   enum kgl_stage stage;
   /* A device without geometry shaders (kiln today) has GL 3.1's stages:
    * GL_GEOMETRY_SHADER is then not an accepted type. */
   if (!stage_of(type, &stage) ||
       (stage == KGL_STAGE_GEOMETRY && !ctx->screen->caps->features.geometryShader)) {
      zgl_error(ctx, GL_INVALID_ENUM, "glCreateShader(0x%x)", type);
      return 0;
   }
   struct zgl_shader *s = calloc(1, sizeof(*s));
   GLuint name = 0;
   zgl_shared_lock(ctx);
   bool ok = s && zgl_names_gen(&ctx->shared->shader_objects, 1, &name) &&
             zgl_names_set(&ctx->shared->shader_objects, name, s);
   zgl_shared_unlock(ctx);
   if (!ok) {
      free(s);
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glCreateShader");
      return 0;
   }
   s->base.name = name;
   s->type = type;
   s->stage = stage;
   return name;
}

void GLAPIENTRY
zgl_DeleteShader(GLuint shader)
{
   ZGL_CONTEXT(ctx);
   if (shader == 0)
      return; /* "silently ignored" */
   struct zgl_shader *s = zgl_shader_lookup(ctx, "glDeleteShader", shader);
   if (!s)
      return;
   /* "If a shader object is deleted while it is attached to a program
    * object, it will be flagged for deletion" (GL 4.6, 7.1). */
   s->base.delete_pending = true;
   zgl_shader_release(ctx, s);
}

GLboolean GLAPIENTRY
zgl_IsShader(GLuint shader)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   struct zgl_shader_object *o = shader ? object_lookup(ctx, shader) : NULL;
   return o && !o->is_program;
}

void GLAPIENTRY
zgl_ShaderSource(GLuint shader, GLsizei count, const GLchar *const *string, const GLint *length)
{
   ZGL_CONTEXT(ctx);
   if (count < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glShaderSource(count %d)", count);
      return;
   }
   struct zgl_shader *s = zgl_shader_lookup(ctx, "glShaderSource", shader);
   if (!s)
      return;
   size_t total = 0;
   for (GLsizei i = 0; i < count; i++)
      total += length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
   char *src = malloc(total + 1);
   if (!src) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glShaderSource");
      return;
   }
   size_t at = 0;
   for (GLsizei i = 0; i < count; i++) {
      const size_t n = length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
      memcpy(src + at, string[i], n);
      at += n;
   }
   src[at] = 0;
   free(s->source);
   s->source = src;
}

void GLAPIENTRY
zgl_CompileShader(GLuint shader)
{
   ZGL_CONTEXT(ctx);
   struct zgl_shader *s = zgl_shader_lookup(ctx, "glCompileShader", shader);
   if (!s)
      return;
   kgl_shader_destroy(s->kgl);
   s->kgl = NULL;
   free(s->info_log);
   s->info_log = NULL;
   const char *src = s->source ? s->source : "";
   const struct kgl_shader_desc desc = {
      .stage = s->stage,
      .strings = &src,
      .count = 1,
      .default_version = 110,
      .forward_compatible = ctx->attribs.forward_compatible,
   };
   const enum kgl_result r = kgl_shader_create(&desc, &s->kgl);
   s->compiled = r == KGL_SUCCESS && kgl_shader_compiled(s->kgl);
   if (s->kgl)
      s->info_log = strdup(kgl_shader_info_log(s->kgl));
   else
      s->info_log = strdup(r == KGL_ERROR_OUT_OF_MEMORY ? "out of memory\n"
                                                        : "internal compiler error\n");
}

/* GL's string-query convention: at most bufSize - 1 characters and a
 * terminator; *length gets the characters written, without it. */
void
zgl_copy_string(const char *src, GLsizei bufSize, GLsizei *length, GLchar *out)
{
   size_t n = src ? strlen(src) : 0;
   if (bufSize <= 0) {
      if (length)
         *length = 0;
      return;
   }
   if (n > (size_t)bufSize - 1)
      n = (size_t)bufSize - 1;
   if (n)
      memcpy(out, src, n);
   out[n] = 0;
   if (length)
      *length = (GLsizei)n;
}

static GLint
string_size(const char *s)
{
   return s && *s ? (GLint)strlen(s) + 1 : 0;
}

void GLAPIENTRY
zgl_GetShaderiv(GLuint shader, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   struct zgl_shader *s = zgl_shader_lookup(ctx, "glGetShaderiv", shader);
   if (!s)
      return;
   switch (pname) {
   case GL_SHADER_TYPE:
      *params = (GLint)s->type;
      return;
   case GL_DELETE_STATUS:
      *params = s->base.delete_pending;
      return;
   case GL_COMPILE_STATUS:
      *params = s->compiled;
      return;
   case GL_INFO_LOG_LENGTH:
      *params = string_size(s->info_log);
      return;
   case GL_SHADER_SOURCE_LENGTH:
      *params = string_size(s->source);
      return;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "glGetShaderiv(pname 0x%x)", pname);
   }
}

void GLAPIENTRY
zgl_GetShaderInfoLog(GLuint shader, GLsizei bufSize, GLsizei *length, GLchar *infoLog)
{
   ZGL_CONTEXT(ctx);
   if (bufSize < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetShaderInfoLog(bufSize %d)", bufSize);
      return;
   }
   struct zgl_shader *s = zgl_shader_lookup(ctx, "glGetShaderInfoLog", shader);
   if (s)
      zgl_copy_string(s->info_log, bufSize, length, infoLog);
}

void GLAPIENTRY
zgl_GetShaderSource(GLuint shader, GLsizei bufSize, GLsizei *length, GLchar *source)
{
   ZGL_CONTEXT(ctx);
   if (bufSize < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetShaderSource(bufSize %d)", bufSize);
      return;
   }
   struct zgl_shader *s = zgl_shader_lookup(ctx, "glGetShaderSource", shader);
   if (s)
      zgl_copy_string(s->source, bufSize, length, source);
}

void GLAPIENTRY
zgl_ReleaseShaderCompiler(void)
{
   ZGL_CONTEXT(ctx);
   (void)ctx; /* a hint: glslang keeps nothing worth releasing */
}
