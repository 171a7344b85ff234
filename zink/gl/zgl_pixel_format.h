/* SPDX-License-Identifier: MIT */
/*
 * GL client pixel formats and types (GL 4.6, 8.4.4, tables 8.2-8.8):
 * validation, sizes, and packing of RGBA/depth/stencil values into them.
 */
#ifndef ZGL_PIXEL_FORMAT_H
#define ZGL_PIXEL_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "zgl_context.h"

/* GL_INVALID_ENUM for unknown format/type, GL_INVALID_OPERATION for a
 * packed type whose component count does not match the format (table 8.5),
 * GL_NO_ERROR when the pair is valid. */
GLenum zgl_pixel_format_check(GLenum format, GLenum type);

/* Bytes per pixel of format/type (the group size, 8.4.4.1). */
unsigned zgl_pixel_size_B(GLenum format, GLenum type);

/* Integer formats (GL_RED_INTEGER ...). */
bool zgl_pixel_format_is_integer(GLenum format);

/* Byte offset of pixel (x, y) of an image width x height under the pixel
 * store state, and the stride of a row (8.4.4.1: row length, skips,
 * alignment). */
size_t zgl_pixel_row_stride_B(const struct zgl_pixel_store *ps, GLenum format, GLenum type,
                              GLsizei width);
size_t zgl_pixel_offset_B(const struct zgl_pixel_store *ps, GLenum format, GLenum type,
                          GLsizei width, GLint x, GLint y);

/* Writes one pixel: rgba floats (colour formats), depth in [0, 1], or
 * stencil, as format/type. Integer formats take ints from `irgba`. */
void zgl_pack_pixel(GLenum format, GLenum type, const float rgba[4], const int64_t irgba[4],
                    double depth, uint32_t stencil, void *dst);



/* Reads one pixel of format/type (the inverse of zgl_pack_pixel): colour
 * as floats (normalized types converted, GL 4.6, 8.4.4.2) and as integers
 * (integer formats), absent components (0, 0, 0, 1); depth; stencil. */
void zgl_unpack_pixel(GLenum format, GLenum type, const void *src, float rgba[4],
                      int64_t irgba[4], double *depth, uint32_t *stencil);
#endif
