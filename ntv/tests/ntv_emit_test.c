/* SPDX-License-Identifier: MIT */
/* The translator on IR built with the builder: output validates, carries
 * what the IR says, and errors are reported instead of crashing. */
#include "ntv/nir_to_spirv.h"

#include "nir/nir_builder.h"
#include "ntv_test_util.h"

static nir_shader *
build_fragment_if_phi(void)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_FRAGMENT, NULL, "fs");
   if (!b.shader)
      return NULL;
   b.shader->info.fs.origin_upper_left = true;
   nir_variable *in =
      ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "color", 0);
   nir_variable *out =
      ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "out", 0);
   nir_def *c = nir_load_var(&b, in);
   nir_def *two = nir_imm_float(&b, 2.0f);
   nir_def *m = nir_fmul(&b, c, two);
   nir_if *nif = nir_push_if(&b, nir_flt(&b, nir_channel(&b, m, 0), two));
   nir_def *t = nir_fadd(&b, m, nir_load_frag_coord(&b));
   nir_push_else(&b, nif);
   nir_def *e = nir_fsub(&b, m, two);
   nir_pop_if(&b, nif);
   nir_store_var(&b, out, nir_if_phi(&b, t, e), 0xf);
   return b.shader;
}

TEST(ntv_fragment_if_phi_validates_everywhere)
{
   nir_shader *s = build_fragment_if_phi();
   REQUIRE(s);
   struct arena *out = arena_create(NULL);
   REQUIRE(out);
   for (unsigned t = 0; t < NTV_TARGET_COUNT; t++) {
      uint32_t *w;
      size_t n;
      if (!ntv_test_emit_valid(s, t, out, &w, &n))
         continue;
      CHECK_EQ(w[1], ntv_target_spirv_version(t));
      CHECK_EQ(ntv_test_count_ops(w, n, SpvOpPhi), 1);
      CHECK_EQ(ntv_test_count_ops(w, n, SpvOpSelectionMerge), 1);
      const SpvId color = ntv_test_named(w, n, "color");
      CHECK(color != 0);
      CHECK(ntv_test_has_decoration(w, n, color, SpvDecorationLocation, 0));
      /* The system value got a built-in variable of its own. */
      const SpvId fc = ntv_test_named(w, n, "gl_FragCoord");
      CHECK(fc != 0);
      CHECK(ntv_test_has_decoration(w, n, fc, SpvDecorationBuiltIn, SpvBuiltInFragCoord));
   }
   arena_destroy(out);
   nir_shader_destroy(s);
}

TEST(ntv_output_is_deterministic)
{
   nir_shader *s = build_fragment_if_phi();
   REQUIRE(s);
   struct arena *out = arena_create(NULL);
   REQUIRE(out);
   uint32_t *w1, *w2;
   size_t n1, n2;
   REQUIRE(ntv_test_emit_valid(s, NTV_TARGET_VULKAN_1_0, out, &w1, &n1));
   REQUIRE(ntv_test_emit_valid(s, NTV_TARGET_VULKAN_1_0, out, &w2, &n2));
   CHECK_EQ(n1, n2);
   CHECK(n1 == n2 && memcmp(w1, w2, n1 * 4) == 0);
   arena_destroy(out);
   nir_shader_destroy(s);
}

/* A loop with a phi in its header, a continue and a break: the dedicated
 * continue block merges two back edges with a phi of its own. */
TEST(ntv_loop_with_continue_and_break)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "loop");
   REQUIRE(b.shader);
   nir_variable *in = ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_int_type(), "n", 0);
   nir_variable *out =
      ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "sum", 0);
   nir_variable *acc = nir_local_variable_create(b.impl, glsl_float_type(), "acc");
   REQUIRE(in && out && acc);
   nir_store_var(&b, acc, nir_imm_float(&b, 0.0f), 1);
   nir_def *n = nir_load_var(&b, in);
   nir_def *zero = nir_imm_int(&b, 0);
   nir_loop *loop = nir_push_loop(&b);
   nir_block *pre = nir_cf_node_as_block(nir_cf_node_prev(&loop->cf_node));
   nir_phi_instr *phi = nir_phi_instr_create(b.shader);
   REQUIRE(phi);
   nir_def_init(&phi->instr, &phi->def, 1, 32);
   nir_builder_instr_insert(&b, &phi->instr);
   nir_def *iv = &phi->def;
   nir_break_if(&b, nir_ige(&b, iv, n));
   nir_def *next = nir_iadd_imm(&b, iv, 1);
   nir_if *skip = nir_push_if(&b, nir_ieq_imm(&b, iv, 3));
   nir_jump(&b, NIR_JUMP_CONTINUE);
   nir_pop_if(&b, skip);
   nir_store_var(&b, acc, nir_fadd(&b, nir_load_var(&b, acc), nir_i2f32(&b, iv)), 1);
   nir_pop_loop(&b, loop);
   /* The IR gave the phi an undef per predecessor as the loop grew. */
   nir_foreach_phi_src(ps, phi)
      nir_src_rewrite(&ps->src, ps->pred == pre ? zero : next);
   nir_store_var(&b, out, nir_load_var(&b, acc), 1);
   nir_shader *s = b.shader;
   char *report = NULL;
   CHECK_EQ(nir_validate_shader_report(s, &report), 0);
   if (report)
      fprintf(stderr, "%s\n", report);
   free(report);

   struct arena *o = arena_create(NULL);
   REQUIRE(o);
   uint32_t *w;
   size_t count;
   if (ntv_test_emit_valid(s, NTV_TARGET_VULKAN_1_0, o, &w, &count)) {
      CHECK_EQ(ntv_test_count_ops(w, count, SpvOpLoopMerge), 1);
      /* The header's phi and the continue block's. */
      CHECK_EQ(ntv_test_count_ops(w, count, SpvOpPhi), 2);
      if (getenv("NTV_TEST_DUMP")) {
         nir_print_shader(s, stderr);
         ntv_test_print_disassembly(w, count);
      }
   }
   arena_destroy(o);
   nir_shader_destroy(s);
}

