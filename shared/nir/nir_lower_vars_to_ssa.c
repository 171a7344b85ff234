/* SPDX-License-Identifier: MIT */
/*
 * Promotes function_temp variables to SSA values: the classic construction
 * (phis at the iterated dominance frontier of the stores, then renaming in
 * a dominator-tree walk).
 *
 * A variable qualifies when every deref built on it is a struct member or
 * an array element with a constant index, and every use of those derefs is
 * a load_deref, store_deref or copy_deref. Each vector/scalar leaf reached
 * ("slot": e.g. s.arr[2].v) becomes its own SSA value; a constant index
 * into a vector reads/writes one component of its leaf. Copies between
 * direct derefs are split into per-leaf loads and stores first.
 *
 * Phis are not pruned: the ones nobody reads are for nir_opt_dce.
 */
#include "nir/nir.h"
#include "nir/nir_builder.h"

#include <string.h>

#include "nir/nir_private.h"
#include "util/arena.h"
#include "util/dynarray.h"
#include "util/hash_table.h"

struct slot {
   nir_variable *var;
   unsigned num_components, bit_size;
   const nir_constant *init;   /* leaf of the variable's initializer, or NULL */
   nir_def *initial;           /* created on first need */
   struct dynarray stack;      /* of nir_def * */
   unsigned serial;            /* 1 + index in slot_list */
   struct dynarray def_blocks; /* of nir_block * (stores) */
};

struct state {
   nir_shader *shader;
   nir_function_impl *impl;
   struct arena *tmp;
   struct hash_table *candidates; /* nir_variable * -> (void *)1 promotable, 2 not */
   struct hash_table *slots;      /* slot key -> struct slot * */
   struct dynarray slot_list;     /* struct slot *, in order of first access */
   struct hash_table *phi_slot;   /* nir_phi_instr * -> struct slot * */
   /* By block index: the serial of the last slot given a phi there. One
    * array for all slots (phis are placed slot by slot), where one per slot
    * made memory and time quadratic: slots x blocks. */
   unsigned *phi_mark;
   bool oom;
};

/* ------------------------------------------------------------------------------- */
/* Which variables can be promoted                                                 */
/* ------------------------------------------------------------------------------- */

static bool
deref_is_direct_child(nir_deref_instr *d)
{
   if (d->deref_type == NIR_DEREF_TYPE_STRUCT)
      return true;
   if (d->deref_type == NIR_DEREF_TYPE_ARRAY)
      return nir_src_is_const(d->arr.index);
   return false;
}

/* Checks all uses of a deref chain rooted at a candidate variable. */
static bool
uses_are_promotable(nir_deref_instr *d)
{
   nir_foreach_use (src, &d->def) {
      nir_instr *user = nir_src_parent_instr(src);
      if (!user)
         return false;
      if (user->type == NIR_INSTR_TYPE_DEREF) {
         nir_deref_instr *child = nir_instr_as_deref(user);
         if (&child->parent != src || !deref_is_direct_child(child) ||
             !uses_are_promotable(child))
            return false;
         continue;
      }
      if (user->type != NIR_INSTR_TYPE_INTRINSIC)
         return false;
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(user);
      switch (intr->intrinsic) {
      case NIR_INTRINSIC_LOAD_DEREF:
         break;
      case NIR_INTRINSIC_STORE_DEREF:
         if (src != &intr->src[0])
            return false; /* the pointer itself is being stored */
         break;
      case NIR_INTRINSIC_COPY_DEREF:
         break;
      default:
         return false;
      }
      if (nir_intrinsic_has_access(intr) &&
          (nir_intrinsic_access(intr) & NIR_ACCESS_VOLATILE))
         return false;
   }
   return true;
}

static bool
var_is_candidate(struct state *st, nir_variable *var)
{
   struct hash_entry *e = hash_table_search(st->candidates, var);
   return e && e->data == (void *)1;
}

static void
find_candidates(struct state *st)
{
   nir_foreach_function_temp_variable(var, st->impl)
   {
      if (!hash_table_insert(st->candidates, var, (void *)1))
         st->oom = true;
   }
   nir_foreach_block (block, st->impl) {
      nir_foreach_instr (instr, block) {
         if (instr->type != NIR_INSTR_TYPE_DEREF)
            continue;
         nir_deref_instr *d = nir_instr_as_deref(instr);
         if (d->deref_type == NIR_DEREF_TYPE_VAR) {
            if (!uses_are_promotable(d)) {
               struct hash_entry *e = hash_table_search(st->candidates, d->var);
               if (e)
                  e->data = (void *)2;
            }
         }
      }
   }
}

