/* SPDX-License-Identifier: MIT */
/*
 * IR -> kx program.
 *
 * Three steps:
 *  1. Walk the structured IR once, emitting virtual instructions whose
 *     operands are virtual registers (vregs), one per scalar component.
 *     vecN/mov/swizzles emit nothing: a component of their result *is* the
 *     source's vreg. Constants become constant vregs (one per distinct
 *     value). Phis become masked copies at the end of each predecessor.
 *  2. Values that leave a loop: ALU results are written to every lane, so a
 *     value defined inside a loop and read after it would be clobbered, in
 *     lanes that already left, by later iterations. Such defs write a
 *     temporary slot and a masked copy moves the active lanes into the
 *     value's register (the lanes that left keep theirs).
 *  3. Linear-scan register allocation over the linear order, with live
 *     ranges that cross a loop boundary stretched over the whole loop, then
 *     final encoding (byte offsets, jump targets).
 */
#include "kx.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "kx_image.h"
#include "kx_program.h"
#include "kxj.h"
#include "nir/nir.h"
#include "util/arena.h"
#include "util/debug.h"
#include "util/dynarray.h"
#include "util/strbuf.h"
#include "util/hash_table.h"

#define KX_NO_VREG UINT32_MAX

enum {
   KX_DEBUG_PRINT = 1 << 0,
};
static const struct util_debug_flag kx_translate_table[] = {
   {"kx_print", KX_DEBUG_PRINT, "print every kx program (log level info)"},
   {NULL, 0, NULL},
};
UTIL_DEBUG_DEFINE_GETTER(kx_translate_debug, "kx", kx_translate_table)

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
};

static void PRINTFLIKE(2, 3)
kxb_fail(struct kxb *b, const char *fmt, ...)
{
   if (b->error)
      return;
   va_list va;
   va_start(va, fmt);
   b->error = arena_vasprintf(b->arena, fmt, va);
   va_end(va);
   if (!b->error)
      b->error = (char *)"out of memory";
}

#define KXB_OOM(b) kxb_fail(b, "out of memory")

static struct kx_vreg *
vreg(struct kxb *b, uint32_t id)
{
   return dynarray_element(&b->vregs, struct kx_vreg, id);
}

static uint32_t
kxb_new_vreg(struct kxb *b, unsigned size)
{
   const uint32_t id = (uint32_t)dynarray_num_elements(&b->vregs, struct kx_vreg);
   struct kx_vreg v = {.size = (uint8_t)size, .first = -1, .last = -1, .def_pos = -1};
   if (!dynarray_append(&b->vregs, struct kx_vreg, v)) {
      KXB_OOM(b);
      return 0;
   }
   return id;
}

static uint32_t
kxb_const(struct kxb *b, uint64_t value, unsigned bits)
{
   const unsigned t = bits == 64 ? 1 : 0;
   struct hash_entry *e = hash_table_search_u64(b->consts[t], value);
   if (e)
      return (uint32_t)(uintptr_t)e->data - 1;
   const uint32_t id = kxb_new_vreg(b, bits == 64 ? 2 : 1);
   if (b->error)
      return 0;
   vreg(b, id)->kind = KX_VREG_CONST;
   vreg(b, id)->value = value;
   if (!hash_table_insert_u64(b->consts[t], value, (void *)(uintptr_t)(id + 1)))
      KXB_OOM(b);
   return id;
}

/* The vregs of a def (created on first request). */
static uint32_t *
kxb_def_vregs(struct kxb *b, const nir_def *def)
{
   if (def->index >= b->num_defs) {
      kxb_fail(b, "def %%%u out of range", def->index);
      return NULL;
   }
   uint32_t *v = b->def_vregs[def->index];
   if (v)
      return v;
   v = arena_alloc_array(b->arena, def->num_components, sizeof(uint32_t));
   if (!v) {
      KXB_OOM(b);
      return NULL;
   }
   for (unsigned c = 0; c < def->num_components; c++)
      v[c] = kxb_new_vreg(b, def->bit_size == 64 ? 2 : 1);
   b->def_vregs[def->index] = v;
   return v;
}

/* Makes def's components aliases of existing vregs. */
static uint32_t *
kxb_alias_vregs(struct kxb *b, const nir_def *def)
{
   if (def->index >= b->num_defs) {
      kxb_fail(b, "def %%%u out of range", def->index);
      return NULL;
   }
   uint32_t *v = arena_alloc_array(b->arena, def->num_components, sizeof(uint32_t));
   if (!v) {
      KXB_OOM(b);
      return NULL;
   }
   b->def_vregs[def->index] = v;
   return v;
}

static uint32_t
kxb_src(struct kxb *b, const nir_def *def, unsigned comp)
{
   if (comp >= def->num_components) {
      kxb_fail(b, "component %u of a %u-component value", comp, def->num_components);
      return 0;
   }
   uint32_t *v = kxb_def_vregs(b, def);
   return v ? v[comp] : 0;
}

static uint32_t
kxb_label(struct kxb *b)
{
   const uint32_t id = (uint32_t)dynarray_num_elements(&b->labels, int32_t);
   if (!dynarray_append(&b->labels, int32_t, -1))
      KXB_OOM(b);
   return id;
}

static void
kxb_place(struct kxb *b, uint32_t label)
{
   if (b->error)
      return;
   *dynarray_element(&b->labels, int32_t, label) =
      (int32_t)dynarray_num_elements(&b->vi, struct kx_vinstr);
}

static struct kx_vinstr *
kxb_emit(struct kxb *b, unsigned op)
{
   static struct kx_vinstr dummy;
   struct kx_vinstr *vi = dynarray_grow(&b->vi, struct kx_vinstr, 1);
   if (!vi) {
      KXB_OOM(b);
      memset(&dummy, 0, sizeof(dummy));
      return &dummy;
   }
   memset(vi, 0, sizeof(*vi));
   vi->in.op = (uint16_t)op;
   vi->aux_imm = -1;
   return vi;
}

/* Starts an operand list for `vi` in imm[which]. */
static void
kxb_aux_begin(struct kxb *b, struct kx_vinstr *vi, unsigned which)
{
   vi->aux_imm = (int8_t)which;
   vi->aux_start = (uint32_t)dynarray_num_elements(&b->aux, uint32_t);
}

static void
kxb_aux_def(struct kxb *b, struct kx_vinstr *vi, uint32_t v)
{
   if (!dynarray_append(&b->aux, uint32_t, v))
      KXB_OOM(b);
   vi->aux_ndef++;
}

static void
kxb_aux_use(struct kxb *b, struct kx_vinstr *vi, uint32_t v)
{
   if (!dynarray_append(&b->aux, uint32_t, v))
      KXB_OOM(b);
   vi->aux_nuse++;
}

/* --- ALU ----------------------------------------------------------------------- */

static uint32_t
alu_src(struct kxb *b, const nir_alu_instr *alu, unsigned i, unsigned c)
{
   return kxb_src(b, alu->src[i].src.ssa, alu->src[i].swizzle[c]);
}

static void
kxb_emit_scalar(struct kxb *b, unsigned op, uint32_t dst, const uint32_t *srcs,
                unsigned num_srcs)
{
   struct kx_vinstr *vi = kxb_emit(b, op);
   vi->in.dst = dst;
   vi->dst_def = true;
   for (unsigned i = 0; i < num_srcs; i++) {
      if (i < 3) {
         vi->in.src[i] = srcs[i];
         vi->use_mask |= USE_SRC0 << i;
      } else {
         vi->in.imm[0] = srcs[i];
         vi->use_mask |= USE_IMM0;
      }
   }
}

