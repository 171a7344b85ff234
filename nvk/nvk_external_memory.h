/* SPDX-License-Identifier: MIT */
/*
 * External memory: which handle types device memory can be exported as and
 * imported from (VK_KHR_external_memory_fd, VK_EXT_external_memory_dma_buf,
 * VK_EXT_external_memory_host), and how an allocation becomes one.
 *
 * OPAQUE_FD and DMA_BUF are one and the same fd here: what nvkmd exports is
 * a dma-buf when the kernel has an exporter and a memfd otherwise
 * (nvkmd_export.h), and either kind imports under either handle type.
 * HOST_ALLOCATION / HOST_MAPPED_FOREIGN_MEMORY wrap the application's
 * mapping: the device address is the host address.
 */
#ifndef NVK_EXTERNAL_MEMORY_H
#define NVK_EXTERNAL_MEMORY_H

#include <vulkan/vulkan_core.h>

struct nvk_device;
struct nvk_device_memory;

#define NVK_EXTERNAL_MEMORY_FD_TYPES                                                     \
   (VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT |                                       \
    VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT)
#define NVK_EXTERNAL_MEMORY_HOST_TYPES                                                   \
   (VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT |                             \
    VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_MAPPED_FOREIGN_MEMORY_BIT_EXT)

/* minImportedHostPointerAlignment: host memory is imported in whole pages. */
#define NVK_HOST_POINTER_ALIGN_B 4096

/* What a resource of `handle_type` can do (buffers and non-modifier
 * images; modifier images add their own checks). Zero for unsupported
 * types. */
VkExternalMemoryProperties
nvk_external_memory_properties(VkExternalMemoryHandleTypeFlagBits handle_type);

/* Makes mem->mem for vkAllocateMemory: a fresh allocation (exportable if
 * VkExportMemoryAllocateInfo asks), or an import (VkImportMemoryFdInfoKHR,
 * VkImportMemoryHostPointerInfoEXT) after checking the handle holds at least
 * size_B bytes. Errors are the spec's: VK_ERROR_INVALID_EXTERNAL_HANDLE for a
 * handle that is not usable memory of that size. */
VkResult nvk_device_memory_init_kmd(struct nvk_device *dev, struct nvk_device_memory *mem,
                                    const VkMemoryAllocateInfo *info, uint64_t size_B);

#endif /* NVK_EXTERNAL_MEMORY_H */