/* ------------------------------------------------------------------------------- */
/* Splitting copies                                                                */
/* ------------------------------------------------------------------------------- */

static bool
type_has_unsized_array(const struct glsl_type *t)
{
   if (glsl_type_is_unsized_array(t))
      return true;
   if (glsl_type_is_array(t))
      return type_has_unsized_array(glsl_get_array_element(t));
   if (glsl_type_is_struct(t))
      for (unsigned i = 0; i < glsl_get_length(t); i++)
         if (type_has_unsized_array(glsl_get_struct_field(t, i)))
            return true;
   return false;
}

static void
emit_leaf_copies(nir_builder *b, nir_deref_instr *dst, nir_deref_instr *src)
{
   const struct glsl_type *t = dst->type;
   if (glsl_type_is_vector_or_scalar(t)) {
      nir_store_deref(b, dst, nir_load_deref(b, src), 0);
   } else if (glsl_type_is_struct(t)) {
      for (unsigned i = 0; i < glsl_get_length(t); i++)
         emit_leaf_copies(b, nir_build_deref_struct(b, dst, i),
                          nir_build_deref_struct(b, src, i));
   } else {
      /* Arrays and matrices: element by element. */
      const unsigned n = glsl_get_length(t);
      for (unsigned i = 0; i < n; i++)
         emit_leaf_copies(b, nir_build_deref_array_imm(b, dst, i),
                          nir_build_deref_array_imm(b, src, i));
   }
}

/* Splits copies touching candidate variables when both sides are direct. */
static bool
split_copies(struct state *st)
{
   bool progress = false;
   nir_builder b = nir_builder_at(nir_before_impl(st->impl));
   nir_foreach_block (block, st->impl) {
      nir_foreach_instr_safe (instr, block) {
         if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
            continue;
         nir_intrinsic_instr *copy = nir_instr_as_intrinsic(instr);
         if (copy->intrinsic != NIR_INTRINSIC_COPY_DEREF)
            continue;
         nir_deref_instr *dst = nir_src_as_deref(copy->src[0]);
         nir_deref_instr *src = nir_src_as_deref(copy->src[1]);
         if (!dst || !src)
            continue;
         nir_variable *dv = nir_deref_instr_get_variable(dst);
         nir_variable *sv = nir_deref_instr_get_variable(src);
         if (!(dv && var_is_candidate(st, dv)) && !(sv && var_is_candidate(st, sv)))
            continue;
         if (nir_deref_instr_has_indirect(dst) || nir_deref_instr_has_indirect(src) ||
             dst->type != src->type || type_has_unsized_array(dst->type))
            continue;
         b.cursor = nir_before_instr(instr);
         emit_leaf_copies(&b, dst, src);
         nir_instr_remove(instr);
         nir_deref_instr_remove_if_unused(dst);
         nir_deref_instr_remove_if_unused(src);
         progress = true;
      }
   }
   return progress;
}

/* ------------------------------------------------------------------------------- */
/* Slots                                                                           */
/* ------------------------------------------------------------------------------- */

/* The leaf (vector/scalar deref) an access goes to, and the component when
 * the access is to one element of a vector (else -1). */
static nir_deref_instr *
access_leaf(nir_deref_instr *d, int *component)
{
   *component = -1;
   nir_deref_instr *parent = nir_deref_instr_parent(d);
   if (d->deref_type == NIR_DEREF_TYPE_ARRAY && parent &&
       glsl_type_is_vector(parent->type)) {
      *component = (int)nir_src_as_uint(d->arr.index);
      return parent;
   }
   return d;
}

static const nir_constant *
constant_leaf(const nir_constant *c, unsigned index)
{
   if (!c || c->is_null_constant)
      return c;
   return index < c->num_elements ? c->elements[index] : NULL;
}

/* A slot's key: key[0] is the number of words that follow, the variable
 * then the struct member or array index of every step down to the leaf. */
static uint32_t
slot_key_hash(const void *key)
{
   const uint64_t *k = key;
   return util_hash_data(k, (k[0] + 1) * sizeof(uint64_t));
}

static bool
slot_key_equal(const void *a, const void *b)
{
   const uint64_t *ka = a, *kb = b;
   return ka[0] == kb[0] && memcmp(ka + 1, kb + 1, ka[0] * sizeof(uint64_t)) == 0;
}

