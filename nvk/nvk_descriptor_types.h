/* SPDX-License-Identifier: MIT */
/*
 * What descriptors look like in memory: the contract between the API side
 * (vkUpdateDescriptorSets, templates, push descriptors) and whatever reads
 * them at execution time (the shader backend's descriptor lowering).
 *
 * A descriptor set is one block of host memory. Each binding of its layout
 * (nvk_descriptor_set_layout.h) is an array of `array_size` descriptors
 * starting at `offset_B`, `stride_B` apart; the descriptor's type decides
 * which struct below sits there. Everything is 8-byte aligned; nothing
 * points into the set itself, so sets can be copied with memcpy.
 *
 *  type                                  struct                 size
 *  SAMPLER                               nvk_sampler_desc        48
 *  COMBINED_IMAGE_SAMPLER                nvk_combined_desc       56
 *  SAMPLED_IMAGE, STORAGE_IMAGE,
 *  INPUT_ATTACHMENT                      nvk_image_desc           8
 *  UNIFORM_TEXEL_BUFFER,
 *  STORAGE_TEXEL_BUFFER                  nvk_texel_buffer_desc   16
 *  UNIFORM_BUFFER, STORAGE_BUFFER,
 *  *_BUFFER_DYNAMIC                      nvk_buffer_desc         16
 *
 * Dynamic buffers hold the base range written by the update; the dynamic
 * offsets of vkCmdBindDescriptorSets are added at execution time into the
 * executor's resolved list (nvk_exec_descriptors::dynamic), indexed by the
 * pipeline layout's dynamic_start[set] plus the binding's dynamic_index plus
 * the array element. A descriptor never written reads as zeros (a NULL
 * view, a zero range).
 *
 * Images are referenced, not copied: nvk_image_desc points at the image
 * view's nvk_image_view_desc, which the application keeps alive while the
 * set is in use (valid usage). Samplers, texel buffers and buffers are small
 * and stored by value, so immutable samplers are baked into the layout.
 */
#ifndef NVK_DESCRIPTOR_TYPES_H
#define NVK_DESCRIPTOR_TYPES_H

#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "layout/kil_image.h"

/* Sampler state, resolved: enums as the API gives them, the border colour
 * as the value it stands for. */
struct nvk_sampler_desc {
   uint8_t mag_filter;      /* VkFilter */
   uint8_t min_filter;      /* VkFilter */
   uint8_t mipmap_mode;     /* VkSamplerMipmapMode */
   uint8_t address_mode[3]; /* VkSamplerAddressMode, u v w */
   uint8_t compare_enable;
   uint8_t compare_op;      /* VkCompareOp */
   uint8_t anisotropy_enable;
   uint8_t unnormalized_coordinates;
   uint8_t border_is_int;   /* the border colour is an integer one */
   uint8_t pad;
   uint32_t reduction_mode; /* VkSamplerReductionMode (weighted average until
                             * VK_EXT_sampler_filter_minmax) */
   float max_anisotropy;
   float mip_lod_bias;
   float min_lod;
   float max_lod;
   union {
      float f[4];
      uint32_t u[4];
   } border;
};

/* An image view as the backend reads it (lives in the view object). */
struct nvk_image_view_desc {
   uint64_t addr;                  /* device address of the image's start */
   const struct kil_image *layout; /* the image's layout */
   uint16_t format;                /* enum kil_format of the view */
   uint8_t view_type;              /* VkImageViewType */
   uint8_t aspect;                 /* the one VkImageAspectFlagBits viewed */
   uint8_t swizzle[4];             /* VkComponentSwizzle, never IDENTITY */
   uint32_t base_level, level_count;
   uint32_t base_layer, layer_count;
};

struct nvk_image_desc {
   const struct nvk_image_view_desc *view;
};

struct nvk_combined_desc {
   struct nvk_image_desc image;
   struct nvk_sampler_desc sampler;
};

struct nvk_texel_buffer_desc {
   uint64_t addr;
   uint32_t format;   /* enum kil_format */
   uint32_t size_el;  /* texels in range */
};

struct nvk_buffer_desc {
   uint64_t addr;
   uint64_t range_B;
};

_Static_assert(sizeof(struct nvk_sampler_desc) == 48, "documented size");
_Static_assert(sizeof(struct nvk_combined_desc) == 56, "documented size");
_Static_assert(sizeof(struct nvk_image_desc) == 8, "documented size");
_Static_assert(sizeof(struct nvk_texel_buffer_desc) == 16, "documented size");
_Static_assert(sizeof(struct nvk_buffer_desc) == 16, "documented size");

/* Bytes one descriptor of `type` takes (0: a type we do not support). */
static inline uint32_t
nvk_descriptor_size_B(VkDescriptorType type)
{
   switch (type) {
   case VK_DESCRIPTOR_TYPE_SAMPLER:
      return sizeof(struct nvk_sampler_desc);
   case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
      return sizeof(struct nvk_combined_desc);
   case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
   case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
   case VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT:
      return sizeof(struct nvk_image_desc);
   case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
      return sizeof(struct nvk_texel_buffer_desc);
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER:
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC:
   case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC:
      return sizeof(struct nvk_buffer_desc);
   default:
      return 0;
   }
}

static inline bool
nvk_descriptor_type_is_dynamic(VkDescriptorType type)
{
   return type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC ||
          type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC;
}

#endif /* NVK_DESCRIPTOR_TYPES_H */
