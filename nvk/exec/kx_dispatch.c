/* SPDX-License-Identifier: MIT */
/*
 * Running a dispatch: workgroups over threads, strips over workgroups.
 *
 * Threads take chunks of workgroups from an atomic counter (so a slow
 * chunk does not hold up the others). Two modes (kx.h):
 *  - cooperative (barriers or subgroup operations): a chunk is one
 *    workgroup; its strips take turns at each barrier until all are done;
 *  - independent: a chunk is a few workgroups laid end to end over strips
 *    (so a 1x1x1 workgroup does not waste KX_W - 1 lanes), each strip run
 *    to the end in turn.
 */
#include "kx.h"

#include <stdlib.h>
#include <string.h>

#include "kx_mem.h"
#include "kx_program.h"
#include "kxj.h"
#include "util/debug.h"

enum {
   KX_DEBUG_BASE_ISA = 1 << 0,
};

static const struct util_debug_flag kx_debug_table[] = {
   {"kx_base", KX_DEBUG_BASE_ISA, "run shaders with the baseline (SSE2) kernels"},
   {NULL, 0, NULL},
};
UTIL_DEBUG_DEFINE_GETTER(kx_debug_flags, "kx", kx_debug_table)

/* Invocations a chunk of independent workgroups aims for. */
#define KX_INDEPENDENT_CHUNK 256u

bool
kx_isa_supported(enum kx_isa isa)
{
   switch (isa) {
   case KX_ISA_AUTO:
   case KX_ISA_BASE:
      return true;
   case KX_ISA_JIT:
      return kxj_available();
   case KX_ISA_AVX2:
#if defined(__x86_64__) && defined(KX_HAVE_AVX2)
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
      return false;
#endif
   }
   return false;
}

kx_run_fn
kx_select_run(enum kx_isa isa)
{
#if defined(__x86_64__) && defined(KX_HAVE_AVX2)
   if (isa == KX_ISA_AUTO && !(kx_debug_flags() & KX_DEBUG_BASE_ISA) &&
       kx_isa_supported(KX_ISA_AVX2))
      return kx_run_avx2;
   if ((isa == KX_ISA_AVX2 || isa == KX_ISA_JIT) && kx_isa_supported(KX_ISA_AVX2))
      return kx_run_avx2;
#endif
   return kx_run_base;
}

void
kx_regs_init_consts(const struct kx_program *prog, uint8_t *regs)
{
   for (uint32_t i = 0; i < prog->num_consts; i++) {
      const struct kx_const *c = &prog->consts[i];
      if (c->bits == 64) {
         uint64_t *d = (uint64_t *)(regs + c->offset_B);
         for (unsigned l = 0; l < KX_W; l++)
            d[l] = c->value;
      } else {
         uint32_t *d = (uint32_t *)(regs + c->offset_B);
         for (unsigned l = 0; l < KX_W; l++)
            d[l] = (uint32_t)c->value;
      }
   }
}

struct kx_job {
   struct kx_dispatch *d;
   const struct kx_program *prog;
   kx_run_fn run;
   uint32_t wg_size;
   uint32_t strips_per_wg;
   bool cooperative;
   uint32_t wgs_per_chunk;
   uint64_t num_wgs;
   uint64_t num_chunks;
   uint64_t next_chunk; /* atomic */
};

static void
kx_strip_reset(struct kx_ctx *ctx)
{
   ctx->exec = ctx->live;
   ctx->sp = 0;
   ctx->loop_frame = -1;
   ctx->done = false;
   ctx->resume = ctx->thread->prog->instrs + ctx->thread->prog->main_start;
}

/* Lanes [0, n) live. */
static inline kx_mask
kx_live_mask(uint64_t n)
{
   return n >= KX_W ? KX_FULL_MASK : ((kx_mask)1 << n) - 1;
}

/*
 * Workgroup variables with a null initializer start as zero in every
 * workgroup (Vulkan 1.3, VkPhysicalDeviceVulkan13Features:
 * "shaderZeroInitializeWorkgroupMemory specifies whether the implementation
 * supports initializing a variable in Workgroup storage class"; SPIR-V 1.6,
 * OpVariable: "Initializer is optional. If Initializer is present, it will
 * be the initial value of the variable's memory content"). The compiler
 * records where the last initialized variable ends and every byte before it
 * is zeroed: variables without an initializer are undefined, and zero is one
 * of their values. wgs workgroups of shared memory lie end to end.
 */
