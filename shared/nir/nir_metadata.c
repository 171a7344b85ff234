/* SPDX-License-Identifier: MIT */
/*
 * Metadata: block/def/instruction numbering, dominance (Cooper, Harvey and
 * Kennedy's iterative algorithm over a reverse postorder) and SSA liveness.
 * Dominance and liveness storage lives in impl->metadata_arena, which is
 * dropped and recreated whenever they are recomputed, so repeated passes do
 * not grow the shader's arena.
 */
#include "nir/nir.h"

#include <stdlib.h>
#include <string.h>

#include "nir/nir_private.h"
#include "util/arena.h"

void
nir_index_blocks(nir_function_impl *impl)
{
   unsigned n = 0;
   nir_foreach_block (block, impl) {
      block->index = n++;
   }
   impl->end_block->index = n++;
   impl->num_blocks = n;
   impl->valid_metadata |= NIR_METADATA_BLOCK_INDEX;
}

void
nir_index_ssa_defs(nir_function_impl *impl)
{
   unsigned n = 0;
   nir_foreach_block (block, impl) {
      nir_foreach_instr (instr, block) {
         nir_def *def = nir_instr_def(instr);
         if (def)
            def->index = n++;
      }
   }
   impl->ssa_alloc = n;
}

unsigned
nir_index_instrs(nir_function_impl *impl)
{
   unsigned n = 0;
   nir_foreach_block (block, impl) {
      nir_foreach_instr (instr, block) {
         instr->index = n++;
      }
   }
   impl->valid_metadata |= NIR_METADATA_INSTR_INDEX;
   return n;
}

/* ------------------------------------------------------------------------------- */
/* Dominance                                                                       */
/* ------------------------------------------------------------------------------- */

struct dom_state {
   nir_block **blocks; /* by block index */
   unsigned *post;     /* postorder number by block index, UINT32_MAX if unreachable */
   nir_block **rpo;
   unsigned num_rpo;
};

static bool
reset_metadata_arena(nir_function_impl *impl)
{
   nir_shader *shader = nir_impl_shader_(impl);
   if (impl->metadata_arena)
      arena_destroy(impl->metadata_arena);
   impl->metadata_arena = arena_create(shader->arena);
   if (!impl->metadata_arena) {
      shader->oom = true;
      return false;
   }
   /* Everything that pointed into the old arena is gone. */
   impl->valid_metadata &= ~(NIR_METADATA_DOMINANCE | NIR_METADATA_LIVE_DEFS);
   nir_foreach_block (block, impl) {
      block->live_in = block->live_out = NULL;
   }
   impl->end_block->live_in = impl->end_block->live_out = NULL;
   return true;
}

static nir_block *
intersect(struct dom_state *st, nir_block *a, nir_block *b)
{
   while (a != b) {
      while (st->post[a->index] < st->post[b->index])
         a = a->imm_dom;
      while (st->post[b->index] < st->post[a->index])
         b = b->imm_dom;
   }
   return a;
}

static void
number_dom_tree(nir_block *block, unsigned *counter)
{
   /* Iterative DFS to survive very deep trees. */
   struct frame {
      nir_block *block;
      unsigned child;
   } stack_small[64], *stack = stack_small;
   unsigned cap = ARRAY_SIZE(stack_small), depth = 0;
   stack[depth++] = (struct frame){block, 0};
   block->dom_pre_index = (*counter)++;
   while (depth) {
      struct frame *f = &stack[depth - 1];
      if (f->child < f->block->num_dom_children) {
         nir_block *c = f->block->dom_children[f->child++];
         c->dom_pre_index = (*counter)++;
         if (depth == cap) {
            const unsigned ncap = cap * 2;
            struct frame *n = malloc(sizeof(*n) * ncap);
            if (!n)
               return;
            memcpy(n, stack, sizeof(*n) * depth);
            if (stack != stack_small)
               free(stack);
            stack = n;
            cap = ncap;
         }
         stack[depth++] = (struct frame){c, 0};
      } else {
         f->block->dom_post_index = (*counter)++;
         depth--;
      }
   }
   if (stack != stack_small)
      free(stack);
}

