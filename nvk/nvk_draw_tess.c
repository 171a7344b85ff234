/* SPDX-License-Identifier: MIT */
/*
 * The tessellation stage of a draw (Vulkan 1.3, chapter 23), between the
 * vertex shader and primitive setup, for one instance, in batches of
 * patches (the records of a batch stay within NVK_TESS_BATCH_B bytes, and
 * tessellated vertices go on down the chain every NVK_TESS_FLUSH_VERTICES,
 * so a draw of any size runs in bounded memory, in primitive order):
 *
 *   1. patches: consecutive groups of patchControlPoints post-VS vertices
 *      (21.1.9 "Patch Lists"; a partial last patch is dropped, restarts cut
 *      the list), copied into the control shader's input records;
 *   2. the control shader: OutputVertices invocations per patch, as many
 *      whole patches per strip as fit (so barrier() is free, see
 *      nvk_nir_lower_tess_io.c), writing output and patch records;
 *   3. the tessellator (nvk/tess) per patch on the levels the control
 *      shader wrote: domain coordinates, each vertex once, and primitives;
 *   4. the evaluation shader once per tessellated vertex, into AoS
 *      vertices in the kx slot layout, PrimitiveId the patch's number;
 *      the caller's emit function hands them down the pre-rasterization
 *      chain (nvk_draw.c: nvk_draw_pre_raster_tail, geometry shader,
 *      transform feedback, rasterization).
 *
 * The records live in host memory: the strips' MMU callback maps them by
 * their host addresses before the device's VA map (device memory is mapped
 * at its device address, so the two never overlap). Layout: nvk_tess_io.h.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "nvk_device.h"
#include "nvk_draw_priv.h"
#include "nvk_tess.h"
#include "nvk_tess_io.h"
#include "nvk_worker_pool.h"
#include "util/macros.h"

/* Host ranges the strips may reach besides device memory. */
struct tess_mem {
   struct nvk_device *dev;
   struct {
      uint64_t va, size_B;
   } range[5];
};

static void *
tess_translate(void *data, uint64_t va, uint64_t size_B, uint64_t *range_va,
               uint64_t *range_end)
{
   const struct tess_mem *m = data;
   for (unsigned i = 0; i < ARRAY_SIZE(m->range); i++) {
      const uint64_t start = m->range[i].va, size = m->range[i].size_B;
      if (size && va >= start && va - start <= size && size_B <= size - (va - start)) {
         *range_va = start;
         *range_end = start + size;
         return (void *)(uintptr_t)va;
      }
   }
   return nvk_draw_translate(m->dev, va, size_B, range_va, range_end);
}

static uint64_t
host_va(const void *p)
{
   return (uint64_t)(uintptr_t)p;
}

/* One stage's strips over the workers. */
struct tess_job {
   struct nvk_draw_ctx *ctx;
   struct kx_exec **execs;
   const char *what;
   struct kx_cbuf cbufs[KX_MAX_CBUFS];
   struct tess_mem *mem;
   /* Control: lanes per strip (whole patches) and the lane total;
    * evaluation: KX_W and the vertex total. */
   uint32_t lanes_per_strip, total;
   /* Evaluation: SoA outputs to AoS vertices. */
   float *out;
   uint32_t stride_floats;
   _Atomic uint32_t next_strip;
};

