/* SPDX-License-Identifier: MIT */
/*
 * X11 surfaces (VK_KHR_xcb_surface, VK_KHR_xlib_surface; an Xlib display
 * is used through its xcb connection). Presenting copies the image into
 * the window as BGRX pixels: through a MIT-SHM segment when the server has
 * the extension and can attach our segment (a local server), with
 * PutImage requests otherwise. Each present ends with a checked request,
 * so the pixels have reached the server before the image is reused and a
 * vanished window is seen at once (VK_ERROR_SURFACE_LOST_KHR). Where the
 * server has the Present extension (Xvfb does), FIFO is paced by it: each
 * present also asks for a PresentCompleteNotify at the next MSC
 * (NotifyMSC, divisor 1), and the next FIFO image waits for it instead of
 * the display thread's 60 Hz clock; PutImage/MIT-SHM still do the copy.
 * KILN_WSI_NO_PRESENT=1 turns that off.
 */
#include "nvk_wsi_swapchain.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <time.h>
#include <X11/Xlib-xcb.h>
#include <xcb/present.h>
#include <xcb/shm.h>
#include <xcb/xcb.h>

#include "util/os.h"

#include "nvk_instance.h"
#include "vk_alloc.h"
#include "vk_entrypoints.h"
#include "vk_log.h"

struct x11_swapchain {
   xcb_connection_t *conn;
   xcb_window_t window;
   xcb_gcontext_t gc;
   uint8_t depth;
   /* MIT-SHM: the segment, or shm_seg == 0 for PutImage. */
   xcb_shm_seg_t shm_seg;
   int shm_id;
   uint8_t *pixels; /* the segment, or a buffer for PutImage */
   uint32_t max_request_B;
   /* X Present: our event context, or NULL for the clock. */
   xcb_special_event_t *present_events;
   uint32_t present_eid;
   uint32_t serial;      /* of the last NotifyMSC sent */
   bool notify_pending;  /* its CompleteNotify not seen yet */
   uint64_t last_msc;    /* of the last CompleteNotify */
};

/* How long a FIFO image waits for a CompleteNotify before the clock paces
 * it (a server that stopped counting). */
#define X11_PRESENT_TIMEOUT_NS (100ull * 1000 * 1000)

static xcb_connection_t *
x11_connection(VkIcdSurfaceBase *surface)
{
   if (surface->platform == VK_ICD_WSI_PLATFORM_XLIB)
      return XGetXCBConnection(((VkIcdSurfaceXlib *)surface)->dpy);
   return ((VkIcdSurfaceXcb *)surface)->connection;
}

