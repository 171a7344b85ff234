/* SPDX-License-Identifier: MIT */
/*
 * Vertex attribute locations (see zk_compiler.h).
 *
 * glslang's mapper locates the user attributes (counting from 0); the
 * compatibility ones (gl_Vertex, gl_Normal, gl_Color, gl_SecondaryColor,
 * gl_FogCoord, gl_MultiTexCoord0-7) come without a location. GL makes
 * gl_Vertex generic attribute 0: "Setting generic vertex attribute zero
 * specifies a vertex ... gl_Vertex" (GL 4.6 compatibility, 10.2 "Current
 * Vertex Attribute Values", and 11.1.1: attribute 0 aliases the vertex
 * position), so it takes location 0, and a user attribute glslang put
 * there moves to the first free location, as does one overlapping another
 * (below). The other compatibility
 * attributes take the first free locations in the order above. The table
 * in zk_program_info is what glGetAttribLocation and the vertex input
 * state must use.
 */
#include "zk_compiler.h"

#include <string.h>

#include "util/arena.h"

static const char *const compat_names[] = {
   "gl_Vertex",         "gl_Normal",         "gl_Color",          "gl_SecondaryColor",
   "gl_FogCoord",       "gl_MultiTexCoord0", "gl_MultiTexCoord1", "gl_MultiTexCoord2",
   "gl_MultiTexCoord3", "gl_MultiTexCoord4", "gl_MultiTexCoord5", "gl_MultiTexCoord6",
   "gl_MultiTexCoord7",
};

static int
compat_rank(const char *name)
{
   for (unsigned i = 0; name && i < ARRAY_SIZE(compat_names); i++) {
      if (strcmp(name, compat_names[i]) == 0)
         return (int)i;
   }
   return -1;
}

#define MAX_LOCATIONS 64

static bool
is_free(const bool *used, int location, unsigned slots)
{
   for (unsigned i = 0; i < slots; i++) {
      if (location + (int)i >= MAX_LOCATIONS || used[location + i])
         return false;
   }
   return true;
}

static void
take(bool *used, int location, unsigned slots)
{
   for (unsigned i = 0; i < slots && location + (int)i < MAX_LOCATIONS; i++)
      used[location + i] = true;
}

static bool
place(bool *used, nir_variable *var, unsigned slots, const char **error)
{
   int l = 0;
   while (l < MAX_LOCATIONS && !is_free(used, l, slots))
      l++;
   if (l == MAX_LOCATIONS) {
      *error = "more vertex attributes than 64 locations";
      return false;
   }
   take(used, l, slots);
   var->data.location = l;
   var->data.explicit_location = true;
   return true;
}

bool
zk_assign_attribute_locations(nir_shader *shader, struct arena *arena,
                              struct zk_program_info *info, const char **error)
{
   if (shader->info.stage != NIR_STAGE_VERTEX)
      return false;
   bool used[MAX_LOCATIONS] = {false};
   nir_variable *gl_vertex = NULL;
   unsigned count = 0;
   nir_foreach_variable_with_modes(var, shader, NIR_VAR_SHADER_IN) {
      if (var->data.builtin != NIR_BUILTIN_NONE)
         continue;
      count++;
      if (compat_rank(var->name) == 0)
         gl_vertex = var;
   }
   if (!count)
      return false;
   if (gl_vertex)
      used[0] = true;

   /* Located user attributes stay, in location order, unless in gl_Vertex's
    * place or overlapping one before: glslang's GL mapper gives a dvec3/dvec4
    * one location, Vulkan two (Vulkan 1.3, 15.1.4: "64-bit three- and
    * four-component vectors consume two consecutive locations"). */
   bool progress = false;
   nir_variable *located[MAX_LOCATIONS], *moved[MAX_LOCATIONS];
   unsigned num_located = 0, num_moved = 0;
   nir_foreach_variable_with_modes(var, shader, NIR_VAR_SHADER_IN) {
      if (var->data.builtin != NIR_BUILTIN_NONE || !var->data.explicit_location)
         continue;
      if (num_located == MAX_LOCATIONS) {
         *error = "more vertex attributes than 64 locations";
         return false;
      }
      /* Insertion by location keeps declaration order among equals. */
      unsigned i = num_located++;
      while (i > 0 && located[i - 1]->data.location > var->data.location) {
         located[i] = located[i - 1];
         i--;
      }
      located[i] = var;
   }
   for (unsigned i = 0; i < num_located; i++) {
      nir_variable *var = located[i];
      const unsigned slots = glsl_count_attribute_slots(var->type, true);
      if (var->data.location >= 0 && is_free(used, var->data.location, slots))
         take(used, var->data.location, slots);
      else
         moved[num_moved++] = var;
   }
   for (unsigned i = 0; i < num_moved; i++) {
      if (!place(used, moved[i], glsl_count_attribute_slots(moved[i]->type, true), error))
         return false;
      progress = true;
   }
   if (gl_vertex && !gl_vertex->data.explicit_location) {
      gl_vertex->data.location = 0;
      gl_vertex->data.explicit_location = true;
      progress = true;
   }
   /* The other unlocated ones: compatibility order, then declaration order. */
   for (int rank = 1; rank <= (int)ARRAY_SIZE(compat_names); rank++) {
      nir_foreach_variable_with_modes(var, shader, NIR_VAR_SHADER_IN) {
         if (var->data.builtin != NIR_BUILTIN_NONE || var->data.explicit_location)
            continue;
         const int r = compat_rank(var->name);
         if (rank < (int)ARRAY_SIZE(compat_names) ? r != rank : r >= 0)
            continue;
         if (!place(used, var, glsl_count_attribute_slots(var->type, true), error))
            return false;
         progress = true;
      }
   }

   if (info) {
      info->attributes = arena_new_array(arena, struct zk_attribute, count);
      if (!info->attributes) {
         *error = "out of memory";
         return false;
      }
      info->num_attributes = 0;
      nir_foreach_variable_with_modes(var, shader, NIR_VAR_SHADER_IN) {
         if (var->data.builtin != NIR_BUILTIN_NONE)
            continue;
         const char *name = var->name ? arena_strdup(arena, var->name) : NULL;
         if (var->name && !name) {
            *error = "out of memory";
            return false;
         }
         info->attributes[info->num_attributes++] = (struct zk_attribute){
            .name = name,
            .location = var->data.location,
            .slots = glsl_count_attribute_slots(var->type, true),
            .compat = compat_rank(var->name) >= 0,
         };
      }
   }
   return progress;
}
