/* SPDX-License-Identifier: MIT */
/*
 * Core arithmetic, logic, comparisons, conversions, bit operations,
 * derivatives, select, bitcasts and the matrix/vector products.
 *
 * Every IR ALU instruction goes through alu() which checks the operands'
 * component counts and bit sizes against the op's table entry first, so a
 * module whose types do not line up fails with a message instead of
 * producing IR that does not validate.
 */
#include "stn_ir.h"

struct simple_op {
   SpvOp spv;
   nir_op nop;
   bool swap; /* operands reversed (a > b is b < a) */
};

static const struct simple_op simple_ops[] = {
   {SpvOpSNegate, NIR_OP_INEG, false},
   {SpvOpFNegate, NIR_OP_FNEG, false},
   {SpvOpNot, NIR_OP_INOT, false},
   {SpvOpIAdd, NIR_OP_IADD, false},
   {SpvOpFAdd, NIR_OP_FADD, false},
   {SpvOpISub, NIR_OP_ISUB, false},
   {SpvOpFSub, NIR_OP_FSUB, false},
   {SpvOpIMul, NIR_OP_IMUL, false},
   {SpvOpFMul, NIR_OP_FMUL, false},
   {SpvOpUDiv, NIR_OP_UDIV, false},
   {SpvOpSDiv, NIR_OP_IDIV, false},
   {SpvOpFDiv, NIR_OP_FDIV, false},
   {SpvOpUMod, NIR_OP_UMOD, false},
   {SpvOpSRem, NIR_OP_IREM, false},
   {SpvOpSMod, NIR_OP_IMOD, false},
   {SpvOpFRem, NIR_OP_FREM, false},
   {SpvOpFMod, NIR_OP_FMOD, false},
   {SpvOpShiftRightLogical, NIR_OP_USHR, false},
   {SpvOpShiftRightArithmetic, NIR_OP_ISHR, false},
   {SpvOpShiftLeftLogical, NIR_OP_ISHL, false},
   {SpvOpBitwiseOr, NIR_OP_IOR, false},
   {SpvOpBitwiseXor, NIR_OP_IXOR, false},
   {SpvOpBitwiseAnd, NIR_OP_IAND, false},
   {SpvOpLogicalOr, NIR_OP_IOR, false},
   {SpvOpLogicalAnd, NIR_OP_IAND, false},
   {SpvOpLogicalNot, NIR_OP_INOT, false},
   {SpvOpLogicalEqual, NIR_OP_IEQ, false},
   {SpvOpLogicalNotEqual, NIR_OP_INE, false},
   {SpvOpIEqual, NIR_OP_IEQ, false},
   {SpvOpINotEqual, NIR_OP_INE, false},
   {SpvOpULessThan, NIR_OP_ULT, false},
   {SpvOpSLessThan, NIR_OP_ILT, false},
   {SpvOpUGreaterThan, NIR_OP_ULT, true},
   {SpvOpSGreaterThan, NIR_OP_ILT, true},
   {SpvOpULessThanEqual, NIR_OP_UGE, true},
   {SpvOpSLessThanEqual, NIR_OP_IGE, true},
   {SpvOpUGreaterThanEqual, NIR_OP_UGE, false},
   {SpvOpSGreaterThanEqual, NIR_OP_IGE, false},
   {SpvOpFOrdEqual, NIR_OP_FEQ, false},
   {SpvOpFUnordEqual, NIR_OP_FEQU, false},
   {SpvOpFOrdNotEqual, NIR_OP_FNEO, false},
   {SpvOpFUnordNotEqual, NIR_OP_FNEU, false},
   {SpvOpFOrdLessThan, NIR_OP_FLT, false},
   {SpvOpFUnordLessThan, NIR_OP_FLTU, false},
   {SpvOpFOrdGreaterThan, NIR_OP_FLT, true},
   {SpvOpFUnordGreaterThan, NIR_OP_FLTU, true},
   {SpvOpFOrdLessThanEqual, NIR_OP_FGE, true},
   {SpvOpFUnordLessThanEqual, NIR_OP_FGEU, true},
   {SpvOpFOrdGreaterThanEqual, NIR_OP_FGE, false},
   {SpvOpFUnordGreaterThanEqual, NIR_OP_FGEU, false},
   {SpvOpIsNan, NIR_OP_FISNAN, false},
   {SpvOpIsInf, NIR_OP_FISINF, false},
   {SpvOpOrdered, NIR_OP_FORD, false},
   {SpvOpUnordered, NIR_OP_FUNORD, false},
   {SpvOpBitFieldInsert, NIR_OP_BITFIELD_INSERT, false},
   {SpvOpBitFieldSExtract, NIR_OP_IBITFIELD_EXTRACT, false},
   {SpvOpBitFieldUExtract, NIR_OP_UBITFIELD_EXTRACT, false},
   {SpvOpBitReverse, NIR_OP_BITFIELD_REVERSE, false},
   {SpvOpBitCount, NIR_OP_BIT_COUNT, false},
   {SpvOpQuantizeToF16, NIR_OP_FQUANTIZE2F16, false},
   {SpvOpDPdx, NIR_OP_FDDX, false},
   {SpvOpDPdy, NIR_OP_FDDY, false},
   {SpvOpDPdxFine, NIR_OP_FDDX_FINE, false},
   {SpvOpDPdyFine, NIR_OP_FDDY_FINE, false},
   {SpvOpDPdxCoarse, NIR_OP_FDDX_COARSE, false},
   {SpvOpDPdyCoarse, NIR_OP_FDDY_COARSE, false},
   /* SPV_INTEL_shader_integer_functions2 (is_intel_integer_function()). */
   {SpvOpUCountLeadingZerosINTEL, NIR_OP_UCLZ, false},
   {SpvOpUCountTrailingZerosINTEL, NIR_OP_UCTZ, false},
   {SpvOpAbsISubINTEL, NIR_OP_UABS_ISUB, false},
   {SpvOpAbsUSubINTEL, NIR_OP_UABS_USUB, false},
   {SpvOpIAddSatINTEL, NIR_OP_IADD_SAT, false},
   {SpvOpUAddSatINTEL, NIR_OP_UADD_SAT, false},
   {SpvOpIAverageINTEL, NIR_OP_IHADD, false},
   {SpvOpUAverageINTEL, NIR_OP_UHADD, false},
   {SpvOpIAverageRoundedINTEL, NIR_OP_IRHADD, false},
   {SpvOpUAverageRoundedINTEL, NIR_OP_URHADD, false},
   {SpvOpISubSatINTEL, NIR_OP_ISUB_SAT, false},
   {SpvOpUSubSatINTEL, NIR_OP_USUB_SAT, false},
   {SpvOpIMul32x16INTEL, NIR_OP_IMUL_32X16, false},
   {SpvOpUMul32x16INTEL, NIR_OP_UMUL_32X16, false},
};

