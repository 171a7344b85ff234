/* SPDX-License-Identifier: MIT */
/*
 * Render passes, dynamic rendering and draws through the loader, each image
 * compared with a reference computed here from the spec's rules:
 *
 *  - load ops (CLEAR inside the render area only, LOAD keeps), clears of
 *    attachments (rectangles, layers), an attachment's load op in the first
 *    subpass that uses it only;
 *  - the shared-edge fill rule: triangles sharing edges (a quad, a fan)
 *    add 1.0 per hit with additive blending, so a pixel hit twice or never
 *    shows (Vulkan 1.3, 28.7.1: a sample on an edge shared by two
 *    triangles is covered by exactly one of them);
 *  - smooth (barycentric) and flat (provoking vertex = first vertex)
 *    interpolation of a colour;
 *  - depth test and write;
 *  - indexed and indirect draws, dynamic viewport/scissor changed between
 *    draws;
 *  - the same scene through a render pass and through dynamic rendering.
 *
 * Pixels whose centre lies within 1/16 pixel of an edge are not compared
 * against the geometric reference (vertices snap to the sub-pixel grid);
 * the fill-rule tests check those too, by counting hits.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vkt.h"

#include "draw_flat_frag.h"
#include "draw_smooth_frag.h"
#include "draw_vert.h"

#define W 64
#define H 64
#define COLOR_FMT VK_FORMAT_R8G8B8A8_UNORM
#define DEPTH_FMT VK_FORMAT_D32_SFLOAT

struct vtx {
   float pos[4];
   float color[4];
};

/* Attachments of one test: a colour image and optionally a depth image,
 * both in GENERAL, with views. */
struct target {
   struct vkt_image color, depth;
   VkImageView color_view, depth_view;
   VkFormat color_format, depth_format;
   uint32_t layers;
};

static bool
make_view(struct vkt *t, const struct vkt_image *img, VkImageAspectFlags aspect,
          uint32_t layers, VkImageView *view)
{
   const VkImageViewCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = img->image,
      .viewType = layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D,
      .format = img->info.format,
      .subresourceRange = {aspect, 0, 1, 0, layers},
   };
   return VKT_CHECK(vkCreateImageView(t->dev, &ci, NULL, view));
}

static bool
target_create(struct vkt *t, VkFormat color_format, VkFormat depth_format, uint32_t layers,
              struct target *tg)
{
   memset(tg, 0, sizeof(*tg));
   tg->color_format = color_format;
   tg->depth_format = depth_format;
   tg->layers = layers;
   VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, color_format, VK_IMAGE_TILING_OPTIMAL,
                                         W, H, 1, 1, layers);
   ci.usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   if (!vkt_image_create(t, &ci, &tg->color) ||
       !vkt_image_to_general(t, &tg->color, VK_IMAGE_LAYOUT_UNDEFINED) ||
       !make_view(t, &tg->color, VK_IMAGE_ASPECT_COLOR_BIT, layers, &tg->color_view))
      return false;
   if (depth_format == VK_FORMAT_UNDEFINED)
      return true;
   ci = vkt_image_info(VK_IMAGE_TYPE_2D, depth_format, VK_IMAGE_TILING_OPTIMAL, W, H, 1, 1,
                       layers);
   ci.usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
   return vkt_image_create(t, &ci, &tg->depth) &&
          vkt_image_to_general(t, &tg->depth, VK_IMAGE_LAYOUT_UNDEFINED) &&
          make_view(t, &tg->depth, VK_IMAGE_ASPECT_DEPTH_BIT, layers, &tg->depth_view);
}

static void
target_destroy(struct vkt *t, struct target *tg)
{
   vkDestroyImageView(t->dev, tg->color_view, NULL);
   vkDestroyImageView(t->dev, tg->depth_view, NULL);
   if (tg->color.image)
      vkt_image_destroy(t, &tg->color);
   if (tg->depth.image)
      vkt_image_destroy(t, &tg->depth);
}

/* Everything before and after a render pass instance is ordered with it
 * (GENERAL layouts throughout). */
static const VkSubpassDependency external_deps[] = {
   {VK_SUBPASS_EXTERNAL, 0, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
    VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT, VK_ACCESS_MEMORY_WRITE_BIT,
    VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT, 0},
   {0, VK_SUBPASS_EXTERNAL, VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT,
    VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_ACCESS_MEMORY_WRITE_BIT,
    VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT, 0},
};

static VkAttachmentDescription
attachment(VkFormat format, VkAttachmentLoadOp load)
{
   return (VkAttachmentDescription){
      .format = format,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .loadOp = load,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
      .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
   };
}

/* One subpass: colour attachment 0, depth attachment 1 if the target has
 * one. */
