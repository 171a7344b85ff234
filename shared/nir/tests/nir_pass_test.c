/* SPDX-License-Identifier: MIT */
/* Golden tests of the core passes: build, run, compare the printed IR. */
#include "nir_test_helpers.h"

#include "util/arena.h"

/* Runs a pass that must make no change: it reports no progress and the
 * printed shader stays byte for byte the same. */
#define CHECK_NO_CHANGE(shader, pass, ...)                                               \
   do {                                                                                  \
      char *_before = nir_test_print(shader);                                            \
      CHECK(!pass(shader, ##__VA_ARGS__));                                               \
      char *_after = nir_test_print(shader);                                             \
      CHECK_STREQ(_after, _before);                                                      \
      free(_before);                                                                     \
      free(_after);                                                                      \
   } while (0)

static nir_variable *
shared_uint(nir_builder *b, const char *name)
{
   return nir_variable_create(b->shader, NIR_VAR_MEM_SHARED, glsl_uint_type(), name);
}

/* ================================================================================ */
/* dce                                                                              */
/* ================================================================================ */

TEST(nir_dce_removes_unused_chain)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_variable *out = shared_uint(&b, "o");
   nir_def *x = nir_load_local_invocation_index(&b);
   nir_def *dead = nir_iadd(&b, x, nir_imm_int(&b, 7));
   nir_imul(&b, dead, dead);
   nir_store_var(&b, out, nir_iadd_imm(&b, x, 1), 1);
   CHECK(nir_opt_dce(b.shader));
   CHECK_IR(b.shader, "shader: compute\n"
                      "name: test\n"
                      "workgroup_size: 0, 0, 0\n"
                      "decl_var shared uint o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x1 @load_local_invocation_index ()\n"
                      "      %4 = 32x1 load_const (0x00000001)\n"
                      "      %5 = 32x1 iadd %0, %4\n"
                      "      %6 = 32x1 deref_var &o (shared uint)\n"
                      "      @store_deref (%6, %5) (write_mask=0x1, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_dce_keeps_everything_used)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_variable *out = shared_uint(&b, "o");
   nir_def *x = nir_load_local_invocation_index(&b);
   nir_if *nif = nir_push_if(&b, nir_ieq_imm(&b, x, 0));
   nir_store_var(&b, out, x, 1);
   nir_pop_if(&b, nif);
   nir_barrier(
      &b, .execution_scope = NIR_SCOPE_WORKGROUP, .memory_scope = NIR_SCOPE_WORKGROUP,
      .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = NIR_VAR_MEM_SHARED);
   CHECK_NO_CHANGE(b.shader, nir_opt_dce);
   nir_shader_destroy(b.shader);
}

TEST(nir_dce_removes_dead_loop_phi_cycle)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_def *zero = nir_imm_int(&b, 0);
   nir_block *before = nir_cursor_current_block(b.cursor);
   nir_loop *loop = nir_push_loop(&b);
   nir_block *header = nir_loop_first_block(loop);
   /* phi = phi(0, phi + 1): only feeds itself. */
   nir_phi_instr *phi = nir_phi_instr_create(b.shader);
   nir_def_init(&phi->instr, &phi->def, 1, 32);
   nir_phi_instr_add_src(phi, before, zero);
   nir_instr_insert(nir_before_block(header), &phi->instr);
   nir_def *inc = nir_iadd_imm(&b, &phi->def, 1);
   nir_break_if(&b, nir_ieq_imm(&b, nir_load_local_invocation_index(&b), 3));
   /* The back edge got an undef source when the loop was built; point it
    * at the increment. */
   nir_src_rewrite(&nir_phi_get_src_from_block(phi, nir_loop_last_block(loop))->src, inc);
   nir_pop_loop(&b, loop);
   CHECK(nir_opt_dce(b.shader));
   CHECK_IR(b.shader, "shader: compute\n"
                      "name: test\n"
                      "workgroup_size: 0, 0, 0\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      // succs: b1\n"
                      "   loop {\n"
                      "      block b1:  // preds: b0 b4\n"
                      "         %4 = 32x1 @load_local_invocation_index ()\n"
                      "         %5 = 32x1 load_const (0x00000003)\n"
                      "         %6 = 1x1 ieq %4, %5\n"
                      "         // succs: b2 b3\n"
                      "      if %6 {\n"
                      "         block b2:  // preds: b1\n"
                      "            break\n"
                      "            // succs: b5\n"
                      "      } else {\n"
                      "         block b3:  // preds: b1\n"
                      "            // succs: b4\n"
                      "      }\n"
                      "      block b4:  // preds: b3\n"
                      "         // succs: b1\n"
                      "   }\n"
                      "   block b5:  // preds: b2\n"
                      "      // succs: b6\n"
                      "   block b6:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_dce_keeps_volatile_load)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_variable *v = shared_uint(&b, "v");
   nir_load_deref_with_access(&b, nir_build_deref_var(&b, v), NIR_ACCESS_VOLATILE);
   nir_load_var(&b, v); /* plain: dead */
   CHECK(nir_opt_dce(b.shader));
   CHECK_IR(b.shader, "shader: compute\n"
                      "name: test\n"
                      "workgroup_size: 0, 0, 0\n"
                      "decl_var shared uint v\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x1 deref_var &v (shared uint)\n"
                      "      %1 = 32x1 @load_deref (%0) (access=volatile)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

/* ================================================================================ */
/* constant folding                                                                 */
/* ================================================================================ */

TEST(nir_constant_folding_folds_chain)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_MEM_SHARED, glsl_vec4_type(), "o");
   /* (One builder call per statement: C leaves argument order open.) */
   nir_def *three = nir_imm_float(&b, 3.0f);
   nir_def *half = nir_imm_float(&b, 0.5f);
   nir_def *a = nir_fmul(&b, three, half);
   nir_def *two = nir_imm_float(&b, 2.0f);
   nir_def *neg = nir_fneg(&b, a);
   nir_def *sixteen = nir_imm_float(&b, 16.0f);
   nir_def *root = nir_fsqrt(&b, sixteen);
   nir_def *v = nir_vec4(&b, a, two, neg, root);
   nir_store_var(&b, o, nir_fadd(&b, v, nir_imm_float(&b, 1.0f)), 0xf);
   CHECK(nir_opt_constant_folding(b.shader));
   nir_opt_dce(b.shader);
   CHECK_IR(b.shader, "shader: compute\n"
                      "name: test\n"
                      "workgroup_size: 0, 0, 0\n"
                      "decl_var shared vec4 o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %15 = 32x4 load_const (0x40200000, 0x40400000, 0xbf000000, "
                      "0x40a00000) /* 2.5, 3, -0.5, 5 */\n"
                      "      %10 = 32x1 deref_var &o (shared vec4)\n"
                      "      @store_deref (%10, %15) (write_mask=0xf, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

/* A move or vector of undefined components is an undef; a vector mixing
 * undefined and defined components stays. */
TEST(nir_constant_folding_undef_moves)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_MEM_SHARED, glsl_vec4_type(), "o");
   nir_def *u = nir_undef(&b, 4, 32);
   nir_def *y = nir_channel(&b, u, 1);
   nir_def *zw = nir_channels(&b, u, 0xc);
   nir_def *one = nir_imm_float(&b, 1.0f);
   nir_def *z = nir_channel(&b, zw, 0);
   nir_def *w = nir_channel(&b, zw, 1);
   nir_def *v = nir_vec4(&b, one, y, z, w);
   nir_store_var(&b, o, v, 0xf);
   CHECK(nir_opt_constant_folding(b.shader));
   nir_opt_dce(b.shader);
   CHECK_IR(b.shader, "shader: compute\n"
                      "name: test\n"
                      "workgroup_size: 0, 0, 0\n"
                      "decl_var shared vec4 o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %8 = 32x1 undefined\n"
                      "      %3 = 32x1 load_const (0x3f800000) /* 1 */\n"
                      "      %10 = 32x1 undefined\n"
                      "      %11 = 32x1 undefined\n"
                      "      %6 = 32x4 vec4 %3, %8, %10, %11\n"
                      "      %7 = 32x1 deref_var &o (shared vec4)\n"
                      "      @store_deref (%7, %6) (write_mask=0xf, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_constant_folding_leaves_non_constant)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "o");
   nir_def *x = nir_channel(&b, nir_load_frag_coord(&b), 0);
   nir_def *d = nir_fddx(&b, nir_imm_float(&b, 1.0f)); /* derivatives never fold */
   nir_store_var(&b, o, nir_fadd(&b, nir_fadd(&b, x, nir_imm_float(&b, 1.0f)), d), 1);
   CHECK_NO_CHANGE(b.shader, nir_opt_constant_folding);
   nir_shader_destroy(b.shader);
}

TEST(nir_constant_folding_swizzle_and_compare)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_MEM_SHARED, glsl_uint_type(), "o");
   nir_def *c = nir_imm_ivec4(&b, 1, 2, 3, 4);
   nir_def *c3 = nir_channel(&b, c, 3);
   nir_def *c1 = nir_channel(&b, c, 1);
   nir_def *lt = nir_ilt(&b, c3, c1);
   nir_def *c0 = nir_channel(&b, c, 0);
   nir_def *c2 = nir_channel(&b, c, 2);
   nir_def *sel = nir_bcsel(&b, lt, c0, c2);
   nir_store_var(&b, o, sel, 1);
   /* mov, ilt, bcsel all fold */
   CHECK(nir_opt_constant_folding(b.shader));
   nir_opt_dce(b.shader);
   CHECK_IR(b.shader, "shader: compute\n"
                      "name: test\n"
                      "workgroup_size: 0, 0, 0\n"
                      "decl_var shared uint o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %13 = 32x1 load_const (0x00000003)\n"
                      "      %7 = 32x1 deref_var &o (shared uint)\n"
                      "      @store_deref (%7, %13) (write_mask=0x1, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

/* ================================================================================ */
/* copy propagation                                                                 */
/* ================================================================================ */

TEST(nir_copy_prop_composes_swizzles)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o");
   nir_def *fc = nir_load_frag_coord(&b);
   const unsigned wzyx[] = {3, 2, 1, 0};
   nir_def *rev = nir_swizzle(&b, fc, wzyx, 4); /* mov fc.wzyx */
   nir_def *yx = nir_channels(&b, rev, 0x3);    /* mov rev.xy  */
   nir_def *v0 = nir_channel(&b, yx, 0);
   nir_def *v1 = nir_channel(&b, yx, 1);
   nir_def *v2 = nir_channel(&b, fc, 2);
   nir_def *v3 = nir_channel(&b, fc, 3);
   nir_def *v = nir_vec4(&b, v0, v1, v2, v3);
   nir_store_var(&b, o, nir_fadd(&b, v, v), 0xf);
   CHECK(nir_opt_copy_prop(b.shader));
   nir_opt_dce(b.shader);
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out vec4 o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x4 @load_frag_coord ()\n"
                      "      %8 = 32x4 fadd %0.wzzw, %0.wzzw\n"
                      "      %9 = 32x1 deref_var &o (shader_out vec4)\n"
                      "      @store_deref (%9, %8) (write_mask=0xf, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_copy_prop_identity_vec_into_intrinsic)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o");
   nir_def *fc = nir_load_frag_coord(&b);
   nir_def *x = nir_channel(&b, fc, 0);
   nir_def *y = nir_channel(&b, fc, 1);
   nir_def *z = nir_channel(&b, fc, 2);
   nir_def *w = nir_channel(&b, fc, 3);
   nir_def *same = nir_vec4(&b, x, y, z, w);
   nir_store_var(&b, o, same, 0xf);
   CHECK(nir_opt_copy_prop(b.shader));
   nir_opt_dce(b.shader);
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out vec4 o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x4 @load_frag_coord ()\n"
                      "      %6 = 32x1 deref_var &o (shader_out vec4)\n"
                      "      @store_deref (%6, %0) (write_mask=0xf, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_copy_prop_leaves_mixed_vec)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o");
   nir_def *fc = nir_load_frag_coord(&b);
   nir_def *pc = nir_load_point_coord(&b);
   nir_def *x = nir_channel(&b, fc, 0);
   nir_def *y = nir_channel(&b, pc, 1);
   nir_def *z = nir_channel(&b, fc, 2);
   nir_def *w = nir_channel(&b, fc, 3);
   nir_def *mixed = nir_vec4(&b, x, y, z, w);
   nir_store_var(&b, o, mixed, 0xf);
   /* The channel movs feed a vec (an ALU op): those do get folded into the
    * vec's swizzles, so run once and check the second run is a no-op. */
   nir_opt_copy_prop(b.shader);
   nir_opt_dce(b.shader);
   CHECK_NO_CHANGE(b.shader, nir_opt_copy_prop);
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out vec4 o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x4 @load_frag_coord ()\n"
                      "      %1 = 32x2 @load_point_coord ()\n"
                      "      %6 = 32x4 vec4 %0.x, %1.y, %0.z, %0.w\n"
                      "      %7 = 32x1 deref_var &o (shader_out vec4)\n"
                      "      @store_deref (%7, %6) (write_mask=0xf, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

/* ================================================================================ */
/* cse                                                                              */
/* ================================================================================ */

TEST(nir_cse_same_block_and_commutative)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o");
   nir_def *fc = nir_load_frag_coord(&b);
   nir_def *fc2 = nir_load_frag_coord(&b); /* CAN_REORDER: merged */
   nir_def *one = nir_imm_float(&b, 1.0f);
   nir_def *one2 = nir_imm_float(&b, 1.0f);
   nir_def *a = nir_fadd(&b, fc, one);
   nir_def *c = nir_fadd(&b, one2, fc2); /* swapped: same value */
   nir_def *d = nir_fsub(&b, one, fc);
   nir_def *e = nir_fsub(&b, fc, one); /* not commutative: kept */
   nir_def *ac = nir_fmul(&b, a, c);
   nir_def *de = nir_fmul(&b, d, e);
   nir_store_var(&b, o, nir_fmul(&b, ac, de), 0xf);
   CHECK(nir_opt_cse(b.shader));
   nir_opt_dce(b.shader);
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out vec4 o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x4 @load_frag_coord ()\n"
                      "      %2 = 32x1 load_const (0x3f800000) /* 1 */\n"
                      "      %4 = 32x4 fadd %0, %2.xxxx\n"
                      "      %6 = 32x4 fsub %2.xxxx, %0\n"
                      "      %7 = 32x4 fsub %0, %2.xxxx\n"
                      "      %8 = 32x4 fmul %4, %4\n"
                      "      %9 = 32x4 fmul %6, %7\n"
                      "      %10 = 32x4 fmul %8, %9\n"
                      "      %11 = 32x1 deref_var &o (shader_out vec4)\n"
                      "      @store_deref (%11, %10) (write_mask=0xf, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_cse_respects_dominance)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "o");
   nir_def *x = nir_channel(&b, nir_load_frag_coord(&b), 0);
   nir_def *pre = nir_fmul(&b, x, x);
   nir_if *nif = nir_push_if(&b, nir_flt(&b, x, nir_imm_float(&b, 0.0f)));
   nir_def *t = nir_fadd(&b, x, x);  /* in then */
   nir_def *t2 = nir_fmul(&b, x, x); /* dominated by pre: replaced */
   nir_def *tsum = nir_fadd(&b, t, t2);
   nir_push_else(&b, nif);
   nir_def *e = nir_fadd(&b, x, x); /* not dominated by the then one: kept */
   nir_pop_if(&b, nif);
   nir_def *phi = nir_if_phi(&b, tsum, e);
   nir_store_var(&b, o, nir_fadd(&b, phi, pre), 1);
   CHECK(nir_opt_cse(b.shader));
   nir_opt_dce(b.shader);
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out float o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x4 @load_frag_coord ()\n"
                      "      %1 = 32x1 mov %0.x\n"
                      "      %2 = 32x1 fmul %1, %1\n"
                      "      %3 = 32x1 load_const (0x00000000)\n"
                      "      %4 = 1x1 flt %1, %3\n"
                      "      // succs: b1 b2\n"
                      "   if %4 {\n"
                      "      block b1:  // preds: b0\n"
                      "         %5 = 32x1 fadd %1, %1\n"
                      "         %7 = 32x1 fadd %5, %2\n"
                      "         // succs: b3\n"
                      "   } else {\n"
                      "      block b2:  // preds: b0\n"
                      "         %8 = 32x1 fadd %1, %1\n"
                      "         // succs: b3\n"
                      "   }\n"
                      "   block b3:  // preds: b1 b2\n"
                      "      %9 = 32x1 phi b1: %7, b2: %8\n"
                      "      %10 = 32x1 fadd %9, %2\n"
                      "      %11 = 32x1 deref_var &o (shader_out float)\n"
                      "      @store_deref (%11, %10) (write_mask=0x1, access=none)\n"
                      "      // succs: b4\n"
                      "   block b4:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_cse_keeps_memory_loads_and_distinct_values)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_variable *v = shared_uint(&b, "v");
   nir_def *l1 = nir_load_var(&b, v);
   nir_store_var(&b, v, nir_iadd_imm(&b, l1, 1), 1);
   nir_def *l2 = nir_load_var(&b, v); /* memory may have changed: not CSE'd */
   nir_store_var(&b, v, nir_iadd(&b, l2, l2), 1);
   /* Derefs of the same variable do get merged, so run CSE once first. */
   nir_opt_cse(b.shader);
   CHECK_NO_CHANGE(b.shader, nir_opt_cse);
   CHECK_IR(b.shader, "shader: compute\n"
                      "name: test\n"
                      "workgroup_size: 0, 0, 0\n"
                      "decl_var shared uint v\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x1 deref_var &v (shared uint)\n"
                      "      %1 = 32x1 @load_deref (%0) (access=none)\n"
                      "      %2 = 32x1 load_const (0x00000001)\n"
                      "      %3 = 32x1 iadd %1, %2\n"
                      "      @store_deref (%0, %3) (write_mask=0x1, access=none)\n"
                      "      %6 = 32x1 @load_deref (%0) (access=none)\n"
                      "      %7 = 32x1 iadd %6, %6\n"
                      "      @store_deref (%0, %7) (write_mask=0x1, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

/* ================================================================================ */
/* dead variables                                                                   */
/* ================================================================================ */

TEST(nir_remove_dead_variables_by_mode)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable_create(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "unused_in");
   nir_variable *used_in =
      nir_variable_create(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "used_in");
   nir_variable_create(b.shader, NIR_VAR_UNIFORM, glsl_vec4_type(), "unused_uniform");
   nir_variable *out =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o");
   nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "unused_out");
   nir_local_variable_create(b.impl, glsl_float_type(), "unused_local");
   nir_store_var(&b, out, nir_load_var(&b, used_in), 0xf);
   CHECK(nir_remove_dead_variables(b.shader, NIR_VAR_SHADER_IN | NIR_VAR_FUNCTION_TEMP));
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_in vec4 used_in\n"
                      "decl_var uniform vec4 unused_uniform\n"
                      "decl_var shader_out vec4 o\n"
                      "decl_var shader_out vec4 unused_out\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x1 deref_var &used_in (shader_in vec4)\n"
                      "      %1 = 32x4 @load_deref (%0) (access=none)\n"
                      "      %2 = 32x1 deref_var &o (shader_out vec4)\n"
                      "      @store_deref (%2, %1) (write_mask=0xf, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_remove_dead_variables_write_only_temp)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *out =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o");
   const struct glsl_type *arr = glsl_array_type(glsl_vec4_type(), 4, 0);
   nir_variable *scratch = nir_local_variable_create(b.impl, arr, "scratch");
   nir_variable *priv =
      nir_variable_create(b.shader, NIR_VAR_SHADER_TEMP, glsl_float_type(), "priv");
   nir_def *fc = nir_load_frag_coord(&b);
   nir_store_deref(&b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, scratch), 2),
                   fc, 0xf);
   nir_store_var(&b, priv, nir_channel(&b, fc, 0), 1);
   nir_store_var(&b, out, fc, 0xf); /* outputs are only written too, and must stay */
   CHECK(nir_remove_dead_variables(b.shader, NIR_VAR_FUNCTION_TEMP | NIR_VAR_SHADER_TEMP |
                                                NIR_VAR_SHADER_OUT));
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out vec4 o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x4 @load_frag_coord ()\n"
                      "      %2 = 32x1 load_const (0x00000002)\n"
                      "      %4 = 32x1 mov %0.x\n"
                      "      %6 = 32x1 deref_var &o (shader_out vec4)\n"
                      "      @store_deref (%6, %0) (write_mask=0xf, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_remove_dead_variables_keeps_read_temp)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *out =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o");
   nir_variable *t = nir_local_variable_create(b.impl, glsl_vec4_type(), "t");
   nir_store_var(&b, t, nir_load_frag_coord(&b), 0xf);
   nir_store_var(&b, out, nir_load_var(&b, t), 0xf);
   CHECK_NO_CHANGE(b.shader, nir_remove_dead_variables,
                   NIR_VAR_ALL_MODES & ~NIR_VAR_MEM_GLOBAL);
   nir_shader_destroy(b.shader);
}

