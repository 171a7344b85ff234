/* SPDX-License-Identifier: MIT */
/*
 * The draw executor: one vkCmdDraw* (one draw of an indirect or multi
 * draw) against the executor's current state. The pieces are in
 * nvk_draw_priv.h; this file orders them:
 *
 *   1. state: pipeline + dynamic state -> rast_state, attachments;
 *   2. the index stream (indexed draws read it from the index buffer,
 *      indices past the buffer read 0, robustBufferAccess) mapped to the
 *      draw's unique vertices, so each vertex is shaded once per instance;
 *   3. primitive assembly (rast_assemble) on those local numbers;
 *   4. per instance: vertex fetch + vertex shader, then the rest of the
 *      pre-rasterization chain (tessellation: nvk_draw_tess.c; geometry
 *      shader, transform feedback: nvk_draw_chain.c) and rast_draw with
 *      the fragment shader as its shade callback;
 *   5. statistics and occlusion counts into the executor's counters.
 *
 * rast_draw writes every fragment before it returns, so nothing is
 * deferred yet and nvk_draw_flush has nothing to do; the flush points are
 * in place for binning across draws.
 */
#include "nvk_draw.h"

#include <stdlib.h>
#include <string.h>

#include "nvk_descriptor_set_layout.h"
#include "nvk_device.h"
#include "nvk_draw_priv.h"
#include "nvk_pipeline.h"
#include "nvk_shader.h"
#include "nvk_worker_pool.h"
#include "nvkmd/nvkmd.h"
#include "util/os.h"

