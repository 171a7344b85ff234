/* SPDX-License-Identifier: MIT */
/*
 * Graphics pipelines: the draw state that is not Vulkan 1.0 dynamic state
 * (viewports, scissors, line width, depth bias, blend constants, depth
 * bounds, stencil masks and reference are) goes into a zeroed key; the
 * program keeps one VkPipeline per key, made through the screen's
 * VkPipelineCache with dynamic rendering's attachment formats.
 */
#include <stdlib.h>
#include <string.h>

#include "zkv_private.h"

static VkFormat
view_format(const struct zkv_image_view *v)
{
   return v ? v->desc.format : VK_FORMAT_UNDEFINED;
}

/* GL's front face is decided in window coordinates with the area sign of
 * GL 4.6, 14.6.1; Vulkan 1.3, 28.7.1 negates that sum in framebuffer
 * coordinates. Unflipped framebuffer coordinates are GL's window ones, so
 * GL's CCW is Vulkan's CW; a flipped (negative height) viewport mirrors y
 * and the two agree again. */
static VkFrontFace
vk_front_face(const struct zkv_draw_state *st)
{
   const bool same = st->framebuffer.flip_y;
   if (same)
      return st->front_face;
   return st->front_face == VK_FRONT_FACE_COUNTER_CLOCKWISE ? VK_FRONT_FACE_CLOCKWISE
                                                            : VK_FRONT_FACE_COUNTER_CLOCKWISE;
}

static void
make_key(struct zkv_context *ctx, const struct zkv_draw_state *st, struct zkv_pipeline_key *k)
{
   const struct zkv_caps *caps = &ctx->screen->caps;
   const struct zkv_framebuffer *fb = &st->framebuffer;
   memset(k, 0, sizeof(*k));
   k->topology = st->topology;
   k->primitive_restart = st->primitive_restart;
   if (st->topology == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST)
      k->patch_control_points = st->patch_control_points ? st->patch_control_points : 3;
   k->rasterizer_discard = st->rasterizer_discard;
   k->polygon_mode = st->polygon_mode;
   k->cull_mode = st->cull_mode;
   k->front_face = vk_front_face(st);
   k->depth_clamp = st->depth_clamp && caps->features.depthClamp;
   k->depth_bias_enable = st->depth_bias_enable;
   k->line_mode = st->line_smooth ? 2 : 1;
   k->line_stipple_enable = st->line_stipple_enable && caps->line_stipple;
   k->provoking_last = st->provoking_vertex_last && caps->provoking_vertex_last;
   k->clip_negative_one_to_one = st->clip_negative_one_to_one && caps->depth_clip_control;

   VkSampleCountFlagBits samples = st->samples;
   for (int i = 0; !samples && i < ZKV_MAX_COLOR_ATTACHMENTS; i++)
      if (fb->color[i])
         samples = fb->color[i]->image->desc.samples;
   if (!samples && fb->depth_stencil)
      samples = fb->depth_stencil->image->desc.samples;
   if (!samples)
      samples = fb->samples ? fb->samples : VK_SAMPLE_COUNT_1_BIT;
   k->samples = samples;
   k->sample_shading = st->sample_shading && caps->features.sampleRateShading;
   k->min_sample_shading = k->sample_shading ? st->min_sample_shading : 0.0f;
   k->sample_mask = st->sample_mask ? st->sample_mask : ~0u;
   k->alpha_to_coverage = st->alpha_to_coverage;
   k->alpha_to_one = st->alpha_to_one && caps->features.alphaToOne;

   const VkFormat ds = view_format(fb->depth_stencil);
   const VkImageAspectFlags ds_aspects = zkv_format_aspects(ds);
   if (ds_aspects & VK_IMAGE_ASPECT_DEPTH_BIT) {
      k->depth_format = ds;
      k->depth_test = st->depth_test;
      k->depth_write = st->depth_test && st->depth_write;
      k->depth_compare = st->depth_test ? st->depth_compare : 0;
      k->depth_bounds_test = st->depth_bounds_test && caps->features.depthBounds;
   }
   if (ds_aspects & VK_IMAGE_ASPECT_STENCIL_BIT) {
      k->stencil_format = ds;
      k->stencil_test = st->stencil_test;
      if (st->stencil_test) {
         const struct zkv_stencil_face *f[2] = {&st->stencil_front, &st->stencil_back};
         for (int i = 0; i < 2; i++) {
            k->stencil[i].fail = f[i]->fail_op;
            k->stencil[i].pass = f[i]->pass_op;
            k->stencil[i].depth_fail = f[i]->depth_fail_op;
            k->stencil[i].compare = f[i]->compare_op;
         }
      }
   }
   for (int i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++) {
      const VkFormat f = view_format(fb->color[i]);
      k->color_formats[i] = f;
      if (!f)
         continue;
      const struct zkv_blend_attachment *b = &st->blend[i];
      k->blend[i].write_mask = b->write_mask;
      if (b->enable && (zkv_format_features(ctx->screen, f) &
                        VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT)) {
         k->blend[i].enable = 1;
         k->blend[i].src_color = b->src_color;
         k->blend[i].dst_color = b->dst_color;
         k->blend[i].color_op = b->color_op;
         k->blend[i].src_alpha = b->src_alpha;
         k->blend[i].dst_alpha = b->dst_alpha;
         k->blend[i].alpha_op = b->alpha_op;
      }
   }
   k->logic_op_enable = st->logic_op_enable && caps->features.logicOp;
   k->logic_op = k->logic_op_enable ? st->logic_op : 0;
   k->num_viewports = st->num_viewports ? st->num_viewports : 1;

   for (uint32_t l = 0; l < ZKV_MAX_VERTEX_ATTRIBS; l++) {
      const struct zkv_vertex_attrib *a = &st->vertex_attribs[l];
      if (!a->enabled || a->binding >= ZKV_MAX_VERTEX_BINDINGS)
         continue;
      k->attribs[l].format = a->format;
      k->attribs[l].binding = a->binding;
      k->attribs[l].offset = a->offset_B;
      const struct zkv_vertex_binding *b = &st->vertex_bindings[a->binding];
      k->bindings[a->binding].used = 1;
      k->bindings[a->binding].stride = b->stride_B;
      k->bindings[a->binding].per_instance = b->per_instance;
      k->bindings[a->binding].divisor = b->per_instance ? b->divisor : 1;
   }
}

