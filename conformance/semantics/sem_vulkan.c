/* SPDX-License-Identifier: MIT */
/*
 * Running a module on a Vulkan device. Everything a run creates is recorded
 * in `struct run` and destroyed in one place, whatever step failed.
 */
#include "semantics.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vulkan/vulkan.h>

#include "kgl.h"
#include "util/macros.h"

#define MAX_SETS 8

struct sem_device {
   VkInstance instance;
   VkPhysicalDevice physical;
   VkDevice device;
   VkQueue queue;
   uint32_t queue_family;
   VkCommandPool pool;
   VkPhysicalDeviceMemoryProperties memory;
   char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
};

static bool PRINTFLIKE(3, 4)
verr(char *error, size_t size, const char *fmt, ...)
{
   va_list va;
   va_start(va, fmt);
   vsnprintf(error, size, fmt, va);
   va_end(va);
   return false;
}

#define VK_CHECK(call, error, size)                                                      \
   do {                                                                                  \
      const VkResult _r = (call);                                                        \
      if (_r != VK_SUCCESS)                                                              \
         return verr(error, size, "%s failed: VkResult %d", #call, (int)_r);             \
   } while (0)

bool
sem_device_create(struct sem_device **out, char *error, size_t error_size)
{
   *out = NULL;
   struct sem_device *dev = calloc(1, sizeof(*dev));
   if (!dev)
      return verr(error, error_size, "out of memory");
   const VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "kiln-semantics",
      .apiVersion = VK_API_VERSION_1_1,
   };
   const VkInstanceCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pApplicationInfo = &app,
   };
   VkResult r = vkCreateInstance(&ici, NULL, &dev->instance);
   if (r != VK_SUCCESS) {
      free(dev);
      return verr(error, error_size, "vkCreateInstance: VkResult %d", (int)r);
   }
   uint32_t count = 1;
   r = vkEnumeratePhysicalDevices(dev->instance, &count, &dev->physical);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || count == 0) {
      sem_device_destroy(dev);
      return verr(error, error_size, "no Vulkan physical device");
   }
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(dev->physical, &props);
   snprintf(dev->name, sizeof(dev->name), "%s", props.deviceName);
   vkGetPhysicalDeviceMemoryProperties(dev->physical, &dev->memory);

   VkQueueFamilyProperties families[16];
   count = 16;
   vkGetPhysicalDeviceQueueFamilyProperties(dev->physical, &count, families);
   dev->queue_family = UINT32_MAX;
   for (uint32_t i = 0; i < count; i++) {
      const VkQueueFlags want = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
      if ((families[i].queueFlags & want) == want) {
         dev->queue_family = i;
         break;
      }
   }
   if (dev->queue_family == UINT32_MAX) {
      sem_device_destroy(dev);
      return verr(error, error_size, "no graphics+compute queue family");
   }
   VkPhysicalDeviceFeatures supported, features = {0};
   vkGetPhysicalDeviceFeatures(dev->physical, &supported);
   features.shaderFloat64 = supported.shaderFloat64;
   features.shaderInt64 = supported.shaderInt64;
   features.fragmentStoresAndAtomics = supported.fragmentStoresAndAtomics;
   features.shaderStorageImageWriteWithoutFormat = supported.shaderStorageImageWriteWithoutFormat;
   features.shaderStorageImageReadWithoutFormat = supported.shaderStorageImageReadWithoutFormat;
   features.shaderClipDistance = supported.shaderClipDistance;
   features.shaderCullDistance = supported.shaderCullDistance;
   features.sampleRateShading = supported.sampleRateShading;
   features.shaderImageGatherExtended = supported.shaderImageGatherExtended;
   const float priority = 1.0f;
   const VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = dev->queue_family,
      .queueCount = 1,
      .pQueuePriorities = &priority,
   };
   const VkDeviceCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &qci,
      .pEnabledFeatures = &features,
   };
   r = vkCreateDevice(dev->physical, &dci, NULL, &dev->device);
   if (r != VK_SUCCESS) {
      sem_device_destroy(dev);
      return verr(error, error_size, "vkCreateDevice: VkResult %d", (int)r);
   }
   vkGetDeviceQueue(dev->device, dev->queue_family, 0, &dev->queue);
   const VkCommandPoolCreateInfo pci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
      .queueFamilyIndex = dev->queue_family,
   };
   r = vkCreateCommandPool(dev->device, &pci, NULL, &dev->pool);
   if (r != VK_SUCCESS) {
      sem_device_destroy(dev);
      return verr(error, error_size, "vkCreateCommandPool: VkResult %d", (int)r);
   }
   *out = dev;
   return true;
}

