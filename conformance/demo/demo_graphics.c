/* SPDX-License-Identifier: MIT */
/*
 * kiln-demo, stage "graphics": two interlocked tori through a Vulkan
 * graphics pipeline: indexed triangle lists from vertex buffers (position,
 * normal, colour), a vertex shader transforming by push-constant matrices,
 * per-fragment lighting of the interpolated colour (scene.frag), a depth
 * test against a D32 attachment cleared by the render pass, and the colour
 * attachment copied out of the tiled layout. The host only builds the mesh
 * and the matrices.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"
#include "scene_frag.h"
#include "scene_vert.h"

#define DEPTH_FORMAT VK_FORMAT_D32_SFLOAT
#define RINGS        64 /* around the major circle */
#define SIDES        32 /* around the tube */

struct scene_vertex {
   float pos[3];
   float normal[3];
   float color[3];
};

struct transform {
   float mvp[16];
   float model[16];
};

/* Column-major 4x4: m[col * 4 + row]. */
static void
mat_mul(float *out, const float *a, const float *b)
{
   float r[16];
   for (int c = 0; c < 4; c++)
      for (int row = 0; row < 4; row++) {
         float s = 0;
         for (int k = 0; k < 4; k++)
            s += a[k * 4 + row] * b[c * 4 + k];
         r[c * 4 + row] = s;
      }
   memcpy(out, r, sizeof(r));
}

