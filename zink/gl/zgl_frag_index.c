/* SPDX-License-Identifier: MIT */
/*
 * Dual-source blending's fragment output index (GL 3.3 core, 3.9.2 "Shader
 * Outputs": the output with index one is the second source of the blend
 * equation of draw buffer zero; GL_MAX_DUAL_SOURCE_DRAW_BUFFERS is 1).
 *
 * An output is index 1 by `layout(location = 0, index = 1)` (glslang's
 * Index decoration, kept by spirv_to_nir) or by
 * glBindFragDataLocationIndexed(program, 0, 1, name). Vulkan wants the pair
 * at Location 0, Index 0 and 1, so in a program with an index-1 output the
 * link applies every glBindFragDataLocation(Indexed) to the fragment
 * shader's variables themselves, before the lowering, and the draw keeps
 * locations as draw buffers (no permutation, zgl_link.c).
 */
#include <string.h>

#include "nir/nir.h"
#include "zgl_program.h"

static const struct zgl_location_binding *
binding_of(const struct zgl_program *p, const char *name)
{
   for (unsigned i = 0; i < p->num_frag_bindings; i++) {
      if (!strcmp(p->frag_bindings[i].name, name))
         return &p->frag_bindings[i];
   }
   return NULL;
}

const char *
zgl_frag_index_apply(const struct zgl_program *p, nir_shader *fs)
{
   bool dual = false;
   nir_foreach_variable_with_modes(var, fs, NIR_VAR_SHADER_OUT) {
      if (var->data.builtin != NIR_BUILTIN_NONE || !var->name)
         continue;
      const struct zgl_location_binding *b = binding_of(p, var->name);
      dual |= b ? b->index == 1 : var->data.index == 1;
   }
   if (!dual)
      return NULL;
   const char *index1 = NULL;
   nir_foreach_variable_with_modes(var, fs, NIR_VAR_SHADER_OUT) {
      if (var->data.builtin != NIR_BUILTIN_NONE || !var->name)
         continue;
      const struct zgl_location_binding *b = binding_of(p, var->name);
      if (b) {
         var->data.location = (int)b->location;
         var->data.explicit_location = true;
         var->data.index = b->index;
         var->data.explicit_index = b->index != 0;
      }
      if (var->data.index == 1)
         index1 = var->name;
   }
   return index1;
}
