/* SPDX-License-Identifier: MIT */
/*
 * Translation, step 1 (continued): intrinsics (system values, memory,
 * subgroups, images, stage I/O, discard/demote) and texture instructions.
 */
#include "kx_translate.h"

#include <stdlib.h>
#include <string.h>

#include "kx_image.h"

/* --- intrinsics ------------------------------------------------------------------ */

static void
kxb_sysval(struct kxb *b, nir_intrinsic_instr *intr, unsigned first_sv, unsigned n)
{
   uint32_t *dst = kxb_def_vregs(b, &intr->def);
   if (!dst)
      return;
   if (intr->def.bit_size != 32 && intr->def.bit_size != 1) {
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

void
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
   b->shader->info.writes_memory = true; /* global and shared atomics */
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
      b->shader->info.writes_memory = true;
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

void
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
   /* Gradients: given (txd) or, for implicit lod in fragment shaders,
    * the coordinates' fine derivatives over the quad. */
   uint32_t grad[6];
   bool has_grad = false;
   const unsigned gn = tex->sampler_dim == GLSL_SAMPLER_DIM_CUBE ? 3
                       : tex->sampler_dim == GLSL_SAMPLER_DIM_3D ? 3
                       : tex->sampler_dim == GLSL_SAMPLER_DIM_1D ? 1
                                                                 : 2;
   if (tex->op == NIR_TEXOP_TXD) {
      nir_def *ddx = srcs[NIR_TEX_SRC_DDX], *ddy = srcs[NIR_TEX_SRC_DDY];
      if (!ddx || !ddy || ddx->bit_size != 32) {
         kxb_fail(b, "kx: textureGrad without 32-bit gradients");
         return;
      }
      for (unsigned a = 0; a < 3; a++) {
         grad[a] = a < ddx->num_components ? kxb_src(b, ddx, a) : kxb_zero(b);
         grad[3 + a] = a < ddy->num_components ? kxb_src(b, ddy, a) : kxb_zero(b);
      }
      has_grad = true;
   } else if ((tex->op == NIR_TEXOP_TEX || tex->op == NIR_TEXOP_TXB ||
               tex->op == NIR_TEXOP_LOD) &&
              b->shader->info.stage == NIR_STAGE_FRAGMENT) {
      nir_def *coord = srcs[NIR_TEX_SRC_COORD];
      if (!coord || coord->bit_size != 32) {
         kxb_fail(b, "kx: implicit-lod sampling without 32-bit coordinates");
         return;
      }
      for (unsigned a = 0; a < 3; a++) {
         if (a < gn && a < coord->num_components) {
            grad[a] = kxb_new_vreg(b, 1);
            grad[3 + a] = kxb_new_vreg(b, 1);
            kxb_deriv(b, grad[a], kxb_src(b, coord, a), 0);
            kxb_deriv(b, grad[3 + a], kxb_src(b, coord, a), KX_DERIV_Y);
         } else {
            grad[a] = grad[3 + a] = kxb_zero(b);
         }
      }
      has_grad = true;
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
                   (srcs[NIR_TEX_SRC_MIN_LOD] ? KX_TEX_HAS_MIN_LOD_BIT : 0) |
                   (has_grad ? KX_TEX_HAS_GRAD_BIT : 0);
   vi->in.imm[1] = has_grad ? KX_TEX_GRAD_LIST_LENGTH : KX_TEX_LIST_LENGTH;
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
   for (unsigned i = 0; has_grad && i < 6; i++)
      kxb_aux_use(b, vi, grad[i]);
}

/* The interpolation a load_interpolated_input's barycentric asks for. */
static uint8_t
kxb_interp(nir_intrinsic_instr *intr)
{
   if (intr->intrinsic != NIR_INTRINSIC_LOAD_INTERPOLATED_INPUT)
      return KX_INTERP_FLAT;
   nir_instr *parent = intr->src[0].ssa->parent_instr;
   if (parent->type != NIR_INSTR_TYPE_INTRINSIC)
      return KX_INTERP_SMOOTH;
   nir_intrinsic_instr *bary = nir_instr_as_intrinsic(parent);
   uint8_t v = nir_intrinsic_interp_mode(bary) == GLSL_INTERP_MODE_NOPERSPECTIVE
                  ? KX_INTERP_NOPERSPECTIVE
                  : KX_INTERP_SMOOTH;
   if (bary->intrinsic == NIR_INTRINSIC_LOAD_BARYCENTRIC_CENTROID)
      v |= KX_INTERP_CENTROID;
   else if (bary->intrinsic == NIR_INTRINSIC_LOAD_BARYCENTRIC_SAMPLE)
      v |= KX_INTERP_SAMPLE;
   return v;
}

static uint64_t
kxb_slot_bits(unsigned first, unsigned count)
{
   uint64_t m = 0;
   for (unsigned i = first; i < first + count && i < 64; i++)
      m |= 1ull << i;
   return m;
}

/* Stage I/O (nvk_nir_lower_io's intrinsics) -> LOAD_IO / STORE_IO on the
 * strip's arrays; gathers the slot masks and interpolation. */
static void
kxb_io(struct kxb *b, nir_intrinsic_instr *intr)
{
   const bool store = intr->intrinsic == NIR_INTRINSIC_STORE_OUTPUT;
   const bool output = store || intr->intrinsic == NIR_INTRINSIC_LOAD_OUTPUT;
   const bool fragment = b->shader->info.stage == NIR_STAGE_FRAGMENT;
   const nir_io_semantics sem = nir_intrinsic_io_semantics(intr);
   nir_def *value = store ? intr->src[0].ssa : &intr->def;
   nir_def *offset = store ? intr->src[1].ssa : intr->src[intr->intrinsic ==
                                                          NIR_INTRINSIC_LOAD_INTERPOLATED_INPUT
                                                       ? 1
                                                       : 0]
                                                   .ssa;
   if (value->bit_size != 32 && value->bit_size != 64) {
      kxb_fail(b, "kx: %u-bit shader I/O", value->bit_size);
      return;
   }
   const int base = nir_intrinsic_base(intr);
   const unsigned comp = nir_intrinsic_component(intr);
   unsigned array = output ? KX_IO_OUT : KX_IO_IN;
   if (output && fragment) {
      switch ((int)sem.builtin) {
      case NIR_BUILTIN_FRAG_DEPTH:
         array = KX_IO_DEPTH;
         b->gfx.writes_depth |= store;
         break;
      case NIR_BUILTIN_SAMPLE_MASK:
         array = KX_IO_SAMPLE_MASK;
         b->gfx.writes_sample_mask |= store;
         break;
      case NIR_BUILTIN_FRAG_STENCIL_REF_EXT:
         array = KX_IO_STENCIL;
         b->gfx.writes_stencil |= store;
         break;
      default:
         break;
      }
   }
   if (base < 0 || base >= KX_SLOT_COUNT) {
      kxb_fail(b, "kx: I/O slot %d out of range", base);
      return;
   }
   /* The slots this access may reach. */
   const unsigned words = (value->bit_size / 32) * value->num_components;
   unsigned nslots = (comp + words + 3) / 4;
   if (!nir_src_is_const(store ? intr->src[1] : intr->src[intr->intrinsic ==
                                                           NIR_INTRINSIC_LOAD_INTERPOLATED_INPUT
                                                        ? 1
                                                        : 0]))
      nslots = MAX2(nslots, sem.num_slots);
   if (array == KX_IO_OUT || array == KX_IO_IN) {
      const uint64_t bits = kxb_slot_bits((unsigned)base, nslots);
      if (output) {
         b->gfx.outputs_written |= store ? bits : 0;
      } else {
         b->gfx.inputs_read |= bits;
         if (fragment) {
            const uint8_t interp = kxb_interp(intr);
            for (unsigned i = (unsigned)base; i < (unsigned)base + nslots && i < KX_SLOT_COUNT; i++)
               b->gfx.interp[i] = interp;
            if (interp & KX_INTERP_SAMPLE)
               b->gfx.uses_sample_shading = true;
         }
      }
   }

   struct kx_vinstr *vi;
   if (store) {
      vi = kxb_store(b, intr, KX_OP_STORE_IO, value, nir_intrinsic_write_mask(intr));
      vi->in.imm[0] = array | (nir_intrinsic_write_mask(intr) << 8);
   } else {
      vi = kxb_load(b, intr, KX_OP_LOAD_IO);
      vi->in.imm[0] = array;
   }
   vi->in.imm[1] = (uint32_t)base * 4 + comp;
   kxb_set_src(b, vi, 0, offset);
}

/* terminate/discard (the lane stops) and demote (it becomes a helper). */
static void
kxb_kill(struct kxb *b, nir_intrinsic_instr *intr)
{
   const nir_intrinsic_op op = intr->intrinsic;
   const bool demote = op == NIR_INTRINSIC_DEMOTE || op == NIR_INTRINSIC_DEMOTE_IF;
   const bool cond = op == NIR_INTRINSIC_DISCARD_IF || op == NIR_INTRINSIC_TERMINATE_IF ||
                     op == NIR_INTRINSIC_DEMOTE_IF;
   if (b->shader->info.stage != NIR_STAGE_FRAGMENT) {
      kxb_fail(b, "kx: %s outside a fragment shader", nir_intrinsic_infos[op].name);
      return;
   }
   struct kx_vinstr *vi = kxb_emit(b, KX_OP_KILL);
   vi->in.src[0] = cond ? kxb_src(b, intr->src[0].ssa, 0) : kxb_const(b, 1, 32);
   vi->use_mask = USE_SRC0;
   vi->in.imm[0] = demote ? KX_KILL_DEMOTE : KX_KILL_TERMINATE;
   vi->in.imm[1] = b->skip;
   vi->label_mask = 1 << 1;
   b->gfx.uses_discard = true;
   b->gfx.uses_demote |= demote;
}

void
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
   case NIR_INTRINSIC_LOAD_HELPER_INVOCATION:
      if (si->stage == NIR_STAGE_FRAGMENT) {
         kxb_sysval(b, intr, KX_SV_HELPER_INVOCATION, 1);
         b->gfx.reads_helper_invocation = true;
      } else {
         const uint64_t v = 0;
         kxb_const_result(b, &intr->def, &v);
      }
      break;
   case NIR_INTRINSIC_LOAD_VERTEX_ID:
      kxb_sysval(b, intr, KX_SV_VERTEX_INDEX, 1);
      break;
   case NIR_INTRINSIC_LOAD_INSTANCE_ID:
      kxb_sysval(b, intr, KX_SV_INSTANCE_ID, 1);
      break;
   case NIR_INTRINSIC_LOAD_BASE_VERTEX:
   case NIR_INTRINSIC_LOAD_FIRST_VERTEX:
      kxb_sysval(b, intr, KX_SV_BASE_VERTEX, 1);
      break;
   case NIR_INTRINSIC_LOAD_BASE_INSTANCE:
      kxb_sysval(b, intr, KX_SV_BASE_INSTANCE, 1);
      break;
   case NIR_INTRINSIC_LOAD_DRAW_ID:
      kxb_sysval(b, intr, KX_SV_DRAW_INDEX, 1);
      break;
   case NIR_INTRINSIC_LOAD_VIEW_INDEX:
      kxb_sysval(b, intr, KX_SV_VIEW_INDEX, 1);
      break;
   case NIR_INTRINSIC_LOAD_FRAG_COORD:
      kxb_sysval(b, intr, KX_SV_FRAG_COORD_X, 4);
      b->gfx.reads_frag_coord = true;
      break;
   case NIR_INTRINSIC_LOAD_POINT_COORD:
      kxb_sysval(b, intr, KX_SV_POINT_COORD_X, 2);
      b->gfx.reads_point_coord = true;
      break;
   case NIR_INTRINSIC_LOAD_FRONT_FACE:
      kxb_sysval(b, intr, KX_SV_FRONT_FACING, 1);
      break;
   case NIR_INTRINSIC_LOAD_SAMPLE_ID:
      kxb_sysval(b, intr, KX_SV_SAMPLE_ID, 1);
      b->gfx.uses_sample_shading = true;
      break;
   case NIR_INTRINSIC_LOAD_SAMPLE_POS:
      kxb_sysval(b, intr, KX_SV_SAMPLE_POS_X, 2);
      b->gfx.uses_sample_shading = true;
      break;
   case NIR_INTRINSIC_LOAD_SAMPLE_MASK_IN:
      kxb_sysval(b, intr, KX_SV_SAMPLE_MASK_IN, 1);
      break;
   case NIR_INTRINSIC_LOAD_PRIMITIVE_ID:
      kxb_sysval(b, intr, KX_SV_PRIMITIVE_ID, 1);
      break;
   case NIR_INTRINSIC_LOAD_BARYCENTRIC_PIXEL:
   case NIR_INTRINSIC_LOAD_BARYCENTRIC_CENTROID:
   case NIR_INTRINSIC_LOAD_BARYCENTRIC_SAMPLE: {
      /* The rasterizer interpolates (kx_program_info.interp): the inputs
       * read through this come ready in their slots. */
      const uint64_t v[2] = {0, 0};
      kxb_const_result(b, &intr->def, v);
      break;
   }
   case NIR_INTRINSIC_LOAD_INPUT:
   case NIR_INTRINSIC_LOAD_INTERPOLATED_INPUT:
   case NIR_INTRINSIC_LOAD_OUTPUT:
   case NIR_INTRINSIC_STORE_OUTPUT:
      kxb_io(b, intr);
      break;
   case NIR_INTRINSIC_DISCARD:
   case NIR_INTRINSIC_TERMINATE:
   case NIR_INTRINSIC_DISCARD_IF:
   case NIR_INTRINSIC_TERMINATE_IF:
   case NIR_INTRINSIC_DEMOTE:
   case NIR_INTRINSIC_DEMOTE_IF:
      kxb_kill(b, intr);
      break;

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
