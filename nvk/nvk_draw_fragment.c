/* SPDX-License-Identifier: MIT */
/*
 * The fragment shader of a draw: rast's shade callback runs it on a batch
 * of up to 16 quads (the lane layout is kx's, nvk/exec/kx.h), one kx_exec
 * per worker so workers share nothing.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvk_device.h"
#include "nvk_draw_priv.h"
#include "nvkmd/nvkmd.h"

void *
nvk_draw_translate(void *data, uint64_t va, uint64_t size_B, uint64_t *range_va,
                   uint64_t *range_end)
{
   struct nvk_device *dev = data;
   return nvkmd_dev_translate_range(dev->kmd, va, size_B, range_va, range_end);
}

void
nvk_draw_ctx_fault(struct nvk_draw_ctx *ctx, const char *what, const char *msg)
{
   int expected = 0;
   if (atomic_compare_exchange_strong((_Atomic int *)&ctx->faulted, &expected, 1))
      snprintf(ctx->fault, sizeof(ctx->fault), "%s: %s", what, msg);
}

bool
nvk_draw_execs_init(struct nvk_draw_ctx *ctx)
{
   const unsigned n = ctx->thread_count;
   ctx->vs_exec = calloc(n, sizeof(ctx->vs_exec[0]));
   ctx->fs_exec = calloc(n, sizeof(ctx->fs_exec[0]));
   ctx->vs_in = calloc(n, sizeof(ctx->vs_in[0]));
   ctx->vs_out = calloc(n, sizeof(ctx->vs_out[0]));
   ctx->gs_exec = calloc(n, sizeof(ctx->gs_exec[0]));
   ctx->gs_in = calloc(n, sizeof(ctx->gs_in[0]));
   ctx->gs_out = calloc(n, sizeof(ctx->gs_out[0]));
   if (!ctx->vs_exec || !ctx->fs_exec || !ctx->vs_in || !ctx->vs_out || !ctx->gs_exec ||
       !ctx->gs_in || !ctx->gs_out)
      return false;
   for (unsigned w = 0; w < n; w++) {
      ctx->vs_exec[w] = kx_exec_create(ctx->vs, KX_ISA_AUTO);
      ctx->vs_in[w] = calloc((size_t)KX_MAX_VERTEX_ATTRIBS * 4 * KX_W, sizeof(float));
      ctx->vs_out[w] = calloc((size_t)KX_SLOT_COUNT * 4 * KX_W, sizeof(float));
      if (!ctx->vs_exec[w] || !ctx->vs_in[w] || !ctx->vs_out[w])
         return false;
      if (ctx->fs && !(ctx->fs_exec[w] = kx_exec_create(ctx->fs, KX_ISA_AUTO)))
         return false;
      if (ctx->geom) {
         const struct kx_gs_info *gs = &ctx->geom_info->gs;
         ctx->gs_exec[w] = kx_exec_create(ctx->geom, KX_ISA_AUTO);
         ctx->gs_in[w] =
            calloc((size_t)KX_GS_IN_SLOTS(gs->vertices_in) * 4 * KX_W, sizeof(float));
         ctx->gs_out[w] = calloc((size_t)KX_GS_OUT_SLOTS(gs) * 4 * KX_W, sizeof(float));
         if (!ctx->gs_exec[w] || !ctx->gs_in[w] || !ctx->gs_out[w])
            return false;
      }
   }
   return true;
}

void
nvk_draw_execs_finish(struct nvk_draw_ctx *ctx)
{
   for (unsigned w = 0; w < ctx->thread_count; w++) {
      if (ctx->vs_exec && ctx->vs_exec[w])
         kx_exec_destroy(ctx->vs_exec[w]);
      if (ctx->fs_exec && ctx->fs_exec[w])
         kx_exec_destroy(ctx->fs_exec[w]);
      if (ctx->vs_in)
         free(ctx->vs_in[w]);
      if (ctx->vs_out)
         free(ctx->vs_out[w]);
      if (ctx->gs_exec && ctx->gs_exec[w])
         kx_exec_destroy(ctx->gs_exec[w]);
      if (ctx->gs_in)
         free(ctx->gs_in[w]);
      if (ctx->gs_out)
         free(ctx->gs_out[w]);
   }
   free(ctx->gs_exec);
   free(ctx->gs_in);
   free(ctx->gs_out);
   free(ctx->vs_exec);
   free(ctx->fs_exec);
   free(ctx->vs_in);
   free(ctx->vs_out);
}

bool
nvk_draw_shade(void *data, unsigned worker, struct rast_fs_batch *b)
{
   struct nvk_draw_ctx *ctx = data;
   if (worker >= ctx->thread_count || atomic_load((_Atomic int *)&ctx->faulted))
      return false;
   struct kx_strip s = {
      .live_mask = b->live_mask,
      .helper_mask = b->helper_mask,
      .in = b->in,
      .out = b->out,
      .base_instance = ctx->params->first_instance,
      .draw_index = ctx->params->draw_index,
      .view_index = ctx->view_index,
      .frag_coord = b->frag_coord,
      .point_coord = b->point_coord,
      .front_facing = b->front_facing,
      .sample_id = b->sample_id,
      .sample_mask_in = b->sample_mask_in,
      .primitive_id = b->primitive_id,
      .frag_depth = b->frag_depth,
      .sample_mask_out = b->sample_mask_out,
      .stencil_ref_out = b->stencil_ref_out,
      .translate = nvk_draw_translate,
      .translate_data = ctx->ex->dev,
      .deadline_ns = ctx->deadline_ns,
   };
   memcpy(s.cbufs, ctx->cbufs, sizeof(s.cbufs));
   if (!kx_exec_strip(ctx->fs_exec[worker], &s)) {
      nvk_draw_ctx_fault(ctx, "fragment shader", s.fault);
      return false;
   }
   b->kill_mask = s.kill_mask;
   return true;
}
