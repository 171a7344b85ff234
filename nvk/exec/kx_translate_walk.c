/* SPDX-License-Identifier: MIT */
/*
 * Translation, step 1: the walk over the structured IR. ALU instructions
 * become kx ops on one vreg per scalar component (vecN, mov and swizzles
 * emit nothing: a component *is* its source's vreg); ifs and loops become
 * the mask operations of kx_program.h; phis become masked copies at the
 * end of each predecessor.
 */
#include "kx_translate.h"

#include <stdlib.h>
#include <string.h>

/* --- ALU ----------------------------------------------------------------------- */

static uint32_t
alu_src(struct kxb *b, const nir_alu_instr *alu, unsigned i, unsigned c)
{
   return kxb_src(b, alu->src[i].src.ssa, alu->src[i].swizzle[c]);
}

static void
kxb_emit_scalar(struct kxb *b, unsigned op, uint32_t dst, const uint32_t *srcs,
                unsigned num_srcs)
{
   struct kx_vinstr *vi = kxb_emit(b, op);
   vi->in.dst = dst;
   vi->dst_def = true;
   for (unsigned i = 0; i < num_srcs; i++) {
      if (i < 3) {
         vi->in.src[i] = srcs[i];
         vi->use_mask |= USE_SRC0 << i;
      } else {
         vi->in.imm[0] = srcs[i];
         vi->use_mask |= USE_IMM0;
      }
   }
}

/* fdotN at 32/64 bits as the folder computes it: products, then sums left
 * to right, each rounded. */
static bool
kxb_alu_fdot(struct kxb *b, nir_alu_instr *alu, unsigned n, uint32_t *dst)
{
   const unsigned bits = alu->def.bit_size;
   const unsigned fmul = kx_alu_opcode(NIR_OP_FMUL, bits);
   const unsigned fadd = kx_alu_opcode(NIR_OP_FADD, bits);
   uint32_t acc = KX_NO_VREG;
   for (unsigned i = 0; i < n; i++) {
      const uint32_t s[2] = {alu_src(b, alu, 0, i), alu_src(b, alu, 1, i)};
      const uint32_t p = i == 0 && n == 1 ? dst[0] : kxb_new_vreg(b, bits == 64 ? 2 : 1);
      kxb_emit_scalar(b, fmul, p, s, 2);
      if (acc == KX_NO_VREG) {
         acc = p;
      } else {
         const uint32_t sum = i == n - 1 ? dst[0] : kxb_new_vreg(b, bits == 64 ? 2 : 1);
         const uint32_t s2[2] = {acc, p};
         kxb_emit_scalar(b, fadd, sum, s2, 2);
         acc = sum;
      }
   }
   return true;
}

/* A derivative of one 32-bit value over the quads. */
void
kxb_deriv(struct kxb *b, uint32_t dst, uint32_t src, unsigned kind)
{
   struct kx_vinstr *vi = kxb_emit(b, KX_OP_DERIV);
   vi->in.dst = dst;
   vi->dst_def = true;
   vi->in.src[0] = src;
   vi->use_mask = USE_SRC0;
   vi->in.imm[0] = kind;
   vi->in.bits = 32;
   b->gfx.uses_derivatives = true;
}

/* fddx/fddy (fine, coarse; plain ones are fine). */
static bool
kxb_alu_deriv(struct kxb *b, nir_alu_instr *alu, const uint32_t *dst)
{
   unsigned kind;
   switch (alu->op) {
   case NIR_OP_FDDX:
   case NIR_OP_FDDX_FINE:
      kind = 0;
      break;
   case NIR_OP_FDDY:
   case NIR_OP_FDDY_FINE:
      kind = KX_DERIV_Y;
      break;
   case NIR_OP_FDDX_COARSE:
      kind = KX_DERIV_COARSE;
      break;
   case NIR_OP_FDDY_COARSE:
      kind = KX_DERIV_Y | KX_DERIV_COARSE;
      break;
   default:
      return false;
   }
   if (alu->def.bit_size != 32) {
      kxb_fail(b, "kx: %u-bit derivatives", alu->def.bit_size);
      return true;
   }
   for (unsigned c = 0; c < alu->def.num_components; c++)
      kxb_deriv(b, dst[c], alu_src(b, alu, 0, c), kind);
   return true;
}

