/* SPDX-License-Identifier: MIT */
/*
 * vk_draw_bench: drawing speed of kiln and lavapipe in one run.
 *
 *    build/conformance/bench/vulkan/vk_draw_bench [W [H [LAYERS [CELL [REPS [ROUNDS]]]]]]
 *
 * For each driver (kiln from the build tree, lavapipe when installed), in a
 * child process of its own so the loader sees one driver, into a W x H
 * (default 1024 x 768) R8G8B8A8_UNORM OPTIMAL colour attachment cleared by
 * its render pass:
 *    small tris     an indexed grid of CELL x CELL pixel cells (default 4),
 *                   two triangles each, covering the image once, flat
 *                   colour: Mtri/s (triangle setup rate)
 *    fill flat      LAYERS (default 8) full-image quads (one instanced
 *                   draw), a flat per-instance colour: Mpix/s of LAYERS x W x H
 *    fill smooth    the same, a colour interpolated over the image
 *    fill textured  the same, a bilinear sample of a 256x256 RGBA8 texture
 *    fill depth     flat, D32 depth test LESS + write: even layers come
 *                   nearer each time, odd ones lie behind and fail
 *    fill blend     flat with alpha 0.5, SRC_ALPHA / ONE_MINUS_SRC_ALPHA
 *    fill msaa4x    flat into 4 samples, resolved by the render pass (where
 *                   the device has 4x colour attachments; skipped otherwise)
 * each the best of REPS (default 5) submit + wait of one prerecorded command
 * buffer (render pass with its clear, the draw) after a warm-up. The
 * drivers take turns for ROUNDS rounds (default 3) and each keeps its best,
 * so load from other processes on a shared machine hurts both alike. Each
 * figure's image is read back after its timing and compared with a
 * reference computed here (tolerance 1/255, 3/255 for texturing and
 * blending, where drivers may round differently): a wrong image prints `!`
 * and the exit status is 1.
 *
 * Environment:
 *    VK_DRAW_BENCH_ONLY=tris,flat,...  the figures whose names contain one
 *                                       of these (for profiling)
 *    VK_DRAW_BENCH_THREADS=1,2,4       run every figure at each worker
 *                                       thread count (KILN_THREADS for kiln,
 *                                       LP_NUM_THREADS for lavapipe) and print
 *                                       a scaling table
 *    VK_DRAW_BENCH_KILN_ICD, VK_DRAW_BENCH_LVP_ICD
 *                                       the drivers' manifests (default: the
 *                                       build tree's kiln, the system's
 *                                       lavapipe; "none" skips one)
 * Not a test: numbers depend on the machine (docs/performance.md keeps
 * measured ones). conformance/bench/scaling.sh runs the thread scaling.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vulkan/vulkan.h>

#include "bench_vk.h"
#include "draw_flat_frag.h"
#include "draw_smooth_frag.h"
#include "draw_tex_frag.h"
#include "draw_vert.h"
#include "util/os.h"

enum { B_TRIS, B_FLAT, B_SMOOTH, B_TEX, B_DEPTH, B_BLEND, B_MSAA4, B_COUNT };
static const char *const names[B_COUNT] = {
   "small tris", "fill flat", "fill smooth", "fill textured",
   "fill depth", "fill blend", "fill msaa4x"};
static const char *const units[B_COUNT] = {"Mtri/s", "Mpix/s", "Mpix/s", "Mpix/s",
                                           "Mpix/s", "Mpix/s", "Mpix/s"};

#define TEX_SIZE   256
#define COLOR_FMT  VK_FORMAT_R8G8B8A8_UNORM
#define DEPTH_FMT  VK_FORMAT_D32_SFLOAT
#define MAX_THREAD_COUNTS 16

struct params {
   uint32_t w, h, layers, cell_px, reps;
};

struct result {
   bool ran;
   bool ok[B_COUNT];
   bool skipped[B_COUNT];
   double value[B_COUNT];
   char device[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
};

#define VK(x)                                                                            \
   do {                                                                                  \
      VkResult r_ = (x);                                                                 \
      if (r_ != VK_SUCCESS) {                                                            \
         fprintf(stderr, "vk_draw_bench: %s: %d\n", #x, (int)r_);                        \
         return false;                                                                   \
      }                                                                                  \
   } while (0)

struct image {
   VkImage image;
   VkDeviceMemory memory;
   VkImageView view;
};

/* What every figure of one driver shares. */
struct ctx {
   struct bench_vk vk;
   struct params p;
   struct bench_vk_buffer quad_vb, quad_ib, grid_vb, grid_ib, readback;
   uint32_t grid_index_count;
   struct image tex;
   VkSampler sampler;
   VkShaderModule vs, fs_flat, fs_smooth, fs_tex;
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout layout;
   VkDescriptorPool dpool;
   VkDescriptorSet set;
};

