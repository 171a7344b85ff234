/* SPDX-License-Identifier: MIT */
/*
 * Replaying renderings (nvk_rendering.h): load ops at the start, the
 * current attachments for draws and clears, resolves at the end, and the
 * flush points of the rasterizer's deferred work.
 */
#include <string.h>

#include "nvk_cmd_exec.h"
#include "nvk_cmd_image.h"
#include "nvk_format.h"
#include "nvk_image.h"
#include "nvk_image_view.h"
#include "nvk_rendering.h"

void
nvk_exec_flush_rendering(struct nvk_exec *ex)
{
   nvk_draw_flush(ex);
}

void
nvk_exec_flush(struct nvk_exec *ex, const void *payload)
{
   nvk_exec_flush_rendering(ex);
}

/* Host view of an attachment; false after a fault (unbound memory). */
static bool
map_attachment(struct nvk_exec *ex, const struct nvk_image_view *view,
               struct nvk_exec_attachment *att)
{
   memset(att, 0, sizeof(*att));
   if (!view)
      return true;
   const struct nvk_cmd_image img = nvk_cmd_image(view->image);
   att->map = nvk_exec_map_image(ex, &img);
   if (!att->map)
      return false;
   att->image = view->image;
   att->format = nvk_format_to_kil(view->vk_format);
   att->level = view->base_level;
   att->base_layer = view->base_layer;
   return true;
}

static void
clear_attachment(struct nvk_exec *ex, const struct nvk_exec_rendering *r,
                 const struct nvk_exec_attachment *att, VkImageAspectFlags aspect,
                 const VkClearValue *value, VkRect2D rect, uint32_t base_layer,
                 uint32_t layer_count)
{
   if (!att->image)
      return;
   uint8_t texel[16] = {0};
   if (aspect & VK_IMAGE_ASPECT_COLOR_BIT)
      nvk_pack_clear_color(att->format, &value->color, texel);
   else
      nvk_pack_clear_depth_stencil(att->format, aspect, &value->depthStencil, texel);
   /* The view's format may differ from the image's in layout-compatible
    * ways only: the element packed for the view is the image's element. */
   const uint32_t end = nvk_rendering_layer_end(r->view_mask, base_layer + layer_count);
   for (uint32_t l = base_layer; l < end; l++) {
      if (!nvk_rendering_has_layer(r->view_mask, l))
         continue;
      nvk_clear_rect(ex, att->image, att->map, aspect, att->level, att->base_layer + l,
                     rect, texel);
   }
}

static void
load_attachment(struct nvk_exec *ex, const struct nvk_exec_rendering *r,
                const struct nvk_exec_attachment *att,
                const struct nvk_rendering_attachment *ra, VkImageAspectFlags aspect)
{
   /* LOAD keeps the contents; DONT_CARE and NONE leave them undefined,
    * which the old contents are. */
   if (ra->load_op == VK_ATTACHMENT_LOAD_OP_CLEAR)
      clear_attachment(ex, r, att, aspect, &ra->clear, r->area, 0, r->layer_count);
}

void
nvk_exec_begin_rendering(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_begin_rendering *p = payload;
   struct nvk_exec_rendering *r = &ex->gfx.rendering;
   nvk_exec_flush_rendering(ex);
   memset(r, 0, sizeof(*r));
   r->area = p->area;
   r->layer_count = p->layer_count;
   r->view_mask = p->view_mask;
   r->color_count = p->color_count;
   r->begin = p;
   for (uint32_t i = 0; i < p->color_count; i++) {
      if (!map_attachment(ex, p->color[i].view, &r->color[i]))
         return;
   }
   if (!map_attachment(ex, p->depth.view, &r->depth) ||
       !map_attachment(ex, p->stencil.view, &r->stencil))
      return;
   r->active = true;
   for (uint32_t i = 0; i < p->color_count; i++)
      load_attachment(ex, r, &r->color[i], &p->color[i], VK_IMAGE_ASPECT_COLOR_BIT);
   load_attachment(ex, r, &r->depth, &p->depth, VK_IMAGE_ASPECT_DEPTH_BIT);
   load_attachment(ex, r, &r->stencil, &p->stencil, VK_IMAGE_ASPECT_STENCIL_BIT);
}

