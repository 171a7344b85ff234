/* SPDX-License-Identifier: MIT */
/*
 * The front end of a draw, one chunk of primitives at a time: culling by
 * cull distances, clipping, polygon modes, and the set-up of each kind
 * (rast_setup_tri.c, rast_setup_line.c), then binning (rast_bin.c).
 */
#include "rast_setup.h"

struct rast_prim *
rast_setup_new_prim(struct rast_chunk *ch)
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
void
rast_setup_commit_prim(const struct rast_ctx *c, struct rast_chunk *ch, struct rast_prim *p)
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
      const struct wpos a = rast_to_window(c, viewport, cl[k]);
      const struct wpos b = rast_to_window(c, viewport, cl[(k + 1) % n]);
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
            rast_setup_point(c, ch, v[k], viewport, layer, prim_id);
      }
   } else {
      for (unsigned k = 0; k < 3; k++) {
         const float *e[2] = {v[k], v[(k + 1) % 3]}, *o[2];
         const int m = rast_clip_polygon(c, ch->arena, viewport, 2, e, o);
         if (m == 2)
            rast_setup_line(c, ch, o[0], o[1], v[0], viewport, layer, prim_id, e[0], e[1], false,
                       UINT32_MAX);
      }
   }
   /* Depth bias applies to the polygon's fragments in every mode, with
    * the slope of the whole (unclipped) triangle's plane. */
   double bias = 0.0;
   if (c->s->depth_bias_enable) {
      struct wpos w[3];
      for (unsigned k = 0; k < 3; k++)
         w[k] = rast_to_window(c, viewport, v[k]);
      const double d1x = (double)w[1].x - w[0].x, d1y = (double)w[1].y - w[0].y;
      const double d2x = (double)w[2].x - w[0].x, d2y = (double)w[2].y - w[0].y;
      const double det = d1x * d2y - d1y * d2x;
      if (det != 0.0 && det == det) {
         const double z10 = (double)w[1].z - w[0].z, z20 = (double)w[2].z - w[0].z;
         const double zdx = (z10 * d2y - z20 * d1y) / det;
         const double zdy = (z20 * d1x - z10 * d2x) / det;
         bias = rast_setup_depth_bias(c, zdx, zdy, w[0].z, w[1].z, w[2].z);
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
      v[k] = rast_vtx(c, idx);
   }
   const uint32_t prim_id = d->prim_ids ? d->prim_ids[i] : i;
   unsigned viewport = 0;
   uint32_t layer = 0;
   if (c->s->vs_writes_viewport) {
      viewport = rast_as_uint(v[0][RAST_SLOT_LAYER_VP * 4 + 1]);
      if (viewport >= MIN2(c->s->viewport_count, RAST_MAX_VIEWPORTS))
         viewport = 0;
   }
   if (c->s->vs_writes_layer) {
      layer = rast_as_uint(v[0][RAST_SLOT_LAYER_VP * 4 + 0]);
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
         rast_setup_point(c, ch, v[0], viewport, layer, prim_id);
   } else if (d->kind == RAST_PRIM_LINES) {
      const float *o[2];
      const int n = rast_clip_polygon(c, ch->arena, viewport, 2, v, o);
      if (n < 0)
         ch->oom = true;
      else if (n == 2)
         rast_setup_line(c, ch, o[0], o[1], v[0], viewport, layer, prim_id, v[0], v[1],
                    d->line_flags && (d->line_flags[i] & RAST_LINE_REVERSED), i);
   } else if (c->s->polygon_mode != RAST_POLYGON_FILL) {
      setup_polygon_edges(c, ch, v, viewport, layer, prim_id);
   } else {
      const uint32_t oc = rast_clip_outcode(c, v[0], viewport) |
                          rast_clip_outcode(c, v[1], viewport) |
                          rast_clip_outcode(c, v[2], viewport);
      if (!oc) {
         rast_setup_triangle(c, ch, v, v[0], viewport, layer, prim_id);
      } else {
         const float *cl[RAST_CLIP_MAX_VERTS];
         const int n = rast_clip_polygon(c, ch->arena, viewport, 3, v, cl);
         if (n < 0)
            ch->oom = true;
         for (int k = 1; k + 1 < n; k++) {
            const float *t[3] = {cl[0], cl[k], cl[k + 1]};
            rast_setup_triangle(c, ch, t, v[0], viewport, layer, prim_id);
         }
      }
   }
   if (ch->prim_count != before)
      ch->clip_out++;
}

void
rast_setup_chunk(struct rast_ctx *c, uint32_t chunk)
{
   struct rast_chunk *ch = &c->chunks[chunk];
   const uint32_t first = c->first_prim + chunk * c->prims_per_chunk;
   const uint32_t end = MIN2(first + c->prims_per_chunk, c->first_prim + c->pass_prims);
   /* Room for one set-up primitive per input (the common case) at once:
    * growing by doubling copied every primitive a few times. */
   if (!ch->prim_cap && end > first) {
      ch->prims = arena_alloc_array(ch->arena, end - first, sizeof(*ch->prims));
      if (!ch->prims) {
         ch->oom = true;
         return;
      }
      ch->prim_cap = end - first;
   }
   for (uint32_t i = first; i < end && !ch->oom; i++)
      setup_one(c, ch, i);
   if (!ch->oom)
      rast_bin_chunk(c, ch);
}
