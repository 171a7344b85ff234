/* SPDX-License-Identifier: MIT */
#include "spirv/spirv_info.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.h>

#include "util/test.h"

#define W0(op, wc) (((uint32_t)(wc) << 16) | (op))

TEST(spirv_info_opcodes)
{
   const struct spirv_op_info *img = spirv_op_info(SpvOpTypeImage);
   REQUIRE(img);
   CHECK_STREQ(img->name, "OpTypeImage");
   CHECK_EQ(img->num_operands, 9);
   CHECK(img->has_result);
   CHECK(!img->has_result_type);
   CHECK_EQ(img->operands[2].kind, SPIRV_OPERAND_DIM);
   CHECK_EQ(img->operands[8].quantifier, SPIRV_QUANT_OPTIONAL);
   CHECK_STREQ(img->operands[1].name, "Sampled Type");

   const struct spirv_op_info *iadd = spirv_op_info(SpvOpIAdd);
   REQUIRE(iadd);
   CHECK(iadd->has_result_type && iadd->has_result);

   /* Extension opcodes far above the core range. */
   CHECK_STREQ(spirv_op_name(SpvOpDemoteToHelperInvocation), "OpDemoteToHelperInvocation");
   CHECK_STREQ(spirv_op_name(SpvOpTerminateInvocation), "OpTerminateInvocation");
   CHECK_EQ(spirv_op_info(SpvOpTerminateInvocation)->version, 0x0106);
   CHECK_EQ(spirv_op_info(SpvOpNop)->version, 0x0100);
   CHECK(spirv_op_info(9) == NULL); /* a hole in the opcode space */
   CHECK(spirv_op_info(0xffff) == NULL);
   CHECK(spirv_op_name(9999) == NULL);
}

TEST(spirv_info_enumerants)
{
   CHECK_STREQ(spirv_enum_name(SPIRV_OPERAND_DECORATION, SpvDecorationBuiltIn), "BuiltIn");
   CHECK_STREQ(spirv_enum_name(SPIRV_OPERAND_BUILT_IN, SpvBuiltInFragCoord), "FragCoord");
   CHECK_STREQ(spirv_enum_name(SPIRV_OPERAND_DIM, SpvDim1D), "1D");
   CHECK_STREQ(spirv_enum_name(SPIRV_OPERAND_STORAGE_CLASS, SpvStorageClassPushConstant),
               "PushConstant");
   CHECK_STREQ(spirv_enum_name(SPIRV_OPERAND_EXECUTION_MODE, SpvExecutionModeLocalSize),
               "LocalSize");
   CHECK_STREQ(spirv_enum_name(SPIRV_OPERAND_CAPABILITY, SpvCapabilityGeometryStreams),
               "GeometryStreams");
   CHECK_STREQ(spirv_enum_name(SPIRV_OPERAND_IMAGE_FORMAT, SpvImageFormatR11fG11fB10f),
               "R11fG11fB10f");
   CHECK_STREQ(spirv_enum_name(SPIRV_OPERAND_IMAGE_OPERANDS, SpvImageOperandsLodMask),
               "Lod");
   CHECK(spirv_enum_name(SPIRV_OPERAND_DECORATION, 0x7fffff) == NULL);
   CHECK(spirv_enum_name(SPIRV_OPERAND_ID_REF, 0) == NULL);
   CHECK(spirv_enum_name(SPIRV_OPERAND_KIND_COUNT, 0) == NULL);

   const struct spirv_enumerant_info *ls =
      spirv_enumerant_info(SPIRV_OPERAND_EXECUTION_MODE, SpvExecutionModeLocalSize);
   REQUIRE(ls);
   CHECK_EQ(ls->num_params, 3);
   CHECK_EQ(ls->params[0].kind, SPIRV_OPERAND_LITERAL_INTEGER);

   const struct spirv_enumerant_info *grad =
      spirv_enumerant_info(SPIRV_OPERAND_IMAGE_OPERANDS, SpvImageOperandsGradMask);
   REQUIRE(grad);
   CHECK_EQ(grad->num_params, 2);

   const struct spirv_operand_kind_info *k = spirv_operand_kind_info(SPIRV_OPERAND_BUILT_IN);
   REQUIRE(k);
   CHECK_STREQ(k->name, "BuiltIn");
   CHECK_EQ(k->category, SPIRV_CATEGORY_VALUE_ENUM);
   /* Sorted, unique values. */
   for (unsigned i = 1; i < k->num_enumerants; i++)
      CHECK(k->enumerants[i - 1].value < k->enumerants[i].value);
}

