/* SPDX-License-Identifier: MIT */
/*
 * Points (Vulkan 1.3, 28.12: a square of side PointSize centred on the
 * vertex, size from the shader clamped to the range; PointCoord) and
 * lines (28.13, VK_EXT_line_rasterization: rectangular lines of width
 * lineWidth ending at the segment's ends; Bresenham lines one fragment per
 * column of an x-major line, on the row nearest the line, the end pixel
 * left out), with interpolation along the line.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rast_test_util.h"
#include "util/test.h"

#define W 64
#define H 48

static bool
shade_point_coord(void *data, unsigned worker, struct rast_fs_batch *b)
{
   float *pc = data;
   for (unsigned lane = 0; lane < RAST_W; lane++) {
      if (!((b->live_mask >> lane) & 1) || ((b->helper_mask >> lane) & 1))
         continue;
      const uint32_t x = (uint32_t)b->frag_coord[lane], y = (uint32_t)b->frag_coord[RAST_W + lane];
      pc[(y * W + x) * 2 + 0] = b->point_coord[lane];
      pc[(y * W + x) * 2 + 1] = b->point_coord[RAST_W + lane];
   }
   (void)worker;
   return true;
}

static uint32_t
draw_kind(struct rast_state *s, const float *verts, uint32_t nverts, enum rast_prim_kind kind,
          const uint32_t *idx, uint32_t n, struct rt_record *r)
{
   const struct rast_framebuffer fb = rt_fb(W, H);
   struct rast_draw d = rt_draw(s, &fb, verts, nverts, kind, idx, n, rt_record_shade, r, 1);
   return rast_draw(&d);
}

TEST(rast_points)
{
   static const struct {
      double x, y;
      float psize, lo, hi;
      bool from_shader;
   } cases[] = {
      {10.5, 10.5, 3.0f, 1.0f, 64.0f, true},  /* centres 9.5 .. 11.5: 3x3 */
      {10.5, 10.5, 2.0f, 1.0f, 64.0f, true},  /* [9.5, 11.5): 2x2 */
      {20.25, 30.75, 5.0f, 1.0f, 4.0f, true}, /* clamped to 4 */
      {40.0, 20.0, 7.0f, 1.0f, 64.0f, false}, /* not from the shader: 1 */
      {33.0, 17.0, 0.5f, 1.0f, 64.0f, true},  /* clamped up to 1 */
   };
   for (unsigned ci = 0; ci < ARRAY_SIZE(cases); ci++) {
      struct rast_state s;
      rast_state_init(&s, W, H);
      s.point_size_from_shader = cases[ci].from_shader;
      s.point_size_min = cases[ci].lo;
      s.point_size_max = cases[ci].hi;
      s.fs.inputs_read = BITFIELD64_BIT(RAST_SLOT_VAR0);
      float verts[RT_STRIDE] = {0};
      rt_set_window_pos(verts, 0, cases[ci].x, cases[ci].y, 0.5f, W, H);
      verts[RAST_SLOT_PSIZ * 4] = cases[ci].psize;
      verts[RAST_SLOT_VAR0 * 4 + 2] = 7.0f;
      const uint32_t idx = 0;
      struct rt_record r;
      REQUIRE(rt_record_init(&r, W, H));
      REQUIRE(draw_kind(&s, verts, 1, RAST_PRIM_POINTS, &idx, 1, &r));
      const double size = cases[ci].from_shader
                             ? fmin(fmax(cases[ci].psize, cases[ci].lo), cases[ci].hi)
                             : 1.0;
      const double x0 = cases[ci].x - size / 2, x1 = cases[ci].x + size / 2;
      const double y0 = cases[ci].y - size / 2, y1 = cases[ci].y + size / 2;
      for (uint32_t py = 0; py < H; py++)
         for (uint32_t px = 0; px < W; px++) {
            const double cx = px + 0.5, cy = py + 0.5;
            const bool in = cx >= x0 && cx < x1 && cy >= y0 && cy < y1;
            if (!CHECK_EQ(r.hits[py * W + px], in))
               fprintf(stderr, "  point %u (%u,%u)\n", ci, px, py);
            if (in)
               CHECK_FLOAT_EQ(r.var[(py * W + px) * 4 + 2], 7.0, 0);
         }
      rt_record_finish(&r);
   }
}

