/* SPDX-License-Identifier: MIT */
/*
 * Programs zgl draws with itself (a clear that a colour or stencil mask
 * makes partial: zkv clears whole texels, so such a clear is a draw). They
 * are GLSL linked by the same path as applications' programs, made once
 * per context.
 */
#include "zgl_meta.h"

#include <stdlib.h>
#include <string.h>

#include "zgl_program.h"

static const char *const clear_vs =
   "#version 330 core\n"
   "void main() {\n"
   "   vec2 p = vec2((gl_VertexID & 1) * 4 - 1, (gl_VertexID >> 1) * 4 - 1);\n"
   "   gl_Position = vec4(p, 0.0, 1.0);\n"
   "}\n";

static const char *const clear_fs =
   "#version 330 core\n"
   "uniform vec4 color;\n"
   "layout(location = 0) out vec4 o0;\n"
   "layout(location = 1) out vec4 o1;\n"
   "layout(location = 2) out vec4 o2;\n"
   "layout(location = 3) out vec4 o3;\n"
   "layout(location = 4) out vec4 o4;\n"
   "layout(location = 5) out vec4 o5;\n"
   "layout(location = 6) out vec4 o6;\n"
   "layout(location = 7) out vec4 o7;\n"
   "void main() { o0 = o1 = o2 = o3 = o4 = o5 = o6 = o7 = color; }\n";

static bool
compile(struct zgl_shader *s, enum kgl_stage stage, const char *src)
{
   memset(s, 0, sizeof(*s));
   s->stage = stage;
   const struct kgl_shader_desc desc = {.stage = stage, .strings = &src, .count = 1};
   s->compiled = kgl_shader_create(&desc, &s->kgl) == KGL_SUCCESS && kgl_shader_compiled(s->kgl);
   return s->compiled;
}

struct zgl_linked *
zgl_meta_link(struct zgl_context *ctx, const char *vs_source, const char *fs_source)
{
   struct zgl_shader vs, fs;
   struct zgl_shader *shaders[2] = {&vs, &fs};
   struct zgl_program p = {.shaders = shaders, .num_shaders = 2};
   char *log = NULL;
   struct zgl_linked *l = NULL;
   if (compile(&vs, KGL_STAGE_VERTEX, vs_source) && compile(&fs, KGL_STAGE_FRAGMENT, fs_source))
      l = zgl_link(ctx, &p, &log);
   free(log);
   kgl_shader_destroy(vs.kgl);
   kgl_shader_destroy(fs.kgl);
   return l;
}

struct zgl_linked *
zgl_meta_clear_program(struct zgl_context *ctx)
{
   if (!ctx->meta_clear)
      ctx->meta_clear = zgl_meta_link(ctx, clear_vs, clear_fs);
   return ctx->meta_clear;
}

bool
zgl_meta_set_vec4(struct zgl_linked *l, const char *name, const float value[4])
{
   for (unsigned i = 0; i < l->info.num_uniforms; i++) {
      const struct zk_uniform *u = &l->info.uniforms[i];
      if (!strcmp(u->name, name)) {
         memcpy(l->uniform_data + u->offset_B, value, 16);
         return true;
      }
   }
   return false;
}
