/* SPDX-License-Identifier: MIT */
/*
 * External payloads of fences and semaphores (VK_KHR_external_fence_fd,
 * VK_KHR_external_semaphore_fd): what a vk_sync's payload becomes when it is
 * shared with another process or device.
 *
 *  - SHM (OPAQUE_FD handles, reference transference): the payload itself
 *    (the counter, and for binary semaphores the count of waits submitted)
 *    lives in a memfd page every importer maps, updated with atomics. Any
 *    process or device of this driver that imports the fd signals and waits
 *    on the same payload. The page carries a magic and the payload's type,
 *    so fds of anything else (device memory, another sync type) are refused.
 *  - SYNC_FILE (SYNC_FD handles, copy transference): a Linux sync_file we
 *    wait on with poll(); fd -1 is the spec's "already signalled" sync file.
 *
 * Nobody can wake this process's waiters from another process, so waits
 * involving an external payload sleep in slices (vk_sync_poll_deadline) and
 * look again: a signal from elsewhere is seen within VK_SYNC_POLL_NS.
 */
#ifndef VK_SYNC_EXT_H
#define VK_SYNC_EXT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "vk_sync.h"

/* How long a wait on external payloads sleeps before it looks again. */
#define VK_SYNC_POLL_NS 500000ull

enum vk_sync_ext_kind {
   VK_SYNC_EXT_SHM,
   VK_SYNC_EXT_SYNC_FILE,
};

#define VK_SYNC_SHM_MAGIC  0x6b53796eu /* "nySk" */
#define VK_SYNC_SHM_SIZE_B 4096u

/* The shared page. */
struct vk_sync_shm {
   _Atomic uint32_t magic;
   uint32_t type; /* enum vk_sync_type */
   _Atomic uint64_t value;
   _Atomic uint64_t waits_submitted;
};

struct vk_sync_ext {
   enum vk_sync_ext_kind kind;
   /* SHM: the memfd (kept for export). SYNC_FILE: the sync_file, or -1. */
   int fd;
   struct vk_sync_shm *shm;
   /* SYNC_FILE: seen signalled once (a sync_file never un-signals). */
   bool signaled;
};

/* A fresh shared payload (exportable fences and semaphores). */
VkResult vk_sync_ext_create_shm(const VkAllocationCallbacks *alloc,
                                enum vk_sync_type type, uint64_t initial_value,
                                struct vk_sync_ext **ext_out);

/* Imports fd (not taking ownership: callers close it once the whole import
 * has succeeded). VK_ERROR_INVALID_EXTERNAL_HANDLE when fd is not a payload
 * of this driver of `type`, or not a sync_file. */
VkResult vk_sync_ext_import_shm(const VkAllocationCallbacks *alloc,
                                enum vk_sync_type type, int fd,
                                struct vk_sync_ext **ext_out);
VkResult vk_sync_ext_import_sync_file(const VkAllocationCallbacks *alloc, int fd,
                                      struct vk_sync_ext **ext_out);

void vk_sync_ext_destroy(const VkAllocationCallbacks *alloc, struct vk_sync_ext *ext);

/* The payload's counter (SYNC_FILE: 1 once signalled, else 0). */
uint64_t vk_sync_ext_value(struct vk_sync_ext *ext);

#endif /* VK_SYNC_EXT_H */
