/* SPDX-License-Identifier: MIT */
/*
 * Recording render pass instances: vkCmdBeginRendering/EndRendering
 * (dynamic rendering) and vkCmdBeginRenderPass/NextSubpass/EndRenderPass
 * (a VkRenderPass, one "rendering" per subpass), both as BEGIN_RENDERING /
 * END_RENDERING (nvk_rendering.h); vkCmdClearAttachments.
 */
#include <string.h>

#include "format/fmt.h"
#include "nvk_cmd_buffer.h"
#include "nvk_cmd_pool.h"
#include "nvk_device.h"
#include "nvk_format.h"
#include "nvk_framebuffer.h"
#include "nvk_image.h"
#include "nvk_image_view.h"
#include "nvk_render_pass.h"
#include "nvk_rendering.h"
#include "vk_alloc.h"
#include "vk_log.h"
#include "vk_util.h"

static struct nvk_rendering_attachment
dynamic_attachment(const VkRenderingAttachmentInfo *a, bool resuming)
{
   if (!a || a->imageView == VK_NULL_HANDLE)
      return (struct nvk_rendering_attachment){0};
   return (struct nvk_rendering_attachment){
      .view = nvk_image_view_from_handle(a->imageView),
      /* Vulkan 1.3, 8.8: a resumed render pass instance continues the
       * suspended one; its load ops do not happen again. */
      .load_op = resuming ? VK_ATTACHMENT_LOAD_OP_LOAD : a->loadOp,
      .clear = a->clearValue,
      .resolve_mode = a->resolveImageView ? a->resolveMode : VK_RESOLVE_MODE_NONE,
      .resolve_view =
         a->resolveImageView ? nvk_image_view_from_handle(a->resolveImageView) : NULL,
   };
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBeginRendering(VkCommandBuffer commandBuffer,
                      const VkRenderingInfo *pRenderingInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   const VkRenderingInfo *ri = pRenderingInfo;
   if (ri->colorAttachmentCount > NVK_MAX_RTS) {
      nvk_cmd_buffer_set_error(cmd, vk_errorf(cmd, VK_ERROR_UNKNOWN,
                                              "%u colour attachments (at most %u)",
                                              ri->colorAttachmentCount, NVK_MAX_RTS));
      return;
   }
   struct nvk_cmd_begin_rendering *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_BEGIN_RENDERING, sizeof(*p));
   if (!p)
      return;
   const bool resuming = ri->flags & VK_RENDERING_RESUMING_BIT;
   p->area = ri->renderArea;
   p->layer_count = ri->layerCount;
   p->view_mask = ri->viewMask;
   p->color_count = ri->colorAttachmentCount;
   p->suspending = (ri->flags & VK_RENDERING_SUSPENDING_BIT) != 0;
   for (uint32_t i = 0; i < ri->colorAttachmentCount; i++)
      p->color[i] = dynamic_attachment(&ri->pColorAttachments[i], resuming);
   p->depth = dynamic_attachment(ri->pDepthAttachment, resuming);
   p->stencil = dynamic_attachment(ri->pStencilAttachment, resuming);
   cmd->in_rendering = true;
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdEndRendering(VkCommandBuffer commandBuffer)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   nvk_cmd_buffer_emit(cmd, NVK_CMD_END_RENDERING, sizeof(struct nvk_cmd_end_rendering));
   cmd->in_rendering = false;
}

/* The rendering of subpass `s` of the render pass being recorded. */
static void
begin_subpass(struct nvk_cmd_buffer *cmd)
{
   const struct nvk_render_pass *pass = cmd->rp.pass;
   const uint32_t s = cmd->rp.subpass;
   const struct nvk_subpass *sp = &pass->subpasses[s];
   struct nvk_cmd_begin_rendering *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_BEGIN_RENDERING, sizeof(*p));
   if (!p)
      return;
   p->area = cmd->rp.area;
   p->layer_count = cmd->rp.layers;
   p->view_mask = sp->view_mask;
   p->color_count = sp->color_count;

#define ATTACHMENT(a, load)                                                              \
   ((struct nvk_rendering_attachment){                                                   \
      .view = cmd->rp.attachments[a].view,                                               \
      .load_op =                                                                         \
         pass->attachments[a].first_subpass == s ? (load) : VK_ATTACHMENT_LOAD_OP_LOAD,  \
      .clear = cmd->rp.attachments[a].clear,                                             \
   })
   for (uint32_t i = 0; i < sp->color_count; i++) {
      const uint32_t a = sp->color[i];
      if (a == VK_ATTACHMENT_UNUSED)
         continue;
      p->color[i] = ATTACHMENT(a, pass->attachments[a].load_op);
      const uint32_t r = sp->color_resolve[i];
      if (r != VK_ATTACHMENT_UNUSED) {
         /* Vulkan 1.3, 8.1: render pass resolves average float colours and
          * take sample 0 of integer ones. */
         const enum kil_format k = nvk_format_to_kil(pass->attachments[a].format);
         p->color[i].resolve_mode = fmt_format_class(k) == FMT_CLASS_FLOAT
                                       ? VK_RESOLVE_MODE_AVERAGE_BIT
                                       : VK_RESOLVE_MODE_SAMPLE_ZERO_BIT;
         p->color[i].resolve_view = cmd->rp.attachments[r].view;
      }
   }
   const uint32_t ds = sp->depth_stencil;
   if (ds != VK_ATTACHMENT_UNUSED) {
      const VkImageAspectFlags aspects =
         nvk_format_aspects(nvk_format_to_kil(pass->attachments[ds].format));
      const uint32_t r = sp->depth_stencil_resolve;
      if (aspects & VK_IMAGE_ASPECT_DEPTH_BIT) {
         p->depth = ATTACHMENT(ds, pass->attachments[ds].load_op);
         if (r != VK_ATTACHMENT_UNUSED &&
             sp->depth_resolve_mode != VK_RESOLVE_MODE_NONE) {
            p->depth.resolve_mode = sp->depth_resolve_mode;
            p->depth.resolve_view = cmd->rp.attachments[r].view;
         }
      }
      if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT) {
         p->stencil = ATTACHMENT(ds, pass->attachments[ds].stencil_load_op);
         if (r != VK_ATTACHMENT_UNUSED &&
             sp->stencil_resolve_mode != VK_RESOLVE_MODE_NONE) {
            p->stencil.resolve_mode = sp->stencil_resolve_mode;
            p->stencil.resolve_view = cmd->rp.attachments[r].view;
         }
      }
   }
