/* SPDX-License-Identifier: MIT */
#include "layout/kil_result.h"

const char *
kil_result_str(enum kil_result result)
{
   switch (result) {
   case KIL_SUCCESS:
      return "success";
   case KIL_ERROR_UNSUPPORTED_DEVICE:
      return "device info not supported by the layout";
   case KIL_ERROR_UNSUPPORTED_FORMAT:
      return "format not supported for this layout";
   case KIL_ERROR_INVALID_IMAGE_INFO:
      return "invalid image description";
   case KIL_ERROR_UNSUPPORTED_IMAGE:
      return "image not supported by this layout";
   case KIL_ERROR_OVERFLOW:
      return "size does not fit";
   case KIL_ERROR_OUT_OF_BOUNDS:
      return "outside the image or buffer";
   case KIL_ERROR_MODIFIER_VENDOR:
      return "modifier of another vendor";
   case KIL_ERROR_MODIFIER_NOT_BLOCK_LINEAR:
      return "NVIDIA modifier that is not block-linear";
   case KIL_ERROR_MODIFIER_RESERVED_BITS:
      return "modifier has reserved bits set";
   case KIL_ERROR_MODIFIER_COMPRESSION:
      return "modifier asks for compression";
   case KIL_ERROR_MODIFIER_SECTOR_LAYOUT:
      return "modifier's sector layout is not ours";
   case KIL_ERROR_MODIFIER_GOB_KIND:
      return "modifier's GOB kind is not ours";
   case KIL_ERROR_MODIFIER_PAGE_KIND:
      return "modifier's page kind is not ours";
   case KIL_ERROR_MODIFIER_BLOCK_HEIGHT:
      return "modifier's block height not supported";
   case KIL_ERROR_MODIFIER_FORMAT:
      return "format cannot be shared with this modifier";
   case KIL_ERROR_MODIFIER_IMAGE:
      return "image cannot be shared with modifiers";
   case KIL_ERROR_PLANE_OFFSET_ALIGN:
      return "plane offset misaligned";
   case KIL_ERROR_PLANE_PITCH_ALIGN:
      return "plane row pitch misaligned";
   case KIL_ERROR_PLANE_PITCH_TOO_SMALL:
      return "plane row pitch smaller than the row";
   case KIL_ERROR_PLANE_SIZE_TOO_SMALL:
      return "plane size smaller than the layout needs";
   case KIL_ERROR_PLANE_TOO_LARGE:
      return "plane pitch times rows too large";
   }
   return "unknown kil result";
}
