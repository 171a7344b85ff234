/* SPDX-License-Identifier: MIT */
/*
 * Structured control flow: from a function's blocks to the construct tree
 * of stn_function.h, checking that the branches follow SPIR-V's structure
 * rules (SPIR-V 1.6 rev 2, 2.11 "Structured Control Flow") as far as the
 * translation depends on them:
 *
 *  - every block is placed in the tree at most once (reaching a block a
 *    second time by a path that is not a construct exit is unstructured);
 *  - a branch leaves a construct only to a merge block (break), a loop's
 *    continue target (continue), the next case of a switch (fallthrough) or
 *    through OpReturn/OpKill/...;
 *  - a conditional branch without OpSelectionMerge has at most one target
 *    that is not such an exit;
 *  - nesting stays within STN_MAX_CF_DEPTH.
 *
 * Blocks no path reaches are left out; their definitions stay undefined, so
 * a use of one is an error when the user is translated.
 */
#include "stn_function.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

void
stn_cfg_register_blocks(struct stn_builder *b)
{
   for (uint32_t f = 0; f < b->num_functions; f++) {
      struct stn_function *func = &b->functions[f];
      for (uint32_t i = 0; i < func->num_blocks; i++) {
         struct stn_block *block = &func->blocks[i];
         block->func = func;
         b->cur_offset_w = block->label_offset_w;
         b->cur_opcode = SpvOpLabel;
         stn_push_value(b, block->label_id, STN_VALUE_BLOCK)->block = block;

         if (block->merge_offset_w) {
            const struct stn_inst merge = stn_inst_at(b, block->merge_offset_w);
            stn_set_current(b, &merge);
            /* Resolved when the block is placed; checked for kind here so a
             * bad id is reported at the merge instruction. */
            (void)stn_untyped_value(b, merge.w[1]);
            if (merge.opcode == SpvOpLoopMerge)
               (void)stn_untyped_value(b, merge.w[2]);
         }
      }
   }
}

struct cfg_ctx {
   struct stn_builder *b;
   struct stn_function *func;
};

static struct stn_block *
cfg_target(struct cfg_ctx *ctx, uint32_t id)
{
   struct stn_block *block = stn_value(ctx->b, id, STN_VALUE_BLOCK)->block;
   if (block->func != ctx->func)
      stn_fail(ctx->b, "branch to block %u of another function", id);
   return block;
}

static struct stn_construct *
cfg_construct(struct cfg_ctx *ctx, enum stn_construct_kind kind, struct stn_construct *parent,
              struct stn_block *header, struct stn_block *merge, struct stn_block *cont)
{
   struct stn_construct *c = stn_new(ctx->b, struct stn_construct);
   c->kind = kind;
   c->parent = parent;
   c->header = header;
   c->merge = merge;
   c->cont = cont;
   c->depth = parent ? parent->depth + 1 : 0;
   struct stn_block *const roles[] = {header, merge, cont};
   for (unsigned i = 0; i < ARRAY_SIZE(roles); i++) {
      if (roles[i])
         roles[i]->construct_roles++;
   }
   if (c->depth > STN_MAX_CF_DEPTH)
      stn_fail(ctx->b, "control flow nested deeper than %u constructs", STN_MAX_CF_DEPTH);
   return c;
}

static struct stn_cf_node *
cfg_append(struct cfg_ctx *ctx, struct stn_cf_list *list, enum stn_cf_kind kind)
{
   struct stn_cf_node *node = stn_new(ctx->b, struct stn_cf_node);
   node->kind = kind;
   if (list->last)
      list->last->next = node;
   else
      list->first = node;
   list->last = node;
   return node;
}

static void
cfg_append_jump(struct cfg_ctx *ctx, struct stn_cf_list *list, struct stn_exit exit)
{
   /* A selection or switch merge reached by an explicit jump (rather than
    * by falling off the end of its lists) must be breakable. */
   if (exit.kind == STN_EXIT_BREAK && (exit.target->kind == STN_CONSTRUCT_SELECTION ||
                                       exit.target->kind == STN_CONSTRUCT_SWITCH))
      exit.target->needs_break_target = true;
   struct stn_cf_node *node = cfg_append(ctx, list, STN_CF_BLOCK);
   node->block.block = NULL;
   node->block.exit = exit;
}

