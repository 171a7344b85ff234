/* SPDX-License-Identifier: MIT */
/*
 * Golden tests of the driver's lowering passes: a shader built with the
 * builder, one pass, the printed IR compared with the expected text.
 */
#include "nvk_compiler_test_util.h"

static nir_builder
cs_builder(unsigned x)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_COMPUTE, NULL, "test");
   if (b.shader)
      b.shader->info.cs.workgroup_size[0] = (uint16_t)x;
   return b;
}

static nir_variable *
builtin_var(nir_builder *b, const struct glsl_type *t, nir_builtin builtin, const char *name)
{
   nir_variable *v = nir_variable_create(b->shader, NIR_VAR_SYSTEM_VALUE, t, name);
   v->data.builtin = builtin;
   return v;
}

TEST(lower_system_values)
{
   nir_builder b = cs_builder(8);
   REQUIRE(b.shader);
   nir_variable *lid = builtin_var(&b, glsl_vector_type(GLSL_TYPE_UINT, 3),
                                   NIR_BUILTIN_LOCAL_INVOCATION_ID, "lid");
   nir_variable *sgs = builtin_var(&b, glsl_uint_type(), NIR_BUILTIN_SUBGROUP_SIZE, "sgs");
   nir_variable *wgs = builtin_var(&b, glsl_vector_type(GLSL_TYPE_UINT, 3),
                                   NIR_BUILTIN_WORKGROUP_SIZE, "wgs");
   nir_variable *out = nir_variable_create(b.shader, NIR_VAR_MEM_SHARED, glsl_uint_type(), "o");
   /* lid.y through an array deref, the subgroup size, workgroup size.x */
   nir_def *y = nir_load_deref(&b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, lid), 1));
   nir_def *s = nir_load_var(&b, sgs);
   nir_def *w = nir_channel(&b, nir_load_var(&b, wgs), 0);
   nir_store_var(&b, out, nir_iadd(&b, nir_iadd(&b, y, s), w), 1);
   CHECK(nvk_nir_lower_system_values(b.shader, 32));
   NCT_CHECK_IR(b.shader,
      "shader: compute\n"
      "name: test\n"
      "workgroup_size: 8, 0, 0\n"
      "decl_var shared uint o\n"
      "decl_function main (0 params) (entrypoint)\n"
      "\n"
      "impl main {\n"
      "   block b0:  // preds: none\n"
      "      %1 = 32x1 load_const (0x00000001)\n"
      "      %12 = 32x3 @load_local_invocation_id ()\n"
      "      %13 = 32x1 mov %12.y\n"
      "      %14 = 32x1 load_const (0x00000020)\n"
      "      %15 = 32x3 load_const (0x00000008, 0x00000000, 0x00000000)\n"
      "      %8 = 32x1 mov %15.x\n"
      "      %9 = 32x1 iadd %13, %14\n"
      "      %10 = 32x1 iadd %9, %8\n"
      "      %11 = 32x1 deref_var &o (shared uint)\n"
      "      @store_deref (%11, %10) (write_mask=0x1, access=none)\n"
      "      // succs: b1\n"
      "   block b1:  // end\n"
      "}\n");
   nir_shader_destroy(b.shader);
}

/* struct Buf { uint n; uint data[]; } at (set 0, binding 1); push constants
 * { uint pad; uint k; }; shared uint s[4]. */
