/* SPDX-License-Identifier: MIT */
/*
 * What a core Vulkan version promises beyond its extensions: the features
 * and limits the spec requires of every device of that version (Vulkan
 * 1.3, 48.1 "Feature Requirements" and 50.1 "Required Limits"), the core
 * entry points, and the promoted extensions kiln implements for it
 * (VK_KHR_multiview, VK_KHR_maintenance2). Each test runs on kiln and on
 * lavapipe with the validation layer.
 */
#include <stdio.h>
#include <string.h>

#include "vkt.h"
#include "vkt_compute.h"

#include "multiview_frag.h"
#include "multiview_pos_frag.h"
#include "multiview_pos_vert.h"
#include "multiview_vert.h"
#include "robust_image_comp.h"
#include "terminate_frag.h"
#include "demote_frag.h"
#include "full_subgroups_comp.h"
#include "inline_ubo_comp.h"
#include "integer_dot_comp.h"
#include "memory_model_comp.h"
#include "vulkan12_shader_comp.h"
#include "store_push_comp.h"
#include "zero_shared_comp.h"

#define W 16
#define H 8

/* Vulkan 1.1 "Required Limits" (Vulkan 1.3, table 53): minimums. */
TEST(device_meets_vulkan_1_1_requirements)
{
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_1};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   if (t.props.apiVersion < VK_API_VERSION_1_1) {
      vkt_finish(&t);
      vkt_skip("%s is a Vulkan 1.0 device", t.props.deviceName);
      return;
   }
   VkPhysicalDeviceProtectedMemoryProperties prot = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROTECTED_MEMORY_PROPERTIES};
   VkPhysicalDeviceMaintenance3Properties m3 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES, .pNext = &prot};
   VkPhysicalDeviceMultiviewProperties mv = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_PROPERTIES, .pNext = &m3};
   VkPhysicalDevicePointClippingProperties pc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_POINT_CLIPPING_PROPERTIES, .pNext = &mv};
   VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES, .pNext = &pc};
   VkPhysicalDeviceIDProperties id = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES,
                                      .pNext = &sg};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &id};
   vkGetPhysicalDeviceProperties2(t.pdev, &p2);
   CHECK(mv.maxMultiviewViewCount >= 6);
   CHECK(mv.maxMultiviewInstanceIndex >= (1u << 27) - 1);
   CHECK(m3.maxPerSetDescriptors >= 1024);
   CHECK(m3.maxMemoryAllocationSize >= (1ull << 30));
   CHECK(sg.subgroupSize >= 1);
   CHECK(sg.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT);
   CHECK(sg.supportedOperations & VK_SUBGROUP_FEATURE_BASIC_BIT);
   CHECK(pc.pointClippingBehavior == VK_POINT_CLIPPING_BEHAVIOR_ALL_CLIP_PLANES ||
         pc.pointClippingBehavior == VK_POINT_CLIPPING_BEHAVIOR_USER_CLIP_PLANES_ONLY);
   if (t.is_kiln) {
      /* Strips of 64 lanes are subgroups; points outside the view volume
       * are discarded like other primitives; no protected memory. */
      CHECK_EQ(sg.subgroupSize, 64);
      CHECK_EQ(pc.pointClippingBehavior, VK_POINT_CLIPPING_BEHAVIOR_ALL_CLIP_PLANES);
      CHECK_EQ(prot.protectedNoFault, VK_FALSE);
   }

   /* "If Vulkan 1.1 is supported, the following features must be
    * supported: [...] multiview" (Vulkan 1.3, 48.1). */
   VkPhysicalDeviceProtectedMemoryFeatures pf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROTECTED_MEMORY_FEATURES};
   VkPhysicalDeviceMultiviewFeatures mvf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_FEATURES, .pNext = &pf};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &mvf};
   vkGetPhysicalDeviceFeatures2(t.pdev, &f2);
   CHECK(mvf.multiview);
   if (t.is_kiln) {
      CHECK(mvf.multiviewGeometryShader); /* vk_xfb_test gs_with_multiview */
      CHECK(!mvf.multiviewTessellationShader);
      CHECK(!pf.protectedMemory);
   }
   vkt_finish(&t);
}

/* Every command Vulkan 1.1 adds to a device resolves by its core name, and
 * the few with no extension test elsewhere do what they say. */
TEST(core_1_1_commands)
{
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_1};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   if (t.props.apiVersion < VK_API_VERSION_1_1) {
      vkt_finish(&t);
      vkt_skip("%s is a Vulkan 1.0 device", t.props.deviceName);
      return;
   }
   static const char *const names[] = {
      "vkBindBufferMemory2",
      "vkBindImageMemory2",
      "vkGetDeviceGroupPeerMemoryFeatures",
      "vkCmdSetDeviceMask",
      "vkCmdDispatchBase",
      "vkGetImageMemoryRequirements2",
      "vkGetBufferMemoryRequirements2",
      "vkGetImageSparseMemoryRequirements2",
      "vkTrimCommandPool",
      "vkGetDeviceQueue2",
      "vkCreateSamplerYcbcrConversion",
      "vkDestroySamplerYcbcrConversion",
      "vkCreateDescriptorUpdateTemplate",
      "vkDestroyDescriptorUpdateTemplate",
      "vkUpdateDescriptorSetWithTemplate",
      "vkGetDescriptorSetLayoutSupport",
   };
   for (unsigned i = 0; i < ARRAY_SIZE(names); i++) {
      if (!vkGetDeviceProcAddr(t.dev, names[i]))
         test_fail(__FILE__, __LINE__, "%s does not resolve", names[i]);
   }

   /* vkGetDeviceQueue2 with no flags is vkGetDeviceQueue. */
   const VkDeviceQueueInfo2 qi = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_INFO_2,
                                  .queueFamilyIndex = t.queue_family};
   VkQueue q = VK_NULL_HANDLE;
   vkGetDeviceQueue2(t.dev, &qi, &q);
   CHECK(q == t.queues[0]);

   /* One physical device per group, no subset allocation. */
   uint32_t n = 0;
   VKT_CHECK(vkEnumeratePhysicalDeviceGroups(t.instance, &n, NULL));
   VkPhysicalDeviceGroupProperties groups[8];
   for (unsigned i = 0; i < ARRAY_SIZE(groups); i++)
      groups[i] = (VkPhysicalDeviceGroupProperties){
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GROUP_PROPERTIES};
   n = n > 8 ? 8 : n;
   VKT_CHECK(vkEnumeratePhysicalDeviceGroups(t.instance, &n, groups));
   bool found = false;
   for (uint32_t i = 0; i < n; i++) {
      for (uint32_t d = 0; d < groups[i].physicalDeviceCount; d++)
         found |= groups[i].physicalDevices[d] == t.pdev;
   }
   CHECK(found);
   vkt_finish(&t);
}

struct mv_env {
   struct vkt t;
   struct vkt_image img;
   VkImageView view;
   VkRenderPass pass;
   VkFramebuffer fb;
   VkPipelineLayout layout;
   VkPipeline pipe;
   VkShaderModule vs, fs;
   VkQueryPool queries;
   struct vkt_buffer vb; /* the rectangle's corners, two triangles */
};

static VkShaderModule
module(struct vkt *t, const uint32_t *code, size_t size_B)
{
   const VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                        .codeSize = size_B,
                                        .pCode = code};
   VkShaderModule m = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateShaderModule(t->dev, &ci, NULL, &m));
   return m;
}

/* `count` (at most 2) pipelines drawing e->vs and e->fs into e->pass, the
 * i-th with flags[i]; the creation's result, unchecked. */
static VkResult
mv_create_pipelines(struct mv_env *e, VkPipelineCache cache, uint32_t count,
                    const VkPipelineCreateFlags *flags, bool dynamic_vertex_input,
                    VkPipeline *out)
{
   const VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = e->vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = e->fs,
       .pName = "main"},
   };
   const VkVertexInputBindingDescription binding = {0, 2 * sizeof(float),
                                                    VK_VERTEX_INPUT_RATE_VERTEX};
   const VkVertexInputAttributeDescription attr = {0, 0, VK_FORMAT_R32G32_SFLOAT, 0};
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 1,
      .pVertexBindingDescriptions = &binding,
      .vertexAttributeDescriptionCount = 1,
      .pVertexAttributeDescriptions = &attr};
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
   const VkViewport viewport = {0, 0, W, H, 0, 1};
   const VkRect2D scissor = {{0, 0}, {W, H}};
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &viewport,
      .scissorCount = 1,
      .pScissors = &scissor};
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .lineWidth = 1.0f};
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   const VkPipelineColorBlendAttachmentState blend = {.colorWriteMask = 0xf};
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &blend};
   /* Vertex input dynamic, and the strides as vkCmdBindVertexBuffers2
    * sets them. */
   static const VkDynamicState dyn_vi[] = {VK_DYNAMIC_STATE_VERTEX_INPUT_EXT,
                                           VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE};
   const VkPipelineDynamicStateCreateInfo dyn = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = ARRAY_SIZE(dyn_vi),
      .pDynamicStates = dyn_vi};
   VkGraphicsPipelineCreateInfo pci[2];
   count = count < 2 ? count : 2;
   for (uint32_t i = 0; i < count; i++) {
      pci[i] = (VkGraphicsPipelineCreateInfo){
         .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
         .flags = flags[i],
         .stageCount = 2,
         .pStages = stages,
         .pVertexInputState = &vi,
         .pInputAssemblyState = &ia,
         .pViewportState = &vp,
         .pRasterizationState = &rs,
         .pMultisampleState = &ms,
         .pColorBlendState = &cb,
         .pDynamicState = dynamic_vertex_input ? &dyn : NULL,
         .layout = e->layout,
         .renderPass = e->pass};
   }
   return vkCreateGraphicsPipelines(e->t.dev, cache, count, pci, NULL, out);
}

/* A render pass of one subpass with view mask `mask` over a `layers`-layer
 * RGBA8 image, cleared to zero, and a pipeline drawing multiview.vert/frag. */
/* A fragment shader in place of multiview(_pos).frag (NULL code: the
 * usual one), with the extensions and feature structs it needs; the vertex
 * input state dynamic (VK_EXT_vertex_input_dynamic_state) if asked. */
struct mv_fs {
   const uint32_t *code;
   size_t size_B;
   const char *extension;
   void *features;
   const char *extension2;
   bool dynamic_vertex_input;
};

