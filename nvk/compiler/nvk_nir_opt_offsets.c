/* SPDX-License-Identifier: MIT */
/*
 * Constant parts of shared-memory offsets go into the instruction:
 *
 *    load_shared(iadd(x, c), base=b)  ->  load_shared(x, base=b+c)
 *
 * (also stores and atomics). The interpreter adds the base for free while
 * it addresses the lanes, so the iadd, executed for every lane, goes away;
 * unrolled loops (nvk_nir_opt_loop_unroll) leave many of these, one per
 * copy. The address is computed without 32-bit wrap-around afterwards:
 * that only differs for offsets that wrapped, i.e. accesses outside the
 * variable, which are undefined (and still stay inside shared memory or
 * read zero in the backend).
 */
#include "nvk_nir.h"

static int
offset_src(const nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_LOAD_SHARED:
   case NIR_INTRINSIC_SHARED_ATOMIC:
   case NIR_INTRINSIC_SHARED_ATOMIC_SWAP:
      return 0;
   case NIR_INTRINSIC_STORE_SHARED:
      return 1;
   default:
      return -1;
   }
}

static bool
opt_offset(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   (void)data;
   const int s = offset_src(intr);
   if (s < 0)
      return false;
   bool progress = false;
   for (;;) {
      nir_def *off = intr->src[s].ssa;
      if (off->parent_instr->type != NIR_INSTR_TYPE_ALU)
         return progress;
      nir_alu_instr *add = nir_instr_as_alu(off->parent_instr);
      if (add->op != NIR_OP_IADD || add->def.num_components != 1 ||
          add->def.bit_size != 32)
         return progress;
      unsigned ci = 2;
      for (unsigned i = 0; i < 2 && ci == 2; i++) {
         if (nir_src_as_const_value(add->src[i].src))
            ci = i;
      }
      if (ci == 2)
         return progress;
      const uint32_t c =
         nir_src_as_const_value(add->src[ci].src)[add->src[ci].swizzle[0]].u32;
      const int64_t base = (int64_t)nir_intrinsic_base(intr) + c;
      if (c > INT32_MAX || base > INT32_MAX)
         return progress;
      const unsigned other = 1 - ci;
      b->cursor = nir_before_instr(&intr->instr);
      nir_def *x = nir_channel(b, add->src[other].src.ssa, add->src[other].swizzle[0]);
      nir_src_rewrite(&intr->src[s], x);
      nir_intrinsic_set_base(intr, (int32_t)base);
      progress = true;
   }
}

bool
nvk_nir_opt_offsets(nir_shader *shader)
{
   return nir_shader_intrinsics_pass(shader, opt_offset, NIR_METADATA_CONTROL_FLOW, NULL);
}