static void
mat_rotation(float *m, float ax, float ay, float az)
{
   const float cx = cosf(ax), sx = sinf(ax), cy = cosf(ay), sy = sinf(ay);
   const float cz = cosf(az), sz = sinf(az);
   const float rx[16] = {1, 0, 0, 0, 0, cx, sx, 0, 0, -sx, cx, 0, 0, 0, 0, 1};
   const float ry[16] = {cy, 0, -sy, 0, 0, 1, 0, 0, sy, 0, cy, 0, 0, 0, 0, 1};
   const float rz[16] = {cz, sz, 0, 0, -sz, cz, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
   float t[16];
   mat_mul(t, ry, rx);
   mat_mul(m, rz, t);
}

/* World -> Vulkan clip space: camera at (0, 0, 5) looking down -z, y down
 * in the framebuffer, depth 0 (near) .. 1 (far). */
static void
mat_view_projection(float *m, float aspect)
{
   const float f = 1.0f / tanf(0.5f * 0.75f), n = 1.0f, fa = 10.0f;
   const float proj[16] = {
      f / aspect,        0, 0, 0, 0, -f, 0, 0, 0, 0, fa / (n - fa), -1, 0, 0,
      n * fa / (n - fa), 0};
   const float view[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -5, 1};
   mat_mul(m, proj, view);
}

/* A torus around the z axis (major radius 1, minor 0.33) in object space,
 * coloured by angle around the ring from `c0` to `c1` and back. */
static void
torus(struct scene_vertex *v, uint32_t *idx, uint32_t base, const float c0[3],
      const float c1[3])
{
   for (int i = 0; i < RINGS; i++) {
      const float u = (float)i / RINGS * 6.2831853f;
      const float t = 0.5f - 0.5f * cosf(u);
      for (int j = 0; j < SIDES; j++) {
         const float w = (float)j / SIDES * 6.2831853f;
         struct scene_vertex *o = &v[i * SIDES + j];
         const float nx = cosf(w) * cosf(u), ny = cosf(w) * sinf(u), nz = sinf(w);
         o->normal[0] = nx, o->normal[1] = ny, o->normal[2] = nz;
         o->pos[0] = cosf(u) + 0.33f * nx;
         o->pos[1] = sinf(u) + 0.33f * ny;
         o->pos[2] = 0.33f * nz;
         for (int k = 0; k < 3; k++)
            o->color[k] = c0[k] + (c1[k] - c0[k]) * t;
      }
   }
   for (int i = 0; i < RINGS; i++) {
      for (int j = 0; j < SIDES; j++) {
         const uint32_t a = base + (uint32_t)(i * SIDES + j);
         const uint32_t b = base + (uint32_t)(((i + 1) % RINGS) * SIDES + j);
         const uint32_t c =
            base + (uint32_t)(((i + 1) % RINGS) * SIDES + (j + 1) % SIDES);
         const uint32_t e = base + (uint32_t)(i * SIDES + (j + 1) % SIDES);
         const uint32_t q[6] = {a, b, c, a, c, e};
         memcpy(idx + 6 * (i * SIDES + j), q, sizeof(q));
      }
   }
}

static int
depth_image_create(struct demo *d, uint32_t size, struct demo_image *img)
{
   const VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = DEPTH_FORMAT,
      .extent = {size, size, 1},
      .mipLevels = 1,
      .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   VK_CHECK(vkCreateImage(d->dev, &ici, NULL, &img->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(d->dev, img->image, &req);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = (uint32_t)find_memory_type(d, req.memoryTypeBits, 0),
   };
   VK_CHECK(vkAllocateMemory(d->dev, &mai, NULL, &img->mem));
   VK_CHECK(vkBindImageMemory(d->dev, img->image, img->mem, 0));
   return 0;
}

static bool
supported(struct demo *d)
{
   VkFormatProperties c, z, v;
   vkGetPhysicalDeviceFormatProperties(d->pdev, DEMO_FORMAT, &c);
   vkGetPhysicalDeviceFormatProperties(d->pdev, DEPTH_FORMAT, &z);
   vkGetPhysicalDeviceFormatProperties(d->pdev, VK_FORMAT_R32G32B32_SFLOAT, &v);
   const char *missing =
      !(c.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)
         ? "colour attachments"
      : !(z.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)
         ? "D32 depth attachments"
      : !(v.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT)
         ? "R32G32B32 vertex fetch"
         : NULL;
   if (missing)
      fprintf(stderr, "kiln-demo: graphics stage unavailable: %s lacks %s\n",
              d->props.deviceName, missing);
   return !missing;
}

static VkResult
make_pipeline(struct demo *d, VkRenderPass pass, VkPipelineLayout layout, uint32_t size,
              VkShaderModule vs, VkShaderModule fs, VkPipeline *pipe)
{
   const VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = fs,
       .pName = "main"},
   };
   const VkVertexInputBindingDescription binding = {0, sizeof(struct scene_vertex),
                                                    VK_VERTEX_INPUT_RATE_VERTEX};
   const VkVertexInputAttributeDescription attrs[3] = {
      {0, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(struct scene_vertex, pos)},
      {1, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(struct scene_vertex, normal)},
      {2, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(struct scene_vertex, color)},
   };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 1,
      .pVertexBindingDescriptions = &binding,
      .vertexAttributeDescriptionCount = 3,
      .pVertexAttributeDescriptions = attrs,
   };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
   };
   const VkViewport viewport = {0, 0, (float)size, (float)size, 0, 1};
   const VkRect2D scissor = {{0, 0}, {size, size}};
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &viewport,
      .scissorCount = 1,
      .pScissors = &scissor,
   };
   /* The tori are closed: back faces are culled (the projection flips y,
    * so object-space counter-clockwise faces stay front-facing). */
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_BACK_BIT,
      .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
      .lineWidth = 1.0f,
   };
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
   };
   const VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = VK_TRUE,
      .depthWriteEnable = VK_TRUE,
      .depthCompareOp = VK_COMPARE_OP_LESS,
   };
   const VkPipelineColorBlendAttachmentState blend = {.colorWriteMask = 0xf};
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &blend,
   };
   const VkGraphicsPipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .stageCount = 2,
      .pStages = stages,
      .pVertexInputState = &vi,
      .pInputAssemblyState = &ia,
      .pViewportState = &vp,
      .pRasterizationState = &rs,
      .pMultisampleState = &ms,
      .pDepthStencilState = &ds,
      .pColorBlendState = &cb,
      .layout = layout,
      .renderPass = pass,
   };
   return vkCreateGraphicsPipelines(d->dev, VK_NULL_HANDLE, 1, &ci, NULL, pipe);
}

