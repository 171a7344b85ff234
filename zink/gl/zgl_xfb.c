/* SPDX-License-Identifier: MIT */
/*
 * Transform feedback (GL 4.6, 11.1.2.1 and 13.3): the varyings a program
 * captures, decorated at link time by ntv's XFB pass on the real outputs,
 * and capture into the bound buffers through zkv's xfb targets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ntv/passes/ntv_passes.h"
#include "zgl_buffer.h"
#include "zgl_program.h"
#include "zgl_screen.h"
#include "zink/vk/zkv.h"

#define MAX_SEPARATE_ATTRIBS      4
#define MAX_INTERLEAVED_COMPONENTS 64
#define MAX_SEPARATE_COMPONENTS   4

void GLAPIENTRY
zgl_TransformFeedbackVaryings(GLuint program, GLsizei count, const GLchar *const *varyings,
                              GLenum bufferMode)
{
   ZGL_CONTEXT(ctx);
   if (count < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glTransformFeedbackVaryings(count %d)", count);
      return;
   }
   if (bufferMode != GL_INTERLEAVED_ATTRIBS && bufferMode != GL_SEPARATE_ATTRIBS) {
      zgl_error(ctx, GL_INVALID_ENUM, "glTransformFeedbackVaryings(bufferMode 0x%x)",
                bufferMode);
      return;
   }
   if (bufferMode == GL_SEPARATE_ATTRIBS && count > MAX_SEPARATE_ATTRIBS) {
      zgl_error(ctx, GL_INVALID_VALUE, "glTransformFeedbackVaryings: %d separate attributes",
                count);
      return;
   }
   struct zgl_program *p = zgl_program_lookup(ctx, "glTransformFeedbackVaryings", program);
   if (!p)
      return;
   char **names = calloc((size_t)MAX2(count, 1), sizeof(*names));
   bool ok = names != NULL;
   for (GLsizei i = 0; ok && i < count; i++)
      ok = (names[i] = strdup(varyings[i])) != NULL;
   if (!ok) {
      for (GLsizei i = 0; names && i < count; i++)
         free(names[i]);
      free(names);
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glTransformFeedbackVaryings");
      return;
   }
   for (unsigned i = 0; i < p->num_xfb_names; i++)
      free(p->xfb_names[i]);
   free(p->xfb_names);
   p->xfb_names = names;
   p->num_xfb_names = (unsigned)count;
   p->xfb_mode = bufferMode;
}

static char *
fail(const char *fmt, const char *name)
{
   char *s = NULL;
   if (asprintf(&s, fmt, name) < 0)
      s = NULL;
   return s;
}

/* The output a varying name designates in the last pre-rasterization
 * stage: a user output (its location/component) or a built-in. */
static bool
find_output(nir_shader *shader, const char *name, struct ntv_xfb_output *out, unsigned *count)
{
   char base[256];
   snprintf(base, sizeof(base), "%s", name);
   int element = -1;
   char *bracket = strchr(base, '[');
   if (bracket) {
      element = atoi(bracket + 1);
      *bracket = 0;
   }
   static const struct {
      const char *name;
      nir_builtin builtin;
      unsigned components;
   } builtins[] = {
      {"gl_Position", NIR_BUILTIN_POSITION, 4},
      {"gl_PointSize", NIR_BUILTIN_POINT_SIZE, 1},
      {"gl_ClipDistance", NIR_BUILTIN_CLIP_DISTANCE, 1},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(builtins); i++) {
      if (strcmp(base, builtins[i].name))
         continue;
      out->location = -1;
      out->builtin = builtins[i].builtin;
      out->component = element >= 0 ? (uint8_t)element : 0;
      *count = builtins[i].components;
      if (builtins[i].builtin == NIR_BUILTIN_CLIP_DISTANCE && element < 0)
         return false; /* a whole array of clip distances: not supported */
      return true;
   }
   nir_foreach_variable_with_modes(var, shader, NIR_VAR_SHADER_OUT) {
      if (!var->name || strcmp(var->name, base) || var->data.location < 0)
         continue;
      const struct glsl_type *type = var->type;
      int location = var->data.location;
      if (element >= 0) {
         if (glsl_get_base_type(type) != GLSL_TYPE_ARRAY || (unsigned)element >= glsl_get_length(type))
            return false;
         type = glsl_get_array_element(type);
         location += element;
      } else if (glsl_get_base_type(type) == GLSL_TYPE_ARRAY) {
         return false; /* whole arrays: name each element */
      }
      if (glsl_get_matrix_columns(type) > 1 || glsl_get_bit_size(type) != 32)
         return false;
      out->location = location;
      out->component = (uint8_t)var->data.component;
      *count = glsl_get_vector_elements(type);
      return true;
   }
   return false;
}