TEST(lower_explicit_io_ssbo_push_shared)
{
   static const struct nct_binding bindings[] = {
      {VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 2},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1},
   };
   struct nvk_pipeline_layout *layout = nct_layout(bindings, 2);
   REQUIRE(layout);
   nir_builder b = cs_builder(4);
   REQUIRE(b.shader);
   struct glsl_struct_field f[2] = {
      glsl_struct_field_init(glsl_uint_type(), "n"),
      glsl_struct_field_init(glsl_array_type(glsl_uint_type(), 0, 4), "data"),
   };
   f[0].offset_B = 0;
   f[1].offset_B = 4;
   nir_variable *buf = nir_variable_create(
      b.shader, NIR_VAR_MEM_SSBO, glsl_struct_type(f, 2, "Buf", GLSL_BLOCK), "buf");
   buf->data.descriptor_set = 0;
   buf->data.binding = 1;
   struct glsl_struct_field pf[2] = {
      glsl_struct_field_init(glsl_uint_type(), "pad"),
      glsl_struct_field_init(glsl_uint_type(), "k"),
   };
   pf[0].offset_B = 0;
   pf[1].offset_B = 4;
   nir_variable *push = nir_variable_create(
      b.shader, NIR_VAR_MEM_PUSH_CONST, glsl_struct_type(pf, 2, "P", GLSL_BLOCK), "push");
   nir_variable *sh = nir_variable_create(b.shader, NIR_VAR_MEM_SHARED,
                                          glsl_array_type(glsl_uint_type(), 4, 0), "s");
   nir_def *i = nir_load_local_invocation_index(&b);
   nir_def *k = nir_load_deref(&b, nir_build_deref_struct(&b, nir_build_deref_var(&b, push), 1));
   nir_store_deref(&b, nir_build_deref_array(&b, nir_build_deref_var(&b, sh), i), k, 1);
   nir_deref_instr *data = nir_build_deref_struct(&b, nir_build_deref_var(&b, buf), 1);
   nir_store_deref(&b, nir_build_deref_array(&b, data, i), k, 1);

   struct nvk_nir_io_options io = {.layout = layout, .robust_buffer_access = true};
   CHECK(nvk_nir_lower_explicit_io(b.shader, &io));
   CHECK(!io.unsupported);
   CHECK_EQ(b.shader->info.shared_size_B, 16);
   NCT_CHECK_IR(b.shader,
      "shader: compute\n"
      "name: test\n"
      "shared_size: 16\n"
      "workgroup_size: 4, 0, 0\n"
      "decl_function main (0 params) (entrypoint)\n"
      "\n"
      "impl main {\n"
      "   block b0:  // preds: none\n"
      "      %0 = 32x1 @load_local_invocation_index ()\n"
      "      %9 = 32x1 load_const (0x00000020)\n"
      "      %10 = 32x1 load_const (0x00000004)\n"
      "      %11 = 32x1 iadd %9, %10\n"
      "      %12 = 32x1 load_const (0x00000000)\n"
      "      %13 = 32x1 @load_ubo (%12, %11) (range_base=0, range=-1, access=none, align_mul=4, align_offset=0)\n"
      "      %14 = 32x1 load_const (0x00000000)\n"
      "      %15 = 32x1 load_const (0x00000004)\n"
      "      %16 = 32x1 imul %0, %15\n"
      "      %17 = 32x1 iadd %14, %16\n"
      "      @store_shared (%13, %17) (base=0, write_mask=0x1, access=none, align_mul=4, align_offset=0)\n"
      "      %18 = 32x1 load_const (0x00000000)\n"
      "      %19 = 32x1 load_const (0x00000010)\n"
      "      %20 = 32x1 imul %18, %19\n"
      "      %21 = 32x1 load_const (0x00000010)\n"
      "      %22 = 32x1 iadd %20, %21\n"
      "      %23 = 32x1 load_const (0x00000001)\n"
      "      %24 = 32x4 @load_ubo (%23, %22) (range_base=0, range=-1, access=none, align_mul=16, align_offset=0)\n"
      "      %25 = 32x1 mov %24.y\n"
      "      %26 = 32x1 mov %24.x\n"
      "      %27 = 64x1 pack_64_2x32_split %26, %25\n"
      "      %28 = 32x1 mov %24.z\n"
      "      %29 = 32x1 load_const (0x00000000)\n"
      "      %30 = 32x1 load_const (0x00000004)\n"
      "      %31 = 32x1 iadd %29, %30\n"
      "      %32 = 32x1 load_const (0x00000004)\n"
      "      %33 = 32x1 imul %0, %32\n"
      "      %34 = 32x1 iadd %31, %33\n"
      "      %35 = 64x1 u2u64 %34\n"
      "      %36 = 64x1 iadd %27, %35\n"
      "      %37 = 64x1 load_const (0x0000000000000004)\n"
      "      %38 = 64x1 iadd %35, %37\n"
      "      %39 = 64x1 u2u64 %28\n"
      "      %40 = 1x1 uge %39, %38\n"
      "      %41 = 64x1 load_const (0x0000000000000000)\n"
      "      %42 = 64x1 bcsel %40, %36, %41\n"
      "      @store_global (%13, %42) (write_mask=0x1, access=none, align_mul=4, align_offset=0)\n"
      "      // succs: b1\n"
      "   block b1:  // end\n"
      "}\n");
   nir_shader_destroy(b.shader);
   nct_layout_free(layout);
}

/* imageLoad on binding 1 element 2 of an image array, and texelFetch on a
 * combined image/sampler: handles loaded from set memory. */
