/* SPDX-License-Identifier: MIT */
#include "nvk_descriptor_set.h"
#include "nvk_host_budget.h"

#include <string.h>

#include "nvk_buffer.h"
#include "nvk_buffer_view.h"
#include "nvk_descriptor_set_layout.h"
#include "nvk_device.h"
#include "nvk_image_view.h"
#include "nvk_sampler.h"
#include "vk_alloc.h"
#include "vk_log.h"
#include "vk_util.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateDescriptorPool(VkDevice _device, const VkDescriptorPoolCreateInfo *pCreateInfo,
                         const VkAllocationCallbacks *pAllocator,
                         VkDescriptorPool *pDescriptorPool)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   uint64_t size_B = 0;
   uint32_t totals[NVK_POOL_TYPE_COUNT] = {0};
   for (uint32_t i = 0; i < pCreateInfo->poolSizeCount; i++) {
      const VkDescriptorPoolSize *s = &pCreateInfo->pPoolSizes[i];
      if (!nvk_descriptor_type_supported(s->type))
         return vk_errorf(dev, VK_ERROR_UNKNOWN, "descriptor type %d not supported", s->type);
      size_B += (uint64_t)nvk_descriptor_stride_B(s->type) * s->descriptorCount;
      if (s->type == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK) {
         /* The bytes, and room for each binding's alignment (Vulkan 1.3,
          * VkDescriptorPoolInlineUniformBlockCreateInfo: "the number of
          * inline uniform block bindings to allocate"). */
         const VkDescriptorPoolInlineUniformBlockCreateInfo *ib = vk_find_struct_const(
            pCreateInfo->pNext, DESCRIPTOR_POOL_INLINE_UNIFORM_BLOCK_CREATE_INFO);
         const uint64_t bindings = ib ? ib->maxInlineUniformBlockBindings : pCreateInfo->maxSets;
         size_B += bindings * NVK_INLINE_UNIFORM_BLOCK_PAD_B;
         continue;
      }
      totals[s->type] = (uint32_t)MIN2((uint64_t)totals[s->type] + s->descriptorCount,
                                      (uint64_t)UINT32_MAX);
   }
   /* The descriptors' memory is allocated here, the sets' structs as they
    * are allocated (bounded by maxSets): both within the host budget. */
   if (!nvk_host_budget_fits(pCreateInfo->maxSets, sizeof(struct nvk_descriptor_set), size_B))
      return vk_errorf(dev, VK_ERROR_OUT_OF_HOST_MEMORY,
                       "%u sets and %llu bytes of descriptors exceed the host budget",
                       pCreateInfo->maxSets, (unsigned long long)size_B);

   const VkAllocationCallbacks *alloc = vk_alloc_choose(&dev->vk.alloc, pAllocator);
   struct nvk_descriptor_pool *pool =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*pool), VK_OBJECT_TYPE_DESCRIPTOR_POOL);
   if (!pool)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   if (size_B) {
      pool->mem = vk_alloc(alloc, size_B, 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!pool->mem) {
         vk_object_free(&dev->vk, pAllocator, pool);
         return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
      }
   }
   pool->alloc = *alloc;
   pool->flags = pCreateInfo->flags;
   pool->max_sets = pCreateInfo->maxSets;
   pool->size_B = size_B;
   memcpy(pool->type_total, totals, sizeof(totals));
   memcpy(pool->type_free, totals, sizeof(totals));
   list_inithead(&pool->sets);
   *pDescriptorPool = nvk_descriptor_pool_to_handle(pool);
   return VK_SUCCESS;
}

static void
set_destroy(struct nvk_descriptor_pool *pool, struct nvk_descriptor_set *set)
{
   const struct nvk_descriptor_set_layout *layout = set->layout;
   for (uint32_t b = 0; b < layout->binding_count; b++) {
      const struct nvk_descriptor_set_binding_layout *bl = &layout->bindings[b];
      if ((unsigned)bl->type < NVK_POOL_TYPE_COUNT)
         pool->type_free[bl->type] += bl->array_size;
   }
   pool->used_B -= set->size_B;
   pool->set_count--;
   list_del(&set->pool_link);
   nvk_descriptor_set_layout_unref(set->layout);
   vk_object_base_finish(&set->base);
   vk_free(&pool->alloc, set);
}

