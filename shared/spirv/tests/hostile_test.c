/* SPDX-License-Identifier: MIT */
/*
 * Regression inputs found by fuzzing and bad-input runs (issue 16; the list
 * with what each did is in conformance/fuzz/regressions/README.md): each
 * must translate to IR that validates, or fail with an error at the word
 * of the responsible instruction, never crash.
 */
#include "spirv/spirv_to_nir.h"
#include "stn_mutate.h"
#include "stn_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/test.h"

struct expectation {
   const char *file;
   long error_offset_w; /* -1: translates */
   const char *error_part;
};

static const struct expectation expectations[] = {
   /* ft->params[i]->pointee read before the kinds were compared. */
   {"hostile_param_ptr_comp.spv.invalid", 43, "parameter 0 type (pointer) differs from OpTypeFunction"},
   {"hostile_param_ptr_vert.spv.invalid", 64, "parameter 0 type (pointer) differs from OpTypeFunction"},
   /* Non-semantic instructions outside blocks refused. */
   {"hostile_nonsemantic_placement.spv", -1, NULL},
   {"switch_loops_g_opt.spv", -1, NULL},
   {"switch_loops_gv_opt.spv", -1, NULL},
   {"switch_loops_gvs_opt.spv", -1, NULL},
};

static void
check_expectation(const struct expectation *e)
{
   size_t n;
   uint32_t *words = stn_test_load_spv(e->file, &n);
   if (!words) {
      fprintf(stderr, "%s not built\n", e->file);
      test_skip("a module was not built (no spirv-as, glslangValidator or spirv-opt)");
      return;
   }
   struct stn_check_result r;
   stn_check_translate(words, n, &r);
   if (e->error_offset_w < 0) {
      if (!r.ok)
         fprintf(stderr, "%s: %s\n", e->file, r.error);
      CHECK(r.ok);
   } else {
      CHECK(!r.ok);
      CHECK(!r.invalid_ir);
      CHECK_EQ((long)r.error_offset_w, e->error_offset_w);
      if (!r.error || !strstr(r.error, e->error_part))
         test_fail(__FILE__, __LINE__, "%s: error \"%s\" lacks \"%s\"", e->file,
                   r.error ? r.error : "(none)", e->error_part);
   }
   free(r.error);
   free(words);
}

TEST(regression_inputs)
{
   for (size_t i = 0; i < sizeof(expectations) / sizeof(expectations[0]); i++)
      check_expectation(&expectations[i]);
}
