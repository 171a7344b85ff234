/* SPDX-License-Identifier: MIT */
/*
 * Block-linear tiling: GOBs stacked into blocks, blocks in rows.
 *
 * A block is 1 GOB wide (64 B), 2^y_log2 GOBs tall and 2^z_log2 GOBs deep.
 * Inside a block, GOBs are ordered by y, then z (the block is one GOB wide).
 * Blocks tile the level row by row, then slice by slice: block (bx, by, bz)
 * of a level whose row holds W blocks and whose slice holds H block rows
 * starts at ((bz * H + by) * W + bx) * block_size_B. ("Block linear": blocks
 * in linear order; envytools' g80-surface.rst calls them bigtiles of
 * roptiles, the Tegra X1 TRM blocks of GOBs.)
 *
 * Each level uses the image's block height and depth clamped to the level's
 * own size (kil_tiling_clamp), as the hardware does when it walks a mip
 * chain, so a 4-row mip of a tall image does not pay for a 256-row block.
 */
#ifndef KIL_TILING_H
#define KIL_TILING_H

#include <stdbool.h>
#include <stdint.h>

#include "layout/kil_extent.h"
#include "layout/kil_gob.h"

#define KIL_MAX_BLOCK_LOG2 5u

struct kil_tiling {
   bool is_tiled;  /* false: LINEAR (pitch); y_log2 and z_log2 are 0 */
   uint8_t y_log2; /* block height in GOBs, log2 (the modifier's h) */
   uint8_t z_log2; /* block depth in GOBs, log2 */
};

static inline struct kil_tiling
kil_tiling_linear(void)
{
   return (struct kil_tiling){false, 0, 0};
}

static inline struct kil_tiling
kil_tiling_block_linear(uint8_t y_log2, uint8_t z_log2)
{
   return (struct kil_tiling){true, y_log2, z_log2};
}

/* Block size in bytes: 512 << (y_log2 + z_log2). 1 for LINEAR (no blocks). */
static inline uint32_t
kil_tiling_block_size_B(struct kil_tiling t)
{
   return t.is_tiled ? KIL_GOB_SIZE_B << (t.y_log2 + t.z_log2) : 1u;
}

/* Block extent: 64 B x (8 << y_log2) rows x (1 << z_log2) slices; 1x1x1 for
 * LINEAR. */
static inline struct kil_extent4d_B
kil_tiling_block_extent_B(struct kil_tiling t)
{
   if (!t.is_tiled)
      return (struct kil_extent4d_B){1, 1, 1, 1};
   return (struct kil_extent4d_B){KIL_GOB_WIDTH_B, KIL_GOB_HEIGHT << t.y_log2,
                                  1u << t.z_log2, 1};
}

/* The tiling a level of extent `level_B` actually uses: block height and
 * depth shrunk to the smallest power of two of GOBs that covers the level
 * (never grown). Equivalent to envytools' auto-sizing loop ("while the
 * block half as tall still covers the height, halve it"). */
struct kil_tiling kil_tiling_clamp(struct kil_tiling t, struct kil_extent4d_B level_B);

/* A level's extent rounded up to whole blocks (unchanged for LINEAR). */
struct kil_extent4d_B kil_tiling_align_extent_B(struct kil_tiling t,
                                                struct kil_extent4d_B level_B);

#endif /* KIL_TILING_H */
