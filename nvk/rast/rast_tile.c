/* SPDX-License-Identifier: MIT */
/*
 * The back end of a draw, one 64x64 tile at a time: coverage of each
 * binned primitive (in API order: chunk by chunk, each chunk's list in
 * order), early tests, 2x2 quads gathered into batches of 16, the shade
 * callback, late tests and the colour write.
 *
 * Order: a batch may hold several quads on the same pixel. Early tests
 * run when a quad is added, so a later quad is tested against what the
 * earlier one wrote; the late stage walks the batch in order.
 */
#include <math.h>
#include <string.h>

#include "rast_priv.h"

/* Line stipple (VK_EXT_line_rasterization): whether pixel (px, py) of a
 * stippled line survives. */
static bool
stipple_keeps(const struct rast_ctx *c, const struct rast_prim *p, int32_t px, int32_t py)
{
   const float centre = (p->stip_major ? (float)py : (float)px) + 0.5f;
   const uint32_t s = (uint32_t)(p->stip_start + floorf(fabsf(centre - p->stip_a0)));
   const uint32_t factor = MAX2(c->s->line_stipple_factor, 1u);
   return (c->s->line_stipple_pattern >> ((s / factor) % 16)) & 1;
}

static uint32_t coverage_raw(const struct rast_ctx *c, const struct rast_prim *p, int32_t px,
                             int32_t py);

/* Samples of pixel (px, py) a prim covers. */
static uint32_t
coverage(const struct rast_ctx *c, const struct rast_prim *p, int32_t px, int32_t py)
{
   const uint32_t m = coverage_raw(c, p, px, py);
   return m && p->stippled && !stipple_keeps(c, p, px, py) ? 0 : m;
}

static uint32_t
coverage_raw(const struct rast_ctx *c, const struct rast_prim *p, int32_t px, int32_t py)
{
   if (p->cov == RAST_COV_BRESENHAM) {
      const int32_t maj = p->major ? py : px, min = p->major ? px : py;
      if (maj < p->bres_first || maj >= p->bres_end)
         return 0;
      const float m = p->bres_m0 + ((float)maj + 0.5f - p->bres_a0) * p->bres_slope;
      /* The pixel whose centre is nearest the line at this column; wide
       * lines: bres_width pixels of the column centred on the line. */
      const int32_t row = (int32_t)floorf(m - 0.5f * (float)(p->bres_width - 1));
      return min >= row && min < row + p->bres_width ? BITFIELD_MASK(c->samples) : 0;
   }
   uint32_t mask = 0;
   const int64_t X = (int64_t)px << RAST_FIX_BITS, Y = (int64_t)py << RAST_FIX_BITS;
   for (uint32_t s = 0; s < c->samples; s++) {
      const int64_t x = X + c->sample_x[s], y = Y + c->sample_y[s];
      if ((int64_t)p->ea[0] * x + (int64_t)p->eb[0] * y + p->ec[0] > 0 &&
          (int64_t)p->ea[1] * x + (int64_t)p->eb[1] * y + p->ec[1] > 0 &&
          (int64_t)p->ea[2] * x + (int64_t)p->eb[2] * y + p->ec[2] > 0)
         mask |= 1u << s;
   }
   return mask;
}

static uint8_t
stencil_ref(const struct rast_ctx *c, bool front)
{
   return front ? c->s->front.reference : c->s->back.reference;
}

/* Depth/stencil tests of one fragment with its interpolated depth. */
static uint32_t
test_fragment(const struct rast_ctx *c, struct rast_worker *w, const struct rast_prim *p,
              int32_t px, int32_t py, uint32_t mask)
{
   if (!c->ds_work) {
      w->samples_passed += (uint64_t)rast_popcount8(mask);
      return mask;
   }
   float z[RAST_MAX_SAMPLES];
   for (uint32_t s = 0; s < c->samples; s++)
      z[s] = (mask >> s) & 1 ? rast_sample_z(c, p, px, py, s) : 0.0f;
   mask = rast_pixel_depth_stencil(c, px, py, p->layer, mask, z, p->front_facing,
                                   stencil_ref(c, p->front_facing));
   w->samples_passed += (uint64_t)rast_popcount8(mask);
   return mask;
}

