/* SPDX-License-Identifier: MIT */
#include "stn_mutate.h"

#include <stdlib.h>
#include <string.h>

#include "spirv/spirv_to_nir.h"

bool
stn_is_internal_error(const char *err)
{
   /* "SPIR-V word N: [OpName: ]internal ...": matched at that position only,
    * since later parts of a message may quote the module's own strings. */
   if (!err || strncmp(err, "SPIR-V word ", 12) != 0)
      return false;
   const char *p = strchr(err + 12, ':');
   if (!p)
      return false;
   p += 2;
   if (strncmp(p, "Op", 2) == 0) {
      const char *q = strchr(p, ':');
      if (!q)
         return false;
      p = q + 2;
   }
   return strncmp(p, "internal", 8) == 0;
}

/* The stage of the first OpEntryPoint; vertex if there is none (the
 * translation then fails, as it should). */
static nir_shader_stage
guess_stage(const uint32_t *w, size_t n)
{
   for (size_t pos = 5; pos < n;) {
      const uint32_t wc = w[pos] >> 16, op = w[pos] & 0xffff;
      if (wc == 0 || pos + wc > n)
         break;
      if (op == 15 /* OpEntryPoint */ && wc > 2 && w[pos + 1] <= 5)
         return (nir_shader_stage)w[pos + 1]; /* same order as ExecutionModel 0..5 */
      pos += wc;
   }
   return NIR_STAGE_VERTEX;
}

static void
check_env(const uint32_t *words, size_t word_count, enum spirv_env env,
          struct stn_check_result *result)
{
   memset(result, 0, sizeof(*result));
   const struct spirv_to_nir_options opts = {.env = env};
   char *err = NULL;
   nir_shader *s = spirv_to_nir(words, word_count, guess_stage(words, word_count), NULL,
                                &opts, NULL, &err);
   if (s) {
      /* The translation validates its own output only where validation is
       * enabled (debug builds); the promise holds in every build, so check
       * it here. */
      char *report = NULL;
      const unsigned errors = nir_validate_shader_report(s, &report);
      nir_shader_destroy(s);
      free(err);
      if (errors) {
         result->invalid_ir = true;
         result->error = report ? report : strdup("translated IR fails validation");
         result->error_offset_w = (size_t)-1;
         return;
      }
      free(report);
      result->ok = true;
      return;
   }
   result->error = err;
   const long off = spirv_to_nir_error_offset(err);
   result->error_offset_w = off < 0 ? (size_t)-1 : (size_t)off;
   /* Where validation is enabled the translation validates its output and
    * reports a failure as an internal error; to the tests that is a bug, not
    * a rejection. */
   result->invalid_ir = stn_is_internal_error(err);
}

void
stn_check_translate(const uint32_t *words, size_t word_count,
                    struct stn_check_result *result)
{
   /* Strict Vulkan first; what it refuses gets the lenient GL mode too. */
   check_env(words, word_count, SPIRV_ENV_VULKAN, result);
   if (result->ok || result->invalid_ir)
      return;
   struct stn_check_result gl;
   check_env(words, word_count, SPIRV_ENV_OPENGL_GL_FLAVOURED, &gl);
   const bool gl_bad = gl.invalid_ir || !gl.error ||
                       strncmp(gl.error, "SPIR-V word ", 12) != 0 ||
                       gl.error_offset_w > word_count;
   if (gl.ok || gl_bad) {
      free(result->error);
      *result = gl;
   } else {
      free(gl.error);
   }
}
