/* SPDX-License-Identifier: MIT */
/*
 * tess_bench: the tessellator's speed per domain, spacing and level (one
 * thread): patches per second and nanoseconds per emitted vertex, in
 * thread CPU time (steadier than wall time on a shared machine). Not a
 * test; numbers in docs/tess.md.
 *
 *    build/nvk/tess/tess_bench [milliseconds per case]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "tess.h"

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
   const double budget_s = (argc > 1 ? atof(argv[1]) : 200.0) / 1000.0;
   static const char *const dn[] = {"triangles", "quads", "isolines"};
   static const char *const sn[] = {"equal", "fractional_even", "fractional_odd"};
   static const float levels[] = {4.0f, 15.5f, 64.0f};
   printf("%-10s %-16s %6s %9s %8s %12s %10s\n", "domain", "spacing", "level", "vertices",
          "prims", "patches/s", "ns/vertex");
   for (int d = TESS_TRIANGLES; d <= TESS_ISOLINES; d++)
      for (int sp = TESS_SPACING_EQUAL; sp <= TESS_SPACING_FRACTIONAL_ODD; sp++)
         for (unsigned l = 0; l < sizeof(levels) / sizeof(levels[0]); l++) {
            const struct tess_config cfg = {.domain = d, .spacing = sp, .max_level = 64};
            const float x = levels[l];
            const struct tess_levels lv = {{x, x, x, x}, {x, x}};
            float(*coords)[3] = malloc(tess_max_vertices(&cfg) * sizeof(*coords));
            uint32_t *idx = malloc(tess_max_indices(&cfg) * sizeof(*idx));
            struct tess_result r = {.coords = coords, .indices = idx};
            unsigned long n = 0;
            const double t0 = now_s();
            double t;
            do {
               for (unsigned i = 0; i < 64; i++)
                  tess_patch(&cfg, &lv, &r);
               n += 64;
               t = now_s() - t0;
            } while (t < budget_s);
            printf("%-10s %-16s %6.1f %9u %8u %12.0f %10.2f\n", dn[d], sn[sp], x,
                   r.vertex_count, r.prim_count, n / t,
                   t * 1e9 / ((double)n * r.vertex_count));
            free(coords);
            free(idx);
         }
   return 0;
}
