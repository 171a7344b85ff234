/* SPDX-License-Identifier: MIT */
/*
 * Translation, step 2: dispatch invariants (constant-buffer loads with
 * invariant operands and pure ALU on them) move into a prologue that runs
 * once per register file.
 */
#include "kx_translate.h"

#include <stdlib.h>
#include <string.h>

/* --- dispatch-invariant values ------------------------------------------------------ */

static bool
kxb_is_invariant_use(struct kxb *b, uint32_t id)
{
   const struct kx_vreg *v = vreg(b, id);
   return v->kind == KX_VREG_CONST || v->kind == KX_VREG_INVARIANT;
}

/* Whether `vi` computes the same value in every invocation of a dispatch
 * from operands that do: pure ALU ops and constant-buffer loads (the root
 * table and descriptor sets do not change during a dispatch). */
static bool
kxb_hoistable(struct kxb *b, const struct kx_vinstr *vi)
{
   const unsigned op = vi->in.op;
   if (op == KX_OP_SYSVAL)
      return vi->in.imm[0] >= KX_SV_NUM_WORKGROUPS_X &&
             vi->in.imm[0] <= KX_SV_NUM_WORKGROUPS_Z;
   if (op != KX_OP_LOAD_CBUF && op < KX_OP_FIRST_ALU)
      return false;
   const uint32_t *aux = dynarray_begin(&b->aux, uint32_t);
   for (unsigned i = 0; i < 3; i++) {
      if ((vi->use_mask & (USE_SRC0 << i)) && !kxb_is_invariant_use(b, vi->in.src[i]))
         return false;
      if ((vi->use_mask & (USE_IMM0 << i)) && !kxb_is_invariant_use(b, vi->in.imm[i]))
         return false;
   }
   for (uint32_t a = 0; a < vi->aux_nuse; a++)
      if (!kxb_is_invariant_use(b, aux[vi->aux_start + vi->aux_ndef + a]))
         return false;
   if (vi->dst_def && vreg(b, vi->in.dst)->multi_def)
      return false;
   for (uint32_t a = 0; a < vi->aux_ndef; a++)
      if (vreg(b, aux[vi->aux_start + a])->multi_def)
         return false;
   return true;
}

/* Moves dispatch-invariant instructions into a prologue (ended by END) that
 * runs once per register file; returns the main program's first index. */
uint32_t
kxb_hoist_invariants(struct kxb *b)
{
   const unsigned n = (unsigned)dynarray_num_elements(&b->vi, struct kx_vinstr);
   bool *hoist = arena_zalloc(b->arena, n ? n : 1);
   int32_t *map = arena_alloc_array(b->arena, n + 1, sizeof(int32_t));
   struct dynarray out;
   dynarray_init(&out, b->arena);
   if (!hoist || !map) {
      KXB_OOM(b);
      return 0;
   }
   uint32_t nhoist = 0;
   for (unsigned i = 0; i < n; i++) {
      struct kx_vinstr *vi = dynarray_element(&b->vi, struct kx_vinstr, i);
      if (!kxb_hoistable(b, vi))
         continue;
      hoist[i] = true;
      nhoist++;
      const uint32_t *aux = dynarray_begin(&b->aux, uint32_t);
      if (vi->dst_def)
         vreg(b, vi->in.dst)->kind = KX_VREG_INVARIANT;
      for (uint32_t a = 0; a < vi->aux_ndef; a++)
         vreg(b, aux[vi->aux_start + a])->kind = KX_VREG_INVARIANT;
   }
   if (nhoist == 0)
      return 0;
   for (unsigned i = 0; i < n; i++) {
      if (hoist[i] && !dynarray_append(&out, struct kx_vinstr,
                                       *dynarray_element(&b->vi, struct kx_vinstr, i)))
         KXB_OOM(b);
   }
   struct kx_vinstr end = {.aux_imm = -1};
   end.in.op = KX_OP_END;
   if (!dynarray_append(&out, struct kx_vinstr, end))
      KXB_OOM(b);
   const uint32_t main_start = (uint32_t)dynarray_num_elements(&out, struct kx_vinstr);
   for (unsigned i = 0; i < n; i++) {
      map[i] = (int32_t)dynarray_num_elements(&out, struct kx_vinstr);
      if (!hoist[i] && !dynarray_append(&out, struct kx_vinstr,
                                        *dynarray_element(&b->vi, struct kx_vinstr, i)))
         KXB_OOM(b);
   }
   map[n] = (int32_t)dynarray_num_elements(&out, struct kx_vinstr);
   dynarray_foreach(&b->labels, int32_t, l)
   {
      if (*l >= 0)
         *l = map[*l];
   }
   dynarray_foreach(&b->loops, struct kx_loop_range, r)
   {
      r->start = map[r->start];
      r->end = map[r->end];
   }
   b->vi = out;
   return main_start;
}
