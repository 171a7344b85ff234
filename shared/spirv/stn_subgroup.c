/* SPDX-License-Identifier: MIT */
/*
 * The GroupNonUniform* family (SPIR-V 1.3) and the older KHR subgroup
 * instructions (SPV_KHR_shader_ballot, SPV_KHR_subgroup_vote).
 */
#include "stn_ir.h"

static void
check_scope(struct stn_builder *b, uint32_t scope_id)
{
   if (stn_scope(b, scope_id) != NIR_SCOPE_SUBGROUP)
      stn_fail(b, "group operations are only supported at Subgroup scope");
}

static nir_def *
value(struct stn_builder *b, uint32_t id, bool allow_bool)
{
   nir_def *d = stn_def(b, id);
   if (!allow_bool && d->bit_size == 1)
      stn_fail(b, "id %u must not be a boolean here", id);
   return d;
}

static nir_def *
scalar_u32(struct stn_builder *b, uint32_t id)
{
   nir_def *d = stn_def(b, id);
   if (d->num_components != 1 || d->bit_size == 1)
      stn_fail(b, "id %u must be an integer scalar", id);
   return d->bit_size == 32 ? d : nir_u2uN(stn_nb(b), d, 32);
}

static nir_def *
ballot_value(struct stn_builder *b, uint32_t id)
{
   nir_def *d = stn_def(b, id);
   if (d->num_components != 4 || d->bit_size != 32)
      stn_fail(b, "id %u must be a uvec4 ballot", id);
   return d;
}

static nir_def *
boolean(struct stn_builder *b, uint32_t id)
{
   nir_def *d = stn_def(b, id);
   if (d->num_components != 1 || d->bit_size != 1)
      stn_fail(b, "id %u must be a boolean scalar", id);
   return d;
}

static nir_op
arith_op(struct stn_builder *b, SpvOp op)
{
   switch (op) {
   case SpvOpGroupNonUniformIAdd:
      return NIR_OP_IADD;
   case SpvOpGroupNonUniformFAdd:
      return NIR_OP_FADD;
   case SpvOpGroupNonUniformIMul:
      return NIR_OP_IMUL;
   case SpvOpGroupNonUniformFMul:
      return NIR_OP_FMUL;
   case SpvOpGroupNonUniformSMin:
      return NIR_OP_IMIN;
   case SpvOpGroupNonUniformUMin:
      return NIR_OP_UMIN;
   case SpvOpGroupNonUniformFMin:
      return NIR_OP_FMIN;
   case SpvOpGroupNonUniformSMax:
      return NIR_OP_IMAX;
   case SpvOpGroupNonUniformUMax:
      return NIR_OP_UMAX;
   case SpvOpGroupNonUniformFMax:
      return NIR_OP_FMAX;
   case SpvOpGroupNonUniformBitwiseAnd:
   case SpvOpGroupNonUniformLogicalAnd:
      return NIR_OP_IAND;
   case SpvOpGroupNonUniformBitwiseOr:
   case SpvOpGroupNonUniformLogicalOr:
      return NIR_OP_IOR;
   case SpvOpGroupNonUniformBitwiseXor:
   case SpvOpGroupNonUniformLogicalXor:
      return NIR_OP_IXOR;
   default:
      stn_fail(b, "%s is not a group arithmetic operation", spirv_op_name(op));
   }
}

static bool
arith_type_ok(SpvOp op, const struct stn_type *t)
{
   const struct stn_type *s = t->scalar ? t->scalar : t;
   switch (op) {
   case SpvOpGroupNonUniformFAdd:
   case SpvOpGroupNonUniformFMul:
   case SpvOpGroupNonUniformFMin:
   case SpvOpGroupNonUniformFMax:
      return s->base == STN_BASE_FLOAT;
   case SpvOpGroupNonUniformLogicalAnd:
   case SpvOpGroupNonUniformLogicalOr:
   case SpvOpGroupNonUniformLogicalXor:
      return s->base == STN_BASE_BOOL;
   default:
      return s->base == STN_BASE_INT;
   }
}

