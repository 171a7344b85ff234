/* SPDX-License-Identifier: MIT */
/*
 * GL internal formats (GL 4.6, tables 8.12-8.14, 8.22, and the legacy
 * sized/unsized ones of the compatibility profile) -> the VkFormat the
 * device can back, with the swizzle that makes sampling return GL's
 * channels. Candidates are tried in order; the first whose features cover
 * what the caller needs wins. Three-channel formats try their
 * four-channel sibling first (alpha read as 1): devices rarely render to
 * 24- or 48-bit texels.
 */
#include "zkv_private.h"

enum swz {
   SWZ_ID,   /* r g b a */
   SWZ_RGB1, /* r g b 1: stored with an extra alpha */
   SWZ_A,    /* 0 0 0 r: GL_ALPHA */
   SWZ_L,    /* r r r 1: GL_LUMINANCE */
   SWZ_LA,   /* r r r g: GL_LUMINANCE_ALPHA */
   SWZ_I,    /* r r r r: GL_INTENSITY */
};

struct candidate {
   VkFormat format;
   uint8_t swz;
   bool emulated;
};

struct gl_format {
   uint32_t gl;
   struct candidate c[4];
};

#define C(f, s, e) {VK_FORMAT_##f, SWZ_##s, e}
#define ONE(f) {C(f, ID, false)}
#define RGB(f4, f3) {C(f4, RGB1, true), C(f3, ID, false)}

