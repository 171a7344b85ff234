/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the whole round trip: SPIR-V -> spirv_to_nir -> ntv
 * (seeded with ntv's test modules). For any input:
 *  - nothing crashes, leaks or hits undefined behaviour (the fuzz build
 *    runs under ASan and UBSan);
 *  - what spirv_to_nir accepts becomes IR that validates;
 *  - ntv either succeeds or says why;
 *  - when the input itself passes spirv-val, ntv's output does too, and
 *    reading that output back and writing it again reproduces it word for
 *    word.
 * A broken property aborts, which libFuzzer reports with the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "ntv/nir_to_spirv.h"
#include "ntv/spirv_tools.h"
#include "spirv/spirv_to_nir.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool
first_stage(const uint32_t *w, size_t n, nir_shader_stage *stage)
{
   for (size_t i = 5; i < n;) {
      const uint32_t wc = w[i] >> SpvWordCountShift;
      if (!wc || wc > n - i)
         return false;
      if ((w[i] & SpvOpCodeMask) == SpvOpEntryPoint && wc >= 3 && w[i + 1] <= 5) {
         *stage = (nir_shader_stage)w[i + 1];
         return true;
      }
      i += wc;
   }
   return false;
}

static enum ntv_target
target_for(uint32_t version)
{
   for (unsigned t = 0; t < NTV_TARGET_COUNT; t++) {
      if (version <= ntv_target_spirv_version(t))
         return t;
   }
   return NTV_TARGET_VULKAN_1_3;
}

/* SPIR-V -> IR -> SPIR-V. NULL when either half refuses (with a reason). */
static uint32_t *
trip(const uint32_t *w, size_t n, nir_shader_stage stage, enum ntv_target target,
     struct arena *a, size_t *out_n)
{
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options o = {
      .env = SPIRV_ENV_VULKAN, .capabilities = caps, .num_capabilities = num_caps};
   char *err = NULL;
   nir_shader *s = spirv_to_nir(w, n, stage, NULL, &o, NULL, &err);
   free(err);
   if (!s)
      return NULL;
   /* spirv_to_nir validates its result only in debug builds; what ntv is
    * given must be valid IR in every build. */
   char *report = NULL;
   if (nir_validate_shader_report(s, &report)) {
      fprintf(stderr, "spirv_to_nir produced invalid IR:\n%s\n", report ? report : "");
      abort();
   }
   free(report);
   const struct ntv_options no = {.target = target};
   uint32_t *out = NULL;
   const char *e = NULL;
   if (!ntv_emit(s, &no, a, &out, out_n, &e) && !e) {
      fprintf(stderr, "ntv failed without saying why\n");
      abort();
   }
   nir_shader_destroy(s);
   return out;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   const size_t n = size / 4;
   if (n < 5)
      return 0;
   uint32_t *words = malloc(n * 4);
   if (!words)
      return 0;
   memcpy(words, data, n * 4);
   nir_shader_stage stage;
   struct arena *a = arena_create(NULL);
   if (!a || !first_stage(words, n, &stage)) {
      if (a)
         arena_destroy(a);
      free(words);
      return 0;
   }
   const enum ntv_target target = target_for(words[1]);
   size_t n1;
   uint32_t *first = trip(words, n, stage, target, a, &n1);
   if (first && ntv_spirv_validate(words, n, target, NULL, NULL)) {
      char *msg = NULL;
      if (!ntv_spirv_validate(first, n1, target, NULL, &msg)) {
         fprintf(stderr, "valid input, invalid output: %s\n", msg ? msg : "?");
         abort();
      }
      size_t n2;
      uint32_t *second = trip(first, n1, stage, target, a, &n2);
      if (!second || n2 != n1 || memcmp(first, second, n1 * 4) != 0) {
         fprintf(stderr, "the second trip %s\n",
                 second ? "differs from the first" : "failed");
         abort();
      }
   }
   arena_destroy(a);
   free(words);
   return 0;
}
