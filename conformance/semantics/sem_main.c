/* SPDX-License-Identifier: MIT */
/*
 * kiln-semantics: run one compute or fragment module, or two and compare.
 *
 *    kiln-semantics [--groups X,Y,Z] [--dump] A.spv [B.spv]
 *    kiln-semantics --corpus DIR [--limit N] [--expect FILE]...
 *    kiln-semantics --builtins [--gl] [--sample N] [--limit N] [--filter TEXT]
 *                   [--expect FILE]...
 * (both also take --write-expectations FILE: differences are appended there)
 *
 * The second form compares every round-tripped compute and fragment module
 * of a kiln-corpus --out directory with its original; the third piglit's
 * generated built-in-function fragment shaders (see sem_corpus.h).
 *
 * Exit status: 0 the same results (or one module ran), 1 different results,
 * 77 a module the harness cannot drive (why is printed), 2 errors.
 * Without VK_ICD_FILENAMES/VK_DRIVER_FILES the run uses lavapipe.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "sem_corpus.h"
#include "semantics.h"
#include "util/os.h"

#ifndef KILN_SEMANTICS_EXPECTATIONS
#define KILN_SEMANTICS_EXPECTATIONS ""
#endif

#define LAVAPIPE_ICD "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"

/* An empty string when the build names no expectation file. */
static const char default_expectations[] = KILN_SEMANTICS_EXPECTATIONS;

static void
dump(const struct sem_result *r)
{
   for (unsigned o = 0; o < r->output_count; o++) {
      const struct sem_output *out = &r->outputs[o];
      printf("%s (%zu bytes):", out->name, out->size_B);
      for (size_t i = 0; i < out->size_B / 4; i++) {
         uint32_t w;
         memcpy(&w, out->data + i * 4, 4);
         printf("%s%08x", i % 8 ? " " : "\n  ", w);
      }
      printf("\n");
   }
}

