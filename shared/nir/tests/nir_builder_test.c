/* SPDX-License-Identifier: MIT */
/* Builder helpers: what they build, the sizes they infer, their defaults. */
#include "nir_test_helpers.h"

static nir_op
alu_op(nir_def *def)
{
   return def->parent_instr->type == NIR_INSTR_TYPE_ALU
             ? nir_instr_as_alu(def->parent_instr)->op
             : NIR_NUM_OPCODES;
}

TEST(nir_builder_type_convert)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_def *f32 = nir_imm_float(&b, 1.5f);
   nir_def *i8 = nir_imm_intN_t(&b, 0x80, 8);
   nir_def *i16 = nir_imm_intN_t(&b, 0xffff, 16);
   nir_def *u64 = nir_imm_int64(&b, 7);
   nir_def *d = nir_imm_double(&b, 1.0);
   nir_def *t = nir_imm_true(&b);

   nir_def *r =
      nir_type_convert(&b, f32, NIR_TYPE_FLOAT, NIR_TYPE_UINT8, NIR_ROUNDING_MODE_UNDEF);
   CHECK_EQ(alu_op(r), NIR_OP_F2U8);
   CHECK_EQ(r->bit_size, 8);
   r = nir_type_convert(&b, i8, NIR_TYPE_INT, NIR_TYPE_FLOAT64, NIR_ROUNDING_MODE_UNDEF);
   CHECK_EQ(alu_op(r), NIR_OP_I2F64);
   r = nir_type_convert(&b, t, NIR_TYPE_BOOL, NIR_TYPE_FLOAT16, NIR_ROUNDING_MODE_UNDEF);
   CHECK_EQ(alu_op(r), NIR_OP_B2F16);
   r = nir_type_convert(&b, f32, NIR_TYPE_FLOAT, NIR_TYPE_BOOL1, NIR_ROUNDING_MODE_UNDEF);
   CHECK_EQ(alu_op(r), NIR_OP_FNEU);
   CHECK_EQ(r->bit_size, 1);
   r = nir_type_convert(&b, u64, NIR_TYPE_UINT, NIR_TYPE_UINT16, NIR_ROUNDING_MODE_UNDEF);
   CHECK_EQ(alu_op(r), NIR_OP_U2U16);
   /* Widening follows the *source* signedness (OpSConvert). */
   r = nir_type_convert(&b, i16, NIR_TYPE_INT, NIR_TYPE_UINT64, NIR_ROUNDING_MODE_UNDEF);
   CHECK_EQ(alu_op(r), NIR_OP_I2I64);
   r = nir_type_convert(&b, f32, NIR_TYPE_FLOAT, NIR_TYPE_FLOAT16, NIR_ROUNDING_MODE_RTZ);
   CHECK_EQ(alu_op(r), NIR_OP_F2F16_RTZ);
   r = nir_type_convert(&b, d, NIR_TYPE_FLOAT, NIR_TYPE_FLOAT32, NIR_ROUNDING_MODE_RTZ);
   CHECK_EQ(alu_op(r), NIR_OP_F2F32_RTZ);
   /* Same type, or int <-> uint of one size: nothing to do. */
   CHECK(nir_type_convert(&b, f32, NIR_TYPE_FLOAT32, NIR_TYPE_FLOAT,
                          NIR_ROUNDING_MODE_UNDEF) == f32);
   CHECK(nir_type_convert(&b, i16, NIR_TYPE_INT, NIR_TYPE_UINT16,
                          NIR_ROUNDING_MODE_UNDEF) == i16);
   CHECK_EQ(alu_op(nir_i2b(&b, i8)), NIR_OP_INE);
   CHECK_EQ(alu_op(nir_f2uN(&b, d, 32)), NIR_OP_F2U32);
   CHECK_EQ(nir_validate_shader_report(b.shader, NULL), 0);
   nir_shader_destroy(b.shader);
}

