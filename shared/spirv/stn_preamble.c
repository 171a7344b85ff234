/* SPDX-License-Identifier: MIT */
/*
 * The module preamble: capabilities, extensions, extended instruction set
 * imports, the memory model, entry points and execution modes.
 */
#include "stn_private.h"

#include <string.h>

/* Capabilities the translation implements. A module declaring anything else
 * is refused up front rather than failing on the first instruction that
 * needs it. The base set comes first; the opt-in ones after it are accepted
 * only when the caller lists them (spirv_to_nir_options.capabilities). */
static const uint32_t supported_capabilities[] = {
   SpvCapabilityMatrix,
   SpvCapabilityShader,
   SpvCapabilityGeometry,
   SpvCapabilityTessellation,
   SpvCapabilityFloat16,
   SpvCapabilityFloat64,
   SpvCapabilityInt64,
   SpvCapabilityInt64Atomics,
   SpvCapabilityInt16,
   SpvCapabilityInt8,
   SpvCapabilityAtomicStorage,
   SpvCapabilityTessellationPointSize,
   SpvCapabilityGeometryPointSize,
   SpvCapabilityImageGatherExtended,
   SpvCapabilityStorageImageMultisample,
   SpvCapabilityUniformBufferArrayDynamicIndexing,
   SpvCapabilitySampledImageArrayDynamicIndexing,
   SpvCapabilityStorageBufferArrayDynamicIndexing,
   SpvCapabilityStorageImageArrayDynamicIndexing,
   SpvCapabilityClipDistance,
   SpvCapabilityCullDistance,
   SpvCapabilityImageCubeArray,
   SpvCapabilitySampleRateShading,
   SpvCapabilityImageRect,
   SpvCapabilitySampledRect,
   SpvCapabilityInputAttachment,
   SpvCapabilityMinLod,
   SpvCapabilitySampled1D,
   SpvCapabilityImage1D,
   SpvCapabilitySampledCubeArray,
   SpvCapabilitySampledBuffer,
   SpvCapabilityImageBuffer,
   SpvCapabilityImageMSArray,
   SpvCapabilityStorageImageExtendedFormats,
   SpvCapabilityImageQuery,
   SpvCapabilityDerivativeControl,
   SpvCapabilityInterpolationFunction,
   SpvCapabilityTransformFeedback,
   SpvCapabilityGeometryStreams,
   SpvCapabilityStorageImageReadWithoutFormat,
   SpvCapabilityStorageImageWriteWithoutFormat,
   SpvCapabilityMultiViewport,
   SpvCapabilityGroupNonUniform,
   SpvCapabilityGroupNonUniformVote,
   SpvCapabilityGroupNonUniformArithmetic,
   SpvCapabilityGroupNonUniformBallot,
   SpvCapabilityGroupNonUniformShuffle,
   SpvCapabilityGroupNonUniformShuffleRelative,
   SpvCapabilityGroupNonUniformClustered,
   SpvCapabilityGroupNonUniformQuad,
   SpvCapabilityDrawParameters,
   SpvCapabilityStorageBuffer16BitAccess,
   SpvCapabilityUniformAndStorageBuffer16BitAccess,
   SpvCapabilityStoragePushConstant16,
   SpvCapabilityStorageInputOutput16,
   SpvCapabilityStorageBuffer8BitAccess,
   SpvCapabilityUniformAndStorageBuffer8BitAccess,
   SpvCapabilityStoragePushConstant8,
   SpvCapabilityShaderViewportIndexLayerEXT,
   SpvCapabilityShaderViewportIndex,
   SpvCapabilityShaderLayer,
   SpvCapabilityDemoteToHelperInvocation,
   SpvCapabilityDenormPreserve,
   SpvCapabilityDenormFlushToZero,
   SpvCapabilitySignedZeroInfNanPreserve,
   SpvCapabilityRoundingModeRTE,
   SpvCapabilityRoundingModeRTZ,
   SpvCapabilityShaderNonUniform,
   SpvCapabilityRuntimeDescriptorArray,
   SpvCapabilityInputAttachmentArrayDynamicIndexing,
   SpvCapabilityUniformTexelBufferArrayDynamicIndexing,
   SpvCapabilityStorageTexelBufferArrayDynamicIndexing,
   SpvCapabilityUniformBufferArrayNonUniformIndexing,
   SpvCapabilitySampledImageArrayNonUniformIndexing,
   SpvCapabilityStorageBufferArrayNonUniformIndexing,
   SpvCapabilityStorageImageArrayNonUniformIndexing,
   SpvCapabilityInputAttachmentArrayNonUniformIndexing,
   SpvCapabilityUniformTexelBufferArrayNonUniformIndexing,
   SpvCapabilityStorageTexelBufferArrayNonUniformIndexing,
   SpvCapabilityAtomicFloat32AddEXT,
   SpvCapabilityAtomicFloat64AddEXT,
   SpvCapabilityAtomicFloat32MinMaxEXT,
   SpvCapabilityAtomicFloat64MinMaxEXT,
   SpvCapabilitySubgroupBallotKHR,
   SpvCapabilitySubgroupVoteKHR,
   SpvCapabilityMultiView,
   SpvCapabilitySampleMaskPostDepthCoverage,
   SpvCapabilityStencilExportEXT,
   SpvCapabilityAtomicStorageOps,
   /* The Vulkan memory model: availability, visibility and scopes are
    * carried into the IR's barrier semantics (stn_memory.c); the memory
    * operands that only make pointers or texels available/visible, and
    * NonPrivate, need nothing more from a consumer that orders every access
    * (kx: sequentially consistent atomics and fences). */
   SpvCapabilityVulkanMemoryModel,
   SpvCapabilityVulkanMemoryModelDeviceScope,
   /* PhysicalStorageBuffer pointers: 64-bit addresses, loads, stores and
    * atomics through deref casts (stn_memory.c, stn_pointer_ops.c). */
   SpvCapabilityPhysicalStorageBufferAddresses,
   /* Integer dot products (stn_dot.c). */
   SpvCapabilityDotProductInputAll,
   SpvCapabilityDotProductInput4x8Bit,
   SpvCapabilityDotProductInput4x8BitPacked,
   SpvCapabilityDotProduct,
   /* Opt-in: operations that not every consumer of the IR implements (nvk
    * does not advertise the Vulkan extensions that expose them). */
   SpvCapabilityIntegerFunctions2INTEL,
   SpvCapabilityFragmentShaderPixelInterlockEXT,
   SpvCapabilityFragmentShaderSampleInterlockEXT,
   SpvCapabilityFragmentShaderShadingRateInterlockEXT,
   SpvCapabilityComputeDerivativeGroupQuadsNV,
   SpvCapabilityComputeDerivativeGroupLinearNV,
};

