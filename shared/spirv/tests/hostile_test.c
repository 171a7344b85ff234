/* SPDX-License-Identifier: MIT */
/*
 * Regression inputs found by fuzzing and bad-input runs (issue 16; the list
 * with what each did is in shared/spirv/fuzz/regressions/README.md): each
 * must translate to IR that validates, or fail with an error at the word
 * of the responsible instruction, never crash.
 */
#include "spirv/spirv_to_nir.h"
#include "stn_gen.h"
#include "stn_mutate.h"
#include "stn_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
   /* A physical pointer to an image: its loads gave opaque values with no
    * variable behind them. */
   {"hostile_physical_pointer_to_image.spv.invalid", 42,
    "a PhysicalStorageBuffer pointer to memory holding images or samplers"},
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

static double
cpu_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ../shared/repros gen_block_chain.py: N straight-line blocks. The SSA
 * repair was quadratic (20,000 blocks 6-15 s, 40,000 26-40 s); linear,
 * 40,000 blocks take about 0.1 s. The bound is loose for loaded machines
 * and still far below the quadratic time. Likewise the other shapes of the
 * scaling benchmark at sizes where the quadratic passes took seconds. */
TEST(large_modules_translate_in_linear_time)
{
   static const struct {
      enum stn_gen_shape shape;
      unsigned units;
   } cases[] = {
      {STN_GEN_CHAIN, 40000},    {STN_GEN_SWITCH, 16000}, {STN_GEN_PHI_WEB, 16384},
      {STN_GEN_VARIABLES, 16384}, {STN_GEN_FUNCTIONS, 8192}, {STN_GEN_NEST, 496},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      size_t n;
      uint32_t *w = stn_gen_module(cases[i].shape, cases[i].units, &n);
      REQUIRE(w);
      const struct spirv_to_nir_options opts = {.env = SPIRV_ENV_VULKAN};
      char *err = NULL;
      const double t0 = cpu_s();
      nir_shader *s = spirv_to_nir(w, n, NIR_STAGE_COMPUTE, "main", &opts, NULL, &err);
      const double t = cpu_s() - t0;
      printf("    %s, %u units: %.3f s\n", stn_gen_shape_name(cases[i].shape),
             cases[i].units, t);
      if (!s)
         fprintf(stderr, "%s\n", err);
      CHECK(s != NULL);
      CHECK(t < 2.5);
      if (s)
         nir_shader_destroy(s);
      free(err);
      free(w);
   }
}
