/* SPDX-License-Identifier: MIT */
/*
 * A swapchain's display thread: the presentation engine. It takes the
 * queued images in present order, waits for each one's rendering (its
 * `ready` semaphore), and shows it when the present mode says
 * (Vulkan 1.3.239, VkPresentModeKHR):
 *  - IMMEDIATE: at once (a real display would tear).
 *  - FIFO: at the next vblank after the previous image's, one per refresh;
 *    never dropped, so presents run ahead by at most the idle images and
 *    then acquires block.
 *  - FIFO_RELAXED: FIFO, but an image that missed its vblank (a refresh
 *    passed with nothing new) is shown at once.
 *  - MAILBOX: at the next vblank; a newer present replaces a queued one
 *    (vkQueuePresentKHR marks it `drop`), which becomes acquirable again
 *    once its rendering is done, without being shown.
 * Dropped images are released as soon as their rendering is done. When the
 * swapchain is destroyed, what is still queued is shown at once. A platform
 * with a refresh of its own (X Present) paces FIFO instead of the clock.
 */
#include "nvk_wsi_swapchain.h"

#include "nvk_device.h"
#include "util/os.h"
#include "vk_fence.h"
#include "vk_log.h"

static bool
image_ready_locked(struct nvk_swapchain_image *img)
{
   VK_FROM_HANDLE(vk_semaphore, sem, img->ready);
   const struct vk_sync_wait w = {.sync = &sem->sync, .value = img->present_seq};
   return vk_sync_waits_reached_locked(&w, 1, false);
}

/* The first vblank strictly after t. */
static uint64_t
vblank_after(const struct nvk_swapchain *sc, uint64_t t_ns)
{
   if (t_ns < sc->epoch_ns)
      return sc->epoch_ns;
   return sc->epoch_ns + ((t_ns - sc->epoch_ns) / sc->refresh_ns + 1) * sc->refresh_ns;
}

/* The first vblank at or after t. */
static uint64_t
vblank_at_or_after(const struct nvk_swapchain *sc, uint64_t t_ns)
{
   return t_ns > sc->epoch_ns && (t_ns - sc->epoch_ns) % sc->refresh_ns == 0
             ? t_ns
             : vblank_after(sc, t_ns);
}

/* When an image that was ready at ready_ns is shown: at once, or at a
 * vblank (past ones count: the thread may wake a little late). */
static uint64_t
show_time(const struct nvk_swapchain *sc, VkPresentModeKHR mode, uint64_t ready_ns)
{
   /* No earlier than the refresh after the previous image's. */
   const uint64_t next = sc->shown_count ? vblank_after(sc, sc->last_shown_ns) : sc->epoch_ns;
   switch (mode) {
   case VK_PRESENT_MODE_IMMEDIATE_KHR:
      return ready_ns;
   case VK_PRESENT_MODE_FIFO_RELAXED_KHR:
      /* Late: a vblank went by with nothing new to show. */
      if (sc->shown_count > 0 && ready_ns > next)
         return ready_ns;
      return vblank_at_or_after(sc, MAX2(ready_ns, next));
   default: /* FIFO, MAILBOX */
      return vblank_at_or_after(sc, MAX2(ready_ns, next));
   }
}

static void
release_head_locked(struct nvk_swapchain *sc)
{
   struct nvk_swapchain_image *img = &sc->images[sc->queue[sc->queue_head]];
   sc->queue_head = (sc->queue_head + 1) % sc->image_count;
   sc->queue_count--;
   img->state = NVK_SWAPCHAIN_IMAGE_IDLE;
   img->drop = false;
   img->ready_ns = 0;
   img->refresh_waited = false;
   img->idle_order = ++sc->idle_counter;
   vk_sync_domain_broadcast_locked(&sc->dev->vk.sync);
}

void *
nvk_swapchain_display_thread(void *arg)
{
   struct nvk_swapchain *sc = arg;
   struct vk_sync_domain *d = &sc->dev->vk.sync;

   vk_sync_domain_lock(d);
   for (;;) {
      if (sc->queue_count == 0) {
         if (sc->shutdown)
            break;
         vk_sync_domain_wait_locked(d, UINT64_MAX);
         continue;
      }
      const uint32_t index = sc->queue[sc->queue_head];
      struct nvk_swapchain_image *img = &sc->images[index];
      /* A lost device signals nothing: give the images back unshown. */
      if (d->lost) {
         release_head_locked(sc);
         continue;
      }
      if (!image_ready_locked(img)) {
         vk_sync_domain_wait_locked(d, UINT64_MAX);
         continue;
      }
      if (img->drop || sc->status < 0) {
         release_head_locked(sc);
         continue;
      }
      const uint64_t now_ns = util_time_ns();
      /* The signal that made it ready woke this thread. */
      if (img->ready_ns == 0)
         img->ready_ns = now_ns;
      /* FIFO where the platform has a refresh of its own (X Present):
       * the image after the previous one waits for the refresh that
       * follows its copy instead of the clock. */
      if (img->present_mode == VK_PRESENT_MODE_FIFO_KHR && sc->platform->wait_refresh &&
          sc->shown_count > 0 && !sc->shutdown && !img->refresh_waited) {
         vk_sync_domain_unlock(d);
         const VkResult r = sc->platform->wait_refresh(sc);
         vk_sync_domain_lock(d);
         img->refresh_waited = true;
         img->refresh_result = r;
         if (r < 0 && sc->status >= 0)
            sc->status = r;
         continue; /* the world may have changed meanwhile */
      }
      /* Destruction shows what was presented without waiting for vblanks
       * (the last frame of a program stays on screen). */
      const uint64_t when_ns =
         sc->shutdown || (img->refresh_waited && img->refresh_result == VK_SUCCESS)
            ? now_ns
            : show_time(sc, img->present_mode, img->ready_ns);
      if (when_ns > now_ns) {
         /* Presents arriving meanwhile (MAILBOX drops) wake us early. */
         vk_sync_domain_wait_locked(d, when_ns);
         continue;
      }
      vk_sync_domain_unlock(d);
      const struct nvk_wsi_pixels px = {
         .data = img->map,
         .row_pitch_B = img->row_pitch_B,
         .extent_px = sc->extent_px,
         .rgba = sc->format == VK_FORMAT_R8G8B8A8_UNORM ||
                 sc->format == VK_FORMAT_R8G8B8A8_SRGB,
      };
      const VkResult result = sc->platform->present(sc, &px);
      vk_sync_domain_lock(d);
      if (result < 0 && sc->status >= 0)
         sc->status = result;
      sc->last_shown_ns = when_ns;
      sc->shown_count++;
      release_head_locked(sc);
   }
   vk_sync_domain_unlock(d);
   return NULL;
}
