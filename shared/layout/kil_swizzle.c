/* SPDX-License-Identifier: MIT */
/*
 * Fast linear <-> image copies.
 *
 * The box is walked one GOB row (8 image rows) at a time, and within it one
 * GOB column at a time, left to right: the buffer side then streams through
 * at most 8 rows, the image side through whole 512 B GOBs a block apart.
 * Inside a GOB, data moves in 16 B pieces (one sector row; no element ever
 * straddles one since elements are 1, 2, 4, 8 or 16 B). A GOB the box covers
 * completely is 32 fixed 16 B moves at offsets the compiler folds from
 * kil_gob_offset_B; a GOB row covered across its full width but not in all
 * rows takes the same moves per row; anything else (the box's left and right
 * edges) goes piece by piece with variable lengths. No path divides or
 * multiplies per element.
 */
#include "layout/kil_swizzle.h"

#include <string.h>

#include "layout/kil_copy_check.h"
#include "util/macros.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

static ALWAYS_INLINE void
move(uint8_t *tiled, uint8_t *linear, size_t size_B, bool to_tiled)
{
   if (to_tiled)
      memcpy(tiled, linear, size_B);
   else
      memcpy(linear, tiled, size_B);
}

/* Rows [y0, y1) of a GOB, all 64 bytes of each. `lin` is row y0's byte 0. */
static ALWAYS_INLINE void
gob_rows_full_width(uint8_t *gob, uint8_t *lin, uint64_t pitch_B, uint32_t y0,
                    uint32_t y1, bool to_tiled)
{
   for (uint32_t y = y0; y < y1; y++, lin += pitch_B) {
#pragma GCC unroll 4
      for (uint32_t x = 0; x < KIL_GOB_WIDTH_B; x += KIL_GOB_SECTOR_WIDTH_B)
         move(gob + kil_gob_offset_B(x, y), lin + x, KIL_GOB_SECTOR_WIDTH_B, to_tiled);
   }
}

/* A whole GOB: the same moves with every offset a constant. */
static ALWAYS_INLINE void
gob_whole(uint8_t *gob, uint8_t *lin, uint64_t pitch_B, bool to_tiled)
{
#pragma GCC unroll 8
   for (uint32_t y = 0; y < KIL_GOB_HEIGHT; y++) {
#pragma GCC unroll 4
      for (uint32_t x = 0; x < KIL_GOB_WIDTH_B; x += KIL_GOB_SECTOR_WIDTH_B) {
         move(gob + kil_gob_offset_B(x, y), lin + y * pitch_B + x, KIL_GOB_SECTOR_WIDTH_B,
              to_tiled);
      }
   }
}

/* Rows [y0, y1), bytes [x0, x1) of a GOB. `lin` is byte x0 of row y0. */
static ALWAYS_INLINE void
gob_partial(uint8_t *gob, uint8_t *lin, uint64_t pitch_B, uint32_t x0, uint32_t x1,
            uint32_t y0, uint32_t y1, bool to_tiled)
{
   for (uint32_t y = y0; y < y1; y++, lin += pitch_B) {
      uint32_t x = x0;
      while (x < x1) {
         /* Up to the end of this 16 B sector row or of the box. */
         const uint32_t end = MIN2((x | (KIL_GOB_SECTOR_WIDTH_B - 1)) + 1, x1);
         move(gob + kil_gob_offset_B(x, y), lin + (x - x0), end - x, to_tiled);
         x = end;
      }
   }
}

/* One GOB row of one slice: rows [y0, y1) (GOB-relative) of the GOBs
 * holding buffer bytes [xb0, xb1) of the box's rows. `gob_row` points at the
 * GOB of column 0 (even if the box starts further right; never
 * dereferenced there), `gob_stride_B` is the distance between columns (a
 * block), `lin` is the buffer's byte for (xb0, y0). */
