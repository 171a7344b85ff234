/* SPDX-License-Identifier: MIT */
/*
 * Pipeline state: VkGraphicsPipelineCreateInfo (+ pNext) to plain values
 * (vk_graphics_state.h). Spec references are to Vulkan 1.3.239.
 */
#include "vk_graphics_state.h"

#include <stddef.h>
#include <string.h>

#include "vk_log.h"
#include "vk_util.h"

#define VK_DYN_SIZEOF(field) sizeof(((struct vk_graphics_state *)0)->field)

const struct vk_dyn_info vk_dyn_info[VK_DYN_COUNT] = {
#define VK_DYN_INFO(NAME, VK, GROUP, field)                                              \
   [VK_DYN_##NAME] = {#NAME, VK_DYNAMIC_STATE_##VK, VK_GS_GROUP_##GROUP,                 \
                      offsetof(struct vk_graphics_state, field), VK_DYN_SIZEOF(field)},
   VK_DYN_LIST(VK_DYN_INFO)
#undef VK_DYN_INFO
};

uint32_t
vk_gs_groups_of_parts(VkGraphicsPipelineLibraryFlagsEXT parts)
{
   uint32_t groups = 0;
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT)
      groups |= VK_GS_GROUPS_VERTEX_INPUT;
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT)
      groups |= VK_GS_GROUPS_PRE_RASTERIZATION;
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT)
      groups |= VK_GS_GROUPS_FRAGMENT_SHADER;
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT)
      groups |= VK_GS_GROUPS_FRAGMENT_OUTPUT;
   return groups;
}

bool
vk_dynamic_state_from_vk(VkDynamicState state, BITSET_WORD *set)
{
   /* The *_WITH_COUNT states set the count and the array (10.10,
    * vkCmdSetViewportWithCount "sets both the viewport count and the
    * viewports"); VERTEX_INPUT_EXT sets strides too (vkCmdSetVertexInputEXT
    * takes them in pVertexBindingDescriptions). */
   switch (state) {
   case VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT:
      BITSET_SET(set, VK_DYN_VP_VIEWPORTS);
      break;
   case VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT:
      BITSET_SET(set, VK_DYN_VP_SCISSORS);
      break;
   case VK_DYNAMIC_STATE_VERTEX_INPUT_EXT:
      BITSET_SET(set, VK_DYN_VI_BINDING_STRIDES);
      break;
   default:
      break;
   }
   for (unsigned i = 0; i < VK_DYN_COUNT; i++) {
      if (vk_dyn_info[i].vk == state) {
         BITSET_SET(set, i);
         return true;
      }
   }
   return false;
}

void
vk_graphics_state_init_defaults(struct vk_graphics_state *s)
{
   memset(s, 0, sizeof(*s));
   for (unsigned b = 0; b < VK_GS_MAX_VERTEX_BINDINGS; b++)
      s->vi.bindings[b].divisor = 1;
   s->ia.primitive_topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   s->ts.domain_origin = VK_TESSELLATION_DOMAIN_ORIGIN_UPPER_LEFT;
   s->rs.depth_clip_enable = VK_DEPTH_CLIP_NOT_CLAMP;
   s->rs.polygon_mode = VK_POLYGON_MODE_FILL;
   s->rs.cull_mode = VK_CULL_MODE_NONE;
   s->rs.front_face = VK_FRONT_FACE_COUNTER_CLOCKWISE;
   s->rs.conservative_mode = VK_CONSERVATIVE_RASTERIZATION_MODE_DISABLED_EXT;
   s->rs.provoking_vertex = VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT;
   s->rs.line_width = 1.0f;
   s->rs.line_mode = VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT;
   s->rs.line_stipple.factor = 1;
   s->rs.line_stipple.pattern = 0xffff;
   s->ms.rasterization_samples = VK_SAMPLE_COUNT_1_BIT;
   s->ms.sample_mask = ~0u;
   s->ds.depth_compare_op = VK_COMPARE_OP_ALWAYS;
   s->ds.depth_bounds.max = 1.0f;
   for (unsigned f = 0; f < 2; f++) {
      s->ds.stencil_ops[f] =
         (struct vk_stencil_op_state){VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP,
                                      VK_STENCIL_OP_KEEP, VK_COMPARE_OP_ALWAYS};
      s->ds.stencil_compare_mask[f] = ~0u;
      s->ds.stencil_write_mask[f] = ~0u;
   }
   s->cb.logic_op = VK_LOGIC_OP_COPY;
   for (unsigned a = 0; a < VK_GS_MAX_COLOR_ATTACHMENTS; a++) {
      /* VkPipelineColorWriteCreateInfoEXT absent: every attachment enabled. */
      s->cb.color_write_enables[a] = 1;
      s->cb.equations[a] = (struct vk_blend_equation){
         VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD,
         VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD};
      s->cb.write_masks[a] = 0xf;
   }
}

