/* SPDX-License-Identifier: MIT */
/*
 * Building, printing and cloning: a "kitchen sink" shader with every kind
 * of instruction, control flow and variable decoration must validate,
 * print the same twice, print the same after cloning, and survive
 * allocation failures at every point of its construction.
 */
#include "nir_test_helpers.h"

#include "util/arena.h"

/* Builds a fragment shader using every instruction type, if/loop with a
 * continue construct, a second function with a call, decorated variables
 * (incl. an I/O block) and a constant initializer. Returns NULL only if the
 * shader itself could not be created. */
static nir_shader *
build_kitchen_sink(void)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_FRAGMENT, NULL, "sink");
   if (!b.shader)
      return NULL;
   nir_shader *s = b.shader;
   s->info.label = "kitchen sink";
   s->info.fs.origin_upper_left = true;
   s->info.fs.depth_layout = NIR_DEPTH_LAYOUT_GREATER;
   s->info.xfb.enabled = true;
   s->info.xfb.stride_B[0] = 16;

   /* Variables with decorations. */
   nir_variable *color =
      nir_variable_create(s, NIR_VAR_SHADER_IN, glsl_vec4_type(), "color");
   if (color) {
      color->data.location = 1;
      color->data.explicit_location = true;
      color->data.interpolation = GLSL_INTERP_MODE_NOPERSPECTIVE;
      color->data.centroid = true;
   }
   struct glsl_struct_field pv[2] = {
      glsl_struct_field_init(glsl_vec4_type(), "gl_Position"),
      glsl_struct_field_init(glsl_array_type(glsl_float_type(), 2, 0), "gl_ClipDistance"),
   };
   pv[0].builtin = NIR_BUILTIN_POSITION;
   pv[0].xfb_buffer = 0;
   pv[0].xfb_offset_B = 0;
   pv[1].builtin = NIR_BUILTIN_CLIP_DISTANCE;
   pv[1].invariant = true;
   nir_variable *block = nir_variable_create(
      s, NIR_VAR_SHADER_IN, glsl_struct_type(pv, 2, "gl_PerVertex", GLSL_BLOCK), "pv");
   struct glsl_struct_field ubo_f[2] = {
      glsl_struct_field_init(glsl_matrix_type(GLSL_TYPE_FLOAT, 4, 4), "m"),
      glsl_struct_field_init(glsl_array_type(glsl_vec4_type(), 0, 16), "rest"),
   };
   ubo_f[0].offset_B = 0;
   ubo_f[0].matrix_stride_B = 16;
   ubo_f[0].matrix_layout = GLSL_MATRIX_LAYOUT_ROW_MAJOR;
   ubo_f[1].offset_B = 64;
   nir_variable *ssbo = nir_variable_create(
      s, NIR_VAR_MEM_SSBO, glsl_struct_type(ubo_f, 2, "Buf", GLSL_BLOCK), "buf");
   if (ssbo) {
      ssbo->data.descriptor_set = 1;
      ssbo->data.explicit_descriptor_set = true;
      ssbo->data.binding = 3;
      ssbo->data.explicit_binding = true;
      ssbo->data.access = NIR_ACCESS_COHERENT | NIR_ACCESS_RESTRICT;
   }
   const struct glsl_type *img2d = glsl_image_type(
      GLSL_SAMPLER_DIM_2D, false, false, 0, 1, GLSL_TYPE_FLOAT, NIR_FORMAT_UNKNOWN);
   nir_variable *tex =
      nir_variable_create(s, NIR_VAR_UNIFORM, glsl_sampled_image_type(img2d), "tex");
   if (tex) {
      tex->data.binding = 0;
      tex->data.explicit_binding = true;
   }
   nir_variable *storage =
      nir_variable_create(s, NIR_VAR_UNIFORM,
                          glsl_image_type(GLSL_SAMPLER_DIM_3D, false, false, 0, 2,
                                          GLSL_TYPE_UINT, NIR_FORMAT_R32UI),
                          "storage");
   if (storage)
      storage->data.image_format = NIR_FORMAT_R32UI;
   nir_variable *out =
      nir_variable_create(s, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "out");
   if (out) {
      out->data.location = 0;
      out->data.explicit_location = true;
      out->data.index = 1;
      out->data.explicit_index = true;
   }
   nir_variable *priv = nir_variable_create(
      s, NIR_VAR_SHADER_TEMP, glsl_array_type(glsl_int_type(), 3, 0), "priv");
   nir_constant *init = nir_constant_create(s, 3);
   if (priv && init) {
      for (unsigned i = 0; i < 3; i++) {
         init->elements[i] = nir_constant_create(s, 0);
         if (init->elements[i])
            init->elements[i]->values[0] = nir_const_value_for_int(i * 10, 32);
      }
      priv->constant_initializer = init;
   }
   nir_variable *local = nir_local_variable_create(b.impl, glsl_vec4_type(), "local");

   /* A helper function taking a pointer. */
   nir_function *helper = nir_function_create(s, "helper");
   if (helper) {
      helper->num_params = 1;
      helper->params = arena_new_array(s->arena, nir_parameter, 1);
      if (helper->params)
         helper->params[0] = (nir_parameter){.num_components = 1, .bit_size = 32};
      else
         helper->num_params = 0;
      nir_function_impl *hi = nir_function_impl_create(helper);
      if (hi && helper->num_params) {
         nir_builder hb = nir_builder_at(nir_after_impl(hi));
         nir_deref_instr *p =
            nir_build_deref_cast(&hb, nir_load_param(&hb, 1, 32, .param_idx = 0),
                                 NIR_VAR_FUNCTION_TEMP, glsl_vec4_type(), 0);
         nir_store_deref(&hb, p, nir_fmul_imm(&hb, nir_load_deref(&hb, p), 0.5), 0xf);
      }
   }

   /* Body. */
   nir_def *c = color ? nir_load_var(&b, color) : nir_imm_vec4(&b, 0, 0, 0, 0);
   nir_def *pos = block ? nir_load_deref(&b, nir_build_deref_struct(
                                                &b, nir_build_deref_var(&b, block), 0))
                        : c;
   nir_def *m0 =
      ssbo
         ? nir_load_deref(
              &b, nir_build_deref_array_imm(
                     &b, nir_build_deref_struct(&b, nir_build_deref_var(&b, ssbo), 0), 1))
         : c;
   nir_def *sum = nir_fadd(&b, nir_fmul(&b, c, pos), m0);
   nir_def *coord = nir_channels(&b, sum, 0x3);
   nir_def *t = c;
   if (tex) {
      nir_deref_instr *td = nir_build_deref_var(&b, tex);
      t = nir_tex_deref(&b, td, td, coord);
      nir_txl_deref(&b, td, td, coord, nir_imm_float(&b, 2.0f));
   }
   if (storage) {
      nir_image_deref_atomic(
         &b, &nir_build_deref_var(&b, storage)->def, nir_imm_ivec4(&b, 1, 2, 3, 0),
         nir_undef(&b, 1, 32), nir_imm_int(&b, 1), .atomic_op = NIR_ATOMIC_OP_UMAX,
         .image_dim = GLSL_SAMPLER_DIM_3D, .format = NIR_FORMAT_R32UI);
   }
   if (local)
      nir_store_var(&b, local, t, 0xf);
   nir_def *i0 = nir_imm_int(&b, 0);
   nir_loop *loop = nir_push_loop(&b);
   {
      nir_def *x = nir_fsat(&b, nir_channel(&b, t, 0));
      nir_if *nif = nir_push_if(&b, nir_fge(&b, x, nir_imm_float(&b, 0.5f)));
      nir_jump(&b, NIR_JUMP_BREAK);
      nir_push_else(&b, nif);
      nir_def *bits = nir_ishl_imm(&b, nir_f2i32(&b, x), 3);
      nir_def *cmp = nir_ieq(&b, nir_iand_imm(&b, bits, 0xf), i0);
      nir_if *inner = nir_push_if(&b, cmp);
      nir_jump(&b, NIR_JUMP_CONTINUE);
      nir_pop_if(&b, inner);
      nir_pop_if(&b, nif);
      nir_push_continue(&b, loop);
      if (priv)
         nir_store_deref(&b,
                         nir_build_deref_array_imm(&b, nir_build_deref_var(&b, priv), 2),
                         nir_imm_int(&b, -1), 1);
      nir_barrier(
         &b, .execution_scope = NIR_SCOPE_SUBGROUP, .memory_scope = NIR_SCOPE_DEVICE,
         .memory_semantics = NIR_MEMORY_ACQ_REL, .memory_modes = NIR_VAR_MEM_SSBO);
   }
   nir_pop_loop(&b, loop);
   if (helper && local) {
      nir_def *arg = &nir_build_deref_var(&b, local)->def;
      nir_build_call(&b, helper, helper->num_params, &arg);
   }
   nir_def *pk = nir_pack_half_2x16(&b, nir_channels(&b, c, 0x3));
   nir_def *d = nir_f2f64(&b, nir_channel(&b, c, 2));
   nir_def *e = nir_fadd(&b, nir_f2f32(&b, nir_fmul(&b, d, d)), nir_u2f32(&b, pk));
   nir_def *rd = nir_reduce(&b, e, .reduction_op = NIR_OP_FADD, .cluster_size = 4);
   nir_def *h = nir_f2f32(&b, nir_fadd(&b, nir_imm_float16(&b, 1.5f), nir_f2f16(&b, e)));
   nir_def *w = nir_vec4(&b, rd, nir_channel(&b, c, 1), nir_fddx(&b, e), h);
   nir_def *io = nir_load_input(
      &b, 2, 32, nir_imm_int(&b, 0), .base = 3, .component = 1,
      .dest_type = NIR_TYPE_FLOAT32,
      .io_semantics = (nir_io_semantics){
         .location = 5, .num_slots = 1, .builtin = NIR_IO_SEMANTICS_NO_BUILTIN});
   w = nir_fadd(&b, w, nir_pad_vector(&b, io, 4));
   if (out)
      nir_store_var(&b, out, w, 0xf);
   nir_discard_if(&b, nir_flt(&b, nir_channel(&b, w, 3), nir_imm_float(&b, 0)));
   return s;
}

