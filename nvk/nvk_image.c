/* SPDX-License-Identifier: MIT */
#include "nvk_image.h"

#include <string.h>

#include "layout/kil_addr.h"
#include "nvk_device.h"
#include "nvk_device_memory.h"
#include "nvk_format.h"
#include "nvk_image_drm.h"
#include "nvk_physical_device.h"
#include "nvk_private.h"
#include "nvkmd/nvkmd.h"
#include "vk_log.h"
#include "vk_util.h"

/* Create flags whose meaning is implemented: views of other formats and
 * cube views are layout-neutral here; 2D (array) views of a 3D image get
 * blocks one GOB deep (KIL_IMAGE_USAGE_2D_VIEW): for attachments
 * (VK_KHR_maintenance1) and for descriptors (VK_EXT_image_2d_view_of_3d);
 * extended usage is checked against the view formats (usage_features). */
#define NVK_IMAGE_CREATE_FLAGS                                                           \
   (VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT |           \
    VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT | VK_IMAGE_CREATE_2D_VIEW_COMPATIBLE_BIT_EXT | \
    VK_IMAGE_CREATE_EXTENDED_USAGE_BIT)

static enum kil_image_dim
kil_dim(VkImageType type)
{
   switch (type) {
   case VK_IMAGE_TYPE_1D:
      return KIL_IMAGE_DIM_1D;
   case VK_IMAGE_TYPE_3D:
      return KIL_IMAGE_DIM_3D;
   default:
      return KIL_IMAGE_DIM_2D;
   }
}

static VkFormatFeatureFlags2
tiling_features(const VkFormatProperties3 *p, VkImageTiling tiling)
{
   return tiling == VK_IMAGE_TILING_LINEAR ? p->linearTilingFeatures
          : tiling == VK_IMAGE_TILING_OPTIMAL ? p->optimalTilingFeatures
                                              : 0;
}

/* Whether a view of `a` may have format `b` on a MUTABLE_FORMAT image:
 * the same compatibility class (Vulkan 1.3.250, 34.1.7 "Format
 * Compatibility Classes"). Only the classes named by texel size are
 * matched (uncompressed, single-plane, 1x1x1 colour formats); a
 * compressed, depth/stencil or multi-planar format is taken as compatible
 * with itself only, which can refuse an extended usage but never allows a
 * wrong one. */
static bool
view_format_compatible(enum kil_format a, enum kil_format b)
{
   if (a == b)
      return true;
   if (!kil_format_is_valid(a) || !kil_format_is_valid(b))
      return false;
   const enum kil_format fs[2] = {a, b};
   for (unsigned i = 0; i < 2; i++) {
      const struct kil_format_desc *d = kil_format_desc(fs[i]);
      if (kil_format_is_compressed(fs[i]) || kil_format_is_depth_or_stencil(fs[i]) ||
          kil_format_is_multi_planar(fs[i]) || d->block_width != 1 ||
          d->block_height != 1 || d->block_depth != 1)
         return false;
   }
   return kil_format_el_size_B(a) == kil_format_el_size_B(b);
}

/* The features that `usage` is checked against. Vulkan 1.3.250,
 * VkImageCreateFlagBits: VK_IMAGE_CREATE_EXTENDED_USAGE_BIT "specifies
 * that the image can be created with usage flags that are not supported
 * for the format the image is created with but are supported for at least
 * one format a VkImageView created from the image can have". The formats
 * a view can have: the image's own; with MUTABLE_FORMAT, those of the
 * format list when it names any (VkImageFormatListCreateInfo), else every
 * compatible format. Each usage bit needs its feature in one of them. */
