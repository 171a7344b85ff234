/* SPDX-License-Identifier: MIT */
/*
 * Translation, step 3: live ranges over the linear order, values that
 * leave a loop (written to a temporary, copied under the mask), ranges
 * stretched over the loops they touch, and linear-scan allocation.
 */
#include "kx_translate.h"

#include <stdlib.h>
#include <string.h>

/* --- liveness and allocation ----------------------------------------------------- */

static void
kxb_access(struct kxb *b, uint32_t id, int32_t pos, bool def)
{
   struct kx_vreg *v = vreg(b, id);
   if (v->kind != KX_VREG_NORMAL)
      return;
   if (v->first < 0 || pos < v->first)
      v->first = pos;
   if (pos > v->last)
      v->last = pos;
   if (def)
      v->def_pos = v->def_pos == -1 ? pos : -2;
}

void
kxb_compute_ranges(struct kxb *b)
{
   dynarray_foreach(&b->vregs, struct kx_vreg, v)
   {
      v->first = v->last = v->def_pos = -1;
   }
   const uint32_t *aux = dynarray_begin(&b->aux, uint32_t);
   int32_t pos = 0;
   dynarray_foreach(&b->vi, struct kx_vinstr, vi)
   {
      for (unsigned i = 0; i < 3; i++) {
         if (vi->use_mask & (USE_SRC0 << i))
            kxb_access(b, vi->in.src[i], pos, false);
         if (vi->use_mask & (USE_IMM0 << i))
            kxb_access(b, vi->in.imm[i], pos, false);
      }
      for (uint32_t i = 0; i < vi->aux_nuse; i++)
         kxb_access(b, aux[vi->aux_start + vi->aux_ndef + i], pos, false);
      if (vi->dst_def)
         kxb_access(b, vi->in.dst, pos, true);
      for (uint32_t i = 0; i < vi->aux_ndef; i++)
         kxb_access(b, aux[vi->aux_start + i], pos, true);
      pos++;
   }
}

/* Marks values defined inside a loop and accessed outside it. */
bool
kxb_mark_masked(struct kxb *b)
{
   bool any = false;
   const struct kx_loop_range *loops = dynarray_begin(&b->loops, struct kx_loop_range);
   const unsigned nloops = (unsigned)dynarray_num_elements(&b->loops, struct kx_loop_range);
   dynarray_foreach(&b->vregs, struct kx_vreg, v)
   {
      if (v->kind != KX_VREG_NORMAL || v->def_pos < 0 || v->multi_def)
         continue;
      for (unsigned i = 0; i < nloops; i++) {
         if (v->def_pos > loops[i].start && v->def_pos < loops[i].end &&
             (v->first < loops[i].start || v->last > loops[i].end)) {
            v->masked = true;
            any = true;
            break;
         }
      }
   }
   return any;
}

/* Rewrites defs of masked vregs: write a temporary, then copy the active
 * lanes. Label and loop positions are remapped. */
