/* SPDX-License-Identifier: MIT */
#include "nir/nir_builder.h"

#include <stdarg.h>

#include "nir/nir_private.h"
#include "util/arena.h"

nir_builder
nir_builder_at(nir_cursor cursor)
{
   nir_builder b = {.cursor = cursor};
   b.impl = nir_block_impl_(nir_cursor_current_block(cursor));
   b.shader = nir_impl_shader_(b.impl);
   return b;
}

nir_builder
nir_builder_init_simple_shader(nir_shader_stage stage, struct arena *parent,
                               const char *name_fmt, ...)
{
   nir_builder b = {0};
   nir_shader *s = nir_shader_create(parent, stage);
   if (!s)
      return b;
   if (name_fmt) {
      va_list va;
      va_start(va, name_fmt);
      s->info.name = arena_vasprintf(s->arena, name_fmt, va);
      va_end(va);
   }
   nir_function *f = nir_function_create(s, "main");
   nir_function_impl *impl = f ? nir_function_impl_create(f) : NULL;
   if (!impl || (name_fmt && !s->info.name)) {
      nir_shader_destroy(s);
      return b;
   }
   f->is_entrypoint = true;
   b = nir_builder_at(nir_after_impl(impl));
   return b;
}

void
nir_builder_instr_insert(nir_builder *b, nir_instr *instr)
{
   nir_instr_insert_in_impl_(b->impl, b->cursor, instr);
   b->cursor = nir_after_instr(instr);
}

nir_def *
nir_poison(nir_builder *b, unsigned num_components, unsigned bit_size)
{
   return nir_shader_poison_def_(b->shader, num_components, bit_size);
}

static bool
is_poison_def(const nir_def *def)
{
   return def->parent_instr->block == NULL;
}

/* ------------------------------------------------------------------------------- */
/* ALU                                                                             */
/* ------------------------------------------------------------------------------- */

nir_def *
nir_builder_alu_instr_finish_and_insert(nir_builder *b, nir_alu_instr *alu)
{
   const nir_op_info *info = &nir_op_infos[alu->op];
   unsigned num_components = info->output_size;
   if (!num_components) {
      for (unsigned i = 0; i < info->num_inputs; i++)
         if (info->input_sizes[i] == 0)
            num_components = MAX2(num_components, alu->src[i].src.ssa->num_components);
      if (!num_components)
         num_components = 1;
   }

   unsigned bit_size = nir_alu_type_get_type_size(info->output_type);
   if (!bit_size) {
      for (unsigned i = 0; i < info->num_inputs; i++) {
         if (nir_alu_type_get_type_size(info->input_types[i]) == 0) {
            bit_size = alu->src[i].src.ssa->bit_size;
            break;
         }
      }
      if (!bit_size)
         bit_size = 32;
   }

   /* A source narrower than the result repeats its last component. */
   for (unsigned i = 0; i < info->num_inputs; i++) {
      if (info->input_sizes[i])
         continue;
      const unsigned n = alu->src[i].src.ssa->num_components;
      for (unsigned c = 0; c < NIR_MAX_VEC_COMPONENTS; c++)
         alu->src[i].swizzle[c] = (uint8_t)MIN2(c, n - 1);
   }

   alu->exact = b->exact;
   nir_def_init(&alu->instr, &alu->def, num_components, bit_size);
   nir_builder_instr_insert(b, &alu->instr);
   return &alu->def;
}

/* Result size of an op when the instruction cannot be created. */
static nir_def *
alu_poison(nir_builder *b, nir_op op, nir_def **srcs)
{
   const nir_op_info *info = &nir_op_infos[op];
   unsigned nc = info->output_size, bs = nir_alu_type_get_type_size(info->output_type);
   for (unsigned i = 0; i < info->num_inputs; i++) {
      if (!info->input_sizes[i] && !info->output_size)
         nc = MAX2(nc, srcs[i]->num_components);
      if (!bs && !nir_alu_type_get_type_size(info->input_types[i]))
         bs = srcs[i]->bit_size;
   }
   return nir_poison(b, nc ? nc : 1, bs ? bs : 32);
}

nir_def *
nir_build_alu_src_arr(nir_builder *b, nir_op op, nir_def **srcs)
{
   nir_alu_instr *alu = nir_alu_instr_create(b->shader, op);
   if (!alu)
      return alu_poison(b, op, srcs);
   for (unsigned i = 0; i < nir_op_infos[op].num_inputs; i++)
      alu->src[i].src.ssa = srcs[i];
   return nir_builder_alu_instr_finish_and_insert(b, alu);
}

