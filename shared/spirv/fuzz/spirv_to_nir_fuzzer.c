/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for spirv_to_nir. The input is a SPIR-V module (seeded
 * with the test modules); a translation must either succeed with IR that
 * validates or fail with a message naming a word inside the module.
 * Anything else aborts, which libFuzzer reports with the input. Crashes,
 * leaks and undefined behaviour are caught by the sanitizers the fuzz build
 * uses (-Db_sanitize=address,undefined).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stn_mutate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   const size_t n = size / 4;
   uint32_t *words = malloc(n ? n * 4 : 4);
   if (!words)
      return 0;
   memcpy(words, data, n * 4);

   struct stn_check_result r;
   stn_check_translate(words, n, &r);
   if (!r.ok) {
      if (r.invalid_ir) {
         fprintf(stderr, "translated IR failed validation: %s\n", r.error ? r.error : "");
         abort();
      }
      if (!r.error || strncmp(r.error, "SPIR-V word ", 12) != 0 || r.error_offset_w > n) {
         fprintf(stderr, "bad error report: %s (offset %zu of %zu words)\n",
                 r.error ? r.error : "(none)", r.error_offset_w, n);
         abort();
      }
   }
   free(r.error);
   free(words);
   return 0;
}
