/* SPDX-License-Identifier: MIT */
/*
 * Samplers and images inside uniform structs as uniforms of their own (see
 * zk_compiler.h).
 *
 * GLSL lets a uniform struct hold opaque members (`struct S { sampler2D t;
 * float f; }; uniform S s[2];`: GLSL 4.60, 4.1.7 "Opaque Types ... can be
 * members of structures"); GL-flavoured SPIR-V keeps the struct in
 * UniformConstant, which Vulkan allows only for opaque types and arrays of
 * them. Each opaque member becomes a variable named after its path
 * ("s.t"), an array over every array the path crosses, outermost first
 * (s[i].t is s.t[i]); what is left of the struct stays a loose uniform for
 * the default block. The new variables have no binding: zk_assign_bindings
 * gives them the next free ones of their set (GL gives each its own unit).
 */
#include "zk_compiler.h"

#include <string.h>

#include "util/arena.h"
#include "zk_pass_util.h"

#define MAX_DIMS 8
#define MAX_LEAVES 64

struct leaf {
   const char *name;
   nir_variable *var;
};

struct split {
   nir_shader *shader;
   nir_variable *var;
   struct leaf leaves[MAX_LEAVES];
   unsigned count;
   bool failed;
};

static const struct glsl_type *
wrap(const struct glsl_type *t, const unsigned *dims, unsigned ndims)
{
   for (unsigned i = ndims; i-- > 0;)
      t = glsl_array_type(t, dims[i], 0);
   return t;
}

/* Makes a variable for every opaque leaf of t. */
static void
make_leaves(struct split *sp, const struct glsl_type *t, const char *name, unsigned *dims,
            unsigned ndims)
{
   if (sp->failed || !glsl_type_contains_opaque(t))
      return;
   if (glsl_type_is_array(t) && glsl_type_is_struct(glsl_without_array(t))) {
      if (ndims == MAX_DIMS) {
         sp->failed = true;
         return;
      }
      dims[ndims] = glsl_get_length(t);
      make_leaves(sp, glsl_get_array_element(t), name, dims, ndims + 1);
      return;
   }
   if (glsl_type_is_struct(t)) {
      for (unsigned m = 0; m < glsl_get_length(t); m++) {
         const char *n = arena_asprintf(sp->shader->arena, "%s.%s", name,
                                        glsl_get_struct_elem_name(t, m));
         if (!n) {
            sp->failed = true;
            return;
         }
         make_leaves(sp, glsl_get_struct_field(t, m), n, dims, ndims);
      }
      return;
   }
   /* An opaque type or an array of one: a leaf. */
   if (sp->count == MAX_LEAVES) {
      sp->failed = true;
      return;
   }
   nir_variable *v = nir_variable_create(sp->shader, NIR_VAR_UNIFORM, wrap(t, dims, ndims), name);
   if (!v) {
      sp->failed = true;
      return;
   }
   v->data.descriptor_set = sp->var->data.descriptor_set;
   v->data.explicit_descriptor_set = sp->var->data.explicit_descriptor_set;
   v->data.access = sp->var->data.access;
   v->data.image_format = sp->var->data.image_format;
   list_del(&v->node);
   list_insert_before(&v->node, &sp->var->node);
   sp->leaves[sp->count++] = (struct leaf){name, v};
}

/* The type without its opaque members; NULL when nothing is left. */
static const struct glsl_type *
strip_opaque(const struct glsl_type *t)
{
   if (glsl_type_is_array(t)) {
      const struct glsl_type *e = strip_opaque(glsl_get_array_element(t));
      return e ? glsl_array_type(e, glsl_get_length(t), glsl_get_explicit_stride(t)) : NULL;
   }
   if (glsl_type_is_opaque(t))
      return NULL;
   if (!glsl_type_is_struct(t))
      return t;
   struct glsl_struct_field fields[64];
   unsigned n = 0;
   for (unsigned m = 0; m < glsl_get_length(t) && n < ARRAY_SIZE(fields); m++) {
      const struct glsl_type *ft = strip_opaque(glsl_get_struct_field(t, m));
      if (!ft)
         continue;
      fields[n] = *glsl_get_struct_field_data(t, m);
      fields[n++].type = ft;
   }
   return n ? glsl_struct_type(fields, n, glsl_get_type_name(t), glsl_get_block_kind(t)) : NULL;
}

/* A deref of an opaque member (the first deref whose type is opaque or an
 * array of opaque right below a struct): the same element of its leaf. */