TEST(rast_point_clipping)
{
   /* 27.4: a point whose vertex is outside the clip volume is discarded,
    * even if its square would reach into the viewport. */
   struct rast_state s;
   rast_state_init(&s, W, H);
   s.point_size_from_shader = true;
   s.point_size_max = 64.0f;
   float verts[RT_STRIDE] = {0};
   rt_set_window_pos(verts, 0, -1.0, 10.5, 0.5f, W, H);
   verts[RAST_SLOT_PSIZ * 4] = 8.0f;
   const uint32_t idx = 0;
   struct rt_record r;
   REQUIRE(rt_record_init(&r, W, H));
   REQUIRE(draw_kind(&s, verts, 1, RAST_PRIM_POINTS, &idx, 1, &r));
   uint32_t t = 0;
   for (uint32_t i = 0; i < W * H; i++)
      t += r.hits[i];
   CHECK_EQ(t, 0);
   rt_record_finish(&r);
}

TEST(rast_rectangular_lines)
{
   static const struct {
      double ax, ay, bx, by;
      float width;
   } cases[] = {
      {2.0, 5.5, 12.0, 5.5, 1.0f},
      {3.25, 7.0, 40.5, 31.75, 1.0f},
      {50.5, 3.0, 10.0, 40.0, 3.0f},
      {20.0, 2.0, 20.0, 30.0, 2.0f},
   };
   for (unsigned ci = 0; ci < ARRAY_SIZE(cases); ci++) {
      struct rast_state s;
      rast_state_init(&s, W, H);
      s.line_width = cases[ci].width;
      s.fs.inputs_read = BITFIELD64_BIT(RAST_SLOT_VAR0);
      s.fs.interp[RAST_SLOT_VAR0] = RAST_INTERP_NOPERSPECTIVE;
      float verts[2 * RT_STRIDE] = {0};
      rt_set_window_pos(verts, 0, cases[ci].ax, cases[ci].ay, 0.5f, W, H);
      rt_set_window_pos(verts, 1, cases[ci].bx, cases[ci].by, 0.5f, W, H);
      rt_vertex(verts, 0)[RAST_SLOT_VAR0 * 4] = 0.0f;
      rt_vertex(verts, 1)[RAST_SLOT_VAR0 * 4] = 100.0f;
      const uint32_t idx[2] = {0, 1};
      struct rt_record r;
      REQUIRE(rt_record_init(&r, W, H));
      REQUIRE(draw_kind(&s, verts, 2, RAST_PRIM_LINES, idx, 1, &r));
      const double dx = cases[ci].bx - cases[ci].ax, dy = cases[ci].by - cases[ci].ay;
      const double len = sqrt(dx * dx + dy * dy);
      unsigned bad = 0;
      for (uint32_t py = 0; py < H; py++)
         for (uint32_t px = 0; px < W; px++) {
            const double cx = px + 0.5 - cases[ci].ax, cy = py + 0.5 - cases[ci].ay;
            /* Along (t, in [0, 1]) and across (d, pixels) the segment. */
            const double t = (cx * dx + cy * dy) / (len * len);
            const double d = fabs(cx * dy - cy * dx) / len;
            const double hw = cases[ci].width / 2.0;
            const bool in = t > 1e-3 && t < 1 - 1e-3 && d < hw - 1e-3;
            const bool out = t < -1e-3 || t > 1 + 1e-3 || d > hw + 1e-3;
            const uint32_t h = r.hits[py * W + px];
            if (((in && h != 1) || (out && h != 0) || h > 1) && bad++ < 3)
               fprintf(stderr, "line %u (%u,%u): t %f d %f hits %u\n", ci, px, py, t, d, h);
            /* 28.13: t = (p - a).(b - a) / |b - a|^2 interpolates. */
            if (h == 1 && fabs(r.var[(py * W + px) * 4] - 100.0 * t) > 1e-3 && bad++ < 3)
               fprintf(stderr, "line %u (%u,%u): var %f want %f\n", ci, px, py,
                       r.var[(py * W + px) * 4], 100.0 * t);
         }
      CHECK_EQ(bad, 0);
      rt_record_finish(&r);
   }
}

