/* SPDX-License-Identifier: MIT */
#include "vk_queue.h"

#include "vk_device.h"

void
vk_queue_init(struct vk_queue *queue, struct vk_device *device,
              const VkDeviceQueueCreateInfo *info, uint32_t index_in_family)
{
   vk_object_base_init(device, &queue->base, VK_OBJECT_TYPE_QUEUE);
   queue->device = device;
   queue->flags = info->flags;
   queue->queue_family_index = info->queueFamilyIndex;
   queue->index_in_family = index_in_family;
   pthread_mutex_init(&queue->labels_mutex, NULL);
   list_addtail(&queue->link, &device->queues);
}

void
vk_queue_finish(struct vk_queue *queue)
{
   list_del(&queue->link);
   vk_label_stack_finish(&queue->labels, &queue->device->alloc);
   pthread_mutex_destroy(&queue->labels_mutex);
   vk_object_base_finish(&queue->base);
}