TEST(lower_descriptors_images_and_textures)
{
   static const struct nct_binding bindings[] = {
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1},
      {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 4},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1},
   };
   struct nvk_pipeline_layout *layout = nct_layout(bindings, 3);
   REQUIRE(layout);
   nir_builder b = cs_builder(1);
   REQUIRE(b.shader);
   const struct glsl_type *img = glsl_image_type(GLSL_SAMPLER_DIM_2D, false, false, 0, 2,
                                                 GLSL_TYPE_FLOAT, NIR_FORMAT_RGBA8);
   nir_variable *imgs = nir_variable_create(b.shader, NIR_VAR_UNIFORM,
                                            glsl_array_type(img, 4, 0), "imgs");
   imgs->data.binding = 1;
   const struct glsl_type *tex_t = glsl_sampled_image_type(
      glsl_image_type(GLSL_SAMPLER_DIM_2D, false, false, 0, 1, GLSL_TYPE_FLOAT, NIR_FORMAT_UNKNOWN));
   nir_variable *tex = nir_variable_create(b.shader, NIR_VAR_UNIFORM, tex_t, "tex");
   tex->data.binding = 2;
   nir_variable *out = nir_variable_create(b.shader, NIR_VAR_MEM_SHARED, glsl_vec4_type(), "o");

   nir_deref_instr *d = nir_build_deref_array_imm(&b, nir_build_deref_var(&b, imgs), 2);
   nir_def *coord = nir_imm_ivec4(&b, 1, 2, 0, 0);
   nir_def *v = nir_image_deref_load(&b, 4, 32, &d->def, coord, nir_imm_int(&b, 0),
                                     nir_imm_int(&b, 0), .image_dim = GLSL_SAMPLER_DIM_2D,
                                     .dest_type = NIR_TYPE_FLOAT32);
   nir_def *t = nir_txf_deref(&b, nir_build_deref_var(&b, tex), nir_imm_ivec2(&b, 3, 4),
                              nir_imm_int(&b, 0));
   nir_store_var(&b, out, nir_fadd(&b, v, t), 0xf);

   bool unsupported = false;
   CHECK(nvk_nir_lower_descriptors(b.shader, layout, &unsupported));
   CHECK(!unsupported);
   NCT_CHECK_IR(b.shader,
      "shader: compute\n"
      "name: test\n"
      "workgroup_size: 1, 0, 0\n"
      "decl_var shared vec4 o\n"
      "decl_function main (0 params) (entrypoint)\n"
      "\n"
      "impl main {\n"
      "   block b0:  // preds: none\n"
      "      %1 = 32x1 load_const (0x00000002)\n"
      "      %3 = 32x4 load_const (0x00000001, 0x00000002, 0x00000000, 0x00000000)\n"
      "      %4 = 32x1 load_const (0x00000000)\n"
      "      %5 = 32x1 load_const (0x00000000)\n"
      "      %13 = 32x1 load_const (0x00000000)\n"
      "      %14 = 32x1 iadd %13, %1\n"
      "      %15 = 32x1 load_const (0x00000008)\n"
      "      %16 = 32x1 imul %14, %15\n"
      "      %17 = 32x1 load_const (0x00000010)\n"
      "      %18 = 32x1 iadd %16, %17\n"
      "      %19 = 32x1 load_const (0x00000001)\n"
      "      %20 = 64x1 @load_ubo (%19, %18) (range_base=0, range=-1, access=none, align_mul=8, align_offset=0)\n"
      "      %21 = 32x4 @image_load (%20, %3, %5, %4) (access=none, dest_type=float32, image_dim=2D, image_array=false, format=unknown)\n"
      "      %7 = 32x1 load_const (0x00000000)\n"
      "      %8 = 32x2 load_const (0x00000003, 0x00000004)\n"
      "      %22 = 32x1 load_const (0x00000000)\n"
      "      %23 = 32x1 load_const (0x00000010)\n"
      "      %24 = 32x1 imul %22, %23\n"
      "      %25 = 32x1 load_const (0x00000030)\n"
      "      %26 = 32x1 iadd %24, %25\n"
      "      %27 = 32x1 load_const (0x00000001)\n"
      "      %28 = 64x1 @load_ubo (%27, %26) (range_base=0, range=-1, access=none, align_mul=8, align_offset=0)\n"
      "      %10 = 32x4 txf (texture_handle %28, coord %8, lod %7) (dim=2D, dest_type=float32, coord_components=2, texture_index=0, sampler_index=0)\n"
      "      %11 = 32x4 fadd %21, %10\n"
      "      %12 = 32x1 deref_var &o (shared vec4)\n"
      "      @store_deref (%12, %11) (write_mask=0xf, access=none)\n"
      "      // succs: b1\n"
      "   block b1:  // end\n"
      "}\n");
   nir_shader_destroy(b.shader);
   nct_layout_free(layout);
}