TEST(rast_bresenham_lines)
{
   static const struct {
      double ax, ay, bx, by;
      float width;
   } cases[] = {
      {0.5, 0.5, 10.5, 3.5, 1.0f},     /* x-major, from a pixel centre */
      {30.5, 40.5, 3.5, 20.5, 1.0f},   /* x-major, right to left */
      {5.25, 2.75, 9.75, 30.25, 1.0f}, /* y-major */
      {2.5, 20.5, 40.5, 30.5, 3.0f},   /* wide: 3 per column */
      {30.25, 2.75, 25.75, 40.25, 2.0f}, /* wide, even width */
   };
   for (unsigned ci = 0; ci < ARRAY_SIZE(cases); ci++) {
      struct rast_state s;
      rast_state_init(&s, W, H);
      s.line_mode = RAST_LINE_BRESENHAM;
      s.line_width = cases[ci].width;
      float verts[2 * RT_STRIDE] = {0};
      rt_set_window_pos(verts, 0, cases[ci].ax, cases[ci].ay, 0.5f, W, H);
      rt_set_window_pos(verts, 1, cases[ci].bx, cases[ci].by, 0.5f, W, H);
      const uint32_t idx[2] = {0, 1};
      struct rt_record r;
      REQUIRE(rt_record_init(&r, W, H));
      REQUIRE(draw_kind(&s, verts, 2, RAST_PRIM_LINES, idx, 1, &r));
      const double dx = cases[ci].bx - cases[ci].ax, dy = cases[ci].by - cases[ci].ay;
      const bool xmaj = fabs(dx) >= fabs(dy);
      const double a0 = xmaj ? cases[ci].ax : cases[ci].ay, a1 = xmaj ? cases[ci].bx : cases[ci].by;
      const double m0 = xmaj ? cases[ci].ay : cases[ci].ax;
      const double slope = xmaj ? dy / dx : dx / dy;
      unsigned bad = 0, count = 0;
      for (uint32_t py = 0; py < H; py++)
         for (uint32_t px = 0; px < W; px++) {
            const int32_t maj = xmaj ? px : py, min = xmaj ? py : px;
            const double c = maj + 0.5;
            /* Columns whose centre is between a0 (in) and a1 (out); the
             * row whose centre is nearest the line there. */
            const bool col = a0 < a1 ? c >= a0 && c < a1 : c <= a0 && c > a1;
            const double m = m0 + (c - a0) * slope;
            /* Wide lines: width pixels of the column, centred on m. */
            const int32_t wdt = (int32_t)cases[ci].width;
            const int32_t lo = (int32_t)floor(m - 0.5 * (wdt - 1));
            const bool want = col && min >= lo && min < lo + wdt;
            count += want;
            if (r.hits[py * W + px] != want && bad++ < 3)
               fprintf(stderr, "bresenham %u (%u,%u): hit %u want %u\n", ci, px, py,
                       r.hits[py * W + px], want);
         }
      CHECK(count >= 10);
      CHECK_EQ(bad, 0);
      rt_record_finish(&r);
   }
}

