/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the generated constant folders (nir_constant_fold.c). Each
 * gives an operation a defined result for every input, because a
 * compiler folding untrusted shaders must never execute C undefined
 * behaviour: integer division by zero, INT_MIN / -1, over-wide shifts and
 * out-of-range float->int conversions all land here.
 */
#ifndef NIR_FOLD_HELPERS_H
#define NIR_FOLD_HELPERS_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "nir/nir.h"
#include "util/half_float.h"

static inline uint16_t
fold_float_to_half(float f, unsigned float_controls)
{
   if (float_controls & NIR_FLOAT_CONTROLS_ROUNDING_RTZ_FP16)
      return util_float_to_half_rtz(f);
   return util_float_to_half(f);
}

static inline double
fold_fsat(double x)
{
   /* NaN -> 0: fmax returns the non-NaN operand. */
   return fmin(fmax(x, 0.0), 1.0);
}

static inline float
fold_quantize_f16(float x)
{
   const float r = util_half_to_float(util_float_to_half(x));
   /* OpQuantizeToF16 flushes float16 denormals to (signed) zero. */
   if (r != 0.0f && fabsf(r) < 6.103515625e-05f)
      return copysignf(0.0f, r);
   return r;
}

static inline double
fold_frexp_sig(double x)
{
   int e;
   if (isnan(x) || isinf(x))
      return x;
   return frexp(x, &e);
}

static inline int32_t
fold_frexp_exp(double x)
{
   int e = 0;
   if (isnan(x) || isinf(x))
      return 0;
   frexp(x, &e);
   return e;
}

static inline double
fold_ldexp(double x, int32_t e)
{
   /* Clamp so the int argument is sane; the result saturates anyway. */
   if (e > 4096)
      e = 4096;
   if (e < -4096)
      e = -4096;
   return ldexp(x, e);
}

static inline int64_t
fold_idiv(int64_t a, int64_t b)
{
   if (b == 0)
      return 0;
   if (b == -1)
      return (int64_t)(0 - (uint64_t)a);
   return a / b;
}

static inline int64_t
fold_irem(int64_t a, int64_t b)
{
   if (b == 0 || b == -1)
      return 0;
   return a % b;
}

