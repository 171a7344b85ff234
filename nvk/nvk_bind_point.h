/* SPDX-License-Identifier: MIT */
/*
 * The driver's bind points: what per-bind-point state (bound pipeline,
 * descriptor sets, push descriptors) is indexed by, on the recording side
 * (nvk_cmd_buffer.h) and the replaying one (nvk_cmd_exec.h).
 */
#ifndef NVK_BIND_POINT_H
#define NVK_BIND_POINT_H

#include <vulkan/vulkan_core.h>

enum nvk_bind_point {
   NVK_BIND_POINT_COMPUTE,
   NVK_BIND_POINT_GRAPHICS,
   NVK_BIND_POINT_COUNT,
};

static inline enum nvk_bind_point
nvk_bind_point(VkPipelineBindPoint vk_bind_point)
{
   return vk_bind_point == VK_PIPELINE_BIND_POINT_COMPUTE ? NVK_BIND_POINT_COMPUTE
                                                          : NVK_BIND_POINT_GRAPHICS;
}

#endif /* NVK_BIND_POINT_H */