enum target_class {
   TARGET_NORMAL, /* the next block of this list */
   TARGET_END,    /* the end of this list */
   TARGET_EXIT,   /* leaves the list another way */
};

/* Where a branch to `t` from inside construct c goes. */
static enum target_class
cfg_classify(struct cfg_ctx *ctx, struct stn_construct *c, struct stn_cf_list *list,
             struct stn_block *t, bool allow_end, struct stn_exit *exit)
{
   if (allow_end && t == list->end)
      return TARGET_END;
   /* A block no construct names (and no case of a switch being built) is
    * the next block of the list whatever the nesting: without this, every
    * branch walked all enclosing constructs, O(depth) per block. */
   if (t->construct_roles == 0 && !t->sw_case)
      return TARGET_NORMAL;

   for (struct stn_construct *x = c; x; x = x->parent) {
      switch (x->kind) {
      case STN_CONSTRUCT_FUNCTION:
         break;
      case STN_CONSTRUCT_LOOP:
         if (t == x->cont) {
            *exit = (struct stn_exit){STN_EXIT_CONTINUE, x};
            return TARGET_EXIT;
         }
         if (t == x->merge) {
            *exit = (struct stn_exit){STN_EXIT_BREAK, x};
            return TARGET_EXIT;
         }
         if (t == x->header)
            stn_fail(ctx->b, "branch to loop header %u from the loop body; back edges must "
                             "come from the continue construct",
                     t->label_id);
         break;
      case STN_CONSTRUCT_CONTINUE:
         if (t == x->merge) {
            /* Breaking out of the loop from its continue construct. */
            *exit = (struct stn_exit){STN_EXIT_BREAK, x};
            return TARGET_EXIT;
         }
         if (t == x->header)
            stn_fail(ctx->b, "back edge to %u from inside a construct nested in the "
                             "continue construct",
                     t->label_id);
         break;
      case STN_CONSTRUCT_SELECTION:
         if (t == x->merge) {
            *exit = (struct stn_exit){STN_EXIT_BREAK, x};
            return TARGET_EXIT;
         }
         break;
      case STN_CONSTRUCT_SWITCH: {
         if (t == x->merge) {
            *exit = (struct stn_exit){STN_EXIT_BREAK, x};
            return TARGET_EXIT;
         }
         struct stn_switch_case *cur = x->emit;
         /* Branching to the case being built: its own start, which is
          * normal (a second arrival is caught by cfg_place()). */
         if (t->sw_case && t->sw_case->sw == x && t->sw_case != cur) {
            if (list != &cur->body)
               stn_fail(ctx->b, "fallthrough to case %u from inside a nested construct",
                        t->label_id);
            if (cur->fall_to && cur->fall_to != t->sw_case)
               stn_fail(ctx->b, "case %u falls through to two cases", cur->target->label_id);
            cur->fall_to = t->sw_case;
            *exit = (struct stn_exit){STN_EXIT_FALLTHROUGH, x};
            return TARGET_EXIT;
         }
         break;
      }
      }
   }
   return TARGET_NORMAL;
}

static void
cfg_place(struct cfg_ctx *ctx, struct stn_block *block, struct stn_construct *c)
{
   if (block->placed)
      stn_fail_at(ctx->b, block->label_offset_w,
                  "block %u is reached a second time: control flow is not structured",
                  block->label_id);
   block->placed = true;
   block->construct = c;
}

static void build_list(struct cfg_ctx *ctx, struct stn_cf_list *list,
                       struct stn_block *start, struct stn_construct *c,
                       bool start_is_placed_header);

/* A continue construct that is one block doing nothing but branching back
 * to a header whose phis take nothing from it: the loop needs no continue
 * construct (the IR -> SPIR-V direction writes such a block for loops that
 * have none, so dropping it keeps round trips a fixed point). */
