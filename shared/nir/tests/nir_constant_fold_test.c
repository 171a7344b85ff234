/* SPDX-License-Identifier: MIT */
/*
 * The generated constant folders against C reference values, including the
 * edge cases where C itself has undefined behaviour and the folder must
 * still give a defined answer (division by zero, INT_MIN / -1, shifts past
 * the bit size, out-of-range float->int).
 */
#include <float.h>
#include <math.h>

#include "nir_test_helpers.h"
#include "util/half_float.h"

static nir_const_value
cv_u(uint64_t x, unsigned bits)
{
   return nir_const_value_for_raw_uint(x, bits);
}

static nir_const_value
cv_f(double x, unsigned bits)
{
   return nir_const_value_for_float(x, bits);
}

/* Folds a per-component op on scalars; returns the raw result bits. */
static bool
fold(nir_op op, unsigned bits, unsigned n, const nir_const_value *srcs,
     nir_const_value *out)
{
   nir_const_value s[4][NIR_MAX_VEC_COMPONENTS];
   nir_const_value *sp[4];
   for (unsigned i = 0; i < n; i++) {
      s[i][0] = srcs[i];
      sp[i] = s[i];
   }
   return nir_eval_const_opcode(op, out, 1, bits, sp, 0);
}

static uint64_t
fold_u(nir_op op, unsigned bits, unsigned out_bits, uint64_t a, uint64_t b)
{
   const unsigned n = nir_op_infos[op].num_inputs;
   nir_const_value srcs[2] = {cv_u(a, bits), cv_u(b, n > 1 ? bits : bits)};
   /* Shift counts (and other sized inputs) are 32-bit. */
   for (unsigned i = 0; i < n; i++) {
      const unsigned s = nir_alu_type_get_type_size(nir_op_infos[op].input_types[i]);
      if (s)
         srcs[i] = cv_u(i ? b : a, s);
   }
   nir_const_value r;
   if (!fold(op, bits, n, srcs, &r)) {
      test_fail(__FILE__, __LINE__, "%s did not fold at %u bits", nir_op_infos[op].name,
                bits);
      return 0xdeadbeef;
   }
   return nir_const_value_as_uint(r, out_bits);
}

static int64_t
sext(uint64_t v, unsigned bits)
{
   return nir_const_value_as_int(nir_const_value_for_raw_uint(v, bits), bits);
}

static double
fold_f(nir_op op, unsigned bits, double a, double b, double c)
{
   const unsigned n = nir_op_infos[op].num_inputs;
   nir_const_value srcs[3] = {cv_f(a, bits), cv_f(b, bits), cv_f(c, bits)};
   nir_const_value r;
   if (!fold(op, bits, n, srcs, &r)) {
      test_fail(__FILE__, __LINE__, "%s did not fold", nir_op_infos[op].name);
      return NAN;
   }
   return nir_const_value_as_float(r, bits);
}

static bool
fold_cmp(nir_op op, unsigned bits, double a, double b)
{
   nir_const_value srcs[2] = {cv_f(a, bits), cv_f(b, bits)};
   nir_const_value r;
   if (!fold(op, bits, 2, srcs, &r)) {
      test_fail(__FILE__, __LINE__, "%s did not fold", nir_op_infos[op].name);
      return false;
   }
   return r.b;
}

TEST(nir_fold_float32_arithmetic)
{
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FADD, 32, 1.5, 2.25, 0), 3.75, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FSUB, 32, 1.5, 2.25, 0), -0.75, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FMUL, 32, 1.5, -4, 0), -6, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FDIV, 32, 1, 3, 0), 1.0f / 3.0f, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FFMA, 32, 2, 3, 4), 10, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FSQRT, 32, 2, 0, 0), sqrtf(2.0f), 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FRSQ, 32, 4, 0, 0), 0.5, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FRCP, 32, 4, 0, 0), 0.25, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FFLOOR, 32, -1.5, 0, 0), -2, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FCEIL, 32, -1.5, 0, 0), -1, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FTRUNC, 32, -1.5, 0, 0), -1, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FFRACT, 32, -1.25, 0, 0), 0.75, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FROUND_EVEN, 32, 2.5, 0, 0), 2, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FROUND_EVEN, 32, 3.5, 0, 0), 4, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FROUND_EVEN, 32, -2.5, 0, 0), -2, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FABS, 32, -3, 0, 0), 3, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FSIGN, 32, -3, 0, 0), -1, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FSIGN, 32, 0, 0, 0), 0, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FEXP2, 32, 3, 0, 0), 8, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FLOG2, 32, 8, 0, 0), 3, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FPOW, 32, 2, 10, 0), 1024, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FSIN, 32, 0.5, 0, 0), sinf(0.5f), 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FATAN2, 32, 1, -1, 0), atan2f(1.0f, -1.0f), 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FTANH, 32, 0.5, 0, 0), tanhf(0.5f), 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FLRP, 32, 2, 4, 0.25), 2.5, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FCLAMP, 32, 5, 0, 1), 1, 0);
   /* GLSL mod takes the divisor's sign, OpFRem the dividend's. */
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FMOD, 32, -7, 3, 0), 2, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FREM, 32, -7, 3, 0), -1, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FMIN, 32, -0.5, 2, 0), -0.5, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FMAX, 32, -0.5, 2, 0), 2, 0);
}

