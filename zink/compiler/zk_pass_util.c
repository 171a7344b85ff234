/* SPDX-License-Identifier: MIT */
#include "zk_pass_util.h"

#include <string.h>

#include "util/arena.h"
#include "util/hash_table.h"

bool
zk_variable_is_used(nir_shader *shader, const nir_variable *var)
{
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == NIR_INSTR_TYPE_DEREF &&
                nir_instr_as_deref(instr)->deref_type == NIR_DEREF_TYPE_VAR &&
                nir_instr_as_deref(instr)->var == var)
               return true;
         }
      }
   }
   return false;
}

nir_variable *
zk_find_variable(nir_shader *shader, nir_variable_mode modes, const char *name)
{
   nir_foreach_variable_with_modes(var, shader, modes) {
      if (var->name && strcmp(var->name, name) == 0)
         return var;
   }
   return NULL;
}

nir_deref_instr *
zk_clone_deref_chain_to(nir_builder *b, nir_deref_instr *deref, nir_variable *var)
{
   switch (deref->deref_type) {
   case NIR_DEREF_TYPE_VAR:
      return nir_build_deref_var(b, var ? var : deref->var);
   case NIR_DEREF_TYPE_ARRAY:
      return nir_build_deref_array(
         b, zk_clone_deref_chain_to(b, nir_deref_instr_parent(deref), var),
         deref->arr.index.ssa);
   case NIR_DEREF_TYPE_STRUCT:
      return nir_build_deref_struct(
         b, zk_clone_deref_chain_to(b, nir_deref_instr_parent(deref), var),
         deref->strct.index);
   default:
      return deref; /* casts have no variable to start again from */
   }
}

nir_deref_instr *
zk_clone_deref_chain(nir_builder *b, nir_deref_instr *deref)
{
   return zk_clone_deref_chain_to(b, deref, NULL);
}

const struct glsl_type *
zk_type_bool_to_uint(const struct glsl_type *t)
{
   switch (glsl_get_base_type(t)) {
   case GLSL_TYPE_BOOL:
      return glsl_type_with_base(t, GLSL_TYPE_UINT);
   case GLSL_TYPE_ARRAY: {
      const struct glsl_type *e = zk_type_bool_to_uint(glsl_get_array_element(t));
      return e == glsl_get_array_element(t)
                ? t
                : glsl_array_type(e, glsl_get_length(t), glsl_get_explicit_stride(t));
   }
   case GLSL_TYPE_STRUCT: {
      const unsigned n = glsl_get_length(t);
      struct glsl_struct_field small[32];
      if (n > ARRAY_SIZE(small))
         return t; /* no GL struct that large holds bools in the corpus; kept */
      bool changed = false;
      for (unsigned i = 0; i < n; i++) {
         small[i] = *glsl_get_struct_field_data(t, i);
         const struct glsl_type *ft = zk_type_bool_to_uint(small[i].type);
         changed |= ft != small[i].type;
         small[i].type = ft;
      }
      return changed ? glsl_struct_type(small, n, glsl_get_type_name(t),
                                        glsl_get_block_kind(t))
                     : t;
   }
   default:
      return t;
   }
}

void
zk_retype_variable(nir_shader *shader, nir_variable *var, const struct glsl_type *type)
{
   var->type = type;
   nir_variable_retype_derefs(shader, var);
}

/* One deref of the old chain and what replaces it. */
struct rebased {
   nir_deref_instr *old;
   nir_deref_instr *new;
};

static bool
rebase_one(nir_builder *b, nir_deref_instr *d, struct hash_table *map, zk_deref_root_fn root,
           void *data, nir_deref_instr **out, const char **error)
{
   b->cursor = nir_before_instr(&d->instr);
   if (d->deref_type == NIR_DEREF_TYPE_VAR) {
      *out = root(b, data);
      return true;
   }
   nir_deref_instr *old_parent = nir_deref_instr_parent(d);
   struct hash_entry *e = old_parent ? hash_table_search(map, old_parent) : NULL;
   if (!e) {
      *error = "a deref of a moved variable through a cast";
      return false;
   }
   nir_deref_instr *parent = e->data;
   switch (d->deref_type) {
   case NIR_DEREF_TYPE_ARRAY: {
      const unsigned len = glsl_get_length(parent->type);
      if (glsl_type_is_array(parent->type) && len && nir_src_is_const(d->arr.index) &&
          nir_src_as_uint(d->arr.index) >= len) {
         *error = arena_asprintf(b->shader->arena, "index %u outside %s[%u]",
                                 (unsigned)nir_src_as_uint(d->arr.index),
                                 nir_deref_instr_get_variable(d)->name, len);
         return false;
      }
      *out = nir_build_deref_array(b, parent, d->arr.index.ssa);
      return true;
   }
   case NIR_DEREF_TYPE_STRUCT: {
      const char *name = glsl_get_struct_elem_name(old_parent->type, d->strct.index);
      const int m = name ? glsl_get_field_index(parent->type, name) : (int)d->strct.index;
      if (m < 0 || (unsigned)m >= glsl_get_length(parent->type)) {
         *error = arena_asprintf(b->shader->arena, "member %s has no place in the new type",
                                 name ? name : "(unnamed)");
         return false;
      }
      *out = nir_build_deref_struct(b, parent, (unsigned)m);
      return true;
   }
   default:
      *error = "unexpected deref of a moved variable";
      return false;
   }
}