static VkFormatFeatureFlags2
usage_features(const struct nvk_physical_device *pdev, VkFormat format, VkImageTiling tiling,
               VkImageCreateFlags flags, const VkImageFormatListCreateInfo *list,
               VkFormatFeatureFlags2 own)
{
   if (!(flags & VK_IMAGE_CREATE_EXTENDED_USAGE_BIT) ||
       !(flags & VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT))
      return own;
   const enum kil_format k = nvk_format_to_kil(format);
   VkFormatFeatureFlags2 f = own;
   if (list && list->viewFormatCount > 0) {
      for (uint32_t i = 0; i < list->viewFormatCount; i++) {
         const VkFormatProperties3 p = nvk_get_format_properties(pdev, list->pViewFormats[i]);
         if (view_format_compatible(k, nvk_format_to_kil(list->pViewFormats[i])))
            f |= tiling_features(&p, tiling);
      }
      return f;
   }
   for (int v = KIL_FORMAT_NONE + 1; v < KIL_FORMAT_COUNT; v++) {
      if (!view_format_compatible(k, (enum kil_format)v))
         continue;
      const VkFormatProperties3 p =
         nvk_get_format_properties(pdev, nvk_format_from_kil((enum kil_format)v));
      f |= tiling_features(&p, tiling);
   }
   return f;
}

/* Whether (format, type, tiling, usage, flags, view formats) is something
 * we do; fills the limits if so. */
