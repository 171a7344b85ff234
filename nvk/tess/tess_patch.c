/* SPDX-License-Identifier: MIT */
/*
 * One patch: discard rule, levels rounded per spacing, the special cases
 * of levels of one (Vulkan 1.3, 23.6 and 23.7), the domain generator,
 * then winding (23.3: VertexOrderCw/Ccw read in the domain's orientation,
 * which VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT flips) and point mode.
 */
#include "tess_priv.h"

static uint32_t
max_level(const struct tess_config *cfg)
{
   const uint32_t m = cfg->max_level < 2 ? 2 : cfg->max_level;
   return m > TESS_MAX_LEVEL ? TESS_MAX_LEVEL : m;
}

uint32_t
tess_max_vertices(const struct tess_config *cfg)
{
   const uint32_t l = max_level(cfg) + 1;
   return l * l + 4 * l;
}

uint32_t
tess_max_indices(const struct tess_config *cfg)
{
   /* A triangulation of V points has fewer than 2V triangles; isolines
    * have fewer segments than points. */
   return 6 * tess_max_vertices(cfg);
}

/* "treated as though it were originally specified as 1 + epsilon": the
 * count 1 + epsilon rounds to; points still placed with f = 1. */
static struct tess_segments
one_plus_epsilon(enum tess_spacing spacing, struct tess_segments s)
{
   if (s.n == 1)
      s.n = spacing == TESS_SPACING_FRACTIONAL_ODD ? 3 : 2;
   return s;
}

static void
generate(const struct tess_config *cfg, const struct tess_levels *lv, struct tess_emit *e)
{
   const uint32_t max = max_level(cfg);
   const enum tess_spacing sp = cfg->spacing;
   struct tess_segments outer[4], inner[2];
   for (unsigned i = 0; i < 4; i++)
      outer[i] = tess_round_level(sp, lv->outer[i], max);
   for (unsigned i = 0; i < 2; i++)
      inner[i] = tess_round_level(sp, lv->inner[i], max);

   switch (cfg->domain) {
   case TESS_TRIANGLES:
      /* "If the first inner level and all three outer levels are exactly
       * one after clamping and rounding, only a single triangle with
       * (u,v,w) coordinates of (0,0,1), (1,0,0), and (0,1,0) is
       * generated." */
      if (inner[0].n == 1 && outer[0].n == 1 && outer[1].n == 1 && outer[2].n == 1) {
         const uint32_t a = tess_add_vertex(e, 0, 0, 1), b = tess_add_vertex(e, 1, 0, 0),
                        c = tess_add_vertex(e, 0, 1, 0);
         tess_add_triangle(e, b, c, a);
         return;
      }
      tess_triangles(e, sp, outer, one_plus_epsilon(sp, inner[0]));
      return;
   case TESS_QUADS:
      /* "If both clamped inner levels and all four clamped outer levels
       * have the value one, only a single triangle pair covering the
       * outer rectangle is generated." */
      if (inner[0].n == 1 && inner[1].n == 1 && outer[0].n == 1 && outer[1].n == 1 &&
          outer[2].n == 1 && outer[3].n == 1) {
         const uint32_t a = tess_add_vertex(e, 0, 0, 0), b = tess_add_vertex(e, 1, 0, 0),
                        c = tess_add_vertex(e, 1, 1, 0), d = tess_add_vertex(e, 0, 1, 0);
         tess_add_triangle(e, a, b, c);
         tess_add_triangle(e, a, c, d);
         return;
      }
      inner[0] = one_plus_epsilon(sp, inner[0]);
      inner[1] = one_plus_epsilon(sp, inner[1]);
      tess_quads(e, sp, outer, inner);
      return;
   case TESS_ISOLINES:
   default: {
      /* The line count always uses equal spacing. */
      const struct tess_segments lines =
         tess_round_level(TESS_SPACING_EQUAL, lv->outer[0], max);
      tess_isolines(e, sp, lines.n, outer[1]);
      return;
   }
   }
}

bool
tess_patch(const struct tess_config *cfg, const struct tess_levels *levels,
           struct tess_result *r)
{
   r->vertex_count = 0;
   r->prim_count = 0;
   r->prim = cfg->point_mode                ? TESS_PRIM_POINTS
             : cfg->domain == TESS_ISOLINES ? TESS_PRIM_LINES
                                            : TESS_PRIM_TRIANGLES;
   if (tess_patch_culled(cfg->domain, levels))
      return false;
   struct tess_emit e = {.r = r};
   generate(cfg, levels, &e);

   if (cfg->point_mode) {
      /* Each vertex once. */
      r->prim_count = r->vertex_count;
      for (uint32_t i = 0; i < r->vertex_count; i++)
         r->indices[i] = i;
      return true;
   }
   /* The generators emit triangles of positive area in (u, v): clockwise
    * with v pointing down (the upper-left origin). */
   if (r->prim == TESS_PRIM_TRIANGLES && cfg->ccw != cfg->lower_left) {
      for (uint32_t t = 0; t < r->prim_count; t++) {
         uint32_t *tri = r->indices + 3 * t;
         const uint32_t x = tri[1];
         tri[1] = tri[2];
         tri[2] = x;
      }
   }
   return true;
}
