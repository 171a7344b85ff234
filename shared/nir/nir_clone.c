/* SPDX-License-Identifier: MIT */
/*
 * Deep copies. A cloned shader prints byte for byte like the original: def
 * indices, variable indices and every field are carried over, and the
 * control flow is rebuilt in the same order.
 *
 * Instructions are copied with their sources still pointing at the original
 * defs; once everything is copied (phis may read defs that come later) the
 * sources are remapped and linked in one sweep.
 */
#include "nir/nir.h"

#include <string.h>

#include "nir/nir_private.h"
#include "util/arena.h"
#include "util/hash_table.h"

struct clone_state {
   nir_shader *shader; /* destination */
   struct hash_table
      *remap; /* old object -> new object (vars, defs, blocks, functions) */
   /* When set, defs get fresh indices from this impl instead of the originals. */
   nir_function_impl *fresh_index_impl;
   bool oom;
};

static void
add_remap(struct clone_state *st, const void *old, void *new_obj)
{
   if (!st->remap)
      return;
   if (!hash_table_insert(st->remap, old, new_obj))
      st->oom = true;
}

static void *
remap(struct clone_state *st, const void *old)
{
   if (!st->remap || !old)
      return (void *)old;
   struct hash_entry *e = hash_table_search(st->remap, old);
   return e ? e->data : (void *)old;
}

static const char *
dup_str(struct clone_state *st, const char *s)
{
   if (!s)
      return NULL;
   char *r = arena_strdup(st->shader->arena, s);
   if (!r)
      st->oom = true;
   return r;
}

/* ------------------------------------------------------------------------------- */
/* Constants and variables                                                         */
/* ------------------------------------------------------------------------------- */

static nir_constant *
clone_constant(struct clone_state *st, const nir_constant *c)
{
   if (!c)
      return NULL;
   nir_constant *n = nir_constant_create(st->shader, c->num_elements);
   if (!n) {
      st->oom = true;
      return NULL;
   }
   memcpy(n->values, c->values, sizeof(c->values));
   n->is_null_constant = c->is_null_constant;
   for (unsigned i = 0; i < c->num_elements; i++)
      n->elements[i] = clone_constant(st, c->elements[i]);
   return n;
}

static nir_variable *
clone_variable(struct clone_state *st, const nir_variable *var)
{
   nir_variable *n = arena_new(st->shader->arena, nir_variable);
   if (!n) {
      st->oom = true;
      return NULL;
   }
   n->type = var->type;
   n->name = dup_str(st, var->name);
   n->data = var->data;
   n->index = var->index;
   n->constant_initializer = clone_constant(st, var->constant_initializer);
   add_remap(st, var, n);
   return n;
}

/* ------------------------------------------------------------------------------- */
/* Instructions                                                                    */
/* ------------------------------------------------------------------------------- */

static void
copy_def(nir_instr *instr, nir_def *dst, const nir_def *src)
{
   nir_def_init(instr, dst, src->num_components, src->bit_size);
   dst->index = src->index;
   dst->divergent = src->divergent;
}