static VkPipeline
create(struct zkv_context *ctx, struct zkv_program *p, const struct zkv_pipeline_key *k)
{
   struct zkv_screen *s = ctx->screen;
   VkPipelineShaderStageCreateInfo stages[ZKV_STAGE_COUNT];
   uint32_t num_stages = 0;
   static const VkShaderStageFlagBits bits[] = {
      VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
      VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, VK_SHADER_STAGE_GEOMETRY_BIT,
      VK_SHADER_STAGE_FRAGMENT_BIT};
   for (int i = 0; i < ZKV_STAGE_COMPUTE; i++) {
      if (!p->modules[i])
         continue;
      stages[num_stages++] = (VkPipelineShaderStageCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = bits[i],
         .module = p->modules[i],
         .pName = "main",
      };
   }

   VkVertexInputBindingDescription vb[ZKV_MAX_VERTEX_BINDINGS];
   VkVertexInputBindingDivisorDescriptionEXT div[ZKV_MAX_VERTEX_BINDINGS];
   VkVertexInputAttributeDescription va[ZKV_MAX_VERTEX_ATTRIBS];
   uint32_t nvb = 0, nva = 0, ndiv = 0;
   for (uint32_t i = 0; i < ZKV_MAX_VERTEX_BINDINGS; i++) {
      if (!k->bindings[i].used)
         continue;
      vb[nvb++] = (VkVertexInputBindingDescription){
         i, k->bindings[i].stride,
         k->bindings[i].per_instance ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX};
      if (k->bindings[i].per_instance && k->bindings[i].divisor != 1 &&
          s->caps.vertex_attribute_divisor)
         div[ndiv++] = (VkVertexInputBindingDivisorDescriptionEXT){i, k->bindings[i].divisor};
   }
   for (uint32_t l = 0; l < ZKV_MAX_VERTEX_ATTRIBS; l++)
      if (k->attribs[l].format)
         va[nva++] = (VkVertexInputAttributeDescription){l, k->attribs[l].binding,
                                                          k->attribs[l].format,
                                                          k->attribs[l].offset};
   const VkPipelineVertexInputDivisorStateCreateInfoEXT divisors = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT,
      .vertexBindingDivisorCount = ndiv,
      .pVertexBindingDivisors = div,
   };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .pNext = ndiv ? &divisors : NULL,
      .vertexBindingDescriptionCount = nvb,
      .pVertexBindingDescriptions = vb,
      .vertexAttributeDescriptionCount = nva,
      .pVertexAttributeDescriptions = va,
   };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = k->topology,
      .primitiveRestartEnable = k->primitive_restart,
   };
   const VkPipelineTessellationStateCreateInfo ts = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
      .patchControlPoints = k->patch_control_points,
   };
   const VkPipelineViewportDepthClipControlCreateInfoEXT clip = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT,
      .negativeOneToOne = VK_TRUE,
   };
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .pNext = k->clip_negative_one_to_one ? &clip : NULL,
      .viewportCount = k->num_viewports,
      .scissorCount = k->num_viewports,
   };
   void *rs_next = NULL;
   VkPipelineRasterizationProvokingVertexStateCreateInfoEXT provoking = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT,
      .provokingVertexMode = VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT,
   };
   if (k->provoking_last) {
      provoking.pNext = rs_next;
      rs_next = &provoking;
   }
   VkPipelineRasterizationLineStateCreateInfoEXT line = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT,
      .lineRasterizationMode = VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT,
      .stippledLineEnable = k->line_stipple_enable,
   };
   /* Bresenham lines (GL's aliased lines) where the device has them:
    * single-sampled line draws without coverage tricks (Vulkan 1.3,
    * VUID-VkGraphicsPipelineCreateInfo-lineRasterizationMode-02766). */
   const bool lines = k->topology == VK_PRIMITIVE_TOPOLOGY_LINE_LIST ||
                      k->topology == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP ||
                      k->topology == VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY ||
                      k->topology == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY;
   if (s->caps.line_rasterization && lines && k->samples == VK_SAMPLE_COUNT_1_BIT &&
       !k->alpha_to_coverage && !k->alpha_to_one && !k->sample_shading) {
      line.pNext = rs_next;
      rs_next = &line;
   }
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .pNext = rs_next,
      .depthClampEnable = k->depth_clamp,
      .rasterizerDiscardEnable = k->rasterizer_discard,
      .polygonMode = k->polygon_mode,
      .cullMode = k->cull_mode,
      .frontFace = k->front_face,
      .depthBiasEnable = k->depth_bias_enable,
      .lineWidth = 1.0f,
   };
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = k->samples,
      .sampleShadingEnable = k->sample_shading,
      .minSampleShading = k->min_sample_shading,
      .pSampleMask = &k->sample_mask,
      .alphaToCoverageEnable = k->alpha_to_coverage,
      .alphaToOneEnable = k->alpha_to_one,
   };
   VkStencilOpState so[2];
   for (int i = 0; i < 2; i++)
      so[i] = (VkStencilOpState){k->stencil[i].fail, k->stencil[i].pass, k->stencil[i].depth_fail,
                                 k->stencil[i].compare, 0, 0, 0};
   const VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = k->depth_test,
      .depthWriteEnable = k->depth_write,
      .depthCompareOp = k->depth_compare,
      .depthBoundsTestEnable = k->depth_bounds_test,
      .stencilTestEnable = k->stencil_test,
      .front = so[0],
      .back = so[1],
   };
   VkPipelineColorBlendAttachmentState cb[ZKV_MAX_COLOR_ATTACHMENTS];
   VkFormat formats[ZKV_MAX_COLOR_ATTACHMENTS];
   uint32_t ncolor = 0;
   for (uint32_t i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++) {
      formats[i] = k->color_formats[i];
      cb[i] = (VkPipelineColorBlendAttachmentState){
         k->blend[i].enable,    k->blend[i].src_color, k->blend[i].dst_color,
         k->blend[i].color_op,  k->blend[i].src_alpha, k->blend[i].dst_alpha,
         k->blend[i].alpha_op,  k->blend[i].write_mask};
      if (formats[i])
         ncolor = i + 1;
   }
   const VkPipelineColorBlendStateCreateInfo cbs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .logicOpEnable = k->logic_op_enable,
      .logicOp = k->logic_op,
      .attachmentCount = ncolor,
      .pAttachments = cb,
   };
   VkDynamicState dyn[24] = {
      VK_DYNAMIC_STATE_VIEWPORT,         VK_DYNAMIC_STATE_SCISSOR,
      VK_DYNAMIC_STATE_LINE_WIDTH,       VK_DYNAMIC_STATE_DEPTH_BIAS,
      VK_DYNAMIC_STATE_BLEND_CONSTANTS,  VK_DYNAMIC_STATE_DEPTH_BOUNDS,
      VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK, VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,
      VK_DYNAMIC_STATE_STENCIL_REFERENCE,
   };
   uint32_t ndyn = 9;
   if (k->line_stipple_enable)
      dyn[ndyn++] = VK_DYNAMIC_STATE_LINE_STIPPLE_EXT;
   if (s->caps.extended_dynamic_state) {
      static const VkDynamicState eds[] = {
         VK_DYNAMIC_STATE_CULL_MODE,          VK_DYNAMIC_STATE_FRONT_FACE,
         VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY, VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE,
         VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE, VK_DYNAMIC_STATE_DEPTH_COMPARE_OP,
         VK_DYNAMIC_STATE_DEPTH_BOUNDS_TEST_ENABLE, VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE,
         VK_DYNAMIC_STATE_STENCIL_OP};
      memcpy(dyn + ndyn, eds, sizeof(eds));
      ndyn += sizeof(eds) / sizeof(eds[0]);
   }
   if (s->caps.extended_dynamic_state2) {
      dyn[ndyn++] = VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE;
      dyn[ndyn++] = VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE;
   }
   if (s->vertex_input_dynamic)
      dyn[ndyn++] = VK_DYNAMIC_STATE_VERTEX_INPUT_EXT;
   const VkPipelineDynamicStateCreateInfo dys = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = ndyn,
      .pDynamicStates = dyn,
   };
   const VkPipelineRenderingCreateInfo ri = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = ncolor,
      .pColorAttachmentFormats = formats,
      .depthAttachmentFormat = k->depth_format,
      .stencilAttachmentFormat = k->stencil_format,
   };
   const bool fragment = !k->rasterizer_discard;
   const VkGraphicsPipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &ri,
      .stageCount = num_stages,
      .pStages = stages,
      .pVertexInputState = s->vertex_input_dynamic ? NULL : &vi,
      .pInputAssemblyState = &ia,
      .pTessellationState = k->patch_control_points ? &ts : NULL,
      .pViewportState = fragment ? &vp : NULL,
      .pRasterizationState = &rs,
      .pMultisampleState = fragment ? &ms : NULL,
      .pDepthStencilState = fragment ? &ds : NULL,
      .pColorBlendState = fragment ? &cbs : NULL,
      .pDynamicState = &dys,
      .layout = p->layout,
   };
   VkPipeline pipeline;
   const VkResult r =
      vkCreateGraphicsPipelines(s->dev, s->pipeline_cache, 1, &info, NULL, &pipeline);
   if (r != VK_SUCCESS) {
      zkv_context_error(ctx, r);
      return VK_NULL_HANDLE;
   }
   return pipeline;
}