static void flush(struct rast_ctx *c, struct rast_worker *w, unsigned worker);

static void
add_quad(struct rast_ctx *c, struct rast_worker *w, unsigned worker,
         const struct rast_prim *p, int32_t qx, int32_t qy, const uint32_t m[4],
         uint8_t sample)
{
   uint32_t mask[4] = {m[0], m[1], m[2], m[3]};
   if (c->early_tests && !c->ds_work) {
      /* One sample: the masks are 0 or 1 (no popcount instruction in the
       * baseline x86-64 the library is built for). */
      w->samples_passed += c->samples == 1
                              ? (uint64_t)(mask[0] + mask[1] + mask[2] + mask[3])
                              : (uint64_t)rast_popcount8(mask[0]) + rast_popcount8(mask[1]) +
                                   rast_popcount8(mask[2]) + rast_popcount8(mask[3]);
      if (!c->d->shade)
         return;
   } else if (c->early_tests && c->depth_quad) {
      const uint32_t passed = c->depth_quad(c, p, qx, qy, mask);
      w->samples_passed += passed;
      if (!passed || !c->d->shade)
         return;
   } else if (c->early_tests) {
      uint32_t any = 0;
      for (unsigned l = 0; l < 4; l++) {
         if (mask[l])
            mask[l] = test_fragment(c, w, p, qx + (l & 1), qy + (l >> 1), mask[l]);
         any |= mask[l];
      }
      if (!any || !c->d->shade)
         return;
   }
   const unsigned q = w->batch.quad_count++;
   w->qx[q] = qx, w->qy[q] = qy, w->qprim[q] = p;
   w->qsample[q] = sample;
   for (unsigned l = 0; l < 4; l++)
      w->cov[4 * q + l] = (uint8_t)mask[l];
   if (w->batch.quad_count == RAST_QUADS)
      flush(c, w, worker);
}

/* 8x8-pixel blocks are classified first: outside an edge (skip), inside
 * every edge (full coverage, no per-sample tests) or partial. */
#define BLOCK_LOG2 3
#define BLOCK_PX (1 << BLOCK_LOG2)

enum block_class { BLOCK_OUT, BLOCK_IN, BLOCK_PARTIAL };

static enum block_class
classify_block(const struct rast_ctx *c, const struct rast_prim *p, int32_t bx, int32_t by)
{
   if (p->cov != RAST_COV_TRI || p->stippled)
      return BLOCK_PARTIAL;
   /* The extent of the block's sample positions, fixed point. */
   const int64_t x0 = ((int64_t)bx << RAST_FIX_BITS) + c->sample_min_x;
   const int64_t x1 = ((int64_t)(bx + BLOCK_PX - 1) << RAST_FIX_BITS) + c->sample_max_x;
   const int64_t y0 = ((int64_t)by << RAST_FIX_BITS) + c->sample_min_y;
   const int64_t y1 = ((int64_t)(by + BLOCK_PX - 1) << RAST_FIX_BITS) + c->sample_max_y;
   bool all_in = true;
   for (unsigned e = 0; e < 3; e++) {
      /* The corner where the edge function is smallest / largest. */
      const int64_t a = p->ea[e], b = p->eb[e];
      const int64_t lo = a * (a > 0 ? x0 : x1) + b * (b > 0 ? y0 : y1) + p->ec[e];
      const int64_t hi = a * (a > 0 ? x1 : x0) + b * (b > 0 ? y1 : y0) + p->ec[e];
      if (hi <= 0)
         return BLOCK_OUT;
      all_in &= lo > 0;
   }
   return all_in ? BLOCK_IN : BLOCK_PARTIAL;
}