static void
kx_zero_shared(const struct kx_job *job, uint8_t *shared, uint64_t wgs)
{
   const struct kx_program_info *info = &job->prog->info;
   if (!info->shared_zero_size_B)
      return;
   for (uint64_t wg = 0; wg < wgs; wg++)
      memset(shared + wg * info->shared_size_B, 0, info->shared_zero_size_B);
}

/* One workgroup, its strips taking turns at barriers. */
static uint64_t
kx_run_cooperative(struct kx_job *job, struct kx_thread *t, struct kx_ctx **strips,
                   uint64_t wg, uint8_t *shared)
{
   for (uint32_t s = 0; s < job->strips_per_wg; s++) {
      struct kx_ctx *ctx = strips[s];
      ctx->first_invocation = wg * job->wg_size + (uint64_t)s * KX_W;
      ctx->live = kx_live_mask(job->wg_size - s * KX_W);
      if (t->shared_size_B) {
         for (unsigned l = 0; l < KX_W; l++)
            ctx->shared[l] = shared;
      }
      ctx->shared_uniform = true;
      ctx->subgroup_id = s;
      kx_strip_reset(ctx);
   }
   kx_zero_shared(job, shared, 1);

   bool running = true;
   while (running && !t->faulted) {
      running = false;
      for (uint32_t s = 0; s < job->strips_per_wg && !t->faulted; s++) {
         struct kx_ctx *ctx = strips[s];
         if (ctx->done)
            continue;
         job->run(ctx, ctx->resume);
         if (!ctx->done && !ctx->resume)
            ctx->done = true; /* stopped by a fault */
         running |= !ctx->done;
      }
   }
   return job->wg_size;
}

/* A chunk of whole workgroups laid over strips end to end. */
static uint64_t
kx_run_independent(struct kx_job *job, struct kx_thread *t, struct kx_ctx *ctx,
                   uint64_t first_wg, uint8_t *shared)
{
   const uint64_t wgs = MIN2((uint64_t)job->wgs_per_chunk, job->num_wgs - first_wg);
   const uint64_t total = wgs * job->wg_size;
   const uint64_t first = first_wg * job->wg_size;
   kx_zero_shared(job, shared, wgs);
   for (uint64_t base = 0; base < total && !t->faulted; base += KX_W) {
      ctx->first_invocation = first + base;
      ctx->live = kx_live_mask(total - base);
      ctx->shared_uniform = false;
      if (t->shared_size_B) {
         /* Each lane's workgroup's shared memory, stepping lane by lane. */
         uint64_t wg = base / job->wg_size;
         uint32_t idx = (uint32_t)(base % job->wg_size);
         for (unsigned l = 0; l < KX_W; l++) {
            ctx->shared[l] = shared + (wg < wgs ? wg : 0) * t->shared_size_B;
            if (++idx == job->wg_size) {
               idx = 0;
               wg++;
            }
         }
      }
      ctx->subgroup_id = 0;
      kx_strip_reset(ctx);
      job->run(ctx, ctx->resume);
   }
   return total;
}

/*
 * Worker state kept between dispatches: slot i holds the state the worker
 * that ran item i of a dispatch used last (register files with the
 * constants broadcast, mask stacks, scratch, shared memory), so dispatches
 * of the same program skip the allocation and set-up. A state is reused
 * only by the program it was made for (kx_program::id, never reused) with
 * the same shape; the prologue's invariants are recomputed (the constant
 * buffers change between dispatches). Large states are not kept.
 */
#define KX_WORKER_CACHE_SLOTS 64u
#define KX_WORKER_CACHE_MAX_B (1u << 20)
static struct kx_exec *kx_worker_cache[KX_WORKER_CACHE_SLOTS];

/* At exit or when the driver is unloaded (dlclose). */
__attribute__((destructor)) static void
kx_worker_cache_free(void)
{
   for (unsigned i = 0; i < KX_WORKER_CACHE_SLOTS; i++)
      kx_exec_destroy(__atomic_exchange_n(&kx_worker_cache[i], NULL, __ATOMIC_ACQ_REL));
}

