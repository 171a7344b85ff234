/* SPDX-License-Identifier: MIT */
#include "nvk_format.h"

#include <pthread.h>
#include <string.h>

#include "format/fmt.h"
#include "nvk_physical_device.h"
#include "util/macros.h"
#include "vk_enum_to_str.h"

/* Core formats are 0 .. VK_FORMAT_ASTC_12x12_SRGB_BLOCK; of the extension
 * formats kil knows the two 4444 ones (VK_EXT_4444_formats) and the
 * multi-planar ones of VK_KHR_sampler_ycbcr_conversion it lays out. */
#define NVK_CORE_FORMAT_COUNT (VK_FORMAT_ASTC_12x12_SRGB_BLOCK + 1)

static const VkFormat nvk_ext_formats[] = {
   VK_FORMAT_A4R4G4B4_UNORM_PACK16,     VK_FORMAT_A4B4G4R4_UNORM_PACK16,
   VK_FORMAT_G8_B8R8_2PLANE_420_UNORM,  VK_FORMAT_G8_B8_R8_3PLANE_420_UNORM,
   VK_FORMAT_G8_B8R8_2PLANE_422_UNORM,  VK_FORMAT_G8_B8_R8_3PLANE_422_UNORM,
   VK_FORMAT_G8_B8_R8_3PLANE_444_UNORM, VK_FORMAT_G16_B16R16_2PLANE_420_UNORM,
};

static struct {
   pthread_once_t once;
   enum kil_format core[NVK_CORE_FORMAT_COUNT];
   enum kil_format ext[ARRAY_SIZE(nvk_ext_formats)];
   VkFormat from_kil[KIL_FORMAT_COUNT];
} nvk_formats = {.once = PTHREAD_ONCE_INIT};

static enum kil_format
lookup_by_name(VkFormat format)
{
   const char *name = vk_Format_to_str(format);
   const size_t prefix = strlen("VK_FORMAT_");
   if (!name || strlen(name) <= prefix)
      return KIL_FORMAT_NONE;
   return kil_format_from_name(name + prefix);
}

static void
nvk_formats_init(void)
{
   /* The two tables agree by construction: both come from the names. */
   for (unsigned f = 0; f < NVK_CORE_FORMAT_COUNT; f++) {
      const enum kil_format k = lookup_by_name((VkFormat)f);
      nvk_formats.core[f] = k;
      if (k != KIL_FORMAT_NONE)
         nvk_formats.from_kil[k] = (VkFormat)f;
   }
   for (unsigned i = 0; i < ARRAY_SIZE(nvk_ext_formats); i++) {
      const enum kil_format k = lookup_by_name(nvk_ext_formats[i]);
      nvk_formats.ext[i] = k;
      if (k != KIL_FORMAT_NONE)
         nvk_formats.from_kil[k] = nvk_ext_formats[i];
   }
}

enum kil_format
nvk_format_to_kil(VkFormat format)
{
   pthread_once(&nvk_formats.once, nvk_formats_init);
   if ((unsigned)format < NVK_CORE_FORMAT_COUNT)
      return nvk_formats.core[format];
   for (unsigned i = 0; i < ARRAY_SIZE(nvk_ext_formats); i++) {
      if (nvk_ext_formats[i] == format)
         return nvk_formats.ext[i];
   }
   return KIL_FORMAT_NONE;
}

VkFormat
nvk_format_from_kil(enum kil_format format)
{
   pthread_once(&nvk_formats.once, nvk_formats_init);
   return kil_format_is_valid(format) ? nvk_formats.from_kil[format] : VK_FORMAT_UNDEFINED;
}

VkImageAspectFlags
nvk_format_aspects(enum kil_format format)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   VkImageAspectFlags a = 0;
   if (d && (d->aspects & KIL_ASPECT_COLOR))
      a |= VK_IMAGE_ASPECT_COLOR_BIT;
   if (d && (d->aspects & KIL_ASPECT_DEPTH))
      a |= VK_IMAGE_ASPECT_DEPTH_BIT;
   if (d && (d->aspects & KIL_ASPECT_STENCIL))
      a |= VK_IMAGE_ASPECT_STENCIL_BIT;
   return a;
}

