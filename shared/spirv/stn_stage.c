/* SPDX-License-Identifier: MIT */
/*
 * Stage-specific instructions (geometry streams, demote) and the entry
 * point's execution modes turned into shader info.
 */
#include "stn_ir.h"

static void
require_stage(struct stn_builder *b, nir_shader_stage stage)
{
   if (b->ir->shader->info.stage != stage)
      stn_fail(b, "%s is not available in %s shaders", spirv_op_name(b->cur_opcode),
               nir_stage_name(b->ir->shader->info.stage));
}

static unsigned
stream_of(struct stn_builder *b, uint32_t id)
{
   const int64_t s = stn_constant_int(b, id);
   if (s < 0 || s > 3)
      stn_fail(b, "vertex stream %" PRId64 " (0 to 3 are)", s);
   if (s > 0 && !stn_has_capability(b, SpvCapabilityGeometryStreams))
      stn_fail(b, "vertex streams other than 0 need GeometryStreams");
   return (unsigned)s;
}

void
stn_handle_geometry(struct stn_builder *b, const struct stn_inst *inst)
{
   nir_builder *nb = stn_nb(b);
   nir_shader_info *info = &b->ir->shader->info;
   switch (inst->opcode) {
   case SpvOpEmitVertex:
   case SpvOpEmitStreamVertex: {
      require_stage(b, NIR_STAGE_GEOMETRY);
      const unsigned s = inst->opcode == SpvOpEmitVertex ? 0 : stream_of(b, inst->w[1]);
      nir_emit_vertex(nb, .stream_id = s);
      info->gs.active_stream_mask |= 1u << s;
      break;
   }
   case SpvOpEndPrimitive:
   case SpvOpEndStreamPrimitive: {
      require_stage(b, NIR_STAGE_GEOMETRY);
      const unsigned s = inst->opcode == SpvOpEndPrimitive ? 0 : stream_of(b, inst->w[1]);
      nir_end_primitive(nb, .stream_id = s);
      info->gs.active_stream_mask |= 1u << s;
      break;
   }
   case SpvOpDemoteToHelperInvocation:
      require_stage(b, NIR_STAGE_FRAGMENT);
      nir_demote(nb);
      info->fs.uses_demote = true;
      break;
   case SpvOpBeginInvocationInterlockEXT:
   case SpvOpEndInvocationInterlockEXT:
      require_stage(b, NIR_STAGE_FRAGMENT);
      if (!stn_has_capability(b, SpvCapabilityFragmentShaderPixelInterlockEXT) &&
          !stn_has_capability(b, SpvCapabilityFragmentShaderSampleInterlockEXT) &&
          !stn_has_capability(b, SpvCapabilityFragmentShaderShadingRateInterlockEXT))
         stn_fail(b, "%s needs a fragment shader interlock capability",
                  spirv_op_name(inst->opcode));
      if (inst->opcode == SpvOpBeginInvocationInterlockEXT)
         nir_begin_invocation_interlock(nb);
      else
         nir_end_invocation_interlock(nb);
      break;
   case SpvOpIsHelperInvocationEXT: {
      require_stage(b, NIR_STAGE_FRAGMENT);
      struct stn_type *rt = stn_result_type(b, inst);
      if (rt->base != STN_BASE_BOOL)
         stn_fail(b, "OpIsHelperInvocationEXT returns a bool");
      stn_push_def(b, inst->w[2], nir_is_helper_invocation(nb));
      info->fs.needs_helper_invocations = true;
      break;
   }
   default:
      stn_fail(b, "%s is not a stage instruction", spirv_op_name(inst->opcode));
   }
   stn_emit_count(b);
   stn_check_ir_oom(b);
}

static uint32_t
mode_literal(struct stn_builder *b, const struct stn_exec_mode *em, unsigned i)
{
   if (i >= em->num_operands)
      stn_fail_at(b, em->offset_w, "execution mode needs operand %u", i);
   return em->operands[i];
}

static uint32_t
float_control_bits(struct stn_builder *b, const struct stn_exec_mode *em, uint32_t fp16,
                   uint32_t fp32, uint32_t fp64)
{
   switch (mode_literal(b, em, 0)) {
   case 16:
      return fp16;
   case 32:
      return fp32;
   case 64:
      return fp64;
   default:
      stn_fail_at(b, em->offset_w, "float controls for width %u", em->operands[0]);
   }
}