VkGraphicsPipelineLibraryFlagsEXT
vk_graphics_pipeline_create_info_parts(const VkGraphicsPipelineCreateInfo *info)
{
   /* 10.2.2: "If this structure is omitted, and either flags includes
    * VK_PIPELINE_CREATE_LIBRARY_BIT_KHR or the pNext chain includes a
    * VkPipelineLibraryCreateInfoKHR structure with a libraryCount greater
    * than 0, it is as if flags is 0. Otherwise ... a complete graphics
    * pipeline." */
   const VkGraphicsPipelineLibraryCreateInfoEXT *gpl =
      vk_find_struct_const(info->pNext, GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT);
   if (gpl)
      return gpl->flags & VK_GS_ALL_PARTS;
   const VkPipelineLibraryCreateInfoKHR *libs =
      vk_find_struct_const(info->pNext, PIPELINE_LIBRARY_CREATE_INFO_KHR);
   if ((info->flags & VK_PIPELINE_CREATE_LIBRARY_BIT_KHR) || (libs && libs->libraryCount))
      return 0;
   return VK_GS_ALL_PARTS;
}

/* ---- one function per group --------------------------------------------- */

struct fill_ctx {
   struct vk_graphics_pipeline_state *state;
   const VkGraphicsPipelineCreateInfo *info;
   vk_dyn_set info_dynamic; /* every state the create info names dynamic */
   const void *log_obj;
};

static bool
is_dyn(const struct fill_ctx *c, enum vk_dyn d)
{
   return BITSET_TEST(c->info_dynamic, d);
}

static VkResult
fill_vi(struct fill_ctx *c)
{
   struct vk_graphics_state *s = &c->state->s;
   const VkPipelineVertexInputStateCreateInfo *vi = c->info->pVertexInputState;
   /* 10.2: pVertexInputState "is ignored if the pipeline is created with the
    * VK_DYNAMIC_STATE_VERTEX_INPUT_EXT dynamic state set". */
   if (is_dyn(c, VK_DYN_VI) || !vi)
      return VK_SUCCESS;
   for (uint32_t i = 0; i < vi->vertexBindingDescriptionCount; i++) {
      const VkVertexInputBindingDescription *d = &vi->pVertexBindingDescriptions[i];
      if (d->binding >= VK_GS_MAX_VERTEX_BINDINGS)
         return vk_errorf(c->log_obj, VK_ERROR_UNKNOWN,
                          "vertex binding %u past the limit %u", d->binding,
                          VK_GS_MAX_VERTEX_BINDINGS);
      s->vi.bindings_valid |= 1u << d->binding;
      s->vi.bindings[d->binding].input_rate =
         d->inputRate == VK_VERTEX_INPUT_RATE_INSTANCE;
      s->vi_binding_strides[d->binding] = d->stride;
   }
   for (uint32_t i = 0; i < vi->vertexAttributeDescriptionCount; i++) {
      const VkVertexInputAttributeDescription *d = &vi->pVertexAttributeDescriptions[i];
      if (d->location >= VK_GS_MAX_VERTEX_ATTRIBUTES ||
          d->binding >= VK_GS_MAX_VERTEX_BINDINGS)
         return vk_errorf(c->log_obj, VK_ERROR_UNKNOWN,
                          "vertex attribute location %u / binding %u past the limits",
                          d->location, d->binding);
      s->vi.attributes_valid |= 1u << d->location;
      s->vi.attributes[d->location] =
         (struct vk_vertex_attribute){d->binding, d->format, d->offset};
   }
   const VkPipelineVertexInputDivisorStateCreateInfoEXT *div = vk_find_struct_const(
      vi->pNext, PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT);
   for (uint32_t i = 0; div && i < div->vertexBindingDivisorCount; i++) {
      const VkVertexInputBindingDivisorDescriptionEXT *d =
         &div->pVertexBindingDivisors[i];
      if (d->binding >= VK_GS_MAX_VERTEX_BINDINGS)
         return vk_errorf(c->log_obj, VK_ERROR_UNKNOWN, "divisor of vertex binding %u",
                          d->binding);
      s->vi.bindings[d->binding].divisor = d->divisor;
   }
   return VK_SUCCESS;
}

