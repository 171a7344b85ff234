/* SPDX-License-Identifier: MIT */
/*
 * An LD_PRELOAD shim for screenshots of a Wayland program's last frame:
 * before the program destroys a swapchain, weston-screenshooter captures
 * the compositor's output into the file KILN_WSI_SHOT names (weston must run
 * with --debug for the screenshooter protocol). vkcube-wayland --c N
 * destroys its swapchain right after its N-th frame (and after
 * vkDeviceWaitIdle), so the capture is that frame on any driver; a later
 * destroy overwrites an earlier one. vkcube reaches vkDestroySwapchainKHR
 * through vkGetInstanceProcAddr("vkGetDeviceProcAddr"), which is what is
 * interposed.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <vulkan/vulkan.h>

static PFN_vkGetDeviceProcAddr real_gdpa;
static PFN_vkDestroySwapchainKHR real_destroy;

static VKAPI_ATTR void VKAPI_CALL
shot_destroy_swapchain(VkDevice dev, VkSwapchainKHR sc, const VkAllocationCallbacks *alloc)
{
   const char *out = getenv("KILN_WSI_SHOT");
   if (out && *out && sc != VK_NULL_HANDLE) {
      /* The last present is queued; a driver with a display thread commits
       * it within a refresh or two (frame callbacks wait at most 100 ms). */
      usleep(400 * 1000);
      char cmd[4096];
      snprintf(cmd, sizeof(cmd),
               "d=$(mktemp -d) && cd \"$d\" && env -u WAYLAND_DEBUG weston-screenshooter "
               ">/dev/null 2>&1 && mv -f \"$d\"/*.png '%s'; rm -rf \"$d\"",
               out);
      if (system(cmd) != 0)
         fprintf(stderr, "wl_shot_at_destroy: '%s' failed\n", cmd);
   }
   real_destroy(dev, sc, alloc);
}

__attribute__((visibility("default"))) VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vkGetDeviceProcAddr(VkDevice dev, const char *name);

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
shot_gdpa(VkDevice dev, const char *name)
{
   if (!real_gdpa)
      real_gdpa = (PFN_vkGetDeviceProcAddr)dlsym(RTLD_NEXT, "vkGetDeviceProcAddr");
   PFN_vkVoidFunction f = real_gdpa(dev, name);
   if (f && strcmp(name, "vkDestroySwapchainKHR") == 0) {
      real_destroy = (PFN_vkDestroySwapchainKHR)f;
      return (PFN_vkVoidFunction)shot_destroy_swapchain;
   }
   return f;
}

__attribute__((visibility("default"))) VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vkGetInstanceProcAddr(VkInstance instance, const char *name);

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vkGetInstanceProcAddr(VkInstance instance, const char *name)
{
   PFN_vkGetInstanceProcAddr real =
      (PFN_vkGetInstanceProcAddr)dlsym(RTLD_NEXT, "vkGetInstanceProcAddr");
   PFN_vkVoidFunction f = real(instance, name);
   /* The loader's answer may be this shim's own vkGetDeviceProcAddr (its
    * symbol binds to the preloaded one), so the real one is looked up. */
   if (f && strcmp(name, "vkGetDeviceProcAddr") == 0)
      return (PFN_vkVoidFunction)vkGetDeviceProcAddr;
   return f;
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vkGetDeviceProcAddr(VkDevice dev, const char *name)
{
   return shot_gdpa(dev, name);
}