static nir_instr *
clone_instr(struct clone_state *st, const nir_instr *instr)
{
   nir_shader *s = st->shader;
   nir_instr *result = NULL;
   switch (instr->type) {
   case NIR_INSTR_TYPE_ALU: {
      const nir_alu_instr *alu = nir_instr_as_alu(instr);
      nir_alu_instr *n = nir_alu_instr_create(s, alu->op);
      if (!n)
         break;
      n->exact = alu->exact;
      n->no_signed_wrap = alu->no_signed_wrap;
      n->no_unsigned_wrap = alu->no_unsigned_wrap;
      for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++) {
         n->src[i].src.ssa = alu->src[i].src.ssa;
         memcpy(n->src[i].swizzle, alu->src[i].swizzle, sizeof(n->src[i].swizzle));
      }
      copy_def(&n->instr, &n->def, &alu->def);
      result = &n->instr;
      break;
   }
   case NIR_INSTR_TYPE_DEREF: {
      const nir_deref_instr *d = nir_instr_as_deref(instr);
      nir_deref_instr *n = nir_deref_instr_create(s, d->deref_type);
      if (!n)
         break;
      n->modes = d->modes;
      n->type = d->type;
      if (d->deref_type == NIR_DEREF_TYPE_VAR) {
         n->var = remap(st, d->var);
      } else {
         n->parent.ssa = d->parent.ssa;
      }
      switch (d->deref_type) {
      case NIR_DEREF_TYPE_ARRAY:
      case NIR_DEREF_TYPE_PTR_AS_ARRAY:
         n->arr.index.ssa = d->arr.index.ssa;
         n->arr.in_bounds = d->arr.in_bounds;
         break;
      case NIR_DEREF_TYPE_STRUCT:
         n->strct.index = d->strct.index;
         break;
      case NIR_DEREF_TYPE_CAST:
         n->cast = d->cast;
         break;
      default:
         break;
      }
      copy_def(&n->instr, &n->def, &d->def);
      result = &n->instr;
      break;
   }
   case NIR_INSTR_TYPE_CALL: {
      const nir_call_instr *call = nir_instr_as_call(instr);
      nir_call_instr *n = nir_call_instr_create(s, remap(st, call->callee));
      if (!n)
         break;
      for (unsigned i = 0; i < call->num_params && i < n->num_params; i++)
         n->params[i].ssa = call->params[i].ssa;
      result = &n->instr;
      break;
   }
   case NIR_INSTR_TYPE_TEX: {
      const nir_tex_instr *tex = nir_instr_as_tex(instr);
      nir_tex_instr *n = nir_tex_instr_create(s, tex->num_srcs);
      if (!n)
         break;
      nir_tex_src *srcs = n->src;
      const unsigned num_srcs = n->num_srcs;
      /* Copy every field, then restore the new instruction's own links. */
      memcpy((char *)n + sizeof(nir_instr), (const char *)tex + sizeof(nir_instr),
             sizeof(*tex) - sizeof(nir_instr));
      n->src = srcs;
      n->num_srcs = num_srcs;
      for (unsigned i = 0; i < num_srcs; i++) {
         n->src[i].src_type = tex->src[i].src_type;
         n->src[i].src.ssa = tex->src[i].src.ssa;
      }
      copy_def(&n->instr, &n->def, &tex->def);
      result = &n->instr;
      break;
   }
   case NIR_INSTR_TYPE_INTRINSIC: {
      const nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      nir_intrinsic_instr *n = nir_intrinsic_instr_create(s, intr->intrinsic);
      if (!n)
         break;
      n->num_components = intr->num_components;
      memcpy(n->const_index, intr->const_index, sizeof(n->const_index));
      for (unsigned i = 0; i < nir_intrinsic_infos[intr->intrinsic].num_srcs; i++)
         n->src[i].ssa = intr->src[i].ssa;
      if (nir_intrinsic_infos[intr->intrinsic].has_dest)
         copy_def(&n->instr, &n->def, &intr->def);
      result = &n->instr;
      break;
   }
   case NIR_INSTR_TYPE_LOAD_CONST: {
      const nir_load_const_instr *lc = nir_instr_as_load_const(instr);
      nir_load_const_instr *n =
         nir_load_const_instr_create(s, lc->def.num_components, lc->def.bit_size);
      if (!n)
         break;
      memcpy(n->value, lc->value, sizeof(nir_const_value) * lc->def.num_components);
      copy_def(&n->instr, &n->def, &lc->def);
      result = &n->instr;
      break;
   }
   case NIR_INSTR_TYPE_UNDEF: {
      const nir_undef_instr *u = nir_instr_as_undef(instr);
      nir_undef_instr *n =
         nir_undef_instr_create(s, u->def.num_components, u->def.bit_size);
      if (!n)
         break;
      copy_def(&n->instr, &n->def, &u->def);
      result = &n->instr;
      break;
   }
   case NIR_INSTR_TYPE_JUMP: {
      nir_jump_instr *n = nir_jump_instr_create(s, nir_instr_as_jump(instr)->type);
      if (n)
         result = &n->instr;
      break;
   }
   case NIR_INSTR_TYPE_PHI: {
      const nir_phi_instr *phi = nir_instr_as_phi(instr);
      nir_phi_instr *n = nir_phi_instr_create(s);
      if (!n)
         break;
      nir_foreach_phi_src(ps, phi)
      {
         nir_phi_src *nps = arena_new(s->arena, nir_phi_src);
         if (!nps) {
            st->oom = true;
            return NULL;
         }
         nps->pred = ps->pred; /* remapped once all blocks exist */
         nps->src.ssa = ps->src.ssa;
         nps->src.parent_instr = &n->instr;
         list_addtail(&nps->node, &n->srcs);
      }
      copy_def(&n->instr, &n->def, &phi->def);
      result = &n->instr;
      break;
   }
   }
   if (!result) {
      st->oom = true;
      return NULL;
   }
   result->pass_flags = instr->pass_flags;
   result->index = instr->index;
   nir_def *old_def = nir_instr_def((nir_instr *)instr);
   if (old_def) {
      add_remap(st, old_def, nir_instr_def(result));
      if (st->fresh_index_impl)
         nir_instr_def(result)->index = st->fresh_index_impl->ssa_alloc++;
   }
   return result;
}

