/* SPDX-License-Identifier: MIT */
#include "nvk_render_pass.h"

#include <string.h>

#include "nvk_device.h"
#include "nvk_format.h"
#include "vk_graphics_state.h"
#include "util/macros.h"
#include "vk_alloc.h"
#include "vk_log.h"
#include "vk_util.h"

/* Everything a pass holds, in one allocation after the object. */
static struct nvk_render_pass *
render_pass_alloc(struct nvk_device *dev, const VkAllocationCallbacks *alloc,
                  uint32_t attachment_count, uint32_t subpass_count, uint32_t input_count)
{
   const size_t att_off = ALIGN_POT(sizeof(struct nvk_render_pass), 8);
   const size_t sub_off = ALIGN_POT(
      att_off + attachment_count * sizeof(struct nvk_render_pass_attachment), 8);
   const size_t in_off =
      ALIGN_POT(sub_off + subpass_count * sizeof(struct nvk_subpass), 8);
   const size_t size_B = in_off + input_count * sizeof(uint32_t);
   struct nvk_render_pass *pass =
      vk_object_zalloc(&dev->vk, alloc, size_B, VK_OBJECT_TYPE_RENDER_PASS);
   if (!pass)
      return NULL;
   pass->attachment_count = attachment_count;
   pass->attachments = (void *)((uint8_t *)pass + att_off);
   pass->subpass_count = subpass_count;
   pass->subpasses = (void *)((uint8_t *)pass + sub_off);
   uint32_t *inputs = (void *)((uint8_t *)pass + in_off);
   /* Hand out the input arrays in order; the caller fills input_count. */
   pass->subpasses[0].input = subpass_count ? inputs : NULL;
   return pass;
}

static void
note_use(struct nvk_render_pass *pass, uint32_t a, uint32_t subpass)
{
   if (a == VK_ATTACHMENT_UNUSED || a >= pass->attachment_count)
      return;
   struct nvk_render_pass_attachment *att = &pass->attachments[a];
   if (att->first_subpass == UINT32_MAX)
      att->first_subpass = subpass;
   att->last_subpass = subpass;
}

/* Subpasses in the *2 form; the first-use/last-use of each attachment and
 * self-dependencies follow from them. */
static void
fill_subpasses(struct nvk_render_pass *pass, const VkRenderPassCreateInfo2 *ci)
{
   uint32_t *next_input = pass->subpasses[0].input;
   for (uint32_t a = 0; a < pass->attachment_count; a++)
      pass->attachments[a].first_subpass = pass->attachments[a].last_subpass = UINT32_MAX;
   for (uint32_t s = 0; s < ci->subpassCount; s++) {
      const VkSubpassDescription2 *d = &ci->pSubpasses[s];
      struct nvk_subpass *sp = &pass->subpasses[s];
      sp->view_mask = d->viewMask;
      sp->color_count = MIN2(d->colorAttachmentCount, NVK_MAX_RTS);
      for (uint32_t i = 0; i < NVK_MAX_RTS; i++) {
         sp->color[i] = i < sp->color_count ? d->pColorAttachments[i].attachment
                                            : VK_ATTACHMENT_UNUSED;
         sp->color_resolve[i] = i < sp->color_count && d->pResolveAttachments
                                   ? d->pResolveAttachments[i].attachment
                                   : VK_ATTACHMENT_UNUSED;
      }
      sp->depth_stencil = d->pDepthStencilAttachment
                             ? d->pDepthStencilAttachment->attachment
                             : VK_ATTACHMENT_UNUSED;
      sp->depth_stencil_resolve = VK_ATTACHMENT_UNUSED;
      const VkSubpassDescriptionDepthStencilResolve *dsr =
         vk_find_struct_const(d->pNext, SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE);
      if (dsr && dsr->pDepthStencilResolveAttachment) {
         sp->depth_stencil_resolve = dsr->pDepthStencilResolveAttachment->attachment;
         sp->depth_resolve_mode = dsr->depthResolveMode;
         sp->stencil_resolve_mode = dsr->stencilResolveMode;
      }
      sp->input = next_input;
      sp->input_count = d->inputAttachmentCount;
      for (uint32_t i = 0; i < d->inputAttachmentCount; i++)
         sp->input[i] = d->pInputAttachments[i].attachment;
      next_input += d->inputAttachmentCount;

      /* Vulkan 1.3, 8.1 "Render Pass Load Operations": an attachment's
       * load op happens in the first subpass that uses it (as any kind of
       * attachment), its store op in the last one. */
      for (uint32_t i = 0; i < sp->input_count; i++)
         note_use(pass, sp->input[i], s);
      for (uint32_t i = 0; i < sp->color_count; i++) {
         note_use(pass, sp->color[i], s);
         note_use(pass, sp->color_resolve[i], s);
      }
      note_use(pass, sp->depth_stencil, s);
      note_use(pass, sp->depth_stencil_resolve, s);
   }
   for (uint32_t i = 0; i < ci->dependencyCount; i++) {
      const VkSubpassDependency2 *dep = &ci->pDependencies[i];
      if (dep->srcSubpass == dep->dstSubpass && dep->srcSubpass < pass->subpass_count)
         pass->subpasses[dep->srcSubpass].self_dependency = true;
   }
   pass->dependency_count = ci->dependencyCount;
}

