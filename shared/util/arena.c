/* SPDX-License-Identifier: MIT */
#include "arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_ALIGN_B 16u
#define ARENA_MIN_CHUNK_B (4u * 1024u)
#define ARENA_MAX_CHUNK_B (1u * 1024u * 1024u)

/* A chunk header; the payload follows, aligned. Large allocations get a
 * chunk of their own so they never waste the tail of a bump chunk. */
struct arena_chunk {
   struct arena_chunk *next;
   size_t size_B;  /* payload capacity */
   size_t used_B;  /* bump offset */
   _Alignas(16) unsigned char data[];
};

struct arena_cleanup {
   struct arena_cleanup *next;
   void (*fn)(void *data);
   void *data;
};

struct arena {
   struct arena *parent;
   struct arena *first_child;
   struct arena *prev_sibling;
   struct arena *next_sibling;

   struct arena_chunk *chunks;       /* bump chunks, newest first */
   struct arena_chunk *large;        /* single-allocation chunks */
   struct arena_cleanup *cleanups;   /* newest first */
   size_t next_chunk_B;
   size_t allocated_B;

   /* Most recent small allocation, so realloc can grow it in place. */
   void *last_ptr;
   size_t last_size_B;
};

static int arena_fail_countdown = -1;
static int arena_alloc_fail_countdown = -1;

void
arena_test_fail_after(int n)
{
   arena_fail_countdown = n;
}

void
arena_test_fail_alloc_after(int n)
{
   arena_alloc_fail_countdown = n;
}

static void *
arena_sys_malloc(size_t size_B)
{
   if (unlikely(arena_fail_countdown >= 0)) {
      if (arena_fail_countdown == 0) {
         arena_fail_countdown = -1;
         return NULL;
      }
      arena_fail_countdown--;
   }
   return malloc(size_B);
}

static void
arena_link_child(struct arena *parent, struct arena *child)
{
   child->parent = parent;
   child->prev_sibling = NULL;
   child->next_sibling = NULL;
   if (!parent)
      return;
   child->next_sibling = parent->first_child;
   if (parent->first_child)
      parent->first_child->prev_sibling = child;
   parent->first_child = child;
}

static void
arena_unlink_child(struct arena *child)
{
   struct arena *parent = child->parent;
   if (!parent)
      return;
   if (child->prev_sibling)
      child->prev_sibling->next_sibling = child->next_sibling;
   else
      parent->first_child = child->next_sibling;
   if (child->next_sibling)
      child->next_sibling->prev_sibling = child->prev_sibling;
   child->parent = NULL;
   child->prev_sibling = child->next_sibling = NULL;
}

struct arena *
arena_create(struct arena *parent)
{
   struct arena *arena = arena_sys_malloc(sizeof(*arena));
   if (!arena)
      return NULL;
   memset(arena, 0, sizeof(*arena));
   arena->next_chunk_B = ARENA_MIN_CHUNK_B;
   arena_link_child(parent, arena);
   return arena;
}

static void
arena_free_contents(struct arena *arena)
{
   /* Cleanups first: they may look at memory owned by this arena. */
   for (struct arena_cleanup *c = arena->cleanups; c; c = c->next)
      c->fn(c->data);
   arena->cleanups = NULL;

   while (arena->first_child) {
      struct arena *child = arena->first_child;
      arena_unlink_child(child);
      arena_free_contents(child);
      free(child);
   }

   struct arena_chunk *lists[2] = {arena->chunks, arena->large};
   for (unsigned i = 0; i < 2; i++) {
      for (struct arena_chunk *c = lists[i]; c;) {
         struct arena_chunk *next = c->next;
         free(c);
         c = next;
      }
   }
   arena->chunks = arena->large = NULL;
}

void
arena_destroy(struct arena *arena)
{
   if (!arena)
      return;
   arena_unlink_child(arena);
   arena_free_contents(arena);
   free(arena);
}

void
arena_reparent(struct arena *arena, struct arena *new_parent)
{
   arena_unlink_child(arena);
   arena_link_child(new_parent, arena);
}

static struct arena_chunk *
arena_chunk_new(size_t payload_B)
{
   size_t total_B;
   if (__builtin_add_overflow(sizeof(struct arena_chunk), payload_B, &total_B))
      return NULL;
   struct arena_chunk *c = arena_sys_malloc(total_B);
   if (!c)
      return NULL;
   c->next = NULL;
   c->size_B = payload_B;
   c->used_B = 0;
   return c;
}

