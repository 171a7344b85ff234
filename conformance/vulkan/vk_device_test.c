/* SPDX-License-Identifier: MIT */
/*
 * Instance, physical device and device: what the driver reports and how
 * the entry points behave, including the errors the spec names for
 * requests the driver cannot meet.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vkt.h"
#include "vkt_format.h"

TEST(device_properties_are_consistent)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   CHECK(VK_API_VERSION_MAJOR(t.props.apiVersion) == 1);
   CHECK(t.props.deviceName[0] != '\0');
   if (t.is_kiln) {
      /* A CPU device reporting itself as one. */
      CHECK_EQ(t.props.deviceType, VK_PHYSICAL_DEVICE_TYPE_CPU);
      CHECK_EQ(t.props.limits.timestampPeriod, 1.0f);
   }
   /* Memory: a device-local heap and a host-visible coherent type. */
   bool device_local = false;
   for (uint32_t i = 0; i < t.mem_props.memoryHeapCount; i++)
      device_local |= t.mem_props.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT;
   CHECK(device_local);
   CHECK(vkt_memory_type(&t, ~0u, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                     VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) != UINT32_MAX);
   /* Spec ordering rule (Vulkan 1.3, 11.2.1): a type whose flags are a strict
    * subset of another's comes first. */
   for (uint32_t i = 0; i < t.mem_props.memoryTypeCount; i++) {
      for (uint32_t j = i + 1; j < t.mem_props.memoryTypeCount; j++) {
         const VkMemoryPropertyFlags a = t.mem_props.memoryTypes[i].propertyFlags;
         const VkMemoryPropertyFlags b = t.mem_props.memoryTypes[j].propertyFlags;
         CHECK(!((a & b) == b && a != b));
      }
   }

   uint32_t nq = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(t.pdev, &nq, NULL);
   CHECK(nq >= 1);
   VkQueueFamilyProperties qf[8];
   nq = nq > 8 ? 8 : nq;
   vkGetPhysicalDeviceQueueFamilyProperties(t.pdev, &nq, qf);
   CHECK(qf[t.queue_family].queueFlags & VK_QUEUE_TRANSFER_BIT ||
         qf[t.queue_family].queueFlags & (VK_QUEUE_COMPUTE_BIT | VK_QUEUE_GRAPHICS_BIT));
   CHECK(qf[t.queue_family].timestampValidBits > 0);

   /* The *2 query agrees with the 1.0 one. */
   PFN_vkGetPhysicalDeviceProperties2KHR props2 = (PFN_vkGetPhysicalDeviceProperties2KHR)
      vkGetInstanceProcAddr(t.instance, "vkGetPhysicalDeviceProperties2KHR");
   REQUIRE(props2);
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
   props2(t.pdev, &p2);
   CHECK(memcmp(&p2.properties, &t.props, sizeof(t.props)) == 0);
   vkt_finish(&t);
}

TEST(count_queries_report_incomplete)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   uint32_t n = 0;
   VKT_CHECK(vkEnumerateDeviceExtensionProperties(t.pdev, NULL, &n, NULL));
   if (n >= 2) {
      VkExtensionProperties props[2];
      uint32_t one = 1;
      VKT_CHECK_RESULT(vkEnumerateDeviceExtensionProperties(t.pdev, NULL, &one, props),
                       VK_INCOMPLETE);
      CHECK_EQ(one, 1);
   }
   uint32_t pd = 0;
   VKT_CHECK(vkEnumeratePhysicalDevices(t.instance, &pd, NULL));
   CHECK_EQ(pd, 1);
   vkt_finish(&t);
}

