/* SPDX-License-Identifier: MIT */
/*
 * Folds loop continue constructs into the loop body, for consumers that do
 * not want them:
 *
 *    loop { BODY } continue { CONT }
 *
 * becomes
 *
 *    do_cont = false;
 *    loop { if (do_cont) { CONT } do_cont = true; BODY }
 *
 * A `continue` in BODY goes to the new header, which runs CONT first, as
 * before; a `break` in CONT still leaves the loop.
 *
 * Moving CONT breaks SSA across the move, so values are demoted to local
 * variables first (and nir_lower_vars_to_ssa puts them back):
 *  - phis of the loop header (one source came from the end of CONT),
 *  - phis at the start of CONT (their sources came from BODY),
 *  - values defined in BODY and used in CONT (BODY no longer runs first).
 */
#include "nir/nir.h"
#include "nir/nir_builder.h"

#include "nir/nir_private.h"
#include "util/dynarray.h"

/* Which list of `loop` (body or continue) contains block, at any depth. */
enum region { REGION_OUTSIDE, REGION_BODY, REGION_CONT };

static enum region
block_region(nir_block *block, nir_loop *loop)
{
   nir_cf_node *n = &block->cf_node;
   while (n->parent && n->parent != &loop->cf_node)
      n = n->parent;
   if (!n->parent)
      return REGION_OUTSIDE;
   list_for_each_entry(nir_cf_node, c, &loop->continue_list, node)
   {
      if (c == n)
         return REGION_CONT;
   }
   return REGION_BODY;
}

static const struct glsl_type *
type_for_def(const nir_def *def)
{
   const enum glsl_base_type base =
      def->bit_size == 1 ? GLSL_TYPE_BOOL
                         : glsl_base_type_with_bit_size(GLSL_TYPE_UINT, def->bit_size);
   return glsl_vector_type(base, def->num_components);
}

static nir_variable *
new_temp(nir_function_impl *impl, const nir_def *def, const char *name)
{
   return nir_local_variable_create(impl, type_for_def(def), name);
}

/* Replaces a phi by a variable: stores at the end of each predecessor, a
 * load where the phi was. */
static bool
demote_phi(nir_function_impl *impl, nir_phi_instr *phi)
{
   nir_variable *var = new_temp(impl, &phi->def, "phi_tmp");
   if (!var)
      return false;
   nir_builder b = nir_builder_at(nir_before_impl(impl));
   nir_foreach_phi_src(ps, phi)
   {
      b.cursor = nir_after_block_before_jump(ps->pred);
      nir_store_var(&b, var, ps->src.ssa, BITFIELD_MASK(phi->def.num_components));
   }
   b.cursor = nir_after_phis(phi->instr.block);
   nir_def *load = nir_load_var(&b, var);
   nir_def_rewrite_uses(&phi->def, load);
   nir_instr_remove(&phi->instr);
   return true;
}

/* Makes the uses of def inside CONT read it through a variable. */
static bool
demote_def_uses_in_cont(nir_function_impl *impl, nir_loop *loop, nir_def *def)
{
   nir_variable *var = NULL;
   nir_builder b = nir_builder_at(nir_before_impl(impl));
   nir_foreach_use_safe(src, def)
   {
      nir_block *use_block = nir_src_get_block(src);
      if (!use_block || block_region(use_block, loop) != REGION_CONT)
         continue;
      if (!var) {
         var = new_temp(impl, def, "cont_tmp");
         if (!var)
            return false;
         b.cursor = def->parent_instr->type == NIR_INSTR_TYPE_PHI
                       ? nir_after_phis(def->parent_instr->block)
                       : nir_after_instr(def->parent_instr);
         nir_store_var(&b, var, def, BITFIELD_MASK(def->num_components));
      }
      b.cursor = nir_before_src(src);
      nir_src_rewrite(src, nir_load_var(&b, var));
   }
   return true;
}

