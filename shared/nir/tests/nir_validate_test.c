/* SPDX-License-Identifier: MIT */
/*
 * The validator on hand-broken IR: it must find each error, collect all of
 * them (not stop at the first), and print them next to the offending
 * instruction in the annotated shader.
 */
#include "nir_test_helpers.h"

/* Validates `shader`, expecting exactly `n` errors; returns the report. */
static char *
expect_errors(nir_shader *shader, unsigned n)
{
   char *report = NULL;
   const unsigned got = nir_validate_shader_report(shader, &report);
   if (!CHECK_EQ(got, n))
      printf("%s\n", report ? report : "(no report)");
   return report;
}

/* The line of `text` containing `needle_line`, immediately followed by a
 * line containing `error`. */
static bool
error_follows(const char *text, const char *needle_line, const char *error)
{
   if (!text)
      return false;
   for (const char *p = strstr(text, needle_line); p; p = strstr(p + 1, needle_line)) {
      const char *nl = strchr(p, '\n');
      if (!nl)
         return false;
      const char *next = nl + 1;
      const char *next_end = strchr(next, '\n');
      if (!next_end)
         return false;
      /* Allow several error lines after the instruction. */
      while (next_end && strstr(next, "^ error:") &&
             strstr(next, "^ error:") < next_end) {
         if (strstr(next, error) && strstr(next, error) < next_end)
            return true;
         next = next_end + 1;
         next_end = strchr(next, '\n');
      }
   }
   return false;
}

TEST(nir_validate_accepts_valid_shader)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o");
   nir_def *fc = nir_load_frag_coord(&b);
   nir_loop *loop = nir_push_loop(&b);
   nir_break_if(&b, nir_flt(&b, nir_channel(&b, fc, 0), nir_imm_float(&b, 0)));
   nir_push_continue(&b, loop);
   nir_store_var(&b, o, fc, 0xf);
   nir_pop_loop(&b, loop);
   char *report = expect_errors(b.shader, 0);
   CHECK(report == NULL);
   free(report);
   nir_shader_destroy(b.shader);
}

TEST(nir_validate_alu_bit_size_mismatch)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_def *d = nir_imm_double(&b, 1.0);
   nir_def *x = nir_channel(&b, nir_load_frag_coord(&b), 0);
   nir_def *y = nir_fadd(&b, x, x);
   /* Point the second source at a 64-bit value. */
   nir_alu_instr *alu = nir_instr_as_alu(y->parent_instr);
   nir_src_rewrite(&alu->src[1].src, d);
   char *report = expect_errors(b.shader, 1);
   CHECK(error_follows(report, "fadd",
                       "fadd source 1 is 64-bit but an earlier source is 32-bit"));
   free(report);
   nir_shader_destroy(b.shader);
}

TEST(nir_validate_use_before_def_and_swizzle)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_def *fc = nir_load_frag_coord(&b);
   nir_def *x = nir_fmul(&b, fc, fc);
   nir_def *y = nir_fadd(&b, x, x);
   /* Move the fadd before the fmul it reads: a dominance error. */
   nir_instr_move(nir_before_instr(x->parent_instr), y->parent_instr);
   /* And a swizzle reading past the end of a 4-component value. */
   nir_instr_as_alu(x->parent_instr)->src[0].swizzle[1] = 7;
   char *report = expect_errors(b.shader, 3);
   CHECK(error_follows(report, "fadd", "is used where its definition does not dominate"));
   CHECK(
      error_follows(report, "fmul", "swizzle reads component 7 of a 4-component value"));
   CHECK(report && strstr(report, "3 validation errors:"));
   free(report);
   nir_shader_destroy(b.shader);
}

TEST(nir_validate_def_in_branch_used_after)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_variable *o =
      nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "o");
   nir_def *x = nir_channel(&b, nir_load_frag_coord(&b), 0);
   nir_if *nif = nir_push_if(&b, nir_flt(&b, x, nir_imm_float(&b, 0)));
   nir_def *t = nir_fneg(&b, x);
   nir_pop_if(&b, nif);
   nir_store_var(&b, o, t, 1); /* t does not dominate this */
   char *report = expect_errors(b.shader, 1);
   CHECK(error_follows(report, "@store_deref", "does not dominate"));
   free(report);
   nir_shader_destroy(b.shader);
}

TEST(nir_validate_phi_sources_and_if_condition)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_def *x = nir_channel(&b, nir_load_frag_coord(&b), 0);
   nir_def *cond32 = nir_b2i32(&b, nir_flt(&b, x, nir_imm_float(&b, 0)));
   nir_if *nif = nir_push_if(&b, nir_flt(&b, x, nir_imm_float(&b, 0)));
   nir_def *t = nir_fneg(&b, x);
   nir_push_else(&b, nif);
   nir_def *e = nir_fabs(&b, x);
   nir_pop_if(&b, nif);
   nir_def *phi = nir_if_phi(&b, t, e);
   (void)phi;
   /* Drop one phi source, and make the condition 32-bit. */
   nir_phi_instr *p = nir_instr_as_phi(phi->parent_instr);
   nir_phi_instr_remove_src(p,
                            nir_phi_get_src_from_block(p, nir_if_last_else_block(nif)));
   nir_src_rewrite(&nif->condition, cond32);
   char *report = expect_errors(b.shader, 2);
   CHECK(
      error_follows(report, "phi", "phi has 1 sources but its block has 2 predecessors"));
   CHECK(error_follows(report, "if %", "if condition must be a 1-bit scalar, not 32x1"));
   free(report);
   nir_shader_destroy(b.shader);
}