static VkPrimitiveTopology
topology_class(VkPrimitiveTopology t)
{
   switch (t) {
   case VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
      return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
   case VK_PRIMITIVE_TOPOLOGY_PATCH_LIST:
      return VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
   default:
      return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   }
}

/* Takes out of the key what the device sets as dynamic state
 * (VK_EXT_extended_dynamic_state/2, Vulkan 1.3): those changes then reuse
 * the pipeline. The topology keeps its class (Vulkan 1.3,
 * VUID-vkCmdDraw-primitiveTopology-03420 wants the same class). */
static void
strip_dynamic(const struct zkv_caps *caps, struct zkv_pipeline_key *k)
{
   if (caps->extended_dynamic_state) {
      k->cull_mode = 0;
      k->front_face = 0;
      k->depth_test = k->depth_write = k->depth_compare = k->depth_bounds_test = 0;
      k->stencil_test = 0;
      memset(k->stencil, 0, sizeof(k->stencil));
      /* A list class with static restart needs list restart: only with EDS2. */
      if (caps->extended_dynamic_state2 || !k->primitive_restart)
         k->topology = topology_class(k->topology);
   }
   if (caps->extended_dynamic_state2) {
      k->primitive_restart = 0;
      k->depth_bias_enable = 0;
   }
}

