/* SPDX-License-Identifier: MIT */
/*
 * The control-flow tree: navigation, cursors, inserting/removing ifs and
 * loops, moving pieces of control flow, and keeping block successors,
 * predecessors and phi sources consistent.
 *
 * Edges are not patched piecemeal: every structural edit (a cf node or jump
 * inserted or removed) recomputes the successors of the whole impl from the
 * tree, rebuilds the predecessor arrays, and makes phis agree with them.
 * That is linear in the number of blocks per edit, and it keeps one rule
 * for everything. When a block has to be split, the part holding the
 * block's end (its outgoing edges) keeps the block's identity, so phis that
 * name it as a predecessor stay right.
 */
#include "nir/nir.h"

#include <stdlib.h>
#include <string.h>

#include "nir/nir_private.h"
#include "util/arena.h"

/* ------------------------------------------------------------------------------- */
/* Creation and navigation                                                         */
/* ------------------------------------------------------------------------------- */

nir_block *
nir_block_create_(nir_shader *shader)
{
   nir_block *b = arena_new(shader->arena, nir_block);
   if (!b) {
      shader->oom = true;
      return NULL;
   }
   b->cf_node.type = NIR_CF_NODE_BLOCK;
   list_inithead(&b->cf_node.node);
   list_inithead(&b->instr_list);
   return b;
}

nir_function_impl *
nir_cf_node_get_function(nir_cf_node *node)
{
   while (node && node->type != NIR_CF_NODE_FUNCTION)
      node = node->parent;
   return node ? nir_cf_node_as_function(node) : NULL;
}

nir_function_impl *
nir_block_impl_(nir_block *block)
{
   return nir_cf_node_get_function(&block->cf_node);
}

nir_loop *
nir_cf_node_get_loop(nir_cf_node *node)
{
   for (nir_cf_node *p = node->parent; p; p = p->parent)
      if (p->type == NIR_CF_NODE_LOOP)
         return nir_cf_node_as_loop(p);
   return NULL;
}

/* The list head a node lives in. */
static struct list_head *
cf_node_list(nir_cf_node *node)
{
   nir_cf_node *p = node->parent;
   if (!p)
      return NULL;
   /* Walk forward to the list head and compare against the parent's lists. */
   struct list_head *l = &node->node;
   struct list_head *heads[2] = {NULL, NULL};
   switch (p->type) {
   case NIR_CF_NODE_IF:
      heads[0] = &nir_cf_node_as_if(p)->then_list;
      heads[1] = &nir_cf_node_as_if(p)->else_list;
      break;
   case NIR_CF_NODE_LOOP:
      heads[0] = &nir_cf_node_as_loop(p)->body;
      heads[1] = &nir_cf_node_as_loop(p)->continue_list;
      break;
   case NIR_CF_NODE_FUNCTION:
      heads[0] = &nir_cf_node_as_function(p)->body;
      break;
   default:
      return NULL;
   }
   for (;;) {
      l = l->next;
      if (l == heads[0] || (heads[1] && l == heads[1]))
         return l;
      if (l == &node->node)
         return NULL; /* detached (extracted) list */
   }
}

bool
nir_cf_node_is_in_continue_construct(nir_cf_node *node)
{
   for (nir_cf_node *n = node; n->parent; n = n->parent) {
      if (n->parent->type == NIR_CF_NODE_LOOP)
         return cf_node_list(n) == &nir_cf_node_as_loop(n->parent)->continue_list;
   }
   return false;
}

static bool
is_list_head(const nir_cf_node *node, const struct list_head *l)
{
   const nir_cf_node *p = node->parent;
   if (!p)
      return true;
   switch (p->type) {
   case NIR_CF_NODE_IF: {
      const nir_if *nif = (const nir_if *)p;
      return l == &nif->then_list || l == &nif->else_list;
   }
   case NIR_CF_NODE_LOOP: {
      const nir_loop *loop = (const nir_loop *)p;
      return l == &loop->body || l == &loop->continue_list;
   }
   case NIR_CF_NODE_FUNCTION:
      return l == &((const nir_function_impl *)p)->body;
   default:
      return true;
   }
}

nir_cf_node *
nir_cf_node_next(nir_cf_node *node)
{
   if (is_list_head(node, node->node.next) || node->node.next == NULL)
      return NULL;
   return list_entry(node->node.next, nir_cf_node, node);
}

nir_cf_node *
nir_cf_node_prev(nir_cf_node *node)
{
   if (is_list_head(node, node->node.prev) || node->node.prev == NULL)
      return NULL;
   return list_entry(node->node.prev, nir_cf_node, node);
}

bool
nir_cf_node_is_first(const nir_cf_node *node)
{
   return is_list_head(node, node->node.prev);
}

bool
nir_cf_node_is_last(const nir_cf_node *node)
{
   return is_list_head(node, node->node.next);
}

