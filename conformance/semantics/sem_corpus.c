/* SPDX-License-Identifier: MIT */
/*
 * Original vs round-tripped modules from a kiln-corpus output directory:
 * every compute and fragment stage whose round trip passed has
 * <path>.<stage>.spv (glslang's) and <path>.<stage>.roundtrip.spv (ntv's
 * first trip); both run with the same inputs and must agree bit for bit.
 */
#include "sem_corpus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "util/arena.h"
#include "util/os.h"

struct reason_count {
   char text[128];
   unsigned count;
};

static void
count_reason(struct reason_count *list, unsigned *n, unsigned max, const char *text)
{
   char bucket[128];
   corpus_reason_bucket(text, bucket, sizeof(bucket));
   for (unsigned i = 0; i < *n; i++) {
      if (strcmp(list[i].text, bucket) == 0) {
         list[i].count++;
         return;
      }
   }
   if (*n < max) {
      snprintf(list[*n].text, sizeof(list[*n].text), "%s", bucket);
      list[(*n)++].count = 1;
   }
}

static uint32_t *
read_module(const char *dir, const char *key, const char *suffix, size_t *count)
{
   char path[1200];
   snprintf(path, sizeof(path), "%s/spirv/%s%s", dir, key, suffix);
   char *colon = strrchr(path, ':');
   if (colon)
      *colon = '.';
   size_t size_B = 0;
   uint32_t *w = util_read_file(path, &size_B);
   *count = size_B / 4;
   return w;
}

/* The pair's outcome, with the reason in `why`. */
static enum sem_outcome
compare_pair(struct sem_device *dev, const char *dir, const char *key, char *why,
             size_t why_size, unsigned *nan_only)
{
   size_t na, nb;
   uint32_t *a = read_module(dir, key, ".spv", &na);
   uint32_t *b = read_module(dir, key, ".roundtrip.spv", &nb);
   enum sem_outcome result = SEM_SKIPPED;
   if (!a || !b)
      snprintf(why, why_size, "missing module files");
   else
      result = sem_compare_modules(dev, a, na, b, nb, why, why_size, nan_only);
   free(a);
   free(b);
   return result;
}

int
sem_corpus_run(struct sem_device *dev, const char *dir, unsigned limit,
               const char *const *expect_files, unsigned expect_count, FILE *write_fails)
{
   char manifest_path[1024];
   snprintf(manifest_path, sizeof(manifest_path), "%s/manifest.txt", dir);
   size_t size;
   char *manifest = util_read_file(manifest_path, &size);
   if (!manifest) {
      fprintf(stderr, "kiln-semantics: cannot read %s\n", manifest_path);
      return 2;
   }
   struct arena *arena = arena_create(NULL);
   const char *error = NULL;
   struct corpus_expectations *expect = NULL;
   if (arena && expect_count) {
      expect = corpus_expectations_load(arena, expect_files, expect_count, &error);
      if (!expect) {
         fprintf(stderr, "kiln-semantics: %s\n", error);
         free(manifest);
         arena_destroy(arena);
         return 2;
      }
   }

   unsigned same = 0, different = 0, skipped = 0, nan_pairs = 0, unexpected = 0;
   unsigned eligible = 0;
   struct reason_count skips[32];
   unsigned skip_kinds = 0;
   const uint64_t t0 = util_time_ns();
   for (char *line = manifest; *line && (!limit || eligible < limit);) {
      char *eol = strchr(line, '\n');
      char *next = eol ? eol + 1 : line + strlen(line);
      if (eol)
         *eol = '\0';
      char *tab = strchr(line, '\t');
      if (tab) {
         *tab = '\0';
         const char *key = line, *status = tab + 1;
         const char *stage = strrchr(key, ':');
         if (strncmp(status, "pass\t", 5) == 0 && stage &&
             (strcmp(stage, ":compute") == 0 || strcmp(stage, ":fragment") == 0)) {
            eligible++;
            char why[256] = "";
            unsigned nan_only = 0;
            const enum sem_outcome o =
               compare_pair(dev, dir, key, why, sizeof(why), &nan_only);
            const char *want = corpus_expectations_lookup(expect, key);
            if (o == SEM_SAME) {
               same++;
               nan_pairs += nan_only > 0;
               if (strcmp(want, "Pass") != 0) {
                  unexpected++;
                  printf("UNEXPECTED PASS %s (listed as %s: delete the line)\n", key, want);
               }
            } else if (o == SEM_DIFFERENT) {
               different++;
               if (write_fails)
                  fprintf(write_fails, "%s,Fail # %s\n", key, why);
               if (strcmp(want, "Fail") != 0) {
                  unexpected++;
                  printf("UNEXPECTED Fail %s: %s\n", key, why);
               }
            } else {
               skipped++;
               count_reason(skips, &skip_kinds, 32, why);
            }
         }
      }
      line = next;
   }
   printf("\n==== kiln-semantics on %s ====\n", sem_device_name(dev));
   printf("compute and fragment stages whose round trip passed: %u compared\n", eligible);
   printf("  same results: %u (%u of them with NaN-only differences: same NaN-ness, other "
          "payload bits)\n",
          same, nan_pairs);
   printf("  different results: %u\n", different);
   printf("  skipped (the harness cannot drive them): %u\n", skipped);
   for (unsigned i = 0; i < skip_kinds; i++)
      printf("    %5u  %s\n", skips[i].count, skips[i].text);
   printf("time: %.1f s\n", (double)(util_time_ns() - t0) / 1e9);
   printf("expectations: %u unexpected results\n", unexpected);
   printf("%s\n", unexpected ? "RESULT: FAIL" : "RESULT: PASS");
   free(manifest);
   arena_destroy(arena);
   return unexpected ? 1 : 0;
}