static void
pool_reset(struct nvk_descriptor_pool *pool)
{
   list_for_each_entry_safe(struct nvk_descriptor_set, set, &pool->sets, pool_link)
      set_destroy(pool, set);
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyDescriptorPool(VkDevice _device, VkDescriptorPool descriptorPool,
                          const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_descriptor_pool, pool, descriptorPool);
   if (!pool)
      return;
   pool_reset(pool);
   vk_free(&pool->alloc, pool->mem);
   vk_object_free(&dev->vk, pAllocator, pool);
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_ResetDescriptorPool(VkDevice device, VkDescriptorPool descriptorPool,
                        VkDescriptorPoolResetFlags flags)
{
   VK_FROM_HANDLE(nvk_descriptor_pool, pool, descriptorPool);
   pool_reset(pool);
   return VK_SUCCESS;
}

/* First fit in the address-ordered set list; *before is the set the new
 * one goes in front of (NULL: at the end). */
static bool
find_gap(struct nvk_descriptor_pool *pool, uint64_t size_B, uint64_t *offset_B,
         struct list_head **before)
{
   uint64_t cursor = 0;
   list_for_each_entry(struct nvk_descriptor_set, s, &pool->sets, pool_link) {
      if (s->offset_B - cursor >= size_B) {
         *offset_B = cursor;
         *before = &s->pool_link;
         return true;
      }
      cursor = s->offset_B + s->size_B;
   }
   if (pool->size_B - cursor >= size_B) {
      *offset_B = cursor;
      *before = &pool->sets;
      return true;
   }
   return false;
}

static VkResult
set_create(struct nvk_device *dev, struct nvk_descriptor_pool *pool,
           struct nvk_descriptor_set_layout *layout, struct nvk_descriptor_set **set_out)
{
   if (pool->set_count >= pool->max_sets)
      return vk_errorf(pool, VK_ERROR_OUT_OF_POOL_MEMORY, "all %u sets in use",
                       pool->max_sets);
   for (uint32_t b = 0; b < layout->binding_count; b++) {
      const struct nvk_descriptor_set_binding_layout *bl = &layout->bindings[b];
      if ((unsigned)bl->type < NVK_POOL_TYPE_COUNT && bl->array_size > 0) {
         /* Count what this layout needs of the type across all bindings. */
         uint64_t need = 0;
         for (uint32_t c = 0; c < layout->binding_count; c++)
            if (layout->bindings[c].type == bl->type)
               need += layout->bindings[c].array_size;
         if (need > pool->type_free[bl->type])
            return vk_errorf(pool, VK_ERROR_OUT_OF_POOL_MEMORY,
                             "%llu descriptors of type %d wanted, %u left",
                             (unsigned long long)need, bl->type, pool->type_free[bl->type]);
      }
   }
   uint64_t offset_B = 0;
   struct list_head *before = NULL;
   if (!find_gap(pool, layout->size_B, &offset_B, &before))
      return vk_errorf(pool, VK_ERROR_FRAGMENTED_POOL,
                       "%u bytes free but no %u-byte piece", (unsigned)(pool->size_B - pool->used_B),
                       layout->size_B);

   struct nvk_descriptor_set *set =
      vk_zalloc(&pool->alloc,
                sizeof(*set) + layout->dynamic_buffer_count * sizeof(set->dynamic[0]), 8,
                VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!set)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   vk_object_base_init(&dev->vk, &set->base, VK_OBJECT_TYPE_DESCRIPTOR_SET);
   set->pool = pool;
   set->layout = nvk_descriptor_set_layout_ref(layout);
   set->offset_B = offset_B;
   set->size_B = layout->size_B;
   set->mem = pool->mem + offset_B;
   set->dynamic_count = layout->dynamic_buffer_count;
   if (set->size_B)
      nvk_descriptor_set_layout_init_set(layout, set->mem);
   list_insert_before(&set->pool_link, before);
   for (uint32_t b = 0; b < layout->binding_count; b++) {
      const struct nvk_descriptor_set_binding_layout *bl = &layout->bindings[b];
      if ((unsigned)bl->type < NVK_POOL_TYPE_COUNT)
         pool->type_free[bl->type] -= bl->array_size;
   }
   pool->used_B += set->size_B;
   pool->set_count++;
   *set_out = set;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_AllocateDescriptorSets(VkDevice _device, const VkDescriptorSetAllocateInfo *pAllocateInfo,
                           VkDescriptorSet *pDescriptorSets)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_descriptor_pool, pool, pAllocateInfo->descriptorPool);
   VkResult result = VK_SUCCESS;
   uint32_t i;
   for (i = 0; i < pAllocateInfo->descriptorSetCount; i++) {
      VK_FROM_HANDLE(nvk_descriptor_set_layout, layout, pAllocateInfo->pSetLayouts[i]);
      struct nvk_descriptor_set *set = NULL;
      result = set_create(dev, pool, layout, &set);
      if (result != VK_SUCCESS)
         break;
      pDescriptorSets[i] = nvk_descriptor_set_to_handle(set);
   }
   if (result != VK_SUCCESS) {
      /* Spec: on failure, free what this call made, every handle NULL. */
      for (uint32_t j = 0; j < i; j++)
         set_destroy(pool, nvk_descriptor_set_from_handle(pDescriptorSets[j]));
      for (uint32_t j = 0; j < pAllocateInfo->descriptorSetCount; j++)
         pDescriptorSets[j] = VK_NULL_HANDLE;
   }
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_FreeDescriptorSets(VkDevice device, VkDescriptorPool descriptorPool,
                       uint32_t descriptorSetCount, const VkDescriptorSet *pDescriptorSets)
{
   VK_FROM_HANDLE(nvk_descriptor_pool, pool, descriptorPool);
   for (uint32_t i = 0; i < descriptorSetCount; i++) {
      VK_FROM_HANDLE(nvk_descriptor_set, set, pDescriptorSets[i]);
      if (set)
         set_destroy(pool, set);
   }
   return VK_SUCCESS;
}

/* ---------------------------------------------------------------------- */

static struct nvk_buffer_address
buffer_address(const VkDescriptorBufferInfo *bi)
{
   VK_FROM_HANDLE(nvk_buffer, buffer, bi->buffer);
   if (!buffer)
      return (struct nvk_buffer_address){0}; /* a null descriptor */
   const uint64_t range_B = nvk_buffer_range(buffer, bi->offset, bi->range);
   return (struct nvk_buffer_address){
      .base_addr = nvk_buffer_address(buffer, bi->offset),
      /* maxStorageBufferRange is UINT32_MAX: every valid range fits. */
      .size_B = (uint32_t)MIN2(range_B, (uint64_t)UINT32_MAX),
   };
}

void
nvk_descriptor_write(const struct nvk_descriptor_set_layout *layout, uint8_t *set_mem,
                     struct nvk_buffer_address *dynamic, uint32_t binding, uint32_t element,
                     VkDescriptorType type, const void *info)
{
   if (binding >= layout->binding_count)
      return;
   const struct nvk_descriptor_set_binding_layout *bl = &layout->bindings[binding];
   if (element >= bl->array_size)
      return;
   uint8_t *d = set_mem + bl->offset_B + element * bl->stride_B;

   switch (type) {
   case VK_DESCRIPTOR_TYPE_SAMPLER: {
      /* Immutable samplers are baked in; writes to them are ignored. */
      if (bl->immutable_samplers)
         break;
      VK_FROM_HANDLE(nvk_sampler, sampler, ((const VkDescriptorImageInfo *)info)->sampler);
      const struct nvk_sampler_descriptor sd = {sampler ? &sampler->desc : NULL};
      memcpy(d, &sd, sizeof(sd));
      break;
   }
   case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER: {
      const VkDescriptorImageInfo *ii = info;
      VK_FROM_HANDLE(nvk_image_view, view, ii->imageView);
      struct nvk_combined_image_sampler_descriptor c;
      memcpy(&c, d, sizeof(c));
      c.image.image = view ? &view->desc : NULL;
      if (!bl->immutable_samplers) {
         VK_FROM_HANDLE(nvk_sampler, sampler, ii->sampler);
         c.sampler.sampler = sampler ? &sampler->desc : NULL;
      }
      memcpy(d, &c, sizeof(c));
      break;
   }
   case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
   case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
   case VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT: {
      VK_FROM_HANDLE(nvk_image_view, view, ((const VkDescriptorImageInfo *)info)->imageView);
      const struct nvk_image_descriptor id = {view ? &view->desc : NULL};
      memcpy(d, &id, sizeof(id));
      break;
   }
   case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER: {
      VK_FROM_HANDLE(nvk_buffer_view, view, *(const VkBufferView *)info);
      const struct nvk_image_descriptor id = {view ? &view->desc : NULL};
      memcpy(d, &id, sizeof(id));
      break;
   }
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER: {
      const struct nvk_buffer_address a = buffer_address(info);
      memcpy(d, &a, sizeof(a));
      break;
   }
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC:
   case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC:
      if (dynamic)
         dynamic[bl->dynamic_index + element] = buffer_address(info);
      break;
   default:
      break;
   }
}

/* The element after (binding, element), rolling over into the next
 * non-empty binding (Vulkan 1.3, 14.2.4 "consecutive binding updates"). */
static void
advance(const struct nvk_descriptor_set_layout *layout, uint32_t *binding, uint32_t *element)
{
   (*element)++;
   while (*binding < layout->binding_count &&
          *element >= layout->bindings[*binding].array_size) {
      (*binding)++;
      *element = 0;
   }
}

/* Vulkan 1.3, VkWriteDescriptorSet: "If the descriptor binding identified
 * by dstSet and dstBinding has a descriptor type of
 * VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK then dstArrayElement specifies the
 * starting byte offset within the binding" and descriptorCount "the number
 * of bytes to update"; the bytes come from VkWriteDescriptorSetInlineUniformBlock
 * (templates: at the entry's offset). Past the binding's end they go on in
 * the next binding (consecutive binding updates). */
void
nvk_descriptor_set_write_inline(const struct nvk_descriptor_set_layout *layout,
                                uint8_t *set_mem, uint32_t binding, uint32_t offset_B,
                                uint32_t size_B, const void *data)
{
   const uint8_t *src = data;
   while (size_B && binding < layout->binding_count) {
      const struct nvk_descriptor_set_binding_layout *bl = &layout->bindings[binding];
      if (offset_B >= bl->array_size) {
         offset_B -= bl->array_size;
         binding++;
         continue;
      }
      const uint32_t n = MIN2(size_B, bl->array_size - offset_B);
      if (bl->type == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK)
         memcpy(set_mem + bl->offset_B + offset_B, src, n);
      src += n;
      size_B -= n;
      offset_B = 0;
      binding++;
   }
}

void
nvk_descriptor_set_write(const struct nvk_descriptor_set_layout *layout, uint8_t *set_mem,
                         struct nvk_buffer_address *dynamic, const VkWriteDescriptorSet *w)
{
   if (w->descriptorType == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK) {
      const VkWriteDescriptorSetInlineUniformBlock *ib =
         vk_find_struct_const(w->pNext, WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK);
      if (ib)
         nvk_descriptor_set_write_inline(layout, set_mem, w->dstBinding, w->dstArrayElement,
                                         MIN2(ib->dataSize, w->descriptorCount), ib->pData);
      return;
   }
   uint32_t binding = w->dstBinding, element = w->dstArrayElement;
   /* Start past empty bindings too (an element beyond the first binding's
    * size rolls over the same way). */
   while (binding < layout->binding_count && element >= layout->bindings[binding].array_size) {
      element -= layout->bindings[binding].array_size;
      binding++;
   }
   for (uint32_t i = 0; i < w->descriptorCount && binding < layout->binding_count; i++) {
      const void *info;
      switch (w->descriptorType) {
      case VK_DESCRIPTOR_TYPE_SAMPLER:
      case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
      case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
      case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
      case VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT:
         info = &w->pImageInfo[i];
         break;
      case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
      case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
         info = &w->pTexelBufferView[i];
         break;
      default:
         info = &w->pBufferInfo[i];
         break;
      }
      nvk_descriptor_write(layout, set_mem, dynamic, binding, element, w->descriptorType,
                           info);
      advance(layout, &binding, &element);
   }
}

static void
copy_descriptors(const VkCopyDescriptorSet *c)
{
   VK_FROM_HANDLE(nvk_descriptor_set, src, c->srcSet);
   VK_FROM_HANDLE(nvk_descriptor_set, dst, c->dstSet);
   uint32_t sb = c->srcBinding, se = c->srcArrayElement;
   uint32_t db = c->dstBinding, de = c->dstArrayElement;
   for (uint32_t i = 0; i < c->descriptorCount; i++) {
      if (sb >= src->layout->binding_count || db >= dst->layout->binding_count)
         return;
      const struct nvk_descriptor_set_binding_layout *sl = &src->layout->bindings[sb];
      const struct nvk_descriptor_set_binding_layout *dl = &dst->layout->bindings[db];
      if (se < sl->array_size && de < dl->array_size && sl->type == dl->type) {
         if (nvk_descriptor_type_is_dynamic(dl->type)) {
            dst->dynamic[dl->dynamic_index + de] = src->dynamic[sl->dynamic_index + se];
         } else {
            uint8_t *d = dst->mem + dl->offset_B + de * dl->stride_B;
            const uint8_t *s = src->mem + sl->offset_B + se * sl->stride_B;
            /* A destination's immutable sampler stays: copy only the image. */
            if (dl->immutable_samplers &&
                dl->type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)
               memmove(d, s, sizeof(struct nvk_image_descriptor));
            else if (!(dl->immutable_samplers && dl->type == VK_DESCRIPTOR_TYPE_SAMPLER))
               memmove(d, s, sl->stride_B);
         }
      }
      advance(src->layout, &sb, &se);
      advance(dst->layout, &db, &de);
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_UpdateDescriptorSets(VkDevice device, uint32_t descriptorWriteCount,
                         const VkWriteDescriptorSet *pDescriptorWrites,
                         uint32_t descriptorCopyCount,
                         const VkCopyDescriptorSet *pDescriptorCopies)
{
   for (uint32_t i = 0; i < descriptorWriteCount; i++) {
      VK_FROM_HANDLE(nvk_descriptor_set, set, pDescriptorWrites[i].dstSet);
      nvk_descriptor_set_write(set->layout, set->mem, set->dynamic, &pDescriptorWrites[i]);
   }
   for (uint32_t i = 0; i < descriptorCopyCount; i++)
      copy_descriptors(&pDescriptorCopies[i]);
}