TEST(proc_addr_follows_enabled_extensions)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   /* Core 1.0 device commands are there; commands of device extensions we
    * did not enable are not (Vulkan 1.3, vkGetDeviceProcAddr table). */
   CHECK(vkGetDeviceProcAddr(t.dev, "vkCmdCopyBuffer") != NULL);
   CHECK(vkGetDeviceProcAddr(t.dev, "vkQueueSubmit") != NULL);
   CHECK(vkGetDeviceProcAddr(t.dev, "vkWaitSemaphoresKHR") == NULL);
   CHECK(vkGetDeviceProcAddr(t.dev, "vkCmdPipelineBarrier2KHR") == NULL);
   CHECK(vkGetDeviceProcAddr(t.dev, "vkNotACommand") == NULL);
   /* Instance-level commands are not device commands. */
   CHECK(vkGetDeviceProcAddr(t.dev, "vkEnumeratePhysicalDevices") == NULL);
   vkt_finish(&t);

   static const char *const exts[] = {VK_KHR_TIMELINE_SEMAPHORE_EXTENSION_NAME};
   VkPhysicalDeviceTimelineSemaphoreFeatures tl = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES,
      .timelineSemaphore = VK_TRUE,
   };
   const struct vkt_req req = {.extensions = exts, .extension_count = 1, .features = &tl};
   if (!vkt_init(&t, &req))
      return;
   CHECK(vkGetDeviceProcAddr(t.dev, "vkWaitSemaphoresKHR") != NULL);
   CHECK(vkGetDeviceProcAddr(t.dev, "vkGetSemaphoreCounterValueKHR") != NULL);
   vkt_finish(&t);
}

TEST(unsupported_requests_get_the_spec_errors)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;

   /* An extension nobody has: VK_ERROR_EXTENSION_NOT_PRESENT (Vulkan 1.3,
    * vkCreateDevice). */
   const float prio = 1.0f;
   const VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = t.queue_family,
      .queueCount = 1,
      .pQueuePriorities = &prio,
   };
   const char *bogus = "VK_KILN_no_such_extension";
   VkDeviceCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &qci,
      .enabledExtensionCount = 1,
      .ppEnabledExtensionNames = &bogus,
   };
   VkDevice dev = VK_NULL_HANDLE;
   vkt_expect_validation_errors_begin(&t);
   VKT_CHECK_RESULT(vkCreateDevice(t.pdev, &dci, NULL, &dev), VK_ERROR_EXTENSION_NOT_PRESENT);
   vkt_expect_validation_errors_end(&t);

   /* A feature the device lacks: VK_ERROR_FEATURE_NOT_PRESENT. */
   VkPhysicalDeviceFeatures supported;
   vkGetPhysicalDeviceFeatures(t.pdev, &supported);
   VkPhysicalDeviceFeatures want = {0};
   VkBool32 *s = (VkBool32 *)&supported, *w = (VkBool32 *)&want;
   int missing = -1;
   for (unsigned i = 0; i < sizeof(want) / sizeof(VkBool32) && missing < 0; i++) {
      if (!s[i]) {
         w[i] = VK_TRUE;
         missing = (int)i;
      }
   }
   if (missing >= 0) {
      dci.enabledExtensionCount = 0;
      dci.pEnabledFeatures = &want;
      vkt_expect_validation_errors_begin(&t);
      VKT_CHECK_RESULT(vkCreateDevice(t.pdev, &dci, NULL, &dev),
                       VK_ERROR_FEATURE_NOT_PRESENT);
      vkt_expect_validation_errors_end(&t);
   } else {
      printf("  (every 1.0 feature is supported: nothing to refuse)\n");
   }

   /* An instance extension nobody has. */
   const VkInstanceCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .enabledExtensionCount = 1,
      .ppEnabledExtensionNames = &bogus,
   };
   VkInstance inst = VK_NULL_HANDLE;
   VKT_CHECK_RESULT(vkCreateInstance(&ici, NULL, &inst), VK_ERROR_EXTENSION_NOT_PRESENT);
   vkt_finish(&t);
}

TEST(queues_are_distinct_and_idle)
{
   const struct vkt_req req = {.queue_count = 2};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   CHECK(t.queues[0] != VK_NULL_HANDLE);
   CHECK(t.queues[1] != VK_NULL_HANDLE);
   CHECK(t.queues[0] != t.queues[1]);
   VkQueue again;
   vkGetDeviceQueue(t.dev, t.queue_family, 1, &again);
   CHECK(again == t.queues[1]);
   VKT_CHECK(vkQueueWaitIdle(t.queues[0]));
   VKT_CHECK(vkQueueWaitIdle(t.queues[1]));
   VKT_CHECK(vkDeviceWaitIdle(t.dev));
   /* An empty submission with a fence signals it. */
   const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   VKT_REQUIRE(vkCreateFence(t.dev, &fci, NULL, &fence));
   VKT_CHECK(vkQueueSubmit(t.queues[1], 0, NULL, fence));
   VKT_CHECK(vkWaitForFences(t.dev, 1, &fence, VK_TRUE, 5000000000ull));
   vkDestroyFence(t.dev, fence, NULL);
   vkt_finish(&t);
}

