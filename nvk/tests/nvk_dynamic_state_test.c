/* SPDX-License-Identifier: MIT */
/*
 * vkCmdSet* recorded, replayed, and found in the executor's dynamic state
 * with the right dirty bits (nvk_cmd_set_dynamic.h).
 */
#include <string.h>

#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_test_util.h"
#include "util/test.h"

static struct nvk_exec ex;

static bool
replay(struct nvk_test *t, VkCommandBuffer cmd)
{
   if (nvk_EndCommandBuffer(cmd) != VK_SUCCESS)
      return false;
   nvk_exec_init(&ex, t->nvk, NULL);
   return nvk_exec_cmd_buffer(&ex, nvk_cmd_buffer_from_handle(cmd));
}

TEST(nvk_cmd_set_reaches_the_executor)
{
   struct nvk_test t;
   REQUIRE(nvk_test_init(&t, NULL, 0));
   VkCommandBuffer cmd = nvk_test_cmd_begin(&t);

   const VkViewport vps[2] = {{0, 0, 64, 64, 0, 1}, {5, 6, 7, -8, 0.5f, 0.25f}};
   nvk_CmdSetViewport(cmd, 1, 1, &vps[1]);
   const VkRect2D sc = {{3, 4}, {5, 6}};
   nvk_CmdSetScissorWithCount(cmd, 1, &sc);
   nvk_CmdSetStencilReference(cmd, VK_STENCIL_FACE_BACK_BIT, 0x42);
   nvk_CmdSetStencilCompareMask(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, 0x0f);
   nvk_CmdSetStencilOp(cmd, VK_STENCIL_FACE_FRONT_BIT, VK_STENCIL_OP_ZERO,
                       VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_INVERT, VK_COMPARE_OP_LESS);
   nvk_CmdSetDepthBias(cmd, 1.5f, 0.25f, 2.0f);
   nvk_CmdSetLineStippleEXT(cmd, 4, 0xaaaa);
   nvk_CmdSetDepthClipEnableEXT(cmd, VK_FALSE);
   const VkBool32 blend[2] = {VK_TRUE, VK_FALSE};
   nvk_CmdSetColorBlendEnableEXT(cmd, 2, 2, blend);
   const VkColorComponentFlags masks[1] = {VK_COLOR_COMPONENT_R_BIT |
                                           VK_COLOR_COMPONENT_A_BIT};
   nvk_CmdSetColorWriteMaskEXT(cmd, 7, 1, masks);
   /* Past the last attachment: cut, never written outside the field. */
   nvk_CmdSetColorWriteMaskEXT(cmd, 8, 1, masks);
   const VkColorBlendEquationEXT eq = {VK_BLEND_FACTOR_DST_COLOR,    VK_BLEND_FACTOR_ZERO,
                                       VK_BLEND_OP_REVERSE_SUBTRACT, VK_BLEND_FACTOR_ONE,
                                       VK_BLEND_FACTOR_ONE,          VK_BLEND_OP_MIN};
   nvk_CmdSetColorBlendEquationEXT(cmd, 1, 1, &eq);
   const VkBool32 cw[3] = {VK_TRUE, VK_FALSE, VK_TRUE};
   nvk_CmdSetColorWriteEnableEXT(cmd, 3, cw);
   const float bc[4] = {0.5f, 0.25f, 0.125f, 1.0f};
   nvk_CmdSetBlendConstants(cmd, bc);
   const VkSampleMask sm = 0x3;
   nvk_CmdSetSampleMaskEXT(cmd, VK_SAMPLE_COUNT_2_BIT, &sm);
   const VkVertexInputBindingDescription2EXT vb = {
      VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT,
      NULL,
      2,
      24,
      VK_VERTEX_INPUT_RATE_INSTANCE,
      3};
   const VkVertexInputAttributeDescription2EXT va = {
      VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT,
      NULL,
      4,
      2,
      VK_FORMAT_R16G16_SNORM,
      12};
   nvk_CmdSetVertexInputEXT(cmd, 1, &vb, 1, &va);
   REQUIRE(replay(&t, cmd));

   const struct vk_dynamic_graphics_state *d = &ex.gfx_dyn;
   const struct vk_graphics_state *s = &d->s;
   /* Viewport 1 set, viewport 0 still the default (zero). */
   CHECK(memcmp(&s->vp.viewports[1], &vps[1], sizeof(VkViewport)) == 0);
   CHECK(s->vp.viewports[0].width == 0.0f);
   CHECK_EQ(s->vp.scissor_count, 1);
   CHECK_EQ(s->vp.scissors[0].extent.height, 6);
   CHECK_EQ(s->ds.stencil_reference[0], 0);
   CHECK_EQ(s->ds.stencil_reference[1], 0x42);
   CHECK_EQ(s->ds.stencil_compare_mask[0], 0x0f);
   CHECK_EQ(s->ds.stencil_compare_mask[1], 0x0f);
   CHECK_EQ(s->ds.stencil_ops[0].depth_fail_op, VK_STENCIL_OP_INVERT);
   CHECK_EQ(s->ds.stencil_ops[1].depth_fail_op, VK_STENCIL_OP_KEEP);
   CHECK(s->rs.depth_bias.clamp == 0.25f && s->rs.depth_bias.slope_factor == 2.0f);
   CHECK_EQ(s->rs.line_stipple.factor, 4);
   CHECK_EQ(s->rs.line_stipple.pattern, 0xaaaa);
   CHECK_EQ(s->rs.depth_clip_enable, VK_DEPTH_CLIP_DISABLE);
   CHECK_EQ(s->cb.blend_enables[1], 0);
   CHECK_EQ(s->cb.blend_enables[2], 1);
   CHECK_EQ(s->cb.blend_enables[3], 0);
   CHECK_EQ(s->cb.write_masks[6], 0xf);
   CHECK_EQ(s->cb.write_masks[7], 0x9);
   CHECK_EQ(s->cb.equations[1].color_op, VK_BLEND_OP_REVERSE_SUBTRACT);
   CHECK_EQ(s->cb.equations[1].alpha_op, VK_BLEND_OP_MIN);
   CHECK_EQ(s->cb.equations[0].color_op, VK_BLEND_OP_ADD);
   CHECK_EQ(s->cb.color_write_enables[1], 0);
   CHECK_EQ(s->cb.color_write_enables[2], 1);
   CHECK(s->cb.blend_constants[2] == 0.125f);
   CHECK_EQ(s->ms.sample_mask, 0x3);
   CHECK_EQ(s->vi.bindings_valid, 1u << 2);
   CHECK_EQ(s->vi.bindings[2].input_rate, VK_VERTEX_INPUT_RATE_INSTANCE);
   CHECK_EQ(s->vi.bindings[2].divisor, 3);
   CHECK_EQ(s->vi.attributes_valid, 1u << 4);
   CHECK_EQ(s->vi.attributes[4].format, VK_FORMAT_R16G16_SNORM);
   CHECK_EQ(s->vi.attributes[4].offset_B, 12);
   CHECK_EQ(s->vi_binding_strides[2], 24);
   /* A new command buffer starts from the defaults, everything dirty. */
   CHECK(BITSET_TEST(d->dirty, VK_DYN_CB_BLEND_CONSTANTS));
   CHECK(d->pipeline_dirty);

   nvk_FreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   nvk_test_finish(&t);
}