/* ================================================================================ */
/* vars_to_ssa                                                                      */
/* ================================================================================ */

TEST(nir_vars_to_ssa_if_diamond)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *out =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "o");
   nir_variable *t = nir_local_variable_create(b.impl, glsl_float_type(), "t");
   nir_def *x = nir_channel(&b, nir_load_frag_coord(&b), 0);
   nir_store_var(&b, t, x, 1);
   nir_if *nif = nir_push_if(&b, nir_flt(&b, x, nir_imm_float(&b, 0.5f)));
   nir_store_var(&b, t, nir_fneg(&b, x), 1);
   nir_push_else(&b, nif);
   nir_def *tv = nir_load_var(&b, t);
   nir_def *one = nir_imm_float(&b, 1.0f);
   nir_store_var(&b, t, nir_fadd(&b, tv, one), 1);
   nir_pop_if(&b, nif);
   nir_store_var(&b, out, nir_load_var(&b, t), 1);
   CHECK(nir_lower_vars_to_ssa(b.shader));
   nir_opt_dce(b.shader);
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out float o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x4 @load_frag_coord ()\n"
                      "      %1 = 32x1 mov %0.x\n"
                      "      %3 = 32x1 load_const (0x3f000000) /* 0.5 */\n"
                      "      %4 = 1x1 flt %1, %3\n"
                      "      // succs: b1 b2\n"
                      "   if %4 {\n"
                      "      block b1:  // preds: b0\n"
                      "         %5 = 32x1 fneg %1\n"
                      "         // succs: b3\n"
                      "   } else {\n"
                      "      block b2:  // preds: b0\n"
                      "         %9 = 32x1 load_const (0x3f800000) /* 1 */\n"
                      "         %10 = 32x1 fadd %1, %9\n"
                      "         // succs: b3\n"
                      "   }\n"
                      "   block b3:  // preds: b1 b2\n"
                      "      %15 = 32x1 phi b1: %5, b2: %10\n"
                      "      %14 = 32x1 deref_var &o (shader_out float)\n"
                      "      @store_deref (%14, %15) (write_mask=0x1, access=none)\n"
                      "      // succs: b4\n"
                      "   block b4:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_vars_to_ssa_loop_counter)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_variable *out = shared_uint(&b, "o");
   nir_variable *i = nir_local_variable_create(b.impl, glsl_uint_type(), "i");
   nir_variable *sum = nir_local_variable_create(b.impl, glsl_uint_type(), "sum");
   nir_store_var(&b, i, nir_imm_int(&b, 0), 1);
   nir_store_var(&b, sum, nir_imm_int(&b, 0), 1);
   nir_loop *loop = nir_push_loop(&b);
   nir_def *iv = nir_load_var(&b, i);
   nir_break_if(&b, nir_uge(&b, iv, nir_imm_int(&b, 10)));
   nir_store_var(&b, sum, nir_iadd(&b, nir_load_var(&b, sum), iv), 1);
   nir_store_var(&b, i, nir_iadd_imm(&b, iv, 1), 1);
   nir_pop_loop(&b, loop);
   nir_store_var(&b, out, nir_load_var(&b, sum), 1);
   CHECK(nir_lower_vars_to_ssa(b.shader));
   nir_opt_dce(b.shader);
   CHECK_IR(b.shader, "shader: compute\n"
                      "name: test\n"
                      "workgroup_size: 0, 0, 0\n"
                      "decl_var shared uint o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x1 load_const (0x00000000)\n"
                      "      %2 = 32x1 load_const (0x00000000)\n"
                      "      // succs: b1\n"
                      "   loop {\n"
                      "      block b1:  // preds: b0 b4\n"
                      "         %19 = 32x1 phi b0: %2, b4: %10\n"
                      "         %18 = 32x1 phi b0: %0, b4: %13\n"
                      "         %6 = 32x1 load_const (0x0000000a)\n"
                      "         %7 = 1x1 uge %18, %6\n"
                      "         // succs: b2 b3\n"
                      "      if %7 {\n"
                      "         block b2:  // preds: b1\n"
                      "            break\n"
                      "            // succs: b5\n"
                      "      } else {\n"
                      "         block b3:  // preds: b1\n"
                      "            // succs: b4\n"
                      "      }\n"
                      "      block b4:  // preds: b3\n"
                      "         %10 = 32x1 iadd %19, %18\n"
                      "         %12 = 32x1 load_const (0x00000001)\n"
                      "         %13 = 32x1 iadd %18, %12\n"
                      "         // succs: b1\n"
                      "   }\n"
                      "   block b5:  // preds: b2\n"
                      "      %17 = 32x1 deref_var &o (shared uint)\n"
                      "      @store_deref (%17, %19) (write_mask=0x1, access=none)\n"
                      "      // succs: b6\n"
                      "   block b6:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_vars_to_ssa_struct_array_components_initializer)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *out =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o");
   struct glsl_struct_field f[2] = {
      glsl_struct_field_init(glsl_array_type(glsl_vec4_type(), 2, 0), "arr"),
      glsl_struct_field_init(glsl_float_type(), "s"),
   };
   const struct glsl_type *st = glsl_struct_type(f, 2, "S", GLSL_BLOCK_NONE);
   nir_variable *v = nir_local_variable_create(b.impl, st, "v");
   /* v = { arr = {0, 0}, s = 2.0 } */
   nir_constant *init = nir_constant_create(b.shader, 2);
   init->elements[0] = nir_constant_create(b.shader, 2);
   init->elements[0]->elements[0] = nir_constant_create(b.shader, 0);
   init->elements[0]->elements[1] = nir_constant_create(b.shader, 0);
   init->elements[1] = nir_constant_create(b.shader, 0);
   init->elements[1]->values[0] = nir_const_value_for_float(2.0, 32);
   v->constant_initializer = init;

   nir_deref_instr *arr1 = nir_build_deref_array_imm(
      &b, nir_build_deref_struct(&b, nir_build_deref_var(&b, v), 0), 1);
   nir_def *fc = nir_load_frag_coord(&b);
   nir_store_deref(&b, arr1, fc, 0x5); /* .x and .z only */
   nir_deref_instr *elem3 = nir_build_deref_array_imm(&b, arr1, 3);
   nir_def *sv =
      nir_load_deref(&b, nir_build_deref_struct(&b, nir_build_deref_var(&b, v), 1));
   nir_store_deref(&b, elem3, sv, 1);
   nir_store_var(&b, out, nir_load_deref(&b, arr1), 0xf);
   CHECK(nir_lower_vars_to_ssa(b.shader));
   nir_opt_dce(b.shader);
   CHECK_IR(
      b.shader,
      "shader: fragment\n"
      "name: test\n"
      "decl_var shader_out vec4 o\n"
      "decl_function main (0 params) (entrypoint)\n"
      "\n"
      "impl main {\n"
      "   block b0:  // preds: none\n"
      "      %18 = 32x1 load_const (0x40000000) /* 2 */\n"
      "      %12 = 32x4 load_const (0x00000000, 0x00000000, 0x00000000, 0x00000000)\n"
      "      %4 = 32x4 @load_frag_coord ()\n"
      "      %13 = 32x1 mov %4.x\n"
      "      %14 = 32x1 mov %12.y\n"
      "      %15 = 32x1 mov %4.z\n"
      "      %16 = 32x1 mov %12.w\n"
      "      %17 = 32x4 vec4 %13, %14, %15, %16\n"
      "      %19 = 32x1 mov %17.x\n"
      "      %20 = 32x1 mov %17.y\n"
      "      %21 = 32x1 mov %17.z\n"
      "      %22 = 32x4 vec4 %19, %20, %21, %18\n"
      "      %11 = 32x1 deref_var &o (shader_out vec4)\n"
      "      @store_deref (%11, %22) (write_mask=0xf, access=none)\n"
      "      // succs: b1\n"
      "   block b1:  // end\n"
      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_vars_to_ssa_leaves_indirect)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *out =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "o");
   nir_variable *a =
      nir_local_variable_create(b.impl, glsl_array_type(glsl_float_type(), 4, 0), "a");
   nir_def *idx = nir_f2u32(&b, nir_channel(&b, nir_load_frag_coord(&b), 0));
   nir_deref_instr *ai = nir_build_deref_array(&b, nir_build_deref_var(&b, a), idx);
   nir_def *one = nir_imm_float(&b, 1.0f);
   nir_store_deref(&b, ai, one, 1);
   nir_store_var(
      &b, out,
      nir_load_deref(&b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, a), 0)),
      1);
   CHECK_NO_CHANGE(b.shader, nir_lower_vars_to_ssa);
   nir_shader_destroy(b.shader);
}

