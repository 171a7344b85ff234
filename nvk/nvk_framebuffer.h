/* SPDX-License-Identifier: MIT */
/*
 * VkFramebuffer: the image views a render pass instance renders to, or for
 * an imageless framebuffer (VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT) only their
 * count: the views then come with vkCmdBeginRenderPass
 * (VkRenderPassAttachmentBeginInfo).
 */
#ifndef NVK_FRAMEBUFFER_H
#define NVK_FRAMEBUFFER_H

#include "vk_object.h"

struct nvk_image_view;

struct nvk_framebuffer {
   struct vk_object_base base;
   uint32_t width, height, layers;
   bool imageless;
   uint32_t attachment_count;
   struct nvk_image_view *attachments[]; /* NULL when imageless */
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_framebuffer, base, VkFramebuffer,
                               VK_OBJECT_TYPE_FRAMEBUFFER)

#endif /* NVK_FRAMEBUFFER_H */