/* fdotN at 32/64 bits as the folder computes it: products, then sums left
 * to right, each rounded. */
static bool
kxb_alu_fdot(struct kxb *b, nir_alu_instr *alu, unsigned n, uint32_t *dst)
{
   const unsigned bits = alu->def.bit_size;
   const unsigned fmul = kx_alu_opcode(NIR_OP_FMUL, bits);
   const unsigned fadd = kx_alu_opcode(NIR_OP_FADD, bits);
   uint32_t acc = KX_NO_VREG;
   for (unsigned i = 0; i < n; i++) {
      const uint32_t s[2] = {alu_src(b, alu, 0, i), alu_src(b, alu, 1, i)};
      const uint32_t p = i == 0 && n == 1 ? dst[0] : kxb_new_vreg(b, bits == 64 ? 2 : 1);
      kxb_emit_scalar(b, fmul, p, s, 2);
      if (acc == KX_NO_VREG) {
         acc = p;
      } else {
         const uint32_t sum = i == n - 1 ? dst[0] : kxb_new_vreg(b, bits == 64 ? 2 : 1);
         const uint32_t s2[2] = {acc, p};
         kxb_emit_scalar(b, fadd, sum, s2, 2);
         acc = sum;
      }
   }
   return true;
}

static void
kxb_alu(struct kxb *b, nir_alu_instr *alu)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   if (nir_op_is_vec(alu->op)) {
      uint32_t *v = kxb_alias_vregs(b, &alu->def);
      if (!v)
         return;
      for (unsigned c = 0; c < alu->def.num_components; c++) {
         if (alu->op == NIR_OP_MOV)
            v[c] = alu_src(b, alu, 0, c);
         else
            v[c] = alu_src(b, alu, c, 0);
      }
      return;
   }

   uint32_t *dst = kxb_def_vregs(b, &alu->def);
   if (!dst)
      return;
   const unsigned bits = nir_alu_instr_unsized_bit_size(alu);
   if ((alu->op == NIR_OP_FDOT2 || alu->op == NIR_OP_FDOT3 || alu->op == NIR_OP_FDOT4) &&
       bits != 16) {
      kxb_alu_fdot(b, alu, info->input_sizes[0], dst);
      return;
   }

   const unsigned op = kx_alu_opcode(alu->op, bits);
   if (op == KX_OP_INVALID) {
      kxb_fail(b, "kx: no kernel for ALU op %s at %u bits", info->name, bits);
      return;
   }
   if (!kx_alu_opcode_is_vector(op)) {
      for (unsigned c = 0; c < alu->def.num_components; c++) {
         uint32_t s[4];
         for (unsigned i = 0; i < info->num_inputs; i++)
            s[i] = alu_src(b, alu, i, c);
         kxb_emit_scalar(b, op, dst[c], s, info->num_inputs);
      }
      return;
   }

   /* Fixed-width op: an operand list [dst..., src0..., src1...]. */
   struct kx_vinstr *vi = kxb_emit(b, op);
   kxb_aux_begin(b, vi, 0);
   const unsigned nout = info->output_size ? info->output_size : alu->def.num_components;
   for (unsigned c = 0; c < nout; c++)
      kxb_aux_def(b, vi, dst[c]);
   for (unsigned i = 0; i < info->num_inputs; i++) {
      const unsigned n = info->input_sizes[i] ? info->input_sizes[i]
                                              : alu->def.num_components;
      for (unsigned c = 0; c < n; c++)
         kxb_aux_use(b, vi, alu_src(b, alu, i, c));
   }
}

/* --- intrinsics ------------------------------------------------------------------ */

static void
kxb_sysval(struct kxb *b, nir_intrinsic_instr *intr, unsigned first_sv, unsigned n)
{
   uint32_t *dst = kxb_def_vregs(b, &intr->def);
   if (!dst)
      return;
   if (intr->def.bit_size != 32) {
      kxb_fail(b, "kx: %u-bit %s", intr->def.bit_size,
               nir_intrinsic_infos[intr->intrinsic].name);
      return;
   }
   const unsigned read = nir_def_components_read(&intr->def);
   for (unsigned c = 0; c < n && c < intr->def.num_components; c++) {
      if (!(read & (1u << c)))
         continue;
      struct kx_vinstr *vi = kxb_emit(b, KX_OP_SYSVAL);
      vi->in.dst = dst[c];
      vi->dst_def = true;
      vi->in.imm[0] = first_sv + c;
      vi->in.bits = 32;
   }
}

static void
kxb_const_result(struct kxb *b, const nir_def *def, const uint64_t *values)
{
   uint32_t *v = kxb_alias_vregs(b, def);
   if (!v)
      return;
   for (unsigned c = 0; c < def->num_components; c++)
      v[c] = kxb_const(b, values[c], def->bit_size == 64 ? 64 : 32);
}

static void
kxb_subgroup_mask(struct kxb *b, nir_intrinsic_instr *intr, unsigned sv)
{
   uint32_t *dst = kxb_def_vregs(b, &intr->def);
   if (!dst)
      return;
   for (unsigned c = 0; c < intr->def.num_components; c++) {
      struct kx_vinstr *vi = kxb_emit(b, KX_OP_SYSVAL);
      vi->in.dst = dst[c];
      vi->dst_def = true;
      vi->in.imm[0] = sv;
      vi->in.imm[1] = c;
      vi->in.bits = (uint8_t)intr->def.bit_size;
   }
   b->uses_subgroups = true;
}

/* A load: dst components as the operand list in imm[2]. */
static struct kx_vinstr *
kxb_load(struct kxb *b, nir_intrinsic_instr *intr, unsigned op)
{
   uint32_t *dst = kxb_def_vregs(b, &intr->def);
   struct kx_vinstr *vi = kxb_emit(b, op);
   vi->in.n = intr->def.num_components;
   vi->in.bits = intr->def.bit_size;
   kxb_aux_begin(b, vi, 2);
   if (dst) {
      for (unsigned c = 0; c < intr->def.num_components; c++)
         kxb_aux_def(b, vi, dst[c]);
   }
   return vi;
}

/* A store: value components as the operand list in imm[2]. */
static struct kx_vinstr *
kxb_store(struct kxb *b, nir_intrinsic_instr *intr, unsigned op, nir_def *value,
          unsigned write_mask)
{
   struct kx_vinstr *vi = kxb_emit(b, op);
   vi->in.n = value->num_components;
   vi->in.bits = value->bit_size;
   vi->in.imm[1] = write_mask;
   kxb_aux_begin(b, vi, 2);
   for (unsigned c = 0; c < value->num_components; c++)
      kxb_aux_use(b, vi, kxb_src(b, value, c));
   return vi;
}

static void
kxb_set_src(struct kxb *b, struct kx_vinstr *vi, unsigned i, nir_def *def)
{
   vi->in.src[i] = kxb_src(b, def, 0);
   vi->use_mask |= USE_SRC0 << i;
}

