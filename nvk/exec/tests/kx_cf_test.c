/* SPDX-License-Identifier: MIT */
/*
 * Control flow by lane masks: lanes take different sides of ifs, leave
 * loops at different iterations (break), skip parts of iterations
 * (continue), in nested constructs, with values live across and out of
 * loops. Each shader writes one value per invocation, checked against the
 * same computation in C. Workgroup sizes that are not a multiple of the
 * strip width check the padding lanes too.
 */
#include "kx_test_helpers.h"

/* Local variables made SSA by vars_to_ssa: loops get real phis. */
static nir_variable *
local_uint(nir_builder *b, const char *name)
{
   return nir_local_variable_create(b->impl, glsl_uint_type(), name);
}

static struct kx_program *
finish(nir_builder *b, nir_def *id, nir_def *value)
{
   nir_store_global(b, value, kxt_addr(b, id, 4));
   nir_lower_vars_to_ssa(b->shader);
   nir_opt_dce(b->shader);
   return kxt_compile(b->shader);
}

static nir_def *
global_id(nir_builder *b)
{
   return nir_channel(b, nir_load_global_invocation_id(b, 32), 0);
}

/* Runs `p` for `n` invocations in workgroups of `wg` and checks out[i]. */
static void
check_run(struct kx_program *p, unsigned n_groups, unsigned wg,
          uint32_t (*expect)(uint32_t i))
{
   const unsigned n = n_groups * wg;
   uint32_t *buf = calloc(n, 4);
   struct kxt_mem mem = {(uint8_t *)buf, n * 4ull};
   for (unsigned isa = KX_ISA_BASE; isa <= KX_ISA_JIT; isa++) {
      if (!kx_isa_supported(isa))
         continue;
      memset(buf, 0xcd, n * 4);
      struct kx_dispatch d = {
         .prog = p,
         .isa = isa,
         .count = {n_groups, 1, 1},
         .translate = kxt_translate,
         .translate_data = &mem,
      };
      CHECK(kx_dispatch_run(&d));
      CHECK_EQ(d.invocations, n);
      unsigned bad = 0;
      for (unsigned i = 0; i < n && bad < 5; i++) {
         if (!CHECK_EQ(buf[i], expect(i)))
            bad++;
      }
   }
   free(buf);
}

/* --- if/else ------------------------------------------------------------------ */

static uint32_t
expect_if(uint32_t i)
{
   if (i % 3 == 0)
      return i * 2;
   if (i % 3 == 1)
      return i + 100;
   return 7;
}