static bool
continue_is_empty(struct cfg_ctx *ctx, struct stn_block *header, struct stn_block *cont)
{
   struct stn_builder *b = ctx->b;
   if (cont->placed || cont->merge_offset_w || cont->first_w != cont->term_offset_w ||
       cont->terminator != SpvOpBranch || stn_inst_at(b, cont->term_offset_w).w[1] != header->label_id)
      return false;
   for (size_t pos = header->first_w; pos < header->phis_end_w;) {
      const struct stn_inst inst = stn_inst_at(b, pos);
      pos += inst.count;
      if (inst.opcode != SpvOpPhi)
         continue;
      for (unsigned i = 4; i < inst.count; i += 2) {
         if (inst.w[i] == cont->label_id)
            return false;
      }
   }
   cont->placed = true;
   return true;
}

static struct stn_block *
build_loop(struct cfg_ctx *ctx, struct stn_cf_list *list, struct stn_block *header,
           struct stn_construct *c)
{
   struct stn_builder *b = ctx->b;
   const struct stn_inst merge = stn_inst_at(b, header->merge_offset_w);
   stn_set_current(b, &merge);
   struct stn_block *m = cfg_target(ctx, merge.w[1]);
   struct stn_block *cont = cfg_target(ctx, merge.w[2]);
   if (m == header)
      stn_fail(b, "loop header %u is its own merge block", header->label_id);
   if (m == cont)
      stn_fail(b, "loop merge block %u is also its continue target", m->label_id);

   struct stn_construct *loop = cfg_construct(ctx, STN_CONSTRUCT_LOOP, c, header, m, cont);
   struct stn_cf_node *node = cfg_append(ctx, list, STN_CF_LOOP);
   node->loop.construct = loop;
   node->loop.control = merge.w[3];
   loop->node = node;

   node->loop.body.end = cont;
   build_list(ctx, &node->loop.body, header, loop, true);

   if (cont != header && !continue_is_empty(ctx, header, cont)) {
      /* The continue construct sits beside the body: its parent is the
       * loop's parent, so a branch in it cannot "continue". */
      struct stn_construct *cc =
         cfg_construct(ctx, STN_CONSTRUCT_CONTINUE, c, header, m, cont);
      cc->node = node;
      node->loop.cont_construct = cc;
      node->loop.cont.end = header;
      build_list(ctx, &node->loop.cont, cont, cc, false);
   }
   return m;
}

static int
case_order_cmp(const void *pa, const void *pb)
{
   const struct stn_switch_case *a = *(struct stn_switch_case *const *)pa;
   const struct stn_switch_case *c = *(struct stn_switch_case *const *)pb;
   return (int)a->target->index - (int)c->target->index;
}

static struct stn_block *
build_switch(struct cfg_ctx *ctx, struct stn_cf_list *list, struct stn_block *header,
             struct stn_construct *c)
{
   struct stn_builder *b = ctx->b;
   const struct stn_inst term = stn_inst_at(b, header->term_offset_w);
   if (!header->merge_offset_w ||
       stn_inst_at(b, header->merge_offset_w).opcode != SpvOpSelectionMerge) {
      stn_set_current(b, &term);
      stn_fail(b, "OpSwitch without OpSelectionMerge");
   }
   const struct stn_inst merge = stn_inst_at(b, header->merge_offset_w);
   stn_set_current(b, &merge);
   struct stn_block *m = cfg_target(ctx, merge.w[1]);
   if (m == header)
      stn_fail(b, "selection header %u is its own merge block", header->label_id);

   stn_set_current(b, &term);
   struct stn_construct *sw = cfg_construct(ctx, STN_CONSTRUCT_SWITCH, c, header, m, NULL);
   struct stn_cf_node *node = cfg_append(ctx, list, STN_CF_SWITCH);
   node->sw.construct = sw;
   node->sw.header = header;
   node->sw.selector_id = term.w[1];
   sw->node = node;