static void
kxb_atomic(struct kxb *b, nir_intrinsic_instr *intr, unsigned op, bool swap,
           unsigned data_src)
{
   struct kx_vinstr *vi = kxb_emit(b, op);
   vi->in.dst = kxb_src(b, &intr->def, 0);
   vi->dst_def = true;
   vi->in.bits = (uint8_t)intr->def.bit_size;
   vi->in.n = swap ? 2 : 1;
   vi->in.imm[0] = nir_intrinsic_atomic_op(intr);
   kxb_set_src(b, vi, 0, intr->src[data_src - 1].ssa);
   kxb_set_src(b, vi, 1, intr->src[data_src].ssa);
   if (swap)
      kxb_set_src(b, vi, 2, intr->src[data_src + 1].ssa);
   if (intr->def.bit_size != 32 && intr->def.bit_size != 64)
      kxb_fail(b, "kx: %u-bit atomics", intr->def.bit_size);
}

/* Subgroup ops with one value source (per component) and maybe an index. */
static void
kxb_subgroup(struct kxb *b, nir_intrinsic_instr *intr, unsigned op, bool has_index)
{
   nir_def *value = intr->src[0].ssa;
   uint32_t *dst = kxb_def_vregs(b, &intr->def);
   if (!dst)
      return;
   for (unsigned c = 0; c < intr->def.num_components; c++) {
      struct kx_vinstr *vi = kxb_emit(b, op);
      vi->in.dst = dst[c];
      vi->dst_def = true;
      vi->in.bits = (uint8_t)value->bit_size;
      vi->in.src[0] = kxb_src(b, value, c);
      vi->use_mask |= USE_SRC0;
      if (has_index)
         kxb_set_src(b, vi, 1, intr->src[1].ssa);
   }
   b->uses_subgroups = true;
}

static void
kxb_reduction(struct kxb *b, nir_intrinsic_instr *intr, unsigned op)
{
   nir_def *value = intr->src[0].ssa;
   const nir_op rop = nir_intrinsic_reduction_op(intr);
   const unsigned bits = value->bit_size;
   const unsigned alu = kx_alu_opcode(rop, bits);
   if (alu == KX_OP_INVALID || kx_alu_opcode_is_vector(alu)) {
      kxb_fail(b, "kx: subgroup %s with %s", nir_intrinsic_infos[intr->intrinsic].name,
               nir_op_infos[rop].name);
      return;
   }
   uint32_t *dst = kxb_def_vregs(b, &intr->def);
   if (!dst)
      return;
   for (unsigned c = 0; c < intr->def.num_components; c++) {
      struct kx_vinstr *vi = kxb_emit(b, op);
      vi->in.dst = dst[c];
      vi->dst_def = true;
      vi->in.bits = (uint8_t)bits;
      vi->in.src[0] = kxb_src(b, value, c);
      vi->use_mask |= USE_SRC0;
      vi->in.imm[0] = rop;
      vi->in.imm[1] = op == KX_OP_REDUCE && nir_intrinsic_has_cluster_size(intr)
                         ? nir_intrinsic_cluster_size(intr)
                         : 0;
   }
   b->uses_subgroups = true;
}

/* 0 float, 1 int, 2 uint */
static unsigned
kx_value_type(nir_alu_type t)
{
   switch (nir_alu_type_get_base_type(t)) {
   case NIR_TYPE_INT:
      return 1;
   case NIR_TYPE_UINT:
   case NIR_TYPE_BOOL:
      return 2;
   default:
      return 0;
   }
}

static uint32_t
kxb_zero(struct kxb *b)
{
   return kxb_const(b, 0, 32);
}

/* Uses of components [0, n) of def, or zero for missing ones. */
static void
kxb_aux_uses(struct kxb *b, struct kx_vinstr *vi, nir_def *def, unsigned n)
{
   for (unsigned c = 0; c < n; c++)
      kxb_aux_use(b, vi, def && c < def->num_components ? kxb_src(b, def, c) : kxb_zero(b));
}

static void
kxb_image(struct kxb *b, nir_intrinsic_instr *intr)
{
   const nir_intrinsic_op op = intr->intrinsic;
   const unsigned dim = nir_intrinsic_image_dim(intr);
   const bool array = nir_intrinsic_image_array(intr);
   nir_def *handle = intr->src[0].ssa;
   if (handle->bit_size != 64) {
      kxb_fail(b, "kx: image handles are 64-bit pointers");
      return;
   }
   if (nir_intrinsic_infos[op].has_dest && intr->def.bit_size != 32) {
      kxb_fail(b, "kx: %u-bit image results", intr->def.bit_size);
      return;
   }
   switch (op) {
   case NIR_INTRINSIC_IMAGE_LOAD: {
      uint32_t *dst = kxb_def_vregs(b, &intr->def);
      struct kx_vinstr *vi = kxb_emit(b, KX_OP_IMAGE_LOAD);
      const unsigned n = intr->def.num_components;
      vi->in.n = (uint8_t)n;
      vi->in.imm[0] = KX_IMG_FLAGS(dim, array, kx_value_type(nir_intrinsic_dest_type(intr)), 0);
      vi->in.imm[1] = n + 6;
      kxb_set_src(b, vi, 0, handle);
      kxb_aux_begin(b, vi, 2);
      for (unsigned c = 0; c < n; c++)
         kxb_aux_def(b, vi, dst ? dst[c] : 0);
      kxb_aux_uses(b, vi, intr->src[1].ssa, 4);
      kxb_aux_uses(b, vi, intr->src[2].ssa, 1);
      kxb_aux_uses(b, vi, intr->src[3].ssa, 1);
      break;
   }
   case NIR_INTRINSIC_IMAGE_STORE: {
      nir_def *value = intr->src[3].ssa;
      if (value->bit_size != 32) {
         kxb_fail(b, "kx: %u-bit image stores", value->bit_size);
         return;
      }
      struct kx_vinstr *vi = kxb_emit(b, KX_OP_IMAGE_STORE);
      const unsigned n = MIN2(value->num_components, 4u);
      vi->in.n = (uint8_t)n;
      vi->in.imm[0] = KX_IMG_FLAGS(dim, array, kx_value_type(nir_intrinsic_src_type(intr)), 0);
      vi->in.imm[1] = n + 6;
      kxb_set_src(b, vi, 0, handle);
      kxb_aux_begin(b, vi, 2);
      kxb_aux_uses(b, vi, intr->src[1].ssa, 4);
      kxb_aux_uses(b, vi, intr->src[2].ssa, 1);
      kxb_aux_uses(b, vi, value, n);
      kxb_aux_uses(b, vi, intr->src[4].ssa, 1);
      b->shader->info.writes_memory = true;
      break;
   }
   case NIR_INTRINSIC_IMAGE_ATOMIC:
   case NIR_INTRINSIC_IMAGE_ATOMIC_SWAP: {
      const bool swap = op == NIR_INTRINSIC_IMAGE_ATOMIC_SWAP;
      struct kx_vinstr *vi = kxb_emit(b, KX_OP_IMAGE_ATOMIC);
      vi->in.dst = kxb_src(b, &intr->def, 0);
      vi->dst_def = true;
      vi->in.n = swap ? 2 : 1;
      vi->in.imm[0] = KX_IMG_FLAGS(dim, array, 2, nir_intrinsic_atomic_op(intr));
      vi->in.imm[1] = 7;
      kxb_set_src(b, vi, 0, handle);
      kxb_aux_begin(b, vi, 2);
      kxb_aux_uses(b, vi, intr->src[1].ssa, 4);
      kxb_aux_uses(b, vi, intr->src[2].ssa, 1);
      kxb_aux_uses(b, vi, intr->src[3].ssa, 1);
      kxb_aux_uses(b, vi, swap ? intr->src[4].ssa : NULL, 1);
      break;
   }
   case NIR_INTRINSIC_IMAGE_SIZE: {
      uint32_t *dst = kxb_def_vregs(b, &intr->def);
      const unsigned n = MIN2(intr->def.num_components, 4u);
      struct kx_vinstr *vi = kxb_emit(b, KX_OP_IMAGE_SIZE);
      vi->in.n = (uint8_t)n;
      vi->in.imm[0] = KX_IMG_FLAGS(dim, array, 2, 0);
      vi->in.imm[1] = n + 1;
      kxb_set_src(b, vi, 0, handle);
      kxb_aux_begin(b, vi, 2);
      for (unsigned c = 0; c < n; c++)
         kxb_aux_def(b, vi, dst ? dst[c] : 0);
      kxb_aux_uses(b, vi, intr->src[1].ssa, 1);
      break;
   }
   case NIR_INTRINSIC_IMAGE_SAMPLES: {
      struct kx_vinstr *vi = kxb_emit(b, KX_OP_IMAGE_SAMPLES);
      vi->in.dst = kxb_src(b, &intr->def, 0);
      vi->dst_def = true;
      kxb_set_src(b, vi, 0, handle);
      break;
   }
   default:
      break;
   }
}

