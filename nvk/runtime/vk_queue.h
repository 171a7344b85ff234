/* SPDX-License-Identifier: MIT */
/*
 * The queue base: where it sits in the device and its debug-utils labels.
 * Submission is the driver's (nvk_queue.c).
 */
#ifndef VK_QUEUE_H
#define VK_QUEUE_H

#include <pthread.h>

#include "util/list.h"
#include "vk_debug_utils.h"
#include "vk_object.h"

struct vk_device;

struct vk_queue {
   struct vk_object_base base;
   struct vk_device *device;
   struct list_head link;
   VkDeviceQueueCreateFlags flags;
   uint32_t queue_family_index;
   uint32_t index_in_family;

   pthread_mutex_t labels_mutex;
   struct vk_label_stack labels;
};

VK_DEFINE_HANDLE_CASTS(vk_queue, base, VkQueue, VK_OBJECT_TYPE_QUEUE)

void vk_queue_init(struct vk_queue *queue, struct vk_device *device,
                   const VkDeviceQueueCreateInfo *info, uint32_t index_in_family);
void vk_queue_finish(struct vk_queue *queue);

#endif /* VK_QUEUE_H */
