/* SPDX-License-Identifier: MIT */
#include "util/arena.h"
#include "util/hash_table.h"
#include "util/test.h"

#include <stdio.h>

TEST(hash_table_strings)
{
   struct hash_table *ht = hash_table_create(NULL, util_hash_string, util_equal_string);
   REQUIRE(ht);
   char keys[1000][16];
   for (int i = 0; i < 1000; i++) {
      snprintf(keys[i], sizeof(keys[i]), "key%d", i);
      REQUIRE(hash_table_insert(ht, keys[i], (void *)(intptr_t)(i + 1)));
   }
   CHECK_EQ(hash_table_count(ht), 1000);
   char probe[16];
   bool ok = true;
   for (int i = 0; i < 1000; i++) {
      snprintf(probe, sizeof(probe), "key%d", i); /* a different pointer, equal string */
      struct hash_entry *e = hash_table_search(ht, probe);
      ok &= e && (intptr_t)e->data == i + 1;
   }
   CHECK(ok);
   CHECK(hash_table_search(ht, "nope") == NULL);
   hash_table_destroy(ht);
}

TEST(hash_table_u64_zero_key_and_removal)
{
   struct arena *a = arena_create(NULL);
   REQUIRE(a);
   struct hash_table *ht = hash_table_create_u64(a);
   REQUIRE(ht);
   REQUIRE(hash_table_insert_u64(ht, 0, (void *)1));
   REQUIRE(hash_table_insert_u64(ht, ~0ull, (void *)2));
   CHECK(hash_table_search_u64(ht, 0) && hash_table_search_u64(ht, 0)->data == (void *)1);
   CHECK(hash_table_search_u64(ht, ~0ull)->data == (void *)2);

   /* Insert/remove churn must not lose entries behind tombstones. */
   for (uint64_t i = 1; i < 5000; i++)
      REQUIRE(hash_table_insert_u64(ht, i * 7919, (void *)(uintptr_t)i));
   for (uint64_t i = 1; i < 5000; i += 2)
      CHECK(hash_table_remove_key(ht, (void *)(uintptr_t)(i * 7919)));
   bool ok = true;
   for (uint64_t i = 1; i < 5000; i++) {
      struct hash_entry *e = hash_table_search_u64(ht, i * 7919);
      ok &= (i & 1) ? e == NULL : (e && e->data == (void *)(uintptr_t)i);
   }
   CHECK(ok);
   CHECK_EQ(hash_table_count(ht), 2 + 2499);

   unsigned seen = 0;
   hash_table_foreach(ht, e) seen++;
   CHECK_EQ(seen, hash_table_count(ht));

   /* Replacing keeps the count. */
   REQUIRE(hash_table_insert_u64(ht, 0, (void *)3));
   CHECK_EQ(hash_table_count(ht), 2 + 2499);
   CHECK(hash_table_search_u64(ht, 0)->data == (void *)3);
   arena_destroy(a); /* frees the table through the cleanup */
}

TEST(set_basic)
{
   struct set *s = set_create(NULL, util_hash_pointer, util_equal_pointer);
   REQUIRE(s);
   int x, y;
   CHECK(set_add(s, &x));
   CHECK(set_add(s, &x));
   CHECK_EQ(set_count(s), 1);
   CHECK(set_contains(s, &x));
   CHECK(!set_contains(s, &y));
   CHECK(set_remove(s, &x));
   CHECK(!set_remove(s, &x));
   CHECK_EQ(set_count(s), 0);
   set_destroy(s);
}

TEST(hash_data_distinguishes)
{
   const char a[] = "abcdefghijklmnop";
   const char b[] = "abcdefghijklmnoq";
   CHECK(util_hash_data(a, 16) != util_hash_data(b, 16));
   CHECK(util_hash_data(a, 16) == util_hash_data(a, 16));
   CHECK(util_hash_data(a, 15) != util_hash_data(a, 16));
}
