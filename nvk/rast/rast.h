/* SPDX-License-Identifier: MIT */
/*
 * rast: kiln's rasterizer, a pure library.
 *
 * Like shared/layout, it takes plain state structs and host pointers and
 * knows nothing of Vulkan objects or the device: the driver (branch `draw`)
 * converts its merged graphics state to a struct rast_state, runs the
 * vertex shader, and hands post-VS vertices here. The draw path follows the
 * split of SwiftShader's renderer (vertex, setup, rasterizer, pixel):
 *
 *    rast_assemble()     topology + index stream + primitive restart
 *                        -> vertex-index lists, provoking vertex first
 *    rast_draw():
 *      front end         per chunk of primitives, in parallel: clip (near/
 *                        far, w > 0, clip/cull distances, a guard band),
 *                        viewport transform, snap to 8 subpixel bits,
 *                        cull, set up edges and interpolation, bin to tiles
 *      back end          per 64x64 tile, one worker each, primitives in API
 *                        order: coverage (top-left rule), early tests,
 *                        2x2 quads batched 16 at a time (64 lanes), the
 *                        shade callback runs the FS, then late tests,
 *                        blending, logic op and the write (rast_pixel*.c)
 *
 * Threads: the caller's kx_parallel_for_fn (nvk/exec/kx.h) with its pool.
 * rast calls it with count = worker count, so index i is worker i, and the
 * shade callback's `worker` (< thread_count) can pick per-thread state
 * (a kx_exec) without locks.
 *
 * Deviations from /work/wt/CONTRACT.md (told to the lead):
 *  - rast.h does not include nvk/exec/kx.h: it restates the slot numbering
 *    (RAST_SLOT_* == KX_SLOT_*), the lane count (RAST_W == KX_W) and the
 *    parallel-for signature (rast_parallel_for_fn has kx_parallel_for_fn's
 *    type) so the library builds on its own; the driver static-asserts the
 *    equalities.
 *  - The shade callback returns bool (false: the shader faulted; the draw
 *    stops shading and rast_draw returns false with d->faulted set).
 *  - rast_draw is synchronous: every fragment of the draw is written when
 *    it returns. Deferring binning across draws is the caller's choice of
 *    when to call it.
 *  - Fragment batches carry point_coord (PointCoord of point sprites), which
 *    the contract's kx_strip does not list yet.
 *  - "Provoking vertex first" rotates triangles (winding kept) but swaps
 *    the two ends of a line in last-vertex mode; rast_assembly::line_flags
 *    records that (and strip continuity) for rast_draw::line_flags.
 *
 * Using it from the driver, in short:
 *
 *    struct rast_state st; rast_state_init(&st, w, h); ...fill from the
 *    merged vk_graphics_state...
 *    struct rast_framebuffer fb = {.render_area = ...};
 *    rast_image_init(&fb.color[0], &image->kil, host_ptr, view_format,
 *                    level, base_layer, layer_count);
 *    n = rast_assemble(&(struct rast_assembly){...}, idx, prim_ids);
 *    (run the VS over the vertices idx names; AoS, slots as KX_SLOT_*)
 *    struct rast_draw d = {.state = &st, .fb = &fb, .vertices = v, ...,
 *                          .shade = run_fs, .parallel_for = pool_for, ...};
 *    rast_draw(&d);  d.samples_passed, d.fs_invocations: queries
 */
#ifndef RAST_H
#define RAST_H

#include <stdbool.h>
#include <stdint.h>

#include "layout/kil_addr.h"
#include "layout/kil_format.h"
#include "layout/kil_image.h"

/* Lanes per fragment batch: 16 quads of 2x2. */
#define RAST_W 64
#define RAST_QUADS (RAST_W / 4)

