/* SPDX-License-Identifier: MIT */
/* Texture instructions (sampling, fetches, gathers, queries) and storage
 * image intrinsics. */
#include "ntv/ntv_private.h"

struct tex_srcs {
   nir_def *coord, *proj, *comparator, *offset, *bias, *lod, *min_lod, *ms_index, *ddx,
      *ddy;
   nir_src *texture, *sampler;
};

static bool
gather_srcs(struct ntv_context *ctx, nir_tex_instr *tex, struct tex_srcs *s)
{
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      nir_def *d = tex->src[i].src.ssa;
      switch (tex->src[i].src_type) {
      case NIR_TEX_SRC_COORD:
         s->coord = d;
         break;
      case NIR_TEX_SRC_PROJECTOR:
         s->proj = d;
         break;
      case NIR_TEX_SRC_COMPARATOR:
         s->comparator = d;
         break;
      case NIR_TEX_SRC_OFFSET:
         s->offset = d;
         break;
      case NIR_TEX_SRC_BIAS:
         s->bias = d;
         break;
      case NIR_TEX_SRC_LOD:
         s->lod = d;
         break;
      case NIR_TEX_SRC_MIN_LOD:
         s->min_lod = d;
         break;
      case NIR_TEX_SRC_MS_INDEX:
         s->ms_index = d;
         break;
      case NIR_TEX_SRC_DDX:
         s->ddx = d;
         break;
      case NIR_TEX_SRC_DDY:
         s->ddy = d;
         break;
      case NIR_TEX_SRC_TEXTURE_DEREF:
         s->texture = &tex->src[i].src;
         break;
      case NIR_TEX_SRC_SAMPLER_DEREF:
         s->sampler = &tex->src[i].src;
         break;
      default:
         ntv_fail(ctx, "texture source %s has no Vulkan SPIR-V form (lower it first)",
                  nir_tex_src_type_name(tex->src[i].src_type));
         return false;
      }
   }
   if (!s->texture || !nir_src_as_deref(*s->texture)) {
      ntv_fail(ctx, "texture instruction without a texture deref");
      return false;
   }
   if (s->sampler && !nir_src_as_deref(*s->sampler)) {
      ntv_fail(ctx, "texture instruction with a sampler that is not a deref");
      return false;
   }
   return true;
}

static void
non_uniform(struct ntv_context *ctx, SpvId id)
{
   ntv_capability_ext(ctx, SpvCapabilityShaderNonUniform, "SPV_EXT_descriptor_indexing",
                      SPVB_VERSION(1, 5));
   spvb_decorate(&ctx->b, id, SpvDecorationNonUniform, NULL, 0);
}

/* The loaded texture object: a sampled image for sampling ops, an image for
 * fetches and queries. */
static SpvId
texture_object(struct ntv_context *ctx, nir_tex_instr *tex, struct tex_srcs *s,
               bool sampling)
{
   nir_deref_instr *tderef = nir_src_as_deref(*s->texture);
   const struct glsl_type *t = tderef->type;
   const SpvId loaded = spvb_load(&ctx->b, ntv_type(ctx, t),
                                  ntv_deref_ptr(ctx, tderef));
   if (tex->texture_non_uniform)
      non_uniform(ctx, loaded);
   const bool buffer_as_image = glsl_type_is_sampled_image(t) &&
                                glsl_get_sampler_dim(t) == GLSL_SAMPLER_DIM_BUF &&
                                ntv_version_at_least(ctx, 1, 6);
   if (glsl_type_is_sampled_image(t) && !buffer_as_image) {
      if (sampling)
         return loaded;
      return spvb_op(&ctx->b, SpvOpImage, ntv_type(ctx, glsl_get_image_type(t)), &loaded, 1);
   }
   if (!glsl_type_is_image(t) && !buffer_as_image) {
      ntv_fail(ctx, "texture deref of a type that is not an image");
      return 0;
   }
   if (!sampling)
      return loaded;
   if (buffer_as_image) {
      ntv_fail(ctx, "sampling a buffer texture");
      return 0;
   }
   if (!s->sampler) {
      ntv_fail(ctx, "sampling a texture without a sampler");
      return 0;
   }
   nir_deref_instr *sderef = nir_src_as_deref(*s->sampler);
   const SpvId smp = spvb_load(&ctx->b, ntv_type(ctx, sderef->type),
                               ntv_deref_ptr(ctx, sderef));
   if (tex->sampler_non_uniform)
      non_uniform(ctx, smp);
   const SpvId si_type = spvb_type_sampled_image(&ctx->b, ntv_type(ctx, t));
   const SpvId si = spvb_op(&ctx->b, SpvOpSampledImage, si_type, SPVB_WORDS(loaded, smp));
   if (tex->texture_non_uniform || tex->sampler_non_uniform)
      non_uniform(ctx, si);
   return si;
}

