/* SPDX-License-Identifier: MIT */
/*
 * Uniform values of the default block (GL 4.6, 7.6.1): glUniform*,
 * glGetUniform*, glGetUniformLocation. Values go to the program's CPU copy
 * of kiln_uniforms (std140, zk_program_info.uniforms says where); sampler
 * uniforms hold texture units.
 */
#include <stdlib.h>
#include <string.h>

#include "zgl_program.h"

enum base { BASE_FLOAT, BASE_INT, BASE_UINT, BASE_BOOL, BASE_DOUBLE, BASE_SAMPLER };

struct type_info {
   enum base base;
   unsigned rows, cols; /* a vecN is N x 1 */
};

static bool
type_info(GLenum t, struct type_info *ti)
{
   static const struct {
      GLenum type;
      enum base base;
      uint8_t rows, cols;
   } types[] = {
      {GL_FLOAT, BASE_FLOAT, 1, 1},          {GL_FLOAT_VEC2, BASE_FLOAT, 2, 1},
      {GL_FLOAT_VEC3, BASE_FLOAT, 3, 1},     {GL_FLOAT_VEC4, BASE_FLOAT, 4, 1},
      {GL_INT, BASE_INT, 1, 1},              {GL_INT_VEC2, BASE_INT, 2, 1},
      {GL_INT_VEC3, BASE_INT, 3, 1},         {GL_INT_VEC4, BASE_INT, 4, 1},
      {GL_UNSIGNED_INT, BASE_UINT, 1, 1},    {GL_UNSIGNED_INT_VEC2, BASE_UINT, 2, 1},
      {GL_UNSIGNED_INT_VEC3, BASE_UINT, 3, 1}, {GL_UNSIGNED_INT_VEC4, BASE_UINT, 4, 1},
      {GL_BOOL, BASE_BOOL, 1, 1},            {GL_BOOL_VEC2, BASE_BOOL, 2, 1},
      {GL_BOOL_VEC3, BASE_BOOL, 3, 1},       {GL_BOOL_VEC4, BASE_BOOL, 4, 1},
      {GL_FLOAT_MAT2, BASE_FLOAT, 2, 2},     {GL_FLOAT_MAT3, BASE_FLOAT, 3, 3},
      {GL_FLOAT_MAT4, BASE_FLOAT, 4, 4},     {GL_FLOAT_MAT2x3, BASE_FLOAT, 3, 2},
      {GL_FLOAT_MAT2x4, BASE_FLOAT, 4, 2},   {GL_FLOAT_MAT3x2, BASE_FLOAT, 2, 3},
      {GL_FLOAT_MAT3x4, BASE_FLOAT, 4, 3},   {GL_FLOAT_MAT4x2, BASE_FLOAT, 2, 4},
      {GL_FLOAT_MAT4x3, BASE_FLOAT, 3, 4},   {GL_DOUBLE, BASE_DOUBLE, 1, 1},
      {GL_DOUBLE_VEC2, BASE_DOUBLE, 2, 1},   {GL_DOUBLE_VEC3, BASE_DOUBLE, 3, 1},
      {GL_DOUBLE_VEC4, BASE_DOUBLE, 4, 1},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(types); i++) {
      if (types[i].type == t) {
         *ti = (struct type_info){types[i].base, types[i].rows, types[i].cols};
         return true;
      }
   }
   return false;
}

bool
zgl_uniform_name_matches(const char *reflected, const char *query, unsigned *element)
{
   if (element)
      *element = 0;
   if (!strcmp(reflected, query))
      return true;
   const size_t rl = strlen(reflected);
   if (rl < 3 || strcmp(reflected + rl - 3, "[0]"))
      return false;
   const size_t base = rl - 3;
   if (strncmp(reflected, query, base))
      return false;
   const char *rest = query + base;
   if (!*rest)
      return true; /* "a" names "a[0]" */
   if (*rest != '[' || !element)
      return false;
   char *end;
   const unsigned long k = strtoul(rest + 1, &end, 10);
   if (end == rest + 1 || strcmp(end, "]"))
      return false;
   *element = (unsigned)k;
   return true;
}