void
sem_device_destroy(struct sem_device *dev)
{
   if (!dev)
      return;
   if (dev->device) {
      if (dev->pool)
         vkDestroyCommandPool(dev->device, dev->pool, NULL);
      vkDestroyDevice(dev->device, NULL);
   }
   if (dev->instance)
      vkDestroyInstance(dev->instance, NULL);
   free(dev);
}

const char *
sem_device_name(const struct sem_device *dev)
{
   return dev->name;
}

/* ---- one run --------------------------------------------------------------- */

struct buffer {
   VkBuffer buffer;
   VkDeviceMemory memory;
   void *map;
   VkDeviceSize size_B;
};

struct image {
   VkImage image;
   VkDeviceMemory memory;
   VkImageView view;
   VkFormat format;
   struct buffer staging; /* upload and readback */
};

struct run {
   struct sem_device *dev;
   char *error;
   size_t error_size;

   VkShaderModule module, vs_module;
   VkDescriptorSetLayout set_layouts[MAX_SETS];
   uint32_t set_count;
   VkPipelineLayout pipeline_layout;
   VkDescriptorPool descriptor_pool;
   VkDescriptorSet sets[MAX_SETS];
   VkSampler sampler;
   VkRenderPass render_pass;
   VkFramebuffer framebuffer;
   VkPipeline pipeline;
   VkCommandBuffer cmd;
   VkFence fence;

   struct buffer buffers[SEM_MAX_RESOURCES];
   struct image images[SEM_MAX_RESOURCES];
   struct image attachments[SEM_MAX_VARYINGS];
   uint8_t push_data[256];
   uint32_t push_size_B;
};

static bool
find_memory(struct run *run, uint32_t type_bits, VkMemoryPropertyFlags want, uint32_t *index)
{
   const VkPhysicalDeviceMemoryProperties *m = &run->dev->memory;
   for (uint32_t i = 0; i < m->memoryTypeCount; i++) {
      if ((type_bits & (1u << i)) && (m->memoryTypes[i].propertyFlags & want) == want) {
         *index = i;
         return true;
      }
   }
   return verr(run->error, run->error_size, "no memory type with flags 0x%x", want);
}

static bool
buffer_create(struct run *run, VkDeviceSize size_B, VkBufferUsageFlags usage,
              struct buffer *b)
{
   VkDevice d = run->dev->device;
   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = size_B,
      .usage = usage,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
   };
   VK_CHECK(vkCreateBuffer(d, &bci, NULL, &b->buffer), run->error, run->error_size);
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(d, b->buffer, &req);
   uint32_t type = 0;
   if (!find_memory(run, req.memoryTypeBits,
                    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                    &type))
      return false;
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = type,
   };
   VK_CHECK(vkAllocateMemory(d, &mai, NULL, &b->memory), run->error, run->error_size);
   VK_CHECK(vkBindBufferMemory(d, b->buffer, b->memory, 0), run->error, run->error_size);
   VK_CHECK(vkMapMemory(d, b->memory, 0, VK_WHOLE_SIZE, 0, &b->map), run->error,
            run->error_size);
   b->size_B = size_B;
   return true;
}

static void
buffer_destroy(struct run *run, struct buffer *b)
{
   VkDevice d = run->dev->device;
   if (b->buffer)
      vkDestroyBuffer(d, b->buffer, NULL);
   if (b->memory)
      vkFreeMemory(d, b->memory, NULL);
   memset(b, 0, sizeof(*b));
}

static unsigned
format_texel_B(VkFormat f)
{
   switch (f) {
   case VK_FORMAT_R32_SFLOAT:
   case VK_FORMAT_R32_SINT:
   case VK_FORMAT_R32_UINT:
      return 4;
   case VK_FORMAT_R32G32_SFLOAT:
   case VK_FORMAT_R32G32_SINT:
   case VK_FORMAT_R32G32_UINT:
      return 8;
   default:
      return 16;
   }
}

static bool
image_create(struct run *run, VkFormat format, uint32_t extent_px, VkImageUsageFlags usage,
             struct image *img)
{
   VkDevice d = run->dev->device;
   img->format = format;
   const VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = format,
      .extent = {extent_px, extent_px, 1},
      .mipLevels = 1,
      .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   VK_CHECK(vkCreateImage(d, &ici, NULL, &img->image), run->error, run->error_size);
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(d, img->image, &req);
   uint32_t type = 0;
   if (!find_memory(run, req.memoryTypeBits, 0, &type))
      return false;
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = type,
   };
   VK_CHECK(vkAllocateMemory(d, &mai, NULL, &img->memory), run->error, run->error_size);
   VK_CHECK(vkBindImageMemory(d, img->image, img->memory, 0), run->error, run->error_size);
   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = img->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = format,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   VK_CHECK(vkCreateImageView(d, &vci, NULL, &img->view), run->error, run->error_size);
   return buffer_create(run, (VkDeviceSize)extent_px * extent_px * format_texel_B(format),
                        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                        &img->staging);
}