static inline int64_t
fold_imod(int64_t a, int64_t b)
{
   if (b == 0 || b == -1)
      return 0;
   const int64_t r = a % b;
   return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

static inline uint64_t
fold_mask(unsigned bits)
{
   return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

static inline int64_t
fold_sext(uint64_t v, unsigned bits)
{
   if (bits >= 64)
      return (int64_t)v;
   const uint64_t sign = 1ull << (bits - 1);
   v &= fold_mask(bits);
   return (int64_t)((v ^ sign) - sign);
}

static inline int64_t
fold_imul_high(int64_t a, int64_t b, unsigned bits)
{
   const __int128 p = (__int128)a * (__int128)b;
   return (int64_t)(p >> bits);
}

static inline uint64_t
fold_umul_high(uint64_t a, uint64_t b, unsigned bits)
{
   const unsigned __int128 p = (unsigned __int128)a * (unsigned __int128)b;
   return (uint64_t)(p >> bits);
}

static inline uint64_t
fold_uadd_carry(uint64_t a, uint64_t b, unsigned bits)
{
   return ((a + b) & fold_mask(bits)) < a;
}

static inline int64_t
fold_iadd_sat(int64_t a, int64_t b, unsigned bits)
{
   const int64_t max = (int64_t)(fold_mask(bits) >> 1), min = -max - 1;
   int64_t r;
   if (__builtin_add_overflow(a, b, &r))
      return a < 0 ? min : max;
   return r > max ? max : (r < min ? min : r);
}

static inline int64_t
fold_isub_sat(int64_t a, int64_t b, unsigned bits)
{
   const int64_t max = (int64_t)(fold_mask(bits) >> 1), min = -max - 1;
   int64_t r;
   if (__builtin_sub_overflow(a, b, &r))
      return a < 0 ? min : max;
   return r > max ? max : (r < min ? min : r);
}

static inline uint64_t
fold_uadd_sat(uint64_t a, uint64_t b, unsigned bits)
{
   const uint64_t r = a + b;
   if (r < a || r > fold_mask(bits))
      return fold_mask(bits);
   return r;
}

/* SPV_INTEL_shader_integer_functions2 (revision 2): the exact |a - b| of
 * two values sign-extended to 64 bits fits in 64 unsigned bits. */
static inline uint64_t
fold_uabs_isub(int64_t a, int64_t b)
{
   return a > b ? (uint64_t)a - (uint64_t)b : (uint64_t)b - (uint64_t)a;
}

/* (a + b + round) >> 1 in 65-bit precision, arithmetic shift. */
static inline int64_t
fold_ihadd(int64_t a, int64_t b, unsigned round)
{
   return (int64_t)(((__int128)a + (__int128)b + round) >> 1);
}

static inline uint64_t
fold_uhadd(uint64_t a, uint64_t b, unsigned round)
{
   return (uint64_t)(((unsigned __int128)a + b + round) >> 1);
}

static inline uint64_t
fold_uclz(uint64_t v, unsigned bits)
{
   v &= fold_mask(bits);
   return v ? (uint64_t)__builtin_clzll(v) - (64 - bits) : bits;
}

static inline uint64_t
fold_uctz(uint64_t v, unsigned bits)
{
   v &= fold_mask(bits);
   return v ? (uint64_t)__builtin_ctzll(v) : bits;
}

/* SPIR-V leaves offset + count > bit size undefined: we clamp to the value. */
static inline uint64_t
fold_bitfield_insert(uint64_t base, uint64_t insert, int32_t offset, int32_t count,
                     unsigned bits)
{
   if (count <= 0 || offset < 0 || (unsigned)offset >= bits)
      return base;
   if ((unsigned)count > bits - (unsigned)offset)
      count = (int32_t)(bits - (unsigned)offset);
   const uint64_t mask = fold_mask((unsigned)count) << offset;
   return (base & ~mask) | ((insert << offset) & mask);
}

static inline uint64_t
fold_ubitfield_extract(uint64_t v, int32_t offset, int32_t count, unsigned bits)
{
   if (count <= 0 || offset < 0 || (unsigned)offset >= bits)
      return 0;
   if ((unsigned)count > bits - (unsigned)offset)
      count = (int32_t)(bits - (unsigned)offset);
   return (v >> offset) & fold_mask((unsigned)count);
}

static inline int64_t
fold_ibitfield_extract(int64_t v, int32_t offset, int32_t count, unsigned bits)
{
   if (count <= 0 || offset < 0 || (unsigned)offset >= bits)
      return 0;
   if ((unsigned)count > bits - (unsigned)offset)
      count = (int32_t)(bits - (unsigned)offset);
   return fold_sext(((uint64_t)v >> offset) & fold_mask((unsigned)count),
                    (unsigned)count);
}

static inline uint64_t
fold_bitfield_reverse(uint64_t v, unsigned bits)
{
   uint64_t r = 0;
   for (unsigned i = 0; i < bits; i++)
      if (v & (1ull << i))
         r |= 1ull << (bits - 1 - i);
   return r;
}

static inline int32_t
fold_find_lsb(int64_t v, unsigned bits)
{
   const uint64_t u = (uint64_t)v & fold_mask(bits);
   return u ? __builtin_ctzll(u) : -1;
}

static inline int32_t
fold_ufind_msb(uint64_t v, unsigned bits)
{
   const uint64_t u = v & fold_mask(bits);
   return u ? 63 - __builtin_clzll(u) : -1;
}

static inline int32_t
fold_ifind_msb(int64_t v, unsigned bits)
{
   const uint64_t u = (uint64_t)(v < 0 ? ~v : v) & fold_mask(bits);
   return u ? 63 - __builtin_clzll(u) : -1;
}

/* Float -> int saturates; NaN gives 0. */
static inline int64_t
fold_f2i(double x, unsigned bits)
{
   if (isnan(x))
      return 0;
   const double max = bits >= 64 ? 9223372036854775807.0 : (double)(fold_mask(bits) >> 1);
   const double min = -max - 1.0;
   if (x >= max)
      return bits >= 64 ? INT64_MAX : (int64_t)(fold_mask(bits) >> 1);
   if (x <= min)
      return bits >= 64 ? INT64_MIN : -(int64_t)(fold_mask(bits) >> 1) - 1;
   return (int64_t)x;
}

static inline uint64_t
fold_f2u(double x, unsigned bits)
{
   if (isnan(x) || x <= 0.0)
      return 0;
   if (x >= (bits >= 64 ? 18446744073709551615.0 : (double)fold_mask(bits)))
      return fold_mask(bits);
   return (uint64_t)x;
}

static inline float
fold_double_to_float_rtz(double d)
{
   float f = (float)d;
   if (!isnan(d) && fabs((double)f) > fabs(d))
      f = nextafterf(f, 0.0f);
   return f;
}

static inline uint32_t
fold_pack_snorm16(float x)
{
   const float c = fminf(fmaxf(x, -1.0f), 1.0f);
   return (uint32_t)(uint16_t)(int16_t)rintf(c * 32767.0f);
}

static inline uint32_t
fold_pack_unorm16(float x)
{
   const float c = fminf(fmaxf(x, 0.0f), 1.0f);
   return (uint32_t)(uint16_t)rintf(c * 65535.0f);
}

static inline uint32_t
fold_pack_snorm8(float x)
{
   const float c = fminf(fmaxf(x, -1.0f), 1.0f);
   return (uint32_t)(uint8_t)(int8_t)rintf(c * 127.0f);
}

static inline uint32_t
fold_pack_unorm8(float x)
{
   const float c = fminf(fmaxf(x, 0.0f), 1.0f);
   return (uint32_t)(uint8_t)rintf(c * 255.0f);
}

static inline float
fold_unpack_snorm16(uint32_t v)
{
   return fminf(fmaxf((float)(int16_t)(uint16_t)v / 32767.0f, -1.0f), 1.0f);
}

static inline float
fold_unpack_snorm8(uint32_t v)
{
   return fminf(fmaxf((float)(int8_t)(uint8_t)v / 127.0f, -1.0f), 1.0f);
}

#endif /* NIR_FOLD_HELPERS_H */
