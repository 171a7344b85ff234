/* SPDX-License-Identifier: MIT */
/*
 * Window-system integration: surfaces and swapchains (docs/wsi.md).
 *
 * A VkSurfaceKHR is a VkIcdSurface* (vk_icd.h): the layout the loader uses
 * for the surfaces it makes itself, so a handle from either side works.
 * Each platform (headless, xcb/xlib) is a table of operations: the window's
 * size, and per swapchain a connection and a way to put an image on screen.
 *
 * Presentation is a copy from a LINEAR host-visible image: the swapchain's
 * display thread (nvk_wsi_swapchain.c) takes presented images in order,
 * waits for their rendering, paces them to a refresh clock by present mode
 * and hands them to the platform, which copies them out (PutImage, MIT-SHM,
 * or nowhere for headless).
 */
#ifndef NVK_WSI_H
#define NVK_WSI_H

#include <vulkan/vulkan.h>
#include <vulkan/vk_icd.h>

struct nvk_swapchain;
struct nvk_physical_device;

/* What the platform presents from: one image's pixels, as mapped. */
struct nvk_wsi_pixels {
   const uint8_t *data;
   uint64_t row_pitch_B;
   VkExtent2D extent_px;
   /* R8G8B8A8 formats: red first in memory (the platform swaps to BGRX). */
   bool rgba;
};

struct nvk_wsi_platform {
   const char *name;
   /* The window's size now ({UINT32_MAX, UINT32_MAX}: the swapchain
    * decides, as for headless); VK_ERROR_SURFACE_LOST_KHR when the window
    * or the connection is gone. */
   VkResult (*get_extent)(VkIcdSurfaceBase *surface, VkExtent2D *extent_px);
   /* Per swapchain: a connection state in sc->platform_data. */
   VkResult (*swapchain_init)(struct nvk_swapchain *sc);
   void (*swapchain_finish)(struct nvk_swapchain *sc);
   /* Puts pixels in the window (display thread, no lock held). Returns
    * VK_SUCCESS, or VK_ERROR_SURFACE_LOST_KHR / VK_ERROR_OUT_OF_DATE_KHR. */
   VkResult (*present)(struct nvk_swapchain *sc, const struct nvk_wsi_pixels *px);
   /* Optional: blocks (display thread, no lock held) until the platform's
    * own refresh after the last present (X Present's CompleteNotify).
    * VK_SUCCESS: that refresh came, show the next FIFO image now;
    * VK_INCOMPLETE: no refresh of its own (or none came in time), pace by
    * the clock; VK_ERROR_SURFACE_LOST_KHR: the connection is gone. */
   VkResult (*wait_refresh)(struct nvk_swapchain *sc);
};

extern const struct nvk_wsi_platform nvk_wsi_headless;
extern const struct nvk_wsi_platform nvk_wsi_x11;
extern const struct nvk_wsi_platform nvk_wsi_wayland;

/* The platform of a surface handle. */
const struct nvk_wsi_platform *nvk_wsi_platform_of(VkIcdSurfaceBase *surface);

static inline VkIcdSurfaceBase *
nvk_wsi_surface(VkSurfaceKHR surface)
{
   return (VkIcdSurfaceBase *)(uintptr_t)surface;
}

/* The refresh clock FIFO, FIFO_RELAXED and MAILBOX pace to where the
 * platform has none of its own: 60 Hz. */
#define NVK_WSI_REFRESH_NS 16666667ull

#endif /* NVK_WSI_H */