void
stn_handle_subgroup(struct stn_builder *b, const struct stn_inst *inst)
{
   nir_builder *nb = stn_nb(b);
   const SpvOp op = inst->opcode;
   const uint32_t result = inst->w[2];
   struct stn_type *rt = stn_result_type(b, inst);
   nir_def *r;

   /* The KHR forms have no scope operand. */
   switch (op) {
   case SpvOpSubgroupBallotKHR:
      r = nir_ballot(nb, 4, 32, boolean(b, inst->w[3]));
      goto done;
   case SpvOpSubgroupFirstInvocationKHR:
      r = nir_read_first_invocation(nb, value(b, inst->w[3], true));
      goto done;
   case SpvOpSubgroupAllKHR:
      r = nir_vote_all(nb, boolean(b, inst->w[3]));
      goto done;
   case SpvOpSubgroupAnyKHR:
      r = nir_vote_any(nb, boolean(b, inst->w[3]));
      goto done;
   case SpvOpSubgroupAllEqualKHR: {
      nir_def *v = value(b, inst->w[3], true);
      const struct stn_type *vt = stn_value_type(b, inst->w[3]);
      r = (vt->scalar ? vt->scalar : vt)->base == STN_BASE_FLOAT ? nir_vote_feq(nb, v)
                                                                 : nir_vote_ieq(nb, v);
      goto done;
   }
   case SpvOpSubgroupReadInvocationKHR:
      r = nir_read_invocation(nb, value(b, inst->w[3], true), scalar_u32(b, inst->w[4]));
      goto done;
   default:
      break;
   }

   check_scope(b, inst->w[3]);
   switch (op) {
   case SpvOpGroupNonUniformElect:
      r = nir_elect(nb);
      break;
   case SpvOpGroupNonUniformAll:
      r = nir_vote_all(nb, boolean(b, inst->w[4]));
      break;
   case SpvOpGroupNonUniformAny:
      r = nir_vote_any(nb, boolean(b, inst->w[4]));
      break;
   case SpvOpGroupNonUniformAllEqual: {
      nir_def *v = value(b, inst->w[4], true);
      const struct stn_type *vt = stn_value_type(b, inst->w[4]);
      r = (vt->scalar ? vt->scalar : vt)->base == STN_BASE_FLOAT ? nir_vote_feq(nb, v)
                                                                 : nir_vote_ieq(nb, v);
      break;
   }
   case SpvOpGroupNonUniformBroadcast:
      r = nir_read_invocation(nb, value(b, inst->w[4], true), scalar_u32(b, inst->w[5]));
      break;
   case SpvOpGroupNonUniformBroadcastFirst:
      r = nir_read_first_invocation(nb, value(b, inst->w[4], true));
      break;
   case SpvOpGroupNonUniformBallot:
      r = nir_ballot(nb, 4, 32, boolean(b, inst->w[4]));
      break;
   case SpvOpGroupNonUniformInverseBallot:
      r = nir_inverse_ballot(nb, ballot_value(b, inst->w[4]));
      break;
   case SpvOpGroupNonUniformBallotBitExtract:
      r = nir_ballot_bitfield_extract(nb, ballot_value(b, inst->w[4]),
                                      scalar_u32(b, inst->w[5]));
      break;
   case SpvOpGroupNonUniformBallotBitCount: {
      nir_def *v = ballot_value(b, inst->w[5]);
      switch (inst->w[4]) {
      case SpvGroupOperationReduce:
         r = nir_ballot_bit_count_reduce(nb, v);
         break;
      case SpvGroupOperationInclusiveScan:
         r = nir_ballot_bit_count_inclusive(nb, v);
         break;
      case SpvGroupOperationExclusiveScan:
         r = nir_ballot_bit_count_exclusive(nb, v);
         break;
      default:
         stn_fail(b, "group operation %u for a ballot bit count", inst->w[4]);
      }
      break;
   }
   case SpvOpGroupNonUniformBallotFindLSB:
      r = nir_ballot_find_lsb(nb, ballot_value(b, inst->w[4]));
      break;
   case SpvOpGroupNonUniformBallotFindMSB:
      r = nir_ballot_find_msb(nb, ballot_value(b, inst->w[4]));
      break;
   case SpvOpGroupNonUniformShuffle:
      r = nir_shuffle(nb, value(b, inst->w[4], true), scalar_u32(b, inst->w[5]));
      break;
   case SpvOpGroupNonUniformShuffleXor:
      r = nir_shuffle_xor(nb, value(b, inst->w[4], true), scalar_u32(b, inst->w[5]));
      break;
   case SpvOpGroupNonUniformShuffleUp:
      r = nir_shuffle_up(nb, value(b, inst->w[4], true), scalar_u32(b, inst->w[5]));
      break;
   case SpvOpGroupNonUniformShuffleDown:
      r = nir_shuffle_down(nb, value(b, inst->w[4], true), scalar_u32(b, inst->w[5]));
      break;
   case SpvOpGroupNonUniformQuadBroadcast:
      r = nir_quad_broadcast(nb, value(b, inst->w[4], true), scalar_u32(b, inst->w[5]));
      break;
   case SpvOpGroupNonUniformQuadSwap: {
      nir_def *v = value(b, inst->w[4], true);
      switch (stn_constant_int(b, inst->w[5])) {
      case 0:
         r = nir_quad_swap_horizontal(nb, v);
         break;
      case 1:
         r = nir_quad_swap_vertical(nb, v);
         break;
      case 2:
         r = nir_quad_swap_diagonal(nb, v);
         break;
      default:
         stn_fail(b, "quad swap direction must be 0, 1 or 2");
      }
      break;
   }
   default: {
      /* Reductions and scans. */
      if (inst->count < 6)
         stn_fail(b, "%s needs a group operation and a value", spirv_op_name(op));
      nir_def *v = value(b, inst->w[5], true);
      const struct stn_type *vt = stn_value_type(b, inst->w[5]);
      if (!arith_type_ok(op, vt))
         stn_fail(b, "%s on a value of the wrong type", spirv_op_name(op));
      const nir_op rop = arith_op(b, op);
      switch (inst->w[4]) {
      case SpvGroupOperationReduce:
         r = nir_reduce(nb, v, .reduction_op = rop, .cluster_size = 0);
         break;
      case SpvGroupOperationInclusiveScan:
         r = nir_inclusive_scan(nb, v, .reduction_op = rop);
         break;
      case SpvGroupOperationExclusiveScan:
         r = nir_exclusive_scan(nb, v, .reduction_op = rop);
         break;
      case SpvGroupOperationClusteredReduce: {
         const int64_t cs = stn_constant_int(b, stn_inst_word(b, inst, 6));
         if (cs < 1 || cs > 128 || (cs & (cs - 1)))
            stn_fail(b, "cluster size %" PRId64 " is not a power of two up to 128", cs);
         r = nir_reduce(nb, v, .reduction_op = rop, .cluster_size = (unsigned)cs);
         break;
      }
      default:
         stn_fail(b, "group operation %u is not supported", inst->w[4]);
      }
      break;
   }
   }

done:
   stn_emit_count(b);
   stn_check_ir_oom(b);
   /* Counts and indices are 32-bit in the IR; the result type may be wider. */
   if (rt->base == STN_BASE_INT && r->bit_size != 1 && r->bit_size != rt->bit_size &&
       r->num_components == 1)
      r = nir_u2uN(nb, r, rt->bit_size);
   stn_push_def(b, result, r);
}
