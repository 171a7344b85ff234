/* SPDX-License-Identifier: MIT */
/*
 * Structured control flow: the IR's tree of blocks, ifs and loops becomes
 * SPIR-V blocks with OpSelectionMerge/OpLoopMerge (SPIR-V 1.6 section 2.11).
 *
 *  - if: the block before it is the selection header; its merge block is
 *    the block after the if. An empty then or else list branches straight
 *    to the merge block, as glslang writes an if without else.
 *  - loop: a dedicated header block (the IR loop's first block holds the
 *    phis; a SPIR-V header cannot also be a selection header, which the
 *    IR's first block often is) carrying the phis and OpLoopMerge, then the
 *    body. The continue target is the loop's continue construct, or a
 *    dedicated block that only branches back (with phis merging the values
 *    of several `continue`s, since SPIR-V allows one back edge).
 *  - Phi sources whose kind differs from the phi's are converted at the end
 *    of the predecessor, before its branch.
 *  - Instructions that end a SPIR-V block in mid IR block (OpKill...) split
 *    it; the label its successors' phis name is then its last part's.
 */
#include "ntv/ntv_private.h"

#include "util/arena.h"
#include "util/hash_table.h"

static struct ntv_block *
block_info(struct ntv_context *ctx, const nir_block *block)
{
   if (block->index >= ctx->num_blocks) {
      ntv_fail(ctx, "block index %u out of range", block->index);
      return NULL;
   }
   return &ctx->blocks[block->index];
}

SpvId
ntv_block_label(struct ntv_context *ctx, const nir_block *block)
{
   struct ntv_block *info = block_info(ctx, block);
   if (!info)
      return 0;
   if (!info->label)
      info->label = spvb_id(&ctx->b);
   return info->label;
}

static bool
intrinsic_splits_block(nir_intrinsic_op op)
{
   switch (op) {
   case NIR_INTRINSIC_DISCARD:
   case NIR_INTRINSIC_DISCARD_IF:
   case NIR_INTRINSIC_TERMINATE:
   case NIR_INTRINSIC_TERMINATE_IF:
   case NIR_INTRINSIC_DEMOTE_IF:
      return true;
   default:
      return false;
   }
}

static bool
block_may_split(nir_block *block)
{
   nir_foreach_instr(instr, block) {
      if (instr->type == NIR_INSTR_TYPE_INTRINSIC &&
          intrinsic_splits_block(nir_instr_as_intrinsic(instr)->intrinsic))
         return true;
   }
   return false;
}

/* The label of the SPIR-V block that ends `block` (what its successors'
 * phis name). Asked before `block` is emitted (loop back edges), a block that
 * will be split is promised a label its last part will carry. */
static SpvId
exit_label(struct ntv_context *ctx, nir_block *block)
{
   struct ntv_block *info = block_info(ctx, block);
   if (!info)
      return 0;
   if (info->folded_into)
      return exit_label(ctx, info->folded_into);
   if (info->emitted || info->exit_label)
      return info->exit_label;
   if (!block_may_split(block))
      return ntv_block_label(ctx, block);
   info->exit_label = spvb_id(&ctx->b);
   return info->exit_label;
}

void
ntv_start_new_block(struct ntv_context *ctx)
{
   ctx->current_label = spvb_id(&ctx->b);
   spvb_label(&ctx->b, ctx->current_label);
}

void
ntv_emit_conditional(struct ntv_context *ctx, SpvId cond,
                     bool (*then_fn)(struct ntv_context *ctx, void *data), void *data)
{
   const SpvId then = spvb_id(&ctx->b), merge = spvb_id(&ctx->b);
   spvb_selection_merge(&ctx->b, merge, SpvSelectionControlMaskNone);
   spvb_branch_conditional(&ctx->b, cond, then, merge);
   spvb_label(&ctx->b, then);
   ctx->current_label = then;
   if (!then_fn(ctx, data))
      spvb_branch(&ctx->b, merge);
   spvb_label(&ctx->b, merge);
   ctx->current_label = merge;
}