TEST(ntv_compute_ssbo_atomics_barrier)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_COMPUTE, NULL, "cs");
   REQUIRE(b.shader);
   b.shader->info.cs.workgroup_size[0] = 64;
   b.shader->info.cs.workgroup_size[1] = 1;
   b.shader->info.cs.workgroup_size[2] = 1;
   struct glsl_struct_field fields[2] = {
      glsl_struct_field_init(glsl_uint_type(), "counter"),
      glsl_struct_field_init(glsl_array_type(glsl_float_type(), 0, 4), "values"),
   };
   fields[0].offset_B = 0;
   fields[1].offset_B = 4;
   const struct glsl_type *block = glsl_struct_type(fields, 2, "Data", GLSL_BLOCK);
   nir_variable *ssbo = nir_variable_create(b.shader, NIR_VAR_MEM_SSBO, block, "data");
   REQUIRE(ssbo);
   ssbo->data.binding = 3;
   ssbo->data.explicit_binding = true;
   ssbo->data.descriptor_set = 1;
   ssbo->data.explicit_descriptor_set = true;
   nir_variable *shared = nir_variable_create(
      b.shader, NIR_VAR_MEM_SHARED, glsl_array_type(glsl_float_type(), 64, 0), "partial");
   REQUIRE(shared);

   nir_def *lid = nir_channel(&b, nir_load_local_invocation_id(&b), 0);
   nir_deref_instr *dv = nir_build_deref_var(&b, ssbo);
   nir_deref_instr *values = nir_build_deref_struct(&b, dv, 1);
   nir_def *v = nir_load_deref(&b, nir_build_deref_array(&b, values, lid));
   nir_store_deref(&b, nir_build_deref_array(&b, nir_build_deref_var(&b, shared), lid), v, 1);
   nir_barrier(&b, .execution_scope = NIR_SCOPE_WORKGROUP,
               .memory_scope = NIR_SCOPE_WORKGROUP, .memory_semantics = NIR_MEMORY_ACQ_REL,
               .memory_modes = NIR_VAR_MEM_SHARED);
   nir_def *old = nir_deref_atomic(&b, &nir_build_deref_struct(&b, dv, 0)->def,
                                   nir_imm_int(&b, 1), .atomic_op = NIR_ATOMIC_OP_IADD);
   nir_store_deref(&b, nir_build_deref_array(&b, values, old),
                   nir_fadd(&b, v, nir_imm_float(&b, 1.0f)), 1);
   REQUIRE(nir_validate_shader_report(b.shader, NULL) == 0);

   struct arena *o = arena_create(NULL);
   REQUIRE(o);
   for (unsigned t = 0; t < NTV_TARGET_COUNT; t++) {
      uint32_t *w;
      size_t n;
      if (!ntv_test_emit_valid(b.shader, t, o, &w, &n))
         continue;
      CHECK_EQ(ntv_test_count_ops(w, n, SpvOpAtomicIAdd), 1);
      CHECK_EQ(ntv_test_count_ops(w, n, SpvOpControlBarrier), 1);
      const SpvId data = ntv_test_named(w, n, "data");
      CHECK(ntv_test_has_decoration(w, n, data, SpvDecorationBinding, 3));
      CHECK(ntv_test_has_decoration(w, n, data, SpvDecorationDescriptorSet, 1));
   }
   arena_destroy(o);
   nir_shader_destroy(b.shader);
}