static void
image_destroy(struct run *run, struct image *img)
{
   VkDevice d = run->dev->device;
   if (img->view)
      vkDestroyImageView(d, img->view, NULL);
   if (img->image)
      vkDestroyImage(d, img->image, NULL);
   if (img->memory)
      vkFreeMemory(d, img->memory, NULL);
   buffer_destroy(run, &img->staging);
   memset(img, 0, sizeof(*img));
}

static void
barrier_image(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to)
{
   const VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
      .oldLayout = from,
      .newLayout = to,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 0, NULL, 0, NULL, 1, &b);
}

static void
copy_image(VkCommandBuffer cmd, struct image *img, uint32_t extent_px, bool to_image)
{
   const VkBufferImageCopy region = {
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .imageExtent = {extent_px, extent_px, 1},
   };
   if (to_image)
      vkCmdCopyBufferToImage(cmd, img->staging.buffer, img->image,
                             VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
   else
      vkCmdCopyImageToBuffer(cmd, img->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                             img->staging.buffer, 1, &region);
}

static VkDescriptorType
descriptor_type(enum sem_resource_kind kind)
{
   switch (kind) {
   case SEM_UNIFORM_BUFFER:
      return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
   case SEM_STORAGE_BUFFER:
      return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
   case SEM_STORAGE_IMAGE:
      return VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
   default:
      return VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
   }
}

/* Texel data words for an image of `scalar` type. */
static enum sem_word *
texel_words(enum sem_scalar scalar, size_t count)
{
   enum sem_word *w = malloc(count * sizeof(*w));
   for (size_t i = 0; w && i < count; i++)
      w[i] = scalar == SEM_SCALAR_FLOAT ? SEM_WORD_FLOAT
             : scalar == SEM_SCALAR_INT ? SEM_WORD_INT
                                        : SEM_WORD_UINT;
   return w;
}

static bool
create_resources(struct run *run, const struct sem_interface *iface)
{
   VkDevice d = run->dev->device;
   const VkShaderStageFlags stages =
      iface->stage == SEM_STAGE_COMPUTE ? VK_SHADER_STAGE_COMPUTE_BIT
                                        : VK_SHADER_STAGE_FRAGMENT_BIT;
   VkDescriptorSetLayoutBinding bindings[MAX_SETS][SEM_MAX_RESOURCES];
   uint32_t binding_count[MAX_SETS] = {0};
   VkDescriptorPoolSize pool_sizes[4] = {
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 0},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 0},
      {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 0},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 0},
   };
   run->set_count = 0;
   for (unsigned i = 0; i < iface->resource_count; i++) {
      const struct sem_resource *res = &iface->resources[i];
      if (res->kind == SEM_PUSH_CONSTANTS)
         continue;
      if (res->set >= MAX_SETS)
         return verr(run->error, run->error_size, "descriptor set %u", res->set);
      bindings[res->set][binding_count[res->set]++] = (VkDescriptorSetLayoutBinding){
         .binding = res->binding,
         .descriptorType = descriptor_type(res->kind),
         .descriptorCount = 1,
         .stageFlags = stages,
      };
      for (unsigned p = 0; p < 4; p++)
         if (pool_sizes[p].type == descriptor_type(res->kind))
            pool_sizes[p].descriptorCount++;
      if (res->set + 1 > run->set_count)
         run->set_count = res->set + 1;
   }
   for (uint32_t s = 0; s < run->set_count; s++) {
      const VkDescriptorSetLayoutCreateInfo lci = {
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
         .bindingCount = binding_count[s],
         .pBindings = bindings[s],
      };
      VK_CHECK(vkCreateDescriptorSetLayout(d, &lci, NULL, &run->set_layouts[s]), run->error,
               run->error_size);
   }
   VkPushConstantRange push = {.stageFlags = stages};
   for (unsigned i = 0; i < iface->resource_count; i++) {
      const struct sem_resource *res = &iface->resources[i];
      if (res->kind != SEM_PUSH_CONSTANTS)
         continue;
      if (res->size_B > sizeof(run->push_data))
         return verr(run->error, run->error_size, "%u bytes of push constants",
                     res->size_B);
      push.size = run->push_size_B = res->size_B;
      sem_fill(run->push_data, res->size_B, res->words, sem_seed(~0u, ~0u));
   }
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = run->set_count,
      .pSetLayouts = run->set_layouts,
      .pushConstantRangeCount = push.size ? 1 : 0,
      .pPushConstantRanges = &push,
   };
   VK_CHECK(vkCreatePipelineLayout(d, &plci, NULL, &run->pipeline_layout), run->error,
            run->error_size);
   if (!run->set_count)
      return true;

   VkDescriptorPoolSize used[4];
   uint32_t used_count = 0;
   for (unsigned p = 0; p < 4; p++)
      if (pool_sizes[p].descriptorCount)
         used[used_count++] = pool_sizes[p];
   const VkDescriptorPoolCreateInfo dpci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = run->set_count,
      .poolSizeCount = used_count,
      .pPoolSizes = used,
   };
   VK_CHECK(vkCreateDescriptorPool(d, &dpci, NULL, &run->descriptor_pool), run->error,
            run->error_size);
   const VkDescriptorSetAllocateInfo dsai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = run->descriptor_pool,
      .descriptorSetCount = run->set_count,
      .pSetLayouts = run->set_layouts,
   };
   VK_CHECK(vkAllocateDescriptorSets(d, &dsai, run->sets), run->error, run->error_size);

   const VkSamplerCreateInfo sci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = VK_FILTER_NEAREST,
      .minFilter = VK_FILTER_NEAREST,
      .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .maxLod = 0.0f,
   };
   VK_CHECK(vkCreateSampler(d, &sci, NULL, &run->sampler), run->error, run->error_size);

   for (unsigned i = 0; i < iface->resource_count; i++) {
      const struct sem_resource *res = &iface->resources[i];
      VkDescriptorBufferInfo bi;
      VkDescriptorImageInfo ii;
      VkWriteDescriptorSet write = {
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = run->sets[res->set],
         .dstBinding = res->binding,
         .descriptorCount = 1,
         .descriptorType = descriptor_type(res->kind),
      };
      const uint64_t seed = res->seed;
      if (res->kind == SEM_UNIFORM_BUFFER || res->kind == SEM_STORAGE_BUFFER) {
         struct buffer *b = &run->buffers[i];
         if (!buffer_create(run, res->size_B,
                            res->kind == SEM_UNIFORM_BUFFER ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
                                                            : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                            b))
            return false;
         if (res->gl_state)
            sem_gl_state_fill(b->map, res->size_B);
         else
            sem_fill(b->map, res->size_B, res->words, seed);
         bi = (VkDescriptorBufferInfo){b->buffer, 0, res->size_B};
         write.pBufferInfo = &bi;
      } else if (res->kind == SEM_STORAGE_IMAGE || res->kind == SEM_SAMPLED_IMAGE) {
         struct image *img = &run->images[i];
         if (!image_create(run, (VkFormat)res->vk_format, SEM_IMAGE_EXTENT_PX,
                           res->kind == SEM_STORAGE_IMAGE ? VK_IMAGE_USAGE_STORAGE_BIT
                                                          : VK_IMAGE_USAGE_SAMPLED_BIT,
                           img))
            return false;
         enum sem_word *w = texel_words(res->texel_scalar, img->staging.size_B / 4);
         if (!w)
            return verr(run->error, run->error_size, "out of memory");
         sem_fill(img->staging.map, img->staging.size_B, w, seed);
         free(w);
         ii = (VkDescriptorImageInfo){
            .sampler = run->sampler,
            .imageView = img->view,
            .imageLayout = res->kind == SEM_STORAGE_IMAGE
                              ? VK_IMAGE_LAYOUT_GENERAL
                              : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
         };
         write.pImageInfo = &ii;
      } else {
         continue;
      }
      vkUpdateDescriptorSets(d, 1, &write, 0, NULL);
   }
   return true;
}

