/* SPDX-License-Identifier: MIT */
/*
 * The front end's shared pieces: window positions, emitting set-up
 * primitives, and the set-up of each primitive kind (rast_setup*.c).
 */
#ifndef RAST_SETUP_H
#define RAST_SETUP_H

#include <math.h>
#include <string.h>

#include "rast_priv.h"

struct wpos {
   float x, y, z; /* window coordinates */
   float inv_w;
};

static inline struct wpos
rast_to_window(const struct rast_ctx *c, unsigned viewport, const float *v)
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
static inline bool
rast_drawable(const struct wpos *p)
{
   const float lim = RAST_GUARD_PX * 1.5f;
   return fabsf(p->x) <= lim && fabsf(p->y) <= lim && p->inv_w == p->inv_w;
}

static inline int32_t
rast_snap(float f)
{
   /* Inside the guard band by clipping; lrintf rounds to nearest even. */
   return (int32_t)lrintf(f * (float)RAST_FIX_ONE);
}

static inline const float *
rast_vtx(const struct rast_ctx *c, uint32_t i)
{
   return c->d->vertices + (size_t)i * c->d->vertex_stride_floats;
}

static inline uint32_t
rast_as_uint(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* A new primitive at the end of the chunk's list (zeroed; NULL and
 * ch->oom on out of memory); rast_setup_commit_prim keeps it if its
 * bounding box survives the scissor and render area. */
struct rast_prim *rast_setup_new_prim(struct rast_chunk *ch);
void rast_setup_commit_prim(const struct rast_ctx *c, struct rast_chunk *ch,
                            struct rast_prim *p);

/* rast_setup_tri.c: depth bias of a plane with slopes zdx, zdy (28.9). */
double rast_setup_depth_bias(const struct rast_ctx *c, double zdx, double zdy, double z0,
                             double z1, double z2);
/* A triangle (3 clip-space vertices, already clipped), its provoking
 * vertex pv. */
void rast_setup_triangle(const struct rast_ctx *c, struct rast_chunk *ch,
                         const float *const *v, const float *pv, unsigned viewport,
                         uint32_t layer, uint32_t prim_id);

/* rast_setup_line.c: lines (clipped ends va, vb; the primitive's own
 * vertices ov0, ov1; reversed: drawn from ov1; prim_index UINT32_MAX for
 * polygon edges) and points. */
void rast_setup_line(const struct rast_ctx *c, struct rast_chunk *ch, const float *va,
                     const float *vb, const float *pv, unsigned viewport, uint32_t layer,
                     uint32_t prim_id, const float *ov0, const float *ov1, bool reversed,
                     uint32_t prim_index);
void rast_setup_point(const struct rast_ctx *c, struct rast_chunk *ch, const float *v,
                      unsigned viewport, uint32_t layer, uint32_t prim_id);

/* rast_bin.c: the chunk's per-tile lists of its primitives. */
void rast_bin_chunk(const struct rast_ctx *c, struct rast_chunk *ch);

#endif /* RAST_SETUP_H */
