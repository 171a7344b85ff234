/* SPDX-License-Identifier: MIT */
/*
 * Formats: what the device supports (cached), texel block sizes, aspects.
 * GL's internal formats are mapped in zkv_format_gl.c.
 */
#include <string.h>

#include "zkv_private.h"

static void
cache_format(struct zkv_screen *screen, VkFormat format)
{
   VkFormatProperties p;
   vkGetPhysicalDeviceFormatProperties(screen->pdev, format, &p);
   pthread_mutex_lock(&screen->lock);
   screen->format_optimal[format] = p.optimalTilingFeatures;
   screen->format_buffer[format] = p.bufferFeatures;
   screen->format_cached[format] = true;
   pthread_mutex_unlock(&screen->lock);
}

VkFormatFeatureFlags
zkv_format_features(struct zkv_screen *screen, VkFormat format)
{
   if (format <= VK_FORMAT_UNDEFINED || format > VK_FORMAT_ASTC_12x12_SRGB_BLOCK) {
      if (format == VK_FORMAT_UNDEFINED)
         return 0;
      VkFormatProperties p;
      vkGetPhysicalDeviceFormatProperties(screen->pdev, format, &p);
      return p.optimalTilingFeatures;
   }
   if (!screen->format_cached[format])
      cache_format(screen, format);
   return screen->format_optimal[format];
}

VkFormatFeatureFlags
zkv_format_buffer_features(struct zkv_screen *screen, VkFormat format)
{
   if (format <= VK_FORMAT_UNDEFINED || format > VK_FORMAT_ASTC_12x12_SRGB_BLOCK) {
      if (format == VK_FORMAT_UNDEFINED)
         return 0;
      VkFormatProperties p;
      vkGetPhysicalDeviceFormatProperties(screen->pdev, format, &p);
      return p.bufferFeatures;
   }
   if (!screen->format_cached[format])
      cache_format(screen, format);
   return screen->format_buffer[format];
}

bool
zkv_image_format_supported(struct zkv_screen *screen, VkImageType type, VkFormat format,
                           VkImageUsageFlags usage, VkImageCreateFlags flags,
                           VkSampleCountFlagBits samples, VkImageFormatProperties *props)
{
   VkImageFormatProperties p;
   if (vkGetPhysicalDeviceImageFormatProperties(screen->pdev, format, type,
                                                VK_IMAGE_TILING_OPTIMAL, usage, flags,
                                                &p) != VK_SUCCESS)
      return false;
   if (props)
      *props = p;
   return (p.sampleCounts & samples) != 0;
}