/* Vertex slots: vec4 each, the contract's kx_slot numbering. */
enum rast_slot {
   RAST_SLOT_POS = 0,
   RAST_SLOT_PSIZ = 1,
   RAST_SLOT_CLIP_DIST0 = 2,
   RAST_SLOT_CLIP_DIST1 = 3,
   RAST_SLOT_CULL_DIST0 = 4,
   RAST_SLOT_CULL_DIST1 = 5,
   RAST_SLOT_LAYER_VP = 6,
   RAST_SLOT_PRIM_ID = 7,
   RAST_SLOT_VAR0 = 8,
   RAST_SLOT_COUNT = 8 + 32,
};

#define RAST_MAX_VIEWPORTS 16
#define RAST_MAX_COLOR 8
/* FS output slots: colour Location L -> L; dual source (Index 1) -> 8. */
#define RAST_FS_OUTPUTS 9
#define RAST_DUAL_SRC_SLOT 8
#define RAST_MAX_SAMPLES 8

/* rast_parallel_for_fn is kx_parallel_for_fn. */
typedef void (*rast_parallel_fn)(void *data, uint32_t index);
typedef void (*rast_parallel_for_fn)(void *pool, uint32_t count, rast_parallel_fn fn,
                                     void *data);

/* --- primitive assembly ------------------------------------------------------ */

/* VkPrimitiveTopology's values. */
enum rast_topology {
   RAST_TOPOLOGY_POINT_LIST = 0,
   RAST_TOPOLOGY_LINE_LIST = 1,
   RAST_TOPOLOGY_LINE_STRIP = 2,
   RAST_TOPOLOGY_TRIANGLE_LIST = 3,
   RAST_TOPOLOGY_TRIANGLE_STRIP = 4,
   RAST_TOPOLOGY_TRIANGLE_FAN = 5,
   RAST_TOPOLOGY_LINE_LIST_WITH_ADJACENCY = 6,
   RAST_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY = 7,
   RAST_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY = 8,
   RAST_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY = 9,
   RAST_TOPOLOGY_PATCH_LIST = 10,
};

enum rast_prim_kind {
   RAST_PRIM_POINTS,
   RAST_PRIM_LINES,
   RAST_PRIM_TRIANGLES,
};

/* Vertices per assembled primitive of a topology's kind (1, 2, 3; 0 for
 * patches, which only tessellation draws). */
enum rast_prim_kind rast_topology_prim_kind(enum rast_topology topology);
unsigned rast_topology_prim_vertices(enum rast_topology topology);

struct rast_assembly {
   enum rast_topology topology;
   /* The index stream (already offset by vertexOffset/firstVertex, as the
    * vertex array's positions), or NULL for a non-indexed draw:
    * indices 0 .. count - 1. */
   const uint32_t *indices;
   uint32_t count;
   bool restart_enable;
   uint32_t restart_index; /* 0xffff, 0xffffffff or 0xff by index type */
   /* VK_EXT_primitive_topology_list_restart: restart also cuts list
    * topologies (the incomplete primitive is dropped). Without it, a
    * restart index in a list topology is an ordinary index. */
   bool list_restart;
   bool provoking_last; /* VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT */
   /* Optional output for line topologies (NULL: not wanted): per
    * primitive, RAST_LINE_* flags that line stipple needs, to pass on in
    * rast_draw::line_flags. */
   uint8_t *line_flags;
};

enum rast_line_flags {
   RAST_LINE_CONTINUES = 1 << 0, /* continues the previous line's strip */
   RAST_LINE_REVERSED = 1 << 1,  /* its ends were swapped (provoking last):
                                  * the strip runs from vertex 1 to 0 */
};

/* Upper bound of the primitives rast_assemble() emits (the size of `out`
 * is that times rast_topology_prim_vertices()). */
uint32_t rast_assemble_max_prims(const struct rast_assembly *a);

/* Writes each primitive's vertex indices to `out`, provoking vertex first
 * (Vulkan 1.3, 21.1 "Primitive Topologies"; the vertex order of each
 * triangle is rotated, never mirrored, so its winding is kept; a line's
 * two ends swap). Adjacency vertices are dropped: the result is the plain
 * points/lines/triangles the rasterizer draws. `prim_ids`, if not NULL,
 * receives each primitive's PrimitiveId (its position in the draw).
 * Returns the number of primitives. */
