/* SPDX-License-Identifier: MIT */
/*
 * The module decoder: header checks, the grammar-driven scan, layout and
 * function structure, ids. Every failure must name the right word.
 */
#include "stn_private.h"
#include "spirv/spirv_to_nir.h"
#include "stn_test_util.h"

#include <stdio.h>
#include <stdlib.h>

#include "util/test.h"

static const struct spirv_to_nir_options vk_opts = {.env = SPIRV_ENV_VULKAN};
static const struct spirv_to_nir_options gl_opts = {.env = SPIRV_ENV_OPENGL_GL_FLAVOURED};

/* Parses m; returns the error (malloc'd) or NULL, and the offset. */
static char *
parse(const struct sw_module *m, const struct spirv_to_nir_options *opts, size_t *offset)
{
   char *err = NULL;
   *offset = (size_t)-1;
   if (stn_parse_for_test(m->w, m->n, opts, NULL, &err, offset))
      return NULL;
   return err;
}

#define EXPECT_ERROR(m, opts, want_offset, substr)                                       \
   do {                                                                                  \
      size_t off_;                                                                       \
      char *err_ = parse(m, opts, &off_);                                                \
      if (CHECK(err_ != NULL)) {                                                         \
         CHECK_EQ(off_, want_offset);                                                    \
         if (!CHECK(strstr(err_, substr) != NULL))                                       \
            printf("    error was: %s\n", err_);                                         \
      }                                                                                  \
      free(err_);                                                                        \
   } while (0)

#define EXPECT_OK(m, opts)                                                               \
   do {                                                                                  \
      size_t off_;                                                                       \
      char *err_ = parse(m, opts, &off_);                                                \
      if (!CHECK(err_ == NULL))                                                          \
         printf("    error: %s\n", err_);                                                \
      free(err_);                                                                        \
   } while (0)

TEST(decoder_minimal_module_parses)
{
   struct sw_module m;
   sw_minimal_fragment(&m);
   EXPECT_OK(&m, &vk_opts);
}

TEST(decoder_header)
{
   struct sw_module m;
   sw_minimal_fragment(&m);
   const struct sw_module good = m;

   /* Too short for a header. */
   m.n = 3;
   EXPECT_ERROR(&m, &vk_opts, 3, "header alone needs 5");
   m.n = 0;
   EXPECT_ERROR(&m, &vk_opts, 0, "header alone needs 5");

   m = good;
   m.w[0] = 0x12345678;
   EXPECT_ERROR(&m, &vk_opts, 0, "bad magic");

   m = good;
   m.w[1] = 0x00010700;
   EXPECT_ERROR(&m, &vk_opts, 1, "unsupported SPIR-V version");
   m.w[1] = 0x00020000;
   EXPECT_ERROR(&m, &vk_opts, 1, "unsupported SPIR-V version");
   m.w[1] = 0x00010001; /* a stray low byte */
   EXPECT_ERROR(&m, &vk_opts, 1, "unsupported SPIR-V version");
   for (uint32_t minor = 0; minor <= 6; minor++) {
      m.w[1] = 0x00010000 | (minor << 8);
      EXPECT_OK(&m, &vk_opts);
   }

   /* Version 0: only GL-flavoured input. */
   m.w[1] = 0;
   EXPECT_ERROR(&m, &vk_opts, 1, "unsupported SPIR-V version");
   EXPECT_OK(&m, &gl_opts);

   m = good;
   m.w[3] = 0;
   EXPECT_ERROR(&m, &vk_opts, 3, "id bound 0");
   m.w[3] = 0xffffffffu;
   EXPECT_ERROR(&m, &vk_opts, 3, "id bound");
   m.w[3] = STN_MAX_ID_BOUND; /* the largest allowed: no huge allocation */
   EXPECT_OK(&m, &vk_opts);

   m = good;
   m.w[4] = 1;
   EXPECT_ERROR(&m, &vk_opts, 4, "schema");
}

