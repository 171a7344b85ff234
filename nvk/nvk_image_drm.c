/* SPDX-License-Identifier: MIT */
#include "nvk_image_drm.h"

#include <string.h>

#include "layout/kil_modifier.h"
#include "nvk_device.h"
#include "nvk_external_memory.h"
#include "nvk_format.h"
#include "nvk_image.h"
#include "nvk_physical_device.h"
#include "nvk_private.h"
#include "vk_entrypoints.h"
#include "vk_log.h"
#include "vk_util.h"

/* Views of other formats are layout-neutral; nothing else applies to a
 * single-level single-layer 2D image. */
#define NVK_DRM_IMAGE_FLAGS VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT

/* The features an image laid out as `modifier` has: those of the tiling the
 * modifier names (same layout, same code paths). */
static VkFormatFeatureFlags2
modifier_features(const VkFormatProperties3 *p, uint64_t modifier)
{
   return modifier == DRM_FORMAT_MOD_LINEAR ? p->linearTilingFeatures
                                            : p->optimalTilingFeatures;
}

/* The modifiers `format` supports with non-zero features, best first. */
static uint32_t
format_modifiers(const struct nvk_physical_device *pdev, VkFormat format,
                 uint64_t mods[static 8], VkFormatFeatureFlags2 features[static 8])
{
   const enum kil_format k = nvk_format_to_kil(format);
   if (k == KIL_FORMAT_NONE)
      return 0;
   uint64_t all[8];
   const uint32_t n = MIN2(kil_modifiers_for_format(&pdev->info, k, all, 8), 8u);
   const VkFormatProperties3 p = nvk_get_format_properties(pdev, format);
   uint32_t count = 0;
   for (uint32_t i = 0; i < n; i++) {
      /* Modifier images are never disjoint (their memory planes share one
       * binding, NVK_DRM_IMAGE_FLAGS). */
      const VkFormatFeatureFlags2 f =
         modifier_features(&p, all[i]) & ~VK_FORMAT_FEATURE_2_DISJOINT_BIT;
      if (f) {
         mods[count] = all[i];
         features[count] = f;
         count++;
      }
   }
   return count;
}

void
nvk_get_drm_format_modifier_properties(const struct nvk_physical_device *pdev,
                                       VkFormat format, VkFormatProperties2 *props)
{
   uint64_t mods[8];
   VkFormatFeatureFlags2 features[8];
   const uint32_t n = format_modifiers(pdev, format, mods, features);
   /* One memory plane per format plane (kil_planar.h). */
   const uint32_t planes = kil_format_plane_count(nvk_format_to_kil(format));
   vk_foreach_struct(s, props->pNext)
   {
      if (s->sType == VK_STRUCTURE_TYPE_DRM_FORMAT_MODIFIER_PROPERTIES_LIST_EXT) {
         VkDrmFormatModifierPropertiesListEXT *list = (void *)s;
         VK_OUTARRAY_MAKE_TYPED(VkDrmFormatModifierPropertiesEXT, out,
                                list->pDrmFormatModifierProperties,
                                &list->drmFormatModifierCount);
         for (uint32_t i = 0; i < n; i++) {
            vk_outarray_append_typed(VkDrmFormatModifierPropertiesEXT, &out, p)
            {
               p->drmFormatModifier = mods[i];
               p->drmFormatModifierPlaneCount = planes;
               p->drmFormatModifierTilingFeatures = nvk_format_features_1_0(features[i]);
            }
         }
      } else if (s->sType ==
                 VK_STRUCTURE_TYPE_DRM_FORMAT_MODIFIER_PROPERTIES_LIST_2_EXT) {
         VkDrmFormatModifierPropertiesList2EXT *list = (void *)s;
         VK_OUTARRAY_MAKE_TYPED(VkDrmFormatModifierProperties2EXT, out,
                                list->pDrmFormatModifierProperties,
                                &list->drmFormatModifierCount);
         for (uint32_t i = 0; i < n; i++) {
            vk_outarray_append_typed(VkDrmFormatModifierProperties2EXT, &out, p)
            {
               p->drmFormatModifier = mods[i];
               p->drmFormatModifierPlaneCount = planes;
               p->drmFormatModifierTilingFeatures = features[i];
            }
         }
      }
   }
}

