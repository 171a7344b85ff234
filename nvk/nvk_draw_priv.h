/* SPDX-License-Identifier: MIT */
/*
 * The draw executor's pieces (nvk_draw*.c): one draw is
 *
 *   nvk_draw_state.c      pipeline + dynamic state (vk_graphics_state_merge)
 *                         -> struct rast_state; the current rendering's
 *                         attachments -> struct rast_framebuffer
 *   nvk_draw_vertex.c     the unique vertices of the draw: vertex fetch
 *                         (formats through shared/format) into kx's SoA
 *                         inputs, the vertex shader in strips of KX_W,
 *                         outputs to rast's AoS vertices
 *   nvk_draw_fragment.c   rast's shade callback: the fragment shader on a
 *                         batch, one kx_exec per worker
 *   nvk_draw_tess.c       tessellation: control shader, nvk/tess,
 *                         evaluation shader, between the VS and setup
 *   nvk_draw_localize.c   the draw's vertex numbers -> unique vertices
 *   nvk_draw.c            the order of it all, per instance; statistics
 */
#ifndef NVK_DRAW_PRIV_H
#define NVK_DRAW_PRIV_H

#include "kx.h"
#include "nvk_cmd_exec.h"
#include "rast.h"
#include "vk_graphics_state.h"

struct nvk_graphics_pipeline;

static_assert(RAST_W == KX_W, "rast batches are kx strips");
static_assert((int)RAST_SLOT_COUNT == (int)KX_SLOT_COUNT, "one slot numbering");
static_assert((int)RAST_FS_OUTPUTS == (int)KX_FS_OUTPUT_SLOTS, "one FS output numbering");
static_assert((int)RAST_INTERP_FLAT == (int)KX_INTERP_FLAT &&
                 (int)RAST_INTERP_NOPERSPECTIVE == (int)KX_INTERP_NOPERSPECTIVE,
              "one interpolation numbering");

/* Everything one draw call needs, built once per vkCmdDraw* replay. */
struct nvk_draw_ctx {
   struct nvk_exec *ex;
   const struct nvk_draw_params *params;
   const struct nvk_graphics_pipeline *gfx;
   const struct kx_program *vs, *fs; /* fs NULL: none */
   const struct kx_program_info *vs_info, *fs_info;
   /* Tessellation: both stages or NULL. */
   const struct kx_program *tcs, *tes;
   const struct kx_program_info *tcs_info, *tes_info;
   const struct kx_program *geom; /* the geometry shader; NULL: none */
   const struct kx_program_info *geom_info;
   /* The last pre-rasterization stage (the GS, else the TES, else the VS):
    * what rast reads of its outputs and what transform feedback captures. */
   const struct kx_program_info *last_info;
   /* Capture is on for this draw: transform feedback is active and the
    * last stage has outputs to capture. */
   bool xfb;
   struct vk_graphics_state gs;
   struct rast_state rs;
   struct rast_framebuffer fb;
   /* Constant buffers of the graphics bind point (root table, sets). */
   struct kx_cbuf cbufs[KX_MAX_CBUFS];
   uint64_t deadline_ns;
   /* Multiview: the view being drawn (ViewIndex), 0 otherwise. */
   uint32_t view_index;

   /* The shaders, one executor per worker slot (nvk_draw_fragment.c
    * makes them), and the vertex shader's SoA buffers per slot. */
   struct kx_exec **vs_exec, **fs_exec, **gs_exec;
   float **vs_in, **vs_out, **gs_in, **gs_out;
   struct kx_exec **tcs_exec, **tes_exec; /* made at the first patch */
   unsigned thread_count;
   /* The first fault of a shader, any worker (atomic flag, then text). */
   int faulted;
   char fault[320];
};

/* Fills ctx->gs, ctx->rs and ctx->fb; false after a fault. */
bool nvk_draw_state_init(struct nvk_draw_ctx *ctx);

/* Multiview: points ctx->fb at layer `view` of every attachment's view and
 * sets ctx->view_index (Vulkan 1.3, 8.7 "Multiview": each view renders to
 * the layer of its index). */
void nvk_draw_state_set_view(struct nvk_draw_ctx *ctx, uint32_t view);

/* The post-VS vertices of one instance: for each of the `count` vertex
 * numbers in `vertex_ids` (after vertexOffset/firstVertex), fetch, shade
 * and write rast's AoS vertex (stride_floats each) to `out`. False after a
 * fault. */
bool nvk_draw_run_vs(struct nvk_draw_ctx *ctx, const uint32_t *vertex_ids, uint32_t count,
                     uint32_t instance, float *out, uint32_t stride_floats);

#define NVK_DRAW_RESTART UINT32_MAX /* a cut in a draw's vertex number stream */

/* The sorted unique vertex numbers of ids[0..count) (NVK_DRAW_RESTART
 * entries skipped) into `uniq` (room for count); each id becomes its local
 * number, its position in uniq. Returns the unique count. */
uint32_t nvk_draw_localize(uint32_t *ids, uint32_t count, uint32_t *uniq);

/* Floats per post-VS vertex (up to the highest slot the VS writes). */
uint32_t nvk_draw_vertex_stride_floats(const struct kx_program_info *vs_info);

/* What the tessellation stage hands down the chain, a part of an
 * instance's primitives at a time. */
struct nvk_draw_tess_output {
   float *vertices;  /* post-evaluation AoS vertices */
   uint32_t vertex_count, stride_floats;
   enum rast_prim_kind kind;
   uint32_t *indices, *prim_ids; /* prim_ids: the patch (PrimitiveId) */
   uint32_t prim_count;
};
typedef bool (*nvk_draw_tess_emit_fn)(struct nvk_draw_ctx *ctx,
                                      const struct nvk_draw_tess_output *out, void *data);

