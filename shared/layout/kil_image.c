/* SPDX-License-Identifier: MIT */
#include "layout/kil_image.h"

#include <string.h>

#include "util/macros.h"

/* Far above any Vulkan limit, low enough that a row of elements (at most
 * 32 B each) fits in 31 bits and every intermediate fits in 64. */
#define KIL_MAX_DIMENSION (1u << 24)
#define KIL_MAX_ROW_B     (1ull << 31)

enum kil_result
kil_device_check(const struct kiln_device_info *dev)
{
   if (!dev)
      return KIL_ERROR_UNSUPPORTED_DEVICE;
   if (dev->gob_width_B != KIL_GOB_WIDTH_B || dev->gob_height_rows != KIL_GOB_HEIGHT ||
       dev->gob_depth != 1)
      return KIL_ERROR_UNSUPPORTED_DEVICE;
   /* The in-GOB order (kil_gob.h) is the Turing+ desktop one only. */
   if (dev->gob_kind != KILN_GOB_KIND_TURING ||
       dev->sector_layout != KILN_SECTOR_LAYOUT_DESKTOP)
      return KIL_ERROR_UNSUPPORTED_DEVICE;
   if ((dev->block_height_log2_mask & BITFIELD_MASK(KIL_MAX_BLOCK_LOG2 + 1)) == 0 ||
       dev->max_block_depth_log2 > KIL_MAX_BLOCK_LOG2)
      return KIL_ERROR_UNSUPPORTED_DEVICE;
   if (!util_is_power_of_two(dev->linear_pitch_align_B) ||
       dev->linear_pitch_align_B > 4096)
      return KIL_ERROR_UNSUPPORTED_DEVICE;
   return KIL_SUCCESS;
}

uint8_t
kil_choose_block_height_log2(const struct kiln_device_info *dev, uint32_t height)
{
   const uint32_t gobs = DIV_ROUND_UP(MAX2(height, 1u), KIL_GOB_HEIGHT);
   const unsigned want = MIN2(util_logbase2_ceil(gobs), KIL_MAX_BLOCK_LOG2);
   const uint32_t mask =
      dev->block_height_log2_mask & BITFIELD_MASK(KIL_MAX_BLOCK_LOG2 + 1);

   /* The tallest allowed block that does not overshoot the image; if the
    * device allows none that short, its shortest. */
   for (int h = (int)want; h >= 0; h--) {
      if (mask & (1u << h))
         return (uint8_t)h;
   }
   return mask ? (uint8_t)__builtin_ctz(mask) : 0;
}

static struct kil_extent4d_px
level_extent_px(enum kil_image_dim dim, struct kil_extent4d_px ext, uint32_t level)
{
   return (struct kil_extent4d_px){
      .width = MAX2(ext.width >> level, 1u),
      .height = dim == KIL_IMAGE_DIM_1D ? 1 : MAX2(ext.height >> level, 1u),
      .depth = dim == KIL_IMAGE_DIM_3D ? MAX2(ext.depth >> level, 1u) : 1,
      .array_len = ext.array_len,
   };
}

