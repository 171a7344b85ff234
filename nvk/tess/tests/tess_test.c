/* SPDX-License-Identifier: MIT */
/*
 * The tessellator against the spec (Vulkan 1.3, chapter 23): level
 * rounding per spacing, the fractional edge rules, discarded patches,
 * and for a matrix of domains x spacings x levels x point mode the
 * library's vertices and primitive counts against tess_model.c (an
 * independent construction), plus the properties every triangulation
 * must have: each triangle the requested winding, the triangles tiling the
 * domain exactly (areas add up, every inner edge shared by two triangles
 * in opposite directions, the others on the domain's boundary).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "tess.h"
#include "tess_model.h"
#include "util/test.h"

#define EPS 1e-5

struct buffers {
   float (*coords)[3];
   uint32_t *indices;
};

static struct buffers
alloc_for(const struct tess_config *cfg)
{
   return (struct buffers){
      malloc(tess_max_vertices(cfg) * sizeof(float[3])),
      malloc(tess_max_indices(cfg) * sizeof(uint32_t)),
   };
}

TEST(tess_round_levels)
{
   static const struct {
      enum tess_spacing sp;
      float level;
      uint32_t n;
      float f;
   } cases[] = {
      {TESS_SPACING_EQUAL, 0.3f, 1, 1.0f},
      {TESS_SPACING_EQUAL, 1.0f, 1, 1.0f},
      {TESS_SPACING_EQUAL, 1.01f, 2, 1.01f},
      {TESS_SPACING_EQUAL, 3.0f, 3, 3.0f},
      {TESS_SPACING_EQUAL, 63.5f, 64, 63.5f},
      {TESS_SPACING_EQUAL, 1000.0f, 64, 64.0f},
      {TESS_SPACING_EQUAL, NAN, 1, 1.0f},
      {TESS_SPACING_FRACTIONAL_EVEN, 0.5f, 2, 2.0f},
      {TESS_SPACING_FRACTIONAL_EVEN, 2.0f, 2, 2.0f},
      {TESS_SPACING_FRACTIONAL_EVEN, 2.5f, 4, 2.5f},
      {TESS_SPACING_FRACTIONAL_EVEN, 4.0f, 4, 4.0f},
      {TESS_SPACING_FRACTIONAL_EVEN, 63.1f, 64, 63.1f},
      {TESS_SPACING_FRACTIONAL_EVEN, 99.0f, 64, 64.0f},
      {TESS_SPACING_FRACTIONAL_ODD, 0.5f, 1, 1.0f},
      {TESS_SPACING_FRACTIONAL_ODD, 1.0f, 1, 1.0f},
      {TESS_SPACING_FRACTIONAL_ODD, 1.5f, 3, 1.5f},
      {TESS_SPACING_FRACTIONAL_ODD, 3.0f, 3, 3.0f},
      {TESS_SPACING_FRACTIONAL_ODD, 3.2f, 5, 3.2f},
      {TESS_SPACING_FRACTIONAL_ODD, 64.0f, 63, 63.0f},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      const struct tess_segments s = tess_round_level(cases[i].sp, cases[i].level, 64);
      if (!CHECK_EQ(s.n, cases[i].n) || !CHECK(s.f == cases[i].f))
         printf("  case %u: level %g -> n %u f %g\n", i, cases[i].level, s.n, s.f);
      double mf;
      CHECK_EQ(model_round(cases[i].sp, cases[i].level, 64, &mf), s.n);
   }
}

/* 23.4: n - 2 segments of equal length, two more of equal length, placed
 * symmetrically, relatively shorter as n - f grows, equal at n == f. */