static bool
is_intel_integer_function(SpvOp op)
{
   return op >= SpvOpUCountLeadingZerosINTEL && op <= SpvOpUMul32x16INTEL;
}

static const struct simple_op *
find_simple(SpvOp op)
{
   for (unsigned i = 0; i < ARRAY_SIZE(simple_ops); i++) {
      if (simple_ops[i].spv == op)
         return &simple_ops[i];
   }
   return NULL;
}

static nir_op
conversion_op(const struct stn_type *src, const struct stn_type *dst, nir_alu_type sbase,
              nir_alu_type dbase, nir_rounding_mode rnd)
{
   const nir_alu_type s = (nir_alu_type)(sbase | src->bit_size);
   const nir_alu_type d = (nir_alu_type)(dbase | dst->bit_size);
   return nir_type_conversion_op(s, d, rnd);
}

nir_op
stn_alu_op_for(struct stn_builder *b, SpvOp op, const struct stn_type *src,
               const struct stn_type *dst, bool *swap)
{
   const struct simple_op *s = find_simple(op);
   *swap = s && s->swap;
   if (s)
      return s->nop;
   switch (op) {
   case SpvOpConvertFToU:
      return conversion_op(src, dst, NIR_TYPE_FLOAT, NIR_TYPE_UINT, NIR_ROUNDING_MODE_UNDEF);
   case SpvOpConvertFToS:
      return conversion_op(src, dst, NIR_TYPE_FLOAT, NIR_TYPE_INT, NIR_ROUNDING_MODE_UNDEF);
   case SpvOpConvertSToF:
      return conversion_op(src, dst, NIR_TYPE_INT, NIR_TYPE_FLOAT, NIR_ROUNDING_MODE_UNDEF);
   case SpvOpConvertUToF:
      return conversion_op(src, dst, NIR_TYPE_UINT, NIR_TYPE_FLOAT, NIR_ROUNDING_MODE_UNDEF);
   case SpvOpUConvert:
      return conversion_op(src, dst, NIR_TYPE_UINT, NIR_TYPE_UINT, NIR_ROUNDING_MODE_UNDEF);
   case SpvOpSConvert:
      return conversion_op(src, dst, NIR_TYPE_INT, NIR_TYPE_INT, NIR_ROUNDING_MODE_UNDEF);
   case SpvOpFConvert:
      return conversion_op(src, dst, NIR_TYPE_FLOAT, NIR_TYPE_FLOAT, NIR_ROUNDING_MODE_UNDEF);
   default:
      return NIR_NUM_OPCODES;
   }
}

bool
stn_alu_opcode_known(SpvOp op)
{
   return find_simple(op) != NULL;
}

