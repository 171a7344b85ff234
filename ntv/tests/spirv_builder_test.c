/* SPDX-License-Identifier: MIT */
#include "ntv/spirv_builder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ntv/spirv_tools.h"
#include "util/arena.h"
#include "util/test.h"

/* Finds the n-th (0-based) instruction with opcode `op`; returns its word
 * index or -1. */
static long
find_op(const uint32_t *w, size_t count, SpvOp op, unsigned nth)
{
   for (size_t i = 5; i < count;) {
      const unsigned wc = w[i] >> SpvWordCountShift;
      if ((w[i] & SpvOpCodeMask) == (uint32_t)op && nth-- == 0)
         return (long)i;
      if (wc == 0)
         return -1;
      i += wc;
   }
   return -1;
}

static unsigned
count_ops(const uint32_t *w, size_t count, SpvOp op)
{
   unsigned n = 0;
   while (find_op(w, count, op, n) >= 0)
      n++;
   return n;
}

static bool
check_valid(const uint32_t *w, size_t count, enum ntv_target target)
{
   char *msg = NULL;
   const bool ok = ntv_spirv_validate(w, count, target, NULL, &msg);
   if (!ok) {
      char *dis = ntv_spirv_disassemble(w, count, NULL);
      test_fail(__FILE__, __LINE__, "spirv-val (%s): %s\n%s", ntv_target_name(target),
                msg ? msg : "?", dis ? dis : "(no disassembly)");
      free(dis);
   }
   free(msg);
   return ok;
}

/* A vertex shader: gl_Position = in0 * 2.0, with a loop-free if so that
 * labels, a function variable made late and names all appear. */
static void
build_vertex_padded(struct spvb_builder *b, bool with_xfb, unsigned padding)
{
   spvb_capability(b, SpvCapabilityShader);
   const SpvId glsl = spvb_import(b, "GLSL.std.450");
   spvb_memory_model(b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);

   const SpvId f32 = spvb_type_float(b, 32);
   const SpvId vec4 = spvb_type_vector(b, f32, 4);
   const SpvId in_ptr = spvb_type_pointer(b, SpvStorageClassInput, vec4);
   const SpvId out_ptr = spvb_type_pointer(b, SpvStorageClassOutput, vec4);
   const SpvId in0 = spvb_global_var(b, in_ptr, SpvStorageClassInput, 0);
   const SpvId pos = spvb_global_var(b, out_ptr, SpvStorageClassOutput, 0);
   spvb_name(b, in0, "in0");
   spvb_name(b, pos, "gl_Position");
   spvb_decorate(b, in0, SpvDecorationLocation, SPVB_WORDS(0));
   spvb_decorate_builtin(b, pos, SpvBuiltInPosition);
   if (with_xfb) {
      spvb_decorate(b, pos, SpvDecorationXfbBuffer, SPVB_WORDS(1));
      spvb_decorate(b, pos, SpvDecorationXfbStride, SPVB_WORDS(32));
      spvb_decorate(b, pos, SpvDecorationOffset, SPVB_WORDS(16));
   }

   const SpvId void_t = spvb_type_void(b);
   const SpvId fn_t = spvb_type_function(b, void_t, NULL, 0);
   const SpvId main_fn = spvb_id(b);
   spvb_name(b, main_fn, "main");
   /* Unused named constants, to make the sections grow through several
    * allocations in the out-of-memory test. */
   for (unsigned i = 0; i < padding; i++) {
      char name[32];
      snprintf(name, sizeof(name), "padding_constant_%u", i);
      spvb_name(b, spvb_const_u32(b, 1000 + i), name);
   }
   spvb_function_begin(b, main_fn, void_t, SpvFunctionControlMaskNone, fn_t);
   const SpvId entry = spvb_id(b), then = spvb_id(b), merge = spvb_id(b);
   spvb_label(b, entry);
   const SpvId v = spvb_load(b, vec4, in0);
   const SpvId x = spvb_composite_extract(b, f32, v, SPVB_WORDS(0));
   const SpvId zero = spvb_const_float(b, 32, 0);
   const SpvId cond =
      spvb_op(b, SpvOpFOrdGreaterThan, spvb_type_bool(b), SPVB_WORDS(x, zero));
   spvb_selection_merge(b, merge, SpvSelectionControlMaskNone);
   spvb_branch_conditional(b, cond, then, merge);
   spvb_label(b, then);
   /* Created in the second block: must still land at the top of the first. */
   const SpvId tmp =
      spvb_function_var(b, spvb_type_pointer(b, SpvStorageClassFunction, vec4), 0);
   const SpvId two = spvb_const_float(b, 32, 0x40000000);
   const SpvId twos = spvb_const_composite(b, vec4, SPVB_WORDS(two, two, two, two));
   const SpvId prod = spvb_op(b, SpvOpFMul, vec4, SPVB_WORDS(v, twos));
   const SpvId a = spvb_ext_inst(b, vec4, glsl, 4 /* FAbs */, &prod, 1);
   spvb_store(b, tmp, a);
   spvb_branch(b, merge);
   spvb_label(b, merge);
   const SpvId res = spvb_phi(b, vec4, SPVB_WORDS(v, entry, a, then));
   spvb_store(b, pos, res);
   spvb_return(b);
   spvb_function_end(b);

   spvb_entry_point(b, SpvExecutionModelVertex, main_fn, "main", SPVB_WORDS(in0, pos));
   if (with_xfb)
      spvb_execution_mode(b, main_fn, SpvExecutionModeXfb, NULL, 0);
}

