/* SPDX-License-Identifier: MIT */
#include "nvk_cmd_buffer.h"
#include "nvk_host_budget.h"

#include <string.h>

#include "nvk_cmd_pool.h"
#include "nvk_device.h"
#include "nvk_rendering.h"
#include "vk_alloc.h"
#include "vk_log.h"

#define NVK_CMD_BLOCK_SIZE_B (16u * 1024u)

static const char *const nvk_cmd_names[] = {
#define NVK_CMD_NAME(NAME, name) #NAME,
   NVK_CMD_LIST(NVK_CMD_NAME)
#undef NVK_CMD_NAME
};

const char *
nvk_cmd_type_name(enum nvk_cmd_type type)
{
   return type < NVK_CMD_TYPE_COUNT ? nvk_cmd_names[type] : "?";
}

void
nvk_cmd_buffer_set_error(struct nvk_cmd_buffer *cmd, VkResult result)
{
   if (cmd->record_result == VK_SUCCESS)
      cmd->record_result = result;
}

static struct nvk_cmd_block *
nvk_cmd_buffer_new_block(struct nvk_cmd_buffer *cmd, size_t need_B)
{
   /* Reuse a kept block if the command fits. */
   list_for_each_entry(struct nvk_cmd_block, b, &cmd->stream.free_blocks, link) {
      if (b->size_B >= need_B) {
         list_del(&b->link);
         b->used_B = 0;
         return b;
      }
   }
   const size_t size_B = MAX2(need_B, (size_t)NVK_CMD_BLOCK_SIZE_B);
   if (size_B > UINT32_MAX)
      return NULL;
   /* Object scope: blocks belong to the command buffer. */
   struct nvk_cmd_block *b = vk_alloc(&cmd->pool->alloc, sizeof(*b) + size_B, 8,
                                      VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (b) {
      b->size_B = (uint32_t)size_B;
      b->used_B = 0;
   }
   return b;
}

void *
nvk_cmd_buffer_emit(struct nvk_cmd_buffer *cmd, enum nvk_cmd_type type, size_t size_B)
{
   if (cmd->record_result != VK_SUCCESS)
      return NULL;
   size_B = ALIGN_POT(size_B, (size_t)NVK_CMD_ALIGN_B);
   const size_t total_B = sizeof(struct nvk_cmd_header) + size_B;
   if (size_B > UINT32_MAX - sizeof(struct nvk_cmd_header)) {
      nvk_cmd_buffer_set_error(cmd, vk_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY));
      return NULL;
   }

   struct nvk_cmd_block *b = list_is_empty(&cmd->stream.blocks)
                                ? NULL
                                : list_last_entry(&cmd->stream.blocks, struct nvk_cmd_block, link);
   if (!b || b->size_B - b->used_B < total_B) {
      b = nvk_cmd_buffer_new_block(cmd, total_B);
      if (!b) {
         nvk_cmd_buffer_set_error(cmd, vk_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY));
         return NULL;
      }
      list_addtail(&b->link, &cmd->stream.blocks);
   }
   struct nvk_cmd_header *h = (struct nvk_cmd_header *)(b->data + b->used_B);
   h->type = (uint16_t)type;
   h->pad = 0;
   h->size_B = (uint32_t)size_B;
   b->used_B += (uint32_t)total_B;
   void *payload = h + 1;
   memset(payload, 0, size_B);
   return payload;
}

static void
free_block_list(struct nvk_cmd_buffer *cmd, struct list_head *list)
{
   list_for_each_entry_safe(struct nvk_cmd_block, b, list, link) {
      list_del(&b->link);
      vk_free(&cmd->pool->alloc, b);
   }
}

static void
free_push_sets(struct nvk_cmd_buffer *cmd)
{
   for (unsigned b = 0; b < NVK_BIND_POINT_COUNT; b++) {
      for (unsigned s = 0; s < NVK_MAX_SETS; s++) {
         vk_free(&cmd->pool->alloc, cmd->push_sets[b][s].mem);
         cmd->push_sets[b][s].mem = NULL;
         cmd->push_sets[b][s].layout = NULL;
         cmd->push_sets[b][s].size_B = 0;
      }
   }
}