static const struct gl_format gl_formats[] = {
   /* unsized and generic */
   {0x1903 /* GL_RED */, ONE(R8_UNORM)},
   {0x8227 /* GL_RG */, ONE(R8G8_UNORM)},
   {0x1907 /* GL_RGB */, RGB(R8G8B8A8_UNORM, R8G8B8_UNORM)},
   {0x1908 /* GL_RGBA */, ONE(R8G8B8A8_UNORM)},
   {0x1906 /* GL_ALPHA */, {C(R8_UNORM, A, false)}},
   {0x1909 /* GL_LUMINANCE */, {C(R8_UNORM, L, false)}},
   {0x190A /* GL_LUMINANCE_ALPHA */, {C(R8G8_UNORM, LA, false)}},
   {0x8049 /* GL_INTENSITY */, {C(R8_UNORM, I, false)}},
   {0x803C /* GL_ALPHA8 */, {C(R8_UNORM, A, false)}},
   {0x8040 /* GL_LUMINANCE8 */, {C(R8_UNORM, L, false)}},
   {0x8045 /* GL_LUMINANCE8_ALPHA8 */, {C(R8G8_UNORM, LA, false)}},
   {0x804B /* GL_INTENSITY8 */, {C(R8_UNORM, I, false)}},
   /* normalized */
   {0x8229 /* GL_R8 */, ONE(R8_UNORM)},
   {0x8F94 /* GL_R8_SNORM */, ONE(R8_SNORM)},
   {0x822A /* GL_R16 */, ONE(R16_UNORM)},
   {0x8F98 /* GL_R16_SNORM */, ONE(R16_SNORM)},
   {0x822B /* GL_RG8 */, ONE(R8G8_UNORM)},
   {0x8F95 /* GL_RG8_SNORM */, ONE(R8G8_SNORM)},
   {0x822C /* GL_RG16 */, ONE(R16G16_UNORM)},
   {0x8F99 /* GL_RG16_SNORM */, ONE(R16G16_SNORM)},
   {0x2A10 /* GL_R3_G3_B2 */, RGB(R8G8B8A8_UNORM, R8G8B8_UNORM)},
   {0x804F /* GL_RGB4 */, RGB(R8G8B8A8_UNORM, R8G8B8_UNORM)},
   {0x8050 /* GL_RGB5 */, RGB(R8G8B8A8_UNORM, R8G8B8_UNORM)},
   {0x8D62 /* GL_RGB565 */, {C(R5G6B5_UNORM_PACK16, ID, false), C(R8G8B8A8_UNORM, RGB1, true)}},
   {0x8051 /* GL_RGB8 */, RGB(R8G8B8A8_UNORM, R8G8B8_UNORM)},
   {0x8F96 /* GL_RGB8_SNORM */, RGB(R8G8B8A8_SNORM, R8G8B8_SNORM)},
   {0x8052 /* GL_RGB10 */, {C(A2B10G10R10_UNORM_PACK32, RGB1, true), C(R16G16B16A16_UNORM, RGB1, true)}},
   {0x8053 /* GL_RGB12 */, RGB(R16G16B16A16_UNORM, R16G16B16_UNORM)},
   {0x8054 /* GL_RGB16 */, RGB(R16G16B16A16_UNORM, R16G16B16_UNORM)},
   {0x8F9A /* GL_RGB16_SNORM */, RGB(R16G16B16A16_SNORM, R16G16B16_SNORM)},
   {0x8055 /* GL_RGBA2 */, ONE(R8G8B8A8_UNORM)},
   {0x8056 /* GL_RGBA4 */, {C(R4G4B4A4_UNORM_PACK16, ID, false), C(R8G8B8A8_UNORM, ID, true)}},
   {0x8057 /* GL_RGB5_A1 */, {C(A1R5G5B5_UNORM_PACK16, ID, false), C(R8G8B8A8_UNORM, ID, true)}},
   {0x8058 /* GL_RGBA8 */, ONE(R8G8B8A8_UNORM)},
   {0x8F97 /* GL_RGBA8_SNORM */, ONE(R8G8B8A8_SNORM)},
   {0x8059 /* GL_RGB10_A2 */, ONE(A2B10G10R10_UNORM_PACK32)},
   {0x805A /* GL_RGBA12 */, ONE(R16G16B16A16_UNORM)},
   {0x805B /* GL_RGBA16 */, ONE(R16G16B16A16_UNORM)},
   {0x8F9B /* GL_RGBA16_SNORM */, ONE(R16G16B16A16_SNORM)},
   {0x8C41 /* GL_SRGB8 */, RGB(R8G8B8A8_SRGB, R8G8B8_SRGB)},
   {0x8C43 /* GL_SRGB8_ALPHA8 */, ONE(R8G8B8A8_SRGB)},
   /* float */
   {0x822D /* GL_R16F */, ONE(R16_SFLOAT)},
   {0x822F /* GL_RG16F */, ONE(R16G16_SFLOAT)},
   {0x881B /* GL_RGB16F */, RGB(R16G16B16A16_SFLOAT, R16G16B16_SFLOAT)},
   {0x881A /* GL_RGBA16F */, ONE(R16G16B16A16_SFLOAT)},
   {0x822E /* GL_R32F */, ONE(R32_SFLOAT)},
   {0x8230 /* GL_RG32F */, ONE(R32G32_SFLOAT)},
   {0x8815 /* GL_RGB32F */, RGB(R32G32B32A32_SFLOAT, R32G32B32_SFLOAT)},
   {0x8814 /* GL_RGBA32F */, ONE(R32G32B32A32_SFLOAT)},
   {0x8C3A /* GL_R11F_G11F_B10F */, ONE(B10G11R11_UFLOAT_PACK32)},
   {0x8C3D /* GL_RGB9_E5 */, ONE(E5B9G9R9_UFLOAT_PACK32)},
   /* integer */
   {0x8231 /* GL_R8I */, ONE(R8_SINT)},
   {0x8232 /* GL_R8UI */, ONE(R8_UINT)},
   {0x8233 /* GL_R16I */, ONE(R16_SINT)},
   {0x8234 /* GL_R16UI */, ONE(R16_UINT)},
   {0x8235 /* GL_R32I */, ONE(R32_SINT)},
   {0x8236 /* GL_R32UI */, ONE(R32_UINT)},
   {0x8237 /* GL_RG8I */, ONE(R8G8_SINT)},
   {0x8238 /* GL_RG8UI */, ONE(R8G8_UINT)},
   {0x8239 /* GL_RG16I */, ONE(R16G16_SINT)},
   {0x823A /* GL_RG16UI */, ONE(R16G16_UINT)},
   {0x823B /* GL_RG32I */, ONE(R32G32_SINT)},
   {0x823C /* GL_RG32UI */, ONE(R32G32_UINT)},
   {0x8D8F /* GL_RGB8I */, RGB(R8G8B8A8_SINT, R8G8B8_SINT)},
   {0x8D7D /* GL_RGB8UI */, RGB(R8G8B8A8_UINT, R8G8B8_UINT)},
   {0x8D89 /* GL_RGB16I */, RGB(R16G16B16A16_SINT, R16G16B16_SINT)},
   {0x8D77 /* GL_RGB16UI */, RGB(R16G16B16A16_UINT, R16G16B16_UINT)},
   {0x8D83 /* GL_RGB32I */, RGB(R32G32B32A32_SINT, R32G32B32_SINT)},
   {0x8D71 /* GL_RGB32UI */, RGB(R32G32B32A32_UINT, R32G32B32_UINT)},
   {0x8D8E /* GL_RGBA8I */, ONE(R8G8B8A8_SINT)},
   {0x8D7C /* GL_RGBA8UI */, ONE(R8G8B8A8_UINT)},
   {0x8D88 /* GL_RGBA16I */, ONE(R16G16B16A16_SINT)},
   {0x8D76 /* GL_RGBA16UI */, ONE(R16G16B16A16_UINT)},
   {0x8D82 /* GL_RGBA32I */, ONE(R32G32B32A32_SINT)},
   {0x8D70 /* GL_RGBA32UI */, ONE(R32G32B32A32_UINT)},
   {0x906F /* GL_RGB10_A2UI */, ONE(A2B10G10R10_UINT_PACK32)},
   /* depth and stencil */
   {0x1902 /* GL_DEPTH_COMPONENT */, {C(X8_D24_UNORM_PACK32, ID, false), C(D24_UNORM_S8_UINT, ID, true), C(D32_SFLOAT, ID, true)}},
   {0x81A5 /* GL_DEPTH_COMPONENT16 */, ONE(D16_UNORM)},
   {0x81A6 /* GL_DEPTH_COMPONENT24 */, {C(X8_D24_UNORM_PACK32, ID, false), C(D24_UNORM_S8_UINT, ID, true), C(D32_SFLOAT, ID, true)}},
   {0x81A7 /* GL_DEPTH_COMPONENT32 */, {C(D32_SFLOAT, ID, true)}},
   {0x8CAC /* GL_DEPTH_COMPONENT32F */, ONE(D32_SFLOAT)},
   {0x84F9 /* GL_DEPTH_STENCIL */, {C(D24_UNORM_S8_UINT, ID, false), C(D32_SFLOAT_S8_UINT, ID, true)}},
   {0x88F0 /* GL_DEPTH24_STENCIL8 */, {C(D24_UNORM_S8_UINT, ID, false), C(D32_SFLOAT_S8_UINT, ID, true)}},
   {0x8CAD /* GL_DEPTH32F_STENCIL8 */, ONE(D32_SFLOAT_S8_UINT)},
   {0x1901 /* GL_STENCIL_INDEX */, {C(S8_UINT, ID, false), C(D24_UNORM_S8_UINT, ID, true), C(D32_SFLOAT_S8_UINT, ID, true)}},
   {0x8D48 /* GL_STENCIL_INDEX8 */, {C(S8_UINT, ID, false), C(D24_UNORM_S8_UINT, ID, true), C(D32_SFLOAT_S8_UINT, ID, true)}},
   /* compressed */
   {0x83F0 /* GL_COMPRESSED_RGB_S3TC_DXT1_EXT */, ONE(BC1_RGB_UNORM_BLOCK)},
   {0x83F1 /* GL_COMPRESSED_RGBA_S3TC_DXT1_EXT */, ONE(BC1_RGBA_UNORM_BLOCK)},
   {0x83F2 /* GL_COMPRESSED_RGBA_S3TC_DXT3_EXT */, ONE(BC2_UNORM_BLOCK)},
   {0x83F3 /* GL_COMPRESSED_RGBA_S3TC_DXT5_EXT */, ONE(BC3_UNORM_BLOCK)},
   {0x8C4C /* GL_COMPRESSED_SRGB_S3TC_DXT1_EXT */, ONE(BC1_RGB_SRGB_BLOCK)},
   {0x8C4D /* GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT */, ONE(BC1_RGBA_SRGB_BLOCK)},
   {0x8C4E /* GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT */, ONE(BC2_SRGB_BLOCK)},
   {0x8C4F /* GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT */, ONE(BC3_SRGB_BLOCK)},
   {0x8DBB /* GL_COMPRESSED_RED_RGTC1 */, ONE(BC4_UNORM_BLOCK)},
   {0x8DBC /* GL_COMPRESSED_SIGNED_RED_RGTC1 */, ONE(BC4_SNORM_BLOCK)},
   {0x8DBD /* GL_COMPRESSED_RG_RGTC2 */, ONE(BC5_UNORM_BLOCK)},
   {0x8DBE /* GL_COMPRESSED_SIGNED_RG_RGTC2 */, ONE(BC5_SNORM_BLOCK)},
   {0x8E8C /* GL_COMPRESSED_RGBA_BPTC_UNORM */, ONE(BC7_UNORM_BLOCK)},
   {0x8E8D /* GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM */, ONE(BC7_SRGB_BLOCK)},
   {0x8E8E /* GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT */, ONE(BC6H_SFLOAT_BLOCK)},
   {0x8E8F /* GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT */, ONE(BC6H_UFLOAT_BLOCK)},
   {0x9274 /* GL_COMPRESSED_RGB8_ETC2 */, ONE(ETC2_R8G8B8_UNORM_BLOCK)},
   {0x9275 /* GL_COMPRESSED_SRGB8_ETC2 */, ONE(ETC2_R8G8B8_SRGB_BLOCK)},
   {0x9276 /* GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2 */, ONE(ETC2_R8G8B8A1_UNORM_BLOCK)},
   {0x9277 /* GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2 */, ONE(ETC2_R8G8B8A1_SRGB_BLOCK)},
   {0x9278 /* GL_COMPRESSED_RGBA8_ETC2_EAC */, ONE(ETC2_R8G8B8A8_UNORM_BLOCK)},
   {0x9279 /* GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC */, ONE(ETC2_R8G8B8A8_SRGB_BLOCK)},
   {0x9270 /* GL_COMPRESSED_R11_EAC */, ONE(EAC_R11_UNORM_BLOCK)},
   {0x9271 /* GL_COMPRESSED_SIGNED_R11_EAC */, ONE(EAC_R11_SNORM_BLOCK)},
   {0x9272 /* GL_COMPRESSED_RG11_EAC */, ONE(EAC_R11G11_UNORM_BLOCK)},
   {0x9273 /* GL_COMPRESSED_SIGNED_RG11_EAC */, ONE(EAC_R11G11_SNORM_BLOCK)},
};

