/* SPDX-License-Identifier: MIT */
/*
 * rast's insides: set-up primitives, chunks of the front end, tiles and
 * workers of the back end.
 */
#ifndef RAST_PRIV_H
#define RAST_PRIV_H

#include <stdatomic.h>
#include <string.h>

#include "rast.h"
#include "util/arena.h"

/* Screen positions are snapped to 1/256 pixel (subPixelPrecisionBits 8). */
#define RAST_FIX_BITS 8
#define RAST_FIX_ONE (1 << RAST_FIX_BITS)
/* Tiles of 64x64 pixels, each rasterized by one worker at a time. */
#define RAST_TILE_LOG2 6
#define RAST_TILE_PX (1 << RAST_TILE_LOG2)
/* The guard band: window positions are kept inside +-2^21 pixels (clipped
 * against it, which almost never happens), so 24.8 fixed-point positions
 * fit in int32 and edge functions in int64. */
#define RAST_GUARD_PX 2097152.0f
/* The largest point size and line width drawn (the limits a device
 * reports must not exceed it). */
#define RAST_MAX_POINT_LINE_PX 8192.0f
/* Primitives set up and binned at a time (see rast_draw). */
#define RAST_PASS_PRIMS 65536u

enum rast_cov {
   RAST_COV_TRI,       /* three edge functions */
   RAST_COV_BRESENHAM, /* one pixel per column (row) of a line */
};

/* A primitive set up for rasterization. Lines and points are one or two
 * triangles (rectangular lines, point squares) or a Bresenham line; all
 * interpolate through the same screen-space barycentrics (l1, l2). */
struct rast_prim {
   uint8_t cov;     /* enum rast_cov */
   uint8_t front_facing;
   uint8_t is_point;
   uint8_t viewport;
   /* Line stipple: s = stip_start + floor(|centre - stip_a0|) along the
    * major axis stip_major (0: x). */
   uint8_t stippled, stip_major;
   uint8_t smooth; /* a smooth line: alpha *= rast_line_coverage() */
   float stip_a0, stip_start;
   uint32_t layer;
   uint32_t prim_id;
   int32_t bbox[4]; /* x0, y0, x1, y1 in pixels, x1/y1 exclusive, scissored */

   union {
      /* RAST_COV_TRI: a sample at fixed-point (X, Y) is covered when
       * ea[i] * X + eb[i] * Y + ec[i] > 0 for the three edges (the
       * top-left rule is folded into ec). |ea|, |eb| < 2^31 inside the
       * guard band; products are taken in 64 bits. */
      struct {
         int64_t ec[3];
         int32_t ea[3], eb[3];
      };
      /* RAST_COV_BRESENHAM: major axis (0: x), pixel range on it, minor
       * position at m0 and its slope. */
      struct {
         int32_t bres_first, bres_end;
         float bres_a0, bres_m0, bres_slope;
         int32_t bres_width; /* fragments per column (wide lines) */
         uint8_t major;
      };
   };

   /* Interpolation, pixel coordinates relative to (x0, y0):
    * l1 = l1dx * dx + l1dy * dy, l2 likewise, l0 = 1 - l1 - l2. */
   float x0, y0;
   float l1dx, l1dy, l2dx, l2dy;
   /* Window z = z0 + zdx * dx + zdy * dy, depth bias included. */
   float z0, zdx, zdy;
   float inv_w[3];
   const float *v[3]; /* the vertices (full stride) */
   const float *pv;   /* the provoking vertex, for flat inputs */
   float point_cx, point_cy, point_inv_size;
   /* Smooth lines: unit direction, length and half width (pixels); the
    * start is (x0, y0). */
   float sm_ux, sm_uy, sm_len, sm_hw;
};

/* The coverage of pixel (px, py) by a smooth line's rectangle: per axis of
 * the line, the overlap of a 1-pixel box centred on the pixel with the
 * rectangle's extent (a separable approximation of the area). */
