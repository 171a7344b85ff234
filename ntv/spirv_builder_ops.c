/* SPDX-License-Identifier: MIT */
/* Instructions inside functions. Thin: each helper only spells out the
 * operand order of one instruction. */
#include "ntv/spirv_builder.h"
#include "ntv/spirv_builder_private.h"

#include <stdlib.h>
#include <string.h>

void
spvb_op_to(struct spvb_builder *b, SpvId result, SpvOp op, SpvId type,
           const uint32_t *operands, unsigned n)
{
   spvb_emit_head(b, SPVB_SECTION_FUNCTIONS, op, SPVB_WORDS(type, result), operands, n);
}

SpvId
spvb_op(struct spvb_builder *b, SpvOp op, SpvId type, const uint32_t *operands, unsigned n)
{
   const SpvId id = spvb_id(b);
   spvb_op_to(b, id, op, type, operands, n);
   return id;
}

void
spvb_op_void(struct spvb_builder *b, SpvOp op, const uint32_t *operands, unsigned n)
{
   spvb_emit(b, SPVB_SECTION_FUNCTIONS, op, operands, n);
}

SpvId
spvb_load(struct spvb_builder *b, SpvId type, SpvId pointer)
{
   return spvb_op(b, SpvOpLoad, type, &pointer, 1);
}

void
spvb_store(struct spvb_builder *b, SpvId pointer, SpvId value)
{
   spvb_op_void(b, SpvOpStore, SPVB_WORDS(pointer, value));
}

/* An op with one leading operand followed by a list: most composite and
 * access instructions have that shape. */
static SpvId
op_one_then_list(struct spvb_builder *b, SpvOp op, SpvId type, const uint32_t *lead,
                 unsigned nlead, const uint32_t *list, unsigned n)
{
   const SpvId id = spvb_id(b);
   if (b->error)
      return id;
   uint32_t local[32];
   uint32_t *w = local;
   if (nlead + n > ARRAY_SIZE(local)) {
      w = malloc((nlead + (size_t)n) * sizeof(uint32_t));
      if (!w) {
         spvb_set_error(b, SPVB_ERROR_OUT_OF_MEMORY, "operands");
         return id;
      }
   }
   memcpy(w, lead, nlead * sizeof(uint32_t));
   if (n)
      memcpy(w + nlead, list, n * sizeof(uint32_t));
   spvb_op_to(b, id, op, type, w, nlead + n);
   if (w != local)
      free(w);
   return id;
}

SpvId
spvb_access_chain(struct spvb_builder *b, SpvId ptr_type, SpvId base,
                  const SpvId *indices, unsigned n)
{
   return op_one_then_list(b, SpvOpAccessChain, ptr_type, &base, 1, indices, n);
}

SpvId
spvb_composite_extract(struct spvb_builder *b, SpvId type, SpvId composite,
                       const uint32_t *indices, unsigned n)
{
   return op_one_then_list(b, SpvOpCompositeExtract, type, &composite, 1, indices, n);
}

SpvId
spvb_composite_insert(struct spvb_builder *b, SpvId type, SpvId object, SpvId composite,
                      const uint32_t *indices, unsigned n)
{
   return op_one_then_list(b, SpvOpCompositeInsert, type, SPVB_WORDS(object, composite),
                           indices, n);
}

SpvId
spvb_composite_construct(struct spvb_builder *b, SpvId type, const SpvId *parts,
                         unsigned n)
{
   return spvb_op(b, SpvOpCompositeConstruct, type, parts, n);
}

SpvId
spvb_vector_shuffle(struct spvb_builder *b, SpvId type, SpvId v1, SpvId v2,
                    const uint32_t *components, unsigned n)
{
   return op_one_then_list(b, SpvOpVectorShuffle, type, SPVB_WORDS(v1, v2), components,
                           n);
}

SpvId
spvb_ext_inst(struct spvb_builder *b, SpvId type, SpvId set, uint32_t inst,
              const SpvId *args, unsigned n)
{
   return op_one_then_list(b, SpvOpExtInst, type, SPVB_WORDS(set, inst), args, n);
}

void
spvb_branch(struct spvb_builder *b, SpvId label)
{
   spvb_op_void(b, SpvOpBranch, &label, 1);
}

void
spvb_branch_conditional(struct spvb_builder *b, SpvId cond, SpvId true_label,
                        SpvId false_label)
{
   spvb_op_void(b, SpvOpBranchConditional, SPVB_WORDS(cond, true_label, false_label));
}

void
spvb_selection_merge(struct spvb_builder *b, SpvId merge, SpvSelectionControlMask control)
{
   spvb_op_void(b, SpvOpSelectionMerge, SPVB_WORDS(merge, control));
}

void
spvb_loop_merge(struct spvb_builder *b, SpvId merge, SpvId cont, SpvLoopControlMask control)
{
   spvb_op_void(b, SpvOpLoopMerge, SPVB_WORDS(merge, cont, control));
}

SpvId
spvb_phi(struct spvb_builder *b, SpvId type, const SpvId *pairs, unsigned n)
{
   if (n % 2) {
      spvb_set_error(b, SPVB_ERROR_MISUSE, "phi operands come in pairs");
      return 0;
   }
   return spvb_op(b, SpvOpPhi, type, pairs, n);
}

void
spvb_return(struct spvb_builder *b)
{
   spvb_op_void(b, SpvOpReturn, NULL, 0);
}

void
spvb_return_value(struct spvb_builder *b, SpvId value)
{
   spvb_op_void(b, SpvOpReturnValue, &value, 1);
}
