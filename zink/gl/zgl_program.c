/* SPDX-License-Identifier: MIT */
/*
 * Program objects (GL 4.6, 7.3-7.6): attach, link, use, and the program
 * interface queries of GL 3.3 (attributes, fragment outputs, uniforms,
 * uniform blocks).
 */
#include "zgl_program.h"

#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "zink/vk/zkv.h"

void
zgl_linked_free(struct zgl_linked *linked)
{
   if (!linked)
      return;
   zkv_program_destroy(linked->zkv);
   zkv_program_destroy(linked->zkv_flat);
   kgl_program_destroy(linked->kgl);
   free(linked->uniform_data);
   free(linked->slots);
   free(linked->samplers);
   free(linked->block_bindings);
   free(linked->xfb_varyings);
   arena_destroy(linked->arena);
   free(linked);
}

static void
free_bindings(struct zgl_location_binding *b, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      free(b[i].name);
   free(b);
}

void
zgl_program_free(struct zgl_program *p)
{
   if (!p)
      return;
   zgl_linked_free(p->linked);
   free(p->shaders);
   free(p->info_log);
   free_bindings(p->attrib_bindings, p->num_attrib_bindings);
   free_bindings(p->frag_bindings, p->num_frag_bindings);
   for (unsigned i = 0; i < p->num_xfb_names; i++)
      free(p->xfb_names[i]);
   free(p->xfb_names);
   free(p);
}

GLuint GLAPIENTRY
zgl_CreateProgram(void)
{
   ZGL_CONTEXT(ctx, 0);
   struct zgl_program *p = calloc(1, sizeof(*p));
   GLuint name = 0;
   zgl_shared_lock(ctx);
   const bool ok = p && zgl_names_gen(&ctx->shared->shader_objects, 1, &name) &&
                   zgl_names_set(&ctx->shared->shader_objects, name, p);
   zgl_shared_unlock(ctx);
   if (!ok) {
      free(p);
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glCreateProgram");
      return 0;
   }
   p->base.name = name;
   p->base.is_program = true;
   return name;
}

static void
detach_all(struct zgl_context *ctx, struct zgl_program *p)
{
   for (unsigned i = 0; i < p->num_shaders; i++) {
      p->shaders[i]->attached--;
      zgl_shader_release(ctx, p->shaders[i]);
   }
   p->num_shaders = 0;
}

static void
program_release(struct zgl_context *ctx, struct zgl_program *p)
{
   if (!p->base.delete_pending || ctx->program == p)
      return;
   detach_all(ctx, p);
   zgl_shared_lock(ctx);
   zgl_names_remove(&ctx->shared->shader_objects, p->base.name);
   zgl_shared_unlock(ctx);
   zgl_program_free(p);
}

void GLAPIENTRY
zgl_DeleteProgram(GLuint program)
{
   ZGL_CONTEXT(ctx);
   if (program == 0)
      return;
   struct zgl_program *p = zgl_program_lookup(ctx, "glDeleteProgram", program);
   if (!p)
      return;
   /* "If a program object is in use as part of current rendering state, it
    * will be flagged for deletion" (GL 4.6, 7.3). */
   p->base.delete_pending = true;
   program_release(ctx, p);
}

GLboolean GLAPIENTRY
zgl_IsProgram(GLuint program)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   zgl_shared_lock(ctx);
   struct zgl_shader_object *o = zgl_names_object(&ctx->shared->shader_objects, program);
   zgl_shared_unlock(ctx);
   return o && o->is_program;
}

void GLAPIENTRY
zgl_AttachShader(GLuint program, GLuint shader)
{
   ZGL_CONTEXT(ctx);
   struct zgl_program *p = zgl_program_lookup(ctx, "glAttachShader", program);
   if (!p)
      return;
   struct zgl_shader *s = zgl_shader_lookup(ctx, "glAttachShader", shader);
   if (!s)
      return;
   for (unsigned i = 0; i < p->num_shaders; i++) {
      if (p->shaders[i] == s) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glAttachShader: %u is already attached", shader);
         return;
      }
   }
   struct zgl_shader **grown = realloc(p->shaders, (p->num_shaders + 1) * sizeof(*grown));
   if (!grown) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glAttachShader");
      return;
   }
   p->shaders = grown;
   p->shaders[p->num_shaders++] = s;
   s->attached++;
}

