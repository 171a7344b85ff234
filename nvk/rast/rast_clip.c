/* SPDX-License-Identifier: MIT */
/*
 * Clipping in homogeneous clip space (Vulkan 1.3, 27.4 "Primitive
 * Clipping"): against w > 0, the near and far planes (when depth clipping
 * is on), ClipDistance >= 0, and a guard band far outside the viewport
 * instead of its sides: fixed-point rasterization with scissoring discards
 * what lies outside the viewport exactly, so only positions too large for
 * 24.8 fixed point need cutting.
 *
 * Sutherland-Hodgman over a convex polygon. A new vertex is always
 * computed from the inside end towards the outside end, so the two
 * triangles sharing an edge get bit-identical vertices and stay watertight.
 * Attributes are interpolated linearly in clip space, which is what
 * perspective-correct interpolation needs; noperspective inputs instead
 * take the screen-space parameter of the new vertex.
 */
#include <string.h>

#include "rast_priv.h"

enum {
   PLANE_W,
   PLANE_NEAR,
   PLANE_FAR,
   PLANE_GUARD_X_LO,
   PLANE_GUARD_X_HI,
   PLANE_GUARD_Y_LO,
   PLANE_GUARD_Y_HI,
   PLANE_CLIP0, /* .. PLANE_CLIP0 + 7 */
   PLANE_COUNT = PLANE_CLIP0 + 8,
};

/* Vertices with w below this are behind the eye for our purposes. */
#define W_EPSILON 1e-6f

struct guard {
   float lo[2], hi[2]; /* NDC range of x and y that stays in the band */
};

static struct guard guard_compute(const struct rast_ctx *c, unsigned viewport);

static struct guard
guard_for(const struct rast_ctx *c, unsigned viewport)
{
   struct guard g;
   for (unsigned i = 0; i < 2; i++) {
      g.lo[i] = c->guard_lo[viewport][i];
      g.hi[i] = c->guard_hi[viewport][i];
   }
   return g;
}

void
rast_clip_prepare(struct rast_ctx *c)
{
   for (unsigned v = 0; v < RAST_MAX_VIEWPORTS; v++) {
      const struct guard g = guard_compute(c, v);
      for (unsigned i = 0; i < 2; i++) {
         c->guard_lo[v][i] = g.lo[i];
         c->guard_hi[v][i] = g.hi[i];
      }
   }
}

static struct guard
guard_compute(const struct rast_ctx *c, unsigned viewport)
{
   const struct rast_viewport *vp = &c->s->viewports[viewport];
   struct guard g;
   const float o[2] = {vp->x + vp->width * 0.5f, vp->y + vp->height * 0.5f};
   const float p[2] = {vp->width * 0.5f, vp->height * 0.5f};
   for (unsigned i = 0; i < 2; i++) {
      if (p[i] == 0.0f) {
         g.lo[i] = -1.0f, g.hi[i] = 1.0f;
         continue;
      }
      const float a = (-RAST_GUARD_PX - o[i]) / p[i], b = (RAST_GUARD_PX - o[i]) / p[i];
      g.lo[i] = a < b ? a : b;
      g.hi[i] = a < b ? b : a;
   }
   return g;
}

static float
plane_dist(const struct rast_ctx *c, const struct guard *g, unsigned plane, const float *v)
{
   const float x = v[0], y = v[1], z = v[2], w = v[3];
   switch (plane) {
   case PLANE_W:
      return w - W_EPSILON;
   case PLANE_NEAR:
      return c->s->depth_clip_negative_one_to_one ? z + w : z;
   case PLANE_FAR:
      return w - z;
   case PLANE_GUARD_X_LO:
      return x - g->lo[0] * w;
   case PLANE_GUARD_X_HI:
      return g->hi[0] * w - x;
   case PLANE_GUARD_Y_LO:
      return y - g->lo[1] * w;
   case PLANE_GUARD_Y_HI:
      return g->hi[1] * w - y;
   default:
      return v[RAST_SLOT_CLIP_DIST0 * 4 + (plane - PLANE_CLIP0)];
   }
}

static uint32_t
outcode(const struct rast_ctx *c, const struct guard *g, const float *v)
{
   /* plane_dist of the fixed planes written out (the same expressions):
    * every vertex of a draw goes through here. NaN positions count as
    * outside, so they never reach setup. */
   const float x = v[0], y = v[1], z = v[2], w = v[3];
   uint32_t code = (uint32_t)!(w - W_EPSILON >= 0.0f) << PLANE_W |
                   (uint32_t)!(x - g->lo[0] * w >= 0.0f) << PLANE_GUARD_X_LO |
                   (uint32_t)!(g->hi[0] * w - x >= 0.0f) << PLANE_GUARD_X_HI |
                   (uint32_t)!(y - g->lo[1] * w >= 0.0f) << PLANE_GUARD_Y_LO |
                   (uint32_t)!(g->hi[1] * w - y >= 0.0f) << PLANE_GUARD_Y_HI;
   if (c->s->depth_clip_enable) {
      const float near = c->s->depth_clip_negative_one_to_one ? z + w : z;
      code |= (uint32_t)!(near >= 0.0f) << PLANE_NEAR | (uint32_t)!(w - z >= 0.0f) << PLANE_FAR;
   }
   for (uint32_t i = 0; i < c->s->clip_distance_count; i++) {
      if (!(v[RAST_SLOT_CLIP_DIST0 * 4 + i] >= 0.0f))
         code |= 1u << (PLANE_CLIP0 + i);
   }
   return code;
}

