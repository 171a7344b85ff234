/* SPDX-License-Identifier: MIT */
/*
 * pNext chains and the count/array query pattern.
 */
#ifndef VK_UTIL_H
#define VK_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <vulkan/vulkan_core.h>

#include "util/macros.h"

/* Walks a chain: `for each struct s in chain`. */
#define vk_foreach_struct(__s, __chain)                                                  \
   for (VkBaseOutStructure *__s = (VkBaseOutStructure *)(__chain); __s; __s = __s->pNext)

#define vk_foreach_struct_const(__s, __chain)                                            \
   for (const VkBaseInStructure *__s = (const VkBaseInStructure *)(__chain); __s;        \
        __s = __s->pNext)

static inline void *
vk_find_struct_(void *chain, VkStructureType stype)
{
   vk_foreach_struct(s, chain) {
      if (s->sType == stype)
         return s;
   }
   return NULL;
}

static inline const void *
vk_find_struct_const_(const void *chain, VkStructureType stype)
{
   vk_foreach_struct_const(s, chain) {
      if (s->sType == stype)
         return s;
   }
   return NULL;
}

/* vk_find_struct_const(pCreateInfo->pNext, SEMAPHORE_TYPE_CREATE_INFO) */
#define vk_find_struct(__chain, __STYPE) vk_find_struct_(__chain, VK_STRUCTURE_TYPE_##__STYPE)
#define vk_find_struct_const(__chain, __STYPE)                                           \
   vk_find_struct_const_(__chain, VK_STRUCTURE_TYPE_##__STYPE)

/*
 * The two-call idiom (vkEnumerate*, vkGet*Properties with a count):
 *
 *    VK_OUTARRAY_MAKE_TYPED(VkFoo, out, pFoos, pFooCount);
 *    vk_outarray_append_typed(VkFoo, &out, f) { *f = ...; }
 *    return vk_outarray_status(&out);     // VK_INCOMPLETE if it did not fit
 */
struct vk_outarray {
   void *data;
   uint32_t cap;
   uint32_t *filled_len;
   uint32_t wanted_len;
};

static inline void
vk_outarray_init(struct vk_outarray *a, void *data, uint32_t *len)
{
   a->data = data;
   a->cap = *len;
   a->filled_len = len;
   a->wanted_len = 0;
   *len = 0;
}

static inline VkResult
vk_outarray_status(const struct vk_outarray *a)
{
   return *a->filled_len < a->wanted_len ? VK_INCOMPLETE : VK_SUCCESS;
}

static inline void *
vk_outarray_next_(struct vk_outarray *a, size_t elem_size_B)
{
   a->wanted_len++;
   if (a->data == NULL) {
      /* Count query: report how many there are. */
      (*a->filled_len)++;
      return NULL;
   }
   if (*a->filled_len >= a->cap)
      return NULL;
   return (char *)a->data + elem_size_B * (*a->filled_len)++;
}

#define VK_OUTARRAY_MAKE_TYPED(type, name, data, len)                                    \
   struct vk_outarray name;                                                              \
   vk_outarray_init(&name, (type *)(data), len)

#define vk_outarray_append_typed(type, a, elem)                                          \
   for (type *elem = vk_outarray_next_(a, sizeof(type)); elem != NULL; elem = NULL)

/* strncpy that always terminates (fixed-size name fields of Vulkan structs). */
static inline void
vk_copy_str(char *dst, size_t dst_size, const char *src)
{
   size_t n = strlen(src);
   if (n >= dst_size)
      n = dst_size - 1;
   memcpy(dst, src, n);
   dst[n] = '\0';
}

#endif /* VK_UTIL_H */