static nir_block *
list_first_block(struct list_head *l)
{
   if (list_is_empty(l))
      return NULL;
   return nir_cf_node_as_block(list_first_entry(l, nir_cf_node, node));
}

static nir_block *
list_last_block(struct list_head *l)
{
   if (list_is_empty(l))
      return NULL;
   return nir_cf_node_as_block(list_last_entry(l, nir_cf_node, node));
}

nir_block *
nir_start_block(nir_function_impl *impl)
{
   return list_first_block(&impl->body);
}

nir_block *
nir_impl_last_block(nir_function_impl *impl)
{
   return list_last_block(&impl->body);
}

nir_block *
nir_if_first_then_block(nir_if *nif)
{
   return list_first_block(&nif->then_list);
}

nir_block *
nir_if_last_then_block(nir_if *nif)
{
   return list_last_block(&nif->then_list);
}

nir_block *
nir_if_first_else_block(nir_if *nif)
{
   return list_first_block(&nif->else_list);
}

nir_block *
nir_if_last_else_block(nir_if *nif)
{
   return list_last_block(&nif->else_list);
}

nir_block *
nir_loop_first_block(nir_loop *loop)
{
   return list_first_block(&loop->body);
}

nir_block *
nir_loop_last_block(nir_loop *loop)
{
   return list_last_block(&loop->body);
}

bool
nir_loop_has_continue_construct(const nir_loop *loop)
{
   return !list_is_empty(&loop->continue_list);
}

nir_block *
nir_loop_first_continue_block(nir_loop *loop)
{
   return list_first_block(&loop->continue_list);
}

nir_block *
nir_loop_last_continue_block(nir_loop *loop)
{
   return list_last_block(&loop->continue_list);
}

nir_block *
nir_loop_continue_target(nir_loop *loop)
{
   return nir_loop_has_continue_construct(loop) ? nir_loop_first_continue_block(loop)
                                                : nir_loop_first_block(loop);
}

nir_block *
nir_cf_node_first_block(nir_cf_node *node)
{
   switch (node->type) {
   case NIR_CF_NODE_BLOCK:
      return nir_cf_node_as_block(node);
   case NIR_CF_NODE_IF:
      return nir_if_first_then_block(nir_cf_node_as_if(node));
   case NIR_CF_NODE_LOOP:
      return nir_loop_first_block(nir_cf_node_as_loop(node));
   case NIR_CF_NODE_FUNCTION:
      return nir_start_block(nir_cf_node_as_function(node));
   }
   return NULL;
}

nir_block *
nir_cf_node_last_block(nir_cf_node *node)
{
   switch (node->type) {
   case NIR_CF_NODE_BLOCK:
      return nir_cf_node_as_block(node);
   case NIR_CF_NODE_IF:
      return nir_if_last_else_block(nir_cf_node_as_if(node));
   case NIR_CF_NODE_LOOP: {
      nir_loop *loop = nir_cf_node_as_loop(node);
      return nir_loop_has_continue_construct(loop) ? nir_loop_last_continue_block(loop)
                                                   : nir_loop_last_block(loop);
   }
   case NIR_CF_NODE_FUNCTION:
      return nir_impl_last_block(nir_cf_node_as_function(node));
   }
   return NULL;
}

nir_block *
nir_block_cf_tree_next(nir_block *block)
{
   if (!block)
      return NULL;
   nir_cf_node *next = nir_cf_node_next(&block->cf_node);
   if (next)
      return nir_cf_node_first_block(next);

   nir_cf_node *parent = block->cf_node.parent;
   if (!parent)
      return NULL;
   switch (parent->type) {
   case NIR_CF_NODE_IF: {
      nir_if *nif = nir_cf_node_as_if(parent);
      if (block == nir_if_last_then_block(nif))
         return nir_if_first_else_block(nif);
      nir_cf_node *after = nir_cf_node_next(parent);
      return after ? nir_cf_node_as_block(after) : NULL;
   }
   case NIR_CF_NODE_LOOP: {
      nir_loop *loop = nir_cf_node_as_loop(parent);
      if (block == nir_loop_last_block(loop) && nir_loop_has_continue_construct(loop))
         return nir_loop_first_continue_block(loop);
      nir_cf_node *after = nir_cf_node_next(parent);
      return after ? nir_cf_node_as_block(after) : NULL;
   }
   default:
      return NULL; /* end of the impl (end_block is not visited) */
   }
}