static inline float
rast_line_coverage(const struct rast_prim *p, int32_t px, int32_t py)
{
   const float cx = (float)px + 0.5f - p->x0, cy = (float)py + 0.5f - p->y0;
   const float along = cx * p->sm_ux + cy * p->sm_uy;
   const float across = cx * -p->sm_uy + cy * p->sm_ux;
   float a = MIN2(along + 0.5f, p->sm_len - along + 0.5f);
   float b = p->sm_hw + 0.5f - (across < 0.0f ? -across : across);
   a = CLAMP(a, 0.0f, 1.0f);
   b = CLAMP(b, 0.0f, 1.0f);
   return a * b;
}

/* One chunk of the front end: its primitives and their bins. */
struct rast_chunk {
   struct arena *arena; /* clipped vertices, prims, bins */
   struct rast_prim *prims;
   uint32_t prim_count, prim_cap;
   uint32_t *tile_start; /* tile_count + 1 offsets into tile_prims */
   uint32_t *tile_prims;
   uint64_t clip_in, clip_out;
   bool oom;
};

struct rast_worker {
   struct rast_fs_batch batch;
   /* Per quad of the batch. */
   int32_t qx[RAST_QUADS], qy[RAST_QUADS];
   const struct rast_prim *qprim[RAST_QUADS];
   uint8_t qsample[RAST_QUADS]; /* the sample a per-sample quad shades, else RAST_NO_SAMPLE */
   /* Per lane: samples covered (after early tests when they ran). */
   uint8_t cov[RAST_W];
   uint64_t samples_passed, fs_invocations;
};

#define RAST_NO_SAMPLE 0xff

/* Set bits of a sample mask (< 256): the build targets baseline x86-64,
 * where __builtin_popcount is a libgcc call. */
static inline uint32_t
rast_popcount8(uint32_t m)
{
   m = m - ((m >> 1) & 0x55u);
   m = (m & 0x33u) + ((m >> 2) & 0x33u);
   return (m + (m >> 4)) & 0x0fu;
}

/* rast_quad_addr.c: byte offsets of a quad's lanes and samples from the
 * quad's origin, the same for every quad of an attachment (the file says
 * why); ok = false: address each pixel (rast_image_texel). */
struct rast_quad_addr {
   bool ok;
   uint32_t gw, gh; /* the sample grid of a pixel */
   uint32_t off_B[4][RAST_MAX_SAMPLES];
};
bool rast_quad_addr_init(struct rast_quad_addr *qa, const struct rast_image *img);

/* The address of quad (qx, qy)'s origin (qx, qy even), layer `layer`. */
static inline uint8_t *
rast_quad_base(const struct rast_image *img, const struct rast_quad_addr *qa, int32_t qx,
               int32_t qy, uint32_t layer)
{
   return (uint8_t *)img->base +
          kil_level_addr_offset_B(&img->addr, (uint32_t)qx * qa->gw, (uint32_t)qy * qa->gh, 0,
                                  img->base_layer + layer);
}

struct rast_ctx;

/* A colour attachment's batch write (rast_pixel_color_batch.c): lanes'
 * outputs to attachment `a` at the samples mask[lane]. */
typedef void (*rast_color_batch_fn)(const struct rast_ctx *c, const struct rast_worker *w,
                                    unsigned a, const uint8_t *mask);

/* A colour attachment's write, decided once per draw. */
struct rast_target {
   const struct kil_format_desc *desc;
   uint8_t cls;       /* enum fmt_class */
   bool blend, logic, clamp, snorm;
   bool full_write;   /* every byte of the element written: no read-merge */
   bool rgba8_unorm, rgba8_swap_rb; /* R8G8B8A8/B8G8R8A8_UNORM: packed inline */
   uint32_t el_B;
   uint8_t wm[16];    /* bytes of the element the write mask covers */
   /* A fast path chosen by rast_pixel_color_batch_prepare (NULL: the
    * per-lane write, rast_pixel_color), and its addressing. */
   rast_color_batch_fn batch;
   struct rast_quad_addr qa;
};

/* The depth/stencil attachment's element, decided once per draw. */
struct rast_ds_layout {
   uint32_t el_size_B;
   uint8_t depth_shift, depth_bits, stencil_shift;
   bool depth_float, has_depth, has_stencil;
};

/* A quad's early depth test (rast_pixel_depth_quad.c): tests and writes
 * the samples m[l] of quad (qx, qy)'s lanes, leaves the passing ones in
 * m[l], returns the samples that passed, summed. */
