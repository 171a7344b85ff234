/* SPDX-License-Identifier: MIT */
#include "tess_model.h"

#include <math.h>
#include <string.h>

uint32_t
model_round(enum tess_spacing spacing, float level, uint32_t max, double *f)
{
   double lo = 1, hi = max;
   if (spacing == TESS_SPACING_FRACTIONAL_EVEN)
      lo = 2;
   if (spacing == TESS_SPACING_FRACTIONAL_ODD)
      hi = max - 1;
   double v = isnan(level) ? lo : fmin(fmax((double)level, lo), hi);
   *f = v;
   uint32_t n = 1;
   while ((double)n < v)
      n++;
   while ((spacing == TESS_SPACING_FRACTIONAL_EVEN && n % 2) ||
          (spacing == TESS_SPACING_FRACTIONAL_ODD && n % 2 == 0))
      n++;
   return n;
}

void
model_edge(enum tess_spacing spacing, uint32_t n, double f, double *out)
{
   double len[128];
   if (spacing == TESS_SPACING_EQUAL || n == 1) {
      for (uint32_t i = 0; i < n; i++)
         len[i] = 1.0 / n;
   } else {
      /* n - 2 equal segments and two shorter ones, symmetric, next to the
       * middle (kiln's choice); all of them add up to the edge. */
      const double full = 1.0 / f, part = (1.0 - (n - 2) * full) / 2.0;
      uint32_t k = 0;
      const uint32_t side = (n - 2) / 2;
      for (uint32_t i = 0; i < side; i++)
         len[k++] = full;
      len[k++] = part;
      if (n % 2)
         len[k++] = full;
      len[k++] = part;
      for (uint32_t i = 0; i < side; i++)
         len[k++] = full;
   }
   out[0] = 0;
   for (uint32_t i = 0; i < n; i++)
      out[i + 1] = out[i] + len[i];
   out[n] = 1.0;
}

static void
add(struct model_result *m, double u, double v, double w)
{
   m->coords[m->vertex_count][0] = u;
   m->coords[m->vertex_count][1] = v;
   m->coords[m->vertex_count][2] = w;
   m->vertex_count++;
}

/* The equilateral triangle: A = (1,0,0), B = (0,1,0), C = (0,0,1). */
static const double P[3][2] = {{0, 0}, {1, 0}, {0.5, 0.86602540378443864676}};

static void
to_bary(const double x[2], double out[3])
{
   /* Solve x = u A + v B + w C with u + v + w = 1. */
   const double det = (P[1][0] - P[0][0]) * (P[2][1] - P[0][1]) -
                      (P[2][0] - P[0][0]) * (P[1][1] - P[0][1]);
   const double dx = x[0] - P[0][0], dy = x[1] - P[0][1];
   const double v = (dx * (P[2][1] - P[0][1]) - (P[2][0] - P[0][0]) * dy) / det;
   const double w = ((P[1][0] - P[0][0]) * dy - dx * (P[1][1] - P[0][1])) / det;
   out[0] = 1.0 - v - w;
   out[1] = v;
   out[2] = w;
}

/* Inner ring k of the triangle: points on the outer edge from corner a to
 * corner b at parameters t[k..n-k], pushed inward along the edge's normal
 * until they meet the line through the ring's corners (where the
 * perpendiculars at t[k] on the two edges through a corner cross). */
static void
ring_corner(int a, double d, double out[2])
{
   /* |X - A_a| projected on both edges from a equals d. */
   const int b = (a + 1) % 3, c = (a + 2) % 3;
   double e1[2] = {P[b][0] - P[a][0], P[b][1] - P[a][1]};
   double e2[2] = {P[c][0] - P[a][0], P[c][1] - P[a][1]};
   /* Solve y . e1 = d, y . e2 = d (unit edges). */
   const double det = e1[0] * e2[1] - e1[1] * e2[0];
   const double y0 = (d * e2[1] - e1[1] * d) / det, y1 = (e1[0] * d - d * e2[0]) / det;
   out[0] = P[a][0] + y0;
   out[1] = P[a][1] + y1;
}

static void
model_triangles(const struct tess_config *cfg, const double f_out[3],
                const uint32_t n_out[3], uint32_t n, double f, struct model_result *m)
{
   /* Outer edges: w == 0 (A..B, outer[2]), u == 0 (B..C, outer[0]), v == 0
    * (C..A, outer[1]). */
   static const int lvl[3] = {2, 0, 1};
   uint32_t tris = 0;
   for (int s = 0; s < 3; s++) {
      const int a = s, b = (s + 1) % 3;
      double t[130];
      model_edge(cfg->spacing, n_out[lvl[s]], f_out[lvl[s]], t);
      for (uint32_t i = 0; i < n_out[lvl[s]]; i++) {
         const double x[2] = {P[a][0] + t[i] * (P[b][0] - P[a][0]),
                              P[a][1] + t[i] * (P[b][1] - P[a][1])};
         double bc[3];
         to_bary(x, bc);
         add(m, bc[0], bc[1], bc[2]);
      }
      tris += n_out[lvl[s]];
   }
   double t[130];
   model_edge(cfg->spacing, n, f, t);
   for (uint32_t k = 1; 2 * k <= n; k++) {
      const uint32_t mk = n - 2 * k;
      if (mk == 0) {
         add(m, 1 / 3.0, 1 / 3.0, 1 / 3.0);
         break;
      }
      /* Ring k's sides: in the strip outside it and, when ring k + 1
       * exists (mk >= 2), in the strip inside it: a strip between sides of
       * a and b segments is a + b triangles. */
      tris += 3 * mk;
      if (mk >= 2)
         tris += 3 * mk;
      for (int s = 0; s < 3; s++) {
         const int a = s, b = (s + 1) % 3;
         double ra[2], rb[2];
         ring_corner(a, t[k], ra);
         ring_corner(b, t[k], rb);
         for (uint32_t i = k; i < n - k; i++) {
            const double q[2] = {P[a][0] + t[i] * (P[b][0] - P[a][0]),
                                 P[a][1] + t[i] * (P[b][1] - P[a][1])};
            /* The inward normal of edge a->b, and its crossing with ra-rb. */
            const double e[2] = {P[b][0] - P[a][0], P[b][1] - P[a][1]};
            const double nrm[2] = {-e[1], e[0]};
            const double r[2] = {rb[0] - ra[0], rb[1] - ra[1]};
            /* q + s nrm = ra + u r */
            const double det = nrm[0] * (-r[1]) - nrm[1] * (-r[0]);
            const double bx = ra[0] - q[0], by = ra[1] - q[1];
            const double sn = (bx * (-r[1]) - by * (-r[0])) / det;
            const double x[2] = {q[0] + sn * nrm[0], q[1] + sn * nrm[1]};
            double bc[3];
            to_bary(x, bc);
            add(m, bc[0], bc[1], bc[2]);
         }
      }
      if (mk == 1)
         tris += 1;
   }
   m->prim_count = tris;
}

