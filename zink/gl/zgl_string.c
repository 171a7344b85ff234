/* SPDX-License-Identifier: MIT */
/*
 * glGetString, glGetStringi (GL 4.6, 22.2).
 */
#include <stdio.h>
#include <string.h>

#include "zgl_context.h"
#include "zgl_screen.h"
#include "zgl_version.h"

/* Extensions zgl implements, whole: those beyond its core version, tested
 * (docs/zink-gl.md says which test covers each), and, as Mesa lists them,
 * the ARB extensions whose functionality GL 3.0 to 3.3 made core (applications
 * and piglit test for the extension name even in core contexts). The
 * extension_entry_points test checks each one's commands and enums. */
static const char *const extensions[] = {
   "GL_ARB_base_instance",
   "GL_ARB_buffer_storage",
   "GL_ARB_clear_buffer_object",
   "GL_ARB_copy_buffer",
   "GL_ARB_depth_clamp",
   "GL_ARB_draw_elements_base_vertex",
   "GL_ARB_draw_indirect",
   "GL_ARB_draw_instanced",
   "GL_ARB_explicit_attrib_location",
   "GL_ARB_fragment_coord_conventions",
   "GL_ARB_framebuffer_object",
   "GL_ARB_half_float_vertex",
   "GL_ARB_instanced_arrays",
   "GL_ARB_invalidate_subdata",
   "GL_ARB_map_buffer_range",
   "GL_ARB_multi_draw_indirect",
   "GL_ARB_occlusion_query2",
   "GL_ARB_provoking_vertex",
   "GL_ARB_sampler_objects",
   "GL_ARB_seamless_cube_map",
   "GL_ARB_sync",
   "GL_ARB_texture_multisample",
   "GL_ARB_texture_rg",
   "GL_ARB_texture_rgb10_a2ui",
   "GL_ARB_texture_storage",
   "GL_ARB_texture_swizzle",
   "GL_ARB_timer_query",
   "GL_ARB_uniform_buffer_object",
   "GL_ARB_vertex_array_bgra",
   "GL_ARB_vertex_array_object",
   "GL_ARB_vertex_type_2_10_10_10_rev",
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
         /* The list is fixed and far shorter than the buffer; a name that
          * would not fit whole is left out rather than cut (and it stops
          * there), so the string never overruns. */
         size_t at = 0;
         for (unsigned i = 0; extensions[i]; i++) {
            const size_t left = sizeof(ctx->extensions_string) - at;
            const int n = snprintf(ctx->extensions_string + at, left, "%s%s", i ? " " : "",
                                   extensions[i]);
            if (n < 0 || (size_t)n >= left) {
               ctx->extensions_string[at] = '\0';
               break;
            }
            at += (size_t)n;
         }
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
