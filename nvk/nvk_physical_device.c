/* SPDX-License-Identifier: MIT */
#include "nvk_physical_device.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "nvk_external_memory.h"
#include "kx.h"
#include "kx_desc.h"
#include "nvk_draw.h"
#include "nvk_format.h"
#include "nvk_image_drm.h"
#include "nvk_instance.h"
#include "nvk_private.h"
#include "nvk_tess.h"
#include "vk_alloc.h"
#include "vk_log.h"
#include "vk_util.h"

/* Only what is implemented and tested (conformance/vulkan). Extensions that
 * need shaders or graphics come with them. */
const struct vk_device_extension_table nvk_device_extensions = {
   /* External memory and sync (nvk_external_memory.c, runtime/vk_sync_fd.c;
    * docs/external-memory.md). */
   .KHR_external_fence = true,
   .KHR_external_fence_fd = true,
   .KHR_external_memory = true,
   .KHR_external_memory_fd = true,
   .KHR_external_semaphore = true,
   .KHR_external_semaphore_fd = true,
   .EXT_external_memory_dma_buf = true,
   .EXT_external_memory_host = true,
   .EXT_queue_family_foreign = true,
   .KHR_bind_memory2 = true,
   .KHR_copy_commands2 = true,
   .KHR_dedicated_allocation = true,
   .KHR_device_group = true, /* one-device groups: vkCmdDispatchBase on 1.0 */
   .KHR_descriptor_update_template = true,
   .KHR_get_memory_requirements2 = true,
   /* Accepted and used for nothing: views of other formats never change
    * our layouts. */
   .KHR_image_format_list = true,
   /* vkTrimCommandPool, 2D_ARRAY_COMPATIBLE 3D images, 3D <-> 2D array
    * copies, VK_ERROR_OUT_OF_POOL_MEMORY (negative viewports: no graphics
    * yet). VK_KHR_sampler_ycbcr_conversion needs it. */
   .KHR_maintenance1 = true,
   .KHR_maintenance3 = true,
   /* Subgroups are strips of KX_W lanes, nothing else: one size to require,
    * and workgroups of whole strips are full subgroups (vk_version_test
    * subgroup_size_control). */
   .EXT_subgroup_size_control = true,
   /* Demoted and terminated lanes are kx's kill mask (helpers keep running
    * for derivatives, store nothing); vk_version_test
    * demote_to_helper_invocation, terminate_invocation. */
   .EXT_shader_demote_to_helper_invocation = true,
   .KHR_shader_terminate_invocation = true,
   /* Workgroup variables with a null initializer are zeroed when each
    * workgroup starts (kx_dispatch.c kx_zero_shared; vk_version_test
    * zero_initialized_workgroup_memory). */
   .KHR_zero_initialize_workgroup_memory = true,
   .EXT_pipeline_creation_cache_control = true,
   .KHR_maintenance4 = true,
   .EXT_inline_uniform_block = true,
   .EXT_image_robustness = true,
   .KHR_vulkan_memory_model = true,
   .KHR_shader_integer_dot_product = true,
   /* Every buffer has a device address already (nvk_buffer_address);
    * shaders reach it through PhysicalStorageBuffer pointers (shared/spirv
    * -> deref casts -> global accesses in kx; vk_bda_test). */
   .KHR_buffer_device_address = true,
   /* Offsets and strides are read as the module gives them and kx
    * accesses any byte address (vk_scalar_layout_test). */
   .EXT_scalar_block_layout = true,
   /* FragStencilRefEXT reaches rast's stencil test per lane (kx
    * stencil_ref_out; vk_draw_test shader_stencil_export). */
   .EXT_shader_stencil_export = true,
   .KHR_push_descriptor = true,
   /* Multi-planar formats and Y'CbCr sampling (nvk_sampler_ycbcr_conversion.c,
    * nvk/exec/kx_ycbcr.c; vk_ycbcr_test). */
   .KHR_sampler_ycbcr_conversion = true,
   /* Images named by DRM format modifiers (nvk_image_drm.c; conformance/interop). */
   .EXT_image_drm_format_modifier = true,
   .KHR_synchronization2 = true,
   .KHR_timeline_semaphore = true,
   .EXT_host_query_reset = true,
   .EXT_memory_budget = true,
   .EXT_pipeline_creation_feedback = true,
   .EXT_shader_subgroup_ballot = true,
   .EXT_shader_subgroup_vote = true,
   .EXT_private_data = true,
   /* Draws (nvk_cmd_draw.c, nvk_draw.c; vk_draw_test). */
   .KHR_draw_indirect_count = true,
   .EXT_index_type_uint8 = true,
   .EXT_primitive_topology_list_restart = true,
   /* Render passes with view masks: a draw per view into the view's
    * layer, ViewIndex in the shaders (nvk_draw.c, kx). */
   .KHR_multiview = true,
   /* Points outside the view volume are discarded (rast), the new
    * structures are accepted (views' usage and input-attachment aspects
    * change nothing here), layouts are all one; EXTENDED_USAGE images
    * (nvk_image.c). vk_version_test maintenance2_*. */
   .KHR_maintenance2 = true,
   /* vkCreateRenderPass2 is the native form (nvk_render_pass.c). */
   .KHR_create_renderpass2 = true,
   /* Depth/stencil resolve attachments and modes (nvk_cmd_resolve.c). */
   .KHR_depth_stencil_resolve = true,
   /* vkCmdBeginRendering: the same renderings as render passes
    * (nvk_cmd_rendering.c). */
   .KHR_dynamic_rendering = true,
   /* Framebuffers without views: the views come at begin (nvk_framebuffer.c). */
   .KHR_imageless_framebuffer = true,
   /* Instance-rate divisors, zero included (nvk_draw_vertex.c). */
   .EXT_vertex_attribute_divisor = true,
   /* Its states are recorded by nvk_cmd_set_dynamic.c and merged at each
    * draw (vk_graphics_state.h); vkCmdBindVertexBuffers2's strides count
    * where the pipeline leaves them dynamic (nvk_draw_vertex.c). */
   .EXT_extended_dynamic_state = true,
   /* Border colours are part of the sampler header and replace texels
    * before the view's swizzle (kx_desc.c, kx_image.c; vk_sampler_test). */
   .EXT_custom_border_color = true,
   .EXT_border_color_swizzle = true,
   /* kx_image.c's wrap() has the mode (vk_sampler_test). */
   .KHR_sampler_mirror_clamp_to_edge = true,
   /* Cube faces filter alone with the address modes (kx_image.c). */
   .EXT_non_seamless_cube_map = true,
   /* A 2D view of a 3D slice is a one-layer view of the level seen as a
    * 2D array (kx_desc.c, kil_image_3d_level_as_2d_array). */
   .EXT_image_2d_view_of_3d = true,
   /* Buffer accesses are checked against the descriptor's exact range
    * (nvk_nir_lower_explicit_io.c), image reads out of bounds give a zero
    * texel converted (kx_image.c), null descriptors read zero
    * (vk_robustness2_test). */
   .EXT_robustness2 = true,
   /* Rasterizer discard, depth bias enable and primitive restart enable
    * (not the logic op or patch control points). */
   .EXT_extended_dynamic_state2 = true,
   /* Layer and ViewportIndex written by the vertex shader (kx slots, rast
    * picks the layer and viewport from the provoking vertex). */
   .EXT_shader_viewport_index_layer = true,
   /* State rast takes as is (vk_graphics_state.h parses the structs). */
   .EXT_provoking_vertex = true,
   .EXT_depth_clip_enable = true,
   .EXT_depth_clip_control = true,
   .EXT_color_write_enable = true,
   /* vkCmdDrawMulti*EXT (nvk_cmd_draw.c); DrawIndex, BaseVertex and
    * BaseInstance reach the vertex shader (kx strips). */
   .EXT_multi_draw = true,
   .KHR_shader_draw_parameters = true,
   /* Rectangular and Bresenham lines, stippled too (rast); not smooth. */
   .EXT_line_rasterization = true,
   /* vkCmdSetVertexInputEXT: the whole vertex input layout is merged
    * state (vk_graphics_state.h) that vertex fetch reads. */
   .EXT_vertex_input_dynamic_state = true,
   /* The states below (features), merged at each draw like the rest. */
   .EXT_extended_dynamic_state3 = true,
   /* Capture from the last pre-rasterization stage, 4 buffers, 4 streams,
    * counter buffers, byte-count draws, stream queries (nvk_draw_xfb.c,
    * nvk_cmd_xfb.c; vk_xfb_test). */
   .EXT_transform_feedback = true,
   /* Every primitive the last stage emits, per stream, discard or not. */
   .EXT_primitives_generated_query = true,
   /* Draws, dispatches and clears of attachments skipped on a predicate
    * (nvk_cmd_conditional.c); not inherited by secondaries. */
   .EXT_conditional_rendering = true,
   /* Swapchains on every surface nvk/wsi knows (docs/wsi.md; vk_wsi_test). */
   .KHR_swapchain = true,
   /* The regions are a hint; the whole image is copied. */
   .KHR_incremental_present = true,
   /* Present fences, per-present modes, released images (nvk/wsi). */
   .EXT_swapchain_maintenance1 = true,
   /* Swapchain images are MUTABLE_FORMAT | EXTENDED_USAGE with the
    * swapchain's format list (nvk_image.c checks usage per view format). */
   .KHR_swapchain_mutable_format = true,
};

