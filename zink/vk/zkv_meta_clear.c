/* SPDX-License-Identifier: MIT */
/*
 * Masked clears (GL 4.6, 17.4.3: "the pixel ownership test, the scissor
 * test, dithering, and the buffer writemasks affect the operation of
 * Clear"). Attachments whose masks are full clear with
 * vkCmdClearAttachments (zkv_clear); the others are drawn: a triangle
 * covering the framebuffer, the colours from push constants, GL's colour
 * mask as the pipeline's write mask, stencil written with REPLACE through
 * GL's stencil write mask, depth written at the clear depth (the viewport's
 * depth range). One draw per
 * numeric class (float, int, uint) of the attachments, since a fragment
 * output's type must match its attachment's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* glslangValidator's arrays (meson.build), after <stdint.h> */
#include "clear_float_frag.h"
#include "clear_int_frag.h"
#include "clear_layer_vert.h"
#include "clear_uint_frag.h"
#include "clear_vert.h"
#include "zkv_private.h"

#define ALL_RGBA                                                                             \
   (VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT |        \
    VK_COLOR_COMPONENT_A_BIT)
#define PUSH_B 128 /* vec4 color[8] */

enum cls { CLS_FLOAT, CLS_INT, CLS_UINT, CLS_COUNT };

struct meta_key {
   uint32_t formats[ZKV_MAX_COLOR_ATTACHMENTS];
   uint32_t write_masks[ZKV_MAX_COLOR_ATTACHMENTS];
   uint32_t depth_format, stencil_format, samples, cls;
   uint32_t depth_write, stencil_write, layered;
};

struct zkv_meta {
   VkPipelineLayout layout;
   VkShaderModule vs, vs_layer, fs[CLS_COUNT];
   struct hash_table pipelines; /* meta_key -> VkPipeline */
};

static enum cls
format_class(VkFormat f)
{
   switch (f) {
   case VK_FORMAT_R8_UINT: case VK_FORMAT_R8G8_UINT: case VK_FORMAT_R8G8B8_UINT:
   case VK_FORMAT_B8G8R8_UINT: case VK_FORMAT_R8G8B8A8_UINT: case VK_FORMAT_B8G8R8A8_UINT:
   case VK_FORMAT_A8B8G8R8_UINT_PACK32: case VK_FORMAT_A2R10G10B10_UINT_PACK32:
   case VK_FORMAT_A2B10G10R10_UINT_PACK32: case VK_FORMAT_R16_UINT: case VK_FORMAT_R16G16_UINT:
   case VK_FORMAT_R16G16B16_UINT: case VK_FORMAT_R16G16B16A16_UINT: case VK_FORMAT_R32_UINT:
   case VK_FORMAT_R32G32_UINT: case VK_FORMAT_R32G32B32_UINT: case VK_FORMAT_R32G32B32A32_UINT:
      return CLS_UINT;
   case VK_FORMAT_R8_SINT: case VK_FORMAT_R8G8_SINT: case VK_FORMAT_R8G8B8_SINT:
   case VK_FORMAT_B8G8R8_SINT: case VK_FORMAT_R8G8B8A8_SINT: case VK_FORMAT_B8G8R8A8_SINT:
   case VK_FORMAT_A8B8G8R8_SINT_PACK32: case VK_FORMAT_A2R10G10B10_SINT_PACK32:
   case VK_FORMAT_A2B10G10R10_SINT_PACK32: case VK_FORMAT_R16_SINT: case VK_FORMAT_R16G16_SINT:
   case VK_FORMAT_R16G16B16_SINT: case VK_FORMAT_R16G16B16A16_SINT: case VK_FORMAT_R32_SINT:
   case VK_FORMAT_R32G32_SINT: case VK_FORMAT_R32G32B32_SINT: case VK_FORMAT_R32G32B32A32_SINT:
      return CLS_INT;
   default:
      return CLS_FLOAT;
   }
}

static uint32_t
key_hash(const void *k)
{
   return util_hash_data(k, sizeof(struct meta_key));
}

static bool
key_equal(const void *a, const void *b)
{
   return memcmp(a, b, sizeof(struct meta_key)) == 0;
}

static VkResult
module(VkDevice dev, const uint32_t *code, size_t size_B, VkShaderModule *out)
{
   const VkShaderModuleCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = size_B,
      .pCode = code,
   };
   return vkCreateShaderModule(dev, &info, NULL, out);
}

