/* SPDX-License-Identifier: MIT */
#include "vk_debug_utils.h"

#include <stdio.h>
#include <string.h>

#include "vk_alloc.h"
#include "vk_device.h"
#include "vk_entrypoints.h"
#include "vk_instance.h"
#include "vk_log.h"
#include "vk_queue.h"
#include "vk_util.h"

static struct vk_debug_utils_messenger *
messenger_create(struct vk_instance *instance, const VkAllocationCallbacks *alloc,
                 const VkDebugUtilsMessengerCreateInfoEXT *info, bool lifetime_only)
{
   const VkAllocationCallbacks *a = vk_alloc_choose(&instance->alloc, alloc);
   struct vk_debug_utils_messenger *m =
      vk_zalloc(a, sizeof(*m), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!m)
      return NULL;
   vk_object_base_instance_init(instance, &m->base, VK_OBJECT_TYPE_DEBUG_UTILS_MESSENGER_EXT);
   m->alloc = *a;
   m->instance_lifetime_only = lifetime_only;
   m->severity = info->messageSeverity;
   m->type = info->messageType;
   m->callback = info->pfnUserCallback;
   m->user_data = info->pUserData;
   return m;
}

static void
messenger_destroy(struct vk_debug_utils_messenger *m)
{
   const VkAllocationCallbacks alloc = m->alloc;
   vk_object_base_finish(&m->base);
   vk_free(&alloc, m);
}

VkResult
vk_debug_utils_instance_init(struct vk_instance *instance, const VkInstanceCreateInfo *info)
{
   pthread_mutexattr_t attr;
   pthread_mutexattr_init(&attr);
   pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
   pthread_mutex_init(&instance->debug_utils.mutex, &attr);
   pthread_mutexattr_destroy(&attr);
   list_inithead(&instance->debug_utils.messengers);

   vk_foreach_struct_const(s, info->pNext) {
      if (s->sType != VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT)
         continue;
      struct vk_debug_utils_messenger *m = messenger_create(
         instance, &instance->alloc, (const VkDebugUtilsMessengerCreateInfoEXT *)s, true);
      if (!m) {
         vk_debug_utils_instance_finish(instance);
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      }
      list_addtail(&m->link, &instance->debug_utils.messengers);
   }
   return VK_SUCCESS;
}

void
vk_debug_utils_instance_finish(struct vk_instance *instance)
{
   /* The application must have destroyed its messengers; what is left are
    * the create-info ones. */
   list_for_each_entry_safe(struct vk_debug_utils_messenger, m,
                            &instance->debug_utils.messengers, link) {
      list_del(&m->link);
      messenger_destroy(m);
   }
   pthread_mutex_destroy(&instance->debug_utils.mutex);
}

bool
vk_debug_utils_has_messengers(struct vk_instance *instance)
{
   /* A racy peek is fine: a message that races a messenger's creation may
    * or may not reach it either way. */
   return !list_is_empty(&instance->debug_utils.messengers);
}

