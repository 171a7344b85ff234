/* SPDX-License-Identifier: MIT */
/*
 * Differential fuzzing of the backends: random compute shaders (32- and
 * 64-bit integer and float ALU ops on edge values, divergent ifs, loops
 * left at different iterations, global loads and stores, shared memory
 * with barriers) run on every kernel variant and on the JIT; the memory
 * they leave must be byte-identical. The programs come from a seeded
 * generator, so a failure names the seed that reproduces it:
 *
 *    KXJ_FUZZ_SEED=<seed> KXJ_FUZZ_COUNT=1 build/nvk/exec/tests/kx_test
 *
 * KXJ_FUZZ_COUNT (default 16) sets how many programs a run tries,
 * KXJ_FUZZ_PRINT=1 prints each program's IR, KXJ_FUZZ_ALL=1 every
 * differing word, KXJ_FUZZ_NO_BARRIER=1 leaves shared memory out.
 */
#include <stdio.h>

#include "kx_test_helpers.h"
#include "kxj.h"

#define FZ_VARS 4     /* local variables (phis after vars_to_ssa) */
#define FZ_IN 256     /* input words */
#define FZ_SHARED 64  /* shared words */

struct fz {
   uint64_t state;
   nir_builder *b;
   nir_variable *vars[FZ_VARS];
   nir_def *id, *lid;
   unsigned depth, budget, wg;
   bool barriers; /* only in uniform control flow */
};

static uint32_t
fz_rand(struct fz *f)
{
   /* xorshift64* */
   f->state ^= f->state >> 12;
   f->state ^= f->state << 25;
   f->state ^= f->state >> 27;
   return (uint32_t)((f->state * 0x2545f4914f6cdd1dull) >> 32);
}

/* Edge values of both readings of 32 bits. */
static const uint32_t fz_edges[] = {
   0, 1, 2, 31, 32, 0x7fffffff, 0x80000000, 0xffffffff, 0x3f800000 /* 1.0 */,
   0xbf800000 /* -1.0 */, 0x7f800000 /* inf */, 0xff800000, 0x7fc00000 /* NaN */,
   0x00000001 /* denormal */, 0x807fffff, 0x4f000000 /* 2^31 */, 0x4f800000 /* 2^32 */,
   0xcf000000 /* -2^31 */, 0x3effffff, 0x00800000 /* smallest normal */,
};

static nir_def *
fz_leaf(struct fz *f)
{
   switch (fz_rand(f) % 4) {
   case 0:
      return nir_imm_int(f->b, (int)fz_edges[fz_rand(f) % ARRAY_SIZE(fz_edges)]);
   case 1:
      return nir_imm_int(f->b, (int)fz_rand(f));
   case 2:
      return f->id;
   default:
      return nir_load_var(f->b, f->vars[fz_rand(f) % FZ_VARS]);
   }
}

static nir_def *fz_expr(struct fz *f, unsigned depth);

/* Which NaN an operation with several NaN operands returns is the code
 * generator's choice (x86 returns its first source's; libm's fmaf and the
 * FMA instruction pick different ones), and integer ops on the bits make
 * the choice visible: results of such ops are made the canonical NaN. */
static nir_def *
fz_canon(struct fz *f, nir_def *x)
{
   return nir_bcsel(f->b, nir_fneu(f->b, x, x), nir_imm_int(f->b, 0x7fc00000), x);
}

static nir_def *
fz_cond(struct fz *f, unsigned depth)
{
   static const nir_op cmp[] = {NIR_OP_FLT, NIR_OP_FGE, NIR_OP_FEQ, NIR_OP_FNEU, NIR_OP_ILT,
                                NIR_OP_IGE, NIR_OP_ULT,  NIR_OP_UGE, NIR_OP_IEQ,  NIR_OP_INE};
   nir_def *c = nir_build_alu(f->b, cmp[fz_rand(f) % ARRAY_SIZE(cmp)], fz_expr(f, depth),
                              fz_expr(f, depth), NULL, NULL);
   switch (fz_rand(f) % 4) {
   case 0:
      return nir_inot(f->b, c);
   case 1:
      return nir_iand(f->b, c, fz_cond(f, depth + 2));
   default:
      return c;
   }
}