/* Builds op on srcs after checking them against the op's table entry.
 * num_components is the result's width for per-component ops. */
static nir_def *
alu(struct stn_builder *b, nir_op op, nir_def *s0, nir_def *s1, nir_def *s2, nir_def *s3)
{
   const nir_op_info *info = &nir_op_infos[op];
   nir_def *srcs[4] = {s0, s1, s2, s3};
   unsigned width = 0, unsized_bits = 0;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      if (!srcs[i])
         stn_fail(b, "internal: %s is missing operand %u", info->name, i);
      if (info->input_sizes[i] == 0) {
         if (width && srcs[i]->num_components != width)
            stn_fail(b, "operands of %u and %u components", width, srcs[i]->num_components);
         width = srcs[i]->num_components;
      } else if (srcs[i]->num_components != info->input_sizes[i]) {
         stn_fail(b, "operand %u has %u components, %u expected", i, srcs[i]->num_components,
                  info->input_sizes[i]);
      }
      const unsigned sized = nir_alu_type_get_type_size(info->input_types[i]);
      if (sized) {
         if (srcs[i]->bit_size != sized)
            stn_fail(b, "operand %u is %u-bit, %u-bit expected", i, srcs[i]->bit_size, sized);
      } else {
         if (unsized_bits && srcs[i]->bit_size != unsized_bits)
            stn_fail(b, "operands of %u and %u bits", unsized_bits, srcs[i]->bit_size);
         unsized_bits = srcs[i]->bit_size;
      }
   }
   const unsigned out_sized = nir_alu_type_get_type_size(info->output_type);
   if (!out_sized && !unsized_bits)
      stn_fail(b, "internal: %s has no operand giving its bit size", info->name);
   if (info->bit_sizes && unsized_bits && !(info->bit_sizes & unsized_bits))
      stn_fail(b, "%u-bit operands are not valid for this operation", unsized_bits);
   stn_emit_count(b);
   nir_def *d = nir_build_alu(stn_nb(b), op, s0, s1, s2, s3);
   stn_check_ir_oom(b);
   return d;
}

/* Decorations on the result that the IR keeps on ALU instructions. */
static void
apply_alu_decorations(struct stn_builder *b, uint32_t result_id, nir_def *def)
{
   struct stn_value *val = stn_untyped_value(b, result_id);
   if (!val->decorations || def->parent_instr->type != NIR_INSTR_TYPE_ALU)
      return;
   nir_alu_instr *a = nir_instr_as_alu(def->parent_instr);
   for (const struct stn_decoration *d = val->decorations; d; d = d->next) {
      if (d->member >= 0)
         continue;
      if (d->decoration == SpvDecorationNoContraction)
         a->exact = true;
      else if (d->decoration == SpvDecorationNoSignedWrap)
         a->no_signed_wrap = true;
      else if (d->decoration == SpvDecorationNoUnsignedWrap)
         a->no_unsigned_wrap = true;
   }
}

/* A scalar repeated to n components. */
static nir_def *
splat(struct stn_builder *b, nir_def *s, unsigned n)
{
   if (n == 1)
      return s;
   nir_def *rep[NIR_MAX_VEC_COMPONENTS];
   for (unsigned i = 0; i < n; i++)
      rep[i] = s;
   return nir_vec(stn_nb(b), rep, n);
}

static nir_def *
to_32(struct stn_builder *b, nir_def *d)
{
   if (d->bit_size == 1)
      stn_fail(b, "a boolean shift count, offset or count");
   return d->bit_size == 32 ? d : nir_u2uN(stn_nb(b), d, 32);
}

static nir_rounding_mode
rounding_mode(struct stn_builder *b, uint32_t id)
{
   const struct stn_decoration *d =
      stn_find_decoration(stn_untyped_value(b, id), -1, SpvDecorationFPRoundingMode);
   if (!d)
      return NIR_ROUNDING_MODE_UNDEF;
   switch (stn_decoration_literal(b, d, 0)) {
   case SpvFPRoundingModeRTE:
      return NIR_ROUNDING_MODE_RTNE;
   case SpvFPRoundingModeRTZ:
      return NIR_ROUNDING_MODE_RTZ;
   default:
      stn_fail(b, "rounding modes other than RTE and RTZ are not supported");
   }
}