/* The opt-in tail of supported_capabilities. */
static const SpvCapability opt_in_capabilities[] = {
   SpvCapabilityIntegerFunctions2INTEL,
   SpvCapabilityFragmentShaderPixelInterlockEXT,
   SpvCapabilityFragmentShaderSampleInterlockEXT,
   SpvCapabilityFragmentShaderShadingRateInterlockEXT,
   SpvCapabilityComputeDerivativeGroupQuadsNV,
   SpvCapabilityComputeDerivativeGroupLinearNV,
};

static bool
capability_is_opt_in(SpvCapability cap)
{
   for (unsigned i = 0; i < ARRAY_SIZE(opt_in_capabilities); i++) {
      if (opt_in_capabilities[i] == cap)
         return true;
   }
   return false;
}

const uint32_t *
spirv_to_nir_implemented_capabilities(uint32_t *count)
{
   *count = ARRAY_SIZE(supported_capabilities);
   return supported_capabilities;
}

/* Extensions whose SPIR-V additions the translation understands (or that
 * add nothing it must act on). */
static const char *const supported_extensions[] = {
   "SPV_KHR_storage_buffer_storage_class",
   "SPV_KHR_shader_draw_parameters",
   "SPV_KHR_16bit_storage",
   "SPV_KHR_8bit_storage",
   "SPV_KHR_shader_ballot",
   "SPV_KHR_subgroup_vote",
   "SPV_KHR_float_controls",
   "SPV_KHR_no_integer_wrap_decoration",
   "SPV_KHR_terminate_invocation",
   "SPV_KHR_non_semantic_info",
   "SPV_EXT_demote_to_helper_invocation",
   "SPV_EXT_descriptor_indexing",
   "SPV_EXT_shader_viewport_index_layer",
   "SPV_EXT_shader_atomic_float_add",
   "SPV_EXT_shader_atomic_float_min_max",
   "SPV_GOOGLE_decorate_string",
   "SPV_GOOGLE_hlsl_functionality1",
   "SPV_GOOGLE_user_type",
   "SPV_AMD_gpu_shader_half_float",
   "SPV_KHR_multiview",
   "SPV_KHR_post_depth_coverage",
   "SPV_KHR_shader_atomic_counter_ops",
   "SPV_EXT_shader_stencil_export",
   "SPV_AMD_shader_trinary_minmax",
   "SPV_KHR_vulkan_memory_model",
   "SPV_KHR_integer_dot_product",
   "SPV_KHR_physical_storage_buffer",
   "SPV_EXT_physical_storage_buffer",
};

