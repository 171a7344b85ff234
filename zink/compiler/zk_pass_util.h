/* SPDX-License-Identifier: MIT */
/* What several GL lowering passes share: moving a variable's accesses
 * somewhere else (a member of a block), finding compatibility variables by
 * name, and the cleanup that keeps the IR in spirv_to_nir's canonical form. */
#ifndef ZK_PASS_UTIL_H
#define ZK_PASS_UTIL_H

#include <stdbool.h>

#include "nir/nir.h"
#include "nir/nir_builder.h"

/* Makes the root of a rebased chain (inserted at b's cursor). */
typedef nir_deref_instr *(*zk_deref_root_fn)(nir_builder *b, void *data);

/*
 * Every deref chain rooted at `var` is rebuilt on the deref root(b, data)
 * returns (built right before the old variable deref): array indices are
 * kept, struct members are found by name in the new types (so the new type
 * may order or lay out members differently). Loads of a bool that now
 * reads a uint (GL bool uniforms stored as 32-bit words) become `!= 0`.
 * Fails (with *error) when a member has no counterpart or a constant index
 * is outside the new array.
 */
bool zk_rebase_derefs(nir_shader *shader, nir_variable *var, zk_deref_root_fn root,
                      void *data, const char **error);
/* zk_rebase_derefs onto member `member` of the block variable `block`. */
bool zk_rebase_derefs_to_member(nir_shader *shader, nir_variable *var,
                                nir_variable *block, unsigned member, const char **error);

/* A copy of a deref chain (var, array and struct derefs) at b's cursor: each
 * access gets a chain of its own, as spirv_to_nir makes them. */
nir_deref_instr *zk_clone_deref_chain(nir_builder *b, nir_deref_instr *deref);
/* The same path from another variable (of the same type shape). */
nir_deref_instr *zk_clone_deref_chain_to(nir_builder *b, nir_deref_instr *deref,
                                         nir_variable *var);

/* Whether any deref refers to var. */
bool zk_variable_is_used(nir_shader *shader, const nir_variable *var);

/* A variable of `modes` named `name`, or NULL. */
nir_variable *zk_find_variable(nir_shader *shader, nir_variable_mode modes, const char *name);

/* The type with every bool (scalar, vector, in arrays and structs) made a
 * 32-bit uint: how GL stores bools in buffers. */
const struct glsl_type *zk_type_bool_to_uint(const struct glsl_type *t);

/* Replaces var->type and makes every deref of var follow (types, modes). */
void zk_retype_variable(nir_shader *shader, nir_variable *var, const struct glsl_type *type);

/* The clean-up spirv_to_nir ends with (vars_to_ssa, constant folding, DCE,
 * dense def numbers), so that what ntv writes reads back as the same IR: a
 * local that only an out-of-bounds access kept in memory becomes SSA now. */
void zk_canonicalize(nir_shader *shader);

#endif /* ZK_PASS_UTIL_H */
