/* SPDX-License-Identifier: MIT */
/*
 * Window-system integration on headless surfaces (VK_EXT_headless_surface):
 * surface queries, swapchains, acquire (semaphores, fences, timeouts),
 * present (results, retired swapchains, many swapchains, another thread)
 * and, on kiln, the pacing of each present mode; X11 windows (xcb and
 * Xlib) on the Xvfb that conformance/wsi/with_xvfb.sh starts: the pixels
 * that reach the window, resizes (out of date) and vanished windows.
 * vkcube is checked by conformance/wsi.
 */
#define VK_USE_PLATFORM_XCB_KHR
#define VK_USE_PLATFORM_XLIB_KHR
#define VK_USE_PLATFORM_WAYLAND_KHR
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include <X11/Xlib.h>
#include <xcb/present.h>
#include <xcb/xcb.h>

#include "vkt.h"

#define MS_NS 1000000ull

static const char *const wsi_instance_exts[] = {
   VK_KHR_SURFACE_EXTENSION_NAME,
   VK_EXT_HEADLESS_SURFACE_EXTENSION_NAME,
   VK_KHR_GET_SURFACE_CAPABILITIES_2_EXTENSION_NAME,
};
static const char *const x11_instance_exts[] = {
   VK_KHR_SURFACE_EXTENSION_NAME,
   VK_KHR_XCB_SURFACE_EXTENSION_NAME,
   VK_KHR_XLIB_SURFACE_EXTENSION_NAME,
};
static const char *const wsi_device_exts[] = {VK_KHR_SWAPCHAIN_EXTENSION_NAME};

static bool
wsi_init_with(struct vkt *t, bool kiln_only, const char *const *inst_exts, uint32_t count)
{
   const struct vkt_req req = {
      .instance_extensions = inst_exts,
      .instance_extension_count = count,
      .extensions = wsi_device_exts,
      .extension_count = ARRAY_SIZE(wsi_device_exts),
      .kiln_only = kiln_only,
   };
   return vkt_init(t, &req);
}

static bool
wsi_init(struct vkt *t, bool kiln_only)
{
   return wsi_init_with(t, kiln_only, wsi_instance_exts, ARRAY_SIZE(wsi_instance_exts));
}

static uint64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static VkSurfaceKHR
headless_surface(struct vkt *t)
{
   PFN_vkCreateHeadlessSurfaceEXT create = (PFN_vkCreateHeadlessSurfaceEXT)vkGetInstanceProcAddr(
      t->instance, "vkCreateHeadlessSurfaceEXT");
   const VkHeadlessSurfaceCreateInfoEXT ci = {
      .sType = VK_STRUCTURE_TYPE_HEADLESS_SURFACE_CREATE_INFO_EXT,
   };
   VkSurfaceKHR s = VK_NULL_HANDLE;
   if (CHECK(create != NULL))
      VKT_CHECK(create(t->instance, &ci, NULL, &s));
   return s;
}

/* A swapchain with everything a frame loop needs. */
struct wsi {
   struct vkt *t;
   VkSurfaceKHR surface;
   VkSwapchainKHR sc;
   uint32_t count;
   VkImage images[16];
   VkSemaphore rendered[16];
   VkSemaphore acquired[2];
   VkFence done[2];
   VkCommandBuffer cmd[2];
   uint32_t frame;
   /* Chained into the next VkPresentInfoKHR (VK_KHR_incremental_present). */
   const void *present_next;
};

static VkSwapchainCreateInfoKHR
swapchain_info(VkSurfaceKHR surface, VkPresentModeKHR mode, uint32_t images, uint32_t w,
               uint32_t h)
{
   return (VkSwapchainCreateInfoKHR){
      .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
      .surface = surface,
      .minImageCount = images,
      .imageFormat = VK_FORMAT_B8G8R8A8_UNORM,
      .imageColorSpace = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR,
      .imageExtent = {w, h},
      .imageArrayLayers = 1,
      .imageUsage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .preTransform = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
      .compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR,
      .presentMode = mode,
      .clipped = VK_TRUE,
   };
}

/* Chained into the next swapchain's create info. */
static const void *wsi_create_next;

static bool
wsi_create_ex(struct vkt *t, struct wsi *w, VkSurfaceKHR surface, VkPresentModeKHR mode,
              uint32_t images, VkSwapchainKHR old, VkFormat format, VkExtent2D extent)
{
   memset(w, 0, sizeof(*w));
   w->t = t;
   w->surface = surface;
   VkSwapchainCreateInfoKHR ci =
      swapchain_info(surface, mode, images, extent.width, extent.height);
   ci.imageFormat = format;
   ci.oldSwapchain = old;
   ci.pNext = wsi_create_next;
   if (!VKT_CHECK(vkCreateSwapchainKHR(t->dev, &ci, NULL, &w->sc)))
      return false;
   w->count = ARRAY_SIZE(w->images);
   if (!VKT_CHECK(vkGetSwapchainImagesKHR(t->dev, w->sc, &w->count, w->images)))
      return false;
   CHECK(w->count >= images);
   const VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
   const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
                                  .flags = VK_FENCE_CREATE_SIGNALED_BIT};
   for (uint32_t i = 0; i < w->count; i++)
      VKT_CHECK(vkCreateSemaphore(t->dev, &sci, NULL, &w->rendered[i]));
   for (uint32_t i = 0; i < 2; i++) {
      VKT_CHECK(vkCreateSemaphore(t->dev, &sci, NULL, &w->acquired[i]));
      VKT_CHECK(vkCreateFence(t->dev, &fci, NULL, &w->done[i]));
   }
   return true;
}

static bool
wsi_create(struct vkt *t, struct wsi *w, VkSurfaceKHR surface, VkPresentModeKHR mode,
           uint32_t images, VkSwapchainKHR old)
{
   return wsi_create_ex(t, w, surface, mode, images, old, VK_FORMAT_B8G8R8A8_UNORM,
                        (VkExtent2D){64, 48});
}

static void
wsi_destroy(struct wsi *w, bool destroy_swapchain)
{
   struct vkt *t = w->t;
   VKT_CHECK(vkDeviceWaitIdle(t->dev));
   for (uint32_t i = 0; i < 2; i++) {
      if (w->cmd[i])
         vkFreeCommandBuffers(t->dev, t->pool, 1, &w->cmd[i]);
      vkDestroySemaphore(t->dev, w->acquired[i], NULL);
      vkDestroyFence(t->dev, w->done[i], NULL);
   }
   for (uint32_t i = 0; i < w->count; i++)
      vkDestroySemaphore(t->dev, w->rendered[i], NULL);
   if (destroy_swapchain)
      vkDestroySwapchainKHR(t->dev, w->sc, NULL);
}

static void
image_barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to,
              VkAccessFlags src, VkAccessFlags dst)
{
   const VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = src,
      .dstAccessMask = dst,
      .oldLayout = from,
      .newLayout = to,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                        0, NULL, 0, NULL, 1, &b);
}

/* Acquires (semaphore), clears the image to `rgba` on the queue, presents.
 * Returns the present's result (acquire failures: the acquire's). */
static VkResult
wsi_frame(struct wsi *w, const float rgba[4], uint32_t *index_out)
{
   struct vkt *t = w->t;
   const uint32_t f = w->frame++ % 2;
   VKT_CHECK(vkWaitForFences(t->dev, 1, &w->done[f], VK_TRUE, UINT64_MAX));
   if (w->cmd[f])
      vkFreeCommandBuffers(t->dev, t->pool, 1, &w->cmd[f]);
   w->cmd[f] = VK_NULL_HANDLE;
   uint32_t index = UINT32_MAX;
   VkResult r = vkAcquireNextImageKHR(t->dev, w->sc, UINT64_MAX, w->acquired[f],
                                      VK_NULL_HANDLE, &index);
   if (r < 0)
      return r;
   const VkResult acquired = r;
   if (index_out)
      *index_out = index;
   VKT_CHECK(vkResetFences(t->dev, 1, &w->done[f]));
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   w->cmd[f] = cmd;
   image_barrier(cmd, w->images[index], VK_IMAGE_LAYOUT_UNDEFINED,
                 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0, VK_ACCESS_TRANSFER_WRITE_BIT);
   const VkClearColorValue color = {.float32 = {rgba[0], rgba[1], rgba[2], rgba[3]}};
   const VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   vkCmdClearColorImage(cmd, w->images[index], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &color, 1,
                        &range);
   image_barrier(cmd, w->images[index], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                 VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, VK_ACCESS_TRANSFER_WRITE_BIT, 0);
   VKT_CHECK(vkEndCommandBuffer(cmd));
   const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .waitSemaphoreCount = 1,
      .pWaitSemaphores = &w->acquired[f],
      .pWaitDstStageMask = &stage,
      .commandBufferCount = 1,
      .pCommandBuffers = &cmd,
      .signalSemaphoreCount = 1,
      .pSignalSemaphores = &w->rendered[index],
   };
   VKT_CHECK(vkQueueSubmit(t->queues[0], 1, &si, w->done[f]));
   VkResult result = VK_RESULT_MAX_ENUM;
   const VkPresentInfoKHR pi = {
      .sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
      .pNext = w->present_next,
      .waitSemaphoreCount = 1,
      .pWaitSemaphores = &w->rendered[index],
      .swapchainCount = 1,
      .pSwapchains = &w->sc,
      .pImageIndices = &index,
      .pResults = &result,
   };
   r = vkQueuePresentKHR(t->queues[0], &pi);
   CHECK_EQ(r, result);
   return r == VK_SUCCESS ? acquired : r;
}