TEST(decoder_byte_swapped_module)
{
   struct sw_module m;
   sw_minimal_fragment(&m);
   for (size_t i = 0; i < m.n; i++)
      m.w[i] = __builtin_bswap32(m.w[i]);
   EXPECT_OK(&m, &vk_opts);
}

TEST(decoder_word_counts)
{
   struct sw_module m;
   sw_minimal_fragment(&m);
   const struct sw_module good = m;

   /* Truncation inside the last instruction's operands. */
   m.n -= 1; /* drops OpFunctionEnd: the module ends inside a function */
   EXPECT_ERROR(&m, &vk_opts, m.n, "ends inside a function");

   /* A word count running past the end. */
   m = good;
   m.w[m.n - 1] = (5u << 16) | SpvOpFunctionEnd;
   EXPECT_ERROR(&m, &vk_opts, m.n - 1, "runs past the end");

   /* A zero word count. */
   m = good;
   m.w[m.n - 1] = SpvOpFunctionEnd;
   EXPECT_ERROR(&m, &vk_opts, m.n - 1, "word count 0");

   /* OpTypeVoid with an extra operand (word 13 is OpTypeVoid: 5 + 2 + 3 + 3). */
   struct sw_module x;
   sw_minimal_preamble(&x, 16);
   const size_t at = x.n;
   sw_inst(&x, SpvOpTypeVoid, 2, 2, 7);
   EXPECT_ERROR(&x, &vk_opts, at + 2, "OpTypeVoid has 3 words");

   /* OpTypeInt missing its signedness. */
   sw_minimal_preamble(&x, 16);
   const size_t at2 = x.n;
   sw_inst(&x, SpvOpTypeInt, 2, 2, 32);
   EXPECT_ERROR(&x, &vk_opts, at2 + 3, "missing");

   /* Unknown opcode. */
   sw_minimal_preamble(&x, 16);
   const size_t at3 = x.n;
   sw_inst(&x, (SpvOp)9, 0);
   EXPECT_ERROR(&x, &vk_opts, at3, "unknown opcode 9");
}

