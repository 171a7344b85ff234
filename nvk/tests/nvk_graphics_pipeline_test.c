/* SPDX-License-Identifier: MIT */
/*
 * Graphics pipelines and libraries (nvk_graphics_pipeline.c): bad input
 * fails with a VkResult and NULL handles, libraries link by merging state,
 * and binding applies the static state at replay.
 */
#include <stdint.h>
#include <string.h>

#include "gfx_color_frag.h"
#include "gfx_pos_vert.h"
#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_pipeline.h"
#include "nvk_test_util.h"
#include "util/test.h"

struct gp {
   VkShaderModule vs, fs;
   VkPipelineLayout layout;
   VkPipelineShaderStageCreateInfo stages[3];
   VkVertexInputBindingDescription binding;
   VkVertexInputAttributeDescription attribute;
   VkPipelineVertexInputStateCreateInfo vi;
   VkPipelineInputAssemblyStateCreateInfo ia;
   VkViewport viewport;
   VkRect2D scissor;
   VkPipelineViewportStateCreateInfo vp;
   VkPipelineRasterizationStateCreateInfo rs;
   VkPipelineMultisampleStateCreateInfo ms;
   VkPipelineColorBlendAttachmentState blend;
   VkPipelineColorBlendStateCreateInfo cb;
   VkFormat color_format;
   VkPipelineRenderingCreateInfo rendering;
   VkGraphicsPipelineCreateInfo info;
};

static bool
gp_init(struct nvk_test *t, struct gp *g)
{
   memset(g, 0, sizeof(*g));
   const VkShaderModuleCreateInfo vs = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, NULL,
                                        0, sizeof(gfx_pos_vert_spv), gfx_pos_vert_spv};
   const VkShaderModuleCreateInfo fs = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, NULL,
                                        0, sizeof(gfx_color_frag_spv),
                                        gfx_color_frag_spv};
   const VkPushConstantRange pcr = {VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16};
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &pcr};
   if (nvk_CreateShaderModule(t->dev, &vs, NULL, &g->vs) != VK_SUCCESS ||
       nvk_CreateShaderModule(t->dev, &fs, NULL, &g->fs) != VK_SUCCESS ||
       nvk_CreatePipelineLayout(t->dev, &plci, NULL, &g->layout) != VK_SUCCESS)
      return false;
   g->stages[0] = (VkPipelineShaderStageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
      .stage = VK_SHADER_STAGE_VERTEX_BIT,
      .module = g->vs,
      .pName = "main"};
   g->stages[1] = (VkPipelineShaderStageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
      .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
      .module = g->fs,
      .pName = "main"};
   g->binding = (VkVertexInputBindingDescription){0, 16, VK_VERTEX_INPUT_RATE_VERTEX};
   g->attribute =
      (VkVertexInputAttributeDescription){0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0};
   g->vi = (VkPipelineVertexInputStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 1,
      .pVertexBindingDescriptions = &g->binding,
      .vertexAttributeDescriptionCount = 1,
      .pVertexAttributeDescriptions = &g->attribute};
   g->ia = (VkPipelineInputAssemblyStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_LINE_LIST};
   g->viewport = (VkViewport){0, 0, 32, 32, 0, 1};
   g->scissor = (VkRect2D){{0, 0}, {32, 32}};
   g->vp = (VkPipelineViewportStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &g->viewport,
      .scissorCount = 1,
      .pScissors = &g->scissor};
   g->rs = (VkPipelineRasterizationStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .cullMode = VK_CULL_MODE_FRONT_BIT,
      .lineWidth = 1.0f};
   g->ms = (VkPipelineMultisampleStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   g->blend.colorWriteMask = 0xf;
   g->cb = (VkPipelineColorBlendStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &g->blend,
      .blendConstants = {0, 0, 0, 0.5f}};
   g->color_format = VK_FORMAT_R8G8B8A8_UNORM;
   g->rendering = (VkPipelineRenderingCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = 1,
      .pColorAttachmentFormats = &g->color_format};
   g->info = (VkGraphicsPipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &g->rendering,
      .stageCount = 2,
      .pStages = g->stages,
      .pVertexInputState = &g->vi,
      .pInputAssemblyState = &g->ia,
      .pViewportState = &g->vp,
      .pRasterizationState = &g->rs,
      .pMultisampleState = &g->ms,
      .pColorBlendState = &g->cb,
      .layout = g->layout};
   return true;
}

