/* SPDX-License-Identifier: MIT */
/*
 * Memory: shared memory and barriers across the strips of a workgroup,
 * atomics from several threads, constant buffers, scratch, the null page,
 * faults, and the system values of both scheduling modes.
 */
#include <stdio.h>

#include "kx_test_helpers.h"
#include "util/os.h"

static nir_def *
lid_x(nir_builder *b)
{
   return nir_channel(b, nir_load_local_invocation_id(b), 0);
}

static nir_def *
wg_x(nir_builder *b)
{
   return nir_channel(b, nir_load_workgroup_id(b), 0);
}

static nir_def *
gid_x(nir_builder *b)
{
   return nir_channel(b, nir_load_global_invocation_id(b, 32), 0);
}

static void
barrier(nir_builder *b)
{
   nir_barrier(b, .execution_scope = NIR_SCOPE_WORKGROUP,
               .memory_scope = NIR_SCOPE_WORKGROUP,
               .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = NIR_VAR_MEM_SHARED);
}

static bool
run_threads(struct kx_program *p, struct kxt_mem *mem, unsigned groups, unsigned threads,
            struct kx_dispatch *out)
{
   struct kx_dispatch d = {
      .prog = p,
      .count = {groups, 1, 1},
      .translate = kxt_translate,
      .translate_data = mem,
      .parallel_for = kxt_parallel_for,
      .thread_count = threads,
   };
   const bool ok = kx_dispatch_run(&d);
   if (out)
      *out = d;
   return ok;
}

/* Every invocation writes shared[lid], then reads its mirror's entry after
 * the barrier: the mirror lives in another strip. */
TEST(kx_shared_memory_barrier_across_strips)
{
   const unsigned N = 256, G = 6;
   nir_builder b = kxt_builder(N, 1, 1);
   REQUIRE(b.shader);
   b.shader->info.shared_size_B = N * 4;
   nir_def *lid = lid_x(&b);
   nir_store_shared(&b, nir_iadd(&b, nir_imul(&b, lid, lid), wg_x(&b)), nir_imul_imm(&b, lid, 4));
   barrier(&b);
   nir_def *mirror = nir_isub(&b, nir_imm_int(&b, N - 1), lid);
   nir_def *v = nir_load_shared(&b, 1, 32, nir_imul_imm(&b, mirror, 4));
   nir_store_global(&b, v, kxt_addr(&b, gid_x(&b), 4));
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);
   CHECK(kx_program_info(p)->uses_barrier);

   uint32_t *buf = calloc(N * G, 4);
   struct kxt_mem mem = {(uint8_t *)buf, N * G * 4ull};
   CHECK(run_threads(p, &mem, G, 3, NULL));
   for (unsigned g = 0; g < G; g++)
      for (unsigned i = 0; i < N; i++)
         CHECK_EQ(buf[g * N + i], (N - 1 - i) * (N - 1 - i) + g);
   free(buf);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* Hillis-Steele inclusive prefix sum: barriers inside a (uniform) loop. */
