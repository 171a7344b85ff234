/* SPDX-License-Identifier: MIT */
/*
 * VK_EXT_conditional_rendering: between vkCmdBeginConditionalRenderingEXT
 * and vkCmdEndConditionalRenderingEXT, draws, dispatches and clears of
 * attachments are discarded when the 32-bit predicate is zero (non-zero
 * with VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT). The predicate is read
 * when the block begins (Vulkan 1.3, 22.1 allows any time in between).
 */
#include "nvk_buffer.h"
#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_device.h"

struct nvk_cmd_conditional {
   uint64_t addr; /* 0: the end of the block */
   uint32_t inverted;
   uint32_t pad;
};

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBeginConditionalRenderingEXT(
   VkCommandBuffer commandBuffer,
   const VkConditionalRenderingBeginInfoEXT *pConditionalRenderingBegin)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_buffer, buffer, pConditionalRenderingBegin->buffer);
   struct nvk_cmd_conditional *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_CONDITIONAL, sizeof(*p));
   if (!p)
      return;
   p->addr = nvk_buffer_address(buffer, pConditionalRenderingBegin->offset);
   p->inverted = (pConditionalRenderingBegin->flags &
                  VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT) != 0;
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdEndConditionalRenderingEXT(VkCommandBuffer commandBuffer)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   nvk_cmd_buffer_emit(cmd, NVK_CMD_CONDITIONAL, sizeof(struct nvk_cmd_conditional));
}

void
nvk_exec_conditional(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_conditional *p = payload;
   ex->discard_rendering = false;
   if (!p->addr)
      return;
   const uint32_t *v = nvk_exec_translate(ex, p->addr, 4);
   if (v)
      ex->discard_rendering = (*v == 0) != (p->inverted != 0);
}