/* ================================================================================ */
/* returns and inlining                                                             */
/* ================================================================================ */

/* float helper(float x, float *out): if (x < 0) { *out = 0; return; } *out = x * 2 */
static nir_function *
build_helper_with_early_return(nir_shader *s)
{
   nir_function *f = nir_function_create(s, "helper");
   f->num_params = 2;
   f->params = arena_new_array(s->arena, nir_parameter, 2);
   f->params[0] = (nir_parameter){.num_components = 1, .bit_size = 32, .name = "x"};
   f->params[1] = (nir_parameter){.num_components = 1, .bit_size = 32, .name = "out"};
   nir_function_impl *impl = nir_function_impl_create(f);
   nir_builder b = nir_builder_at(nir_after_impl(impl));
   nir_def *x = nir_load_param(&b, 1, 32, .param_idx = 0);
   nir_deref_instr *out =
      nir_build_deref_cast(&b, nir_load_param(&b, 1, 32, .param_idx = 1),
                           NIR_VAR_FUNCTION_TEMP, glsl_float_type(), 0);
   nir_if *nif = nir_push_if(&b, nir_flt(&b, x, nir_imm_float(&b, 0.0f)));
   nir_store_deref(&b, out, nir_imm_float(&b, 0.0f), 1);
   nir_jump(&b, NIR_JUMP_RETURN);
   nir_pop_if(&b, nif);
   nir_store_deref(&b, out, nir_fmul_imm(&b, x, 2.0), 1);
   return f;
}

