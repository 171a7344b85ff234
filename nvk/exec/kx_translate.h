/* SPDX-License-Identifier: MIT */
/*
 * The IR -> kx translator's shared state (internal to nvk/exec): the
 * builder that kx_translate.c drives through its steps, one file each:
 *
 *  kx_translate_walk.c      ALU and structured control flow -> virtual
 *                           instructions on virtual registers (vregs)
 *  kx_translate_intr.c      intrinsics, images, textures, stage I/O
 *  kx_translate_hoist.c     dispatch invariants -> the prologue
 *  kx_translate_regalloc.c  live ranges, values leaving loops, linear scan
 *  kx_translate_encode.c    byte offsets and jump targets: the kx_program
 */
#ifndef KX_TRANSLATE_H
#define KX_TRANSLATE_H

#include <stdbool.h>
#include <stdint.h>

#include "kx_program.h"
#include "nir/nir.h"
#include "util/arena.h"
#include "util/dynarray.h"
#include "util/hash_table.h"
#include "util/macros.h"

#define KX_NO_VREG UINT32_MAX

enum kx_vreg_kind {
   KX_VREG_NORMAL,
   KX_VREG_CONST,
   KX_VREG_FIXED,     /* a temporary slot, `slot` */
   KX_VREG_INVARIANT, /* computed once per dispatch by the prologue */
};

struct kx_vreg {
   uint8_t size; /* slots */
   uint8_t kind;
   bool masked;
   bool multi_def; /* phi registers: written by several copies */
   int32_t first, last;
   int32_t def_pos;
   uint32_t slot;
   uint64_t value;
};

enum {
   USE_SRC0 = 1 << 0,
   USE_SRC1 = 1 << 1,
   USE_SRC2 = 1 << 2,
   USE_IMM0 = 1 << 3,
   USE_IMM1 = 1 << 4,
   USE_IMM2 = 1 << 5,
};

struct kx_vinstr {
   struct kx_instr in;
   bool dst_def;       /* in.dst is a defined vreg */
   uint8_t use_mask;   /* USE_* */
   uint8_t label_mask; /* bit i: in.imm[i] is a label */
   int8_t aux_imm;     /* in.imm[aux_imm] receives the operand list's index */
   uint32_t aux_start, aux_ndef, aux_nuse;
};

struct kx_loop_range {
   int32_t start, end;
};

struct kxb {
   struct arena *arena;
   nir_shader *shader;
   char *error;

   struct dynarray vregs;  /* struct kx_vreg */
   struct dynarray vi;     /* struct kx_vinstr */
   struct dynarray aux;    /* uint32_t vreg ids */
   struct dynarray labels; /* int32_t positions */
   struct dynarray loops;  /* struct kx_loop_range */
   uint32_t **def_vregs;
   uint32_t num_defs;
   struct hash_table *consts[2]; /* 32-bit, 64-bit values -> vreg + 1 */

   uint32_t depth, max_depth;
   uint32_t main_start; /* first instruction after the prologue */
   uint32_t skip; /* label the current construct's next structural op has */
   bool uses_barrier, uses_subgroups;
   struct kx_program_info gfx; /* the vertex/fragment fields, gathered */
};

static inline struct kx_vreg *
vreg(struct kxb *b, uint32_t id)
{
   return dynarray_element(&b->vregs, struct kx_vreg, id);
}

/* --- the builder (kx_translate.c) ------------------------------------------------- */

void kxb_fail(struct kxb *b, const char *fmt, ...) PRINTFLIKE(2, 3);
#define KXB_OOM(b) kxb_fail(b, "out of memory")
uint32_t kxb_new_vreg(struct kxb *b, unsigned size);
/* The constant vreg of a value (one per distinct value and size). */
uint32_t kxb_const(struct kxb *b, uint64_t value, unsigned bits);
/* The vregs of a def (created on first request). */
uint32_t *kxb_def_vregs(struct kxb *b, const nir_def *def);
/* Makes def's components aliases of existing vregs (the caller fills them). */
uint32_t *kxb_alias_vregs(struct kxb *b, const nir_def *def);
uint32_t kxb_src(struct kxb *b, const nir_def *def, unsigned comp);
uint32_t kxb_label(struct kxb *b);
void kxb_place(struct kxb *b, uint32_t label);
struct kx_vinstr *kxb_emit(struct kxb *b, unsigned op);
/* Starts an operand list for `vi` in imm[which]; defs first, then uses. */
void kxb_aux_begin(struct kxb *b, struct kx_vinstr *vi, unsigned which);
void kxb_aux_def(struct kxb *b, struct kx_vinstr *vi, uint32_t v);
void kxb_aux_use(struct kxb *b, struct kx_vinstr *vi, uint32_t v);

/* --- walk (kx_translate_walk.c, kx_translate_intr.c) ------------------------------- */

void kxb_cf_list(struct kxb *b, struct list_head *list);
/* A derivative (KX_DERIV_* kind) of one 32-bit value over the quads. */
void kxb_deriv(struct kxb *b, uint32_t dst, uint32_t src, unsigned kind);
void kxb_intrinsic(struct kxb *b, nir_intrinsic_instr *intr);
void kxb_tex(struct kxb *b, nir_tex_instr *tex);
/* def's components are these constants. */
void kxb_const_result(struct kxb *b, const nir_def *def, const uint64_t *values);

/* --- hoist (kx_translate_hoist.c) --------------------------------------------------- */

/* Moves dispatch-invariant instructions into a prologue (ended by END);
 * returns the main program's first index. */
uint32_t kxb_hoist_invariants(struct kxb *b);

/* --- register allocation (kx_translate_regalloc.c) ---------------------------------- */

void kxb_compute_ranges(struct kxb *b);
/* Marks values defined in a loop and read after it; true if any. */
bool kxb_mark_masked(struct kxb *b);
void kxb_insert_masked_copies(struct kxb *b);
void kxb_extend_over_loops(struct kxb *b);
/* Assigns slots from `base`; returns the number of slots used. */
uint32_t kxb_allocate(struct kxb *b, uint32_t base);

/* --- encoding (kx_translate_encode.c) ----------------------------------------------- */

struct kx_program *kxb_finish(struct kxb *b);

#endif /* KX_TRANSLATE_H */