static bool
nvk_image_format_supported(const struct nvk_physical_device *pdev, VkFormat format,
                           VkImageType type, VkImageTiling tiling, VkImageUsageFlags usage,
                           VkImageCreateFlags flags, const VkImageFormatListCreateInfo *list,
                           VkImageFormatProperties *props)
{
   const VkFormatProperties3 fp = nvk_get_format_properties(pdev, format);
   const VkFormatFeatureFlags2 own = tiling_features(&fp, tiling);
   if (own == 0)
      return false;
   /* From here on `f` is what the usage needs. */
   const VkFormatFeatureFlags2 f = usage_features(pdev, format, tiling, flags, list, own);
   const enum kil_format k = nvk_format_to_kil(format);
   const bool multi_planar = kil_format_is_multi_planar(k);
   if (usage & ~(VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                 VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT |
                 VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                 VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
                 VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT))
      return false;
   /* Attachments (nvk_rendering.h). Transient ones are ordinary memory. */
   const VkFormatFeatureFlags2 attachment = VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT |
                                            VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT;
   if ((usage & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT) &&
       !(f & VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT))
      return false;
   if ((usage & VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT) &&
       !(f & VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT))
      return false;
   if ((usage & (VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT)) &&
       !(f & attachment))
      return false;
   /* Sampling and storage: the shader backend (nvk_format_shader.c). */
   if ((usage & VK_IMAGE_USAGE_SAMPLED_BIT) && !(f & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT))
      return false;
   if ((usage & VK_IMAGE_USAGE_STORAGE_BIT) && !(f & VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT))
      return false;
   if ((usage & VK_IMAGE_USAGE_TRANSFER_SRC_BIT) && !(f & VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT))
      return false;
   if ((usage & VK_IMAGE_USAGE_TRANSFER_DST_BIT) && !(f & VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT))
      return false;
   if (flags &
       ~(NVK_IMAGE_CREATE_FLAGS | (multi_planar ? VK_IMAGE_CREATE_DISJOINT_BIT : 0)))
      return false;
   if ((flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) && type != VK_IMAGE_TYPE_2D)
      return false;
   if ((flags & (VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT |
                 VK_IMAGE_CREATE_2D_VIEW_COMPATIBLE_BIT_EXT)) &&
       type != VK_IMAGE_TYPE_3D)
      return false;
   if (kil_format_is_depth_or_stencil(k) && type == VK_IMAGE_TYPE_3D)
      return false;
   if (multi_planar) {
      /* kil_planar.h: 2D, one level, one layer here (the spec's minimum for
       * formats that need a Y'CbCr conversion, Vulkan 1.3 34.1.1). */
      if (type != VK_IMAGE_TYPE_2D || (flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT))
         return false;
      *props = (VkImageFormatProperties){
         .maxExtent = {NVK_MAX_IMAGE_DIMENSION_2D, NVK_MAX_IMAGE_DIMENSION_2D, 1},
         .maxMipLevels = 1,
         .maxArrayLayers = 1,
         .sampleCounts = VK_SAMPLE_COUNT_1_BIT,
         .maxResourceSize = pdev->mem_heap.size,
      };
      return true;
   }

   VkExtent3D max;
   uint32_t layers = NVK_MAX_IMAGE_ARRAY_LAYERS;
   switch (type) {
   case VK_IMAGE_TYPE_1D:
      max = (VkExtent3D){NVK_MAX_IMAGE_DIMENSION_1D, 1, 1};
      break;
   case VK_IMAGE_TYPE_2D:
      max = (VkExtent3D){NVK_MAX_IMAGE_DIMENSION_2D, NVK_MAX_IMAGE_DIMENSION_2D, 1};
      break;
   case VK_IMAGE_TYPE_3D:
      max = (VkExtent3D){NVK_MAX_IMAGE_DIMENSION_3D, NVK_MAX_IMAGE_DIMENSION_3D,
                         NVK_MAX_IMAGE_DIMENSION_3D};
      layers = 1;
      break;
   default:
      return false;
   }
   /* Multisampled images: 2D attachments, laid out with kil's sample grid
    * (layout/kil_sample.h), drawn by rast, cleared, copied, resolved and
    * read by texel fetches with a sample index (kx_image.c sample_coords).
    * Not stored: storageImageSampleCounts is 1. */
   const bool multisample =
      type == VK_IMAGE_TYPE_2D && tiling == VK_IMAGE_TILING_OPTIMAL &&
      !(flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) &&
      (f & attachment) && !(usage & VK_IMAGE_USAGE_STORAGE_BIT);
   *props = (VkImageFormatProperties){
      .maxExtent = max,
      .maxMipLevels = util_logbase2(MAX3(max.width, max.height, max.depth)) + 1,
      .maxArrayLayers = layers,
      .sampleCounts = multisample ? NVK_ATTACHMENT_SAMPLE_COUNTS : VK_SAMPLE_COUNT_1_BIT,
      .maxResourceSize = pdev->mem_heap.size,
   };
   return true;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetPhysicalDeviceImageFormatProperties2(VkPhysicalDevice physicalDevice,
                                            const VkPhysicalDeviceImageFormatInfo2 *pInfo,
                                            VkImageFormatProperties2 *pProps)
{
   VK_FROM_HANDLE(nvk_physical_device, pdev, physicalDevice);
   VkImageFormatProperties *p = &pProps->imageFormatProperties;
   memset(p, 0, sizeof(*p));

   /* Modifier images and external memory: nvk_image_drm.c. */
   if (pInfo->tiling == VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT)
      return nvk_get_drm_image_format_properties(pdev, pInfo, pProps);
   const VkPhysicalDeviceExternalImageFormatInfo *ext =
      vk_find_struct_const(pInfo->pNext, PHYSICAL_DEVICE_EXTERNAL_IMAGE_FORMAT_INFO);
   VkExternalMemoryProperties ext_props = {0};
   if ((ext && ext->handleType &&
        !nvk_image_external_memory_properties(ext->handleType, &ext_props)) ||
       !nvk_image_format_supported(
          pdev, pInfo->format, pInfo->type, pInfo->tiling, pInfo->usage, pInfo->flags,
          vk_find_struct_const(pInfo->pNext, IMAGE_FORMAT_LIST_CREATE_INFO), p)) {
      memset(p, 0, sizeof(*p));
      return VK_ERROR_FORMAT_NOT_SUPPORTED;
   }
   vk_foreach_struct(s, pProps->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_EXTERNAL_IMAGE_FORMAT_PROPERTIES) {
         VkExternalImageFormatProperties *e = (void *)s;
         e->externalMemoryProperties = ext_props;
      } else if (s->sType ==
                 VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_IMAGE_FORMAT_PROPERTIES) {
         /* A combined image sampler of any format is one descriptor: the
          * view's header points at its planes (nvk_image_view.c). */
         VkSamplerYcbcrConversionImageFormatProperties *y = (void *)s;
         y->combinedImageSamplerDescriptorCount = 1;
      }
   }
   return VK_SUCCESS;
}

