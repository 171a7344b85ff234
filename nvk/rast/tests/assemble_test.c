/* SPDX-License-Identifier: MIT */
/* rast_assemble against the vertex lists of Vulkan 1.3, 21.1 "Primitive
 * Topologies" (and VK_EXT_provoking_vertex's last-vertex order), written
 * out by hand per topology. */
#include <stdio.h>

#include "rast.h"
#include "util/test.h"

#define R 0xffffffffu
#define MAXV 32

struct case_ {
   const char *name;
   enum rast_topology topo;
   bool restart, list_restart, last;
   uint32_t count;
   uint32_t idx[MAXV]; /* count entries; all zero + indexed = false: sequential */
   bool indexed;
   uint32_t prims;
   uint32_t want[MAXV];
};

static const struct case_ cases[] = {
   {"points", RAST_TOPOLOGY_POINT_LIST, false, false, false, 3, {0}, false, 3, {0, 1, 2}},
   {"lines", RAST_TOPOLOGY_LINE_LIST, false, false, false, 5, {0}, false, 2, {0, 1, 2, 3}},
   {"lines last", RAST_TOPOLOGY_LINE_LIST, false, false, true, 4, {0}, false, 2, {1, 0, 3, 2}},
   {"line strip", RAST_TOPOLOGY_LINE_STRIP, false, false, false, 3, {0}, false, 2, {0, 1, 1, 2}},
   {"line strip last", RAST_TOPOLOGY_LINE_STRIP, false, false, true, 3, {0}, false, 2,
    {1, 0, 2, 1}},
   {"tri list", RAST_TOPOLOGY_TRIANGLE_LIST, false, false, false, 7, {0}, false, 2,
    {0, 1, 2, 3, 4, 5}},
   {"tri list last", RAST_TOPOLOGY_TRIANGLE_LIST, false, false, true, 6, {0}, false, 2,
    {2, 0, 1, 5, 3, 4}},
   /* Strip: i, i + 1 + i%2, i + 2 - i%2; last provokes with i + 2. */
   {"tri strip", RAST_TOPOLOGY_TRIANGLE_STRIP, false, false, false, 5, {0}, false, 3,
    {0, 1, 2, 1, 3, 2, 2, 3, 4}},
   {"tri strip last", RAST_TOPOLOGY_TRIANGLE_STRIP, false, false, true, 5, {0}, false, 3,
    {2, 0, 1, 3, 2, 1, 4, 2, 3}},
   /* Fan: i + 1, i + 2, 0; provoking i + 1 (first) or i + 2 (last). */
   {"fan", RAST_TOPOLOGY_TRIANGLE_FAN, false, false, false, 5, {0}, false, 3,
    {1, 2, 0, 2, 3, 0, 3, 4, 0}},
   {"fan last", RAST_TOPOLOGY_TRIANGLE_FAN, false, false, true, 5, {0}, false, 3,
    {2, 0, 1, 3, 0, 2, 4, 0, 3}},
   {"line list adj", RAST_TOPOLOGY_LINE_LIST_WITH_ADJACENCY, false, false, false, 8, {0},
    false, 2, {1, 2, 5, 6}},
   {"line strip adj last", RAST_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY, false, false, true, 5,
    {0}, false, 2, {2, 1, 3, 2}},
   {"tri list adj", RAST_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY, false, false, false, 12, {0},
    false, 2, {0, 2, 4, 6, 8, 10}},
   {"tri list adj last", RAST_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY, false, false, true, 6,
    {0}, false, 1, {4, 0, 2}},
   {"tri strip adj", RAST_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY, false, false, false, 8, {0},
    false, 2, {0, 2, 4, 2, 6, 4}},
   {"tri strip adj last", RAST_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY, false, false, true, 8,
    {0}, false, 2, {4, 0, 2, 6, 4, 2}},
   {"strip restart", RAST_TOPOLOGY_TRIANGLE_STRIP, true, false, false, 8,
    {10, 11, 12, 13, R, 14, 15, 16}, true, 3, {10, 11, 12, 11, 13, 12, 14, 15, 16}},
   {"fan restart", RAST_TOPOLOGY_TRIANGLE_FAN, true, false, false, 8,
    {10, 11, 12, R, 20, 21, 22, 23}, true, 3, {11, 12, 10, 21, 22, 20, 22, 23, 20}},
   {"list restart", RAST_TOPOLOGY_TRIANGLE_LIST, true, true, false, 10,
    {0, 1, 2, R, 3, 4, R, 5, 6, 7}, true, 2, {0, 1, 2, 5, 6, 7}},
   {"list no list restart", RAST_TOPOLOGY_TRIANGLE_LIST, true, false, false, 3, {0, 1, R},
    true, 1, {0, 1, R}},
   {"point list restart", RAST_TOPOLOGY_POINT_LIST, true, true, false, 3, {4, R, 5}, true, 2,
    {4, 5}},
   {"strip too short", RAST_TOPOLOGY_TRIANGLE_STRIP, true, false, false, 5, {0, 1, R, 2, 3},
    true, 0, {0}},
   {"patches", RAST_TOPOLOGY_PATCH_LIST, false, false, false, 6, {0}, false, 0, {0}},
};

TEST(rast_assemble_topologies)
{
   for (unsigned c = 0; c < ARRAY_SIZE(cases); c++) {
      const struct case_ *t = &cases[c];
      const struct rast_assembly a = {
         .topology = t->topo,
         .indices = t->indexed ? t->idx : NULL,
         .count = t->count,
         .restart_enable = t->restart,
         .restart_index = R,
         .list_restart = t->list_restart,
         .provoking_last = t->last,
      };
      uint32_t out[MAXV * 3], ids[MAXV];
      const uint32_t max = rast_assemble_max_prims(&a);
      const uint32_t n = rast_assemble(&a, out, ids);
      if (!CHECK_EQ(n, t->prims)) {
         fprintf(stderr, "  case %s\n", t->name);
         continue;
      }
      CHECK(n <= max || t->topo == RAST_TOPOLOGY_PATCH_LIST);
      const unsigned nv = rast_topology_prim_vertices(t->topo);
      for (uint32_t i = 0; i < n * nv; i++) {
         if (!CHECK_EQ(out[i], t->want[i]))
            fprintf(stderr, "  case %s, entry %u\n", t->name, i);
      }
      for (uint32_t i = 0; i < n; i++)
         CHECK_EQ(ids[i], i);
   }
}

TEST(rast_assemble_line_flags)
{
   /* Strips continue from their second line on; a restart starts over;
    * last-vertex mode swaps every line's ends. */
   const uint32_t idx[6] = {0, 1, 2, R, 3, 4};
   for (unsigned last = 0; last < 2; last++) {
      const uint8_t rev = last ? RAST_LINE_REVERSED : 0;
      uint8_t flags[8] = {0};
      uint32_t out[16];
      struct rast_assembly a = {.topology = RAST_TOPOLOGY_LINE_STRIP, .indices = idx, .count = 6,
                                .restart_enable = true, .restart_index = R,
                                .provoking_last = last, .line_flags = flags};
      REQUIRE(rast_assemble(&a, out, NULL) == 3);
      CHECK_EQ(flags[0], rev);
      CHECK_EQ(flags[1], RAST_LINE_CONTINUES | rev);
      CHECK_EQ(flags[2], rev);
      a.topology = RAST_TOPOLOGY_LINE_LIST;
      a.indices = NULL;
      a.count = 4;
      REQUIRE(rast_assemble(&a, out, NULL) == 2);
      CHECK_EQ(flags[0], rev);
      CHECK_EQ(flags[1], rev);
   }
}