static bool
has_present_mode(struct vkt *t, VkSurfaceKHR s, VkPresentModeKHR mode)
{
   VkPresentModeKHR modes[16];
   uint32_t n = ARRAY_SIZE(modes);
   VKT_CHECK(vkGetPhysicalDeviceSurfacePresentModesKHR(t->pdev, s, &n, modes));
   for (uint32_t i = 0; i < n; i++) {
      if (modes[i] == mode)
         return true;
   }
   return false;
}

TEST(headless_surface_queries)
{
   struct vkt t;
   if (!wsi_init(&t, false))
      return;
   VkSurfaceKHR s = headless_surface(&t);
   VkBool32 supported = VK_FALSE;
   VKT_CHECK(vkGetPhysicalDeviceSurfaceSupportKHR(t.pdev, t.queue_family, s, &supported));
   CHECK(supported);

   VkSurfaceCapabilitiesKHR caps;
   VKT_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(t.pdev, s, &caps));
   /* VK_EXT_headless_surface: the extent is undefined. */
   CHECK_EQ(caps.currentExtent.width, UINT32_MAX);
   CHECK_EQ(caps.currentExtent.height, UINT32_MAX);
   CHECK(caps.minImageCount >= 1);
   CHECK(caps.maxImageCount == 0 || caps.maxImageCount >= caps.minImageCount);
   CHECK(caps.supportedUsageFlags & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
   CHECK(caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR);

   /* VK_KHR_get_surface_capabilities2 says the same. */
   PFN_vkGetPhysicalDeviceSurfaceCapabilities2KHR caps2_fn =
      (PFN_vkGetPhysicalDeviceSurfaceCapabilities2KHR)vkGetInstanceProcAddr(
         t.instance, "vkGetPhysicalDeviceSurfaceCapabilities2KHR");
   PFN_vkGetPhysicalDeviceSurfaceFormats2KHR formats2_fn =
      (PFN_vkGetPhysicalDeviceSurfaceFormats2KHR)vkGetInstanceProcAddr(
         t.instance, "vkGetPhysicalDeviceSurfaceFormats2KHR");
   const VkPhysicalDeviceSurfaceInfo2KHR info = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SURFACE_INFO_2_KHR,
      .surface = s,
   };
   VkSurfaceCapabilities2KHR caps2 = {.sType = VK_STRUCTURE_TYPE_SURFACE_CAPABILITIES_2_KHR};
   if (CHECK(caps2_fn != NULL && formats2_fn != NULL)) {
      VKT_CHECK(caps2_fn(t.pdev, &info, &caps2));
      CHECK(memcmp(&caps2.surfaceCapabilities, &caps, sizeof(caps)) == 0);
   }

   VkSurfaceFormatKHR formats[32];
   uint32_t n = ARRAY_SIZE(formats);
   VKT_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(t.pdev, s, &n, formats));
   bool bgra = false;
   unsigned ours = 0;
   for (uint32_t i = 0; i < n; i++) {
      CHECK_EQ(formats[i].colorSpace, VK_COLOR_SPACE_SRGB_NONLINEAR_KHR);
      bgra |= formats[i].format == VK_FORMAT_B8G8R8A8_UNORM;
      ours += formats[i].format == VK_FORMAT_B8G8R8A8_UNORM ||
              formats[i].format == VK_FORMAT_B8G8R8A8_SRGB ||
              formats[i].format == VK_FORMAT_R8G8B8A8_UNORM ||
              formats[i].format == VK_FORMAT_R8G8B8A8_SRGB;
   }
   CHECK(bgra);
   if (t.is_kiln)
      CHECK_EQ(ours, 4);
   /* An array too small: VK_INCOMPLETE with what fits. */
   uint32_t one = 1;
   VKT_CHECK_RESULT(vkGetPhysicalDeviceSurfaceFormatsKHR(t.pdev, s, &one, formats),
                    n > 1 ? VK_INCOMPLETE : VK_SUCCESS);
   CHECK_EQ(one, 1);
   if (formats2_fn) {
      VkSurfaceFormat2KHR f2[32];
      uint32_t n2 = ARRAY_SIZE(f2);
      for (uint32_t i = 0; i < n2; i++)
         f2[i] = (VkSurfaceFormat2KHR){.sType = VK_STRUCTURE_TYPE_SURFACE_FORMAT_2_KHR};
      VKT_CHECK(formats2_fn(t.pdev, &info, &n2, f2));
      CHECK_EQ(n2, n);
      for (uint32_t i = 0; i < n2 && i < n; i++)
         CHECK_EQ(f2[i].surfaceFormat.format, formats[i].format);
   }

   /* FIFO is required; kiln has all four. */
   CHECK(has_present_mode(&t, s, VK_PRESENT_MODE_FIFO_KHR));
   if (t.is_kiln) {
      CHECK(has_present_mode(&t, s, VK_PRESENT_MODE_MAILBOX_KHR));
      CHECK(has_present_mode(&t, s, VK_PRESENT_MODE_IMMEDIATE_KHR));
      CHECK(has_present_mode(&t, s, VK_PRESENT_MODE_FIFO_RELAXED_KHR));
   }
   vkDestroySurfaceKHR(t.instance, s, NULL);
   vkt_finish(&t);
}

TEST(swapchain_frames)
{
   struct vkt t;
   if (!wsi_init(&t, false))
      return;
   VkSurfaceKHR s = headless_surface(&t);
   struct wsi w;
   if (wsi_create(&t, &w, s, VK_PRESENT_MODE_FIFO_KHR, 3, VK_NULL_HANDLE)) {
      for (unsigned i = 0; i < 12; i++) {
         const float c[4] = {i / 12.0f, 0.5f, 1.0f - i / 12.0f, 1.0f};
         VKT_CHECK(wsi_frame(&w, c, NULL));
      }
      wsi_destroy(&w, true);
   }
   vkDestroySurfaceKHR(t.instance, s, NULL);
   vkt_finish(&t);
}

/* Acquiring every image; then NOT_READY with no timeout, TIMEOUT with one,
 * and fences signalled by the acquire. */
TEST(acquire_timeouts_and_fences)
{
   struct vkt t;
   if (!wsi_init(&t, false))
      return;
   VkSurfaceKHR s = headless_surface(&t);
   VkSurfaceCapabilitiesKHR caps;
   VKT_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(t.pdev, s, &caps));
   struct wsi w;
   if (wsi_create(&t, &w, s, VK_PRESENT_MODE_FIFO_KHR, caps.minImageCount, VK_NULL_HANDLE)) {
      const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
      VkFence fences[16];
      bool taken[16] = {0};
      for (uint32_t i = 0; i < w.count; i++) {
         VKT_CHECK(vkCreateFence(t.dev, &fci, NULL, &fences[i]));
         uint32_t index = UINT32_MAX;
         VKT_CHECK(vkAcquireNextImageKHR(t.dev, w.sc, 1000 * MS_NS, VK_NULL_HANDLE, fences[i],
                                         &index));
         if (CHECK(index < w.count)) {
            CHECK(!taken[index]);
            taken[index] = true;
         }
         VKT_CHECK(vkWaitForFences(t.dev, 1, &fences[i], VK_TRUE, 1000 * MS_NS));
      }
      uint32_t index = UINT32_MAX;
      VKT_CHECK_RESULT(
         vkAcquireNextImageKHR(t.dev, w.sc, 0, w.acquired[0], VK_NULL_HANDLE, &index),
         VK_NOT_READY);
      const uint64_t t0 = now_ns();
      VKT_CHECK_RESULT(
         vkAcquireNextImageKHR(t.dev, w.sc, 20 * MS_NS, w.acquired[0], VK_NULL_HANDLE, &index),
         VK_TIMEOUT);
      /* The timeout is honoured (not returned early). */
      CHECK(now_ns() - t0 >= 19 * MS_NS);
      for (uint32_t i = 0; i < w.count; i++)
         vkDestroyFence(t.dev, fences[i], NULL);
      wsi_destroy(&w, true);
   }
   vkDestroySurfaceKHR(t.instance, s, NULL);
   vkt_finish(&t);
}

