/* SPDX-License-Identifier: MIT */
/*
 * Images and sampling: OpSampledImage/OpImage, every OpImageSample*
 * (implicit/explicit lod, Dref, Proj), Fetch, Gather (with ConstOffsets),
 * DrefGather, the queries, Read/Write on storage images, texel buffers and
 * subpass inputs, and image atomics through OpImageTexelPointer.
 */
#include "stn_ir.h"

#include <string.h>

/* The image type behind an opaque value or pointer. */
static const struct stn_type *
image_type_of(const struct stn_type *t)
{
   while (t->base == STN_BASE_ARRAY || t->base == STN_BASE_RUNTIME_ARRAY)
      t = t->element;
   return t->base == STN_BASE_SAMPLED_IMAGE ? t->image : t;
}

static struct stn_ssa *
opaque_operand(struct stn_builder *b, uint32_t id, bool need_sampler)
{
   struct stn_ssa *s = stn_ssa_value(b, id);
   if (!s->image || (need_sampler && s->image->pointee->base != STN_BASE_SAMPLED_IMAGE &&
                     !s->sampler))
      stn_fail(b, "id %u must be %s", id, need_sampler ? "a sampled image" : "an image");
   return s;
}

static unsigned
coord_components(const struct stn_type *img)
{
   unsigned n;
   switch (img->dim) {
   case SpvDim1D:
   case SpvDimBuffer:
      n = 1;
      break;
   case SpvDim3D:
   case SpvDimCube:
      n = 3;
      break;
   default:
      n = 2;
      break;
   }
   return n + (img->arrayed ? 1 : 0);
}

static nir_def *
coord_def(struct stn_builder *b, uint32_t id, unsigned want, bool is_float)
{
   nir_def *c = stn_def(b, id);
   if (c->num_components < want)
      stn_fail(b, "coordinate %u has %u components, %u are needed", id, c->num_components,
               want);
   if (c->bit_size == 1 || (is_float && c->bit_size == 64))
      stn_fail(b, "coordinate %u has the wrong type", id);
   return c->num_components > want ? nir_trim_vector(stn_nb(b), c, want) : c;
}

/* ---- canonical coordinates ---------------------------------------------
 *
 * Where the IR and SPIR-V disagree on a coordinate's shape (image
 * intrinsics take it padded to 4; Proj sampling keeps the projector apart)
 * the IR -> SPIR-V direction reshapes it with a shuffle or a construct.
 * Reading such a reshaped value back, these look through the reshaping, so
 * a second round trip sees the same IR as the first. */

/* The value a one-component def reads (its component in *comp): the
 * source of a one-component mov, or the def itself. */
static nir_def *
component_source(nir_def *def, unsigned *comp)
{
   nir_instr *in = def->parent_instr;
   if (def->num_components != 1)
      return NULL;
   if (in->type == NIR_INSTR_TYPE_ALU && nir_instr_as_alu(in)->op == NIR_OP_MOV) {
      const nir_alu_instr *mov = nir_instr_as_alu(in);
      *comp = mov->src[0].swizzle[0];
      return mov->src[0].src.ssa;
   }
   *comp = 0;
   return def;
}

/* If c is a prefix swizzle (mov .x, .xy, .xyz) of a 4-component value:
 * that value, which is c padded. */
static nir_def *
pad_coordinate(struct stn_builder *b, nir_def *c)
{
   if (c->num_components == 4)
      return c;
   nir_instr *in = c->parent_instr;
   if (in->type == NIR_INSTR_TYPE_ALU && nir_instr_as_alu(in)->op == NIR_OP_MOV) {
      const nir_alu_instr *mov = nir_instr_as_alu(in);
      nir_def *src = mov->src[0].src.ssa;
      bool prefix = src->num_components == 4;
      for (unsigned i = 0; prefix && i < c->num_components; i++)
         prefix = mov->src[0].swizzle[i] == i;
      if (prefix)
         return src;
   }
   return nir_pad_vector(stn_nb(b), c, 4);
}

/* Splits a Proj coordinate of n + 1 components into the coordinate and
 * the projector, reusing the n-component value it was built from. */
