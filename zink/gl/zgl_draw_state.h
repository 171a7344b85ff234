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
bool zgl_fixed_state(struct zgl_context *ctx, const char *func, struct zkv_draw_state *state);

/* The current program's vertex inputs, uniforms, blocks and samplers. False
 * after an error (GL_OUT_OF_MEMORY for a failed upload). */
bool zgl_program_state(struct zgl_context *ctx, const char *func, struct zkv_draw_state *state);

VkCompareOp zgl_compare_op(GLenum func);

#endif
