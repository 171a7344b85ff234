/* SPDX-License-Identifier: MIT */
/*
 * The round-trip stage, for every module spirv-val accepted:
 *
 *    glslang's SPIR-V --spirv_to_nir--> IR (validated) --ntv--> SPIR-V A
 *    A must pass spirv-val (vulkan1.0)
 *    A --spirv_to_nir--> IR (validated) --ntv--> SPIR-V B, and B == A word for word
 *
 * GL-flavoured programs are read with spirv_to_nir's GL-flavoured
 * environment and go through zink's GL lowering (zink/compiler, all stages
 * of the program at once) before ntv, which writes them for Vulkan 1.0, or
 * the lowest Vulkan version that can express them; the second trip reads A
 * in the strict Vulkan environment.
 */
#include "corpus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kgl_validate.h"
#include "nir/nir.h"
#include "ntv/nir_to_spirv.h"
#include "spirv/spirv_to_nir.h"
#include "util/arena.h"
#include "zk_compiler.h"

STATIC_ASSERT((int)KGL_STAGE_VERTEX == (int)NIR_STAGE_VERTEX);
STATIC_ASSERT((int)KGL_STAGE_TESS_CTRL == (int)NIR_STAGE_TESS_CTRL);
STATIC_ASSERT((int)KGL_STAGE_TESS_EVAL == (int)NIR_STAGE_TESS_EVAL);
STATIC_ASSERT((int)KGL_STAGE_GEOMETRY == (int)NIR_STAGE_GEOMETRY);
STATIC_ASSERT((int)KGL_STAGE_FRAGMENT == (int)NIR_STAGE_FRAGMENT);
STATIC_ASSERT((int)KGL_STAGE_COMPUTE == (int)NIR_STAGE_COMPUTE);

/* ntv writes for Vulkan 1.0, SPIR-V 1.0: the environment kgl's Vulkan
 * flavour targets by default, so both trips see the same version. */
#define ROUNDTRIP_TARGET NTV_TARGET_VULKAN_1_0
#define ROUNDTRIP_SPIRV_VERSION 0x00010000u

bool
corpus_roundtrip_available(const char **why_not)
{
   *why_not = NULL;
   return true;
}

static void
first_line(const char *prefix, const char *msg, char *reason, size_t size)
{
   const size_t len = strlen(prefix);
   snprintf(reason, size, "%s", prefix);
   if (len < size)
      corpus_reason_from_log(msg ? msg : "(no message)", reason + len, size - len);
}

/* Translates and validates; NULL with a reason on failure. */
static nir_shader *
to_nir(const uint32_t *words, size_t word_count, enum kgl_stage stage, bool gl_flavoured,
       bool validate_ir, struct arena *arena, char *reason, size_t reason_size)
{
   /* Every capability the translator implements: ntv writes them again. */
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options opts = {
      .env = gl_flavoured ? SPIRV_ENV_OPENGL_GL_FLAVOURED : SPIRV_ENV_VULKAN,
      .capabilities = caps,
      .num_capabilities = num_caps,
      /* ntv writes the IR again: Normalize and Refract stay what they were. */
      .keep_glsl450_geometry = true,
   };
   char *error = NULL;
   nir_shader *shader = spirv_to_nir(words, word_count, (nir_shader_stage)stage, NULL, &opts,
                                     arena, &error);
   if (!shader) {
      first_line("spirv_to_nir: ", error, reason, reason_size);
      free(error);
      return NULL;
   }
   if (!validate_ir)
      return shader;
   char *annotated = NULL;
   const unsigned errors = nir_validate_shader_report(shader, &annotated);
   if (!errors)
      return shader;
   /* The print ends with "N validation errors:" and one line each. */
   const char *summary = annotated ? strstr(annotated, "validation error") : NULL;
   summary = summary ? strchr(summary, '\n') : NULL;
   snprintf(reason, reason_size, "IR validation after spirv_to_nir: %u errors: ", errors);
   const size_t used = strlen(reason);
   if (used < reason_size)
      corpus_reason_from_log(summary ? summary + 1 : "", reason + used, reason_size - used);
   free(annotated);
   return NULL;
}