#undef ATTACHMENT
   cmd->in_rendering = true;
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBeginRenderPass2(VkCommandBuffer commandBuffer,
                        const VkRenderPassBeginInfo *pRenderPassBegin,
                        const VkSubpassBeginInfo *pSubpassBeginInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_render_pass, pass, pRenderPassBegin->renderPass);
   VK_FROM_HANDLE(nvk_framebuffer, fb, pRenderPassBegin->framebuffer);
   if (cmd->record_result != VK_SUCCESS)
      return;
   const uint32_t n = pass->attachment_count;
   if (n > cmd->rp.attachment_cap) {
      vk_free(&cmd->pool->alloc, cmd->rp.attachments);
      cmd->rp.attachment_cap = 0;
      cmd->rp.attachments =
         vk_alloc(&cmd->pool->alloc, n * sizeof(cmd->rp.attachments[0]), 8,
                  VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!cmd->rp.attachments) {
         nvk_cmd_buffer_set_error(cmd, vk_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY));
         return;
      }
      cmd->rp.attachment_cap = n;
   }
   /* Imageless framebuffers: the views come here. */
   const VkRenderPassAttachmentBeginInfo *views =
      vk_find_struct_const(pRenderPassBegin->pNext, RENDER_PASS_ATTACHMENT_BEGIN_INFO);
   for (uint32_t a = 0; a < n; a++) {
      struct nvk_cmd_rp_attachment *att = &cmd->rp.attachments[a];
      memset(att, 0, sizeof(*att));
      if (fb->imageless)
         att->view = views && a < views->attachmentCount
                        ? nvk_image_view_from_handle(views->pAttachments[a])
                        : NULL;
      else
         att->view = a < fb->attachment_count ? fb->attachments[a] : NULL;
      if (a < pRenderPassBegin->clearValueCount)
         att->clear = pRenderPassBegin->pClearValues[a];
   }
   cmd->rp.pass = pass;
   cmd->rp.subpass = 0;
   cmd->rp.area = pRenderPassBegin->renderArea;
   cmd->rp.layers = fb->layers;
   begin_subpass(cmd);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBeginRenderPass(VkCommandBuffer commandBuffer,
                       const VkRenderPassBeginInfo *pRenderPassBegin,
                       VkSubpassContents contents)
{
   const VkSubpassBeginInfo info = {
      .sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO,
      .contents = contents,
   };
   nvk_CmdBeginRenderPass2(commandBuffer, pRenderPassBegin, &info);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdNextSubpass2(VkCommandBuffer commandBuffer,
                    const VkSubpassBeginInfo *pSubpassBeginInfo,
                    const VkSubpassEndInfo *pSubpassEndInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   if (!cmd->rp.pass || cmd->rp.subpass + 1 >= cmd->rp.pass->subpass_count)
      return;
   /* The end of a subpass resolves its resolve attachments and makes its
    * writes visible to the next one (its input attachments). */
   nvk_cmd_buffer_emit(cmd, NVK_CMD_END_RENDERING, sizeof(struct nvk_cmd_end_rendering));
   cmd->rp.subpass++;
   begin_subpass(cmd);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdNextSubpass(VkCommandBuffer commandBuffer, VkSubpassContents contents)
{
   const VkSubpassBeginInfo begin = {
      .sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO,
      .contents = contents,
   };
   const VkSubpassEndInfo end = {.sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO};
   nvk_CmdNextSubpass2(commandBuffer, &begin, &end);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdEndRenderPass2(VkCommandBuffer commandBuffer,
                      const VkSubpassEndInfo *pSubpassEndInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   nvk_cmd_buffer_emit(cmd, NVK_CMD_END_RENDERING, sizeof(struct nvk_cmd_end_rendering));
   cmd->rp.pass = NULL;
   cmd->in_rendering = false;
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdEndRenderPass(VkCommandBuffer commandBuffer)
{
   const VkSubpassEndInfo end = {.sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO};
   nvk_CmdEndRenderPass2(commandBuffer, &end);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdClearAttachments(VkCommandBuffer commandBuffer, uint32_t attachmentCount,
                        const VkClearAttachment *pAttachments, uint32_t rectCount,
                        const VkClearRect *pRects)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_clear_attachments *p = nvk_cmd_buffer_emit(
      cmd, NVK_CMD_CLEAR_ATTACHMENTS,
      sizeof(*p) + attachmentCount * sizeof(struct nvk_clear_attachment) +
         rectCount * sizeof(VkClearRect));
   if (!p)
      return;
   p->attachment_count = attachmentCount;
   p->rect_count = rectCount;
   struct nvk_clear_attachment *a = (void *)p->data;
   for (uint32_t i = 0; i < attachmentCount; i++) {
      a[i] = (struct nvk_clear_attachment){
         .aspects = pAttachments[i].aspectMask,
         .color = pAttachments[i].colorAttachment,
         .value = pAttachments[i].clearValue,
      };
   }
   memcpy(a + attachmentCount, pRects, rectCount * sizeof(VkClearRect));
}