static void
calc_dominance(nir_function_impl *impl)
{
   nir_shader *shader = nir_impl_shader_(impl);
   if (!(impl->valid_metadata & NIR_METADATA_BLOCK_INDEX))
      nir_index_blocks(impl);
   if (!reset_metadata_arena(impl))
      return;
   struct arena *a = impl->metadata_arena;
   const unsigned n = impl->num_blocks;

   struct dom_state st;
   st.blocks = arena_new_array(a, nir_block *, n);
   st.post = arena_new_array(a, unsigned, n);
   st.rpo = arena_new_array(a, nir_block *, n);
   nir_block **stack = arena_new_array(a, nir_block *, n);
   unsigned *next_succ = arena_new_array(a, unsigned, n);
   bool *visited = arena_new_array(a, bool, n);
   if (!st.blocks || !st.post || !st.rpo || !stack || !next_succ || !visited) {
      shader->oom = true;
      return;
   }
   nir_foreach_block (block, impl) {
      st.blocks[block->index] = block;
   }
   st.blocks[impl->end_block->index] = impl->end_block;
   for (unsigned i = 0; i < n; i++) {
      st.post[i] = UINT32_MAX;
      nir_block *b = st.blocks[i];
      b->imm_dom = NULL;
      b->num_dom_children = 0;
      b->num_dom_frontier = 0;
      b->dom_children = NULL;
      b->dom_frontier = NULL;
      b->dom_pre_index = UINT32_MAX;
      b->dom_post_index = 0;
   }

   /* Postorder by an iterative DFS from the start block. */
   unsigned post = 0, depth = 0;
   nir_block *start = nir_start_block(impl);
   stack[depth++] = start;
   visited[start->index] = true;
   while (depth) {
      nir_block *b = stack[depth - 1];
      if (next_succ[b->index] < 2) {
         nir_block *s = b->successors[next_succ[b->index]++];
         if (s && !visited[s->index]) {
            visited[s->index] = true;
            stack[depth++] = s;
         }
      } else {
         st.post[b->index] = post;
         st.rpo[n - 1 - post] = b;
         post++;
         depth--;
      }
   }
   st.num_rpo = post;
   nir_block **rpo = st.rpo + (n - post);

   start->imm_dom = start;
   bool changed = true;
   while (changed) {
      changed = false;
      for (unsigned i = 1; i < post; i++) {
         nir_block *b = rpo[i];
         nir_block *new_idom = NULL;
         for (unsigned p = 0; p < b->num_predecessors; p++) {
            nir_block *pred = b->predecessors[p];
            if (st.post[pred->index] == UINT32_MAX || !pred->imm_dom)
               continue;
            new_idom = new_idom ? intersect(&st, pred, new_idom) : pred;
         }
         if (new_idom && b->imm_dom != new_idom) {
            b->imm_dom = new_idom;
            changed = true;
         }
      }
   }
   start->imm_dom = NULL;

   /* Children arrays. */
   unsigned *counts = next_succ;
   memset(counts, 0, sizeof(unsigned) * n);
   for (unsigned i = 0; i < n; i++)
      if (st.blocks[i]->imm_dom)
         counts[st.blocks[i]->imm_dom->index]++;
   for (unsigned i = 0; i < n; i++) {
      if (counts[i]) {
         st.blocks[i]->dom_children = arena_new_array(a, nir_block *, counts[i]);
         if (!st.blocks[i]->dom_children) {
            shader->oom = true;
            return;
         }
      }
   }
   /* Children in block order so everything derived is deterministic. */
   for (unsigned i = 0; i < n; i++) {
      nir_block *b = st.blocks[i];
      if (b->imm_dom)
         b->imm_dom->dom_children[b->imm_dom->num_dom_children++] = b;
   }

   /* Dominance frontiers. */
   for (unsigned i = 0; i < n; i++) {
      nir_block *b = st.blocks[i];
      if (b->num_predecessors < 2 || st.post[b->index] == UINT32_MAX)
         continue;
      for (unsigned p = 0; p < b->num_predecessors; p++) {
         nir_block *runner = b->predecessors[p];
         if (st.post[runner->index] == UINT32_MAX)
            continue;
         while (runner && runner != b->imm_dom) {
            bool present = false;
            for (unsigned k = 0; k < runner->num_dom_frontier; k++)
               if (runner->dom_frontier[k] == b)
                  present = true;
            if (!present) {
               nir_block **df = arena_realloc(
                  a, runner->dom_frontier, sizeof(nir_block *) * runner->num_dom_frontier,
                  sizeof(nir_block *) * (runner->num_dom_frontier + 1));
               if (!df) {
                  shader->oom = true;
                  return;
               }
               df[runner->num_dom_frontier++] = b;
               runner->dom_frontier = df;
            }
            runner = runner->imm_dom;
         }
      }
   }

   unsigned counter = 0;
   number_dom_tree(start, &counter);
   impl->valid_metadata |= NIR_METADATA_DOMINANCE;
}

