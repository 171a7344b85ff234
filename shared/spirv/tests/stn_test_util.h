/* SPDX-License-Identifier: MIT */
/*
 * Helpers for spirv_to_nir tests: building modules word by word, loading the
 * .spv files the build generates (glslangValidator / spirv-as) from the
 * directory in KILN_SPIRV_TEST_DIR.
 */
#ifndef STN_TEST_UTIL_H
#define STN_TEST_UTIL_H

#include <spirv/unified1/spirv.h>
#include <stddef.h>
#include <stdint.h>

#define SW_MAX_WORDS 16384

struct sw_module {
   uint32_t w[SW_MAX_WORDS];
   size_t n;
};

/* Header: magic, version, generator 0, bound, schema 0. */
void sw_header(struct sw_module *m, uint32_t version, uint32_t bound);
/* An instruction with `n` operand words (the word count is computed). */
void sw_inst(struct sw_module *m, SpvOp op, unsigned n, ...);
/* An instruction whose operands are `pre` words, a string, `post` words. */
void sw_inst_str(struct sw_module *m, SpvOp op, const uint32_t *pre, unsigned npre,
                 const char *str, const uint32_t *post, unsigned npost);
/* Capability Shader, memory model, a fragment entry point "main" (id 1)
 * with OriginUpperLeft, void type (2), function type (3), then the function
 * with one block (label 4) that returns. Bound 16. */
void sw_minimal_fragment(struct sw_module *m);
/* Appends the preamble of sw_minimal_fragment (up to the types) only. */
void sw_minimal_preamble(struct sw_module *m, uint32_t bound);

/* Reads `name` from KILN_SPIRV_TEST_DIR; malloc'd words or NULL. */
uint32_t *stn_test_load_spv(const char *name, size_t *word_count);
/* Names (malloc'd array of malloc'd strings, NULL-terminated) of every
 * .spv file in KILN_SPIRV_TEST_DIR, sorted. */
char **stn_test_list_spv(void);
void stn_test_free_list(char **list);

#endif /* STN_TEST_UTIL_H */
