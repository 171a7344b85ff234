/* SPDX-License-Identifier: MIT */
/*
 * The image formats zgl converts pixels to and from: VkFormat -> kil_format
 * (shared/layout), whose conversions shared/format implements once for the
 * whole tree.
 */
#ifndef ZGL_FORMAT_H
#define ZGL_FORMAT_H

#include <vulkan/vulkan.h>

#include "layout/kil_format.h"

/* KIL_FORMAT_NONE for formats zgl does not convert (compressed ones). */
enum kil_format zgl_kil_format(VkFormat format);

#endif
