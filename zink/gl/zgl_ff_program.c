/* SPDX-License-Identifier: MIT */
/*
 * The program a compatibility context draws with when none is in use
 * (GL 4.6 compatibility, 12.2 and 14.x, the fixed-function part that zgl
 * has): the vertex transformed by the model-view-projection matrix, the
 * primary colour, flat with glShadeModel(GL_FLAT), and texture unit 0's
 * 2D texture (GL_TEXTURE_2D enabled) modulating it (texture environment
 * GL_MODULATE). Each variant is GLSL linked once per context.
 */
#include <stdio.h>
#include <stdlib.h>

#include "zgl_meta.h"
#include "zgl_program.h"

enum { VARIANT_TEXTURE = 1, VARIANT_FLAT = 2 };

static struct zgl_program *
make(struct zgl_context *ctx, unsigned variant)
{
   const char *interp = (variant & VARIANT_FLAT) ? "flat" : "smooth";
   char vs[512], fs[512];
   snprintf(vs, sizeof(vs),
            "#version 130\n"
            "%s out vec4 color;\n"
            "out vec4 tc;\n"
            "void main() {\n"
            "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
            "   color = gl_Color;\n"
            "   tc = gl_TextureMatrix[0] * gl_MultiTexCoord0;\n"
            "}\n",
            interp);
   snprintf(fs, sizeof(fs),
            "#version 130\n"
            "%s in vec4 color;\n"
            "in vec4 tc;\n"
            "uniform sampler2D tex;\n"
            "void main() {\n"
            "   gl_FragColor = %s;\n"
            "}\n",
            interp, (variant & VARIANT_TEXTURE) ? "color * texture(tex, tc.st / tc.q)" : "color");
   struct zgl_program *p = calloc(1, sizeof(*p));
   if (!p)
      return NULL;
   p->linked = zgl_meta_link(ctx, vs, fs);
   if (!p->linked) {
      free(p);
      return NULL;
   }
   return p;
}

struct zgl_program *
zgl_ff_program(struct zgl_context *ctx)
{
   const unsigned variant = ((ctx->texture_2d_units & 1) ? VARIANT_TEXTURE : 0) |
                            (ctx->shade_model == GL_FLAT ? VARIANT_FLAT : 0);
   if (!ctx->ff_programs[variant])
      ctx->ff_programs[variant] = make(ctx, variant);
   return ctx->ff_programs[variant];
}

void
zgl_ff_programs_free(struct zgl_context *ctx)
{
   for (unsigned i = 0; i < ARRAY_SIZE(ctx->ff_programs); i++) {
      if (ctx->ff_programs[i]) {
         zgl_linked_free(ctx->ff_programs[i]->linked);
         free(ctx->ff_programs[i]);
         ctx->ff_programs[i] = NULL;
      }
   }
}

void GLAPIENTRY
zgl_ShadeModel(GLenum mode)
{
   ZGL_CONTEXT(ctx);
   if (!zgl_compat_only(ctx, "glShadeModel"))
      return;
   if (mode != GL_FLAT && mode != GL_SMOOTH) {
      zgl_error(ctx, GL_INVALID_ENUM, "glShadeModel(0x%x)", mode);
      return;
   }
   ctx->shade_model = mode;
}
