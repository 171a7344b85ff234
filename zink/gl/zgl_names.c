/* SPDX-License-Identifier: MIT */
#include "zgl_names.h"

#include <stdlib.h>
#include <string.h>

char zgl_name_reserved;

static uint32_t
hash_name(const void *key)
{
   /* Names are small consecutive integers: a multiplicative hash spreads them. */
   return (uint32_t)(uintptr_t)key * 2654435761u;
}

static bool
equal_name(const void *a, const void *b)
{
   return a == b;
}

void
zgl_names_init(struct zgl_names *names)
{
   hash_table_init(&names->table, hash_name, equal_name);
   hash_table_init(&names->labels, hash_name, equal_name);
   names->next = 1;
}

void
zgl_names_finish(struct zgl_names *names)
{
   hash_table_finish(&names->table);
   hash_table_foreach(&names->labels, e)
      free(e->data);
   hash_table_finish(&names->labels);
}

bool
zgl_names_gen(struct zgl_names *names, int n, uint32_t *out)
{
   int made = 0;
   uint32_t name = names->next;
   while (made < n) {
      if (name == 0)
         name = 1; /* wrapped: every name below next may have been freed */
      if (!zgl_names_is_used(names, name)) {
         if (!hash_table_insert(&names->table, (const void *)(uintptr_t)name,
                                ZGL_NAME_RESERVED)) {
            for (int i = 0; i < made; i++)
               zgl_names_remove(names, out[i]);
            return false;
         }
         out[made++] = name;
      }
      name++;
   }
   names->next = name;
   return true;
}

void *
zgl_names_lookup(const struct zgl_names *names, uint32_t name)
{
   if (name == 0)
      return NULL;
   struct hash_entry *e = hash_table_search(&names->table, (const void *)(uintptr_t)name);
   return e ? e->data : NULL;
}

void *
zgl_names_object(const struct zgl_names *names, uint32_t name)
{
   void *object = zgl_names_lookup(names, name);
   return object == ZGL_NAME_RESERVED ? NULL : object;
}

bool
zgl_names_is_used(const struct zgl_names *names, uint32_t name)
{
   return zgl_names_lookup(names, name) != NULL;
}

bool
zgl_names_set(struct zgl_names *names, uint32_t name, void *object)
{
   return hash_table_insert(&names->table, (const void *)(uintptr_t)name, object) != NULL;
}

void
zgl_names_remove(struct zgl_names *names, uint32_t name)
{
   hash_table_remove_key(&names->table, (const void *)(uintptr_t)name);
   zgl_names_set_label(names, name, NULL, 0);
   if (name < names->next)
      names->next = name;
}

bool
zgl_names_set_label(struct zgl_names *names, uint32_t name, const char *label, size_t len)
{
   const void *key = (const void *)(uintptr_t)name;
   struct hash_entry *e = hash_table_search(&names->labels, key);
   if (!label) {
      if (e) {
         free(e->data);
         hash_table_remove(&names->labels, e);
      }
      return true;
   }
   void *old = e ? e->data : NULL; /* the insert may move the entry */
   char *copy = strndup(label, len);
   if (!copy || !hash_table_insert(&names->labels, key, copy)) {
      free(copy);
      return false;
   }
   free(old);
   return true;
}

const char *
zgl_names_label(const struct zgl_names *names, uint32_t name)
{
   struct hash_entry *e = hash_table_search(&names->labels, (const void *)(uintptr_t)name);
   return e ? e->data : NULL;
}
