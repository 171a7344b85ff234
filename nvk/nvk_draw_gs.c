/* SPDX-License-Identifier: MIT */
/*
 * The geometry shader of a draw: one lane per (input primitive,
 * invocation), KX_W lanes a strip, strips spread over the workers. The
 * input vertices are copied into the strip's per-vertex slots, the shader
 * fills its output records (kx.h, struct kx_gs_info), and each lane's
 * records are read back into per-stream primitive lists: strips unrolled
 * into independent primitives (Vulkan 1.3, 21.1.2/21.1.4: line strip i is
 * (i, i + 1), triangle strip i is (i, i + 1 + i % 2, i + 2 - i % 2)),
 * incomplete primitives dropped. Output order is the API's: by input
 * primitive, then invocation, then emission (Vulkan 1.3, 28.5 "Geometry
 * Shader Instancing": invocations of a primitive come in InvocationId
 * order).
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "nvk_device.h"
#include "nvk_draw_priv.h"
#include "nvk_worker_pool.h"

/* A growable array (malloc'd). */
struct grow {
   void *data;
   size_t used_B, cap_B;
};

static void *
grow_add(struct grow *g, size_t size_B)
{
   if (g->used_B + size_B > g->cap_B) {
      size_t cap = MAX2(g->cap_B * 2, MAX2(g->used_B + size_B, (size_t)256));
      void *d = realloc(g->data, cap);
      if (!d)
         return NULL;
      g->data = d;
      g->cap_B = cap;
   }
   void *p = (uint8_t *)g->data + g->used_B;
   g->used_B += size_B;
   return p;
}

/* One stream's primitives of a strip (or of the draw, once merged). */
struct stream_out {
   struct grow indices, prim_ids, last, continues;
   uint32_t prim_count;
};

/* What one strip emitted. */
struct strip_out {
   struct grow verts; /* AoS, stride floats per vertex */
   uint32_t vertex_count;
   struct stream_out streams[NVK_MAX_XFB_STREAMS];
};

struct gs_job {
   struct nvk_draw_ctx *ctx;
   const struct nvk_prims *in;
   const struct kx_gs_info *gs;
   uint32_t first_prim; /* of in */
   uint32_t lanes_total;
   uint32_t stride_floats; /* output vertex floats (the record minus its stream word) */
   uint64_t written;       /* output slots the shader writes, below stride_floats / 4 */
   struct strip_out *strips;
   uint32_t strip_count;
   _Atomic uint32_t next_strip;
   _Atomic int oom;
};

static bool
add_prim(struct stream_out *so, const uint32_t *v, unsigned n, uint32_t prim_id,
         uint8_t last, uint8_t continues)
{
   uint32_t *i = grow_add(&so->indices, n * sizeof(uint32_t));
   uint32_t *p = grow_add(&so->prim_ids, sizeof(uint32_t));
   uint8_t *l = grow_add(&so->last, 1);
   uint8_t *c = grow_add(&so->continues, 1);
   if (!i || !p || !l || !c)
      return false;
   memcpy(i, v, n * sizeof(uint32_t));
   *p = prim_id;
   *l = last;
   *c = continues;
   so->prim_count++;
   return true;
}