static void
kxb_tex(struct kxb *b, nir_tex_instr *tex)
{
   nir_def *srcs[NIR_NUM_TEX_SRC_TYPES] = {NULL};
   for (unsigned i = 0; i < tex->num_srcs; i++)
      srcs[tex->src[i].src_type] = tex->src[i].src.ssa;
   nir_def *texture = srcs[NIR_TEX_SRC_TEXTURE_HANDLE];
   nir_def *sampler = srcs[NIR_TEX_SRC_SAMPLER_HANDLE] ? srcs[NIR_TEX_SRC_SAMPLER_HANDLE]
                                                       : texture;
   if (!texture || texture->bit_size != 64 || sampler->bit_size != 64) {
      kxb_fail(b, "kx: texture instructions need 64-bit handles (lower descriptors first)");
      return;
   }
   switch (tex->op) {
   case NIR_TEXOP_TXD:
      kxb_fail(b, "kx: sampling with gradients is not supported");
      return;
   default:
      break;
   }
   if (tex->def.bit_size != 32) {
      kxb_fail(b, "kx: %u-bit texture results", tex->def.bit_size);
      return;
   }
   uint32_t *dst = kxb_def_vregs(b, &tex->def);
   if (!dst)
      return;
   nir_def *lod = srcs[NIR_TEX_SRC_LOD] ? srcs[NIR_TEX_SRC_LOD] : srcs[NIR_TEX_SRC_BIAS];
   nir_def *min_lod = srcs[NIR_TEX_SRC_MIN_LOD] ? srcs[NIR_TEX_SRC_MIN_LOD]
                                                : srcs[NIR_TEX_SRC_MS_INDEX];
   const unsigned n = MIN2(tex->def.num_components, 4u);
   struct kx_vinstr *vi = kxb_emit(b, KX_OP_TEX);
   vi->in.n = (uint8_t)n;
   vi->in.imm[0] = KX_TEX_FLAGS(tex->op, tex->sampler_dim, tex->is_array, tex->is_shadow,
                                kx_value_type(tex->dest_type), tex->coord_components,
                                tex->component) |
                   (lod ? KX_TEX_HAS_LOD_BIT : 0) |
                   (srcs[NIR_TEX_SRC_OFFSET] ? KX_TEX_HAS_OFFSET_BIT : 0) |
                   (srcs[NIR_TEX_SRC_MIN_LOD] ? KX_TEX_HAS_MIN_LOD_BIT : 0);
   vi->in.imm[1] = KX_TEX_LIST_LENGTH;
   kxb_set_src(b, vi, 0, texture);
   kxb_set_src(b, vi, 1, sampler);
   kxb_aux_begin(b, vi, 2);
   for (unsigned c = 0; c < 4; c++)
      kxb_aux_def(b, vi, c < n ? dst[c] : kxb_new_vreg(b, 1));
   kxb_aux_uses(b, vi, srcs[NIR_TEX_SRC_COORD], 4);
   kxb_aux_uses(b, vi, lod, 1);
   kxb_aux_uses(b, vi, srcs[NIR_TEX_SRC_COMPARATOR], 1);
   kxb_aux_uses(b, vi, srcs[NIR_TEX_SRC_OFFSET], 3);
   kxb_aux_uses(b, vi, min_lod, 1);
}

