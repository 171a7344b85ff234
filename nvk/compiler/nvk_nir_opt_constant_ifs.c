/* SPDX-License-Identifier: MIT */
/*
 * Ifs on constants (specialization constants, `while (true)`, conditions
 * the folder decided) become the branch that runs:
 *
 *    if (true) { A } else { B }   ->   A
 *
 * The interpreter would otherwise evaluate the condition and edit lane
 * masks every time, and the loop unroller does not see the shape of a loop
 * whose `while (true)` test is still there. Phis after the if take the
 * value from the branch that runs.
 *
 * Left alone: an if whose running branch ends in a jump (the code after
 * it would become unreachable), and an if whose dropped branch holds the
 * only break out of its loop (the loop would lose its exit).
 */
#include "nvk_nir.h"

/* Breaks in a cf list that leave the innermost loop around it (not those
 * of loops nested in the list). */
static unsigned
count_breaks(struct list_head *list)
{
   unsigned n = 0;
   list_for_each_entry(nir_cf_node, node, list, node)
   {
      switch (node->type) {
      case NIR_CF_NODE_BLOCK: {
         nir_instr *last = nir_block_last_instr(nir_cf_node_as_block(node));
         if (last && last->type == NIR_INSTR_TYPE_JUMP &&
             nir_instr_as_jump(last)->type == NIR_JUMP_BREAK)
            n++;
         break;
      }
      case NIR_CF_NODE_IF: {
         nir_if *nif = nir_cf_node_as_if(node);
         n += count_breaks(&nif->then_list) + count_breaks(&nif->else_list);
         break;
      }
      default:
         break;
      }
   }
   return n;
}

static bool
list_has_jump(struct list_head *list)
{
   list_for_each_entry(nir_cf_node, node, list, node)
   {
      switch (node->type) {
      case NIR_CF_NODE_BLOCK: {
         nir_instr *last = nir_block_last_instr(nir_cf_node_as_block(node));
         if (last && last->type == NIR_INSTR_TYPE_JUMP)
            return true;
         break;
      }
      case NIR_CF_NODE_IF: {
         nir_if *nif = nir_cf_node_as_if(node);
         if (list_has_jump(&nif->then_list) || list_has_jump(&nif->else_list))
            return true;
         break;
      }
      case NIR_CF_NODE_LOOP: {
         /* Breaks and continues inside a nested loop stay in it. */
         break;
      }
      default:
         break;
      }
   }
   return false;
}

/* Whether the dropped branch may go: no jumps, or breaks while the loop
 * keeps another one. */
static bool
may_drop(nir_if *nif, struct list_head *dropped)
{
   if (!list_has_jump(dropped))
      return true;
   nir_loop *loop = nir_cf_node_get_loop(&nif->cf_node);
   if (!loop)
      return false;
   /* Continues in the dropped branch are fine to lose; breaks only if the
    * loop has others. */
   const unsigned here = count_breaks(dropped);
   const unsigned total = count_breaks(&loop->body) + count_breaks(&loop->continue_list);
   return total > here;
}

static bool
opt_if(nir_if *nif, bool *oom)
{
   const nir_const_value *c = nir_src_as_const_value(nif->condition);
   if (!c)
      return false;
   struct list_head *taken = c[0].b ? &nif->then_list : &nif->else_list;
   struct list_head *dropped = c[0].b ? &nif->else_list : &nif->then_list;
   nir_block *last = nir_cf_node_as_block(list_last_entry(taken, nir_cf_node, node));
   nir_instr *j = nir_block_last_instr(last);
   if (j && j->type == NIR_INSTR_TYPE_JUMP)
      return false;
   if (!may_drop(nif, dropped))
      return false;
   nir_block *after = nir_cf_node_as_block(nir_cf_node_next(&nif->cf_node));
   nir_foreach_phi_safe(phi, after)
   {
      nir_phi_src *ps = nir_phi_get_src_from_block(phi, last);
      nir_def_rewrite_uses(&phi->def, ps->src.ssa);
      nir_instr_remove(&phi->instr);
   }
   nir_cf_list list;
   if (!nir_cf_extract(&list, nir_before_cf_list(taken), nir_after_cf_list(taken)) ||
       !nir_cf_reinsert(&list, nir_before_cf_node(&nif->cf_node))) {
      *oom = true;
      return false;
   }
   nir_cf_node_remove(&nif->cf_node);
   return true;
}

/* One constant if (the first found, innermost first) per call: the walk
 * restarts after every change. */
static bool
opt_list(struct list_head *list, bool *oom)
{
   list_for_each_entry(nir_cf_node, node, list, node)
   {
      switch (node->type) {
      case NIR_CF_NODE_IF: {
         nir_if *nif = nir_cf_node_as_if(node);
         if (opt_list(&nif->then_list, oom) || opt_list(&nif->else_list, oom))
            return true;
         if (*oom)
            return false;
         if (opt_if(nif, oom))
            return true;
         break;
      }
      case NIR_CF_NODE_LOOP: {
         nir_loop *loop = nir_cf_node_as_loop(node);
         if (opt_list(&loop->body, oom) || opt_list(&loop->continue_list, oom))
            return true;
         break;
      }
      default:
         break;
      }
      if (*oom)
         return false;
   }
   return false;
}

bool
nvk_nir_opt_constant_ifs(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
   {
      bool oom = false, p = false;
      while (opt_list(&impl->body, &oom))
         p = true;
      if (oom)
         shader->oom = true;
      nir_metadata_preserve(impl, p ? NIR_METADATA_NONE : NIR_METADATA_ALL);
      progress |= p;
   }
   return progress;
}