/* ---- phis ------------------------------------------------------------------------ */

static bool
phi_src_needs_conversion(struct ntv_context *ctx, nir_phi_instr *phi, nir_phi_src *ps)
{
   const enum ntv_kind src_kind = ntv_def_kind(ctx, ps->src.ssa);
   return src_kind != NTV_KIND_NONE && src_kind != ntv_def_kind(ctx, &phi->def);
}

static SpvId
phi_conversion_id(struct ntv_context *ctx, nir_phi_src *ps)
{
   struct hash_entry *e = hash_table_search(ctx->phi_src_ids, ps);
   if (e)
      return (SpvId)(uintptr_t)e->data;
   const SpvId id = spvb_id(&ctx->b);
   if (!hash_table_insert(ctx->phi_src_ids, ps, (void *)(uintptr_t)id))
      ntv_fail(ctx, "out of memory");
   return id;
}

/* The value a phi receives from one predecessor, typed as the phi. */
static SpvId
phi_src_value(struct ntv_context *ctx, nir_phi_instr *phi, nir_phi_src *ps)
{
   if (ntv_def_kind(ctx, ps->src.ssa) == NTV_KIND_POINTER) {
      ntv_fail(ctx, "phi of pointers (Vulkan has no variable pointers here)");
      return 0;
   }
   if (phi_src_needs_conversion(ctx, phi, ps))
      return phi_conversion_id(ctx, ps);
   return ntv_get_def(ctx, ps->src.ssa, ntv_def_kind(ctx, &phi->def));
}

/* Conversions `pred` owes the phis of `succ`, emitted at pred's end. */
static void
emit_phi_conversions(struct ntv_context *ctx, nir_block *pred, nir_block *succ)
{
   nir_foreach_phi(phi, succ) {
      nir_phi_src *ps = nir_phi_get_src_from_block(phi, pred);
      if (!ps || !phi_src_needs_conversion(ctx, phi, ps))
         continue;
      const SpvId value = ntv_def_id(ctx, ps->src.ssa);
      spvb_op_to(&ctx->b, phi_conversion_id(ctx, ps), SpvOpBitcast,
                 ntv_def_type(ctx, &phi->def), &value, 1);
   }
}

static void
emit_phi(struct ntv_context *ctx, nir_phi_instr *phi)
{
   SpvId pairs_local[16];
   unsigned n = 0;
   nir_foreach_phi_src(ps, phi)
      n++;
   SpvId *pairs = pairs_local;
   if (2 * n > ARRAY_SIZE(pairs_local)) {
      pairs = arena_alloc_array(ctx->arena, 2 * n, sizeof(SpvId));
      if (!pairs) {
         ntv_fail(ctx, "out of memory");
         return;
      }
   }
   unsigned i = 0;
   nir_foreach_phi_src(ps, phi) {
      pairs[i++] = phi_src_value(ctx, phi, ps);
      pairs[i++] = exit_label(ctx, ps->pred);
   }
   spvb_op_to(&ctx->b, ntv_def_id(ctx, &phi->def), SpvOpPhi, ntv_def_type(ctx, &phi->def),
              pairs, 2 * n);
}

/* ---- blocks ------------------------------------------------------------------------ */

static void
emit_instr(struct ntv_context *ctx, nir_instr *instr)
{
   switch (instr->type) {
   case NIR_INSTR_TYPE_ALU:
      ntv_emit_alu(ctx, nir_instr_as_alu(instr));
      break;
   case NIR_INSTR_TYPE_DEREF:
      ntv_emit_deref(ctx, nir_instr_as_deref(instr));
      break;
   case NIR_INSTR_TYPE_INTRINSIC:
      ntv_emit_intrinsic(ctx, nir_instr_as_intrinsic(instr));
      break;
   case NIR_INSTR_TYPE_TEX:
      ntv_emit_tex(ctx, nir_instr_as_tex(instr));
      break;
   case NIR_INSTR_TYPE_LOAD_CONST:
   case NIR_INSTR_TYPE_UNDEF:
      break; /* typed by each use */
   case NIR_INSTR_TYPE_CALL:
      ntv_fail(ctx, "function calls are not supported: inline them first");
      break;
   case NIR_INSTR_TYPE_JUMP:
   case NIR_INSTR_TYPE_PHI:
      break; /* by the walker */
   }
}

