/* SPDX-License-Identifier: MIT */
/* VkSwapchainKHR: creation, images, acquire and present (nvk_wsi_swapchain.h). */
#include "nvk_wsi_swapchain.h"

#include "nvk_device.h"
#include "nvk_queue.h"
#include "util/os.h"
#include "vk_alloc.h"
#include "vk_entrypoints.h"
#include "vk_fence.h"
#include "vk_log.h"
#include "vk_util.h"

static bool
nvk_wsi_format_supported(VkFormat format)
{
   return format == VK_FORMAT_B8G8R8A8_UNORM || format == VK_FORMAT_B8G8R8A8_SRGB ||
          format == VK_FORMAT_R8G8B8A8_UNORM || format == VK_FORMAT_R8G8B8A8_SRGB;
}

static void
nvk_swapchain_image_finish(struct nvk_device *dev, struct nvk_swapchain_image *img)
{
   VkDevice device = nvk_device_to_handle(dev);
   vk_common_DestroySemaphore(device, img->ready, NULL);
   nvk_DestroyImage(device, img->image, NULL);
   nvk_FreeMemory(device, img->memory, NULL);
}

/* A LINEAR image in its own host-visible memory, mapped for the copy out. */
static VkResult
nvk_swapchain_image_init(struct nvk_device *dev, const VkSwapchainCreateInfoKHR *ci,
                         struct nvk_swapchain_image *img)
{
   VkDevice device = nvk_device_to_handle(dev);
   const VkImageFormatListCreateInfo *list =
      vk_find_struct_const(ci->pNext, IMAGE_FORMAT_LIST_CREATE_INFO);
   const VkImageCreateInfo image_ci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .pNext = list,
      /* VK_KHR_swapchain_mutable_format: the implied image parameters
       * (Vulkan 1.3.250, vkCreateSwapchainKHR) are MUTABLE_FORMAT and
       * EXTENDED_USAGE with the swapchain's format list. */
      .flags = (ci->flags & VK_SWAPCHAIN_CREATE_MUTABLE_FORMAT_BIT_KHR)
                  ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT | VK_IMAGE_CREATE_EXTENDED_USAGE_BIT
                  : 0,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = ci->imageFormat,
      .extent = {ci->imageExtent.width, ci->imageExtent.height, 1},
      .mipLevels = 1,
      .arrayLayers = ci->imageArrayLayers,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_LINEAR,
      .usage = ci->imageUsage,
      .sharingMode = ci->imageSharingMode,
      .queueFamilyIndexCount = ci->queueFamilyIndexCount,
      .pQueueFamilyIndices = ci->pQueueFamilyIndices,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   VkResult result = nvk_CreateImage(device, &image_ci, NULL, &img->image);
   if (result != VK_SUCCESS) {
      /* An image the device cannot make: usage/flags beyond the surface's. */
      return result == VK_ERROR_OUT_OF_HOST_MEMORY || result == VK_ERROR_OUT_OF_DEVICE_MEMORY
                ? result
                : vk_errorf(dev, VK_ERROR_INITIALIZATION_FAILED,
                            "no swapchain image of format %d, usage 0x%x", ci->imageFormat,
                            ci->imageUsage);
   }
   VkMemoryRequirements req;
   nvk_GetImageMemoryRequirements(device, img->image, &req);
   /* Every memory type is host-visible and coherent: the lowest allowed. */
   const VkMemoryAllocateInfo alloc_info = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req.size,
      .memoryTypeIndex = (uint32_t)__builtin_ctz(req.memoryTypeBits),
   };
   result = nvk_AllocateMemory(device, &alloc_info, NULL, &img->memory);
   if (result != VK_SUCCESS)
      goto fail_image;
   result = nvk_BindImageMemory(device, img->image, img->memory, 0);
   if (result != VK_SUCCESS)
      goto fail_memory;
   void *map;
   result = nvk_MapMemory(device, img->memory, 0, VK_WHOLE_SIZE, 0, &map);
   if (result != VK_SUCCESS)
      goto fail_memory;
   img->map = map;
   const VkImageSubresource sub = {.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT};
   VkSubresourceLayout layout;
   nvk_GetImageSubresourceLayout(device, img->image, &sub, &layout);
   img->map += layout.offset;
   img->row_pitch_B = layout.rowPitch;

   const VkSemaphoreTypeCreateInfo type_ci = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
      .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
   };
   const VkSemaphoreCreateInfo sem_ci = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
      .pNext = &type_ci,
   };
   result = vk_common_CreateSemaphore(device, &sem_ci, NULL, &img->ready);
   if (result != VK_SUCCESS)
      goto fail_memory;
   img->state = NVK_SWAPCHAIN_IMAGE_IDLE;
   return VK_SUCCESS;