/* for (j = 0; j < 3; j++) sum += shared[lid * 4 + j * 4 + 16] behind an
 * `if (true)`, then the same loop with a bound from a push constant: the
 * optimization loop drops the constant if, unrolls the first loop, folds
 * the constant offsets into the loads' base and leaves the second loop. */
TEST(opt_constant_if_unroll_and_offsets)
{
   nir_builder b = cs_builder(4);
   REQUIRE(b.shader);
   nir_def *lid4 =
      nir_ishl_imm(&b, nir_channel(&b, nir_load_local_invocation_id(&b), 0), 2);
   nir_variable *sum = nir_local_variable_create(b.impl, glsl_uint_type(), "sum");
   nir_variable *j = nir_local_variable_create(b.impl, glsl_uint_type(), "j");
   nir_store_var(&b, sum, nir_imm_int(&b, 0), 1);
   nir_push_if(&b, nir_imm_true(&b));
   {
      nir_store_var(&b, j, nir_imm_int(&b, 0), 1);
      nir_loop *loop = nir_push_loop(&b);
      {
         nir_def *jv = nir_load_var(&b, j);
         nir_break_if(&b, nir_uge(&b, jv, nir_imm_int(&b, 3)));
         nir_def *off = nir_iadd_imm(&b, nir_iadd(&b, lid4, nir_ishl_imm(&b, jv, 2)), 16);
         nir_store_var(&b, sum, nir_iadd(&b, nir_load_var(&b, sum), nir_load_shared(&b, 1, 32, off)),
                       1);
      }
      nir_push_continue(&b, loop);
      nir_store_var(&b, j, nir_iadd_imm(&b, nir_load_var(&b, j), 1), 1);
      nir_pop_loop(&b, loop);
   }
   nir_pop_if(&b, NULL);
   /* A bound that is not a constant. */
   nir_def *n = nir_load_push_constant(&b, 1, 32, nir_imm_int(&b, 0), .range = 4);
   nir_store_var(&b, j, nir_imm_int(&b, 0), 1);
   nir_push_loop(&b);
   {
      nir_def *jv = nir_load_var(&b, j);
      nir_break_if(&b, nir_uge(&b, jv, n));
      nir_store_var(&b, sum, nir_iadd(&b, nir_load_var(&b, sum), jv), 1);
      nir_store_var(&b, j, nir_iadd_imm(&b, jv, 1), 1);
   }
   nir_pop_loop(&b, NULL);
   nir_store_shared(&b, nir_load_var(&b, sum), nir_iadd_imm(&b, lid4, 4), .write_mask = 1);
   NIR_PASS_V(b.shader, nir_lower_vars_to_ssa);
   nvk_compile_optimize(b.shader);
   NCT_CHECK_IR(b.shader,
      "shader: compute\n"
      "name: test\n"
      "workgroup_size: 4, 0, 0\n"
      "decl_function main (0 params) (entrypoint)\n"
      "\n"
      "impl main {\n"
      "   block b0:  // preds: none\n"
      "      %0 = 32x3 @load_local_invocation_id ()\n"
      "      %2 = 32x1 load_const (0x00000002)\n"
      "      %3 = 32x1 ishl %0.x, %2\n"
      "      %4 = 32x1 load_const (0x00000000)\n"
      "      %60 = 32x1 @load_shared (%3) (base=16, access=none, align_mul=4, align_offset=0)\n"
      "      %62 = 32x1 load_const (0x00000001)\n"
      "      %70 = 32x1 @load_shared (%3) (base=20, access=none, align_mul=4, align_offset=0)\n"
      "      %71 = 32x1 iadd %60, %70\n"
      "      %80 = 32x1 @load_shared (%3) (base=24, access=none, align_mul=4, align_offset=0)\n"
      "      %81 = 32x1 iadd %71, %80\n"
      "      %29 = 32x1 @load_push_constant (%4) (base=0, range=4)\n"
      "      // succs: b1\n"
      "   loop {\n"
      "      block b1:  // preds: b0 b4\n"
      "         %49 = 32x1 phi b0: %4, b4: %40\n"
      "         %46 = 32x1 phi b0: %81, b4: %37\n"
      "         %34 = 1x1 uge %49, %29\n"
      "         // succs: b2 b3\n"
      "      if %34 {\n"
      "         block b2:  // preds: b1\n"
      "            break\n"
      "            // succs: b5\n"
      "      } else {\n"
      "         block b3:  // preds: b1\n"
      "            // succs: b4\n"
      "      }\n"
      "      block b4:  // preds: b3\n"
      "         %37 = 32x1 iadd %46, %49\n"
      "         %40 = 32x1 iadd %49, %62\n"
      "         // succs: b1\n"
      "   }\n"
      "   block b5:  // preds: b2\n"
      "      @store_shared (%46, %3) (base=4, write_mask=0x1, access=none, align_mul=4, align_offset=0)\n"
      "      // succs: b6\n"
      "   block b6:  // end\n"
      "}\n");
   nir_shader_destroy(b.shader);
}