   /* The scan checked the selector is an integer and the pairs fit its
    * width; recompute the width from the count. */
   const struct stn_value *sel = stn_untyped_value(b, term.w[1]);
   const struct stn_inst tdef = stn_inst_at(b, stn_untyped_value(b, sel->type_id)->def_offset_w);
   const unsigned bits = tdef.w[2];
   const unsigned lit_w = bits > 32 ? 2 : 1;
   node->sw.selector_bits = bits;
   const uint32_t num_pairs = (term.count - 3) / (lit_w + 1);

   struct stn_switch_case *cases = stn_new_array(b, struct stn_switch_case, num_pairs + 1);
   uint32_t num_cases = 0;
   node->sw.merge_literals = stn_new_array(b, uint64_t, num_pairs);

   /* Cases by target, in order of first mention; the default first. */
   struct stn_block *def = cfg_target(ctx, term.w[2]);
   for (uint32_t i = 0; i <= num_pairs; i++) {
      struct stn_block *t;
      uint64_t lit = 0;
      if (i == 0) {
         t = def;
      } else {
         const uint32_t *p = &term.w[3 + (i - 1) * (lit_w + 1)];
         lit = p[0];
         if (lit_w == 2)
            lit |= (uint64_t)p[1] << 32;
         t = cfg_target(ctx, p[lit_w]);
      }
      if (t == m) {
         if (i == 0)
            node->sw.default_is_merge = true;
         else
            node->sw.merge_literals[node->sw.num_merge_literals++] = lit;
         continue;
      }
      if (t == header)
         stn_fail(b, "switch case targets its own header %u", t->label_id);
      struct stn_switch_case *sc = t->sw_case && t->sw_case->sw == sw ? t->sw_case : NULL;
      if (!sc) {
         if (t->placed)
            stn_fail(b, "case target %u is already placed elsewhere", t->label_id);
         sc = &cases[num_cases++];
         sc->target = t;
         sc->sw = sw;
         t->sw_case = sc;
      }
      if (i == 0)
         sc->is_default = true;
      else
         sc->num_literals++;
   }
   /* The literals: one array for all cases, each case a slice of it (one
    * array of num_pairs per case was cases x pairs: quadratic). */
   uint64_t *pool = stn_new_array(b, uint64_t, num_pairs ? num_pairs : 1);
   for (uint32_t i = 0, at = 0; i < num_cases; i++) {
      cases[i].literals = pool + at;
      at += cases[i].num_literals;
      cases[i].num_literals = 0;
   }
   for (uint32_t i = 1; i <= num_pairs; i++) {
      const uint32_t *p = &term.w[3 + (i - 1) * (lit_w + 1)];
      struct stn_block *t = cfg_target(ctx, p[lit_w]);
      if (t == m)
         continue;
      struct stn_switch_case *sc = t->sw_case;
      sc->literals[sc->num_literals++] = lit_w == 2 ? p[0] | (uint64_t)p[1] << 32 : p[0];
   }

   /* Build each case body in layout order. */
   struct stn_switch_case **order = stn_new_array(b, struct stn_switch_case *, num_cases);
   for (uint32_t i = 0; i < num_cases; i++)
      order[i] = &cases[i];
   qsort(order, num_cases, sizeof(order[0]), case_order_cmp);
   for (uint32_t i = 0; i < num_cases; i++) {
      struct stn_switch_case *sc = order[i];
      sw->emit = sc;
      sc->body.end = m;
      build_list(ctx, &sc->body, sc->target, sw, false);
      stn_set_current(b, &term);
   }
   sw->emit = NULL;

