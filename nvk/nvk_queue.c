/* SPDX-License-Identifier: MIT */
#include "nvk_queue.h"

#include <stdio.h>
#include <string.h>

#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_device.h"
#include "vk_alloc.h"
#include "vk_fence.h"
#include "vk_log.h"
#include "vk_util.h"

struct nvk_queue_job {
   struct list_head link;
   uint32_t wait_count;
   uint32_t cmd_count;
   uint32_t signal_count;
   struct vk_sync_wait *waits;
   struct nvk_cmd_buffer **cmds;
   /* Signal operations: sync and the API value (timelines). */
   struct vk_sync_wait *signals;
};

static void
nvk_queue_report_fault(struct nvk_queue *queue, const struct nvk_exec *ex)
{
   char labels[256] = "", qlabels[256] = "", desc[160] = "";
   size_t len = 0;
   for (uint32_t i = 0; i < MIN2(ex->label_count, NVK_EXEC_MAX_LABELS) && len < sizeof(labels); i++)
      len += snprintf(labels + len, sizeof(labels) - len, "%s%s", i ? " > " : "",
                      ex->labels[i]);
   pthread_mutex_lock(&queue->vk.labels_mutex);
   vk_label_stack_describe(&queue->vk.labels, qlabels, sizeof(qlabels));
   pthread_mutex_unlock(&queue->vk.labels_mutex);
   vk_object_base_describe(ex->cmd ? &ex->cmd->base : NULL, desc, sizeof(desc));
   vk_device_set_lost(&queue->dev->vk, "fault on queue %u in %s%s%s%s%s: %s",
                      queue->vk.index_in_family, desc, labels[0] ? ", labels: " : "", labels,
                      qlabels[0] ? ", queue labels: " : "", qlabels, ex->fault);
}

static void
nvk_queue_run_job(struct nvk_queue *queue, struct nvk_queue_job *job)
{
   struct nvk_exec ex;
   nvk_exec_init(&ex, queue->dev, queue);
   for (uint32_t i = 0; i < job->cmd_count; i++) {
      if (!nvk_exec_cmd_buffer(&ex, job->cmds[i])) {
         nvk_queue_report_fault(queue, &ex);
         return;
      }
   }
}

static void *
nvk_queue_thread(void *arg)
{
   struct nvk_queue *queue = arg;
   struct vk_device *vk_dev = &queue->dev->vk;
   struct vk_sync_domain *sync = &vk_dev->sync;

   vk_sync_domain_lock(sync);
   for (;;) {
      while (list_is_empty(&queue->jobs) && !queue->shutdown)
         vk_sync_domain_wait_locked(sync, UINT64_MAX);
      if (list_is_empty(&queue->jobs))
         break;
      struct nvk_queue_job *job = list_first_entry(&queue->jobs, struct nvk_queue_job, link);

      /* Wait-before-signal: block until the semaphores get there. Device
       * loss or device destruction end the wait, and are tested first: a
       * device destroyed with work still blocked (invalid usage) may have
       * had those semaphores destroyed already. */
      while (!queue->shutdown && !sync->lost &&
             !vk_sync_waits_reached_locked(job->waits, job->wait_count, false))
         vk_sync_domain_wait_locked(
            sync, vk_sync_waits_deadline(job->waits, job->wait_count, UINT64_MAX));
      const bool run = !queue->shutdown && !sync->lost &&
                       vk_sync_waits_reached_locked(job->waits, job->wait_count, false);
      list_del(&job->link);
      vk_sync_domain_unlock(sync);

      if (run)
         nvk_queue_run_job(queue, job);

      vk_sync_domain_lock(sync);
      /* A lost device signals nothing: waiters get VK_ERROR_DEVICE_LOST. */
      if (run && !sync->lost) {
         for (uint32_t i = 0; i < job->signal_count; i++)
            vk_sync_signal_locked(sync, job->signals[i].sync, job->signals[i].value);
      }
      queue->completed++;
      vk_sync_domain_broadcast_locked(sync);
      vk_sync_domain_unlock(sync);
      vk_sync_waits_release(job->waits, job->wait_count, &vk_dev->alloc);
      vk_free(&vk_dev->alloc, job);
      vk_sync_domain_lock(sync);
   }
   vk_sync_domain_unlock(sync);
   return NULL;
}

VkResult
nvk_queue_create(struct nvk_device *dev, const VkDeviceQueueCreateInfo *info,
                 uint32_t index_in_family, struct nvk_queue **queue_out)
{
   struct nvk_queue *queue =
      vk_zalloc(&dev->vk.alloc, sizeof(*queue), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!queue)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   vk_queue_init(&queue->vk, &dev->vk, info, index_in_family);
   queue->dev = dev;
   list_inithead(&queue->jobs);
   if (pthread_create(&queue->thread, NULL, nvk_queue_thread, queue) != 0) {
      vk_queue_finish(&queue->vk);
      vk_free(&dev->vk.alloc, queue);
      return vk_errorf(dev, VK_ERROR_INITIALIZATION_FAILED, "cannot start a queue thread");
   }
   *queue_out = queue;
   return VK_SUCCESS;
}

