/* SPDX-License-Identifier: MIT */
/* Placeholder published with the first header: makes no change yet. */
#include "nir/nir.h"

bool
nir_lower_continue_constructs(nir_shader *shader)
{
   (void)shader;
   return false;
}
