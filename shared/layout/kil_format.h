/* SPDX-License-Identifier: MIT */
/*
 * kil's own formats: what the layout needs to know about a texel.
 *
 * Names follow VkFormat's (KIL_FORMAT_R8G8B8A8_UNORM is
 * VK_FORMAT_R8G8B8A8_UNORM) so a driver maps one to the other by name, but no
 * Vulkan type appears here. For each format the table gives the element size,
 * the block extent (1x1x1 except for compressed formats, where one element is
 * one block), the aspects, and where each channel's bits are.
 *
 * Channel positions: every element is read as one little-endian integer of
 * el_size_B bytes; a channel is `bits` bits starting at bit `shift`. This one
 * rule describes array formats (R8G8B8A8: R at 0, G at 8, B at 16, A at 24),
 * packed formats (R5G6B5_UNORM_PACK16: R at 11, G at 5, B at 0) and
 * depth/stencil layouts alike.
 *
 * Depth/stencil layouts (kiln's choice; NVIDIA does not document its own):
 *    D24_UNORM_S8_UINT   4 B: depth bits 0..23 (unorm24), stencil bits 24..31.
 *                        The depth aspect alone reads like X8_D24_UNORM_PACK32.
 *    D32_SFLOAT_S8_UINT  8 B: depth float in bytes 0..3, stencil in byte 4,
 *                        bytes 5..7 unused.
 * Both aspects share each element, so the layout (offsets, tiling) is that of
 * any 4 B or 8 B format.
 */
#ifndef KIL_FORMAT_H
#define KIL_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

enum kil_format {
   KIL_FORMAT_NONE = 0,

   /* Small packed formats. */
   KIL_FORMAT_R4G4_UNORM_PACK8,
   KIL_FORMAT_R4G4B4A4_UNORM_PACK16,
   KIL_FORMAT_B4G4R4A4_UNORM_PACK16,
   KIL_FORMAT_A4R4G4B4_UNORM_PACK16,
   KIL_FORMAT_A4B4G4R4_UNORM_PACK16,
   KIL_FORMAT_R5G6B5_UNORM_PACK16,
   KIL_FORMAT_B5G6R5_UNORM_PACK16,
   KIL_FORMAT_R5G5B5A1_UNORM_PACK16,
   KIL_FORMAT_B5G5R5A1_UNORM_PACK16,
   KIL_FORMAT_A1R5G5B5_UNORM_PACK16,
   KIL_FORMAT_A1B5G5R5_UNORM_PACK16,
   KIL_FORMAT_A8_UNORM,

#define KIL_FORMAT_8BIT_TYPES(prefix)                                                    \
   prefix##_UNORM, prefix##_SNORM, prefix##_USCALED, prefix##_SSCALED, prefix##_UINT,    \
      prefix##_SINT, prefix##_SRGB
   KIL_FORMAT_8BIT_TYPES(KIL_FORMAT_R8),
   KIL_FORMAT_8BIT_TYPES(KIL_FORMAT_R8G8),
   KIL_FORMAT_8BIT_TYPES(KIL_FORMAT_R8G8B8),
   KIL_FORMAT_8BIT_TYPES(KIL_FORMAT_B8G8R8),
   KIL_FORMAT_8BIT_TYPES(KIL_FORMAT_R8G8B8A8),
   KIL_FORMAT_8BIT_TYPES(KIL_FORMAT_B8G8R8A8),
#undef KIL_FORMAT_8BIT_TYPES
   KIL_FORMAT_A8B8G8R8_UNORM_PACK32,
   KIL_FORMAT_A8B8G8R8_SNORM_PACK32,
   KIL_FORMAT_A8B8G8R8_USCALED_PACK32,
   KIL_FORMAT_A8B8G8R8_SSCALED_PACK32,
   KIL_FORMAT_A8B8G8R8_UINT_PACK32,
   KIL_FORMAT_A8B8G8R8_SINT_PACK32,
   KIL_FORMAT_A8B8G8R8_SRGB_PACK32,