TEST(decoder_ids)
{
   struct sw_module m;

   /* An id at the bound. */
   sw_minimal_preamble(&m, 16);
   size_t at = m.n;
   sw_inst(&m, SpvOpTypeVoid, 1, 16);
   EXPECT_ERROR(&m, &vk_opts, at, "id 16 outside 1..15");

   /* Id 0. */
   sw_minimal_preamble(&m, 16);
   at = m.n;
   sw_inst(&m, SpvOpTypeBool, 1, 0);
   EXPECT_ERROR(&m, &vk_opts, at, "id 0 outside");

   /* Defined twice. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeVoid, 1, 2);
   at = m.n;
   sw_inst(&m, SpvOpTypeBool, 1, 2);
   EXPECT_ERROR(&m, &vk_opts, at, "defined twice");

   /* A result type that is not a type. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeInt, 3, 2, 32, 1);
   sw_inst(&m, SpvOpConstant, 3, 2, 3, 7);
   at = m.n;
   sw_inst(&m, SpvOpConstant, 3, 3, 4, 7);
   EXPECT_ERROR(&m, &vk_opts, at, "is a OpConstant");

   /* A result type defined later. */
   sw_minimal_preamble(&m, 16);
   at = m.n;
   sw_inst(&m, SpvOpConstant, 3, 5, 4, 7);
   EXPECT_ERROR(&m, &vk_opts, at, "type 5 is not defined before use");

   /* OpConstant of a 64-bit type needs two words; of a 32-bit one, one. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeInt, 3, 2, 64, 0);
   sw_inst(&m, SpvOpTypeInt, 3, 3, 32, 0);
   sw_inst(&m, SpvOpConstant, 4, 2, 4, 1, 0);
   at = m.n;
   sw_inst(&m, SpvOpConstant, 4, 3, 5, 1, 0);
   EXPECT_ERROR(&m, &vk_opts, at + 4, "OpConstant has 5 words");
}

TEST(decoder_layout)
{
   struct sw_module m;

   /* No memory model. */
   sw_header(&m, 0x00010000, 8);
   sw_inst(&m, SpvOpCapability, 1, SpvCapabilityShader);
   EXPECT_ERROR(&m, &vk_opts, m.n, "no OpMemoryModel");

   /* A capability after the memory model. */
   sw_minimal_preamble(&m, 16);
   size_t at = m.n;
   sw_inst(&m, SpvOpCapability, 1, SpvCapabilityShader);
   EXPECT_ERROR(&m, &vk_opts, at, "out of the logical layout order");

   /* Two memory models. */
   sw_header(&m, 0x00010000, 8);
   sw_inst(&m, SpvOpCapability, 1, SpvCapabilityShader);
   sw_inst(&m, SpvOpMemoryModel, 2, 0, 1);
   at = m.n;
   sw_inst(&m, SpvOpMemoryModel, 2, 0, 1);
   EXPECT_ERROR(&m, &vk_opts, at, "second OpMemoryModel");

   /* A decoration after a type. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeVoid, 1, 2);
   at = m.n;
   sw_inst(&m, SpvOpDecorate, 2, 2, SpvDecorationBlock);
   EXPECT_ERROR(&m, &vk_opts, at, "out of the logical layout order");

   /* A function-only instruction among the globals. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeInt, 3, 2, 32, 1);
   sw_inst(&m, SpvOpConstant, 3, 2, 3, 1);
   at = m.n;
   sw_inst(&m, SpvOpIAdd, 4, 2, 4, 3, 3);
   EXPECT_ERROR(&m, &vk_opts, at, "outside a function");

   /* No Shader capability. */
   sw_header(&m, 0x00010000, 8);
   sw_inst(&m, SpvOpCapability, 1, SpvCapabilityMatrix);
   sw_inst(&m, SpvOpMemoryModel, 2, 0, 1);
   EXPECT_ERROR(&m, &vk_opts, 5, "Shader capability");

   /* A capability the translation does not implement. */
   sw_header(&m, 0x00010000, 8);
   sw_inst(&m, SpvOpCapability, 1, SpvCapabilityKernel);
   sw_inst(&m, SpvOpMemoryModel, 2, 0, 1);
   EXPECT_ERROR(&m, &vk_opts, 5, "capability Kernel");

   /* A capability the caller does not accept. */
   const uint32_t only_shader[] = {SpvCapabilityShader};
   const struct spirv_to_nir_options restricted = {
      .env = SPIRV_ENV_VULKAN,
      .capabilities = only_shader,
      .num_capabilities = 1,
   };
   sw_header(&m, 0x00010000, 8);
   sw_inst(&m, SpvOpCapability, 1, SpvCapabilityShader);
   sw_inst(&m, SpvOpCapability, 1, SpvCapabilityGeometry);
   sw_inst(&m, SpvOpMemoryModel, 2, 0, 1);
   EXPECT_ERROR(&m, &restricted, 7, "capability Geometry");

   /* An unknown extension and an unknown instruction set. */
   sw_header(&m, 0x00010000, 8);
   sw_inst(&m, SpvOpCapability, 1, SpvCapabilityShader);
   sw_inst_str(&m, SpvOpExtension, NULL, 0, "SPV_KHR_no_such_thing", NULL, 0);
   sw_inst(&m, SpvOpMemoryModel, 2, 0, 1);
   EXPECT_ERROR(&m, &vk_opts, 7, "extension SPV_KHR_no_such_thing");
   sw_header(&m, 0x00010000, 8);
   sw_inst(&m, SpvOpCapability, 1, SpvCapabilityShader);
   const uint32_t id[] = {1};
   sw_inst_str(&m, SpvOpExtInstImport, id, 1, "OpenCL.std", NULL, 0);
   sw_inst(&m, SpvOpMemoryModel, 2, 0, 1);
   EXPECT_ERROR(&m, &vk_opts, 7, "OpenCL.std");
}

