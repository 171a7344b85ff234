/* SPDX-License-Identifier: MIT */
/*
 * What Vulkan 1.3 promises beyond its extensions (vk_version_test does 1.1
 * and 1.2): the required features and limits (Vulkan 1.3, 48.1 "Feature
 * Requirements" and 50.1 "Required Limits"), the core entry points, the
 * promoted extensions' structures agreeing with the core ones, and a device
 * created with the core 1.3 feature struct using core-named commands. Each
 * feature has its own test next to its extension's (vk_version_test,
 * vk_bda_test, vk_draw_test). Each test runs on kiln and on lavapipe with
 * the validation layer.
 */
#include <stdio.h>
#include <string.h>

#include "vkt.h"
#include "vkt_compute.h"

#include "spirv16_comp.h"

/* A Vulkan 1.3 device (props.apiVersion), else skipped. */
static bool
init_1_3(struct vkt *t, void *features)
{
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_3,
                               .features = features};
   if (!vkt_init(t, &req))
      return false;
   if (t->props.apiVersion < VK_API_VERSION_1_3) {
      vkt_finish(t);
      return vkt_skip("%s is not a Vulkan 1.3 device", t->props.deviceName);
   }
   return true;
}

static bool
is_pow2(uint32_t x)
{
   return x && !(x & (x - 1));
}

