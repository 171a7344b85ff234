/* SPDX-License-Identifier: MIT */
/*
 * Every ALU kernel against the constant folder, on edge values, with every
 * kernel variant this CPU runs: the interpreter must compute exactly what
 * the compiler folds (that is what lets a folded and an unfolded shader
 * agree, and what makes the interpreter a reference for other backends).
 */
#include <math.h>
#include <stdio.h>

#include "kx_test_helpers.h"
#include "kxj.h"
#include "util/half_float.h"

#define NUM_CASES 256

static uint64_t
rng(uint64_t *s)
{
   *s ^= *s << 13;
   *s ^= *s >> 7;
   *s ^= *s << 17;
   return *s;
}

/* Interesting raw values of a type. */
static uint64_t
edge_value(nir_alu_type t, unsigned bits, unsigned i, uint64_t *seed)
{
   const nir_alu_type base = nir_alu_type_get_base_type(t);
   if (bits == 1 || base == NIR_TYPE_BOOL)
      return i & 1;
   if (base == NIR_TYPE_FLOAT) {
      static const double f[] = {0.0,  -0.0,   1.0,   -1.0,    0.5,   1.5,     -2.5,
                                 3.75, 1e-3,   -7e5,  2.0e9,   -3e9,  INFINITY, -INFINITY,
                                 NAN,  1e-42,  65504, 2147483648.0, 4294967296.0, 0.3};
      const unsigned n = sizeof(f) / sizeof(f[0]);
      double v = i < n ? f[i] : (double)(int64_t)(rng(seed) % 20001 - 10000) / 64.0;
      if (bits == 16)
         return util_float_to_half((float)v);
      if (bits == 32) {
         const float x = (float)v;
         uint32_t u;
         memcpy(&u, &x, 4);
         return u;
      }
      uint64_t u;
      memcpy(&u, &v, 8);
      return u;
   }
   const uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
   static const int64_t iv[] = {0, 1, -1, 2, 3, 7, 31, 32, 33, 63, 64, -64, 255, 256, -129};
   const unsigned n = sizeof(iv) / sizeof(iv[0]);
   if (i < n)
      return (uint64_t)iv[i] & mask;
   if (i == n)
      return mask >> 1; /* INT_MAX */
   if (i == n + 1)
      return (mask >> 1) + 1; /* INT_MIN */
   return rng(seed) & mask;
}

static bool
same_result(nir_alu_type t, unsigned bits, uint64_t a, uint64_t b)
{
   if (a == b)
      return true;
   if (nir_alu_type_get_base_type(t) != NIR_TYPE_FLOAT)
      return false;
   /* Any NaN matches any NaN. */
   const nir_const_value ca = nir_const_value_for_raw_uint(a, bits);
   const nir_const_value cb = nir_const_value_for_raw_uint(b, bits);
   return isnan(nir_const_value_as_float(ca, bits)) && isnan(nir_const_value_as_float(cb, bits));
}

static nir_alu_type
sized(nir_alu_type t, unsigned bits)
{
   return nir_alu_type_get_type_size(t) ? t : (nir_alu_type)(t | bits);
}

/* Builds: out[i].c = op(in0[i], in1[i], ...) with every input component in
 * its own array of NUM_CASES raw values (8 bytes each). */
