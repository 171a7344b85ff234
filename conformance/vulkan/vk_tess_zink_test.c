/* SPDX-License-Identifier: MIT */
/*
 * One GLSL program with tessellation, compiled two ways, must capture the
 * same bytes (issue 10, on kiln and lavapipe):
 *
 *   A  glslang alone (kgl, Vulkan flavour);
 *   B  zink's path: kgl -> spirv_to_nir -> zk_lower_program -> ntv, with the
 *      flavour kgl picks and forced through the GL flavour, the way zink
 *      compiles GL programs.
 *
 * The control shader passes per-vertex data through and computes patch
 * outputs after a barrier from the other invocations' outputs; the
 * evaluation shader (quads, fractional_odd, point mode) captures its
 * TessCoord, PrimitiveId, an interpolated per-vertex value and the patch
 * data. Two patches.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kgl.h"
#include "nir/nir.h"
#include "util/arena.h"
#include "vkt.h"
#include "vkt_zink.h"

#define PATTERN   0xab
#define PATCHES   2
#define CAPTURE_B 8192

static const char vs_src[] = "#version 450 core\n"
                             "layout(location = 0) in vec4 a;\n"
                             "layout(location = 0) out vec4 v;\n"
                             "void main() { gl_Position = a; v = a * 2.0; }\n";

static const char tcs_src[] =
   "#version 450 core\n"
   "layout(vertices = 4) out;\n"
   "layout(location = 0) in vec4 v[];\n"
   "layout(location = 0) out vec4 w[];\n"
   "layout(location = 1) patch out vec4 sum;\n"
   "void main() {\n"
   "   w[gl_InvocationID] = v[gl_InvocationID] + vec4(float(gl_InvocationID));\n"
   "   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
   "   barrier();\n"
   "   if (gl_InvocationID == 0) {\n"
   "      sum = w[0] + w[1] + w[2] + w[3];\n"
   "      gl_TessLevelOuter[0] = 2.5; gl_TessLevelOuter[1] = 3.0;\n"
   "      gl_TessLevelOuter[2] = 1.5; gl_TessLevelOuter[3] = 4.0;\n"
   "      gl_TessLevelInner[0] = 3.5; gl_TessLevelInner[1] = 2.0;\n"
   "   }\n"
   "}\n";

static const char tes_src[] =
   "#version 450 core\n"
   "layout(quads, fractional_odd_spacing, cw, point_mode) in;\n"
   "layout(location = 0) in vec4 w[];\n"
   "layout(location = 1) patch in vec4 sum;\n"
   "layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 48) out vec4 tc;\n"
   "layout(location = 1, xfb_buffer = 0, xfb_offset = 16) out vec4 mixed;\n"
   "layout(location = 2, xfb_buffer = 0, xfb_offset = 32) out vec4 s;\n"
   "void main() {\n"
   "   vec2 c = gl_TessCoord.xy;\n"
   "   tc = vec4(c, gl_TessLevelOuter[3], float(gl_PrimitiveID));\n"
   "   mixed = mix(mix(w[0], w[1], c.x), mix(w[3], w[2], c.x), c.y);\n"
   "   s = sum + vec4(gl_TessLevelInner[0]);\n"
   "   gl_Position = vec4(c, 0.0, 1.0);\n"
   "}\n";

/* The program's three stages through vkt_zink_compile. */
static bool
compile(enum kgl_flavour flavour, bool lower, struct arena *arena, struct vkt_zink_words *out)
{
   const char *vs = vs_src, *tcs = tcs_src, *tes = tes_src;
   const struct kgl_shader_desc descs[3] = {
      {.stage = KGL_STAGE_VERTEX, .strings = &vs, .count = 1},
      {.stage = KGL_STAGE_TESS_CTRL, .strings = &tcs, .count = 1},
      {.stage = KGL_STAGE_TESS_EVAL, .strings = &tes, .count = 1},
   };
   return vkt_zink_compile(descs, 3, flavour, lower, arena, out);
}

struct env {
   struct vkt t;
   VkPipelineLayout layout;
   VkRenderPass pass;
   VkFramebuffer fb;
   struct vkt_buffer vb;
};

