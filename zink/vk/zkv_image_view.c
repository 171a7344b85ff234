/* SPDX-License-Identifier: MIT */
/*
 * Image views. A view has up to two VkImageViews: one for sampling (the
 * GL swizzle, depth or stencil aspect) and one for rendering and storage,
 * which Vulkan wants with the identity swizzle and, for depth/stencil
 * attachments, every aspect.
 */
#include <stdlib.h>

#include "zkv_private.h"

static bool
is_identity(const VkComponentMapping *m)
{
   const VkComponentSwizzle I = VK_COMPONENT_SWIZZLE_IDENTITY;
   return (m->r == I || m->r == VK_COMPONENT_SWIZZLE_R) &&
          (m->g == I || m->g == VK_COMPONENT_SWIZZLE_G) &&
          (m->b == I || m->b == VK_COMPONENT_SWIZZLE_B) &&
          (m->a == I || m->a == VK_COMPONENT_SWIZZLE_A);
}

static VkResult
make_view(struct zkv_screen *s, const struct zkv_image *img, const struct zkv_image_view_desc *d,
          VkImageAspectFlags aspects, VkComponentMapping swz, VkImageUsageFlags usage,
          VkImageView *out)
{
   const VkImageViewUsageCreateInfo ui = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
      .usage = usage,
   };
   const VkImageViewCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .pNext = &ui,
      .image = img->image,
      .viewType = d->type,
      .format = d->format,
      .components = swz,
      .subresourceRange = {aspects, d->base_level, d->levels, d->base_layer, d->layers},
   };
   return vkCreateImageView(s->dev, &info, NULL, out);
}

/* What a view of `format` may be used for, of what the image allows. */
static VkImageUsageFlags
view_usage(struct zkv_screen *s, const struct zkv_image *img, VkFormat format)
{
   const VkFormatFeatureFlags f = zkv_format_features(s, format);
   VkImageUsageFlags u = img->desc.usage;
   if (!(f & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
      u &= ~VK_IMAGE_USAGE_SAMPLED_BIT;
   if (!(f & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
      u &= ~VK_IMAGE_USAGE_STORAGE_BIT;
   if (!(f & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT))
      u &= ~VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   if (!(f & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT))
      u &= ~VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
   return u;
}

static void
view_release(struct zkv_ref *ref)
{
   struct zkv_image_view *v = (struct zkv_image_view *)ref;
   if (v->attachment_view != v->view)
      vkDestroyImageView(v->screen->dev, v->attachment_view, NULL);
   vkDestroyImageView(v->screen->dev, v->view, NULL);
   zkv_image_destroy(v->image);
   free(v);
}

struct zkv_image_view *
zkv_image_view_create(struct zkv_screen *screen, struct zkv_image *image,
                      const struct zkv_image_view_desc *desc, VkResult *result)
{
   struct zkv_image_view_desc d = *desc;
   if (d.format == VK_FORMAT_UNDEFINED)
      d.format = image->desc.format;
   const VkImageAspectFlags all = zkv_format_aspects(d.format);
   if (!d.aspects)
      d.aspects = (all & VK_IMAGE_ASPECT_DEPTH_BIT) ? VK_IMAGE_ASPECT_DEPTH_BIT : all;
   if (!d.levels)
      d.levels = image->desc.levels - d.base_level;
   if (!d.layers)
      d.layers = (image->desc.type == VK_IMAGE_TYPE_3D && d.type != VK_IMAGE_VIEW_TYPE_3D
                     ? image->desc.depth
                     : image->desc.layers) -
                 d.base_layer;
   /* Ranges and types Vulkan would reject (valid-usage rules) are refused. */
   const bool is_3d = image->desc.type == VK_IMAGE_TYPE_3D;
   const uint32_t layer_count =
      is_3d && d.type != VK_IMAGE_VIEW_TYPE_3D ? image->desc.depth : image->desc.layers;
   const bool cube = d.type == VK_IMAGE_VIEW_TYPE_CUBE || d.type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
   if (d.base_level >= image->desc.levels || d.levels > image->desc.levels - d.base_level ||
       d.base_layer >= layer_count || d.layers > layer_count - d.base_layer ||
       (cube && (!image->desc.cube || d.layers % 6)) ||
       (d.type == VK_IMAGE_VIEW_TYPE_CUBE && d.layers != 6) ||
       ((d.type == VK_IMAGE_VIEW_TYPE_1D || d.type == VK_IMAGE_VIEW_TYPE_2D ||
         d.type == VK_IMAGE_VIEW_TYPE_3D) &&
        d.layers != 1) ||
       (d.type == VK_IMAGE_VIEW_TYPE_3D && !is_3d) ||
       (is_3d && d.type != VK_IMAGE_VIEW_TYPE_3D && d.levels != 1) ||
       (d.format != image->desc.format && !image->desc.mutable_format) ||
       (d.aspects & ~all)) {
      *result = VK_ERROR_INITIALIZATION_FAILED;
      return NULL;
   }
   if (zkv_format_block_size_B(d.format) != zkv_format_block_size_B(image->desc.format)) {
      *result = VK_ERROR_FORMAT_NOT_SUPPORTED;
      return NULL;
   }
   struct zkv_image_view *v = calloc(1, sizeof(*v));
   if (!v) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   const VkImageUsageFlags usage = view_usage(screen, image, d.format);
   const VkImageUsageFlags sample_usage = usage & VK_IMAGE_USAGE_SAMPLED_BIT
                                             ? VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT
                                             : usage;
   const bool separate = !is_identity(&d.swizzle) || d.aspects != all;
   *result = make_view(screen, image, &d, d.aspects, d.swizzle, separate ? sample_usage : usage,
                       &v->view);
   if (*result != VK_SUCCESS) {
      free(v);
      return NULL;
   }
   v->attachment_view = v->view;
   const VkImageUsageFlags other = usage & ~VK_IMAGE_USAGE_SAMPLED_BIT;
   if (separate && (other & (VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                             VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
                             VK_IMAGE_USAGE_STORAGE_BIT))) {
      *result = make_view(screen, image, &d, all, (VkComponentMapping){0}, other,
                          &v->attachment_view);
      if (*result != VK_SUCCESS) {
         vkDestroyImageView(screen->dev, v->view, NULL);
         free(v);
         return NULL;
      }
   }
   zkv_ref_init(&v->ref, view_release);
   v->screen = screen;
   v->image = image;
   v->desc = d;
   zkv_ref_get(&image->ref);
   return v;
}

void
zkv_image_view_destroy(struct zkv_image_view *view)
{
   if (view)
      zkv_ref_put(&view->ref);
}

struct zkv_image *
zkv_image_view_image(const struct zkv_image_view *view)
{
   return view->image;
}
