/* SPDX-License-Identifier: MIT */
/*
 * kil_bench: LINEAR <-> block-linear copy speed against memcpy, one run.
 *
 *    build/conformance/bench/layout/kil_bench [WIDTH HEIGHT [REPS]]
 *
 * Copies a WIDTH x HEIGHT R8G8B8A8 image (default 4096 x 4096, 64 MiB)
 * between a tightly packed linear buffer and a block-linear image laid out
 * by kil, and times memcpy of the same number of bytes between two buffers
 * of the same size in the same process. Prints bytes copied per second for
 * each (best of REPS, default 10) and the ratios swizzle/memcpy and
 * deswizzle/memcpy; the goal is >= 0.5. Checks once that the round
 * trip gives back the input, and exits non-zero if not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/kil_image.h"
#include "layout/kil_swizzle.h"
#include "util/os.h"

static double
best_gbps(uint64_t bytes, uint64_t best_ns)
{
   return best_ns ? (double)bytes / (double)best_ns : 0.0;
}

static void
fill(uint8_t *p, size_t n)
{
   uint32_t s = 0x12345678;
   for (size_t i = 0; i < n; i++) {
      s = s * 1664525u + 1013904223u;
      p[i] = (uint8_t)(s >> 24);
   }
}

int
main(int argc, char **argv)
{
   uint32_t width = 4096, height = 4096, reps = 10;
   if (argc >= 3) {
      width = (uint32_t)strtoul(argv[1], NULL, 0);
      height = (uint32_t)strtoul(argv[2], NULL, 0);
   }
   if (argc >= 4)
      reps = (uint32_t)strtoul(argv[3], NULL, 0);
   if (width == 0 || height == 0 || reps == 0) {
      fprintf(stderr, "usage: %s [WIDTH HEIGHT [REPS]]\n", argv[0]);
      return 2;
   }

   struct kiln_device_info dev;
   kiln_device_info_init_fixed(&dev, 1, 1ull << 30);

   struct kil_image img;
   enum kil_result r = kil_image_init(
      &dev,
      &(struct kil_image_info){.dim = KIL_IMAGE_DIM_2D,
                               .format = KIL_FORMAT_R8G8B8A8_UNORM,
                               .extent_px = kil_extent4d_px(width, height, 1, 1),
                               .levels = 1,
                               .samples = 1},
      &img);
   if (r != KIL_SUCCESS) {
      fprintf(stderr, "kil_bench: kil_image_init: %s\n", kil_result_str(r));
      return 1;
   }

   const struct kil_extent4d_el ext = kil_extent4d_el(width, height, 1, 1);
   const struct kil_buffer_layout bl = kil_buffer_layout_packed(&img, ext);
   const size_t lin_B = bl.size_B;
   uint8_t *src = aligned_alloc(4096, ALIGN_POT(lin_B, 4096));
   uint8_t *dst = aligned_alloc(4096, ALIGN_POT(lin_B, 4096));
   uint8_t *tiled = aligned_alloc(4096, ALIGN_POT(img.size_B, 4096));
   if (!src || !dst || !tiled) {
      fprintf(stderr, "kil_bench: out of memory\n");
      return 1;
   }
   /* Touch every page before timing anything. */
   fill(src, lin_B);
   memset(dst, 0, lin_B);
   memset(tiled, 0, img.size_B);

   const struct kil_offset4d_el o = kil_offset4d_el(0, 0, 0, 0);
   uint64_t best_memcpy = UINT64_MAX, best_swz = UINT64_MAX, best_deswz = UINT64_MAX;
   for (uint32_t i = 0; i < reps; i++) {
      /* Interleaved, so all three see the same machine state. */
      uint64_t t0 = util_time_ns();
      memcpy(dst, src, lin_B);
      uint64_t t1 = util_time_ns();
      r = kil_swizzle(&img, 0, o, ext, tiled, img.size_B, src, &bl);
      uint64_t t2 = util_time_ns();
      r |= kil_deswizzle(&img, 0, o, ext, tiled, img.size_B, dst, &bl);
      uint64_t t3 = util_time_ns();
      if (r != KIL_SUCCESS) {
         fprintf(stderr, "kil_bench: copy failed\n");
         return 1;
      }
      best_memcpy = MIN2(best_memcpy, t1 - t0);
      best_swz = MIN2(best_swz, t2 - t1);
      best_deswz = MIN2(best_deswz, t3 - t2);
   }
   const bool round_trip = memcmp(src, dst, lin_B) == 0;

   const double mc = best_gbps(lin_B, best_memcpy);
   const double sw = best_gbps(lin_B, best_swz);
   const double ds = best_gbps(lin_B, best_deswz);
   printf("kil_bench: %ux%u R8G8B8A8_UNORM, %.1f MiB, block height %u GOBs, best of %u\n",
          width, height, lin_B / 1048576.0, 1u << img.levels[0].tiling.y_log2, reps);
   printf("  memcpy                      %7.2f GB/s\n", mc);
   printf("  swizzle   (linear -> BL)    %7.2f GB/s   ratio %.2f\n", sw,
          mc ? sw / mc : 0);
   printf("  deswizzle (BL -> linear)    %7.2f GB/s   ratio %.2f\n", ds,
          mc ? ds / mc : 0);
   printf("  round trip %s\n", round_trip ? "exact" : "MISMATCH");

   free(src);
   free(dst);
   free(tiled);
   return round_trip ? 0 : 1;
}