static void
split_projective(struct stn_builder *b, nir_def *c, unsigned n, nir_def **coord,
                 nir_def **proj)
{
   nir_builder *nb = stn_nb(b);
   nir_instr *in = c->parent_instr;
   if (in->type == NIR_INSTR_TYPE_ALU && nir_instr_as_alu(in)->op == nir_op_vec(n + 1)) {
      nir_alu_instr *vec = nir_instr_as_alu(in);
      nir_def *y = NULL;
      bool ok = true;
      for (unsigned i = 0; ok && i < n; i++) {
         unsigned comp;
         nir_def *d = vec->src[i].src.ssa;
         /* A one-component coordinate is the scalar itself, whatever it
          * was taken from (1D: texcoord.x stays a mov). */
         nir_def *src = d->num_components == 1 && n > 1 ? component_source(d, &comp) : d;
         if (d->num_components != 1 || n == 1)
            comp = vec->src[i].swizzle[0];
         ok = src && src->num_components == n && comp == i && (!y || y == src);
         y = src;
      }
      nir_def *p = vec->src[n].src.ssa;
      if (ok && y && p->num_components == 1 && vec->src[n].swizzle[0] == 0) {
         *coord = y;
         *proj = p;
         return;
      }
   }
   *coord = nir_channels_range(nb, c, 0, n);
   *proj = nir_channel(nb, c, n);
}

static nir_alu_type
result_alu_type(struct stn_builder *b, const struct stn_type *rt, bool shadow)
{
   const struct stn_type *s = rt->scalar ? rt->scalar : rt;
   if ((s->base != STN_BASE_INT && s->base != STN_BASE_FLOAT) ||
       (!shadow && rt->components != 4) || (shadow && rt->components != 1))
      stn_fail(b, "sampling result must be a %s of numbers", shadow ? "scalar" : "4-vector");
   return stn_type_alu_type(rt);
}

struct tex_build {
   nir_tex_src srcs[NIR_NUM_TEX_SRC_TYPES + 2];
   unsigned n;
};

static void
add_src(struct stn_builder *b, struct tex_build *t, nir_tex_src_type type, nir_def *def)
{
   if (t->n >= ARRAY_SIZE(t->srcs))
      stn_fail(b, "too many texture operands");
   t->srcs[t->n].src_type = type;
   t->srcs[t->n].src = nir_src_for_ssa(def);
   t->n++;
}

static bool
is_non_uniform(struct stn_builder *b, uint32_t id)
{
   return stn_find_decoration(stn_untyped_value(b, id), -1, SpvDecorationNonUniform) != NULL;
}

/* Reads the image operands (mask at word `at`) into texture sources. */
static void
image_operands(struct stn_builder *b, const struct stn_inst *inst, unsigned at,
               struct tex_build *t, nir_texop *op, nir_tex_instr *proto, unsigned coords)
{
   if (at >= inst->count)
      return;
   const uint32_t mask = inst->w[at];
   unsigned w = at + 1;
   const uint32_t known = SpvImageOperandsBiasMask | SpvImageOperandsLodMask |
                          SpvImageOperandsGradMask | SpvImageOperandsConstOffsetMask |
                          SpvImageOperandsOffsetMask | SpvImageOperandsConstOffsetsMask |
                          SpvImageOperandsSampleMask | SpvImageOperandsMinLodMask |
                          SpvImageOperandsNonPrivateTexelMask |
                          SpvImageOperandsVolatileTexelMask | SpvImageOperandsSignExtendMask |
                          SpvImageOperandsZeroExtendMask | SpvImageOperandsNontemporalMask;
   if (mask & ~known)
      stn_fail(b, "image operands 0x%x are not supported", mask & ~known);
   const unsigned offset_comps = coords - (proto->is_array ? 1 : 0);

