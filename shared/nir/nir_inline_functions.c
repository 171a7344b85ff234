/* SPDX-License-Identifier: MIT */
/*
 * Inlines every call: callees first (so each body is inlined fully
 * expanded), returns lowered, the body cloned in place of the call with
 * load_param replaced by the call's arguments and the callee's locals
 * becoming the caller's. A pointer parameter is typically read as
 * deref_cast(load_param) by the callee; once the argument is a deref of the
 * same type the cast is dropped, so the caller's variable stays promotable
 * by nir_lower_vars_to_ssa.
 *
 * Recursion is not allowed in shaders; a recursive call is left in place
 * (and the pass still reports what it did inline).
 */
#include "nir/nir.h"
#include "nir/nir_builder.h"

#include "nir/nir_private.h"
#include "util/dynarray.h"
#include "util/hash_table.h"

enum { INLINE_VISITING = 1, INLINE_DONE = 2 };

struct inline_state {
   struct hash_table *impls; /* impl -> INLINE_VISITING / INLINE_DONE */
   bool progress;
};

static void replace_params(struct list_head *list, nir_call_instr *call);

static void
replace_params_block(nir_block *block, nir_call_instr *call)
{
   nir_foreach_instr_safe (instr, block) {
      if (instr->type == NIR_INSTR_TYPE_INTRINSIC) {
         nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
         if (intr->intrinsic != NIR_INTRINSIC_LOAD_PARAM)
            continue;
         const unsigned i = nir_intrinsic_param_idx(intr);
         if (i < call->num_params && call->params[i].ssa) {
            nir_def_rewrite_uses(&intr->def, call->params[i].ssa);
            nir_instr_remove(instr);
         }
      } else if (instr->type == NIR_INSTR_TYPE_DEREF) {
         /* cast(deref of T) to T: the argument already is that pointer. */
         nir_deref_instr *d = nir_instr_as_deref(instr);
         if (d->deref_type != NIR_DEREF_TYPE_CAST || d->cast.ptr_stride_B)
            continue;
         nir_deref_instr *parent = nir_src_as_deref(d->parent);
         if (parent && parent->type == d->type &&
             (parent->modes & d->modes) == parent->modes) {
            nir_def_rewrite_uses(&d->def, &parent->def);
            nir_instr_remove(instr);
         }
      }
   }
}

static void
replace_params(struct list_head *list, nir_call_instr *call)
{
   list_for_each_entry(nir_cf_node, node, list, node)
   {
      switch (node->type) {
      case NIR_CF_NODE_BLOCK:
         replace_params_block(nir_cf_node_as_block(node), call);
         break;
      case NIR_CF_NODE_IF:
         replace_params(&nir_cf_node_as_if(node)->then_list, call);
         replace_params(&nir_cf_node_as_if(node)->else_list, call);
         break;
      case NIR_CF_NODE_LOOP:
         replace_params(&nir_cf_node_as_loop(node)->body, call);
         replace_params(&nir_cf_node_as_loop(node)->continue_list, call);
         break;
      default:
         break;
      }
   }
}

static bool inline_impl(nir_function_impl *impl, struct inline_state *state);

/* Stores a constant through deref, leaf by leaf. */
static void
store_constant(nir_builder *b, nir_deref_instr *deref, const nir_constant *c)
{
   const struct glsl_type *t = deref->type;
   if (glsl_type_is_vector_or_scalar(t)) {
      const unsigned n = glsl_get_vector_elements(t), bits = glsl_get_bit_size(t);
      nir_const_value v[NIR_MAX_VEC_COMPONENTS];
      for (unsigned i = 0; i < n; i++)
         v[i] = (!c || c->is_null_constant) ? nir_const_value_for_raw_uint(0, bits)
                                            : c->values[i];
      nir_store_deref(b, deref, nir_build_imm(b, n, bits, v), 0);
      return;
   }
   const unsigned n = glsl_get_length(t);
   for (unsigned i = 0; i < n; i++) {
      const nir_constant *e =
         (!c || c->is_null_constant || i >= c->num_elements) ? c : c->elements[i];
      nir_deref_instr *child = glsl_type_is_struct(t)
                                  ? nir_build_deref_struct(b, deref, i)
                                  : nir_build_deref_array_imm(b, deref, i);
      store_constant(b, child, e);
   }
}

static bool
inline_call(nir_function_impl *impl, nir_call_instr *call, struct inline_state *state)
{
   nir_function *callee = call->callee;
   if (!callee->impl)
      return false;
   struct hash_entry *e = hash_table_search(state->impls, callee->impl);
   if (e && (uintptr_t)e->data == INLINE_VISITING)
      return false; /* recursion */
   if (!e)
      inline_impl(callee->impl, state);
   nir_lower_returns_impl(callee->impl);

   nir_shader *shader = impl->function->shader;
   struct list_head *last_local = impl->locals.prev;
   nir_cf_list body;
   if (!nir_clone_impl_body_(impl, callee->impl, &body))
      return false;
   replace_params(&body.list, call);
   /* A function's local initializers apply on every entry: at the call
    * site, not once per caller. */
   nir_builder b = nir_builder_at(nir_before_instr(&call->instr));
   for (struct list_head *l = last_local->next; l != &impl->locals; l = l->next) {
      nir_variable *var = list_entry(l, nir_variable, node);
      if (!var->constant_initializer)
         continue;
      store_constant(&b, nir_build_deref_var(&b, var), var->constant_initializer);
      var->constant_initializer = NULL;
   }
   if (!nir_cf_reinsert(&body, nir_before_instr(&call->instr))) {
      shader->oom = true;
      return false;
   }
   nir_instr_remove(&call->instr);
   return true;
}

static bool
inline_impl(nir_function_impl *impl, struct inline_state *state)
{
   nir_shader *shader = impl->function->shader;
   if (!hash_table_insert(state->impls, impl, (void *)(uintptr_t)INLINE_VISITING)) {
      shader->oom = true;
      return false;
   }
   struct dynarray calls;
   dynarray_init(&calls, NULL);
   nir_foreach_block (block, impl) {
      nir_foreach_instr (instr, block) {
         if (instr->type == NIR_INSTR_TYPE_CALL &&
             !dynarray_append(&calls, nir_call_instr *, nir_instr_as_call(instr)))
            shader->oom = true;
      }
   }
   bool progress = false;
   dynarray_foreach (&calls, nir_call_instr *, c) {
      if (inline_call(impl, *c, state))
         progress = true;
   }
   if (progress)
      state->progress = true;
   dynarray_finish(&calls);
   hash_table_insert(state->impls, impl, (void *)(uintptr_t)INLINE_DONE);
   if (progress)
      nir_metadata_preserve(impl, NIR_METADATA_NONE);
   return progress;
}

bool
nir_inline_functions(nir_shader *shader)
{
   struct inline_state state = {0};
   state.impls = hash_table_create(NULL, util_hash_pointer, util_equal_pointer);
   if (!state.impls) {
      shader->oom = true;
      return false;
   }
   nir_foreach_function_impl(impl, shader)
   {
      if (!hash_table_search(state.impls, impl))
         inline_impl(impl, &state);
   }
   hash_table_destroy(state.impls);
   return state.progress;
}