static nir_def *
bitcast(struct stn_builder *b, nir_def *src, const struct stn_type *dst)
{
   nir_builder *nb = stn_nb(b);
   const unsigned src_bits = src->num_components * src->bit_size;
   const unsigned dst_bits = dst->components * dst->bit_size;
   if (src->bit_size == 1 || dst->bit_size == 1)
      stn_fail(b, "OpBitcast of a boolean");
   if (src_bits != dst_bits)
      stn_fail(b, "OpBitcast from %u to %u bits", src_bits, dst_bits);
   if (src->bit_size == dst->bit_size)
      return src; /* the bits are the value */

   /* Whole-vector packs first: the forms the IR -> SPIR-V direction
    * writes as one OpBitcast, so they read back the same. */
   if (src->bit_size == 32 && dst->bit_size == 64 && src->num_components == 2)
      return nir_pack_64_2x32(nb, src);
   if (src->bit_size == 64 && dst->bit_size == 32 && src->num_components == 1)
      return nir_unpack_64_2x32(nb, src);
   if (src->bit_size == 16 && dst->bit_size == 32 && src->num_components == 2)
      return nir_pack_32_2x16(nb, src);
   if (src->bit_size == 32 && dst->bit_size == 16 && src->num_components == 1)
      return nir_unpack_32_2x16(nb, src);
   if (src->bit_size == 8 && dst->bit_size == 32 && src->num_components == 4)
      return nir_pack_32_4x8(nb, src);
   if (src->bit_size == 32 && dst->bit_size == 8 && src->num_components == 1)
      return nir_unpack_32_4x8(nb, src);

   /* Otherwise through 32-bit words: split or join components. */
   nir_def *words[NIR_MAX_VEC_COMPONENTS];
   unsigned nwords = 0;
   for (unsigned c = 0; c < src->num_components; c++) {
      nir_def *x = nir_channel(nb, src, c);
      if (src->bit_size == 64) {
         nir_def *pair = nir_unpack_64_2x32(nb, x);
         words[nwords++] = nir_channel(nb, pair, 0);
         words[nwords++] = nir_channel(nb, pair, 1);
      } else if (src->bit_size == 32) {
         words[nwords++] = x;
      } else {
         /* 8/16-bit components: gather into words. */
         const unsigned per = 32 / src->bit_size;
         if (c % per != 0)
            continue;
         if (c + per > src->num_components)
            stn_fail(b, "OpBitcast of a partial word");
         nir_def *part = nir_channels_range(nb, src, c, per);
         words[nwords++] = src->bit_size == 16 ? nir_pack_32_2x16(nb, part)
                                               : nir_pack_32_4x8(nb, part);
      }
   }
   nir_def *out[NIR_MAX_VEC_COMPONENTS];
   unsigned nout = 0;
   for (unsigned w = 0; w < nwords; w++) {
      if (dst->bit_size == 64) {
         if (w % 2)
            continue;
         nir_def *pair[2] = {words[w], words[w + 1]};
         out[nout++] = nir_pack_64_2x32(nb, nir_vec(nb, pair, 2));
      } else if (dst->bit_size == 32) {
         out[nout++] = words[w];
      } else {
         nir_def *parts = dst->bit_size == 16 ? nir_unpack_32_2x16(nb, words[w])
                                              : nir_unpack_32_4x8(nb, words[w]);
         for (unsigned k = 0; k < parts->num_components; k++)
            out[nout++] = nir_channel(nb, parts, k);
      }
   }
   if (nout != dst->components)
      stn_fail(b, "OpBitcast component count mismatch");
   stn_check_ir_oom(b);
   return nir_vec(nb, out, nout);
}

static struct stn_ssa *
select_value(struct stn_builder *b, nir_def *cond, struct stn_ssa *x, struct stn_ssa *y)
{
   if (x->type != y->type)
      stn_fail(b, "OpSelect operands of different types");
   struct stn_ssa *r = stn_new(b, struct stn_ssa);
   r->type = x->type;
   if (x->def) {
      nir_def *c = cond;
      if (cond->num_components != 1 && cond->num_components != x->def->num_components)
         stn_fail(b, "OpSelect condition has %u components, the objects %u",
                  cond->num_components, x->def->num_components);
      if (cond->num_components == 1 && x->def->num_components > 1)
         c = splat(b, cond, x->def->num_components);
      r->def = alu(b, NIR_OP_BCSEL, c, x->def, y->def, NULL);
      return r;
   }
   if (x->image || x->sampler)
      stn_fail(b, "OpSelect of images or samplers needs VariablePointers");
   if (cond->num_components != 1)
      stn_fail(b, "OpSelect of a composite needs a scalar condition");
   r->num_elems = x->num_elems;
   r->elems = stn_new_array(b, struct stn_ssa *, r->num_elems);
   for (uint32_t i = 0; i < r->num_elems; i++)
      r->elems[i] = select_value(b, cond, x->elems[i], y->elems[i]);
   return r;
}

static struct stn_ssa *
matrix_ssa(struct stn_builder *b, const struct stn_type *t)
{
   return stn_ssa_create(b, t->glsl);
}

