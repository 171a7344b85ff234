/* SPDX-License-Identifier: MIT */
/*
 * The tessellation stage of a draw (Vulkan 1.3, chapter 23), between the
 * vertex shader and primitive setup, for one instance:
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
 *      nvk_draw.c hands them down the pre-rasterization chain
 *      (nvk_draw_pre_raster_tail: geometry shader, transform feedback,
 *      rasterization).
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
   uint32_t ids[KX_W];
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
      nvk_worker_pool_parallel_for(ctx->ex->dev->workers, ctx->thread_count, tess_worker, j);
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

void
nvk_draw_tess_output_finish(struct nvk_draw_tess_output *o)
{
   free(o->vertices);
   free(o->indices);
   free(o->prim_ids);
   memset(o, 0, sizeof(*o));
}

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

/* Step 3: every patch through the tessellator, vertices and primitives
 * appended; false on out-of-memory. */
static bool
tessellate(const struct tess_config *cfg, const float *patch_rec, uint32_t patches,
           struct nvk_draw_tess_output *o, float **coords, uint32_t **patch_of)
{
   float(*pc)[3] = malloc(tess_max_vertices(cfg) * sizeof(*pc));
   uint32_t *pi = malloc(tess_max_indices(cfg) * sizeof(*pi));
   size_t vcap = 0, pcap = 0, icap = 0, ccap = 0;
   bool ok = pc && pi;
   const unsigned per = cfg->point_mode ? 1 : cfg->domain == TESS_ISOLINES ? 2 : 3;
   for (uint32_t p = 0; ok && p < patches; p++) {
      const float *lv = patch_rec + (size_t)p * NVK_TESS_PATCH_FLOATS;
      struct tess_levels levels;
      memcpy(levels.outer, lv, sizeof(levels.outer));
      memcpy(levels.inner, lv + 4, sizeof(levels.inner));
      struct tess_result r = {.coords = pc, .indices = pi};
      if (!tess_patch(cfg, &levels, &r))
         continue; /* discarded */
      const uint32_t base = o->vertex_count;
      ok = reserve((void **)coords, &ccap, (size_t)base + r.vertex_count, sizeof(float[3])) &&
           reserve((void **)patch_of, &vcap, (size_t)base + r.vertex_count,
                   sizeof(uint32_t)) &&
           reserve((void **)&o->indices, &icap, ((size_t)o->prim_count + r.prim_count) * per,
                   sizeof(uint32_t)) &&
           reserve((void **)&o->prim_ids, &pcap, (size_t)o->prim_count + r.prim_count,
                   sizeof(uint32_t));
      if (!ok)
         break;
      memcpy(*coords + (size_t)base * 3, pc, r.vertex_count * sizeof(float[3]));
      for (uint32_t v = 0; v < r.vertex_count; v++)
         (*patch_of)[base + v] = p;
      uint32_t *idx = o->indices + (size_t)o->prim_count * per;
      for (uint32_t i = 0; i < r.prim_count * per; i++)
         idx[i] = pi[i] + base;
      for (uint32_t i = 0; i < r.prim_count; i++)
         o->prim_ids[o->prim_count + i] = p;
      o->vertex_count += r.vertex_count;
      o->prim_count += r.prim_count;
   }
   free(pc);
   free(pi);
   return ok;
}