   /* Emission order: fallthrough chains, each in one piece, chains in
    * layout order of their first case. */
   for (uint32_t i = 0; i < num_cases; i++) {
      struct stn_switch_case *to = order[i]->fall_to;
      if (to) {
         if (to->fall_from)
            stn_fail(b, "two cases fall through to case %u", to->target->label_id);
         to->fall_from = order[i];
      }
   }
   node->sw.cases = stn_new_array(b, struct stn_switch_case, num_cases);
   uint32_t n = 0;
   for (uint32_t i = 0; i < num_cases; i++) {
      if (order[i]->fall_from)
         continue;
      for (struct stn_switch_case *sc = order[i]; sc; sc = sc->fall_to) {
         if (sc->emitted)
            break;
         sc->emitted = true;
         node->sw.cases[n++] = *sc;
      }
   }
   if (n != num_cases)
      stn_fail(b, "switch cases fall through in a cycle");
   node->sw.num_cases = n;
   /* Fix the chain pointers to the copies. */
   for (uint32_t i = 0; i + 1 < n; i++) {
      if (node->sw.cases[i].fall_to)
         node->sw.cases[i].fall_to = &node->sw.cases[i + 1];
   }
   for (uint32_t i = 0; i < n; i++) {
      node->sw.cases[i].fall_from = NULL;
      node->sw.cases[i].target->sw_case = NULL;
   }
   for (uint32_t i = 0; i + 1 < n; i++) {
      if (node->sw.cases[i].fall_to)
         node->sw.cases[i + 1].fall_from = &node->sw.cases[i];
   }
   return m;
}

static void
build_list(struct cfg_ctx *ctx, struct stn_cf_list *list, struct stn_block *start,
           struct stn_construct *c, bool start_is_placed_header)
{
   struct stn_builder *b = ctx->b;
   struct stn_block *next = start;
   bool header = start_is_placed_header;

   for (;;) {
      struct stn_block *block = next;
      if (header) {
         header = false;
      } else {
         struct stn_exit exit;
         switch (cfg_classify(ctx, c, list, next, true, &exit)) {
         case TARGET_END:
            return;
         case TARGET_EXIT:
            cfg_append_jump(ctx, list, exit);
            return;
         case TARGET_NORMAL:
            break;
         }
         cfg_place(ctx, block, c);
         if (block->merge_offset_w &&
             stn_inst_at(b, block->merge_offset_w).opcode == SpvOpLoopMerge) {
            next = build_loop(ctx, list, block, c);
            continue;
         }
      }

      struct stn_cf_node *node = cfg_append(ctx, list, STN_CF_BLOCK);
      node->block.block = block;

      const struct stn_inst term = stn_inst_at(b, block->term_offset_w);
      stn_set_current(b, &term);
      const struct stn_inst merge =
         block->merge_offset_w ? stn_inst_at(b, block->merge_offset_w)
                               : (struct stn_inst){.opcode = SpvOpNop};
      const bool has_sel_merge = merge.opcode == SpvOpSelectionMerge;
      if (has_sel_merge && term.opcode == SpvOpBranch)
         stn_fail(b, "OpSelectionMerge before an unconditional branch");

      switch (term.opcode) {
      case SpvOpReturn:
      case SpvOpReturnValue:
         node->block.exit.kind = STN_EXIT_RETURN;
         if (list != &ctx->func->body)
            ctx->func->nested_return = true;
         return;
      case SpvOpKill:
         node->block.exit.kind = STN_EXIT_KILL;
         return;
      case SpvOpTerminateInvocation:
         node->block.exit.kind = STN_EXIT_TERMINATE;
         return;
      case SpvOpUnreachable:
         node->block.exit.kind = STN_EXIT_UNREACHABLE;
         return;

      case SpvOpBranch:
         next = cfg_target(ctx, term.w[1]);
         continue;

      case SpvOpBranchConditional: {
         struct stn_block *t1 = cfg_target(ctx, term.w[2]);
         struct stn_block *t2 = cfg_target(ctx, term.w[3]);
         if (has_sel_merge) {
            struct stn_block *m = cfg_target(ctx, merge.w[1]);
            if (m == block)
               stn_fail(b, "selection header %u is its own merge block", block->label_id);
            struct stn_construct *sel =
               cfg_construct(ctx, STN_CONSTRUCT_SELECTION, c, block, m, NULL);
            struct stn_cf_node *nif = cfg_append(ctx, list, STN_CF_IF);
            nif->if_.header = block;
            nif->if_.cond_id = term.w[1];
            nif->if_.construct = sel;
            nif->if_.control = merge.w[2];
            sel->node = nif;
            nif->if_.then_list.end = m;
            nif->if_.else_list.end = m;
            build_list(ctx, &nif->if_.then_list, t1, sel, false);
            stn_set_current(b, &term);
            if (t1 == t2)
               nif->if_.cond_id = 0; /* both ways lead to the then list */
            else
               build_list(ctx, &nif->if_.else_list, t2, sel, false);
            next = m;
            continue;
         }
         if (t1 == t2) {
            next = t1;
            continue;
         }
         /* No merge: at most one target may continue this list. */
         struct stn_exit e1, e2;
         const enum target_class c1 = cfg_classify(ctx, c, list, t1, true, &e1);
         const enum target_class c2 = cfg_classify(ctx, c, list, t2, true, &e2);
         if (c1 == TARGET_NORMAL && c2 == TARGET_NORMAL)
            stn_fail(b, "conditional branch to %u and %u without OpSelectionMerge, and "
                        "neither is a construct exit",
                     t1->label_id, t2->label_id);
         struct stn_cf_node *nif = cfg_append(ctx, list, STN_CF_IF);
         nif->if_.header = block;
         nif->if_.cond_id = term.w[1];
         nif->if_.then_list.end = list->end;
         nif->if_.else_list.end = list->end;
         if (c1 != TARGET_NORMAL && c2 != TARGET_NORMAL) {
            /* Both leave: nothing follows in this list. */
            if (c1 == TARGET_EXIT)
               cfg_append_jump(ctx, &nif->if_.then_list, e1);
            if (c2 == TARGET_EXIT)
               cfg_append_jump(ctx, &nif->if_.else_list, e2);
            return;
         }
         /* One side leaves (reaching this list's end from inside the if
          * is an exit too, since the list continues after it). */
         const bool first_leaves = c1 != TARGET_NORMAL;
         struct stn_block *leave = first_leaves ? t1 : t2;
         struct stn_exit e;
         if (cfg_classify(ctx, c, list, leave, false, &e) != TARGET_EXIT) {
            /* Only the end of a list that nothing can break to (the
             * continue construct's back edge) gets here. */
            stn_fail(b, "conditional branch to %u cannot leave its construct here",
                     leave->label_id);
         }
         cfg_append_jump(ctx, first_leaves ? &nif->if_.then_list : &nif->if_.else_list, e);
         next = first_leaves ? t2 : t1;
         continue;
      }

      case SpvOpSwitch:
         next = build_switch(ctx, list, block, c);
         continue;

      default:
         stn_fail(b, "block %u ends in %s", block->label_id, spirv_op_name(term.opcode));
      }
   }
}

