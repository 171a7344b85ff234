/* SPDX-License-Identifier: MIT */
/* ALU instructions: core SPIR-V arithmetic and GLSL.std.450, one IR op to
 * one instruction where SPIR-V has it, a short sequence where it does not. */
#include "ntv/ntv_private.h"

#include <spirv/unified1/GLSL.std.450.h>

/* What an operand must be. */
enum want {
   W_FLOAT,
   W_BOOL,
   W_INT,   /* any integer kind (SPIR-V core integer ops do not care) */
   W_EXACT, /* exactly the result's kind (GLSL.std.450, selects, composites) */
   W_UINT,  /* unsigned (OpIAddCarry and friends) */
};

struct alu_ctx {
   nir_alu_instr *alu;
   nir_def *def;
   enum ntv_kind kind; /* of the result */
   SpvId type;         /* of the result */
   unsigned n;         /* result components */
   unsigned bits;      /* result bit size */
};

static unsigned
want_code(struct alu_ctx *a, enum want w)
{
   switch (w) {
   case W_FLOAT:
      return NTV_KIND_FLOAT;
   case W_BOOL:
      return NTV_KIND_BOOL;
   case W_INT:
      return NTV_WANT_ANY_INT | (a->kind == NTV_KIND_SINT || a->kind == NTV_KIND_UINT
                                    ? a->kind
                                    : NTV_KIND_SINT);
   case W_EXACT:
      return a->kind;
   case W_UINT:
      return NTV_KIND_UINT;
   }
   return NTV_KIND_NONE;
}

/* Source i, swizzled to the components the instruction reads. */
static SpvId
src(struct ntv_context *ctx, struct alu_ctx *a, unsigned i, enum want w)
{
   nir_alu_src *s = &a->alu->src[i];
   const unsigned n = nir_ssa_alu_instr_src_components(a->alu, i);
   return ntv_get_def_swizzled(ctx, s->src.ssa, s->swizzle, n, want_code(a, w));
}

static unsigned
src_bits(struct alu_ctx *a, unsigned i)
{
   return a->alu->src[i].src.ssa->bit_size;
}

/* The result, written into the def's id. */
static void
result_op(struct ntv_context *ctx, struct alu_ctx *a, SpvOp op, const SpvId *ops,
          unsigned n)
{
   spvb_op_to(&ctx->b, ntv_def_id(ctx, a->def), op, a->type, ops, n);
}

static void
result_glsl(struct ntv_context *ctx, struct alu_ctx *a, enum GLSLstd450 inst,
            const SpvId *args, unsigned n)
{
   SpvId w[5] = {ctx->glsl450, inst};
   for (unsigned i = 0; i < n && i < 3; i++)
      w[2 + i] = args[i];
   spvb_op_to(&ctx->b, ntv_def_id(ctx, a->def), SpvOpExtInst, a->type, w, 2 + n);
}

static SpvId
splat_const(struct ntv_context *ctx, enum ntv_kind kind, unsigned bits, unsigned n,
            nir_const_value v)
{
   nir_const_value vals[NIR_MAX_VEC_COMPONENTS];
   for (unsigned i = 0; i < n; i++)
      vals[i] = v;
   return ntv_const_value(ctx, kind, bits, n, vals);
}

/* A result computed in `kind` and converted to the def's kind. */
static void
result_from(struct ntv_context *ctx, struct alu_ctx *a, SpvId value, enum ntv_kind kind)
{
   if (kind == a->kind)
      spvb_op_to(&ctx->b, ntv_def_id(ctx, a->def), SpvOpCopyObject, a->type, &value, 1);
   else
      spvb_op_to(&ctx->b, ntv_def_id(ctx, a->def), SpvOpBitcast, a->type, &value, 1);
}

static void
emit_mov(struct ntv_context *ctx, struct alu_ctx *a)
{
   /* A move is no instruction: the def names its (swizzled) source. */
   ntv_def_alias(ctx, a->def, src(ctx, a, 0, W_EXACT));
}

static void
emit_vec(struct ntv_context *ctx, struct alu_ctx *a)
{
   nir_alu_instr *alu = a->alu;
   const unsigned n = nir_op_infos[alu->op].num_inputs;
   /* Components of at most two vectors: one OpVectorShuffle. */
   nir_def *vecs[2] = {NULL, NULL};
   bool shuffle = true;
   for (unsigned i = 0; i < n && shuffle; i++) {
      nir_def *d = alu->src[i].src.ssa;
      const nir_instr_type t = d->parent_instr->type;
      if (d->num_components < 2 || t == NIR_INSTR_TYPE_LOAD_CONST ||
          t == NIR_INSTR_TYPE_UNDEF) {
         shuffle = false;
      } else if (!vecs[0] || vecs[0] == d) {
         vecs[0] = d;
      } else if (!vecs[1] || vecs[1] == d) {
         vecs[1] = d;
      } else {
         shuffle = false;
      }
   }
   if (shuffle) {
      const SpvId v0 = ntv_get_def(ctx, vecs[0], a->kind);
      const SpvId v1 = vecs[1] ? ntv_get_def(ctx, vecs[1], a->kind) : v0;
      SpvId w[2 + NIR_MAX_VEC_COMPONENTS] = {v0, v1};
      for (unsigned i = 0; i < n; i++) {
         const nir_alu_src *s = &alu->src[i];
         w[2 + i] = s->swizzle[0] + (s->src.ssa == vecs[0] ? 0 : vecs[0]->num_components);
      }
      result_op(ctx, a, SpvOpVectorShuffle, w, 2 + n);
      return;
   }
   SpvId parts[NIR_MAX_VEC_COMPONENTS];
   for (unsigned i = 0; i < n; i++)
      parts[i] = src(ctx, a, i, W_EXACT);
   result_op(ctx, a, SpvOpCompositeConstruct, parts, n);
}