   KIL_FORMAT_A2R10G10B10_UNORM_PACK32,
   KIL_FORMAT_A2R10G10B10_SNORM_PACK32,
   KIL_FORMAT_A2R10G10B10_USCALED_PACK32,
   KIL_FORMAT_A2R10G10B10_SSCALED_PACK32,
   KIL_FORMAT_A2R10G10B10_UINT_PACK32,
   KIL_FORMAT_A2R10G10B10_SINT_PACK32,
   KIL_FORMAT_A2B10G10R10_UNORM_PACK32,
   KIL_FORMAT_A2B10G10R10_SNORM_PACK32,
   KIL_FORMAT_A2B10G10R10_USCALED_PACK32,
   KIL_FORMAT_A2B10G10R10_SSCALED_PACK32,
   KIL_FORMAT_A2B10G10R10_UINT_PACK32,
   KIL_FORMAT_A2B10G10R10_SINT_PACK32,

#define KIL_FORMAT_16BIT_TYPES(prefix)                                                   \
   prefix##_UNORM, prefix##_SNORM, prefix##_USCALED, prefix##_SSCALED, prefix##_UINT,    \
      prefix##_SINT, prefix##_SFLOAT
   KIL_FORMAT_16BIT_TYPES(KIL_FORMAT_R16),
   KIL_FORMAT_16BIT_TYPES(KIL_FORMAT_R16G16),
   KIL_FORMAT_16BIT_TYPES(KIL_FORMAT_R16G16B16),
   KIL_FORMAT_16BIT_TYPES(KIL_FORMAT_R16G16B16A16),
#undef KIL_FORMAT_16BIT_TYPES

#define KIL_FORMAT_32BIT_TYPES(prefix) prefix##_UINT, prefix##_SINT, prefix##_SFLOAT
   KIL_FORMAT_32BIT_TYPES(KIL_FORMAT_R32),
   KIL_FORMAT_32BIT_TYPES(KIL_FORMAT_R32G32),
   KIL_FORMAT_32BIT_TYPES(KIL_FORMAT_R32G32B32),
   KIL_FORMAT_32BIT_TYPES(KIL_FORMAT_R32G32B32A32),
   KIL_FORMAT_32BIT_TYPES(KIL_FORMAT_R64),
   KIL_FORMAT_32BIT_TYPES(KIL_FORMAT_R64G64),
   KIL_FORMAT_32BIT_TYPES(KIL_FORMAT_R64G64B64),
   KIL_FORMAT_32BIT_TYPES(KIL_FORMAT_R64G64B64A64),
#undef KIL_FORMAT_32BIT_TYPES

   KIL_FORMAT_B10G11R11_UFLOAT_PACK32,
   KIL_FORMAT_E5B9G9R9_UFLOAT_PACK32,

   /* Depth/stencil. */
   KIL_FORMAT_D16_UNORM,
   KIL_FORMAT_X8_D24_UNORM_PACK32,
   KIL_FORMAT_D32_SFLOAT,
   KIL_FORMAT_S8_UINT,
   KIL_FORMAT_D24_UNORM_S8_UINT,
   KIL_FORMAT_D32_SFLOAT_S8_UINT,

