/* SPDX-License-Identifier: MIT */
#include "layout/kil_modifier.h"

#include <string.h>

#include "util/macros.h"

/* The bit layout of DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D, re-derived from
 * drm_fourcc.h's table (the unit test checks it against the macro). */
#define MOD_VENDOR_SHIFT 56
#define MOD_H_MASK       0xfull
#define MOD_BLOCK_LINEAR (1ull << 4)
#define MOD_K_SHIFT      12
#define MOD_G_SHIFT      20
#define MOD_S_SHIFT      22
#define MOD_C_SHIFT      23
/* Bits 5..8 (future log2 depth), 9..11 (future array stride), 26..55. */
#define MOD_RESERVED_MASK ((0x7full << 5) | (BITFIELD64_MASK(30) << 26))

/* The legacy page kind 0 means 0xfe (drm_fourcc.h). */
#define MOD_LEGACY_KIND 0xfe

uint64_t
kil_modifier_block_linear(struct kil_modifier_fields f)
{
   return ((uint64_t)DRM_FORMAT_MOD_VENDOR_NVIDIA << MOD_VENDOR_SHIFT) |
          MOD_BLOCK_LINEAR | (f.h & MOD_H_MASK) | ((uint64_t)f.k << MOD_K_SHIFT) |
          ((uint64_t)(f.g & 0x3) << MOD_G_SHIFT) |
          ((uint64_t)(f.s & 0x1) << MOD_S_SHIFT) | ((uint64_t)(f.c & 0x7) << MOD_C_SHIFT);
}

enum kil_result
kil_modifier_decode(uint64_t modifier, struct kil_modifier_fields *f)
{
   memset(f, 0, sizeof(*f));
   if ((modifier >> MOD_VENDOR_SHIFT) != DRM_FORMAT_MOD_VENDOR_NVIDIA)
      return KIL_ERROR_MODIFIER_VENDOR;
   if (!(modifier & MOD_BLOCK_LINEAR))
      return KIL_ERROR_MODIFIER_NOT_BLOCK_LINEAR;
   if (modifier & MOD_RESERVED_MASK)
      return KIL_ERROR_MODIFIER_RESERVED_BITS;
   f->h = modifier & MOD_H_MASK;
   f->k = (modifier >> MOD_K_SHIFT) & 0xff;
   f->g = (modifier >> MOD_G_SHIFT) & 0x3;
   f->s = (modifier >> MOD_S_SHIFT) & 0x1;
   f->c = (modifier >> MOD_C_SHIFT) & 0x7;
   return KIL_SUCCESS;
}

uint64_t
kil_modifier_canonicalize(uint64_t modifier)
{
   /* Unlike drm_fourcc.h's helper we look at the vendor first: another
    * vendor's modifier with bit 4 set is not ours to rewrite. */
   if ((modifier >> MOD_VENDOR_SHIFT) != DRM_FORMAT_MOD_VENDOR_NVIDIA ||
       !(modifier & MOD_BLOCK_LINEAR) || (modifier & (0xffull << MOD_K_SHIFT)))
      return modifier;
   return modifier | ((uint64_t)MOD_LEGACY_KIND << MOD_K_SHIFT);
}

static struct kil_modifier_fields
device_fields(const struct kiln_device_info *dev, uint8_t h)
{
   /* drm_fourcc.h's g: 0 = Fermi-Volta and Tegra K1+, 1 = G80-GT2xx (4-row
    * GOBs), 2 = Turing+. kil_device_check admits Turing+ only. */
   return (struct kil_modifier_fields){
      .c = 0,
      .s = dev->sector_layout == KILN_SECTOR_LAYOUT_DESKTOP ? 1 : 0,
      .g = dev->gob_kind == KILN_GOB_KIND_TURING ? 2 : 0,
      .k = dev->page_kind_generic,
      .h = h,
   };
}

uint64_t
kil_modifier_for_block_height(const struct kiln_device_info *dev, uint8_t h)
{
   return kil_modifier_block_linear(device_fields(dev, h));
}

