/* SPDX-License-Identifier: MIT */
/*
 * Line and point set-up: rectangular lines (also smooth) and point squares
 * as triangle pairs, Bresenham lines, and the stipple count of each line.
 */
#include <stdlib.h>

#include "rast_setup.h"

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
      X[k] = rast_snap(cx[k]), Y[k] = rast_snap(cy[k]);
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
      struct rast_prim *p = rast_setup_new_prim(ch);
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
      rast_setup_commit_prim(c, ch, p);
   }
}

/* va, vb: the (clipped) ends; ov0, ov1: the primitive's own vertices;
 * reversed: drawn from ov1 to ov0 (RAST_LINE_REVERSED); prim_index its
 * position in the draw, UINT32_MAX for polygon edges (not stippled). */
void
rast_setup_line(const struct rast_ctx *c, struct rast_chunk *ch, const float *va,
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
   const struct wpos a = rast_to_window(c, viewport, va), b = rast_to_window(c, viewport, vb);
   if (!rast_drawable(&a) || !rast_drawable(&b))
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
      const struct wpos o = rast_to_window(c, viewport, ov0);
      tmpl.stippled = 1;
      tmpl.stip_major = fabsf(dx) >= fabsf(dy) ? 0 : 1;
      tmpl.stip_a0 = tmpl.stip_major ? o.y : o.x;
      tmpl.stip_start = c->stipple_start[prim_index];
   }

   if (c->s->line_mode == RAST_LINE_BRESENHAM) {
      struct rast_prim *p = rast_setup_new_prim(ch);
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
      rast_setup_commit_prim(c, ch, p);
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

void
rast_setup_point(const struct rast_ctx *c, struct rast_chunk *ch, const float *v,
            unsigned viewport, uint32_t layer, uint32_t prim_id)
{
   const struct wpos p = rast_to_window(c, viewport, v);
   if (!rast_drawable(&p))
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
      const float *v0 = rast_vtx(c, i0), *v1 = rast_vtx(c, i1);
      unsigned viewport = 0;
      if (c->s->vs_writes_viewport) {
         viewport = rast_as_uint(v0[RAST_SLOT_LAYER_VP * 4 + 1]);
         if (viewport >= MIN2(c->s->viewport_count, RAST_MAX_VIEWPORTS))
            viewport = 0;
      }
      if (!(v0[3] > 0.0f) || !(v1[3] > 0.0f))
         continue;
      const struct wpos a = rast_to_window(c, viewport, v0), b = rast_to_window(c, viewport, v1);
      const float len = MAX2(fabsf(b.x - a.x), fabsf(b.y - a.y));
      if (len == len && len < RAST_GUARD_PX)
         run += len;
   }
   return true;
}
