/* SPDX-License-Identifier: MIT */
#include "bench_vk.h"

#include <stdio.h>

#define CHECK_VK(x)                                                                      \
   do {                                                                                  \
      const VkResult r_ = (x);                                                           \
      if (r_ != VK_SUCCESS) {                                                            \
         fprintf(stderr, "%s: %s: %d\n", app_name, #x, (int)r_);                         \
         return false;                                                                   \
      }                                                                                  \
   } while (0)

bool
bench_vk_init(struct bench_vk *bv, const char *app_name, char *device_name,
              size_t device_name_size)
{
   const VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = app_name,
      .apiVersion = VK_API_VERSION_1_0,
   };
   CHECK_VK(vkCreateInstance(&(VkInstanceCreateInfo){
                                .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                .pApplicationInfo = &app},
                             NULL, &bv->instance));
   uint32_t n = 1;
   const VkResult r = vkEnumeratePhysicalDevices(bv->instance, &n, &bv->pdev);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || n == 0) {
      fprintf(stderr, "%s: no Vulkan device\n", app_name);
      return false;
   }
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(bv->pdev, &props);
   snprintf(device_name, device_name_size, "%s", props.deviceName);
   vkGetPhysicalDeviceMemoryProperties(bv->pdev, &bv->mem);

   /* Vulkan 1.3, 5.1: a compute or graphics family can transfer too. */
   uint32_t nq = 8;
   VkQueueFamilyProperties qf[8];
   vkGetPhysicalDeviceQueueFamilyProperties(bv->pdev, &nq, qf);
   uint32_t family = 0;
   while (family < nq &&
          !(qf[family].queueFlags &
            (VK_QUEUE_TRANSFER_BIT | VK_QUEUE_COMPUTE_BIT | VK_QUEUE_GRAPHICS_BIT)))
      family++;
   if (family == nq) {
      fprintf(stderr, "%s: no queue family can transfer\n", app_name);
      return false;
   }
   const float prio = 1.0f;
   CHECK_VK(vkCreateDevice(bv->pdev,
                           &(VkDeviceCreateInfo){
                              .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                              .queueCreateInfoCount = 1,
                              .pQueueCreateInfos =
                                 &(VkDeviceQueueCreateInfo){
                                    .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                    .queueFamilyIndex = family,
                                    .queueCount = 1,
                                    .pQueuePriorities = &prio,
                                 },
                           },
                           NULL, &bv->dev));
   vkGetDeviceQueue(bv->dev, family, 0, &bv->queue);
   CHECK_VK(vkCreateCommandPool(bv->dev,
                                &(VkCommandPoolCreateInfo){
                                   .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                   .queueFamilyIndex = family,
                                },
                                NULL, &bv->pool));
   return true;
}

void
bench_vk_finish(struct bench_vk *bv)
{
   if (bv->dev) {
      vkDestroyCommandPool(bv->dev, bv->pool, NULL);
      vkDestroyDevice(bv->dev, NULL);
   }
   if (bv->instance)
      vkDestroyInstance(bv->instance, NULL);
}

uint32_t
bench_vk_mem_type(const struct bench_vk *bv, uint32_t bits, VkMemoryPropertyFlags want)
{
   for (uint32_t i = 0; i < bv->mem.memoryTypeCount; i++) {
      if ((bits & (1u << i)) && (bv->mem.memoryTypes[i].propertyFlags & want) == want)
         return i;
   }
   return UINT32_MAX;
}

bool
bench_vk_buffer_create(struct bench_vk *bv, VkDeviceSize size_B, VkBufferUsageFlags usage,
                       struct bench_vk_buffer *b)
{
   VkResult r = vkCreateBuffer(bv->dev,
                               &(VkBufferCreateInfo){.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                                     .size = size_B,
                                                     .usage = usage},
                               NULL, &b->buffer);
   if (r != VK_SUCCESS)
      goto fail;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(bv->dev, b->buffer, &req);
   const uint32_t type =
      bench_vk_mem_type(bv, req.memoryTypeBits,
                        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   if (type == UINT32_MAX) {
      fprintf(stderr, "bench_vk: no host-visible coherent memory for a buffer\n");
      return false;
   }
   r = vkAllocateMemory(bv->dev,
                        &(VkMemoryAllocateInfo){.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                                .allocationSize = req.size,
                                                .memoryTypeIndex = type},
                        NULL, &b->memory);
   if (r == VK_SUCCESS)
      r = vkBindBufferMemory(bv->dev, b->buffer, b->memory, 0);
   if (r == VK_SUCCESS)
      r = vkMapMemory(bv->dev, b->memory, 0, VK_WHOLE_SIZE, 0, &b->map);
   if (r == VK_SUCCESS)
      return true;
fail:
   fprintf(stderr, "bench_vk: creating a %llu-byte buffer: VkResult %d\n",
           (unsigned long long)size_B, (int)r);
   return false;
}

void
bench_vk_buffer_destroy(struct bench_vk *bv, struct bench_vk_buffer *b)
{
   if (b->buffer)
      vkDestroyBuffer(bv->dev, b->buffer, NULL);
   if (b->memory)
      vkFreeMemory(bv->dev, b->memory, NULL);
   *b = (struct bench_vk_buffer){0};
}

VkCommandBuffer
bench_vk_cmd_begin(struct bench_vk *bv)
{
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   if (vkAllocateCommandBuffers(bv->dev,
                                &(VkCommandBufferAllocateInfo){
                                   .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                   .commandPool = bv->pool,
                                   .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                   .commandBufferCount = 1,
                                },
                                &cmd) != VK_SUCCESS)
      return VK_NULL_HANDLE;
   vkBeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){
                                .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO});
   return cmd;
}