static void
require_mode_stage(struct stn_builder *b, const struct stn_exec_mode *em, unsigned stages)
{
   if (!(stages & (1u << b->ir->shader->info.stage)))
      stn_fail_at(b, em->offset_w, "execution mode %s is not for %s shaders",
                  spirv_enum_name(SPIRV_OPERAND_EXECUTION_MODE, em->mode),
                  nir_stage_name(b->ir->shader->info.stage));
}

#define ST(s) (1u << NIR_STAGE_##s)

void
stn_handle_execution_modes(struct stn_builder *b)
{
   nir_shader_info *info = &b->ir->shader->info;
   const nir_shader_stage stage = info->stage;
   for (unsigned i = 0; i < 3; i++)
      info->cs.workgroup_size_spec_id[i] = -1;

   for (const struct stn_exec_mode *em = b->exec_modes; em; em = em->next) {
      b->cur_offset_w = em->offset_w;
      b->cur_opcode = em->operands_are_ids ? SpvOpExecutionModeId : SpvOpExecutionMode;
      switch (em->mode) {
      case SpvExecutionModeInvocations: {
         require_mode_stage(b, em, ST(GEOMETRY));
         const uint32_t n = mode_literal(b, em, 0);
         if (n < 1 || n > 32)
            stn_fail(b, "Invocations %u (1 to 32 are)", n);
         info->gs.invocations = (uint8_t)n;
         break;
      }
      case SpvExecutionModeSpacingEqual:
         info->tess.spacing = NIR_TESS_SPACING_EQUAL;
         break;
      case SpvExecutionModeSpacingFractionalEven:
         info->tess.spacing = NIR_TESS_SPACING_FRACTIONAL_EVEN;
         break;
      case SpvExecutionModeSpacingFractionalOdd:
         info->tess.spacing = NIR_TESS_SPACING_FRACTIONAL_ODD;
         break;
      case SpvExecutionModeVertexOrderCw:
         info->tess.cw = true;
         break;
      case SpvExecutionModeVertexOrderCcw:
         info->tess.ccw = true;
         break;
      case SpvExecutionModePointMode:
         info->tess.point_mode = true;
         break;
      case SpvExecutionModePixelCenterInteger:
         require_mode_stage(b, em, ST(FRAGMENT));
         info->fs.pixel_center_integer = true;
         break;
      case SpvExecutionModeOriginUpperLeft:
         require_mode_stage(b, em, ST(FRAGMENT));
         info->fs.origin_upper_left = true;
         break;
      case SpvExecutionModeOriginLowerLeft:
         require_mode_stage(b, em, ST(FRAGMENT));
         if (b->env == SPIRV_ENV_VULKAN)
            stn_fail(b, "Vulkan fragment shaders must use OriginUpperLeft");
         info->fs.origin_upper_left = false;
         break;
      case SpvExecutionModeEarlyFragmentTests:
         require_mode_stage(b, em, ST(FRAGMENT));
         info->fs.early_fragment_tests = true;
         break;
      case SpvExecutionModePostDepthCoverage:
         require_mode_stage(b, em, ST(FRAGMENT));
         info->fs.post_depth_coverage = true;
         break;
      case SpvExecutionModePixelInterlockOrderedEXT:
      case SpvExecutionModePixelInterlockUnorderedEXT:
      case SpvExecutionModeSampleInterlockOrderedEXT:
      case SpvExecutionModeSampleInterlockUnorderedEXT:
      case SpvExecutionModeShadingRateInterlockOrderedEXT:
      case SpvExecutionModeShadingRateInterlockUnorderedEXT:
         require_mode_stage(b, em, ST(FRAGMENT));
         if (info->fs.interlock)
            stn_fail_at(b, em->offset_w, "a second interlock execution mode");
         info->fs.interlock = (enum nir_fs_interlock)(
            NIR_FS_INTERLOCK_PIXEL_ORDERED + (em->mode - SpvExecutionModePixelInterlockOrderedEXT));
         break;
      case SpvExecutionModeDepthReplacing:
         require_mode_stage(b, em, ST(FRAGMENT));
         info->fs.depth_replacing = true;
         break;
      case SpvExecutionModeStencilRefReplacingEXT:
         require_mode_stage(b, em, ST(FRAGMENT));
         info->fs.stencil_ref_replacing = true;
         break;
      case SpvExecutionModeDepthGreater:
         info->fs.depth_layout = NIR_DEPTH_LAYOUT_GREATER;
         break;
      case SpvExecutionModeDepthLess:
         info->fs.depth_layout = NIR_DEPTH_LAYOUT_LESS;
         break;
      case SpvExecutionModeDepthUnchanged:
         info->fs.depth_layout = NIR_DEPTH_LAYOUT_UNCHANGED;
         break;
      case SpvExecutionModeXfb:
         info->xfb.enabled = true;
         break;
      case SpvExecutionModeDerivativeGroupQuadsNV:
      case SpvExecutionModeDerivativeGroupLinearNV:
         require_mode_stage(b, em, ST(COMPUTE));
         info->cs.derivative_group = em->mode == SpvExecutionModeDerivativeGroupQuadsNV
                                        ? NIR_DERIVATIVE_GROUP_QUADS
                                        : NIR_DERIVATIVE_GROUP_LINEAR;
         break;
      case SpvExecutionModeLocalSize:
      case SpvExecutionModeLocalSizeHint:
      case SpvExecutionModeLocalSizeId:
      case SpvExecutionModeLocalSizeHintId: {
         require_mode_stage(b, em, ST(COMPUTE));
         const bool hint = em->mode == SpvExecutionModeLocalSizeHint ||
                           em->mode == SpvExecutionModeLocalSizeHintId;
         for (unsigned d = 0; d < 3; d++) {
            uint32_t v;
            int32_t spec = -1;
            if (em->operands_are_ids) {
               const uint32_t id = mode_literal(b, em, d);
               struct stn_constant *c = stn_get_constant(b, id);
               v = (uint32_t)stn_constant_int(b, id);
               if (c->has_spec_id)
                  spec = (int32_t)c->spec_id;
            } else {
               v = mode_literal(b, em, d);
            }
            if (v < 1 || v > 65535)
               stn_fail(b, "workgroup size %u (1 to 65535 are)", v);
            if (hint) {
               info->cs.workgroup_size_hint[d] = (uint16_t)v;
            } else {
               info->cs.workgroup_size[d] = (uint16_t)v;
               info->cs.workgroup_size_spec_id[d] = spec;
            }
         }
         break;
      }
      case SpvExecutionModeInputPoints:
      case SpvExecutionModeInputLines:
      case SpvExecutionModeInputLinesAdjacency:
      case SpvExecutionModeInputTrianglesAdjacency:
      case SpvExecutionModeTriangles:
      case SpvExecutionModeQuads:
      case SpvExecutionModeIsolines: {
         static const struct {
            SpvExecutionMode mode;
            enum nir_prim prim;
            uint8_t vertices;
         } prims[] = {
            {SpvExecutionModeInputPoints, NIR_PRIM_POINTS, 1},
            {SpvExecutionModeInputLines, NIR_PRIM_LINES, 2},
            {SpvExecutionModeInputLinesAdjacency, NIR_PRIM_LINES_ADJACENCY, 4},
            {SpvExecutionModeInputTrianglesAdjacency, NIR_PRIM_TRIANGLES_ADJACENCY, 6},
            {SpvExecutionModeTriangles, NIR_PRIM_TRIANGLES, 3},
            {SpvExecutionModeQuads, NIR_PRIM_QUADS, 4},
            {SpvExecutionModeIsolines, NIR_PRIM_ISOLINES, 2},
         };
         for (unsigned k = 0; k < ARRAY_SIZE(prims); k++) {
            if (prims[k].mode != em->mode)
               continue;
            if (stage == NIR_STAGE_GEOMETRY) {
               if (em->mode == SpvExecutionModeQuads || em->mode == SpvExecutionModeIsolines)
                  stn_fail(b, "%s is not a geometry input",
                           spirv_enum_name(SPIRV_OPERAND_EXECUTION_MODE, em->mode));
               info->gs.input_primitive = prims[k].prim;
               info->gs.vertices_in = prims[k].vertices;
            } else if (stage == NIR_STAGE_TESS_CTRL || stage == NIR_STAGE_TESS_EVAL) {
               if (em->mode != SpvExecutionModeTriangles && em->mode != SpvExecutionModeQuads &&
                   em->mode != SpvExecutionModeIsolines)
                  stn_fail(b, "%s is not a tessellation mode",
                           spirv_enum_name(SPIRV_OPERAND_EXECUTION_MODE, em->mode));
               info->tess.primitive_mode = prims[k].prim;
            } else {
               stn_fail(b, "primitive execution modes are for geometry and tessellation");
            }
         }
         break;
      }
      case SpvExecutionModeOutputVertices: {
         const uint32_t n = mode_literal(b, em, 0);
         if (stage == NIR_STAGE_GEOMETRY) {
            if (n > 1024)
               stn_fail(b, "OutputVertices %u is too many", n);
            info->gs.vertices_out = (uint16_t)n;
         } else if (stage == NIR_STAGE_TESS_CTRL || stage == NIR_STAGE_TESS_EVAL) {
            if (n < 1 || n > 32)
               stn_fail(b, "OutputVertices %u (1 to 32 are)", n);
            info->tess.tcs_vertices_out = (uint8_t)n;
         } else {
            stn_fail(b, "OutputVertices is for geometry and tessellation");
         }
         break;
      }
      case SpvExecutionModeOutputPoints:
         require_mode_stage(b, em, ST(GEOMETRY));
         info->gs.output_primitive = NIR_PRIM_POINTS;
         break;
      case SpvExecutionModeOutputLineStrip:
         require_mode_stage(b, em, ST(GEOMETRY));
         info->gs.output_primitive = NIR_PRIM_LINE_STRIP;
         break;
      case SpvExecutionModeOutputTriangleStrip:
         require_mode_stage(b, em, ST(GEOMETRY));
         info->gs.output_primitive = NIR_PRIM_TRIANGLE_STRIP;
         break;
      case SpvExecutionModeDenormPreserve:
         info->float_controls |= float_control_bits(b, em,
                                                    NIR_FLOAT_CONTROLS_DENORM_PRESERVE_FP16,
                                                    NIR_FLOAT_CONTROLS_DENORM_PRESERVE_FP32,
                                                    NIR_FLOAT_CONTROLS_DENORM_PRESERVE_FP64);
         break;
      case SpvExecutionModeDenormFlushToZero:
         info->float_controls |= float_control_bits(b, em, NIR_FLOAT_CONTROLS_DENORM_FLUSH_FP16,
                                                    NIR_FLOAT_CONTROLS_DENORM_FLUSH_FP32,
                                                    NIR_FLOAT_CONTROLS_DENORM_FLUSH_FP64);
         break;
      case SpvExecutionModeSignedZeroInfNanPreserve:
         info->float_controls |=
            float_control_bits(b, em, NIR_FLOAT_CONTROLS_SIGNED_ZERO_INF_NAN_PRESERVE_FP16,
                               NIR_FLOAT_CONTROLS_SIGNED_ZERO_INF_NAN_PRESERVE_FP32,
                               NIR_FLOAT_CONTROLS_SIGNED_ZERO_INF_NAN_PRESERVE_FP64);
         break;
      case SpvExecutionModeRoundingModeRTE:
         info->float_controls |= float_control_bits(b, em, NIR_FLOAT_CONTROLS_ROUNDING_RTE_FP16,
                                                    NIR_FLOAT_CONTROLS_ROUNDING_RTE_FP32,
                                                    NIR_FLOAT_CONTROLS_ROUNDING_RTE_FP64);
         break;
      case SpvExecutionModeRoundingModeRTZ:
         info->float_controls |= float_control_bits(b, em, NIR_FLOAT_CONTROLS_ROUNDING_RTZ_FP16,
                                                    NIR_FLOAT_CONTROLS_ROUNDING_RTZ_FP32,
                                                    NIR_FLOAT_CONTROLS_ROUNDING_RTZ_FP64);
         break;
      case SpvExecutionModeSubgroupUniformControlFlowKHR:
         break;
      default:
         stn_fail(b, "execution mode %s is not supported",
                  spirv_enum_name(SPIRV_OPERAND_EXECUTION_MODE, em->mode));
      }
   }

   /* Per-stage requirements of the Vulkan environment (and of the IR). */
   b->cur_offset_w = b->entry_point->offset_w;
   b->cur_opcode = SpvOpEntryPoint;
   switch (stage) {
   case NIR_STAGE_COMPUTE:
      if (!info->cs.workgroup_size[0])
         stn_fail(b, "a compute shader needs LocalSize or LocalSizeId");
      break;
   case NIR_STAGE_GEOMETRY:
      if (!info->gs.input_primitive || !info->gs.output_primitive || !info->gs.invocations)
         info->gs.invocations = info->gs.invocations ? info->gs.invocations : 1;
      if (!info->gs.input_primitive || !info->gs.output_primitive)
         stn_fail(b, "a geometry shader needs input and output primitive modes");
      break;
   case NIR_STAGE_TESS_CTRL:
      if (!info->tess.tcs_vertices_out)
         stn_fail(b, "a tessellation control shader needs OutputVertices");
      break;
   case NIR_STAGE_FRAGMENT:
      if (b->env == SPIRV_ENV_VULKAN && !info->fs.origin_upper_left)
         stn_fail(b, "a Vulkan fragment shader needs OriginUpperLeft");
      break;
   default:
      break;
   }
}