typedef uint32_t (*rast_depth_quad_fn)(const struct rast_ctx *c, const struct rast_prim *p,
                                       int32_t qx, int32_t qy, uint32_t m[4]);

struct rast_ctx {
   struct rast_draw *d;
   const struct rast_state *s;
   const struct rast_framebuffer *fb;
   uint32_t samples;
   uint32_t sample_x[RAST_MAX_SAMPLES], sample_y[RAST_MAX_SAMPLES]; /* 1/256 px */
   uint32_t sample_min_x, sample_max_x, sample_min_y, sample_max_y;
   /* Per viewport: the NDC x/y range the guard band allows (rast_clip.c). */
   float guard_lo[RAST_MAX_VIEWPORTS][2], guard_hi[RAST_MAX_VIEWPORTS][2];
   bool early_tests;
   bool per_sample; /* fs.sample_shading with more than one sample */
   bool ds_work;    /* some depth/stencil test or bounds test runs */
   bool any_centroid;
   bool any_smooth; /* some input read is perspective-interpolated */
   bool need_bary;  /* some input read is interpolated, or FragCoord.w */
   bool has_depth, has_stencil;
   struct rast_ds_layout ds; /* the depth/stencil attachment's element */
   /* A fast early depth test chosen per draw (NULL: per fragment). */
   rast_depth_quad_fn depth_quad;
   struct rast_quad_addr ds_qa;
   uint32_t target_mask; /* colour attachments written */
   float unorm8_to_float[256];
   struct rast_target targets[RAST_MAX_COLOR];
   uint32_t layer_count; /* the fewest layers of any attachment */
   /* Tiles cover [0, tiles_x * 64) x [0, tiles_y * 64), and writes stay
    * inside [0, limit_x) x [0, limit_y): the render area, cut to the
    * smallest attachment. */
   uint32_t limit_x, limit_y;
   uint32_t tiles_x, tiles_y, tile_count;

   /* Lines with stipple: each line's count at its start (its strip's
    * length before it), indexed by primitive. */
   float *stipple_start;
   /* The pass being drawn: primitives [first_prim, first_prim + pass_prims). */
   uint32_t first_prim, pass_prims;
   struct rast_chunk *chunks;
   uint32_t chunk_count, prims_per_chunk;
   uint32_t *busy_tiles; /* the pass's tiles with primitives, in order */
   uint32_t busy_count;
   struct rast_worker *workers;
   uint32_t worker_count;
   atomic_uint next;
   atomic_bool faulted;
};

/* rast_clip.c: clips a triangle (3 vertex pointers) against the view
 * volume, guard band and clip distances; writes the resulting convex
 * polygon's vertex pointers (inputs or copies allocated in `arena`) to
 * `out` (up to RAST_CLIP_MAX_VERTS; a line: 2) and returns their count (0: culled or
 * fully clipped; -1: out of memory). */
#define RAST_CLIP_MAX_VERTS 24
int rast_clip_polygon(const struct rast_ctx *c, struct arena *arena, unsigned viewport,
                      unsigned nverts, const float *const *in, const float **out);
/* Whether the primitive's cull distances cull it (all vertices negative
 * on one distance). */
bool rast_cull_distance(const struct rast_ctx *c, unsigned nverts, const float *const *v);
/* Fills c->guard_lo/hi for the state's viewports. */
void rast_clip_prepare(struct rast_ctx *c);
/* Whether a vertex needs clipping at all (fast path). */
uint32_t rast_clip_outcode(const struct rast_ctx *c, const float *v, unsigned viewport);

/* rast_setup.c: each line's stipple count at its start (c->stipple_start,
 * when stippling lines); false: out of memory. */
bool rast_setup_stipple(struct rast_ctx *c);
/* rast_setup.c: one chunk of primitives into set-up prims and bins. */
void rast_setup_chunk(struct rast_ctx *c, uint32_t chunk);

/* rast_tile.c: rasterizes one tile of every chunk, in order. */
void rast_tile_run(struct rast_ctx *c, struct rast_worker *w, uint32_t tile);

/* rast_interp.c: fills the batch's inputs and system values. */
void rast_interp_batch(const struct rast_ctx *c, struct rast_worker *w);

/* rast_pixel.c: depth bounds, stencil and depth tests of one fragment's
 * samples `mask` at pixel (x, y); writes depth/stencil; returns the
 * samples that pass. z[s] is each sample's depth, clamped. */
