/* SPDX-License-Identifier: MIT */
/*
 * VkFence and VkSemaphore: API objects around a vk_sync (vk_sync.h). Queue
 * submission (the driver's) signals and waits on their `sync`.
 */
#ifndef VK_FENCE_H
#define VK_FENCE_H

#include "vk_object.h"
#include "vk_sync.h"

struct vk_fence {
   struct vk_object_base base;
   struct vk_sync sync;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(vk_fence, base, VkFence, VK_OBJECT_TYPE_FENCE)

struct vk_semaphore {
   struct vk_object_base base;
   struct vk_sync sync;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(vk_semaphore, base, VkSemaphore, VK_OBJECT_TYPE_SEMAPHORE)

/* Gives `sync` a shared-memory payload if handle_types (from
 * VkExport{Fence,Semaphore}CreateInfo) has OPAQUE_FD (vk_sync_fd.c). */
VkResult vk_sync_make_exportable(const VkAllocationCallbacks *alloc, struct vk_sync *sync,
                                 uint32_t handle_types);

#endif /* VK_FENCE_H */