bool
corpus_trip(const uint32_t *words, size_t word_count, enum kgl_stage stage,
            bool gl_flavoured, bool validate_ir, struct arena *arena, uint32_t **out,
            size_t *out_count, char *reason, size_t reason_size)
{
   nir_shader *shader =
      to_nir(words, word_count, stage, gl_flavoured, validate_ir, arena, reason, reason_size);
   if (!shader)
      return false;
   const struct ntv_options nopts = {
      .target = ROUNDTRIP_TARGET,
      .spirv_version = ROUNDTRIP_SPIRV_VERSION,
   };
   const char *nerror = NULL;
   if (!ntv_emit(shader, &nopts, arena, out, out_count, &nerror)) {
      first_line("ntv: ", nerror, reason, reason_size);
      return false;
   }
   return true;
}

bool
corpus_roundtrip(const uint32_t *words, size_t word_count, enum kgl_stage stage,
                 enum kgl_flavour flavour, char *reason, size_t reason_size)
{
   return corpus_roundtrip_output(words, word_count, stage, flavour, NULL, NULL, reason,
                                  reason_size);
}

bool
corpus_roundtrip_output(const uint32_t *words, size_t word_count, enum kgl_stage stage,
                        enum kgl_flavour flavour, uint32_t **first, size_t *first_count,
                        char *reason, size_t reason_size)
{
   struct arena *arena = arena_create(NULL);
   if (!arena) {
      snprintf(reason, reason_size, "out of memory");
      return false;
   }
   bool ok = false;
   uint32_t *a = NULL, *b = NULL;
   size_t a_count = 0, b_count = 0;
   char why[256];
   if (!corpus_trip(words, word_count, stage, flavour == KGL_FLAVOUR_GL, true, arena, &a,
                    &a_count, why, sizeof(why))) {
      snprintf(reason, reason_size, "%s", why);
      goto out;
   }
   char *msg = NULL;
   if (!kgl_spirv_validate(a, a_count, KGL_SPIRV_ENV_VULKAN_1_0, &msg)) {
      first_line("spirv-val (vulkan1.0) of ntv's output: ", msg, reason, reason_size);
      free(msg);
      goto out;
   }
   if (!corpus_trip(a, a_count, stage, false, true, arena, &b, &b_count, why, sizeof(why))) {
      snprintf(reason, reason_size, "second trip: %s", why);
      goto out;
   }
   size_t i = 0;
   while (i < a_count && i < b_count && a[i] == b[i])
      i++;
   if (i != a_count || a_count != b_count) {
      snprintf(reason, reason_size,
               "second trip differs from the first at word %zu (%zu vs %zu words)", i,
               a_count, b_count);
      goto out;
   }
   if (first) {
      *first = malloc(a_count * 4);
      if (!*first) {
         snprintf(reason, reason_size, "out of memory");
         goto out;
      }
      memcpy(*first, a, a_count * 4);
      *first_count = a_count;
   }
   ok = true;
out:
   arena_destroy(arena);
   return ok;
}

/* ---- GL-flavoured programs ------------------------------------------------------ */

static const struct {
   enum ntv_target target;
   enum kgl_spirv_env env;
} gl_targets[] = {
   {NTV_TARGET_VULKAN_1_0, KGL_SPIRV_ENV_VULKAN_1_0},
   {NTV_TARGET_VULKAN_1_1, KGL_SPIRV_ENV_VULKAN_1_1},
   {NTV_TARGET_VULKAN_1_2, KGL_SPIRV_ENV_VULKAN_1_2},
   {NTV_TARGET_VULKAN_1_3, KGL_SPIRV_ENV_VULKAN_1_3},
};

/* ntv at the lowest target that takes the shader; the first failure's
 * message when none does. */
static bool
emit_lowest(nir_shader *shader, struct arena *arena, unsigned *target, uint32_t **out,
            size_t *out_count, char *reason, size_t reason_size)
{
   const char *first_error = NULL;
   for (unsigned t = 0; t < ARRAY_SIZE(gl_targets); t++) {
      const struct ntv_options nopts = {
         .target = gl_targets[t].target,
         .spirv_version = ntv_target_spirv_version(gl_targets[t].target),
      };
      const char *nerror = NULL;
      if (ntv_emit(shader, &nopts, arena, out, out_count, &nerror)) {
         *target = t;
         return true;
      }
      if (!first_error)
         first_error = nerror;
   }
   first_line("ntv: ", first_error, reason, reason_size);
   return false;
}