static bool
image_create(struct ctx *c, uint32_t w, uint32_t h, VkFormat format,
             VkSampleCountFlagBits samples, VkImageUsageFlags usage, struct image *img)
{
   VK(vkCreateImage(c->vk.dev,
                    &(VkImageCreateInfo){
                       .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                       .imageType = VK_IMAGE_TYPE_2D,
                       .format = format,
                       .extent = {w, h, 1},
                       .mipLevels = 1,
                       .arrayLayers = 1,
                       .samples = samples,
                       .tiling = VK_IMAGE_TILING_OPTIMAL,
                       .usage = usage},
                    NULL, &img->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->vk.dev, img->image, &req);
   const uint32_t type = bench_vk_mem_type(&c->vk, req.memoryTypeBits, 0);
   if (type == UINT32_MAX)
      return false;
   VK(vkAllocateMemory(c->vk.dev,
                       &(VkMemoryAllocateInfo){.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                               .allocationSize = req.size,
                                               .memoryTypeIndex = type},
                       NULL, &img->memory));
   VK(vkBindImageMemory(c->vk.dev, img->image, img->memory, 0));
   const VkImageAspectFlags aspect =
      format == DEPTH_FMT ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
   VK(vkCreateImageView(c->vk.dev,
                        &(VkImageViewCreateInfo){
                           .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                           .image = img->image,
                           .viewType = VK_IMAGE_VIEW_TYPE_2D,
                           .format = format,
                           .subresourceRange = {aspect, 0, 1, 0, 1}},
                        NULL, &img->view));
   return true;
}

static void
image_destroy(struct ctx *c, struct image *img)
{
   if (img->view)
      vkDestroyImageView(c->vk.dev, img->view, NULL);
   if (img->image)
      vkDestroyImage(c->vk.dev, img->image, NULL);
   if (img->memory)
      vkFreeMemory(c->vk.dev, img->memory, NULL);
}

/* Submits cmd once and waits; the best of `reps` more when timing.
 * Returns nanoseconds (of the best timed run; 1 when untimed), 0 on failure. */
static uint64_t
submit(struct ctx *c, VkCommandBuffer cmd, uint32_t reps)
{
   VkFence fence;
   if (vkCreateFence(c->vk.dev, &(VkFenceCreateInfo){.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO},
                     NULL, &fence) != VK_SUCCESS)
      return 0;
   uint64_t best = reps ? UINT64_MAX : 1;
   for (uint32_t i = 0; i <= reps; i++) {
      const uint64_t t0 = util_time_ns();
      if (vkQueueSubmit(c->vk.queue, 1,
                        &(VkSubmitInfo){.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                                        .commandBufferCount = 1,
                                        .pCommandBuffers = &cmd},
                        fence) != VK_SUCCESS ||
          vkWaitForFences(c->vk.dev, 1, &fence, VK_TRUE, UINT64_MAX) != VK_SUCCESS) {
         best = 0;
         break;
      }
      const uint64_t t = util_time_ns() - t0;
      vkResetFences(c->vk.dev, 1, &fence);
      if (i > 0 && t < best)
         best = t; /* run 0 is the warm-up */
   }
   vkDestroyFence(c->vk.dev, fence, NULL);
   return best == UINT64_MAX ? 0 : best;
}

static bool
shader_create(struct ctx *c, const uint32_t *spirv, size_t size, VkShaderModule *m)
{
   VK(vkCreateShaderModule(c->vk.dev,
                           &(VkShaderModuleCreateInfo){
                              .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                              .codeSize = size,
                              .pCode = spirv},
                           NULL, m));
   return true;
}

/* The texture's texels: red and blue ramps, a green 8-texel checker (so a
 * wrong filter or wrong coordinates show). */
static void
tex_texel(uint32_t x, uint32_t y, float rgba[4])
{
   rgba[0] = (float)x / 255.0f;
   rgba[1] = ((x >> 3) ^ (y >> 3)) & 1 ? 1.0f : 0.0f;
   rgba[2] = (float)y / 255.0f;
   rgba[3] = 1.0f;
}

static bool
texture_create(struct ctx *c)
{
   if (!image_create(c, TEX_SIZE, TEX_SIZE, COLOR_FMT, VK_SAMPLE_COUNT_1_BIT,
                     VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, &c->tex))
      return false;
   struct bench_vk_buffer staging = {0};
   if (!bench_vk_buffer_create(&c->vk, TEX_SIZE * TEX_SIZE * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &staging))
      return false;
   uint8_t *texels = staging.map;
   for (uint32_t y = 0; y < TEX_SIZE; y++) {
      for (uint32_t x = 0; x < TEX_SIZE; x++) {
         float t[4];
         tex_texel(x, y, t);
         for (unsigned i = 0; i < 4; i++)
            texels[(y * TEX_SIZE + x) * 4 + i] = (uint8_t)lrintf(t[i] * 255.0f);
      }
   }
   const VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = c->tex.image,
      .subresourceRange = range,
   };
   VkCommandBuffer cmd = bench_vk_cmd_begin(&c->vk);
   if (!cmd)
      return false;
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                        0, NULL, 0, NULL, 1, &b);
   vkCmdCopyBufferToImage(cmd, staging.buffer, c->tex.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                          1,
                          &(VkBufferImageCopy){
                             .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                             .imageExtent = {TEX_SIZE, TEX_SIZE, 1}});
   b.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
   b.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
   b.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
   b.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
                        0, 0, NULL, 0, NULL, 1, &b);
   vkEndCommandBuffer(cmd);
   const bool ok = submit(c, cmd, 0) != 0;
   vkFreeCommandBuffers(c->vk.dev, c->vk.pool, 1, &cmd);
   bench_vk_buffer_destroy(&c->vk, &staging);
   if (!ok)
      return false;
   VK(vkCreateSampler(c->vk.dev,
                      &(VkSamplerCreateInfo){
                         .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                         .magFilter = VK_FILTER_LINEAR,
                         .minFilter = VK_FILTER_LINEAR,
                         .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
                         .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                         .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                         .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                         .maxLod = 0.0f},
                      NULL, &c->sampler));
   return true;
}

