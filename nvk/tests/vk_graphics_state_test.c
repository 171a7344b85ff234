/* SPDX-License-Identifier: MIT */
/*
 * vk_graphics_state: literal create infos in, plain state out. Expected
 * values come from the spec's rules (Vulkan 1.3.239, 10.2 and 10.10), cited
 * where they decide; a few inputs are deliberately absurd where the spec
 * says the struct is ignored, so that reading it would fail the test.
 */
#include <string.h>

#include "util/test.h"
#include "vk_graphics_state.h"

/* A complete pipeline for dynamic rendering into one RGBA8 attachment and
 * a D32 depth attachment; the test edits it. */
struct pipe {
   VkPipelineShaderStageCreateInfo stages[2];
   VkVertexInputBindingDescription bindings[2];
   VkVertexInputAttributeDescription attributes[2];
   VkPipelineVertexInputStateCreateInfo vi;
   VkPipelineInputAssemblyStateCreateInfo ia;
   VkPipelineTessellationStateCreateInfo ts;
   VkViewport viewport;
   VkRect2D scissor;
   VkPipelineViewportStateCreateInfo vp;
   VkPipelineRasterizationStateCreateInfo rs;
   VkPipelineMultisampleStateCreateInfo ms;
   VkPipelineDepthStencilStateCreateInfo ds;
   VkPipelineColorBlendAttachmentState blend[2];
   VkPipelineColorBlendStateCreateInfo cb;
   VkDynamicState dynamic_states[8];
   VkPipelineDynamicStateCreateInfo dyn;
   VkFormat color_formats[2];
   VkPipelineRenderingCreateInfo rendering;
   VkGraphicsPipelineCreateInfo info;
};

static void
pipe_init(struct pipe *p)
{
   memset(p, 0, sizeof(*p));
   p->stages[0] = (VkPipelineShaderStageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
      .stage = VK_SHADER_STAGE_VERTEX_BIT,
      .pName = "main"};
   p->stages[1] = p->stages[0];
   p->stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
   p->bindings[0] = (VkVertexInputBindingDescription){0, 16, VK_VERTEX_INPUT_RATE_VERTEX};
   p->bindings[1] =
      (VkVertexInputBindingDescription){3, 8, VK_VERTEX_INPUT_RATE_INSTANCE};
   p->attributes[0] =
      (VkVertexInputAttributeDescription){0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0};
   p->attributes[1] =
      (VkVertexInputAttributeDescription){5, 3, VK_FORMAT_R8G8B8A8_UNORM, 4};
   p->vi = (VkPipelineVertexInputStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 2,
      .pVertexBindingDescriptions = p->bindings,
      .vertexAttributeDescriptionCount = 2,
      .pVertexAttributeDescriptions = p->attributes};
   p->ia = (VkPipelineInputAssemblyStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP,
      .primitiveRestartEnable = VK_TRUE};
   p->ts = (VkPipelineTessellationStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
      .patchControlPoints = 3};
   p->viewport = (VkViewport){10, 20, 300, -200, 0.25f, 0.75f};
   p->scissor = (VkRect2D){{1, 2}, {30, 40}};
   p->vp = (VkPipelineViewportStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &p->viewport,
      .scissorCount = 1,
      .pScissors = &p->scissor};
   p->rs = (VkPipelineRasterizationStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_LINE,
      .cullMode = VK_CULL_MODE_BACK_BIT,
      .frontFace = VK_FRONT_FACE_CLOCKWISE,
      .depthBiasEnable = VK_TRUE,
      .depthBiasConstantFactor = 2.0f,
      .depthBiasClamp = 0.5f,
      .depthBiasSlopeFactor = 3.0f,
      .lineWidth = 2.5f};
   p->ms = (VkPipelineMultisampleStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_4_BIT,
      .alphaToCoverageEnable = VK_TRUE};
   p->ds = (VkPipelineDepthStencilStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = VK_TRUE,
      .depthWriteEnable = VK_TRUE,
      .depthCompareOp = VK_COMPARE_OP_LESS,
      .minDepthBounds = 0.1f,
      .maxDepthBounds = 0.9f,
      .front = {VK_STENCIL_OP_ZERO, VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_INVERT,
                VK_COMPARE_OP_EQUAL, 0x0f, 0xf0, 7},
      .back = {VK_STENCIL_OP_KEEP, VK_STENCIL_OP_INCREMENT_AND_WRAP, VK_STENCIL_OP_KEEP,
               VK_COMPARE_OP_NEVER, 1, 2, 3}};
   p->blend[0] =
      (VkPipelineColorBlendAttachmentState){VK_TRUE,
                                            VK_BLEND_FACTOR_SRC_ALPHA,
                                            VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
                                            VK_BLEND_OP_ADD,
                                            VK_BLEND_FACTOR_ONE,
                                            VK_BLEND_FACTOR_ZERO,
                                            VK_BLEND_OP_MAX,
                                            0xb};
   p->cb = (VkPipelineColorBlendStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = p->blend,
      .blendConstants = {1, 2, 3, 4}};
   p->dyn = (VkPipelineDynamicStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .pDynamicStates = p->dynamic_states};
   p->color_formats[0] = VK_FORMAT_R8G8B8A8_UNORM;
   p->rendering = (VkPipelineRenderingCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = 1,
      .pColorAttachmentFormats = p->color_formats,
      .depthAttachmentFormat = VK_FORMAT_D32_SFLOAT};
   p->info = (VkGraphicsPipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &p->rendering,
      .stageCount = 2,
      .pStages = p->stages,
      .pVertexInputState = &p->vi,
      .pInputAssemblyState = &p->ia,
      .pTessellationState = &p->ts,
      .pViewportState = &p->vp,
      .pRasterizationState = &p->rs,
      .pMultisampleState = &p->ms,
      .pDepthStencilState = &p->ds,
      .pColorBlendState = &p->cb,
      .pDynamicState = &p->dyn};
}