uint32_t rast_pixel_depth_stencil(const struct rast_ctx *c, int32_t x, int32_t y,
                                  uint32_t layer, uint32_t mask, const float *z,
                                  bool front, uint8_t stencil_ref);
/* The depth clamp of a primitive's fragments (Vulkan 1.3, 28.9 / 27.5):
 * with depthClampEnable the viewport's [min(n, f), max(n, f)]; then
 * [0, 1], what depth attachments hold (no
 * VK_EXT_depth_range_unrestricted). */
static inline float
rast_pixel_clamp_depth(const struct rast_ctx *c, unsigned viewport, float z)
{
   if (c->s->depth_clamp_enable) {
      const struct rast_viewport *vp = &c->s->viewports[viewport];
      const float lo = MIN2(vp->min_depth, vp->max_depth);
      const float hi = MAX2(vp->min_depth, vp->max_depth);
      z = CLAMP(z, lo, hi);
   }
   if (!(z >= 0.0f))
      z = 0.0f;
   return z > 1.0f ? 1.0f : z;
}

/* Window depth of sample s of pixel (px, py), clamped as the fragment's. */
static inline float
rast_sample_z(const struct rast_ctx *c, const struct rast_prim *p, int32_t px, int32_t py,
              uint32_t s)
{
   const float x = (float)px + (float)c->sample_x[s] * (1.0f / RAST_FIX_ONE) - p->x0;
   const float y = (float)py + (float)c->sample_y[s] * (1.0f / RAST_FIX_ONE) - p->y0;
   return rast_pixel_clamp_depth(c, p->viewport, p->z0 + p->zdx * x + p->zdy * y);
}

/* rast_pixel.c: the element layout of a depth/stencil format. */
struct rast_ds_layout rast_ds_layout(enum kil_format f);
/* rast_pixel_depth_quad.c: picks c->depth_quad (after c->ds is set). */
void rast_pixel_depth_quad_prepare(struct rast_ctx *c);

/* rast_pixel_color.c: blends and writes lane `lane`'s colour outputs to
 * colour attachment `a` at the samples `mask` of pixel (x, y). */
void rast_pixel_color(const struct rast_ctx *c, const struct rast_fs_batch *b, unsigned a,
                      unsigned lane, int32_t x, int32_t y, uint32_t layer, uint32_t mask);
/* rast_pixel_color_batch.c: writes the batch's lanes to every colour
 * attachment, lane by lane in batch order, at the samples mask[lane]. */
void rast_pixel_color_batch(const struct rast_ctx *c, const struct rast_worker *w,
                            const uint8_t *mask);
/* Packs n lanes of channels r, g, b, a (ch[0..3][lane]) as
 * R8G8B8A8_UNORM words (swap: B8G8R8A8), as fmt_pack_color does. */
void rast_pack_rgba8(const float *const ch[4], bool swap, unsigned n, uint32_t *out);
/* Picks each target's fast path (after rast_pixel_color_prepare). */
void rast_pixel_color_batch_prepare(struct rast_ctx *c);
/* Fills c->targets. */
void rast_pixel_color_prepare(struct rast_ctx *c);
/* Alpha to coverage: the samples kept for alpha `a`. */
uint32_t rast_pixel_alpha_coverage(uint32_t samples, float a, int32_t x, int32_t y);

/* Byte address of sample s of pixel (x, y), layer `layer` of an attachment. */
static inline uint8_t *
rast_image_texel(const struct rast_image *img, int32_t x, int32_t y, uint32_t layer,
                 uint32_t s)
{
   uint32_t ex = (uint32_t)x, ey = (uint32_t)y;
   if (img->samples > 1) {
      const enum kil_sample_layout sl = kil_sample_layout_for_samples(img->samples);
      ex = ex * kil_sample_layout_width(sl) + kil_sample_layout_sample_x(sl, s);
      ey = ey * kil_sample_layout_height(sl) + kil_sample_layout_sample_y(sl, s);
   }
   return (uint8_t *)img->base +
          kil_level_addr_offset_B(&img->addr, ex, ey, 0, img->base_layer + layer);
}

#endif /* RAST_PRIV_H */
