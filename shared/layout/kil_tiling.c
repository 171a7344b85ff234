/* SPDX-License-Identifier: MIT */
#include "layout/kil_tiling.h"

#include "util/macros.h"

struct kil_tiling
kil_tiling_clamp(struct kil_tiling t, struct kil_extent4d_B level_B)
{
   if (!t.is_tiled)
      return t;

   /* The smallest block that covers the level: 2^ceil(log2(GOBs)). A level
    * 3 GOBs tall gets a 4-GOB block, one 2 GOBs tall a 2-GOB block. */
   const uint32_t height_gobs = DIV_ROUND_UP(MAX2(level_B.height, 1u), KIL_GOB_HEIGHT);
   const unsigned y_cover = util_logbase2_ceil(height_gobs);
   const unsigned z_cover = util_logbase2_ceil(MAX2(level_B.depth, 1u));
   t.y_log2 = (uint8_t)MIN2(t.y_log2, y_cover);
   t.z_log2 = (uint8_t)MIN2(t.z_log2, z_cover);
   return t;
}

struct kil_extent4d_B
kil_tiling_align_extent_B(struct kil_tiling t, struct kil_extent4d_B level_B)
{
   if (!t.is_tiled)
      return level_B;
   const struct kil_extent4d_B blk = kil_tiling_block_extent_B(t);
   /* 64-bit intermediates: a width near UINT32_MAX must not wrap to 0. */
   return (struct kil_extent4d_B){
      .width = (uint32_t)MIN2(ALIGN_POT((uint64_t)level_B.width, blk.width), UINT32_MAX),
      .height =
         (uint32_t)MIN2(ALIGN_POT((uint64_t)level_B.height, blk.height), UINT32_MAX),
      .depth = (uint32_t)MIN2(ALIGN_POT((uint64_t)level_B.depth, blk.depth), UINT32_MAX),
      .array_len = level_B.array_len,
   };
}
