/* SPDX-License-Identifier: MIT */
/* Placeholder published with the first header: makes no change yet. */
#include "nir/nir.h"

bool
nir_remove_dead_variables(nir_shader *shader, nir_variable_mode modes)
{
   (void)shader;
   (void)modes;
   return false;
}

bool
nir_remove_dead_derefs(nir_shader *shader)
{
   (void)shader;
   return false;
}
