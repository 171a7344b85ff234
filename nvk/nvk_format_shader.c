/* SPDX-License-Identifier: MIT */
/*
 * Format features that come from shaders (nvk/exec): sampling, storage
 * images, image atomics, texel buffers. Each list is what
 * conformance/vulkan/vk_image_compute_test.c checks format by format
 * (its tables and these lists go together).
 */
#include "nvk_format.h"

#include "format/fmt.h"
#include "util/macros.h"

/* The SPIR-V storage formats (Vulkan 1.3, "Compatibility Between SPIR-V
 * Image Formats and Vulkan Formats"), 64-bit ones excepted. */
static const enum kil_format storage_formats[] = {
   KIL_FORMAT_R32G32B32A32_SFLOAT, KIL_FORMAT_R16G16B16A16_SFLOAT, KIL_FORMAT_R32_SFLOAT,
   KIL_FORMAT_R8G8B8A8_UNORM,      KIL_FORMAT_R8G8B8A8_SNORM,      KIL_FORMAT_R32G32_SFLOAT,
   KIL_FORMAT_R16G16_SFLOAT,       KIL_FORMAT_B10G11R11_UFLOAT_PACK32,
   KIL_FORMAT_R16_SFLOAT,          KIL_FORMAT_R16G16B16A16_UNORM,  KIL_FORMAT_A2B10G10R10_UNORM_PACK32,
   KIL_FORMAT_R16G16_UNORM,        KIL_FORMAT_R8G8_UNORM,          KIL_FORMAT_R16_UNORM,
   KIL_FORMAT_R8_UNORM,            KIL_FORMAT_R16G16B16A16_SNORM,  KIL_FORMAT_R16G16_SNORM,
   KIL_FORMAT_R8G8_SNORM,          KIL_FORMAT_R16_SNORM,           KIL_FORMAT_R8_SNORM,
   KIL_FORMAT_R32G32B32A32_SINT,   KIL_FORMAT_R16G16B16A16_SINT,   KIL_FORMAT_R8G8B8A8_SINT,
   KIL_FORMAT_R32_SINT,            KIL_FORMAT_R32G32_SINT,         KIL_FORMAT_R16G16_SINT,
   KIL_FORMAT_R8G8_SINT,           KIL_FORMAT_R16_SINT,            KIL_FORMAT_R8_SINT,
   KIL_FORMAT_R32G32B32A32_UINT,   KIL_FORMAT_R16G16B16A16_UINT,   KIL_FORMAT_R8G8B8A8_UINT,
   KIL_FORMAT_R32_UINT,            KIL_FORMAT_A2B10G10R10_UINT_PACK32,
   KIL_FORMAT_R32G32_UINT,         KIL_FORMAT_R16G16_UINT,         KIL_FORMAT_R8G8_UINT,
   KIL_FORMAT_R16_UINT,            KIL_FORMAT_R8_UINT,
};

/* Sampled (and uniform texel buffer) formats beyond the storage ones. */
static const enum kil_format sampled_only_formats[] = {
   KIL_FORMAT_R8G8B8A8_SRGB, KIL_FORMAT_B8G8R8A8_UNORM, KIL_FORMAT_B8G8R8A8_SRGB,
   KIL_FORMAT_R8_SRGB,       KIL_FORMAT_R8G8_SRGB,      KIL_FORMAT_R5G6B5_UNORM_PACK16,
   KIL_FORMAT_E5B9G9R9_UFLOAT_PACK32,
};

/* Depth formats that sample (depth aspect, with or without compare). */
static const enum kil_format depth_formats[] = {
   KIL_FORMAT_D16_UNORM,
   KIL_FORMAT_X8_D24_UNORM_PACK32,
   KIL_FORMAT_D32_SFLOAT,
};

static bool
in_list(enum kil_format k, const enum kil_format *list, size_t n)
{
   for (size_t i = 0; i < n; i++)
      if (list[i] == k)
         return true;
   return false;
}

static bool
is_storage(enum kil_format k)
{
   return in_list(k, storage_formats, ARRAY_SIZE(storage_formats));
}

static bool
is_sampled(enum kil_format k)
{
   return is_storage(k) || in_list(k, sampled_only_formats, ARRAY_SIZE(sampled_only_formats));
}

VkFormatFeatureFlags2
nvk_shader_image_features(enum kil_format k)
{
   VkFormatFeatureFlags2 f = 0;
   /* Depth: nearest sampling and compare (FILTER_LINEAR would also promise
    * linear blits of depth, which Vulkan forbids). */
   if (in_list(k, depth_formats, ARRAY_SIZE(depth_formats)))
      return VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT |
             VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT;
   if (is_sampled(k)) {
      f |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT;
      if (fmt_format_class(k) == FMT_CLASS_FLOAT)
         f |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
   }
   if (is_storage(k))
      f |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT |
           VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT |
           VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;
   if (k == KIL_FORMAT_R32_UINT || k == KIL_FORMAT_R32_SINT)
      f |= VK_FORMAT_FEATURE_2_STORAGE_IMAGE_ATOMIC_BIT;
   return f;
}

VkFormatFeatureFlags2
nvk_shader_buffer_features(enum kil_format k)
{
   VkFormatFeatureFlags2 f = 0;
   if (is_sampled(k) && !kil_format_is_depth_or_stencil(k))
      f |= VK_FORMAT_FEATURE_2_UNIFORM_TEXEL_BUFFER_BIT;
   if (is_storage(k))
      f |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_BIT |
           VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT |
           VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT;
   if (k == KIL_FORMAT_R32_UINT || k == KIL_FORMAT_R32_SINT)
      f |= VK_FORMAT_FEATURE_2_STORAGE_TEXEL_BUFFER_ATOMIC_BIT;
   return f;
}