static bool
tess_strip(struct tess_job *j, unsigned w, uint32_t first)
{
   struct nvk_draw_ctx *ctx = j->ctx;
   float *vout = ctx->vs_out[w];
   uint32_t ids[KX_W] = {0}; /* inactive lanes compute too: defined values */
   const uint32_t lanes = MIN2(j->total - first, j->lanes_per_strip);
   for (uint32_t l = 0; l < lanes; l++)
      ids[l] = first + l;
   struct kx_strip s = {
      .lane_count = lanes,
      .in = ctx->vs_in[w],
      .out = vout,
      .vertex_index = ids,
      .view_index = ctx->view_index,
      .translate = tess_translate,
      .translate_data = j->mem,
      .deadline_ns = ctx->deadline_ns,
   };
   memcpy(s.cbufs, j->cbufs, sizeof(s.cbufs));
   if (!kx_exec_strip(j->execs[w], &s)) {
      nvk_draw_ctx_fault(ctx, j->what, s.fault);
      return false;
   }
   if (j->out) {
      for (uint32_t l = 0; l < lanes; l++) {
         float *v = j->out + (size_t)(first + l) * j->stride_floats;
         for (uint32_t i = 0; i < j->stride_floats; i++)
            v[i] = vout[KX_IO_INDEX(i / 4, i % 4, l)];
      }
   }
   return true;
}

static void
tess_worker(void *data, uint32_t w)
{
   struct tess_job *j = data;
   for (;;) {
      const uint64_t first =
         (uint64_t)atomic_fetch_add(&j->next_strip, 1) * j->lanes_per_strip;
      if (first >= j->total || atomic_load((_Atomic int *)&j->ctx->faulted) ||
          !tess_strip(j, w, (uint32_t)first))
         return;
   }
}

static bool
run_strips(struct tess_job *j)
{
   struct nvk_draw_ctx *ctx = j->ctx;
   if (j->total <= j->lanes_per_strip || ctx->thread_count == 1)
      tess_worker(j, 0);
   else
      nvk_worker_pool_parallel_for(ctx->ex->dev->workers, ctx->thread_count, tess_worker,
                                   j);
   return !atomic_load((_Atomic int *)&ctx->faulted);
}

static bool
execs_init(struct nvk_draw_ctx *ctx)
{
   if (ctx->tcs_exec)
      return true;
   ctx->tcs_exec = calloc(ctx->thread_count, sizeof(ctx->tcs_exec[0]));
   ctx->tes_exec = calloc(ctx->thread_count, sizeof(ctx->tes_exec[0]));
   if (!ctx->tcs_exec || !ctx->tes_exec)
      return false;
   for (unsigned w = 0; w < ctx->thread_count; w++) {
      ctx->tcs_exec[w] = kx_exec_create(ctx->tcs, KX_ISA_AUTO);
      ctx->tes_exec[w] = kx_exec_create(ctx->tes, KX_ISA_AUTO);
      if (!ctx->tcs_exec[w] || !ctx->tes_exec[w])
         return false;
   }
   return true;
}

void
nvk_draw_tess_finish(struct nvk_draw_ctx *ctx)
{
   for (unsigned w = 0; w < ctx->thread_count; w++) {
      if (ctx->tcs_exec && ctx->tcs_exec[w])
         kx_exec_destroy(ctx->tcs_exec[w]);
      if (ctx->tes_exec && ctx->tes_exec[w])
         kx_exec_destroy(ctx->tes_exec[w]);
   }
   free(ctx->tcs_exec);
   free(ctx->tes_exec);
   ctx->tcs_exec = ctx->tes_exec = NULL;
}

/* Step 1's patches: runs of n vertex numbers of the index stream; a
 * restart (primitiveTopologyPatchListRestart, VK_EXT_primitive_topology_
 * list_restart) drops the incomplete patch before it and starts the next,
 * as it does for other lists; a partial last patch is dropped (21.1.9).
 * Returns the patch count, their vertices in out[0 .. count * n). */
static uint32_t
assemble_patches(const uint32_t *ids, uint32_t count, uint32_t n, uint32_t *out)
{
   uint32_t patches = 0, run = 0;
   for (uint32_t i = 0; i < count; i++) {
      if (ids[i] == NVK_DRAW_RESTART) {
         run = 0;
         continue;
      }
      out[patches * n + run++] = ids[i];
      if (run == n) {
         patches++;
         run = 0;
      }
   }
   return patches;
}

/* Everything one batch of patches needs; `acc` collects tessellated
 * vertices and primitives until they go to the evaluation shader. */