static bool
mv_env_init_fs(struct mv_env *e, uint32_t mask, uint32_t layers, bool kiln_only,
               bool position_only, const struct mv_fs *fs)
{
   const char *exts[3] = {VK_KHR_MULTIVIEW_EXTENSION_NAME};
   uint32_t ext_count = 1;
   if (fs && fs->extension)
      exts[ext_count++] = fs->extension;
   if (fs && fs->extension2)
      exts[ext_count++] = fs->extension2;
   static VkPhysicalDeviceMultiviewFeatures mvf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_FEATURES, .multiview = VK_TRUE};
   mvf.pNext = fs ? fs->features : NULL;
   static const VkPhysicalDeviceFeatures core = {.occlusionQueryPrecise = VK_TRUE};
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_1,
                               .extensions = exts,
                               .extension_count = ext_count,
                               .features = &mvf,
                               .core_features = &core,
                               .kiln_only = kiln_only};
   memset(e, 0, sizeof(*e));
   if (!vkt_init(&e->t, &req))
      return false;
   struct vkt *t = &e->t;
   VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                                         VK_IMAGE_TILING_OPTIMAL, W, H, 1, 1, layers);
   ci.usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY,
      .format = VK_FORMAT_R8G8B8A8_UNORM,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, layers},
   };
   if (!vkt_image_create(t, &ci, &e->img) ||
       !vkt_image_to_general(t, &e->img, VK_IMAGE_LAYOUT_UNDEFINED))
      return false;
   VkImageViewCreateInfo v = vci;
   v.image = e->img.image;
   if (!VKT_CHECK(vkCreateImageView(t->dev, &v, NULL, &e->view)))
      return false;

   const VkAttachmentDescription att = {
      .format = VK_FORMAT_R8G8B8A8_UNORM,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
      .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
   };
   const VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_GENERAL};
   const VkSubpassDescription sub = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                     .colorAttachmentCount = 1,
                                     .pColorAttachments = &ref};
   const VkSubpassDependency deps[] = {
      {VK_SUBPASS_EXTERNAL, 0, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
       VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT, VK_ACCESS_MEMORY_WRITE_BIT,
       VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT, 0},
      {0, VK_SUBPASS_EXTERNAL, VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT,
       VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_ACCESS_MEMORY_WRITE_BIT,
       VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT, 0},
   };
   const VkRenderPassMultiviewCreateInfo mvi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_MULTIVIEW_CREATE_INFO,
      .subpassCount = 1,
      .pViewMasks = &mask,
   };
   const VkRenderPassCreateInfo rpi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .pNext = &mvi,
      .attachmentCount = 1,
      .pAttachments = &att,
      .subpassCount = 1,
      .pSubpasses = &sub,
      .dependencyCount = ARRAY_SIZE(deps),
      .pDependencies = deps,
   };
   if (!VKT_CHECK(vkCreateRenderPass(t->dev, &rpi, NULL, &e->pass)))
      return false;
   /* With multiview the framebuffer has one layer; views pick layers. */
   const VkFramebufferCreateInfo fbi = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                        .renderPass = e->pass,
                                        .attachmentCount = 1,
                                        .pAttachments = &e->view,
                                        .width = W,
                                        .height = H,
                                        .layers = 1};
   if (!VKT_CHECK(vkCreateFramebuffer(t->dev, &fbi, NULL, &e->fb)))
      return false;

   const VkPipelineLayoutCreateInfo lci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   if (!VKT_CHECK(vkCreatePipelineLayout(t->dev, &lci, NULL, &e->layout)))
      return false;
   e->vs = position_only ? module(t, multiview_pos_vert_spv, sizeof(multiview_pos_vert_spv))
                         : module(t, multiview_vert_spv, sizeof(multiview_vert_spv));
   e->fs = fs && fs->code  ? module(t, fs->code, fs->size_B)
           : position_only ? module(t, multiview_pos_frag_spv, sizeof(multiview_pos_frag_spv))
                           : module(t, multiview_frag_spv, sizeof(multiview_frag_spv));
   if (!e->vs || !e->fs)
      return false;
   const VkPipelineCreateFlags no_flags = 0;
   if (!VKT_CHECK(mv_create_pipelines(e, VK_NULL_HANDLE, 1, &no_flags,
                                      fs && fs->dynamic_vertex_input, &e->pipe)))
      return false;
   static const float corners[12] = {0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 1};
   if (!vkt_buffer_create(t, sizeof(corners), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &e->vb))
      return false;
   memcpy(e->vb.map, corners, sizeof(corners));
   const VkQueryPoolCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                      .queryType = VK_QUERY_TYPE_OCCLUSION,
                                      .queryCount = 32};
   return VKT_CHECK(vkCreateQueryPool(t->dev, &qci, NULL, &e->queries));
}

static bool
mv_env_init(struct mv_env *e, uint32_t mask, uint32_t layers, bool kiln_only)
{
   return mv_env_init_fs(e, mask, layers, kiln_only, false, NULL);
}

static void
mv_env_finish(struct mv_env *e)
{
   struct vkt *t = &e->t;
   if (!t->dev)
      return;
   vkDestroyQueryPool(t->dev, e->queries, NULL);
   if (e->vb.buffer)
      vkt_buffer_destroy(t, &e->vb);
   vkDestroyPipeline(t->dev, e->pipe, NULL);
   vkDestroyShaderModule(t->dev, e->vs, NULL);
   vkDestroyShaderModule(t->dev, e->fs, NULL);
   vkDestroyPipelineLayout(t->dev, e->layout, NULL);
   vkDestroyFramebuffer(t->dev, e->fb, NULL);
   vkDestroyRenderPass(t->dev, e->pass, NULL);
   vkDestroyImageView(t->dev, e->view, NULL);
   if (e->img.image)
      vkt_image_destroy(t, &e->img);
   vkt_finish(t);
}

/* The RGBA8 colour multiview.frag writes for view v. */
static uint32_t
view_color(uint32_t v)
{
   const uint32_t r = (uint32_t)((v + 1) * 255 + 2) / 4; /* round((v + 1) / 4 * 255) */
   return r | 0xffu << 8 | 0xffu << 16 | 0xffu << 24;
}

/* Vulkan 1.3, 8.8 "Multiview": each view of the subpass's view mask is
 * drawn into the attachments' layer of that index, with ViewIndex the
 * view's index in both shaders; layers not in the mask keep their
 * contents (here: not even cleared). An occlusion query inside uses one
 * query per view, whose results together count every view's samples. */
/* Both shader pairs write green 1 (multiview.frag: the vertex shader's
 * ViewIndex matched). */
static void
check_views_0_and_2(bool position_only)
{
   const uint32_t mask = 0x5; /* views 0 and 2 */
   const uint32_t layers = 3;
   struct mv_env e;
   if (!mv_env_init_fs(&e, mask, layers, false, position_only, NULL)) {
      mv_env_finish(&e);
      return;
   }
   struct vkt *t = &e.t;
   /* Layer 1 holds a pattern the pass must leave alone. */
   uint32_t pattern[W * H];
   for (unsigned i = 0; i < W * H; i++)
      pattern[i] = 0x01020304u * (i + 1);
   if (!vkt_write_image(t, &e.img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, (VkOffset3D){0},
                        (VkExtent3D){W, H, 1}, pattern)) {
      mv_env_finish(&e);
      return;
   }
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   vkCmdResetQueryPool(cmd, e.queries, 0, 32);
   const VkClearValue clear = {.color.float32 = {0, 0, 0, 0}};
   const VkRenderPassBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                     .renderPass = e.pass,
                                     .framebuffer = e.fb,
                                     .renderArea = {{0, 0}, {W, H}},
                                     .clearValueCount = 1,
                                     .pClearValues = &clear};
   vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, e.pipe);
   const VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(cmd, 0, 1, &e.vb.buffer, &zero);
   vkCmdBeginQuery(cmd, e.queries, 4, VK_QUERY_CONTROL_PRECISE_BIT);
   vkCmdDraw(cmd, 6, 1, 0, 0);
   vkCmdEndQuery(cmd, e.queries, 4);
   vkCmdEndRenderPass(cmd);
   if (!vkt_cmd_submit_wait(t, cmd)) {
      mv_env_finish(&e);
      return;
   }

   for (uint32_t l = 0; l < layers; l++) {
      uint32_t got[W * H];
      if (!vkt_read_image(t, &e.img, VK_IMAGE_ASPECT_COLOR_BIT, 0, l, (VkOffset3D){0},
                          (VkExtent3D){W, H, 1}, got))
         break;
      unsigned bad = 0, first = 0;
      uint32_t want_first = 0;
      for (unsigned i = 0; i < W * H; i++) {
         const unsigned x = i % W;
         uint32_t want = pattern[i];
         if (mask >> l & 1) /* view l covers x < (l + 1) * W / 4 */
            want = x < (l + 1) * W / 4 ? view_color(l) : 0;
         if (got[i] != want && bad++ == 0) {
            first = i;
            want_first = want;
         }
      }
      if (bad)
         test_fail(__FILE__, __LINE__,
                   "layer %u: %u texels differ; first (%u, %u): 0x%08x, want 0x%08x", l, bad,
                   first % W, first / W, got[first], want_first);
   }

   /* Two views: queries 4 and 5, both available, samples of both views.
    * (lavapipe 22.x never makes query 5 available: kiln only.) */
   uint64_t res[2] = {0, 0};
   if (t->is_kiln &&
       VKT_CHECK(vkGetQueryPoolResults(t->dev, e.queries, 4, 2, sizeof(res), res,
                                       sizeof(res[0]),
                                       VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT)))
      CHECK_EQ(res[0] + res[1], (uint64_t)(1 + 3) * (W / 4) * H);
   mv_env_finish(&e);
}

TEST(multiview_draws_each_view_into_its_layer)
{
   check_views_0_and_2(false);
}

/* The same with a vertex shader that writes only the position: the
 * ClipDistance and CullDistance glslang declares but never writes must
 * not clip (kiln read the next vertex as distances). */
TEST(multiview_position_only_vertex_shader)
{
   check_views_0_and_2(true);
}

/* Views at the mask's far end: layer = view index, however high. kiln
 * only: lavapipe 22.x (maxMultiviewViewCount 6) draws view 5 nowhere and
 * gives view 4's vertex shader another ViewIndex. */
TEST(multiview_high_view_indices)
{
   const uint32_t layers = 6;
   const uint32_t mask = 0x30; /* views 4 and 5: x < 5W/4 and 6W/4: the whole width */
   struct mv_env e;
   if (!mv_env_init(&e, mask, layers, true)) {
      mv_env_finish(&e);
      return;
   }
   struct vkt *t = &e.t;
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   const VkClearValue clear = {.color.float32 = {0, 0, 0, 0}};
   const VkRenderPassBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                     .renderPass = e.pass,
                                     .framebuffer = e.fb,
                                     .renderArea = {{0, 0}, {W, H}},
                                     .clearValueCount = 1,
                                     .pClearValues = &clear};
   vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, e.pipe);
   const VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(cmd, 0, 1, &e.vb.buffer, &zero);
   vkCmdDraw(cmd, 6, 1, 0, 0);
   vkCmdEndRenderPass(cmd);
   if (!vkt_cmd_submit_wait(t, cmd)) {
      mv_env_finish(&e);
      return;
   }
   for (uint32_t l = 4; l < layers; l++) {
      uint32_t got[W * H];
      if (!vkt_read_image(t, &e.img, VK_IMAGE_ASPECT_COLOR_BIT, 0, l, (VkOffset3D){0},
                          (VkExtent3D){W, H, 1}, got))
         break;
      /* multiview.frag's red saturates past view 3. */
      const uint32_t want = 0xffffffffu;
      unsigned bad = 0;
      for (unsigned i = 0; i < W * H; i++)
         bad += got[i] != want;
      if (bad)
         test_fail(__FILE__, __LINE__, "layer %u: %u texels differ (0x%08x, want 0x%08x)",
                   l, bad, got[0], want);
   }
   mv_env_finish(&e);
}

/* VK_KHR_maintenance2 (core in Vulkan 1.1): an image whose format cannot
 * be a storage image gets STORAGE usage with EXTENDED_USAGE, for views of
 * a format that can; VkImageViewUsageCreateInfo narrows a view's usage;
 * render passes take input attachment aspects and the depth-read-only /
 * stencil-attachment layouts. */