static bool
make_pass(struct vkt *t, const struct target *tg, VkAttachmentLoadOp load, VkRenderPass *pass)
{
   const VkAttachmentDescription atts[2] = {attachment(tg->color_format, load),
                                            attachment(tg->depth_format, load)};
   const VkAttachmentReference color = {0, VK_IMAGE_LAYOUT_GENERAL};
   const VkAttachmentReference depth = {1, VK_IMAGE_LAYOUT_GENERAL};
   const bool has_depth = tg->depth_format != VK_FORMAT_UNDEFINED;
   const VkSubpassDescription sub = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
      .colorAttachmentCount = 1,
      .pColorAttachments = &color,
      .pDepthStencilAttachment = has_depth ? &depth : NULL,
   };
   const VkRenderPassCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .attachmentCount = has_depth ? 2 : 1,
      .pAttachments = atts,
      .subpassCount = 1,
      .pSubpasses = &sub,
      .dependencyCount = ARRAY_SIZE(external_deps),
      .pDependencies = external_deps,
   };
   return VKT_CHECK(vkCreateRenderPass(t->dev, &ci, NULL, pass));
}

static bool
make_fb(struct vkt *t, const struct target *tg, VkRenderPass pass, VkFramebuffer *fb)
{
   const VkImageView views[2] = {tg->color_view, tg->depth_view};
   const VkFramebufferCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
      .renderPass = pass,
      .attachmentCount = tg->depth_view ? 2 : 1,
      .pAttachments = views,
      .width = W,
      .height = H,
      .layers = tg->layers,
   };
   return VKT_CHECK(vkCreateFramebuffer(t->dev, &ci, NULL, fb));
}

static void
begin_pass(VkCommandBuffer cmd, VkRenderPass pass, VkFramebuffer fb, VkRect2D area,
           const VkClearValue *clears, uint32_t clear_count)
{
   const VkRenderPassBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
      .renderPass = pass,
      .framebuffer = fb,
      .renderArea = area,
      .clearValueCount = clear_count,
      .pClearValues = clears,
   };
   vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
}

static const VkRect2D full_area = {{0, 0}, {W, H}};

/* Colour (RGBA8) of layer `layer` of the target, W * H texels. */
static bool
read_color(struct vkt *t, const struct target *tg, uint32_t layer, void *out)
{
   return vkt_read_image(t, &tg->color, VK_IMAGE_ASPECT_COLOR_BIT, 0, layer, (VkOffset3D){0},
                         (VkExtent3D){W, H, 1}, out);
}

static bool
read_depth(struct vkt *t, const struct target *tg, float *out)
{
   return vkt_read_image(t, &tg->depth, VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, (VkOffset3D){0},
                         (VkExtent3D){W, H, 1}, out);
}

static uint32_t
rgba8(float r, float g, float b, float a)
{
   const float c[4] = {r, g, b, a};
   uint32_t v = 0;
   for (unsigned i = 0; i < 4; i++)
      v |= (uint32_t)lrintf(fminf(fmaxf(c[i], 0.0f), 1.0f) * 255.0f) << (8 * i);
   return v;
}

/* Compares W x H RGBA8 pixels with `want`, channel difference <= tol;
 * `skip` marks pixels not compared (NULL: none). Reports the first
 * mismatch and the count. */
static bool
check_rgba8(const char *what, const uint32_t *got, const uint32_t *want, const bool *skip,
            unsigned tol)
{
   unsigned bad = 0, first = 0;
   for (unsigned i = 0; i < W * H; i++) {
      if (skip && skip[i])
         continue;
      for (unsigned c = 0; c < 4; c++) {
         const int d = (int)((got[i] >> (8 * c)) & 0xff) - (int)((want[i] >> (8 * c)) & 0xff);
         if ((unsigned)abs(d) > tol) {
            if (bad++ == 0)
               first = i;
            break;
         }
      }
   }
   if (bad)
      return test_fail(__FILE__, __LINE__,
                       "%s: %u pixels differ; first (%u, %u): got 0x%08x, want 0x%08x", what,
                       bad, first % W, first / W, got[first], want[first]);
   return true;
}