   if (mask & SpvImageOperandsBiasMask) {
      nir_def *bias = stn_def(b, stn_inst_word(b, inst, w++));
      if (bias->num_components != 1 || *op != NIR_TEXOP_TEX)
         stn_fail(b, "Bias must be a scalar on an implicit-lod sample");
      *op = NIR_TEXOP_TXB;
      add_src(b, t, NIR_TEX_SRC_BIAS, bias);
   }
   if (mask & SpvImageOperandsLodMask) {
      nir_def *lod = stn_def(b, stn_inst_word(b, inst, w++));
      if (lod->num_components != 1)
         stn_fail(b, "Lod must be a scalar");
      if (*op == NIR_TEXOP_TEX)
         *op = NIR_TEXOP_TXL;
      add_src(b, t, NIR_TEX_SRC_LOD, lod);
   }
   if (mask & SpvImageOperandsGradMask) {
      nir_def *dx = stn_def(b, stn_inst_word(b, inst, w++));
      nir_def *dy = stn_def(b, stn_inst_word(b, inst, w++));
      if (dx->num_components != offset_comps || dy->num_components != offset_comps ||
          *op != NIR_TEXOP_TXL)
         stn_fail(b, "Grad needs %u-component gradients on an explicit-lod sample",
                  offset_comps);
      *op = NIR_TEXOP_TXD;
      add_src(b, t, NIR_TEX_SRC_DDX, dx);
      add_src(b, t, NIR_TEX_SRC_DDY, dy);
   }
   if (mask & (SpvImageOperandsConstOffsetMask | SpvImageOperandsOffsetMask)) {
      if ((mask & SpvImageOperandsConstOffsetMask) && (mask & SpvImageOperandsOffsetMask))
         stn_fail(b, "ConstOffset and Offset together");
      nir_def *off = stn_def(b, stn_inst_word(b, inst, w++));
      if (off->num_components != offset_comps || off->bit_size != 32)
         stn_fail(b, "the offset must be a %u-component 32-bit integer", offset_comps);
      add_src(b, t, NIR_TEX_SRC_OFFSET, off);
   }
   if (mask & SpvImageOperandsConstOffsetsMask) {
      struct stn_constant *c = stn_get_constant(b, stn_inst_word(b, inst, w++));
      if (*op != NIR_TEXOP_TG4 || c->type->base != STN_BASE_ARRAY || c->type->length != 4 ||
          c->type->element->base != STN_BASE_VECTOR || c->type->element->components != 2)
         stn_fail(b, "ConstOffsets must be 4 ivec2 on a gather");
      proto->has_tg4_offsets = true;
      for (unsigned i = 0; i < 4; i++) {
         for (unsigned k = 0; k < 2; k++) {
            const nir_constant *e = c->c->num_elements ? c->c->elements[i] : NULL;
            const int32_t v = e ? e->values[k].i32 : 0;
            proto->tg4_offsets[i][k] = (int8_t)CLAMP(v, -128, 127);
         }
      }
   }
   if (mask & SpvImageOperandsSampleMask) {
      nir_def *s = stn_def(b, stn_inst_word(b, inst, w++));
      if (s->num_components != 1 || s->bit_size != 32)
         stn_fail(b, "Sample must be a 32-bit integer");
      if (*op == NIR_TEXOP_TXF)
         *op = NIR_TEXOP_TXF_MS;
      else
         stn_fail(b, "Sample on something other than a fetch");
      add_src(b, t, NIR_TEX_SRC_MS_INDEX, s);
   }
   if (mask & SpvImageOperandsMinLodMask) {
      nir_def *m = stn_def(b, stn_inst_word(b, inst, w++));
      if (m->num_components != 1)
         stn_fail(b, "MinLod must be a scalar");
      add_src(b, t, NIR_TEX_SRC_MIN_LOD, m);
   }
}

/* The settings of a texture instruction are gathered in a stack copy and
 * the real one is made once the sources are known. */
static void
new_tex(nir_tex_instr *proto, nir_texop op, const struct stn_type *img)
{
   memset(proto, 0, sizeof(*proto));
   proto->op = op;
   proto->sampler_dim = glsl_get_sampler_dim(img->glsl);
   proto->is_array = img->arrayed;
}