static void
gp_finish(struct nvk_test *t, struct gp *g)
{
   nvk_DestroyShaderModule(t->dev, g->vs, NULL);
   nvk_DestroyShaderModule(t->dev, g->fs, NULL);
   nvk_DestroyPipelineLayout(t->dev, g->layout, NULL);
}

static VkResult
create(struct nvk_test *t, const VkGraphicsPipelineCreateInfo *info, VkPipeline *p)
{
   *p = (VkPipeline)(uintptr_t)0xdead; /* must become NULL on failure */
   return nvk_CreateGraphicsPipelines(t->dev, VK_NULL_HANDLE, 1, info, NULL, p);
}

TEST(nvk_graphics_pipeline_bad_input_fails_cleanly)
{
   struct nvk_test t;
   REQUIRE(nvk_test_init(&t, NULL, 0));
   struct gp g;
   REQUIRE(gp_init(&t, &g));
   VkPipeline p;

   /* No vertex shader. */
   VkGraphicsPipelineCreateInfo info = g.info;
   info.stageCount = 1;
   info.pStages = &g.stages[1];
   CHECK_EQ(create(&t, &info, &p), VK_ERROR_UNKNOWN);
   CHECK(p == VK_NULL_HANDLE);
   /* The same stage twice. */
   g.stages[2] = g.stages[0];
   info = g.info;
   info.stageCount = 3;
   CHECK_EQ(create(&t, &info, &p), VK_ERROR_UNKNOWN);
   CHECK(p == VK_NULL_HANDLE);
   /* A stage kiln cannot run yet, and one that is not graphics. */
   g.stages[2].stage = VK_SHADER_STAGE_GEOMETRY_BIT;
   CHECK_EQ(create(&t, &info, &p), VK_ERROR_UNKNOWN);
   CHECK(p == VK_NULL_HANDLE);
   g.stages[2].stage = VK_SHADER_STAGE_COMPUTE_BIT;
   CHECK_EQ(create(&t, &info, &p), VK_ERROR_UNKNOWN);
   CHECK(p == VK_NULL_HANDLE);
   /* A count without an array. */
   info = g.info;
   info.pStages = NULL;
   CHECK_EQ(create(&t, &info, &p), VK_ERROR_UNKNOWN);
   CHECK(p == VK_NULL_HANDLE);
   /* Stages without a layout. */
   info = g.info;
   info.layout = VK_NULL_HANDLE;
   CHECK_EQ(create(&t, &info, &p), VK_ERROR_UNKNOWN);
   CHECK(p == VK_NULL_HANDLE);
   /* A stage with neither module nor inline code. */
   VkPipelineShaderStageCreateInfo no_code[2] = {g.stages[0], g.stages[1]};
   no_code[0].module = VK_NULL_HANDLE;
   info = g.info;
   info.pStages = no_code;
   CHECK_EQ(create(&t, &info, &p), VK_ERROR_UNKNOWN);
   CHECK(p == VK_NULL_HANDLE);
   /* Absurd counts. */
   info = g.info;
   g.vp.viewportCount = 1u << 30;
   CHECK_EQ(create(&t, &info, &p), VK_ERROR_UNKNOWN);
   CHECK(p == VK_NULL_HANDLE);
   g.vp.viewportCount = 1;
   g.attribute.location = 4096;
   CHECK_EQ(create(&t, &info, &p), VK_ERROR_UNKNOWN);
   CHECK(p == VK_NULL_HANDLE);
   g.attribute.location = 0;
   /* A render pass: the draw work's objects; until they exist, a clean
    * failure. */
   info.renderPass = (VkRenderPass)(uintptr_t)0x1000;
   if (!nvk_render_pass_subpass_state) {
      CHECK_EQ(create(&t, &info, &p), VK_ERROR_UNKNOWN);
      CHECK(p == VK_NULL_HANDLE);
   }

   /* The real thing: made, or (while the backend cannot compile vertex
    * shaders) a clean failure. */
   VkResult r = create(&t, &g.info, &p);
   CHECK(r == VK_SUCCESS ? p != VK_NULL_HANDLE : p == VK_NULL_HANDLE);
   if (r == VK_SUCCESS) {
      const struct nvk_pipeline *pl = nvk_pipeline_from_handle(p);
      CHECK(pl->gfx->vs && pl->gfx->fs);
      CHECK_EQ(pl->gfx->state.s.ia.primitive_topology, VK_PRIMITIVE_TOPOLOGY_LINE_LIST);
      CHECK_EQ(pl->push_constant_size_B, 16);
      nvk_DestroyPipeline(t.dev, p, NULL);
   }
   gp_finish(&t, &g);
   nvk_test_finish(&t);
}