static bool
gl_stage_trips(nir_shader *shader, struct arena *arena, struct corpus_gl_stage *st,
               bool want_first)
{
   char *annotated = NULL;
   const unsigned errors = nir_validate_shader_report(shader, &annotated);
   if (errors) {
      const char *summary = annotated ? strstr(annotated, "validation error") : NULL;
      summary = summary ? strchr(summary, '\n') : NULL;
      snprintf(st->reason, sizeof(st->reason), "IR validation after the GL lowering: %u errors: ",
               errors);
      const size_t used = strlen(st->reason);
      corpus_reason_from_log(summary ? summary + 1 : "", st->reason + used,
                             sizeof(st->reason) - used);
      free(annotated);
      return false;
   }
   free(annotated);
   unsigned t;
   uint32_t *a, *b;
   size_t a_count, b_count;
   if (!emit_lowest(shader, arena, &t, &a, &a_count, st->reason, sizeof(st->reason)))
      return false;
   char *msg = NULL;
   if (!kgl_spirv_validate(a, a_count, gl_targets[t].env, &msg)) {
      char prefix[64];
      snprintf(prefix, sizeof(prefix), "spirv-val (%s) of ntv's output: ",
               kgl_spirv_env_name(gl_targets[t].env));
      first_line(prefix, msg, st->reason, sizeof(st->reason));
      free(msg);
      return false;
   }
   char why[256];
   nir_shader *again = to_nir(a, a_count, (enum kgl_stage)shader->info.stage, false, true,
                              arena, why, sizeof(why));
   const struct ntv_options nopts = {
      .target = gl_targets[t].target,
      .spirv_version = ntv_target_spirv_version(gl_targets[t].target),
   };
   const char *nerror = NULL;
   if (!again) {
      snprintf(st->reason, sizeof(st->reason), "second trip: %s", why);
      return false;
   }
   if (!ntv_emit(again, &nopts, arena, &b, &b_count, &nerror)) {
      first_line("second trip: ntv: ", nerror, st->reason, sizeof(st->reason));
      return false;
   }
   size_t i = 0;
   while (i < a_count && i < b_count && a[i] == b[i])
      i++;
   if (i != a_count || a_count != b_count) {
      snprintf(st->reason, sizeof(st->reason),
               "second trip differs from the first at word %zu (%zu vs %zu words)", i, a_count,
               b_count);
      return false;
   }
   if (want_first) {
      st->first = malloc(a_count * 4);
      if (!st->first) {
         snprintf(st->reason, sizeof(st->reason), "out of memory");
         return false;
      }
      memcpy(st->first, a, a_count * 4);
      st->first_count = a_count;
   }
   return true;
}

void
corpus_roundtrip_gl_program(struct corpus_gl_stage stages[KGL_STAGE_COUNT], bool want_first)
{
   struct arena *arena = arena_create(NULL);
   nir_shader *shaders[NIR_STAGE_COUNT] = {NULL};
   bool any = false;
   for (int s = 0; s < KGL_STAGE_COUNT; s++) {
      struct corpus_gl_stage *st = &stages[s];
      st->ok = false;
      st->first = NULL;
      st->reason[0] = '\0';
      if (!st->words)
         continue;
      if (!arena) {
         snprintf(st->reason, sizeof(st->reason), "out of memory");
         continue;
      }
      shaders[s] = to_nir(st->words, st->word_count, (enum kgl_stage)s, true, true, arena,
                          st->reason, sizeof(st->reason));
      any |= shaders[s] != NULL;
   }
   if (!any) {
      arena_destroy(arena);
      return;
   }
   struct zk_program_info info;
   const char *error = NULL;
   if (!zk_lower_program(shaders, NULL, arena, &info, &error)) {
      for (int s = 0; s < KGL_STAGE_COUNT; s++) {
         if (shaders[s])
            first_line("GL lowering: ", error, stages[s].reason, sizeof(stages[s].reason));
      }
      arena_destroy(arena);
      return;
   }
   for (int s = 0; s < KGL_STAGE_COUNT; s++) {
      if (shaders[s])
         stages[s].ok = gl_stage_trips(shaders[s], arena, &stages[s], want_first);
   }
   arena_destroy(arena);
}
