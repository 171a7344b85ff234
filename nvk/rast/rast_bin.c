/* SPDX-License-Identifier: MIT */
/*
 * Binning: each chunk's primitives into per-tile lists (counted, summed,
 * filled: one array per chunk), kept in API order within a tile.
 */
#include "rast_setup.h"

void
rast_bin_chunk(const struct rast_ctx *c, struct rast_chunk *ch)
{
   uint32_t *start = arena_zalloc_array(ch->arena, c->tile_count + 1, sizeof(uint32_t));
   if (!start) {
      ch->oom = true;
      return;
   }
   for (uint32_t i = 0; i < ch->prim_count; i++) {
      const struct rast_prim *p = &ch->prims[i];
      for (int32_t ty = p->bbox[1] >> RAST_TILE_LOG2; ty <= (p->bbox[3] - 1) >> RAST_TILE_LOG2; ty++)
         for (int32_t tx = p->bbox[0] >> RAST_TILE_LOG2; tx <= (p->bbox[2] - 1) >> RAST_TILE_LOG2; tx++)
            start[(uint32_t)ty * c->tiles_x + (uint32_t)tx + 1]++;
   }
   for (uint32_t t = 0; t < c->tile_count; t++)
      start[t + 1] += start[t];
   uint32_t *list = arena_alloc_array(ch->arena, start[c->tile_count] + 1, sizeof(uint32_t));
   uint32_t *fill = arena_alloc_array(ch->arena, c->tile_count, sizeof(uint32_t));
   if (!list || !fill) {
      ch->oom = true;
      return;
   }
   memcpy(fill, start, c->tile_count * sizeof(uint32_t));
   for (uint32_t i = 0; i < ch->prim_count; i++) {
      const struct rast_prim *p = &ch->prims[i];
      for (int32_t ty = p->bbox[1] >> RAST_TILE_LOG2; ty <= (p->bbox[3] - 1) >> RAST_TILE_LOG2; ty++)
         for (int32_t tx = p->bbox[0] >> RAST_TILE_LOG2; tx <= (p->bbox[2] - 1) >> RAST_TILE_LOG2; tx++)
            list[fill[(uint32_t)ty * c->tiles_x + (uint32_t)tx]++] = i;
   }
   ch->tile_start = start;
   ch->tile_prims = list;
}