TEST(load_op_clear_inside_render_area_only)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   struct target tg;
   VkRenderPass clear_pass = VK_NULL_HANDLE, load_pass = VK_NULL_HANDLE;
   VkFramebuffer fb = VK_NULL_HANDLE;
   if (!target_create(&t, COLOR_FMT, DEPTH_FMT, 1, &tg) ||
       !make_pass(&t, &tg, VK_ATTACHMENT_LOAD_OP_CLEAR, &clear_pass) ||
       !make_pass(&t, &tg, VK_ATTACHMENT_LOAD_OP_LOAD, &load_pass) ||
       !make_fb(&t, &tg, clear_pass, &fb))
      goto out;

   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   /* Before: blue, depth 0.25 everywhere. */
   const VkClearColorValue blue = {.float32 = {0, 0, 1, 1}};
   const VkImageSubresourceRange color_range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   const VkImageSubresourceRange depth_range = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, 1};
   vkCmdClearColorImage(cmd, tg.color.image, VK_IMAGE_LAYOUT_GENERAL, &blue, 1, &color_range);
   const VkClearDepthStencilValue quarter = {0.25f, 0};
   vkCmdClearDepthStencilImage(cmd, tg.depth.image, VK_IMAGE_LAYOUT_GENERAL, &quarter, 1,
                               &depth_range);
   vkt_cmd_barrier(cmd);
   /* A render pass instance over part of the framebuffer clears only its
    * render area (Vulkan 1.3, 8.4: load operations apply to the render
    * area). */
   const VkRect2D area = {{8, 16}, {20, 30}};
   const VkClearValue clears[2] = {{.color = {.float32 = {1, 0, 0, 1}}},
                                   {.depthStencil = {0.75f, 0}}};
   begin_pass(cmd, clear_pass, fb, area, clears, 2);
   vkCmdEndRenderPass(cmd);
   vkt_cmd_barrier(cmd);
   /* LOAD keeps everything; a clear of an attachment writes its rect. */
   begin_pass(cmd, load_pass, fb, full_area, NULL, 0);
   const VkClearAttachment ca[2] = {
      {VK_IMAGE_ASPECT_COLOR_BIT, 0, {.color = {.float32 = {0, 1, 0, 1}}}},
      {VK_IMAGE_ASPECT_DEPTH_BIT, 0, {.depthStencil = {0.5f, 0}}},
   };
   const VkClearRect rect = {{{40, 2}, {10, 5}}, 0, 1};
   vkCmdClearAttachments(cmd, 2, ca, 1, &rect);
   vkCmdEndRenderPass(cmd);
   vkt_cmd_barrier(cmd);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));

   uint32_t got[W * H], want[W * H];
   float depth[W * H];
   REQUIRE(read_color(&t, &tg, 0, got));
   REQUIRE(read_depth(&t, &tg, depth));
   unsigned depth_bad = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         const bool in_area = x >= 8 && x < 28 && y >= 16 && y < 46;
         const bool in_rect = x >= 40 && x < 50 && y >= 2 && y < 7;
         want[y * W + x] = in_rect   ? rgba8(0, 1, 0, 1)
                           : in_area ? rgba8(1, 0, 0, 1)
                                     : rgba8(0, 0, 1, 1);
         const float dw = in_rect ? 0.5f : in_area ? 0.75f : 0.25f;
         depth_bad += depth[y * W + x] != dw;
      }
   }
   check_rgba8("colour", got, want, NULL, 0);
   CHECK_EQ(depth_bad, 0);
out:
   vkDestroyFramebuffer(t.dev, fb, NULL);
   vkDestroyRenderPass(t.dev, clear_pass, NULL);
   vkDestroyRenderPass(t.dev, load_pass, NULL);
   target_destroy(&t, &tg);
   vkt_finish(&t);
}

/* A layered framebuffer: load ops clear every layer, a clear rectangle
 * only its layers. */
TEST(layered_clears)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   struct target tg;
   VkRenderPass pass = VK_NULL_HANDLE;
   VkFramebuffer fb = VK_NULL_HANDLE;
   if (!target_create(&t, COLOR_FMT, VK_FORMAT_UNDEFINED, 3, &tg) ||
       !make_pass(&t, &tg, VK_ATTACHMENT_LOAD_OP_CLEAR, &pass) || !make_fb(&t, &tg, pass, &fb))
      goto out;
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   const VkClearValue clear = {.color = {.float32 = {0.2f, 0.4f, 0.6f, 0.8f}}};
   begin_pass(cmd, pass, fb, full_area, &clear, 1);
   const VkClearAttachment ca = {VK_IMAGE_ASPECT_COLOR_BIT, 0,
                                 {.color = {.float32 = {1, 1, 0, 1}}}};
   const VkClearRect rect = {{{3, 5}, {7, 11}}, 1, 2}; /* layers 1 and 2 */
   vkCmdClearAttachments(cmd, 1, &ca, 1, &rect);
   vkCmdEndRenderPass(cmd);
   vkt_cmd_barrier(cmd);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   for (uint32_t layer = 0; layer < 3; layer++) {
      uint32_t got[W * H], want[W * H];
      REQUIRE(read_color(&t, &tg, layer, got));
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            want[y * W + x] = layer >= 1 && x >= 3 && x < 10 && y >= 5 && y < 16
                                 ? rgba8(1, 1, 0, 1)
                                 : rgba8(0.2f, 0.4f, 0.6f, 0.8f);
      check_rgba8(layer == 0 ? "layer 0" : layer == 1 ? "layer 1" : "layer 2", got, want, NULL,
                  0);
   }
