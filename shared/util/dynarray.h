/* SPDX-License-Identifier: MIT */
/*
 * Growable arrays. Storage comes from an arena when one is given (freed with
 * it) or from malloc otherwise (freed by dynarray_finish). Growth failures
 * return NULL/false and leave the array as it was.
 */
#ifndef UTIL_DYNARRAY_H
#define UTIL_DYNARRAY_H

#include <stdbool.h>
#include <stddef.h>

#include "macros.h"

struct arena;

struct dynarray {
   struct arena *arena;
   void *data;
   size_t size_B;
   size_t capacity_B;
};

void dynarray_init(struct dynarray *d, struct arena *arena);
void dynarray_finish(struct dynarray *d);
/* Makes room for n_B more bytes and returns a pointer to them. */
void *dynarray_grow_bytes(struct dynarray *d, size_t n_B) MUST_CHECK;
bool dynarray_reserve_bytes(struct dynarray *d, size_t capacity_B) MUST_CHECK;
bool dynarray_resize_bytes(struct dynarray *d, size_t size_B) MUST_CHECK;

static inline void
dynarray_clear(struct dynarray *d)
{
   d->size_B = 0;
}

#define dynarray_grow(d, type, n) ((type *)dynarray_grow_bytes(d, sizeof(type) * (n)))
/* Evaluates to false on out-of-memory. */
#define dynarray_append(d, type, value)                                                  \
   ({                                                                                    \
      type *__slot = dynarray_grow(d, type, 1);                                          \
      if (__slot)                                                                        \
         *__slot = (value);                                                              \
      __slot != NULL;                                                                    \
   })
#define dynarray_num_elements(d, type) ((d)->size_B / sizeof(type))
#define dynarray_element(d, type, i) (&((type *)(d)->data)[i])
#define dynarray_begin(d, type) ((type *)(d)->data)
/* No arithmetic on an empty array's NULL data (undefined behaviour). */
#define dynarray_end(d, type)                                                            \
   ((type *)((d)->size_B ? (char *)(d)->data + (d)->size_B : (char *)(d)->data))
#define dynarray_foreach(d, type, elem)                                                  \
   for (type *elem = dynarray_begin(d, type); elem < dynarray_end(d, type); elem++)

#endif /* UTIL_DYNARRAY_H */
