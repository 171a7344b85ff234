/* SPDX-License-Identifier: MIT */
#include "zgl_test.h"

#include <stdio.h>

struct gl gl;

static struct zgl_screen *screen;

bool
zgl_test_begin(struct zgl_test *t, bool debug)
{
   const struct zgl_context_attribs attribs = {
      .api = ZGL_API_OPENGL, .major_version = 3, .minor_version = 3,
      .profile = ZGL_PROFILE_CORE, .debug = debug,
   };
   return zgl_test_begin_attribs(t, &attribs);
}

bool
zgl_test_begin_attribs(struct zgl_test *t, const struct zgl_context_attribs *attribs)
{
#define X(name)                                                                          \
   gl.name = (__typeof__(gl.name))zgl_get_proc_address("gl" #name);                      \
   if (!CHECK(gl.name != NULL))                                                          \
      return false;
   ZGL_TEST_FUNCS(X)
#undef X
   enum zgl_status status;
   const char *message;
   if (!screen) {
      screen = zgl_screen_create(&status, &message);
      if (!screen) {
         test_fail(__FILE__, __LINE__, "zgl_screen_create: %d %s", status,
                   message ? message : "");
         return false;
      }
   }
   t->screen = screen;
   t->ctx = zgl_context_create(screen, attribs, NULL, &status);
   if (!CHECK(t->ctx != NULL))
      return false;
   const struct zgl_config config = {8, 8, 8, 8, 24, 8, 0, false, false};
   t->drawable = zgl_drawable_create(screen, &config, TEST_WIDTH, TEST_HEIGHT, &status);
   if (!CHECK(t->drawable != NULL))
      return false;
   return CHECK(zgl_make_current(t->ctx, t->drawable, t->drawable, &status));
}

void
zgl_test_end(struct zgl_test *t)
{
   enum zgl_status status;
   zgl_make_current(NULL, NULL, NULL, &status);
   zgl_context_destroy(t->ctx);
   zgl_drawable_destroy(t->drawable);
}

void
zgl_test_pixel(int x, int y, uint8_t rgba[4])
{
   gl.ReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
}

static GLuint
shader(GLenum type, const char *src)
{
   const GLuint s = gl.CreateShader(type);
   gl.ShaderSource(s, 1, &src, NULL);
   gl.CompileShader(s);
   GLint ok = 0;
   gl.GetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[4096];
      gl.GetShaderInfoLog(s, sizeof(log), NULL, log);
      test_fail(__FILE__, __LINE__, "compile: %s", log);
   }
   return s;
}

GLuint
zgl_test_program(const char *vs, const char *fs)
{
   const GLuint p = gl.CreateProgram();
   const GLuint v = shader(GL_VERTEX_SHADER, vs), f = shader(GL_FRAGMENT_SHADER, fs);
   gl.AttachShader(p, v);
   gl.AttachShader(p, f);
   gl.LinkProgram(p);
   gl.DeleteShader(v);
   gl.DeleteShader(f);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[4096];
      gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
      test_fail(__FILE__, __LINE__, "link: %s", log);
      gl.DeleteProgram(p);
      return 0;
   }
   return p;
}
