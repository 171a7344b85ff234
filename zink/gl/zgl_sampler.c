/* SPDX-License-Identifier: MIT */
/*
 * Sampler objects (GL 4.6, 8.2): sampling state bound to a texture unit,
 * overriding the texture's own.
 */
#include <stdlib.h>
#include <string.h>

#include "zgl_texture.h"

void GLAPIENTRY
zgl_GenSamplers(GLsizei count, GLuint *samplers)
{
   ZGL_CONTEXT(ctx);
   if (count < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGenSamplers(count = %d)", count);
      return;
   }
   zgl_shared_lock(ctx);
   bool ok = zgl_names_gen(&ctx->shared->samplers, count, samplers);
   /* Sampler names are objects at once (GL 4.6, 8.2: "GenSamplers ...
    * creates the objects"). */
   for (GLsizei i = 0; ok && i < count; i++) {
      struct zgl_sampler *s = calloc(1, sizeof(*s));
      ok = s && zgl_names_set(&ctx->shared->samplers, samplers[i], s);
      if (!ok) {
         free(s);
         break;
      }
      s->name = samplers[i];
      zgl_sampler_params_init(&s->params, false);
   }
   zgl_shared_unlock(ctx);
   if (!ok)
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glGenSamplers");
}

void GLAPIENTRY
zgl_DeleteSamplers(GLsizei count, const GLuint *samplers)
{
   ZGL_CONTEXT(ctx);
   if (count < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDeleteSamplers(count = %d)", count);
      return;
   }
   for (GLsizei i = 0; i < count; i++) {
      zgl_shared_lock(ctx);
      struct zgl_sampler *s = zgl_names_object(&ctx->shared->samplers, samplers[i]);
      if (s)
         zgl_names_remove(&ctx->shared->samplers, samplers[i]);
      zgl_shared_unlock(ctx);
      if (!s)
         continue;
      /* Bound ones revert to zero in this context (GL 4.6, 8.2). Other
       * contexts keep a pointer: sampler objects are freed with the share
       * group, never here. */
      for (unsigned u = 0; u < ZGL_MAX_COMBINED_TEXTURE_IMAGE_UNITS; u++) {
         if (ctx->samplers[u] == s)
            ctx->samplers[u] = NULL;
      }
      zgl_shared_lock(ctx);
      struct zgl_sampler **grown =
         realloc(ctx->shared->dead_samplers,
                 (ctx->shared->num_dead_samplers + 1) * sizeof(*grown));
      if (grown) {
         ctx->shared->dead_samplers = grown;
         grown[ctx->shared->num_dead_samplers++] = s;
      }
      zgl_shared_unlock(ctx);
   }
}

GLboolean GLAPIENTRY
zgl_IsSampler(GLuint sampler)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   zgl_shared_lock(ctx);
   const bool is = zgl_names_object(&ctx->shared->samplers, sampler) != NULL;
   zgl_shared_unlock(ctx);
   return is;
}

static struct zgl_sampler *
lookup(struct zgl_context *ctx, const char *func, GLuint sampler)
{
   zgl_shared_lock(ctx);
   struct zgl_sampler *s = zgl_names_object(&ctx->shared->samplers, sampler);
   zgl_shared_unlock(ctx);
   if (!s)
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(%u): not a sampler object", func, sampler);
   return s;
}

void GLAPIENTRY
zgl_BindSampler(GLuint unit, GLuint sampler)
{
   ZGL_CONTEXT(ctx);
   if (unit >= ZGL_MAX_COMBINED_TEXTURE_IMAGE_UNITS) {
      zgl_error(ctx, GL_INVALID_VALUE, "glBindSampler(unit %u)", unit);
      return;
   }
   struct zgl_sampler *s = NULL;
   if (sampler && !(s = lookup(ctx, "glBindSampler", sampler)))
      return;
   ctx->samplers[unit] = s;
}

static void
sampler_param(struct zgl_context *ctx, const char *func, GLuint sampler, GLenum pname,
              const GLfloat *v)
{
   struct zgl_sampler *s = lookup(ctx, func, sampler);
   if (s)
      zgl_sampler_param(ctx, func, &s->params, pname, v, false);
}

void GLAPIENTRY
zgl_SamplerParameteri(GLuint sampler, GLenum pname, GLint param)
{
   ZGL_CONTEXT(ctx);
   const GLfloat v[4] = {(GLfloat)param};
   sampler_param(ctx, "glSamplerParameteri", sampler, pname, v);
}

void GLAPIENTRY
zgl_SamplerParameterf(GLuint sampler, GLenum pname, GLfloat param)
{
   ZGL_CONTEXT(ctx);
   const GLfloat v[4] = {param};
   sampler_param(ctx, "glSamplerParameterf", sampler, pname, v);
}