static void
kxb_intrinsic(struct kxb *b, nir_intrinsic_instr *intr)
{
   const nir_shader_info *si = &b->shader->info;
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_LOAD_LOCAL_INVOCATION_ID:
      kxb_sysval(b, intr, KX_SV_LOCAL_ID_X, 3);
      break;
   case NIR_INTRINSIC_LOAD_LOCAL_INVOCATION_INDEX:
      kxb_sysval(b, intr, KX_SV_LOCAL_INDEX, 1);
      break;
   case NIR_INTRINSIC_LOAD_WORKGROUP_ID:
      kxb_sysval(b, intr, KX_SV_WORKGROUP_ID_X, 3);
      break;
   case NIR_INTRINSIC_LOAD_NUM_WORKGROUPS:
      kxb_sysval(b, intr, KX_SV_NUM_WORKGROUPS_X, 3);
      break;
   case NIR_INTRINSIC_LOAD_GLOBAL_INVOCATION_ID:
      kxb_sysval(b, intr, KX_SV_GLOBAL_ID_X, 3);
      break;
   case NIR_INTRINSIC_LOAD_SUBGROUP_INVOCATION:
      kxb_sysval(b, intr, KX_SV_SUBGROUP_INVOCATION, 1);
      b->uses_subgroups = true;
      break;
   case NIR_INTRINSIC_LOAD_SUBGROUP_ID:
      kxb_sysval(b, intr, KX_SV_SUBGROUP_ID, 1);
      b->uses_subgroups = true;
      break;
   case NIR_INTRINSIC_LOAD_SUBGROUP_SIZE: {
      const uint64_t v = KX_SUBGROUP_SIZE;
      kxb_const_result(b, &intr->def, &v);
      break;
   }
   case NIR_INTRINSIC_LOAD_NUM_SUBGROUPS: {
      const uint64_t n = (uint64_t)si->cs.workgroup_size[0] * si->cs.workgroup_size[1] *
                         si->cs.workgroup_size[2];
      const uint64_t v = (n + KX_W - 1) / KX_W;
      kxb_const_result(b, &intr->def, &v);
      b->uses_subgroups = true;
      break;
   }
   case NIR_INTRINSIC_LOAD_WORKGROUP_SIZE: {
      const uint64_t v[3] = {si->cs.workgroup_size[0], si->cs.workgroup_size[1],
                             si->cs.workgroup_size[2]};
      kxb_const_result(b, &intr->def, v);
      break;
   }
   case NIR_INTRINSIC_LOAD_SUBGROUP_EQ_MASK:
      kxb_subgroup_mask(b, intr, KX_SV_SUBGROUP_EQ_MASK);
      break;
   case NIR_INTRINSIC_LOAD_SUBGROUP_GE_MASK:
      kxb_subgroup_mask(b, intr, KX_SV_SUBGROUP_GE_MASK);
      break;
   case NIR_INTRINSIC_LOAD_SUBGROUP_GT_MASK:
      kxb_subgroup_mask(b, intr, KX_SV_SUBGROUP_GT_MASK);
      break;
   case NIR_INTRINSIC_LOAD_SUBGROUP_LE_MASK:
      kxb_subgroup_mask(b, intr, KX_SV_SUBGROUP_LE_MASK);
      break;
   case NIR_INTRINSIC_LOAD_SUBGROUP_LT_MASK:
      kxb_subgroup_mask(b, intr, KX_SV_SUBGROUP_LT_MASK);
      break;
   case NIR_INTRINSIC_IS_HELPER_INVOCATION:
   case NIR_INTRINSIC_LOAD_HELPER_INVOCATION: {
      const uint64_t v = 0;
      kxb_const_result(b, &intr->def, &v);
      break;
   }

   case NIR_INTRINSIC_LOAD_UBO: {
      if (!nir_src_is_const(intr->src[0])) {
         kxb_fail(b, "kx: load_ubo with a dynamic buffer index (lower UBOs first)");
         return;
      }
      const uint64_t idx = nir_src_as_uint(intr->src[0]);
      if (idx >= KX_MAX_CBUFS) {
         kxb_fail(b, "kx: constant buffer %llu out of range", (unsigned long long)idx);
         return;
      }
      struct kx_vinstr *vi = kxb_load(b, intr, KX_OP_LOAD_CBUF);
      vi->in.imm[0] = (uint32_t)idx;
      kxb_set_src(b, vi, 0, intr->src[1].ssa);
      break;
   }
   case NIR_INTRINSIC_LOAD_GLOBAL: {
      struct kx_vinstr *vi = kxb_load(b, intr, KX_OP_LOAD_GLOBAL);
      kxb_set_src(b, vi, 0, intr->src[0].ssa);
      break;
   }
   case NIR_INTRINSIC_STORE_GLOBAL: {
      struct kx_vinstr *vi = kxb_store(b, intr, KX_OP_STORE_GLOBAL, intr->src[0].ssa,
                                       nir_intrinsic_write_mask(intr));
      kxb_set_src(b, vi, 0, intr->src[1].ssa);
      b->shader->info.writes_memory = true;
      break;
   }
   case NIR_INTRINSIC_GLOBAL_ATOMIC:
      kxb_atomic(b, intr, KX_OP_GLOBAL_ATOMIC, false, 1);
      break;
   case NIR_INTRINSIC_GLOBAL_ATOMIC_SWAP:
      kxb_atomic(b, intr, KX_OP_GLOBAL_ATOMIC, true, 1);
      break;
   case NIR_INTRINSIC_LOAD_SHARED: {
      struct kx_vinstr *vi = kxb_load(b, intr, KX_OP_LOAD_SHARED);
      kxb_set_src(b, vi, 0, intr->src[0].ssa);
      vi->in.imm[1] = (uint32_t)nir_intrinsic_base(intr);
      break;
   }
   case NIR_INTRINSIC_STORE_SHARED: {
      struct kx_vinstr *vi = kxb_store(b, intr, KX_OP_STORE_SHARED, intr->src[0].ssa,
                                       nir_intrinsic_write_mask(intr));
      kxb_set_src(b, vi, 0, intr->src[1].ssa);
      vi->in.imm[0] = (uint32_t)nir_intrinsic_base(intr);
      break;
   }
   case NIR_INTRINSIC_SHARED_ATOMIC:
   case NIR_INTRINSIC_SHARED_ATOMIC_SWAP: {
      const bool swap = intr->intrinsic == NIR_INTRINSIC_SHARED_ATOMIC_SWAP;
      kxb_atomic(b, intr, KX_OP_SHARED_ATOMIC, swap, 1);
      struct kx_vinstr *vi =
         dynarray_element(&b->vi, struct kx_vinstr,
                          dynarray_num_elements(&b->vi, struct kx_vinstr) - 1);
      vi->in.imm[1] = (uint32_t)nir_intrinsic_base(intr);
      break;
   }
   case NIR_INTRINSIC_LOAD_SCRATCH: {
      struct kx_vinstr *vi = kxb_load(b, intr, KX_OP_LOAD_SCRATCH);
      kxb_set_src(b, vi, 0, intr->src[0].ssa);
      break;
   }
   case NIR_INTRINSIC_STORE_SCRATCH: {
      struct kx_vinstr *vi = kxb_store(b, intr, KX_OP_STORE_SCRATCH, intr->src[0].ssa,
                                       nir_intrinsic_write_mask(intr));
      kxb_set_src(b, vi, 0, intr->src[1].ssa);
      break;
   }

   case NIR_INTRINSIC_BARRIER: {
      const nir_scope exec_scope = nir_intrinsic_execution_scope(intr);
      const nir_scope mem_scope = nir_intrinsic_memory_scope(intr);
      if (exec_scope >= NIR_SCOPE_WORKGROUP) {
         kxb_emit(b, KX_OP_BARRIER);
         b->uses_barrier = true;
      } else if (nir_intrinsic_memory_semantics(intr) != 0 &&
                 mem_scope >= NIR_SCOPE_QUEUE_FAMILY) {
         /* A workgroup runs on one thread, so only device-scope ordering
          * needs a fence. */
         kxb_emit(b, KX_OP_FENCE);
      }
      break;
   }

   case NIR_INTRINSIC_ELECT: {
      struct kx_vinstr *vi = kxb_emit(b, KX_OP_ELECT);
      vi->in.dst = kxb_src(b, &intr->def, 0);
      vi->dst_def = true;
      b->uses_subgroups = true;
      break;
   }
   case NIR_INTRINSIC_BALLOT: {
      uint32_t *dst = kxb_def_vregs(b, &intr->def);
      if (!dst)
         return;
      for (unsigned c = 0; c < intr->def.num_components; c++) {
         struct kx_vinstr *vi = kxb_emit(b, KX_OP_BALLOT);
         vi->in.dst = dst[c];
         vi->dst_def = true;
         vi->in.bits = (uint8_t)intr->def.bit_size;
         vi->in.imm[1] = c;
         kxb_set_src(b, vi, 0, intr->src[0].ssa);
      }
      b->uses_subgroups = true;
      break;
   }
   case NIR_INTRINSIC_INVERSE_BALLOT:
   case NIR_INTRINSIC_BALLOT_BITFIELD_EXTRACT:
   case NIR_INTRINSIC_BALLOT_BIT_COUNT_REDUCE:
   case NIR_INTRINSIC_BALLOT_BIT_COUNT_INCLUSIVE:
   case NIR_INTRINSIC_BALLOT_BIT_COUNT_EXCLUSIVE:
   case NIR_INTRINSIC_BALLOT_FIND_LSB:
   case NIR_INTRINSIC_BALLOT_FIND_MSB: {
      /* The ballot value: only the first KX_W bits can be set. */
      static const unsigned ops[] = {
         [NIR_INTRINSIC_INVERSE_BALLOT] = KX_OP_INVERSE_BALLOT,
         [NIR_INTRINSIC_BALLOT_BITFIELD_EXTRACT] = KX_OP_BALLOT_BITFIELD_EXTRACT,
         [NIR_INTRINSIC_BALLOT_BIT_COUNT_REDUCE] = KX_OP_BALLOT_BIT_COUNT,
         [NIR_INTRINSIC_BALLOT_BIT_COUNT_INCLUSIVE] = KX_OP_BALLOT_BIT_COUNT,
         [NIR_INTRINSIC_BALLOT_BIT_COUNT_EXCLUSIVE] = KX_OP_BALLOT_BIT_COUNT,
         [NIR_INTRINSIC_BALLOT_FIND_LSB] = KX_OP_BALLOT_FIND_LSB,
         [NIR_INTRINSIC_BALLOT_FIND_MSB] = KX_OP_BALLOT_FIND_MSB,
      };
      nir_def *ballot = intr->src[0].ssa;
      struct kx_vinstr *vi = kxb_emit(b, ops[intr->intrinsic]);
      vi->in.dst = kxb_src(b, &intr->def, 0);
      vi->dst_def = true;
      vi->in.bits = (uint8_t)ballot->bit_size;
      /* src0: the ballot's first 32 bits (or a whole 64-bit ballot); with
       * 64 lanes, src2: the next 32 bits of a uvec4 ballot. */
      vi->in.src[0] = kxb_src(b, ballot, 0);
      vi->use_mask |= USE_SRC0;
      if (KX_W > 32 && ballot->bit_size == 32) {
         assert(ballot->num_components >= 2);
         vi->in.src[2] = kxb_src(b, ballot, 1);
         vi->use_mask |= USE_SRC2;
      }
      if (intr->intrinsic == NIR_INTRINSIC_BALLOT_BITFIELD_EXTRACT)
         kxb_set_src(b, vi, 1, intr->src[1].ssa);
      vi->in.imm[0] = intr->intrinsic == NIR_INTRINSIC_BALLOT_BIT_COUNT_INCLUSIVE   ? 1
                      : intr->intrinsic == NIR_INTRINSIC_BALLOT_BIT_COUNT_EXCLUSIVE ? 2
                                                                                    : 0;
      b->uses_subgroups = true;
      break;
   }
   case NIR_INTRINSIC_VOTE_ALL:
   case NIR_INTRINSIC_VOTE_ANY:
   case NIR_INTRINSIC_VOTE_IEQ:
   case NIR_INTRINSIC_VOTE_FEQ: {
      static const unsigned ops[] = {
         [NIR_INTRINSIC_VOTE_ALL] = KX_OP_VOTE_ALL,
         [NIR_INTRINSIC_VOTE_ANY] = KX_OP_VOTE_ANY,
         [NIR_INTRINSIC_VOTE_IEQ] = KX_OP_VOTE_IEQ,
         [NIR_INTRINSIC_VOTE_FEQ] = KX_OP_VOTE_FEQ,
      };
      nir_def *value = intr->src[0].ssa;
      /* A vector compares every component: AND of per-component votes. */
      uint32_t result = KX_NO_VREG;
      for (unsigned c = 0; c < value->num_components; c++) {
         const bool last = c + 1 == value->num_components;
         const uint32_t d = last ? kxb_src(b, &intr->def, 0) : kxb_new_vreg(b, 1);
         struct kx_vinstr *vi = kxb_emit(b, ops[intr->intrinsic]);
         vi->in.dst = d;
         vi->dst_def = true;
         vi->in.bits = (uint8_t)value->bit_size;
         vi->in.src[0] = kxb_src(b, value, c);
         vi->use_mask |= USE_SRC0;
         if (result != KX_NO_VREG) {
            /* d = d & result, computed into d (fresh on each step). */
            vi->in.src[1] = result;
            vi->use_mask |= USE_SRC1;
            vi->in.imm[0] = 1;
         }
         result = d;
      }
      b->uses_subgroups = true;
      break;
   }
   case NIR_INTRINSIC_READ_INVOCATION:
      kxb_subgroup(b, intr, KX_OP_READ_INVOCATION, true);
      break;
   case NIR_INTRINSIC_READ_FIRST_INVOCATION:
      kxb_subgroup(b, intr, KX_OP_READ_FIRST_INVOCATION, false);
      break;
   case NIR_INTRINSIC_SHUFFLE:
      kxb_subgroup(b, intr, KX_OP_SHUFFLE, true);
      break;
   case NIR_INTRINSIC_SHUFFLE_XOR:
      kxb_subgroup(b, intr, KX_OP_SHUFFLE_XOR, true);
      break;
   case NIR_INTRINSIC_SHUFFLE_UP:
      kxb_subgroup(b, intr, KX_OP_SHUFFLE_UP, true);
      break;
   case NIR_INTRINSIC_SHUFFLE_DOWN:
      kxb_subgroup(b, intr, KX_OP_SHUFFLE_DOWN, true);
      break;
   case NIR_INTRINSIC_QUAD_BROADCAST:
      kxb_subgroup(b, intr, KX_OP_QUAD_BROADCAST, true);
      break;
   case NIR_INTRINSIC_QUAD_SWAP_HORIZONTAL:
   case NIR_INTRINSIC_QUAD_SWAP_VERTICAL:
   case NIR_INTRINSIC_QUAD_SWAP_DIAGONAL: {
      const unsigned start =
         (unsigned)dynarray_num_elements(&b->vi, struct kx_vinstr);
      kxb_subgroup(b, intr, KX_OP_QUAD_SWAP, false);
      const unsigned x = intr->intrinsic == NIR_INTRINSIC_QUAD_SWAP_HORIZONTAL ? 1
                         : intr->intrinsic == NIR_INTRINSIC_QUAD_SWAP_VERTICAL ? 2
                                                                                : 3;
      const unsigned end = (unsigned)dynarray_num_elements(&b->vi, struct kx_vinstr);
      for (unsigned i = start; i < end; i++)
         dynarray_element(&b->vi, struct kx_vinstr, i)->in.imm[0] = x;
      break;
   }
   case NIR_INTRINSIC_REDUCE:
      kxb_reduction(b, intr, KX_OP_REDUCE);
      break;
   case NIR_INTRINSIC_INCLUSIVE_SCAN:
      kxb_reduction(b, intr, KX_OP_INCLUSIVE_SCAN);
      break;
   case NIR_INTRINSIC_EXCLUSIVE_SCAN:
      kxb_reduction(b, intr, KX_OP_EXCLUSIVE_SCAN);
      break;

   case NIR_INTRINSIC_IMAGE_LOAD:
   case NIR_INTRINSIC_IMAGE_STORE:
   case NIR_INTRINSIC_IMAGE_ATOMIC:
   case NIR_INTRINSIC_IMAGE_ATOMIC_SWAP:
   case NIR_INTRINSIC_IMAGE_SIZE:
   case NIR_INTRINSIC_IMAGE_SAMPLES:
      kxb_image(b, intr);
      break;

   default:
      kxb_fail(b, "kx: intrinsic %s is not supported (not lowered?)",
               nir_intrinsic_infos[intr->intrinsic].name);
      break;
   }
}

