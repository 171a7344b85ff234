/* SPDX-License-Identifier: MIT */
/*
 * The round-trip stage: SPIR-V -> spirv_to_nir -> IR validation -> ntv ->
 * spirv-val -> a second trip that must reproduce the first output word for
 * word.
 *
 * NOT AVAILABLE YET: spirv_to_nir (shared/spirv) and ntv (ntv/) have no
 * public entry points on main. Until they do, this stage reports itself
 * unavailable, the runner prints so, and no module is counted as
 * round-tripped.
 */
#include "corpus.h"

#include <stdio.h>

bool
corpus_roundtrip_available(const char **why_not)
{
   *why_not = "round trip not available: spirv_to_nir/ntv not built";
   return false;
}

bool
corpus_roundtrip(const uint32_t *words, size_t word_count, enum kgl_flavour flavour,
                 char *reason, size_t reason_size)
{
   snprintf(reason, reason_size, "round trip not available: spirv_to_nir/ntv not built");
   return false;
}
