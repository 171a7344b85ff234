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

#include "kx_desc.h"
#include "nvk_descriptor_types.h"
#include "vk_object.h"

struct nvk_device;

/* The core descriptor types (inline uniform blocks need an extension we do
 * not expose). */
static inline bool
nvk_descriptor_type_supported(VkDescriptorType type)
{
   return type <= VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT ||
          type == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK;
}

/* Inline uniform blocks start and end 16-byte aligned in set memory (their
 * byte counts are multiples of 4; the shader reads vec4s from them): at
 * most this many bytes of padding each. */
#define NVK_INLINE_UNIFORM_BLOCK_ALIGN_B 16
#define NVK_INLINE_UNIFORM_BLOCK_PAD_B (2 * NVK_INLINE_UNIFORM_BLOCK_ALIGN_B)

static inline bool
nvk_descriptor_type_is_dynamic(VkDescriptorType type)
{
   return type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC ||
          type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC;
}

struct nvk_descriptor_set_binding_layout {
   VkDescriptorType type;  /* VK_DESCRIPTOR_TYPE_MAX_ENUM: binding unused */
   uint32_t array_size;
   uint32_t offset_B;
   uint32_t stride_B;      /* nvk_descriptor_stride_B; 0 for dynamic buffers */
   /* Dynamic buffers: index of element 0 in the set's dynamic list. */
   uint32_t dynamic_index;
   VkShaderStageFlags stages;
   /* array_size sampler headers copied into the layout (the sampler objects
    * may go away), which the set's sampler descriptors point at; or NULL. */
   const struct kx_sampler_desc *immutable_samplers;
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

/* Zeroes set memory and points its immutable sampler descriptors at the
 * layout's sampler headers. */
void nvk_descriptor_set_layout_init_set(const struct nvk_descriptor_set_layout *layout,
                                        uint8_t *set_mem);

#endif /* NVK_DESCRIPTOR_SET_LAYOUT_H */