TEST(device_meets_vulkan_1_3_requirements)
{
   struct vkt t;
   if (!init_1_3(&t, NULL))
      return;
   VkPhysicalDeviceVulkan13Features f13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
   VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, .pNext = &f13};
   VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, .pNext = &f12};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &f11};
   vkGetPhysicalDeviceFeatures2(t.pdev, &f2);
   /* "If Vulkan 1.3 is supported, the following features must be
    * supported" (48.1). */
   CHECK(f13.robustImageAccess);
   CHECK(f13.inlineUniformBlock);
   if (f12.descriptorIndexing)
      CHECK(f13.descriptorBindingInlineUniformBlockUpdateAfterBind);
   CHECK(f13.pipelineCreationCacheControl);
   CHECK(f13.privateData);
   CHECK(f13.shaderDemoteToHelperInvocation);
   CHECK(f13.shaderTerminateInvocation);
   CHECK(f13.subgroupSizeControl);
   CHECK(f13.computeFullSubgroups);
   CHECK(f13.synchronization2);
   CHECK(f13.shaderZeroInitializeWorkgroupMemory);
   CHECK(f13.dynamicRendering);
   CHECK(f13.shaderIntegerDotProduct);
   CHECK(f13.maintenance4);
   CHECK(f12.vulkanMemoryModel);
   CHECK(f12.vulkanMemoryModelDeviceScope);
   CHECK(f12.bufferDeviceAddress);
   /* VK_EXT_shader_viewport_index_layer is promoted to 1.2 as these two
    * features; a device with the extension has them. */
   if (vkt_has_device_extension(t.pdev, VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME))
      CHECK(f12.shaderOutputViewportIndex && f12.shaderOutputLayer);
   /* And what 1.1 and 1.2 require still holds. */
   CHECK(f11.multiview);
   CHECK(f12.subgroupBroadcastDynamicId && f12.imagelessFramebuffer &&
         f12.uniformBufferStandardLayout && f12.shaderSubgroupExtendedTypes &&
         f12.separateDepthStencilLayouts && f12.hostQueryReset && f12.timelineSemaphore);

   VkPhysicalDeviceDriverProperties drv = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
   VkPhysicalDeviceTexelBufferAlignmentProperties tba = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_PROPERTIES,
      .pNext = &drv};
   VkPhysicalDeviceInlineUniformBlockProperties iub = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_PROPERTIES,
      .pNext = &tba};
   VkPhysicalDeviceSubgroupSizeControlProperties ssc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES,
      .pNext = &iub};
   VkPhysicalDeviceMaintenance4Properties m4 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES, .pNext = &ssc};
   VkPhysicalDeviceVulkan13Properties p13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES, .pNext = &m4};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &p13};
   vkGetPhysicalDeviceProperties2(t.pdev, &p2);
   /* Required limits (50.1, table 53). */
   CHECK(p13.maxInlineUniformBlockSize >= 256);
   CHECK(p13.maxPerStageDescriptorInlineUniformBlocks >= 4);
   CHECK(p13.maxPerStageDescriptorUpdateAfterBindInlineUniformBlocks >= 4);
   CHECK(p13.maxDescriptorSetInlineUniformBlocks >= 4);
   CHECK(p13.maxDescriptorSetUpdateAfterBindInlineUniformBlocks >= 4);
   CHECK(p13.maxInlineUniformTotalSize >= 256);
   CHECK(p13.maxBufferSize >= (1ull << 30));
   CHECK(is_pow2(p13.minSubgroupSize) && is_pow2(p13.maxSubgroupSize) &&
         p13.minSubgroupSize <= p13.maxSubgroupSize);
   CHECK(p13.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT);
   CHECK(is_pow2((uint32_t)p13.storageTexelBufferOffsetAlignmentBytes) &&
         p13.storageTexelBufferOffsetAlignmentBytes <= 256);
   CHECK(is_pow2((uint32_t)p13.uniformTexelBufferOffsetAlignmentBytes) &&
         p13.uniformTexelBufferOffsetAlignmentBytes <= 256);
   /* Sample counts every version requires (table 53: "(VK_SAMPLE_COUNT_1_BIT
    * | VK_SAMPLE_COUNT_4_BIT)" for attachments and sampled colour, depth
    * and stencil images, 1 for integer and storage images); kiln's were 1
    * for sampled images until multisampled images could be read. */
   const VkPhysicalDeviceLimits *lim = &p2.properties.limits;
   const VkSampleCountFlags one_four = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT;
   CHECK_EQ(lim->framebufferColorSampleCounts & one_four, one_four);
   CHECK_EQ(lim->framebufferDepthSampleCounts & one_four, one_four);
   CHECK_EQ(lim->framebufferStencilSampleCounts & one_four, one_four);
   CHECK_EQ(lim->framebufferNoAttachmentsSampleCounts & one_four, one_four);
   CHECK_EQ(lim->sampledImageColorSampleCounts & one_four, one_four);
   CHECK_EQ(lim->sampledImageDepthSampleCounts & one_four, one_four);
   CHECK_EQ(lim->sampledImageStencilSampleCounts & one_four, one_four);
   CHECK(lim->sampledImageIntegerSampleCounts & VK_SAMPLE_COUNT_1_BIT);
   CHECK(lim->storageImageSampleCounts & VK_SAMPLE_COUNT_1_BIT);
   /* The promoted extensions' structures say the same. */
   CHECK_EQ(m4.maxBufferSize, p13.maxBufferSize);
   CHECK_EQ(ssc.minSubgroupSize, p13.minSubgroupSize);
   CHECK_EQ(ssc.maxSubgroupSize, p13.maxSubgroupSize);
   CHECK_EQ(ssc.maxComputeWorkgroupSubgroups, p13.maxComputeWorkgroupSubgroups);
   CHECK_EQ(ssc.requiredSubgroupSizeStages, p13.requiredSubgroupSizeStages);
   CHECK_EQ(iub.maxInlineUniformBlockSize, p13.maxInlineUniformBlockSize);
   CHECK_EQ(iub.maxDescriptorSetInlineUniformBlocks, p13.maxDescriptorSetInlineUniformBlocks);
   CHECK_EQ(tba.storageTexelBufferOffsetAlignmentBytes,
            p13.storageTexelBufferOffsetAlignmentBytes);
   CHECK_EQ(tba.uniformTexelBufferOffsetSingleTexelAlignment,
            p13.uniformTexelBufferOffsetSingleTexelAlignment);
   if (t.is_kiln) {
      /* No registered driver ID, not conformant (docs/nvk.md "Core
       * versions"): 1.3 is reported, conformance is not claimed. */
      CHECK_EQ(drv.driverID, 0);
      CHECK(drv.conformanceVersion.major == 0 && drv.conformanceVersion.minor == 0 &&
            drv.conformanceVersion.subminor == 0 && drv.conformanceVersion.patch == 0);
      CHECK_EQ(p13.maxSubgroupSize, 64);
   }
   vkt_finish(&t);
}

/* Every command Vulkan 1.3 adds to a device resolves by its core name (their
 * behaviour is tested through the extension names elsewhere, and a few
 * below). */
