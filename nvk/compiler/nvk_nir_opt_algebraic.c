/* SPDX-License-Identifier: MIT */
/*
 * A few algebraic identities the lowering produces a lot of (offset
 * arithmetic: 0 + x, x * 1, (x + 4) + 8) and the interpreter would
 * otherwise execute for every lane:
 *
 *    iadd(x, 0) -> x          isub(x, 0) -> x         imul(x, 1) -> x
 *    imul(x, 0) -> 0          imul(x, 2^k) -> ishl(x, k)
 *    ishl/ishr/ushr(x, 0) -> x                        ior/ixor(x, 0) -> x
 *    iand(x, 0) -> 0          iand(x, ~0) -> x        fmul(x, 1.0) -> x
 *    iadd(iadd(x, a), b) -> iadd(x, a + b)  (a, b constants)
 *
 * Only exact identities: fmul by 1.0 keeps NaNs and signed zeros; no
 * reassociation of floats. Scalars only (vectors are rare here).
 */
#include "nvk_nir.h"

/* Constant value of ALU source i (scalar), or false. */
static bool
const_src(const nir_alu_instr *alu, unsigned i, uint64_t *v)
{
   const nir_const_value *c = nir_src_as_const_value(alu->src[i].src);
   if (!c)
      return false;
   const unsigned bits = alu->src[i].src.ssa->bit_size;
   const nir_const_value cv = c[alu->src[i].swizzle[0]];
   *v = bits == 1 ? cv.b : nir_const_value_as_uint(cv, bits);
   return true;
}

static nir_def *
src_def(nir_builder *b, const nir_alu_instr *alu, unsigned i)
{
   return nir_channel(b, alu->src[i].src.ssa, alu->src[i].swizzle[0]);
}

static bool
opt_alu(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type != NIR_INSTR_TYPE_ALU)
      return false;
   nir_alu_instr *alu = nir_instr_as_alu(instr);
   if (alu->def.num_components != 1 || nir_op_infos[alu->op].num_inputs != 2)
      return false;
   const unsigned bits = alu->def.bit_size;
   const uint64_t ones = bits >= 64 ? ~0ull : (1ull << bits) - 1;
   uint64_t c;
   nir_def *r = NULL;
   b->cursor = nir_before_instr(instr);

   for (unsigned i = 0; i < 2 && !r; i++) {
      const unsigned other = 1 - i;
      if (!const_src(alu, i, &c))
         continue;
      const bool commutes = nir_op_infos[alu->op].algebraic_properties & NIR_OP_IS_COMMUTATIVE;
      if (i == 0 && !commutes)
         continue; /* the constant must be the second operand */
      switch (alu->op) {
      case NIR_OP_IADD:
      case NIR_OP_IOR:
      case NIR_OP_IXOR:
         if ((c & ones) == 0)
            r = src_def(b, alu, other);
         break;
      case NIR_OP_ISUB:
      case NIR_OP_ISHL:
      case NIR_OP_ISHR:
      case NIR_OP_USHR:
         if ((c & ones) == 0)
            r = src_def(b, alu, other);
         break;
      case NIR_OP_IMUL:
         if ((c & ones) == 1)
            r = src_def(b, alu, other);
         else if ((c & ones) == 0)
            r = nir_imm_intN_t(b, 0, bits);
         else if (util_is_power_of_two(c & ones))
            r = nir_ishl_imm(b, src_def(b, alu, other), util_logbase2(c & ones));
         break;
      case NIR_OP_IAND:
         if ((c & ones) == ones)
            r = src_def(b, alu, other);
         else if ((c & ones) == 0)
            r = nir_imm_intN_t(b, 0, bits);
         break;
      case NIR_OP_FMUL:
         if ((bits == 32 && c == 0x3f800000u) || (bits == 64 && c == 0x3ff0000000000000ull))
            r = src_def(b, alu, other);
         break;
      default:
         break;
      }
   }

   /* (x + a) + b -> x + (a + b) */
   if (!r && alu->op == NIR_OP_IADD && const_src(alu, 1, &c)) {
      nir_alu_instr *inner = nir_src_as_alu_instr(alu->src[0].src);
      uint64_t a;
      if (inner && inner->op == NIR_OP_IADD && inner->def.num_components == 1 &&
          alu->src[0].swizzle[0] == 0 && const_src(inner, 1, &a) &&
          !nir_src_is_const(inner->src[0].src))
         r = nir_iadd(b, src_def(b, inner, 0), nir_imm_intN_t(b, (a + c) & ones, bits));
   }
   if (!r)
      return false;
   nir_def_rewrite_uses(&alu->def, r);
   nir_instr_remove(instr);
   return true;
}

bool
nvk_nir_opt_algebraic(nir_shader *shader)
{
   return nir_shader_instructions_pass(shader, opt_alu, NIR_METADATA_CONTROL_FLOW, NULL);
}