TEST(maintenance2_extended_usage_and_view_usage)
{
   static const char *const exts[] = {VK_KHR_MAINTENANCE_2_EXTENSION_NAME};
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_1,
                               .extensions = exts,
                               .extension_count = 1};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   /* A 32-bit colour format without STORAGE whose class has a storage
    * format (R8G8B8A8_UNORM on both drivers). */
   static const VkFormat candidates[] = {VK_FORMAT_R8G8B8A8_SRGB, VK_FORMAT_B8G8R8A8_SRGB,
                                         VK_FORMAT_A8B8G8R8_SRGB_PACK32};
   VkFormat fmt = VK_FORMAT_UNDEFINED;
   for (unsigned i = 0; i < ARRAY_SIZE(candidates) && !fmt; i++) {
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(t.pdev, candidates[i], &fp);
      if (fp.optimalTilingFeatures &&
          !(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
         fmt = candidates[i];
   }
   VkFormatProperties unorm;
   vkGetPhysicalDeviceFormatProperties(t.pdev, VK_FORMAT_R8G8B8A8_UNORM, &unorm);
   if (!fmt || !(unorm.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT)) {
      vkt_finish(&t);
      vkt_skip("no 32-bit format without storage beside R8G8B8A8_UNORM with it");
      return;
   }
   const VkImageUsageFlags usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                                   VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                   VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   const VkImageCreateFlags flags =
      VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT;
   /* Without EXTENDED_USAGE the combination is unsupported (the format has
    * no STORAGE feature); with it, supported. */
   const VkPhysicalDeviceImageFormatInfo2 plain = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2,
      .format = fmt,
      .type = VK_IMAGE_TYPE_2D,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = usage,
      .flags = VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT};
   VkImageFormatProperties2 ifp = {.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2};
   VKT_CHECK_RESULT(vkGetPhysicalDeviceImageFormatProperties2(t.pdev, &plain, &ifp),
                    VK_ERROR_FORMAT_NOT_SUPPORTED);
   VkPhysicalDeviceImageFormatInfo2 ext = plain;
   ext.flags = flags;
   VKT_CHECK(vkGetPhysicalDeviceImageFormatProperties2(t.pdev, &ext, &ifp));

   VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, fmt, VK_IMAGE_TILING_OPTIMAL, W, H,
                                         1, 1, 1);
   ci.usage = usage;
   ci.flags = flags;
   struct vkt_image img;
   if (!vkt_image_create(&t, &ci, &img)) {
      vkt_finish(&t);
      return;
   }
   /* The storage view takes the UNORM format; the sampled view of the
    * image's own format says it is only sampled. */
   const VkImageViewUsageCreateInfo sampled_only = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
      .usage = VK_IMAGE_USAGE_SAMPLED_BIT};
   VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = img.image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = VK_FORMAT_R8G8B8A8_UNORM,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   const VkImageViewUsageCreateInfo storage_only = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
      .usage = VK_IMAGE_USAGE_STORAGE_BIT};
   vci.pNext = &storage_only;
   VkImageView storage_view = VK_NULL_HANDLE, sampled_view = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateImageView(t.dev, &vci, NULL, &storage_view));
   vci.format = fmt;
   vci.pNext = &sampled_only;
   VKT_CHECK(vkCreateImageView(t.dev, &vci, NULL, &sampled_view));
   vkDestroyImageView(t.dev, storage_view, NULL);
   vkDestroyImageView(t.dev, sampled_view, NULL);
   vkt_image_destroy(&t, &img);

   /* A render pass reading colour attachment 0 as an input attachment
    * (aspect COLOR) next to a depth attachment in the depth-read-only /
    * stencil-attachment layout. */
   VkFormatProperties dsp;
   vkGetPhysicalDeviceFormatProperties(t.pdev, VK_FORMAT_D32_SFLOAT_S8_UINT, &dsp);
   const bool has_ds = dsp.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT;
   const VkAttachmentDescription atts[2] = {
      {.format = VK_FORMAT_R8G8B8A8_UNORM,
       .samples = VK_SAMPLE_COUNT_1_BIT,
       .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
       .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
       .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
       .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
       .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
       .finalLayout = VK_IMAGE_LAYOUT_GENERAL},
      {.format = VK_FORMAT_D32_SFLOAT_S8_UINT,
       .samples = VK_SAMPLE_COUNT_1_BIT,
       .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
       .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
       .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
       .stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE,
       .initialLayout = VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL,
       .finalLayout = VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL},
   };
   const VkAttachmentReference input = {0, VK_IMAGE_LAYOUT_GENERAL};
   const VkAttachmentReference ds = {1,
                                     VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL};
   const VkSubpassDescription sub = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                     .inputAttachmentCount = 1,
                                     .pInputAttachments = &input,
                                     .pDepthStencilAttachment = has_ds ? &ds : NULL};
   const VkInputAttachmentAspectReference aspect = {0, 0, VK_IMAGE_ASPECT_COLOR_BIT};
   const VkRenderPassInputAttachmentAspectCreateInfo aspects = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_INPUT_ATTACHMENT_ASPECT_CREATE_INFO,
      .aspectReferenceCount = 1,
      .pAspectReferences = &aspect};
   const VkRenderPassCreateInfo rpi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                       .pNext = &aspects,
                                       .attachmentCount = has_ds ? 2 : 1,
                                       .pAttachments = atts,
                                       .subpassCount = 1,
                                       .pSubpasses = &sub};
   VkRenderPass pass = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateRenderPass(t.dev, &rpi, NULL, &pass));
   vkDestroyRenderPass(t.dev, pass, NULL);
   vkt_finish(&t);
}

/* The shader features Vulkan 1.2 requires (Vulkan 1.3, 48.1 "If Vulkan 1.2
 * is supported, the following features must be supported"):
 * uniformBufferStandardLayout, subgroupBroadcastDynamicId,
 * shaderSubgroupExtendedTypes, in one SPIR-V 1.5 module
 * (shaders/vulkan12_shader.comp). The reference groups invocations by the
 * subgroup they report, so any subgroup size >= 2 passes. */
TEST(vulkan_1_2_shader_features)
{
   static VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .uniformBufferStandardLayout = VK_TRUE,
      .subgroupBroadcastDynamicId = VK_TRUE,
      .shaderSubgroupExtendedTypes = VK_TRUE,
   };
   static const VkPhysicalDeviceFeatures core = {
      .shaderInt64 = VK_TRUE, .shaderFloat64 = VK_TRUE, .shaderInt16 = VK_TRUE};
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_2,
                               .features = &f12,
                               .core_features = &core};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   if (t.props.apiVersion < VK_API_VERSION_1_2) {
      vkt_finish(&t);
      vkt_skip("%s is not a Vulkan 1.2 device", t.props.deviceName);
      return;
   }
   enum { GROUPS = 2, N = 64 * GROUPS, UBO_B = 64 * 4 + 4 };
   struct vkt_buffer ubo, out;
   struct vkt_pipeline p;
   memset(&p, 0, sizeof(p));
   if (!vkt_buffer_create(&t, UBO_B, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, &ubo)) {
      vkt_finish(&t);
      return;
   }
   if (!vkt_buffer_create(&t, N * 8 * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out)) {
      vkt_buffer_destroy(&t, &ubo);
      vkt_finish(&t);
      return;
   }
   float f[64];
   for (unsigned i = 0; i < 64; i++)
      f[i] = (float)i * 1.5f + 0.25f;
   const uint32_t id = 1;
   memcpy(ubo.map, f, sizeof(f));
   memcpy(ubo.map + sizeof(f), &id, 4);
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   if (vkt_pipeline_create(&t,
                           &(struct vkt_pipeline_info){VKT_SPIRV(vulkan12_shader_comp_spv),
                                                       .bindings = b, .binding_count = 2},
                           &p)) {
      vkt_pipeline_set_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, ubo.buffer, 0,
                              VK_WHOLE_SIZE);
      vkt_pipeline_set_buffer(&t, &p, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                              VK_WHOLE_SIZE);
      if (vkt_run_compute(&t, &p, NULL, 0, GROUPS, 1, 1)) {
         const uint32_t *o = (const uint32_t *)out.map;
         unsigned bad = 0;
         for (uint32_t g = 0; g < N && bad < 8; g++) {
            const uint32_t *r = &o[g * 8];
            /* The members of g's subgroup: same workgroup, same id. */
            uint64_t sum64 = 0;
            double sumd = 0;
            int max16 = -100000;
            uint32_t bcast = UINT32_MAX;
            for (uint32_t h = g / 64 * 64; h < g / 64 * 64 + 64; h++) {
               if (o[h * 8] != r[0])
                  continue;
               sum64 += (uint64_t)h << 33;
               sumd += (double)h * 0.5;
               max16 = MAX2(max16, (int)(h % 64) - 40);
               if (o[h * 8 + 1] == id)
                  bcast = h * 7 + 1;
            }
            float fv, fs;
            memcpy(&fv, &r[2], 4);
            memcpy(&fs, &r[6], 4);
            const bool ok = fv == f[g % 64] && r[3] == bcast && r[4] == (uint32_t)sum64 &&
                            r[5] == (uint32_t)(sum64 >> 32) && fs == (float)sumd &&
                            r[7] == (uint32_t)(max16 + 1000);
            if (!ok && bad++ < 4)
               test_fail(__FILE__, __LINE__,
                         "invocation %u (subgroup %u lane %u): f %g (%g) bcast %u (%u) "
                         "sum64 0x%08x%08x (0x%016llx) sumd %g (%g) max16 %u (%d)",
                         g, r[0], r[1], fv, f[g % 64], r[3], bcast, r[5], r[4],
                         (unsigned long long)sum64, fs, sumd, r[7], max16 + 1000);
         }
      }
   }
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &ubo);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* A Vulkan 1.2 device (props.apiVersion), else skipped. */
static bool
init_1_2(struct vkt *t, void *features)
{
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_2,
                               .features = features};
   if (!vkt_init(t, &req))
      return false;
   if (t->props.apiVersion < VK_API_VERSION_1_2) {
      vkt_finish(t);
      return vkt_skip("%s is not a Vulkan 1.2 device", t->props.deviceName);
   }
   return true;
}

/* imagelessFramebuffer (Vulkan 1.2 requires it): the framebuffer names
 * only the attachments' properties; the view comes with
 * vkCmdBeginRenderPass2 and the pass clears it. */
TEST(imageless_framebuffer_takes_views_at_begin)
{
   static VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .imagelessFramebuffer = VK_TRUE};
   struct vkt t;
   if (!init_1_2(&t, &f12))
      return;
   const VkFormat fmt = VK_FORMAT_R8G8B8A8_UNORM;
   VkImageCreateInfo ci =
      vkt_image_info(VK_IMAGE_TYPE_2D, fmt, VK_IMAGE_TILING_OPTIMAL, W, H, 1, 1, 1);
   ci.usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   struct vkt_image img;
   if (!vkt_image_create(&t, &ci, &img)) {
      vkt_finish(&t);
      return;
   }
   VkImageView view = VK_NULL_HANDLE;
   VkRenderPass pass = VK_NULL_HANDLE;
   VkFramebuffer fb = VK_NULL_HANDLE;
   const VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                      .image = img.image,
                                      .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                      .format = fmt,
                                      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   const VkAttachmentDescription2 att = {.sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
                                         .format = fmt,
                                         .samples = VK_SAMPLE_COUNT_1_BIT,
                                         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                         .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                         .finalLayout = VK_IMAGE_LAYOUT_GENERAL};
   const VkAttachmentReference2 ref = {.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2,
                                       .attachment = 0,
                                       .layout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                       .aspectMask = VK_IMAGE_ASPECT_COLOR_BIT};
   const VkSubpassDescription2 sub = {.sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
                                      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                      .colorAttachmentCount = 1,
                                      .pColorAttachments = &ref};
   const VkSubpassDependency2 dep = {
      .sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2,
      .srcSubpass = 0,
      .dstSubpass = VK_SUBPASS_EXTERNAL,
      .srcStageMask = VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT,
      .dstStageMask = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT};
   const VkRenderPassCreateInfo2 rpi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2,
                                        .attachmentCount = 1,
                                        .pAttachments = &att,
                                        .subpassCount = 1,
                                        .pSubpasses = &sub,
                                        .dependencyCount = 1,
                                        .pDependencies = &dep};
   const VkFramebufferAttachmentImageInfo fai = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENT_IMAGE_INFO,
      .usage = ci.usage,
      .width = W,
      .height = H,
      .layerCount = 1,
      .viewFormatCount = 1,
      .pViewFormats = &fmt};
   const VkFramebufferAttachmentsCreateInfo fa = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENTS_CREATE_INFO,
      .attachmentImageInfoCount = 1,
      .pAttachmentImageInfos = &fai};
   if (VKT_CHECK(vkCreateImageView(t.dev, &vci, NULL, &view)) &&
       VKT_CHECK(vkCreateRenderPass2(t.dev, &rpi, NULL, &pass))) {
      const VkFramebufferCreateInfo fbi = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                           .pNext = &fa,
                                           .flags = VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT,
                                           .renderPass = pass,
                                           .attachmentCount = 1,
                                           .width = W,
                                           .height = H,
                                           .layers = 1};
      if (VKT_CHECK(vkCreateFramebuffer(t.dev, &fbi, NULL, &fb))) {
         const VkRenderPassAttachmentBeginInfo abi = {
            .sType = VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO,
            .attachmentCount = 1,
            .pAttachments = &view};
         const VkClearValue clear = {.color.float32 = {1.0f, 0.0f, 0.0f, 1.0f}};
         const VkRenderPassBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                           .pNext = &abi,
                                           .renderPass = pass,
                                           .framebuffer = fb,
                                           .renderArea = {{0, 0}, {W, H}},
                                           .clearValueCount = 1,
                                           .pClearValues = &clear};
         const VkSubpassBeginInfo sbi = {.sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO,
                                         .contents = VK_SUBPASS_CONTENTS_INLINE};
         const VkSubpassEndInfo sei = {.sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO};
         VkCommandBuffer cmd = vkt_cmd_begin(&t);
         vkCmdBeginRenderPass2(cmd, &bi, &sbi);
         vkCmdEndRenderPass2(cmd, &sei);
         uint32_t got[W * H];
         if (vkt_cmd_submit_wait(&t, cmd) &&
             vkt_read_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                            (VkExtent3D){W, H, 1}, got)) {
            unsigned bad = 0;
            for (unsigned i = 0; i < W * H; i++)
               bad += got[i] != 0xff0000ffu;
            CHECK_EQ(bad, 0);
         }
      }
   }
   vkDestroyFramebuffer(t.dev, fb, NULL);
   vkDestroyRenderPass(t.dev, pass, NULL);
   vkDestroyImageView(t.dev, view, NULL);
   vkt_image_destroy(&t, &img);
   vkt_finish(&t);
}

/* separateDepthStencilLayouts (Vulkan 1.2 requires it) and the depth/
 * stencil resolve of VK_KHR_depth_stencil_resolve (core in 1.2, SAMPLE_ZERO
 * required for both aspects): a 4-sample D32S8 attachment in
 * DEPTH_ATTACHMENT_OPTIMAL / STENCIL_ATTACHMENT_OPTIMAL is cleared and
 * resolved, depth and stencil by SAMPLE_ZERO, into a one-sample image that
 * held other values. */