static xcb_window_t
x11_window(VkIcdSurfaceBase *surface)
{
   if (surface->platform == VK_ICD_WSI_PLATFORM_XLIB)
      return (xcb_window_t)((VkIcdSurfaceXlib *)surface)->window;
   return ((VkIcdSurfaceXcb *)surface)->window;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateXcbSurfaceKHR(VkInstance _instance, const VkXcbSurfaceCreateInfoKHR *pCreateInfo,
                        const VkAllocationCallbacks *pAllocator, VkSurfaceKHR *pSurface)
{
   VK_FROM_HANDLE(nvk_instance, instance, _instance);
   VkIcdSurfaceXcb *s = vk_alloc2(&instance->vk.alloc, pAllocator, sizeof(*s), 8,
                                  VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (s == NULL)
      return vk_error(instance, VK_ERROR_OUT_OF_HOST_MEMORY);
   s->base.platform = VK_ICD_WSI_PLATFORM_XCB;
   s->connection = pCreateInfo->connection;
   s->window = pCreateInfo->window;
   *pSurface = (VkSurfaceKHR)(uintptr_t)s;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateXlibSurfaceKHR(VkInstance _instance, const VkXlibSurfaceCreateInfoKHR *pCreateInfo,
                         const VkAllocationCallbacks *pAllocator, VkSurfaceKHR *pSurface)
{
   VK_FROM_HANDLE(nvk_instance, instance, _instance);
   VkIcdSurfaceXlib *s = vk_alloc2(&instance->vk.alloc, pAllocator, sizeof(*s), 8,
                                   VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (s == NULL)
      return vk_error(instance, VK_ERROR_OUT_OF_HOST_MEMORY);
   s->base.platform = VK_ICD_WSI_PLATFORM_XLIB;
   s->dpy = pCreateInfo->dpy;
   s->window = pCreateInfo->window;
   *pSurface = (VkSurfaceKHR)(uintptr_t)s;
   return VK_SUCCESS;
}

/* Any TrueColor visual of depth 24 or 32 takes our BGRX pixels. */
static bool
x11_visual_supported(xcb_connection_t *conn, xcb_visualid_t visual_id)
{
   for (xcb_screen_iterator_t s = xcb_setup_roots_iterator(xcb_get_setup(conn)); s.rem;
        xcb_screen_next(&s)) {
      for (xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(s.data); d.rem;
           xcb_depth_next(&d)) {
         for (xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(d.data); v.rem;
              xcb_visualtype_next(&v)) {
            if (v.data->visual_id == visual_id)
               return v.data->_class == XCB_VISUAL_CLASS_TRUE_COLOR &&
                      (d.data->depth == 24 || d.data->depth == 32);
         }
      }
   }
   return false;
}

VKAPI_ATTR VkBool32 VKAPI_CALL
nvk_GetPhysicalDeviceXcbPresentationSupportKHR(VkPhysicalDevice physicalDevice,
                                               uint32_t queueFamilyIndex,
                                               xcb_connection_t *connection,
                                               xcb_visualid_t visual_id)
{
   return queueFamilyIndex == 0 && x11_visual_supported(connection, visual_id);
}

VKAPI_ATTR VkBool32 VKAPI_CALL
nvk_GetPhysicalDeviceXlibPresentationSupportKHR(VkPhysicalDevice physicalDevice,
                                                uint32_t queueFamilyIndex, Display *dpy,
                                                VisualID visualID)
{
   return queueFamilyIndex == 0 &&
          x11_visual_supported(XGetXCBConnection(dpy), (xcb_visualid_t)visualID);
}

static VkResult
x11_get_extent(VkIcdSurfaceBase *surface, VkExtent2D *extent_px)
{
   xcb_connection_t *conn = x11_connection(surface);
   if (xcb_connection_has_error(conn))
      return VK_ERROR_SURFACE_LOST_KHR;
   xcb_generic_error_t *err = NULL;
   xcb_get_geometry_reply_t *geo =
      xcb_get_geometry_reply(conn, xcb_get_geometry(conn, x11_window(surface)), &err);
   free(err);
   if (geo == NULL)
      return VK_ERROR_SURFACE_LOST_KHR; /* BadDrawable: the window is gone */
   *extent_px = (VkExtent2D){geo->width, geo->height};
   free(geo);
   return VK_SUCCESS;
}

/* MIT-SHM if the server has it and can attach a segment of ours. */
static bool
x11_shm_init(struct x11_swapchain *x, size_t size_B)
{
   const xcb_query_extension_reply_t *ext = xcb_get_extension_data(x->conn, &xcb_shm_id);
   if (ext == NULL || !ext->present || getenv("KILN_WSI_NO_SHM"))
      return false;
   x->shm_id = shmget(IPC_PRIVATE, size_B, IPC_CREAT | 0600);
   if (x->shm_id < 0)
      return false;
   void *addr = shmat(x->shm_id, NULL, 0);
   if (addr == (void *)-1) {
      shmctl(x->shm_id, IPC_RMID, NULL);
      return false;
   }
   x->shm_seg = xcb_generate_id(x->conn);
   xcb_generic_error_t *err =
      xcb_request_check(x->conn, xcb_shm_attach_checked(x->conn, x->shm_seg, x->shm_id, 0));
   /* Marked for removal now: it goes when both sides detach. */
   shmctl(x->shm_id, IPC_RMID, NULL);
   if (err) {
      free(err);
      shmdt(addr);
      x->shm_seg = 0;
      return false;
   }
   x->pixels = addr;
   return true;
}

/* X Present, if the server has it: CompleteNotify events on our own
 * special-event queue (the application never sees them). */
static void
x11_present_init(struct x11_swapchain *x)
{
   const xcb_query_extension_reply_t *ext = xcb_get_extension_data(x->conn, &xcb_present_id);
   if (ext == NULL || !ext->present || getenv("KILN_WSI_NO_PRESENT"))
      return;
   xcb_present_query_version_reply_t *ver = xcb_present_query_version_reply(
      x->conn, xcb_present_query_version(x->conn, 1, 0), NULL);
   if (ver == NULL)
      return;
   free(ver);
   x->present_eid = xcb_generate_id(x->conn);
   x->present_events =
      xcb_register_for_special_xge(x->conn, &xcb_present_id, x->present_eid, NULL);
   xcb_generic_error_t *err = xcb_request_check(
      x->conn, xcb_present_select_input_checked(x->conn, x->present_eid, x->window,
                                                XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY));
   if (err) {
      free(err);
      xcb_unregister_for_special_event(x->conn, x->present_events);
      x->present_events = NULL;
   }
}

static VkResult
x11_swapchain_init(struct nvk_swapchain *sc)
{
   struct x11_swapchain *x = calloc(1, sizeof(*x));
   if (x == NULL)
      return vk_error(sc, VK_ERROR_OUT_OF_HOST_MEMORY);
   x->conn = x11_connection(sc->surface);
   x->window = x11_window(sc->surface);
   xcb_get_geometry_reply_t *geo =
      xcb_get_geometry_reply(x->conn, xcb_get_geometry(x->conn, x->window), NULL);
   if (geo == NULL) {
      free(x);
      return vk_errorf(sc, VK_ERROR_SURFACE_LOST_KHR, "the X window is gone");
   }
   x->depth = geo->depth;
   free(geo);
   x->gc = xcb_generate_id(x->conn);
   xcb_create_gc(x->conn, x->gc, x->window, 0, NULL);
   x->max_request_B = xcb_get_maximum_request_length(x->conn) * 4;
   const size_t size_B = (size_t)sc->extent_px.width * sc->extent_px.height * 4;
   if (!x11_shm_init(x, size_B)) {
      x->pixels = malloc(size_B);
      if (x->pixels == NULL) {
         xcb_free_gc(x->conn, x->gc);
         free(x);
         return vk_error(sc, VK_ERROR_OUT_OF_HOST_MEMORY);
      }
   }
   x11_present_init(x);
   /* Said always (an info message): tests look for the pacing. */
   vk_logi(sc, "X11 swapchain %ux%u depth %u via %s, FIFO paced by %s", sc->extent_px.width,
           sc->extent_px.height, x->depth, x->shm_seg ? "MIT-SHM" : "PutImage",
           x->present_events ? "X Present" : "the clock");
   sc->platform_data = x;
   return VK_SUCCESS;
}

static void
x11_swapchain_finish(struct nvk_swapchain *sc)
{
   struct x11_swapchain *x = sc->platform_data;
   if (x == NULL)
      return;
   if (x->present_events) {
      if (!xcb_connection_has_error(x->conn))
         xcb_present_select_input(x->conn, x->present_eid, x->window, 0);
      xcb_unregister_for_special_event(x->conn, x->present_events);
   }
   if (!xcb_connection_has_error(x->conn)) {
      if (x->shm_seg)
         xcb_shm_detach(x->conn, x->shm_seg);
      xcb_free_gc(x->conn, x->gc);
      xcb_flush(x->conn);
   }
   if (x->shm_seg)
      shmdt(x->pixels);
   else
      free(x->pixels);
   free(x);
}

/* BGRX rows, tightly packed (what a depth 24/32 ZPixmap of 32 bits per
 * pixel is on a little-endian server). */
static void
x11_convert(const struct nvk_wsi_pixels *px, uint8_t *dst)
{
   const uint32_t w = px->extent_px.width, row_B = w * 4;
   for (uint32_t y = 0; y < px->extent_px.height; y++) {
      const uint8_t *src = px->data + y * px->row_pitch_B;
      uint8_t *d = dst + (size_t)y * row_B;
      if (!px->rgba) {
         memcpy(d, src, row_B);
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
x11_present(struct nvk_swapchain *sc, const struct nvk_wsi_pixels *px)
{
   struct x11_swapchain *x = sc->platform_data;
   if (xcb_connection_has_error(x->conn))
      return VK_ERROR_SURFACE_LOST_KHR;
   const uint32_t w = px->extent_px.width, h = px->extent_px.height, row_B = w * 4;
   x11_convert(px, x->pixels);
   xcb_void_cookie_t last;
   if (x->shm_seg) {
      last = xcb_shm_put_image_checked(x->conn, x->window, x->gc, w, h, 0, 0, w, h, 0, 0,
                                       x->depth, XCB_IMAGE_FORMAT_Z_PIXMAP, 0, x->shm_seg, 0);
   } else {
      /* Bands of rows that fit a request (its header is 24 bytes). */
      const uint32_t band = MAX2((x->max_request_B - 64) / row_B, 1u);
      for (uint32_t y = 0; y < h; y += band) {
         const uint32_t rows = MIN2(band, h - y);
         last = xcb_put_image_checked(x->conn, XCB_IMAGE_FORMAT_Z_PIXMAP, x->window, x->gc, w,
                                      rows, 0, (int16_t)y, 0, x->depth, rows * row_B,
                                      x->pixels + (size_t)y * row_B);
      }
   }
   /* A CompleteNotify at the next MSC (divisor 1, remainder 0: the first
    * MSC after the current one), for the next FIFO image to wait on. */
   if (x->present_events) {
      xcb_present_notify_msc(x->conn, x->window, ++x->serial, 0, 1, 0);
      x->notify_pending = true;
   }
   /* Requests are processed in order: the last one's check covers all. */
   xcb_generic_error_t *err = xcb_request_check(x->conn, last);
   if (err) {
      const uint8_t code = err->error_code;
      free(err);
      return code == XCB_WINDOW || code == XCB_DRAWABLE ? VK_ERROR_SURFACE_LOST_KHR
                                                        : VK_ERROR_OUT_OF_DATE_KHR;
   }
   return xcb_connection_has_error(x->conn) ? VK_ERROR_SURFACE_LOST_KHR : VK_SUCCESS;
}

static VkResult
x11_wait_refresh(struct nvk_swapchain *sc)
{
   struct x11_swapchain *x = sc->platform_data;
   if (x->present_events == NULL || !x->notify_pending)
      return VK_INCOMPLETE;
   const uint64_t deadline_ns = util_time_ns() + X11_PRESENT_TIMEOUT_NS;
   for (;;) {
      if (xcb_connection_has_error(x->conn))
         return VK_ERROR_SURFACE_LOST_KHR;
      xcb_generic_event_t *ev = xcb_poll_for_special_event(x->conn, x->present_events);
      if (ev == NULL) {
         if (util_time_ns() >= deadline_ns) {
            x->notify_pending = false;
            return VK_INCOMPLETE;
         }
         struct timespec ts = {0, 250 * 1000};
         nanosleep(&ts, NULL);
         continue;
      }
      const xcb_present_generic_event_t *ge = (const void *)ev;
      bool done = false;
      if (ge->evtype == XCB_PRESENT_EVENT_COMPLETE_NOTIFY) {
         const xcb_present_complete_notify_event_t *cn = (const void *)ev;
         if (cn->kind == XCB_PRESENT_COMPLETE_KIND_NOTIFY_MSC && cn->serial == x->serial) {
            x->last_msc = cn->msc;
            done = true;
         }
      }
      free(ev);
      if (done) {
         x->notify_pending = false;
         if (vk_debug_flags() & VK_DEBUG_SYNC)
            vk_logi(sc, "X11 Present: refresh %llu after present %u",
                    (unsigned long long)x->last_msc, x->serial);
         return VK_SUCCESS;
      }
   }
}

const struct nvk_wsi_platform nvk_wsi_x11 = {
   .name = "X11",
   .get_extent = x11_get_extent,
   .swapchain_init = x11_swapchain_init,
   .swapchain_finish = x11_swapchain_finish,
   .present = x11_present,
   .wait_refresh = x11_wait_refresh,
};