/* Made on first use, under the screen lock. */
static struct zkv_meta *
meta_get(struct zkv_screen *s, VkResult *r)
{
   if (s->meta)
      return s->meta;
   struct zkv_meta *m = calloc(1, sizeof(*m));
   if (!m) {
      *r = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   hash_table_init(&m->pipelines, key_hash, key_equal);
   const VkPushConstantRange range = {VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                                      0, PUSH_B};
   const VkPipelineLayoutCreateInfo li = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &range,
   };
   *r = vkCreatePipelineLayout(s->dev, &li, NULL, &m->layout);
   if (*r == VK_SUCCESS)
      *r = module(s->dev, clear_vert_spv, sizeof(clear_vert_spv), &m->vs);
   if (*r == VK_SUCCESS && s->shader_output_layer)
      *r = module(s->dev, clear_layer_vert_spv, sizeof(clear_layer_vert_spv), &m->vs_layer);
   if (*r == VK_SUCCESS)
      *r = module(s->dev, clear_float_frag_spv, sizeof(clear_float_frag_spv), &m->fs[CLS_FLOAT]);
   if (*r == VK_SUCCESS)
      *r = module(s->dev, clear_int_frag_spv, sizeof(clear_int_frag_spv), &m->fs[CLS_INT]);
   if (*r == VK_SUCCESS)
      *r = module(s->dev, clear_uint_frag_spv, sizeof(clear_uint_frag_spv), &m->fs[CLS_UINT]);
   s->meta = m;
   if (*r != VK_SUCCESS) {
      zkv_meta_finish(s);
      return NULL;
   }
   return m;
}

void
zkv_meta_finish(struct zkv_screen *s)
{
   struct zkv_meta *m = s->meta;
   if (!m)
      return;
   hash_table_foreach(&m->pipelines, e)
   {
      vkDestroyPipeline(s->dev, (VkPipeline)e->data, NULL);
      free((void *)e->key);
   }
   hash_table_finish(&m->pipelines);
   for (int c = 0; c < CLS_COUNT; c++)
      vkDestroyShaderModule(s->dev, m->fs[c], NULL);
   vkDestroyShaderModule(s->dev, m->vs, NULL);
   vkDestroyShaderModule(s->dev, m->vs_layer, NULL);
   vkDestroyPipelineLayout(s->dev, m->layout, NULL);
   free(m);
   s->meta = NULL;
}

static VkPipeline
create(struct zkv_screen *s, struct zkv_meta *m, const struct meta_key *k, VkResult *r)
{
   const VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = k->layered ? m->vs_layer : m->vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = m->fs[k->cls],
       .pName = "main"},
   };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .scissorCount = 1};
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE,
      .lineWidth = 1.0f};
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = k->samples};
   const VkStencilOpState so = {VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_REPLACE,
                                VK_STENCIL_OP_REPLACE, VK_COMPARE_OP_ALWAYS, 0, 0, 0};
   const VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = k->depth_write,
      .depthWriteEnable = k->depth_write,
      .depthCompareOp = VK_COMPARE_OP_ALWAYS,
      .stencilTestEnable = k->stencil_write,
      .front = so,
      .back = so};
   VkPipelineColorBlendAttachmentState cb[ZKV_MAX_COLOR_ATTACHMENTS] = {0};
   VkFormat formats[ZKV_MAX_COLOR_ATTACHMENTS];
   uint32_t n = 0;
   for (uint32_t i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++) {
      formats[i] = k->formats[i];
      cb[i].colorWriteMask = k->write_masks[i];
      if (formats[i])
         n = i + 1;
   }
   const VkPipelineColorBlendStateCreateInfo cbs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = n,
      .pAttachments = cb};
   const VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                                 VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,
                                 VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK,
                                 VK_DYNAMIC_STATE_STENCIL_REFERENCE};
   const VkPipelineDynamicStateCreateInfo dys = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = sizeof(dyn) / sizeof(dyn[0]),
      .pDynamicStates = dyn};
   const VkPipelineRenderingCreateInfo ri = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .colorAttachmentCount = n,
      .pColorAttachmentFormats = formats,
      .depthAttachmentFormat = k->depth_format,
      .stencilAttachmentFormat = k->stencil_format};
   const VkGraphicsPipelineCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &ri,
      .stageCount = 2,
      .pStages = stages,
      .pVertexInputState = &vi,
      .pInputAssemblyState = &ia,
      .pViewportState = &vp,
      .pRasterizationState = &rs,
      .pMultisampleState = &ms,
      .pDepthStencilState = &ds,
      .pColorBlendState = &cbs,
      .pDynamicState = &dys,
      .layout = m->layout};
   VkPipeline p = VK_NULL_HANDLE;
   *r = vkCreateGraphicsPipelines(s->dev, s->pipeline_cache, 1, &info, NULL, &p);
   return *r == VK_SUCCESS ? p : VK_NULL_HANDLE;
}

