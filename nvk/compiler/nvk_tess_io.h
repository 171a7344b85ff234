/* SPDX-License-Identifier: MIT */
/*
 * How tessellation control and evaluation shaders reach their I/O: through
 * memory the draw provides (nvk_draw_tess.c), described by one constant
 * buffer, so a control shader invocation can read what the others of its
 * patch wrote (kx runs a patch's invocations in one strip, in lockstep, so
 * a barrier needs no code).
 *
 * The records hold a batch of the draw's patches, the first of which is
 * patch_base. A strip lane's VertexIndex (kx_strip::vertex_index) carries
 * its number:
 *   control:    patch * OutputVertices + InvocationId (patch: within the
 *               batch; PrimitiveId = patch_base + patch);
 *   evaluation: the tessellated vertex, whose TessCoord is coords[n] and
 *               whose patch is patches[n] (PrimitiveId patch_base + that).
 * Records are floats; a vertex's slot s component c is float s * 4 + c
 * (enum kx_slot numbering, as vertex shader outputs):
 *   in:     the control shader's input vertex i of patch p at
 *           in + (p * patch_vertices_in + i) * in_stride_floats;
 *   out:    control output vertex i of patch p at
 *           out + (p * vertices_out + i) * NVK_TESS_VERTEX_FLOATS;
 *   patch:  patch p's outputs at patch + p * NVK_TESS_PATCH_FLOATS:
 *           TessLevelOuter floats 0..3, TessLevelInner 4..5, patch Location
 *           L at slot NVK_TESS_PATCH_VAR0 + L.
 */
#ifndef NVK_TESS_IO_H
#define NVK_TESS_IO_H

#include <stdint.h>

#include "kx.h"

/* The constant buffer index (after the root table and the sets). */
#define NVK_CBUF_TESS (KX_MAX_CBUFS - 1)

#define NVK_TESS_VERTEX_FLOATS (KX_SLOT_COUNT * 4)
#define NVK_TESS_PATCH_VAR0    2
#define NVK_TESS_PATCH_FLOATS  ((NVK_TESS_PATCH_VAR0 + 32) * 4)
/* maxTessellationPatchSize: a patch's invocations fit in one strip. */
#define NVK_MAX_TESS_PATCH_SIZE 32
static_assert(NVK_MAX_TESS_PATCH_SIZE <= KX_W, "a patch runs in one strip");

struct nvk_tess_cbuf {
   uint64_t in_addr;
   uint64_t out_addr;
   uint64_t patch_addr;
   uint64_t coords_addr;  /* evaluation: float[3] per vertex */
   uint64_t patches_addr; /* evaluation: uint32 per vertex */
   uint32_t in_stride_floats;
   uint32_t patch_vertices_in; /* PatchVertices of the control shader */
   uint32_t vertices_out;      /* PatchVertices of the evaluation shader */
   uint32_t patch_base;        /* the batch's first patch in the draw */
};

#endif /* NVK_TESS_IO_H */
