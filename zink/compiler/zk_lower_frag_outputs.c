/* SPDX-License-Identifier: MIT */
/*
 * gl_FragColor, gl_FragData[] and their dual-source twins as located
 * outputs (see zk_compiler.h).
 *
 * gl_FragData[n] is draw buffer n: an array output at Location 0. glslang
 * sizes it by its own limit (gl_MaxDrawBuffers 32), more than any Vulkan
 * device has colour attachments, and Vulkan forbids outputs past
 * maxFragmentOutputAttachments, so the array is cut to the highest
 * constant index written + 1, or to max_draw_buffers when an index is
 * dynamic; stores past the end (undefined in GL) are dropped.
 *
 * gl_FragColor: "If a shader statically assigns a value to gl_FragColor, it
 * may not assign a value to any element of gl_FragData ... the value is
 * written to all draw buffers" (GLSL 1.30, 7.2, with ARB_draw_buffers): the
 * key says how many buffers are bound, and every store goes to Locations
 * 0 .. fragcolor_buffers - 1 (extra outputs gl_FragColor1 ... get copies).
 *
 * The EXT_blend_func_extended secondaries take Index 1 at Location 0
 * (one dual-source attachment: Vulkan's maxFragmentDualSrcAttachments is 1).
 */
#include "zk_compiler.h"

#include <string.h>

#include "util/arena.h"
#include "zk_pass_util.h"

static void
locate(nir_variable *var, int location, unsigned index)
{
   var->data.location = location;
   var->data.explicit_location = true;
   if (index) {
      var->data.index = index;
      var->data.explicit_index = true;
   }
}

/* Highest constant element written + 1, or -1 if an index is dynamic. */
static int
elements_written(nir_shader *shader, nir_variable *var)
{
   int n = 0;
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_DEREF)
               continue;
            nir_deref_instr *d = nir_instr_as_deref(instr);
            if (d->deref_type != NIR_DEREF_TYPE_ARRAY)
               continue;
            nir_deref_instr *p = nir_deref_instr_parent(d);
            if (!p || p->deref_type != NIR_DEREF_TYPE_VAR || p->var != var)
               continue;
            if (!nir_src_is_const(d->arr.index))
               return -1;
            n = MAX2(n, (int)nir_src_as_uint(d->arr.index) + 1);
         }
      }
   }
   return n;
}

/* Drops accesses to elements >= length (stores vanish, loads read undef). */
static void
drop_past(nir_shader *shader, nir_variable *var, unsigned length)
{
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (intr->intrinsic != NIR_INTRINSIC_STORE_DEREF &&
                intr->intrinsic != NIR_INTRINSIC_LOAD_DEREF)
               continue;
            nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
            nir_deref_instr *p = d ? nir_deref_instr_parent(d) : NULL;
            if (!d || d->deref_type != NIR_DEREF_TYPE_ARRAY || !p ||
                p->deref_type != NIR_DEREF_TYPE_VAR || p->var != var ||
                !nir_src_is_const(d->arr.index) || nir_src_as_uint(d->arr.index) < length)
               continue;
            if (intr->intrinsic == NIR_INTRINSIC_LOAD_DEREF) {
               nir_builder b = nir_builder_at(nir_before_instr(instr));
               nir_def_rewrite_uses(&intr->def,
                                    nir_undef(&b, intr->def.num_components, intr->def.bit_size));
            }
            nir_instr_remove(instr);
            nir_deref_instr_remove_if_unused(d);
         }
      }
   }
}

static bool
lower_data(nir_shader *shader, nir_variable *var, unsigned max, unsigned index)
{
   locate(var, 0, index);
   if (!glsl_type_is_array(var->type))
      return true;
   const int written = elements_written(shader, var);
   unsigned length = written < 0 ? max : (unsigned)MAX2(written, 1);
   length = MIN2(length, max);
   length = MIN2(length, glsl_get_length(var->type));
   if (length == glsl_get_length(var->type))
      return true;
   drop_past(shader, var, length);
   zk_retype_variable(
      shader, var,
      glsl_array_type(glsl_get_array_element(var->type), length,
                      glsl_get_explicit_stride(var->type)));
   return !glsl_type_is_error(var->type);
}