static nir_def *
finish_tex(struct stn_builder *b, nir_tex_instr *proto, struct tex_build *t)
{
   nir_tex_instr *tex = nir_tex_instr_create(b->ir->shader, t->n);
   if (!tex)
      stn_fail(b, "out of memory");
   /* Copy the settings, then the sources (the instruction owns them). */
   tex->op = proto->op;
   tex->sampler_dim = proto->sampler_dim;
   tex->dest_type = proto->dest_type;
   tex->coord_components = proto->coord_components;
   tex->is_array = proto->is_array;
   tex->is_shadow = proto->is_shadow;
   tex->is_new_style_shadow = true;
   tex->component = proto->component;
   tex->has_tg4_offsets = proto->has_tg4_offsets;
   for (unsigned i = 0; i < 4; i++) {
      tex->tg4_offsets[i][0] = proto->tg4_offsets[i][0];
      tex->tg4_offsets[i][1] = proto->tg4_offsets[i][1];
   }
   tex->texture_non_uniform = proto->texture_non_uniform;
   tex->sampler_non_uniform = proto->sampler_non_uniform;
   for (unsigned i = 0; i < t->n; i++) {
      tex->src[i].src_type = t->srcs[i].src_type;
      tex->src[i].src.ssa = t->srcs[i].src.ssa;
   }
   stn_emit_count(b);
   nir_def *d = nir_builder_tex_finish_and_insert(stn_nb(b), tex);
   stn_check_ir_oom(b);
   return d;
}

static void
add_derefs(struct stn_builder *b, struct tex_build *t, struct stn_ssa *s, bool with_sampler)
{
   nir_deref_instr *tex = stn_pointer_deref(b, s->image);
   add_src(b, t, NIR_TEX_SRC_TEXTURE_DEREF, &tex->def);
   if (!with_sampler)
      return;
   /* A combined sampler is its own sampler. */
   nir_deref_instr *smp = s->sampler ? stn_pointer_deref(b, s->sampler) : tex;
   add_src(b, t, NIR_TEX_SRC_SAMPLER_DEREF, &smp->def);
}

static void
sample(struct stn_builder *b, const struct stn_inst *inst)
{
   const SpvOp opc = inst->opcode;
   const bool explicit_lod = opc == SpvOpImageSampleExplicitLod ||
                             opc == SpvOpImageSampleDrefExplicitLod ||
                             opc == SpvOpImageSampleProjExplicitLod ||
                             opc == SpvOpImageSampleProjDrefExplicitLod;
   const bool dref = opc == SpvOpImageSampleDrefImplicitLod ||
                     opc == SpvOpImageSampleDrefExplicitLod ||
                     opc == SpvOpImageSampleProjDrefImplicitLod ||
                     opc == SpvOpImageSampleProjDrefExplicitLod || opc == SpvOpImageDrefGather;
   const bool proj = opc == SpvOpImageSampleProjImplicitLod ||
                     opc == SpvOpImageSampleProjExplicitLod ||
                     opc == SpvOpImageSampleProjDrefImplicitLod ||
                     opc == SpvOpImageSampleProjDrefExplicitLod;
   const bool gather = opc == SpvOpImageGather || opc == SpvOpImageDrefGather;

   struct stn_type *rt = stn_result_type(b, inst);
   struct stn_ssa *si = opaque_operand(b, inst->w[3], true);
   const struct stn_type *img = image_type_of(si->image->pointee);
   if (img->dim == SpvDimBuffer || img->ms || img->sampled == 2)
      stn_fail(b, "sampling a buffer, multisampled or storage image");
   if (proj && (img->arrayed || img->dim == SpvDimCube))
      stn_fail(b, "projective sampling of an arrayed or cube image");
   /* SPV_NV_compute_shader_derivatives gives compute shaders the quads
    * implicit LODs need. */
   const nir_shader_info *info = &b->ir->shader->info;
   if (!explicit_lod && !gather && info->stage != NIR_STAGE_FRAGMENT &&
       !(info->stage == NIR_STAGE_COMPUTE && info->cs.derivative_group))
      stn_fail(b, "implicit-lod sampling outside a fragment shader or a compute shader "
                  "with a derivative group");

   nir_texop op = gather ? NIR_TEXOP_TG4 : explicit_lod ? NIR_TEXOP_TXL : NIR_TEXOP_TEX;
   nir_tex_instr protod, *proto = &protod;
   new_tex(proto, op, img);
   proto->is_shadow = dref;
   proto->dest_type = result_alu_type(b, rt, dref && !gather);
   proto->texture_non_uniform = is_non_uniform(b, inst->w[3]);
   proto->sampler_non_uniform = proto->texture_non_uniform;

   struct tex_build t = {.n = 0};
   add_derefs(b, &t, si, true);
   const unsigned coords = coord_components(img);
   nir_def *c = coord_def(b, inst->w[4], coords + (proj ? 1 : 0), true);
   if (proj) {
      nir_def *xy, *q;
      split_projective(b, c, coords, &xy, &q);
      add_src(b, &t, NIR_TEX_SRC_COORD, xy);
      add_src(b, &t, NIR_TEX_SRC_PROJECTOR, q);
   } else {
      add_src(b, &t, NIR_TEX_SRC_COORD, c);
   }
   proto->coord_components = coords;

   unsigned next = 5;
   if (dref) {
      nir_def *ref = stn_def(b, stn_inst_word(b, inst, next++));
      if (ref->num_components != 1)
         stn_fail(b, "Dref must be a scalar");
      add_src(b, &t, NIR_TEX_SRC_COMPARATOR, ref);
   } else if (opc == SpvOpImageGather) {
      const int64_t comp = stn_constant_int(b, stn_inst_word(b, inst, next++));
      if (comp < 0 || comp > 3)
         stn_fail(b, "gather component %" PRId64, comp);
      proto->component = (unsigned)comp;
   }
   image_operands(b, inst, next, &t, &op, proto, coords);
   if (explicit_lod && op == NIR_TEXOP_TXL) {
      bool has_lod = false;
      for (unsigned i = 0; i < t.n; i++)
         has_lod |= t.srcs[i].src_type == NIR_TEX_SRC_LOD;
      if (!has_lod)
         stn_fail(b, "an explicit-lod sample needs Lod or Grad");
   }
   proto->op = op;
   stn_push_def(b, inst->w[2], finish_tex(b, proto, &t));
}

