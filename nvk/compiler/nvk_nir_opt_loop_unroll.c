/* SPDX-License-Identifier: MIT */
/*
 * Full unrolling of small loops with a trip count known at compile time.
 *
 * The interpreter pays for every instruction once per strip, and a loop
 * costs more than its body: the compare, the break, the mask bookkeeping at
 * the end of the iteration and the copies of the loop-carried values (phis).
 * Unrolled, the induction variable is a constant in each copy and folds
 * into the address arithmetic (with nvk_nir_opt_offsets, into the memory
 * instruction itself): the inner loop of a tiled matrix multiply goes from
 * 16 interpreted instructions per step to 4.
 *
 * The loops this handles, the shape a `for (i = c0; i < c1; i += c2)` with
 * a straight-line body takes after vars_to_ssa:
 *
 *    loop {
 *       header: phis, straight-line code, no jump
 *       if (cond) { break } else { }      (or the other way round; the
 *                                           break block has nothing else,
 *                                           the other one is empty)
 *       body: straight-line code, no jump
 *    } continue {
 *       (empty, or one block of straight-line code)
 *    }
 *
 * The trip count is found by running the loop on constants: the header
 * phis start from their (constant) values before the loop and every ALU
 * instruction whose sources are known is folded, iteration after iteration,
 * until the condition leaves the loop (or the limits are hit: then nothing
 * changes). Whatever the condition depends on must fold; everything else
 * (memory, barriers...) is simply copied. The loop becomes `trips` copies
 * of header + body + continue and a last copy of the header (which runs once
 * more than the body, for its side effects and for the values used after
 * the loop).
 */
#include <stdlib.h>
#include <string.h>

#include "nvk_nir.h"

/* Most iterations and most instructions a loop may turn into. */
#define UNROLL_MAX_TRIPS  32
#define UNROLL_MAX_INSTRS 512

struct unroll_loop {
   nir_loop *loop;
   nir_block *header, *body, *cont; /* cont may be NULL */
   nir_block *pre;                  /* the block before the loop */
   nir_if *nif;
   bool break_on_true;
};

static bool
block_is_straight(nir_block *block)
{
   nir_instr *last = nir_block_last_instr(block);
   return !last || last->type != NIR_INSTR_TYPE_JUMP;
}

static bool
block_is_empty(nir_block *block)
{
   return nir_block_last_instr(block) == NULL;
}

static bool
block_is_only_break(nir_block *block)
{
   nir_instr *last = nir_block_last_instr(block);
   return last && last->type == NIR_INSTR_TYPE_JUMP &&
          nir_instr_as_jump(last)->type == NIR_JUMP_BREAK && nir_instr_prev(last) == NULL;
}

/* A one-block cf list, or NULL. */
static nir_block *
single_block(struct list_head *list)
{
   if (list_is_empty(list) || list->next->next != list)
      return NULL;
   nir_cf_node *n = list_first_entry(list, nir_cf_node, node);
   return n->type == NIR_CF_NODE_BLOCK ? nir_cf_node_as_block(n) : NULL;
}

