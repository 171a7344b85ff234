/* SPDX-License-Identifier: MIT */
/* Adding vertices and primitives to a patch's result, and joining two
 * rings' sides with a strip of triangles. */
#include "tess_priv.h"

uint32_t
tess_add_vertex(struct tess_emit *e, double u, double v, double w)
{
   const uint32_t i = e->r->vertex_count++;
   e->r->coords[i][0] = (float)u;
   e->r->coords[i][1] = (float)v;
   e->r->coords[i][2] = (float)w;
   return i;
}

void
tess_add_triangle(struct tess_emit *e, uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t *out = e->r->indices + e->index_count;
   out[0] = a;
   out[1] = b;
   out[2] = c;
   e->index_count += 3;
   e->r->prim_count++;
}

void
tess_add_line(struct tess_emit *e, uint32_t a, uint32_t b)
{
   uint32_t *out = e->r->indices + e->index_count;
   out[0] = a;
   out[1] = b;
   e->index_count += 2;
   e->r->prim_count++;
}

void
tess_join_sides(struct tess_emit *e, const struct tess_side *a, const struct tess_side *b)
{
   uint32_t i = 0, j = 0;
   const uint32_t a_last = a->count - 1, b_last = b->count - 1;
   while (i < a_last || j < b_last) {
      /* Advance along the ring whose next point comes first. */
      const bool outer = j == b_last || (i < a_last && a->t[i + 1] <= b->t[j + 1]);
      if (outer) {
         tess_add_triangle(e, a->idx[i], a->idx[i + 1], b->idx[j]);
         i++;
      } else {
         tess_add_triangle(e, a->idx[i], b->idx[j + 1], b->idx[j]);
         j++;
      }
   }
}