/* Geometry, shaders, the texture and the one descriptor set. */
static bool
ctx_init(struct ctx *c)
{
   const struct params *p = &c->p;
   /* The full-image quad: two triangles, shared diagonal. */
   static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   static const uint32_t quad_idx[] = {0, 1, 2, 2, 1, 3};
   if (!bench_vk_buffer_create(&c->vk, sizeof(quad), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &c->quad_vb) ||
       !bench_vk_buffer_create(&c->vk, sizeof(quad_idx), VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &c->quad_ib))
      return false;
   memcpy(c->quad_vb.map, quad, sizeof(quad));
   memcpy(c->quad_ib.map, quad_idx, sizeof(quad_idx));

   /* The grid: (cols + 1) x (rows + 1) vertices on pixel corners. */
   const uint32_t cols = p->w / p->cell_px, rows = p->h / p->cell_px;
   c->grid_index_count = cols * rows * 6;
   if (!bench_vk_buffer_create(&c->vk, (VkDeviceSize)(cols + 1) * (rows + 1) * 8,
                      VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &c->grid_vb) ||
       !bench_vk_buffer_create(&c->vk, (VkDeviceSize)c->grid_index_count * 4,
                      VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &c->grid_ib))
      return false;
   float *gv = c->grid_vb.map;
   for (uint32_t y = 0; y <= rows; y++) {
      for (uint32_t x = 0; x <= cols; x++) {
         gv[(y * (cols + 1) + x) * 2 + 0] = 2.0f * (float)(x * p->cell_px) / (float)p->w - 1;
         gv[(y * (cols + 1) + x) * 2 + 1] = 2.0f * (float)(y * p->cell_px) / (float)p->h - 1;
      }
   }
   uint32_t *gi = c->grid_ib.map;
   for (uint32_t y = 0; y < rows; y++) {
      for (uint32_t x = 0; x < cols; x++) {
         const uint32_t v = y * (cols + 1) + x, n = cols + 1;
         const uint32_t cell[6] = {v, v + 1, v + n, v + n, v + 1, v + n + 1};
         memcpy(gi, cell, sizeof(cell));
         gi += 6;
      }
   }
   if (!bench_vk_buffer_create(&c->vk, (VkDeviceSize)p->w * p->h * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                      &c->readback))
      return false;

   if (!shader_create(c, draw_vert_spv, sizeof(draw_vert_spv), &c->vs) ||
       !shader_create(c, draw_flat_frag_spv, sizeof(draw_flat_frag_spv), &c->fs_flat) ||
       !shader_create(c, draw_smooth_frag_spv, sizeof(draw_smooth_frag_spv), &c->fs_smooth) ||
       !shader_create(c, draw_tex_frag_spv, sizeof(draw_tex_frag_spv), &c->fs_tex) ||
       !texture_create(c))
      return false;

   VK(vkCreateDescriptorSetLayout(
      c->vk.dev,
      &(VkDescriptorSetLayoutCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
         .bindingCount = 1,
         .pBindings = &(VkDescriptorSetLayoutBinding){
            0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT,
            NULL}},
      NULL, &c->set_layout));
   VK(vkCreatePipelineLayout(c->vk.dev,
                             &(VkPipelineLayoutCreateInfo){
                                .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                .setLayoutCount = 1,
                                .pSetLayouts = &c->set_layout},
                             NULL, &c->layout));
   VK(vkCreateDescriptorPool(
      c->vk.dev,
      &(VkDescriptorPoolCreateInfo){
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
         .maxSets = 1,
         .poolSizeCount = 1,
         .pPoolSizes = &(VkDescriptorPoolSize){VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1}},
      NULL, &c->dpool));
   VK(vkAllocateDescriptorSets(c->vk.dev,
                               &(VkDescriptorSetAllocateInfo){
                                  .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                  .descriptorPool = c->dpool,
                                  .descriptorSetCount = 1,
                                  .pSetLayouts = &c->set_layout},
                               &c->set));
   vkUpdateDescriptorSets(
      c->vk.dev, 1,
      &(VkWriteDescriptorSet){
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = c->set,
         .descriptorCount = 1,
         .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
         .pImageInfo = &(VkDescriptorImageInfo){c->sampler, c->tex.view,
                                                VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL}},
      0, NULL);
   return true;
}

