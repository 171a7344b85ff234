/* SPDX-License-Identifier: MIT */
/*
 * The image formats zgl converts pixels to and from: VkFormat -> kil_format
 * (shared/layout), whose conversions shared/format implements once for the
 * whole tree.
 */
#ifndef ZGL_FORMAT_H
#define ZGL_FORMAT_H

#include <stdbool.h>

#include <vulkan/vulkan.h>

#include "layout/kil_format.h"

/* KIL_FORMAT_NONE for formats zgl does not convert (compressed ones). */
enum kil_format zgl_kil_format(VkFormat format);

/* GL's size and type queries of a format (GL 4.6, 9.2.3): the
 * FRAMEBUFFER_ATTACHMENT_* pname's value. depth: the attachment point is
 * DEPTH or STENCIL (stencil: STENCIL). */
int zgl_format_query(const struct kil_format_desc *desc, unsigned pname, bool depth,
                     bool stencil);

#endif
