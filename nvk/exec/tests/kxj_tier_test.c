/* SPDX-License-Identifier: MIT */
/*
 * The JIT tier under concurrency: threads create programs, dispatch them
 * with KX_ISA_AUTO (the interpreter first, native code once the background
 * compiler publishes it, so a program changes tier between dispatches) and
 * destroy them while their compile is queued, in flight or done. Each
 * result is checked against id * k + c, k and c differing per program, so
 * code of another (or a freed) program shows as wrong values; lifetime and
 * ordering errors show under ASan and TSan (docs/shaders.md).
 */
#include <time.h>

#include "kx_test_helpers.h"
#include "kxj.h"

#define KXJ_STRESS_THREADS 4u
#define KXJ_STRESS_PROGRAMS 12u

struct kxj_stress {
   unsigned thread;
   unsigned wrong;
   unsigned failed;
   unsigned native; /* programs that ran native code */
};

static struct kx_program *
kxj_stress_program(unsigned k, unsigned c)
{
   nir_builder b = kxt_builder(32, 1, 1);
   if (!b.shader)
      return NULL;
   nir_def *id = nir_channel(&b, nir_load_global_invocation_id(&b, 32), 0);
   nir_store_global(&b, nir_iadd_imm(&b, nir_imul_imm(&b, id, k), c), kxt_addr(&b, id, 4));
   char *err = NULL;
   struct kx_program *p = kx_compile(b.shader, &err);
   free(err);
   nir_shader_destroy(b.shader);
   return p;
}

static void
kxj_stress_dispatch(struct kxj_stress *s, struct kx_program *p, unsigned k, unsigned c)
{
   uint32_t buf[128];
   struct kxt_mem mem = {(uint8_t *)buf, sizeof(buf)};
   memset(buf, 0xab, sizeof(buf));
   struct kx_dispatch d = {
      .prog = p,
      .isa = KX_ISA_AUTO,
      .count = {4, 1, 1},
      .translate = kxt_translate,
      .translate_data = &mem,
      .parallel_for = kxt_parallel_for,
      .thread_count = 2,
   };
   if (!kx_dispatch_run(&d))
      s->failed++;
   for (unsigned l = 0; l < 128; l++)
      s->wrong += buf[l] != l * k + c;
}

/* Polls until the background compiler published `p`'s code (at most 20 s:
 * LLVM on a loaded machine, or under a sanitizer). */
static bool
kxj_stress_wait_native(struct kx_program *p)
{
   for (unsigned ms = 0; ms < 20000; ms++) {
      if (kxj_run_fn(p, KX_ISA_AUTO))
         return true;
      const struct timespec ts = {0, 1000 * 1000};
      nanosleep(&ts, NULL);
   }
   return false;
}

static void *
kxj_stress_thread(void *arg)
{
   struct kxj_stress *s = arg;
   for (unsigned i = 0; i < KXJ_STRESS_PROGRAMS; i++) {
      const unsigned k = 3 + s->thread * 101 + i * 7, c = 1000 * s->thread + i;
      struct kx_program *p = kxj_stress_program(k, c);
      if (!p) {
         s->failed++;
         continue;
      }
      /* 0 to 3 dispatches before the destroy: destroys land on programs
       * never dispatched, queued, compiling and compiled. */
      for (unsigned run = 0; run < i % 4; run++)
         kxj_stress_dispatch(s, p, k, c);
      /* Every fourth program also waits for its native code and runs it
       * (threads running native code while others' compiles publish). */
      if (i % 4 == 3 && kxj_stress_wait_native(p)) {
         s->native++;
         kxj_stress_dispatch(s, p, k, c);
      }
      kx_program_destroy(p);
   }
   return NULL;
}

TEST(kxj_tier_create_dispatch_destroy_threads)
{
   if (!kxj_available()) {
      test_skip("no JIT in this build or on this machine");
      return;
   }
   pthread_t th[KXJ_STRESS_THREADS];
   struct kxj_stress s[KXJ_STRESS_THREADS];
   for (unsigned t = 0; t < KXJ_STRESS_THREADS; t++) {
      s[t] = (struct kxj_stress){.thread = t};
      REQUIRE(pthread_create(&th[t], NULL, kxj_stress_thread, &s[t]) == 0);
   }
   for (unsigned t = 0; t < KXJ_STRESS_THREADS; t++)
      pthread_join(th[t], NULL);
   for (unsigned t = 0; t < KXJ_STRESS_THREADS; t++) {
      CHECK_EQ(s[t].failed, 0);
      CHECK_EQ(s[t].wrong, 0);
      /* The tier switched: programs 3, 7 and 11 of each thread ran natively. */
      CHECK_EQ(s[t].native, KXJ_STRESS_PROGRAMS / 4);
   }
}