void
stn_cfg_build(struct stn_builder *b, struct stn_function *func)
{
   struct cfg_ctx ctx = {.b = b, .func = func};
   b->cur_offset_w = func->def_offset_w;
   b->cur_opcode = SpvOpFunction;
   if (func->num_blocks == 0)
      stn_fail(b, "function %u has no blocks", func->id);
   struct stn_construct *root =
      cfg_construct(&ctx, STN_CONSTRUCT_FUNCTION, NULL, NULL, NULL, NULL);
   func->body.end = NULL;
   build_list(&ctx, &func->body, &func->blocks[0], root, false);
   func->structured = true;
}

/* ---- printing ----------------------------------------------------------- */

static void print_list(struct strbuf *sb, const struct stn_cf_list *list, unsigned depth);

static void
print_exit(struct strbuf *sb, const struct stn_exit *exit)
{
   static const char *const names[] = {
      [STN_EXIT_NONE] = "",
      [STN_EXIT_BREAK] = "break",
      [STN_EXIT_CONTINUE] = "continue",
      [STN_EXIT_FALLTHROUGH] = "fallthrough",
      [STN_EXIT_RETURN] = "return",
      [STN_EXIT_KILL] = "kill",
      [STN_EXIT_TERMINATE] = "terminate",
      [STN_EXIT_UNREACHABLE] = "unreachable",
   };
   strbuf_append(sb, names[exit->kind]);
   if (exit->kind == STN_EXIT_BREAK || exit->kind == STN_EXIT_CONTINUE) {
      static const char *const kinds[] = {
         [STN_CONSTRUCT_FUNCTION] = "function", [STN_CONSTRUCT_SELECTION] = "selection",
         [STN_CONSTRUCT_LOOP] = "loop",         [STN_CONSTRUCT_CONTINUE] = "loop",
         [STN_CONSTRUCT_SWITCH] = "switch",
      };
      strbuf_printf(sb, " %s %u", kinds[exit->target->kind], exit->target->header->label_id);
   }
}