TEST(spirv_info_glsl450)
{
   const struct spirv_extinst_info *fma = spirv_glsl450_info(GLSLstd450Fma);
   REQUIRE(fma);
   CHECK_STREQ(fma->name, "Fma");
   CHECK_EQ(fma->num_operands, 3);
   CHECK_EQ(spirv_glsl450_info(GLSLstd450Round)->num_operands, 1);
   CHECK_EQ(spirv_glsl450_info(GLSLstd450InterpolateAtOffset)->num_operands, 2);
   CHECK(spirv_glsl450_info(0) == NULL);
   CHECK(spirv_glsl450_info(GLSLstd450Count) == NULL);
   CHECK(spirv_glsl450_info(0xffffffffu) == NULL);
}

static int
decode(const uint32_t *w, size_t n, unsigned lit, struct spirv_operand *ops,
       struct spirv_parse_error *err)
{
   return spirv_inst_decode_operands(w, n, lit, ops, 32, err);
}

TEST(spirv_info_decode_enum_params)
{
   struct spirv_operand ops[32];
   struct spirv_parse_error err;

   /* OpDecorate %5 BuiltIn Position */
   const uint32_t dec[] = {W0(SpvOpDecorate, 4), 5, SpvDecorationBuiltIn,
                           SpvBuiltInPosition};
   REQUIRE(decode(dec, 4, 0, ops, &err) == 3);
   CHECK_EQ(ops[1].kind, SPIRV_OPERAND_DECORATION);
   CHECK_EQ(ops[2].kind, SPIRV_OPERAND_BUILT_IN);
   CHECK(ops[2].param_of);
   CHECK_EQ(ops[2].offset_w, 3);

   /* Missing BuiltIn parameter. */
   CHECK_EQ(decode(dec, 3, 0, ops, &err), -1); /* word count runs past the end */
   const uint32_t dec_short[] = {W0(SpvOpDecorate, 3), 5, SpvDecorationBuiltIn};
   CHECK_EQ(decode(dec_short, 3, 0, ops, &err), -1);
   CHECK_EQ(err.offset_w, 3);

   /* Unknown BuiltIn. */
   const uint32_t dec_bad[] = {W0(SpvOpDecorate, 4), 5, SpvDecorationBuiltIn, 777777};
   CHECK_EQ(decode(dec_bad, 4, 0, ops, &err), -1);
   CHECK_EQ(err.offset_w, 3);
   CHECK(strstr(err.msg, "BuiltIn") != NULL);

   /* OpImageSampleExplicitLod %t %r %si %c Lod|ConstOffset %lod %off */
   const uint32_t smp[] = {W0(SpvOpImageSampleExplicitLod, 8), 1, 2, 3, 4,
                           SpvImageOperandsLodMask | SpvImageOperandsConstOffsetMask, 6, 7};
   REQUIRE(decode(smp, 8, 0, ops, &err) == 7);
   CHECK_EQ(ops[4].kind, SPIRV_OPERAND_IMAGE_OPERANDS);
   CHECK(ops[5].param_of && ops[6].param_of);
   /* The Lod parameter is missing. */
   const uint32_t smp_short[] = {W0(SpvOpImageSampleExplicitLod, 7), 1, 2, 3, 4,
                                 SpvImageOperandsLodMask | SpvImageOperandsConstOffsetMask,
                                 6};
   CHECK_EQ(decode(smp_short, 7, 0, ops, &err), -1);
   /* Extra words after the operands. */
   const uint32_t smp_long[] = {W0(SpvOpImageSampleExplicitLod, 9), 1, 2, 3, 4,
                                SpvImageOperandsLodMask | SpvImageOperandsConstOffsetMask,
                                6, 7, 8};
   CHECK_EQ(decode(smp_long, 9, 0, ops, &err), -1);
   CHECK_EQ(err.offset_w, 8);
   /* A reserved image operand bit. */
   const uint32_t smp_bit[] = {W0(SpvOpImageSampleExplicitLod, 6), 1, 2, 3, 4, 0x40000000};
   CHECK_EQ(decode(smp_bit, 6, 0, ops, &err), -1);
   CHECK_EQ(err.offset_w, 5);
}

