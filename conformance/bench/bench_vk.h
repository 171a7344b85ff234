/* SPDX-License-Identifier: MIT */
/*
 * What every Vulkan benchmark of conformance/bench sets up before it
 * measures: an instance, the first physical device, a device with one queue
 * (of the first family that can transfer), a command pool. Each benchmark
 * runs one driver per child process, so the loader sees one device.
 */
#ifndef BENCH_VK_H
#define BENCH_VK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

struct bench_vk {
   VkInstance instance;
   VkPhysicalDevice pdev;
   VkDevice dev;
   VkQueue queue;
   VkCommandPool pool;
   VkPhysicalDeviceMemoryProperties mem;
};

/* Writes the device's name into device_name; false (with a message on
 * stderr) if a step fails: what was made is then left for bench_vk_finish. */
bool bench_vk_init(struct bench_vk *bv, const char *app_name, char *device_name,
                   size_t device_name_size);
void bench_vk_finish(struct bench_vk *bv);

/* The first memory type in bits with every flag of want; UINT32_MAX if
 * there is none. */
uint32_t bench_vk_mem_type(const struct bench_vk *bv, uint32_t bits,
                           VkMemoryPropertyFlags want);

/* A buffer in host-visible, coherent memory, mapped. */
struct bench_vk_buffer {
   VkBuffer buffer;
   VkDeviceMemory memory;
   void *map;
};

/* False (with a message on stderr) if a step fails; what was made is then
 * left for bench_vk_buffer_destroy, which takes partly made buffers too. */
bool bench_vk_buffer_create(struct bench_vk *bv, VkDeviceSize size_B, VkBufferUsageFlags usage,
                            struct bench_vk_buffer *b);
void bench_vk_buffer_destroy(struct bench_vk *bv, struct bench_vk_buffer *b);

/* A primary command buffer from the pool, begun. */
VkCommandBuffer bench_vk_cmd_begin(struct bench_vk *bv);

#endif /* BENCH_VK_H */