static void
print_list(struct strbuf *sb, const struct stn_cf_list *list, unsigned depth)
{
   for (const struct stn_cf_node *n = list->first; n; n = n->next) {
      strbuf_indent(sb, depth);
      switch (n->kind) {
      case STN_CF_BLOCK:
         if (n->block.block)
            strbuf_printf(sb, "block %u", n->block.block->label_id);
         else
            strbuf_append(sb, "jump");
         if (n->block.exit.kind != STN_EXIT_NONE) {
            strbuf_append(sb, " -> ");
            print_exit(sb, &n->block.exit);
         }
         strbuf_append(sb, "\n");
         break;
      case STN_CF_IF:
         strbuf_printf(sb, "if %%%u", n->if_.cond_id);
         if (n->if_.construct)
            strbuf_printf(sb, " (merge %u%s)", n->if_.construct->merge->label_id,
                          n->if_.construct->needs_break_target ? ", broken out of" : "");
         strbuf_append(sb, " {\n");
         print_list(sb, &n->if_.then_list, depth + 1);
         strbuf_indent(sb, depth);
         strbuf_append(sb, "} else {\n");
         print_list(sb, &n->if_.else_list, depth + 1);
         strbuf_indent(sb, depth);
         strbuf_append(sb, "}\n");
         break;
      case STN_CF_LOOP:
         strbuf_printf(sb, "loop %u (merge %u, continue %u) {\n",
                       n->loop.construct->header->label_id,
                       n->loop.construct->merge->label_id,
                       n->loop.construct->cont->label_id);
         print_list(sb, &n->loop.body, depth + 1);
         if (n->loop.cont.first) {
            strbuf_indent(sb, depth);
            strbuf_append(sb, "} continue {\n");
            print_list(sb, &n->loop.cont, depth + 1);
         }
         strbuf_indent(sb, depth);
         strbuf_append(sb, "}\n");
         break;
      case STN_CF_SWITCH:
         strbuf_printf(sb, "switch %%%u (merge %u", n->sw.selector_id,
                       n->sw.construct->merge->label_id);
         for (uint32_t i = 0; i < n->sw.num_merge_literals; i++)
            strbuf_printf(sb, "%s%" PRIu64, i ? " " : "; to merge: ",
                          n->sw.merge_literals[i]);
         if (n->sw.default_is_merge)
            strbuf_append(sb, n->sw.num_merge_literals ? " default" : "; to merge: default");
         strbuf_append(sb, ") {\n");
         for (uint32_t i = 0; i < n->sw.num_cases; i++) {
            const struct stn_switch_case *sc = &n->sw.cases[i];
            strbuf_indent(sb, depth);
            strbuf_printf(sb, "case %u:", sc->target->label_id);
            for (uint32_t l = 0; l < sc->num_literals; l++)
               strbuf_printf(sb, " %" PRIu64, sc->literals[l]);
            if (sc->is_default)
               strbuf_append(sb, " default");
            strbuf_append(sb, "\n");
            print_list(sb, &sc->body, depth + 1);
         }
         strbuf_indent(sb, depth);
         strbuf_append(sb, "}\n");
         break;
      }
   }
}

char *
stn_cfg_print(struct stn_builder *b, const struct stn_function *func)
{
   struct strbuf sb;
   strbuf_init(&sb);
   strbuf_printf(&sb, "function %u {\n", func->id);
   print_list(&sb, &func->body, 1);
   strbuf_append(&sb, "}\n");
   char *s = strbuf_steal(&sb);
   if (!s)
      stn_fail(b, "out of memory");
   char *copy = arena_strdup(b->arena, s);
   free(s);
   return stn_check_oom(b, copy);
}
