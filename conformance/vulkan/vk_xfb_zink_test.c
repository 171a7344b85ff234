/* SPDX-License-Identifier: MIT */
/*
 * One GLSL program with transform feedback qualifiers, compiled two ways,
 * must capture the same bytes (issue 10, on kiln and lavapipe):
 *
 *   A  glslang alone (kgl, Vulkan flavour): the SPIR-V glslang writes;
 *   B  zink's path: kgl -> spirv_to_nir -> zk_lower_program -> ntv, once
 *      with the program as kgl picks it and once forced through the GL
 *      flavour (glslang told the client is OpenGL, spirv_to_nir in its
 *      GL-flavoured mode), the way zink compiles GL programs.
 *
 * zk_lower_program applies GL's depth range to gl_Position (z' = (z + w)
 * / 2) and keeps a shadow copy for capture (ntv_lower_depth_range): the
 * bytes must still be the position the shader wrote. The programs cover a
 * captured gl_Position, a vec3, a float array with a gap before it, a
 * dvec2; gl_PointSize and gl_ClipDistance, an output block's members
 * (vec2, ivec3, double, float array), a vec2 at component 2; and a
 * geometry shader emitting to two streams.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kgl.h"
#include "nir/nir.h"
#include "util/arena.h"
#include "vkt.h"
#include "vkt_zink.h"

#define PATTERN 0xab
#define VERTICES 6
#define BUFFERS 3

static const char vs_src[] =
   "#version 450 core\n"
   "layout(location = 0) in vec4 a;\n"
   "layout(xfb_buffer = 0, xfb_stride = 28) out gl_PerVertex {\n"
   "   layout(xfb_offset = 0) vec4 gl_Position;\n"
   "};\n"
   "layout(location = 0, xfb_buffer = 0, xfb_offset = 16) out vec3 v3;\n"
   "layout(location = 1, xfb_buffer = 1, xfb_offset = 4, xfb_stride = 32) out float f[3];\n"
   "layout(location = 4, xfb_buffer = 1, xfb_offset = 16) out dvec2 dd;\n"
   "void main() {\n"
   "   gl_Position = a;\n"
   "   v3 = a.xyz * 2.0;\n"
   "   f[0] = a.x; f[1] = a.y + 1.0; f[2] = a.z + 2.0;\n"
   "   dd = dvec2(a.xy) * 3.0LF;\n"
   "}\n";

static const char blocks_src[] =
   "#version 450 core\n"
   "layout(location = 0) in vec4 a;\n"
   "out gl_PerVertex {\n"
   "   layout(xfb_buffer = 0, xfb_offset = 0) vec4 gl_Position;\n"
   "   layout(xfb_buffer = 0, xfb_offset = 16) float gl_PointSize;\n"
   "   layout(xfb_buffer = 0, xfb_offset = 20) float gl_ClipDistance[2];\n"
   "};\n"
   "layout(location = 0, xfb_buffer = 1, xfb_stride = 40) out Blk {\n"
   "   layout(xfb_offset = 0) vec2 s;\n"
   "   layout(xfb_offset = 8) ivec3 t;\n"
   "   layout(xfb_offset = 24) double d;\n"
   "   layout(xfb_offset = 32) float arr[2];\n"
   "} blk;\n"
   "layout(location = 6, component = 2, xfb_buffer = 2, xfb_offset = 4, xfb_stride = 12)\n"
   "   out vec2 part;\n"
   "void main() {\n"
   "   gl_Position = a;\n"
   "   gl_PointSize = a.w + 1.0;\n"
   "   gl_ClipDistance[0] = a.x; gl_ClipDistance[1] = a.y;\n"
   "   blk.s = a.xy; blk.t = ivec3(a.xyz * 8.0); blk.d = double(a.z) * 3.0LF;\n"
   "   blk.arr[0] = a.w; blk.arr[1] = -a.w;\n"
   "   part = a.zw;\n"
   "}\n";

static const char gs_vs_src[] =
   "#version 450 core\n"
   "layout(location = 0) in vec4 a;\n"
   "void main() { gl_Position = a; }\n";

static const char gs_src[] =
   "#version 450 core\n"
   "layout(points) in;\n"
   "layout(points, max_vertices = 3) out;\n"
   "layout(stream = 0, location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 s0;\n"
   "layout(stream = 1, location = 1, xfb_buffer = 1, xfb_offset = 0, xfb_stride = 8) out vec2 s1;\n"
   "void main() {\n"
   "   s0 = gl_in[0].gl_Position * 0.5;\n"
   "   gl_Position = gl_in[0].gl_Position;\n"
   "   EmitStreamVertex(0);\n"
   "   for (int i = 0; i < 2; i++) {\n"
   "      s1 = vec2(gl_in[0].gl_Position.x, float(i));\n"
   "      EmitStreamVertex(1);\n"
   "   }\n"
   "}\n";

struct env {
   struct vkt t;
   VkPipelineLayout layout;
   VkRenderPass pass;
   VkFramebuffer fb;
};

static bool
env_init(struct env *e)
{
   memset(e, 0, sizeof(*e));
   static const char *const exts[] = {VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME};
   static VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = VK_TRUE,
      .geometryStreams = VK_TRUE,
   };
   /* glslang's gl_PerVertex of geometry inputs declares the distances. */
   static const VkPhysicalDeviceFeatures core = {.geometryShader = VK_TRUE,
                                                 .shaderFloat64 = VK_TRUE,
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
   const VkSubpassDescription sub = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS};
   const VkRenderPassCreateInfo rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO, .subpassCount = 1, .pSubpasses = &sub};
   if (!VKT_CHECK(vkCreatePipelineLayout(e->t.dev, &lci, NULL, &e->layout)) ||
       !VKT_CHECK(vkCreateRenderPass(e->t.dev, &rpci, NULL, &e->pass)))
      return false;
   const VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
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
      vkDestroyFramebuffer(e->t.dev, e->fb, NULL);
      vkDestroyRenderPass(e->t.dev, e->pass, NULL);
      vkDestroyPipelineLayout(e->t.dev, e->layout, NULL);
   }
   vkt_finish(&e->t);
}