void GLAPIENTRY
zgl_SamplerParameteriv(GLuint sampler, GLenum pname, const GLint *param)
{
   ZGL_CONTEXT(ctx);
   GLfloat v[4] = {(GLfloat)param[0]};
   if (pname == GL_TEXTURE_BORDER_COLOR) {
      for (unsigned i = 0; i < 4; i++)
         v[i] = (GLfloat)((double)param[i] / 2147483647.0);
   }
   sampler_param(ctx, "glSamplerParameteriv", sampler, pname, v);
}

void GLAPIENTRY
zgl_SamplerParameterfv(GLuint sampler, GLenum pname, const GLfloat *param)
{
   ZGL_CONTEXT(ctx);
   GLfloat v[4] = {param[0]};
   if (pname == GL_TEXTURE_BORDER_COLOR) {
      for (unsigned i = 0; i < 4; i++)
         v[i] = param[i];
   }
   sampler_param(ctx, "glSamplerParameterfv", sampler, pname, v);
}

static bool
get(struct zgl_context *ctx, const char *func, GLuint sampler, GLenum pname, GLfloat *out,
    unsigned *n)
{
   struct zgl_sampler *s = lookup(ctx, func, sampler);
   if (!s)
      return false;
   if (!zgl_get_sampler_param(ctx, func, &s->params, pname, out, n)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", func, pname);
      return false;
   }
   return true;
}

void GLAPIENTRY
zgl_GetSamplerParameteriv(GLuint sampler, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   GLfloat f[4];
   unsigned n;
   if (!get(ctx, "glGetSamplerParameteriv", sampler, pname, f, &n))
      return;
   for (unsigned i = 0; i < n; i++)
      params[i] = pname == GL_TEXTURE_BORDER_COLOR ? (GLint)(f[i] * 2147483647.0) : (GLint)f[i];
}

void GLAPIENTRY
zgl_GetSamplerParameterfv(GLuint sampler, GLenum pname, GLfloat *params)
{
   ZGL_CONTEXT(ctx);
   GLfloat f[4];
   unsigned n;
   if (!get(ctx, "glGetSamplerParameterfv", sampler, pname, f, &n))
      return;
   for (unsigned i = 0; i < n; i++)
      params[i] = f[i];
}

static void
sampler_param_int(struct zgl_context *ctx, const char *func, GLuint sampler, GLenum pname,
                  const GLint *params)
{
   struct zgl_sampler *s = lookup(ctx, func, sampler);
   if (!s)
      return;
   if (pname == GL_TEXTURE_BORDER_COLOR) {
      memcpy(s->params.border_color_int, params, sizeof(s->params.border_color_int));
      for (unsigned i = 0; i < 4; i++)
         s->params.border_color[i] = (GLfloat)params[i];
      s->params.border_int = true;
      return;
   }
   const GLfloat v[4] = {(GLfloat)params[0]};
   zgl_sampler_param(ctx, func, &s->params, pname, v, false);
}

void GLAPIENTRY
zgl_SamplerParameterIiv(GLuint sampler, GLenum pname, const GLint *param)
{
   ZGL_CONTEXT(ctx);
   sampler_param_int(ctx, "glSamplerParameterIiv", sampler, pname, param);
}

void GLAPIENTRY
zgl_SamplerParameterIuiv(GLuint sampler, GLenum pname, const GLuint *param)
{
   ZGL_CONTEXT(ctx);
   sampler_param_int(ctx, "glSamplerParameterIuiv", sampler, pname, (const GLint *)param);
}

static void
get_int(struct zgl_context *ctx, const char *func, GLuint sampler, GLenum pname, GLint *params)
{
   struct zgl_sampler *s = lookup(ctx, func, sampler);
   if (!s)
      return;
   if (pname == GL_TEXTURE_BORDER_COLOR) {
      for (unsigned i = 0; i < 4; i++)
         params[i] = s->params.border_int ? s->params.border_color_int[i]
                                          : (GLint)s->params.border_color[i];
      return;
   }
   GLfloat f[4];
   unsigned n;
   if (!get(ctx, func, sampler, pname, f, &n))
      return;
   for (unsigned i = 0; i < n; i++)
      params[i] = (GLint)f[i];
}

void GLAPIENTRY
zgl_GetSamplerParameterIiv(GLuint sampler, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   get_int(ctx, "glGetSamplerParameterIiv", sampler, pname, params);
}

void GLAPIENTRY
zgl_GetSamplerParameterIuiv(GLuint sampler, GLenum pname, GLuint *params)
{
   ZGL_CONTEXT(ctx);
   get_int(ctx, "glGetSamplerParameterIuiv", sampler, pname, (GLint *)params);
}
