/* SPDX-License-Identifier: MIT */
/*
 * kx: the reference backend of the CPU device. It translates a finalized IR
 * shader once into a compact linear program (kx_program) and executes that
 * program over SIMD lanes.
 *
 * == Execution model ==
 * A *strip* is KX_W invocations executed together: every instruction of the
 * program runs over all KX_W lanes with a plain loop the C compiler
 * vectorizes. Control flow is structured and runs by lane masks: an `exec`
 * mask says which lanes are active; ifs, loops, breaks and continues push,
 * pop and edit masks (never per-lane jumps). ALU results are computed for
 * every lane; only writes that must not clobber other lanes' values are
 * masked (phi copies, values that leave a loop), and memory accesses,
 * atomics and subgroup operations look at the mask, so an inactive lane
 * never touches memory.
 *
 * A strip is also a subgroup: the subgroup size is KX_W, and the subgroup
 * operations work across the strip's lanes.
 *
 * A workgroup is ceil(size / KX_W) strips. When the shader has a control
 * barrier, the strips of a workgroup take turns: each runs until it reaches
 * the barrier (it yields, keeping its pc and mask stack) and the barrier
 * completes when every strip has arrived. SPIR-V requires control barriers
 * in uniform control flow (workgroup-uniform for workgroup scope), so every
 * strip reaches the same barrier; a shader breaking that rule gets
 * undefined results but nothing worse. Without barriers and subgroup
 * operations, invocations are independent and strips pack invocations of
 * consecutive workgroups back to back (small workgroups waste no lanes).
 *
 * Workgroups are spread over the caller's worker threads (kx_dispatch):
 * each thread owns register files and takes chunks of workgroups from an
 * atomic counter. Shared memory is per workgroup; atomics are real host
 * atomics.
 *
 * == Memory ==
 * Device memory is reached by 64-bit device addresses, translated through
 * the caller's MMU callback (with a small per-thread cache of the last
 * range). An address the MMU refuses is a fault: the dispatch stops and
 * reports it; the device is then lost. Addresses below KX_NULL_PAGE_SIZE_B
 * are the null page: loads read zero and stores vanish (what robust buffer
 * access lowers out-of-bounds accesses to).
 *
 * Constant buffers (load_ubo with a constant index) are host memory the
 * caller provides per dispatch (root table, descriptor sets).
 */
#ifndef KX_H
#define KX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct nir_shader nir_shader;
struct strbuf;

/* Lanes per strip = the subgroup size (32 or 64; overridable to measure:
 * 64 measured faster, docs/performance.md). */
#ifndef KX_W
#define KX_W 64
#endif
#define KX_SUBGROUP_SIZE KX_W

#define KX_MAX_CBUFS 16
#define KX_NULL_PAGE_SIZE_B 4096u

/* Largest workgroup the executor runs. */
#define KX_MAX_WORKGROUP_INVOCATIONS 1024

struct kx_program;

/* What a program needs from whoever runs it (the minimal side-band data). */
struct kx_program_info {
   uint16_t workgroup_size[3];
   uint32_t shared_size_B;
   uint32_t scratch_size_B; /* per invocation */
   bool uses_barrier;
   bool uses_subgroups; /* subgroup operations or subgroup system values */
};

/* Translates a finalized shader (see nvk/compiler: explicit I/O, descriptors
 * lowered) into a program. On failure returns NULL and, if `error` is not
 * NULL, a malloc'd message naming what is not supported. */
struct kx_program *kx_compile(nir_shader *shader, char **error);
void kx_program_destroy(struct kx_program *prog);
const struct kx_program_info *kx_program_info(const struct kx_program *prog);

/* A readable listing of the program (tests, KILN_DEBUG=kx). */
void kx_program_print(const struct kx_program *prog, struct strbuf *sb);

/* Serialization for pipeline caches: the bytes depend only on the program
 * (no pointers). Deserialize checks everything it reads and returns NULL
 * for anything that is not a program this build wrote. */
bool kx_program_serialize(const struct kx_program *prog, struct strbuf *out);
struct kx_program *kx_program_deserialize(const void *data, size_t size_B);

/* --- running ------------------------------------------------------------------ */

/* The MMU. Returns the host pointer of device address `va` if
 * [va, va + size_B) is mapped, and the whole range around it that maps to
 * contiguous host memory ([*range_va, *range_end)), so the executor can
 * reuse the translation; NULL if unmapped (a fault). */
typedef void *(*kx_translate_fn)(void *data, uint64_t va, uint64_t size_B,
                                 uint64_t *range_va, uint64_t *range_end);
/* Runs fn(data, i) for every i in [0, count), possibly concurrently. */
typedef void (*kx_parallel_fn)(void *data, uint32_t index);
typedef void (*kx_parallel_for_fn)(void *pool, uint32_t count, kx_parallel_fn fn,
                                   void *data);

struct kx_cbuf {
   const void *data;
   uint32_t size_B;
};

/* Which kernels run the program: the best the CPU has, or a given one
 * (tests compare them; KILN_DEBUG=kx_base forces the baseline). */
enum kx_isa {
   KX_ISA_AUTO = 0,
   KX_ISA_BASE,
   KX_ISA_AVX2,
   /* The JIT's native code (kxj.h), compiled at the first dispatch if it
    * was not yet; the best interpreter kernels where it cannot compile. KX_ISA_AUTO picks the JIT's code by the
    * tier policy (kxj_tier.c). */
   KX_ISA_JIT,
};

/* Whether this build and CPU can run `isa`. */
bool kx_isa_supported(enum kx_isa isa);

struct kx_dispatch {
   const struct kx_program *prog;
   enum kx_isa isa;
   /* The workgroups to run: ids base + [0, count). */
   uint32_t base[3];
   uint32_t count[3];
   struct kx_cbuf cbufs[KX_MAX_CBUFS];

   kx_translate_fn translate;
   void *translate_data;

   /* The watchdog (util_time_ns clock; 0: none): a shader still looping
    * past it faults, as a GPU's timeout detection would stop it. */
   uint64_t deadline_ns;

   /* NULL: run everything on the calling thread. */
   kx_parallel_for_fn parallel_for;
   void *pool;
   unsigned thread_count;

   /* Results. */
   bool faulted;
   char fault[256];
   uint64_t invocations; /* compute shader invocations (pipeline statistics) */
};

/* Runs a dispatch; false if it faulted (d->fault says why) or could not
 * allocate its state (d->fault says so too). */
bool kx_dispatch_run(struct kx_dispatch *d);

/* --- backends, for differential testing ------------------------------------------- */

/*
 * A shader backend: compile a finalized IR shader once, run dispatches of
 * it. The reference interpreter is registered once per kernel variant the
 * CPU runs; a future JIT registers itself here too, and the differential
 * tests (nvk/compiler/tests/nvk_spirv_run_test.c) run every shader on
 * every registered backend and compare the memory they leave behind.
 * For run, `d->prog` is ignored: the program is `prog`.
 */
struct kx_backend {
   const char *name;
   void *(*compile)(nir_shader *shader, char **error);
   void (*destroy)(void *prog);
   bool (*run)(const void *prog, struct kx_dispatch *d);
};

/* The backends this build and CPU can run, NULL-terminated. */
const struct kx_backend *const *kx_backends(void);

#endif /* KX_H */