TEST(kx_prefix_sum_barriers_in_loop)
{
   const unsigned N = 128, G = 4;
   nir_builder b = kxt_builder(N, 1, 1);
   REQUIRE(b.shader);
   b.shader->info.shared_size_B = N * 4;
   nir_def *lid = lid_x(&b);
   nir_def *gid = gid_x(&b);
   nir_def *in = nir_load_global(&b, 1, 32, kxt_addr(&b, gid, 4));
   nir_store_shared(&b, in, nir_imul_imm(&b, lid, 4));
   barrier(&b);
   nir_variable *dv = nir_local_variable_create(b.impl, glsl_uint_type(), "d");
   nir_store_var(&b, dv, nir_imm_int(&b, 1), 1);
   nir_push_loop(&b);
   {
      nir_def *d = nir_load_var(&b, dv);
      nir_break_if(&b, nir_uge(&b, d, nir_imm_int(&b, N)));
      nir_def *have = nir_uge(&b, lid, d);
      nir_def *zero = nir_imm_int(&b, 0);
      nir_push_if(&b, have);
      nir_def *other = nir_load_shared(&b, 1, 32, nir_imul_imm(&b, nir_isub(&b, lid, d), 4));
      nir_pop_if(&b, NULL);
      nir_def *add = nir_if_phi(&b, other, zero);
      barrier(&b);
      nir_def *mine = nir_load_shared(&b, 1, 32, nir_imul_imm(&b, lid, 4));
      nir_store_shared(&b, nir_iadd(&b, mine, add), nir_imul_imm(&b, lid, 4));
      barrier(&b);
      nir_store_var(&b, dv, nir_ishl_imm(&b, d, 1), 1);
   }
   nir_pop_loop(&b, NULL);
   nir_store_global(&b, nir_load_shared(&b, 1, 32, nir_imul_imm(&b, lid, 4)),
                    kxt_addr(&b, gid, 4));
   nir_lower_vars_to_ssa(b.shader);
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);

   uint32_t *buf = calloc(N * G, 4);
   for (unsigned i = 0; i < N * G; i++)
      buf[i] = (i * 7 + 3) % 11;
   struct kxt_mem mem = {(uint8_t *)buf, N * G * 4ull};
   CHECK(run_threads(p, &mem, G, 2, NULL));
   for (unsigned g = 0; g < G; g++) {
      uint32_t sum = 0;
      for (unsigned i = 0; i < N; i++) {
         sum += ((g * N + i) * 7 + 3) % 11;
         CHECK_EQ(buf[g * N + i], sum);
      }
   }
   free(buf);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* Global atomics from 4 threads at once: counts and maxima must add up. */
TEST(kx_global_atomics_threads)
{
   enum { N = 64, G = 256, BINS = 16 };
   nir_builder b = kxt_builder(N, 1, 1);
   REQUIRE(b.shader);
   nir_def *gid = gid_x(&b);
   nir_def *bin = nir_umod(&b, gid, nir_imm_int(&b, BINS));
   nir_global_atomic(&b, kxt_addr(&b, bin, 4), nir_imm_int(&b, 1),
                     .atomic_op = NIR_ATOMIC_OP_IADD);
   nir_global_atomic(&b, kxt_addr(&b, nir_iadd_imm(&b, bin, BINS), 4), gid,
                     .atomic_op = NIR_ATOMIC_OP_UMAX);
   nir_def *old = nir_global_atomic(&b, kxt_addr(&b, nir_imm_int(&b, BINS), 8),
                                    nir_u2u64(&b, gid), .atomic_op = NIR_ATOMIC_OP_IADD);
   (void)old;
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);

   uint32_t buf[4 * BINS] = {0};
   struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
   struct kx_dispatch d;
   CHECK(run_threads(p, &mem, G, 4, &d));
   CHECK_EQ(d.invocations, N * G);
   for (unsigned i = 0; i < BINS; i++) {
      CHECK_EQ(buf[i], N * G / BINS);
      CHECK_EQ(buf[BINS + i], N * G - BINS + i);
   }
   uint64_t sum;
   memcpy(&sum, &buf[2 * BINS], 8);
   CHECK_EQ(sum, (uint64_t)(N * G) * (N * G - 1) / 2);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* Shared atomics: a per-workgroup histogram, then one invocation per bin
 * adds it to the global one. */
