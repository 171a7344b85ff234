/* SPDX-License-Identifier: MIT */
#include "vk_instance.h"

#include <string.h>

#include "vk_alloc.h"
#include "vk_debug_utils.h"
#include "vk_log.h"
#include "vk_physical_device.h"
#include "vk_util.h"

#define MERGE_FN(level)                                                                  \
   void vk_##level##_dispatch_table_merge(struct vk_##level##_dispatch_table *out,       \
                                          const struct vk_##level##_dispatch_table *const *tables, \
                                          unsigned count)                                \
   {                                                                                     \
      for (unsigned e = 0; e < ARRAY_SIZE(out->entrypoints); e++) {                      \
         out->entrypoints[e] = NULL;                                                     \
         for (unsigned t = 0; t < count && !out->entrypoints[e]; t++)                    \
            out->entrypoints[e] = tables[t]->entrypoints[e];                             \
      }                                                                                  \
   }
MERGE_FN(instance)
MERGE_FN(physical_device)
MERGE_FN(device)

static char *
dup_name(struct vk_instance *instance, const char *s)
{
   return s ? vk_strdup(&instance->alloc, s, VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE) : NULL;
}

VkResult
vk_instance_init(struct vk_instance *instance, const struct vk_instance_driver *driver,
                 const VkInstanceCreateInfo *info, const VkAllocationCallbacks *alloc)
{
   memset(instance, 0, sizeof(*instance));
   vk_object_base_instance_init(instance, &instance->base, VK_OBJECT_TYPE_INSTANCE);
   instance->alloc = alloc ? *alloc : *vk_default_allocator();
   instance->driver = *driver;

   const VkApplicationInfo *app = info->pApplicationInfo;
   instance->app_info.api_version = VK_API_VERSION_1_0;
   if (app) {
      if (app->apiVersion)
         instance->app_info.api_version = app->apiVersion;
      instance->app_info.app_version = app->applicationVersion;
      instance->app_info.engine_version = app->engineVersion;
   }
   /* Vulkan 1.1+ instances accept any apiVersion (Vulkan 1.3, 4.2 "Instances":
    * "Implementations that support Vulkan 1.1 or later must not return
    * VK_ERROR_INCOMPATIBLE_DRIVER for any value of apiVersion"); what we
    * expose is capped at what we implement. */
   instance->effective_version =
      MIN2(VK_MAKE_API_VERSION(0, VK_API_VERSION_MAJOR(instance->app_info.api_version),
                               VK_API_VERSION_MINOR(instance->app_info.api_version), 0),
           driver->instance_version);

   for (uint32_t i = 0; i < info->enabledExtensionCount; i++) {
      const int idx = vk_instance_extension_index(info->ppEnabledExtensionNames[i]);
      if (idx < 0 || !driver->supported_extensions->extensions[idx])
         return vk_errorf(NULL, VK_ERROR_EXTENSION_NOT_PRESENT, "%s",
                          info->ppEnabledExtensionNames[i]);
      instance->enabled_extensions.extensions[idx] = true;
   }

   const struct vk_instance_dispatch_table *it[] = {
      driver->instance_entrypoints, &vk_common_instance_entrypoints,
      &vk_unimpl_instance_entrypoints};
   vk_instance_dispatch_table_merge(&instance->dispatch_table, it, ARRAY_SIZE(it));
   const struct vk_physical_device_dispatch_table *pt[] = {
      driver->physical_device_entrypoints, &vk_common_physical_device_entrypoints,
      &vk_unimpl_physical_device_entrypoints};
   vk_physical_device_dispatch_table_merge(&instance->physical_device_dispatch_table, pt,
                                           ARRAY_SIZE(pt));
   const struct vk_device_dispatch_table *dt[] = {
      driver->device_entrypoints, &vk_common_device_entrypoints,
      &vk_unimpl_device_entrypoints};
   vk_device_dispatch_table_merge(&instance->device_dispatch_table, dt, ARRAY_SIZE(dt));

   if (app) {
      instance->app_info.app_name = dup_name(instance, app->pApplicationName);
      instance->app_info.engine_name = dup_name(instance, app->pEngineName);
      if ((app->pApplicationName && !instance->app_info.app_name) ||
          (app->pEngineName && !instance->app_info.engine_name))
         goto fail_names;
   }

   if (vk_debug_utils_instance_init(instance, info) != VK_SUCCESS)
      goto fail_names;
   instance->debug_utils.creating_or_destroying = true;

   pthread_mutex_init(&instance->physical_devices.mutex, NULL);
   list_inithead(&instance->physical_devices.list);
   return VK_SUCCESS;

fail_names:
   vk_free(&instance->alloc, instance->app_info.app_name);
   vk_free(&instance->alloc, instance->app_info.engine_name);
   return VK_ERROR_OUT_OF_HOST_MEMORY;
}

void
vk_instance_init_done(struct vk_instance *instance)
{
   instance->debug_utils.creating_or_destroying = false;
}

void
vk_instance_finish(struct vk_instance *instance)
{
   instance->debug_utils.creating_or_destroying = true;
   list_for_each_entry_safe(struct vk_physical_device, pdev, &instance->physical_devices.list,
                            link) {
      list_del(&pdev->link);
      instance->driver.destroy_physical_device(pdev);
   }
   pthread_mutex_destroy(&instance->physical_devices.mutex);
   vk_debug_utils_instance_finish(instance);
   vk_free(&instance->alloc, instance->app_info.app_name);
   vk_free(&instance->alloc, instance->app_info.engine_name);
   vk_object_base_finish(&instance->base);
}