/* coverage_raw() of a triangle at the four pixels of quad (qx, qy): the
 * edge functions at the quad's first pixel, then one step in x and y
 * (exact in 64 bits, so the same values as per pixel). */
static void
quad_coverage_tri(const struct rast_ctx *c, const struct rast_prim *p, int32_t qx, int32_t qy,
                  uint32_t m[4])
{
   m[0] = m[1] = m[2] = m[3] = 0;
   const int64_t X = (int64_t)qx << RAST_FIX_BITS, Y = (int64_t)qy << RAST_FIX_BITS;
   for (uint32_t s = 0; s < c->samples; s++) {
      const int64_t x = X + c->sample_x[s], y = Y + c->sample_y[s];
      int64_t e[3], dx[3], dy[3];
      for (unsigned k = 0; k < 3; k++) {
         e[k] = (int64_t)p->ea[k] * x + (int64_t)p->eb[k] * y + p->ec[k];
         dx[k] = (int64_t)p->ea[k] * RAST_FIX_ONE;
         dy[k] = (int64_t)p->eb[k] * RAST_FIX_ONE;
      }
      const uint32_t bit = 1u << s;
      m[0] |= e[0] > 0 && e[1] > 0 && e[2] > 0 ? bit : 0;
      m[1] |= e[0] + dx[0] > 0 && e[1] + dx[1] > 0 && e[2] + dx[2] > 0 ? bit : 0;
      m[2] |= e[0] + dy[0] > 0 && e[1] + dy[1] > 0 && e[2] + dy[2] > 0 ? bit : 0;
      m[3] |= e[0] + dx[0] + dy[0] > 0 && e[1] + dx[1] + dy[1] > 0 &&
                    e[2] + dx[2] + dy[2] > 0
                 ? bit
                 : 0;
   }
}

static void
raster_prim(struct rast_ctx *c, struct rast_worker *w, unsigned worker,
            const struct rast_prim *p, const int32_t tile[4])
{
   const int32_t x0 = MAX2(p->bbox[0], tile[0]), y0 = MAX2(p->bbox[1], tile[1]);
   const int32_t x1 = MIN2(p->bbox[2], tile[2]), y1 = MIN2(p->bbox[3], tile[3]);
   const uint32_t smask = c->s->sample_mask & BITFIELD_MASK(c->samples);
   for (int32_t by = y0 & ~(BLOCK_PX - 1); by < y1; by += BLOCK_PX) {
      for (int32_t bx = x0 & ~(BLOCK_PX - 1); bx < x1; bx += BLOCK_PX) {
         const enum block_class bc = classify_block(c, p, bx, by);
         if (bc == BLOCK_OUT)
            continue;
         if (bc == BLOCK_IN && smask && !c->per_sample && bx >= x0 && by >= y0 &&
             bx + BLOCK_PX <= x1 && by + BLOCK_PX <= y1) {
            /* A block inside the primitive and the bounds: every quad full,
             * in the order of the loop below. */
            const uint32_t full[4] = {smask, smask, smask, smask};
            for (int32_t qy = by; qy < by + BLOCK_PX; qy += 2)
               for (int32_t qx = bx; qx < bx + BLOCK_PX; qx += 2)
                  add_quad(c, w, worker, p, qx, qy, full, RAST_NO_SAMPLE);
            continue;
         }
         const int32_t qy0 = MAX2(by, y0 & ~1), qy1 = MIN2(by + BLOCK_PX, y1);
         const int32_t qx0 = MAX2(bx, x0 & ~1), qx1 = MIN2(bx + BLOCK_PX, x1);
         for (int32_t qy = qy0; qy < qy1; qy += 2) {
            for (int32_t qx = qx0; qx < qx1; qx += 2) {
               uint32_t m[4], qm[4];
               uint32_t any = 0;
               const bool tri = bc == BLOCK_PARTIAL && p->cov == RAST_COV_TRI && !p->stippled;
               if (tri)
                  quad_coverage_tri(c, p, qx, qy, qm);
               for (unsigned l = 0; l < 4; l++) {
                  const int32_t px = qx + (l & 1), py = qy + (l >> 1);
                  if (px < x0 || px >= x1 || py < y0 || py >= y1)
                     m[l] = 0;
                  else if (bc == BLOCK_IN)
                     m[l] = smask;
                  else
                     m[l] = (tri ? qm[l] : coverage(c, p, px, py)) & smask;
                  any |= m[l];
               }
               if (!any)
                  continue;
               if (!c->per_sample) {
                  add_quad(c, w, worker, p, qx, qy, m, RAST_NO_SAMPLE);
                  continue;
               }
               /* Sample shading: one quad per sample, each lane that
                * sample of its pixel (28.4.? "Sample Shading"). */
               u_foreach_bit (smp, any) {
                  const uint32_t b = 1u << smp;
                  const uint32_t ms[4] = {m[0] & b, m[1] & b, m[2] & b, m[3] & b};
                  add_quad(c, w, worker, p, qx, qy, ms, (uint8_t)smp);
               }
            }
         }
      }
   }
}