static VkRenderPass
make_pass(struct demo *d)
{
   const VkAttachmentDescription atts[2] = {
      {0, DEMO_FORMAT, VK_SAMPLE_COUNT_1_BIT, VK_ATTACHMENT_LOAD_OP_CLEAR,
       VK_ATTACHMENT_STORE_OP_STORE, VK_ATTACHMENT_LOAD_OP_DONT_CARE,
       VK_ATTACHMENT_STORE_OP_DONT_CARE, VK_IMAGE_LAYOUT_UNDEFINED,
       VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL},
      {0, DEPTH_FORMAT, VK_SAMPLE_COUNT_1_BIT, VK_ATTACHMENT_LOAD_OP_CLEAR,
       VK_ATTACHMENT_STORE_OP_DONT_CARE, VK_ATTACHMENT_LOAD_OP_DONT_CARE,
       VK_ATTACHMENT_STORE_OP_DONT_CARE, VK_IMAGE_LAYOUT_UNDEFINED,
       VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL},
   };
   const VkAttachmentReference color = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
   const VkAttachmentReference depth = {1,
                                        VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL};
   const VkSubpassDescription sub = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
      .colorAttachmentCount = 1,
      .pColorAttachments = &color,
      .pDepthStencilAttachment = &depth,
   };
   /* The copy after the pass reads what the pass wrote. */
   const VkSubpassDependency dep = {0,
                                    VK_SUBPASS_EXTERNAL,
                                    VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                                    VK_PIPELINE_STAGE_TRANSFER_BIT,
                                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                                    VK_ACCESS_TRANSFER_READ_BIT,
                                    0};
   const VkRenderPassCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .attachmentCount = 2,
      .pAttachments = atts,
      .subpassCount = 1,
      .pSubpasses = &sub,
      .dependencyCount = 1,
      .pDependencies = &dep,
   };
   VkRenderPass pass = VK_NULL_HANDLE;
   if (vkCreateRenderPass(d->dev, &ci, NULL, &pass) != VK_SUCCESS)
      return VK_NULL_HANDLE;
   return pass;
}

static VkImageView
make_view(struct demo *d, VkImage image, VkFormat format, VkImageAspectFlags aspect)
{
   const VkImageViewCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = format,
      .subresourceRange = {aspect, 0, 1, 0, 1},
   };
   VkImageView view = VK_NULL_HANDLE;
   vkCreateImageView(d->dev, &ci, NULL, &view);
   return view;
}