nir_block *
nir_block_cf_tree_prev(nir_block *block)
{
   if (!block)
      return NULL;
   nir_cf_node *prev = nir_cf_node_prev(&block->cf_node);
   if (prev)
      return nir_cf_node_last_block(prev);

   nir_cf_node *parent = block->cf_node.parent;
   if (!parent)
      return NULL;
   switch (parent->type) {
   case NIR_CF_NODE_IF: {
      nir_if *nif = nir_cf_node_as_if(parent);
      if (block == nir_if_first_else_block(nif))
         return nir_if_last_then_block(nif);
      nir_cf_node *before = nir_cf_node_prev(parent);
      return before ? nir_cf_node_as_block(before) : NULL;
   }
   case NIR_CF_NODE_LOOP: {
      nir_loop *loop = nir_cf_node_as_loop(parent);
      if (block == nir_loop_first_continue_block(loop))
         return nir_loop_last_block(loop);
      nir_cf_node *before = nir_cf_node_prev(parent);
      return before ? nir_cf_node_as_block(before) : NULL;
   }
   default:
      return NULL;
   }
}

nir_if *
nir_block_get_following_if(nir_block *block)
{
   nir_cf_node *next = nir_cf_node_next(&block->cf_node);
   return next && next->type == NIR_CF_NODE_IF ? nir_cf_node_as_if(next) : NULL;
}

nir_loop *
nir_block_get_following_loop(nir_block *block)
{
   nir_cf_node *next = nir_cf_node_next(&block->cf_node);
   return next && next->type == NIR_CF_NODE_LOOP ? nir_cf_node_as_loop(next) : NULL;
}

nir_instr *
nir_block_first_instr(nir_block *block)
{
   return list_is_empty(&block->instr_list)
             ? NULL
             : list_first_entry(&block->instr_list, nir_instr, node);
}

nir_instr *
nir_block_last_instr(nir_block *block)
{
   return list_is_empty(&block->instr_list)
             ? NULL
             : list_last_entry(&block->instr_list, nir_instr, node);
}

bool
nir_block_ends_in_jump(nir_block *block)
{
   nir_instr *last = nir_block_last_instr(block);
   return last && last->type == NIR_INSTR_TYPE_JUMP;
}

bool
nir_block_ends_in_break(nir_block *block)
{
   nir_instr *last = nir_block_last_instr(block);
   return last && last->type == NIR_INSTR_TYPE_JUMP &&
          nir_instr_as_jump(last)->type == NIR_JUMP_BREAK;
}

nir_instr *
nir_block_first_non_phi(nir_block *block)
{
   nir_foreach_instr (instr, block) {
      if (instr->type != NIR_INSTR_TYPE_PHI)
         return instr;
   }
   return NULL;
}

bool
nir_block_is_unreachable(nir_block *block)
{
   nir_function_impl *impl = nir_block_impl_(block);
   return block->num_predecessors == 0 && impl && block != nir_start_block(impl);
}

nir_phi_instr *
nir_block_first_phi_(nir_block *block)
{
   nir_instr *first = nir_block_first_instr(block);
   return first && first->type == NIR_INSTR_TYPE_PHI ? nir_instr_as_phi(first) : NULL;
}

nir_phi_instr *
nir_phi_next_(nir_phi_instr *phi)
{
   nir_instr *next = nir_instr_next(&phi->instr);
   return next && next->type == NIR_INSTR_TYPE_PHI ? nir_instr_as_phi(next) : NULL;
}

/* ------------------------------------------------------------------------------- */
/* Cursors                                                                         */
/* ------------------------------------------------------------------------------- */

nir_cursor
nir_after_block_before_jump(nir_block *block)
{
   nir_instr *last = nir_block_last_instr(block);
   if (last && last->type == NIR_INSTR_TYPE_JUMP)
      return nir_before_instr(last);
   return nir_after_block(block);
}

nir_cursor
nir_after_phis(nir_block *block)
{
   nir_instr *first = nir_block_first_non_phi(block);
   return first ? nir_before_instr(first) : nir_after_block(block);
}

nir_cursor
nir_before_cf_node(nir_cf_node *node)
{
   if (node->type == NIR_CF_NODE_BLOCK)
      return nir_before_block(nir_cf_node_as_block(node));
   return nir_after_block(nir_cf_node_as_block(nir_cf_node_prev(node)));
}

nir_cursor
nir_after_cf_node(nir_cf_node *node)
{
   if (node->type == NIR_CF_NODE_BLOCK)
      return nir_after_block(nir_cf_node_as_block(node));
   return nir_after_phis(nir_cf_node_as_block(nir_cf_node_next(node)));
}

nir_cursor
nir_before_cf_list(struct list_head *cf_list)
{
   return nir_before_cf_node(list_first_entry(cf_list, nir_cf_node, node));
}

nir_cursor
nir_after_cf_list(struct list_head *cf_list)
{
   return nir_after_cf_node(list_last_entry(cf_list, nir_cf_node, node));
}

nir_cursor
nir_before_impl(nir_function_impl *impl)
{
   return nir_before_cf_list(&impl->body);
}

nir_cursor
nir_after_impl(nir_function_impl *impl)
{
   return nir_after_cf_list(&impl->body);
}