static nir_def *
fz_expr(struct fz *f, unsigned depth)
{
   if (depth >= 3 || fz_rand(f) % 3 == 0)
      return fz_leaf(f);
   nir_builder *b = f->b;
   static const nir_op bin[] = {
      NIR_OP_FADD, NIR_OP_FSUB, NIR_OP_FMUL, NIR_OP_FDIV, NIR_OP_FMIN, NIR_OP_FMAX,
      NIR_OP_IADD, NIR_OP_ISUB, NIR_OP_IMUL, NIR_OP_IAND, NIR_OP_IOR,  NIR_OP_IXOR,
      NIR_OP_ISHL, NIR_OP_ISHR, NIR_OP_USHR, NIR_OP_IMIN, NIR_OP_IMAX, NIR_OP_UMIN,
      NIR_OP_UMAX, NIR_OP_UDIV, NIR_OP_UMOD, NIR_OP_IMUL_HIGH, NIR_OP_UADD_SAT,
   };
   static const nir_op un[] = {
      NIR_OP_FNEG, NIR_OP_FABS, NIR_OP_FSQRT,   NIR_OP_FFLOOR, NIR_OP_FCEIL, NIR_OP_FTRUNC,
      NIR_OP_FSAT, NIR_OP_INEG, NIR_OP_INOT,    NIR_OP_I2F32,  NIR_OP_U2F32, NIR_OP_F2I32,
      NIR_OP_F2U32, NIR_OP_FRCP, NIR_OP_BITFIELD_REVERSE, NIR_OP_UFIND_MSB,
   };
   switch (fz_rand(f) % 6) {
   case 0:
   case 1: {
      const nir_op op = bin[fz_rand(f) % ARRAY_SIZE(bin)];
      nir_def *r = nir_build_alu(b, op, fz_expr(f, depth + 1), fz_expr(f, depth + 1), NULL, NULL);
      return nir_op_infos[op].output_type == NIR_TYPE_FLOAT ? fz_canon(f, r) : r;
   }
   case 2:
      return nir_build_alu(b, un[fz_rand(f) % ARRAY_SIZE(un)], fz_expr(f, depth + 1), NULL,
                           NULL, NULL);
   case 3:
      return fz_canon(f, nir_ffma(b, fz_expr(f, depth + 1), fz_expr(f, depth + 1),
                                  fz_expr(f, depth + 1)));
   case 4:
      return nir_bcsel(b, fz_cond(f, depth + 1), fz_expr(f, depth + 1), fz_expr(f, depth + 1));
   default: {
      /* 64-bit arithmetic, back to 32 bits. */
      nir_def *a = nir_u2u64(b, fz_expr(f, depth + 1));
      nir_def *c = nir_i2i64(b, fz_expr(f, depth + 1));
      nir_def *r = fz_rand(f) % 2 ? nir_imul(b, a, c) : nir_iadd(b, a, nir_ishl_imm(b, c, 17));
      return fz_rand(f) % 2 ? nir_u2u32(b, r) : nir_u2u32(b, nir_ushr_imm(b, r, 32));
   }
   }
}

/* Input word (expr % FZ_IN): a gather; or the invocation's own word: contiguous. */
static nir_def *
fz_load(struct fz *f)
{
   nir_builder *b = f->b;
   nir_def *idx = fz_rand(f) % 2 ? f->id : fz_expr(f, 2);
   idx = nir_umod(b, idx, nir_imm_int(b, FZ_IN));
   return nir_load_global(b, 1, 32, kxt_addr(b, idx, 4));
}

static void fz_block(struct fz *f);

static void
fz_barrier(nir_builder *b)
{
   nir_barrier(b, .execution_scope = NIR_SCOPE_WORKGROUP, .memory_scope = NIR_SCOPE_WORKGROUP,
               .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = NIR_VAR_MEM_SHARED);
}

