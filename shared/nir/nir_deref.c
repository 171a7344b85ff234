/* SPDX-License-Identifier: MIT */
/* Deref chains: walking them, asking what they point at, cleaning them up. */
#include "nir/nir.h"

#include "util/arena.h"

nir_deref_instr *
nir_deref_instr_parent(const nir_deref_instr *deref)
{
   if (deref->deref_type == NIR_DEREF_TYPE_VAR || !deref->parent.ssa)
      return NULL;
   return nir_src_as_deref(deref->parent);
}

nir_variable *
nir_deref_instr_get_variable(const nir_deref_instr *deref)
{
   while (deref->deref_type != NIR_DEREF_TYPE_VAR) {
      if (deref->deref_type == NIR_DEREF_TYPE_CAST)
         return NULL;
      deref = nir_deref_instr_parent(deref);
      if (!deref)
         return NULL;
   }
   return deref->var;
}

bool
nir_deref_instr_has_indirect(const nir_deref_instr *deref)
{
   while (deref && deref->deref_type != NIR_DEREF_TYPE_VAR) {
      if (deref->deref_type == NIR_DEREF_TYPE_CAST)
         return true;
      if ((deref->deref_type == NIR_DEREF_TYPE_ARRAY ||
           deref->deref_type == NIR_DEREF_TYPE_PTR_AS_ARRAY) &&
          !nir_src_is_const(deref->arr.index))
         return true;
      deref = nir_deref_instr_parent(deref);
   }
   return false;
}

bool
nir_deref_instr_is_known_constant(const nir_deref_instr *deref)
{
   return !nir_deref_instr_has_indirect(deref);
}

void
nir_variable_retype_derefs(nir_shader *shader, nir_variable *var)
{
   nir_foreach_function_impl(impl, shader)
   {
      nir_foreach_block (block, impl) {
         nir_foreach_instr (instr, block) {
            if (instr->type != NIR_INSTR_TYPE_DEREF)
               continue;
            nir_deref_instr *d = nir_instr_as_deref(instr);
            if (nir_deref_instr_get_variable(d) != var)
               continue;
            /* A parent is defined before its children, so it is already retyped. */
            d->modes = var->data.mode;
            nir_deref_instr *parent = nir_deref_instr_parent(d);
            switch (d->deref_type) {
            case NIR_DEREF_TYPE_VAR:
               d->type = var->type;
               break;
            case NIR_DEREF_TYPE_STRUCT:
               d->type = glsl_get_struct_field(parent->type, d->strct.index);
               break;
            case NIR_DEREF_TYPE_ARRAY:
               d->type = glsl_get_deref_element(parent->type);
               break;
            default:
               break;
            }
         }
      }
   }
}

bool
nir_deref_instr_remove_if_unused(nir_deref_instr *instr)
{
   bool progress = false;
   for (nir_deref_instr *d = instr; d;) {
      if (!nir_def_is_unused(&d->def) || !d->instr.block)
         break;
      nir_deref_instr *parent = nir_deref_instr_parent(d);
      nir_instr_remove(&d->instr);
      progress = true;
      d = parent;
   }
   return progress;
}

bool
nir_deref_path_init(nir_deref_path *path, nir_deref_instr *deref, struct arena *arena)
{
   unsigned n = 0;
   for (nir_deref_instr *d = deref; d; d = nir_deref_instr_parent(d))
      n++;
   path->length = n;
   if (n + 1 <= ARRAY_SIZE(path->_short_path)) {
      path->path = path->_short_path;
   } else {
      path->path = arena_new_array(arena, nir_deref_instr *, n + 1);
      if (!path->path)
         return false;
   }
   path->path[n] = NULL;
   unsigned i = n;
   for (nir_deref_instr *d = deref; d; d = nir_deref_instr_parent(d))
      path->path[--i] = d;
   return true;
}