/* Whether the loop has the shape above; fills u. */
static bool
match_loop(nir_loop *loop, struct unroll_loop *u)
{
   memset(u, 0, sizeof(*u));
   u->loop = loop;
   if (loop->control == NIR_LOOP_CONTROL_DONT_UNROLL)
      return false;
   /* body: block, if, block */
   struct list_head *l = &loop->body;
   nir_cf_node *n0 = list_first_entry(l, nir_cf_node, node);
   nir_cf_node *n1 = nir_cf_node_next(n0);
   nir_cf_node *n2 = n1 ? nir_cf_node_next(n1) : NULL;
   if (!n2 || nir_cf_node_next(n2) || n0->type != NIR_CF_NODE_BLOCK ||
       n1->type != NIR_CF_NODE_IF || n2->type != NIR_CF_NODE_BLOCK)
      return false;
   u->header = nir_cf_node_as_block(n0);
   u->nif = nir_cf_node_as_if(n1);
   u->body = nir_cf_node_as_block(n2);
   if (!block_is_straight(u->header) || !block_is_straight(u->body))
      return false;
   nir_block *then_b = single_block(&u->nif->then_list);
   nir_block *else_b = single_block(&u->nif->else_list);
   if (!then_b || !else_b)
      return false;
   if (block_is_only_break(then_b) && block_is_empty(else_b))
      u->break_on_true = true;
   else if (block_is_only_break(else_b) && block_is_empty(then_b))
      u->break_on_true = false;
   else
      return false;
   if (!list_is_empty(&loop->continue_list)) {
      u->cont = single_block(&loop->continue_list);
      if (!u->cont || !block_is_straight(u->cont))
         return false;
   }
   nir_cf_node *prev = nir_cf_node_prev(&loop->cf_node);
   nir_cf_node *next = nir_cf_node_next(&loop->cf_node);
   if (!prev || prev->type != NIR_CF_NODE_BLOCK || !next ||
       next->type != NIR_CF_NODE_BLOCK)
      return false;
   u->pre = nir_cf_node_as_block(prev);
   /* The block after the loop is reached from the break only: no phis
    * expected there, but do not touch a loop that has them. */
   nir_foreach_phi(phi, nir_cf_node_as_block(next)) return false;
   return true;
}

static unsigned
count_instrs(nir_block *block)
{
   unsigned n = 0;
   nir_foreach_instr (instr, block) {
      if (instr->type != NIR_INSTR_TYPE_PHI)
         n++;
   }
   return n;
}

/* --- the trip count: the loop run on constants ------------------------------------ */

struct sim {
   nir_const_value (*val)[NIR_MAX_VEC_COMPONENTS]; /* by def index */
   BITSET_WORD *known;
   unsigned num_defs;
   unsigned float_controls;
};

static const nir_const_value *
sim_value(struct sim *s, nir_def *def)
{
   if (def->parent_instr->type == NIR_INSTR_TYPE_LOAD_CONST)
      return nir_instr_as_load_const(def->parent_instr)->value;
   if (def->index < s->num_defs && BITSET_TEST(s->known, def->index))
      return s->val[def->index];
   return NULL;
}

static void
sim_set(struct sim *s, nir_def *def, const nir_const_value *v)
{
   if (def->index >= s->num_defs)
      return;
   memcpy(s->val[def->index], v, sizeof(nir_const_value) * def->num_components);
   BITSET_SET(s->known, def->index);
}

static void
sim_forget(struct sim *s, nir_def *def)
{
   if (def->index < s->num_defs)
      BITSET_CLEAR(s->known, def->index);
}

static void
sim_instr(struct sim *s, nir_instr *instr)
{
   switch (instr->type) {
   case NIR_INSTR_TYPE_LOAD_CONST: {
      nir_load_const_instr *lc = nir_instr_as_load_const(instr);
      sim_set(s, &lc->def, lc->value);
      return;
   }
   case NIR_INSTR_TYPE_ALU: {
      nir_alu_instr *alu = nir_instr_as_alu(instr);
      const nir_op_info *info = &nir_op_infos[alu->op];
      nir_const_value values[NIR_MAX_VEC_COMPONENTS][NIR_MAX_VEC_COMPONENTS];
      nir_const_value *srcs[NIR_MAX_VEC_COMPONENTS];
      nir_const_value dst[NIR_MAX_VEC_COMPONENTS];
      bool ok = info->foldable;
      for (unsigned i = 0; ok && i < info->num_inputs; i++) {
         const nir_const_value *c = sim_value(s, alu->src[i].src.ssa);
         if (!c) {
            ok = false;
            break;
         }
         const unsigned n = nir_ssa_alu_instr_src_components(alu, i);
         for (unsigned k = 0; k < n; k++)
            values[i][k] = c[alu->src[i].swizzle[k]];
         srcs[i] = values[i];
      }
      if (ok)
         ok = nir_eval_const_opcode(alu->op, dst, alu->def.num_components,
                                    nir_alu_instr_unsized_bit_size(alu), srcs,
                                    s->float_controls);
      if (ok)
         sim_set(s, &alu->def, dst);
      else
         sim_forget(s, &alu->def);
      return;
   }
   default: {
      nir_def *def = nir_instr_def(instr);
      if (def)
         sim_forget(s, def);
      return;
   }
   }
}