TEST(nir_fold_float_nan_inf)
{
   /* min/max: NaN loses; fsat: NaN -> 0. */
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FMIN, 32, NAN, 2, 0), 2, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FMAX, 32, 3, NAN, 0), 3, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FSAT, 32, NAN, 0, 0), 0, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FSAT, 32, 7, 0, 0), 1, 0);
   CHECK(isnan(fold_f(NIR_OP_FADD, 32, INFINITY, -INFINITY, 0)));
   CHECK(isinf(fold_f(NIR_OP_FDIV, 32, 1, 0, 0)));
   CHECK(isinf(fold_f(NIR_OP_FMUL, 32, 3e38, 10, 0))); /* overflow in float, not double */
   CHECK(isnan(fold_f(NIR_OP_FSQRT, 64, -1, 0, 0)));

   /* Ordered vs unordered comparisons. */
   CHECK(!fold_cmp(NIR_OP_FLT, 32, NAN, 1));
   CHECK(!fold_cmp(NIR_OP_FGE, 32, NAN, 1));
   CHECK(!fold_cmp(NIR_OP_FEQ, 32, NAN, NAN));
   CHECK(fold_cmp(NIR_OP_FNEU, 32, NAN, NAN));
   CHECK(fold_cmp(NIR_OP_FLTU, 32, NAN, 1));
   CHECK(fold_cmp(NIR_OP_FGEU, 32, 1, NAN));
   CHECK(fold_cmp(NIR_OP_FEQU, 32, NAN, 1));
   CHECK(!fold_cmp(NIR_OP_FNEO, 32, NAN, 1));
   CHECK(fold_cmp(NIR_OP_FNEO, 32, 2, 1));
   CHECK(!fold_cmp(NIR_OP_FORD, 32, 2, NAN));
   CHECK(fold_cmp(NIR_OP_FUNORD, 64, 2, NAN));
   CHECK(fold_cmp(NIR_OP_FLT, 64, -INFINITY, -DBL_MAX));
   CHECK(fold_cmp(NIR_OP_FEQ, 32, 0.0, -0.0));

   nir_const_value nan = cv_f(NAN, 32), inf = cv_f(INFINITY, 32), one = cv_f(1, 32), r;
   CHECK(fold(NIR_OP_FISNAN, 32, 1, &nan, &r) && r.b);
   CHECK(fold(NIR_OP_FISNAN, 32, 1, &one, &r) && !r.b);
   CHECK(fold(NIR_OP_FISINF, 32, 1, &inf, &r) && r.b);
   CHECK(fold(NIR_OP_FISINF, 32, 1, &nan, &r) && !r.b);
   /* f2b: NaN is not zero; -0.0 is. */
   CHECK(fold(NIR_OP_F2B1, 32, 1, &nan, &r) && r.b);
   nir_const_value negzero = cv_f(-0.0, 32);
   CHECK(fold(NIR_OP_F2B1, 32, 1, &negzero, &r) && !r.b);
}

TEST(nir_fold_float64)
{
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FADD, 64, 0.1, 0.2, 0), 0.1 + 0.2, 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FSQRT, 64, 2, 0, 0), sqrt(2.0), 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FFMA, 64, 1e16, 1e16, -1e32), fma(1e16, 1e16, -1e32), 0);
   CHECK_FLOAT_EQ(fold_f(NIR_OP_FLOG2, 64, 1024, 0, 0), 10, 0);
   /* frexp/ldexp */
   nir_const_value x = cv_f(-12.0, 64), r;
   CHECK(fold(NIR_OP_FREXP_SIG, 64, 1, &x, &r));
   CHECK_FLOAT_EQ(r.f64, -0.75, 0);
   CHECK(fold(NIR_OP_FREXP_EXP, 64, 1, &x, &r));
   CHECK_EQ(r.i32, 4);
   nir_const_value ld[2] = {cv_f(0.75, 32), cv_u(4, 32)};
   CHECK(fold(NIR_OP_LDEXP, 32, 2, ld, &r));
   CHECK_FLOAT_EQ(r.f32, 12, 0);
   /* Huge exponents saturate instead of overflowing the int argument. */
   ld[1] = cv_u((uint32_t)INT32_MAX, 32);
   CHECK(fold(NIR_OP_LDEXP, 32, 2, ld, &r));
   CHECK(isinf(r.f32));
}

