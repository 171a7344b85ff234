/* SPDX-License-Identifier: MIT */
/*
 * Triangle tessellation (Vulkan 1.3, 23.6): the outer triangle's edges are
 * subdivided by the inner level; perpendiculars through the points next to
 * each corner meet at the corners of the next inner triangle, whose edges
 * carry the remaining points projected inward, and so on until a ring has
 * one segment (a triangle) or none (the centre). The outermost ring is
 * then replaced by the outer levels' subdivision of the edges and
 * consecutive rings are joined with triangles.
 *
 * Corners C0 = (1, 0, 0), C1 = (0, 1, 0), C2 = (0, 0, 1); side s runs from
 * C_s to C_s+1 (positive orientation in (u, v)). Side 0 (w == 0) takes
 * TessLevelOuter[2], side 1 (u == 0) [0], side 2 (v == 0) [1]. On an
 * equilateral triangle, the ring whose perpendiculars stand at distance d
 * (as a fraction of the side) from the corners has corner
 * (1 - 4d/3, 2d/3, 2d/3), and its side s point above the outer point at t
 * is (1 - t) C_s + t C_s+1 - d/3 (C_s + C_s+1) + 2d/3 C_s+2.
 */
#include "tess_priv.h"

static const double corner[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

static uint32_t
ring_point(struct tess_emit *e, unsigned s, double d, double t)
{
   const unsigned s1 = (s + 1) % 3, s2 = (s + 2) % 3;
   double p[3];
   for (unsigned c = 0; c < 3; c++)
      p[c] = (1.0 - t) * corner[s][c] + t * corner[s1][c] -
             d / 3.0 * (corner[s][c] + corner[s1][c]) + 2.0 * d / 3.0 * corner[s2][c];
   return tess_add_vertex(e, p[0], p[1], p[2]);
}

void
tess_triangles(struct tess_emit *e, enum tess_spacing spacing,
               const struct tess_segments outer[3], struct tess_segments inner)
{
   static const unsigned side_level[3] = {2, 0, 1};
   struct tess_side ring[2][3];
   struct tess_side(*prev)[3] = &ring[0], (*cur)[3] = &ring[1];

   /* The outer ring. */
   uint32_t c[3];
   for (unsigned s = 0; s < 3; s++)
      c[s] = tess_add_vertex(e, corner[s][0], corner[s][1], corner[s][2]);
   for (unsigned s = 0; s < 3; s++) {
      const struct tess_segments seg = outer[side_level[s]];
      struct tess_side *side = &(*prev)[s];
      side->count = seg.n + 1;
      side->idx[0] = c[s];
      side->t[0] = 0.0;
      for (uint32_t i = 1; i < seg.n; i++) {
         side->t[i] = tess_edge_point(spacing, seg, i);
         side->idx[i] = ring_point(e, s, 0.0, side->t[i]);
      }
      side->idx[seg.n] = c[(s + 1) % 3];
      side->t[seg.n] = 1.0;
   }

   /* Inner rings k = 1, 2, ... with n - 2k segments per side. */
   const uint32_t n = inner.n;
   for (uint32_t k = 1; 2 * k <= n; k++) {
      const uint32_t m = n - 2 * k;
      const double d = tess_edge_point(spacing, inner, k);
      if (m == 0) {
         const uint32_t centre = tess_add_vertex(e, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0);
         for (unsigned s = 0; s < 3; s++)
            (*cur)[s] = (struct tess_side){.count = 1, .idx = {centre}, .t = {0.5}};
      } else {
         uint32_t rc[3];
         for (unsigned s = 0; s < 3; s++)
            rc[s] = ring_point(e, s, d, d);
         for (unsigned s = 0; s < 3; s++) {
            struct tess_side *side = &(*cur)[s];
            side->count = m + 1;
            for (uint32_t i = 0; i <= m; i++) {
               side->t[i] = tess_edge_point(spacing, inner, k + i);
               if (i == 0)
                  side->idx[i] = rc[s];
               else if (i == m)
                  side->idx[i] = rc[(s + 1) % 3];
               else
                  side->idx[i] = ring_point(e, s, d, side->t[i]);
            }
         }
      }
      for (unsigned s = 0; s < 3; s++)
         tess_join_sides(e, &(*prev)[s], &(*cur)[s]);
      if (m == 1)
         tess_add_triangle(e, (*cur)[0].idx[0], (*cur)[1].idx[0], (*cur)[2].idx[0]);
      struct tess_side(*tmp)[3] = prev;
      prev = cur;
      cur = tmp;
   }
}