nir_def *
nir_build_alu(nir_builder *b, nir_op op, nir_def *src0, nir_def *src1, nir_def *src2,
              nir_def *src3)
{
   nir_def *srcs[4] = {src0, src1, src2, src3};
   return nir_build_alu_src_arr(b, op, srcs);
}

/* ------------------------------------------------------------------------------- */
/* Constants                                                                       */
/* ------------------------------------------------------------------------------- */

nir_def *
nir_build_imm(nir_builder *b, unsigned num_components, unsigned bit_size,
              const nir_const_value *values)
{
   nir_load_const_instr *lc =
      nir_load_const_instr_create(b->shader, num_components, bit_size);
   if (!lc)
      return nir_poison(b, num_components, bit_size);
   for (unsigned i = 0; i < num_components; i++)
      lc->value[i] = nir_const_value_for_raw_uint(
         nir_const_value_as_uint(values[i], bit_size), bit_size);
   nir_builder_instr_insert(b, &lc->instr);
   return &lc->def;
}

nir_def *
nir_imm_zero(nir_builder *b, unsigned num_components, unsigned bit_size)
{
   nir_const_value v[NIR_MAX_VEC_COMPONENTS];
   for (unsigned i = 0; i < num_components; i++)
      v[i] = nir_const_value_for_raw_uint(0, bit_size);
   return nir_build_imm(b, num_components, bit_size, v);
}

nir_def *
nir_imm_bool(nir_builder *b, bool x)
{
   nir_const_value v = nir_const_value_for_bool(x, 1);
   return nir_build_imm(b, 1, 1, &v);
}

nir_def *
nir_imm_true(nir_builder *b)
{
   return nir_imm_bool(b, true);
}

nir_def *
nir_imm_false(nir_builder *b)
{
   return nir_imm_bool(b, false);
}

nir_def *
nir_imm_intN_t(nir_builder *b, uint64_t x, unsigned bit_size)
{
   nir_const_value v = nir_const_value_for_raw_uint(x, bit_size);
   return nir_build_imm(b, 1, bit_size, &v);
}

nir_def *
nir_imm_int(nir_builder *b, int32_t x)
{
   return nir_imm_intN_t(b, (uint64_t)(int64_t)x, 32);
}

nir_def *
nir_imm_int64(nir_builder *b, int64_t x)
{
   return nir_imm_intN_t(b, (uint64_t)x, 64);
}

nir_def *
nir_imm_floatN_t(nir_builder *b, double x, unsigned bit_size)
{
   nir_const_value v = nir_const_value_for_float(x, bit_size);
   return nir_build_imm(b, 1, bit_size, &v);
}

nir_def *
nir_imm_float16(nir_builder *b, float x)
{
   return nir_imm_floatN_t(b, x, 16);
}

nir_def *
nir_imm_float(nir_builder *b, float x)
{
   return nir_imm_floatN_t(b, x, 32);
}

nir_def *
nir_imm_double(nir_builder *b, double x)
{
   return nir_imm_floatN_t(b, x, 64);
}

static nir_def *
imm_fvec(nir_builder *b, unsigned n, const float *f)
{
   nir_const_value v[4];
   for (unsigned i = 0; i < n; i++)
      v[i] = nir_const_value_for_float(f[i], 32);
   return nir_build_imm(b, n, 32, v);
}

static nir_def *
imm_ivec(nir_builder *b, unsigned n, const int32_t *x)
{
   nir_const_value v[4];
   for (unsigned i = 0; i < n; i++)
      v[i] = nir_const_value_for_int(x[i], 32);
   return nir_build_imm(b, n, 32, v);
}

nir_def *
nir_imm_vec2(nir_builder *b, float x, float y)
{
   const float f[] = {x, y};
   return imm_fvec(b, 2, f);
}

nir_def *
nir_imm_vec3(nir_builder *b, float x, float y, float z)
{
   const float f[] = {x, y, z};
   return imm_fvec(b, 3, f);
}

nir_def *
nir_imm_vec4(nir_builder *b, float x, float y, float z, float w)
{
   const float f[] = {x, y, z, w};
   return imm_fvec(b, 4, f);
}

