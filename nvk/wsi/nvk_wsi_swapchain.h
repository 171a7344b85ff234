/* SPDX-License-Identifier: MIT */
/*
 * VkSwapchainKHR (VK_KHR_swapchain): LINEAR host-visible images, a display
 * thread that shows presented images in order, paced by the present mode.
 *
 * An image is IDLE (acquirable), ACQUIRED (the application's) or QUEUED
 * (presented: waiting for its rendering, then for its turn on screen).
 * vkQueuePresentKHR submits one queue job that waits for the present's
 * semaphores and then signals each image's `ready` timeline semaphore to
 * its present_seq; the display thread waits for that value, so a present
 * shows only rendered pixels. Everything below the lock comment is under
 * the device's sync domain (vk_sync.h), which is also what acquires sleep
 * on and what the queue's signals broadcast.
 */
#ifndef NVK_WSI_SWAPCHAIN_H
#define NVK_WSI_SWAPCHAIN_H

#include <pthread.h>

#include "nvk_wsi.h"
#include "vk_object.h"

struct nvk_device;

enum nvk_swapchain_image_state {
   NVK_SWAPCHAIN_IMAGE_IDLE,
   NVK_SWAPCHAIN_IMAGE_ACQUIRED,
   NVK_SWAPCHAIN_IMAGE_QUEUED,
};

struct nvk_swapchain_image {
   VkImage image;
   VkDeviceMemory memory;
   const uint8_t *map;
   uint64_t row_pitch_B;
   /* Timeline: reaches present_seq when the present's waits are done. */
   VkSemaphore ready;

   /* Under the lock. */
   uint64_t present_seq;
   enum nvk_swapchain_image_state state;
   /* When it became IDLE (a counter): acquire takes the oldest. */
   uint64_t idle_order;
   /* The mode of its present (VK_EXT_swapchain_maintenance1 switches it
    * per present). */
   VkPresentModeKHR present_mode;
   /* When the display thread saw its rendering done (0: not yet). */
   uint64_t ready_ns;
   /* QUEUED, but not to be shown (replaced in MAILBOX, or out of date). */
   bool drop;
   /* FIFO on a platform with its own refresh: waited for it (and with
    * what result, see nvk_wsi_platform::wait_refresh). */
   bool refresh_waited;
   VkResult refresh_result;
};

struct nvk_swapchain {
   struct vk_object_base base;
   struct nvk_device *dev;
   VkIcdSurfaceBase *surface;
   const struct nvk_wsi_platform *platform;
   void *platform_data;
   VkFormat format;
   VkExtent2D extent_px;
   VkPresentModeKHR present_mode;
   pthread_t thread;
   /* The refresh clock: vblanks at epoch_ns + k * refresh_ns. */
   uint64_t epoch_ns;
   uint64_t refresh_ns;

   /* Under the lock. */
   /* VK_SUCCESS, or the error every later acquire/present returns
    * (VK_ERROR_SURFACE_LOST_KHR, VK_ERROR_OUT_OF_DATE_KHR). */
   VkResult status;
   bool retired;  /* an oldSwapchain of a newer one */
   bool shutdown;
   uint64_t idle_counter;
   uint64_t last_shown_ns;
   uint64_t shown_count;
   /* Presented images in order: a ring of image_count. */
   uint32_t queue_head, queue_count;
   uint32_t *queue;

   uint32_t image_count;
   struct nvk_swapchain_image images[];
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_swapchain, base, VkSwapchainKHR,
                               VK_OBJECT_TYPE_SWAPCHAIN_KHR)

/* The display thread (nvk_wsi_display.c). */
void *nvk_swapchain_display_thread(void *arg);

#endif /* NVK_WSI_SWAPCHAIN_H */
