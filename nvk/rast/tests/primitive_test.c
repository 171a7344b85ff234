/* SPDX-License-Identifier: MIT */
/*
 * Primitive processing: facing and culling (Vulkan 1.3, 28.7.1), the
 * viewport transform incl. negative heights (27.5 "Controlling the
 * Viewport"), clipping against near/far and w > 0 (27.4), and attribute
 * interpolation (28.7.4 / 28.7.5: perspective, noperspective, flat from
 * the provoking vertex). References come from the spec's formulas.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "rast_test_util.h"
#include "util/test.h"

#define W 128
#define H 96

/* Window position of a clip-space vertex (27.5). */
static void
window_of(const struct rast_viewport *vp, const float *v, double *x, double *y, double *z)
{
   const double xn = v[0] / v[3], yn = v[1] / v[3], zn = v[2] / v[3];
   *x = vp->x + vp->width / 2.0 + vp->width / 2.0 * xn;
   *y = vp->y + vp->height / 2.0 + vp->height / 2.0 * yn;
   *z = vp->min_depth + (vp->max_depth - vp->min_depth) * zn;
}

/* 28.7.1: a = -1/2 sum(x_i y_i+1 - x_i+1 y_i). */
static double
signed_area(const double x[3], const double y[3])
{
   double s = 0;
   for (unsigned i = 0; i < 3; i++)
      s += x[i] * y[(i + 1) % 3] - x[(i + 1) % 3] * y[i];
   return -0.5 * s;
}

/* Whether pixel centre (px, py) is inside the triangle, with margin `m`
 * pixels from every edge (-m: outside by m). 0 margin is not asked. */
static double
edge_margin(const double x[3], const double y[3], double px, double py)
{
   double m = 1e30;
   const double a = signed_area(x, y);
   for (unsigned i = 0; i < 3; i++) {
      const unsigned j = (i + 1) % 3;
      const double ex = x[j] - x[i], ey = y[j] - y[i];
      const double len = sqrt(ex * ex + ey * ey);
      /* Distance to the edge's line, positive inside. */
      double d = (ex * (py - y[i]) - ey * (px - x[i])) / len;
      if (a > 0)
         d = -d;
      m = fmin(m, d);
   }
   return m;
}

static uint32_t
draw(const struct rast_state *s, const float *verts, uint32_t nverts, const uint32_t *idx,
     uint32_t n, struct rt_record *r)
{
   const struct rast_framebuffer fb = rt_fb(W, H);
   struct rast_draw d = rt_draw(s, &fb, verts, nverts, RAST_PRIM_TRIANGLES, idx, n,
                                rt_record_shade, r, 1);
   return rast_draw(&d);
}

static uint32_t
total_hits(const struct rt_record *r)
{
   uint32_t t = 0;
   for (uint32_t i = 0; i < r->w * r->h; i++)
      t += r->hits[i];
   return t;
}

TEST(rast_cull_and_front_face)
{
   /* Both windings, every cull mode and front face, plus flipped
    * viewports. */
   for (unsigned flip = 0; flip < 2; flip++)
   for (unsigned wind = 0; wind < 2; wind++)
   for (unsigned ff = 0; ff < 2; ff++)
   for (unsigned cull = 0; cull < 4; cull++) {
      struct rast_state s;
      rast_state_init(&s, W, H);
      if (flip)
         s.viewports[0] = (struct rast_viewport){0, H, W, -(float)H, 0, 1};
      s.cull_mode = cull;
      s.front_face = ff;
      float verts[3 * RT_STRIDE] = {0};
      rt_set_pos(verts, 0, -0.5f, -0.5f, 0.5f, 1);
      rt_set_pos(verts, wind ? 2 : 1, 0.5f, -0.5f, 0.5f, 1);
      rt_set_pos(verts, wind ? 1 : 2, -0.5f, 0.5f, 0.5f, 1);
      double x[3], y[3], z;
      for (unsigned k = 0; k < 3; k++)
         window_of(&s.viewports[0], rt_vertex(verts, k), &x[k], &y[k], &z);
      const double a = signed_area(x, y);
      const bool front = ff == RAST_FRONT_FACE_CCW ? a > 0 : a < 0;
      const bool drawn = !(cull & (front ? RAST_CULL_FRONT : RAST_CULL_BACK));
      const uint32_t idx[3] = {0, 1, 2};
      struct rt_record r;
      REQUIRE(rt_record_init(&r, W, H));
      REQUIRE(draw(&s, verts, 3, idx, 1, &r));
      CHECK_EQ(total_hits(&r) > 0, drawn);
      /* Where it lands: the viewport transform, flipped or not. */
      for (uint32_t py = 0; py < H; py++) {
         for (uint32_t px = 0; px < W; px++) {
            const double m = edge_margin(x, y, px + 0.5, py + 0.5);
            const uint32_t h = r.hits[py * W + px];
            if (m > 0.01 && drawn) {
               CHECK_EQ(h, 1);
               CHECK_EQ(r.front[py * W + px], front);
            } else if (m < -0.01) {
               CHECK_EQ(h, 0);
            }
         }
      }
      rt_record_finish(&r);
   }
}

