/* SPDX-License-Identifier: MIT */
/*
 * Open-addressing hash table (linear probing, tombstones) and a set built on
 * it. Keys are `const void *`; integer keys are stored by value with
 * hash_table_create_u64() (any value, 0 included, is a valid key).
 *
 * A table created with an arena is destroyed with that arena; entries are
 * still malloc'd so the arena never accumulates old bucket arrays.
 * Insertions return NULL on out-of-memory and leave the table unchanged.
 */
#ifndef UTIL_HASH_TABLE_H
#define UTIL_HASH_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "macros.h"

struct arena;

typedef uint32_t (*hash_key_fn)(const void *key);
typedef bool (*hash_equal_fn)(const void *a, const void *b);

struct hash_entry {
   uint32_t hash;
   const void *key;
   void *data;
};

struct hash_table {
   struct hash_entry *table;
   uint8_t *state; /* HASH_SLOT_* per bucket */
   uint32_t size;  /* buckets, a power of two (0 before first insert) */
   uint32_t entries;
   uint32_t deleted;
   hash_key_fn hash;
   hash_equal_fn equal;
};

struct hash_table *hash_table_create(struct arena *arena, hash_key_fn hash,
                                     hash_equal_fn equal) MUST_CHECK;
struct hash_table *hash_table_create_u64(struct arena *arena) MUST_CHECK;
void hash_table_destroy(struct hash_table *ht);

void hash_table_init(struct hash_table *ht, hash_key_fn hash, hash_equal_fn equal);
void hash_table_finish(struct hash_table *ht);

/* Inserts or replaces. NULL on out-of-memory. */
struct hash_entry *hash_table_insert(struct hash_table *ht, const void *key, void *data);
struct hash_entry *hash_table_search(const struct hash_table *ht, const void *key);
void hash_table_remove(struct hash_table *ht, struct hash_entry *entry);
bool hash_table_remove_key(struct hash_table *ht, const void *key);
void hash_table_clear(struct hash_table *ht);

static inline uint32_t
hash_table_count(const struct hash_table *ht)
{
   return ht->entries;
}

/* Iteration helper; returns the next live entry after `entry` (NULL starts). */
struct hash_entry *hash_table_next_entry(const struct hash_table *ht, struct hash_entry *entry);

#define hash_table_foreach(ht, entry)                                                    \
   for (struct hash_entry *entry = hash_table_next_entry(ht, NULL); entry;               \
        entry = hash_table_next_entry(ht, entry))

/* u64 keys stored by value in the key pointer. */
static inline struct hash_entry *
hash_table_insert_u64(struct hash_table *ht, uint64_t key, void *data)
{
   return hash_table_insert(ht, (const void *)(uintptr_t)key, data);
}

static inline struct hash_entry *
hash_table_search_u64(const struct hash_table *ht, uint64_t key)
{
   return hash_table_search(ht, (const void *)(uintptr_t)key);
}

/* Hash and equality helpers. */
uint32_t util_hash_data(const void *data, size_t size_B);
uint32_t util_hash_pointer(const void *key);
uint32_t util_hash_string(const void *key);
uint32_t util_hash_u64(const void *key);
bool util_equal_pointer(const void *a, const void *b);
bool util_equal_string(const void *a, const void *b);

static inline uint32_t
util_hash_combine(uint32_t seed, uint32_t v)
{
   return seed ^ (v + 0x9e3779b9u + (seed << 6) + (seed >> 2));
}

/* ------------------------------------------------------------------------ */
/* Sets: a hash table whose data is unused. */
struct set {
   struct hash_table ht;
};

struct set *set_create(struct arena *arena, hash_key_fn hash, hash_equal_fn equal) MUST_CHECK;
void set_destroy(struct set *set);
/* Returns false on out-of-memory. */
bool set_add(struct set *set, const void *key) MUST_CHECK;
bool set_contains(const struct set *set, const void *key);
bool set_remove(struct set *set, const void *key);

static inline uint32_t
set_count(const struct set *set)
{
   return set->ht.entries;
}

#define set_foreach(set, entry) hash_table_foreach(&(set)->ht, entry)

#endif /* UTIL_HASH_TABLE_H */
