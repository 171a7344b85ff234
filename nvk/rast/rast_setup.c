/* SPDX-License-Identifier: MIT */
/*
 * The front end of a draw, one chunk of primitives at a time: clipping,
 * the viewport transform, snapping to fixed point, culling, edge and
 * interpolation set-up, and binning into tiles.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rast_priv.h"

/* --- emitting prims ------------------------------------------------------------ */

static struct rast_prim *
new_prim(struct rast_chunk *ch)
{
   if (ch->prim_count == ch->prim_cap) {
      const uint32_t cap = ch->prim_cap ? ch->prim_cap * 2 : 64;
      struct rast_prim *p =
         arena_realloc(ch->arena, ch->prims, (size_t)ch->prim_cap * sizeof(*p),
                       (size_t)cap * sizeof(*p));
      if (!p) {
         ch->oom = true;
         return NULL;
      }
      ch->prims = p;
      ch->prim_cap = cap;
   }
   struct rast_prim *p = &ch->prims[ch->prim_count];
   memset(p, 0, sizeof(*p));
   return p;
}

/* Intersects the prim's bbox with the scissor of its viewport and the
 * render area; keeps it if anything is left. */
static void
commit_prim(const struct rast_ctx *c, struct rast_chunk *ch, struct rast_prim *p)
{
   const struct rast_rect *sc = &c->s->scissors[p->viewport];
   const struct rast_rect *ra = &c->fb->render_area;
   int64_t x0 = MAX3((int64_t)p->bbox[0], (int64_t)sc->x, (int64_t)ra->x);
   int64_t y0 = MAX3((int64_t)p->bbox[1], (int64_t)sc->y, (int64_t)ra->y);
   int64_t x1 = MIN3((int64_t)p->bbox[2], (int64_t)sc->x + sc->width,
                     (int64_t)ra->x + ra->width);
   int64_t y1 = MIN3((int64_t)p->bbox[3], (int64_t)sc->y + sc->height,
                     (int64_t)ra->y + ra->height);
   x0 = MAX2(x0, 0), y0 = MAX2(y0, 0);
   x1 = MIN2(x1, (int64_t)c->limit_x);
   y1 = MIN2(y1, (int64_t)c->limit_y);
   if (x0 >= x1 || y0 >= y1)
      return;
   p->bbox[0] = (int32_t)x0, p->bbox[1] = (int32_t)y0;
   p->bbox[2] = (int32_t)x1, p->bbox[3] = (int32_t)y1;
   ch->prim_count++;
}

/* --- positions ------------------------------------------------------------------ */

struct wpos {
   float x, y, z; /* window coordinates */
   float inv_w;
};

static struct wpos
to_window(const struct rast_ctx *c, unsigned viewport, const float *v)
{
   const struct rast_viewport *vp = &c->s->viewports[viewport];
   const float iw = 1.0f / v[3];
   float zn = v[2] * iw;
   if (c->s->depth_clip_negative_one_to_one)
      zn = (zn + 1.0f) * 0.5f;
   return (struct wpos){
      .x = vp->x + vp->width * 0.5f + vp->width * 0.5f * (v[0] * iw),
      .y = vp->y + vp->height * 0.5f + vp->height * 0.5f * (v[1] * iw),
      .z = vp->min_depth + (vp->max_depth - vp->min_depth) * zn,
      .inv_w = iw,
   };
}

/* Whether a window position can be drawn: finite and inside the guard
 * band (clipping keeps it there unless the viewport itself is absurd:
 * NaN, infinite or huge). */
static bool
drawable(const struct wpos *p)
{
   const float lim = RAST_GUARD_PX * 1.5f;
   return fabsf(p->x) <= lim && fabsf(p->y) <= lim && p->inv_w == p->inv_w;
}

