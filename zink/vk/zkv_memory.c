/* SPDX-License-Identifier: MIT */
/*
 * Device memory suballocation: blocks of ZKV_MEMORY_BLOCK_B per memory type,
 * carved first-fit from a sorted free list; allocations larger than a
 * quarter block get their own VkDeviceMemory. Host-visible blocks stay
 * mapped for their whole life, so mapping a buffer costs nothing.
 */
#include <stdlib.h>

#include "zkv_private.h"

struct zkv_free_range {
   VkDeviceSize offset_B, size_B;
   struct zkv_free_range *next;
};

struct zkv_memory_block {
   VkDeviceMemory memory;
   uint32_t type_index;
   VkDeviceSize size_B;
   uint8_t *map;
   bool coherent;
   bool dedicated;
   struct zkv_free_range *free; /* sorted by offset */
   struct zkv_memory_block *next;
};

static int
choose_type(const struct zkv_screen *screen, uint32_t type_bits, VkMemoryPropertyFlags want,
            VkMemoryPropertyFlags prefer)
{
   int fallback = -1;
   for (uint32_t i = 0; i < screen->mem_props.memoryTypeCount; i++) {
      if (!(type_bits & (1u << i)))
         continue;
      const VkMemoryPropertyFlags f = screen->mem_props.memoryTypes[i].propertyFlags;
      if ((f & want) != want)
         continue;
      if ((f & prefer) == prefer)
         return (int)i;
      if (fallback < 0)
         fallback = (int)i;
   }
   return fallback;
}

static VkResult
block_create(struct zkv_screen *screen, uint32_t type_index, VkDeviceSize size_B, bool dedicated,
             struct zkv_memory_block **out)
{
   struct zkv_memory_block *b = calloc(1, sizeof(*b));
   if (!b)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   const VkMemoryAllocateInfo info = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = size_B,
      .memoryTypeIndex = type_index,
   };
   VkResult r = vkAllocateMemory(screen->dev, &info, NULL, &b->memory);
   if (r != VK_SUCCESS) {
      free(b);
      return r;
   }
   const VkMemoryPropertyFlags f = screen->mem_props.memoryTypes[type_index].propertyFlags;
   if (f & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) {
      void *map;
      r = vkMapMemory(screen->dev, b->memory, 0, VK_WHOLE_SIZE, 0, &map);
      if (r != VK_SUCCESS) {
         vkFreeMemory(screen->dev, b->memory, NULL);
         free(b);
         return r;
      }
      b->map = map;
   }
   b->coherent = f & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
   b->type_index = type_index;
   b->size_B = size_B;
   b->dedicated = dedicated;
   if (!dedicated) {
      b->free = calloc(1, sizeof(*b->free));
      if (!b->free) {
         vkFreeMemory(screen->dev, b->memory, NULL);
         free(b);
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      }
      b->free->size_B = size_B;
   }
   *out = b;
   return VK_SUCCESS;
}

static bool
block_carve(struct zkv_memory_block *b, VkDeviceSize size_B, VkDeviceSize align_B,
            VkDeviceSize *offset_B)
{
   for (struct zkv_free_range **p = &b->free; *p; p = &(*p)->next) {
      struct zkv_free_range *r = *p;
      const VkDeviceSize start = (r->offset_B + align_B - 1) / align_B * align_B;
      if (start + size_B > r->offset_B + r->size_B)
         continue;
      const VkDeviceSize end = r->offset_B + r->size_B;
      if (start > r->offset_B) {
         /* keep the head; a tail, if any, becomes a new range */
         if (start + size_B < end) {
            struct zkv_free_range *tail = malloc(sizeof(*tail));
            if (!tail)
               return false;
            *tail = (struct zkv_free_range){start + size_B, end - start - size_B, r->next};
            r->next = tail;
         }
         r->size_B = start - r->offset_B;
      } else if (start + size_B < end) {
         r->offset_B = start + size_B;
         r->size_B = end - r->offset_B;
      } else {
         *p = r->next;
         free(r);
      }
      *offset_B = start;
      return true;
   }
   return false;
}

