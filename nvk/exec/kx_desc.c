/* SPDX-License-Identifier: MIT */
#include "kx_desc.h"

#include <math.h>
#include <string.h>

static uint32_t
minify(uint32_t v, uint32_t level)
{
   const uint32_t m = v >> level;
   return m ? m : 1;
}

enum kx_swizzle
kx_swizzle_from_vk(VkComponentSwizzle s, enum kx_swizzle identity)
{
   switch (s) {
   case VK_COMPONENT_SWIZZLE_ZERO:
      return KX_SWIZZLE_0;
   case VK_COMPONENT_SWIZZLE_ONE:
      return KX_SWIZZLE_1;
   case VK_COMPONENT_SWIZZLE_R:
      return KX_SWIZZLE_R;
   case VK_COMPONENT_SWIZZLE_G:
      return KX_SWIZZLE_G;
   case VK_COMPONENT_SWIZZLE_B:
      return KX_SWIZZLE_B;
   case VK_COMPONENT_SWIZZLE_A:
      return KX_SWIZZLE_A;
   default:
      return identity;
   }
}

bool
kx_image_desc_init(struct kx_image_desc *desc, const struct kil_image *image,
                   uint64_t image_addr, const struct kx_image_view_info *view)
{
   memset(desc, 0, sizeof(*desc));
   if (view->num_levels == 0 || view->num_levels > KIL_MAX_LEVELS ||
       view->base_level + view->num_levels > image->num_levels ||
       kil_format_el_size_B(view->format) != kil_format_el_size_B(image->format))
      return false;

   /* A 2D (array) view of one level of a 3D image: that level seen as an
    * array of its slices (kil does the re-description). */
   struct kil_image as_2d;
   uint64_t offset_B = 0;
   uint32_t base_level = view->base_level;
   if (image->dim == KIL_IMAGE_DIM_3D && view->dim != KX_IMAGE_DIM_3D) {
      if (view->num_levels != 1 ||
          kil_image_3d_level_as_2d_array(image, base_level, &as_2d, &offset_B) !=
             KIL_SUCCESS)
         return false;
      image = &as_2d;
      base_level = 0;
   }

   desc->base_addr = image_addr + offset_B;
   desc->range_B = image->size_B;
   desc->format = view->format;
   desc->el_size_B = kil_format_el_size_B(view->format);
   desc->dim = (uint8_t)view->dim;
   desc->is_array = view->is_array;
   desc->num_levels = (uint8_t)view->num_levels;
   desc->samples = (uint8_t)kil_sample_layout_samples(image->sample_layout);
   for (unsigned c = 0; c < 4; c++)
      desc->swizzle[c] = (uint8_t)view->swizzle[c];
   desc->base_layer = view->base_layer;
   desc->num_layers = view->num_layers;
   if (view->base_layer + view->num_layers > image->extent_px.array_len &&
       image->dim != KIL_IMAGE_DIM_3D)
      return false;

   for (uint32_t l = 0; l < view->num_levels; l++) {
      struct kx_image_level *lvl = &desc->levels[l];
      if (kil_level_addr_init(&lvl->addr, image, base_level + l) != KIL_SUCCESS)
         return false;
      lvl->width_px = minify(image->extent_px.width, base_level + l);
      lvl->height_px = minify(image->extent_px.height, base_level + l);
      lvl->depth_px = minify(image->extent_px.depth, base_level + l);
   }
   return true;
}

