/* SPDX-License-Identifier: MIT */
/*
 * Explicit layouts for blocks that have none (see zk_compiler.h).
 *
 * Vulkan requires Offset on every member of a block in Uniform,
 * StorageBuffer and PushConstant storage (Vulkan 1.3, 15.6.4). GL's default
 * for a uniform block is `shared`, which an implementation may lay out as
 * std140 (GL 4.6, 7.6.2.2: "the shared layout ... is implementation-
 * dependent"); std140 is also what an application that queries nothing
 * assumes, and Vulkan 1.0 takes it for uniform buffers. Storage blocks and
 * push constants get std430 (GLSL 4.60, 4.4.5: std430 is the default for
 * storage blocks that say nothing). Row-major members stay row-major.
 */
#include "zk_compiler.h"

#include "zk_pass_util.h"

/* The same array dimensions around another element type. */
static const struct glsl_type *
rewrap(const struct glsl_type *arrays, const struct glsl_type *element)
{
   if (!glsl_type_is_array(arrays))
      return element;
   return glsl_array_type(rewrap(glsl_get_array_element(arrays), element),
                          glsl_get_length(arrays), 0);
}

static bool
laid_out(const struct glsl_type *t)
{
   t = glsl_without_array(t);
   if (!glsl_type_is_struct(t))
      return true;
   for (unsigned m = 0; m < glsl_get_length(t); m++) {
      const struct glsl_struct_field *f = glsl_get_struct_field_data(t, m);
      if (f->offset_B == GLSL_NO_DECORATION)
         return false;
      const struct glsl_type *ft = f->type;
      if (glsl_type_is_array(ft) && !glsl_get_explicit_stride(ft))
         return false;
      if (glsl_type_is_matrix(glsl_without_array(ft)) && f->matrix_stride_B <= 0)
         return false;
      if (!laid_out(ft))
         return false;
   }
   return true;
}

bool
zk_lay_out_blocks(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_variable_with_modes(var, shader,
                                   NIR_VAR_MEM_UBO | NIR_VAR_MEM_SSBO |
                                      NIR_VAR_MEM_PUSH_CONST) {
      /* An array of blocks is an array of descriptors (no ArrayStride):
       * only the block gets a layout. */
      const struct glsl_type *blk = glsl_without_array(var->type);
      if (laid_out(blk))
         continue;
      const enum glsl_layout layout =
         var->data.mode == NIR_VAR_MEM_UBO ? GLSL_LAYOUT_STD140 : GLSL_LAYOUT_STD430;
      const struct glsl_type *t = glsl_get_explicit_type_for_layout(blk, layout, false);
      if (glsl_type_is_error(t)) {
         nir_shader_set_oom(shader);
         return progress;
      }
      zk_retype_variable(shader, var, rewrap(var->type, t));
      progress = true;
   }
   return progress;
}