static enum kil_result
check_info(const struct kil_image_info *info, enum kil_sample_layout *sample_layout)
{
   const struct kil_format_desc *fmt = kil_format_desc(info->format);
   /* Multi-planar formats are laid out plane by plane (kil_planar.h). */
   if (!fmt || (fmt->flags & KIL_FORMAT_FLAG_MULTI_PLANAR))
      return KIL_ERROR_UNSUPPORTED_FORMAT;

   const struct kil_extent4d_px e = info->extent_px;
   if (info->dim > KIL_IMAGE_DIM_3D || info->tiling > KIL_IMAGE_TILING_LINEAR)
      return KIL_ERROR_INVALID_IMAGE_INFO;
   if (info->usage & ~(uint32_t)(KIL_IMAGE_USAGE_2D_VIEW | KIL_IMAGE_USAGE_CUBE))
      return KIL_ERROR_INVALID_IMAGE_INFO;
   if (e.width == 0 || e.height == 0 || e.depth == 0 || e.array_len == 0)
      return KIL_ERROR_INVALID_IMAGE_INFO;
   if (e.width > KIL_MAX_DIMENSION || e.height > KIL_MAX_DIMENSION ||
       e.depth > KIL_MAX_DIMENSION || e.array_len > KIL_MAX_DIMENSION)
      return KIL_ERROR_OVERFLOW;
   if (info->dim == KIL_IMAGE_DIM_1D && (e.height != 1 || e.depth != 1))
      return KIL_ERROR_INVALID_IMAGE_INFO;
   if (info->dim == KIL_IMAGE_DIM_2D && e.depth != 1)
      return KIL_ERROR_INVALID_IMAGE_INFO;
   if (info->dim == KIL_IMAGE_DIM_3D && e.array_len != 1)
      return KIL_ERROR_INVALID_IMAGE_INFO;

   const uint32_t max_dim = MAX3(e.width, e.height, e.depth);
   const uint32_t max_levels = util_logbase2(max_dim) + 1;
   if (info->levels == 0 || info->levels > max_levels || info->levels > KIL_MAX_LEVELS)
      return KIL_ERROR_INVALID_IMAGE_INFO;

   *sample_layout = kil_sample_layout_for_samples(info->samples);
   if (*sample_layout == KIL_SAMPLE_LAYOUT_INVALID)
      return KIL_ERROR_INVALID_IMAGE_INFO;

   if ((info->usage & KIL_IMAGE_USAGE_CUBE) &&
       (info->dim != KIL_IMAGE_DIM_2D || e.width != e.height || e.array_len % 6 != 0))
      return KIL_ERROR_INVALID_IMAGE_INFO;
   if ((info->usage & KIL_IMAGE_USAGE_2D_VIEW) && info->dim != KIL_IMAGE_DIM_3D)
      return KIL_ERROR_INVALID_IMAGE_INFO;

   if (info->samples > 1) {
      /* Vulkan allows multisampling only for single-level 2D images; we
       * also keep it out of LINEAR (no one can share it) and compressed. */
      if (info->dim != KIL_IMAGE_DIM_2D || info->levels != 1 ||
          (info->usage & KIL_IMAGE_USAGE_CUBE))
         return KIL_ERROR_INVALID_IMAGE_INFO;
      if (info->tiling == KIL_IMAGE_TILING_LINEAR || fmt->compression)
         return KIL_ERROR_UNSUPPORTED_IMAGE;
   }

   if (info->tiling == KIL_IMAGE_TILING_OPTIMAL &&
       !kil_format_supports_block_linear(info->format))
      return KIL_ERROR_UNSUPPORTED_FORMAT;
   return KIL_SUCCESS;
}

/* Fills levels, array stride, size and alignment from the image's tiling.
 * `explicit_pitch_B` != 0 only for single-level explicit layouts. */
static enum kil_result
layout_levels(const struct kiln_device_info *dev, struct kil_image *img,
              struct kil_tiling tiling0, uint32_t explicit_pitch_B)
{
   const uint32_t el_B = kil_format_el_size_B(img->format);
   uint64_t offset_B = 0;

   for (uint32_t l = 0; l < img->num_levels; l++) {
      const struct kil_extent4d_el ext_el = kil_image_level_extent_el(img, l);
      const uint64_t row_B = (uint64_t)ext_el.width * el_B;
      if (row_B > KIL_MAX_ROW_B)
         return KIL_ERROR_OVERFLOW;
      const struct kil_extent4d_B ext_B = kil_extent4d_el_to_B(ext_el, img->format);

      struct kil_tiling t = tiling0;
      uint64_t pitch_B, rows, slices;
      if (tiling0.is_tiled) {
         /* Clamped at every level, level 0 included, even when the tiling
          * came from a modifier: the hardware auto-sizes blocks to the level
          * (envytools g80-surface.rst), so a 16-row image named with h = 5
          * is stored with 2-GOB blocks by whoever wrote it. */
         t = kil_tiling_clamp(tiling0, ext_B);
         const struct kil_extent4d_B aligned = kil_tiling_align_extent_B(t, ext_B);
         pitch_B = explicit_pitch_B ? explicit_pitch_B : aligned.width;
         rows = aligned.height;
         slices = aligned.depth;
      } else {
         pitch_B = explicit_pitch_B
                      ? explicit_pitch_B
                      : ALIGN_POT(row_B, (uint64_t)dev->linear_pitch_align_B);
         rows = ext_B.height;
         slices = ext_B.depth;
      }

      uint64_t size_B;
      if (pitch_B > UINT32_MAX || __builtin_mul_overflow(pitch_B, rows, &size_B) ||
          __builtin_mul_overflow(size_B, slices, &size_B))
         return KIL_ERROR_OVERFLOW;

      img->levels[l] = (struct kil_image_level){
         .offset_B = offset_B,
         .size_B = size_B,
         .tiling = t,
         .row_pitch_B = (uint32_t)pitch_B,
      };
      if (__builtin_add_overflow(offset_B, size_B, &offset_B))
         return KIL_ERROR_OVERFLOW;
   }