/* A two-member-struct instruction (OpIAddCarry, OpUMulExtended...) whose
 * members both have `member_kind`; member `m` is the result. */
static void
emit_struct_member(struct ntv_context *ctx, struct alu_ctx *a, SpvOp op,
                   enum ntv_kind member_kind, const SpvId *ops, unsigned nops, uint32_t m)
{
   const SpvId t = ntv_value_type(ctx, member_kind, a->bits, a->n);
   const SpvId pair = spvb_op(&ctx->b, op, ntv_pair_struct(ctx, t, t), ops, nops);
   const SpvId member = spvb_composite_extract(&ctx->b, t, pair, &m, 1);
   result_from(ctx, a, member, member_kind);
}

static void
emit_conversion(struct ntv_context *ctx, struct alu_ctx *a)
{
   nir_alu_instr *alu = a->alu;
   const nir_op_info *info = &nir_op_infos[alu->op];
   const enum ntv_kind in = ntv_kind_for_alu_type(info->input_types[0]);
   const unsigned in_bits = src_bits(a, 0);
   if (in == NTV_KIND_BOOL) {
      /* b2f, b2i: select between one and zero. */
      const SpvId cond = src(ctx, a, 0, W_BOOL);
      nir_const_value one = a->kind == NTV_KIND_FLOAT
                               ? nir_const_value_for_float(1.0, a->bits)
                               : nir_const_value_for_uint(1, a->bits);
      const SpvId ones = splat_const(ctx, a->kind, a->bits, a->n, one);
      const SpvId zeros =
         splat_const(ctx, a->kind, a->bits, a->n, nir_const_value_for_uint(0, a->bits));
      result_op(ctx, a, SpvOpSelect, SPVB_WORDS(cond, ones, zeros));
      return;
   }
   if (a->kind == NTV_KIND_BOOL) {
      /* f2b, i2b: compare with zero. */
      const SpvId x = src(ctx, a, 0, in == NTV_KIND_FLOAT ? W_FLOAT : W_INT);
      const enum ntv_kind zk = in == NTV_KIND_FLOAT ? NTV_KIND_FLOAT
                                                    : ntv_want_kind(ctx, alu->src[0].src.ssa,
                                                                    want_code(a, W_INT));
      const SpvId zero =
         splat_const(ctx, zk, in_bits, a->n, nir_const_value_for_uint(0, in_bits));
      result_op(ctx, a, in == NTV_KIND_FLOAT ? SpvOpFUnordNotEqual : SpvOpINotEqual,
                SPVB_WORDS(x, zero));
      return;
   }
   const enum ntv_kind out = ntv_kind_for_alu_type(info->output_type);
   if (in == NTV_KIND_FLOAT && out == NTV_KIND_FLOAT) {
      const SpvId x = src(ctx, a, 0, W_FLOAT);
      if (in_bits == a->bits) {
         ntv_def_alias(ctx, a->def, x);
         return;
      }
      result_op(ctx, a, SpvOpFConvert, &x, 1);
      if (alu->op == NIR_OP_F2F16_RTZ || alu->op == NIR_OP_F2F32_RTZ)
         spvb_decorate(&ctx->b, ntv_def_id(ctx, a->def), SpvDecorationFPRoundingMode,
                       SPVB_WORDS(SpvFPRoundingModeRTZ));
      else if (alu->op == NIR_OP_F2F16_RTNE)
         spvb_decorate(&ctx->b, ntv_def_id(ctx, a->def), SpvDecorationFPRoundingMode,
                       SPVB_WORDS(SpvFPRoundingModeRTE));
      return;
   }
   if (in == NTV_KIND_FLOAT) {
      const SpvId x = src(ctx, a, 0, W_FLOAT);
      result_op(ctx, a, out == NTV_KIND_SINT ? SpvOpConvertFToS : SpvOpConvertFToU, &x, 1);
      return;
   }
   if (out == NTV_KIND_FLOAT) {
      const SpvId x = src(ctx, a, 0, W_INT);
      result_op(ctx, a, in == NTV_KIND_SINT ? SpvOpConvertSToF : SpvOpConvertUToF, &x, 1);
      return;
   }
   /* Integer to integer. */
   if (in_bits == a->bits) {
      ntv_def_alias(ctx, a->def, src(ctx, a, 0, W_EXACT));
      return;
   }
   const SpvId x = src(ctx, a, 0, W_INT);
   result_op(ctx, a, in == NTV_KIND_SINT ? SpvOpSConvert : SpvOpUConvert, &x, 1);
}