void GLAPIENTRY
zgl_DetachShader(GLuint program, GLuint shader)
{
   ZGL_CONTEXT(ctx);
   struct zgl_program *p = zgl_program_lookup(ctx, "glDetachShader", program);
   if (!p)
      return;
   struct zgl_shader *s = zgl_shader_lookup(ctx, "glDetachShader", shader);
   if (!s)
      return;
   for (unsigned i = 0; i < p->num_shaders; i++) {
      if (p->shaders[i] == s) {
         p->shaders[i] = p->shaders[--p->num_shaders];
         s->attached--;
         zgl_shader_release(ctx, s);
         return;
      }
   }
   zgl_error(ctx, GL_INVALID_OPERATION, "glDetachShader: %u is not attached", shader);
}

void GLAPIENTRY
zgl_GetAttachedShaders(GLuint program, GLsizei maxCount, GLsizei *count, GLuint *shaders)
{
   ZGL_CONTEXT(ctx);
   if (maxCount < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetAttachedShaders(maxCount %d)", maxCount);
      return;
   }
   struct zgl_program *p = zgl_program_lookup(ctx, "glGetAttachedShaders", program);
   if (!p)
      return;
   GLsizei n = 0;
   for (unsigned i = 0; i < p->num_shaders && n < maxCount; i++)
      shaders[n++] = p->shaders[i]->base.name;
   if (count)
      *count = n;
}

void GLAPIENTRY
zgl_LinkProgram(GLuint program)
{
   ZGL_CONTEXT(ctx);
   struct zgl_program *p = zgl_program_lookup(ctx, "glLinkProgram", program);
   if (!p)
      return;
   if (ctx->xfb.active && ctx->program == p) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glLinkProgram: in use by transform feedback");
      return;
   }
   char *log = NULL;
   struct zgl_linked *linked = zgl_link(ctx, p, &log);
   free(p->info_log);
   p->info_log = log;
   p->link_status = linked != NULL;
   p->ever_linked = true;
   if (linked) {
      zgl_linked_free(p->linked);
      p->linked = linked;
   } else if (ctx->program != p) {
      /* A failed link leaves no executable, except in the current program,
       * which keeps using the last one (GL 4.6, 7.3). */
      zgl_linked_free(p->linked);
      p->linked = NULL;
   }
}

void GLAPIENTRY
zgl_UseProgram(GLuint program)
{
   ZGL_CONTEXT(ctx);
   /* "INVALID_OPERATION ... if transform feedback is active and not
    * paused" (GL 4.6, 7.3). */
   if (ctx->xfb.active && !ctx->xfb.paused) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glUseProgram: transform feedback is active");
      return;
   }
   struct zgl_program *p = NULL;
   if (program) {
      p = zgl_program_lookup(ctx, "glUseProgram", program);
      if (!p)
         return;
      if (!p->link_status) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glUseProgram(%u): not successfully linked",
                   program);
         return;
      }
   }
   struct zgl_program *old = ctx->program;
   ctx->program = p;
   if (old && old != p)
      program_release(ctx, old);
}

void GLAPIENTRY
zgl_ValidateProgram(GLuint program)
{
   ZGL_CONTEXT(ctx);
   struct zgl_program *p = zgl_program_lookup(ctx, "glValidateProgram", program);
   if (p)
      p->validate_status = p->link_status;
}

/* ---- location bindings (applied at the next link) ----------------------------- */

static bool
add_binding(struct zgl_location_binding **list, unsigned *n, const char *name, GLuint location,
            GLuint index)
{
   for (unsigned i = 0; i < *n; i++) {
      if (!strcmp((*list)[i].name, name)) {
         (*list)[i].location = location;
         (*list)[i].index = index;
         return true;
      }
   }
   struct zgl_location_binding *grown = realloc(*list, (*n + 1) * sizeof(*grown));
   if (!grown)
      return false;
   *list = grown;
   char *copy = strdup(name);
   if (!copy)
      return false;
   grown[(*n)++] = (struct zgl_location_binding){copy, location, index};
   return true;
}

void GLAPIENTRY
zgl_BindAttribLocation(GLuint program, GLuint index, const GLchar *name)
{
   ZGL_CONTEXT(ctx);
   if (index >= ZGL_MAX_VERTEX_ATTRIBS) {
      zgl_error(ctx, GL_INVALID_VALUE, "glBindAttribLocation(index %u)", index);
      return;
   }
   struct zgl_program *p = zgl_program_lookup(ctx, "glBindAttribLocation", program);
   if (!p)
      return;
   /* "An INVALID_OPERATION error is generated if name starts with gl_" */
   if (!strncmp(name, "gl_", 3)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glBindAttribLocation(%s): reserved name", name);
      return;
   }
   if (!add_binding(&p->attrib_bindings, &p->num_attrib_bindings, name, index, 0))
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glBindAttribLocation");
}

