/* SPDX-License-Identifier: MIT */
#include "stn_test_util.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/spirv_info.h"
#include "util/os.h"

void
sw_header(struct sw_module *m, uint32_t version, uint32_t bound)
{
   m->n = 0;
   m->w[m->n++] = SPIRV_MAGIC;
   m->w[m->n++] = version;
   m->w[m->n++] = 0;
   m->w[m->n++] = bound;
   m->w[m->n++] = 0;
}

void
sw_inst(struct sw_module *m, SpvOp op, unsigned n, ...)
{
   m->w[m->n++] = ((n + 1) << 16) | op;
   va_list va;
   va_start(va, n);
   for (unsigned i = 0; i < n; i++)
      m->w[m->n++] = va_arg(va, uint32_t);
   va_end(va);
}

void
sw_inst_str(struct sw_module *m, SpvOp op, const uint32_t *pre, unsigned npre,
            const char *str, const uint32_t *post, unsigned npost)
{
   const size_t len = strlen(str);
   const unsigned str_w = (unsigned)(len / 4 + 1);
   m->w[m->n++] = ((1 + npre + str_w + npost) << 16) | op;
   for (unsigned i = 0; i < npre; i++)
      m->w[m->n++] = pre[i];
   for (unsigned i = 0; i < str_w; i++) {
      uint32_t word = 0;
      for (unsigned b = 0; b < 4; b++) {
         const size_t at = i * 4 + b;
         if (at < len)
            word |= (uint32_t)(uint8_t)str[at] << (8 * b);
      }
      m->w[m->n++] = word;
   }
   for (unsigned i = 0; i < npost; i++)
      m->w[m->n++] = post[i];
}

void
sw_minimal_preamble(struct sw_module *m, uint32_t bound)
{
   sw_header(m, 0x00010000, bound);
   sw_inst(m, SpvOpCapability, 1, SpvCapabilityShader);
   sw_inst(m, SpvOpMemoryModel, 2, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   const uint32_t ep[] = {SpvExecutionModelFragment, 1};
   sw_inst_str(m, SpvOpEntryPoint, ep, 2, "main", NULL, 0);
   sw_inst(m, SpvOpExecutionMode, 2, 1, SpvExecutionModeOriginUpperLeft);
}

void
sw_minimal_fragment(struct sw_module *m)
{
   sw_minimal_preamble(m, 16);
   sw_inst(m, SpvOpTypeVoid, 1, 2);
   sw_inst(m, SpvOpTypeFunction, 2, 3, 2);
   sw_inst(m, SpvOpFunction, 4, 2, 1, SpvFunctionControlMaskNone, 3);
   sw_inst(m, SpvOpLabel, 1, 4);
   sw_inst(m, SpvOpReturn, 0);
   sw_inst(m, SpvOpFunctionEnd, 0);
}

uint32_t *
stn_test_load_spv(const char *name, size_t *word_count)
{
   const char *dir = getenv("KILN_SPIRV_TEST_DIR");
   if (!dir)
      return NULL;
   char path[4096];
   snprintf(path, sizeof(path), "%s/%s", dir, name);
   size_t size_B;
   void *data = util_read_file(path, &size_B);
   if (!data)
      return NULL;
   *word_count = size_B / 4;
   return data;
}

static int
cmp_str(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

char **
stn_test_list_spv(void)
{
   const char *dir = getenv("KILN_SPIRV_TEST_DIR");
   DIR *d = dir ? opendir(dir) : NULL;
   if (!d)
      return NULL;
   size_t n = 0, cap = 16;
   char **list = malloc(cap * sizeof(char *));
   struct dirent *e;
   while (list && (e = readdir(d))) {
      const size_t len = strlen(e->d_name);
      if (len < 5 || strcmp(e->d_name + len - 4, ".spv") != 0)
         continue;
      if (n + 2 > cap) {
         cap *= 2;
         char **nl = realloc(list, cap * sizeof(char *));
         if (!nl)
            break;
         list = nl;
      }
      list[n++] = strdup(e->d_name);
   }
   closedir(d);
   if (!list)
      return NULL;
   list[n] = NULL;
   qsort(list, n, sizeof(char *), cmp_str);
   return list;
}

void
stn_test_free_list(char **list)
{
   if (!list)
      return;
   for (char **p = list; *p; p++)
      free(*p);
   free(list);
}
