/* SPDX-License-Identifier: MIT */
/* Shared helpers of the IR unit tests. */
#ifndef NIR_TEST_HELPERS_H
#define NIR_TEST_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nir/nir.h"
#include "nir/nir_builder.h"
#include "util/test.h"

/* The shader must validate and print exactly `expected`. */
#define CHECK_IR(shader, expected)                                                       \
   do {                                                                                  \
      char *_report = NULL;                                                              \
      const unsigned _errors = nir_validate_shader_report(shader, &_report);             \
      if (!CHECK_EQ(_errors, 0))                                                         \
         printf("%s\n", _report ? _report : "");                                         \
      free(_report);                                                                     \
      char *_text = nir_shader_to_string(shader);                                        \
      CHECK_STREQ(_text, expected);                                                      \
      free(_text);                                                                       \
   } while (0)

/* Validates and returns the printed shader (free()). */
static inline char *
nir_test_print(nir_shader *shader)
{
   char *report = NULL;
   if (nir_validate_shader_report(shader, &report)) {
      test_fail(__FILE__, __LINE__, "shader does not validate:\n%s",
                report ? report : "");
   }
   free(report);
   return nir_shader_to_string(shader);
}

static inline nir_builder
nir_test_builder(nir_shader_stage stage)
{
   return nir_builder_init_simple_shader(stage, NULL, "test");
}

#endif