static void
fill_ia(struct fill_ctx *c)
{
   const VkPipelineInputAssemblyStateCreateInfo *ia = c->info->pInputAssemblyState;
   if (!ia)
      return;
   c->state->s.ia.primitive_topology = ia->topology;
   c->state->s.ia.primitive_restart_enable = ia->primitiveRestartEnable;
}

static void
fill_ts(struct fill_ctx *c)
{
   /* 10.2: pTessellationState "is ignored if the pipeline does not include
    * a tessellation control shader stage and tessellation evaluation shader
    * stage". */
   const VkShaderStageFlags tess = VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT |
                                   VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
   const VkPipelineTessellationStateCreateInfo *ts = c->info->pTessellationState;
   if ((c->state->stages & tess) != tess || !ts)
      return;
   c->state->s.ts.patch_control_points = ts->patchControlPoints;
   const VkPipelineTessellationDomainOriginStateCreateInfo *origin = vk_find_struct_const(
      ts->pNext, PIPELINE_TESSELLATION_DOMAIN_ORIGIN_STATE_CREATE_INFO);
   if (origin)
      c->state->s.ts.domain_origin = origin->domainOrigin;
}

static VkResult
fill_vp(struct fill_ctx *c)
{
   struct vk_viewport_state *vp = &c->state->s.vp;
   const VkPipelineViewportStateCreateInfo *info = c->info->pViewportState;
   if (!info)
      return VK_SUCCESS;
   /* The counts are ignored when their *_WITH_COUNT state is dynamic, the
    * arrays when VIEWPORT/SCISSOR are (10.10). */
   if (!is_dyn(c, VK_DYN_VP_VIEWPORT_COUNT))
      vp->viewport_count = info->viewportCount;
   if (!is_dyn(c, VK_DYN_VP_SCISSOR_COUNT))
      vp->scissor_count = info->scissorCount;
   if (vp->viewport_count > VK_GS_MAX_VIEWPORTS ||
       vp->scissor_count > VK_GS_MAX_VIEWPORTS)
      return vk_errorf(c->log_obj, VK_ERROR_UNKNOWN,
                       "%u viewports / %u scissors (max %u)", vp->viewport_count,
                       vp->scissor_count, VK_GS_MAX_VIEWPORTS);
   if (!is_dyn(c, VK_DYN_VP_VIEWPORTS) && info->pViewports)
      memcpy(vp->viewports, info->pViewports, vp->viewport_count * sizeof(VkViewport));
   if (!is_dyn(c, VK_DYN_VP_SCISSORS) && info->pScissors)
      memcpy(vp->scissors, info->pScissors, vp->scissor_count * sizeof(VkRect2D));
   const VkPipelineViewportDepthClipControlCreateInfoEXT *clip = vk_find_struct_const(
      info->pNext, PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT);
   if (clip)
      vp->depth_clip_negative_one_to_one = clip->negativeOneToOne;
   return VK_SUCCESS;
}

