/* SPDX-License-Identifier: MIT */
/*
 * A context's timeline semaphore: batch n signals value n, so a fence is a
 * (timeline, value) pair and "is batch n done" one counter read. Timelines
 * belong to the screen (freed with it): a buffer may remember the timeline
 * of a context that is gone.
 */
#include <stdlib.h>

#include "zkv_private.h"

struct zkv_timeline *
zkv_timeline_create(struct zkv_screen *screen, VkResult *result)
{
   struct zkv_timeline *tl = calloc(1, sizeof(*tl));
   if (!tl) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   const VkSemaphoreTypeCreateInfo type = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
      .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
   };
   const VkSemaphoreCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
      .pNext = &type,
   };
   *result = vkCreateSemaphore(screen->dev, &info, NULL, &tl->semaphore);
   if (*result != VK_SUCCESS) {
      free(tl);
      return NULL;
   }
   tl->screen = screen;
   pthread_mutex_lock(&screen->lock);
   const bool ok = dynarray_append(&screen->timelines, struct zkv_timeline *, tl);
   pthread_mutex_unlock(&screen->lock);
   if (!ok) {
      vkDestroySemaphore(screen->dev, tl->semaphore, NULL);
      free(tl);
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   return tl;
}

bool
zkv_timeline_reached(struct zkv_timeline *tl, uint64_t value)
{
   if (value <= tl->completed)
      return true;
   uint64_t now = 0;
   const VkResult r = tl->screen->vk.GetSemaphoreCounterValue(tl->screen->dev, tl->semaphore, &now);
   if (r != VK_SUCCESS) {
      tl->lost = true; /* device lost: nothing more will happen */
      return true;
   }
   if (now > tl->completed)
      tl->completed = now;
   return value <= now;
}

bool
zkv_timeline_wait(struct zkv_timeline *tl, uint64_t value, uint64_t timeout_ns)
{
   if (zkv_timeline_reached(tl, value))
      return true;
   if (value > tl->submitted)
      return false; /* never submitted: waiting would only time out */
   const VkSemaphoreWaitInfo info = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
      .semaphoreCount = 1,
      .pSemaphores = &tl->semaphore,
      .pValues = &value,
   };
   const VkResult r = tl->screen->vk.WaitSemaphores(tl->screen->dev, &info, timeout_ns);
   if (r == VK_TIMEOUT)
      return false;
   if (r == VK_SUCCESS && value > tl->completed)
      tl->completed = value;
   if (r != VK_SUCCESS)
      tl->lost = true;
   return true; /* success, or a lost device */
}
