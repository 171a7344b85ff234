/* SPDX-License-Identifier: MIT */
/* VK_EXT_headless_surface: a surface with no window. Presents go nowhere,
 * paced by the refresh clock like any other (docs/wsi.md). */
#include "nvk_wsi.h"

#include "nvk_instance.h"
#include "vk_alloc.h"
#include "vk_entrypoints.h"
#include "vk_log.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateHeadlessSurfaceEXT(VkInstance _instance,
                             const VkHeadlessSurfaceCreateInfoEXT *pCreateInfo,
                             const VkAllocationCallbacks *pAllocator, VkSurfaceKHR *pSurface)
{
   VK_FROM_HANDLE(nvk_instance, instance, _instance);
   VkIcdSurfaceHeadless *s = vk_alloc2(&instance->vk.alloc, pAllocator, sizeof(*s), 8,
                                       VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (s == NULL)
      return vk_error(instance, VK_ERROR_OUT_OF_HOST_MEMORY);
   s->base.platform = VK_ICD_WSI_PLATFORM_HEADLESS;
   *pSurface = (VkSurfaceKHR)(uintptr_t)s;
   return VK_SUCCESS;
}

static VkResult
headless_get_extent(VkIcdSurfaceBase *surface, VkExtent2D *extent_px)
{
   /* Vulkan 1.3.239, VK_EXT_headless_surface: "the surface extent is
    * undefined": the swapchain's imageExtent decides. */
   *extent_px = (VkExtent2D){UINT32_MAX, UINT32_MAX};
   return VK_SUCCESS;
}

static VkResult
headless_swapchain_init(struct nvk_swapchain *sc)
{
   return VK_SUCCESS;
}

static void
headless_swapchain_finish(struct nvk_swapchain *sc)
{
}

static VkResult
headless_present(struct nvk_swapchain *sc, const struct nvk_wsi_pixels *px)
{
   return VK_SUCCESS;
}

const struct nvk_wsi_platform nvk_wsi_headless = {
   .name = "headless",
   .get_extent = headless_get_extent,
   .swapchain_init = headless_swapchain_init,
   .swapchain_finish = headless_swapchain_finish,
   .present = headless_present,
};