TEST(tess_fractional_edges)
{
   for (int sp = TESS_SPACING_FRACTIONAL_EVEN; sp <= TESS_SPACING_FRACTIONAL_ODD; sp++) {
      double prev_ratio = 2.0;
      uint32_t prev_n = 0;
      for (float level = 1.0f; level <= 20.0f; level += 0.25f) {
         const struct tess_segments s = tess_round_level(sp, level, 64);
         if (s.n < 3)
            continue;
         double len[64];
         for (uint32_t i = 0; i < s.n; i++)
            len[i] = tess_edge_point(sp, s, i + 1) - tess_edge_point(sp, s, i);
         double full = 0, part = 1e9;
         unsigned n_full = 0;
         for (uint32_t i = 0; i < s.n; i++) {
            CHECK(fabs(len[i] - len[s.n - 1 - i]) < 1e-12); /* symmetric */
            full = fmax(full, len[i]);
            part = fmin(part, len[i]);
         }
         for (uint32_t i = 0; i < s.n; i++)
            n_full += fabs(len[i] - full) < 1e-12;
         if (s.f == (float)s.n) {
            CHECK(fabs(full - part) < 1e-12);
         } else {
            CHECK_EQ(n_full, s.n - 2);
            const double ratio = part / full;
            /* Monotonic in n - f within one n. */
            if (s.n == prev_n)
               CHECK(ratio > prev_ratio);
            prev_ratio = ratio;
         }
         prev_n = s.n;
         CHECK(tess_edge_point(sp, s, s.n) == 1.0);
      }
   }
}

TEST(tess_discard)
{
   static const struct {
      enum tess_domain d;
      float outer[4];
      bool culled;
   } cases[] = {
      {TESS_TRIANGLES, {1, 1, 1, 0}, false}, /* outer[3] is not relevant */
      {TESS_TRIANGLES, {1, 0, 1, 1}, true},   {TESS_TRIANGLES, {1, 1, -2, 1}, true},
      {TESS_TRIANGLES, {NAN, 1, 1, 1}, true}, {TESS_QUADS, {1, 1, 1, 0}, true},
      {TESS_QUADS, {1, 1, 1, 1e-30f}, false}, {TESS_QUADS, {1, 1, 1, -0.0f}, true},
      {TESS_ISOLINES, {1, 1, 0, 0}, false},   {TESS_ISOLINES, {1, NAN, 1, 1}, true},
      {TESS_ISOLINES, {0, 4, 1, 1}, true},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      struct tess_config cfg = {.domain = cases[i].d, .max_level = 64};
      struct tess_levels lv = {.inner = {NAN, NAN}};
      memcpy(lv.outer, cases[i].outer, sizeof(lv.outer));
      struct buffers b = alloc_for(&cfg);
      struct tess_result r = {.coords = b.coords, .indices = b.indices};
      const bool drawn = tess_patch(&cfg, &lv, &r);
      if (!CHECK_EQ(drawn, !cases[i].culled))
         printf("  case %u\n", i);
      if (!drawn)
         CHECK_EQ(r.vertex_count, 0); /* a discarded patch emits nothing */
      free(b.coords);
      free(b.indices);
   }
}

static double
area2(const float a[3], const float b[3], const float c[3])
{
   return ((double)b[0] - a[0]) * ((double)c[1] - a[1]) -
          ((double)c[0] - a[0]) * ((double)b[1] - a[1]);
}

static bool
on_boundary(enum tess_domain d, const float p[3])
{
   if (d == TESS_TRIANGLES)
      return p[0] < EPS || p[1] < EPS || p[2] < EPS;
   return p[0] < EPS || p[1] < EPS || p[0] > 1 - EPS || p[1] > 1 - EPS;
}