TEST(nir_lower_returns_early_return)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_function *f = build_helper_with_early_return(b.shader);
   CHECK(nir_lower_returns(b.shader));
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "decl_function helper (2 params)\n"
                      "   param 0: 32x1 x\n"
                      "   param 1: 32x1 out\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n"
                      "\n"
                      "impl helper {\n"
                      "   block b0:  // preds: none\n"
                      "      // succs: b1\n"
                      "   loop {\n"
                      "      block b1:  // preds: b0\n"
                      "         %0 = 32x1 @load_param () (param_idx=0)\n"
                      "         %1 = 32x1 @load_param () (param_idx=1)\n"
                      "         %2 = 32x1 deref_cast %1 (function_temp float)\n"
                      "         %3 = 32x1 load_const (0x00000000)\n"
                      "         %4 = 1x1 flt %0, %3\n"
                      "         // succs: b2 b3\n"
                      "      if %4 {\n"
                      "         block b2:  // preds: b1\n"
                      "            %5 = 32x1 load_const (0x00000000)\n"
                      "            @store_deref (%2, %5) (write_mask=0x1, access=none)\n"
                      "            break\n"
                      "            // succs: b5\n"
                      "      } else {\n"
                      "         block b3:  // preds: b1\n"
                      "            // succs: b4\n"
                      "      }\n"
                      "      block b4:  // preds: b3\n"
                      "         %6 = 32x1 load_const (0x40000000) /* 2 */\n"
                      "         %7 = 32x1 fmul %0, %6\n"
                      "         @store_deref (%2, %7) (write_mask=0x1, access=none)\n"
                      "         break\n"
                      "         // succs: b5\n"
                      "   }\n"
                      "   block b5:  // preds: b2 b4\n"
                      "      // succs: b6\n"
                      "   block b6:  // end\n"
                      "}\n");
   (void)f;
   nir_shader_destroy(b.shader);
}

