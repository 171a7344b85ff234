/* SPDX-License-Identifier: MIT */
#include "nvk_physical_device.h"

#include <string.h>
#include <unistd.h>

#include "nvk_external_memory.h"
#include "kx.h"
#include "nvk_format.h"
#include "nvk_image_drm.h"
#include "nvk_instance.h"
#include "nvk_private.h"
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
    * change nothing here), layouts are all one. */
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
   /* Draws, dispatches and clears of attachments skipped on a predicate
    * (nvk_cmd_conditional.c); not inherited by secondaries. */
   .EXT_conditional_rendering = true,
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
   f->conditionalRendering = true;
   /* 8-bit indices, 0xff restarts them (nvk_draw.c; vk_draw_test). */
   f->indexTypeUint8 = true;
   /* Restarts cut lists too (rast_assemble); no patches without
    * tessellation. */
   f->primitiveTopologyListRestart = true;
   /* Not multiviewGeometryShader/Tessellation: no such stages yet. */
   f->multiview = true;
   f->dynamicRendering = true;
   f->imagelessFramebuffer = true;
   f->vertexAttributeInstanceRateDivisor = true;
   f->vertexAttributeInstanceRateZeroDivisor = true;
   f->extendedDynamicState = true;
   f->extendedDynamicState2 = true;
   f->timelineSemaphore = true;
   f->synchronization2 = true;
   f->privateData = true;
   f->hostQueryReset = true;
   /* Required with VK_KHR_sampler_ycbcr_conversion (kx_ycbcr.h). */
   f->samplerYcbcrConversion = true;
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
      .maxSamplerAnisotropy = 1.0f,
      .maxViewports = 16,
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
      .sampledImageColorSampleCounts = VK_SAMPLE_COUNT_1_BIT,
      .sampledImageIntegerSampleCounts = VK_SAMPLE_COUNT_1_BIT,
      .sampledImageDepthSampleCounts = VK_SAMPLE_COUNT_1_BIT,
      .sampledImageStencilSampleCounts = VK_SAMPLE_COUNT_1_BIT,
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
         /* What the compute executor runs (nvk/exec/kx.h): strips of 32
          * lanes are the subgroups. Reported for when the device is 1.1. */
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
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_PROPERTIES_EXT: {
         /* The mode is pipeline state; no transform feedback. */
         VkPhysicalDeviceProvokingVertexPropertiesEXT *pv = (void *)s;
         pv->provokingVertexModePerPipeline = VK_TRUE;
         pv->transformFeedbackPreservesTriangleFanProvokingVertex = VK_FALSE;
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
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_POINT_CLIPPING_PROPERTIES: {
         /* rast discards a point whose vertex is outside the view volume. */
         VkPhysicalDevicePointClippingProperties *pc = (void *)s;
         pc->pointClippingBehavior = VK_POINT_CLIPPING_BEHAVIOR_ALL_CLIP_PLANES;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_STENCIL_RESOLVE_PROPERTIES: {
         /* nvk_cmd_resolve.c: each aspect on its own, any mode or none. */
         VkPhysicalDeviceDepthStencilResolveProperties *r = (void *)s;
         r->supportedDepthResolveModes =
            VK_RESOLVE_MODE_SAMPLE_ZERO_BIT | VK_RESOLVE_MODE_AVERAGE_BIT |
            VK_RESOLVE_MODE_MIN_BIT | VK_RESOLVE_MODE_MAX_BIT;
         r->supportedStencilResolveModes =
            VK_RESOLVE_MODE_SAMPLE_ZERO_BIT | VK_RESOLVE_MODE_MIN_BIT | VK_RESOLVE_MODE_MAX_BIT;
         r->independentResolveNone = VK_TRUE;
         r->independentResolve = VK_TRUE;
         break;
      }
      case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_PROPERTIES: {
         /* A view is a layer (nvk_draw.c draws once per view): 32 views
          * of a 32-bit view mask; instance indices are 32-bit. */
         VkPhysicalDeviceMultiviewProperties *mv = (void *)s;
         mv->maxMultiviewViewCount = 32;
         mv->maxMultiviewInstanceIndex = (1u << 27) - 1;
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
   /* The 64-bit flags' low 32 bits are the 1.0 flags. */
   pFormatProperties->formatProperties = (VkFormatProperties){
      .linearTilingFeatures = (VkFormatFeatureFlags)p3.linearTilingFeatures,
      .optimalTilingFeatures = (VkFormatFeatureFlags)p3.optimalTilingFeatures,
      .bufferFeatures = (VkFormatFeatureFlags)p3.bufferFeatures,
   };
   if (pdev->vk.supported_extensions.EXT_image_drm_format_modifier)
      nvk_get_drm_format_modifier_properties(pdev, format, pFormatProperties);
}
