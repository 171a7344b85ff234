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
nvk_draw_fs_init(struct nvk_draw_ctx *ctx)
{
   ctx->fs_exec = NULL;
   if (!ctx->fs)
      return true;
   ctx->fs_exec = calloc(ctx->thread_count, sizeof(ctx->fs_exec[0]));
   if (!ctx->fs_exec)
      return false;
   for (unsigned w = 0; w < ctx->thread_count; w++) {
      ctx->fs_exec[w] = kx_exec_create(ctx->fs, KX_ISA_AUTO);
      if (!ctx->fs_exec[w])
         return false;
   }
   return true;
}

void
nvk_draw_fs_finish(struct nvk_draw_ctx *ctx)
{
   if (!ctx->fs_exec)
      return;
   for (unsigned w = 0; w < ctx->thread_count; w++) {
      if (ctx->fs_exec[w])
         kx_exec_destroy(ctx->fs_exec[w]);
   }
   free(ctx->fs_exec);
   ctx->fs_exec = NULL;
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
