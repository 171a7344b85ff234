/* SPDX-License-Identifier: MIT */
/*
 * Constants and specialization constants.
 *
 * Specialization happens here: OpSpecConstant* take the caller's value for
 * their SpecId (or their default), and OpSpecConstantOp is evaluated at
 * once, the arithmetic through the IR's own constant folding
 * (nir_eval_const_opcode with the op the ALU translation would emit), so a
 * folded spec constant and the same expression computed at run time agree
 * bit for bit. The IR therefore only ever sees plain constants.
 */
#include "stn_ir.h"

#include <string.h>

static nir_constant *
new_constant(struct stn_builder *b, unsigned num_elements)
{
   nir_constant *c = nir_constant_create(b->ir->shader, num_elements);
   if (!c)
      stn_fail(b, "out of memory");
   return c;
}

struct stn_constant *
stn_get_constant(struct stn_builder *b, uint32_t id)
{
   return stn_value(b, id, STN_VALUE_CONSTANT)->constant;
}

/* The element count a composite type's nir_constant carries. */
static uint32_t
constant_elements(const struct stn_type *t)
{
   switch (t->base) {
   case STN_BASE_MATRIX:
      return t->columns;
   case STN_BASE_ARRAY:
      return t->length;
   case STN_BASE_STRUCT:
      return t->num_members;
   default:
      return 0;
   }
}

/* A zero constant of any type. Large arrays are not expanded: a null
 * constant with no elements stands for all-zero (nir_constant's
 * is_null_constant), and readers go through const_element(). */
static nir_constant *
null_constant(struct stn_builder *b, struct stn_type *t)
{
   nir_constant *c = new_constant(b, 0);
   c->is_null_constant = true;
   if (stn_type_is_scalar_or_vector(t)) {
      for (unsigned i = 0; i < t->components; i++)
         c->values[i] = nir_const_value_for_raw_uint(0, t->bit_size);
   }
   return c;
}

static nir_constant *
const_element(struct stn_builder *b, nir_constant *c, struct stn_type *t, uint64_t index,
              struct stn_type **elem_type)
{
   *elem_type = stn_type_child(b, t, index);
   if (t->base == STN_BASE_VECTOR) {
      nir_constant *e = new_constant(b, 0);
      e->values[0] = c->values[index];
      return e;
   }
   if (c->num_elements == 0)
      return null_constant(b, *elem_type);
   return c->elements[index];
}

static bool
type_is_specializable_scalar(const struct stn_type *t)
{
   return t->base == STN_BASE_BOOL || t->base == STN_BASE_INT || t->base == STN_BASE_FLOAT;
}

static const struct spirv_specialization *
find_specialization(struct stn_builder *b, uint32_t spec_id)
{
   for (uint32_t i = 0; i < b->opts->num_specializations; i++) {
      if (b->opts->specializations[i].spec_id == spec_id)
         return &b->opts->specializations[i];
   }
   return NULL;
}

int64_t
stn_constant_int(struct stn_builder *b, uint32_t id)
{
   struct stn_constant *c = stn_get_constant(b, id);
   if (c->type->base != STN_BASE_INT)
      stn_fail(b, "constant %u must be an integer scalar, not a %s", id,
               stn_type_describe(c->type));
   return c->type->is_signed ? nir_const_value_as_int(c->c->values[0], c->type->bit_size)
                             : (int64_t)nir_const_value_as_uint(c->c->values[0],
                                                                c->type->bit_size);
}

nir_constant *
stn_constant_nir(struct stn_builder *b, struct stn_constant *c)
{
   return c->c;
}

/* ---- OpSpecConstantOp --------------------------------------------------- */

static nir_constant *
operand_constant(struct stn_builder *b, uint32_t id, struct stn_type **type)
{
   struct stn_value *v = stn_untyped_value(b, id);
   if (v->kind == STN_VALUE_UNDEF) {
      /* Any value will do for an undefined operand; zero is deterministic. */
      *type = stn_get_type(b, v->type_id);
      return null_constant(b, *type);
   }
   struct stn_constant *c = stn_get_constant(b, id);
   *type = c->type;
   return c->c;
}