static VkResult
fill(struct vk_graphics_pipeline_state *st, const struct pipe *p)
{
   memset(st, 0, sizeof(*st));
   return vk_graphics_pipeline_state_fill(st, &p->info, NULL, NULL);
}

TEST(vk_gs_fill_core_state)
{
   struct pipe p;
   pipe_init(&p);
   struct vk_graphics_pipeline_state st;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   const struct vk_graphics_state *s = &st.s;
   CHECK_EQ(st.parts, VK_GS_ALL_PARTS);
   CHECK_EQ(st.stages, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT);
   CHECK(bitset_is_empty(st.dynamic, BITSET_WORDS(VK_DYN_COUNT)));
   CHECK_EQ(s->vi.bindings_valid, (1u << 0) | (1u << 3));
   CHECK_EQ(s->vi.attributes_valid, (1u << 0) | (1u << 5));
   CHECK_EQ(s->vi.bindings[3].input_rate, VK_VERTEX_INPUT_RATE_INSTANCE);
   CHECK_EQ(s->vi.bindings[3].divisor, 1); /* no divisor struct: 1 */
   CHECK_EQ(s->vi_binding_strides[0], 16);
   CHECK_EQ(s->vi_binding_strides[3], 8);
   CHECK_EQ(s->vi.attributes[5].binding, 3);
   CHECK_EQ(s->vi.attributes[5].format, VK_FORMAT_R8G8B8A8_UNORM);
   CHECK_EQ(s->vi.attributes[5].offset_B, 4);
   CHECK_EQ(s->ia.primitive_topology, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP);
   CHECK_EQ(s->ia.primitive_restart_enable, 1);
   CHECK_EQ(s->vp.viewport_count, 1);
   CHECK(s->vp.viewports[0].height == -200.0f && s->vp.viewports[0].maxDepth == 0.75f);
   CHECK_EQ(s->vp.scissors[0].extent.height, 40);
   CHECK_EQ(s->rs.polygon_mode, VK_POLYGON_MODE_LINE);
   CHECK_EQ(s->rs.cull_mode, VK_CULL_MODE_BACK_BIT);
   CHECK_EQ(s->rs.front_face, VK_FRONT_FACE_CLOCKWISE);
   CHECK(s->rs.depth_bias.constant_factor == 2.0f && s->rs.depth_bias.clamp == 0.5f &&
         s->rs.depth_bias.slope_factor == 3.0f);
   CHECK(s->rs.line_width == 2.5f);
   CHECK_EQ(s->ms.rasterization_samples, 4);
   CHECK_EQ(s->ms.alpha_to_coverage_enable, 1);
   CHECK_EQ(s->ds.depth_compare_op, VK_COMPARE_OP_LESS);
   CHECK_EQ(s->ds.stencil_ops[0].depth_fail_op, VK_STENCIL_OP_INVERT);
   CHECK_EQ(s->ds.stencil_ops[1].pass_op, VK_STENCIL_OP_INCREMENT_AND_WRAP);
   CHECK_EQ(s->ds.stencil_compare_mask[0], 0x0f);
   CHECK_EQ(s->ds.stencil_write_mask[0], 0xf0);
   CHECK_EQ(s->ds.stencil_reference[1], 3);
   CHECK(s->ds.depth_bounds.min == 0.1f && s->ds.depth_bounds.max == 0.9f);
   CHECK_EQ(s->cb.attachment_count, 1);
   CHECK_EQ(s->cb.blend_enables[0], 1);
   CHECK_EQ(s->cb.equations[0].dst_color_factor, VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA);
   CHECK_EQ(s->cb.equations[0].alpha_op, VK_BLEND_OP_MAX);
   CHECK_EQ(s->cb.write_masks[0], 0xb);
   CHECK(s->cb.blend_constants[3] == 4.0f);
   CHECK_EQ(s->rp.color_attachment_count, 1);
   CHECK_EQ(s->rp.color_formats[0], VK_FORMAT_R8G8B8A8_UNORM);
   CHECK_EQ(s->rp.depth_format, VK_FORMAT_D32_SFLOAT);
   CHECK_EQ(s->rp.stencil_format, VK_FORMAT_UNDEFINED);
   /* No tessellation stages: pTessellationState is ignored (10.2). */
   CHECK_EQ(s->ts.patch_control_points, 0);
}