static void
sim_block(struct sim *s, nir_block *block)
{
   nir_foreach_instr (instr, block) {
      if (instr->type != NIR_INSTR_TYPE_PHI)
         sim_instr(s, instr);
   }
}

/* Phis take their values from `pred` (values computed before any is set:
 * phis are parallel). */
static void
sim_phis(struct sim *s, nir_block *header, nir_block *pred)
{
   nir_const_value tmp[8][NIR_MAX_VEC_COMPONENTS];
   nir_phi_instr *phis[8];
   bool known[8];
   unsigned n = 0;
   nir_foreach_phi(phi, header)
   {
      if (n == ARRAY_SIZE(phis)) {
         /* Many loop-carried values: only the first 8 can steer the loop
          * here; the others are forgotten (unknown). */
         sim_forget(s, &phi->def);
         continue;
      }
      nir_phi_src *ps = nir_phi_get_src_from_block(phi, pred);
      const nir_const_value *v = ps ? sim_value(s, ps->src.ssa) : NULL;
      known[n] = v != NULL;
      if (v)
         memcpy(tmp[n], v, sizeof(nir_const_value) * phi->def.num_components);
      phis[n++] = phi;
   }
   for (unsigned i = 0; i < n; i++) {
      if (known[i])
         sim_set(s, &phis[i]->def, tmp[i]);
      else
         sim_forget(s, &phis[i]->def);
   }
}

/* Trip count (body executions), or -1. */
static int
trip_count(struct sim *s, const struct unroll_loop *u)
{
   /* Values from before the loop are known if they are constants
    * (sim_value looks at load_consts directly; the constant folder has
    * folded everything computed from constants). */
   memset(s->known, 0, BITSET_WORDS(s->num_defs) * sizeof(BITSET_WORD));
   nir_block *latch = u->cont ? u->cont : u->body;
   for (unsigned it = 0; it <= UNROLL_MAX_TRIPS; it++) {
      sim_phis(s, u->header, it == 0 ? u->pre : latch);
      sim_block(s, u->header);
      const nir_const_value *c = sim_value(s, u->nif->condition.ssa);
      if (!c)
         return -1;
      if (c[0].b == u->break_on_true)
         return (int)it;
      sim_block(s, u->body);
      if (u->cont)
         sim_block(s, u->cont);
   }
   return -1;
}

/* --- the copy ---------------------------------------------------------------------- */

struct copier {
   nir_shader *shader;
   nir_def **map; /* old def index -> copy */
   unsigned num_defs;
   nir_cursor cursor;
};

static nir_def *
mapped(struct copier *c, nir_def *def)
{
   if (def->index < c->num_defs && c->map[def->index])
      return c->map[def->index];
   return def;
}

static bool
remap_src(nir_src *src, void *data)
{
   src->ssa = mapped(data, src->ssa);
   return true;
}

static bool
copy_block(struct copier *c, nir_block *block)
{
   nir_foreach_instr (instr, block) {
      if (instr->type == NIR_INSTR_TYPE_PHI)
         continue;
      nir_instr *copy = nir_instr_clone(c->shader, instr);
      if (!copy)
         return false;
      /* Not inserted yet: the sources are not in use lists. */
      nir_foreach_src(copy, remap_src, c);
      nir_instr_insert(c->cursor, copy);
      c->cursor = nir_after_instr(copy);
      nir_def *old = nir_instr_def(instr), *def = nir_instr_def(copy);
      if (old && old->index < c->num_defs)
         c->map[old->index] = def;
   }
   return true;
}

