/* SPDX-License-Identifier: MIT */
#include "nvk_instance.h"

#include <string.h>

#include "nvk_physical_device.h"
#include "nvk_private.h"
#include "vk_alloc.h"
#include "vk_entrypoints.h"
#include "vk_log.h"

/* Only what is implemented and tested (conformance/vulkan). */
const struct vk_instance_extension_table nvk_instance_extensions = {
   .KHR_external_fence_capabilities = true,
   .KHR_external_memory_capabilities = true,
   .KHR_external_semaphore_capabilities = true,
   .KHR_get_physical_device_properties2 = true,
   .EXT_debug_utils = true,
   /* Window-system integration (nvk/wsi, docs/wsi.md; vk_wsi_test). */
   .KHR_surface = true,
   .KHR_get_surface_capabilities2 = true,
   .EXT_headless_surface = true,
   .KHR_xcb_surface = true,
   .KHR_xlib_surface = true,
   .KHR_wayland_surface = true,
   .EXT_surface_maintenance1 = true,
};

static const struct vk_instance_driver nvk_instance_driver = {
   .instance_version = NVK_INSTANCE_VERSION,
   .supported_extensions = &nvk_instance_extensions,
   .supported_device_extensions = &nvk_device_extensions,
   .instance_entrypoints = &nvk_instance_entrypoints,
   .physical_device_entrypoints = &nvk_physical_device_entrypoints,
   .device_entrypoints = &nvk_device_entrypoints,
   .enumerate_physical_devices = nvk_enumerate_physical_devices,
   .destroy_physical_device = nvk_physical_device_destroy,
};

VKAPI_ATTR VkResult VKAPI_CALL
nvk_EnumerateInstanceVersion(uint32_t *pApiVersion)
{
   *pApiVersion = NVK_INSTANCE_VERSION;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_EnumerateInstanceExtensionProperties(const char *pLayerName, uint32_t *pPropertyCount,
                                         VkExtensionProperties *pProperties)
{
   if (pLayerName) {
      *pPropertyCount = 0;
      return vk_error(NULL, VK_ERROR_LAYER_NOT_PRESENT);
   }
   return vk_enumerate_instance_extension_properties(&nvk_instance_extensions, pPropertyCount,
                                                     pProperties);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateInstance(const VkInstanceCreateInfo *pCreateInfo,
                   const VkAllocationCallbacks *pAllocator, VkInstance *pInstance)
{
   const VkAllocationCallbacks *alloc = pAllocator ? pAllocator : vk_default_allocator();
   struct nvk_instance *instance =
      vk_alloc(alloc, sizeof(*instance), 8, VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE);
   if (!instance)
      return vk_error(NULL, VK_ERROR_OUT_OF_HOST_MEMORY);

   VkResult result = vk_instance_init(&instance->vk, &nvk_instance_driver, pCreateInfo, alloc);
   if (result != VK_SUCCESS) {
      vk_free(alloc, instance);
      return result;
   }
   vk_instance_init_done(&instance->vk);
   *pInstance = nvk_instance_to_handle(instance);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyInstance(VkInstance _instance, const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_instance, instance, _instance);
   if (!instance)
      return;
   const VkAllocationCallbacks alloc = instance->vk.alloc;
   vk_instance_finish(&instance->vk);
   vk_free(&alloc, instance);
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
nvk_GetInstanceProcAddr(VkInstance _instance, const char *pName)
{
   VK_FROM_HANDLE(nvk_instance, instance, _instance);
   return vk_instance_get_proc_addr(instance ? &instance->vk : NULL, &nvk_instance_driver,
                                    pName);
}

/* ---------------------------------------------------------------------- */
/* The loader-ICD interface: the only symbols the ICD exports. */

PUBLIC VKAPI_ATTR VkResult VKAPI_CALL
vk_icdNegotiateLoaderICDInterfaceVersion(uint32_t *pSupportedVersion);
PUBLIC VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetInstanceProcAddr(VkInstance instance, const char *pName);
PUBLIC VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetPhysicalDeviceProcAddr(VkInstance instance, const char *pName);

PUBLIC VKAPI_ATTR VkResult VKAPI_CALL
vk_icdNegotiateLoaderICDInterfaceVersion(uint32_t *pSupportedVersion)
{
   /* Interface 5 is the first where the loader applies the instance-version
    * rules we rely on (an ICD reporting 1.1+ accepts any apiVersion). */
   if (*pSupportedVersion < NVK_MIN_LOADER_ICD_INTERFACE_VERSION)
      return VK_ERROR_INCOMPATIBLE_DRIVER;
   *pSupportedVersion = MIN2(*pSupportedVersion, NVK_MAX_LOADER_ICD_INTERFACE_VERSION);
   return VK_SUCCESS;
}

PUBLIC VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetInstanceProcAddr(VkInstance instance, const char *pName)
{
   /* Interface 7: the vk_icd* functions are also found this way. */
   if (pName && strcmp(pName, "vk_icdNegotiateLoaderICDInterfaceVersion") == 0)
      return (PFN_vkVoidFunction)vk_icdNegotiateLoaderICDInterfaceVersion;
   if (pName && strcmp(pName, "vk_icdGetPhysicalDeviceProcAddr") == 0)
      return (PFN_vkVoidFunction)vk_icdGetPhysicalDeviceProcAddr;
   return nvk_GetInstanceProcAddr(instance, pName);
}

PUBLIC VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetPhysicalDeviceProcAddr(VkInstance _instance, const char *pName)
{
   VK_FROM_HANDLE(nvk_instance, instance, _instance);
   return vk_instance_get_physical_device_proc_addr(instance ? &instance->vk : NULL, pName);
}