void
nvk_queue_destroy(struct nvk_queue *queue)
{
   struct vk_sync_domain *sync = &queue->dev->vk.sync;
   vk_sync_domain_lock(sync);
   queue->shutdown = true;
   vk_sync_domain_broadcast_locked(sync);
   vk_sync_domain_unlock(sync);
   pthread_join(queue->thread, NULL);
   /* Jobs left behind (the application destroyed the device with work
    * blocked on a semaphore nobody signals) are dropped. */
   list_for_each_entry_safe(struct nvk_queue_job, job, &queue->jobs, link) {
      list_del(&job->link);
      vk_sync_waits_release(job->waits, job->wait_count, &queue->dev->vk.alloc);
      vk_free(&queue->dev->vk.alloc, job);
   }
   const VkAllocationCallbacks alloc = queue->dev->vk.alloc;
   vk_queue_finish(&queue->vk);
   vk_free(&alloc, queue);
}

VkResult
nvk_queue_wait_idle(struct nvk_queue *queue)
{
   struct vk_sync_domain *sync = &queue->dev->vk.sync;
   vk_sync_domain_lock(sync);
   while (queue->completed < queue->submitted && !sync->lost)
      vk_sync_domain_wait_locked(sync, UINT64_MAX);
   const bool lost = sync->lost;
   vk_sync_domain_unlock(sync);
   return lost ? VK_ERROR_DEVICE_LOST : VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_QueueWaitIdle(VkQueue _queue)
{
   VK_FROM_HANDLE(nvk_queue, queue, _queue);
   return nvk_queue_wait_idle(queue);
}

/* One job for one batch; the fence (if any) goes on the last one. */
static struct nvk_queue_job *
nvk_queue_job_create(struct nvk_queue *queue, const VkSubmitInfo2 *submit, struct vk_sync *fence)
{
   const uint32_t waits = submit ? submit->waitSemaphoreInfoCount : 0;
   const uint32_t cmds = submit ? submit->commandBufferInfoCount : 0;
   const uint32_t signals = (submit ? submit->signalSemaphoreInfoCount : 0) + (fence ? 1 : 0);

   VK_MULTIALLOC(ma);
   VK_MULTIALLOC_DECL(&ma, struct nvk_queue_job, job, 1);
   VK_MULTIALLOC_DECL(&ma, struct vk_sync_wait, wait_array, waits);
   VK_MULTIALLOC_DECL(&ma, struct nvk_cmd_buffer *, cmd_array, cmds);
   VK_MULTIALLOC_DECL(&ma, struct vk_sync_wait, signal_array, signals);
   /* Device scope: the job outlives the vkQueueSubmit call. */
   if (!vk_multialloc_zalloc(&ma, &queue->dev->vk.alloc, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE))
      return NULL;
   job->waits = wait_array;
   job->cmds = cmd_array;
   job->signals = signal_array;
   for (uint32_t i = 0; i < waits; i++) {
      VK_FROM_HANDLE(vk_semaphore, sem, submit->pWaitSemaphoreInfos[i].semaphore);
      /* The payload to wait for is resolved under the lock at queueing. */
      job->waits[job->wait_count++] =
         (struct vk_sync_wait){&sem->sync, submit->pWaitSemaphoreInfos[i].value};
   }
   for (uint32_t i = 0; i < cmds; i++) {
      VK_FROM_HANDLE(nvk_cmd_buffer, cmd, submit->pCommandBufferInfos[i].commandBuffer);
      job->cmds[job->cmd_count++] = cmd;
   }
   for (uint32_t i = 0; submit && i < submit->signalSemaphoreInfoCount; i++) {
      VK_FROM_HANDLE(vk_semaphore, sem, submit->pSignalSemaphoreInfos[i].semaphore);
      job->signals[job->signal_count++] =
         (struct vk_sync_wait){&sem->sync, submit->pSignalSemaphoreInfos[i].value};
   }
   if (fence)
      job->signals[job->signal_count++] = (struct vk_sync_wait){fence, 1};
   return job;
}

static VkResult
nvk_queue_submit(struct nvk_queue *queue, uint32_t count, const VkSubmitInfo2 *submits,
                 VkFence _fence)
{
   VK_FROM_HANDLE(vk_fence, fence, _fence);
   struct nvk_device *dev = queue->dev;
   if (vk_device_is_lost(&dev->vk))
      return VK_ERROR_DEVICE_LOST;

   /* Build every job first so that out-of-memory submits nothing. */
   struct list_head jobs;
   list_inithead(&jobs);
   const uint32_t job_count = MAX2(count, fence ? 1u : 0u);
   for (uint32_t i = 0; i < job_count; i++) {
      struct nvk_queue_job *job =
         nvk_queue_job_create(queue, i < count ? &submits[i] : NULL,
                              fence && i == job_count - 1 ? &fence->sync : NULL);
      if (!job) {
         list_for_each_entry_safe(struct nvk_queue_job, j, &jobs, link)
            vk_free(&dev->vk.alloc, j);
         return vk_error(queue, VK_ERROR_OUT_OF_HOST_MEMORY);
      }
      list_addtail(&job->link, &jobs);
   }

   struct vk_sync_domain *sync = &dev->vk.sync;
   vk_sync_domain_lock(sync);
   list_for_each_entry(struct nvk_queue_job, job, &jobs, link) {
      for (uint32_t i = 0; i < job->wait_count; i++)
         vk_sync_wait_prepare_locked(&job->waits[i]);
      queue->submitted++;
   }
   list_splicetail(&jobs, &queue->jobs);
   vk_sync_domain_broadcast_locked(sync);
   vk_sync_domain_unlock(sync);
   if (vk_debug_flags() & VK_DEBUG_SYNC)
      vk_logi(queue, "submitted %u batch(es)%s", count, fence ? " with a fence" : "");
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_QueueSubmit2(VkQueue _queue, uint32_t submitCount, const VkSubmitInfo2 *pSubmits,
                 VkFence fence)
{
   VK_FROM_HANDLE(nvk_queue, queue, _queue);
   return nvk_queue_submit(queue, submitCount, pSubmits, fence);
}

/* vkQueueSubmit in terms of vkQueueSubmit2: each batch converted on the
 * stack, in chunks, into the *2 structs. */
VKAPI_ATTR VkResult VKAPI_CALL
nvk_QueueSubmit(VkQueue _queue, uint32_t submitCount, const VkSubmitInfo *pSubmits,
                VkFence fence)
{
   VK_FROM_HANDLE(nvk_queue, queue, _queue);
   struct nvk_device *dev = queue->dev;

   uint32_t waits = 0, cmds = 0, signals = 0;
   for (uint32_t i = 0; i < submitCount; i++) {
      waits += pSubmits[i].waitSemaphoreCount;
      cmds += pSubmits[i].commandBufferCount;
      signals += pSubmits[i].signalSemaphoreCount;
   }
   VK_MULTIALLOC(ma);
   VK_MULTIALLOC_DECL(&ma, VkSubmitInfo2, s2, MAX2(submitCount, 1u));
   VK_MULTIALLOC_DECL(&ma, VkSemaphoreSubmitInfo, w2, waits);
   VK_MULTIALLOC_DECL(&ma, VkCommandBufferSubmitInfo, c2, cmds);
   VK_MULTIALLOC_DECL(&ma, VkSemaphoreSubmitInfo, sig2, signals);
   if (!vk_multialloc_zalloc(&ma, &dev->vk.alloc, VK_SYSTEM_ALLOCATION_SCOPE_COMMAND))
      return vk_error(queue, VK_ERROR_OUT_OF_HOST_MEMORY);

   VkSemaphoreSubmitInfo *w = w2, *sg = sig2;
   VkCommandBufferSubmitInfo *c = c2;
   for (uint32_t i = 0; i < submitCount; i++) {
      const VkSubmitInfo *s = &pSubmits[i];
      const VkTimelineSemaphoreSubmitInfo *tl =
         vk_find_struct_const(s->pNext, TIMELINE_SEMAPHORE_SUBMIT_INFO);
      s2[i] = (VkSubmitInfo2){
         .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
         .waitSemaphoreInfoCount = s->waitSemaphoreCount,
         .pWaitSemaphoreInfos = w,
         .commandBufferInfoCount = s->commandBufferCount,
         .pCommandBufferInfos = c,
         .signalSemaphoreInfoCount = s->signalSemaphoreCount,
         .pSignalSemaphoreInfos = sg,
      };
      for (uint32_t j = 0; j < s->waitSemaphoreCount; j++) {
         *w++ = (VkSemaphoreSubmitInfo){
            .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
            .semaphore = s->pWaitSemaphores[j],
            .value = tl && j < tl->waitSemaphoreValueCount && tl->pWaitSemaphoreValues
                        ? tl->pWaitSemaphoreValues[j]
                        : 0,
            .stageMask = s->pWaitDstStageMask[j],
         };
      }
      for (uint32_t j = 0; j < s->commandBufferCount; j++) {
         *c++ = (VkCommandBufferSubmitInfo){
            .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO,
            .commandBuffer = s->pCommandBuffers[j],
         };
      }
      for (uint32_t j = 0; j < s->signalSemaphoreCount; j++) {
         *sg++ = (VkSemaphoreSubmitInfo){
            .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
            .semaphore = s->pSignalSemaphores[j],
            .value = tl && j < tl->signalSemaphoreValueCount && tl->pSignalSemaphoreValues
                        ? tl->pSignalSemaphoreValues[j]
                        : 0,
         };
      }
   }
   VkResult result = nvk_queue_submit(queue, submitCount, s2, fence);
   vk_free(&dev->vk.alloc, s2);
   return result;
}