TEST(nir_fold_float16)
{
   /* Values in and out are float16 bits. */
   nir_const_value srcs[2] = {cv_u(util_float_to_half(1.0f), 16),
                              cv_u(util_float_to_half(2.0f), 16)};
   nir_const_value r;
   CHECK(fold(NIR_OP_FADD, 16, 2, srcs, &r));
   CHECK_EQ(r.u16, 0x4200);    /* 3.0 */
   srcs[0] = cv_u(0x7bff, 16); /* 65504, the largest half */
   CHECK(fold(NIR_OP_FMUL, 16, 2, srcs, &r));
   CHECK_EQ(r.u16, 0x7c00); /* +inf */
   CHECK(fold(NIR_OP_FNEG, 16, 1, srcs, &r));
   CHECK_EQ(r.u16, 0xfbff);
   srcs[0] = cv_u(0x7e00, 16); /* NaN */
   CHECK(fold(NIR_OP_FISNAN, 16, 1, srcs, &r) && r.b);
   CHECK(fold(NIR_OP_F2F32, 16, 1, srcs, &r) && isnan(r.f32));

   /* Narrowing: 1 + 2^-11 lies exactly between two halves (ties to even ->
    * 1.0) and 1 + 3*2^-12 rounds up to 1 + 2^-10 but truncates to 1.0. */
   nir_const_value f = cv_f(1.0 + 3.0 / 4096.0, 32);
   CHECK(fold(NIR_OP_F2F16, 32, 1, &f, &r));
   CHECK_EQ(r.u16, 0x3c01);
   CHECK(fold(NIR_OP_F2F16_RTNE, 32, 1, &f, &r));
   CHECK_EQ(r.u16, 0x3c01);
   CHECK(fold(NIR_OP_F2F16_RTZ, 32, 1, &f, &r));
   CHECK_EQ(r.u16, 0x3c00);
   f = cv_f(1.0 + 1.0 / 2048.0, 32);
   CHECK(fold(NIR_OP_F2F16, 32, 1, &f, &r));
   CHECK_EQ(r.u16, 0x3c00);
   /* RTZ saturates instead of overflowing to infinity. */
   f = cv_f(1e6, 32);
   CHECK(fold(NIR_OP_F2F16_RTZ, 32, 1, &f, &r));
   CHECK_EQ(r.u16, 0x7bff);
   CHECK(fold(NIR_OP_F2F16, 32, 1, &f, &r));
   CHECK_EQ(r.u16, 0x7c00);
   /* fquantize2f16 flushes half denormals. */
   f = cv_f(1e-6, 32);
   CHECK(fold(NIR_OP_FQUANTIZE2F16, 32, 1, &f, &r));
   CHECK_FLOAT_EQ(r.f32, 0, 0);
   f = cv_f(1.0 + 1.0 / 4096.0, 32);
   CHECK(fold(NIR_OP_FQUANTIZE2F16, 32, 1, &f, &r));
   CHECK_FLOAT_EQ(r.f32, 1.0, 0);
   /* f64 -> f32 toward zero. */
   f = cv_f(1.0 + 1e-12, 64);
   CHECK(fold(NIR_OP_F2F32_RTZ, 64, 1, &f, &r));
   CHECK_EQ(r.u32, 0x3f800000);
   f = cv_f(-(1.0 + 1e-12), 64);
   CHECK(fold(NIR_OP_F2F32_RTZ, 64, 1, &f, &r));
   CHECK_EQ(r.u32, 0xbf800000);
}

TEST(nir_fold_integer_wrap_and_division)
{
   CHECK_EQ_U64(fold_u(NIR_OP_IADD, 32, 32, INT32_MAX, 1), 0x80000000u);
   CHECK_EQ_U64(fold_u(NIR_OP_IADD, 8, 8, 0x7f, 1), 0x80);
   CHECK_EQ_U64(fold_u(NIR_OP_IADD, 64, 64, INT64_MAX, 1), 0x8000000000000000ull);
   CHECK_EQ_U64(fold_u(NIR_OP_IMUL, 16, 16, 0xffff, 0xffff), 1);
   CHECK_EQ_U64(fold_u(NIR_OP_IMUL, 64, 64, 0x100000000ull, 0x100000000ull), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_INEG, 32, 32, 0x80000000u, 0), 0x80000000u);
   CHECK_EQ_U64(fold_u(NIR_OP_IABS, 32, 32, 0x80000000u, 0), 0x80000000u);
   CHECK_EQ_U64(fold_u(NIR_OP_ISUB, 8, 8, 0, 1), 0xff);

   /* Division by zero folds to 0; INT_MIN / -1 wraps. */
   CHECK_EQ_U64(fold_u(NIR_OP_IDIV, 32, 32, 7, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_UDIV, 32, 32, 7, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_UMOD, 16, 16, 7, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_IREM, 64, 64, 7, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_IMOD, 8, 8, 7, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_IDIV, 32, 32, 0x80000000u, 0xffffffffu), 0x80000000u);
   CHECK_EQ_U64(fold_u(NIR_OP_IDIV, 64, 64, 0x8000000000000000ull, ~0ull),
                0x8000000000000000ull);
   CHECK_EQ_U64(fold_u(NIR_OP_IREM, 64, 64, 0x8000000000000000ull, ~0ull), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_IMOD, 64, 64, 0x8000000000000000ull, ~0ull), 0);
   /* Signs: -7 rem 3 = -1 (dividend), -7 mod 3 = 2 and 7 mod -3 = -2 (divisor). */
   CHECK_EQ(sext(fold_u(NIR_OP_IREM, 32, 32, (uint32_t)-7, 3), 32), -1);
   CHECK_EQ(sext(fold_u(NIR_OP_IMOD, 32, 32, (uint32_t)-7, 3), 32), 2);
   CHECK_EQ(sext(fold_u(NIR_OP_IMOD, 32, 32, 7, (uint32_t)-3), 32), -2);
   CHECK_EQ(sext(fold_u(NIR_OP_IDIV, 16, 16, (uint16_t)-7, 2), 16), -3);
   CHECK_EQ_U64(fold_u(NIR_OP_UDIV, 8, 8, 200, 7), 28);

   CHECK_EQ(sext(fold_u(NIR_OP_IMIN, 32, 32, (uint32_t)-1, 1), 32), -1);
   CHECK_EQ_U64(fold_u(NIR_OP_UMIN, 32, 32, (uint32_t)-1, 1), 1);
   CHECK_EQ(sext(fold_u(NIR_OP_ISIGN, 64, 64, (uint64_t)-5, 0), 64), -1);
}