TEST(rast_point_coord)
{
   /* 28.12.? PointCoord: ((x_f - x_w) / size + 1/2, (y_f - y_w) / size + 1/2)
    * at the fragment centre. */
   struct rast_state s;
   rast_state_init(&s, W, H);
   s.point_size_from_shader = true;
   s.point_size_max = 64.0f;
   float verts[RT_STRIDE] = {0};
   rt_set_window_pos(verts, 0, 20.0, 20.0, 0.5f, W, H);
   verts[RAST_SLOT_PSIZ * 4] = 4.0f;
   const uint32_t idx = 0;
   float *pc = calloc(W * H * 2, sizeof(float));
   REQUIRE(pc);
   const struct rast_framebuffer fb = rt_fb(W, H);
   struct rast_draw d = rt_draw(&s, &fb, verts, 1, RAST_PRIM_POINTS, &idx, 1, NULL, NULL, 1);
   d.shade = shade_point_coord;
   d.shade_data = pc;
   REQUIRE(rast_draw(&d));
   for (uint32_t py = 18; py < 22; py++)
      for (uint32_t px = 18; px < 22; px++) {
         CHECK_FLOAT_EQ(pc[(py * W + px) * 2 + 0], (px + 0.5 - 20.0) / 4.0 + 0.5, 1e-6);
         CHECK_FLOAT_EQ(pc[(py * W + px) * 2 + 1], (py + 0.5 - 20.0) / 4.0 + 0.5, 1e-6);
      }
   free(pc);
}

/* Line stipple: s counts fragments along the major axis from the start of
 * the line, or of its strip; bit (s / factor) % 16 of the pattern keeps a
 * fragment. Lines along row 5 from x = 0.5, so s = the column. */
TEST(rast_line_stipple)
{
   static const struct {
      enum rast_line_mode mode;
      enum rast_topology topo;
      bool last;
      uint16_t pattern;
      uint32_t factor;
   } cases[] = {
      {RAST_LINE_BRESENHAM, RAST_TOPOLOGY_LINE_STRIP, false, 0x0f0f, 1},
      {RAST_LINE_BRESENHAM, RAST_TOPOLOGY_LINE_STRIP, true, 0x0f0f, 1},
      {RAST_LINE_RECTANGULAR, RAST_TOPOLOGY_LINE_STRIP, false, 0x5555, 1},
      {RAST_LINE_RECTANGULAR, RAST_TOPOLOGY_LINE_STRIP, true, 0x00ff, 2},
      {RAST_LINE_BRESENHAM, RAST_TOPOLOGY_LINE_LIST, false, 0x0f0f, 1},
      {RAST_LINE_RECTANGULAR, RAST_TOPOLOGY_LINE_LIST, true, 0x3333, 3},
   };
   for (unsigned ci = 0; ci < ARRAY_SIZE(cases); ci++) {
      struct rast_state s;
      rast_state_init(&s, W, H);
      s.line_mode = cases[ci].mode;
      s.line_stipple_enable = true;
      s.line_stipple_pattern = cases[ci].pattern;
      s.line_stipple_factor = cases[ci].factor;
      /* Strip: 0.5 -> 6.5 -> 30.5; list: the same two segments. */
      float verts[4 * RT_STRIDE] = {0};
      rt_set_window_pos(verts, 0, 0.5, 5.5, 0.5f, W, H);
      rt_set_window_pos(verts, 1, 6.5, 5.5, 0.5f, W, H);
      rt_set_window_pos(verts, 2, 30.5, 5.5, 0.5f, W, H);
      rt_set_window_pos(verts, 3, 6.5, 5.5, 0.5f, W, H);
      const bool strip = cases[ci].topo == RAST_TOPOLOGY_LINE_STRIP;
      static const uint32_t list_idx[4] = {0, 1, 3, 2};
      const struct rast_assembly a = {
         .topology = cases[ci].topo, .indices = strip ? NULL : list_idx,
         .count = strip ? 3 : 4, .provoking_last = cases[ci].last};
      uint32_t idx[4];
      uint8_t flags[2];
      struct rast_assembly af = a;
      af.line_flags = flags;
      REQUIRE(rast_assemble(&af, idx, NULL) == 2);
      struct rt_record r;
      REQUIRE(rt_record_init(&r, W, H));
      const struct rast_framebuffer fb = rt_fb(W, H);
      struct rast_draw d = rt_draw(&s, &fb, verts, 4, RAST_PRIM_LINES, idx, 2, rt_record_shade, &r, 1);
      d.line_flags = flags;
      REQUIRE(rast_draw(&d));
      for (uint32_t x = 0; x < 30; x++) {
         /* A list restarts the count at the second line (x = 6). */
         const uint32_t sc = strip || x < 6 ? x : x - 6;
         const bool want = (cases[ci].pattern >> ((sc / cases[ci].factor) % 16)) & 1;
         if (!CHECK_EQ(r.hits[5 * W + x], want))
            fprintf(stderr, "  case %u column %u\n", ci, x);
      }
      rt_record_finish(&r);
   }
}