TEST(separate_depth_stencil_layouts_and_resolve)
{
   static VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .separateDepthStencilLayouts = VK_TRUE};
   struct vkt t;
   if (!init_1_2(&t, &f12))
      return;
   const VkFormat fmt = VK_FORMAT_D32_SFLOAT_S8_UINT;
   VkPhysicalDeviceDepthStencilResolveProperties rp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_STENCIL_RESOLVE_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &rp};
   vkGetPhysicalDeviceProperties2(t.pdev, &p2);
   CHECK(rp.supportedDepthResolveModes & VK_RESOLVE_MODE_SAMPLE_ZERO_BIT);
   CHECK(rp.supportedStencilResolveModes & VK_RESOLVE_MODE_SAMPLE_ZERO_BIT);
   if (!vkt_format_has(&t, fmt, VK_IMAGE_TILING_OPTIMAL,
                       VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) ||
       !(t.props.limits.framebufferDepthSampleCounts & VK_SAMPLE_COUNT_4_BIT) ||
       !(t.props.limits.framebufferStencilSampleCounts & VK_SAMPLE_COUNT_4_BIT)) {
      vkt_finish(&t);
      vkt_skip("no 4-sample D32_SFLOAT_S8_UINT attachments");
      return;
   }
   VkImageCreateInfo ci =
      vkt_image_info(VK_IMAGE_TYPE_2D, fmt, VK_IMAGE_TILING_OPTIMAL, W, H, 1, 1, 1);
   ci.usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
   struct vkt_image ms, single;
   memset(&ms, 0, sizeof(ms));
   memset(&single, 0, sizeof(single));
   VkImageCreateInfo msci = ci;
   msci.samples = VK_SAMPLE_COUNT_4_BIT;
   VkImageView views[2] = {VK_NULL_HANDLE, VK_NULL_HANDLE};
   VkRenderPass pass = VK_NULL_HANDLE;
   VkFramebuffer fb = VK_NULL_HANDLE;
   if (!vkt_image_create(&t, &msci, &ms) || !vkt_image_create(&t, &ci, &single) ||
       !vkt_image_to_general(&t, &ms, VK_IMAGE_LAYOUT_UNDEFINED) ||
       !vkt_image_to_general(&t, &single, VK_IMAGE_LAYOUT_UNDEFINED))
      goto out;
   /* The resolve target starts as depth 1.0, stencil 0. */
   {
      VkCommandBuffer cmd = vkt_cmd_begin(&t);
      const VkClearDepthStencilValue v = {1.0f, 0};
      const VkImageSubresourceRange r = {
         VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT, 0, 1, 0, 1};
      vkCmdClearDepthStencilImage(cmd, single.image, VK_IMAGE_LAYOUT_GENERAL, &v, 1, &r);
      if (!vkt_cmd_submit_wait(&t, cmd))
         goto out;
   }
   const struct vkt_image *imgs[2] = {&ms, &single};
   for (unsigned i = 0; i < 2; i++) {
      const VkImageViewCreateInfo vci = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
         .image = imgs[i]->image,
         .viewType = VK_IMAGE_VIEW_TYPE_2D,
         .format = fmt,
         .subresourceRange = {VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT, 0, 1,
                              0, 1}};
      if (!VKT_CHECK(vkCreateImageView(t.dev, &vci, NULL, &views[i])))
         goto out;
   }
   /* Depth and stencil layouts apart, in the descriptions and the
    * references. */
   const VkAttachmentDescriptionStencilLayout sl = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_STENCIL_LAYOUT,
      .stencilInitialLayout = VK_IMAGE_LAYOUT_GENERAL,
      .stencilFinalLayout = VK_IMAGE_LAYOUT_GENERAL};
   VkAttachmentDescription2 atts[2];
   for (unsigned i = 0; i < 2; i++)
      atts[i] = (VkAttachmentDescription2){
         .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
         .pNext = &sl,
         .format = fmt,
         .samples = i == 0 ? VK_SAMPLE_COUNT_4_BIT : VK_SAMPLE_COUNT_1_BIT,
         .loadOp = i == 0 ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_DONT_CARE,
         .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
         .stencilLoadOp = i == 0 ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_DONT_CARE,
         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE,
         .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
         .finalLayout = VK_IMAGE_LAYOUT_GENERAL};
   const VkAttachmentReferenceStencilLayout rsl = {
      .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_STENCIL_LAYOUT,
      .stencilLayout = VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL};
   const VkAttachmentReference2 ds = {.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2,
                                      .pNext = &rsl,
                                      .attachment = 0,
                                      .layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                                      .aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT |
                                                    VK_IMAGE_ASPECT_STENCIL_BIT};
   const VkAttachmentReference2 res = {.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2,
                                       .pNext = &rsl,
                                       .attachment = 1,
                                       .layout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                                       .aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT |
                                                     VK_IMAGE_ASPECT_STENCIL_BIT};
   const VkSubpassDescriptionDepthStencilResolve dsr = {
      .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE,
      .depthResolveMode = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT,
      .stencilResolveMode = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT,
      .pDepthStencilResolveAttachment = &res};
   const VkSubpassDescription2 sub = {.sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
                                      .pNext = &dsr,
                                      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                      .pDepthStencilAttachment = &ds};
   const VkSubpassDependency2 deps[2] = {
      {.sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2,
       .srcStageMask = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
       .dstStageMask = VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT,
       .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
       .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
       .srcSubpass = VK_SUBPASS_EXTERNAL,
       .dstSubpass = 0},
      {.sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2,
       .srcStageMask = VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT,
       .dstStageMask = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
       .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
       .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
       .srcSubpass = 0,
       .dstSubpass = VK_SUBPASS_EXTERNAL},
   };
   const VkRenderPassCreateInfo2 rpi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2,
                                        .attachmentCount = 2,
                                        .pAttachments = atts,
                                        .subpassCount = 1,
                                        .pSubpasses = &sub,
                                        .dependencyCount = 2,
                                        .pDependencies = deps};
   if (!VKT_CHECK(vkCreateRenderPass2(t.dev, &rpi, NULL, &pass)))
      goto out;
   const VkFramebufferCreateInfo fbi = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                        .renderPass = pass,
                                        .attachmentCount = 2,
                                        .pAttachments = views,
                                        .width = W,
                                        .height = H,
                                        .layers = 1};
   if (!VKT_CHECK(vkCreateFramebuffer(t.dev, &fbi, NULL, &fb)))
      goto out;
   {
      const VkClearValue clears[2] = {{.depthStencil = {0.25f, 7}}, {{{0}}}};
      const VkRenderPassBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                        .renderPass = pass,
                                        .framebuffer = fb,
                                        .renderArea = {{0, 0}, {W, H}},
                                        .clearValueCount = 2,
                                        .pClearValues = clears};
      const VkSubpassBeginInfo sbi = {.sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO,
                                      .contents = VK_SUBPASS_CONTENTS_INLINE};
      const VkSubpassEndInfo sei = {.sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO};
      VkCommandBuffer cmd = vkt_cmd_begin(&t);
      vkCmdBeginRenderPass2(cmd, &bi, &sbi);
      vkCmdEndRenderPass2(cmd, &sei);
      if (!vkt_cmd_submit_wait(&t, cmd))
         goto out;
   }
   {
      float depth[W * H];
      uint8_t stencil[W * H];
      if (vkt_read_image(&t, &single, VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, (VkOffset3D){0},
                         (VkExtent3D){W, H, 1}, depth) &&
          vkt_read_image(&t, &single, VK_IMAGE_ASPECT_STENCIL_BIT, 0, 0, (VkOffset3D){0},
                         (VkExtent3D){W, H, 1}, stencil)) {
         unsigned bad = 0;
         for (unsigned i = 0; i < W * H; i++)
            bad += depth[i] != 0.25f || stencil[i] != 7;
         if (bad)
            test_fail(__FILE__, __LINE__, "%u texels not resolved (depth %g, stencil %u)",
                      bad, depth[0], stencil[0]);
      }
   }
out:
   vkDestroyFramebuffer(t.dev, fb, NULL);
   vkDestroyRenderPass(t.dev, pass, NULL);
   for (unsigned i = 0; i < 2; i++)
      vkDestroyImageView(t.dev, views[i], NULL);
   if (ms.image)
      vkt_image_destroy(&t, &ms);
   if (single.image)
      vkt_image_destroy(&t, &single);
   vkt_finish(&t);
}

/* Vulkan 1.2 "Feature Requirements" and "Required Limits" (Vulkan 1.3,
 * 48.1 and 50.1), read through the Vulkan11/12 structs, which must agree
 * with the older structs they gather; kiln's driver identity. */
TEST(device_meets_vulkan_1_2_requirements)
{
   struct vkt t;
   if (!init_1_2(&t, NULL))
      return;
   VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, .pNext = &f12};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &f11};
   vkGetPhysicalDeviceFeatures2(t.pdev, &f2);
   CHECK(f11.multiview);
   CHECK(f12.subgroupBroadcastDynamicId);
   CHECK(f12.imagelessFramebuffer);
   CHECK(f12.uniformBufferStandardLayout);
   CHECK(f12.shaderSubgroupExtendedTypes);
   CHECK(f12.separateDepthStencilLayouts);
   CHECK(f12.hostQueryReset);
   CHECK(f12.timelineSemaphore);
   if (vkt_has_device_extension(t.pdev, VK_KHR_DRAW_INDIRECT_COUNT_EXTENSION_NAME))
      CHECK(f12.drawIndirectCount);
   if (vkt_has_device_extension(t.pdev, VK_KHR_SAMPLER_MIRROR_CLAMP_TO_EDGE_EXTENSION_NAME))
      CHECK(f12.samplerMirrorClampToEdge);
   /* "If Vulkan 1.1 is supported [...] shaderDrawParameters if
    * VK_KHR_shader_draw_parameters is supported". */
   if (vkt_has_device_extension(t.pdev, VK_KHR_SHADER_DRAW_PARAMETERS_EXTENSION_NAME))
      CHECK(f11.shaderDrawParameters);

   VkPhysicalDeviceDriverProperties drv = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
   VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES, .pNext = &drv};
   VkPhysicalDeviceMultiviewProperties mv = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_PROPERTIES, .pNext = &sg};
   VkPhysicalDeviceVulkan12Properties p12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES, .pNext = &mv};
   VkPhysicalDeviceVulkan11Properties p11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES, .pNext = &p12};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &p11};
   vkGetPhysicalDeviceProperties2(t.pdev, &p2);
   CHECK_EQ(p11.subgroupSize, sg.subgroupSize);
   CHECK_EQ(p11.subgroupSupportedStages, sg.supportedStages);
   CHECK_EQ(p11.subgroupSupportedOperations, sg.supportedOperations);
   CHECK_EQ(p11.maxMultiviewViewCount, mv.maxMultiviewViewCount);
   CHECK(p11.maxMultiviewViewCount >= 6);
   CHECK_EQ(p12.driverID, drv.driverID);
   CHECK(strcmp(p12.driverName, drv.driverName) == 0);
   CHECK(p12.supportedDepthResolveModes & VK_RESOLVE_MODE_SAMPLE_ZERO_BIT);
   CHECK(p12.supportedStencilResolveModes & VK_RESOLVE_MODE_SAMPLE_ZERO_BIT);
   CHECK(p12.framebufferIntegerColorSampleCounts & VK_SAMPLE_COUNT_1_BIT);
   CHECK(p12.maxTimelineSemaphoreValueDifference >= (1ull << 31) - 1);
   if (t.is_kiln) {
      /* No registered driver ID, not conformant (nvk_physical_device.c). */
      CHECK_EQ(drv.driverID, 0);
      CHECK(strcmp(drv.driverName, "kiln") == 0);
      CHECK(drv.conformanceVersion.major == 0 && drv.conformanceVersion.minor == 0 &&
            drv.conformanceVersion.subminor == 0 && drv.conformanceVersion.patch == 0);
   }
   vkt_finish(&t);
}

/* Every command Vulkan 1.2 adds to a device resolves by its core name (the
 * ones with behaviour are used by the tests above, vk_sync_test,
 * vk_query_test and vk_draw_test through their extension names). */
