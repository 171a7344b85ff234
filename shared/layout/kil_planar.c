/* SPDX-License-Identifier: MIT */
#include "layout/kil_planar.h"

#include <string.h>

#include "util/macros.h"

struct kil_extent4d_px
kil_plane_extent_px(enum kil_format format, uint32_t plane,
                    struct kil_extent4d_px extent_px)
{
   const struct kil_plane_desc p = kil_format_plane(format, plane);
   if (p.format == KIL_FORMAT_NONE)
      return (struct kil_extent4d_px){0, 0, 0, 0};
   return kil_extent4d_px(DIV_ROUND_UP(extent_px.width, p.width_div),
                          DIV_ROUND_UP(extent_px.height, p.height_div), extent_px.depth,
                          extent_px.array_len);
}

static enum kil_result
check_info(const struct kil_image_info *info)
{
   if (!kil_format_is_multi_planar(info->format))
      return KIL_ERROR_UNSUPPORTED_FORMAT;
   if (info->dim != KIL_IMAGE_DIM_2D || info->extent_px.depth != 1)
      return KIL_ERROR_INVALID_IMAGE_INFO;
   if (info->levels != 1 || info->samples != 1)
      return KIL_ERROR_UNSUPPORTED_IMAGE;
   /* Vulkan 1.3, VkImageCreateInfo VUIDs 04712/04713: a _422 or _420
    * image's width, and a _420 image's height, are even: every chroma
    * texel covers whole luma texels. */
   for (uint32_t p = 0; p < kil_format_plane_count(info->format); p++) {
      const struct kil_plane_desc pd = kil_format_plane(info->format, p);
      if (info->extent_px.width % pd.width_div != 0 ||
          info->extent_px.height % pd.height_div != 0)
         return KIL_ERROR_INVALID_IMAGE_INFO;
   }
   return KIL_SUCCESS;
}

/* Both constructors: plane p laid out by kil_image_init, or by the
 * modifier (with its explicit layout if `planes`). */
static enum kil_result
init_planes(const struct kiln_device_info *dev, const struct kil_image_info *info,
            const uint64_t *modifier, const struct kil_plane_layout *planes,
            struct kil_planar_image *image)
{
   memset(image, 0, sizeof(*image));
   enum kil_result r = check_info(info);
   if (r != KIL_SUCCESS)
      return r;

   image->format = info->format;
   image->plane_count = kil_format_plane_count(info->format);
   uint64_t end_B = 0;
   for (uint32_t p = 0; p < image->plane_count; p++) {
      struct kil_image_info pi = *info;
      pi.format = kil_format_plane(info->format, p).format;
      pi.extent_px = kil_plane_extent_px(info->format, p, info->extent_px);
      r = modifier
             ? kil_image_init_modifier(dev, &pi, *modifier, planes ? &planes[p] : NULL,
                                       &image->planes[p])
             : kil_image_init(dev, &pi, &image->planes[p]);
      if (r != KIL_SUCCESS)
         goto fail;
      const uint64_t align_B = image->planes[p].align_B;
      if (end_B > UINT64_MAX - align_B) {
         r = KIL_ERROR_OVERFLOW;
         goto fail;
      }
      /* Explicit planes are where their layouts say; the image ends with
       * the plane that ends last. */
      image->plane_offset_B[p] = planes ? planes[p].offset_B : ALIGN_POT(end_B, align_B);
      uint64_t plane_end_B;
      if (__builtin_add_overflow(image->plane_offset_B[p], image->planes[p].size_B,
                                 &plane_end_B)) {
         r = planes ? KIL_ERROR_PLANE_TOO_LARGE : KIL_ERROR_OVERFLOW;
         goto fail;
      }
      end_B = MAX2(end_B, plane_end_B);
      image->align_B = MAX2(image->align_B, image->planes[p].align_B);
   }
   image->size_B = end_B;
   return KIL_SUCCESS;

fail:
   memset(image, 0, sizeof(*image));
   return r;
}

enum kil_result
kil_planar_image_init(const struct kiln_device_info *dev,
                      const struct kil_image_info *info, struct kil_planar_image *image)
{
   return init_planes(dev, info, NULL, NULL, image);
}

enum kil_result
kil_planar_image_init_modifier(const struct kiln_device_info *dev,
                               const struct kil_image_info *info, uint64_t modifier,
                               const struct kil_plane_layout *planes,
                               uint32_t plane_count, struct kil_planar_image *image)
{
   memset(image, 0, sizeof(*image));
   if (planes && plane_count != kil_format_plane_count(info->format))
      return KIL_ERROR_INVALID_IMAGE_INFO;
   return init_planes(dev, info, &modifier, planes, image);
}
