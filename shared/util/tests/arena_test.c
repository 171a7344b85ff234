/* SPDX-License-Identifier: MIT */
#include "util/arena.h"
#include "util/test.h"

static int cleanup_order[8];
static int cleanup_count;

static void
record_cleanup(void *data)
{
   cleanup_order[cleanup_count++] = (int)(intptr_t)data;
}

TEST(arena_alloc_is_aligned_and_writable)
{
   struct arena *a = arena_create(NULL);
   REQUIRE(a);
   for (size_t size = 1; size < 5000; size = size * 3 + 1) {
      unsigned char *p = arena_alloc(a, size);
      REQUIRE(p);
      CHECK(((uintptr_t)p & 15) == 0);
      memset(p, 0xab, size);
   }
   CHECK(arena_allocated_B(a) > 0);
   arena_destroy(a);
}

TEST(arena_zalloc_zeroes)
{
   struct arena *a = arena_create(NULL);
   REQUIRE(a);
   /* Dirty some memory first so reuse of a chunk cannot hide a missing memset. */
   memset(arena_alloc(a, 64), 0xff, 64);
   unsigned char *p = arena_zalloc(a, 100000);
   REQUIRE(p);
   bool all_zero = true;
   for (size_t i = 0; i < 100000; i++)
      all_zero &= p[i] == 0;
   CHECK(all_zero);
   arena_destroy(a);
}

TEST(arena_children_freed_with_parent)
{
   struct arena *parent = arena_create(NULL);
   REQUIRE(parent);
   struct arena *child = arena_create(parent);
   struct arena *grandchild = arena_create(child);
   REQUIRE(child && grandchild);
   cleanup_count = 0;
   CHECK(arena_add_cleanup(grandchild, record_cleanup, (void *)(intptr_t)3));
   CHECK(arena_add_cleanup(child, record_cleanup, (void *)(intptr_t)2));
   CHECK(arena_add_cleanup(parent, record_cleanup, (void *)(intptr_t)1));
   CHECK(arena_add_cleanup(parent, record_cleanup, (void *)(intptr_t)0));
   arena_destroy(parent);
   /* Parent's cleanups run newest-first before children are torn down. */
   CHECK_EQ(cleanup_count, 4);
   CHECK_EQ(cleanup_order[0], 0);
   CHECK_EQ(cleanup_order[1], 1);
   CHECK_EQ(cleanup_order[2], 2);
   CHECK_EQ(cleanup_order[3], 3);
}

TEST(arena_destroy_child_early)
{
   struct arena *parent = arena_create(NULL);
   struct arena *c1 = arena_create(parent);
   struct arena *c2 = arena_create(parent);
   REQUIRE(parent && c1 && c2);
   REQUIRE(arena_alloc(c1, 10));
   arena_destroy(c1); /* must unlink from parent: parent destroy must not touch it */
   REQUIRE(arena_alloc(c2, 10));
   arena_destroy(parent);
}

TEST(arena_realloc_preserves_contents)
{
   struct arena *a = arena_create(NULL);
   REQUIRE(a);
   size_t size = 8;
   unsigned char *p = arena_alloc(a, size);
   REQUIRE(p);
   for (size_t i = 0; i < size; i++)
      p[i] = (unsigned char)i;
   while (size < 70000) {
      size_t new_size = size * 2 + 3;
      p = arena_realloc(a, p, size, new_size);
      REQUIRE(p);
      for (size_t i = size; i < new_size; i++)
         p[i] = (unsigned char)i;
      size = new_size;
   }
   bool ok = true;
   for (size_t i = 0; i < size; i++)
      ok &= p[i] == (unsigned char)i;
   CHECK(ok);
   arena_destroy(a);
}

TEST(arena_strings)
{
   struct arena *a = arena_create(NULL);
   REQUIRE(a);
   CHECK_STREQ(arena_strdup(a, "hello"), "hello");
   CHECK_STREQ(arena_strndup(a, "hello", 3), "hel");
   CHECK_STREQ(arena_asprintf(a, "%d-%s", 42, "x"), "42-x");
   CHECK(arena_strdup(a, NULL) == NULL);
   arena_destroy(a);
}

TEST(arena_overflow_and_oom)
{
   struct arena *a = arena_create(NULL);
   REQUIRE(a);
   CHECK(arena_alloc_array(a, SIZE_MAX / 2, 4) == NULL);
   CHECK(arena_alloc(a, SIZE_MAX) == NULL);

   arena_test_fail_after(0);
   CHECK(arena_alloc(a, 1 << 20) == NULL); /* large: needs a fresh chunk */
   CHECK(arena_alloc(a, 1 << 20) != NULL); /* hook disarmed after one failure */

   arena_test_fail_after(0);
   CHECK(arena_create(NULL) == NULL);
   arena_destroy(a);
}
