/* SPDX-License-Identifier: MIT */
#include "layout/kil_copy_image.h"

#include <string.h>

#include "layout/kil_swizzle_priv.h"
#include "util/macros.h"
#include "util/memcpy_stream.h"

/* As kil_swizzle.c's buffer -> image threshold: above it the destination
 * would not stay in L2 anyway. */
#define KIL_COPY_IMAGE_STREAM_MIN_B (4ull << 20)

bool
kil_copy_image_gobs_line_up(const struct kil_image *src, uint32_t src_level,
                            struct kil_offset4d_el src_offset,
                            const struct kil_image *dst, uint32_t dst_level,
                            struct kil_offset4d_el dst_offset)
{
   if (src_level >= src->num_levels || dst_level >= dst->num_levels)
      return false;
   const uint32_t el_B = kil_format_el_size_B(src->format);
   if (el_B != kil_format_el_size_B(dst->format) ||
       !src->levels[src_level].tiling.is_tiled || !dst->levels[dst_level].tiling.is_tiled)
      return false;
   const uint64_t sx_B = (uint64_t)src_offset.x * el_B,
                  dx_B = (uint64_t)dst_offset.x * el_B;
   return sx_B % KIL_GOB_WIDTH_B == dx_B % KIL_GOB_WIDTH_B &&
          src_offset.y % KIL_GOB_HEIGHT == dst_offset.y % KIL_GOB_HEIGHT;
}

/* Bytes waiting to be copied: whole GOBs contiguous on both sides. */
struct run {
   uint8_t *dst;
   const uint8_t *src;
   size_t size_B;
   bool stream;
};

static void
run_flush(struct run *r)
{
   if (r->size_B == 0)
      return;
   if (r->stream)
      util_memcpy_stream(r->dst, r->src, r->size_B);
   else
      memcpy(r->dst, r->src, r->size_B);
   r->size_B = 0;
}

static void
run_add(struct run *r, uint8_t *dst, const uint8_t *src, size_t size_B)
{
   if (r->size_B && r->dst + r->size_B == dst && r->src + r->size_B == src) {
      r->size_B += size_B;
      return;
   }
   run_flush(r);
   r->dst = dst;
   r->src = src;
   r->size_B = size_B;
}

/* Bytes [x0, x1), rows [y0, y1) of a GOB, at the same places on both sides,
 * a 16 B sector row (or the part of one inside the box) at a time. */
static void
gob_piece(uint8_t *dst, const uint8_t *src, uint32_t x0, uint32_t x1, uint32_t y0,
          uint32_t y1)
{
   for (uint32_t y = y0; y < y1; y++) {
      for (uint32_t x = x0; x < x1;) {
         const uint32_t end = MIN2((x | (KIL_GOB_SECTOR_WIDTH_B - 1)) + 1, x1);
         const uint32_t o = kil_gob_offset_B(x, y);
         memcpy(dst + o, src + o, end - x);
         x = end;
      }
   }
}

/* The first byte of GOB (gx, gy) of a slice. */
static inline uint8_t *
gob_at(const struct kil_level_addr *a, uint8_t *slice, uint64_t gx, uint32_t gy)
{
   const unsigned yl = a->tiling.y_log2, zl = a->tiling.z_log2;
   return slice + (uint64_t)(gy >> yl) * a->block_row_stride_B +
          ((uint64_t)(gy & ((1u << yl) - 1)) << 9) + (gx << (9 + yl + zl));
}

/* Slice z of one layer of a level. */
static inline uint8_t *
slice_at(const struct kil_level_addr *a, uint8_t *map, uint32_t z, uint32_t layer)
{
   const unsigned yl = a->tiling.y_log2, zl = a->tiling.z_log2;
   return map + a->offset_B + (uint64_t)layer * a->layer_stride_B +
          (uint64_t)(z >> zl) * a->slice_stride_B +
          ((uint64_t)(z & ((1u << zl) - 1)) << (yl + 9));
}

/* GOBs [gy0, gy1) of GOB column gx, all inside one source block and whole
 * in x. They are contiguous in the source; in the destination too when its
 * last is (n - 1) GOBs past its first (GOB addresses only grow down a
 * column, each step by at least a GOB). */
static void
copy_column(const struct kil_level_addr *sa, uint8_t *src_slice,
            const struct kil_level_addr *da, uint8_t *dst_slice, uint32_t gx,
            uint64_t dgx, uint32_t gy0, uint32_t gy1, int64_t dgy_minus_sgy,
            struct run *run)
{
   const uint32_t dgy0 = (uint32_t)((int64_t)gy0 + dgy_minus_sgy);
   const uint32_t n = gy1 - gy0;
   uint8_t *d = gob_at(da, dst_slice, dgx, dgy0);
   if (gob_at(da, dst_slice, dgx, dgy0 + n - 1) == d + (size_t)(n - 1) * KIL_GOB_SIZE_B) {
      run_add(run, d, gob_at(sa, src_slice, gx, gy0), (size_t)n * KIL_GOB_SIZE_B);
      return;
   }
   for (uint32_t i = 0; i < n; i++)
      run_add(run, gob_at(da, dst_slice, dgx, dgy0 + i),
              gob_at(sa, src_slice, gx, gy0 + i), KIL_GOB_SIZE_B);
}

/* One slice: the source's GOBs block row by block row, in each GOB column
 * by GOB column, down the column (the source's memory order). Whole GOBs
 * join the run; the box's edges are copied piece by piece. */
