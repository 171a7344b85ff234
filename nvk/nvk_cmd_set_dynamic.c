/* SPDX-License-Identifier: MIT */
/*
 * vkCmdSet*: every dynamic state of Vulkan 1.3, VK_EXT_extended_dynamic_state
 * 1/2/3, VK_EXT_vertex_input_dynamic_state, VK_EXT_color_write_enable,
 * VK_EXT_line_rasterization (stipple) and VK_EXT_sample_locations, recorded
 * as SET_DYNAMIC commands (nvk_cmd_set_dynamic.h) and applied at replay.
 * Arrays past kiln's limits are cut and NULL arrays record nothing: invalid
 * calls never write outside the state or crash.
 * Spec references are to Vulkan 1.3.239.
 */
#include "nvk_cmd_set_dynamic.h"

#include <string.h>

#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "vk_entrypoints.h"

void
nvk_cmd_set_dynamic(struct nvk_cmd_buffer *cmd, enum vk_dyn state, uint32_t offset_B,
                    uint32_t size_B, const void *data)
{
   const uint32_t field_B = vk_dyn_info[state].size_B;
   if (offset_B >= field_B || size_B == 0 || !data)
      return;
   if (size_B > field_B - offset_B)
      size_B = field_B - offset_B;
   struct nvk_cmd_set_dynamic *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_SET_DYNAMIC, sizeof(*p) + ((size_B + 7) & ~7u));
   if (!p)
      return;
   p->state = state;
   p->offset_B = offset_B;
   p->size_B = size_B;
   memcpy(p->data, data, size_B);
}

void
nvk_exec_set_dynamic(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_set_dynamic *p = payload;
   if (!vk_dynamic_graphics_state_set(&ex->gfx_dyn, p->state, p->offset_B, p->size_B,
                                      p->data))
      nvk_exec_fault(ex, "SET_DYNAMIC outside state %u", p->state);
}

static void
set_u32(struct nvk_cmd_buffer *cmd, enum vk_dyn state, uint32_t value)
{
   nvk_cmd_set_dynamic(cmd, state, 0, sizeof(value), &value);
}

/* Per-face arrays ([0] front, [1] back) of 4-byte elements. */
static void
set_faces(struct nvk_cmd_buffer *cmd, enum vk_dyn state, VkStencilFaceFlags faces,
          const void *value, uint32_t elem_B)
{
   if (faces & VK_STENCIL_FACE_FRONT_BIT)
      nvk_cmd_set_dynamic(cmd, state, 0, elem_B, value);
   if (faces & VK_STENCIL_FACE_BACK_BIT)
      nvk_cmd_set_dynamic(cmd, state, elem_B, elem_B, value);
}

/* Per-attachment bytes from VkBool32s (firstAttachment, count). */
static void
set_attachment_bools(struct nvk_cmd_buffer *cmd, enum vk_dyn state, uint32_t first,
                     uint32_t count, const VkBool32 *values)
{
   uint8_t bytes[VK_GS_MAX_COLOR_ATTACHMENTS];
   uint32_t n = 0;
   for (; n < count && first + n < VK_GS_MAX_COLOR_ATTACHMENTS; n++)
      bytes[n] = values && values[n];
   nvk_cmd_set_dynamic(cmd, state, first, n, bytes);
}

#define CMD_FROM_HANDLE VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer)