/* Formats we share with modifiers: colour, not block-compressed; a
 * multi-planar format if all its planes are (one memory plane per format
 * plane, each laid out as the modifier says: kil_planar.h). */
static bool
format_shareable(enum kil_format format)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   if (d && (d->flags & KIL_FORMAT_FLAG_MULTI_PLANAR)) {
      for (uint32_t p = 0; p < d->plane_count; p++) {
         if (!format_shareable(d->planes[p].format))
            return false;
      }
      return true;
   }
   return d && d->aspects == KIL_ASPECT_COLOR && d->compression == KIL_COMPRESSION_NONE;
}

/* Block-linear for every plane. */
static bool
format_block_linear(enum kil_format format)
{
   const uint32_t planes = kil_format_plane_count(format);
   if (planes == 0)
      return false;
   for (uint32_t p = 0; p < planes; p++) {
      if (!kil_format_supports_block_linear(kil_format_plane(format, p).format))
         return false;
   }
   return true;
}

enum kil_result
kil_modifier_check(const struct kiln_device_info *dev, enum kil_format format,
                   uint64_t modifier, struct kil_tiling *tiling)
{
   enum kil_result r = kil_device_check(dev);
   if (r != KIL_SUCCESS)
      return r;

   if (modifier == DRM_FORMAT_MOD_LINEAR) {
      if (!format_shareable(format))
         return KIL_ERROR_MODIFIER_FORMAT;
      if (tiling)
         *tiling = kil_tiling_linear();
      return KIL_SUCCESS;
   }

   struct kil_modifier_fields f;
   r = kil_modifier_decode(kil_modifier_canonicalize(modifier), &f);
   if (r != KIL_SUCCESS)
      return r;

   const struct kil_modifier_fields ours = device_fields(dev, 0);
   if (f.c != 0)
      return KIL_ERROR_MODIFIER_COMPRESSION;
   if (f.s != ours.s)
      return KIL_ERROR_MODIFIER_SECTOR_LAYOUT;
   if (f.g != ours.g)
      return KIL_ERROR_MODIFIER_GOB_KIND;
   if (f.k != ours.k)
      return KIL_ERROR_MODIFIER_PAGE_KIND;
   if (f.h > KIL_MAX_BLOCK_LOG2 || !(dev->block_height_log2_mask & (1u << f.h)))
      return KIL_ERROR_MODIFIER_BLOCK_HEIGHT;
   if (!format_shareable(format) || !format_block_linear(format))
      return KIL_ERROR_MODIFIER_FORMAT;

   if (tiling)
      *tiling = kil_tiling_block_linear(f.h, 0);
   return KIL_SUCCESS;
}

uint32_t
kil_modifiers_for_format(const struct kiln_device_info *dev, enum kil_format format,
                         uint64_t *modifiers, uint32_t max)
{
   if (kil_device_check(dev) != KIL_SUCCESS || !format_shareable(format))
      return 0;

   uint32_t n = 0;
   if (format_block_linear(format)) {
      for (int h = KIL_MAX_BLOCK_LOG2; h >= 0; h--) {
         if (!(dev->block_height_log2_mask & (1u << h)))
            continue;
         if (n < max)
            modifiers[n] = kil_modifier_for_block_height(dev, (uint8_t)h);
         n++;
      }
   }
   if (n < max)
      modifiers[n] = DRM_FORMAT_MOD_LINEAR;
   return n + 1;
}

static bool
info_shareable(const struct kil_image_info *info)
{
   return info->dim == KIL_IMAGE_DIM_2D && info->levels == 1 && info->samples == 1 &&
          info->extent_px.depth == 1 && info->extent_px.array_len == 1 &&
          info->usage == 0;
}