/* Reads lane `l`'s records into `o`. */
static bool
decode_lane(const struct gs_job *j, const float *out, unsigned l, uint32_t prim_id,
            struct strip_out *o)
{
   const struct kx_gs_info *gs = j->gs;
   uint32_t count;
   memcpy(&count, &out[KX_IO_INDEX(KX_GS_OUT_COUNT_SLOT(gs), 0, l)], 4);
   count = MIN2(count, (uint32_t)gs->max_vertices);
   /* Per stream: the current strip's vertices so far (the last two). */
   uint32_t run[NVK_MAX_XFB_STREAMS] = {0}, prev[NVK_MAX_XFB_STREAMS][2];
   for (uint32_t k = 0; k < count; k++) {
      const uint32_t rec = k * gs->out_stride_slots;
      uint32_t word;
      memcpy(&word, &out[KX_IO_INDEX(rec + gs->out_stride_slots - 1u, 0, l)], 4);
      const unsigned s = word & 3;
      float *v = grow_add(&o->verts, j->stride_floats * sizeof(float));
      if (!v)
         return false;
      /* The slots the shader writes; the others stay undefined, as the
       * outputs are (rast and capture read only what the stage writes). */
      u_foreach_bit64(slot, j->written)
      {
         for (unsigned c = 0; c < 4; c++)
            v[slot * 4 + c] = out[KX_IO_INDEX(rec + slot, c, l)];
      }
      const uint32_t id = o->vertex_count++;
      if (word & KX_GS_VERTEX_STARTS_STRIP)
         run[s] = 0;
      struct stream_out *so = &o->streams[s];
      const uint32_t n = run[s]++;
      bool ok = true;
      switch (gs->output_kind) {
      case 0:
         ok = add_prim(so, &id, 1, prim_id, 0, 0);
         break;
      case 1:
         if (n >= 1) {
            const uint32_t v2[2] = {prev[s][1], id};
            ok = add_prim(so, v2, 2, prim_id, 1, n >= 2);
         }
         break;
      default:
         if (n >= 2) {
            /* Triangle i = n - 2 of the strip, its vertices i, i + 1, i + 2
             * are prev[0], prev[1], id. */
            const uint32_t i = n - 2;
            const uint32_t t[3] = {prev[s][0], (i & 1) ? id : prev[s][1],
                                   (i & 1) ? prev[s][1] : id};
            ok = add_prim(so, t, 3, prim_id, (i & 1) ? 1 : 2, 0);
         }
         break;
      }
      if (!ok)
         return false;
      prev[s][0] = prev[s][1];
      prev[s][1] = id;
   }
   return true;
}

static bool
gs_strip(struct gs_job *j, unsigned w, uint32_t strip)
{
   struct nvk_draw_ctx *ctx = j->ctx;
   const struct nvk_prims *in = j->in;
   const struct kx_gs_info *gs = j->gs;
   const uint32_t first = strip * KX_W;
   const uint32_t lanes = MIN2(j->lanes_total - first, (uint32_t)KX_W);
   float *gin = ctx->gs_in[w], *gout = ctx->gs_out[w];
   uint32_t prim_id[KX_W];
   /* Only the slots the shader reads (of those the previous stage wrote). */
   const uint32_t in_slots = MIN2(in->stride_floats / 4, (uint32_t)KX_SLOT_COUNT);
   const uint64_t reads = j->ctx->geom_info->inputs_read &
                          (in_slots >= 64 ? ~0ull : (1ull << in_slots) - 1);
   for (uint32_t l = 0; l < lanes; l++) {
      const uint32_t job = first + l, p = j->first_prim + job / gs->invocations;
      const uint32_t invocation = job % gs->invocations;
      for (unsigned v = 0; v < gs->vertices_in; v++) {
         const float *src =
            in->verts + (size_t)in->indices[(size_t)p * in->verts_per_prim + v] *
                           in->stride_floats;
         u_foreach_bit64(s, reads)
         {
            for (unsigned c = 0; c < 4; c++)
               gin[KX_IO_INDEX(v * KX_SLOT_COUNT + s, c, l)] = src[s * 4 + c];
         }
      }
      memcpy(&gin[KX_IO_INDEX(KX_GS_IN_HEADER(gs->vertices_in), 0, l)], &invocation, 4);
      prim_id[l] = in->prim_ids ? in->prim_ids[p] : p;
   }
   struct kx_strip s = {
      .lane_count = lanes,
      .in = gin,
      .out = gout,
      .in_slots = KX_GS_IN_SLOTS(gs->vertices_in),
      .out_slots = KX_GS_OUT_SLOTS(gs),
      .primitive_id = prim_id,
      .base_instance = ctx->params->first_instance,
      .draw_index = ctx->params->draw_index,
      .view_index = ctx->view_index,
      .translate = nvk_draw_translate,
      .translate_data = ctx->ex->dev,
      .deadline_ns = ctx->deadline_ns,
   };
   memcpy(s.cbufs, ctx->cbufs, sizeof(s.cbufs));
   if (!kx_exec_strip(ctx->gs_exec[w], &s)) {
      nvk_draw_ctx_fault(ctx, "geometry shader", s.fault);
      return false;
   }
   struct strip_out *o = &j->strips[strip];
   for (uint32_t l = 0; l < lanes; l++) {
      if (!decode_lane(j, gout, l, prim_id[l], o)) {
         atomic_store(&j->oom, 1);
         return false;
      }
   }
   return true;
}

