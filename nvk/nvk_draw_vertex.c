/* SPDX-License-Identifier: MIT */
/*
 * Vertex fetch and the vertex shader of a draw.
 *
 * Each attribute location the shader reads is fetched from its binding
 * (Vulkan 1.3, 22.4 "Vertex Input Address Calculation": vertex rate at
 * VertexIndex, instance rate at (InstanceIndex - firstInstance) / divisor
 * + firstInstance, divisor 0: firstInstance) and converted by its format
 * through shared/format into kx's SoA inputs: 32-bit float, int or uint
 * bits, absent components (0, 0, 0, 1). Attributes outside their buffer
 * read zero (robustBufferAccess). The shader then runs over KX_W vertices
 * at a time and its outputs go to rast's AoS vertices.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "format/fmt.h"
#include "nvk_draw_priv.h"
#include "nvk_format.h"
#include "nvk_pipeline.h"
#include "nvkmd/nvkmd.h"
#include "nvk_device.h"
#include "nvk_worker_pool.h"
#include "util/macros.h"

uint32_t
nvk_draw_vertex_stride_floats(const struct kx_program_info *vs_info)
{
   const uint64_t w = vs_info->outputs_written | 1; /* the position at least */
   return (64 - (uint32_t)__builtin_clzll(w)) * 4;
}

/* Where each attribute the shader reads comes from, resolved per draw. */
struct fetch_attr {
   uint32_t location;
   enum kil_format format;
   uint32_t el_B;
   const uint8_t *base; /* host pointer of the binding's first byte */
   uint64_t size_B;     /* bytes of the binding */
   uint64_t stride_B, offset_B;
   bool per_instance;
   uint32_t divisor;
};

static uint32_t
resolve_attrs(struct nvk_draw_ctx *ctx, struct fetch_attr *attrs)
{
   struct nvk_exec *ex = ctx->ex;
   const struct vk_graphics_state *gs = &ctx->gs;
   uint64_t reads = ctx->vs_info->inputs_read & gs->vi.attributes_valid;
   uint32_t n = 0;
   u_foreach_bit64(l, reads)
   {
      if (l >= VK_GS_MAX_VERTEX_ATTRIBUTES)
         break;
      const struct vk_vertex_attribute *a = &gs->vi.attributes[l];
      const uint32_t b = a->binding;
      const enum kil_format f = nvk_format_to_kil((VkFormat)a->format);
      if (b >= NVK_MAX_VERTEX_BINDINGS || !fmt_format_is_convertible(f)) {
         nvk_exec_fault(ex, "draw %u: vertex attribute %u: format %u is not fetched",
                        ex->gfx.draw_seq, (unsigned)l, a->format);
         return UINT32_MAX;
      }
      const struct nvk_exec_vertex_buffer *vb = &ex->gfx.vb[b];
      struct fetch_attr *fa = &attrs[n++];
      *fa = (struct fetch_attr){
         .location = (uint32_t)l,
         .format = f,
         .el_B = kil_format_el_size_B(f),
         /* The merged state: the pipeline's static strides, or the last
          * of vkCmdBindVertexBuffers2 / vkCmdSetVertexInputEXT. */
         .stride_B = gs->vi_binding_strides[b],
         .offset_B = a->offset_B,
         .per_instance = gs->vi.bindings[b].input_rate == VK_VERTEX_INPUT_RATE_INSTANCE,
         .divisor = gs->vi.bindings[b].divisor,
      };
      if (vb->addr && vb->size_B) {
         fa->base = nvkmd_dev_translate(ex->dev->kmd, vb->addr, vb->size_B);
         if (!fa->base) {
            nvk_exec_fault(ex,
                           "draw %u: vertex buffer %u (%llu bytes at 0x%llx) is not in "
                           "live device memory",
                           ex->gfx.draw_seq, b, (unsigned long long)vb->size_B,
                           (unsigned long long)vb->addr);
            return UINT32_MAX;
         }
         fa->size_B = vb->size_B;
      }
   }
   return n;
}

static void
fetch(const struct fetch_attr *fa, uint64_t index, float *in, unsigned lane)
{
   uint8_t zero[16] = {0};
   const uint8_t *src = zero;
   uint64_t at;
   if (fa->base && !__builtin_mul_overflow(index, fa->stride_B, &at) &&
       !__builtin_add_overflow(at, fa->offset_B, &at) && at < fa->size_B &&
       fa->el_B <= fa->size_B - at)
      src = fa->base + at;
   union fmt_texel t;
   fmt_unpack_color(fa->format, src, &t);
   for (unsigned c = 0; c < 4; c++)
      memcpy(&in[KX_IO_INDEX(fa->location, c, lane)], &t.u[c], 4);
}