static unsigned
test_op(nir_op op, unsigned bits, enum kx_isa isa)
{
   const nir_op_info *info = &nir_op_infos[op];
   const unsigned out_n = info->output_size ? info->output_size : 1;
   const nir_alu_type out_t = sized(info->output_type, bits);
   const unsigned out_bits = nir_alu_type_get_type_size(out_t);

   unsigned in_n[4], in_bits[4], total_in = 0;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      in_n[i] = info->input_sizes[i] ? info->input_sizes[i] : 1;
      in_bits[i] = nir_alu_type_get_type_size(sized(info->input_types[i], bits));
      total_in += in_n[i];
   }
   const unsigned arrays = total_in + out_n;
   uint64_t *buf = calloc(arrays * NUM_CASES, 8);
   uint64_t seed = 0x9e3779b97f4a7c15ull ^ (op * 131 + bits);
   unsigned k = 0;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      for (unsigned c = 0; c < in_n[i]; c++, k++) {
         for (unsigned j = 0; j < NUM_CASES; j++) {
            /* Binary ops see every pair of the first 16 edge values. */
            const unsigned e = info->num_inputs == 2 ? (k == 0 ? j % 16 : j / 16) : j;
            buf[k * NUM_CASES + j] = edge_value(info->input_types[i], in_bits[i], e, &seed);
         }
      }
   }

   nir_builder b = kxt_builder(64, 1, 1);
   nir_def *id = nir_channel(&b, nir_load_global_invocation_id(&b, 32), 0);
   nir_def *srcs[4];
   k = 0;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      nir_def *comps[16];
      for (unsigned c = 0; c < in_n[i]; c++, k++) {
         nir_def *addr = kxt_addr(&b, nir_iadd_imm(&b, id, k * NUM_CASES), 8);
         if (in_bits[i] == 1)
            comps[c] = nir_ine_imm(&b, nir_load_global(&b, 1, 32, addr), 0);
         else
            comps[c] = nir_load_global(&b, 1, in_bits[i], addr);
      }
      srcs[i] = nir_vec(&b, comps, in_n[i]);
   }
   nir_def *r = nir_build_alu_src_arr(&b, op, srcs);
   for (unsigned c = 0; c < out_n; c++) {
      nir_def *v = nir_channel(&b, r, c);
      if (out_bits == 1)
         v = nir_b2iN(&b, v, 32);
      nir_store_global(&b, v, kxt_addr(&b, nir_iadd_imm(&b, id, (total_in + c) * NUM_CASES), 8));
   }

   char *err = NULL;
   struct kx_program *p = kx_compile(b.shader, &err);
   unsigned failures = 0;
   if (!p) {
      test_fail(__FILE__, __LINE__, "%s@%u: %s", info->name, bits, err);
      free(err);
      failures++;
      goto out;
   }
   struct kxt_mem mem = {(uint8_t *)buf, arrays * NUM_CASES * 8ull};
   struct kx_dispatch d = {
      .prog = p,
      .isa = isa,
      .count = {NUM_CASES / 64, 1, 1},
      .translate = kxt_translate,
      .translate_data = &mem,
   };
   if (!CHECK(kx_dispatch_run(&d))) {
      failures++;
      goto out_prog;
   }
   for (unsigned j = 0; j < NUM_CASES && failures < 4; j++) {
      nir_const_value in[4][16], outv[16];
      nir_const_value *inp[4];
      k = 0;
      for (unsigned i = 0; i < info->num_inputs; i++) {
         for (unsigned c = 0; c < in_n[i]; c++, k++) {
            const uint64_t raw = buf[k * NUM_CASES + j];
            in[i][c] = in_bits[i] == 1 ? nir_const_value_for_bool(raw & 1, 1)
                                       : nir_const_value_for_raw_uint(raw, in_bits[i]);
         }
         inp[i] = in[i];
      }
      if (!nir_eval_const_opcode(op, outv, 1, bits, inp, 0))
         break; /* the folder does not take this size: nothing to compare */
      for (unsigned c = 0; c < out_n; c++) {
         const uint64_t want = out_bits == 1 ? outv[c].b
                                             : nir_const_value_as_uint(outv[c], out_bits);
         const uint64_t mask = out_bits >= 64 ? ~0ull : (1ull << MAX2(out_bits, 32)) - 1;
         const uint64_t got = buf[(total_in + c) * NUM_CASES + j] & mask;
         if (!same_result(out_t, out_bits, got, want)) {
            test_fail(__FILE__, __LINE__,
                      "%s@%u isa %u case %u comp %u: got 0x%llx, folder 0x%llx (in0 0x%llx "
                      "in1 0x%llx)",
                      info->name, bits, isa, j, c, (unsigned long long)got,
                      (unsigned long long)want, (unsigned long long)buf[j],
                      (unsigned long long)buf[NUM_CASES + j]);
            failures++;
         }
      }
   }
out_prog:
   kx_program_destroy(p);
out:
   nir_shader_destroy(b.shader);
   free(buf);
   return failures;
}

TEST(kx_alu_matches_constant_folding)
{
   unsigned tested = 0, failures = 0;
   for (unsigned isa = KX_ISA_BASE; isa <= KX_ISA_JIT; isa++) {
      if (!kx_isa_supported(isa))
         continue;
      for (unsigned op = 0; op < NIR_NUM_OPCODES; op++) {
         const nir_op_info *info = &nir_op_infos[op];
         if (!info->foldable || nir_op_is_vec((nir_op)op))
            continue;
         for (unsigned bits = 1; bits <= 64; bits *= 2) {
            if (info->bit_sizes ? !(info->bit_sizes & bits) : bits != 32)
               continue;
            if (bits == 2 || bits == 4)
               continue;
            /* The JIT runs the ops it does not compile on these kernels. */
            if (isa == KX_ISA_JIT && !kxj_alu_native(kx_alu_opcode(op, bits)))
               continue;
            failures += test_op((nir_op)op, bits, (enum kx_isa)isa);
            tested++;
         }
      }
   }
   printf("  %u op/size/isa combinations\n", tested);
   CHECK(tested > 300);
   CHECK_EQ(failures, 0);
}