/* Uploads image contents and puts images in the layouts their descriptors
 * name. */
static void
record_uploads(struct run *run, const struct sem_interface *iface)
{
   for (unsigned i = 0; i < iface->resource_count; i++) {
      const struct sem_resource *res = &iface->resources[i];
      if (res->kind != SEM_STORAGE_IMAGE && res->kind != SEM_SAMPLED_IMAGE)
         continue;
      struct image *img = &run->images[i];
      barrier_image(run->cmd, img->image, VK_IMAGE_LAYOUT_UNDEFINED,
                    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
      copy_image(run->cmd, img, SEM_IMAGE_EXTENT_PX, true);
      barrier_image(run->cmd, img->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                    res->kind == SEM_STORAGE_IMAGE ? VK_IMAGE_LAYOUT_GENERAL
                                                   : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
   }
}

static void
record_readbacks(struct run *run, const struct sem_interface *iface)
{
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_HOST_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT,
   };
   vkCmdPipelineBarrier(run->cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
   for (unsigned i = 0; i < iface->resource_count; i++) {
      if (iface->resources[i].kind != SEM_STORAGE_IMAGE || !iface->resources[i].writable)
         continue;
      struct image *img = &run->images[i];
      barrier_image(run->cmd, img->image, VK_IMAGE_LAYOUT_GENERAL,
                    VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
      copy_image(run->cmd, img, SEM_IMAGE_EXTENT_PX, false);
   }
   for (unsigned o = 0; o < iface->output_count; o++) {
      struct image *img = &run->attachments[o];
      barrier_image(run->cmd, img->image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                    VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
      copy_image(run->cmd, img, SEM_FRAMEBUFFER_EXTENT_PX, false);
   }
   vkCmdPipelineBarrier(run->cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, NULL, 0, NULL);
}

bool
sem_device_has_extension(const void *data, const char *name)
{
   const struct sem_device *dev = data;
   uint32_t count = 0;
   if (vkEnumerateDeviceExtensionProperties(dev->physical, NULL, &count, NULL) != VK_SUCCESS)
      return false;
   VkExtensionProperties *props = calloc(count ? count : 1, sizeof(*props));
   bool found = false;
   if (props &&
       vkEnumerateDeviceExtensionProperties(dev->physical, NULL, &count, props) == VK_SUCCESS) {
      for (uint32_t i = 0; i < count && !found; i++)
         found = strcmp(props[i].extensionName, name) == 0;
   }
   free(props);
   return found;
}

static bool
create_module(struct run *run, const uint32_t *words, size_t word_count, VkShaderModule *m)
{
   if (!sem_module_capabilities_runnable(words, word_count, sem_device_has_extension, run->dev,
                                         run->error, run->error_size))
      return false;
   const VkShaderModuleCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = word_count * 4,
      .pCode = words,
   };
   VK_CHECK(vkCreateShaderModule(run->dev->device, &ci, NULL, m), run->error,
            run->error_size);
   return true;
}

static const char *const scalar_glsl[3][4] = {
   {"float", "vec2", "vec3", "vec4"},
   {"int", "ivec2", "ivec3", "ivec4"},
   {"uint", "uvec2", "uvec3", "uvec4"},
};

/* A vertex shader for a full-screen triangle that feeds each fragment input
 * fixed per-vertex values (interpolated, or flat for integers), compiled
 * with kgl. */
static bool
build_vertex_shader(struct run *run, const struct sem_interface *iface)
{
   char src[8192];
   int n = snprintf(src, sizeof(src),
                    "#version 450\n"
                    "const vec2 pos[3] = vec2[](vec2(-1.0, -1.0), vec2(3.0, -1.0), "
                    "vec2(-1.0, 3.0));\n");
   for (unsigned i = 0; i < iface->input_count && n < (int)sizeof(src); i++) {
      const struct sem_varying *v = &iface->inputs[i];
      n += snprintf(src + n, sizeof(src) - n, "layout(location = %u) %sout %s v%u;\n",
                    v->location, v->scalar != SEM_SCALAR_FLOAT || v->flat ? "flat " : "",
                    scalar_glsl[v->scalar][v->components - 1], i);
   }
   n += snprintf(src + n, sizeof(src) - n,
                 "void main() {\n"
                 "   gl_Position = vec4(pos[gl_VertexIndex], 0.0, 1.0);\n"
                 "   float k = float(gl_VertexIndex);\n");
   for (unsigned i = 0; i < iface->input_count && n < (int)sizeof(src); i++) {
      const struct sem_varying *v = &iface->inputs[i];
      /* Values that vary per vertex and per input, exactly representable. */
      n += snprintf(src + n, sizeof(src) - n,
                    "   v%u = %s(vec4(k * 0.5 + %u.25, 1.75 - k, k * k - %u.5, %u.0)%s);\n", i,
                    scalar_glsl[v->scalar][v->components - 1], i, i, i + 2,
                    v->components == 4   ? ""
                    : v->components == 3 ? ".xyz"
                    : v->components == 2 ? ".xy"
                                         : ".x");
   }
   n += snprintf(src + n, sizeof(src) - n, "}\n");
   if (n >= (int)sizeof(src))
      return verr(run->error, run->error_size, "vertex shader source too long");

   const char *text = src;
   const struct kgl_shader_desc desc = {
      .stage = KGL_STAGE_VERTEX, .strings = &text, .count = 1, .vulkan_glsl = true};
   const struct kgl_link_options opts = {.flavour = KGL_FLAVOUR_VULKAN};
   struct kgl_program *prog = NULL;
   if (kgl_program_create_from_sources(&desc, 1, &opts, &prog) != KGL_SUCCESS) {
      verr(run->error, run->error_size, "the generated vertex shader did not compile: %s",
           prog ? kgl_program_info_log(prog) : "?");
      kgl_program_destroy(prog);
      return false;
   }
   size_t count;
   const uint32_t *w = kgl_program_spirv(prog, KGL_STAGE_VERTEX, &count);
   const bool ok = w && create_module(run, w, count, &run->vs_module);
   kgl_program_destroy(prog);
   return ok;
}

static VkFormat
attachment_format(const struct sem_varying *v)
{
   static const VkFormat formats[3][4] = {
      {VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT,
       VK_FORMAT_R32G32B32A32_SFLOAT},
      {VK_FORMAT_R32_SINT, VK_FORMAT_R32G32_SINT, VK_FORMAT_R32G32B32A32_SINT,
       VK_FORMAT_R32G32B32A32_SINT},
      {VK_FORMAT_R32_UINT, VK_FORMAT_R32G32_UINT, VK_FORMAT_R32G32B32A32_UINT,
       VK_FORMAT_R32G32B32A32_UINT},
   };
   return formats[v->scalar][v->components - 1];
}

static bool
create_graphics_pipeline(struct run *run, const struct sem_interface *iface)
{
   VkDevice d = run->dev->device;
   if (!build_vertex_shader(run, iface))
      return false;
   VkAttachmentDescription atts[SEM_MAX_VARYINGS];
   VkAttachmentReference refs[SEM_MAX_VARYINGS];
   VkImageView views[SEM_MAX_VARYINGS];
   VkPipelineColorBlendAttachmentState blend[SEM_MAX_VARYINGS];
   uint32_t max_location = 0;
   for (unsigned o = 0; o < iface->output_count; o++)
      max_location = MAX2(max_location, iface->outputs[o].location + 1);
   if (max_location > 8)
      return verr(run->error, run->error_size, "output location %u", max_location - 1);
   for (uint32_t l = 0; l < max_location; l++) {
      refs[l] = (VkAttachmentReference){VK_ATTACHMENT_UNUSED, VK_IMAGE_LAYOUT_UNDEFINED};
      blend[l] = (VkPipelineColorBlendAttachmentState){.colorWriteMask = 0xf};
   }
   for (unsigned o = 0; o < iface->output_count; o++) {
      const struct sem_varying *v = &iface->outputs[o];
      struct image *img = &run->attachments[o];
      if (!image_create(run, attachment_format(v), SEM_FRAMEBUFFER_EXTENT_PX,
                        VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, img))
         return false;
      atts[o] = (VkAttachmentDescription){
         .format = img->format,
         .samples = VK_SAMPLE_COUNT_1_BIT,
         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
         .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
         .finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
      };
      refs[v->location] = (VkAttachmentReference){o, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
      views[o] = img->view;
   }
   const VkSubpassDescription subpass = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
      .colorAttachmentCount = max_location,
      .pColorAttachments = refs,
   };
   const VkRenderPassCreateInfo rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .attachmentCount = iface->output_count,
      .pAttachments = atts,
      .subpassCount = 1,
      .pSubpasses = &subpass,
   };
   VK_CHECK(vkCreateRenderPass(d, &rpci, NULL, &run->render_pass), run->error,
            run->error_size);
   const VkFramebufferCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
      .renderPass = run->render_pass,
      .attachmentCount = iface->output_count,
      .pAttachments = views,
      .width = SEM_FRAMEBUFFER_EXTENT_PX,
      .height = SEM_FRAMEBUFFER_EXTENT_PX,
      .layers = 1,
   };
   VK_CHECK(vkCreateFramebuffer(d, &fci, NULL, &run->framebuffer), run->error,
            run->error_size);

   const VkPipelineShaderStageCreateInfo stages[2] = {
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0,
       VK_SHADER_STAGE_VERTEX_BIT, run->vs_module, "main", NULL},
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0,
       VK_SHADER_STAGE_FRAGMENT_BIT, run->module, iface->entry_point, NULL},
   };
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
   };
   const VkViewport viewport = {0, 0, SEM_FRAMEBUFFER_EXTENT_PX, SEM_FRAMEBUFFER_EXTENT_PX,
                                0, 1};
   const VkRect2D scissor = {{0, 0}, {SEM_FRAMEBUFFER_EXTENT_PX, SEM_FRAMEBUFFER_EXTENT_PX}};
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &viewport,
      .scissorCount = 1,
      .pScissors = &scissor,
   };
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE,
      .lineWidth = 1.0f,
   };
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
   };
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = max_location,
      .pAttachments = blend,
   };
   const VkGraphicsPipelineCreateInfo gpci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .stageCount = 2,
      .pStages = stages,
      .pVertexInputState = &vi,
      .pInputAssemblyState = &ia,
      .pViewportState = &vp,
      .pRasterizationState = &rs,
      .pMultisampleState = &ms,
      .pColorBlendState = &cb,
      .layout = run->pipeline_layout,
      .renderPass = run->render_pass,
   };
   VK_CHECK(vkCreateGraphicsPipelines(d, VK_NULL_HANDLE, 1, &gpci, NULL, &run->pipeline),
            run->error, run->error_size);
   return true;
}

