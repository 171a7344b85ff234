/* SPDX-License-Identifier: MIT */
/*
 * Locations for unlocated varyings, the same in every stage of a program
 * (see zk_compiler.h).
 *
 * Vulkan matches an output to the next stage's input by Location (Vulkan
 * 1.3, 15.1.3), GL by name. glslang's GLSL mapper already locates user
 * varyings by name across the program; what it leaves are the
 * compatibility varyings GL-flavoured SPIR-V knows only by name
 * (gl_FrontColor, gl_TexCoord[], gl_FogFragCoord ...). They get the
 * locations after the highest one any stage uses, in a fixed order
 * (colours first, so fixed-function state can find them), then any other
 * unlocated name in alphabetical order. A program is lowered at once, so
 * an output and the input of the same name get the same location whatever
 * stages lie between.
 *
 * An array varying declared with different sizes in two stages
 * (gl_TexCoord is sized by use) is given the largest size in both: Vulkan
 * interfaces match by type.
 */
#include "zk_compiler.h"

#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "zk_pass_util.h"

/* The order compatibility varyings are located in. */
static const char *const compat_order[] = {
   "gl_FrontColor",     "gl_BackColor",    "gl_FrontSecondaryColor",
   "gl_BackSecondaryColor", "gl_TexCoord", "gl_FogFragCoord",
};

static bool
is_color(const char *name)
{
   for (unsigned i = 0; i < 4; i++) {
      if (strcmp(name, compat_order[i]) == 0)
         return true;
   }
   return false;
}

/* Per-vertex arrays: TCS/TES/GS inputs, TCS non-patch outputs. */
static bool
per_vertex(const nir_shader *s, const nir_variable *var)
{
   if (var->data.patch)
      return false;
   const nir_shader_stage st = s->info.stage;
   if (var->data.mode == NIR_VAR_SHADER_IN)
      return st == NIR_STAGE_TESS_CTRL || st == NIR_STAGE_TESS_EVAL ||
             st == NIR_STAGE_GEOMETRY;
   return st == NIR_STAGE_TESS_CTRL;
}

static const struct glsl_type *
slot_type(const nir_shader *s, const nir_variable *var)
{
   const struct glsl_type *t = var->type;
   return per_vertex(s, var) && glsl_type_is_array(t) ? glsl_get_array_element(t) : t;
}

/* Varyings of a stage: inputs unless it is the vertex stage, outputs
 * unless it is the fragment stage. */
static nir_variable_mode
varying_modes(const nir_shader *s)
{
   nir_variable_mode m = 0;
   if (s->info.stage != NIR_STAGE_VERTEX)
      m |= NIR_VAR_SHADER_IN;
   if (s->info.stage != NIR_STAGE_FRAGMENT)
      m |= NIR_VAR_SHADER_OUT;
   return m;
}

static bool
unlocated(const nir_variable *var)
{
   if (var->data.builtin != NIR_BUILTIN_NONE || var->data.explicit_location || !var->name)
      return false;
   const struct glsl_type *bare = glsl_without_array(var->type);
   if (glsl_type_is_struct(bare)) {
      /* A block whose members are built-ins or located is located. */
      for (unsigned m = 0; m < glsl_get_length(bare); m++) {
         const struct glsl_struct_field *f = glsl_get_struct_field_data(bare, m);
         if (f->builtin != NIR_BUILTIN_NONE || f->location != GLSL_NO_DECORATION)
            return false;
      }
   }
   return true;
}

struct name {
   const char *name;
   unsigned slots;
   unsigned array_length; /* largest non-per-vertex array length, 0 if not an array */
   int rank;              /* compat order, or ARRAY_SIZE(compat_order) */
   int location;
};

static int
compare_names(const void *a, const void *b)
{
   const struct name *x = a, *y = b;
   if (x->rank != y->rank)
      return x->rank - y->rank;
   return strcmp(x->name, y->name);
}

static int
rank_of(const char *name)
{
   for (unsigned i = 0; i < ARRAY_SIZE(compat_order); i++) {
      if (strcmp(name, compat_order[i]) == 0)
         return (int)i;
   }
   return (int)ARRAY_SIZE(compat_order);
}

/* A block with a Location and members with Locations of their own (GLSL
 * 4.40 block member locations): Vulkan wants one or the other
 * (VUID-StandaloneSpirv-Location-04918). Every member gets its location as
 * GL assigns it (the block's for the first, then the one after the previous
 * member's), and the block none. */