GLint
zgl_matrix_stride(const struct kgl_reflection_entry *e)
{
   struct type_info ti;
   return type_info(e->gl_type, &ti) && ti.cols > 1 ? 16 : 0;
}

GLint GLAPIENTRY
zgl_GetUniformLocation(GLuint program, const GLchar *name)
{
   ZGL_CONTEXT(ctx, -1);
   struct zgl_program *p = zgl_program_lookup(ctx, "glGetUniformLocation", program);
   if (!p)
      return -1;
   if (!p->link_status || !p->linked) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glGetUniformLocation(%u): not linked", program);
      return -1;
   }
   if (!strncmp(name, "gl_", 3))
      return -1;
   const struct zgl_linked *l = p->linked;
   for (unsigned i = 0; i < l->num_slots; i++) {
      const struct zgl_uniform_slot *s = &l->slots[i];
      if (s->element != 0 || (!s->uniform && s->sampler < 0))
         continue;
      const char *n;
      if (s->uniform) {
         n = s->uniform->name;
      } else {
         n = l->samplers[s->sampler].name;
      }
      unsigned element;
      if (zgl_uniform_name_matches(n, name, &element)) {
         const unsigned size = MAX2(s->array_size, 1);
         return element < size ? (GLint)(i + element) : -1;
      }
   }
   return -1;
}

/* The slot at location for glUniform*; NULL with *ignore for -1, or after
 * the error. */
static const struct zgl_uniform_slot *
uniform_slot(struct zgl_context *ctx, const char *func, struct zgl_program *p, GLint location,
             bool *ignore)
{
   *ignore = false;
   if (!p) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: no current program", func);
      return NULL;
   }
   if (location == -1) {
      *ignore = true;
      return NULL;
   }
   const struct zgl_linked *l = p->linked;
   if (!l || location < 0 || (unsigned)location >= l->num_slots ||
       (!l->slots[location].uniform && l->slots[location].sampler < 0)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(location %d): not a uniform location", func,
                location);
      return NULL;
   }
   return &l->slots[location];
}

enum src_kind { SRC_FLOAT, SRC_INT, SRC_UINT, SRC_DOUBLE };

static void
write_value(struct zgl_linked *l, const struct zgl_uniform_slot *s, unsigned element,
            const struct type_info *ti, enum src_kind kind, const void *values, unsigned index,
            bool transpose)
{
   const struct zk_uniform *u = s->uniform;
   uint8_t *base = l->uniform_data + u->offset_B + element * u->array_stride_B;
   const unsigned n = ti->rows * ti->cols;
   for (unsigned c = 0; c < ti->cols; c++) {
      for (unsigned r = 0; r < ti->rows; r++) {
         /* Source order: column-major, or row-major with transpose. */
         const unsigned src = index * n + (transpose ? r * ti->cols + c : c * ti->rows + r);
         uint8_t *dst = base + c * (ti->cols > 1 ? u->matrix_stride_B : 0) + r * 4;
         uint32_t word;
         if (ti->base == BASE_BOOL) {
            bool b = kind == SRC_FLOAT ? ((const GLfloat *)values)[src] != 0.0f
                                       : ((const GLint *)values)[src] != 0;
            word = b;
         } else if (kind == SRC_FLOAT) {
            memcpy(&word, (const GLfloat *)values + src, 4);
         } else {
            memcpy(&word, (const GLint *)values + src, 4);
         }
         memcpy(dst, &word, 4);
      }
   }
}

