/* SPDX-License-Identifier: MIT */
/*
 * The round-trip property spirv_to_nir shares with ntv: for every test
 * module, SPIR-V -> IR -> SPIR-V (first output) -> IR -> SPIR-V (second
 * output) must give the first output again, word for word. spirv_to_nir's
 * part is a canonical IR (constants at the top, phis in OpPhi order, one
 * deref chain per access, reshaped coordinates looked through, ...); this
 * test watches both halves together.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ntv/nir_to_spirv.h"
#include "spirv/spirv_to_nir.h"
#include "stn_test_util.h"
#include "util/arena.h"
#include "util/test.h"

static nir_shader_stage
stage_of(const uint32_t *w, size_t n)
{
   for (size_t pos = 5; pos < n;) {
      const uint32_t wc = w[pos] >> 16;
      if (!wc || pos + wc > n)
         break;
      if ((w[pos] & 0xffff) == SpvOpEntryPoint && w[pos + 1] <= 5)
         return (nir_shader_stage)w[pos + 1];
      pos += wc;
   }
   return NIR_STAGE_VERTEX;
}

static bool
one_trip(const uint32_t *w, size_t n, nir_shader_stage stage, struct arena *a,
         uint32_t **out, size_t *out_n, const char *name, const char *which)
{
   /* Every capability: ntv writes the opt-in ones back too. */
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options o = {
      .env = SPIRV_ENV_VULKAN, .capabilities = caps, .num_capabilities = num_caps};
   char *err = NULL;
   nir_shader *s = spirv_to_nir(w, n, stage, NULL, &o, a, &err);
   if (!s) {
      printf("    %s (%s): spirv_to_nir: %s\n", name, which, err ? err : "?");
      free(err);
      return false;
   }
   const struct ntv_options no = {.target = NTV_TARGET_VULKAN_1_1};
   const char *e = NULL;
   if (!ntv_emit(s, &no, a, out, out_n, &e)) {
      printf("    %s (%s): ntv: %s\n", name, which, e ? e : "?");
      return false;
   }
   return true;
}

TEST(roundtrip_second_trip_reproduces_first)
{
   char **list = stn_test_list_spv();
   if (!list) {
      test_skip("KILN_SPIRV_TEST_DIR not set or empty");
      return;
   }
   unsigned modules = 0, stable = 0;
   for (char **p = list; *p; p++) {
      size_t n;
      uint32_t *w = stn_test_load_spv(*p, &n);
      if (!CHECK(w))
         continue;
      struct arena *a = arena_create(NULL);
      REQUIRE(a);
      uint32_t *o1, *o2;
      size_t n1, n2;
      const nir_shader_stage st = stage_of(w, n);
      modules++;
      if (CHECK(one_trip(w, n, st, a, &o1, &n1, *p, "first")) &&
          CHECK(one_trip(o1, n1, st, a, &o2, &n2, *p, "second"))) {
         if (n1 == n2 && memcmp(o1, o2, n1 * 4) == 0) {
            stable++;
         } else {
            size_t at = 0;
            while (at < n1 && at < n2 && o1[at] == o2[at])
               at++;
            test_fail(__FILE__, __LINE__, "%s: the second output differs from the first "
                                          "(%zu vs %zu words, first difference at word %zu)",
                      *p, n1, n2, at);
         }
      }
      arena_destroy(a);
      free(w);
   }
   stn_test_free_list(list);
   printf("    %u modules, %u stable\n", modules, stable);
   CHECK(modules >= 10);
}
