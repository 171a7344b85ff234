/* SPDX-License-Identifier: MIT */
/*
 * Triangle set-up: snap to 1/256 px, facing and culling from the signed
 * area, edge functions with the top-left rule, screen-space barycentric
 * planes and the depth plane with depth bias.
 */
#include "rast_setup.h"

/* The minimum resolvable difference r of the depth attachment
 * (Vulkan 1.3, 28.9.? "Depth Bias"), for a primitive whose largest |z| is
 * zmax. */
static float
depth_mrd(const struct rast_ctx *c, float zmax)
{
   const struct kil_format_desc *d = kil_format_desc(c->fb->depth_stencil.format);
   if (!d || !d->depth.bits)
      return 0.0f;
   if (d->depth_type != KIL_CHANNEL_TYPE_SFLOAT)
      return ldexpf(1.0f, -(int)d->depth.bits);
   int e;
   frexpf(zmax, &e); /* zmax = f * 2^e, f in [0.5, 1): exponent e - 1 */
   return zmax == 0.0f ? ldexpf(1.0f, -23 - 126) : ldexpf(1.0f, e - 1 - 23);
}

/* Vulkan 1.3, 28.9 "Depth Bias": o = m * slopeFactor + r * constantFactor,
 * m approximated by max(|dz/dx|, |dz/dy|), then clamped; 0 when off. */
double
rast_setup_depth_bias(const struct rast_ctx *c, double zdx, double zdy, double z0, double z1, double z2)
{
   if (!c->s->depth_bias_enable)
      return 0.0;
   const double m = MAX2(fabs(zdx), fabs(zdy));
   const float zmax = (float)MAX3(fabs(z0), fabs(z1), fabs(z2));
   double bias = m * c->s->depth_bias_slope +
                 (double)depth_mrd(c, zmax) * c->s->depth_bias_constant;
   const double cl = c->s->depth_bias_clamp;
   if (cl > 0.0)
      bias = MIN2(bias, cl);
   else if (cl < 0.0)
      bias = MAX2(bias, cl);
   return bias;
}

void
rast_setup_triangle(const struct rast_ctx *c, struct rast_chunk *ch, const float *const *v,
               const float *pv, unsigned viewport, uint32_t layer, uint32_t prim_id)
{
   struct wpos w[3];
   int32_t X[3], Y[3];
   for (unsigned k = 0; k < 3; k++) {
      w[k] = rast_to_window(c, viewport, v[k]);
      if (!rast_drawable(&w[k]))
         return;
      X[k] = rast_snap(w[k].x);
      Y[k] = rast_snap(w[k].y);
   }
   const int64_t cross =
      (int64_t)(X[1] - X[0]) * (Y[2] - Y[0]) - (int64_t)(X[2] - X[0]) * (Y[1] - Y[0]);
   if (cross == 0)
      return;
   /* Vulkan 1.3, 28.7.1: a = -1/2 sum(x_i y_i+1 - x_i+1 y_i) in framebuffer
    * coordinates, which is -cross / 2 here; a > 0 is front-facing with
    * COUNTER_CLOCKWISE. */
   const bool front = c->s->front_face == RAST_FRONT_FACE_CCW ? cross < 0 : cross > 0;
   if (c->s->cull_mode & (front ? RAST_CULL_FRONT : RAST_CULL_BACK))
      return;

   struct rast_prim *p = rast_setup_new_prim(ch);
   if (!p)
      return;
   /* Make the winding positive (cross > 0) by swapping vertices 1 and 2;
    * vertex 0 stays. */
   unsigned o[3] = {0, 1, 2};
   if (cross < 0)
      o[1] = 2, o[2] = 1;
   int32_t x[3], y[3];
   for (unsigned k = 0; k < 3; k++) {
      x[k] = X[o[k]], y[k] = Y[o[k]];
      p->v[k] = v[o[k]];
      p->inv_w[k] = w[o[k]].inv_w;
   }
   p->cov = RAST_COV_TRI;
   p->front_facing = front;
   p->viewport = (uint8_t)viewport;
   p->layer = layer;
   p->prim_id = prim_id;
   p->pv = pv;

   for (unsigned i = 0; i < 3; i++) {
      const unsigned j = (i + 1) % 3;
      const int64_t dx = (int64_t)x[j] - x[i], dy = (int64_t)y[j] - y[i];
      p->ea[i] = (int32_t)-dy;
      p->eb[i] = (int32_t)dx;
      p->ec[i] = dy * x[i] - dx * y[i];
      /* Top-left rule: a sample exactly on a top edge (horizontal, the
       * triangle below it) or a left edge is inside. With y down and
       * positive winding those are dy == 0 && dx > 0, and dy < 0. */
      if (dy < 0 || (dy == 0 && dx > 0))
         p->ec[i] += 1;
   }
   const int32_t minx = MIN3(x[0], x[1], x[2]), maxx = MAX3(x[0], x[1], x[2]);
   const int32_t miny = MIN3(y[0], y[1], y[2]), maxy = MAX3(y[0], y[1], y[2]);
   p->bbox[0] = minx >> RAST_FIX_BITS;
   p->bbox[1] = miny >> RAST_FIX_BITS;
   p->bbox[2] = (maxx >> RAST_FIX_BITS) + 1;
   p->bbox[3] = (maxy >> RAST_FIX_BITS) + 1;

   /* Screen-space barycentrics l1, l2 of the snapped triangle. */
   const double s = 1.0 / RAST_FIX_ONE;
   const double d1x = (x[1] - x[0]) * s, d1y = (y[1] - y[0]) * s;
   const double d2x = (x[2] - x[0]) * s, d2y = (y[2] - y[0]) * s;
   const double det = d1x * d2y - d1y * d2x;
   p->x0 = (float)(x[0] * s), p->y0 = (float)(y[0] * s);
   p->l1dx = (float)(d2y / det), p->l1dy = (float)(-d2x / det);
   p->l2dx = (float)(-d1y / det), p->l2dy = (float)(d1x / det);

   const double z0 = w[o[0]].z, z1 = w[o[1]].z, z2 = w[o[2]].z;
   const double zdx = (z1 - z0) * (d2y / det) + (z2 - z0) * (-d1y / det);
   const double zdy = (z1 - z0) * (-d2x / det) + (z2 - z0) * (d1x / det);
   const double bias = rast_setup_depth_bias(c, zdx, zdy, z0, z1, z2);
   p->z0 = (float)(z0 + bias);
   p->zdx = (float)zdx, p->zdy = (float)zdy;
   rast_setup_commit_prim(c, ch, p);
}