void GLAPIENTRY
zgl_BindFragDataLocationIndexed(GLuint program, GLuint colorNumber, GLuint index,
                                const GLchar *name)
{
   ZGL_CONTEXT(ctx);
   /* GL 4.6, 15.2.3: INVALID_VALUE for index > 1, colorNumber past
    * MAX_DRAW_BUFFERS (or MAX_DUAL_SOURCE_DRAW_BUFFERS with index 1). */
   if (index > 1 || colorNumber >= (index ? 1u : ZGL_MAX_DRAW_BUFFERS)) {
      zgl_error(ctx, GL_INVALID_VALUE, "glBindFragDataLocationIndexed(%u, %u)", colorNumber,
                index);
      return;
   }
   struct zgl_program *p = zgl_program_lookup(ctx, "glBindFragDataLocationIndexed", program);
   if (!p)
      return;
   if (!strncmp(name, "gl_", 3)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glBindFragDataLocation(%s): reserved name", name);
      return;
   }
   if (!add_binding(&p->frag_bindings, &p->num_frag_bindings, name, colorNumber, index))
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glBindFragDataLocation");
}

void GLAPIENTRY
zgl_BindFragDataLocation(GLuint program, GLuint color, const GLchar *name)
{
   zgl_BindFragDataLocationIndexed(program, color, 0, name);
}

/* ---- queries -------------------------------------------------------------- */

/* The linked program for a query that needs one: INVALID_OPERATION when
 * the program was not (successfully) linked. */
static struct zgl_linked *
linked_for_query(struct zgl_context *ctx, const char *func, GLuint program)
{
   struct zgl_program *p = zgl_program_lookup(ctx, func, program);
   if (!p)
      return NULL;
   if (!p->link_status || !p->linked) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(%u): not linked", func, program);
      return NULL;
   }
   return p->linked;
}

static unsigned
reflect_count(const struct zgl_linked *l, enum kgl_reflection_kind kind)
{
   return l ? kgl_program_reflection_count(l->kgl, kind) : 0;
}

static const struct kgl_reflection_entry *
reflect(const struct zgl_linked *l, enum kgl_reflection_kind kind, unsigned i)
{
   return kgl_program_reflection(l->kgl, kind, i);
}

static GLint
max_name_length(const struct zgl_linked *l, enum kgl_reflection_kind kind)
{
   GLint max = 0;
   for (unsigned i = 0; i < reflect_count(l, kind); i++) {
      const GLint n = (GLint)strlen(reflect(l, kind, i)->name) + 1;
      max = MAX2(max, n);
   }
   return max;
}