/* ---- viewports and scissors ------------------------------------------- */

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetViewport(VkCommandBuffer commandBuffer, uint32_t firstViewport,
                   uint32_t viewportCount, const VkViewport *pViewports)
{
   CMD_FROM_HANDLE;
   nvk_cmd_set_dynamic(cmd, VK_DYN_VP_VIEWPORTS, firstViewport * sizeof(VkViewport),
                       viewportCount * sizeof(VkViewport), pViewports);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetViewportWithCount(VkCommandBuffer commandBuffer, uint32_t viewportCount,
                            const VkViewport *pViewports)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_VP_VIEWPORT_COUNT, viewportCount);
   nvk_cmd_set_dynamic(cmd, VK_DYN_VP_VIEWPORTS, 0, viewportCount * sizeof(VkViewport),
                       pViewports);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetScissor(VkCommandBuffer commandBuffer, uint32_t firstScissor,
                  uint32_t scissorCount, const VkRect2D *pScissors)
{
   CMD_FROM_HANDLE;
   nvk_cmd_set_dynamic(cmd, VK_DYN_VP_SCISSORS, firstScissor * sizeof(VkRect2D),
                       scissorCount * sizeof(VkRect2D), pScissors);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetScissorWithCount(VkCommandBuffer commandBuffer, uint32_t scissorCount,
                           const VkRect2D *pScissors)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_VP_SCISSOR_COUNT, scissorCount);
   nvk_cmd_set_dynamic(cmd, VK_DYN_VP_SCISSORS, 0, scissorCount * sizeof(VkRect2D),
                       pScissors);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetDepthClipNegativeOneToOneEXT(VkCommandBuffer commandBuffer,
                                       VkBool32 negativeOneToOne)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_VP_DEPTH_CLIP_NEGATIVE_ONE_TO_ONE, negativeOneToOne != 0);
}

/* ---- vertex input, input assembly, tessellation ------------------------ */

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetVertexInputEXT(
   VkCommandBuffer commandBuffer, uint32_t vertexBindingDescriptionCount,
   const VkVertexInputBindingDescription2EXT *pVertexBindingDescriptions,
   uint32_t vertexAttributeDescriptionCount,
   const VkVertexInputAttributeDescription2EXT *pVertexAttributeDescriptions)
{
   CMD_FROM_HANDLE;
   struct vk_vertex_input_state vi;
   uint32_t strides[VK_GS_MAX_VERTEX_BINDINGS];
   memset(&vi, 0, sizeof(vi));
   memset(strides, 0, sizeof(strides));
   for (unsigned b = 0; b < VK_GS_MAX_VERTEX_BINDINGS; b++)
      vi.bindings[b].divisor = 1;
   for (uint32_t i = 0; pVertexBindingDescriptions && i < vertexBindingDescriptionCount;
        i++) {
      const VkVertexInputBindingDescription2EXT *d = &pVertexBindingDescriptions[i];
      if (d->binding >= VK_GS_MAX_VERTEX_BINDINGS)
         continue;
      vi.bindings_valid |= 1u << d->binding;
      vi.bindings[d->binding].input_rate = d->inputRate == VK_VERTEX_INPUT_RATE_INSTANCE;
      vi.bindings[d->binding].divisor = d->divisor;
      strides[d->binding] = d->stride;
   }
   for (uint32_t i = 0;
        pVertexAttributeDescriptions && i < vertexAttributeDescriptionCount; i++) {
      const VkVertexInputAttributeDescription2EXT *d = &pVertexAttributeDescriptions[i];
      if (d->location >= VK_GS_MAX_VERTEX_ATTRIBUTES ||
          d->binding >= VK_GS_MAX_VERTEX_BINDINGS)
         continue;
      vi.attributes_valid |= 1u << d->location;
      vi.attributes[d->location] =
         (struct vk_vertex_attribute){d->binding, d->format, d->offset};
   }
   nvk_cmd_set_dynamic(cmd, VK_DYN_VI, 0, sizeof(vi), &vi);
   /* vkCmdSetVertexInputEXT sets the strides too (10.10). */
   nvk_cmd_set_dynamic(cmd, VK_DYN_VI_BINDING_STRIDES, 0, sizeof(strides), strides);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetPrimitiveTopology(VkCommandBuffer commandBuffer,
                            VkPrimitiveTopology primitiveTopology)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_IA_PRIMITIVE_TOPOLOGY, primitiveTopology);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetPrimitiveRestartEnable(VkCommandBuffer commandBuffer,
                                 VkBool32 primitiveRestartEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_IA_PRIMITIVE_RESTART_ENABLE, primitiveRestartEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetPatchControlPointsEXT(VkCommandBuffer commandBuffer,
                                uint32_t patchControlPoints)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_TS_PATCH_CONTROL_POINTS, patchControlPoints);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetTessellationDomainOriginEXT(VkCommandBuffer commandBuffer,
                                      VkTessellationDomainOrigin domainOrigin)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_TS_DOMAIN_ORIGIN, domainOrigin);
}