static bool
env_init(struct env *e)
{
   memset(e, 0, sizeof(*e));
   static const char *const exts[] = {VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME};
   static VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = VK_TRUE,
   };
   /* glslang's gl_PerVertex declares the distances. */
   static const VkPhysicalDeviceFeatures core = {.tessellationShader = VK_TRUE,
                                                 .shaderClipDistance = VK_TRUE,
                                                 .shaderCullDistance = VK_TRUE};
   const struct vkt_req req = {
      .extensions = exts, .extension_count = 1, .features = &xfb, .core_features = &core};
   if (!vkt_init(&e->t, &req)) {
      memset(&e->t, 0, sizeof(e->t));
      return false;
   }
   const VkPipelineLayoutCreateInfo lci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   const VkSubpassDescription sub = {.pipelineBindPoint =
                                        VK_PIPELINE_BIND_POINT_GRAPHICS};
   const VkRenderPassCreateInfo rpci = {.sType =
                                           VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                        .subpassCount = 1,
                                        .pSubpasses = &sub};
   if (!VKT_CHECK(vkCreatePipelineLayout(e->t.dev, &lci, NULL, &e->layout)) ||
       !VKT_CHECK(vkCreateRenderPass(e->t.dev, &rpci, NULL, &e->pass)) ||
       !vkt_buffer_create(&e->t, 16 * 4 * PATCHES, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                          &e->vb))
      return false;
   float *p = (float *)e->vb.map;
   for (unsigned i = 0; i < 4 * PATCHES; i++) {
      p[i * 4 + 0] = 0.125f * (float)i - 0.5f;
      p[i * 4 + 1] = 0.25f - 0.0625f * (float)i;
      p[i * 4 + 2] = 0.5f + 0.03125f * (float)i;
      p[i * 4 + 3] = 1.0f + (float)i;
   }
   const VkFramebufferCreateInfo fci = {.sType =
                                           VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                        .renderPass = e->pass,
                                        .width = 16,
                                        .height = 16,
                                        .layers = 1};
   return VKT_CHECK(vkCreateFramebuffer(e->t.dev, &fci, NULL, &e->fb));
}

static void
env_finish(struct env *e)
{
   if (!e->t.instance)
      return;
   if (e->t.dev) {
      if (e->vb.buffer)
         vkt_buffer_destroy(&e->t, &e->vb);
      vkDestroyFramebuffer(e->t.dev, e->fb, NULL);
      vkDestroyRenderPass(e->t.dev, e->pass, NULL);
      vkDestroyPipelineLayout(e->t.dev, e->layout, NULL);
   }
   vkt_finish(&e->t);
}

/* Draws the patches through the program (rasterizer discard) and
 * captures into `out`; the byte count written into *bytes. */
static bool
capture(struct env *e, const struct vkt_zink_words *w, struct vkt_buffer *out,
        struct vkt_buffer *counter)
{
   struct vkt *t = &e->t;
   static const VkShaderStageFlagBits stage_bits[NIR_STAGE_COUNT] = {
      [NIR_STAGE_VERTEX] = VK_SHADER_STAGE_VERTEX_BIT,
      [NIR_STAGE_TESS_CTRL] = VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
      [NIR_STAGE_TESS_EVAL] = VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
   };
   VkPipelineShaderStageCreateInfo stages[3];
   VkShaderModule mods[3] = {0};
   uint32_t n = 0;
   bool ok = true;
   for (unsigned s = 0; s < NIR_STAGE_COUNT && ok; s++) {
      if (!w->w[s])
         continue;
      const VkShaderModuleCreateInfo mci = {
         .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
         .codeSize = w->n[s] * 4,
         .pCode = w->w[s]};
      ok = n < 3 && stage_bits[s] &&
           VKT_CHECK(vkCreateShaderModule(t->dev, &mci, NULL, &mods[n]));
      stages[n] = (VkPipelineShaderStageCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = stage_bits[s],
         .module = mods[n],
         .pName = "main",
      };
      n++;
   }
   const VkVertexInputBindingDescription binding = {0, 16, VK_VERTEX_INPUT_RATE_VERTEX};
   const VkVertexInputAttributeDescription attr = {0, 0, VK_FORMAT_R32G32B32A32_SFLOAT,
                                                   0};
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 1,
      .pVertexBindingDescriptions = &binding,
      .vertexAttributeDescriptionCount = 1,
      .pVertexAttributeDescriptions = &attr,
   };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST,
   };
   const VkPipelineTessellationStateCreateInfo ts = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
      .patchControlPoints = 4,
   };
   const VkViewport viewport = {0, 0, 16, 16, 0, 1};
   const VkRect2D scissor = {{0, 0}, {16, 16}};
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &viewport,
      .scissorCount = 1,
      .pScissors = &scissor,
   };
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .rasterizerDiscardEnable = VK_TRUE,
      .lineWidth = 1.0f,
   };
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
   };
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
   const VkGraphicsPipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .stageCount = n,
      .pStages = stages,
      .pVertexInputState = &vi,
      .pInputAssemblyState = &ia,
      .pTessellationState = &ts,
      .pViewportState = &vp,
      .pRasterizationState = &rs,
      .pMultisampleState = &ms,
      .pColorBlendState = &cb,
      .layout = e->layout,
      .renderPass = e->pass,
   };
   VkPipeline pipe = VK_NULL_HANDLE;
   ok = ok && n == 3 &&
        VKT_CHECK(vkCreateGraphicsPipelines(t->dev, VK_NULL_HANDLE, 1, &ci, NULL, &pipe));
   for (unsigned i = 0; i < n; i++)
      vkDestroyShaderModule(t->dev, mods[i], NULL);
   if (!ok)
      return false;
   memset(out->map, PATTERN, out->size);
   memset(counter->map, 0, counter->size);
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   const VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                      .renderPass = e->pass,
                                      .framebuffer = e->fb,
                                      .renderArea = {{0, 0}, {16, 16}}};
   vkCmdBeginRenderPass(cmd, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   const VkDeviceSize zero = 0, whole = VK_WHOLE_SIZE;
   vkCmdBindVertexBuffers(cmd, 0, 1, &e->vb.buffer, &zero);
   VKT_PROC(t, vkCmdBindTransformFeedbackBuffersEXT)
   (cmd, 0, 1, &out->buffer, &zero, &whole);
   VKT_PROC(t, vkCmdBeginTransformFeedbackEXT)(cmd, 0, 0, NULL, NULL);
   vkCmdDraw(cmd, 4 * PATCHES, 1, 0, 0);
   VKT_PROC(t, vkCmdEndTransformFeedbackEXT)(cmd, 0, 1, &counter->buffer, &zero);
   vkCmdEndRenderPass(cmd);
   vkt_cmd_barrier(cmd);
   ok = vkt_cmd_submit_wait(t, cmd);
   vkDestroyPipeline(t->dev, pipe, NULL);
   return ok;
}