static void
uniform(struct zgl_context *ctx, const char *func, GLint location, GLsizei count,
        unsigned components, unsigned columns, enum src_kind kind, const void *values,
        bool transpose)
{
   if (count < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(count %d)", func, count);
      return;
   }
   bool ignore;
   struct zgl_program *p = ctx->program;
   const struct zgl_uniform_slot *s = uniform_slot(ctx, func, p, location, &ignore);
   if (!s)
      return;
   /* "count greater than one ... and the uniform is not an array":
    * INVALID_OPERATION (GL 4.6, 7.6.1). */
   if (count > 1 && s->array_size == 0) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: count %d for a uniform that is not an array",
                func, count);
      return;
   }
   if (s->sampler >= 0) {
      if (kind != SRC_INT || components != 1 || columns != 1) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: samplers take glUniform1i(v)", func);
         return;
      }
      struct zgl_sampler_uniform *sampler = &p->linked->samplers[s->sampler];
      const GLint *units = values;
      for (GLsizei i = 0; i < count; i++) {
         if (units[i] < 0 || units[i] >= ZGL_MAX_COMBINED_TEXTURE_IMAGE_UNITS) {
            zgl_error(ctx, GL_INVALID_VALUE, "%s: texture unit %d out of range", func, units[i]);
            return;
         }
      }
      for (GLsizei i = 0; i < count && s->element + (unsigned)i < sampler->count; i++)
         sampler->units[s->element + (unsigned)i] = units[i];
      return;
   }
   struct type_info ti;
   if (!type_info(s->gl_type, &ti) || ti.rows != components || ti.cols != columns) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the uniform's size or type differs", func);
      return;
   }
   const bool ok = ti.base == BASE_BOOL
                      ? kind != SRC_DOUBLE && columns == 1
                      : (ti.base == BASE_FLOAT && kind == SRC_FLOAT) ||
                           (ti.base == BASE_INT && kind == SRC_INT) ||
                           (ti.base == BASE_UINT && kind == SRC_UINT);
   if (!ok) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the uniform's type differs", func);
      return;
   }
   const unsigned size = MAX2(s->array_size, 1);
   for (GLsizei i = 0; i < count && s->element + (unsigned)i < size; i++)
      write_value(p->linked, s, s->element + (unsigned)i, &ti, kind, values, (unsigned)i,
                  transpose);
}

void GLAPIENTRY
zgl_Uniform1f(GLint location, GLfloat v0)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform1f", location, 1, 1, 1, SRC_FLOAT, &v0, false);
}

void GLAPIENTRY
zgl_Uniform2f(GLint location, GLfloat v0, GLfloat v1)
{
   ZGL_CONTEXT(ctx);
   const GLfloat v[] = {v0, v1};
   uniform(ctx, "glUniform2f", location, 1, 2, 1, SRC_FLOAT, v, false);
}

void GLAPIENTRY
zgl_Uniform3f(GLint location, GLfloat v0, GLfloat v1, GLfloat v2)
{
   ZGL_CONTEXT(ctx);
   const GLfloat v[] = {v0, v1, v2};
   uniform(ctx, "glUniform3f", location, 1, 3, 1, SRC_FLOAT, v, false);
}

void GLAPIENTRY
zgl_Uniform4f(GLint location, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3)
{
   ZGL_CONTEXT(ctx);
   const GLfloat v[] = {v0, v1, v2, v3};
   uniform(ctx, "glUniform4f", location, 1, 4, 1, SRC_FLOAT, v, false);
}

void GLAPIENTRY
zgl_Uniform1i(GLint location, GLint v0)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform1i", location, 1, 1, 1, SRC_INT, &v0, false);
}

void GLAPIENTRY
zgl_Uniform2i(GLint location, GLint v0, GLint v1)
{
   ZGL_CONTEXT(ctx);
   const GLint v[] = {v0, v1};
   uniform(ctx, "glUniform2i", location, 1, 2, 1, SRC_INT, v, false);
}

void GLAPIENTRY
zgl_Uniform3i(GLint location, GLint v0, GLint v1, GLint v2)
{
   ZGL_CONTEXT(ctx);
   const GLint v[] = {v0, v1, v2};
   uniform(ctx, "glUniform3i", location, 1, 3, 1, SRC_INT, v, false);
}

void GLAPIENTRY
zgl_Uniform4i(GLint location, GLint v0, GLint v1, GLint v2, GLint v3)
{
   ZGL_CONTEXT(ctx);
   const GLint v[] = {v0, v1, v2, v3};
   uniform(ctx, "glUniform4i", location, 1, 4, 1, SRC_INT, v, false);
}

void GLAPIENTRY
zgl_Uniform1ui(GLint location, GLuint v0)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform1ui", location, 1, 1, 1, SRC_UINT, &v0, false);
}

