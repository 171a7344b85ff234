/* SPDX-License-Identifier: MIT */
/*
 * GL atomic counters in storage buffers (see zk_compiler.h).
 *
 * GL-flavoured SPIR-V keeps atomic_uint in the AtomicCounter storage class
 * with a Binding (the atomic counter buffer binding point) and an Offset in
 * bytes; Vulkan has no such class. A counter is the 32-bit word at that
 * offset of the buffer bound there (GL 4.6, 7.7 "Atomic Counter Buffers";
 * arrays are tightly packed, stride 4), so each binding becomes a storage
 * buffer of uints, kiln_atomic_counters<b> { uint counter[]; }, at set 2,
 * binding ZK_BINDING_FIRST_ATOMIC_BUFFER + b, which the driver points at
 * the GL buffer (offset included). The operations are SPIR-V atomics on
 * those words already; only their pointers change.
 */
#include "zk_compiler.h"

#include "nir/nir_builder.h"
#include "util/arena.h"
#include "zk_pass_util.h"

static nir_variable *
buffer_for(nir_shader *shader, unsigned binding)
{
   const char *name = arena_asprintf(shader->arena, ZK_ATOMIC_COUNTERS_NAME "%u", binding);
   if (!name)
      return NULL;
   nir_variable *var = zk_find_variable(shader, NIR_VAR_MEM_SSBO, name);
   if (var)
      return var;
   struct glsl_struct_field f =
      glsl_struct_field_init(glsl_array_type(glsl_uint_type(), 0, 4), "counter");
   f.offset_B = 0;
   const struct glsl_type *t = glsl_struct_type(&f, 1, "KilnAtomicCounters", GLSL_BLOCK);
   if (glsl_type_is_error(t))
      return NULL;
   var = nir_variable_create(shader, NIR_VAR_MEM_SSBO, t, name);
   if (!var)
      return NULL;
   var->data.descriptor_set = ZK_SET_STORAGE_BUFFER;
   var->data.binding = ZK_BINDING_FIRST_ATOMIC_BUFFER + binding;
   var->data.explicit_descriptor_set = true;
   var->data.explicit_binding = true;
   return var;
}

/* Counters in one element of an array type. */
static unsigned
leaves(const struct glsl_type *t)
{
   unsigned n = 1;
   for (; glsl_type_is_array(t); t = glsl_get_array_element(t))
      n *= MAX2(glsl_get_length(t), 1u);
   return n;
}

/* Word index of a leaf deref: offset / 4 plus the flattened array index. */
static nir_def *
word_index(nir_builder *b, nir_deref_instr *d, unsigned first)
{
   if (d->deref_type == NIR_DEREF_TYPE_VAR)
      return nir_imm_int(b, (int)first);
   nir_deref_instr *parent = nir_deref_instr_parent(d);
   nir_def *base = word_index(b, parent, first);
   nir_def *i = nir_imul_imm(b, nir_u2uN(b, d->arr.index.ssa, 32), leaves(d->type));
   return nir_iadd(b, base, i);
}

static bool
lower_var(nir_shader *shader, nir_variable *var, const char **error)
{
   nir_variable *buffer = buffer_for(shader, var->data.binding);
   if (!buffer) {
      *error = "out of memory";
      return false;
   }
   const unsigned first = var->data.offset_B / 4;
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_DEREF)
               continue;
            nir_deref_instr *d = nir_instr_as_deref(instr);
            if (glsl_type_is_array(d->type) || nir_deref_instr_get_variable(d) != var)
               continue;
            for (nir_deref_instr *p = d; p->deref_type != NIR_DEREF_TYPE_VAR;
                 p = nir_deref_instr_parent(p)) {
               if (p->deref_type != NIR_DEREF_TYPE_ARRAY) {
                  *error = "an atomic counter reached through a struct";
                  return false;
               }
            }
            nir_builder b = nir_builder_at(nir_before_instr(instr));
            nir_deref_instr *words =
               nir_build_deref_struct(&b, nir_build_deref_var(&b, buffer), 0);
            nir_deref_instr *word = nir_build_deref_array(&b, words, word_index(&b, d, first));
            nir_def_rewrite_uses(&d->def, &word->def);
            nir_deref_instr_remove_if_unused(d);
         }
      }
      nir_metadata_preserve(impl, NIR_METADATA_CONTROL_FLOW);
   }
   return true;
}

bool
zk_lower_atomic_counters(nir_shader *shader, const char **error)
{
   bool progress = false;
   nir_foreach_variable_with_modes_safe(var, shader, NIR_VAR_UNIFORM) {
      if (!var->data.atomic_counter)
         continue;
      if (!lower_var(shader, var, error))
         return false;
      list_del(&var->node);
      progress = true;
   }
   if (nir_shader_oom(shader)) {
      *error = "out of memory";
      return false;
   }
   return progress;
}
