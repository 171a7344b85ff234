/* SPDX-License-Identifier: MIT */
/*
 * Filling a batch: the inputs the FS reads, interpolated at each lane's
 * pixel centre (Vulkan 1.3, 28.7.4 "Perspective-Correct Interpolation":
 * f = sum(l_i f_i / w_i) / sum(l_i / w_i) over the screen-space
 * barycentrics l_i; noperspective: sum(l_i f_i); flat: the provoking
 * vertex's value), and the system values. Helper lanes get values at their
 * own pixel, extrapolated, so derivatives across the quad are right.
 * Centroid inputs of a partly covered pixel take its first covered
 * sample's location (28.7.? allows any location in the covered area);
 * with sample shading every input is at the lane's sample.
 *
 * A quad's four lanes share a primitive: each step is a loop over the
 * four (one SSE operation once vectorized), the same operations in the
 * same order per lane as one lane alone would take.
 */
#include <string.h>

#include "rast_priv.h"

/* Barycentrics of a quad's four lanes. */
struct bary4 {
   float l0[4], l1[4], l2[4]; /* screen space */
   float b0[4], b1[4], b2[4]; /* perspective-corrected */
   float inv_w[4];
};

/* perspective: whether b0..b2 are needed (some smooth input is read). */
static inline void
bary4_at(const struct rast_prim *p, const float fx[4], const float fy[4], bool perspective,
         struct bary4 *r)
{
   float p0[4], p1[4], p2[4];
   for (unsigned l = 0; l < 4; l++) {
      const float dx = fx[l] - p->x0, dy = fy[l] - p->y0;
      r->l1[l] = p->l1dx * dx + p->l1dy * dy;
      r->l2[l] = p->l2dx * dx + p->l2dy * dy;
      r->l0[l] = 1.0f - r->l1[l] - r->l2[l];
      p0[l] = r->l0[l] * p->inv_w[0];
      p1[l] = r->l1[l] * p->inv_w[1];
      p2[l] = r->l2[l] * p->inv_w[2];
      r->inv_w[l] = p0[l] + p1[l] + p2[l];
   }
   if (!perspective) {
      for (unsigned l = 0; l < 4; l++)
         r->b0[l] = r->b1[l] = r->b2[l] = 0.0f;
      return;
   }
   for (unsigned l = 0; l < 4; l++) {
      const float q = r->inv_w[l] != 0.0f ? 1.0f / r->inv_w[l] : 0.0f;
      r->b0[l] = p0[l] * q, r->b1[l] = p1[l] * q, r->b2[l] = p2[l] * q;
   }
}

/* One lane of a bary4, recomputed at (fx, fy). */
static void
bary4_lane_at(const struct rast_prim *p, float fx, float fy, bool perspective,
              struct bary4 *r, unsigned lane)
{
   struct bary4 one;
   const float x[4] = {fx, fx, fx, fx}, y[4] = {fy, fy, fy, fy};
   bary4_at(p, x, y, perspective, &one);
   r->l0[lane] = one.l0[0], r->l1[lane] = one.l1[0], r->l2[lane] = one.l2[0];
   r->b0[lane] = one.b0[0], r->b1[lane] = one.b1[0], r->b2[lane] = one.b2[0];
   r->inv_w[lane] = one.inv_w[0];
}