static struct stn_ssa *
get_matrix(struct stn_builder *b, uint32_t id)
{
   struct stn_ssa *m = stn_ssa_value(b, id);
   if (!glsl_type_is_matrix(m->type))
      stn_fail(b, "id %u must be a matrix", id);
   return m;
}

static nir_def *
mat_times_vec(struct stn_builder *b, struct stn_ssa *m, nir_def *v)
{
   if (v->num_components != m->num_elems)
      stn_fail(b, "a %u-column matrix times a %u-component vector", m->num_elems,
               v->num_components);
   nir_builder *nb = stn_nb(b);
   nir_def *acc = NULL;
   for (uint32_t c = 0; c < m->num_elems; c++) {
      nir_def *col = m->elems[c]->def;
      nir_def *t = alu(b, NIR_OP_FMUL, col, splat(b, nir_channel(nb, v, c), col->num_components),
                       NULL, NULL);
      acc = acc ? alu(b, NIR_OP_FADD, acc, t, NULL, NULL) : t;
   }
   return acc;
}

static bool
handle_matrix_op(struct stn_builder *b, const struct stn_inst *inst)
{
   nir_builder *nb = stn_nb(b);
   struct stn_type *rt = stn_result_type(b, inst);
   switch (inst->opcode) {
   case SpvOpTranspose: {
      struct stn_ssa *m = get_matrix(b, inst->w[3]);
      if (rt->base != STN_BASE_MATRIX || rt->columns != glsl_get_vector_elements(m->type) ||
          rt->components != m->num_elems)
         stn_fail(b, "OpTranspose result has the wrong shape");
      struct stn_ssa *r = matrix_ssa(b, rt);
      for (uint32_t c = 0; c < r->num_elems; c++) {
         nir_def *comps[4];
         for (uint32_t k = 0; k < m->num_elems; k++)
            comps[k] = nir_channel(nb, m->elems[k]->def, c);
         r->elems[c]->def = nir_vec(nb, comps, m->num_elems);
      }
      stn_push_ssa(b, inst->w[2], r);
      return true;
   }
   case SpvOpMatrixTimesScalar: {
      struct stn_ssa *m = get_matrix(b, inst->w[3]);
      nir_def *s = stn_def(b, inst->w[4]);
      if (m->type != rt->glsl || s->num_components != 1)
         stn_fail(b, "OpMatrixTimesScalar operand types");
      struct stn_ssa *r = matrix_ssa(b, rt);
      for (uint32_t c = 0; c < r->num_elems; c++) {
         nir_def *sv = splat(b, s, m->elems[c]->def->num_components);
         r->elems[c]->def = alu(b, NIR_OP_FMUL, m->elems[c]->def, sv, NULL, NULL);
      }
      stn_push_ssa(b, inst->w[2], r);
      return true;
   }
   case SpvOpVectorTimesScalar: {
      nir_def *v = stn_def(b, inst->w[3]);
      nir_def *s = stn_def(b, inst->w[4]);
      if (s->num_components != 1)
         stn_fail(b, "OpVectorTimesScalar needs a scalar");
      stn_push_def(b, inst->w[2], alu(b, NIR_OP_FMUL, v, splat(b, s, v->num_components), NULL,
                                      NULL));
      return true;
   }
   case SpvOpMatrixTimesVector: {
      struct stn_ssa *m = get_matrix(b, inst->w[3]);
      stn_push_def(b, inst->w[2], mat_times_vec(b, m, stn_def(b, inst->w[4])));
      return true;
   }
   case SpvOpVectorTimesMatrix: {
      nir_def *v = stn_def(b, inst->w[3]);
      struct stn_ssa *m = get_matrix(b, inst->w[4]);
      nir_def *comps[4];
      for (uint32_t c = 0; c < m->num_elems; c++) {
         if (m->elems[c]->def->num_components != v->num_components)
            stn_fail(b, "a %u-component vector times a matrix of %u rows", v->num_components,
                     m->elems[c]->def->num_components);
         comps[c] = nir_fdot(nb, v, m->elems[c]->def);
      }
      stn_push_def(b, inst->w[2], nir_vec(nb, comps, m->num_elems));
      return true;
   }
   case SpvOpMatrixTimesMatrix: {
      struct stn_ssa *l = get_matrix(b, inst->w[3]);
      struct stn_ssa *rm = get_matrix(b, inst->w[4]);
      if (rt->base != STN_BASE_MATRIX || rt->columns != rm->num_elems)
         stn_fail(b, "OpMatrixTimesMatrix result has the wrong shape");
      struct stn_ssa *r = matrix_ssa(b, rt);
      for (uint32_t c = 0; c < rm->num_elems; c++)
         r->elems[c]->def = mat_times_vec(b, l, rm->elems[c]->def);
      stn_push_ssa(b, inst->w[2], r);
      return true;
   }
   case SpvOpOuterProduct: {
      nir_def *x = stn_def(b, inst->w[3]);
      nir_def *y = stn_def(b, inst->w[4]);
      if (rt->base != STN_BASE_MATRIX || rt->columns != y->num_components ||
          rt->components != x->num_components)
         stn_fail(b, "OpOuterProduct result has the wrong shape");
      struct stn_ssa *r = matrix_ssa(b, rt);
      for (uint32_t c = 0; c < r->num_elems; c++) {
         r->elems[c]->def = alu(b, NIR_OP_FMUL, x, splat(b, nir_channel(nb, y, c),
                                                         x->num_components),
                                NULL, NULL);
      }
      stn_push_ssa(b, inst->w[2], r);
      return true;
   }
   case SpvOpDot: {
      nir_def *x = stn_def(b, inst->w[3]);
      nir_def *y = stn_def(b, inst->w[4]);
      if (x->num_components != y->num_components || x->bit_size != y->bit_size ||
          x->num_components < 2)
         stn_fail(b, "OpDot operands must be vectors of one type");
      stn_push_def(b, inst->w[2], nir_fdot(nb, x, y));
      return true;
   }
   default:
      return false;
   }
}

