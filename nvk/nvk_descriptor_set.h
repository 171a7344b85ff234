/* SPDX-License-Identifier: MIT */
/*
 * Descriptor pools and sets.
 *
 * A pool owns one block of host memory sized from its pool sizes; each set
 * is a range of it (first fit, in address order). Allocation fails with
 * VK_ERROR_OUT_OF_POOL_MEMORY when the pool's set or per-type descriptor
 * budget is spent, and with VK_ERROR_FRAGMENTED_POOL when the bytes exist
 * but not in one piece (Vulkan 1.3, vkAllocateDescriptorSets). Sets that all
 * have the same size fill the holes of freed ones exactly, which is the
 * spec's guarantee that such pools never fragment.
 */
#ifndef NVK_DESCRIPTOR_SET_H
#define NVK_DESCRIPTOR_SET_H

#include "nvk_descriptor_types.h"
#include "util/list.h"
#include "vk_object.h"

struct nvk_descriptor_set_layout;
struct nvk_device;

/* Descriptor types a pool budgets separately (the core ones). */
#define NVK_POOL_TYPE_COUNT (VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT + 1)

struct nvk_descriptor_pool {
   struct vk_object_base base;
   VkAllocationCallbacks alloc;
   VkDescriptorPoolCreateFlags flags;
   uint32_t max_sets;
   uint32_t set_count;
   uint32_t type_free[NVK_POOL_TYPE_COUNT];
   uint32_t type_total[NVK_POOL_TYPE_COUNT];
   uint8_t *mem;
   uint64_t size_B;
   uint64_t used_B;
   /* Live sets, by offset. */
   struct list_head sets;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_descriptor_pool, base, VkDescriptorPool,
                               VK_OBJECT_TYPE_DESCRIPTOR_POOL)

struct nvk_descriptor_set {
   struct vk_object_base base;
   struct nvk_descriptor_pool *pool;
   struct list_head pool_link;
   struct nvk_descriptor_set_layout *layout; /* referenced */
   uint64_t offset_B;
   uint32_t size_B;
   /* Set memory (nvk_descriptor_types.h), inside the pool's block. */
   uint8_t *mem;
   /* Dynamic buffers live here, not in set memory: binding the set adds
    * the dynamic offsets and puts them in the root table. */
   uint32_t dynamic_count;
   struct nvk_buffer_address dynamic[];
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_descriptor_set, base, VkDescriptorSet,
                               VK_OBJECT_TYPE_DESCRIPTOR_SET)

/* One descriptor write into set memory laid out by `layout` (sets, push
 * descriptors and templates share it), dynamic buffers into `dynamic` (NULL
 * for push descriptors, which have none). `info` points at a
 * VkDescriptorImageInfo, VkDescriptorBufferInfo or VkBufferView according
 * to `type`. Out-of-range bindings and elements are ignored. */
void nvk_descriptor_write(const struct nvk_descriptor_set_layout *layout, uint8_t *set_mem,
                          struct nvk_buffer_address *dynamic, uint32_t binding,
                          uint32_t element, VkDescriptorType type, const void *info);

/* vkUpdateDescriptorSets' writes, rolling over into the next bindings as
 * the spec says (consecutive binding updates). */
/* size_B bytes of inline uniform block data at byte offset_B of binding
 * (and on into the next bindings). */
void nvk_descriptor_set_write_inline(const struct nvk_descriptor_set_layout *layout,
                                     uint8_t *set_mem, uint32_t binding, uint32_t offset_B,
                                     uint32_t size_B, const void *data);
void nvk_descriptor_set_write(const struct nvk_descriptor_set_layout *layout, uint8_t *set_mem,
                              struct nvk_buffer_address *dynamic,
                              const VkWriteDescriptorSet *write);

#endif /* NVK_DESCRIPTOR_SET_H */