static void
emit_compare_all_any(struct ntv_context *ctx, struct alu_ctx *a, SpvOp cmp, SpvOp reduce,
                     enum want w)
{
   const unsigned n = nir_op_infos[a->alu->op].input_sizes[0];
   const SpvId x = src(ctx, a, 0, w), y = src(ctx, a, 1, w);
   const SpvId bvec = ntv_value_type(ctx, NTV_KIND_BOOL, 1, n);
   const SpvId c = spvb_op(&ctx->b, cmp, bvec, SPVB_WORDS(x, y));
   result_op(ctx, a, reduce, &c, 1);
}

/* pack/unpack between 64 and 2x32, 32 and 2x16, 32 and 4x8: bit moves. */
static void
emit_bit_repack(struct ntv_context *ctx, struct alu_ctx *a)
{
   const SpvId x = src(ctx, a, 0, W_INT);
   result_op(ctx, a, SpvOpBitcast, &x, 1);
}

static bool
emit_glsl_unary(struct ntv_context *ctx, struct alu_ctx *a)
{
   static const struct {
      nir_op op;
      enum GLSLstd450 inst;
      enum want w;
   } map[] = {
      {NIR_OP_FABS, GLSLstd450FAbs, W_FLOAT},
      {NIR_OP_FSIGN, GLSLstd450FSign, W_FLOAT},
      {NIR_OP_FFLOOR, GLSLstd450Floor, W_FLOAT},
      {NIR_OP_FCEIL, GLSLstd450Ceil, W_FLOAT},
      {NIR_OP_FTRUNC, GLSLstd450Trunc, W_FLOAT},
      {NIR_OP_FFRACT, GLSLstd450Fract, W_FLOAT},
      {NIR_OP_FROUND_EVEN, GLSLstd450RoundEven, W_FLOAT},
      {NIR_OP_FSQRT, GLSLstd450Sqrt, W_FLOAT},
      {NIR_OP_FRSQ, GLSLstd450InverseSqrt, W_FLOAT},
      {NIR_OP_FEXP2, GLSLstd450Exp2, W_FLOAT},
      {NIR_OP_FLOG2, GLSLstd450Log2, W_FLOAT},
      {NIR_OP_FEXP, GLSLstd450Exp, W_FLOAT},
      {NIR_OP_FLOG, GLSLstd450Log, W_FLOAT},
      {NIR_OP_FSIN, GLSLstd450Sin, W_FLOAT},
      {NIR_OP_FCOS, GLSLstd450Cos, W_FLOAT},
      {NIR_OP_FTAN, GLSLstd450Tan, W_FLOAT},
      {NIR_OP_FASIN, GLSLstd450Asin, W_FLOAT},
      {NIR_OP_FACOS, GLSLstd450Acos, W_FLOAT},
      {NIR_OP_FATAN, GLSLstd450Atan, W_FLOAT},
      {NIR_OP_FSINH, GLSLstd450Sinh, W_FLOAT},
      {NIR_OP_FCOSH, GLSLstd450Cosh, W_FLOAT},
      {NIR_OP_FTANH, GLSLstd450Tanh, W_FLOAT},
      {NIR_OP_FASINH, GLSLstd450Asinh, W_FLOAT},
      {NIR_OP_FACOSH, GLSLstd450Acosh, W_FLOAT},
      {NIR_OP_FATANH, GLSLstd450Atanh, W_FLOAT},
      {NIR_OP_IABS, GLSLstd450SAbs, W_EXACT},
      {NIR_OP_ISIGN, GLSLstd450SSign, W_EXACT},
      {NIR_OP_FIND_LSB, GLSLstd450FindILsb, W_INT},
      {NIR_OP_UFIND_MSB, GLSLstd450FindUMsb, W_INT},
      {NIR_OP_IFIND_MSB, GLSLstd450FindSMsb, W_INT},
      {NIR_OP_PACK_SNORM_2X16, GLSLstd450PackSnorm2x16, W_FLOAT},
      {NIR_OP_PACK_UNORM_2X16, GLSLstd450PackUnorm2x16, W_FLOAT},
      {NIR_OP_PACK_HALF_2X16, GLSLstd450PackHalf2x16, W_FLOAT},
      {NIR_OP_PACK_SNORM_4X8, GLSLstd450PackSnorm4x8, W_FLOAT},
      {NIR_OP_PACK_UNORM_4X8, GLSLstd450PackUnorm4x8, W_FLOAT},
      {NIR_OP_UNPACK_SNORM_2X16, GLSLstd450UnpackSnorm2x16, W_INT},
      {NIR_OP_UNPACK_UNORM_2X16, GLSLstd450UnpackUnorm2x16, W_INT},
      {NIR_OP_UNPACK_HALF_2X16, GLSLstd450UnpackHalf2x16, W_INT},
      {NIR_OP_UNPACK_SNORM_4X8, GLSLstd450UnpackSnorm4x8, W_INT},
      {NIR_OP_UNPACK_UNORM_4X8, GLSLstd450UnpackUnorm4x8, W_INT},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(map); i++) {
      if (map[i].op != a->alu->op)
         continue;
      const SpvId x = src(ctx, a, 0, map[i].w);
      result_glsl(ctx, a, map[i].inst, &x, 1);
      return true;
   }
   return false;
}