bool
nvk_image_external_memory_properties(VkExternalMemoryHandleTypeFlagBits handle_type,
                                     VkExternalMemoryProperties *props)
{
   /* Images share through fds (the same fd is an opaque fd and a dma-buf);
    * host memory imports are for buffers. */
   if (!(handle_type & NVK_EXTERNAL_MEMORY_FD_TYPES)) {
      *props = (VkExternalMemoryProperties){0};
      return false;
   }
   *props = nvk_external_memory_properties(handle_type);
   return true;
}

/* Format, modifier and image parameters a modifier image can have: a
 * modifier we speak for the format, and whatever an image of the tiling the
 * modifier names supports (asked of the ordinary image query, so usages
 * follow the rest of the driver: transfers, sampling, storage as the format
 * has them). */
static bool
drm_image_supported(const struct nvk_physical_device *pdev, VkFormat format, VkImageType type,
                    VkImageUsageFlags usage, VkImageCreateFlags flags, uint64_t modifier)
{
   const enum kil_format k = nvk_format_to_kil(format);
   if (k == KIL_FORMAT_NONE || type != VK_IMAGE_TYPE_2D || (flags & ~NVK_DRM_IMAGE_FLAGS))
      return false;
   if (kil_modifier_check(&pdev->info, k, modifier, NULL) != KIL_SUCCESS)
      return false;
   VkImageFormatProperties2 p = {.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2};
   const VkPhysicalDeviceImageFormatInfo2 info = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2,
      .format = format,
      .type = type,
      .tiling = modifier == DRM_FORMAT_MOD_LINEAR ? VK_IMAGE_TILING_LINEAR
                                                  : VK_IMAGE_TILING_OPTIMAL,
      .usage = usage,
      .flags = flags,
   };
   return nvk_GetPhysicalDeviceImageFormatProperties2(
             nvk_physical_device_to_handle((struct nvk_physical_device *)pdev), &info, &p) ==
          VK_SUCCESS;
}

VkResult
nvk_get_drm_image_format_properties(const struct nvk_physical_device *pdev,
                                    const VkPhysicalDeviceImageFormatInfo2 *info,
                                    VkImageFormatProperties2 *props)
{
   VkImageFormatProperties *p = &props->imageFormatProperties;
   memset(p, 0, sizeof(*p));
   const VkPhysicalDeviceImageDrmFormatModifierInfoEXT *mod = vk_find_struct_const(
      info->pNext, PHYSICAL_DEVICE_IMAGE_DRM_FORMAT_MODIFIER_INFO_EXT);
   const VkPhysicalDeviceExternalImageFormatInfo *ext =
      vk_find_struct_const(info->pNext, PHYSICAL_DEVICE_EXTERNAL_IMAGE_FORMAT_INFO);
   VkExternalMemoryProperties ext_props = {0};
   /* Vulkan 1.3.239, vkGetPhysicalDeviceImageFormatProperties2: an
    * unsupported combination returns VK_ERROR_FORMAT_NOT_SUPPORTED with every
    * member zero. 3D and the other shapes fail here: a modifier names one
    * level of one 2D layer (the extent, levels, layers and samples we return
    * say so). */
   if (!mod ||
       !drm_image_supported(pdev, info->format, info->type, info->usage, info->flags,
                            mod->drmFormatModifier) ||
       (ext && ext->handleType &&
        !nvk_image_external_memory_properties(ext->handleType, &ext_props)))
      return VK_ERROR_FORMAT_NOT_SUPPORTED;

   *p = (VkImageFormatProperties){
      .maxExtent = {NVK_MAX_IMAGE_DIMENSION_2D, NVK_MAX_IMAGE_DIMENSION_2D, 1},
      .maxMipLevels = 1,
      .maxArrayLayers = 1,
      .sampleCounts = VK_SAMPLE_COUNT_1_BIT,
      .maxResourceSize = pdev->mem_heap.size,
   };
   vk_foreach_struct(s, props->pNext)
   {
      if (s->sType == VK_STRUCTURE_TYPE_EXTERNAL_IMAGE_FORMAT_PROPERTIES)
         ((VkExternalImageFormatProperties *)s)->externalMemoryProperties = ext_props;
   }
   return VK_SUCCESS;
}

