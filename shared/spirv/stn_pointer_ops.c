/* SPDX-License-Identifier: MIT */
/*
 * Conversions between PhysicalStorageBuffer pointers and integers (SPIR-V
 * 1.6, 3.42.11 "Conversion Instructions"; SPV_KHR_physical_storage_buffer).
 * A physical pointer is its 64-bit address, so these are integer
 * conversions. (OpPtrEqual and friends are for VariablePointers, which
 * spirv-val refuses on PhysicalStorageBuffer pointers.)
 */
#include "stn_ir.h"

#include <string.h>

/* "a StorageBuffer pointer", "an integer": what a type is, for messages. */
static const char *
kind_of(struct stn_builder *b, const struct stn_type *t)
{
   if (t->base == STN_BASE_POINTER)
      return stn_asprintf(b, "a %s pointer",
                          spirv_enum_name(SPIRV_OPERAND_STORAGE_CLASS, t->storage_class));
   const char *d = stn_type_describe(t);
   return stn_asprintf(b, "%s %s", strchr("aeiou", d[0]) ? "an" : "a", d);
}

/* The address of a PhysicalStorageBuffer pointer operand. */
static nir_def *
pointer_operand(struct stn_builder *b, uint32_t id, const char *what)
{
   struct stn_type *t = stn_value_type(b, id);
   if (!stn_type_is_physical_pointer(t))
      stn_fail(b, "%s must be a PhysicalStorageBuffer pointer, not %s", what, kind_of(b, t));
   return stn_def(b, id);
}

static void
check_physical_result(struct stn_builder *b, const struct stn_type *rt)
{
   if (!stn_type_is_physical_pointer(rt))
      stn_fail(b, "%s must give a PhysicalStorageBuffer pointer, not %s",
               spirv_op_name(b->cur_opcode), kind_of(b, rt));
}

void
stn_handle_pointer_op(struct stn_builder *b, const struct stn_inst *inst)
{
   nir_builder *nb = stn_nb(b);
   struct stn_type *rt = stn_result_type(b, inst);
   const uint32_t result = inst->w[2];
   switch (inst->opcode) {
   case SpvOpConvertUToPtr: {
      check_physical_result(b, rt);
      nir_def *u = stn_def(b, inst->w[3]);
      if (u->num_components != 1 || u->bit_size == 1)
         stn_fail(b, "OpConvertUToPtr needs an integer scalar");
      /* "If Result Type has a different number of components than Integer
       * Value, the behavior is undefined"; zero-extended like Mesa's. */
      stn_push_def(b, result, nir_u2uN(nb, u, 64));
      break;
   }
   case SpvOpConvertPtrToU: {
      if (rt->base != STN_BASE_INT)
         stn_fail(b, "OpConvertPtrToU must give an integer scalar, not %s", kind_of(b, rt));
      nir_def *a = pointer_operand(b, inst->w[3], "OpConvertPtrToU's operand");
      stn_push_def(b, result, nir_u2uN(nb, a, rt->bit_size));
      break;
   }
   default:
      stn_fail(b, "%s is not a pointer conversion", spirv_op_name(inst->opcode));
   }
   stn_check_ir_oom(b);
}