static void
gs_worker(void *data, uint32_t w)
{
   struct gs_job *j = data;
   for (;;) {
      const uint32_t strip = atomic_fetch_add(&j->next_strip, 1);
      if (strip >= j->strip_count || atomic_load((_Atomic int *)&j->ctx->faulted) ||
          atomic_load(&j->oom) || !gs_strip(j, w, strip))
         return;
   }
}

static void
strip_free(struct strip_out *o)
{
   free(o->verts.data);
   for (unsigned s = 0; s < NVK_MAX_XFB_STREAMS; s++) {
      free(o->streams[s].indices.data);
      free(o->streams[s].prim_ids.data);
      free(o->streams[s].last.data);
      free(o->streams[s].continues.data);
   }
}

void
nvk_draw_prims_free(struct nvk_prims *p)
{
   /* Stream 0 owns the vertices of every stream (merge). */
   free((void *)p->indices);
   free((void *)p->prim_ids);
   free((void *)p->last);
   free((void *)p->continues);
   if (p->owns_verts)
      free((void *)p->verts);
   memset(p, 0, sizeof(*p));
}

/* Concatenates the strips' results in strip order into out[]. */
static bool
merge(const struct gs_job *j, struct nvk_prims *out)
{
   const struct kx_gs_info *gs = j->gs;
   uint64_t vertices = 0;
   for (uint32_t i = 0; i < j->strip_count; i++)
      vertices += j->strips[i].vertex_count;
   float *verts = malloc(MAX2(vertices * j->stride_floats, (uint64_t)1) * sizeof(float));
   if (!verts || vertices > UINT32_MAX)
      goto oom;
   uint32_t base = 0;
   for (uint32_t i = 0; i < j->strip_count; i++) {
      memcpy(verts + (size_t)base * j->stride_floats, j->strips[i].verts.data,
             (size_t)j->strips[i].vertex_count * j->stride_floats * sizeof(float));
      base += j->strips[i].vertex_count;
   }
   const unsigned nv = gs->output_kind + 1u;
   for (unsigned s = 0; s < NVK_MAX_XFB_STREAMS; s++) {
      uint64_t prims = 0;
      for (uint32_t i = 0; i < j->strip_count; i++)
         prims += j->strips[i].streams[s].prim_count;
      uint32_t *idx = malloc(MAX2(prims * nv, (uint64_t)1) * sizeof(uint32_t));
      uint32_t *ids = malloc(MAX2(prims, (uint64_t)1) * sizeof(uint32_t));
      uint8_t *last = malloc(MAX2(prims, (uint64_t)1));
      uint8_t *cont = malloc(MAX2(prims, (uint64_t)1));
      out[s] = (struct nvk_prims){
         .verts = verts,
         .vertex_count = (uint32_t)vertices,
         .stride_floats = j->stride_floats,
         .verts_per_prim = nv,
         .prim_count = (uint32_t)prims,
         .indices = idx,
         .prim_ids = ids,
         .last = last,
         .continues = cont,
         .info = j->ctx->geom_info,
         .owns_verts = s == 0,
      };
      if (!idx || !ids || !last || !cont)
         return false; /* out[0] owns verts; the caller frees out[] */
      uint32_t at = 0, vbase = 0;
      for (uint32_t i = 0; i < j->strip_count; i++) {
         const struct stream_out *so = &j->strips[i].streams[s];
         const uint32_t *src = so->indices.data;
         for (uint32_t k = 0; k < so->prim_count * nv; k++)
            idx[(size_t)at * nv + k] = src[k] + vbase;
         if (so->prim_count) {
            memcpy(ids + at, so->prim_ids.data, so->prim_count * sizeof(uint32_t));
            memcpy(last + at, so->last.data, so->prim_count);
            memcpy(cont + at, so->continues.data, so->prim_count);
         }
         at += so->prim_count;
         vbase += j->strips[i].vertex_count;
      }
   }
   return true;
oom:
   free(verts);
   return false;
}

