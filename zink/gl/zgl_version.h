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
#define ZGL_COMPAT_VERSION 0 /* no compatibility profile: no fixed-function pipeline */

#define ZGL_GLSL_VERSION_STRING "3.30"

#endif
