/* SPDX-License-Identifier: MIT */
/*
 * Wayland surfaces (VK_KHR_wayland_surface) presenting through wl_shm: each
 * swapchain owns a memfd pool with one XRGB8888 wl_buffer per image; a
 * present copies the image into a buffer the compositor has released,
 * attaches, damages and commits it. FIFO and FIFO_RELAXED also wait for the
 * frame callback of the previous commit (at most NVK_WL_FRAME_WAIT_MS: a
 * surface the compositor does not show gets none). Everything of ours runs
 * on a private event queue, so the application's own dispatching never sees
 * our events. zwp_linux_dmabuf_v1 is not used: kiln's memory is host
 * memory, which wl_shm shares without a copy on the compositor's side
 * (docs/wsi.md).
 */
#include "nvk_wsi_swapchain.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

#include "nvk_instance.h"
#include "util/os.h"
#include "vk_alloc.h"
#include "vk_entrypoints.h"
#include "vk_log.h"

#define NVK_WL_FRAME_WAIT_MS 100

struct wl_swapchain;

struct wl_image {
   struct wl_swapchain *owner;
   struct wl_buffer *buffer;
   bool busy;
};

struct wl_swapchain {
   struct wl_display *display;
   struct wl_event_queue *queue;
   struct wl_surface *surface; /* a wrapper on our queue */
   struct wl_shm *shm;
   struct wl_shm_pool *pool;
   uint8_t *pixels;
   size_t size_B, image_B;
   uint32_t row_B;
   bool frame_pending;
   bool released; /* a buffer came back since the flag was cleared */
   struct wl_callback *frame;
   uint32_t image_count;
   struct wl_image images[];
};

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateWaylandSurfaceKHR(VkInstance _instance,
                            const VkWaylandSurfaceCreateInfoKHR *pCreateInfo,
                            const VkAllocationCallbacks *pAllocator, VkSurfaceKHR *pSurface)
{
   VK_FROM_HANDLE(nvk_instance, instance, _instance);
   VkIcdSurfaceWayland *s = vk_alloc2(&instance->vk.alloc, pAllocator, sizeof(*s), 8,
                                      VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (s == NULL)
      return vk_error(instance, VK_ERROR_OUT_OF_HOST_MEMORY);
   s->base.platform = VK_ICD_WSI_PLATFORM_WAYLAND;
   s->display = pCreateInfo->display;
   s->surface = pCreateInfo->surface;
   *pSurface = (VkSurfaceKHR)(uintptr_t)s;
   return VK_SUCCESS;
}

VKAPI_ATTR VkBool32 VKAPI_CALL
nvk_GetPhysicalDeviceWaylandPresentationSupportKHR(VkPhysicalDevice physicalDevice,
                                                   uint32_t queueFamilyIndex,
                                                   struct wl_display *display)
{
   return queueFamilyIndex == 0;
}

static VkResult
wl_get_extent(VkIcdSurfaceBase *surface, VkExtent2D *extent_px)
{
   /* A Wayland surface takes its size from its buffers. */
   if (wl_display_get_error(((VkIcdSurfaceWayland *)surface)->display))
      return VK_ERROR_SURFACE_LOST_KHR;
   *extent_px = (VkExtent2D){UINT32_MAX, UINT32_MAX};
   return VK_SUCCESS;
}

/* Dispatches our queue until *done or timeout_ms (-1: none). false on a
 * timeout or a dead connection. */
static bool
wl_wait(struct wl_swapchain *w, bool *done, bool want, int timeout_ms)
{
   const uint64_t end_ns = util_time_ns() + (uint64_t)(timeout_ms < 0 ? 0 : timeout_ms) * 1000000;
   while (*done != want) {
      if (wl_display_dispatch_queue_pending(w->display, w->queue) < 0)
         return false;
      if (*done == want)
         break;
      if (wl_display_prepare_read_queue(w->display, w->queue) != 0)
         continue;
      if (wl_display_flush(w->display) < 0 && errno != EAGAIN) {
         wl_display_cancel_read(w->display);
         return false;
      }
      int wait_ms = -1;
      if (timeout_ms >= 0) {
         const uint64_t now_ns = util_time_ns();
         wait_ms = now_ns >= end_ns ? 0 : (int)((end_ns - now_ns) / 1000000) + 1;
      }
      struct pollfd pfd = {.fd = wl_display_get_fd(w->display), .events = POLLIN};
      const int n = poll(&pfd, 1, wait_ms);
      if (n <= 0) {
         wl_display_cancel_read(w->display);
         if (n == 0 || errno != EINTR)
            return false;
         continue;
      }
      if (wl_display_read_events(w->display) < 0)
         return false;
   }
   return true;
}

static void
wl_registry_global(void *data, struct wl_registry *registry, uint32_t name,
                   const char *interface, uint32_t version)
{
   struct wl_swapchain *w = data;
   if (strcmp(interface, wl_shm_interface.name) == 0 && w->shm == NULL)
      w->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
}

static void
wl_registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener wl_registry_listener = {
   .global = wl_registry_global,
   .global_remove = wl_registry_global_remove,
};

static void
wl_buffer_release(void *data, struct wl_buffer *buffer)
{
   struct wl_image *img = data;
   img->busy = false;
   img->owner->released = true;
}

static const struct wl_buffer_listener wl_buffer_listener = {.release = wl_buffer_release};

static void
wl_frame_done(void *data, struct wl_callback *callback, uint32_t time_ms)
{
   struct wl_swapchain *w = data;
   w->frame_pending = false;
   wl_callback_destroy(callback);
   w->frame = NULL;
}

static const struct wl_callback_listener wl_frame_listener = {.done = wl_frame_done};

static void
wl_swapchain_free(struct wl_swapchain *w)
{
   for (uint32_t i = 0; i < w->image_count; i++) {
      if (w->images[i].buffer)
         wl_buffer_destroy(w->images[i].buffer);
   }
   if (w->frame)
      wl_callback_destroy(w->frame);
   if (w->pool)
      wl_shm_pool_destroy(w->pool);
   if (w->shm)
      wl_shm_destroy(w->shm);
   if (w->pixels)
      munmap(w->pixels, w->size_B);
   if (w->surface)
      wl_proxy_wrapper_destroy(w->surface);
   if (w->queue)
      wl_event_queue_destroy(w->queue);
   free(w);
}

static VkResult
wl_swapchain_init(struct nvk_swapchain *sc)
{
   VkIcdSurfaceWayland *s = (VkIcdSurfaceWayland *)sc->surface;
   /* Buffers the compositor holds: one per image, plus the one on screen. */
   const uint32_t count = sc->image_count + 1;
   struct wl_swapchain *w = calloc(1, sizeof(*w) + count * sizeof(w->images[0]));
   if (w == NULL)
      return vk_error(sc, VK_ERROR_OUT_OF_HOST_MEMORY);
   w->display = s->display;
   w->image_count = count;
   w->queue = wl_display_create_queue(w->display);
   struct wl_display *display = wl_proxy_create_wrapper(w->display);
   w->surface = wl_proxy_create_wrapper(s->surface);
   if (!w->queue || !display || !w->surface) {
      if (display)
         wl_proxy_wrapper_destroy(display);
      wl_swapchain_free(w);
      return vk_error(sc, VK_ERROR_OUT_OF_HOST_MEMORY);
   }
   wl_proxy_set_queue((struct wl_proxy *)display, w->queue);
   wl_proxy_set_queue((struct wl_proxy *)w->surface, w->queue);
   struct wl_registry *registry = wl_display_get_registry(display);
   wl_proxy_wrapper_destroy(display);
   wl_registry_add_listener(registry, &wl_registry_listener, w);
   const int rt = wl_display_roundtrip_queue(w->display, w->queue);
   wl_registry_destroy(registry);
   if (rt < 0) {
      wl_swapchain_free(w);
      return vk_errorf(sc, VK_ERROR_SURFACE_LOST_KHR, "the Wayland connection is gone");
   }
   if (w->shm == NULL) {
      wl_swapchain_free(w);
      return vk_errorf(sc, VK_ERROR_INITIALIZATION_FAILED, "the compositor has no wl_shm");
   }

   w->row_B = sc->extent_px.width * 4;
   w->image_B = (size_t)w->row_B * sc->extent_px.height;
   w->size_B = w->image_B * count;
   const int fd = memfd_create("kiln-wsi", MFD_CLOEXEC);
   if (fd < 0 || ftruncate(fd, (off_t)w->size_B) < 0) {
      if (fd >= 0)
         close(fd);
      wl_swapchain_free(w);
      return vk_error(sc, VK_ERROR_OUT_OF_HOST_MEMORY);
   }
   w->pixels = mmap(NULL, w->size_B, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (w->pixels == MAP_FAILED) {
      w->pixels = NULL;
      close(fd);
      wl_swapchain_free(w);
      return vk_error(sc, VK_ERROR_OUT_OF_HOST_MEMORY);
   }
   w->pool = wl_shm_create_pool(w->shm, fd, (int32_t)w->size_B);
   close(fd);
   for (uint32_t i = 0; i < count; i++) {
      w->images[i].buffer =
         wl_shm_pool_create_buffer(w->pool, (int32_t)(i * w->image_B), sc->extent_px.width,
                                   sc->extent_px.height, w->row_B, WL_SHM_FORMAT_XRGB8888);
      w->images[i].owner = w;
      wl_buffer_add_listener(w->images[i].buffer, &wl_buffer_listener, &w->images[i]);
   }
   wl_display_flush(w->display);
   sc->platform_data = w;
   return VK_SUCCESS;
}

static void
wl_swapchain_finish(struct nvk_swapchain *sc)
{
   struct wl_swapchain *w = sc->platform_data;
   if (w == NULL)
      return;
   wl_swapchain_free(w);
   wl_display_flush(((VkIcdSurfaceWayland *)sc->surface)->display);
}

/* XRGB8888 is BGRX in memory. */
static void
wl_convert(const struct nvk_wsi_pixels *px, uint8_t *dst, uint32_t row_B)
{
   const uint32_t w = px->extent_px.width;
   for (uint32_t y = 0; y < px->extent_px.height; y++) {
      const uint8_t *src = px->data + y * px->row_pitch_B;
      uint8_t *d = dst + (size_t)y * row_B;
      if (!px->rgba) {
         memcpy(d, src, (size_t)w * 4);
         continue;
      }
      for (uint32_t i = 0; i < w; i++) {
         d[4 * i + 0] = src[4 * i + 2];
         d[4 * i + 1] = src[4 * i + 1];
         d[4 * i + 2] = src[4 * i + 0];
         d[4 * i + 3] = src[4 * i + 3];
      }
   }
}

static VkResult
wl_present(struct nvk_swapchain *sc, const struct nvk_wsi_pixels *px)
{
   struct wl_swapchain *w = sc->platform_data;
   const bool fifo = sc->present_mode == VK_PRESENT_MODE_FIFO_KHR ||
                     sc->present_mode == VK_PRESENT_MODE_FIFO_RELAXED_KHR;
   if (wl_display_get_error(w->display))
      return VK_ERROR_SURFACE_LOST_KHR;
   /* FIFO: the compositor has shown the previous commit (or is not
    * showing the surface at all: then the clock paces alone). */
   if (fifo && w->frame_pending)
      wl_wait(w, &w->frame_pending, false, NVK_WL_FRAME_WAIT_MS);
   struct wl_image *img = NULL;
   for (;;) {
      for (uint32_t i = 0; i < w->image_count && !img; i++) {
         if (!w->images[i].busy)
            img = &w->images[i];
      }
      if (img)
         break;
      /* Every buffer is the compositor's: wait for a release. */
      w->released = false;
      if (!wl_wait(w, &w->released, true, -1))
         return VK_ERROR_SURFACE_LOST_KHR;
   }
   wl_convert(px, w->pixels + (size_t)(img - w->images) * w->image_B, w->row_B);
   img->busy = true;
   wl_surface_attach(w->surface, img->buffer, 0, 0);
   wl_surface_damage(w->surface, 0, 0, INT32_MAX, INT32_MAX);
   if (fifo && w->frame == NULL) {
      w->frame = wl_surface_frame(w->surface);
      wl_callback_add_listener(w->frame, &wl_frame_listener, w);
      w->frame_pending = true;
   }
   wl_surface_commit(w->surface);
   if (wl_display_flush(w->display) < 0 && errno != EAGAIN)
      return VK_ERROR_SURFACE_LOST_KHR;
   return VK_SUCCESS;
}

const struct nvk_wsi_platform nvk_wsi_wayland = {
   .name = "Wayland",
   .get_extent = wl_get_extent,
   .swapchain_init = wl_swapchain_init,
   .swapchain_finish = wl_swapchain_finish,
   .present = wl_present,
};
