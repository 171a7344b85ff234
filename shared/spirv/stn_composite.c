/* SPDX-License-Identifier: MIT */
/*
 * Building and taking apart composites: OpCompositeConstruct/Extract/
 * Insert, OpVectorShuffle, dynamic vector access, OpCopyObject,
 * OpCopyLogical and function-level OpUndef.
 */
#include "stn_ir.h"

/* A copy of the tree above `s` with every node shared below (values are
 * immutable, so inserting only rebuilds the path to the change). */
static struct stn_ssa *
shallow_copy(struct stn_builder *b, const struct stn_ssa *s)
{
   struct stn_ssa *c = stn_new(b, struct stn_ssa);
   *c = *s;
   if (s->num_elems) {
      c->elems = stn_new_array(b, struct stn_ssa *, s->num_elems);
      for (uint32_t i = 0; i < s->num_elems; i++)
         c->elems[i] = s->elems[i];
   }
   return c;
}

static struct stn_ssa *
scalar_ssa(struct stn_builder *b, nir_def *def, const struct glsl_type *type)
{
   struct stn_ssa *s = stn_new(b, struct stn_ssa);
   s->type = type;
   s->def = def;
   return s;
}

/* Follows literal indices from `s`; vectors end in a scalar. */
static struct stn_ssa *
extract(struct stn_builder *b, struct stn_ssa *s, const uint32_t *idx, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (s->def) {
         if (i + 1 != n || glsl_type_is_scalar(s->type))
            stn_fail(b, "index into a scalar");
         if (idx[i] >= s->def->num_components)
            stn_fail(b, "component %u of a %u-component vector", idx[i],
                     s->def->num_components);
         return scalar_ssa(b, nir_channel(stn_nb(b), s->def, idx[i]),
                           glsl_get_scalar_type(s->type));
      }
      if (idx[i] >= s->num_elems)
         stn_fail(b, "index %u of a composite of %u", idx[i], s->num_elems);
      s = s->elems[idx[i]];
   }
   return s;
}

static struct stn_ssa *
insert(struct stn_builder *b, struct stn_ssa *s, const uint32_t *idx, unsigned n,
       struct stn_ssa *object)
{
   if (n == 0) {
      if (object->type != s->type)
         stn_fail(b, "inserted object type differs from the element");
      return object;
   }
   if (s->def) {
      if (n != 1 || glsl_type_is_scalar(s->type))
         stn_fail(b, "index into a scalar");
      if (idx[0] >= s->def->num_components)
         stn_fail(b, "component %u of a %u-component vector", idx[0], s->def->num_components);
      if (!object->def || object->def->num_components != 1 ||
          object->def->bit_size != s->def->bit_size)
         stn_fail(b, "inserted object must be a scalar of the vector's type");
      return scalar_ssa(b, nir_vector_insert_imm(stn_nb(b), s->def, object->def, idx[0]),
                        s->type);
   }
   if (idx[0] >= s->num_elems)
      stn_fail(b, "index %u of a composite of %u", idx[0], s->num_elems);
   struct stn_ssa *c = shallow_copy(b, s);
   c->elems[idx[0]] = insert(b, s->elems[idx[0]], idx + 1, n - 1, object);
   return c;
}

static void
construct(struct stn_builder *b, const struct stn_inst *inst, struct stn_type *rt)
{
   const uint32_t n = inst->count - 3;
   if (rt->base == STN_BASE_VECTOR) {
      nir_def *comps[NIR_MAX_VEC_COMPONENTS];
      unsigned at = 0;
      for (uint32_t i = 0; i < n; i++) {
         nir_def *d = stn_def(b, inst->w[3 + i]);
         if (d->bit_size != rt->bit_size || at + d->num_components > rt->components)
            stn_fail(b, "constituent %u does not fit a %u-component vector", i,
                     rt->components);
         for (unsigned c = 0; c < d->num_components; c++)
            comps[at++] = nir_channel(stn_nb(b), d, c);
      }
      if (at != rt->components)
         stn_fail(b, "constituents give %u components, the vector has %u", at, rt->components);
      stn_push_def(b, inst->w[2], nir_vec(stn_nb(b), comps, at));
      return;
   }
   if (rt->base != STN_BASE_MATRIX && rt->base != STN_BASE_ARRAY && rt->base != STN_BASE_STRUCT)
      stn_fail(b, "OpCompositeConstruct of a %s", stn_type_describe(rt));
   struct stn_ssa *r = stn_ssa_create(b, rt->glsl);
   if (n != r->num_elems)
      stn_fail(b, "%u constituents for a composite of %u", n, r->num_elems);
   for (uint32_t i = 0; i < n; i++) {
      struct stn_ssa *e = stn_ssa_value(b, inst->w[3 + i]);
      if (e->type != r->elems[i]->type)
         stn_fail(b, "constituent %u has the wrong type", i);
      r->elems[i] = e;
   }
   stn_push_ssa(b, inst->w[2], r);
}

/* OpCopyLogical: the same values under a type that differs only in
 * decorations. */
static struct stn_ssa *
retype(struct stn_builder *b, struct stn_ssa *s, const struct glsl_type *t)
{
   struct stn_ssa *r = stn_new(b, struct stn_ssa);
   *r = *s;
   r->type = t;
   if (s->def) {
      if (!glsl_type_is_vector_or_scalar(t) ||
          glsl_get_vector_elements(t) != s->def->num_components ||
          glsl_get_bit_size(t) != s->def->bit_size)
         stn_fail(b, "OpCopyLogical between types of different shape");
      return r;
   }
   if (s->image || s->sampler || glsl_get_length(t) != s->num_elems ||
       glsl_type_is_vector_or_scalar(t))
      stn_fail(b, "OpCopyLogical between types of different shape");
   r->elems = stn_new_array(b, struct stn_ssa *, s->num_elems);
   for (uint32_t i = 0; i < s->num_elems; i++) {
      const struct glsl_type *et = glsl_type_is_struct(t) ? glsl_get_struct_field(t, i)
                                                          : glsl_get_deref_element(t);
      r->elems[i] = retype(b, s->elems[i], et);
   }
   return r;
}