/* VK_EXT_vertex_input_dynamic_state: GL's vertex arrays (VAOs, strides,
 * formats) are set per draw instead of keying the pipeline. */
static void
set_vertex_input(struct zkv_context *ctx, VkCommandBuffer cmd, const struct zkv_pipeline_key *k)
{
   VkVertexInputBindingDescription2EXT b[ZKV_MAX_VERTEX_BINDINGS];
   VkVertexInputAttributeDescription2EXT a[ZKV_MAX_VERTEX_ATTRIBS];
   uint32_t nb = 0, na = 0;
   for (uint32_t i = 0; i < ZKV_MAX_VERTEX_BINDINGS; i++) {
      if (!k->bindings[i].used)
         continue;
      const bool divisor_ok = ctx->screen->caps.vertex_attribute_divisor;
      b[nb++] = (VkVertexInputBindingDescription2EXT){
         .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT,
         .binding = i,
         .stride = k->bindings[i].stride,
         .inputRate = k->bindings[i].per_instance ? VK_VERTEX_INPUT_RATE_INSTANCE
                                                  : VK_VERTEX_INPUT_RATE_VERTEX,
         .divisor = k->bindings[i].per_instance && divisor_ok ? k->bindings[i].divisor : 1,
      };
   }
   for (uint32_t l = 0; l < ZKV_MAX_VERTEX_ATTRIBS; l++)
      if (k->attribs[l].format)
         a[na++] = (VkVertexInputAttributeDescription2EXT){
            .sType = VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT,
            .location = l,
            .binding = k->attribs[l].binding,
            .format = k->attribs[l].format,
            .offset = k->attribs[l].offset,
         };
   ctx->screen->vk.CmdSetVertexInputEXT(cmd, nb, b, na, a);
}

