/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the GL lowering tests: GLSL programs through kgl and
 * spirv_to_nir (GL-flavoured), printed IR against golden text, and every
 * lowered stage through ntv, spirv-val (vulkan1.0) and a second trip
 * (strict Vulkan) that must give the same words.
 */
#ifndef ZK_TEST_UTIL_H
#define ZK_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kgl.h"
#include "kgl_validate.h"
#include "nir/nir.h"
#include "nir/nir_builder.h"
#include "ntv/nir_to_spirv.h"
#include "spirv/spirv_to_nir.h"
#include "util/arena.h"
#include "util/test.h"
#include "zk_compiler.h"

/* Compares the printed shader with `golden`; ZK_TEST_DUMP=1 prints it. */
static inline bool
zk_test_check_ir(nir_shader *s, const char *golden, const char *file, int line)
{
   char *report = NULL;
   if (nir_validate_shader_report(s, &report)) {
      test_fail(file, line, "invalid IR:\n%s", report ? report : "");
      free(report);
      return false;
   }
   free(report);
   nir_foreach_function_impl(impl, s)
      nir_index_ssa_defs(impl);
   char *text = nir_shader_to_string(s);
   if (getenv("ZK_TEST_DUMP"))
      fprintf(stderr, "---- IR:\n%s", text ? text : "");
   const bool ok = text && strcmp(text, golden) == 0;
   if (!ok)
      test_fail(file, line, "IR differs:\n--- got:\n%s\n--- want:\n%s", text ? text : "",
                golden);
   free(text);
   return ok;
}
#define CHECK_IR(s, golden) zk_test_check_ir(s, golden, __FILE__, __LINE__)

/* A program from GLSL sources (stage, text pairs); stages[s] gets the IR
 * spirv_to_nir makes of each stage (GL-flavoured when kgl says so). */
struct zk_test_src {
   enum kgl_stage stage;
   const char *text;
};

static inline bool
zk_test_program(struct arena *arena, const struct zk_test_src *srcs, unsigned n,
                nir_shader *stages[NIR_STAGE_COUNT], enum kgl_flavour *flavour)
{
   struct kgl_shader_desc descs[8];
   for (unsigned i = 0; i < n && i < 8; i++)
      descs[i] = (struct kgl_shader_desc){
         .stage = srcs[i].stage,
         .strings = &srcs[i].text,
         .count = 1,
      };
   struct kgl_program *prog = NULL;
   const struct kgl_link_options lo = {.flavour = KGL_FLAVOUR_AUTO};
   if (kgl_program_create_from_sources(descs, n, &lo, &prog) != KGL_SUCCESS) {
      test_fail(__FILE__, __LINE__, "kgl: %s", prog ? kgl_program_info_log(prog) : "");
      kgl_program_destroy(prog);
      return false;
   }
   *flavour = kgl_program_flavour(prog);
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options opts = {
      .env = *flavour == KGL_FLAVOUR_GL ? SPIRV_ENV_OPENGL_GL_FLAVOURED : SPIRV_ENV_VULKAN,
      .capabilities = caps,
      .num_capabilities = num_caps,
      .keep_glsl450_geometry = true,
   };
   bool ok = true;
   for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
      stages[s] = NULL;
      size_t count;
      const uint32_t *w = kgl_program_spirv(prog, (enum kgl_stage)s, &count);
      if (!w)
         continue;
      char *err = NULL;
      stages[s] = spirv_to_nir(w, count, (nir_shader_stage)s, NULL, &opts, arena, &err);
      if (!stages[s]) {
         test_fail(__FILE__, __LINE__, "spirv_to_nir: %s", err ? err : "");
         ok = false;
      }
      free(err);
   }
   kgl_program_destroy(prog);
   return ok;
}

/* ntv (vulkan1.0), spirv-val, and the second trip; the module in *words
 * (allocated in arena) when words is not NULL. */
static inline bool
zk_test_emit(nir_shader *s, struct arena *arena, uint32_t **words, size_t *count,
             const char *file, int line)
{
   const struct ntv_options opts = {.target = NTV_TARGET_VULKAN_1_0, .spirv_version = 0x10000};
   if (words) { /* defined on failure too (GCC -O3 cannot see REQUIRE's exit) */
      *words = NULL;
      *count = 0;
   }
   uint32_t *a, *b;
   size_t na, nb;
   const char *error = NULL;
   if (!ntv_emit(s, &opts, arena, &a, &na, &error))
      return test_fail(file, line, "ntv: %s", error);
   char *msg = NULL;
   if (!kgl_spirv_validate(a, na, KGL_SPIRV_ENV_VULKAN_1_0, &msg)) {
      test_fail(file, line, "spirv-val (vulkan1.0): %s", msg ? msg : "");
      free(msg);
      return false;
   }
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options vk = {.env = SPIRV_ENV_VULKAN,
                                           .capabilities = caps,
                                           .num_capabilities = num_caps,
                                           .keep_glsl450_geometry = true};
   char *err = NULL;
   nir_shader *again = spirv_to_nir(a, na, s->info.stage, NULL, &vk, arena, &err);
   if (!again) {
      test_fail(file, line, "second trip: spirv_to_nir: %s", err ? err : "");
      free(err);
      return false;
   }
   if (!ntv_emit(again, &opts, arena, &b, &nb, &error))
      return test_fail(file, line, "second trip: ntv: %s", error);
   if (na != nb || memcmp(a, b, na * 4) != 0)
      return test_fail(file, line, "the second trip differs (%zu vs %zu words)", na, nb);
   if (words) {
      *words = a;
      *count = na;
   }
   return true;
}
#define CHECK_EMIT(s, arena) zk_test_emit(s, arena, NULL, NULL, __FILE__, __LINE__)

/* Id of the OpName'd object `name`, 0 if none. */
static inline uint32_t
zk_test_named(const uint32_t *w, size_t n, const char *name)
{
   for (size_t i = 5; i < n;) {
      const uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
      if (len == 0 || i + len > n)
         return 0;
      if (op == 5 /* OpName */ && len >= 3 && strcmp((const char *)&w[i + 2], name) == 0)
         return w[i + 1];
      i += len;
   }
   return 0;
}

/* The literal of OpDecorate `id` `dec`; -1 if absent. */
static inline int64_t
zk_test_decoration(const uint32_t *w, size_t n, uint32_t id, uint32_t dec)
{
   for (size_t i = 5; i < n;) {
      const uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
      if (len == 0 || i + len > n)
         return -1;
      if (op == 71 /* OpDecorate */ && len >= 4 && w[i + 1] == id && w[i + 2] == dec)
         return (int64_t)w[i + 3];
      i += len;
   }
   return -1;
}

/* The variable named `name` among `modes`, or NULL. */
static inline nir_variable *
zk_test_var(nir_shader *s, nir_variable_mode modes, const char *name)
{
   nir_foreach_variable_with_modes(var, s, modes) {
      if (var->name && strcmp(var->name, name) == 0)
         return var;
   }
   return NULL;
}

#endif /* ZK_TEST_UTIL_H */
