/* SPDX-License-Identifier: MIT */
/* SSA values: the kind of every def, ids handed out on first mention, and
 * sources converted to what their consumer wants (see ntv_private.h). */
#include "ntv/ntv_private.h"

#include <string.h>

#include "util/arena.h"
#include "util/hash_table.h"

static bool
def_in_range(struct ntv_context *ctx, const nir_def *def)
{
   if (def->index < ctx->num_defs)
      return true;
   ntv_fail(ctx, "def %%%u is outside its function's def range", def->index);
   return false;
}

static bool
is_typeless(const nir_def *def)
{
   const nir_instr_type t = def->parent_instr->type;
   return t == NIR_INSTR_TYPE_LOAD_CONST || t == NIR_INSTR_TYPE_UNDEF;
}

enum ntv_kind
ntv_def_kind(struct ntv_context *ctx, const nir_def *def)
{
   if (is_typeless(def))
      return NTV_KIND_NONE;
   if (!def_in_range(ctx, def))
      return NTV_KIND_UINT;
   return (enum ntv_kind)ctx->defs[def->index].kind;
}

static bool
kind_is_int(enum ntv_kind kind)
{
   return kind == NTV_KIND_SINT || kind == NTV_KIND_UINT;
}

static bool
op_is_typeless(nir_op op)
{
   return nir_op_is_vec(op) || op == NIR_OP_BCSEL;
}

/* The kind one use of `def` asks for, or NONE when it does not say. */
static enum ntv_kind
use_kind(struct ntv_context *ctx, nir_src *src)
{
   if (nir_src_is_if(src))
      return NTV_KIND_BOOL;
   nir_instr *user = nir_src_parent_instr(src);
   switch (user->type) {
   case NIR_INSTR_TYPE_ALU: {
      nir_alu_instr *alu = nir_instr_as_alu(user);
      const unsigned i = (unsigned)(container_of(src, nir_alu_src, src) - alu->src);
      if (op_is_typeless(alu->op)) {
         if (alu->op == NIR_OP_BCSEL && i == 0)
            return NTV_KIND_BOOL;
         return ntv_def_kind(ctx, &alu->def) == NTV_KIND_POINTER ? NTV_KIND_NONE
                                                                  : ntv_def_kind(ctx, &alu->def);
      }
      const enum ntv_kind k = ntv_kind_for_alu_type(nir_op_infos[alu->op].input_types[i]);
      return k;
   }
   case NIR_INSTR_TYPE_PHI:
      return ntv_def_kind(ctx, nir_instr_def(user));
   case NIR_INSTR_TYPE_INTRINSIC: {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(user);
      if (intr->intrinsic == NIR_INTRINSIC_STORE_DEREF && src == &intr->src[1]) {
         nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
         if (d && d->type)
            return ntv_kind_for_base_type(glsl_get_base_type(glsl_without_array(d->type)));
      }
      return NTV_KIND_NONE;
   }
   default:
      return NTV_KIND_NONE;
   }
}

/* For a value nothing types at its source (a select or vector of
 * constants): the kind its first use in program order asks for, so that
 * reading it back (where it is typed by what this writes) agrees. */
static enum ntv_kind
kind_from_uses(struct ntv_context *ctx, nir_def *def)
{
   enum ntv_kind best = NTV_KIND_NONE;
   unsigned best_index = UINT32_MAX;
   nir_foreach_use(src, def) {
      const enum ntv_kind k = use_kind(ctx, src);
      if (k == NTV_KIND_NONE || k == NTV_KIND_POINTER)
         continue;
      const unsigned index =
         nir_src_is_if(src) ? UINT32_MAX - 1 : nir_src_parent_instr(src)->index;
      if (index < best_index) {
         best_index = index;
         best = k;
      }
   }
   return best;
}