   /* Layers start on a level-0 block so every layer tiles the same way. */
   const struct kil_tiling lvl0_tiling = img->levels[0].tiling;
   uint64_t layer_B = offset_B;
   if (lvl0_tiling.is_tiled) {
      const uint64_t block_B = kil_tiling_block_size_B(lvl0_tiling);
      if (layer_B > UINT64_MAX - block_B)
         return KIL_ERROR_OVERFLOW;
      layer_B = ALIGN_POT(layer_B, block_B);
   }
   img->array_stride_B = layer_B;
   if (__builtin_mul_overflow(layer_B, (uint64_t)img->extent_px.array_len, &img->size_B))
      return KIL_ERROR_OVERFLOW;
   img->align_B = lvl0_tiling.is_tiled ? kil_tiling_block_size_B(lvl0_tiling)
                                       : dev->linear_pitch_align_B;
   return KIL_SUCCESS;
}

static void
init_header(struct kil_image *img, const struct kil_image_info *info,
            enum kil_sample_layout sample_layout)
{
   memset(img, 0, sizeof(*img));
   img->dim = info->dim;
   img->format = info->format;
   img->extent_px = info->extent_px;
   img->sample_layout = sample_layout;
   img->num_levels = info->levels;
   img->usage = info->usage;
}

enum kil_result
kil_image_init(const struct kiln_device_info *dev, const struct kil_image_info *info,
               struct kil_image *image)
{
   memset(image, 0, sizeof(*image));
   enum kil_result r = kil_device_check(dev);
   if (r != KIL_SUCCESS)
      return r;
   enum kil_sample_layout sample_layout;
   r = check_info(info, &sample_layout);
   if (r != KIL_SUCCESS)
      return r;

   init_header(image, info, sample_layout);

   struct kil_tiling tiling = kil_tiling_linear();
   if (info->tiling == KIL_IMAGE_TILING_OPTIMAL) {
      const struct kil_extent4d_el ext0 = kil_image_level_extent_el(image, 0);
      uint8_t z_log2 = 0;
      if (!(info->usage & KIL_IMAGE_USAGE_2D_VIEW)) {
         z_log2 = (uint8_t)MIN2(util_logbase2_ceil(ext0.depth),
                                (unsigned)dev->max_block_depth_log2);
      }
      tiling =
         kil_tiling_block_linear(kil_choose_block_height_log2(dev, ext0.height), z_log2);
   }
   image->tiling = tiling;

   r = layout_levels(dev, image, tiling, 0);
   if (r != KIL_SUCCESS)
      memset(image, 0, sizeof(*image));
   return r;
}

enum kil_result
kil_image_init_explicit(const struct kiln_device_info *dev,
                        const struct kil_image_info *info, struct kil_tiling tiling,
                        uint32_t row_pitch_B, struct kil_image *image)
{
   memset(image, 0, sizeof(*image));
   enum kil_result r = kil_device_check(dev);
   if (r != KIL_SUCCESS)
      return r;

   /* The tiling named by the caller replaces kil's choice. */
   struct kil_image_info i = *info;
   i.tiling = tiling.is_tiled ? KIL_IMAGE_TILING_OPTIMAL : KIL_IMAGE_TILING_LINEAR;
   enum kil_sample_layout sample_layout;
   r = check_info(&i, &sample_layout);
   if (r != KIL_SUCCESS)
      return r;
   if (i.levels != 1)
      return KIL_ERROR_INVALID_IMAGE_INFO;
   if (tiling.is_tiled &&
       (tiling.y_log2 > KIL_MAX_BLOCK_LOG2 ||
        !(dev->block_height_log2_mask & (1u << tiling.y_log2)) || tiling.z_log2 != 0))
      return KIL_ERROR_MODIFIER_BLOCK_HEIGHT;
   if (!tiling.is_tiled && (tiling.y_log2 || tiling.z_log2))
      return KIL_ERROR_INVALID_IMAGE_INFO;

   init_header(image, &i, sample_layout);
   image->tiling = tiling;

   if (row_pitch_B != 0) {
      const struct kil_extent4d_el ext_el = kil_image_level_extent_el(image, 0);
      const uint64_t row_B = (uint64_t)ext_el.width * kil_format_el_size_B(i.format);
      const uint64_t min_pitch_B =
         tiling.is_tiled ? ALIGN_POT(row_B, (uint64_t)KIL_GOB_WIDTH_B) : row_B;
      if (row_pitch_B % KIL_GOB_WIDTH_B != 0) {
         r = KIL_ERROR_PLANE_PITCH_ALIGN;
         goto fail;
      }
      if (row_pitch_B < min_pitch_B) {
         r = KIL_ERROR_PLANE_PITCH_TOO_SMALL;
         goto fail;
      }
   }

   r = layout_levels(dev, image, tiling, row_pitch_B);
   if (r == KIL_ERROR_OVERFLOW && row_pitch_B != 0)
      r = KIL_ERROR_PLANE_TOO_LARGE;
   if (r == KIL_SUCCESS)
      return r;
fail:
   memset(image, 0, sizeof(*image));
   return r;
}

