/* SPDX-License-Identifier: MIT */
/* What the builder's own files share and its users do not need. */
#ifndef NTV_SPIRV_BUILDER_PRIVATE_H
#define NTV_SPIRV_BUILDER_PRIVATE_H

#include "ntv/spirv_builder.h"

/* Looks `key` up (key[0] is the number of words that follow); on a miss,
 * allocates an id, records it and sets *created so the caller emits the
 * instruction. Returns 0 once the builder has failed. */
SpvId spvb_cons_intern(struct spvb_builder *b, const uint32_t *key, bool *created);

/* spvb_emit with a few leading words (result type, result id) kept apart
 * from the operands so callers need not copy them into one array. */
void spvb_emit_head(struct spvb_builder *b, enum spvb_section section, SpvOp op,
                    const uint32_t *head, unsigned nhead, const uint32_t *operands,
                    unsigned n);

#endif /* NTV_SPIRV_BUILDER_PRIVATE_H */