nir_cursor
nir_before_src(nir_src *src)
{
   if (src->is_if) {
      nir_block *prev = nir_cf_node_as_block(nir_cf_node_prev(&src->parent_if->cf_node));
      return nir_after_block_before_jump(prev);
   }
   nir_instr *instr = src->parent_instr;
   if (instr->type == NIR_INSTR_TYPE_PHI) {
      nir_phi_src *ps = container_of(src, nir_phi_src, src);
      return nir_after_block_before_jump(ps->pred);
   }
   return nir_before_instr(instr);
}

nir_block *
nir_cursor_current_block(nir_cursor cursor)
{
   if (cursor.option == NIR_CURSOR_BEFORE_INSTR ||
       cursor.option == NIR_CURSOR_AFTER_INSTR)
      return cursor.instr->block;
   return cursor.block;
}

/* Canonical form: an instruction-relative position, or the block ends. */
static nir_cursor
cursor_canonical(nir_cursor c)
{
   switch (c.option) {
   case NIR_CURSOR_BEFORE_BLOCK:
      if (!list_is_empty(&c.block->instr_list))
         return nir_before_instr(nir_block_first_instr(c.block));
      return c;
   case NIR_CURSOR_AFTER_INSTR:
      if (nir_instr_next(c.instr))
         return nir_before_instr(nir_instr_next(c.instr));
      return nir_after_block(c.instr->block);
   default:
      return c;
   }
}

bool
nir_cursors_equal(nir_cursor a, nir_cursor b)
{
   a = cursor_canonical(a);
   b = cursor_canonical(b);
   return a.option == b.option &&
          (a.option == NIR_CURSOR_BEFORE_INSTR || a.option == NIR_CURSOR_AFTER_INSTR
              ? a.instr == b.instr
              : a.block == b.block);
}

/* ------------------------------------------------------------------------------- */
/* Edges                                                                           */
/* ------------------------------------------------------------------------------- */

static void
block_successors(nir_function_impl *impl, nir_block *block, nir_block *succ[2])
{
   succ[0] = succ[1] = NULL;
   if (block == impl->end_block)
      return;

   nir_instr *last = nir_block_last_instr(block);
   if (last && last->type == NIR_INSTR_TYPE_JUMP) {
      nir_loop *loop = nir_cf_node_get_loop(&block->cf_node);
      switch (nir_instr_as_jump(last)->type) {
      case NIR_JUMP_RETURN:
         succ[0] = impl->end_block;
         return;
      case NIR_JUMP_BREAK:
         if (loop) {
            nir_cf_node *after = nir_cf_node_next(&loop->cf_node);
            succ[0] = after ? nir_cf_node_as_block(after) : NULL;
         }
         return;
      case NIR_JUMP_CONTINUE:
         if (loop)
            succ[0] = nir_loop_continue_target(loop);
         return;
      }
   }

   nir_cf_node *next = nir_cf_node_next(&block->cf_node);
   if (next) {
      switch (next->type) {
      case NIR_CF_NODE_IF:
         succ[0] = nir_if_first_then_block(nir_cf_node_as_if(next));
         succ[1] = nir_if_first_else_block(nir_cf_node_as_if(next));
         return;
      case NIR_CF_NODE_LOOP:
         succ[0] = nir_loop_first_block(nir_cf_node_as_loop(next));
         return;
      default:
         succ[0] =
            nir_cf_node_as_block(next); /* invalid tree; the validator reports it */
         return;
      }
   }

   nir_cf_node *parent = block->cf_node.parent;
   if (!parent)
      return;
   switch (parent->type) {
   case NIR_CF_NODE_FUNCTION:
      succ[0] = impl->end_block;
      return;
   case NIR_CF_NODE_IF: {
      nir_cf_node *after = nir_cf_node_next(parent);
      succ[0] = after ? nir_cf_node_as_block(after) : NULL;
      return;
   }
   case NIR_CF_NODE_LOOP: {
      nir_loop *loop = nir_cf_node_as_loop(parent);
      if (block->cf_node.node.next == &loop->body)
         succ[0] = nir_loop_continue_target(loop);
      else
         succ[0] = nir_loop_first_block(loop); /* end of the continue construct */
      return;
   }
   default:
      return;
   }
}

static void
add_pred(nir_shader *shader, nir_block *block, nir_block *pred)
{
   for (unsigned i = 0; i < block->num_predecessors; i++)
      if (block->predecessors[i] == pred)
         return;
   if (block->num_predecessors == block->predecessors_cap) {
      const unsigned cap = MAX2(4u, block->predecessors_cap * 2);
      nir_block **p = arena_realloc(shader->arena, block->predecessors,
                                    sizeof(nir_block *) * block->predecessors_cap,
                                    sizeof(nir_block *) * cap);
      if (!p) {
         shader->oom = true;
         return;
      }
      block->predecessors = p;
      block->predecessors_cap = cap;
   }
   block->predecessors[block->num_predecessors++] = pred;
}