TEST(core_1_3_commands)
{
   struct vkt t;
   if (!init_1_3(&t, NULL))
      return;
   static const char *const names[] = {
      "vkCreatePrivateDataSlot", "vkDestroyPrivateDataSlot", "vkSetPrivateData",
      "vkGetPrivateData", "vkCmdSetEvent2", "vkCmdResetEvent2", "vkCmdWaitEvents2",
      "vkCmdPipelineBarrier2", "vkCmdWriteTimestamp2", "vkQueueSubmit2", "vkCmdCopyBuffer2",
      "vkCmdCopyImage2", "vkCmdCopyBufferToImage2", "vkCmdCopyImageToBuffer2",
      "vkCmdBlitImage2", "vkCmdResolveImage2", "vkCmdBeginRendering", "vkCmdEndRendering",
      "vkCmdSetCullMode", "vkCmdSetFrontFace", "vkCmdSetPrimitiveTopology",
      "vkCmdSetViewportWithCount", "vkCmdSetScissorWithCount", "vkCmdBindVertexBuffers2",
      "vkCmdSetDepthTestEnable", "vkCmdSetDepthWriteEnable", "vkCmdSetDepthCompareOp",
      "vkCmdSetDepthBoundsTestEnable", "vkCmdSetStencilTestEnable", "vkCmdSetStencilOp",
      "vkCmdSetRasterizerDiscardEnable", "vkCmdSetDepthBiasEnable",
      "vkCmdSetPrimitiveRestartEnable", "vkGetDeviceBufferMemoryRequirements",
      "vkGetDeviceImageMemoryRequirements", "vkGetDeviceImageSparseMemoryRequirements",
   };
   for (unsigned i = 0; i < ARRAY_SIZE(names); i++) {
      if (!vkGetDeviceProcAddr(t.dev, names[i]))
         test_fail(__FILE__, __LINE__, "%s does not resolve", names[i]);
   }
   if (!vkGetInstanceProcAddr(t.instance, "vkGetPhysicalDeviceToolProperties"))
      test_fail(__FILE__, __LINE__, "vkGetPhysicalDeviceToolProperties does not resolve");
   vkt_finish(&t);
}

/* A device created with VkPhysicalDeviceVulkan13Features (no extension
 * named) runs core-named 1.3 commands: vkQueueSubmit2 of a command buffer
 * with vkCmdCopyBuffer2 and vkCmdPipelineBarrier2, a private data slot. */
TEST(core_1_3_device_without_extensions)
{
   static VkPhysicalDeviceVulkan13Features f13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .synchronization2 = VK_TRUE,
      .privateData = VK_TRUE,
      .maintenance4 = VK_TRUE};
   struct vkt t;
   if (!init_1_3(&t, &f13))
      return;
   PFN_vkQueueSubmit2 submit2 = (PFN_vkQueueSubmit2)vkGetDeviceProcAddr(t.dev, "vkQueueSubmit2");
   PFN_vkCmdCopyBuffer2 copy2 =
      (PFN_vkCmdCopyBuffer2)vkGetDeviceProcAddr(t.dev, "vkCmdCopyBuffer2");
   PFN_vkCmdPipelineBarrier2 barrier2 =
      (PFN_vkCmdPipelineBarrier2)vkGetDeviceProcAddr(t.dev, "vkCmdPipelineBarrier2");
   PFN_vkCreatePrivateDataSlot create_slot =
      (PFN_vkCreatePrivateDataSlot)vkGetDeviceProcAddr(t.dev, "vkCreatePrivateDataSlot");
   PFN_vkDestroyPrivateDataSlot destroy_slot =
      (PFN_vkDestroyPrivateDataSlot)vkGetDeviceProcAddr(t.dev, "vkDestroyPrivateDataSlot");
   PFN_vkSetPrivateData set_data =
      (PFN_vkSetPrivateData)vkGetDeviceProcAddr(t.dev, "vkSetPrivateData");
   PFN_vkGetPrivateData get_data =
      (PFN_vkGetPrivateData)vkGetDeviceProcAddr(t.dev, "vkGetPrivateData");
   REQUIRE(submit2 && copy2 && barrier2 && create_slot && destroy_slot && set_data &&
           get_data);

   enum { SIZE = 4096 };
   struct vkt_buffer src, dst;
   REQUIRE(vkt_buffer_create(&t, SIZE, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &src));
   if (vkt_buffer_create(&t, SIZE, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &dst)) {
      for (uint32_t i = 0; i < SIZE; i++)
         src.map[i] = (uint8_t)(i * 13 + 5);
      memset(dst.map, 0, SIZE);
      VkCommandBuffer cmd = vkt_cmd_begin(&t);
      const VkBufferCopy2 region = {.sType = VK_STRUCTURE_TYPE_BUFFER_COPY_2,
                                    .srcOffset = 256, .dstOffset = 512, .size = 1024};
      const VkCopyBufferInfo2 ci = {.sType = VK_STRUCTURE_TYPE_COPY_BUFFER_INFO_2,
                                    .srcBuffer = src.buffer, .dstBuffer = dst.buffer,
                                    .regionCount = 1, .pRegions = &region};
      copy2(cmd, &ci);
      const VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                                   .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                                   .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
                                   .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                                   .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
      const VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                                    .memoryBarrierCount = 1, .pMemoryBarriers = &mb};
      barrier2(cmd, &dep);
      VKT_CHECK(vkEndCommandBuffer(cmd));
      const VkCommandBufferSubmitInfo cbi = {
         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, .commandBuffer = cmd};
      const VkSubmitInfo2 si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
                                .commandBufferInfoCount = 1, .pCommandBufferInfos = &cbi};
      VKT_CHECK(submit2(t.queues[0], 1, &si, VK_NULL_HANDLE));
      VKT_CHECK(vkQueueWaitIdle(t.queues[0]));
      unsigned bad = 0;
      for (uint32_t i = 0; i < SIZE; i++) {
         const uint8_t want = i >= 512 && i < 1536 ? (uint8_t)((i - 256) * 13 + 5) : 0;
         bad += dst.map[i] != want;
      }
      CHECK_EQ(bad, 0);
      vkFreeCommandBuffers(t.dev, t.pool, 1, &cmd);
      vkt_buffer_destroy(&t, &dst);
   }

   const VkPrivateDataSlotCreateInfo pci = {
      .sType = VK_STRUCTURE_TYPE_PRIVATE_DATA_SLOT_CREATE_INFO};
   VkPrivateDataSlot slot;
   if (VKT_CHECK(create_slot(t.dev, &pci, NULL, &slot))) {
      VKT_CHECK(set_data(t.dev, VK_OBJECT_TYPE_BUFFER, (uint64_t)src.buffer, slot, 0x1234567));
      uint64_t v = 0;
      get_data(t.dev, VK_OBJECT_TYPE_BUFFER, (uint64_t)src.buffer, slot, &v);
      CHECK_EQ(v, 0x1234567);
      destroy_slot(t.dev, slot, NULL);
   }
   vkt_buffer_destroy(&t, &src);
   vkt_finish(&t);
}

