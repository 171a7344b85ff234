/* SPDX-License-Identifier: MIT */
/*
 * An independent CPU model of the spec's tessellation (Vulkan 1.3, 23.4,
 * 23.6-23.8), written from the text without the library: levels rounded
 * by their own rules, edges cut from explicit segment-length lists, the
 * triangle domain's inner rings constructed on an equilateral triangle in
 * the plane (perpendiculars intersected, points projected), and the
 * vertex and primitive counts the construction implies.
 */
#ifndef TESS_MODEL_H
#define TESS_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "tess.h"

#define MODEL_MAX_POINTS 8192

struct model_result {
   bool culled;
   uint32_t vertex_count; /* distinct vertices */
   double coords[MODEL_MAX_POINTS][3];
   uint32_t prim_count; /* triangles, lines, or points in point mode */
};

/* n and f of one level under `spacing` (23.4). */
uint32_t model_round(enum tess_spacing spacing, float level, uint32_t max, double *f);
/* Points 0..n of an edge (n + 1 values). */
void model_edge(enum tess_spacing spacing, uint32_t n, double f, double *out);
void model_patch(const struct tess_config *cfg, const struct tess_levels *lv,
                 struct model_result *m);

#endif
