/* SPDX-License-Identifier: MIT */
/*
 * OpExtInst: GLSL.std.450 (every instruction of the set), and
 * NonSemantic.* sets, which are ignored as their name promises.
 */
#include "stn_ir.h"

#include <math.h>
#include <spirv/unified1/GLSL.std.450.h>

/* SPV_AMD_shader_trinary_minmax: min/max/mid of three, as two-operand
 * min/max (mid3(a, b, c) = max(min(a, b), min(max(a, b), c))). */
static void
handle_trinary_minmax(struct stn_builder *b, const struct stn_inst *inst)
{
   const uint32_t num = inst->w[4];
   if (num < 1 || num > 9 || inst->count != 8)
      stn_fail(b, "SPV_AMD_shader_trinary_minmax instruction %u with %u operands", num,
               inst->count - 5);
   struct stn_type *rt = stn_result_type(b, inst);
   nir_def *x[3];
   for (unsigned i = 0; i < 3; i++) {
      x[i] = stn_def(b, inst->w[5 + i]);
      if (!stn_type_is_scalar_or_vector(rt) || x[i]->num_components != rt->components ||
          x[i]->bit_size != rt->bit_size || rt->bit_size == 1)
         stn_fail(b, "operand %u does not have the result type", i);
   }
   /* 1-3 min, 4-6 max, 7-9 mid; float, unsigned, signed in each group. */
   static const nir_op mins[] = {NIR_OP_FMIN, NIR_OP_UMIN, NIR_OP_IMIN};
   static const nir_op maxs[] = {NIR_OP_FMAX, NIR_OP_UMAX, NIR_OP_IMAX};
   const unsigned kind = (num - 1) % 3;
   const struct stn_type *s = rt->scalar ? rt->scalar : rt;
   if ((kind == 0) != (s->base == STN_BASE_FLOAT))
      stn_fail(b, "operand types do not match the instruction");
   nir_builder *nb = stn_nb(b);
   nir_def *r;
   if (num <= 3) {
      r = nir_build_alu(nb, mins[kind], nir_build_alu(nb, mins[kind], x[0], x[1], NULL, NULL),
                        x[2], NULL, NULL);
   } else if (num <= 6) {
      r = nir_build_alu(nb, maxs[kind], nir_build_alu(nb, maxs[kind], x[0], x[1], NULL, NULL),
                        x[2], NULL, NULL);
   } else {
      nir_def *lo = nir_build_alu(nb, mins[kind], x[0], x[1], NULL, NULL);
      nir_def *hi = nir_build_alu(nb, maxs[kind], x[0], x[1], NULL, NULL);
      r = nir_build_alu(nb, maxs[kind], lo,
                        nir_build_alu(nb, mins[kind], hi, x[2], NULL, NULL), NULL, NULL);
   }
   stn_emit_count(b);
   stn_check_ir_oom(b);
   stn_push_def(b, inst->w[2], r);
}

void
stn_handle_ext_inst(struct stn_builder *b, const struct stn_inst *inst)
{
   struct stn_value *set = stn_value(b, inst->w[3], STN_VALUE_EXT_INST_SET);
   switch (set->ext_set) {
   case STN_EXT_SET_GLSL450:
      stn_handle_glsl450(b, inst);
      break;
   case STN_EXT_SET_AMD_TRINARY_MINMAX:
      handle_trinary_minmax(b, inst);
      break;
   case STN_EXT_SET_NON_SEMANTIC:
      /* The result, if any, has no meaning; nothing may use it. */
      break;
   default:
      stn_fail(b, "extended instruction set not supported");
   }
}

struct g {
   struct stn_builder *b;
   nir_builder *nb;
   const struct stn_inst *inst;
   struct stn_type *rt;
   unsigned nops;
};

/* Operand i as a def of the result's type (the common case). */
static nir_def *
op_same(struct g *g, unsigned i)
{
   nir_def *d = stn_def(g->b, g->inst->w[5 + i]);
   if (!stn_type_is_scalar_or_vector(g->rt) || d->num_components != g->rt->components ||
       d->bit_size != g->rt->bit_size)
      stn_fail(g->b, "operand %u of %s does not have the result type", i,
               spirv_glsl450_info(g->inst->w[4])->name);
   return d;
}