VkResult
nvk_image_init(struct nvk_device *dev, struct nvk_image *image, const VkImageCreateInfo *info)
{
   image->plane_count = 1;
   if (info->tiling == VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT)
      return nvk_image_init_drm(dev, image, info);
   const enum kil_format format = nvk_format_to_kil(info->format);
   VkImageFormatProperties limits;
   /* Anything the format queries would refuse is invalid usage; it gets an
    * error rather than a half-made image. */
   if (!nvk_image_format_supported(
          dev->pdev, info->format, info->imageType, info->tiling, info->usage, info->flags,
          vk_find_struct_const(info->pNext, IMAGE_FORMAT_LIST_CREATE_INFO), &limits) ||
       !(limits.sampleCounts & info->samples) ||
       (info->samples != VK_SAMPLE_COUNT_1_BIT && info->mipLevels != 1))
      return vk_errorf(dev, VK_ERROR_UNKNOWN,
                       "unsupported image (format %d, type %d, tiling %d, usage 0x%x, "
                       "flags 0x%x, %u samples)",
                       info->format, info->imageType, info->tiling, info->usage, info->flags,
                       info->samples);

   image->type = info->imageType;
   image->vk_format = info->format;
   image->format = format;
   image->aspects = nvk_format_aspects(format);
   image->extent = info->extent;
   image->mip_levels = info->mipLevels;
   image->array_layers = info->arrayLayers;
   image->tiling = info->tiling;
   image->usage = info->usage;
   image->flags = info->flags;

   const struct kil_image_info kinfo = {
      .dim = kil_dim(info->imageType),
      .format = format,
      .extent_px = kil_extent4d_px(info->extent.width, info->extent.height,
                                   info->extent.depth, info->arrayLayers),
      .levels = info->mipLevels,
      .samples = info->samples,
      .tiling = info->tiling == VK_IMAGE_TILING_LINEAR ? KIL_IMAGE_TILING_LINEAR
                                                       : KIL_IMAGE_TILING_OPTIMAL,
      .usage = ((info->flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) ? KIL_IMAGE_USAGE_CUBE
                                                                    : 0) |
               ((info->flags & (VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT |
                                VK_IMAGE_CREATE_2D_VIEW_COMPATIBLE_BIT_EXT))
                   ? KIL_IMAGE_USAGE_2D_VIEW
                   : 0),
   };
   uint64_t size_B;
   enum kil_result r;
   if (kil_format_is_multi_planar(format)) {
      r = kil_planar_image_init(&dev->pdev->info, &kinfo, &image->planar);
      image->plane_count = image->planar.plane_count;
      size_B = image->planar.size_B;
   } else {
      r = kil_image_init(&dev->pdev->info, &kinfo, &image->layout);
      size_B = image->layout.size_B;
   }
   if (r == KIL_ERROR_OVERFLOW)
      return vk_errorf(dev, VK_ERROR_OUT_OF_DEVICE_MEMORY, "image too large");
   if (r != KIL_SUCCESS)
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "image layout: %s", kil_result_str(r));
   if (size_B > dev->pdev->mem_heap.size)
      return vk_errorf(dev, VK_ERROR_OUT_OF_DEVICE_MEMORY, "image of %llu bytes",
                       (unsigned long long)size_B);
   return VK_SUCCESS;
}

/* Fills the single-plane images of a multi-planar image's planes. */
static void
nvk_image_init_planes(struct nvk_image *image, struct nvk_image *planes)
{
   image->plane_images = planes;
   for (uint32_t p = 0; p < image->plane_count; p++) {
      const struct kil_image *l = &image->planar.planes[p];
      planes[p] = (struct nvk_image){
         .type = VK_IMAGE_TYPE_2D,
         .vk_format = nvk_format_from_kil(l->format),
         .format = l->format,
         .aspects = VK_IMAGE_ASPECT_COLOR_BIT,
         .extent = {l->extent_px.width, l->extent_px.height, 1},
         .mip_levels = 1,
         .array_layers = image->array_layers,
         .tiling = image->tiling,
         .usage = image->usage,
         .layout = *l,
         .plane_count = 1,
      };
   }
}