static void
ctx_finish(struct ctx *c)
{
   if (!c->vk.dev)
      return;
   vkDestroyDescriptorPool(c->vk.dev, c->dpool, NULL);
   vkDestroyPipelineLayout(c->vk.dev, c->layout, NULL);
   vkDestroyDescriptorSetLayout(c->vk.dev, c->set_layout, NULL);
   vkDestroySampler(c->vk.dev, c->sampler, NULL);
   vkDestroyShaderModule(c->vk.dev, c->vs, NULL);
   vkDestroyShaderModule(c->vk.dev, c->fs_flat, NULL);
   vkDestroyShaderModule(c->vk.dev, c->fs_smooth, NULL);
   vkDestroyShaderModule(c->vk.dev, c->fs_tex, NULL);
   image_destroy(c, &c->tex);
   bench_vk_buffer_destroy(&c->vk, &c->quad_vb);
   bench_vk_buffer_destroy(&c->vk, &c->quad_ib);
   bench_vk_buffer_destroy(&c->vk, &c->grid_vb);
   bench_vk_buffer_destroy(&c->vk, &c->grid_ib);
   bench_vk_buffer_destroy(&c->vk, &c->readback);
}

/* One figure's render pass, framebuffer and pipeline. */
struct pass {
   bool depth, blend;
   VkSampleCountFlagBits samples;
   VkShaderModule fs;
   struct image color, resolve, zbuf;
   VkRenderPass rp;
   VkFramebuffer fb;
   VkPipeline pipeline;
};

static bool
pass_create(struct ctx *c, struct pass *ps)
{
   const struct params *p = &c->p;
   const bool msaa = ps->samples != VK_SAMPLE_COUNT_1_BIT;
   /* Attachments: colour, then resolve (MSAA), then depth. The image read
    * back (single-sampled) ends in TRANSFER_SRC_OPTIMAL. */
   VkAttachmentDescription att[3];
   VkImageView views[3];
   uint32_t n = 0;
   att[n] = (VkAttachmentDescription){
      .format = COLOR_FMT,
      .samples = ps->samples,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
      .storeOp = msaa ? VK_ATTACHMENT_STORE_OP_DONT_CARE : VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .finalLayout = msaa ? VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL
                          : VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
   };
   const VkImageUsageFlags color_usage =
      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
   if (!image_create(c, p->w, p->h, COLOR_FMT, ps->samples, color_usage, &ps->color))
      return false;
   views[n++] = ps->color.view;
   if (msaa) {
      att[n] = att[0];
      att[n].samples = VK_SAMPLE_COUNT_1_BIT;
      att[n].loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
      att[n].storeOp = VK_ATTACHMENT_STORE_OP_STORE;
      att[n].finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
      if (!image_create(c, p->w, p->h, COLOR_FMT, VK_SAMPLE_COUNT_1_BIT, color_usage,
                        &ps->resolve))
         return false;
      views[n++] = ps->resolve.view;
   }
   const uint32_t depth_index = n;
   if (ps->depth) {
      att[n] = (VkAttachmentDescription){
         .format = DEPTH_FMT,
         .samples = ps->samples,
         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
         .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
         .finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
      };
      if (!image_create(c, p->w, p->h, DEPTH_FMT, ps->samples,
                        VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, &ps->zbuf))
         return false;
      views[n++] = ps->zbuf.view;
   }
   const VkAttachmentReference color_ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
   const VkAttachmentReference resolve_ref = {1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
   const VkAttachmentReference depth_ref = {depth_index,
                                            VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL};
   /* Ordered after the previous submission's read back and before the
    * next one (Vulkan 1.3, 8.1: dependencies with VK_SUBPASS_EXTERNAL). */
   const VkSubpassDependency deps[2] = {
      {VK_SUBPASS_EXTERNAL, 0, VK_PIPELINE_STAGE_TRANSFER_BIT,
       VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_TRANSFER_READ_BIT,
       VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, 0},
      {0, VK_SUBPASS_EXTERNAL, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
       VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
       VK_ACCESS_TRANSFER_READ_BIT, 0},
   };
   VK(vkCreateRenderPass(c->vk.dev,
                         &(VkRenderPassCreateInfo){
                            .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                            .attachmentCount = n,
                            .pAttachments = att,
                            .subpassCount = 1,
                            .pSubpasses =
                               &(VkSubpassDescription){
                                  .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                  .colorAttachmentCount = 1,
                                  .pColorAttachments = &color_ref,
                                  .pResolveAttachments = msaa ? &resolve_ref : NULL,
                                  .pDepthStencilAttachment = ps->depth ? &depth_ref : NULL,
                               },
                            .dependencyCount = 2,
                            .pDependencies = deps},
                         NULL, &ps->rp));
   VK(vkCreateFramebuffer(c->vk.dev,
                          &(VkFramebufferCreateInfo){
                             .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                             .renderPass = ps->rp,
                             .attachmentCount = n,
                             .pAttachments = views,
                             .width = p->w,
                             .height = p->h,
                             .layers = 1},
                          NULL, &ps->fb));

   const VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = c->vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = ps->fs,
       .pName = "main"},
   };
   const VkViewport vp = {0, 0, (float)p->w, (float)p->h, 0, 1};
   const VkRect2D scissor = {{0, 0}, {p->w, p->h}};
   const VkPipelineColorBlendAttachmentState blend = {
      .blendEnable = ps->blend,
      .srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA,
      .dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
      .colorBlendOp = VK_BLEND_OP_ADD,
      .srcAlphaBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA,
      .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
      .alphaBlendOp = VK_BLEND_OP_ADD,
      .colorWriteMask = 0xf,
   };
   VK(vkCreateGraphicsPipelines(
      c->vk.dev, VK_NULL_HANDLE, 1,
      &(VkGraphicsPipelineCreateInfo){
         .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
         .stageCount = 2,
         .pStages = stages,
         .pVertexInputState =
            &(VkPipelineVertexInputStateCreateInfo){
               .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
               .vertexBindingDescriptionCount = 1,
               .pVertexBindingDescriptions =
                  &(VkVertexInputBindingDescription){0, 8, VK_VERTEX_INPUT_RATE_VERTEX},
               .vertexAttributeDescriptionCount = 1,
               .pVertexAttributeDescriptions =
                  &(VkVertexInputAttributeDescription){0, 0, VK_FORMAT_R32G32_SFLOAT, 0}},
         .pInputAssemblyState =
            &(VkPipelineInputAssemblyStateCreateInfo){
               .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
               .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST},
         .pViewportState =
            &(VkPipelineViewportStateCreateInfo){
               .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
               .viewportCount = 1,
               .pViewports = &vp,
               .scissorCount = 1,
               .pScissors = &scissor},
         .pRasterizationState =
            &(VkPipelineRasterizationStateCreateInfo){
               .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
               .polygonMode = VK_POLYGON_MODE_FILL,
               .cullMode = VK_CULL_MODE_NONE,
               .lineWidth = 1.0f},
         .pMultisampleState =
            &(VkPipelineMultisampleStateCreateInfo){
               .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
               .rasterizationSamples = ps->samples},
         .pDepthStencilState =
            &(VkPipelineDepthStencilStateCreateInfo){
               .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
               .depthTestEnable = ps->depth,
               .depthWriteEnable = ps->depth,
               .depthCompareOp = VK_COMPARE_OP_LESS},
         .pColorBlendState =
            &(VkPipelineColorBlendStateCreateInfo){
               .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
               .attachmentCount = 1,
               .pAttachments = &blend},
         .layout = c->layout,
         .renderPass = ps->rp},
      NULL, &ps->pipeline));
   return true;
}

