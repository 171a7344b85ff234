/* SPDX-License-Identifier: MIT */
/*
 * Errors and messages.
 *
 * Errors are made once, where they arise, and passed up unchanged:
 *
 *    if (!p)
 *       return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
 *
 * vk_error returns its VkResult unchanged after recording where it was made:
 * with KILN_DEBUG=vkerror it is logged with file and line, and it is always
 * reported to the application's VK_EXT_debug_utils messengers (as a GENERAL
 * message naming the object). `obj` is any API object pointer (its
 * vk_object_base sits at offset 0) or NULL.
 *
 * vk_logw/vk_logi send a warning/info message the same way.
 */
#ifndef VK_LOG_H
#define VK_LOG_H

#include <vulkan/vulkan_core.h>

#include "util/macros.h"

struct vk_object_base;

#define VK_OBJ_BASE(obj) ((const struct vk_object_base *)(const void *)(obj))

VkResult vk_error_impl(const struct vk_object_base *obj, VkResult result, const char *file,
                       int line, const char *fmt, ...) PRINTFLIKE(5, 6);

#define vk_error(obj, result) vk_error_impl(VK_OBJ_BASE(obj), result, __FILE__, __LINE__, NULL)
#define vk_errorf(obj, result, ...)                                                      \
   vk_error_impl(VK_OBJ_BASE(obj), result, __FILE__, __LINE__, __VA_ARGS__)

void vk_log_impl(const struct vk_object_base *obj,
                 VkDebugUtilsMessageSeverityFlagBitsEXT severity, const char *file, int line,
                 const char *fmt, ...) PRINTFLIKE(5, 6);

#define vk_logw(obj, ...)                                                                \
   vk_log_impl(VK_OBJ_BASE(obj), VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT,        \
               __FILE__, __LINE__, __VA_ARGS__)
#define vk_logi(obj, ...)                                                                \
   vk_log_impl(VK_OBJ_BASE(obj), VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT, __FILE__, \
               __LINE__, __VA_ARGS__)

/* KILN_DEBUG flags of the Vulkan runtime and driver (module "vk"). */
enum vk_debug_flags {
   VK_DEBUG_VKERROR = 1 << 0,  /* log every vk_error with file and line */
   VK_DEBUG_SYNC = 1 << 1,     /* log queue submissions and sync waits */
   VK_DEBUG_CMD = 1 << 2,      /* log every command the executor replays */
};
uint64_t vk_debug_flags(void);

#endif /* VK_LOG_H */
