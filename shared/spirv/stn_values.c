/* SPDX-License-Identifier: MIT */
/*
 * SPIR-V SSA values: lookup with checked kinds, composites as trees of IR
 * defs, constants and undefs materialised where they are used.
 */
#include "stn_ir.h"

static uint64_t
count_leaves(const struct glsl_type *t)
{
   if (glsl_type_is_vector_or_scalar(t))
      return 1;
   if (glsl_type_is_matrix(t))
      return glsl_get_matrix_columns(t);
   if (glsl_type_is_array(t)) {
      const uint64_t e = count_leaves(glsl_get_array_element(t));
      return e * glsl_get_length(t); /* both < 2^32: no overflow */
   }
   if (glsl_type_is_struct(t)) {
      uint64_t n = 0;
      for (unsigned i = 0; i < glsl_get_length(t) && n <= STN_MAX_COMPOSITE_LEAVES; i++)
         n += count_leaves(glsl_get_struct_field(t, i));
      return n;
   }
   return 1; /* opaque */
}

void
stn_check_composite_size(struct stn_builder *b, const struct glsl_type *t)
{
   if (count_leaves(t) > STN_MAX_COMPOSITE_LEAVES)
      stn_fail(b, "a value of this type has more than %u components to handle by value",
               STN_MAX_COMPOSITE_LEAVES);
}

static struct stn_ssa *
ssa_create(struct stn_builder *b, const struct glsl_type *type)
{
   struct stn_ssa *s = stn_new(b, struct stn_ssa);
   s->type = type;
   if (glsl_type_is_vector_or_scalar(type) || glsl_type_is_opaque(type) ||
       glsl_type_is_void(type))
      return s;
   if (glsl_type_is_matrix(type)) {
      s->num_elems = glsl_get_matrix_columns(type);
      s->elems = stn_new_array(b, struct stn_ssa *, s->num_elems);
      for (uint32_t i = 0; i < s->num_elems; i++)
         s->elems[i] = ssa_create(b, glsl_get_column_type(type));
   } else if (glsl_type_is_array(type)) {
      s->num_elems = glsl_get_length(type);
      s->elems = stn_new_array(b, struct stn_ssa *, s->num_elems);
      for (uint32_t i = 0; i < s->num_elems; i++)
         s->elems[i] = ssa_create(b, glsl_get_array_element(type));
   } else if (glsl_type_is_struct(type)) {
      s->num_elems = glsl_get_length(type);
      s->elems = stn_new_array(b, struct stn_ssa *, s->num_elems);
      for (uint32_t i = 0; i < s->num_elems; i++)
         s->elems[i] = ssa_create(b, glsl_get_struct_field(type, i));
   }
   return s;
}

struct stn_ssa *
stn_ssa_create(struct stn_builder *b, const struct glsl_type *type)
{
   if (glsl_type_is_unsized_array(type))
      stn_fail(b, "a runtime array cannot be a value");
   stn_check_composite_size(b, type);
   return ssa_create(b, type);
}

static void
fill_undef(struct stn_builder *b, struct stn_ssa *s)
{
   if (glsl_type_is_vector_or_scalar(s->type)) {
      s->def = nir_undef(stn_nb(b), glsl_get_vector_elements(s->type),
                         glsl_get_bit_size(s->type));
      return;
   }
   if (glsl_type_is_opaque(s->type))
      stn_fail(b, "an undefined image or sampler");
   for (uint32_t i = 0; i < s->num_elems; i++)
      fill_undef(b, s->elems[i]);
}

struct stn_ssa *
stn_ssa_undef(struct stn_builder *b, struct stn_type *type)
{
   if (!type->glsl || glsl_type_is_void(type->glsl))
      stn_fail(b, "an undefined %s value", stn_type_describe(type));
   struct stn_ssa *s = stn_ssa_create(b, type->glsl);
   fill_undef(b, s);
   return s;
}

static void
fill_constant(struct stn_builder *b, struct stn_ssa *s, const nir_constant *c)
{
   if (glsl_type_is_vector_or_scalar(s->type)) {
      const unsigned n = glsl_get_vector_elements(s->type);
      const unsigned bits = glsl_get_bit_size(s->type);
      s->def = c->is_null_constant ? nir_imm_zero(stn_nb(b), n, bits)
                                   : nir_build_imm(stn_nb(b), n, bits, c->values);
      return;
   }
   for (uint32_t i = 0; i < s->num_elems; i++) {
      if (c->num_elements == 0) {
         const nir_constant zero = {.is_null_constant = true};
         fill_constant(b, s->elems[i], &zero);
      } else {
         fill_constant(b, s->elems[i], c->elements[i]);
      }
   }
}

static struct stn_ssa *materialize(struct stn_builder *b, struct stn_constant *c, bool undef);

