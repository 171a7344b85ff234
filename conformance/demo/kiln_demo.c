/* SPDX-License-Identifier: MIT */
/*
 * kiln-demo: the README's main job.
 *
 * Renders a picture headlessly through the furthest stage of the stack that
 * exists and writes it as a PNG, saying which driver rendered it and which
 * stage was used. Stages, furthest first:
 *
 *   gl        OpenGL through zink on our Vulkan driver     (not yet built)
 *   graphics  two interlocked, lit, vertex-coloured tori through a Vulkan
 *             graphics pipeline (demo_graphics.c: vertex/index buffers, a
 *             vertex shader with push-constant matrices, per-fragment
 *             lighting, a depth test in a render pass).
 *   compute   a Julia set computed by a compute shader (julia.comp: SPIR-V ->
 *             spirv_to_nir -> the driver's IR -> its SIMD interpreter), coloured
 *             by sampling the palette with a linear filter, written to a
 *             storage image, copied out of the tiled layout.
 *   transfer  Vulkan transfer commands on the device: a buffer-to-image copy
 *             into a tiled image, a bilinear and a flipped nearest blit, a
 *             clear, and an image-to-buffer copy out of the tiled layout.
 *
 * When a stage cannot run on the driver it says why and falls back to the
 * next. It never fakes a stage: every pixel of the output was produced by
 * the driver's commands; the host only supplies the 4x4 palette.
 * It runs on whatever Vulkan driver the loader gives it (the wrapper gives it
 * ours), so the same program can be pointed at lavapipe for comparison.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

#include "util/png.h"

#include "demo.h"
#include "julia_spv.h"

int
fail(const char *what, VkResult r)
{
   fprintf(stderr, "kiln-demo: %s failed: VkResult %d\n", what, (int)r);
   return 1;
}

int
find_memory_type(const struct demo *d, uint32_t bits, VkMemoryPropertyFlags want)
{
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(d->pdev, &mp);
   for (uint32_t i = 0; i < mp.memoryTypeCount; i++) {
      if ((bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want)
         return (int)i;
   }
   return -1;
}

static int
demo_init(struct demo *d)
{
   const VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "kiln-demo",
      .apiVersion = VK_API_VERSION_1_0,
   };
   const VkInstanceCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pApplicationInfo = &app,
   };
   VK_CHECK(vkCreateInstance(&ici, NULL, &d->instance));

   uint32_t count = 1;
   VkResult r = vkEnumeratePhysicalDevices(d->instance, &count, &d->pdev);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0)
      return fail("vkEnumeratePhysicalDevices (no device)", r);
   vkGetPhysicalDeviceProperties(d->pdev, &d->props);

   uint32_t nqf = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(d->pdev, &nqf, NULL);
   VkQueueFamilyProperties qfp[16];
   nqf = nqf > 16 ? 16 : nqf;
   vkGetPhysicalDeviceQueueFamilyProperties(d->pdev, &nqf, qfp);
   d->queue_family = UINT32_MAX;
   for (uint32_t i = 0; i < nqf; i++) {
      /* Graphics and compute queues support transfer implicitly. */
      if (qfp[i].queueFlags & (VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT |
                               VK_QUEUE_TRANSFER_BIT)) {
         d->queue_family = i;
         break;
      }
   }
   if (d->queue_family == UINT32_MAX)
      return fail("finding a queue family", VK_ERROR_FEATURE_NOT_PRESENT);

   const float prio = 1.0f;
   const VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = d->queue_family,
      .queueCount = 1,
      .pQueuePriorities = &prio,
   };
   const VkDeviceCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &qci,
   };
   VK_CHECK(vkCreateDevice(d->pdev, &dci, NULL, &d->dev));
   vkGetDeviceQueue(d->dev, d->queue_family, 0, &d->queue);

   const VkCommandPoolCreateInfo pci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
      .queueFamilyIndex = d->queue_family,
   };
   VK_CHECK(vkCreateCommandPool(d->dev, &pci, NULL, &d->pool));
   const VkCommandBufferAllocateInfo cai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = d->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
   };
   VK_CHECK(vkAllocateCommandBuffers(d->dev, &cai, &d->cmd));
   return 0;
}

int
buffer_create(struct demo *d, VkDeviceSize size_B, struct demo_buffer *b)
{
   return buffer_create_usage(d, size_B,
                              VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                              b);
}