nir_instr *
nir_instr_clone(nir_shader *shader, const nir_instr *instr)
{
   struct clone_state st = {.shader = shader};
   nir_instr *n = clone_instr(&st, instr);
   if (n && nir_instr_def(n))
      nir_instr_def(n)->index = UINT32_MAX;
   return st.oom ? NULL : n;
}

/* ------------------------------------------------------------------------------- */
/* Control flow                                                                    */
/* ------------------------------------------------------------------------------- */

static void clone_cf_list(struct clone_state *st, struct list_head *dst,
                          const struct list_head *src, nir_cf_node *parent);

static nir_block *
clone_block(struct clone_state *st, const nir_block *block, nir_cf_node *parent)
{
   nir_block *n = nir_block_create_(st->shader);
   if (!n) {
      st->oom = true;
      return NULL;
   }
   n->cf_node.parent = parent;
   n->index = block->index;
   add_remap(st, block, n);
   list_for_each_entry(nir_instr, instr, &block->instr_list, node)
   {
      nir_instr *ni = clone_instr(st, instr);
      if (!ni)
         return n;
      ni->block = n;
      list_addtail(&ni->node, &n->instr_list);
   }
   return n;
}

static void
clone_cf_list(struct clone_state *st, struct list_head *dst, const struct list_head *src,
              nir_cf_node *parent)
{
   list_for_each_entry(nir_cf_node, node, src, node)
   {
      nir_cf_node *n = NULL;
      switch (node->type) {
      case NIR_CF_NODE_BLOCK: {
         nir_block *b = clone_block(st, nir_cf_node_as_block(node), parent);
         n = b ? &b->cf_node : NULL;
         break;
      }
      case NIR_CF_NODE_IF: {
         const nir_if *nif = nir_cf_node_as_if(node);
         nir_if *ni = arena_new(st->shader->arena, nir_if);
         if (!ni)
            break;
         ni->cf_node.type = NIR_CF_NODE_IF;
         ni->cf_node.parent = parent;
         ni->control = nif->control;
         ni->condition.is_if = true;
         ni->condition.parent_if = ni;
         ni->condition.ssa = nif->condition.ssa;
         list_inithead(&ni->then_list);
         list_inithead(&ni->else_list);
         clone_cf_list(st, &ni->then_list, &nif->then_list, &ni->cf_node);
         clone_cf_list(st, &ni->else_list, &nif->else_list, &ni->cf_node);
         n = &ni->cf_node;
         break;
      }
      case NIR_CF_NODE_LOOP: {
         const nir_loop *loop = nir_cf_node_as_loop(node);
         nir_loop *nl = arena_new(st->shader->arena, nir_loop);
         if (!nl)
            break;
         nl->cf_node.type = NIR_CF_NODE_LOOP;
         nl->cf_node.parent = parent;
         nl->control = loop->control;
         list_inithead(&nl->body);
         list_inithead(&nl->continue_list);
         clone_cf_list(st, &nl->body, &loop->body, &nl->cf_node);
         clone_cf_list(st, &nl->continue_list, &loop->continue_list, &nl->cf_node);
         n = &nl->cf_node;
         break;
      }
      default:
         break;
      }
      if (!n) {
         st->oom = true;
         return;
      }
      list_addtail(&n->node, dst);
   }
}

