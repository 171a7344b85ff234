/* SPDX-License-Identifier: MIT */
/*
 * The tail of the pre-rasterization stage chain (nvk_draw_priv.h says what
 * travels along it): the geometry shader, transform feedback, the
 * primitives-generated counts and the hand-over to rast, plus the
 * geometry shader's input assembly (adjacency kept).
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "nvk_device.h"
#include "nvk_draw_priv.h"
#include "nvk_worker_pool.h"

static void
chain_parallel_for(void *pool, uint32_t count, rast_parallel_fn fn, void *data)
{
   nvk_worker_pool_parallel_for(pool, count, fn, data);
}

bool
nvk_draw_rasterize(struct nvk_draw_ctx *ctx, const struct nvk_prims *p)
{
   struct nvk_exec *ex = ctx->ex;
   const unsigned nv = p->verts_per_prim;
   if (p->prim_count == 0 || nv < 1 || nv > 3)
      return true;
   const bool last_mode =
      ctx->gs.rs.provoking_vertex == VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT;
   uint32_t *idx = malloc((size_t)p->prim_count * nv * sizeof(uint32_t));
   uint32_t *ids = malloc((size_t)p->prim_count * sizeof(uint32_t));
   uint8_t *flags = nv == 2 ? malloc(p->prim_count) : NULL;
   if (!idx || !ids || (nv == 2 && !flags)) {
      free(idx);
      free(ids);
      free(flags);
      nvk_exec_fault(ex, "draw %u (%s): out of memory", ex->gfx.draw_seq, ctx->params->api);
      return false;
   }
   /* The GS's PrimitiveId output, when it writes one, is the fragment
    * shader's PrimitiveId (from the provoking vertex, as flat inputs). */
   const bool written_id = (p->info->outputs_written >> KX_SLOT_PRIM_ID) & 1 &&
                           p->stride_floats > KX_SLOT_PRIM_ID * 4;
   for (uint32_t i = 0; i < p->prim_count; i++) {
      const uint32_t *v = p->indices + (size_t)i * nv;
      const unsigned pv = last_mode ? (p->last ? p->last[i] : nv - 1) : 0;
      uint32_t *o = idx + (size_t)i * nv;
      for (unsigned k = 0; k < nv; k++)
         o[k] = v[(pv + k) % nv];
      if (flags)
         flags[i] = (uint8_t)((p->continues && p->continues[i] ? RAST_LINE_CONTINUES : 0) |
                              (pv ? RAST_LINE_REVERSED : 0));
      if (written_id)
         memcpy(&ids[i], &p->verts[(size_t)o[0] * p->stride_floats + KX_SLOT_PRIM_ID * 4], 4);
      else
         ids[i] = p->prim_ids ? p->prim_ids[i] : i;
   }
   struct rast_draw rd = {
      .state = &ctx->rs,
      .fb = &ctx->fb,
      .vertices = p->verts,
      .vertex_stride_floats = p->stride_floats,
      .vertex_count = p->vertex_count,
      .kind = (enum rast_prim_kind)(nv - 1),
      .indices = idx,
      .prim_count = p->prim_count,
      .prim_ids = ids,
      .line_flags = flags,
      .shade = ctx->fs ? nvk_draw_shade : NULL,
      .shade_data = ctx,
      .parallel_for = chain_parallel_for,
      .pool = ex->dev->workers,
      .thread_count = ctx->thread_count,
   };
   const bool ok = rast_draw(&rd);
   ex->counters[NVK_COUNTER_CLIPPING_INVOCATIONS] += rd.clip_invocations;
   ex->counters[NVK_COUNTER_CLIPPING_PRIMITIVES] += rd.clip_primitives;
   ex->counters[NVK_COUNTER_FS_INVOCATIONS] += rd.fs_invocations;
   ex->counters[NVK_COUNTER_SAMPLES_PASSED] += rd.samples_passed;
   free(idx);
   free(ids);
   free(flags);
   if (!ok)
      nvk_exec_fault(ex, "draw %u (%s): %s", ex->gfx.draw_seq, ctx->params->api,
                     ctx->faulted ? ctx->fault : "out of memory in the rasterizer");
   return ok;
}

/* Transform feedback, the primitives-generated counts and rasterization of
 * the last stage's streams. */
static bool
finish_streams(struct nvk_draw_ctx *ctx, const struct nvk_prims *streams, unsigned count)
{
   struct nvk_exec *ex = ctx->ex;
   for (unsigned s = 0; s < count; s++) {
      ex->counters[NVK_COUNTER_PRIMS_GENERATED0 + s] += streams[s].prim_count;
      if (ctx->xfb && !nvk_draw_xfb_capture(ctx, &streams[s], s))
         return false;
   }
   /* Vulkan 1.3, 30.3 "Rasterization Stream": only the selected stream
    * reaches the rasterizer. */
   const uint32_t rs = ctx->gs.rs.rasterization_stream;
   if (rs < count && !ctx->rs.rasterizer_discard)
      return nvk_draw_rasterize(ctx, &streams[rs]);
   return true;
}