int
nvk_image_aspect_plane(VkImageAspectFlags aspect)
{
   switch (aspect) {
   case VK_IMAGE_ASPECT_PLANE_0_BIT:
   case VK_IMAGE_ASPECT_MEMORY_PLANE_0_BIT_EXT:
      return 0;
   case VK_IMAGE_ASPECT_PLANE_1_BIT:
   case VK_IMAGE_ASPECT_MEMORY_PLANE_1_BIT_EXT:
      return 1;
   case VK_IMAGE_ASPECT_PLANE_2_BIT:
   case VK_IMAGE_ASPECT_MEMORY_PLANE_2_BIT_EXT:
      return 2;
   default:
      return -1;
   }
}

struct nvk_image *
nvk_image_for_aspect(struct nvk_image *image, VkImageAspectFlags aspect)
{
   const int p = nvk_image_aspect_plane(aspect);
   if (p < 0 || !image->plane_images || (uint32_t)p >= image->plane_count)
      return image;
   return &image->plane_images[p];
}

VkImageAspectFlags
nvk_image_plane_aspect(const struct nvk_image *image, VkImageAspectFlags aspect)
{
   const int p = nvk_image_aspect_plane(aspect);
   if (p < 0 || !image->plane_images || (uint32_t)p >= image->plane_count)
      return aspect;
   return VK_IMAGE_ASPECT_COLOR_BIT;
}

uint64_t
nvk_image_align_B(const struct nvk_image *image)
{
   if (image->plane_count > 1)
      return MAX2(image->planar.align_B, 64u);
   return MAX2(image->layout.align_B, 64u);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateImage(VkDevice _device, const VkImageCreateInfo *pCreateInfo,
                const VkAllocationCallbacks *pAllocator, VkImage *pImage)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   /* A multi-planar image's plane images live in the same allocation. */
   const uint32_t planes = kil_format_plane_count(nvk_format_to_kil(pCreateInfo->format));
   const size_t size = sizeof(struct nvk_image) * (planes > 1 ? 1 + planes : 1);
   struct nvk_image *image =
      vk_object_zalloc(&dev->vk, pAllocator, size, VK_OBJECT_TYPE_IMAGE);
   if (!image)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   VkResult result = nvk_image_init(dev, image, pCreateInfo);
   if (result != VK_SUCCESS) {
      vk_object_free(&dev->vk, pAllocator, image);
      return result;
   }
   if (image->plane_count > 1)
      nvk_image_init_planes(image, image + 1);
   *pImage = nvk_image_to_handle(image);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyImage(VkDevice _device, VkImage _image, const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_image, image, _image);
   vk_object_free(&dev->vk, pAllocator, image);
}