struct image_operands {
   uint32_t mask;
   SpvId words[8];
   unsigned n;
};

static void
operand(struct image_operands *o, uint32_t bit, SpvId a, SpvId b)
{
   o->mask |= bit;
   o->words[o->n++] = a;
   if (b)
      o->words[o->n++] = b;
}

static SpvId
int_src(struct ntv_context *ctx, nir_def *d)
{
   return ntv_get_def(ctx, d, NTV_WANT_ANY_INT | NTV_KIND_SINT);
}

static SpvId
float_src(struct ntv_context *ctx, nir_def *d)
{
   return ntv_get_def(ctx, d, NTV_KIND_FLOAT);
}

/* Operands in the order of their mask bits (SPIR-V 1.6 section 3.14). */
static void
image_operands(struct ntv_context *ctx, nir_tex_instr *tex, struct tex_srcs *s,
               struct image_operands *o)
{
   const bool fetch = tex->op == NIR_TEXOP_TXF || tex->op == NIR_TEXOP_TXF_MS;
   if (s->bias)
      operand(o, SpvImageOperandsBiasMask, float_src(ctx, s->bias), 0);
   if (s->lod && tex->op != NIR_TEXOP_TXS && tex->op != NIR_TEXOP_QUERY_LEVELS &&
       !(fetch && tex->sampler_dim == GLSL_SAMPLER_DIM_BUF))
      operand(o, SpvImageOperandsLodMask, fetch ? int_src(ctx, s->lod) : float_src(ctx, s->lod),
              0);
   if (s->ddx && s->ddy)
      operand(o, SpvImageOperandsGradMask, float_src(ctx, s->ddx), float_src(ctx, s->ddy));
   if (s->offset) {
      if (s->offset->parent_instr->type == NIR_INSTR_TYPE_LOAD_CONST) {
         operand(o, SpvImageOperandsConstOffsetMask, int_src(ctx, s->offset), 0);
      } else {
         spvb_capability(&ctx->b, SpvCapabilityImageGatherExtended);
         operand(o, SpvImageOperandsOffsetMask, int_src(ctx, s->offset), 0);
      }
   }
   if (tex->op == NIR_TEXOP_TG4 && tex->has_tg4_offsets) {
      spvb_capability(&ctx->b, SpvCapabilityImageGatherExtended);
      SpvId offs[4];
      const SpvId ivec2 = ntv_value_type(ctx, NTV_KIND_SINT, 32, 2);
      for (unsigned i = 0; i < 4; i++) {
         offs[i] = spvb_const_composite(
            &ctx->b, ivec2,
            SPVB_WORDS(ntv_const_i32(ctx, tex->tg4_offsets[i][0]),
                       ntv_const_i32(ctx, tex->tg4_offsets[i][1])));
      }
      const SpvId arr = spvb_type_array(&ctx->b, ivec2, 4, 0);
      operand(o, SpvImageOperandsConstOffsetsMask, spvb_const_composite(&ctx->b, arr, offs, 4),
              0);
   }
   if (s->ms_index)
      operand(o, SpvImageOperandsSampleMask, int_src(ctx, s->ms_index), 0);
   if (s->min_lod) {
      spvb_capability(&ctx->b, SpvCapabilityMinLod);
      operand(o, SpvImageOperandsMinLodMask, float_src(ctx, s->min_lod), 0);
   }
}

/* The coordinate, with the projector appended for Proj sampling. */
static SpvId
coordinate(struct ntv_context *ctx, nir_tex_instr *tex, struct tex_srcs *s, bool is_float)
{
   if (!s->coord) {
      ntv_fail(ctx, "texture instruction without a coordinate");
      return 0;
   }
   if (!s->proj)
      return is_float ? float_src(ctx, s->coord) : int_src(ctx, s->coord);
   const unsigned n = s->coord->num_components;
   SpvId parts[5];
   for (unsigned i = 0; i < n && i < 4; i++) {
      const uint8_t c = (uint8_t)i;
      parts[i] = ntv_get_def_swizzled(ctx, s->coord, &c, 1, NTV_KIND_FLOAT);
   }
   parts[n] = float_src(ctx, s->proj);
   return spvb_composite_construct(
      &ctx->b, ntv_value_type(ctx, NTV_KIND_FLOAT, s->coord->bit_size, n + 1), parts, n + 1);
}