TEST(nir_builder_vectors)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_def *v = nir_load_frag_coord(&b);
   nir_def *i = nir_load_sample_id(&b);

   /* Constant index: a channel; out of bounds: an undef; dynamic: bcsels. */
   nir_def *two = nir_imm_int(&b, 2);
   nir_def *e = nir_vector_extract(&b, v, two);
   CHECK_EQ(alu_op(e), NIR_OP_MOV);
   CHECK_EQ(nir_instr_as_alu(e->parent_instr)->src[0].swizzle[0], 2);
   nir_def *nine = nir_imm_int(&b, 9);
   CHECK(nir_vector_extract(&b, v, nine)->parent_instr->type == NIR_INSTR_TYPE_UNDEF);
   nir_def *dyn = nir_vector_extract(&b, v, i);
   CHECK_EQ(alu_op(dyn), NIR_OP_BCSEL);
   nir_def *ins = nir_vector_insert(&b, v, dyn, i);
   CHECK_EQ(alu_op(ins), NIR_OP_VEC4);
   CHECK_EQ(ins->num_components, 4);

   CHECK(nir_channels(&b, v, 0xf) == v); /* identity swizzle: no instruction */
   nir_def *zw = nir_channels(&b, v, 0xc);
   CHECK_EQ(zw->num_components, 2);
   CHECK_EQ(nir_instr_as_alu(zw->parent_instr)->src[0].swizzle[1], 3);
   CHECK_EQ(nir_pad_vector(&b, zw, 4)->num_components, 4);
   CHECK_EQ(nir_trim_vector(&b, v, 3)->num_components, 3);

   /* Scalars broadcast into per-component ops. */
   nir_def *half = nir_imm_float(&b, 0.5f);
   nir_def *m = nir_fmul(&b, v, half);
   CHECK_EQ(m->num_components, 4);
   CHECK_EQ(nir_instr_as_alu(m->parent_instr)->src[1].swizzle[3], 0);

   /* Wide dot products become a chain. */
   nir_def *comps[8];
   for (unsigned c = 0; c < 8; c++)
      comps[c] = nir_channel(&b, v, c % 4);
   nir_def *v8 = nir_vec(&b, comps, 8);
   CHECK_EQ(v8->num_components, 8);
   CHECK_EQ(alu_op(nir_fdot(&b, v8, v8)), NIR_OP_FFMA);
   CHECK_EQ(alu_op(nir_fdot(&b, v, v)), NIR_OP_FDOT4);
   CHECK_EQ(nir_validate_shader_report(b.shader, NULL), 0);
   nir_shader_destroy(b.shader);
}

TEST(nir_builder_intrinsic_defaults)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_def *zero = nir_imm_int(&b, 0);
   nir_def *val = nir_imm_ivec3(&b, 1, 2, 3);
   nir_intrinsic_instr *st = nir_store_ssbo(&b, val, zero, zero);
   REQUIRE(st);
   CHECK_EQ(st->num_components, 3);
   CHECK_EQ(nir_intrinsic_write_mask(st), 0x7); /* all components */
   CHECK_EQ(nir_intrinsic_align_mul(st), 4);    /* the component size */
   nir_intrinsic_instr *st2 =
      nir_store_ssbo(&b, val, zero, zero, .write_mask = 0x5, .align_mul = 16,
                     .align_offset = 8, .access = NIR_ACCESS_NON_READABLE);
   CHECK_EQ(nir_intrinsic_write_mask(st2), 0x5);
   CHECK_EQ(nir_intrinsic_align_mul(st2), 16);
   CHECK_EQ(nir_intrinsic_align_offset(st2), 8);
   CHECK_EQ(nir_intrinsic_access(st2), NIR_ACCESS_NON_READABLE);
   nir_def *ld = nir_load_ssbo(&b, 2, 64, zero, zero);
   CHECK_EQ(ld->num_components, 2);
   CHECK_EQ(ld->bit_size, 64);
   CHECK_EQ(nir_intrinsic_align_mul(nir_instr_as_intrinsic(ld->parent_instr)), 8);
   /* Fixed-size system values need no size arguments. */
   nir_def *wg = nir_load_workgroup_id(&b);
   CHECK_EQ(wg->num_components, 3);
   CHECK_EQ(wg->bit_size, 32);
   /* Atomics take their size from the data source. */
   nir_def *a = nir_ssbo_atomic(&b, zero, zero, nir_imm_int64(&b, 1),
                                .atomic_op = NIR_ATOMIC_OP_XCHG);
   CHECK_EQ(a->bit_size, 64);
   nir_io_semantics sem = {
      .location = 2, .num_slots = 1, .builtin = NIR_IO_SEMANTICS_NO_BUILTIN};
   nir_def *in = nir_load_input(&b, 4, 16, zero, .io_semantics = sem);
   nir_io_semantics back =
      nir_intrinsic_io_semantics(nir_instr_as_intrinsic(in->parent_instr));
   CHECK_EQ(back.location, 2);
   CHECK_EQ(back.builtin, NIR_IO_SEMANTICS_NO_BUILTIN);
   CHECK(!nir_intrinsic_has_write_mask(nir_instr_as_intrinsic(in->parent_instr)));
   CHECK_EQ(nir_intrinsic_from_system_value(NIR_BUILTIN_LOCAL_INVOCATION_INDEX),
            NIR_INTRINSIC_LOAD_LOCAL_INVOCATION_INDEX);
   CHECK_EQ(nir_intrinsic_from_system_value(NIR_BUILTIN_POSITION), NIR_NUM_INTRINSICS);
   CHECK_EQ(nir_validate_shader_report(b.shader, NULL), 0);
   nir_shader_destroy(b.shader);
}

