/* SPDX-License-Identifier: MIT */
/*
 * Primitive assembly: topology + index stream + restart -> vertex lists.
 *
 * Vulkan 1.3, 21.1 "Primitive Topologies", with VK_EXT_provoking_vertex's
 * last-vertex tables. A stream is cut into runs at restart indices (strips
 * and fans always, lists with list_restart); each run is assembled on its
 * own, so strip parity and a fan's centre start over after a restart.
 */
#include <stddef.h>

#include "rast.h"

enum rast_prim_kind
rast_topology_prim_kind(enum rast_topology t)
{
   switch (t) {
   case RAST_TOPOLOGY_POINT_LIST:
      return RAST_PRIM_POINTS;
   case RAST_TOPOLOGY_LINE_LIST:
   case RAST_TOPOLOGY_LINE_STRIP:
   case RAST_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
   case RAST_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      return RAST_PRIM_LINES;
   default:
      return RAST_PRIM_TRIANGLES;
   }
}

unsigned
rast_topology_prim_vertices(enum rast_topology t)
{
   if (t == RAST_TOPOLOGY_PATCH_LIST)
      return 0;
   return rast_topology_prim_kind(t) + 1;
}

/* Primitives a run of n vertices makes. */
static uint32_t
run_prims(enum rast_topology t, uint32_t n)
{
   switch (t) {
   case RAST_TOPOLOGY_POINT_LIST:
      return n;
   case RAST_TOPOLOGY_LINE_LIST:
      return n / 2;
   case RAST_TOPOLOGY_LINE_STRIP:
      return n >= 2 ? n - 1 : 0;
   case RAST_TOPOLOGY_TRIANGLE_LIST:
      return n / 3;
   case RAST_TOPOLOGY_TRIANGLE_STRIP:
   case RAST_TOPOLOGY_TRIANGLE_FAN:
      return n >= 3 ? n - 2 : 0;
   case RAST_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
      return n / 4;
   case RAST_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      return n >= 4 ? n - 3 : 0;
   case RAST_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
      return n / 6;
   case RAST_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
      return n >= 6 ? (n - 4) / 2 : 0;
   default:
      return 0;
   }
}

uint32_t
rast_assemble_max_prims(const struct rast_assembly *a)
{
   /* Cutting a run never makes more primitives than the uncut stream. */
   return run_prims(a->topology, a->count);
}

static bool
cuts(const struct rast_assembly *a)
{
   if (!a->restart_enable || !a->indices)
      return false;
   switch (a->topology) {
   case RAST_TOPOLOGY_LINE_STRIP:
   case RAST_TOPOLOGY_TRIANGLE_STRIP:
   case RAST_TOPOLOGY_TRIANGLE_FAN:
   case RAST_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
   case RAST_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
      return true;
   case RAST_TOPOLOGY_PATCH_LIST:
      return false;
   default:
      return a->list_restart;
   }
}

/* The k-th index of the stream. */
static inline uint32_t
idx(const struct rast_assembly *a, uint32_t k)
{
   return a->indices ? a->indices[k] : k;
}

/* Primitive i of the run starting at stream position `s`: its vertices in
 * the spec's first-vertex order, and which of them provokes in last mode. */
static unsigned
prim_vertices(const struct rast_assembly *a, uint32_t s, uint32_t i, uint32_t v[3],
              unsigned *last)
{
#define R(k) idx(a, s + (k))
   switch (a->topology) {
   case RAST_TOPOLOGY_POINT_LIST:
      v[0] = R(i);
      *last = 0;
      return 1;
   case RAST_TOPOLOGY_LINE_LIST:
      v[0] = R(2 * i), v[1] = R(2 * i + 1);
      *last = 1;
      return 2;
   case RAST_TOPOLOGY_LINE_STRIP:
      v[0] = R(i), v[1] = R(i + 1);
      *last = 1;
      return 2;
   case RAST_TOPOLOGY_TRIANGLE_LIST:
      v[0] = R(3 * i), v[1] = R(3 * i + 1), v[2] = R(3 * i + 2);
      *last = 2;
      return 3;
   case RAST_TOPOLOGY_TRIANGLE_STRIP:
      /* i, i + 1 + i % 2, i + 2 - i % 2; last mode provokes with i + 2. */
      v[0] = R(i), v[1] = R(i + 1 + (i & 1)), v[2] = R(i + 2 - (i & 1));
      *last = (i & 1) ? 1 : 2;
      return 3;
   case RAST_TOPOLOGY_TRIANGLE_FAN:
      /* i + 1, i + 2, 0: first mode provokes with i + 1, last with i + 2. */
      v[0] = R(i + 1), v[1] = R(i + 2), v[2] = R(0);
      *last = 1;
      return 3;
   case RAST_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
      v[0] = R(4 * i + 1), v[1] = R(4 * i + 2);
      *last = 1;
      return 2;
   case RAST_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      v[0] = R(i + 1), v[1] = R(i + 2);
      *last = 1;
      return 2;
   case RAST_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
      v[0] = R(6 * i), v[1] = R(6 * i + 2), v[2] = R(6 * i + 4);
      *last = 2;
      return 3;
   case RAST_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
      /* 2i, 2i + 2, 2i + 4; odd i: 2i, 2i + 4, 2i + 2 (the strip's
       * alternation); last mode provokes with 2i + 4. */
      v[0] = R(2 * i);
      v[1] = R(2 * i + 2 + 2 * (i & 1));
      v[2] = R(2 * i + 4 - 2 * (i & 1));
      *last = (i & 1) ? 1 : 2;
      return 3;
   default:
      return 0;
   }
#undef R
}

/* Assembles the run [s, s + n) as primitives first, first + 1, ... */
static uint32_t
assemble_run(const struct rast_assembly *a, uint32_t s, uint32_t n, uint32_t *out,
             uint32_t *prim_ids, uint32_t first)
{
   const uint32_t count = run_prims(a->topology, n);
   for (uint32_t i = 0; i < count; i++) {
      uint32_t v[3];
      unsigned last;
      const unsigned nv = prim_vertices(a, s, i, v, &last);
      /* Rotate the provoking vertex to the front: (a, b, c) with c
       * provoking becomes (c, a, b), with b (b, c, a). */
      const unsigned pv = a->provoking_last ? last : 0;
      uint32_t *o = out + (size_t)(first + i) * nv;
      for (unsigned k = 0; k < nv; k++)
         o[k] = v[(pv + k) % nv];
      if (prim_ids)
         prim_ids[first + i] = first + i;
      if (a->line_flags && nv == 2) {
         const bool strip = a->topology == RAST_TOPOLOGY_LINE_STRIP ||
                            a->topology == RAST_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY;
         a->line_flags[first + i] = (uint8_t)((strip && i > 0 ? RAST_LINE_CONTINUES : 0) |
                                              (pv ? RAST_LINE_REVERSED : 0));
      }
   }
   return count;
}

uint32_t
rast_assemble(const struct rast_assembly *a, uint32_t *out, uint32_t *prim_ids)
{
   if (a->topology == RAST_TOPOLOGY_PATCH_LIST)
      return 0;
   if (!cuts(a))
      return assemble_run(a, 0, a->count, out, prim_ids, 0);
   uint32_t prims = 0, s = 0;
   for (uint32_t k = 0; k <= a->count; k++) {
      if (k == a->count || a->indices[k] == a->restart_index) {
         prims += assemble_run(a, s, k - s, out, prim_ids, prims);
         s = k + 1;
      }
   }
   return prims;
}