static void
fill_rs(struct fill_ctx *c)
{
   struct vk_rasterization_state *rs = &c->state->s.rs;
   const VkPipelineRasterizationStateCreateInfo *info = c->info->pRasterizationState;
   if (!info)
      return;
   rs->rasterizer_discard_enable = info->rasterizerDiscardEnable;
   rs->depth_clamp_enable = info->depthClampEnable;
   rs->polygon_mode = info->polygonMode;
   rs->cull_mode = info->cullMode;
   rs->front_face = info->frontFace;
   rs->depth_bias_enable = info->depthBiasEnable;
   rs->depth_bias = (struct vk_depth_bias){
      info->depthBiasConstantFactor, info->depthBiasClamp, info->depthBiasSlopeFactor};
   rs->line_width = info->lineWidth;

   const VkPipelineRasterizationDepthClipStateCreateInfoEXT *clip = vk_find_struct_const(
      info->pNext, PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT);
   if (clip)
      rs->depth_clip_enable =
         clip->depthClipEnable ? VK_DEPTH_CLIP_ENABLE : VK_DEPTH_CLIP_DISABLE;
   const VkPipelineRasterizationProvokingVertexStateCreateInfoEXT *pv =
      vk_find_struct_const(info->pNext,
                           PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT);
   if (pv)
      rs->provoking_vertex = pv->provokingVertexMode;
   const VkPipelineRasterizationLineStateCreateInfoEXT *line = vk_find_struct_const(
      info->pNext, PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT);
   if (line) {
      rs->line_mode = line->lineRasterizationMode;
      rs->line_stipple_enable = line->stippledLineEnable;
      if (!is_dyn(c, VK_DYN_RS_LINE_STIPPLE))
         rs->line_stipple =
            (struct vk_line_stipple){line->lineStippleFactor, line->lineStipplePattern};
   }
   const VkPipelineRasterizationStateStreamCreateInfoEXT *stream = vk_find_struct_const(
      info->pNext, PIPELINE_RASTERIZATION_STATE_STREAM_CREATE_INFO_EXT);
   if (stream)
      rs->rasterization_stream = stream->rasterizationStream;
   const VkPipelineRasterizationConservativeStateCreateInfoEXT *cons =
      vk_find_struct_const(info->pNext,
                           PIPELINE_RASTERIZATION_CONSERVATIVE_STATE_CREATE_INFO_EXT);
   if (cons) {
      rs->conservative_mode = cons->conservativeRasterizationMode;
      rs->extra_primitive_overestimation_size = cons->extraPrimitiveOverestimationSize;
   }
}

static VkResult
fill_ms(struct fill_ctx *c)
{
   struct vk_multisample_state *ms = &c->state->s.ms;
   const VkPipelineMultisampleStateCreateInfo *info = c->info->pMultisampleState;
   if (!info)
      return VK_SUCCESS;
   ms->rasterization_samples = info->rasterizationSamples;
   ms->sample_shading_enable = info->sampleShadingEnable;
   ms->min_sample_shading = info->minSampleShading;
   /* "If pSampleMask is NULL, it is as if the mask has all bits set to 1." */
   if (info->pSampleMask && !is_dyn(c, VK_DYN_MS_SAMPLE_MASK))
      ms->sample_mask = info->pSampleMask[0];
   ms->alpha_to_coverage_enable = info->alphaToCoverageEnable;
   ms->alpha_to_one_enable = info->alphaToOneEnable;
   const VkPipelineSampleLocationsStateCreateInfoEXT *sl =
      vk_find_struct_const(info->pNext, PIPELINE_SAMPLE_LOCATIONS_STATE_CREATE_INFO_EXT);
   if (sl) {
      ms->sample_locations_enable = sl->sampleLocationsEnable;
      const VkSampleLocationsInfoEXT *li = &sl->sampleLocationsInfo;
      if (sl->sampleLocationsEnable && !is_dyn(c, VK_DYN_MS_SAMPLE_LOCATIONS)) {
         if (li->sampleLocationsCount > VK_GS_MAX_SAMPLE_LOCATIONS)
            return vk_errorf(c->log_obj, VK_ERROR_UNKNOWN, "%u sample locations (max %u)",
                             li->sampleLocationsCount, VK_GS_MAX_SAMPLE_LOCATIONS);
         ms->sample_locations.per_pixel = li->sampleLocationsPerPixel;
         ms->sample_locations.grid_size = li->sampleLocationGridSize;
         ms->sample_locations.count = li->sampleLocationsCount;
         memcpy(ms->sample_locations.locations, li->pSampleLocations,
                li->sampleLocationsCount * sizeof(VkSampleLocationEXT));
      }
   }
   return VK_SUCCESS;
}

static void
fill_stencil_face(struct vk_depth_stencil_state *ds, unsigned f,
                  const VkStencilOpState *op)
{
   ds->stencil_ops[f] = (struct vk_stencil_op_state){op->failOp, op->passOp,
                                                     op->depthFailOp, op->compareOp};
   ds->stencil_compare_mask[f] = op->compareMask;
   ds->stencil_write_mask[f] = op->writeMask;
   ds->stencil_reference[f] = op->reference;
}