/* Everything a block owes before its terminator: phi conversions for its
 * successors, and the label it promised its successors' phis. */
static void
finish_block(struct ntv_context *ctx, nir_block *block)
{
   for (unsigned s = 0; s < 2; s++) {
      if (block->successors[s])
         emit_phi_conversions(ctx, block, block->successors[s]);
   }
   struct ntv_block *info = block_info(ctx, block);
   if (!info)
      return;
   if (info->exit_label && info->exit_label != ctx->current_label) {
      spvb_branch(&ctx->b, info->exit_label);
      spvb_label(&ctx->b, info->exit_label);
      ctx->current_label = info->exit_label;
   }
   info->exit_label = ctx->current_label;
   info->emitted = true;
}

static struct ntv_loop_frame *
innermost_loop(struct ntv_context *ctx)
{
   const size_t n = dynarray_num_elements(&ctx->loops, struct ntv_loop_frame);
   return n ? dynarray_element(&ctx->loops, struct ntv_loop_frame, n - 1) : NULL;
}

static void
emit_jump(struct ntv_context *ctx, nir_block *block, nir_jump_instr *jump)
{
   finish_block(ctx, block);
   struct ntv_loop_frame *loop = innermost_loop(ctx);
   switch (jump->type) {
   case NIR_JUMP_RETURN:
      spvb_return(&ctx->b);
      return;
   case NIR_JUMP_BREAK:
      if (!loop)
         break;
      spvb_branch(&ctx->b, loop->merge);
      return;
   case NIR_JUMP_CONTINUE:
      if (!loop)
         break;
      spvb_branch(&ctx->b, loop->cont);
      return;
   }
   ntv_fail(ctx, "break or continue outside a loop");
}

/* Emits a block's label, phis and instructions; returns its jump (the
 * caller ends the block) or NULL. */
static nir_jump_instr *
emit_block_body(struct ntv_context *ctx, nir_block *block, bool phis_in_header)
{
   ctx->current_label = ntv_block_label(ctx, block);
   ctx->current_block = block;
   spvb_label(&ctx->b, ctx->current_label);
   if (!phis_in_header) {
      nir_foreach_phi(phi, block)
         emit_phi(ctx, phi);
   }
   nir_jump_instr *jump = NULL;
   nir_foreach_instr(instr, block) {
      if (ntv_failed(ctx))
         return NULL;
      if (instr->type == NIR_INSTR_TYPE_PHI) {
         continue;
      } else if (instr->type == NIR_INSTR_TYPE_JUMP) {
         jump = nir_instr_as_jump(instr);
      } else {
         emit_instr(ctx, instr);
      }
   }
   return jump;
}

static void emit_cf_list(struct ntv_context *ctx, struct list_head *list, SpvId fallthrough);

static bool
list_is_empty_block(struct list_head *list)
{
   if (list_is_empty(list) || list->next->next != list)
      return false;
   nir_cf_node *node = list_first_entry(list, nir_cf_node, node);
   return node->type == NIR_CF_NODE_BLOCK &&
          list_is_empty(&nir_cf_node_as_block(node)->instr_list);
}

/* An empty branch is skipped: its block "ends" in the header. */
static void
skip_empty_branch(struct ntv_context *ctx, nir_block *empty)
{
   struct ntv_block *info = block_info(ctx, empty);
   if (!info)
      return;
   emit_phi_conversions(ctx, empty, empty->successors[0]);
   info->exit_label = ctx->current_label;
   info->emitted = true;
}