/* GLSL.std.450 instructions spirv_to_nir kept whole (keep_glsl450_geometry):
 * written back as they came. */
static bool
emit_glsl_kept(struct ntv_context *ctx, struct alu_ctx *a)
{
   static const struct {
      nir_op op;
      enum GLSLstd450 inst;
   } map[] = {
      {NIR_OP_FRADIANS, GLSLstd450Radians},
      {NIR_OP_FDEGREES, GLSLstd450Degrees},
      {NIR_OP_FSMOOTHSTEP, GLSLstd450SmoothStep},
      {NIR_OP_FNORMALIZE2, GLSLstd450Normalize},
      {NIR_OP_FNORMALIZE3, GLSLstd450Normalize},
      {NIR_OP_FNORMALIZE4, GLSLstd450Normalize},
      {NIR_OP_FLENGTH2, GLSLstd450Length},
      {NIR_OP_FLENGTH3, GLSLstd450Length},
      {NIR_OP_FLENGTH4, GLSLstd450Length},
      {NIR_OP_FDISTANCE2, GLSLstd450Distance},
      {NIR_OP_FDISTANCE3, GLSLstd450Distance},
      {NIR_OP_FDISTANCE4, GLSLstd450Distance},
      {NIR_OP_FCROSS3, GLSLstd450Cross},
      {NIR_OP_FREFLECT1, GLSLstd450Reflect},
      {NIR_OP_FREFLECT2, GLSLstd450Reflect},
      {NIR_OP_FREFLECT3, GLSLstd450Reflect},
      {NIR_OP_FREFLECT4, GLSLstd450Reflect},
      {NIR_OP_FFACEFORWARD1, GLSLstd450FaceForward},
      {NIR_OP_FFACEFORWARD2, GLSLstd450FaceForward},
      {NIR_OP_FFACEFORWARD3, GLSLstd450FaceForward},
      {NIR_OP_FFACEFORWARD4, GLSLstd450FaceForward},
      {NIR_OP_FREFRACT1, GLSLstd450Refract},
      {NIR_OP_FREFRACT2, GLSLstd450Refract},
      {NIR_OP_FREFRACT3, GLSLstd450Refract},
      {NIR_OP_FREFRACT4, GLSLstd450Refract},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(map); i++) {
      if (map[i].op != a->alu->op)
         continue;
      const unsigned n = nir_op_infos[a->alu->op].num_inputs;
      SpvId args[3];
      for (unsigned s = 0; s < n; s++)
         args[s] = src(ctx, a, s, W_FLOAT);
      result_glsl(ctx, a, map[i].inst, args, n);
      return true;
   }
   return false;
}

static bool
emit_glsl_multi(struct ntv_context *ctx, struct alu_ctx *a)
{
   static const struct {
      nir_op op;
      enum GLSLstd450 inst;
      enum want w;
   } map[] = {
      {NIR_OP_FPOW, GLSLstd450Pow, W_FLOAT},
      {NIR_OP_FMIN, GLSLstd450FMin, W_FLOAT},
      {NIR_OP_FMAX, GLSLstd450FMax, W_FLOAT},
      {NIR_OP_FATAN2, GLSLstd450Atan2, W_FLOAT},
      {NIR_OP_FFMA, GLSLstd450Fma, W_FLOAT},
      {NIR_OP_FLRP, GLSLstd450FMix, W_FLOAT},
      {NIR_OP_FCLAMP, GLSLstd450FClamp, W_FLOAT},
      {NIR_OP_IMIN, GLSLstd450SMin, W_EXACT},
      {NIR_OP_IMAX, GLSLstd450SMax, W_EXACT},
      {NIR_OP_UMIN, GLSLstd450UMin, W_EXACT},
      {NIR_OP_UMAX, GLSLstd450UMax, W_EXACT},
      {NIR_OP_ICLAMP, GLSLstd450SClamp, W_EXACT},
      {NIR_OP_UCLAMP, GLSLstd450UClamp, W_EXACT},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(map); i++) {
      if (map[i].op != a->alu->op)
         continue;
      const unsigned n = nir_op_infos[a->alu->op].num_inputs;
      SpvId args[3];
      for (unsigned s = 0; s < n; s++)
         args[s] = src(ctx, a, s, map[i].w);
      result_glsl(ctx, a, map[i].inst, args, n);
      return true;
   }
   return false;
}

struct core_op {
   nir_op op;
   SpvOp spv;
   SpvOp spv_bool; /* for 1-bit operands, 0 if none */
   enum want w;
   bool float_math; /* may carry NoContraction */
   bool int_wrap;   /* may carry NoSignedWrap/NoUnsignedWrap */
};