static VkResult
create_library(struct nvk_test *t, const struct gp *g,
               VkGraphicsPipelineLibraryFlagsEXT parts, const VkPipeline *libs,
               uint32_t lib_count, VkPipelineCreateFlags flags, VkPipeline *p)
{
   VkPipelineLibraryCreateInfoKHR lib_info = {
      VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR, &g->rendering, lib_count, libs};
   VkGraphicsPipelineLibraryCreateInfoEXT gpl = {
      VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT, &lib_info, parts};
   VkGraphicsPipelineCreateInfo info = g->info;
   info.pNext = &gpl;
   info.flags = flags;
   return create(t, &info, p);
}

TEST(nvk_graphics_pipeline_libraries_link)
{
   struct nvk_test t;
   REQUIRE(nvk_test_init(&t, NULL, 0));
   struct gp g;
   REQUIRE(gp_init(&t, &g));
   const VkPipelineCreateFlags lib = VK_PIPELINE_CREATE_LIBRARY_BIT_KHR;

   VkPipeline vi_lib, fo_lib, linked, bad;
   REQUIRE(create_library(&t, &g,
                          VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT,
                          NULL, 0, lib, &vi_lib) == VK_SUCCESS);
   g.ia.topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST; /* not the library's part */
   REQUIRE(create_library(&t, &g,
                          VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT,
                          NULL, 0, lib, &fo_lib) == VK_SUCCESS);
   /* Neither holds shaders: stages of parts not provided are ignored. */
   CHECK(nvk_pipeline_from_handle(vi_lib)->gfx->vs == NULL);
   CHECK(nvk_pipeline_from_handle(fo_lib)->gfx->fs == NULL);

   /* Link both into a library: the merged state. */
   const VkPipeline both[2] = {vi_lib, fo_lib};
   REQUIRE(create_library(&t, &g, 0, both, 2, lib, &linked) == VK_SUCCESS);
   nvk_DestroyPipeline(t.dev, vi_lib, NULL); /* libraries may go first */
   nvk_DestroyPipeline(t.dev, fo_lib, NULL);
   const struct nvk_graphics_pipeline *gl = nvk_pipeline_from_handle(linked)->gfx;
   CHECK_EQ(gl->state.parts,
            VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT |
               VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT);
   CHECK_EQ(gl->state.s.ia.primitive_topology, VK_PRIMITIVE_TOPOLOGY_LINE_LIST);
   CHECK_EQ(gl->state.s.vi_binding_strides[0], 16);
   CHECK(gl->state.s.cb.blend_constants[3] == 0.5f);
   CHECK_EQ(gl->state.s.rp.color_formats[0], VK_FORMAT_R8G8B8A8_UNORM);
   /* Pre-rasterization state comes from nowhere yet: defaults. */
   CHECK_EQ(gl->state.s.rs.cull_mode, VK_CULL_MODE_NONE);

   /* Linking that into a complete pipeline without the other parts: a
    * clean failure. */
   CHECK_EQ(create_library(&t, &g, 0, &linked, 1, 0, &bad), VK_ERROR_UNKNOWN);
   CHECK(bad == VK_NULL_HANDLE);

   /* Several create infos: a failure leaves the others made... */
   VkGraphicsPipelineCreateInfo infos[2] = {g.info, g.info};
   VkGraphicsPipelineLibraryCreateInfoEXT gpl = {
      VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT, &g.rendering,
      VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT};
   infos[0].stageCount = 1; /* no vertex shader */
   infos[0].pStages = &g.stages[1];
   infos[1].pNext = &gpl;
   infos[1].flags = lib;
   VkPipeline two[2];
   CHECK_EQ(nvk_CreateGraphicsPipelines(t.dev, VK_NULL_HANDLE, 2, infos, NULL, two),
            VK_ERROR_UNKNOWN);
   CHECK(two[0] == VK_NULL_HANDLE);
   CHECK(two[1] != VK_NULL_HANDLE);
   nvk_DestroyPipeline(t.dev, two[1], NULL);
   /* ...unless EARLY_RETURN_ON_FAILURE says stop. */
   infos[0].flags = VK_PIPELINE_CREATE_EARLY_RETURN_ON_FAILURE_BIT;
   CHECK_EQ(nvk_CreateGraphicsPipelines(t.dev, VK_NULL_HANDLE, 2, infos, NULL, two),
            VK_ERROR_UNKNOWN);
   CHECK(two[0] == VK_NULL_HANDLE && two[1] == VK_NULL_HANDLE);

   nvk_DestroyPipeline(t.dev, linked, NULL);
   gp_finish(&t, &g);
   nvk_test_finish(&t);
}