TEST(nir_validate_jumps_and_edges)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_load_frag_coord(&b);
   /* A break outside any loop: inserted by hand. */
   nir_jump_instr *brk = nir_jump_instr_create(b.shader, NIR_JUMP_BREAK);
   nir_instr_insert(b.cursor, &brk->instr);
   /* A corrupted successor pointer. */
   nir_block *start = nir_start_block(b.impl);
   start->successors[1] = start;
   char *report = expect_errors(b.shader, 3);
   CHECK(error_follows(report, "break", "break outside a loop"));
   CHECK(error_follows(
      report, "block b0:", "successors are b-1 b0, the control flow says b-1 b-1"));
   CHECK(error_follows(
      report, "block b0:", "b0 is a successor that does not list b0 as predecessor"));
   free(report);
   nir_shader_destroy(b.shader);
}

TEST(nir_validate_continue_in_continue_construct)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_loop *loop = nir_push_loop(&b);
   nir_break_if(&b, nir_ieq_imm(&b, nir_load_local_invocation_index(&b), 0));
   nir_push_continue(&b, loop);
   nir_jump(&b, NIR_JUMP_CONTINUE);
   nir_pop_loop(&b, loop);
   char *report = expect_errors(b.shader, 1);
   CHECK(error_follows(report, "continue", "continue inside a continue construct"));
   free(report);
   nir_shader_destroy(b.shader);
}

TEST(nir_validate_derefs_and_memory)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   struct glsl_struct_field f[1] = {glsl_struct_field_init(glsl_vec4_type(), "a")};
   const struct glsl_type *st = glsl_struct_type(f, 1, "S", GLSL_BLOCK_NONE);
   nir_variable *in = nir_variable_create(b.shader, NIR_VAR_SHADER_IN, st, "in");
   nir_deref_instr *d = nir_build_deref_struct(&b, nir_build_deref_var(&b, in), 0);
   nir_def *v = nir_load_deref(&b, d);
   /* Writing an input is not allowed; and member 3 does not exist. */
   nir_store_deref(&b, d, v, 0xf);
   nir_deref_instr *bad = nir_build_deref_struct(&b, nir_build_deref_var(&b, in), 0);
   bad->strct.index = 3;
   /* A load whose size disagrees with the deref type. */
   nir_build_load_deref(&b, 2, 32, &d->def);
   char *report = expect_errors(b.shader, 3);
   CHECK(
      error_follows(report, "@store_deref", "store_deref to a read-only variable mode"));
   CHECK(
      error_follows(report, "->field3", "struct deref of member 3 of a 1-member struct"));
   CHECK(error_follows(report, "32x2 @load_deref",
                       "load_deref result has 2 components but the deref type has 4"));
   free(report);
   nir_shader_destroy(b.shader);
}

TEST(nir_validate_intrinsic_sizes_and_variables)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_variable *v =
      nir_variable_create(b.shader, NIR_VAR_MEM_SHARED, glsl_uint_type(), "v");
   /* A function_temp variable in the shader's list. */
   nir_variable *bad =
      nir_variable_create(b.shader, NIR_VAR_MEM_SHARED, glsl_uint_type(), "bad");
   bad->data.mode = NIR_VAR_FUNCTION_TEMP;
   /* An atomic whose result size differs from its data source. */
   nir_def *data = nir_imm_int64(&b, 1);
   nir_def *r = nir_deref_atomic(&b, &nir_build_deref_var(&b, v)->def, data,
                                 .atomic_op = NIR_ATOMIC_OP_IADD);
   r->bit_size = 32;
   char *report = expect_errors(b.shader, 2);
   CHECK(error_follows(report, "decl_var function_temp uint bad",
                       "function_temp variable in the shader's list"));
   CHECK(error_follows(report, "@deref_atomic",
                       "deref_atomic result is 32-bit but source 1 is 64-bit"));
   free(report);
   nir_shader_destroy(b.shader);
}

TEST(nir_validate_use_lists)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_def *x = nir_channel(&b, nir_load_frag_coord(&b), 1);
   nir_def *y = nir_fmul(&b, x, x);
   /* Unlink one source from its def's use list behind the IR's back. */
   nir_alu_instr *alu = nir_instr_as_alu(y->parent_instr);
   list_del(&alu->src[0].src.use_link);
   list_inithead(&alu->src[0].src.use_link);
   char *report = expect_errors(b.shader, 1);
   CHECK(error_follows(report, "fmul", "is missing from that def's use list"));
   free(report);
   nir_shader_destroy(b.shader);
}

TEST(nir_validation_default_follows_build_type)
{
   /* meson runs this program with an empty KILN_DEBUG. */
#ifdef KILN_IR_VALIDATE_DEFAULT
   CHECK(nir_validation_enabled());
#else
   CHECK(!nir_validation_enabled());
#endif
}
