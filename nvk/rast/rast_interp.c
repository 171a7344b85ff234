/* SPDX-License-Identifier: MIT */
/*
 * Filling a batch: the inputs the FS reads, interpolated at each lane's
 * pixel centre (Vulkan 1.3, 28.7.4 "Perspective-Correct Interpolation":
 * f = sum(l_i f_i / w_i) / sum(l_i / w_i) over the screen-space
 * barycentrics l_i; noperspective: sum(l_i f_i); flat: the provoking
 * vertex's value), and the system values. Helper lanes get values at their
 * own pixel, extrapolated, so derivatives across the quad are right.
 */
#include <string.h>

#include "rast_priv.h"

void
rast_interp_batch(const struct rast_ctx *c, struct rast_worker *w)
{
   struct rast_fs_batch *b = &w->batch;
   const struct rast_fs_info *fs = &c->s->fs;
   const uint64_t read = fs->inputs_read;
   for (unsigned q = 0; q < b->quad_count; q++) {
      const struct rast_prim *p = w->qprim[q];
      for (unsigned l = 0; l < 4; l++) {
         const unsigned lane = 4 * q + l;
         const int32_t px = w->qx[q] + (int32_t)(l & 1), py = w->qy[q] + (int32_t)(l >> 1);
         const float fx = (float)px + 0.5f, fy = (float)py + 0.5f;
         const float dx = fx - p->x0, dy = fy - p->y0;
         const float l1 = p->l1dx * dx + p->l1dy * dy;
         const float l2 = p->l2dx * dx + p->l2dy * dy;
         const float l0 = 1.0f - l1 - l2;
         const float p0 = l0 * p->inv_w[0], p1 = l1 * p->inv_w[1], p2 = l2 * p->inv_w[2];
         const float sum = p0 + p1 + p2;
         const float r = sum != 0.0f ? 1.0f / sum : 0.0f;
         const float b0 = p0 * r, b1 = p1 * r, b2 = p2 * r;

         b->frag_coord[0 * RAST_W + lane] = fx;
         b->frag_coord[1 * RAST_W + lane] = fy;
         b->frag_coord[2 * RAST_W + lane] =
            rast_pixel_clamp_depth(c, p->viewport, p->z0 + p->zdx * dx + p->zdy * dy);
         b->frag_coord[3 * RAST_W + lane] = sum;
         b->front_facing[lane] = p->front_facing;
         b->primitive_id[lane] = p->prim_id;
         b->sample_id[lane] = 0;
         b->sample_mask_in[lane] = w->cov[lane];
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
            const unsigned base = slot * 4;
            switch (fs->interp[slot]) {
            case RAST_INTERP_FLAT:
               for (unsigned k = 0; k < 4; k++)
                  dst[k * RAST_W] = p->pv[base + k];
               break;
            case RAST_INTERP_NOPERSPECTIVE:
               for (unsigned k = 0; k < 4; k++)
                  dst[k * RAST_W] = l0 * p->v[0][base + k] + l1 * p->v[1][base + k] +
                                    l2 * p->v[2][base + k];
               break;
            default:
               for (unsigned k = 0; k < 4; k++)
                  dst[k * RAST_W] = b0 * p->v[0][base + k] + b1 * p->v[1][base + k] +
                                    b2 * p->v[2][base + k];
               break;
            }
         }
      }
   }
}
