/* SPDX-License-Identifier: MIT */
/*
 * Descriptor set layouts: where each binding's descriptors sit in set
 * memory (nvk_descriptor_types.h).
 *
 * Layouts are reference counted: sets, pipeline layouts and update
 * templates made from one keep it alive after vkDestroyDescriptorSetLayout
 * (the spec lets the application destroy it while they are still in use).
 */
#ifndef NVK_DESCRIPTOR_SET_LAYOUT_H
#define NVK_DESCRIPTOR_SET_LAYOUT_H

#include "nvk_descriptor_types.h"
#include "vk_object.h"

struct nvk_device;

struct nvk_descriptor_set_binding_layout {
   VkDescriptorType type;  /* VK_DESCRIPTOR_TYPE_MAX_ENUM: binding unused */
   uint32_t array_size;
   uint32_t offset_B;
   uint32_t stride_B;
   /* Dynamic buffers: index of element 0 in the set's dynamic list. */
   uint32_t dynamic_index;
   VkShaderStageFlags stages;
   /* array_size samplers baked into the set (layout memory), or NULL. */
   const struct nvk_sampler_desc *immutable_samplers;
};

struct nvk_descriptor_set_layout {
   struct vk_object_base base;
   uint32_t ref_count;
   struct nvk_device *dev;
   VkAllocationCallbacks alloc; /* what it was allocated with, for the last unref */
   VkDescriptorSetLayoutCreateFlags flags;
   uint32_t size_B;             /* of one set's memory */
   uint32_t dynamic_buffer_count;
   uint32_t descriptor_count;   /* all bindings' array sizes */
   uint32_t binding_count;      /* highest binding number + 1 */
   struct nvk_descriptor_set_binding_layout bindings[];
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_descriptor_set_layout, base, VkDescriptorSetLayout,
                               VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT)

static inline struct nvk_descriptor_set_layout *
nvk_descriptor_set_layout_ref(struct nvk_descriptor_set_layout *layout)
{
   __atomic_add_fetch(&layout->ref_count, 1, __ATOMIC_RELAXED);
   return layout;
}

void nvk_descriptor_set_layout_unref(struct nvk_descriptor_set_layout *layout);

/* Writes the layout's immutable samplers into set memory. */
void nvk_descriptor_set_layout_init_set(const struct nvk_descriptor_set_layout *layout,
                                        uint8_t *set_mem);

#endif /* NVK_DESCRIPTOR_SET_LAYOUT_H */