/* A retired swapchain still presents the image acquired before it was
 * retired; the new one takes over. */
TEST(retired_swapchain_presents_its_acquired_image)
{
   struct vkt t;
   if (!wsi_init(&t, false))
      return;
   VkSurfaceKHR s = headless_surface(&t);
   struct wsi a, b;
   if (wsi_create(&t, &a, s, VK_PRESENT_MODE_FIFO_KHR, 3, VK_NULL_HANDLE)) {
      const float red[4] = {1, 0, 0, 1};
      VKT_CHECK(wsi_frame(&a, red, NULL));
      /* Acquire one more on `a`, then retire it. */
      const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
      VkFence fence;
      VKT_CHECK(vkCreateFence(t.dev, &fci, NULL, &fence));
      uint32_t index = UINT32_MAX;
      VKT_CHECK(vkAcquireNextImageKHR(t.dev, a.sc, UINT64_MAX, VK_NULL_HANDLE, fence, &index));
      VKT_CHECK(vkWaitForFences(t.dev, 1, &fence, VK_TRUE, UINT64_MAX));
      if (wsi_create(&t, &b, s, VK_PRESENT_MODE_FIFO_KHR, 3, a.sc)) {
         VkCommandBuffer cmd = vkt_cmd_begin(&t);
         image_barrier(cmd, a.images[index], VK_IMAGE_LAYOUT_UNDEFINED,
                       VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, 0, 0);
         VKT_CHECK(vkEndCommandBuffer(cmd));
         const VkSubmitInfo si = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
            .commandBufferCount = 1,
            .pCommandBuffers = &cmd,
            .signalSemaphoreCount = 1,
            .pSignalSemaphores = &a.rendered[index],
         };
         VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, VK_NULL_HANDLE));
         const VkPresentInfoKHR pi = {
            .sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
            .waitSemaphoreCount = 1,
            .pWaitSemaphores = &a.rendered[index],
            .swapchainCount = 1,
            .pSwapchains = &a.sc,
            .pImageIndices = &index,
         };
         const VkResult r = vkQueuePresentKHR(t.queues[0], &pi);
         CHECK(r == VK_SUCCESS || r == VK_ERROR_OUT_OF_DATE_KHR);
         VKT_CHECK(vkQueueWaitIdle(t.queues[0]));
         vkFreeCommandBuffers(t.dev, t.pool, 1, &cmd);
         const float green[4] = {0, 1, 0, 1};
         for (unsigned i = 0; i < 4; i++)
            VKT_CHECK(wsi_frame(&b, green, NULL));
         wsi_destroy(&b, true);
      }
      vkDestroyFence(t.dev, fence, NULL);
      wsi_destroy(&a, true);
   }
   vkDestroySurfaceKHR(t.instance, s, NULL);
   vkt_finish(&t);
}

/* Four surfaces, four swapchains, presented together with pResults. */
TEST(many_swapchains_one_present)
{
   struct vkt t;
   if (!wsi_init(&t, false))
      return;
   enum { N = 4 };
   VkSurfaceKHR s[N];
   struct wsi w[N];
   bool ok = true;
   for (unsigned i = 0; i < N; i++) {
      s[i] = headless_surface(&t);
      ok &= wsi_create(&t, &w[i], s[i], VK_PRESENT_MODE_FIFO_KHR, 2, VK_NULL_HANDLE);
   }
   for (unsigned frame = 0; ok && frame < 5; frame++) {
      VkSwapchainKHR scs[N];
      uint32_t idx[N];
      VkResult results[N];
      VkSemaphore waits[N];
      VkCommandBuffer cmd = vkt_cmd_begin(&t);
      for (unsigned i = 0; i < N; i++) {
         VkFence fence;
         const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
         VKT_CHECK(vkCreateFence(t.dev, &fci, NULL, &fence));
         VKT_CHECK(vkAcquireNextImageKHR(t.dev, w[i].sc, UINT64_MAX, VK_NULL_HANDLE, fence,
                                         &idx[i]));
         VKT_CHECK(vkWaitForFences(t.dev, 1, &fence, VK_TRUE, UINT64_MAX));
         vkDestroyFence(t.dev, fence, NULL);
         image_barrier(cmd, w[i].images[idx[i]], VK_IMAGE_LAYOUT_UNDEFINED,
                       VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, 0, 0);
         scs[i] = w[i].sc;
         waits[i] = w[i].rendered[idx[i]];
         results[i] = VK_RESULT_MAX_ENUM;
      }
      VKT_CHECK(vkEndCommandBuffer(cmd));
      const VkSubmitInfo si = {
         .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
         .commandBufferCount = 1,
         .pCommandBuffers = &cmd,
         .signalSemaphoreCount = N,
         .pSignalSemaphores = waits,
      };
      VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, VK_NULL_HANDLE));
      const VkPresentInfoKHR pi = {
         .sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
         .waitSemaphoreCount = N,
         .pWaitSemaphores = waits,
         .swapchainCount = N,
         .pSwapchains = scs,
         .pImageIndices = idx,
         .pResults = results,
      };
      VKT_CHECK(vkQueuePresentKHR(t.queues[0], &pi));
      for (unsigned i = 0; i < N; i++)
         CHECK_EQ(results[i], VK_SUCCESS);
      VKT_CHECK(vkQueueWaitIdle(t.queues[0]));
      vkFreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   }
   for (unsigned i = 0; i < N; i++) {
      wsi_destroy(&w[i], true);
      vkDestroySurfaceKHR(t.instance, s[i], NULL);
   }
   vkt_finish(&t);
}

struct present_thread {
   struct wsi *w;
   unsigned frames;
   VkResult result;
};

static void *
present_thread_main(void *arg)
{
   struct present_thread *p = arg;
   p->result = VK_SUCCESS;
   for (unsigned i = 0; i < p->frames && p->result == VK_SUCCESS; i++) {
      const float c[4] = {0, 0, i & 1, 1};
      p->result = wsi_frame(p->w, c, NULL);
   }
   return NULL;
}

/* The whole frame loop on another thread than the one that made the
 * swapchain. */
TEST(present_from_another_thread)
{
   struct vkt t;
   if (!wsi_init(&t, false))
      return;
   VkSurfaceKHR s = headless_surface(&t);
   struct wsi w;
   if (wsi_create(&t, &w, s, VK_PRESENT_MODE_FIFO_KHR, 2, VK_NULL_HANDLE)) {
      struct present_thread p = {.w = &w, .frames = 8};
      pthread_t th;
      if (CHECK(pthread_create(&th, NULL, present_thread_main, &p) == 0)) {
         pthread_join(th, NULL);
         CHECK_EQ(p.result, VK_SUCCESS);
      }
      wsi_destroy(&w, true);
   }
   vkDestroySurfaceKHR(t.instance, s, NULL);
   vkt_finish(&t);
}

/* Milliseconds `frames` frames take in `mode` with 3 images. */
static double
frames_ms(struct vkt *t, VkSurfaceKHR s, VkPresentModeKHR mode, unsigned frames)
{
   struct wsi w;
   if (!wsi_create(t, &w, s, mode, 3, VK_NULL_HANDLE))
      return -1;
   const float c[4] = {0.25f, 0.5f, 0.75f, 1};
   const uint64_t t0 = now_ns();
   for (unsigned i = 0; i < frames; i++)
      VKT_CHECK(wsi_frame(&w, c, NULL));
   wsi_destroy(&w, false);
   const double ms = (now_ns() - t0) / 1e6;
   vkDestroySwapchainKHR(t->dev, w.sc, NULL);
   return ms;
}

/* kiln paces headless presents to a 60 Hz clock (docs/wsi.md): FIFO shows
 * one image per refresh, so once the three images are queued every acquire
 * waits for a vblank; MAILBOX and IMMEDIATE never wait for one. */
TEST(present_modes_pace_as_specified)
{
   struct vkt t;
   if (!wsi_init(&t, true))
      return;
   VkSurfaceKHR s = headless_surface(&t);
   const unsigned frames = 30;
   const double refresh_ms = 1000.0 / 60;
   const double fifo = frames_ms(&t, s, VK_PRESENT_MODE_FIFO_KHR, frames);
   const double relaxed = frames_ms(&t, s, VK_PRESENT_MODE_FIFO_RELAXED_KHR, frames);
   const double mailbox = frames_ms(&t, s, VK_PRESENT_MODE_MAILBOX_KHR, frames);
   const double immediate = frames_ms(&t, s, VK_PRESENT_MODE_IMMEDIATE_KHR, frames);
   printf("%u frames: FIFO %.1f ms, FIFO_RELAXED %.1f ms, MAILBOX %.1f ms, IMMEDIATE %.1f ms\n",
          frames, fifo, relaxed, mailbox, immediate);
   /* FIFO: frames - 3 queued images - the first at once, one per refresh. */
   CHECK(fifo >= (frames - 4) * refresh_ms * 0.95);
   CHECK(relaxed >= (frames - 4) * refresh_ms * 0.95);
   CHECK(mailbox < fifo * 0.6);
   CHECK(immediate < fifo * 0.6);
   vkDestroySurfaceKHR(t.instance, s, NULL);
   vkt_finish(&t);
}