struct stn_ssa *
stn_constant_ssa(struct stn_builder *b, struct stn_constant *c)
{
   if (c->materialized)
      return c->materialized;
   if (glsl_type_is_vector_or_scalar(c->type->glsl))
      return materialize(b, c, false);
   if (c->num_constituents) {
      /* From the constituents, so their (materialised) defs are shared. */
      struct stn_ssa *s = stn_ssa_create(b, c->type->glsl);
      if (s->num_elems != c->num_constituents)
         stn_fail(b, "internal: constituent count");
      /* (Constituent types were checked when the constant was made.) */
      for (uint32_t i = 0; i < c->num_constituents; i++)
         s->elems[i] = stn_ssa_value(b, c->constituents[i]);
      return s;
   }
   struct stn_ssa *s = stn_ssa_create(b, c->type->glsl);
   fill_constant(b, s, c->c);
   return s;
}

/* Scalar and vector constants (and global undefs) are made once, at the top
 * of the entry point, in order of first use: one canonical place for them
 * is what lets IR -> SPIR-V -> IR reach a fixed point, and the top
 * dominates every use, inlined callees included. */
static struct stn_ssa *
materialize(struct stn_builder *b, struct stn_constant *c, bool undef)
{
   struct stn_ir *ir = b->ir;
   nir_builder top = nir_builder_at(ir->last_constant ? nir_after_instr(ir->last_constant)
                                                      : nir_before_impl(ir->impl));
   struct stn_ssa *s = stn_new(b, struct stn_ssa);
   s->type = c->type->glsl;
   const unsigned n = c->type->components, bits = c->type->bit_size;
   if (undef)
      s->def = nir_undef(&top, n, bits);
   else if (c->c->is_null_constant)
      s->def = nir_imm_zero(&top, n, bits);
   else
      s->def = nir_build_imm(&top, n, bits, c->c->values);
   stn_check_ir_oom(b);
   ir->last_constant = s->def->parent_instr;
   c->materialized = s;
   return s;
}

struct stn_type *
stn_value_type(struct stn_builder *b, uint32_t id)
{
   struct stn_value *val = stn_untyped_value(b, id);
   if (val->type_id == 0)
      stn_fail(b, "id %u has no type", id);
   return stn_get_type(b, val->type_id);
}

struct stn_type *
stn_result_type(struct stn_builder *b, const struct stn_inst *inst)
{
   return stn_get_type(b, inst->w[1]);
}

struct stn_ssa *
stn_ssa_value(struct stn_builder *b, uint32_t id)
{
   struct stn_value *val = stn_untyped_value(b, id);
   switch (val->kind) {
   case STN_VALUE_SSA:
   case STN_VALUE_SAMPLED_IMAGE:
      if (val->owner && b->ir->frame && val->owner != b->ir->frame->func)
         stn_fail(b, "id %u belongs to another function", id);
      return val->ssa;
   case STN_VALUE_CONSTANT:
      return stn_constant_ssa(b, val->constant);
   case STN_VALUE_UNDEF:
      if (val->constant->materialized)
         return val->constant->materialized;
      if (val->constant->type->glsl && glsl_type_is_vector_or_scalar(val->constant->type->glsl))
         return materialize(b, val->constant, true);
      return stn_ssa_undef(b, val->constant->type);
   case STN_VALUE_POINTER:
      if (val->pointer->addr) {
         /* A PhysicalStorageBuffer pointer is a value: its address. */
         struct stn_ssa *s = stn_new(b, struct stn_ssa);
         s->type = glsl_uint64_t_type();
         s->def = stn_pointer_address(b, stn_get_pointer(b, id));
         return s;
      }
      return stn_value(b, id, STN_VALUE_SSA)->ssa; /* reports the error */
   default:
      /* Reports never-defined, not-yet-defined and wrong-kind ids. */
      return stn_value(b, id, STN_VALUE_SSA)->ssa;
   }
}

nir_def *
stn_def(struct stn_builder *b, uint32_t id)
{
   struct stn_ssa *s = stn_ssa_value(b, id);
   if (!s->def)
      stn_fail(b, "id %u must be a scalar or vector value", id);
   return s->def;
}

void
stn_push_ssa(struct stn_builder *b, uint32_t id, struct stn_ssa *ssa)
{
   struct stn_value *val = stn_push_value(b, id, STN_VALUE_SSA);
   val->ssa = ssa;
   val->owner = b->ir->frame ? b->ir->frame->func : NULL;
}

void
stn_push_def(struct stn_builder *b, uint32_t id, nir_def *def)
{
   struct stn_type *t = stn_value_type(b, id);
   if (!t->glsl || !glsl_type_is_vector_or_scalar(t->glsl))
      stn_fail(b, "result type must be a scalar or vector");
   if (def->num_components != t->components || def->bit_size != t->bit_size)
      stn_fail(b, "the result type (%u x %u-bit) does not match the operation's value "
                  "(%u x %u-bit)",
               t->components, t->bit_size, def->num_components, def->bit_size);
   struct stn_ssa *s = stn_new(b, struct stn_ssa);
   s->type = t->glsl;
   s->def = def;
   stn_push_ssa(b, id, s);
}