/* `plane` >= 0: that plane of a disjoint multi-planar image. */
static void
nvk_image_memory_requirements(const struct nvk_image *image, int plane,
                              VkMemoryRequirements2 *req)
{
   uint64_t size_B, align_B;
   if (image->plane_count > 1 && plane >= 0 && (uint32_t)plane < image->plane_count) {
      size_B = image->planar.planes[plane].size_B;
      align_B = MAX2(image->planar.planes[plane].align_B, 64u);
   } else if (image->plane_count > 1) {
      size_B = image->planar.size_B;
      align_B = nvk_image_align_B(image);
   } else {
      /* An explicit modifier layout may start plane 0 past the bind offset. */
      size_B = image->drm.plane_offset_B + image->layout.size_B;
      align_B = nvk_image_align_B(image);
   }
   req->memoryRequirements = (VkMemoryRequirements){
      .size = MAX2(size_B, (uint64_t)1),
      .alignment = align_B,
      .memoryTypeBits = BITFIELD_MASK(NVK_MEMORY_TYPE_COUNT),
   };
   vk_foreach_struct(s, req->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS) {
         VkMemoryDedicatedRequirements *d = (void *)s;
         /* Modifier images are what gets shared with other drivers, whose
          * imports expect one image per allocation (see
          * shared/seeds: NVK prefers dedicated allocations for them too). */
         d->prefersDedicatedAllocation = image->drm.enabled;
         d->requiresDedicatedAllocation = VK_FALSE;
      }
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetImageMemoryRequirements2(VkDevice _device, const VkImageMemoryRequirementsInfo2 *pInfo,
                                VkMemoryRequirements2 *pMemoryRequirements)
{
   VK_FROM_HANDLE(nvk_image, image, pInfo->image);
   const VkImagePlaneMemoryRequirementsInfo *plane =
      vk_find_struct_const(pInfo->pNext, IMAGE_PLANE_MEMORY_REQUIREMENTS_INFO);
   nvk_image_memory_requirements(image,
                                 plane ? nvk_image_aspect_plane(plane->planeAspect) : -1,
                                 pMemoryRequirements);
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetImageMemoryRequirements(VkDevice _device, VkImage _image,
                               VkMemoryRequirements *pMemoryRequirements)
{
   VK_FROM_HANDLE(nvk_image, image, _image);
   VkMemoryRequirements2 r2 = {.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2};
   nvk_image_memory_requirements(image, -1, &r2);
   *pMemoryRequirements = r2.memoryRequirements;
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetDeviceImageMemoryRequirements(VkDevice _device,
                                     const VkDeviceImageMemoryRequirements *pInfo,
                                     VkMemoryRequirements2 *pMemoryRequirements)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   /* The image on the stack: init allocates nothing. */
   struct nvk_image image = {0};
   if (nvk_image_init(dev, &image, pInfo->pCreateInfo) != VK_SUCCESS) {
      pMemoryRequirements->memoryRequirements = (VkMemoryRequirements){0};
      return;
   }
   const int plane = (pInfo->pCreateInfo->flags & VK_IMAGE_CREATE_DISJOINT_BIT)
                        ? nvk_image_aspect_plane(pInfo->planeAspect)
                        : -1;
   nvk_image_memory_requirements(&image, plane, pMemoryRequirements);
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetImageSparseMemoryRequirements(VkDevice device, VkImage image,
                                     uint32_t *pSparseMemoryRequirementCount,
                                     VkSparseImageMemoryRequirements *pSparseMemoryRequirements)
{
   *pSparseMemoryRequirementCount = 0;
}

/* Vulkan 1.3, vkGetDeviceImageSparseMemoryRequirements: like
 * vkGetImageSparseMemoryRequirements2, which for an image without
 * VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT sets the count to zero; kiln has no
 * sparse residency (every create info is such an image). */
VKAPI_ATTR void VKAPI_CALL
nvk_GetDeviceImageSparseMemoryRequirements(VkDevice device,
                                           const VkDeviceImageMemoryRequirements *pInfo,
                                           uint32_t *pSparseMemoryRequirementCount,
                                           VkSparseImageMemoryRequirements2 *pSparseMemoryRequirements)
{
   *pSparseMemoryRequirementCount = 0;
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetImageSparseMemoryRequirements2(VkDevice device,
                                      const VkImageSparseMemoryRequirementsInfo2 *pInfo,
                                      uint32_t *pSparseMemoryRequirementCount,
                                      VkSparseImageMemoryRequirements2 *pSparseMemoryRequirements)
{
   *pSparseMemoryRequirementCount = 0;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_BindImageMemory2(VkDevice _device, uint32_t bindInfoCount,
                     const VkBindImageMemoryInfo *pBindInfos)
{
   for (uint32_t i = 0; i < bindInfoCount; i++) {
      VK_FROM_HANDLE(nvk_image, image, pBindInfos[i].image);
      VK_FROM_HANDLE(nvk_device_memory, mem, pBindInfos[i].memory);
      const uint64_t addr = mem->mem->va + pBindInfos[i].memoryOffset;
      const VkBindImagePlaneMemoryInfo *plane_info =
         vk_find_struct_const(pBindInfos[i].pNext, BIND_IMAGE_PLANE_MEMORY_INFO);
      const int plane = plane_info ? nvk_image_aspect_plane(plane_info->planeAspect) : -1;
      if (image->plane_count > 1 && plane >= 0 && (uint32_t)plane < image->plane_count) {
         /* One plane of a disjoint image. */
         image->plane_images[plane].mem = mem;
         image->plane_images[plane].addr = addr;
         continue;
      }
      image->mem = mem;
      image->addr = addr + image->drm.plane_offset_B;
      for (uint32_t p = 0; image->plane_count > 1 && p < image->plane_count; p++) {
         image->plane_images[p].mem = mem;
         image->plane_images[p].addr = addr + image->planar.plane_offset_B[p];
      }
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_BindImageMemory(VkDevice _device, VkImage image, VkDeviceMemory memory,
                    VkDeviceSize memoryOffset)
{
   const VkBindImageMemoryInfo info = {
      .sType = VK_STRUCTURE_TYPE_BIND_IMAGE_MEMORY_INFO,
      .image = image,
      .memory = memory,
      .memoryOffset = memoryOffset,
   };
   return nvk_BindImageMemory2(_device, 1, &info);
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetImageSubresourceLayout(VkDevice _device, VkImage _image,
                              const VkImageSubresource *pSubresource,
                              VkSubresourceLayout *pLayout)
{
   VK_FROM_HANDLE(nvk_image, image, _image);
   if (image->drm.enabled) {
      nvk_image_drm_subresource_layout(image, pSubresource, pLayout);
      return;
   }
   /* A plane: its own layout, from the image's start unless it is bound on
    * its own (Vulkan 1.3, vkGetImageSubresourceLayout: a disjoint plane's
    * offset is from its own binding). */
   uint64_t plane_offset_B = 0;
   if (image->plane_count > 1) {
      const int p = nvk_image_aspect_plane(pSubresource->aspectMask);
      if (p < 0 || (uint32_t)p >= image->plane_count) {
         *pLayout = (VkSubresourceLayout){0};
         return;
      }
      if (!(image->flags & VK_IMAGE_CREATE_DISJOINT_BIT))
         plane_offset_B = image->planar.plane_offset_B[p];
      image = &image->plane_images[p];
   }
   const uint32_t level = pSubresource->mipLevel;
   struct kil_level_addr a;
   if (kil_level_addr_init(&a, &image->layout, level) != KIL_SUCCESS) {
      *pLayout = (VkSubresourceLayout){0};
      return;
   }
   /* Meaningful for LINEAR images (the only ones this may be asked about);
    * for block-linear ones rowPitch is kil's "pitch" (the width in GOBs
    * times 64, see kil_image.h). Both aspects of a depth/stencil format
    * share each element, so the layout is the same for either. */
   *pLayout = (VkSubresourceLayout){
      .offset = plane_offset_B + kil_image_level_layer_offset_B(&image->layout, level,
                                                                pSubresource->arrayLayer),
      .size = image->layout.levels[level].size_B,
      .rowPitch = image->layout.levels[level].row_pitch_B,
      .arrayPitch = image->layout.array_stride_B,
      .depthPitch = a.slice_stride_B,
   };
}

struct kil_extent4d_el
nvk_image_extent_el(const struct nvk_image *image, VkExtent3D extent, uint32_t layer_count)
{
   return kil_extent4d_px_to_el(
      kil_extent4d_px(extent.width, extent.height, extent.depth, layer_count), image->format,
      image->layout.sample_layout);
}

struct kil_offset4d_el
nvk_image_offset_el(const struct nvk_image *image, VkOffset3D offset, uint32_t base_layer)
{
   return kil_offset4d_px_to_el(kil_offset4d_px((uint32_t)offset.x, (uint32_t)offset.y,
                                                (uint32_t)offset.z, base_layer),
                                image->format, image->layout.sample_layout);
}
