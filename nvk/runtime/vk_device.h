/* SPDX-License-Identifier: MIT */
/*
 * The device base: allocator, enabled extensions and features, dispatch
 * table, queues, the sync domain every fence/semaphore/event waits in, and
 * the device-lost state.
 */
#ifndef VK_DEVICE_H
#define VK_DEVICE_H

#include <pthread.h>

#include "util/list.h"
#include "vk_entrypoints.h"
#include "vk_extensions.h"
#include "vk_features.h"
#include "vk_object.h"
#include "vk_sync.h"

struct vk_physical_device;

struct vk_device {
   struct vk_object_base base;
   VkAllocationCallbacks alloc;
   struct vk_physical_device *physical;

   /* min(physical device version, instance's application version). */
   uint32_t api_version;
   struct vk_device_extension_table enabled_extensions;
   struct vk_features enabled_features;
   struct vk_device_dispatch_table dispatch_table;

   struct list_head queues;

   /* One lock and condition for every sync primitive and for device loss. */
   struct vk_sync_domain sync;
   /* The loss has been reported (once). */
   bool lost_reported;

   struct {
      pthread_mutex_t mutex;
      uint64_t next_slot_id;
   } private_data;
};

VK_DEFINE_HANDLE_CASTS(vk_device, base, VkDevice, VK_OBJECT_TYPE_DEVICE)

/* Checks extensions (VK_ERROR_EXTENSION_NOT_PRESENT) and features
 * (VK_ERROR_FEATURE_NOT_PRESENT) against what `physical` supports. */
VkResult vk_device_init(struct vk_device *device, struct vk_physical_device *physical,
                        const struct vk_device_dispatch_table *driver_entrypoints,
                        const VkDeviceCreateInfo *info, const VkAllocationCallbacks *alloc);
void vk_device_finish(struct vk_device *device);

/* Marks the device lost (once; later calls only log), reports why through
 * the log and debug utils, and ends every wait. */
void vk_device_set_lost(struct vk_device *device, const char *fmt, ...) PRINTFLIKE(2, 3);

static inline bool
vk_device_is_lost(struct vk_device *device)
{
   return __atomic_load_n(&device->sync.lost, __ATOMIC_ACQUIRE);
}

/* VK_ERROR_DEVICE_LOST once lost, VK_SUCCESS before. */
static inline VkResult
vk_device_check_status(struct vk_device *device)
{
   return vk_device_is_lost(device) ? VK_ERROR_DEVICE_LOST : VK_SUCCESS;
}

PFN_vkVoidFunction vk_device_get_proc_addr(const struct vk_device *device, const char *name);

#endif /* VK_DEVICE_H */
