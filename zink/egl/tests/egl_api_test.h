/* SPDX-License-Identifier: MIT */
/* egl_api_test's shared helpers (egl_api_test.c). */
#ifndef EGL_API_TEST_H
#define EGL_API_TEST_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdbool.h>

#include "util/test.h"

#define GL_COLOR_BUFFER_BIT 0x00004000
#define GL_RGBA 0x1908
#define GL_UNSIGNED_BYTE 0x1401
#define GL_VENDOR 0x1F00
#define GL_RENDERER 0x1F01
#define GL_VERSION 0x1F02

/* KILN_EGL_TEST_NO_GL: the vendor has no GL; KILN_EGL_TEST_VENDOR: the EGL_VENDOR to expect. */
extern bool no_gl;
extern const char *want_vendor;

bool has_token(const char *list, const char *token);
/* The surfaceless display, initialized, or EGL_NO_DISPLAY. */
EGLDisplay surfaceless(void);
/* An RGBA8 GL pbuffer config with at least `depth` depth bits, or NULL. */
EGLConfig gl_config(EGLDisplay dpy, EGLint depth);
/* A GL major.minor core context (binds EGL_OPENGL_API). */
EGLContext core_context(EGLDisplay dpy, EGLConfig config, EGLContext share, int major, int minor);
EGLSurface pbuffer(EGLDisplay dpy, EGLConfig config, EGLint w, EGLint h);
/* A config attribute; a failed query fails the test. */
EGLint attrib(EGLDisplay dpy, EGLConfig c, EGLint name);

#endif
