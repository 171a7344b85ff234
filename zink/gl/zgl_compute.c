/* SPDX-License-Identifier: MIT */
/*
 * Compute dispatch (GL 4.6, 19): glDispatchCompute(Indirect) with the
 * current program's compute stage, its uniforms, blocks, samplers and
 * shader storage buffers.
 */
#include <stdlib.h>

#include "zgl_buffer.h"
#include "zgl_draw_state.h"
#include "zgl_program.h"
#include "zgl_screen.h"

/* The current program's compute executable; NULL after INVALID_OPERATION
 * (19: "if there is no active program for the compute shader stage"). */
static const struct zgl_linked *
compute_program(struct zgl_context *ctx, const char *func)
{
   const struct zgl_linked *l = ctx->program ? ctx->program->linked : NULL;
   if (!l || !(l->stages & (1u << KGL_STAGE_COMPUTE))) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: no program with a compute shader", func);
      return NULL;
   }
   return l;
}

void GLAPIENTRY
zgl_DispatchCompute(GLuint num_groups_x, GLuint num_groups_y, GLuint num_groups_z)
{
   ZGL_CONTEXT(ctx);
   const struct zgl_linked *l = compute_program(ctx, "glDispatchCompute");
   if (!l)
      return;
   const uint32_t *max = ctx->screen->caps->limits.maxComputeWorkGroupCount;
   /* INVALID_VALUE past MAX_COMPUTE_WORK_GROUP_COUNT in any dimension. */
   if (num_groups_x > max[0] || num_groups_y > max[1] || num_groups_z > max[2]) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDispatchCompute(%u, %u, %u)", num_groups_x,
                num_groups_y, num_groups_z);
      return;
   }
   if (!num_groups_x || !num_groups_y || !num_groups_z)
      return;
   struct zkv_bindings *b = calloc(1, sizeof(*b));
   if (!b) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glDispatchCompute");
      return;
   }
   if (zgl_resource_bindings(ctx, "glDispatchCompute", l, b))
      zkv_dispatch(ctx->zkv, l->zkv, b, num_groups_x, num_groups_y, num_groups_z);
   free(b);
}

void GLAPIENTRY
zgl_DispatchComputeIndirect(GLintptr indirect)
{
   ZGL_CONTEXT(ctx);
   const struct zgl_linked *l = compute_program(ctx, "glDispatchComputeIndirect");
   if (!l)
      return;
   /* INVALID_VALUE for a negative or misaligned offset, INVALID_OPERATION
    * without a buffer or past its end (19). */
   if (indirect < 0 || indirect % 4) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDispatchComputeIndirect(%ld)", (long)indirect);
      return;
   }
   struct zgl_buffer *buf = ctx->dispatch_indirect_buffer;
   if (!buf || !buf->zkv || indirect + 12 > buf->size_B) {
      zgl_error(ctx, GL_INVALID_OPERATION,
                "glDispatchComputeIndirect: no or too small a GL_DISPATCH_INDIRECT_BUFFER");
      return;
   }
   struct zkv_bindings *b = calloc(1, sizeof(*b));
   if (!b) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glDispatchComputeIndirect");
      return;
   }
   if (zgl_resource_bindings(ctx, "glDispatchComputeIndirect", l, b))
      zkv_dispatch_indirect(ctx->zkv, l->zkv, b, buf->zkv, (VkDeviceSize)indirect);
   free(b);
}
