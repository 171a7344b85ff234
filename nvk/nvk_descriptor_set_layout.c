/* SPDX-License-Identifier: MIT */
#include "nvk_descriptor_set_layout.h"

#include <string.h>

#include "nvk_device.h"
#include "nvk_private.h"
#include "nvk_sampler.h"
#include "vk_alloc.h"
#include "vk_log.h"
#include "vk_util.h"

/* Counts what a create info needs; false if a binding is unusable. */
static bool
layout_sizes(const VkDescriptorSetLayoutCreateInfo *info, uint32_t *binding_count,
             uint32_t *immutable_count, uint64_t *size_B, uint32_t *dynamic_count)
{
   *binding_count = 0;
   *immutable_count = 0;
   *size_B = 0;
   *dynamic_count = 0;
   for (uint32_t i = 0; i < info->bindingCount; i++) {
      const VkDescriptorSetLayoutBinding *b = &info->pBindings[i];
      *binding_count = MAX2(*binding_count, b->binding + 1);
      if (b->descriptorCount == 0)
         continue;
      if (!nvk_descriptor_type_supported(b->descriptorType))
         return false;
      *size_B += (uint64_t)nvk_descriptor_stride_B(b->descriptorType) * b->descriptorCount;
      if (b->descriptorType == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK)
         *size_B += NVK_INLINE_UNIFORM_BLOCK_PAD_B;
      if (nvk_descriptor_type_is_dynamic(b->descriptorType))
         *dynamic_count += b->descriptorCount;
      if (b->pImmutableSamplers && (b->descriptorType == VK_DESCRIPTOR_TYPE_SAMPLER ||
                                    b->descriptorType == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER))
         *immutable_count += b->descriptorCount;
   }
   return true;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateDescriptorSetLayout(VkDevice _device, const VkDescriptorSetLayoutCreateInfo *pCreateInfo,
                              const VkAllocationCallbacks *pAllocator,
                              VkDescriptorSetLayout *pSetLayout)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   uint32_t binding_count, immutable_count, dynamic_count;
   uint64_t size_B;
   if (!layout_sizes(pCreateInfo, &binding_count, &immutable_count, &size_B, &dynamic_count))
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "descriptor type not supported");
   if (size_B > UINT32_MAX)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);

   const VkAllocationCallbacks *alloc = vk_alloc_choose(&dev->vk.alloc, pAllocator);
   VK_MULTIALLOC(ma);
   VK_MULTIALLOC_DECL(&ma, struct nvk_descriptor_set_layout, layout, 1);
   VK_MULTIALLOC_DECL(&ma, struct nvk_descriptor_set_binding_layout, bindings, binding_count);
   VK_MULTIALLOC_DECL(&ma, struct kx_sampler_desc, samplers, immutable_count);
   /* Object scope: the layout lives as long as anything references it. */
   if (!vk_multialloc_zalloc(&ma, alloc, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT))
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   (void)bindings;
   vk_object_base_init(&dev->vk, &layout->base, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT);
   layout->ref_count = 1;
   layout->dev = dev;
   layout->alloc = *alloc;
   layout->flags = pCreateInfo->flags;
   layout->binding_count = binding_count;
   layout->dynamic_buffer_count = dynamic_count;
   for (uint32_t b = 0; b < binding_count; b++)
      layout->bindings[b].type = VK_DESCRIPTOR_TYPE_MAX_ENUM;

   /* Bindings in number order, each array packed; every descriptor stride
    * is a multiple of 8, so every offset stays aligned. */
   uint32_t offset_B = 0, dynamic_index = 0, sampler_index = 0;
   for (uint32_t n = 0; n < binding_count; n++) {
      for (uint32_t i = 0; i < pCreateInfo->bindingCount; i++) {
         const VkDescriptorSetLayoutBinding *b = &pCreateInfo->pBindings[i];
         if (b->binding != n)
            continue;
         struct nvk_descriptor_set_binding_layout *bl = &layout->bindings[n];
         bl->type = b->descriptorType;
         bl->array_size = b->descriptorCount;
         bl->stride_B = nvk_descriptor_stride_B(b->descriptorType);
         const bool inline_block = b->descriptorType == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK;
         if (inline_block)
            offset_B = ALIGN_POT(offset_B, NVK_INLINE_UNIFORM_BLOCK_ALIGN_B);
         bl->offset_B = offset_B;
         bl->stages = b->stageFlags;
         offset_B += bl->stride_B * bl->array_size;
         if (inline_block)
            offset_B = ALIGN_POT(offset_B, NVK_INLINE_UNIFORM_BLOCK_ALIGN_B);
         layout->descriptor_count += bl->array_size;
         if (nvk_descriptor_type_is_dynamic(bl->type)) {
            bl->dynamic_index = dynamic_index;
            dynamic_index += bl->array_size;
         }
         if (b->pImmutableSamplers && b->descriptorCount &&
             (bl->type == VK_DESCRIPTOR_TYPE_SAMPLER ||
              bl->type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)) {
            struct kx_sampler_desc *s = &samplers[sampler_index];
            for (uint32_t e = 0; e < b->descriptorCount; e++)
               s[e] = nvk_sampler_from_handle(b->pImmutableSamplers[e])->desc;
            bl->immutable_samplers = s;
            sampler_index += b->descriptorCount;
         }
      }
   }
   layout->size_B = offset_B;
   *pSetLayout = nvk_descriptor_set_layout_to_handle(layout);
   return VK_SUCCESS;
}