TEST(core_1_2_commands)
{
   struct vkt t;
   if (!init_1_2(&t, NULL))
      return;
   static const char *const names[] = {
      "vkCmdDrawIndirectCount",
      "vkCmdDrawIndexedIndirectCount",
      "vkCreateRenderPass2",
      "vkCmdBeginRenderPass2",
      "vkCmdNextSubpass2",
      "vkCmdEndRenderPass2",
      "vkResetQueryPool",
      "vkGetSemaphoreCounterValue",
      "vkWaitSemaphores",
      "vkSignalSemaphore",
      "vkGetBufferDeviceAddress",
      "vkGetBufferOpaqueCaptureAddress",
      "vkGetDeviceMemoryOpaqueCaptureAddress",
   };
   for (unsigned i = 0; i < ARRAY_SIZE(names); i++) {
      if (!vkGetDeviceProcAddr(t.dev, names[i]))
         test_fail(__FILE__, __LINE__, "%s does not resolve", names[i]);
   }
   vkt_finish(&t);
}

/* VK_EXT_subgroup_size_control (Vulkan 1.3 requires subgroupSizeControl
 * and computeFullSubgroups): a compute shader of 128 invocations created
 * with the device's maxSubgroupSize required and REQUIRE_FULL_SUBGROUPS
 * sees that size, and every subgroup has all its invocations. */
TEST(subgroup_size_control)
{
   static const char *const exts[] = {VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME};
   static VkPhysicalDeviceSubgroupSizeControlFeatures ssf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES,
      .subgroupSizeControl = VK_TRUE,
      .computeFullSubgroups = VK_TRUE};
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_1,
                               .extensions = exts,
                               .extension_count = 1,
                               .features = &ssf};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   VkPhysicalDeviceSubgroupSizeControlProperties ssp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &ssp};
   vkGetPhysicalDeviceProperties2(t.pdev, &p2);
   CHECK(ssp.minSubgroupSize >= 1 && ssp.minSubgroupSize <= ssp.maxSubgroupSize);
   CHECK(ssp.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT);
   if (t.is_kiln) {
      CHECK_EQ(ssp.minSubgroupSize, 64);
      CHECK_EQ(ssp.maxSubgroupSize, 64);
   }
   if (128 % ssp.maxSubgroupSize != 0) {
      vkt_finish(&t);
      vkt_skip("maxSubgroupSize %u does not divide 128", ssp.maxSubgroupSize);
      return;
   }
   enum { N = 128 * 2 };
   struct vkt_buffer out;
   if (!vkt_buffer_create(&t, N * 8, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out)) {
      vkt_finish(&t);
      return;
   }
   const VkPipelineShaderStageRequiredSubgroupSizeCreateInfo req_size = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
      .requiredSubgroupSize = ssp.maxSubgroupSize};
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   struct vkt_pipeline p;
   memset(&p, 0, sizeof(p));
   if (vkt_pipeline_create(&t,
                           &(struct vkt_pipeline_info){
                              VKT_SPIRV(full_subgroups_comp_spv),
                              .bindings = b,
                              .binding_count = 1,
                              .stage_pnext = &req_size,
                              .stage_flags = VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT},
                           &p)) {
      vkt_pipeline_set_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                              VK_WHOLE_SIZE);
      if (vkt_run_compute(&t, &p, NULL, 0, N / 128, 1, 1)) {
         const uint32_t *o = (const uint32_t *)out.map;
         unsigned bad = 0;
         for (unsigned i = 0; i < N; i++)
            bad += o[i * 2] != ssp.maxSubgroupSize || o[i * 2 + 1] != ssp.maxSubgroupSize;
         if (bad)
            test_fail(__FILE__, __LINE__,
                      "%u invocations saw another size or a partial subgroup (%u, %u)", bad,
                      o[0], o[1]);
      }
   }
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* Draws view 0 (x < W / 4) with a fragment shader that demotes or
 * terminates the odd columns: those keep the clear value, the even ones
 * get red and blue (and green 0: no helper stores). Vulkan 1.3 requires
 * shaderDemoteToHelperInvocation and shaderTerminateInvocation. */
static void
check_odd_columns_dropped(const struct mv_fs *fs)
{
   struct mv_env e;
   if (!mv_env_init_fs(&e, 0x1, 1, false, true, fs)) {
      mv_env_finish(&e);
      return;
   }
   struct vkt *t = &e.t;
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   const VkClearValue clear = {.color.float32 = {0, 0, 0, 0}};
   const VkRenderPassBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                     .renderPass = e.pass,
                                     .framebuffer = e.fb,
                                     .renderArea = {{0, 0}, {W, H}},
                                     .clearValueCount = 1,
                                     .pClearValues = &clear};
   vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, e.pipe);
   const VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(cmd, 0, 1, &e.vb.buffer, &zero);
   vkCmdDraw(cmd, 6, 1, 0, 0);
   vkCmdEndRenderPass(cmd);
   uint32_t got[W * H];
   if (vkt_cmd_submit_wait(t, cmd) &&
       vkt_read_image(t, &e.img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                      (VkExtent3D){W, H, 1}, got)) {
      unsigned bad = 0;
      for (unsigned i = 0; i < W * H; i++) {
         const unsigned x = i % W;
         const uint32_t want = x < W / 4 && !(x & 1) ? 0xffff00ffu : 0;
         bad += got[i] != want;
      }
      if (bad)
         test_fail(__FILE__, __LINE__, "%u texels differ (0x%08x 0x%08x)", bad, got[0],
                   got[1]);
   }
   mv_env_finish(&e);
}

TEST(demote_to_helper_invocation)
{
   static VkPhysicalDeviceShaderDemoteToHelperInvocationFeatures f = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES,
      .shaderDemoteToHelperInvocation = VK_TRUE};
   const struct mv_fs fs = {demote_frag_spv, sizeof(demote_frag_spv),
                            VK_EXT_SHADER_DEMOTE_TO_HELPER_INVOCATION_EXTENSION_NAME, &f};
   check_odd_columns_dropped(&fs);
}

TEST(terminate_invocation)
{
   static VkPhysicalDeviceShaderTerminateInvocationFeatures f = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_TERMINATE_INVOCATION_FEATURES,
      .shaderTerminateInvocation = VK_TRUE};
   const struct mv_fs fs = {terminate_frag_spv, sizeof(terminate_frag_spv),
                            VK_KHR_SHADER_TERMINATE_INVOCATION_EXTENSION_NAME, &f};
   check_odd_columns_dropped(&fs);
}

/* shaderZeroInitializeWorkgroupMemory (Vulkan 1.3 requires it; VK_KHR_
 * zero_initialize_workgroup_memory): workgroup variables with a null
 * initializer read zero in every workgroup, although each workgroup
 * fills them with garbage after reading. */
TEST(zero_initialized_workgroup_memory)
{
   static const char *const exts[] = {VK_KHR_ZERO_INITIALIZE_WORKGROUP_MEMORY_EXTENSION_NAME};
   static VkPhysicalDeviceZeroInitializeWorkgroupMemoryFeatures f = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ZERO_INITIALIZE_WORKGROUP_MEMORY_FEATURES,
      .shaderZeroInitializeWorkgroupMemory = VK_TRUE};
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_1,
                               .extensions = exts,
                               .extension_count = 1,
                               .features = &f};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   enum { GROUPS = 16, N = 64 * GROUPS };
   struct vkt_buffer out;
   if (!vkt_buffer_create(&t, N * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out)) {
      vkt_finish(&t);
      return;
   }
   memset(out.map, 0xff, N * 4);
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   struct vkt_pipeline p;
   memset(&p, 0, sizeof(p));
   if (vkt_pipeline_create(&t,
                           &(struct vkt_pipeline_info){VKT_SPIRV(zero_shared_comp_spv),
                                                       .bindings = b, .binding_count = 1},
                           &p)) {
      vkt_pipeline_set_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                              VK_WHOLE_SIZE);
      /* Twice: the second run's workgroups find the first run's garbage
       * wherever workgroup memory is reused. */
      for (unsigned run = 0; run < 2; run++) {
         if (!vkt_run_compute(&t, &p, NULL, 0, GROUPS, 1, 1))
            break;
         const uint32_t *o = (const uint32_t *)out.map;
         unsigned bad = 0;
         for (unsigned i = 0; i < N; i++)
            bad += o[i] != 0;
         if (bad)
            test_fail(__FILE__, __LINE__, "run %u: %u invocations read non-zero (0x%08x)",
                      run, bad, o[0]);
      }
   }
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* pipelineCreationCacheControl (Vulkan 1.3 requires it; VK_EXT_pipeline_
 * creation_cache_control). Vulkan 1.3, VkPipelineCreateFlagBits:
 * "VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT specifies that
 * pipeline creation will fail if a compile is required for creation of a
 * valid VkPipeline object; VK_PIPELINE_COMPILE_REQUIRED will be returned by
 * pipeline creation, and the VkPipeline will be set to VK_NULL_HANDLE";
 * 10.1: "If creation fails for a pipeline create info with a
 * VkPipelineCreateFlags::VK_PIPELINE_CREATE_EARLY_RETURN_ON_FAILURE_BIT set,
 * pipelines at an index in the pPipelines array greater than or equal to
 * that of the failing pipeline will be set to VK_NULL_HANDLE". Whether a
 * driver finds a program somewhere else is its business, so the
 * cache-only answers are exact on kiln (whose only cache is the
 * application's) and only consistent (a handle exactly when VK_SUCCESS) on
 * others. */
#define GARBAGE_PIPELINE ((VkPipeline)(uintptr_t)0x1234)

/* r and the handles it leaves agree; returns whether it compiled. */
static bool
created(VkResult r, VkPipeline p)
{
   if (r == VK_SUCCESS && p != VK_NULL_HANDLE && p != GARBAGE_PIPELINE)
      return true;
   if (r != VK_PIPELINE_COMPILE_REQUIRED || p != VK_NULL_HANDLE)
      test_fail(__FILE__, __LINE__, "result %d with pipeline %p", r, (void *)(uintptr_t)p);
   return false;
}

static VkPipelineCache
cache_create(struct vkt *t)
{
   const VkPipelineCacheCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
      .flags = VK_PIPELINE_CACHE_CREATE_EXTERNALLY_SYNCHRONIZED_BIT};
   VkPipelineCache c = VK_NULL_HANDLE;
   VKT_CHECK(vkCreatePipelineCache(t->dev, &ci, NULL, &c));
   return c;
}

