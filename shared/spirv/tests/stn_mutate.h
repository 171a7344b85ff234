/* SPDX-License-Identifier: MIT */
/*
 * One "translate this, whatever it is" call shared by the mutation test
 * and the fuzzer: picks the stage and entry point from the module's first
 * OpEntryPoint (if it has one), the environment from the module's size,
 * translates, and validates the result.
 */
#ifndef STN_MUTATE_H
#define STN_MUTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define STN_TEST_MAX_BOUND 4194303u

struct stn_check_result {
   bool ok;               /* translated (and, when the IR exists, validated) */
   char *error;           /* malloc'd, when !ok */
   size_t error_offset_w; /* when !ok */
   bool invalid_ir;       /* translated but the IR failed validation */
};

void stn_check_translate(const uint32_t *words, size_t word_count,
                         struct stn_check_result *result);

/* True for "SPIR-V word N: [OpName: ]internal ..." (a bug, not a rejection). */
bool stn_is_internal_error(const char *err);

#endif /* STN_MUTATE_H */