static void
build_vertex(struct spvb_builder *b, bool with_xfb)
{
   build_vertex_padded(b, with_xfb, 0);
}

TEST(builder_vertex_validates_every_target)
{
   for (unsigned t = 0; t < NTV_TARGET_COUNT; t++) {
      struct spvb_builder b;
      spvb_init(&b, ntv_target_spirv_version(t));
      build_vertex(&b, false);
      struct arena *out = arena_create(NULL);
      REQUIRE(out);
      uint32_t *w;
      size_t n;
      CHECK_EQ(spvb_assemble(&b, out, &w, &n), SPVB_OK);
      if (w) {
         CHECK_EQ(w[0], SpvMagicNumber);
         CHECK_EQ(w[1], ntv_target_spirv_version(t));
         CHECK_EQ(w[3], spvb_id_bound(&b));
         check_valid(w, n, t);
      }
      arena_destroy(out);
      spvb_finish(&b);
   }
}

TEST(builder_golden_disassembly)
{
   struct spvb_builder b;
   spvb_init(&b, SPVB_VERSION(1, 0));
   build_vertex(&b, true);
   struct arena *out = arena_create(NULL);
   REQUIRE(out);
   uint32_t *w;
   size_t n;
   REQUIRE(spvb_assemble(&b, out, &w, &n) == SPVB_OK);
   char *dis = ntv_spirv_disassemble(w, n, NULL);
   REQUIRE(dis);
   /* Sections in spec order; the function variable hoisted into the first
    * block; capabilities sorted (Shader=1 before TransformFeedback=53). */
   CHECK_STREQ(dis,
               "               OpCapability Shader\n"
               "               OpCapability TransformFeedback\n"
               "          %1 = OpExtInstImport \"GLSL.std.450\"\n"
               "               OpMemoryModel Logical GLSL450\n"
               "               OpEntryPoint Vertex %main \"main\" %in0 %gl_Position\n"
               "               OpExecutionMode %main Xfb\n"
               "               OpName %in0 \"in0\"\n"
               "               OpName %gl_Position \"gl_Position\"\n"
               "               OpName %main \"main\"\n"
               "               OpDecorate %in0 Location 0\n"
               "               OpDecorate %gl_Position BuiltIn Position\n"
               "               OpDecorate %gl_Position XfbBuffer 1\n"
               "               OpDecorate %gl_Position XfbStride 32\n"
               "               OpDecorate %gl_Position Offset 16\n"
               "      %float = OpTypeFloat 32\n"
               "    %v4float = OpTypeVector %float 4\n"
               "%_ptr_Input_v4float = OpTypePointer Input %v4float\n"
               "%_ptr_Output_v4float = OpTypePointer Output %v4float\n"
               "        %in0 = OpVariable %_ptr_Input_v4float Input\n"
               "%gl_Position = OpVariable %_ptr_Output_v4float Output\n"
               "       %void = OpTypeVoid\n"
               "          %9 = OpTypeFunction %void\n"
               "    %float_0 = OpConstant %float 0\n"
               "       %bool = OpTypeBool\n"
               "%_ptr_Function_v4float = OpTypePointer Function %v4float\n"
               "    %float_2 = OpConstant %float 2\n"
               "         %22 = OpConstantComposite %v4float %float_2 %float_2 %float_2 "
               "%float_2\n"
               "       %main = OpFunction %void None %9\n"
               "         %11 = OpLabel\n"
               "         %20 = OpVariable %_ptr_Function_v4float Function\n"
               "         %14 = OpLoad %v4float %in0\n"
               "         %15 = OpCompositeExtract %float %14 0\n"
               "         %18 = OpFOrdGreaterThan %bool %15 %float_0\n"
               "               OpSelectionMerge %13 None\n"
               "               OpBranchConditional %18 %12 %13\n"
               "         %12 = OpLabel\n"
               "         %23 = OpFMul %v4float %14 %22\n"
               "         %24 = OpExtInst %v4float %1 FAbs %23\n"
               "               OpStore %20 %24\n"
               "               OpBranch %13\n"
               "         %13 = OpLabel\n"
               "         %25 = OpPhi %v4float %14 %11 %24 %12\n"
               "               OpStore %gl_Position %25\n"
               "               OpReturn\n"
               "               OpFunctionEnd\n");
   check_valid(w, n, NTV_TARGET_VULKAN_1_0);
   free(dis);
   arena_destroy(out);
   spvb_finish(&b);
}

