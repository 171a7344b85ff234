/* SPDX-License-Identifier: MIT */
/*
 * Draws: the vertex/index buffer bindings the executor replays and the one
 * form every vkCmdDraw* takes at replay (nvk_cmd_draw.c records them,
 * nvk_draw.c runs them: vertex fetch, the vertex shader, primitive
 * assembly, the rasterizer with the fragment shader).
 */
#ifndef NVK_DRAW_H
#define NVK_DRAW_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "nvk_rendering.h"

#define NVK_MAX_VERTEX_BINDINGS 32 /* maxVertexInputBindings */

struct nvk_exec;

struct nvk_exec_vertex_buffer {
   uint64_t addr; /* 0: unbound */
   uint64_t size_B;
};

struct nvk_exec_index_buffer {
   uint64_t addr;
   uint64_t size_B;
   VkIndexType type;
};

#define NVK_MAX_XFB_BUFFERS 4 /* maxTransformFeedbackBuffers */
#define NVK_MAX_XFB_STREAMS 4 /* maxTransformFeedbackStreams */

/* VK_EXT_transform_feedback at replay (nvk_cmd_xfb.c records, the draw's
 * capture, nvk_draw_xfb.c, writes): the bound ranges and, while active,
 * each buffer's write position in bytes from the bound offset (what
 * counter buffers store). */
struct nvk_exec_xfb {
   bool active;
   struct {
      uint64_t addr; /* buffer address + bound offset; 0: unbound */
      uint64_t size_B;
   } buf[NVK_MAX_XFB_BUFFERS];
   uint64_t written_B[NVK_MAX_XFB_BUFFERS];
};

/* The graphics state of the replay besides descriptors and dynamic state. */
struct nvk_exec_gfx {
   struct nvk_exec_vertex_buffer vb[NVK_MAX_VERTEX_BINDINGS];
   struct nvk_exec_index_buffer ib;
   struct nvk_exec_xfb xfb;
   struct nvk_exec_rendering rendering;
   /* Draws replayed so far in the outermost command buffer: faults name
    * the draw by this number. */
   uint32_t draw_seq;
};

/* One draw (one of an indirect or multi draw), as vkCmdDraw* give it. */
struct nvk_draw_params {
   const char *api; /* "vkCmdDraw", ... for fault messages */
   bool indexed;
   uint32_t count; /* vertices or indices */
   uint32_t instance_count;
   uint32_t first;        /* first vertex or first index */
   int32_t vertex_offset; /* indexed */
   uint32_t first_instance;
   uint32_t draw_index; /* DrawIndex: which draw of an indirect/multi draw */
};

/* Runs one draw against the executor's current state (nvk_draw.c); its
 * work may be deferred until nvk_draw_flush. */
void nvk_draw(struct nvk_exec *ex, const struct nvk_draw_params *d);

/* Finishes deferred draw work (nvk_exec_flush_rendering calls it). */
void nvk_draw_flush(struct nvk_exec *ex);

#endif /* NVK_DRAW_H */
