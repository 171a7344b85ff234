/* SPDX-License-Identifier: MIT */
/*
 * glShadeModel(GL_FLAT) for colour inputs (see ntv_passes.h). GL applies the
 * shade model only to colours without an interpolation qualifier; explicit
 * `smooth`/`noperspective` ones keep theirs. Which vertex provides the flat
 * value is the driver's business (VK_EXT_provoking_vertex for GL's last).
 */
#include "ntv/passes/ntv_passes.h"

#include <string.h>

static bool
is_color_input(const nir_variable *var, uint64_t color_locations)
{
   if (var->name &&
       (strcmp(var->name, "gl_Color") == 0 || strcmp(var->name, "gl_SecondaryColor") == 0))
      return true;
   return var->data.explicit_location && var->data.location >= 0 &&
          var->data.location < 64 && (color_locations >> var->data.location) & 1;
}

bool
ntv_lower_flatshade(nir_shader *shader, uint64_t color_locations)
{
   if (shader->info.stage != NIR_STAGE_FRAGMENT)
      return false;
   bool progress = false;
   nir_foreach_variable_with_modes(var, shader, NIR_VAR_SHADER_IN) {
      if (var->data.builtin != NIR_BUILTIN_NONE ||
          var->data.interpolation != GLSL_INTERP_MODE_NONE ||
          !is_color_input(var, color_locations))
         continue;
      var->data.interpolation = GLSL_INTERP_MODE_FLAT;
      progress = true;
   }
   return progress;
}