   /* Block-compressed: one element = one block. */
   KIL_FORMAT_BC1_RGB_UNORM_BLOCK,
   KIL_FORMAT_BC1_RGB_SRGB_BLOCK,
   KIL_FORMAT_BC1_RGBA_UNORM_BLOCK,
   KIL_FORMAT_BC1_RGBA_SRGB_BLOCK,
   KIL_FORMAT_BC2_UNORM_BLOCK,
   KIL_FORMAT_BC2_SRGB_BLOCK,
   KIL_FORMAT_BC3_UNORM_BLOCK,
   KIL_FORMAT_BC3_SRGB_BLOCK,
   KIL_FORMAT_BC4_UNORM_BLOCK,
   KIL_FORMAT_BC4_SNORM_BLOCK,
   KIL_FORMAT_BC5_UNORM_BLOCK,
   KIL_FORMAT_BC5_SNORM_BLOCK,
   KIL_FORMAT_BC6H_UFLOAT_BLOCK,
   KIL_FORMAT_BC6H_SFLOAT_BLOCK,
   KIL_FORMAT_BC7_UNORM_BLOCK,
   KIL_FORMAT_BC7_SRGB_BLOCK,
   KIL_FORMAT_ETC2_R8G8B8_UNORM_BLOCK,
   KIL_FORMAT_ETC2_R8G8B8_SRGB_BLOCK,
   KIL_FORMAT_ETC2_R8G8B8A1_UNORM_BLOCK,
   KIL_FORMAT_ETC2_R8G8B8A1_SRGB_BLOCK,
   KIL_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK,
   KIL_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK,
   KIL_FORMAT_EAC_R11_UNORM_BLOCK,
   KIL_FORMAT_EAC_R11_SNORM_BLOCK,
   KIL_FORMAT_EAC_R11G11_UNORM_BLOCK,
   KIL_FORMAT_EAC_R11G11_SNORM_BLOCK,

#define KIL_FORMAT_ASTC(w, h)                                                            \
   KIL_FORMAT_ASTC_##w##x##h##_UNORM_BLOCK, KIL_FORMAT_ASTC_##w##x##h##_SRGB_BLOCK
   KIL_FORMAT_ASTC(4, 4),
   KIL_FORMAT_ASTC(5, 4),
   KIL_FORMAT_ASTC(5, 5),
   KIL_FORMAT_ASTC(6, 5),
   KIL_FORMAT_ASTC(6, 6),
   KIL_FORMAT_ASTC(8, 5),
   KIL_FORMAT_ASTC(8, 6),
   KIL_FORMAT_ASTC(8, 8),
   KIL_FORMAT_ASTC(10, 5),
   KIL_FORMAT_ASTC(10, 6),
   KIL_FORMAT_ASTC(10, 8),
   KIL_FORMAT_ASTC(10, 10),
   KIL_FORMAT_ASTC(12, 10),
   KIL_FORMAT_ASTC(12, 12),
#undef KIL_FORMAT_ASTC

   /* Multi-planar Y'CbCr formats (VK_KHR_sampler_ycbcr_conversion): no
    * element of their own; each plane is an image of a single-plane format
    * (`planes` in the table, kil_planar.h lays them out). */
   KIL_FORMAT_G8_B8R8_2PLANE_420_UNORM,
   KIL_FORMAT_G8_B8_R8_3PLANE_420_UNORM,
   KIL_FORMAT_G8_B8R8_2PLANE_422_UNORM,
   KIL_FORMAT_G8_B8_R8_3PLANE_422_UNORM,
   KIL_FORMAT_G8_B8_R8_3PLANE_444_UNORM,
   KIL_FORMAT_G16_B16R16_2PLANE_420_UNORM,

   KIL_FORMAT_COUNT,
};

enum kil_aspect {
   KIL_ASPECT_COLOR = 1 << 0,
   KIL_ASPECT_DEPTH = 1 << 1,
   KIL_ASPECT_STENCIL = 1 << 2,
};

#define KIL_MAX_PLANES 3u

/* How a channel's bits are read. SRGB applies to R, G and B; the alpha
 * channel of an SRGB format is UNORM. */
enum kil_channel_type {
   KIL_CHANNEL_TYPE_NONE = 0,
   KIL_CHANNEL_TYPE_UNORM,
   KIL_CHANNEL_TYPE_SNORM,
   KIL_CHANNEL_TYPE_USCALED,
   KIL_CHANNEL_TYPE_SSCALED,
   KIL_CHANNEL_TYPE_UINT,
   KIL_CHANNEL_TYPE_SINT,
   KIL_CHANNEL_TYPE_UFLOAT, /* unsigned small floats: B10G11R11, E5B9G9R9 */
   KIL_CHANNEL_TYPE_SFLOAT,
   KIL_CHANNEL_TYPE_SRGB,
};

enum kil_compression {
   KIL_COMPRESSION_NONE = 0,
   KIL_COMPRESSION_BC1_RGB,
   KIL_COMPRESSION_BC1_RGBA,
   KIL_COMPRESSION_BC2,
   KIL_COMPRESSION_BC3,
   KIL_COMPRESSION_BC4,
   KIL_COMPRESSION_BC5,
   KIL_COMPRESSION_BC6H,
   KIL_COMPRESSION_BC7,
   KIL_COMPRESSION_ETC2_RGB8,
   KIL_COMPRESSION_ETC2_RGB8A1,
   KIL_COMPRESSION_ETC2_RGBA8,
   KIL_COMPRESSION_EAC_R11,
   KIL_COMPRESSION_EAC_RG11,
   KIL_COMPRESSION_ASTC_LDR,
};