void GLAPIENTRY
zgl_GetProgramiv(GLuint program, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   struct zgl_program *p = zgl_program_lookup(ctx, "glGetProgramiv", program);
   if (!p)
      return;
   const struct zgl_linked *l = p->link_status ? p->linked : NULL;
   switch (pname) {
   case GL_DELETE_STATUS:
      *params = p->base.delete_pending;
      return;
   case GL_LINK_STATUS:
      *params = p->link_status;
      return;
   case GL_VALIDATE_STATUS:
      *params = p->validate_status;
      return;
   case GL_INFO_LOG_LENGTH:
      *params = p->info_log && *p->info_log ? (GLint)strlen(p->info_log) + 1 : 0;
      return;
   case GL_ATTACHED_SHADERS:
      *params = (GLint)p->num_shaders;
      return;
   case GL_ACTIVE_ATTRIBUTES:
      *params = (GLint)reflect_count(l, KGL_REFLECT_PIPE_INPUT);
      return;
   case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH:
      *params = l ? max_name_length(l, KGL_REFLECT_PIPE_INPUT) : 0;
      return;
   case GL_ACTIVE_UNIFORMS:
      *params = (GLint)reflect_count(l, KGL_REFLECT_UNIFORM);
      return;
   case GL_ACTIVE_UNIFORM_MAX_LENGTH:
      *params = l ? max_name_length(l, KGL_REFLECT_UNIFORM) : 0;
      return;
   case GL_ACTIVE_UNIFORM_BLOCKS:
      *params = (GLint)reflect_count(l, KGL_REFLECT_UNIFORM_BLOCK);
      return;
   case GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH:
      *params = l ? max_name_length(l, KGL_REFLECT_UNIFORM_BLOCK) : 0;
      return;
   case GL_TRANSFORM_FEEDBACK_BUFFER_MODE:
      *params = (GLint)(l ? l->xfb_mode : p->xfb_mode ? p->xfb_mode : GL_INTERLEAVED_ATTRIBS);
      return;
   case GL_TRANSFORM_FEEDBACK_VARYINGS:
      *params = l ? (GLint)l->num_xfb_varyings : 0;
      return;
   case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH: {
      GLint max = 0;
      for (unsigned i = 0; l && i < l->num_xfb_varyings; i++)
         max = MAX2(max, (GLint)strlen(l->xfb_varyings[i].name) + 1);
      *params = max;
      return;
   }
   case GL_PROGRAM_BINARY_RETRIEVABLE_HINT:
      *params = GL_FALSE;
      return;
   case GL_COMPUTE_WORK_GROUP_SIZE:
      /* INVALID_OPERATION without a linked compute stage (GL 4.6, 7.13). */
      if (!l || !(l->stages & (1u << KGL_STAGE_COMPUTE))) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glGetProgramiv: no compute shader linked");
         return;
      }
      for (unsigned i = 0; i < 3; i++)
         params[i] = (GLint)kgl_program_local_size(l->kgl, i);
      return;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "glGetProgramiv(pname 0x%x)", pname);
   }
}

void GLAPIENTRY
zgl_GetProgramInfoLog(GLuint program, GLsizei bufSize, GLsizei *length, GLchar *infoLog)
{
   ZGL_CONTEXT(ctx);
   if (bufSize < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetProgramInfoLog(bufSize %d)", bufSize);
      return;
   }
   struct zgl_program *p = zgl_program_lookup(ctx, "glGetProgramInfoLog", program);
   if (p)
      zgl_copy_string(p->info_log, bufSize, length, infoLog);
}

static void
active_resource(struct zgl_context *ctx, const char *func, GLuint program,
                enum kgl_reflection_kind kind, GLuint index, GLsizei bufSize, GLsizei *length,
                GLint *size, GLenum *type, GLchar *name)
{
   if (bufSize < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(bufSize %d)", func, bufSize);
      return;
   }
   struct zgl_program *p = zgl_program_lookup(ctx, func, program);
   if (!p)
      return;
   const struct zgl_linked *l = p->link_status ? p->linked : NULL;
   if (index >= reflect_count(l, kind)) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(index %u): past the active ones", func, index);
      return;
   }
   const struct kgl_reflection_entry *e = reflect(l, kind, index);
   zgl_copy_string(e->name, bufSize, length, name);
   if (size)
      *size = e->array_size;
   if (type)
      *type = e->gl_type;
}

void GLAPIENTRY
zgl_GetActiveAttrib(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length,
                    GLint *size, GLenum *type, GLchar *name)
{
   ZGL_CONTEXT(ctx);
   active_resource(ctx, "glGetActiveAttrib", program, KGL_REFLECT_PIPE_INPUT, index, bufSize,
                   length, size, type, name);
}

void GLAPIENTRY
zgl_GetActiveUniform(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length,
                     GLint *size, GLenum *type, GLchar *name)
{
   ZGL_CONTEXT(ctx);
   active_resource(ctx, "glGetActiveUniform", program, KGL_REFLECT_UNIFORM, index, bufSize,
                   length, size, type, name);
}

void GLAPIENTRY
zgl_GetActiveUniformName(GLuint program, GLuint uniformIndex, GLsizei bufSize, GLsizei *length,
                         GLchar *uniformName)
{
   ZGL_CONTEXT(ctx);
   active_resource(ctx, "glGetActiveUniformName", program, KGL_REFLECT_UNIFORM, uniformIndex,
                   bufSize, length, NULL, NULL, uniformName);
}

GLint GLAPIENTRY
zgl_GetAttribLocation(GLuint program, const GLchar *name)
{
   ZGL_CONTEXT(ctx, -1);
   struct zgl_linked *l = linked_for_query(ctx, "glGetAttribLocation", program);
   if (!l || !strncmp(name, "gl_", 3))
      return -1;
   for (unsigned i = 0; i < l->info.num_attributes; i++) {
      const struct zk_attribute *a = &l->info.attributes[i];
      if (a->name && !strcmp(a->name, name) && a->location >= 0 &&
          a->location < ZGL_MAX_VERTEX_ATTRIBS)
         return l->attrib_index[a->location];
   }
   return -1;
}

