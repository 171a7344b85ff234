/* SPDX-License-Identifier: MIT */
/*
 * vkt: the small framework of the project's Vulkan test programs.
 *
 * The programs go through the real Khronos loader to whatever driver
 * VK_DRIVER_FILES names (meson runs each program twice: on kiln and on
 * lavapipe, which shows the tests themselves are right), with
 * VK_LAYER_KHRONOS_validation enabled and a debug messenger that fails the
 * test on any validation error.
 *
 *    TEST(copy_buffer) {
 *       struct vkt t;
 *       if (!vkt_init(&t, NULL))       // skipped or failed: already reported
 *          return;
 *       ...
 *       vkt_finish(&t);                // checks no validation error happened
 *    }
 *
 * The instance asks for Vulkan 1.0 with extensions, so the same calls (the
 * KHR/EXT entry points) work on a 1.0 device and on a 1.3 one.
 *
 * Tests that feed the driver invalid input on purpose, to see the error the
 * spec names, wrap it in vkt_expect_validation_errors_begin/end: validation
 * errors there are expected, printed and not counted.
 */
#ifndef VKT_H
#define VKT_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

#include "util/macros.h"
#include "util/test.h"

#define VKT_MAX_QUEUES 4

struct vkt_allowed_message;

struct vkt_req {
   /* Device extensions the test needs: the test is skipped without them. */
   const char *const *extensions;
   uint32_t extension_count;
   /* Feature structs chained into VkDeviceCreateInfo::pNext (the caller
    * fills them with the features it needs; vkt checks support first and
    * skips if one is missing). */
   void *features;
   /* Instance extensions the test needs (surfaces): skipped without them. */
   const char *const *instance_extensions;
   uint32_t instance_extension_count;
   /* Vulkan 1.0 features to enable (checked first, like `features`). */
   const VkPhysicalDeviceFeatures *core_features;
   /* VkApplicationInfo::apiVersion of the instance; 0 means 1.0. (1.1
    * makes instance extensions promoted to 1.1 available to device
    * extensions that need them, e.g. VK_KHR_device_group.) */
   uint32_t instance_api_version;
   uint32_t queue_count;            /* 0 means 1 */
   bool no_validation;              /* device-loss and OOM tests */
   const VkAllocationCallbacks *alloc;
   /* Only on kiln (tests of kiln-specific behaviour, e.g. device loss). */
   bool kiln_only;
   /* Validation messages the test knows about and accepts (each printed
    * once with its reason, not counted), e.g. a spec dependency the device
    * cannot meet yet. */
   const struct vkt_allowed_message *allowed;
   uint32_t allowed_count;
};

struct vkt_allowed_message {
   const char *vuid;     /* pMessageIdName */
   const char *contains; /* and the message must contain this (NULL: any) */
   const char *reason;
};

struct vkt {
   VkInstance instance;
   VkDebugUtilsMessengerEXT messenger;
   VkPhysicalDevice pdev;
   VkDevice dev;
   uint32_t queue_family;
   VkQueueFlags queue_flags;
   uint32_t queue_count;
   VkQueue queues[VKT_MAX_QUEUES];
   VkCommandPool pool;
   VkPhysicalDeviceProperties props;
   VkPhysicalDeviceMemoryProperties mem_props;
   const VkAllocationCallbacks *alloc;
   bool is_kiln;
   bool validation;

   /* Called for every message the test messenger receives (after vkt's
    * own handling), e.g. to look for a driver's report. */
   void (*message_hook)(struct vkt *t, VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                        VkDebugUtilsMessageTypeFlagsEXT type,
                        const VkDebugUtilsMessengerCallbackDataEXT *data);
   void *hook_data;

   /* Validation messages that do not fail the test (see vkt_init), what
    * they must contain and why (NULL reason: no graphics queue). */
   const char *allowed_vuids[8];
   const char *allowed_contains[8];
   const char *allowed_reasons[8];
   bool allowed_printed[8];
   unsigned allowed_vuid_count;
   bool allowed_vuid_seen;

   unsigned validation_errors;
   unsigned expected_errors;
   bool expecting_errors;
};

/* Creates instance (with validation), device and a command pool. Returns
 * false when the test cannot run here (skipped, with the reason) or failed. */
bool vkt_init(struct vkt *t, const struct vkt_req *req);
void vkt_finish(struct vkt *t);

void vkt_expect_validation_errors_begin(struct vkt *t);
/* Returns how many validation errors happened since _begin. */
unsigned vkt_expect_validation_errors_end(struct vkt *t);

/* Skips the current test with a printf-style reason; returns false. */
bool vkt_skip(const char *fmt, ...) PRINTFLIKE(1, 2);

