/* SPDX-License-Identifier: MIT */
#include "nvk_test_util.h"

#include <string.h>

#include "util/test.h"

bool
nvk_test_init(struct nvk_test *t, const char *const *extensions, uint32_t count)
{
   memset(t, 0, sizeof(*t));
   const VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
   if (!CHECK(nvk_CreateInstance(&ici, NULL, &t->instance) == VK_SUCCESS))
      return false;
   uint32_t n = 1;
   PFN_vkEnumeratePhysicalDevices enumerate =
      (PFN_vkEnumeratePhysicalDevices)nvk_GetInstanceProcAddr(t->instance,
                                                              "vkEnumeratePhysicalDevices");
   if (!CHECK(enumerate && enumerate(t->instance, &n, &t->pdev) == VK_SUCCESS)) {
      nvk_DestroyInstance(t->instance, NULL);
      return false;
   }
   const float prio = 1.0f;
   const VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueCount = 1,
      .pQueuePriorities = &prio,
   };
   const VkDeviceCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &qci,
      .enabledExtensionCount = count,
      .ppEnabledExtensionNames = extensions,
   };
   if (!CHECK(nvk_CreateDevice(t->pdev, &dci, NULL, &t->dev) == VK_SUCCESS)) {
      nvk_DestroyInstance(t->instance, NULL);
      return false;
   }
   t->nvk = nvk_device_from_handle(t->dev);
   t->nvk->vk.dispatch_table.GetDeviceQueue(t->dev, 0, 0, &t->queue);
   const VkCommandPoolCreateInfo pci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
   };
   CHECK(nvk_CreateCommandPool(t->dev, &pci, NULL, &t->pool) == VK_SUCCESS);
   return true;
}

void
nvk_test_finish(struct nvk_test *t)
{
   nvk_DeviceWaitIdle(t->dev);
   nvk_DestroyCommandPool(t->dev, t->pool, NULL);
   nvk_DestroyDevice(t->dev, NULL);
   nvk_DestroyInstance(t->instance, NULL);
}

VkBuffer
nvk_test_buffer(struct nvk_test *t, VkDeviceSize size, VkDeviceMemory *mem, void **map)
{
   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = size,
      .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
               VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
               VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT,
   };
   VkBuffer buf = VK_NULL_HANDLE;
   CHECK(nvk_CreateBuffer(t->dev, &bci, NULL, &buf) == VK_SUCCESS);
   VkMemoryRequirements mr;
   nvk_GetBufferMemoryRequirements(t->dev, buf, &mr);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = mr.size,
   };
   CHECK(nvk_AllocateMemory(t->dev, &mai, NULL, mem) == VK_SUCCESS);
   CHECK(nvk_BindBufferMemory(t->dev, buf, *mem, 0) == VK_SUCCESS);
   if (map)
      CHECK(nvk_MapMemory(t->dev, *mem, 0, VK_WHOLE_SIZE, 0, map) == VK_SUCCESS);
   return buf;
}

VkCommandBuffer
nvk_test_cmd_begin(struct nvk_test *t)
{
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = t->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
   };
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   CHECK(nvk_AllocateCommandBuffers(t->dev, &ai, &cmd) == VK_SUCCESS);
   const VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   CHECK(nvk_BeginCommandBuffer(cmd, &bi) == VK_SUCCESS);
   return cmd;
}
