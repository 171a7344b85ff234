/* SPDX-License-Identifier: MIT */
/*
 * Images: optimal tiling, device-local memory, VK_IMAGE_LAYOUT_GENERAL from
 * the first command that touches them to their end (every use Vulkan has
 * is valid in GENERAL, so zkv never tracks layouts).
 */
#include <stdlib.h>

#include "zkv_private.h"

VkImageSubresourceRange
zkv_image_range(const struct zkv_image *image, VkImageAspectFlags aspects, uint32_t level,
                uint32_t levels, uint32_t layer, uint32_t layers)
{
   (void)image;
   return (VkImageSubresourceRange){aspects, level, levels, layer, layers};
}

static VkImageUsageFlags
usage_from_features(const struct zkv_image_desc *d, VkFormatFeatureFlags f)
{
   VkImageUsageFlags u = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   if (f & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)
      u |= VK_IMAGE_USAGE_SAMPLED_BIT;
   if (f & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)
      u |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   if (f & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)
      u |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
   if ((f & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) && d->samples <= VK_SAMPLE_COUNT_1_BIT)
      u |= VK_IMAGE_USAGE_STORAGE_BIT;
   return u;
}

static void
image_release(struct zkv_ref *ref)
{
   struct zkv_image *img = (struct zkv_image *)ref;
   vkDestroyImage(img->screen->dev, img->image, NULL);
   zkv_memory_free(img->screen, &img->alloc);
   free(img);
}

struct zkv_image *
zkv_image_create(struct zkv_screen *screen, const struct zkv_image_desc *desc, VkResult *result)
{
   struct zkv_image_desc d = *desc;
   if (d.samples == 0)
      d.samples = VK_SAMPLE_COUNT_1_BIT;
   if (!d.depth)
      d.depth = 1;
   if (!d.height)
      d.height = 1;
   if (!d.layers)
      d.layers = 1;
   if (!d.levels)
      d.levels = 1;
   const VkFormatFeatureFlags features = zkv_format_features(screen, d.format);
   if (!features) {
      *result = VK_ERROR_FORMAT_NOT_SUPPORTED;
      return NULL;
   }
   VkImageCreateFlags flags = 0;
   if (d.cube)
      flags |= VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
   if (d.mutable_format)
      flags |= VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
   VkImageUsageFlags usage = d.usage ? d.usage : usage_from_features(&d, features);
   if (d.type == VK_IMAGE_TYPE_3D && (usage & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT))
      flags |= VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT;
   if (!d.usage) {
      /* Storage has the narrowest limits; some devices render multisampled
       * images they cannot sample (kiln): drop usages until one fits. */
      const VkImageUsageFlags tries[] = {
         usage, usage & ~VK_IMAGE_USAGE_STORAGE_BIT,
         usage & ~(VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT)};
      bool found = false;
      for (unsigned i = 0; i < 3 && !found; i++) {
         found = zkv_image_format_supported(screen, d.type, d.format, tries[i], flags,
                                            d.samples, NULL);
         if (found)
            usage = tries[i];
      }
      if (!found) {
         *result = VK_ERROR_FORMAT_NOT_SUPPORTED;
         return NULL;
      }
   }
   d.usage = usage;
   /* Sizes the device cannot hold are refused here, not by a crash in the
    * driver (vkCreateImage's limits are valid-usage rules). */
   VkImageFormatProperties limits;
   if (!zkv_image_format_supported(screen, d.type, d.format, usage, flags, d.samples, &limits) ||
       d.width > limits.maxExtent.width || d.height > limits.maxExtent.height ||
       d.depth > limits.maxExtent.depth || d.layers > limits.maxArrayLayers ||
       d.levels > limits.maxMipLevels || (d.cube && (d.layers % 6 || d.width != d.height)) ||
       (d.type == VK_IMAGE_TYPE_1D && (d.height != 1 || d.depth != 1)) ||
       (d.type == VK_IMAGE_TYPE_2D && d.depth != 1) ||
       (d.type == VK_IMAGE_TYPE_3D && d.layers != 1) ||
       (d.samples > VK_SAMPLE_COUNT_1_BIT && (d.levels != 1 || d.type != VK_IMAGE_TYPE_2D))) {
      *result = VK_ERROR_FORMAT_NOT_SUPPORTED;
      return NULL;
   }
   {
      /* levels beyond the mip chain of the largest dimension */
      uint32_t max = d.width > d.height ? d.width : d.height;
      max = max > d.depth ? max : d.depth;
      uint32_t chain = 1;
      while (max > 1) {
         max >>= 1;
         chain++;
      }
      if (d.levels > chain) {
         *result = VK_ERROR_FORMAT_NOT_SUPPORTED;
         return NULL;
      }
   }

   struct zkv_image *img = calloc(1, sizeof(*img));
   if (!img) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   const VkImageCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .flags = flags,
      .imageType = d.type,
      .format = d.format,
      .extent = {d.width, d.height, d.depth},
      .mipLevels = d.levels,
      .arrayLayers = d.layers,
      .samples = d.samples,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = usage,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   *result = vkCreateImage(screen->dev, &info, NULL, &img->image);
   if (*result != VK_SUCCESS) {
      free(img);
      return NULL;
   }
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(screen->dev, img->image, &req);
   *result = zkv_memory_alloc(screen, &req, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, &img->alloc);
   if (*result == VK_SUCCESS)
      *result = vkBindImageMemory(screen->dev, img->image, img->alloc.memory, img->alloc.offset_B);
   if (*result != VK_SUCCESS) {
      vkDestroyImage(screen->dev, img->image, NULL);
      zkv_memory_free(screen, &img->alloc);
      free(img);
      return NULL;
   }
   zkv_ref_init(&img->ref, image_release);
   img->screen = screen;
   img->desc = d;
   img->aspects = zkv_format_aspects(d.format);
   atomic_init(&img->initialized, false);
   return img;
}

void
zkv_image_destroy(struct zkv_image *image)
{
   if (image)
      zkv_ref_put(&image->ref);
}

const struct zkv_image_desc *
zkv_image_get_desc(const struct zkv_image *image)
{
   return &image->desc;
}

VkImage
zkv_image_handle(const struct zkv_image *image)
{
   return image->image;
}
