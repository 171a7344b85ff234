/* SPDX-License-Identifier: MIT */
#include "nvk_cmd_pool.h"

#include "nvk_cmd_buffer.h"
#include "nvk_device.h"
#include "vk_alloc.h"
#include "vk_log.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateCommandPool(VkDevice _device, const VkCommandPoolCreateInfo *pCreateInfo,
                      const VkAllocationCallbacks *pAllocator, VkCommandPool *pCommandPool)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   struct nvk_cmd_pool *pool =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*pool), VK_OBJECT_TYPE_COMMAND_POOL);
   if (!pool)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   pool->dev = dev;
   pool->alloc = *vk_alloc_choose(&dev->vk.alloc, pAllocator);
   pool->flags = pCreateInfo->flags;
   pool->queue_family_index = pCreateInfo->queueFamilyIndex;
   list_inithead(&pool->cmd_buffers);
   *pCommandPool = nvk_cmd_pool_to_handle(pool);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyCommandPool(VkDevice _device, VkCommandPool commandPool,
                       const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_cmd_pool, pool, commandPool);
   if (!pool)
      return;
   /* Destroying a pool frees its command buffers (Vulkan 1.3, 6.2). */
   list_for_each_entry_safe(struct nvk_cmd_buffer, cmd, &pool->cmd_buffers, pool_link)
      nvk_cmd_buffer_destroy(cmd);
   vk_object_free(&dev->vk, pAllocator, pool);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_ResetCommandPool(VkDevice device, VkCommandPool commandPool, VkCommandPoolResetFlags flags)
{
   VK_FROM_HANDLE(nvk_cmd_pool, pool, commandPool);
   list_for_each_entry(struct nvk_cmd_buffer, cmd, &pool->cmd_buffers, pool_link)
      nvk_cmd_buffer_reset(cmd, flags & VK_COMMAND_POOL_RESET_RELEASE_RESOURCES_BIT);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_TrimCommandPool(VkDevice device, VkCommandPool commandPool, VkCommandPoolTrimFlags flags)
{
   VK_FROM_HANDLE(nvk_cmd_pool, pool, commandPool);
   /* Give back the blocks command buffers keep for reuse. */
   list_for_each_entry(struct nvk_cmd_buffer, cmd, &pool->cmd_buffers, pool_link)
      nvk_cmd_buffer_trim(cmd);
}