static void
copy_slice(const struct kil_level_addr *sa, uint8_t *src_slice,
           const struct kil_level_addr *da, uint8_t *dst_slice, uint32_t sx0_B,
           uint32_t sx1_B, uint32_t sy0, uint32_t sy1, int64_t dgx_minus_sgx,
           int64_t dgy_minus_sgy, struct run *run)
{
   const unsigned syl = sa->tiling.y_log2;
   const uint32_t gx0 = sx0_B / KIL_GOB_WIDTH_B, gx1 = (sx1_B - 1) / KIL_GOB_WIDTH_B;
   const uint32_t gy0 = sy0 / KIL_GOB_HEIGHT, gy1 = (sy1 - 1) / KIL_GOB_HEIGHT;
   /* GOB rows cut by the box's top and bottom edges. */
   const uint32_t whole_gy0 = DIV_ROUND_UP(sy0, KIL_GOB_HEIGHT);
   const uint32_t whole_gy1 = sy1 / KIL_GOB_HEIGHT;
   for (uint32_t by = gy0; by <= gy1;) {
      const uint32_t by_end = MIN2(gy1 + 1, ((by >> syl) + 1) << syl);
      for (uint32_t gx = gx0; gx <= gx1; gx++) {
         const uint32_t x0 = MAX2(sx0_B, gx * KIL_GOB_WIDTH_B) - gx * KIL_GOB_WIDTH_B;
         const uint32_t x1 =
            MIN2(sx1_B, (gx + 1) * KIL_GOB_WIDTH_B) - gx * KIL_GOB_WIDTH_B;
         const uint64_t dgx = (uint64_t)((int64_t)gx + dgx_minus_sgx);
         const bool whole_x = x0 == 0 && x1 == KIL_GOB_WIDTH_B;
         const uint32_t a = MAX2(by, whole_gy0), b = MIN2(by_end, whole_gy1);
         for (uint32_t gy = by; gy < by_end; gy++) {
            if (whole_x && gy == a && a < b) {
               copy_column(sa, src_slice, da, dst_slice, gx, dgx, a, b, dgy_minus_sgy,
                           run);
               gy = b - 1;
               continue;
            }
            const uint32_t y0 = MAX2(sy0, gy * KIL_GOB_HEIGHT) - gy * KIL_GOB_HEIGHT;
            const uint32_t y1 =
               MIN2(sy1, (gy + 1) * KIL_GOB_HEIGHT) - gy * KIL_GOB_HEIGHT;
            run_flush(run);
            gob_piece(gob_at(da, dst_slice, dgx, (uint32_t)((int64_t)gy + dgy_minus_sgy)),
                      gob_at(sa, src_slice, gx, gy), x0, x1, y0, y1);
         }
      }
      by = by_end;
   }
}

enum kil_result
kil_copy_image(const struct kil_image *src, uint32_t src_level,
               struct kil_offset4d_el src_offset, const void *src_map,
               uint64_t src_map_size_B, const struct kil_image *dst, uint32_t dst_level,
               struct kil_offset4d_el dst_offset, void *dst_map, uint64_t dst_map_size_B,
               struct kil_extent4d_el extent)
{
   /* The image checks of the buffer copies, with a "buffer" that always
    * fits: only the images and boxes are in question here. */
   const struct kil_buffer_layout any = {.size_B = UINT64_MAX};
   struct kil_level_addr sa, da;
   bool empty;
   enum kil_result r = kil_copy_check(src, src_level, src_offset, extent, src_map_size_B,
                                      &any, &sa, &empty);
   if (r == KIL_SUCCESS)
      r = kil_copy_check(dst, dst_level, dst_offset, extent, dst_map_size_B, &any, &da,
                         &empty);
   if (r != KIL_SUCCESS)
      return r;
   if (!kil_copy_image_gobs_line_up(src, src_level, src_offset, dst, dst_level,
                                    dst_offset))
      return KIL_ERROR_UNSUPPORTED_IMAGE;
   if (empty)
      return KIL_SUCCESS;

   const uint32_t el_B = sa.el_size_B;
   const uint32_t sx0_B = src_offset.x * el_B,
                  sx1_B = (src_offset.x + extent.width) * el_B;
   const uint32_t dx0_B = dst_offset.x * el_B;
   /* Line up: the differences are whole GOBs. */
   const int64_t dgx_minus_sgx = ((int64_t)dx0_B - (int64_t)sx0_B) / KIL_GOB_WIDTH_B;
   const int64_t dgy_minus_sgy =
      ((int64_t)dst_offset.y - (int64_t)src_offset.y) / KIL_GOB_HEIGHT;
   const uint64_t box_B =
      (uint64_t)(sx1_B - sx0_B) * extent.height * extent.depth * extent.array_len;
   struct run run = {.stream = box_B >= KIL_COPY_IMAGE_STREAM_MIN_B};

   for (uint32_t l = 0; l < extent.array_len; l++) {
      for (uint32_t z = 0; z < extent.depth; z++) {
         uint8_t *s =
            slice_at(&sa, (uint8_t *)src_map, src_offset.z + z, src_offset.a + l);
         uint8_t *d = slice_at(&da, dst_map, dst_offset.z + z, dst_offset.a + l);
         copy_slice(&sa, s, &da, d, sx0_B, sx1_B, src_offset.y,
                    src_offset.y + extent.height, dgx_minus_sgx, dgy_minus_sgy, &run);
      }
   }
   run_flush(&run);
   return KIL_SUCCESS;
}