/* The kind of an ALU result (see ntv_private.h). */
static enum ntv_kind
alu_kind(struct ntv_context *ctx, nir_alu_instr *alu)
{
   if (alu->def.bit_size == 1)
      return NTV_KIND_BOOL;
   const nir_op_info *info = &nir_op_infos[alu->op];
   const enum ntv_kind out = ntv_kind_for_alu_type(info->output_type);
   if (out == NTV_KIND_FLOAT)
      return out;
   switch (alu->op) {
   case NIR_OP_MOV:
   case NIR_OP_VEC2:
   case NIR_OP_VEC3:
   case NIR_OP_VEC4:
   case NIR_OP_VEC8:
   case NIR_OP_VEC16:
   case NIR_OP_BCSEL:
      /* Moves keep what they move: the first typed source decides. */
      for (unsigned i = alu->op == NIR_OP_BCSEL ? 1 : 0; i < info->num_inputs; i++) {
         const enum ntv_kind k = ntv_def_kind(ctx, alu->src[i].src.ssa);
         if (k != NTV_KIND_NONE && k != NTV_KIND_POINTER)
            return k;
      }
      return kind_from_uses(ctx, &alu->def);
   default:
      break;
   }
   if (info->is_conversion || nir_alu_type_get_type_size(info->output_type))
      return out;
   /* Integer arithmetic keeps the signedness of its first integer source,
    * so values that came in as `int` stay `int`. */
   for (unsigned i = 0; i < info->num_inputs; i++) {
      const enum ntv_kind k = ntv_def_kind(ctx, alu->src[i].src.ssa);
      if (kind_is_int(k))
         return k;
   }
   return out == NTV_KIND_NONE ? NTV_KIND_UINT : out;
}

static enum ntv_kind
deref_value_kind(nir_src src)
{
   nir_deref_instr *deref = nir_src_as_deref(src);
   if (!deref || !deref->type)
      return NTV_KIND_UINT;
   const struct glsl_type *t = glsl_without_array(deref->type);
   if (glsl_type_is_image(t) || glsl_type_is_sampled_image(t))
      return ntv_kind_for_base_type(glsl_get_sampler_result_type(t));
   const enum ntv_kind k = ntv_kind_for_base_type(glsl_get_base_type(t));
   return k == NTV_KIND_NONE ? NTV_KIND_UINT : k;
}

static enum ntv_kind
intrinsic_kind(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   if (intr->def.bit_size == 1)
      return NTV_KIND_BOOL;
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_LOAD_DEREF:
   case NIR_INTRINSIC_DEREF_ATOMIC:
   case NIR_INTRINSIC_DEREF_ATOMIC_SWAP:
   case NIR_INTRINSIC_INTERP_DEREF_AT_CENTROID:
   case NIR_INTRINSIC_INTERP_DEREF_AT_SAMPLE:
   case NIR_INTRINSIC_INTERP_DEREF_AT_OFFSET:
   case NIR_INTRINSIC_IMAGE_DEREF_ATOMIC:
   case NIR_INTRINSIC_IMAGE_DEREF_ATOMIC_SWAP:
      return deref_value_kind(intr->src[0]);
   case NIR_INTRINSIC_IMAGE_DEREF_LOAD:
      return ntv_kind_for_alu_type(nir_intrinsic_dest_type(intr));
   case NIR_INTRINSIC_IMAGE_DEREF_SIZE:
   case NIR_INTRINSIC_IMAGE_DEREF_SAMPLES:
      return NTV_KIND_SINT;
   case NIR_INTRINSIC_READ_INVOCATION:
   case NIR_INTRINSIC_READ_FIRST_INVOCATION:
   case NIR_INTRINSIC_SHUFFLE:
   case NIR_INTRINSIC_SHUFFLE_XOR:
   case NIR_INTRINSIC_SHUFFLE_UP:
   case NIR_INTRINSIC_SHUFFLE_DOWN:
   case NIR_INTRINSIC_QUAD_BROADCAST:
   case NIR_INTRINSIC_QUAD_SWAP_HORIZONTAL:
   case NIR_INTRINSIC_QUAD_SWAP_VERTICAL:
   case NIR_INTRINSIC_QUAD_SWAP_DIAGONAL:
   case NIR_INTRINSIC_REDUCE:
   case NIR_INTRINSIC_INCLUSIVE_SCAN:
   case NIR_INTRINSIC_EXCLUSIVE_SCAN: {
      const enum ntv_kind k = ntv_def_kind(ctx, intr->src[0].ssa);
      if (k != NTV_KIND_NONE)
         return k;
      if (nir_intrinsic_has_reduction_op(intr))
         return ntv_kind_for_alu_type(nir_op_infos[nir_intrinsic_reduction_op(intr)]
                                         .input_types[0]) == NTV_KIND_FLOAT
                   ? NTV_KIND_FLOAT
                   : NTV_KIND_UINT;
      return NTV_KIND_UINT;
   }
   default:
      break;
   }
   if (nir_intrinsic_infos[intr->intrinsic].is_system_value) {
      const struct glsl_type *t = ntv_sysval_type(intr->intrinsic);
      if (t)
         return ntv_kind_for_base_type(glsl_get_base_type(glsl_without_array(t)));
   }
   return NTV_KIND_UINT;
}

