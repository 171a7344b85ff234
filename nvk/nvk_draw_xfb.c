/* SPDX-License-Identifier: MIT */
/*
 * Transform feedback capture (Vulkan 1.3, 30 "Transform Feedback", from
 * VK_EXT_transform_feedback): the last pre-rasterization stage's
 * primitives of one vertex stream, vertex after vertex in each primitive's
 * order, each vertex a record of XfbStride bytes at the buffer's write
 * position, its outputs at their Offsets; strips arrive unrolled.
 *
 * 30.2: a primitive is written only if every buffer its stream writes has
 * room for all of its vertices; otherwise nothing of it is written and no
 * write position moves (the bytes past the end stay untouched), and the
 * transform feedback query counts it as needed, not written.
 */
#include <string.h>

#include "nvk_device.h"
#include "nvk_draw_priv.h"
#include "nvkmd/nvkmd.h"

bool
nvk_draw_xfb_capture(struct nvk_draw_ctx *ctx, const struct nvk_prims *p, unsigned stream)
{
   struct nvk_exec *ex = ctx->ex;
   struct nvk_exec_xfb *x = &ex->gfx.xfb;
   const struct kx_xfb_info *info = &p->info->xfb;
   if (p->prim_count == 0)
      return true;
   /* The buffers this stream writes, and their host memory. */
   uint8_t *host[NVK_MAX_XFB_BUFFERS] = {NULL};
   unsigned buffers = 0;
   for (unsigned i = 0; i < info->output_count; i++) {
      if (info->outputs[i].stream == stream)
         buffers |= 1u << info->outputs[i].buffer;
   }
   u_foreach_bit(b, buffers)
   {
      if (!x->buf[b].addr || !x->buf[b].size_B)
         continue; /* unbound: behaves as a buffer of size 0 */
      host[b] = nvkmd_dev_translate(ex->dev->kmd, x->buf[b].addr, x->buf[b].size_B);
      if (!host[b]) {
         nvk_exec_fault(ex,
                        "draw %u (%s): transform feedback buffer %u (%llu bytes at 0x%llx) "
                        "is not in live device memory",
                        ex->gfx.draw_seq, ctx->params->api, b,
                        (unsigned long long)x->buf[b].size_B,
                        (unsigned long long)x->buf[b].addr);
         return false;
      }
   }
   /* The stream's outputs, checked once: each inside its record (an
    * Offset + size past XfbStride is invalid SPIR-V and skipped) and
    * inside the vertex the previous stage wrote (the rest read zero). */
   struct piece {
      uint8_t buffer, words;
      uint16_t offset_B;
      uint32_t word;
      bool written;
   } pieces[KX_MAX_XFB_OUTPUTS];
   unsigned piece_count = 0;
   for (unsigned o = 0; o < info->output_count; o++) {
      const struct kx_xfb_output *out = &info->outputs[o];
      if (out->stream != stream ||
          out->offset_B + out->words * 4u > info->stride_B[out->buffer])
         continue;
      const uint32_t word = out->slot * 4u + out->comp;
      pieces[piece_count++] = (struct piece){
         .buffer = out->buffer,
         .words = out->words,
         .offset_B = out->offset_B,
         .word = word,
         .written = word + out->words <= p->stride_floats,
      };
   }
   const unsigned nv = p->verts_per_prim;
   /* VK_EXT_provoking_vertex (transformFeedbackPreservesProvokingVertex,
    * ...TriangleFanProvokingVertex): in last-vertex mode each primitive is
    * written rotated so its provoking vertex comes last, the others in
    * order; in first-vertex mode as the spec orders it (provoking first). */
   const bool last_mode =
      ctx->gs.rs.provoking_vertex == VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT;
   for (uint32_t i = 0; i < p->prim_count; i++) {
      ex->counters[NVK_COUNTER_XFB_NEEDED0 + stream]++;
      bool fits = true;
      u_foreach_bit(b, buffers)
      {
         const uint64_t need = (uint64_t)nv * info->stride_B[b];
         fits &= host[b] && x->written_B[b] <= x->buf[b].size_B &&
                 need <= x->buf[b].size_B - x->written_B[b];
      }
      if (!fits)
         continue;
      /* Where the provoking vertex is: rast's order has it first. */
      const unsigned pv = p->rast_order ? 0 : p->last ? p->last[i] : nv - 1;
      for (unsigned k = 0; k < nv; k++) {
         const unsigned from = last_mode ? (pv + 1 + k) % nv : k;
         const uint32_t *v = (const uint32_t *)p->verts +
                             (size_t)p->indices[(size_t)i * nv + from] * p->stride_floats;
         uint8_t *rec[NVK_MAX_XFB_BUFFERS];
         u_foreach_bit(b, buffers)
            rec[b] = host[b] + x->written_B[b] + (uint64_t)k * info->stride_B[b];
         for (unsigned o = 0; o < piece_count; o++) {
            const struct piece *pc = &pieces[o];
            uint8_t *dst = rec[pc->buffer] + pc->offset_B;
            for (unsigned w = 0; w < pc->words; w++) {
               const uint32_t value = pc->written ? v[pc->word + w] : 0;
               memcpy(dst + 4 * w, &value, 4);
            }
         }
      }
      u_foreach_bit(b, buffers)
         x->written_B[b] += (uint64_t)nv * info->stride_B[b];
      ex->counters[NVK_COUNTER_XFB_WRITTEN0 + stream]++;
   }
   return true;
}