static nir_def *
op_any(struct g *g, unsigned i)
{
   return stn_def(g->b, g->inst->w[5 + i]);
}

static void
require_float(struct g *g)
{
   const struct stn_type *s = g->rt->scalar ? g->rt->scalar : g->rt;
   if (s->base != STN_BASE_FLOAT)
      stn_fail(g->b, "%s needs a float result", spirv_glsl450_info(g->inst->w[4])->name);
}

static void
require_int(struct g *g)
{
   const struct stn_type *s = g->rt->scalar ? g->rt->scalar : g->rt;
   if (s->base != STN_BASE_INT)
      stn_fail(g->b, "%s needs an integer result", spirv_glsl450_info(g->inst->w[4])->name);
}

static nir_def *
imm(struct g *g, double v, nir_def *like)
{
   nir_def *s = nir_imm_floatN_t(g->nb, v, like->bit_size);
   if (like->num_components == 1)
      return s;
   nir_def *rep[4] = {s, s, s, s};
   return nir_vec(g->nb, rep, like->num_components);
}

static nir_def *
length(struct g *g, nir_def *x)
{
   if (x->num_components == 1)
      return nir_fabs(g->nb, x);
   return nir_fsqrt(g->nb, nir_fdot(g->nb, x, x));
}

/* spirv_to_nir's keep_glsl450_geometry: the instruction as one IR op (of
 * ops[0..3] by component count, when the count has one), else NULL. */
static nir_def *
kept(struct g *g, const nir_op ops[4], unsigned n, nir_def *x, nir_def *y, nir_def *z)
{
   if (!g->b->opts->keep_glsl450_geometry || n < 1 || n > 4 || ops[n - 1] == NIR_NUM_OPCODES)
      return NULL;
   return nir_build_alu(g->nb, ops[n - 1], x, y, z, NULL);
}

static nir_def *
broadcast(struct g *g, nir_def *s, unsigned n)
{
   if (n == 1)
      return s;
   nir_def *rep[4] = {s, s, s, s};
   return nir_vec(g->nb, rep, n);
}

/* ---- determinant and inverse ------------------------------------------- */

static nir_def *
elem(struct g *g, struct stn_ssa *m, unsigned col, unsigned row)
{
   return nir_channel(g->nb, m->elems[col]->def, row);
}

/* Determinant of the submatrix of m keeping the listed columns and rows. */
static nir_def *
minor_det(struct g *g, struct stn_ssa *m, const unsigned *cols, const unsigned *rows,
          unsigned n)
{
   nir_builder *nb = g->nb;
   if (n == 1)
      return elem(g, m, cols[0], rows[0]);
   if (n == 2)
      return nir_fsub(nb, nir_fmul(nb, elem(g, m, cols[0], rows[0]), elem(g, m, cols[1], rows[1])),
                      nir_fmul(nb, elem(g, m, cols[1], rows[0]), elem(g, m, cols[0], rows[1])));
   nir_def *acc = NULL;
   for (unsigned c = 0; c < n; c++) {
      unsigned sub_cols[3], k = 0;
      for (unsigned j = 0; j < n; j++) {
         if (j != c)
            sub_cols[k++] = cols[j];
      }
      nir_def *t = nir_fmul(nb, elem(g, m, cols[c], rows[0]),
                            minor_det(g, m, sub_cols, rows + 1, n - 1));
      acc = !acc ? t : (c % 2) ? nir_fsub(nb, acc, t) : nir_fadd(nb, acc, t);
   }
   return acc;
}

static struct stn_ssa *
square_matrix(struct g *g, unsigned i)
{
   struct stn_ssa *m = stn_ssa_value(g->b, g->inst->w[5 + i]);
   if (!glsl_type_is_matrix(m->type) ||
       glsl_get_matrix_columns(m->type) != glsl_get_vector_elements(m->type))
      stn_fail(g->b, "a square matrix operand is needed");
   return m;
}