bool vkt_has_device_extension(VkPhysicalDevice pdev, const char *name);

/* vkGetDeviceProcAddr that fails the test when NULL. */
PFN_vkVoidFunction vkt_device_proc(struct vkt *t, const char *name);
#define VKT_PROC(t, name) ((PFN_##name)vkt_device_proc(t, #name))

const char *vkt_result_str(VkResult r);

#define VKT_CHECK_RESULT(expr, want)                                                     \
   ({                                                                                    \
      const VkResult __r = (expr), __w = (want);                                         \
      __r == __w ? true                                                                  \
                 : test_fail(__FILE__, __LINE__, "%s returned %s, expected %s", #expr,   \
                             vkt_result_str(__r), vkt_result_str(__w));                  \
   })
#define VKT_CHECK(expr) VKT_CHECK_RESULT(expr, VK_SUCCESS)
#define VKT_REQUIRE(expr)                                                                \
   do {                                                                                  \
      if (!VKT_CHECK(expr))                                                              \
         return;                                                                         \
   } while (0)

/* Memory type with all of `flags` among `type_bits`, or UINT32_MAX. */
uint32_t vkt_memory_type(const struct vkt *t, uint32_t type_bits, VkMemoryPropertyFlags flags);

/* A buffer bound to its own host-visible memory, mapped. */
struct vkt_buffer {
   VkBuffer buffer;
   VkDeviceMemory memory;
   VkDeviceSize size;
   uint8_t *map;
};

bool vkt_buffer_create(struct vkt *t, VkDeviceSize size, VkBufferUsageFlags usage,
                       struct vkt_buffer *b);
void vkt_buffer_destroy(struct vkt *t, struct vkt_buffer *b);

/* A one-time-submit primary command buffer, begun. */
VkCommandBuffer vkt_cmd_begin(struct vkt *t);
/* Ends, submits to queue 0 with a fence, waits, frees. */
bool vkt_cmd_submit_wait(struct vkt *t, VkCommandBuffer cmd);

/* A full memory barrier (transfer/host/all commands), sync1. */
void vkt_cmd_barrier(VkCommandBuffer cmd);

/* An image bound to its own memory (host-visible if possible, so LINEAR
 * images can be mapped). Images are moved to `layout` after creation with
 * vkt_cmd_transition; tests use GENERAL and full barriers. */
struct vkt_image {
   VkImage image;
   VkDeviceMemory memory;
   VkImageCreateInfo info;
   VkImageAspectFlags aspects;
};

/* Skips (returns false, test_skip) if the driver cannot make this image. */
bool vkt_image_create(struct vkt *t, const VkImageCreateInfo *ci, struct vkt_image *img);
void vkt_image_destroy(struct vkt *t, struct vkt_image *img);
/* A 2D/3D/1D image info with usage TRANSFER_SRC|DST. */
VkImageCreateInfo vkt_image_info(VkImageType type, VkFormat format, VkImageTiling tiling,
                                 uint32_t w, uint32_t h, uint32_t d, uint32_t levels,
                                 uint32_t layers);
/* Whether format/tiling has all of `features`. */
bool vkt_format_has(struct vkt *t, VkFormat format, VkImageTiling tiling,
                    VkFormatFeatureFlags features);
VkImageAspectFlags vkt_format_aspects(VkFormat format);
/* Bytes of one texel (uncompressed formats; 0 otherwise). */
uint32_t vkt_format_texel_size(VkFormat format);
/* Bytes of one texel of one aspect in a buffer copy. */
uint32_t vkt_aspect_texel_size(VkFormat format, VkImageAspectFlags aspect);

/* A layout transition of every subresource, with a full barrier. */
void vkt_cmd_transition(VkCommandBuffer cmd, const struct vkt_image *img, VkImageLayout from,
                        VkImageLayout to);
/* Creates the image's whole-image transition to GENERAL and submits it. */
bool vkt_image_to_general(struct vkt *t, const struct vkt_image *img, VkImageLayout from);

/* Reads / writes a box of one aspect of one subresource through a buffer
 * (tightly packed, vkt_aspect_texel_size per texel). The image is in GENERAL. */
bool vkt_read_image(struct vkt *t, const struct vkt_image *img, VkImageAspectFlags aspect,
                    uint32_t level, uint32_t layer, VkOffset3D offset, VkExtent3D extent,
                    void *out);
bool vkt_write_image(struct vkt *t, const struct vkt_image *img, VkImageAspectFlags aspect,
                     uint32_t level, uint32_t layer, VkOffset3D offset, VkExtent3D extent,
                     const void *data);

/* Deterministic test data. */
void vkt_fill_pattern(void *dst, size_t size_B, uint32_t seed);

#endif /* VKT_H */