static enum ntv_kind
phi_kind(struct ntv_context *ctx, nir_phi_instr *phi)
{
   if (phi->def.bit_size == 1)
      return NTV_KIND_BOOL;
   nir_foreach_phi_src(ps, phi) {
      const enum ntv_kind k = ntv_def_kind(ctx, ps->src.ssa);
      if (k != NTV_KIND_NONE)
         return k;
   }
   return kind_from_uses(ctx, &phi->def); /* NONE: unresolved for now */
}

static enum ntv_kind
instr_kind(struct ntv_context *ctx, nir_instr *instr)
{
   switch (instr->type) {
   case NIR_INSTR_TYPE_ALU:
      return alu_kind(ctx, nir_instr_as_alu(instr));
   case NIR_INSTR_TYPE_DEREF:
      return NTV_KIND_POINTER;
   case NIR_INSTR_TYPE_INTRINSIC:
      return intrinsic_kind(ctx, nir_instr_as_intrinsic(instr));
   case NIR_INSTR_TYPE_TEX: {
      nir_tex_instr *tex = nir_instr_as_tex(instr);
      const enum ntv_kind k = ntv_kind_for_alu_type(tex->dest_type);
      return k == NTV_KIND_NONE ? NTV_KIND_FLOAT : k;
   }
   case NIR_INSTR_TYPE_PHI:
      return phi_kind(ctx, nir_instr_as_phi(instr));
   default:
      return NTV_KIND_NONE;
   }
}

/* Kinds flow forward except through loop phis, so a few sweeps settle
 * them; whatever is still open after that (phis of phis of constants) is
 * an unsigned integer. */
static void
infer_kinds(struct ntv_context *ctx, nir_function_impl *impl)
{
   for (unsigned sweep = 0; sweep < 8; sweep++) {
      bool changed = false;
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            nir_def *def = nir_instr_def(instr);
            if (!def || is_typeless(def) || !def_in_range(ctx, def))
               continue;
            const enum ntv_kind k = instr_kind(ctx, instr);
            if (k != ctx->defs[def->index].kind) {
               ctx->defs[def->index].kind = (uint8_t)k;
               changed = true;
            }
         }
      }
      if (!changed || ntv_failed(ctx))
         break;
   }
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         nir_def *def = nir_instr_def(instr);
         if (def && !is_typeless(def) && def_in_range(ctx, def) &&
             ctx->defs[def->index].kind == NTV_KIND_NONE)
            ctx->defs[def->index].kind = def->bit_size == 1 ? NTV_KIND_BOOL : NTV_KIND_UINT;
      }
   }
}

