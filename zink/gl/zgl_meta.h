/* SPDX-License-Identifier: MIT */
/* zgl's own programs (zgl_meta.c). */
#ifndef ZGL_META_H
#define ZGL_META_H

#include <stdbool.h>

#include "zgl_context.h"

struct zgl_linked;

/* A full-screen triangle (gl_VertexID 0..2) writing uniform vec4 "color" to
 * draw buffers 0-7; NULL if it cannot be made (out of memory). */
struct zgl_linked *zgl_meta_clear_program(struct zgl_context *ctx);
/* A program of zgl's own from GLSL sources; NULL if it does not link. */
struct zgl_linked *zgl_meta_link(struct zgl_context *ctx, const char *vs_source,
                                 const char *fs_source);
bool zgl_meta_set_vec4(struct zgl_linked *l, const char *name, const float value[4]);

#endif