static void
fill_ds(struct fill_ctx *c)
{
   struct vk_depth_stencil_state *ds = &c->state->s.ds;
   const VkPipelineDepthStencilStateCreateInfo *info = c->info->pDepthStencilState;
   if (!info)
      return;
   ds->depth_test_enable = info->depthTestEnable;
   ds->depth_write_enable = info->depthWriteEnable;
   ds->depth_compare_op = info->depthCompareOp;
   ds->depth_bounds_test_enable = info->depthBoundsTestEnable;
   ds->depth_bounds =
      (struct vk_depth_bounds){info->minDepthBounds, info->maxDepthBounds};
   ds->stencil_test_enable = info->stencilTestEnable;
   fill_stencil_face(ds, 0, &info->front);
   fill_stencil_face(ds, 1, &info->back);
}

static VkResult
fill_cb(struct fill_ctx *c)
{
   struct vk_color_blend_state *cb = &c->state->s.cb;
   const VkPipelineColorBlendStateCreateInfo *info = c->info->pColorBlendState;
   if (!info)
      return VK_SUCCESS;
   if (info->attachmentCount > VK_GS_MAX_COLOR_ATTACHMENTS)
      return vk_errorf(c->log_obj, VK_ERROR_UNKNOWN,
                       "%u colour blend attachments (max %u)", info->attachmentCount,
                       VK_GS_MAX_COLOR_ATTACHMENTS);
   cb->attachment_count = info->attachmentCount;
   cb->logic_op_enable = info->logicOpEnable;
   cb->logic_op = info->logicOp;
   /* EDS3: pAttachments is ignored when blend enable, equation and write
    * mask are all dynamic (then it may be anything). */
   const bool attachments_ignored = is_dyn(c, VK_DYN_CB_BLEND_ENABLES) &&
                                    is_dyn(c, VK_DYN_CB_BLEND_EQUATIONS) &&
                                    is_dyn(c, VK_DYN_CB_WRITE_MASKS);
   for (uint32_t a = 0;
        a < info->attachmentCount && info->pAttachments && !attachments_ignored; a++) {
      const VkPipelineColorBlendAttachmentState *att = &info->pAttachments[a];
      cb->blend_enables[a] = att->blendEnable != 0;
      cb->equations[a] = (struct vk_blend_equation){
         att->srcColorBlendFactor, att->dstColorBlendFactor, att->colorBlendOp,
         att->srcAlphaBlendFactor, att->dstAlphaBlendFactor, att->alphaBlendOp};
      cb->write_masks[a] = att->colorWriteMask & 0xf;
   }
   memcpy(cb->blend_constants, info->blendConstants, sizeof(cb->blend_constants));
   const VkPipelineColorWriteCreateInfoEXT *cw =
      vk_find_struct_const(info->pNext, PIPELINE_COLOR_WRITE_CREATE_INFO_EXT);
   if (cw && cw->pColorWriteEnables && !is_dyn(c, VK_DYN_CB_COLOR_WRITE_ENABLES)) {
      for (uint32_t a = 0; a < cw->attachmentCount && a < VK_GS_MAX_COLOR_ATTACHMENTS;
           a++)
         cb->color_write_enables[a] = cw->pColorWriteEnables[a] != 0;
   }
   return VK_SUCCESS;
}