TEST(builder_types_and_constants_hash_consed)
{
   struct spvb_builder b;
   spvb_init(&b, SPVB_VERSION(1, 0));
   const SpvId f32 = spvb_type_float(&b, 32);
   CHECK_EQ(spvb_type_float(&b, 32), f32);
   const SpvId u32 = spvb_type_int(&b, 32, false), i32 = spvb_type_int(&b, 32, true);
   CHECK(u32 != i32);
   CHECK_EQ(spvb_type_int(&b, 32, false), u32);
   const SpvId v4 = spvb_type_vector(&b, f32, 4);
   CHECK_EQ(spvb_type_vector(&b, f32, 4), v4);
   CHECK(spvb_type_vector(&b, f32, 3) != v4);
   CHECK_EQ(spvb_type_pointer(&b, SpvStorageClassOutput, v4),
            spvb_type_pointer(&b, SpvStorageClassOutput, v4));
   CHECK(spvb_type_pointer(&b, SpvStorageClassOutput, v4) !=
         spvb_type_pointer(&b, SpvStorageClassInput, v4));
   /* The stride is part of an array type's identity. */
   const SpvId a16 = spvb_type_array(&b, v4, 3, 16);
   CHECK_EQ(spvb_type_array(&b, v4, 3, 16), a16);
   CHECK(spvb_type_array(&b, v4, 3, 0) != a16);
   CHECK(spvb_type_array(&b, v4, 4, 16) != a16);
   /* Structs never are. */
   CHECK(spvb_type_struct(&b, &v4, 1) != spvb_type_struct(&b, &v4, 1));
   /* Constants: same value and type, same id; same bits, other type, not. */
   CHECK_EQ(spvb_const_u32(&b, 7), spvb_const_u32(&b, 7));
   CHECK(spvb_const_u32(&b, 7) != spvb_const_int(&b, 32, true, 7));
   CHECK(spvb_const_float(&b, 32, 0x3f800000) != spvb_const_u32(&b, 0x3f800000));
   CHECK_EQ(spvb_const_bool(&b, true), spvb_const_bool(&b, true));
   CHECK(spvb_const_bool(&b, true) != spvb_const_bool(&b, false));
   CHECK_EQ(spvb_const_null(&b, v4), spvb_const_null(&b, v4));
   CHECK_EQ(spvb_undef(&b, v4), spvb_undef(&b, v4));
   CHECK(spvb_ok(&b));

   spvb_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   struct arena *out = arena_create(NULL);
   REQUIRE(out);
   uint32_t *w;
   size_t n;
   REQUIRE(spvb_assemble(&b, out, &w, &n) == SPVB_OK);
   CHECK_EQ(count_ops(w, n, SpvOpTypeFloat), 1);
   CHECK_EQ(count_ops(w, n, SpvOpTypeInt), 2);
   CHECK_EQ(count_ops(w, n, SpvOpTypeArray), 3);
   CHECK_EQ(count_ops(w, n, SpvOpTypeStruct), 2);
   /* ArrayStride once per strided array type, none for the unstrided one. */
   unsigned strides = 0;
   for (unsigned i = 0; i < count_ops(w, n, SpvOpDecorate); i++) {
      const long at = find_op(w, n, SpvOpDecorate, i);
      if (w[at + 2] == SpvDecorationArrayStride) {
         CHECK_EQ(w[at + 3], 16);
         strides++;
      }
   }
   CHECK_EQ(strides, 2);
   arena_destroy(out);
   spvb_finish(&b);
}

