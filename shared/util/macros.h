/* SPDX-License-Identifier: MIT */
/*
 * Small macros every layer uses. Nothing here allocates or logs.
 */
#ifndef UTIL_MACROS_H
#define UTIL_MACROS_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define MIN2(a, b) ((a) < (b) ? (a) : (b))
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define MIN3(a, b, c) MIN2(MIN2(a, b), c)
#define MAX3(a, b, c) MAX2(MAX2(a, b), c)
#define CLAMP(x, lo, hi) ((x) < (lo) ? (lo) : (x) > (hi) ? (hi) : (x))

#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
/* Aligns to a power of two. */
#define ALIGN_POT(v, pot) (((v) + (pot) - 1) & ~((__typeof__(v))(pot) - 1))
#define IS_ALIGNED(v, a) (((v) & ((a) - 1)) == 0)

#define BITFIELD_BIT(b) (1u << (b))
#define BITFIELD_MASK(b) ((b) >= 32 ? 0xffffffffu : (1u << (b)) - 1)
#define BITFIELD64_BIT(b) (1ull << (b))
#define BITFIELD64_MASK(b) ((b) >= 64 ? ~0ull : (1ull << (b)) - 1)

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#define UNUSED __attribute__((unused))
#define PRINTFLIKE(f, a) __attribute__((format(printf, f, a)))
#define NORETURN __attribute__((noreturn))
#define MUST_CHECK __attribute__((warn_unused_result))
#define PUBLIC __attribute__((visibility("default")))

#define STATIC_ASSERT(cond) _Static_assert(cond, #cond)

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

static inline bool
util_is_power_of_two(uint64_t v)
{
   return v != 0 && (v & (v - 1)) == 0;
}

/* floor(log2(v)); v must be non-zero. */
static inline unsigned
util_logbase2(uint64_t v)
{
   assert(v != 0);
   return 63 - __builtin_clzll(v);
}

/* ceil(log2(v)); 0 for v <= 1. */
static inline unsigned
util_logbase2_ceil(uint64_t v)
{
   return v <= 1 ? 0 : util_logbase2(v - 1) + 1;
}

static inline uint64_t
util_next_power_of_two(uint64_t v)
{
   return v <= 1 ? 1 : 1ull << util_logbase2_ceil(v);
}

/* Returns the index of the lowest set bit and clears it. */
static inline unsigned
u_bit_scan(uint32_t *mask)
{
   const unsigned i = __builtin_ctz(*mask);
   *mask &= *mask - 1;
   return i;
}

static inline unsigned
u_bit_scan64(uint64_t *mask)
{
   const unsigned i = __builtin_ctzll(*mask);
   *mask &= *mask - 1;
   return i;
}

#define u_foreach_bit(b, dword)                                                          \
   for (uint32_t __dword = (dword), b; ((b) = __builtin_ffs(__dword) - 1, __dword);      \
        __dword &= ~(1u << (b)))

#define u_foreach_bit64(b, dword)                                                        \
   for (uint64_t __dword = (dword), b; ((b) = __builtin_ffsll(__dword) - 1, __dword);    \
        __dword &= ~(1ull << (b)))

/* Multiplies two sizes; returns false on overflow. */
static inline bool
util_mul_overflow_size(size_t a, size_t b, size_t *out)
{
   return !__builtin_mul_overflow(a, b, out);
}

#endif /* UTIL_MACROS_H */