static const struct core_op core_ops[] = {
   {NIR_OP_FNEG, SpvOpFNegate, 0, W_FLOAT, true, false},
   {NIR_OP_FADD, SpvOpFAdd, 0, W_FLOAT, true, false},
   {NIR_OP_FSUB, SpvOpFSub, 0, W_FLOAT, true, false},
   {NIR_OP_FMUL, SpvOpFMul, 0, W_FLOAT, true, false},
   {NIR_OP_FDIV, SpvOpFDiv, 0, W_FLOAT, true, false},
   {NIR_OP_FMOD, SpvOpFMod, 0, W_FLOAT, true, false},
   {NIR_OP_FREM, SpvOpFRem, 0, W_FLOAT, true, false},
   {NIR_OP_FQUANTIZE2F16, SpvOpQuantizeToF16, 0, W_FLOAT, false, false},
   {NIR_OP_FISNAN, SpvOpIsNan, 0, W_FLOAT, false, false},
   {NIR_OP_FISINF, SpvOpIsInf, 0, W_FLOAT, false, false},
   {NIR_OP_FLT, SpvOpFOrdLessThan, 0, W_FLOAT, false, false},
   {NIR_OP_FGE, SpvOpFOrdGreaterThanEqual, 0, W_FLOAT, false, false},
   {NIR_OP_FEQ, SpvOpFOrdEqual, 0, W_FLOAT, false, false},
   {NIR_OP_FNEU, SpvOpFUnordNotEqual, 0, W_FLOAT, false, false},
   {NIR_OP_FLTU, SpvOpFUnordLessThan, 0, W_FLOAT, false, false},
   {NIR_OP_FGEU, SpvOpFUnordGreaterThanEqual, 0, W_FLOAT, false, false},
   {NIR_OP_FEQU, SpvOpFUnordEqual, 0, W_FLOAT, false, false},
   {NIR_OP_FNEO, SpvOpFOrdNotEqual, 0, W_FLOAT, false, false},
   {NIR_OP_FDDX, SpvOpDPdx, 0, W_FLOAT, false, false},
   {NIR_OP_FDDY, SpvOpDPdy, 0, W_FLOAT, false, false},
   {NIR_OP_FDDX_FINE, SpvOpDPdxFine, 0, W_FLOAT, false, false},
   {NIR_OP_FDDY_FINE, SpvOpDPdyFine, 0, W_FLOAT, false, false},
   {NIR_OP_FDDX_COARSE, SpvOpDPdxCoarse, 0, W_FLOAT, false, false},
   {NIR_OP_FDDY_COARSE, SpvOpDPdyCoarse, 0, W_FLOAT, false, false},
   {NIR_OP_INEG, SpvOpSNegate, 0, W_INT, false, true},
   {NIR_OP_IADD, SpvOpIAdd, 0, W_INT, false, true},
   {NIR_OP_ISUB, SpvOpISub, 0, W_INT, false, true},
   {NIR_OP_IMUL, SpvOpIMul, 0, W_INT, false, true},
   {NIR_OP_IDIV, SpvOpSDiv, 0, W_INT, false, false},
   {NIR_OP_UDIV, SpvOpUDiv, 0, W_INT, false, false},
   {NIR_OP_IREM, SpvOpSRem, 0, W_INT, false, false},
   {NIR_OP_IMOD, SpvOpSMod, 0, W_INT, false, false},
   {NIR_OP_UMOD, SpvOpUMod, 0, W_INT, false, false},
   {NIR_OP_IEQ, SpvOpIEqual, SpvOpLogicalEqual, W_INT, false, false},
   {NIR_OP_INE, SpvOpINotEqual, SpvOpLogicalNotEqual, W_INT, false, false},
   {NIR_OP_ILT, SpvOpSLessThan, 0, W_INT, false, false},
   {NIR_OP_IGE, SpvOpSGreaterThanEqual, 0, W_INT, false, false},
   {NIR_OP_ULT, SpvOpULessThan, 0, W_INT, false, false},
   {NIR_OP_UGE, SpvOpUGreaterThanEqual, 0, W_INT, false, false},
   {NIR_OP_INOT, SpvOpNot, SpvOpLogicalNot, W_INT, false, false},
   {NIR_OP_IAND, SpvOpBitwiseAnd, SpvOpLogicalAnd, W_INT, false, false},
   {NIR_OP_IOR, SpvOpBitwiseOr, SpvOpLogicalOr, W_INT, false, false},
   {NIR_OP_IXOR, SpvOpBitwiseXor, SpvOpLogicalNotEqual, W_INT, false, false},
   {NIR_OP_ISHL, SpvOpShiftLeftLogical, 0, W_INT, false, true},
   {NIR_OP_ISHR, SpvOpShiftRightArithmetic, 0, W_INT, false, false},
   {NIR_OP_USHR, SpvOpShiftRightLogical, 0, W_INT, false, false},
   {NIR_OP_BITFIELD_REVERSE, SpvOpBitReverse, 0, W_EXACT, false, false},
   {NIR_OP_BIT_COUNT, SpvOpBitCount, 0, W_INT, false, false},
};