TEST(builder_constant_encoding)
{
   struct spvb_builder b;
   spvb_init(&b, SPVB_VERSION(1, 0));
   spvb_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   spvb_const_int(&b, 16, true, (uint64_t)-2);
   spvb_const_int(&b, 16, false, 0xfffe);
   spvb_const_int(&b, 64, false, 0x123456789abcdef0ull);
   spvb_const_float(&b, 16, 0x3c00);
   spvb_const_int(&b, 8, true, 0x7f);
   struct arena *out = arena_create(NULL);
   REQUIRE(out);
   uint32_t *w;
   size_t n;
   REQUIRE(spvb_assemble(&b, out, &w, &n) == SPVB_OK);
   long at = find_op(w, n, SpvOpConstant, 0);
   REQUIRE(at > 0);
   CHECK_EQ(w[at + 3], 0xfffffffeu); /* sign-extended */
   at = find_op(w, n, SpvOpConstant, 1);
   CHECK_EQ(w[at + 3], 0x0000fffeu); /* zero-extended */
   at = find_op(w, n, SpvOpConstant, 2);
   CHECK_EQ(w[at] >> 16, 5);
   CHECK_EQ(w[at + 3], 0x9abcdef0u); /* low word first */
   CHECK_EQ(w[at + 4], 0x12345678u);
   at = find_op(w, n, SpvOpConstant, 3);
   CHECK_EQ(w[at + 3], 0x3c00);
   at = find_op(w, n, SpvOpConstant, 4);
   CHECK_EQ(w[at + 3], 0x7f);
   /* Int16, Int64, Float16, Int8: added on use, sorted numerically. */
   CHECK_EQ(count_ops(w, n, SpvOpCapability), 4);
   uint32_t prev = 0;
   for (unsigned i = 0; i < 4; i++) {
      const long c = find_op(w, n, SpvOpCapability, i);
      CHECK(w[c + 1] > prev);
      prev = w[c + 1];
   }
   arena_destroy(out);
   spvb_finish(&b);
}

TEST(builder_capabilities_extensions_imports_deduplicated)
{
   struct spvb_builder b;
   spvb_init(&b, SPVB_VERSION(1, 0));
   spvb_capability(&b, SpvCapabilityShader);
   spvb_capability(&b, SpvCapabilityShader);
   spvb_extension(&b, "SPV_KHR_storage_buffer_storage_class");
   spvb_extension(&b, "SPV_EXT_demote_to_helper_invocation");
   spvb_extension(&b, "SPV_KHR_storage_buffer_storage_class");
   const SpvId i1 = spvb_import(&b, "GLSL.std.450");
   CHECK_EQ(spvb_import(&b, "GLSL.std.450"), i1);
   /* Decorations and modes add what they need. */
   const SpvId t = spvb_type_float(&b, 32);
   spvb_decorate(&b, t, SpvDecorationStream, SPVB_WORDS(1));
   CHECK(spvb_has_capability(&b, SpvCapabilityGeometryStreams));
   CHECK(!spvb_has_capability(&b, SpvCapabilityTransformFeedback));
   spvb_decorate(&b, t, SpvDecorationXfbStride, SPVB_WORDS(4));
   CHECK(spvb_has_capability(&b, SpvCapabilityTransformFeedback));
   spvb_decorate_builtin(&b, t, SpvBuiltInClipDistance);
   CHECK(spvb_has_capability(&b, SpvCapabilityClipDistance));
   spvb_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   struct arena *out = arena_create(NULL);
   REQUIRE(out);
   uint32_t *w;
   size_t n;
   REQUIRE(spvb_assemble(&b, out, &w, &n) == SPVB_OK);
   CHECK_EQ(count_ops(w, n, SpvOpCapability), 4);
   CHECK_EQ(count_ops(w, n, SpvOpExtension), 2);
   CHECK_EQ(count_ops(w, n, SpvOpExtInstImport), 1);
   const long e0 = find_op(w, n, SpvOpExtension, 0);
   CHECK(strcmp((const char *)&w[e0 + 1], "SPV_EXT_demote_to_helper_invocation") == 0);
   arena_destroy(out);
   spvb_finish(&b);
}

