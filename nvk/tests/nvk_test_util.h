/* SPDX-License-Identifier: MIT */
/*
 * Driver-internal tests: they call the nvk_* entry points directly (no
 * loader) and then look at what only the driver can see (descriptor memory,
 * executor state after replaying a command buffer, the fault path).
 */
#ifndef NVK_TEST_UTIL_H
#define NVK_TEST_UTIL_H

#include <stdbool.h>

#include "nvk_device.h"
#include "vk_entrypoints.h"

struct nvk_test {
   VkInstance instance;
   VkPhysicalDevice pdev;
   VkDevice dev;
   struct nvk_device *nvk;
   VkQueue queue;
   VkCommandPool pool;
};

/* `extensions` may be NULL. */
bool nvk_test_init(struct nvk_test *t, const char *const *extensions, uint32_t count);
void nvk_test_finish(struct nvk_test *t);

/* A buffer bound to its own memory; `map` is its host pointer. */
VkBuffer nvk_test_buffer(struct nvk_test *t, VkDeviceSize size, VkDeviceMemory *mem, void **map);

VkCommandBuffer nvk_test_cmd_begin(struct nvk_test *t);

#endif /* NVK_TEST_UTIL_H */