/* ---- rasterization ------------------------------------------------------- */

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetRasterizerDiscardEnable(VkCommandBuffer commandBuffer,
                                  VkBool32 rasterizerDiscardEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_RS_RASTERIZER_DISCARD_ENABLE, rasterizerDiscardEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetDepthClampEnableEXT(VkCommandBuffer commandBuffer, VkBool32 depthClampEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_RS_DEPTH_CLAMP_ENABLE, depthClampEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetDepthClipEnableEXT(VkCommandBuffer commandBuffer, VkBool32 depthClipEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_RS_DEPTH_CLIP_ENABLE,
           depthClipEnable ? VK_DEPTH_CLIP_ENABLE : VK_DEPTH_CLIP_DISABLE);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetPolygonModeEXT(VkCommandBuffer commandBuffer, VkPolygonMode polygonMode)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_RS_POLYGON_MODE, polygonMode);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetCullMode(VkCommandBuffer commandBuffer, VkCullModeFlags cullMode)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_RS_CULL_MODE, cullMode);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetFrontFace(VkCommandBuffer commandBuffer, VkFrontFace frontFace)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_RS_FRONT_FACE, frontFace);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetConservativeRasterizationModeEXT(
   VkCommandBuffer commandBuffer,
   VkConservativeRasterizationModeEXT conservativeRasterizationMode)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_RS_CONSERVATIVE_MODE, conservativeRasterizationMode);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetExtraPrimitiveOverestimationSizeEXT(VkCommandBuffer commandBuffer,
                                              float extraPrimitiveOverestimationSize)
{
   CMD_FROM_HANDLE;
   nvk_cmd_set_dynamic(cmd, VK_DYN_RS_EXTRA_PRIMITIVE_OVERESTIMATION_SIZE, 0,
                       sizeof(float), &extraPrimitiveOverestimationSize);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetRasterizationStreamEXT(VkCommandBuffer commandBuffer,
                                 uint32_t rasterizationStream)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_RS_RASTERIZATION_STREAM, rasterizationStream);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetProvokingVertexModeEXT(VkCommandBuffer commandBuffer,
                                 VkProvokingVertexModeEXT provokingVertexMode)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_RS_PROVOKING_VERTEX, provokingVertexMode);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetDepthBiasEnable(VkCommandBuffer commandBuffer, VkBool32 depthBiasEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_RS_DEPTH_BIAS_ENABLE, depthBiasEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetDepthBias(VkCommandBuffer commandBuffer, float depthBiasConstantFactor,
                    float depthBiasClamp, float depthBiasSlopeFactor)
{
   CMD_FROM_HANDLE;
   const struct vk_depth_bias bias = {depthBiasConstantFactor, depthBiasClamp,
                                      depthBiasSlopeFactor};
   nvk_cmd_set_dynamic(cmd, VK_DYN_RS_DEPTH_BIAS, 0, sizeof(bias), &bias);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetLineWidth(VkCommandBuffer commandBuffer, float lineWidth)
{
   CMD_FROM_HANDLE;
   nvk_cmd_set_dynamic(cmd, VK_DYN_RS_LINE_WIDTH, 0, sizeof(float), &lineWidth);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetLineRasterizationModeEXT(VkCommandBuffer commandBuffer,
                                   VkLineRasterizationModeEXT lineRasterizationMode)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_RS_LINE_MODE, lineRasterizationMode);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetLineStippleEnableEXT(VkCommandBuffer commandBuffer, VkBool32 stippledLineEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_RS_LINE_STIPPLE_ENABLE, stippledLineEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetLineStippleEXT(VkCommandBuffer commandBuffer, uint32_t lineStippleFactor,
                         uint16_t lineStipplePattern)
{
   CMD_FROM_HANDLE;
   const struct vk_line_stipple stipple = {lineStippleFactor, lineStipplePattern};
   nvk_cmd_set_dynamic(cmd, VK_DYN_RS_LINE_STIPPLE, 0, sizeof(stipple), &stipple);
}

/* ---- multisample --------------------------------------------------------- */

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetRasterizationSamplesEXT(VkCommandBuffer commandBuffer,
                                  VkSampleCountFlagBits rasterizationSamples)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_MS_RASTERIZATION_SAMPLES, rasterizationSamples);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetSampleMaskEXT(VkCommandBuffer commandBuffer, VkSampleCountFlagBits samples,
                        const VkSampleMask *pSampleMask)
{
   CMD_FROM_HANDLE;
   /* kiln has at most 32 samples: the first word is the whole mask. */
   set_u32(cmd, VK_DYN_MS_SAMPLE_MASK, pSampleMask ? pSampleMask[0] : ~0u);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetAlphaToCoverageEnableEXT(VkCommandBuffer commandBuffer,
                                   VkBool32 alphaToCoverageEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_MS_ALPHA_TO_COVERAGE_ENABLE, alphaToCoverageEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetAlphaToOneEnableEXT(VkCommandBuffer commandBuffer, VkBool32 alphaToOneEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_MS_ALPHA_TO_ONE_ENABLE, alphaToOneEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetSampleLocationsEnableEXT(VkCommandBuffer commandBuffer,
                                   VkBool32 sampleLocationsEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_MS_SAMPLE_LOCATIONS_ENABLE, sampleLocationsEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetSampleLocationsEXT(VkCommandBuffer commandBuffer,
                             const VkSampleLocationsInfoEXT *pSampleLocationsInfo)
{
   CMD_FROM_HANDLE;
   struct vk_sample_locations sl;
   memset(&sl, 0, sizeof(sl));
   if (!pSampleLocationsInfo)
      return;
   sl.per_pixel = pSampleLocationsInfo->sampleLocationsPerPixel;
   sl.grid_size = pSampleLocationsInfo->sampleLocationGridSize;
   sl.count = pSampleLocationsInfo->sampleLocationsCount;
   if (sl.count > VK_GS_MAX_SAMPLE_LOCATIONS)
      sl.count = VK_GS_MAX_SAMPLE_LOCATIONS;
   memcpy(sl.locations, pSampleLocationsInfo->pSampleLocations,
          sl.count * sizeof(VkSampleLocationEXT));
   nvk_cmd_set_dynamic(cmd, VK_DYN_MS_SAMPLE_LOCATIONS, 0, sizeof(sl), &sl);
}

/* ---- depth/stencil ------------------------------------------------------ */

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetDepthTestEnable(VkCommandBuffer commandBuffer, VkBool32 depthTestEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_DS_DEPTH_TEST_ENABLE, depthTestEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetDepthWriteEnable(VkCommandBuffer commandBuffer, VkBool32 depthWriteEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_DS_DEPTH_WRITE_ENABLE, depthWriteEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetDepthCompareOp(VkCommandBuffer commandBuffer, VkCompareOp depthCompareOp)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_DS_DEPTH_COMPARE_OP, depthCompareOp);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetDepthBoundsTestEnable(VkCommandBuffer commandBuffer,
                                VkBool32 depthBoundsTestEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_DS_DEPTH_BOUNDS_TEST_ENABLE, depthBoundsTestEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetDepthBounds(VkCommandBuffer commandBuffer, float minDepthBounds,
                      float maxDepthBounds)
{
   CMD_FROM_HANDLE;
   const struct vk_depth_bounds bounds = {minDepthBounds, maxDepthBounds};
   nvk_cmd_set_dynamic(cmd, VK_DYN_DS_DEPTH_BOUNDS, 0, sizeof(bounds), &bounds);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetStencilTestEnable(VkCommandBuffer commandBuffer, VkBool32 stencilTestEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_DS_STENCIL_TEST_ENABLE, stencilTestEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetStencilOp(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
                    VkStencilOp failOp, VkStencilOp passOp, VkStencilOp depthFailOp,
                    VkCompareOp compareOp)
{
   CMD_FROM_HANDLE;
   const struct vk_stencil_op_state op = {failOp, passOp, depthFailOp, compareOp};
   set_faces(cmd, VK_DYN_DS_STENCIL_OP, faceMask, &op, sizeof(op));
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetStencilCompareMask(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
                             uint32_t compareMask)
{
   CMD_FROM_HANDLE;
   set_faces(cmd, VK_DYN_DS_STENCIL_COMPARE_MASK, faceMask, &compareMask,
             sizeof(uint32_t));
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetStencilWriteMask(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
                           uint32_t writeMask)
{
   CMD_FROM_HANDLE;
   set_faces(cmd, VK_DYN_DS_STENCIL_WRITE_MASK, faceMask, &writeMask, sizeof(uint32_t));
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetStencilReference(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
                           uint32_t reference)
{
   CMD_FROM_HANDLE;
   set_faces(cmd, VK_DYN_DS_STENCIL_REFERENCE, faceMask, &reference, sizeof(uint32_t));
}

/* ---- colour blend -------------------------------------------------------- */

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetLogicOpEnableEXT(VkCommandBuffer commandBuffer, VkBool32 logicOpEnable)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_CB_LOGIC_OP_ENABLE, logicOpEnable != 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetLogicOpEXT(VkCommandBuffer commandBuffer, VkLogicOp logicOp)
{
   CMD_FROM_HANDLE;
   set_u32(cmd, VK_DYN_CB_LOGIC_OP, logicOp);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetColorWriteEnableEXT(VkCommandBuffer commandBuffer, uint32_t attachmentCount,
                              const VkBool32 *pColorWriteEnables)
{
   CMD_FROM_HANDLE;
   set_attachment_bools(cmd, VK_DYN_CB_COLOR_WRITE_ENABLES, 0, attachmentCount,
                        pColorWriteEnables);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetColorBlendEnableEXT(VkCommandBuffer commandBuffer, uint32_t firstAttachment,
                              uint32_t attachmentCount,
                              const VkBool32 *pColorBlendEnables)
{
   CMD_FROM_HANDLE;
   set_attachment_bools(cmd, VK_DYN_CB_BLEND_ENABLES, firstAttachment, attachmentCount,
                        pColorBlendEnables);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetColorBlendEquationEXT(VkCommandBuffer commandBuffer, uint32_t firstAttachment,
                                uint32_t attachmentCount,
                                const VkColorBlendEquationEXT *pColorBlendEquations)
{
   CMD_FROM_HANDLE;
   struct vk_blend_equation eq[VK_GS_MAX_COLOR_ATTACHMENTS];
   uint32_t n = 0;
   for (; pColorBlendEquations && n < attachmentCount &&
          firstAttachment + n < VK_GS_MAX_COLOR_ATTACHMENTS;
        n++) {
      const VkColorBlendEquationEXT *e = &pColorBlendEquations[n];
      eq[n] = (struct vk_blend_equation){e->srcColorBlendFactor, e->dstColorBlendFactor,
                                         e->colorBlendOp,        e->srcAlphaBlendFactor,
                                         e->dstAlphaBlendFactor, e->alphaBlendOp};
   }
   nvk_cmd_set_dynamic(cmd, VK_DYN_CB_BLEND_EQUATIONS, firstAttachment * sizeof(eq[0]),
                       n * sizeof(eq[0]), eq);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetColorWriteMaskEXT(VkCommandBuffer commandBuffer, uint32_t firstAttachment,
                            uint32_t attachmentCount,
                            const VkColorComponentFlags *pColorWriteMasks)
{
   CMD_FROM_HANDLE;
   uint8_t masks[VK_GS_MAX_COLOR_ATTACHMENTS];
   uint32_t n = 0;
   for (; pColorWriteMasks && n < attachmentCount &&
          firstAttachment + n < VK_GS_MAX_COLOR_ATTACHMENTS;
        n++)
      masks[n] = pColorWriteMasks[n] & 0xf;
   nvk_cmd_set_dynamic(cmd, VK_DYN_CB_WRITE_MASKS, firstAttachment, n, masks);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetBlendConstants(VkCommandBuffer commandBuffer, const float blendConstants[4])
{
   CMD_FROM_HANDLE;
   nvk_cmd_set_dynamic(cmd, VK_DYN_CB_BLEND_CONSTANTS, 0, 4 * sizeof(float),
                       blendConstants);
}
