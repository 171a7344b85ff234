/* SPDX-License-Identifier: MIT */
/*
 * The fragment shader's gl_Color and gl_SecondaryColor (see zk_compiler.h).
 *
 * GL 4.6 compatibility, 11.1.3.5 (and GL 2.0, 2.15.3 "Shader Execution"):
 * with a vertex shader, the colours a fragment sees are what it wrote to
 * gl_FrontColor / gl_FrontSecondaryColor, or, when VERTEX_PROGRAM_TWO_SIDE
 * is enabled and the primitive is back-facing, gl_BackColor /
 * gl_BackSecondaryColor. The inputs take the producer's names (the varying
 * pass matches by name), and with two_side each read selects by
 * gl_FrontFacing between the front input and a back input made for it.
 */
#include "zk_compiler.h"

#include <string.h>

#include "zk_pass_util.h"

struct colors {
   nir_variable *front, *back;
   nir_variable *facing;
};

static nir_variable *
front_facing(nir_shader *shader)
{
   nir_foreach_variable_with_modes(var, shader, NIR_VAR_SYSTEM_VALUE | NIR_VAR_SHADER_IN) {
      if (var->data.builtin == NIR_BUILTIN_FRONT_FACING)
         return var;
   }
   nir_variable *var =
      nir_variable_create(shader, NIR_VAR_SYSTEM_VALUE, glsl_bool_type(), "gl_FrontFacing");
   if (var)
      var->data.builtin = NIR_BUILTIN_FRONT_FACING;
   return var;
}

static bool
select_color(nir_builder *b, nir_intrinsic_instr *load, void *data)
{
   struct colors *c = data;
   if (load->intrinsic != NIR_INTRINSIC_LOAD_DEREF)
      return false;
   nir_deref_instr *d = nir_src_as_deref(load->src[0]);
   if (!d || nir_deref_instr_get_variable(d) != c->front)
      return false;
   if (!c->facing)
      c->facing = front_facing(b->shader);
   if (!c->facing)
      return false;
   b->cursor = nir_after_instr(&load->instr);
   nir_def *back = nir_load_deref(b, zk_clone_deref_chain_to(b, d, c->back));
   nir_def *facing = nir_load_var(b, c->facing);
   nir_def *color = nir_bcsel(b, facing, &load->def, back);
   nir_def_rewrite_uses_after(&load->def, color, color->parent_instr);
   return true;
}

static bool
lower_color(nir_shader *shader, const char *gl_name, const char *front_name,
            const char *back_name, bool two_side)
{
   nir_variable *var = zk_find_variable(shader, NIR_VAR_SHADER_IN, gl_name);
   if (!var || var->data.explicit_location)
      return false;
   var->name = front_name;
   if (!two_side)
      return true;
   nir_variable *back = nir_variable_create(shader, NIR_VAR_SHADER_IN, var->type, back_name);
   if (!back)
      return true;
   back->data.interpolation = var->data.interpolation;
   back->data.centroid = var->data.centroid;
   back->data.sample = var->data.sample;
   list_del(&back->node);
   list_add(&back->node, &var->node);
   struct colors c = {var, back, NULL};
   nir_shader_intrinsics_pass(shader, select_color, NIR_METADATA_CONTROL_FLOW, &c);
   return true;
}

bool
zk_lower_two_side_color(nir_shader *shader, bool two_side)
{
   if (shader->info.stage != NIR_STAGE_FRAGMENT)
      return false;
   bool progress = lower_color(shader, "gl_Color", "gl_FrontColor", "gl_BackColor", two_side);
   progress |= lower_color(shader, "gl_SecondaryColor", "gl_FrontSecondaryColor",
                           "gl_BackSecondaryColor", two_side);
   return progress;
}
