/* SPDX-License-Identifier: MIT */
/* Helpers of the kx unit tests: a fake device memory, running a shader. */
#ifndef KX_TEST_HELPERS_H
#define KX_TEST_HELPERS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kx.h"
#include "nir/nir.h"
#include "nir/nir_builder.h"
#include "util/strbuf.h"
#include "util/test.h"

/* Device memory of the tests: one buffer at a fixed device address. */
#define KXT_VA 0x100000000ull

struct kxt_mem {
   uint8_t *host;
   uint64_t size_B;
};

static inline void *
kxt_translate(void *data, uint64_t va, uint64_t size_B, uint64_t *range_va,
              uint64_t *range_end)
{
   struct kxt_mem *m = data;
   if (va < KXT_VA || va - KXT_VA > m->size_B || size_B > m->size_B - (va - KXT_VA))
      return NULL;
   *range_va = KXT_VA;
   *range_end = KXT_VA + m->size_B;
   return m->host + (va - KXT_VA);
}

static inline nir_builder
kxt_builder(unsigned x, unsigned y, unsigned z)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_COMPUTE, NULL, "kx_test");
   if (b.shader) {
      b.shader->info.cs.workgroup_size[0] = (uint16_t)x;
      b.shader->info.cs.workgroup_size[1] = (uint16_t)y;
      b.shader->info.cs.workgroup_size[2] = (uint16_t)z;
   }
   return b;
}

/* Address of element `index` (elem_B bytes each) of the test buffer. */
static inline nir_def *
kxt_addr(nir_builder *b, nir_def *index, unsigned elem_B)
{
   nir_def *off = nir_u2u64(b, nir_imul_imm(b, index, elem_B));
   return nir_iadd(b, nir_imm_int64(b, (int64_t)KXT_VA), off);
}

static inline struct kx_program *
kxt_compile(nir_shader *s)
{
   char *err = NULL;
   nir_validate_shader(s, "kx test");
   struct kx_program *p = kx_compile(s, &err);
   if (!p)
      test_fail(__FILE__, __LINE__, "kx_compile: %s", err ? err : "?");
   free(err);
   return p;
}

/* Runs `prog` over groups x, y, z with `mem` as device memory. */
static inline bool
kxt_run(struct kx_program *prog, struct kxt_mem *mem, unsigned x, unsigned y, unsigned z,
        struct kx_dispatch *out)
{
   struct kx_dispatch d = {
      .prog = prog,
      .count = {x, y, z},
      .translate = kxt_translate,
      .translate_data = mem,
   };
   const bool ok = kx_dispatch_run(&d);
   if (out)
      *out = d;
   return ok;
}

#endif

/* A tiny thread pool for tests: parallel_for over `threads` pthreads. */
#include <pthread.h>

struct kxt_pool {
   unsigned threads;
};

struct kxt_pool_job {
   kx_parallel_fn fn;
   void *data;
   uint32_t index;
};

static inline void *
kxt_pool_thread(void *arg)
{
   struct kxt_pool_job *j = arg;
   j->fn(j->data, j->index);
   return NULL;
}

static inline void
kxt_parallel_for(void *pool, uint32_t count, kx_parallel_fn fn, void *data)
{
   (void)pool;
   pthread_t th[64];
   struct kxt_pool_job jobs[64];
   for (uint32_t i = 0; i < count && i < 64; i++) {
      jobs[i] = (struct kxt_pool_job){fn, data, i};
      pthread_create(&th[i], NULL, kxt_pool_thread, &jobs[i]);
   }
   for (uint32_t i = 0; i < count && i < 64; i++)
      pthread_join(th[i], NULL);
}