TEST(nir_lower_returns_nothing_to_do)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o");
   nir_store_var(&b, o, nir_load_frag_coord(&b), 0xf);
   CHECK_NO_CHANGE(b.shader, nir_lower_returns);
   nir_shader_destroy(b.shader);
}

TEST(nir_inline_functions_with_early_return)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_function *f = build_helper_with_early_return(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "o");
   nir_variable *tmp = nir_local_variable_create(b.impl, glsl_float_type(), "tmp");
   nir_def *args[2] = {nir_channel(&b, nir_load_frag_coord(&b), 0),
                       &nir_build_deref_var(&b, tmp)->def};
   nir_build_call(&b, f, 2, args);
   nir_store_var(&b, o, nir_load_var(&b, tmp), 1);
   CHECK(nir_inline_functions(b.shader));
   nir_remove_non_entrypoints(b.shader);
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out float o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   decl_var function_temp float tmp\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x4 @load_frag_coord ()\n"
                      "      %1 = 32x1 mov %0.x\n"
                      "      %2 = 32x1 deref_var &tmp (function_temp float)\n"
                      "      // succs: b1\n"
                      "   loop {\n"
                      "      block b1:  // preds: b0\n"
                      "         %9 = 32x1 load_const (0x00000000)\n"
                      "         %10 = 1x1 flt %1, %9\n"
                      "         // succs: b2 b3\n"
                      "      if %10 {\n"
                      "         block b2:  // preds: b1\n"
                      "            %11 = 32x1 load_const (0x00000000)\n"
                      "            @store_deref (%2, %11) (write_mask=0x1, access=none)\n"
                      "            break\n"
                      "            // succs: b5\n"
                      "      } else {\n"
                      "         block b3:  // preds: b1\n"
                      "            // succs: b4\n"
                      "      }\n"
                      "      block b4:  // preds: b3\n"
                      "         %12 = 32x1 load_const (0x40000000) /* 2 */\n"
                      "         %13 = 32x1 fmul %1, %12\n"
                      "         @store_deref (%2, %13) (write_mask=0x1, access=none)\n"
                      "         break\n"
                      "         // succs: b5\n"
                      "   }\n"
                      "   block b5:  // preds: b2 b4\n"
                      "      %3 = 32x1 deref_var &tmp (function_temp float)\n"
                      "      %4 = 32x1 @load_deref (%3) (access=none)\n"
                      "      %5 = 32x1 deref_var &o (shader_out float)\n"
                      "      @store_deref (%5, %4) (write_mask=0x1, access=none)\n"
                      "      // succs: b6\n"
                      "   block b6:  // end\n"
                      "}\n");
   /* And the usual clean-up makes it straight SSA. */
   nir_lower_vars_to_ssa(b.shader);
   nir_opt_dce(b.shader);
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out float o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x4 @load_frag_coord ()\n"
                      "      %1 = 32x1 mov %0.x\n"
                      "      // succs: b1\n"
                      "   loop {\n"
                      "      block b1:  // preds: b0\n"
                      "         %9 = 32x1 load_const (0x00000000)\n"
                      "         %10 = 1x1 flt %1, %9\n"
                      "         // succs: b2 b3\n"
                      "      if %10 {\n"
                      "         block b2:  // preds: b1\n"
                      "            %11 = 32x1 load_const (0x00000000)\n"
                      "            break\n"
                      "            // succs: b5\n"
                      "      } else {\n"
                      "         block b3:  // preds: b1\n"
                      "            // succs: b4\n"
                      "      }\n"
                      "      block b4:  // preds: b3\n"
                      "         %12 = 32x1 load_const (0x40000000) /* 2 */\n"
                      "         %13 = 32x1 fmul %1, %12\n"
                      "         break\n"
                      "         // succs: b5\n"
                      "   }\n"
                      "   block b5:  // preds: b2 b4\n"
                      "      %14 = 32x1 phi b2: %11, b4: %13\n"
                      "      %5 = 32x1 deref_var &o (shader_out float)\n"
                      "      @store_deref (%5, %14) (write_mask=0x1, access=none)\n"
                      "      // succs: b6\n"
                      "   block b6:  // end\n"
                      "}\n");
   (void)f;
   nir_shader_destroy(b.shader);
}