static struct kil_image_info
drm_kil_info(const VkImageCreateInfo *info, enum kil_format format)
{
   return (struct kil_image_info){
      .dim = KIL_IMAGE_DIM_2D,
      .format = format,
      .extent_px = kil_extent4d_px(info->extent.width, info->extent.height, 1, 1),
      .levels = 1,
      .samples = 1,
      .tiling = KIL_IMAGE_TILING_OPTIMAL,
   };
}

/* Everything but the modifier and the plane layout: one level, one layer,
 * one sample of a 2D image we can do transfers on. */
static bool
drm_image_shape_ok(const VkImageCreateInfo *info)
{
   return info->imageType == VK_IMAGE_TYPE_2D && info->mipLevels == 1 &&
          info->arrayLayers == 1 && info->samples == VK_SAMPLE_COUNT_1_BIT &&
          info->extent.width > 0 && info->extent.height > 0 && info->extent.depth == 1 &&
          info->extent.width <= NVK_MAX_IMAGE_DIMENSION_2D &&
          info->extent.height <= NVK_MAX_IMAGE_DIMENSION_2D;
}

static void
image_fields(struct nvk_image *image, const VkImageCreateInfo *info,
             enum kil_format format)
{
   image->type = VK_IMAGE_TYPE_2D;
   image->vk_format = info->format;
   image->format = format;
   image->aspects = nvk_format_aspects(format);
   image->extent = info->extent;
   image->mip_levels = 1;
   image->array_layers = 1;
   image->usage = info->usage;
   image->flags = info->flags;
   /* What the layout is: everything but the DRM-specific queries treats the
    * image as a LINEAR or OPTIMAL one. */
   const struct kil_image *l =
      image->plane_count > 1 ? &image->planar.planes[0] : &image->layout;
   image->tiling = l->tiling.is_tiled ? VK_IMAGE_TILING_OPTIMAL : VK_IMAGE_TILING_LINEAR;
}

/* Lays the image out as `mod` names it: one kil_image, or (multi-planar
 * formats) one per plane with plane_count explicit layouts (NULL: kil
 * places them). */
static enum kil_result
drm_layout(struct nvk_device *dev, struct nvk_image *image, const VkImageCreateInfo *info,
           uint64_t mod, const struct kil_plane_layout *planes, uint32_t plane_count)
{
   const enum kil_format format = nvk_format_to_kil(info->format);
   const struct kil_image_info kinfo = drm_kil_info(info, format);
   if (!kil_format_is_multi_planar(format))
      return kil_image_init_modifier(&dev->pdev->info, &kinfo, mod, planes,
                                     &image->layout);
   const enum kil_result r = kil_planar_image_init_modifier(
      &dev->pdev->info, &kinfo, mod, planes, plane_count, &image->planar);
   image->plane_count = r == KIL_SUCCESS ? image->planar.plane_count : 1;
   return r;
}

/* Bytes from the binding's start to the image's end. */
static uint64_t
drm_size_B(const struct nvk_image *image)
{
   return image->plane_count > 1 ? image->planar.size_B
                                 : image->drm.plane_offset_B + image->layout.size_B;
}

/* Vulkan 1.3.239, VkImageDrmFormatModifierExplicitCreateInfoEXT: "the
 * implementation must validate that the provided pPlaneLayouts, when combined
 * with the provided drmFormatModifier and other creation parameters in
 * VkImageCreateInfo and its pNext chain, produce a valid image. (This
 * validation is necessarily implementation-dependent and outside the scope of
 * Vulkan, and therefore not described by valid usage requirements). If this
 * validation fails, then vkCreateImage returns
 * VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT."
 * So every refusal of an explicit layout returns that code: an unsupported
 * or wrong modifier, a plane count other than the modifier's one, an image
 * shape a modifier cannot name (3D, layers, levels, samples), and each plane
 * check of kil_image_init_modifier (offset alignment, pitch alignment and
 * size, overflow). */
