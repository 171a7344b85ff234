/* SPDX-License-Identifier: MIT */
/*
 * nvk_draw_localize (nvk/nvk_draw_localize.c): unique vertices sorted, each
 * id its position among them, restarts kept, on compact streams (the
 * table) and sparse ones (the sort), against a reference by definition.
 */
#include <stdlib.h>
#include <string.h>

#include "nvk_draw_priv.h"
#include "util/test.h"

/* Checks one stream: uniq strictly increasing, every input id present,
 * every uniq entry used, ids mapped to their position. */
static void
check_stream(const uint32_t *in, uint32_t count)
{
   uint32_t *ids = malloc((count + 1) * sizeof(uint32_t));
   uint32_t *uniq = malloc((count + 1) * sizeof(uint32_t));
   memcpy(ids, in, count * sizeof(uint32_t));
   const uint32_t u = nvk_draw_localize(ids, count, uniq);
   uint32_t distinct = 0;
   for (uint32_t i = 0; i < count; i++) {
      if (in[i] == NVK_DRAW_RESTART)
         continue;
      bool seen = false;
      for (uint32_t j = 0; j < i && !seen; j++)
         seen = in[j] == in[i];
      distinct += !seen;
   }
   CHECK_EQ(u, distinct);
   /* k <= count: u <= count already, but GCC -O3 cannot see it through
    * nvk_draw_localize and warns about uniq[1] for an empty stream. */
   for (uint32_t k = 1; k < u && k <= count; k++)
      CHECK(uniq[k - 1] < uniq[k]);
   for (uint32_t i = 0; i < count; i++) {
      if (in[i] == NVK_DRAW_RESTART) {
         CHECK_EQ_U64(ids[i], NVK_DRAW_RESTART);
         continue;
      }
      CHECK(ids[i] < u);
      CHECK_EQ_U64(uniq[ids[i]], in[i]);
   }
   free(ids);
   free(uniq);
}

TEST(draw_localize_tables)
{
   const uint32_t R = NVK_DRAW_RESTART;
   const uint32_t seq[] = {5, 6, 7, 8};
   const uint32_t quad[] = {10, 11, 12, 12, 11, 13};
   const uint32_t restarts[] = {3, R, 1, 2, R, 3, 0};
   const uint32_t only_restarts[] = {R, R};
   const uint32_t sparse[] = {7, 4000000000u, 7, 123456789, 0, 4000000000u};
   const uint32_t near_max[] = {R - 1, R - 3, R, R - 1};
   const uint32_t unsorted[] = {9, 2, 9, 5, 2, 0, 7};
   check_stream(seq, 4);
   check_stream(quad, 6);
   check_stream(restarts, 7);
   check_stream(only_restarts, 2);
   check_stream(sparse, 6);
   check_stream(near_max, 4);
   check_stream(unsorted, 7);
   check_stream(seq, 0);

   uint32_t ids[4] = {12, 10, 12, 11}, uniq[4];
   CHECK_EQ(nvk_draw_localize(ids, 4, uniq), 3);
   CHECK_EQ(uniq[0], 10);
   CHECK_EQ(uniq[2], 12);
   CHECK_EQ(ids[0], 2);
   CHECK_EQ(ids[1], 0);
   CHECK_EQ(ids[3], 1);
}

TEST(draw_localize_random_streams)
{
   /* Ranges from compact (the table) to sparse (the sort). */
   uint32_t seed = 12345;
   for (unsigned round = 0; round < 60; round++) {
      const uint32_t count = 1 + round * 7;
      const uint32_t span = round % 3 == 0 ? count / 2 + 1 : round % 3 == 1 ? 50000 : 1u << 30;
      uint32_t *in = malloc(count * sizeof(uint32_t));
      for (uint32_t i = 0; i < count; i++) {
         seed = seed * 1664525u + 1013904223u;
         in[i] = (seed >> 8) % 17 == 0 ? NVK_DRAW_RESTART : 1000 + (seed >> 4) % span;
      }
      check_stream(in, count);
      free(in);
   }
}
