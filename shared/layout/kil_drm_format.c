/* SPDX-License-Identifier: MIT */
#include "layout/kil_drm_format.h"

#include <drm_fourcc.h>

#include "util/macros.h"

struct kil_drm_format {
   uint32_t fourcc;
   enum kil_format format;
   bool alpha_ignored;
};

/* drm_fourcc.h writes a packing from the most significant bit down
 * ("[31:0] A:R:G:B"), so the last channel named is in the lowest bits: the
 * kil format with the same bit positions (kil_format.h). Lookups by fourcc
 * take the first row; lookups by format the first row with the right
 * alpha_ignored, so the SRGB rows at the end only serve format -> fourcc. */
static const struct kil_drm_format kil_drm_formats[] = {
   {DRM_FORMAT_R8, KIL_FORMAT_R8_UNORM, false},
   {DRM_FORMAT_R16, KIL_FORMAT_R16_UNORM, false},
   {DRM_FORMAT_GR88, KIL_FORMAT_R8G8_UNORM, false},
   {DRM_FORMAT_GR1616, KIL_FORMAT_R16G16_UNORM, false},
   {DRM_FORMAT_RGB565, KIL_FORMAT_R5G6B5_UNORM_PACK16, false},
   {DRM_FORMAT_BGR565, KIL_FORMAT_B5G6R5_UNORM_PACK16, false},
   {DRM_FORMAT_ARGB4444, KIL_FORMAT_A4R4G4B4_UNORM_PACK16, false},
   {DRM_FORMAT_XRGB4444, KIL_FORMAT_A4R4G4B4_UNORM_PACK16, true},
   {DRM_FORMAT_ABGR4444, KIL_FORMAT_A4B4G4R4_UNORM_PACK16, false},
   {DRM_FORMAT_XBGR4444, KIL_FORMAT_A4B4G4R4_UNORM_PACK16, true},
   {DRM_FORMAT_RGBA4444, KIL_FORMAT_R4G4B4A4_UNORM_PACK16, false},
   {DRM_FORMAT_RGBX4444, KIL_FORMAT_R4G4B4A4_UNORM_PACK16, true},
   {DRM_FORMAT_BGRA4444, KIL_FORMAT_B4G4R4A4_UNORM_PACK16, false},
   {DRM_FORMAT_BGRX4444, KIL_FORMAT_B4G4R4A4_UNORM_PACK16, true},
   {DRM_FORMAT_ARGB1555, KIL_FORMAT_A1R5G5B5_UNORM_PACK16, false},
   {DRM_FORMAT_XRGB1555, KIL_FORMAT_A1R5G5B5_UNORM_PACK16, true},
   {DRM_FORMAT_ABGR1555, KIL_FORMAT_A1B5G5R5_UNORM_PACK16, false},
   {DRM_FORMAT_XBGR1555, KIL_FORMAT_A1B5G5R5_UNORM_PACK16, true},
   {DRM_FORMAT_RGBA5551, KIL_FORMAT_R5G5B5A1_UNORM_PACK16, false},
   {DRM_FORMAT_RGBX5551, KIL_FORMAT_R5G5B5A1_UNORM_PACK16, true},
   {DRM_FORMAT_BGRA5551, KIL_FORMAT_B5G5R5A1_UNORM_PACK16, false},
   {DRM_FORMAT_BGRX5551, KIL_FORMAT_B5G5R5A1_UNORM_PACK16, true},
   {DRM_FORMAT_RGB888, KIL_FORMAT_B8G8R8_UNORM, false},
   {DRM_FORMAT_BGR888, KIL_FORMAT_R8G8B8_UNORM, false},
   {DRM_FORMAT_ARGB8888, KIL_FORMAT_B8G8R8A8_UNORM, false},
   {DRM_FORMAT_XRGB8888, KIL_FORMAT_B8G8R8A8_UNORM, true},
   {DRM_FORMAT_ABGR8888, KIL_FORMAT_R8G8B8A8_UNORM, false},
   {DRM_FORMAT_XBGR8888, KIL_FORMAT_R8G8B8A8_UNORM, true},
   {DRM_FORMAT_ARGB2101010, KIL_FORMAT_A2R10G10B10_UNORM_PACK32, false},
   {DRM_FORMAT_XRGB2101010, KIL_FORMAT_A2R10G10B10_UNORM_PACK32, true},
   {DRM_FORMAT_ABGR2101010, KIL_FORMAT_A2B10G10R10_UNORM_PACK32, false},
   {DRM_FORMAT_XBGR2101010, KIL_FORMAT_A2B10G10R10_UNORM_PACK32, true},
   {DRM_FORMAT_ABGR16161616, KIL_FORMAT_R16G16B16A16_UNORM, false},
   {DRM_FORMAT_XBGR16161616, KIL_FORMAT_R16G16B16A16_UNORM, true},
   {DRM_FORMAT_ABGR16161616F, KIL_FORMAT_R16G16B16A16_SFLOAT, false},
   {DRM_FORMAT_XBGR16161616F, KIL_FORMAT_R16G16B16A16_SFLOAT, true},

   /* format -> fourcc only: a fourcc carries no colour space. */
   {DRM_FORMAT_R8, KIL_FORMAT_R8_SRGB, false},
   {DRM_FORMAT_GR88, KIL_FORMAT_R8G8_SRGB, false},
   {DRM_FORMAT_RGB888, KIL_FORMAT_B8G8R8_SRGB, false},
   {DRM_FORMAT_BGR888, KIL_FORMAT_R8G8B8_SRGB, false},
   {DRM_FORMAT_ARGB8888, KIL_FORMAT_B8G8R8A8_SRGB, false},
   {DRM_FORMAT_XRGB8888, KIL_FORMAT_B8G8R8A8_SRGB, true},
   {DRM_FORMAT_ABGR8888, KIL_FORMAT_R8G8B8A8_SRGB, false},
   {DRM_FORMAT_XBGR8888, KIL_FORMAT_R8G8B8A8_SRGB, true},
};

enum kil_format
kil_format_from_drm_fourcc(uint32_t fourcc, bool *alpha_ignored)
{
   for (unsigned i = 0; i < ARRAY_SIZE(kil_drm_formats); i++) {
      if (kil_drm_formats[i].fourcc == fourcc) {
         if (alpha_ignored)
            *alpha_ignored = kil_drm_formats[i].alpha_ignored;
         return kil_drm_formats[i].format;
      }
   }
   if (alpha_ignored)
      *alpha_ignored = false;
   return KIL_FORMAT_NONE;
}

uint32_t
kil_format_to_drm_fourcc(enum kil_format format, bool alpha_ignored)
{
   /* A format without alpha (RGB565) has nothing to ignore: its one fourcc
    * serves both. */
   const struct kil_format_desc *d = kil_format_desc(format);
   if (d && d->rgba[3].bits == 0)
      alpha_ignored = false;

   for (unsigned i = 0; i < ARRAY_SIZE(kil_drm_formats); i++) {
      if (kil_drm_formats[i].format == format &&
          kil_drm_formats[i].alpha_ignored == alpha_ignored)
         return kil_drm_formats[i].fourcc;
   }
   return DRM_FORMAT_INVALID;
}