static void
kxb_alu(struct kxb *b, nir_alu_instr *alu)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   if (nir_op_is_vec(alu->op)) {
      uint32_t *v = kxb_alias_vregs(b, &alu->def);
      if (!v)
         return;
      for (unsigned c = 0; c < alu->def.num_components; c++) {
         if (alu->op == NIR_OP_MOV)
            v[c] = alu_src(b, alu, 0, c);
         else
            v[c] = alu_src(b, alu, c, 0);
      }
      return;
   }

   uint32_t *dst = kxb_def_vregs(b, &alu->def);
   if (!dst)
      return;
   const unsigned bits = nir_alu_instr_unsized_bit_size(alu);
   if ((alu->op == NIR_OP_FDOT2 || alu->op == NIR_OP_FDOT3 || alu->op == NIR_OP_FDOT4) &&
       bits != 16) {
      kxb_alu_fdot(b, alu, info->input_sizes[0], dst);
      return;
   }

   if (kxb_alu_deriv(b, alu, dst))
      return;
   const unsigned op = kx_alu_opcode(alu->op, bits);
   if (op == KX_OP_INVALID) {
      kxb_fail(b, "kx: no kernel for ALU op %s at %u bits", info->name, bits);
      return;
   }
   if (!kx_alu_opcode_is_vector(op)) {
      for (unsigned c = 0; c < alu->def.num_components; c++) {
         uint32_t s[4];
         for (unsigned i = 0; i < info->num_inputs; i++)
            s[i] = alu_src(b, alu, i, c);
         kxb_emit_scalar(b, op, dst[c], s, info->num_inputs);
      }
      return;
   }

   /* Fixed-width op: an operand list [dst..., src0..., src1...]. */
   struct kx_vinstr *vi = kxb_emit(b, op);
   kxb_aux_begin(b, vi, 0);
   const unsigned nout = info->output_size ? info->output_size : alu->def.num_components;
   for (unsigned c = 0; c < nout; c++)
      kxb_aux_def(b, vi, dst[c]);
   for (unsigned i = 0; i < info->num_inputs; i++) {
      const unsigned n = info->input_sizes[i] ? info->input_sizes[i]
                                              : alu->def.num_components;
      for (unsigned c = 0; c < n; c++)
         kxb_aux_use(b, vi, alu_src(b, alu, i, c));
   }
}

/* --- control flow ---------------------------------------------------------------- */

/* Masked copies into the phis of `succ` for the edge from `pred`. Sources
 * that are themselves phis of `succ` are read into temporaries first (the
 * copies happen "at once"). */
static void
kxb_phi_copies(struct kxb *b, nir_block *pred, nir_block *succ)
{
   if (!succ || !nir_block_first_phi_(succ))
      return;

   struct pair {
      uint32_t dst, src;
      uint8_t size;
   };
   struct dynarray pairs;
   dynarray_init(&pairs, b->arena);
   nir_foreach_phi(phi, succ) {
      nir_phi_src *ps = nir_phi_get_src_from_block(phi, pred);
      if (!ps || !ps->src.ssa)
         continue;
      if (ps->src.ssa->parent_instr->type == NIR_INSTR_TYPE_UNDEF)
         continue;
      uint32_t *dst = kxb_def_vregs(b, &phi->def);
      if (!dst)
         return;
      for (unsigned c = 0; c < phi->def.num_components; c++) {
         vreg(b, dst[c])->multi_def = true;
         const struct pair p = {dst[c], kxb_src(b, ps->src.ssa, c),
                                phi->def.bit_size == 64 ? 2 : 1};
         if (p.dst != p.src && !dynarray_append(&pairs, struct pair, p))
            KXB_OOM(b);
      }
   }
   if (b->error)
      return;

   const unsigned n = (unsigned)dynarray_num_elements(&pairs, struct pair);
   struct pair *ps = dynarray_begin(&pairs, struct pair);
   for (unsigned i = 0; i < n; i++) {
      bool hazard = false;
      for (unsigned j = 0; j < n; j++)
         if (j != i && ps[j].dst == ps[i].src)
            hazard = true;
      if (!hazard)
         continue;
      const uint32_t t = kxb_new_vreg(b, ps[i].size);
      struct kx_vinstr *vi = kxb_emit(b, ps[i].size == 2 ? KX_OP_COPY64 : KX_OP_COPY32);
      vi->in.dst = t;
      vi->dst_def = true;
      vi->in.src[0] = ps[i].src;
      vi->use_mask = USE_SRC0;
      ps[i].src = t;
   }
   for (unsigned i = 0; i < n; i++) {
      struct kx_vinstr *vi = kxb_emit(b, ps[i].size == 2 ? KX_OP_MCOPY64 : KX_OP_MCOPY32);
      vi->in.dst = ps[i].dst;
      vi->dst_def = true;
      vi->in.src[0] = ps[i].src;
      vi->use_mask = USE_SRC0;
   }
}