static nir_def *
determinant(struct g *g, struct stn_ssa *m)
{
   static const unsigned idx[4] = {0, 1, 2, 3};
   return minor_det(g, m, idx, idx, m->num_elems);
}

static struct stn_ssa *
inverse(struct g *g, struct stn_ssa *m)
{
   nir_builder *nb = g->nb;
   const unsigned n = m->num_elems;
   nir_def *det = determinant(g, m);
   nir_def *rdet = nir_fdiv(nb, nir_imm_floatN_t(nb, 1.0, det->bit_size), det);
   struct stn_ssa *r = stn_ssa_create(g->b, m->type);
   for (unsigned c = 0; c < n; c++) {
      nir_def *col[4];
      for (unsigned rw = 0; rw < n; rw++) {
         /* inverse[c][rw] = cofactor(rw, c) / det: the transpose of the
          * cofactor matrix. */
         unsigned cols[3], rows[3], kc = 0, kr = 0;
         for (unsigned j = 0; j < n; j++) {
            if (j != rw)
               cols[kc++] = j;
            if (j != c)
               rows[kr++] = j;
         }
         nir_def *cof = minor_det(g, m, cols, rows, n - 1);
         if ((rw + c) % 2)
            cof = nir_fneg(nb, cof);
         col[rw] = nir_fmul(nb, cof, rdet);
      }
      r->elems[c]->def = nir_vec(nb, col, n);
   }
   return r;
}

/* ---- out parameters ----------------------------------------------------- */

static void
store_out(struct g *g, unsigned i, nir_def *value)
{
   struct stn_pointer *p = stn_get_pointer(g->b, g->inst->w[5 + i]);
   if (p->image || !glsl_type_is_vector_or_scalar(p->pointee->glsl) ||
       p->pointee->components != value->num_components)
      stn_fail(g->b, "out operand %u must point to a %u-component value", i,
               value->num_components);
   if (p->pointee->bit_size != value->bit_size)
      value = nir_i2iN(g->nb, value, p->pointee->bit_size);
   struct stn_ssa *s = stn_new(g->b, struct stn_ssa);
   s->type = p->pointee->glsl;
   s->def = value;
   stn_store(g->b, p, s, NIR_ACCESS_NONE);
}

static void
push_struct2(struct g *g, nir_def *first, nir_def *second)
{
   struct stn_type *rt = g->rt;
   if (rt->base != STN_BASE_STRUCT || rt->num_members != 2 ||
       !glsl_type_is_vector_or_scalar(rt->members[0]->glsl) ||
       !glsl_type_is_vector_or_scalar(rt->members[1]->glsl) ||
       rt->members[0]->components != first->num_components ||
       rt->members[0]->bit_size != first->bit_size ||
       rt->members[1]->components != second->num_components)
      stn_fail(g->b, "the result must be a struct of two members of the operand's shape");
   if (rt->members[1]->bit_size != second->bit_size)
      second = nir_i2iN(g->nb, second, rt->members[1]->bit_size);
   struct stn_ssa *r = stn_ssa_create(g->b, rt->glsl);
   r->elems[0]->def = first;
   r->elems[1]->def = second;
   stn_push_ssa(g->b, g->inst->w[2], r);
}

/* ---- interpolation ------------------------------------------------------ */

