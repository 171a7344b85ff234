/* SPDX-License-Identifier: MIT */
/*
 * Limits and versions of the driver, in one place. Nothing else.
 */
#ifndef NVK_PRIVATE_H
#define NVK_PRIVATE_H

#include <vulkan/vulkan_core.h>

/* The device version comes from meson (nvk_api_version), which also writes
 * it into the ICD manifest; the patch level is the headers'. */
#define NVK_API_VERSION                                                                  \
   VK_MAKE_API_VERSION(0, NVK_API_VERSION_MAJOR, NVK_API_VERSION_MINOR, VK_HEADER_VERSION)

/* Every instance-level command of Vulkan 1.3 is implemented (the *2 queries,
 * device groups, external-handle capability queries, tool properties), so
 * the instance reports 1.3 whatever the device version is. */
#define NVK_INSTANCE_VERSION VK_MAKE_API_VERSION(0, 1, 3, VK_HEADER_VERSION)

/* The ICD interface we speak (vk_icd.h): 5 gives the loader our instance
 * version rules, 7 lets it find the vk_icd* functions through
 * vk_icdGetInstanceProcAddr. */
#define NVK_MIN_LOADER_ICD_INTERFACE_VERSION 5
#define NVK_MAX_LOADER_ICD_INTERFACE_VERSION 7

#define NVK_QUEUE_FAMILY_COUNT 1
#define NVK_MAX_QUEUES 4

#define NVK_MAX_SETS 8
#define NVK_MAX_PUSH_CONSTANTS_SIZE 256
#define NVK_MAX_PUSH_DESCRIPTORS 32
#define NVK_MAX_DYNAMIC_UNIFORM_BUFFERS 16
#define NVK_MAX_DYNAMIC_STORAGE_BUFFERS 16
#define NVK_MAX_DYNAMIC_BUFFERS (NVK_MAX_DYNAMIC_UNIFORM_BUFFERS + NVK_MAX_DYNAMIC_STORAGE_BUFFERS)
#define NVK_MAX_DESCRIPTORS (1u << 20)
#define NVK_MAX_SAMPLER_ANISOTROPY 16

/* maxMemoryAllocationCount: every allocation is one mapping of its own and
 * Linux allows ~65530 per process by default; stay well below. */
#define NVK_MAX_MEMORY_ALLOCATION_COUNT 4096
/* Memory is handed out in whole pages. */
#define NVK_MEMORY_ALIGN_B 4096

/* Sample counts of multisampled attachments: nvk/rast rasterizes 1, 2, 4
 * and 8 with the standard locations, kil lays out 2x1, 2x2 and 4x2 sample
 * grids (vk_draw_test msaa_{2,4,8}x_resolves). */
#define NVK_ATTACHMENT_SAMPLE_COUNTS                                                     \
   (VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_2_BIT | VK_SAMPLE_COUNT_4_BIT | VK_SAMPLE_COUNT_8_BIT)

/* pointSizeRange's and lineWidthRange's upper ends (largePoints,
 * wideLines). */
#define NVK_MAX_POINT_SIZE 64.0f
#define NVK_MAX_LINE_WIDTH 64.0f

#define NVK_MAX_IMAGE_DIMENSION_1D 16384
#define NVK_MAX_IMAGE_DIMENSION_2D 16384
#define NVK_MAX_IMAGE_DIMENSION_3D 2048
#define NVK_MAX_IMAGE_ARRAY_LAYERS 2048
#define NVK_MAX_MIP_LEVELS 15 /* log2(16384) + 1 */
#define NVK_MAX_BUFFER_SIZE_B (1ull << 32)
#define NVK_MAX_TEXEL_BUFFER_ELEMENTS (1u << 27)
#define NVK_MAX_INLINE_UNIFORM_BLOCK_SIZE_B 4096
#define NVK_MAX_INLINE_UNIFORM_BLOCKS 32

/* How long one command may wait on the device side (vkCmdWaitEvents, a
 * query waited for) before the "hardware" gives up and the device is lost,
 * like a GPU watchdog. KILN_TDR_MS overrides it. */
#define NVK_DEFAULT_TDR_MS 10000

#endif /* NVK_PRIVATE_H */