/* ---------------------------------------------------------------------- */
/* X11 windows */

struct xwin {
   xcb_connection_t *conn; /* xcb windows, and reading back any window */
   Display *dpy;           /* Xlib windows */
   uint32_t window;
};

static bool
xwin_open(struct xwin *x, bool xlib, uint16_t w, uint16_t h)
{
   memset(x, 0, sizeof(*x));
   x->conn = xcb_connect(NULL, NULL);
   if (xcb_connection_has_error(x->conn)) {
      xcb_disconnect(x->conn);
      x->conn = NULL;
      return test_fail(__FILE__, __LINE__, "cannot connect to the X server %s",
                       getenv("DISPLAY"));
   }
   if (xlib) {
      x->dpy = XOpenDisplay(NULL);
      if (!CHECK(x->dpy != NULL))
         return false;
      x->window = (uint32_t)XCreateSimpleWindow(x->dpy, DefaultRootWindow(x->dpy), 0, 0, w, h,
                                                0, 0, 0);
      XMapWindow(x->dpy, x->window);
      XSync(x->dpy, False);
   } else {
      xcb_screen_t *screen = xcb_setup_roots_iterator(xcb_get_setup(x->conn)).data;
      x->window = xcb_generate_id(x->conn);
      const uint32_t black = 0;
      xcb_create_window(x->conn, XCB_COPY_FROM_PARENT, x->window, screen->root, 0, 0, w, h, 0,
                        XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual, XCB_CW_BACK_PIXEL,
                        &black);
      xcb_map_window(x->conn, x->window);
   }
   free(xcb_get_input_focus_reply(x->conn, xcb_get_input_focus(x->conn), NULL));
   return true;
}

static void
xwin_close(struct xwin *x)
{
   if (x->dpy) {
      XDestroyWindow(x->dpy, x->window);
      XCloseDisplay(x->dpy);
   } else if (x->conn && x->window) {
      xcb_destroy_window(x->conn, x->window);
   }
   if (x->conn)
      xcb_disconnect(x->conn);
}

static VkSurfaceKHR
xwin_surface(struct vkt *t, struct xwin *x)
{
   VkSurfaceKHR s = VK_NULL_HANDLE;
   if (x->dpy) {
      PFN_vkCreateXlibSurfaceKHR create =
         (PFN_vkCreateXlibSurfaceKHR)vkGetInstanceProcAddr(t->instance, "vkCreateXlibSurfaceKHR");
      const VkXlibSurfaceCreateInfoKHR ci = {
         .sType = VK_STRUCTURE_TYPE_XLIB_SURFACE_CREATE_INFO_KHR,
         .dpy = x->dpy,
         .window = x->window,
      };
      if (CHECK(create != NULL))
         VKT_CHECK(create(t->instance, &ci, NULL, &s));
   } else {
      PFN_vkCreateXcbSurfaceKHR create =
         (PFN_vkCreateXcbSurfaceKHR)vkGetInstanceProcAddr(t->instance, "vkCreateXcbSurfaceKHR");
      const VkXcbSurfaceCreateInfoKHR ci = {
         .sType = VK_STRUCTURE_TYPE_XCB_SURFACE_CREATE_INFO_KHR,
         .connection = x->conn,
         .window = x->window,
      };
      if (CHECK(create != NULL))
         VKT_CHECK(create(t->instance, &ci, NULL, &s));
   }
   return s;
}

/* The window's pixel (x, y) as 0xRRGGBB, or UINT32_MAX. */
static uint32_t
xwin_pixel(struct xwin *x, int16_t px, int16_t py)
{
   xcb_get_image_reply_t *img = xcb_get_image_reply(
      x->conn, xcb_get_image(x->conn, XCB_IMAGE_FORMAT_Z_PIXMAP, x->window, px, py, 1, 1, ~0u),
      NULL);
   if (!img)
      return UINT32_MAX;
   uint32_t v = UINT32_MAX;
   if (xcb_get_image_data_length(img) >= 4) {
      const uint8_t *d = xcb_get_image_data(img);
      v = (uint32_t)d[2] << 16 | (uint32_t)d[1] << 8 | d[0];
   }
   free(img);
   return v;
}

static bool
close_rgb(uint32_t a, uint32_t b)
{
   for (unsigned s = 0; s < 24; s += 8) {
      const int d = (int)((a >> s) & 0xff) - (int)((b >> s) & 0xff);
      if (d < -2 || d > 2)
         return false;
   }
   return true;
}

/* Polls (presentation is asynchronous) until pixel (x, y) is `want`. */
static bool
xwin_wait_pixel(struct xwin *x, int16_t px, int16_t py, uint32_t want)
{
   uint32_t got = UINT32_MAX;
   for (unsigned i = 0; i < 200; i++) {
      got = xwin_pixel(x, px, py);
      if (close_rgb(got, want))
         return true;
      const struct timespec ts = {0, 10 * 1000 * 1000};
      nanosleep(&ts, NULL);
   }
   return test_fail(__FILE__, __LINE__, "pixel (%d, %d) is 0x%06x, expected 0x%06x", px, py,
                    got, want);
}

static bool
x11_init(struct vkt *t, bool kiln_only)
{
   if (!getenv("DISPLAY"))
      return vkt_skip("no X server (DISPLAY unset: Xvfb is not installed)");
   return wsi_init_with(t, kiln_only, x11_instance_exts, ARRAY_SIZE(x11_instance_exts));
}

static bool
surface_has_format(struct vkt *t, VkSurfaceKHR s, VkFormat format)
{
   VkSurfaceFormatKHR formats[32];
   uint32_t n = ARRAY_SIZE(formats);
   VKT_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(t->pdev, s, &n, formats));
   for (uint32_t i = 0; i < n; i++) {
      if (formats[i].format == format)
         return true;
   }
   return false;
}

/* The colour of the last present reaches the window, in every format the
 * surface lists (R8G8B8A8 swaps to the window's BGRX), xcb and Xlib. */
TEST(x11_presents_reach_the_window)
{
   struct vkt t;
   if (!x11_init(&t, false))
      return;
   const VkFormat formats[] = {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM};
   for (unsigned xlib = 0; xlib < 2; xlib++) {
      struct xwin x;
      if (!xwin_open(&x, xlib, 64, 48))
         break;
      VkSurfaceKHR s = xwin_surface(&t, &x);
      VkBool32 supported = VK_FALSE;
      VKT_CHECK(vkGetPhysicalDeviceSurfaceSupportKHR(t.pdev, t.queue_family, s, &supported));
      CHECK(supported);
      VkSurfaceCapabilitiesKHR caps;
      VKT_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(t.pdev, s, &caps));
      CHECK_EQ(caps.currentExtent.width, 64);
      CHECK_EQ(caps.currentExtent.height, 48);
      for (unsigned f = 0; f < ARRAY_SIZE(formats); f++) {
         if (!surface_has_format(&t, s, formats[f])) {
            CHECK(!t.is_kiln);
            continue;
         }
         struct wsi w;
         if (!wsi_create_ex(&t, &w, s, VK_PRESENT_MODE_FIFO_KHR, caps.minImageCount,
                            VK_NULL_HANDLE, formats[f], caps.currentExtent))
            continue;
         const float first[4] = {0.8f, 0.2f, 0.4f, 1};
         const float last[4] = {0.2f, 0.6f, 0.8f, 1};
         for (unsigned i = 0; i < 3; i++)
            VKT_CHECK(wsi_frame(&w, i == 2 ? last : first, NULL));
         /* 0.2 * 255 = 51, 0.6 * 255 = 153, 0.8 * 255 = 204 (R, G, B). */
         xwin_wait_pixel(&x, 0, 0, 0x3399cc);
         xwin_wait_pixel(&x, 63, 47, 0x3399cc);
         wsi_destroy(&w, true);
      }
      vkDestroySurfaceKHR(t.instance, s, NULL);
      xwin_close(&x);
   }
   vkt_finish(&t);
}

/* The window's MSC (X Present's refresh counter) now: a NotifyMSC for an
 * MSC already past (target 0, divisor 0) is answered at once. 0 when the
 * server has no Present. */