/* kiln promises only what it implements and tests (PROTOCOL.md): until the
 * shader backend and the rasterizer land, nothing that needs them may be
 * advertised. Whoever adds a feature or extension updates this list, next
 * to the test that covers it. */
TEST(kiln_advertises_only_what_it_implements)
{
   const struct vkt_req req = {.kiln_only = true};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   /* Vulkan 1.1: vk_version_test device_meets_vulkan_1_1_requirements,
    * core_1_1_commands, multiview_*, maintenance2_*; 1.2:
    * device_meets_vulkan_1_2_requirements, core_1_2_commands,
    * vulkan_1_2_shader_features, imageless_framebuffer_*,
    * separate_depth_stencil_layouts_and_resolve; 1.3: vk_version13_test,
    * vk_bda_test (bufferDeviceAddress, the last 1.3 feature). */
   CHECK_EQ(VK_API_VERSION_MINOR(t.props.apiVersion), 3);
   /* GRAPHICS: render passes, dynamic rendering, clears and resolves
    * (vk_draw_test); draws run once graphics pipelines exist. */
   CHECK_EQ(t.queue_flags, VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT | VK_QUEUE_TRANSFER_BIT);

   /* Each 1.0 feature that is on: where it is tested. */
   VkPhysicalDeviceFeatures f;
   vkGetPhysicalDeviceFeatures(t.pdev, &f);
   VkPhysicalDeviceFeatures tested = {
      .robustBufferAccess = VK_TRUE,      /* vk_compute_test out_of_bounds_reads_are_robust */
      .pipelineStatisticsQuery = VK_TRUE, /* vk_compute_test compute_invocations_statistic,
                                           vk_draw_test occlusion_and_statistics_queries */
      .occlusionQueryPrecise = VK_TRUE,   /* vk_draw_test occlusion_and_statistics_queries */
      .logicOp = VK_TRUE,                 /* vk_draw_test logic_ops */
      .independentBlend = VK_TRUE,        /* vk_draw_test independent_blend */
      .depthClamp = VK_TRUE,              /* vk_draw_test depth_clamp */
      .depthBiasClamp = VK_TRUE,          /* vk_draw_test depth_bias_clamp */
      .depthBounds = VK_TRUE,             /* vk_draw_test depth_bounds */
      .fillModeNonSolid = VK_TRUE,        /* vk_draw_test polygon_mode_point */
      .multiDrawIndirect = VK_TRUE,       /* vk_draw_test multi_draw_indirect_first_instance,
                                             indexed_and_indirect_draws */
      .drawIndirectFirstInstance = VK_TRUE, /* vk_draw_test multi_draw_indirect_first_instance */
      .dualSrcBlend = VK_TRUE,            /* vk_draw_test dual_source_blend */
      .alphaToOne = VK_TRUE,              /* vk_draw_test alpha_to_one */
      .sampleRateShading = VK_TRUE,       /* vk_draw_test sample_rate_shading */
      .shaderClipDistance = VK_TRUE,      /* vk_draw_test clip_and_cull_distances */
      .shaderCullDistance = VK_TRUE,      /* vk_draw_test clip_and_cull_distances */
      .multiViewport = VK_TRUE,           /* vk_draw_test layer_and_viewport_from_the_vs */
      .imageCubeArray = VK_TRUE,          /* vk_image_compute_test cube_map_array_sampling */
      .vertexPipelineStoresAndAtomics = VK_TRUE, /* vk_draw_test
                                                    stores_and_atomics_through_device_addresses */
      .fragmentStoresAndAtomics = VK_TRUE, /* the same */
      .largePoints = VK_TRUE,             /* vk_draw_test large_points_and_wide_lines */
      .wideLines = VK_TRUE,               /* vk_draw_test large_points_and_wide_lines */
      .shaderFloat64 = VK_TRUE,           /* vk_compute_test int64_float64_int16_arithmetic */
      .shaderInt64 = VK_TRUE,             /* vk_compute_test int64_float64_int16_arithmetic */
      .shaderInt16 = VK_TRUE,             /* vk_compute_test int64_float64_int16_arithmetic */
      /* vk_image_compute_test storage_image_every_format_round_trips,
       * storage_image_without_format */
      .shaderStorageImageExtendedFormats = VK_TRUE,
      .shaderStorageImageReadWithoutFormat = VK_TRUE,
      .shaderStorageImageWriteWithoutFormat = VK_TRUE,
      /* vk_image_compute_test buffer_arrays_dynamic_indexing,
       * image_arrays_dynamic_indexing */
      .shaderUniformBufferArrayDynamicIndexing = VK_TRUE,
      .shaderSampledImageArrayDynamicIndexing = VK_TRUE,
      .shaderStorageBufferArrayDynamicIndexing = VK_TRUE,
      .shaderStorageImageArrayDynamicIndexing = VK_TRUE,
      /* vk_bc_test bc_formats_sample_nearest_and_linear, bc_formats_copy_and_blit */
      .textureCompressionBC = VK_TRUE,
      .samplerAnisotropy = VK_TRUE, /* vk_sampler_test sampler_anisotropy */
      .tessellationShader = VK_TRUE, /* vk_tess_test (every test) */
      /* vk_tess_test tess_point_size_from_the_last_stage */
      .shaderTessellationAndGeometryPointSize = VK_TRUE,
      /* vk_xfb_test gs_amplifies_to_layers_and_viewports, gs_streams_* */
      .geometryShader = VK_TRUE,
   };
   const VkBool32 *b = (const VkBool32 *)&f, *ok = (const VkBool32 *)&tested;
   for (unsigned i = 0; i < sizeof(f) / sizeof(VkBool32); i++) {
      if (b[i] && !ok[i])
         test_fail(__FILE__, __LINE__, "VkPhysicalDeviceFeatures member %u is on, untested", i);
   }

   /* Each extension: where it is tested. */
   static const char *const expected[] = {
      "VK_EXT_host_query_reset",            /* vk_query_test host_query_reset */
      "VK_EXT_memory_budget",               /* vk_buffer_test memory_budget_tracks_... */
      "VK_EXT_pipeline_creation_feedback",  /* vk_compute_test pipeline_cache_hits_... */
      "VK_KHR_device_group",                /* vk_compute_test dispatch_base */
      "VK_EXT_shader_subgroup_ballot",      /* vk_compute_test subgroup_ballot_and_vote */
      "VK_EXT_shader_subgroup_vote",        /* vk_compute_test subgroup_ballot_and_vote */
      "VK_EXT_private_data",                /* vk_object_test private_data_slots */
      /* conformance/interop (docs/external-memory.md) */
      "VK_EXT_external_memory_dma_buf",     /* vk_external_memory_test dma_buf_* */
      "VK_EXT_external_memory_host",        /* vk_external_memory_test host_* */
      "VK_EXT_image_drm_format_modifier",   /* vk_drm_modifier_test, interop-matrix */
      "VK_EXT_queue_family_foreign",        /* vk_external_memory_test foreign_* */
      "VK_KHR_external_fence",              /* vk_external_sync_test */
      "VK_KHR_external_fence_fd",           /* vk_external_sync_test */
      "VK_KHR_external_memory",             /* vk_external_memory_test */
      "VK_KHR_external_memory_fd",          /* vk_external_memory_test */
      "VK_KHR_external_semaphore",          /* vk_external_sync_test */
      "VK_KHR_external_semaphore_fd",       /* vk_external_sync_test */
      "VK_KHR_image_format_list",           /* vk_drm_modifier_test (needs it) */
      "VK_KHR_bind_memory2",                /* vk_image_test copy_commands2_and_memory2 */
      "VK_KHR_copy_commands2",              /* vk_image_test copy_commands2_and_memory2 */
      "VK_KHR_dedicated_allocation",        /* vk_image_test copy_commands2_and_memory2 */
      "VK_KHR_descriptor_update_template",  /* vk_descriptor_test */
      "VK_KHR_get_memory_requirements2",    /* vk_image_test copy_commands2_and_memory2 */
      "VK_KHR_maintenance1",                /* vk_image_test copy_3d_to_array_and_back,
                                               maintenance1_2d_array_compatible_and_trim */
      "VK_KHR_maintenance3",                /* vk_descriptor_test layout support */
      "VK_KHR_push_descriptor",             /* vk_descriptor_test, nvk_descriptor_test */
      "VK_KHR_sampler_ycbcr_conversion",    /* vk_ycbcr_test */
      "VK_KHR_synchronization2",            /* vk_sync_test, vk_query_test */
      "VK_KHR_timeline_semaphore",          /* vk_sync_test */
      "VK_KHR_draw_indirect_count",         /* vk_draw_test indirect_count_draws */
      "VK_EXT_subgroup_size_control",       /* vk_version_test subgroup_size_control */
      "VK_EXT_shader_demote_to_helper_invocation", /* vk_version_test demote_* */
      "VK_KHR_shader_terminate_invocation", /* vk_version_test terminate_invocation */
      "VK_KHR_zero_initialize_workgroup_memory", /* vk_version_test
                                                    zero_initialized_workgroup_memory */
      "VK_EXT_pipeline_creation_cache_control", /* vk_version_test
                                                   pipeline_creation_cache_control */
      "VK_KHR_maintenance4",                /* vk_version_test maintenance4 */
      "VK_EXT_inline_uniform_block",        /* vk_version_test inline_uniform_block */
      "VK_EXT_image_robustness",            /* vk_version_test robust_image_access */
      "VK_KHR_vulkan_memory_model",         /* vk_version_test vulkan_memory_model */
      "VK_KHR_shader_integer_dot_product",  /* vk_version_test integer_dot_product */
      "VK_KHR_buffer_device_address",       /* vk_bda_test */
      "VK_EXT_scalar_block_layout",         /* vk_scalar_layout_test */
      "VK_EXT_shader_stencil_export",       /* vk_draw_test shader_stencil_export */
      "VK_EXT_index_type_uint8",            /* vk_draw_test uint8_indices_and_restart */
      "VK_EXT_primitive_topology_list_restart", /* vk_draw_test list_restart */
      "VK_KHR_multiview",                   /* vk_draw_test multiview_render_pass,
                                               vk_version_test multiview_* */
      "VK_KHR_maintenance2",                /* vk_draw_test point_clipping_behavior,
                                               maintenance2_structures,
                                               vk_version_test maintenance2_* */
      "VK_KHR_create_renderpass2",          /* vk_draw_test render_pass2 */
      "VK_KHR_depth_stencil_resolve",       /* vk_draw_test depth_resolve_modes */
      "VK_KHR_dynamic_rendering",           /* vk_draw_test render_pass_and_dynamic_rendering_agree,
                                               dynamic_rendering_resolve_and_resume */
      "VK_KHR_imageless_framebuffer",       /* vk_draw_test imageless_framebuffer */
      "VK_EXT_vertex_attribute_divisor",    /* vk_draw_test instance_rate_divisors */
      "VK_EXT_extended_dynamic_state",      /* vk_draw_test extended_dynamic_state_toggled */
      "VK_EXT_custom_border_color",         /* vk_sampler_test custom_border_colors_float_and_int */
      "VK_EXT_border_color_swizzle",        /* vk_sampler_test border_color_swizzle */
      "VK_KHR_sampler_mirror_clamp_to_edge", /* vk_sampler_test sampler_mirror_clamp_to_edge */
      "VK_EXT_non_seamless_cube_map",       /* vk_sampler_test non_seamless_cube_maps */
      "VK_EXT_image_2d_view_of_3d",         /* vk_sampler_test image_2d_view_of_3d */
      "VK_EXT_robustness2", /* vk_robustness2_test robust_buffers_images_and_null_descriptors */
      "VK_EXT_extended_dynamic_state2",     /* vk_draw_test extended_dynamic_state2_toggled */
      "VK_EXT_shader_viewport_index_layer", /* vk_draw_test layer_and_viewport_from_the_vs */
      "VK_EXT_provoking_vertex",            /* vk_draw_test provoking_vertex_last */
      "VK_EXT_depth_clip_enable",           /* vk_draw_test depth_clip_disabled */
      "VK_EXT_depth_clip_control",          /* vk_draw_test depth_clip_negative_one_to_one */
      "VK_EXT_color_write_enable",          /* vk_draw_test color_write_enable */
      "VK_EXT_multi_draw",                  /* vk_draw_test multi_draw_and_draw_parameters */
      "VK_KHR_shader_draw_parameters",      /* vk_draw_test multi_draw_and_draw_parameters */
      "VK_EXT_line_rasterization",          /* vk_draw_test bresenham_and_stippled_lines */
      "VK_EXT_vertex_input_dynamic_state",  /* vk_draw_test vertex_input_set_between_draws */
      "VK_EXT_extended_dynamic_state3",     /* vk_draw_test extended_dynamic_state3_toggled */
      "VK_EXT_conditional_rendering",       /* vk_draw_test conditional_rendering */
      "VK_EXT_transform_feedback",          /* vk_xfb_test (all) */
      "VK_EXT_primitives_generated_query",  /* vk_xfb_test xfb_overflow_queries_counters,
                                               gs_streams_points */
      "VK_KHR_swapchain",                   /* vk_wsi_test (all), conformance/wsi vkcube */
      "VK_KHR_incremental_present",         /* vk_wsi_test x11_incremental_present_... */
      "VK_EXT_swapchain_maintenance1",      /* vk_wsi_test swapchain_maintenance1 */
      "VK_KHR_swapchain_mutable_format",    /* vk_wsi_test x11_mutable_format_srgb_view,
                                               vk_image_test extended_usage_... */
   };
   uint32_t n = 0;
   VKT_CHECK(vkEnumerateDeviceExtensionProperties(t.pdev, NULL, &n, NULL));
   VkExtensionProperties props[128];
   n = n > 128 ? 128 : n;
   VKT_CHECK(vkEnumerateDeviceExtensionProperties(t.pdev, NULL, &n, props));
   CHECK_EQ(n, ARRAY_SIZE(expected));
   for (uint32_t i = 0; i < n; i++) {
      bool known = false;
      for (unsigned j = 0; j < ARRAY_SIZE(expected); j++)
         known |= strcmp(props[i].extensionName, expected[j]) == 0;
      if (!known)
         test_fail(__FILE__, __LINE__, "%s is advertised but not on the tested list",
                   props[i].extensionName);
   }

   /* Format features of draws (vk_draw_test): colour and depth/stencil
    * attachments (load, store, clear, resolve, draws), blending of
    * float-class colour formats, vertex fetch of every colour format
    * shared/format converts. Integer formats never blend (Vulkan 1.3,
    * VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT). (Sampling, storage,
    * atomics and texel buffers: vk_image_compute_test checks every format
    * that has them.) */
   for (VkFormat fmt = VK_FORMAT_UNDEFINED; fmt <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK; fmt++) {
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(t.pdev, fmt, &fp);
      const struct vkt_format *vf = vkt_format_find(fmt);
      if (vf && vf->cls != VKT_CLASS_FLOAT && ((fp.linearTilingFeatures | fp.optimalTilingFeatures) &
                      VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT))
         test_fail(__FILE__, __LINE__, "integer format %d advertises blending", fmt);
   }
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(t.pdev, VK_FORMAT_R32G32B32A32_SFLOAT, &fp);
   CHECK(fp.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT);
   vkGetPhysicalDeviceFormatProperties(t.pdev, VK_FORMAT_R8G8B8A8_UNORM, &fp);
   CHECK(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT);
   VkImageFormatProperties ifp;
   VKT_CHECK(vkGetPhysicalDeviceImageFormatProperties(
      t.pdev, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0, &ifp));
   VKT_CHECK(vkGetPhysicalDeviceImageFormatProperties(
      t.pdev, VK_FORMAT_D32_SFLOAT, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
      VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, 0, &ifp));
   /* Block-compressed formats sample and blit from, never render. */
   VKT_CHECK_RESULT(vkGetPhysicalDeviceImageFormatProperties(
                       t.pdev, VK_FORMAT_BC1_RGB_UNORM_BLOCK, VK_IMAGE_TYPE_2D,
                       VK_IMAGE_TILING_OPTIMAL, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0, &ifp),
                    VK_ERROR_FORMAT_NOT_SUPPORTED);
   VKT_CHECK(vkGetPhysicalDeviceImageFormatProperties(
      t.pdev, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
      VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0, &ifp));
   CHECK(ifp.maxExtent.width >= 4096 && ifp.maxMipLevels >= 13);
   vkt_finish(&t);
}