/* any()/all() of a vector comparison, fused into the IR's bany/ball ops
 * (which is also how the IR -> SPIR-V direction writes those ops back:
 * OpAny/OpAll of the comparison). NULL if v is not such a comparison. */
static nir_def *
fused_any_all(struct stn_builder *b, nir_def *v, bool any)
{
   nir_instr *in = v->parent_instr;
   if (in->type != NIR_INSTR_TYPE_ALU || v->num_components < 2 || v->num_components > 4)
      return NULL;
   nir_alu_instr *cmp = nir_instr_as_alu(in);
   static const nir_op bany_i[] = {NIR_OP_BANY_INEQUAL2, NIR_OP_BANY_INEQUAL3,
                                   NIR_OP_BANY_INEQUAL4};
   static const nir_op ball_i[] = {NIR_OP_BALL_IEQUAL2, NIR_OP_BALL_IEQUAL3,
                                   NIR_OP_BALL_IEQUAL4};
   static const nir_op bany_f[] = {NIR_OP_BANY_FNEQUAL2, NIR_OP_BANY_FNEQUAL3,
                                   NIR_OP_BANY_FNEQUAL4};
   static const nir_op ball_f[] = {NIR_OP_BALL_FEQUAL2, NIR_OP_BALL_FEQUAL3,
                                   NIR_OP_BALL_FEQUAL4};
   const nir_op *table;
   if (any && cmp->op == NIR_OP_INE)
      table = bany_i;
   else if (!any && cmp->op == NIR_OP_IEQ)
      table = ball_i;
   else if (any && cmp->op == NIR_OP_FNEU)
      table = bany_f;
   else if (!any && cmp->op == NIR_OP_FEQ)
      table = ball_f;
   else
      return NULL;
   for (unsigned s = 0; s < 2; s++) {
      if (cmp->src[s].src.ssa->num_components != v->num_components)
         return NULL;
      for (unsigned c = 0; c < v->num_components; c++) {
         if (cmp->src[s].swizzle[c] != c)
            return NULL;
      }
   }
   return alu(b, table[v->num_components - 2], cmp->src[0].src.ssa, cmp->src[1].src.ssa,
              NULL, NULL);
}

static void
push_pair(struct stn_builder *b, const struct stn_inst *inst, nir_def *first, nir_def *second)
{
   struct stn_type *rt = stn_result_type(b, inst);
   if (rt->base != STN_BASE_STRUCT || rt->num_members != 2 ||
       rt->members[0]->glsl != rt->members[1]->glsl ||
       !glsl_type_is_vector_or_scalar(rt->members[0]->glsl) ||
       rt->members[0]->components != first->num_components ||
       rt->members[0]->bit_size != first->bit_size)
      stn_fail(b, "%s result must be a struct of two members of the operand type",
               spirv_op_name(inst->opcode));
   struct stn_ssa *r = stn_ssa_create(b, rt->glsl);
   r->elems[0]->def = first;
   r->elems[1]->def = second;
   stn_push_ssa(b, inst->w[2], r);
}