static void
kxb_block(struct kxb *b, nir_block *block)
{
   nir_jump_instr *jump = NULL;
   nir_foreach_instr(instr, block) {
      if (b->error)
         return;
      switch (instr->type) {
      case NIR_INSTR_TYPE_ALU:
         kxb_alu(b, nir_instr_as_alu(instr));
         break;
      case NIR_INSTR_TYPE_INTRINSIC:
         kxb_intrinsic(b, nir_instr_as_intrinsic(instr));
         break;
      case NIR_INSTR_TYPE_LOAD_CONST: {
         nir_load_const_instr *lc = nir_instr_as_load_const(instr);
         uint64_t v[NIR_MAX_VEC_COMPONENTS];
         for (unsigned c = 0; c < lc->def.num_components; c++)
            v[c] = lc->def.bit_size == 1 ? (uint64_t)lc->value[c].b
                                         : nir_const_value_as_uint(lc->value[c],
                                                                   lc->def.bit_size);
         kxb_const_result(b, &lc->def, v);
         break;
      }
      case NIR_INSTR_TYPE_UNDEF: {
         nir_undef_instr *u = nir_instr_as_undef(instr);
         const uint64_t v[NIR_MAX_VEC_COMPONENTS] = {0};
         kxb_const_result(b, &u->def, v);
         break;
      }
      case NIR_INSTR_TYPE_PHI:
         break; /* written by its predecessors' copies */
      case NIR_INSTR_TYPE_JUMP:
         jump = nir_instr_as_jump(instr);
         break;
      case NIR_INSTR_TYPE_TEX:
         kxb_tex(b, nir_instr_as_tex(instr));
         break;
      case NIR_INSTR_TYPE_DEREF:
         kxb_fail(b, "kx: derefs must be lowered before the backend");
         break;
      case NIR_INSTR_TYPE_CALL:
         kxb_fail(b, "kx: calls must be inlined before the backend");
         break;
      }
   }
   for (unsigned s = 0; s < 2; s++)
      kxb_phi_copies(b, block, block->successors[s]);
   if (!jump)
      return;
   switch (jump->type) {
   case NIR_JUMP_BREAK:
   case NIR_JUMP_CONTINUE: {
      struct kx_vinstr *vi =
         kxb_emit(b, jump->type == NIR_JUMP_BREAK ? KX_OP_BREAK : KX_OP_CONTINUE);
      vi->in.imm[1] = b->skip;
      vi->label_mask = 1 << 1;
      break;
   }
   case NIR_JUMP_RETURN:
      if (b->depth != 0)
         kxb_fail(b, "kx: return inside control flow (run nir_lower_returns)");
      break;
   }
}

/* `if (c) break;` / `if (c) continue;` (or the jump in the else branch:
 * `if (c) {} else break;`, SPIR-V's loop test) with nothing else in the
 * if: one op that moves the lanes that take the jump out of exec. */
static nir_jump_instr *
kxb_lone_jump(nir_if *nif, bool then_side)
{
   nir_block *first = then_side ? nir_if_first_then_block(nif) : nir_if_first_else_block(nif);
   nir_block *last = then_side ? nir_if_last_then_block(nif) : nir_if_last_else_block(nif);
   if (first != last)
      return NULL;
   nir_instr *only = nir_block_first_instr(first);
   if (!only || only != nir_block_last_instr(first) || only->type != NIR_INSTR_TYPE_JUMP)
      return NULL;
   nir_jump_instr *jump = nir_instr_as_jump(only);
   if (jump->type == NIR_JUMP_RETURN)
      return NULL;
   /* Phi copies on the jump's edge would need their own masks. */
   if (first->successors[0] && nir_block_first_phi_(first->successors[0]))
      return NULL;
   return jump;
}

static bool
kxb_side_is_empty(nir_if *nif, bool then_side)
{
   nir_block *first = then_side ? nir_if_first_then_block(nif) : nir_if_first_else_block(nif);
   nir_block *last = then_side ? nir_if_last_then_block(nif) : nir_if_last_else_block(nif);
   return first == last && list_is_empty(&first->instr_list) &&
          !(first->successors[0] && nir_block_first_phi_(first->successors[0]));
}