static VkFormatFeatureFlags2
image_features(enum kil_format k)
{
   const struct kil_format_desc *d = kil_format_desc(k);
   if (!d)
      return 0;
   /* BC1-BC7 decode in shared/format: sampled (nvk/exec/kx_image.c),
    * blitted from (nvk_cmd_blit.c) and copied as blocks; what Vulkan 1.3's
    * "Mandatory format support: BC compressed formats" table requires with
    * textureCompressionBC (vk_bc_test.c checks each). Other compressed
    * formats have no decoder. */
   if (fmt_format_is_bc(k))
      return VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT |
             VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_2_BLIT_SRC_BIT |
             VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
   if (d->compression != KIL_COMPRESSION_NONE)
      return 0;
   VkFormatFeatureFlags2 f =
      VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT;
   if (kil_format_is_depth_or_stencil(k)) {
      /* Blits of depth/stencil: same format, NEAREST (valid usage).
       * Attachments: load/store/clear/resolve (nvk_exec_rendering.c). */
      f |= VK_FORMAT_FEATURE_2_BLIT_SRC_BIT | VK_FORMAT_FEATURE_2_BLIT_DST_BIT |
           VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT;
   } else if (fmt_format_is_convertible(k)) {
      /* Colour attachments: load/store/clear/resolve through shared/format
       * (nvk_exec_rendering.c, vk_draw_test). */
      f |= VK_FORMAT_FEATURE_2_BLIT_SRC_BIT | VK_FORMAT_FEATURE_2_BLIT_DST_BIT |
           VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT;
      /* The rasterizer blends float-class formats (nvk/rast). */
      if (fmt_format_class(k) == FMT_CLASS_FLOAT)
         f |= VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BLEND_BIT;
      /* With BLIT_SRC, FILTER_LINEAR means "blits may filter linearly"
       * (Vulkan 1.3, VkFormatFeatureFlagBits); integers never filter. */
      if (fmt_format_class(k) == FMT_CLASS_FLOAT)
         f |= VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
   }
   return f | nvk_shader_image_features(k);
}

VkFormatFeatureFlags2
nvk_multi_planar_features(enum kil_format k)
{
   if (!kil_format_is_multi_planar(k))
      return 0;
   /* Copies per plane (nvk_cmd_copy_image.c), disjoint planes
    * (nvk_image.c), sampling through a Y'CbCr conversion with implicit
    * chroma reconstruction, nearest or linear, either chroma location
    * (nvk/exec/kx_ycbcr.c): what vk_ycbcr_test.c checks. Not advertised:
    * explicit reconstruction (and forcing it) and separate reconstruction
    * filters, so min/mag filter equal the chroma filter. The planes'
    * formats all filter, so LINEAR filtering applies to the image too. */
   return VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT |
          VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT |
          VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT |
          VK_FORMAT_FEATURE_2_MIDPOINT_CHROMA_SAMPLES_BIT |
          VK_FORMAT_FEATURE_2_COSITED_CHROMA_SAMPLES_BIT |
          VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_YCBCR_CONVERSION_LINEAR_FILTER_BIT |
          VK_FORMAT_FEATURE_2_DISJOINT_BIT;
}

VkFormatProperties3
nvk_get_format_properties(const struct nvk_physical_device *pdev, VkFormat format)
{
   VkFormatProperties3 p = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
   const enum kil_format k = nvk_format_to_kil(format);
   if (k == KIL_FORMAT_NONE)
      return p;
   if (kil_format_is_multi_planar(k)) {
      /* Formats of an extension the device does not have have no
       * features. */
      if (pdev->vk.supported_extensions.KHR_sampler_ycbcr_conversion)
         p.linearTilingFeatures = p.optimalTilingFeatures = nvk_multi_planar_features(k);
      return p;
   }
   const VkFormatFeatureFlags2 f = image_features(k);
   /* Depth/stencil only block-linear (LINEAR depth is optional and nobody
    * needs it); formats with 3, 6, 12, 24 or 32 B elements only LINEAR. */
   if (!kil_format_is_depth_or_stencil(k))
      p.linearTilingFeatures = f;
   if (kil_format_supports_block_linear(k))
      p.optimalTilingFeatures = f;
   p.bufferFeatures = nvk_shader_buffer_features(k);
   /* Vertex fetch converts through shared/format (nvk_draw_vertex.c). */
   if (fmt_format_is_convertible(k) && !kil_format_is_depth_or_stencil(k))
      p.bufferFeatures |= VK_FORMAT_FEATURE_2_VERTEX_BUFFER_BIT;
   return p;
}
