/* SPDX-License-Identifier: MIT */
/*
 * The IR-independent front half of the translation: header, scan,
 * preamble, names and decorations, block registration and the structured
 * control-flow trees of every function.
 */
#include "stn_private.h"
#include "stn_function.h"

#include <stdlib.h>
#include <string.h>

void
stn_front_run(struct stn_builder *b, const uint32_t *words, size_t word_count)
{
   stn_module_init(b, words, word_count);
   stn_module_scan(b);

   /* Preamble, debug and annotation sections, in order. */
   for (size_t pos = SPIRV_HEADER_WORDS; pos < b->globals_start_w;) {
      const struct stn_inst inst = stn_inst_at(b, pos);
      stn_set_current(b, &inst);
      pos += inst.count;
      switch (inst.opcode) {
      case SpvOpCapability:
      case SpvOpExtension:
      case SpvOpExtInstImport:
      case SpvOpMemoryModel:
      case SpvOpEntryPoint:
      case SpvOpExecutionMode:
      case SpvOpExecutionModeId:
         stn_handle_preamble(b, &inst);
         break;
      case SpvOpString:
      case SpvOpSource:
      case SpvOpSourceContinued:
      case SpvOpSourceExtension:
      case SpvOpName:
      case SpvOpMemberName:
      case SpvOpModuleProcessed:
         stn_handle_debug_name(b, &inst);
         break;
      case SpvOpNop:
      case SpvOpLine:
      case SpvOpNoLine:
         break;
      default:
         stn_handle_decoration(b, &inst);
         break;
      }
   }
   if (!stn_has_capability(b, SpvCapabilityShader)) {
      b->cur_offset_w = SPIRV_HEADER_WORDS;
      b->cur_opcode = SpvOpNop;
      stn_fail(b, "the module does not declare the Shader capability");
   }

   stn_cfg_register_blocks(b);
}

void
stn_builder_init(struct stn_builder *b, struct arena *arena, jmp_buf *jmp,
                 const struct spirv_to_nir_options *opts)
{
   memset(b, 0, sizeof(*b));
   b->arena = arena;
   b->fail_jmp = jmp;
   b->opts = opts;
   b->env = opts->env;
}

bool
stn_parse_for_test(const uint32_t *words, size_t word_count,
                   const struct spirv_to_nir_options *opts, char **cfg_text,
                   char **error_out, size_t *error_offset_w)
{
   struct arena *arena = arena_create(NULL);
   if (!arena) {
      *error_out = strdup("out of memory");
      return false;
   }
   /* volatile: read after longjmp. */
   struct stn_builder *volatile b = arena_new(arena, struct stn_builder);
   if (!b) {
      arena_destroy(arena);
      *error_out = strdup("out of memory");
      return false;
   }
   jmp_buf jmp;
   stn_builder_init(b, arena, &jmp, opts);
   *error_out = NULL;
   if (cfg_text)
      *cfg_text = NULL;

   if (setjmp(jmp)) {
      *error_out = strdup(b->error);
      if (error_offset_w)
         *error_offset_w = b->error_offset_w;
      arena_destroy(arena);
      return false;
   }

   stn_front_run(b, words, word_count);
   char *text = NULL;
   for (uint32_t f = 0; f < b->num_functions; f++) {
      stn_cfg_build(b, &b->functions[f]);
      if (cfg_text) {
         char *t = stn_cfg_print(b, &b->functions[f]);
         text = text ? stn_asprintf(b, "%s%s", text, t) : t;
      }
   }
   if (cfg_text && text)
      *cfg_text = strdup(text);
   arena_destroy(arena);
   return true;
}
