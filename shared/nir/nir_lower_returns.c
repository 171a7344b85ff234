/* SPDX-License-Identifier: MIT */
/*
 * Lowers returns so an impl ends only by falling off its end, which is what
 * inlining needs (the inlined body must continue after the call).
 *
 * A return that is the last thing in the impl is simply dropped. For any
 * other, the whole body is wrapped in a loop that runs once:
 *
 *    loop { body; break; }
 *
 * and each return becomes a `break` out of that loop. A return nested in
 * loops of its own sets a local flag and breaks; after each such loop,
 * `if (flag) break;` carries the exit outwards until the wrapper loop.
 * Nothing flows out of the wrapper (it is the whole body), so no value has
 * to be threaded through phis; the flag goes away with nir_lower_vars_to_ssa.
 */
#include "nir/nir.h"
#include "nir/nir_builder.h"

#include "util/dynarray.h"

static bool
is_return(nir_instr *instr)
{
   return instr && instr->type == NIR_INSTR_TYPE_JUMP &&
          nir_instr_as_jump(instr)->type == NIR_JUMP_RETURN;
}

/* Loops between block and the wrapper loop `top` (exclusive). */
static unsigned
loop_depth_below(nir_block *block, nir_loop *top)
{
   unsigned n = 0;
   for (nir_loop *l = nir_cf_node_get_loop(&block->cf_node); l && l != top;
        l = nir_cf_node_get_loop(&l->cf_node))
      n++;
   return n;
}

bool
nir_lower_returns_impl(nir_function_impl *impl)
{
   bool progress = false;

   /* A trailing return is a no-op. */
   nir_block *last = nir_impl_last_block(impl);
   if (is_return(nir_block_last_instr(last))) {
      nir_instr_remove(nir_block_last_instr(last));
      progress = true;
   }

   bool any = false;
   nir_foreach_block (block, impl) {
      if (is_return(nir_block_last_instr(block)))
         any = true;
   }
   if (!any) {
      nir_metadata_preserve(impl, progress ? NIR_METADATA_NONE : NIR_METADATA_ALL);
      return progress;
   }

   nir_shader *shader = impl->function->shader;
   nir_variable *flag = NULL;

   /* Wrap the body. */
   nir_cf_list body;
   if (!nir_cf_extract(&body, nir_before_impl(impl), nir_after_impl(impl))) {
      shader->oom = true;
      return progress;
   }
   nir_builder b = nir_builder_at(nir_before_impl(impl));
   nir_loop *wrapper = nir_push_loop(&b);
   if (!wrapper || !nir_cf_reinsert(&body, nir_before_cf_list(&wrapper->body))) {
      shader->oom = true;
      return true;
   }
   nir_block *body_end = nir_loop_last_block(wrapper);
   if (!nir_block_ends_in_jump(body_end)) {
      b.cursor = nir_after_block(body_end);
      nir_jump(&b, NIR_JUMP_BREAK);
   }

   /* Collect the returns first: rewriting them edits the tree. */
   struct dynarray returns, marked;
   dynarray_init(&returns, NULL);
   dynarray_init(&marked, NULL);
   nir_foreach_block (block, impl) {
      nir_instr *j = nir_block_last_instr(block);
      if (is_return(j) && !dynarray_append(&returns, nir_instr *, j))
         shader->oom = true;
   }

   dynarray_foreach (&returns, nir_instr *, jp) {
      nir_instr *ret = *jp;
      nir_block *block = ret->block;
      const unsigned depth = loop_depth_below(block, wrapper);
      nir_instr_remove(ret);
      b.cursor = nir_after_block(block);
      if (depth) {
         if (!flag) {
            flag = nir_local_variable_create(impl, glsl_bool_type(), "return_flag");
            if (!flag) {
               shader->oom = true;
               break;
            }
         }
         nir_store_var(&b, flag, nir_imm_true(&b), 0x1);
         /* Every loop between here and the wrapper needs an exit check. */
         for (nir_loop *l = nir_cf_node_get_loop(&block->cf_node); l != wrapper;
              l = nir_cf_node_get_loop(&l->cf_node)) {
            bool seen = false;
            dynarray_foreach (&marked, nir_loop *, m) {
               if (*m == l)
                  seen = true;
            }
            if (!seen && !dynarray_append(&marked, nir_loop *, l))
               shader->oom = true;
         }
      }
      nir_jump(&b, NIR_JUMP_BREAK);
   }

   if (flag) {
      /* Clear the flag before the wrapper loop. */
      b.cursor = nir_before_cf_node(&wrapper->cf_node);
      nir_store_var(&b, flag, nir_imm_false(&b), 0x1);
      dynarray_foreach (&marked, nir_loop *, lp) {
         b.cursor = nir_after_cf_node(&(*lp)->cf_node);
         nir_break_if(&b, nir_load_var(&b, flag));
      }
   }
   dynarray_finish(&returns);
   dynarray_finish(&marked);
   nir_metadata_preserve(impl, NIR_METADATA_NONE);
   return true;
}

bool
nir_lower_returns(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
   {
      if (nir_lower_returns_impl(impl))
         progress = true;
   }
   return progress;
}

void
nir_remove_non_entrypoints(nir_shader *shader)
{
   list_for_each_entry_safe(nir_function, f, &shader->functions, node)
   {
      if (!f->is_entrypoint)
         list_del(&f->node);
   }
}