TEST(nir_fold_shifts_past_bit_size)
{
   /* Counts use the low log2(bit_size) bits. */
   CHECK_EQ_U64(fold_u(NIR_OP_ISHL, 32, 32, 1, 32), 1);
   CHECK_EQ_U64(fold_u(NIR_OP_ISHL, 32, 32, 1, 33), 2);
   CHECK_EQ_U64(fold_u(NIR_OP_ISHL, 8, 8, 1, 9), 2);
   CHECK_EQ_U64(fold_u(NIR_OP_ISHL, 64, 64, 1, 63), 0x8000000000000000ull);
   CHECK_EQ_U64(fold_u(NIR_OP_ISHL, 64, 64, 1, 64), 1);
   CHECK_EQ_U64(fold_u(NIR_OP_USHR, 64, 64, ~0ull, 64), ~0ull);
   CHECK_EQ_U64(fold_u(NIR_OP_USHR, 32, 32, 0x80000000u, 31), 1);
   CHECK_EQ_U64(fold_u(NIR_OP_ISHR, 32, 32, 0x80000000u, 31), 0xffffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_ISHR, 16, 16, 0x8000, 0xffffffffu), 0xffff);
   CHECK_EQ_U64(fold_u(NIR_OP_ISHL, 32, 32, 0x80000001u, 0xffffffffu), 0x80000000u);
}

TEST(nir_fold_bit_operations)
{
   nir_const_value r;
   nir_const_value ins[4] = {cv_u(0xffff0000u, 32), cv_u(0xabu, 32), cv_u(4, 32),
                             cv_u(8, 32)};
   CHECK(fold(NIR_OP_BITFIELD_INSERT, 32, 4, ins, &r));
   CHECK_EQ_U64(r.u32, 0xffff0ab0u);
   ins[3] = cv_u(0, 32); /* zero bits: base unchanged */
   CHECK(fold(NIR_OP_BITFIELD_INSERT, 32, 4, ins, &r));
   CHECK_EQ_U64(r.u32, 0xffff0000u);
   ins[2] = cv_u(28, 32); /* runs past the top: clamped, no UB */
   ins[3] = cv_u(8, 32);
   CHECK(fold(NIR_OP_BITFIELD_INSERT, 32, 4, ins, &r));
   CHECK_EQ_U64(r.u32, 0xbfff0000u);
   nir_const_value ex[3] = {cv_u(0xabcd, 32), cv_u(4, 32), cv_u(8, 32)};
   CHECK(fold(NIR_OP_UBITFIELD_EXTRACT, 32, 3, ex, &r));
   CHECK_EQ_U64(r.u32, 0xbc);
   ex[0] = cv_u(0xf0, 32);
   ex[2] = cv_u(4, 32);
   CHECK(fold(NIR_OP_IBITFIELD_EXTRACT, 32, 3, ex, &r));
   CHECK_EQ(r.i32, -1);
   ex[2] = cv_u(32, 32);
   ex[1] = cv_u(0, 32);
   CHECK(fold(NIR_OP_UBITFIELD_EXTRACT, 32, 3, ex, &r));
   CHECK_EQ_U64(r.u32, 0xf0);

   CHECK_EQ_U64(fold_u(NIR_OP_BITFIELD_REVERSE, 32, 32, 1, 0), 0x80000000u);
   CHECK_EQ_U64(fold_u(NIR_OP_BITFIELD_REVERSE, 8, 8, 0x01, 0), 0x80);
   CHECK_EQ_U64(fold_u(NIR_OP_BIT_COUNT, 64, 32, ~0ull, 0), 64);
   CHECK_EQ_U64(fold_u(NIR_OP_BIT_COUNT, 16, 32, 0x8001, 0), 2);
   CHECK_EQ(sext(fold_u(NIR_OP_FIND_LSB, 32, 32, 0, 0), 32), -1);
   CHECK_EQ(sext(fold_u(NIR_OP_FIND_LSB, 32, 32, 8, 0), 32), 3);
   CHECK_EQ(sext(fold_u(NIR_OP_UFIND_MSB, 32, 32, 0x80000000u, 0), 32), 31);
   CHECK_EQ(sext(fold_u(NIR_OP_UFIND_MSB, 8, 32, 0, 0), 32), -1);
   CHECK_EQ(sext(fold_u(NIR_OP_IFIND_MSB, 32, 32, 0xffffffffu, 0), 32), -1);
   CHECK_EQ(sext(fold_u(NIR_OP_IFIND_MSB, 32, 32, 0xfffffffeu, 0), 32), 0);
   CHECK_EQ(sext(fold_u(NIR_OP_IFIND_MSB, 16, 32, 0x00ff, 0), 32), 7);

   CHECK_EQ_U64(fold_u(NIR_OP_UMUL_HIGH, 32, 32, 0xffffffffu, 0xffffffffu), 0xfffffffeu);
   CHECK_EQ_U64(fold_u(NIR_OP_UMUL_HIGH, 64, 64, ~0ull, 2), 1);
   CHECK_EQ_U64(fold_u(NIR_OP_IMUL_HIGH, 32, 32, 0x80000000u, 2), 0xffffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_UADD_CARRY, 32, 32, 0xffffffffu, 1), 1);
   CHECK_EQ_U64(fold_u(NIR_OP_UADD_CARRY, 8, 8, 0xfe, 1), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_USUB_BORROW, 32, 32, 0, 1), 1);
   CHECK_EQ_U64(fold_u(NIR_OP_IADD_SAT, 8, 8, 0x7f, 1), 0x7f);
   CHECK_EQ_U64(fold_u(NIR_OP_IADD_SAT, 64, 64, 0x8000000000000000ull, ~0ull),
                0x8000000000000000ull);
   CHECK_EQ_U64(fold_u(NIR_OP_UADD_SAT, 16, 16, 0xfff0, 0x20), 0xffff);
   CHECK_EQ_U64(fold_u(NIR_OP_ISUB_SAT, 32, 32, 0x80000000u, 1), 0x80000000u);
   CHECK_EQ_U64(fold_u(NIR_OP_USUB_SAT, 32, 32, 1, 2), 0);

   /* 1-bit booleans through the bitwise ops. */
   CHECK_EQ_U64(fold_u(NIR_OP_INOT, 1, 1, 1, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_INOT, 1, 1, 0, 0), 1);
   CHECK_EQ_U64(fold_u(NIR_OP_IXOR, 1, 1, 1, 1), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_IOR, 1, 1, 0, 1), 1);
   CHECK_EQ_U64(fold_u(NIR_OP_INOT, 16, 16, 0x00ff, 0), 0xff00);
}