static bool
fix_src_cb(nir_src *src, void *data)
{
   struct clone_state *st = data;
   src->ssa = remap(st, src->ssa);
   if (src->ssa)
      list_addtail(&src->use_link, &src->ssa->uses);
   return true;
}

static void fix_list_srcs(struct clone_state *st, struct list_head *list);

static void
fix_block_srcs(struct clone_state *st, nir_block *block)
{
   nir_foreach_instr (instr, block) {
      if (instr->type == NIR_INSTR_TYPE_PHI) {
         nir_foreach_phi_src(ps, nir_instr_as_phi(instr))
         {
            ps->pred = remap(st, ps->pred);
         }
      }
      nir_foreach_src(instr, fix_src_cb, st);
   }
}

/* Same as fix_srcs, for a detached list (no impl to walk). */
static void
fix_list_srcs(struct clone_state *st, struct list_head *list)
{
   list_for_each_entry(nir_cf_node, node, list, node)
   {
      switch (node->type) {
      case NIR_CF_NODE_BLOCK:
         fix_block_srcs(st, nir_cf_node_as_block(node));
         break;
      case NIR_CF_NODE_IF: {
         nir_if *nif = nir_cf_node_as_if(node);
         fix_src_cb(&nif->condition, st);
         fix_list_srcs(st, &nif->then_list);
         fix_list_srcs(st, &nif->else_list);
         break;
      }
      case NIR_CF_NODE_LOOP:
         fix_list_srcs(st, &nir_cf_node_as_loop(node)->body);
         fix_list_srcs(st, &nir_cf_node_as_loop(node)->continue_list);
         break;
      default:
         break;
      }
   }
}

bool
nir_clone_impl_body_(nir_function_impl *dst_impl, const nir_function_impl *src,
                     nir_cf_list *out)
{
   nir_shader *shader = nir_impl_shader_(dst_impl);
   struct clone_state st = {.shader = shader, .fresh_index_impl = dst_impl};
   list_inithead(&out->list);
   out->impl = dst_impl;
   st.remap = hash_table_create(NULL, util_hash_pointer, util_equal_pointer);
   if (!st.remap) {
      shader->oom = true;
      return false;
   }
   list_for_each_entry(nir_variable, var, &src->locals, node)
   {
      nir_variable *nv = clone_variable(&st, var);
      if (!nv)
         break;
      nv->index = shader->next_var_index++;
      list_addtail(&nv->node, &dst_impl->locals);
   }
   if (!st.oom)
      clone_cf_list(&st, &out->list, &src->body, &dst_impl->cf_node);
   if (!st.oom)
      fix_list_srcs(&st, &out->list);
   hash_table_destroy(st.remap);
   if (st.oom)
      shader->oom = true;
   return !st.oom;
}