void
kx_buffer_view_desc_init(struct kx_image_desc *desc, enum kil_format format, uint64_t addr,
                         uint32_t num_elements)
{
   memset(desc, 0, sizeof(*desc));
   const uint32_t el_size_B = kil_format_el_size_B(format);
   desc->base_addr = addr;
   desc->range_B = (uint64_t)num_elements * el_size_B;
   desc->format = format;
   desc->el_size_B = el_size_B;
   desc->dim = KX_IMAGE_DIM_BUFFER;
   desc->num_levels = 1;
   desc->samples = 1;
   desc->num_layers = 1;
   for (unsigned c = 0; c < 4; c++)
      desc->swizzle[c] = (uint8_t)(KX_SWIZZLE_R + c);
   struct kx_image_level *lvl = &desc->levels[0];
   lvl->addr.el_size_B = el_size_B;
   lvl->addr.tiling = kil_tiling_linear();
   lvl->addr.row_pitch_B = desc->range_B > UINT32_MAX ? UINT32_MAX : (uint32_t)desc->range_B;
   lvl->addr.extent_el = kil_extent4d_el(num_elements, 1, 1, 1);
   lvl->width_px = num_elements;
   lvl->height_px = 1;
   lvl->depth_px = 1;
}

static const VkSamplerCustomBorderColorCreateInfoEXT *
find_custom_border(const void *chain)
{
   for (const VkBaseInStructure *s = chain; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT)
         return (const VkSamplerCustomBorderColorCreateInfoEXT *)s;
   }
   return NULL;
}

void
kx_sampler_desc_init(struct kx_sampler_desc *desc, const VkSamplerCreateInfo *info)
{
   memset(desc, 0, sizeof(*desc));
   desc->mag_filter = (uint8_t)info->magFilter;
   desc->min_filter = (uint8_t)info->minFilter;
   desc->mipmap_mode = (uint8_t)info->mipmapMode;
   desc->address_mode[0] = (uint8_t)info->addressModeU;
   desc->address_mode[1] = (uint8_t)info->addressModeV;
   desc->address_mode[2] = (uint8_t)info->addressModeW;
   desc->compare_enable = info->compareEnable;
   desc->compare_op = (uint8_t)info->compareOp;
   desc->unnormalized_coordinates = info->unnormalizedCoordinates;
   desc->non_seamless_cube = (info->flags & VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT) != 0;
   desc->max_anisotropy = 1.0f;
   if (info->anisotropyEnable)
      desc->max_anisotropy = fminf(fmaxf(info->maxAnisotropy, 1.0f), KX_MAX_ANISOTROPY);
   desc->lod_bias = info->mipLodBias;
   desc->min_lod = info->minLod;
   desc->max_lod = info->maxLod;

   /* Vulkan 1.3, 13.1.1 "Sampler border colours": transparent black,
    * opaque black and opaque white, as float or as integer. */
   switch (info->borderColor) {
   case VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK:
      desc->border.f[3] = 1.0f;
      break;
   case VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE:
      for (unsigned c = 0; c < 4; c++)
         desc->border.f[c] = 1.0f;
      break;
   case VK_BORDER_COLOR_INT_OPAQUE_BLACK:
      desc->border.u[3] = 1;
      break;
   case VK_BORDER_COLOR_INT_OPAQUE_WHITE:
      for (unsigned c = 0; c < 4; c++)
         desc->border.u[c] = 1;
      break;
   case VK_BORDER_COLOR_FLOAT_CUSTOM_EXT:
   case VK_BORDER_COLOR_INT_CUSTOM_EXT: {
      /* VK_EXT_custom_border_color: the values as the sampled type reads
       * them (float or integer bits), whatever the format says (kiln does
       * not need it: customBorderColorWithoutFormat). Like every border
       * colour it replaces the texel before the view's component mapping
       * (Vulkan 1.3, 16.x "Texel Replacement" precedes "Component
       * Swizzle"), which is what VK_EXT_border_color_swizzle's
       * borderColorSwizzleFromImage means; a
       * VkSamplerBorderColorComponentMappingCreateInfoEXT only repeats the
       * view's mapping for hardware that cannot see it. */
      const VkSamplerCustomBorderColorCreateInfoEXT *c = find_custom_border(info->pNext);
      if (c)
         memcpy(desc->border.u, c->customBorderColor.uint32, sizeof(desc->border.u));
      break;
   }
   default:
      /* Transparent black, float or int: all zero. */
      break;
   }
}
