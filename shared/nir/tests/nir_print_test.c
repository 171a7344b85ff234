/* SPDX-License-Identifier: MIT */
/*
 * The printed form is an interface (golden tests, CLI dumps, bug reports):
 * these goldens pin the text of every instruction kind, variable
 * decorations, struct declarations and stage info. One builder call per
 * statement so the IR does not depend on C's argument evaluation order.
 */
#include "nir_test_helpers.h"

#include "util/arena.h"

TEST(nir_print_every_instruction_kind)
{
   nir_builder b = nir_test_builder(NIR_STAGE_FRAGMENT);
   REQUIRE(b.shader);
   nir_shader *s = b.shader;
   s->info.fs.early_fragment_tests = true;
   s->info.fs.depth_layout = NIR_DEPTH_LAYOUT_LESS;

   struct glsl_struct_field f[2] = {
      glsl_struct_field_init(glsl_vector_type(GLSL_TYPE_FLOAT16, 2), "h"),
      glsl_struct_field_init(glsl_array_type(glsl_uint_type(), 0, 4), "data"),
   };
   f[0].offset_B = 0;
   f[1].offset_B = 16;
   f[1].access = NIR_ACCESS_NON_WRITEABLE;
   nir_variable *buf = nir_variable_create(
      s, NIR_VAR_MEM_SSBO, glsl_struct_type(f, 2, "Data", GLSL_BLOCK), "data");
   buf->data.binding = 2;
   buf->data.explicit_binding = true;
   nir_variable *smp = nir_variable_create(
      s, NIR_VAR_UNIFORM,
      glsl_sampled_image_type(glsl_image_type(GLSL_SAMPLER_DIM_2D, true, false, 1, 1,
                                              GLSL_TYPE_FLOAT, NIR_FORMAT_UNKNOWN)),
      "shadow");
   nir_variable *color =
      nir_variable_create(s, NIR_VAR_SHADER_IN, glsl_vec4_type(), "color");
   color->data.location = 0;
   color->data.explicit_location = true;
   color->data.interpolation = GLSL_INTERP_MODE_FLAT;
   color->data.sample = true;
   nir_variable *out =
      nir_variable_create(s, NIR_VAR_SHADER_OUT, glsl_float_type(), "depth");
   out->data.builtin = NIR_BUILTIN_FRAG_DEPTH;
   nir_variable *tmp =
      nir_local_variable_create(b.impl, glsl_vector_type(GLSL_TYPE_INT, 2), NULL);

   nir_def *c = nir_load_var(&b, color);
   nir_deref_instr *dv = nir_build_deref_var(&b, buf);
   nir_deref_instr *arr = nir_build_deref_struct(&b, dv, 1);
   nir_def *idx = nir_f2u32(&b, nir_channel(&b, c, 0));
   nir_deref_instr *el = nir_build_deref_array(&b, arr, idx);
   nir_def *old = nir_deref_atomic(&b, &el->def, idx, .atomic_op = NIR_ATOMIC_OP_IADD);
   nir_deref_instr *cast =
      nir_build_deref_cast(&b, &el->def, NIR_VAR_MEM_SSBO, glsl_uint_type(), 4);
   nir_deref_instr *next = nir_build_deref_ptr_as_array(&b, cast, old);
   nir_def *loaded = nir_load_deref_with_access(&b, next, NIR_ACCESS_COHERENT);
   nir_def *und = nir_undef(&b, 2, 32);
   nir_store_var(&b, tmp, und, 0x2);
   nir_deref_instr *sd = nir_build_deref_var(&b, smp);
   nir_def *cy = nir_channel(&b, c, 1);
   nir_def *cz = nir_channel(&b, c, 2);
   nir_def *cw = nir_channel(&b, c, 3);
   nir_def *coord = nir_vec3(&b, cy, cz, cw);
   nir_def *ref = nir_channel(&b, c, 0);
   nir_def *bias = nir_imm_float(&b, -0.5f);
   nir_tex_instr *tex = nir_tex_instr_create(s, 5);
   tex->op = NIR_TEXOP_TXB;
   tex->sampler_dim = GLSL_SAMPLER_DIM_2D;
   tex->is_array = true;
   tex->is_shadow = true;
   tex->coord_components = 3;
   tex->src[0] =
      (nir_tex_src){.src_type = NIR_TEX_SRC_TEXTURE_DEREF, .src.ssa = &sd->def};
   tex->src[1] =
      (nir_tex_src){.src_type = NIR_TEX_SRC_SAMPLER_DEREF, .src.ssa = &sd->def};
   tex->src[2] = (nir_tex_src){.src_type = NIR_TEX_SRC_COORD, .src.ssa = coord};
   tex->src[3] = (nir_tex_src){.src_type = NIR_TEX_SRC_BIAS, .src.ssa = bias};
   tex->src[4] = (nir_tex_src){.src_type = NIR_TEX_SRC_COMPARATOR, .src.ssa = ref};
   nir_def *shadow = nir_builder_tex_finish_and_insert(&b, tex);
   nir_def *u = nir_u2f32(&b, loaded);
   nir_def *sum = nir_fadd(&b, shadow, u);
   nir_loop *loop = nir_push_loop(&b);
   nir_def *v16 = nir_imm_intN_t(&b, 0x1234, 16);
   nir_def *b8 = nir_imm_intN_t(&b, 0xab, 8);
   nir_def *d64 = nir_imm_double(&b, -2.5);
   nir_def *t = nir_imm_true(&b);
   nir_def *big = nir_u2u64(&b, nir_u2u32(&b, v16));
   nir_def *mixed = nir_iadd(&b, big, nir_u2u64(&b, b8));
   nir_def *done = nir_flt(&b, d64, nir_u2f64(&b, mixed));
   nir_if *nif = nir_push_if(&b, nir_iand(&b, done, t));
   nir_jump(&b, NIR_JUMP_BREAK);
   nir_pop_if(&b, nif);
   nir_push_continue(&b, loop);
   nir_barrier(&b, .execution_scope = NIR_SCOPE_NONE, .memory_scope = NIR_SCOPE_WORKGROUP,
               .memory_semantics = NIR_MEMORY_RELEASE | NIR_MEMORY_MAKE_AVAILABLE,
               .memory_modes = NIR_VAR_MEM_SSBO | NIR_VAR_MEM_SHARED);
   nir_pop_loop(&b, loop);
   nir_store_var(&b, out, sum, 1);
   nir_terminate_if(&b, nir_fisnan(&b, sum));
   CHECK_IR(s, "shader: fragment\n"
               "name: test\n"
               "fs: early_fragment_tests depth_less\n"
               "decl_type struct Data (Block) {\n"
               "   f16vec2 h (offset=0)\n"
               "   uint[](stride=4) data (offset=16, readonly)\n"
               "}\n"
               "decl_var ssbo struct Data data (binding=2)\n"
               "decl_var uniform sampled image(2D, array, float, depth=1, sampled=1, "
               "unknown) shadow\n"
               "decl_var shader_in vec4 color (location=0, flat, sample)\n"
               "decl_var shader_out float depth (builtin=FragDepth)\n"
               "decl_function main (0 params) (entrypoint)\n"
               "\n"
               "impl main {\n"
               "   decl_var function_temp ivec2 #4\n"
               "   block b0:  // preds: none\n"
               "      %0 = 32x1 deref_var &color (shader_in vec4)\n"
               "      %1 = 32x4 @load_deref (%0) (access=none)\n"
               "      %2 = 32x1 deref_var &data (ssbo struct Data)\n"
               "      %3 = 32x1 deref_struct &%2->data (ssbo uint[](stride=4))\n"
               "      %4 = 32x1 mov %1.x\n"
               "      %5 = 32x1 f2u32 %4\n"
               "      %6 = 32x1 deref_array &%3[%5] (ssbo uint)\n"
               "      %7 = 32x1 @deref_atomic (%6, %5) (access=none, atomic_op=iadd)\n"
               "      %8 = 32x1 deref_cast %6 (ptr_stride=4) (ssbo uint)\n"
               "      %9 = 32x1 deref_ptr_as_array &(*%8)[%7] (ssbo uint)\n"
               "      %10 = 32x1 @load_deref (%9) (access=coherent)\n"
               "      %11 = 32x2 undefined\n"
               "      %12 = 32x1 deref_var &#4 (function_temp ivec2)\n"
               "      @store_deref (%12, %11) (write_mask=0x2, access=none)\n"
               "      %13 = 32x1 deref_var &shadow (uniform sampled image(2D, array, "
               "float, depth=1, sampled=1, unknown))\n"
               "      %14 = 32x1 mov %1.y\n"
               "      %15 = 32x1 mov %1.z\n"
               "      %16 = 32x1 mov %1.w\n"
               "      %17 = 32x3 vec3 %14, %15, %16\n"
               "      %18 = 32x1 mov %1.x\n"
               "      %19 = 32x1 load_const (0xbf000000) /* -0.5 */\n"
               "      %20 = 32x1 txb (texture_deref %13, sampler_deref %13, coord %17, "
               "bias %19, comparator %18) (dim=2D, array, shadow, dest_type=float32, "
               "coord_components=3, texture_index=0, sampler_index=0)\n"
               "      %21 = 32x1 u2f32 %10\n"
               "      %22 = 32x1 fadd %20, %21\n"
               "      // succs: b1\n"
               "   loop {\n"
               "      block b1:  // preds: b0 b5\n"
               "         %23 = 16x1 load_const (0x1234) /* 0.000757217407 */\n"
               "         %24 = 8x1 load_const (0xab)\n"
               "         %25 = 64x1 load_const (0xc004000000000000) /* -2.5 */\n"
               "         %26 = 1x1 load_const (true)\n"
               "         %27 = 32x1 u2u32 %23\n"
               "         %28 = 64x1 u2u64 %27\n"
               "         %29 = 64x1 u2u64 %24\n"
               "         %30 = 64x1 iadd %28, %29\n"
               "         %31 = 64x1 u2f64 %30\n"
               "         %32 = 1x1 flt %25, %31\n"
               "         %33 = 1x1 iand %32, %26\n"
               "         // succs: b2 b3\n"
               "      if %33 {\n"
               "         block b2:  // preds: b1\n"
               "            break\n"
               "            // succs: b6\n"
               "      } else {\n"
               "         block b3:  // preds: b1\n"
               "            // succs: b4\n"
               "      }\n"
               "      block b4:  // preds: b3\n"
               "         // succs: b5\n"
               "   } continue {\n"
               "      block b5:  // preds: b4\n"
               "         @barrier () (memory_semantics=release|make_available, "
               "memory_modes=ssbo|shared, memory_scope=workgroup, execution_scope=none)\n"
               "         // succs: b1\n"
               "   }\n"
               "   block b6:  // preds: b2\n"
               "      %34 = 32x1 deref_var &depth (shader_out float)\n"
               "      @store_deref (%34, %22) (write_mask=0x1, access=none)\n"
               "      %35 = 1x1 fisnan %22\n"
               "      @terminate_if (%35)\n"
               "      // succs: b7\n"
               "   block b7:  // end\n"
               "}\n");
   nir_shader_destroy(s);
}