static void
model_quads(const struct tess_config *cfg, const double f_out[4], const uint32_t n_out[4],
            const uint32_t n_in[2], const double f_in[2], struct model_result *m)
{
   /* Edges: v == 0 (outer[1]), u == 1 (outer[2]), v == 1 (outer[3]),
    * u == 0 (outer[0]); each contributes its points but its last. */
   uint32_t tris = 0;
   static const double from[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
   static const int lvl[4] = {1, 2, 3, 0};
   for (int s = 0; s < 4; s++) {
      double t[130];
      const double *a = from[s], *b = from[(s + 1) % 4];
      model_edge(cfg->spacing, n_out[lvl[s]], f_out[lvl[s]], t);
      for (uint32_t i = 0; i < n_out[lvl[s]]; i++)
         add(m, a[0] + t[i] * (b[0] - a[0]), a[1] + t[i] * (b[1] - a[1]), 0);
      tris += n_out[lvl[s]];
   }
   double tu[130], tv[130];
   model_edge(cfg->spacing, n_in[0], f_in[0], tu);
   model_edge(cfg->spacing, n_in[1], f_in[1], tv);
   for (uint32_t i = 1; i < n_in[0]; i++)
      for (uint32_t j = 1; j < n_in[1]; j++)
         add(m, tu[i], tv[j], 0);
   const uint32_t iu = n_in[0] - 2, iv = n_in[1] - 2;
   tris += 2 * iu + 2 * iv + 2 * iu * iv;
   m->prim_count = tris;
}

void
model_patch(const struct tess_config *cfg, const struct tess_levels *lv,
            struct model_result *m)
{
   memset(m, 0, sizeof(*m));
   const unsigned relevant = cfg->domain == TESS_TRIANGLES ? 3
                             : cfg->domain == TESS_QUADS   ? 4
                                                           : 2;
   for (unsigned i = 0; i < relevant; i++) {
      if (isnan(lv->outer[i]) || lv->outer[i] <= 0) {
         m->culled = true;
         return;
      }
   }
   const uint32_t max = cfg->max_level;
   double f_out[4], f_in[2];
   uint32_t n_out[4], n_in[2];
   for (int i = 0; i < 4; i++)
      n_out[i] = model_round(cfg->spacing, lv->outer[i], max, &f_out[i]);
   for (int i = 0; i < 2; i++)
      n_in[i] = model_round(cfg->spacing, lv->inner[i], max, &f_in[i]);
   const uint32_t eps_n = cfg->spacing == TESS_SPACING_FRACTIONAL_ODD ? 3 : 2;

   if (cfg->domain == TESS_TRIANGLES) {
      if (n_in[0] == 1 && n_out[0] == 1 && n_out[1] == 1 && n_out[2] == 1) {
         add(m, 0, 0, 1);
         add(m, 1, 0, 0);
         add(m, 0, 1, 0);
         m->prim_count = 1;
      } else {
         model_triangles(cfg, f_out, n_out, n_in[0] == 1 ? eps_n : n_in[0], f_in[0], m);
      }
   } else if (cfg->domain == TESS_QUADS) {
      if (n_in[0] == 1 && n_in[1] == 1 && n_out[0] == 1 && n_out[1] == 1 &&
          n_out[2] == 1 && n_out[3] == 1) {
         add(m, 0, 0, 0);
         add(m, 1, 0, 0);
         add(m, 1, 1, 0);
         add(m, 0, 1, 0);
         m->prim_count = 2;
      } else {
         for (int i = 0; i < 2; i++)
            if (n_in[i] == 1)
               n_in[i] = eps_n;
         model_quads(cfg, f_out, n_out, n_in, f_in, m);
      }
   } else {
      double unused;
      const uint32_t lines = model_round(TESS_SPACING_EQUAL, lv->outer[0], max, &unused);
      double t[130];
      model_edge(cfg->spacing, n_out[1], f_out[1], t);
      for (uint32_t j = 0; j < lines; j++)
         for (uint32_t i = 0; i <= n_out[1]; i++)
            add(m, t[i], (double)j / lines, 0);
      m->prim_count = lines * n_out[1];
   }
   if (cfg->point_mode)
      m->prim_count = m->vertex_count;
}