/* A load of a bool that now reads a uint: load 32 bits, compare with 0. */
static void
fix_bool_loads(nir_builder *b, nir_deref_instr *new)
{
   if (glsl_get_base_type(glsl_without_array(new->type)) != GLSL_TYPE_UINT)
      return;
   nir_foreach_use_safe(src, &new->def) {
      nir_instr *user = nir_src_parent_instr(src);
      if (!user || user->type != NIR_INSTR_TYPE_INTRINSIC)
         continue;
      nir_intrinsic_instr *load = nir_instr_as_intrinsic(user);
      if (load->intrinsic != NIR_INTRINSIC_LOAD_DEREF || load->def.bit_size != 1)
         continue;
      load->def.bit_size = 32;
      b->cursor = nir_after_instr(&load->instr);
      nir_def *bool_value = nir_ine_imm(b, &load->def, 0);
      nir_def_rewrite_uses_after(&load->def, bool_value, bool_value->parent_instr);
   }
}

bool
zk_rebase_derefs(nir_shader *shader, nir_variable *var, zk_deref_root_fn root, void *data,
                 const char **error)
{
   struct arena *arena = arena_create(shader->arena);
   struct hash_table *map = arena ? hash_table_create(arena, util_hash_pointer,
                                                      util_equal_pointer)
                                  : NULL;
   if (!map) {
      arena_destroy(arena);
      nir_shader_set_oom(shader);
      *error = "out of memory";
      return false;
   }
   bool ok = true;
   struct rebased *list = NULL;
   unsigned count = 0, cap = 0;
   nir_foreach_function_impl(impl, shader) {
      nir_builder b = nir_builder_at(nir_before_impl(impl));
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_DEREF)
               continue;
            nir_deref_instr *d = nir_instr_as_deref(instr);
            if (hash_table_search(map, d))
               continue;
            if (d->deref_type == NIR_DEREF_TYPE_VAR ? d->var != var
                                                    : nir_deref_instr_get_variable(d) != var)
               continue;
            nir_deref_instr *n = NULL;
            if (!rebase_one(&b, d, map, root, data, &n, error)) {
               ok = false;
               goto done;
            }
            if (count == cap) {
               cap = cap ? cap * 2 : 16;
               struct rebased *grown = arena_realloc(arena, list, count * sizeof(*list),
                                                     cap * sizeof(*list));
               if (!grown) {
                  ok = false;
                  *error = "out of memory";
                  goto done;
               }
               list = grown;
            }
            list[count++] = (struct rebased){d, n};
            if (!hash_table_insert(map, d, n) || !hash_table_insert(map, n, n)) {
               ok = false;
               *error = "out of memory";
               goto done;
            }
         }
      }
   }
   if (nir_shader_oom(shader)) {
      /* The builder handed out poison derefs: nothing may point at them. */
      ok = false;
      goto done;
   }
   /* Children first: each old deref's users move to its replacement. */
   for (unsigned i = count; i-- > 0;) {
      nir_def_rewrite_uses(&list[i].old->def, &list[i].new->def);
      nir_instr_remove(&list[i].old->instr);
   }
   for (unsigned i = 0; i < count; i++) {
      nir_builder b = nir_builder_at(nir_after_instr(&list[i].new->instr));
      fix_bool_loads(&b, list[i].new);
   }
   nir_foreach_function_impl(impl, shader)
      nir_metadata_preserve(impl, NIR_METADATA_CONTROL_FLOW);
done:
   arena_destroy(arena);
   if (nir_shader_oom(shader)) {
      *error = "out of memory";
      ok = false;
   }
   return ok;
}

/* Every load_const and undef at the top of the entry block, in the order
 * met: where spirv_to_nir puts them (a constant left in a branch would keep
 * a block alive that the next trip does not have). */
static void
hoist_constants(nir_shader *shader)
{
   nir_foreach_function_impl(impl, shader) {
      nir_block *start = nir_start_block(impl);
      nir_instr *last = NULL;
      bool moved = false;
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_LOAD_CONST && instr->type != NIR_INSTR_TYPE_UNDEF)
               continue;
            moved |= nir_instr_move(last ? nir_after_instr(last) : nir_before_block(start),
                                    instr);
            last = instr;
         }
      }
      nir_metadata_preserve(impl, moved ? NIR_METADATA_CONTROL_FLOW : NIR_METADATA_ALL);
   }
}

void
zk_canonicalize(nir_shader *shader)
{
   nir_lower_vars_to_ssa(shader);
   nir_opt_constant_folding(shader);
   nir_opt_dce(shader);
   hoist_constants(shader);
   /* Dense def numbers in source order, as spirv_to_nir leaves them. */
   nir_foreach_function_impl(impl, shader)
      nir_index_ssa_defs(impl);
}