TEST(kx_shared_atomics_histogram)
{
   const unsigned N = 96, G = 10, BINS = 8;
   nir_builder b = kxt_builder(N, 1, 1);
   REQUIRE(b.shader);
   b.shader->info.shared_size_B = BINS * 4;
   nir_def *lid = lid_x(&b);
   nir_push_if(&b, nir_ult(&b, lid, nir_imm_int(&b, BINS)));
   nir_store_shared(&b, nir_imm_int(&b, 0), nir_imul_imm(&b, lid, 4));
   nir_pop_if(&b, NULL);
   barrier(&b);
   nir_def *v = nir_load_global(&b, 1, 32, kxt_addr(&b, gid_x(&b), 4));
   nir_shared_atomic(&b, nir_imul_imm(&b, nir_umod(&b, v, nir_imm_int(&b, BINS)), 4),
                     nir_imm_int(&b, 1), .atomic_op = NIR_ATOMIC_OP_IADD);
   barrier(&b);
   nir_push_if(&b, nir_ult(&b, lid, nir_imm_int(&b, BINS)));
   nir_def *count = nir_load_shared(&b, 1, 32, nir_imul_imm(&b, lid, 4));
   nir_global_atomic(&b, kxt_addr(&b, nir_iadd_imm(&b, lid, N * G), 4), count,
                     .atomic_op = NIR_ATOMIC_OP_IADD);
   nir_pop_if(&b, NULL);
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);

   uint32_t *buf = calloc(N * G + BINS, 4);
   uint32_t want[8] = {0};
   for (unsigned i = 0; i < N * G; i++) {
      buf[i] = (i * 2654435761u) >> 7;
      want[buf[i] % BINS]++;
   }
   struct kxt_mem mem = {(uint8_t *)buf, (N * G + BINS) * 4ull};
   CHECK(run_threads(p, &mem, G, 3, NULL));
   for (unsigned i = 0; i < BINS; i++)
      CHECK_EQ(buf[N * G + i], want[i]);
   free(buf);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* Constant buffers: uniform and per-lane offsets, vectors, out of bounds. */
TEST(kx_cbuf_loads)
{
   nir_builder b = kxt_builder(32, 1, 1);
   REQUIRE(b.shader);
   nir_def *gid = gid_x(&b);
   nir_def *u = nir_load_ubo(&b, 2, 32, nir_imm_int(&b, 3), nir_imm_int(&b, 8));
   nir_def *l = nir_load_ubo(&b, 1, 32, nir_imm_int(&b, 3), nir_imul_imm(&b, gid, 4));
   nir_def *r = nir_iadd(&b, nir_iadd(&b, nir_channel(&b, u, 0), nir_channel(&b, u, 1)), l);
   nir_store_global(&b, r, kxt_addr(&b, gid, 4));
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);

   uint32_t cb[20];
   for (unsigned i = 0; i < 20; i++)
      cb[i] = 1000 * i;
   uint32_t buf[64];
   struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
   struct kx_dispatch d = {
      .prog = p,
      .count = {2, 1, 1},
      .translate = kxt_translate,
      .translate_data = &mem,
   };
   d.cbufs[3] = (struct kx_cbuf){cb, sizeof(cb)};
   CHECK(kx_dispatch_run(&d));
   for (unsigned i = 0; i < 64; i++)
      CHECK_EQ(buf[i], 2000 + 3000 + (i < 20 ? 1000 * i : 0));
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* Per-invocation scratch with dynamic offsets (a local array). */
TEST(kx_scratch_dynamic_index)
{
   nir_builder b = kxt_builder(40, 1, 1);
   REQUIRE(b.shader);
   b.shader->info.scratch_size_B = 16 * 4;
   nir_def *gid = gid_x(&b);
   nir_variable *k = nir_local_variable_create(b.impl, glsl_uint_type(), "k");
   nir_store_var(&b, k, nir_imm_int(&b, 0), 1);
   nir_push_loop(&b);
   {
      nir_def *kv = nir_load_var(&b, k);
      nir_break_if(&b, nir_uge(&b, kv, nir_imm_int(&b, 16)));
      nir_store_scratch(&b, nir_iadd(&b, nir_imul_imm(&b, kv, 10), gid), nir_imul_imm(&b, kv, 4));
      nir_store_var(&b, k, nir_iadd_imm(&b, kv, 1), 1);
   }
   nir_pop_loop(&b, NULL);
   nir_def *idx = nir_umod(&b, gid, nir_imm_int(&b, 16));
   nir_def *v = nir_load_scratch(&b, 1, 32, nir_imul_imm(&b, idx, 4));
   /* Out of range reads zero. */
   nir_def *oob = nir_load_scratch(&b, 1, 32, nir_imm_int(&b, 64));
   nir_store_global(&b, nir_iadd(&b, v, oob), kxt_addr(&b, gid, 4));
   nir_lower_vars_to_ssa(b.shader);
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);
   uint32_t buf[80];
   struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
   CHECK(kxt_run(p, &mem, 2, 1, 1, NULL));
   for (unsigned i = 0; i < 80; i++)
      CHECK_EQ(buf[i], (i % 16) * 10 + i);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* The null page reads zero and swallows stores and atomics. */