static uint32_t
count_inputs(const VkRenderPassCreateInfo2 *ci)
{
   uint32_t n = 0;
   for (uint32_t s = 0; s < ci->subpassCount; s++)
      n += ci->pSubpasses[s].inputAttachmentCount;
   return n;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateRenderPass2(VkDevice _device, const VkRenderPassCreateInfo2 *pCreateInfo,
                      const VkAllocationCallbacks *pAllocator, VkRenderPass *pRenderPass)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   for (uint32_t s = 0; s < pCreateInfo->subpassCount; s++) {
      if (pCreateInfo->pSubpasses[s].colorAttachmentCount > NVK_MAX_RTS)
         return vk_errorf(dev, VK_ERROR_UNKNOWN, "subpass %u has %u colour attachments",
                          s, pCreateInfo->pSubpasses[s].colorAttachmentCount);
   }
   struct nvk_render_pass *pass =
      render_pass_alloc(dev, pAllocator, pCreateInfo->attachmentCount,
                        pCreateInfo->subpassCount, count_inputs(pCreateInfo));
   if (!pass)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   for (uint32_t a = 0; a < pCreateInfo->attachmentCount; a++) {
      const VkAttachmentDescription2 *d = &pCreateInfo->pAttachments[a];
      pass->attachments[a] = (struct nvk_render_pass_attachment){
         .format = d->format,
         .samples = d->samples,
         .load_op = d->loadOp,
         .stencil_load_op = d->stencilLoadOp,
         .store_op = d->storeOp,
         .stencil_store_op = d->stencilStoreOp,
      };
   }
   fill_subpasses(pass, pCreateInfo);
   *pRenderPass = nvk_render_pass_to_handle(pass);
   return VK_SUCCESS;
}

/* vkCreateRenderPass: converted to the *2 form on the stack (Vulkan 1.3,
 * VkRenderPassCreateInfo2 says how the structures correspond), with the
 * multiview masks of VkRenderPassMultiviewCreateInfo. */
VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateRenderPass(VkDevice _device, const VkRenderPassCreateInfo *pCreateInfo,
                     const VkAllocationCallbacks *pAllocator, VkRenderPass *pRenderPass)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   const VkRenderPassMultiviewCreateInfo *mv =
      vk_find_struct_const(pCreateInfo->pNext, RENDER_PASS_MULTIVIEW_CREATE_INFO);
   uint32_t ref_count = 0;
   for (uint32_t s = 0; s < pCreateInfo->subpassCount; s++) {
      const VkSubpassDescription *d = &pCreateInfo->pSubpasses[s];
      ref_count += d->inputAttachmentCount + 2 * d->colorAttachmentCount + 1;
   }
   const size_t size_B = pCreateInfo->attachmentCount * sizeof(VkAttachmentDescription2) +
                         pCreateInfo->subpassCount * sizeof(VkSubpassDescription2) +
                         pCreateInfo->dependencyCount * sizeof(VkSubpassDependency2) +
                         ref_count * sizeof(VkAttachmentReference2);
   uint8_t *mem = vk_alloc2(&dev->vk.alloc, pAllocator, MAX2(size_B, 8), 8,
                            VK_SYSTEM_ALLOCATION_SCOPE_COMMAND);
   if (!mem)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   VkAttachmentDescription2 *atts = (void *)mem;
   VkSubpassDescription2 *subs = (void *)(atts + pCreateInfo->attachmentCount);
   VkSubpassDependency2 *deps = (void *)(subs + pCreateInfo->subpassCount);
   VkAttachmentReference2 *refs = (void *)(deps + pCreateInfo->dependencyCount);

   for (uint32_t a = 0; a < pCreateInfo->attachmentCount; a++) {
      const VkAttachmentDescription *d = &pCreateInfo->pAttachments[a];
      atts[a] = (VkAttachmentDescription2){
         .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
         .flags = d->flags,
         .format = d->format,
         .samples = d->samples,
         .loadOp = d->loadOp,
         .storeOp = d->storeOp,
         .stencilLoadOp = d->stencilLoadOp,
         .stencilStoreOp = d->stencilStoreOp,
         .initialLayout = d->initialLayout,
         .finalLayout = d->finalLayout,
      };
   }