out:
   vkDestroyFramebuffer(t.dev, fb, NULL);
   vkDestroyRenderPass(t.dev, pass, NULL);
   target_destroy(&t, &tg);
   vkt_finish(&t);
}

/* Vulkan 1.3, 8.1: an attachment's load op happens in the first subpass
 * that uses it. Attachment 0 (CLEAR) is the colour attachment of both
 * subpasses: what subpass 0 writes survives into subpass 1. Attachment 1
 * (CLEAR) is first used in subpass 1, and cleared there. */
TEST(load_op_in_first_subpass_only)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   struct target a, b;
   VkRenderPass pass = VK_NULL_HANDLE;
   VkFramebuffer fb = VK_NULL_HANDLE;
   memset(&b, 0, sizeof(b));
   if (!target_create(&t, COLOR_FMT, VK_FORMAT_UNDEFINED, 1, &a) ||
       !target_create(&t, COLOR_FMT, VK_FORMAT_UNDEFINED, 1, &b))
      goto out;
   const VkAttachmentDescription atts[2] = {attachment(COLOR_FMT, VK_ATTACHMENT_LOAD_OP_CLEAR),
                                            attachment(COLOR_FMT, VK_ATTACHMENT_LOAD_OP_CLEAR)};
   const VkAttachmentReference ref0 = {0, VK_IMAGE_LAYOUT_GENERAL};
   const VkAttachmentReference refs1[2] = {{0, VK_IMAGE_LAYOUT_GENERAL},
                                           {1, VK_IMAGE_LAYOUT_GENERAL}};
   const VkSubpassDescription subs[2] = {
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 1,
       .pColorAttachments = &ref0},
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 2,
       .pColorAttachments = refs1},
   };
   const VkSubpassDependency deps[3] = {
      external_deps[0],
      {0, 1, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
       VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
       VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, 0},
      {1, VK_SUBPASS_EXTERNAL, VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT,
       VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_ACCESS_MEMORY_WRITE_BIT,
       VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT, 0},
   };
   const VkRenderPassCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .attachmentCount = 2,
      .pAttachments = atts,
      .subpassCount = 2,
      .pSubpasses = subs,
      .dependencyCount = 3,
      .pDependencies = deps,
   };
   if (!VKT_CHECK(vkCreateRenderPass(t.dev, &ci, NULL, &pass)))
      goto out;
   const VkImageView views[2] = {a.color_view, b.color_view};
   const VkFramebufferCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
      .renderPass = pass,
      .attachmentCount = 2,
      .pAttachments = views,
      .width = W,
      .height = H,
      .layers = 1,
   };
   if (!VKT_CHECK(vkCreateFramebuffer(t.dev, &fci, NULL, &fb)))
      goto out;
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   const VkClearValue clears[2] = {{.color = {.float32 = {1, 0, 0, 1}}},
                                   {.color = {.float32 = {0, 0, 1, 1}}}};
   begin_pass(cmd, pass, fb, full_area, clears, 2);
   const VkClearAttachment ca = {VK_IMAGE_ASPECT_COLOR_BIT, 0,
                                 {.color = {.float32 = {0, 1, 0, 1}}}};
   const VkClearRect rect = {{{10, 10}, {4, 4}}, 0, 1};
   vkCmdClearAttachments(cmd, 1, &ca, 1, &rect);
   vkCmdNextSubpass(cmd, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdEndRenderPass(cmd);
   vkt_cmd_barrier(cmd);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   uint32_t got[W * H], want[W * H];
   REQUIRE(read_color(&t, &a, 0, got));
   for (int i = 0; i < W * H; i++) {
      const int x = i % W, y = i / W;
      want[i] = x >= 10 && x < 14 && y >= 10 && y < 14 ? rgba8(0, 1, 0, 1) : rgba8(1, 0, 0, 1);
   }
   check_rgba8("attachment 0", got, want, NULL, 0);
   REQUIRE(read_color(&t, &b, 0, got));
   for (int i = 0; i < W * H; i++)
      want[i] = rgba8(0, 0, 1, 1);
   check_rgba8("attachment 1", got, want, NULL, 0);
out:
   vkDestroyFramebuffer(t.dev, fb, NULL);
   vkDestroyRenderPass(t.dev, pass, NULL);
   target_destroy(&t, &a);
   target_destroy(&t, &b);
   vkt_finish(&t);
}