uint64_t
kil_modifier_select(const struct kiln_device_info *dev, const struct kil_image_info *info,
                    const uint64_t *modifiers, uint32_t count)
{
   if (kil_device_check(dev) != KIL_SUCCESS || !info_shareable(info) ||
       !kil_format_is_valid(info->format))
      return DRM_FORMAT_MOD_INVALID;

   const struct kil_extent4d_el ext =
      kil_extent4d_px_to_el(info->extent_px, info->format, KIL_SAMPLE_LAYOUT_1X1);
   const int natural_h = kil_choose_block_height_log2(dev, ext.height);

   /* Scores: the natural block height beats a shorter one (the taller the
    * better), a shorter one beats a taller one (the shorter the better: less
    * padding), and any block-linear beats LINEAR. */
   uint64_t best = DRM_FORMAT_MOD_INVALID;
   int best_score = 0;
   for (uint32_t i = 0; i < count; i++) {
      struct kil_tiling t;
      if (kil_modifier_check(dev, info->format, modifiers[i], &t) != KIL_SUCCESS)
         continue;
      int score;
      if (!t.is_tiled)
         score = 1;
      else if (t.y_log2 == natural_h)
         score = 100;
      else if (t.y_log2 < natural_h)
         score = 50 + t.y_log2;
      else
         score = 40 - t.y_log2;
      if (score > best_score) {
         best_score = score;
         best = modifiers[i];
      }
   }
   return best;
}

enum kil_result
kil_image_init_modifier(const struct kiln_device_info *dev,
                        const struct kil_image_info *info, uint64_t modifier,
                        const struct kil_plane_layout *plane, struct kil_image *image)
{
   memset(image, 0, sizeof(*image));
   struct kil_tiling tiling;
   enum kil_result r = kil_modifier_check(dev, info->format, modifier, &tiling);
   if (r != KIL_SUCCESS)
      return r;
   if (!info_shareable(info))
      return KIL_ERROR_MODIFIER_IMAGE;

   if (!plane)
      return kil_image_init_explicit(dev, info, tiling, 0, image);

   /* A block-linear plane starts on a GOB (envytools: tiled surfaces are
    * aligned to the roptile size, 0x200 on Fermi+); a pitch-linear one on
    * 64 B, as pitch surfaces are. */
   const uint64_t offset_align_B = tiling.is_tiled ? KIL_GOB_SIZE_B : KIL_GOB_WIDTH_B;
   if (plane->offset_B % offset_align_B != 0)
      return KIL_ERROR_PLANE_OFFSET_ALIGN;
   if (plane->row_pitch_B % KIL_GOB_WIDTH_B != 0)
      return KIL_ERROR_PLANE_PITCH_ALIGN;
   if (plane->row_pitch_B == 0)
      return KIL_ERROR_PLANE_PITCH_TOO_SMALL;
   if (plane->row_pitch_B > UINT32_MAX)
      return KIL_ERROR_PLANE_TOO_LARGE;

   r = kil_image_init_explicit(dev, info, tiling, (uint32_t)plane->row_pitch_B, image);
   if (r != KIL_SUCCESS)
      return r;
   if (plane->size_B != 0 && plane->size_B < image->size_B) {
      memset(image, 0, sizeof(*image));
      return KIL_ERROR_PLANE_SIZE_TOO_SMALL;
   }
   return KIL_SUCCESS;
}

uint64_t
kil_image_modifier(const struct kiln_device_info *dev, const struct kil_image *image)
{
   if (kil_device_check(dev) != KIL_SUCCESS || image->dim != KIL_IMAGE_DIM_2D ||
       image->num_levels != 1 || image->sample_layout != KIL_SAMPLE_LAYOUT_1X1 ||
       image->extent_px.array_len != 1 || !format_shareable(image->format))
      return DRM_FORMAT_MOD_INVALID;
   if (!image->tiling.is_tiled)
      return DRM_FORMAT_MOD_LINEAR;
   if (image->tiling.z_log2 != 0 ||
       !(dev->block_height_log2_mask & (1u << image->tiling.y_log2)))
      return DRM_FORMAT_MOD_INVALID;
   return kil_modifier_for_block_height(dev, image->tiling.y_log2);
}

struct kil_plane_layout
kil_image_plane_layout(const struct kil_image *image)
{
   return (struct kil_plane_layout){
      .offset_B = 0,
      .row_pitch_B = image->levels[0].row_pitch_B,
      .size_B = image->size_B,
   };
}