GLint GLAPIENTRY
zgl_GetFragDataLocation(GLuint program, const GLchar *name)
{
   ZGL_CONTEXT(ctx, -1);
   struct zgl_linked *l = linked_for_query(ctx, "glGetFragDataLocation", program);
   if (!l || !strncmp(name, "gl_", 3))
      return -1;
   for (unsigned i = 0; i < reflect_count(l, KGL_REFLECT_PIPE_OUTPUT); i++) {
      const struct kgl_reflection_entry *e = reflect(l, KGL_REFLECT_PIPE_OUTPUT, i);
      if (!strcmp(e->name, name) && e->location >= 0 && e->location < ZGL_MAX_DRAW_BUFFERS)
         return l->frag_output_buffer[e->location];
   }
   return -1;
}

GLint GLAPIENTRY
zgl_GetFragDataIndex(GLuint program, const GLchar *name)
{
   ZGL_CONTEXT(ctx, -1);
   struct zgl_linked *l = linked_for_query(ctx, "glGetFragDataIndex", program);
   if (!l || !strncmp(name, "gl_", 3))
      return -1;
   for (unsigned i = 0; i < reflect_count(l, KGL_REFLECT_PIPE_OUTPUT); i++) {
      if (!strcmp(reflect(l, KGL_REFLECT_PIPE_OUTPUT, i)->name, name))
         return l->frag_index1_output && !strcmp(l->frag_index1_output, name) ? 1 : 0;
   }
   return -1;
}

GLuint GLAPIENTRY
zgl_GetUniformBlockIndex(GLuint program, const GLchar *uniformBlockName)
{
   ZGL_CONTEXT(ctx, GL_INVALID_INDEX);
   struct zgl_linked *l = linked_for_query(ctx, "glGetUniformBlockIndex", program);
   if (!l)
      return GL_INVALID_INDEX;
   for (unsigned i = 0; i < reflect_count(l, KGL_REFLECT_UNIFORM_BLOCK); i++) {
      if (!strcmp(reflect(l, KGL_REFLECT_UNIFORM_BLOCK, i)->name, uniformBlockName))
         return i;
   }
   return GL_INVALID_INDEX;
}

void GLAPIENTRY
zgl_UniformBlockBinding(GLuint program, GLuint uniformBlockIndex, GLuint uniformBlockBinding)
{
   ZGL_CONTEXT(ctx);
   struct zgl_linked *l = linked_for_query(ctx, "glUniformBlockBinding", program);
   if (!l)
      return;
   if (uniformBlockIndex >= l->num_blocks ||
       uniformBlockBinding >= ZGL_MAX_UNIFORM_BUFFER_BINDINGS) {
      zgl_error(ctx, GL_INVALID_VALUE, "glUniformBlockBinding(%u, %u)", uniformBlockIndex,
                uniformBlockBinding);
      return;
   }
   l->block_bindings[uniformBlockIndex] = uniformBlockBinding;
}

void GLAPIENTRY
zgl_GetActiveUniformBlockName(GLuint program, GLuint uniformBlockIndex, GLsizei bufSize,
                              GLsizei *length, GLchar *uniformBlockName)
{
   ZGL_CONTEXT(ctx);
   active_resource(ctx, "glGetActiveUniformBlockName", program, KGL_REFLECT_UNIFORM_BLOCK,
                   uniformBlockIndex, bufSize, length, NULL, NULL, uniformBlockName);
}