TEST(vk_gs_defaults_without_extension_structs)
{
   struct pipe p;
   pipe_init(&p);
   p.ms.pSampleMask = NULL;
   struct vk_graphics_pipeline_state st;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   /* VK_EXT_depth_clip_enable absent: clip iff not clamping. */
   CHECK_EQ(st.s.rs.depth_clip_enable, VK_DEPTH_CLIP_NOT_CLAMP);
   CHECK_EQ(st.s.rs.provoking_vertex, VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT);
   CHECK_EQ(st.s.rs.line_mode, VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT);
   CHECK_EQ(st.s.rs.line_stipple_enable, 0);
   CHECK_EQ(st.s.rs.rasterization_stream, 0);
   CHECK_EQ(st.s.vp.depth_clip_negative_one_to_one, 0);
   CHECK_EQ(st.s.ts.domain_origin, VK_TESSELLATION_DOMAIN_ORIGIN_UPPER_LEFT);
   /* pSampleMask NULL: "as if the mask has all bits set to 1". */
   CHECK_EQ(st.s.ms.sample_mask, 0xffffffffu);
   /* No VkPipelineColorWriteCreateInfoEXT: all colour writes enabled. */
   for (unsigned a = 0; a < VK_GS_MAX_COLOR_ATTACHMENTS; a++)
      CHECK_EQ(st.s.cb.color_write_enables[a], 1);
   struct vk_graphics_key k;
   struct vk_graphics_values v;
   vk_graphics_state_split(&st.s, &k, &v);
   CHECK_EQ(k.depth_clip, 1);
   st.s.rs.depth_clamp_enable = 1;
   vk_graphics_state_split(&st.s, &k, &v);
   CHECK_EQ(k.depth_clip, 0);
}

TEST(vk_gs_fill_pnext_chains)
{
   struct pipe p;
   pipe_init(&p);
   VkVertexInputBindingDivisorDescriptionEXT divisor = {3, 5};
   VkPipelineVertexInputDivisorStateCreateInfoEXT div = {
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT, NULL, 1,
      &divisor};
   p.vi.pNext = &div;
   VkPipelineRasterizationDepthClipStateCreateInfoEXT clip = {
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT, NULL, 0,
      VK_FALSE};
   VkPipelineRasterizationProvokingVertexStateCreateInfoEXT pv = {
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT,
      &clip, VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT};
   VkPipelineRasterizationLineStateCreateInfoEXT line = {
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT,
      &pv,
      VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT,
      VK_TRUE,
      3,
      0xf0f0};
   VkPipelineRasterizationStateStreamCreateInfoEXT stream = {
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_STREAM_CREATE_INFO_EXT, &line, 0, 2};
   p.rs.pNext = &stream;
   VkPipelineViewportDepthClipControlCreateInfoEXT control = {
      VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT, NULL,
      VK_TRUE};
   p.vp.pNext = &control;
   const VkBool32 enables[2] = {VK_FALSE, VK_TRUE};
   VkPipelineColorWriteCreateInfoEXT cw = {
      VK_STRUCTURE_TYPE_PIPELINE_COLOR_WRITE_CREATE_INFO_EXT, NULL, 2, enables};
   p.cb.pNext = &cw;
   p.cb.attachmentCount = 2;
   p.blend[1] = p.blend[0];
   p.rendering.colorAttachmentCount = 2;
   p.color_formats[1] = VK_FORMAT_R32_UINT;
   const VkSampleLocationEXT locs[4] = {
      {0.25f, 0.25f}, {0.75f, 0.25f}, {0.25f, 0.75f}, {0.75f, 0.75f}};
   VkPipelineSampleLocationsStateCreateInfoEXT sl = {
      VK_STRUCTURE_TYPE_PIPELINE_SAMPLE_LOCATIONS_STATE_CREATE_INFO_EXT,
      NULL,
      VK_TRUE,
      {VK_STRUCTURE_TYPE_SAMPLE_LOCATIONS_INFO_EXT,
       NULL,
       VK_SAMPLE_COUNT_4_BIT,
       {1, 1},
       4,
       locs}};
   p.ms.pNext = &sl;
   const VkSampleMask mask = 0x5;
   p.ms.pSampleMask = &mask;

   struct vk_graphics_pipeline_state st;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   CHECK_EQ(st.s.vi.bindings[3].divisor, 5);
   CHECK_EQ(st.s.vi.bindings[0].divisor, 1);
   CHECK_EQ(st.s.rs.depth_clip_enable, VK_DEPTH_CLIP_DISABLE);
   CHECK_EQ(st.s.rs.provoking_vertex, VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT);
   CHECK_EQ(st.s.rs.line_mode, VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT);
   CHECK_EQ(st.s.rs.line_stipple_enable, 1);
   CHECK_EQ(st.s.rs.line_stipple.factor, 3);
   CHECK_EQ(st.s.rs.line_stipple.pattern, 0xf0f0);
   CHECK_EQ(st.s.rs.rasterization_stream, 2);
   CHECK_EQ(st.s.vp.depth_clip_negative_one_to_one, 1);
   CHECK_EQ(st.s.cb.color_write_enables[0], 0);
   CHECK_EQ(st.s.cb.color_write_enables[1], 1);
   CHECK_EQ(st.s.ms.sample_mask, 0x5);
   CHECK_EQ(st.s.ms.sample_locations_enable, 1);
   CHECK_EQ(st.s.ms.sample_locations.count, 4);
   CHECK(st.s.ms.sample_locations.locations[1].x == 0.75f);

   struct vk_graphics_key k;
   struct vk_graphics_values v;
   vk_graphics_state_split(&st.s, &k, &v);
   CHECK_EQ(k.provoking_vertex_last, 1);
   CHECK_EQ(k.depth_clip, 0);
   /* Colour write disabled: as if the write mask were 0. */
   CHECK_EQ(k.write_masks[0], 0);
   CHECK_EQ(k.write_masks[1], 0xb);
   CHECK_EQ(k.blend_enables, 1u << 1);
   CHECK_EQ(v.vi_divisors[3], 5);
   CHECK_EQ(v.line_stipple.pattern, 0xf0f0);
}

