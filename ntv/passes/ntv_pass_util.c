/* SPDX-License-Identifier: MIT */
#include "ntv/passes/ntv_pass_util.h"

#include <string.h>

#include "util/arena.h"

bool
ntv_find_builtin(nir_shader *shader, nir_variable_mode mode, nir_builtin builtin,
                 struct ntv_output_ref *out)
{
   nir_foreach_variable_with_modes(var, shader, mode) {
      if (var->data.builtin == builtin) {
         *out = (struct ntv_output_ref){var, -1};
         return true;
      }
      const struct glsl_type *t = var->type;
      if (!glsl_type_is_struct(t))
         continue;
      for (unsigned m = 0; m < glsl_get_length(t); m++) {
         if (glsl_get_struct_field_data(t, m)->builtin == builtin) {
            *out = (struct ntv_output_ref){var, (int)m};
            return true;
         }
      }
   }
   return false;
}

const struct glsl_type *
ntv_output_type(const struct ntv_output_ref *ref)
{
   return ref->member < 0 ? ref->var->type
                          : glsl_get_struct_field(ref->var->type, (unsigned)ref->member);
}

enum ntv_deref_match
ntv_deref_match(nir_deref_instr *deref, const struct ntv_output_ref *ref, nir_src **index)
{
   nir_deref_instr *path[4];
   unsigned n = 0;
   for (nir_deref_instr *d = deref; d; d = nir_deref_instr_parent(d)) {
      if (n == ARRAY_SIZE(path))
         return nir_deref_instr_get_variable(deref) == ref->var ? NTV_DEREF_OTHER
                                                                : NTV_DEREF_UNRELATED;
      path[n++] = d;
      if (d->deref_type == NIR_DEREF_TYPE_CAST)
         return NTV_DEREF_UNRELATED;
   }
   /* path[n - 1] is the variable deref. */
   nir_deref_instr *root = path[n - 1];
   if (root->deref_type != NIR_DEREF_TYPE_VAR || root->var != ref->var)
      return NTV_DEREF_UNRELATED;
   unsigned depth = 0; /* derefs below the output itself */
   if (ref->member >= 0) {
      if (n < 2)
         return NTV_DEREF_OTHER;
      nir_deref_instr *m = path[n - 2];
      if (m->deref_type != NIR_DEREF_TYPE_STRUCT)
         return NTV_DEREF_OTHER;
      if (m->strct.index != (unsigned)ref->member)
         return NTV_DEREF_UNRELATED;
      depth = n - 2;
   } else {
      depth = n - 1;
   }
   if (depth == 0)
      return NTV_DEREF_WHOLE;
   if (depth == 1 && path[0]->deref_type == NIR_DEREF_TYPE_ARRAY) {
      if (index)
         *index = &path[0]->arr.index;
      return NTV_DEREF_ELEMENT;
   }
   return NTV_DEREF_OTHER;
}

nir_deref_instr *
ntv_build_output_deref(nir_builder *b, const struct ntv_output_ref *ref, nir_def *index)
{
   nir_deref_instr *d = nir_build_deref_var(b, ref->var);
   if (ref->member >= 0)
      d = nir_build_deref_struct(b, d, (unsigned)ref->member);
   if (index)
      d = nir_build_deref_array(b, d, index);
   return d;
}

static void
mark_slots(uint32_t *used, int location, const struct glsl_type *t)
{
   if (location < 0)
      return;
   const unsigned slots = glsl_count_attribute_slots(t, false);
   for (unsigned i = 0; i < slots && location + i < 32; i++)
      *used |= 1u << (location + i);
}

int
ntv_free_output_location(nir_shader *shader)
{
   uint32_t used = 0;
   nir_foreach_variable_with_modes(var, shader, NIR_VAR_SHADER_OUT) {
      if (var->data.builtin != NIR_BUILTIN_NONE)
         continue;
      /* Per-vertex arrays of the TCS count per element. */
      const struct glsl_type *t = var->type;
      if (shader->info.stage == NIR_STAGE_TESS_CTRL && !var->data.patch &&
          glsl_type_is_array(t))
         t = glsl_get_array_element(t);
      if (var->data.explicit_location)
         mark_slots(&used, var->data.location, t);
      const struct glsl_type *bare = glsl_without_array(t);
      if (glsl_type_is_struct(bare)) {
         for (unsigned m = 0; m < glsl_get_length(bare); m++) {
            const struct glsl_struct_field *f = glsl_get_struct_field_data(bare, m);
            if (f->builtin == NIR_BUILTIN_NONE && f->location != GLSL_NO_DECORATION)
               mark_slots(&used, f->location, f->type);
         }
      }
   }
   for (int l = 0; l < 32; l++) {
      if (!(used & (1u << l)))
         return l;
   }
   return -1;
}

bool
ntv_set_member(nir_shader *shader, nir_variable *var, unsigned m,
               const struct glsl_struct_field *field)
{
   const struct glsl_type *t = var->type;
   const unsigned n = glsl_get_length(t);
   struct glsl_struct_field *fields = arena_new_array(shader->arena, struct glsl_struct_field, n);
   if (!fields) {
      nir_shader_set_oom(shader);
      return false;
   }
   for (unsigned i = 0; i < n; i++)
      fields[i] = *glsl_get_struct_field_data(t, i);
   fields[m] = *field;
   const struct glsl_type *nt =
      glsl_struct_type(fields, n, glsl_get_type_name(t), glsl_get_block_kind(t));
   if (glsl_type_is_error(nt)) {
      nir_shader_set_oom(shader);
      return false;
   }
   var->type = nt;
   nir_variable_retype_derefs(shader, var);
   return true;
}