/* Remaps and links every source under impl. */
static void
fix_srcs(struct clone_state *st, nir_function_impl *impl)
{
   nir_foreach_block (block, impl) {
      nir_foreach_instr (instr, block) {
         if (instr->type == NIR_INSTR_TYPE_PHI) {
            nir_foreach_phi_src(ps, nir_instr_as_phi(instr))
            {
               ps->pred = remap(st, ps->pred);
            }
         }
         nir_foreach_src(instr, fix_src_cb, st);
      }
      nir_if *nif = nir_block_get_following_if(block);
      if (nif)
         fix_src_cb(&nif->condition, st);
   }
}

static nir_function_impl *
clone_impl(struct clone_state *st, const nir_function_impl *impl, nir_function *fn)
{
   nir_shader *s = st->shader;
   nir_function_impl *n = arena_new(s->arena, nir_function_impl);
   nir_block *end = nir_block_create_(s);
   if (!n || !end) {
      st->oom = true;
      return NULL;
   }
   n->cf_node.type = NIR_CF_NODE_FUNCTION;
   list_inithead(&n->cf_node.node);
   n->function = fn;
   fn->impl = n;
   list_inithead(&n->body);
   list_inithead(&n->locals);
   end->cf_node.parent = &n->cf_node;
   n->end_block = end;
   add_remap(st, impl->end_block, end);
   n->ssa_alloc = impl->ssa_alloc;

   list_for_each_entry(nir_variable, var, &impl->locals, node)
   {
      nir_variable *nv = clone_variable(st, var);
      if (nv)
         list_addtail(&nv->node, &n->locals);
   }
   clone_cf_list(st, &n->body, &impl->body, &n->cf_node);
   return n;
}

nir_shader *
nir_shader_clone(struct arena *parent_arena, const nir_shader *shader)
{
   nir_shader *s = nir_shader_create(parent_arena, shader->info.stage);
   if (!s)
      return NULL;
   struct clone_state st = {.shader = s};
   st.remap = hash_table_create(NULL, util_hash_pointer, util_equal_pointer);
   if (!st.remap) {
      nir_shader_destroy(s);
      return NULL;
   }

   s->info = shader->info;
   s->info.name = dup_str(&st, shader->info.name);
   s->info.label = dup_str(&st, shader->info.label);
   s->num_inputs = shader->num_inputs;
   s->num_outputs = shader->num_outputs;
   s->num_uniforms = shader->num_uniforms;
   s->next_var_index = shader->next_var_index;

   list_for_each_entry(nir_variable, var, &shader->variables, node)
   {
      nir_variable *nv = clone_variable(&st, var);
      if (nv)
         list_addtail(&nv->node, &s->variables);
   }

   /* Functions first (calls refer to them), then bodies. */
   list_for_each_entry(nir_function, f, &shader->functions, node)
   {
      nir_function *nf = nir_function_create(s, f->name);
      if (!nf) {
         st.oom = true;
         break;
      }
      nf->is_entrypoint = f->is_entrypoint;
      nf->num_params = f->num_params;
      if (f->num_params) {
         nf->params = arena_new_array(s->arena, nir_parameter, f->num_params);
         if (!nf->params) {
            st.oom = true;
            break;
         }
         for (unsigned i = 0; i < f->num_params; i++) {
            nf->params[i] = f->params[i];
            nf->params[i].name = dup_str(&st, f->params[i].name);
         }
      }
      add_remap(&st, f, nf);
   }
   if (!st.oom) {
      list_for_each_entry(nir_function, f, &shader->functions, node)
      {
         if (!f->impl)
            continue;
         nir_function *nf = remap(&st, f);
         nir_function_impl *impl = clone_impl(&st, f->impl, nf);
         if (st.oom || !impl)
            break;
         fix_srcs(&st, impl);
         nir_impl_update_cfg_(impl);
      }
   }

   hash_table_destroy(st.remap);
   if (st.oom || s->oom) {
      nir_shader_destroy(s);
      return NULL;
   }
   return s;
}