TEST(vk_gs_rasterizer_discard_ignores_fragment_state)
{
   struct pipe p;
   pipe_init(&p);
   p.rs.rasterizerDiscardEnable = VK_TRUE;
   /* Absurd where the spec says "ignored if the pipeline has rasterization
    * disabled": reading them would fail or show. */
   p.vp.viewportCount = 1000;
   p.cb.attachmentCount = 1000;
   p.ms.rasterizationSamples = VK_SAMPLE_COUNT_64_BIT;
   p.ds.depthCompareOp = VK_COMPARE_OP_GREATER;
   struct vk_graphics_pipeline_state st;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   CHECK_EQ(st.s.vp.viewport_count, 0);
   CHECK_EQ(st.s.cb.attachment_count, 0);
   CHECK_EQ(st.s.ms.rasterization_samples, 1);
   CHECK_EQ(st.s.ds.depth_compare_op, VK_COMPARE_OP_ALWAYS);

   /* With rasterizer discard dynamic, rasterization is not statically
    * disabled: the state is read, and the absurd count fails cleanly. */
   p.dynamic_states[0] = VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE;
   p.dyn.dynamicStateCount = 1;
   CHECK_EQ(fill(&st, &p), VK_ERROR_UNKNOWN);
   p.vp.viewportCount = 1;
   CHECK_EQ(fill(&st, &p), VK_ERROR_UNKNOWN); /* 1000 blend attachments */
   p.cb.attachmentCount = 1;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   CHECK_EQ(st.s.ms.rasterization_samples, 64);
   CHECK_EQ(st.s.ds.depth_compare_op, VK_COMPARE_OP_GREATER);
}

TEST(vk_gs_attachments_decide_what_is_read)
{
   struct pipe p;
   pipe_init(&p);
   /* No depth/stencil attachment: pDepthStencilState ignored. */
   p.rendering.depthAttachmentFormat = VK_FORMAT_UNDEFINED;
   p.ds.depthCompareOp = VK_COMPARE_OP_GREATER;
   /* No colour attachment: pColorBlendState ignored. */
   p.rendering.colorAttachmentCount = 0;
   p.cb.attachmentCount = 1000;
   struct vk_graphics_pipeline_state st;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   CHECK_EQ(st.s.ds.depth_compare_op, VK_COMPARE_OP_ALWAYS);
   CHECK_EQ(st.s.cb.attachment_count, 0);
   /* Dynamic rendering: a colour attachment with an UNDEFINED format still
    * counts (attachmentCount must match colorAttachmentCount). */
   p.rendering.colorAttachmentCount = 1;
   p.color_formats[0] = VK_FORMAT_UNDEFINED;
   CHECK_EQ(fill(&st, &p), VK_ERROR_UNKNOWN); /* 1000 blend attachments read */
   p.cb.attachmentCount = 1;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   CHECK_EQ(st.s.cb.attachment_count, 1);
   struct vk_graphics_key k;
   struct vk_graphics_values v;
   vk_graphics_state_split(&st.s, &k, &v);
   CHECK_EQ(k.write_masks[0], 0); /* nothing to write to */
   p.rendering.colorAttachmentCount = 0;
   p.cb.attachmentCount = 1000;
   /* A stencil-only attachment makes it read again. */
   p.rendering.stencilAttachmentFormat = VK_FORMAT_S8_UINT;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   CHECK_EQ(st.s.ds.depth_compare_op, VK_COMPARE_OP_GREATER);
   /* A render pass without the driver's description fails cleanly. */
   p.info.renderPass = (VkRenderPass)(uintptr_t)0x1234;
   CHECK_EQ(fill(&st, &p), VK_ERROR_UNKNOWN);
   /* A subpass whose only colour attachment is VK_ATTACHMENT_UNUSED uses
    * none: pColorBlendState ignored. */
   struct vk_render_pass_state rp = {.color_attachment_count = 1};
   memset(&st, 0, sizeof(st));
   REQUIRE(vk_graphics_pipeline_state_fill(&st, &p.info, &rp, NULL) == VK_SUCCESS);
   CHECK_EQ(st.s.cb.attachment_count, 0);
   rp.color_formats[0] = VK_FORMAT_B8G8R8A8_SRGB;
   memset(&st, 0, sizeof(st));
   p.cb.attachmentCount = 1;
   REQUIRE(vk_graphics_pipeline_state_fill(&st, &p.info, &rp, NULL) == VK_SUCCESS);
   CHECK_EQ(st.s.rp.color_formats[0], VK_FORMAT_B8G8R8A8_SRGB);
   CHECK_EQ(st.s.cb.attachment_count, 1);
   /* The render pass wins over VkPipelineRenderingCreateInfo (10.2: it is
    * only used when renderPass is VK_NULL_HANDLE). */
   CHECK_EQ(st.s.rp.stencil_format, VK_FORMAT_UNDEFINED);
}