TEST(decoder_function_structure)
{
   struct sw_module m;

   /* An instruction between blocks. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeVoid, 1, 2);
   sw_inst(&m, SpvOpTypeFunction, 2, 3, 2);
   sw_inst(&m, SpvOpFunction, 4, 2, 1, 0, 3);
   sw_inst(&m, SpvOpLabel, 1, 4);
   sw_inst(&m, SpvOpReturn, 0);
   size_t at = m.n;
   sw_inst(&m, SpvOpReturn, 0);
   sw_inst(&m, SpvOpFunctionEnd, 0);
   EXPECT_ERROR(&m, &vk_opts, at, "outside a block");

   /* A block without a terminator. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeVoid, 1, 2);
   sw_inst(&m, SpvOpTypeFunction, 2, 3, 2);
   sw_inst(&m, SpvOpFunction, 4, 2, 1, 0, 3);
   sw_inst(&m, SpvOpLabel, 1, 4);
   at = m.n;
   sw_inst(&m, SpvOpFunctionEnd, 0);
   EXPECT_ERROR(&m, &vk_opts, at, "missing terminator");

   /* A merge instruction not followed by a branch. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeVoid, 1, 2);
   sw_inst(&m, SpvOpTypeFunction, 2, 3, 2);
   sw_inst(&m, SpvOpFunction, 4, 2, 1, 0, 3);
   sw_inst(&m, SpvOpLabel, 1, 4);
   sw_inst(&m, SpvOpSelectionMerge, 2, 5, 0);
   at = m.n;
   sw_inst(&m, SpvOpReturn, 0);
   sw_inst(&m, SpvOpFunctionEnd, 0);
   EXPECT_ERROR(&m, &vk_opts, at, "merge instruction must be followed");

   /* A function variable after another instruction. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeVoid, 1, 2);
   sw_inst(&m, SpvOpTypeFunction, 2, 3, 2);
   sw_inst(&m, SpvOpTypeFloat, 2, 5, 32);
   sw_inst(&m, SpvOpTypePointer, 3, 6, SpvStorageClassFunction, 5);
   sw_inst(&m, SpvOpFunction, 4, 2, 1, 0, 3);
   sw_inst(&m, SpvOpLabel, 1, 4);
   sw_inst(&m, SpvOpUndef, 2, 5, 8);
   at = m.n;
   sw_inst(&m, SpvOpVariable, 3, 6, 7, SpvStorageClassFunction);
   sw_inst(&m, SpvOpReturn, 0);
   sw_inst(&m, SpvOpFunctionEnd, 0);
   EXPECT_ERROR(&m, &vk_opts, at, "function variables must be the first");

   /* A type inside a function. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeVoid, 1, 2);
   sw_inst(&m, SpvOpTypeFunction, 2, 3, 2);
   sw_inst(&m, SpvOpFunction, 4, 2, 1, 0, 3);
   sw_inst(&m, SpvOpLabel, 1, 4);
   at = m.n;
   sw_inst(&m, SpvOpTypeBool, 1, 9);
   sw_inst(&m, SpvOpReturn, 0);
   sw_inst(&m, SpvOpFunctionEnd, 0);
   EXPECT_ERROR(&m, &vk_opts, at, "OpTypeBool is out of the logical layout order");

   /* A phi after another instruction. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeVoid, 1, 2);
   sw_inst(&m, SpvOpTypeFunction, 2, 3, 2);
   sw_inst(&m, SpvOpTypeFloat, 2, 5, 32);
   sw_inst(&m, SpvOpFunction, 4, 2, 1, 0, 3);
   sw_inst(&m, SpvOpLabel, 1, 4);
   sw_inst(&m, SpvOpUndef, 2, 5, 8);
   at = m.n;
   sw_inst(&m, SpvOpPhi, 4, 5, 9, 8, 4);
   sw_inst(&m, SpvOpReturn, 0);
   sw_inst(&m, SpvOpFunctionEnd, 0);
   EXPECT_ERROR(&m, &vk_opts, at, "OpPhi after a non-phi");
}

TEST(decoder_strings)
{
   struct sw_module m;
   sw_minimal_preamble(&m, 16);
   /* OpName with the terminator cut off by the word count. */
   const uint32_t tgt[] = {1};
   const size_t at = m.n;
   sw_inst_str(&m, SpvOpName, tgt, 1, "abcd", NULL, 0);
   m.w[at] = (3u << 16) | SpvOpName; /* 3 words: the NUL word is outside */
   m.n = at + 3;
   EXPECT_ERROR(&m, &vk_opts, at + 2, "not NUL-terminated");
}

