/* SPDX-License-Identifier: MIT */
/* Subgroup intrinsics: OpGroupNonUniform* (SPIR-V 1.3). */
#include "ntv/ntv_private.h"

static SpvId
subgroup_scope(struct ntv_context *ctx)
{
   return ntv_const_u32(ctx, SpvScopeSubgroup);
}

static SpvId
result(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   return ntv_def_id(ctx, &intr->def);
}

static SpvId
rtype(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   return ntv_def_type(ctx, &intr->def);
}

/* A ballot value (uvec4, or a uint64 the IR may use) as the uvec4 SPIR-V
 * ballots are. */
static SpvId
ballot_src(struct ntv_context *ctx, nir_src src)
{
   nir_def *def = src.ssa;
   if (def->num_components == 4 && def->bit_size == 32)
      return ntv_get_src(ctx, src, NTV_KIND_UINT);
   if (def->num_components == 1 && def->bit_size == 64) {
      const SpvId v = ntv_get_src(ctx, src, NTV_KIND_UINT);
      const SpvId uv2 = ntv_value_type(ctx, NTV_KIND_UINT, 32, 2);
      const SpvId pair = spvb_op(&ctx->b, SpvOpBitcast, uv2, &v, 1);
      const SpvId zero = ntv_const_u32(ctx, 0);
      const SpvId x = spvb_composite_extract(&ctx->b, ntv_scalar_type(ctx, NTV_KIND_UINT, 32),
                                             pair, (const uint32_t[]){0}, 1);
      const SpvId y = spvb_composite_extract(&ctx->b, ntv_scalar_type(ctx, NTV_KIND_UINT, 32),
                                             pair, (const uint32_t[]){1}, 1);
      return spvb_composite_construct(&ctx->b, ntv_value_type(ctx, NTV_KIND_UINT, 32, 4),
                                      SPVB_WORDS(x, y, zero, zero));
   }
   ntv_fail(ctx, "ballot value of %ux%u bits", def->num_components, def->bit_size);
   return 0;
}

static bool
reduction_opcode(struct ntv_context *ctx, nir_op op, bool bools, SpvOp *out)
{
   switch (op) {
   case NIR_OP_IADD:
      *out = SpvOpGroupNonUniformIAdd;
      return true;
   case NIR_OP_FADD:
      *out = SpvOpGroupNonUniformFAdd;
      return true;
   case NIR_OP_IMUL:
      *out = SpvOpGroupNonUniformIMul;
      return true;
   case NIR_OP_FMUL:
      *out = SpvOpGroupNonUniformFMul;
      return true;
   case NIR_OP_IMIN:
      *out = SpvOpGroupNonUniformSMin;
      return true;
   case NIR_OP_UMIN:
      *out = SpvOpGroupNonUniformUMin;
      return true;
   case NIR_OP_FMIN:
      *out = SpvOpGroupNonUniformFMin;
      return true;
   case NIR_OP_IMAX:
      *out = SpvOpGroupNonUniformSMax;
      return true;
   case NIR_OP_UMAX:
      *out = SpvOpGroupNonUniformUMax;
      return true;
   case NIR_OP_FMAX:
      *out = SpvOpGroupNonUniformFMax;
      return true;
   case NIR_OP_IAND:
      *out = bools ? SpvOpGroupNonUniformLogicalAnd : SpvOpGroupNonUniformBitwiseAnd;
      return true;
   case NIR_OP_IOR:
      *out = bools ? SpvOpGroupNonUniformLogicalOr : SpvOpGroupNonUniformBitwiseOr;
      return true;
   case NIR_OP_IXOR:
      *out = bools ? SpvOpGroupNonUniformLogicalXor : SpvOpGroupNonUniformBitwiseXor;
      return true;
   default:
      ntv_fail(ctx, "subgroup reduction with %s", nir_op_infos[op].name);
      return false;
   }
}

