/* SPDX-License-Identifier: MIT */
/*
 * The GOB: where a byte of a 64 B x 8 row "group of bytes" lives.
 *
 * A GOB is 512 contiguous bytes holding a 64 B wide, 8 row tall piece of an
 * image. Inside it, bytes are grouped in 16 B x 2 row "sectors" (32 B, the
 * memory transaction size), and the sectors are ordered by the GOB kind. For
 * the Turing+ desktop colour GOB with the generic page kind (0x06), which is
 * what DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 2, 0x06, h) names, byte
 * (x_B, y) of the GOB is at
 *
 *    bit:    8    7    6    5    4    3 .. 0
 *           x5   y2   x4   y1   y0   x3 .. x0
 *
 * that is, offset = (x_B & 15) | (y & 3) << 4 | (x_B & 16) << 2
 *                 | (y & 4) << 5 | (x_B & 32) << 3.
 *
 * Sector order (sector n = bytes 32n .. 32n+31, each 16 B x 2 rows), for
 * columns x_B = 0, 16, 32, 48 and row pairs y = 0-1, 2-3, 4-5, 6-7:
 *
 *            x 0-15  16-31  32-47  48-63
 *    y 0-1      0      2      8     10
 *    y 2-3      1      3      9     11
 *    y 4-5      4      6     12     14
 *    y 6-7      5      7     13     15
 *
 * Sources, and why this is not the "16Bx2" formula:
 *  - The Tegra X1 TRM (chapter 20, "Pixel Memory Formats", the document
 *    drm_fourcc.h cites) gives the byte offset inside a GOB as
 *    ((x % 64) / 32) * 256 + ((y % 8) / 2) * 64 + ((x % 32) / 16) * 32
 *    + (y % 2) * 16 + x % 16, i.e. bits x5 y2 y1 x4 y0 x3..x0: sector order
 *    0 1 8 9 / 2 3 10 11 / ... Public transcriptions: Switch tools and
 *    emulators that read real Tegra X1 data (yuzu's decoders.cpp, Ryujinx,
 *    BNTX-Extractor's swizzle.py "From the Tegra X1 TRM").
 *  - Mesa's NIL (src/nouveau/nil/tiling.rs, enum GOBType, and copy.rs,
 *    CopyGOBTuring2D::for_each_16b), the CPU tiled copies NVK uses for
 *    VK_EXT_host_image_copy on real Turing+ GPUs, puts Turing colour GOBs in
 *    the order above (0x20 holds x 0-15 of row 2, 0x40 holds x 16-31 of row
 *    0). The same file documents a different order again for Fermi-Volta
 *    colour GOBs, and the TRM order only for Blackwell 16-bit formats.
 *  - drm_fourcc.h says the page kind "affects the exact layout of bits in
 *    memory", and Ryujinx found the order of sectors inside a GOB "seems to
 *    be controlled by the memory kind" (Ryujinx PR #3207).
 *  - Newer drm_fourcc.h (as quoted by ChromeOS minigbm) gives s = 1 to
 *    "Pre-GB20x, GB20x 32+ bpp" and s = 3 to Blackwell's 16 bpp layout; NIL
 *    uses the order above for Blackwell 32+ bpp and the TRM order for
 *    Blackwell 16 bpp, so s = 1 is this order.
 * So the TRM formula is the Tegra X1 GOB, not the Turing desktop one; we
 * follow the layout NVK's host copies use on Turing+ hardware, since that is
 * what a Turing GPU's memory holds for the modifier we advertise. Only this
 * file (and the table test) encodes the order; the copy fast paths read it
 * from here. See docs/layout.md.
 */
#ifndef KIL_GOB_H
#define KIL_GOB_H

#include <stdint.h>

#define KIL_GOB_WIDTH_B        64u
#define KIL_GOB_HEIGHT         8u
#define KIL_GOB_SIZE_B         512u
#define KIL_GOB_SECTOR_WIDTH_B 16u

/* Byte offset of (x_B, y) inside a Turing+ desktop colour GOB; x_B < 64,
 * y < 8 (higher bits are ignored). */
static inline uint32_t
kil_gob_offset_B(uint32_t x_B, uint32_t y)
{
   return (x_B & 15u) | (y & 3u) << 4 | (x_B & 16u) << 2 | (y & 4u) << 5 |
          (x_B & 32u) << 3;
}

/* The inverse: the x_B and y of the byte at offset_B (< 512) of a GOB. Copies
 * into an image walk a GOB in its memory order with these, so that each 64 B
 * line is written whole before the next. */
static inline uint32_t
kil_gob_x_B(uint32_t offset_B)
{
   return (offset_B & 15u) | (offset_B >> 2 & 16u) | (offset_B >> 3 & 32u);
}

static inline uint32_t
kil_gob_y(uint32_t offset_B)
{
   return (offset_B >> 4 & 3u) | (offset_B >> 5 & 4u);
}

#endif /* KIL_GOB_H */