static bool
create_compute_pipeline(struct run *run, const struct sem_interface *iface)
{
   const VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0,
                VK_SHADER_STAGE_COMPUTE_BIT, run->module, iface->entry_point, NULL},
      .layout = run->pipeline_layout,
   };
   VK_CHECK(vkCreateComputePipelines(run->dev->device, VK_NULL_HANDLE, 1, &cpci, NULL,
                                     &run->pipeline),
            run->error, run->error_size);
   return true;
}

static bool
record_and_submit(struct run *run, const struct sem_interface *iface, const uint32_t groups[3])
{
   VkDevice d = run->dev->device;
   const VkCommandBufferAllocateInfo cbai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = run->dev->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
   };
   VK_CHECK(vkAllocateCommandBuffers(d, &cbai, &run->cmd), run->error, run->error_size);
   const VkCommandBufferBeginInfo begin = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   VK_CHECK(vkBeginCommandBuffer(run->cmd, &begin), run->error, run->error_size);
   record_uploads(run, iface);
   const bool compute = iface->stage == SEM_STAGE_COMPUTE;
   const VkPipelineBindPoint bp =
      compute ? VK_PIPELINE_BIND_POINT_COMPUTE : VK_PIPELINE_BIND_POINT_GRAPHICS;
   const VkShaderStageFlags stages =
      compute ? VK_SHADER_STAGE_COMPUTE_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
   if (compute) {
      vkCmdBindPipeline(run->cmd, bp, run->pipeline);
      if (run->set_count)
         vkCmdBindDescriptorSets(run->cmd, bp, run->pipeline_layout, 0, run->set_count,
                                 run->sets, 0, NULL);
      if (run->push_size_B)
         vkCmdPushConstants(run->cmd, run->pipeline_layout, stages, 0, run->push_size_B,
                            run->push_data);
      vkCmdDispatch(run->cmd, groups[0], groups[1], groups[2]);
   } else {
      VkClearValue clears[SEM_MAX_VARYINGS];
      for (unsigned o = 0; o < iface->output_count; o++) {
         /* A value a shader is unlikely to write, the same for both runs. */
         clears[o].color.uint32[0] = clears[o].color.uint32[1] = 0x7eadbeefu;
         clears[o].color.uint32[2] = clears[o].color.uint32[3] = 0x7eadbeefu;
      }
      const VkRenderPassBeginInfo rpbi = {
         .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
         .renderPass = run->render_pass,
         .framebuffer = run->framebuffer,
         .renderArea = {{0, 0}, {SEM_FRAMEBUFFER_EXTENT_PX, SEM_FRAMEBUFFER_EXTENT_PX}},
         .clearValueCount = iface->output_count,
         .pClearValues = clears,
      };
      vkCmdBeginRenderPass(run->cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
      vkCmdBindPipeline(run->cmd, bp, run->pipeline);
      if (run->set_count)
         vkCmdBindDescriptorSets(run->cmd, bp, run->pipeline_layout, 0, run->set_count,
                                 run->sets, 0, NULL);
      if (run->push_size_B)
         vkCmdPushConstants(run->cmd, run->pipeline_layout, stages, 0, run->push_size_B,
                            run->push_data);
      vkCmdDraw(run->cmd, 3, 1, 0, 0);
      vkCmdEndRenderPass(run->cmd);
   }
   record_readbacks(run, iface);
   VK_CHECK(vkEndCommandBuffer(run->cmd), run->error, run->error_size);
   const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VK_CHECK(vkCreateFence(d, &fci, NULL, &run->fence), run->error, run->error_size);
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1,
      .pCommandBuffers = &run->cmd,
   };
   VK_CHECK(vkQueueSubmit(run->dev->queue, 1, &si, run->fence), run->error, run->error_size);
   VK_CHECK(vkWaitForFences(d, 1, &run->fence, VK_TRUE, 10ull * 1000 * 1000 * 1000),
            run->error, run->error_size);
   return true;
}