TEST(pipeline_creation_cache_control)
{
   static VkPhysicalDevicePipelineCreationCacheControlFeatures f = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_CREATION_CACHE_CONTROL_FEATURES,
      .pipelineCreationCacheControl = VK_TRUE};
   const struct mv_fs opts = {.extension = VK_EXT_PIPELINE_CREATION_CACHE_CONTROL_EXTENSION_NAME,
                              .features = &f};
   struct mv_env e;
   if (!mv_env_init_fs(&e, 0x1, 1, false, false, &opts)) {
      mv_env_finish(&e);
      return;
   }
   struct vkt *t = &e.t;
   const VkPipelineCreateFlags fail = VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT;
   const VkPipelineCreateFlags early = VK_PIPELINE_CREATE_EARLY_RETURN_ON_FAILURE_BIT;
   VkPipelineCache cache = cache_create(t), empty = cache_create(t);

   /* Graphics: nothing cached, then cached, then both flags in one call. */
   VkPipeline p[2] = {GARBAGE_PIPELINE, GARBAGE_PIPELINE};
   VkResult r = mv_create_pipelines(&e, cache, 1, &fail, false, p);
   if (created(r, p[0]))
      vkDestroyPipeline(t->dev, p[0], NULL);
   else if (!t->is_kiln)
      printf("  graphics, empty cache: compile required\n");
   if (t->is_kiln)
      CHECK_EQ(r, VK_PIPELINE_COMPILE_REQUIRED);
   const VkPipelineCreateFlags none = 0;
   if (VKT_CHECK(mv_create_pipelines(&e, cache, 1, &none, false, p)))
      vkDestroyPipeline(t->dev, p[0], NULL);
   p[0] = GARBAGE_PIPELINE;
   r = mv_create_pipelines(&e, cache, 1, &fail, false, p);
   if (created(r, p[0])) {
      /* The cached pipeline draws: the rectangle covers the image. */
      vkDestroyPipeline(t->dev, e.pipe, NULL);
      e.pipe = p[0];
   }
   if (t->is_kiln)
      CHECK_EQ(r, VK_SUCCESS);
   const VkPipelineCreateFlags fail_early[2] = {fail | early, 0};
   p[0] = p[1] = GARBAGE_PIPELINE;
   r = mv_create_pipelines(&e, empty, 2, fail_early, false, p);
   if (r == VK_SUCCESS) {
      CHECK(t->is_kiln == false);
      vkDestroyPipeline(t->dev, p[0], NULL);
      vkDestroyPipeline(t->dev, p[1], NULL);
   } else {
      CHECK_EQ(r, VK_PIPELINE_COMPILE_REQUIRED);
      CHECK(p[0] == VK_NULL_HANDLE && p[1] == VK_NULL_HANDLE);
      if (p[1] != VK_NULL_HANDLE && p[1] != GARBAGE_PIPELINE)
         vkDestroyPipeline(t->dev, p[1], NULL);
   }
   /* Without EARLY_RETURN the second is made. */
   const VkPipelineCreateFlags fail_only[2] = {fail, 0};
   p[0] = p[1] = GARBAGE_PIPELINE;
   VkPipelineCache empty2 = cache_create(t);
   r = mv_create_pipelines(&e, empty2, 2, fail_only, false, p);
   created(r, p[0]);
   CHECK(p[1] != VK_NULL_HANDLE && p[1] != GARBAGE_PIPELINE);
   if (t->is_kiln)
      CHECK_EQ(r, VK_PIPELINE_COMPILE_REQUIRED);
   for (unsigned i = 0; i < 2; i++) {
      if (p[i] != VK_NULL_HANDLE && p[i] != GARBAGE_PIPELINE)
         vkDestroyPipeline(t->dev, p[i], NULL);
   }

   /* The pipeline that came from the cache draws view 0's rectangle: the
    * quarter x < W / 4 (multiview.vert). */
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   const VkClearValue clear = {.color.float32 = {0, 0, 0, 0}};
   const VkRenderPassBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                     .renderPass = e.pass,
                                     .framebuffer = e.fb,
                                     .renderArea = {{0, 0}, {W, H}},
                                     .clearValueCount = 1,
                                     .pClearValues = &clear};
   vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, e.pipe);
   const VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(cmd, 0, 1, &e.vb.buffer, &zero);
   vkCmdDraw(cmd, 6, 1, 0, 0);
   vkCmdEndRenderPass(cmd);
   unsigned bad = W * H;
   if (vkt_cmd_submit_wait(t, cmd)) {
      uint32_t got[W * H];
      if (vkt_read_image(t, &e.img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                         (VkExtent3D){W, H, 1}, got)) {
         bad = 0;
         for (unsigned i = 0; i < W * H; i++)
            bad += (got[i] != 0) != (i % W < W / 4);
      }
   }
   CHECK_EQ(bad, 0);

   /* Compute: the same rules. */
   struct vkt_buffer out;
   struct vkt_pipeline cp;
   memset(&cp, 0, sizeof(cp));
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   VkPipelineCache ccache = cache_create(t);
   if (vkt_buffer_create(t, 64 * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out) &&
       vkt_pipeline_create(t,
                           &(struct vkt_pipeline_info){VKT_SPIRV(store_push_comp_spv),
                                                       .bindings = b, .binding_count = 1,
                                                       .push_size = 4, .cache = ccache},
                           &cp)) {
      VkComputePipelineCreateInfo ci[2];
      for (unsigned i = 0; i < 2; i++) {
         ci[i] = (VkComputePipelineCreateInfo){
            .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
            .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                      .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                      .module = cp.module,
                      .pName = "main"},
            .layout = cp.layout};
      }
      /* Cached (vkt_pipeline_create put it there): made without a compile. */
      ci[0].flags = fail;
      p[0] = GARBAGE_PIPELINE;
      r = vkCreateComputePipelines(t->dev, ccache, 1, ci, NULL, p);
      if (created(r, p[0])) {
         vkDestroyPipeline(t->dev, cp.pipeline, NULL);
         cp.pipeline = p[0];
         vkt_pipeline_set_buffer(t, &cp, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                                 VK_WHOLE_SIZE);
         const uint32_t v = 4321;
         if (vkt_run_compute(t, &cp, &v, 4, 64, 1, 1))
            CHECK_EQ(((uint32_t *)out.map)[63], 4321);
      }
      if (t->is_kiln)
         CHECK_EQ(r, VK_SUCCESS);
      /* Not cached, EARLY_RETURN: nothing made. */
      VkPipelineCache cempty = cache_create(t);
      ci[0].flags = fail | early;
      p[0] = p[1] = GARBAGE_PIPELINE;
      r = vkCreateComputePipelines(t->dev, cempty, 2, ci, NULL, p);
      if (r == VK_SUCCESS) {
         CHECK(t->is_kiln == false);
         vkDestroyPipeline(t->dev, p[0], NULL);
         vkDestroyPipeline(t->dev, p[1], NULL);
      } else {
         CHECK_EQ(r, VK_PIPELINE_COMPILE_REQUIRED);
         CHECK(p[0] == VK_NULL_HANDLE && p[1] == VK_NULL_HANDLE);
      }
      /* Without EARLY_RETURN: the second is made. */
      VkPipelineCache cempty2 = cache_create(t);
      ci[0].flags = fail;
      p[0] = p[1] = GARBAGE_PIPELINE;
      r = vkCreateComputePipelines(t->dev, cempty2, 2, ci, NULL, p);
      created(r, p[0]);
      CHECK(p[1] != VK_NULL_HANDLE && p[1] != GARBAGE_PIPELINE);
      if (t->is_kiln)
         CHECK_EQ(r, VK_PIPELINE_COMPILE_REQUIRED);
      for (unsigned i = 0; i < 2; i++) {
         if (p[i] != VK_NULL_HANDLE && p[i] != GARBAGE_PIPELINE)
            vkDestroyPipeline(t->dev, p[i], NULL);
      }
      vkDestroyPipelineCache(t->dev, cempty, NULL);
      vkDestroyPipelineCache(t->dev, cempty2, NULL);
   }
   vkt_pipeline_destroy(t, &cp);
   if (out.buffer)
      vkt_buffer_destroy(t, &out);
   vkDestroyPipelineCache(t->dev, ccache, NULL);
   vkDestroyPipelineCache(t->dev, cache, NULL);
   vkDestroyPipelineCache(t->dev, empty, NULL);
   vkDestroyPipelineCache(t->dev, empty2, NULL);
   mv_env_finish(&e);
}

/* maintenance4 (Vulkan 1.3 requires it; VK_KHR_maintenance4). Vulkan 1.3,
 * VkMemoryRequirements: "The size member is identical for all VkBuffer
 * objects created with the same value for the size [...] and is never
 * greater than the result of aligning the create size with the alignment
 * member" (with maintenance4), "The alignment member is identical for all
 * VkImage objects created with the same combination of values for the
 * flags, imageType, format, extent, mipLevels, arrayLayers, samples,
 * tiling and usage"; "the size memory requirement is never greater than
 * that of another image created with a greater or equal value in each of
 * extent.width, extent.height, and extent.depth". The vkGetDevice* queries
 * answer what an object made from the create info would; a pipeline layout
 * may be destroyed once a pipeline was made with it; maxBufferSize >= 2^30
 * (Required Limits). */
TEST(maintenance4)
{
   static const char *const exts[] = {VK_KHR_MAINTENANCE_4_EXTENSION_NAME};
   static VkPhysicalDeviceMaintenance4Features f = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES,
      .maintenance4 = VK_TRUE};
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_1,
                               .extensions = exts,
                               .extension_count = 1,
                               .features = &f};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   PFN_vkGetDeviceBufferMemoryRequirementsKHR buf_reqs =
      VKT_PROC(&t, vkGetDeviceBufferMemoryRequirementsKHR);
   PFN_vkGetDeviceImageMemoryRequirementsKHR img_reqs =
      VKT_PROC(&t, vkGetDeviceImageMemoryRequirementsKHR);
   PFN_vkGetDeviceImageSparseMemoryRequirementsKHR sparse_reqs =
      VKT_PROC(&t, vkGetDeviceImageSparseMemoryRequirementsKHR);
   REQUIRE(buf_reqs && img_reqs && sparse_reqs);

   VkPhysicalDeviceMaintenance4Properties m4 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &m4};
   vkGetPhysicalDeviceProperties2(t.pdev, &p2);
   CHECK(m4.maxBufferSize >= (1ull << 30));

   /* Buffers: the query equals the object's answer, within the aligned size. */
   static const VkDeviceSize sizes[] = {1, 100, 4099, 65536};
   for (unsigned i = 0; i < ARRAY_SIZE(sizes); i++) {
      const VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                      .size = sizes[i],
                                      .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                      .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
      const VkDeviceBufferMemoryRequirements q = {
         .sType = VK_STRUCTURE_TYPE_DEVICE_BUFFER_MEMORY_REQUIREMENTS, .pCreateInfo = &bci};
      VkMemoryRequirements2 want = {.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2};
      buf_reqs(t.dev, &q, &want);
      VkBuffer b;
      if (!VKT_CHECK(vkCreateBuffer(t.dev, &bci, NULL, &b)))
         break;
      VkMemoryRequirements got;
      vkGetBufferMemoryRequirements(t.dev, b, &got);
      vkDestroyBuffer(t.dev, b, NULL);
      CHECK_EQ_U64(want.memoryRequirements.size, got.size);
      CHECK_EQ_U64(want.memoryRequirements.alignment, got.alignment);
      CHECK_EQ(want.memoryRequirements.memoryTypeBits, got.memoryTypeBits);
      const VkDeviceSize a = got.alignment;
      CHECK(a && got.size <= (sizes[i] + a - 1) / a * a);
   }

   /* Images: the query equals the object's answer (the alignment may
    * depend on the extent, the size never shrinks as the extent grows). */
   VkDeviceSize prev_size = 0;
   static const uint32_t extents[][2] = {{1, 1}, {7, 3}, {16, 16}, {17, 16}, {64, 33}, {256, 256}};
   for (unsigned i = 0; i < ARRAY_SIZE(extents); i++) {
      const VkImageCreateInfo ici =
         vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL,
                        extents[i][0], extents[i][1], 1, 1, 1);
      const VkDeviceImageMemoryRequirements q = {
         .sType = VK_STRUCTURE_TYPE_DEVICE_IMAGE_MEMORY_REQUIREMENTS, .pCreateInfo = &ici};
      VkMemoryRequirements2 want = {.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2};
      img_reqs(t.dev, &q, &want);
      VkImage img;
      if (!VKT_CHECK(vkCreateImage(t.dev, &ici, NULL, &img)))
         break;
      VkMemoryRequirements got;
      vkGetImageMemoryRequirements(t.dev, img, &got);
      vkDestroyImage(t.dev, img, NULL);
      CHECK_EQ_U64(want.memoryRequirements.size, got.size);
      CHECK_EQ_U64(want.memoryRequirements.alignment, got.alignment);
      CHECK_EQ(want.memoryRequirements.memoryTypeBits, got.memoryTypeBits);
      CHECK(got.size >= prev_size);
      prev_size = got.size;
      /* Not sparse: no sparse requirements, the count written (lavapipe
       * 22.x stubs the command and leaves it alone). */
      uint32_t n = 123;
      sparse_reqs(t.dev, &q, &n, NULL);
      if (t.is_kiln)
         CHECK_EQ(n, 0);
      else if (n != 0 && i == 0)
         printf("  vkGetDeviceImageSparseMemoryRequirements left the count at %u\n", n);
   }

   /* The pipeline layout destroyed right after the pipeline is made; the
    * pipeline runs with an identical layout's descriptor sets. */
   struct vkt_buffer out;
   struct vkt_pipeline p;
   memset(&p, 0, sizeof(p));
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   if (vkt_buffer_create(&t, 64 * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out) &&
       vkt_pipeline_create(&t,
                           &(struct vkt_pipeline_info){VKT_SPIRV(store_push_comp_spv),
                                                       .bindings = b, .binding_count = 1,
                                                       .push_size = 4},
                           &p)) {
      const VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 4};
      const VkPipelineLayoutCreateInfo lci = {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
         .setLayoutCount = 1,
         .pSetLayouts = &p.set_layout,
         .pushConstantRangeCount = 1,
         .pPushConstantRanges = &range};
      VkPipelineLayout short_lived, twin;
      VkPipeline pipe = VK_NULL_HANDLE;
      if (VKT_CHECK(vkCreatePipelineLayout(t.dev, &lci, NULL, &short_lived)) &&
          VKT_CHECK(vkCreatePipelineLayout(t.dev, &lci, NULL, &twin))) {
         const VkComputePipelineCreateInfo ci = {
            .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
            .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                      .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                      .module = p.module,
                      .pName = "main"},
            .layout = short_lived};
         VKT_CHECK(vkCreateComputePipelines(t.dev, VK_NULL_HANDLE, 1, &ci, NULL, &pipe));
         vkDestroyPipelineLayout(t.dev, short_lived, NULL);
         vkDestroyPipeline(t.dev, p.pipeline, NULL);
         vkDestroyPipelineLayout(t.dev, p.layout, NULL);
         p.pipeline = pipe;
         p.layout = twin;
         vkt_pipeline_set_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                                 VK_WHOLE_SIZE);
         const uint32_t v = 0xc0ffee;
         if (vkt_run_compute(&t, &p, &v, 4, 64, 1, 1)) {
            unsigned bad = 0;
            for (unsigned i = 0; i < 64; i++)
               bad += ((uint32_t *)out.map)[i] != v;
            CHECK_EQ(bad, 0);
         }
      }
   }
   vkt_pipeline_destroy(&t, &p);
   if (out.buffer)
      vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* inlineUniformBlock (Vulkan 1.3 requires it; VK_EXT_inline_uniform_block).
 * Vulkan 1.3, 14.1.13 "Inline Uniform Block": "An inline uniform block is a
 * uniform buffer whose storage is provided directly by its descriptor set";
 * VkWriteDescriptorSet: for them "dstArrayElement specifies the starting
 * byte offset within the binding" and descriptorCount "the number of bytes
 * to update"; VkDescriptorUpdateTemplateEntry: "descriptorCount is the
 * number of bytes" from offset in pData; copies count bytes too. Two
 * blocks (64 and 16 bytes) filled by two writes, a template and a copy,
 * read by a compute shader. */