/* Extensions that exist for one opt-in capability: accepted with it. */
static const struct {
   const char *name;
   SpvCapability cap;
} opt_in_extensions[] = {
   {"SPV_INTEL_shader_integer_functions2", SpvCapabilityIntegerFunctions2INTEL},
   {"SPV_EXT_fragment_shader_interlock", SpvCapabilityFragmentShaderPixelInterlockEXT},
   {"SPV_EXT_fragment_shader_interlock", SpvCapabilityFragmentShaderSampleInterlockEXT},
   {"SPV_EXT_fragment_shader_interlock", SpvCapabilityFragmentShaderShadingRateInterlockEXT},
   {"SPV_NV_compute_shader_derivatives", SpvCapabilityComputeDerivativeGroupQuadsNV},
   {"SPV_NV_compute_shader_derivatives", SpvCapabilityComputeDerivativeGroupLinearNV},
};

static bool
capability_is_supported(const struct stn_builder *b, SpvCapability cap)
{
   bool known = false;
   for (unsigned i = 0; i < ARRAY_SIZE(supported_capabilities); i++) {
      if (supported_capabilities[i] == (uint32_t)cap) {
         known = true;
         break;
      }
   }
   if (!known)
      return false;
   if (!b->opts->capabilities)
      return !capability_is_opt_in(cap);
   for (uint32_t i = 0; i < b->opts->num_capabilities; i++) {
      if (b->opts->capabilities[i] == (uint32_t)cap)
         return true;
   }
   return false;
}

/* Records cap and, as SPIR-V 1.6 (3.31 Capability) says, every capability
 * it implicitly declares (the grammar lists them; Geometry -> Shader ->
 * Matrix). */
static void
declare_capability(struct stn_builder *b, SpvCapability cap, unsigned depth)
{
   if ((unsigned)cap >= STN_MAX_CAPABILITY || depth > 16 ||
       BITSET_TEST(b->capabilities, (unsigned)cap))
      return;
   BITSET_SET(b->capabilities, (unsigned)cap);
   const struct spirv_enumerant_info *e = spirv_enumerant_info(SPIRV_OPERAND_CAPABILITY, cap);
   for (unsigned i = 0; e && i < e->num_capabilities; i++)
      declare_capability(b, (SpvCapability)e->capabilities[i], depth + 1);
}

bool
stn_has_capability(const struct stn_builder *b, SpvCapability cap)
{
   return (unsigned)cap < STN_MAX_CAPABILITY && BITSET_TEST(b->capabilities, (unsigned)cap);
}

