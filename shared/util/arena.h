/* SPDX-License-Identifier: MIT */
/*
 * Hierarchical arenas.
 *
 * An arena owns every allocation made from it, every child arena created
 * under it, and every cleanup callback registered on it. Destroying an arena
 * releases all of that at once, which is what lets a parser that fails
 * half-way (spirv_to_nir longjmps out of arbitrarily deep code) free
 * everything without tracking individual pointers.
 *
 * Allocations are 16-byte aligned. Every allocating function returns NULL on
 * out-of-memory; nothing here aborts.
 */
#ifndef UTIL_ARENA_H
#define UTIL_ARENA_H

#include <stdarg.h>
#include <stddef.h>

#include "macros.h"

struct arena;

/* parent may be NULL; a child is destroyed with its parent. */
struct arena *arena_create(struct arena *parent) MUST_CHECK;
void arena_destroy(struct arena *arena);

/* Moves `arena` (and everything in it) under `new_parent` (NULL detaches). */
void arena_reparent(struct arena *arena, struct arena *new_parent);

void *arena_alloc(struct arena *arena, size_t size_B);
void *arena_zalloc(struct arena *arena, size_t size_B);
/* n * size_B, checked for overflow. */
void *arena_alloc_array(struct arena *arena, size_t n, size_t size_B);
void *arena_zalloc_array(struct arena *arena, size_t n, size_t size_B);
/* Grows a block previously returned by this arena. The old block stays
 * owned by the arena until it is destroyed (small blocks are not reused),
 * except that growing the most recent small allocation is done in place. */
void *arena_realloc(struct arena *arena, void *ptr, size_t old_size_B, size_t new_size_B);
void *arena_memdup(struct arena *arena, const void *src, size_t size_B);

char *arena_strdup(struct arena *arena, const char *s);
char *arena_strndup(struct arena *arena, const char *s, size_t max_len);
char *arena_asprintf(struct arena *arena, const char *fmt, ...) PRINTFLIKE(2, 3);
char *arena_vasprintf(struct arena *arena, const char *fmt, va_list va);

/* Runs fn(data) when the arena is destroyed, in reverse registration order,
 * before any memory is released. Returns false on out-of-memory (in which
 * case fn is NOT registered, and the caller still owns data). */
bool arena_add_cleanup(struct arena *arena, void (*fn)(void *data), void *data) MUST_CHECK;

/* Bytes handed out (not counting bookkeeping); children excluded. */
size_t arena_allocated_B(const struct arena *arena);

/* Test hook: the next `n` allocation attempts through any arena succeed, the
 * one after fails, then allocation works again. n < 0 disables. Not
 * thread-safe; for single-threaded unit tests of out-of-memory paths. */
void arena_test_fail_after(int n);
/* Same, counting arena_alloc() calls (every allocation, not just the
 * system mallocs behind new chunks), for finer-grained OOM tests. */
void arena_test_fail_alloc_after(int n);

#define arena_new(arena, type) ((type *)arena_zalloc(arena, sizeof(type)))
#define arena_new_array(arena, type, n) ((type *)arena_zalloc_array(arena, n, sizeof(type)))

#endif /* UTIL_ARENA_H */
