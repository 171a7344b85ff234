/* SPDX-License-Identifier: MIT */
/*
 * Golden tests: small shaders compiled by glslangValidator at build time,
 * translated, and printed; the print must match tests/golden/<name>.nir.
 * Each golden file was checked by hand when it was written (see the
 * comments in the GLSL sources). KILN_UPDATE_GOLDEN=1 rewrites them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spirv/spirv_to_nir.h"
#include "stn_test_util.h"
#include "util/os.h"
#include "util/test.h"

static char *
translate_to_text(const char *spv, nir_shader_stage stage,
                  const struct spirv_to_nir_options *opts)
{
   size_t n;
   uint32_t *words = stn_test_load_spv(spv, &n);
   if (!words)
      return NULL;
   char *err = NULL;
   nir_shader *s = spirv_to_nir(words, n, stage, "main", opts, NULL, &err);
   free(words);
   if (!s) {
      char *msg = NULL;
      if (asprintf(&msg, "translation failed: %s", err ? err : "?") < 0)
         msg = NULL;
      free(err);
      return msg;
   }
   char *text = nir_shader_to_string(s);
   nir_shader_destroy(s);
   return text;
}

static void
check_golden(const char *name, nir_shader_stage stage, const struct spirv_to_nir_options *opts,
             const char *golden_name)
{
   char spv[256], path[4096];
   snprintf(spv, sizeof(spv), "%s.spv", name);
   char *text = translate_to_text(spv, stage, opts);
   if (!text) {
      test_skip("test module not built");
      return;
   }
   const char *dir = getenv("KILN_SPIRV_GOLDEN_DIR");
   REQUIRE(dir);
   snprintf(path, sizeof(path), "%s/%s.nir", dir, golden_name);
   if (getenv("KILN_UPDATE_GOLDEN")) {
      CHECK_EQ(util_write_file(path, text, strlen(text)), 0);
      free(text);
      return;
   }
   size_t size_B;
   char *want = util_read_file(path, &size_B);
   if (CHECK(want != NULL))
      CHECK_STREQ(text, want);
   free(want);
   free(text);
}

static const struct spirv_to_nir_options vk = {.env = SPIRV_ENV_VULKAN};

TEST(golden_compute_shared_barrier)
{
   check_golden("golden_compute.comp", NIR_STAGE_COMPUTE, &vk, "compute");
}

TEST(golden_fragment_sampling)
{
   check_golden("golden_sampling.frag", NIR_STAGE_FRAGMENT, &vk, "sampling");
}

TEST(golden_vertex_per_vertex_xfb)
{
   check_golden("golden_xfb.vert", NIR_STAGE_VERTEX, &vk, "xfb");
}

TEST(golden_geometry_streams)
{
   check_golden("golden_streams.geom", NIR_STAGE_GEOMETRY, &vk, "streams");
}

TEST(golden_spec_constants_default)
{
   check_golden("golden_spec.comp", NIR_STAGE_COMPUTE, &vk, "spec_default");
}

TEST(golden_spec_constants_specialized)
{
   /* N = 5 (so M = 19), ENABLE = true, MASK = 0xff, local_size_x = 8. */
   const struct spirv_specialization specs[] = {{0, 5}, {1, 1}, {2, 0xff}, {3, 8}};
   const struct spirv_to_nir_options opts = {
      .env = SPIRV_ENV_VULKAN,
      .specializations = specs,
      .num_specializations = ARRAY_SIZE(specs),
   };
   check_golden("golden_spec.comp", NIR_STAGE_COMPUTE, &opts, "spec_specialized");
}

TEST(golden_switch_and_loops)
{
   check_golden("golden_switch.frag", NIR_STAGE_FRAGMENT, &vk, "switch");
}

TEST(golden_escape_repairs_dominance)
{
   /* A value defined before a multi-level exit and used after the loop:
    * routed through a variable that vars_to_ssa turns into phis. */
   check_golden("escape_dominance", NIR_STAGE_FRAGMENT, &vk, "escape_dominance");
}

/* SPV_INTEL_shader_integer_functions2: one IR op per instruction (the
 * saturating ones are the IR's iadd_sat...; the others uclz, uctz,
 * uabs_isub, uabs_usub, ihadd, uhadd, irhadd, urhadd, imul_32x16,
 * umul_32x16), accepted because the caller lists the capability. */
TEST(golden_intel_integer_functions2)
{
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options opts = {
      .env = SPIRV_ENV_VULKAN,
      .capabilities = caps,
      .num_capabilities = num_caps,
   };
   check_golden("intel_int_functions2", NIR_STAGE_FRAGMENT, &opts, "intel_int_functions2");
}

/* The capability is opt-in: refused with the default capability set (nvk's,
 * whose exec does not advertise VK_INTEL_shader_integer_functions2), and an
 * instruction of the extension without the capability is an error at its
 * word, never IR. */
TEST(intel_integer_functions2_needs_opt_in)
{
   size_t n;
   uint32_t *w = stn_test_load_spv("intel_int_functions2.spv", &n);
   if (!w) {
      test_skip("test module not built");
      return;
   }
   char *err = NULL;
   nir_shader *s = spirv_to_nir(w, n, NIR_STAGE_FRAGMENT, NULL, &vk, NULL, &err);
   CHECK(s == NULL);
   if (CHECK(err != NULL)) {
      CHECK(strstr(err, "capability IntegerFunctions2INTEL (5584) is not supported") != NULL);
      CHECK_EQ(spirv_to_nir_error_offset(err), 7);
   }
   free(err);

   /* Declare Shader twice instead: the extension's instructions lose
    * their capability. */
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options all = {
      .env = SPIRV_ENV_VULKAN,
      .capabilities = caps,
      .num_capabilities = num_caps,
   };
   size_t first_intel = 0;
   for (size_t i = 5; i < n && w[i] >> 16;) {
      const uint32_t op = w[i] & 0xffff;
      if (op == SpvOpCapability && w[i + 1] == SpvCapabilityIntegerFunctions2INTEL)
         w[i + 1] = SpvCapabilityShader;
      if (op == SpvOpUCountLeadingZerosINTEL && !first_intel)
         first_intel = i;
      i += w[i] >> 16;
   }
   REQUIRE(first_intel != 0);
   err = NULL;
   s = spirv_to_nir(w, n, NIR_STAGE_FRAGMENT, NULL, &all, NULL, &err);
   CHECK(s == NULL);
   if (CHECK(err != NULL)) {
      CHECK(strstr(err, "needs the IntegerFunctions2INTEL capability") != NULL);
      CHECK_EQ(spirv_to_nir_error_offset(err), (long)first_intel);
   }
   free(err);
   free(w);
}
