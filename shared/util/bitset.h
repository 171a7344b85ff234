/* SPDX-License-Identifier: MIT */
/*
 * Fixed-size bitsets stored in arrays of 32-bit words.
 */
#ifndef UTIL_BITSET_H
#define UTIL_BITSET_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef uint32_t BITSET_WORD;
#define BITSET_WORDBITS 32u
#define BITSET_WORDS(bits) (((bits) + BITSET_WORDBITS - 1) / BITSET_WORDBITS)
#define BITSET_DECLARE(name, bits) BITSET_WORD name[BITSET_WORDS(bits)]

#define BITSET_BITWORD_(b) ((b) / BITSET_WORDBITS)
#define BITSET_BIT_(b) (1u << ((b) % BITSET_WORDBITS))

#define BITSET_ZERO(x) memset(x, 0, sizeof(x))
#define BITSET_TEST(x, b) (((x)[BITSET_BITWORD_(b)] & BITSET_BIT_(b)) != 0)
#define BITSET_SET(x, b) ((x)[BITSET_BITWORD_(b)] |= BITSET_BIT_(b))
#define BITSET_CLEAR(x, b) ((x)[BITSET_BITWORD_(b)] &= ~BITSET_BIT_(b))

static inline unsigned
bitset_count(const BITSET_WORD *x, unsigned words)
{
   unsigned n = 0;
   for (unsigned i = 0; i < words; i++)
      n += __builtin_popcount(x[i]);
   return n;
}

static inline bool
bitset_is_empty(const BITSET_WORD *x, unsigned words)
{
   for (unsigned i = 0; i < words; i++)
      if (x[i])
         return false;
   return true;
}

/* Returns the first set bit at or after `start`, or `size` if none. */
static inline unsigned
bitset_next_set(const BITSET_WORD *x, unsigned start, unsigned size)
{
   while (start < size) {
      BITSET_WORD w = x[BITSET_BITWORD_(start)] >> (start % BITSET_WORDBITS);
      if (w)
         return start + __builtin_ctz(w) < size ? start + __builtin_ctz(w) : size;
      start = (BITSET_BITWORD_(start) + 1) * BITSET_WORDBITS;
   }
   return size;
}

#define BITSET_FOREACH_SET(i, x, size)                                                   \
   for (unsigned i = bitset_next_set(x, 0, size); i < (size);                            \
        i = bitset_next_set(x, i + 1, size))

#endif /* UTIL_BITSET_H */