static VkResult
fill_rp(struct fill_ctx *c, const struct vk_render_pass_state *driver_rp)
{
   struct vk_render_pass_state *rp = &c->state->s.rp;
   if (c->info->renderPass != VK_NULL_HANDLE) {
      if (!driver_rp)
         return vk_errorf(c->log_obj, VK_ERROR_UNKNOWN,
                          "a render pass without the driver's subpass description");
      *rp = *driver_rp;
      return VK_SUCCESS;
   }
   /* Dynamic rendering; without VkPipelineRenderingCreateInfo, "as if ...
    * viewMask 0, colorAttachmentCount 0, depth and stencil formats
    * VK_FORMAT_UNDEFINED" (10.2). */
   const VkPipelineRenderingCreateInfo *ri =
      vk_find_struct_const(c->info->pNext, PIPELINE_RENDERING_CREATE_INFO);
   if (!ri)
      return VK_SUCCESS;
   if (ri->colorAttachmentCount > VK_GS_MAX_COLOR_ATTACHMENTS)
      return vk_errorf(c->log_obj, VK_ERROR_UNKNOWN, "%u colour attachments (max %u)",
                       ri->colorAttachmentCount, VK_GS_MAX_COLOR_ATTACHMENTS);
   rp->view_mask = ri->viewMask;
   rp->color_attachment_count = ri->colorAttachmentCount;
   for (uint32_t a = 0; a < ri->colorAttachmentCount && ri->pColorAttachmentFormats; a++)
      rp->color_formats[a] = ri->pColorAttachmentFormats[a];
   rp->depth_format = ri->depthAttachmentFormat;
   rp->stencil_format = ri->stencilAttachmentFormat;
   return VK_SUCCESS;
}

/* ---- the whole ------------------------------------------------------------ */

static uint32_t
stages_of_parts(const VkGraphicsPipelineCreateInfo *info,
                VkGraphicsPipelineLibraryFlagsEXT parts)
{
   /* 10.2.2: vertex/tessellation/geometry stages belong to the
    * pre-rasterization part, the fragment stage to the fragment shader
    * part. */
   const VkShaderStageFlags pre_rast =
      VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT |
      VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT | VK_SHADER_STAGE_GEOMETRY_BIT;
   uint32_t stages = 0;
   for (uint32_t i = 0; i < info->stageCount && info->pStages; i++)
      stages |= info->pStages[i].stage;
   uint32_t keep = 0;
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT)
      keep |= pre_rast;
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT)
      keep |= VK_SHADER_STAGE_FRAGMENT_BIT;
   return stages & keep;
}

VkResult
vk_graphics_pipeline_state_fill(struct vk_graphics_pipeline_state *state,
                                const VkGraphicsPipelineCreateInfo *info,
                                const struct vk_render_pass_state *driver_rp,
                                const void *log_obj)
{
   if (state->parts == 0)
      vk_graphics_state_init_defaults(&state->s);
   const VkGraphicsPipelineLibraryFlagsEXT parts =
      vk_graphics_pipeline_create_info_parts(info) & ~state->parts;
   const uint32_t groups = vk_gs_groups_of_parts(parts);

   struct fill_ctx c = {.state = state, .info = info, .log_obj = log_obj};
   const VkPipelineDynamicStateCreateInfo *dyn = info->pDynamicState;
   for (uint32_t i = 0; dyn && i < dyn->dynamicStateCount; i++)
      vk_dynamic_state_from_vk(dyn->pDynamicStates[i], c.info_dynamic);
   /* Each part takes the dynamic states of its own groups (10.2.2: state
    * of a part comes from the library or create info providing it). */
   for (unsigned d = 0; d < VK_DYN_COUNT; d++) {
      if (BITSET_TEST(c.info_dynamic, d) && (groups & (1u << vk_dyn_info[d].group)))
         BITSET_SET(state->dynamic, d);
   }
   state->stages |= stages_of_parts(info, parts);

   VkResult r = VK_SUCCESS;
   if (groups & (1u << VK_GS_GROUP_VI))
      r = fill_vi(&c);
   if (r == VK_SUCCESS && (groups & (1u << VK_GS_GROUP_IA)))
      fill_ia(&c);
   if (r == VK_SUCCESS && (groups & (1u << VK_GS_GROUP_RS)))
      fill_rs(&c);
   if (r == VK_SUCCESS && (groups & (1u << VK_GS_GROUP_RP)))
      r = fill_rp(&c, driver_rp);
   if (r != VK_SUCCESS)
      return r;

   /* "Rasterization disabled": rasterizerDiscardEnable statically true
    * (10.2, pViewportState etc. "ignored if the pipeline has rasterization
    * disabled"). Only known when the pre-rasterization part is here. */
   const bool have_rs =
      (groups | vk_gs_groups_of_parts(state->parts)) & (1u << VK_GS_GROUP_RS);
   const bool raster_off =
      have_rs && !BITSET_TEST(state->dynamic, VK_DYN_RS_RASTERIZER_DISCARD_ENABLE) &&
      state->s.rs.rasterizer_discard_enable;
   /* The attachments are known once the fragment output part is. */
   const bool have_rp =
      (groups | vk_gs_groups_of_parts(state->parts)) & (1u << VK_GS_GROUP_RP);
   const bool no_ds = have_rp && state->s.rp.depth_format == VK_FORMAT_UNDEFINED &&
                      state->s.rp.stencil_format == VK_FORMAT_UNDEFINED;
   /* pColorBlendState "is ignored if ... the subpass of the render pass the
    * pipeline is created against does not use any color attachments". With
    * dynamic rendering, attachmentCount must equal colorAttachmentCount
    * even where formats are UNDEFINED (VUID-...-renderPass-06055), so only
    * a count of 0 means "none"; a subpass whose attachments are all
    * VK_ATTACHMENT_UNUSED (UNDEFINED in driver_rp) uses none. */
   bool no_color = have_rp;
   if (info->renderPass == VK_NULL_HANDLE && (groups & (1u << VK_GS_GROUP_RP))) {
      no_color = state->s.rp.color_attachment_count == 0;
   } else {
      for (uint32_t a = 0; a < state->s.rp.color_attachment_count; a++)
         no_color &= state->s.rp.color_formats[a] == VK_FORMAT_UNDEFINED;
   }

   if (groups & (1u << VK_GS_GROUP_TS))
      fill_ts(&c);
   if ((groups & (1u << VK_GS_GROUP_VP)) && !raster_off)
      r = fill_vp(&c);
   if (r == VK_SUCCESS && (groups & (1u << VK_GS_GROUP_MS)) && !raster_off)
      r = fill_ms(&c);
   if (r == VK_SUCCESS && (groups & (1u << VK_GS_GROUP_DS)) && !raster_off && !no_ds)
      fill_ds(&c);
   if (r == VK_SUCCESS && (groups & (1u << VK_GS_GROUP_CB)) && !raster_off && !no_color)
      r = fill_cb(&c);
   if (r != VK_SUCCESS)
      return r;
   state->parts |= parts;
   return VK_SUCCESS;
}