static bool
lower_loop(nir_function_impl *impl, nir_loop *loop)
{
   nir_shader *shader = nir_impl_shader_(impl);

   /* 1. Demote what the move would break. */
   nir_foreach_phi_safe(phi, nir_loop_first_block(loop))
   {
      if (!demote_phi(impl, phi))
         return false;
   }
   nir_foreach_phi_safe(phi, nir_loop_first_continue_block(loop))
   {
      if (!demote_phi(impl, phi))
         return false;
   }
   struct dynarray body_defs;
   dynarray_init(&body_defs, NULL);
   nir_foreach_block_in_cf_node(block, &loop->cf_node)
   {
      if (block_region(block, loop) != REGION_BODY)
         continue;
      nir_foreach_instr (instr, block) {
         nir_def *def = nir_instr_def(instr);
         if (def && !dynarray_append(&body_defs, nir_def *, def))
            shader->oom = true;
      }
   }
   bool ok = true;
   dynarray_foreach (&body_defs, nir_def *, d) {
      if (!demote_def_uses_in_cont(impl, loop, *d))
         ok = false;
   }
   dynarray_finish(&body_defs);
   if (!ok)
      return false;

   /* 2. Take the whole continue construct out (a complete cf list, so no
    * block needs splitting; a trailing jump goes with it). */
   nir_cf_list cont;
   list_inithead(&cont.list);
   cont.impl = impl;
   list_splicetail(&loop->continue_list, &cont.list);
   list_for_each_entry(nir_cf_node, n, &cont.list, node) n->parent = &impl->cf_node;
   nir_impl_update_cfg_(impl);

   /* 3. do_cont = false before the loop; if (do_cont) { CONT } do_cont =
    * true at the top of the body. */
   nir_variable *do_cont = nir_local_variable_create(impl, glsl_bool_type(), "do_cont");
   if (!do_cont)
      return false;
   nir_builder b = nir_builder_at(nir_before_cf_node(&loop->cf_node));
   nir_store_var(&b, do_cont, nir_imm_false(&b), 0x1);
   b.cursor = nir_after_phis(nir_loop_first_block(loop));
   nir_if *nif = nir_push_if(&b, nir_load_var(&b, do_cont));
   if (!nif || !nir_cf_reinsert(&cont, nir_before_cf_list(&nif->then_list)))
      return false;
   nir_pop_if(&b, nif);
   nir_store_var(&b, do_cont, nir_imm_true(&b), 0x1);
   return true;
}

static void
collect_loops(struct list_head *list, struct dynarray *loops, bool *oom)
{
   list_for_each_entry(nir_cf_node, node, list, node)
   {
      if (node->type == NIR_CF_NODE_IF) {
         collect_loops(&nir_cf_node_as_if(node)->then_list, loops, oom);
         collect_loops(&nir_cf_node_as_if(node)->else_list, loops, oom);
      } else if (node->type == NIR_CF_NODE_LOOP) {
         nir_loop *loop = nir_cf_node_as_loop(node);
         collect_loops(&loop->body, loops, oom);
         collect_loops(&loop->continue_list, loops, oom);
         /* Inner loops first. */
         if (nir_loop_has_continue_construct(loop) &&
             !dynarray_append(loops, nir_loop *, loop))
            *oom = true;
      }
   }
}

bool
nir_lower_continue_constructs(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
   {
      struct dynarray loops;
      dynarray_init(&loops, NULL);
      bool oom = false;
      collect_loops(&impl->body, &loops, &oom);
      const bool any = loops.size_B != 0;
      dynarray_foreach (&loops, nir_loop *, l) {
         if (!lower_loop(impl, *l))
            oom = true;
      }
      dynarray_finish(&loops);
      if (oom)
         shader->oom = true;
      if (any)
         progress = true;
      nir_metadata_preserve(impl, any ? NIR_METADATA_NONE : NIR_METADATA_ALL);
   }
   return progress;
}