void
vk_debug_utils_message(struct vk_instance *instance,
                       VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                       VkDebugUtilsMessageTypeFlagsEXT type, const struct vk_object_base *obj,
                       const char *msg)
{
   VkDebugUtilsObjectNameInfoEXT object = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT,
   };
   if (obj) {
      object.objectType = obj->type;
      object.objectHandle = (uint64_t)(uintptr_t)obj;
      object.pObjectName = obj->object_name;
   }
   const VkDebugUtilsMessengerCallbackDataEXT data = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CALLBACK_DATA_EXT,
      .pMessageIdName = "kiln",
      .pMessage = msg,
      .objectCount = obj ? 1 : 0,
      .pObjects = obj ? &object : NULL,
   };

   pthread_mutex_lock(&instance->debug_utils.mutex);
   list_for_each_entry(struct vk_debug_utils_messenger, m, &instance->debug_utils.messengers,
                       link) {
      if (m->instance_lifetime_only && !instance->debug_utils.creating_or_destroying)
         continue;
      if ((m->severity & severity) && (m->type & type))
         m->callback(severity, type, &data, m->user_data);
   }
   pthread_mutex_unlock(&instance->debug_utils.mutex);
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_CreateDebugUtilsMessengerEXT(VkInstance _instance,
                                       const VkDebugUtilsMessengerCreateInfoEXT *pCreateInfo,
                                       const VkAllocationCallbacks *pAllocator,
                                       VkDebugUtilsMessengerEXT *pMessenger)
{
   VK_FROM_HANDLE(vk_instance, instance, _instance);
   struct vk_debug_utils_messenger *m =
      messenger_create(instance, pAllocator, pCreateInfo, false);
   if (!m)
      return vk_error(instance, VK_ERROR_OUT_OF_HOST_MEMORY);
   pthread_mutex_lock(&instance->debug_utils.mutex);
   list_addtail(&m->link, &instance->debug_utils.messengers);
   pthread_mutex_unlock(&instance->debug_utils.mutex);
   *pMessenger = vk_debug_utils_messenger_to_handle(m);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_DestroyDebugUtilsMessengerEXT(VkInstance _instance,
                                        VkDebugUtilsMessengerEXT _messenger,
                                        const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(vk_instance, instance, _instance);
   VK_FROM_HANDLE(vk_debug_utils_messenger, m, _messenger);
   if (!m)
      return;
   pthread_mutex_lock(&instance->debug_utils.mutex);
   list_del(&m->link);
   pthread_mutex_unlock(&instance->debug_utils.mutex);
   messenger_destroy(m);
}

VKAPI_ATTR void VKAPI_CALL
vk_common_SubmitDebugUtilsMessageEXT(VkInstance _instance,
                                     VkDebugUtilsMessageSeverityFlagBitsEXT messageSeverity,
                                     VkDebugUtilsMessageTypeFlagsEXT messageTypes,
                                     const VkDebugUtilsMessengerCallbackDataEXT *pCallbackData)
{
   VK_FROM_HANDLE(vk_instance, instance, _instance);
   pthread_mutex_lock(&instance->debug_utils.mutex);
   list_for_each_entry(struct vk_debug_utils_messenger, m, &instance->debug_utils.messengers,
                       link) {
      if (m->instance_lifetime_only && !instance->debug_utils.creating_or_destroying)
         continue;
      if ((m->severity & messageSeverity) && (m->type & messageTypes))
         m->callback(messageSeverity, messageTypes, pCallbackData, m->user_data);
   }
   pthread_mutex_unlock(&instance->debug_utils.mutex);
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_SetDebugUtilsObjectNameEXT(VkDevice _device,
                                     const VkDebugUtilsObjectNameInfoEXT *pNameInfo)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   struct vk_object_base *obj =
      vk_object_base_from_u64_handle(pNameInfo->objectHandle, pNameInfo->objectType);
   if (vk_object_base_set_name(obj, pNameInfo->pObjectName) != VK_SUCCESS)
      return vk_error(device, VK_ERROR_OUT_OF_HOST_MEMORY);
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_SetDebugUtilsObjectTagEXT(VkDevice device,
                                    const VkDebugUtilsObjectTagInfoEXT *pTagInfo)
{
   /* Tags carry data for tools that know the tag name; this driver defines
    * no tag names, so there is nothing to store. */
   return VK_SUCCESS;
}

/* ---------------------------------------------------------------------- */

VkResult
vk_label_stack_push(struct vk_label_stack *stack, const VkAllocationCallbacks *alloc,
                    const char *name)
{
   if (stack->count == stack->cap) {
      const uint32_t cap = stack->cap ? stack->cap * 2 : 4;
      char **names = vk_realloc(alloc, stack->names, cap * sizeof(char *), 8,
                                VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!names)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      stack->names = names;
      stack->cap = cap;
   }
   char *copy = vk_strdup(alloc, name ? name : "", VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!copy)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   vk_free(alloc, stack->inserted);
   stack->inserted = NULL;
   stack->names[stack->count++] = copy;
   return VK_SUCCESS;
}

void
vk_label_stack_pop(struct vk_label_stack *stack, const VkAllocationCallbacks *alloc)
{
   vk_free(alloc, stack->inserted);
   stack->inserted = NULL;
   /* Ending a label that was never begun is invalid usage; ignore it. */
   if (stack->count > 0)
      vk_free(alloc, stack->names[--stack->count]);
}

VkResult
vk_label_stack_insert(struct vk_label_stack *stack, const VkAllocationCallbacks *alloc,
                      const char *name)
{
   char *copy = vk_strdup(alloc, name ? name : "", VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!copy)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   vk_free(alloc, stack->inserted);
   stack->inserted = copy;
   return VK_SUCCESS;
}

void
vk_label_stack_finish(struct vk_label_stack *stack, const VkAllocationCallbacks *alloc)
{
   while (stack->count > 0)
      vk_free(alloc, stack->names[--stack->count]);
   vk_free(alloc, stack->names);
   vk_free(alloc, stack->inserted);
   memset(stack, 0, sizeof(*stack));
}

const char *
vk_label_stack_describe(const struct vk_label_stack *stack, char *buf, size_t buf_size)
{
   size_t len = 0;
   buf[0] = '\0';
   for (uint32_t i = 0; i < stack->count && len < buf_size; i++)
      len += snprintf(buf + len, buf_size - len, "%s%s", i ? " > " : "", stack->names[i]);
   if (stack->inserted && len < buf_size)
      snprintf(buf + len, buf_size - len, "%s[after '%s']", len ? " " : "", stack->inserted);
   return buf;
}

/* Queue labels. */
VKAPI_ATTR void VKAPI_CALL
vk_common_QueueBeginDebugUtilsLabelEXT(VkQueue _queue, const VkDebugUtilsLabelEXT *pLabelInfo)
{
   VK_FROM_HANDLE(vk_queue, queue, _queue);
   pthread_mutex_lock(&queue->labels_mutex);
   /* A void command: on out-of-memory the label is dropped (and said). */
   if (vk_label_stack_push(&queue->labels, &queue->device->alloc, pLabelInfo->pLabelName))
      vk_logw(queue, "out of memory recording queue label '%s'", pLabelInfo->pLabelName);
   pthread_mutex_unlock(&queue->labels_mutex);
}

VKAPI_ATTR void VKAPI_CALL
vk_common_QueueEndDebugUtilsLabelEXT(VkQueue _queue)
{
   VK_FROM_HANDLE(vk_queue, queue, _queue);
   pthread_mutex_lock(&queue->labels_mutex);
   vk_label_stack_pop(&queue->labels, &queue->device->alloc);
   pthread_mutex_unlock(&queue->labels_mutex);
}

VKAPI_ATTR void VKAPI_CALL
vk_common_QueueInsertDebugUtilsLabelEXT(VkQueue _queue, const VkDebugUtilsLabelEXT *pLabelInfo)
{
   VK_FROM_HANDLE(vk_queue, queue, _queue);
   pthread_mutex_lock(&queue->labels_mutex);
   if (vk_label_stack_insert(&queue->labels, &queue->device->alloc, pLabelInfo->pLabelName))
      vk_logw(queue, "out of memory recording queue label '%s'", pLabelInfo->pLabelName);
   pthread_mutex_unlock(&queue->labels_mutex);
}
