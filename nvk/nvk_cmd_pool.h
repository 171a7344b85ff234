/* SPDX-License-Identifier: MIT */
#ifndef NVK_CMD_POOL_H
#define NVK_CMD_POOL_H

#include "util/list.h"
#include "vk_object.h"

struct nvk_device;

struct nvk_cmd_pool {
   struct vk_object_base base;
   struct nvk_device *dev;
   /* Command buffers and their recorded streams come from here (the pool's
    * allocator if it was given one, else the device's). */
   VkAllocationCallbacks alloc;
   VkCommandPoolCreateFlags flags;
   uint32_t queue_family_index;
   struct list_head cmd_buffers;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_cmd_pool, base, VkCommandPool, VK_OBJECT_TYPE_COMMAND_POOL)

#endif /* NVK_CMD_POOL_H */