/* One instance's tessellation (nvk_draw_tess.c) of the post-VS vertices
 * `verts` (vs_stride_floats each) named by the draw's local vertex numbers
 * ids[0..count): each batch of primitives goes to `emit`, in order. The
 * patches and the evaluation shader's invocations are counted out (for
 * pipeline statistics) even after a fault, which returns false. */
bool nvk_draw_tess(struct nvk_draw_ctx *ctx, const float *verts, uint32_t vs_stride_floats,
                   const uint32_t *ids, uint32_t count, nvk_draw_tess_emit_fn emit,
                   void *emit_data, uint32_t *patches, uint32_t *evaluations);
void nvk_draw_tess_finish(struct nvk_draw_ctx *ctx);

/* Per-worker shader executors and buffers; false on out-of-memory. */
bool nvk_draw_execs_init(struct nvk_draw_ctx *ctx);
void nvk_draw_execs_finish(struct nvk_draw_ctx *ctx);
/* rast's shade callback (data: the ctx). */
bool nvk_draw_shade(void *data, unsigned worker, struct rast_fs_batch *b);

/* --- the pre-rasterization stage chain ------------------------------------------
 *
 * One instance of a draw goes
 *
 *   VS -> [tessellation] -> [GS] -> transform feedback -> rast_draw
 *
 * and every arrow carries a struct nvk_prims: the producing stage's
 * vertices in the kx slot layout (AoS: vertex v's slot s component c at
 * verts[v * stride_floats + s * 4 + c], slots as enum kx_slot) and its
 * primitives over them as independent lists, each primitive's vertices in
 * the spec's order (Vulkan 1.3, 21.1 "Primitive Topologies" with the
 * first-vertex convention: the order a geometry shader receives them and
 * transform feedback writes them; strips already unrolled). One per vertex
 * stream where a geometry shader emits several.
 *
 * nvk_draw.c makes the VS's and calls nvk_draw_pre_raster_tail, which runs
 * the GS (nvk_draw_gs.c) if the pipeline has one, captures (nvk_draw_xfb.c),
 * counts primitives generated and rasterizes the rasterization stream
 * (rotated to rast's provoking-vertex-first order here). A tessellation
 * stage slots in by turning the VS's prims (patches) into its TES's
 * prims (points, lines or triangles, info = the TES's program info) and
 * calling nvk_draw_pre_raster_tail with them.
 */
struct nvk_prims {
   const float *verts;
   uint32_t vertex_count, stride_floats;
   /* 1, 2, 3 (points, lines, triangles); 4 or 6 with adjacency (geometry
    * shader input only). */
   unsigned verts_per_prim;
   uint32_t prim_count;
   const uint32_t *indices;  /* prim_count * verts_per_prim */
   const uint32_t *prim_ids; /* PrimitiveId of each; NULL: its position */
   /* Per primitive, the position of the vertex that provokes in
    * last-vertex mode (strips alternate); NULL: verts_per_prim - 1. */
   const uint8_t *last;
   /* Lines: per primitive, whether it continues the previous line of a
    * strip (line stipple); NULL: none does. */
   const uint8_t *continues;
   /* The indices are already in rast's order (provoking vertex first in
    * the current mode, rast_assemble); last and continues unused. */
   bool rast_order;
   /* The stage that wrote the vertices. */
   const struct kx_program_info *info;
   bool owns_verts; /* nvk_draw_prims_free frees verts too */
};

/* From `in` (the last stage before the GS, or the last pre-rasterization
 * stage's stream 0 without one) to the framebuffer; false after a fault. */
bool nvk_draw_pre_raster_tail(struct nvk_draw_ctx *ctx, const struct nvk_prims *in);

/* The GS over primitives [first_prim, first_prim + prim_count) of `in`
 * and every invocation; out[s] gets stream s (their arrays are malloc'd:
 * nvk_draw_prims_free). False after a fault or out of memory (recorded). */
bool nvk_draw_run_gs(struct nvk_draw_ctx *ctx, const struct nvk_prims *in,
                     uint32_t first_prim, uint32_t prim_count,
                     struct nvk_prims out[NVK_MAX_XFB_STREAMS]);
void nvk_draw_prims_free(struct nvk_prims *p);

/* Transform feedback of stream `stream`'s primitives (Vulkan 1.3, 30.2
 * "Transform Feedback Capture"), with the query counts. */
bool nvk_draw_xfb_capture(struct nvk_draw_ctx *ctx, const struct nvk_prims *p,
                          unsigned stream);

/* rast_draw of `p` with the FS; counters; false after a fault. */
bool nvk_draw_rasterize(struct nvk_draw_ctx *ctx, const struct nvk_prims *p);

/* Geometry shader input assembly: topology + index stream (local vertex
 * numbers, NVK_DRAW_RESTART at cuts) -> primitives in the spec's order,
 * adjacency vertices kept (Vulkan 1.3, 21.1.9-21.1.12). Returns the count;
 * `out` has room for rast_assemble_max_prims() * the vertices per
 * primitive. */
uint32_t nvk_draw_assemble_gs_input(enum rast_topology topology, const uint32_t *ids,
                                    uint32_t count, bool restart, uint32_t *out,
                                    uint32_t *prim_ids);
unsigned nvk_draw_topology_gs_vertices(enum rast_topology topology);

/* kx's MMU callback over the device's VA map (data: the device). */
void *nvk_draw_translate(void *data, uint64_t va, uint64_t size_B, uint64_t *range_va,
                         uint64_t *range_end);

/* Records a shader fault once (thread-safe). */
void nvk_draw_ctx_fault(struct nvk_draw_ctx *ctx, const char *what, const char *msg);

#endif /* NVK_DRAW_PRIV_H */