int
main(int argc, char **argv)
{
   uint32_t groups[3] = {1, 1, 1};
   bool want_dump = false;
   const char *corpus_dir = NULL;
   bool builtins = false, gl = false;
   unsigned limit = 0, sample = 1;
   const char *filter = NULL;
   const char *expect[8];
   unsigned expect_count = 0;
   const char *write_path = NULL;
   const char *files[2] = {NULL, NULL};
   unsigned nfiles = 0;
   for (int i = 1; i < argc; i++) {
      if (strcmp(argv[i], "--groups") == 0 && i + 1 < argc) {
         if (sscanf(argv[++i], "%u,%u,%u", &groups[0], &groups[1], &groups[2]) != 3) {
            fprintf(stderr, "kiln-semantics: --groups X,Y,Z\n");
            return 2;
         }
      } else if (strcmp(argv[i], "--corpus") == 0 && i + 1 < argc) {
         corpus_dir = argv[++i];
      } else if (strcmp(argv[i], "--write-expectations") == 0 && i + 1 < argc) {
         write_path = argv[++i];
      } else if (strcmp(argv[i], "--builtins") == 0) {
         builtins = true;
      } else if (strcmp(argv[i], "--gl") == 0) {
         gl = true;
      } else if (strcmp(argv[i], "--sample") == 0 && i + 1 < argc) {
         sample = (unsigned)atoi(argv[++i]);
         if (!sample)
            sample = 1;
      } else if (strcmp(argv[i], "--filter") == 0 && i + 1 < argc) {
         filter = argv[++i];
      } else if (strcmp(argv[i], "--limit") == 0 && i + 1 < argc) {
         limit = (unsigned)atoi(argv[++i]);
      } else if (strcmp(argv[i], "--expect") == 0 && i + 1 < argc && expect_count < 8) {
         expect[expect_count++] = argv[++i];
      } else if (strcmp(argv[i], "--dump") == 0) {
         want_dump = true;
      } else if (nfiles < 2 && argv[i][0] != '-') {
         files[nfiles++] = argv[i];
      } else {
         fprintf(stderr, "usage: kiln-semantics [--groups X,Y,Z] [--dump] A.spv [B.spv]\n");
         return 2;
      }
   }
   if (!nfiles && !corpus_dir && !builtins) {
      fprintf(stderr, "usage: kiln-semantics [--groups X,Y,Z] [--dump] A.spv [B.spv]\n"
                      "       kiln-semantics --corpus DIR [--limit N] [--expect FILE]...\n");
      return 2;
   }
   /* Only when the caller chose no driver. */
   setenv("VK_ICD_FILENAMES", LAVAPIPE_ICD, 0);
   setenv("VK_DRIVER_FILES", getenv("VK_ICD_FILENAMES"), 0);

   if (corpus_dir || builtins) {
      if (!expect_count && default_expectations[0] != '\0')
         expect[expect_count++] = default_expectations;
      struct sem_device *dev;
      char error[256];
      if (!sem_device_create(&dev, error, sizeof(error))) {
         fprintf(stderr, "kiln-semantics: %s\n", error);
         return 2;
      }
      FILE *fails = write_path ? fopen(write_path, "a") : NULL;
      if (write_path && !fails) {
         perror(write_path);
         return 2;
      }
      const int rc =
         corpus_dir ? sem_corpus_run(dev, corpus_dir, limit, expect, expect_count, fails)
                    : sem_builtins_run(dev, CORPUS_DEFAULT_ROOT, gl, sample, limit, filter, expect,
                                       expect_count, fails);
      if (fails)
         fclose(fails);
      sem_device_destroy(dev);
      return rc;
   }

   uint32_t *words[2] = {NULL, NULL};
   size_t counts[2] = {0, 0};
   struct sem_interface iface[2];
   char error[512];
   for (unsigned f = 0; f < nfiles; f++) {
      size_t size_B;
      words[f] = util_read_file(files[f], &size_B);
      if (!words[f]) {
         perror(files[f]);
         return 2;
      }
      counts[f] = size_B / 4;
      if (!sem_reflect(words[f], counts[f], &iface[f], error, sizeof(error))) {
         printf("SKIP %s: %s\n", files[f], error);
         return 77;
      }
   }
   if (nfiles == 2) {
      const enum sem_pairing p = sem_interfaces_pair(&iface[0], &iface[1], error,
                                                     sizeof(error));
      if (p == SEM_PAIRING_UNPAIRABLE) {
         printf("SKIP: interfaces cannot be paired: %s\n", error);
         return 77;
      }
      if (p == SEM_PAIRING_DIFFERENT) {
         printf("DIFFERENT interfaces: %s\n", error);
         return 1;
      }
   }

   struct sem_device *dev;
   if (!sem_device_create(&dev, error, sizeof(error))) {
      fprintf(stderr, "kiln-semantics: %s\n", error);
      return 2;
   }
   struct sem_result results[2];
   for (unsigned f = 0; f < nfiles; f++) {
      if (!sem_run(dev, words[f], counts[f], &iface[f], groups, &results[f], error,
                   sizeof(error))) {
         fprintf(stderr, "kiln-semantics: %s: %s\n", files[f], error);
         return 2;
      }
      if (want_dump) {
         printf("== %s on %s\n", files[f], sem_device_name(dev));
         dump(&results[f]);
      }
   }
   int rc = 0;
   if (nfiles == 2) {
      struct sem_diff diff;
      sem_compare(&results[0], &results[1], &diff);
      if (diff.differing_words) {
         printf("DIFFERENT: %u words differ; first: %s\n", diff.differing_words, diff.first);
         rc = 1;
      } else {
         printf("SAME%s", diff.nan_only_words ? "" : "\n");
         if (diff.nan_only_words)
            printf(" (but %u float words are NaN in both with different bits)\n",
                   diff.nan_only_words);
      }
   }
   for (unsigned f = 0; f < nfiles; f++) {
      sem_result_finish(&results[f]);
      sem_interface_finish(&iface[f]);
      free(words[f]);
   }
   sem_device_destroy(dev);
   return rc;
}