void
zkv_pipeline_set_dynamic(struct zkv_context *ctx, VkCommandBuffer cmd,
                         const struct zkv_pipeline_key *k)
{
   const struct zkv_caps *caps = &ctx->screen->caps;
   const struct zkv_dispatch *vk = &ctx->screen->vk;
   if (caps->extended_dynamic_state) {
      vk->CmdSetCullMode(cmd, k->cull_mode);
      vk->CmdSetFrontFace(cmd, k->front_face);
      vk->CmdSetPrimitiveTopology(cmd, k->topology);
      vk->CmdSetDepthTestEnable(cmd, k->depth_test);
      vk->CmdSetDepthWriteEnable(cmd, k->depth_write);
      vk->CmdSetDepthCompareOp(cmd, k->depth_test ? k->depth_compare : VK_COMPARE_OP_NEVER);
      vk->CmdSetDepthBoundsTestEnable(cmd, k->depth_bounds_test);
      vk->CmdSetStencilTestEnable(cmd, k->stencil_test);
      vk->CmdSetStencilOp(cmd, VK_STENCIL_FACE_FRONT_BIT, k->stencil[0].fail, k->stencil[0].pass,
                          k->stencil[0].depth_fail, k->stencil[0].compare);
      vk->CmdSetStencilOp(cmd, VK_STENCIL_FACE_BACK_BIT, k->stencil[1].fail, k->stencil[1].pass,
                          k->stencil[1].depth_fail, k->stencil[1].compare);
   }
   if (caps->extended_dynamic_state2) {
      vk->CmdSetPrimitiveRestartEnable(cmd, k->primitive_restart);
      vk->CmdSetDepthBiasEnable(cmd, k->depth_bias_enable);
   }
   if (ctx->screen->vertex_input_dynamic)
      set_vertex_input(ctx, cmd, k);
}

VkPipeline
zkv_pipeline_get(struct zkv_context *ctx, const struct zkv_draw_state *state,
                 struct zkv_pipeline_key *full)
{
   struct zkv_program *p = state->program;
   struct zkv_pipeline_key key;
   make_key(ctx, state, full);
   key = *full;
   strip_dynamic(&ctx->screen->caps, &key);
   if (ctx->screen->vertex_input_dynamic) {
      memset(key.bindings, 0, sizeof(key.bindings));
      memset(key.attribs, 0, sizeof(key.attribs));
   }
   pthread_mutex_lock(&p->lock);
   struct hash_entry *e = hash_table_search(&p->pipelines, &key);
   pthread_mutex_unlock(&p->lock);
   if (e)
      return (VkPipeline)e->data;
   struct zkv_pipeline_key *stored = malloc(sizeof(*stored));
   if (!stored) {
      zkv_context_error(ctx, VK_ERROR_OUT_OF_HOST_MEMORY);
      return VK_NULL_HANDLE;
   }
   *stored = key;
   VkPipeline pipeline = create(ctx, p, &key);
   if (!pipeline) {
      free(stored);
      return VK_NULL_HANDLE;
   }
   pthread_mutex_lock(&p->lock);
   if (!hash_table_insert(&p->pipelines, stored, (void *)pipeline)) {
      pthread_mutex_unlock(&p->lock);
      free(stored);
      vkDestroyPipeline(ctx->screen->dev, pipeline, NULL);
      zkv_context_error(ctx, VK_ERROR_OUT_OF_HOST_MEMORY);
      return VK_NULL_HANDLE;
   }
   pthread_mutex_unlock(&p->lock);
   return pipeline;
}

void
zkv_pipeline_cache_finish(struct zkv_program *p)
{
   hash_table_foreach(&p->pipelines, e)
   {
      vkDestroyPipeline(p->screen->dev, (VkPipeline)e->data, NULL);
      free((void *)e->key);
   }
}