static uint64_t
xwin_msc(struct xwin *x)
{
   const xcb_query_extension_reply_t *ext = xcb_get_extension_data(x->conn, &xcb_present_id);
   if (ext == NULL || !ext->present)
      return 0;
   const uint32_t eid = xcb_generate_id(x->conn);
   xcb_special_event_t *se = xcb_register_for_special_xge(x->conn, &xcb_present_id, eid, NULL);
   xcb_present_select_input(x->conn, eid, x->window, XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY);
   xcb_present_notify_msc(x->conn, x->window, 1, 0, 0, 0);
   xcb_flush(x->conn);
   uint64_t msc = 0;
   for (xcb_generic_event_t *ev; (ev = xcb_wait_for_special_event(x->conn, se));) {
      const xcb_present_complete_notify_event_t *cn = (const void *)ev;
      const bool done = cn->event_type == XCB_PRESENT_EVENT_COMPLETE_NOTIFY;
      if (done)
         msc = cn->msc;
      free(ev);
      if (done)
         break;
   }
   xcb_present_select_input(x->conn, eid, x->window, 0);
   xcb_unregister_for_special_event(x->conn, se);
   return msc;
}

static void
present_pacing_hook(struct vkt *t, VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                    VkDebugUtilsMessageTypeFlagsEXT type,
                    const VkDebugUtilsMessengerCallbackDataEXT *data)
{
   (void)severity;
   (void)type;
   if (data->pMessage && strstr(data->pMessage, "FIFO paced by X Present"))
      *(bool *)t->hook_data = true;
}

/* FIFO under a server with the Present extension (Xvfb has it): frames are
 * shown in present order, one per refresh of the server's own counter:
 * between the first and the last of N frames, at least N - 1 MSCs pass,
 * and the window ends with the last frame's colour. kiln says it paces by
 * X Present rather than its clock (an info message). The MSC count is
 * kiln's only: Debian 12's lavapipe presents to X11 through its software
 * path (PutImage, unpaced: 24 FIFO frames in ~20 ms under Xvfb). */
TEST(x11_fifo_paced_by_x_present)
{
   struct vkt t;
   if (!x11_init(&t, false))
      return;
   struct xwin x;
   if (!xwin_open(&x, false, 32, 32)) {
      vkt_finish(&t);
      return;
   }
   if (xwin_msc(&x) == 0) {
      xwin_close(&x);
      vkt_finish(&t);
      vkt_skip("the X server has no Present extension");
      return;
   }
   bool paced_by_present = false;
   t.hook_data = &paced_by_present;
   t.message_hook = present_pacing_hook;
   VkSurfaceKHR s = xwin_surface(&t, &x);
   VkSurfaceCapabilitiesKHR caps;
   VKT_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(t.pdev, s, &caps));
   struct wsi w;
   if (wsi_create_ex(&t, &w, s, VK_PRESENT_MODE_FIFO_KHR, caps.minImageCount, VK_NULL_HANDLE,
                     VK_FORMAT_B8G8R8A8_UNORM, caps.currentExtent)) {
      enum { N = 24 };
      const uint64_t msc0 = xwin_msc(&x);
      for (unsigned i = 0; i < N; i++) {
         /* Red counts frames; the last one is (0.2, 0.6, 0.8). */
         const float c[4] = {i == N - 1 ? 0.2f : (float)i / N, i == N - 1 ? 0.6f : 0.0f,
                             i == N - 1 ? 0.8f : 0.0f, 1};
         VKT_CHECK(wsi_frame(&w, c, NULL));
      }
      xwin_wait_pixel(&x, 0, 0, 0x3399cc);
      const uint64_t msc1 = xwin_msc(&x);
      printf("  %u FIFO frames over %llu refreshes (MSC %llu to %llu)\n", N,
             (unsigned long long)(msc1 - msc0), (unsigned long long)msc0,
             (unsigned long long)msc1);
      if (t.is_kiln)
         CHECK(msc1 - msc0 >= N - 1);
      wsi_destroy(&w, true);
   }
   if (t.is_kiln)
      CHECK(paced_by_present);
   t.message_hook = NULL;
   vkDestroySurfaceKHR(t.instance, s, NULL);
   xwin_close(&x);
   vkt_finish(&t);
}

/* A window resized under a swapchain makes it out of date (kiln: at the
 * next acquire; the spec also allows SUBOPTIMAL); a new swapchain of the
 * new size presents again. */
TEST(x11_resize_is_out_of_date)
{
   struct vkt t;
   if (!x11_init(&t, false))
      return;
   struct xwin x;
   if (xwin_open(&x, false, 64, 48)) {
      VkSurfaceKHR s = xwin_surface(&t, &x);
      struct wsi w, w2;
      const float c[4] = {0.2f, 0.6f, 0.8f, 1};
      VkSurfaceCapabilitiesKHR caps;
      VKT_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(t.pdev, s, &caps));
      const uint32_t images = caps.minImageCount;
      if (wsi_create(&t, &w, s, VK_PRESENT_MODE_FIFO_KHR, images, VK_NULL_HANDLE)) {
         VKT_CHECK(wsi_frame(&w, c, NULL));
         const uint32_t size[2] = {80, 60};
         xcb_configure_window(x.conn, x.window,
                              XCB_CONFIG_WINDOW_WIDTH | XCB_CONFIG_WINDOW_HEIGHT, size);
         free(xcb_get_input_focus_reply(x.conn, xcb_get_input_focus(x.conn), NULL));
         VkResult r = VK_SUCCESS;
         for (unsigned i = 0; i < 4 && r == VK_SUCCESS; i++)
            r = wsi_frame(&w, c, NULL);
         CHECK(r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR);
         if (t.is_kiln)
            CHECK_EQ(r, VK_ERROR_OUT_OF_DATE_KHR);
         VKT_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(t.pdev, s, &caps));
         CHECK_EQ(caps.currentExtent.width, 80);
         CHECK_EQ(caps.currentExtent.height, 60);
         wsi_destroy(&w, false);
         if (wsi_create_ex(&t, &w2, s, VK_PRESENT_MODE_FIFO_KHR, images, w.sc,
                           VK_FORMAT_B8G8R8A8_UNORM, caps.currentExtent)) {
            for (unsigned i = 0; i < 2; i++)
               VKT_CHECK(wsi_frame(&w2, c, NULL));
            xwin_wait_pixel(&x, 79, 59, 0x3399cc);
            wsi_destroy(&w2, true);
         }
         vkDestroySwapchainKHR(t.dev, w.sc, NULL);
      }
      vkDestroySurfaceKHR(t.instance, s, NULL);
      xwin_close(&x);
   }
   vkt_finish(&t);
}

/* A window destroyed under a swapchain: VK_ERROR_SURFACE_LOST_KHR from
 * the surface queries and the swapchain (kiln's choice; a driver may also
 * report it as out of date). */
TEST(x11_vanished_window_loses_the_surface)
{
   struct vkt t;
   if (!x11_init(&t, true))
      return;
   struct xwin x;
   if (xwin_open(&x, false, 64, 48)) {
      VkSurfaceKHR s = xwin_surface(&t, &x);
      struct wsi w;
      const float c[4] = {0.2f, 0.6f, 0.8f, 1};
      if (wsi_create(&t, &w, s, VK_PRESENT_MODE_FIFO_KHR, 2, VK_NULL_HANDLE)) {
         VKT_CHECK(wsi_frame(&w, c, NULL));
         xcb_destroy_window(x.conn, x.window);
         free(xcb_get_input_focus_reply(x.conn, xcb_get_input_focus(x.conn), NULL));
         x.window = 0;
         CHECK_EQ(wsi_frame(&w, c, NULL), VK_ERROR_SURFACE_LOST_KHR);
         VkSurfaceCapabilitiesKHR caps;
         VKT_CHECK_RESULT(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(t.pdev, s, &caps),
                          VK_ERROR_SURFACE_LOST_KHR);
         wsi_destroy(&w, true);
      }
      vkDestroySurfaceKHR(t.instance, s, NULL);
      xwin_close(&x);
   }
   vkt_finish(&t);
}

/* What the surface does not list: VK_ERROR_INITIALIZATION_FAILED (invalid
 * usage too: the validation layer's errors are expected here), and the
 * surface is still usable afterwards. */
