/* SPDX-License-Identifier: MIT */
/*
 * GL state to zkv's draw state (zgl_draw_state.c): fixed-function state,
 * the framebuffer, the program's vertex inputs and resources.
 */
#ifndef ZGL_DRAW_STATE_H
#define ZGL_DRAW_STATE_H

#include "zgl_context.h"
#include "zink/vk/zkv.h"

/* Everything but the vertex inputs and the program's resources: what
 * clears need too. False after the GL error (an incomplete framebuffer). */
/* glDrawArrays(mode, 0, count) reading vao's arrays instead of the bound
 * VAO's (glEnd's draw, zgl_immediate.c). */
void zgl_draw_arrays_with(struct zgl_context *ctx, const char *func,
                          struct zgl_vertex_array *vao, GLenum mode, GLsizei count);
bool zgl_fixed_state(struct zgl_context *ctx, const char *func, struct zkv_draw_state *state);

/* The current program's vertex inputs, uniforms, blocks and samplers. False
 * after an error (GL_OUT_OF_MEMORY for a failed upload). */
bool zgl_program_state(struct zgl_context *ctx, const char *func, struct zkv_draw_state *state);

/* The resources of a linked program (uniforms, uniform and storage
 * blocks, samplers) as descriptors; draws and dispatches share it. */
struct zgl_linked;
bool zgl_resource_bindings(struct zgl_context *ctx, const char *func, const struct zgl_linked *l,
                           struct zkv_bindings *bindings);

VkCompareOp zgl_compare_op(GLenum func);

#endif
