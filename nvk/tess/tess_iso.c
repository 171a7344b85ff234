/* SPDX-License-Identifier: MIT */
/*
 * Isoline tessellation (Vulkan 1.3, 23.8): TessLevelOuter[0] lines (always
 * equal spacing) at v = j / lines for j in [0, lines) (no line at v == 1),
 * each cut into the segments of TessLevelOuter[1] under the patch's
 * spacing.
 */
#include "tess_priv.h"

void
tess_isolines(struct tess_emit *e, enum tess_spacing spacing, uint32_t lines,
              struct tess_segments segments)
{
   for (uint32_t j = 0; j < lines; j++) {
      const double v = (double)j / (double)lines;
      uint32_t prev = 0;
      for (uint32_t i = 0; i <= segments.n; i++) {
         const uint32_t idx =
            tess_add_vertex(e, tess_edge_point(spacing, segments, i), v, 0.0);
         if (i)
            tess_add_line(e, prev, idx);
         prev = idx;
      }
   }
}
