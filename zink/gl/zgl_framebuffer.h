/* SPDX-License-Identifier: MIT */
/*
 * The framebuffer draws and reads use (GL 4.6, 9): today the window-system
 * framebuffer only (framebuffer objects are not implemented yet).
 */
#ifndef ZGL_FRAMEBUFFER_H
#define ZGL_FRAMEBUFFER_H

#include "zgl_context.h"
#include "zink/vk/zkv.h"

/* The draw framebuffer as zkv attachments, by GL draw buffer index (not yet
 * permuted by a program's output locations). False after raising
 * GL_INVALID_FRAMEBUFFER_OPERATION (an incomplete framebuffer, e.g. none
 * at all in a surfaceless context: GL_FRAMEBUFFER_UNDEFINED). */
bool zgl_draw_framebuffer(struct zgl_context *ctx, const char *func, struct zkv_framebuffer *fb);

/* The image glReadPixels reads: colour (the read buffer), depth or stencil.
 * NULL after the error GL names (INVALID_FRAMEBUFFER_OPERATION, or
 * INVALID_OPERATION for a missing buffer). *flip_y: window-system images
 * are stored top row first. */
struct zkv_image *zgl_read_image(struct zgl_context *ctx, const char *func,
                                 VkImageAspectFlagBits aspect, VkFormat *format,
                                 uint32_t *width, uint32_t *height, bool *flip_y);

#endif