TEST(swapchain_rejects_what_the_surface_lacks)
{
   struct vkt t;
   if (!wsi_init(&t, true))
      return;
   VkSurfaceKHR s = headless_surface(&t);
   VkSwapchainCreateInfoKHR bad[3];
   bad[0] = swapchain_info(s, VK_PRESENT_MODE_FIFO_KHR, 2, 64, 48);
   bad[0].imageFormat = VK_FORMAT_R16G16B16A16_SFLOAT;
   bad[1] = swapchain_info(s, VK_PRESENT_MODE_FIFO_KHR, 2, 64, 48);
   bad[1].imageArrayLayers = 2;
   bad[2] = swapchain_info(s, VK_PRESENT_MODE_FIFO_KHR, 17, 64, 48);
   for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
      VkSwapchainKHR sc = VK_NULL_HANDLE;
      vkt_expect_validation_errors_begin(&t);
      VKT_CHECK_RESULT(vkCreateSwapchainKHR(t.dev, &bad[i], NULL, &sc),
                       VK_ERROR_INITIALIZATION_FAILED);
      CHECK(vkt_expect_validation_errors_end(&t) >= 1);
   }
   struct wsi w;
   if (wsi_create(&t, &w, s, VK_PRESENT_MODE_FIFO_KHR, 2, VK_NULL_HANDLE)) {
      const float c[4] = {1, 1, 1, 1};
      VKT_CHECK(wsi_frame(&w, c, NULL));
      wsi_destroy(&w, true);
   }
   vkDestroySurfaceKHR(t.instance, s, NULL);
   vkt_finish(&t);
}

static bool
x11_init_exts(struct vkt *t, const char *const *dev_exts, uint32_t count)
{
   if (!getenv("DISPLAY"))
      return vkt_skip("no X server (DISPLAY unset: Xvfb is not installed)");
   const struct vkt_req req = {
      .instance_extensions = x11_instance_exts,
      .instance_extension_count = ARRAY_SIZE(x11_instance_exts),
      .extensions = dev_exts,
      .extension_count = count,
   };
   return vkt_init(t, &req);
}

/* VK_KHR_swapchain_mutable_format: a UNORM swapchain drawn through an SRGB
 * view stores encoded values: 0.5 becomes 188 (0xbc) in the window. */
TEST(x11_mutable_format_srgb_view)
{
   static const char *const exts[] = {
      VK_KHR_SWAPCHAIN_EXTENSION_NAME, VK_KHR_SWAPCHAIN_MUTABLE_FORMAT_EXTENSION_NAME,
      VK_KHR_MAINTENANCE2_EXTENSION_NAME, VK_KHR_IMAGE_FORMAT_LIST_EXTENSION_NAME};
   struct vkt t;
   if (!x11_init_exts(&t, exts, ARRAY_SIZE(exts)))
      return;
   struct xwin x;
   if (!xwin_open(&x, false, 32, 32)) {
      vkt_finish(&t);
      return;
   }
   VkSurfaceKHR s = xwin_surface(&t, &x);
   VkSurfaceCapabilitiesKHR caps;
   VKT_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(t.pdev, s, &caps));
   const VkFormat view_formats[] = {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_B8G8R8A8_SRGB};
   const VkImageFormatListCreateInfo list = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO,
      .viewFormatCount = 2,
      .pViewFormats = view_formats,
   };
   VkSwapchainCreateInfoKHR ci =
      swapchain_info(s, VK_PRESENT_MODE_FIFO_KHR, caps.minImageCount, 32, 32);
   ci.pNext = &list;
   ci.flags = VK_SWAPCHAIN_CREATE_MUTABLE_FORMAT_BIT_KHR;
   VkSwapchainKHR sc = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateSwapchainKHR(t.dev, &ci, NULL, &sc));
   VkImage images[16];
   uint32_t n = ARRAY_SIZE(images);
   VKT_CHECK(vkGetSwapchainImagesKHR(t.dev, sc, &n, images));

   const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   const VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
   VkFence fence;
   VkSemaphore rendered;
   VKT_CHECK(vkCreateFence(t.dev, &fci, NULL, &fence));
   VKT_CHECK(vkCreateSemaphore(t.dev, &sci, NULL, &rendered));
   uint32_t index = 0;
   VKT_CHECK(vkAcquireNextImageKHR(t.dev, sc, UINT64_MAX, VK_NULL_HANDLE, fence, &index));
   VKT_CHECK(vkWaitForFences(t.dev, 1, &fence, VK_TRUE, UINT64_MAX));

   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = images[index],
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = VK_FORMAT_B8G8R8A8_SRGB,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   VkImageView view;
   VKT_CHECK(vkCreateImageView(t.dev, &vci, NULL, &view));
   const VkAttachmentDescription att = {
      .format = VK_FORMAT_B8G8R8A8_SRGB,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .finalLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
   };
   const VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
   const VkSubpassDescription sub = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
      .colorAttachmentCount = 1,
      .pColorAttachments = &ref,
   };
   const VkRenderPassCreateInfo rpci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att,
      .subpassCount = 1,
      .pSubpasses = &sub,
   };
   VkRenderPass rp;
   VKT_CHECK(vkCreateRenderPass(t.dev, &rpci, NULL, &rp));
   const VkFramebufferCreateInfo fbci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
      .renderPass = rp,
      .attachmentCount = 1,
      .pAttachments = &view,
      .width = 32,
      .height = 32,
      .layers = 1,
   };
   VkFramebuffer fb;
   VKT_CHECK(vkCreateFramebuffer(t.dev, &fbci, NULL, &fb));
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   const VkClearValue clear = {.color.float32 = {0.5f, 0.5f, 0.5f, 1}};
   const VkRenderPassBeginInfo rpbi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
      .renderPass = rp,
      .framebuffer = fb,
      .renderArea = {{0, 0}, {32, 32}},
      .clearValueCount = 1,
      .pClearValues = &clear,
   };
   vkCmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdEndRenderPass(cmd);
   VKT_CHECK(vkEndCommandBuffer(cmd));
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1,
      .pCommandBuffers = &cmd,
      .signalSemaphoreCount = 1,
      .pSignalSemaphores = &rendered,
   };
   VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, VK_NULL_HANDLE));
   const VkPresentInfoKHR pi = {
      .sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
      .waitSemaphoreCount = 1,
      .pWaitSemaphores = &rendered,
      .swapchainCount = 1,
      .pSwapchains = &sc,
      .pImageIndices = &index,
   };
   VKT_CHECK(vkQueuePresentKHR(t.queues[0], &pi));
   xwin_wait_pixel(&x, 16, 16, 0xbcbcbc);
   VKT_CHECK(vkDeviceWaitIdle(t.dev));
   vkFreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   vkDestroyFramebuffer(t.dev, fb, NULL);
   vkDestroyRenderPass(t.dev, rp, NULL);
   vkDestroyImageView(t.dev, view, NULL);
   vkDestroySemaphore(t.dev, rendered, NULL);
   vkDestroyFence(t.dev, fence, NULL);
   vkDestroySwapchainKHR(t.dev, sc, NULL);
   vkDestroySurfaceKHR(t.instance, s, NULL);
   xwin_close(&x);
   vkt_finish(&t);
}

/* VK_KHR_incremental_present: the rectangles are a hint; what they cover
 * must be updated (kiln copies the whole image). */
TEST(x11_incremental_present_updates_the_region)
{
   static const char *const exts[] = {VK_KHR_SWAPCHAIN_EXTENSION_NAME,
                                      VK_KHR_INCREMENTAL_PRESENT_EXTENSION_NAME};
   struct vkt t;
   if (!x11_init_exts(&t, exts, ARRAY_SIZE(exts)))
      return;
   struct xwin x;
   if (xwin_open(&x, false, 64, 48)) {
      VkSurfaceKHR s = xwin_surface(&t, &x);
      VkSurfaceCapabilitiesKHR caps;
      VKT_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(t.pdev, s, &caps));
      struct wsi w;
      if (wsi_create(&t, &w, s, VK_PRESENT_MODE_FIFO_KHR, caps.minImageCount,
                     VK_NULL_HANDLE)) {
         const float a[4] = {0.8f, 0.2f, 0.4f, 1}, b[4] = {0.2f, 0.6f, 0.8f, 1};
         VKT_CHECK(wsi_frame(&w, a, NULL));
         xwin_wait_pixel(&x, 8, 8, 0xcc3366);
         const VkRectLayerKHR rect = {{4, 4}, {16, 16}, 0};
         const VkPresentRegionKHR region = {1, &rect};
         const VkPresentRegionsKHR regions = {
            .sType = VK_STRUCTURE_TYPE_PRESENT_REGIONS_KHR,
            .swapchainCount = 1,
            .pRegions = &region,
         };
         w.present_next = &regions;
         VKT_CHECK(wsi_frame(&w, b, NULL));
         xwin_wait_pixel(&x, 8, 8, 0x3399cc);
         wsi_destroy(&w, true);
      }
      vkDestroySurfaceKHR(t.instance, s, NULL);
      xwin_close(&x);
   }
   vkt_finish(&t);
}

/* VK_EXT_surface_maintenance1 / VK_EXT_swapchain_maintenance1: the mode
 * compatibility and scaling queries, present fences, switching the present
 * mode per present (FIFO paces, IMMEDIATE does not), and images released
 * unpresented. */
