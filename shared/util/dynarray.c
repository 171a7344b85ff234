/* SPDX-License-Identifier: MIT */
#include "dynarray.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"

void
dynarray_init(struct dynarray *d, struct arena *arena)
{
   memset(d, 0, sizeof(*d));
   d->arena = arena;
}

void
dynarray_finish(struct dynarray *d)
{
   if (!d->arena)
      free(d->data);
   d->data = NULL;
   d->size_B = d->capacity_B = 0;
}

bool
dynarray_reserve_bytes(struct dynarray *d, size_t capacity_B)
{
   if (capacity_B <= d->capacity_B)
      return true;
   size_t new_cap_B = d->capacity_B ? d->capacity_B : 64;
   while (new_cap_B < capacity_B) {
      if (new_cap_B > SIZE_MAX / 2)
         return false;
      new_cap_B *= 2;
   }
   void *data;
   if (d->arena)
      data = arena_realloc(d->arena, d->data, d->size_B, new_cap_B);
   else
      data = realloc(d->data, new_cap_B);
   if (!data)
      return false;
   d->data = data;
   d->capacity_B = new_cap_B;
   return true;
}

void *
dynarray_grow_bytes(struct dynarray *d, size_t n_B)
{
   size_t new_size_B;
   if (__builtin_add_overflow(d->size_B, n_B, &new_size_B))
      return NULL;
   if (!dynarray_reserve_bytes(d, new_size_B))
      return NULL;
   void *p = (char *)d->data + d->size_B;
   d->size_B = new_size_B;
   return p;
}

bool
dynarray_resize_bytes(struct dynarray *d, size_t size_B)
{
   if (!dynarray_reserve_bytes(d, size_B))
      return false;
   if (size_B > d->size_B)
      memset((char *)d->data + d->size_B, 0, size_B - d->size_B);
   d->size_B = size_B;
   return true;
}
