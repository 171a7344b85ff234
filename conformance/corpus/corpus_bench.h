/* SPDX-License-Identifier: MIT */
/*
 * Round-trip throughput against spirv-opt with no passes, measured on the
 * same modules in the same run.
 *
 * The reference is SPIRV-Tools' optimizer run in-process with an empty pass
 * list and its validator off: it parses the module into its IR and writes
 * it out again, which is what `spirv-opt --skip-validation in.spv -o out.spv`
 * does without the process start and the file I/O (a per-file CLI call
 * would measure fork/exec, not the code). Our side is the same parse ->
 * IR -> emit trip through spirv_to_nir and ntv, also without validation.
 */
#ifndef CORPUS_BENCH_H
#define CORPUS_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kgl.h"

struct corpus_bench {
   uint64_t modules;
   uint64_t bytes;
   uint64_t reference_ns; /* spirv-opt, no passes */
   uint64_t roundtrip_ns; /* spirv_to_nir + ntv */
   uint64_t reference_failures;
   uint64_t roundtrip_failures; /* modules our trip refused: not timed on either side */
};

void corpus_bench_module(const uint32_t *words, size_t word_count, enum kgl_stage stage,
                         enum kgl_flavour flavour, bool roundtrip, struct corpus_bench *bench);
void corpus_bench_print(const struct corpus_bench *bench, bool roundtrip,
                        const char *why_not);

#endif /* CORPUS_BENCH_H */
