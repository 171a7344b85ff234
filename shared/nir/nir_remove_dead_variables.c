/* SPDX-License-Identifier: MIT */
/*
 * Dead variables: a variable of the requested modes that no deref names is
 * removed. A function_temp or shader_temp variable that is only ever
 * written (every deref use is a store/copy destination) is dead too: its
 * writes and derefs go, then the variable.
 */
#include "nir/nir.h"

#include "util/dynarray.h"
#include "util/hash_table.h"

/* Whether every use of deref (and of derefs built on it) only writes. */
static bool
deref_only_written(nir_deref_instr *deref)
{
   nir_foreach_use (src, &deref->def) {
      nir_instr *user = nir_src_parent_instr(src);
      if (!user)
         return false;
      if (user->type == NIR_INSTR_TYPE_DEREF) {
         nir_deref_instr *child = nir_instr_as_deref(user);
         if (child->deref_type == NIR_DEREF_TYPE_CAST || &child->parent != src)
            return false; /* used as an array index, or reinterpreted */
         if (!deref_only_written(child))
            return false;
         continue;
      }
      if (user->type != NIR_INSTR_TYPE_INTRINSIC)
         return false;
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(user);
      if ((intr->intrinsic == NIR_INTRINSIC_STORE_DEREF ||
           intr->intrinsic == NIR_INTRINSIC_COPY_DEREF) &&
          src == &intr->src[0]) {
         if (nir_intrinsic_has_access(intr) &&
             (nir_intrinsic_access(intr) & NIR_ACCESS_VOLATILE))
            return false;
         continue;
      }
      return false;
   }
   return true;
}

static void
remove_deref_writes(nir_deref_instr *deref)
{
   nir_foreach_use_safe(src, &deref->def)
   {
      nir_instr *user = nir_src_parent_instr(src);
      if (user->type == NIR_INSTR_TYPE_DEREF)
         remove_deref_writes(nir_instr_as_deref(user));
      else
         nir_instr_remove(user);
   }
   nir_instr_remove(&deref->instr);
}

struct var_info {
   bool referenced;
   bool only_written;
};

static bool
remove_dead(nir_shader *shader, nir_variable_mode modes)
{
   struct hash_table *vars =
      hash_table_create(NULL, util_hash_pointer, util_equal_pointer);
   if (!vars) {
      shader->oom = true;
      return false;
   }
   bool progress = false;

   /* Pass 1: which variables are referenced, and only written. */
   nir_foreach_function_impl(impl, shader)
   {
      nir_foreach_block (block, impl) {
         nir_foreach_instr (instr, block) {
            if (instr->type != NIR_INSTR_TYPE_DEREF)
               continue;
            nir_deref_instr *d = nir_instr_as_deref(instr);
            if (d->deref_type != NIR_DEREF_TYPE_VAR)
               continue;
            struct hash_entry *e = hash_table_search(vars, d->var);
            const bool written = deref_only_written(d);
            if (!e) {
               /* data holds flags: bit 0 referenced, bit 1 only-written so far. */
               if (!hash_table_insert(vars, d->var,
                                      (void *)(uintptr_t)(1 | (written << 1)))) {
                  shader->oom = true;
                  hash_table_destroy(vars);
                  return false;
               }
            } else if (!written) {
               e->data = (void *)(uintptr_t)1;
            }
         }
      }
   }

   /* Pass 2: drop the writes to write-only temporaries (collected first:
    * removing a chain removes instructions an iterator might hold). */
   const nir_variable_mode write_only_modes =
      modes & (NIR_VAR_FUNCTION_TEMP | NIR_VAR_SHADER_TEMP);
   if (write_only_modes) {
      nir_foreach_function_impl(impl, shader)
      {
         struct dynarray dead;
         dynarray_init(&dead, NULL);
         nir_foreach_block (block, impl) {
            nir_foreach_instr (instr, block) {
               if (instr->type != NIR_INSTR_TYPE_DEREF)
                  continue;
               nir_deref_instr *d = nir_instr_as_deref(instr);
               if (d->deref_type != NIR_DEREF_TYPE_VAR ||
                   !(d->var->data.mode & write_only_modes))
                  continue;
               struct hash_entry *e = hash_table_search(vars, d->var);
               if (e && ((uintptr_t)e->data & 2) &&
                   !dynarray_append(&dead, nir_deref_instr *, d))
                  shader->oom = true;
            }
         }
         dynarray_foreach (&dead, nir_deref_instr *, d)
            remove_deref_writes(*d);
         const bool impl_progress = dead.size_B != 0;
         dynarray_finish(&dead);
         if (impl_progress)
            progress = true;
         nir_metadata_preserve(impl, impl_progress ? NIR_METADATA_CONTROL_FLOW
                                                   : NIR_METADATA_ALL);
      }
   }

   /* Pass 3: remove the variables. */
   list_for_each_entry_safe(nir_variable, var, &shader->variables, node)
   {
      if (!(var->data.mode & modes))
         continue;
      struct hash_entry *e = hash_table_search(vars, var);
      if (!e || ((uintptr_t)e->data & 2 && (var->data.mode & write_only_modes))) {
         list_del(&var->node);
         progress = true;
      }
   }
   if (modes & NIR_VAR_FUNCTION_TEMP) {
      nir_foreach_function_impl(impl, shader)
      {
         list_for_each_entry_safe(nir_variable, var, &impl->locals, node)
         {
            struct hash_entry *e = hash_table_search(vars, var);
            if (!e || ((uintptr_t)e->data & 2)) {
               list_del(&var->node);
               progress = true;
            }
         }
      }
   }
   hash_table_destroy(vars);
   return progress;
}

bool
nir_remove_dead_variables(nir_shader *shader, nir_variable_mode modes)
{
   return remove_dead(shader, modes);
}

bool
nir_remove_dead_derefs(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
   {
      bool impl_progress = false;
      nir_foreach_block (block, impl) {
         /* Reverse order so a chain's children go before their parents. */
         for (nir_instr *instr = nir_block_last_instr(block); instr;) {
            nir_instr *prev = nir_instr_prev(instr);
            if (instr->type == NIR_INSTR_TYPE_DEREF &&
                nir_def_is_unused(&nir_instr_as_deref(instr)->def)) {
               nir_instr_remove(instr);
               impl_progress = true;
            }
            instr = prev;
         }
      }
      if (impl_progress)
         progress = true;
      nir_metadata_preserve(impl,
                            impl_progress ? NIR_METADATA_CONTROL_FLOW : NIR_METADATA_ALL);
   }
   return progress;
}
