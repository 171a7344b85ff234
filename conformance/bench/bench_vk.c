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