static bool
shade_white(void *data, unsigned worker, struct rast_fs_batch *b)
{
   (void)data, (void)worker;
   for (unsigned i = 0; i < 4 * RAST_W; i++)
      b->out[i] = 1.0f;
   return true;
}

/* Smooth lines: alpha carries the pixel's covered area (implementation-
 * dependent in its details; here exact for axis-aligned lines, and the
 * total close to length x width otherwise). */
TEST(rast_smooth_lines)
{
   static const struct {
      double ax, ay, bx, by;
      float width;
   } cases[] = {
      {4.0, 10.0, 20.0, 10.0, 1.0f}, /* between rows 9 and 10: 0.5 each */
      {4.0, 10.5, 20.0, 10.5, 1.0f}, /* on row 10: 1 */
      {3.3, 4.1, 40.2, 30.7, 1.0f},
      {10.0, 40.0, 50.0, 5.0, 2.5f},
   };
   for (unsigned ci = 0; ci < ARRAY_SIZE(cases); ci++) {
      struct rt_image img;
      REQUIRE(rt_image_init(&img, KIL_FORMAT_R32G32B32A32_SFLOAT, W, H, 1, false));
      struct rast_state s;
      rast_state_init(&s, W, H);
      s.line_mode = RAST_LINE_RECTANGULAR_SMOOTH;
      s.line_width = cases[ci].width;
      struct rast_framebuffer fb = rt_fb(W, H);
      fb.color[0] = img.ri;
      float verts[2 * RT_STRIDE] = {0};
      rt_set_window_pos(verts, 0, cases[ci].ax, cases[ci].ay, 0.5f, W, H);
      rt_set_window_pos(verts, 1, cases[ci].bx, cases[ci].by, 0.5f, W, H);
      const uint32_t idx[2] = {0, 1};
      struct rast_draw d = rt_draw(&s, &fb, verts, 2, RAST_PRIM_LINES, idx, 1, shade_white, NULL, 1);
      REQUIRE(rast_draw(&d));
      double sum = 0;
      for (uint32_t y = 0; y < H; y++)
         for (uint32_t x = 0; x < W; x++) {
            float px[4];
            memcpy(px, rt_texel(&img, x, y, 0), 16);
            CHECK(px[3] >= 0.0f && px[3] <= 1.0f);
            sum += px[3];
            if (ci == 0)
               CHECK_FLOAT_EQ(px[3], (y == 9 || y == 10) && x >= 4 && x < 20 ? 0.5 : 0.0, 1e-6);
            if (ci == 1)
               CHECK_FLOAT_EQ(px[3], y == 10 && x >= 4 && x < 20 ? 1.0 : 0.0, 1e-6);
         }
      const double dx = cases[ci].bx - cases[ci].ax, dy = cases[ci].by - cases[ci].ay;
      const double area = sqrt(dx * dx + dy * dy) * cases[ci].width;
      if (!CHECK(fabs(sum - area) < 0.1 * area))
         fprintf(stderr, "  case %u: coverage %f, area %f\n", ci, sum, area);
      rt_image_finish(&img);
   }
}
