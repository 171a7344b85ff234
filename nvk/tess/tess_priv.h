/* SPDX-License-Identifier: MIT */
/*
 * The tessellator's pieces: tess_patch.c (levels, special cases, winding,
 * point mode) calls one domain generator, which adds vertices and
 * triangles or lines through the emitter below; tess_ring.c joins two
 * rings' sides with triangles.
 */
#ifndef TESS_PRIV_H
#define TESS_PRIV_H

#include "tess.h"

/* The highest maxTessellationGenerationLevel the library takes (larger
 * configurations are clamped to it); a ring side has at most one point
 * more than that. */
#define TESS_MAX_LEVEL       64u
#define TESS_MAX_SIDE_POINTS (TESS_MAX_LEVEL + 1u)

struct tess_emit {
   struct tess_result *r;
   uint32_t index_count;
};

/* Adds a vertex; returns its index. */
uint32_t tess_add_vertex(struct tess_emit *e, double u, double v, double w);
void tess_add_triangle(struct tess_emit *e, uint32_t a, uint32_t b, uint32_t c);
void tess_add_line(struct tess_emit *e, uint32_t a, uint32_t b);

/* One side of a ring: points (vertex indices) in the ring's direction and
 * their parameters along the side (increasing). */
struct tess_side {
   uint32_t count;
   uint32_t idx[TESS_MAX_SIDE_POINTS];
   double t[TESS_MAX_SIDE_POINTS];
};

/* Triangles between the outer side `a` and the inner side `b` (both in
 * the ring direction, the inner one on the left of it in (u, v)):
 * (a.count - 1) + (b.count - 1) triangles of positive area in (u, v). */
void tess_join_sides(struct tess_emit *e, const struct tess_side *a,
                     const struct tess_side *b);

/* The domain generators. seg_outer/seg_inner: rounded levels (23.4). */
void tess_triangles(struct tess_emit *e, enum tess_spacing spacing,
                    const struct tess_segments outer[3], struct tess_segments inner);
void tess_quads(struct tess_emit *e, enum tess_spacing spacing,
                const struct tess_segments outer[4], const struct tess_segments inner[2]);
void tess_isolines(struct tess_emit *e, enum tess_spacing spacing, uint32_t lines,
                   struct tess_segments segments);

#endif /* TESS_PRIV_H */