TEST(decoder_glslang_modules_parse)
{
   char **list = stn_test_list_spv();
   if (!list) {
      test_skip("KILN_SPIRV_TEST_DIR not set or empty");
      return;
   }
   unsigned n = 0;
   for (char **p = list; *p; p++) {
      size_t count;
      uint32_t *words = stn_test_load_spv(*p, &count);
      if (!CHECK(words != NULL))
         continue;
      char *err = NULL;
      char *cfg = NULL;
      /* Opt-in capabilities too (intel_int_functions2). */
      uint32_t num_caps;
      const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
      const struct spirv_to_nir_options all = {
         .env = SPIRV_ENV_VULKAN, .capabilities = caps, .num_capabilities = num_caps};
      if (!CHECK(stn_parse_for_test(words, count, &all, &cfg, &err, NULL)))
         printf("    %s: %s\n", *p, err);
      free(err);
      free(cfg);
      free(words);
      n++;
   }
   CHECK(n >= 10);
   stn_test_free_list(list);
}

/* Type and constant graphs that are not well-founded: each must fail at the
 * instruction that closes the cycle or uses the forward reference. */
static char *
translate_error(const struct sw_module *m, size_t *offset)
{
   char *err = NULL;
   *offset = (size_t)-1;
   nir_shader *s = spirv_to_nir(m->w, m->n, NIR_STAGE_FRAGMENT, "main", &vk_opts, NULL, &err);
   if (s) {
      nir_shader_destroy(s);
      return NULL;
   }
   const long off = spirv_to_nir_error_offset(err);
   *offset = off < 0 ? (size_t)-1 : (size_t)off;
   return err;
}

#define EXPECT_TRANSLATE_ERROR(m, want_offset, substr)                                   \
   do {                                                                                  \
      size_t off_;                                                                       \
      char *err_ = translate_error(m, &off_);                                            \
      if (CHECK(err_ != NULL)) {                                                         \
         CHECK_EQ(off_, want_offset);                                                    \
         if (!CHECK(strstr(err_, substr) != NULL))                                       \
            printf("    error was: %s\n", err_);                                         \
      }                                                                                  \
      free(err_);                                                                        \
   } while (0)