TEST(builder_xfb_vertex_validates)
{
   struct spvb_builder b;
   spvb_init(&b, SPVB_VERSION(1, 0));
   build_vertex(&b, true);
   struct arena *out = arena_create(NULL);
   REQUIRE(out);
   uint32_t *w;
   size_t n;
   REQUIRE(spvb_assemble(&b, out, &w, &n) == SPVB_OK);
   check_valid(w, n, NTV_TARGET_VULKAN_1_0);
   CHECK(spvb_has_capability(&b, SpvCapabilityTransformFeedback));
   arena_destroy(out);
   spvb_finish(&b);
}

TEST(builder_misuse_is_an_error_not_a_crash)
{
   struct arena *out = arena_create(NULL);
   REQUIRE(out);
   uint32_t *w;
   size_t n;
   struct spvb_builder b;

   spvb_init(&b, SPVB_VERSION(1, 0));
   spvb_load(&b, 1, 2); /* outside a function */
   spvb_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   CHECK_EQ(spvb_assemble(&b, out, &w, &n), SPVB_ERROR_MISUSE);
   CHECK(w == NULL && n == 0);
   spvb_finish(&b);

   spvb_init(&b, SPVB_VERSION(1, 0));
   CHECK_EQ(spvb_assemble(&b, out, &w, &n), SPVB_ERROR_MISUSE); /* no memory model */
   spvb_finish(&b);

   spvb_init(&b, SPVB_VERSION(1, 0));
   spvb_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   spvb_function_begin(&b, spvb_id(&b), spvb_type_void(&b), 0, 0);
   CHECK_EQ(spvb_assemble(&b, out, &w, &n), SPVB_ERROR_MISUSE); /* unfinished */
   spvb_finish(&b);

   spvb_init(&b, SPVB_VERSION(1, 0));
   spvb_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   spvb_type_int(&b, 7, false);
   CHECK_EQ(spvb_assemble(&b, out, &w, &n), SPVB_ERROR_MISUSE);
   CHECK_STREQ(b.error_detail, "integer width");
   spvb_finish(&b);

   /* Operand counts: an instruction's words beyond the builder's limit
    * (8 for decorations, 16 for execution modes) are a misuse. */
   static const uint32_t lits[16] = {0};
   spvb_init(&b, SPVB_VERSION(1, 0));
   spvb_decorate(&b, 1, SpvDecorationLocation, lits, 6);
   spvb_member_decorate(&b, 1, 0, SpvDecorationOffset, lits, 5);
   spvb_execution_mode(&b, 1, SpvExecutionModeLocalSize, lits, 14);
   CHECK_EQ(b.error, SPVB_OK);
   spvb_decorate(&b, 1, SpvDecorationLocation, lits, 7);
   CHECK_EQ(b.error, SPVB_ERROR_MISUSE);
   CHECK_STREQ(b.error_detail, "decoration operands");
   spvb_finish(&b);
   spvb_init(&b, SPVB_VERSION(1, 0));
   spvb_member_decorate(&b, 1, 0, SpvDecorationOffset, lits, 6);
   CHECK_EQ(b.error, SPVB_ERROR_MISUSE);
   spvb_finish(&b);
   spvb_init(&b, SPVB_VERSION(1, 0));
   spvb_execution_mode(&b, 1, SpvExecutionModeLocalSize, lits, 15);
   CHECK_EQ(b.error, SPVB_ERROR_MISUSE);
   CHECK_STREQ(b.error_detail, "execution mode operands");
   spvb_finish(&b);
   arena_destroy(out);
}

