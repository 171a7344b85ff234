/* SPDX-License-Identifier: MIT */
/*
 * tess: the fixed-function tessellator, a pure library (like nvk/rast and
 * shared/layout: plain structs in, plain arrays out; no Vulkan objects, no
 * device, no allocation).
 *
 * One call subdivides one patch's abstract domain (Vulkan 1.3, chapter 23
 * "Tessellation", 23.4 "Tessellator Spacing", 23.6 "Triangle Tessellation",
 * 23.7 "Quad Tessellation", 23.8 "Isoline Tessellation") into vertices with
 * domain coordinates (TessCoord) and primitives over them:
 *
 *    struct tess_config cfg = {.domain = TESS_TRIANGLES, .spacing = ...,
 *                              .max_level = 64};
 *    float (*coords)[3] = malloc(tess_max_vertices(&cfg) * sizeof(*coords));
 *    uint32_t *idx = malloc(tess_max_indices(&cfg) * sizeof(*idx));
 *    struct tess_result r = {.coords = coords, .indices = idx};
 *    if (tess_patch(&cfg, &levels, &r)) ...r.vertex_count, r.prim_count
 *
 * Every vertex is emitted once (shared edges and ring corners share their
 * index), so the caller runs the evaluation shader once per vertex.
 *
 * Where the spec leaves the choice to the implementation, kiln's choice:
 *  - fractional spacing: the two short segments sit next to the middle of
 *    the edge (around the middle full segment for odd counts), every full
 *    segment is 1/f long and each short one (f - (n - 2)) / (2f), so the
 *    relative length of the short ones is 1 - (n - f) / 2, 1 at n == f and
 *    falling to 0 as n - f reaches 2;
 *  - "treated as 1 + epsilon" (an inner level of one with an outer level
 *    above one) rounds like 1 + epsilon but places points with f = 1;
 *  - connectivity: rings are joined side by side, each step advancing along
 *    whichever of the two rings has the nearer next point (ties: the outer
 *    one); quads' inner region is a grid, each cell cut from its (u, v)
 *    minimum to its maximum corner; points come in vertex order.
 */
#ifndef TESS_H
#define TESS_H

#include <stdbool.h>
#include <stdint.h>

enum tess_domain {
   TESS_TRIANGLES = 0,
   TESS_QUADS,
   TESS_ISOLINES,
};

enum tess_spacing {
   TESS_SPACING_EQUAL = 0,
   TESS_SPACING_FRACTIONAL_EVEN,
   TESS_SPACING_FRACTIONAL_ODD,
};

enum tess_prim {
   TESS_PRIM_TRIANGLES = 0,
   TESS_PRIM_LINES,
   TESS_PRIM_POINTS,
};

struct tess_config {
   enum tess_domain domain;
   enum tess_spacing spacing;
   bool point_mode; /* PointMode: each vertex once, as a point */
   bool ccw;        /* VertexOrderCcw (false: VertexOrderCw) */
   /* VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT: the winding is read with
    * the domain's v axis pointing up (Vulkan 1.3, 23.3 "Tessellation
    * Primitive Generation"); coordinates do not change. */
   bool lower_left;
   uint32_t max_level; /* maxTessellationGenerationLevel, >= 2 */
};

/* TessLevelOuter / TessLevelInner as the control shader wrote them. */
struct tess_levels {
   float outer[4];
   float inner[2];
};

struct tess_result {
   /* The caller's arrays: tess_max_vertices() and tess_max_indices()
    * entries. coords[i] is vertex i's TessCoord (u, v, w); w is 0 for quads
    * and isolines. */
   float (*coords)[3];
   uint32_t *indices;
   /* Results. */
   uint32_t vertex_count;
   uint32_t prim_count; /* prims of `prim`; indices holds prim_count * 3/2/1 */
   enum tess_prim prim;
};

/* An edge's subdivision: n segments, from the clamped level f. */
struct tess_segments {
   uint32_t n;
   float f;
};

/* Clamps and rounds one level per the spacing (23.4): equal [1, max] up to
 * an integer, fractional_even [2, max] up to an even one, fractional_odd
 * [1, max - 1] up to an odd one. NaN clamps to the minimum. */
struct tess_segments tess_round_level(enum tess_spacing spacing, float level,
                                      uint32_t max_level);

/* Point i (0..s.n) of an edge subdivided per `spacing`, as a fraction of
 * the edge: 0 at i == 0, 1 at i == s.n, symmetric (point n - i at 1 - that
 * of i). */
double tess_edge_point(enum tess_spacing spacing, struct tess_segments s, uint32_t i);

/* Whether the levels discard the patch: a relevant outer level (3 for
 * triangles, 4 for quads, 2 for isolines) <= 0 or NaN. */
bool tess_patch_culled(enum tess_domain domain, const struct tess_levels *levels);

/* Room the caller provides for one patch of `cfg`. */
uint32_t tess_max_vertices(const struct tess_config *cfg);
uint32_t tess_max_indices(const struct tess_config *cfg);

/* Tessellates one patch into r (arrays as above); false (and no vertices)
 * if the patch is discarded. */
bool tess_patch(const struct tess_config *cfg, const struct tess_levels *levels,
                struct tess_result *r);

#endif /* TESS_H */