static bool
block_has_pred(const nir_block *block, const nir_block *pred)
{
   for (unsigned i = 0; i < block->num_predecessors; i++)
      if (block->predecessors[i] == pred)
         return true;
   return false;
}

nir_def *
nir_impl_undef_(nir_function_impl *impl, unsigned num_components, unsigned bit_size)
{
   nir_shader *shader = nir_impl_shader_(impl);
   nir_undef_instr *u = nir_undef_instr_create(shader, num_components, bit_size);
   if (!u)
      return nir_shader_poison_def_(shader, num_components, bit_size);
   nir_instr_insert(nir_before_block(nir_start_block(impl)), &u->instr);
   return &u->def;
}

static void
fix_phis(nir_function_impl *impl, nir_block *block)
{
   nir_foreach_phi(phi, block)
   {
      nir_foreach_phi_src_safe(ps, phi)
      {
         if (!block_has_pred(block, ps->pred))
            nir_phi_instr_remove_src(phi, ps);
      }
      for (unsigned i = 0; i < block->num_predecessors; i++) {
         if (!nir_phi_get_src_from_block(phi, block->predecessors[i])) {
            nir_def *u =
               nir_impl_undef_(impl, phi->def.num_components, phi->def.bit_size);
            nir_phi_instr_add_src(phi, block->predecessors[i], u);
         }
      }
   }
}

void
nir_impl_update_cfg_(nir_function_impl *impl)
{
   nir_shader *shader = nir_impl_shader_(impl);

   nir_foreach_block (block, impl) {
      block->num_predecessors = 0;
   }
   impl->end_block->num_predecessors = 0;

   nir_foreach_block (block, impl) {
      block_successors(impl, block, block->successors);
      for (unsigned i = 0; i < 2; i++)
         if (block->successors[i])
            add_pred(shader, block->successors[i], block);
   }
   impl->end_block->successors[0] = impl->end_block->successors[1] = NULL;

   nir_foreach_block (block, impl) {
      fix_phis(impl, block);
   }
   impl->valid_metadata = NIR_METADATA_NONE;
}

static void
remove_pred(nir_block *block, nir_block *pred)
{
   for (unsigned i = 0; i < block->num_predecessors; i++) {
      if (block->predecessors[i] == pred) {
         /* Keep the order: it decides the order phi fix-ups happen in. */
         memmove(&block->predecessors[i], &block->predecessors[i + 1],
                 sizeof(nir_block *) * (block->num_predecessors - i - 1));
         block->num_predecessors--;
         return;
      }
   }
}

void
nir_impl_update_cfg_local_(nir_function_impl *impl, nir_block **blocks, unsigned n)
{
   nir_shader *shader = nir_impl_shader_(impl);
   nir_block *dirty_small[16];
   nir_block **dirty = dirty_small;
   unsigned num_dirty = 0, cap = ARRAY_SIZE(dirty_small);

   for (unsigned i = 0; i < n; i++) {
      nir_block *block = blocks[i];
      nir_block *succ[2];
      block_successors(impl, block, succ);
      if (succ[0] == block->successors[0] && succ[1] == block->successors[1])
         continue;
      nir_block *touched[4] = {block->successors[0], block->successors[1], succ[0],
                               succ[1]};
      for (unsigned s = 0; s < 2; s++)
         if (block->successors[s] &&
             (s == 0 || block->successors[1] != block->successors[0]))
            remove_pred(block->successors[s], block);
      block->successors[0] = succ[0];
      block->successors[1] = succ[1];
      for (unsigned s = 0; s < 2; s++)
         if (succ[s])
            add_pred(shader, succ[s], block);
      for (unsigned t = 0; t < 4; t++) {
         if (!touched[t])
            continue;
         bool seen = false;
         for (unsigned d = 0; d < num_dirty; d++)
            if (dirty[d] == touched[t])
               seen = true;
         if (seen)
            continue;
         if (num_dirty == cap) {
            nir_block **grown = malloc(sizeof(nir_block *) * cap * 2);
            if (!grown) {
               shader->oom = true;
               break;
            }
            memcpy(grown, dirty, sizeof(nir_block *) * num_dirty);
            if (dirty != dirty_small)
               free(dirty);
            dirty = grown;
            cap *= 2;
         }
         dirty[num_dirty++] = touched[t];
      }
   }
   for (unsigned d = 0; d < num_dirty; d++)
      fix_phis(impl, dirty[d]);
   if (dirty != dirty_small)
      free(dirty);
   impl->valid_metadata = NIR_METADATA_NONE;
}

/* ------------------------------------------------------------------------------- */
/* Unlinking removed code                                                          */
/* ------------------------------------------------------------------------------- */

static void
unlink_block_srcs(nir_block *block)
{
   nir_foreach_instr (instr, block) {
      nir_instr_unlink_srcs_(instr);
   }
}

static void unlink_list_srcs(struct list_head *list);

