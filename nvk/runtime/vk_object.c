/* SPDX-License-Identifier: MIT */
#include "vk_object.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/debug.h"
#include "vk_alloc.h"
#include "vk_device.h"
#include "vk_enum_to_str.h"
#include "vk_instance.h"
#include "vk_physical_device.h"

void
vk_object_base_init(struct vk_device *device, struct vk_object_base *base, VkObjectType type)
{
   memset(base, 0, sizeof(*base));
   base->_loader_data.loaderMagic = ICD_LOADER_MAGIC;
   base->type = type;
   base->device = device;
   base->instance = device ? device->physical->instance : NULL;
}

void
vk_object_base_instance_init(struct vk_instance *instance, struct vk_object_base *base,
                             VkObjectType type)
{
   memset(base, 0, sizeof(*base));
   base->_loader_data.loaderMagic = ICD_LOADER_MAGIC;
   base->type = type;
   base->instance = instance;
}

const VkAllocationCallbacks *
vk_object_base_allocator(const struct vk_object_base *base)
{
   if (base->device)
      return &base->device->alloc;
   if (base->instance)
      return &base->instance->alloc;
   return vk_default_allocator();
}

void
vk_object_base_finish(struct vk_object_base *base)
{
   const VkAllocationCallbacks *alloc = vk_object_base_allocator(base);
   vk_free(alloc, base->object_name);
   vk_free(alloc, base->private_data);
   base->object_name = NULL;
   base->private_data = NULL;
   /* A stale handle used after destruction fails the type check. */
   base->type = VK_OBJECT_TYPE_UNKNOWN;
}

void *
vk_object_zalloc(struct vk_device *device, const VkAllocationCallbacks *alloc, size_t size_B,
                 VkObjectType type)
{
   struct vk_object_base *base =
      vk_zalloc2(&device->alloc, alloc, size_B, 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (base)
      vk_object_base_init(device, base, type);
   return base;
}

void
vk_object_free(struct vk_device *device, const VkAllocationCallbacks *alloc, void *obj)
{
   if (!obj)
      return;
   vk_object_base_finish(obj);
   vk_free2(&device->alloc, alloc, obj);
}

VkResult
vk_object_base_set_name(struct vk_object_base *base, const char *name)
{
   const VkAllocationCallbacks *alloc = vk_object_base_allocator(base);
   char *copy = NULL;
   if (name && name[0]) {
      /* Object scope: the name lives as long as the object. */
      copy = vk_strdup(alloc, name, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!copy)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   vk_free(alloc, base->object_name);
   base->object_name = copy;
   return VK_SUCCESS;
}

const char *
vk_object_base_describe(const struct vk_object_base *base, char *buf, size_t buf_size)
{
   if (!base) {
      snprintf(buf, buf_size, "(no object)");
      return buf;
   }
   const char *type = vk_ObjectType_to_str(base->type);
   type = type ? type + strlen("VK_OBJECT_TYPE_") : "?";
   if (base->object_name)
      snprintf(buf, buf_size, "%s %p '%s'", type, (const void *)base, base->object_name);
   else
      snprintf(buf, buf_size, "%s %p", type, (const void *)base);
   return buf;
}

#ifndef NDEBUG
void
vk_object_base_type_mismatch(const struct vk_object_base *base, VkObjectType expected)
{
   const char *got = vk_ObjectType_to_str(base->type);
   const char *want = vk_ObjectType_to_str(expected);
   util_loge("vk", "handle %p is a %s, expected a %s (invalid or destroyed handle)",
             (const void *)base, got ? got : "?", want ? want : "?");
   abort();
}
#endif