TEST(kx_null_page)
{
   nir_builder b = kxt_builder(32, 1, 1);
   REQUIRE(b.shader);
   nir_def *gid = gid_x(&b);
   nir_def *null_addr = nir_u2u64(&b, nir_imul_imm(&b, gid, 4));
   nir_def *z = nir_load_global(&b, 1, 32, null_addr);
   nir_store_global(&b, nir_imm_int(&b, 5), null_addr);
   nir_global_atomic(&b, null_addr, nir_imm_int(&b, 1), .atomic_op = NIR_ATOMIC_OP_IADD);
   nir_store_global(&b, nir_iadd_imm(&b, z, 9), kxt_addr(&b, gid, 4));
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);
   uint32_t buf[32];
   struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
   CHECK(kxt_run(p, &mem, 1, 1, 1, NULL));
   for (unsigned i = 0; i < 32; i++)
      CHECK_EQ(buf[i], 9);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* An access outside device memory faults: the dispatch stops and says
 * where; nothing crashes. */
TEST(kx_fault_stops_dispatch)
{
   nir_builder b = kxt_builder(64, 1, 1);
   REQUIRE(b.shader);
   nir_def *gid = gid_x(&b);
   /* Past the end of the buffer for the later workgroups. */
   nir_store_global(&b, gid, kxt_addr(&b, nir_imul_imm(&b, gid, 1024), 4));
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);
   uint32_t buf[64];
   struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
   struct kx_dispatch d;
   CHECK(!run_threads(p, &mem, 1000, 4, &d));
   CHECK(d.faulted);
   CHECK(strstr(d.fault, "memory fault") != NULL);
   CHECK_EQ(buf[0], 0);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* Small workgroups are packed into strips: every invocation still sees its
 * own workgroup and local ids. */