struct tess_batch {
   struct nvk_draw_ctx *ctx;
   struct tess_config cfg;
   unsigned per; /* indices per primitive */
   struct nvk_tess_cbuf cb;
   struct tess_mem mem;
   struct tess_job job;
   nvk_draw_tess_emit_fn emit;
   void *emit_data;
   uint32_t evaluations;
   /* The accumulation (grown as needed, kept across flushes). */
   float *coords;      /* 3 per vertex */
   uint32_t *patch_of; /* per vertex: the patch within the batch */
   struct nvk_draw_tess_output acc;
   size_t coords_cap, patch_cap, index_cap, id_cap;
   /* One patch's tessellation. */
   float (*pc)[3];
   uint32_t *pi;
};

/* Grows *p to hold `count` elements of `size` (doubling). */
static bool
reserve(void **p, size_t *cap, size_t count, size_t size)
{
   if (count <= *cap)
      return true;
   size_t n = MAX2(*cap * 2, (size_t)1024);
   while (n < count)
      n *= 2;
   void *q = realloc(*p, n * size);
   if (!q)
      return false;
   *p = q;
   *cap = n;
   return true;
}

/* Step 3 for patch p of the batch: its vertices and primitives appended
 * (PrimitiveId patch_base + p); false on out-of-memory. */
static bool
tessellate(struct tess_batch *b, const float *patch_rec, uint32_t p)
{
   struct nvk_draw_tess_output *o = &b->acc;
   const float *lv = patch_rec + (size_t)p * NVK_TESS_PATCH_FLOATS;
   struct tess_levels levels;
   memcpy(levels.outer, lv, sizeof(levels.outer));
   memcpy(levels.inner, lv + 4, sizeof(levels.inner));
   struct tess_result r = {.coords = b->pc, .indices = b->pi};
   if (!tess_patch(&b->cfg, &levels, &r))
      return true; /* discarded */
   const uint32_t base = o->vertex_count, per = b->per;
   if (!reserve((void **)&b->coords, &b->coords_cap, (size_t)base + r.vertex_count,
                sizeof(float[3])) ||
       !reserve((void **)&b->patch_of, &b->patch_cap, (size_t)base + r.vertex_count,
                sizeof(uint32_t)) ||
       !reserve((void **)&o->indices, &b->index_cap,
                ((size_t)o->prim_count + r.prim_count) * per, sizeof(uint32_t)) ||
       !reserve((void **)&o->prim_ids, &b->id_cap, (size_t)o->prim_count + r.prim_count,
                sizeof(uint32_t)))
      return false;
   memcpy(b->coords + (size_t)base * 3, r.coords, r.vertex_count * sizeof(float[3]));
   for (uint32_t v = 0; v < r.vertex_count; v++)
      b->patch_of[base + v] = p;
   uint32_t *idx = o->indices + (size_t)o->prim_count * per;
   for (uint32_t i = 0; i < r.prim_count * per; i++)
      idx[i] = r.indices[i] + base;
   for (uint32_t i = 0; i < r.prim_count; i++)
      o->prim_ids[o->prim_count + i] = b->cb.patch_base + p;
   o->vertex_count += r.vertex_count;
   o->prim_count += r.prim_count;
   return true;
}

/* Step 4 for what has accumulated, then down the chain; false after a
 * fault (recorded). */
