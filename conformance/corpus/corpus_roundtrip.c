/* SPDX-License-Identifier: MIT */
/*
 * The round-trip stage, for every module spirv-val accepted:
 *
 *    glslang's SPIR-V --spirv_to_nir--> IR (validated) --ntv--> SPIR-V A
 *    A must pass spirv-val (vulkan1.0)
 *    A --spirv_to_nir--> IR (validated) --ntv--> SPIR-V B, and B == A word for word
 *
 * GL-flavoured modules that spirv-val also accepts for Vulkan 1.0 make the
 * same trip (read with spirv_to_nir's GL-flavoured environment). GL-only
 * ones (loose uniforms, lower-left origin, unlocated compatibility
 * varyings, gl_VertexID) need zink's GL lowering before ntv can write them
 * for Vulkan; until that exists they go through spirv_to_nir and IR
 * validation only (corpus_roundtrip_gl_partial) and are counted apart.
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
   const struct spirv_to_nir_options opts = {
      .env = gl_flavoured ? SPIRV_ENV_OPENGL_GL_FLAVOURED : SPIRV_ENV_VULKAN,
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
corpus_roundtrip_gl_partial(const uint32_t *words, size_t word_count, enum kgl_stage stage,
                            char *reason, size_t reason_size)
{
   struct arena *arena = arena_create(NULL);
   if (!arena) {
      snprintf(reason, reason_size, "out of memory");
      return false;
   }
   const bool ok = to_nir(words, word_count, stage, true, true, arena, reason, reason_size);
   arena_destroy(arena);
   return ok;
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