void *
arena_alloc(struct arena *arena, size_t size_B)
{
   if (unlikely(arena_alloc_fail_countdown >= 0)) {
      if (arena_alloc_fail_countdown == 0) {
         arena_alloc_fail_countdown = -1;
         return NULL;
      }
      arena_alloc_fail_countdown--;
   }
   if (size_B == 0)
      size_B = 1;
   if (size_B > SIZE_MAX - ARENA_ALIGN_B)
      return NULL;
   const size_t aligned_B = ALIGN_POT(size_B, (size_t)ARENA_ALIGN_B);

   /* Large: own chunk, never bump. */
   if (aligned_B > arena->next_chunk_B / 4) {
      struct arena_chunk *c = arena_chunk_new(aligned_B);
      if (!c)
         return NULL;
      c->used_B = aligned_B;
      c->next = arena->large;
      arena->large = c;
      arena->allocated_B += size_B;
      return c->data;
   }

   struct arena_chunk *c = arena->chunks;
   if (!c || c->size_B - c->used_B < aligned_B) {
      c = arena_chunk_new(arena->next_chunk_B);
      if (!c)
         return NULL;
      c->next = arena->chunks;
      arena->chunks = c;
      if (arena->next_chunk_B < ARENA_MAX_CHUNK_B)
         arena->next_chunk_B *= 2;
   }
   void *ptr = c->data + c->used_B;
   c->used_B += aligned_B;
   arena->allocated_B += size_B;
   arena->last_ptr = ptr;
   arena->last_size_B = aligned_B;
   return ptr;
}

void *
arena_zalloc(struct arena *arena, size_t size_B)
{
   void *ptr = arena_alloc(arena, size_B);
   if (ptr)
      memset(ptr, 0, size_B);
   return ptr;
}

void *
arena_alloc_array(struct arena *arena, size_t n, size_t size_B)
{
   size_t total_B;
   if (!util_mul_overflow_size(n, size_B, &total_B))
      return NULL;
   return arena_alloc(arena, total_B);
}

void *
arena_zalloc_array(struct arena *arena, size_t n, size_t size_B)
{
   size_t total_B;
   if (!util_mul_overflow_size(n, size_B, &total_B))
      return NULL;
   return arena_zalloc(arena, total_B);
}

void *
arena_realloc(struct arena *arena, void *ptr, size_t old_size_B, size_t new_size_B)
{
   if (!ptr)
      return arena_alloc(arena, new_size_B);
   if (new_size_B <= old_size_B)
      return ptr;

   /* Grow the newest small allocation in place when the chunk has room. */
   struct arena_chunk *c = arena->chunks;
   if (ptr == arena->last_ptr && c &&
       (unsigned char *)ptr + arena->last_size_B == c->data + c->used_B &&
       new_size_B <= SIZE_MAX - ARENA_ALIGN_B) {
      const size_t aligned_B = ALIGN_POT(new_size_B, (size_t)ARENA_ALIGN_B);
      const size_t start_B = (size_t)((unsigned char *)ptr - c->data);
      if (aligned_B <= c->size_B - start_B) {
         c->used_B = start_B + aligned_B;
         arena->allocated_B += new_size_B - old_size_B;
         arena->last_size_B = aligned_B;
         return ptr;
      }
   }

   void *new_ptr = arena_alloc(arena, new_size_B);
   if (!new_ptr)
      return NULL;
   memcpy(new_ptr, ptr, old_size_B);
   return new_ptr;
}

void *
arena_memdup(struct arena *arena, const void *src, size_t size_B)
{
   void *ptr = arena_alloc(arena, size_B);
   if (ptr && size_B)
      memcpy(ptr, src, size_B);
   return ptr;
}

char *
arena_strndup(struct arena *arena, const char *s, size_t max_len)
{
   if (!s)
      return NULL;
   const size_t len = strnlen(s, max_len);
   char *out = arena_alloc(arena, len + 1);
   if (!out)
      return NULL;
   memcpy(out, s, len);
   out[len] = '\0';
   return out;
}

char *
arena_strdup(struct arena *arena, const char *s)
{
   return s ? arena_memdup(arena, s, strlen(s) + 1) : NULL;
}

char *
arena_vasprintf(struct arena *arena, const char *fmt, va_list va)
{
   va_list copy;
   va_copy(copy, va);
   const int len = vsnprintf(NULL, 0, fmt, copy);
   va_end(copy);
   if (len < 0)
      return NULL;
   char *out = arena_alloc(arena, (size_t)len + 1);
   if (!out)
      return NULL;
   vsnprintf(out, (size_t)len + 1, fmt, va);
   return out;
}

char *
arena_asprintf(struct arena *arena, const char *fmt, ...)
{
   va_list va;
   va_start(va, fmt);
   char *out = arena_vasprintf(arena, fmt, va);
   va_end(va);
   return out;
}

bool
arena_add_cleanup(struct arena *arena, void (*fn)(void *data), void *data)
{
   struct arena_cleanup *c = arena_alloc(arena, sizeof(*c));
   if (!c)
      return false;
   c->fn = fn;
   c->data = data;
   c->next = arena->cleanups;
   arena->cleanups = c;
   return true;
}

size_t
arena_allocated_B(const struct arena *arena)
{
   return arena->allocated_B;
}