TEST(nir_print_stage_info_and_functions)
{
   nir_builder b = nir_test_builder(NIR_STAGE_COMPUTE);
   REQUIRE(b.shader);
   nir_shader *s = b.shader;
   s->info.cs.workgroup_size[0] = 8;
   s->info.cs.workgroup_size[1] = 4;
   s->info.cs.workgroup_size[2] = 1;
   s->info.cs.workgroup_size_spec_id[0] = 7;
   s->info.shared_size_B = 256;
   s->info.float_controls = NIR_FLOAT_CONTROLS_DENORM_PRESERVE_FP16;
   nir_function *f = nir_function_create(s, "callee");
   f->num_params = 2;
   f->params = arena_new_array(s->arena, nir_parameter, 2);
   f->params[0] = (nir_parameter){.num_components = 3, .bit_size = 16, .name = "v"};
   f->params[1] = (nir_parameter){
      .num_components = 1, .bit_size = 32, .type = glsl_float_type(), .name = "ptr"};
   nir_variable *sh = nir_variable_create(
      s, NIR_VAR_MEM_SHARED, glsl_array_type(glsl_float_type(), 64, 0), "sh");
   nir_def *v = nir_imm_zero(&b, 3, 16);
   nir_deref_instr *d = nir_build_deref_array_imm(&b, nir_build_deref_var(&b, sh), 5);
   nir_def *args[2] = {v, &d->def};
   nir_build_call(&b, f, 2, args);
   nir_def *id = nir_load_global_invocation_id(&b, 64);
   nir_def *ballot = nir_ballot(&b, 4, 32, nir_ieq_imm(&b, nir_channel(&b, id, 0), 0));
   nir_def *red = nir_reduce(&b, nir_channel(&b, ballot, 0), .reduction_op = NIR_OP_IMAX,
                             .cluster_size = 0);
   nir_store_shared(&b, red, nir_imm_int(&b, 0), .base = 16);
   CHECK_IR(s, "shader: compute\n"
               "name: test\n"
               "shared_size: 256\n"
               "float_controls: 0x1\n"
               "workgroup_size: 8, 4, 1\n"
               "workgroup_size_spec_id: 7, -1, -1\n"
               "decl_var shared float[64] sh\n"
               "decl_function main (0 params) (entrypoint)\n"
               "decl_function callee (2 params)\n"
               "   param 0: 16x3 v\n"
               "   param 1: 32x1 float ptr\n"
               "\n"
               "impl main {\n"
               "   block b0:  // preds: none\n"
               "      %0 = 16x3 load_const (0x0000, 0x0000, 0x0000)\n"
               "      %1 = 32x1 deref_var &sh (shared float[64])\n"
               "      %2 = 32x1 load_const (0x00000005)\n"
               "      %3 = 32x1 deref_array &%1[%2] (shared float)\n"
               "      call callee %0, %3\n"
               "      %4 = 64x3 @load_global_invocation_id ()\n"
               "      %5 = 64x1 mov %4.x\n"
               "      %6 = 64x1 load_const (0x0000000000000000)\n"
               "      %7 = 1x1 ieq %5, %6\n"
               "      %8 = 32x4 @ballot (%7)\n"
               "      %9 = 32x1 mov %8.x\n"
               "      %10 = 32x1 @reduce (%9) (reduction_op=imax, cluster_size=0)\n"
               "      %11 = 32x1 load_const (0x00000000)\n"
               "      @store_shared (%10, %11) (base=16, write_mask=0x1, access=none, "
               "align_mul=4, align_offset=0)\n"
               "      // succs: b1\n"
               "   block b1:  // end\n"
               "}\n");
   nir_shader_destroy(s);
}