static bool
list_is_break(struct list_head *list)
{
   if (list_is_empty(list) || list->next->next != list)
      return false;
   nir_cf_node *node = list_first_entry(list, nir_cf_node, node);
   if (node->type != NIR_CF_NODE_BLOCK)
      return false;
   nir_block *block = nir_cf_node_as_block(node);
   nir_instr *first = nir_block_first_instr(block);
   return first && first == nir_block_last_instr(block) &&
          first->type == NIR_INSTR_TYPE_JUMP &&
          nir_instr_as_jump(first)->type == NIR_JUMP_BREAK;
}

/* A continue construct ending `P; if (c) {} else { break; } L` with L
 * empty and last: SPIR-V wants the back-edge block to post-dominate the
 * continue target, so this is one conditional branch at the end of P,
 * to the loop header or out of the loop. Returns the if, or NULL. */
static nir_if *
find_back_edge_if(nir_loop *loop)
{
   struct list_head *list = &loop->continue_list;
   if (list_is_empty(list))
      return NULL;
   nir_cf_node *last = list_last_entry(list, nir_cf_node, node);
   nir_cf_node *prev = nir_cf_node_prev(last);
   if (last->type != NIR_CF_NODE_BLOCK || !prev || prev->type != NIR_CF_NODE_IF ||
       !list_is_empty(&nir_cf_node_as_block(last)->instr_list))
      return NULL;
   nir_if *nif = nir_cf_node_as_if(prev);
   if ((list_is_empty_block(&nif->then_list) && list_is_break(&nif->else_list)) ||
       (list_is_break(&nif->then_list) && list_is_empty_block(&nif->else_list)))
      return nif;
   return NULL;
}

static bool
loops_expressible(struct list_head *list)
{
   list_for_each_entry(nir_cf_node, node, list, node) {
      switch (node->type) {
      case NIR_CF_NODE_IF: {
         nir_if *nif = nir_cf_node_as_if(node);
         if (!loops_expressible(&nif->then_list) || !loops_expressible(&nif->else_list))
            return false;
         break;
      }
      case NIR_CF_NODE_LOOP: {
         nir_loop *loop = nir_cf_node_as_loop(node);
         if (!loops_expressible(&loop->body) || !loops_expressible(&loop->continue_list))
            return false;
         nir_if *back_edge = find_back_edge_if(loop);
         /* Everything before the back-edge if must stay inside the construct. */
         struct list_head *list = &loop->continue_list;
         list_for_each_entry(nir_cf_node, c, list, node) {
            if (back_edge && c == &back_edge->cf_node)
               break;
            nir_foreach_block_in_cf_node(block, c) {
               nir_instr *last = nir_block_last_instr(block);
               if (last && last->type == NIR_INSTR_TYPE_JUMP &&
                   (nir_instr_as_jump(last)->type == NIR_JUMP_RETURN ||
                    nir_cf_node_get_loop(&block->cf_node) == loop))
                  return false;
            }
         }
         break;
      }
      default:
         break;
      }
   }
   return true;
}

bool
ntv_continue_constructs_expressible(nir_function_impl *impl)
{
   return loops_expressible(&impl->body);
}

/* The back edge at the end of `header` (see find_back_edge_if). */
static void
emit_back_edge_if(struct ntv_context *ctx, nir_block *header, nir_if *nif,
                  const struct ntv_loop_frame *loop)
{
   const SpvId cond = ntv_get_src(ctx, nif->condition, NTV_KIND_BOOL);
   const bool then_continues = list_is_empty_block(&nif->then_list);
   nir_block *stay = then_continues ? nir_if_first_then_block(nif) : nir_if_first_else_block(nif);
   nir_block *leave = then_continues ? nir_if_first_else_block(nif) : nir_if_first_then_block(nif);
   nir_block *latch = nir_cf_node_as_block(nir_cf_node_next(&nif->cf_node));
   finish_block(ctx, header);
   /* The skipped blocks owe their successors' phis from here. */
   emit_phi_conversions(ctx, latch, latch->successors[0]);
   emit_phi_conversions(ctx, leave, leave->successors[0]);
   nir_block *skipped[3] = {stay, leave, latch};
   for (unsigned i = 0; i < 3; i++) {
      struct ntv_block *info = block_info(ctx, skipped[i]);
      if (info) {
         info->emitted = true;
         info->exit_label = ctx->current_label;
      }
   }
   spvb_branch_conditional(&ctx->b, cond, then_continues ? loop->header : loop->merge,
                           then_continues ? loop->merge : loop->header);
}

