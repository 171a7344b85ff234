/* SPDX-License-Identifier: MIT */
/*
 * GL window coordinates in a Vulkan fragment shader (see ntv_passes.h).
 *
 * gl_FragCoord: Vulkan gives upper-left origin, half-integer centers. GL
 * wants lower-left (or upper-left if the shader says so) and, with
 * pixel_center_integer, integer centers. Which way up the Vulkan image is
 * depends on the framebuffer (window or FBO), known only at draw time, so
 * the y mapping is y * scale + offset with the driver's pair for the
 * shader's origin; the half-pixel shift is the shader's own and constant.
 *
 * gl_PointCoord: Vulkan's origin is upper-left; GL's depends on
 * GL_POINT_SPRITE_COORD_ORIGIN and the framebuffer: y * scale + offset.
 */
#include "ntv/passes/ntv_passes.h"

#include "nir/nir_builder.h"

struct yflip {
   const struct ntv_gl_state_location *loc;
   nir_variable *state;
   bool upper_left;
   bool integer_centers;
};

static nir_variable *
state_var(nir_builder *b, struct yflip *y)
{
   if (!y->state)
      y->state = ntv_gl_state_variable(b->shader, y->loc);
   return y->state;
}

/* Component `c` of a frag coord / point coord value, transformed. */
static nir_def *
transform_component(nir_builder *b, struct yflip *y, nir_builtin builtin, unsigned c,
                    nir_def *v)
{
   nir_variable *state = state_var(b, y);
   if (!state)
      return v;
   if (builtin == NIR_BUILTIN_POINT_COORD) {
      if (c != 1)
         return v;
      nir_def *p = ntv_gl_state_load(b, state, NTV_GL_STATE_POINT_COORD_Y, 0);
      return nir_ffma(b, v, nir_channel(b, p, 0), nir_channel(b, p, 1));
   }
   if (c == 1) {
      nir_def *f = ntv_gl_state_load(b, state, NTV_GL_STATE_FRAG_COORD_Y, 0);
      const unsigned first = y->upper_left ? 2 : 0;
      v = nir_ffma(b, v, nir_channel(b, f, first), nir_channel(b, f, first + 1));
   }
   if (y->integer_centers && c < 2)
      v = nir_fadd_imm(b, v, -0.5);
   return v;
}

static nir_def *
transform_vector(nir_builder *b, struct yflip *y, nir_builtin builtin, nir_def *v)
{
   nir_def *comps[4];
   for (unsigned c = 0; c < v->num_components && c < 4; c++)
      comps[c] = transform_component(b, y, builtin, c, nir_channel(b, v, c));
   return nir_vec(b, comps, v->num_components);
}

static nir_builtin
deref_builtin(nir_deref_instr *deref, nir_deref_instr **vec_deref)
{
   nir_deref_instr *d = deref;
   if (d->deref_type == NIR_DEREF_TYPE_ARRAY) {
      nir_deref_instr *parent = nir_deref_instr_parent(d);
      if (parent && glsl_type_is_vector(parent->type))
         d = parent;
   }
   if (d->deref_type != NIR_DEREF_TYPE_VAR || !d->var ||
       !(d->var->data.mode & (NIR_VAR_SHADER_IN | NIR_VAR_SYSTEM_VALUE)))
      return NIR_BUILTIN_NONE;
   *vec_deref = d;
   return d->var->data.builtin;
}

static bool
lower_load(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   struct yflip *y = data;
   nir_builtin builtin = NIR_BUILTIN_NONE;
   nir_deref_instr *component_deref = NULL, *vec_deref = NULL;
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_LOAD_FRAG_COORD:
      builtin = NIR_BUILTIN_FRAG_COORD;
      break;
   case NIR_INTRINSIC_LOAD_POINT_COORD:
      builtin = NIR_BUILTIN_POINT_COORD;
      break;
   case NIR_INTRINSIC_LOAD_DEREF: {
      nir_deref_instr *deref = nir_src_as_deref(intr->src[0]);
      if (!deref)
         return false;
      builtin = deref_builtin(deref, &vec_deref);
      if (vec_deref && vec_deref != deref)
         component_deref = deref;
      break;
   }
   default:
      return false;
   }
   if (builtin != NIR_BUILTIN_FRAG_COORD && builtin != NIR_BUILTIN_POINT_COORD)
      return false;

   b->cursor = nir_after_instr(&intr->instr);
   nir_def *result;
   if (!component_deref) {
      result = transform_vector(b, y, builtin, &intr->def);
   } else if (nir_src_is_const(component_deref->arr.index)) {
      result = transform_component(b, y, builtin,
                                   (unsigned)nir_src_as_uint(component_deref->arr.index),
                                   &intr->def);
   } else {
      /* A dynamic component: transform the whole vector, then pick. */
      nir_def *whole = transform_vector(b, y, builtin, nir_load_deref(b, vec_deref));
      result = nir_vector_extract(b, whole, component_deref->arr.index.ssa);
   }
   if (result == &intr->def)
      return false;
   nir_def_rewrite_uses_after(&intr->def, result, result->parent_instr);
   return true;
}

bool
ntv_lower_yflip(nir_shader *shader, const struct ntv_gl_state_location *state)
{
   if (shader->info.stage != NIR_STAGE_FRAGMENT)
      return false;
   struct yflip y = {
      .loc = state,
      .upper_left = shader->info.fs.origin_upper_left,
      .integer_centers = shader->info.fs.pixel_center_integer,
   };
   bool progress = nir_shader_intrinsics_pass(shader, lower_load, NIR_METADATA_CONTROL_FLOW, &y);
   /* What the shader reads is now GL's; what it declares must be Vulkan's. */
   if (!shader->info.fs.origin_upper_left || shader->info.fs.pixel_center_integer) {
      shader->info.fs.origin_upper_left = true;
      shader->info.fs.pixel_center_integer = false;
      progress = true;
   }
   return progress;
}