TEST(nir_kitchen_sink_validates_prints_and_clones)
{
   nir_shader *s = build_kitchen_sink();
   REQUIRE(s);
   REQUIRE(!nir_shader_oom(s));
   char *text = nir_test_print(s);
   char *again = nir_shader_to_string(s);
   REQUIRE(text && again);
   CHECK_STREQ(again, text); /* stable */
   /* Spot checks that decorations and the block survive printing. */
   CHECK(strstr(text,
                "decl_var shader_in vec4 color (location=1, noperspective, centroid)"));
   CHECK(strstr(text, "struct gl_PerVertex (Block) {\n   vec4 gl_Position "
                      "(builtin=Position, xfb_buffer=0, xfb_offset=0)\n"));
   CHECK(strstr(text, "mat4x4 m (offset=0, matrix_stride=16, row_major)"));
   CHECK(strstr(
      text, "decl_var ssbo struct Buf buf (set=1, binding=3, access=coherent|restrict)"));
   CHECK(strstr(
      text, "decl_var shader_temp int[3] priv = { 0x00000000, 0x0000000a, 0x00000014 }"));
   CHECK(strstr(text, "} continue {"));
   CHECK(strstr(text, "io_semantics={location=5, num_slots=1}"));

   nir_shader *clone = nir_shader_clone(NULL, s);
   REQUIRE(clone);
   char *ctext = nir_test_print(clone);
   CHECK_STREQ(ctext, text);

   /* The clone is independent: changing it leaves the original alone. */
   nir_opt_dce(clone);
   nir_remove_dead_variables(clone, NIR_VAR_ALL_MODES & ~NIR_VAR_MEM_GLOBAL);
   char *after = nir_shader_to_string(s);
   CHECK_STREQ(after, text);

   free(text);
   free(again);
   free(ctext);
   free(after);
   nir_shader_destroy(clone);
   nir_shader_destroy(s);
}

