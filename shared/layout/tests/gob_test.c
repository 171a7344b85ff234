/* SPDX-License-Identifier: MIT */
#include "layout/kil_gob.h"

#include "util/test.h"

/* Where each 16 B piece of a Turing+ desktop colour GOB lives: GOB offset,
 * then the piece's first byte (x_B) and row (y). Source: Mesa NIL,
 * src/nouveau/nil/copy.rs, CopyGOBTuring2D::for_each_16b (the CPU copy NVK
 * runs for VK_EXT_host_image_copy on Turing+ hardware), and the sector
 * diagram of GOBType::TuringColor2D in src/nouveau/nil/tiling.rs. */
/* Four pieces (one 16 B x 4 row column) per line. */
/* clang-format off */
static const struct {
   uint32_t offset_B, x_B, y;
} turing_pieces[] = {
   {0x000, 0, 0},  {0x010, 0, 1},  {0x020, 0, 2},  {0x030, 0, 3},
   {0x040, 16, 0}, {0x050, 16, 1}, {0x060, 16, 2}, {0x070, 16, 3},
   {0x080, 0, 4},  {0x090, 0, 5},  {0x0a0, 0, 6},  {0x0b0, 0, 7},
   {0x0c0, 16, 4}, {0x0d0, 16, 5}, {0x0e0, 16, 6}, {0x0f0, 16, 7},
   {0x100, 32, 0}, {0x110, 32, 1}, {0x120, 32, 2}, {0x130, 32, 3},
   {0x140, 48, 0}, {0x150, 48, 1}, {0x160, 48, 2}, {0x170, 48, 3},
   {0x180, 32, 4}, {0x190, 32, 5}, {0x1a0, 32, 6}, {0x1b0, 32, 7},
   {0x1c0, 48, 4}, {0x1d0, 48, 5}, {0x1e0, 48, 6}, {0x1f0, 48, 7},
};
/* clang-format on */

TEST(gob_turing_pieces_match_nil_table)
{
   for (unsigned i = 0; i < ARRAY_SIZE(turing_pieces); i++) {
      for (uint32_t b = 0; b < 16; b++) {
         CHECK_EQ(kil_gob_offset_B(turing_pieces[i].x_B + b, turing_pieces[i].y),
                  turing_pieces[i].offset_B + b);
      }
   }
}

/* Single bytes, worked out by hand from the bit order in kil_gob.h
 * (x5 y2 x4 y1 y0 x3 x2 x1 x0). */
TEST(gob_offset_single_bytes)
{
   static const struct {
      uint32_t x_B, y, offset_B;
   } t[] = {
      {0, 0, 0},    {15, 0, 15},  {0, 1, 16},   {0, 2, 32},   {0, 3, 48},
      {16, 0, 64},  {31, 3, 127}, {0, 4, 128},  {0, 7, 176},  {32, 0, 256},
      {48, 0, 320}, {63, 7, 511}, {17, 5, 209}, {40, 6, 424}, {33, 1, 273},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(t); i++)
      CHECK_EQ(kil_gob_offset_B(t[i].x_B, t[i].y), t[i].offset_B);
}

/* The sector order diagram in kil_gob.h: sector n = bytes 32n..32n+31,
 * rows are row pairs, columns 16 B wide. */
TEST(gob_sector_order_diagram)
{
   static const uint32_t sector[4][4] = {
      {0, 2, 8, 10},
      {1, 3, 9, 11},
      {4, 6, 12, 14},
      {5, 7, 13, 15},
   };
   for (uint32_t pair = 0; pair < 4; pair++) {
      for (uint32_t col = 0; col < 4; col++) {
         CHECK_EQ(kil_gob_offset_B(col * 16, pair * 2) / 32, sector[pair][col]);
         CHECK_EQ(kil_gob_offset_B(col * 16 + 15, pair * 2 + 1) / 32, sector[pair][col]);
      }
   }
}

/* The Tegra X1 TRM formula (kil_gob.h) agrees on 16 B x 2 sectors but not
 * on their order: byte 16 of row 0 is the second sector there, the third
 * here. Kept as a check that we did not slip back to it by accident. */
TEST(gob_differs_from_tegra_x1_order)
{
   const uint32_t x = 16, y = 0;
   const uint32_t trm = ((x % 64) / 32) * 256 + ((y % 8) / 2) * 64 +
                        ((x % 32) / 16) * 32 + (y % 2) * 16 + (x % 16);
   CHECK_EQ(trm, 32);
   CHECK_EQ(kil_gob_offset_B(x, y), 64);
}

TEST(gob_offset_is_a_permutation)
{
   uint8_t seen[KIL_GOB_SIZE_B] = {0};
   for (uint32_t y = 0; y < KIL_GOB_HEIGHT; y++) {
      for (uint32_t x = 0; x < KIL_GOB_WIDTH_B; x++) {
         const uint32_t o = kil_gob_offset_B(x, y);
         REQUIRE(o < KIL_GOB_SIZE_B);
         CHECK_EQ(seen[o], 0);
         seen[o] = 1;
         /* 16 B x 2 row sectors: the sector depends on x / 16 and y / 2 only. */
         CHECK_EQ(o / 32, kil_gob_offset_B(x & ~15u, y & ~1u) / 32);
      }
   }
}

TEST(gob_inverse_gives_back_x_and_y)
{
   for (uint32_t y = 0; y < KIL_GOB_HEIGHT; y++) {
      for (uint32_t x = 0; x < KIL_GOB_WIDTH_B; x++) {
         const uint32_t o = kil_gob_offset_B(x, y);
         CHECK_EQ(kil_gob_x_B(o), x);
         CHECK_EQ(kil_gob_y(o), y);
      }
   }
   /* Memory order: byte 64 (the second line) is x 16 of row 0. */
   CHECK_EQ(kil_gob_x_B(64), 16);
   CHECK_EQ(kil_gob_y(64), 0);
   CHECK_EQ(kil_gob_y(128), 4);
   CHECK_EQ(kil_gob_x_B(256), 32);
}