static void
pass_destroy(struct ctx *c, struct pass *ps)
{
   if (ps->pipeline)
      vkDestroyPipeline(c->vk.dev, ps->pipeline, NULL);
   if (ps->fb)
      vkDestroyFramebuffer(c->vk.dev, ps->fb, NULL);
   if (ps->rp)
      vkDestroyRenderPass(c->vk.dev, ps->rp, NULL);
   image_destroy(c, &ps->color);
   image_destroy(c, &ps->resolve);
   image_destroy(c, &ps->zbuf);
}

/* The image a figure should leave, as 0..1 per channel at pixel (x, y),
 * and the tolerance in 1/255 steps. */
static void
reference(const struct params *p, unsigned b, uint32_t x, uint32_t y, float rgba[4])
{
   const float u = ((float)x + 0.5f) / (float)p->w, v = ((float)y + 0.5f) / (float)p->h;
   uint32_t layer = p->layers - 1;
   switch (b) {
   case B_TRIS:
      layer = 0;
      break;
   case B_SMOOTH:
      rgba[0] = u, rgba[1] = v, rgba[2] = 0.25f, rgba[3] = 1.0f;
      return;
   case B_TEX: {
      /* Bilinear, CLAMP_TO_EDGE (Vulkan 1.3, 16.8 "Texel Filtering"). */
      const float s = u * TEX_SIZE - 0.5f, t = v * TEX_SIZE - 0.5f;
      const float fs = floorf(s), ft = floorf(t), a = s - fs, bb = t - ft;
      int x0 = (int)fs, y0 = (int)ft;
      for (unsigned i = 0; i < 4; i++)
         rgba[i] = 0;
      for (int j = 0; j < 2; j++) {
         for (int k = 0; k < 2; k++) {
            const int tx = x0 + k < 0 ? 0 : x0 + k > TEX_SIZE - 1 ? TEX_SIZE - 1 : x0 + k;
            const int ty = y0 + j < 0 ? 0 : y0 + j > TEX_SIZE - 1 ? TEX_SIZE - 1 : y0 + j;
            const float wgt = (k ? a : 1 - a) * (j ? bb : 1 - bb);
            float tex[4];
            tex_texel((uint32_t)tx, (uint32_t)ty, tex);
            for (unsigned i = 0; i < 4; i++)
               rgba[i] += wgt * tex[i];
         }
      }
      return;
   }
   case B_DEPTH:
      layer = (p->layers - 1) & ~1u; /* the last even layer: odd ones fail */
      break;
   case B_BLEND: {
      float d[4] = {0, 0, 0, 0}; /* the clear colour */
      for (uint32_t i = 0; i < p->layers; i++) {
         const float k = (float)(i & 7) / 7.0f, src[4] = {k, 0.5f, 1.0f - k, 0.5f};
         for (unsigned ch = 0; ch < 4; ch++) {
            /* Each layer is stored as UNORM8 before the next reads it. */
            d[ch] = roundf((src[ch] * 0.5f + d[ch] * 0.5f) * 255.0f) / 255.0f;
         }
      }
      memcpy(rgba, d, sizeof(d));
      return;
   }
   default:
      break;
   }
   const float k = (float)(layer & 7) / 7.0f;
   rgba[0] = k, rgba[1] = 0.5f, rgba[2] = 1.0f - k, rgba[3] = 0.5f;
}