/* vkCmdBindPipeline(GRAPHICS) applies the static state at replay; dynamic
 * state set before the bind survives it (10.10). The pipeline is made by
 * hand from filled state, so this needs no shader compiler. */
TEST(nvk_graphics_pipeline_bind_applies_state)
{
   struct nvk_test t;
   REQUIRE(nvk_test_init(&t, NULL, 0));
   struct gp g;
   REQUIRE(gp_init(&t, &g));
   const VkDynamicState dyn_states[1] = {VK_DYNAMIC_STATE_CULL_MODE};
   const VkPipelineDynamicStateCreateInfo dyn = {
      VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO, NULL, 0, 1, dyn_states};
   g.info.pDynamicState = &dyn;
   static struct {
      struct nvk_pipeline p;
      struct nvk_graphics_pipeline gfx;
   } fake;
   memset(&fake, 0, sizeof(fake));
   fake.p.base.type = VK_OBJECT_TYPE_PIPELINE;
   fake.p.bind_point = VK_PIPELINE_BIND_POINT_GRAPHICS;
   fake.p.gfx = &fake.gfx;
   REQUIRE(vk_graphics_pipeline_state_fill(&fake.gfx.state, &g.info, NULL, NULL) ==
           VK_SUCCESS);

   VkCommandBuffer cmd = nvk_test_cmd_begin(&t);
   nvk_CmdSetCullMode(cmd, VK_CULL_MODE_FRONT_AND_BACK);
   nvk_CmdSetBlendConstants(cmd, (const float[4]){1, 1, 1, 1});
   nvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS,
                       nvk_pipeline_to_handle(&fake.p));
   REQUIRE(nvk_EndCommandBuffer(cmd) == VK_SUCCESS);
   static struct nvk_exec ex;
   nvk_exec_init(&ex, t.nvk, NULL);
   REQUIRE(nvk_exec_cmd_buffer(&ex, nvk_cmd_buffer_from_handle(cmd)));
   CHECK(ex.gfx_dyn.pipeline == &fake.gfx.state);
   CHECK_EQ(ex.gfx_dyn.s.rs.cull_mode, VK_CULL_MODE_FRONT_AND_BACK); /* dynamic: kept */
   CHECK(ex.gfx_dyn.s.cb.blend_constants[3] == 0.5f);                /* static: applied */
   CHECK_EQ(ex.gfx_dyn.s.ia.primitive_topology, VK_PRIMITIVE_TOPOLOGY_LINE_LIST);
   struct vk_graphics_state gs;
   vk_graphics_state_merge(&gs, &fake.gfx.state, &ex.gfx_dyn);
   CHECK_EQ(gs.rs.cull_mode, VK_CULL_MODE_FRONT_AND_BACK);
   CHECK_EQ(gs.rp.color_formats[0], VK_FORMAT_R8G8B8A8_UNORM);

   nvk_FreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   gp_finish(&t, &g);
   nvk_test_finish(&t);
}