/* Bit position of a channel inside the element (see the top of this file);
 * bits == 0: the channel is absent. */
struct kil_channel {
   uint8_t shift;
   uint8_t bits;
};

enum kil_format_flags {
   /* E5B9G9R9: the 5 bits at 27 are an exponent shared by R, G and B. */
   KIL_FORMAT_FLAG_SHARED_EXPONENT = 1 << 0,
   /* A *_PACKnn format: channels packed in one 8/16/32-bit word. */
   KIL_FORMAT_FLAG_PACKED = 1 << 1,
   /* Several planes, each its own single-plane format (el_size_B is 0). */
   KIL_FORMAT_FLAG_MULTI_PLANAR = 1 << 2,
};

/* One plane of a multi-planar format: its format and how many image pixels
 * share one of its texels horizontally and vertically (2 for the chroma of
 * 4:2:x formats). The Vulkan 1.3 spec, 34.1.1 "Compatible formats of
 * planes of multi-planar formats", names the plane formats. */
struct kil_plane_desc {
   enum kil_format format;
   uint8_t width_div, height_div;
};

struct kil_format_desc {
   const char *name; /* "R8G8B8A8_UNORM": the VkFormat name without VK_FORMAT_ */
   uint8_t el_size_B;
   uint8_t block_width, block_height, block_depth; /* in pixels */
   uint8_t aspects;                                /* enum kil_aspect */
   uint8_t flags;                                  /* enum kil_format_flags */
   enum kil_compression compression;

   /* Color: R, G, B, A, all read as `type` (alpha of SRGB: UNORM). */
   enum kil_channel_type type;
   struct kil_channel rgba[4];

   /* Depth (type UNORM or SFLOAT) and stencil (always UINT 8). */
   enum kil_channel_type depth_type;
   struct kil_channel depth;
   struct kil_channel stencil;

   /* Multi-planar formats (KIL_FORMAT_FLAG_MULTI_PLANAR) only. */
   uint8_t plane_count;
   struct kil_plane_desc planes[KIL_MAX_PLANES];
};

/* NULL for KIL_FORMAT_NONE or a value out of range. */
const struct kil_format_desc *kil_format_desc(enum kil_format format);

/* The element size in bytes; 0 for an invalid format. */
uint32_t kil_format_el_size_B(enum kil_format format);

static inline bool
kil_format_is_valid(enum kil_format format)
{
   return format > KIL_FORMAT_NONE && format < KIL_FORMAT_COUNT;
}

bool kil_format_is_compressed(enum kil_format format);
bool kil_format_is_depth_or_stencil(enum kil_format format);
bool kil_format_is_multi_planar(enum kil_format format);

/* Planes of a format: 1 for single-plane formats, 0 for invalid ones. */
uint32_t kil_format_plane_count(enum kil_format format);

/* Plane `plane`'s description; a single-plane format is its own plane 0
 * (divisors 1). Zeroed (format NONE) when there is no such plane. */
struct kil_plane_desc kil_format_plane(enum kil_format format, uint32_t plane);

/* Can this format be laid out block-linear? (1, 2, 4, 8 or 16 B elements;
 * RGB8, RGB16, RGB32 and the 64-bit RGB/RGBA formats cannot.) */
bool kil_format_supports_block_linear(enum kil_format format);

/* The uncompressed UINT format with the same element size (R32G32_UINT for
 * 8 B, R32G32B32A32_UINT for 16 B, R8_UINT ... for the rest): what a
 * block-texel view of a compressed image reads. KIL_FORMAT_NONE if none. */
enum kil_format kil_format_uint_for_el_size(uint32_t el_size_B);

/* Looks a format up by its name ("R8G8B8A8_UNORM"); KIL_FORMAT_NONE if none. */
enum kil_format kil_format_from_name(const char *name);

#endif /* KIL_FORMAT_H */