static void
fz_stmt(struct fz *f)
{
   nir_builder *b = f->b;
   nir_variable *v = f->vars[fz_rand(f) % FZ_VARS];
   const unsigned kind = fz_rand(f) % 10;
   if (kind < 5 || f->depth >= 3 || f->budget == 0) {
      nir_store_var(b, v, kind == 4 ? fz_load(f) : fz_expr(f, 0), 1);
      return;
   }
   f->budget--;
   f->depth++;
   if (kind < 7) {
      nir_push_if(b, fz_cond(f, 1));
      fz_block(f);
      if (fz_rand(f) % 2) {
         nir_push_else(b, NULL);
         fz_block(f);
      }
      nir_pop_if(b, NULL);
   } else if (kind < 9) {
      /* A loop of at most 8 iterations per lane, left by a condition too. */
      nir_variable *j = nir_local_variable_create(b->impl, glsl_uint_type(), "j");
      nir_def *n = nir_iand_imm(b, fz_expr(f, 1), 7);
      nir_store_var(b, j, nir_imm_int(b, 0), 1);
      nir_push_loop(b);
      {
         nir_def *jv = nir_load_var(b, j);
         nir_break_if(b, nir_uge(b, jv, n));
         nir_store_var(b, j, nir_iadd_imm(b, jv, 1), 1);
         fz_block(f);
         if (fz_rand(f) % 2)
            nir_break_if(b, fz_cond(f, 1));
      }
      nir_pop_loop(b, NULL);
   } else if (f->depth == 1 && f->barriers) {
      /* Uniform control flow: through shared memory to another lane. */
      nir_def *slot = nir_umod(b, f->lid, nir_imm_int(b, FZ_SHARED));
      nir_store_shared(b, fz_expr(f, 1), nir_imul_imm(b, slot, 4));
      fz_barrier(b);
      /* A word some lane wrote (the rest of shared memory is undefined), or
       * one past the end (reads zero). */
      nir_def *other = nir_umod(b, nir_iadd(b, f->lid, fz_expr(f, 2)),
                                nir_imm_int(b, (int)MIN2(f->wg, FZ_SHARED)));
      if (fz_rand(f) % 4 == 0)
         other = nir_iadd_imm(b, other, FZ_SHARED);
      nir_store_var(b, v, nir_load_shared(b, 1, 32, nir_imul_imm(b, other, 4)), 1);
      fz_barrier(b);
   }
   f->depth--;
}

static void
fz_block(struct fz *f)
{
   const unsigned n = 1 + fz_rand(f) % 3;
   for (unsigned i = 0; i < n; i++)
      fz_stmt(f);
}

/* Builds program `seed`; out: FZ_VARS words per invocation after the input. */
static nir_shader *
fz_program(uint64_t seed, unsigned *wg_size)
{
   struct fz f = {.state = seed * 0x9e3779b97f4a7c15ull + 1};
   for (unsigned i = 0; i < 4; i++)
      fz_rand(&f);
   *wg_size = f.wg = 1 + fz_rand(&f) % 130;
   nir_builder b = kxt_builder(*wg_size, 1, 1);
   if (!b.shader)
      return NULL;
   f.b = &b;
   f.budget = 6;
   f.barriers = fz_rand(&f) % 2 && !getenv("KXJ_FUZZ_NO_BARRIER");
   if (f.barriers)
      b.shader->info.shared_size_B = FZ_SHARED * 4;
   f.id = nir_channel(&b, nir_load_global_invocation_id(&b, 32), 0);
   f.lid = nir_channel(&b, nir_load_local_invocation_id(&b), 0);
   for (unsigned v = 0; v < FZ_VARS; v++)
      f.vars[v] = nir_local_variable_create(b.impl, glsl_uint_type(), "v");
   /* Initial values that read no variable yet. */
   for (unsigned v = 0; v < FZ_VARS; v++) {
      nir_def *init = v % 2 ? nir_imm_int(&b, (int)fz_edges[fz_rand(&f) % ARRAY_SIZE(fz_edges)])
                            : v == 0 ? f.id : nir_load_global(&b, 1, 32, kxt_addr(&b, nir_umod(&b, f.id, nir_imm_int(&b, FZ_IN)), 4));
      nir_store_var(&b, f.vars[v], init, 1);
   }
   const unsigned stmts = 3 + fz_rand(&f) % 6;
   for (unsigned i = 0; i < stmts; i++)
      fz_stmt(&f);
   for (unsigned v = 0; v < FZ_VARS; v++) {
      nir_def *idx = nir_iadd_imm(&b, nir_imul_imm(&b, f.id, FZ_VARS), FZ_IN + v);
      nir_store_global(&b, nir_load_var(&b, f.vars[v]), kxt_addr(&b, idx, 4));
   }
   nir_lower_vars_to_ssa(b.shader);
   nir_opt_dce(b.shader);
   return b.shader;
}

/* Which NaN comes out of an operation with several NaN operands depends on
 * the operand order the code generator picked (x86 returns its first
 * source's): Vulkan leaves NaN payloads undefined and neither the C
 * compiler nor LLVM keeps the order, so NaNs compare equal here. */
static bool
fz_is_nan(uint32_t w)
{
   return (w & 0x7f800000u) == 0x7f800000u && (w & 0x007fffffu) != 0;
}