TEST(kx_independent_mode_ids)
{
   nir_builder b = kxt_builder(3, 2, 1);
   REQUIRE(b.shader);
   nir_def *wid = nir_load_workgroup_id(&b);
   nir_def *lid = nir_load_local_invocation_id(&b);
   nir_def *nwg = nir_load_num_workgroups(&b);
   nir_def *flat_wg = nir_iadd(&b, nir_channel(&b, wid, 0),
                               nir_imul(&b, nir_channel(&b, nwg, 0),
                                        nir_iadd(&b, nir_channel(&b, wid, 1),
                                                 nir_imul(&b, nir_channel(&b, nwg, 1),
                                                          nir_channel(&b, wid, 2)))));
   nir_def *index = nir_iadd(&b, nir_imul_imm(&b, flat_wg, 6), nir_load_local_invocation_index(&b));
   nir_def *packed = nir_ior(&b, nir_ishl_imm(&b, nir_channel(&b, wid, 0), 24),
                             nir_ior(&b, nir_ishl_imm(&b, nir_channel(&b, wid, 1), 16),
                                     nir_ior(&b, nir_ishl_imm(&b, nir_channel(&b, wid, 2), 8),
                                             nir_ior(&b, nir_ishl_imm(&b, nir_channel(&b, lid, 1), 4),
                                                     nir_channel(&b, lid, 0)))));
   nir_store_global(&b, packed, kxt_addr(&b, index, 4));
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);
   CHECK(!kx_program_info(p)->uses_barrier);
   enum { X = 5, Y = 4, Z = 2 };
   uint32_t buf[X * Y * Z * 6];
   memset(buf, 0xff, sizeof(buf));
   struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
   struct kx_dispatch d;
   CHECK(kxt_run(p, &mem, X, Y, Z, &d));
   CHECK_EQ(d.invocations, X * Y * Z * 6);
   for (unsigned z = 0; z < Z; z++)
      for (unsigned y = 0; y < Y; y++)
         for (unsigned x = 0; x < X; x++)
            for (unsigned ly = 0; ly < 2; ly++)
               for (unsigned lx = 0; lx < 3; lx++) {
                  const unsigned idx = ((z * Y + y) * X + x) * 6 + ly * 3 + lx;
                  CHECK_EQ(buf[idx], (x << 24) | (y << 16) | (z << 8) | (ly << 4) | lx);
               }
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* A program survives serialization; damaged bytes are refused. */
TEST(kx_serialize_round_trip)
{
   nir_builder b = kxt_builder(64, 1, 1);
   REQUIRE(b.shader);
   nir_def *gid = gid_x(&b);
   nir_push_if(&b, nir_ult(&b, gid, nir_imm_int(&b, 50)));
   nir_store_global(&b, nir_imul_imm(&b, gid, 5), kxt_addr(&b, gid, 4));
   nir_pop_if(&b, NULL);
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);
   struct strbuf sb;
   strbuf_init(&sb);
   CHECK(kx_program_serialize(p, &sb));
   struct kx_program *q = kx_program_deserialize(sb.buf, sb.len);
   REQUIRE(q);
   uint32_t buf[64] = {0};
   struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
   CHECK(kxt_run(q, &mem, 1, 1, 1, NULL));
   for (unsigned i = 0; i < 64; i++)
      CHECK_EQ(buf[i], i < 50 ? i * 5 : 0);

   /* Truncation and a jump out of the program are rejected. */
   CHECK(kx_program_deserialize(sb.buf, sb.len - 4) == NULL);
   CHECK(kx_program_deserialize(sb.buf, 10) == NULL);
   unsigned refused = 0, tried = 0;
   for (size_t off = 0; off < sb.len; off += 3) {
      char *copy = malloc(sb.len);
      memcpy(copy, sb.buf, sb.len);
      copy[off] ^= 0x5a;
      struct kx_program *r = kx_program_deserialize(copy, sb.len);
      if (!r) {
         refused++;
      } else {
         /* Whatever was accepted must run without crashing. */
         uint32_t junk[64];
         struct kxt_mem jm = {(uint8_t *)junk, sizeof(junk)};
         kxt_run(r, &jm, 1, 1, 1, NULL);
         kx_program_destroy(r);
      }
      tried++;
      free(copy);
   }
   printf("  %u of %u damaged programs refused\n", refused, tried);
   CHECK(refused > 0);
   strbuf_finish(&sb);
   kx_program_destroy(q);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* An endless loop hits the watchdog instead of hanging the device. */
TEST(kx_watchdog_stops_endless_loop)
{
   nir_builder b = kxt_builder(32, 1, 1);
   REQUIRE(b.shader);
   nir_def *gid = gid_x(&b);
   nir_push_loop(&b);
   nir_break_if(&b, nir_ieq_imm(&b, gid, 1000));
   nir_pop_loop(&b, NULL);
   nir_store_global(&b, gid, kxt_addr(&b, gid, 4));
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);
   uint32_t buf[32] = {0};
   struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
   struct kx_dispatch d = {
      .prog = p,
      .count = {1, 1, 1},
      .translate = kxt_translate,
      .translate_data = &mem,
      .deadline_ns = util_time_ns() + 50 * 1000 * 1000,
   };
   CHECK(!kx_dispatch_run(&d));
   CHECK(strstr(d.fault, "timeout") != NULL);
   CHECK_EQ(buf[0], 0);
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* Shared loads out of range read zero, on every kernel variant (the AVX2
 * one gathers with a mask). */