TEST(rast_clip_near_far)
{
   /* z runs from -0.5 to 1.5 across the triangle, w = 1: with depth
    * clipping, only the part with 0 <= z <= 1 is drawn; with clamping
    * instead, all of it, its depth clamped to the viewport's range. */
   for (unsigned mode = 0; mode < 2; mode++) {
      struct rast_state s;
      rast_state_init(&s, W, H);
      s.viewports[0].min_depth = 0.25f;
      s.viewports[0].max_depth = 0.75f;
      if (mode) {
         s.depth_clip_enable = false;
         s.depth_clamp_enable = true;
      }
      float verts[3 * RT_STRIDE] = {0};
      rt_set_pos(verts, 0, -0.9f, -0.9f, -0.5f, 1);
      rt_set_pos(verts, 1, 0.9f, -0.9f, 1.5f, 1);
      rt_set_pos(verts, 2, -0.9f, 0.9f, -0.5f, 1);
      double x[3], y[3], zw[3], zn[3];
      for (unsigned k = 0; k < 3; k++) {
         window_of(&s.viewports[0], rt_vertex(verts, k), &x[k], &y[k], &zw[k]);
         zn[k] = rt_vertex(verts, k)[2];
      }
      const uint32_t idx[3] = {0, 1, 2};
      struct rt_record r;
      REQUIRE(rt_record_init(&r, W, H));
      REQUIRE(draw(&s, verts, 3, idx, 1, &r));
      unsigned bad = 0;
      for (uint32_t py = 0; py < H; py++) {
         for (uint32_t px = 0; px < W; px++) {
            const double cx = px + 0.5, cy = py + 0.5;
            const double m = edge_margin(x, y, cx, cy);
            /* z is linear in x here (w = 1): from the NDC x. */
            const double t = (cx - x[0]) / (x[1] - x[0]);
            const double z = zn[0] + t * (zn[1] - zn[0]);
            const uint32_t h = r.hits[py * W + px];
            const bool in = mode ? m > 0.01 : m > 0.01 && z > 0.02 && z < 0.98;
            const bool out = m < -0.01 || (!mode && (z < -0.02 || z > 1.02));
            if ((in && h != 1) || (out && h != 0)) {
               if (bad++ < 3)
                  fprintf(stderr, "mode %u (%u,%u): z %f hits %u\n", mode, px, py, z, h);
            }
            if (in) {
               const double want = CLAMP(0.25 + 0.5 * z, 0.25, 0.75);
               if (fabs(r.fragz[py * W + px] - want) > 1e-5 && bad++ < 3)
                  fprintf(stderr, "mode %u (%u,%u): fragz %f want %f\n", mode, px, py,
                          r.fragz[py * W + px], want);
            }
         }
      }
      CHECK_EQ(bad, 0);
      rt_record_finish(&r);
   }
}

/* Solves the 3x3 system m b = r (Cramer). */
static bool
solve3(const double m[3][3], const double rr[3], double b[3])
{
   const double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                      m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                      m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
   if (fabs(det) < 1e-12)
      return false;
   for (unsigned c = 0; c < 3; c++) {
      double t[3][3];
      for (unsigned i = 0; i < 3; i++)
         for (unsigned j = 0; j < 3; j++)
            t[i][j] = j == c ? rr[i] : m[i][j];
      b[c] = (t[0][0] * (t[1][1] * t[2][2] - t[1][2] * t[2][1]) -
              t[0][1] * (t[1][0] * t[2][2] - t[1][2] * t[2][0]) +
              t[0][2] * (t[1][0] * t[2][1] - t[1][1] * t[2][0])) /
             det;
   }
   return true;
}