void GLAPIENTRY
zgl_Uniform2ui(GLint location, GLuint v0, GLuint v1)
{
   ZGL_CONTEXT(ctx);
   const GLuint v[] = {v0, v1};
   uniform(ctx, "glUniform2ui", location, 1, 2, 1, SRC_UINT, v, false);
}

void GLAPIENTRY
zgl_Uniform3ui(GLint location, GLuint v0, GLuint v1, GLuint v2)
{
   ZGL_CONTEXT(ctx);
   const GLuint v[] = {v0, v1, v2};
   uniform(ctx, "glUniform3ui", location, 1, 3, 1, SRC_UINT, v, false);
}

void GLAPIENTRY
zgl_Uniform4ui(GLint location, GLuint v0, GLuint v1, GLuint v2, GLuint v3)
{
   ZGL_CONTEXT(ctx);
   const GLuint v[] = {v0, v1, v2, v3};
   uniform(ctx, "glUniform4ui", location, 1, 4, 1, SRC_UINT, v, false);
}

void GLAPIENTRY
zgl_Uniform1fv(GLint location, GLsizei count, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform1fv", location, count, 1, 1, SRC_FLOAT, value, false);
}

void GLAPIENTRY
zgl_Uniform1iv(GLint location, GLsizei count, const GLint *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform1iv", location, count, 1, 1, SRC_INT, value, false);
}

void GLAPIENTRY
zgl_Uniform1uiv(GLint location, GLsizei count, const GLuint *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform1uiv", location, count, 1, 1, SRC_UINT, value, false);
}

void GLAPIENTRY
zgl_Uniform2fv(GLint location, GLsizei count, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform2fv", location, count, 2, 1, SRC_FLOAT, value, false);
}

void GLAPIENTRY
zgl_Uniform2iv(GLint location, GLsizei count, const GLint *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform2iv", location, count, 2, 1, SRC_INT, value, false);
}

void GLAPIENTRY
zgl_Uniform2uiv(GLint location, GLsizei count, const GLuint *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform2uiv", location, count, 2, 1, SRC_UINT, value, false);
}

void GLAPIENTRY
zgl_Uniform3fv(GLint location, GLsizei count, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform3fv", location, count, 3, 1, SRC_FLOAT, value, false);
}

void GLAPIENTRY
zgl_Uniform3iv(GLint location, GLsizei count, const GLint *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform3iv", location, count, 3, 1, SRC_INT, value, false);
}

void GLAPIENTRY
zgl_Uniform3uiv(GLint location, GLsizei count, const GLuint *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform3uiv", location, count, 3, 1, SRC_UINT, value, false);
}

void GLAPIENTRY
zgl_Uniform4fv(GLint location, GLsizei count, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform4fv", location, count, 4, 1, SRC_FLOAT, value, false);
}

void GLAPIENTRY
zgl_Uniform4iv(GLint location, GLsizei count, const GLint *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform4iv", location, count, 4, 1, SRC_INT, value, false);
}

void GLAPIENTRY
zgl_Uniform4uiv(GLint location, GLsizei count, const GLuint *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniform4uiv", location, count, 4, 1, SRC_UINT, value, false);
}

void GLAPIENTRY
zgl_UniformMatrix2fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniformMatrix2fv", location, count, 2, 2, SRC_FLOAT, value, transpose);
}

void GLAPIENTRY
zgl_UniformMatrix3fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniformMatrix3fv", location, count, 3, 3, SRC_FLOAT, value, transpose);
}

void GLAPIENTRY
zgl_UniformMatrix4fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniformMatrix4fv", location, count, 4, 4, SRC_FLOAT, value, transpose);
}

void GLAPIENTRY
zgl_UniformMatrix2x3fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniformMatrix2x3fv", location, count, 3, 2, SRC_FLOAT, value, transpose);
}

void GLAPIENTRY
zgl_UniformMatrix3x2fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniformMatrix3x2fv", location, count, 2, 3, SRC_FLOAT, value, transpose);
}

void GLAPIENTRY
zgl_UniformMatrix2x4fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniformMatrix2x4fv", location, count, 4, 2, SRC_FLOAT, value, transpose);
}

