/* SPDX-License-Identifier: MIT */
/*
 * DRM fourcc codes <-> kil formats.
 *
 * A fourcc names a little-endian packing ("[31:0] A:R:G:B 8:8:8:8"); the kil
 * format with the same channel bits is its match (ARGB8888 is
 * B8G8R8A8_UNORM: B in bits 0-7). The X variants (XRGB8888) match the same
 * format with the alpha channel ignored. A fourcc says nothing about colour
 * space, so the SRGB formats map to the fourcc of their UNORM twin.
 */
#ifndef KIL_DRM_FORMAT_H
#define KIL_DRM_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "layout/kil_format.h"

/* The kil format for a fourcc; KIL_FORMAT_NONE if we have none.
 * `*alpha_ignored` (may be NULL) is set for X formats. */
enum kil_format kil_format_from_drm_fourcc(uint32_t fourcc, bool *alpha_ignored);

/* The fourcc for a format (the X variant if `alpha_ignored` and the format
 * has alpha), or DRM_FORMAT_INVALID (0) if none. */
uint32_t kil_format_to_drm_fourcc(enum kil_format format, bool alpha_ignored);

#endif /* KIL_DRM_FORMAT_H */