/* Between two draws only what a vkCmdSet* changed is dirty. */
TEST(nvk_cmd_set_dirties_what_changed)
{
   struct nvk_test t;
   REQUIRE(nvk_test_init(&t, NULL, 0));
   VkCommandBuffer cmd = nvk_test_cmd_begin(&t);
   nvk_CmdSetLineWidth(cmd, 1.0f); /* the default: no change */
   nvk_CmdSetCullMode(cmd, VK_CULL_MODE_BACK_BIT);
   REQUIRE(nvk_EndCommandBuffer(cmd) == VK_SUCCESS);
   nvk_exec_init(&ex, t.nvk, NULL);
   /* Replay by hand from a clean dirty set (as after a draw). */
   vk_dynamic_graphics_state_init(&ex.gfx_dyn);
   vk_dynamic_graphics_state_clear_dirty(&ex.gfx_dyn);
   const struct nvk_cmd_buffer *c = nvk_cmd_buffer_from_handle(cmd);
   nvk_cmd_stream_foreach_block(&c->stream, block) {
      uint32_t offset_B = 0;
      while (offset_B < block->used_B) {
         const struct nvk_cmd_header *h = (const void *)(block->data + offset_B);
         CHECK_EQ(h->type, NVK_CMD_SET_DYNAMIC);
         nvk_exec_set_dynamic(&ex, h + 1);
         offset_B += sizeof(*h) + h->size_B;
      }
   }
   CHECK(!ex.faulted);
   CHECK_EQ(bitset_count(ex.gfx_dyn.dirty, BITSET_WORDS(VK_DYN_COUNT)), 1);
   CHECK(BITSET_TEST(ex.gfx_dyn.dirty, VK_DYN_RS_CULL_MODE));
   CHECK(!ex.gfx_dyn.pipeline_dirty);
   nvk_FreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   nvk_test_finish(&t);
}

/* Every vkCmdSet* of the dynamic states VK_DYN_LIST covers has a driver
 * entry point (a missing one would dispatch to vk_unimpl_*). */
