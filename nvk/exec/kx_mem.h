/* SPDX-License-Identifier: MIT */
/*
 * Device memory access for the interpreter: the one-entry TLB in front of
 * the dispatch's MMU callback, the null page, faults, atomics.
 */
#ifndef KX_MEM_H
#define KX_MEM_H

#include <stdint.h>

#include "kx_program.h"

/* Records the dispatch's first fault; the executor stops taking work. */
void kx_thread_fault(struct kx_thread *t, const char *fmt, ...) PRINTFLIKE(2, 3);

/* Slow paths: translate (refilling the TLB), the null page, faults. */
const uint8_t *kx_mem_read_slow(struct kx_thread *t, uint64_t va, uint64_t size_B);
uint8_t *kx_mem_write_slow(struct kx_thread *t, uint64_t va, uint64_t size_B);

/* Host pointer to read/write size_B bytes at va; NULL after a fault. The
 * null page reads as zeros and swallows writes. */
/* Host pointer for [va, va + size_B) if it is mapped (one memory object),
 * else NULL, without recording a fault (for fast paths that fall back to
 * per-lane accesses). */
uint8_t *kx_mem_try_map(struct kx_thread *t, uint64_t va, uint64_t size_B);

/* The TLB entry holding [va, va + size_B), or -1. */
static inline int
kx_tlb_find(const struct kx_thread *t, uint64_t va, uint64_t size_B)
{
   const uint64_t end = va + size_B;
   if (unlikely(end < va))
      return -1;
   for (int i = 0; i < KX_TLB_ENTRIES; i++) {
      if (va >= t->tlb[i].va && end <= t->tlb[i].end)
         return i;
   }
   return -1;
}

static inline const uint8_t *
kx_mem_read(struct kx_thread *t, uint64_t va, uint64_t size_B)
{
   const int i = kx_tlb_find(t, va, size_B);
   if (likely(i >= 0))
      return t->tlb[i].host + (va - t->tlb[i].va);
   return kx_mem_read_slow(t, va, size_B);
}

static inline uint8_t *
kx_mem_write(struct kx_thread *t, uint64_t va, uint64_t size_B)
{
   const int i = kx_tlb_find(t, va, size_B);
   if (likely(i >= 0))
      return t->tlb[i].host + (va - t->tlb[i].va);
   return kx_mem_write_slow(t, va, size_B);
}

/* An atomic read-modify-write of a 32- or 64-bit value; returns the old
 * value. `op` is a nir_atomic_op; data2 is the new value of a
 * compare-exchange (data the comparand). */
uint64_t kx_atomic(uint8_t *p, unsigned bits, unsigned op, uint64_t data, uint64_t data2);

/* Subgroup reductions: the op's identity and one step, as the constant
 * folder computes it. Values are raw bits of `bits` size. */
uint64_t kx_reduction_identity(unsigned nir_op, unsigned bits);
uint64_t kx_reduction_apply(unsigned nir_op, unsigned bits, uint64_t a, uint64_t b,
                            uint32_t float_controls);

#endif /* KX_MEM_H */
