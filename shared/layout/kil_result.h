/* SPDX-License-Identifier: MIT */
/*
 * What every kil function that can fail returns.
 *
 * Each way an input can be wrong has its own code, so the driver can map it
 * to the VkResult the spec names without re-checking anything: plane-layout
 * errors (kil_result_is_plane_layout_error) become
 * VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT, modifier errors
 * become "modifier not supported", and so on. kil_result_str() gives a short
 * sentence for logs and tests.
 */
#ifndef KIL_RESULT_H
#define KIL_RESULT_H

#include <stdbool.h>

enum kil_result {
   KIL_SUCCESS = 0,

   /* The device info describes something kil cannot lay out for (GOBs that
    * are not 64 B x 8 rows x 1, a GOB kind other than Turing+ desktop, no
    * block height allowed). */
   KIL_ERROR_UNSUPPORTED_DEVICE,
   /* KIL_FORMAT_NONE, an out-of-range enum, or a format the requested
    * tiling cannot hold (block-linear needs 1, 2, 4, 8 or 16 B elements). */
   KIL_ERROR_UNSUPPORTED_FORMAT,
   /* A malformed image description: zero extent, too many levels, a 1D
    * image with height > 1, a cube that is not square, ... */
   KIL_ERROR_INVALID_IMAGE_INFO,
   /* A well-formed description this layout cannot do (e.g. multisampled
    * 3D, linear multisampled, compressed multisampled). */
   KIL_ERROR_UNSUPPORTED_IMAGE,
   /* A size or offset does not fit in 64 bits (or a pitch in 32). */
   KIL_ERROR_OVERFLOW,
   /* A level, layer or rectangle outside the image, or a buffer or mapping
    * too small for the copy asked for. */
   KIL_ERROR_OUT_OF_BOUNDS,

   /* DRM format modifiers (drm_fourcc.h). */
   KIL_ERROR_MODIFIER_VENDOR,           /* not LINEAR and not NVIDIA's vendor */
   KIL_ERROR_MODIFIER_NOT_BLOCK_LINEAR, /* NVIDIA, but bit 4 clear (e.g. TEGRA_TILED) */
   KIL_ERROR_MODIFIER_RESERVED_BITS,    /* bits 5..11 or 26..55 set */
   KIL_ERROR_MODIFIER_COMPRESSION,      /* c != 0: we never compress */
   KIL_ERROR_MODIFIER_SECTOR_LAYOUT,    /* s != the device's (1, desktop) */
   KIL_ERROR_MODIFIER_GOB_KIND,         /* g != the device's (2, Turing+) */
   KIL_ERROR_MODIFIER_PAGE_KIND,        /* k != the device's generic kind */
   KIL_ERROR_MODIFIER_BLOCK_HEIGHT,     /* h not allowed by the device */
   KIL_ERROR_MODIFIER_FORMAT,           /* format cannot be shared with modifiers */
   KIL_ERROR_MODIFIER_IMAGE,            /* not a single-level single-sample 2D image */

   /* Explicit plane layouts (VkImageDrmFormatModifierExplicitCreateInfoEXT,
    * EGL dma-buf import). */
   KIL_ERROR_PLANE_OFFSET_ALIGN,    /* offset not aligned as the tiling needs */
   KIL_ERROR_PLANE_PITCH_ALIGN,     /* row pitch not a multiple of 64 B */
   KIL_ERROR_PLANE_PITCH_TOO_SMALL, /* row pitch < the image's row */
   KIL_ERROR_PLANE_SIZE_TOO_SMALL,  /* given size < what the layout needs */
   KIL_ERROR_PLANE_TOO_LARGE,       /* pitch x rows does not fit in 64 bits */
};

/* A short constant description ("row pitch smaller than the row"). */
const char *kil_result_str(enum kil_result result);

static inline bool
kil_result_is_plane_layout_error(enum kil_result result)
{
   return result >= KIL_ERROR_PLANE_OFFSET_ALIGN && result <= KIL_ERROR_PLANE_TOO_LARGE;
}

static inline bool
kil_result_is_modifier_error(enum kil_result result)
{
   return result >= KIL_ERROR_MODIFIER_VENDOR && result <= KIL_ERROR_MODIFIER_IMAGE;
}

#endif /* KIL_RESULT_H */