TEST(kx_shared_out_of_range_reads_zero)
{
   nir_builder b = kxt_builder(64, 1, 1);
   REQUIRE(b.shader);
   b.shader->info.shared_size_B = 64 * 4;
   nir_def *lid = lid_x(&b);
   nir_store_shared(&b, nir_iadd_imm(&b, lid, 1), nir_imul_imm(&b, lid, 4));
   barrier(&b);
   /* Lanes 0..63 read entries lid * 3: past the end from lane 22 on. */
   nir_def *v = nir_load_shared(&b, 2, 32, nir_imul_imm(&b, lid, 12));
   nir_store_global(&b, nir_iadd(&b, nir_channel(&b, v, 0), nir_imul_imm(&b, nir_channel(&b, v, 1), 1000)),
                    kxt_addr(&b, gid_x(&b), 4));
   struct kx_program *p = kxt_compile(b.shader);
   REQUIRE(p);
   for (unsigned isa = KX_ISA_BASE; isa <= KX_ISA_JIT; isa++) {
      if (!kx_isa_supported(isa))
         continue;
      uint32_t buf[64];
      memset(buf, 0xff, sizeof(buf));
      struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
      struct kx_dispatch d = {
         .prog = p,
         .isa = isa,
         .count = {1, 1, 1},
         .translate = kxt_translate,
         .translate_data = &mem,
      };
      CHECK(kx_dispatch_run(&d));
      for (unsigned i = 0; i < 64; i++) {
         /* entry k holds k + 1; a vec2 past the end reads (0, 0). */
         const uint32_t want = 3 * i + 1 < 64 ? (3 * i + 1) + 1000 * (3 * i + 2) : 0;
         CHECK_EQ(buf[i], want);
      }
   }
   kx_program_destroy(p);
   nir_shader_destroy(b.shader);
}

/* Workers keep their state between dispatches of a program (kx_dispatch.c):
 * a dispatch after another with other constant buffers, and after a
 * different program took the workers' slots, computes from its own
 * constants. Also reports what a small dispatch costs. */
TEST(kx_worker_state_reused_between_dispatches)
{
   struct kx_program *p[2];
   nir_shader *s[2];
   for (unsigned k = 0; k < 2; k++) {
      nir_builder b = kxt_builder(64, 1, 1);
      REQUIRE(b.shader);
      nir_def *gid = gid_x(&b);
      /* A hoisted constant-buffer load (the prologue's) and a constant
       * that differs between the two programs. */
      nir_def *u = nir_load_ubo(&b, 1, 32, nir_imm_int(&b, 2), nir_imm_int(&b, 4 * k));
      nir_def *r = nir_iadd(&b, nir_iadd_imm(&b, u, 100 * (k + 1)), gid);
      nir_store_global(&b, r, kxt_addr(&b, gid, 4));
      p[k] = kxt_compile(b.shader);
      REQUIRE(p[k]);
      s[k] = b.shader;
   }
   uint32_t buf[256];
   struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
   const unsigned order[5] = {0, 0, 1, 0, 1};
   for (unsigned run = 0; run < 5; run++) {
      const unsigned k = order[run];
      uint32_t cb[2] = {7000 + run, 9000 + run};
      memset(buf, 0, sizeof(buf));
      struct kx_dispatch d = {
         .prog = p[k],
         .count = {4, 1, 1},
         .translate = kxt_translate,
         .translate_data = &mem,
         .parallel_for = kxt_parallel_for,
         .thread_count = 2,
      };
      d.cbufs[2] = (struct kx_cbuf){cb, sizeof(cb)};
      CHECK(kx_dispatch_run(&d));
      unsigned bad = 0;
      for (unsigned i = 0; i < 256; i++)
         bad += buf[i] != cb[k] + 100 * (k + 1) + i;
      if (!CHECK_EQ(bad, 0))
         printf("run %u (program %u): buf[0] = %u\n", run, k, buf[0]);
   }
   /* Small dispatches, one thread: what the set-up costs. */
   const uint64_t t0 = util_time_ns();
   enum { N = 2000 };
   for (unsigned i = 0; i < N; i++) {
      uint32_t cb[2] = {i, i};
      struct kx_dispatch d = {
         .prog = p[0],
         .count = {1, 1, 1},
         .translate = kxt_translate,
         .translate_data = &mem,
      };
      d.cbufs[2] = (struct kx_cbuf){cb, sizeof(cb)};
      kx_dispatch_run(&d);
   }
   printf("   %.2f us per 64-invocation dispatch\n", (util_time_ns() - t0) / 1000.0 / N);
   for (unsigned k = 0; k < 2; k++) {
      kx_program_destroy(p[k]);
      nir_shader_destroy(s[k]);
   }
}
