/* SPDX-License-Identifier: MIT */
#include "kx_mem.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "nir/nir.h"
#include "util/half_float.h"

static const uint8_t kx_zero_page[128];

void
kx_thread_fault(struct kx_thread *t, const char *fmt, ...)
{
   t->faulted = true;
   struct kx_dispatch *d = t->d;
   bool expected = false;
   if (!__atomic_compare_exchange_n(&d->faulted, &expected, true, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE))
      return;
   va_list va;
   va_start(va, fmt);
   vsnprintf(d->fault, sizeof(d->fault), fmt, va);
   va_end(va);
}

/* Fills a TLB entry for [va, va + size_B); false if not mapped. */
static bool
kx_tlb_fill(struct kx_thread *t, uint64_t va, uint64_t size_B)
{
   uint64_t range_va = 0, range_end = 0;
   uint8_t *host = t->d->translate
                      ? t->d->translate(t->d->translate_data, va, size_B, &range_va, &range_end)
                      : NULL;
   if (!host || range_va > va || range_end < va + size_B)
      return false;
   const unsigned e = t->tlb_next++ % KX_TLB_ENTRIES;
   t->tlb[e].va = range_va;
   t->tlb[e].end = range_end;
   t->tlb[e].host = host - (va - range_va);
   return true;
}

uint8_t *
kx_mem_try_map(struct kx_thread *t, uint64_t va, uint64_t size_B)
{
   int i = kx_tlb_find(t, va, size_B);
   if (i < 0 && va >= KX_NULL_PAGE_SIZE_B && kx_tlb_fill(t, va, size_B))
      i = kx_tlb_find(t, va, size_B);
   return i >= 0 ? t->tlb[i].host + (va - t->tlb[i].va) : NULL;
}

static bool
kx_refill(struct kx_thread *t, uint64_t va, uint64_t size_B)
{
   if (!kx_tlb_fill(t, va, size_B)) {
      kx_thread_fault(t,
                      "shader memory fault: %llu bytes at device address 0x%llx are not in "
                      "live device memory",
                      (unsigned long long)size_B, (unsigned long long)va);
      return false;
   }
   return true;
}

const uint8_t *
kx_mem_read_slow(struct kx_thread *t, uint64_t va, uint64_t size_B)
{
   if (va < KX_NULL_PAGE_SIZE_B && size_B <= sizeof(kx_zero_page))
      return kx_zero_page;
   if (t->faulted || !kx_refill(t, va, size_B))
      return NULL;
   const int i = kx_tlb_find(t, va, size_B);
   return i >= 0 ? t->tlb[i].host + (va - t->tlb[i].va) : NULL;
}

uint8_t *
kx_mem_write_slow(struct kx_thread *t, uint64_t va, uint64_t size_B)
{
   if (va < KX_NULL_PAGE_SIZE_B && size_B <= sizeof(t->sink))
      return t->sink;
   if (t->faulted || !kx_refill(t, va, size_B))
      return NULL;
   const int i = kx_tlb_find(t, va, size_B);
   return i >= 0 ? t->tlb[i].host + (va - t->tlb[i].va) : NULL;
}

/* --- atomics ------------------------------------------------------------------ */