static void
emit_reduce(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   SpvOp op;
   if (!reduction_opcode(ctx, nir_intrinsic_reduction_op(intr), intr->def.bit_size == 1,
                         &op))
      return;
   spvb_capability(&ctx->b, SpvCapabilityGroupNonUniformArithmetic);
   const SpvId value = ntv_get_src(ctx, intr->src[0], ntv_def_kind(ctx, &intr->def));
   SpvGroupOperation group = SpvGroupOperationReduce;
   unsigned cluster = 0;
   if (intr->intrinsic == NIR_INTRINSIC_INCLUSIVE_SCAN) {
      group = SpvGroupOperationInclusiveScan;
   } else if (intr->intrinsic == NIR_INTRINSIC_EXCLUSIVE_SCAN) {
      group = SpvGroupOperationExclusiveScan;
   } else if (nir_intrinsic_cluster_size(intr)) {
      group = SpvGroupOperationClusteredReduce;
      cluster = nir_intrinsic_cluster_size(intr);
      spvb_capability(&ctx->b, SpvCapabilityGroupNonUniformClustered);
   }
   if (cluster)
      spvb_op_to(&ctx->b, result(ctx, intr), op, rtype(ctx, intr),
                 SPVB_WORDS(subgroup_scope(ctx), group, value, ntv_const_u32(ctx, cluster)));
   else
      spvb_op_to(&ctx->b, result(ctx, intr), op, rtype(ctx, intr),
                 SPVB_WORDS(subgroup_scope(ctx), group, value));
}

/* value, index: broadcasts and shuffles. */
static void
emit_value_index(struct ntv_context *ctx, nir_intrinsic_instr *intr, SpvOp op,
                 SpvCapability cap)
{
   spvb_capability(&ctx->b, cap);
   const SpvId value = ntv_get_src(ctx, intr->src[0], ntv_def_kind(ctx, &intr->def));
   const SpvId index = ntv_get_src(ctx, intr->src[1], NTV_WANT_ANY_INT | NTV_KIND_UINT);
   spvb_op_to(&ctx->b, result(ctx, intr), op, rtype(ctx, intr),
              SPVB_WORDS(subgroup_scope(ctx), value, index));
}

static void
emit_ballot_count(struct ntv_context *ctx, nir_intrinsic_instr *intr, SpvGroupOperation g)
{
   spvb_capability(&ctx->b, SpvCapabilityGroupNonUniformBallot);
   const SpvId v = ballot_src(ctx, intr->src[0]);
   spvb_op_to(&ctx->b, result(ctx, intr), SpvOpGroupNonUniformBallotBitCount,
              rtype(ctx, intr), SPVB_WORDS(subgroup_scope(ctx), g, v));
}