static void
nvk_get_features(struct vk_features *f)
{
   /* Only what is implemented and tested; graphics, sampling and sparse
    * features come with their parts. */
   /* Shaders (compute; nvk/compiler, nvk/exec): out-of-bounds buffer
    * accesses are lowered to the null page; 64-bit and 16-bit integer and
    * 64-bit float arithmetic run natively in the interpreter. */
   f->robustBufferAccess = true;
   f->shaderInt64 = true;
   f->shaderFloat64 = true;
   f->shaderInt16 = true;
   /* Storage images take any view format (nvk_format_shader.c). */
   f->shaderStorageImageExtendedFormats = true;
   f->shaderStorageImageReadWithoutFormat = true;
   f->shaderStorageImageWriteWithoutFormat = true;
   /* Descriptors are indexed by address arithmetic (nvk_nir_lower_descriptors). */
   f->shaderUniformBufferArrayDynamicIndexing = true;
   f->shaderSampledImageArrayDynamicIndexing = true;
   f->shaderStorageBufferArrayDynamicIndexing = true;
   f->shaderStorageImageArrayDynamicIndexing = true;
   /* Every statistic is counted (dispatches and draws bump the executor's
    * counters); occlusion queries count samples exactly (nvk/rast). */
   f->pipelineStatisticsQuery = true;
   f->occlusionQueryPrecise = true;
   /* Logic ops on integer and normalized colour attachments (nvk/rast). */
   f->logicOp = true;
   /* rast: per-attachment blending, depth clamp, bias clamp, bounds,
    * polygon modes (vk_draw_test). */
   f->independentBlend = true;
   f->depthClamp = true;
   f->depthBiasClamp = true;
   f->depthBounds = true;
   f->fillModeNonSolid = true;
   /* Indirect draws loop over their commands (nvk_cmd_draw.c). */
   f->multiDrawIndirect = true;
   f->drawIndirectFirstInstance = true;
   /* rast: the second source (kx output slot 8), alpha to one, shading
    * per sample when the shader reads SampleId/SamplePosition. */
   f->dualSrcBlend = true;
   f->alphaToOne = true;
   f->sampleRateShading = true;
   /* ClipDistance/CullDistance: kx slots, rast clips and culls (8 each,
    * 8 together). */
   f->shaderClipDistance = true;
   f->shaderCullDistance = true;
   /* 16 viewports, picked by ViewportIndex (rast). */
   f->multiViewport = true;
   /* rast draws points of any size from PointSize and lines of any
    * width (rectangles), clamped to the ranges (nvk_private.h). */
   f->largePoints = true;
   f->wideLines = true;
   f->provokingVertexLast = true;
   /* In last-vertex mode capture writes the provoking vertex last, fans
    * included (nvk_draw_xfb.c; vk_xfb_test xfb_output_layouts_...). */
   f->transformFeedbackPreservesProvokingVertex = true;
   f->depthClipEnable = true;
   f->depthClipControl = true;
   f->colorWriteEnable = true;
   f->multiDraw = true;
   f->shaderDrawParameters = true;
   f->rectangularLines = true;
   f->bresenhamLines = true;
   f->stippledRectangularLines = true;
   f->stippledBresenhamLines = true;
   f->vertexInputDynamicState = true;
   f->extendedDynamicState3DepthClampEnable = true;
   f->extendedDynamicState3PolygonMode = true;
   f->extendedDynamicState3SampleMask = true;
   f->extendedDynamicState3AlphaToOneEnable = true;
   f->extendedDynamicState3LogicOpEnable = true;
   f->extendedDynamicState3ColorBlendEnable = true;
   f->extendedDynamicState3ColorBlendEquation = true;
   f->extendedDynamicState3ColorWriteMask = true;
   f->extendedDynamicState3ProvokingVertexMode = true;
   /* The draw reads the merged domain origin (nvk_draw_tess.c; vk_tess_test
    * tess_winding_and_domain_origin, set dynamically too). */
   f->extendedDynamicState3TessellationDomainOrigin = true;
   /* The rasterization stream is merged state (nvk_draw_chain.c). */
   f->extendedDynamicState3RasterizationStream = true;
   /* Geometry shaders on kx, one lane per primitive and invocation,
    * 4 streams (nvk_nir_lower_gs.c, nvk_draw_gs.c; vk_xfb_test). */
   f->geometryShader = true;
   f->geometryStreams = true;
   f->transformFeedback = true;
   f->primitivesGeneratedQuery = true;
   f->primitivesGeneratedQueryWithRasterizerDiscard = true;
   f->primitivesGeneratedQueryWithNonZeroStreams = true;
   f->conditionalRendering = true;
   /* VK_EXT_swapchain_maintenance1 (nvk/wsi; vk_wsi_test). */
   f->swapchainMaintenance1 = true;
   /* 8-bit indices, 0xff restarts them (nvk_draw.c; vk_draw_test). */
   f->indexTypeUint8 = true;
   /* Restarts cut lists too (rast_assemble). */
   f->primitiveTopologyListRestart = true;
   /* ...and patch lists (nvk_draw_tess.c; vk_tess_test
    * tess_patch_list_restart). */
   f->primitiveTopologyPatchListRestart = true;
   /* Geometry shaders see the view's ViewIndex (nvk_draw_gs.c). */
   f->multiview = true;
   f->multiviewGeometryShader = true; /* vk_xfb_test gs_with_multiview */
   /* Each view runs the tessellation stages, ViewIndex in their strips
    * (vk_tess_test tess_with_multiview). */
   f->multiviewTessellationShader = true;
   f->dynamicRendering = true;
   f->imagelessFramebuffer = true;
   f->vertexAttributeInstanceRateDivisor = true;
   f->vertexAttributeInstanceRateZeroDivisor = true;
   f->extendedDynamicState = true;
   f->extendedDynamicState2 = true;
   /* Tessellation control and evaluation shaders and the tessellator
    * (nvk/tess, nvk_draw_tess.c); patch control points dynamic
    * (vk_tess_test). */
   f->tessellationShader = true;
   /* rast takes PointSize from the last pre-rasterization stage's outputs
    * (nvk_draw_state.c: last_info), TES or GS (vk_tess_test
    * tess_point_size_from_the_last_stage). */
   f->shaderTessellationAndGeometryPointSize = true;
   f->extendedDynamicState2PatchControlPoints = true;
   f->timelineSemaphore = true;
   f->synchronization2 = true;
   f->privateData = true;
   f->hostQueryReset = true;
   /* BC1-BC7 decode in shared/format (fmt_bc.c): sampled, blitted from,
    * copied as blocks (vk_bc_test). */
   f->textureCompressionBC = true;
   f->customBorderColors = true;
   f->customBorderColorWithoutFormat = true;
   f->borderColorSwizzle = true;
   f->borderColorSwizzleFromImage = true;
   f->samplerMirrorClampToEdge = true;
   /* N bilinear samples along the major gradient (kx_image.c). */
   f->samplerAnisotropy = true;
   f->nonSeamlessCubeMap = true;
   f->image2DViewOf3D = true;
   f->robustBufferAccess2 = true;
   f->robustImageAccess2 = true;
   f->nullDescriptor = true;
   f->sampler2DViewOf3D = true;
   /* Required with VK_KHR_sampler_ycbcr_conversion (kx_ycbcr.h). */
   f->samplerYcbcrConversion = true;
   /* vk_draw_test indirect_count_draws (VK_KHR_draw_indirect_count). */
   f->drawIndirectCount = true;
   /* Vulkan 1.3, 48.1: "If Vulkan 1.2 is supported, the following features
    * must be supported: subgroupBroadcastDynamicId [...] uniformBufferStandardLayout
    * shaderSubgroupExtendedTypes [...]". Uniform blocks use the SPIR-V
    * offsets as given; broadcasts and subgroup arithmetic take any lane and
    * any integer or float width kx computes in (vk_version_test
    * vulkan_1_2_shader_features). */
   f->uniformBufferStandardLayout = true;
   f->subgroupBroadcastDynamicId = true;
   f->shaderSubgroupExtendedTypes = true;
   /* Image layouts are ignored, so depth and stencil may have their own
    * (vk_version_test separate_depth_stencil_layouts_and_resolve). */
   f->separateDepthStencilLayouts = true;
   /* Vulkan 1.3 requires these (48.1); VK_EXT_subgroup_size_control. */
   f->subgroupSizeControl = true;
   f->computeFullSubgroups = true;
   f->shaderDemoteToHelperInvocation = true;
   f->shaderTerminateInvocation = true;
   f->shaderZeroInitializeWorkgroupMemory = true;
   /* FAIL_ON_PIPELINE_COMPILE_REQUIRED looks stages up in the cache only
    * (nvk_shader.c), EARLY_RETURN_ON_FAILURE stops at the first failure;
    * vk_version_test pipeline_creation_cache_control. */
   f->pipelineCreationCacheControl = true;
   /* VK_KHR_maintenance4: the vkGetDevice*MemoryRequirements queries,
    * maxBufferSize, LocalSizeId (shared/spirv), pipeline layouts that may
    * be destroyed once used (pipelines copy what they need), requirements
    * that grow with the extent (vk_version_test maintenance4). */
   f->maintenance4 = true;
   /* Inline uniform blocks: bytes in set memory written by
    * vkUpdateDescriptorSets/templates, read as a constant buffer
    * (vk_version_test inline_uniform_block). Not after bind: no descriptor
    * indexing. */
   f->inlineUniformBlock = true;
   /* kx checks every image load, store and atomic against the view's
    * extent, layers and memory range: outside reads (0,0,0,0), stores and
    * atomics do nothing (kx_image.c fetch_texel/texel_ptr; vk_version_test
    * robust_image_access). */
   f->robustImageAccess = true;
   /* The Vulkan memory model on a CPU: kx's atomics are sequentially
    * consistent host atomics and its device-scope barriers sequentially
    * consistent fences (kx_mem.c, kx_run.c kx_op_fence); a workgroup runs on
    * one thread in program order. Stronger than every SPIR-V semantics
    * asks, which is a valid implementation. Not availability/visibility
    * chains (optional). vk_version_test vulkan_memory_model. */
   f->vulkanMemoryModel = true;
   f->vulkanMemoryModelDeviceScope = true;
   /* Integer dot products become integer multiplies and adds in the front
    * end (shared/spirv/stn_dot.c); nothing is accelerated.
    * vk_version_test integer_dot_product. */
   f->shaderIntegerDotProduct = true;
   /* Vulkan 1.3 requires it (48.1): vkGetBufferDeviceAddress answers the
    * buffer's address, PhysicalStorageBuffer pointers are 64-bit addresses
    * that kx translates like descriptors' (an address no memory backs
    * faults the submission: VK_ERROR_DEVICE_LOST, never a crash).
    * vk_bda_test. No capture/replay, no multi-device (optional). */
   f->bufferDeviceAddress = true;
   /* Scalar alignment in blocks: explicit offsets as given
    * (nvk_nir_lower_explicit_io.c); vk_scalar_layout_test. */
   f->scalarBlockLayout = true;
   /* Cube arrays: layer = 6 * RNE(w) clamped + face, each cube filtered
    * seamlessly on its own (kx_image.c); vk_image_compute_test
    * cube_map_array_sampling. */
   f->imageCubeArray = true;
   /* Vertex and fragment strips store and do atomics like compute (kx);
    * helper lanes of fragment quads write nothing (the store mask).
    * vk_draw_test stores_and_atomics_through_device_addresses. */
   f->vertexPipelineStoresAndAtomics = true;
   f->fragmentStoresAndAtomics = true;
   /* Vulkan 1.2's form of VK_EXT_shader_viewport_index_layer (required
    * with it): the ShaderViewportIndex and ShaderLayer capabilities reach
    * the same kx slot (vk_draw_test layer_and_viewport_from_the_vs_1_2). */
   f->shaderOutputViewportIndex = true;
   f->shaderOutputLayer = true;
}

