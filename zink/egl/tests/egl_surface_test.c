/* SPDX-License-Identifier: MIT */
/*
 * Pbuffers, and the surfaces a platform without windows refuses.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "egl_api_test.h"

TEST(pbuffer)
{
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   EGLSurface s = pbuffer(dpy, c, 64, 32);
   REQUIRE(s != EGL_NO_SURFACE);
   EGLint v = 0;
   CHECK(eglQuerySurface(dpy, s, EGL_WIDTH, &v) && v == 64);
   CHECK(eglQuerySurface(dpy, s, EGL_HEIGHT, &v) && v == 32);
   CHECK(eglQuerySurface(dpy, s, EGL_CONFIG_ID, &v) && v == attrib(dpy, c, EGL_CONFIG_ID));
   CHECK(eglQuerySurface(dpy, s, EGL_RENDER_BUFFER, &v) && v == EGL_BACK_BUFFER);
   CHECK(eglQuerySurface(dpy, s, EGL_LARGEST_PBUFFER, &v) && v == EGL_FALSE);
   CHECK(eglQuerySurface(dpy, s, EGL_TEXTURE_FORMAT, &v) && v == EGL_NO_TEXTURE);
   CHECK(!eglQuerySurface(dpy, s, 0x7777, &v));
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   CHECK(eglDestroySurface(dpy, s));
   CHECK(!eglDestroySurface(dpy, s));
   CHECK_EQ(eglGetError(), EGL_BAD_SURFACE);
   /* EGL 1.5, 3.5.2's errors. */
   CHECK(pbuffer(dpy, c, -1, 8) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   const EGLint unknown[] = {0x7777, 1, EGL_NONE};
   CHECK(eglCreatePbufferSurface(dpy, c, unknown) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   static int not_a_config;
   CHECK(pbuffer(dpy, (EGLConfig)&not_a_config, 8, 8) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_CONFIG);
   if (!attrib(dpy, c, EGL_BIND_TO_TEXTURE_RGBA)) {
      const EGLint tex[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA,
                            EGL_TEXTURE_TARGET, EGL_TEXTURE_2D, EGL_NONE};
      CHECK(eglCreatePbufferSurface(dpy, c, tex) == EGL_NO_SURFACE);
      CHECK_EQ(eglGetError(), EGL_BAD_MATCH);
   }
   /* A zero-sized pbuffer is legal (the defaults are 0). */
   const EGLint none[] = {EGL_NONE};
   s = eglCreatePbufferSurface(dpy, c, none);
   CHECK(s != EGL_NO_SURFACE);
   if (s != EGL_NO_SURFACE) {
      CHECK(eglQuerySurface(dpy, s, EGL_WIDTH, &v) && v == 0);
      eglDestroySurface(dpy, s);
   }
   /* EGL_MESA_platform_surfaceless: no native windows or pixmaps, so
    * creating one fails with EGL_BAD_NATIVE_WINDOW/PIXMAP whatever the
    * config, through every entry point. */
   CHECK(eglCreateWindowSurface(dpy, c, 0, NULL) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_NATIVE_WINDOW);
   CHECK(eglCreatePlatformWindowSurface(dpy, EGL_NO_CONFIG_KHR, NULL, NULL) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_NATIVE_WINDOW);
   CHECK(eglCreatePlatformPixmapSurface(dpy, c, NULL, NULL) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_NATIVE_PIXMAP);
   PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC window_ext =
      (PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC)eglGetProcAddress("eglCreatePlatformWindowSurfaceEXT");
   REQUIRE(window_ext);
   CHECK(window_ext(dpy, c, NULL, NULL) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_NATIVE_WINDOW);
}

