/* SPDX-License-Identifier: MIT */
#include "util/list.h"
#include "util/test.h"

struct item {
   int v;
   struct list_head link;
};

TEST(list_order_and_removal)
{
   struct list_head head, other;
   list_inithead(&head);
   list_inithead(&other);
   CHECK(list_is_empty(&head));
   struct item items[5];
   for (int i = 0; i < 5; i++) {
      items[i].v = i;
      list_addtail(&items[i].link, &head);
   }
   CHECK_EQ(list_length(&head), 5);
   list_for_each_entry_safe(struct item, it, &head, link) {
      if (it->v % 2)
         list_del(&it->link);
   }
   int expect[] = {0, 2, 4}, n = 0;
   list_for_each_entry(struct item, it, &head, link) CHECK_EQ(it->v, expect[n++]);
   CHECK_EQ(n, 3);
   list_add(&items[1].link, &head);
   CHECK_EQ(list_first_entry(&head, struct item, link)->v, 1);
   list_insert_before(&items[3].link, &items[4].link);
   int expect2[] = {1, 0, 2, 3, 4};
   n = 0;
   list_for_each_entry(struct item, it, &head, link) CHECK_EQ(it->v, expect2[n++]);
   list_splicetail(&head, &other);
   CHECK(list_is_empty(&head));
   CHECK_EQ(list_length(&other), 5);
   CHECK_EQ(list_last_entry(&other, struct item, link)->v, 4);
   n = 5;
   list_for_each_entry_rev(struct item, it, &other, link) CHECK_EQ(it->v, expect2[--n]);
}