uint32_t
zkv_format_block_size_B(VkFormat f)
{
   switch (f) {
   case VK_FORMAT_R4G4_UNORM_PACK8:
   case VK_FORMAT_R8_UNORM ... VK_FORMAT_R8_SRGB:
   case VK_FORMAT_S8_UINT:
      return 1;
   case VK_FORMAT_R4G4B4A4_UNORM_PACK16 ... VK_FORMAT_A1R5G5B5_UNORM_PACK16:
   case VK_FORMAT_R8G8_UNORM ... VK_FORMAT_R8G8_SRGB:
   case VK_FORMAT_R16_UNORM ... VK_FORMAT_R16_SFLOAT:
   case VK_FORMAT_D16_UNORM:
   case VK_FORMAT_A4R4G4B4_UNORM_PACK16:
   case VK_FORMAT_A4B4G4R4_UNORM_PACK16:
      return 2;
   case VK_FORMAT_R8G8B8_UNORM ... VK_FORMAT_B8G8R8_SRGB:
   case VK_FORMAT_D16_UNORM_S8_UINT:
      return 3;
   case VK_FORMAT_R8G8B8A8_UNORM ... VK_FORMAT_A2B10G10R10_SINT_PACK32:
   case VK_FORMAT_R16G16_UNORM ... VK_FORMAT_R16G16_SFLOAT:
   case VK_FORMAT_R32_UINT ... VK_FORMAT_R32_SFLOAT:
   case VK_FORMAT_B10G11R11_UFLOAT_PACK32:
   case VK_FORMAT_E5B9G9R9_UFLOAT_PACK32:
   case VK_FORMAT_X8_D24_UNORM_PACK32:
   case VK_FORMAT_D32_SFLOAT:
   case VK_FORMAT_D24_UNORM_S8_UINT:
      return 4;
   case VK_FORMAT_R16G16B16_UNORM ... VK_FORMAT_R16G16B16_SFLOAT:
      return 6;
   case VK_FORMAT_R16G16B16A16_UNORM ... VK_FORMAT_R16G16B16A16_SFLOAT:
   case VK_FORMAT_R32G32_UINT ... VK_FORMAT_R32G32_SFLOAT:
   case VK_FORMAT_R64_UINT ... VK_FORMAT_R64_SFLOAT:
   case VK_FORMAT_D32_SFLOAT_S8_UINT: /* as a copy of both aspects never happens; depth is 4 */
   case VK_FORMAT_BC1_RGB_UNORM_BLOCK ... VK_FORMAT_BC1_RGBA_SRGB_BLOCK:
   case VK_FORMAT_BC4_UNORM_BLOCK ... VK_FORMAT_BC4_SNORM_BLOCK:
   case VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK ... VK_FORMAT_ETC2_R8G8B8A1_SRGB_BLOCK:
   case VK_FORMAT_EAC_R11_UNORM_BLOCK ... VK_FORMAT_EAC_R11_SNORM_BLOCK:
      return 8;
   case VK_FORMAT_R32G32B32_UINT ... VK_FORMAT_R32G32B32_SFLOAT:
      return 12;
   case VK_FORMAT_R32G32B32A32_UINT ... VK_FORMAT_R32G32B32A32_SFLOAT:
   case VK_FORMAT_R64G64_UINT ... VK_FORMAT_R64G64_SFLOAT:
   case VK_FORMAT_BC2_UNORM_BLOCK ... VK_FORMAT_BC3_SRGB_BLOCK:
   case VK_FORMAT_BC5_UNORM_BLOCK ... VK_FORMAT_BC7_SRGB_BLOCK:
   case VK_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK ... VK_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK:
   case VK_FORMAT_EAC_R11G11_UNORM_BLOCK ... VK_FORMAT_EAC_R11G11_SNORM_BLOCK:
   case VK_FORMAT_ASTC_4x4_UNORM_BLOCK ... VK_FORMAT_ASTC_12x12_SRGB_BLOCK:
      return 16;
   case VK_FORMAT_R64G64B64_UINT ... VK_FORMAT_R64G64B64_SFLOAT:
      return 24;
   case VK_FORMAT_R64G64B64A64_UINT ... VK_FORMAT_R64G64B64A64_SFLOAT:
      return 32;
   default:
      return 0;
   }
}

void
zkv_format_block_extent(VkFormat f, uint32_t *width_px, uint32_t *height_px)
{
   static const uint8_t astc[][2] = {{4, 4}, {5, 4}, {5, 5}, {6, 5}, {6, 6}, {8, 5}, {8, 6},
                                     {8, 8}, {10, 5}, {10, 6}, {10, 8}, {10, 10}, {12, 10},
                                     {12, 12}};
   *width_px = *height_px = 1;
   if (f >= VK_FORMAT_BC1_RGB_UNORM_BLOCK && f <= VK_FORMAT_EAC_R11G11_SNORM_BLOCK) {
      *width_px = *height_px = 4;
   } else if (f >= VK_FORMAT_ASTC_4x4_UNORM_BLOCK && f <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK) {
      const unsigned i = (f - VK_FORMAT_ASTC_4x4_UNORM_BLOCK) / 2;
      *width_px = astc[i][0];
      *height_px = astc[i][1];
   }
}

VkImageAspectFlags
zkv_format_aspects(VkFormat f)
{
   switch (f) {
   case VK_FORMAT_D16_UNORM:
   case VK_FORMAT_X8_D24_UNORM_PACK32:
   case VK_FORMAT_D32_SFLOAT:
      return VK_IMAGE_ASPECT_DEPTH_BIT;
   case VK_FORMAT_S8_UINT:
      return VK_IMAGE_ASPECT_STENCIL_BIT;
   case VK_FORMAT_D16_UNORM_S8_UINT:
   case VK_FORMAT_D24_UNORM_S8_UINT:
   case VK_FORMAT_D32_SFLOAT_S8_UINT:
      return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
   case VK_FORMAT_UNDEFINED:
      return 0;
   default:
      return VK_IMAGE_ASPECT_COLOR_BIT;
   }
}

uint32_t
zkv_aspect_block_size_B(VkFormat format, VkImageAspectFlags aspect)
{
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT)
      return 1;
   if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT) {
      switch (format) {
      case VK_FORMAT_D16_UNORM:
      case VK_FORMAT_D16_UNORM_S8_UINT:
         return 2;
      default:
         return 4; /* D24 in a 32-bit word, D32 float */
      }
   }
   return zkv_format_block_size_B(format);
}