uint32_t rast_assemble(const struct rast_assembly *a, uint32_t *out, uint32_t *prim_ids);

/* --- state ------------------------------------------------------------------- */

struct rast_viewport {
   float x, y, width, height; /* height < 0 flips (Vulkan 1.1) */
   float min_depth, max_depth;
};

struct rast_rect {
   int32_t x, y;
   uint32_t width, height;
};

enum rast_cull_mode {
   RAST_CULL_NONE = 0,
   RAST_CULL_FRONT = 1,
   RAST_CULL_BACK = 2,
   RAST_CULL_FRONT_AND_BACK = 3,
};

enum rast_front_face {
   RAST_FRONT_FACE_CCW = 0,
   RAST_FRONT_FACE_CW = 1,
};

enum rast_polygon_mode {
   RAST_POLYGON_FILL = 0,
   RAST_POLYGON_LINE = 1,
   RAST_POLYGON_POINT = 2,
};

enum rast_line_mode {
   RAST_LINE_RECTANGULAR = 0, /* also DEFAULT with strictLines */
   RAST_LINE_BRESENHAM = 1,
   /* RECTANGULAR_SMOOTH: the rectangle grown by half a pixel all round;
    * each fragment's alpha (every colour output) is multiplied by an
    * approximation of the pixel's area the line rectangle covers. */
   RAST_LINE_RECTANGULAR_SMOOTH = 2,
};

enum rast_interp {
   RAST_INTERP_SMOOTH = 0,
   RAST_INTERP_FLAT = 1,
   RAST_INTERP_NOPERSPECTIVE = 2,
};

/* Where an input is interpolated (Centroid / Sample decorations). */
enum rast_interp_loc {
   RAST_LOC_CENTER = 0,
   RAST_LOC_CENTROID = 1, /* a covered sample's location if the pixel is
                           * partly covered, else the centre */
   RAST_LOC_SAMPLE = 2,   /* the sample's location (needs sample_shading) */
};

/* VkCompareOp's values. */
enum rast_compare_op {
   RAST_COMPARE_NEVER = 0,
   RAST_COMPARE_LESS,
   RAST_COMPARE_EQUAL,
   RAST_COMPARE_LESS_OR_EQUAL,
   RAST_COMPARE_GREATER,
   RAST_COMPARE_NOT_EQUAL,
   RAST_COMPARE_GREATER_OR_EQUAL,
   RAST_COMPARE_ALWAYS,
};

/* VkStencilOp's values. */
enum rast_stencil_op {
   RAST_STENCIL_KEEP = 0,
   RAST_STENCIL_ZERO,
   RAST_STENCIL_REPLACE,
   RAST_STENCIL_INCREMENT_AND_CLAMP,
   RAST_STENCIL_DECREMENT_AND_CLAMP,
   RAST_STENCIL_INVERT,
   RAST_STENCIL_INCREMENT_AND_WRAP,
   RAST_STENCIL_DECREMENT_AND_WRAP,
};

/* VkBlendFactor's values. */
enum rast_blend_factor {
   RAST_BLEND_ZERO = 0,
   RAST_BLEND_ONE,
   RAST_BLEND_SRC_COLOR,
   RAST_BLEND_ONE_MINUS_SRC_COLOR,
   RAST_BLEND_DST_COLOR,
   RAST_BLEND_ONE_MINUS_DST_COLOR,
   RAST_BLEND_SRC_ALPHA,
   RAST_BLEND_ONE_MINUS_SRC_ALPHA,
   RAST_BLEND_DST_ALPHA,
   RAST_BLEND_ONE_MINUS_DST_ALPHA,
   RAST_BLEND_CONSTANT_COLOR,
   RAST_BLEND_ONE_MINUS_CONSTANT_COLOR,
   RAST_BLEND_CONSTANT_ALPHA,
   RAST_BLEND_ONE_MINUS_CONSTANT_ALPHA,
   RAST_BLEND_SRC_ALPHA_SATURATE,
   RAST_BLEND_SRC1_COLOR,
   RAST_BLEND_ONE_MINUS_SRC1_COLOR,
   RAST_BLEND_SRC1_ALPHA,
   RAST_BLEND_ONE_MINUS_SRC1_ALPHA,
};

