/* SPDX-License-Identifier: MIT */
/*
 * VkRenderPass: attachments and subpasses, kept in the shape of the *2
 * create info (vkCreateRenderPass's are converted). A subpass runs as one
 * "rendering" of the executor (nvk_rendering.h), the same state dynamic
 * rendering uses: vkCmdBeginRenderPass and vkCmdNextSubpass begin one per
 * subpass, with each attachment's loadOp applied in the first subpass that
 * uses it and LOAD elsewhere, and resolves done at the end of the subpass.
 */
#ifndef NVK_RENDER_PASS_H
#define NVK_RENDER_PASS_H

#include "nvk_rendering.h"
#include "vk_object.h"

struct nvk_device;

struct nvk_render_pass_attachment {
   VkFormat format;
   VkSampleCountFlagBits samples;
   VkAttachmentLoadOp load_op, stencil_load_op;
   VkAttachmentStoreOp store_op, stencil_store_op;
   /* The subpasses that use it first and last (UINT32_MAX: none). */
   uint32_t first_subpass, last_subpass;
};

struct nvk_subpass {
   uint32_t view_mask;
   uint32_t color_count;
   /* Attachment indices, VK_ATTACHMENT_UNUSED where unused. */
   uint32_t color[NVK_MAX_RTS];
   uint32_t color_resolve[NVK_MAX_RTS];
   uint32_t depth_stencil;
   uint32_t depth_stencil_resolve;
   VkResolveModeFlagBits depth_resolve_mode, stencil_resolve_mode;
   uint32_t input_count;
   uint32_t *input; /* attachment indices (into the pass's allocation) */
   /* A dependency of the subpass on itself exists (barriers inside it are
    * allowed: they flush the rasterizer). */
   bool self_dependency;
};

struct nvk_render_pass {
   struct vk_object_base base;
   uint32_t attachment_count;
   struct nvk_render_pass_attachment *attachments;
   uint32_t subpass_count;
   struct nvk_subpass *subpasses;
   uint32_t dependency_count;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_render_pass, base, VkRenderPass,
                               VK_OBJECT_TYPE_RENDER_PASS)

struct vk_render_pass_state;

/* The subpass of a VkRenderPass as graphics state sees it (attachment
 * formats, view mask), for pipelines created against it. False for a
 * subpass the pass does not have. */
bool nvk_render_pass_subpass_state(VkRenderPass render_pass, uint32_t subpass,
                                   struct vk_render_pass_state *out);

#endif /* NVK_RENDER_PASS_H */
