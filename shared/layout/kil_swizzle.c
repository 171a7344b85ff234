/* SPDX-License-Identifier: MIT */
/*
 * Fast linear <-> image copies.
 *
 * Inside a GOB, data moves in 16 B pieces (one sector row; no element ever
 * straddles one since elements are 1, 2, 4, 8 or 16 B). A GOB the box covers
 * completely is 32 fixed 16 B moves at offsets the compiler folds from
 * kil_gob_offset_B; GOB rows covered across their full width take the same
 * moves row by row; only the box's edges go piece by piece with variable
 * lengths. No path divides or multiplies per element.
 *
 * Which GOB comes next matters more than how a GOB is copied: on a large
 * image the copy is bound by memory traffic, not instructions. Measured with
 * conformance/bench/layout/kil_bench (numbers in docs/layout.md):
 *  - buffer -> image walks one GOB row (8 image rows) across the box, then
 *    the next: the buffer is read as 8 sequential streams, and each GOB's
 *    512 B are written at once, with streaming stores in the GOB's memory
 *    order (line by line);
 *  - image -> buffer walks the image block row by block row, 16 blocks side
 *    by side (each read sequentially, GOB by GOB down the block, the 16 in
 *    turn) once the copy is well past the L2 cache; below that the GOB-row
 *    walk is faster;
 *  - once a copy is past L2 size, whole GOBs are written with non-temporal
 *    stores, which skip reading the destination's cache lines before
 *    overwriting them (what glibc's memcpy does at these sizes too); below
 *    it, normal stores leave the result in cache for whoever reads it next.
 */
#include "layout/kil_swizzle.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define KIL_HAVE_STREAM 1
#else
#define KIL_HAVE_STREAM 0
#endif

#include "layout/kil_swizzle_priv.h"
#include "util/macros.h"

/* Size thresholds (bytes moved), measured with an interleaved sweep of all
 * four walks over 0.25-64 MiB RGBA8 images on the CI machine (2 MiB of L2
 * per core): below them the cached walk won, above them the other. */
#define KIL_STREAM_TO_IMAGE_MIN_B   (4ull << 20) /* buffer -> image: stream */
#define KIL_STREAM_FROM_IMAGE_MIN_B (2ull << 20) /* image -> buffer: stream */
#define KIL_BLOCK_ORDER_MIN_B       (4ull << 20) /* image -> buffer: block order */

/* GOB columns a block-order sweep takes at once. Deswizzle of 4096x4096
 * RGBA8 (streaming stores, one thread, best of 8, two runs taken in turns
 * with memcpy): 1 column 0.49 / 0.70 of memcpy, 2: 0.67 / 0.74, 4: 0.97 /
 * 1.30, 8: 1.01 / 1.04, 16: 1.06 / 1.10, 32: 0.85 / 1.03. One column wrote
 * 64 B to each of a block's 256 buffer rows in turn; 16 write 1 KiB to each
 * and read 16 blocks side by side. */
#define KIL_SWEEP_COLUMNS 16u

#define ALWAYS_INLINE inline __attribute__((always_inline))

static ALWAYS_INLINE void
move(uint8_t *tiled, uint8_t *linear, size_t size_B, bool to_tiled)
{
   if (to_tiled)
      memcpy(tiled, linear, size_B);
   else
      memcpy(linear, tiled, size_B);
}

/* 16 B; with `stream` the destination (16 B aligned) bypasses the caches. */
static ALWAYS_INLINE void
move16(uint8_t *tiled, uint8_t *linear, bool to_tiled, bool stream)
{
#if KIL_HAVE_STREAM
   if (stream) {
      if (to_tiled)
         _mm_stream_si128((__m128i *)tiled, _mm_loadu_si128((const __m128i *)linear));
      else
         _mm_stream_si128((__m128i *)linear, _mm_loadu_si128((const __m128i *)tiled));
      return;
   }
#endif
   move(tiled, linear, KIL_GOB_SECTOR_WIDTH_B, to_tiled);
}

