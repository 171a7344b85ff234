/* SPDX-License-Identifier: MIT */
/*
 * glGetString, glGetStringi (GL 4.6, 22.2).
 */
#include <stdio.h>
#include <string.h>

#include "zgl_context.h"
#include "zgl_screen.h"
#include "zgl_version.h"

/* Extensions zgl implements, whole, and tests beyond its core version
 * (docs/zink-gl.md says which test covers each). */
static const char *const extensions[] = {
   "GL_ARB_base_instance",
   "GL_ARB_buffer_storage",
   "GL_ARB_clear_buffer_object",
   "GL_ARB_draw_indirect",
   "GL_ARB_invalidate_subdata",
   "GL_ARB_multi_draw_indirect",
   "GL_ARB_texture_storage",
   "GL_KHR_debug",
   NULL,
};

unsigned
zgl_num_extensions(void)
{
   unsigned n = 0;
   while (extensions[n])
      n++;
   return n;
}

const GLubyte *GLAPIENTRY
zgl_GetString(GLenum name)
{
   ZGL_CONTEXT(ctx, NULL);
   switch (name) {
   case GL_VENDOR:
      return (const GLubyte *)"kiln";
   case GL_RENDERER:
      if (!ctx->renderer_string[0])
         snprintf(ctx->renderer_string, sizeof(ctx->renderer_string), "zink (%s)",
                  ctx->screen->device_name);
      return (const GLubyte *)ctx->renderer_string;
   case GL_VERSION:
      return (const GLubyte *)(ctx->compat ? ZGL_COMPAT_VERSION_STRING " kiln zink"
                                           : ZGL_CORE_VERSION_STRING " (Core Profile) kiln zink");
   case GL_SHADING_LANGUAGE_VERSION:
      return (const GLubyte *)(ctx->compat ? ZGL_COMPAT_GLSL_VERSION_STRING
                                           : ZGL_GLSL_VERSION_STRING);
   case GL_EXTENSIONS:
      /* Compatibility contexts keep the space-separated list (GL 4.6
       * compatibility, 22.2). */
      if (!ctx->compat)
         break;
      if (!ctx->extensions_string[0]) {
         size_t at = 0;
         for (unsigned i = 0; extensions[i]; i++)
            at += (size_t)snprintf(ctx->extensions_string + at,
                                   sizeof(ctx->extensions_string) - at, "%s%s",
                                   i ? " " : "", extensions[i]);
      }
      return (const GLubyte *)ctx->extensions_string;
   default:
      break;
   }
   /* GL_EXTENSIONS is not a GetString name in core profiles (GL 4.6,
    * 22.2: "EXTENSIONS ... only GetStringi"). */
   zgl_error(ctx, GL_INVALID_ENUM, "glGetString(0x%x)", name);
   return NULL;
}

const GLubyte *GLAPIENTRY
zgl_GetStringi(GLenum name, GLuint index)
{
   ZGL_CONTEXT(ctx, NULL);
   switch (name) {
   case GL_EXTENSIONS:
      if (index >= zgl_num_extensions()) {
         zgl_error(ctx, GL_INVALID_VALUE, "glGetStringi(GL_EXTENSIONS, %u): %u extensions",
                   index, zgl_num_extensions());
         return NULL;
      }
      return (const GLubyte *)extensions[index];
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "glGetStringi(0x%x)", name);
      return NULL;
   }
}