uint32_t
rast_clip_outcode(const struct rast_ctx *c, const float *v, unsigned viewport)
{
   const struct guard g = guard_for(c, viewport);
   return outcode(c, &g, v);
}

bool
rast_cull_distance(const struct rast_ctx *c, unsigned nverts, const float *const *v)
{
   /* Vulkan 1.3, 27.4: a primitive is discarded if any CullDistance is
    * negative at all of its vertices. */
   for (unsigned i = 0; i < c->s->cull_distance_count; i++) {
      bool all_out = true;
      for (unsigned k = 0; k < nverts && all_out; k++)
         all_out = v[k][RAST_SLOT_CULL_DIST0 * 4 + i] < 0.0f;
      if (all_out)
         return true;
   }
   return false;
}

/* The vertex a + t (b - a), where a is inside. */
static const float *
intersect(const struct rast_ctx *c, struct arena *arena, const float *a, const float *b,
          float t)
{
   const uint32_t stride = c->d->vertex_stride_floats;
   float *v = arena_alloc_array(arena, stride, sizeof(float));
   if (!v)
      return NULL;
   for (uint32_t i = 0; i < stride; i++)
      v[i] = a[i] + t * (b[i] - a[i]);
   /* noperspective: the position along the edge in screen space. */
   const float wa = a[3], wb = b[3];
   const float den = (1.0f - t) * wa + t * wb;
   float s = den > 0.0f ? t * wb / den : t;
   s = s < 0.0f ? 0.0f : s > 1.0f ? 1.0f : s;
   u_foreach_bit64 (slot, c->s->fs.inputs_read) {
      if (c->s->fs.interp[slot] != RAST_INTERP_NOPERSPECTIVE)
         continue;
      for (unsigned k = 0; k < 4; k++) {
         const uint32_t i = slot * 4 + k;
         v[i] = a[i] + s * (b[i] - a[i]);
      }
   }
   return v;
}

/* A line: the part of a -> b inside every plane, by parameters. */
static int
clip_line(const struct rast_ctx *c, const struct guard *g, struct arena *arena,
          uint32_t planes, const float *const *in, const float **out)
{
   const float *a = in[0], *b = in[1];
   float t0 = 0.0f, t1 = 1.0f;
   u_foreach_bit (p, planes) {
      const float da = plane_dist(c, g, p, a), db = plane_dist(c, g, p, b);
      if (da < 0.0f && db < 0.0f)
         return 0;
      if (da < 0.0f)
         t0 = MAX2(t0, da / (da - db));
      else if (db < 0.0f)
         t1 = MIN2(t1, da / (da - db));
   }
   if (t0 >= t1)
      return 0;
   out[0] = t0 > 0.0f ? intersect(c, arena, a, b, t0) : a;
   out[1] = t1 < 1.0f ? intersect(c, arena, a, b, t1) : b;
   return out[0] && out[1] ? 2 : -1;
}

int
rast_clip_polygon(const struct rast_ctx *c, struct arena *arena, unsigned viewport,
                  unsigned nverts, const float *const *in, const float **out)
{
   const struct guard g = guard_for(c, viewport);
   const float *buf[2][RAST_CLIP_MAX_VERTS];
   unsigned n = nverts;
   uint32_t any = 0, all = ~0u;
   for (unsigned k = 0; k < n; k++) {
      buf[0][k] = in[k];
      const uint32_t oc = outcode(c, &g, in[k]);
      any |= oc;
      all &= oc;
   }
   if (all)
      return 0;
   if (nverts == 2)
      return clip_line(c, &g, arena, any, in, out);
   unsigned cur = 0;
   u_foreach_bit (p, any) {
      const float **src = buf[cur], **dst = buf[cur ^ 1];
      unsigned m = 0;
      for (unsigned k = 0; k < n; k++) {
         const float *a = src[k], *b = src[(k + 1) % n];
         const float da = plane_dist(c, &g, p, a), db = plane_dist(c, &g, p, b);
         const bool ina = da >= 0.0f, inb = db >= 0.0f;
         if (ina)
            dst[m++] = a;
         if (ina != inb) {
            const float *v = ina ? intersect(c, arena, a, b, da / (da - db))
                                 : intersect(c, arena, b, a, db / (db - da));
            if (!v)
               return -1;
            dst[m++] = v;
         }
      }
      n = m;
      cur ^= 1;
      if (n < 3)
         return 0;
   }
   for (unsigned k = 0; k < n; k++)
      out[k] = buf[cur][k];
   return (int)n;
}