static inline double
as_float(uint64_t v, unsigned bits)
{
   if (bits == 64) {
      double d;
      memcpy(&d, &v, 8);
      return d;
   }
   const uint32_t u = (uint32_t)v;
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static inline uint64_t
from_float(double x, unsigned bits)
{
   if (bits == 64) {
      uint64_t v;
      memcpy(&v, &x, 8);
      return v;
   }
   const float f = (float)x;
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* New value of a read-modify-write op (integer ops in 64 bits, truncated
 * by the caller's width). */
static uint64_t
rmw(unsigned op, unsigned bits, uint64_t old, uint64_t data)
{
   const uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
   const int64_t so = bits == 64 ? (int64_t)old : (int64_t)(int32_t)old;
   const int64_t sd = bits == 64 ? (int64_t)data : (int64_t)(int32_t)data;
   old &= mask;
   data &= mask;
   switch (op) {
   case NIR_ATOMIC_OP_IADD:
      return old + data;
   case NIR_ATOMIC_OP_IMIN:
      return so < sd ? old : data;
   case NIR_ATOMIC_OP_UMIN:
      return old < data ? old : data;
   case NIR_ATOMIC_OP_IMAX:
      return so > sd ? old : data;
   case NIR_ATOMIC_OP_UMAX:
      return old > data ? old : data;
   case NIR_ATOMIC_OP_IAND:
      return old & data;
   case NIR_ATOMIC_OP_IOR:
      return old | data;
   case NIR_ATOMIC_OP_IXOR:
      return old ^ data;
   case NIR_ATOMIC_OP_XCHG:
      return data;
   case NIR_ATOMIC_OP_FADD:
      return from_float(as_float(old, bits) + as_float(data, bits), bits);
   case NIR_ATOMIC_OP_FMIN: {
      const double a = as_float(old, bits), b = as_float(data, bits);
      return from_float(isnan(b) || a < b ? a : b, bits);
   }
   case NIR_ATOMIC_OP_FMAX: {
      const double a = as_float(old, bits), b = as_float(data, bits);
      return from_float(isnan(b) || a > b ? a : b, bits);
   }
   case NIR_ATOMIC_OP_INC_WRAP:
      return old >= data ? 0 : old + 1;
   case NIR_ATOMIC_OP_DEC_WRAP:
      return (old == 0 || old > data) ? data : old - 1;
   default:
      return old;
   }
}

uint64_t
kx_atomic(uint8_t *p, unsigned bits, unsigned op, uint64_t data, uint64_t data2)
{
   if (bits == 64) {
      uint64_t *q = (uint64_t *)p;
      switch (op) {
      case NIR_ATOMIC_OP_IADD:
         return __atomic_fetch_add(q, data, __ATOMIC_SEQ_CST);
      case NIR_ATOMIC_OP_IAND:
         return __atomic_fetch_and(q, data, __ATOMIC_SEQ_CST);
      case NIR_ATOMIC_OP_IOR:
         return __atomic_fetch_or(q, data, __ATOMIC_SEQ_CST);
      case NIR_ATOMIC_OP_IXOR:
         return __atomic_fetch_xor(q, data, __ATOMIC_SEQ_CST);
      case NIR_ATOMIC_OP_XCHG:
         return __atomic_exchange_n(q, data, __ATOMIC_SEQ_CST);
      case NIR_ATOMIC_OP_CMPXCHG:
      case NIR_ATOMIC_OP_FCMPXCHG: {
         uint64_t expected = data;
         if (op == NIR_ATOMIC_OP_FCMPXCHG) {
            /* Float compare: -0 equals +0, NaN equals nothing. */
            uint64_t cur = __atomic_load_n(q, __ATOMIC_SEQ_CST);
            while (as_float(cur, 64) == as_float(data, 64)) {
               if (__atomic_compare_exchange_n(q, &cur, data2, false, __ATOMIC_SEQ_CST,
                                               __ATOMIC_SEQ_CST))
                  break;
            }
            return cur;
         }
         __atomic_compare_exchange_n(q, &expected, data2, false, __ATOMIC_SEQ_CST,
                                     __ATOMIC_SEQ_CST);
         return expected;
      }
      default: {
         uint64_t cur = __atomic_load_n(q, __ATOMIC_SEQ_CST);
         while (!__atomic_compare_exchange_n(q, &cur, rmw(op, 64, cur, data), true,
                                             __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            ;
         return cur;
      }
      }
   }

   uint32_t *q = (uint32_t *)p;
   const uint32_t d = (uint32_t)data;
   switch (op) {
   case NIR_ATOMIC_OP_IADD:
      return __atomic_fetch_add(q, d, __ATOMIC_SEQ_CST);
   case NIR_ATOMIC_OP_IAND:
      return __atomic_fetch_and(q, d, __ATOMIC_SEQ_CST);
   case NIR_ATOMIC_OP_IOR:
      return __atomic_fetch_or(q, d, __ATOMIC_SEQ_CST);
   case NIR_ATOMIC_OP_IXOR:
      return __atomic_fetch_xor(q, d, __ATOMIC_SEQ_CST);
   case NIR_ATOMIC_OP_XCHG:
      return __atomic_exchange_n(q, d, __ATOMIC_SEQ_CST);
   case NIR_ATOMIC_OP_CMPXCHG: {
      uint32_t expected = d;
      __atomic_compare_exchange_n(q, &expected, (uint32_t)data2, false, __ATOMIC_SEQ_CST,
                                  __ATOMIC_SEQ_CST);
      return expected;
   }
   case NIR_ATOMIC_OP_FCMPXCHG: {
      uint32_t cur = __atomic_load_n(q, __ATOMIC_SEQ_CST);
      while (as_float(cur, 32) == as_float(d, 32)) {
         if (__atomic_compare_exchange_n(q, &cur, (uint32_t)data2, false, __ATOMIC_SEQ_CST,
                                         __ATOMIC_SEQ_CST))
            break;
      }
      return cur;
   }
   default: {
      uint32_t cur = __atomic_load_n(q, __ATOMIC_SEQ_CST);
      while (!__atomic_compare_exchange_n(q, &cur, (uint32_t)rmw(op, 32, cur, d), true,
                                          __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
         ;
      return cur;
   }
   }
}

/* --- subgroup reductions ---------------------------------------------------------- */

static nir_const_value
to_const(uint64_t v, unsigned bits)
{
   if (bits == 1)
      return nir_const_value_for_bool(v & 1, 1);
   return nir_const_value_for_raw_uint(v, bits);
}

uint64_t
kx_reduction_identity(unsigned op, unsigned bits)
{
   const uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
   switch (op) {
   case NIR_OP_IMUL:
      return 1;
   case NIR_OP_IMIN:
      return mask >> 1;
   case NIR_OP_UMIN:
   case NIR_OP_IAND:
      return bits == 1 ? 1 : mask;
   case NIR_OP_IMAX:
      return (mask >> 1) + 1; /* the most negative value */
   case NIR_OP_FMUL:
      return bits == 16 ? util_float_to_half(1.0f) : from_float(1.0, bits);
   case NIR_OP_FMIN:
      return bits == 16 ? util_float_to_half(INFINITY) : from_float(INFINITY, bits);
   case NIR_OP_FMAX:
      return bits == 16 ? util_float_to_half(-INFINITY) : from_float(-INFINITY, bits);
   default:
      return 0; /* iadd, fadd (+0: x + 0 == x except for -0), umax, ior, ixor */
   }
}

uint64_t
kx_reduction_apply(unsigned op, unsigned bits, uint64_t a, uint64_t b,
                   uint32_t float_controls)
{
   nir_const_value ca = to_const(a, bits), cb = to_const(b, bits), r[1];
   nir_const_value *srcs[2] = {&ca, &cb};
   if (!nir_eval_const_opcode((nir_op)op, r, 1, bits, srcs, float_controls))
      return a;
   if (bits == 1)
      return r[0].b;
   return nir_const_value_as_uint(r[0], bits);
}