void
stn_handle_preamble(struct stn_builder *b, const struct stn_inst *inst)
{
   switch (inst->opcode) {
   case SpvOpCapability: {
      const SpvCapability cap = (SpvCapability)inst->w[1];
      if (!capability_is_supported(b, cap)) {
         const char *name = spirv_enum_name(SPIRV_OPERAND_CAPABILITY, cap);
         stn_fail(b, "capability %s (%u) is not supported", name ? name : "?", cap);
      }
      declare_capability(b, cap, 0);
      break;
   }

   case SpvOpExtension: {
      const char *ext = stn_inst_string(b, inst, 1, NULL);
      bool ok = false;
      for (unsigned i = 0; i < ARRAY_SIZE(supported_extensions); i++)
         ok |= strcmp(ext, supported_extensions[i]) == 0;
      for (unsigned i = 0; i < ARRAY_SIZE(opt_in_extensions); i++) {
         ok |= strcmp(ext, opt_in_extensions[i].name) == 0 &&
               capability_is_supported(b, opt_in_extensions[i].cap);
      }
      if (!ok)
         stn_fail(b, "extension %s is not supported", ext);
      break;
   }

   case SpvOpExtInstImport: {
      const char *name = stn_inst_string(b, inst, 2, NULL);
      enum stn_ext_set set;
      if (strcmp(name, "GLSL.std.450") == 0)
         set = STN_EXT_SET_GLSL450;
      else if (strcmp(name, "SPV_AMD_shader_trinary_minmax") == 0)
         set = STN_EXT_SET_AMD_TRINARY_MINMAX;
      else if (strncmp(name, "NonSemantic.", 12) == 0)
         set = STN_EXT_SET_NON_SEMANTIC;
      else
         stn_fail(b, "extended instruction set \"%s\" is not supported", name);
      stn_push_value(b, inst->w[1], STN_VALUE_EXT_INST_SET)->ext_set = set;
      break;
   }

   case SpvOpMemoryModel:
      b->addressing_model = (SpvAddressingModel)inst->w[1];
      b->memory_model = (SpvMemoryModel)inst->w[2];
      b->has_memory_model = true;
      if (b->addressing_model != SpvAddressingModelLogical &&
          b->addressing_model != SpvAddressingModelPhysicalStorageBuffer64)
         stn_fail(b, "addressing model %s is not supported",
                  spirv_enum_name(SPIRV_OPERAND_ADDRESSING_MODEL, b->addressing_model));
      if (b->memory_model != SpvMemoryModelGLSL450 && b->memory_model != SpvMemoryModelVulkan)
         stn_fail(b, "memory model %s is not supported",
                  spirv_enum_name(SPIRV_OPERAND_MEMORY_MODEL, b->memory_model));
      break;

   case SpvOpEntryPoint: {
      if (b->num_entry_points == 0)
         b->entry_points = stn_new_array(b, struct stn_entry_point, b->word_count / 4 + 1);
      struct stn_entry_point *ep = &b->entry_points[b->num_entry_points++];
      unsigned next;
      ep->model = (SpvExecutionModel)inst->w[1];
      ep->func_id = inst->w[2];
      ep->name = stn_inst_string(b, inst, 3, &next);
      ep->num_interface = inst->count - next;
      ep->interface = &inst->w[next];
      ep->offset_w = inst->offset_w;
      (void)stn_untyped_value(b, ep->func_id);
      break;
   }

   case SpvOpExecutionMode:
   case SpvOpExecutionModeId:
      /* Collected for the chosen entry point by stn_select_entry_point(). */
      (void)stn_untyped_value(b, inst->w[1]);
      break;

   default:
      stn_fail(b, "%s is not a preamble instruction", spirv_op_name(inst->opcode));
   }
}

void
stn_select_entry_point(struct stn_builder *b, SpvExecutionModel model, const char *name)
{
   b->cur_offset_w = SPIRV_HEADER_WORDS;
   b->cur_opcode = SpvOpNop;
   struct stn_entry_point *found = NULL;
   for (uint32_t i = 0; i < b->num_entry_points; i++) {
      struct stn_entry_point *ep = &b->entry_points[i];
      if (ep->model != model || (name && strcmp(ep->name, name) != 0))
         continue;
      if (found)
         stn_fail_at(b, ep->offset_w, "two %s entry points named \"%s\"",
                     spirv_enum_name(SPIRV_OPERAND_EXECUTION_MODEL, model), ep->name);
      found = ep;
   }
   if (!found)
      stn_fail(b, "no %s entry point named \"%s\"",
               spirv_enum_name(SPIRV_OPERAND_EXECUTION_MODEL, model), name ? name : "(any)");
   b->entry_point = found;

   /* Execution modes of this entry point, in module order. */
   struct stn_exec_mode **tail = &b->exec_modes;
   for (size_t pos = SPIRV_HEADER_WORDS; pos < b->globals_start_w;) {
      const struct stn_inst inst = stn_inst_at(b, pos);
      pos += inst.count;
      if (inst.opcode != SpvOpExecutionMode && inst.opcode != SpvOpExecutionModeId)
         continue;
      if (inst.w[1] != found->func_id)
         continue;
      struct stn_exec_mode *em = stn_new(b, struct stn_exec_mode);
      em->mode = (SpvExecutionMode)inst.w[2];
      em->operands = &inst.w[3];
      em->num_operands = inst.count - 3;
      em->operands_are_ids = inst.opcode == SpvOpExecutionModeId;
      em->offset_w = inst.offset_w;
      *tail = em;
      tail = &em->next;
   }
}
