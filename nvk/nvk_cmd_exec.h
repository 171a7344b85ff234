/* SPDX-License-Identifier: MIT */
/*
 * The executor: replays recorded command buffers on a queue thread.
 *
 * Commands run in order, each finished before the next starts (a command
 * may spread its own work over the worker pool), which is why most pipeline
 * barriers record nothing: everything before a command is complete and
 * visible when it starts. The exception is the rasterizer, which may defer
 * the work of draws (binning) until a flush point: the end of a rendering,
 * a barrier inside one (a self-dependency), events, query ends, clears of
 * attachments and secondary command buffer boundaries each call
 * nvk_exec_flush_rendering (nvk_rendering.h) first.
 *
 * Faults: every memory access goes through nvk_exec_translate, which checks
 * the range against the device's live memory (nvkmd's VA map). An access
 * outside it, or a device-side wait past the watchdog (KILN_TDR_MS), is a
 * fault: the executor stops, the queue marks the device lost, and from then
 * on the device reports VK_ERROR_DEVICE_LOST. Nothing hangs, nothing
 * crashes.
 */
#ifndef NVK_CMD_EXEC_H
#define NVK_CMD_EXEC_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "nvk_bind_point.h"
#include "nvk_cmd_stream.h"
#include "nvk_descriptor_types.h"
#include "nvk_draw.h"
#include "nvk_private.h"
#include "util/macros.h"
#include "vk_graphics_state.h"

struct nvk_cmd_buffer;
struct nvk_descriptor_set_layout;
struct nvk_device;
struct nvk_pipeline;
struct nvk_queue;

/* What a dispatch (or, later, a draw) reads: the bound pipeline and
 * descriptor sets of its bind point and its root table, resolved as the
 * stream is replayed (nvk_cmd_descriptors.c). Set memory is laid out as
 * nvk_descriptor_types.h says (constant buffer NVK_CBUF_SET(s)); the root
 * table (NVK_CBUF_ROOT) holds push constants and the dynamic buffers with
 * their offsets applied; dispatch fills its workgroup fields. */
struct nvk_exec_descriptors {
   const struct nvk_pipeline *pipeline;
   const uint8_t *sets[NVK_MAX_SETS];
   const struct nvk_descriptor_set_layout *set_layouts[NVK_MAX_SETS];
   struct nvk_root_table root;
};

#define NVK_EXEC_MAX_LABELS 32
#define NVK_EXEC_MAX_DEPTH 2 /* primary > secondary */

/* Counters queries read (nvk_query_pool.h): one per
 * VkQueryPipelineStatisticFlagBits bit, by bit index, then samples passed. */
enum nvk_counter {
   NVK_COUNTER_IA_VERTICES,            /* INPUT_ASSEMBLY_VERTICES */
   NVK_COUNTER_IA_PRIMITIVES,          /* INPUT_ASSEMBLY_PRIMITIVES */
   NVK_COUNTER_VS_INVOCATIONS,         /* VERTEX_SHADER_INVOCATIONS */
   NVK_COUNTER_GS_INVOCATIONS,         /* GEOMETRY_SHADER_INVOCATIONS */
   NVK_COUNTER_GS_PRIMITIVES,          /* GEOMETRY_SHADER_PRIMITIVES */
   NVK_COUNTER_CLIPPING_INVOCATIONS,   /* CLIPPING_INVOCATIONS */
   NVK_COUNTER_CLIPPING_PRIMITIVES,    /* CLIPPING_PRIMITIVES */
   NVK_COUNTER_FS_INVOCATIONS,         /* FRAGMENT_SHADER_INVOCATIONS */
   NVK_COUNTER_TCS_PATCHES,            /* TESSELLATION_CONTROL_SHADER_PATCHES */
   NVK_COUNTER_TES_INVOCATIONS,        /* TESSELLATION_EVALUATION_SHADER_INVOCATIONS */
   NVK_COUNTER_CS_INVOCATIONS,         /* COMPUTE_SHADER_INVOCATIONS */
   NVK_STAT_COUNTER_COUNT,
   NVK_COUNTER_SAMPLES_PASSED = NVK_STAT_COUNTER_COUNT, /* occlusion queries */
   /* Per vertex stream s (+ s): transform feedback queries (primitives
    * written, needed while capture is active) and primitives-generated
    * queries (every primitive the last pre-rasterization stage emits). */
   NVK_COUNTER_XFB_WRITTEN0,
   NVK_COUNTER_XFB_NEEDED0 = NVK_COUNTER_XFB_WRITTEN0 + 4,
   NVK_COUNTER_PRIMS_GENERATED0 = NVK_COUNTER_XFB_NEEDED0 + 4,
   NVK_COUNTER_COUNT = NVK_COUNTER_PRIMS_GENERATED0 + 4,
};
static_assert(VK_QUERY_PIPELINE_STATISTIC_COMPUTE_SHADER_INVOCATIONS_BIT ==
                 1u << NVK_COUNTER_CS_INVOCATIONS,
              "counters are indexed by statistic bit");

struct nvk_exec {
   struct nvk_device *dev;
   struct nvk_queue *queue;
   /* The innermost command buffer being replayed. */
   const struct nvk_cmd_buffer *cmd;
   unsigned depth;

   bool faulted;
   char fault[384];

   /* Debug-utils labels open at this point of the replay (names point into
    * the recorded stream); reported with faults. */
   const char *labels[NVK_EXEC_MAX_LABELS];
   uint32_t label_count;
   const char *inserted_label;

   /* Bumped by the work that the counter counts (dispatch:
    * NVK_COUNTER_CS_INVOCATIONS). */
   uint64_t counters[NVK_COUNTER_COUNT];

   /* Binding state of the command buffer being replayed; reset when a
    * command buffer starts (state is never inherited). */
   struct nvk_exec_descriptors desc[NVK_BIND_POINT_COUNT];

   /* Dynamic graphics state and its dirty bits (vk_graphics_state.h): set
    * by SET_DYNAMIC and graphics pipeline binds, read at draws; reset when
    * a command buffer starts. */
   struct vk_dynamic_graphics_state gfx_dyn;

   /* Vertex/index buffers (reset with `desc`), the current rendering (which
    * secondaries continue) and the draw counter. */
   struct nvk_exec_gfx gfx;

   /* Inside a conditional rendering block whose predicate discards draws,
    * dispatches and clears of attachments (nvk_cmd_conditional.c). */
   bool discard_rendering;
};

void nvk_exec_init(struct nvk_exec *ex, struct nvk_device *dev, struct nvk_queue *queue);

/* Replays `cmd`; false once a fault stopped it (ex->fault says why). */
bool nvk_exec_cmd_buffer(struct nvk_exec *ex, const struct nvk_cmd_buffer *cmd);

/* Records a fault (the first one wins) and makes replay stop. */
void nvk_exec_fault(struct nvk_exec *ex, const char *fmt, ...) PRINTFLIKE(2, 3);

/* Host pointer for the device range [va, va + size_B), or NULL after
 * recording a fault. */
void *nvk_exec_translate(struct nvk_exec *ex, uint64_t va, uint64_t size_B);

/* Absolute deadline for a device-side wait starting now (the watchdog). */
uint64_t nvk_exec_tdr_deadline(const struct nvk_exec *ex);

#define NVK_CMD_EXEC_DECL(NAME, name) void nvk_exec_##name(struct nvk_exec *ex, const void *payload);
NVK_CMD_LIST(NVK_CMD_EXEC_DECL)
#undef NVK_CMD_EXEC_DECL

#endif /* NVK_CMD_EXEC_H */