static ALWAYS_INLINE void
copy_gob_row(uint8_t *gob_row, uint64_t gob_stride_B, uint8_t *lin, uint64_t pitch_B,
             uint32_t xb0, uint32_t xb1, uint32_t y0, uint32_t y1, bool to_tiled)
{
   uint32_t gx = xb0 / KIL_GOB_WIDTH_B;
   const uint32_t gx_end = (xb1 + KIL_GOB_WIDTH_B - 1) / KIL_GOB_WIDTH_B;
   uint8_t *gob = gob_row + gx * gob_stride_B;

   /* A partial first column. */
   if (xb0 % KIL_GOB_WIDTH_B != 0 || xb1 < (gx + 1) * KIL_GOB_WIDTH_B) {
      const uint32_t x1 = MIN2(xb1 - gx * KIL_GOB_WIDTH_B, KIL_GOB_WIDTH_B);
      gob_partial(gob, lin, pitch_B, xb0 % KIL_GOB_WIDTH_B, x1, y0, y1, to_tiled);
      lin += x1 - xb0 % KIL_GOB_WIDTH_B;
      gob += gob_stride_B;
      gx++;
   }

   /* Whole columns. */
   const uint32_t full_end = xb1 / KIL_GOB_WIDTH_B;
   if (y0 == 0 && y1 == KIL_GOB_HEIGHT) {
      for (; gx < full_end; gx++, gob += gob_stride_B, lin += KIL_GOB_WIDTH_B)
         gob_whole(gob, lin, pitch_B, to_tiled);
   } else {
      for (; gx < full_end; gx++, gob += gob_stride_B, lin += KIL_GOB_WIDTH_B)
         gob_rows_full_width(gob, lin, pitch_B, y0, y1, to_tiled);
   }

   /* A partial last column. */
   if (gx < gx_end)
      gob_partial(gob, lin, pitch_B, 0, xb1 - gx * KIL_GOB_WIDTH_B, y0, y1, to_tiled);
}

static ALWAYS_INLINE void
copy_tiled(const struct kil_level_addr *a, struct kil_offset4d_el off,
           struct kil_extent4d_el ext, uint8_t *img, uint8_t *buf,
           const struct kil_buffer_layout *bl, bool to_tiled)
{
   const unsigned yl = a->tiling.y_log2, zl = a->tiling.z_log2;
   const uint64_t gob_stride_B = (uint64_t)KIL_GOB_SIZE_B << (yl + zl);
   const uint32_t xb0 = off.x * a->el_size_B;
   const uint32_t xb1 = (off.x + ext.width) * a->el_size_B;
   const uint64_t pitch_B = bl->row_pitch_B;

   for (uint32_t l = 0; l < ext.array_len; l++) {
      uint8_t *layer = img + a->offset_B + (uint64_t)(off.a + l) * a->layer_stride_B;
      for (uint32_t dz = 0; dz < ext.depth; dz++) {
         const uint32_t z = off.z + dz;
         uint8_t *slice = layer + (uint64_t)(z >> zl) * a->slice_stride_B +
                          ((uint64_t)(z & ((1u << zl) - 1)) << (yl + 9));
         uint8_t *lin_slice = buf + l * bl->layer_pitch_B + dz * bl->slice_pitch_B;

         uint32_t y = off.y;
         const uint32_t y_end = off.y + ext.height;
         while (y < y_end) {
            const uint32_t gob_y = y / KIL_GOB_HEIGHT;
            const uint32_t y0 = y % KIL_GOB_HEIGHT;
            const uint32_t y1 = MIN2(y_end - gob_y * KIL_GOB_HEIGHT, KIL_GOB_HEIGHT);
            uint8_t *gob_row = slice + (uint64_t)(gob_y >> yl) * a->block_row_stride_B +
                               ((uint64_t)(gob_y & ((1u << yl) - 1)) << 9);
            copy_gob_row(gob_row, gob_stride_B, lin_slice + (uint64_t)(y - off.y) * pitch_B,
                         pitch_B, xb0, xb1, y0, y1, to_tiled);
            y += y1 - y0;
         }
      }
   }
}

