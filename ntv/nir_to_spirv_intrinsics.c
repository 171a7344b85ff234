/* SPDX-License-Identifier: MIT */
/* Intrinsics: the dispatcher, plus barriers, geometry-shader emission and
 * fragment termination. Memory, image, subgroup and system-value
 * intrinsics have files of their own. */
#include "ntv/ntv_private.h"

static uint32_t
memory_semantics(nir_intrinsic_instr *intr)
{
   const nir_memory_semantics sem = nir_intrinsic_memory_semantics(intr);
   const nir_variable_mode modes = nir_intrinsic_memory_modes(intr);
   uint32_t w = 0;
   if ((sem & NIR_MEMORY_ACQ_REL) == NIR_MEMORY_ACQ_REL)
      w |= SpvMemorySemanticsAcquireReleaseMask;
   else if (sem & NIR_MEMORY_ACQUIRE)
      w |= SpvMemorySemanticsAcquireMask;
   else if (sem & NIR_MEMORY_RELEASE)
      w |= SpvMemorySemanticsReleaseMask;
   if (modes & (NIR_VAR_MEM_SSBO | NIR_VAR_MEM_GLOBAL))
      w |= SpvMemorySemanticsUniformMemoryMask;
   if (modes & NIR_VAR_MEM_SHARED)
      w |= SpvMemorySemanticsWorkgroupMemoryMask;
   if (modes & NIR_VAR_UNIFORM)
      w |= SpvMemorySemanticsImageMemoryMask;
   return w;
}

static void
emit_barrier(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   const nir_scope exec = nir_intrinsic_execution_scope(intr);
   const SpvId mem_scope = ntv_const_u32(ctx, ntv_scope(nir_intrinsic_memory_scope(intr)));
   const SpvId sem = ntv_const_u32(ctx, memory_semantics(intr));
   if (exec != NIR_SCOPE_NONE) {
      spvb_op_void(&ctx->b, SpvOpControlBarrier,
                   SPVB_WORDS(ntv_const_u32(ctx, ntv_scope(exec)), mem_scope, sem));
   } else {
      spvb_op_void(&ctx->b, SpvOpMemoryBarrier, SPVB_WORDS(mem_scope, sem));
   }
}

static bool
uses_streams(struct ntv_context *ctx)
{
   return (ctx->shader->info.gs.active_stream_mask & ~1u) != 0;
}

static void
emit_vertex_or_primitive(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   const bool vertex = intr->intrinsic == NIR_INTRINSIC_EMIT_VERTEX;
   const unsigned stream = nir_intrinsic_stream_id(intr) & 0x3;
   if (stream != 0 || uses_streams(ctx)) {
      spvb_capability(&ctx->b, SpvCapabilityGeometryStreams);
      const SpvId s = ntv_const_i32(ctx, (int32_t)stream);
      spvb_op_void(&ctx->b, vertex ? SpvOpEmitStreamVertex : SpvOpEndStreamPrimitive, &s, 1);
   } else {
      spvb_op_void(&ctx->b, vertex ? SpvOpEmitVertex : SpvOpEndPrimitive, NULL, 0);
   }
}

static void
terminate_invocation_capability(struct ntv_context *ctx)
{
   if (!ntv_version_at_least(ctx, 1, 6))
      spvb_extension(&ctx->b, "SPV_KHR_terminate_invocation");
}

static void
demote_capability(struct ntv_context *ctx)
{
   ntv_capability_ext(ctx, SpvCapabilityDemoteToHelperInvocation,
                      "SPV_EXT_demote_to_helper_invocation", SPVB_VERSION(1, 6));
}

static bool
emit_kill(struct ntv_context *ctx, void *data)
{
   spvb_op_void(&ctx->b, SpvOpKill, NULL, 0);
   return true;
}

static bool
emit_terminate(struct ntv_context *ctx, void *data)
{
   terminate_invocation_capability(ctx);
   spvb_op_void(&ctx->b, SpvOpTerminateInvocation, NULL, 0);
   return true;
}

static bool
emit_demote(struct ntv_context *ctx, void *data)
{
   demote_capability(ctx);
   spvb_op_void(&ctx->b, SpvOpDemoteToHelperInvocation, NULL, 0);
   return false;
}

void
ntv_emit_intrinsic(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   if (intr->intrinsic >= NIR_NUM_INTRINSICS) {
      ntv_fail(ctx, "unknown intrinsic %u", (unsigned)intr->intrinsic);
      return;
   }
   if (ntv_emit_memory_intrinsic(ctx, intr) || ntv_emit_image_intrinsic(ctx, intr) ||
       ntv_emit_subgroup_intrinsic(ctx, intr) || ntv_emit_sysval(ctx, intr))
      return;

   switch (intr->intrinsic) {
   case NIR_INTRINSIC_BARRIER:
      emit_barrier(ctx, intr);
      return;
   case NIR_INTRINSIC_EMIT_VERTEX:
   case NIR_INTRINSIC_END_PRIMITIVE:
      emit_vertex_or_primitive(ctx, intr);
      return;
   case NIR_INTRINSIC_DISCARD:
      emit_kill(ctx, NULL);
      ntv_start_new_block(ctx);
      ctx->unreachable_label = ctx->current_label;
      return;
   case NIR_INTRINSIC_TERMINATE:
      emit_terminate(ctx, NULL);
      ntv_start_new_block(ctx);
      ctx->unreachable_label = ctx->current_label;
      return;
   case NIR_INTRINSIC_DEMOTE:
      emit_demote(ctx, NULL);
      return;
   case NIR_INTRINSIC_BEGIN_INVOCATION_INTERLOCK:
   case NIR_INTRINSIC_END_INVOCATION_INTERLOCK:
      /* The capability and extension come with the execution mode
       * (emit_fragment_modes), which SPIR-V requires alongside. */
      if (!ctx->shader->info.fs.interlock) {
         ntv_fail(ctx, "%s without an interlock execution mode",
                  nir_intrinsic_infos[intr->intrinsic].name);
         return;
      }
      spvb_op_void(&ctx->b,
                   intr->intrinsic == NIR_INTRINSIC_BEGIN_INVOCATION_INTERLOCK
                      ? SpvOpBeginInvocationInterlockEXT
                      : SpvOpEndInvocationInterlockEXT,
                   NULL, 0);
      return;
   case NIR_INTRINSIC_DISCARD_IF:
      ntv_emit_conditional(ctx, ntv_get_src(ctx, intr->src[0], NTV_KIND_BOOL), emit_kill,
                           NULL);
      return;
   case NIR_INTRINSIC_TERMINATE_IF:
      ntv_emit_conditional(ctx, ntv_get_src(ctx, intr->src[0], NTV_KIND_BOOL),
                           emit_terminate, NULL);
      return;
   case NIR_INTRINSIC_DEMOTE_IF:
      ntv_emit_conditional(ctx, ntv_get_src(ctx, intr->src[0], NTV_KIND_BOOL), emit_demote,
                           NULL);
      return;
   case NIR_INTRINSIC_IS_HELPER_INVOCATION:
      demote_capability(ctx);
      spvb_op_to(&ctx->b, ntv_def_id(ctx, &intr->def), SpvOpIsHelperInvocationEXT,
                 ntv_def_type(ctx, &intr->def), NULL, 0);
      return;
   default:
      break;
   }
   ntv_fail(ctx, "intrinsic %s has no Vulkan SPIR-V translation (lower it first)",
            nir_intrinsic_infos[intr->intrinsic].name);
}