TEST(rast_clip_w_behind_eye)
{
   /* A vertex with w < 0: what is drawn is the part of the clip-space
    * triangle with w > 0, projected. A pixel's NDC (xn, yn) is covered iff
    * some P = sum b_i V_i (b_i >= 0, sum b_i = 1) has P.x = xn P.w,
    * P.y = yn P.w and P.w > 0. */
   static const float tris[][3][4] = {
      {{-0.5f, -0.5f, 0, 1}, {0.5f, -0.4f, 0, 1}, {0.1f, 0.3f, 0, -0.5f}},
      {{-0.2f, -0.3f, 0, 0.5f}, {0.3f, 0.2f, 0, -1}, {-0.4f, 0.6f, 0, -0.2f}},
      {{0.05f, 0.0f, 0, 0.3f}, {0.3f, 0.1f, 0, 2}, {-0.3f, 0.2f, 0, -3}},
   };
   for (unsigned ti = 0; ti < ARRAY_SIZE(tris); ti++) {
      struct rast_state s;
      rast_state_init(&s, W, H);
      s.depth_clip_enable = false;
      float verts[3 * RT_STRIDE] = {0};
      for (unsigned k = 0; k < 3; k++)
         rt_set_pos(verts, k, tris[ti][k][0], tris[ti][k][1], tris[ti][k][2], tris[ti][k][3]);
      const uint32_t idx[3] = {0, 1, 2};
      struct rt_record r;
      REQUIRE(rt_record_init(&r, W, H));
      REQUIRE(draw(&s, verts, 3, idx, 1, &r));
      unsigned bad = 0, inside = 0;
      for (uint32_t py = 0; py < H; py++) {
         for (uint32_t px = 0; px < W; px++) {
            const double xn = 2.0 * (px + 0.5) / W - 1.0, yn = 2.0 * (py + 0.5) / H - 1.0;
            double m[3][3], b[3];
            for (unsigned k = 0; k < 3; k++) {
               const float *v = tris[ti][k];
               m[0][k] = v[0] - xn * v[3];
               m[1][k] = v[1] - yn * v[3];
               m[2][k] = 1.0;
            }
            const double rr[3] = {0, 0, 1};
            if (!solve3(m, rr, b))
               continue;
            const double pw = b[0] * tris[ti][0][3] + b[1] * tris[ti][1][3] + b[2] * tris[ti][2][3];
            const double bmin = fmin(b[0], fmin(b[1], b[2]));
            /* Margins in barycentric terms, generous near the edges. */
            const bool in = bmin > 0.02 && pw > 0.02;
            const bool out = bmin < -0.02 || (bmin > 0.02 && pw < -0.02);
            const uint32_t h = r.hits[py * W + px];
            inside += in;
            if ((in && h != 1) || (out && h != 0)) {
               if (bad++ < 3)
                  fprintf(stderr, "tri %u (%u,%u): b %f %f %f w %f hits %u\n", ti, px, py,
                          b[0], b[1], b[2], pw, h);
            }
         }
      }
      CHECK(inside > 20);
      CHECK_EQ(bad, 0);
      rt_record_finish(&r);
   }
}

TEST(rast_clip_and_cull_distances)
{
   /* ClipDistance[0] = x (clip space): the left half is clipped away.
    * CullDistance[0] < 0 at every vertex culls the whole triangle. */
   for (unsigned mode = 0; mode < 2; mode++) {
      struct rast_state s;
      rast_state_init(&s, W, H);
      if (mode == 0)
         s.clip_distance_count = 1;
      else
         s.cull_distance_count = 1;
      float verts[3 * RT_STRIDE] = {0};
      rt_set_pos(verts, 0, -0.8f, -0.8f, 0.5f, 1);
      rt_set_pos(verts, 1, 0.8f, -0.8f, 0.5f, 1);
      rt_set_pos(verts, 2, 0.0f, 0.8f, 0.5f, 1);
      for (unsigned k = 0; k < 3; k++) {
         float *v = rt_vertex(verts, k);
         v[RAST_SLOT_CLIP_DIST0 * 4] = v[0];
         v[RAST_SLOT_CULL_DIST0 * 4] = -1.0f;
      }
      const uint32_t idx[3] = {0, 1, 2};
      struct rt_record r;
      REQUIRE(rt_record_init(&r, W, H));
      REQUIRE(draw(&s, verts, 3, idx, 1, &r));
      if (mode == 1) {
         CHECK_EQ(total_hits(&r), 0);
      } else {
         uint32_t left = 0, right = 0;
         for (uint32_t py = 0; py < H; py++)
            for (uint32_t px = 0; px < W; px++) {
               if (px < W / 2 - 1)
                  left += r.hits[py * W + px];
               if (px > W / 2 + 1)
                  right += r.hits[py * W + px];
            }
         CHECK_EQ(left, 0);
         CHECK(right > 100);
      }
      rt_record_finish(&r);
   }
}

/* 28.7.4: perspective-correct f = sum(a_i f_i / w_i) / sum(a_i / w_i),
 * a_i the screen-space barycentrics; noperspective sum(a_i f_i); flat the
 * provoking vertex's value. */
