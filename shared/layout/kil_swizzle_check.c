/* SPDX-License-Identifier: MIT */
#include "layout/kil_swizzle_priv.h"

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

   if (extent.width == 0 || extent.height == 0 || extent.depth == 0 ||
       extent.array_len == 0) {
      *empty = true;
      return KIL_SUCCESS;
   }

   /* One past the last buffer byte the box touches. */
   uint64_t end_B, t;
   if (__builtin_mul_overflow((uint64_t)extent.width, addr->el_size_B, &end_B))
      return KIL_ERROR_OUT_OF_BOUNDS;
   if (__builtin_mul_overflow((uint64_t)(extent.height - 1), buf_layout->row_pitch_B, &t) ||
       __builtin_add_overflow(end_B, t, &end_B))
      return KIL_ERROR_OUT_OF_BOUNDS;
   if (__builtin_mul_overflow((uint64_t)(extent.depth - 1), buf_layout->slice_pitch_B, &t) ||
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
