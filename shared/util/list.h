/* SPDX-License-Identifier: MIT */
/*
 * Intrusive circular doubly-linked list. A list is a sentinel `struct
 * list_head`; elements embed a `struct list_head` link.
 */
#ifndef UTIL_LIST_H
#define UTIL_LIST_H

#include <stdbool.h>
#include <stddef.h>

#include "macros.h"

struct list_head {
   struct list_head *prev;
   struct list_head *next;
};

static inline void
list_inithead(struct list_head *head)
{
   head->prev = head;
   head->next = head;
}

static inline void
list_insert_after_(struct list_head *link, struct list_head *pos)
{
   link->prev = pos;
   link->next = pos->next;
   pos->next->prev = link;
   pos->next = link;
}

/* Adds link at the front of the list. */
static inline void
list_add(struct list_head *link, struct list_head *head)
{
   list_insert_after_(link, head);
}

/* Adds link at the end of the list. */
static inline void
list_addtail(struct list_head *link, struct list_head *head)
{
   list_insert_after_(link, head->prev);
}

/* Inserts link right before pos (pos may be the list head). */
static inline void
list_insert_before(struct list_head *link, struct list_head *pos)
{
   list_insert_after_(link, pos->prev);
}

static inline void
list_insert_after(struct list_head *link, struct list_head *pos)
{
   list_insert_after_(link, pos);
}

static inline void
list_del(struct list_head *link)
{
   link->prev->next = link->next;
   link->next->prev = link->prev;
   link->prev = link->next = NULL;
}

static inline bool
list_is_empty(const struct list_head *head)
{
   return head->next == head;
}

static inline bool
list_is_singular(const struct list_head *head)
{
   return !list_is_empty(head) && head->next->next == head;
}

static inline unsigned
list_length(const struct list_head *head)
{
   unsigned n = 0;
   for (const struct list_head *l = head->next; l != head; l = l->next)
      n++;
   return n;
}

/* Moves every element of src to the end of dst; src becomes empty. */
static inline void
list_splicetail(struct list_head *src, struct list_head *dst)
{
   if (list_is_empty(src))
      return;
   src->next->prev = dst->prev;
   dst->prev->next = src->next;
   src->prev->next = dst;
   dst->prev = src->prev;
   list_inithead(src);
}

#define list_entry(link, type, member) container_of(link, type, member)
#define list_first_entry(head, type, member) list_entry((head)->next, type, member)
#define list_last_entry(head, type, member) list_entry((head)->prev, type, member)

#define list_for_each_entry(type, pos, head, member)                                     \
   for (type *pos = list_entry((head)->next, type, member); &pos->member != (head);      \
        pos = list_entry(pos->member.next, type, member))

/* Safe against removal of pos. */
#define list_for_each_entry_safe(type, pos, head, member)                                \
   for (type *pos = list_entry((head)->next, type, member),                              \
             *pos##__next = list_entry(pos->member.next, type, member);                  \
        &pos->member != (head);                                                          \
        pos = pos##__next, pos##__next = list_entry(pos##__next->member.next, type, member))

#define list_for_each_entry_rev(type, pos, head, member)                                 \
   for (type *pos = list_entry((head)->prev, type, member); &pos->member != (head);      \
        pos = list_entry(pos->member.prev, type, member))

#endif /* UTIL_LIST_H */