static bool
inline_run(struct vkt *t, VkPipeline pipe, VkPipelineLayout layout, VkDescriptorSet set)
{
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdDispatch(cmd, 1, 1, 1);
   return vkt_cmd_submit_wait(t, cmd);
}

TEST(inline_uniform_block)
{
   static const char *const exts[] = {VK_EXT_INLINE_UNIFORM_BLOCK_EXTENSION_NAME};
   static VkPhysicalDeviceInlineUniformBlockFeatures f = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_FEATURES,
      .inlineUniformBlock = VK_TRUE};
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_1,
                               .extensions = exts,
                               .extension_count = 1,
                               .features = &f};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   VkPhysicalDeviceInlineUniformBlockProperties ibp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &ibp};
   vkGetPhysicalDeviceProperties2(t.pdev, &p2);
   /* Vulkan 1.3, Required Limits. */
   CHECK(ibp.maxInlineUniformBlockSize >= 256);
   CHECK(ibp.maxPerStageDescriptorInlineUniformBlocks >= 4);
   CHECK(ibp.maxDescriptorSetInlineUniformBlocks >= 4);

   struct vkt_buffer out;
   REQUIRE(vkt_buffer_create(&t, 32 * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out));
   memset(out.map, 0xff, 32 * 4);
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK, 64, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {2, VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK, 16, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   const VkDescriptorSetLayoutCreateInfo slci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = ARRAY_SIZE(b),
      .pBindings = b};
   VkDescriptorSetLayout sl;
   VKT_REQUIRE(vkCreateDescriptorSetLayout(t.dev, &slci, NULL, &sl));
   const VkDescriptorPoolInlineUniformBlockCreateInfo pib = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_INLINE_UNIFORM_BLOCK_CREATE_INFO,
      .maxInlineUniformBlockBindings = 4};
   const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2},
                                         {VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK, 160}};
   const VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                           .pNext = &pib,
                                           .maxSets = 2,
                                           .poolSizeCount = ARRAY_SIZE(sizes),
                                           .pPoolSizes = sizes};
   VkDescriptorPool pool;
   VKT_REQUIRE(vkCreateDescriptorPool(t.dev, &pci, NULL, &pool));
   const VkDescriptorSetLayout sls[2] = {sl, sl};
   const VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                           .descriptorPool = pool,
                                           .descriptorSetCount = 2,
                                           .pSetLayouts = sls};
   VkDescriptorSet sets[2];
   VKT_REQUIRE(vkAllocateDescriptorSets(t.dev, &ai, sets));
   const VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                           .setLayoutCount = 1,
                                           .pSetLayouts = &sl};
   VkPipelineLayout layout;
   VKT_REQUIRE(vkCreatePipelineLayout(t.dev, &lci, NULL, &layout));
   const VkShaderModuleCreateInfo mci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                         .codeSize = sizeof(inline_ubo_comp_spv),
                                         .pCode = inline_ubo_comp_spv};
   VkShaderModule mod;
   VKT_REQUIRE(vkCreateShaderModule(t.dev, &mci, NULL, &mod));
   const VkComputePipelineCreateInfo cci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = mod,
                .pName = "main"},
      .layout = layout};
   VkPipeline pipe;
   VKT_REQUIRE(vkCreateComputePipelines(t.dev, VK_NULL_HANDLE, 1, &cci, NULL, &pipe));

   /* Set 0: block A in two writes of 32 bytes (the second at byte 32),
    * block B through a template whose data starts 8 bytes into pData. */
   uint32_t a[16], a2[16], bdata[2 + 4];
   for (unsigned i = 0; i < 16; i++) {
      a[i] = 0x1000 + i * 3;
      a2[i] = 0x2000 + i * 5;
   }
   for (unsigned i = 0; i < 6; i++)
      bdata[i] = 0x3000 + i * 7;
   const VkDescriptorBufferInfo obi = {out.buffer, 0, VK_WHOLE_SIZE};
   const VkWriteDescriptorSetInlineUniformBlock ib_lo = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK,
      .dataSize = 32,
      .pData = a};
   const VkWriteDescriptorSetInlineUniformBlock ib_hi = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK,
      .dataSize = 32,
      .pData = a + 8};
   const VkWriteDescriptorSetInlineUniformBlock ib_a2 = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK,
      .dataSize = 64,
      .pData = a2};
   const VkWriteDescriptorSet w[] = {
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[0], .dstBinding = 0,
       .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
       .pBufferInfo = &obi},
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .pNext = &ib_hi, .dstSet = sets[0],
       .dstBinding = 1, .dstArrayElement = 32, .descriptorCount = 32,
       .descriptorType = VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK},
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .pNext = &ib_lo, .dstSet = sets[0],
       .dstBinding = 1, .dstArrayElement = 0, .descriptorCount = 32,
       .descriptorType = VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK},
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .pNext = &ib_a2, .dstSet = sets[1],
       .dstBinding = 1, .dstArrayElement = 0, .descriptorCount = 64,
       .descriptorType = VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK},
   };
   vkUpdateDescriptorSets(t.dev, ARRAY_SIZE(w), w, 0, NULL);
   const VkDescriptorUpdateTemplateEntry te = {
      .dstBinding = 2,
      .dstArrayElement = 0,
      .descriptorCount = 16,
      .descriptorType = VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK,
      .offset = 8,
      .stride = 12345, /* ignored for inline uniform blocks */
   };
   const VkDescriptorUpdateTemplateCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 1,
      .pDescriptorUpdateEntries = &te,
      .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
      .descriptorSetLayout = sl};
   VkDescriptorUpdateTemplate tmpl;
   VKT_REQUIRE(vkCreateDescriptorUpdateTemplate(t.dev, &tci, NULL, &tmpl));
   vkUpdateDescriptorSetWithTemplate(t.dev, sets[0], tmpl, bdata);

   const uint32_t *o = (const uint32_t *)out.map;
   if (inline_run(&t, pipe, layout, sets[0])) {
      unsigned bad = 0;
      for (unsigned i = 0; i < 16; i++)
         bad += o[i] != a[i];
      for (unsigned i = 0; i < 16; i++)
         bad += o[16 + i] != (i < 4 ? bdata[2 + i] : 0);
      if (bad)
         test_fail(__FILE__, __LINE__, "%u values differ (0x%x 0x%x)", bad, o[0], o[16]);
   }

   /* Copy bytes 16..47 of set 1's block A into set 0's at byte 16. */
   const VkCopyDescriptorSet c = {.sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET,
                                  .srcSet = sets[1],
                                  .srcBinding = 1,
                                  .srcArrayElement = 16,
                                  .dstSet = sets[0],
                                  .dstBinding = 1,
                                  .dstArrayElement = 16,
                                  .descriptorCount = 32};
   vkUpdateDescriptorSets(t.dev, 0, NULL, 1, &c);
   if (inline_run(&t, pipe, layout, sets[0])) {
      unsigned bad = 0;
      for (unsigned i = 0; i < 16; i++)
         bad += o[i] != (i >= 4 && i < 12 ? a2[i] : a[i]);
      if (bad)
         test_fail(__FILE__, __LINE__, "after the copy: %u values differ", bad);
   }
   vkDestroyDescriptorUpdateTemplate(t.dev, tmpl, NULL);
   vkDestroyPipeline(t.dev, pipe, NULL);
   vkDestroyShaderModule(t.dev, mod, NULL);
   vkDestroyPipelineLayout(t.dev, layout, NULL);
   vkDestroyDescriptorPool(t.dev, pool, NULL);
   vkDestroyDescriptorSetLayout(t.dev, sl, NULL);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* robustImageAccess (Vulkan 1.3 requires it; VK_EXT_image_robustness).
 * Vulkan 1.3, VkPhysicalDeviceImageRobustnessFeatures: "robustImageAccess
 * indicates that image accesses are tightly bounds-checked against the
 * dimensions of the image view. Invalid texels resulting from out of
 * bounds image loads will be replaced as described in Texel Replacement,
 * with either (0,0,1) or (0,0,0) values inserted for missing G, B, or A
 * components based on the format"; 16.3.6 "Texel Replacement": out-of-
 * bounds writes are discarded. A view of level 1 (2x2), layers 1..2 of a
 * 4x4, 2-level, 4-layer image: loads outside the view (inside level 0 or
 * layer 3 of the image too) read (0,0,0,0) or (0,0,0,1), stores there
 * change no texel of the image, the one store inside lands. */
TEST(robust_image_access)
{
   static const char *const exts[] = {VK_EXT_IMAGE_ROBUSTNESS_EXTENSION_NAME};
   static VkPhysicalDeviceImageRobustnessFeatures f = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES,
      .robustImageAccess = VK_TRUE};
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_1,
                               .extensions = exts,
                               .extension_count = 1,
                               .features = &f};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   enum { LAYERS = 4, LEVELS = 2 };
   VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UINT,
                                         VK_IMAGE_TILING_OPTIMAL, 4, 4, 1, LEVELS, LAYERS);
   ci.usage |= VK_IMAGE_USAGE_STORAGE_BIT;
   struct vkt_image img;
   struct vkt_buffer out;
   memset(&out, 0, sizeof(out));
   REQUIRE(vkt_image_create(&t, &ci, &img));
   if (!vkt_image_to_general(&t, &img, VK_IMAGE_LAYOUT_UNDEFINED) ||
       !vkt_buffer_create(&t, 7 * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out)) {
      vkt_image_destroy(&t, &img);
      vkt_finish(&t);
      return;
   }
   /* Every texel of every subresource distinct: (level, layer, x, y). */
   uint32_t before[LEVELS][LAYERS][16];
   for (uint32_t lv = 0; lv < LEVELS; lv++) {
      const uint32_t w = 4 >> lv;
      for (uint32_t ly = 0; ly < LAYERS; ly++) {
         for (uint32_t i = 0; i < w * w; i++)
            before[lv][ly][i] = (lv + 1) | (ly + 1) << 8 | (i % w) << 16 | (i / w) << 24;
         vkt_write_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, lv, ly, (VkOffset3D){0},
                         (VkExtent3D){w, w, 1}, before[lv][ly]);
      }
   }
   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = img.image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY,
      .format = VK_FORMAT_R8G8B8A8_UINT,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 1, 1, 1, 2},
   };
   VkImageView view = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateImageView(t.dev, &vci, NULL, &view));
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   struct vkt_pipeline p;
   memset(&p, 0, sizeof(p));
   if (view && vkt_pipeline_create(&t,
                                   &(struct vkt_pipeline_info){VKT_SPIRV(robust_image_comp_spv),
                                                               .bindings = b,
                                                               .binding_count = 2},
                                   &p)) {
      vkt_pipeline_set_image(&t, &p, 0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, view, VK_NULL_HANDLE,
                             VK_IMAGE_LAYOUT_GENERAL);
      vkt_pipeline_set_buffer(&t, &p, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                              VK_WHOLE_SIZE);
      memset(out.map, 0xab, 7 * 16);
      if (vkt_run_compute(&t, &p, NULL, 0, 1, 1, 1)) {
         const uint32_t *o = (const uint32_t *)out.map;
         /* (1, 1) of view layer 1 = level 1, image layer 2, texel 3. */
         const uint32_t in = before[1][2][3];
         for (unsigned c = 0; c < 4; c++)
            CHECK_EQ(o[c], (in >> (8 * c)) & 0xff);
         for (unsigned i = 1; i < 7; i++) {
            if (o[4 * i] || o[4 * i + 1] || o[4 * i + 2] || o[4 * i + 3] > 1)
               test_fail(__FILE__, __LINE__, "load %u outside the view: (%u, %u, %u, %u)",
                         i - 1, o[4 * i], o[4 * i + 1], o[4 * i + 2], o[4 * i + 3]);
         }
         /* Only (0, 1) of view layer 0 (level 1, image layer 1) changed. */
         unsigned bad = 0;
         for (uint32_t lv = 0; lv < LEVELS; lv++) {
            const uint32_t w = 4 >> lv;
            for (uint32_t ly = 0; ly < LAYERS; ly++) {
               uint32_t got[16];
               if (!vkt_read_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, lv, ly, (VkOffset3D){0},
                                   (VkExtent3D){w, w, 1}, got))
                  continue;
               for (uint32_t i = 0; i < w * w; i++) {
                  const bool stored = lv == 1 && ly == 1 && i == 2;
                  bad += got[i] != (stored ? 0x06070809u : before[lv][ly][i]);
               }
            }
         }
         if (bad)
            test_fail(__FILE__, __LINE__, "%u texels differ after the stores", bad);
      }
   }
   vkt_pipeline_destroy(&t, &p);
   if (view)
      vkDestroyImageView(t.dev, view, NULL);
   vkt_buffer_destroy(&t, &out);
   vkt_image_destroy(&t, &img);
   vkt_finish(&t);
}