/* SPV_INTEL_shader_integer_functions2 (revision 2): results as if computed
 * in infinite precision, at 0, the extremes and where a plain add, subtract
 * or multiply would overflow. */
TEST(nir_fold_intel_integer_functions2)
{
   CHECK_EQ_U64(fold_u(NIR_OP_UCLZ, 32, 32, 0, 0), 32);
   CHECK_EQ_U64(fold_u(NIR_OP_UCLZ, 32, 32, 1, 0), 31);
   CHECK_EQ_U64(fold_u(NIR_OP_UCLZ, 32, 32, 0xffffffffu, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_UCLZ, 8, 8, 0x10, 0), 3);
   CHECK_EQ_U64(fold_u(NIR_OP_UCLZ, 64, 64, 0, 0), 64);
   CHECK_EQ_U64(fold_u(NIR_OP_UCLZ, 16, 16, 0x8000, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_UCTZ, 32, 32, 0, 0), 32);
   CHECK_EQ_U64(fold_u(NIR_OP_UCTZ, 32, 32, 0x80000000u, 0), 31);
   CHECK_EQ_U64(fold_u(NIR_OP_UCTZ, 8, 8, 0, 0), 8);
   CHECK_EQ_U64(fold_u(NIR_OP_UCTZ, 64, 64, 0x8000000000000000ull, 0), 63);
   CHECK_EQ_U64(fold_u(NIR_OP_UCTZ, 16, 16, 0xffff, 0), 0);

   /* |INT_MIN - INT_MAX| = 2^32 - 1: exact in the unsigned result. */
   CHECK_EQ_U64(fold_u(NIR_OP_UABS_ISUB, 32, 32, 0x80000000u, 0x7fffffffu), 0xffffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_UABS_ISUB, 32, 32, 0x7fffffffu, 0x80000000u), 0xffffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_UABS_ISUB, 32, 32, 0xfffffffbu, 5), 10); /* -5, 5 */
   CHECK_EQ_U64(fold_u(NIR_OP_UABS_ISUB, 8, 8, 0x80, 0x7f), 0xff);
   CHECK_EQ_U64(fold_u(NIR_OP_UABS_ISUB, 64, 64, 0x8000000000000000ull,
                       0x7fffffffffffffffull),
                ~0ull);
   CHECK_EQ_U64(fold_u(NIR_OP_UABS_ISUB, 32, 32, 0, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_UABS_USUB, 32, 32, 0, 0xffffffffu), 0xffffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_UABS_USUB, 32, 32, 0xffffffffu, 0), 0xffffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_UABS_USUB, 16, 16, 3, 10), 7);
   CHECK_EQ_U64(fold_u(NIR_OP_UABS_USUB, 64, 64, 0, ~0ull), ~0ull);

   CHECK_EQ_U64(fold_u(NIR_OP_IADD_SAT, 32, 32, 0x7fffffffu, 0x7fffffffu), 0x7fffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_IADD_SAT, 32, 32, 0x80000000u, 0x80000000u), 0x80000000u);
   CHECK_EQ_U64(fold_u(NIR_OP_IADD_SAT, 32, 32, 0x7fffffffu, 0x80000000u), 0xffffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_UADD_SAT, 32, 32, 0xffffffffu, 1), 0xffffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_UADD_SAT, 64, 64, ~0ull, ~0ull), ~0ull);
   CHECK_EQ_U64(fold_u(NIR_OP_UADD_SAT, 32, 32, 0, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_ISUB_SAT, 32, 32, 0x7fffffffu, 0x80000000u), 0x7fffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_ISUB_SAT, 8, 8, 0x80, 0x01), 0x80);
   CHECK_EQ_U64(fold_u(NIR_OP_ISUB_SAT, 64, 64, 0, 0x8000000000000000ull),
                0x7fffffffffffffffull);
   CHECK_EQ_U64(fold_u(NIR_OP_USUB_SAT, 32, 32, 0, 0xffffffffu), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_USUB_SAT, 32, 32, 0xffffffffu, 1), 0xfffffffeu);

   /* Averages: (a + b) >> 1 and (a + b + 1) >> 1 with the carry kept. */
   CHECK_EQ_U64(fold_u(NIR_OP_UHADD, 32, 32, 0xffffffffu, 0xffffffffu), 0xffffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_UHADD, 32, 32, 0xffffffffu, 0xfffffffeu), 0xfffffffeu);
   CHECK_EQ_U64(fold_u(NIR_OP_URHADD, 32, 32, 0xffffffffu, 0xfffffffeu), 0xffffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_URHADD, 64, 64, ~0ull, ~0ull), ~0ull);
   CHECK_EQ_U64(fold_u(NIR_OP_UHADD, 64, 64, ~0ull, 0), 0x7fffffffffffffffull);
   CHECK_EQ_U64(fold_u(NIR_OP_UHADD, 8, 8, 0, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_IHADD, 32, 32, 0x7fffffffu, 0x7fffffffu), 0x7fffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_IHADD, 32, 32, 0x80000000u, 0x80000000u), 0x80000000u);
   /* -1 + 0 = -1: >> 1 rounds toward -inf (-1), the rounded one to 0. */
   CHECK_EQ_U64(fold_u(NIR_OP_IHADD, 32, 32, 0xffffffffu, 0), 0xffffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_IRHADD, 32, 32, 0xffffffffu, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_IRHADD, 32, 32, 0x7fffffffu, 0x7fffffffu), 0x7fffffffu);
   CHECK_EQ_U64(fold_u(NIR_OP_IRHADD, 64, 64, 0x8000000000000000ull, 0x7fffffffffffffffull),
                0);
   CHECK_EQ_U64(fold_u(NIR_OP_IHADD, 64, 64, 0x8000000000000000ull, 0x7fffffffffffffffull),
                ~0ull);
   CHECK_EQ_U64(fold_u(NIR_OP_IHADD, 16, 16, 0x8000, 0x8000), 0x8000);

   /* 32x16 products: only the low 16 bits of src1, extended by signedness;
    * the product wraps to 32 bits. */
   CHECK_EQ_U64(fold_u(NIR_OP_IMUL_32X16, 32, 32, 3, 0xffff), 0xfffffffdu); /* 3 * -1 */
   CHECK_EQ_U64(fold_u(NIR_OP_IMUL_32X16, 32, 32, 3, 0x12340002u), 6);
   CHECK_EQ_U64(fold_u(NIR_OP_IMUL_32X16, 32, 32, 0x80000000u, 0xffff), 0x80000000u);
   CHECK_EQ_U64(fold_u(NIR_OP_IMUL_32X16, 32, 32, 0x7fffffffu, 0x7fff), 0x7fff8001u);
   CHECK_EQ_U64(fold_u(NIR_OP_IMUL_32X16, 32, 32, 0x7fffffffu, 0), 0);
   CHECK_EQ_U64(fold_u(NIR_OP_UMUL_32X16, 32, 32, 3, 0xffff), 0x2fffd);
   CHECK_EQ_U64(fold_u(NIR_OP_UMUL_32X16, 32, 32, 0xffffffffu, 0xffff), 0xffff0001u);
   CHECK_EQ_U64(fold_u(NIR_OP_UMUL_32X16, 32, 32, 0xffffffffu, 0x10000), 0);
}

