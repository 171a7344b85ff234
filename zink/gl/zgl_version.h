/* SPDX-License-Identifier: MIT */
/*
 * The GL versions zgl reports: GL_VERSION, GL_MAJOR/MINOR_VERSION and the
 * highest version a context may ask for (zgl_screen_max_version). Raised
 * only when every feature of the version is implemented and tested
 * (docs/zink-gl.md lists what each one still lacks).
 */
#ifndef ZGL_VERSION_H
#define ZGL_VERSION_H

/* 10 * major + minor. */
#define ZGL_CORE_VERSION   33
#define ZGL_CORE_VERSION_STRING "3.3"
/* Compatibility contexts are the GL 3.3 compatibility profile: the core
 * version plus the compatibility profile's parts zgl has (client-memory
 * arrays, the default VAO, fixed-function arrays, matrices, immediate mode,
 * a fixed-function program for draws without one); docs/zink-gl.md lists
 * what is still missing. */
#define ZGL_COMPAT_VERSION 33
#define ZGL_COMPAT_VERSION_STRING "3.3 (Compatibility Profile)"
#define ZGL_COMPAT_GLSL_VERSION_STRING "3.30"

#define ZGL_GLSL_VERSION_STRING "3.30"

#endif
