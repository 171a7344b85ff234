/* SPDX-License-Identifier: MIT */
/*
 * Internals shared by the IR's own files (not for passes or other modules).
 */
#ifndef NIR_PRIVATE_H
#define NIR_PRIVATE_H

#include "nir/nir.h"

nir_block *nir_block_create_(nir_shader *shader);
nir_shader *nir_impl_shader_(const nir_function_impl *impl);
nir_function_impl *nir_block_impl_(nir_block *block);
/* nir_instr_insert where the caller knows the cursor's impl (NULL: look it
 * up, O(nesting depth)). */
void nir_instr_insert_in_impl_(nir_function_impl *impl, nir_cursor cursor, nir_instr *instr);

/* Links/unlinks an instruction's sources into/from their defs' use lists. */
void nir_instr_link_srcs_(nir_instr *instr);
void nir_instr_unlink_srcs_(nir_instr *instr);

/*
 * Recomputes every block's successors and predecessors of impl from the
 * tree and its jumps, then makes every phi have exactly one source per
 * predecessor: sources from blocks that are no longer predecessors are
 * dropped, new predecessors get an undef source.
 */
void nir_impl_update_cfg_(nir_function_impl *impl);
/* The same for an edit that can only have changed the successors of
 * `blocks` (cheap: linear in n, not in the impl). */
void nir_impl_update_cfg_local_(nir_function_impl *impl, nir_block **blocks, unsigned n);

/* After a jump was inserted: removes the instructions after it in its
 * block and the cf nodes after its block (all unreachable). Returns
 * whether cf nodes were removed (then only a full CFG update will do). */
bool nir_remove_after_jump_(nir_instr *jump);

/* Unlinks every source of the instructions/ifs under a cf list and turns
 * remaining outside uses of their defs into undefs. */
void nir_cf_list_unlink_(nir_shader *shader, struct list_head *cf_list);
void nir_block_unlink_(nir_shader *shader, nir_block *block);

/* An undef at the start of impl (dominates everything); poison on OOM. */
nir_def *nir_impl_undef_(nir_function_impl *impl, unsigned num_components,
                         unsigned bit_size);

/* Poison def for a size (never NULL for valid sizes). */
nir_def *nir_shader_poison_def_(nir_shader *shader, unsigned num_components,
                                unsigned bit_size);

/* Clones src's body into a detached list for insertion into dst_impl (same
 * shader): src's locals become new locals of dst_impl, defs get fresh
 * indices of dst_impl, sources are linked. False on out-of-memory. */
bool nir_clone_impl_body_(nir_function_impl *dst_impl, const nir_function_impl *src,
                          nir_cf_list *out);

#endif /* NIR_PRIVATE_H */