TEST(nir_inline_functions_return_in_loop)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_function *f = nir_function_create(b.shader, "find");
   nir_function_impl *fi = nir_function_impl_create(f);
   nir_variable *o = shared_uint(&b, "o");
   {
      nir_builder fb = nir_builder_at(nir_after_impl(fi));
      nir_loop *loop = nir_push_loop(&fb);
      nir_def *x = nir_load_var(&fb, o);
      nir_if *nif = nir_push_if(&fb, nir_ieq_imm(&fb, x, 5));
      nir_jump(&fb, NIR_JUMP_RETURN);
      nir_pop_if(&fb, nif);
      nir_store_var(&fb, o, nir_iadd_imm(&fb, x, 1), 1);
      nir_pop_loop(&fb, loop);
      nir_store_var(&fb, o, nir_imm_int(&fb, 0), 1);
   }
   nir_build_call(&b, f, 0, NULL);
   nir_build_call(&b, f, 0, NULL);
   CHECK(nir_inline_functions(b.shader));
   nir_remove_non_entrypoints(b.shader);
   CHECK_IR(b.shader,
            "shader: compute\n"
            "name: test\n"
            "workgroup_size: 0, 0, 0\n"
            "decl_var shared uint o\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   decl_var function_temp bool return_flag\n"
            "   decl_var function_temp bool return_flag\n"
            "   block b0:  // preds: none\n"
            "      %0 = 1x1 load_const (false)\n"
            "      %1 = 32x1 deref_var &return_flag (function_temp bool)\n"
            "      @store_deref (%1, %0) (write_mask=0x1, access=none)\n"
            "      // succs: b1\n"
            "   loop {\n"
            "      block b1:  // preds: b0\n"
            "         // succs: b2\n"
            "      loop {\n"
            "         block b2:  // preds: b1 b5\n"
            "            %2 = 32x1 deref_var &o (shared uint)\n"
            "            %3 = 32x1 @load_deref (%2) (access=none)\n"
            "            %4 = 32x1 load_const (0x00000005)\n"
            "            %5 = 1x1 ieq %3, %4\n"
            "            // succs: b3 b4\n"
            "         if %5 {\n"
            "            block b3:  // preds: b2\n"
            "               %6 = 1x1 load_const (true)\n"
            "               %7 = 32x1 deref_var &return_flag (function_temp bool)\n"
            "               @store_deref (%7, %6) (write_mask=0x1, access=none)\n"
            "               break\n"
            "               // succs: b6\n"
            "         } else {\n"
            "            block b4:  // preds: b2\n"
            "               // succs: b5\n"
            "         }\n"
            "         block b5:  // preds: b4\n"
            "            %8 = 32x1 load_const (0x00000001)\n"
            "            %9 = 32x1 iadd %3, %8\n"
            "            %10 = 32x1 deref_var &o (shared uint)\n"
            "            @store_deref (%10, %9) (write_mask=0x1, access=none)\n"
            "            // succs: b2\n"
            "      }\n"
            "      block b6:  // preds: b3\n"
            "         %11 = 32x1 deref_var &return_flag (function_temp bool)\n"
            "         %12 = 1x1 @load_deref (%11) (access=none)\n"
            "         // succs: b7 b8\n"
            "      if %12 {\n"
            "         block b7:  // preds: b6\n"
            "            break\n"
            "            // succs: b10\n"
            "      } else {\n"
            "         block b8:  // preds: b6\n"
            "            // succs: b9\n"
            "      }\n"
            "      block b9:  // preds: b8\n"
            "         %13 = 32x1 load_const (0x00000000)\n"
            "         %14 = 32x1 deref_var &o (shared uint)\n"
            "         @store_deref (%14, %13) (write_mask=0x1, access=none)\n"
            "         break\n"
            "         // succs: b10\n"
            "   }\n"
            "   block b10:  // preds: b7 b9\n"
            "      %15 = 1x1 load_const (false)\n"
            "      %16 = 32x1 deref_var &return_flag (function_temp bool)\n"
            "      @store_deref (%16, %15) (write_mask=0x1, access=none)\n"
            "      // succs: b11\n"
            "   loop {\n"
            "      block b11:  // preds: b10\n"
            "         // succs: b12\n"
            "      loop {\n"
            "         block b12:  // preds: b11 b15\n"
            "            %17 = 32x1 deref_var &o (shared uint)\n"
            "            %18 = 32x1 @load_deref (%17) (access=none)\n"
            "            %19 = 32x1 load_const (0x00000005)\n"
            "            %20 = 1x1 ieq %18, %19\n"
            "            // succs: b13 b14\n"
            "         if %20 {\n"
            "            block b13:  // preds: b12\n"
            "               %21 = 1x1 load_const (true)\n"
            "               %22 = 32x1 deref_var &return_flag (function_temp bool)\n"
            "               @store_deref (%22, %21) (write_mask=0x1, access=none)\n"
            "               break\n"
            "               // succs: b16\n"
            "         } else {\n"
            "            block b14:  // preds: b12\n"
            "               // succs: b15\n"
            "         }\n"
            "         block b15:  // preds: b14\n"
            "            %23 = 32x1 load_const (0x00000001)\n"
            "            %24 = 32x1 iadd %18, %23\n"
            "            %25 = 32x1 deref_var &o (shared uint)\n"
            "            @store_deref (%25, %24) (write_mask=0x1, access=none)\n"
            "            // succs: b12\n"
            "      }\n"
            "      block b16:  // preds: b13\n"
            "         %26 = 32x1 deref_var &return_flag (function_temp bool)\n"
            "         %27 = 1x1 @load_deref (%26) (access=none)\n"
            "         // succs: b17 b18\n"
            "      if %27 {\n"
            "         block b17:  // preds: b16\n"
            "            break\n"
            "            // succs: b20\n"
            "      } else {\n"
            "         block b18:  // preds: b16\n"
            "            // succs: b19\n"
            "      }\n"
            "      block b19:  // preds: b18\n"
            "         %28 = 32x1 load_const (0x00000000)\n"
            "         %29 = 32x1 deref_var &o (shared uint)\n"
            "         @store_deref (%29, %28) (write_mask=0x1, access=none)\n"
            "         break\n"
            "         // succs: b20\n"
            "   }\n"
            "   block b20:  // preds: b17 b19\n"
            "      // succs: b21\n"
            "   block b21:  // end\n"
            "}\n");
   nir_shader_destroy(b.shader);
}

/* ================================================================================ */
/* global vars to local                                                             */
/* ================================================================================ */

TEST(nir_lower_global_vars_to_local_single_user)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o");
   nir_variable *g =
      nir_variable_create(b.shader, NIR_VAR_SHADER_TEMP, glsl_vec4_type(), "g");
   nir_store_var(&b, g, nir_load_frag_coord(&b), 0xf);
   nir_store_var(&b, o, nir_load_var(&b, g), 0xf);
   CHECK(nir_lower_global_vars_to_local(b.shader));
   CHECK(nir_lower_vars_to_ssa(b.shader));
   nir_opt_dce(b.shader);
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out vec4 o\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %0 = 32x4 @load_frag_coord ()\n"
                      "      %4 = 32x1 deref_var &o (shader_out vec4)\n"
                      "      @store_deref (%4, %0) (write_mask=0xf, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