static VkComponentMapping
swizzle(enum swz s)
{
   const VkComponentSwizzle R = VK_COMPONENT_SWIZZLE_R, G = VK_COMPONENT_SWIZZLE_G,
                             Z = VK_COMPONENT_SWIZZLE_ZERO, O = VK_COMPONENT_SWIZZLE_ONE,
                             I = VK_COMPONENT_SWIZZLE_IDENTITY;
   switch (s) {
   case SWZ_RGB1:
      return (VkComponentMapping){I, I, I, O};
   case SWZ_A:
      return (VkComponentMapping){Z, Z, Z, R};
   case SWZ_L:
      return (VkComponentMapping){R, R, R, O};
   case SWZ_LA:
      return (VkComponentMapping){R, R, R, G};
   case SWZ_I:
      return (VkComponentMapping){R, R, R, R};
   default:
      return (VkComponentMapping){I, I, I, I};
   }
}

bool
zkv_format_for_gl(struct zkv_screen *screen, uint32_t gl_internal_format,
                  VkFormatFeatureFlags needed, struct zkv_format_choice *choice)
{
   choice->format = VK_FORMAT_UNDEFINED;
   for (size_t i = 0; i < sizeof(gl_formats) / sizeof(gl_formats[0]); i++) {
      if (gl_formats[i].gl != gl_internal_format)
         continue;
      for (int c = 0; c < 4; c++) {
         const struct candidate *cand = &gl_formats[i].c[c];
         if (cand->format == VK_FORMAT_UNDEFINED)
            break;
         if ((zkv_format_features(screen, cand->format) & needed) != needed)
            continue;
         choice->format = cand->format;
         choice->swizzle = swizzle(cand->swz);
         choice->emulated = cand->emulated;
         return true;
      }
      return false;
   }
   return false;
}