static nir_constant *
fold_composite_extract(struct stn_builder *b, const uint32_t *w, unsigned n,
                       struct stn_type *result)
{
   struct stn_type *t;
   nir_constant *c = operand_constant(b, w[0], &t);
   for (unsigned i = 1; i < n; i++)
      c = const_element(b, c, t, w[i], &t);
   if (t != result && t->glsl != result->glsl)
      stn_fail(b, "OpCompositeExtract result type does not match the element");
   return c;
}

static nir_constant *
copy_constant(struct stn_builder *b, nir_constant *src, struct stn_type *t)
{
   const uint32_t n = constant_elements(t);
   nir_constant *c = new_constant(b, src->num_elements ? n : 0);
   memcpy(c->values, src->values, sizeof(c->values));
   c->is_null_constant = src->is_null_constant;
   for (uint32_t i = 0; src->num_elements && i < n; i++)
      c->elements[i] = src->elements[i];
   return c;
}

/* Composite with element `index` replaced (expands a null composite). */
static nir_constant *
replace_element(struct stn_builder *b, nir_constant *c, struct stn_type *t, uint64_t index,
                nir_constant *elem)
{
   (void)stn_type_child(b, t, index);
   if (t->base == STN_BASE_VECTOR) {
      nir_constant *r = copy_constant(b, c, t);
      r->is_null_constant = false;
      r->values[index] = elem->values[0];
      return r;
   }
   const uint32_t n = constant_elements(t);
   if (n > STN_MAX_COMPOSITE_LEAVES)
      stn_fail(b, "constant composite of %u elements is too large", n);
   nir_constant *r = new_constant(b, n);
   for (uint32_t i = 0; i < n; i++) {
      struct stn_type *et;
      r->elements[i] = i == index ? elem : const_element(b, c, t, i, &et);
   }
   return r;
}

static nir_constant *
fold_insert(struct stn_builder *b, nir_constant *c, struct stn_type *t, const uint32_t *idx,
            unsigned n, nir_constant *object)
{
   if (n == 0)
      return object;
   struct stn_type *et;
   nir_constant *child = const_element(b, c, t, idx[0], &et);
   return replace_element(b, c, t, idx[0], fold_insert(b, child, et, idx + 1, n - 1, object));
}

static nir_constant *
fold_vector_shuffle(struct stn_builder *b, const uint32_t *w, unsigned n,
                    struct stn_type *result)
{
   if (result->base != STN_BASE_VECTOR || n < 2)
      stn_fail(b, "OpVectorShuffle must give a vector");
   struct stn_type *t0, *t1;
   nir_constant *v0 = operand_constant(b, w[0], &t0);
   nir_constant *v1 = operand_constant(b, w[1], &t1);
   if (t0->base != STN_BASE_VECTOR || t1->base != STN_BASE_VECTOR ||
       t0->scalar->glsl != result->scalar->glsl || t1->scalar->glsl != result->scalar->glsl)
      stn_fail(b, "OpVectorShuffle needs two vectors of the result's component type");
   if (n - 2 != result->components || result->base != STN_BASE_VECTOR)
      stn_fail(b, "OpVectorShuffle selects %u components for a %s", n - 2,
               stn_type_describe(result));
   nir_constant *r = new_constant(b, 0);
   for (unsigned i = 2; i < n; i++) {
      const uint32_t sel = w[i];
      if (sel == 0xffffffffu)
         r->values[i - 2] = nir_const_value_for_raw_uint(0, result->bit_size);
      else if (sel < t0->components)
         r->values[i - 2] = v0->values[sel];
      else if (sel - t0->components < t1->components)
         r->values[i - 2] = v1->values[sel - t0->components];
      else
         stn_fail(b, "OpVectorShuffle component %u out of range", sel);
   }
   return r;
}