TEST(vk_gs_tessellation_state_needs_both_stages)
{
   struct pipe p;
   pipe_init(&p);
   VkPipelineTessellationDomainOriginStateCreateInfo origin = {
      VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_DOMAIN_ORIGIN_STATE_CREATE_INFO, NULL,
      VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT};
   p.ts.pNext = &origin;
   VkPipelineShaderStageCreateInfo stages[4] = {p.stages[0], p.stages[1], p.stages[0],
                                                p.stages[0]};
   stages[2].stage = VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT;
   stages[3].stage = VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
   p.info.pStages = stages;
   p.info.stageCount = 3;
   struct vk_graphics_pipeline_state st;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   CHECK_EQ(st.s.ts.patch_control_points, 0);
   p.info.stageCount = 4;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   CHECK_EQ(st.s.ts.patch_control_points, 3);
   CHECK_EQ(st.s.ts.domain_origin, VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT);
}

TEST(vk_gs_dynamic_states_list)
{
   /* Every dynamic state of core 1.3, EDS1/2/3 (but NV-only and advanced
    * blending), vertex input, colour write enable and line stipple. */
   static const VkDynamicState known[] = {
      VK_DYNAMIC_STATE_VIEWPORT,
      VK_DYNAMIC_STATE_SCISSOR,
      VK_DYNAMIC_STATE_LINE_WIDTH,
      VK_DYNAMIC_STATE_DEPTH_BIAS,
      VK_DYNAMIC_STATE_BLEND_CONSTANTS,
      VK_DYNAMIC_STATE_DEPTH_BOUNDS,
      VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK,
      VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,
      VK_DYNAMIC_STATE_STENCIL_REFERENCE,
      VK_DYNAMIC_STATE_CULL_MODE,
      VK_DYNAMIC_STATE_FRONT_FACE,
      VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY,
      VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT,
      VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT,
      VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE,
      VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE,
      VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE,
      VK_DYNAMIC_STATE_DEPTH_COMPARE_OP,
      VK_DYNAMIC_STATE_DEPTH_BOUNDS_TEST_ENABLE,
      VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE,
      VK_DYNAMIC_STATE_STENCIL_OP,
      VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE,
      VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE,
      VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE,
      VK_DYNAMIC_STATE_PATCH_CONTROL_POINTS_EXT,
      VK_DYNAMIC_STATE_LOGIC_OP_EXT,
      VK_DYNAMIC_STATE_VERTEX_INPUT_EXT,
      VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT,
      VK_DYNAMIC_STATE_LINE_STIPPLE_EXT,
      VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_EXT,
      VK_DYNAMIC_STATE_TESSELLATION_DOMAIN_ORIGIN_EXT,
      VK_DYNAMIC_STATE_DEPTH_CLAMP_ENABLE_EXT,
      VK_DYNAMIC_STATE_POLYGON_MODE_EXT,
      VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT,
      VK_DYNAMIC_STATE_SAMPLE_MASK_EXT,
      VK_DYNAMIC_STATE_ALPHA_TO_COVERAGE_ENABLE_EXT,
      VK_DYNAMIC_STATE_ALPHA_TO_ONE_ENABLE_EXT,
      VK_DYNAMIC_STATE_LOGIC_OP_ENABLE_EXT,
      VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT,
      VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT,
      VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT,
      VK_DYNAMIC_STATE_RASTERIZATION_STREAM_EXT,
      VK_DYNAMIC_STATE_CONSERVATIVE_RASTERIZATION_MODE_EXT,
      VK_DYNAMIC_STATE_EXTRA_PRIMITIVE_OVERESTIMATION_SIZE_EXT,
      VK_DYNAMIC_STATE_DEPTH_CLIP_ENABLE_EXT,
      VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_ENABLE_EXT,
      VK_DYNAMIC_STATE_PROVOKING_VERTEX_MODE_EXT,
      VK_DYNAMIC_STATE_LINE_RASTERIZATION_MODE_EXT,
      VK_DYNAMIC_STATE_LINE_STIPPLE_ENABLE_EXT,
      VK_DYNAMIC_STATE_DEPTH_CLIP_NEGATIVE_ONE_TO_ONE_EXT,
   };
   CHECK_EQ(ARRAY_SIZE(known), VK_DYN_COUNT);
   for (unsigned i = 0; i < ARRAY_SIZE(known); i++) {
      vk_dyn_set set = {0};
      CHECK(vk_dynamic_state_from_vk(known[i], set));
      CHECK(!bitset_is_empty(set, BITSET_WORDS(VK_DYN_COUNT)));
   }
   vk_dyn_set set = {0};
   CHECK(!vk_dynamic_state_from_vk(VK_DYNAMIC_STATE_VIEWPORT_W_SCALING_NV, set));
   CHECK(bitset_is_empty(set, BITSET_WORDS(VK_DYN_COUNT)));
   /* The fields do not overlap, so applying one state never touches another. */
   for (unsigned a = 0; a < VK_DYN_COUNT; a++) {
      for (unsigned b = a + 1; b < VK_DYN_COUNT; b++) {
         const struct vk_dyn_info *x = &vk_dyn_info[a], *y = &vk_dyn_info[b];
         CHECK(x->offset_B + x->size_B <= y->offset_B ||
               y->offset_B + y->size_B <= x->offset_B);
      }
   }
   /* 10.10: *_WITH_COUNT set count and array. */
   memset(set, 0, sizeof(set));
   vk_dynamic_state_from_vk(VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT, set);
   CHECK(BITSET_TEST(set, VK_DYN_VP_VIEWPORTS) &&
         BITSET_TEST(set, VK_DYN_VP_VIEWPORT_COUNT));
   CHECK_EQ(bitset_count(set, BITSET_WORDS(VK_DYN_COUNT)), 2);
}

