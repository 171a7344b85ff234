/* SPDX-License-Identifier: MIT */
/*
 * The "hardware" texture and sampler headers of the CPU device.
 *
 * A GPU has a texture header format (NVIDIA: the TIC entry) and a sampler
 * header format (the TSC entry) that the driver fills once, when a view or a
 * sampler is created, and that shaders reach through descriptors. These are
 * ours, shaped for a CPU: everything an image access needs is precomputed
 * (per-level strides and tiling from shared/layout), so an access costs the
 * inline kil_level_addr_offset_B and nothing else.
 *
 * Who fills them: VkImageView (sampled, storage, input attachment),
 * VkBufferView (texel buffers) and VkSampler each own one, filled with
 * kx_image_desc_init / kx_buffer_view_desc_init / kx_sampler_desc_init.
 * Descriptors point at them (nvk_descriptor_types.h): the owning object
 * outlives every use of the descriptor (Vulkan valid usage).
 */
#ifndef KX_DESC_H
#define KX_DESC_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "layout/kil_addr.h"
#include "layout/kil_image.h"

enum kx_image_dim {
   KX_IMAGE_DIM_1D,
   KX_IMAGE_DIM_2D,
   KX_IMAGE_DIM_3D,
   KX_IMAGE_DIM_CUBE,
   KX_IMAGE_DIM_BUFFER,
};

/* Where a channel of a view reads from (VkComponentMapping resolved). */
enum kx_swizzle {
   KX_SWIZZLE_R,
   KX_SWIZZLE_G,
   KX_SWIZZLE_B,
   KX_SWIZZLE_A,
   KX_SWIZZLE_0,
   KX_SWIZZLE_1,
};

/* One channel of a VkComponentMapping; `identity` is the channel's own
 * source, which VK_COMPONENT_SWIZZLE_IDENTITY (and any unknown value) names. */
enum kx_swizzle kx_swizzle_from_vk(VkComponentSwizzle s, enum kx_swizzle identity);

struct kx_image_level {
   /* Offsets are from kx_image_desc::base_addr. */
   struct kil_level_addr addr;
   uint32_t width_px, height_px, depth_px;
};

struct kx_image_desc {
   /* Device address of the image's start (texel buffers: of element 0),
    * and how many bytes from there accesses may touch: the executor
    * translates [base_addr, base_addr + range_B) once per access batch. */
   uint64_t base_addr;
   uint64_t range_B;
   enum kil_format format; /* the view's format */
   uint32_t el_size_B;
   uint8_t dim;            /* enum kx_image_dim of the view */
   bool is_array;
   uint8_t num_levels;     /* levels of the view, levels[0] is its base level */
   uint8_t samples;
   uint8_t swizzle[4];     /* enum kx_swizzle per channel */
   uint32_t base_layer;    /* added to the layer coordinate */
   uint32_t num_layers;    /* layers of the view (a cube: 6 per cube) */
   struct kx_image_level levels[KIL_MAX_LEVELS];

   /* A view of a whole multi-planar image (sampled through a Y'CbCr
    * conversion, kx_ycbcr.h): plane_count 2 or 3, the planes' own headers
    * (single-plane 2D views, owned by the same view object) and each
    * plane's subsampling divisors; the fields above are plane 0's. 0 for
    * every other view. */
   uint8_t plane_count;
   uint8_t plane_div[KIL_MAX_PLANES][2];
   const struct kx_image_desc *planes[KIL_MAX_PLANES];
};

/* What a view selects of an image. */
struct kx_image_view_info {
   enum kx_image_dim dim;
   bool is_array;
   enum kil_format format; /* same element size as the image's */
   uint32_t base_level, num_levels;
   uint32_t base_layer, num_layers;
   /* VkComponentMapping, identity entries already resolved. */
   enum kx_swizzle swizzle[4];
};

/* Fills `desc` for a view of `image` bound at device address `image_addr`.
 * Returns false if the view does not fit the image (callers have checked
 * the Vulkan valid usage; this is a last line of defence). */
bool kx_image_desc_init(struct kx_image_desc *desc, const struct kil_image *image,
                        uint64_t image_addr, const struct kx_image_view_info *view);

/* A texel buffer view: `num_elements` elements of `format` at `addr`. */
void kx_buffer_view_desc_init(struct kx_image_desc *desc, enum kil_format format,
                              uint64_t addr, uint32_t num_elements);

/* A sampler Y'CbCr conversion (VkSamplerYcbcrConversionCreateInfo), as
 * the sampler header carries it. */
struct kx_ycbcr_desc {
   bool enabled;
   uint8_t model;            /* VkSamplerYcbcrModelConversion */
   uint8_t range;            /* VkSamplerYcbcrRange */
   uint8_t swizzle[4];       /* enum kx_swizzle, identity resolved */
   uint8_t chroma_offset[2]; /* VkChromaLocation for x and y */
   uint8_t chroma_filter;    /* VkFilter */
   uint8_t bits;             /* bits per component of the format (8, 16) */
};

/* VkPhysicalDeviceLimits::maxSamplerAnisotropy. */
#define KX_MAX_ANISOTROPY 16.0f

struct kx_sampler_desc {
   /* Vulkan's numeric values: VkFilter, VkSamplerMipmapMode,
    * VkSamplerAddressMode, VkCompareOp. */
   uint8_t mag_filter, min_filter;
   uint8_t mipmap_mode;
   uint8_t address_mode[3];
   bool compare_enable;
   uint8_t compare_op;
   bool unnormalized_coordinates;
   /* VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT: cube faces filter
    * like 2D images, with the address modes, never across edges. */
   bool non_seamless_cube;
   /* maxAnisotropy when anisotropyEnable (clamped to the device's 16),
    * else 1. */
   float max_anisotropy;
   float lod_bias, min_lod, max_lod;
   /* The border colour as the sampled type reads it (VkBorderColor's
    * float or int values). */
   union {
      float f[4];
      uint32_t u[4];
   } border;
   /* Set by the sampler's VkSamplerYcbcrConversionInfo. */
   struct kx_ycbcr_desc ycbcr;
};

void kx_sampler_desc_init(struct kx_sampler_desc *desc, const VkSamplerCreateInfo *info);

#endif /* KX_DESC_H */