void
stn_handle_alu(struct stn_builder *b, const struct stn_inst *inst)
{
   nir_builder *nb = stn_nb(b);
   if (handle_matrix_op(b, inst))
      return;

   struct stn_type *rt = stn_result_type(b, inst);
   const uint32_t result = inst->w[2];
   nir_def *def;

   switch (inst->opcode) {
   case SpvOpSelect: {
      nir_def *cond = stn_def(b, inst->w[3]);
      if (cond->bit_size != 1)
         stn_fail(b, "OpSelect condition must be a boolean");
      struct stn_ssa *x = stn_ssa_value(b, inst->w[4]);
      struct stn_ssa *y = stn_ssa_value(b, inst->w[5]);
      if (x->type != rt->glsl)
         stn_fail(b, "OpSelect objects must have the result type");
      stn_push_ssa(b, result, select_value(b, cond, x, y));
      return;
   }
   case SpvOpAny:
   case SpvOpAll: {
      nir_def *v = stn_def(b, inst->w[3]);
      if (v->bit_size != 1 || rt->base != STN_BASE_BOOL)
         stn_fail(b, "%s needs a boolean vector", spirv_op_name(inst->opcode));
      if (v->num_components == 1) {
         def = v;
      } else if ((def = fused_any_all(b, v, inst->opcode == SpvOpAny))) {
         /* any(a != b) / all(a == b) as one op. */
      } else {
         const bool any = inst->opcode == SpvOpAny;
         nir_def *k = any ? nir_imm_zero(nb, v->num_components, 1) : NULL;
         if (!any) {
            nir_const_value ones[4];
            for (unsigned i = 0; i < 4; i++)
               ones[i] = nir_const_value_for_raw_uint(1, 1);
            k = nir_build_imm(nb, v->num_components, 1, ones);
         }
         static const nir_op any_ops[] = {NIR_OP_BANY_INEQUAL2, NIR_OP_BANY_INEQUAL3,
                                          NIR_OP_BANY_INEQUAL4};
         static const nir_op all_ops[] = {NIR_OP_BALL_IEQUAL2, NIR_OP_BALL_IEQUAL3,
                                          NIR_OP_BALL_IEQUAL4};
         if (v->num_components > 4)
            stn_fail(b, "vector too wide");
         def = alu(b, (any ? any_ops : all_ops)[v->num_components - 2], v, k, NULL, NULL);
      }
      stn_push_def(b, result, def);
      return;
   }
   case SpvOpBitcast:
      /* SPV_KHR_physical_storage_buffer: a PhysicalStorageBuffer pointer
       * bitcasts to and from a 64-bit integer or two 32-bit ones (its
       * type describes itself as one 64-bit component). */
      if (!stn_type_is_scalar_or_vector(rt) && !stn_type_is_physical_pointer(rt))
         stn_fail(b, "OpBitcast to a %s", stn_type_describe(rt));
      stn_push_def(b, result, bitcast(b, stn_def(b, inst->w[3]), rt));
      return;
   case SpvOpFwidth:
   case SpvOpFwidthFine:
   case SpvOpFwidthCoarse: {
      const nir_op dx = inst->opcode == SpvOpFwidth       ? NIR_OP_FDDX
                        : inst->opcode == SpvOpFwidthFine ? NIR_OP_FDDX_FINE
                                                          : NIR_OP_FDDX_COARSE;
      const nir_op dy = inst->opcode == SpvOpFwidth       ? NIR_OP_FDDY
                        : inst->opcode == SpvOpFwidthFine ? NIR_OP_FDDY_FINE
                                                          : NIR_OP_FDDY_COARSE;
      nir_def *p = stn_def(b, inst->w[3]);
      nir_def *x = alu(b, NIR_OP_FABS, alu(b, dx, p, NULL, NULL, NULL), NULL, NULL, NULL);
      nir_def *y = alu(b, NIR_OP_FABS, alu(b, dy, p, NULL, NULL, NULL), NULL, NULL, NULL);
      stn_push_def(b, result, alu(b, NIR_OP_FADD, x, y, NULL, NULL));
      return;
   }
   case SpvOpIAddCarry: {
      nir_def *x = stn_def(b, inst->w[3]), *y = stn_def(b, inst->w[4]);
      push_pair(b, inst, alu(b, NIR_OP_IADD, x, y, NULL, NULL),
                alu(b, NIR_OP_UADD_CARRY, x, y, NULL, NULL));
      return;
   }
   case SpvOpISubBorrow: {
      nir_def *x = stn_def(b, inst->w[3]), *y = stn_def(b, inst->w[4]);
      nir_def *borrow = alu(b, NIR_OP_USUB_BORROW, x, y, NULL, NULL);
      /* usub_borrow is per component 0/1 of the operand size already. */
      push_pair(b, inst, alu(b, NIR_OP_ISUB, x, y, NULL, NULL), borrow);
      return;
   }
   case SpvOpUMulExtended:
   case SpvOpSMulExtended: {
      nir_def *x = stn_def(b, inst->w[3]), *y = stn_def(b, inst->w[4]);
      const nir_op hi = inst->opcode == SpvOpUMulExtended ? NIR_OP_UMUL_HIGH
                                                          : NIR_OP_IMUL_HIGH;
      push_pair(b, inst, alu(b, NIR_OP_IMUL, x, y, NULL, NULL), alu(b, hi, x, y, NULL, NULL));
      return;
   }
   default:
      break;
   }

   if (!stn_type_is_scalar_or_vector(rt))
      stn_fail(b, "%s result must be a scalar or vector", spirv_op_name(inst->opcode));

   /* Conversions. */
   nir_op cop = NIR_NUM_OPCODES;
   switch (inst->opcode) {
   case SpvOpConvertFToU:
   case SpvOpConvertFToS:
   case SpvOpConvertSToF:
   case SpvOpConvertUToF:
   case SpvOpUConvert:
   case SpvOpSConvert:
   case SpvOpFConvert: {
      struct stn_type *st = stn_value_type(b, inst->w[3]);
      if (!stn_type_is_scalar_or_vector(st) || st->components != rt->components)
         stn_fail(b, "conversion between different component counts");
      const bool from_float = inst->opcode == SpvOpConvertFToU ||
                              inst->opcode == SpvOpConvertFToS || inst->opcode == SpvOpFConvert;
      const bool to_float = inst->opcode == SpvOpConvertSToF ||
                            inst->opcode == SpvOpConvertUToF || inst->opcode == SpvOpFConvert;
      const struct stn_type *ss = st->scalar ? st->scalar : st;
      const struct stn_type *rs = rt->scalar ? rt->scalar : rt;
      if ((ss->base == STN_BASE_FLOAT) != from_float || (rs->base == STN_BASE_FLOAT) != to_float ||
          ss->base == STN_BASE_BOOL || rs->base == STN_BASE_BOOL)
         stn_fail(b, "%s between the wrong kinds of types", spirv_op_name(inst->opcode));
      if (inst->opcode == SpvOpFConvert) {
         cop = nir_type_conversion_op(stn_type_alu_type(st), stn_type_alu_type(rt),
                                      rounding_mode(b, result));
      } else {
         bool swap;
         cop = stn_alu_op_for(b, inst->opcode, st, rt, &swap);
      }
      if (cop == NIR_NUM_OPCODES)
         stn_fail(b, "no %u-bit to %u-bit conversion", st->bit_size, rt->bit_size);
      def = cop == NIR_OP_MOV ? stn_def(b, inst->w[3])
                              : alu(b, cop, stn_def(b, inst->w[3]), NULL, NULL, NULL);
      stn_push_def(b, result, def);
      apply_alu_decorations(b, result, def);
      return;
   }
   default:
      break;
   }

   const struct simple_op *s = find_simple(inst->opcode);
   if (!s)
      stn_fail(b, "%s is not supported", spirv_op_name(inst->opcode));
   /* The capability is what the caller accepted (spirv_to_nir_options). */
   if (is_intel_integer_function(inst->opcode) &&
       !stn_has_capability(b, SpvCapabilityIntegerFunctions2INTEL))
      stn_fail(b, "%s needs the IntegerFunctions2INTEL capability",
               spirv_op_name(inst->opcode));
   const nir_op_info *info = &nir_op_infos[s->nop];
   const unsigned n = inst->count - 3;
   if (n != info->num_inputs)
      stn_fail(b, "%s takes %u operands, %u given", spirv_op_name(inst->opcode),
               info->num_inputs, n);
   nir_def *src[4] = {NULL, NULL, NULL, NULL};
   for (unsigned i = 0; i < n; i++)
      src[i] = stn_def(b, inst->w[3 + i]);

   switch (s->nop) {
   case NIR_OP_ISHL:
   case NIR_OP_ISHR:
   case NIR_OP_USHR:
      src[1] = to_32(b, src[1]);
      break;
   case NIR_OP_BITFIELD_INSERT:
      src[2] = to_32(b, src[2]);
      src[3] = to_32(b, src[3]);
      break;
   case NIR_OP_IBITFIELD_EXTRACT:
   case NIR_OP_UBITFIELD_EXTRACT:
      src[1] = to_32(b, src[1]);
      src[2] = to_32(b, src[2]);
      break;
   default:
      break;
   }
   /* Scalar offsets/counts/shift amounts for vector bases repeat. */
   for (unsigned i = 1; i < n; i++) {
      if (src[i]->num_components == 1 && src[0]->num_components > 1 &&
          info->input_sizes[i] == 0)
         src[i] = splat(b, src[i], src[0]->num_components);
   }
   if (s->swap) {
      nir_def *t = src[0];
      src[0] = src[1];
      src[1] = t;
   }
   def = alu(b, s->nop, src[0], src[1], src[2], src[3]);
   if (s->nop == NIR_OP_BIT_COUNT && def->bit_size != rt->bit_size)
      def = nir_u2uN(nb, def, rt->bit_size);
   apply_alu_decorations(b, result, def);
   stn_push_def(b, result, def);
}