bool
nvk_draw_run_gs(struct nvk_draw_ctx *ctx, const struct nvk_prims *in, uint32_t first_prim,
                uint32_t prim_count, struct nvk_prims out[NVK_MAX_XFB_STREAMS])
{
   struct nvk_exec *ex = ctx->ex;
   const struct kx_gs_info *gs = &ctx->geom_info->gs;
   memset(out, 0, sizeof(*out) * NVK_MAX_XFB_STREAMS);
   if (in->verts_per_prim != gs->vertices_in) {
      /* VUID-vkCmdDraw-primitiveTopology: the topology must match the
       * shader's input primitive; undefined otherwise, a lost device here. */
      nvk_exec_fault(ex, "draw %u (%s): the geometry shader takes %u vertices per "
                     "primitive, the topology gives %u",
                     ex->gfx.draw_seq, ctx->params->api, gs->vertices_in,
                     in->verts_per_prim);
      return false;
   }
   const uint64_t lanes = (uint64_t)prim_count * gs->invocations;
   struct gs_job j = {
      .ctx = ctx,
      .in = in,
      .gs = gs,
      .first_prim = first_prim,
      .lanes_total = (uint32_t)lanes,
      .stride_floats = (gs->out_stride_slots - 1u) * 4u,
      .written = ctx->geom_info->outputs_written &
                 (gs->out_stride_slots - 1u >= 64 ? ~0ull
                                                  : (1ull << (gs->out_stride_slots - 1u)) - 1),
      .strip_count = (uint32_t)((lanes + KX_W - 1) / KX_W),
   };
   bool ok = lanes <= UINT32_MAX;
   if (ok && j.strip_count) {
      j.strips = calloc(j.strip_count, sizeof(j.strips[0]));
      ok = j.strips != NULL;
   }
   if (ok && j.strip_count) {
      if (j.strip_count == 1 || ctx->thread_count == 1)
         gs_worker(&j, 0);
      else
         nvk_worker_pool_parallel_for(ex->dev->workers, ctx->thread_count, gs_worker, &j);
      if (atomic_load((_Atomic int *)&ctx->faulted)) {
         nvk_exec_fault(ex, "draw %u (%s): %s", ex->gfx.draw_seq, ctx->params->api,
                        ctx->fault);
         ok = false;
      }
      ok = ok && !atomic_load(&j.oom);
   }
   if (ok)
      ok = merge(&j, out);
   if (!ok && !ex->faulted)
      nvk_exec_fault(ex, "draw %u (%s): out of memory in the geometry shader",
                     ex->gfx.draw_seq, ctx->params->api);
   if (ok) {
      ex->counters[NVK_COUNTER_GS_INVOCATIONS] += lanes;
      for (unsigned s = 0; s < NVK_MAX_XFB_STREAMS; s++)
         ex->counters[NVK_COUNTER_GS_PRIMITIVES] += out[s].prim_count;
   }
   for (uint32_t i = 0; i < j.strip_count && j.strips; i++)
      strip_free(&j.strips[i]);
   free(j.strips);
   return ok;
}