static VkPipeline
pipeline_get(struct zkv_context *ctx, const struct meta_key *k, struct zkv_meta **meta)
{
   struct zkv_screen *s = ctx->screen;
   VkResult r = VK_SUCCESS;
   pthread_mutex_lock(&s->lock);
   struct zkv_meta *m = meta_get(s, &r);
   VkPipeline p = VK_NULL_HANDLE;
   if (m) {
      struct hash_entry *e = hash_table_search(&m->pipelines, k);
      if (e) {
         p = (VkPipeline)e->data;
      } else {
         struct meta_key *stored = malloc(sizeof(*stored));
         p = stored ? create(s, m, k, &r) : VK_NULL_HANDLE;
         if (!stored)
            r = VK_ERROR_OUT_OF_HOST_MEMORY;
         if (p) {
            *stored = *k;
            if (!hash_table_insert(&m->pipelines, stored, (void *)p)) {
               vkDestroyPipeline(s->dev, p, NULL);
               p = VK_NULL_HANDLE;
               r = VK_ERROR_OUT_OF_HOST_MEMORY;
            }
         }
         if (!p)
            free(stored);
      }
   }
   pthread_mutex_unlock(&s->lock);
   if (!p)
      zkv_context_error(ctx, r);
   *meta = m;
   return p;
}

static VkSampleCountFlagBits
fb_samples(const struct zkv_framebuffer *fb)
{
   for (int i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++)
      if (fb->color[i])
         return fb->color[i]->image->desc.samples;
   if (fb->depth_stencil)
      return fb->depth_stencil->image->desc.samples;
   return fb->samples ? fb->samples : VK_SAMPLE_COUNT_1_BIT;
}

/* One draw of the meta pipeline for class `cls` (colour attachments in
 * color_mask of that class) plus depth/stencil per ds_*. */
static void
meta_draw(struct zkv_context *ctx, const struct zkv_draw_state *st, enum cls cls,
          uint32_t color_mask, const VkClearColorValue *colors, bool depth_write,
          bool stencil_write, float depth, uint32_t stencil, const VkRect2D *scissor)
{
   const struct zkv_framebuffer *fb = &st->framebuffer;
   struct meta_key k;
   memset(&k, 0, sizeof(k));
   for (int i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++) {
      if (!fb->color[i])
         continue;
      k.formats[i] = fb->color[i]->desc.format;
      if ((color_mask & (1u << i)) && format_class(k.formats[i]) == cls)
         k.write_masks[i] = st->blend[i].write_mask;
   }
   if (fb->depth_stencil) {
      const VkFormat f = fb->depth_stencil->desc.format;
      const VkImageAspectFlags a = zkv_format_aspects(f);
      if (a & VK_IMAGE_ASPECT_DEPTH_BIT)
         k.depth_format = f;
      if (a & VK_IMAGE_ASPECT_STENCIL_BIT)
         k.stencil_format = f;
   }
   k.samples = fb_samples(fb);
   k.cls = cls;
   k.depth_write = depth_write && k.depth_format;
   k.stencil_write = stencil_write && k.stencil_format;
   k.layered = fb->layers > 1 && ctx->screen->shader_output_layer;
   struct zkv_meta *m;
   VkPipeline p = pipeline_get(ctx, &k, &m);
   if (!p)
      return;
   zkv_render_begin(ctx, fb);
   if (!ctx->rendering)
      return;
   VkCommandBuffer cmd = ctx->batch->cmd;
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   ctx->bound_pipeline = VK_NULL_HANDLE; /* the next draw binds its own */
   /* z = 0 lands on minDepth: the clear depth (Vulkan 1.3, 24.5). */
   const VkViewport vp = {0, 0, (float)(fb->width ? fb->width : 1),
                          (float)(fb->height ? fb->height : 1), depth, depth};
   vkCmdSetViewport(cmd, 0, 1, &vp);
   vkCmdSetScissor(cmd, 0, 1, scissor);
   const VkStencilFaceFlags both = VK_STENCIL_FACE_FRONT_AND_BACK;
   vkCmdSetStencilWriteMask(cmd, both, st->stencil_front.write_mask);
   vkCmdSetStencilCompareMask(cmd, both, ~0u);
   vkCmdSetStencilReference(cmd, both, stencil);
   vkCmdPushConstants(cmd, m->layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                      0, PUSH_B, colors);
   const bool begun = zkv_condition_begin(ctx, cmd);
   vkCmdDraw(cmd, 3, k.layered ? fb->layers : 1, 0, 0);
   zkv_condition_end(ctx, cmd, begun);
}