static int32_t
snap(float f)
{
   /* Inside the guard band by clipping; lrintf rounds to nearest even. */
   return (int32_t)lrintf(f * (float)RAST_FIX_ONE);
}

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
static double
depth_bias(const struct rast_ctx *c, double zdx, double zdy, double z0, double z1, double z2)
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

/* --- triangles -------------------------------------------------------------------- */

static void
setup_triangle(const struct rast_ctx *c, struct rast_chunk *ch, const float *const *v,
               const float *pv, unsigned viewport, uint32_t layer, uint32_t prim_id)
{
   struct wpos w[3];
   int32_t X[3], Y[3];
   for (unsigned k = 0; k < 3; k++) {
      w[k] = to_window(c, viewport, v[k]);
      if (!drawable(&w[k]))
         return;
      X[k] = snap(w[k].x);
      Y[k] = snap(w[k].y);
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

   struct rast_prim *p = new_prim(ch);
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
   const double bias = depth_bias(c, zdx, zdy, z0, z1, z2);
   p->z0 = (float)(z0 + bias);
   p->zdx = (float)zdx, p->zdy = (float)zdy;
   commit_prim(c, ch, p);
}

/* --- lines and points ---------------------------------------------------------------- */

/* Common interpolation of a line a -> b (window positions) on prim p. */
static void
line_interp(struct rast_prim *p, const struct wpos *a, const struct wpos *b,
            const float *va, const float *vb)
{
   const double dx = (double)b->x - a->x, dy = (double)b->y - a->y;
   const double len2 = dx * dx + dy * dy;
   p->x0 = a->x, p->y0 = a->y;
   p->l1dx = len2 > 0 ? (float)(dx / len2) : 0.0f;
   p->l1dy = len2 > 0 ? (float)(dy / len2) : 0.0f;
   p->l2dx = p->l2dy = 0.0f;
   p->z0 = a->z;
   p->zdx = (b->z - a->z) * p->l1dx;
   p->zdy = (b->z - a->z) * p->l1dy;
   p->v[0] = va, p->v[1] = vb, p->v[2] = va;
   p->inv_w[0] = a->inv_w, p->inv_w[1] = b->inv_w, p->inv_w[2] = a->inv_w;
   p->front_facing = 1;
}

/* A quad (c0, c1, c2, c3 in order around it, window pixels) as two
 * triangles sharing the interpolation of `tmpl`. */
static void
emit_quad(const struct rast_ctx *c, struct rast_chunk *ch, const struct rast_prim *tmpl,
          const float cx[4], const float cy[4])
{
   int32_t X[4], Y[4];
   for (unsigned k = 0; k < 4; k++)
      X[k] = snap(cx[k]), Y[k] = snap(cy[k]);
   static const unsigned tris[2][3] = {{0, 1, 2}, {0, 2, 3}};
   for (unsigned t = 0; t < 2; t++) {
      int32_t x[3], y[3];
      for (unsigned k = 0; k < 3; k++)
         x[k] = X[tris[t][k]], y[k] = Y[tris[t][k]];
      int64_t cross =
         (int64_t)(x[1] - x[0]) * (y[2] - y[0]) - (int64_t)(x[2] - x[0]) * (y[1] - y[0]);
      if (cross == 0)
         continue;
      if (cross < 0) {
         int32_t tx = x[1], ty = y[1];
         x[1] = x[2], y[1] = y[2], x[2] = tx, y[2] = ty;
      }
      struct rast_prim *p = new_prim(ch);
      if (!p)
         return;
      *p = *tmpl;
      p->cov = RAST_COV_TRI;
      for (unsigned i = 0; i < 3; i++) {
         const unsigned j = (i + 1) % 3;
         const int64_t dx = (int64_t)x[j] - x[i], dy = (int64_t)y[j] - y[i];
         p->ea[i] = (int32_t)-dy;
         p->eb[i] = (int32_t)dx;
         p->ec[i] = dy * x[i] - dx * y[i] + ((dy < 0 || (dy == 0 && dx > 0)) ? 1 : 0);
      }
      p->bbox[0] = MIN3(x[0], x[1], x[2]) >> RAST_FIX_BITS;
      p->bbox[1] = MIN3(y[0], y[1], y[2]) >> RAST_FIX_BITS;
      p->bbox[2] = (MAX3(x[0], x[1], x[2]) >> RAST_FIX_BITS) + 1;
      p->bbox[3] = (MAX3(y[0], y[1], y[2]) >> RAST_FIX_BITS) + 1;
      commit_prim(c, ch, p);
   }
}

/* va, vb: the (clipped) ends; ov0, ov1: the primitive's own vertices;
 * reversed: drawn from ov1 to ov0 (RAST_LINE_REVERSED); prim_index its
 * position in the draw, UINT32_MAX for polygon edges (not stippled). */
static void
setup_line(const struct rast_ctx *c, struct rast_chunk *ch, const float *va,
           const float *vb, const float *pv, unsigned viewport, uint32_t layer,
           uint32_t prim_id, const float *ov0, const float *ov1, bool reversed,
           uint32_t prim_index)
{
   if (reversed) {
      /* Assembly put the provoking vertex first; the line is still
       * drawn in its API direction (Bresenham's ends, stipple). */
      const float *t = va;
      va = vb, vb = t;
      t = ov0, ov0 = ov1, ov1 = t;
   }
   const struct wpos a = to_window(c, viewport, va), b = to_window(c, viewport, vb);
   if (!drawable(&a) || !drawable(&b))
      return;
   struct rast_prim tmpl;
   memset(&tmpl, 0, sizeof(tmpl));
   line_interp(&tmpl, &a, &b, va, vb);
   tmpl.viewport = (uint8_t)viewport;
   tmpl.layer = layer;
   tmpl.prim_id = prim_id;
   tmpl.pv = pv;
   const float dx = b.x - a.x, dy = b.y - a.y;
   if (dx == 0.0f && dy == 0.0f)
      return;
   if (c->stipple_start && prim_index != UINT32_MAX) {
      /* Counted from where the line is drawn from (clipping does not move
       * it). */
      const struct wpos o = to_window(c, viewport, ov0);
      tmpl.stippled = 1;
      tmpl.stip_major = fabsf(dx) >= fabsf(dy) ? 0 : 1;
      tmpl.stip_a0 = tmpl.stip_major ? o.y : o.x;
      tmpl.stip_start = c->stipple_start[prim_index];
   }

   if (c->s->line_mode == RAST_LINE_BRESENHAM) {
      struct rast_prim *p = new_prim(ch);
      if (!p)
         return;
      *p = tmpl;
      p->cov = RAST_COV_BRESENHAM;
      /* Vulkan 1.3, 28.13.3 "Bresenham Line Segment Rasterization": one
       * fragment per column of an x-major line (per row of a y-major one),
       * on the pixel whose centre row is nearest the line; columns whose
       * centres lie between a (included) and b (excluded) on the major
       * axis, as the diamond-exit rule has it for ends on pixel centres
       * (strips draw shared ends once). */
      const bool xmaj = fabsf(dx) >= fabsf(dy);
      const float a0 = xmaj ? a.x : a.y, a1 = xmaj ? b.x : b.y;
      const float m0 = xmaj ? a.y : a.x;
      const float d = a1 - a0, dm = xmaj ? dy : dx;
      p->major = xmaj ? 0 : 1;
      p->bres_a0 = a0;
      p->bres_m0 = m0;
      p->bres_slope = dm / d;
      /* Pixel i's centre i + 0.5 in [min, max). */
      const float lo = MIN2(a0, a1), hi = MAX2(a0, a1);
      if (d > 0) {
         /* Centres in [a0, a1): the first end is in, the last out. */
         p->bres_first = (int32_t)ceilf(lo - 0.5f);
         p->bres_end = (int32_t)ceilf(hi - 0.5f);
      } else {
         /* Drawn the other way: centres in (a1, a0]. */
         p->bres_first = (int32_t)floorf(lo - 0.5f) + 1;
         p->bres_end = (int32_t)floorf(hi - 0.5f) + 1;
      }
      /* Wide Bresenham lines (28.13.3 with wideLines): round(width)
       * fragments per column, centred on the line in the minor direction. */
      const float lw = c->s->line_width;
      p->bres_width = lw > 1.0f ? (int32_t)lrintf(MIN2(lw, RAST_MAX_POINT_LINE_PX)) : 1;
      const int32_t grow = p->bres_width / 2 + 2;
      const float minx = MIN2(a.x, b.x), maxx = MAX2(a.x, b.x);
      const float miny = MIN2(a.y, b.y), maxy = MAX2(a.y, b.y);
      p->bbox[0] = (int32_t)floorf(minx) - grow, p->bbox[1] = (int32_t)floorf(miny) - grow;
      p->bbox[2] = (int32_t)floorf(maxx) + grow + 1, p->bbox[3] = (int32_t)floorf(maxy) + grow + 1;
      commit_prim(c, ch, p);
      return;
   }

   /* Rectangular lines (28.13 "Line Segments"): the rectangle of width
    * lineWidth centred on the segment, ending at its ends. */
   const float len = sqrtf(dx * dx + dy * dy);
   const float lw = c->s->line_width;
   const float hw = 0.5f * (lw > 0.0f ? MIN2(lw, RAST_MAX_POINT_LINE_PX) : 1.0f);
   const float ux = dx / len, uy = dy / len;
   /* Smooth lines draw every pixel the rectangle touches: grow it by
    * half a pixel all round (a pixel's centre is within 0.5 px of the
    * rectangle along either axis of the line, which the diagonal can
    * exceed: 0.71 px; the coverage of those corner pixels is small). */
   float gw = hw, ge = 0.0f;
   if (c->s->line_mode == RAST_LINE_RECTANGULAR_SMOOTH) {
      tmpl.smooth = 1;
      tmpl.sm_ux = ux, tmpl.sm_uy = uy, tmpl.sm_len = len, tmpl.sm_hw = hw;
      gw = hw + 0.5f;
      ge = 0.5f;
   }
   const float nx = -uy * gw, ny = ux * gw;
   const float ex = ux * ge, ey = uy * ge;
   const float cx[4] = {a.x - ex + nx, b.x + ex + nx, b.x + ex - nx, a.x - ex - nx};
   const float cy[4] = {a.y - ey + ny, b.y + ey + ny, b.y + ey - ny, a.y - ey - ny};
   emit_quad(c, ch, &tmpl, cx, cy);
}

static void
setup_point(const struct rast_ctx *c, struct rast_chunk *ch, const float *v,
            unsigned viewport, uint32_t layer, uint32_t prim_id)
{
   const struct wpos p = to_window(c, viewport, v);
   if (!drawable(&p))
      return;
   float size = c->s->point_size_from_shader ? v[RAST_SLOT_PSIZ * 4] : 1.0f;
   size = CLAMP(size, c->s->point_size_min, c->s->point_size_max);
   /* NaN and absurd sizes: no point, or one no larger than the limit
    * devices report (pointSizeRange), which keeps it in fixed point. */
   if (!(size > 0.0f))
      return;
   size = MIN2(size, RAST_MAX_POINT_LINE_PX);
   struct rast_prim tmpl;
   memset(&tmpl, 0, sizeof(tmpl));
   tmpl.is_point = 1;
   tmpl.front_facing = 1;
   tmpl.viewport = (uint8_t)viewport;
   tmpl.layer = layer;
   tmpl.prim_id = prim_id;
   tmpl.v[0] = tmpl.v[1] = tmpl.v[2] = tmpl.pv = v;
   tmpl.inv_w[0] = tmpl.inv_w[1] = tmpl.inv_w[2] = p.inv_w;
   tmpl.x0 = p.x, tmpl.y0 = p.y;
   tmpl.z0 = p.z;
   tmpl.point_cx = p.x, tmpl.point_cy = p.y, tmpl.point_inv_size = 1.0f / size;
   const float h = size * 0.5f;
   const float cx[4] = {p.x - h, p.x + h, p.x + h, p.x - h};
   const float cy[4] = {p.y - h, p.y - h, p.y + h, p.y + h};
   emit_quad(c, ch, &tmpl, cx, cy);
}

/* --- one primitive ---------------------------------------------------------------------- */

static inline const float *
vtx(const struct rast_ctx *c, uint32_t i)
{
   return c->d->vertices + (size_t)i * c->d->vertex_stride_floats;
}

static uint32_t
as_uint(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* Whether a point's vertex lies in the clip volume (27.4: points are
 * passed unchanged if they do, else discarded). */
static bool
point_inside(const struct rast_ctx *c, const float *v, unsigned viewport)
{
   const float w = v[3];
   if (!(v[0] >= -w && v[0] <= w && v[1] >= -w && v[1] <= w))
      return false;
   return rast_clip_outcode(c, v, viewport) == 0;
}

static void
setup_polygon_edges(const struct rast_ctx *c, struct rast_chunk *ch, const float *const *v,
                    unsigned viewport, uint32_t layer, uint32_t prim_id)
{
   /* Polygon mode LINE / POINT: facing and culling from the whole
    * polygon, then its edges or vertices. */
   const float *cl[RAST_CLIP_MAX_VERTS];
   const int n = rast_clip_polygon(c, ch->arena, viewport, 3, v, cl);
   if (n < 0) {
      ch->oom = true;
      return;
   }
   if (n < 3)
      return;
   double area2 = 0.0;
   for (int k = 0; k < n; k++) {
      const struct wpos a = to_window(c, viewport, cl[k]);
      const struct wpos b = to_window(c, viewport, cl[(k + 1) % n]);
      area2 += (double)a.x * b.y - (double)b.x * a.y;
   }
   if (area2 == 0.0)
      return;
   /* area2 = -2a (28.7.1). */
   const bool front = c->s->front_face == RAST_FRONT_FACE_CCW ? area2 < 0 : area2 > 0;
   if (c->s->cull_mode & (front ? RAST_CULL_FRONT : RAST_CULL_BACK))
      return;
   const uint32_t first = ch->prim_count;
   if (c->s->polygon_mode == RAST_POLYGON_POINT) {
      for (unsigned k = 0; k < 3; k++) {
         if (point_inside(c, v[k], viewport))
            setup_point(c, ch, v[k], viewport, layer, prim_id);
      }
   } else {
      for (unsigned k = 0; k < 3; k++) {
         const float *e[2] = {v[k], v[(k + 1) % 3]}, *o[2];
         const int m = rast_clip_polygon(c, ch->arena, viewport, 2, e, o);
         if (m == 2)
            setup_line(c, ch, o[0], o[1], v[0], viewport, layer, prim_id, e[0], e[1], false,
                       UINT32_MAX);
      }
   }
   /* Depth bias applies to the polygon's fragments in every mode, with
    * the slope of the whole (unclipped) triangle's plane. */
   double bias = 0.0;
   if (c->s->depth_bias_enable) {
      struct wpos w[3];
      for (unsigned k = 0; k < 3; k++)
         w[k] = to_window(c, viewport, v[k]);
      const double d1x = (double)w[1].x - w[0].x, d1y = (double)w[1].y - w[0].y;
      const double d2x = (double)w[2].x - w[0].x, d2y = (double)w[2].y - w[0].y;
      const double det = d1x * d2y - d1y * d2x;
      if (det != 0.0 && det == det) {
         const double z10 = (double)w[1].z - w[0].z, z20 = (double)w[2].z - w[0].z;
         const double zdx = (z10 * d2y - z20 * d1y) / det;
         const double zdy = (z20 * d1x - z10 * d2x) / det;
         bias = depth_bias(c, zdx, zdy, w[0].z, w[1].z, w[2].z);
      }
   }
   for (uint32_t i = first; i < ch->prim_count; i++) {
      ch->prims[i].front_facing = front;
      ch->prims[i].pv = v[0];
      ch->prims[i].z0 += (float)bias;
   }
}

static void
setup_one(const struct rast_ctx *c, struct rast_chunk *ch, uint32_t i)
{
   const struct rast_draw *d = c->d;
   const unsigned nv = d->kind + 1;
   const float *v[3];
   for (unsigned k = 0; k < nv; k++) {
      const uint32_t idx = d->indices[(size_t)i * nv + k];
      if (idx >= d->vertex_count)
         return; /* out of range: drop rather than read outside */
      v[k] = vtx(c, idx);
   }
   const uint32_t prim_id = d->prim_ids ? d->prim_ids[i] : i;
   unsigned viewport = 0;
   uint32_t layer = 0;
   if (c->s->vs_writes_viewport) {
      viewport = as_uint(v[0][RAST_SLOT_LAYER_VP * 4 + 1]);
      if (viewport >= MIN2(c->s->viewport_count, RAST_MAX_VIEWPORTS))
         viewport = 0;
   }
   if (c->s->vs_writes_layer) {
      layer = as_uint(v[0][RAST_SLOT_LAYER_VP * 4 + 0]);
      /* Past the framebuffer's layers the result is undefined; drawing
       * nothing keeps writes inside the attachments. */
      if (layer >= c->layer_count)
         return;
   }

   ch->clip_in++;
   if (rast_cull_distance(c, nv, v))
      return;
   const uint32_t before = ch->prim_count;

   if (d->kind == RAST_PRIM_POINTS) {
      if (point_inside(c, v[0], viewport))
         setup_point(c, ch, v[0], viewport, layer, prim_id);
   } else if (d->kind == RAST_PRIM_LINES) {
      const float *o[2];
      const int n = rast_clip_polygon(c, ch->arena, viewport, 2, v, o);
      if (n < 0)
         ch->oom = true;
      else if (n == 2)
         setup_line(c, ch, o[0], o[1], v[0], viewport, layer, prim_id, v[0], v[1],
                    d->line_flags && (d->line_flags[i] & RAST_LINE_REVERSED), i);
   } else if (c->s->polygon_mode != RAST_POLYGON_FILL) {
      setup_polygon_edges(c, ch, v, viewport, layer, prim_id);
   } else {
      const uint32_t oc = rast_clip_outcode(c, v[0], viewport) |
                          rast_clip_outcode(c, v[1], viewport) |
                          rast_clip_outcode(c, v[2], viewport);
      if (!oc) {
         setup_triangle(c, ch, v, v[0], viewport, layer, prim_id);
      } else {
         const float *cl[RAST_CLIP_MAX_VERTS];
         const int n = rast_clip_polygon(c, ch->arena, viewport, 3, v, cl);
         if (n < 0)
            ch->oom = true;
         for (int k = 1; k + 1 < n; k++) {
            const float *t[3] = {cl[0], cl[k], cl[k + 1]};
            setup_triangle(c, ch, t, v[0], viewport, layer, prim_id);
         }
      }
   }
   if (ch->prim_count != before)
      ch->clip_out++;
}

/* --- binning ---------------------------------------------------------------------------- */

static void
bin_chunk(const struct rast_ctx *c, struct rast_chunk *ch)
{
   uint32_t *start = arena_zalloc_array(ch->arena, c->tile_count + 1, sizeof(uint32_t));
   if (!start) {
      ch->oom = true;
      return;
   }
   for (uint32_t i = 0; i < ch->prim_count; i++) {
      const struct rast_prim *p = &ch->prims[i];
      for (int32_t ty = p->bbox[1] >> RAST_TILE_LOG2; ty <= (p->bbox[3] - 1) >> RAST_TILE_LOG2; ty++)
         for (int32_t tx = p->bbox[0] >> RAST_TILE_LOG2; tx <= (p->bbox[2] - 1) >> RAST_TILE_LOG2; tx++)
            start[(uint32_t)ty * c->tiles_x + (uint32_t)tx + 1]++;
   }
   for (uint32_t t = 0; t < c->tile_count; t++)
      start[t + 1] += start[t];
   uint32_t *list = arena_alloc_array(ch->arena, start[c->tile_count] + 1, sizeof(uint32_t));
   uint32_t *fill = arena_alloc_array(ch->arena, c->tile_count, sizeof(uint32_t));
   if (!list || !fill) {
      ch->oom = true;
      return;
   }
   memcpy(fill, start, c->tile_count * sizeof(uint32_t));
   for (uint32_t i = 0; i < ch->prim_count; i++) {
      const struct rast_prim *p = &ch->prims[i];
      for (int32_t ty = p->bbox[1] >> RAST_TILE_LOG2; ty <= (p->bbox[3] - 1) >> RAST_TILE_LOG2; ty++)
         for (int32_t tx = p->bbox[0] >> RAST_TILE_LOG2; tx <= (p->bbox[2] - 1) >> RAST_TILE_LOG2; tx++)
            list[fill[(uint32_t)ty * c->tiles_x + (uint32_t)tx]++] = i;
   }
   ch->tile_start = start;
   ch->tile_prims = list;
}

void
rast_setup_chunk(struct rast_ctx *c, uint32_t chunk)
{
   struct rast_chunk *ch = &c->chunks[chunk];
   const uint32_t first = c->first_prim + chunk * c->prims_per_chunk;
   const uint32_t end = MIN2(first + c->prims_per_chunk, c->first_prim + c->pass_prims);
   for (uint32_t i = first; i < end && !ch->oom; i++)
      setup_one(c, ch, i);
   if (!ch->oom)
      bin_chunk(c, ch);
}

bool
rast_setup_stipple(struct rast_ctx *c)
{
   const struct rast_draw *d = c->d;
   if (d->kind != RAST_PRIM_LINES || !c->s->line_stipple_enable)
      return true;
   c->stipple_start = malloc((size_t)d->prim_count * sizeof(float));
   if (!c->stipple_start)
      return false;
   /* The count where each line starts: 0, or where the previous line of
    * its strip ended (its major-axis length in pixels, i.e. the fragments
    * it drew), in API order. */
   float run = 0.0f;
   for (uint32_t i = 0; i < d->prim_count; i++) {
      const uint8_t fl = d->line_flags ? d->line_flags[i] : 0;
      if (!(fl & RAST_LINE_CONTINUES))
         run = 0.0f;
      c->stipple_start[i] = run;
      const uint32_t i0 = d->indices[(size_t)i * 2], i1 = d->indices[(size_t)i * 2 + 1];
      if (i0 >= d->vertex_count || i1 >= d->vertex_count)
         continue;
      const float *v0 = vtx(c, i0), *v1 = vtx(c, i1);
      unsigned viewport = 0;
      if (c->s->vs_writes_viewport) {
         viewport = as_uint(v0[RAST_SLOT_LAYER_VP * 4 + 1]);
         if (viewport >= MIN2(c->s->viewport_count, RAST_MAX_VIEWPORTS))
            viewport = 0;
      }
      if (!(v0[3] > 0.0f) || !(v1[3] > 0.0f))
         continue;
      const struct wpos a = to_window(c, viewport, v0), b = to_window(c, viewport, v1);
      const float len = MAX2(fabsf(b.x - a.x), fabsf(b.y - a.y));
      if (len == len && len < RAST_GUARD_PX)
         run += len;
   }
   return true;
}