TEST(rast_interpolation)
{
   static const enum rast_interp modes[] = {RAST_INTERP_SMOOTH, RAST_INTERP_NOPERSPECTIVE,
                                            RAST_INTERP_FLAT};
   for (unsigned mi = 0; mi < ARRAY_SIZE(modes); mi++) {
      for (unsigned last = 0; last < 2; last++) {
         struct rast_state s;
         rast_state_init(&s, W, H);
         s.fs.inputs_read = BITFIELD64_BIT(RAST_SLOT_VAR0);
         s.fs.interp[RAST_SLOT_VAR0] = modes[mi];
         /* A strip of two triangles, different w per vertex. */
         static const float pos[4][4] = {
            {-0.9f, -0.9f, 0.2f, 1.0f}, {0.9f, -0.8f, 0.5f, 2.0f},
            {-0.8f, 0.9f, 0.8f, 0.5f}, {0.7f, 0.8f, 0.1f, 3.0f}};
         float verts[4 * RT_STRIDE] = {0};
         for (unsigned k = 0; k < 4; k++) {
            const float w = pos[k][3];
            rt_set_pos(verts, k, pos[k][0] * w, pos[k][1] * w, pos[k][2] * w, w);
            float *v = rt_vertex(verts, k);
            v[RAST_SLOT_VAR0 * 4 + 0] = 10.0f * (float)k + 1.0f;
            v[RAST_SLOT_VAR0 * 4 + 1] = -3.0f * (float)k;
            v[RAST_SLOT_VAR0 * 4 + 2] = (float)(k * k);
            v[RAST_SLOT_VAR0 * 4 + 3] = 0.25f;
         }
         const struct rast_assembly a = {.topology = RAST_TOPOLOGY_TRIANGLE_STRIP,
                                         .count = 4, .provoking_last = last};
         uint32_t idx[6];
         REQUIRE(rast_assemble(&a, idx, NULL) == 2);
         struct rt_record r;
         REQUIRE(rt_record_init(&r, W, H));
         REQUIRE(draw(&s, verts, 4, idx, 2, &r));
         /* The strip's triangles in first-vertex order and provoking
          * vertices (21.1: i, i+1+i%2, i+2-i%2; provoking i or i+2). */
         static const unsigned tv[2][3] = {{0, 1, 2}, {1, 3, 2}};
         unsigned bad = 0, checked = 0;
         for (unsigned t = 0; t < 2; t++) {
            const unsigned pv = last ? t + 2 : t;
            double x[3], y[3], z, iw[3];
            for (unsigned k = 0; k < 3; k++) {
               window_of(&s.viewports[0], rt_vertex(verts, tv[t][k]), &x[k], &y[k], &z);
               iw[k] = 1.0 / rt_vertex(verts, tv[t][k])[3];
            }
            for (uint32_t py = 0; py < H; py++) {
               for (uint32_t px = 0; px < W; px++) {
                  const double cx = px + 0.5, cy = py + 0.5;
                  if (edge_margin(x, y, cx, cy) < 0.05)
                     continue;
                  /* Screen-space barycentrics. */
                  const double det = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
                  const double l1 = ((cx - x[0]) * (y[2] - y[0]) - (cy - y[0]) * (x[2] - x[0])) / det;
                  const double l2 = ((x[1] - x[0]) * (cy - y[0]) - (y[1] - y[0]) * (cx - x[0])) / det;
                  const double l[3] = {1 - l1 - l2, l1, l2};
                  for (unsigned c = 0; c < 4; c++) {
                     double want;
                     const float *f0 = rt_vertex(verts, tv[t][0]) + RAST_SLOT_VAR0 * 4;
                     const float *f1 = rt_vertex(verts, tv[t][1]) + RAST_SLOT_VAR0 * 4;
                     const float *f2 = rt_vertex(verts, tv[t][2]) + RAST_SLOT_VAR0 * 4;
                     const double f[3] = {f0[c], f1[c], f2[c]};
                     if (modes[mi] == RAST_INTERP_FLAT)
                        want = rt_vertex(verts, pv)[RAST_SLOT_VAR0 * 4 + c];
                     else if (modes[mi] == RAST_INTERP_NOPERSPECTIVE)
                        want = l[0] * f[0] + l[1] * f[1] + l[2] * f[2];
                     else
                        want = (l[0] * f[0] * iw[0] + l[1] * f[1] * iw[1] + l[2] * f[2] * iw[2]) /
                               (l[0] * iw[0] + l[1] * iw[1] + l[2] * iw[2]);
                     const double got = r.var[(py * W + px) * 4 + c];
                     const double tol = modes[mi] == RAST_INTERP_FLAT ? 0 : 2e-3;
                     checked++;
                     if (fabs(got - want) > tol && bad++ < 5)
                        fprintf(stderr, "mode %u last %u tri %u (%u,%u).%u: %f want %f\n",
                                mi, last, t, px, py, c, got, want);
                  }
               }
            }
         }
         CHECK(checked > 1000);
         CHECK_EQ(bad, 0);
         rt_record_finish(&r);
      }
   }
}