static VkResult
init_explicit(struct nvk_device *dev, struct nvk_image *image,
              const VkImageCreateInfo *info,
              const VkImageDrmFormatModifierExplicitCreateInfoEXT *explicit)
{
   const VkResult bad = VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT;
   const uint64_t mod = explicit->drmFormatModifier;
   const enum kil_format format = nvk_format_to_kil(info->format);
   if (!drm_image_shape_ok(info) ||
       !drm_image_supported(dev->pdev, info->format, info->imageType, info->usage,
                            info->flags, mod))
      return vk_errorf(
         dev, bad,
         "modifier 0x%016llx cannot lay out this image (format %d, type %d, "
         "%ux%ux%u, %u levels, %u layers, %u samples, usage 0x%x)",
         (unsigned long long)mod, info->format, info->imageType, info->extent.width,
         info->extent.height, info->extent.depth, info->mipLevels, info->arrayLayers,
         info->samples, info->usage);
   /* drmFormatModifierPlaneCount is the modifier's (VUID-...-02265): ours
    * have one memory plane per format plane. */
   const uint32_t planes = kil_format_plane_count(format);
   if (explicit->drmFormatModifierPlaneCount != planes || !explicit->pPlaneLayouts)
      return vk_errorf(dev, bad, "%u plane layouts for a %u-plane modifier",
                       explicit->drmFormatModifierPlaneCount, planes);
   /* "In each element of pPlaneLayouts, the implementation must ignore
    * size": kil gets 0 (unknown) and computes it. */
   struct kil_plane_layout plane[KIL_MAX_PLANES];
   for (uint32_t p = 0; p < planes; p++) {
      plane[p] = (struct kil_plane_layout){
         .offset_B = explicit->pPlaneLayouts[p].offset,
         .row_pitch_B = explicit->pPlaneLayouts[p].rowPitch,
         .size_B = 0,
      };
   }
   const enum kil_result r = drm_layout(dev, image, info, mod, plane, planes);
   if (r != KIL_SUCCESS)
      return vk_errorf(
         dev, bad,
         "plane layout (offset %llu, row pitch %llu, %u planes) for 0x%016llx: %s",
         (unsigned long long)plane[0].offset_B, (unsigned long long)plane[0].row_pitch_B,
         planes, (unsigned long long)mod, kil_result_str(r));
   if (planes == 1 && plane[0].offset_B > UINT64_MAX - image->layout.size_B)
      return vk_errorf(dev, bad, "plane offset %llu overflows",
                       (unsigned long long)plane[0].offset_B);
   image->drm.modifier = mod;
   /* Multi-planar: the planes' offsets are in the planar layout. */
   image->drm.plane_offset_B = planes == 1 ? plane[0].offset_B : 0;
   image_fields(image, info, format);
   return VK_SUCCESS;
}

/* From a list: the driver picks (kil_modifier_select: the block height kil
 * would choose, else the nearest, else LINEAR). A list with nothing usable
 * is invalid usage (VUID-VkImageDrmFormatModifierListCreateInfoEXT-
 * pDrmFormatModifiers-02263: each must be supported, as the format query
 * says); the spec names no result, so it gets the one every unsupported
 * image creation gets here. */
static VkResult
init_from_list(struct nvk_device *dev, struct nvk_image *image,
               const VkImageCreateInfo *info,
               const VkImageDrmFormatModifierListCreateInfoEXT *list)
{
   const enum kil_format format = nvk_format_to_kil(info->format);
   if (!drm_image_shape_ok(info) || format == KIL_FORMAT_NONE ||
       !list->pDrmFormatModifiers)
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "no modifier can lay out this image");
   /* Only modifiers this image's usage works with go to kil. */
   uint64_t usable[64];
   uint32_t n = 0;
   for (uint32_t i = 0; i < list->drmFormatModifierCount && n < ARRAY_SIZE(usable); i++) {
      if (drm_image_supported(dev->pdev, info->format, info->imageType, info->usage,
                              info->flags, list->pDrmFormatModifiers[i]))
         usable[n++] = list->pDrmFormatModifiers[i];
   }
   const struct kil_image_info kinfo = drm_kil_info(info, format);
   const uint64_t mod = kil_modifier_select(&dev->pdev->info, &kinfo, usable, n);
   if (mod == DRM_FORMAT_MOD_INVALID)
      return vk_errorf(dev, VK_ERROR_UNKNOWN,
                       "none of the %u modifiers given can lay out this image",
                       list->drmFormatModifierCount);
   const enum kil_result r = drm_layout(dev, image, info, mod, NULL, 0);
   if (r == KIL_ERROR_OVERFLOW)
      return vk_errorf(dev, VK_ERROR_OUT_OF_DEVICE_MEMORY, "image too large");
   if (r != KIL_SUCCESS)
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "modifier 0x%016llx: %s",
                       (unsigned long long)mod, kil_result_str(r));
   image->drm.modifier = mod;
   image->drm.plane_offset_B = 0;
   image_fields(image, info, format);
   return VK_SUCCESS;
}

