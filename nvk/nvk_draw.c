/* SPDX-License-Identifier: MIT */
/*
 * The draw executor: vertex fetch, the vertex shader, primitive assembly
 * and the rasterizer with the fragment shader, for one draw.
 */
#include "nvk_draw.h"

#include "nvk_cmd_exec.h"

/* Faults of a draw name it: its number in the command buffer and API. */
#define draw_fault(ex, d, fmt, ...)                                                       \
   nvk_exec_fault(ex, "draw %u (%s, draw index %u): " fmt, (ex)->gfx.draw_seq, (d)->api,  \
                  (d)->draw_index, ##__VA_ARGS__)

void
nvk_draw(struct nvk_exec *ex, const struct nvk_draw_params *d)
{
   ex->gfx.draw_seq++;
   if (!ex->gfx.rendering.active) {
      draw_fault(ex, d, "outside a render pass instance");
      return;
   }
   if (!ex->desc[NVK_BIND_POINT_GRAPHICS].pipeline) {
      /* Undefined by the spec; the device is lost instead of crashing. */
      draw_fault(ex, d, "no graphics pipeline bound");
      return;
   }
   if (d->count == 0 || d->instance_count == 0)
      return;
   draw_fault(ex, d, "graphics pipelines cannot run yet");
}

void
nvk_draw_flush(struct nvk_exec *ex)
{
}