/* ================================================================================ */
/* continue constructs                                                              */
/* ================================================================================ */

/* for (i = 0; i < n; i++) { if (i == 3) continue; sum += i; }
 * with "i++" in the continue construct, as spirv_to_nir emits it. */
static nir_shader *
build_for_loop(void)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   if (!b.shader)
      return NULL;
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_MEM_SHARED, glsl_uint_type(), "o");
   nir_variable *i = nir_local_variable_create(b.impl, glsl_uint_type(), "i");
   nir_variable *sum = nir_local_variable_create(b.impl, glsl_uint_type(), "sum");
   nir_store_var(&b, i, nir_imm_int(&b, 0), 1);
   nir_store_var(&b, sum, nir_imm_int(&b, 0), 1);
   nir_loop *loop = nir_push_loop(&b);
   nir_def *iv = nir_load_var(&b, i);
   nir_break_if(&b, nir_uge(&b, iv, nir_load_local_invocation_index(&b)));
   nir_def *twice = nir_iadd(&b, iv, iv); /* used in the continue construct */
   nir_if *skip = nir_push_if(&b, nir_ieq_imm(&b, iv, 3));
   nir_jump(&b, NIR_JUMP_CONTINUE);
   nir_pop_if(&b, skip);
   nir_store_var(&b, sum, nir_iadd(&b, nir_load_var(&b, sum), iv), 1);
   nir_push_continue(&b, loop);
   nir_def *iv2 = nir_load_var(&b, i);
   nir_def *half_twice = nir_ushr_imm(&b, twice, 1);
   nir_store_var(&b, i, nir_iadd(&b, iv2, half_twice), 1);
   nir_pop_loop(&b, loop);
   nir_store_var(&b, o, nir_load_var(&b, sum), 1);
   nir_lower_vars_to_ssa(b.shader);
   nir_opt_dce(b.shader);
   return b.shader;
}

TEST(nir_lower_continue_constructs_for_loop)
{
   nir_shader *s = build_for_loop();
   REQUIRE(s);
   /* Before: SSA with a header phi fed from the end of the continue construct. */
   CHECK_IR(s, "shader: compute\n"
               "name: test\n"
               "workgroup_size: 0, 0, 0\n"
               "decl_var shared uint o\n"
               "decl_function main (0 params) (entrypoint)\n"
               "\n"
               "impl main {\n"
               "   block b0:  // preds: none\n"
               "      %0 = 32x1 load_const (0x00000000)\n"
               "      %2 = 32x1 load_const (0x00000000)\n"
               "      // succs: b1\n"
               "   loop {\n"
               "      block b1:  // preds: b0 b8\n"
               "         %26 = 32x1 phi b0: %2, b8: %25\n"
               "         %24 = 32x1 phi b0: %0, b8: %19\n"
               "         %6 = 32x1 @load_local_invocation_index ()\n"
               "         %7 = 1x1 uge %24, %6\n"
               "         // succs: b2 b3\n"
               "      if %7 {\n"
               "         block b2:  // preds: b1\n"
               "            break\n"
               "            // succs: b9\n"
               "      } else {\n"
               "         block b3:  // preds: b1\n"
               "            // succs: b4\n"
               "      }\n"
               "      block b4:  // preds: b3\n"
               "         %8 = 32x1 iadd %24, %24\n"
               "         %9 = 32x1 load_const (0x00000003)\n"
               "         %10 = 1x1 ieq %24, %9\n"
               "         // succs: b5 b6\n"
               "      if %10 {\n"
               "         block b5:  // preds: b4\n"
               "            continue\n"
               "            // succs: b8\n"
               "      } else {\n"
               "         block b6:  // preds: b4\n"
               "            // succs: b7\n"
               "      }\n"
               "      block b7:  // preds: b6\n"
               "         %13 = 32x1 iadd %26, %24\n"
               "         // succs: b8\n"
               "   } continue {\n"
               "      block b8:  // preds: b5 b7\n"
               "         %25 = 32x1 phi b5: %26, b7: %13\n"
               "         %17 = 32x1 load_const (0x00000001)\n"
               "         %18 = 32x1 ushr %8, %17\n"
               "         %19 = 32x1 iadd %24, %18\n"
               "         // succs: b1\n"
               "   }\n"
               "   block b9:  // preds: b2\n"
               "      %23 = 32x1 deref_var &o (shared uint)\n"
               "      @store_deref (%23, %26) (write_mask=0x1, access=none)\n"
               "      // succs: b10\n"
               "   block b10:  // end\n"
               "}\n");
   CHECK(nir_lower_continue_constructs(s));
   nir_lower_vars_to_ssa(s);
   nir_opt_dce(s);
   CHECK_IR(s, "shader: compute\n"
               "name: test\n"
               "workgroup_size: 0, 0, 0\n"
               "decl_var shared uint o\n"
               "decl_function main (0 params) (entrypoint)\n"
               "\n"
               "impl main {\n"
               "   block b0:  // preds: none\n"
               "      %66 = 32x1 undefined\n"
               "      %65 = 32x1 undefined\n"
               "      %64 = 32x1 undefined\n"
               "      %0 = 32x1 load_const (0x00000000)\n"
               "      %2 = 32x1 load_const (0x00000000)\n"
               "      %47 = 1x1 load_const (false)\n"
               "      // succs: b1\n"
               "   loop {\n"
               "      block b1:  // preds: b0 b8 b10\n"
               "         %60 = 32x1 phi b0: %64, b8: %55, b10: %55\n"
               "         %59 = 32x1 phi b0: %65, b8: %8, b10: %8\n"
               "         %58 = 32x1 phi b0: %66, b8: %53, b10: %13\n"
               "         %57 = 1x1 phi b0: %47, b8: %51, b10: %51\n"
               "         %56 = 32x1 phi b0: %0, b8: %55, b10: %55\n"
               "         %54 = 32x1 phi b0: %2, b8: %53, b10: %53\n"
               "         // succs: b2 b3\n"
               "      if %57 {\n"
               "         block b2:  // preds: b1\n"
               "            %17 = 32x1 load_const (0x00000001)\n"
               "            %18 = 32x1 ushr %59, %17\n"
               "            %19 = 32x1 iadd %60, %18\n"
               "            // succs: b4\n"
               "      } else {\n"
               "         block b3:  // preds: b1\n"
               "            // succs: b4\n"
               "      }\n"
               "      block b4:  // preds: b2 b3\n"
               "         %55 = 32x1 phi b2: %19, b3: %56\n"
               "         %53 = 32x1 phi b2: %58, b3: %54\n"
               "         %51 = 1x1 load_const (true)\n"
               "         %6 = 32x1 @load_local_invocation_index ()\n"
               "         %7 = 1x1 uge %55, %6\n"
               "         // succs: b5 b6\n"
               "      if %7 {\n"
               "         block b5:  // preds: b4\n"
               "            break\n"
               "            // succs: b11\n"
               "      } else {\n"
               "         block b6:  // preds: b4\n"
               "            // succs: b7\n"
               "      }\n"
               "      block b7:  // preds: b6\n"
               "         %8 = 32x1 iadd %55, %55\n"
               "         %9 = 32x1 load_const (0x00000003)\n"
               "         %10 = 1x1 ieq %55, %9\n"
               "         // succs: b8 b9\n"
               "      if %10 {\n"
               "         block b8:  // preds: b7\n"
               "            continue\n"
               "            // succs: b1\n"
               "      } else {\n"
               "         block b9:  // preds: b7\n"
               "            // succs: b10\n"
               "      }\n"
               "      block b10:  // preds: b9\n"
               "         %13 = 32x1 iadd %53, %55\n"
               "         // succs: b1\n"
               "   }\n"
               "   block b11:  // preds: b5\n"
               "      %23 = 32x1 deref_var &o (shared uint)\n"
               "      @store_deref (%23, %53) (write_mask=0x1, access=none)\n"
               "      // succs: b12\n"
               "   block b12:  // end\n"
               "}\n");
   nir_shader_destroy(s);
}