static bool
locate_block_members(nir_shader *shader, nir_variable *var)
{
   const struct glsl_type *blk = glsl_without_array(slot_type(shader, var));
   if (!var->data.explicit_location || !glsl_type_is_struct(blk) ||
       !glsl_type_is_interface(blk))
      return true;
   const unsigned n = glsl_get_length(blk);
   bool any = false;
   for (unsigned m = 0; m < n; m++)
      any |= glsl_get_struct_field_data(blk, m)->location != GLSL_NO_DECORATION;
   if (!any)
      return true;
   struct glsl_struct_field *fields = arena_new_array(shader->arena, struct glsl_struct_field, n);
   if (!fields)
      return false;
   int next = var->data.location;
   for (unsigned m = 0; m < n; m++) {
      fields[m] = *glsl_get_struct_field_data(blk, m);
      if (fields[m].location == GLSL_NO_DECORATION)
         fields[m].location = next;
      next = fields[m].location + (int)glsl_count_attribute_slots(fields[m].type, false);
   }
   const struct glsl_type *t =
      glsl_struct_type(fields, n, glsl_get_type_name(blk), glsl_get_block_kind(blk));
   if (glsl_type_is_error(t))
      return false;
   /* The same array dimensions around the new block. */
   const struct glsl_type *dims[4];
   unsigned ndims = 0;
   for (const struct glsl_type *a = var->type; glsl_type_is_array(a) && ndims < 4;
        a = glsl_get_array_element(a))
      dims[ndims++] = a;
   for (unsigned i = ndims; i-- > 0;)
      t = glsl_array_type(t, glsl_get_length(dims[i]), glsl_get_explicit_stride(dims[i]));
   zk_retype_variable(shader, var, t);
   var->data.explicit_location = false;
   return true;
}

bool
zk_assign_varying_locations(nir_shader *stages[NIR_STAGE_COUNT], uint64_t *color_locations,
                            const char **error)
{
   for (unsigned s = 0; s < NIR_STAGE_COMPUTE; s++) {
      if (!stages[s])
         continue;
      nir_foreach_variable_with_modes(var, stages[s], varying_modes(stages[s])) {
         if (!locate_block_members(stages[s], var)) {
            *error = "out of memory";
            return false;
         }
      }
   }

   /* The first location after every located varying of the program. */
   int base = 0;
   unsigned count = 0;
   for (unsigned s = 0; s < NIR_STAGE_COMPUTE; s++) {
      if (!stages[s])
         continue;
      nir_foreach_variable_with_modes(var, stages[s], varying_modes(stages[s])) {
         if (var->data.patch)
            continue;
         if (unlocated(var)) {
            count++;
            continue;
         }
         if (var->data.builtin != NIR_BUILTIN_NONE)
            continue;
         if (var->data.explicit_location) {
            base = MAX2(base, var->data.location +
                                 (int)glsl_count_attribute_slots(slot_type(stages[s], var),
                                                                 false));
            continue;
         }
         const struct glsl_type *bare = glsl_without_array(slot_type(stages[s], var));
         for (unsigned m = 0; glsl_type_is_struct(bare) && m < glsl_get_length(bare); m++) {
            const struct glsl_struct_field *f = glsl_get_struct_field_data(bare, m);
            if (f->location != GLSL_NO_DECORATION)
               base = MAX2(base, f->location +
                                    (int)glsl_count_attribute_slots(f->type, false));
         }
      }
   }
   if (!count)
      return false;

   struct name *names = calloc(count, sizeof(*names));
   if (!names) {
      *error = "out of memory";
      return false;
   }
   unsigned n = 0;
   for (unsigned s = 0; s < NIR_STAGE_COMPUTE; s++) {
      if (!stages[s])
         continue;
      nir_foreach_variable_with_modes(var, stages[s], varying_modes(stages[s])) {
         if (var->data.patch || !unlocated(var))
            continue;
         unsigned i = 0;
         while (i < n && strcmp(names[i].name, var->name) != 0)
            i++;
         if (i == n)
            names[n++] = (struct name){.name = var->name, .rank = rank_of(var->name)};
         const struct glsl_type *t = slot_type(stages[s], var);
         names[i].slots = MAX2(names[i].slots, glsl_count_attribute_slots(t, false));
         if (glsl_type_is_array(t))
            names[i].array_length = MAX2(names[i].array_length, glsl_get_length(t));
      }
   }
   qsort(names, n, sizeof(*names), compare_names);
   int next = base;
   for (unsigned i = 0; i < n; i++) {
      names[i].location = next;
      next += (int)names[i].slots;
      if (is_color(names[i].name) && names[i].location < 64)
         *color_locations |= 1ull << names[i].location;
   }

   for (unsigned s = 0; s < NIR_STAGE_COMPUTE; s++) {
      if (!stages[s])
         continue;
      nir_foreach_variable_with_modes(var, stages[s], varying_modes(stages[s])) {
         if (var->data.patch || !unlocated(var))
            continue;
         unsigned i = 0;
         while (strcmp(names[i].name, var->name) != 0)
            i++;
         const struct glsl_type *t = slot_type(stages[s], var);
         if (glsl_type_is_array(t) && glsl_get_length(t) < names[i].array_length) {
            const struct glsl_type *grown =
               glsl_array_type(glsl_get_array_element(t), names[i].array_length,
                               glsl_get_explicit_stride(t));
            if (per_vertex(stages[s], var))
               grown = glsl_array_type(grown, glsl_get_length(var->type), 0);
            zk_retype_variable(stages[s], var, grown);
         }
         var->data.location = names[i].location;
         var->data.explicit_location = true;
      }
   }
   free(names);
   return true;
}
