/* SPDX-License-Identifier: MIT */
/*
 * Coverage: the shared-edge rule and its top-left tie-break (Vulkan 1.3,
 * 28.7.1 "Basic Polygon Rasterization": samples on a shared edge belong to
 * exactly one of the two polygons; kiln uses the top-left rule), with
 * vertices at odd subpixel positions, fans of many triangles, and several
 * worker counts. References are computed here from the rule, in exact
 * integer arithmetic on the 1/256-pixel grid.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "rast_test_util.h"
#include "util/test.h"

#define W 200
#define H 150

static uint32_t
draw_tris(const float *verts, uint32_t nverts, const uint32_t *idx, uint32_t ntris,
          struct rt_record *r, unsigned threads, const struct rast_state *st)
{
   struct rast_state s;
   if (st)
      s = *st;
   else
      rast_state_init(&s, W, H);
   const struct rast_framebuffer fb = rt_fb(W, H);
   struct rast_draw d = rt_draw(&s, &fb, verts, nverts, RAST_PRIM_TRIANGLES, idx, ntris,
                                rt_record_shade, r, threads);
   return rast_draw(&d) ? 1 : 0;
}

/* An axis-aligned rectangle [x0, x1) x [y0, y1) (1/256 px units) as two
 * triangles: a pixel centre is inside iff x0 <= xc < x1 and y0 <= yc < y1
 * (left and top edges are in, right and bottom out). */
TEST(rast_fill_quad_exactly_once)
{
   static const int32_t rects[][4] = {
      {256 * 10, 256 * 10, 256 * 50, 256 * 40},       /* pixel corners */
      {256 * 10 + 128, 256 * 5 + 128, 256 * 90 + 128, 256 * 70 + 128}, /* on centres */
      {2561, 1283, 40001, 30077},                      /* odd offsets */
      {255, 257, 51199, 38399},                        /* across tiles, near the edges */
      {-5000, -3000, 60000, 45000},                    /* beyond the viewport */
      {1000, 1000, 1001, 30000},                       /* thinner than a pixel */
   };
   for (unsigned ri = 0; ri < ARRAY_SIZE(rects); ri++) {
      for (unsigned diag = 0; diag < 2; diag++) {
         for (unsigned threads = 1; threads <= 3; threads += 2) {
            const int32_t *q = rects[ri];
            float verts[4 * RT_STRIDE] = {0};
            rt_set_window_pos(verts, 0, q[0] / 256.0, q[1] / 256.0, 0.5f, W, H);
            rt_set_window_pos(verts, 1, q[2] / 256.0, q[1] / 256.0, 0.5f, W, H);
            rt_set_window_pos(verts, 2, q[2] / 256.0, q[3] / 256.0, 0.5f, W, H);
            rt_set_window_pos(verts, 3, q[0] / 256.0, q[3] / 256.0, 0.5f, W, H);
            const uint32_t idx[2][6] = {{0, 1, 2, 0, 2, 3}, {0, 1, 3, 1, 2, 3}};
            struct rt_record r;
            REQUIRE(rt_record_init(&r, W, H));
            REQUIRE(draw_tris(verts, 4, idx[diag], 2, &r, threads, NULL));
            unsigned bad = 0;
            for (int32_t y = 0; y < H; y++) {
               for (int32_t x = 0; x < W; x++) {
                  const int32_t xc = x * 256 + 128, yc = y * 256 + 128;
                  const uint32_t want = q[0] <= xc && xc < q[2] && q[1] <= yc && yc < q[3];
                  if (r.hits[y * W + x] != want && bad++ < 3)
                     fprintf(stderr, "rect %u diag %u: (%d,%d) hit %u times, want %u\n", ri,
                             diag, x, y, r.hits[y * W + x], want);
               }
            }
            CHECK_EQ(bad, 0);
            rt_record_finish(&r);
         }
      }
   }
}

/* Ties: a right triangle with its corners on pixel centres. Its top edge
 * (y = 0.5) and left edge (x = 0.5) include the centres on them, the
 * hypotenuse (a right edge) excludes them. */
TEST(rast_fill_top_left_ties)
{
   for (unsigned wind = 0; wind < 2; wind++) {
      float verts[3 * RT_STRIDE] = {0};
      rt_set_window_pos(verts, 0, 0.5, 0.5, 0.5f, W, H);
      rt_set_window_pos(verts, wind ? 2 : 1, 8.5, 0.5, 0.5f, W, H);
      rt_set_window_pos(verts, wind ? 1 : 2, 0.5, 8.5, 0.5f, W, H);
      const uint32_t idx[3] = {0, 1, 2};
      struct rt_record r;
      REQUIRE(rt_record_init(&r, W, H));
      REQUIRE(draw_tris(verts, 3, idx, 1, &r, 1, NULL));
      for (uint32_t y = 0; y < 12; y++)
         for (uint32_t x = 0; x < 12; x++)
            CHECK_EQ(r.hits[y * W + x], x + y < 8);
      rt_record_finish(&r);
   }
   /* The mirror image: now the vertical edge is a right edge and the
    * horizontal one a bottom edge, both excluding their centres, while the
    * hypotenuse is a left edge and includes them. */
   float verts[3 * RT_STRIDE] = {0};
   rt_set_window_pos(verts, 0, 8.5, 8.5, 0.5f, W, H);
   rt_set_window_pos(verts, 1, 0.5, 8.5, 0.5f, W, H);
   rt_set_window_pos(verts, 2, 8.5, 0.5, 0.5f, W, H);
   const uint32_t idx[3] = {0, 1, 2};
   struct rt_record r;
   REQUIRE(rt_record_init(&r, W, H));
   REQUIRE(draw_tris(verts, 3, idx, 1, &r, 1, NULL));
   for (uint32_t y = 0; y < 12; y++)
      for (uint32_t x = 0; x < 12; x++)
         CHECK_EQ(r.hits[y * W + x], x < 8 && y < 8 && x + y >= 8);
   rt_record_finish(&r);
}

