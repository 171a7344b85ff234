/* SPDX-License-Identifier: MIT */
#include "layout/kil_addr.h"

#include <string.h>

enum kil_result
kil_level_addr_init(struct kil_level_addr *addr, const struct kil_image *image,
                    uint32_t level)
{
   memset(addr, 0, sizeof(*addr));
   if (level >= image->num_levels)
      return KIL_ERROR_OUT_OF_BOUNDS;

   const struct kil_image_level *lvl = &image->levels[level];
   addr->offset_B = lvl->offset_B;
   addr->layer_stride_B = image->array_stride_B;
   addr->el_size_B = kil_format_el_size_B(image->format);
   addr->tiling = lvl->tiling;
   addr->row_pitch_B = lvl->row_pitch_B;
   addr->extent_el = kil_image_level_extent_el(image, level);

   if (!lvl->tiling.is_tiled) {
      addr->slice_stride_B = (uint64_t)lvl->row_pitch_B * addr->extent_el.height;
      return KIL_SUCCESS;
   }

   /* A block row holds row_pitch_B / 64 blocks (the pitch is the width in
    * GOBs, one GOB per block column); a z row of blocks holds as many block
    * rows as cover the level's height. */
   const struct kil_extent4d_B blk = kil_tiling_block_extent_B(lvl->tiling);
   const uint64_t blocks_x = lvl->row_pitch_B / KIL_GOB_WIDTH_B;
   const uint64_t blocks_y = (addr->extent_el.height + blk.height - 1) / blk.height;
   addr->block_row_stride_B = blocks_x * kil_tiling_block_size_B(lvl->tiling);
   addr->slice_stride_B = addr->block_row_stride_B * blocks_y;
   return KIL_SUCCESS;
}
