/* SPDX-License-Identifier: MIT */
#include "util/memcpy_stream.h"
#include "util/test.h"

#include <stdlib.h>

/* Every start alignment within a cache line and lengths around the
 * 64 B / 16 KiB steps of the streaming loops: the range gets exactly the
 * source's bytes (or the fill value), and a guard word on each side stays. */
enum { GUARD = 0xa5a5a5a5u, SPAN_B = 40000 };
static const size_t lengths_B[] = {0, 1, 3, 63, 64, 65, 127, 4096, 16383, 16384, 16449, 33000};

TEST(memcpy_stream_every_alignment_and_length)
{
   uint8_t *src = malloc(SPAN_B), *dst = malloc(SPAN_B + 128);
   REQUIRE(src && dst);
   for (size_t i = 0; i < SPAN_B; i++)
      src[i] = (uint8_t)(i * 131 + 7);
   bool ok = true;
   for (size_t align = 0; align < 64 && ok; align++) {
      for (size_t l = 0; l < sizeof(lengths_B) / sizeof(lengths_B[0]) && ok; l++) {
         const size_t n = lengths_B[l];
         memset(dst, 0xa5, SPAN_B + 128);
         util_memcpy_stream(dst + align + 1, src + 3, n);
         ok = dst[align] == 0xa5 && memcmp(dst + align + 1, src + 3, n) == 0 &&
              dst[align + 1 + n] == 0xa5;
      }
   }
   CHECK(ok);
   free(src);
   free(dst);
}

TEST(memset32_stream_every_alignment_and_length)
{
   uint32_t *dst = malloc(SPAN_B + 128);
   REQUIRE(dst);
   bool ok = true;
   for (size_t align = 0; align < 16 && ok; align++) {
      for (size_t l = 0; l < sizeof(lengths_B) / sizeof(lengths_B[0]) && ok; l++) {
         const size_t n = lengths_B[l] / 4;
         for (size_t i = 0; i < (SPAN_B + 128) / 4; i++)
            dst[i] = GUARD;
         util_memset32_stream(dst + align + 1, 0x12345678u, n);
         ok = dst[align] == GUARD && dst[align + 1 + n] == GUARD;
         for (size_t i = 0; i < n && ok; i++)
            ok = dst[align + 1 + i] == 0x12345678u;
      }
   }
   CHECK(ok);
   free(dst);
}
