/* SPDX-License-Identifier: MIT */
/* Deterministic inputs, and comparing two runs' outputs. */
#include "semantics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t
sem_seed(uint32_t set, uint32_t binding)
{
   /* Any fixed odd mix: the seed only has to differ per resource and never
    * be 0 (xorshift's fixed point). */
   return ((uint64_t)(set + 1) << 32 | (binding + 1)) * 0x9E3779B97F4A7C15ull | 1;
}

static uint64_t
next(uint64_t *s)
{
   /* xorshift64* */
   *s ^= *s >> 12;
   *s ^= *s << 25;
   *s ^= *s >> 27;
   return *s * 0x2545F4914F6CDD1Dull;
}

void
sem_fill(void *data, size_t size_B, const enum sem_word *words, uint64_t seed)
{
   uint32_t *w = data;
   uint64_t s = seed ? seed : 1;
   for (size_t i = 0; i < size_B / 4; i++) {
      const uint64_t r = next(&s);
      const enum sem_word kind = words ? words[i] : SEM_WORD_UNTYPED;
      switch (kind) {
      case SEM_WORD_FLOAT: {
         /* Multiples of 1/64 in [-8, 8): exact in every float format, away
          * from NaN and denormals, and they still make sums, products and
          * transcendental results of every kind. */
         const float f = (float)((int32_t)(r >> 40 & 1023) - 512) / 64.0f;
         memcpy(&w[i], &f, 4);
         break;
      }
      case SEM_WORD_DOUBLE_LO:
         if (i + 1 < size_B / 4) {
            const double d = (double)((int64_t)(r >> 40 & 1023) - 512) / 64.0;
            memcpy(&w[i], &d, 8);
            i++;
         }
         break;
      case SEM_WORD_INT:
         w[i] = (uint32_t)((int32_t)(r >> 40 & 0xffff) - 0x8000);
         break;
      case SEM_WORD_UINT:
         w[i] = (uint32_t)(r >> 40 & 0xffff);
         break;
      case SEM_WORD_BOOL:
         w[i] = (uint32_t)(r >> 63);
         break;
      default:
         w[i] = (uint32_t)(r >> 32);
         break;
      }
   }
}

void
sem_result_finish(struct sem_result *r)
{
   for (unsigned i = 0; i < r->output_count; i++)
      free(r->outputs[i].data);
   r->output_count = 0;
}

static bool
word_is_float(const struct sem_output *o, size_t i)
{
   if (o->words)
      return o->words[i] == SEM_WORD_FLOAT;
   return o->scalar == SEM_SCALAR_FLOAT;
}

void
sem_compare(const struct sem_result *a, const struct sem_result *b, struct sem_diff *diff)
{
   memset(diff, 0, sizeof(*diff));
   if (a->output_count != b->output_count) {
      diff->differing_words = 1;
      snprintf(diff->first, sizeof(diff->first), "%u vs %u outputs", a->output_count,
               b->output_count);
      return;
   }
   for (unsigned o = 0; o < a->output_count; o++) {
      const struct sem_output *x = &a->outputs[o], *y = &b->outputs[o];
      if (x->size_B != y->size_B) {
         if (!diff->differing_words++)
            snprintf(diff->first, sizeof(diff->first), "%s: %zu vs %zu bytes", x->name,
                     x->size_B, y->size_B);
         continue;
      }
      for (size_t i = 0; i < x->size_B / 4; i++) {
         uint32_t u, v;
         memcpy(&u, x->data + i * 4, 4);
         memcpy(&v, y->data + i * 4, 4);
         if (u == v)
            continue;
         if (word_is_float(x, i)) {
            float f, g;
            memcpy(&f, &u, 4);
            memcpy(&g, &v, 4);
            if (isnan(f) && isnan(g)) {
               diff->nan_only_words++;
               continue;
            }
            if (!diff->differing_words++)
               snprintf(diff->first, sizeof(diff->first),
                        "%s: byte %zu: %.9g (0x%08x) vs %.9g (0x%08x)", x->name, i * 4, f, u, g,
                        v);
            continue;
         }
         if (!diff->differing_words++)
            snprintf(diff->first, sizeof(diff->first), "%s: byte %zu: 0x%08x vs 0x%08x",
                     x->name, i * 4, u, v);
      }
   }
}