static struct slot *
get_slot(struct state *st, nir_deref_instr *leaf)
{
   nir_deref_path path;
   if (!nir_deref_path_init(&path, leaf, st->tmp)) {
      st->oom = true;
      return NULL;
   }
   /* Most paths are short: their key is built on the stack and copied into
    * the pass's arena only when it names a new slot. */
   uint64_t short_key[8];
   const size_t key_words = (size_t)path.length + 1;
   uint64_t *key = key_words <= ARRAY_SIZE(short_key)
                      ? short_key
                      : arena_new_array(st->tmp, uint64_t, key_words);
   if (!key) {
      st->oom = true;
      return NULL;
   }
   nir_variable *var = path.path[0]->var;
   key[0] = path.length;
   key[1] = (uint64_t)(uintptr_t)var; /* lookup only; order comes from slot_list */
   const nir_constant *init = var->constant_initializer;
   for (unsigned i = 1; i < path.length; i++) {
      nir_deref_instr *d = path.path[i];
      const unsigned idx = d->deref_type == NIR_DEREF_TYPE_STRUCT
                              ? d->strct.index
                              : (unsigned)nir_src_as_uint(d->arr.index);
      key[1 + i] = idx;
      init = constant_leaf(init, idx);
   }
   struct hash_entry *e = hash_table_search(st->slots, key);
   if (e)
      return e->data;
   struct slot *s = arena_new(st->tmp, struct slot);
   if (key == short_key)
      key = arena_memdup(st->tmp, short_key, key_words * sizeof(uint64_t));
   if (!s || !key) {
      st->oom = true;
      return NULL;
   }
   s->var = var;
   s->num_components = glsl_get_vector_elements(leaf->type);
   s->bit_size = glsl_get_bit_size(leaf->type);
   s->init = init;
   dynarray_init(&s->stack, st->tmp);
   dynarray_init(&s->def_blocks, st->tmp);
   s->serial = (unsigned)dynarray_num_elements(&st->slot_list, struct slot *) + 1;
   if (!hash_table_insert(st->slots, key, s) ||
       !dynarray_append(&st->slot_list, struct slot *, s)) {
      st->oom = true;
      return NULL;
   }
   return s;
}

/* The slot an intrinsic accesses, or NULL if it is not a promoted access. */
static struct slot *
access_slot(struct state *st, nir_intrinsic_instr *intr, int *component)
{
   if (intr->intrinsic != NIR_INTRINSIC_LOAD_DEREF &&
       intr->intrinsic != NIR_INTRINSIC_STORE_DEREF)
      return NULL;
   nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
   if (!d)
      return NULL;
   nir_variable *var = nir_deref_instr_get_variable(d);
   if (!var || !var_is_candidate(st, var))
      return NULL;
   return get_slot(st, access_leaf(d, component));
}

static nir_def *
slot_initial(struct state *st, struct slot *s)
{
   if (s->initial)
      return s->initial;
   nir_builder b = nir_builder_at(nir_before_impl(st->impl));
   const nir_constant *c = s->init;
   if (c) {
      nir_const_value v[NIR_MAX_VEC_COMPONENTS];
      for (unsigned i = 0; i < s->num_components; i++)
         v[i] = c->is_null_constant ? nir_const_value_for_raw_uint(0, s->bit_size)
                                    : c->values[i];
      s->initial = nir_build_imm(&b, s->num_components, s->bit_size, v);
   } else {
      s->initial = nir_undef(&b, s->num_components, s->bit_size);
   }
   return s->initial;
}

static nir_def *
slot_top(struct state *st, struct slot *s)
{
   const size_t n = dynarray_num_elements(&s->stack, nir_def *);
   return n ? *dynarray_element(&s->stack, nir_def *, n - 1) : slot_initial(st, s);
}

/* ------------------------------------------------------------------------------- */
/* Phi placement                                                                   */
/* ------------------------------------------------------------------------------- */

static void
place_phis(struct state *st, struct slot *s)
{
   struct dynarray work;
   dynarray_init(&work, st->tmp);
   dynarray_foreach (&s->def_blocks, nir_block *, b) {
      if (!dynarray_append(&work, nir_block *, *b))
         st->oom = true;
   }
   while (dynarray_num_elements(&work, nir_block *)) {
      work.size_B -= sizeof(nir_block *);
      nir_block *b = *(nir_block **)((char *)work.data + work.size_B);
      for (unsigned i = 0; i < b->num_dom_frontier; i++) {
         nir_block *df = b->dom_frontier[i];
         /* Nothing runs in the end block: no value needs merging there. */
         if (st->phi_mark[df->index] == s->serial || df == st->impl->end_block)
            continue;
         nir_phi_instr *phi = nir_phi_instr_create(st->shader);
         if (!phi) {
            st->oom = true;
            return;
         }
         nir_def_init(&phi->instr, &phi->def, s->num_components, s->bit_size);
         nir_instr_insert(nir_before_block(df), &phi->instr);
         st->phi_mark[df->index] = s->serial;
         if (!hash_table_insert(st->phi_slot, phi, s) ||
             !dynarray_append(&work, nir_block *, df))
            st->oom = true;
      }
   }
}