/* --- control flow ---------------------------------------------------------------- */

/* Masked copies into the phis of `succ` for the edge from `pred`. Sources
 * that are themselves phis of `succ` are read into temporaries first (the
 * copies happen "at once"). */
static void
kxb_phi_copies(struct kxb *b, nir_block *pred, nir_block *succ)
{
   if (!succ || !nir_block_first_phi_(succ))
      return;

   struct pair {
      uint32_t dst, src;
      uint8_t size;
   };
   struct dynarray pairs;
   dynarray_init(&pairs, b->arena);
   nir_foreach_phi(phi, succ) {
      nir_phi_src *ps = nir_phi_get_src_from_block(phi, pred);
      if (!ps || !ps->src.ssa)
         continue;
      if (ps->src.ssa->parent_instr->type == NIR_INSTR_TYPE_UNDEF)
         continue;
      uint32_t *dst = kxb_def_vregs(b, &phi->def);
      if (!dst)
         return;
      for (unsigned c = 0; c < phi->def.num_components; c++) {
         vreg(b, dst[c])->multi_def = true;
         const struct pair p = {dst[c], kxb_src(b, ps->src.ssa, c),
                                phi->def.bit_size == 64 ? 2 : 1};
         if (p.dst != p.src && !dynarray_append(&pairs, struct pair, p))
            KXB_OOM(b);
      }
   }
   if (b->error)
      return;

   const unsigned n = (unsigned)dynarray_num_elements(&pairs, struct pair);
   struct pair *ps = dynarray_begin(&pairs, struct pair);
   for (unsigned i = 0; i < n; i++) {
      bool hazard = false;
      for (unsigned j = 0; j < n; j++)
         if (j != i && ps[j].dst == ps[i].src)
            hazard = true;
      if (!hazard)
         continue;
      const uint32_t t = kxb_new_vreg(b, ps[i].size);
      struct kx_vinstr *vi = kxb_emit(b, ps[i].size == 2 ? KX_OP_COPY64 : KX_OP_COPY32);
      vi->in.dst = t;
      vi->dst_def = true;
      vi->in.src[0] = ps[i].src;
      vi->use_mask = USE_SRC0;
      ps[i].src = t;
   }
   for (unsigned i = 0; i < n; i++) {
      struct kx_vinstr *vi = kxb_emit(b, ps[i].size == 2 ? KX_OP_MCOPY64 : KX_OP_MCOPY32);
      vi->in.dst = ps[i].dst;
      vi->dst_def = true;
      vi->in.src[0] = ps[i].src;
      vi->use_mask = USE_SRC0;
   }
}