static bool
check_image(const struct params *p, unsigned b, const uint8_t *px, const char *device)
{
   const int tol = b == B_TEX || b == B_BLEND ? 3 : 1;
   for (uint32_t y = 0; y < p->h; y++) {
      for (uint32_t x = 0; x < p->w; x++) {
         float ref[4];
         reference(p, b, x, y, ref);
         for (unsigned ch = 0; ch < 4; ch++) {
            const int want = (int)lrintf(ref[ch] * 255.0f);
            const int got = px[((size_t)y * p->w + x) * 4 + ch];
            if (abs(got - want) > tol) {
               fprintf(stderr,
                       "vk_draw_bench: %s: %s: pixel (%u, %u) channel %u is %d, want %d\n",
                       device, names[b], x, y, ch, got, want);
               return false;
            }
         }
      }
   }
   return true;
}

static bool
bench_one(struct ctx *c, unsigned b, struct result *res)
{
   const struct params *p = &c->p;
   struct pass ps = {
      .depth = b == B_DEPTH,
      .blend = b == B_BLEND,
      .samples = b == B_MSAA4 ? VK_SAMPLE_COUNT_4_BIT : VK_SAMPLE_COUNT_1_BIT,
      .fs = b == B_SMOOTH ? c->fs_smooth : b == B_TEX ? c->fs_tex : c->fs_flat,
   };
   bool ok = pass_create(c, &ps);
   VkCommandBuffer cmd = ok ? bench_vk_cmd_begin(&c->vk) : VK_NULL_HANDLE;
   uint64_t ns = 0;
   if (cmd) {
      /* By attachment: colour (and resolve) to 0, depth (last) to 1. */
      VkClearValue clears[3] = {{.color = {{0, 0, 0, 0}}}, {.color = {{0, 0, 0, 0}}}};
      clears[ps.samples == VK_SAMPLE_COUNT_1_BIT ? 1 : 2].depthStencil =
         (VkClearDepthStencilValue){1.0f, 0};
      vkCmdBeginRenderPass(cmd,
                           &(VkRenderPassBeginInfo){
                              .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                              .renderPass = ps.rp,
                              .framebuffer = ps.fb,
                              .renderArea = {{0, 0}, {p->w, p->h}},
                              .clearValueCount = 3,
                              .pClearValues = clears},
                           VK_SUBPASS_CONTENTS_INLINE);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, ps.pipeline);
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->layout, 0, 1, &c->set,
                              0, NULL);
      const VkDeviceSize zero = 0;
      if (b == B_TRIS) {
         vkCmdBindVertexBuffers(cmd, 0, 1, &c->grid_vb.buffer, &zero);
         vkCmdBindIndexBuffer(cmd, c->grid_ib.buffer, 0, VK_INDEX_TYPE_UINT32);
         vkCmdDrawIndexed(cmd, c->grid_index_count, 1, 0, 0, 0);
      } else {
         vkCmdBindVertexBuffers(cmd, 0, 1, &c->quad_vb.buffer, &zero);
         vkCmdBindIndexBuffer(cmd, c->quad_ib.buffer, 0, VK_INDEX_TYPE_UINT32);
         vkCmdDrawIndexed(cmd, 6, p->layers, 0, 0, 0);
      }
      vkCmdEndRenderPass(cmd);
      ok = vkEndCommandBuffer(cmd) == VK_SUCCESS;
      ns = ok ? submit(c, cmd, p->reps) : 0;
      vkFreeCommandBuffers(c->vk.dev, c->vk.pool, 1, &cmd);
   }
   /* Read the image back (after the last timed run) and check it. */
   VkCommandBuffer rb = ns ? bench_vk_cmd_begin(&c->vk) : VK_NULL_HANDLE;
   ok = false;
   if (rb) {
      vkCmdCopyImageToBuffer(rb, ps.samples == VK_SAMPLE_COUNT_1_BIT ? ps.color.image
                                                                      : ps.resolve.image,
                             VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, c->readback.buffer, 1,
                             &(VkBufferImageCopy){
                                .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                .imageExtent = {p->w, p->h, 1}});
      const VkMemoryBarrier to_host = {
         .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
         .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
      };
      vkCmdPipelineBarrier(rb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                           &to_host, 0, NULL, 0, NULL);
      memset(c->readback.map, 0xcd, (size_t)p->w * p->h * 4);
      ok = vkEndCommandBuffer(rb) == VK_SUCCESS && submit(c, rb, 0) != 0 &&
           check_image(p, b, c->readback.map, res->device);
      vkFreeCommandBuffers(c->vk.dev, c->vk.pool, 1, &rb);
   }
   const double work = b == B_TRIS ? (double)c->grid_index_count / 3.0
                                   : (double)p->layers * p->w * p->h;
   res->ok[b] = ok;
   res->value[b] = ns ? work * 1e3 / (double)ns : 0; /* per microsecond = M/s */
   pass_destroy(c, &ps);
   return ok;
}