TEST(swapchain_maintenance1)
{
   static const char *const inst[] = {
      VK_KHR_SURFACE_EXTENSION_NAME, VK_EXT_HEADLESS_SURFACE_EXTENSION_NAME,
      VK_KHR_GET_SURFACE_CAPABILITIES_2_EXTENSION_NAME,
      VK_EXT_SURFACE_MAINTENANCE_1_EXTENSION_NAME};
   static const char *const dev[] = {VK_KHR_SWAPCHAIN_EXTENSION_NAME,
                                     VK_EXT_SWAPCHAIN_MAINTENANCE_1_EXTENSION_NAME};
   VkPhysicalDeviceSwapchainMaintenance1FeaturesEXT feat = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SWAPCHAIN_MAINTENANCE_1_FEATURES_EXT,
      .swapchainMaintenance1 = VK_TRUE,
   };
   /* The test checks the compatibility list itself (FIFO and IMMEDIATE
    * are in it) before it creates the swapchain. */
   static const struct vkt_allowed_message allowed[] = {{
      "VUID-VkSwapchainPresentModesCreateInfoEXT-pPresentModes-07763", NULL,
      "Vulkan-ValidationLayers 1.3.239 reports modes that the driver's "
      "VkSurfacePresentModeCompatibilityEXT lists as incompatible",
   }};
   const struct vkt_req req = {
      .instance_extensions = inst,
      .instance_extension_count = ARRAY_SIZE(inst),
      .extensions = dev,
      .extension_count = ARRAY_SIZE(dev),
      .features = &feat,
      .allowed = allowed,
      .allowed_count = ARRAY_SIZE(allowed),
   };
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   VkSurfaceKHR s = headless_surface(&t);

   PFN_vkGetPhysicalDeviceSurfaceCapabilities2KHR caps2_fn =
      (PFN_vkGetPhysicalDeviceSurfaceCapabilities2KHR)vkGetInstanceProcAddr(
         t.instance, "vkGetPhysicalDeviceSurfaceCapabilities2KHR");
   const VkSurfacePresentModeEXT mode = {
      .sType = VK_STRUCTURE_TYPE_SURFACE_PRESENT_MODE_EXT,
      .presentMode = VK_PRESENT_MODE_FIFO_KHR,
   };
   const VkPhysicalDeviceSurfaceInfo2KHR info = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SURFACE_INFO_2_KHR,
      .pNext = &mode,
      .surface = s,
   };
   VkPresentModeKHR compat_modes[8];
   VkSurfacePresentScalingCapabilitiesEXT scaling = {
      .sType = VK_STRUCTURE_TYPE_SURFACE_PRESENT_SCALING_CAPABILITIES_EXT,
   };
   VkSurfacePresentModeCompatibilityEXT compat = {
      .sType = VK_STRUCTURE_TYPE_SURFACE_PRESENT_MODE_COMPATIBILITY_EXT,
      .pNext = &scaling,
   };
   VkSurfaceCapabilities2KHR caps2 = {.sType = VK_STRUCTURE_TYPE_SURFACE_CAPABILITIES_2_KHR,
                                      .pNext = &compat};
   if (CHECK(caps2_fn != NULL)) {
      VKT_CHECK(caps2_fn(t.pdev, &info, &caps2));
      CHECK(compat.presentModeCount >= 1);
      compat.presentModeCount = ARRAY_SIZE(compat_modes);
      compat.pPresentModes = compat_modes;
      VKT_CHECK(caps2_fn(t.pdev, &info, &caps2));
      bool has_fifo = false, has_immediate = false;
      for (uint32_t i = 0; i < compat.presentModeCount; i++) {
         has_fifo |= compat_modes[i] == VK_PRESENT_MODE_FIFO_KHR;
         has_immediate |= compat_modes[i] == VK_PRESENT_MODE_IMMEDIATE_KHR;
      }
      CHECK(has_fifo && has_immediate);
      CHECK_EQ(scaling.supportedPresentScaling, 0);
   }

   /* The validation layer checks the modes against its record of these
    * queries. */
   CHECK(has_present_mode(&t, s, VK_PRESENT_MODE_IMMEDIATE_KHR));
   const VkPresentModeKHR modes[] = {VK_PRESENT_MODE_FIFO_KHR, VK_PRESENT_MODE_IMMEDIATE_KHR};
   const VkSwapchainPresentModesCreateInfoEXT modes_ci = {
      .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_PRESENT_MODES_CREATE_INFO_EXT,
      .presentModeCount = 2,
      .pPresentModes = modes,
   };
   wsi_create_next = &modes_ci;
   struct wsi w;
   const bool made = wsi_create(&t, &w, s, VK_PRESENT_MODE_FIFO_KHR, 3, VK_NULL_HANDLE);
   wsi_create_next = NULL;
   if (made) {
      const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
      VkFence present_fence;
      VKT_CHECK(vkCreateFence(t.dev, &fci, NULL, &present_fence));
      const float c[4] = {0.5f, 0.5f, 0.5f, 1};
      double ms[2];
      for (unsigned m = 0; m < 2; m++) {
         const VkSwapchainPresentModeInfoEXT mode_info = {
            .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_PRESENT_MODE_INFO_EXT,
            .swapchainCount = 1,
            .pPresentModes = &modes[m],
         };
         const uint64_t t0 = now_ns();
         for (unsigned i = 0; i < 24; i++) {
            /* The last present carries a fence too. */
            const VkSwapchainPresentFenceInfoEXT fence_info = {
               .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_PRESENT_FENCE_INFO_EXT,
               .pNext = (void *)&mode_info,
               .swapchainCount = 1,
               .pFences = &present_fence,
            };
            w.present_next = i == 23 ? (const void *)&fence_info : (const void *)&mode_info;
            VKT_CHECK(wsi_frame(&w, c, NULL));
         }
         ms[m] = (now_ns() - t0) / 1e6;
         VKT_CHECK(vkWaitForFences(t.dev, 1, &present_fence, VK_TRUE, 1000 * MS_NS));
         VKT_CHECK(vkResetFences(t.dev, 1, &present_fence));
      }
      w.present_next = NULL;
      printf("24 frames: FIFO %.1f ms, then IMMEDIATE %.1f ms\n", ms[0], ms[1]);
      if (t.is_kiln) {
         CHECK(ms[0] >= 20 * 1000.0 / 60 * 0.95);
         CHECK(ms[1] < ms[0] * 0.6);
      }

      /* Acquire every image, release them all, acquire them all again. */
      PFN_vkReleaseSwapchainImagesEXT release = VKT_PROC(&t, vkReleaseSwapchainImagesEXT);
      VKT_CHECK(vkDeviceWaitIdle(t.dev));
      for (unsigned round = 0; round < 2 && release; round++) {
         uint32_t idx[16];
         for (uint32_t i = 0; i < w.count; i++) {
            VKT_CHECK(vkAcquireNextImageKHR(t.dev, w.sc, 1000 * MS_NS, VK_NULL_HANDLE,
                                            present_fence, &idx[i]));
            VKT_CHECK(vkWaitForFences(t.dev, 1, &present_fence, VK_TRUE, 1000 * MS_NS));
            VKT_CHECK(vkResetFences(t.dev, 1, &present_fence));
         }
         const VkReleaseSwapchainImagesInfoEXT ri = {
            .sType = VK_STRUCTURE_TYPE_RELEASE_SWAPCHAIN_IMAGES_INFO_EXT,
            .swapchain = w.sc,
            .imageIndexCount = w.count,
            .pImageIndices = idx,
         };
         VKT_CHECK(release(t.dev, &ri));
      }
      vkDestroyFence(t.dev, present_fence, NULL);
      wsi_destroy(&w, true);
   }
   vkDestroySurfaceKHR(t.instance, s, NULL);
   vkt_finish(&t);
}

/* Whether display :n is taken: a lock file, or a socket (abstract ones
 * are shared with other mount namespaces on this host, lock files not). */
static bool
x_display_in_use(unsigned n)
{
   char path[64];
   snprintf(path, sizeof(path), "/tmp/.X%u-lock", n);
   if (access(path, F_OK) == 0)
      return true;
   FILE *f = fopen("/proc/net/unix", "r");
   if (!f)
      return false;
   char want[64], line[512];
   snprintf(want, sizeof(want), "/tmp/.X11-unix/X%u\n", n);
   bool used = false;
   while (!used && fgets(line, sizeof(line), f)) {
      const size_t len = strlen(line), wlen = strlen(want);
      used = len >= wlen && strcmp(line + len - wlen, want) == 0;
   }
   fclose(f);
   return used;
}

