/* SPDX-License-Identifier: MIT */
/*
 * Framebuffers (GL 4.6, 9): framebuffer and renderbuffer objects, and the
 * framebuffer draws, clears and reads use, default or object.
 */
#ifndef ZGL_FRAMEBUFFER_H
#define ZGL_FRAMEBUFFER_H

#include "zgl_context.h"
#include "zink/vk/zkv.h"

struct zgl_texture;

struct zgl_renderbuffer {
   GLuint name;
   int refs;
   GLenum internal_format;
   GLsizei width, height, samples;
   VkFormat format;
   struct zkv_image *image;
};

enum zgl_attachment_slot {
   ZGL_ATTACH_COLOR0,
   ZGL_ATTACH_DEPTH = ZGL_MAX_COLOR_ATTACHMENTS,
   ZGL_ATTACH_STENCIL,
   ZGL_ATTACH_COUNT,
};

struct zgl_attachment {
   GLenum type; /* GL_NONE, GL_TEXTURE, GL_RENDERBUFFER */
   struct zgl_texture *texture;
   struct zgl_renderbuffer *renderbuffer;
   GLint level;
   GLint layer;   /* cube face or array layer / 3D slice */
   bool layered;  /* glFramebufferTexture of an array, cube or 3D texture */
   struct zkv_image_view *view; /* made on use, for view_image */
   struct zkv_image *view_image;
};

struct zgl_framebuffer {
   GLuint name;
   bool bound_once;
   struct zgl_attachment attachments[ZGL_ATTACH_COUNT];
   GLenum draw_buffers[ZGL_MAX_DRAW_BUFFERS];
   GLenum read_buffer;
};

/* What the draw framebuffer holds, beside zkv's description. */
struct zgl_fb_info {
   bool depth, stencil;
   uint32_t integer_colors; /* bit per draw buffer with an integer format */
};

/* The draw framebuffer as zkv attachments, by GL draw buffer index (not yet
 * permuted by a program's output locations). False after raising
 * GL_INVALID_FRAMEBUFFER_OPERATION (incomplete, e.g. a surfaceless
 * context's default framebuffer: GL_FRAMEBUFFER_UNDEFINED). info may be
 * NULL. */
bool zgl_draw_framebuffer(struct zgl_context *ctx, const char *func, struct zkv_framebuffer *fb,
                          struct zgl_fb_info *info);

/* Where a read (glReadPixels, blits, copies) comes from. */
struct zgl_read_source {
   struct zkv_image *image;
   VkFormat format;
   uint32_t level, layer;
   uint32_t width, height;
   bool flip_y; /* window-system images are stored top row first */
};

/* The read framebuffer's buffer of one aspect (colour: the read buffer).
 * False after the error GL names (INVALID_FRAMEBUFFER_OPERATION, or
 * INVALID_OPERATION for a missing buffer). */
bool zgl_read_source(struct zgl_context *ctx, const char *func, VkImageAspectFlagBits aspect,
                     struct zgl_read_source *src);

/* The draw framebuffer's colour buffer i, or depth/stencil, as a blit
 * destination; false if there is none (not an error). */
bool zgl_draw_target(struct zgl_context *ctx, int buffer, VkImageAspectFlagBits aspect,
                     struct zgl_read_source *dst);

/* glCheckFramebufferStatus of an object (GL 4.6, 9.4.2). */
GLenum zgl_framebuffer_status(struct zgl_context *ctx, struct zgl_framebuffer *fb);

void zgl_framebuffer_free(struct zgl_framebuffer *fb);
void zgl_renderbuffer_unref(struct zgl_renderbuffer *rb);
/* A texture or renderbuffer was deleted: detach it from the framebuffers
 * bound in ctx (GL 4.6, 9.2.7, 9.2.8). */
void zgl_framebuffers_detach(struct zgl_context *ctx, const void *object);

#endif
