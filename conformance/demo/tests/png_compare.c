/* SPDX-License-Identifier: MIT */
/*
 * png_compare A.png B.png MAX_DIFF MAX_BAD_PERMILLE
 *
 * Compares two PNGs written by util_png_write: same size, and at most
 * MAX_BAD_PERMILLE per mille of pixels with a channel differing by more than
 * MAX_DIFF. Also fails if A is a flat image (a blank render is not a pass).
 */
#include <stdio.h>
#include <stdlib.h>

#include "util/png.h"

int
main(int argc, char **argv)
{
   if (argc != 5) {
      fprintf(stderr, "usage: png_compare A.png B.png MAX_DIFF MAX_BAD_PERMILLE\n");
      return 2;
   }
   uint32_t aw, ah, bw, bh;
   uint8_t *a = util_png_read_stored(argv[1], &aw, &ah);
   uint8_t *b = util_png_read_stored(argv[2], &bw, &bh);
   if (!a || !b) {
      fprintf(stderr, "png_compare: cannot read %s\n", !a ? argv[1] : argv[2]);
      return 1;
   }
   if (aw != bw || ah != bh) {
      fprintf(stderr, "png_compare: sizes differ: %ux%u vs %ux%u\n", aw, ah, bw, bh);
      return 1;
   }
   const int max_diff = atoi(argv[3]);
   const long max_bad = atol(argv[4]);
   size_t bad = 0, distinct_from_first = 0;
   int worst = 0;
   for (size_t i = 0; i < (size_t)aw * ah; i++) {
      int pixel_diff = 0;
      for (int c = 0; c < 4; c++) {
         const int dd = abs((int)a[i * 4 + c] - (int)b[i * 4 + c]);
         pixel_diff = dd > pixel_diff ? dd : pixel_diff;
         distinct_from_first += a[i * 4 + c] != a[c];
      }
      worst = pixel_diff > worst ? pixel_diff : worst;
      bad += pixel_diff > max_diff;
   }
   const size_t total = (size_t)aw * ah;
   printf("png_compare: %ux%u, %zu pixels differ by more than %d (%.3f%%), worst %d\n", aw,
          ah, bad, max_diff, 100.0 * (double)bad / (double)total, worst);
   int ret = 0;
   if (distinct_from_first < total / 10) {
      printf("png_compare: FAIL: %s is (nearly) flat\n", argv[1]);
      ret = 1;
   }
   if ((double)bad * 1000.0 > (double)max_bad * (double)total) {
      printf("png_compare: FAIL: more than %ld per mille of pixels differ\n", max_bad);
      ret = 1;
   }
   free(a);
   free(b);
   return ret;
}