static void
nvk_init_memory(struct nvk_physical_device *pdev)
{
   pdev->mem_heap = (VkMemoryHeap){
      /* Whole pages: allocations are. */
      .size = pdev->info.memory_size_B & ~(uint64_t)(NVK_MEMORY_ALIGN_B - 1),
      .flags = VK_MEMORY_HEAP_DEVICE_LOCAL_BIT,
   };
   /* Device memory is host memory: always mapped, always coherent. The two
    * types differ only in the promise; HOST_CACHED lets applications that
    * read back pick it (Vulkan 1.3, 11.2.1 orders types so that a type whose
    * flags are a subset of another's comes first). */
   const VkMemoryPropertyFlags common = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT |
                                        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                        VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   pdev->mem_types[0] = (VkMemoryType){.propertyFlags = common, .heapIndex = 0};
   pdev->mem_types[1] = (VkMemoryType){
      .propertyFlags = common | VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
      .heapIndex = 0,
   };
}

static void
nvk_init_uuids(struct nvk_physical_device *pdev)
{
   /* Pipeline caches depend on the device generation and the driver build's
    * version; the device UUID on the device identity. */
   const uint16_t gen = pdev->info.generation;
   memcpy(pdev->pipeline_cache_uuid, "kilnNVKcache", 12);
   pdev->pipeline_cache_uuid[12] = gen & 0xff;
   pdev->pipeline_cache_uuid[13] = gen >> 8;
   pdev->pipeline_cache_uuid[14] = NVK_API_VERSION_MAJOR;
   pdev->pipeline_cache_uuid[15] = NVK_API_VERSION_MINOR;
   memcpy(pdev->driver_uuid, "kilnNVKdriver", 13);
   pdev->driver_uuid[13] = KILN_VERSION_MAJOR;
   pdev->driver_uuid[14] = KILN_VERSION_MINOR;
   pdev->driver_uuid[15] = KILN_VERSION_PATCH;
   memcpy(pdev->device_uuid, "kilnCPU", 7);
   memcpy(pdev->device_uuid + 8, &pdev->info.vendor_id, 4);
   memcpy(pdev->device_uuid + 12, &pdev->info.device_id, 4);
}