/* VK_DRAW_BENCH_ONLY=tris,flat,... limits the run (for profiling). */
static bool
wanted(unsigned b)
{
   const char *only = getenv("VK_DRAW_BENCH_ONLY");
   if (!only || !*only)
      return true;
   char buf[256];
   snprintf(buf, sizeof(buf), "%s", only);
   for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
        tok = strtok_r(NULL, ",", &save)) {
      if (*tok && strstr(names[b], tok))
         return true;
   }
   return false;
}

static void
run_driver(const struct params *p, struct result *res)
{
   struct ctx c = {.p = *p};
   memset(res, 0, sizeof(*res));
   if (!bench_vk_init(&c.vk, "vk_draw_bench", res->device, sizeof(res->device))) {
      bench_vk_finish(&c.vk);
      return;
   }
   res->ran = true;
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c.vk.pdev, &props);
   const VkSampleCountFlags msaa = props.limits.framebufferColorSampleCounts;
   if (ctx_init(&c)) {
      for (unsigned b = 0; b < B_COUNT; b++) {
         if (!wanted(b))
            continue;
         if (b == B_MSAA4 && !(msaa & VK_SAMPLE_COUNT_4_BIT)) {
            res->skipped[b] = true;
            continue;
         }
         bench_one(&c, b, res);
      }
   }
   ctx_finish(&c);
   bench_vk_finish(&c.vk);
}

/* Runs one driver in a child process (the loader then sees only it), with
 * `threads` worker threads when not 0. */
static bool
run_child(const char *icd, uint32_t threads, const struct params *p, struct result *res)
{
   memset(res, 0, sizeof(*res));
   int fds[2];
   if (!icd || access(icd, R_OK) != 0 || pipe(fds) != 0)
      return false;
   fflush(stdout);
   const pid_t pid = fork();
   if (pid == 0) {
      close(fds[0]);
      setenv("VK_DRIVER_FILES", icd, 1);
      setenv("VK_ICD_FILENAMES", icd, 1);
      if (threads) {
         char n[16];
         snprintf(n, sizeof(n), "%u", threads);
         setenv("KILN_THREADS", n, 1);
         setenv("LP_NUM_THREADS", n, 1);
      }
      struct result r;
      run_driver(p, &r);
      const ssize_t w = write(fds[1], &r, sizeof(r));
      _exit(w == (ssize_t)sizeof(r) ? 0 : 1);
   }
   close(fds[1]);
   const ssize_t got = pid > 0 ? read(fds[0], res, sizeof(*res)) : -1;
   close(fds[0]);
   if (pid > 0) {
      int status;
      waitpid(pid, &status, 0);
   }
   return got == (ssize_t)sizeof(*res) && res->ran;
}

/* Keeps the best value and the AND of the checks over rounds. */
static void
merge(struct result *into, bool *have, const struct result *r)
{
   for (unsigned b = 0; b < B_COUNT; b++) {
      into->ok[b] = *have ? into->ok[b] && r->ok[b] : r->ok[b];
      into->skipped[b] = r->skipped[b];
      if (r->value[b] > into->value[b])
         into->value[b] = r->value[b];
   }
   memcpy(into->device, r->device, sizeof(into->device));
   into->ran = true;
   *have = true;
}

static const char *
icd_path(const char *env, const char *fallback)
{
   const char *s = getenv(env);
   if (s && !strcmp(s, "none"))
      return NULL;
   return s && *s ? s : fallback;
}

static void
fmt_value(char *buf, size_t size, const struct result *r, unsigned b)
{
   if (!r->ran)
      snprintf(buf, size, "-");
   else if (r->skipped[b])
      snprintf(buf, size, "skipped");
   else
      snprintf(buf, size, "%.2f%s", r->value[b], r->ok[b] ? "" : "!");
}

/* Prints one thread count's table; false if a figure of kiln is wrong. */
static bool
print_table(const struct result *kiln, const struct result *lvp)
{
   printf("  kiln:     %s\n", kiln->ran ? kiln->device : "(did not run)");
   printf("  lavapipe: %s\n", lvp->ran ? lvp->device : "(did not run)");
   printf("%-14s %14s %14s %8s\n", "", "kiln", "lavapipe", "ratio");
   bool ok = true;
   for (unsigned b = 0; b < B_COUNT; b++) {
      if (!wanted(b))
         continue;
      char kv[32], lv[32], ratio[16] = "-";
      fmt_value(kv, sizeof(kv), kiln, b);
      fmt_value(lv, sizeof(lv), lvp, b);
      if (kiln->ran && lvp->ran && !kiln->skipped[b] && !lvp->skipped[b] &&
          lvp->value[b] > 0)
         snprintf(ratio, sizeof(ratio), "%.2f", kiln->value[b] / lvp->value[b]);
      printf("%-14s %14s %14s %8s  %s%s\n", names[b], kv, lv, ratio, units[b],
             kiln->skipped[b] || lvp->skipped[b] ? " (skipped: no 4x colour attachments)" : "");
      ok &= !kiln->ran || kiln->skipped[b] || kiln->ok[b];
      ok &= !lvp->ran || lvp->skipped[b] || lvp->ok[b];
   }
   return ok;
}

