/* SPDX-License-Identifier: MIT */
#include "layout/kil_format.h"

#include <string.h>

#include "util/macros.h"

/* Channel bit positions: see the top of kil_format.h. A channel travels
 * through the macros below as a parenthesized pair, so its comma does not
 * split macro arguments, and becomes an initializer only at the end. */
#define CH(shift, bits) (shift, bits)
#define NO              (0, 0)
/* clang-format off */
#define CHAN(shift, bits) {(shift), (bits)}
/* clang-format on */

#define COLOR_EL(nm, el, ty, flg, r, g, b, a)                                            \
   [KIL_FORMAT_##nm] = {                                                                 \
      .name = #nm,                                                                       \
      .el_size_B = (el),                                                                 \
      .block_width = 1,                                                                  \
      .block_height = 1,                                                                 \
      .block_depth = 1,                                                                  \
      .aspects = KIL_ASPECT_COLOR,                                                       \
      .flags = (flg),                                                                    \
      .type = KIL_CHANNEL_TYPE_##ty,                                                     \
      .rgba = {CHAN r, CHAN g, CHAN b, CHAN a},                                          \
   }

#define PACKED(nm, el, ty, r, g, b, a)                                                   \
   COLOR_EL(nm, el, ty, KIL_FORMAT_FLAG_PACKED, r, g, b, a)
#define ARRAY(nm, el, ty, r, g, b, a) COLOR_EL(nm, el, ty, 0, r, g, b, a)