void GLAPIENTRY
zgl_UniformMatrix4x2fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniformMatrix4x2fv", location, count, 2, 4, SRC_FLOAT, value, transpose);
}

void GLAPIENTRY
zgl_UniformMatrix3x4fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniformMatrix3x4fv", location, count, 4, 3, SRC_FLOAT, value, transpose);
}

void GLAPIENTRY
zgl_UniformMatrix4x3fv(GLint location, GLsizei count, GLboolean transpose, const GLfloat *value)
{
   ZGL_CONTEXT(ctx);
   uniform(ctx, "glUniformMatrix4x3fv", location, count, 3, 4, SRC_FLOAT, value, transpose);
}

/* glGetUniform*: the program must be linked, the location one of its
 * uniforms (GL 4.6, 7.10). */
static void
get_uniform(struct zgl_context *ctx, const char *func, GLuint program, GLint location,
            GLsizei buf_size_B, enum src_kind kind, void *params)
{
   struct zgl_program *p = zgl_program_lookup(ctx, func, program);
   if (!p)
      return;
   if (!p->link_status || !p->linked) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(%u): not linked", func, program);
      return;
   }
   const struct zgl_linked *l = p->linked;
   if (location < 0 || (unsigned)location >= l->num_slots ||
       (!l->slots[location].uniform && l->slots[location].sampler < 0)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(location %d): not a uniform location", func,
                location);
      return;
   }
   const struct zgl_uniform_slot *s = &l->slots[location];
   if (s->sampler >= 0) {
      const GLint unit = l->samplers[s->sampler].units[s->element];
      if (buf_size_B < 4) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: bufSize too small", func);
         return;
      }
      if (kind == SRC_FLOAT)
         *(GLfloat *)params = (GLfloat)unit;
      else
         *(GLint *)params = unit;
      return;
   }
   struct type_info ti;
   if (!type_info(s->gl_type, &ti))
      return;
   if ((GLsizei)(ti.rows * ti.cols * 4) > buf_size_B) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: bufSize too small", func);
      return;
   }
   const struct zk_uniform *u = s->uniform;
   const uint8_t *base = l->uniform_data + u->offset_B + s->element * u->array_stride_B;
   for (unsigned c = 0; c < ti.cols; c++) {
      for (unsigned r = 0; r < ti.rows; r++) {
         uint32_t word;
         memcpy(&word, base + c * (ti.cols > 1 ? u->matrix_stride_B : 0) + r * 4, 4);
         const unsigned i = c * ti.rows + r;
         double v;
         if (ti.base == BASE_FLOAT) {
            float f;
            memcpy(&f, &word, 4);
            v = f;
         } else if (ti.base == BASE_INT) {
            v = (double)(int32_t)word;
         } else {
            v = (double)word;
         }
         if (kind == SRC_FLOAT)
            ((GLfloat *)params)[i] = (GLfloat)v;
         else if (kind == SRC_INT)
            ((GLint *)params)[i] = ti.base == BASE_FLOAT ? (GLint)(v < 0 ? v - 0.5 : v + 0.5)
                                                         : (GLint)(int64_t)v;
         else
            ((GLuint *)params)[i] = ti.base == BASE_FLOAT ? (GLuint)(v + 0.5) : (GLuint)v;
      }
   }
}

void GLAPIENTRY
zgl_GetUniformfv(GLuint program, GLint location, GLfloat *params)
{
   ZGL_CONTEXT(ctx);
   get_uniform(ctx, "glGetUniformfv", program, location, 64, SRC_FLOAT, params);
}

void GLAPIENTRY
zgl_GetUniformiv(GLuint program, GLint location, GLint *params)
{
   ZGL_CONTEXT(ctx);
   get_uniform(ctx, "glGetUniformiv", program, location, 64, SRC_INT, params);
}

void GLAPIENTRY
zgl_GetUniformuiv(GLuint program, GLint location, GLuint *params)
{
   ZGL_CONTEXT(ctx);
   get_uniform(ctx, "glGetUniformuiv", program, location, 64, SRC_UINT, params);
}