int
buffer_create_usage(struct demo *d, VkDeviceSize size_B, VkBufferUsageFlags usage,
                    struct demo_buffer *b)
{
   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = size_B,
      .usage = usage,
   };
   VK_CHECK(vkCreateBuffer(d->dev, &bci, NULL, &b->buf));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(d->dev, b->buf, &req);
   const int type = find_memory_type(d, req.memoryTypeBits,
                                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                        VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   if (type < 0)
      return fail("finding host-visible memory", VK_ERROR_FEATURE_NOT_PRESENT);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = (uint32_t)type,
   };
   VK_CHECK(vkAllocateMemory(d->dev, &mai, NULL, &b->mem));
   VK_CHECK(vkBindBufferMemory(d->dev, b->buf, b->mem, 0));
   VK_CHECK(vkMapMemory(d->dev, b->mem, 0, VK_WHOLE_SIZE, 0, &b->map));
   return 0;
}

int
image_create_usage(struct demo *d, uint32_t w, uint32_t h, VkImageUsageFlags usage,
                   struct demo_image *img)
{
   const VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = DEMO_FORMAT,
      .extent = {w, h, 1},
      .mipLevels = 1,
      .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      /* OPTIMAL: on kiln this is NVIDIA block-linear. */
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = usage,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   VK_CHECK(vkCreateImage(d->dev, &ici, NULL, &img->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(d->dev, img->image, &req);
   int type = find_memory_type(d, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
   if (type < 0)
      type = find_memory_type(d, req.memoryTypeBits, 0);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = (uint32_t)type,
   };
   VK_CHECK(vkAllocateMemory(d->dev, &mai, NULL, &img->mem));
   VK_CHECK(vkBindImageMemory(d->dev, img->image, img->mem, 0));
   return 0;
}

static int
image_create(struct demo *d, uint32_t w, uint32_t h, struct demo_image *img)
{
   return image_create_usage(d, w, h,
                             VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                             img);
}

void
image_destroy(struct demo *d, struct demo_image *img)
{
   vkDestroyImage(d->dev, img->image, NULL);
   vkFreeMemory(d->dev, img->mem, NULL);
}

void
buffer_destroy(struct demo *d, struct demo_buffer *b)
{
   vkDestroyBuffer(d->dev, b->buf, NULL);
   vkFreeMemory(d->dev, b->mem, NULL);
}

void
barrier_stages(struct demo *d, VkImage image, VkImageLayout from, VkImageLayout to,
               VkAccessFlags src_access, VkAccessFlags dst_access,
               VkPipelineStageFlags src_stage, VkPipelineStageFlags dst_stage)
{
   const VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = src_access,
      .dstAccessMask = dst_access,
      .oldLayout = from,
      .newLayout = to,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   vkCmdPipelineBarrier(d->cmd, src_stage, dst_stage, 0, 0, NULL, 0, NULL, 1, &b);
}

static void
barrier(struct demo *d, VkImage image, VkImageLayout from, VkImageLayout to,
        VkAccessFlags src_access, VkAccessFlags dst_access)
{
   barrier_stages(d, image, from, to, src_access, dst_access, VK_PIPELINE_STAGE_TRANSFER_BIT,
                  VK_PIPELINE_STAGE_TRANSFER_BIT);
}

static const uint8_t demo_palette[4][4][4] = {
   {{230, 57, 70, 255}, {241, 150, 50, 255}, {252, 220, 80, 255}, {120, 200, 80, 255}},
   {{200, 40, 120, 255}, {40, 30, 60, 255}, {30, 40, 70, 255}, {60, 180, 170, 255}},
   {{140, 60, 200, 255}, {30, 40, 70, 255}, {40, 30, 60, 255}, {50, 140, 220, 255}},
   {{90, 80, 230, 255}, {70, 120, 240, 255}, {60, 170, 230, 255}, {240, 240, 250, 255}},
};

int
submit_and_wait(struct demo *d)
{
   const VkSubmitInfo submit = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1,
      .pCommandBuffers = &d->cmd,
   };
   VK_CHECK(vkQueueSubmit(d->queue, 1, &submit, VK_NULL_HANDLE));
   VK_CHECK(vkQueueWaitIdle(d->queue));
   return 0;
}

/* Stage "transfer": every output pixel comes from the device's copy, blit
 * and clear paths, through a block-linear (OPTIMAL) image. */
static int
render_transfer(struct demo *d, uint32_t size, uint8_t *out_rgba)
{
   struct demo_buffer staging;
   struct demo_image pal, canvas;
   const VkDeviceSize canvas_B = (VkDeviceSize)size * size * 4;
   if (buffer_create(d, canvas_B, &staging) || image_create(d, 4, 4, &pal) ||
       image_create(d, size, size, &canvas))
      return 1;
   memcpy(staging.map, demo_palette, sizeof(demo_palette));

   const VkCommandBufferBeginInfo begin = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   VK_CHECK(vkBeginCommandBuffer(d->cmd, &begin));

   /* Palette: host buffer -> tiled 4x4 image. */
   barrier(d, pal.image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
           VK_ACCESS_TRANSFER_WRITE_BIT);
   const VkBufferImageCopy pal_copy = {
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .imageExtent = {4, 4, 1},
   };
   vkCmdCopyBufferToImage(d->cmd, staging.buf, pal.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                          1, &pal_copy);
   barrier(d, pal.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
           VK_ACCESS_TRANSFER_READ_BIT);

   /* Canvas: clear, then a bilinear blit of the palette over all of it. */
   barrier(d, canvas.image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
           0, VK_ACCESS_TRANSFER_WRITE_BIT);
   const VkClearColorValue grey = {.float32 = {0.1f, 0.1f, 0.12f, 1.0f}};
   const VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   vkCmdClearColorImage(d->cmd, canvas.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &grey, 1,
                        &range);
   barrier(d, canvas.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
           VK_ACCESS_TRANSFER_WRITE_BIT);

   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(d->pdev, DEMO_FORMAT, &fp);
   const VkFilter smooth = (fp.optimalTilingFeatures &
                            VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)
                              ? VK_FILTER_LINEAR
                              : VK_FILTER_NEAREST;
   const int32_t s = (int32_t)size, m = s / 16;
   const VkImageBlit full = {
      .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .srcOffsets = {{0, 0, 0}, {4, 4, 1}},
      .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .dstOffsets = {{m, m, 0}, {s - m, s - m, 1}},
   };
   vkCmdBlitImage(d->cmd, pal.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, canvas.image,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &full, smooth);
   /* A flipped (x and y), nearest-filtered inset in the middle. */
   const VkImageBlit inset = {
      .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .srcOffsets = {{4, 4, 0}, {0, 0, 1}},
      .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .dstOffsets = {{s * 3 / 8, s * 3 / 8, 0}, {s * 5 / 8, s * 5 / 8, 1}},
   };
   vkCmdBlitImage(d->cmd, pal.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, canvas.image,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &inset, VK_FILTER_NEAREST);

   /* Out of the tiled layout into a linear buffer. */
   barrier(d, canvas.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
           VK_ACCESS_TRANSFER_READ_BIT);
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
   vkCmdPipelineBarrier(d->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                        1, &host, 0, NULL, 0, NULL);
   VK_CHECK(vkEndCommandBuffer(d->cmd));
   if (submit_and_wait(d))
      return 1;
   memcpy(out_rgba, staging.map, canvas_B);

   image_destroy(d, &canvas);
   image_destroy(d, &pal);
   buffer_destroy(d, &staging);
   return 0;
}

/* Stage "compute": julia.comp writes every pixel. Returns non-zero (after
 * saying why) when the driver cannot run it, so main() can fall back. */
static int
render_compute(struct demo *d, uint32_t size, uint8_t *out_rgba)
{
   VkPhysicalDeviceFeatures feats;
   vkGetPhysicalDeviceFeatures(d->pdev, &feats);
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(d->pdev, DEMO_FORMAT, &fp);
   const VkFormatFeatureFlags need = VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT |
                                     VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
                                     VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
   if ((fp.optimalTilingFeatures & need) != need) {
      fprintf(stderr, "kiln-demo: compute stage unavailable: %s lacks storage/sampled "
                      "features for R8G8B8A8_UNORM\n", d->props.deviceName);
      return 1;
   }

   struct demo_buffer staging;
   struct demo_image pal, canvas;
   const VkDeviceSize canvas_B = (VkDeviceSize)size * size * 4;
   if (buffer_create(d, canvas_B, &staging) ||
       image_create_usage(d, 4, 4, VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                          &pal) ||
       image_create_usage(d, size, size,
                          VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &canvas))
      return 1;
   memcpy(staging.map, demo_palette, sizeof(demo_palette));

   VkImageView pal_view, canvas_view;
   VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = pal.image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = DEMO_FORMAT,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   VK_CHECK(vkCreateImageView(d->dev, &vci, NULL, &pal_view));
   vci.image = canvas.image;
   VK_CHECK(vkCreateImageView(d->dev, &vci, NULL, &canvas_view));

   const VkSamplerCreateInfo sci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = VK_FILTER_LINEAR,
      .minFilter = VK_FILTER_LINEAR,
      .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .maxLod = 0.0f,
   };
   VkSampler sampler;
   VK_CHECK(vkCreateSampler(d->dev, &sci, NULL, &sampler));

