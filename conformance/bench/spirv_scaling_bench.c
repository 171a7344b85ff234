/* SPDX-License-Identifier: MIT */
/*
 * spirv_scaling_bench: the front end and the way back are linear in the
 * module (issue 16). For each shape of shared/spirv/tests/stn_gen.h it
 * generates modules of doubling size, times spirv_to_nir (with its passes)
 * and ntv on each, and prints the growth factor per doubling, measured and
 * fitted over the sizes: about 2 is linear, 4 quadratic. The same is timed
 * for a clone of the translated IR, a pass linear by construction: where
 * the working set leaves a cache level even a linear pass grows faster than
 * 2x, so the verdict is on the growth relative to the clone's (2x the
 * fitted growth of the ratio): above 2.3 fails (exit status 1). Timings
 * are process CPU time (other processes on a shared machine do not count),
 * the best of 3 batches, each batch repeating the translation for at least
 * 40 ms, so that small sizes are not noise.
 *
 *   spirv_scaling_bench [--quick] [SHAPE...]     (SHAPE: chain, nest, ...)
 *   spirv_scaling_bench --write SHAPE UNITS > x.spv   (one module, to inspect)
 *
 * --quick measures three sizes per shape instead of five. Numbers in
 * docs/performance.md.
 */
#include "nir/nir.h"
#include "ntv/nir_to_spirv.h"
#include "spirv/spirv_to_nir.h"
#include "stn_gen.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <malloc.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include "util/arena.h"

#define MAX_GROWTH 2.3
#define BATCH_S 0.040
/* Times below this (per translation, averaged over a batch) are too short
 * for their ratio to mean anything. */
#define MIN_TIMED_S 0.0001

static const struct {
   enum stn_gen_shape shape;
   const char *arg;
   unsigned first_units;
} shapes[] = {
   {STN_GEN_CHAIN, "chain", 4096},       {STN_GEN_NEST, "nest", 31},
   {STN_GEN_SWITCH, "switch", 1000},     {STN_GEN_FUNCTIONS, "functions", 512},
   {STN_GEN_VARIABLES, "variables", 1024}, {STN_GEN_PHI_WEB, "phi", 1024},
};

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct timing {
   double stn_s, ntv_s, clone_s;
   bool ok;
};

/* One translation there and back; false (and a message) on failure. */
static bool
trip(const uint32_t *w, size_t n, bool with_ntv, double *stn_s, double *ntv_s,
     double *clone_s)
{
   const struct spirv_to_nir_options opts = {.env = SPIRV_ENV_VULKAN};
   char *err = NULL;
   const double t0 = now_s();
   nir_shader *s = spirv_to_nir(w, n, NIR_STAGE_COMPUTE, "main", &opts, NULL, &err);
   const double t1 = now_s();
   if (!s) {
      fprintf(stderr, "spirv_to_nir: %s\n", err ? err : "(no message)");
      free(err);
      return false;
   }
   *stn_s += t1 - t0;
   /* The baseline: a clone is linear in the IR by construction, and walks
    * as much memory as the translation builds. */
   const double tc = now_s();
   nir_shader *c = nir_shader_clone(NULL, s);
   *clone_s += now_s() - tc;
   if (c)
      nir_shader_destroy(c);
   bool ok = c != NULL;
   if (with_ntv) {
      struct arena *a = arena_create(NULL);
      const struct ntv_options nopts = {.target = NTV_TARGET_VULKAN_1_0};
      uint32_t *out;
      size_t out_n;
      const char *nerr = NULL;
      const double t2 = now_s();
      ok = a && ntv_emit(s, &nopts, a, &out, &out_n, &nerr);
      *ntv_s += now_s() - t2;
      if (!ok)
         fprintf(stderr, "ntv: %s\n", nerr ? nerr : "out of memory");
      arena_destroy(a);
   }
   nir_shader_destroy(s);
   return ok;
}

static struct timing
measure(const uint32_t *w, size_t n)
{
   struct timing best = {.stn_s = 1e30, .ntv_s = 1e30, .clone_s = 1e30, .ok = true};
   for (unsigned batch = 0; batch < 3; batch++) {
      double stn = 0, ntv = 0, clone = 0;
      unsigned reps = 0;
      const double start = now_s();
      do {
         if (!trip(w, n, true, &stn, &ntv, &clone)) {
            best.ok = false;
            return best;
         }
         reps++;
      } while (now_s() - start < BATCH_S);
      if (stn / reps < best.stn_s)
         best.stn_s = stn / reps;
      if (ntv / reps < best.ntv_s)
         best.ntv_s = ntv / reps;
      if (clone / reps < best.clone_s)
         best.clone_s = clone / reps;
   }
   return best;
}

static double
growth(double before, double after)
{
   return before >= MIN_TIMED_S ? after / before : 0;
}

/* The growth per doubling that fits the timed sizes best: 2^slope of the
 * least-squares line through (log2 units, log2 time), over the sizes timed
 * long enough. Single doublings jump where the working set leaves a cache
 * level and on a loaded machine; the fit over the whole range does not. */