/* Writes a texel result into the def, shaped as the IR wants it (a scalar
 * Dref result splatted for an old-style shadow vec4). */
static void
finish_result(struct ntv_context *ctx, nir_tex_instr *tex, SpvOp op, SpvId type,
              const SpvId *w, unsigned n, unsigned result_components)
{
   const unsigned want = tex->def.num_components;
   if (want == result_components) {
      spvb_op_to(&ctx->b, ntv_def_id(ctx, &tex->def), op, ntv_def_type(ctx, &tex->def), w, n);
      return;
   }
   const SpvId v = spvb_op(&ctx->b, op, type, w, n);
   if (result_components == 1) {
      SpvId parts[4] = {v, v, v, v};
      spvb_op_to(&ctx->b, ntv_def_id(ctx, &tex->def), SpvOpCompositeConstruct,
                 ntv_def_type(ctx, &tex->def), parts, want);
   } else if (want == 1) {
      spvb_op_to(&ctx->b, ntv_def_id(ctx, &tex->def), SpvOpCompositeExtract,
                 ntv_def_type(ctx, &tex->def), SPVB_WORDS(v, 0));
   } else {
      const SpvId scalar = ntv_scalar_type(ctx, ntv_def_kind(ctx, &tex->def), tex->def.bit_size);
      SpvId parts[4];
      for (unsigned i = 0; i < want && i < 4; i++)
         parts[i] = spvb_composite_extract(&ctx->b, scalar, v, &i, 1);
      spvb_op_to(&ctx->b, ntv_def_id(ctx, &tex->def), SpvOpCompositeConstruct,
                 ntv_def_type(ctx, &tex->def), parts, want);
   }
}

static void
emit_query(struct ntv_context *ctx, nir_tex_instr *tex, struct tex_srcs *s)
{
   spvb_capability(&ctx->b, SpvCapabilityImageQuery);
   const SpvId image = texture_object(ctx, tex, s, false);
   const SpvId type = ntv_def_type(ctx, &tex->def);
   const SpvId result = ntv_def_id(ctx, &tex->def);
   switch (tex->op) {
   case NIR_TEXOP_TXS: {
      const bool has_lod = tex->sampler_dim != GLSL_SAMPLER_DIM_BUF &&
                           tex->sampler_dim != GLSL_SAMPLER_DIM_RECT &&
                           tex->sampler_dim != GLSL_SAMPLER_DIM_SUBPASS_MS &&
                           !nir_src_as_deref(*s->texture)->type->sampler_ms;
      if (has_lod) {
         const SpvId lod = s->lod ? int_src(ctx, s->lod) : ntv_const_i32(ctx, 0);
         spvb_op_to(&ctx->b, result, SpvOpImageQuerySizeLod, type, SPVB_WORDS(image, lod));
      } else {
         spvb_op_to(&ctx->b, result, SpvOpImageQuerySize, type, &image, 1);
      }
      break;
   }
   case NIR_TEXOP_QUERY_LEVELS:
      spvb_op_to(&ctx->b, result, SpvOpImageQueryLevels, type, &image, 1);
      break;
   default:
      spvb_op_to(&ctx->b, result, SpvOpImageQuerySamples, type, &image, 1);
      break;
   }
}