static bool
flush(struct tess_batch *b)
{
   struct nvk_draw_ctx *ctx = b->ctx;
   struct nvk_draw_tess_output *o = &b->acc;
   if (o->vertex_count == 0)
      return true;
   float *v =
      realloc(o->vertices, (size_t)o->vertex_count * o->stride_floats * sizeof(float));
   if (!v) {
      nvk_draw_ctx_fault(ctx, "tessellation", "out of memory");
      return false;
   }
   o->vertices = v;
   b->cb.coords_addr = host_va(b->coords);
   b->cb.patches_addr = host_va(b->patch_of);
   b->mem.range[3].va = host_va(b->coords);
   b->mem.range[3].size_B = (uint64_t)o->vertex_count * 3 * sizeof(float);
   b->mem.range[4].va = host_va(b->patch_of);
   b->mem.range[4].size_B = (uint64_t)o->vertex_count * sizeof(uint32_t);
   /* New addresses behind the same constant buffer. */
   for (unsigned w = 0; w < ctx->thread_count; w++)
      kx_exec_reset(ctx->tes_exec[w]);
   struct tess_job *j = &b->job;
   j->execs = ctx->tes_exec;
   j->what = "tessellation evaluation shader";
   j->lanes_per_strip = KX_W;
   j->total = o->vertex_count;
   j->out = o->vertices;
   j->stride_floats = o->stride_floats;
   atomic_store(&j->next_strip, 0);
   if (!run_strips(j))
      return false;
   b->evaluations += o->vertex_count;
   const bool ok = b->emit(ctx, o, b->emit_data);
   o->vertex_count = o->prim_count = 0;
   return ok;
}

/* Records per batch: the control shader's output records of a batch stay
 * under NVK_TESS_BATCH_B bytes; the evaluation shader runs (and the chain
 * takes its primitives) whenever NVK_TESS_FLUSH_VERTICES vertices have
 * accumulated, at a patch boundary. */
#define NVK_TESS_BATCH_B        (16u << 20)
#define NVK_TESS_FLUSH_VERTICES (1u << 18)