bool
zgl_link_xfb(const struct zgl_program *p, struct zgl_linked *l,
             nir_shader *stages[NIR_STAGE_COUNT], char **log)
{
   l->xfb_mode = p->xfb_mode ? p->xfb_mode : GL_INTERLEAVED_ATTRIBS;
   if (!p->num_xfb_names)
      return true;
   nir_shader *last = stages[NIR_STAGE_GEOMETRY] ? stages[NIR_STAGE_GEOMETRY]
                      : stages[NIR_STAGE_TESS_EVAL] ? stages[NIR_STAGE_TESS_EVAL]
                                                     : stages[NIR_STAGE_VERTEX];
   struct ntv_xfb_output outputs[64];
   l->xfb_varyings = calloc(p->num_xfb_names, sizeof(*l->xfb_varyings));
   if (!l->xfb_varyings) {
      *log = fail("error: out of memory%s\n", "");
      return false;
   }
   const bool separate = p->xfb_mode == GL_SEPARATE_ATTRIBS;
   unsigned n = 0, offset_B = 0, total = 0;
   for (unsigned i = 0; i < p->num_xfb_names; i++) {
      const char *name = p->xfb_names[i];
      for (unsigned j = 0; j < i; j++) {
         if (!strcmp(p->xfb_names[j], name)) {
            *log = fail("error: transform feedback varying %s named twice\n", name);
            return false;
         }
      }
      struct ntv_xfb_output *o = &outputs[n];
      unsigned count;
      if (n == ARRAY_SIZE(outputs) || !find_output(last, name, o, &count)) {
         *log = fail("error: %s is not an output the program can capture\n", name);
         return false;
      }
      if (separate ? count > MAX_SEPARATE_COMPONENTS
                   : total + count > MAX_INTERLEAVED_COMPONENTS) {
         *log = fail("error: too many transform feedback components at %s\n", name);
         return false;
      }
      total += count;
      o->num_components = (uint8_t)count;
      o->buffer = separate ? (uint8_t)i : 0;
      o->stream = 0;
      o->offset_B = (uint16_t)(separate ? 0 : offset_B);
      offset_B += 4 * count;
      if (separate)
         l->xfb_stride_B[i] = 4 * count;
      n++;
      /* The type and size GL reports (glGetTransformFeedbackVarying). */
      const unsigned nr = kgl_program_reflection_count(l->kgl, KGL_REFLECT_XFB_VARYING);
      l->xfb_varyings[i] = (struct zgl_xfb_varying){p->xfb_names[i], GL_FLOAT, 1};
      for (unsigned r = 0; r < nr; r++) {
         const struct kgl_reflection_entry *e =
            kgl_program_reflection(l->kgl, KGL_REFLECT_XFB_VARYING, r);
         if (zgl_uniform_name_matches(e->name, name, NULL) || !strncmp(e->name, name, strlen(e->name))) {
            l->xfb_varyings[i].gl_type = e->gl_type;
            break;
         }
      }
   }
   l->num_xfb_varyings = p->num_xfb_names;
   if (!separate)
      l->xfb_stride_B[0] = offset_B;
   const struct ntv_xfb_info info = {
      .num_outputs = n,
      .outputs = outputs,
      .stride_B = {(uint16_t)l->xfb_stride_B[0], (uint16_t)l->xfb_stride_B[1],
                   (uint16_t)l->xfb_stride_B[2], (uint16_t)l->xfb_stride_B[3]},
   };
   const char *error = NULL;
   if (!ntv_split_xfb_outputs(last, &info, &error)) {
      *log = fail("error: transform feedback: %s\n", error);
      return false;
   }
   if (stages[NIR_STAGE_FRAGMENT] && last != stages[NIR_STAGE_FRAGMENT] &&
       !ntv_split_xfb_inputs(stages[NIR_STAGE_FRAGMENT], &info, &error)) {
      *log = fail("error: transform feedback: %s\n", error);
      return false;
   }
   return true;
}

void GLAPIENTRY
zgl_GetTransformFeedbackVarying(GLuint program, GLuint index, GLsizei bufSize, GLsizei *length,
                                GLsizei *size, GLenum *type, GLchar *name)
{
   ZGL_CONTEXT(ctx);
   if (bufSize < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetTransformFeedbackVarying(bufSize %d)", bufSize);
      return;
   }
   struct zgl_program *p = zgl_program_lookup(ctx, "glGetTransformFeedbackVarying", program);
   if (!p)
      return;
   const struct zgl_linked *l = p->link_status ? p->linked : NULL;
   if (!l || index >= l->num_xfb_varyings) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetTransformFeedbackVarying(index %u)", index);
      return;
   }
   const struct zgl_xfb_varying *v = &l->xfb_varyings[index];
   zgl_copy_string(v->name, bufSize, length, name);
   if (size)
      *size = v->size;
   if (type)
      *type = v->gl_type;
}