TEST(nir_fold_conversions)
{
   nir_const_value r, x;
   x = cv_f(NAN, 32);
   CHECK(fold(NIR_OP_F2I32, 32, 1, &x, &r) && r.i32 == 0);
   x = cv_f(1e20, 32);
   CHECK(fold(NIR_OP_F2I32, 32, 1, &x, &r) && r.i32 == INT32_MAX);
   x = cv_f(-1e20, 32);
   CHECK(fold(NIR_OP_F2I32, 32, 1, &x, &r) && r.i32 == INT32_MIN);
   x = cv_f(1e30, 64);
   CHECK(fold(NIR_OP_F2I64, 64, 1, &x, &r) && r.i64 == INT64_MAX);
   x = cv_f(300, 32);
   CHECK(fold(NIR_OP_F2U8, 32, 1, &x, &r) && r.u8 == 255);
   x = cv_f(-1, 32);
   CHECK(fold(NIR_OP_F2U32, 32, 1, &x, &r) && r.u32 == 0);
   x = cv_f(-2.75, 64);
   CHECK(fold(NIR_OP_F2I16, 64, 1, &x, &r) && r.i16 == -2);
   x = cv_f(INFINITY, 16);
   CHECK(fold(NIR_OP_F2U64, 16, 1, &x, &r) && r.u64 == ~0ull);

   x = cv_u(0x7fffffff, 32);
   CHECK(fold(NIR_OP_I2F32, 32, 1, &x, &r) && r.f32 == 2147483648.0f);
   x = cv_u(0xffffffffu, 32);
   CHECK(fold(NIR_OP_U2F64, 32, 1, &x, &r) && r.f64 == 4294967295.0);
   CHECK(fold(NIR_OP_I2F64, 32, 1, &x, &r) && r.f64 == -1.0);
   CHECK(fold(NIR_OP_I2F16, 32, 1, &x, &r) && r.u16 == 0xbc00);
   x = cv_u(300, 32);
   CHECK(fold(NIR_OP_I2I8, 32, 1, &x, &r) && r.u8 == 44);
   x = cv_u(0xff, 8);
   CHECK(fold(NIR_OP_I2I64, 8, 1, &x, &r) && r.i64 == -1);
   CHECK(fold(NIR_OP_U2U64, 8, 1, &x, &r) && r.u64 == 255);
   x = cv_u(1, 1);
   CHECK(fold(NIR_OP_B2F32, 0, 1, &x, &r) && r.f32 == 1.0f);
   CHECK(fold(NIR_OP_B2I64, 0, 1, &x, &r) && r.i64 == 1);
   x = cv_u(0x100, 16);
   CHECK(fold(NIR_OP_I2B1, 16, 1, &x, &r) && r.b);
}