int
main(int argc, char **argv)
{
   struct params p = {.w = 1024, .h = 768, .layers = 8, .cell_px = 4, .reps = 5};
   uint32_t rounds = 3;
   uint32_t *const args[] = {&p.w, &p.h, &p.layers, &p.cell_px, &p.reps, &rounds};
   for (int i = 1; i < argc && i <= 6; i++)
      *args[i - 1] = (uint32_t)strtoul(argv[i], NULL, 0);
   if (p.cell_px == 0 || p.w < p.cell_px || p.h < p.cell_px || p.layers == 0 ||
       p.layers > 1024 || p.reps == 0 || rounds == 0 || p.w > 16384 || p.h > 16384) {
      fprintf(stderr, "usage: %s [W [H [LAYERS (1..1024) [CELL [REPS [ROUNDS]]]]]]\n",
              argv[0]);
      return 2;
   }
   /* The grid covers the image exactly: whole cells. */
   p.w -= p.w % p.cell_px;
   p.h -= p.h % p.cell_px;

   uint32_t threads[MAX_THREAD_COUNTS] = {0};
   uint32_t nthreads = 1;
   const char *tenv = getenv("VK_DRAW_BENCH_THREADS");
   if (tenv && *tenv) {
      nthreads = 0;
      char buf[256];
      snprintf(buf, sizeof(buf), "%s", tenv);
      for (char *save = NULL, *tok = strtok_r(buf, ",", &save);
           tok && nthreads < MAX_THREAD_COUNTS; tok = strtok_r(NULL, ",", &save)) {
         const uint32_t n = (uint32_t)strtoul(tok, NULL, 10);
         if (n)
            threads[nthreads++] = n;
      }
      if (nthreads == 0) {
         fprintf(stderr, "vk_draw_bench: VK_DRAW_BENCH_THREADS=%s: no thread counts\n", tenv);
         return 2;
      }
   }
   const char *kiln_icd = icd_path("VK_DRAW_BENCH_KILN_ICD", KILN_ICD_JSON);
   const char *lvp_icd = icd_path("VK_DRAW_BENCH_LVP_ICD", LVP_ICD_JSON);

   printf("vk_draw_bench: %ux%u, %u layers, %u px cells (%u triangles), best of %u x %u "
          "rounds, %u CPUs\n",
          p.w, p.h, p.layers, p.cell_px, (p.w / p.cell_px) * (p.h / p.cell_px) * 2, p.reps,
          rounds, util_cpu_count());
   static struct result kiln[MAX_THREAD_COUNTS], lvp[MAX_THREAD_COUNTS];
   bool all_ok = true;
   for (uint32_t t = 0; t < nthreads; t++) {
      bool have_kiln = false, have_lvp = false;
      for (uint32_t r = 0; r < rounds; r++) {
         struct result k, l;
         if (run_child(kiln_icd, threads[t], &p, &k))
            merge(&kiln[t], &have_kiln, &k);
         if (run_child(lvp_icd, threads[t], &p, &l))
            merge(&lvp[t], &have_lvp, &l);
      }
      if (threads[t])
         printf("\nthreads: %u (KILN_THREADS, LP_NUM_THREADS)\n", threads[t]);
      all_ok &= print_table(&kiln[t], &lvp[t]);
      all_ok &= !kiln_icd || kiln[t].ran; /* lavapipe may be missing */
      all_ok &= kiln[t].ran || lvp[t].ran;
   }
   printf("(ratio = kiln / lavapipe, higher is better for kiln; ! = wrong image)\n");
   if (nthreads > 1) {
      printf("\nscaling: best rate at each thread count (x: over %u thread%s)\n", threads[0],
             threads[0] == 1 ? "" : "s");
      printf("%-14s %-9s", "", "");
      for (uint32_t t = 0; t < nthreads; t++)
         printf(" %8u thr     ", threads[t]);
      printf("\n");
      for (unsigned b = 0; b < B_COUNT; b++) {
         if (!wanted(b))
            continue;
         for (unsigned d = 0; d < 2; d++) {
            const struct result *rs = d ? lvp : kiln;
            printf("%-14s %-9s", d ? "" : names[b], d ? "lavapipe" : "kiln");
            for (uint32_t t = 0; t < nthreads; t++) {
               char v[32];
               fmt_value(v, sizeof(v), &rs[t], b);
               const double base = rs[0].value[b];
               if (rs[t].ran && !rs[t].skipped[b] && base > 0)
                  printf(" %8s (%4.1fx)", v, rs[t].value[b] / base);
               else
                  printf(" %8s        ", v);
            }
            printf("\n");
         }
      }
   }
   return all_ok ? 0 : 1;
}