static bool
kxb_try_jump_if(struct kxb *b, nir_if *nif)
{
   bool invert = false;
   nir_jump_instr *jump = NULL;
   if (kxb_side_is_empty(nif, false))
      jump = kxb_lone_jump(nif, true);
   if (!jump && kxb_side_is_empty(nif, true)) {
      jump = kxb_lone_jump(nif, false);
      invert = true;
   }
   if (!jump)
      return false;
   struct kx_vinstr *vi =
      kxb_emit(b, jump->type == NIR_JUMP_BREAK ? KX_OP_BREAK_IF : KX_OP_CONTINUE_IF);
   vi->in.src[0] = kxb_src(b, nif->condition.ssa, 0);
   vi->use_mask = USE_SRC0;
   vi->in.imm[0] = invert;
   vi->in.imm[1] = b->skip;
   vi->label_mask = 1 << 1;
   return true;
}

static void
kxb_if(struct kxb *b, nir_if *nif)
{
   if (kxb_try_jump_if(b, nif))
      return;
   const uint32_t l_else = kxb_label(b), l_endif = kxb_label(b);
   struct kx_vinstr *vi = kxb_emit(b, KX_OP_IF);
   vi->in.src[0] = kxb_src(b, nif->condition.ssa, 0);
   vi->use_mask = USE_SRC0;
   vi->in.imm[0] = l_else;
   vi->label_mask = 1 << 0;

   const uint32_t saved_skip = b->skip;
   b->max_depth = MAX2(b->max_depth, ++b->depth);
   b->skip = l_else;
   kxb_cf_list(b, &nif->then_list);

   kxb_place(b, l_else);
   vi = kxb_emit(b, KX_OP_ELSE);
   vi->in.imm[0] = l_endif;
   vi->label_mask = 1 << 0;
   b->skip = l_endif;
   kxb_cf_list(b, &nif->else_list);

   kxb_place(b, l_endif);
   vi = kxb_emit(b, KX_OP_ENDIF);
   vi->in.imm[1] = saved_skip;
   vi->label_mask = 1 << 1;
   b->depth--;
   b->skip = saved_skip;
}

static void
kxb_loop(struct kxb *b, nir_loop *loop)
{
   const bool has_cont = nir_loop_has_continue_construct(loop);
   const uint32_t l_top = kxb_label(b), l_end = kxb_label(b), l_after = kxb_label(b);
   const uint32_t l_cm = has_cont ? kxb_label(b) : l_end;

   struct kx_loop_range range;
   range.start = (int32_t)dynarray_num_elements(&b->vi, struct kx_vinstr);
   struct kx_vinstr *vi = kxb_emit(b, KX_OP_LOOP);
   vi->in.imm[0] = l_after;
   vi->label_mask = 1 << 0;

   const uint32_t saved_skip = b->skip;
   b->max_depth = MAX2(b->max_depth, ++b->depth);
   kxb_place(b, l_top);
   b->skip = l_cm;
   kxb_cf_list(b, &loop->body);
   if (has_cont) {
      kxb_place(b, l_cm);
      vi = kxb_emit(b, KX_OP_CONTINUE_MERGE);
      vi->in.imm[1] = l_end;
      vi->label_mask = 1 << 1;
      b->skip = l_end;
      kxb_cf_list(b, &loop->continue_list);
   }
   kxb_place(b, l_end);
   range.end = (int32_t)dynarray_num_elements(&b->vi, struct kx_vinstr);
   vi = kxb_emit(b, KX_OP_LOOP_END);
   vi->in.imm[0] = l_top;
   vi->in.imm[1] = saved_skip;
   vi->label_mask = (1 << 0) | (1 << 1);
   kxb_place(b, l_after);
   b->depth--;
   b->skip = saved_skip;
   if (!dynarray_append(&b->loops, struct kx_loop_range, range))
      KXB_OOM(b);
}

void
kxb_cf_list(struct kxb *b, struct list_head *list)
{
   list_for_each_entry(nir_cf_node, node, list, node) {
      if (b->error)
         return;
      switch (node->type) {
      case NIR_CF_NODE_BLOCK:
         kxb_block(b, nir_cf_node_as_block(node));
         break;
      case NIR_CF_NODE_IF:
         kxb_if(b, nir_cf_node_as_if(node));
         break;
      case NIR_CF_NODE_LOOP:
         kxb_loop(b, nir_cf_node_as_loop(node));
         break;
      default:
         kxb_fail(b, "kx: unexpected cf node");
         break;
      }
   }
}