/* The late tests of lane `lane` (pixel px, py) of the general path. */
static uint32_t
late_tests_lane(struct rast_ctx *c, struct rast_worker *w, const struct rast_prim *p,
                unsigned lane, int32_t px, int32_t py, uint32_t mask)
{
   const struct rast_fs_batch *b = &w->batch;
   const struct rast_fs_info *fs = &c->s->fs;
   if (!fs->writes_depth && !fs->writes_stencil)
      return test_fragment(c, w, p, px, py, mask);
   float z[RAST_MAX_SAMPLES];
   for (uint32_t s = 0; s < c->samples; s++)
      z[s] = fs->writes_depth ? rast_pixel_clamp_depth(c, p->viewport, b->frag_depth[lane])
                              : rast_sample_z(c, p, px, py, s);
   const uint8_t ref = fs->writes_stencil ? (uint8_t)b->stencil_ref_out[lane]
                                          : stencil_ref(c, p->front_facing);
   mask = rast_pixel_depth_stencil(c, px, py, p->layer, mask, z, p->front_facing, ref);
   w->samples_passed += (uint64_t)rast_popcount8(mask);
   return mask;
}

static void
late_stage(struct rast_ctx *c, struct rast_worker *w)
{
   struct rast_fs_batch *b = &w->batch;
   const struct rast_fs_info *fs = &c->s->fs;
   /* Per lane, the samples written: coverage after the shader's kills,
    * sample mask, alpha to coverage, then the late tests. */
   uint8_t write[RAST_W];
   const unsigned lanes = 4 * b->quad_count;
   for (unsigned lane = 0; lane < lanes; lane++) {
      uint32_t mask = (b->kill_mask >> lane) & 1 ? 0 : w->cov[lane];
      if (fs->writes_sample_mask)
         mask &= b->sample_mask_out[lane];
      if (c->s->alpha_to_coverage && mask) {
         const unsigned q = lane / 4, l = lane % 4;
         mask &= rast_pixel_alpha_coverage(c->samples, b->out[3 * RAST_W + lane],
                                           w->qx[q] + (int32_t)(l & 1),
                                           w->qy[q] + (int32_t)(l >> 1));
      }
      write[lane] = (uint8_t)mask;
   }
   if (!c->early_tests && !c->ds_work) {
      /* No test: every sample passes. */
      uint32_t passed = 0;
      for (unsigned lane = 0; lane < lanes; lane++)
         passed += rast_popcount8(write[lane]);
      w->samples_passed += passed;
   } else if (!c->early_tests) {
      for (unsigned q = 0; q < b->quad_count; q++) {
         const struct rast_prim *p = w->qprim[q];
         uint8_t *m = &write[4 * q];
         if (!(m[0] | m[1] | m[2] | m[3]))
            continue;
         if (c->depth_quad) {
            /* The quad's lanes in order, as the loop below would. */
            uint32_t qm[4] = {m[0], m[1], m[2], m[3]};
            w->samples_passed += c->depth_quad(c, p, w->qx[q], w->qy[q], qm);
            for (unsigned l = 0; l < 4; l++)
               m[l] = (uint8_t)qm[l];
            continue;
         }
         for (unsigned l = 0; l < 4; l++) {
            if (m[l])
               m[l] = (uint8_t)late_tests_lane(c, w, p, 4 * q + l, w->qx[q] + (int32_t)(l & 1),
                                               w->qy[q] + (int32_t)(l >> 1), m[l]);
         }
      }
   }
   for (unsigned q = 0; q < b->quad_count; q++) {
      const struct rast_prim *p = w->qprim[q];
      if (!p->smooth)
         continue;
      for (unsigned l = 0; l < 4; l++) {
         const unsigned lane = 4 * q + l;
         if (!write[lane])
            continue;
         /* Smooth lines: coverage into every output's alpha. */
         const float cov = rast_line_coverage(p, w->qx[q] + (int32_t)(l & 1),
                                              w->qy[q] + (int32_t)(l >> 1));
         if (!(cov > 0.0f)) {
            write[lane] = 0;
            continue;
         }
         for (unsigned o = 0; o < RAST_FS_OUTPUTS; o++)
            b->out[(o * 4 + 3) * RAST_W + lane] *= cov;
      }
   }
   rast_pixel_color_batch(c, w, write);
}

