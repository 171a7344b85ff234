/* SPDX-License-Identifier: MIT */
/*
 * Copy propagation: sources that read a mov, or a vecN whose read
 * components all come from one value, read that value directly (with the
 * swizzles composed). Non-ALU sources, which have no swizzle, only look
 * through exact copies. The movs/vecs left unused are for nir_opt_dce.
 */
#include "nir/nir.h"

/* The single value (and per-component swizzle) behind `n` components of a
 * mov/vec source read through `swizzle`, if there is one. */
static bool
resolve_copy(const nir_def *def, const uint8_t *swizzle, unsigned n, nir_def **out,
             uint8_t *out_swizzle)
{
   if (def->parent_instr->type != NIR_INSTR_TYPE_ALU)
      return false;
   const nir_alu_instr *alu = nir_instr_as_alu(def->parent_instr);
   if (!nir_op_is_vec(alu->op))
      return false;
   nir_def *common = NULL;
   for (unsigned c = 0; c < n; c++) {
      const nir_alu_src *s;
      unsigned comp;
      if (alu->op == NIR_OP_MOV) {
         s = &alu->src[0];
         comp = s->swizzle[swizzle[c]];
      } else {
         s = &alu->src[swizzle[c]];
         comp = s->swizzle[0];
      }
      if (common && s->src.ssa != common)
         return false;
      common = s->src.ssa;
      out_swizzle[c] = (uint8_t)comp;
   }
   *out = common;
   return common != NULL;
}

static bool
prop_alu_src(nir_alu_instr *alu, unsigned i)
{
   nir_alu_src *src = &alu->src[i];
   const unsigned n = nir_ssa_alu_instr_src_components(alu, i);
   nir_def *value;
   uint8_t swizzle[NIR_MAX_VEC_COMPONENTS];
   if (!resolve_copy(src->src.ssa, src->swizzle, n, &value, swizzle))
      return false;
   nir_src_rewrite(&src->src, value);
   for (unsigned c = 0; c < n; c++)
      src->swizzle[c] = swizzle[c];
   return true;
}

/* A source without swizzle can skip a copy only if the copy is the identity. */
static bool
prop_plain_src(nir_src *src)
{
   nir_def *def = src->ssa;
   uint8_t identity[NIR_MAX_VEC_COMPONENTS], swizzle[NIR_MAX_VEC_COMPONENTS];
   for (unsigned c = 0; c < NIR_MAX_VEC_COMPONENTS; c++)
      identity[c] = (uint8_t)c;
   nir_def *value;
   if (!resolve_copy(def, identity, def->num_components, &value, swizzle))
      return false;
   if (value->num_components != def->num_components || value->bit_size != def->bit_size)
      return false;
   for (unsigned c = 0; c < def->num_components; c++)
      if (swizzle[c] != c)
         return false;
   nir_src_rewrite(src, value);
   return true;
}

static bool
prop_src_cb(nir_src *src, void *data)
{
   bool *progress = data;
   while (src->ssa && prop_plain_src(src))
      *progress = true;
   return true;
}

static bool
copy_prop_impl(nir_function_impl *impl)
{
   bool progress = false;
   nir_foreach_block (block, impl) {
      nir_foreach_instr (instr, block) {
         if (instr->type == NIR_INSTR_TYPE_ALU) {
            nir_alu_instr *alu = nir_instr_as_alu(instr);
            /* A mov reading a copy is itself simplified, which makes chains
             * collapse in one sweep. */
            for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++)
               while (prop_alu_src(alu, i))
                  progress = true;
         } else {
            nir_foreach_src(instr, prop_src_cb, &progress);
         }
      }
      nir_if *nif = nir_block_get_following_if(block);
      if (nif)
         prop_src_cb(&nif->condition, &progress);
   }
   nir_metadata_preserve(impl, progress ? NIR_METADATA_CONTROL_FLOW : NIR_METADATA_ALL);
   return progress;
}

bool
nir_opt_copy_prop(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
   {
      if (copy_prop_impl(impl))
         progress = true;
   }
   return progress;
}