TEST(vk_gs_dynamic_vertex_input_ignores_vertex_input_state)
{
   struct pipe p;
   pipe_init(&p);
   p.bindings[0].binding = 99; /* would fail if read */
   p.dynamic_states[0] = VK_DYNAMIC_STATE_VERTEX_INPUT_EXT;
   p.dynamic_states[1] = VK_DYNAMIC_STATE_VIEWPORT;
   p.dyn.dynamicStateCount = 2;
   p.vp.pViewports = NULL; /* allowed: VIEWPORT is dynamic */
   struct vk_graphics_pipeline_state st;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   CHECK_EQ(st.s.vi.bindings_valid, 0);
   CHECK(BITSET_TEST(st.dynamic, VK_DYN_VI));
   CHECK(BITSET_TEST(st.dynamic, VK_DYN_VI_BINDING_STRIDES));
   CHECK(BITSET_TEST(st.dynamic, VK_DYN_VP_VIEWPORTS));
   CHECK(!BITSET_TEST(st.dynamic, VK_DYN_VP_VIEWPORT_COUNT));
   CHECK_EQ(st.s.vp.viewport_count, 1);
   p.dyn.dynamicStateCount = 0;
   CHECK_EQ(fill(&st, &p), VK_ERROR_UNKNOWN);
}

/* Linking the four parts made separately equals the whole pipeline. */
TEST(vk_gs_libraries_merge_to_the_whole)
{
   struct pipe p;
   pipe_init(&p);
   p.dynamic_states[0] = VK_DYNAMIC_STATE_CULL_MODE;          /* pre-rasterization */
   p.dynamic_states[1] = VK_DYNAMIC_STATE_STENCIL_OP;         /* fragment shader */
   p.dynamic_states[2] = VK_DYNAMIC_STATE_BLEND_CONSTANTS;    /* fragment output */
   p.dynamic_states[3] = VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY; /* vertex input */
   p.dyn.dynamicStateCount = 4;
   struct vk_graphics_pipeline_state whole;
   REQUIRE(fill(&whole, &p) == VK_SUCCESS);

   static const VkGraphicsPipelineLibraryFlagsEXT parts[4] = {
      VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT,
      VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT,
      VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT,
      VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT,
   };
   struct vk_graphics_pipeline_state libs[4], linked;
   for (unsigned i = 0; i < 4; i++) {
      VkGraphicsPipelineLibraryCreateInfoEXT gpl = {
         VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT, &p.rendering,
         parts[i]};
      VkGraphicsPipelineCreateInfo info = p.info;
      info.pNext = &gpl;
      info.flags = VK_PIPELINE_CREATE_LIBRARY_BIT_KHR;
      memset(&libs[i], 0, sizeof(libs[i]));
      REQUIRE(vk_graphics_pipeline_state_fill(&libs[i], &info, NULL, NULL) == VK_SUCCESS);
      CHECK_EQ(libs[i].parts, parts[i]);
   }
   CHECK_EQ(libs[3].stages, VK_SHADER_STAGE_VERTEX_BIT);
   CHECK_EQ(libs[2].stages, VK_SHADER_STAGE_FRAGMENT_BIT);
   CHECK(BITSET_TEST(libs[3].dynamic, VK_DYN_RS_CULL_MODE));
   CHECK(!BITSET_TEST(libs[0].dynamic, VK_DYN_RS_CULL_MODE));
   memset(&linked, 0, sizeof(linked));
   for (unsigned i = 0; i < 4; i++)
      vk_graphics_pipeline_state_merge(&linked, &libs[i]);
   /* A create info with VkPipelineLibraryCreateInfoKHR provides no part of
    * its own: fill() adds nothing. */
   VkPipeline handles[4] = {0};
   VkPipelineLibraryCreateInfoKHR lib_info = {
      VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR, &p.rendering, 4, handles};
   VkGraphicsPipelineCreateInfo link_info = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pNext = &lib_info};
   CHECK_EQ(vk_graphics_pipeline_create_info_parts(&link_info), 0);
   REQUIRE(vk_graphics_pipeline_state_fill(&linked, &link_info, NULL, NULL) ==
           VK_SUCCESS);
   CHECK_EQ(linked.parts, VK_GS_ALL_PARTS);
   CHECK_EQ(linked.stages, whole.stages);
   CHECK(memcmp(linked.dynamic, whole.dynamic, sizeof(whole.dynamic)) == 0);
   CHECK(memcmp(&linked.s, &whole.s, sizeof(whole.s)) == 0);
}

/* ---- dynamic state, merge, key ------------------------------------------ */

static unsigned
dirty_count(const struct vk_dynamic_graphics_state *dyn)
{
   return bitset_count(dyn->dirty, BITSET_WORDS(VK_DYN_COUNT));
}

