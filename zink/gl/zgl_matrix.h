/* SPDX-License-Identifier: MIT */
/*
 * The matrix stacks of the compatibility profile (GL 4.6 compatibility,
 * 12.1.1): model-view, projection and a texture matrix per texture
 * coordinate set, read by GLSL as gl_ModelViewMatrix & co. (the
 * kiln_gl_state block, zink/compiler/zk_gl_state.h).
 */
#ifndef ZGL_MATRIX_H
#define ZGL_MATRIX_H

#include "zgl_context.h"

struct zgl_values;

#define ZGL_MAX_MODELVIEW_STACK_DEPTH  32
#define ZGL_MAX_PROJECTION_STACK_DEPTH 32
#define ZGL_MAX_TEXTURE_STACK_DEPTH    10

/* A stack of column-major 4 x 4 matrices; top is m[depth - 1]. */
struct zgl_matrix_stack {
   GLfloat m[ZGL_MAX_MODELVIEW_STACK_DEPTH][16];
   unsigned depth, max_depth;
};

void zgl_matrix_state_init(struct zgl_context *ctx);

/* The compatibility profile's queries: the matrix state (GL_MATRIX_MODE,
 * GL_*_MATRIX, GL_*_STACK_DEPTH and their limits), GL_CLIENT_ACTIVE_TEXTURE,
 * GL_SHADE_MODEL; false if pname is none of them. */
bool zgl_matrix_get(struct zgl_context *ctx, GLenum pname, struct zgl_values *v);

/* Writes the matrices (and their inverse, transpose, normal matrix
 * variants) into a kiln_gl_state block of size_B (zk_gl_state_size_B())
 * bytes, every other byte zero. Per draw: the values come from a copy that
 * is computed again only after a matrix command changed a stack. */
void zgl_matrix_fill_gl_state(struct zgl_context *ctx, float *block, unsigned size_B);

#endif