void
ntv_values_begin(struct ntv_context *ctx, nir_function_impl *impl)
{
   ctx->num_defs = impl->ssa_alloc;
   ctx->defs = arena_zalloc_array(ctx->arena, ctx->num_defs ? ctx->num_defs : 1,
                                  sizeof(struct ntv_def));
   if (!ctx->defs) {
      ntv_fail(ctx, "out of memory");
      ctx->num_defs = 0;
      return;
   }
   nir_index_instrs(impl);
   infer_kinds(ctx, impl);
}

SpvId
ntv_def_id(struct ntv_context *ctx, const nir_def *def)
{
   if (!def_in_range(ctx, def))
      return 0;
   struct ntv_def *d = &ctx->defs[def->index];
   if (!d->id)
      d->id = spvb_id(&ctx->b);
   return d->id;
}

SpvId
ntv_def_type(struct ntv_context *ctx, const nir_def *def)
{
   return ntv_value_type(ctx, ntv_def_kind(ctx, def), def->bit_size, def->num_components);
}

void
ntv_def_alias(struct ntv_context *ctx, const nir_def *def, SpvId value)
{
   if (!def_in_range(ctx, def))
      return;
   struct ntv_def *d = &ctx->defs[def->index];
   if (d->id) {
      /* Already named (a phi in a loop saw it first): copy into that id. */
      spvb_op_to(&ctx->b, d->id, SpvOpCopyObject, ntv_def_type(ctx, def), &value, 1);
      return;
   }
   d->id = value;
}

enum ntv_kind
ntv_want_kind(struct ntv_context *ctx, const nir_def *def, unsigned want)
{
   if (def->bit_size == 1)
      return NTV_KIND_BOOL;
   const enum ntv_kind own = ntv_def_kind(ctx, def);
   if (want & NTV_WANT_ANY_INT) {
      if (kind_is_int(own))
         return own;
      want &= ~NTV_WANT_ANY_INT;
      return want ? (enum ntv_kind)want : NTV_KIND_UINT;
   }
   if (want == NTV_KIND_NONE)
      return own == NTV_KIND_NONE ? NTV_KIND_UINT : own;
   return (enum ntv_kind)want;
}

static uint64_t
raw_bits(nir_const_value v, unsigned bit_size)
{
   switch (bit_size) {
   case 1:
      return v.b;
   case 8:
      return v.u8;
   case 16:
      return v.u16;
   case 32:
      return v.u32;
   default:
      return v.u64;
   }
}

SpvId
ntv_const_value(struct ntv_context *ctx, enum ntv_kind kind, unsigned bit_size,
                unsigned num_components, const nir_const_value *values)
{
   SpvId comps[NIR_MAX_VEC_COMPONENTS];
   if (num_components == 0 || num_components > NIR_MAX_VEC_COMPONENTS) {
      ntv_fail(ctx, "constant with %u components", num_components);
      return 0;
   }
   for (unsigned i = 0; i < num_components; i++) {
      const uint64_t bits = raw_bits(values[i], bit_size);
      switch (kind) {
      case NTV_KIND_BOOL:
         comps[i] = spvb_const_bool(&ctx->b, bits != 0);
         break;
      case NTV_KIND_FLOAT:
         comps[i] = spvb_const_float(&ctx->b, bit_size, bits);
         break;
      case NTV_KIND_SINT:
      case NTV_KIND_UINT:
         comps[i] = spvb_const_int(&ctx->b, bit_size, kind == NTV_KIND_SINT, bits);
         break;
      default:
         ntv_fail(ctx, "constant of kind %u", (unsigned)kind);
         return 0;
      }
   }
   if (num_components == 1)
      return comps[0];
   return spvb_const_composite(&ctx->b, ntv_value_type(ctx, kind, bit_size, num_components),
                               comps, num_components);
}

SpvId
ntv_bitcast(struct ntv_context *ctx, SpvId value, unsigned bit_size,
            unsigned num_components, enum ntv_kind to)
{
   return spvb_op(&ctx->b, SpvOpBitcast, ntv_value_type(ctx, to, bit_size, num_components),
                  &value, 1);
}