TEST(vk_gs_dirty_tracking)
{
   struct pipe p;
   pipe_init(&p);
   p.dynamic_states[0] = VK_DYNAMIC_STATE_VIEWPORT;
   p.dynamic_states[1] = VK_DYNAMIC_STATE_STENCIL_REFERENCE;
   p.dyn.dynamicStateCount = 2;
   struct vk_graphics_pipeline_state a, b;
   REQUIRE(fill(&a, &p) == VK_SUCCESS);
   p.rs.cullMode = VK_CULL_MODE_FRONT_BIT;
   REQUIRE(fill(&b, &p) == VK_SUCCESS);

   static struct vk_dynamic_graphics_state dyn;
   vk_dynamic_graphics_state_init(&dyn);
   CHECK(vk_dynamic_graphics_state_any_dirty(&dyn));
   vk_dynamic_graphics_state_bind_pipeline(&dyn, &a);
   vk_dynamic_graphics_state_clear_dirty(&dyn);
   CHECK(!vk_dynamic_graphics_state_any_dirty(&dyn));

   /* vkCmdSetStencilReference(FRONT, 9), replayed. */
   const uint32_t ref = 9;
   CHECK(vk_dynamic_graphics_state_set(&dyn, VK_DYN_DS_STENCIL_REFERENCE, 0, 4, &ref));
   CHECK_EQ(dirty_count(&dyn), 1);
   CHECK(BITSET_TEST(dyn.dirty, VK_DYN_DS_STENCIL_REFERENCE));
   CHECK_EQ(vk_dynamic_graphics_state_dirty_groups(&dyn), 1u << VK_GS_GROUP_DS);
   vk_dynamic_graphics_state_clear_dirty(&dyn);
   CHECK_EQ(vk_dynamic_graphics_state_dirty_groups(&dyn), 0);
   /* The same value again: nothing to re-derive. */
   CHECK(vk_dynamic_graphics_state_set(&dyn, VK_DYN_DS_STENCIL_REFERENCE, 0, 4, &ref));
   CHECK_EQ(dirty_count(&dyn), 0);
   /* Outside the field: refused, nothing written. */
   CHECK(!vk_dynamic_graphics_state_set(&dyn, VK_DYN_DS_STENCIL_REFERENCE, 8, 4, &ref));
   CHECK(!vk_dynamic_graphics_state_set(&dyn, VK_DYN_COUNT, 0, 4, &ref));
   CHECK_EQ(dirty_count(&dyn), 0);

   /* Binding a pipeline that differs only in cull mode dirties only that
    * (plus the pipeline flag); the dynamic reference is not disturbed
    * (10.10: "that command buffer state is not disturbed"). */
   vk_dynamic_graphics_state_bind_pipeline(&dyn, &b);
   CHECK_EQ(dirty_count(&dyn), 1);
   CHECK(BITSET_TEST(dyn.dirty, VK_DYN_RS_CULL_MODE));
   CHECK(dyn.pipeline_dirty);
   CHECK_EQ(vk_dynamic_graphics_state_dirty_groups(&dyn), (1u << VK_GS_GROUP_COUNT) - 1);
   CHECK_EQ(dyn.s.ds.stencil_reference[0], 9);

   /* Rebinding the same pipeline changes nothing. */
   vk_dynamic_graphics_state_clear_dirty(&dyn);
   vk_dynamic_graphics_state_bind_pipeline(&dyn, &b);
   CHECK(!vk_dynamic_graphics_state_any_dirty(&dyn));
}

TEST(vk_gs_merge_takes_dynamic_from_the_command_buffer)
{
   struct pipe p;
   pipe_init(&p);
   p.dynamic_states[0] = VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT;
   p.dynamic_states[1] = VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT;
   p.dyn.dynamicStateCount = 2;
   struct vk_graphics_pipeline_state st;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);

   static struct vk_dynamic_graphics_state dyn;
   vk_dynamic_graphics_state_init(&dyn);
   /* Set before the bind: survives it. */
   const VkViewport vps[2] = {{0, 0, 64, 64, 0, 1}, {64, 0, 32, 32, 0, 1}};
   const uint32_t count = 2;
   vk_dynamic_graphics_state_set(&dyn, VK_DYN_VP_VIEWPORT_COUNT, 0, 4, &count);
   vk_dynamic_graphics_state_set(&dyn, VK_DYN_VP_VIEWPORTS, 0, sizeof(vps), vps);
   vk_dynamic_graphics_state_bind_pipeline(&dyn, &st);
   /* A state the pipeline has static, set dynamically: the pipeline's
    * value is what draws use (the app broke a rule; still deterministic). */
   const uint32_t cull = VK_CULL_MODE_FRONT_AND_BACK;
   vk_dynamic_graphics_state_set(&dyn, VK_DYN_RS_CULL_MODE, 0, 4, &cull);
   const struct vk_blend_equation eq = {VK_BLEND_FACTOR_ONE,  VK_BLEND_FACTOR_ONE,
                                        VK_BLEND_OP_SUBTRACT, VK_BLEND_FACTOR_ONE,
                                        VK_BLEND_FACTOR_ONE,  VK_BLEND_OP_ADD};
   vk_dynamic_graphics_state_set(&dyn, VK_DYN_CB_BLEND_EQUATIONS, 0, sizeof(eq), &eq);

   struct vk_graphics_state gs;
   vk_graphics_state_merge(&gs, &st, &dyn);
   CHECK_EQ(gs.vp.viewport_count, 2);
   CHECK(gs.vp.viewports[1].x == 64.0f);
   CHECK_EQ(gs.rs.cull_mode, VK_CULL_MODE_BACK_BIT);
   CHECK_EQ(gs.cb.equations[0].color_op, VK_BLEND_OP_SUBTRACT);
   CHECK_EQ(gs.cb.blend_enables[0], 1); /* static */
   CHECK_EQ(gs.rp.color_formats[0], VK_FORMAT_R8G8B8A8_UNORM);
   CHECK_EQ(gs.ds.depth_compare_op, VK_COMPARE_OP_LESS);

   struct vk_graphics_key k1, k2;
   struct vk_graphics_values v1, v2;
   vk_graphics_state_split(&gs, &k1, &v1);
   CHECK_EQ(k1.equations[0][2], VK_BLEND_OP_SUBTRACT);
   CHECK_EQ(k1.topology_class, VK_TOPOLOGY_CLASS_TRIANGLE);
   CHECK_EQ(k1.samples, 4);
   CHECK_EQ(k1.depth_test, 1);
   CHECK_EQ(k1.stencil_test, 0);
   CHECK_EQ(v1.viewport_count, 2);
   /* Values do not change the key... */
   const VkViewport other = {1, 1, 8, 8, 0, 1};
   vk_dynamic_graphics_state_set(&dyn, VK_DYN_VP_VIEWPORTS, sizeof(VkViewport),
                                 sizeof(other), &other);
   vk_graphics_state_merge(&gs, &st, &dyn);
   vk_graphics_state_split(&gs, &k2, &v2);
   CHECK(memcmp(&k1, &k2, sizeof(k1)) == 0);
   CHECK_EQ_U64(vk_graphics_key_hash(&k1), vk_graphics_key_hash(&k2));
   CHECK(v2.viewports[1].x == 1.0f);
   /* ...what shapes code does. */
   const struct vk_blend_equation eq2 = {VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ONE,
                                         VK_BLEND_OP_MIN,     VK_BLEND_FACTOR_ONE,
                                         VK_BLEND_FACTOR_ONE, VK_BLEND_OP_ADD};
   vk_dynamic_graphics_state_set(&dyn, VK_DYN_CB_BLEND_EQUATIONS, 0, sizeof(eq2), &eq2);
   vk_graphics_state_merge(&gs, &st, &dyn);
   vk_graphics_state_split(&gs, &k2, &v2);
   CHECK(vk_graphics_key_hash(&k1) != vk_graphics_key_hash(&k2));
}