static void
unlink_node_srcs(nir_cf_node *node)
{
   switch (node->type) {
   case NIR_CF_NODE_BLOCK:
      unlink_block_srcs(nir_cf_node_as_block(node));
      break;
   case NIR_CF_NODE_IF: {
      nir_if *nif = nir_cf_node_as_if(node);
      if (nif->condition.use_link.next)
         list_del(&nif->condition.use_link);
      unlink_list_srcs(&nif->then_list);
      unlink_list_srcs(&nif->else_list);
      break;
   }
   case NIR_CF_NODE_LOOP: {
      nir_loop *loop = nir_cf_node_as_loop(node);
      unlink_list_srcs(&loop->body);
      unlink_list_srcs(&loop->continue_list);
      break;
   }
   default:
      break;
   }
}

static void
unlink_list_srcs(struct list_head *list)
{
   list_for_each_entry(nir_cf_node, node, list, node) unlink_node_srcs(node);
}

/* Uses left after unlinking come from outside the removed code (in
 * unreachable or broken IR): give them an undef so nothing dangles. */
static void
undef_block_defs(nir_function_impl *impl, nir_block *block)
{
   nir_foreach_instr (instr, block) {
      nir_def *def = nir_instr_def(instr);
      if (def && !nir_def_is_unused(def))
         nir_def_rewrite_uses(def,
                              nir_impl_undef_(impl, def->num_components, def->bit_size));
      instr->block = NULL;
   }
}

static void undef_list_defs(nir_function_impl *impl, struct list_head *list);

static void
undef_node_defs(nir_function_impl *impl, nir_cf_node *node)
{
   switch (node->type) {
   case NIR_CF_NODE_BLOCK:
      undef_block_defs(impl, nir_cf_node_as_block(node));
      break;
   case NIR_CF_NODE_IF:
      undef_list_defs(impl, &nir_cf_node_as_if(node)->then_list);
      undef_list_defs(impl, &nir_cf_node_as_if(node)->else_list);
      break;
   case NIR_CF_NODE_LOOP:
      undef_list_defs(impl, &nir_cf_node_as_loop(node)->body);
      undef_list_defs(impl, &nir_cf_node_as_loop(node)->continue_list);
      break;
   default:
      break;
   }
}

static void
undef_list_defs(nir_function_impl *impl, struct list_head *list)
{
   list_for_each_entry(nir_cf_node, node, list, node) undef_node_defs(impl, node);
}

void
nir_cf_list_unlink_(nir_shader *shader, struct list_head *cf_list)
{
   (void)shader;
   unlink_list_srcs(cf_list);
}

void
nir_block_unlink_(nir_shader *shader, nir_block *block)
{
   (void)shader;
   unlink_block_srcs(block);
}

bool
nir_remove_after_jump_(nir_instr *jump)
{
   nir_block *block = jump->block;
   nir_function_impl *impl = nir_block_impl_(block);

   /* Instructions after the jump in its block. */
   struct list_head dead_instrs;
   list_inithead(&dead_instrs);
   while (jump->node.next != &block->instr_list) {
      nir_instr *dead = list_entry(jump->node.next, nir_instr, node);
      list_del(&dead->node);
      list_addtail(&dead->node, &dead_instrs);
   }
   /* Cf nodes after the block. */
   struct list_head dead_nodes;
   list_inithead(&dead_nodes);
   for (nir_cf_node *n = nir_cf_node_next(&block->cf_node); n;
        n = nir_cf_node_next(&block->cf_node)) {
      list_del(&n->node);
      list_addtail(&n->node, &dead_nodes);
   }

   list_for_each_entry(nir_instr, instr, &dead_instrs, node)
      nir_instr_unlink_srcs_(instr);
   unlink_list_srcs(&dead_nodes);
   list_for_each_entry(nir_instr, instr, &dead_instrs, node)
   {
      nir_def *def = nir_instr_def(instr);
      if (def && !nir_def_is_unused(def))
         nir_def_rewrite_uses(def,
                              nir_impl_undef_(impl, def->num_components, def->bit_size));
      instr->block = NULL;
   }
   undef_list_defs(impl, &dead_nodes);
   return !list_is_empty(&dead_nodes);
}

/* ------------------------------------------------------------------------------- */
/* Splitting and merging blocks                                                    */
/* ------------------------------------------------------------------------------- */

/* The first instruction of the part of cursor's block that comes after the
 * cursor (NULL: nothing comes after). Never splits phis from each other and
 * never separates a trailing jump from its block's end. */
