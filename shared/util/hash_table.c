/* SPDX-License-Identifier: MIT */
#include "hash_table.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"

enum {
   HASH_SLOT_EMPTY = 0,
   HASH_SLOT_USED = 1,
   HASH_SLOT_DELETED = 2,
};

#define HASH_MIN_SIZE 16u

/* A 64-bit finaliser (splitmix64 style) folded to 32 bits. */
static inline uint32_t
hash_mix64(uint64_t x)
{
   x ^= x >> 30;
   x *= 0xbf58476d1ce4e5b9ull;
   x ^= x >> 27;
   x *= 0x94d049bb133111ebull;
   x ^= x >> 31;
   return (uint32_t)x ^ (uint32_t)(x >> 32);
}

uint32_t
util_hash_data(const void *data, size_t size_B)
{
   /* FNV-1a over 8-byte words, then mixed: cheap and good enough for keys. */
   const unsigned char *p = data;
   uint64_t h = 0xcbf29ce484222325ull ^ size_B;
   while (size_B >= 8) {
      uint64_t w;
      memcpy(&w, p, 8);
      h = (h ^ w) * 0x100000001b3ull;
      h ^= h >> 29;
      p += 8;
      size_B -= 8;
   }
   while (size_B--) {
      h = (h ^ *p++) * 0x100000001b3ull;
   }
   return hash_mix64(h);
}

uint32_t
util_hash_pointer(const void *key)
{
   return hash_mix64((uint64_t)(uintptr_t)key);
}

uint32_t
util_hash_u64(const void *key)
{
   return hash_mix64((uint64_t)(uintptr_t)key);
}

uint32_t
util_hash_string(const void *key)
{
   return util_hash_data(key, strlen(key));
}

bool
util_equal_pointer(const void *a, const void *b)
{
   return a == b;
}

bool
util_equal_string(const void *a, const void *b)
{
   return strcmp(a, b) == 0;
}

void
hash_table_init(struct hash_table *ht, hash_key_fn hash, hash_equal_fn equal)
{
   memset(ht, 0, sizeof(*ht));
   ht->hash = hash;
   ht->equal = equal;
}

void
hash_table_finish(struct hash_table *ht)
{
   free(ht->table);
   free(ht->state);
   ht->table = NULL;
   ht->state = NULL;
   ht->size = ht->entries = ht->deleted = 0;
}

static void
hash_table_cleanup_cb(void *data)
{
   hash_table_finish(data);
}

static struct hash_table *
hash_table_alloc(struct arena *arena, size_t struct_B)
{
   struct hash_table *ht;
   if (arena) {
      ht = arena_zalloc(arena, struct_B);
      if (!ht)
         return NULL;
      if (!arena_add_cleanup(arena, hash_table_cleanup_cb, ht))
         return NULL;
   } else {
      ht = calloc(1, struct_B);
   }
   return ht;
}

struct hash_table *
hash_table_create(struct arena *arena, hash_key_fn hash, hash_equal_fn equal)
{
   struct hash_table *ht = hash_table_alloc(arena, sizeof(*ht));
   if (ht)
      hash_table_init(ht, hash, equal);
   return ht;
}

struct hash_table *
hash_table_create_u64(struct arena *arena)
{
   return hash_table_create(arena, util_hash_u64, util_equal_pointer);
}

/* Only for tables created without an arena. */
void
hash_table_destroy(struct hash_table *ht)
{
   if (!ht)
      return;
   hash_table_finish(ht);
   free(ht);
}

static bool
hash_table_rehash(struct hash_table *ht, uint32_t new_size)
{
   struct hash_entry *table = calloc(new_size, sizeof(*table));
   uint8_t *state = calloc(new_size, 1);
   if (!table || !state) {
      free(table);
      free(state);
      return false;
   }
   const uint32_t mask = new_size - 1;
   for (uint32_t i = 0; i < ht->size; i++) {
      if (ht->state[i] != HASH_SLOT_USED)
         continue;
      uint32_t j = ht->table[i].hash & mask;
      while (state[j] == HASH_SLOT_USED)
         j = (j + 1) & mask;
      table[j] = ht->table[i];
      state[j] = HASH_SLOT_USED;
   }
   free(ht->table);
   free(ht->state);
   ht->table = table;
   ht->state = state;
   ht->size = new_size;
   ht->deleted = 0;
   return true;
}