static void
emit_if(struct ntv_context *ctx, nir_block *header, nir_if *nif, nir_block *after)
{
   const SpvId merge = ntv_block_label(ctx, after);
   nir_block *then_first = nir_if_first_then_block(nif);
   nir_block *else_first = nir_if_first_else_block(nif);
   const bool skip_else = list_is_empty_block(&nif->else_list);
   const bool skip_then = !skip_else && list_is_empty_block(&nif->then_list);

   const SpvId cond = ntv_get_src(ctx, nif->condition, NTV_KIND_BOOL);
   finish_block(ctx, header);
   if (skip_else)
      skip_empty_branch(ctx, else_first);
   if (skip_then)
      skip_empty_branch(ctx, then_first);

   SpvSelectionControlMask control = SpvSelectionControlMaskNone;
   if (nif->control == NIR_SELECTION_CONTROL_FLATTEN)
      control = SpvSelectionControlFlattenMask;
   else if (nif->control == NIR_SELECTION_CONTROL_DONT_FLATTEN)
      control = SpvSelectionControlDontFlattenMask;
   spvb_selection_merge(&ctx->b, merge, control);
   spvb_branch_conditional(&ctx->b, cond,
                           skip_then ? merge : ntv_block_label(ctx, then_first),
                           skip_else ? merge : ntv_block_label(ctx, else_first));
   if (!skip_then)
      emit_cf_list(ctx, &nif->then_list, merge);
   if (!skip_else)
      emit_cf_list(ctx, &nif->else_list, merge);
}

/* The pre-loop block is the one before the loop; every other predecessor
 * of the loop's first block comes around a back edge. */
static bool
is_latch(nir_loop *loop, nir_block *pred)
{
   nir_cf_node *prev = nir_cf_node_prev(&loop->cf_node);
   return !prev || nir_cf_node_as_block(prev) != pred;
}

static unsigned
count_latches(nir_loop *loop, nir_block *first)
{
   unsigned n = 0;
   for (unsigned i = 0; i < first->num_predecessors; i++)
      n += is_latch(loop, first->predecessors[i]);
   return n;
}