/* EDS3: with every colour blend state dynamic, pColorBlendState may be
 * NULL; the attachments are still written with the dynamic values. */
TEST(vk_gs_all_blend_state_dynamic)
{
   struct pipe p;
   pipe_init(&p);
   static const VkDynamicState cb_states[] = {
      VK_DYNAMIC_STATE_LOGIC_OP_ENABLE_EXT,    VK_DYNAMIC_STATE_LOGIC_OP_EXT,
      VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT, VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT,
      VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT,   VK_DYNAMIC_STATE_BLEND_CONSTANTS};
   memcpy(p.dynamic_states, cb_states, sizeof(cb_states));
   p.dyn.dynamicStateCount = ARRAY_SIZE(cb_states);
   p.info.pColorBlendState = NULL;
   struct vk_graphics_pipeline_state st;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   static struct vk_dynamic_graphics_state dyn;
   vk_dynamic_graphics_state_init(&dyn);
   vk_dynamic_graphics_state_bind_pipeline(&dyn, &st);
   const uint8_t mask = 0x5, enable = 1;
   vk_dynamic_graphics_state_set(&dyn, VK_DYN_CB_WRITE_MASKS, 0, 1, &mask);
   vk_dynamic_graphics_state_set(&dyn, VK_DYN_CB_BLEND_ENABLES, 0, 1, &enable);
   struct vk_graphics_state gs;
   vk_graphics_state_merge(&gs, &st, &dyn);
   struct vk_graphics_key k;
   struct vk_graphics_values v;
   vk_graphics_state_split(&gs, &k, &v);
   CHECK_EQ(k.write_masks[0], 0x5);
   CHECK_EQ(k.blend_enables, 1);
   CHECK_EQ(k.equations[0][0], VK_BLEND_FACTOR_ONE); /* the default equation */
}

TEST(vk_gs_key_ignores_what_cannot_matter)
{
   struct pipe p;
   pipe_init(&p);
   struct vk_graphics_pipeline_state st;
   REQUIRE(fill(&st, &p) == VK_SUCCESS);
   struct vk_graphics_key k1, k2;
   struct vk_graphics_values v;
   vk_graphics_state_split(&st.s, &k1, &v);
   /* Stencil ops without a stencil attachment, the equation of an
    * attachment that does not blend, the compare op of a disabled depth
    * test: the same code, the same key. */
   st.s.ds.stencil_test_enable = 1;
   st.s.ds.stencil_ops[0].fail_op = VK_STENCIL_OP_INVERT;
   vk_graphics_state_split(&st.s, &k2, &v);
   CHECK(memcmp(&k1, &k2, sizeof(k1)) == 0);
   st.s.cb.blend_enables[0] = 0;
   vk_graphics_state_split(&st.s, &k1, &v);
   st.s.cb.equations[0].color_op = VK_BLEND_OP_MAX;
   vk_graphics_state_split(&st.s, &k2, &v);
   CHECK(memcmp(&k1, &k2, sizeof(k1)) == 0);
   CHECK_EQ(k2.blend_enables, 0);
   CHECK_EQ(vk_topology_class(VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY),
            VK_TOPOLOGY_CLASS_LINE);
   CHECK_EQ(vk_topology_class(VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN),
            VK_TOPOLOGY_CLASS_TRIANGLE);
   CHECK_EQ(vk_topology_class(VK_PRIMITIVE_TOPOLOGY_PATCH_LIST), VK_TOPOLOGY_CLASS_PATCH);
}