void
nvk_descriptor_set_layout_unref(struct nvk_descriptor_set_layout *layout)
{
   if (__atomic_sub_fetch(&layout->ref_count, 1, __ATOMIC_ACQ_REL) != 0)
      return;
   const VkAllocationCallbacks alloc = layout->alloc;
   vk_object_base_finish(&layout->base);
   vk_free(&alloc, layout);
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyDescriptorSetLayout(VkDevice device, VkDescriptorSetLayout descriptorSetLayout,
                               const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_descriptor_set_layout, layout, descriptorSetLayout);
   if (layout)
      nvk_descriptor_set_layout_unref(layout);
}

void
nvk_descriptor_set_layout_init_set(const struct nvk_descriptor_set_layout *layout,
                                   uint8_t *set_mem)
{
   memset(set_mem, 0, layout->size_B);
   for (uint32_t b = 0; b < layout->binding_count; b++) {
      const struct nvk_descriptor_set_binding_layout *bl = &layout->bindings[b];
      if (!bl->immutable_samplers)
         continue;
      for (uint32_t e = 0; e < bl->array_size; e++) {
         uint8_t *d = set_mem + bl->offset_B + e * bl->stride_B;
         const struct nvk_sampler_descriptor sd = {&bl->immutable_samplers[e]};
         if (bl->type == VK_DESCRIPTOR_TYPE_SAMPLER)
            memcpy(d, &sd, sizeof(sd));
         else
            memcpy(d + offsetof(struct nvk_combined_image_sampler_descriptor, sampler), &sd,
                   sizeof(sd));
      }
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_GetDescriptorSetLayoutSupport(VkDevice _device,
                                  const VkDescriptorSetLayoutCreateInfo *pCreateInfo,
                                  VkDescriptorSetLayoutSupport *pSupport)
{
   uint32_t binding_count, immutable_count, dynamic_count;
   uint64_t size_B;
   /* What vkCreateDescriptorSetLayout would refuse: unsupported types, sets
    * larger than we address, more descriptors than maxPerSetDescriptors. */
   bool ok = layout_sizes(pCreateInfo, &binding_count, &immutable_count, &size_B,
                          &dynamic_count) &&
             size_B <= UINT32_MAX && dynamic_count <= NVK_MAX_DYNAMIC_BUFFERS;
   uint64_t descriptors = 0;
   for (uint32_t i = 0; i < pCreateInfo->bindingCount; i++)
      descriptors += pCreateInfo->pBindings[i].descriptorCount;
   ok = ok && descriptors <= NVK_MAX_DESCRIPTORS;
   pSupport->supported = ok;
}