nir_def *
nir_imm_ivec2(nir_builder *b, int32_t x, int32_t y)
{
   const int32_t v[] = {x, y};
   return imm_ivec(b, 2, v);
}

nir_def *
nir_imm_ivec3(nir_builder *b, int32_t x, int32_t y, int32_t z)
{
   const int32_t v[] = {x, y, z};
   return imm_ivec(b, 3, v);
}

nir_def *
nir_imm_ivec4(nir_builder *b, int32_t x, int32_t y, int32_t z, int32_t w)
{
   const int32_t v[] = {x, y, z, w};
   return imm_ivec(b, 4, v);
}

nir_def *
nir_undef(nir_builder *b, unsigned num_components, unsigned bit_size)
{
   nir_undef_instr *u = nir_undef_instr_create(b->shader, num_components, bit_size);
   if (!u)
      return nir_poison(b, num_components, bit_size);
   nir_builder_instr_insert(b, &u->instr);
   return &u->def;
}

/* ------------------------------------------------------------------------------- */
/* Vectors                                                                         */
/* ------------------------------------------------------------------------------- */

nir_def *
nir_vec(nir_builder *b, nir_def **comps, unsigned num_components)
{
   if (num_components == 1)
      return comps[0];
   const nir_op op = nir_op_vec(num_components);
   if (op == NIR_NUM_OPCODES)
      return nir_poison(b, 1, comps[0]->bit_size);
   return nir_build_alu_src_arr(b, op, comps);
}

nir_def *
nir_mov_alu(nir_builder *b, nir_alu_src src, unsigned num_components)
{
   nir_alu_instr *mov = nir_alu_instr_create(b->shader, NIR_OP_MOV);
   if (!mov)
      return nir_poison(b, num_components, src.src.ssa->bit_size);
   mov->src[0].src.ssa = src.src.ssa;
   memcpy(mov->src[0].swizzle, src.swizzle, sizeof(src.swizzle));
   mov->exact = b->exact;
   nir_def_init(&mov->instr, &mov->def, num_components, src.src.ssa->bit_size);
   nir_builder_instr_insert(b, &mov->instr);
   return &mov->def;
}

nir_def *
nir_swizzle(nir_builder *b, nir_def *src, const unsigned *swiz, unsigned num_components)
{
   bool identity = num_components == src->num_components;
   nir_alu_src as = {.src = nir_src_for_ssa(src)};
   for (unsigned i = 0; i < num_components; i++) {
      as.swizzle[i] = (uint8_t)swiz[i];
      if (swiz[i] != i)
         identity = false;
   }
   if (identity)
      return src;
   return nir_mov_alu(b, as, num_components);
}

nir_def *
nir_channel(nir_builder *b, nir_def *def, unsigned c)
{
   return nir_swizzle(b, def, &c, 1);
}

nir_def *
nir_channels(nir_builder *b, nir_def *def, unsigned mask)
{
   unsigned swiz[NIR_MAX_VEC_COMPONENTS], n = 0;
   u_foreach_bit(c, mask)
   {
      if (n < NIR_MAX_VEC_COMPONENTS)
         swiz[n++] = c;
   }
   return nir_swizzle(b, def, swiz, n);
}

nir_def *
nir_channels_range(nir_builder *b, nir_def *def, unsigned first, unsigned count)
{
   unsigned swiz[NIR_MAX_VEC_COMPONENTS];
   for (unsigned i = 0; i < count; i++)
      swiz[i] = first + i;
   return nir_swizzle(b, def, swiz, count);
}

nir_def *
nir_pad_vector(nir_builder *b, nir_def *src, unsigned num_components)
{
   if (src->num_components >= num_components)
      return src;
   nir_def *comps[NIR_MAX_VEC_COMPONENTS];
   nir_def *u = nir_undef(b, 1, src->bit_size);
   for (unsigned i = 0; i < num_components; i++)
      comps[i] = i < src->num_components ? nir_channel(b, src, i) : u;
   return nir_vec(b, comps, num_components);
}

nir_def *
nir_trim_vector(nir_builder *b, nir_def *src, unsigned num_components)
{
   if (src->num_components <= num_components)
      return src;
   return nir_channels_range(b, src, 0, num_components);
}