static double
fitted_growth(const double *units, const double *t, unsigned n)
{
   double sx = 0, sy = 0, sxx = 0, sxy = 0;
   unsigned k = 0;
   for (unsigned i = 0; i < n; i++) {
      if (t[i] < MIN_TIMED_S)
         continue;
      const double x = log2(units[i]), y = log2(t[i]);
      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
      k++;
   }
   if (k < 2)
      return 0;
   return exp2((k * sxy - sx * sy) / (k * sxx - sx * sx));
}

/* Prints the shape's table; returns false when a fitted factor is too high
 * or a translation failed. */
static bool
run_shape(unsigned i, unsigned sizes)
{
   const enum stn_gen_shape shape = shapes[i].shape;
   printf("%s (%s)\n", stn_gen_shape_name(shape), shapes[i].arg);
   printf("  %8s %9s %11s %7s %11s %7s %11s %7s\n", "units", "words", "spirv_to_nir",
          "growth", "ntv", "growth", "IR clone", "growth");
   struct timing prev = {0};
   double xs[16], stn_t[16], ntv_t[16], clone_t[16];
   unsigned measured = 0;
   for (unsigned k = 0; k < sizes && k < 16; k++) {
      const unsigned units = shapes[i].first_units << k;
      if (units > stn_gen_max_units(shape))
         break;
      size_t n;
      uint32_t *w = stn_gen_module(shape, units, &n);
      if (!w) {
         fprintf(stderr, "out of memory generating %u units\n", units);
         return false;
      }
      const struct timing t = measure(w, n);
      free(w);
      if (!t.ok)
         return false;
      const double gs = k ? growth(prev.stn_s, t.stn_s) : 0;
      const double gn = k ? growth(prev.ntv_s, t.ntv_s) : 0;
      const double gc = k ? growth(prev.clone_s, t.clone_s) : 0;
      printf("  %8u %9zu %9.2f ms %6.2fx %8.2f ms %6.2fx %8.2f ms %6.2fx\n", units, n,
             t.stn_s * 1e3, gs, t.ntv_s * 1e3, gn, t.clone_s * 1e3, gc);
      fflush(stdout);
      xs[measured] = units;
      stn_t[measured] = t.stn_s;
      clone_t[measured] = t.clone_s;
      ntv_t[measured++] = t.ntv_s;
      prev = t;
   }
   const double fs = fitted_growth(xs, stn_t, measured);
   const double fn = fitted_growth(xs, ntv_t, measured);
   const double fc = fitted_growth(xs, clone_t, measured);
   printf("  %8s %9s %12s %6.2fx %11s %6.2fx %11s %6.2fx\n", "fitted", "", "", fs, "", fn, "",
          fc);
   /* Relative to the clone: what the memory hierarchy adds to a linear
    * pass over IR of this size is divided out (2x the ratio's growth). */
   const double rs = fc > 0 ? 2 * fs / fc : fs;
   const double rn = fc > 0 ? 2 * fn / fc : fn;
   const bool ok = rs <= MAX_GROWTH && rn <= MAX_GROWTH;
   printf("  %8s %9s %12s %6.2fx %11s %6.2fx%s\n", "vs clone", "", "", rs, "", rn,
          ok ? "" : "  <- above 2.3x");
   fflush(stdout);
   return ok;
}

int
main(int argc, char **argv)
{
   unsigned sizes = 5;
   bool pick[sizeof(shapes) / sizeof(shapes[0])] = {0}, any = false;
   if (argc == 4 && strcmp(argv[1], "--write") == 0) {
      /* --write SHAPE UNITS: the module on stdout, for spirv-val/spirv-dis. */
      for (unsigned i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
         if (strcmp(argv[2], shapes[i].arg) != 0)
            continue;
         size_t n;
         uint32_t *w = stn_gen_module(shapes[i].shape, (unsigned)atoi(argv[3]), &n);
         const bool ok = w && fwrite(w, sizeof(uint32_t), n, stdout) == n && fflush(stdout) == 0;
         free(w);
         return ok ? 0 : 1;
      }
      return 2;
   }
   for (int a = 1; a < argc; a++) {
      if (strcmp(argv[a], "--quick") == 0) {
         sizes = 3;
         continue;
      }
      bool found = false;
      for (unsigned i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
         if (strcmp(argv[a], shapes[i].arg) == 0)
            pick[i] = found = any = true;
      }
      if (!found) {
         fprintf(stderr, "usage: %s [--quick] [chain|nest|switch|functions|variables|phi]...\n",
                 argv[0]);
         return 2;
      }
   }
   /* Freed memory stays in the process: the arenas' 1 MiB chunks would
    * otherwise be mmap'ed and unmapped by every translation, and the
    * kernel's page clearing (linear, but a step in cost per byte where the
    * chunks cross malloc's mmap threshold) would blur the growth factors. */
   mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
   mallopt(M_TRIM_THRESHOLD, 1024 * 1024 * 1024);
   bool ok = true;
   for (unsigned i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
      if (!any || pick[i])
         ok &= run_shape(i, sizes);
   }
   printf("%s: growth per doubling %s %.1fx\n", ok ? "PASS" : "FAIL",
          ok ? "at most" : "above", MAX_GROWTH);
   return ok ? 0 : 1;
}