TEST(nir_builder_poison_after_oom)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   /* Pretend allocation failed: poison values have the requested size, are
    * never NULL, and the shader reports the failure. */
   nir_def *p = nir_poison(&b, 3, 16);
   CHECK(p != NULL);
   CHECK_EQ(p->num_components, 3);
   CHECK_EQ(p->bit_size, 16);
   CHECK(nir_shader_oom(b.shader));
   /* Building on poison keeps working. */
   nir_def *q = nir_fadd(&b, p, p);
   CHECK_EQ(q->num_components, 3);
   nir_shader_destroy(b.shader);
}

/* struct S { vec4 v; float a[n]; } */
static const struct glsl_type *
struct_vec4_floats(unsigned n)
{
   const struct glsl_struct_field f[2] = {
      glsl_struct_field_init(glsl_vec4_type(), "v"),
      glsl_struct_field_init(glsl_array_type(glsl_float_type(), n, 0), "a"),
   };
   return glsl_struct_type(f, 2, "S", GLSL_BLOCK_NONE);
}

TEST(nir_vars_to_ssa_splits_copies)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   const struct glsl_type *st = struct_vec4_floats(2);
   nir_variable *in = nir_variable_create(b.shader, NIR_VAR_SHADER_IN, st, "in");
   nir_variable *out =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "o");
   nir_variable *x = nir_local_variable_create(b.impl, st, "x");
   nir_variable *y = nir_local_variable_create(b.impl, st, "y");
   nir_copy_var(&b, x, in); /* input -> local: split into leaf loads/stores */
   nir_copy_var(&b, y, x);  /* local -> local */
   nir_deref_instr *ya1 = nir_build_deref_array_imm(
      &b, nir_build_deref_struct(&b, nir_build_deref_var(&b, y), 1), 1);
   nir_store_var(&b, out, nir_load_deref(&b, ya1), 1);
   CHECK(nir_lower_vars_to_ssa(b.shader));
   nir_opt_dce(b.shader);
   char *text = nir_test_print(b.shader);
   /* Everything local is gone; only the input leaf that flows out is read. */
   CHECK(text && !strstr(text, "function_temp"));
   CHECK(text && !strstr(text, "copy_deref"));
   CHECK(text && strstr(text, "deref_array &"));
   free(text);
   nir_shader_destroy(b.shader);
}

TEST(nir_variable_retype_derefs_follows_the_variable)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   const struct glsl_type *st = struct_vec4_floats(2);
   nir_variable *out = nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, st, "o");
   nir_variable *other = nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, st, "p");
   nir_deref_instr *v = nir_build_deref_var(&b, out);
   nir_deref_instr *a = nir_build_deref_struct(&b, v, 1);
   nir_deref_instr *a1 = nir_build_deref_array_imm(&b, a, 1);
   nir_store_deref(&b, a1, nir_imm_float(&b, 1.0f), 1);
   nir_deref_instr *p = nir_build_deref_var(&b, other);

   /* A longer array member, and the variable becomes a private global. */
   const struct glsl_type *grown = struct_vec4_floats(4);
   out->type = grown;
   out->data.mode = NIR_VAR_SHADER_TEMP;
   nir_variable_retype_derefs(b.shader, out);

   CHECK(v->type == grown);
   CHECK(a->type == glsl_get_struct_field(grown, 1));
   CHECK_EQ(glsl_get_length(a->type), 4);
   CHECK(a1->type == glsl_float_type());
   CHECK_EQ(v->modes, NIR_VAR_SHADER_TEMP);
   CHECK_EQ(a->modes, NIR_VAR_SHADER_TEMP);
   CHECK_EQ(a1->modes, NIR_VAR_SHADER_TEMP);
   /* Derefs of another variable are left alone. */
   CHECK(p->type == st);
   CHECK_EQ(p->modes, NIR_VAR_SHADER_OUT);
   free(nir_test_print(b.shader));
   nir_shader_destroy(b.shader);
}