VkResult
vk_enumerate_instance_extension_properties(const struct vk_instance_extension_table *supported,
                                           uint32_t *pPropertyCount,
                                           VkExtensionProperties *pProperties)
{
   VK_OUTARRAY_MAKE_TYPED(VkExtensionProperties, out, pProperties, pPropertyCount);
   for (unsigned i = 0; i < VK_INSTANCE_EXTENSION_COUNT; i++) {
      if (!supported->extensions[i])
         continue;
      vk_outarray_append_typed(VkExtensionProperties, &out, p) *p = vk_instance_extensions[i];
   }
   return vk_outarray_status(&out);
}

/* Spec (Vulkan 1.3.239, vkGetInstanceProcAddr table): with a NULL instance
 * only global commands and vkGetInstanceProcAddr itself; with an instance,
 * core commands of its version, commands of enabled instance extensions and
 * of available device extensions; NULL otherwise. */
PFN_vkVoidFunction
vk_instance_get_proc_addr(const struct vk_instance *instance,
                          const struct vk_instance_driver *driver, const char *name)
{
   const struct vk_entrypoint_info *e = vk_entrypoint_lookup(name);
   if (!e)
      return NULL;

   if (instance == NULL) {
      if (e->level != VK_ENTRYPOINT_GLOBAL && strcmp(name, "vkGetInstanceProcAddr") != 0)
         return NULL;
      PFN_vkVoidFunction f = driver->instance_entrypoints->entrypoints[e->slot];
      return f ? f : vk_common_instance_entrypoints.entrypoints[e->slot];
   }

   if (e->level == VK_ENTRYPOINT_GLOBAL)
      return NULL;
   if (!vk_entrypoint_is_enabled(e, instance->effective_version, &instance->enabled_extensions,
                                 instance->driver.supported_device_extensions))
      return NULL;
   switch (e->level) {
   case VK_ENTRYPOINT_INSTANCE:
      return instance->dispatch_table.entrypoints[e->slot];
   case VK_ENTRYPOINT_PHYSICAL_DEVICE:
      return instance->physical_device_dispatch_table.entrypoints[e->slot];
   default:
      return instance->device_dispatch_table.entrypoints[e->slot];
   }
}

PFN_vkVoidFunction
vk_instance_get_physical_device_proc_addr(const struct vk_instance *instance, const char *name)
{
   const struct vk_entrypoint_info *e = vk_entrypoint_lookup(name);
   if (!instance || !e || e->level != VK_ENTRYPOINT_PHYSICAL_DEVICE)
      return NULL;
   if (!vk_entrypoint_is_enabled(e, instance->effective_version, &instance->enabled_extensions,
                                 instance->driver.supported_device_extensions))
      return NULL;
   return instance->physical_device_dispatch_table.entrypoints[e->slot];
}

static VkResult
enumerate_locked(struct vk_instance *instance)
{
   if (instance->physical_devices.enumerated)
      return VK_SUCCESS;
   VkResult result = instance->driver.enumerate_physical_devices(instance);
   if (result != VK_SUCCESS) {
      /* Leave nothing half-made; a later call tries again. */
      list_for_each_entry_safe(struct vk_physical_device, pdev,
                               &instance->physical_devices.list, link) {
         list_del(&pdev->link);
         instance->driver.destroy_physical_device(pdev);
      }
      return result;
   }
   instance->physical_devices.enumerated = true;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_EnumeratePhysicalDevices(VkInstance _instance, uint32_t *pPhysicalDeviceCount,
                                   VkPhysicalDevice *pPhysicalDevices)
{
   VK_FROM_HANDLE(vk_instance, instance, _instance);
   pthread_mutex_lock(&instance->physical_devices.mutex);
   VkResult result = enumerate_locked(instance);
   if (result == VK_SUCCESS) {
      VK_OUTARRAY_MAKE_TYPED(VkPhysicalDevice, out, pPhysicalDevices, pPhysicalDeviceCount);
      list_for_each_entry(struct vk_physical_device, pdev, &instance->physical_devices.list,
                          link) {
         vk_outarray_append_typed(VkPhysicalDevice, &out, p) *p =
            vk_physical_device_to_handle(pdev);
      }
      result = vk_outarray_status(&out);
   }
   pthread_mutex_unlock(&instance->physical_devices.mutex);
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_EnumeratePhysicalDeviceGroups(VkInstance _instance,
                                        uint32_t *pPhysicalDeviceGroupCount,
                                        VkPhysicalDeviceGroupProperties *pGroups)
{
   VK_FROM_HANDLE(vk_instance, instance, _instance);
   pthread_mutex_lock(&instance->physical_devices.mutex);
   VkResult result = enumerate_locked(instance);
   if (result == VK_SUCCESS) {
      VK_OUTARRAY_MAKE_TYPED(VkPhysicalDeviceGroupProperties, out, pGroups,
                             pPhysicalDeviceGroupCount);
      /* One device per group: we have no multi-device support. */
      list_for_each_entry(struct vk_physical_device, pdev, &instance->physical_devices.list,
                          link) {
         vk_outarray_append_typed(VkPhysicalDeviceGroupProperties, &out, g) {
            g->physicalDeviceCount = 1;
            memset(g->physicalDevices, 0, sizeof(g->physicalDevices));
            g->physicalDevices[0] = vk_physical_device_to_handle(pdev);
            g->subsetAllocation = VK_FALSE;
         }
      }
      result = vk_outarray_status(&out);
   }
   pthread_mutex_unlock(&instance->physical_devices.mutex);
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_EnumerateInstanceLayerProperties(uint32_t *pPropertyCount,
                                           VkLayerProperties *pProperties)
{
   /* Drivers have no layers. */
   *pPropertyCount = 0;
   return VK_SUCCESS;
}