/* Faults of a draw name it: its number in the command buffer and API. */
#define draw_fault(ex, d, fmt, ...)                                                      \
   nvk_exec_fault(ex, "draw %u (%s, draw index %u): " fmt, (ex)->gfx.draw_seq, (d)->api, \
                  (d)->draw_index, ##__VA_ARGS__)

#define NVK_RESTART NVK_DRAW_RESTART

static void
draw_parallel_for(void *pool, uint32_t count, rast_parallel_fn fn, void *data)
{
   nvk_worker_pool_parallel_for(pool, count, fn, data);
}

/* The index stream as vertex numbers (VertexIndex), NVK_RESTART at cuts. */
static bool
read_indices(struct nvk_exec *ex, const struct nvk_draw_params *d, bool restart,
             uint32_t *out)
{
   if (!d->indexed) {
      for (uint32_t i = 0; i < d->count; i++)
         out[i] = d->first + i;
      return true;
   }
   const struct nvk_exec_index_buffer *ib = &ex->gfx.ib;
   const uint32_t size = ib->type == VK_INDEX_TYPE_UINT32      ? 4
                         : ib->type == VK_INDEX_TYPE_UINT8_EXT ? 1
                                                               : 2;
   const uint32_t restart_value = size == 4 ? UINT32_MAX : size == 2 ? 0xffff : 0xff;
   const uint8_t *base = NULL;
   if (ib->addr && ib->size_B) {
      base = nvkmd_dev_translate(ex->dev->kmd, ib->addr, ib->size_B);
      if (!base) {
         draw_fault(ex, d, "the index buffer is not in live device memory");
         return false;
      }
   }
   for (uint32_t i = 0; i < d->count; i++) {
      const uint64_t at = ((uint64_t)d->first + i) * size;
      uint32_t v = 0;
      if (base && at + size <= ib->size_B)
         memcpy(&v, base + at, size); /* little-endian */
      out[i] =
         restart && v == restart_value ? NVK_RESTART : v + (uint32_t)d->vertex_offset;
   }
   return true;
}

static void
fill_cbufs(struct nvk_exec *ex, struct kx_cbuf *cbufs)
{
   struct nvk_exec_descriptors *desc = &ex->desc[NVK_BIND_POINT_GRAPHICS];
   memset(cbufs, 0, sizeof(struct kx_cbuf) * KX_MAX_CBUFS);
   cbufs[NVK_CBUF_ROOT] = (struct kx_cbuf){&desc->root, sizeof(desc->root)};
   for (unsigned s = 0; s < NVK_MAX_SETS; s++) {
      if (desc->sets[s] && desc->set_layouts[s])
         cbufs[NVK_CBUF_SET(s)] =
            (struct kx_cbuf){desc->sets[s], desc->set_layouts[s]->size_B};
   }
}

/* Tessellated primitives down the pre-rasterization chain. */
static bool
tess_emit(struct nvk_draw_ctx *ctx, const struct nvk_draw_tess_output *o, void *data)
{
   const struct nvk_prims in = {
      .verts = o->vertices,
      .vertex_count = o->vertex_count,
      .stride_floats = o->stride_floats,
      .verts_per_prim = (unsigned)o->kind + 1,
      .prim_count = o->prim_count,
      .indices = o->indices,
      .prim_ids = o->prim_ids,
      .info = ctx->tes_info,
   };
   return nvk_draw_pre_raster_tail(ctx, &in);
}

/* Steps 2 to 5 once the state is known. */
static void
run_draw(struct nvk_draw_ctx *ctx)
{
   struct nvk_exec *ex = ctx->ex;
   const struct nvk_draw_params *d = ctx->params;
   const struct vk_graphics_state *gs = &ctx->gs;
   const enum rast_topology topology = (enum rast_topology)gs->ia.primitive_topology;
   /* Tessellation takes patch lists and only those (VUID-...-pStages-00736,
    * VUID-vkCmdDraw-primitiveTopology-...: undefined, so a fault). */
   const bool tess = ctx->tes != NULL;
   const unsigned prim_verts = tess ? 1 : rast_topology_prim_vertices(topology);
   if (prim_verts == 0 || tess != (topology == RAST_TOPOLOGY_PATCH_LIST)) {
      draw_fault(ex, d, "topology %u %s tessellation", gs->ia.primitive_topology,
                 tess ? "with" : "needs");
      return;
   }
   const bool restart = d->indexed && gs->ia.primitive_restart_enable;
   uint32_t *ids = malloc((size_t)d->count * sizeof(uint32_t));
   uint32_t *uniq = malloc((size_t)d->count * sizeof(uint32_t));
   const uint32_t stride = nvk_draw_vertex_stride_floats(ctx->vs_info);
   float *verts = NULL;
   uint32_t *prims = NULL, *prim_ids = NULL, *spec = NULL, *spec_ids = NULL;
   uint8_t *line_flags = NULL;
   if (!ids || !uniq)
      goto oom;
   if (!read_indices(ex, d, restart, ids))
      goto out;
   const uint32_t nverts = nvk_draw_localize(ids, d->count, uniq);
   struct rast_assembly a = {
      .topology = topology,
      .indices = ids,
      .count = d->count,
      .restart_enable = restart,
      .restart_index = NVK_RESTART,
      /* Restarts in list topologies are valid only with
       * primitiveTopologyListRestart, and then cut the list. */
      .list_restart = true,
      .provoking_last =
         gs->rs.provoking_vertex == VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT,
   };
   const uint32_t max_prims = tess ? 0 : rast_assemble_max_prims(&a);
   verts = malloc(MAX2((size_t)nverts * stride, 1) * sizeof(float));
   if (!verts)
      goto oom;
   /* With a geometry shader the chain (nvk_draw_priv.h) takes the
    * primitives in the spec's order, adjacency kept; otherwise rast's
    * order serves rasterization and capture alike. Patches go to the
    * tessellation stage as the index stream has them. */
   uint32_t prim_count;
   const unsigned spec_verts = ctx->geom ? nvk_draw_topology_gs_vertices(topology) : prim_verts;
   if (tess) {
      prim_count = 0;
   } else if (ctx->geom) {
      spec = malloc(MAX2((size_t)max_prims * spec_verts, 1) * sizeof(uint32_t));
      spec_ids = malloc(MAX2((size_t)max_prims, 1) * sizeof(uint32_t));
      if (!spec || !spec_ids)
         goto oom;
      prim_count =
         nvk_draw_assemble_gs_input(topology, ids, d->count, restart, spec, spec_ids);
   } else {
      prims = malloc(MAX2((size_t)max_prims * prim_verts, 1) * sizeof(uint32_t));
      prim_ids = malloc(MAX2((size_t)max_prims, 1) * sizeof(uint32_t));
      /* Lines: strip continuity and swapped ends, for stipple and
       * Bresenham ends. */
      if (rast_topology_prim_kind(topology) == RAST_PRIM_LINES) {
         line_flags = malloc(MAX2((size_t)max_prims, 1));
         a.line_flags = line_flags;
         if (!line_flags)
            goto oom;
      }
      if (!prims || !prim_ids)
         goto oom;
      prim_count = rast_assemble(&a, prims, prim_ids);
   }

   for (uint32_t i = 0; i < d->instance_count && !ex->faulted; i++) {
      const uint32_t instance = d->first_instance + i;
      /* The watchdog, as for shaders: a draw of absurdly many instances
       * loses the device instead of hanging the queue. */
      if (util_time_ns() > ctx->deadline_ns) {
         draw_fault(ex, d,
                    "still drawing instance %u of %u past the watchdog (KILN_TDR_MS)", i,
                    d->instance_count);
         break;
      }
      if (!nvk_draw_run_vs(ctx, uniq, nverts, instance, verts, stride))
         break;
      ex->counters[NVK_COUNTER_IA_VERTICES] += d->count;
      ex->counters[NVK_COUNTER_VS_INVOCATIONS] += nverts;
      if (tess) {
         /* The tessellation stage's primitives go down the chain. */
         uint32_t patches, evaluations;
         const bool ok = nvk_draw_tess(ctx, verts, stride, ids, d->count, tess_emit, NULL,
                                       &patches, &evaluations);
         ex->counters[NVK_COUNTER_IA_PRIMITIVES] += patches;
         ex->counters[NVK_COUNTER_TCS_PATCHES] += patches;
         ex->counters[NVK_COUNTER_TES_INVOCATIONS] += evaluations;
         /* The chain reports its own faults. */
         if (!ok && !ex->faulted)
            draw_fault(ex, d, "%s", ctx->fault);
         if (!ok)
            break;
         continue;
      }
      ex->counters[NVK_COUNTER_IA_PRIMITIVES] += prim_count;
      if (ctx->geom) {
         const struct nvk_prims in = {
            .verts = verts,
            .vertex_count = nverts,
            .stride_floats = stride,
            .verts_per_prim = spec_verts,
            .prim_count = prim_count,
            .indices = spec,
            .prim_ids = spec_ids,
            .info = ctx->vs_info,
         };
         if (!nvk_draw_pre_raster_tail(ctx, &in))
            break;
         continue;
      }
      if (ctx->xfb && !nvk_draw_xfb_capture(ctx,
                                            &(struct nvk_prims){
                                               .verts = verts,
                                               .vertex_count = nverts,
                                               .stride_floats = stride,
                                               .verts_per_prim = prim_verts,
                                               .prim_count = prim_count,
                                               .indices = prims,
                                               .prim_ids = prim_ids,
                                               .rast_order = true,
                                               .info = ctx->vs_info,
                                            },
                                            0))
         break;
      ex->counters[NVK_COUNTER_PRIMS_GENERATED0] += prim_count;
      struct rast_draw rd = {
         .state = &ctx->rs,
         .fb = &ctx->fb,
         .vertices = verts,
         .vertex_stride_floats = stride,
         .vertex_count = nverts,
         .kind = rast_topology_prim_kind(topology),
         .indices = prims,
         .prim_count = prim_count,
         .prim_ids = prim_ids,
         .line_flags = line_flags,
         .shade = ctx->fs ? nvk_draw_shade : NULL,
         .shade_data = ctx,
         .parallel_for = draw_parallel_for,
         .pool = ex->dev->workers,
         .thread_count = ctx->thread_count,
      };
      const bool ok = rast_draw(&rd);
      ex->counters[NVK_COUNTER_CLIPPING_INVOCATIONS] += rd.clip_invocations;
      ex->counters[NVK_COUNTER_CLIPPING_PRIMITIVES] += rd.clip_primitives;
      ex->counters[NVK_COUNTER_FS_INVOCATIONS] += rd.fs_invocations;
      ex->counters[NVK_COUNTER_SAMPLES_PASSED] += rd.samples_passed;
      if (!ok) {
         if (ctx->faulted)
            draw_fault(ex, d, "%s", ctx->fault);
         else
            draw_fault(ex, d, "out of memory in the rasterizer");
      }
   }
   goto out;
oom:
   draw_fault(ex, d, "out of memory");
out:
   free(ids);
   free(uniq);
   free(verts);
   free(prims);
   free(prim_ids);
   free(spec);
   free(spec_ids);
   free(line_flags);
}

void
nvk_draw(struct nvk_exec *ex, const struct nvk_draw_params *d)
{
   ex->gfx.draw_seq++;
   /* An empty or conditionally discarded draw draws nothing, whatever
    * else is wrong. */
   if (d->count == 0 || d->instance_count == 0 || ex->discard_rendering)
      return;
   const struct nvk_exec_rendering *r = &ex->gfx.rendering;
   if (!r->active) {
      draw_fault(ex, d, "outside a render pass instance");
      return;
   }
   const struct nvk_pipeline *p = ex->desc[NVK_BIND_POINT_GRAPHICS].pipeline;
   if (!p || !p->gfx || !p->gfx->vs || p->gfx->state.parts != VK_GS_ALL_PARTS) {
      /* Undefined by the spec; the device is lost instead of crashing. */
      draw_fault(ex, d, "no complete graphics pipeline bound");
      return;
   }
   struct nvk_draw_ctx *ctx = calloc(1, sizeof(*ctx));
   if (!ctx) {
      draw_fault(ex, d, "out of memory");
      return;
   }
   ctx->ex = ex;
   ctx->params = d;
   ctx->gfx = p->gfx;
   ctx->vs = p->gfx->vs->shader->prog;
   ctx->vs_info = kx_program_info(ctx->vs);
   ctx->fs = p->gfx->fs ? p->gfx->fs->shader->prog : NULL;
   ctx->fs_info = ctx->fs ? kx_program_info(ctx->fs) : NULL;
   if (p->gfx->tes) {
      ctx->tcs = p->gfx->tcs->shader->prog;
      ctx->tes = p->gfx->tes->shader->prog;
      ctx->tcs_info = kx_program_info(ctx->tcs);
      ctx->tes_info = kx_program_info(ctx->tes);
   }
   ctx->geom = p->gfx->gs ? p->gfx->gs->shader->prog : NULL;
   ctx->geom_info = ctx->geom ? kx_program_info(ctx->geom) : NULL;
   ctx->last_info = ctx->geom ? ctx->geom_info : ctx->tes ? ctx->tes_info : ctx->vs_info;
   ctx->xfb = ex->gfx.xfb.active && ctx->last_info->xfb.output_count > 0;
   ctx->deadline_ns = nvk_exec_tdr_deadline(ex);
   ctx->thread_count = MAX2(nvk_worker_pool_thread_count(ex->dev->workers), 1u);
   fill_cbufs(ex, ctx->cbufs);
   if (!nvk_draw_state_init(ctx))
      goto out;
   if (!nvk_draw_execs_init(ctx)) {
      draw_fault(ex, d, "out of memory for the shaders");
      goto out;
   }
   if (!r->view_mask) {
      run_draw(ctx);
   } else {
      /* Multiview: the draw once per view, into the view's layer. */
      u_foreach_bit(view, r->view_mask)
      {
         nvk_draw_state_set_view(ctx, view);
         run_draw(ctx);
         if (ex->faulted)
            break;
      }
   }
out:
   nvk_draw_execs_finish(ctx);
   nvk_draw_tess_finish(ctx);
   free(ctx);
}

void
nvk_draw_flush(struct nvk_exec *ex)
{
}