static nir_instr *
split_point(nir_cursor c)
{
   nir_instr *p;
   switch (c.option) {
   case NIR_CURSOR_BEFORE_BLOCK:
      return nir_block_first_non_phi(c.block);
   case NIR_CURSOR_AFTER_BLOCK: {
      nir_instr *last = nir_block_last_instr(c.block);
      return last && last->type == NIR_INSTR_TYPE_JUMP ? last : NULL;
   }
   case NIR_CURSOR_BEFORE_INSTR:
      p = c.instr;
      break;
   case NIR_CURSOR_AFTER_INSTR:
      if (c.instr->type == NIR_INSTR_TYPE_JUMP)
         return c.instr;
      p = nir_instr_next(c.instr);
      break;
   default:
      return NULL;
   }
   if (p && p->type == NIR_INSTR_TYPE_PHI)
      return nir_block_first_non_phi(p->block);
   return p;
}

/* Moves the instructions of `block` before `point` (all if NULL) into the
 * new block `front`, which goes right before `block` in its list. */
static void
split_block(nir_block *block, nir_instr *point, nir_block *front)
{
   front->cf_node.parent = block->cf_node.parent;
   list_insert_before(&front->cf_node.node, &block->cf_node.node);
   while (!list_is_empty(&block->instr_list)) {
      nir_instr *i = nir_block_first_instr(block);
      if (i == point)
         break;
      list_del(&i->node);
      list_addtail(&i->node, &front->instr_list);
      i->block = front;
   }
}

/* Merges `first` into the block `second` that follows it; second keeps its
 * identity. Phis of second (which lost their edges) become undef. */
static void
merge_blocks(nir_function_impl *impl, nir_block *first, nir_block *second)
{
   nir_foreach_phi_safe(phi, second)
   {
      nir_def_rewrite_uses(
         &phi->def, nir_impl_undef_(impl, phi->def.num_components, phi->def.bit_size));
      nir_instr_remove(&phi->instr);
   }
   nir_instr *jump = NULL;
   while (!list_is_empty(&first->instr_list)) {
      nir_instr *i = nir_block_last_instr(first);
      list_del(&i->node);
      list_add(&i->node, &second->instr_list);
      i->block = second;
      if (i->type == NIR_INSTR_TYPE_JUMP)
         jump = i;
   }
   list_del(&first->cf_node.node);
   if (jump)
      nir_remove_after_jump_(jump);
}

/* ------------------------------------------------------------------------------- */
/* Inserting and removing cf nodes                                                 */
/* ------------------------------------------------------------------------------- */

nir_if *
nir_if_create(nir_shader *shader)
{
   nir_if *nif = arena_new(shader->arena, nir_if);
   nir_block *t = nir_block_create_(shader);
   nir_block *e = nir_block_create_(shader);
   if (!nif || !t || !e) {
      shader->oom = true;
      return NULL;
   }
   nif->cf_node.type = NIR_CF_NODE_IF;
   list_inithead(&nif->cf_node.node);
   list_inithead(&nif->then_list);
   list_inithead(&nif->else_list);
   nif->condition.is_if = true;
   nif->condition.parent_if = nif;
   t->cf_node.parent = &nif->cf_node;
   e->cf_node.parent = &nif->cf_node;
   list_addtail(&t->cf_node.node, &nif->then_list);
   list_addtail(&e->cf_node.node, &nif->else_list);
   return nif;
}

nir_loop *
nir_loop_create(nir_shader *shader)
{
   nir_loop *loop = arena_new(shader->arena, nir_loop);
   nir_block *body = nir_block_create_(shader);
   if (!loop || !body) {
      shader->oom = true;
      return NULL;
   }
   loop->cf_node.type = NIR_CF_NODE_LOOP;
   list_inithead(&loop->cf_node.node);
   list_inithead(&loop->body);
   list_inithead(&loop->continue_list);
   body->cf_node.parent = &loop->cf_node;
   list_addtail(&body->cf_node.node, &loop->body);
   return loop;
}

bool
nir_loop_add_continue_construct(nir_loop *loop)
{
   if (nir_loop_has_continue_construct(loop))
      return true;
   nir_function_impl *impl = nir_cf_node_get_function(&loop->cf_node);
   if (!impl)
      return false;
   nir_block *b = nir_block_create_(nir_impl_shader_(impl));
   if (!b)
      return false;
   b->cf_node.parent = &loop->cf_node;
   list_addtail(&b->cf_node.node, &loop->continue_list);
   nir_impl_update_cfg_(impl);
   return true;
}

static void
set_parents(struct list_head *list, nir_cf_node *parent)
{
   list_for_each_entry(nir_cf_node, node, list, node) node->parent = parent;
}