/* vulkanMemoryModel and vulkanMemoryModelDeviceScope (Vulkan 1.3 requires
 * both; VK_KHR_vulkan_memory_model). Vulkan 1.3, Appendix B "Memory Model":
 * an implementation may be stronger than the model (kiln: sequentially
 * consistent host atomics and fences, a workgroup on one thread). A
 * SPIR-V 1.5 shader with OpMemoryModel Vulkan, scoped control and memory
 * barriers with MakeAvailable/MakeVisible, coherent buffer and image
 * accesses (MakePointer/TexelAvailable/Visible, NonPrivate) and
 * device-scope release/acquire atomics: compiles and computes exactly. */
TEST(vulkan_memory_model)
{
   static const char *const exts[] = {VK_KHR_VULKAN_MEMORY_MODEL_EXTENSION_NAME};
   static VkPhysicalDeviceVulkanMemoryModelFeatures f = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES,
      .vulkanMemoryModel = VK_TRUE,
      .vulkanMemoryModelDeviceScope = VK_TRUE};
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_2,
                               .extensions = exts,
                               .extension_count = 1,
                               .features = &f};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   enum { N = 256 };
   VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R32_UINT,
                                         VK_IMAGE_TILING_OPTIMAL, N, 1, 1, 1, 1);
   ci.usage |= VK_IMAGE_USAGE_STORAGE_BIT;
   struct vkt_image img;
   struct vkt_buffer out;
   memset(&out, 0, sizeof(out));
   REQUIRE(vkt_image_create(&t, &ci, &img));
   VkImageView view = VK_NULL_HANDLE;
   const VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                      .image = img.image,
                                      .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                      .format = VK_FORMAT_R32_UINT,
                                      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   struct vkt_pipeline p;
   memset(&p, 0, sizeof(p));
   if (vkt_image_to_general(&t, &img, VK_IMAGE_LAYOUT_UNDEFINED) &&
       VKT_CHECK(vkCreateImageView(t.dev, &vci, NULL, &view)) &&
       vkt_buffer_create(&t, 16 + 3 * N * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out) &&
       vkt_pipeline_create(&t,
                           &(struct vkt_pipeline_info){VKT_SPIRV(memory_model_comp_spv),
                                                       .bindings = b, .binding_count = 2},
                           &p)) {
      memset(out.map, 0, 16 + 3 * N * 4);
      vkt_pipeline_set_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                              VK_WHOLE_SIZE);
      vkt_pipeline_set_image(&t, &p, 1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, view, VK_NULL_HANDLE,
                             VK_IMAGE_LAYOUT_GENERAL);
      if (vkt_run_compute(&t, &p, NULL, 0, N / 64, 1, 1)) {
         const uint32_t *d = (const uint32_t *)out.map;
         const uint32_t *o = d + 4;
         CHECK_EQ(d[0], N);
         unsigned bad = 0;
         for (uint32_t g = 0; g < N; g++) {
            bad += o[g] != (g / 64 * 64 + (g % 64 + 1) % 64) * 3;
            bad += o[N + g] != g + 7;
            bad += o[2 * N + g] != g + 8;
         }
         if (bad)
            test_fail(__FILE__, __LINE__, "%u values differ (%u %u %u)", bad, o[0], o[N],
                      o[2 * N]);
      }
   }
   vkt_pipeline_destroy(&t, &p);
   if (view)
      vkDestroyImageView(t.dev, view, NULL);
   if (out.buffer)
      vkt_buffer_destroy(&t, &out);
   vkt_image_destroy(&t, &img);
   vkt_finish(&t);
}

/* shaderIntegerDotProduct (Vulkan 1.3 requires it; VK_KHR_shader_integer_
 * dot_product). SPIR-V 1.6, OpSDot/OpUDot/OpSUDot: components sign- or
 * zero-extended to the result's width, multiplied and summed; the AccSat
 * forms add the accumulator with saturation ("The final accumulation is
 * saturating"). References computed here from those rules, 16 invocations
 * with edge values (all bytes 0x80 or 0xff, accumulators at the limits). */
static int64_t
field(uint32_t v, unsigned at, unsigned bits, bool is_signed)
{
   const uint32_t u = (v >> at) & ((1u << bits) - 1);
   return is_signed && (u >> (bits - 1)) ? (int64_t)u - (1ll << bits) : (int64_t)u;
}

static uint32_t
sat_s32(int64_t v)
{
   return (uint32_t)(int32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
}

TEST(integer_dot_product)
{
   static const char *const exts[] = {VK_KHR_SHADER_INTEGER_DOT_PRODUCT_EXTENSION_NAME};
   static VkPhysicalDeviceShaderIntegerDotProductFeatures f = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES,
      .shaderIntegerDotProduct = VK_TRUE};
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_2,
                               .extensions = exts,
                               .extension_count = 1,
                               .features = &f};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   enum { K = 16, OUTS = 9 };
   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, (3 * K + OUTS * K) * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                             &buf));
   uint32_t *d = (uint32_t *)buf.map;
   uint32_t *a = d, *b = d + K, *o = d + 3 * K;
   int32_t *acc = (int32_t *)(d + 2 * K);
   vkt_fill_pattern(d, 3 * K * 4, 77);
   a[0] = b[0] = 0x80808080u;
   a[1] = b[1] = 0xffffffffu;
   a[2] = 0x7f7f7f7fu, b[2] = 0x80808080u;
   a[3] = 0x01ff7f80u, b[3] = 0xff01807fu;
   acc[0] = INT32_MAX - 5;
   acc[1] = INT32_MIN + 3;
   acc[2] = -1; /* unsigned: UINT32_MAX */
   acc[3] = INT32_MIN;
   acc[4] = 0;
   memset(o, 0xcc, OUTS * K * 4);
   const VkDescriptorSetLayoutBinding bd[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   struct vkt_pipeline p;
   memset(&p, 0, sizeof(p));
   if (vkt_pipeline_create(&t,
                           &(struct vkt_pipeline_info){VKT_SPIRV(integer_dot_comp_spv),
                                                       .bindings = bd, .binding_count = 1},
                           &p)) {
      vkt_pipeline_set_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, buf.buffer, 0,
                              VK_WHOLE_SIZE);
      if (vkt_run_compute(&t, &p, NULL, 0, 1, 1, 1)) {
         unsigned bad = 0;
         for (unsigned k = 0; k < K; k++) {
            const uint32_t x = a[k], y = b[k];
            int64_t xs[4] = {field(x, 0, 12, true), field(x, 12, 12, true),
                             field(x, 20, 12, true), field(y, 4, 12, true)};
            int64_t ys[4] = {field(y, 0, 12, true), field(y, 12, 12, true),
                             field(y, 20, 12, true), field(x, 4, 12, true)};
            int64_t sd = 0, ud = 0, sud = 0, psd = 0, pud = 0, psud = 0;
            for (unsigned c = 0; c < 4; c++) {
               sd += xs[c] * ys[c];
               ud += (xs[c] & 0xfff) * (ys[c] & 0xfff);
               sud += xs[c] * (ys[c] & 0xfff);
               psd += field(x, 8 * c, 8, true) * field(y, 8 * c, 8, true);
               pud += field(x, 8 * c, 8, false) * field(y, 8 * c, 8, false);
               psud += field(x, 8 * c, 8, true) * field(y, 8 * c, 8, false);
            }
            const uint64_t usum = (uint64_t)pud + (uint32_t)acc[k];
            const uint32_t want[OUTS] = {
               (uint32_t)sd, (uint32_t)ud, (uint32_t)sud, sat_s32(sud + acc[k]),
               (uint32_t)psd, (uint32_t)pud, (uint32_t)psud, sat_s32(psd + acc[k]),
               usum > UINT32_MAX ? UINT32_MAX : (uint32_t)usum,
            };
            for (unsigned i = 0; i < OUTS; i++) {
               if (o[OUTS * k + i] != want[i] && bad++ < 8)
                  printf("  case %u, result %u: 0x%08x, want 0x%08x\n", k, i, o[OUTS * k + i],
                         want[i]);
            }
         }
         CHECK_EQ(bad, 0);
      }
   }
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}

/* Vertex strides are one piece of dynamic state whichever command sets it
 * (Vulkan 1.3, 10.10 and 22.2): vkCmdBindVertexBuffers2EXT with a wrong
 * stride, then vkCmdSetVertexInputEXT with the right one, draws with the
 * right one (kiln used the first while it kept a per-buffer stride). */
TEST(vertex_strides_last_setter_wins)
{
   static VkPhysicalDeviceExtendedDynamicStateFeaturesEXT eds = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT,
      .extendedDynamicState = VK_TRUE};
   static VkPhysicalDeviceVertexInputDynamicStateFeaturesEXT vids = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_INPUT_DYNAMIC_STATE_FEATURES_EXT,
      .pNext = &eds,
      .vertexInputDynamicState = VK_TRUE};
   const struct mv_fs opts = {.extension = VK_EXT_VERTEX_INPUT_DYNAMIC_STATE_EXTENSION_NAME,
                              .extension2 = VK_EXT_EXTENDED_DYNAMIC_STATE_EXTENSION_NAME,
                              .features = &vids,
                              .dynamic_vertex_input = true};
   struct mv_env e;
   if (!mv_env_init_fs(&e, 0x1, 1, false, true, &opts)) {
      mv_env_finish(&e);
      return;
   }
   struct vkt *t = &e.t;
   PFN_vkCmdBindVertexBuffers2EXT bind2 = VKT_PROC(t, vkCmdBindVertexBuffers2EXT);
   PFN_vkCmdSetVertexInputEXT set_vi = VKT_PROC(t, vkCmdSetVertexInputEXT);
   if (!bind2 || !set_vi) {
      mv_env_finish(&e);
      return;
   }
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   const VkClearValue clear = {.color.float32 = {0, 0, 0, 0}};
   const VkRenderPassBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                     .renderPass = e.pass,
                                     .framebuffer = e.fb,
                                     .renderArea = {{0, 0}, {W, H}},
                                     .clearValueCount = 1,
                                     .pClearValues = &clear};
   vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, e.pipe);
   const VkDeviceSize zero = 0, wrong = 16;
   bind2(cmd, 0, 1, &e.vb.buffer, &zero, NULL, &wrong);
   const VkVertexInputBindingDescription2EXT binding = {
      .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT,
      .binding = 0,
      .stride = 2 * sizeof(float),
      .inputRate = VK_VERTEX_INPUT_RATE_VERTEX,
      .divisor = 1};
   const VkVertexInputAttributeDescription2EXT attr = {
      .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT,
      .location = 0,
      .binding = 0,
      .format = VK_FORMAT_R32G32_SFLOAT,
      .offset = 0};
   set_vi(cmd, 1, &binding, 1, &attr);
   vkCmdDraw(cmd, 6, 1, 0, 0);
   vkCmdEndRenderPass(cmd);
   uint32_t got[W * H];
   if (vkt_cmd_submit_wait(t, cmd) &&
       vkt_read_image(t, &e.img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                      (VkExtent3D){W, H, 1}, got)) {
      unsigned bad = 0;
      for (unsigned i = 0; i < W * H; i++)
         bad += got[i] != (i % W < W / 4 ? view_color(0) : 0);
      if (bad)
         test_fail(__FILE__, __LINE__, "%u texels differ (0x%08x)", bad, got[0]);
   }
   mv_env_finish(&e);
}