static void
fetch(struct stn_builder *b, const struct stn_inst *inst)
{
   struct stn_type *rt = stn_result_type(b, inst);
   struct stn_ssa *s = opaque_operand(b, inst->w[3], false);
   const struct stn_type *img = image_type_of(s->image->pointee);
   if (img->sampled != 1)
      stn_fail(b, "OpImageFetch needs a sampled image type (Sampled 1)");
   nir_texop op = NIR_TEXOP_TXF;
   nir_tex_instr protod, *proto = &protod;
   new_tex(proto, op, img);
   proto->dest_type = result_alu_type(b, rt, false);
   proto->texture_non_uniform = is_non_uniform(b, inst->w[3]);
   struct tex_build t = {.n = 0};
   add_derefs(b, &t, s, false);
   const unsigned coords = coord_components(img);
   add_src(b, &t, NIR_TEX_SRC_COORD, coord_def(b, inst->w[4], coords, false));
   proto->coord_components = coords;
   image_operands(b, inst, 5, &t, &op, proto, coords);
   if (img->ms && op != NIR_TEXOP_TXF_MS)
      stn_fail(b, "a fetch from a multisampled image needs Sample");
   proto->op = op;
   stn_push_def(b, inst->w[2], finish_tex(b, proto, &t));
}

static void
query(struct stn_builder *b, const struct stn_inst *inst)
{
   struct stn_type *rt = stn_result_type(b, inst);
   const SpvOp opc = inst->opcode;
   const bool lod_query = opc == SpvOpImageQueryLod;
   struct stn_ssa *s = opaque_operand(b, inst->w[3], lod_query);
   const struct stn_type *img = image_type_of(s->image->pointee);
   nir_builder *nb = stn_nb(b);

   /* Storage images use image intrinsics; sampled ones texture queries. */
   if (img->sampled == 2 && (opc == SpvOpImageQuerySize || opc == SpvOpImageQuerySamples)) {
      nir_deref_instr *d = stn_pointer_deref(b, s->image);
      nir_def *r;
      if (opc == SpvOpImageQuerySize) {
         if (rt->base != STN_BASE_INT && rt->base != STN_BASE_VECTOR)
            stn_fail(b, "size query result must be integers");
         r = nir_image_deref_size(nb, rt->components, &d->def, nir_imm_int(nb, 0),
                                  .image_dim = glsl_get_sampler_dim(img->glsl),
                                  .image_array = img->arrayed,
                                  .format = (enum nir_image_format)img->format,
                                  .access = s->image->access);
      } else {
         r = nir_image_deref_samples(nb, &d->def,
                                     .image_dim = glsl_get_sampler_dim(img->glsl),
                                     .image_array = img->arrayed,
                                     .format = (enum nir_image_format)img->format,
                                     .access = s->image->access);
      }
      stn_emit_count(b);
      stn_check_ir_oom(b);
      stn_push_def(b, inst->w[2], r);
      return;
   }

   nir_texop op;
   switch (opc) {
   case SpvOpImageQuerySizeLod:
   case SpvOpImageQuerySize:
      op = NIR_TEXOP_TXS;
      break;
   case SpvOpImageQueryLod:
      op = NIR_TEXOP_LOD;
      break;
   case SpvOpImageQueryLevels:
      op = NIR_TEXOP_QUERY_LEVELS;
      break;
   default:
      op = NIR_TEXOP_TEXTURE_SAMPLES;
      break;
   }
   nir_tex_instr protod, *proto = &protod;
   new_tex(proto, op, img);
   const struct stn_type *rs = rt->scalar ? rt->scalar : rt;
   proto->dest_type = stn_type_alu_type(rt);
   struct tex_build t = {.n = 0};
   add_derefs(b, &t, s, lod_query);
   if (opc == SpvOpImageQuerySizeLod) {
      nir_def *lod = stn_def(b, inst->w[4]);
      if (lod->num_components != 1 || lod->bit_size != 32)
         stn_fail(b, "the level must be a 32-bit integer");
      add_src(b, &t, NIR_TEX_SRC_LOD, lod);
   } else if (opc == SpvOpImageQuerySize && img->dim != SpvDimBuffer && !img->ms &&
              img->dim != SpvDimRect) {
      stn_fail(b, "OpImageQuerySize of an image with levels needs OpImageQuerySizeLod");
   } else if (lod_query) {
      const unsigned coords = coord_components(img) - (img->arrayed ? 1 : 0);
      add_src(b, &t, NIR_TEX_SRC_COORD, coord_def(b, inst->w[4], coords, true));
      proto->coord_components = coords;
      const nir_shader_info *info = &b->ir->shader->info;
      if (info->stage != NIR_STAGE_FRAGMENT &&
          !(info->stage == NIR_STAGE_COMPUTE && info->cs.derivative_group))
         stn_fail(b, "OpImageQueryLod outside a fragment shader or a compute shader with a "
                     "derivative group");
   }
   proto->op = op;
   const unsigned want = nir_tex_instr_dest_size(proto);
   if (rt->components != want || (lod_query ? rs->base != STN_BASE_FLOAT
                                            : rs->base != STN_BASE_INT))
      stn_fail(b, "query result must be %u %s", want, lod_query ? "floats" : "integers");
   stn_push_def(b, inst->w[2], finish_tex(b, proto, &t));
}

