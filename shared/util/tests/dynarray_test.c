/* SPDX-License-Identifier: MIT */
#include "util/arena.h"
#include "util/dynarray.h"
#include "util/test.h"

static void
fill_and_check(struct dynarray *d)
{
   for (int i = 0; i < 10000; i++)
      REQUIRE(dynarray_append(d, int, i * 3));
   CHECK_EQ(dynarray_num_elements(d, int), 10000);
   bool ok = true;
   int i = 0;
   dynarray_foreach(d, int, v) ok &= *v == 3 * i++;
   CHECK(ok);
   CHECK_EQ(*dynarray_element(d, int, 1234), 3702);
}

TEST(dynarray_malloc_backed)
{
   struct dynarray d;
   dynarray_init(&d, NULL);
   fill_and_check(&d);
   dynarray_clear(&d);
   CHECK_EQ(dynarray_num_elements(&d, int), 0);
   dynarray_finish(&d);
}

TEST(dynarray_arena_backed)
{
   struct arena *a = arena_create(NULL);
   REQUIRE(a);
   struct dynarray d;
   dynarray_init(&d, a);
   fill_and_check(&d);
   REQUIRE(dynarray_resize_bytes(&d, 20000 * sizeof(int)));
   CHECK_EQ(*dynarray_element(&d, int, 15000), 0); /* grown space is zeroed */
   arena_destroy(a);
}