static void
flush(struct rast_ctx *c, struct rast_worker *w, unsigned worker)
{
   struct rast_fs_batch *b = &w->batch;
   if (!b->quad_count)
      return;
   const unsigned lanes = 4 * b->quad_count;
   b->live_mask = BITFIELD64_MASK(lanes);
   b->helper_mask = 0;
   for (unsigned lane = 0; lane < lanes; lane++) {
      if (!w->cov[lane])
         b->helper_mask |= 1ull << lane;
   }
   b->kill_mask = 0;
   rast_interp_batch(c, w);
   if (!atomic_load_explicit(&c->faulted, memory_order_relaxed)) {
      if (!c->d->shade(c->d->shade_data, worker, b))
         atomic_store(&c->faulted, true);
      else
         w->fs_invocations += (uint64_t)__builtin_popcountll(b->live_mask & ~b->helper_mask);
   }
   if (!atomic_load_explicit(&c->faulted, memory_order_relaxed))
      late_stage(c, w);
   b->quad_count = 0;
}

void
rast_tile_run(struct rast_ctx *c, struct rast_worker *w, uint32_t tile)
{
   const unsigned worker = (unsigned)(w - c->workers);
   const int32_t tx = (int32_t)(tile % c->tiles_x), ty = (int32_t)(tile / c->tiles_x);
   const int32_t rect[4] = {tx * RAST_TILE_PX, ty * RAST_TILE_PX, (tx + 1) * RAST_TILE_PX,
                            (ty + 1) * RAST_TILE_PX};
   w->batch.quad_count = 0;
   for (uint32_t ci = 0; ci < c->chunk_count; ci++) {
      const struct rast_chunk *ch = &c->chunks[ci];
      if (!ch->tile_start)
         continue;
      const uint32_t end = ch->tile_start[tile + 1];
      for (uint32_t k = ch->tile_start[tile]; k < end; k++) {
         /* The first touch of a binned primitive is a cache miss (small
          * triangles are set up long before): fetch a few ahead. */
         if (k + 4 < end) {
            const char *ahead = (const char *)&ch->prims[ch->tile_prims[k + 4]];
            __builtin_prefetch(ahead);
            __builtin_prefetch(ahead + 64);
            __builtin_prefetch(ahead + 128);
         }
         raster_prim(c, w, worker, &ch->prims[ch->tile_prims[k]], rect);
      }
   }
   flush(c, w, worker);
}