bool
nir_block_dominates(const nir_block *parent, const nir_block *child)
{
   /* An unreachable block is dominated by everything (no path reaches it);
    * an unreachable block dominates nothing reachable. */
   if (child->dom_pre_index == UINT32_MAX)
      return true;
   if (parent->dom_pre_index == UINT32_MAX)
      return false;
   return parent->dom_pre_index <= child->dom_pre_index &&
          child->dom_post_index <= parent->dom_post_index;
}

nir_block *
nir_dominance_lca(nir_block *b1, nir_block *b2)
{
   if (!b1)
      return b2;
   if (!b2)
      return b1;
   if (b1->dom_pre_index == UINT32_MAX)
      return b2;
   if (b2->dom_pre_index == UINT32_MAX)
      return b1;
   while (!nir_block_dominates(b1, b2))
      b1 = b1->imm_dom;
   return b1;
}

static bool
def_dominates_src(const nir_def *def, const nir_src *src, bool indexed)
{
   const nir_block *def_block = def->parent_instr->block;
   const nir_block *use_block = nir_src_get_block(src);
   if (!def_block || !use_block)
      return false;
   if (def_block == use_block) {
      const nir_instr *user = nir_src_parent_instr(src);
      /* If conditions and phi sources read at the end of the block. */
      if (!user || user->type == NIR_INSTR_TYPE_PHI)
         return true;
      if (def->parent_instr->type == NIR_INSTR_TYPE_PHI &&
          user->type != NIR_INSTR_TYPE_PHI)
         return true;
      if (indexed)
         return def->parent_instr->index < user->index;
      for (const nir_instr *i = def->parent_instr; i; i = nir_instr_next((nir_instr *)i))
         if (i == user)
            return i != def->parent_instr;
      return false;
   }
   return nir_block_dominates(def_block, use_block);
}

bool
nir_def_dominates_src(const nir_def *def, const nir_src *src)
{
   return def_dominates_src(def, src, false);
}

bool
nir_def_dominates_src_indexed(const nir_def *def, const nir_src *src)
{
   return def_dominates_src(def, src, true);
}

/* ------------------------------------------------------------------------------- */
/* Liveness                                                                        */
/* ------------------------------------------------------------------------------- */

struct live_state {
   unsigned words;
   BITSET_WORD *tmp;
};

static bool
set_live_cb(nir_src *src, void *data)
{
   BITSET_WORD *live = data;
   if (src->ssa && src->ssa->index != UINT32_MAX)
      BITSET_SET(live, src->ssa->index);
   return true;
}

/* live_in = (live_out - defs) + uses, walking the block backwards. Phi
 * sources are not uses of their block (they count at the predecessor). */
static bool
compute_live_in(nir_block *block, unsigned words, BITSET_WORD *tmp)
{
   memcpy(tmp, block->live_out, sizeof(BITSET_WORD) * words);
   nir_if *following_if = nir_block_get_following_if(block);
   if (following_if && following_if->condition.ssa)
      BITSET_SET(tmp, following_if->condition.ssa->index);
   nir_foreach_instr_reverse(instr, block)
   {
      nir_def *def = nir_instr_def(instr);
      if (def)
         BITSET_CLEAR(tmp, def->index);
      if (instr->type != NIR_INSTR_TYPE_PHI)
         nir_foreach_src(instr, set_live_cb, tmp);
   }
   bool changed = memcmp(tmp, block->live_in, sizeof(BITSET_WORD) * words) != 0;
   memcpy(block->live_in, tmp, sizeof(BITSET_WORD) * words);
   return changed;
}

