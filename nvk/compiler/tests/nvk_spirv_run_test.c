/* SPDX-License-Identifier: MIT */
/*
 * SPIR-V through the whole compiler flow (nvk_compile) and the backend,
 * without a Vulkan device: storage buffers are host arrays at fake device
 * addresses, set memory and the root table are built here. Each shader
 * runs on every kernel variant the CPU has and the results must be
 * byte-identical (the differential hook: a second backend plugs in next to
 * them) and match the same computation in C.
 */
#include <math.h>

#include "nvk_compiler_test_util.h"

#include "buffer_reference_comp.h"
#include "control_flow_comp.h"
#include "subgroup_ops_comp.h"
#include "unroll_comp.h"

#define NCR_VA 0x200000000ull

struct ncr_mem {
   uint8_t *host;
   uint64_t size_B;
};

static void *
ncr_translate(void *data, uint64_t va, uint64_t size_B, uint64_t *range_va,
              uint64_t *range_end)
{
   struct ncr_mem *m = data;
   if (va < NCR_VA || va - NCR_VA > m->size_B || size_B > m->size_B - (va - NCR_VA))
      return NULL;
   *range_va = NCR_VA;
   *range_end = NCR_VA + m->size_B;
   return m->host + (va - NCR_VA);
}

/* Storage buffers 0..n-1 (set 0, bindings 0..n-1) of sizes[i] bytes, laid
 * end to end in one memory block. */
struct ncr_run {
   unsigned n;
   uint32_t sizes[8];
   uint32_t offsets[8];
   struct ncr_mem mem;
};

static void
ncr_init(struct ncr_run *r, const uint32_t *sizes, unsigned n)
{
   memset(r, 0, sizeof(*r));
   r->n = n;
   uint64_t off = 0;
   for (unsigned i = 0; i < n; i++) {
      r->sizes[i] = sizes[i];
      r->offsets[i] = (uint32_t)off;
      off += (sizes[i] + 255) & ~255u;
   }
   r->mem.size_B = off;
   r->mem.host = calloc(1, off);
}

static void *
ncr_buffer(struct ncr_run *r, unsigned i)
{
   return r->mem.host + r->offsets[i];
}