/* A private X server, for tests that kill it, on a free display far from
 * the usual ones. Returns its pid (0 when Xvfb cannot be started) and sets
 * display (":N") once it accepts connections. */
static pid_t
spawn_xvfb(char display[16])
{
   for (unsigned attempt = 0; attempt < 20; attempt++) {
      const unsigned n = 200 + ((unsigned)getpid() * 7 + attempt * 13) % 700;
      if (x_display_in_use(n))
         continue;
      snprintf(display, 16, ":%u", n);
      const pid_t pid = fork();
      if (pid == 0) {
         int devnull = open("/dev/null", O_WRONLY);
         dup2(devnull, 2);
         execlp("Xvfb", "Xvfb", display, "-nolisten", "tcp", "-noreset", "-screen", "0",
                "320x240x24", (char *)NULL);
         _exit(127);
      }
      if (pid < 0)
         return 0;
      for (unsigned i = 0; i < 100; i++) {
         xcb_connection_t *c = xcb_connect(display, NULL);
         const bool up = !xcb_connection_has_error(c);
         xcb_disconnect(c);
         if (up)
            return pid;
         if (waitpid(pid, NULL, WNOHANG) == pid)
            break; /* it exited: try another number */
         const struct timespec ts = {0, 50 * 1000 * 1000};
         nanosleep(&ts, NULL);
      }
      kill(pid, SIGKILL);
      waitpid(pid, NULL, 0);
   }
   return 0;
}

/* The X server dies under a swapchain: VK_ERROR_SURFACE_LOST_KHR from
 * acquire or present (kiln: the connection has an error from then on). */
TEST(x11_dead_connection_loses_the_surface)
{
   struct vkt t;
   if (!x11_init(&t, true))
      return;
   char display[16];
   const pid_t server = spawn_xvfb(display);
   if (!CHECK(server > 0)) {
      vkt_finish(&t);
      return;
   }
   xcb_connection_t *conn = xcb_connect(display, NULL);
   if (CHECK(!xcb_connection_has_error(conn))) {
      struct xwin x = {.conn = conn};
      xcb_screen_t *screen = xcb_setup_roots_iterator(xcb_get_setup(conn)).data;
      x.window = xcb_generate_id(conn);
      xcb_create_window(conn, XCB_COPY_FROM_PARENT, x.window, screen->root, 0, 0, 64, 48, 0,
                        XCB_WINDOW_CLASS_INPUT_OUTPUT, screen->root_visual, 0, NULL);
      xcb_map_window(conn, x.window);
      free(xcb_get_input_focus_reply(conn, xcb_get_input_focus(conn), NULL));
      VkSurfaceKHR s = xwin_surface(&t, &x);
      struct wsi w;
      if (wsi_create(&t, &w, s, VK_PRESENT_MODE_FIFO_KHR, 2, VK_NULL_HANDLE)) {
         const float c[4] = {0.2f, 0.6f, 0.8f, 1};
         VKT_CHECK(wsi_frame(&w, c, NULL));
         kill(server, SIGKILL);
         waitpid(server, NULL, 0);
         VkResult r = VK_SUCCESS;
         for (unsigned i = 0; i < 4 && r == VK_SUCCESS; i++)
            r = wsi_frame(&w, c, NULL);
         CHECK_EQ(r, VK_ERROR_SURFACE_LOST_KHR);
         wsi_destroy(&w, true);
      }
      vkDestroySurfaceKHR(t.instance, s, NULL);
   }
   xcb_disconnect(conn);
   kill(server, SIGKILL);
   waitpid(server, NULL, 0);
   vkt_finish(&t);
}

/* ---------------------------------------------------------------------- */
/* Wayland: a private weston (headless backend) that the test can kill. */

struct wl_test {
   pid_t server;
   char dir[64];
   struct wl_display *display;
   struct wl_compositor *compositor;
   struct wl_surface *surface;
};

static void
wl_test_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
               uint32_t version)
{
   struct wl_test *w = data;
   if (strcmp(interface, wl_compositor_interface.name) == 0)
      w->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 1);
}

static void
wl_test_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener wl_test_registry = {wl_test_global,
                                                             wl_test_global_remove};

static bool
wl_test_start(struct wl_test *w)
{
   memset(w, 0, sizeof(*w));
   snprintf(w->dir, sizeof(w->dir), "/tmp/kiln-wsi-XXXXXX");
   if (!mkdtemp(w->dir))
      return false;
   /* libwayland complains without one, even for absolute socket paths. */
   setenv("XDG_RUNTIME_DIR", w->dir, 0);
   w->server = fork();
   if (w->server == 0) {
      setenv("XDG_RUNTIME_DIR", w->dir, 1);
      int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, 1);
      dup2(devnull, 2);
      execlp("weston", "weston", "--backend=headless-backend.so", "--socket=kiln-wsi-test",
             "--idle-time=0", "--shell=desktop-shell.so", (char *)NULL);
      _exit(127);
   }
   char socket[128];
   snprintf(socket, sizeof(socket), "%s/kiln-wsi-test", w->dir);
   for (unsigned i = 0; i < 100 && access(socket, F_OK) != 0; i++) {
      const struct timespec ts = {0, 50 * 1000 * 1000};
      nanosleep(&ts, NULL);
   }
   w->display = wl_display_connect(socket);
   if (!w->display)
      return false;
   struct wl_registry *registry = wl_display_get_registry(w->display);
   wl_registry_add_listener(registry, &wl_test_registry, w);
   wl_display_roundtrip(w->display);
   wl_registry_destroy(registry);
   if (!w->compositor)
      return false;
   w->surface = wl_compositor_create_surface(w->compositor);
   return w->surface != NULL;
}

static void
wl_test_stop(struct wl_test *w)
{
   if (w->surface)
      wl_surface_destroy(w->surface);
   if (w->compositor)
      wl_compositor_destroy(w->compositor);
   if (w->display)
      wl_display_disconnect(w->display);
   if (w->server > 0) {
      kill(w->server, SIGKILL);
      waitpid(w->server, NULL, 0);
   }
   char cmd[128];
   snprintf(cmd, sizeof(cmd), "rm -rf '%s'", w->dir);
   if (system(cmd) != 0)
      fprintf(stderr, "cannot remove %s\n", w->dir);
}

static bool
weston_installed(void)
{
   return system("command -v weston >/dev/null 2>&1") == 0;
}

/* Frames to a Wayland surface (wl_shm), then the compositor dies:
 * VK_ERROR_SURFACE_LOST_KHR (kiln). */
TEST(wayland_frames_then_dead_compositor)
{
   static const char *const inst[] = {VK_KHR_SURFACE_EXTENSION_NAME,
                                      VK_KHR_WAYLAND_SURFACE_EXTENSION_NAME};
   if (!weston_installed()) {
      vkt_skip("weston is not installed");
      return;
   }
   struct vkt t;
   if (!wsi_init_with(&t, true, inst, ARRAY_SIZE(inst)))
      return;
   struct wl_test wl;
   if (CHECK(wl_test_start(&wl))) {
      PFN_vkCreateWaylandSurfaceKHR create = (PFN_vkCreateWaylandSurfaceKHR)vkGetInstanceProcAddr(
         t.instance, "vkCreateWaylandSurfaceKHR");
      const VkWaylandSurfaceCreateInfoKHR ci = {
         .sType = VK_STRUCTURE_TYPE_WAYLAND_SURFACE_CREATE_INFO_KHR,
         .display = wl.display,
         .surface = wl.surface,
      };
      VkSurfaceKHR s = VK_NULL_HANDLE;
      VKT_CHECK(create(t.instance, &ci, NULL, &s));
      VkSurfaceCapabilitiesKHR caps;
      VKT_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(t.pdev, s, &caps));
      /* A Wayland surface takes its size from its buffers. */
      CHECK_EQ(caps.currentExtent.width, UINT32_MAX);
      struct wsi w;
      if (wsi_create(&t, &w, s, VK_PRESENT_MODE_FIFO_KHR, 2, VK_NULL_HANDLE)) {
         const float c[4] = {0.2f, 0.6f, 0.8f, 1};
         for (unsigned i = 0; i < 4; i++)
            VKT_CHECK(wsi_frame(&w, c, NULL));
         kill(wl.server, SIGKILL);
         waitpid(wl.server, NULL, 0);
         wl.server = 0;
         VkResult r = VK_SUCCESS;
         for (unsigned i = 0; i < 6 && r == VK_SUCCESS; i++)
            r = wsi_frame(&w, c, NULL);
         CHECK_EQ(r, VK_ERROR_SURFACE_LOST_KHR);
         wsi_destroy(&w, true);
      }
      vkDestroySurfaceKHR(t.instance, s, NULL);
   }
   wl_test_stop(&wl);
   vkt_finish(&t);
}