void
kxb_insert_masked_copies(struct kxb *b)
{
   const unsigned n = (unsigned)dynarray_num_elements(&b->vi, struct kx_vinstr);
   int32_t *map = arena_alloc_array(b->arena, n + 1, sizeof(int32_t));
   struct dynarray out;
   dynarray_init(&out, b->arena);
   if (!map) {
      KXB_OOM(b);
      return;
   }
   uint32_t *aux = dynarray_begin(&b->aux, uint32_t);
   for (unsigned i = 0; i < n; i++) {
      struct kx_vinstr vi = *dynarray_element(&b->vi, struct kx_vinstr, i);
      map[i] = (int32_t)dynarray_num_elements(&out, struct kx_vinstr);
      struct {
         uint32_t dst, tmp;
         uint8_t size;
      } copies[NIR_MAX_VEC_COMPONENTS + 1];
      unsigned ncopies = 0, next_tmp = 0;

#define KX_MASK_DEF(ref)                                                                 \
   do {                                                                                  \
      struct kx_vreg *_v = vreg(b, (ref));                                               \
      if (_v->masked) {                                                                  \
         const uint32_t _t = kxb_new_vreg(b, _v->size);                                  \
         _v = vreg(b, (ref));                                                            \
         vreg(b, _t)->kind = KX_VREG_FIXED;                                              \
         vreg(b, _t)->slot = next_tmp;                                                   \
         next_tmp += _v->size;                                                           \
         copies[ncopies].dst = (ref);                                                    \
         copies[ncopies].tmp = _t;                                                       \
         copies[ncopies].size = _v->size;                                                \
         ncopies++;                                                                      \
         (ref) = _t;                                                                     \
      }                                                                                  \
   } while (0)

      if (vi.dst_def)
         KX_MASK_DEF(vi.in.dst);
      for (uint32_t a = 0; a < vi.aux_ndef; a++) {
         aux = dynarray_begin(&b->aux, uint32_t);
         uint32_t ref = aux[vi.aux_start + a];
         KX_MASK_DEF(ref);
         aux = dynarray_begin(&b->aux, uint32_t);
         aux[vi.aux_start + a] = ref;
      }
#undef KX_MASK_DEF
      if (next_tmp > KX_NUM_TEMP_SLOTS) {
         kxb_fail(b, "kx: too many masked results in one instruction");
         return;
      }
      if (!dynarray_append(&out, struct kx_vinstr, vi)) {
         KXB_OOM(b);
         return;
      }
      for (unsigned c = 0; c < ncopies; c++) {
         struct kx_vinstr cp = {.aux_imm = -1, .dst_def = true, .use_mask = USE_SRC0};
         cp.in.op = copies[c].size == 2 ? KX_OP_MCOPY64 : KX_OP_MCOPY32;
         cp.in.dst = copies[c].dst;
         cp.in.src[0] = copies[c].tmp;
         if (!dynarray_append(&out, struct kx_vinstr, cp)) {
            KXB_OOM(b);
            return;
         }
      }
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
}

/* Live ranges touching a loop partially cover it whole: a value read in the
 * loop lives through every iteration, one written there and read after
 * must survive the other iterations. */
void
kxb_extend_over_loops(struct kxb *b)
{
   const struct kx_loop_range *loops = dynarray_begin(&b->loops, struct kx_loop_range);
   const unsigned nloops = (unsigned)dynarray_num_elements(&b->loops, struct kx_loop_range);
   dynarray_foreach(&b->vregs, struct kx_vreg, v)
   {
      if (v->kind != KX_VREG_NORMAL || v->first < 0)
         continue;
      bool changed = true;
      while (changed) {
         changed = false;
         for (unsigned i = 0; i < nloops; i++) {
            const bool overlaps = v->first <= loops[i].end && v->last >= loops[i].start;
            const bool inside = v->first >= loops[i].start && v->last <= loops[i].end;
            if (overlaps && !inside) {
               if (loops[i].start < v->first) {
                  v->first = loops[i].start;
                  changed = true;
               }
               if (loops[i].end > v->last) {
                  v->last = loops[i].end;
                  changed = true;
               }
            }
         }
      }
   }
}

static int
cmp_first(const void *a, const void *b, void *data)
{
   const struct kx_vreg *vr = data;
   const int32_t fa = vr[*(const uint32_t *)a].first, fb = vr[*(const uint32_t *)b].first;
   return fa < fb ? -1 : fa > fb;
}

/* Returns the number of slots used by allocated registers (from `base`). */
uint32_t
kxb_allocate(struct kxb *b, uint32_t base)
{
   struct kx_vreg *vr = dynarray_begin(&b->vregs, struct kx_vreg);
   const uint32_t nv = (uint32_t)dynarray_num_elements(&b->vregs, struct kx_vreg);
   uint32_t *order = arena_alloc_array(b->arena, nv ? nv : 1, sizeof(uint32_t));
   uint32_t *active = arena_alloc_array(b->arena, nv ? nv : 1, sizeof(uint32_t));
   uint32_t cap = 256;
   uint8_t *busy = arena_zalloc(b->arena, cap);
   if (!order || !active || !busy) {
      KXB_OOM(b);
      return 0;
   }
   uint32_t n = 0;
   for (uint32_t i = 0; i < nv; i++) {
      if (vr[i].kind != KX_VREG_NORMAL)
         continue;
      if (vr[i].first < 0)
         continue;
      /* Written, never read: the trash slots. */
      if (vr[i].def_pos == vr[i].last && !vr[i].masked && !vr[i].multi_def &&
          vr[i].first == vr[i].last) {
         vr[i].kind = KX_VREG_FIXED;
         vr[i].slot = KX_TRASH_SLOT;
         continue;
      }
      order[n++] = i;
   }
   qsort_r(order, n, sizeof(uint32_t), cmp_first, vr);

   uint32_t nactive = 0, used = 0;
   for (uint32_t k = 0; k < n; k++) {
      struct kx_vreg *v = &vr[order[k]];
      /* Expire ranges that ended before this one starts (ranges are closed:
       * a value read by an instruction never shares a slot with its
       * result). */
      for (uint32_t a = 0; a < nactive;) {
         struct kx_vreg *o = &vr[active[a]];
         if (o->last < v->first) {
            for (unsigned s = 0; s < o->size; s++)
               busy[o->slot - base + s] = 0;
            active[a] = active[--nactive];
         } else {
            a++;
         }
      }
      uint32_t s = 0;
      for (;; s += 1) {
         if (s + v->size > cap) {
            uint8_t *nb = arena_zalloc(b->arena, cap * 2);
            if (!nb) {
               KXB_OOM(b);
               return 0;
            }
            memcpy(nb, busy, cap);
            busy = nb;
            cap *= 2;
         }
         if (!busy[s] && (v->size == 1 || !busy[s + 1]))
            break;
      }
      for (unsigned i = 0; i < v->size; i++)
         busy[s + i] = 1;
      v->slot = base + s;
      used = MAX2(used, s + v->size);
      active[nactive++] = order[k];
   }
   return used;
}