bool
nvk_draw_pre_raster_tail(struct nvk_draw_ctx *ctx, const struct nvk_prims *in)
{
   if (!ctx->geom)
      return finish_streams(ctx, in, 1);
   /* In batches of input primitives, each through the GS, capture and
    * rast before the next: API order is kept (batches go in order) and
    * the GS's output stays small enough to be reused memory. */
   const uint32_t invocations = MAX2(ctx->geom_info->gs.invocations, 1u);
   const uint32_t batch = MAX2(KX_W * 16u * ctx->thread_count / invocations, 1u);
   bool ok = true;
   for (uint32_t first = 0; ok && first < in->prim_count; first += batch) {
      struct nvk_prims out[NVK_MAX_XFB_STREAMS];
      memset(out, 0, sizeof(out));
      ok = nvk_draw_run_gs(ctx, in, first, MIN2(batch, in->prim_count - first), out);
      if (ok)
         ok = finish_streams(ctx, out, NVK_MAX_XFB_STREAMS);
      for (unsigned s = 0; s < NVK_MAX_XFB_STREAMS; s++)
         nvk_draw_prims_free(&out[s]);
   }
   return ok;
}

/* --- geometry shader input assembly ---------------------------------------- */

unsigned
nvk_draw_topology_gs_vertices(enum rast_topology t)
{
   switch (t) {
   case RAST_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
   case RAST_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      return 4;
   case RAST_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
   case RAST_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
      return 6;
   default:
      return rast_topology_prim_vertices(t);
   }
}

/* Primitive i of a run of n vertices r[0..n) with adjacency (Vulkan 1.3,
 * 21.1.9 to 21.1.12), vertices in the order the shader's input array
 * has them. */
static void
adjacency_prim(enum rast_topology t, const uint32_t *r, uint32_t n, uint32_t i, uint32_t *v)
{
   switch (t) {
   case RAST_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
      for (unsigned k = 0; k < 4; k++)
         v[k] = r[4 * i + k];
      break;
   case RAST_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      for (unsigned k = 0; k < 4; k++)
         v[k] = r[i + k];
      break;
   case RAST_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
      for (unsigned k = 0; k < 6; k++)
         v[k] = r[6 * i + k];
      break;
   default: {
      /* Triangle strips with adjacency: triangle i is 2i, 2i + 2, 2i + 4
       * (odd i: 2i, 2i + 4, 2i + 2, the strip's alternation), each vertex
       * followed by the one across the edge to the next vertex. The edge
       * (2i, 2i + 2) is shared with the previous triangle, whose first
       * vertex is across it (2i - 2; 2i + 1 for the first triangle); the
       * edge (2i + 2, 2i + 4) with the next one, whose last vertex is
       * across (2i + 6; 2i + 5 for the last triangle); the outer edge
       * (2i + 4, 2i) has 2i + 3. */
      const uint32_t count = (n - 4) / 2;
      const uint32_t prev = i == 0 ? 2 * i + 1 : 2 * i - 2;
      const uint32_t next = i + 1 == count ? 2 * i + 5 : 2 * i + 6;
      const uint32_t even[6] = {2 * i, prev, 2 * i + 2, next, 2 * i + 4, 2 * i + 3};
      const uint32_t odd[6] = {2 * i, 2 * i + 3, 2 * i + 4, next, 2 * i + 2, prev};
      for (unsigned j = 0; j < 6; j++)
         v[j] = r[(i & 1) ? odd[j] : even[j]];
      break;
   }
   }
}

static uint32_t
adjacency_run_prims(enum rast_topology t, uint32_t n)
{
   switch (t) {
   case RAST_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
      return n / 4;
   case RAST_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      return n >= 4 ? n - 3 : 0;
   case RAST_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
      return n / 6;
   default:
      return n >= 6 ? (n - 4) / 2 : 0;
   }
}

uint32_t
nvk_draw_assemble_gs_input(enum rast_topology topology, const uint32_t *ids, uint32_t count,
                           bool restart, uint32_t *out, uint32_t *prim_ids)
{
   const unsigned nv = nvk_draw_topology_gs_vertices(topology);
   if (nv <= 3) {
      /* rast's assembly in first-vertex mode is the spec's order. */
      struct rast_assembly a = {
         .topology = topology,
         .indices = ids,
         .count = count,
         .restart_enable = restart,
         .restart_index = NVK_DRAW_RESTART,
         .list_restart = true,
      };
      return rast_assemble(&a, out, prim_ids);
   }
   uint32_t prims = 0, s = 0;
   for (uint32_t k = 0; k <= count; k++) {
      if (k < count && !(restart && ids[k] == NVK_DRAW_RESTART))
         continue;
      const uint32_t n = k - s, runs = adjacency_run_prims(topology, n);
      for (uint32_t i = 0; i < runs; i++) {
         adjacency_prim(topology, ids + s, n, i, out + (size_t)prims * nv);
         prim_ids[prims] = prims;
         prims++;
      }
      s = k + 1;
   }
   return prims;
}