/* With a backend that compiles vertex and fragment shaders: four libraries
 * linked share their compiled stages (the libraries may go first), and a
 * pipeline cache hit shows in the creation feedback. Skipped while the
 * backend cannot compile a vertex shader. */
TEST(nvk_graphics_pipeline_libraries_share_shaders)
{
   struct nvk_test t;
   REQUIRE(nvk_test_init(&t, NULL, 0));
   struct gp g;
   REQUIRE(gp_init(&t, &g));
   const VkPipelineCreateFlags lib = VK_PIPELINE_CREATE_LIBRARY_BIT_KHR;
   static const VkGraphicsPipelineLibraryFlagsEXT parts[4] = {
      VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT,
      VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT,
      VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT,
      VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT,
   };
   VkPipeline libs[4], linked;
   VkResult r = create_library(&t, &g, parts[0], NULL, 0, lib, &libs[0]);
   if (r != VK_SUCCESS) {
      CHECK(libs[0] == VK_NULL_HANDLE);
      test_skip("the backend cannot compile this vertex shader yet");
      gp_finish(&t, &g);
      nvk_test_finish(&t);
      return;
   }
   for (unsigned i = 1; i < 4; i++)
      REQUIRE(create_library(&t, &g, parts[i], NULL, 0, lib, &libs[i]) == VK_SUCCESS);
   const struct nvk_pipeline_shader *vs = nvk_pipeline_from_handle(libs[0])->gfx->vs;
   const struct nvk_pipeline_shader *fs = nvk_pipeline_from_handle(libs[1])->gfx->fs;
   CHECK(vs && !nvk_pipeline_from_handle(libs[0])->gfx->fs);
   CHECK(fs && !nvk_pipeline_from_handle(libs[1])->gfx->vs);
   REQUIRE(create_library(&t, &g, 0, libs, 4, 0, &linked) == VK_SUCCESS);
   for (unsigned i = 0; i < 4; i++)
      nvk_DestroyPipeline(t.dev, libs[i], NULL);
   const struct nvk_pipeline *pl = nvk_pipeline_from_handle(linked);
   CHECK(pl->gfx->vs == vs && pl->gfx->fs == fs);
   CHECK_EQ(vs->refcount, 1);
   CHECK_EQ(pl->gfx->state.parts, VK_GS_ALL_PARTS);
   CHECK_EQ(pl->gfx->state.s.rs.cull_mode, VK_CULL_MODE_FRONT_BIT);
   CHECK_EQ(pl->push_constant_size_B, 16);
   nvk_DestroyPipeline(t.dev, linked, NULL);

   /* The same pipeline twice through a cache: the second finds both stages. */
   const VkPipelineCacheCreateInfo cci = {VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
   VkPipelineCache cache;
   REQUIRE(nvk_CreatePipelineCache(t.dev, &cci, NULL, &cache) == VK_SUCCESS);
   for (unsigned pass = 0; pass < 2; pass++) {
      VkPipelineCreationFeedback whole, stages[2];
      VkPipelineCreationFeedbackCreateInfo fb = {
         VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO, &g.rendering, &whole,
         2, stages};
      VkGraphicsPipelineCreateInfo info = g.info;
      info.pNext = &fb;
      VkPipeline p;
      REQUIRE(nvk_CreateGraphicsPipelines(t.dev, cache, 1, &info, NULL, &p) ==
              VK_SUCCESS);
      const VkPipelineCreationFeedbackFlags hit =
         VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT;
      CHECK(whole.flags & VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT);
      CHECK_EQ(!!(whole.flags & hit), pass == 1);
      CHECK_EQ(!!(stages[0].flags & hit), pass == 1);
      CHECK_EQ(!!(stages[1].flags & hit), pass == 1);
      nvk_DestroyPipeline(t.dev, p, NULL);
   }
   nvk_DestroyPipelineCache(t.dev, cache, NULL);
   gp_finish(&t, &g);
   nvk_test_finish(&t);
}