/* VkBlendOp's core values. */
enum rast_blend_op {
   RAST_BLEND_OP_ADD = 0,
   RAST_BLEND_OP_SUBTRACT,
   RAST_BLEND_OP_REVERSE_SUBTRACT,
   RAST_BLEND_OP_MIN,
   RAST_BLEND_OP_MAX,
};

/* VkLogicOp's values. */
enum rast_logic_op {
   RAST_LOGIC_CLEAR = 0,
   RAST_LOGIC_AND,
   RAST_LOGIC_AND_REVERSE,
   RAST_LOGIC_COPY,
   RAST_LOGIC_AND_INVERTED,
   RAST_LOGIC_NO_OP,
   RAST_LOGIC_XOR,
   RAST_LOGIC_OR,
   RAST_LOGIC_NOR,
   RAST_LOGIC_EQUIVALENT,
   RAST_LOGIC_INVERT,
   RAST_LOGIC_OR_REVERSE,
   RAST_LOGIC_COPY_INVERTED,
   RAST_LOGIC_OR_INVERTED,
   RAST_LOGIC_NAND,
   RAST_LOGIC_SET,
};

struct rast_stencil_face {
   enum rast_stencil_op fail_op, pass_op, depth_fail_op;
   enum rast_compare_op compare_op;
   uint8_t compare_mask, write_mask, reference;
};

struct rast_blend_attachment {
   bool blend_enable;
   enum rast_blend_factor src_color, dst_color;
   enum rast_blend_op color_op;
   enum rast_blend_factor src_alpha, dst_alpha;
   enum rast_blend_op alpha_op;
   /* VkColorComponentFlags (R 1, G 2, B 4, A 8), with colorWriteEnable
    * folded in (0 when disabled). */
   uint8_t write_mask;
};

/* What the fragment shader is, as far as the fixed function cares. */
struct rast_fs_info {
   /* Slots (RAST_SLOT_VAR0 + Location, RAST_SLOT_PRIM_ID...) the FS reads:
    * only these are interpolated into the batch. */
   uint64_t inputs_read;
   uint8_t interp[RAST_SLOT_COUNT];     /* enum rast_interp per slot */
   uint8_t interp_loc[RAST_SLOT_COUNT]; /* enum rast_interp_loc per slot */
   bool writes_depth, writes_stencil, writes_sample_mask;
   bool uses_discard;
   bool has_side_effects; /* stores, atomics: forbids implicit early tests */
   bool early_fragment_tests; /* the EarlyFragmentTests execution mode */
   /* Per-sample shading (SampleId/SamplePosition or Sample inputs read,
    * or minSampleShading * samples > 1; rast runs every sample): each
    * lane is one sample of its pixel; frag_coord, inputs, sample_id and
    * sample_mask_in (that sample's bit) are the sample's. */
   bool sample_shading;
   /* Neither FragCoord nor SamplePosition is read: rast_fs_batch::
    * frag_coord is left unset (false: it is filled). */
   bool no_frag_coord;
};