TEST(nir_lower_continue_constructs_nothing_to_do)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_loop *loop = nir_push_loop(&b);
   nir_break_if(&b, nir_ieq_imm(&b, nir_load_local_invocation_index(&b), 0));
   nir_pop_loop(&b, loop);
   CHECK_NO_CHANGE(b.shader, nir_lower_continue_constructs);
   nir_shader_destroy(b.shader);
}

/* ================================================================================ */
/* system values and info gathering                                                 */
/* ================================================================================ */

TEST(nir_lower_system_values_to_intrinsics)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_uint_type(), "o");
   nir_variable *ff =
      nir_variable_create(b.shader, NIR_VAR_SYSTEM_VALUE, glsl_bool_type(), "ff");
   ff->data.builtin = NIR_BUILTIN_FRONT_FACING;
   nir_variable *mask = nir_variable_create(
      b.shader, NIR_VAR_SYSTEM_VALUE, glsl_array_type(glsl_int_type(), 1, 0), "mask");
   mask->data.builtin = NIR_BUILTIN_SAMPLE_MASK;
   nir_variable *other =
      nir_variable_create(b.shader, NIR_VAR_SYSTEM_VALUE, glsl_uint_type(), "warp");
   other->data.builtin = NIR_BUILTIN_WARP_IDNV; /* no intrinsic: left alone */
   nir_def *m =
      nir_load_deref(&b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, mask), 0));
   nir_def *ffv = nir_load_var(&b, ff);
   nir_def *ov = nir_load_var(&b, other);
   nir_def *sel = nir_bcsel(&b, ffv, m, ov);
   nir_store_var(&b, o, sel, 1);
   CHECK(nir_lower_system_values(b.shader));
   CHECK_IR(b.shader, "shader: fragment\n"
                      "name: test\n"
                      "decl_var shader_out uint o\n"
                      "decl_var system_value uint warp (builtin=WarpIDNV)\n"
                      "decl_function main (0 params) (entrypoint)\n"
                      "\n"
                      "impl main {\n"
                      "   block b0:  // preds: none\n"
                      "      %1 = 32x1 load_const (0x00000000)\n"
                      "      %10 = 32x1 @load_sample_mask_in ()\n"
                      "      %11 = 1x1 @load_front_face ()\n"
                      "      %6 = 32x1 deref_var &warp (system_value uint)\n"
                      "      %7 = 32x1 @load_deref (%6) (access=none)\n"
                      "      %8 = 32x1 bcsel %11, %10, %7\n"
                      "      %9 = 32x1 deref_var &o (shader_out uint)\n"
                      "      @store_deref (%9, %8) (write_mask=0x1, access=none)\n"
                      "      // succs: b1\n"
                      "   block b1:  // end\n"
                      "}\n");
   nir_shader_destroy(b.shader);
}

TEST(nir_gather_info_io_and_builtins)
{
   nir_builder b = nir_test_builder(NIR_STAGE_VERTEX);
   REQUIRE(b.shader);
   nir_variable *in = nir_variable_create(b.shader, NIR_VAR_SHADER_IN,
                                          glsl_vector_type(GLSL_TYPE_DOUBLE, 4), "in");
   in->data.location = 3;
   nir_variable *unused =
      nir_variable_create(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "u");
   unused->data.location = 7;
   nir_variable *out = nir_variable_create(
      b.shader, NIR_VAR_SHADER_OUT, glsl_array_type(glsl_vec4_type(), 2, 0), "out");
   out->data.location = 1;
   struct glsl_struct_field pv[2] = {
      glsl_struct_field_init(glsl_vec4_type(), "gl_Position"),
      glsl_struct_field_init(glsl_array_type(glsl_float_type(), 3, 0), "gl_ClipDistance"),
   };
   pv[0].builtin = NIR_BUILTIN_POSITION;
   pv[1].builtin = NIR_BUILTIN_CLIP_DISTANCE;
   nir_variable *block =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT,
                          glsl_struct_type(pv, 2, "gl_PerVertex", GLSL_BLOCK), "pv");
   nir_variable *vid =
      nir_variable_create(b.shader, NIR_VAR_SYSTEM_VALUE, glsl_int_type(), "vid");
   vid->data.builtin = NIR_BUILTIN_VERTEX_INDEX;
   nir_def *v = nir_f2f32(&b, nir_load_var(&b, in));
   nir_store_deref(
      &b, nir_build_deref_array(&b, nir_build_deref_var(&b, out), nir_load_var(&b, vid)),
      v, 0xf);
   nir_store_deref(&b, nir_build_deref_struct(&b, nir_build_deref_var(&b, block), 0), v,
                   0xf);
   nir_shader_gather_info(b.shader);
   const nir_shader_info *info = &b.shader->info;
   CHECK_EQ_U64(info->inputs_read, 0x18); /* dvec4 takes locations 3 and 4 */
   CHECK_EQ_U64(info->outputs_written, 0x6);
   CHECK_EQ_U64(info->outputs_read, 0);
   CHECK_EQ_U64(info->builtins_written, BITFIELD64_BIT(NIR_BUILTIN_POSITION) |
                                           BITFIELD64_BIT(NIR_BUILTIN_CLIP_DISTANCE));
   CHECK_EQ_U64(info->builtins_read, BITFIELD64_BIT(NIR_BUILTIN_VERTEX_INDEX));
   CHECK_EQ(info->clip_distance_array_size, 3);
   CHECK(!info->writes_memory);
   CHECK(!info->fs.uses_discard);
   nir_shader_destroy(b.shader);
}

TEST(nir_gather_info_fragment_and_streams)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *ssbo =
      nir_variable_create(b.shader, NIR_VAR_MEM_SSBO, glsl_uint_type(), "s");
   nir_store_var(&b, ssbo, nir_imm_int(&b, 1), 1);
   nir_demote_if(&b, nir_imm_true(&b));
   nir_fddx(&b, nir_imm_float(&b, 1.0f));
   nir_shader_gather_info(b.shader);
   CHECK(b.shader->info.writes_memory);
   CHECK(b.shader->info.fs.uses_demote);
   CHECK(!b.shader->info.fs.uses_discard);
   CHECK(b.shader->info.fs.needs_helper_invocations);
   nir_shader_destroy(b.shader);

   b = nir_test_builder(NIR_STAGE_GEOMETRY);
   REQUIRE(b.shader);
   nir_emit_vertex(&b, .stream_id = 2);
   nir_end_primitive(&b, .stream_id = 2);
   nir_emit_vertex(&b, .stream_id = 0);
   nir_shader_gather_info(b.shader);
   CHECK_EQ(b.shader->info.gs.active_stream_mask, 0x5);
   nir_shader_destroy(b.shader);
}