static bool
replace_member_deref(struct split *sp, nir_deref_instr *d)
{
   nir_deref_instr *path[32];
   unsigned n = 0;
   for (nir_deref_instr *p = d; p->deref_type != NIR_DEREF_TYPE_VAR;
        p = nir_deref_instr_parent(p)) {
      if (n == ARRAY_SIZE(path) || (p->deref_type != NIR_DEREF_TYPE_ARRAY &&
                                    p->deref_type != NIR_DEREF_TYPE_STRUCT))
         return false;
      path[n++] = p;
   }
   /* The leaf's name from the members crossed; indices in order. */
   char name[512];
   int len = snprintf(name, sizeof(name), "%s", sp->var->name);
   for (unsigned i = n; i-- > 0;) {
      nir_deref_instr *p = path[i];
      if (p->deref_type == NIR_DEREF_TYPE_STRUCT)
         len += snprintf(name + len, sizeof(name) - (size_t)MIN2(len, 511), ".%s",
                         glsl_get_struct_elem_name(nir_deref_instr_parent(p)->type,
                                                   p->strct.index));
   }
   nir_variable *leaf = NULL;
   for (unsigned i = 0; i < sp->count && !leaf; i++)
      leaf = strcmp(sp->leaves[i].name, name) == 0 ? sp->leaves[i].var : NULL;
   if (!leaf)
      return false;
   nir_builder b = nir_builder_at(nir_before_instr(&d->instr));
   nir_deref_instr *to = nir_build_deref_var(&b, leaf);
   for (unsigned i = n; i-- > 0;) {
      if (path[i]->deref_type == NIR_DEREF_TYPE_ARRAY)
         to = nir_build_deref_array(&b, to, path[i]->arr.index.ssa);
   }
   nir_def_rewrite_uses(&d->def, &to->def);
   nir_deref_instr_remove_if_unused(d);
   return true;
}

static bool
is_member_deref(nir_deref_instr *d)
{
   return d->deref_type == NIR_DEREF_TYPE_STRUCT &&
          glsl_type_is_opaque(glsl_without_array(d->type));
}

static struct nir_deref_instr *
remainder_root(nir_builder *b, void *data)
{
   return nir_build_deref_var(b, data);
}

static bool
split_var(nir_shader *shader, nir_variable *var, const char **error)
{
   struct split sp = {.shader = shader, .var = var};
   unsigned dims[MAX_DIMS];
   unsigned ndims = 0;
   const struct glsl_type *t = var->type;
   while (glsl_type_is_array(t) && ndims < MAX_DIMS) {
      dims[ndims++] = glsl_get_length(t);
      t = glsl_get_array_element(t);
   }
   make_leaves(&sp, t, var->name, dims, ndims);
   if (sp.failed) {
      *error = "an opaque uniform in a struct: out of memory, or nested too deeply";
      return false;
   }
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_DEREF)
               continue;
            nir_deref_instr *d = nir_instr_as_deref(instr);
            if (!is_member_deref(d) || nir_deref_instr_get_variable(d) != var)
               continue;
            if (!replace_member_deref(&sp, d)) {
               *error = "an opaque uniform in a struct reached an unexpected way";
               return false;
            }
         }
      }
      nir_metadata_preserve(impl, NIR_METADATA_CONTROL_FLOW);
   }
   /* What is left of the struct. */
   const struct glsl_type *rest = strip_opaque(var->type);
   if (rest) {
      nir_variable *r = nir_variable_create(shader, NIR_VAR_UNIFORM, rest, var->name);
      if (!r) {
         *error = "out of memory";
         return false;
      }
      r->data = var->data;
      list_del(&r->node);
      list_insert_before(&r->node, &var->node);
      if (!zk_rebase_derefs(shader, var, remainder_root, r, error))
         return false;
   }
   list_del(&var->node);
   return !nir_shader_oom(shader);
}

bool
zk_split_opaque_uniforms(nir_shader *shader, const char **error)
{
   bool progress = false;
   nir_foreach_variable_with_modes_safe(var, shader, NIR_VAR_UNIFORM) {
      const struct glsl_type *bare = glsl_without_array(var->type);
      if (!glsl_type_is_struct(bare) || !glsl_type_contains_opaque(bare) || !var->name)
         continue;
      if (!split_var(shader, var, error)) {
         if (!*error)
            *error = "out of memory";
         return false;
      }
      progress = true;
   }
   return progress;
}