static int64_t
hash_table_find_slot(const struct hash_table *ht, uint32_t hash, const void *key)
{
   if (ht->size == 0)
      return -1;
   const uint32_t mask = ht->size - 1;
   uint32_t i = hash & mask;
   for (uint32_t probes = 0; probes < ht->size; probes++) {
      const uint8_t st = ht->state[i];
      if (st == HASH_SLOT_EMPTY)
         return -1;
      if (st == HASH_SLOT_USED && ht->table[i].hash == hash && ht->equal(ht->table[i].key, key))
         return i;
      i = (i + 1) & mask;
   }
   return -1;
}

struct hash_entry *
hash_table_search(const struct hash_table *ht, const void *key)
{
   const int64_t slot = hash_table_find_slot(ht, ht->hash(key), key);
   return slot < 0 ? NULL : &ht->table[slot];
}

struct hash_entry *
hash_table_insert(struct hash_table *ht, const void *key, void *data)
{
   const uint32_t hash = ht->hash(key);
   const int64_t found = hash_table_find_slot(ht, hash, key);
   if (found >= 0) {
      ht->table[found].key = key;
      ht->table[found].data = data;
      return &ht->table[found];
   }

   /* Keep the load (live + tombstones) under 70%. */
   if ((uint64_t)(ht->entries + ht->deleted + 1) * 10 > (uint64_t)ht->size * 7) {
      uint32_t new_size = ht->size ? ht->size : HASH_MIN_SIZE;
      while ((uint64_t)(ht->entries + 1) * 10 > (uint64_t)new_size * 5)
         new_size *= 2;
      if (!hash_table_rehash(ht, new_size))
         return NULL;
   }

   const uint32_t mask = ht->size - 1;
   uint32_t i = hash & mask;
   while (ht->state[i] == HASH_SLOT_USED)
      i = (i + 1) & mask;
   if (ht->state[i] == HASH_SLOT_DELETED)
      ht->deleted--;
   ht->state[i] = HASH_SLOT_USED;
   ht->table[i].hash = hash;
   ht->table[i].key = key;
   ht->table[i].data = data;
   ht->entries++;
   return &ht->table[i];
}

void
hash_table_remove(struct hash_table *ht, struct hash_entry *entry)
{
   if (!entry)
      return;
   const size_t i = (size_t)(entry - ht->table);
   assert(i < ht->size && ht->state[i] == HASH_SLOT_USED);
   ht->state[i] = HASH_SLOT_DELETED;
   ht->entries--;
   ht->deleted++;
}

bool
hash_table_remove_key(struct hash_table *ht, const void *key)
{
   struct hash_entry *e = hash_table_search(ht, key);
   if (!e)
      return false;
   hash_table_remove(ht, e);
   return true;
}

void
hash_table_clear(struct hash_table *ht)
{
   if (ht->size)
      memset(ht->state, 0, ht->size);
   ht->entries = ht->deleted = 0;
}

struct hash_entry *
hash_table_next_entry(const struct hash_table *ht, struct hash_entry *entry)
{
   size_t i = entry ? (size_t)(entry - ht->table) + 1 : 0;
   for (; i < ht->size; i++) {
      if (ht->state[i] == HASH_SLOT_USED)
         return &ht->table[i];
   }
   return NULL;
}

struct set *
set_create(struct arena *arena, hash_key_fn hash, hash_equal_fn equal)
{
   struct set *set = (struct set *)hash_table_alloc(arena, sizeof(*set));
   if (set)
      hash_table_init(&set->ht, hash, equal);
   return set;
}

void
set_destroy(struct set *set)
{
   if (set)
      hash_table_destroy(&set->ht);
}

bool
set_add(struct set *set, const void *key)
{
   return hash_table_insert(&set->ht, key, NULL) != NULL;
}

bool
set_contains(const struct set *set, const void *key)
{
   return hash_table_search(&set->ht, key) != NULL;
}

bool
set_remove(struct set *set, const void *key)
{
   return hash_table_remove_key(&set->ht, key);
}