/* VK_KHR_format_feature_flags2 is core in 1.3: VkFormatProperties3 answers
 * for every format, and the 1.0 flags are its bits that 1.0 has (bits
 * 0-30; STORAGE_READ/WRITE_WITHOUT_FORMAT are 64-bit only, and with
 * shaderStorageImageRead/WriteWithoutFormat they are set for every storage
 * image format). */
TEST(format_properties_3_agree_with_1_0)
{
   struct vkt t;
   if (!init_1_3(&t, NULL))
      return;
   VkPhysicalDeviceFeatures f;
   vkGetPhysicalDeviceFeatures(t.pdev, &f);
   unsigned checked = 0, storage = 0;
   for (VkFormat fmt = VK_FORMAT_R4G4_UNORM_PACK8; fmt <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK;
        fmt++) {
      VkFormatProperties3 p3 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
      VkFormatProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &p3};
      vkGetPhysicalDeviceFormatProperties2(t.pdev, fmt, &p2);
      const VkFormatProperties *p = &p2.formatProperties;
      const VkFormatFeatureFlags2 legacy = 0x7fffffffull;
      if (p->linearTilingFeatures != (p3.linearTilingFeatures & legacy) ||
          p->optimalTilingFeatures != (p3.optimalTilingFeatures & legacy) ||
          p->bufferFeatures != (p3.bufferFeatures & legacy))
         test_fail(__FILE__, __LINE__, "format %d: 1.0 flags 0x%x/0x%x/0x%x, 64-bit 0x%llx/0x%llx/0x%llx",
                   fmt, p->linearTilingFeatures, p->optimalTilingFeatures, p->bufferFeatures,
                   (unsigned long long)p3.linearTilingFeatures,
                   (unsigned long long)p3.optimalTilingFeatures,
                   (unsigned long long)p3.bufferFeatures);
      if ((p3.optimalTilingFeatures & VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT) && t.is_kiln) {
         storage++;
         if (f.shaderStorageImageReadWithoutFormat)
            CHECK(p3.optimalTilingFeatures & VK_FORMAT_FEATURE_2_STORAGE_READ_WITHOUT_FORMAT_BIT);
         if (f.shaderStorageImageWriteWithoutFormat)
            CHECK(p3.optimalTilingFeatures & VK_FORMAT_FEATURE_2_STORAGE_WRITE_WITHOUT_FORMAT_BIT);
      }
      checked++;
   }
   printf("  %u formats, %u storage formats\n", checked, storage);
   vkt_finish(&t);
}

