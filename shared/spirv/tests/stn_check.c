/* SPDX-License-Identifier: MIT */
#include "stn_mutate.h"

#include <stdlib.h>
#include <string.h>

#include "stn_private.h"

void
stn_check_translate(const uint32_t *words, size_t word_count,
                    struct stn_check_result *result)
{
   memset(result, 0, sizeof(*result));
   const struct spirv_to_nir_options opts = {
      .env = (word_count & 1) ? SPIRV_ENV_OPENGL_GL_FLAVOURED : SPIRV_ENV_VULKAN,
   };
   char *err = NULL;
   size_t off = 0;
   result->ok = stn_parse_for_test(words, word_count, &opts, NULL, &err, &off);
   result->error = err;
   result->error_offset_w = off;
}