nir_def *
nir_vector_extract(nir_builder *b, nir_def *vec, nir_def *c)
{
   if (nir_src_is_const(nir_src_for_ssa(c))) {
      const uint64_t i = nir_src_as_uint(nir_src_for_ssa(c));
      /* Out of bounds: undefined in SPIR-V; an undef is the honest answer. */
      return i < vec->num_components ? nir_channel(b, vec, (unsigned)i)
                                     : nir_undef(b, 1, vec->bit_size);
   }
   nir_def *r = nir_channel(b, vec, 0);
   for (unsigned i = 1; i < vec->num_components; i++)
      r = nir_bcsel(b, nir_ieq_imm(b, c, i), nir_channel(b, vec, i), r);
   return r;
}

nir_def *
nir_vector_insert_imm(nir_builder *b, nir_def *vec, nir_def *scalar, unsigned c)
{
   if (c >= vec->num_components)
      return vec;
   nir_def *comps[NIR_MAX_VEC_COMPONENTS];
   for (unsigned i = 0; i < vec->num_components; i++)
      comps[i] = i == c ? scalar : nir_channel(b, vec, i);
   return nir_vec(b, comps, vec->num_components);
}

nir_def *
nir_vector_insert(nir_builder *b, nir_def *vec, nir_def *scalar, nir_def *c)
{
   if (nir_src_is_const(nir_src_for_ssa(c)))
      return nir_vector_insert_imm(b, vec, scalar,
                                   (unsigned)nir_src_as_uint(nir_src_for_ssa(c)));
   nir_def *comps[NIR_MAX_VEC_COMPONENTS];
   for (unsigned i = 0; i < vec->num_components; i++)
      comps[i] = nir_bcsel(b, nir_ieq_imm(b, c, i), scalar, nir_channel(b, vec, i));
   return nir_vec(b, comps, vec->num_components);
}

/* ------------------------------------------------------------------------------- */
/* Arithmetic conveniences                                                         */
/* ------------------------------------------------------------------------------- */

nir_def *
nir_iadd_imm(nir_builder *b, nir_def *x, uint64_t y)
{
   if ((y & BITFIELD64_MASK(x->bit_size)) == 0)
      return x;
   return nir_iadd(b, x, nir_imm_intN_t(b, y, x->bit_size));
}

nir_def *
nir_imul_imm(nir_builder *b, nir_def *x, uint64_t y)
{
   if ((y & BITFIELD64_MASK(x->bit_size)) == 1)
      return x;
   return nir_imul(b, x, nir_imm_intN_t(b, y, x->bit_size));
}

nir_def *
nir_iand_imm(nir_builder *b, nir_def *x, uint64_t y)
{
   return nir_iand(b, x, nir_imm_intN_t(b, y, x->bit_size));
}

nir_def *
nir_ior_imm(nir_builder *b, nir_def *x, uint64_t y)
{
   return nir_ior(b, x, nir_imm_intN_t(b, y, x->bit_size));
}

nir_def *
nir_ishl_imm(nir_builder *b, nir_def *x, uint32_t y)
{
   return nir_ishl(b, x, nir_imm_int(b, (int32_t)y));
}

nir_def *
nir_ushr_imm(nir_builder *b, nir_def *x, uint32_t y)
{
   return nir_ushr(b, x, nir_imm_int(b, (int32_t)y));
}

nir_def *
nir_ishr_imm(nir_builder *b, nir_def *x, uint32_t y)
{
   return nir_ishr(b, x, nir_imm_int(b, (int32_t)y));
}

nir_def *
nir_ieq_imm(nir_builder *b, nir_def *x, uint64_t y)
{
   return nir_ieq(b, x, nir_imm_intN_t(b, y, x->bit_size));
}

nir_def *
nir_ine_imm(nir_builder *b, nir_def *x, uint64_t y)
{
   return nir_ine(b, x, nir_imm_intN_t(b, y, x->bit_size));
}

nir_def *
nir_ult_imm(nir_builder *b, nir_def *x, uint64_t y)
{
   return nir_ult(b, x, nir_imm_intN_t(b, y, x->bit_size));
}

nir_def *
nir_fadd_imm(nir_builder *b, nir_def *x, double y)
{
   return nir_fadd(b, x, nir_imm_floatN_t(b, y, x->bit_size));
}

nir_def *
nir_fmul_imm(nir_builder *b, nir_def *x, double y)
{
   return nir_fmul(b, x, nir_imm_floatN_t(b, y, x->bit_size));
}