bool
ntv_emit_subgroup_intrinsic(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   struct spvb_builder *b = &ctx->b;
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_ELECT:
   case NIR_INTRINSIC_BALLOT:
   case NIR_INTRINSIC_INVERSE_BALLOT:
   case NIR_INTRINSIC_BALLOT_BITFIELD_EXTRACT:
   case NIR_INTRINSIC_BALLOT_BIT_COUNT_REDUCE:
   case NIR_INTRINSIC_BALLOT_BIT_COUNT_INCLUSIVE:
   case NIR_INTRINSIC_BALLOT_BIT_COUNT_EXCLUSIVE:
   case NIR_INTRINSIC_BALLOT_FIND_LSB:
   case NIR_INTRINSIC_BALLOT_FIND_MSB:
   case NIR_INTRINSIC_VOTE_ALL:
   case NIR_INTRINSIC_VOTE_ANY:
   case NIR_INTRINSIC_VOTE_IEQ:
   case NIR_INTRINSIC_VOTE_FEQ:
   case NIR_INTRINSIC_READ_INVOCATION:
   case NIR_INTRINSIC_READ_FIRST_INVOCATION:
   case NIR_INTRINSIC_SHUFFLE:
   case NIR_INTRINSIC_SHUFFLE_XOR:
   case NIR_INTRINSIC_SHUFFLE_UP:
   case NIR_INTRINSIC_SHUFFLE_DOWN:
   case NIR_INTRINSIC_REDUCE:
   case NIR_INTRINSIC_INCLUSIVE_SCAN:
   case NIR_INTRINSIC_EXCLUSIVE_SCAN:
   case NIR_INTRINSIC_QUAD_BROADCAST:
   case NIR_INTRINSIC_QUAD_SWAP_HORIZONTAL:
   case NIR_INTRINSIC_QUAD_SWAP_VERTICAL:
   case NIR_INTRINSIC_QUAD_SWAP_DIAGONAL:
      break;
   default:
      return false;
   }
   if (!ntv_version_at_least(ctx, 1, 3)) {
      ntv_fail(ctx, "subgroup operations need SPIR-V 1.3 (Vulkan 1.1)");
      return true;
   }
   spvb_capability(b, SpvCapabilityGroupNonUniform);
   const SpvId scope = subgroup_scope(ctx);
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_ELECT:
      spvb_op_to(b, result(ctx, intr), SpvOpGroupNonUniformElect, rtype(ctx, intr), &scope,
                 1);
      break;
   case NIR_INTRINSIC_BALLOT: {
      spvb_capability(b, SpvCapabilityGroupNonUniformBallot);
      const SpvId pred = ntv_get_src(ctx, intr->src[0], NTV_KIND_BOOL);
      const SpvId uvec4 = ntv_value_type(ctx, NTV_KIND_UINT, 32, 4);
      if (intr->def.num_components == 4 && intr->def.bit_size == 32) {
         spvb_op_to(b, result(ctx, intr), SpvOpGroupNonUniformBallot, uvec4,
                    SPVB_WORDS(scope, pred));
      } else if (intr->def.num_components == 1 && intr->def.bit_size == 64) {
         const SpvId v = spvb_op(b, SpvOpGroupNonUniformBallot, uvec4, SPVB_WORDS(scope, pred));
         const SpvId u32 = ntv_scalar_type(ctx, NTV_KIND_UINT, 32);
         const SpvId x = spvb_composite_extract(b, u32, v, (const uint32_t[]){0}, 1);
         const SpvId y = spvb_composite_extract(b, u32, v, (const uint32_t[]){1}, 1);
         const SpvId xy = spvb_composite_construct(
            b, ntv_value_type(ctx, NTV_KIND_UINT, 32, 2), SPVB_WORDS(x, y));
         spvb_op_to(b, result(ctx, intr), SpvOpBitcast, rtype(ctx, intr), &xy, 1);
      } else {
         ntv_fail(ctx, "ballot of %ux%u bits", intr->def.num_components, intr->def.bit_size);
      }
      break;
   }
   case NIR_INTRINSIC_INVERSE_BALLOT: {
      spvb_capability(b, SpvCapabilityGroupNonUniformBallot);
      const SpvId v = ballot_src(ctx, intr->src[0]);
      spvb_op_to(b, result(ctx, intr), SpvOpGroupNonUniformInverseBallot, rtype(ctx, intr),
                 SPVB_WORDS(scope, v));
      break;
   }
   case NIR_INTRINSIC_BALLOT_BITFIELD_EXTRACT: {
      spvb_capability(b, SpvCapabilityGroupNonUniformBallot);
      const SpvId v = ballot_src(ctx, intr->src[0]);
      const SpvId i = ntv_get_src(ctx, intr->src[1], NTV_WANT_ANY_INT | NTV_KIND_UINT);
      spvb_op_to(b, result(ctx, intr), SpvOpGroupNonUniformBallotBitExtract,
                 rtype(ctx, intr), SPVB_WORDS(scope, v, i));
      break;
   }
   case NIR_INTRINSIC_BALLOT_BIT_COUNT_REDUCE:
      emit_ballot_count(ctx, intr, SpvGroupOperationReduce);
      break;
   case NIR_INTRINSIC_BALLOT_BIT_COUNT_INCLUSIVE:
      emit_ballot_count(ctx, intr, SpvGroupOperationInclusiveScan);
      break;
   case NIR_INTRINSIC_BALLOT_BIT_COUNT_EXCLUSIVE:
      emit_ballot_count(ctx, intr, SpvGroupOperationExclusiveScan);
      break;
   case NIR_INTRINSIC_BALLOT_FIND_LSB:
   case NIR_INTRINSIC_BALLOT_FIND_MSB: {
      spvb_capability(b, SpvCapabilityGroupNonUniformBallot);
      const SpvId v = ballot_src(ctx, intr->src[0]);
      spvb_op_to(b, result(ctx, intr),
                 intr->intrinsic == NIR_INTRINSIC_BALLOT_FIND_LSB
                    ? SpvOpGroupNonUniformBallotFindLSB
                    : SpvOpGroupNonUniformBallotFindMSB,
                 rtype(ctx, intr), SPVB_WORDS(scope, v));
      break;
   }
   case NIR_INTRINSIC_VOTE_ALL:
   case NIR_INTRINSIC_VOTE_ANY: {
      spvb_capability(b, SpvCapabilityGroupNonUniformVote);
      const SpvId p = ntv_get_src(ctx, intr->src[0], NTV_KIND_BOOL);
      spvb_op_to(b, result(ctx, intr),
                 intr->intrinsic == NIR_INTRINSIC_VOTE_ALL ? SpvOpGroupNonUniformAll
                                                           : SpvOpGroupNonUniformAny,
                 rtype(ctx, intr), SPVB_WORDS(scope, p));
      break;
   }
   case NIR_INTRINSIC_VOTE_IEQ:
   case NIR_INTRINSIC_VOTE_FEQ: {
      spvb_capability(b, SpvCapabilityGroupNonUniformVote);
      const unsigned want = intr->intrinsic == NIR_INTRINSIC_VOTE_FEQ
                               ? NTV_KIND_FLOAT
                               : NTV_WANT_ANY_INT | NTV_KIND_UINT;
      const SpvId v = ntv_get_src(ctx, intr->src[0], want);
      spvb_op_to(b, result(ctx, intr), SpvOpGroupNonUniformAllEqual, rtype(ctx, intr),
                 SPVB_WORDS(scope, v));
      break;
   }
   case NIR_INTRINSIC_READ_INVOCATION:
      if (nir_src_is_const(intr->src[1]) || ntv_version_at_least(ctx, 1, 5))
         emit_value_index(ctx, intr, SpvOpGroupNonUniformBroadcast,
                          SpvCapabilityGroupNonUniformBallot);
      else
         emit_value_index(ctx, intr, SpvOpGroupNonUniformShuffle,
                          SpvCapabilityGroupNonUniformShuffle);
      break;
   case NIR_INTRINSIC_READ_FIRST_INVOCATION: {
      spvb_capability(b, SpvCapabilityGroupNonUniformBallot);
      const SpvId v = ntv_get_src(ctx, intr->src[0], ntv_def_kind(ctx, &intr->def));
      spvb_op_to(b, result(ctx, intr), SpvOpGroupNonUniformBroadcastFirst, rtype(ctx, intr),
                 SPVB_WORDS(scope, v));
      break;
   }
   case NIR_INTRINSIC_SHUFFLE:
      emit_value_index(ctx, intr, SpvOpGroupNonUniformShuffle,
                       SpvCapabilityGroupNonUniformShuffle);
      break;
   case NIR_INTRINSIC_SHUFFLE_XOR:
      emit_value_index(ctx, intr, SpvOpGroupNonUniformShuffleXor,
                       SpvCapabilityGroupNonUniformShuffle);
      break;
   case NIR_INTRINSIC_SHUFFLE_UP:
      emit_value_index(ctx, intr, SpvOpGroupNonUniformShuffleUp,
                       SpvCapabilityGroupNonUniformShuffleRelative);
      break;
   case NIR_INTRINSIC_SHUFFLE_DOWN:
      emit_value_index(ctx, intr, SpvOpGroupNonUniformShuffleDown,
                       SpvCapabilityGroupNonUniformShuffleRelative);
      break;
   case NIR_INTRINSIC_REDUCE:
   case NIR_INTRINSIC_INCLUSIVE_SCAN:
   case NIR_INTRINSIC_EXCLUSIVE_SCAN:
      emit_reduce(ctx, intr);
      break;
   case NIR_INTRINSIC_QUAD_BROADCAST:
      emit_value_index(ctx, intr, SpvOpGroupNonUniformQuadBroadcast,
                       SpvCapabilityGroupNonUniformQuad);
      break;
   default: {
      spvb_capability(b, SpvCapabilityGroupNonUniformQuad);
      const uint32_t dir = intr->intrinsic == NIR_INTRINSIC_QUAD_SWAP_HORIZONTAL ? 0
                           : intr->intrinsic == NIR_INTRINSIC_QUAD_SWAP_VERTICAL ? 1
                                                                                  : 2;
      const SpvId v = ntv_get_src(ctx, intr->src[0], ntv_def_kind(ctx, &intr->def));
      spvb_op_to(b, result(ctx, intr), SpvOpGroupNonUniformQuadSwap, rtype(ctx, intr),
                 SPVB_WORDS(scope, v, ntv_const_u32(ctx, dir)));
      break;
   }
   }
   return true;
}