void
vk_graphics_pipeline_state_merge(struct vk_graphics_pipeline_state *dst,
                                 const struct vk_graphics_pipeline_state *src)
{
   if (dst->parts == 0)
      vk_graphics_state_init_defaults(&dst->s);
   const VkGraphicsPipelineLibraryFlagsEXT parts = src->parts & ~dst->parts;
   const uint32_t groups = vk_gs_groups_of_parts(parts);
   struct vk_graphics_state *d = &dst->s;
   const struct vk_graphics_state *s = &src->s;
   if (groups & (1u << VK_GS_GROUP_VI)) {
      d->vi = s->vi;
      memcpy(d->vi_binding_strides, s->vi_binding_strides, sizeof(d->vi_binding_strides));
   }
   if (groups & (1u << VK_GS_GROUP_IA))
      d->ia = s->ia;
   if (groups & (1u << VK_GS_GROUP_TS))
      d->ts = s->ts;
   if (groups & (1u << VK_GS_GROUP_VP))
      d->vp = s->vp;
   if (groups & (1u << VK_GS_GROUP_RS))
      d->rs = s->rs;
   if (groups & (1u << VK_GS_GROUP_MS))
      d->ms = s->ms;
   if (groups & (1u << VK_GS_GROUP_DS))
      d->ds = s->ds;
   if (groups & (1u << VK_GS_GROUP_CB))
      d->cb = s->cb;
   if (groups & (1u << VK_GS_GROUP_RP))
      d->rp = s->rp;
   for (unsigned i = 0; i < VK_DYN_COUNT; i++) {
      if (BITSET_TEST(src->dynamic, i) && (groups & (1u << vk_dyn_info[i].group)))
         BITSET_SET(dst->dynamic, i);
   }
   uint32_t stage_parts = 0;
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT)
      stage_parts |= ~(uint32_t)VK_SHADER_STAGE_FRAGMENT_BIT;
   if (parts & VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT)
      stage_parts |= VK_SHADER_STAGE_FRAGMENT_BIT;
   dst->stages |= src->stages & stage_parts;
   dst->parts |= parts;
}
