/* SPDX-License-Identifier: MIT */
/*
 * Integer dot products (SPIR-V 1.6, SPV_KHR_integer_dot_product; Vulkan
 * 1.3 shaderIntegerDotProduct): OpSDot, OpUDot, OpSUDot and their
 * accumulating, saturating forms, on integer vectors or on 32-bit scalars
 * holding four packed 8-bit components (PackedVectorFormat4x8Bit).
 *
 * SPIR-V 1.6, 3.42.14: the components are sign-extended (SDot, and Vector
 * 1 of SUDot) or zero-extended (UDot, Vector 2 of SUDot) to the result's
 * width, multiplied and summed; "If any of the multiplications or
 * additions, with the exception of the final accumulation, overflow or
 * underflow, the result of the instruction is undefined. The final
 * accumulation is saturating" (signed for SDotAccSat/SUDotAccSat, unsigned
 * for UDotAccSat). Lowered here to integer multiplies and adds in the
 * result's width, which is exact wherever the result is defined.
 */
#include "stn_ir.h"

/* Component c of an operand, extended to bits. Packed operands are 32-bit
 * scalars whose byte c is component c. */
static nir_def *
component(nir_builder *nb, nir_def *v, bool packed, unsigned c, bool is_signed, unsigned bits)
{
   nir_def *x;
   if (packed) {
      x = is_signed ? nir_ishr_imm(nb, nir_ishl_imm(nb, v, 24 - 8 * c), 24)
                    : nir_iand_imm(nb, nir_ushr_imm(nb, v, 8 * c), 0xff);
      /* x holds the 8-bit value extended to 32 bits. */
      if (bits == 32)
         return x;
      return is_signed ? nir_i2iN(nb, x, bits) : nir_u2uN(nb, x, bits);
   }
   x = nir_channel(nb, v, c);
   if (x->bit_size == bits)
      return x;
   return is_signed ? nir_i2iN(nb, x, bits) : nir_u2uN(nb, x, bits);
}

void
stn_handle_integer_dot(struct stn_builder *b, const struct stn_inst *inst)
{
   nir_builder *nb = stn_nb(b);
   const SpvOp op = inst->opcode;
   const bool acc = op == SpvOpSDotAccSat || op == SpvOpUDotAccSat || op == SpvOpSUDotAccSat;
   const bool s1 = op == SpvOpSDot || op == SpvOpSDotAccSat || op == SpvOpSUDot ||
                   op == SpvOpSUDotAccSat;
   const bool s2 = op == SpvOpSDot || op == SpvOpSDotAccSat;
   const unsigned fmt_w = acc ? 6 : 5;
   if (inst->count < fmt_w || inst->count > fmt_w + 1)
      stn_fail(b, "%s has %u words", spirv_op_name(op), inst->count);
   const bool packed = inst->count == fmt_w + 1;
   if (packed && inst->w[fmt_w] != SpvPackedVectorFormatPackedVectorFormat4x8Bit)
      stn_fail(b, "packed vector format %u is not supported", inst->w[fmt_w]);

   struct stn_type *rt = stn_result_type(b, inst);
   if (rt->base != STN_BASE_INT || rt->components != 1)
      stn_fail(b, "%s must return an integer scalar", spirv_op_name(op));
   const unsigned bits = rt->bit_size;
   nir_def *v1 = stn_def(b, inst->w[3]), *v2 = stn_def(b, inst->w[4]);
   if (v1->num_components != v2->num_components || v1->bit_size != v2->bit_size)
      stn_fail(b, "%s operands differ in type", spirv_op_name(op));
   if (packed ? v1->num_components != 1 || v1->bit_size != 32 || bits < 8
              : v1->num_components < 2 || v1->bit_size > bits)
      stn_fail(b, "%s operands do not fit the result or the packed format",
               spirv_op_name(op));

   const unsigned n = packed ? 4 : v1->num_components;
   nir_def *sum = NULL;
   for (unsigned c = 0; c < n; c++) {
      nir_def *p = nir_imul(nb, component(nb, v1, packed, c, s1, bits),
                            component(nb, v2, packed, c, s2, bits));
      sum = sum ? nir_iadd(nb, sum, p) : p;
   }
   if (acc) {
      nir_def *a = stn_def(b, inst->w[5]);
      if (a->num_components != 1 || a->bit_size != bits)
         stn_fail(b, "%s accumulator must have the result type", spirv_op_name(op));
      sum = op == SpvOpUDotAccSat ? nir_uadd_sat(nb, sum, a) : nir_iadd_sat(nb, sum, a);
   }
   stn_push_def(b, inst->w[2], sum);
}
