/* SPDX-License-Identifier: MIT */
#ifndef NVK_EVENT_H
#define NVK_EVENT_H

#include "vk_object.h"

struct nvk_event {
   struct vk_object_base base;
   /* Under the device's sync domain (waiters sleep on its condition). */
   bool set;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_event, base, VkEvent, VK_OBJECT_TYPE_EVENT)

struct nvk_cmd_set_event {
   struct nvk_event *event;
   uint32_t value;
   uint32_t pad;
};

struct nvk_cmd_wait_events {
   uint32_t count;
   uint32_t pad;
   struct nvk_event *events[];
};

#endif /* NVK_EVENT_H */
