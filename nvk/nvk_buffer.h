/* SPDX-License-Identifier: MIT */
#ifndef NVK_BUFFER_H
#define NVK_BUFFER_H

#include "vk_object.h"

struct nvk_device;
struct nvk_device_memory;

struct nvk_buffer {
   struct vk_object_base base;
   VkDeviceSize size_B;
   VkBufferUsageFlags usage;
   VkBufferCreateFlags flags;
   /* Set by vkBindBufferMemory*: the device address of byte 0. */
   struct nvk_device_memory *mem;
   uint64_t addr;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_buffer, base, VkBuffer, VK_OBJECT_TYPE_BUFFER)

/* Alignment of buffer memory: a cache line, above every offset alignment
 * limit we report. */
#define NVK_BUFFER_ALIGN_B 64

static inline uint64_t
nvk_buffer_address(const struct nvk_buffer *buffer, uint64_t offset_B)
{
   return buffer->addr + offset_B;
}

/* The size VK_WHOLE_SIZE stands for at `offset_B`. */
static inline uint64_t
nvk_buffer_range(const struct nvk_buffer *buffer, uint64_t offset_B, uint64_t range_B)
{
   return range_B == VK_WHOLE_SIZE ? buffer->size_B - offset_B : range_B;
}

#endif /* NVK_BUFFER_H */