static void kxb_cf_list(struct kxb *b, struct list_head *list);

static void
kxb_block(struct kxb *b, nir_block *block)
{
   nir_jump_instr *jump = NULL;
   nir_foreach_instr(instr, block) {
      if (b->error)
         return;
      switch (instr->type) {
      case NIR_INSTR_TYPE_ALU:
         kxb_alu(b, nir_instr_as_alu(instr));
         break;
      case NIR_INSTR_TYPE_INTRINSIC:
         kxb_intrinsic(b, nir_instr_as_intrinsic(instr));
         break;
      case NIR_INSTR_TYPE_LOAD_CONST: {
         nir_load_const_instr *lc = nir_instr_as_load_const(instr);
         uint64_t v[NIR_MAX_VEC_COMPONENTS];
         for (unsigned c = 0; c < lc->def.num_components; c++)
            v[c] = lc->def.bit_size == 1 ? (uint64_t)lc->value[c].b
                                         : nir_const_value_as_uint(lc->value[c],
                                                                   lc->def.bit_size);
         kxb_const_result(b, &lc->def, v);
         break;
      }
      case NIR_INSTR_TYPE_UNDEF: {
         nir_undef_instr *u = nir_instr_as_undef(instr);
         const uint64_t v[NIR_MAX_VEC_COMPONENTS] = {0};
         kxb_const_result(b, &u->def, v);
         break;
      }
      case NIR_INSTR_TYPE_PHI:
         break; /* written by its predecessors' copies */
      case NIR_INSTR_TYPE_JUMP:
         jump = nir_instr_as_jump(instr);
         break;
      case NIR_INSTR_TYPE_TEX:
         kxb_tex(b, nir_instr_as_tex(instr));
         break;
      case NIR_INSTR_TYPE_DEREF:
         kxb_fail(b, "kx: derefs must be lowered before the backend");
         break;
      case NIR_INSTR_TYPE_CALL:
         kxb_fail(b, "kx: calls must be inlined before the backend");
         break;
      }
   }
   for (unsigned s = 0; s < 2; s++)
      kxb_phi_copies(b, block, block->successors[s]);
   if (!jump)
      return;
   switch (jump->type) {
   case NIR_JUMP_BREAK:
   case NIR_JUMP_CONTINUE: {
      struct kx_vinstr *vi =
         kxb_emit(b, jump->type == NIR_JUMP_BREAK ? KX_OP_BREAK : KX_OP_CONTINUE);
      vi->in.imm[1] = b->skip;
      vi->label_mask = 1 << 1;
      break;
   }
   case NIR_JUMP_RETURN:
      if (b->depth != 0)
         kxb_fail(b, "kx: return inside control flow (run nir_lower_returns)");
      break;
   }
}

/* `if (c) break;` / `if (c) continue;` (or the jump in the else branch:
 * `if (c) {} else break;`, SPIR-V's loop test) with nothing else in the
 * if: one op that moves the lanes that take the jump out of exec. */
static nir_jump_instr *
kxb_lone_jump(nir_if *nif, bool then_side)
{
   nir_block *first = then_side ? nir_if_first_then_block(nif) : nir_if_first_else_block(nif);
   nir_block *last = then_side ? nir_if_last_then_block(nif) : nir_if_last_else_block(nif);
   if (first != last)
      return NULL;
   nir_instr *only = nir_block_first_instr(first);
   if (!only || only != nir_block_last_instr(first) || only->type != NIR_INSTR_TYPE_JUMP)
      return NULL;
   nir_jump_instr *jump = nir_instr_as_jump(only);
   if (jump->type == NIR_JUMP_RETURN)
      return NULL;
   /* Phi copies on the jump's edge would need their own masks. */
   if (first->successors[0] && nir_block_first_phi_(first->successors[0]))
      return NULL;
   return jump;
}

static bool
kxb_side_is_empty(nir_if *nif, bool then_side)
{
   nir_block *first = then_side ? nir_if_first_then_block(nif) : nir_if_first_else_block(nif);
   nir_block *last = then_side ? nir_if_last_then_block(nif) : nir_if_last_else_block(nif);
   return first == last && list_is_empty(&first->instr_list) &&
          !(first->successors[0] && nir_block_first_phi_(first->successors[0]));
}

static bool
kxb_try_jump_if(struct kxb *b, nir_if *nif)
{
   bool invert = false;
   nir_jump_instr *jump = NULL;
   if (kxb_side_is_empty(nif, false))
      jump = kxb_lone_jump(nif, true);
   if (!jump && kxb_side_is_empty(nif, true)) {
      jump = kxb_lone_jump(nif, false);
      invert = true;
   }
   if (!jump)
      return false;
   struct kx_vinstr *vi =
      kxb_emit(b, jump->type == NIR_JUMP_BREAK ? KX_OP_BREAK_IF : KX_OP_CONTINUE_IF);
   vi->in.src[0] = kxb_src(b, nif->condition.ssa, 0);
   vi->use_mask = USE_SRC0;
   vi->in.imm[0] = invert;
   vi->in.imm[1] = b->skip;
   vi->label_mask = 1 << 1;
   return true;
}