nir_def *
nir_fdot(nir_builder *b, nir_def *x, nir_def *y)
{
   switch (x->num_components) {
   case 1:
      return nir_fmul(b, x, y);
   case 2:
      return nir_fdot2(b, x, y);
   case 3:
      return nir_fdot3(b, x, y);
   case 4:
      return nir_fdot4(b, x, y);
   default: {
      /* Wide vectors: a chain of fmul/fadd. */
      nir_def *r = nir_fmul(b, nir_channel(b, x, 0), nir_channel(b, y, 0));
      for (unsigned i = 1; i < x->num_components; i++)
         r = nir_ffma(b, nir_channel(b, x, i), nir_channel(b, y, i), r);
      return r;
   }
   }
}

nir_def *
nir_inot_bool(nir_builder *b, nir_def *x)
{
   return nir_inot(b, x);
}

nir_def *
nir_type_convert(nir_builder *b, nir_def *src, nir_alu_type src_type,
                 nir_alu_type dest_type, nir_rounding_mode rnd)
{
   if (!nir_alu_type_get_type_size(src_type))
      src_type = (nir_alu_type)(src_type | src->bit_size);
   if (!nir_alu_type_get_type_size(dest_type))
      dest_type = (nir_alu_type)(dest_type | src->bit_size);
   const nir_op op = nir_type_conversion_op(src_type, dest_type, rnd);
   if (op == NIR_OP_MOV)
      return src;
   if (op == NIR_NUM_OPCODES)
      return nir_poison(b, src->num_components, nir_alu_type_get_type_size(dest_type));
   if (op == NIR_OP_F2B1)
      return nir_fneu(b, src, nir_imm_floatN_t(b, 0.0, src->bit_size));
   if (op == NIR_OP_I2B1)
      return nir_ine_imm(b, src, 0);
   return nir_build_alu(b, op, src, NULL, NULL, NULL);
}

#define CONVERT_N(name, src_t, dst_t)                                                    \
   nir_def *name(nir_builder *b, nir_def *x, unsigned bit_size)                          \
   {                                                                                     \
      return nir_type_convert(b, x, src_t, (nir_alu_type)(dst_t | bit_size),             \
                              NIR_ROUNDING_MODE_UNDEF);                                  \
   }
CONVERT_N(nir_f2fN, NIR_TYPE_FLOAT, NIR_TYPE_FLOAT)
CONVERT_N(nir_i2iN, NIR_TYPE_INT, NIR_TYPE_INT)
CONVERT_N(nir_u2uN, NIR_TYPE_UINT, NIR_TYPE_UINT)
CONVERT_N(nir_i2fN, NIR_TYPE_INT, NIR_TYPE_FLOAT)
CONVERT_N(nir_u2fN, NIR_TYPE_UINT, NIR_TYPE_FLOAT)
CONVERT_N(nir_f2iN, NIR_TYPE_FLOAT, NIR_TYPE_INT)
CONVERT_N(nir_f2uN, NIR_TYPE_FLOAT, NIR_TYPE_UINT)
CONVERT_N(nir_b2fN, NIR_TYPE_BOOL, NIR_TYPE_FLOAT)
CONVERT_N(nir_b2iN, NIR_TYPE_BOOL, NIR_TYPE_INT)

nir_def *
nir_i2b(nir_builder *b, nir_def *x)
{
   return nir_ine_imm(b, x, 0);
}

nir_def *
nir_f2b(nir_builder *b, nir_def *x)
{
   return nir_fneu(b, x, nir_imm_floatN_t(b, 0.0, x->bit_size));
}

/* ------------------------------------------------------------------------------- */
/* Derefs and variables                                                            */
/* ------------------------------------------------------------------------------- */

static unsigned
pointer_bit_size(nir_variable_mode modes)
{
   return (modes & NIR_VAR_MEM_GLOBAL) ? 64 : 32;
}

static nir_deref_instr *
deref_finish(nir_builder *b, nir_deref_instr *d)
{
   nir_def_init(&d->instr, &d->def, 1, pointer_bit_size(d->modes));
   nir_builder_instr_insert(b, &d->instr);
   return d;
}

nir_deref_instr *
nir_build_deref_var(nir_builder *b, nir_variable *var)
{
   nir_deref_instr *d = nir_deref_instr_create(b->shader, NIR_DEREF_TYPE_VAR);
   if (!d)
      return b->shader->poison_deref;
   d->var = var;
   d->modes = var->data.mode;
   d->type = var->type;
   return deref_finish(b, d);
}