VkResult
nvk_enumerate_physical_devices(struct vk_instance *instance)
{
   struct nvk_physical_device *pdev =
      vk_zalloc(&instance->alloc, sizeof(*pdev), 8, VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE);
   if (!pdev)
      return vk_error(instance, VK_ERROR_OUT_OF_HOST_MEMORY);
   vk_physical_device_init(&pdev->vk, instance);
   kiln_device_info_init_host(&pdev->info);
   pdev->vk.api_version = NVK_API_VERSION;
   pdev->vk.supported_extensions = nvk_device_extensions;
   nvk_get_features(&pdev->vk.supported_features);
   nvk_init_memory(pdev);
   nvk_init_uuids(pdev);
   list_addtail(&pdev->vk.link, &instance->physical_devices.list);
   return VK_SUCCESS;
}

void
nvk_physical_device_destroy(struct vk_physical_device *vk_pdev)
{
   struct nvk_physical_device *pdev = container_of(vk_pdev, struct nvk_physical_device, vk);
   struct vk_instance *instance = pdev->vk.instance;
   vk_physical_device_finish(&pdev->vk);
   vk_free(&instance->alloc, pdev);
}

bool
nvk_physical_device_heap_reserve(struct nvk_physical_device *pdev, uint64_t size_B)
{
   uint64_t used = __atomic_load_n(&pdev->heap_used_B, __ATOMIC_RELAXED);
   do {
      if (size_B > pdev->mem_heap.size || used > pdev->mem_heap.size - size_B)
         return false;
   } while (!__atomic_compare_exchange_n(&pdev->heap_used_B, &used, used + size_B, true,
                                         __ATOMIC_RELAXED, __ATOMIC_RELAXED));
   return true;
}

void
nvk_physical_device_heap_release(struct nvk_physical_device *pdev, uint64_t size_B)
{
   __atomic_fetch_sub(&pdev->heap_used_B, size_B, __ATOMIC_RELAXED);
}

static VkPhysicalDeviceLimits
nvk_get_limits(const struct nvk_physical_device *pdev)
{
   /* Values the implementation honours. Shader- and graphics-only limits are
    * the spec's minimums (Vulkan 1.3, table "Required Limits") until those
    * parts exist; the engineers adding them raise what they support. */
   return (VkPhysicalDeviceLimits){
      .maxImageDimension1D = NVK_MAX_IMAGE_DIMENSION_1D,
      .maxImageDimension2D = NVK_MAX_IMAGE_DIMENSION_2D,
      .maxImageDimension3D = NVK_MAX_IMAGE_DIMENSION_3D,
      .maxImageDimensionCube = NVK_MAX_IMAGE_DIMENSION_2D,
      .maxImageArrayLayers = NVK_MAX_IMAGE_ARRAY_LAYERS,
      .maxTexelBufferElements = NVK_MAX_TEXEL_BUFFER_ELEMENTS,
      .maxUniformBufferRange = 65536,
      .maxStorageBufferRange = UINT32_MAX,
      .maxPushConstantsSize = NVK_MAX_PUSH_CONSTANTS_SIZE,
      .maxMemoryAllocationCount = NVK_MAX_MEMORY_ALLOCATION_COUNT,
      .maxSamplerAllocationCount = 4000,
      /* No page kinds: linear and block-linear resources may share pages. */
      .bufferImageGranularity = 1,
      .sparseAddressSpaceSize = 0,
      .maxBoundDescriptorSets = NVK_MAX_SETS,
      .maxPerStageDescriptorSamplers = NVK_MAX_DESCRIPTORS,
      .maxPerStageDescriptorUniformBuffers = NVK_MAX_DESCRIPTORS,
      .maxPerStageDescriptorStorageBuffers = NVK_MAX_DESCRIPTORS,
      .maxPerStageDescriptorSampledImages = NVK_MAX_DESCRIPTORS,
      .maxPerStageDescriptorStorageImages = NVK_MAX_DESCRIPTORS,
      .maxPerStageDescriptorInputAttachments = NVK_MAX_DESCRIPTORS,
      .maxPerStageResources = NVK_MAX_DESCRIPTORS,
      .maxDescriptorSetSamplers = NVK_MAX_DESCRIPTORS,
      .maxDescriptorSetUniformBuffers = NVK_MAX_DESCRIPTORS,
      .maxDescriptorSetUniformBuffersDynamic = NVK_MAX_DYNAMIC_UNIFORM_BUFFERS,
      .maxDescriptorSetStorageBuffers = NVK_MAX_DESCRIPTORS,
      .maxDescriptorSetStorageBuffersDynamic = NVK_MAX_DYNAMIC_STORAGE_BUFFERS,
      .maxDescriptorSetSampledImages = NVK_MAX_DESCRIPTORS,
      .maxDescriptorSetStorageImages = NVK_MAX_DESCRIPTORS,
      .maxDescriptorSetInputAttachments = NVK_MAX_DESCRIPTORS,
      .maxVertexInputAttributes = 16,
      .maxVertexInputBindings = 16,
      .maxVertexInputAttributeOffset = 2047,
      .maxVertexInputBindingStride = 2048,
      .maxVertexOutputComponents = 64,
      .maxFragmentInputComponents = 64,
      .maxFragmentOutputAttachments = 4,
      .maxFragmentDualSrcAttachments = 1, /* dualSrcBlend */
      .maxFragmentCombinedOutputResources = 4,
      /* Tessellation (nvk_tess.h, nvk/compiler/nvk_tess_io.h): a vertex
       * record has 32 user slots of 4 components, a patch record 32 more;
       * the Vulkan 1.3 minimums (table "Required Limits"). */
      .maxTessellationGenerationLevel = NVK_MAX_TESS_LEVEL,
      .maxTessellationPatchSize = NVK_MAX_TESS_PATCH_VERTICES,
      .maxTessellationControlPerVertexInputComponents = 64,
      .maxTessellationControlPerVertexOutputComponents = 64,
      .maxTessellationControlPerPatchOutputComponents = 120,
      .maxTessellationControlTotalOutputComponents = 2048,
      .maxTessellationEvaluationInputComponents = 64,
      .maxTessellationEvaluationOutputComponents = 64,
      /* The compute executor (nvk/exec/kx.h): workgroups of up to 1024
       * invocations in strips of 32 lanes, shared memory per workgroup. */
      .maxComputeSharedMemorySize = 49152,
      .maxComputeWorkGroupCount = {0x7fffffff, 65535, 65535},
      .maxComputeWorkGroupInvocations = 1024,
      .maxComputeWorkGroupSize = {1024, 1024, 64},
      .subPixelPrecisionBits = 4,
      .subTexelPrecisionBits = 4,
      .mipmapPrecisionBits = 4,
      .maxDrawIndexedIndexValue = (1u << 24) - 1,
      .maxDrawIndirectCount = UINT32_MAX,
      .maxSamplerLodBias = 2.0f,
      .maxSamplerAnisotropy = KX_MAX_ANISOTROPY,
      .maxViewports = 16,
      /* Geometry shaders (nvk_draw_gs.c): the spec's minimums, which bound
       * the per-worker record arrays (kx.h, struct kx_gs_info). */
      .maxGeometryShaderInvocations = 32,
      .maxGeometryInputComponents = 64,
      .maxGeometryOutputComponents = 128,
      .maxGeometryOutputVertices = 256,
      .maxGeometryTotalOutputComponents = 1024,
      .maxViewportDimensions = {4096, 4096},
      .viewportBoundsRange = {-8192.0f, 8191.0f},
      .viewportSubPixelBits = 0,
      .minMemoryMapAlignment = NVK_MEMORY_ALIGN_B,
      .minTexelBufferOffsetAlignment = 16,
      .minUniformBufferOffsetAlignment = 16,
      .minStorageBufferOffsetAlignment = 16,
      .minTexelOffset = -8,
      .maxTexelOffset = 7,
      .minTexelGatherOffset = 0,
      .maxTexelGatherOffset = 0,
      .minInterpolationOffset = -0.5f,
      .maxInterpolationOffset = 0.4375f,
      .subPixelInterpolationOffsetBits = 4,
      .maxFramebufferWidth = 4096,
      .maxFramebufferHeight = 4096,
      .maxFramebufferLayers = 256,
      .framebufferColorSampleCounts = NVK_ATTACHMENT_SAMPLE_COUNTS,
      .framebufferDepthSampleCounts = NVK_ATTACHMENT_SAMPLE_COUNTS,
      .framebufferStencilSampleCounts = NVK_ATTACHMENT_SAMPLE_COUNTS,
      .framebufferNoAttachmentsSampleCounts = NVK_ATTACHMENT_SAMPLE_COUNTS,
      .maxColorAttachments = 4,
      /* texelFetch with a sample index reads kil's sample grid (kx_image.c
       * sample_coords; vk_draw_test sampled_multisample_images_*). No
       * stencil format is sampleable yet, so the stencil count has
       * nothing to apply to. */
      .sampledImageColorSampleCounts = NVK_ATTACHMENT_SAMPLE_COUNTS,
      .sampledImageIntegerSampleCounts = NVK_ATTACHMENT_SAMPLE_COUNTS,
      .sampledImageDepthSampleCounts = NVK_ATTACHMENT_SAMPLE_COUNTS,
      .sampledImageStencilSampleCounts = NVK_ATTACHMENT_SAMPLE_COUNTS,
      .storageImageSampleCounts = VK_SAMPLE_COUNT_1_BIT,
      .maxSampleMaskWords = 1,
      /* Every queue writes timestamps: CLOCK_MONOTONIC in nanoseconds. */
      .timestampComputeAndGraphics = VK_TRUE,
      .timestampPeriod = 1.0f,
      .maxClipDistances = 8,
      .maxCullDistances = 8,
      .maxCombinedClipAndCullDistances = 8,
      .discreteQueuePriorities = 2,
      .pointSizeRange = {1.0f, NVK_MAX_POINT_SIZE},
      .lineWidthRange = {1.0f, NVK_MAX_LINE_WIDTH},
      /* rast takes any size; this is the step it promises. */
      .pointSizeGranularity = 0.125f,
      .lineWidthGranularity = 0.125f,
      .strictLines = VK_FALSE,
      .standardSampleLocations = VK_TRUE, /* rast_sample_location */
      .optimalBufferCopyOffsetAlignment = 1,
      .optimalBufferCopyRowPitchAlignment = 1,
      .nonCoherentAtomSize = 64,
   };
}