/* The triangles tile the domain with one winding. */
static void
check_tiling(const struct tess_config *cfg, const struct tess_result *r, const char *name)
{
   const double sign = cfg->ccw != cfg->lower_left ? -1.0 : 1.0;
   double area = 0;
   const uint32_t v = r->vertex_count;
   /* Directed edges seen: a small hash of (a, b). */
   uint8_t *seen = calloc((size_t)v * v, 1);
   unsigned bad_winding = 0, dup_edges = 0, open_edges = 0;
   for (uint32_t t = 0; t < r->prim_count; t++) {
      const uint32_t *tri = r->indices + 3 * t;
      const double a = area2(r->coords[tri[0]], r->coords[tri[1]], r->coords[tri[2]]);
      /* Zero-area triangles appear only in the "1 + epsilon" fractional
       * odd case, where short segments have zero length. */
      bad_winding += a * sign < 0;
      area += fabs(a) / 2;
      for (int e = 0; e < 3; e++) {
         const uint32_t x = tri[e], y = tri[(e + 1) % 3];
         dup_edges += seen[(size_t)x * v + y]++ != 0;
      }
   }
   for (uint32_t x = 0; x < v; x++)
      for (uint32_t y = 0; y < v; y++)
         if (seen[(size_t)x * v + y] && !seen[(size_t)y * v + x] &&
             !(on_boundary(cfg->domain, r->coords[x]) &&
               on_boundary(cfg->domain, r->coords[y])))
            open_edges++;
   free(seen);
   const double want = cfg->domain == TESS_TRIANGLES ? 0.5 : 1.0;
   bool ok = CHECK(bad_winding == 0);
   ok &= CHECK(fabs(area - want) < 1e-4);
   ok &= CHECK(dup_edges == 0);
   ok &= CHECK(open_edges == 0);
   if (!ok)
      printf("  %s: winding %u area %.6f dup %u open %u\n", name, bad_winding, area,
             dup_edges, open_edges);
}

/* Every model vertex is a library vertex and the counts agree. */
static void
check_against_model(const struct tess_config *cfg, const struct tess_levels *lv,
                    const char *name)
{
   struct buffers b = alloc_for(cfg);
   struct tess_result r = {.coords = b.coords, .indices = b.indices};
   static struct model_result m;
   const bool drawn = tess_patch(cfg, lv, &r);
   model_patch(cfg, lv, &m);
   bool ok = CHECK_EQ(drawn, !m.culled) && CHECK_EQ(r.vertex_count, m.vertex_count) &&
             CHECK_EQ(r.prim_count, m.prim_count);
   CHECK(r.vertex_count <= tess_max_vertices(cfg));
   if (ok) {
      uint8_t *used = calloc(r.vertex_count + 1, 1);
      unsigned missing = 0;
      for (uint32_t i = 0; i < m.vertex_count; i++) {
         uint32_t j;
         for (j = 0; j < r.vertex_count; j++) {
            if (!used[j] && fabs(r.coords[j][0] - m.coords[i][0]) < EPS &&
                fabs(r.coords[j][1] - m.coords[i][1]) < EPS &&
                fabs(r.coords[j][2] - m.coords[i][2]) < EPS)
               break;
         }
         if (j == r.vertex_count) {
            if (missing++ < 3)
               printf("  %s: model vertex (%.6f %.6f %.6f) not produced\n", name,
                      m.coords[i][0], m.coords[i][1], m.coords[i][2]);
         } else {
            used[j] = 1;
         }
      }
      ok = CHECK_EQ(missing, 0);
      free(used);
      /* Triangle coordinates add up to one. */
      if (cfg->domain == TESS_TRIANGLES)
         for (uint32_t i = 0; i < r.vertex_count; i++)
            ok &= CHECK(fabs(r.coords[i][0] + r.coords[i][1] + r.coords[i][2] - 1) < EPS);
   }
   if (ok && r.prim == TESS_PRIM_TRIANGLES)
      check_tiling(cfg, &r, name);
   if (ok && r.prim == TESS_PRIM_LINES) {
      /* Each segment joins neighbours on one isoline. */
      for (uint32_t l = 0; l < r.prim_count; l++) {
         const float *p = r.coords[r.indices[2 * l]], *q = r.coords[r.indices[2 * l + 1]];
         ok &= CHECK(p[1] == q[1] && q[0] > p[0]);
      }
   }
   if (ok && r.prim == TESS_PRIM_POINTS)
      for (uint32_t i = 0; i < r.prim_count; i++)
         ok &= CHECK_EQ(r.indices[i], i);
   if (!ok)
      printf("  in %s: drawn %d/%d vertices %u/%u prims %u/%u\n", name, drawn, !m.culled,
             r.vertex_count, m.vertex_count, r.prim_count, m.prim_count);
   free(b.coords);
   free(b.indices);
}

