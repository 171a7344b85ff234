/* SPDX-License-Identifier: MIT */
#include "corpus_bench.h"

#include <stdio.h>
#include <stdlib.h>

#include "corpus.h"
#include "kgl_validate.h"
#include "util/os.h"

/* Each module is timed this many times and the fastest run kept, so that a
 * page fault or a preemption does not land on one side only. */
#define BENCH_REPEAT 3

void
corpus_bench_module(const uint32_t *words, size_t word_count, enum kgl_flavour flavour,
                    bool roundtrip, struct corpus_bench *bench)
{
   uint64_t best = UINT64_MAX;
   for (int i = 0; i < BENCH_REPEAT; i++) {
      uint32_t *out = NULL;
      size_t out_count = 0;
      const uint64_t t0 = util_time_ns();
      const bool ok = kgl_spirv_reemit(words, word_count, &out, &out_count);
      const uint64_t dt = util_time_ns() - t0;
      free(out);
      if (!ok) {
         bench->reference_failures++;
         return;
      }
      if (dt < best)
         best = dt;
   }
   bench->reference_ns += best;

   if (roundtrip) {
      best = UINT64_MAX;
      for (int i = 0; i < BENCH_REPEAT; i++) {
         char reason[64];
         const uint64_t t0 = util_time_ns();
         corpus_roundtrip(words, word_count, flavour, reason, sizeof(reason));
         const uint64_t dt = util_time_ns() - t0;
         if (dt < best)
            best = dt;
      }
      bench->roundtrip_ns += best;
   }
   bench->modules++;
   bench->bytes += word_count * 4;
}

void
corpus_bench_print(const struct corpus_bench *bench, bool roundtrip, const char *why_not)
{
   const double mb = (double)bench->bytes / (1024.0 * 1024.0);
   const double ref_s = (double)bench->reference_ns / 1e9;
   printf("bench: %lu modules, %.2f MiB of SPIR-V, best of %d runs each, one thread\n",
          (unsigned long)bench->modules, mb, BENCH_REPEAT);
   printf("  spirv-opt (no passes, no validation, in-process): %.3f s, %.1f MiB/s, "
          "%.0f modules/s%s\n",
          ref_s, ref_s > 0 ? mb / ref_s : 0.0, ref_s > 0 ? (double)bench->modules / ref_s : 0.0,
          bench->reference_failures ? " (some modules refused)" : "");
   if (!roundtrip) {
      printf("  ours: %s: no ratio\n", why_not);
      return;
   }
   const double our_s = (double)bench->roundtrip_ns / 1e9;
   printf("  ours (spirv_to_nir + ntv): %.3f s, %.1f MiB/s\n", our_s,
          our_s > 0 ? mb / our_s : 0.0);
   printf("  ratio (ours / spirv-opt time): %.2f\n", ref_s > 0 ? our_s / ref_s : 0.0);
}