static void
free_rp_state(struct nvk_cmd_buffer *cmd)
{
   vk_free(&cmd->pool->alloc, cmd->rp.attachments);
   memset(&cmd->rp, 0, sizeof(cmd->rp));
   cmd->in_rendering = false;
}

void
nvk_cmd_buffer_reset(struct nvk_cmd_buffer *cmd, bool release_resources)
{
   free_push_sets(cmd);
   free_rp_state(cmd);
   list_splicetail(&cmd->stream.blocks, &cmd->stream.free_blocks);
   if (release_resources)
      free_block_list(cmd, &cmd->stream.free_blocks);
   cmd->record_result = VK_SUCCESS;
   cmd->state = NVK_CMD_BUFFER_INITIAL;
   cmd->usage = 0;
}

void
nvk_cmd_buffer_trim(struct nvk_cmd_buffer *cmd)
{
   free_block_list(cmd, &cmd->stream.free_blocks);
}

void
nvk_cmd_buffer_destroy(struct nvk_cmd_buffer *cmd)
{
   free_block_list(cmd, &cmd->stream.blocks);
   free_block_list(cmd, &cmd->stream.free_blocks);
   free_push_sets(cmd);
   free_rp_state(cmd);
   list_del(&cmd->pool_link);
   const VkAllocationCallbacks alloc = cmd->pool->alloc;
   vk_object_base_finish(&cmd->base);
   vk_free(&alloc, cmd);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_AllocateCommandBuffers(VkDevice _device, const VkCommandBufferAllocateInfo *pAllocateInfo,
                           VkCommandBuffer *pCommandBuffers)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_cmd_pool, pool, pAllocateInfo->commandPool);
   uint32_t i = 0;
   /* A count the host cannot hold fails before the first allocation. */
   if (!nvk_host_budget_fits(pAllocateInfo->commandBufferCount, sizeof(struct nvk_cmd_buffer),
                             0))
      goto fail;
   for (i = 0; i < pAllocateInfo->commandBufferCount; i++) {
      struct nvk_cmd_buffer *cmd =
         vk_zalloc(&pool->alloc, sizeof(*cmd), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!cmd)
         goto fail;
      vk_object_base_init(&dev->vk, &cmd->base, VK_OBJECT_TYPE_COMMAND_BUFFER);
      cmd->pool = pool;
      cmd->dev = dev;
      cmd->level = pAllocateInfo->level;
      list_inithead(&cmd->stream.blocks);
      list_inithead(&cmd->stream.free_blocks);
      list_addtail(&cmd->pool_link, &pool->cmd_buffers);
      pCommandBuffers[i] = nvk_cmd_buffer_to_handle(cmd);
   }
   return VK_SUCCESS;

fail:
   /* Spec (Vulkan 1.3, 6.3): on failure, free what this call made and set
    * every handle to NULL. */
   for (uint32_t j = 0; j < i; j++)
      nvk_cmd_buffer_destroy(nvk_cmd_buffer_from_handle(pCommandBuffers[j]));
   for (uint32_t j = 0; j < pAllocateInfo->commandBufferCount; j++)
      pCommandBuffers[j] = VK_NULL_HANDLE;
   return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
}

