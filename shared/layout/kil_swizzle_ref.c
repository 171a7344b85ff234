/* SPDX-License-Identifier: MIT */
/*
 * The reference copies: one element at a time, each addressed from scratch
 * by kil_level_addr_offset_B. Slow on purpose; the fast paths in
 * kil_swizzle.c are tested against these.
 */
#include "layout/kil_swizzle.h"

#include <string.h>

#include "layout/kil_swizzle_priv.h"

static enum kil_result
copy_ref(const struct kil_image *image, uint32_t level, struct kil_offset4d_el off,
         struct kil_extent4d_el ext, uint8_t *img, uint64_t image_size_B, uint8_t *buf,
         const struct kil_buffer_layout *bl, bool to_image)
{
   struct kil_level_addr addr;
   bool empty;
   enum kil_result r =
      kil_copy_check(image, level, off, ext, image_size_B, bl, &addr, &empty);
   if (r != KIL_SUCCESS || empty)
      return r;

   const uint32_t el_B = addr.el_size_B;
   for (uint32_t a = 0; a < ext.array_len; a++) {
      for (uint32_t z = 0; z < ext.depth; z++) {
         for (uint32_t y = 0; y < ext.height; y++) {
            for (uint32_t x = 0; x < ext.width; x++) {
               uint8_t *i = img + kil_level_addr_offset_B(&addr, off.x + x, off.y + y,
                                                          off.z + z, off.a + a);
               uint8_t *b = buf + (uint64_t)x * el_B + y * bl->row_pitch_B +
                            z * bl->slice_pitch_B + a * bl->layer_pitch_B;
               if (to_image)
                  memcpy(i, b, el_B);
               else
                  memcpy(b, i, el_B);
            }
         }
      }
   }
   return KIL_SUCCESS;
}

enum kil_result
kil_swizzle_ref(const struct kil_image *image, uint32_t level,
                struct kil_offset4d_el offset, struct kil_extent4d_el extent,
                void *image_map, uint64_t image_size_B, const void *buf,
                const struct kil_buffer_layout *buf_layout)
{
   /* The buffer is only read on this path. */
   return copy_ref(image, level, offset, extent, image_map, image_size_B, (uint8_t *)buf,
                   buf_layout, true);
}

enum kil_result
kil_deswizzle_ref(const struct kil_image *image, uint32_t level,
                  struct kil_offset4d_el offset, struct kil_extent4d_el extent,
                  const void *image_map, uint64_t image_size_B, void *buf,
                  const struct kil_buffer_layout *buf_layout)
{
   /* The image is only read on this path. */
   return copy_ref(image, level, offset, extent, (uint8_t *)image_map, image_size_B, buf,
                   buf_layout, false);
}
