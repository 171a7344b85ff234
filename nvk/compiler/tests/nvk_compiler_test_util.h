/* SPDX-License-Identifier: MIT */
/* Helpers of the compiler tests: pipeline layouts without a device, the
 * golden-IR check, and running compiled shaders on the backend. */
#ifndef NVK_COMPILER_TEST_UTIL_H
#define NVK_COMPILER_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kx.h"
#include "nir/nir.h"
#include "nir/nir_builder.h"
#include "nvk_compiler.h"
#include "nvk_descriptor_set_layout.h"
#include "nvk_descriptor_types.h"
#include "nvk_nir.h"
#include "nvk_pipeline_layout.h"
#include "util/test.h"

/* A binding of a test layout. */
struct nct_binding {
   VkDescriptorType type;
   uint32_t count;
};

/* A one-set pipeline layout laid out as the driver does (bindings in
 * order, nvk_descriptor_stride_B each). Free with nct_layout_free. */
struct nvk_pipeline_layout *nct_layout(const struct nct_binding *b, uint32_t n);
void nct_layout_free(struct nvk_pipeline_layout *layout);

/* The shader must validate and print exactly `expected`; on mismatch the
 * actual print is shown. */
#define NCT_CHECK_IR(shader, expected)                                                   \
   do {                                                                                  \
      char *_report = NULL;                                                              \
      if (!CHECK_EQ(nir_validate_shader_report(shader, &_report), 0))                    \
         printf("%s\n", _report ? _report : "");                                        \
      free(_report);                                                                     \
      char *_text = nir_shader_to_string(shader);                                        \
      if (!CHECK_STREQ(_text, expected))                                                 \
         printf("---- actual ----\n%s----\n", _text);                                   \
      free(_text);                                                                       \
   } while (0)

#endif