/* Compiles (lowered IR for `backend`) and runs over `groups` workgroups. */
static bool
ncr_dispatch(struct ncr_run *r, const uint32_t *spirv, size_t size_B, unsigned groups,
             const struct kx_backend *backend)
{
   struct nct_binding b[8];
   for (unsigned i = 0; i < r->n; i++)
      b[i] = (struct nct_binding){VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   struct nvk_pipeline_layout *layout = nct_layout(b, r->n);
   const struct nvk_compile_info info = {
      .spirv = spirv,
      .word_count = size_B / 4,
      .stage = NIR_STAGE_COMPUTE,
      .entry_point = "main",
      .layout = layout,
      .robust_buffer_access = true,
   };
   char *err = NULL;
   nir_shader *shader = nvk_compile_to_nir(&info, &err);
   if (shader)
      nvk_compile_optimize(shader);
   void *p = shader ? backend->compile(shader, &err) : NULL;
   nir_shader_destroy(shader);
   if (!p) {
      test_fail(__FILE__, __LINE__, "%s: %s", backend->name, err ? err : "?");
      free(err);
      nct_layout_free(layout);
      return false;
   }
   struct nvk_root_table root;
   memset(&root, 0, sizeof(root));
   root.num_workgroups[0] = groups;
   struct nvk_buffer_address set[8];
   for (unsigned i = 0; i < r->n; i++)
      set[i] = (struct nvk_buffer_address){NCR_VA + r->offsets[i], r->sizes[i], 0};
   struct kx_dispatch d = {
      .count = {groups, 1, 1},
      .translate = ncr_translate,
      .translate_data = &r->mem,
   };
   d.cbufs[NVK_CBUF_ROOT] = (struct kx_cbuf){&root, sizeof(root)};
   d.cbufs[NVK_CBUF_SET(0)] = (struct kx_cbuf){set, (uint32_t)(r->n * sizeof(set[0]))};
   const bool ok = backend->run(p, &d);
   if (!ok)
      test_fail(__FILE__, __LINE__, "%s: dispatch: %s", backend->name, d.fault);
   backend->destroy(p);
   nct_layout_free(layout);
   return ok;
}

/* Runs on every registered backend (kx_backends); the outputs (buffer
 * `out`) must agree byte for byte; leaves the first backend's results. */
static bool
ncr_run_all_backends(struct ncr_run *r, const uint32_t *spirv, size_t size_B, unsigned groups,
                 unsigned out)
{
   uint8_t *in_copy = malloc(r->mem.size_B);
   uint8_t *first = NULL;
   memcpy(in_copy, r->mem.host, r->mem.size_B);
   bool ok = true;
   for (const struct kx_backend *const *be = kx_backends(); *be; be++) {
      memcpy(r->mem.host, in_copy, r->mem.size_B);
      ok &= ncr_dispatch(r, spirv, size_B, groups, *be);
      if (!first) {
         first = malloc(r->sizes[out]);
         memcpy(first, ncr_buffer(r, out), r->sizes[out]);
      } else if (memcmp(first, ncr_buffer(r, out), r->sizes[out]) != 0) {
         test_fail(__FILE__, __LINE__, "%s computed something else than %s", (*be)->name,
                   kx_backends()[0]->name);
         ok = false;
      }
   }
   if (first)
      memcpy(ncr_buffer(r, out), first, r->sizes[out]);
   free(first);
   free(in_copy);
   return ok;
}

static uint32_t
f2u(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

TEST(spirv_subgroup_operations)
{
   enum { G = 3, N = 64 * G, S = KX_SUBGROUP_SIZE, OUTS = 24 };
   const uint32_t sizes[2] = {N * 4, N * OUTS * 4};
   struct ncr_run r;
   ncr_init(&r, sizes, 2);
   uint32_t *x = ncr_buffer(&r, 0);
   for (unsigned i = 0; i < N; i++)
      x[i] = (i * 2654435761u) % 1000u + (i % 7 == 3 ? 0x10000u : 0u);
   REQUIRE(ncr_run_all_backends(&r, subgroup_ops_comp_spv, sizeof(subgroup_ops_comp_spv), G, 1));
   const uint32_t *o = ncr_buffer(&r, 1);
   unsigned bad = 0;
   for (unsigned g = 0; g < N; g++) {
      const unsigned first = g - g % S, lane = g % S;
      const uint32_t *v = &x[first];
      uint32_t sum = 0, incl = 0, excl = 0, mn = UINT32_MAX, mx = 0, and_ = ~0u, or_ = 0,
               xor_ = 0, mul = 1, clus = 0, odd_sum = 0, odd_min = UINT32_MAX;
      uint64_t ballot = 0;
      float fsum = 0.0f, fmax_ = -INFINITY;
      for (unsigned l = 0; l < S; l++) {
         sum += v[l];
         if (l <= lane)
            incl += v[l];
         if (l < lane)
            excl += v[l];
         mn = v[l] < mn ? v[l] : mn;
         mx = v[l] > mx ? v[l] : mx;
         and_ &= v[l];
         or_ |= v[l];
         xor_ ^= v[l];
         mul *= v[l] & 3u;
         fsum += (float)(v[l] & 255u) * 0.5f;
         fmax_ = fmaxf(fmax_, (float)(v[l] & 255u) * 0.5f);
         if (l / 4 == lane / 4)
            clus += v[l];
         ballot |= (uint64_t)(v[l] % 3 == 0) << l;
         if (v[l] & 1) {
            odd_sum += v[l];
            if (l <= lane)
               odd_min = v[l] < odd_min ? v[l] : odd_min;
         }
      }
      const unsigned q = lane & ~3u;
      const uint32_t want[OUTS] = {
         sum, incl, excl, mn, mx, and_, or_, xor_, mul, f2u(fsum), f2u(fmax_), clus,
         v[(lane * 7) % S],
         v[lane ^ 5],
         lane >= 3 ? v[lane - 3] : 0xdeadu, /* undefined: not checked */
         lane + 2 < S ? v[lane + 2] : 0xdeadu,
         v[q + 2],
         v[lane ^ 1] + v[lane ^ 2] * 3 + v[lane ^ 3] * 5,
         (uint32_t)__builtin_popcountll(ballot) |
            ((uint32_t)__builtin_popcountll(ballot & ((2ull << lane) - 1)) << 8) |
            ((uint32_t)__builtin_popcountll(ballot & ((1ull << lane) - 1)) << 16),
         (ballot ? (uint32_t)__builtin_ctzll(ballot) : 0xffu) |
            ((ballot ? 63u - (uint32_t)__builtin_clzll(ballot) : 0xffu) << 8) |
            (((ballot >> 6) & 1) ? 0x10000u : 0) | (((ballot >> lane) & 1) ? 0x20000u : 0),
         (lane == 0 ? 1u : 0u) | (((g % 64) / S) << 4) | ((64u / S) << 8),
         (x[g] & 1) ? odd_sum ^ odd_min : 0xffffffffu,
         (uint32_t)(~((1ull << lane) - 1) ^ (~((1ull << lane) - 1) & ~(1ull << lane)) ^
                    ((2ull << lane) - 1)),
         v[9] + v[0],
      };
      for (unsigned k = 0; k < OUTS; k++) {
         if ((k == 14 && lane < 3) || (k == 15 && lane + 2 >= S))
            continue;
         if (ballot == 0 && k == 19)
            continue;
         if (o[g * OUTS + k] != want[k] && bad++ < 6)
            test_fail(__FILE__, __LINE__, "invocation %u value %u: 0x%x, want 0x%x", g, k,
                      o[g * OUTS + k], want[k]);
      }
   }
   free(r.mem.host);
}

static uint32_t
collatz(uint32_t x)
{
   uint32_t steps = 0;
   while (x != 1 && steps < 200) {
      x = (x & 1) ? 3 * x + 1 : x / 2;
      steps++;
   }
   return steps;
}

TEST(spirv_control_flow)
{
   enum { G = 5, N = 32 * G };
   const uint32_t sizes[2] = {N * 4, N * 16};
   struct ncr_run r;
   ncr_init(&r, sizes, 2);
   uint32_t *x = ncr_buffer(&r, 0);
   for (unsigned i = 0; i < N; i++)
      x[i] = (i * 7919u) % 5000u;
   REQUIRE(ncr_run_all_backends(&r, control_flow_comp_spv, sizeof(control_flow_comp_spv), G,
                                1));
   const uint32_t *o = ncr_buffer(&r, 1);
   unsigned bad = 0;
   for (unsigned g = 0; g < N; g++) {
      const uint32_t v = x[g];
      uint32_t acc = 0;
      switch (v % 5) {
      case 0:
         acc = 10;
         break;
      case 1:
         acc = 20;
         /* fallthrough */
      case 2:
         acc += 5;
         break;
      default:
         acc = v;
         break;
      }
      uint32_t table[16];
      for (uint32_t i = 0; i < 16; i++)
         table[i] = i * i + v;
      for (uint32_t i = 0; i < 8; i++) {
         if (i == v % 7)
            continue;
         for (uint32_t j = 0; j < 8; j++) {
            if (j > i)
               break;
            acc += table[(i * j + v) % 16];
         }
         if (acc > 100000)
            break;
      }
      const uint64_t wide = (uint64_t)v * 0x9e3779b97f4a7c15ull;
      const uint32_t want[4] = {acc, collatz(v % 1000 + 1), (uint32_t)(wide >> 40),
                                v % 3 == 0 ? 7 : table[v % 16]};
      for (unsigned k = 0; k < 4; k++) {
         if (o[g * 4 + k] != want[k] && bad++ < 6)
            test_fail(__FILE__, __LINE__, "invocation %u value %u: %u, want %u", g, k,
                      o[g * 4 + k], want[k]);
      }
   }
   free(r.mem.host);
}

/* Loops the unroller takes apart (constant trip counts, an exit test after
 * a side effect, counting down, zero trips, nested loops, swapped
 * loop-carried values) and loops it leaves alone (a bound from memory, too
 * many trips). */
TEST(spirv_unrolled_loops)
{
   enum { G = 2, N = 64 * G };
   const uint32_t sizes[3] = {N * 4, N * 8 * 4, N * 8 * 4};
   struct ncr_run r;
   ncr_init(&r, sizes, 3);
   uint32_t *x = ncr_buffer(&r, 0);
   for (unsigned i = 0; i < N; i++)
      x[i] = (i * 2654435761u) % 100000u;
   REQUIRE(ncr_run_all_backends(&r, unroll_comp_spv, sizeof(unroll_comp_spv), G, 1));
   const uint32_t *o = ncr_buffer(&r, 1), *tr = ncr_buffer(&r, 2);
   unsigned bad = 0;
   for (unsigned g = 0; g < N; g++) {
      const uint32_t v = x[g], l = g % 64;
      uint32_t acc = 0;
      for (uint32_t k = 0; k < 16; k++)
         acc += x[g - l + (l + k) % 64] * (k + 1);
      uint32_t sum = 0, i = 0;
      for (;; i++) {
         if (i >= 5)
            break;
         sum += i * v;
      }
      int32_t s = 0;
      for (int32_t j = -2; j > -20; j -= 3)
         s += j * (int32_t)(v & 7);
      uint32_t d = 0;
      for (uint32_t k = 0; k < (v & 15); k++)
         d += k;
      uint32_t big = v;
      for (uint32_t k = 0; k < 1000; k++)
         big = big * 3 + k;
      uint32_t n = 0;
      for (uint32_t a = 0; a < 3; a++)
         for (uint32_t b = 0; b < 4; b++)
            n += (a * 4 + b) ^ v;
      uint32_t p = v, q = 1;
      for (uint32_t k = 0; k < 5; k++) {
         const uint32_t t = p;
         p = q + k;
         q = t;
      }
      const uint32_t want[8] = {acc, sum + i * 1000, (uint32_t)s, 7 + v, d, big, n,
                                p * 65536 + q};
      for (unsigned k = 0; k < 8; k++) {
         if (o[g * 8 + k] != want[k] && bad++ < 6)
            test_fail(__FILE__, __LINE__, "invocation %u value %u: %u, want %u", g, k,
                      o[g * 8 + k], want[k]);
      }
      for (unsigned k = 0; k < 8; k++) {
         const uint32_t t = k <= 5 ? v + k : 0;
         if (tr[g * 8 + k] != t && bad++ < 6)
            test_fail(__FILE__, __LINE__, "invocation %u trace %u: %u, want %u", g, k,
                      tr[g * 8 + k], t);
      }
   }
   free(r.mem.host);
}

/* PhysicalStorageBuffer pointers (buffer_reference.comp): chains of nodes
 * in buffer 1 reached from heads in buffer 0 by device address, every lane
 * leaving the loop at its own hop, an atomic through a pointer; every
 * backend against the walk done here. */
TEST(spirv_pointer_chasing)
{
   enum { G = 2, N = 64 * G, M = 300 };
   const uint32_t sizes[3] = {8 + N * 8, M * 16, N * 8 + 4};
   struct ncr_run r;
   ncr_init(&r, sizes, 3);
   const uint64_t pool_va = NCR_VA + r.offsets[1];
   uint8_t *heads = ncr_buffer(&r, 0);
   uint8_t *pool = ncr_buffer(&r, 1);
   const uint64_t total_va = NCR_VA + r.offsets[2] + N * 8; /* after the hops */
   memcpy(heads, &total_va, 8);
   for (uint32_t k = 0; k < M; k++) {
      /* Node k points at node (7k + 3) % M, or nowhere every 11th node. */
      const uint64_t next = k % 11 == 5 ? 0 : pool_va + (uint64_t)((k * 7 + 3) % M) * 16;
      const uint32_t value = k * 13 + 1;
      memcpy(pool + k * 16, &next, 8);
      memcpy(pool + k * 16 + 8, &value, 4);
   }
   for (uint32_t i = 0; i < N; i++) {
      const uint64_t head = i % 9 == 4 ? 0 : pool_va + (uint64_t)((i * 37) % M) * 16;
      memcpy(heads + 8 + i * 8, &head, 8);
   }
   REQUIRE(ncr_run_all_backends(&r, buffer_reference_comp_spv,
                                sizeof(buffer_reference_comp_spv), G, 2));
   const uint32_t *o = ncr_buffer(&r, 2);
   unsigned bad = 0;
   uint32_t total = 0;
   for (uint32_t i = 0; i < N; i++) {
      uint64_t n;
      memcpy(&n, heads + 8 + i * 8, 8);
      uint32_t k = 0, sum = 0;
      while (n && k < 16) {
         const uint32_t idx = (uint32_t)((n - pool_va) / 16);
         uint32_t value;
         memcpy(&value, pool + idx * 16 + 8, 4);
         sum += value * (k + 1);
         memcpy(&n, pool + idx * 16, 8);
         k++;
      }
      total += sum;
      bad += o[2 * i] != k || o[2 * i + 1] != sum;
   }
   CHECK_EQ(bad, 0);
   CHECK_EQ(o[2 * N], total);
   free(r.mem.host);
}

