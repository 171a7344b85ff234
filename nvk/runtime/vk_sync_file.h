/* SPDX-License-Identifier: MIT */
/*
 * Linux sync_files (what VK_*_HANDLE_TYPE_SYNC_FD_BIT handles are): the
 * kernel interface, nothing Vulkan.
 *
 * Only the kernel makes sync_files. A CPU device has no fence of its own to
 * put in one, so an export waits until the work is done and hands out a
 * sync_file that has already signalled. The kernel makes one for us from any
 * dma-buf: DMA_BUF_IOCTL_EXPORT_SYNC_FILE (Linux 6.0+) on a buffer with no
 * fences returns the signalled stub fence. So sync_file export works where a
 * dma-buf exporter exists (udmabuf or the system dma-heap: inside the test
 * VM, not on this CI host whose kernel has neither, nor sw_sync).
 * Waiting on an imported sync_file is poll() on it, which works everywhere.
 */
#ifndef VK_SYNC_FILE_H
#define VK_SYNC_FILE_H

#include <stdbool.h>

/* Whether vk_sync_file_create_signaled works on this kernel (probed once). */
bool vk_sync_file_can_create(void);

/* A new sync_file fd (close-on-exec) that has already signalled, or a
 * negative errno. */
int vk_sync_file_create_signaled(void);

/* Whether fd is a sync_file (SYNC_IOC_FILE_INFO answers). */
bool vk_sync_file_is_sync_file(int fd);

/* 1 signalled (or an error status: the fence will never signal otherwise),
 * 0 not yet, negative errno if fd cannot be polled. Never blocks. */
int vk_sync_file_signaled(int fd);

#endif /* VK_SYNC_FILE_H */