/* Point order within a patch is the implementation's; compare the
 * captured records as sorted sets (each 48 bytes). */
static int
cmp_record(const void *a, const void *b)
{
   return memcmp(a, b, 48);
}

TEST(tessellation_capture_glslang_and_zink_agree)
{
   struct env e;
   struct arena *arena = arena_create(NULL);
   struct vkt_buffer ref = {0}, got = {0}, counter = {0};
   if (!arena || !env_init(&e))
      goto out;
   struct vkt *t = &e.t;
   const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT;
   REQUIRE(vkt_buffer_create(t, CAPTURE_B, usage, &ref));
   REQUIRE(vkt_buffer_create(t, CAPTURE_B, usage, &got));
   REQUIRE(vkt_buffer_create(
      t, 16, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT, &counter));
   struct vkt_zink_words glslang, zink;
   if (!compile(KGL_FLAVOUR_VULKAN, false, arena, &glslang) ||
       !capture(&e, &glslang, &ref, &counter))
      goto out;
   uint32_t ref_B;
   memcpy(&ref_B, counter.map, 4);
   /* Quads, fractional_odd: inner 3.5 -> 5 x 3 (2 -> 3), outer 2.5 3 1.5
    * 4 -> 3 3 3 5 segments: 14 outer points and (5 - 1) x (3 - 1) inner,
    * 22 points per patch. */
   CHECK_EQ(ref_B, PATCHES * 22 * 48);
   qsort(ref.map, ref_B / 48, 48, cmp_record);
   static const enum kgl_flavour flavours[2] = {KGL_FLAVOUR_AUTO, KGL_FLAVOUR_GL};
   for (unsigned f = 0; f < 2; f++) {
      if (!compile(flavours[f], true, arena, &zink) ||
          !capture(&e, &zink, &got, &counter))
         break;
      uint32_t got_B;
      memcpy(&got_B, counter.map, 4);
      if (!CHECK_EQ(got_B, ref_B))
         continue;
      qsort(got.map, got_B / 48, 48, cmp_record);
      if (memcmp(got.map, ref.map, ref_B) != 0)
         test_fail(__FILE__, __LINE__,
                   "zink's path (%s flavour) captured other records than glslang's",
                   f ? "GL" : "auto");
   }
out:
   if (e.t.dev) {
      if (ref.buffer)
         vkt_buffer_destroy(&e.t, &ref);
      if (got.buffer)
         vkt_buffer_destroy(&e.t, &got);
      if (counter.buffer)
         vkt_buffer_destroy(&e.t, &counter);
   }
   env_finish(&e);
   arena_destroy(arena);
}