void
ntv_emit_tex(struct ntv_context *ctx, nir_tex_instr *tex)
{
   struct tex_srcs s = {0};
   if (!gather_srcs(ctx, tex, &s))
      return;
   if (tex->sampler_dim == GLSL_SAMPLER_DIM_1D)
      spvb_capability(&ctx->b, SpvCapabilitySampled1D);

   switch (tex->op) {
   case NIR_TEXOP_TXS:
   case NIR_TEXOP_QUERY_LEVELS:
   case NIR_TEXOP_TEXTURE_SAMPLES:
      emit_query(ctx, tex, &s);
      return;
   case NIR_TEXOP_LOD: {
      spvb_capability(&ctx->b, SpvCapabilityImageQuery);
      const SpvId si = texture_object(ctx, tex, &s, true);
      const SpvId coord = coordinate(ctx, tex, &s, true);
      spvb_op_to(&ctx->b, ntv_def_id(ctx, &tex->def), SpvOpImageQueryLod,
                 ntv_def_type(ctx, &tex->def), SPVB_WORDS(si, coord));
      return;
   }
   default:
      break;
   }

   const bool fetch = tex->op == NIR_TEXOP_TXF || tex->op == NIR_TEXOP_TXF_MS;
   const SpvId object = texture_object(ctx, tex, &s, !fetch);
   const SpvId coord = coordinate(ctx, tex, &s, !fetch);
   const enum ntv_kind kind = ntv_kind_for_alu_type(tex->dest_type);
   const unsigned bits = nir_alu_type_get_type_size(tex->dest_type)
                            ? nir_alu_type_get_type_size(tex->dest_type)
                            : 32;
   const SpvId vec4 = ntv_value_type(ctx, kind, bits, 4);
   const SpvId scalar = ntv_scalar_type(ctx, kind, bits);
   struct image_operands o = {0};

   SpvId w[16];
   unsigned n = 0;
   w[n++] = object;
   w[n++] = coord;
   SpvOp op;
   bool dref = s.comparator != NULL;
   if (fetch) {
      op = SpvOpImageFetch;
   } else if (tex->op == NIR_TEXOP_TG4) {
      op = dref ? SpvOpImageDrefGather : SpvOpImageGather;
      w[n++] = dref ? float_src(ctx, s.comparator) : ntv_const_u32(ctx, tex->component);
      dref = false; /* gathers return vec4 either way */
   } else {
      const bool explicit_lod = tex->op == NIR_TEXOP_TXL || tex->op == NIR_TEXOP_TXD;
      if (explicit_lod)
         op = dref ? (s.proj ? SpvOpImageSampleProjDrefExplicitLod
                             : SpvOpImageSampleDrefExplicitLod)
                   : (s.proj ? SpvOpImageSampleProjExplicitLod : SpvOpImageSampleExplicitLod);
      else
         op = dref ? (s.proj ? SpvOpImageSampleProjDrefImplicitLod
                             : SpvOpImageSampleDrefImplicitLod)
                   : (s.proj ? SpvOpImageSampleProjImplicitLod : SpvOpImageSampleImplicitLod);
      if (s.comparator)
         w[n++] = float_src(ctx, s.comparator);
   }
   image_operands(ctx, tex, &s, &o);
   if (o.mask) {
      w[n++] = o.mask;
      for (unsigned i = 0; i < o.n; i++)
         w[n++] = o.words[i];
   }
   if (dref)
      finish_result(ctx, tex, op, scalar, w, n, 1);
   else
      finish_result(ctx, tex, op, vec4, w, n, 4);
   if (tex->texture_non_uniform || tex->sampler_non_uniform)
      non_uniform(ctx, ntv_def_id(ctx, &tex->def));
}

/* ---- storage images ---------------------------------------------------------------- */

static SpvId
image_coord(struct ntv_context *ctx, nir_intrinsic_instr *intr, const struct glsl_type *t)
{
   unsigned n = glsl_get_sampler_coordinate_components(t);
   if (n == 0 || n > 4) {
      ntv_fail(ctx, "image with %u coordinate components", n);
      return 0;
   }
   static const uint8_t comps[4] = {0, 1, 2, 3};
   if (n > intr->src[1].ssa->num_components) {
      ntv_fail(ctx, "image coordinate too short");
      return 0;
   }
   return ntv_get_def_swizzled(ctx, intr->src[1].ssa, comps, n, NTV_WANT_ANY_INT | NTV_KIND_SINT);
}

static const struct glsl_type *
image_deref_type(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   nir_deref_instr *deref = nir_src_as_deref(intr->src[0]);
   if (!deref || !glsl_type_is_image(deref->type)) {
      ntv_fail(ctx, "image intrinsic without an image deref");
      return NULL;
   }
   return deref->type;
}