/* A whole GOB: 32 moves, every offset a constant, in the destination's
 * order. `lin` is the buffer's byte for the GOB's (0, 0). */
static ALWAYS_INLINE void
gob_whole(uint8_t *gob, uint8_t *lin, uint64_t pitch_B, bool to_tiled, bool stream)
{
   if (to_tiled && stream) {
      /* The GOB in memory order, each 64 B line whole before the next (16 B
       * from each of 4 buffer rows). In buffer order the 32 streaming stores
       * went to all 8 lines in turn, 8 lines partly written at once: 4096 x
       * 4096 RGBA8 0.81-0.85 of memcpy, in memory order 1.10-1.14 (kil_bench,
       * docs/layout.md). With normal stores (copies below 4 MiB) the
       * order made no difference above the noise; they keep buffer order. */
#pragma GCC unroll 32
      for (uint32_t o = 0; o < KIL_GOB_SIZE_B; o += KIL_GOB_SECTOR_WIDTH_B)
         move16(gob + o, lin + kil_gob_y(o) * pitch_B + kil_gob_x_B(o), true, stream);
      return;
   }
#pragma GCC unroll 8
   for (uint32_t y = 0; y < KIL_GOB_HEIGHT; y++) {
#pragma GCC unroll 4
      for (uint32_t x = 0; x < KIL_GOB_WIDTH_B; x += KIL_GOB_SECTOR_WIDTH_B)
         move16(gob + kil_gob_offset_B(x, y), lin + y * pitch_B + x, to_tiled, stream);
   }
}