bool
nir_cf_node_insert(nir_cursor cursor, nir_cf_node *node)
{
   nir_block *block = nir_cursor_current_block(cursor);
   nir_function_impl *impl = nir_block_impl_(block);
   nir_shader *shader = nir_impl_shader_(impl);
   nir_block *front = nir_block_create_(shader);
   if (!front)
      return false;

   /* Blocks whose successors change: the old predecessors of `block` (they
    * now enter `front`), `front` and everything inside the new node. */
   unsigned n = 0, cap = block->num_predecessors + 1;
   nir_foreach_block_in_cf_node(b, node)
   {
      (void)b;
      cap++;
   }
   nir_block *small[32];
   nir_block **changed =
      cap <= ARRAY_SIZE(small) ? small : malloc(sizeof(nir_block *) * cap);
   if (!changed) {
      shader->oom = true;
      return false;
   }
   for (unsigned i = 0; i < block->num_predecessors; i++)
      changed[n++] = block->predecessors[i];

   split_block(block, split_point(cursor), front);
   node->parent = block->cf_node.parent;
   list_insert_before(&node->node, &block->cf_node.node);

   if (node->type == NIR_CF_NODE_IF) {
      nir_if *nif = nir_cf_node_as_if(node);
      if (nif->condition.ssa && !nif->condition.use_link.next)
         list_addtail(&nif->condition.use_link, &nif->condition.ssa->uses);
   }
   changed[n++] = front;
   nir_foreach_block_in_cf_node(b, node)
   {
      changed[n++] = b;
   }
   nir_impl_update_cfg_local_(impl, changed, n);
   if (changed != small)
      free(changed);
   return true;
}

void
nir_cf_node_remove(nir_cf_node *node)
{
   assert(node->type == NIR_CF_NODE_IF || node->type == NIR_CF_NODE_LOOP);
   nir_function_impl *impl = nir_cf_node_get_function(node);
   nir_block *before = nir_cf_node_as_block(nir_cf_node_prev(node));
   nir_block *after = nir_cf_node_as_block(nir_cf_node_next(node));
   list_del(&node->node);
   unlink_node_srcs(node);
   undef_node_defs(impl, node);
   merge_blocks(impl, before, after);
   nir_impl_update_cfg_(impl);
}

/* ------------------------------------------------------------------------------- */
/* Extract / reinsert / delete                                                     */
/* ------------------------------------------------------------------------------- */

bool
nir_cf_extract(nir_cf_list *extracted, nir_cursor begin, nir_cursor end)
{
   nir_block *bb = nir_cursor_current_block(begin);
   nir_block *eb = nir_cursor_current_block(end);
   nir_function_impl *impl = nir_block_impl_(bb);
   nir_shader *shader = nir_impl_shader_(impl);
   list_inithead(&extracted->list);
   extracted->impl = impl;

   nir_block *f1 = nir_block_create_(shader);
   nir_block *f2 = nir_block_create_(shader);
   if (!f1 || !f2)
      return false;

   /* Record the end split point before the first split moves things. */
   nir_instr *end_point = split_point(end);
   split_block(bb, split_point(begin), f1);
   split_block(eb, end_point, f2);

   /* The region: everything strictly after f1 up to and including f2. */
   nir_cf_node *parent = eb->cf_node.parent;
   while (f1->cf_node.node.next != &eb->cf_node.node) {
      nir_cf_node *n = list_entry(f1->cf_node.node.next, nir_cf_node, node);
      list_del(&n->node);
      list_addtail(&n->node, &extracted->list);
      n->parent = &impl->cf_node; /* so the pieces still find their impl */
   }
   (void)parent;
   merge_blocks(impl, f1, eb);
   nir_impl_update_cfg_(impl);
   return true;
}

bool
nir_cf_reinsert(nir_cf_list *list, nir_cursor cursor)
{
   if (list_is_empty(&list->list))
      return true;
   nir_block *block = nir_cursor_current_block(cursor);
   nir_function_impl *impl = nir_block_impl_(block);
   nir_shader *shader = nir_impl_shader_(impl);
   nir_block *front = nir_block_create_(shader);
   if (!front)
      return false;

   split_block(block, split_point(cursor), front);
   nir_block *first =
      nir_cf_node_as_block(list_first_entry(&list->list, nir_cf_node, node));
   nir_block *last =
      nir_cf_node_as_block(list_last_entry(&list->list, nir_cf_node, node));
   nir_cf_node *parent = block->cf_node.parent;
   set_parents(&list->list, parent);
   /* Splice the list between front and block. */
   while (!list_is_empty(&list->list)) {
      nir_cf_node *n = list_first_entry(&list->list, nir_cf_node, node);
      list_del(&n->node);
      list_insert_before(&n->node, &block->cf_node.node);
   }
   /* Instructions moved between impls get fresh def indices. */
   if (list->impl != impl) {
      for (nir_block *b = first; b; b = nir_block_cf_tree_next(b)) {
         nir_foreach_instr (instr, b) {
            nir_def *def = nir_instr_def(instr);
            if (def)
               def->index = impl->ssa_alloc++;
         }
         if (b == last)
            break;
      }
   }
   merge_blocks(impl, front, first);
   merge_blocks(impl, last, block);
   nir_impl_update_cfg_(impl);
   return true;
}

void
nir_cf_delete(nir_cf_list *list)
{
   unlink_list_srcs(&list->list);
   undef_list_defs(list->impl, &list->list);
   list_inithead(&list->list);
}