TEST(decoder_cyclic_and_forward_references)
{
   struct sw_module m;

   /* A struct that contains itself. */
   sw_minimal_preamble(&m, 16);
   size_t at = m.n;
   sw_inst(&m, SpvOpTypeStruct, 2, 5, 5);
   EXPECT_TRANSLATE_ERROR(&m, at, "id 5");

   /* Two structs containing each other: the first names a later id. */
   sw_minimal_preamble(&m, 16);
   at = m.n;
   sw_inst(&m, SpvOpTypeStruct, 2, 5, 6);
   sw_inst(&m, SpvOpTypeStruct, 2, 6, 5);
   EXPECT_TRANSLATE_ERROR(&m, at, "id 6");

   /* A pointer to a type defined later (forward pointers are not supported
    * and a plain forward reference is not allowed). */
   sw_minimal_preamble(&m, 16);
   at = m.n;
   sw_inst(&m, SpvOpTypePointer, 3, 5, SpvStorageClassFunction, 6);
   sw_inst(&m, SpvOpTypeFloat, 2, 6, 32);
   EXPECT_TRANSLATE_ERROR(&m, at, "id 6");

   /* An array whose length is a constant defined after it. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeInt, 3, 5, 32, 0);
   at = m.n;
   sw_inst(&m, SpvOpTypeArray, 3, 6, 5, 7);
   sw_inst(&m, SpvOpConstant, 3, 5, 7, 4);
   EXPECT_TRANSLATE_ERROR(&m, at, "id 7");

   /* A composite constant listing itself. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeFloat, 2, 5, 32);
   sw_inst(&m, SpvOpTypeVector, 3, 6, 5, 2);
   at = m.n;
   sw_inst(&m, SpvOpConstantComposite, 4, 6, 7, 7, 7);
   EXPECT_TRANSLATE_ERROR(&m, at, "id 7");

   /* An OpSpecConstantOp using its own result. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeInt, 3, 5, 32, 1);
   at = m.n;
   sw_inst(&m, SpvOpSpecConstantOp, 5, 5, 6, SpvOpIAdd, 6, 6);
   EXPECT_TRANSLATE_ERROR(&m, at, "id 6");

   /* Types nested deeper than the limit (a chain of arrays): no recursion
    * runs off the stack; the chain is refused where it passes the limit. */
   sw_minimal_preamble(&m, 4096);
   sw_inst(&m, SpvOpTypeInt, 3, 5, 32, 0);
   sw_inst(&m, SpvOpConstant, 3, 5, 6, 2);
   sw_inst(&m, SpvOpTypeFloat, 2, 7, 32);
   uint32_t prev = 7;
   size_t limit_at = 0;
   for (uint32_t i = 0; i < STN_MAX_TYPE_DEPTH + 10; i++) {
      if (i == STN_MAX_TYPE_DEPTH)
         limit_at = m.n;
      sw_inst(&m, SpvOpTypeArray, 3, 100 + i, prev, 6);
      prev = 100 + i;
   }
   EXPECT_TRANSLATE_ERROR(&m, limit_at, "nested deeper");
}

TEST(api_entry_point_and_stage)
{
   struct sw_module m;
   sw_minimal_fragment(&m);
   char *err = NULL;

   /* The right stage and name, or the only one. */
   nir_shader *s = spirv_to_nir(m.w, m.n, NIR_STAGE_FRAGMENT, "main", &vk_opts, NULL, &err);
   CHECK(s != NULL);
   if (s)
      CHECK_STREQ(s->info.name, "main");
   nir_shader_destroy(s);
   s = spirv_to_nir(m.w, m.n, NIR_STAGE_FRAGMENT, NULL, NULL, NULL, &err);
   CHECK(s != NULL);
   nir_shader_destroy(s);

   /* A name or stage the module does not have. */
   s = spirv_to_nir(m.w, m.n, NIR_STAGE_FRAGMENT, "other", &vk_opts, NULL, &err);
   CHECK(s == NULL);
   if (CHECK(err))
      CHECK(strstr(err, "no Fragment entry point named \"other\"") != NULL);
   free(err);
   s = spirv_to_nir(m.w, m.n, NIR_STAGE_VERTEX, "main", &vk_opts, NULL, &err);
   CHECK(s == NULL);
   if (CHECK(err))
      CHECK(strstr(err, "no Vertex entry point") != NULL);
   free(err);

   /* Bad arguments are errors too. */
   s = spirv_to_nir(NULL, 0, NIR_STAGE_FRAGMENT, "main", &vk_opts, NULL, &err);
   CHECK(s == NULL);
   if (CHECK(err))
      CHECK_EQ(spirv_to_nir_error_offset(err), 0);
   free(err);
   s = spirv_to_nir(m.w, m.n, (nir_shader_stage)99, "main", &vk_opts, NULL, &err);
   CHECK(s == NULL);
   if (CHECK(err))
      CHECK(strstr(err, "unknown shader stage") != NULL);
   free(err);
   /* error_out may be NULL. */
   CHECK(spirv_to_nir(m.w, 3, NIR_STAGE_FRAGMENT, "main", &vk_opts, NULL, NULL) == NULL);

   /* The shader hangs off the parent arena when one is given. */
   struct arena *parent = arena_create(NULL);
   REQUIRE(parent);
   s = spirv_to_nir(m.w, m.n, NIR_STAGE_FRAGMENT, "main", &vk_opts, parent, &err);
   CHECK(s != NULL);
   arena_destroy(parent); /* frees the shader (ASan checks) */

   CHECK_EQ(spirv_to_nir_error_offset("SPIR-V word 17: OpFoo: x"), 17);
   CHECK_EQ(spirv_to_nir_error_offset("something else"), -1);
   CHECK_EQ(spirv_to_nir_error_offset(NULL), -1);
}