static void
read_write(struct stn_builder *b, const struct stn_inst *inst)
{
   nir_builder *nb = stn_nb(b);
   const bool is_write = inst->opcode == SpvOpImageWrite;
   const unsigned img_w = is_write ? 1 : 3;
   struct stn_ssa *s = opaque_operand(b, inst->w[img_w], false);
   const struct stn_type *img = image_type_of(s->image->pointee);
   if (img->sampled != 2 && img->dim != SpvDimSubpassData)
      stn_fail(b, "%s needs a storage image or subpass input", spirv_op_name(inst->opcode));
   if (is_write && img->dim == SpvDimSubpassData)
      stn_fail(b, "writing a subpass input");
   const unsigned coords = img->dim == SpvDimSubpassData ? 2 : coord_components(img);
   nir_def *c = coord_def(b, inst->w[img_w + 1], coords, false);
   if (c->bit_size != 32)
      stn_fail(b, "image coordinates must be 32-bit integers");
   nir_def *c4 = pad_coordinate(b, c);

   const unsigned ops_w = img_w + (is_write ? 3 : 2);
   nir_def *sample = nir_imm_int(nb, 0), *lod = nir_imm_int(nb, 0);
   if (ops_w < inst->count) {
      const uint32_t mask = inst->w[ops_w];
      unsigned w = ops_w + 1;
      /* MakeTexelAvailable/Visible (Vulkan memory model) take a scope id
       * after the operands read here; nothing more to do with them. */
      if (mask & ~(SpvImageOperandsSampleMask | SpvImageOperandsLodMask |
                   SpvImageOperandsNonPrivateTexelMask | SpvImageOperandsVolatileTexelMask |
                   SpvImageOperandsSignExtendMask | SpvImageOperandsZeroExtendMask |
                   SpvImageOperandsNontemporalMask | SpvImageOperandsMakeTexelAvailableMask |
                   SpvImageOperandsMakeTexelVisibleMask))
         stn_fail(b, "image operands 0x%x are not supported on %s", mask,
                  spirv_op_name(inst->opcode));
      if (mask & SpvImageOperandsLodMask)
         lod = stn_def(b, stn_inst_word(b, inst, w++));
      if (mask & SpvImageOperandsSampleMask)
         sample = stn_def(b, stn_inst_word(b, inst, w++));
      if (sample->num_components != 1 || sample->bit_size != 32 || lod->num_components != 1 ||
          lod->bit_size != 32)
         stn_fail(b, "Sample and Lod must be 32-bit integers");
   }
   if (img->ms && !(ops_w < inst->count && (inst->w[ops_w] & SpvImageOperandsSampleMask)))
      stn_fail(b, "access to a multisampled image needs Sample");

   nir_deref_instr *d = stn_pointer_deref(b, s->image);
   const enum glsl_sampler_dim dim = glsl_get_sampler_dim(img->glsl);
   const enum nir_image_format fmt = (enum nir_image_format)img->format;
   if (is_write) {
      nir_def *v = stn_def(b, inst->w[3]);
      if (v->num_components > 4 || v->bit_size == 1)
         stn_fail(b, "the texel must be a scalar or vector of numbers");
      const struct stn_type *vt = stn_value_type(b, inst->w[3]);
      nir_image_deref_store(nb, &d->def, c4, sample, nir_pad_vector(nb, v, 4), lod,
                            .image_dim = dim, .image_array = img->arrayed, .format = fmt,
                            .access = s->image->access, .src_type = stn_type_alu_type(vt));
      b->ir->shader->info.writes_memory = true;
   } else {
      struct stn_type *rt = stn_result_type(b, inst);
      if (!stn_type_is_scalar_or_vector(rt) || rt->base == STN_BASE_BOOL)
         stn_fail(b, "OpImageRead result must be numbers");
      nir_def *r = nir_image_deref_load(nb, 4, rt->bit_size, &d->def, c4, sample, lod,
                                        .image_dim = dim, .image_array = img->arrayed,
                                        .format = fmt, .access = s->image->access,
                                        .dest_type = stn_type_alu_type(rt));
      stn_push_def(b, inst->w[2], nir_trim_vector(nb, r, rt->components));
   }
   stn_emit_count(b);
   stn_check_ir_oom(b);
}