static bool
fz_same(uint32_t a, uint32_t b)
{
   return a == b || (fz_is_nan(a) && fz_is_nan(b));
}

/* The JIT must compute what the interpreter computes. A program where the
 * interpreter's own kernel variants disagree (none in 300 seeds since NaNs
 * are canonicalized; printed with its seed) says more about the
 * interpreter; the JIT, whose native ops follow the folder's expressions
 * and whose other ops run on the AVX2 kernels, could then match neither, so
 * it is not compared. Returns 1 for such a program. */
static unsigned
fz_compare(uint64_t seed, uint32_t *const *out, size_t words)
{
   const uint32_t *base = out[KX_ISA_BASE], *avx2 = out[KX_ISA_AVX2], *jit = out[KX_ISA_JIT];
   for (size_t w = FZ_IN; avx2 && w < words; w++) {
      if (!fz_same(base[w], avx2[w])) {
         printf("  seed %llu: interpreter variants disagree at word %zu: base 0x%08x, avx2 "
                "0x%08x\n",
                (unsigned long long)seed, w, base[w], avx2[w]);
         return 1;
      }
   }
   for (size_t w = FZ_IN; jit && w < words; w++) {
      if (fz_same(jit[w], base[w]))
         continue;
      test_fail(__FILE__, __LINE__,
                "seed %llu: the JIT differs at word %zu (invocation %zu): 0x%08x, "
                "interpreter 0x%08x",
                (unsigned long long)seed, w, (w - FZ_IN) / FZ_VARS, jit[w], base[w]);
      if (!getenv("KXJ_FUZZ_ALL"))
         break;
   }
   return 0;
}

TEST(kxj_fuzz_backends_agree)
{
   const char *seed_env = getenv("KXJ_FUZZ_SEED");
   const char *count_env = getenv("KXJ_FUZZ_COUNT");
   const uint64_t first = seed_env ? strtoull(seed_env, NULL, 0) : 1;
   const unsigned count = count_env ? (unsigned)strtoul(count_env, NULL, 0) : 16;
   const unsigned groups = 3;
   unsigned ran = 0, isas = 0, variant_splits = 0;
   for (uint64_t seed = first; seed < first + count; seed++) {
      unsigned wg;
      nir_shader *s = fz_program(seed, &wg);
      REQUIRE(s);
      if (getenv("KXJ_FUZZ_PRINT"))
         nir_print_shader(s, stdout);
      struct kx_program *p = kxt_compile(s);
      if (!p) {
         test_fail(__FILE__, __LINE__, "seed %llu: kx_compile failed", (unsigned long long)seed);
         nir_shader_destroy(s);
         continue;
      }
      const unsigned n = groups * wg;
      const size_t size_B = (FZ_IN + (size_t)n * FZ_VARS) * 4;
      uint32_t *out[KX_ISA_JIT + 1] = {NULL};
      unsigned tried = 0;
      for (unsigned isa = KX_ISA_BASE; isa <= KX_ISA_JIT; isa++) {
         if (!kx_isa_supported(isa))
            continue;
         tried++;
         uint32_t *buf = out[isa] = malloc(size_B);
         REQUIRE(buf);
         struct fz in = {.state = seed};
         for (unsigned i = 0; i < FZ_IN; i++)
            buf[i] = i % 3 ? fz_edges[fz_rand(&in) % ARRAY_SIZE(fz_edges)] : fz_rand(&in);
         memset(buf + FZ_IN, 0xcd, size_B - FZ_IN * 4);
         struct kxt_mem mem = {(uint8_t *)buf, size_B};
         struct kx_dispatch d = {
            .prog = p,
            .isa = isa,
            .count = {groups, 1, 1},
            .translate = kxt_translate,
            .translate_data = &mem,
         };
         if (!CHECK(kx_dispatch_run(&d)))
            printf("  seed %llu isa %u: %s\n", (unsigned long long)seed, isa, d.fault);
      }
      variant_splits += fz_compare(seed, out, size_B / 4);
      for (unsigned isa = 0; isa <= KX_ISA_JIT; isa++)
         free(out[isa]);
      isas = tried;
      ran++;
      kx_program_destroy(p);
      nir_shader_destroy(s);
   }
   printf("  %u programs on %u backends; %u where the interpreter's variants disagree\n", ran,
          isas, variant_splits);
   CHECK_EQ(ran, count);
}