static void
release_targets(struct zgl_context *ctx)
{
   for (unsigned i = 0; i < 4; i++) {
      zkv_xfb_target_destroy(ctx->xfb.targets[i]);
      ctx->xfb.targets[i] = NULL;
   }
}

void GLAPIENTRY
zgl_BeginTransformFeedback(GLenum primitiveMode)
{
   ZGL_CONTEXT(ctx);
   const char *func = "glBeginTransformFeedback";
   if (primitiveMode != GL_POINTS && primitiveMode != GL_LINES && primitiveMode != GL_TRIANGLES) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(0x%x)", func, primitiveMode);
      return;
   }
   /* GL 4.6, 13.3.1: INVALID_OPERATION when active, without a program
    * capturing something, or without a buffer at an index it writes. */
   const struct zgl_linked *l = ctx->program ? ctx->program->linked : NULL;
   if (ctx->xfb.active || !l || !l->num_xfb_varyings) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: %s", func,
                ctx->xfb.active ? "already active" : "no program captures varyings");
      return;
   }
   if (!ctx->screen->caps->transform_feedback) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the Vulkan device has no transform feedback",
                func);
      return;
   }
   for (unsigned i = 0; i < 4; i++) {
      if (!l->xfb_stride_B[i])
         continue;
      const struct zgl_buffer_binding *b = &ctx->xfb_buffers[i];
      if (!b->buffer || !b->buffer->zkv) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: no buffer bound at index %u", func, i);
         release_targets(ctx);
         return;
      }
      const VkDeviceSize size = b->size ? (VkDeviceSize)b->size
                                        : (VkDeviceSize)(b->buffer->size_B - b->offset);
      VkResult result;
      ctx->xfb.targets[i] = zkv_xfb_target_create(ctx->screen->zkv, b->buffer->zkv,
                                                  (VkDeviceSize)b->offset, size, &result);
      if (!ctx->xfb.targets[i]) {
         zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         release_targets(ctx);
         return;
      }
   }
   ctx->xfb.active = true;
   ctx->xfb.paused = false;
   ctx->xfb.primitive_mode = primitiveMode;
   ctx->xfb.program = ctx->program;
}

void GLAPIENTRY
zgl_EndTransformFeedback(void)
{
   ZGL_CONTEXT(ctx);
   if (!ctx->xfb.active) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glEndTransformFeedback: not active");
      return;
   }
   release_targets(ctx);
   ctx->xfb.active = ctx->xfb.paused = false;
   ctx->xfb.program = NULL;
}

void GLAPIENTRY
zgl_PauseTransformFeedback(void)
{
   ZGL_CONTEXT(ctx);
   if (!ctx->xfb.active || ctx->xfb.paused) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glPauseTransformFeedback: not active or paused");
      return;
   }
   ctx->xfb.paused = true;
}

void GLAPIENTRY
zgl_ResumeTransformFeedback(void)
{
   ZGL_CONTEXT(ctx);
   if (!ctx->xfb.active || !ctx->xfb.paused) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glResumeTransformFeedback: not paused");
      return;
   }
   if (ctx->program != ctx->xfb.program) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glResumeTransformFeedback: another program");
      return;
   }
   ctx->xfb.paused = false;
}

/* The draw-time part: GL 4.6, 13.3.1's mode rule and the state zkv needs. */
bool
zgl_xfb_draw_state(struct zgl_context *ctx, const char *func, GLenum mode,
                   struct zkv_draw_state *s)
{
   if (!ctx->xfb.active || ctx->xfb.paused)
      return true;
   GLenum base;
   switch (mode) {
   case GL_POINTS:
      base = GL_POINTS;
      break;
   case GL_LINES:
   case GL_LINE_STRIP:
   case GL_LINE_LOOP:
   case GL_LINES_ADJACENCY:
   case GL_LINE_STRIP_ADJACENCY:
      base = GL_LINES;
      break;
   default:
      base = GL_TRIANGLES;
   }
   /* Without a geometry shader the draw's primitives are what is captured. */
   const bool gs = ctx->program->linked->stages & (1u << KGL_STAGE_GEOMETRY);
   if (!gs && base != ctx->xfb.primitive_mode) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: mode 0x%x while capturing 0x%x", func, mode,
                ctx->xfb.primitive_mode);
      return false;
   }
   s->xfb_active = true;
   for (unsigned i = 0; i < 4; i++)
      s->xfb_targets[i] = ctx->xfb.targets[i];
   return true;
}
