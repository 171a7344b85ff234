/* SPDX-License-Identifier: MIT */
#include "nvk_event.h"

#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_device.h"
#include "vk_log.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateEvent(VkDevice _device, const VkEventCreateInfo *pCreateInfo,
                const VkAllocationCallbacks *pAllocator, VkEvent *pEvent)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   struct nvk_event *event =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*event), VK_OBJECT_TYPE_EVENT);
   if (!event)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   *pEvent = nvk_event_to_handle(event);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyEvent(VkDevice _device, VkEvent _event, const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_event, event, _event);
   vk_object_free(&dev->vk, pAllocator, event);
}

static void
nvk_event_write(struct nvk_device *dev, struct nvk_event *event, bool value)
{
   vk_sync_domain_lock(&dev->vk.sync);
   event->set = value;
   vk_sync_domain_broadcast_locked(&dev->vk.sync);
   vk_sync_domain_unlock(&dev->vk.sync);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetEventStatus(VkDevice _device, VkEvent _event)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_event, event, _event);
   if (vk_device_is_lost(&dev->vk))
      return VK_ERROR_DEVICE_LOST;
   vk_sync_domain_lock(&dev->vk.sync);
   const bool set = event->set;
   vk_sync_domain_unlock(&dev->vk.sync);
   return set ? VK_EVENT_SET : VK_EVENT_RESET;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_SetEvent(VkDevice _device, VkEvent _event)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   nvk_event_write(dev, nvk_event_from_handle(_event), true);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_ResetEvent(VkDevice _device, VkEvent _event)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   nvk_event_write(dev, nvk_event_from_handle(_event), false);
   return VK_SUCCESS;
}

static void
emit_set_event(VkCommandBuffer commandBuffer, VkEvent _event, bool value)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_set_event *p = nvk_cmd_buffer_emit(cmd, NVK_CMD_SET_EVENT, sizeof(*p));
   if (!p)
      return;
   p->event = nvk_event_from_handle(_event);
   p->value = value;
}

/* Commands complete in order (nvk_cmd_exec.h), so "set once the source
 * stages are done" is simply "set when replay gets here". */
VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetEvent(VkCommandBuffer commandBuffer, VkEvent event, VkPipelineStageFlags stageMask)
{
   emit_set_event(commandBuffer, event, true);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetEvent2(VkCommandBuffer commandBuffer, VkEvent event,
                 const VkDependencyInfo *pDependencyInfo)
{
   emit_set_event(commandBuffer, event, true);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdResetEvent(VkCommandBuffer commandBuffer, VkEvent event, VkPipelineStageFlags stageMask)
{
   emit_set_event(commandBuffer, event, false);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdResetEvent2(VkCommandBuffer commandBuffer, VkEvent event,
                   VkPipelineStageFlags2 stageMask)
{
   emit_set_event(commandBuffer, event, false);
}

void
nvk_exec_set_event(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_set_event *p = payload;
   /* Draws before the set are done when a waiter (the host too) sees it. */
   nvk_exec_flush_rendering(ex);
   nvk_event_write(ex->dev, p->event, p->value);
}

static void
emit_wait_events(VkCommandBuffer commandBuffer, uint32_t eventCount, const VkEvent *pEvents)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_wait_events *p = nvk_cmd_buffer_emit(
      cmd, NVK_CMD_WAIT_EVENTS, sizeof(*p) + eventCount * sizeof(p->events[0]));
   if (!p)
      return;
   p->count = eventCount;
   for (uint32_t i = 0; i < eventCount; i++)
      p->events[i] = nvk_event_from_handle(pEvents[i]);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdWaitEvents(VkCommandBuffer commandBuffer, uint32_t eventCount, const VkEvent *pEvents,
                  VkPipelineStageFlags srcStageMask, VkPipelineStageFlags dstStageMask,
                  uint32_t memoryBarrierCount, const VkMemoryBarrier *pMemoryBarriers,
                  uint32_t bufferMemoryBarrierCount,
                  const VkBufferMemoryBarrier *pBufferMemoryBarriers,
                  uint32_t imageMemoryBarrierCount,
                  const VkImageMemoryBarrier *pImageMemoryBarriers)
{
   emit_wait_events(commandBuffer, eventCount, pEvents);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdWaitEvents2(VkCommandBuffer commandBuffer, uint32_t eventCount, const VkEvent *pEvents,
                   const VkDependencyInfo *pDependencyInfos)
{
   emit_wait_events(commandBuffer, eventCount, pEvents);
}

void
nvk_exec_wait_events(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_wait_events *p = payload;
   nvk_exec_flush_rendering(ex);
   struct vk_sync_domain *sync = &ex->dev->vk.sync;
   const uint64_t deadline = nvk_exec_tdr_deadline(ex);

   vk_sync_domain_lock(sync);
   for (uint32_t i = 0; i < p->count; i++) {
      /* An event the host sets later is allowed (Vulkan 1.3, 7.5: vkSetEvent
       * after submission); one nobody sets would hang a GPU until its
       * watchdog fires, and so it does here. */
      while (!p->events[i]->set) {
         if (sync->lost) {
            nvk_exec_fault(ex, "device lost while waiting for an event");
            goto out;
         }
         if (!vk_sync_domain_wait_locked(sync, deadline) && !p->events[i]->set) {
            nvk_exec_fault(ex, "vkCmdWaitEvents: event %p not set within %llu ms",
                           (void *)p->events[i],
                           (unsigned long long)(ex->dev->tdr_ns / 1000000));
            goto out;
         }
      }
   }
out:
   vk_sync_domain_unlock(sync);
}
