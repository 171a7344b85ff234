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
/* Compatibility contexts are GL 3.0 (deprecated features not removed):
 * client-memory arrays and the default vertex array object work; most of
 * the fixed-function pipeline does not yet (docs/zink-gl.md lists it). */
#define ZGL_COMPAT_VERSION 30
#define ZGL_COMPAT_VERSION_STRING "3.0"
#define ZGL_COMPAT_GLSL_VERSION_STRING "1.30"

#define ZGL_GLSL_VERSION_STRING "3.30"

#endif
