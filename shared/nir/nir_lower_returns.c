/* SPDX-License-Identifier: MIT */
/* Placeholder published with the first header: makes no change yet. */
#include "nir/nir.h"

bool
nir_lower_returns_impl(nir_function_impl *impl)
{
   (void)impl;
   return false;
}

bool
nir_lower_returns(nir_shader *shader)
{
   (void)shader;
   return false;
}

void
nir_remove_non_entrypoints(nir_shader *shader)
{
   list_for_each_entry_safe(nir_function, f, &shader->functions, node) {
      if (!f->is_entrypoint)
         list_del(&f->node);
   }
}
