/* SPDX-License-Identifier: MIT */
/*
 * Arrays of arrays of resources as one-dimensional arrays (see
 * zk_compiler.h).
 *
 * GL_ARB_arrays_of_arrays allows `uniform B { ... } b[2][3]` and
 * `uniform sampler2D s[2][3]`; Vulkan takes a block, an opaque type or an
 * array of one (VUID-StandaloneSpirv-Uniform-06807,
 * VUID-StandaloneSpirv-UniformConstant-04655), and a descriptor array is
 * one-dimensional anyway. GL numbers the elements in row-major order from
 * the array's binding (GL 4.6, 7.6.2: "each individual array element takes
 * a binding point ... in increasing order, where the outermost index varies
 * slowest"), so b[i][j] becomes b[i * 3 + j], which keeps every binding.
 */
#include "zk_compiler.h"

#include "nir/nir_builder.h"
#include "zk_pass_util.h"

static bool
is_resource(const nir_variable *var)
{
   if (var->data.mode & (NIR_VAR_MEM_UBO | NIR_VAR_MEM_SSBO))
      return true;
   return var->data.mode == NIR_VAR_UNIFORM && glsl_type_is_opaque(glsl_without_array(var->type));
}

/* The flat index of the array levels above `d` (whose type is the element). */
static nir_def *
flat_index(nir_builder *b, nir_deref_instr *d)
{
   nir_deref_instr *parent = nir_deref_instr_parent(d);
   nir_def *i = nir_u2uN(b, d->arr.index.ssa, 32);
   if (parent->deref_type == NIR_DEREF_TYPE_VAR)
      return i;
   const unsigned inner = glsl_get_length(parent->type);
   return nir_iadd(b, nir_imul_imm(b, flat_index(b, parent), inner), i);
}

static bool
flatten(nir_shader *shader, nir_variable *var)
{
   const struct glsl_type *element = glsl_without_array(var->type);
   unsigned count = 1;
   for (const struct glsl_type *t = var->type; glsl_type_is_array(t);
        t = glsl_get_array_element(t))
      count *= MAX2(glsl_get_length(t), 1u);
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_DEREF)
               continue;
            nir_deref_instr *d = nir_instr_as_deref(instr);
            if (d->deref_type != NIR_DEREF_TYPE_ARRAY || glsl_type_is_array(d->type) ||
                nir_deref_instr_get_variable(d) != var)
               continue;
            /* The last array level: one index into the flat array. */
            nir_deref_instr *p = d;
            while (p->deref_type == NIR_DEREF_TYPE_ARRAY)
               p = nir_deref_instr_parent(p);
            if (p->deref_type != NIR_DEREF_TYPE_VAR)
               return false;
            nir_builder b = nir_builder_at(nir_before_instr(instr));
            nir_def *index = flat_index(&b, d);
            nir_deref_instr *root = nir_build_deref_var(&b, var);
            nir_deref_instr *flat = nir_build_deref_array(&b, root, index);
            nir_def_rewrite_uses(&d->def, &flat->def);
            nir_deref_instr_remove_if_unused(d);
         }
      }
      nir_metadata_preserve(impl, NIR_METADATA_CONTROL_FLOW);
   }
   zk_retype_variable(shader, var, glsl_array_type(element, count, 0));
   return true;
}

bool
zk_flatten_resource_arrays(nir_shader *shader, const char **error)
{
   bool progress = false;
   nir_foreach_variable_with_modes(var, shader,
                                   NIR_VAR_MEM_UBO | NIR_VAR_MEM_SSBO | NIR_VAR_UNIFORM) {
      if (!is_resource(var) || !glsl_type_is_array_of_arrays(var->type))
         continue;
      if (!flatten(shader, var)) {
         *error = "an array of arrays of resources reached through a cast";
         return false;
      }
      progress = true;
   }
   return progress;
}