static bool
add_output(struct sem_result *result, const char *name, const void *data, size_t size_B,
           const enum sem_word *words, enum sem_scalar scalar)
{
   struct sem_output *o = &result->outputs[result->output_count];
   o->data = malloc(size_B ? size_B : 1);
   if (!o->data)
      return false;
   memcpy(o->data, data, size_B);
   o->size_B = size_B;
   o->words = words;
   o->scalar = scalar;
   snprintf(o->name, sizeof(o->name), "%s", name);
   result->output_count++;
   return true;
}

/* Attachment texels keep only the components the output has. */
static bool
add_attachment_output(struct sem_result *result, const struct sem_varying *v,
                      const struct image *img)
{
   const unsigned texel_words = format_texel_B(img->format) / 4;
   const size_t texels = (size_t)SEM_FRAMEBUFFER_EXTENT_PX * SEM_FRAMEBUFFER_EXTENT_PX;
   uint32_t *packed = malloc(texels * v->components * 4);
   if (!packed)
      return false;
   const uint32_t *src = img->staging.map;
   for (size_t t = 0; t < texels; t++)
      for (unsigned c = 0; c < v->components; c++)
         packed[t * v->components + c] = src[t * texel_words + c];
   char name[32];
   snprintf(name, sizeof(name), "color %u", v->location);
   const bool ok =
      add_output(result, name, packed, texels * v->components * 4, NULL, v->scalar);
   free(packed);
   return ok;
}

