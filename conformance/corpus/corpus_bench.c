/* SPDX-License-Identifier: MIT */
#include "corpus_bench.h"

#include <stdio.h>
#include <stdlib.h>

#include "corpus.h"
#include "kgl_validate.h"
#include "util/arena.h"
#include "util/macros.h"
#include "util/os.h"

/* Each module is timed this many times and the fastest run kept, so that a
 * page fault or a preemption does not land on one side only. */
#define BENCH_REPEAT 3

/* The fastest of BENCH_REPEAT runs of spirv-opt's parse + re-emit; 0 if it
 * refused the module. */
static uint64_t
time_reference(const uint32_t *words, size_t word_count)
{
   uint64_t best = UINT64_MAX;
   for (int i = 0; i < BENCH_REPEAT; i++) {
      uint32_t *out = NULL;
      size_t out_count = 0;
      const uint64_t t0 = util_time_ns();
      const bool ok = kgl_spirv_reemit(words, word_count, &out, &out_count);
      const uint64_t dt = util_time_ns() - t0;
      free(out);
      if (!ok)
         return 0;
      best = MIN2(best, dt);
   }
   return best;
}

/* The same for one trip through spirv_to_nir and ntv (no validation). */
static uint64_t
time_roundtrip(const uint32_t *words, size_t word_count, enum kgl_stage stage,
               enum kgl_flavour flavour)
{
   uint64_t best = UINT64_MAX;
   for (int i = 0; i < BENCH_REPEAT; i++) {
      struct arena *arena = arena_create(NULL);
      if (!arena)
         return 0;
      uint32_t *out;
      size_t out_count;
      char reason[64];
      const uint64_t t0 = util_time_ns();
      const bool ok = corpus_trip(words, word_count, stage, flavour == KGL_FLAVOUR_GL, false,
                                  arena, &out, &out_count, reason, sizeof(reason));
      arena_destroy(arena);
      const uint64_t dt = util_time_ns() - t0;
      if (!ok)
         return 0;
      best = MIN2(best, dt);
   }
   return best;
}

void
corpus_bench_module(const uint32_t *words, size_t word_count, enum kgl_stage stage,
                    enum kgl_flavour flavour, bool roundtrip, struct corpus_bench *bench)
{
   /* Only modules both sides handle count, so the ratio compares the same
    * work. */
   const uint64_t ref = time_reference(words, word_count);
   if (!ref) {
      bench->reference_failures++;
      return;
   }
   uint64_t ours = 0;
   if (roundtrip) {
      ours = time_roundtrip(words, word_count, stage, flavour);
      if (!ours) {
         bench->roundtrip_failures++;
         return;
      }
   }
   bench->reference_ns += ref;
   bench->roundtrip_ns += ours;
   bench->modules++;
   bench->bytes += word_count * 4;
}

void
corpus_bench_print(const struct corpus_bench *bench, bool roundtrip, const char *why_not)
{
   const double mb = (double)bench->bytes / (1024.0 * 1024.0);
   const double ref_s = (double)bench->reference_ns / 1e9;
   printf("bench: %lu modules, %.2f MiB of SPIR-V, best of %d runs each, one thread "
          "(left out: %lu refused by spirv-opt, %lu by our trip)\n",
          (unsigned long)bench->modules, mb, BENCH_REPEAT,
          (unsigned long)bench->reference_failures, (unsigned long)bench->roundtrip_failures);
   printf("  spirv-opt (no passes, no validation, in-process): %.3f s, %.1f MiB/s, "
          "%.0f modules/s\n",
          ref_s, ref_s > 0 ? mb / ref_s : 0.0, ref_s > 0 ? (double)bench->modules / ref_s : 0.0);
   if (!roundtrip) {
      printf("  ours: %s: no ratio\n", why_not);
      return;
   }
   const double our_s = (double)bench->roundtrip_ns / 1e9;
   printf("  ours (spirv_to_nir + ntv, no validation): %.3f s, %.1f MiB/s, %.0f modules/s\n",
          our_s, our_s > 0 ? mb / our_s : 0.0,
          our_s > 0 ? (double)bench->modules / our_s : 0.0);
   printf("  ratio: our round trip takes %.2fx spirv-opt's time\n",
          ref_s > 0 ? our_s / ref_s : 0.0);
}