fail_memory:
   nvk_FreeMemory(device, img->memory, NULL);
fail_image:
   nvk_DestroyImage(device, img->image, NULL);
   return result;
}

static void
nvk_swapchain_destroy(struct nvk_swapchain *sc, const VkAllocationCallbacks *alloc,
                      uint32_t images_made, bool thread_started)
{
   struct nvk_device *dev = sc->dev;
   if (thread_started) {
      /* The thread drains the queue (each image once rendered) and ends. */
      vk_sync_domain_lock(&dev->vk.sync);
      sc->shutdown = true;
      vk_sync_domain_broadcast_locked(&dev->vk.sync);
      vk_sync_domain_unlock(&dev->vk.sync);
      pthread_join(sc->thread, NULL);
      sc->platform->swapchain_finish(sc);
   }
   for (uint32_t i = 0; i < images_made; i++)
      nvk_swapchain_image_finish(dev, &sc->images[i]);
   vk_free2(&dev->vk.alloc, alloc, sc->queue);
   vk_object_free(&dev->vk, alloc, sc);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateSwapchainKHR(VkDevice device, const VkSwapchainCreateInfoKHR *pCreateInfo,
                       const VkAllocationCallbacks *pAllocator, VkSwapchainKHR *pSwapchain)
{
   VK_FROM_HANDLE(nvk_device, dev, device);
   VK_FROM_HANDLE(nvk_swapchain, old, pCreateInfo->oldSwapchain);
   const VkSwapchainCreateInfoKHR *ci = pCreateInfo;

   /* Vulkan 1.3.239, vkCreateSwapchainKHR: oldSwapchain is retired "even
    * if creation of the new swapchain fails". */
   if (old) {
      vk_sync_domain_lock(&dev->vk.sync);
      old->retired = true;
      vk_sync_domain_broadcast_locked(&dev->vk.sync);
      vk_sync_domain_unlock(&dev->vk.sync);
   }

   VkIcdSurfaceBase *surface = nvk_wsi_surface(ci->surface);
   const struct nvk_wsi_platform *platform = nvk_wsi_platform_of(surface);
   if (platform == NULL)
      return vk_errorf(dev, VK_ERROR_SURFACE_LOST_KHR, "unknown surface platform");
   VkExtent2D window_px;
   VkResult result = platform->get_extent(surface, &window_px);
   if (result != VK_SUCCESS)
      return vk_errorf(dev, result, "the %s surface is gone", platform->name);
   if (!nvk_wsi_format_supported(ci->imageFormat) ||
       ci->imageColorSpace != VK_COLOR_SPACE_SRGB_NONLINEAR_KHR)
      return vk_errorf(dev, VK_ERROR_INITIALIZATION_FAILED,
                       "format %d / colour space %d is not a surface format",
                       ci->imageFormat, ci->imageColorSpace);
   if (ci->imageExtent.width == 0 || ci->imageExtent.height == 0 ||
       ci->imageArrayLayers != 1 || ci->minImageCount > 16)
      return vk_errorf(dev, VK_ERROR_INITIALIZATION_FAILED,
                       "extent %ux%u x %u layers, %u images: outside the surface's limits",
                       ci->imageExtent.width, ci->imageExtent.height, ci->imageArrayLayers,
                       ci->minImageCount);

   /* At least two, so that FIFO can show one while one is drawn. */
   const uint32_t image_count = MAX2(ci->minImageCount, 2u);
   struct nvk_swapchain *sc = vk_object_zalloc(
      &dev->vk, pAllocator, sizeof(*sc) + image_count * sizeof(sc->images[0]),
      VK_OBJECT_TYPE_SWAPCHAIN_KHR);
   if (sc == NULL)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   sc->dev = dev;
   sc->surface = surface;
   sc->platform = platform;
   sc->format = ci->imageFormat;
   sc->extent_px = ci->imageExtent;
   sc->present_mode = ci->presentMode;
   sc->image_count = image_count;
   sc->refresh_ns = NVK_WSI_REFRESH_NS;
   sc->epoch_ns = util_time_ns();
   sc->last_shown_ns = sc->epoch_ns;
   sc->queue = vk_alloc2(&dev->vk.alloc, pAllocator, image_count * sizeof(uint32_t), 4,
                         VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (sc->queue == NULL) {
      nvk_swapchain_destroy(sc, pAllocator, 0, false);
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   }
   for (uint32_t i = 0; i < image_count; i++) {
      result = nvk_swapchain_image_init(dev, ci, &sc->images[i]);
      if (result != VK_SUCCESS) {
         nvk_swapchain_destroy(sc, pAllocator, i, false);
         return result;
      }
      sc->images[i].idle_order = ++sc->idle_counter;
   }
   result = platform->swapchain_init(sc);
   if (result != VK_SUCCESS) {
      nvk_swapchain_destroy(sc, pAllocator, image_count, false);
      return result;
   }
   if (pthread_create(&sc->thread, NULL, nvk_swapchain_display_thread, sc) != 0) {
      platform->swapchain_finish(sc);
      nvk_swapchain_destroy(sc, pAllocator, image_count, false);
      return vk_errorf(dev, VK_ERROR_INITIALIZATION_FAILED, "cannot start a display thread");
   }
   *pSwapchain = nvk_swapchain_to_handle(sc);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroySwapchainKHR(VkDevice device, VkSwapchainKHR swapchain,
                        const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_swapchain, sc, swapchain);
   if (sc)
      nvk_swapchain_destroy(sc, pAllocator, sc->image_count, true);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetSwapchainImagesKHR(VkDevice device, VkSwapchainKHR swapchain,
                          uint32_t *pSwapchainImageCount, VkImage *pSwapchainImages)
{
   VK_FROM_HANDLE(nvk_swapchain, sc, swapchain);
   VK_OUTARRAY_MAKE_TYPED(VkImage, out, pSwapchainImages, pSwapchainImageCount);
   for (uint32_t i = 0; i < sc->image_count; i++) {
      vk_outarray_append_typed(VkImage, &out, img) {
         *img = sc->images[i].image;
      }
   }
   return vk_outarray_status(&out);
}

/* VK_SUCCESS, or VK_ERROR_OUT_OF_DATE_KHR when the window no longer has the
 * swapchain's size, or VK_ERROR_SURFACE_LOST_KHR. */
static VkResult
nvk_swapchain_check_window(struct nvk_swapchain *sc)
{
   VkExtent2D window_px;
   VkResult result = sc->platform->get_extent(sc->surface, &window_px);
   if (result != VK_SUCCESS)
      return result;
   if (window_px.width != UINT32_MAX &&
       (window_px.width != sc->extent_px.width || window_px.height != sc->extent_px.height))
      return VK_ERROR_OUT_OF_DATE_KHR;
   return VK_SUCCESS;
}

static VkResult
nvk_swapchain_acquire(struct nvk_swapchain *sc, uint64_t timeout, VkSemaphore _semaphore,
                      VkFence _fence, uint32_t *pImageIndex)
{
   VK_FROM_HANDLE(vk_semaphore, semaphore, _semaphore);
   VK_FROM_HANDLE(vk_fence, fence, _fence);
   struct vk_sync_domain *d = &sc->dev->vk.sync;

   VkResult window = nvk_swapchain_check_window(sc);
   const uint64_t abs_timeout_ns = vk_abs_timeout(timeout);
   vk_sync_domain_lock(d);
   if (window < 0 && sc->status >= 0)
      sc->status = window;
   struct nvk_swapchain_image *img = NULL;
   VkResult result = VK_SUCCESS;
   for (;;) {
      if (d->lost) {
         result = VK_ERROR_DEVICE_LOST;
         break;
      }
      if (sc->status < 0) {
         result = sc->status;
         break;
      }
      if (sc->retired) {
         result = VK_ERROR_OUT_OF_DATE_KHR;
         break;
      }
      for (uint32_t i = 0; i < sc->image_count; i++) {
         struct nvk_swapchain_image *c = &sc->images[i];
         if (c->state == NVK_SWAPCHAIN_IMAGE_IDLE && (!img || c->idle_order < img->idle_order))
            img = c;
      }
      if (img)
         break;
      if (timeout == 0) {
         result = VK_NOT_READY;
         break;
      }
      if (!vk_sync_domain_wait_locked(d, abs_timeout_ns)) {
         result = VK_TIMEOUT;
         break;
      }
   }
   if (img) {
      img->state = NVK_SWAPCHAIN_IMAGE_ACQUIRED;
      *pImageIndex = (uint32_t)(img - sc->images);
      /* The image is idle (its last present was copied out): the
       * semaphore and fence are signalled at once. */
      if (semaphore)
         vk_sync_signal_locked(d, &semaphore->sync, 0);
      if (fence)
         vk_sync_signal_locked(d, &fence->sync, 1);
      vk_sync_domain_broadcast_locked(d);
   }
   vk_sync_domain_unlock(d);
   if (result < 0 && result != VK_ERROR_OUT_OF_DATE_KHR)
      return vk_errorf(sc, result, "acquire from a %s swapchain", sc->platform->name);
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_AcquireNextImageKHR(VkDevice device, VkSwapchainKHR swapchain, uint64_t timeout,
                        VkSemaphore semaphore, VkFence fence, uint32_t *pImageIndex)
{
   VK_FROM_HANDLE(nvk_swapchain, sc, swapchain);
   return nvk_swapchain_acquire(sc, timeout, semaphore, fence, pImageIndex);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_AcquireNextImage2KHR(VkDevice device, const VkAcquireNextImageInfoKHR *pAcquireInfo,
                         uint32_t *pImageIndex)
{
   VK_FROM_HANDLE(nvk_swapchain, sc, pAcquireInfo->swapchain);
   return nvk_swapchain_acquire(sc, pAcquireInfo->timeout, pAcquireInfo->semaphore,
                                pAcquireInfo->fence, pImageIndex);
}

/* Errors outrank VK_SUBOPTIMAL_KHR, which outranks VK_SUCCESS. */
static VkResult
worse(VkResult a, VkResult b)
{
   if (a < 0)
      return a;
   if (b < 0 || b == VK_SUBOPTIMAL_KHR)
      return b;
   return a;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_QueuePresentKHR(VkQueue _queue, const VkPresentInfoKHR *pPresentInfo)
{
   VK_FROM_HANDLE(nvk_queue, queue, _queue);
   const VkPresentInfoKHR *pi = pPresentInfo;
   struct nvk_device *dev = queue->dev;
   struct vk_sync_domain *d = &dev->vk.sync;
   enum { MAX_SWAPCHAINS = 16 };
   if (pi->swapchainCount > MAX_SWAPCHAINS)
      return vk_errorf(queue, VK_ERROR_OUT_OF_HOST_MEMORY, "more than %u swapchains",
                       MAX_SWAPCHAINS);
   /* VK_EXT_swapchain_maintenance1. */
   const VkSwapchainPresentFenceInfoEXT *fences =
      vk_find_struct_const(pi->pNext, SWAPCHAIN_PRESENT_FENCE_INFO_EXT);
   const VkSwapchainPresentModeInfoEXT *modes =
      vk_find_struct_const(pi->pNext, SWAPCHAIN_PRESENT_MODE_INFO_EXT);

   /* One job: the present's waits, then every image's `ready`. */
   VkSemaphoreSubmitInfo waits[16], signals[MAX_SWAPCHAINS];
   VkResult results[MAX_SWAPCHAINS];
   uint32_t wait_count = 0;
   for (uint32_t i = 0; i < pi->waitSemaphoreCount; i++) {
      if (wait_count == ARRAY_SIZE(waits)) {
         const VkSubmitInfo2 s = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
                                  .waitSemaphoreInfoCount = wait_count,
                                  .pWaitSemaphoreInfos = waits};
         VkResult r = nvk_QueueSubmit2(_queue, 1, &s, VK_NULL_HANDLE);
         if (r != VK_SUCCESS)
            return r;
         wait_count = 0;
      }
      waits[wait_count++] = (VkSemaphoreSubmitInfo){
         .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
         .semaphore = pi->pWaitSemaphores[i],
         .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
      };
   }
   for (uint32_t i = 0; i < pi->swapchainCount; i++) {
      VK_FROM_HANDLE(nvk_swapchain, sc, pi->pSwapchains[i]);
      struct nvk_swapchain_image *img = &sc->images[pi->pImageIndices[i]];
      /* Only the application touches an acquired image's present_seq. */
      signals[i] = (VkSemaphoreSubmitInfo){
         .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
         .semaphore = img->ready,
         .value = img->present_seq + 1,
         .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
      };
      results[i] = nvk_swapchain_check_window(sc);
   }
   const VkSubmitInfo2 submit = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
      .waitSemaphoreInfoCount = wait_count,
      .pWaitSemaphoreInfos = waits,
      .signalSemaphoreInfoCount = pi->swapchainCount,
      .pSignalSemaphoreInfos = signals,
   };
   VkResult result = nvk_QueueSubmit2(_queue, 1, &submit, VK_NULL_HANDLE);
   if (result != VK_SUCCESS)
      return result;
   /* Present fences: signalled once the waits are done (the semaphores
    * may then be reused), by empty jobs behind the present's. */
   for (uint32_t i = 0; fences && i < fences->swapchainCount; i++) {
      if (fences->pFences[i] == VK_NULL_HANDLE)
         continue;
      const VkSubmitInfo2 empty = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
      result = nvk_QueueSubmit2(_queue, 1, &empty, fences->pFences[i]);
      if (result != VK_SUCCESS)
         return result;
   }

   vk_sync_domain_lock(d);
   VkResult overall = VK_SUCCESS;
   for (uint32_t i = 0; i < pi->swapchainCount; i++) {
      VK_FROM_HANDLE(nvk_swapchain, sc, pi->pSwapchains[i]);
      struct nvk_swapchain_image *img = &sc->images[pi->pImageIndices[i]];
      if (results[i] < 0 && sc->status >= 0)
         sc->status = results[i];
      if (d->lost)
         results[i] = VK_ERROR_DEVICE_LOST;
      else if (sc->status < 0)
         results[i] = sc->status;
      if (modes && i < modes->swapchainCount)
         sc->present_mode = modes->pPresentModes[i];
      img->present_seq++;
      img->present_mode = sc->present_mode;
      img->state = NVK_SWAPCHAIN_IMAGE_QUEUED;
      /* Rejected presents still consume their waits (Vulkan 1.3.239,
       * vkQueuePresentKHR): the image comes back once they are done. */
      img->drop = results[i] < 0;
      /* MAILBOX: the new request replaces any waiting one. */
      if (img->present_mode == VK_PRESENT_MODE_MAILBOX_KHR) {
         for (uint32_t q = 0; q < sc->queue_count; q++)
            sc->images[sc->queue[(sc->queue_head + q) % sc->image_count]].drop = true;
      }
      sc->queue[(sc->queue_head + sc->queue_count++) % sc->image_count] =
         pi->pImageIndices[i];
      overall = worse(overall, results[i]);
   }
   vk_sync_domain_broadcast_locked(d);
   vk_sync_domain_unlock(d);
   if (pi->pResults) {
      for (uint32_t i = 0; i < pi->swapchainCount; i++)
         pi->pResults[i] = results[i];
   }
   return overall;
}

/* VK_EXT_swapchain_maintenance1: acquired images the application will not
 * present go back, as if never acquired. */
VKAPI_ATTR VkResult VKAPI_CALL
nvk_ReleaseSwapchainImagesEXT(VkDevice device, const VkReleaseSwapchainImagesInfoEXT *pReleaseInfo)
{
   VK_FROM_HANDLE(nvk_swapchain, sc, pReleaseInfo->swapchain);
   struct vk_sync_domain *d = &sc->dev->vk.sync;
   vk_sync_domain_lock(d);
   for (uint32_t i = 0; i < pReleaseInfo->imageIndexCount; i++) {
      struct nvk_swapchain_image *img = &sc->images[pReleaseInfo->pImageIndices[i]];
      img->state = NVK_SWAPCHAIN_IMAGE_IDLE;
      img->idle_order = ++sc->idle_counter;
   }
   vk_sync_domain_broadcast_locked(d);
   vk_sync_domain_unlock(d);
   return VK_SUCCESS;
}
