/* SPDX-License-Identifier: MIT */
/*
 * Images: a VkImage is a kil_image (shared/layout) plus where it is bound.
 * OPTIMAL tiling is block-linear, LINEAR is LINEAR; the layout never changes
 * with VkImageLayout.
 *
 * Depth/stencil formats are one plane whose elements hold both aspects
 * (kil_format.h gives the bit positions); per-aspect operations touch only
 * their bits.
 *
 * Multi-planar (Y'CbCr) formats are laid out by kil_planar.h: `planar`
 * holds the planes, `layout` stays zero. Each plane also exists as a
 * single-plane nvk_image of the plane's format and extent, allocated with
 * the image (plane_images): copies, views and layout queries of a PLANE_n
 * aspect work on it exactly as on any image. The planes share the image's
 * binding at kil's plane offsets, or (VK_IMAGE_CREATE_DISJOINT_BIT) each
 * has its own (VkBindImagePlaneMemoryInfo).
 */
#ifndef NVK_IMAGE_H
#define NVK_IMAGE_H

#include "layout/kil_image.h"
#include "layout/kil_planar.h"
#include "vk_object.h"

struct nvk_device;
struct nvk_device_memory;

struct nvk_image {
   struct vk_object_base base;
   VkImageType type;
   VkFormat vk_format;
   enum kil_format format;
   VkImageAspectFlags aspects;
   VkExtent3D extent;
   uint32_t mip_levels;
   uint32_t array_layers;
   VkImageTiling tiling;
   VkImageUsageFlags usage;
   VkImageCreateFlags flags;

   struct kil_image layout;

   /* VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT images (nvk_image_drm.c).
    * `tiling` then says what the modifier's layout is (LINEAR or OPTIMAL),
    * so every other path treats the image as one of those. */
   struct {
      bool enabled;
      uint64_t modifier;
      /* Explicit layouts: where plane 0 starts in the bound memory. */
      uint64_t plane_offset_B;
   } drm;

   /* Multi-planar formats: plane_count > 1 (1 otherwise). plane_images is
    * NULL in an image made on the stack (memory requirement queries). */
   uint32_t plane_count;
   struct kil_planar_image planar;
   struct nvk_image *plane_images;

   /* Set by vkBindImageMemory*: device address of the image's start. */
   struct nvk_device_memory *mem;
   uint64_t addr;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_image, base, VkImage, VK_OBJECT_TYPE_IMAGE)

/* Lays the image out (no allocation; `image` may live on the stack to
 * answer vkGetDeviceImageMemoryRequirements). */
VkResult nvk_image_init(struct nvk_device *dev, struct nvk_image *image,
                        const VkImageCreateInfo *info);

/* The plane index of a VK_IMAGE_ASPECT_PLANE_n_BIT (or MEMORY_PLANE_n),
 * -1 for any other aspect. */
int nvk_image_aspect_plane(VkImageAspectFlags aspect);

/* The single-plane image `aspect` names: plane n of a multi-planar image
 * for PLANE_n, `image` itself otherwise (also when the image has no such
 * plane: callers have checked valid usage). */
struct nvk_image *nvk_image_for_aspect(struct nvk_image *image,
                                       VkImageAspectFlags aspect);

/* The aspect to use on nvk_image_for_aspect's result: COLOR for a plane. */
VkImageAspectFlags nvk_image_plane_aspect(const struct nvk_image *image,
                                          VkImageAspectFlags aspect);

/* Memory alignment of images: the layout's, at least a cache line. */
uint64_t nvk_image_align_B(const struct nvk_image *image);

/* The kil extent/offset of a copy region in elements. */
struct kil_extent4d_el nvk_image_extent_el(const struct nvk_image *image, VkExtent3D extent,
                                           uint32_t layer_count);
struct kil_offset4d_el nvk_image_offset_el(const struct nvk_image *image, VkOffset3D offset,
                                           uint32_t base_layer);

#endif /* NVK_IMAGE_H */