TEST(spirv_info_decode_strings)
{
   struct spirv_operand ops[32];
   struct spirv_parse_error err;
   /* OpName %7 "main" : the NUL needs a word of its own. */
   const uint32_t name[] = {W0(SpvOpName, 4), 7, 0x6e69616d, 0};
   REQUIRE(decode(name, 4, 0, ops, &err) == 2);
   CHECK_EQ(ops[1].kind, SPIRV_OPERAND_LITERAL_STRING);
   CHECK_EQ(ops[1].num_words, 2);
   unsigned nw;
   CHECK_EQ(spirv_string_length(&name[2], 2, &nw), 4);
   CHECK_EQ(nw, 2);
   char buf[8];
   spirv_string_copy(&name[2], 4, buf);
   CHECK_STREQ(buf, "main");

   /* Unterminated. */
   const uint32_t unterminated[] = {W0(SpvOpName, 3), 7, 0x6e69616d};
   CHECK_EQ(decode(unterminated, 3, 0, ops, &err), -1);
   CHECK_EQ(err.offset_w, 2);
   /* The terminator lies beyond the word count: still unterminated. */
   CHECK_EQ(decode(name, 4, 0, ops, &err), 2);
   const uint32_t cut[] = {W0(SpvOpName, 3), 7, 0x6e69616d, 0};
   CHECK_EQ(decode(cut, 4, 0, ops, &err), -1);

   /* OpEntryPoint Fragment %4 "m" %5 %6 */
   const uint32_t ep[] = {W0(SpvOpEntryPoint, 6), SpvExecutionModelFragment, 4, 0x6d, 5, 6};
   REQUIRE(decode(ep, 6, 0, ops, &err) == 5);
   CHECK_EQ(ops[4].offset_w, 5);
}