static bool
fold_vec(nir_op op, unsigned bits, unsigned num_components, nir_const_value src[][16],
         nir_const_value *out)
{
   nir_const_value *sp[16];
   for (unsigned i = 0; i < nir_op_infos[op].num_inputs; i++)
      sp[i] = src[i];
   return nir_eval_const_opcode(op, out, num_components, bits, sp, 0);
}

TEST(nir_fold_packing_and_vectors)
{
   nir_const_value s[16][16], r[16];
   s[0][0] = cv_f(1.0, 32);
   s[0][1] = cv_f(-2.0, 32);
   CHECK(fold_vec(NIR_OP_PACK_HALF_2X16, 0, 1, s, r));
   CHECK_EQ_U64(r[0].u32, 0xc0003c00u);
   s[0][0] = cv_u(0xc0003c00u, 32);
   CHECK(fold_vec(NIR_OP_UNPACK_HALF_2X16, 0, 2, s, r));
   CHECK_FLOAT_EQ(r[0].f32, 1.0, 0);
   CHECK_FLOAT_EQ(r[1].f32, -2.0, 0);

   s[0][0] = cv_f(0.0, 32);
   s[0][1] = cv_f(0.5, 32);
   s[0][2] = cv_f(1.0, 32);
   s[0][3] = cv_f(NAN, 32);
   CHECK(fold_vec(NIR_OP_PACK_UNORM_4X8, 0, 1, s, r));
   CHECK_EQ_U64(r[0].u32, 0x00ff8000u);
   s[0][0] = cv_f(-1.0, 32);
   s[0][1] = cv_f(1.0, 32);
   CHECK(fold_vec(NIR_OP_PACK_SNORM_2X16, 0, 1, s, r));
   CHECK_EQ_U64(r[0].u32, 0x7fff8001u);
   s[0][0] = cv_u(0x80, 32);
   CHECK(fold_vec(NIR_OP_UNPACK_SNORM_4X8, 0, 4, s, r));
   CHECK_FLOAT_EQ(r[0].f32, -1.0, 0);
   CHECK_FLOAT_EQ(r[1].f32, 0.0, 0);
   s[0][0] = cv_u(0xffff, 32);
   CHECK(fold_vec(NIR_OP_UNPACK_UNORM_2X16, 0, 2, s, r));
   CHECK_FLOAT_EQ(r[0].f32, 1.0, 0);
   CHECK_FLOAT_EQ(r[1].f32, 0.0, 0);

   s[0][0] = cv_u(0x11111111u, 32);
   s[0][1] = cv_u(0x22222222u, 32);
   CHECK(fold_vec(NIR_OP_PACK_64_2X32, 0, 1, s, r));
   CHECK_EQ_U64(r[0].u64, 0x2222222211111111ull);
   s[0][0] = cv_u(0x2222222211111111ull, 64);
   CHECK(fold_vec(NIR_OP_UNPACK_64_2X32, 0, 2, s, r));
   CHECK_EQ_U64(r[1].u32, 0x22222222u);
   CHECK(fold_vec(NIR_OP_UNPACK_64_2X32_SPLIT_Y, 64, 1, s, r));
   CHECK_EQ_U64(r[0].u32, 0x22222222u);

   for (unsigned i = 0; i < 3; i++) {
      s[0][i] = cv_f(i + 1, 32);
      s[1][i] = cv_f(i + 4, 32);
   }
   CHECK(fold_vec(NIR_OP_FDOT3, 32, 1, s, r));
   CHECK_FLOAT_EQ(r[0].f32, 32.0, 0);
   for (unsigned i = 0; i < 3; i++)
      s[1][i] = s[0][i];
   CHECK(fold_vec(NIR_OP_BALL_FEQUAL3, 32, 1, s, r) && r[0].b);
   s[1][2] = cv_f(NAN, 32);
   CHECK(fold_vec(NIR_OP_BANY_FNEQUAL3, 32, 1, s, r) && r[0].b);

   for (unsigned i = 0; i < 16; i++)
      s[i][0] = cv_u(i * 3, 16);
   CHECK(fold_vec(NIR_OP_VEC16, 16, 16, s, r));
   CHECK_EQ_U64(r[15].u16, 45);

   s[0][0] = cv_u(1, 1);
   s[0][1] = cv_u(0, 1);
   s[1][0] = cv_u(10, 32);
   s[1][1] = cv_u(11, 32);
   s[2][0] = cv_u(20, 32);
   s[2][1] = cv_u(21, 32);
   CHECK(fold_vec(NIR_OP_BCSEL, 32, 2, s, r));
   CHECK_EQ_U64(r[0].u32, 10);
   CHECK_EQ_U64(r[1].u32, 21);
}

