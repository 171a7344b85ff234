/* SPDX-License-Identifier: MIT */
/*
 * The descriptor memory format: what vkUpdateDescriptorSets writes into a
 * set's memory and what compiled shaders read (nvk/compiler/
 * nvk_lower_descriptors.c turns set/binding/index into these loads).
 *
 * A set's memory is plain host memory owned by its pool (only the driver
 * writes it); each binding is an array of descriptors at a byte offset with
 * a per-type stride, in the set layout. The shader reaches set s as
 * constant buffer NVK_CBUF_SET(s) (a load_ubo with a constant buffer index,
 * the way NVIDIA binds descriptor sets as cbufs), so nothing here needs a
 * device address.
 *
 * Per descriptor type (sizes in bytes; every descriptor 8-byte aligned):
 *    UNIFORM_BUFFER, STORAGE_BUFFER       16  struct nvk_buffer_address
 *    *_BUFFER_DYNAMIC                      0  in the set object, not its
 *                                             memory: binding applies the
 *                                             dynamic offset and puts the
 *                                             result in the root table
 *    SAMPLED_IMAGE, STORAGE_IMAGE,
 *    INPUT_ATTACHMENT,
 *    UNIFORM_TEXEL_BUFFER,
 *    STORAGE_TEXEL_BUFFER                  8  struct nvk_image_descriptor
 *    SAMPLER                               8  struct nvk_sampler_descriptor
 *    COMBINED_IMAGE_SAMPLER               16  image then sampler
 *    INLINE_UNIFORM_BLOCK                  n  the bytes themselves
 * A NULL pointer or a zero buffer address is a null descriptor: loads read
 * zero, stores are dropped.
 */
#ifndef NVK_DESCRIPTOR_TYPES_H
#define NVK_DESCRIPTOR_TYPES_H

#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "nvk_private.h"
#include "util/macros.h"

struct kx_image_desc;
struct kx_sampler_desc;

/* Uniform and storage buffers (also the dynamic ones, in the root table). */
struct nvk_buffer_address {
   uint64_t base_addr; /* device address of the range's start */
   uint32_t size_B;    /* the range; accesses past it are out of bounds */
   uint32_t zero;
};
STATIC_ASSERT(sizeof(struct nvk_buffer_address) == 16);

/* Images and texel buffers: the view's header (nvk/exec/kx_desc.h). */
struct nvk_image_descriptor {
   const struct kx_image_desc *image;
};
STATIC_ASSERT(sizeof(struct nvk_image_descriptor) == 8);

struct nvk_sampler_descriptor {
   const struct kx_sampler_desc *sampler;
};
STATIC_ASSERT(sizeof(struct nvk_sampler_descriptor) == 8);

struct nvk_combined_image_sampler_descriptor {
   struct nvk_image_descriptor image;
   struct nvk_sampler_descriptor sampler;
};
STATIC_ASSERT(sizeof(struct nvk_combined_image_sampler_descriptor) == 16);

/* Descriptor bytes of one array element of a binding of `type` (0 for the
 * dynamic buffers; for inline uniform blocks the block's bytes count, with
 * stride 1). */
static inline uint32_t
nvk_descriptor_stride_B(VkDescriptorType type)
{
   switch (type) {
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER:
      return sizeof(struct nvk_buffer_address);
   case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
   case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
   case VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT:
   case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
      return sizeof(struct nvk_image_descriptor);
   case VK_DESCRIPTOR_TYPE_SAMPLER:
      return sizeof(struct nvk_sampler_descriptor);
   case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
      return sizeof(struct nvk_combined_image_sampler_descriptor);
   case VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK:
      return 1;
   default:
      return 0; /* dynamic buffers */
   }
}

/*
 * Constant buffers a shader sees (load_ubo with a constant index):
 *    NVK_CBUF_ROOT      the root table below, built at dispatch/draw time
 *    NVK_CBUF_SET(s)    the memory of the set bound at index s
 */
#define NVK_CBUF_ROOT 0
#define NVK_CBUF_SET(s) (1 + (s))
#define NVK_CBUF_COUNT (1 + NVK_MAX_SETS)

/* The root table: per-command values the shader reads. */
struct nvk_root_table {
   /* Compute: vkCmdDispatch's counts and vkCmdDispatchBase's base. */
   uint32_t num_workgroups[3];
   uint32_t pad0;
   uint32_t base_workgroup[3];
   uint32_t pad1;
   uint8_t push_constants[NVK_MAX_PUSH_CONSTANTS_SIZE];
   /* Dynamic uniform/storage buffers of every bound set, in set order,
    * dynamic offsets applied. */
   struct nvk_buffer_address dynamic_buffers[NVK_MAX_DYNAMIC_BUFFERS];
};

#endif /* NVK_DESCRIPTOR_TYPES_H */
