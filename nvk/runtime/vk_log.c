/* SPDX-License-Identifier: MIT */
#include "vk_log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/debug.h"
#include "vk_debug_utils.h"
#include "vk_enum_to_str.h"
#include "vk_object.h"

static const struct util_debug_flag vk_debug_table[] = {
   {"vkerror", VK_DEBUG_VKERROR, "log every VkResult error with the file and line making it"},
   {"sync", VK_DEBUG_SYNC, "log queue submissions and synchronization waits"},
   {"cmd", VK_DEBUG_CMD, "log every command the queue executes"},
   {NULL, 0, NULL},
};

UTIL_DEBUG_DEFINE_GETTER(vk_debug_flags_get, "vk", vk_debug_table)

uint64_t
vk_debug_flags(void)
{
   return vk_debug_flags_get();
}

/* How loud an error is: device loss and internal failures are errors; out
 * of memory a warning; the rest (unsupported formats, timeouts given as
 * errors, ...) are the normal answers to queries and only informational. */
static VkDebugUtilsMessageSeverityFlagBitsEXT
error_severity(VkResult result)
{
   switch (result) {
   case VK_ERROR_DEVICE_LOST:
   case VK_ERROR_INITIALIZATION_FAILED:
   case VK_ERROR_UNKNOWN:
      return VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
   case VK_ERROR_OUT_OF_HOST_MEMORY:
   case VK_ERROR_OUT_OF_DEVICE_MEMORY:
      return VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT;
   default:
      return VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT;
   }
}

static enum util_log_level
util_level(VkDebugUtilsMessageSeverityFlagBitsEXT severity)
{
   switch (severity) {
   case VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT:
      return UTIL_LOG_ERROR;
   case VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT:
      return UTIL_LOG_WARN;
   case VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT:
      return UTIL_LOG_INFO;
   default:
      return UTIL_LOG_DEBUG;
   }
}

static bool
has_messengers(const struct vk_object_base *obj)
{
   return obj && obj->instance && vk_debug_utils_has_messengers(obj->instance);
}

static void
emit(const struct vk_object_base *obj, VkDebugUtilsMessageSeverityFlagBitsEXT severity,
     enum util_log_level level, bool print, const char *msg)
{
   if (print) {
      char desc[160];
      util_log(level, "vk", "%s: %s", vk_object_base_describe(obj, desc, sizeof(desc)), msg);
   }
   if (has_messengers(obj))
      vk_debug_utils_message(obj->instance, severity,
                             VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT, obj, msg);
}

VkResult
vk_error_impl(const struct vk_object_base *obj, VkResult result, const char *file, int line,
              const char *fmt, ...)
{
   const VkDebugUtilsMessageSeverityFlagBitsEXT severity = error_severity(result);
   /* Printed with KILN_DEBUG=vkerror; device loss and internal failures
    * always. Out-of-memory is not printed by default: the OOM tests make
    * thousands of them on purpose. */
   const bool print = (vk_debug_flags() & VK_DEBUG_VKERROR) ||
                      severity == VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
   if (!print && !has_messengers(obj))
      return result;

   char detail[512] = "";
   if (fmt) {
      va_list va;
      va_start(va, fmt);
      vsnprintf(detail, sizeof(detail), fmt, va);
      va_end(va);
   }
   const char *name = vk_Result_to_str(result);
   char msg[768];
   snprintf(msg, sizeof(msg), "%s%s%s (%s:%d)", name ? name : "VkResult?", fmt ? ": " : "",
            detail, file, line);
   emit(obj, severity,
        severity == VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT ? UTIL_LOG_ERROR
                                                                  : UTIL_LOG_WARN,
        print, msg);
   return result;
}

void
vk_log_impl(const struct vk_object_base *obj, VkDebugUtilsMessageSeverityFlagBitsEXT severity,
            const char *file, int line, const char *fmt, ...)
{
   const enum util_log_level level = util_level(severity);
   const bool print = util_log_enabled(level);
   if (!print && !has_messengers(obj))
      return;
   char detail[512];
   va_list va;
   va_start(va, fmt);
   vsnprintf(detail, sizeof(detail), fmt, va);
   va_end(va);
   char msg[768];
   snprintf(msg, sizeof(msg), "%s (%s:%d)", detail, file, line);
   emit(obj, severity, level, print, msg);
}
