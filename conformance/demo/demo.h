/* SPDX-License-Identifier: MIT */
/*
 * kiln-demo's pieces shared by its stages (kiln_demo.c: setup, the compute
 * and transfer stages, main; demo_graphics.c: the graphics stage).
 */
#ifndef DEMO_H
#define DEMO_H

#include <stdint.h>
#include <vulkan/vulkan.h>

#define DEMO_FORMAT VK_FORMAT_R8G8B8A8_UNORM

struct demo {
   VkInstance instance;
   VkPhysicalDevice pdev;
   VkPhysicalDeviceProperties props;
   VkDevice dev;
   VkQueue queue;
   uint32_t queue_family;
   VkCommandPool pool;
   VkCommandBuffer cmd;
};

#define VK_CHECK(call)                                                                   \
   do {                                                                                  \
      VkResult r_ = (call);                                                              \
      if (r_ != VK_SUCCESS)                                                              \
         return fail(#call, r_);                                                         \
   } while (0)

struct demo_buffer {
   VkBuffer buf;
   VkDeviceMemory mem;
   void *map;
};

struct demo_image {
   VkImage image;
   VkDeviceMemory mem;
};

int fail(const char *what, VkResult r);
int find_memory_type(const struct demo *d, uint32_t bits, VkMemoryPropertyFlags want);
int buffer_create(struct demo *d, VkDeviceSize size_B, struct demo_buffer *b);
int buffer_create_usage(struct demo *d, VkDeviceSize size_B, VkBufferUsageFlags usage,
                        struct demo_buffer *b);
void buffer_destroy(struct demo *d, struct demo_buffer *b);
int image_create_usage(struct demo *d, uint32_t w, uint32_t h, VkImageUsageFlags usage,
                       struct demo_image *img);
void image_destroy(struct demo *d, struct demo_image *img);
void barrier_stages(struct demo *d, VkImage image, VkImageLayout from, VkImageLayout to,
                    VkAccessFlags src_access, VkAccessFlags dst_access,
                    VkPipelineStageFlags src_stage, VkPipelineStageFlags dst_stage);
int submit_and_wait(struct demo *d);

/* Stage "graphics" (demo_graphics.c): non-zero (after saying why) when the
 * driver cannot run it. */
int render_graphics(struct demo *d, uint32_t size, uint8_t *out_rgba);

#endif /* DEMO_H */