TEST(spirv_info_decode_context_literals)
{
   struct spirv_operand ops[32];
   struct spirv_parse_error err;
   /* OpConstant %u64 %c lo hi */
   const uint32_t c64[] = {W0(SpvOpConstant, 5), 1, 2, 0xdead, 0xbeef};
   REQUIRE(decode(c64, 5, 0, ops, &err) == 3);
   CHECK_EQ(ops[2].num_words, 2);
   CHECK_EQ(decode(c64, 5, 1, ops, &err), -1); /* a 32-bit type: one word extra */
   REQUIRE(decode(c64, 5, 2, ops, &err) == 3);

   /* OpSwitch %sel %default 1 %a 2 %b with 32-bit and 64-bit selectors. */
   const uint32_t sw32[] = {W0(SpvOpSwitch, 7), 1, 2, 1, 10, 2, 11};
   REQUIRE(decode(sw32, 7, 1, ops, &err) == 4);
   CHECK_EQ(ops[3].num_words, 2);
   CHECK_EQ(decode(sw32, 7, 2, ops, &err), -1);
   const uint32_t sw64[] = {W0(SpvOpSwitch, 9), 1, 2, 1, 0, 10, 2, 0, 11};
   REQUIRE(decode(sw64, 9, 2, ops, &err) == 4);
   CHECK_EQ(ops[3].offset_w, 6);

   /* OpSpecConstantOp %int %r IAdd %a %b, and a truncated one. */
   const uint32_t sco[] = {W0(SpvOpSpecConstantOp, 6), 1, 2, SpvOpIAdd, 3, 4};
   REQUIRE(decode(sco, 6, 0, ops, &err) == 5);
   CHECK(ops[3].in_spec_op && ops[4].in_spec_op);
   const uint32_t sco_short[] = {W0(SpvOpSpecConstantOp, 5), 1, 2, SpvOpIAdd, 3};
   CHECK_EQ(decode(sco_short, 5, 0, ops, &err), -1);
   const uint32_t sco_nested[] = {W0(SpvOpSpecConstantOp, 6), 1, 2, SpvOpSpecConstantOp, 3,
                                  4};
   CHECK_EQ(decode(sco_nested, 6, 0, ops, &err), -1);
   const uint32_t sco_unknown[] = {W0(SpvOpSpecConstantOp, 4), 1, 2, 3};
   CHECK_EQ(decode(sco_unknown, 4, 0, ops, &err), -1);
}

TEST(spirv_info_decode_header_errors)
{
   struct spirv_operand ops[32];
   struct spirv_parse_error err;
   const uint32_t zero[] = {W0(SpvOpNop, 0)};
   CHECK_EQ(decode(zero, 1, 0, ops, &err), -1);
   CHECK(strstr(err.msg, "word count 0") != NULL);
   CHECK_EQ(decode(zero, 0, 0, ops, &err), -1);
   const uint32_t unknown[] = {W0(9, 1)};
   CHECK_EQ(decode(unknown, 1, 0, ops, &err), -1);
   CHECK(strstr(err.msg, "unknown opcode 9") != NULL);
   const uint32_t nop[] = {W0(SpvOpNop, 1)};
   CHECK_EQ(decode(nop, 1, 0, ops, &err), 0);
   /* Room for fewer operands than the instruction has. */
   const uint32_t ep[] = {W0(SpvOpEntryPoint, 6), SpvExecutionModelFragment, 4, 0x6d, 5, 6};
   CHECK_EQ(spirv_inst_decode_operands(ep, 6, 0, ops, 3, &err), -1);
}

/* The one byte-order policy (spirv_info.h): the magic number decides. */
TEST(spirv_byte_order_policy)
{
   uint32_t w[3] = {SpvMagicNumber, 0x00010300, 0x11223344};
   CHECK_EQ(spirv_byte_order(w, sizeof(w)), SPIRV_BYTE_ORDER_HOST);
   CHECK_EQ(spirv_byte_order(w, 3), SPIRV_BYTE_ORDER_NONE); /* shorter than a word */
   CHECK_EQ(spirv_byte_order(NULL, 12), SPIRV_BYTE_ORDER_NONE);
   spirv_to_host_order(w, 3, SPIRV_BYTE_ORDER_HOST); /* nothing to do */
   CHECK_EQ(w[2], 0x11223344u);
   for (unsigned i = 0; i < 3; i++)
      w[i] = __builtin_bswap32(w[i]);
   const enum spirv_byte_order order = spirv_byte_order(w, sizeof(w));
   CHECK_EQ(order, SPIRV_BYTE_ORDER_SWAPPED);
   spirv_to_host_order(w, 3, order);
   CHECK_EQ(w[0], SpvMagicNumber);
   CHECK_EQ(w[1], 0x00010300u);
   CHECK_EQ(w[2], 0x11223344u);
   const char text[] = "; SPIR-V\n";
   CHECK_EQ(spirv_byte_order(text, sizeof(text)), SPIRV_BYTE_ORDER_NONE);
}