void
stn_handle_composite(struct stn_builder *b, const struct stn_inst *inst)
{
   nir_builder *nb = stn_nb(b);
   struct stn_type *rt = stn_result_type(b, inst);
   const uint32_t result = inst->w[2];

   switch (inst->opcode) {
   case SpvOpCompositeConstruct:
      construct(b, inst, rt);
      break;

   case SpvOpCompositeExtract: {
      struct stn_ssa *s = stn_ssa_value(b, inst->w[3]);
      struct stn_ssa *e = extract(b, s, &inst->w[4], inst->count - 4);
      if (e->type != rt->glsl)
         stn_fail(b, "OpCompositeExtract result type differs from the element");
      stn_push_ssa(b, result, e);
      break;
   }

   case SpvOpCompositeInsert: {
      struct stn_ssa *object = stn_ssa_value(b, inst->w[3]);
      struct stn_ssa *s = stn_ssa_value(b, inst->w[4]);
      if (s->type != rt->glsl)
         stn_fail(b, "OpCompositeInsert result type differs from the composite");
      if (inst->count <= 5)
         stn_fail(b, "OpCompositeInsert needs an index");
      stn_push_ssa(b, result, insert(b, s, &inst->w[5], inst->count - 5, object));
      break;
   }

   case SpvOpVectorShuffle: {
      nir_def *v0 = stn_def(b, inst->w[3]);
      nir_def *v1 = stn_def(b, inst->w[4]);
      if (rt->base != STN_BASE_VECTOR || inst->count - 5 != rt->components ||
          v0->bit_size != rt->bit_size || v1->bit_size != rt->bit_size ||
          v0->num_components < 2 || v1->num_components < 2)
         stn_fail(b, "OpVectorShuffle operand or result types");
      nir_def *comps[NIR_MAX_VEC_COMPONENTS];
      unsigned swiz[NIR_MAX_VEC_COMPONENTS];
      bool one_source = true;
      for (unsigned i = 0; i < rt->components; i++) {
         const uint32_t sel = inst->w[5 + i];
         if (sel == 0xffffffffu) {
            comps[i] = nir_undef(nb, 1, rt->bit_size);
            one_source = false;
         } else if (sel < v0->num_components) {
            swiz[i] = sel;
         } else if (sel - v0->num_components < v1->num_components) {
            swiz[i] = sel - v0->num_components;
            one_source &= v1 == v0;
         } else {
            stn_fail(b, "OpVectorShuffle component %u out of range", sel);
         }
      }
      /* A shuffle of one vector is a swizzle (one mov), which is also what
       * the IR -> SPIR-V direction turns back into a shuffle. */
      if (one_source) {
         stn_push_def(b, result, nir_swizzle(nb, v0, swiz, rt->components));
         break;
      }
      for (unsigned i = 0; i < rt->components; i++) {
         const uint32_t sel = inst->w[5 + i];
         if (sel == 0xffffffffu)
            continue;
         comps[i] = sel < v0->num_components ? nir_channel(nb, v0, sel)
                                             : nir_channel(nb, v1, sel - v0->num_components);
      }
      stn_push_def(b, result, nir_vec(nb, comps, rt->components));
      break;
   }

   case SpvOpVectorExtractDynamic: {
      nir_def *v = stn_def(b, inst->w[3]);
      nir_def *i = stn_def(b, inst->w[4]);
      if (i->num_components != 1 || i->bit_size == 1)
         stn_fail(b, "the index must be an integer scalar");
      stn_push_def(b, result, nir_vector_extract(nb, v, i));
      break;
   }

   case SpvOpVectorInsertDynamic: {
      nir_def *v = stn_def(b, inst->w[3]);
      nir_def *c = stn_def(b, inst->w[4]);
      nir_def *i = stn_def(b, inst->w[5]);
      if (i->num_components != 1 || i->bit_size == 1 || c->num_components != 1 ||
          c->bit_size != v->bit_size)
         stn_fail(b, "OpVectorInsertDynamic operand types");
      stn_push_def(b, result, nir_vector_insert(nb, v, c, i));
      break;
   }

   case SpvOpCopyObject: {
      struct stn_value *src = stn_untyped_value(b, inst->w[3]);
      if (src->kind == STN_VALUE_VARIABLE || src->kind == STN_VALUE_POINTER) {
         struct stn_pointer *p = stn_get_pointer(b, inst->w[3]);
         if (p->type->glsl != rt->glsl && p->type != rt)
            stn_fail(b, "OpCopyObject result type differs from the operand's");
         struct stn_value *val = stn_push_value(b, result, STN_VALUE_POINTER);
         val->pointer = p;
         val->owner = b->ir->frame->func;
         break;
      }
      struct stn_ssa *s = stn_ssa_value(b, inst->w[3]);
      if (s->type != rt->glsl)
         stn_fail(b, "OpCopyObject result type differs from the operand's");
      stn_push_ssa(b, result, s);
      break;
   }

   case SpvOpCopyLogical:
      stn_push_ssa(b, result, retype(b, stn_ssa_value(b, inst->w[3]), rt->glsl));
      break;

   case SpvOpUndef:
      stn_push_ssa(b, result, stn_ssa_undef(b, rt));
      break;

   default:
      stn_fail(b, "%s is not a composite instruction", spirv_op_name(inst->opcode));
   }
   stn_check_ir_oom(b);
}