bool
nvk_draw_tess(struct nvk_draw_ctx *ctx, const float *verts, uint32_t vs_stride_floats,
              const uint32_t *ids, uint32_t count, nvk_draw_tess_emit_fn emit,
              void *emit_data, uint32_t *patches_out, uint32_t *evaluations_out)
{
   *patches_out = *evaluations_out = 0;
   const uint32_t n = ctx->gs.ts.patch_control_points;
   if (n == 0 || n > NVK_MAX_TESS_PATCH_VERTICES) {
      nvk_draw_ctx_fault(ctx, "tessellation", "patchControlPoints out of range (1..32)");
      return false;
   }
   const uint32_t m = ctx->tcs_info->tess.vertices_out;
   uint32_t *patch_verts = malloc(MAX2(count, 1u) * sizeof(uint32_t));
   if (!patch_verts) {
      nvk_draw_ctx_fault(ctx, "tessellation", "out of memory");
      return false;
   }
   const uint32_t patches = assemble_patches(ids, count, n, patch_verts);
   *patches_out = patches;
   if (patches == 0 || !execs_init(ctx)) {
      free(patch_verts);
      if (patches)
         nvk_draw_ctx_fault(ctx, "tessellation", "out of memory for the shaders");
      return patches == 0;
   }

   struct tess_batch b = {
      .ctx = ctx,
      .cfg = nvk_tess_config(ctx->tcs_info, ctx->tes_info, ctx->gs.ts.domain_origin),
      .emit = emit,
      .emit_data = emit_data,
      .cb = {.in_stride_floats = vs_stride_floats,
             .patch_vertices_in = n,
             .vertices_out = m},
      .mem = {.dev = ctx->ex->dev},
   };
   b.per = b.cfg.point_mode ? 1 : b.cfg.domain == TESS_ISOLINES ? 2 : 3;
   b.acc.kind = b.cfg.point_mode                ? RAST_PRIM_POINTS
                : b.cfg.domain == TESS_ISOLINES ? RAST_PRIM_LINES
                                                : RAST_PRIM_TRIANGLES;
   b.acc.stride_floats = nvk_draw_vertex_stride_floats(ctx->tes_info);
   b.job = (struct tess_job){.ctx = ctx, .mem = &b.mem};
   memcpy(b.job.cbufs, ctx->cbufs, sizeof(b.job.cbufs));
   b.job.cbufs[NVK_CBUF_TESS] = (struct kx_cbuf){&b.cb, sizeof(b.cb)};

   const uint32_t per_batch =
      MIN2(patches, MAX2(NVK_TESS_BATCH_B / (m * NVK_TESS_VERTEX_FLOATS * 4u), 1u));
   /* A shader may read gl_in[i] past the patch's vertices (undefined
    * values, Vulkan 1.3, 15.1.4, but no fault): the last patch of a batch
    * reads zeros from SLACK more vertex records. */
   const uint32_t slack = NVK_MAX_TESS_PATCH_VERTICES;
   float *in = malloc(((size_t)per_batch * n + slack) * vs_stride_floats * sizeof(float));
   float *out =
      malloc(((size_t)per_batch * m + slack) * NVK_TESS_VERTEX_FLOATS * sizeof(float));
   float *patch = malloc((size_t)per_batch * NVK_TESS_PATCH_FLOATS * sizeof(float));
   b.pc = malloc(tess_max_vertices(&b.cfg) * sizeof(*b.pc));
   b.pi = malloc(tess_max_indices(&b.cfg) * sizeof(*b.pi));
   bool ok = in && out && patch && b.pc && b.pi;
   if (!ok)
      nvk_draw_ctx_fault(ctx, "tessellation", "out of memory");
   b.cb.in_addr = host_va(in);
   b.cb.out_addr = host_va(out);
   b.cb.patch_addr = host_va(patch);
   b.mem.range[0].va = host_va(in);
   b.mem.range[1].va = host_va(out);
   b.mem.range[2].va = host_va(patch);

   for (uint32_t first = 0; ok && first < patches; first += per_batch) {
      const uint32_t count_b = MIN2(per_batch, patches - first);
      /* 1. The control shader's input records; outputs start undefined
       * (zero here). */
      for (uint32_t i = 0; i < count_b * n; i++)
         memcpy(in + (size_t)i * vs_stride_floats,
                verts + (size_t)patch_verts[(size_t)first * n + i] * vs_stride_floats,
                vs_stride_floats * sizeof(float));
      memset(in + (size_t)count_b * n * vs_stride_floats, 0,
             (size_t)slack * vs_stride_floats * sizeof(float));
      memset(out, 0,
             ((size_t)count_b * m + slack) * NVK_TESS_VERTEX_FLOATS * sizeof(float));
      memset(patch, 0, (size_t)count_b * NVK_TESS_PATCH_FLOATS * sizeof(float));
      b.cb.patch_base = first;
      b.mem.range[0].size_B =
         ((uint64_t)count_b * n + slack) * vs_stride_floats * sizeof(float);
      b.mem.range[1].size_B =
         ((uint64_t)count_b * m + slack) * NVK_TESS_VERTEX_FLOATS * sizeof(float);
      b.mem.range[2].size_B = (uint64_t)count_b * NVK_TESS_PATCH_FLOATS * sizeof(float);
      for (unsigned w = 0; w < ctx->thread_count; w++)
         kx_exec_reset(ctx->tcs_exec[w]);
      /* 2. The control shader, whole patches per strip. */
      b.job.execs = ctx->tcs_exec;
      b.job.what = "tessellation control shader";
      b.job.lanes_per_strip = (KX_W / m) * m;
      b.job.total = count_b * m;
      b.job.out = NULL;
      atomic_store(&b.job.next_strip, 0);
      ok = run_strips(&b.job);
      /* 3. and 4. The tessellator, the evaluation shader and the chain. */
      for (uint32_t p = 0; ok && p < count_b; p++) {
         ok = tessellate(&b, patch, p);
         if (!ok)
            nvk_draw_ctx_fault(ctx, "tessellation", "out of memory");
         else if (b.acc.vertex_count >= NVK_TESS_FLUSH_VERTICES)
            ok = flush(&b);
      }
      if (ok)
         ok = flush(&b);
   }
   *evaluations_out = b.evaluations;
   free(patch_verts);
   free(in);
   free(out);
   free(patch);
   free(b.pc);
   free(b.pi);
   free(b.coords);
   free(b.patch_of);
   free(b.acc.vertices);
   free(b.acc.indices);
   free(b.acc.prim_ids);
   return ok;
}