struct rast_state {
   /* Primitive processing. */
   uint32_t viewport_count;
   struct rast_viewport viewports[RAST_MAX_VIEWPORTS];
   /* Always applied: the driver passes the render area when scissoring is
    * not in use (it must anyway, the render area bounds every write). */
   struct rast_rect scissors[RAST_MAX_VIEWPORTS];
   bool depth_clip_negative_one_to_one; /* VK_EXT_depth_clip_control */
   bool depth_clamp_enable;
   bool depth_clip_enable; /* default: !depth_clamp_enable */
   bool rasterizer_discard;
   enum rast_cull_mode cull_mode;
   enum rast_front_face front_face;
   enum rast_polygon_mode polygon_mode;
   bool depth_bias_enable;
   float depth_bias_constant, depth_bias_slope, depth_bias_clamp;
   uint32_t clip_distance_count, cull_distance_count; /* 0..8 */
   /* Whether the last pre-rasterization stage writes Layer / ViewportIndex
    * (RAST_SLOT_LAYER_VP .x / .y, read from the provoking vertex). */
   bool vs_writes_layer, vs_writes_viewport;
   float line_width;
   enum rast_line_mode line_mode;
   /* VK_EXT_line_rasterization stippling: a fragment is kept if bit
    * (s / factor) % 16 of the pattern is set, s counting fragments along
    * the major axis from the start of the line (or of its strip). */
   bool line_stipple_enable;
   uint32_t line_stipple_factor; /* 1..256 */
   uint16_t line_stipple_pattern;
   /* Points: size from the PSIZ slot if the last pre-rasterization stage
    * writes it, else 1.0; clamped to [min, max] (pointSizeRange). */
   bool point_size_from_shader;
   float point_size_min, point_size_max;

   /* Multisampling. */
   uint32_t samples; /* 1, 2, 4, 8; 0 reads as 1 */
   uint32_t sample_mask;
   bool alpha_to_coverage, alpha_to_one;

   struct rast_fs_info fs;

   /* Depth/stencil. */
   bool depth_test_enable, depth_write_enable;
   enum rast_compare_op depth_compare_op;
   bool depth_bounds_enable;
   float min_depth_bounds, max_depth_bounds;
   bool stencil_test_enable;
   struct rast_stencil_face front, back;

   /* Colour. */
   bool logic_op_enable;
   enum rast_logic_op logic_op;
   struct rast_blend_attachment blend[RAST_MAX_COLOR];
   float blend_constants[4];
};

/* Fills the defaults a pipeline with no special state has: one viewport
 * and scissor covering `width` x `height`, no culling, CCW front, fill,
 * depth clip on, line width 1, point size 1, 1 sample, mask ~0, depth
 * and stencil off, blending off, write masks 0xf, every input smooth. */
void rast_state_init(struct rast_state *s, uint32_t width, uint32_t height);

/* --- attachments --------------------------------------------------------------- */

/* One attachment: a level of an image, in host memory. */
struct rast_image {
   void *base; /* the image's start; NULL: no attachment */
   enum kil_format format;
   /* kil_level_addr_init(&addr, image, level): for a multisampled image the
    * level's sample grid (kil_sample.h). */
   struct kil_level_addr addr;
   uint32_t base_layer; /* the view's first layer; Layer from the VS adds */
   uint32_t layer_count;
   uint32_t samples;    /* the image's, equal to rast_state::samples */
};

/* Fills `img` for level `level`, layers [base_layer, base_layer +
 * layer_count) of a kil image at host address `base`, viewed as `format`
 * (a view's format of the image's size class). false if the level does
 * not exist or the sample count is not one kil lays out. */
bool rast_image_init(struct rast_image *img, const struct kil_image *image, void *base,
                     enum kil_format format, uint32_t level, uint32_t base_layer,
                     uint32_t layer_count);

struct rast_framebuffer {
   struct rast_image color[RAST_MAX_COLOR];
   struct rast_image depth_stencil; /* format has the DEPTH and/or STENCIL aspect */
   struct rast_rect render_area;
};

/* --- fragment shading --------------------------------------------------------- */

/* One batch of up to 16 quads (64 lanes), the contract's lane layout:
 * quad q is lanes 4q..4q+3, pixels (x,y) (x+1,y) (x,y+1) (x+1,y+1). Quads
 * may come from different primitives. Arrays are SoA:
 * in[(slot * 4 + comp) * RAST_W + lane]. */
struct rast_fs_batch {
   uint32_t quad_count;
   uint64_t live_mask;   /* lanes to run: covered or helper */
   uint64_t helper_mask; /* helpers: run for derivatives, never store */