TEST(kx_if_else_divergent_nested)
{
   nir_builder b = kxt_builder(50, 1, 1);
   REQUIRE(b.shader);
   nir_def *i = global_id(&b);
   nir_def *m = nir_umod(&b, i, nir_imm_int(&b, 3));
   nir_push_if(&b, nir_ieq_imm(&b, m, 0));
   nir_def *a = nir_imul_imm(&b, i, 2);
   nir_push_else(&b, NULL);
   nir_push_if(&b, nir_ieq_imm(&b, m, 1));
   nir_def *c = nir_iadd_imm(&b, i, 100);
   nir_push_else(&b, NULL);
   nir_def *d = nir_imm_int(&b, 7);
   nir_pop_if(&b, NULL);
   nir_def *inner = nir_if_phi(&b, c, d);
   nir_pop_if(&b, NULL);
   nir_def *r = nir_if_phi(&b, a, inner);
   struct kx_program *p = finish(&b, i, r);
   REQUIRE(p);
   check_run(p, 3, 50, expect_if);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* An if whose sides are uniform in some strips and divergent in others,
 * with a side that writes memory: inactive lanes must not store. */
static uint32_t
expect_store_in_if(uint32_t i)
{
   return i >= 40 && i < 70 ? i : 0xcdcdcdcd;
}

TEST(kx_if_stores_only_active_lanes)
{
   nir_builder b = kxt_builder(32, 1, 1);
   REQUIRE(b.shader);
   nir_def *i = global_id(&b);
   nir_push_if(&b, nir_iand(&b, nir_uge(&b, i, nir_imm_int(&b, 40)),
                            nir_ult(&b, i, nir_imm_int(&b, 70))));
   nir_store_global(&b, i, kxt_addr(&b, i, 4));
   nir_pop_if(&b, NULL);
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);
   check_run(p, 4, 32, expect_store_in_if);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* --- loops with break at different iterations --------------------------------- */

static uint32_t
expect_sum(uint32_t i)
{
   uint32_t sum = 0;
   for (uint32_t j = 0; j < i % 7; j++)
      sum += j * i;
   return sum;
}

TEST(kx_loop_break_per_lane_trip_count)
{
   nir_builder b = kxt_builder(64, 1, 1);
   REQUIRE(b.shader);
   nir_def *i = global_id(&b);
   nir_variable *sum = local_uint(&b, "sum"), *j = local_uint(&b, "j");
   nir_store_var(&b, sum, nir_imm_int(&b, 0), 1);
   nir_store_var(&b, j, nir_imm_int(&b, 0), 1);
   nir_def *n = nir_umod(&b, i, nir_imm_int(&b, 7));
   nir_push_loop(&b);
   {
      nir_def *jv = nir_load_var(&b, j);
      nir_break_if(&b, nir_uge(&b, jv, n));
      nir_store_var(&b, sum, nir_iadd(&b, nir_load_var(&b, sum), nir_imul(&b, jv, i)), 1);
      nir_store_var(&b, j, nir_iadd_imm(&b, jv, 1), 1);
   }
   nir_pop_loop(&b, NULL);
   struct kx_program *p = finish(&b, i, nir_load_var(&b, sum));
   REQUIRE(p);
   check_run(p, 3, 64, expect_sum);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* A value computed in the loop body and read after the loop without a phi:
 * lanes that left early must keep the value of their last iteration. */
static uint32_t
expect_live_out(uint32_t i)
{
   uint32_t x = 0;
   for (uint32_t j = 0;; j++) {
      x = j * 3 + i;
      if (j == i % 5)
         break;
   }
   return x;
}

TEST(kx_loop_value_live_out_without_phi)
{
   nir_builder b = kxt_builder(45, 1, 1);
   REQUIRE(b.shader);
   nir_def *i = global_id(&b);
   nir_variable *j = local_uint(&b, "j");
   nir_store_var(&b, j, nir_imm_int(&b, 0), 1);
   nir_def *n = nir_umod(&b, i, nir_imm_int(&b, 5));
   nir_push_loop(&b);
   nir_def *jv = nir_load_var(&b, j);
   nir_def *x = nir_iadd(&b, nir_imul_imm(&b, jv, 3), i);
   nir_break_if(&b, nir_ieq(&b, jv, n));
   nir_store_var(&b, j, nir_iadd_imm(&b, jv, 1), 1);
   nir_pop_loop(&b, NULL);
   struct kx_program *p = finish(&b, i, x);
   REQUIRE(p);
   check_run(p, 2, 45, expect_live_out);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* --- continue -------------------------------------------------------------------- */

static uint32_t
expect_continue(uint32_t i)
{
   uint32_t sum = 0;
   for (uint32_t j = 0; j < 10 + i % 4; j++) {
      if ((j + i) % 3 == 0)
         continue;
      sum += j;
   }
   return sum;
}

TEST(kx_loop_continue_per_lane)
{
   nir_builder b = kxt_builder(64, 1, 1);
   REQUIRE(b.shader);
   nir_def *i = global_id(&b);
   nir_variable *sum = local_uint(&b, "sum"), *j = local_uint(&b, "j");
   nir_store_var(&b, sum, nir_imm_int(&b, 0), 1);
   nir_store_var(&b, j, nir_imm_int(&b, 0), 1);
   nir_def *n = nir_iadd_imm(&b, nir_umod(&b, i, nir_imm_int(&b, 4)), 10);
   nir_push_loop(&b);
   {
      nir_def *jv = nir_load_var(&b, j);
      nir_break_if(&b, nir_uge(&b, jv, n));
      nir_store_var(&b, j, nir_iadd_imm(&b, jv, 1), 1);
      nir_push_if(&b, nir_ieq_imm(&b, nir_umod(&b, nir_iadd(&b, jv, i), nir_imm_int(&b, 3)), 0));
      nir_jump(&b, NIR_JUMP_CONTINUE);
      nir_pop_if(&b, NULL);
      nir_store_var(&b, sum, nir_iadd(&b, nir_load_var(&b, sum), jv), 1);
   }
   nir_pop_loop(&b, NULL);
   struct kx_program *p = finish(&b, i, nir_load_var(&b, sum));
   REQUIRE(p);
   check_run(p, 2, 64, expect_continue);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* The same loop with the increment in a SPIR-V style continue construct. */
TEST(kx_loop_continue_construct)
{
   nir_builder b = kxt_builder(64, 1, 1);
   REQUIRE(b.shader);
   nir_def *i = global_id(&b);
   nir_variable *sum = local_uint(&b, "sum"), *j = local_uint(&b, "j");
   nir_store_var(&b, sum, nir_imm_int(&b, 0), 1);
   nir_store_var(&b, j, nir_imm_int(&b, 0), 1);
   nir_def *n = nir_iadd_imm(&b, nir_umod(&b, i, nir_imm_int(&b, 4)), 10);
   nir_loop *loop = nir_push_loop(&b);
   {
      nir_def *jv = nir_load_var(&b, j);
      nir_break_if(&b, nir_uge(&b, jv, n));
      nir_push_if(&b, nir_ieq_imm(&b, nir_umod(&b, nir_iadd(&b, jv, i), nir_imm_int(&b, 3)), 0));
      nir_jump(&b, NIR_JUMP_CONTINUE);
      nir_pop_if(&b, NULL);
      nir_store_var(&b, sum, nir_iadd(&b, nir_load_var(&b, sum), jv), 1);
   }
   nir_push_continue(&b, loop);
   nir_store_var(&b, j, nir_iadd_imm(&b, nir_load_var(&b, j), 1), 1);
   nir_pop_loop(&b, loop);
   struct kx_program *p = finish(&b, i, nir_load_var(&b, sum));
   REQUIRE(p);
   check_run(p, 2, 64, expect_continue);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* --- nested loops ------------------------------------------------------------------ */

static uint32_t
expect_nested(uint32_t i)
{
   uint32_t acc = 0;
   for (uint32_t o = 0; o < 1 + i % 4; o++) {
      if ((o ^ i) & 1) {
         acc += 1000;
         continue;
      }
      for (uint32_t k = 0;; k++) {
         if (k > (i + o) % 6)
            break;
         if (k == 3 && (i & 4))
            break;
         acc += k + o;
      }
   }
   return acc;
}

TEST(kx_nested_loops_break_continue)
{
   nir_builder b = kxt_builder(100, 1, 1);
   REQUIRE(b.shader);
   nir_def *i = global_id(&b);
   nir_variable *acc = local_uint(&b, "acc"), *o = local_uint(&b, "o"),
                *k = local_uint(&b, "k");
   nir_store_var(&b, acc, nir_imm_int(&b, 0), 1);
   nir_store_var(&b, o, nir_imm_int(&b, 0), 1);
   nir_def *n = nir_iadd_imm(&b, nir_umod(&b, i, nir_imm_int(&b, 4)), 1);
   nir_push_loop(&b);
   {
      nir_def *ov = nir_load_var(&b, o);
      nir_break_if(&b, nir_uge(&b, ov, n));
      nir_store_var(&b, o, nir_iadd_imm(&b, ov, 1), 1);
      nir_push_if(&b, nir_ine_imm(&b, nir_iand_imm(&b, nir_ixor(&b, ov, i), 1), 0));
      {
         nir_store_var(&b, acc, nir_iadd_imm(&b, nir_load_var(&b, acc), 1000), 1);
         nir_jump(&b, NIR_JUMP_CONTINUE);
      }
      nir_pop_if(&b, NULL);
      nir_store_var(&b, k, nir_imm_int(&b, 0), 1);
      nir_push_loop(&b);
      {
         nir_def *kv = nir_load_var(&b, k);
         nir_def *lim = nir_umod(&b, nir_iadd(&b, i, ov), nir_imm_int(&b, 6));
         nir_break_if(&b, nir_ult(&b, lim, kv));
         nir_break_if(&b, nir_iand(&b, nir_ieq_imm(&b, kv, 3),
                                   nir_ine_imm(&b, nir_iand_imm(&b, i, 4), 0)));
         nir_store_var(&b, acc,
                       nir_iadd(&b, nir_load_var(&b, acc), nir_iadd(&b, kv, ov)), 1);
         nir_store_var(&b, k, nir_iadd_imm(&b, kv, 1), 1);
      }
      nir_pop_loop(&b, NULL);
   }
   nir_pop_loop(&b, NULL);
   struct kx_program *p = finish(&b, i, nir_load_var(&b, acc));
   REQUIRE(p);
   check_run(p, 2, 100, expect_nested);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* --- phis that swap ------------------------------------------------------------------ */

static uint32_t
expect_swap(uint32_t i)
{
   uint32_t a = i, c = 1000 + i;
   for (uint32_t j = 0; j < i % 5; j++) {
      const uint32_t t = a;
      a = c;
      c = t;
   }
   return a * 2 + c;
}

TEST(kx_phi_swap_parallel_copies)
{
   nir_builder b = kxt_builder(32, 1, 1);
   REQUIRE(b.shader);
   nir_def *i = global_id(&b);
   nir_variable *a = local_uint(&b, "a"), *c = local_uint(&b, "c"), *j = local_uint(&b, "j");
   nir_store_var(&b, a, i, 1);
   nir_store_var(&b, c, nir_iadd_imm(&b, i, 1000), 1);
   nir_store_var(&b, j, nir_imm_int(&b, 0), 1);
   nir_def *n = nir_umod(&b, i, nir_imm_int(&b, 5));
   nir_push_loop(&b);
   {
      nir_def *jv = nir_load_var(&b, j);
      nir_break_if(&b, nir_uge(&b, jv, n));
      nir_def *av = nir_load_var(&b, a), *cv = nir_load_var(&b, c);
      nir_store_var(&b, a, cv, 1);
      nir_store_var(&b, c, av, 1);
      nir_store_var(&b, j, nir_iadd_imm(&b, jv, 1), 1);
   }
   nir_pop_loop(&b, NULL);
   nir_def *r = nir_iadd(&b, nir_imul_imm(&b, nir_load_var(&b, a), 2), nir_load_var(&b, c));
   struct kx_program *p = finish(&b, i, r);
   REQUIRE(p);
   check_run(p, 3, 32, expect_swap);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* 64-bit values through phis and masked loop exits. */
static uint32_t
expect_u64(uint32_t i)
{
   uint64_t v = i;
   for (uint32_t j = 0; j < i % 9; j++)
      v = v * 0x100000001ull + j;
   return (uint32_t)(v >> 32) ^ (uint32_t)v;
}

TEST(kx_loop_64bit_values)
{
   nir_builder b = kxt_builder(64, 1, 1);
   REQUIRE(b.shader);
   nir_def *i = global_id(&b);
   nir_variable *v = nir_local_variable_create(b.impl, glsl_uint64_t_type(), "v");
   nir_variable *j = local_uint(&b, "j");
   nir_store_var(&b, v, nir_u2u64(&b, i), 1);
   nir_store_var(&b, j, nir_imm_int(&b, 0), 1);
   nir_def *n = nir_umod(&b, i, nir_imm_int(&b, 9));
   nir_push_loop(&b);
   {
      nir_def *jv = nir_load_var(&b, j);
      nir_break_if(&b, nir_uge(&b, jv, n));
      nir_def *vv = nir_load_var(&b, v);
      nir_store_var(&b, v, nir_iadd(&b, nir_imul(&b, vv, nir_imm_int64(&b, 0x100000001ll)),
                                    nir_u2u64(&b, jv)), 1);
      nir_store_var(&b, j, nir_iadd_imm(&b, jv, 1), 1);
   }
   nir_pop_loop(&b, NULL);
   nir_def *vv = nir_load_var(&b, v);
   nir_def *r = nir_ixor(&b, nir_unpack_64_2x32_split_y(&b, vv),
                         nir_unpack_64_2x32_split_x(&b, vv));
   struct kx_program *p = finish(&b, i, r);
   REQUIRE(p);
   check_run(p, 2, 64, expect_u64);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}