static void
emit_loop(struct ntv_context *ctx, nir_loop *loop, nir_block *after)
{
   nir_block *first = nir_loop_first_block(loop);
   const bool has_cont = nir_loop_has_continue_construct(loop);
   struct ntv_loop_frame frame = {
      .loop = loop,
      .header = spvb_id(&ctx->b),
      .merge = ntv_block_label(ctx, after),
      .body_first = first,
   };
   frame.cont = has_cont ? ntv_block_label(ctx, nir_loop_first_continue_block(loop))
                         : spvb_id(&ctx->b);
   frame.back_edge_if = has_cont ? find_back_edge_if(loop) : NULL;
   if (frame.back_edge_if) {
      /* Its blocks are never emitted: phis name the block that branches. */
      nir_if *nif = frame.back_edge_if;
      nir_block *header_block = nir_cf_node_as_block(nir_cf_node_prev(&nif->cf_node));
      nir_block *folded[3] = {nir_if_first_then_block(nif), nir_if_first_else_block(nif),
                              nir_cf_node_as_block(nir_cf_node_next(&nif->cf_node))};
      for (unsigned i = 0; i < 3; i++) {
         struct ntv_block *info = block_info(ctx, folded[i]);
         if (info)
            info->folded_into = header_block;
      }
   }
   /* Without a continue construct, several back edges meet in the
    * dedicated continue block, which needs phis of its own. */
   const bool cont_phis = !has_cont && count_latches(loop, first) > 1;
   unsigned num_phis = 0;
   nir_foreach_phi(phi, first)
      num_phis++;
   nir_phi_instr **phis = arena_zalloc_array(ctx->arena, num_phis + 1, sizeof(*phis));
   SpvId *cont_phi_ids = arena_zalloc_array(ctx->arena, num_phis + 1, sizeof(SpvId));
   if (!phis || !cont_phi_ids) {
      ntv_fail(ctx, "out of memory");
      return;
   }
   unsigned p = 0;
   nir_foreach_phi(phi, first)
      phis[p++] = phi;

   /* The caller finished the pre-loop block; it branches to the header. */
   spvb_branch(&ctx->b, frame.header);
   spvb_label(&ctx->b, frame.header);
   ctx->current_label = frame.header;
   for (unsigned i = 0; i < num_phis; i++) {
      nir_phi_instr *phi = phis[i];
      SpvId pairs[4];
      unsigned n = 0;
      bool latch_done = false;
      nir_foreach_phi_src(ps, phi) {
         const bool latch = is_latch(loop, ps->pred);
         if (latch && !has_cont && latch_done)
            continue; /* every back edge comes through the continue block */
         if (n == ARRAY_SIZE(pairs)) {
            ntv_fail(ctx, "loop header with more than two predecessors");
            return;
         }
         if (latch && !has_cont) {
            /* The continue block's phi is named here, where its value is
             * first mentioned: the order the IR read back from this module
             * (with that phi in an explicit continue construct) names it in,
             * so a second round trip gives the same ids. */
            if (cont_phis && !cont_phi_ids[i])
               cont_phi_ids[i] = spvb_id(&ctx->b);
            pairs[n++] = cont_phis ? cont_phi_ids[i] : phi_src_value(ctx, phi, ps);
            pairs[n++] = frame.cont;
            latch_done = true;
         } else {
            pairs[n++] = phi_src_value(ctx, phi, ps);
            pairs[n++] = exit_label(ctx, ps->pred);
         }
      }
      spvb_op_to(&ctx->b, ntv_def_id(ctx, &phi->def), SpvOpPhi,
                 ntv_def_type(ctx, &phi->def), pairs, n);
   }
   SpvLoopControlMask control = SpvLoopControlMaskNone;
   if (loop->control == NIR_LOOP_CONTROL_UNROLL)
      control = SpvLoopControlUnrollMask;
   else if (loop->control == NIR_LOOP_CONTROL_DONT_UNROLL)
      control = SpvLoopControlDontUnrollMask;
   spvb_loop_merge(&ctx->b, frame.merge, frame.cont, control);
   spvb_branch(&ctx->b, ntv_block_label(ctx, first));

   if (!dynarray_append(&ctx->loops, struct ntv_loop_frame, frame)) {
      ntv_fail(ctx, "out of memory");
      return;
   }
   emit_cf_list(ctx, &loop->body, frame.cont);
   if (has_cont) {
      emit_cf_list(ctx, &loop->continue_list, frame.header);
   } else {
      spvb_label(&ctx->b, frame.cont);
      ctx->current_label = frame.cont;
      for (unsigned i = 0; cont_phis && i < num_phis; i++) {
         nir_phi_instr *phi = phis[i];
         SpvId pairs_local[16];
         unsigned n = 0;
         nir_foreach_phi_src(ps, phi) {
            if (!is_latch(loop, ps->pred) || n + 2 > ARRAY_SIZE(pairs_local))
               continue;
            pairs_local[n++] = phi_src_value(ctx, phi, ps);
            pairs_local[n++] = exit_label(ctx, ps->pred);
         }
         if (!cont_phi_ids[i])
            cont_phi_ids[i] = spvb_id(&ctx->b);
         spvb_op_to(&ctx->b, cont_phi_ids[i], SpvOpPhi, ntv_def_type(ctx, &phi->def),
                    pairs_local, n);
      }
      spvb_branch(&ctx->b, frame.header);
   }
   ctx->loops.size_B -= sizeof(struct ntv_loop_frame);
}

