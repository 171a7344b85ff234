/* SPDX-License-Identifier: MIT */
/*
 * Quad tessellation (Vulkan 1.3, 23.7): the domain [0, 1]^2 is cut by the
 * inner levels into nu x nv cells (TessLevelInner[0] along u,
 * TessLevelInner[1] along v); the outermost ring of cells is removed and
 * replaced by the outer levels' subdivision of the edges, joined to the
 * first inner ring with triangles. Every inner ring's points are grid
 * points, so the region inside the first inner ring is the grid itself,
 * two triangles per cell.
 *
 * The outer ring runs (0,0) -> (1,0) -> (1,1) -> (0,1) (positive in
 * (u, v)); its sides take TessLevelOuter[1] (v == 0), [2] (u == 1),
 * [3] (v == 1) and [0] (u == 0).
 */
#include "tess_priv.h"

static void
side_point(unsigned s, double t, double *u, double *v)
{
   switch (s) {
   case 0:
      *u = t, *v = 0.0;
      break;
   case 1:
      *u = 1.0, *v = t;
      break;
   case 2:
      *u = 1.0 - t, *v = 1.0;
      break;
   default:
      *u = 0.0, *v = 1.0 - t;
      break;
   }
}

void
tess_quads(struct tess_emit *e, enum tess_spacing spacing,
           const struct tess_segments outer[4], const struct tess_segments inner[2])
{
   static const unsigned side_level[4] = {1, 2, 3, 0};
   static const double corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
   struct tess_side outer_side[4], inner_side[4];

   uint32_t c[4];
   for (unsigned s = 0; s < 4; s++)
      c[s] = tess_add_vertex(e, corner[s][0], corner[s][1], 0.0);
   for (unsigned s = 0; s < 4; s++) {
      const struct tess_segments seg = outer[side_level[s]];
      struct tess_side *side = &outer_side[s];
      side->count = seg.n + 1;
      side->idx[0] = c[s];
      side->t[0] = 0.0;
      for (uint32_t i = 1; i < seg.n; i++) {
         double u, v;
         side->t[i] = tess_edge_point(spacing, seg, i);
         side_point(s, side->t[i], &u, &v);
         side->idx[i] = tess_add_vertex(e, u, v, 0.0);
      }
      side->idx[seg.n] = c[(s + 1) % 4];
      side->t[seg.n] = 1.0;
   }

   /* The grid inside the outer ring of cells: points i in [1, nu - 1],
    * j in [1, nv - 1]. */
   const uint32_t nu = inner[0].n, nv = inner[1].n;
   double tu[TESS_MAX_SIDE_POINTS], tv[TESS_MAX_SIDE_POINTS];
   for (uint32_t i = 0; i <= nu; i++)
      tu[i] = tess_edge_point(spacing, inner[0], i);
   for (uint32_t j = 0; j <= nv; j++)
      tv[j] = tess_edge_point(spacing, inner[1], j);
   uint32_t grid[TESS_MAX_SIDE_POINTS][TESS_MAX_SIDE_POINTS];
   for (uint32_t j = 1; j < nv; j++) {
      for (uint32_t i = 1; i < nu; i++)
         grid[i][j] = tess_add_vertex(e, tu[i], tv[j], 0.0);
   }

   /* The first inner ring, in the outer ring's direction. */
   const uint32_t iu = nu - 2, iv = nv - 2; /* its segments along u and v */
   inner_side[0].count = iu + 1;
   inner_side[2].count = iu + 1;
   for (uint32_t i = 0; i <= iu; i++) {
      inner_side[0].idx[i] = grid[1 + i][1];
      inner_side[0].t[i] = tu[1 + i];
      inner_side[2].idx[i] = grid[nu - 1 - i][nv - 1];
      inner_side[2].t[i] = 1.0 - tu[nu - 1 - i];
   }
   inner_side[1].count = iv + 1;
   inner_side[3].count = iv + 1;
   for (uint32_t j = 0; j <= iv; j++) {
      inner_side[1].idx[j] = grid[nu - 1][1 + j];
      inner_side[1].t[j] = tv[1 + j];
      inner_side[3].idx[j] = grid[1][nv - 1 - j];
      inner_side[3].t[j] = 1.0 - tv[nv - 1 - j];
   }
   for (unsigned s = 0; s < 4; s++)
      tess_join_sides(e, &outer_side[s], &inner_side[s]);

   for (uint32_t j = 1; j + 1 < nv; j++) {
      for (uint32_t i = 1; i + 1 < nu; i++) {
         tess_add_triangle(e, grid[i][j], grid[i + 1][j], grid[i + 1][j + 1]);
         tess_add_triangle(e, grid[i][j], grid[i + 1][j + 1], grid[i][j + 1]);
      }
   }
}