static void
kxb_if(struct kxb *b, nir_if *nif)
{
   if (kxb_try_jump_if(b, nif))
      return;
   const uint32_t l_else = kxb_label(b), l_endif = kxb_label(b);
   struct kx_vinstr *vi = kxb_emit(b, KX_OP_IF);
   vi->in.src[0] = kxb_src(b, nif->condition.ssa, 0);
   vi->use_mask = USE_SRC0;
   vi->in.imm[0] = l_else;
   vi->label_mask = 1 << 0;

   const uint32_t saved_skip = b->skip;
   b->max_depth = MAX2(b->max_depth, ++b->depth);
   b->skip = l_else;
   kxb_cf_list(b, &nif->then_list);

   kxb_place(b, l_else);
   vi = kxb_emit(b, KX_OP_ELSE);
   vi->in.imm[0] = l_endif;
   vi->label_mask = 1 << 0;
   b->skip = l_endif;
   kxb_cf_list(b, &nif->else_list);

   kxb_place(b, l_endif);
   vi = kxb_emit(b, KX_OP_ENDIF);
   vi->in.imm[1] = saved_skip;
   vi->label_mask = 1 << 1;
   b->depth--;
   b->skip = saved_skip;
}

static void
kxb_loop(struct kxb *b, nir_loop *loop)
{
   const bool has_cont = nir_loop_has_continue_construct(loop);
   const uint32_t l_top = kxb_label(b), l_end = kxb_label(b), l_after = kxb_label(b);
   const uint32_t l_cm = has_cont ? kxb_label(b) : l_end;

   struct kx_loop_range range;
   range.start = (int32_t)dynarray_num_elements(&b->vi, struct kx_vinstr);
   struct kx_vinstr *vi = kxb_emit(b, KX_OP_LOOP);
   vi->in.imm[0] = l_after;
   vi->label_mask = 1 << 0;

   const uint32_t saved_skip = b->skip;
   b->max_depth = MAX2(b->max_depth, ++b->depth);
   kxb_place(b, l_top);
   b->skip = l_cm;
   kxb_cf_list(b, &loop->body);
   if (has_cont) {
      kxb_place(b, l_cm);
      vi = kxb_emit(b, KX_OP_CONTINUE_MERGE);
      vi->in.imm[1] = l_end;
      vi->label_mask = 1 << 1;
      b->skip = l_end;
      kxb_cf_list(b, &loop->continue_list);
   }
   kxb_place(b, l_end);
   range.end = (int32_t)dynarray_num_elements(&b->vi, struct kx_vinstr);
   vi = kxb_emit(b, KX_OP_LOOP_END);
   vi->in.imm[0] = l_top;
   vi->in.imm[1] = saved_skip;
   vi->label_mask = (1 << 0) | (1 << 1);
   kxb_place(b, l_after);
   b->depth--;
   b->skip = saved_skip;
   if (!dynarray_append(&b->loops, struct kx_loop_range, range))
      KXB_OOM(b);
}

static void
kxb_cf_list(struct kxb *b, struct list_head *list)
{
   list_for_each_entry(nir_cf_node, node, list, node) {
      if (b->error)
         return;
      switch (node->type) {
      case NIR_CF_NODE_BLOCK:
         kxb_block(b, nir_cf_node_as_block(node));
         break;
      case NIR_CF_NODE_IF:
         kxb_if(b, nir_cf_node_as_if(node));
         break;
      case NIR_CF_NODE_LOOP:
         kxb_loop(b, nir_cf_node_as_loop(node));
         break;
      default:
         kxb_fail(b, "kx: unexpected cf node");
         break;
      }
   }
}

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
static uint32_t
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

static void
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
static bool
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
static void
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
static void
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
static uint32_t
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

/* --- final encoding ---------------------------------------------------------------- */

static uint32_t
slot_offset(struct kxb *b, uint32_t id)
{
   return vreg(b, id)->slot * KX_SLOT_B;
}

static struct kx_program *
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

struct kx_program *
kx_compile(nir_shader *shader, char **error)
{
   if (error)
      *error = NULL;
   struct arena *arena = arena_create(NULL);
   nir_function_impl *impl = shader ? nir_shader_get_entrypoint(shader) : NULL;
   if (!arena || !impl) {
      if (error)
         *error = strdup(arena ? "kx: the shader has no entry point" : "out of memory");
      arena_destroy(arena);
      return NULL;
   }

   struct kxb b = {.arena = arena, .shader = shader};
   dynarray_init(&b.vregs, arena);
   dynarray_init(&b.vi, arena);
   dynarray_init(&b.aux, arena);
   dynarray_init(&b.labels, arena);
   dynarray_init(&b.loops, arena);
   b.num_defs = impl->ssa_alloc;
   b.def_vregs = arena_zalloc_array(arena, b.num_defs ? b.num_defs : 1, sizeof(uint32_t *));
   b.consts[0] = hash_table_create_u64(arena);
   b.consts[1] = hash_table_create_u64(arena);
   if (!b.def_vregs || !b.consts[0] || !b.consts[1])
      KXB_OOM(&b);

   struct kx_program *prog = NULL;
   if (!b.error) {
      const uint32_t l_end = kxb_label(&b);
      b.skip = l_end;
      kxb_cf_list(&b, &impl->body);
      kxb_place(&b, l_end);
      kxb_emit(&b, KX_OP_END);
   }
   if (!b.error)
      b.main_start = kxb_hoist_invariants(&b);
   if (!b.error) {
      kxb_compute_ranges(&b);
      if (kxb_mark_masked(&b) && !b.error) {
         kxb_insert_masked_copies(&b);
         kxb_compute_ranges(&b);
      }
      kxb_extend_over_loops(&b);
   }
   if (!b.error)
      prog = kxb_finish(&b);

   if (prog) {
      const nir_shader_info *si = &shader->info;
      prog->info.workgroup_size[0] = MAX2(si->cs.workgroup_size[0], 1);
      prog->info.workgroup_size[1] = MAX2(si->cs.workgroup_size[1], 1);
      prog->info.workgroup_size[2] = MAX2(si->cs.workgroup_size[2], 1);
      prog->info.shared_size_B = si->shared_size_B;
      prog->info.scratch_size_B = si->scratch_size_B;
      prog->info.uses_barrier = b.uses_barrier;
      prog->info.uses_subgroups = b.uses_subgroups;
      const uint32_t n = prog->info.workgroup_size[0] * prog->info.workgroup_size[1] *
                         prog->info.workgroup_size[2];
      if (n > KX_MAX_WORKGROUP_INVOCATIONS) {
         kxb_fail(&b, "kx: workgroup of %u invocations (at most %u)", n,
                  KX_MAX_WORKGROUP_INVOCATIONS);
         free(prog);
         prog = NULL;
      }
   }
   if (prog && kx_translate_debug() & KX_DEBUG_PRINT) {
      struct strbuf sb;
      strbuf_init(&sb);
      kx_program_print(prog, &sb);
      util_logi("kx", "%s", strbuf_str(&sb));
      strbuf_finish(&sb);
   }
   if (!prog && error)
      *error = strdup(b.error ? b.error : "kx: translation failed");
   arena_destroy(arena);
   return prog;
}

void
kx_program_destroy(struct kx_program *prog)
{
   if (prog)
      kxj_program_release(prog);
   free(prog);
}

const struct kx_program_info *
kx_program_info(const struct kx_program *prog)
{
   return &prog->info;
}
