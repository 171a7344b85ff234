/* SPDX-License-Identifier: MIT */
/*
 * shader_temp (SPIR-V Private) variables used by exactly one function become
 * that function's function_temp locals, which nir_lower_vars_to_ssa can then
 * promote. Run after inlining, when the entry point is the only user.
 */
#include "nir/nir.h"

#include "util/hash_table.h"

static void
retag_deref_modes(nir_deref_instr *deref)
{
   deref->modes = NIR_VAR_FUNCTION_TEMP;
   nir_foreach_use (src, &deref->def) {
      nir_instr *user = nir_src_parent_instr(src);
      if (user && user->type == NIR_INSTR_TYPE_DEREF) {
         nir_deref_instr *child = nir_instr_as_deref(user);
         if (&child->parent == src && child->deref_type != NIR_DEREF_TYPE_CAST)
            retag_deref_modes(child);
      }
   }
}

bool
nir_lower_global_vars_to_local(nir_shader *shader)
{
   /* var -> the single impl using it, or (void *)1 when several do. */
   struct hash_table *users =
      hash_table_create(NULL, util_hash_pointer, util_equal_pointer);
   if (!users) {
      shader->oom = true;
      return false;
   }
   nir_foreach_function_impl(impl, shader)
   {
      nir_foreach_block (block, impl) {
         nir_foreach_instr (instr, block) {
            if (instr->type != NIR_INSTR_TYPE_DEREF)
               continue;
            nir_deref_instr *d = nir_instr_as_deref(instr);
            if (d->deref_type != NIR_DEREF_TYPE_VAR ||
                d->var->data.mode != NIR_VAR_SHADER_TEMP)
               continue;
            struct hash_entry *e = hash_table_search(users, d->var);
            if (!e) {
               if (!hash_table_insert(users, d->var, impl))
                  shader->oom = true;
            } else if (e->data != impl) {
               e->data = (void *)1;
            }
         }
      }
   }

   bool progress = false;
   list_for_each_entry_safe(nir_variable, var, &shader->variables, node)
   {
      struct hash_entry *e = hash_table_search(users, var);
      if (!e || e->data == (void *)1)
         continue;
      nir_function_impl *impl = e->data;
      list_del(&var->node);
      var->data.mode = NIR_VAR_FUNCTION_TEMP;
      list_addtail(&var->node, &impl->locals);
      nir_foreach_block (block, impl) {
         nir_foreach_instr (instr, block) {
            if (instr->type == NIR_INSTR_TYPE_DEREF &&
                nir_instr_as_deref(instr)->deref_type == NIR_DEREF_TYPE_VAR &&
                nir_instr_as_deref(instr)->var == var)
               retag_deref_modes(nir_instr_as_deref(instr));
         }
      }
      progress = true;
   }
   hash_table_destroy(users);
   return progress;
}