/* ------------------------------------------------------------------------------- */
/* Renaming                                                                        */
/* ------------------------------------------------------------------------------- */

static void
push(struct state *st, struct slot *s, nir_def *value, struct dynarray *pushed)
{
   if (!dynarray_append(&s->stack, nir_def *, value) ||
       !dynarray_append(pushed, struct slot *, s))
      st->oom = true;
}

static void
rename_block(struct state *st, nir_block *block, struct dynarray *pushed)
{
   nir_builder b = nir_builder_at(nir_before_block(block));
   nir_foreach_instr_safe (instr, block) {
      if (instr->type == NIR_INSTR_TYPE_PHI) {
         struct hash_entry *e = hash_table_search(st->phi_slot, instr);
         if (e)
            push(st, e->data, &nir_instr_as_phi(instr)->def, pushed);
         continue;
      }
      if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
         continue;
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      int comp;
      struct slot *s = access_slot(st, intr, &comp);
      if (!s)
         continue;
      b.cursor = nir_before_instr(instr);
      nir_def *cur = slot_top(st, s);
      if (intr->intrinsic == NIR_INTRINSIC_LOAD_DEREF) {
         nir_def *v = comp >= 0 ? nir_channel(&b, cur, (unsigned)comp) : cur;
         nir_def_rewrite_uses(&intr->def, v);
      } else {
         nir_def *value = intr->src[1].ssa;
         nir_def *nv;
         if (comp >= 0) {
            nv =
               nir_vector_insert_imm(&b, cur, nir_channel(&b, value, 0), (unsigned)comp);
         } else {
            const unsigned mask = nir_intrinsic_write_mask(intr);
            if (mask == BITFIELD_MASK(s->num_components)) {
               nv = value;
            } else {
               nir_def *comps[NIR_MAX_VEC_COMPONENTS];
               for (unsigned c = 0; c < s->num_components; c++)
                  comps[c] = nir_channel(&b, (mask & (1u << c)) ? value : cur, c);
               nv = nir_vec(&b, comps, s->num_components);
            }
         }
         push(st, s, nv, pushed);
      }
      nir_instr_remove(instr);
   }

   for (unsigned i = 0; i < 2; i++) {
      nir_block *succ = block->successors[i];
      if (!succ)
         continue;
      nir_foreach_phi(phi, succ)
      {
         struct hash_entry *e = hash_table_search(st->phi_slot, phi);
         if (e && !nir_phi_get_src_from_block(phi, block))
            nir_phi_instr_add_src(phi, block, slot_top(st, e->data));
      }
   }
}

struct frame {
   nir_block *block;
   unsigned child;
   size_t pushed_mark;
};

static void
rename_vars(struct state *st)
{
   struct dynarray frames, pushed;
   dynarray_init(&frames, st->tmp);
   dynarray_init(&pushed, st->tmp);
   struct frame root = {nir_start_block(st->impl), 0, 0};
   if (!dynarray_append(&frames, struct frame, root)) {
      st->oom = true;
      return;
   }
   rename_block(st, root.block, &pushed);
   while (dynarray_num_elements(&frames, struct frame) && !st->oom) {
      struct frame *f = dynarray_element(
         &frames, struct frame, dynarray_num_elements(&frames, struct frame) - 1);
      if (f->child < f->block->num_dom_children) {
         struct frame c = {f->block->dom_children[f->child++], 0, pushed.size_B};
         if (!dynarray_append(&frames, struct frame, c)) {
            st->oom = true;
            return;
         }
         rename_block(st, c.block, &pushed);
         continue;
      }
      while (pushed.size_B > f->pushed_mark) {
         pushed.size_B -= sizeof(struct slot *);
         struct slot *s = *(struct slot **)((char *)pushed.data + pushed.size_B);
         s->stack.size_B -= sizeof(nir_def *);
      }
      frames.size_B -= sizeof(struct frame);
   }
}

/* Blocks the dominator walk never reached (unreachable code): loads read
 * the initial value, stores vanish. */