static SpvId
convert(struct ntv_context *ctx, const nir_def *def, SpvId value, unsigned n,
        enum ntv_kind to)
{
   const enum ntv_kind own = ntv_def_kind(ctx, def);
   if (own == to)
      return value;
   if (own == NTV_KIND_POINTER || to == NTV_KIND_POINTER || own == NTV_KIND_BOOL ||
       to == NTV_KIND_BOOL) {
      ntv_fail(ctx, "cannot use a %s value as a %s one",
               own == NTV_KIND_POINTER ? "pointer" : "boolean",
               to == NTV_KIND_POINTER ? "pointer" : "non-boolean");
      return 0;
   }
   return ntv_bitcast(ctx, value, def->bit_size, n, to);
}

SpvId
ntv_get_def_swizzled(struct ntv_context *ctx, nir_def *def, const uint8_t *comps,
                     unsigned n, unsigned want)
{
   if (ntv_failed(ctx))
      return 0;
   const enum ntv_kind kind = ntv_want_kind(ctx, def, want);
   for (unsigned i = 0; i < n; i++) {
      if (comps[i] >= def->num_components) {
         ntv_fail(ctx, "swizzle reads component %u of a %u-component value", comps[i],
                  def->num_components);
         return 0;
      }
   }
   nir_instr *parent = def->parent_instr;
   if (parent->type == NIR_INSTR_TYPE_LOAD_CONST) {
      nir_load_const_instr *lc = nir_instr_as_load_const(parent);
      nir_const_value vals[NIR_MAX_VEC_COMPONENTS];
      for (unsigned i = 0; i < n; i++)
         vals[i] = lc->value[comps[i]];
      return ntv_const_value(ctx, kind, def->bit_size, n, vals);
   }
   if (parent->type == NIR_INSTR_TYPE_UNDEF)
      return spvb_undef(&ctx->b, ntv_value_type(ctx, kind, def->bit_size, n));

   const SpvId value = ntv_def_id(ctx, def);
   bool identity = n == def->num_components;
   for (unsigned i = 0; i < n && identity; i++)
      identity = comps[i] == i;
   if (identity)
      return convert(ctx, def, value, n, kind);

   /* Several components of a vector: one OpVectorShuffle (spirv_to_nir
    * reads a shuffle of one vector back as this swizzle). A scalar
    * splatted: a construct, shuffles needing vector operands. */
   const enum ntv_kind own = ntv_def_kind(ctx, def);
   SpvId picked;
   if (n == 1) {
      picked = def->num_components == 1
                  ? value
                  : spvb_composite_extract(&ctx->b, ntv_scalar_type(ctx, own, def->bit_size),
                                           value, (const uint32_t[]){comps[0]}, 1);
   } else if (def->num_components == 1) {
      SpvId parts[NIR_MAX_VEC_COMPONENTS];
      for (unsigned i = 0; i < n; i++)
         parts[i] = value;
      picked = spvb_composite_construct(&ctx->b, ntv_value_type(ctx, own, def->bit_size, n),
                                        parts, n);
   } else {
      uint32_t c32[NIR_MAX_VEC_COMPONENTS];
      for (unsigned i = 0; i < n; i++)
         c32[i] = comps[i];
      picked = spvb_vector_shuffle(&ctx->b, ntv_value_type(ctx, own, def->bit_size, n), value,
                                   value, c32, n);
   }
   return convert(ctx, def, picked, n, kind);
}

SpvId
ntv_get_def(struct ntv_context *ctx, nir_def *def, unsigned want)
{
   static const uint8_t identity[NIR_MAX_VEC_COMPONENTS] = {0, 1, 2,  3,  4,  5,  6,  7,
                                                            8, 9, 10, 11, 12, 13, 14, 15};
   return ntv_get_def_swizzled(ctx, def, identity, def->num_components, want);
}