bool
sem_run(struct sem_device *dev, const uint32_t *words, size_t word_count,
        const struct sem_interface *iface, const uint32_t groups[3],
        struct sem_result *result, char *error, size_t error_size)
{
   memset(result, 0, sizeof(*result));
   struct run *run = calloc(1, sizeof(*run));
   if (!run)
      return verr(error, error_size, "out of memory");
   run->dev = dev;
   run->error = error;
   run->error_size = error_size;
   bool ok = create_module(run, words, word_count, &run->module) &&
             create_resources(run, iface) &&
             (iface->stage == SEM_STAGE_COMPUTE ? create_compute_pipeline(run, iface)
                                                : create_graphics_pipeline(run, iface)) &&
             record_and_submit(run, iface, groups);
   for (unsigned i = 0; ok && i < iface->resource_count; i++) {
      const struct sem_resource *res = &iface->resources[i];
      if (!res->writable)
         continue;
      char name[48];
      snprintf(name, sizeof(name), "set %u binding %u", res->set, res->binding);
      if (res->kind == SEM_STORAGE_BUFFER)
         ok = add_output(result, name, run->buffers[i].map, res->size_B, res->words,
                         SEM_SCALAR_UINT);
      else if (res->kind == SEM_STORAGE_IMAGE)
         ok = add_output(result, name, run->images[i].staging.map,
                         run->images[i].staging.size_B, NULL, res->texel_scalar);
      if (!ok)
         verr(error, error_size, "out of memory");
   }
   for (unsigned o = 0; ok && o < iface->output_count; o++) {
      ok = add_attachment_output(result, &iface->outputs[o], &run->attachments[o]);
      if (!ok)
         verr(error, error_size, "out of memory");
   }

