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
 */
#include <string.h>

#include "rast_priv.h"

struct bary {
   float l0, l1, l2; /* screen space */
   float b0, b1, b2; /* perspective-corrected */
   float inv_w;
};

/* perspective: whether b0..b2 are needed (some smooth input is read). */
static inline struct bary
bary_at(const struct rast_prim *p, float fx, float fy, bool perspective)
{
   const float dx = fx - p->x0, dy = fy - p->y0;
   struct bary r;
   r.l1 = p->l1dx * dx + p->l1dy * dy;
   r.l2 = p->l2dx * dx + p->l2dy * dy;
   r.l0 = 1.0f - r.l1 - r.l2;
   const float p0 = r.l0 * p->inv_w[0], p1 = r.l1 * p->inv_w[1], p2 = r.l2 * p->inv_w[2];
   r.inv_w = p0 + p1 + p2;
   if (!perspective) {
      r.b0 = r.b1 = r.b2 = 0.0f;
      return r;
   }
   const float q = r.inv_w != 0.0f ? 1.0f / r.inv_w : 0.0f;
   r.b0 = p0 * q, r.b1 = p1 * q, r.b2 = p2 * q;
   return r;
}

void
rast_interp_batch(const struct rast_ctx *c, struct rast_worker *w)
{
   struct rast_fs_batch *b = &w->batch;
   const struct rast_fs_info *fs = &c->s->fs;
   const uint64_t read = fs->inputs_read;
   const uint32_t full = BITFIELD_MASK(c->samples);
   for (unsigned q = 0; q < b->quad_count; q++) {
      const struct rast_prim *p = w->qprim[q];
      const uint8_t smp = w->qsample[q];
      for (unsigned l = 0; l < 4; l++) {
         const unsigned lane = 4 * q + l;
         const int32_t px = w->qx[q] + (int32_t)(l & 1), py = w->qy[q] + (int32_t)(l >> 1);
         float fx = (float)px + 0.5f, fy = (float)py + 0.5f;
         if (smp != RAST_NO_SAMPLE) {
            fx = (float)px + (float)c->sample_x[smp] * (1.0f / RAST_FIX_ONE);
            fy = (float)py + (float)c->sample_y[smp] * (1.0f / RAST_FIX_ONE);
         }
         const struct bary at = bary_at(p, fx, fy, c->any_smooth);
         /* Centroid: a covered sample when the pixel is partly covered. */
         struct bary cen = at;
         const uint32_t cov = w->cov[lane];
         if (c->any_centroid && smp == RAST_NO_SAMPLE && cov && cov != full) {
            const unsigned s0 = (unsigned)__builtin_ctz(cov);
            cen = bary_at(p, (float)px + (float)c->sample_x[s0] * (1.0f / RAST_FIX_ONE),
                          (float)py + (float)c->sample_y[s0] * (1.0f / RAST_FIX_ONE),
                          c->any_smooth);
         }

         b->frag_coord[0 * RAST_W + lane] = fx;
         b->frag_coord[1 * RAST_W + lane] = fy;
         b->frag_coord[2 * RAST_W + lane] = rast_pixel_clamp_depth(
            c, p->viewport, p->z0 + p->zdx * (fx - p->x0) + p->zdy * (fy - p->y0));
         b->frag_coord[3 * RAST_W + lane] = at.inv_w;
         b->front_facing[lane] = p->front_facing;
         b->primitive_id[lane] = p->prim_id;
         b->sample_id[lane] = smp == RAST_NO_SAMPLE ? 0 : smp;
         b->sample_mask_in[lane] = cov;
         b->sample_mask_out[lane] = ~0u;
         if (p->is_point) {
            b->point_coord[lane] = (fx - p->point_cx) * p->point_inv_size + 0.5f;
            b->point_coord[RAST_W + lane] = (fy - p->point_cy) * p->point_inv_size + 0.5f;
         }

         u_foreach_bit64 (slot, read) {
            float *dst = &b->in[slot * 4 * RAST_W + lane];
            if (slot == RAST_SLOT_PRIM_ID) {
               memcpy(&dst[0], &p->prim_id, 4);
               continue;
            }
            const struct bary *r = fs->interp_loc[slot] == RAST_LOC_CENTROID ? &cen : &at;
            const unsigned base = slot * 4;
            switch (fs->interp[slot]) {
            case RAST_INTERP_FLAT:
               for (unsigned k = 0; k < 4; k++)
                  dst[k * RAST_W] = p->pv[base + k];
               break;
            case RAST_INTERP_NOPERSPECTIVE:
               for (unsigned k = 0; k < 4; k++)
                  dst[k * RAST_W] = r->l0 * p->v[0][base + k] + r->l1 * p->v[1][base + k] +
                                    r->l2 * p->v[2][base + k];
               break;
            default:
               for (unsigned k = 0; k < 4; k++)
                  dst[k * RAST_W] = r->b0 * p->v[0][base + k] + r->b1 * p->v[1][base + k] +
                                    r->b2 * p->v[2][base + k];
               break;
            }
         }
      }
   }
}