/* Draws VERTICES vertices (positions from `vb`) through the program and
 * captures into BUFFERS buffers of 512 bytes. */
static bool
capture(struct env *e, const struct vkt_zink_words *w, const struct vkt_buffer *vb,
        struct vkt_buffer out[BUFFERS])
{
   /* A geometry shader takes points; a vertex shader alone draws
    * triangles (points would need PointSize). */
   const bool gs = w->w[NIR_STAGE_GEOMETRY] != NULL;
   struct vkt *t = &e->t;
   static const VkShaderStageFlagBits stage_bits[NIR_STAGE_COUNT] = {
      [NIR_STAGE_VERTEX] = VK_SHADER_STAGE_VERTEX_BIT,
      [NIR_STAGE_GEOMETRY] = VK_SHADER_STAGE_GEOMETRY_BIT,
   };
   VkPipelineShaderStageCreateInfo stages[2];
   VkShaderModule mods[2] = {0};
   uint32_t n = 0;
   for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
      if (!w->w[s])
         continue;
      const VkShaderModuleCreateInfo mci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                            .codeSize = w->n[s] * 4,
                                            .pCode = w->w[s]};
      if (n >= 2 || !stage_bits[s] || !VKT_CHECK(vkCreateShaderModule(t->dev, &mci, NULL, &mods[n])))
         return false;
      stages[n] = (VkPipelineShaderStageCreateInfo){
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = stage_bits[s],
         .module = mods[n],
         .pName = "main",
      };
      n++;
   }
   const VkVertexInputBindingDescription binding = {0, 16, VK_VERTEX_INPUT_RATE_VERTEX};
   const VkVertexInputAttributeDescription attr = {0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0};
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 1,
      .pVertexBindingDescriptions = &binding,
      .vertexAttributeDescriptionCount = 1,
      .pVertexAttributeDescriptions = &attr,
   };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = gs ? VK_PRIMITIVE_TOPOLOGY_POINT_LIST : VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
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
      .pViewportState = &vp,
      .pRasterizationState = &rs,
      .pMultisampleState = &ms,
      .pColorBlendState = &cb,
      .layout = e->layout,
      .renderPass = e->pass,
   };
   VkPipeline pipe = VK_NULL_HANDLE;
   bool ok = VKT_CHECK(vkCreateGraphicsPipelines(t->dev, VK_NULL_HANDLE, 1, &ci, NULL, &pipe));
   for (unsigned i = 0; i < n; i++)
      vkDestroyShaderModule(t->dev, mods[i], NULL);
   if (!ok)
      return false;
   PFN_vkCmdBindTransformFeedbackBuffersEXT bind =
      VKT_PROC(t, vkCmdBindTransformFeedbackBuffersEXT);
   PFN_vkCmdBeginTransformFeedbackEXT begin = VKT_PROC(t, vkCmdBeginTransformFeedbackEXT);
   PFN_vkCmdEndTransformFeedbackEXT end = VKT_PROC(t, vkCmdEndTransformFeedbackEXT);
   for (unsigned b = 0; b < BUFFERS; b++)
      memset(out[b].map, PATTERN, out[b].size);
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   const VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                      .renderPass = e->pass,
                                      .framebuffer = e->fb,
                                      .renderArea = {{0, 0}, {16, 16}}};
   vkCmdBeginRenderPass(cmd, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   const VkDeviceSize zero[BUFFERS] = {0, 0, 0};
   const VkDeviceSize whole[BUFFERS] = {VK_WHOLE_SIZE, VK_WHOLE_SIZE, VK_WHOLE_SIZE};
   vkCmdBindVertexBuffers(cmd, 0, 1, &vb->buffer, zero);
   const VkBuffer bufs[BUFFERS] = {out[0].buffer, out[1].buffer, out[2].buffer};
   bind(cmd, 0, BUFFERS, bufs, zero, whole);
   begin(cmd, 0, 0, NULL, NULL);
   vkCmdDraw(cmd, VERTICES, 1, 0, 0);
   end(cmd, 0, 0, NULL, NULL);
   vkCmdEndRenderPass(cmd);
   vkt_cmd_barrier(cmd);
   ok = vkt_cmd_submit_wait(t, cmd);
   vkDestroyPipeline(t->dev, pipe, NULL);
   return ok;
}

