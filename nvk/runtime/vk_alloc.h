/* SPDX-License-Identifier: MIT */
/*
 * Host allocations through VkAllocationCallbacks.
 *
 * Every host allocation the driver makes on behalf of the application goes
 * through the callbacks with the scope the spec names (Vulkan 1.3, 11.1
 * "Host Memory"): INSTANCE for what lives as long as the instance, DEVICE for
 * the device and its internal state, OBJECT for an API object and what it
 * owns, COMMAND for temporaries that die before the command returns.
 *
 * Objects use vk_alloc2/vk_free2: the allocator given at creation if any,
 * otherwise the parent's (the spec requires the same choice at destruction).
 */
#ifndef VK_ALLOC_H
#define VK_ALLOC_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "util/macros.h"

/* malloc-backed callbacks used when the application gives none. */
const VkAllocationCallbacks *vk_default_allocator(void);

static inline void *
vk_alloc(const VkAllocationCallbacks *alloc, size_t size_B, size_t align_B,
         VkSystemAllocationScope scope)
{
   return alloc->pfnAllocation(alloc->pUserData, size_B, align_B, scope);
}

static inline void *
vk_zalloc(const VkAllocationCallbacks *alloc, size_t size_B, size_t align_B,
          VkSystemAllocationScope scope)
{
   void *p = vk_alloc(alloc, size_B, align_B, scope);
   if (p)
      memset(p, 0, size_B);
   return p;
}

static inline void *
vk_realloc(const VkAllocationCallbacks *alloc, void *ptr, size_t size_B, size_t align_B,
           VkSystemAllocationScope scope)
{
   return alloc->pfnReallocation(alloc->pUserData, ptr, size_B, align_B, scope);
}

static inline void
vk_free(const VkAllocationCallbacks *alloc, void *ptr)
{
   if (ptr)
      alloc->pfnFree(alloc->pUserData, ptr);
}

/* The allocator an object uses: its own if given, else its parent's. */
static inline const VkAllocationCallbacks *
vk_alloc_choose(const VkAllocationCallbacks *parent, const VkAllocationCallbacks *alloc)
{
   return alloc ? alloc : parent;
}

static inline void *
vk_alloc2(const VkAllocationCallbacks *parent, const VkAllocationCallbacks *alloc,
          size_t size_B, size_t align_B, VkSystemAllocationScope scope)
{
   return vk_alloc(vk_alloc_choose(parent, alloc), size_B, align_B, scope);
}

static inline void *
vk_zalloc2(const VkAllocationCallbacks *parent, const VkAllocationCallbacks *alloc,
           size_t size_B, size_t align_B, VkSystemAllocationScope scope)
{
   return vk_zalloc(vk_alloc_choose(parent, alloc), size_B, align_B, scope);
}

static inline void
vk_free2(const VkAllocationCallbacks *parent, const VkAllocationCallbacks *alloc, void *ptr)
{
   vk_free(vk_alloc_choose(parent, alloc), ptr);
}

/* n * size_B with an overflow check (NULL on overflow). */
static inline void *
vk_zalloc_array(const VkAllocationCallbacks *alloc, size_t n, size_t size_B,
                size_t align_B, VkSystemAllocationScope scope)
{
   size_t total;
   if (!util_mul_overflow_size(n, size_B, &total))
      return NULL;
   return vk_zalloc(alloc, total ? total : 1, align_B, scope);
}

char *vk_strdup(const VkAllocationCallbacks *alloc, const char *s,
                VkSystemAllocationScope scope);
char *vk_asprintf(const VkAllocationCallbacks *alloc, VkSystemAllocationScope scope,
                  const char *fmt, ...) PRINTFLIKE(3, 4);

/*
 * Several sub-allocations in one block (an object and its arrays):
 *
 *    VK_MULTIALLOC(ma);
 *    VK_MULTIALLOC_DECL(&ma, struct foo, foo, 1);
 *    VK_MULTIALLOC_DECL(&ma, uint32_t, items, n);
 *    if (!vk_multialloc_zalloc(&ma, alloc, scope)) ...
 *    ... vk_free(alloc, foo);   // the first pointer owns the block
 */
#define VK_MULTIALLOC_MAX 8
struct vk_multialloc {
   size_t size_B;
   size_t align_B;
   unsigned count;
   struct {
      void **ptr;
      size_t offset_B;
   } items[VK_MULTIALLOC_MAX];
   bool overflow;
};

#define VK_MULTIALLOC(name) struct vk_multialloc name = {0, 1, 0, {{0}}, false}

void vk_multialloc_add(struct vk_multialloc *ma, void **ptr, size_t size_B, size_t align_B,
                       size_t count);

#define VK_MULTIALLOC_DECL(ma, type, name, count)                                        \
   type *name = NULL;                                                                    \
   vk_multialloc_add(ma, (void **)&name, sizeof(type), _Alignof(type), count)

void *vk_multialloc_zalloc(struct vk_multialloc *ma, const VkAllocationCallbacks *alloc,
                           VkSystemAllocationScope scope);

#endif /* VK_ALLOC_H */