static void
clean_unreachable(struct state *st)
{
   nir_foreach_block (block, st->impl) {
      nir_foreach_instr_safe (instr, block) {
         if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
            continue;
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         int comp;
         struct slot *s = access_slot(st, intr, &comp);
         if (!s)
            continue;
         if (intr->intrinsic == NIR_INTRINSIC_LOAD_DEREF) {
            nir_builder b = nir_builder_at(nir_before_instr(instr));
            nir_def *init = slot_initial(st, s);
            nir_def_rewrite_uses(
               &intr->def, comp >= 0 ? nir_channel(&b, init, (unsigned)comp) : init);
         }
         nir_instr_remove(instr);
      }
      /* Phis we placed must have a source for every predecessor. */
      nir_foreach_phi(phi, block)
      {
         struct hash_entry *e = hash_table_search(st->phi_slot, phi);
         if (!e)
            continue;
         for (unsigned p = 0; p < block->num_predecessors; p++)
            if (!nir_phi_get_src_from_block(phi, block->predecessors[p]))
               nir_phi_instr_add_src(
                  phi, block->predecessors[p],
                  nir_impl_undef_(st->impl, phi->def.num_components, phi->def.bit_size));
      }
   }
}

static void
remove_derefs_and_vars(struct state *st)
{
   /* Reverse order: children before parents. */
   nir_foreach_block_reverse(block, st->impl)
   {
      for (nir_instr *instr = nir_block_last_instr(block); instr;) {
         nir_instr *prev = nir_instr_prev(instr);
         if (instr->type == NIR_INSTR_TYPE_DEREF) {
            nir_deref_instr *d = nir_instr_as_deref(instr);
            nir_variable *var = nir_deref_instr_get_variable(d);
            if (var && var_is_candidate(st, var) && nir_def_is_unused(&d->def))
               nir_instr_remove(instr);
         }
         instr = prev;
      }
   }
   list_for_each_entry_safe(nir_variable, var, &st->impl->locals, node)
   {
      if (var_is_candidate(st, var))
         list_del(&var->node);
   }
}

static bool
lower_impl(nir_shader *shader, nir_function_impl *impl)
{
   if (list_is_empty(&impl->locals))
      return false;
   struct state st = {.shader = shader, .impl = impl};
   st.tmp = arena_create(NULL);
   dynarray_init(&st.slot_list, st.tmp);
   st.candidates = hash_table_create(NULL, util_hash_pointer, util_equal_pointer);
   st.slots = hash_table_create(NULL, slot_key_hash, slot_key_equal);
   st.phi_slot = hash_table_create(NULL, util_hash_pointer, util_equal_pointer);
   bool progress = false;
   if (!st.tmp || !st.candidates || !st.slots || !st.phi_slot) {
      shader->oom = true;
      goto out;
   }

   find_candidates(&st);
   bool any = false;
   hash_table_foreach (st.candidates, e) {
      if (e->data == (void *)1)
         any = true;
   }
   if (!any || st.oom)
      goto out;
   progress = true;
   split_copies(&st);

   nir_metadata_require(impl, NIR_METADATA_DOMINANCE);
   st.phi_mark = arena_new_array(st.tmp, unsigned, impl->num_blocks);
   if (!st.phi_mark) {
      st.oom = true;
      goto out;
   }

   /* Slots and their store blocks. */
   nir_foreach_block (block, impl) {
      nir_foreach_instr (instr, block) {
         if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
            continue;
         int comp;
         struct slot *s = access_slot(&st, nir_instr_as_intrinsic(instr), &comp);
         if (s && nir_instr_as_intrinsic(instr)->intrinsic == NIR_INTRINSIC_STORE_DEREF &&
             !dynarray_append(&s->def_blocks, nir_block *, block))
            st.oom = true;
      }
   }
   dynarray_foreach (&st.slot_list, struct slot *, s)
      place_phis(&st, *s);
   if (st.oom)
      goto out;
   rename_vars(&st);
   clean_unreachable(&st);
   remove_derefs_and_vars(&st);

out:
   if (st.oom)
      shader->oom = true;
   hash_table_destroy(st.candidates);
   hash_table_destroy(st.slots);
   hash_table_destroy(st.phi_slot);
   if (st.tmp)
      arena_destroy(st.tmp);
   nir_metadata_preserve(impl, progress ? NIR_METADATA_CONTROL_FLOW : NIR_METADATA_ALL);
   return progress;
}

bool
nir_lower_vars_to_ssa(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
   {
      if (lower_impl(shader, impl))
         progress = true;
   }
   return progress;
}