static void
run(const char *name, const struct kgl_shader_desc *descs, unsigned n)
{
   struct env e;
   struct arena *arena = arena_create(NULL);
   struct vkt_buffer vb, ref[BUFFERS], got[BUFFERS];
   if (!env_init(&e)) {
      env_finish(&e);
      arena_destroy(arena);
      return;
   }
   struct vkt *t = &e.t;
   REQUIRE(vkt_buffer_create(t, 16 * VERTICES, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vb));
   const VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT;
   for (unsigned b = 0; b < BUFFERS; b++) {
      REQUIRE(vkt_buffer_create(t, 512, usage, &ref[b]));
      REQUIRE(vkt_buffer_create(t, 512, usage, &got[b]));
   }
   float *p = (float *)vb.map;
   for (unsigned i = 0; i < VERTICES; i++) {
      p[i * 4 + 0] = 0.125f * (float)i - 0.5f;
      p[i * 4 + 1] = 0.25f - 0.0625f * (float)i;
      p[i * 4 + 2] = 0.5f + 0.03125f * (float)i;
      p[i * 4 + 3] = 1.0f + (float)i;
   }
   struct vkt_zink_words glslang, zink;
   if (!vkt_zink_compile(descs, n, KGL_FLAVOUR_VULKAN, false, arena, &glslang) ||
       !capture(&e, &glslang, &vb, ref))
      goto out;
   /* The captured bytes must not be the pattern everywhere (a capture
    * that writes nothing would compare equal). */
   unsigned written = 0;
   for (unsigned i = 0; i < 512; i++)
      written += ref[0].map[i] != PATTERN;
   CHECK(written > 0);
   static const enum kgl_flavour flavours[2] = {KGL_FLAVOUR_AUTO, KGL_FLAVOUR_GL};
   for (unsigned f = 0; f < 2; f++) {
      if (!vkt_zink_compile(descs, n, flavours[f], true, arena, &zink) || !capture(&e, &zink, &vb, got))
         break;
      for (unsigned b = 0; b < BUFFERS; b++) {
         for (unsigned i = 0; i < 512; i++) {
            if (got[b].map[i] != ref[b].map[i]) {
               test_fail(__FILE__, __LINE__,
                         "%s, zink's path (%s flavour): buffer %u byte %u is 0x%02x, "
                         "glslang's 0x%02x",
                         name, f ? "GL" : "auto", b, i, got[b].map[i], ref[b].map[i]);
               break;
            }
         }
      }
   }
out:
   vkt_buffer_destroy(t, &vb);
   for (unsigned b = 0; b < BUFFERS; b++) {
      vkt_buffer_destroy(t, &ref[b]);
      vkt_buffer_destroy(t, &got[b]);
   }
   env_finish(&e);
   arena_destroy(arena);
}

TEST(vertex_shader_capture_glslang_and_zink_agree)
{
   const char *src = vs_src;
   const struct kgl_shader_desc d = {.stage = KGL_STAGE_VERTEX, .strings = &src, .count = 1};
   run("vertex shader", &d, 1);
}

TEST(block_members_builtins_components_glslang_and_zink_agree)
{
   const char *src = blocks_src;
   const struct kgl_shader_desc d = {.stage = KGL_STAGE_VERTEX, .strings = &src, .count = 1};
   run("blocks, built-ins, components", &d, 1);
}

TEST(geometry_streams_capture_glslang_and_zink_agree)
{
   const char *vs = gs_vs_src, *gs = gs_src;
   const struct kgl_shader_desc d[2] = {
      {.stage = KGL_STAGE_VERTEX, .strings = &vs, .count = 1},
      {.stage = KGL_STAGE_GEOMETRY, .strings = &gs, .count = 1},
   };
   run("geometry streams", d, 2);
}