TEST(decoder_spec_constant_op_types)
{
   /* Regression (found by the fuzzer): an OpSpecConstantOp whose operands
    * do not have the width its op and result need must be refused, not
    * folded into a boolean holding a 32-bit value. */
   struct sw_module m;
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeInt, 3, 5, 32, 1);
   sw_inst(&m, SpvOpTypeBool, 1, 6);
   sw_inst(&m, SpvOpSpecConstant, 3, 5, 7, 3);
   size_t at = m.n;
   sw_inst(&m, SpvOpSpecConstantOp, 5, 6, 8, SpvOpLogicalAnd, 7, 7);
   EXPECT_TRANSLATE_ERROR(&m, at, "result type is 1-bit");

   /* A shuffle of integer vectors into a boolean vector. */
   sw_minimal_preamble(&m, 16);
   sw_inst(&m, SpvOpTypeInt, 3, 5, 32, 1);
   sw_inst(&m, SpvOpTypeBool, 1, 6);
   sw_inst(&m, SpvOpTypeVector, 3, 9, 5, 2);
   sw_inst(&m, SpvOpTypeVector, 3, 10, 6, 2);
   sw_inst(&m, SpvOpConstant, 3, 5, 7, 3);
   sw_inst(&m, SpvOpSpecConstantComposite, 4, 9, 11, 7, 7);
   at = m.n;
   sw_inst(&m, SpvOpSpecConstantOp, 7, 10, 12, SpvOpVectorShuffle, 11, 11, 0, 1);
   EXPECT_TRANSLATE_ERROR(&m, at, "component type");
}

/* Opt-in capabilities (spirv_to_nir.h): the default set, nvk's, refuses
 * each at its OpCapability; a caller listing every implemented capability
 * accepts the same module. */