   VkDevice d = dev->device;
   vkDeviceWaitIdle(d);
   if (run->fence)
      vkDestroyFence(d, run->fence, NULL);
   if (run->cmd)
      vkFreeCommandBuffers(d, dev->pool, 1, &run->cmd);
   if (run->pipeline)
      vkDestroyPipeline(d, run->pipeline, NULL);
   if (run->framebuffer)
      vkDestroyFramebuffer(d, run->framebuffer, NULL);
   if (run->render_pass)
      vkDestroyRenderPass(d, run->render_pass, NULL);
   if (run->sampler)
      vkDestroySampler(d, run->sampler, NULL);
   if (run->descriptor_pool)
      vkDestroyDescriptorPool(d, run->descriptor_pool, NULL);
   if (run->pipeline_layout)
      vkDestroyPipelineLayout(d, run->pipeline_layout, NULL);
   for (uint32_t s = 0; s < MAX_SETS; s++)
      if (run->set_layouts[s])
         vkDestroyDescriptorSetLayout(d, run->set_layouts[s], NULL);
   for (unsigned i = 0; i < SEM_MAX_RESOURCES; i++) {
      buffer_destroy(run, &run->buffers[i]);
      image_destroy(run, &run->images[i]);
   }
   for (unsigned i = 0; i < SEM_MAX_VARYINGS; i++)
      image_destroy(run, &run->attachments[i]);
   if (run->vs_module)
      vkDestroyShaderModule(d, run->vs_module, NULL);
   if (run->module)
      vkDestroyShaderModule(d, run->module, NULL);
   free(run);
   if (!ok)
      sem_result_finish(result);
   return ok;
}