/* Every store to gl_FragColor also goes to the copies. */
static bool
broadcast(nir_shader *shader, nir_variable *color, unsigned buffers)
{
   nir_variable *copies[8];
   buffers = MIN2(buffers, ARRAY_SIZE(copies) + 1);
   nir_variable *prev = color;
   for (unsigned i = 1; i < buffers; i++) {
      copies[i - 1] = nir_variable_create(
         shader, NIR_VAR_SHADER_OUT, color->type,
         arena_asprintf(shader->arena, "gl_FragColor%u", i));
      if (!copies[i - 1])
         return false;
      copies[i - 1]->data.interpolation = color->data.interpolation;
      locate(copies[i - 1], (int)i, 0);
      list_del(&copies[i - 1]->node);
      list_add(&copies[i - 1]->node, &prev->node);
      prev = copies[i - 1];
   }
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
               continue;
            nir_intrinsic_instr *st = nir_instr_as_intrinsic(instr);
            if (st->intrinsic != NIR_INTRINSIC_STORE_DEREF)
               continue;
            nir_deref_instr *d = nir_src_as_deref(st->src[0]);
            if (!d || nir_deref_instr_get_variable(d) != color)
               continue;
            nir_builder b = nir_builder_at(nir_after_instr(instr));
            for (unsigned i = 1; i < buffers; i++) {
               nir_deref_instr *to = nir_build_deref_var(&b, copies[i - 1]);
               if (d->deref_type == NIR_DEREF_TYPE_ARRAY)
                  to = nir_build_deref_array(&b, to, d->arr.index.ssa);
               else if (d->deref_type != NIR_DEREF_TYPE_VAR)
                  return false;
               nir_store_deref_with_access(&b, to, st->src[1].ssa,
                                           nir_intrinsic_write_mask(st),
                                           nir_intrinsic_access(st));
            }
         }
      }
   }
   return !nir_shader_oom(shader);
}

/* GLSL 1.30, 7.2: a shader may not write gl_FragColor/gl_FragData and user
 * outputs; glslang still accepts an unused user output next to them, and
 * Vulkan would see two outputs at one Location. Unused ones go. */
static void
drop_unused_overlaps(nir_shader *shader)
{
   nir_foreach_variable_with_modes_safe(var, shader, NIR_VAR_SHADER_OUT) {
      if (var->data.builtin != NIR_BUILTIN_NONE || !var->data.explicit_location ||
          (var->name && strncmp(var->name, "gl_", 3) == 0))
         continue;
      const int first = var->data.location;
      const int end = first + (int)glsl_count_attribute_slots(var->type, false);
      bool overlaps = false;
      nir_foreach_variable_with_modes(gl, shader, NIR_VAR_SHADER_OUT) {
         if (gl == var || !gl->name || strncmp(gl->name, "gl_", 3) != 0 ||
             !gl->data.explicit_location || gl->data.index != var->data.index)
            continue;
         const int gl_end =
            gl->data.location + (int)glsl_count_attribute_slots(gl->type, false);
         overlaps |= first < gl_end && gl->data.location < end;
      }
      if (overlaps && !zk_variable_is_used(shader, var))
         list_del(&var->node);
   }
}

bool
zk_lower_frag_outputs(nir_shader *shader, const struct zk_program_key *key,
                      const char **error)
{
   if (shader->info.stage != NIR_STAGE_FRAGMENT)
      return false;
   const unsigned max = key && key->max_draw_buffers ? key->max_draw_buffers : 8;
   const unsigned fragcolor =
      MIN2(key && key->fragcolor_buffers ? key->fragcolor_buffers : 1, max);
   bool progress = false, ok = true;
   nir_foreach_variable_with_modes_safe(var, shader, NIR_VAR_SHADER_OUT) {
      if (var->data.explicit_location || var->data.builtin != NIR_BUILTIN_NONE || !var->name)
         continue;
      if (strcmp(var->name, "gl_FragColor") == 0) {
         locate(var, 0, 0);
         if (fragcolor > 1)
            ok &= broadcast(shader, var, fragcolor);
      } else if (strcmp(var->name, "gl_FragData") == 0) {
         ok &= lower_data(shader, var, max, 0);
      } else if (strcmp(var->name, "gl_SecondaryFragColorEXT") == 0) {
         locate(var, 0, 1);
      } else if (strcmp(var->name, "gl_SecondaryFragDataEXT") == 0) {
         ok &= lower_data(shader, var, 1, 1);
      } else {
         continue;
      }
      progress = true;
   }
   if (!ok) {
      *error = "fragment outputs: an access to gl_FragColor through a struct, or out of memory";
      return false;
   }
   if (progress)
      drop_unused_overlaps(shader);
   return progress;
}
