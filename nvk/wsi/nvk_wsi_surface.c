/* SPDX-License-Identifier: MIT */
/* VkSurfaceKHR queries (VK_KHR_surface, VK_KHR_get_surface_capabilities2)
 * and their device-group forms (VK_KHR_swapchain with VK_KHR_device_group). */
#include "nvk_wsi.h"

#include "nvk_instance.h"
#include "nvk_physical_device.h"
#include "vk_alloc.h"
#include "vk_entrypoints.h"
#include "vk_log.h"
#include "vk_util.h"

const struct nvk_wsi_platform *
nvk_wsi_platform_of(VkIcdSurfaceBase *surface)
{
   switch ((int)surface->platform) {
   case VK_ICD_WSI_PLATFORM_HEADLESS:
      return &nvk_wsi_headless;
   case VK_ICD_WSI_PLATFORM_XCB:
   case VK_ICD_WSI_PLATFORM_XLIB:
      return &nvk_wsi_x11;
   case VK_ICD_WSI_PLATFORM_WAYLAND:
      return &nvk_wsi_wayland;
   default:
      return NULL;
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroySurfaceKHR(VkInstance _instance, VkSurfaceKHR surface,
                      const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_instance, instance, _instance);
   if (surface == VK_NULL_HANDLE)
      return;
   vk_free2(&instance->vk.alloc, pAllocator, nvk_wsi_surface(surface));
}

/* Formats every platform takes: the X11 and headless paths copy 32-bit
 * pixels, swapping red and blue for R8G8B8A8. SRGB images hold encoded
 * values, which is what the window shows. */
static const VkFormat nvk_wsi_formats[] = {
   VK_FORMAT_B8G8R8A8_SRGB,
   VK_FORMAT_B8G8R8A8_UNORM,
   VK_FORMAT_R8G8B8A8_SRGB,
   VK_FORMAT_R8G8B8A8_UNORM,
};

static const VkPresentModeKHR nvk_wsi_present_modes[] = {
   VK_PRESENT_MODE_FIFO_KHR,
   VK_PRESENT_MODE_MAILBOX_KHR,
   VK_PRESENT_MODE_IMMEDIATE_KHR,
   VK_PRESENT_MODE_FIFO_RELAXED_KHR,
};

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetPhysicalDeviceSurfaceSupportKHR(VkPhysicalDevice physicalDevice,
                                       uint32_t queueFamilyIndex, VkSurfaceKHR surface,
                                       VkBool32 *pSupported)
{
   VkIcdSurfaceBase *s = nvk_wsi_surface(surface);
   const struct nvk_wsi_platform *p = nvk_wsi_platform_of(s);
   VkExtent2D extent;
   /* One queue family; it presents wherever the window still exists. */
   *pSupported = queueFamilyIndex == 0 && p != NULL;
   if (p == NULL)
      return VK_SUCCESS;
   VkResult result = p->get_extent(s, &extent);
   if (result != VK_SUCCESS)
      *pSupported = VK_FALSE;
   return result == VK_ERROR_SURFACE_LOST_KHR ? result : VK_SUCCESS;
}

static VkResult
nvk_wsi_capabilities(struct nvk_physical_device *pdev, VkIcdSurfaceBase *s,
                     VkSurfaceCapabilitiesKHR *caps)
{
   const struct nvk_wsi_platform *p = nvk_wsi_platform_of(s);
   if (p == NULL)
      return vk_errorf(pdev, VK_ERROR_SURFACE_LOST_KHR, "unknown surface platform %d",
                       (int)s->platform);
   VkExtent2D extent;
   VkResult result = p->get_extent(s, &extent);
   if (result != VK_SUCCESS)
      return result;
   VkPhysicalDeviceProperties props;
   vk_common_GetPhysicalDeviceProperties(nvk_physical_device_to_handle(pdev), &props);
   const uint32_t max_px = props.limits.maxImageDimension2D;
   *caps = (VkSurfaceCapabilitiesKHR){
      /* Two for FIFO (one shown, one drawn); MAILBOX wants three to never
       * wait, which the application asks for. */
      .minImageCount = 2,
      .maxImageCount = 16,
      .currentExtent = extent,
      .minImageExtent = {1, 1},
      .maxImageExtent = {max_px, max_px},
      .maxImageArrayLayers = 1,
      .supportedTransforms = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
      .currentTransform = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
      .supportedCompositeAlpha =
         VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR | VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR,
      .supportedUsageFlags =
         VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
         VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT |
         VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT,
   };
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetPhysicalDeviceSurfaceCapabilitiesKHR(VkPhysicalDevice physicalDevice,
                                            VkSurfaceKHR surface,
                                            VkSurfaceCapabilitiesKHR *pSurfaceCapabilities)
{
   VK_FROM_HANDLE(nvk_physical_device, pdev, physicalDevice);
   return nvk_wsi_capabilities(pdev, nvk_wsi_surface(surface), pSurfaceCapabilities);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetPhysicalDeviceSurfaceCapabilities2KHR(
   VkPhysicalDevice physicalDevice, const VkPhysicalDeviceSurfaceInfo2KHR *pSurfaceInfo,
   VkSurfaceCapabilities2KHR *pSurfaceCapabilities)
{
   VK_FROM_HANDLE(nvk_physical_device, pdev, physicalDevice);
   VkSurfaceCapabilitiesKHR *caps = &pSurfaceCapabilities->surfaceCapabilities;
   VkResult result = nvk_wsi_capabilities(pdev, nvk_wsi_surface(pSurfaceInfo->surface), caps);
   if (result != VK_SUCCESS)
      return result;
   /* VK_EXT_surface_maintenance1. The display thread takes any mode per
    * present, so every mode is compatible with every other; nothing is
    * scaled: images are shown 1:1 at the top left. */
   VkSurfacePresentModeCompatibilityEXT *compat =
      vk_find_struct(pSurfaceCapabilities->pNext, SURFACE_PRESENT_MODE_COMPATIBILITY_EXT);
   if (compat) {
      VK_OUTARRAY_MAKE_TYPED(VkPresentModeKHR, out, compat->pPresentModes,
                             &compat->presentModeCount);
      for (unsigned i = 0; i < ARRAY_SIZE(nvk_wsi_present_modes); i++) {
         vk_outarray_append_typed(VkPresentModeKHR, &out, m) {
            *m = nvk_wsi_present_modes[i];
         }
      }
   }
   VkSurfacePresentScalingCapabilitiesEXT *scaling =
      vk_find_struct(pSurfaceCapabilities->pNext, SURFACE_PRESENT_SCALING_CAPABILITIES_EXT);
   if (scaling) {
      scaling->supportedPresentScaling = 0;
      scaling->supportedPresentGravityX = 0;
      scaling->supportedPresentGravityY = 0;
      scaling->minScaledImageExtent = caps->minImageExtent;
      scaling->maxScaledImageExtent = caps->maxImageExtent;
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetPhysicalDeviceSurfaceFormatsKHR(VkPhysicalDevice physicalDevice, VkSurfaceKHR surface,
                                       uint32_t *pSurfaceFormatCount,
                                       VkSurfaceFormatKHR *pSurfaceFormats)
{
   VK_OUTARRAY_MAKE_TYPED(VkSurfaceFormatKHR, out, pSurfaceFormats, pSurfaceFormatCount);
   for (unsigned i = 0; i < ARRAY_SIZE(nvk_wsi_formats); i++) {
      vk_outarray_append_typed(VkSurfaceFormatKHR, &out, f) {
         f->format = nvk_wsi_formats[i];
         f->colorSpace = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR;
      }
   }
   return vk_outarray_status(&out);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetPhysicalDeviceSurfaceFormats2KHR(VkPhysicalDevice physicalDevice,
                                        const VkPhysicalDeviceSurfaceInfo2KHR *pSurfaceInfo,
                                        uint32_t *pSurfaceFormatCount,
                                        VkSurfaceFormat2KHR *pSurfaceFormats)
{
   VK_OUTARRAY_MAKE_TYPED(VkSurfaceFormat2KHR, out, pSurfaceFormats, pSurfaceFormatCount);
   for (unsigned i = 0; i < ARRAY_SIZE(nvk_wsi_formats); i++) {
      vk_outarray_append_typed(VkSurfaceFormat2KHR, &out, f) {
         f->surfaceFormat.format = nvk_wsi_formats[i];
         f->surfaceFormat.colorSpace = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR;
      }
   }
   return vk_outarray_status(&out);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetPhysicalDeviceSurfacePresentModesKHR(VkPhysicalDevice physicalDevice,
                                            VkSurfaceKHR surface, uint32_t *pPresentModeCount,
                                            VkPresentModeKHR *pPresentModes)
{
   VK_OUTARRAY_MAKE_TYPED(VkPresentModeKHR, out, pPresentModes, pPresentModeCount);
   for (unsigned i = 0; i < ARRAY_SIZE(nvk_wsi_present_modes); i++) {
      vk_outarray_append_typed(VkPresentModeKHR, &out, m) {
         *m = nvk_wsi_present_modes[i];
      }
   }
   return vk_outarray_status(&out);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetPhysicalDevicePresentRectanglesKHR(VkPhysicalDevice physicalDevice,
                                          VkSurfaceKHR surface, uint32_t *pRectCount,
                                          VkRect2D *pRects)
{
   VK_FROM_HANDLE(nvk_physical_device, pdev, physicalDevice);
   VK_OUTARRAY_MAKE_TYPED(VkRect2D, out, pRects, pRectCount);
   VkSurfaceCapabilitiesKHR caps;
   VkResult result = nvk_wsi_capabilities(pdev, nvk_wsi_surface(surface), &caps);
   if (result != VK_SUCCESS)
      return result;
   /* One device presents the whole surface; an undefined extent is the
    * largest image's. */
   vk_outarray_append_typed(VkRect2D, &out, r) {
      r->offset = (VkOffset2D){0, 0};
      r->extent = caps.currentExtent.width == UINT32_MAX ? caps.maxImageExtent
                                                         : caps.currentExtent;
   }
   return vk_outarray_status(&out);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetDeviceGroupPresentCapabilitiesKHR(
   VkDevice device, VkDeviceGroupPresentCapabilitiesKHR *pDeviceGroupPresentCapabilities)
{
   VkDeviceGroupPresentCapabilitiesKHR *caps = pDeviceGroupPresentCapabilities;
   memset(caps->presentMask, 0, sizeof(caps->presentMask));
   caps->presentMask[0] = 1;
   caps->modes = VK_DEVICE_GROUP_PRESENT_MODE_LOCAL_BIT_KHR;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_GetDeviceGroupSurfacePresentModesKHR(VkDevice device, VkSurfaceKHR surface,
                                         VkDeviceGroupPresentModeFlagsKHR *pModes)
{
   *pModes = VK_DEVICE_GROUP_PRESENT_MODE_LOCAL_BIT_KHR;
   return VK_SUCCESS;
}