static nir_constant *
fold_select(struct stn_builder *b, const uint32_t *w, struct stn_type *result)
{
   struct stn_type *tc, *ta, *tb;
   nir_constant *cond = operand_constant(b, w[0], &tc);
   nir_constant *x = operand_constant(b, w[1], &ta);
   nir_constant *y = operand_constant(b, w[2], &tb);
   if (tc->base != STN_BASE_BOOL &&
       !(tc->base == STN_BASE_VECTOR && tc->scalar->base == STN_BASE_BOOL))
      stn_fail(b, "OpSelect condition must be a boolean");
   if (ta->glsl != result->glsl || tb->glsl != result->glsl)
      stn_fail(b, "OpSelect operands must have the result type");
   if (tc->base == STN_BASE_BOOL)
      return cond->values[0].b ? x : y;
   if (result->base != STN_BASE_VECTOR || tc->components != result->components)
      stn_fail(b, "OpSelect with a vector condition needs a vector of the same size");
   nir_constant *r = new_constant(b, 0);
   for (unsigned i = 0; i < result->components; i++)
      r->values[i] = cond->values[i].b ? x->values[i] : y->values[i];
   return r;
}

nir_constant *
stn_fold_spec_op(struct stn_builder *b, const struct stn_inst *inst, struct stn_type *type)
{
   const SpvOp op = (SpvOp)inst->w[3];
   const uint32_t *w = &inst->w[4];
   const unsigned n = inst->count - 4;

   switch (op) {
   case SpvOpCompositeExtract:
      if (n < 2)
         stn_fail(b, "OpCompositeExtract needs indices");
      return fold_composite_extract(b, w, n, type);
   case SpvOpCompositeInsert: {
      struct stn_type *to, *tc;
      nir_constant *object = operand_constant(b, w[0], &to);
      nir_constant *comp = operand_constant(b, w[1], &tc);
      if (tc->glsl != type->glsl)
         stn_fail(b, "OpCompositeInsert result type differs from the composite");
      if (n < 3)
         stn_fail(b, "OpCompositeInsert needs indices");
      struct stn_type *t = tc;
      for (unsigned i = 2; i < n; i++)
         t = stn_type_child(b, t, w[i]);
      if (t->glsl != to->glsl)
         stn_fail(b, "OpCompositeInsert object type differs from the element");
      return fold_insert(b, comp, tc, &w[2], n - 2, object);
   }
   case SpvOpVectorShuffle:
      return fold_vector_shuffle(b, w, n, type);
   case SpvOpSelect:
      if (n != 3)
         stn_fail(b, "OpSelect needs 3 operands");
      return fold_select(b, w, type);
   default:
      break;
   }

   if (!stn_type_is_scalar_or_vector(type))
      stn_fail(b, "OpSpecConstantOp %s with a %s result", spirv_op_name(op),
               stn_type_describe(type));

   /* Everything else is component-wise ALU work. */
   struct stn_type *src_types[3];
   nir_constant *srcs[3];
   if (n < 1 || n > 3)
      stn_fail(b, "OpSpecConstantOp %s with %u operands", spirv_op_name(op), n);
   for (unsigned i = 0; i < n; i++) {
      srcs[i] = operand_constant(b, w[i], &src_types[i]);
      if (!stn_type_is_scalar_or_vector(src_types[i]) ||
          src_types[i]->components != type->components)
         stn_fail(b, "OpSpecConstantOp operand %u does not match the result's size", i);
   }
   bool swap;
   const nir_op nop = stn_alu_op_for(b, op, src_types[0], type, &swap);
   if (nop == NIR_NUM_OPCODES)
      stn_fail(b, "%s cannot be used in OpSpecConstantOp", spirv_op_name(op));

   const nir_op_info *info = &nir_op_infos[nop];
   if (info->num_inputs != n)
      stn_fail(b, "%s takes %u operands, not %u", spirv_op_name(op), info->num_inputs, n);

   if (swap && n == 2) {
      nir_constant *t = srcs[0];
      srcs[0] = srcs[1];
      srcs[1] = t;
      struct stn_type *tt = src_types[0];
      src_types[0] = src_types[1];
      src_types[1] = tt;
   }
   /* The operands must fit the op as the ALU translation would check them:
    * unsized inputs share one bit size (the op's), sized ones have theirs,
    * except that integer shift counts and bitfield offsets/counts of any
    * width are made 32-bit (as the ALU translation converts them). */
   nir_const_value conv[3][NIR_MAX_VEC_COMPONENTS];
   nir_const_value *src_ptrs[3];
   unsigned unsized_bits = 0;
   for (unsigned i = 0; i < n; i++) {
      const unsigned want = nir_alu_type_get_type_size(info->input_types[i]);
      const unsigned have = src_types[i]->bit_size;
      if (!want) {
         if (unsized_bits && have != unsized_bits)
            stn_fail(b, "OpSpecConstantOp operands of %u and %u bits", unsized_bits, have);
         unsized_bits = have;
      } else if (want != have &&
                 (want == 1 || have == 1 ||
                  nir_alu_type_get_base_type(info->input_types[i]) == NIR_TYPE_FLOAT)) {
         stn_fail(b, "OpSpecConstantOp operand %u is %u-bit, %u-bit expected", i, have, want);
      }
      for (unsigned c = 0; c < type->components; c++) {
         conv[i][c] = want && want != have
                         ? nir_const_value_for_raw_uint(
                              nir_const_value_as_uint(srcs[i]->values[c], have), want)
                         : srcs[i]->values[c];
      }
      src_ptrs[i] = conv[i];
   }
   if (unsized_bits && info->bit_sizes && !(info->bit_sizes & unsized_bits))
      stn_fail(b, "%u-bit operands are not valid for %s", unsized_bits, spirv_op_name(op));
   const unsigned out_sized = nir_alu_type_get_type_size(info->output_type);
   const unsigned out_bits = out_sized ? out_sized : unsized_bits;
   if (!out_bits || out_bits != type->bit_size)
      stn_fail(b, "OpSpecConstantOp result type is %u-bit, %s gives %u bits",
               type->bit_size, spirv_op_name(op), out_bits);

   nir_constant *r = new_constant(b, 0);
   if (!nir_eval_const_opcode(nop, r->values, type->components,
                              unsized_bits ? unsized_bits : src_types[0]->bit_size, src_ptrs,
                              b->ir->shader->info.float_controls))
      stn_fail(b, "%s on these operand types cannot be folded", spirv_op_name(op));
   return r;
}