static void
interp_quad(const struct rast_ctx *c, struct rast_worker *w, unsigned q)
{
   struct rast_fs_batch *b = &w->batch;
   const struct rast_fs_info *fs = &c->s->fs;
   const uint32_t full = BITFIELD_MASK(c->samples);
   const struct rast_prim *p = w->qprim[q];
   const uint8_t smp = w->qsample[q];
   const unsigned lane0 = 4 * q;
   float fx[4], fy[4];
   for (unsigned l = 0; l < 4; l++) {
      const int32_t px = w->qx[q] + (int32_t)(l & 1), py = w->qy[q] + (int32_t)(l >> 1);
      fx[l] = (float)px + 0.5f, fy[l] = (float)py + 0.5f;
      if (smp != RAST_NO_SAMPLE) {
         fx[l] = (float)px + (float)c->sample_x[smp] * (1.0f / RAST_FIX_ONE);
         fy[l] = (float)py + (float)c->sample_y[smp] * (1.0f / RAST_FIX_ONE);
      }
   }
   /* Barycentrics only when something reads them (flat inputs do not). */
   struct bary4 at, cen;
   if (c->need_bary)
      bary4_at(p, fx, fy, c->any_smooth, &at);
   /* Centroid: a covered sample when the pixel is partly covered. */
   if (c->need_bary && c->any_centroid)
      cen = at;
   if (c->need_bary && c->any_centroid && smp == RAST_NO_SAMPLE) {
      for (unsigned l = 0; l < 4; l++) {
         const uint32_t cov = w->cov[lane0 + l];
         if (!cov || cov == full)
            continue;
         const int32_t px = w->qx[q] + (int32_t)(l & 1), py = w->qy[q] + (int32_t)(l >> 1);
         const unsigned s0 = (unsigned)__builtin_ctz(cov);
         bary4_lane_at(p, (float)px + (float)c->sample_x[s0] * (1.0f / RAST_FIX_ONE),
                       (float)py + (float)c->sample_y[s0] * (1.0f / RAST_FIX_ONE),
                       c->any_smooth, &cen, l);
      }
   }

   if (!fs->no_frag_coord) {
      for (unsigned l = 0; l < 4; l++) {
         const unsigned lane = lane0 + l;
         b->frag_coord[0 * RAST_W + lane] = fx[l];
         b->frag_coord[1 * RAST_W + lane] = fy[l];
         b->frag_coord[2 * RAST_W + lane] = rast_pixel_clamp_depth(
            c, p->viewport, p->z0 + p->zdx * (fx[l] - p->x0) + p->zdy * (fy[l] - p->y0));
         b->frag_coord[3 * RAST_W + lane] = at.inv_w[l];
      }
   }
   for (unsigned l = 0; l < 4; l++) {
      const unsigned lane = lane0 + l;
      b->front_facing[lane] = p->front_facing;
      b->primitive_id[lane] = p->prim_id;
      b->sample_id[lane] = smp == RAST_NO_SAMPLE ? 0 : smp;
      b->sample_mask_in[lane] = w->cov[lane];
   }
   if (fs->writes_sample_mask) {
      for (unsigned l = 0; l < 4; l++)
         b->sample_mask_out[lane0 + l] = ~0u;
   }
   if (p->is_point) {
      for (unsigned l = 0; l < 4; l++) {
         b->point_coord[lane0 + l] = (fx[l] - p->point_cx) * p->point_inv_size + 0.5f;
         b->point_coord[RAST_W + lane0 + l] = (fy[l] - p->point_cy) * p->point_inv_size + 0.5f;
      }
   }

   u_foreach_bit64 (slot, fs->inputs_read) {
      float *dst = &b->in[slot * 4 * RAST_W + lane0];
      if (slot == RAST_SLOT_PRIM_ID) {
         for (unsigned l = 0; l < 4; l++)
            memcpy(&dst[l], &p->prim_id, 4);
         continue;
      }
      const struct bary4 *r = fs->interp_loc[slot] == RAST_LOC_CENTROID ? &cen : &at;
      const unsigned base = slot * 4;
      switch (fs->interp[slot]) {
      case RAST_INTERP_FLAT:
         for (unsigned k = 0; k < 4; k++)
            for (unsigned l = 0; l < 4; l++)
               dst[k * RAST_W + l] = p->pv[base + k];
         break;
      case RAST_INTERP_NOPERSPECTIVE:
         for (unsigned k = 0; k < 4; k++) {
            const float v0 = p->v[0][base + k], v1 = p->v[1][base + k], v2 = p->v[2][base + k];
            for (unsigned l = 0; l < 4; l++)
               dst[k * RAST_W + l] = r->l0[l] * v0 + r->l1[l] * v1 + r->l2[l] * v2;
         }
         break;
      default:
         for (unsigned k = 0; k < 4; k++) {
            const float v0 = p->v[0][base + k], v1 = p->v[1][base + k], v2 = p->v[2][base + k];
            for (unsigned l = 0; l < 4; l++)
               dst[k * RAST_W + l] = r->b0[l] * v0 + r->b1[l] * v1 + r->b2[l] * v2;
         }
         break;
      }
   }
}

void
rast_interp_batch(const struct rast_ctx *c, struct rast_worker *w)
{
   for (unsigned q = 0; q < w->batch.quad_count; q++)
      interp_quad(c, w, q);
}