int
render_graphics(struct demo *d, uint32_t size, uint8_t *out_rgba)
{
   if (!supported(d))
      return 1;
   enum { VERTS = RINGS * SIDES, INDICES = RINGS * SIDES * 6 };
   struct demo_buffer vb, ib, staging;
   struct demo_image canvas, depth;
   const VkDeviceSize canvas_B = (VkDeviceSize)size * size * 4;
   if (buffer_create_usage(d, 2 * VERTS * sizeof(struct scene_vertex),
                           VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vb) ||
       buffer_create_usage(d, 2 * INDICES * sizeof(uint32_t),
                           VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &ib) ||
       buffer_create(d, canvas_B, &staging) ||
       image_create_usage(d, size, size,
                          VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                             VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                          &canvas) ||
       depth_image_create(d, size, &depth))
      return 1;
   const float amber[3] = {0.95f, 0.55f, 0.15f}, rose[3] = {0.85f, 0.2f, 0.4f};
   const float teal[3] = {0.1f, 0.7f, 0.65f}, blue[3] = {0.25f, 0.35f, 0.95f};
   torus(vb.map, ib.map, 0, amber, rose);
   torus((struct scene_vertex *)vb.map + VERTS, (uint32_t *)ib.map + INDICES, VERTS, teal,
         blue);

   VkRenderPass pass = make_pass(d);
   VkImageView views[2] = {
      make_view(d, canvas.image, DEMO_FORMAT, VK_IMAGE_ASPECT_COLOR_BIT),
      make_view(d, depth.image, DEPTH_FORMAT, VK_IMAGE_ASPECT_DEPTH_BIT)};
   const VkFramebufferCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
      .renderPass = pass,
      .attachmentCount = 2,
      .pAttachments = views,
      .width = size,
      .height = size,
      .layers = 1,
   };
   VkFramebuffer fb;
   VK_CHECK(vkCreateFramebuffer(d->dev, &fci, NULL, &fb));
   const VkPushConstantRange pcr = {VK_SHADER_STAGE_VERTEX_BIT, 0,
                                    sizeof(struct transform)};
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &pcr,
   };
   VkPipelineLayout layout;
   VK_CHECK(vkCreatePipelineLayout(d->dev, &plci, NULL, &layout));
   VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = sizeof(scene_vert_spv),
      .pCode = scene_vert_spv,
   };
   VkShaderModule vs, fs;
   VK_CHECK(vkCreateShaderModule(d->dev, &smci, NULL, &vs));
   smci.codeSize = sizeof(scene_frag_spv);
   smci.pCode = scene_frag_spv;
   VK_CHECK(vkCreateShaderModule(d->dev, &smci, NULL, &fs));
   VkPipeline pipe;
   const VkResult r = make_pipeline(d, pass, layout, size, vs, fs, &pipe);
   if (r != VK_SUCCESS) {
      fprintf(stderr,
              "kiln-demo: graphics stage unavailable: vkCreateGraphicsPipelines "
              "returned %d\n",
              (int)r);
      return 1;
   }

   /* Two links of a chain: one ring in the xy plane, the other in the xz
    * plane through it, both turned for the camera. */
   struct transform xf[2];
   float vp[16], view_rot[16], link[2][16];
   mat_view_projection(vp, 1.0f);
   mat_rotation(view_rot, 0.55f, -0.45f, 0.35f);
   const float t0[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -0.5f, 0, 0, 1};
   const float t1[16] = {1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0.5f, 0, 0, 1};
   memcpy(link[0], t0, sizeof(t0));
   memcpy(link[1], t1, sizeof(t1));
   for (int i = 0; i < 2; i++) {
      mat_mul(xf[i].model, view_rot, link[i]);
      mat_mul(xf[i].mvp, vp, xf[i].model);
   }

   const VkCommandBufferBeginInfo begin = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   VK_CHECK(vkResetCommandBuffer(d->cmd, 0));
   VK_CHECK(vkBeginCommandBuffer(d->cmd, &begin));
   const VkClearValue clears[2] = {{.color = {.float32 = {0.06f, 0.07f, 0.12f, 1.0f}}},
                                   {.depthStencil = {1.0f, 0}}};
   const VkRenderPassBeginInfo rpbi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
      .renderPass = pass,
      .framebuffer = fb,
      .renderArea = {{0, 0}, {size, size}},
      .clearValueCount = 2,
      .pClearValues = clears,
   };
   vkCmdBeginRenderPass(d->cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(d->cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   const VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(d->cmd, 0, 1, &vb.buf, &zero);
   vkCmdBindIndexBuffer(d->cmd, ib.buf, 0, VK_INDEX_TYPE_UINT32);
   for (int i = 0; i < 2; i++) {
      vkCmdPushConstants(d->cmd, layout, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(xf[i]),
                         &xf[i]);
      vkCmdDrawIndexed(d->cmd, INDICES, 1, (uint32_t)(i * INDICES), 0, 0);
   }
   vkCmdEndRenderPass(d->cmd);
   const VkBufferImageCopy out_copy = {
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .imageExtent = {size, size, 1},
   };
   vkCmdCopyImageToBuffer(d->cmd, canvas.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                          staging.buf, 1, &out_copy);
   const VkMemoryBarrier host = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT,
   };
   vkCmdPipelineBarrier(d->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &host, 0, NULL, 0, NULL);
   VK_CHECK(vkEndCommandBuffer(d->cmd));
   if (submit_and_wait(d))
      return 1;
   memcpy(out_rgba, staging.map, canvas_B);

   vkDestroyPipeline(d->dev, pipe, NULL);
   vkDestroyShaderModule(d->dev, vs, NULL);
   vkDestroyShaderModule(d->dev, fs, NULL);
   vkDestroyPipelineLayout(d->dev, layout, NULL);
   vkDestroyFramebuffer(d->dev, fb, NULL);
   vkDestroyImageView(d->dev, views[0], NULL);
   vkDestroyImageView(d->dev, views[1], NULL);
   vkDestroyRenderPass(d->dev, pass, NULL);
   image_destroy(d, &depth);
   image_destroy(d, &canvas);
   buffer_destroy(d, &ib);
   buffer_destroy(d, &vb);
   buffer_destroy(d, &staging);
   return 0;
}
