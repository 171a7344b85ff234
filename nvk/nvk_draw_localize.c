/* SPDX-License-Identifier: MIT */
/*
 * A draw's vertex numbers -> its unique vertices (shaded once per
 * instance) and local numbers into them. The unique vertices come out
 * sorted, which keeps vertex fetch walking the buffers forward.
 *
 * Most draws number their vertices within a compact range (non-indexed
 * draws exactly count of them, meshes about a third of their index
 * count), so a table over [min, max] does it in O(count + range); sparse
 * index streams fall back to sorting. The sort on the queue thread was 18%
 * of a draw of 98k small indexed triangles (docs/performance.md).
 */
#include <stdlib.h>

#include "nvk_draw_priv.h"

static int
cmp_u32(const void *a, const void *b)
{
   const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   return x < y ? -1 : x > y;
}

static uint32_t
localize_sorted(uint32_t *ids, uint32_t count, uint32_t *uniq)
{
   uint32_t n = 0;
   for (uint32_t i = 0; i < count; i++) {
      if (ids[i] != NVK_DRAW_RESTART)
         uniq[n++] = ids[i];
   }
   qsort(uniq, n, sizeof(uniq[0]), cmp_u32);
   uint32_t u = 0;
   for (uint32_t i = 0; i < n; i++) {
      if (u == 0 || uniq[u - 1] != uniq[i])
         uniq[u++] = uniq[i];
   }
   for (uint32_t i = 0; i < count; i++) {
      if (ids[i] == NVK_DRAW_RESTART)
         continue;
      const uint32_t *hit = bsearch(&ids[i], uniq, u, sizeof(uniq[0]), cmp_u32);
      ids[i] = (uint32_t)(hit - uniq);
   }
   return u;
}

uint32_t
nvk_draw_localize(uint32_t *ids, uint32_t count, uint32_t *uniq)
{
   uint32_t lo = UINT32_MAX, hi = 0;
   for (uint32_t i = 0; i < count; i++) {
      if (ids[i] == NVK_DRAW_RESTART)
         continue;
      lo = ids[i] < lo ? ids[i] : lo;
      hi = ids[i] > hi ? ids[i] : hi;
   }
   if (lo > hi)
      return 0; /* nothing but restarts */
   const uint64_t range = (uint64_t)hi - lo + 1;
   /* The table costs range words: worth it up to a few per index. */
   uint32_t *local = range <= 4ull * count + 1024 ? calloc(range, sizeof(uint32_t)) : NULL;
   if (!local)
      return localize_sorted(ids, count, uniq);
   for (uint32_t i = 0; i < count; i++) {
      if (ids[i] != NVK_DRAW_RESTART)
         local[ids[i] - lo] = 1;
   }
   uint32_t u = 0;
   for (uint64_t v = 0; v < range; v++) {
      if (local[v]) {
         local[v] = u;
         uniq[u++] = lo + (uint32_t)v;
      }
   }
   for (uint32_t i = 0; i < count; i++) {
      if (ids[i] != NVK_DRAW_RESTART)
         ids[i] = local[ids[i] - lo];
   }
   free(local);
   return u;
}