nir_def *
stn_image_atomic(struct stn_builder *b, struct stn_pointer *texel, nir_atomic_op op,
                 nir_def *data, nir_def *data2)
{
   nir_builder *nb = stn_nb(b);
   const struct stn_type *img = image_type_of(texel->image->pointee);
   nir_deref_instr *d = stn_pointer_deref(b, texel->image);
   nir_def *c = coord_def(b, texel->coord_id, coord_components(img), false);
   nir_def *sample = stn_def(b, texel->sample_id);
   if (sample->num_components != 1 || sample->bit_size != 32)
      stn_fail(b, "the sample must be a 32-bit integer");
   const enum glsl_sampler_dim dim = glsl_get_sampler_dim(img->glsl);
   const enum nir_image_format fmt = (enum nir_image_format)img->format;
   nir_def *c4 = pad_coordinate(b, c);
   b->ir->shader->info.writes_memory = true;
   if (data2)
      return nir_image_deref_atomic_swap(nb, &d->def, c4, sample, data, data2,
                                         .image_dim = dim, .image_array = img->arrayed,
                                         .format = fmt, .access = texel->image->access,
                                         .atomic_op = op);
   return nir_image_deref_atomic(nb, &d->def, c4, sample, data, .image_dim = dim,
                                 .image_array = img->arrayed, .format = fmt,
                                 .access = texel->image->access, .atomic_op = op);
}