/* Views are bits of a 32-bit view mask, each drawn into its own layer
 * (nvk_draw.c); instance indices are 32-bit. Vulkan 1.3, "Required
 * Limits": maxMultiviewViewCount >= 6, maxMultiviewInstanceIndex >=
 * 2^27 - 1. */
static void
nvk_get_multiview_properties(uint32_t *max_views, uint32_t *max_instance)
{
   *max_views = 32;
   *max_instance = (1u << 27) - 1;
}

/* Points whose centre is outside the view volume are discarded
 * (rast_setup.c point_inside), like any other primitive. */
#define NVK_POINT_CLIPPING_BEHAVIOR VK_POINT_CLIPPING_BEHAVIOR_ALL_CLIP_PLANES

/* The Vulkan 1.1 properties in one struct (Vulkan 1.2+ applications ask
 * for it): the same values as the 1.1 structs it gathers. */
static void
nvk_get_vulkan11_properties(const struct nvk_physical_device *pdev,
                            VkPhysicalDeviceVulkan11Properties *p)
{
   memcpy(p->deviceUUID, pdev->device_uuid, VK_UUID_SIZE);
   memcpy(p->driverUUID, pdev->driver_uuid, VK_UUID_SIZE);
   memset(p->deviceLUID, 0, VK_LUID_SIZE);
   p->deviceNodeMask = 0;
   p->deviceLUIDValid = VK_FALSE;
   VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &sg};
   nvk_GetPhysicalDeviceProperties2(nvk_physical_device_to_handle((void *)pdev), &p2);
   p->subgroupSize = sg.subgroupSize;
   p->subgroupSupportedStages = sg.supportedStages;
   p->subgroupSupportedOperations = sg.supportedOperations;
   p->subgroupQuadOperationsInAllStages = sg.quadOperationsInAllStages;
   p->pointClippingBehavior = NVK_POINT_CLIPPING_BEHAVIOR;
   nvk_get_multiview_properties(&p->maxMultiviewViewCount, &p->maxMultiviewInstanceIndex);
   p->protectedNoFault = VK_FALSE;
   p->maxPerSetDescriptors = NVK_MAX_DESCRIPTORS;
   p->maxMemoryAllocationSize = pdev->mem_heap.size;
}

/* The Vulkan 1.2 properties (and the 1.2 extension structs that share
 * them). */