VkResult
nvk_image_init_drm(struct nvk_device *dev, struct nvk_image *image,
                   const VkImageCreateInfo *info)
{
   const VkImageDrmFormatModifierListCreateInfoEXT *list =
      vk_find_struct_const(info->pNext, IMAGE_DRM_FORMAT_MODIFIER_LIST_CREATE_INFO_EXT);
   const VkImageDrmFormatModifierExplicitCreateInfoEXT *explicit = vk_find_struct_const(
      info->pNext, IMAGE_DRM_FORMAT_MODIFIER_EXPLICIT_CREATE_INFO_EXT);
   image->drm.enabled = true;
   /* Exactly one of the two (VUID-VkImageCreateInfo-tiling-02261). */
   VkResult result;
   if (explicit && !list)
      result = init_explicit(dev, image, info, explicit);
   else if (list && !explicit)
      result = init_from_list(dev, image, info, list);
   else
      result = vk_errorf(dev, VK_ERROR_UNKNOWN,
                         "DRM format modifier tiling needs exactly one of the list and "
                         "explicit create infos");
   if (result != VK_SUCCESS)
      return result;
   if (drm_size_B(image) > dev->pdev->mem_heap.size)
      return vk_errorf(dev, VK_ERROR_OUT_OF_DEVICE_MEMORY, "image of %llu bytes",
                       (unsigned long long)drm_size_B(image));
   return VK_SUCCESS;
}

void
nvk_image_drm_subresource_layout(const struct nvk_image *image,
                                 const VkImageSubresource *subresource,
                                 VkSubresourceLayout *layout)
{
   /* A memory plane (VUID-vkGetImageSubresourceLayout-tiling-02271:
    * MEMORY_PLANE_n for n below the modifier's plane count). Its row pitch
    * is what the modifier's consumers expect: bytes between rows for LINEAR,
    * the width in GOBs times 64 for block-linear (docs/layout.md). */
   const int p = nvk_image_aspect_plane(subresource->aspectMask);
   const bool memory_plane =
      subresource->aspectMask == VK_IMAGE_ASPECT_MEMORY_PLANE_0_BIT_EXT ||
      subresource->aspectMask == VK_IMAGE_ASPECT_MEMORY_PLANE_1_BIT_EXT ||
      subresource->aspectMask == VK_IMAGE_ASPECT_MEMORY_PLANE_2_BIT_EXT;
   if (!memory_plane || p < 0 || (uint32_t)p >= MAX2(image->plane_count, 1u) ||
       subresource->mipLevel != 0 || subresource->arrayLayer != 0) {
      *layout = (VkSubresourceLayout){0};
      return;
   }
   if (image->plane_count > 1) {
      *layout = (VkSubresourceLayout){
         .offset = image->planar.plane_offset_B[p],
         .size = image->planar.planes[p].size_B,
         .rowPitch = image->planar.planes[p].levels[0].row_pitch_B,
      };
      return;
   }
   *layout = (VkSubresourceLayout){
      .offset = image->drm.plane_offset_B,
      .size = image->layout.size_B,
      .rowPitch = image->layout.levels[0].row_pitch_B,
      .arrayPitch = 0,
      .depthPitch = 0,
   };
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetImageDrmFormatModifierPropertiesEXT(
   VkDevice _device, VkImage _image, VkImageDrmFormatModifierPropertiesEXT *pProperties)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_image, image, _image);
   /* Other images are invalid usage (VUID-...-image-02272); they get the
    * modifier naming their layout, or DRM_FORMAT_MOD_INVALID. */
   pProperties->drmFormatModifier =
      image->drm.enabled ? image->drm.modifier
                         : kil_image_modifier(&dev->pdev->info, &image->layout);
   return VK_SUCCESS;
}
