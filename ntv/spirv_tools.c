/* SPDX-License-Identifier: MIT */
#include "ntv/spirv_tools.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv-tools/libspirv.h>

static spv_target_env
target_env(enum ntv_target target)
{
   switch (target) {
   case NTV_TARGET_VULKAN_1_0:
      return SPV_ENV_VULKAN_1_0;
   case NTV_TARGET_VULKAN_1_1:
      return SPV_ENV_VULKAN_1_1;
   case NTV_TARGET_VULKAN_1_2:
      return SPV_ENV_VULKAN_1_2;
   case NTV_TARGET_VULKAN_1_3:
   default:
      return SPV_ENV_VULKAN_1_3;
   }
}

static char *
diagnostic_string(spv_diagnostic diag, const char *fallback)
{
   char *s = NULL;
   if (diag && diag->error) {
      if (asprintf(&s, "%s (word %zu)", diag->error, diag->position.index) < 0)
         s = NULL;
   } else {
      s = strdup(fallback);
   }
   return s;
}

bool
ntv_spirv_validate(const uint32_t *words, size_t count, enum ntv_target target,
                   const struct ntv_validate_options *options, char **message)
{
   if (message)
      *message = NULL;
   spv_context ctx = spvContextCreate(target_env(target));
   spv_validator_options opts = spvValidatorOptionsCreate();
   if (!ctx || !opts) {
      if (message)
         *message = strdup("cannot create a SPIRV-Tools context");
      if (ctx)
         spvContextDestroy(ctx);
      if (opts)
         spvValidatorOptionsDestroy(opts);
      return false;
   }
   if (options) {
      spvValidatorOptionsSetScalarBlockLayout(opts, options->scalar_block_layout);
      spvValidatorOptionsSetUniformBufferStandardLayout(
         opts, options->uniform_buffer_standard_layout);
   }
   spv_const_binary_t binary = {words, count};
   spv_diagnostic diag = NULL;
   const spv_result_t res = spvValidateWithOptions(ctx, opts, &binary, &diag);
   if (res != SPV_SUCCESS && message)
      *message = diagnostic_string(diag, "invalid SPIR-V");
   spvDiagnosticDestroy(diag);
   spvValidatorOptionsDestroy(opts);
   spvContextDestroy(ctx);
   return res == SPV_SUCCESS;
}

char *
ntv_spirv_disassemble(const uint32_t *words, size_t count, char **message)
{
   if (message)
      *message = NULL;
   spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
   if (!ctx)
      return NULL;
   spv_text text = NULL;
   spv_diagnostic diag = NULL;
   const uint32_t opts = SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES |
                         SPV_BINARY_TO_TEXT_OPTION_INDENT |
                         SPV_BINARY_TO_TEXT_OPTION_NO_HEADER;
   char *out = NULL;
   if (spvBinaryToText(ctx, words, count, opts, &text, &diag) == SPV_SUCCESS) {
      out = strndup(text->str, text->length);
   } else if (message) {
      *message = diagnostic_string(diag, "cannot disassemble");
   }
   spvTextDestroy(text);
   spvDiagnosticDestroy(diag);
   spvContextDestroy(ctx);
   return out;
}

uint32_t *
ntv_spirv_assemble(const char *text, size_t length, size_t *count, char **message)
{
   *count = 0;
   if (message)
      *message = NULL;
   spv_context ctx = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
   if (!ctx) {
      if (message)
         *message = strdup("cannot create a SPIRV-Tools context");
      return NULL;
   }
   spv_binary binary = NULL;
   spv_diagnostic diag = NULL;
   uint32_t *out = NULL;
   if (spvTextToBinaryWithOptions(ctx, text, length, SPV_TEXT_TO_BINARY_OPTION_PRESERVE_NUMERIC_IDS,
                                  &binary, &diag) == SPV_SUCCESS) {
      out = malloc(binary->wordCount * sizeof(uint32_t));
      if (out) {
         memcpy(out, binary->code, binary->wordCount * sizeof(uint32_t));
         *count = binary->wordCount;
      } else if (message) {
         *message = strdup("out of memory");
      }
   } else if (message) {
      char *s = NULL;
      if (diag && diag->error &&
          asprintf(&s, "line %zu, column %zu: %s", diag->position.line + 1,
                   diag->position.column + 1, diag->error) >= 0)
         *message = s;
      else
         *message = strdup("cannot assemble");
   }
   spvBinaryDestroy(binary);
   spvDiagnosticDestroy(diag);
   spvContextDestroy(ctx);
   return out;
}
