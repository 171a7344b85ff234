/* SPDX-License-Identifier: MIT */
#include "vk_alloc.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

static void *VKAPI_CALL
default_alloc(void *user, size_t size_B, size_t align_B, VkSystemAllocationScope scope)
{
   /* aligned_alloc wants a size that is a multiple of the alignment. */
   if (align_B < sizeof(void *))
      align_B = sizeof(void *);
   void *p = NULL;
   if (posix_memalign(&p, align_B, size_B ? size_B : 1) != 0)
      return NULL;
   return p;
}

static void *VKAPI_CALL
default_realloc(void *user, void *ptr, size_t size_B, size_t align_B,
                VkSystemAllocationScope scope)
{
   /* realloc keeps only malloc's alignment (16 on x86-64); the runtime never
    * reallocates anything that needs more. */
   assert(align_B <= 16);
   return realloc(ptr, size_B);
}

static void VKAPI_CALL
default_free(void *user, void *ptr)
{
   free(ptr);
}

static const VkAllocationCallbacks default_allocator = {
   .pfnAllocation = default_alloc,
   .pfnReallocation = default_realloc,
   .pfnFree = default_free,
};

const VkAllocationCallbacks *
vk_default_allocator(void)
{
   return &default_allocator;
}

char *
vk_strdup(const VkAllocationCallbacks *alloc, const char *s, VkSystemAllocationScope scope)
{
   if (!s)
      return NULL;
   const size_t len = strlen(s);
   char *d = vk_alloc(alloc, len + 1, 1, scope);
   if (d)
      memcpy(d, s, len + 1);
   return d;
}

char *
vk_asprintf(const VkAllocationCallbacks *alloc, VkSystemAllocationScope scope,
            const char *fmt, ...)
{
   va_list va, va2;
   va_start(va, fmt);
   va_copy(va2, va);
   const int len = vsnprintf(NULL, 0, fmt, va);
   va_end(va);
   char *d = len < 0 ? NULL : vk_alloc(alloc, (size_t)len + 1, 1, scope);
   if (d)
      vsnprintf(d, (size_t)len + 1, fmt, va2);
   va_end(va2);
   return d;
}

void
vk_multialloc_add(struct vk_multialloc *ma, void **ptr, size_t size_B, size_t align_B,
                  size_t count)
{
   size_t bytes;
   if (ma->count >= VK_MULTIALLOC_MAX || !util_mul_overflow_size(size_B, count, &bytes)) {
      ma->overflow = true;
      return;
   }
   const size_t offset_B = ALIGN_POT(ma->size_B, align_B);
   if (offset_B + bytes < offset_B) {
      ma->overflow = true;
      return;
   }
   ma->items[ma->count].ptr = ptr;
   ma->items[ma->count].offset_B = offset_B;
   ma->count++;
   ma->size_B = offset_B + bytes;
   ma->align_B = MAX2(ma->align_B, align_B);
}

void *
vk_multialloc_zalloc(struct vk_multialloc *ma, const VkAllocationCallbacks *alloc,
                     VkSystemAllocationScope scope)
{
   if (ma->overflow || ma->count == 0)
      return NULL;
   char *block = vk_zalloc(alloc, ma->size_B, ma->align_B, scope);
   if (!block)
      return NULL;
   for (unsigned i = 0; i < ma->count; i++)
      *ma->items[i].ptr = block + ma->items[i].offset_B;
   return block;
}