static bool
is_poison_deref(nir_builder *b, nir_deref_instr *d)
{
   return d == b->shader->poison_deref;
}

nir_deref_instr *
nir_build_deref_array(nir_builder *b, nir_deref_instr *parent, nir_def *index)
{
   if (is_poison_deref(b, parent))
      return parent;
   nir_deref_instr *d = nir_deref_instr_create(b->shader, NIR_DEREF_TYPE_ARRAY);
   if (!d)
      return b->shader->poison_deref;
   d->modes = parent->modes;
   d->type = glsl_get_deref_element(parent->type);
   d->parent.ssa = &parent->def;
   d->arr.index.ssa = index;
   return deref_finish(b, d);
}

nir_deref_instr *
nir_build_deref_array_imm(nir_builder *b, nir_deref_instr *parent, int64_t index)
{
   return nir_build_deref_array(b, parent, nir_imm_intN_t(b, (uint64_t)index, 32));
}

nir_deref_instr *
nir_build_deref_ptr_as_array(nir_builder *b, nir_deref_instr *parent, nir_def *index)
{
   if (is_poison_deref(b, parent))
      return parent;
   nir_deref_instr *d = nir_deref_instr_create(b->shader, NIR_DEREF_TYPE_PTR_AS_ARRAY);
   if (!d)
      return b->shader->poison_deref;
   d->modes = parent->modes;
   d->type = parent->type;
   d->parent.ssa = &parent->def;
   d->arr.index.ssa = index;
   return deref_finish(b, d);
}

nir_deref_instr *
nir_build_deref_struct(nir_builder *b, nir_deref_instr *parent, unsigned index)
{
   if (is_poison_deref(b, parent))
      return parent;
   nir_deref_instr *d = nir_deref_instr_create(b->shader, NIR_DEREF_TYPE_STRUCT);
   if (!d)
      return b->shader->poison_deref;
   d->modes = parent->modes;
   d->type = glsl_get_struct_field(parent->type, index);
   d->parent.ssa = &parent->def;
   d->strct.index = index;
   return deref_finish(b, d);
}

nir_deref_instr *
nir_build_deref_cast(nir_builder *b, nir_def *value, nir_variable_mode modes,
                     const struct glsl_type *type, unsigned ptr_stride_B)
{
   nir_deref_instr *d = nir_deref_instr_create(b->shader, NIR_DEREF_TYPE_CAST);
   if (!d)
      return b->shader->poison_deref;
   d->modes = modes;
   d->type = type;
   d->parent.ssa = value;
   d->cast.ptr_stride_B = ptr_stride_B;
   return deref_finish(b, d);
}

nir_def *
nir_load_deref_with_access(nir_builder *b, nir_deref_instr *deref, enum nir_access access)
{
   const struct glsl_type *t = deref->type;
   unsigned nc = glsl_get_vector_elements(t), bs = glsl_get_bit_size(t);
   if (!glsl_type_is_vector_or_scalar(t) || !nc || !bs) {
      /* Loading a non-vector is an error of the caller; keep going. */
      nc = nc ? nc : 1;
      bs = bs ? bs : 32;
   }
   if (is_poison_deref(b, deref))
      return nir_poison(b, nc, bs);
   return nir_build_load_deref(b, nc, bs, &deref->def, .access = access);
}

nir_def *
nir_load_deref(nir_builder *b, nir_deref_instr *deref)
{
   return nir_load_deref_with_access(b, deref, NIR_ACCESS_NONE);
}

void
nir_store_deref_with_access(nir_builder *b, nir_deref_instr *deref, nir_def *value,
                            unsigned write_mask, enum nir_access access)
{
   if (is_poison_deref(b, deref) || is_poison_def(value)) {
      b->shader->oom = true;
      return;
   }
   write_mask &= BITFIELD_MASK(value->num_components);
   nir_build_store_deref(b, &deref->def, value, .write_mask = write_mask,
                         .access = access);
}

void
nir_store_deref(nir_builder *b, nir_deref_instr *deref, nir_def *value,
                unsigned write_mask)
{
   nir_store_deref_with_access(b, deref, value, write_mask, NIR_ACCESS_NONE);
}

void
nir_copy_deref(nir_builder *b, nir_deref_instr *dst, nir_deref_instr *src)
{
   if (is_poison_deref(b, dst) || is_poison_deref(b, src)) {
      b->shader->oom = true;
      return;
   }
   nir_build_copy_deref(b, &dst->def, &src->def);
}

