/* SPDX-License-Identifier: MIT */
/*
 * spirv2nir: translates a SPIR-V module and prints the IR (or the error).
 *
 *    spirv2nir [--gl] [--raw] [--stage vert|tesc|tese|geom|frag|comp]
 *              [--entry NAME] [--spec ID=VALUE]... FILE.spv
 *
 * Without --stage the stage of the module's first entry point is used.
 * Exits 0 on success, 1 if the translation failed, 2 on usage errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/spirv_to_nir.h"
#include "util/os.h"

static int
stage_from_name(const char *s)
{
   static const char *const names[] = {"vert", "tesc", "tese", "geom", "frag", "comp"};
   for (int i = 0; i < 6; i++) {
      if (strcmp(s, names[i]) == 0)
         return i;
   }
   return -1;
}

/* The stage of the first OpEntryPoint, or -1. */
static int
first_entry_stage(const uint32_t *w, size_t n)
{
   for (size_t pos = 5; pos < n;) {
      const uint32_t wc = w[pos] >> 16, op = w[pos] & 0xffff;
      if (wc == 0 || pos + wc > n)
         return -1;
      if (op == 15 && wc > 2) {
         switch (w[pos + 1]) {
         case 0: return NIR_STAGE_VERTEX;
         case 1: return NIR_STAGE_TESS_CTRL;
         case 2: return NIR_STAGE_TESS_EVAL;
         case 3: return NIR_STAGE_GEOMETRY;
         case 4: return NIR_STAGE_FRAGMENT;
         case 5: return NIR_STAGE_COMPUTE;
         default: return -1;
         }
      }
      pos += wc;
   }
   return -1;
}

int
main(int argc, char **argv)
{
   struct spirv_to_nir_options opts = {.env = SPIRV_ENV_VULKAN};
   struct spirv_specialization specs[64];
   const char *entry = NULL, *file = NULL;
   int stage = -1;
   for (int i = 1; i < argc; i++) {
      if (strcmp(argv[i], "--gl") == 0) {
         opts.env = SPIRV_ENV_OPENGL_GL_FLAVOURED;
      } else if (strcmp(argv[i], "--raw") == 0) {
         opts.no_passes = true;
      } else if (strcmp(argv[i], "--stage") == 0 && i + 1 < argc) {
         stage = stage_from_name(argv[++i]);
         if (stage < 0)
            return 2;
      } else if (strcmp(argv[i], "--entry") == 0 && i + 1 < argc) {
         entry = argv[++i];
      } else if (strcmp(argv[i], "--spec") == 0 && i + 1 < argc &&
                 opts.num_specializations < 64) {
         unsigned id;
         unsigned long long v;
         if (sscanf(argv[++i], "%u=%llu", &id, &v) != 2)
            return 2;
         specs[opts.num_specializations++] = (struct spirv_specialization){id, v};
         opts.specializations = specs;
      } else if (!file) {
         file = argv[i];
      } else {
         return 2;
      }
   }
   if (!file) {
      fprintf(stderr, "usage: spirv2nir [--gl] [--raw] [--stage S] [--entry N] "
                      "[--spec ID=V] FILE.spv\n");
      return 2;
   }
   size_t size_B;
   uint32_t *words = util_read_file(file, &size_B);
   if (!words) {
      perror(file);
      return 2;
   }
   if (stage < 0)
      stage = first_entry_stage(words, size_B / 4);
   if (stage < 0)
      stage = NIR_STAGE_VERTEX;
   char *err = NULL;
   nir_shader *s = spirv_to_nir(words, size_B / 4, (nir_shader_stage)stage, entry, &opts,
                                NULL, &err);
   free(words);
   if (!s) {
      fprintf(stderr, "%s\n", err ? err : "(no message)");
      free(err);
      return 1;
   }
   nir_print_shader(s, stdout);
   nir_shader_destroy(s);
   return 0;
}