static struct kx_exec *
kx_worker_take(struct kx_job *job, uint32_t index, uint32_t nstrips, size_t shared_B)
{
   if (index >= KX_WORKER_CACHE_SLOTS)
      return NULL;
   struct kx_exec *e = __atomic_exchange_n(&kx_worker_cache[index], NULL, __ATOMIC_ACQ_REL);
   if (!e)
      return NULL;
   if (e->prog_id != job->prog->id || e->run != job->run || e->num_strips != nstrips ||
       e->shared_B < shared_B) {
      kx_exec_destroy(e);
      return NULL;
   }
   struct kx_thread *t = e->t;
   e->prog = job->prog;
   t->d = job->d;
   t->prog = job->prog;
   t->faulted = false;
   memset(t->tlb, 0, sizeof(t->tlb));
   t->tlb_next = 0;
   kx_exec_prologue(e);
   return e;
}

static void
kx_worker_put(struct kx_exec *e, uint32_t index)
{
   if (index >= KX_WORKER_CACHE_SLOTS || e->size_B > KX_WORKER_CACHE_MAX_B) {
      kx_exec_destroy(e);
      return;
   }
   kx_exec_destroy(__atomic_exchange_n(&kx_worker_cache[index], e, __ATOMIC_ACQ_REL));
}

static void
kx_worker(void *data, uint32_t index)
{
   struct kx_job *job = data;
   const struct kx_program *prog = job->prog;
   const uint32_t nstrips = job->cooperative ? job->strips_per_wg : 1;
   const size_t shared_B =
      (size_t)prog->info.shared_size_B * (job->cooperative ? 1 : job->wgs_per_chunk);
   struct kx_exec *e = kx_worker_take(job, index, nstrips, shared_B);
   if (!e)
      e = kx_exec_alloc(prog, job->run, nstrips, shared_B, job->d);
   if (!e) {
      struct kx_thread tmp = {.d = job->d};
      kx_thread_fault(&tmp, "kx: out of memory for the shader state of %u strips", nstrips);
      return;
   }
   struct kx_thread *t = e->t;

   uint64_t invocations = 0;
   for (;;) {
      if (__atomic_load_n(&job->d->faulted, __ATOMIC_RELAXED))
         break;
      const uint64_t chunk = __atomic_fetch_add(&job->next_chunk, 1, __ATOMIC_RELAXED);
      if (chunk >= job->num_chunks)
         break;
      if (job->cooperative)
         invocations += kx_run_cooperative(job, t, e->strips, chunk, e->shared);
      else
         invocations += kx_run_independent(job, t, e->strips[0], chunk * job->wgs_per_chunk,
                                           e->shared);
      if (t->faulted)
         break;
   }
   __atomic_fetch_add(&job->d->invocations, invocations, __ATOMIC_RELAXED);
   kx_worker_put(e, index);
}

bool
kx_dispatch_run(struct kx_dispatch *d)
{
   const struct kx_program *prog = d->prog;
   d->faulted = false;
   d->fault[0] = '\0';
   d->invocations = 0;
   const uint64_t num_wgs = (uint64_t)d->count[0] * d->count[1] * d->count[2];
   if (num_wgs == 0)
      return true;

   struct kx_job job = {
      .d = d,
      .prog = prog,
      .run = kxj_run_fn(prog, d->isa),
      .num_wgs = num_wgs,
   };
   if (!job.run)
      job.run = kx_select_run(d->isa);
   const struct kx_program_info *info = &prog->info;
   job.wg_size = info->workgroup_size[0] * info->workgroup_size[1] * info->workgroup_size[2];
   job.strips_per_wg = (job.wg_size + KX_W - 1) / KX_W;
   job.cooperative = info->uses_barrier || info->uses_subgroups;
   if (job.cooperative) {
      job.wgs_per_chunk = 1;
   } else {
      job.wgs_per_chunk = MAX2(1u, KX_INDEPENDENT_CHUNK / job.wg_size);
   }
   job.num_chunks = (num_wgs + job.wgs_per_chunk - 1) / job.wgs_per_chunk;

   unsigned threads = d->parallel_for ? MAX2(d->thread_count, 1u) : 1;
   if (threads > job.num_chunks)
      threads = (unsigned)job.num_chunks;
   if (threads > 1)
      d->parallel_for(d->pool, threads, kx_worker, &job);
   else
      kx_worker(&job, 0);
   return !d->faulted;
}