TEST(nir_fold_refuses_what_it_cannot_fold)
{
   nir_const_value s[16][16], r[16];
   s[0][0] = cv_f(1.0, 32);
   s[1][0] = cv_f(1.0, 32);
   CHECK(!fold_vec(NIR_OP_FDDX, 32, 1, s, r));
   CHECK(!nir_op_infos[NIR_OP_FDDY_FINE].foldable);
   CHECK(!fold_vec(NIR_OP_FADD, 8, 1, s, r)); /* no 8-bit floats */
   CHECK(!fold_vec(NIR_OP_IADD, 1, 1, s, r)); /* no 1-bit adds */
}

/* Every foldable op at every bit size it allows, on a grid of nasty inputs:
 * the folder must return without trapping (UBSan checks the C side). */
TEST(nir_fold_all_ops_edge_values)
{
   static const uint64_t ints[] = {0,
                                   1,
                                   2,
                                   7,
                                   31,
                                   32,
                                   33,
                                   63,
                                   64,
                                   0x7f,
                                   0x80,
                                   0xff,
                                   0x7fff,
                                   0x8000,
                                   0xffff,
                                   0x7fffffff,
                                   0x80000000u,
                                   0xffffffffu,
                                   0x7fffffffffffffffull,
                                   0x8000000000000000ull,
                                   ~0ull};
   static const double floats[] = {0.0,  -0.0,   1.0,      -1.5,      1e-40, 65504.0,
                                   1e30, -1e300, INFINITY, -INFINITY, NAN};
   unsigned folded = 0;
   for (unsigned op = 0; op < NIR_NUM_OPCODES; op++) {
      const nir_op_info *info = &nir_op_infos[op];
      if (!info->foldable)
         continue;
      static const unsigned all_sizes[] = {1, 8, 16, 32, 64};
      for (unsigned si = 0; si < ARRAY_SIZE(all_sizes); si++) {
         const unsigned bits = all_sizes[si];
         if (info->bit_sizes ? !(info->bit_sizes & bits) : si != 0)
            continue;
         for (unsigned v = 0; v < ARRAY_SIZE(ints); v++) {
            nir_const_value s[16][16], r[16];
            for (unsigned i = 0; i < info->num_inputs; i++) {
               unsigned sb = nir_alu_type_get_type_size(info->input_types[i]);
               if (!sb)
                  sb = bits;
               const bool is_float =
                  nir_alu_type_get_base_type(info->input_types[i]) == NIR_TYPE_FLOAT;
               for (unsigned c = 0; c < 16; c++) {
                  const unsigned k = (v + i * 5 + c) % ARRAY_SIZE(ints);
                  s[i][c] = is_float ? cv_f(floats[k % ARRAY_SIZE(floats)], sb)
                                     : cv_u(ints[k], sb);
               }
            }
            const unsigned nc = info->output_size ? info->output_size : 4;
            if (nir_eval_const_opcode((nir_op)op, r, nc, bits,
                                      (nir_const_value *[]){s[0], s[1], s[2], s[3], s[4],
                                                            s[5], s[6], s[7], s[8], s[9],
                                                            s[10], s[11], s[12], s[13],
                                                            s[14], s[15]},
                                      0))
               folded++;
         }
      }
   }
   /* Every foldable op folded at least at one size for every input row. */
   CHECK(folded > 150 * ARRAY_SIZE(ints));
}