/* Rows [y0, y1) of a GOB, all 64 bytes of each. `lin` is row y0's byte 0. */
static ALWAYS_INLINE void
gob_rows(uint8_t *gob, uint8_t *lin, uint64_t pitch_B, uint32_t y0, uint32_t y1,
         bool to_tiled)
{
   for (uint32_t y = y0; y < y1; y++, lin += pitch_B) {
#pragma GCC unroll 4
      for (uint32_t x = 0; x < KIL_GOB_WIDTH_B; x += KIL_GOB_SECTOR_WIDTH_B)
         move16(gob + kil_gob_offset_B(x, y), lin + x, to_tiled, false);
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

/* Bytes [x0, x1), rows [y0, y1) of one GOB; `lin` is the buffer's byte for
 * (x0, y0). */
static ALWAYS_INLINE void
gob_copy(uint8_t *gob, uint8_t *lin, uint64_t pitch_B, uint32_t x0, uint32_t x1,
         uint32_t y0, uint32_t y1, bool to_tiled, bool stream)
{
   if (x0 == 0 && x1 == KIL_GOB_WIDTH_B) {
      if (y0 == 0 && y1 == KIL_GOB_HEIGHT)
         gob_whole(gob, lin, pitch_B, to_tiled, stream);
      else
         gob_rows(gob, lin, pitch_B, y0, y1, to_tiled);
   } else {
      gob_partial(gob, lin, pitch_B, x0, x1, y0, y1, to_tiled);
   }
}

/* One GOB row (8 image rows, or fewer at the box's top and bottom) across
 * the box: GOB column by GOB column. `gob_row` is the GOB of column 0 of
 * this row (not dereferenced unless the box starts there); columns are a
 * block (gob_stride_B) apart. `lin` is the buffer's byte for (xb0, y0). */
static ALWAYS_INLINE void
walk_gob_row(uint8_t *gob_row, uint64_t gob_stride_B, uint8_t *lin, uint64_t pitch_B,
             uint32_t xb0, uint32_t xb1, uint32_t y0, uint32_t y1, bool to_tiled,
             bool stream)
{
   uint32_t gx = xb0 / KIL_GOB_WIDTH_B;
   uint8_t *gob = gob_row + gx * gob_stride_B;
   uint32_t x = xb0;
   while (x < xb1) {
      const uint32_t gob_x0 = gx * KIL_GOB_WIDTH_B;
      const uint32_t x_end = MIN2(xb1, gob_x0 + KIL_GOB_WIDTH_B);
      gob_copy(gob, lin, pitch_B, x - gob_x0, x_end - gob_x0, y0, y1, to_tiled, stream);
      lin += x_end - x;
      x = x_end;
      gob += gob_stride_B;
      gx++;
   }
}

/* Rows [y, y_end) of one slice, a sweep of `sweep_gobs` GOB rows at a time
 * (1: GOB-row order; the block height: block order), each block-order
 * sweep KIL_SWEEP_COLUMNS GOB columns at a time. */
static ALWAYS_INLINE void
walk_slice(const struct kil_level_addr *a, uint8_t *slice, uint8_t *lin_slice,
           uint64_t pitch_B, uint32_t xb0, uint32_t xb1, uint32_t y_start, uint32_t y_end,
           uint32_t sweep_gobs, bool to_tiled, bool stream)
{
   const unsigned yl = a->tiling.y_log2, zl = a->tiling.z_log2;
   const uint64_t gob_stride_B = (uint64_t)KIL_GOB_SIZE_B << (yl + zl);
   const uint32_t sweep_rows = KIL_GOB_HEIGHT * sweep_gobs;

   uint32_t y = y_start;
   while (y < y_end) {
      const uint32_t sweep_end = MIN2(y_end, (y / sweep_rows + 1) * sweep_rows);
      if (sweep_gobs == 1) {
         const uint32_t gob_y = y / KIL_GOB_HEIGHT;
         uint8_t *gob_row = slice + (uint64_t)(gob_y >> yl) * a->block_row_stride_B +
                            ((uint64_t)(gob_y & ((1u << yl) - 1)) << 9);
         walk_gob_row(gob_row, gob_stride_B,
                      lin_slice + (uint64_t)(y - y_start) * pitch_B, pitch_B, xb0, xb1,
                      y % KIL_GOB_HEIGHT, sweep_end - gob_y * KIL_GOB_HEIGHT, to_tiled,
                      stream);
      } else {
         /* KIL_SWEEP_COLUMNS GOB columns at a time, GOB row by GOB row down
          * the sweep, across the group in each: the image is read as that
          * many sequential streams (one per block), and every buffer row
          * gets that many whole lines in a row. */
         const uint32_t gx_end = DIV_ROUND_UP(xb1, KIL_GOB_WIDTH_B);
         for (uint32_t gxg = xb0 / KIL_GOB_WIDTH_B; gxg < gx_end; gxg += KIL_SWEEP_COLUMNS) {
            const uint32_t gxg_end = MIN2(gx_end, gxg + KIL_SWEEP_COLUMNS);
            for (uint32_t yy = y; yy < sweep_end;) {
               const uint32_t gob_y = yy / KIL_GOB_HEIGHT;
               const uint32_t y0 = yy % KIL_GOB_HEIGHT;
               const uint32_t y1 =
                  MIN2(sweep_end - gob_y * KIL_GOB_HEIGHT, KIL_GOB_HEIGHT);
               uint8_t *gob_row = slice + (uint64_t)(gob_y >> yl) * a->block_row_stride_B +
                                  ((uint64_t)(gob_y & ((1u << yl) - 1)) << 9);
               uint8_t *lin_row = lin_slice + (uint64_t)(yy - y_start) * pitch_B;
               for (uint32_t gx = gxg; gx < gxg_end; gx++) {
                  const uint32_t gob_x0 = gx * KIL_GOB_WIDTH_B;
                  const uint32_t x0 = MAX2(xb0, gob_x0),
                                 x1 = MIN2(xb1, gob_x0 + KIL_GOB_WIDTH_B);
                  gob_copy(gob_row + gx * gob_stride_B, lin_row + (x0 - xb0), pitch_B,
                           x0 - gob_x0, x1 - gob_x0, y0, y1, to_tiled, stream);
               }
               yy += y1 - y0;
            }
         }
      }
      y = sweep_end;
   }
}

static ALWAYS_INLINE void
copy_tiled(const struct kil_level_addr *a, struct kil_offset4d_el off,
           struct kil_extent4d_el ext, uint8_t *img, uint8_t *buf,
           const struct kil_buffer_layout *bl, bool block_order, bool to_tiled,
           bool stream)
{
   const unsigned yl = a->tiling.y_log2, zl = a->tiling.z_log2;
   const uint32_t xb0 = off.x * a->el_size_B;
   const uint32_t xb1 = (off.x + ext.width) * a->el_size_B;
   const uint32_t sweep_gobs = block_order ? 1u << yl : 1u;

   for (uint32_t l = 0; l < ext.array_len; l++) {
      uint8_t *layer = img + a->offset_B + (uint64_t)(off.a + l) * a->layer_stride_B;
      for (uint32_t dz = 0; dz < ext.depth; dz++) {
         const uint32_t z = off.z + dz;
         /* Slice z: its z row of blocks, then its GOB layer in the block. */
         uint8_t *slice = layer + (uint64_t)(z >> zl) * a->slice_stride_B +
                          ((uint64_t)(z & ((1u << zl) - 1)) << (yl + 9));
         uint8_t *lin_slice = buf + l * bl->layer_pitch_B + dz * bl->slice_pitch_B;
         walk_slice(a, slice, lin_slice, bl->row_pitch_B, xb0, xb1, off.y,
                    off.y + ext.height, sweep_gobs, to_tiled, stream);
      }
   }
#if KIL_HAVE_STREAM
   /* Non-temporal stores are weakly ordered: fence them before anyone
    * (another thread signalled after this returns) reads the result. */
   if (stream)
      _mm_sfence();
#endif
}

/* The four instances, so that direction and store kind are constants. */
#define COPY_TILED_INSTANCE(name, to_tiled, stream)                                      \
   static void name(const struct kil_level_addr *a, struct kil_offset4d_el off,          \
                    struct kil_extent4d_el ext, uint8_t *img, uint8_t *buf,              \
                    const struct kil_buffer_layout *bl, bool block_order)                \
   {                                                                                     \
      copy_tiled(a, off, ext, img, buf, bl, block_order, to_tiled, stream);              \
   }
COPY_TILED_INSTANCE(copy_to_tiled, true, false)
COPY_TILED_INSTANCE(copy_to_tiled_stream, true, true)
COPY_TILED_INSTANCE(copy_from_tiled, false, false)
COPY_TILED_INSTANCE(copy_from_tiled_stream, false, true)

static void
copy_linear(const struct kil_level_addr *a, struct kil_offset4d_el off,
            struct kil_extent4d_el ext, uint8_t *img, uint8_t *buf,
            const struct kil_buffer_layout *bl, bool to_image)
{
   const size_t row_B = (size_t)ext.width * a->el_size_B;
   for (uint32_t l = 0; l < ext.array_len; l++) {
      for (uint32_t z = 0; z < ext.depth; z++) {
         for (uint32_t y = 0; y < ext.height; y++) {
            uint8_t *i =
               img + kil_level_addr_offset_B(a, off.x, off.y + y, off.z + z, off.a + l);
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

/* Can whole GOBs be streamed? Every 16 B store to the destination must be
 * aligned: GOBs are 512 B apart from a level start that is 512 B aligned
 * from the mapping; buffer rows start at xb0 (which a whole GOB's first
 * byte is 64k - xb0 past) with 16 B-multiple pitches. */
static bool
can_stream(const struct kil_level_addr *a, struct kil_offset4d_el off, const uint8_t *img,
           const uint8_t *buf, const struct kil_buffer_layout *bl, bool to_image)
{
   if (!KIL_HAVE_STREAM)
      return false;
   if (to_image)
      return ((uintptr_t)(img + a->offset_B) | a->layer_stride_B) % 16 == 0;
   /* Into the buffer, every GOB row (64 B) must also land on one whole cache
    * line: a whole GOB then fills 8 lines, which the write-combining buffers
    * hold. Rows straddling two lines leave 16 lines half written per GOB and
    * the streaming stores flush partial lines: measured at ~0.05x memcpy for
    * a 16 B-aligned, 64 B-misaligned buffer, against ~0.7x with normal stores. */
   const uint64_t gob_row_start = (uintptr_t)buf - (uint64_t)off.x * a->el_size_B;
   return (gob_row_start | bl->row_pitch_B | bl->slice_pitch_B | bl->layer_pitch_B) % 64 == 0;
}

enum kil_result
kil_copy_with_opts(const struct kil_image *image, uint32_t level,
                   struct kil_offset4d_el offset, struct kil_extent4d_el extent,
                   uint8_t *image_map, uint64_t image_size_B, uint8_t *buf,
                   const struct kil_buffer_layout *buf_layout, bool to_image,
                   const struct kil_copy_opts *opts)
{
   struct kil_level_addr addr;
   bool empty;
   enum kil_result r = kil_copy_check(image, level, offset, extent, image_size_B,
                                      buf_layout, &addr, &empty);
   if (r != KIL_SUCCESS || empty)
      return r;

   if (!addr.tiling.is_tiled) {
      copy_linear(&addr, offset, extent, image_map, buf, buf_layout, to_image);
      return KIL_SUCCESS;
   }

   struct kil_copy_opts o;
   if (opts) {
      o = *opts;
   } else {
      /* The box's bytes: no more than the image's, so no overflow. */
      const uint64_t bytes = (uint64_t)extent.width * addr.el_size_B * extent.height *
                             extent.depth * extent.array_len;
      o.stream =
         bytes >= (to_image ? KIL_STREAM_TO_IMAGE_MIN_B : KIL_STREAM_FROM_IMAGE_MIN_B);
      o.block_order = !to_image && bytes >= KIL_BLOCK_ORDER_MIN_B;
   }
   o.stream = o.stream && can_stream(&addr, offset, image_map, buf, buf_layout, to_image);
   /* Walking the image in block order only pays with streaming stores into
    * the buffer: with normal stores it scatters writes over 8 x block-height
    * buffer rows at once and ran at ~0.25x the GOB-row walk (measured
    * 4096x4096 RGBA8, buffer 16 B past a cache line). */
   if (!opts)
      o.block_order = o.block_order && o.stream;

   if (to_image) {
      (o.stream ? copy_to_tiled_stream : copy_to_tiled)(&addr, offset, extent, image_map,
                                                        buf, buf_layout, o.block_order);
   } else {
      (o.stream ? copy_from_tiled_stream : copy_from_tiled)(
         &addr, offset, extent, image_map, buf, buf_layout, o.block_order);
   }
   return KIL_SUCCESS;
}

enum kil_result
kil_swizzle(const struct kil_image *image, uint32_t level, struct kil_offset4d_el offset,
            struct kil_extent4d_el extent, void *image_map, uint64_t image_size_B,
            const void *buf, const struct kil_buffer_layout *buf_layout)
{
   /* The buffer is only read on this path. */
   return kil_copy_with_opts(image, level, offset, extent, image_map, image_size_B,
                             (uint8_t *)buf, buf_layout, true, NULL);
}

enum kil_result
kil_deswizzle(const struct kil_image *image, uint32_t level,
              struct kil_offset4d_el offset, struct kil_extent4d_el extent,
              const void *image_map, uint64_t image_size_B, void *buf,
              const struct kil_buffer_layout *buf_layout)
{
   /* The image is only read on this path. */
   return kil_copy_with_opts(image, level, offset, extent, (uint8_t *)image_map,
                             image_size_B, buf, buf_layout, false, NULL);
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
