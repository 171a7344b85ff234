/* SPDX-License-Identifier: MIT */
/*
 * EGL 1.5 through glvnd's libEGL, as an application sees it: displays,
 * configs (attributes, eglChooseConfig's matching and sort), pbuffers,
 * contexts (EGL_KHR_create_context's versions, profiles, flags and errors),
 * eglMakeCurrent across threads, fence syncs, devices, EGL_KHR_debug, and a
 * clear read back through GL. Every expectation comes from the spec, and the
 * same program runs on kiln and on Mesa (llvmpipe) in the same test run to
 * show the expectations right. Which vendor glvnd loads is the caller's
 * choice (__EGL_VENDOR_LIBRARY_FILENAMES, kiln-run).
 *
 * The helpers and options are here; the tests are in egl_*_test.c, one file
 * per EGL object, all linked into this one program.
 *
 *   egl_api_test [test name substrings...]
 *     KILN_EGL_TEST_NO_GL=1      the vendor has no GL (the fake-zgl build): skip GL checks
 *     KILN_EGL_TEST_VENDOR=NAME  EGL_VENDOR must contain NAME
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "egl_api_test.h"

bool no_gl;
const char *want_vendor;

bool has_token(const char *list, const char *token)
{
   size_t n = strlen(token);
   for (const char *p = list; p && (p = strstr(p, token)); p += n)
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   return false;
}

EGLDisplay surfaceless(void)
{
   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL))
      return EGL_NO_DISPLAY;
   return dpy;
}

/* A config for GL pbuffers with the given depth (0: any), or NULL. */
EGLConfig gl_config(EGLDisplay dpy, EGLint depth)
{
   const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                             EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                             EGL_DEPTH_SIZE, depth, EGL_NONE};
   EGLConfig config = NULL;
   EGLint n = 0;
   if (!eglChooseConfig(dpy, attribs, &config, 1, &n) || n < 1)
      return NULL;
   return config;
}

EGLContext core_context(EGLDisplay dpy, EGLConfig config, EGLContext share, int major, int minor)
{
   const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, major, EGL_CONTEXT_MINOR_VERSION, minor,
                             EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                             EGL_NONE};
   eglBindAPI(EGL_OPENGL_API);
   return eglCreateContext(dpy, config, share, attribs);
}

EGLSurface pbuffer(EGLDisplay dpy, EGLConfig config, EGLint w, EGLint h)
{
   const EGLint attribs[] = {EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE};
   return eglCreatePbufferSurface(dpy, config, attribs);
}


EGLint attrib(EGLDisplay dpy, EGLConfig c, EGLint name)
{
   EGLint v = -12345;
   if (!eglGetConfigAttrib(dpy, c, name, &v))
      test_fail(__FILE__, __LINE__, "eglGetConfigAttrib(0x%x) failed: 0x%x", name, eglGetError());
   return v;
}


/* Options come from the environment: util/test_main.c owns argv. */
__attribute__((constructor)) static void options(void)
{
   no_gl = getenv("KILN_EGL_TEST_NO_GL") != NULL;
   want_vendor = getenv("KILN_EGL_TEST_VENDOR");
}