static void
block_return(struct zkv_memory_block *b, VkDeviceSize offset_B, VkDeviceSize size_B)
{
   struct zkv_free_range *prev = NULL, *next = b->free;
   while (next && next->offset_B < offset_B) {
      prev = next;
      next = next->next;
   }
   if (prev && prev->offset_B + prev->size_B == offset_B) {
      prev->size_B += size_B;
      if (next && prev->offset_B + prev->size_B == next->offset_B) {
         prev->size_B += next->size_B;
         prev->next = next->next;
         free(next);
      }
      return;
   }
   if (next && offset_B + size_B == next->offset_B) {
      next->offset_B = offset_B;
      next->size_B += size_B;
      return;
   }
   struct zkv_free_range *r = malloc(sizeof(*r));
   if (!r)
      return; /* the range is lost until the block is freed; never a crash */
   *r = (struct zkv_free_range){offset_B, size_B, next};
   if (prev)
      prev->next = r;
   else
      b->free = r;
}

VkResult
zkv_memory_alloc(struct zkv_screen *screen, const VkMemoryRequirements *req,
                 VkMemoryPropertyFlags want, VkMemoryPropertyFlags prefer,
                 struct zkv_allocation *out)
{
   const int type = choose_type(screen, req->memoryTypeBits, want, prefer);
   if (type < 0)
      return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   struct zkv_allocator *a = &screen->allocator;
   struct zkv_memory_block *b = NULL;
   VkDeviceSize offset_B = 0;
   VkResult r = VK_SUCCESS;
   pthread_mutex_lock(&a->lock);
   if (req->size > ZKV_MEMORY_BLOCK_B / 4) {
      r = block_create(screen, (uint32_t)type, req->size, true, &b);
   } else {
      for (b = a->blocks; b; b = b->next) {
         if (!b->dedicated && b->type_index == (uint32_t)type &&
             block_carve(b, req->size, req->alignment, &offset_B))
            break;
      }
      if (!b) {
         r = block_create(screen, (uint32_t)type, ZKV_MEMORY_BLOCK_B, false, &b);
         if (r == VK_SUCCESS && !block_carve(b, req->size, req->alignment, &offset_B)) {
            r = VK_ERROR_OUT_OF_HOST_MEMORY;
            b->next = a->blocks; /* keep it: freed with the screen */
            a->blocks = b;
            b = NULL;
         }
         if (b)
            b->next = a->blocks, a->blocks = b;
      }
   }
   if (r == VK_SUCCESS && b->dedicated) {
      b->next = a->blocks;
      a->blocks = b;
   }
   pthread_mutex_unlock(&a->lock);
   if (r != VK_SUCCESS)
      return r;
   *out = (struct zkv_allocation){
      .block = b,
      .memory = b->memory,
      .offset_B = offset_B,
      .size_B = req->size,
      .map = b->map ? b->map + offset_B : NULL,
      .coherent = b->coherent,
   };
   return VK_SUCCESS;
}

void
zkv_memory_free(struct zkv_screen *screen, struct zkv_allocation *alloc)
{
   struct zkv_memory_block *b = alloc->block;
   if (!b)
      return;
   struct zkv_allocator *a = &screen->allocator;
   pthread_mutex_lock(&a->lock);
   if (b->dedicated) {
      for (struct zkv_memory_block **p = &a->blocks; *p; p = &(*p)->next) {
         if (*p == b) {
            *p = b->next;
            break;
         }
      }
      vkFreeMemory(screen->dev, b->memory, NULL);
      free(b);
   } else {
      block_return(b, alloc->offset_B, alloc->size_B);
   }
   pthread_mutex_unlock(&a->lock);
   alloc->block = NULL;
}

void
zkv_memory_finish(struct zkv_screen *screen)
{
   struct zkv_memory_block *b = screen->allocator.blocks;
   while (b) {
      struct zkv_memory_block *next = b->next;
      while (b->free) {
         struct zkv_free_range *r = b->free;
         b->free = r->next;
         free(r);
      }
      vkFreeMemory(screen->dev, b->memory, NULL);
      free(b);
      b = next;
   }
   screen->allocator.blocks = NULL;
}
