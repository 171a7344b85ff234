/* SPDX-License-Identifier: MIT */
/*
 * GL through the context: a clear read back with glReadPixels.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "egl_api_test.h"

typedef void (*clear_color_fn)(float, float, float, float);
typedef void (*clear_fn)(unsigned);
typedef void (*read_pixels_fn)(int, int, int, int, unsigned, unsigned, void *);
typedef const unsigned char *(*get_string_fn)(unsigned);
typedef void (*finish_fn)(void);

TEST(gl_clear_readback)
{
   if (no_gl) {
      test_skip("this vendor has no GL (KILN_EGL_TEST_NO_GL)");
      return;
   }
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   EGLContext ctx = core_context(dpy, c, EGL_NO_CONTEXT, 3, 3);
   EGLSurface s = pbuffer(dpy, c, 32, 16);
   REQUIRE(ctx && s);
   REQUIRE(eglMakeCurrent(dpy, s, s, ctx));
   get_string_fn get_string = (get_string_fn)eglGetProcAddress("glGetString");
   clear_color_fn clear_color = (clear_color_fn)eglGetProcAddress("glClearColor");
   clear_fn clear = (clear_fn)eglGetProcAddress("glClear");
   read_pixels_fn read_pixels = (read_pixels_fn)eglGetProcAddress("glReadPixels");
   REQUIRE(get_string && clear_color && clear && read_pixels);
   const char *renderer = (const char *)get_string(GL_RENDERER);
   const char *version = (const char *)get_string(GL_VERSION);
   REQUIRE(renderer && version);
   printf("GL_RENDERER: %s\nGL_VERSION: %s\n", renderer, version);
   clear_color(0.25f, 0.5f, 0.75f, 1.0f);
   clear(GL_COLOR_BUFFER_BIT);
   static unsigned char pixels[32 * 16 * 4];
   read_pixels(0, 0, 32, 16, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   /* GL 4.6, 17.4.3/8.4.4.x: 0.25, 0.5, 0.75, 1.0 as UNORM8 round to 64,
    * 128, 191, 255 (within one step either way, as the spec allows). */
   static const int want[4] = {64, 128, 191, 255};
   int bad = 0;
   for (int i = 0; i < 32 * 16; i++)
      for (int k = 0; k < 4; k++)
         bad += abs(pixels[i * 4 + k] - want[k]) > 1;
   CHECK_EQ(bad, 0);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, s);
   eglDestroyContext(dpy, ctx);
}

