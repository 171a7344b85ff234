/* SPDX-License-Identifier: MIT */
/*
 * VK_EXT_debug_utils: messengers (how the driver reports to the
 * application), object names and labels.
 *
 * Messengers live on the instance. Those created with
 * vkCreateDebugUtilsMessengerEXT are active until destroyed; those chained to
 * VkInstanceCreateInfo only during vkCreateInstance and vkDestroyInstance, as
 * the spec says (Vulkan 1.3, 4.x "VK_EXT_debug_utils"). Callbacks run with the
 * messenger lock held (recursive, so a callback may call back into Vulkan).
 */
#ifndef VK_DEBUG_UTILS_H
#define VK_DEBUG_UTILS_H

#include <stdbool.h>
#include <vulkan/vulkan_core.h>

#include "util/list.h"
#include "vk_object.h"

struct vk_instance;

struct vk_debug_utils_messenger {
   struct vk_object_base base;
   VkAllocationCallbacks alloc;
   struct list_head link;
   /* Created by vkCreateInstance's chain: only active while the instance is
    * being created or destroyed. */
   bool instance_lifetime_only;
   VkDebugUtilsMessageSeverityFlagsEXT severity;
   VkDebugUtilsMessageTypeFlagsEXT type;
   PFN_vkDebugUtilsMessengerCallbackEXT callback;
   void *user_data;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(vk_debug_utils_messenger, base, VkDebugUtilsMessengerEXT,
                               VK_OBJECT_TYPE_DEBUG_UTILS_MESSENGER_EXT)

/* Called by vk_instance_init/finish. */
VkResult vk_debug_utils_instance_init(struct vk_instance *instance,
                                      const VkInstanceCreateInfo *info);
void vk_debug_utils_instance_finish(struct vk_instance *instance);

bool vk_debug_utils_has_messengers(struct vk_instance *instance);

/* Delivers `msg` about `obj` (may be NULL) to every messenger whose severity
 * and type masks match. */
void vk_debug_utils_message(struct vk_instance *instance,
                            VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                            VkDebugUtilsMessageTypeFlagsEXT type,
                            const struct vk_object_base *obj, const char *msg);

/* A stack of label names (queues; the driver's command executor). */
struct vk_label_stack {
   char **names;
   uint32_t count;
   uint32_t cap;
   /* vkQueueInsertDebugUtilsLabelEXT: the most recent inserted label, until
    * the next begin/end. */
   char *inserted;
};

VkResult vk_label_stack_push(struct vk_label_stack *stack, const VkAllocationCallbacks *alloc,
                             const char *name);
void vk_label_stack_pop(struct vk_label_stack *stack, const VkAllocationCallbacks *alloc);
VkResult vk_label_stack_insert(struct vk_label_stack *stack,
                               const VkAllocationCallbacks *alloc, const char *name);
void vk_label_stack_finish(struct vk_label_stack *stack, const VkAllocationCallbacks *alloc);
/* "outer > inner" into buf; "" when empty. */
const char *vk_label_stack_describe(const struct vk_label_stack *stack, char *buf,
                                    size_t buf_size);

#endif /* VK_DEBUG_UTILS_H */