bool
ntv_emit_image_intrinsic(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_IMAGE_DEREF_LOAD:
   case NIR_INTRINSIC_IMAGE_DEREF_STORE:
   case NIR_INTRINSIC_IMAGE_DEREF_ATOMIC:
   case NIR_INTRINSIC_IMAGE_DEREF_ATOMIC_SWAP:
   case NIR_INTRINSIC_IMAGE_DEREF_SIZE:
   case NIR_INTRINSIC_IMAGE_DEREF_SAMPLES:
      break;
   default:
      return false;
   }
   const struct glsl_type *t = image_deref_type(ctx, intr);
   if (!t)
      return true;
   struct spvb_builder *b = &ctx->b;
   const SpvId ptr = ntv_deref_ptr(ctx, nir_src_as_deref(intr->src[0]));
   const bool ms = t->sampler_ms;

   switch (intr->intrinsic) {
   case NIR_INTRINSIC_IMAGE_DEREF_SIZE:
   case NIR_INTRINSIC_IMAGE_DEREF_SAMPLES: {
      spvb_capability(b, SpvCapabilityImageQuery);
      const SpvId image = spvb_load(b, ntv_type(ctx, t), ptr);
      spvb_op_to(b, ntv_def_id(ctx, &intr->def),
                 intr->intrinsic == NIR_INTRINSIC_IMAGE_DEREF_SIZE ? SpvOpImageQuerySize
                                                                   : SpvOpImageQuerySamples,
                 ntv_def_type(ctx, &intr->def), &image, 1);
      return true;
   }
   case NIR_INTRINSIC_IMAGE_DEREF_ATOMIC:
   case NIR_INTRINSIC_IMAGE_DEREF_ATOMIC_SWAP: {
      const SpvId coord = image_coord(ctx, intr, t);
      const SpvId sample =
         ms ? ntv_get_src(ctx, intr->src[2], NTV_WANT_ANY_INT | NTV_KIND_SINT)
            : ntv_const_u32(ctx, 0);
      const enum ntv_kind kind = ntv_def_kind(ctx, &intr->def);
      const SpvId texel_ptr = spvb_type_pointer(
         b, SpvStorageClassImage, ntv_scalar_type(ctx, kind, intr->def.bit_size));
      const SpvId p = spvb_op(b, SpvOpImageTexelPointer, texel_ptr,
                              SPVB_WORDS(ptr, coord, sample));
      ntv_emit_atomic(ctx, intr, p, SpvStorageClassImage, 3);
      return true;
   }
   default:
      break;
   }

   const SpvId image = spvb_load(b, ntv_type(ctx, t), ptr);
   const SpvId coord = image_coord(ctx, intr, t);
   SpvId w[6] = {image, coord};
   unsigned n = 2;
   const bool load = intr->intrinsic == NIR_INTRINSIC_IMAGE_DEREF_LOAD;
   if (load) {
      if (t->image_format == NIR_FORMAT_UNKNOWN && t->sampler_dim != GLSL_SAMPLER_DIM_SUBPASS &&
          t->sampler_dim != GLSL_SAMPLER_DIM_SUBPASS_MS)
         spvb_capability(b, SpvCapabilityStorageImageReadWithoutFormat);
   } else {
      if (t->image_format == NIR_FORMAT_UNKNOWN)
         spvb_capability(b, SpvCapabilityStorageImageWriteWithoutFormat);
      const enum ntv_kind kind = ntv_kind_for_alu_type(nir_intrinsic_src_type(intr));
      w[n++] = ntv_get_src(ctx, intr->src[3], kind);
   }
   if (ms) {
      w[n++] = SpvImageOperandsSampleMask;
      w[n++] = ntv_get_src(ctx, intr->src[2], NTV_WANT_ANY_INT | NTV_KIND_SINT);
   }
   if (!load) {
      spvb_op_void(b, SpvOpImageWrite, w, n);
      return true;
   }
   const enum ntv_kind kind = ntv_def_kind(ctx, &intr->def);
   const SpvId vec4 = ntv_value_type(ctx, kind, intr->def.bit_size, 4);
   if (intr->def.num_components == 4) {
      spvb_op_to(b, ntv_def_id(ctx, &intr->def), SpvOpImageRead, vec4, w, n);
      return true;
   }
   const SpvId v = spvb_op(b, SpvOpImageRead, vec4, w, n);
   if (intr->def.num_components == 1) {
      spvb_op_to(b, ntv_def_id(ctx, &intr->def), SpvOpCompositeExtract,
                 ntv_def_type(ctx, &intr->def), SPVB_WORDS(v, 0));
   } else {
      const SpvId scalar = ntv_scalar_type(ctx, kind, intr->def.bit_size);
      SpvId parts[4];
      for (unsigned i = 0; i < intr->def.num_components && i < 4; i++)
         parts[i] = spvb_composite_extract(b, scalar, v, &i, 1);
      spvb_op_to(b, ntv_def_id(ctx, &intr->def), SpvOpCompositeConstruct,
                 ntv_def_type(ctx, &intr->def), parts, intr->def.num_components);
   }
   return true;
}