nir_def *
nir_load_var(nir_builder *b, nir_variable *var)
{
   return nir_load_deref(b, nir_build_deref_var(b, var));
}

void
nir_store_var(nir_builder *b, nir_variable *var, nir_def *value, unsigned write_mask)
{
   nir_store_deref(b, nir_build_deref_var(b, var), value, write_mask);
}

void
nir_copy_var(nir_builder *b, nir_variable *dst, nir_variable *src)
{
   nir_copy_deref(b, nir_build_deref_var(b, dst), nir_build_deref_var(b, src));
}

/* ------------------------------------------------------------------------------- */
/* Control flow                                                                    */
/* ------------------------------------------------------------------------------- */

nir_if *
nir_push_if(nir_builder *b, nir_def *condition)
{
   nir_if *nif = nir_if_create(b->shader);
   if (!nif)
      return NULL;
   nif->condition.ssa = condition;
   if (!nir_cf_node_insert(b->cursor, &nif->cf_node)) {
      b->shader->oom = true;
      return NULL;
   }
   b->cursor = nir_after_block(nir_if_first_then_block(nif));
   return nif;
}

/* The if the cursor is (directly or deeply) inside. */
static nir_if *
innermost_if(nir_builder *b)
{
   nir_cf_node *n = &nir_cursor_current_block(b->cursor)->cf_node;
   for (n = n->parent; n; n = n->parent)
      if (n->type == NIR_CF_NODE_IF)
         return nir_cf_node_as_if(n);
   return NULL;
}

nir_if *
nir_push_else(nir_builder *b, nir_if *nif)
{
   /* A NULL from a failed nir_push_if: stay put, the shader is lost anyway. */
   if (!nif && b->shader->oom)
      return NULL;
   if (!nif)
      nif = innermost_if(b);
   if (!nif)
      return NULL;
   b->cursor = nir_after_block(nir_if_last_else_block(nif));
   return nif;
}

void
nir_pop_if(nir_builder *b, nir_if *nif)
{
   if (!nif && b->shader->oom)
      return;
   if (!nif)
      nif = innermost_if(b);
   if (!nif)
      return;
   b->cursor = nir_after_cf_node(&nif->cf_node);
}

nir_def *
nir_if_phi(nir_builder *b, nir_def *then_def, nir_def *else_def)
{
   nir_block *block = nir_cursor_current_block(b->cursor);
   nir_cf_node *prev = nir_cf_node_prev(&block->cf_node);
   if (!prev || prev->type != NIR_CF_NODE_IF)
      return nir_poison(b, then_def->num_components, then_def->bit_size);
   nir_if *nif = nir_cf_node_as_if(prev);
   nir_phi_instr *phi = nir_phi_instr_create(b->shader);
   if (!phi)
      return nir_poison(b, then_def->num_components, then_def->bit_size);
   nir_def_init(&phi->instr, &phi->def, then_def->num_components, then_def->bit_size);
   if (!nir_phi_instr_add_src(phi, nir_if_last_then_block(nif), then_def) ||
       !nir_phi_instr_add_src(phi, nir_if_last_else_block(nif), else_def))
      return nir_poison(b, then_def->num_components, then_def->bit_size);
   nir_instr_insert(nir_before_block(block), &phi->instr);
   return &phi->def;
}

nir_loop *
nir_push_loop(nir_builder *b)
{
   nir_loop *loop = nir_loop_create(b->shader);
   if (!loop)
      return NULL;
   if (!nir_cf_node_insert(b->cursor, &loop->cf_node)) {
      b->shader->oom = true;
      return NULL;
   }
   b->cursor = nir_after_block(nir_loop_first_block(loop));
   return loop;
}

nir_loop *
nir_push_continue(nir_builder *b, nir_loop *loop)
{
   if (!loop && !b->shader->oom)
      loop = nir_cf_node_get_loop(&nir_cursor_current_block(b->cursor)->cf_node);
   if (!loop)
      return NULL;
   if (!nir_loop_add_continue_construct(loop)) {
      b->shader->oom = true;
      return loop;
   }
   b->cursor = nir_after_block(nir_loop_last_continue_block(loop));
   return loop;
}