/* ---- the handler -------------------------------------------------------- */

static void
apply_specialization(struct stn_builder *b, struct stn_value *val, struct stn_constant *c,
                     bool is_bool)
{
   const struct stn_decoration *d = stn_find_decoration(val, -1, SpvDecorationSpecId);
   if (!d)
      return;
   c->has_spec_id = true;
   c->spec_id = stn_decoration_literal(b, d, 0);
   const struct spirv_specialization *s = find_specialization(b, c->spec_id);
   if (!s)
      return;
   if (is_bool)
      c->c->values[0] = nir_const_value_for_raw_uint(s->value_bits != 0, 1);
   else
      c->c->values[0] = nir_const_value_for_raw_uint(s->value_bits, c->type->bit_size);
}

static nir_constant *
composite_constant(struct stn_builder *b, const struct stn_inst *inst, struct stn_type *t)
{
   const uint32_t n = inst->count - 3;
   if (t->base == STN_BASE_VECTOR) {
      /* Constituents of a vector are scalars or vectors that fill it. */
      nir_constant *c = new_constant(b, 0);
      unsigned at = 0;
      for (uint32_t i = 0; i < n; i++) {
         struct stn_type *et;
         nir_constant *e = operand_constant(b, inst->w[3 + i], &et);
         if (!stn_type_is_scalar_or_vector(et) || et->bit_size != t->bit_size ||
             at + et->components > t->components)
            stn_fail(b, "constituent %u does not fit a %u-component vector", i,
                     t->components);
         for (unsigned k = 0; k < et->components; k++)
            c->values[at++] = e->values[k];
      }
      if (at != t->components)
         stn_fail(b, "constituents give %u components, the vector has %u", at, t->components);
      return c;
   }
   if (t->base != STN_BASE_MATRIX && t->base != STN_BASE_ARRAY && t->base != STN_BASE_STRUCT)
      stn_fail(b, "composite constant of a %s", stn_type_describe(t));
   if (n != constant_elements(t))
      stn_fail(b, "%u constituents for a composite of %u elements", n, constant_elements(t));
   nir_constant *c = new_constant(b, n);
   for (uint32_t i = 0; i < n; i++) {
      struct stn_type *et;
      c->elements[i] = operand_constant(b, inst->w[3 + i], &et);
      if (et->glsl != stn_type_child(b, t, i)->glsl)
         stn_fail(b, "constituent %u has the wrong type", i);
   }
   return c;
}