VKAPI_ATTR void VKAPI_CALL
nvk_FreeCommandBuffers(VkDevice device, VkCommandPool commandPool, uint32_t commandBufferCount,
                       const VkCommandBuffer *pCommandBuffers)
{
   for (uint32_t i = 0; i < commandBufferCount; i++) {
      VK_FROM_HANDLE(nvk_cmd_buffer, cmd, pCommandBuffers[i]);
      if (cmd)
         nvk_cmd_buffer_destroy(cmd);
   }
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_ResetCommandBuffer(VkCommandBuffer commandBuffer, VkCommandBufferResetFlags flags)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   nvk_cmd_buffer_reset(cmd, flags & VK_COMMAND_BUFFER_RESET_RELEASE_RESOURCES_BIT);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_BeginCommandBuffer(VkCommandBuffer commandBuffer, const VkCommandBufferBeginInfo *pBeginInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   /* Beginning a recorded buffer resets it implicitly. */
   if (cmd->state != NVK_CMD_BUFFER_INITIAL)
      nvk_cmd_buffer_reset(cmd, false);
   cmd->usage = pBeginInfo->flags;
   cmd->state = NVK_CMD_BUFFER_RECORDING;
   /* A secondary that continues a render pass instance (or rendering). */
   cmd->in_rendering = cmd->level == VK_COMMAND_BUFFER_LEVEL_SECONDARY &&
                       (pBeginInfo->flags & VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_EndCommandBuffer(VkCommandBuffer commandBuffer)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   if (cmd->record_result != VK_SUCCESS) {
      cmd->state = NVK_CMD_BUFFER_INVALID;
      return cmd->record_result;
   }
   cmd->state = NVK_CMD_BUFFER_EXECUTABLE;
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdExecuteCommands(VkCommandBuffer commandBuffer, uint32_t commandBufferCount,
                       const VkCommandBuffer *pCommandBuffers)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_execute_commands *p = nvk_cmd_buffer_emit(
      cmd, NVK_CMD_EXECUTE_COMMANDS, sizeof(*p) + commandBufferCount * sizeof(p->cmds[0]));
   if (!p)
      return;
   p->count = commandBufferCount;
   for (uint32_t i = 0; i < commandBufferCount; i++)
      p->cmds[i] = nvk_cmd_buffer_from_handle(pCommandBuffers[i]);
}

/* Commands run one after the other, each complete before the next starts
 * (nvk_cmd_exec.h: the executor), except draws the rasterizer defers inside
 * a rendering: a barrier there (a subpass self-dependency) records a flush.
 * Otherwise, with device memory being host memory that is always coherent,
 * every execution and memory dependency a barrier can express is already
 * satisfied, so barriers record nothing. Image layout transitions
 * change nothing either: one layout serves every VkImageLayout. */
VKAPI_ATTR void VKAPI_CALL
nvk_CmdPipelineBarrier(VkCommandBuffer commandBuffer, VkPipelineStageFlags srcStageMask,
                       VkPipelineStageFlags dstStageMask, VkDependencyFlags dependencyFlags,
                       uint32_t memoryBarrierCount, const VkMemoryBarrier *pMemoryBarriers,
                       uint32_t bufferMemoryBarrierCount,
                       const VkBufferMemoryBarrier *pBufferMemoryBarriers,
                       uint32_t imageMemoryBarrierCount,
                       const VkImageMemoryBarrier *pImageMemoryBarriers)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   nvk_cmd_buffer_flush_rendering(cmd);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdPipelineBarrier2(VkCommandBuffer commandBuffer, const VkDependencyInfo *pDependencyInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   nvk_cmd_buffer_flush_rendering(cmd);
}

void
nvk_cmd_buffer_flush_rendering(struct nvk_cmd_buffer *cmd)
{
   if (cmd->in_rendering)
      nvk_cmd_buffer_emit(cmd, NVK_CMD_FLUSH, sizeof(struct nvk_cmd_flush));
}

static void
emit_label(struct nvk_cmd_buffer *cmd, enum nvk_cmd_type type, const char *name)
{
   const size_t len = name ? strlen(name) : 0;
   struct nvk_cmd_label *p = nvk_cmd_buffer_emit(cmd, type, sizeof(*p) + len + 1);
   if (!p)
      return;
   p->len = (uint32_t)len;
   if (len)
      memcpy(p->name, name, len);
   p->name[len] = '\0';
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdBeginDebugUtilsLabelEXT(VkCommandBuffer commandBuffer,
                               const VkDebugUtilsLabelEXT *pLabelInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   emit_label(cmd, NVK_CMD_BEGIN_LABEL, pLabelInfo->pLabelName);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdEndDebugUtilsLabelEXT(VkCommandBuffer commandBuffer)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   nvk_cmd_buffer_emit(cmd, NVK_CMD_END_LABEL, 0);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdInsertDebugUtilsLabelEXT(VkCommandBuffer commandBuffer,
                                const VkDebugUtilsLabelEXT *pLabelInfo)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   emit_label(cmd, NVK_CMD_INSERT_LABEL, pLabelInfo->pLabelName);
}