void
nir_pop_loop(nir_builder *b, nir_loop *loop)
{
   if (!loop && b->shader->oom)
      return;
   if (!loop) {
      nir_cf_node *n = &nir_cursor_current_block(b->cursor)->cf_node;
      loop = nir_cf_node_get_loop(n);
      if (!loop)
         return;
   }
   b->cursor = nir_after_cf_node(&loop->cf_node);
}

void
nir_jump(nir_builder *b, nir_jump_type type)
{
   nir_jump_instr *j = nir_jump_instr_create(b->shader, type);
   if (!j)
      return;
   nir_builder_instr_insert(b, &j->instr);
}

void
nir_break_if(nir_builder *b, nir_def *cond)
{
   nir_if *nif = nir_push_if(b, cond);
   nir_jump(b, NIR_JUMP_BREAK);
   nir_pop_if(b, nif);
}

/* ------------------------------------------------------------------------------- */
/* Calls and textures                                                              */
/* ------------------------------------------------------------------------------- */

nir_call_instr *
nir_build_call(nir_builder *b, nir_function *callee, unsigned num_params,
               nir_def **params)
{
   nir_call_instr *call = nir_call_instr_create(b->shader, callee);
   if (!call)
      return NULL;
   for (unsigned i = 0; i < call->num_params && i < num_params; i++)
      call->params[i].ssa = params[i];
   nir_builder_instr_insert(b, &call->instr);
   return call;
}

nir_def *
nir_builder_tex_finish_and_insert(nir_builder *b, nir_tex_instr *tex)
{
   unsigned bs = nir_alu_type_get_type_size(tex->dest_type);
   nir_def_init(&tex->instr, &tex->def, nir_tex_instr_dest_size(tex), bs ? bs : 32);
   nir_builder_instr_insert(b, &tex->instr);
   return &tex->def;
}

static nir_def *
build_tex(nir_builder *b, nir_texop op, nir_deref_instr *texture,
          nir_deref_instr *sampler, nir_def *coord, nir_tex_src_type extra_type,
          nir_def *extra)
{
   const struct glsl_type *t = glsl_without_array(texture->type);
   const unsigned num_srcs = 1 + (sampler ? 1 : 0) + (coord ? 1 : 0) + (extra ? 1 : 0);
   nir_tex_instr *tex = nir_tex_instr_create(b->shader, num_srcs);
   if (!tex || is_poison_deref(b, texture))
      return nir_poison(b, 4, 32);
   tex->op = op;
   tex->sampler_dim = glsl_get_sampler_dim(t);
   tex->is_array = glsl_sampler_type_is_array(t);
   tex->is_shadow = glsl_sampler_type_is_shadow(t);
   tex->dest_type = nir_get_nir_type_for_glsl_base_type(glsl_get_sampler_result_type(t));
   if (tex->dest_type == NIR_TYPE_INVALID)
      tex->dest_type = NIR_TYPE_FLOAT32;
   unsigned i = 0;
   tex->src[i].src_type = NIR_TEX_SRC_TEXTURE_DEREF;
   tex->src[i++].src.ssa = &texture->def;
   if (sampler) {
      tex->src[i].src_type = NIR_TEX_SRC_SAMPLER_DEREF;
      tex->src[i++].src.ssa = &sampler->def;
   }
   if (coord) {
      tex->coord_components = coord->num_components;
      tex->src[i].src_type = NIR_TEX_SRC_COORD;
      tex->src[i++].src.ssa = coord;
   }
   if (extra) {
      tex->src[i].src_type = extra_type;
      tex->src[i++].src.ssa = extra;
   }
   return nir_builder_tex_finish_and_insert(b, tex);
}

nir_def *
nir_tex_deref(nir_builder *b, nir_deref_instr *texture, nir_deref_instr *sampler,
              nir_def *coord)
{
   return build_tex(b, NIR_TEXOP_TEX, texture, sampler, coord, NIR_TEX_SRC_LOD, NULL);
}

nir_def *
nir_txl_deref(nir_builder *b, nir_deref_instr *texture, nir_deref_instr *sampler,
              nir_def *coord, nir_def *lod)
{
   return build_tex(b, NIR_TEXOP_TXL, texture, sampler, coord, NIR_TEX_SRC_LOD, lod);
}

nir_def *
nir_txf_deref(nir_builder *b, nir_deref_instr *texture, nir_def *coord, nir_def *lod)
{
   return build_tex(b, NIR_TEXOP_TXF, texture, NULL, coord, NIR_TEX_SRC_LOD, lod);
}
