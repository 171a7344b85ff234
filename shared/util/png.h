/* SPDX-License-Identifier: MIT */
/*
 * Minimal PNG writer (8-bit RGBA or RGB, no compression library needed:
 * deflate "stored" blocks). For the main job, test dumps and tools.
 */
#ifndef UTIL_PNG_H
#define UTIL_PNG_H

#include <stddef.h>
#include <stdint.h>

/* Writes `width` x `height` pixels of `channels` (3 or 4) bytes each, rows
 * `stride_B` apart. Returns 0 or -errno. */
int util_png_write(const char *path, uint32_t width, uint32_t height, unsigned channels,
                   const void *pixels, size_t stride_B);

/* Reads back a PNG written by util_png_write (stored deflate only, 8-bit
 * RGB/RGBA): for tests. Returns malloc'd RGBA8 pixels or NULL. */
uint8_t *util_png_read_stored(const char *path, uint32_t *width, uint32_t *height);

uint32_t util_crc32(uint32_t crc, const void *data, size_t size_B);

#endif /* UTIL_PNG_H */