TEST(nvk_cmd_set_entry_points_exist)
{
   /* clang-format off */
#define SETTERS(X) \
   X(CmdSetViewport) \
   X(CmdSetScissor) \
   X(CmdSetLineWidth) \
   X(CmdSetDepthBias) \
   X(CmdSetBlendConstants) \
   X(CmdSetDepthBounds) \
   X(CmdSetStencilCompareMask) \
   X(CmdSetStencilWriteMask) \
   X(CmdSetStencilReference) \
   X(CmdSetCullMode) \
   X(CmdSetFrontFace) \
   X(CmdSetPrimitiveTopology) \
   X(CmdSetViewportWithCount) \
   X(CmdSetScissorWithCount) \
   X(CmdSetDepthTestEnable) \
   X(CmdSetDepthWriteEnable) \
   X(CmdSetDepthCompareOp) \
   X(CmdSetDepthBoundsTestEnable) \
   X(CmdSetStencilTestEnable) \
   X(CmdSetStencilOp) \
   X(CmdSetRasterizerDiscardEnable) \
   X(CmdSetDepthBiasEnable) \
   X(CmdSetPrimitiveRestartEnable) \
   X(CmdSetPatchControlPointsEXT) \
   X(CmdSetLogicOpEXT) \
   X(CmdSetVertexInputEXT) \
   X(CmdSetColorWriteEnableEXT) \
   X(CmdSetLineStippleEXT) \
   X(CmdSetSampleLocationsEXT) \
   X(CmdSetTessellationDomainOriginEXT) \
   X(CmdSetDepthClampEnableEXT) \
   X(CmdSetPolygonModeEXT) \
   X(CmdSetRasterizationSamplesEXT) \
   X(CmdSetSampleMaskEXT) \
   X(CmdSetAlphaToCoverageEnableEXT) \
   X(CmdSetAlphaToOneEnableEXT) \
   X(CmdSetLogicOpEnableEXT) \
   X(CmdSetColorBlendEnableEXT) \
   X(CmdSetColorBlendEquationEXT) \
   X(CmdSetColorWriteMaskEXT) \
   X(CmdSetRasterizationStreamEXT) \
   X(CmdSetConservativeRasterizationModeEXT) \
   X(CmdSetExtraPrimitiveOverestimationSizeEXT) \
   X(CmdSetDepthClipEnableEXT) \
   X(CmdSetSampleLocationsEnableEXT) \
   X(CmdSetProvokingVertexModeEXT) \
   X(CmdSetLineRasterizationModeEXT) \
   X(CmdSetLineStippleEnableEXT) \
   X(CmdSetDepthClipNegativeOneToOneEXT)
   /* clang-format on */
#define CHECK_SETTER(name)                                                               \
   if (!nvk_device_entrypoints.name)                                                     \
      test_fail(__FILE__, __LINE__, "nvk_%s is missing", #name);
   SETTERS(CHECK_SETTER)
#undef CHECK_SETTER
   unsigned count = 0;
#define COUNT_SETTER(name) count++;
   SETTERS(COUNT_SETTER)
#undef COUNT_SETTER
   /* One setter per VkDynamicState of the list (VERTEX_INPUT_BINDING_STRIDE
    * is set by vkCmdBindVertexBuffers2, a draw command). */
   CHECK_EQ(count, VK_DYN_COUNT - 1);
#undef SETTERS
}

/* Invalid calls (NULL arrays, ranges past the limits) record what fits and
 * never crash or write outside the state. */
TEST(nvk_cmd_set_invalid_calls_are_harmless)
{
   struct nvk_test t;
   REQUIRE(nvk_test_init(&t, NULL, 0));
   VkCommandBuffer cmd = nvk_test_cmd_begin(&t);
   nvk_CmdSetViewport(cmd, 0, 4, NULL);
   nvk_CmdSetScissorWithCount(cmd, 2, NULL);
   nvk_CmdSetColorBlendEnableEXT(cmd, 0, 3, NULL);
   nvk_CmdSetColorBlendEquationEXT(cmd, 0, 3, NULL);
   nvk_CmdSetColorWriteMaskEXT(cmd, 0, 3, NULL);
   nvk_CmdSetSampleLocationsEXT(cmd, NULL);
   nvk_CmdSetVertexInputEXT(cmd, 3, NULL, 2, NULL);
   const VkViewport vps[20] = {{0}};
   nvk_CmdSetViewport(cmd, 10, 20, vps); /* 10..29: cut at 16 */
   nvk_CmdSetViewport(cmd, 1000, 1, vps);
   const VkBool32 on[8] = {1, 1, 1, 1, 1, 1, 1, 1};
   nvk_CmdSetColorWriteEnableEXT(cmd, 8, on);
   REQUIRE(replay(&t, cmd));
   const struct vk_graphics_state *s = &ex.gfx_dyn.s;
   CHECK_EQ(s->vp.scissor_count, 2);
   CHECK_EQ(s->vi.bindings_valid, 0);
   CHECK_EQ(s->cb.blend_enables[0], 0); /* NULL array: false */
   CHECK_EQ(s->cb.write_masks[0], 0xf); /* NULL array: nothing recorded */
   nvk_FreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   nvk_test_finish(&t);
}