static void
clear_masked(struct zkv_context *ctx, const struct zkv_draw_state *state, uint32_t color_mask,
             const VkClearColorValue *colors, uint32_t ds_flags, float depth, uint32_t stencil,
             const struct zkv_rect *rect)
{
   const struct zkv_framebuffer *fb = &state->framebuffer;
   uint32_t full = 0, partial = 0;
   for (uint32_t i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++) {
      if (!(color_mask & (1u << i)) || !fb->color[i])
         continue;
      const uint32_t wm = state->blend[i].write_mask & ALL_RGBA;
      if (wm == ALL_RGBA)
         full |= 1u << i;
      else if (wm)
         partial |= 1u << i;
   }
   const uint32_t sm = state->stencil_front.write_mask & 0xff;
   uint32_t ds_full = ds_flags & ZKV_CLEAR_DEPTH;
   bool stencil_partial = false;
   if (ds_flags & ZKV_CLEAR_STENCIL) {
      if (sm == 0xff)
         ds_full |= ZKV_CLEAR_STENCIL;
      else
         stencil_partial = sm != 0;
   }
   if (full || ds_full)
      zkv_clear(ctx, state, full, colors, ds_full, depth, stencil, rect);
   if (!partial && !stencil_partial)
      return;
   VkClearColorValue all[ZKV_MAX_COLOR_ATTACHMENTS] = {0};
   for (uint32_t i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++)
      if (partial & (1u << i))
         all[i] = colors[i];
   const struct zkv_rect whole = {0, 0, fb->width ? fb->width : 1, fb->height ? fb->height : 1};
   const VkRect2D scissor = zkv_render_rect(fb, rect ? rect : &whole);
   if (scissor.extent.width == 0 || scissor.extent.height == 0)
      return;
   zkv_condition_prepare(ctx);
   if (ctx->condition_host_skip)
      return;
   bool stencil_done = !stencil_partial;
   for (int c = 0; c < CLS_COUNT; c++) {
      uint32_t mine = 0;
      for (uint32_t i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++)
         if ((partial & (1u << i)) && format_class(fb->color[i]->desc.format) == (enum cls)c)
            mine |= 1u << i;
      if (!mine)
         continue;
      meta_draw(ctx, state, (enum cls)c, mine, all, false, !stencil_done, depth, stencil,
                &scissor);
      stencil_done = true;
   }
   if (!stencil_done)
      meta_draw(ctx, state, CLS_FLOAT, 0, all, false, true, depth, stencil, &scissor);
}

/* One layer of a view, as a temporary single-layer view. */
static struct zkv_image_view *
layer_view(struct zkv_context *ctx, const struct zkv_image_view *v, uint32_t layer)
{
   if (!v)
      return NULL;
   struct zkv_image_view_desc d = v->desc;
   d.type = v->image->desc.type == VK_IMAGE_TYPE_1D ? VK_IMAGE_VIEW_TYPE_1D
                                                    : VK_IMAGE_VIEW_TYPE_2D;
   d.base_layer += layer;
   d.layers = 1;
   d.aspects = 0;
   d.swizzle = (VkComponentMapping){0};
   VkResult r;
   struct zkv_image_view *lv = zkv_image_view_create(ctx->screen, v->image, &d, &r);
   if (!lv)
      zkv_context_error(ctx, r);
   return lv;
}

void
zkv_clear_masked(struct zkv_context *ctx, const struct zkv_draw_state *state,
                 uint32_t color_mask, const VkClearColorValue *colors, uint32_t ds_flags,
                 float depth, uint32_t stencil, const struct zkv_rect *rect)
{
   const struct zkv_framebuffer *fb = &state->framebuffer;
   if (fb->layers <= 1 || ctx->screen->shader_output_layer) {
      clear_masked(ctx, state, color_mask, colors, ds_flags, depth, stencil, rect);
      return;
   }
   /* No gl_Layer from the vertex stage: one pass per layer, each through
    * single-layer views (the batch keeps them until it is done). */
   struct zkv_draw_state *one = malloc(sizeof(*one));
   if (!one) {
      zkv_context_error(ctx, VK_ERROR_OUT_OF_HOST_MEMORY);
      return;
   }
   *one = *state;
   for (uint32_t l = 0; l < fb->layers; l++) {
      one->framebuffer.layers = 1;
      for (int i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++)
         one->framebuffer.color[i] = layer_view(ctx, fb->color[i], l);
      one->framebuffer.depth_stencil = layer_view(ctx, fb->depth_stencil, l);
      clear_masked(ctx, one, color_mask, colors, ds_flags, depth, stencil, rect);
      zkv_context_end_rendering(ctx); /* the views go before the next layer's */
      for (int i = 0; i < ZKV_MAX_COLOR_ATTACHMENTS; i++)
         zkv_image_view_destroy(one->framebuffer.color[i]);
      zkv_image_view_destroy(one->framebuffer.depth_stencil);
   }
   free(one);
}