/* Fragment stage I/O: a noperspective centroid input at Location 2, a flat
 * int array at Location 3 indexed dynamically, a dual-source colour output
 * and FragDepth. */
TEST(lower_io_fragment)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_FRAGMENT, NULL, "test");
   REQUIRE(b.shader);
   nir_variable *in = nir_variable_create(b.shader, NIR_VAR_SHADER_IN,
                                          glsl_vector_type(GLSL_TYPE_FLOAT, 4), "v");
   in->data.location = 2;
   in->data.interpolation = GLSL_INTERP_MODE_NOPERSPECTIVE;
   in->data.centroid = true;
   nir_variable *arr = nir_variable_create(b.shader, NIR_VAR_SHADER_IN,
                                           glsl_array_type(glsl_int_type(), 3, 0), "a");
   arr->data.location = 3;
   arr->data.interpolation = GLSL_INTERP_MODE_FLAT;
   nir_variable *col = nir_variable_create(b.shader, NIR_VAR_SHADER_OUT,
                                           glsl_vector_type(GLSL_TYPE_FLOAT, 4), "c");
   col->data.location = 0;
   col->data.index = 1;
   nir_variable *depth = nir_variable_create(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(),
                                             "d");
   depth->data.builtin = NIR_BUILTIN_FRAG_DEPTH;
   nir_def *v = nir_load_var(&b, in);
   nir_def *i = nir_load_deref(&b, nir_build_deref_array(&b, nir_build_deref_var(&b, arr),
                                                         nir_channel(&b, nir_f2i32(&b, v), 0)));
   nir_store_var(&b, col, nir_fmul(&b, v, nir_i2f32(&b, i)), 0xf);
   nir_store_var(&b, depth, nir_channel(&b, v, 1), 1);
   bool unsupported = false;
   CHECK(nvk_nir_lower_io(b.shader, &unsupported));
   CHECK(!unsupported);
   NCT_CHECK_IR(b.shader,
      "shader: fragment\n"
      "name: test\n"
      "decl_function main (0 params) (entrypoint)\n"
      "\n"
      "impl main {\n"
      "   block b0:  // preds: none\n"
      "      %12 = 32x1 load_const (0x00000000)\n"
      "      %13 = 32x2 @load_barycentric_centroid () (interp_mode=noperspective)\n"
      "      %14 = 32x4 @load_interpolated_input (%13, %12) (base=10, component=0, io_semantics={location=2, num_slots=1}, dest_type=float32)\n"
      "      %2 = 32x4 f2i32 %14\n"
      "      %3 = 32x1 mov %2.x\n"
      "      %15 = 32x1 @load_input (%3) (base=11, component=0, io_semantics={location=3, num_slots=3}, dest_type=uint32)\n"
      "      %7 = 32x1 i2f32 %15\n"
      "      %8 = 32x4 fmul %14, %7.xxxx\n"
      "      %16 = 32x1 load_const (0x00000000)\n"
      "      @store_output (%8, %16) (base=8, write_mask=0xf, component=0, io_semantics={location=0, num_slots=1, dual_source}, src_type=float32)\n"
      "      %10 = 32x1 mov %14.y\n"
      "      %17 = 32x1 load_const (0x00000000)\n"
      "      @store_output (%10, %17) (base=0, write_mask=0x1, component=0, io_semantics={builtin=FragDepth, num_slots=1}, src_type=float32)\n"
      "      // succs: b1\n"
      "   block b1:  // end\n"
      "}\n");
   nir_shader_destroy(b.shader);
}