static void
nvk_get_vulkan12_properties(VkPhysicalDeviceVulkan12Properties *p)
{
   void *next = p->pNext;
   *p = (VkPhysicalDeviceVulkan12Properties){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES,
      .pNext = next,
      /* Vulkan 1.3, VkPhysicalDeviceDriverProperties: "driverID is a unique
       * identifier for the driver of the physical device". The IDs are
       * registered with Khronos (VkDriverId) and kiln has none. Borrowing
       * another driver's ID would make applications and layers apply that
       * driver's workarounds to kiln; 0 is outside the registered range
       * (the first ID is 1), so every lookup by ID finds nothing, which is
       * the truth. driverName says which driver this is. */
      .driverID = (VkDriverId)0,
      /* Vulkan 1.3, VkConformanceVersion: kiln has not passed the Khronos
       * conformance tests, so it claims no conformance version. */
      .conformanceVersion = {0, 0, 0, 0},
      /* Float controls: no guarantees beyond the defaults (kx computes
       * with the host's IEEE arithmetic, but nothing is tested for the
       * SPIR-V execution modes yet). */
      .denormBehaviorIndependence = VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE,
      .roundingModeIndependence = VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE,
      /* Depth/stencil resolve (nvk_cmd_resolve.c, at the end of a subpass
       * with VkSubpassDescriptionDepthStencilResolve or dynamic rendering).
       * Vulkan 1.3, "Required Limits": SAMPLE_ZERO for both. */
      .supportedDepthResolveModes = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT |
                                    VK_RESOLVE_MODE_AVERAGE_BIT | VK_RESOLVE_MODE_MIN_BIT |
                                    VK_RESOLVE_MODE_MAX_BIT,
      .supportedStencilResolveModes =
         VK_RESOLVE_MODE_SAMPLE_ZERO_BIT | VK_RESOLVE_MODE_MIN_BIT | VK_RESOLVE_MODE_MAX_BIT,
      .independentResolveNone = VK_TRUE,
      .independentResolve = VK_TRUE,
      /* Attachments take 1 or 4 samples, integer formats too. */
      .framebufferIntegerColorSampleCounts = NVK_ATTACHMENT_SAMPLE_COUNTS,
      .maxTimelineSemaphoreValueDifference = UINT64_MAX,
      /* No descriptor indexing (the features are off), so no pool can
       * update after bind; the limits of such descriptors are those of
       * the others (descriptors are plain memory, nvk_descriptor_set.c). */
      .maxUpdateAfterBindDescriptorsInAllPools = NVK_MAX_DESCRIPTORS,
      .maxPerStageDescriptorUpdateAfterBindSamplers = NVK_MAX_DESCRIPTORS,
      .maxPerStageDescriptorUpdateAfterBindUniformBuffers = NVK_MAX_DESCRIPTORS,
      .maxPerStageDescriptorUpdateAfterBindStorageBuffers = NVK_MAX_DESCRIPTORS,
      .maxPerStageDescriptorUpdateAfterBindSampledImages = NVK_MAX_DESCRIPTORS,
      .maxPerStageDescriptorUpdateAfterBindStorageImages = NVK_MAX_DESCRIPTORS,
      .maxPerStageDescriptorUpdateAfterBindInputAttachments = NVK_MAX_DESCRIPTORS,
      .maxPerStageUpdateAfterBindResources = NVK_MAX_DESCRIPTORS,
      .maxDescriptorSetUpdateAfterBindSamplers = NVK_MAX_DESCRIPTORS,
      .maxDescriptorSetUpdateAfterBindUniformBuffers = NVK_MAX_DESCRIPTORS,
      .maxDescriptorSetUpdateAfterBindUniformBuffersDynamic = NVK_MAX_DYNAMIC_UNIFORM_BUFFERS,
      .maxDescriptorSetUpdateAfterBindStorageBuffers = NVK_MAX_DESCRIPTORS,
      .maxDescriptorSetUpdateAfterBindStorageBuffersDynamic = NVK_MAX_DYNAMIC_STORAGE_BUFFERS,
      .maxDescriptorSetUpdateAfterBindSampledImages = NVK_MAX_DESCRIPTORS,
      .maxDescriptorSetUpdateAfterBindStorageImages = NVK_MAX_DESCRIPTORS,
      .maxDescriptorSetUpdateAfterBindInputAttachments = NVK_MAX_DESCRIPTORS,
      /* No sampler min/max reduction (the feature is off). */
   };
   vk_copy_str(p->driverName, sizeof(p->driverName), "kiln");
   snprintf(p->driverInfo, sizeof(p->driverInfo), "kiln %d.%d.%d (CPU)", KILN_VERSION_MAJOR,
            KILN_VERSION_MINOR, KILN_VERSION_PATCH);
}

