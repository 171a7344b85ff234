/* SPDX-License-Identifier: MIT */
#include "util/png.h"
#include "util/test.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

TEST(crc32_known_value)
{
   /* The standard check value of CRC-32/ISO-HDLC for "123456789". */
   CHECK_EQ_U64(util_crc32(0, "123456789", 9), 0xcbf43926u);
}

TEST(png_round_trip)
{
   /* Bigger than one 64 KiB stored block, odd width, RGB and RGBA. */
   const uint32_t w = 301, h = 97;
   uint8_t *px = malloc((size_t)w * h * 4);
   REQUIRE(px);
   for (size_t i = 0; i < (size_t)w * h * 4; i++)
      px[i] = (uint8_t)(i * 7 + (i >> 9));
   char path[64];
   snprintf(path, sizeof(path), "/tmp/kiln_png_test_%d.png", (int)getpid());
   for (unsigned channels = 3; channels <= 4; channels++) {
      /* Pixels are `channels` bytes each, rows w * 4 bytes apart. */
      CHECK_EQ(util_png_write(path, w, h, channels, px, (size_t)w * 4), 0);
      uint32_t rw = 0, rh = 0;
      uint8_t *back = util_png_read_stored(path, &rw, &rh);
      REQUIRE(back);
      CHECK_EQ(rw, w);
      CHECK_EQ(rh, h);
      unsigned bad = 0;
      for (size_t y = 0; y < h; y++)
         for (size_t x = 0; x < w; x++)
            for (unsigned c = 0; c < 4; c++) {
               const uint8_t want = c < channels ? px[y * w * 4 + x * channels + c] : 255;
               bad += back[(y * w + x) * 4 + c] != want;
            }
      CHECK_EQ(bad, 0);
      free(back);
   }
   unlink(path);
   CHECK(util_png_write(path, 0, 1, 4, px, 4) < 0);
   free(px);
}
