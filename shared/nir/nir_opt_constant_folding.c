/* SPDX-License-Identifier: MIT */
/* Constant folding: ALU instructions whose sources are all constants become
 * load_consts, computed by the folders generated from nir_opcodes.py; moves
 * and vectors made only of undefined values become undefs. */
#include "nir/nir.h"
#include "nir/nir_builder.h"

static bool
fold_alu(nir_builder *b, nir_alu_instr *alu)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   if (!info->foldable)
      return false;

   nir_const_value values[NIR_MAX_VEC_COMPONENTS][NIR_MAX_VEC_COMPONENTS];
   nir_const_value *srcs[NIR_MAX_VEC_COMPONENTS];
   for (unsigned i = 0; i < info->num_inputs; i++) {
      const nir_const_value *c = nir_src_as_const_value(alu->src[i].src);
      if (!c)
         return false;
      const unsigned n = nir_ssa_alu_instr_src_components(alu, i);
      for (unsigned k = 0; k < n; k++)
         values[i][k] = c[alu->src[i].swizzle[k]];
      srcs[i] = values[i];
   }

   nir_const_value dst[NIR_MAX_VEC_COMPONENTS];
   if (!nir_eval_const_opcode(alu->op, dst, alu->def.num_components,
                              nir_alu_instr_unsized_bit_size(alu), srcs,
                              b->shader->info.float_controls))
      return false;

   b->cursor = nir_before_instr(&alu->instr);
   nir_def *imm = nir_build_imm(b, alu->def.num_components, alu->def.bit_size, dst);
   nir_def_rewrite_uses(&alu->def, imm);
   nir_instr_remove(&alu->instr);
   return true;
}

/* A move (or vector) of undefined components is undefined. Left as a move,
 * it would be the one undefined value with an identity of its own: the
 * IR -> SPIR-V direction names it where it is defined, everything else
 * where it is used, and a round trip would not be a fixed point. */
static bool
fold_undef(nir_builder *b, nir_alu_instr *alu)
{
   if (!nir_op_is_vec(alu->op))
      return false;
   for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++) {
      if (alu->src[i].src.ssa->parent_instr->type != NIR_INSTR_TYPE_UNDEF)
         return false;
   }
   b->cursor = nir_before_instr(&alu->instr);
   nir_def_rewrite_uses(&alu->def, nir_undef(b, alu->def.num_components, alu->def.bit_size));
   nir_instr_remove(&alu->instr);
   return true;
}

static bool
fold_instr(nir_builder *b, nir_instr *instr, void *data)
{
   (void)data;
   if (instr->type != NIR_INSTR_TYPE_ALU)
      return false;
   return fold_alu(b, nir_instr_as_alu(instr)) || fold_undef(b, nir_instr_as_alu(instr));
}

bool
nir_opt_constant_folding(nir_shader *shader)
{
   return nir_shader_instructions_pass(shader, fold_instr, NIR_METADATA_CONTROL_FLOW,
                                       NULL);
}