static bool
is_loop_first_block(struct ntv_context *ctx, nir_block *block)
{
   struct ntv_loop_frame *loop = innermost_loop(ctx);
   return loop && loop->body_first == block;
}

static void
emit_cf_list(struct ntv_context *ctx, struct list_head *list, SpvId fallthrough)
{
   list_for_each_entry(nir_cf_node, node, list, node) {
      if (ntv_failed(ctx))
         return;
      if (node->type != NIR_CF_NODE_BLOCK) {
         /* ifs and loops are handled with the block before them */
         continue;
      }
      nir_block *block = nir_cf_node_as_block(node);
      nir_jump_instr *jump =
         emit_block_body(ctx, block, is_loop_first_block(ctx, block));
      if (ntv_failed(ctx))
         return;
      nir_cf_node *next = nir_cf_node_next(node);
      if (jump) {
         emit_jump(ctx, block, jump);
         continue; /* nothing follows a jump in its list */
      }
      if (!next) {
         finish_block(ctx, block);
         if (fallthrough && ctx->unreachable_label == ctx->current_label &&
             !nir_block_first_phi_(block->successors[0]))
            /* What follows a kill at the end of a list: an unreachable block
             * branching on would be outside the constructs it reaches (a
             * continue target outside the loop: SPIR-V 1.6, 2.11), and no
             * phi needs it as a predecessor. */
            spvb_op_void(&ctx->b, SpvOpUnreachable, NULL, 0);
         else if (fallthrough)
            spvb_branch(&ctx->b, fallthrough);
         else
            spvb_return(&ctx->b);
         continue;
      }
      nir_cf_node *after_node = nir_cf_node_next(next);
      if (!after_node || after_node->type != NIR_CF_NODE_BLOCK) {
         ntv_fail(ctx, "control flow node not followed by a block");
         return;
      }
      nir_block *after = nir_cf_node_as_block(after_node);
      struct ntv_loop_frame *loop = innermost_loop(ctx);
      if (next->type == NIR_CF_NODE_IF && loop && loop->back_edge_if == nir_cf_node_as_if(next)) {
         emit_back_edge_if(ctx, block, loop->back_edge_if, loop);
         return; /* the rest of the continue construct is folded in */
      } else if (next->type == NIR_CF_NODE_IF) {
         emit_if(ctx, block, nir_cf_node_as_if(next), after);
      } else {
         finish_block(ctx, block);
         emit_loop(ctx, nir_cf_node_as_loop(next), after);
      }
   }
}

void
ntv_emit_function(struct ntv_context *ctx, nir_function_impl *impl)
{
   nir_metadata_require(impl, NIR_METADATA_BLOCK_INDEX);
   ctx->impl = impl;
   ctx->num_blocks = impl->num_blocks + 1;
   ctx->blocks = arena_zalloc_array(ctx->arena, ctx->num_blocks, sizeof(struct ntv_block));
   if (!ctx->blocks) {
      ntv_fail(ctx, "out of memory");
      return;
   }
   ntv_values_begin(ctx, impl);
   const SpvId void_type = spvb_type_void(&ctx->b);
   const SpvId fn_type = spvb_type_function(&ctx->b, void_type, NULL, 0);
   spvb_function_begin(&ctx->b, ctx->entry_fn, void_type, SpvFunctionControlMaskNone,
                       fn_type);
   ntv_emit_local_variables(ctx, impl);
   emit_cf_list(ctx, &impl->body, 0);
   spvb_function_end(&ctx->b);
}