static bool
unroll(nir_function_impl *impl, const struct unroll_loop *u, unsigned trips)
{
   nir_shader *shader = impl->function->shader;
   struct copier c = {
      .shader = shader,
      .num_defs = impl->ssa_alloc,
      .cursor = nir_before_cf_node(&u->loop->cf_node),
   };
   c.map = calloc(c.num_defs, sizeof(*c.map));
   if (!c.map) {
      shader->oom = true;
      return false;
   }
   nir_block *latch = u->cont ? u->cont : u->body;
   nir_def *phi_val[64];
   for (unsigned it = 0; it <= trips; it++) {
      /* Phis: the value from before the loop, then the previous copy's. */
      unsigned n = 0;
      nir_foreach_phi(phi, u->header)
      {
         nir_phi_src *ps = nir_phi_get_src_from_block(phi, it == 0 ? u->pre : latch);
         phi_val[n++] = mapped(&c, ps->src.ssa);
      }
      n = 0;
      nir_foreach_phi(phi, u->header) c.map[phi->def.index] = phi_val[n++];
      if (!copy_block(&c, u->header))
         goto oom;
      if (it == trips)
         break;
      if (!copy_block(&c, u->body) || (u->cont && !copy_block(&c, u->cont)))
         goto oom;
   }
   /* Uses after the loop see the last copy of the header. */
   nir_foreach_phi(phi, u->header) nir_def_rewrite_uses(&phi->def, c.map[phi->def.index]);
   nir_foreach_instr (instr, u->header) {
      nir_def *def = nir_instr_def(instr);
      if (def && instr->type != NIR_INSTR_TYPE_PHI)
         nir_def_rewrite_uses(def, c.map[def->index]);
   }
   free(c.map);
   nir_cf_node_remove(&u->loop->cf_node);
   return true;
oom:
   free(c.map);
   shader->oom = true;
   return false;
}

/* Innermost loops (no control flow in them), outermost first. */
static void
collect_loops(struct list_head *list, nir_loop ***loops, unsigned *n, unsigned *cap)
{
   list_for_each_entry(nir_cf_node, node, list, node)
   {
      if (node->type == NIR_CF_NODE_IF) {
         nir_if *nif = nir_cf_node_as_if(node);
         collect_loops(&nif->then_list, loops, n, cap);
         collect_loops(&nif->else_list, loops, n, cap);
      } else if (node->type == NIR_CF_NODE_LOOP) {
         nir_loop *loop = nir_cf_node_as_loop(node);
         if (*n == *cap) {
            *cap = *cap ? *cap * 2 : 8;
            nir_loop **grown = realloc(*loops, *cap * sizeof(**loops));
            if (!grown)
               return;
            *loops = grown;
         }
         (*loops)[(*n)++] = loop;
         collect_loops(&loop->body, loops, n, cap);
         collect_loops(&loop->continue_list, loops, n, cap);
      }
   }
}

static bool
unroll_impl(nir_function_impl *impl)
{
   nir_loop **loops = NULL;
   unsigned n = 0, cap = 0;
   collect_loops(&impl->body, &loops, &n, &cap);
   if (n == 0) {
      free(loops);
      return false;
   }
   nir_shader *shader = impl->function->shader;
   struct sim s = {
      .num_defs = impl->ssa_alloc,
      .float_controls = shader->info.float_controls,
   };
   s.val = malloc(sizeof(*s.val) * s.num_defs);
   s.known = calloc(BITSET_WORDS(s.num_defs), sizeof(BITSET_WORD));
   bool progress = false;
   if (!s.val || !s.known) {
      shader->oom = true;
      n = 0;
   }
   /* Loops matching the shape have no loops inside, so unrolling one
    * leaves the others in place. */
   for (unsigned i = 0; i < n; i++) {
      struct unroll_loop u;
      if (!match_loop(loops[i], &u))
         continue;
      unsigned phis = 0;
      nir_foreach_phi(phi, u.header) phis++;
      if (phis > 64)
         continue;
      const int trips = trip_count(&s, &u);
      if (trips < 0)
         continue;
      const unsigned per_trip = count_instrs(u.header) + count_instrs(u.body) +
                                (u.cont ? count_instrs(u.cont) : 0);
      if ((unsigned)trips * per_trip + count_instrs(u.header) > UNROLL_MAX_INSTRS)
         continue;
      if (!unroll(impl, &u, (unsigned)trips))
         break;
      progress = true;
   }
   free(s.val);
   free(s.known);
   free(loops);
   nir_metadata_preserve(impl, progress ? NIR_METADATA_NONE : NIR_METADATA_ALL);
   return progress;
}

bool
nvk_nir_opt_loop_unroll(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader) progress |= unroll_impl(impl);
   return progress;
}