static bool
emit_core(struct ntv_context *ctx, struct alu_ctx *a)
{
   const struct core_op *c = NULL;
   for (unsigned i = 0; i < ARRAY_SIZE(core_ops); i++) {
      if (core_ops[i].op == a->alu->op) {
         c = &core_ops[i];
         break;
      }
   }
   if (!c)
      return false;
   const unsigned n = nir_op_infos[a->alu->op].num_inputs;
   const bool bool_operands = src_bits(a, 0) == 1;
   SpvOp op = c->spv;
   if (bool_operands) {
      if (!c->spv_bool) {
         ntv_fail(ctx, "%s on booleans", nir_op_infos[a->alu->op].name);
         return true;
      }
      op = c->spv_bool;
   }
   SpvId ops[3];
   for (unsigned s = 0; s < n; s++)
      ops[s] = src(ctx, a, s, bool_operands ? W_BOOL : c->w);
   if (op == SpvOpDPdxFine || op == SpvOpDPdyFine || op == SpvOpDPdxCoarse ||
       op == SpvOpDPdyCoarse)
      spvb_capability(&ctx->b, SpvCapabilityDerivativeControl);
   result_op(ctx, a, op, ops, n);
   const SpvId id = ntv_def_id(ctx, a->def);
   if (c->float_math && a->alu->exact)
      spvb_decorate(&ctx->b, id, SpvDecorationNoContraction, NULL, 0);
   if (c->int_wrap && ntv_version_at_least(ctx, 1, 4)) {
      if (a->alu->no_signed_wrap)
         spvb_decorate(&ctx->b, id, SpvDecorationNoSignedWrap, NULL, 0);
      if (a->alu->no_unsigned_wrap)
         spvb_decorate(&ctx->b, id, SpvDecorationNoUnsignedWrap, NULL, 0);
   }
   return true;
}

/* SPV_INTEL_shader_integer_functions2 (revision 2): the IR ops spirv_to_nir
 * makes of its instructions go back to them, so a second trip reads the
 * same module. Operands and results of any signedness. */
static const struct {
   nir_op op;
   SpvOp spv;
} intel_integer_ops[] = {
   {NIR_OP_UCLZ, SpvOpUCountLeadingZerosINTEL},
   {NIR_OP_UCTZ, SpvOpUCountTrailingZerosINTEL},
   {NIR_OP_UABS_ISUB, SpvOpAbsISubINTEL},
   {NIR_OP_UABS_USUB, SpvOpAbsUSubINTEL},
   {NIR_OP_IADD_SAT, SpvOpIAddSatINTEL},
   {NIR_OP_UADD_SAT, SpvOpUAddSatINTEL},
   {NIR_OP_IHADD, SpvOpIAverageINTEL},
   {NIR_OP_UHADD, SpvOpUAverageINTEL},
   {NIR_OP_IRHADD, SpvOpIAverageRoundedINTEL},
   {NIR_OP_URHADD, SpvOpUAverageRoundedINTEL},
   {NIR_OP_ISUB_SAT, SpvOpISubSatINTEL},
   {NIR_OP_USUB_SAT, SpvOpUSubSatINTEL},
   {NIR_OP_IMUL_32X16, SpvOpIMul32x16INTEL},
   {NIR_OP_UMUL_32X16, SpvOpUMul32x16INTEL},
};

static bool
emit_intel_integer(struct ntv_context *ctx, struct alu_ctx *a)
{
   for (unsigned i = 0; i < ARRAY_SIZE(intel_integer_ops); i++) {
      if (intel_integer_ops[i].op != a->alu->op)
         continue;
      spvb_capability(&ctx->b, SpvCapabilityIntegerFunctions2INTEL);
      spvb_extension(&ctx->b, "SPV_INTEL_shader_integer_functions2");
      const unsigned n = nir_op_infos[a->alu->op].num_inputs;
      SpvId ops[2];
      for (unsigned s = 0; s < n; s++)
         ops[s] = src(ctx, a, s, W_INT);
      result_op(ctx, a, intel_integer_ops[i].spv, ops, n);
      return true;
   }
   return false;
}

/* True if source i reads the same component for every channel: SPIR-V's
 * bitfield Offset and Count are scalars. */
static bool
src_is_uniform(struct alu_ctx *a, unsigned i)
{
   for (unsigned c = 1; c < a->n; c++) {
      if (a->alu->src[i].swizzle[c] != a->alu->src[i].swizzle[0])
         return false;
   }
   return true;
}

static SpvId
src_component(struct ntv_context *ctx, struct alu_ctx *a, unsigned i, unsigned c, enum want w)
{
   nir_alu_src *s = &a->alu->src[i];
   return ntv_get_def_swizzled(ctx, s->src.ssa, &s->swizzle[c], 1, want_code(a, w));
}

static void
emit_bitfield(struct ntv_context *ctx, struct alu_ctx *a)
{
   nir_alu_instr *alu = a->alu;
   const bool insert = alu->op == NIR_OP_BITFIELD_INSERT;
   const SpvOp op = insert ? SpvOpBitFieldInsert
                    : alu->op == NIR_OP_UBITFIELD_EXTRACT ? SpvOpBitFieldUExtract
                                                          : SpvOpBitFieldSExtract;
   const unsigned nvals = insert ? 2 : 1; /* base (and insert) */
   if (src_is_uniform(a, nvals) && src_is_uniform(a, nvals + 1)) {
      SpvId w[4];
      for (unsigned i = 0; i < nvals; i++)
         w[i] = src(ctx, a, i, W_EXACT);
      w[nvals] = src_component(ctx, a, nvals, 0, W_INT);
      w[nvals + 1] = src_component(ctx, a, nvals + 1, 0, W_INT);
      result_op(ctx, a, op, w, nvals + 2);
      return;
   }
   /* Offsets or counts differ per channel: one instruction per channel. */
   const SpvId scalar = ntv_scalar_type(ctx, a->kind, a->bits);
   SpvId parts[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < a->n; c++) {
      SpvId w[4];
      for (unsigned i = 0; i < nvals + 2; i++)
         w[i] = src_component(ctx, a, i, c, i < nvals ? W_EXACT : W_INT);
      parts[c] = spvb_op(&ctx->b, op, scalar, w, nvals + 2);
   }
   result_op(ctx, a, SpvOpCompositeConstruct, parts, a->n);
}