/* Every property struct of an extension promoted to core answers on a
 * device of that version, extension enabled or not: the 1.2 descriptor
 * indexing and sampler min/max structs (poisoned first) must say what
 * VkPhysicalDeviceVulkan12Properties says (kiln left both unwritten). */
TEST(promoted_property_structs_answer)
{
   struct vkt t;
   if (!init_1_3(&t, NULL))
      return;
   VkPhysicalDeviceSamplerFilterMinmaxProperties mm;
   memset(&mm, 0xab, sizeof(mm));
   mm.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SAMPLER_FILTER_MINMAX_PROPERTIES;
   mm.pNext = NULL;
   VkPhysicalDeviceDescriptorIndexingProperties di;
   memset(&di, 0xab, sizeof(di));
   di.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_PROPERTIES;
   di.pNext = &mm;
   VkPhysicalDeviceVulkan12Properties p12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES, .pNext = &di};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &p12};
   vkGetPhysicalDeviceProperties2(t.pdev, &p2);
   CHECK_EQ(mm.filterMinmaxSingleComponentFormats, p12.filterMinmaxSingleComponentFormats);
   CHECK_EQ(mm.filterMinmaxImageComponentMapping, p12.filterMinmaxImageComponentMapping);
   CHECK(mm.pNext == NULL);
   CHECK(di.pNext == &mm);
   CHECK_EQ(di.maxUpdateAfterBindDescriptorsInAllPools,
            p12.maxUpdateAfterBindDescriptorsInAllPools);
   CHECK_EQ(di.shaderSampledImageArrayNonUniformIndexingNative,
            p12.shaderSampledImageArrayNonUniformIndexingNative);
   CHECK_EQ(di.robustBufferAccessUpdateAfterBind, p12.robustBufferAccessUpdateAfterBind);
   CHECK_EQ(di.maxPerStageDescriptorUpdateAfterBindSamplers,
            p12.maxPerStageDescriptorUpdateAfterBindSamplers);
   CHECK_EQ(di.maxPerStageUpdateAfterBindResources, p12.maxPerStageUpdateAfterBindResources);
   CHECK_EQ(di.maxDescriptorSetUpdateAfterBindInputAttachments,
            p12.maxDescriptorSetUpdateAfterBindInputAttachments);
   vkt_finish(&t);
}

/* A 1.3 device takes SPIR-V 1.6 (Vulkan 1.3, "Versions and Formats"):
 * a module compiled for Vulkan 1.3 (LocalSizeId from specialization
 * constants, every global in the entry point's interface) runs and
 * computes what its source says. */
TEST(spirv_1_6_module)
{
   enum { LOCAL = 64, GROUPS = 3, N = LOCAL * GROUPS };
   static const VkPhysicalDeviceVulkan13Features f13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .maintenance4 = VK_TRUE};
   struct vkt t;
   if (!init_1_3(&t, (void *)&f13))
      return;
   const uint32_t spec[2] = {LOCAL, 5};
   const VkSpecializationMapEntry entries[2] = {{0, 0, 4}, {1, 4, 4}};
   const VkSpecializationInfo si = {2, entries, sizeof(spec), spec};
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   struct vkt_buffer buf;
   memset(&buf, 0, sizeof(buf));
   struct vkt_pipeline p;
   memset(&p, 0, sizeof(p));
   if (vkt_buffer_create(&t, N * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &buf) &&
       vkt_pipeline_create(&t,
                           &(struct vkt_pipeline_info){VKT_SPIRV(spirv16_comp_spv),
                                                       .bindings = b, .binding_count = 1,
                                                       .spec = &si},
                           &p)) {
      memset(buf.map, 0, N * 4);
      vkt_pipeline_set_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, buf.buffer, 0,
                              VK_WHOLE_SIZE);
      if (vkt_run_compute(&t, &p, NULL, 0, GROUPS, 1, 1)) {
         const uint32_t *v = (const uint32_t *)buf.map;
         unsigned bad = 0;
         for (uint32_t i = 0; i < N; i++)
            bad += v[i] != (i % 3 == 0 ? i * 5 : i + 1) + LOCAL * 1000;
         CHECK_EQ(bad, 0);
      }
   }
   vkt_pipeline_destroy(&t, &p);
   if (buf.buffer)
      vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}