/* A fan of n triangles around a centre at an odd subpixel position: no
 * pixel is hit twice, and every pixel centre strictly inside the polygon
 * is hit once. */
TEST(rast_fill_fans)
{
   static const unsigned counts[] = {3, 7, 16, 61};
   static const double centres[][2] = {{100.0, 75.0}, {63.37109375, 64.00390625},
                                       {100.5, 75.5}};
   for (unsigned ci = 0; ci < ARRAY_SIZE(centres); ci++) {
      for (unsigned ni = 0; ni < ARRAY_SIZE(counts); ni++) {
         const unsigned n = counts[ni];
         float *verts = calloc((n + 1) * RT_STRIDE, sizeof(float));
         uint32_t *idx = calloc(3 * n, sizeof(uint32_t));
         int64_t fx[64], fy[64];
         REQUIRE(verts && idx);
         /* Positions on the 1/256 grid so the test knows them exactly. */
         const double cx = centres[ci][0], cy = centres[ci][1];
         rt_set_window_pos(verts, 0, cx, cy, 0.5f, W, H);
         for (unsigned k = 0; k < n; k++) {
            const double a = 2.0 * M_PI * k / n + 0.1;
            fx[k] = llround((cx + 60.0 * cos(a)) * 256.0);
            fy[k] = llround((cy + 60.0 * sin(a)) * 256.0);
            rt_set_window_pos(verts, k + 1, fx[k] / 256.0, fy[k] / 256.0, 0.5f, W, H);
         }
         for (unsigned k = 0; k < n; k++) {
            idx[3 * k + 0] = 0;
            idx[3 * k + 1] = 1 + k;
            idx[3 * k + 2] = 1 + (k + 1) % n;
         }
         struct rt_record r;
         REQUIRE(rt_record_init(&r, W, H));
         REQUIRE(draw_tris(verts, n + 1, idx, n, &r, ni & 1 ? 4 : 1, NULL));
         unsigned bad = 0;
         for (int64_t y = 0; y < H; y++) {
            for (int64_t x = 0; x < W; x++) {
               const uint32_t h = r.hits[y * W + x];
               const int64_t px = x * 256 + 128, py = y * 256 + 128;
               bool inside = true;
               for (unsigned k = 0; k < n && inside; k++) {
                  const unsigned j = (k + 1) % n;
                  const int64_t e = (fx[j] - fx[k]) * (py - fy[k]) - (fy[j] - fy[k]) * (px - fx[k]);
                  inside = e > 0;
               }
               if ((h > 1 || (inside && h != 1)) && bad++ < 3)
                  fprintf(stderr, "fan %u/%u: (%d,%d) hit %u, inside %d\n", ci, n, (int)x,
                          (int)y, h, inside);
            }
         }
         CHECK_EQ(bad, 0);
         rt_record_finish(&r);
         free(verts);
         free(idx);
      }
   }
}

/* A mesh of 190 x 190 cells, two triangles each (72200 triangles, more
 * than one pass of rast_draw), over the whole viewport with vertices at
 * odd subpixel positions: every pixel hit exactly once, with threads. */
TEST(rast_fill_big_mesh)
{
   const unsigned n = 190;
   float *verts = calloc((size_t)(n + 1) * (n + 1) * RT_STRIDE, sizeof(float));
   uint32_t *idx = calloc((size_t)n * n * 6, sizeof(uint32_t));
   REQUIRE(verts && idx);
   for (unsigned j = 0; j <= n; j++)
      for (unsigned i = 0; i <= n; i++) {
         /* Interior vertices jittered, the border on the viewport's edge. */
         const double jx = (i > 0 && i < n) ? 0.3 * sin(i * 7.0 + j) : 0.0;
         const double jy = (j > 0 && j < n) ? 0.3 * cos(j * 5.0 + i) : 0.0;
         const double x = (i + jx) * W / n, y = (j + jy) * H / n;
         rt_set_window_pos(verts, j * (n + 1) + i, x, y, 0.5f, W, H);
      }
   for (unsigned j = 0; j < n; j++)
      for (unsigned i = 0; i < n; i++) {
         const uint32_t a = j * (n + 1) + i, b = a + 1, c = a + n + 1, d = c + 1;
         uint32_t *o = idx + (j * n + i) * 6;
         o[0] = a, o[1] = b, o[2] = c, o[3] = c, o[4] = b, o[5] = d;
      }
   struct rt_record r;
   REQUIRE(rt_record_init(&r, W, H));
   REQUIRE(draw_tris(verts, (n + 1) * (n + 1), idx, n * n * 2, &r, 3, NULL));
   unsigned bad = 0;
   for (uint32_t i = 0; i < W * H; i++)
      bad += r.hits[i] != 1;
   CHECK_EQ(bad, 0);
   rt_record_finish(&r);
   free(verts);
   free(idx);
}
