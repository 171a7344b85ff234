/* SPDX-License-Identifier: MIT */
/*
 * Generated compute modules of a given size in one shape, for the scaling
 * benchmark (conformance/bench/spirv_scaling_bench.c) and the regression
 * tests of quadratic behaviour: each is valid SPIR-V 1.0 (spirv-val, any
 * Vulkan target) that stores into a storage buffer (Uniform + BufferBlock)
 * so nothing is dead.
 */
#ifndef STN_GEN_H
#define STN_GEN_H

#include <stddef.h>
#include <stdint.h>

enum stn_gen_shape {
   STN_GEN_CHAIN,     /* n blocks, one after the other (OpBranch) */
   STN_GEN_NEST,      /* n selections nested in each other, a value per level */
   STN_GEN_SWITCH,    /* one OpSwitch of n cases */
   STN_GEN_FUNCTIONS, /* n functions, each called once from the entry point */
   STN_GEN_VARIABLES, /* n Function variables, each stored and loaded */
   STN_GEN_PHI_WEB,   /* n selections in a row, each merging a value by OpPhi */
   STN_GEN_SHAPE_COUNT,
};

const char *stn_gen_shape_name(enum stn_gen_shape shape);
/* The largest n the translation accepts for the shape (nesting stops at
 * the control-flow depth limit, switches at the longest instruction). */
unsigned stn_gen_max_units(enum stn_gen_shape shape);
/* A malloc'd module of n units (NULL on out of memory). */
uint32_t *stn_gen_module(enum stn_gen_shape shape, unsigned n, size_t *word_count);

#endif /* STN_GEN_H */