static void
resolve_attachment(struct nvk_exec *ex, const struct nvk_exec_rendering *r,
                   const struct nvk_exec_attachment *att,
                   const struct nvk_rendering_attachment *ra, VkImageAspectFlags aspect)
{
   if (!att->image || ra->resolve_mode == VK_RESOLVE_MODE_NONE || !ra->resolve_view)
      return;
   struct nvk_exec_attachment dst;
   if (!map_attachment(ex, ra->resolve_view, &dst))
      return;
   const uint32_t end = nvk_rendering_layer_end(r->view_mask, r->layer_count);
   for (uint32_t l = 0; l < end && !ex->faulted; l++) {
      if (!nvk_rendering_has_layer(r->view_mask, l))
         continue;
      nvk_resolve_rect(ex, att->image, att->map, att->level, att->base_layer + l,
                       dst.image, dst.map, dst.level, dst.base_layer + l, aspect,
                       ra->resolve_mode, r->area);
   }
}

void
nvk_exec_end_rendering(struct nvk_exec *ex, const void *payload)
{
   struct nvk_exec_rendering *r = &ex->gfx.rendering;
   nvk_exec_flush_rendering(ex);
   if (r->active && !r->begin->suspending) {
      const struct nvk_cmd_begin_rendering *b = r->begin;
      for (uint32_t i = 0; i < r->color_count; i++)
         resolve_attachment(ex, r, &r->color[i], &b->color[i], VK_IMAGE_ASPECT_COLOR_BIT);
      resolve_attachment(ex, r, &r->depth, &b->depth, VK_IMAGE_ASPECT_DEPTH_BIT);
      resolve_attachment(ex, r, &r->stencil, &b->stencil, VK_IMAGE_ASPECT_STENCIL_BIT);
   }
   memset(r, 0, sizeof(*r));
}

void
nvk_exec_clear_attachments(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_clear_attachments *p = payload;
   const struct nvk_exec_rendering *r = &ex->gfx.rendering;
   /* Clears are ordered with the draws around them (Vulkan 1.3, 18.2). */
   nvk_exec_flush_rendering(ex);
   if (!r->active) {
      nvk_exec_fault(ex, "vkCmdClearAttachments outside a render pass instance");
      return;
   }
   if (ex->discard_rendering)
      return; /* VK_EXT_conditional_rendering */
   const struct nvk_clear_attachment *a = (const void *)p->data;
   const VkClearRect *rects = (const void *)(a + p->attachment_count);
   for (uint32_t i = 0; i < p->attachment_count; i++) {
      for (uint32_t j = 0; j < p->rect_count; j++) {
         const VkClearRect *cr = &rects[j];
         /* With multiview, the rectangle's layers are 0, 1 and the view
          * mask picks the layers. */
         const uint32_t base = r->view_mask ? 0 : cr->baseArrayLayer;
         const uint32_t count = r->view_mask ? r->layer_count : cr->layerCount;
         if (a[i].aspects & VK_IMAGE_ASPECT_COLOR_BIT) {
            if (a[i].color < r->color_count)
               clear_attachment(ex, r, &r->color[a[i].color], VK_IMAGE_ASPECT_COLOR_BIT,
                                &a[i].value, cr->rect, base, count);
            continue;
         }
         if (a[i].aspects & VK_IMAGE_ASPECT_DEPTH_BIT)
            clear_attachment(ex, r, &r->depth, VK_IMAGE_ASPECT_DEPTH_BIT, &a[i].value,
                             cr->rect, base, count);
         if (a[i].aspects & VK_IMAGE_ASPECT_STENCIL_BIT)
            clear_attachment(ex, r, &r->stencil, VK_IMAGE_ASPECT_STENCIL_BIT, &a[i].value,
                             cr->rect, base, count);
      }
   }
}