#define CONVERT_REFS(count, src)                                                         \
   ({                                                                                    \
      VkAttachmentReference2 *first_ = refs;                                             \
      for (uint32_t i_ = 0; i_ < (count); i_++)                                          \
         *refs++ = (VkAttachmentReference2){                                             \
            .sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2,                           \
            .attachment = (src)[i_].attachment,                                          \
            .layout = (src)[i_].layout,                                                  \
         };                                                                              \
      (src) ? first_ : NULL;                                                             \
   })
   for (uint32_t s = 0; s < pCreateInfo->subpassCount; s++) {
      const VkSubpassDescription *d = &pCreateInfo->pSubpasses[s];
      subs[s] = (VkSubpassDescription2){
         .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
         .pipelineBindPoint = d->pipelineBindPoint,
         .viewMask = mv && s < mv->subpassCount ? mv->pViewMasks[s] : 0,
         .inputAttachmentCount = d->inputAttachmentCount,
         .colorAttachmentCount = d->colorAttachmentCount,
      };
      subs[s].pInputAttachments =
         CONVERT_REFS(d->inputAttachmentCount, d->pInputAttachments);
      subs[s].pColorAttachments =
         CONVERT_REFS(d->colorAttachmentCount, d->pColorAttachments);
      subs[s].pResolveAttachments =
         d->pResolveAttachments
            ? CONVERT_REFS(d->colorAttachmentCount, d->pResolveAttachments)
            : NULL;
      subs[s].pDepthStencilAttachment =
         d->pDepthStencilAttachment ? CONVERT_REFS(1, d->pDepthStencilAttachment) : NULL;
   }
#undef CONVERT_REFS
   for (uint32_t i = 0; i < pCreateInfo->dependencyCount; i++) {
      const VkSubpassDependency *d = &pCreateInfo->pDependencies[i];
      deps[i] = (VkSubpassDependency2){
         .sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2,
         .srcSubpass = d->srcSubpass,
         .dstSubpass = d->dstSubpass,
         .srcStageMask = d->srcStageMask,
         .dstStageMask = d->dstStageMask,
         .srcAccessMask = d->srcAccessMask,
         .dstAccessMask = d->dstAccessMask,
         .dependencyFlags = d->dependencyFlags,
         .viewOffset = mv && i < mv->dependencyCount ? mv->pViewOffsets[i] : 0,
      };
   }
   const VkRenderPassCreateInfo2 ci2 = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2,
      .flags = pCreateInfo->flags,
      .attachmentCount = pCreateInfo->attachmentCount,
      .pAttachments = atts,
      .subpassCount = pCreateInfo->subpassCount,
      .pSubpasses = subs,
      .dependencyCount = pCreateInfo->dependencyCount,
      .pDependencies = deps,
   };
   const VkResult r = nvk_CreateRenderPass2(_device, &ci2, pAllocator, pRenderPass);
   vk_free2(&dev->vk.alloc, pAllocator, mem);
   return r;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyRenderPass(VkDevice _device, VkRenderPass renderPass,
                      const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_render_pass, pass, renderPass);
   if (pass)
      vk_object_free(&dev->vk, pAllocator, pass);
}

/* Any render area is as fast as any other: the granularity is one pixel. */
VKAPI_ATTR void VKAPI_CALL
nvk_GetRenderAreaGranularity(VkDevice device, VkRenderPass renderPass,
                             VkExtent2D *pGranularity)
{
   *pGranularity = (VkExtent2D){1, 1};
}

bool
nvk_render_pass_subpass_state(VkRenderPass render_pass, uint32_t subpass,
                              struct vk_render_pass_state *out)
{
   VK_FROM_HANDLE(nvk_render_pass, pass, render_pass);
   memset(out, 0, sizeof(*out));
   if (!pass || subpass >= pass->subpass_count)
      return false;
   const struct nvk_subpass *sp = &pass->subpasses[subpass];
   out->view_mask = sp->view_mask;
   out->color_attachment_count = sp->color_count;
   for (uint32_t i = 0; i < sp->color_count; i++)
      out->color_formats[i] = sp->color[i] == VK_ATTACHMENT_UNUSED
                                 ? VK_FORMAT_UNDEFINED
                                 : pass->attachments[sp->color[i]].format;
   if (sp->depth_stencil != VK_ATTACHMENT_UNUSED) {
      const VkFormat f = pass->attachments[sp->depth_stencil].format;
      const VkImageAspectFlags aspects = nvk_format_aspects(nvk_format_to_kil(f));
      if (aspects & VK_IMAGE_ASPECT_DEPTH_BIT)
         out->depth_format = f;
      if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT)
         out->stencil_format = f;
   }
   return true;
}