TEST(builder_limits)
{
   struct arena *out = arena_create(NULL);
   REQUIRE(out);
   uint32_t *w;
   size_t n;
   struct spvb_builder b;

   spvb_init(&b, SPVB_VERSION(1, 0));
   spvb_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   b.next_id = SPVB_MAX_ID_BOUND - 2;
   spvb_id(&b);
   spvb_id(&b);
   CHECK(spvb_ok(&b)); /* the bound is now the limit itself: still valid */
   CHECK_EQ(spvb_id_bound(&b), SPVB_MAX_ID_BOUND);
   spvb_id(&b);
   CHECK_EQ(b.error, SPVB_ERROR_ID_OVERFLOW);
   CHECK_EQ(spvb_assemble(&b, out, &w, &n), SPVB_ERROR_ID_OVERFLOW);
   spvb_finish(&b);

   spvb_init(&b, SPVB_VERSION(1, 0));
   spvb_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   const SpvId f = spvb_type_float(&b, 32);
   SpvId *parts = calloc(70000, sizeof(SpvId));
   REQUIRE(parts);
   for (unsigned i = 0; i < 70000; i++)
      parts[i] = spvb_const_float(&b, 32, 0);
   spvb_const_composite(&b, f, parts, 70000);
   free(parts);
   CHECK_EQ(spvb_assemble(&b, out, &w, &n), SPVB_ERROR_INSTRUCTION_TOO_LONG);
   spvb_finish(&b);
   arena_destroy(out);
}

/* Fails the n-th allocation for every n until the build succeeds: every
 * failure must surface as SPVB_ERROR_OUT_OF_MEMORY from spvb_assemble, and
 * the successful run must still produce a valid module. */
TEST(builder_out_of_memory_everywhere)
{
   struct arena *out = arena_create(NULL);
   REQUIRE(out);
   bool succeeded = false;
   unsigned failures = 0;
   for (int fail_at = 0; fail_at < 10000 && !succeeded; fail_at++) {
      struct spvb_builder b;
      arena_test_fail_after(fail_at);
      spvb_init(&b, SPVB_VERSION(1, 0));
      build_vertex_padded(&b, true, 2000);
      uint32_t *w;
      size_t n;
      const enum spvb_error err = spvb_assemble(&b, out, &w, &n);
      arena_test_fail_after(-1);
      if (err == SPVB_OK) {
         succeeded = true;
         check_valid(w, n, NTV_TARGET_VULKAN_1_0);
      } else {
         CHECK_EQ(err, SPVB_ERROR_OUT_OF_MEMORY);
         CHECK(w == NULL);
         failures++;
      }
      spvb_finish(&b);
   }
   CHECK(succeeded);
   CHECK(failures >= 5);
   arena_destroy(out);
}

TEST(builder_strings)
{
   CHECK_EQ(spvb_string_words(""), 1);
   CHECK_EQ(spvb_string_words("abc"), 1);
   CHECK_EQ(spvb_string_words("abcd"), 2);
   uint32_t w[2];
   spvb_string_encode("abcd", w);
   CHECK_EQ(w[0], 0x64636261u);
   CHECK_EQ(w[1], 0);
}

/* The validator wrapper is what every other test leans on: make sure it
 * says no to a broken module (here: a vertex shader without Shader). */
TEST(validator_rejects_invalid_module)
{
   struct spvb_builder b;
   spvb_init(&b, SPVB_VERSION(1, 0));
   spvb_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   const SpvId void_t = spvb_type_void(&b);
   const SpvId fn = spvb_id(&b);
   spvb_function_begin(&b, fn, void_t, 0, spvb_type_function(&b, void_t, NULL, 0));
   spvb_label(&b, spvb_id(&b));
   spvb_return(&b);
   spvb_function_end(&b);
   spvb_entry_point(&b, SpvExecutionModelVertex, fn, "main", NULL, 0);
   struct arena *out = arena_create(NULL);
   REQUIRE(out);
   uint32_t *w;
   size_t n;
   REQUIRE(spvb_assemble(&b, out, &w, &n) == SPVB_OK);
   char *msg = NULL;
   CHECK(!ntv_spirv_validate(w, n, NTV_TARGET_VULKAN_1_0, NULL, &msg));
   CHECK(msg && strstr(msg, "Shader"));
   free(msg);
   /* With the capability it passes: the failure above was about that. */
   spvb_finish(&b);
   arena_destroy(out);
}