void
stn_handle_image(struct stn_builder *b, const struct stn_inst *inst)
{
   switch (inst->opcode) {
   case SpvOpSampledImage: {
      struct stn_type *rt = stn_result_type(b, inst);
      struct stn_ssa *img = opaque_operand(b, inst->w[3], false);
      struct stn_ssa *smp = stn_ssa_value(b, inst->w[4]);
      if (rt->base != STN_BASE_SAMPLED_IMAGE || !smp->sampler || smp->image)
         stn_fail(b, "OpSampledImage needs an image and a sampler");
      if (image_type_of(img->image->pointee)->glsl != rt->image->glsl)
         stn_fail(b, "OpSampledImage image type differs from the result's");
      struct stn_ssa *s = stn_new(b, struct stn_ssa);
      s->type = rt->glsl;
      s->image = img->image;
      s->sampler = smp->sampler;
      stn_push_ssa(b, inst->w[2], s);
      break;
   }
   case SpvOpImage: {
      struct stn_type *rt = stn_result_type(b, inst);
      struct stn_ssa *si = opaque_operand(b, inst->w[3], true);
      if (rt->base != STN_BASE_IMAGE)
         stn_fail(b, "OpImage result must be an image");
      struct stn_ssa *s = stn_new(b, struct stn_ssa);
      s->type = rt->glsl;
      s->image = si->image;
      stn_push_ssa(b, inst->w[2], s);
      break;
   }
   case SpvOpImageTexelPointer: {
      struct stn_type *rt = stn_result_type(b, inst);
      struct stn_pointer *ip = stn_get_pointer(b, inst->w[3]);
      if (!ip->var || rt->base != STN_BASE_POINTER ||
          rt->storage_class != SpvStorageClassImage)
         stn_fail(b, "OpImageTexelPointer needs a pointer to an image");
      const struct stn_type *img = image_type_of(ip->pointee);
      if (img->base != STN_BASE_IMAGE || img->sampled != 2 ||
          ip->pointee->base != STN_BASE_IMAGE)
         stn_fail(b, "OpImageTexelPointer needs a storage image");
      if (rt->pointee->glsl != img->sampled_type->glsl)
         stn_fail(b, "texel pointer type differs from the image's sampled type");
      struct stn_pointer *p = stn_new(b, struct stn_pointer);
      p->type = rt;
      p->pointee = rt->pointee;
      p->image = ip;
      p->coord_id = inst->w[4];
      p->sample_id = inst->w[5];
      struct stn_value *val = stn_push_value(b, inst->w[2], STN_VALUE_IMAGE_POINTER);
      val->pointer = p;
      val->owner = b->ir->frame->func;
      break;
   }
   case SpvOpImageFetch:
      fetch(b, inst);
      break;
   case SpvOpImageRead:
   case SpvOpImageWrite:
      read_write(b, inst);
      break;
   case SpvOpImageQuerySizeLod:
   case SpvOpImageQuerySize:
   case SpvOpImageQueryLod:
   case SpvOpImageQueryLevels:
   case SpvOpImageQuerySamples:
      query(b, inst);
      break;
   case SpvOpImageSparseSampleImplicitLod:
   case SpvOpImageSparseSampleExplicitLod:
   case SpvOpImageSparseFetch:
   case SpvOpImageSparseGather:
   case SpvOpImageSparseTexelsResident:
      stn_fail(b, "sparse residency is not supported");
   default:
      sample(b, inst);
      break;
   }
}
