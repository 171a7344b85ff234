/* SPDX-License-Identifier: MIT */
#include "layout/kil_swizzle_priv.h"

#include "util/macros.h"

static bool
box_fits(uint32_t off, uint32_t len, uint32_t size)
{
   return (uint64_t)off + len <= size;
}

enum kil_result
kil_copy_check(const struct kil_image *image, uint32_t level,
               struct kil_offset4d_el offset, struct kil_extent4d_el extent,
               uint64_t image_size_B, const struct kil_buffer_layout *buf_layout,
               struct kil_level_addr *addr, bool *empty)
{
   *empty = false;
   enum kil_result r = kil_level_addr_init(addr, image, level);
   if (r != KIL_SUCCESS)
      return r;

   const struct kil_extent4d_el lvl = addr->extent_el;
   if (!box_fits(offset.x, extent.width, lvl.width) ||
       !box_fits(offset.y, extent.height, lvl.height) ||
       !box_fits(offset.z, extent.depth, lvl.depth) ||
       !box_fits(offset.a, extent.array_len, lvl.array_len))
      return KIL_ERROR_OUT_OF_BOUNDS;
   if (image->size_B > image_size_B)
      return KIL_ERROR_OUT_OF_BOUNDS;

   /* Images come from kil_image_init, but the struct is public: make sure
    * everything this level addresses lies inside size_B, so that no
    * inconsistent struct can send a copy outside the mapping. */
   const struct kil_image_level *layout = &image->levels[level];
   uint64_t level_B; /* what the level's addressing reaches, one layer */
   if (layout->tiling.is_tiled) {
      if (addr->el_size_B == 0 || addr->el_size_B > 16 ||
          (addr->el_size_B & (addr->el_size_B - 1)) ||
          layout->tiling.y_log2 > KIL_MAX_BLOCK_LOG2 ||
          layout->tiling.z_log2 > KIL_MAX_BLOCK_LOG2 ||
          layout->row_pitch_B % KIL_GOB_WIDTH_B != 0 ||
          (uint64_t)lvl.width * addr->el_size_B > layout->row_pitch_B)
         return KIL_ERROR_OUT_OF_BOUNDS;
      const uint64_t blocks_z =
         DIV_ROUND_UP((uint64_t)lvl.depth, 1ull << layout->tiling.z_log2);
      if (__builtin_mul_overflow(addr->slice_stride_B, blocks_z, &level_B))
         return KIL_ERROR_OUT_OF_BOUNDS;
   } else {
      if ((uint64_t)lvl.width * addr->el_size_B > layout->row_pitch_B)
         return KIL_ERROR_OUT_OF_BOUNDS;
      level_B = addr->slice_stride_B * lvl.depth; /* pitch * rows * slices */
   }
   uint64_t image_end_B;
   if (level_B > layout->size_B ||
       __builtin_mul_overflow((uint64_t)(lvl.array_len - 1), image->array_stride_B,
                              &image_end_B) ||
       __builtin_add_overflow(image_end_B, layout->offset_B, &image_end_B) ||
       __builtin_add_overflow(image_end_B, layout->size_B, &image_end_B) ||
       image_end_B > image->size_B)
      return KIL_ERROR_OUT_OF_BOUNDS;

   if (extent.width == 0 || extent.height == 0 || extent.depth == 0 ||
       extent.array_len == 0) {
      *empty = true;
      return KIL_SUCCESS;
   }

   /* One past the last buffer byte the box touches. */
   uint64_t end_B, t;
   if (__builtin_mul_overflow((uint64_t)extent.width, addr->el_size_B, &end_B))
      return KIL_ERROR_OUT_OF_BOUNDS;
   if (__builtin_mul_overflow((uint64_t)(extent.height - 1), buf_layout->row_pitch_B,
                              &t) ||
       __builtin_add_overflow(end_B, t, &end_B))
      return KIL_ERROR_OUT_OF_BOUNDS;
   if (__builtin_mul_overflow((uint64_t)(extent.depth - 1), buf_layout->slice_pitch_B,
                              &t) ||
       __builtin_add_overflow(end_B, t, &end_B))
      return KIL_ERROR_OUT_OF_BOUNDS;
   if (__builtin_mul_overflow((uint64_t)(extent.array_len - 1), buf_layout->layer_pitch_B,
                              &t) ||
       __builtin_add_overflow(end_B, t, &end_B))
      return KIL_ERROR_OUT_OF_BOUNDS;
   if (end_B > buf_layout->size_B)
      return KIL_ERROR_OUT_OF_BOUNDS;
   return KIL_SUCCESS;
}
