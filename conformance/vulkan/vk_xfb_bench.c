/* SPDX-License-Identifier: MIT */
/*
 * Transform feedback and geometry shader throughput, for docs/xfb.md (not
 * a test: run by hand on each driver, e.g.
 *
 *    VK_DRIVER_FILES=build/nvk/kiln_icd.x86_64.json build/conformance/vulkan/vk_xfb_bench
 *    VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json build/conformance/vulkan/vk_xfb_bench
 *
 * Each case is one draw with the rasterizer discarding, timed from submit
 * to fence (best of 5):
 *   vs-capture   a triangle list of 3 x 2^18 vertices through
 *                xfb_simple.vert, 16 bytes captured per vertex;
 *   gs-amplify   2^16 triangles through gs_amplify.geom (2 invocations, 4
 *                triangles out of each), 32 bytes captured per vertex.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "vkt.h"

#include "gs_amplify_geom.h"
#include "gs_pass_vert.h"
#include "xfb_simple_vert.h"

static uint64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static VkPipeline
make(struct vkt *t, VkPipelineLayout layout, VkRenderPass pass, bool gs)
{
   const VkShaderModuleCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = gs ? sizeof(gs_pass_vert_spv) : sizeof(xfb_simple_vert_spv),
      .pCode = gs ? gs_pass_vert_spv : xfb_simple_vert_spv,
   };
   const VkShaderModuleCreateInfo gci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = sizeof(gs_amplify_geom_spv),
      .pCode = gs_amplify_geom_spv,
   };
   VkShaderModule vs = VK_NULL_HANDLE, g = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateShaderModule(t->dev, &vci, NULL, &vs));
   if (gs)
      VKT_CHECK(vkCreateShaderModule(t->dev, &gci, NULL, &g));
   const VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_GEOMETRY_BIT,
       .module = g,
       .pName = "main"},
   };
   const VkVertexInputBindingDescription binding = {0, 16, VK_VERTEX_INPUT_RATE_VERTEX};
   const VkVertexInputAttributeDescription attr = {0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0};
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = gs,
      .pVertexBindingDescriptions = &binding,
      .vertexAttributeDescriptionCount = gs,
      .pVertexAttributeDescriptions = &attr,
   };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
   };
   const VkViewport vps[2] = {{0, 0, 16, 16, 0, 1}, {0, 0, 16, 16, 0, 1}};
   const VkRect2D sc[2] = {{{0, 0}, {16, 16}}, {{0, 0}, {16, 16}}};
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = gs ? 2 : 1,
      .pViewports = vps,
      .scissorCount = gs ? 2 : 1,
      .pScissors = sc,
   };
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .rasterizerDiscardEnable = VK_TRUE,
      .lineWidth = 1.0f,
   };
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
   };
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
   const VkGraphicsPipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .stageCount = gs ? 2 : 1,
      .pStages = stages,
      .pVertexInputState = &vi,
      .pInputAssemblyState = &ia,
      .pViewportState = &vp,
      .pRasterizationState = &rs,
      .pMultisampleState = &ms,
      .pColorBlendState = &cb,
      .layout = layout,
      .renderPass = pass,
   };
   VkPipeline p = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateGraphicsPipelines(t->dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   vkDestroyShaderModule(t->dev, vs, NULL);
   vkDestroyShaderModule(t->dev, g, NULL);
   return p;
}

TEST(xfb_bench)
{
   static const char *const exts[] = {VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME};
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = VK_TRUE,
   };
   const VkPhysicalDeviceFeatures core = {.geometryShader = VK_TRUE, .multiViewport = VK_TRUE};
   const struct vkt_req req = {.extensions = exts,
                               .extension_count = 1,
                               .features = &xfb,
                               .core_features = &core,
                               .no_validation = true};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   const VkPipelineLayoutCreateInfo lci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   const VkSubpassDescription sub = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS};
   const VkRenderPassCreateInfo rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .subpassCount = 1, .pSubpasses = &sub};
   VkPipelineLayout layout;
   VkRenderPass pass;
   VkFramebuffer fb;
   VKT_CHECK(vkCreatePipelineLayout(t.dev, &lci, NULL, &layout));
   VKT_CHECK(vkCreateRenderPass(t.dev, &rpci, NULL, &pass));
   const VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                        .renderPass = pass,
                                        .width = 16,
                                        .height = 16,
                                        .layers = 1};
   VKT_CHECK(vkCreateFramebuffer(t.dev, &fci, NULL, &fb));
   PFN_vkCmdBindTransformFeedbackBuffersEXT bind =
      VKT_PROC(&t, vkCmdBindTransformFeedbackBuffersEXT);
   PFN_vkCmdBeginTransformFeedbackEXT begin = VKT_PROC(&t, vkCmdBeginTransformFeedbackEXT);
   PFN_vkCmdEndTransformFeedbackEXT end = VKT_PROC(&t, vkCmdEndTransformFeedbackEXT);
   const uint32_t vs_vertices = 3u << 18, gs_vertices = 3u << 16;
   struct vkt_buffer vb, cap;
   REQUIRE(vkt_buffer_create(&t, (VkDeviceSize)gs_vertices * 16,
                             VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vb));
   REQUIRE(vkt_buffer_create(&t, 64u << 20, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT,
                             &cap));
   float *p = (float *)vb.map;
   for (uint32_t i = 0; i < gs_vertices; i++) {
      p[i * 4 + 0] = (float)(i % 7) * 0.25f - 0.75f;
      p[i * 4 + 1] = (float)(i % 5) * 0.25f - 0.5f;
      p[i * 4 + 2] = 0.5f;
      p[i * 4 + 3] = 1.0f;
   }
   for (unsigned c = 0; c < 2; c++) {
      const bool gs = c == 1;
      VkPipeline pipe = make(&t, layout, pass, gs);
      uint64_t best = UINT64_MAX;
      for (unsigned rep = 0; rep < 5; rep++) {
         VkCommandBuffer cmd = vkt_cmd_begin(&t);
         const VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                            .renderPass = pass,
                                            .framebuffer = fb,
                                            .renderArea = {{0, 0}, {16, 16}}};
         vkCmdBeginRenderPass(cmd, &rbi, VK_SUBPASS_CONTENTS_INLINE);
         vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
         const VkDeviceSize zero = 0, whole = VK_WHOLE_SIZE;
         if (gs)
            vkCmdBindVertexBuffers(cmd, 0, 1, &vb.buffer, &zero);
         bind(cmd, 0, 1, &cap.buffer, &zero, &whole);
         begin(cmd, 0, 0, NULL, NULL);
         vkCmdDraw(cmd, gs ? gs_vertices : vs_vertices, 1, 0, 0);
         end(cmd, 0, 0, NULL, NULL);
         vkCmdEndRenderPass(cmd);
         const uint64_t t0 = now_ns();
         REQUIRE(vkt_cmd_submit_wait(&t, cmd));
         const uint64_t dt = now_ns() - t0;
         best = dt < best ? dt : best;
      }
      const double ms = (double)best / 1e6;
      const uint32_t out_vertices = gs ? gs_vertices * 4 : vs_vertices;
      const uint32_t stride = gs ? 32 : 16;
      printf("  %s %s: %.2f ms, %.1f M captured vertices/s, %.0f MB/s\n", t.props.deviceName,
             gs ? "gs-amplify" : "vs-capture", ms, out_vertices / ms / 1e3,
             (double)out_vertices * stride / ms / 1e3);
      vkDestroyPipeline(t.dev, pipe, NULL);
   }
   vkt_buffer_destroy(&t, &vb);
   vkt_buffer_destroy(&t, &cap);
   vkDestroyFramebuffer(t.dev, fb, NULL);
   vkDestroyRenderPass(t.dev, pass, NULL);
   vkDestroyPipelineLayout(t.dev, layout, NULL);
   vkt_finish(&t);
}