/* One instance's vertex shading, spread over the workers by strips of
 * KX_W vertices; slot w uses executor and buffers w. */
struct vs_job {
   struct nvk_draw_ctx *ctx;
   const struct fetch_attr *attrs;
   uint32_t attr_count;
   const uint32_t *vertex_ids;
   uint32_t count;
   uint32_t instance;
   float *out;
   uint32_t stride_floats;
   _Atomic uint32_t next_strip;
};

static bool
vs_strip(struct vs_job *j, unsigned w, uint32_t first)
{
   struct nvk_draw_ctx *ctx = j->ctx;
   const struct nvk_draw_params *d = ctx->params;
   float *in = ctx->vs_in[w], *vout = ctx->vs_out[w];
   uint32_t vertex_index[KX_W], instance_index[KX_W];
   const uint32_t lanes = MIN2(j->count - first, (uint32_t)KX_W);
   for (uint32_t l = 0; l < lanes; l++) {
      vertex_index[l] = j->vertex_ids[first + l];
      instance_index[l] = j->instance;
      for (uint32_t a = 0; a < j->attr_count; a++) {
         const struct fetch_attr *fa = &j->attrs[a];
         uint64_t index = vertex_index[l];
         if (fa->per_instance)
            index = fa->divisor ? d->first_instance +
                                     (j->instance - d->first_instance) / fa->divisor
                                : d->first_instance;
         fetch(fa, index, in, l);
      }
   }
   struct kx_strip s = {
      .lane_count = lanes,
      .in = in,
      .out = vout,
      .vertex_index = vertex_index,
      .instance_index = instance_index,
      .base_vertex = d->indexed ? (uint32_t)d->vertex_offset : d->first,
      .base_instance = d->first_instance,
      .draw_index = d->draw_index,
      .view_index = ctx->view_index,
      .translate = nvk_draw_translate,
      .translate_data = ctx->ex->dev,
      .deadline_ns = ctx->deadline_ns,
   };
   memcpy(s.cbufs, ctx->cbufs, sizeof(s.cbufs));
   if (!kx_exec_strip(ctx->vs_exec[w], &s)) {
      nvk_draw_ctx_fault(ctx, "vertex shader", s.fault);
      return false;
   }
   /* SoA -> AoS, the slots the shader writes (the others are undefined
    * outputs; the array is not cleared, so they hold whatever it held). */
   const uint64_t written = ctx->vs_info->outputs_written |
                            1; /* the position at least (nvk_draw_vertex_stride_floats) */
   for (uint32_t l = 0; l < lanes; l++) {
      float *v = j->out + (size_t)(first + l) * j->stride_floats;
      u_foreach_bit64(slot, written)
      {
         if (slot * 4 >= j->stride_floats)
            break;
         for (unsigned c = 0; c < 4; c++)
            v[slot * 4 + c] = vout[KX_IO_INDEX(slot, c, l)];
      }
   }
   return true;
}

static void
vs_worker(void *data, uint32_t w)
{
   struct vs_job *j = data;
   for (;;) {
      const uint32_t strip = atomic_fetch_add(&j->next_strip, 1);
      const uint64_t first = (uint64_t)strip * KX_W;
      if (first >= j->count || atomic_load((_Atomic int *)&j->ctx->faulted) ||
          !vs_strip(j, w, (uint32_t)first))
         return;
   }
}

bool
nvk_draw_run_vs(struct nvk_draw_ctx *ctx, const uint32_t *vertex_ids, uint32_t count,
                uint32_t instance, float *out, uint32_t stride_floats)
{
   struct nvk_exec *ex = ctx->ex;
   struct fetch_attr attrs[VK_GS_MAX_VERTEX_ATTRIBUTES];
   const uint32_t attr_count = resolve_attrs(ctx, attrs);
   if (attr_count == UINT32_MAX)
      return false;
   struct vs_job j = {
      .ctx = ctx,
      .attrs = attrs,
      .attr_count = attr_count,
      .vertex_ids = vertex_ids,
      .count = count,
      .instance = instance,
      .out = out,
      .stride_floats = stride_floats,
   };
   /* One strip runs here; more go to the pool, one slot per worker. */
   if (count <= KX_W || ctx->thread_count == 1)
      vs_worker(&j, 0);
   else
      nvk_worker_pool_parallel_for(ex->dev->workers, ctx->thread_count, vs_worker, &j);
   if (atomic_load((_Atomic int *)&ctx->faulted)) {
      nvk_exec_fault(ex, "draw %u (%s): %s", ex->gfx.draw_seq, ctx->params->api,
                     ctx->fault);
      return false;
   }
   return true;
}