   const VkDescriptorSetLayoutBinding bindings[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
   };
   const VkDescriptorSetLayoutCreateInfo dslci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = 2,
      .pBindings = bindings,
   };
   VkDescriptorSetLayout dsl;
   VK_CHECK(vkCreateDescriptorSetLayout(d->dev, &dslci, NULL, &dsl));
   const VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 16};
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = &dsl,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &pcr,
   };
   VkPipelineLayout layout;
   VK_CHECK(vkCreatePipelineLayout(d->dev, &plci, NULL, &layout));

   const VkDescriptorPoolSize pool_sizes[] = {
      {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1},
   };
   const VkDescriptorPoolCreateInfo dpci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 1,
      .poolSizeCount = 2,
      .pPoolSizes = pool_sizes,
   };
   VkDescriptorPool dpool;
   VK_CHECK(vkCreateDescriptorPool(d->dev, &dpci, NULL, &dpool));
   const VkDescriptorSetAllocateInfo dsai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = dpool,
      .descriptorSetCount = 1,
      .pSetLayouts = &dsl,
   };
   VkDescriptorSet set;
   VK_CHECK(vkAllocateDescriptorSets(d->dev, &dsai, &set));
   const VkDescriptorImageInfo storage_info = {VK_NULL_HANDLE, canvas_view,
                                               VK_IMAGE_LAYOUT_GENERAL};
   const VkDescriptorImageInfo sampled_info = {sampler, pal_view,
                                               VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
   const VkWriteDescriptorSet writes[] = {
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = 0,
       .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
       .pImageInfo = &storage_info},
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set, .dstBinding = 1,
       .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
       .pImageInfo = &sampled_info},
   };
   vkUpdateDescriptorSets(d->dev, 2, writes, 0, NULL);

   const VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = sizeof(julia_spv),
      .pCode = julia_spv,
   };
   VkShaderModule module;
   VK_CHECK(vkCreateShaderModule(d->dev, &smci, NULL, &module));
   const VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {
         .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
         .stage = VK_SHADER_STAGE_COMPUTE_BIT,
         .module = module,
         .pName = "main",
      },
      .layout = layout,
   };
   VkPipeline pipeline;
   VkResult r = vkCreateComputePipelines(d->dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline);
   if (r != VK_SUCCESS) {
      fprintf(stderr, "kiln-demo: compute stage unavailable: vkCreateComputePipelines "
                      "returned %d\n", (int)r);
      return 1;
   }

   const VkCommandBufferBeginInfo begin = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   VK_CHECK(vkResetCommandBuffer(d->cmd, 0));
   VK_CHECK(vkBeginCommandBuffer(d->cmd, &begin));
   barrier(d, pal.image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
           VK_ACCESS_TRANSFER_WRITE_BIT);
   const VkBufferImageCopy pal_copy = {
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .imageExtent = {4, 4, 1},
   };
   vkCmdCopyBufferToImage(d->cmd, staging.buf, pal.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                          1, &pal_copy);
   barrier_stages(d, pal.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
                  VK_ACCESS_SHADER_READ_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                  VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
   barrier_stages(d, canvas.image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL, 0,
                  VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                  VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);

   vkCmdBindPipeline(d->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
   vkCmdBindDescriptorSets(d->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0,
                           NULL);
   const struct {
      float c[2];
      float scale;
      uint32_t size;
   } params = {{-0.79f, 0.156f}, 3.2f, size};
   vkCmdPushConstants(d->cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(params), &params);
   vkCmdDispatch(d->cmd, (size + 7) / 8, (size + 7) / 8, 1);

   barrier_stages(d, canvas.image, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                  VK_ACCESS_SHADER_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                  VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
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
   vkCmdPipelineBarrier(d->cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                        1, &host, 0, NULL, 0, NULL);
   VK_CHECK(vkEndCommandBuffer(d->cmd));
   if (submit_and_wait(d))
      return 1;
   memcpy(out_rgba, staging.map, canvas_B);

   vkDestroyPipeline(d->dev, pipeline, NULL);
   vkDestroyShaderModule(d->dev, module, NULL);
   vkDestroyDescriptorPool(d->dev, dpool, NULL);
   vkDestroyPipelineLayout(d->dev, layout, NULL);
   vkDestroyDescriptorSetLayout(d->dev, dsl, NULL);
   vkDestroySampler(d->dev, sampler, NULL);
   vkDestroyImageView(d->dev, canvas_view, NULL);
   vkDestroyImageView(d->dev, pal_view, NULL);
   image_destroy(d, &canvas);
   image_destroy(d, &pal);
   buffer_destroy(d, &staging);
   return 0;
}

static void
demo_finish(struct demo *d)
{
   if (d->dev) {
      vkDestroyCommandPool(d->dev, d->pool, NULL);
      vkDestroyDevice(d->dev, NULL);
   }
   if (d->instance)
      vkDestroyInstance(d->instance, NULL);
}

static void
usage(void)
{
   fprintf(stderr, "usage: kiln-demo [-o OUT.png] [-s SIZE]\n"
                   "Renders through the furthest stage of the kiln stack that exists.\n"
                   "Run it under kiln-run to use kiln's driver.\n");
}

int
main(int argc, char **argv)
{
   const char *out = "kiln-demo.png";
   uint32_t size = 512;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "-o") && i + 1 < argc) {
         out = argv[++i];
      } else if (!strcmp(argv[i], "-s") && i + 1 < argc) {
         size = (uint32_t)strtoul(argv[++i], NULL, 0);
      } else {
         usage();
         return 2;
      }
   }
   if (size < 16 || size > 4096) {
      fprintf(stderr, "kiln-demo: size must be 16..4096\n");
      return 2;
   }

   struct demo d = {0};
   if (demo_init(&d)) {
      demo_finish(&d);
      return 1;
   }
   printf("kiln-demo: Vulkan device: %s (type %d, API %u.%u.%u)\n", d.props.deviceName,
          (int)d.props.deviceType, VK_API_VERSION_MAJOR(d.props.apiVersion),
          VK_API_VERSION_MINOR(d.props.apiVersion), VK_API_VERSION_PATCH(d.props.apiVersion));
   printf("kiln-demo: the gl stage (OpenGL through zink) is not built yet\n");

   uint8_t *pixels = malloc((size_t)size * size * 4);
   if (!pixels) {
      demo_finish(&d);
      return 1;
   }
   const char *stage = "graphics";
   int ret = render_graphics(&d, size, pixels);
   if (ret != 0) {
      stage = "compute";
      ret = render_compute(&d, size, pixels);
   }
   if (ret != 0) {
      stage = "transfer";
      ret = render_transfer(&d, size, pixels);
   }
   if (ret == 0) {
      if (!strcmp(stage, "graphics"))
         printf("kiln-demo: stage: graphics (two interlocked tori through a Vulkan graphics "
                "pipeline: vertex and index buffers, a vertex shader, per-fragment lighting "
                "of interpolated colours, a depth test, a render pass)\n");
      else if (!strcmp(stage, "compute"))
         printf("kiln-demo: stage: compute (a Julia set in a compute shader: storage image, "
                "sampled palette, push constants)\n");
      else
         printf("kiln-demo: stage: transfer (Vulkan copy/blit/clear through a tiled image)\n");
   }
   demo_finish(&d);
   if (ret == 0) {
      const int err = util_png_write(out, size, size, 4, pixels, (size_t)size * 4);
      if (err) {
         fprintf(stderr, "kiln-demo: writing %s: %s\n", out, strerror(-err));
         ret = 1;
      } else {
         printf("kiln-demo: wrote %s (%ux%u, stage %s, rendered by %s)\n", out, size, size,
                stage, d.props.deviceName);
      }
   }
   free(pixels);
   return ret;
}