void GLAPIENTRY
zgl_GetActiveUniformBlockiv(GLuint program, GLuint uniformBlockIndex, GLenum pname,
                            GLint *params)
{
   ZGL_CONTEXT(ctx);
   struct zgl_linked *l = linked_for_query(ctx, "glGetActiveUniformBlockiv", program);
   if (!l)
      return;
   if (uniformBlockIndex >= l->num_blocks) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformBlockiv(index %u)", uniformBlockIndex);
      return;
   }
   const struct kgl_reflection_entry *b =
      reflect(l, KGL_REFLECT_UNIFORM_BLOCK, uniformBlockIndex);
   switch (pname) {
   case GL_UNIFORM_BLOCK_BINDING:
      *params = (GLint)l->block_bindings[uniformBlockIndex];
      return;
   case GL_UNIFORM_BLOCK_DATA_SIZE:
      *params = b->array_size;
      return;
   case GL_UNIFORM_BLOCK_NAME_LENGTH:
      *params = (GLint)strlen(b->name) + 1;
      return;
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS:
   case GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES: {
      GLint n = 0;
      for (unsigned i = 0; i < reflect_count(l, KGL_REFLECT_UNIFORM); i++) {
         if (reflect(l, KGL_REFLECT_UNIFORM, i)->block_index == (int)uniformBlockIndex) {
            if (pname == GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES)
               params[n] = (GLint)i;
            n++;
         }
      }
      if (pname == GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS)
         *params = n;
      return;
   }
   case GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER:
      *params = (b->stages >> KGL_STAGE_VERTEX) & 1;
      return;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER:
      *params = (b->stages >> KGL_STAGE_GEOMETRY) & 1;
      return;
   case GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER:
      *params = (b->stages >> KGL_STAGE_FRAGMENT) & 1;
      return;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "glGetActiveUniformBlockiv(pname 0x%x)", pname);
   }
}

void GLAPIENTRY
zgl_GetActiveUniformsiv(GLuint program, GLsizei uniformCount, const GLuint *uniformIndices,
                        GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   if (uniformCount < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformsiv(count %d)", uniformCount);
      return;
   }
   struct zgl_program *p = zgl_program_lookup(ctx, "glGetActiveUniformsiv", program);
   if (!p)
      return;
   const struct zgl_linked *l = p->link_status ? p->linked : NULL;
   const unsigned n = reflect_count(l, KGL_REFLECT_UNIFORM);
   for (GLsizei i = 0; i < uniformCount; i++) {
      if (uniformIndices[i] >= n) {
         zgl_error(ctx, GL_INVALID_VALUE, "glGetActiveUniformsiv(index %u)", uniformIndices[i]);
         return;
      }
   }
   for (GLsizei i = 0; i < uniformCount; i++) {
      const struct kgl_reflection_entry *e = reflect(l, KGL_REFLECT_UNIFORM, uniformIndices[i]);
      const bool in_block = e->block_index >= 0;
      switch (pname) {
      case GL_UNIFORM_TYPE:
         params[i] = (GLint)e->gl_type;
         break;
      case GL_UNIFORM_SIZE:
         params[i] = e->array_size;
         break;
      case GL_UNIFORM_NAME_LENGTH:
         params[i] = (GLint)strlen(e->name) + 1;
         break;
      case GL_UNIFORM_BLOCK_INDEX:
         params[i] = e->block_index;
         break;
      case GL_UNIFORM_OFFSET:
         params[i] = in_block ? e->offset_B : -1;
         break;
      case GL_UNIFORM_ARRAY_STRIDE:
         params[i] = in_block ? e->array_stride_B : -1;
         break;
      case GL_UNIFORM_MATRIX_STRIDE:
         params[i] = in_block ? zgl_matrix_stride(e) : -1;
         break;
      case GL_UNIFORM_IS_ROW_MAJOR:
         params[i] = in_block && e->row_major;
         break;
      default:
         zgl_error(ctx, GL_INVALID_ENUM, "glGetActiveUniformsiv(pname 0x%x)", pname);
         return;
      }
   }
}

void GLAPIENTRY
zgl_GetUniformIndices(GLuint program, GLsizei uniformCount, const GLchar *const *uniformNames,
                      GLuint *uniformIndices)
{
   ZGL_CONTEXT(ctx);
   if (uniformCount < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetUniformIndices(count %d)", uniformCount);
      return;
   }
   struct zgl_program *p = zgl_program_lookup(ctx, "glGetUniformIndices", program);
   if (!p)
      return;
   const struct zgl_linked *l = p->link_status ? p->linked : NULL;
   for (GLsizei i = 0; i < uniformCount; i++) {
      uniformIndices[i] = GL_INVALID_INDEX;
      for (unsigned u = 0; u < reflect_count(l, KGL_REFLECT_UNIFORM); u++) {
         if (zgl_uniform_name_matches(reflect(l, KGL_REFLECT_UNIFORM, u)->name,
                                      uniformNames[i], NULL)) {
            uniformIndices[i] = u;
            break;
         }
      }
   }
}