struct kil_extent4d_px
kil_image_level_extent_px(const struct kil_image *image, uint32_t level)
{
   if (level >= image->num_levels)
      return (struct kil_extent4d_px){0, 0, 0, 0};
   return level_extent_px(image->dim, image->extent_px, level);
}

struct kil_extent4d_el
kil_image_level_extent_el(const struct kil_image *image, uint32_t level)
{
   if (level >= image->num_levels)
      return (struct kil_extent4d_el){0, 0, 0, 0};
   return kil_extent4d_px_to_el(kil_image_level_extent_px(image, level), image->format,
                                image->sample_layout);
}

struct kil_extent4d_B
kil_image_level_extent_B(const struct kil_image *image, uint32_t level)
{
   return kil_extent4d_el_to_B(kil_image_level_extent_el(image, level), image->format);
}

enum kil_result
kil_image_3d_level_as_2d_array(const struct kil_image *image, uint32_t level,
                               struct kil_image *view, uint64_t *offset_B)
{
   memset(view, 0, sizeof(*view));
   if (level >= image->num_levels)
      return KIL_ERROR_OUT_OF_BOUNDS;
   if (image->dim != KIL_IMAGE_DIM_3D)
      return KIL_ERROR_INVALID_IMAGE_INFO;
   const struct kil_image_level *lvl = &image->levels[level];
   /* With blocks more than one GOB deep, a slice's GOBs interleave with its
    * neighbours' and no 2D layout describes it. */
   if (lvl->tiling.z_log2 != 0)
      return KIL_ERROR_UNSUPPORTED_IMAGE;

   const struct kil_extent4d_px ext = kil_image_level_extent_px(image, level);
   const uint64_t slice_B = lvl->size_B / ext.depth;

   view->dim = KIL_IMAGE_DIM_2D;
   view->format = image->format;
   view->extent_px = kil_extent4d_px(ext.width, ext.height, 1, ext.depth);
   view->sample_layout = image->sample_layout;
   view->num_levels = 1;
   view->tiling = lvl->tiling;
   view->levels[0] = (struct kil_image_level){
      .offset_B = 0,
      .size_B = slice_B,
      .tiling = lvl->tiling,
      .row_pitch_B = lvl->row_pitch_B,
   };
   view->array_stride_B = slice_B;
   view->size_B = lvl->size_B;
   view->align_B = image->align_B;
   *offset_B = lvl->offset_B;
   return KIL_SUCCESS;
}

enum kil_result
kil_image_level_as_uncompressed(const struct kil_image *image, uint32_t level,
                                struct kil_image *view, uint64_t *offset_B)
{
   memset(view, 0, sizeof(*view));
   if (level >= image->num_levels)
      return KIL_ERROR_OUT_OF_BOUNDS;
   if (image->sample_layout != KIL_SAMPLE_LAYOUT_1X1)
      return KIL_ERROR_UNSUPPORTED_IMAGE;
   const enum kil_format fmt =
      kil_format_uint_for_el_size(kil_format_el_size_B(image->format));
   if (fmt == KIL_FORMAT_NONE)
      return KIL_ERROR_UNSUPPORTED_FORMAT;

   const struct kil_image_level *lvl = &image->levels[level];
   const struct kil_extent4d_el ext = kil_image_level_extent_el(image, level);

   view->dim = image->dim;
   view->format = fmt;
   view->extent_px = kil_extent4d_px(ext.width, ext.height, ext.depth, ext.array_len);
   view->sample_layout = KIL_SAMPLE_LAYOUT_1X1;
   view->num_levels = 1;
   view->usage = image->usage & KIL_IMAGE_USAGE_2D_VIEW;
   view->tiling = lvl->tiling;
   view->levels[0] = *lvl;
   view->levels[0].offset_B = 0;
   view->array_stride_B = image->array_stride_B;
   view->size_B = image->array_stride_B * (ext.array_len - 1) + lvl->size_B;
   view->align_B = image->align_B;
   *offset_B = lvl->offset_B;
   return KIL_SUCCESS;
}
