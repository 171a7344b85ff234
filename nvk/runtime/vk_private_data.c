/* SPDX-License-Identifier: MIT */
/*
 * VK_EXT_private_data (core in 1.3). A slot is an id; each object keeps a
 * small array of (slot id, value) in its base. Ids are never reused, so a
 * destroyed slot's stale entries can never be read through a new slot.
 */
#include <string.h>

#include "vk_alloc.h"
#include "vk_device.h"
#include "vk_log.h"
#include "vk_object.h"

struct vk_private_data_slot {
   struct vk_object_base base;
   uint64_t id;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(vk_private_data_slot, base, VkPrivateDataSlot,
                               VK_OBJECT_TYPE_PRIVATE_DATA_SLOT)

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_CreatePrivateDataSlot(VkDevice _device, const VkPrivateDataSlotCreateInfo *pCreateInfo,
                                const VkAllocationCallbacks *pAllocator,
                                VkPrivateDataSlot *pPrivateDataSlot)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   struct vk_private_data_slot *slot = vk_object_zalloc(device, pAllocator, sizeof(*slot),
                                                        VK_OBJECT_TYPE_PRIVATE_DATA_SLOT);
   if (!slot)
      return vk_error(device, VK_ERROR_OUT_OF_HOST_MEMORY);
   pthread_mutex_lock(&device->private_data.mutex);
   slot->id = ++device->private_data.next_slot_id;
   pthread_mutex_unlock(&device->private_data.mutex);
   *pPrivateDataSlot = vk_private_data_slot_to_handle(slot);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_DestroyPrivateDataSlot(VkDevice _device, VkPrivateDataSlot privateDataSlot,
                                 const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   VK_FROM_HANDLE(vk_private_data_slot, slot, privateDataSlot);
   vk_object_free(device, pAllocator, slot);
}

static struct vk_private_data_entry *
find_entry(struct vk_object_base *obj, uint64_t id)
{
   for (uint32_t i = 0; i < obj->private_data_count; i++) {
      if (obj->private_data[i].slot_id == id)
         return &obj->private_data[i];
   }
   return NULL;
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_SetPrivateData(VkDevice _device, VkObjectType objectType, uint64_t objectHandle,
                         VkPrivateDataSlot privateDataSlot, uint64_t data)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   VK_FROM_HANDLE(vk_private_data_slot, slot, privateDataSlot);
   struct vk_object_base *obj = vk_object_base_from_u64_handle(objectHandle, objectType);
   VkResult result = VK_SUCCESS;

   pthread_mutex_lock(&device->private_data.mutex);
   struct vk_private_data_entry *e = find_entry(obj, slot->id);
   if (!e) {
      if (obj->private_data_count == obj->private_data_cap) {
         const uint32_t cap = obj->private_data_cap ? obj->private_data_cap * 2 : 2;
         struct vk_private_data_entry *a =
            vk_realloc(vk_object_base_allocator(obj), obj->private_data, cap * sizeof(*a), 8,
                       VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
         if (!a) {
            result = vk_error(device, VK_ERROR_OUT_OF_HOST_MEMORY);
            goto out;
         }
         obj->private_data = a;
         obj->private_data_cap = cap;
      }
      e = &obj->private_data[obj->private_data_count++];
      e->slot_id = slot->id;
   }
   e->value = data;
out:
   pthread_mutex_unlock(&device->private_data.mutex);
   return result;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_GetPrivateData(VkDevice _device, VkObjectType objectType, uint64_t objectHandle,
                         VkPrivateDataSlot privateDataSlot, uint64_t *pData)
{
   VK_FROM_HANDLE(vk_device, device, _device);
   VK_FROM_HANDLE(vk_private_data_slot, slot, privateDataSlot);
   struct vk_object_base *obj = vk_object_base_from_u64_handle(objectHandle, objectType);
   pthread_mutex_lock(&device->private_data.mutex);
   const struct vk_private_data_entry *e = find_entry(obj, slot->id);
   /* Never-set data reads as 0 (Vulkan 1.3, 4.x "Private Data"). */
   *pData = e ? e->value : 0;
   pthread_mutex_unlock(&device->private_data.mutex);
}