TEST(decoder_opt_in_capabilities)
{
   static const SpvCapability opt_in[] = {
      SpvCapabilityIntegerFunctions2INTEL,
      SpvCapabilityFragmentShaderPixelInterlockEXT,
      SpvCapabilityFragmentShaderSampleInterlockEXT,
      SpvCapabilityFragmentShaderShadingRateInterlockEXT,
      SpvCapabilityComputeDerivativeGroupQuadsNV,
      SpvCapabilityComputeDerivativeGroupLinearNV,
   };
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options all = {
      .env = SPIRV_ENV_VULKAN, .capabilities = caps, .num_capabilities = num_caps};
   for (unsigned i = 0; i < sizeof(opt_in) / sizeof(opt_in[0]); i++) {
      struct sw_module m;
      sw_header(&m, 0x00010000, 16);
      sw_inst(&m, SpvOpCapability, 1, SpvCapabilityShader);
      sw_inst(&m, SpvOpCapability, 1, opt_in[i]);
      sw_inst(&m, SpvOpMemoryModel, 2, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
      const uint32_t ep[] = {SpvExecutionModelFragment, 1};
      sw_inst_str(&m, SpvOpEntryPoint, ep, 2, "main", NULL, 0);
      sw_inst(&m, SpvOpExecutionMode, 2, 1, SpvExecutionModeOriginUpperLeft);
      sw_inst(&m, SpvOpTypeVoid, 1, 2);
      sw_inst(&m, SpvOpTypeFunction, 2, 3, 2);
      sw_inst(&m, SpvOpFunction, 4, 2, 1, SpvFunctionControlMaskNone, 3);
      sw_inst(&m, SpvOpLabel, 1, 4);
      sw_inst(&m, SpvOpReturn, 0);
      sw_inst(&m, SpvOpFunctionEnd, 0);
      EXPECT_ERROR(&m, &vk_opts, 7, "is not supported");
      EXPECT_OK(&m, &all);
   }
}

/* Vulkan 1.3, VUID-StandaloneSpirv-OpVariable-04734: "Any OpVariable with
 * an Initializer operand and Workgroup as its Storage Class operand must
 * use OpConstantNull as the initializer" (drivers zero such variables when
 * a workgroup starts; any other constant would be ignored). */
static void
workgroup_module(struct sw_module *m, SpvOp init_op, size_t *var_at)
{
   sw_header(m, 0x00010000, 16);
   sw_inst(m, SpvOpCapability, 1, SpvCapabilityShader);
   sw_inst(m, SpvOpMemoryModel, 2, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   const uint32_t ep[] = {SpvExecutionModelGLCompute, 1};
   sw_inst_str(m, SpvOpEntryPoint, ep, 2, "main", NULL, 0);
   sw_inst(m, SpvOpExecutionMode, 5, 1, SpvExecutionModeLocalSize, 1, 1, 1);
   sw_inst(m, SpvOpTypeVoid, 1, 2);
   sw_inst(m, SpvOpTypeFunction, 2, 3, 2);
   sw_inst(m, SpvOpTypeInt, 3, 5, 32, 0);
   sw_inst(m, SpvOpTypePointer, 3, 6, SpvStorageClassWorkgroup, 5);
   if (init_op == SpvOpConstantNull)
      sw_inst(m, SpvOpConstantNull, 2, 5, 7);
   else
      sw_inst(m, SpvOpConstant, 3, 5, 7, 42);
   *var_at = m->n;
   sw_inst(m, SpvOpVariable, 4, 6, 8, SpvStorageClassWorkgroup, 7);
   sw_inst(m, SpvOpFunction, 4, 2, 1, SpvFunctionControlMaskNone, 3);
   sw_inst(m, SpvOpLabel, 1, 4);
   sw_inst(m, SpvOpStore, 2, 8, 7);
   sw_inst(m, SpvOpReturn, 0);
   sw_inst(m, SpvOpFunctionEnd, 0);
}

TEST(decoder_workgroup_initializer_must_be_null)
{
   struct sw_module m;
   size_t at;
   char *err = NULL;
   workgroup_module(&m, SpvOpConstantNull, &at);
   nir_shader *s = spirv_to_nir(m.w, m.n, NIR_STAGE_COMPUTE, "main", &vk_opts, NULL, &err);
   if (!CHECK(s != NULL))
      printf("    error was: %s\n", err ? err : "?");
   if (s)
      nir_shader_destroy(s);
   free(err);
   err = NULL;

   workgroup_module(&m, SpvOpConstant, &at);
   s = spirv_to_nir(m.w, m.n, NIR_STAGE_COMPUTE, "main", &vk_opts, NULL, &err);
   if (CHECK(s == NULL)) {
      CHECK_EQ((size_t)spirv_to_nir_error_offset(err), at);
      if (!CHECK(err && strstr(err, "must be an OpConstantNull") != NULL))
         printf("    error was: %s\n", err ? err : "?");
   } else {
      nir_shader_destroy(s);
   }
   free(err);
}