static void
emit_special(struct ntv_context *ctx, struct alu_ctx *a)
{
   nir_alu_instr *alu = a->alu;
   struct spvb_builder *b = &ctx->b;
   switch (alu->op) {
   case NIR_OP_MOV:
      emit_mov(ctx, a);
      return;
   case NIR_OP_VEC2:
   case NIR_OP_VEC3:
   case NIR_OP_VEC4:
   case NIR_OP_VEC8:
   case NIR_OP_VEC16:
      emit_vec(ctx, a);
      return;
   case NIR_OP_BCSEL: {
      const SpvId c = src(ctx, a, 0, W_BOOL);
      const SpvId x = src(ctx, a, 1, W_EXACT), y = src(ctx, a, 2, W_EXACT);
      result_op(ctx, a, SpvOpSelect, SPVB_WORDS(c, x, y));
      return;
   }
   case NIR_OP_FSAT: {
      const SpvId x = src(ctx, a, 0, W_FLOAT);
      const SpvId zero =
         splat_const(ctx, NTV_KIND_FLOAT, a->bits, a->n, nir_const_value_for_float(0, a->bits));
      const SpvId one =
         splat_const(ctx, NTV_KIND_FLOAT, a->bits, a->n, nir_const_value_for_float(1, a->bits));
      result_glsl(ctx, a, GLSLstd450FClamp, SPVB_WORDS(x, zero, one));
      return;
   }
   case NIR_OP_FRCP: {
      const SpvId x = src(ctx, a, 0, W_FLOAT);
      const SpvId one =
         splat_const(ctx, NTV_KIND_FLOAT, a->bits, a->n, nir_const_value_for_float(1, a->bits));
      result_op(ctx, a, SpvOpFDiv, SPVB_WORDS(one, x));
      if (alu->exact)
         spvb_decorate(b, ntv_def_id(ctx, a->def), SpvDecorationNoContraction, NULL, 0);
      return;
   }
   case NIR_OP_LDEXP: {
      const SpvId x = src(ctx, a, 0, W_FLOAT);
      const SpvId e = src(ctx, a, 1, W_INT);
      result_glsl(ctx, a, GLSLstd450Ldexp, SPVB_WORDS(x, e));
      return;
   }
   case NIR_OP_FREXP_SIG:
   case NIR_OP_FREXP_EXP: {
      const SpvId x = src(ctx, a, 0, W_FLOAT);
      const unsigned bits = src_bits(a, 0);
      const unsigned n = a->n;
      const SpvId ft = ntv_value_type(ctx, NTV_KIND_FLOAT, bits, n);
      const SpvId it = ntv_value_type(ctx, NTV_KIND_SINT, 32, n);
      const SpvId st = ntv_pair_struct(ctx, ft, it);
      const SpvId pair =
         spvb_ext_inst(b, st, ctx->glsl450, GLSLstd450FrexpStruct, &x, 1);
      const uint32_t m = alu->op == NIR_OP_FREXP_EXP;
      const SpvId v = spvb_composite_extract(b, m ? it : ft, pair, &m, 1);
      result_from(ctx, a, v, m ? NTV_KIND_SINT : NTV_KIND_FLOAT);
      return;
   }
   case NIR_OP_FORD:
   case NIR_OP_FUNORD: {
      /* OpOrdered/OpUnordered need Kernel: spell them with OpIsNan. */
      const SpvId x = src(ctx, a, 0, W_FLOAT), y = src(ctx, a, 1, W_FLOAT);
      const SpvId bt = a->type;
      const SpvId nx = spvb_op(b, SpvOpIsNan, bt, &x, 1);
      const SpvId ny = spvb_op(b, SpvOpIsNan, bt, &y, 1);
      if (alu->op == NIR_OP_FUNORD) {
         result_op(ctx, a, SpvOpLogicalOr, SPVB_WORDS(nx, ny));
      } else {
         const SpvId any = spvb_op(b, SpvOpLogicalOr, bt, SPVB_WORDS(nx, ny));
         result_op(ctx, a, SpvOpLogicalNot, &any, 1);
      }
      return;
   }
   case NIR_OP_IMUL_HIGH:
   case NIR_OP_UMUL_HIGH: {
      const SpvId x = src(ctx, a, 0, W_EXACT), y = src(ctx, a, 1, W_EXACT);
      emit_struct_member(ctx, a,
                         alu->op == NIR_OP_IMUL_HIGH ? SpvOpSMulExtended : SpvOpUMulExtended,
                         a->kind, SPVB_WORDS(x, y), 1);
      return;
   }
   case NIR_OP_UADD_CARRY:
   case NIR_OP_USUB_BORROW: {
      const SpvId x = src(ctx, a, 0, W_UINT), y = src(ctx, a, 1, W_UINT);
      emit_struct_member(ctx, a,
                         alu->op == NIR_OP_UADD_CARRY ? SpvOpIAddCarry : SpvOpISubBorrow,
                         NTV_KIND_UINT, SPVB_WORDS(x, y), 1);
      return;
   }
   case NIR_OP_BITFIELD_INSERT:
   case NIR_OP_UBITFIELD_EXTRACT:
   case NIR_OP_IBITFIELD_EXTRACT:
      emit_bitfield(ctx, a);
      return;
   case NIR_OP_FDOT2:
   case NIR_OP_FDOT3:
   case NIR_OP_FDOT4: {
      const SpvId x = src(ctx, a, 0, W_FLOAT), y = src(ctx, a, 1, W_FLOAT);
      result_op(ctx, a, SpvOpDot, SPVB_WORDS(x, y));
      if (alu->exact)
         spvb_decorate(b, ntv_def_id(ctx, a->def), SpvDecorationNoContraction, NULL, 0);
      return;
   }
   case NIR_OP_BALL_FEQUAL2:
   case NIR_OP_BALL_FEQUAL3:
   case NIR_OP_BALL_FEQUAL4:
      emit_compare_all_any(ctx, a, SpvOpFOrdEqual, SpvOpAll, W_FLOAT);
      return;
   case NIR_OP_BANY_FNEQUAL2:
   case NIR_OP_BANY_FNEQUAL3:
   case NIR_OP_BANY_FNEQUAL4:
      emit_compare_all_any(ctx, a, SpvOpFUnordNotEqual, SpvOpAny, W_FLOAT);
      return;
   case NIR_OP_BALL_IEQUAL2:
   case NIR_OP_BALL_IEQUAL3:
   case NIR_OP_BALL_IEQUAL4: {
      const bool bools = src_bits(a, 0) == 1;
      emit_compare_all_any(ctx, a, bools ? SpvOpLogicalEqual : SpvOpIEqual, SpvOpAll,
                           bools ? W_BOOL : W_INT);
      return;
   }
   case NIR_OP_BANY_INEQUAL2:
   case NIR_OP_BANY_INEQUAL3:
   case NIR_OP_BANY_INEQUAL4: {
      const bool bools = src_bits(a, 0) == 1;
      emit_compare_all_any(ctx, a, bools ? SpvOpLogicalNotEqual : SpvOpINotEqual, SpvOpAny,
                           bools ? W_BOOL : W_INT);
      return;
   }
   case NIR_OP_PACK_64_2X32:
   case NIR_OP_UNPACK_64_2X32:
   case NIR_OP_PACK_32_2X16:
   case NIR_OP_UNPACK_32_2X16:
   case NIR_OP_PACK_32_4X8:
   case NIR_OP_UNPACK_32_4X8:
      emit_bit_repack(ctx, a);
      return;
   case NIR_OP_PACK_64_2X32_SPLIT: {
      const SpvId lo = src(ctx, a, 0, W_UINT), hi = src(ctx, a, 1, W_UINT);
      const SpvId v = spvb_composite_construct(
         b, ntv_value_type(ctx, NTV_KIND_UINT, 32, 2 * a->n), SPVB_WORDS(lo, hi));
      if (a->n != 1) {
         ntv_fail(ctx, "pack_64_2x32_split on vectors");
         return;
      }
      result_op(ctx, a, SpvOpBitcast, &v, 1);
      return;
   }
   case NIR_OP_UNPACK_64_2X32_SPLIT_X:
   case NIR_OP_UNPACK_64_2X32_SPLIT_Y: {
      if (a->n != 1) {
         ntv_fail(ctx, "unpack_64_2x32_split on vectors");
         return;
      }
      const SpvId x = src(ctx, a, 0, W_INT);
      const SpvId uv2 = ntv_value_type(ctx, NTV_KIND_UINT, 32, 2);
      const SpvId v = spvb_op(b, SpvOpBitcast, uv2, &x, 1);
      const uint32_t m = alu->op == NIR_OP_UNPACK_64_2X32_SPLIT_Y;
      const SpvId part =
         spvb_composite_extract(b, ntv_scalar_type(ctx, NTV_KIND_UINT, 32), v, &m, 1);
      result_from(ctx, a, part, NTV_KIND_UINT);
      return;
   }
   default:
      break;
   }
   if (nir_op_infos[alu->op].is_conversion) {
      emit_conversion(ctx, a);
      return;
   }
   ntv_fail(ctx, "ALU op %s has no SPIR-V translation", nir_op_infos[alu->op].name);
}

void
ntv_emit_alu(struct ntv_context *ctx, nir_alu_instr *alu)
{
   if (alu->op >= NIR_NUM_OPCODES) {
      ntv_fail(ctx, "unknown ALU op %u", (unsigned)alu->op);
      return;
   }
   struct alu_ctx a = {
      .alu = alu,
      .def = &alu->def,
      .kind = ntv_def_kind(ctx, &alu->def),
      .type = ntv_def_type(ctx, &alu->def),
      .n = alu->def.num_components,
      .bits = alu->def.bit_size,
   };
   if (emit_core(ctx, &a) || emit_intel_integer(ctx, &a) || emit_glsl_unary(ctx, &a) ||
       emit_glsl_multi(ctx, &a) || emit_glsl_kept(ctx, &a))
      return;
   emit_special(ctx, &a);
}