bool
nvk_draw_tess(struct nvk_draw_ctx *ctx, const float *verts, uint32_t vs_stride_floats,
              const uint32_t *ids, uint32_t count, struct nvk_draw_tess_output *o)
{
   memset(o, 0, sizeof(*o));
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
   o->patches = patches;
   const struct tess_config cfg =
      nvk_tess_config(ctx->tcs_info, ctx->tes_info, ctx->gs.ts.domain_origin);
   o->kind = cfg.point_mode                ? RAST_PRIM_POINTS
             : cfg.domain == TESS_ISOLINES ? RAST_PRIM_LINES
                                           : RAST_PRIM_TRIANGLES;
   o->stride_floats = nvk_draw_vertex_stride_floats(ctx->tes_info);
   if (patches == 0 || !execs_init(ctx)) {
      free(patch_verts);
      if (patches)
         nvk_draw_ctx_fault(ctx, "tessellation", "out of memory for the shaders");
      return patches == 0;
   }
   /* The constant buffer below is at the same place each instance and view
    * but points at new records: what the executors computed from it goes
    * (kx_exec_strip). */
   for (unsigned w = 0; w < ctx->thread_count; w++) {
      kx_exec_reset(ctx->tcs_exec[w]);
      kx_exec_reset(ctx->tes_exec[w]);
   }

   /* 1. The control shader's input records. */
   float *in = malloc((size_t)patches * n * vs_stride_floats * sizeof(float));
   float *out = calloc((size_t)patches * m * NVK_TESS_VERTEX_FLOATS, sizeof(float));
   float *patch = calloc((size_t)patches * NVK_TESS_PATCH_FLOATS, sizeof(float));
   float *coords = NULL;
   uint32_t *patch_of = NULL;
   bool ok = in && out && patch;
   for (uint32_t i = 0; ok && i < patches * n; i++)
      memcpy(in + (size_t)i * vs_stride_floats, verts + (size_t)patch_verts[i] * vs_stride_floats,
             vs_stride_floats * sizeof(float));
   free(patch_verts);
   struct nvk_tess_cbuf cb = {
      .in_addr = host_va(in),
      .out_addr = host_va(out),
      .patch_addr = host_va(patch),
      .in_stride_floats = vs_stride_floats,
      .patch_vertices_in = n,
      .vertices_out = m,
   };
   struct tess_mem mem = {.dev = ctx->ex->dev};
   mem.range[0].va = host_va(in);
   mem.range[0].size_B = (uint64_t)patches * n * vs_stride_floats * sizeof(float);
   mem.range[1].va = host_va(out);
   mem.range[1].size_B = (uint64_t)patches * m * NVK_TESS_VERTEX_FLOATS * sizeof(float);
   mem.range[2].va = host_va(patch);
   mem.range[2].size_B = (uint64_t)patches * NVK_TESS_PATCH_FLOATS * sizeof(float);

   struct tess_job j = {
      .ctx = ctx,
      .mem = &mem,
   };
   memcpy(j.cbufs, ctx->cbufs, sizeof(j.cbufs));
   j.cbufs[NVK_CBUF_TESS] = (struct kx_cbuf){&cb, sizeof(cb)};

   /* 2. The control shader: whole patches per strip. */
   if (ok) {
      j.execs = ctx->tcs_exec;
      j.what = "tessellation control shader";
      j.lanes_per_strip = (KX_W / m) * m;
      j.total = patches * m;
      ok = run_strips(&j);
   }
   /* 3. The tessellator. */
   if (ok && !tessellate(&cfg, patch, patches, o, &coords, &patch_of)) {
      nvk_draw_ctx_fault(ctx, "tessellation", "out of memory");
      ok = false;
   }
   /* 4. The evaluation shader. */
   if (ok && o->vertex_count) {
      o->vertices = malloc((size_t)o->vertex_count * o->stride_floats * sizeof(float));
      if (!o->vertices) {
         nvk_draw_ctx_fault(ctx, "tessellation", "out of memory");
         ok = false;
      }
   }
   if (ok && o->vertex_count) {
      cb.coords_addr = host_va(coords);
      cb.patches_addr = host_va(patch_of);
      mem.range[3].va = host_va(coords);
      mem.range[3].size_B = (uint64_t)o->vertex_count * 3 * sizeof(float);
      mem.range[4].va = host_va(patch_of);
      mem.range[4].size_B = (uint64_t)o->vertex_count * sizeof(uint32_t);
      j.execs = ctx->tes_exec;
      j.what = "tessellation evaluation shader";
      j.lanes_per_strip = KX_W;
      j.total = o->vertex_count;
      j.out = o->vertices;
      j.stride_floats = o->stride_floats;
      atomic_store(&j.next_strip, 0);
      ok = run_strips(&j);
   }
   free(in);
   free(out);
   free(patch);
   free(coords);
   free(patch_of);
   if (!ok && !ctx->faulted)
      nvk_draw_ctx_fault(ctx, "tessellation", "out of memory");
   return ok;
}