static void
copy_linear(const struct kil_level_addr *a, struct kil_offset4d_el off,
            struct kil_extent4d_el ext, uint8_t *img, uint8_t *buf,
            const struct kil_buffer_layout *bl, bool to_image)
{
   const size_t row_B = (size_t)ext.width * a->el_size_B;
   for (uint32_t l = 0; l < ext.array_len; l++) {
      for (uint32_t z = 0; z < ext.depth; z++) {
         for (uint32_t y = 0; y < ext.height; y++) {
            uint8_t *i = img + kil_level_addr_offset_B(a, off.x, off.y + y, off.z + z,
                                                       off.a + l);
            uint8_t *b =
               buf + l * bl->layer_pitch_B + z * bl->slice_pitch_B + y * bl->row_pitch_B;
            if (to_image)
               memcpy(i, b, row_B);
            else
               memcpy(b, i, row_B);
         }
      }
   }
}

/* Two instances, so `to_tiled` is a constant in each. */
static void
copy_tiled_to_image(const struct kil_level_addr *a, struct kil_offset4d_el off,
                    struct kil_extent4d_el ext, uint8_t *img, uint8_t *buf,
                    const struct kil_buffer_layout *bl)
{
   copy_tiled(a, off, ext, img, buf, bl, true);
}

static void
copy_tiled_to_buffer(const struct kil_level_addr *a, struct kil_offset4d_el off,
                     struct kil_extent4d_el ext, uint8_t *img, uint8_t *buf,
                     const struct kil_buffer_layout *bl)
{
   copy_tiled(a, off, ext, img, buf, bl, false);
}

enum kil_result
kil_swizzle(const struct kil_image *image, uint32_t level, struct kil_offset4d_el offset,
            struct kil_extent4d_el extent, void *image_map, uint64_t image_size_B,
            const void *buf, const struct kil_buffer_layout *buf_layout)
{
   struct kil_level_addr addr;
   bool empty;
   enum kil_result r =
      kil_copy_check(image, level, offset, extent, image_size_B, buf_layout, &addr, &empty);
   if (r != KIL_SUCCESS || empty)
      return r;

   /* The buffer is only read on this path. */
   uint8_t *b = (uint8_t *)buf;
   if (addr.tiling.is_tiled)
      copy_tiled_to_image(&addr, offset, extent, image_map, b, buf_layout);
   else
      copy_linear(&addr, offset, extent, image_map, b, buf_layout, true);
   return KIL_SUCCESS;
}

enum kil_result
kil_deswizzle(const struct kil_image *image, uint32_t level, struct kil_offset4d_el offset,
              struct kil_extent4d_el extent, const void *image_map, uint64_t image_size_B,
              void *buf, const struct kil_buffer_layout *buf_layout)
{
   struct kil_level_addr addr;
   bool empty;
   enum kil_result r =
      kil_copy_check(image, level, offset, extent, image_size_B, buf_layout, &addr, &empty);
   if (r != KIL_SUCCESS || empty)
      return r;

   /* The image is only read on this path. */
   uint8_t *img = (uint8_t *)image_map;
   if (addr.tiling.is_tiled)
      copy_tiled_to_buffer(&addr, offset, extent, img, buf, buf_layout);
   else
      copy_linear(&addr, offset, extent, img, buf, buf_layout, false);
   return KIL_SUCCESS;
}

struct kil_buffer_layout
kil_buffer_layout_packed(const struct kil_image *image, struct kil_extent4d_el extent)
{
   const uint64_t row_B = (uint64_t)extent.width * kil_format_el_size_B(image->format);
   const uint64_t slice_B = row_B * extent.height;
   const uint64_t layer_B = slice_B * extent.depth;
   return (struct kil_buffer_layout){
      .size_B = layer_B * extent.array_len,
      .row_pitch_B = row_B,
      .slice_pitch_B = slice_B,
      .layer_pitch_B = layer_B,
   };
}