/* The Vulkan 1.3 properties (and the extension structs that share them). */
static void
nvk_get_vulkan13_properties(const struct nvk_physical_device *pdev,
                            VkPhysicalDeviceVulkan13Properties *p)
{
   void *next = p->pNext;
   *p = (VkPhysicalDeviceVulkan13Properties){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES,
      .pNext = next,
      /* One subgroup size, KX_W (a strip); workgroups of up to 1024
       * invocations are 16 strips. */
      .minSubgroupSize = KX_SUBGROUP_SIZE,
      .maxSubgroupSize = KX_SUBGROUP_SIZE,
      .maxComputeWorkgroupSubgroups = 1024 / KX_SUBGROUP_SIZE,
      .requiredSubgroupSizeStages = VK_SHADER_STAGE_COMPUTE_BIT,
      /* Inline uniform blocks are bytes in set memory (nvk_descriptor_
       * types.h), read as a constant buffer; the limits are promises, not
       * hardware (Vulkan 1.3, Required Limits: 256, 4, 4, 4, 4, 256). No
       * pool updates after bind, so those limits equal the others. */
      .maxInlineUniformBlockSize = NVK_MAX_INLINE_UNIFORM_BLOCK_SIZE_B,
      .maxPerStageDescriptorInlineUniformBlocks = NVK_MAX_INLINE_UNIFORM_BLOCKS,
      .maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks = NVK_MAX_INLINE_UNIFORM_BLOCKS,
      .maxDescriptorSetInlineUniformBlocks = NVK_MAX_INLINE_UNIFORM_BLOCKS,
      .maxDescriptorSetUpdateAfterBindInlineUniformBlocks = NVK_MAX_INLINE_UNIFORM_BLOCKS,
      .maxInlineUniformTotalSize =
         NVK_MAX_INLINE_UNIFORM_BLOCKS * NVK_MAX_INLINE_UNIFORM_BLOCK_SIZE_B,
      /* Integer dot products: not supported, so nothing is accelerated. */
      /* Texel buffer views: offsets in multiples of 16 bytes, as
       * minTexelBufferOffsetAlignment (kx reads texels at any offset, but
       * only 16 is tested). */
      .storageTexelBufferOffsetAlignmentBytes = 16,
      .storageTexelBufferOffsetSingleTexelAlignment = VK_FALSE,
      .uniformTexelBufferOffsetAlignmentBytes = 16,
      .uniformTexelBufferOffsetSingleTexelAlignment = VK_FALSE,
      /* Vulkan 1.3, VkPhysicalDeviceMaintenance4Properties: "maxBufferSize
       * is the maximum size VkBuffer that can be created". A larger one
       * could never be bound: nvk_CreateBuffer refuses it. */
      .maxBufferSize = pdev->mem_heap.size,
   };
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetPhysicalDeviceProperties2(VkPhysicalDevice physicalDevice,
                                 VkPhysicalDeviceProperties2 *pProperties)
{
   VK_FROM_HANDLE(nvk_physical_device, pdev, physicalDevice);
   VkPhysicalDeviceProperties *p = &pProperties->properties;
   *p = (VkPhysicalDeviceProperties){
      .apiVersion = pdev->vk.api_version,
      .driverVersion =
         VK_MAKE_VERSION(KILN_VERSION_MAJOR, KILN_VERSION_MINOR, KILN_VERSION_PATCH),
      .vendorID = pdev->info.vendor_id,
      .deviceID = pdev->info.device_id,
      .deviceType = VK_PHYSICAL_DEVICE_TYPE_CPU,
      .limits = nvk_get_limits(pdev),
      /* No sparse residency: every sparseProperties member stays false. */
   };
   vk_copy_str(p->deviceName, sizeof(p->deviceName), pdev->info.device_name);
   memcpy(p->pipelineCacheUUID, pdev->pipeline_cache_uuid, VK_UUID_SIZE);

   vk_foreach_struct(s, pProperties->pNext) {
      switch (s->sType) {
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_PROPERTIES: {
         VkPhysicalDeviceTimelineSemaphoreProperties *t = (void *)s;
         t->maxTimelineSemaphoreValueDifference = UINT64_MAX;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR: {
         VkPhysicalDevicePushDescriptorPropertiesKHR *pd = (void *)s;
         pd->maxPushDescriptors = NVK_MAX_PUSH_DESCRIPTORS;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES: {
         /* What external-memory and external-sync users compare before
          * sharing opaque handles (same driver, same device). */
         VkPhysicalDeviceIDProperties *id = (void *)s;
         memcpy(id->deviceUUID, pdev->device_uuid, VK_UUID_SIZE);
         memcpy(id->driverUUID, pdev->driver_uuid, VK_UUID_SIZE);
         memset(id->deviceLUID, 0, VK_LUID_SIZE);
         id->deviceNodeMask = 0;
         id->deviceLUIDValid = VK_FALSE;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT: {
         VkPhysicalDeviceExternalMemoryHostPropertiesEXT *h = (void *)s;
         h->minImportedHostPointerAlignment = NVK_HOST_POINTER_ALIGN_B;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES: {
         /* What the compute executor runs (nvk/exec/kx.h): strips of KX_W
          * lanes are the subgroups. Vulkan 1.3, "Required Limits":
          * subgroupSize >= 1, supportedStages includes COMPUTE,
          * supportedOperations includes BASIC. Only compute is tested. */
         VkPhysicalDeviceSubgroupProperties *sg = (void *)s;
         sg->subgroupSize = KX_SUBGROUP_SIZE;
         sg->supportedStages = VK_SHADER_STAGE_COMPUTE_BIT;
         sg->supportedOperations =
            VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_VOTE_BIT |
            VK_SUBGROUP_FEATURE_ARITHMETIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT |
            VK_SUBGROUP_FEATURE_SHUFFLE_BIT | VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT |
            VK_SUBGROUP_FEATURE_CLUSTERED_BIT | VK_SUBGROUP_FEATURE_QUAD_BIT;
         sg->quadOperationsInAllStages = VK_FALSE;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT: {
         /* A 32-bit divide per instance-rate fetch. */
         VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT *d = (void *)s;
         d->maxVertexAttribDivisor = UINT32_MAX;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_PROPERTIES_EXT: {
         /* Byte-exact bounds checks: off + size <= range. */
         VkPhysicalDeviceRobustness2PropertiesEXT *rb = (void *)s;
         rb->robustStorageBufferAccessSizeAlignment = 1;
         rb->robustUniformBufferAccessSizeAlignment = 1;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_PROPERTIES_EXT: {
         /* A custom border colour is 16 bytes of the sampler header: no
          * table to run out of; the number is the spec's usual scale. */
         VkPhysicalDeviceCustomBorderColorPropertiesEXT *cb = (void *)s;
         cb->maxCustomBorderColorSamplers = 4096;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_PROPERTIES_EXT: {
         /* The mode is pipeline state; capture keeps the provoking vertex
          * of fans last too (nvk_draw_xfb.c). */
         VkPhysicalDeviceProvokingVertexPropertiesEXT *pv = (void *)s;
         pv->provokingVertexModePerPipeline = VK_TRUE;
         pv->transformFeedbackPreservesTriangleFanProvokingVertex = VK_TRUE;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT: {
         /* nvk_draw_xfb.c: any stream, buffer and primitive kind; offsets
          * and strides are 16-bit in the program info (kx.h), counters
          * 32-bit. Each is tested in vk_xfb_test. */
         VkPhysicalDeviceTransformFeedbackPropertiesEXT *x = (void *)s;
         x->maxTransformFeedbackStreams = NVK_MAX_XFB_STREAMS;
         x->maxTransformFeedbackBuffers = NVK_MAX_XFB_BUFFERS;
         x->maxTransformFeedbackBufferSize = UINT32_MAX;
         x->maxTransformFeedbackStreamDataSize = 512;
         x->maxTransformFeedbackBufferDataSize = 512;
         x->maxTransformFeedbackBufferDataStride = 2048;
         x->transformFeedbackQueries = VK_TRUE;
         x->transformFeedbackStreamsLinesTriangles = VK_TRUE;
         x->transformFeedbackRasterizationStreamSelect = VK_TRUE;
         x->transformFeedbackDraw = VK_TRUE;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_PROPERTIES_EXT: {
         VkPhysicalDeviceMultiDrawPropertiesEXT *md = (void *)s;
         md->maxMultiDrawCount = 1u << 20;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_PROPERTIES_EXT: {
         /* rast's fixed point: 8 fraction bits. */
         VkPhysicalDeviceLineRasterizationPropertiesEXT *lr = (void *)s;
         lr->lineSubPixelPrecisionBits = 8;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_PROPERTIES_EXT: {
         /* A dynamic topology stays in the pipeline's class. */
         VkPhysicalDeviceExtendedDynamicState3PropertiesEXT *p3 = (void *)s;
         p3->dynamicPrimitiveTopologyUnrestricted = VK_FALSE;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_PROPERTIES: {
         VkPhysicalDeviceMultiviewProperties *mv = (void *)s;
         nvk_get_multiview_properties(&mv->maxMultiviewViewCount,
                                      &mv->maxMultiviewInstanceIndex);
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_POINT_CLIPPING_PROPERTIES: {
         VkPhysicalDevicePointClippingProperties *pc = (void *)s;
         pc->pointClippingBehavior = NVK_POINT_CLIPPING_BEHAVIOR;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROTECTED_MEMORY_PROPERTIES: {
         /* No protected memory (the feature is off). */
         VkPhysicalDeviceProtectedMemoryProperties *pm = (void *)s;
         pm->protectedNoFault = VK_FALSE;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES:
         nvk_get_vulkan11_properties(pdev, (void *)s);
         break;
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES:
         nvk_get_vulkan12_properties((void *)s);
         break;
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES: {
         VkPhysicalDeviceVulkan12Properties p12;
         nvk_get_vulkan12_properties(&p12);
         VkPhysicalDeviceDriverProperties *dp = (void *)s;
         dp->driverID = p12.driverID;
         memcpy(dp->driverName, p12.driverName, sizeof(dp->driverName));
         memcpy(dp->driverInfo, p12.driverInfo, sizeof(dp->driverInfo));
         dp->conformanceVersion = p12.conformanceVersion;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_STENCIL_RESOLVE_PROPERTIES: {
         VkPhysicalDeviceVulkan12Properties p12;
         nvk_get_vulkan12_properties(&p12);
         VkPhysicalDeviceDepthStencilResolveProperties *r = (void *)s;
         r->supportedDepthResolveModes = p12.supportedDepthResolveModes;
         r->supportedStencilResolveModes = p12.supportedStencilResolveModes;
         r->independentResolveNone = p12.independentResolveNone;
         r->independentResolve = p12.independentResolve;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES: {
         VkPhysicalDeviceVulkan12Properties p12;
         nvk_get_vulkan12_properties(&p12);
         VkPhysicalDeviceFloatControlsProperties *fc = (void *)s;
         void *next = fc->pNext;
         const VkStructureType type = fc->sType;
         memcpy(&fc->denormBehaviorIndependence, &p12.denormBehaviorIndependence,
                offsetof(VkPhysicalDeviceVulkan12Properties, maxUpdateAfterBindDescriptorsInAllPools) -
                   offsetof(VkPhysicalDeviceVulkan12Properties, denormBehaviorIndependence));
         fc->pNext = next;
         fc->sType = type;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_PROPERTIES: {
         /* Core in 1.2 (VkPhysicalDeviceVulkan12Properties has the same
          * fields, in the same order): answered though the descriptor
          * indexing features are off. */
         VkPhysicalDeviceVulkan12Properties p12;
         nvk_get_vulkan12_properties(&p12);
         VkPhysicalDeviceDescriptorIndexingProperties *di = (void *)s;
         void *next = di->pNext;
         const VkStructureType type = di->sType;
         memcpy(&di->maxUpdateAfterBindDescriptorsInAllPools,
                &p12.maxUpdateAfterBindDescriptorsInAllPools,
                offsetof(VkPhysicalDeviceVulkan12Properties, supportedDepthResolveModes) -
                   offsetof(VkPhysicalDeviceVulkan12Properties,
                            maxUpdateAfterBindDescriptorsInAllPools));
         di->pNext = next;
         di->sType = type;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SAMPLER_FILTER_MINMAX_PROPERTIES: {
         VkPhysicalDeviceVulkan12Properties p12;
         nvk_get_vulkan12_properties(&p12);
         VkPhysicalDeviceSamplerFilterMinmaxProperties *mm = (void *)s;
         mm->filterMinmaxSingleComponentFormats = p12.filterMinmaxSingleComponentFormats;
         mm->filterMinmaxImageComponentMapping = p12.filterMinmaxImageComponentMapping;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES: {
         /* One subgroup size, KX_W (a strip); workgroups of up to 1024
          * invocations are 16 strips. */
         VkPhysicalDeviceSubgroupSizeControlProperties *ssc = (void *)s;
         ssc->minSubgroupSize = KX_SUBGROUP_SIZE;
         ssc->maxSubgroupSize = KX_SUBGROUP_SIZE;
         ssc->maxComputeWorkgroupSubgroups = 1024 / KX_SUBGROUP_SIZE;
         ssc->requiredSubgroupSizeStages = VK_SHADER_STAGE_COMPUTE_BIT;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES:
         nvk_get_vulkan13_properties(pdev, (void *)s);
         break;
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES: {
         VkPhysicalDeviceVulkan13Properties p13 = {0};
         nvk_get_vulkan13_properties(pdev, &p13);
         ((VkPhysicalDeviceMaintenance4Properties *)s)->maxBufferSize = p13.maxBufferSize;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_PROPERTIES: {
         /* Every "...Accelerated" member false: the dot products are plain
          * integer arithmetic (stn_dot.c), no faster than the application's
          * own. */
         VkPhysicalDeviceShaderIntegerDotProductProperties *dp = (void *)s;
         void *next = dp->pNext;
         *dp = (VkPhysicalDeviceShaderIntegerDotProductProperties){
            .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_PROPERTIES,
            .pNext = next};
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_PROPERTIES: {
         VkPhysicalDeviceVulkan13Properties p13 = {0};
         nvk_get_vulkan13_properties(pdev, &p13);
         VkPhysicalDeviceInlineUniformBlockProperties *ib = (void *)s;
         ib->maxInlineUniformBlockSize = p13.maxInlineUniformBlockSize;
         ib->maxPerStageDescriptorInlineUniformBlocks =
            p13.maxPerStageDescriptorInlineUniformBlocks;
         ib->maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks =
            p13.maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks;
         ib->maxDescriptorSetInlineUniformBlocks = p13.maxDescriptorSetInlineUniformBlocks;
         ib->maxDescriptorSetUpdateAfterBindInlineUniformBlocks =
            p13.maxDescriptorSetUpdateAfterBindInlineUniformBlocks;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_PROPERTIES: {
         VkPhysicalDeviceVulkan13Properties p13 = {0};
         nvk_get_vulkan13_properties(pdev, &p13);
         VkPhysicalDeviceTexelBufferAlignmentProperties *t = (void *)s;
         t->storageTexelBufferOffsetAlignmentBytes = p13.storageTexelBufferOffsetAlignmentBytes;
         t->storageTexelBufferOffsetSingleTexelAlignment =
            p13.storageTexelBufferOffsetSingleTexelAlignment;
         t->uniformTexelBufferOffsetAlignmentBytes = p13.uniformTexelBufferOffsetAlignmentBytes;
         t->uniformTexelBufferOffsetSingleTexelAlignment =
            p13.uniformTexelBufferOffsetSingleTexelAlignment;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES: {
         VkPhysicalDeviceMaintenance3Properties *m = (void *)s;
         m->maxPerSetDescriptors = NVK_MAX_DESCRIPTORS;
         m->maxMemoryAllocationSize = pdev->mem_heap.size;
         break;
      }
      default:
         /* Structs of extensions we do not expose are left alone. */
         break;
      }
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetPhysicalDeviceQueueFamilyProperties2(VkPhysicalDevice physicalDevice,
                                            uint32_t *pQueueFamilyPropertyCount,
                                            VkQueueFamilyProperties2 *pQueueFamilyProperties)
{
   VK_OUTARRAY_MAKE_TYPED(VkQueueFamilyProperties2, out, pQueueFamilyProperties,
                          pQueueFamilyPropertyCount);
   vk_outarray_append_typed(VkQueueFamilyProperties2, &out, p) {
      /* One family does everything: every queue replays any command
       * (nvk_cmd_exec.h). */
      p->queueFamilyProperties = (VkQueueFamilyProperties){
         .queueFlags = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT | VK_QUEUE_TRANSFER_BIT,
         .queueCount = NVK_MAX_QUEUES,
         .timestampValidBits = 64,
         .minImageTransferGranularity = {1, 1, 1},
      };
   }
}

static uint64_t
nvk_available_host_memory_B(void)
{
   const long pages = sysconf(_SC_AVPHYS_PAGES);
   const long page_B = sysconf(_SC_PAGESIZE);
   return pages > 0 && page_B > 0 ? (uint64_t)pages * (uint64_t)page_B : 0;
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetPhysicalDeviceMemoryProperties2(VkPhysicalDevice physicalDevice,
                                       VkPhysicalDeviceMemoryProperties2 *pMemoryProperties)
{
   VK_FROM_HANDLE(nvk_physical_device, pdev, physicalDevice);
   VkPhysicalDeviceMemoryProperties *p = &pMemoryProperties->memoryProperties;
   memset(p, 0, sizeof(*p));
   p->memoryHeapCount = 1;
   p->memoryHeaps[0] = pdev->mem_heap;
   p->memoryTypeCount = NVK_MEMORY_TYPE_COUNT;
   for (unsigned i = 0; i < NVK_MEMORY_TYPE_COUNT; i++)
      p->memoryTypes[i] = pdev->mem_types[i];

   vk_foreach_struct(s, pMemoryProperties->pNext) {
      if (s->sType != VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT)
         continue;
      VkPhysicalDeviceMemoryBudgetPropertiesEXT *b = (void *)s;
      memset(b->heapBudget, 0, sizeof(b->heapBudget));
      memset(b->heapUsage, 0, sizeof(b->heapUsage));
      const uint64_t used = __atomic_load_n(&pdev->heap_used_B, __ATOMIC_RELAXED);
      /* What we hold plus what the host could still give us, never more
       * than the heap (Vulkan 1.3: heapBudget <= heap size). */
      uint64_t budget = used + nvk_available_host_memory_B();
      b->heapBudget[0] = MIN2(budget, pdev->mem_heap.size);
      b->heapUsage[0] = used;
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetPhysicalDeviceFormatProperties2(VkPhysicalDevice physicalDevice, VkFormat format,
                                       VkFormatProperties2 *pFormatProperties)
{
   VK_FROM_HANDLE(nvk_physical_device, pdev, physicalDevice);
   const VkFormatProperties3 p3 = nvk_get_format_properties(pdev, format);
   pFormatProperties->formatProperties = (VkFormatProperties){
      .linearTilingFeatures = nvk_format_features_1_0(p3.linearTilingFeatures),
      .optimalTilingFeatures = nvk_format_features_1_0(p3.optimalTilingFeatures),
      .bufferFeatures = nvk_format_features_1_0(p3.bufferFeatures),
   };
   /* VK_KHR_format_feature_flags2, core in 1.3: the 64-bit flags. */
   VkFormatProperties3 *out3 = vk_find_struct(pFormatProperties->pNext, FORMAT_PROPERTIES_3);
   if (out3) {
      out3->linearTilingFeatures = p3.linearTilingFeatures;
      out3->optimalTilingFeatures = p3.optimalTilingFeatures;
      out3->bufferFeatures = p3.bufferFeatures;
   }
   if (pdev->vk.supported_extensions.EXT_image_drm_format_modifier)
      nvk_get_drm_format_modifier_properties(pdev, format, pFormatProperties);
}