static nir_def *
interpolate(struct g *g, enum GLSLstd450 op)
{
   struct stn_builder *b = g->b;
   if (b->ir->shader->info.stage != NIR_STAGE_FRAGMENT)
      stn_fail(b, "interpolation functions are for fragment shaders");
   struct stn_pointer *p = stn_get_pointer(b, g->inst->w[5]);
   if (!p->var || !(p->var->data.mode & NIR_VAR_SHADER_IN) ||
       !glsl_type_is_vector_or_scalar(p->pointee->glsl) ||
       p->pointee->glsl != g->rt->glsl)
      stn_fail(b, "the interpolant must point to an input of the result type");
   nir_deref_instr *d = stn_pointer_deref(b, p);
   const unsigned n = g->rt->components, bits = g->rt->bit_size;
   switch (op) {
   case GLSLstd450InterpolateAtCentroid:
      return nir_interp_deref_at_centroid(g->nb, n, bits, &d->def);
   case GLSLstd450InterpolateAtSample: {
      nir_def *s = op_any(g, 1);
      if (s->num_components != 1 || s->bit_size != 32)
         stn_fail(b, "the sample must be a 32-bit integer");
      return nir_interp_deref_at_sample(g->nb, n, bits, &d->def, s);
   }
   default: {
      nir_def *o = op_any(g, 1);
      if (o->num_components != 2 || o->bit_size != 32)
         stn_fail(b, "the offset must be a 32-bit vec2");
      return nir_interp_deref_at_offset(g->nb, n, bits, &d->def, o);
   }
   }
}