TEST(nir_kitchen_sink_survives_passes)
{
   nir_shader *s = build_kitchen_sink();
   REQUIRE(s);
   bool progress = true;
   for (unsigned i = 0; i < 4 && progress; i++) {
      progress = false;
      NIR_PASS(progress, s, nir_inline_functions);
      NIR_PASS(progress, s, nir_lower_global_vars_to_local);
      NIR_PASS(progress, s, nir_lower_vars_to_ssa);
      NIR_PASS(progress, s, nir_opt_copy_prop);
      NIR_PASS(progress, s, nir_opt_constant_folding);
      NIR_PASS(progress, s, nir_opt_cse);
      NIR_PASS(progress, s, nir_opt_dce);
      NIR_PASS(progress, s, nir_remove_dead_variables,
               NIR_VAR_FUNCTION_TEMP | NIR_VAR_SHADER_TEMP);
   }
   nir_remove_non_entrypoints(s);
   char *text = nir_test_print(s);
   CHECK(text && !strstr(text, "call helper"));
   CHECK(text && !strstr(text, "decl_var function_temp"));
   free(text);
   nir_shader_destroy(s);
}

/* Every allocation of the construction fails in turn: nothing may crash or
 * leak. Most failures set shader->oom; a failure inside type interning
 * yields glsl_error_type() instead, which the shader carries on with. */
TEST(nir_kitchen_sink_out_of_memory)
{
   unsigned oom = 0, created = 0, last_oom = 0;
   for (unsigned n = 0; n < 600; n++) {
      arena_test_fail_alloc_after((int)n);
      nir_shader *s = build_kitchen_sink();
      arena_test_fail_alloc_after(-1);
      if (!s)
         continue;
      created++;
      if (nir_shader_oom(s)) {
         oom++;
         last_oom = n;
      }
      nir_shader_destroy(s);
   }
   /* The build makes ~170 allocations: failing any of them (but the few
    * in type interning) is reported, and later n no longer hit the build. */
   if (!CHECK(oom > 100 && last_oom < 400))
      printf("%u of %u builds ran out of memory, last at %u\n", oom, created, last_oom);
   CHECK(created > 500);
   /* And without injected failures the build is complete and valid. */
   nir_shader *s = build_kitchen_sink();
   REQUIRE(s);
   CHECK(!nir_shader_oom(s));
   char *text = nir_test_print(s);
   free(text);
   nir_shader_destroy(s);
}

TEST(nir_clone_out_of_memory)
{
   nir_shader *s = build_kitchen_sink();
   REQUIRE(s);
   unsigned n;
   for (n = 0; n < 20000; n++) {
      arena_test_fail_alloc_after((int)n);
      nir_shader *c = nir_shader_clone(NULL, s);
      arena_test_fail_alloc_after(-1);
      if (c) {
         char *a = nir_shader_to_string(s), *bt = nir_shader_to_string(c);
         CHECK_STREQ(bt, a);
         free(a);
         free(bt);
         nir_shader_destroy(c);
         break;
      }
   }
   CHECK(n > 100 && n < 20000);
   nir_shader_destroy(s);
}