static void
calc_liveness(nir_function_impl *impl)
{
   nir_shader *shader = nir_impl_shader_(impl);
   /* Dominance data shares the arena; recompute both together. */
   calc_dominance(impl);
   if (!impl->metadata_arena)
      return;
   nir_index_ssa_defs(impl);
   struct arena *a = impl->metadata_arena;
   const unsigned words = BITSET_WORDS(impl->ssa_alloc + 1);
   BITSET_WORD *tmp = arena_new_array(a, BITSET_WORD, words);
   if (!tmp) {
      shader->oom = true;
      return;
   }
   nir_foreach_block (block, impl) {
      block->live_in = arena_new_array(a, BITSET_WORD, words);
      block->live_out = arena_new_array(a, BITSET_WORD, words);
      if (!block->live_in || !block->live_out) {
         shader->oom = true;
         return;
      }
   }
   impl->end_block->live_in = arena_new_array(a, BITSET_WORD, words);
   impl->end_block->live_out = arena_new_array(a, BITSET_WORD, words);
   if (!impl->end_block->live_in || !impl->end_block->live_out) {
      shader->oom = true;
      return;
   }

   bool changed = true;
   while (changed) {
      changed = false;
      nir_foreach_block_reverse(block, impl)
      {
         for (unsigned s = 0; s < 2; s++) {
            nir_block *succ = block->successors[s];
            if (!succ)
               continue;
            for (unsigned w = 0; w < words; w++)
               block->live_out[w] |= succ->live_in[w];
            /* Phi sources coming from this block are live at its end; the
             * phi defs themselves are not live into succ. */
            nir_foreach_phi(phi, succ)
            {
               BITSET_CLEAR(block->live_out, phi->def.index);
            }
            nir_foreach_phi(phi, succ)
            {
               nir_phi_src *ps = nir_phi_get_src_from_block(phi, block);
               if (ps && ps->src.ssa)
                  BITSET_SET(block->live_out, ps->src.ssa->index);
            }
         }
         if (compute_live_in(block, words, tmp))
            changed = true;
      }
   }
   impl->valid_metadata |= NIR_METADATA_LIVE_DEFS;
}

bool
nir_def_is_live_at(nir_def *def, nir_instr *instr)
{
   if (BITSET_TEST(instr->block->live_out, def->index))
      return true;
   /* Live past instr if used later in the block (or by the following if). */
   nir_foreach_use (src, def) {
      if (src->is_if) {
         nir_cf_node *prev = nir_cf_node_prev(&src->parent_if->cf_node);
         if (prev && nir_cf_node_as_block(prev) == instr->block)
            return true;
         continue;
      }
      nir_instr *user = src->parent_instr;
      if (user->block != instr->block || user->type == NIR_INSTR_TYPE_PHI)
         continue;
      for (nir_instr *i = nir_instr_next(instr); i; i = nir_instr_next(i))
         if (i == user)
            return true;
   }
   return false;
}

/* ------------------------------------------------------------------------------- */
/* require / preserve                                                              */
/* ------------------------------------------------------------------------------- */

void
nir_metadata_require(nir_function_impl *impl, nir_metadata required)
{
   const nir_metadata missing = required & ~impl->valid_metadata;
   if (missing & NIR_METADATA_BLOCK_INDEX)
      nir_index_blocks(impl);
   if (missing & NIR_METADATA_INSTR_INDEX)
      nir_index_instrs(impl);
   if (missing & NIR_METADATA_LIVE_DEFS)
      calc_liveness(impl);
   else if (missing & NIR_METADATA_DOMINANCE)
      calc_dominance(impl);
}

void
nir_metadata_preserve(nir_function_impl *impl, nir_metadata preserved)
{
   impl->valid_metadata &= preserved;
}

void
nir_shader_preserve_all_metadata(nir_shader *shader)
{
   (void)shader;
}