void
stn_handle_constant(struct stn_builder *b, const struct stn_inst *inst)
{
   if (inst->opcode == SpvOpUndef) {
      struct stn_value *val = stn_push_value(b, inst->w[2], STN_VALUE_UNDEF);
      val->constant = stn_new(b, struct stn_constant);
      val->constant->type = stn_get_type(b, inst->w[1]);
      return;
   }

   struct stn_type *t = stn_get_type(b, inst->w[1]);
   /* The value is published only once it is complete, so an operand that
    * names the constant itself finds an undefined id. */
   struct stn_value *val = stn_untyped_value(b, inst->w[2]);
   if (val->kind != STN_VALUE_NONE)
      stn_fail(b, "id %u is already a %s", inst->w[2], stn_value_kind_name(val->kind));
   struct stn_constant *c = stn_new(b, struct stn_constant);
   c->type = t;

   switch (inst->opcode) {
   case SpvOpConstantTrue:
   case SpvOpConstantFalse:
   case SpvOpSpecConstantTrue:
   case SpvOpSpecConstantFalse:
      if (t->base != STN_BASE_BOOL)
         stn_fail(b, "boolean constant of a %s", stn_type_describe(t));
      c->c = new_constant(b, 0);
      c->c->values[0] = nir_const_value_for_raw_uint(
         inst->opcode == SpvOpConstantTrue || inst->opcode == SpvOpSpecConstantTrue, 1);
      if (inst->opcode == SpvOpSpecConstantTrue || inst->opcode == SpvOpSpecConstantFalse) {
         c->is_spec = true;
         apply_specialization(b, val, c, true);
      }
      break;

   case SpvOpConstant:
   case SpvOpSpecConstant: {
      if (t->base != STN_BASE_INT && t->base != STN_BASE_FLOAT)
         stn_fail(b, "%s of a %s", spirv_op_name(inst->opcode), stn_type_describe(t));
      const unsigned words = t->bit_size > 32 ? 2 : 1;
      if (inst->count != 3 + words)
         stn_fail(b, "a %u-bit constant takes %u words", t->bit_size, words);
      uint64_t bits = inst->w[3];
      if (words == 2)
         bits |= (uint64_t)inst->w[4] << 32;
      c->c = new_constant(b, 0);
      c->c->values[0] = nir_const_value_for_raw_uint(bits, t->bit_size);
      if (inst->opcode == SpvOpSpecConstant) {
         c->is_spec = true;
         apply_specialization(b, val, c, false);
      }
      break;
   }

   case SpvOpConstantComposite:
   case SpvOpSpecConstantComposite:
      c->c = composite_constant(b, inst, t);
      c->is_spec = inst->opcode == SpvOpSpecConstantComposite;
      if (t->base != STN_BASE_VECTOR) {
         c->num_constituents = inst->count - 3;
         c->constituents = &inst->w[3];
      }
      break;

   case SpvOpConstantNull:
      if (t->base == STN_BASE_VOID || t->base == STN_BASE_FUNCTION ||
          (t->base == STN_BASE_POINTER && !stn_type_is_physical_pointer(t)) ||
          stn_type_is_opaque(t) ||
          t->base == STN_BASE_RUNTIME_ARRAY)
         stn_fail(b, "OpConstantNull of a %s", stn_type_describe(t));
      c->c = null_constant(b, t);
      break;

   case SpvOpSpecConstantOp:
      c->c = stn_fold_spec_op(b, inst, t);
      c->is_spec = true;
      break;

   default:
      stn_fail(b, "%s is not supported", spirv_op_name(inst->opcode));
   }

   if (!type_is_specializable_scalar(t) && stn_find_decoration(val, -1, SpvDecorationSpecId))
      stn_fail(b, "SpecId on a composite constant");
   val->kind = STN_VALUE_CONSTANT;
   val->constant = c;
}