/* The seven 8-bit channel types; `sfx` is empty or _PACK32. */
#define TYPES8(base, sfx, el, flg, r, g, b, a)                                           \
   COLOR_EL(base##_UNORM##sfx, el, UNORM, flg, r, g, b, a),                              \
      COLOR_EL(base##_SNORM##sfx, el, SNORM, flg, r, g, b, a),                           \
      COLOR_EL(base##_USCALED##sfx, el, USCALED, flg, r, g, b, a),                       \
      COLOR_EL(base##_SSCALED##sfx, el, SSCALED, flg, r, g, b, a),                       \
      COLOR_EL(base##_UINT##sfx, el, UINT, flg, r, g, b, a),                             \
      COLOR_EL(base##_SINT##sfx, el, SINT, flg, r, g, b, a),                             \
      COLOR_EL(base##_SRGB##sfx, el, SRGB, flg, r, g, b, a)

#define TYPES_2101010(base, r, g, b, a)                                                  \
   PACKED(base##_UNORM_PACK32, 4, UNORM, r, g, b, a),                                    \
      PACKED(base##_SNORM_PACK32, 4, SNORM, r, g, b, a),                                 \
      PACKED(base##_USCALED_PACK32, 4, USCALED, r, g, b, a),                             \
      PACKED(base##_SSCALED_PACK32, 4, SSCALED, r, g, b, a),                             \
      PACKED(base##_UINT_PACK32, 4, UINT, r, g, b, a),                                   \
      PACKED(base##_SINT_PACK32, 4, SINT, r, g, b, a)

#define TYPES16(base, el, r, g, b, a)                                                    \
   ARRAY(base##_UNORM, el, UNORM, r, g, b, a),                                           \
      ARRAY(base##_SNORM, el, SNORM, r, g, b, a),                                        \
      ARRAY(base##_USCALED, el, USCALED, r, g, b, a),                                    \
      ARRAY(base##_SSCALED, el, SSCALED, r, g, b, a),                                    \
      ARRAY(base##_UINT, el, UINT, r, g, b, a),                                          \
      ARRAY(base##_SINT, el, SINT, r, g, b, a),                                          \
      ARRAY(base##_SFLOAT, el, SFLOAT, r, g, b, a)

#define TYPES32(base, el, r, g, b, a)                                                    \
   ARRAY(base##_UINT, el, UINT, r, g, b, a), ARRAY(base##_SINT, el, SINT, r, g, b, a),   \
      ARRAY(base##_SFLOAT, el, SFLOAT, r, g, b, a)

#define DEPTH_STENCIL(nm, el, flg, asp, dty, d, s)                                       \
   [KIL_FORMAT_##nm] = {                                                                 \
      .name = #nm,                                                                       \
      .el_size_B = (el),                                                                 \
      .block_width = 1,                                                                  \
      .block_height = 1,                                                                 \
      .block_depth = 1,                                                                  \
      .aspects = (asp),                                                                  \
      .flags = (flg),                                                                    \
      .depth_type = KIL_CHANNEL_TYPE_##dty,                                              \
      .depth = CHAN d,                                                                   \
      .stencil = CHAN s,                                                                 \
   }

#define COMPRESSED(nm, el, bw, bh, ty, comp)                                             \
   [KIL_FORMAT_##nm] = {                                                                 \
      .name = #nm,                                                                       \
      .el_size_B = (el),                                                                 \
      .block_width = (bw),                                                               \
      .block_height = (bh),                                                              \
      .block_depth = 1,                                                                  \
      .aspects = KIL_ASPECT_COLOR,                                                       \
      .type = KIL_CHANNEL_TYPE_##ty,                                                     \
      .compression = KIL_COMPRESSION_##comp,                                             \
   }

#define ASTC(w, h)                                                                       \
   COMPRESSED(ASTC_##w##x##h##_UNORM_BLOCK, 16, w, h, UNORM, ASTC_LDR),                  \
      COMPRESSED(ASTC_##w##x##h##_SRGB_BLOCK, 16, w, h, SRGB, ASTC_LDR)

/* Plane formats and subsampling: Vulkan 1.3, 34.1.1 "Compatible formats of
 * planes of multi-planar formats" (G in plane 0; B and R in plane 1 as the
 * R and G channels of a two-channel format, or in planes 1 and 2). */
#define PLANE(f, wd, hd) {KIL_FORMAT_##f, (wd), (hd)}
#define MULTI_PLANAR(nm, n, p0, p1, p2)                                                  \
   [KIL_FORMAT_##nm] = {                                                                 \
      .name = #nm,                                                                       \
      .block_width = 1,                                                                  \
      .block_height = 1,                                                                 \
      .block_depth = 1,                                                                  \
      .aspects = KIL_ASPECT_COLOR,                                                       \
      .flags = KIL_FORMAT_FLAG_MULTI_PLANAR,                                             \
      .type = KIL_CHANNEL_TYPE_UNORM,                                                    \
      .plane_count = (n),                                                                \
      .planes = {p0, p1, p2},                                                            \
   }
#define NO_PLANE {KIL_FORMAT_NONE, 0, 0}

#define D KIL_ASPECT_DEPTH
#define S KIL_ASPECT_STENCIL

static const struct kil_format_desc kil_formats[KIL_FORMAT_COUNT] = {
   PACKED(R4G4_UNORM_PACK8, 1, UNORM, CH(4, 4), CH(0, 4), NO, NO),
   PACKED(R4G4B4A4_UNORM_PACK16, 2, UNORM, CH(12, 4), CH(8, 4), CH(4, 4), CH(0, 4)),
   PACKED(B4G4R4A4_UNORM_PACK16, 2, UNORM, CH(4, 4), CH(8, 4), CH(12, 4), CH(0, 4)),
   PACKED(A4R4G4B4_UNORM_PACK16, 2, UNORM, CH(8, 4), CH(4, 4), CH(0, 4), CH(12, 4)),
   PACKED(A4B4G4R4_UNORM_PACK16, 2, UNORM, CH(0, 4), CH(4, 4), CH(8, 4), CH(12, 4)),
   PACKED(R5G6B5_UNORM_PACK16, 2, UNORM, CH(11, 5), CH(5, 6), CH(0, 5), NO),
   PACKED(B5G6R5_UNORM_PACK16, 2, UNORM, CH(0, 5), CH(5, 6), CH(11, 5), NO),
   PACKED(R5G5B5A1_UNORM_PACK16, 2, UNORM, CH(11, 5), CH(6, 5), CH(1, 5), CH(0, 1)),
   PACKED(B5G5R5A1_UNORM_PACK16, 2, UNORM, CH(1, 5), CH(6, 5), CH(11, 5), CH(0, 1)),
   PACKED(A1R5G5B5_UNORM_PACK16, 2, UNORM, CH(10, 5), CH(5, 5), CH(0, 5), CH(15, 1)),
   PACKED(A1B5G5R5_UNORM_PACK16, 2, UNORM, CH(0, 5), CH(5, 5), CH(10, 5), CH(15, 1)),
   ARRAY(A8_UNORM, 1, UNORM, NO, NO, NO, CH(0, 8)),

   TYPES8(R8, , 1, 0, CH(0, 8), NO, NO, NO),
   TYPES8(R8G8, , 2, 0, CH(0, 8), CH(8, 8), NO, NO),
   TYPES8(R8G8B8, , 3, 0, CH(0, 8), CH(8, 8), CH(16, 8), NO),
   TYPES8(B8G8R8, , 3, 0, CH(16, 8), CH(8, 8), CH(0, 8), NO),
   TYPES8(R8G8B8A8, , 4, 0, CH(0, 8), CH(8, 8), CH(16, 8), CH(24, 8)),
   TYPES8(B8G8R8A8, , 4, 0, CH(16, 8), CH(8, 8), CH(0, 8), CH(24, 8)),
   /* A in bits 31:24 ... R in 7:0: the same bytes as R8G8B8A8 (little endian). */
   TYPES8(A8B8G8R8, _PACK32, 4, KIL_FORMAT_FLAG_PACKED, CH(0, 8), CH(8, 8), CH(16, 8),
          CH(24, 8)),

   TYPES_2101010(A2R10G10B10, CH(20, 10), CH(10, 10), CH(0, 10), CH(30, 2)),
   TYPES_2101010(A2B10G10R10, CH(0, 10), CH(10, 10), CH(20, 10), CH(30, 2)),

   TYPES16(R16, 2, CH(0, 16), NO, NO, NO),
   TYPES16(R16G16, 4, CH(0, 16), CH(16, 16), NO, NO),
   TYPES16(R16G16B16, 6, CH(0, 16), CH(16, 16), CH(32, 16), NO),
   TYPES16(R16G16B16A16, 8, CH(0, 16), CH(16, 16), CH(32, 16), CH(48, 16)),

   TYPES32(R32, 4, CH(0, 32), NO, NO, NO),
   TYPES32(R32G32, 8, CH(0, 32), CH(32, 32), NO, NO),
   TYPES32(R32G32B32, 12, CH(0, 32), CH(32, 32), CH(64, 32), NO),
   TYPES32(R32G32B32A32, 16, CH(0, 32), CH(32, 32), CH(64, 32), CH(96, 32)),
   TYPES32(R64, 8, CH(0, 64), NO, NO, NO),
   TYPES32(R64G64, 16, CH(0, 64), CH(64, 64), NO, NO),
   TYPES32(R64G64B64, 24, CH(0, 64), CH(64, 64), CH(128, 64), NO),
   TYPES32(R64G64B64A64, 32, CH(0, 64), CH(64, 64), CH(128, 64), CH(192, 64)),

   PACKED(B10G11R11_UFLOAT_PACK32, 4, UFLOAT, CH(0, 11), CH(11, 11), CH(22, 10), NO),
   /* The shared 5-bit exponent is bits 27..31. */
   COLOR_EL(E5B9G9R9_UFLOAT_PACK32, 4, UFLOAT,
            KIL_FORMAT_FLAG_PACKED | KIL_FORMAT_FLAG_SHARED_EXPONENT, CH(0, 9), CH(9, 9),
            CH(18, 9), NO),

   DEPTH_STENCIL(D16_UNORM, 2, 0, D, UNORM, CH(0, 16), NO),
   DEPTH_STENCIL(X8_D24_UNORM_PACK32, 4, KIL_FORMAT_FLAG_PACKED, D, UNORM, CH(0, 24), NO),
   DEPTH_STENCIL(D32_SFLOAT, 4, 0, D, SFLOAT, CH(0, 32), NO),
   DEPTH_STENCIL(S8_UINT, 1, 0, S, NONE, NO, CH(0, 8)),
   DEPTH_STENCIL(D24_UNORM_S8_UINT, 4, 0, D | S, UNORM, CH(0, 24), CH(24, 8)),
   DEPTH_STENCIL(D32_SFLOAT_S8_UINT, 8, 0, D | S, SFLOAT, CH(0, 32), CH(32, 8)),

   COMPRESSED(BC1_RGB_UNORM_BLOCK, 8, 4, 4, UNORM, BC1_RGB),
   COMPRESSED(BC1_RGB_SRGB_BLOCK, 8, 4, 4, SRGB, BC1_RGB),
   COMPRESSED(BC1_RGBA_UNORM_BLOCK, 8, 4, 4, UNORM, BC1_RGBA),
   COMPRESSED(BC1_RGBA_SRGB_BLOCK, 8, 4, 4, SRGB, BC1_RGBA),
   COMPRESSED(BC2_UNORM_BLOCK, 16, 4, 4, UNORM, BC2),
   COMPRESSED(BC2_SRGB_BLOCK, 16, 4, 4, SRGB, BC2),
   COMPRESSED(BC3_UNORM_BLOCK, 16, 4, 4, UNORM, BC3),
   COMPRESSED(BC3_SRGB_BLOCK, 16, 4, 4, SRGB, BC3),
   COMPRESSED(BC4_UNORM_BLOCK, 8, 4, 4, UNORM, BC4),
   COMPRESSED(BC4_SNORM_BLOCK, 8, 4, 4, SNORM, BC4),
   COMPRESSED(BC5_UNORM_BLOCK, 16, 4, 4, UNORM, BC5),
   COMPRESSED(BC5_SNORM_BLOCK, 16, 4, 4, SNORM, BC5),
   COMPRESSED(BC6H_UFLOAT_BLOCK, 16, 4, 4, UFLOAT, BC6H),
   COMPRESSED(BC6H_SFLOAT_BLOCK, 16, 4, 4, SFLOAT, BC6H),
   COMPRESSED(BC7_UNORM_BLOCK, 16, 4, 4, UNORM, BC7),
   COMPRESSED(BC7_SRGB_BLOCK, 16, 4, 4, SRGB, BC7),
   COMPRESSED(ETC2_R8G8B8_UNORM_BLOCK, 8, 4, 4, UNORM, ETC2_RGB8),
   COMPRESSED(ETC2_R8G8B8_SRGB_BLOCK, 8, 4, 4, SRGB, ETC2_RGB8),
   COMPRESSED(ETC2_R8G8B8A1_UNORM_BLOCK, 8, 4, 4, UNORM, ETC2_RGB8A1),
   COMPRESSED(ETC2_R8G8B8A1_SRGB_BLOCK, 8, 4, 4, SRGB, ETC2_RGB8A1),
   COMPRESSED(ETC2_R8G8B8A8_UNORM_BLOCK, 16, 4, 4, UNORM, ETC2_RGBA8),
   COMPRESSED(ETC2_R8G8B8A8_SRGB_BLOCK, 16, 4, 4, SRGB, ETC2_RGBA8),
   COMPRESSED(EAC_R11_UNORM_BLOCK, 8, 4, 4, UNORM, EAC_R11),
   COMPRESSED(EAC_R11_SNORM_BLOCK, 8, 4, 4, SNORM, EAC_R11),
   COMPRESSED(EAC_R11G11_UNORM_BLOCK, 16, 4, 4, UNORM, EAC_RG11),
   COMPRESSED(EAC_R11G11_SNORM_BLOCK, 16, 4, 4, SNORM, EAC_RG11),
   ASTC(4, 4),
   ASTC(5, 4),
   ASTC(5, 5),
   ASTC(6, 5),
   ASTC(6, 6),
   ASTC(8, 5),
   ASTC(8, 6),
   ASTC(8, 8),
   ASTC(10, 5),
   ASTC(10, 6),
   ASTC(10, 8),
   ASTC(10, 10),
   ASTC(12, 10),
   ASTC(12, 12),

   MULTI_PLANAR(G8_B8R8_2PLANE_420_UNORM, 2, PLANE(R8_UNORM, 1, 1), PLANE(R8G8_UNORM, 2, 2),
                NO_PLANE),
   MULTI_PLANAR(G8_B8_R8_3PLANE_420_UNORM, 3, PLANE(R8_UNORM, 1, 1), PLANE(R8_UNORM, 2, 2),
                PLANE(R8_UNORM, 2, 2)),
   MULTI_PLANAR(G8_B8R8_2PLANE_422_UNORM, 2, PLANE(R8_UNORM, 1, 1), PLANE(R8G8_UNORM, 2, 1),
                NO_PLANE),
   MULTI_PLANAR(G8_B8_R8_3PLANE_422_UNORM, 3, PLANE(R8_UNORM, 1, 1), PLANE(R8_UNORM, 2, 1),
                PLANE(R8_UNORM, 2, 1)),
   MULTI_PLANAR(G8_B8_R8_3PLANE_444_UNORM, 3, PLANE(R8_UNORM, 1, 1), PLANE(R8_UNORM, 1, 1),
                PLANE(R8_UNORM, 1, 1)),
   MULTI_PLANAR(G16_B16R16_2PLANE_420_UNORM, 2, PLANE(R16_UNORM, 1, 1),
                PLANE(R16G16_UNORM, 2, 2), NO_PLANE),
};

const struct kil_format_desc *
kil_format_desc(enum kil_format format)
{
   if (!kil_format_is_valid(format) || kil_formats[format].name == NULL)
      return NULL;
   return &kil_formats[format];
}

uint32_t
kil_format_el_size_B(enum kil_format format)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   return d ? d->el_size_B : 0;
}

bool
kil_format_is_compressed(enum kil_format format)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   return d && d->compression != KIL_COMPRESSION_NONE;
}

bool
kil_format_is_depth_or_stencil(enum kil_format format)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   return d && (d->aspects & (KIL_ASPECT_DEPTH | KIL_ASPECT_STENCIL));
}

bool
kil_format_is_multi_planar(enum kil_format format)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   return d && (d->flags & KIL_FORMAT_FLAG_MULTI_PLANAR);
}

uint32_t
kil_format_plane_count(enum kil_format format)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   if (!d)
      return 0;
   return (d->flags & KIL_FORMAT_FLAG_MULTI_PLANAR) ? d->plane_count : 1;
}

struct kil_plane_desc
kil_format_plane(enum kil_format format, uint32_t plane)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   if (!d || plane >= kil_format_plane_count(format))
      return (struct kil_plane_desc){KIL_FORMAT_NONE, 0, 0};
   if (!(d->flags & KIL_FORMAT_FLAG_MULTI_PLANAR))
      return (struct kil_plane_desc){format, 1, 1};
   return d->planes[plane];
}

bool
kil_format_supports_block_linear(enum kil_format format)
{
   /* An element must not straddle a 16 B sector column: with 3, 6, 12, 24
    * or 32 B elements the GOB's 64 B would not hold a whole number of them
    * (or sectors would split them), and NVIDIA has no such image formats. */
   const uint32_t el = kil_format_el_size_B(format);
   return el != 0 && el <= 16 && util_is_power_of_two(el);
}

enum kil_format
kil_format_uint_for_el_size(uint32_t el_size_B)
{
   switch (el_size_B) {
   case 1:
      return KIL_FORMAT_R8_UINT;
   case 2:
      return KIL_FORMAT_R16_UINT;
   case 4:
      return KIL_FORMAT_R32_UINT;
   case 8:
      return KIL_FORMAT_R32G32_UINT;
   case 16:
      return KIL_FORMAT_R32G32B32A32_UINT;
   default:
      return KIL_FORMAT_NONE;
   }
}

enum kil_format
kil_format_from_name(const char *name)
{
   if (!name)
      return KIL_FORMAT_NONE;
   for (unsigned f = KIL_FORMAT_NONE + 1; f < KIL_FORMAT_COUNT; f++) {
      if (kil_formats[f].name && strcmp(kil_formats[f].name, name) == 0)
         return (enum kil_format)f;
   }
   return KIL_FORMAT_NONE;
}
