/* SPDX-License-Identifier: MIT */
/*
 * "Rendering": one render pass instance of dynamic rendering or one subpass
 * of a VkRenderPass, the single internal form both take
 * (nvk_cmd_rendering.c records it, nvk_exec_rendering.c replays it).
 *
 * BEGIN_RENDERING applies the attachments' load ops inside the render area
 * and makes them the executor's current attachments; draws and
 * vkCmdClearAttachments render to those; END_RENDERING flushes the
 * rasterizer and resolves. Store ops need no work: memory is the
 * attachment, and DONT_CARE/NONE leave contents that the spec calls
 * undefined anyway.
 */
#ifndef NVK_RENDERING_H
#define NVK_RENDERING_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "layout/kil_format.h"

#define NVK_MAX_RTS 8 /* maxColorAttachments */

struct nvk_exec;
struct nvk_image;
struct nvk_image_view;

struct nvk_rendering_attachment {
   const struct nvk_image_view *view; /* NULL: no attachment */
   VkAttachmentLoadOp load_op;
   VkClearValue clear;
   VkResolveModeFlagBits resolve_mode; /* NONE: no resolve */
   const struct nvk_image_view *resolve_view;
};

struct nvk_cmd_begin_rendering {
   VkRect2D area;
   uint32_t layer_count;
   uint32_t view_mask; /* multiview: the layers rendered, instead of layer_count */
   uint32_t color_count;
   bool suspending; /* resolves wait for the instance that resumes it */
   struct nvk_rendering_attachment color[NVK_MAX_RTS];
   struct nvk_rendering_attachment depth, stencil;
};

struct nvk_cmd_end_rendering {
   uint64_t pad;
};

/* vkCmdClearAttachments: indices into the current rendering's attachments,
 * resolved at replay (a secondary command buffer does not know the views). */
struct nvk_clear_attachment {
   VkImageAspectFlags aspects;
   uint32_t color; /* attachment index for COLOR */
   VkClearValue value;
};

struct nvk_cmd_clear_attachments {
   uint32_t attachment_count;
   uint32_t rect_count;
   /* attachment_count nvk_clear_attachment, then rect_count VkClearRect */
   _Alignas(8) uint8_t data[];
};

/* A barrier, an event, a query end or a command buffer boundary that the
 * rasterizer's deferred work must be finished before (nvk_cmd_exec.h). */
struct nvk_cmd_flush {
   uint64_t pad;
};

/* One attachment as the draw path sees it: a host pointer to its image
 * memory at replay, the level and first layer of its view. */
struct nvk_exec_attachment {
   const struct nvk_image *image;
   uint8_t *map; /* the image's memory (nvk_exec_map_image) */
   enum kil_format format;
   uint32_t level, base_layer;
};

/* The executor's current rendering (nvk_exec::rendering). */
struct nvk_exec_rendering {
   bool active;
   VkRect2D area;
   uint32_t layer_count;
   uint32_t view_mask;
   uint32_t color_count;
   struct nvk_exec_attachment color[NVK_MAX_RTS];
   struct nvk_exec_attachment depth, stencil;   /* image NULL: none */
   const struct nvk_cmd_begin_rendering *begin; /* resolves at the end */
};

/* The layers a rendering writes, relative to its views' first layer: the
 * view mask's bits with multiview, 0 .. layer_count - 1 otherwise. Loop
 * l < nvk_rendering_layer_end() and skip !nvk_rendering_has_layer(). */
static inline uint32_t
nvk_rendering_layer_end(uint32_t view_mask, uint32_t layer_count)
{
   return view_mask ? 32 - (uint32_t)__builtin_clz(view_mask) : layer_count;
}

static inline bool
nvk_rendering_has_layer(uint32_t view_mask, uint32_t l)
{
   return !view_mask || (view_mask >> l & 1);
}

/* Finishes the rasterizer's deferred work, if any (a no-op otherwise). */
void nvk_exec_flush_rendering(struct nvk_exec *ex);

#endif /* NVK_RENDERING_H */