static void
check_error(nir_shader *s, const char *needle)
{
   struct arena *o = arena_create(NULL);
   if (!o) {
      test_fail(__FILE__, __LINE__, "arena");
      return;
   }
   const struct ntv_options opts = {.target = NTV_TARGET_VULKAN_1_0};
   uint32_t *w = NULL;
   size_t n = 0;
   const char *error = NULL;
   CHECK(!ntv_emit(s, &opts, o, &w, &n, &error));
   CHECK(w == NULL && n == 0);
   CHECK(error && strstr(error, needle));
   if (error && !strstr(error, needle))
      fprintf(stderr, "error was: %s\n", error);
   arena_destroy(o);
}

TEST(ntv_errors_are_reported)
{
   /* A GL loose uniform has no Vulkan form. */
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "loose");
   REQUIRE(b.shader);
   nir_variable *u = nir_variable_create(b.shader, NIR_VAR_UNIFORM, glsl_vec4_type(), "u");
   nir_variable *o = ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o", 0);
   REQUIRE(u && o);
   nir_store_var(&b, o, nir_load_var(&b, u), 0xf);
   check_error(b.shader, "no loose uniforms");
   nir_shader_destroy(b.shader);

   /* GL's lower-left origin must be lowered first. */
   b = nir_builder_init_simple_shader(NIR_STAGE_FRAGMENT, NULL, "lowerleft");
   REQUIRE(b.shader);
   o = ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o", 0);
   nir_store_var(&b, o, nir_load_frag_coord(&b), 0xf);
   check_error(b.shader, "lower-left origin");
   nir_shader_destroy(b.shader);

   /* An unlocated varying. */
   b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "unlocated");
   REQUIRE(b.shader);
   o = ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o", -1);
   nir_store_var(&b, o, nir_imm_vec4(&b, 1, 2, 3, 4), 0xf);
   check_error(b.shader, "has no location");
   nir_shader_destroy(b.shader);

   /* GL's gl_VertexID built-in. */
   b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "vertexid");
   REQUIRE(b.shader);
   nir_variable *vid = nir_variable_create(b.shader, NIR_VAR_SYSTEM_VALUE, glsl_int_type(),
                                           "gl_VertexID");
   o = ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_int_type(), "o", 0);
   REQUIRE(vid && o);
   vid->data.builtin = NIR_BUILTIN_VERTEX_ID;
   nir_store_var(&b, o, nir_load_var(&b, vid), 1);
   check_error(b.shader, "Vulkan does not allow");
   nir_shader_destroy(b.shader);

   /* A uniform block without member offsets (GL layouts not applied). */
   b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "nolayout");
   REQUIRE(b.shader);
   struct glsl_struct_field f = glsl_struct_field_init(glsl_vec4_type(), "v");
   nir_variable *ubo = nir_variable_create(
      b.shader, NIR_VAR_MEM_UBO, glsl_struct_type(&f, 1, "Block", GLSL_BLOCK), "ubo");
   o = ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "o", 0);
   REQUIRE(ubo && o);
   nir_store_var(&b, o,
                 nir_load_deref(&b, nir_build_deref_struct(&b, nir_build_deref_var(&b, ubo), 0)),
                 0xf);
   check_error(b.shader, "no explicit layout");
   nir_shader_destroy(b.shader);

   /* A version the target does not take. */
   b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "version");
   REQUIRE(b.shader);
   struct arena *ar = arena_create(NULL);
   REQUIRE(ar);
   const struct ntv_options opts = {.target = NTV_TARGET_VULKAN_1_0,
                                    .spirv_version = 0x00010300};
   uint32_t *w;
   size_t n;
   const char *error = NULL;
   CHECK(!ntv_emit(b.shader, &opts, ar, &w, &n, &error));
   CHECK(error && strstr(error, "not accepted"));
   arena_destroy(ar);
   nir_shader_destroy(b.shader);
}

/* Every allocation failing in turn: ntv reports out-of-memory or succeeds,
 * never crashes. */
TEST(ntv_out_of_memory_everywhere)
{
   nir_shader *s = build_fragment_if_phi();
   REQUIRE(s);
   struct arena *out = arena_create(NULL);
   REQUIRE(out);
   bool ok = false;
   unsigned failures = 0;
   for (int fail_at = 0; fail_at < 2000 && !ok; fail_at++) {
      const struct ntv_options opts = {.target = NTV_TARGET_VULKAN_1_0};
      uint32_t *w = NULL;
      size_t n = 0;
      const char *error = NULL;
      arena_test_fail_after(fail_at);
      ok = ntv_emit(s, &opts, out, &w, &n, &error);
      arena_test_fail_after(-1);
      if (!ok) {
         failures++;
         CHECK(error != NULL);
         CHECK(w == NULL);
      } else {
         char *msg = NULL;
         CHECK(ntv_spirv_validate(w, n, NTV_TARGET_VULKAN_1_0, NULL, &msg));
         free(msg);
      }
   }
   CHECK(ok);
   CHECK(failures >= 3);
   arena_destroy(out);
   nir_shader_destroy(s);
}