void
stn_handle_glsl450(struct stn_builder *b, const struct stn_inst *inst)
{
   const uint32_t num = inst->w[4];
   const struct spirv_extinst_info *info = spirv_glsl450_info(num);
   if (!info)
      stn_fail(b, "GLSL.std.450 has no instruction %u", num);
   const unsigned nops = inst->count - 5;
   if (nops != info->num_operands)
      stn_fail(b, "GLSL.std.450 %s takes %u operands, %u given", info->name,
               info->num_operands, nops);

   struct g g = {b, stn_nb(b), inst, stn_result_type(b, inst), nops};
   nir_builder *nb = g.nb;
   const enum GLSLstd450 op = (enum GLSLstd450)num;
   nir_def *r = NULL;

   switch (op) {
   case GLSLstd450Determinant: {
      struct stn_ssa *m = square_matrix(&g, 0);
      r = determinant(&g, m);
      break;
   }
   case GLSLstd450MatrixInverse: {
      struct stn_ssa *m = square_matrix(&g, 0);
      if (m->type != g.rt->glsl)
         stn_fail(b, "MatrixInverse result type differs from the operand's");
      stn_push_ssa(b, inst->w[2], inverse(&g, m));
      stn_check_ir_oom(b);
      return;
   }
   case GLSLstd450ModfStruct: {
      nir_def *x = op_any(&g, 0);
      nir_def *whole = nir_ftrunc(nb, x);
      push_struct2(&g, nir_fsub(nb, x, whole), whole);
      stn_check_ir_oom(b);
      return;
   }
   case GLSLstd450FrexpStruct: {
      nir_def *x = op_any(&g, 0);
      push_struct2(&g, nir_frexp_sig(nb, x), nir_frexp_exp(nb, x));
      stn_check_ir_oom(b);
      return;
   }
   case GLSLstd450InterpolateAtCentroid:
   case GLSLstd450InterpolateAtSample:
   case GLSLstd450InterpolateAtOffset:
      require_float(&g);
      r = interpolate(&g, op);
      break;
   case GLSLstd450PackSnorm4x8:
   case GLSLstd450PackUnorm4x8:
   case GLSLstd450PackSnorm2x16:
   case GLSLstd450PackUnorm2x16:
   case GLSLstd450PackHalf2x16: {
      nir_def *x = op_any(&g, 0);
      const unsigned want = (op == GLSLstd450PackSnorm4x8 || op == GLSLstd450PackUnorm4x8) ? 4 : 2;
      if (x->num_components != want || x->bit_size != 32 || g.rt->bit_size != 32 ||
          g.rt->components != 1)
         stn_fail(b, "%s needs a %u-component float32 operand and a uint32 result", info->name,
                  want);
      r = op == GLSLstd450PackSnorm4x8   ? nir_pack_snorm_4x8(nb, x)
          : op == GLSLstd450PackUnorm4x8 ? nir_pack_unorm_4x8(nb, x)
          : op == GLSLstd450PackSnorm2x16 ? nir_pack_snorm_2x16(nb, x)
          : op == GLSLstd450PackUnorm2x16 ? nir_pack_unorm_2x16(nb, x)
                                          : nir_pack_half_2x16(nb, x);
      break;
   }
   case GLSLstd450UnpackSnorm4x8:
   case GLSLstd450UnpackUnorm4x8:
   case GLSLstd450UnpackSnorm2x16:
   case GLSLstd450UnpackUnorm2x16:
   case GLSLstd450UnpackHalf2x16: {
      nir_def *x = op_any(&g, 0);
      if (x->num_components != 1 || x->bit_size != 32)
         stn_fail(b, "%s needs a uint32 operand", info->name);
      r = op == GLSLstd450UnpackSnorm4x8   ? nir_unpack_snorm_4x8(nb, x)
          : op == GLSLstd450UnpackUnorm4x8 ? nir_unpack_unorm_4x8(nb, x)
          : op == GLSLstd450UnpackSnorm2x16 ? nir_unpack_snorm_2x16(nb, x)
          : op == GLSLstd450UnpackUnorm2x16 ? nir_unpack_unorm_2x16(nb, x)
                                            : nir_unpack_half_2x16(nb, x);
      break;
   }
   case GLSLstd450PackDouble2x32: {
      nir_def *x = op_any(&g, 0);
      if (x->num_components != 2 || x->bit_size != 32 || g.rt->bit_size != 64 ||
          g.rt->components != 1)
         stn_fail(b, "PackDouble2x32 needs a uvec2 operand and a double result");
      r = nir_pack_64_2x32(nb, x);
      break;
   }
   case GLSLstd450UnpackDouble2x32: {
      nir_def *x = op_any(&g, 0);
      if (x->num_components != 1 || x->bit_size != 64)
         stn_fail(b, "UnpackDouble2x32 needs a double operand");
      r = nir_unpack_64_2x32(nb, x);
      break;
   }
   case GLSLstd450Length:
   case GLSLstd450Distance: {
      require_float(&g);
      nir_def *x = op_any(&g, 0);
      if (op == GLSLstd450Distance) {
         nir_def *y = op_any(&g, 1);
         if (y->num_components != x->num_components || y->bit_size != x->bit_size)
            stn_fail(b, "Distance operands differ in type");
         x = nir_fsub(nb, x, y);
      }
      if (x->bit_size != g.rt->bit_size || g.rt->components != 1)
         stn_fail(b, "%s returns a scalar of the operand's type", info->name);
      static const nir_op lengths[4] = {NIR_NUM_OPCODES, NIR_OP_FLENGTH2, NIR_OP_FLENGTH3,
                                        NIR_OP_FLENGTH4};
      static const nir_op distances[4] = {NIR_NUM_OPCODES, NIR_OP_FDISTANCE2,
                                          NIR_OP_FDISTANCE3, NIR_OP_FDISTANCE4};
      if (op == GLSLstd450Distance &&
          (r = kept(&g, distances, x->num_components, op_any(&g, 0), op_any(&g, 1), NULL))) {
         /* (the subtraction above is left for DCE) */
         break;
      }
      if (op == GLSLstd450Length && (r = kept(&g, lengths, x->num_components, x, NULL, NULL)))
         break;
      r = length(&g, x);
      break;
   }
   case GLSLstd450Cross: {
      require_float(&g);
      nir_def *x = op_same(&g, 0), *y = op_same(&g, 1);
      if (x->num_components != 3)
         stn_fail(b, "Cross needs 3-component vectors");
      static const nir_op cross[4] = {NIR_NUM_OPCODES, NIR_NUM_OPCODES, NIR_OP_FCROSS3,
                                      NIR_NUM_OPCODES};
      if ((r = kept(&g, cross, 3, x, y, NULL)))
         break;
      static const unsigned yzx[3] = {1, 2, 0}, zxy[3] = {2, 0, 1};
      r = nir_fsub(nb, nir_fmul(nb, nir_swizzle(nb, x, yzx, 3), nir_swizzle(nb, y, zxy, 3)),
                   nir_fmul(nb, nir_swizzle(nb, x, zxy, 3), nir_swizzle(nb, y, yzx, 3)));
      break;
   }
   case GLSLstd450Normalize: {
      require_float(&g);
      nir_def *x = op_same(&g, 0);
      static const nir_op normalize[4] = {NIR_NUM_OPCODES, NIR_OP_FNORMALIZE2,
                                          NIR_OP_FNORMALIZE3, NIR_OP_FNORMALIZE4};
      if ((r = kept(&g, normalize, x->num_components, x, NULL, NULL)))
         break;
      r = x->num_components == 1 ? nir_fsign(nb, x)
                                 : nir_fmul(nb, x, broadcast(&g, nir_frsq(nb, nir_fdot(nb, x, x)),
                                                             x->num_components));
      break;
   }
   case GLSLstd450FaceForward: {
      require_float(&g);
      nir_def *n = op_same(&g, 0), *i = op_same(&g, 1), *nref = op_same(&g, 2);
      static const nir_op ff[4] = {NIR_OP_FFACEFORWARD1, NIR_OP_FFACEFORWARD2,
                                   NIR_OP_FFACEFORWARD3, NIR_OP_FFACEFORWARD4};
      if ((r = kept(&g, ff, n->num_components, n, i, nref)))
         break;
      nir_def *d = n->num_components == 1 ? nir_fmul(nb, nref, i) : nir_fdot(nb, nref, i);
      nir_def *lt = nir_flt(nb, d, nir_imm_floatN_t(nb, 0.0, n->bit_size));
      r = nir_bcsel(nb, broadcast(&g, lt, n->num_components), n, nir_fneg(nb, n));
      break;
   }
   case GLSLstd450Reflect: {
      require_float(&g);
      nir_def *i = op_same(&g, 0), *n = op_same(&g, 1);
      static const nir_op reflect[4] = {NIR_OP_FREFLECT1, NIR_OP_FREFLECT2, NIR_OP_FREFLECT3,
                                        NIR_OP_FREFLECT4};
      if ((r = kept(&g, reflect, n->num_components, i, n, NULL)))
         break;
      nir_def *d = n->num_components == 1 ? nir_fmul(nb, n, i) : nir_fdot(nb, n, i);
      nir_def *s = nir_fmul(nb, broadcast(&g, nir_fmul_imm(nb, d, 2.0), n->num_components), n);
      r = nir_fsub(nb, i, s);
      break;
   }
   case GLSLstd450Refract: {
      require_float(&g);
      nir_def *i = op_same(&g, 0), *n = op_same(&g, 1), *eta = op_any(&g, 2);
      if (eta->num_components != 1)
         stn_fail(b, "Refract's eta must be a scalar");
      /* A double I and N take a float eta: kept whole only when all match,
       * as the op wants one bit size. */
      const bool same_size = eta->bit_size == i->bit_size;
      if (eta->bit_size != i->bit_size)
         eta = nir_f2fN(nb, eta, i->bit_size);
      const unsigned c = i->num_components;
      static const nir_op refract[4] = {NIR_OP_FREFRACT1, NIR_OP_FREFRACT2, NIR_OP_FREFRACT3,
                                        NIR_OP_FREFRACT4};
      if (same_size && (r = kept(&g, refract, c, i, n, eta)))
         break;
      nir_def *d = c == 1 ? nir_fmul(nb, n, i) : nir_fdot(nb, n, i);
      nir_def *one = nir_imm_floatN_t(nb, 1.0, i->bit_size);
      nir_def *k = nir_fsub(nb, one, nir_fmul(nb, nir_fmul(nb, eta, eta),
                                              nir_fsub(nb, one, nir_fmul(nb, d, d))));
      nir_def *t = nir_fadd(nb, nir_fmul(nb, eta, d), nir_fsqrt(nb, k));
      nir_def *v = nir_fsub(nb, nir_fmul(nb, broadcast(&g, eta, c), i),
                            nir_fmul(nb, broadcast(&g, t, c), n));
      nir_def *neg = nir_flt(nb, k, nir_imm_floatN_t(nb, 0.0, i->bit_size));
      r = nir_bcsel(nb, broadcast(&g, neg, c), nir_imm_zero(nb, c, i->bit_size), v);
      break;
   }
   case GLSLstd450Modf: {
      require_float(&g);
      nir_def *x = op_same(&g, 0);
      nir_def *whole = nir_ftrunc(nb, x);
      store_out(&g, 1, whole);
      r = nir_fsub(nb, x, whole);
      break;
   }
   case GLSLstd450Frexp: {
      require_float(&g);
      nir_def *x = op_same(&g, 0);
      store_out(&g, 1, nir_frexp_exp(nb, x));
      r = nir_frexp_sig(nb, x);
      break;
   }
   case GLSLstd450Ldexp: {
      require_float(&g);
      nir_def *x = op_same(&g, 0), *e = op_any(&g, 1);
      if (e->num_components != x->num_components || e->bit_size == 1)
         stn_fail(b, "Ldexp exponent must be an integer of the same width");
      r = nir_ldexp(nb, x, e->bit_size == 32 ? e : nir_i2iN(nb, e, 32));
      break;
   }
   case GLSLstd450FindILsb:
   case GLSLstd450FindSMsb:
   case GLSLstd450FindUMsb: {
      require_int(&g);
      nir_def *x = op_any(&g, 0);
      if (x->num_components != g.rt->components || x->bit_size == 1)
         stn_fail(b, "%s operand must be an integer of the result's width", info->name);
      r = op == GLSLstd450FindILsb   ? nir_find_lsb(nb, x)
          : op == GLSLstd450FindSMsb ? nir_ifind_msb(nb, x)
                                     : nir_ufind_msb(nb, x);
      if (r->bit_size != g.rt->bit_size)
         r = nir_i2iN(nb, r, g.rt->bit_size);
      break;
   }
   case GLSLstd450Step: {
      require_float(&g);
      nir_def *edge = op_same(&g, 0), *x = op_same(&g, 1);
      /* A select rather than b2f: the form SPIR-V writes back (OpSelect). */
      r = nir_bcsel(nb, nir_fge(nb, x, edge), imm(&g, 1.0, x), imm(&g, 0.0, x));
      break;
   }
   case GLSLstd450SmoothStep: {
      require_float(&g);
      nir_def *e0 = op_same(&g, 0), *e1 = op_same(&g, 1), *x = op_same(&g, 2);
      if (b->opts->keep_glsl450_geometry) {
         r = nir_build_alu(nb, NIR_OP_FSMOOTHSTEP, e0, e1, x, NULL);
         break;
      }
      nir_def *q = nir_fdiv(nb, nir_fsub(nb, x, e0), nir_fsub(nb, e1, e0));
      nir_def *t = nir_fclamp(nb, q, imm(&g, 0.0, q), imm(&g, 1.0, q));
      r = nir_fmul(nb, nir_fmul(nb, t, t),
                   nir_fsub(nb, imm(&g, 3.0, t), nir_fmul(nb, imm(&g, 2.0, t), t)));
      break;
   }
   case GLSLstd450Radians:
      require_float(&g);
      r = b->opts->keep_glsl450_geometry
             ? nir_build_alu(nb, NIR_OP_FRADIANS, op_same(&g, 0), NULL, NULL, NULL)
             : nir_fmul(nb, op_same(&g, 0), imm(&g, M_PI / 180.0, op_same(&g, 0)));
      break;
   case GLSLstd450Degrees:
      require_float(&g);
      r = b->opts->keep_glsl450_geometry
             ? nir_build_alu(nb, NIR_OP_FDEGREES, op_same(&g, 0), NULL, NULL, NULL)
             : nir_fmul(nb, op_same(&g, 0), imm(&g, 180.0 / M_PI, op_same(&g, 0)));
      break;
   case GLSLstd450IMix:
      stn_fail(b, "GLSL.std.450 IMix is not supported");
   default: {
      /* Component-wise functions with operands of the result type. */
      struct unary {
         enum GLSLstd450 op;
         nir_op nop;
         bool is_int;
      };
      static const struct unary simple[] = {
         {GLSLstd450Round, NIR_OP_FROUND_EVEN, false},
         {GLSLstd450RoundEven, NIR_OP_FROUND_EVEN, false},
         {GLSLstd450Trunc, NIR_OP_FTRUNC, false},
         {GLSLstd450FAbs, NIR_OP_FABS, false},
         {GLSLstd450SAbs, NIR_OP_IABS, true},
         {GLSLstd450FSign, NIR_OP_FSIGN, false},
         {GLSLstd450SSign, NIR_OP_ISIGN, true},
         {GLSLstd450Floor, NIR_OP_FFLOOR, false},
         {GLSLstd450Ceil, NIR_OP_FCEIL, false},
         {GLSLstd450Fract, NIR_OP_FFRACT, false},
         {GLSLstd450Sin, NIR_OP_FSIN, false},
         {GLSLstd450Cos, NIR_OP_FCOS, false},
         {GLSLstd450Tan, NIR_OP_FTAN, false},
         {GLSLstd450Asin, NIR_OP_FASIN, false},
         {GLSLstd450Acos, NIR_OP_FACOS, false},
         {GLSLstd450Atan, NIR_OP_FATAN, false},
         {GLSLstd450Sinh, NIR_OP_FSINH, false},
         {GLSLstd450Cosh, NIR_OP_FCOSH, false},
         {GLSLstd450Tanh, NIR_OP_FTANH, false},
         {GLSLstd450Asinh, NIR_OP_FASINH, false},
         {GLSLstd450Acosh, NIR_OP_FACOSH, false},
         {GLSLstd450Atanh, NIR_OP_FATANH, false},
         {GLSLstd450Atan2, NIR_OP_FATAN2, false},
         {GLSLstd450Pow, NIR_OP_FPOW, false},
         {GLSLstd450Exp, NIR_OP_FEXP, false},
         {GLSLstd450Log, NIR_OP_FLOG, false},
         {GLSLstd450Exp2, NIR_OP_FEXP2, false},
         {GLSLstd450Log2, NIR_OP_FLOG2, false},
         {GLSLstd450Sqrt, NIR_OP_FSQRT, false},
         {GLSLstd450InverseSqrt, NIR_OP_FRSQ, false},
         {GLSLstd450FMin, NIR_OP_FMIN, false},
         {GLSLstd450UMin, NIR_OP_UMIN, true},
         {GLSLstd450SMin, NIR_OP_IMIN, true},
         {GLSLstd450FMax, NIR_OP_FMAX, false},
         {GLSLstd450UMax, NIR_OP_UMAX, true},
         {GLSLstd450SMax, NIR_OP_IMAX, true},
         {GLSLstd450FClamp, NIR_OP_FCLAMP, false},
         {GLSLstd450UClamp, NIR_OP_UCLAMP, true},
         {GLSLstd450SClamp, NIR_OP_ICLAMP, true},
         {GLSLstd450FMix, NIR_OP_FLRP, false},
         {GLSLstd450Fma, NIR_OP_FFMA, false},
         {GLSLstd450NMin, NIR_OP_FMIN, false},
         {GLSLstd450NMax, NIR_OP_FMAX, false},
         {GLSLstd450NClamp, NIR_OP_FCLAMP, false},
      };
      const struct unary *u = NULL;
      for (unsigned i = 0; i < ARRAY_SIZE(simple); i++) {
         if (simple[i].op == op)
            u = &simple[i];
      }
      if (!u)
         stn_fail(b, "GLSL.std.450 %s is not supported", info->name);
      if (u->is_int)
         require_int(&g);
      else
         require_float(&g);
      nir_def *s[3] = {NULL, NULL, NULL};
      for (unsigned i = 0; i < nops; i++)
         s[i] = op_same(&g, i);
      if (nir_op_infos[u->nop].num_inputs != nops)
         stn_fail(b, "internal: operand count of %s", info->name);
      r = nir_build_alu(nb, u->nop, s[0], s[1], s[2], NULL);
      break;
   }
   }
   stn_emit_count(b);
   stn_check_ir_oom(b);
   stn_push_def(b, inst->w[2], r);
}
