/* SPDX-License-Identifier: MIT */
/*
 * The instance base: application info, enabled extensions, the dispatch
 * tables (the driver's entry points, then the runtime's vk_common_*, then
 * the vk_unimpl_* stubs), debug-utils messengers and the physical devices.
 */
#ifndef VK_INSTANCE_H
#define VK_INSTANCE_H

#include <pthread.h>

#include "util/list.h"
#include "vk_entrypoints.h"
#include "vk_extensions.h"
#include "vk_object.h"

struct vk_physical_device;

/* What the driver hands vk_instance_init. */
struct vk_instance_driver {
   /* Highest instance-level version implemented. */
   uint32_t instance_version;
   const struct vk_instance_extension_table *supported_extensions;
   /* Device extensions any physical device of this driver may support:
    * vkGetInstanceProcAddr answers for their commands. */
   const struct vk_device_extension_table *supported_device_extensions;
   const struct vk_instance_dispatch_table *instance_entrypoints;
   const struct vk_physical_device_dispatch_table *physical_device_entrypoints;
   const struct vk_device_dispatch_table *device_entrypoints;
   /* Creates the physical devices (adds them to instance->physical_devices);
    * called once, on first enumeration. */
   VkResult (*enumerate_physical_devices)(struct vk_instance *instance);
   /* Destroys one created by enumerate_physical_devices. */
   void (*destroy_physical_device)(struct vk_physical_device *pdev);
};

struct vk_instance {
   struct vk_object_base base;
   VkAllocationCallbacks alloc;

   struct {
      char *app_name;
      char *engine_name;
      uint32_t app_version;
      uint32_t engine_version;
      /* What the application asked for (1.0 if it gave nothing). */
      uint32_t api_version;
   } app_info;
   /* min(app api_version, driver instance_version): what GetProcAddr
    * answers for. */
   uint32_t effective_version;

   struct vk_instance_driver driver;
   struct vk_instance_extension_table enabled_extensions;

   struct vk_instance_dispatch_table dispatch_table;
   struct vk_physical_device_dispatch_table physical_device_dispatch_table;
   struct vk_device_dispatch_table device_dispatch_table;

   struct {
      pthread_mutex_t mutex; /* recursive */
      struct list_head messengers;
      bool creating_or_destroying;
   } debug_utils;

   struct {
      pthread_mutex_t mutex;
      bool enumerated;
      struct list_head list;
   } physical_devices;
};

VK_DEFINE_HANDLE_CASTS(vk_instance, base, VkInstance, VK_OBJECT_TYPE_INSTANCE)

/* Checks the requested extensions (VK_ERROR_EXTENSION_NOT_PRESENT) and sets
 * everything up. The debug-utils messengers of the create info are active
 * until vk_instance_init_done. */
VkResult vk_instance_init(struct vk_instance *instance, const struct vk_instance_driver *driver,
                          const VkInstanceCreateInfo *info,
                          const VkAllocationCallbacks *alloc);
void vk_instance_init_done(struct vk_instance *instance);
void vk_instance_finish(struct vk_instance *instance);

/* The driver's vkGetInstanceProcAddr. `instance` may be NULL (global
 * commands only, from driver->instance_entrypoints). */
PFN_vkVoidFunction vk_instance_get_proc_addr(const struct vk_instance *instance,
                                             const struct vk_instance_driver *driver,
                                             const char *name);
/* vk_icdGetPhysicalDeviceProcAddr: physical-device commands only. */
PFN_vkVoidFunction vk_instance_get_physical_device_proc_addr(const struct vk_instance *instance,
                                                             const char *name);

/* vkEnumerateInstanceExtensionProperties for a driver's table. */
VkResult vk_enumerate_instance_extension_properties(
   const struct vk_instance_extension_table *supported, uint32_t *pPropertyCount,
   VkExtensionProperties *pProperties);

/* Fills `out` with the first non-NULL of each table, in order. */
void vk_instance_dispatch_table_merge(struct vk_instance_dispatch_table *out,
                                      const struct vk_instance_dispatch_table *const *tables,
                                      unsigned count);
void vk_physical_device_dispatch_table_merge(
   struct vk_physical_device_dispatch_table *out,
   const struct vk_physical_device_dispatch_table *const *tables, unsigned count);
void vk_device_dispatch_table_merge(struct vk_device_dispatch_table *out,
                                    const struct vk_device_dispatch_table *const *tables,
                                    unsigned count);

#endif /* VK_INSTANCE_H */