static const struct tess_levels level_sets[] = {
   {{1, 1, 1, 1}, {1, 1}},
   {{1, 1, 1, 1}, {2, 2}},
   {{2, 1, 1, 1}, {1, 1}},
   {{1, 1, 1, 1}, {1, 3}},
   {{3, 3, 3, 3}, {3, 3}},
   {{2, 3, 4, 5}, {4, 6}},
   {{1.5f, 2.25f, 3.75f, 6.1f}, {2.5f, 7.3f}},
   {{5.5f, 1, 9.9f, 2}, {5.5f, 2.2f}},
   {{7, 7, 7, 7}, {1, 1}},
   {{0.5f, 0.25f, 0.75f, 0.1f}, {0.2f, 0.3f}},
   {{64, 64, 64, 64}, {64, 64}},
   {{100, 33.3f, 17, 64}, {63.5f, 1e9f}},
   {{4, 4, 4, 4}, {NAN, 5}},
};

TEST(tess_domains_against_model)
{
   static const char *dn[] = {"triangles", "quads", "isolines"};
   static const char *sn[] = {"equal", "fractional_even", "fractional_odd"};
   for (int d = TESS_TRIANGLES; d <= TESS_ISOLINES; d++)
      for (int sp = TESS_SPACING_EQUAL; sp <= TESS_SPACING_FRACTIONAL_ODD; sp++)
         for (unsigned l = 0; l < ARRAY_SIZE(level_sets); l++)
            for (int pm = 0; pm < 2; pm++) {
               const struct tess_config cfg = {
                  .domain = d, .spacing = sp, .point_mode = pm, .max_level = 64};
               char name[96];
               snprintf(name, sizeof(name), "%s %s levels %u%s", dn[d], sn[sp], l,
                        pm ? " point mode" : "");
               check_against_model(&cfg, &level_sets[l], name);
            }
}

/* VertexOrderCw/Ccw with both domain origins: the sign of every
 * triangle's area in (u, v). */
TEST(tess_winding)
{
   const struct tess_levels lv = {{3, 4, 5, 6}, {3, 4}};
   for (int d = TESS_TRIANGLES; d <= TESS_QUADS; d++)
      for (int ccw = 0; ccw < 2; ccw++)
         for (int ll = 0; ll < 2; ll++) {
            const struct tess_config cfg = {
               .domain = d, .ccw = ccw, .lower_left = ll, .max_level = 64};
            char name[64];
            snprintf(name, sizeof(name), "winding d%d ccw%d lower_left%d", d, ccw, ll);
            check_against_model(&cfg, &lv, name);
         }
}

/* A smaller maxTessellationGenerationLevel clamps. */
TEST(tess_max_level)
{
   const struct tess_config cfg = {.domain = TESS_QUADS, .max_level = 8};
   const struct tess_levels lv = {{64, 64, 64, 64}, {64, 64}};
   check_against_model(&cfg, &lv, "quads max 8");
   struct buffers b = alloc_for(&cfg);
   struct tess_result r = {.coords = b.coords, .indices = b.indices};
   tess_patch(&cfg, &lv, &r);
   CHECK_EQ(r.vertex_count, 9 * 9); /* an 8 x 8 grid of cells */
   CHECK_EQ(r.prim_count, 2 * 8 * 8);
   free(b.coords);
   free(b.indices);
}
