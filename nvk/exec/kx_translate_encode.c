/* SPDX-License-Identifier: MIT */
/*
 * Translation, step 4: the final kx_program: vregs become byte offsets
 * into the register file, labels instruction indices, operand lists the
 * aux array.
 */
#include "kx_translate.h"

#include <stdlib.h>
#include <string.h>

/* --- final encoding ---------------------------------------------------------------- */

static uint32_t
slot_offset(struct kxb *b, uint32_t id)
{
   return vreg(b, id)->slot * KX_SLOT_B;
}

struct kx_program *
kxb_finish(struct kxb *b)
{
   /* Constants first, after the temporaries and the trash slots. */
   uint32_t next = KX_FIRST_CONST_SLOT, nconsts = 0;
   dynarray_foreach(&b->vregs, struct kx_vreg, v)
   {
      if (v->kind == KX_VREG_CONST) {
         v->slot = next;
         next += v->size;
         nconsts++;
      }
   }
   /* Dispatch invariants: written once by the prologue, then read-only. */
   dynarray_foreach(&b->vregs, struct kx_vreg, v)
   {
      if (v->kind == KX_VREG_INVARIANT) {
         v->slot = next;
         next += v->size;
      }
   }
   const uint32_t used = kxb_allocate(b, next);
   if (b->error)
      return NULL;

   const uint32_t ninstr = (uint32_t)dynarray_num_elements(&b->vi, struct kx_vinstr);
   const uint32_t naux = (uint32_t)dynarray_num_elements(&b->aux, uint32_t);
   const size_t size_B = sizeof(struct kx_program) + ninstr * sizeof(struct kx_instr) +
                         nconsts * sizeof(struct kx_const) + naux * sizeof(uint32_t);
   struct kx_program *p = calloc(1, size_B);
   if (!p) {
      KXB_OOM(b);
      return NULL;
   }
   p->id = kx_program_new_id();
   p->instrs = (struct kx_instr *)(p + 1);
   p->consts = (struct kx_const *)(p->instrs + ninstr);
   p->aux = (uint32_t *)(p->consts + nconsts);
   p->num_instrs = ninstr;
   p->num_consts = nconsts;
   p->num_slots = next + used;
   p->max_depth = b->max_depth;
   p->float_controls = b->shader->info.float_controls;
   p->main_start = b->main_start;

   unsigned ci = 0;
   dynarray_foreach(&b->vregs, struct kx_vreg, v)
   {
      if (v->kind == KX_VREG_CONST)
         p->consts[ci++] = (struct kx_const){v->slot * KX_SLOT_B, v->size == 2 ? 64 : 32,
                                             v->value};
   }

   const uint32_t *vaux = dynarray_begin(&b->aux, uint32_t);
   uint32_t aux_out = 0;
   const int32_t *labels = dynarray_begin(&b->labels, int32_t);
   for (uint32_t i = 0; i < ninstr; i++) {
      const struct kx_vinstr *vi = dynarray_element(&b->vi, struct kx_vinstr, i);
      struct kx_instr in = vi->in;
      if (vi->dst_def)
         in.dst = slot_offset(b, in.dst);
      for (unsigned s = 0; s < 3; s++) {
         if (vi->use_mask & (USE_SRC0 << s))
            in.src[s] = slot_offset(b, in.src[s]);
         if (vi->use_mask & (USE_IMM0 << s))
            in.imm[s] = slot_offset(b, in.imm[s]);
         if (vi->label_mask & (1 << s))
            in.imm[s] = (uint32_t)labels[in.imm[s]];
      }
      if (vi->aux_imm >= 0) {
         in.imm[vi->aux_imm] = aux_out;
         for (uint32_t a = 0; a < vi->aux_ndef + vi->aux_nuse; a++)
            p->aux[aux_out++] = slot_offset(b, vaux[vi->aux_start + a]);
      }
      p->instrs[i] = in;
   }
   p->num_aux = aux_out;
   return p;
}