   float in[RAST_SLOT_COUNT * 4 * RAST_W]; /* only fs.inputs_read slots */
   float frag_coord[4 * RAST_W];           /* x, y, z, 1/w */
   float point_coord[2 * RAST_W];          /* points only */
   uint32_t front_facing[RAST_W];
   uint32_t primitive_id[RAST_W];
   uint32_t sample_id[RAST_W];
   uint32_t sample_mask_in[RAST_W];

   /* Written by the callback. Colour outputs as raw 32-bit values (float,
    * or int/uint bits for integer attachments): slot L for Location L,
    * RAST_DUAL_SRC_SLOT for Index 1. rast zeroes kill_mask and (when
    * fs.writes_sample_mask) sets sample_mask_out to ~0 before the call;
    * frag_depth and
    * stencil_ref_out are read only if fs.writes_depth / writes_stencil,
    * sample_mask_out only if fs.writes_sample_mask. Helper lanes'
    * results are ignored. */
   float out[RAST_FS_OUTPUTS * 4 * RAST_W];
   uint64_t kill_mask; /* lanes that discarded (or demoted) */
   float frag_depth[RAST_W];
   uint32_t sample_mask_out[RAST_W];
   uint32_t stencil_ref_out[RAST_W];
};

/* Runs the FS over b->live_mask. Return false on a fault. */
typedef bool (*rast_shade_fn)(void *data, unsigned worker, struct rast_fs_batch *b);

/* --- a draw --------------------------------------------------------------------- */

struct rast_draw {
   const struct rast_state *state;
   const struct rast_framebuffer *fb;

   /* Post-VS vertices, AoS: v[i * vertex_stride_floats + slot * 4 + comp]. */
   const float *vertices;
   uint32_t vertex_stride_floats;
   uint32_t vertex_count;

   /* Assembled primitives (rast_assemble), provoking vertex first. */
   enum rast_prim_kind kind;
   const uint32_t *indices;
   uint32_t prim_count;
   const uint32_t *prim_ids; /* NULL: primitive i has PrimitiveId i */
   /* Lines: rast_assembly::line_flags. Pass them whenever provoking_last
    * may have swapped ends: Bresenham lines draw their first end and not
    * their last, and stipple counts from the first. NULL: every line
    * starts its own stipple count and runs from vertex 0 to 1. */
   const uint8_t *line_flags;

   /* NULL: no fragment shader (depth/stencil only). */
   rast_shade_fn shade;
   void *shade_data;

   /* NULL: everything on the calling thread (worker 0). */
   rast_parallel_for_fn parallel_for;
   void *pool;
   unsigned thread_count;

   /* Tests: true takes the per-fragment reference path everywhere (no
    * per-format fast paths), which the fast paths are compared with. */
   bool no_fast_paths;

   /* Results, added to (the caller zeroes them when a query begins). */
   uint64_t samples_passed;     /* occlusion query (precise) */
   uint64_t clip_invocations;   /* primitives that reached the clipper */
   uint64_t clip_primitives;    /* primitives that left it */
   uint64_t fs_invocations;     /* lanes shaded, helpers excluded */
   bool faulted;
   /* RAST_FAST_* bits of the fast paths the draw chose (or-ed in). */
   uint32_t fast_paths;
};

/* rast_draw::fast_paths. */
enum rast_fast_path {
   RAST_FAST_COLOR_RGBA8 = 1 << 0, /* batch write to R8G8B8A8/B8G8R8A8_UNORM */
   RAST_FAST_DEPTH_QUAD = 1 << 1,  /* per-quad early depth test */
};

/* Rasterizes the draw and writes its fragments. false: out of memory or
 * the shade callback faulted (d->faulted); what was written stays. */
bool rast_draw(struct rast_draw *d);

/* Standard sample locations (Vulkan 1.3, 28.4 "Multisampling"), in 1/16
 * pixel: x, y of sample s of a `samples`-sample pixel. */
void rast_sample_location(uint32_t samples, uint32_t s, uint32_t *x_16, uint32_t *y_16);

#endif /* RAST_H */
