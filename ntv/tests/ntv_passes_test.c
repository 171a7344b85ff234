/* SPDX-License-Identifier: MIT */
/* The GL fixup and transform-feedback passes: printed IR against golden
 * text, then ntv's output through spirv-val and its decorations checked. */
#include "ntv/passes/ntv_passes.h"

#include "nir/nir_builder.h"
#include "ntv_test_util.h"

/* Compares the printed shader with `golden`; NTV_TEST_DUMP=1 prints it. */
static bool
check_ir(nir_shader *s, const char *golden)
{
   char *report = NULL;
   const unsigned errors = nir_validate_shader_report(s, &report);
   if (errors) {
      test_fail(__FILE__, __LINE__, "invalid IR after the pass:\n%s", report ? report : "");
      free(report);
      return false;
   }
   free(report);
   char *text = nir_shader_to_string(s);
   if (!text) {
      test_fail(__FILE__, __LINE__, "cannot print");
      return false;
   }
   if (getenv("NTV_TEST_DUMP"))
      fprintf(stderr, "---- IR:\n%s", text);
   const bool ok = CHECK_STREQ(text, golden);
   free(text);
   return ok;
}

struct emitted {
   struct arena *arena;
   uint32_t *w;
   size_t n;
};

static bool
emit(nir_shader *s, struct emitted *e)
{
   e->arena = arena_create(NULL);
   if (!e->arena)
      return false;
   if (!ntv_test_emit_valid(s, NTV_TARGET_VULKAN_1_0, e->arena, &e->w, &e->n))
      return false;
   if (getenv("NTV_TEST_DUMP"))
      ntv_test_print_disassembly(e->w, e->n);
   return true;
}

/* ---- depth range ------------------------------------------------------------------ */

TEST(pass_depth_range_full_stores)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "dr");
   REQUIRE(b.shader);
   nir_variable *in =
      ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "in_pos", 0);
   nir_variable *pos = ntv_test_builtin(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(),
                                        "gl_Position", NIR_BUILTIN_POSITION);
   REQUIRE(in && pos);
   nir_store_var(&b, pos, nir_load_var(&b, in), 0xf);
   const char *error = "unset";
   CHECK(ntv_lower_depth_range(b.shader, &error));
   CHECK(error == NULL);
   check_ir(b.shader,
            "shader: vertex\n"
            "name: dr\n"
            "decl_var shader_in vec4 in_pos (location=0)\n"
            "decl_var shader_out vec4 gl_Position (builtin=Position)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x1 deref_var &in_pos (shader_in vec4)\n"
            "      %1 = 32x4 @load_deref (%0) (access=none)\n"
            "      %2 = 32x1 deref_var &gl_Position (shader_out vec4)\n"
            "      %3 = 32x1 mov %1.w\n"
            "      %4 = 32x1 mov %1.z\n"
            "      %5 = 32x1 fadd %4, %3\n"
            "      %6 = 32x1 load_const (0x3f000000) /* 0.5 */\n"
            "      %7 = 32x1 fmul %5, %6\n"
            "      %8 = 32x1 mov %1.x\n"
            "      %9 = 32x1 mov %1.y\n"
            "      %10 = 32x1 mov %1.w\n"
            "      %11 = 32x4 vec4 %8, %9, %7, %10\n"
            "      @store_deref (%2, %11) (write_mask=0xf, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   struct emitted e = {0};
   CHECK(emit(b.shader, &e));
   arena_destroy(e.arena);
   nir_shader_destroy(b.shader);
}

/* A partial store and a read-back: the shadow variable keeps what the
 * shader wrote. */
TEST(pass_depth_range_partial_store_and_load)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "dr2");
   REQUIRE(b.shader);
   nir_variable *in =
      ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "in_pos", 0);
   nir_variable *out =
      ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "echo", 0);
   nir_variable *pos = ntv_test_builtin(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(),
                                        "gl_Position", NIR_BUILTIN_POSITION);
   REQUIRE(in && out && pos);
   nir_store_var(&b, pos, nir_load_var(&b, in), 0xf);
   nir_store_var(&b, pos, nir_imm_vec4(&b, 0, 0, 0.25f, 0), 0x4);
   nir_store_var(&b, out, nir_load_var(&b, pos), 0xf);
   const char *error = "unset";
   CHECK(ntv_lower_depth_range(b.shader, &error));
   CHECK(error == NULL);
   check_ir(b.shader,
            "shader: vertex\n"
            "name: dr2\n"
            "decl_var shader_in vec4 in_pos (location=0)\n"
            "decl_var shader_out vec4 echo (location=0)\n"
            "decl_var shader_out vec4 gl_Position (builtin=Position)\n"
            "decl_var shader_temp vec4 kiln_position\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x1 deref_var &in_pos (shader_in vec4)\n"
            "      %1 = 32x4 @load_deref (%0) (access=none)\n"
            "      %8 = 32x1 deref_var &kiln_position (shader_temp vec4)\n"
            "      @store_deref (%8, %1) (write_mask=0xf, access=none)\n"
            "      %9 = 32x1 deref_var &kiln_position (shader_temp vec4)\n"
            "      %10 = 32x4 @load_deref (%9) (access=none)\n"
            "      %11 = 32x1 mov %10.w\n"
            "      %12 = 32x1 mov %10.z\n"
            "      %13 = 32x1 fadd %12, %11\n"
            "      %14 = 32x1 load_const (0x3f000000) /* 0.5 */\n"
            "      %15 = 32x1 fmul %13, %14\n"
            "      %16 = 32x1 mov %10.x\n"
            "      %17 = 32x1 mov %10.y\n"
            "      %18 = 32x1 mov %10.w\n"
            "      %19 = 32x4 vec4 %16, %17, %15, %18\n"
            "      %20 = 32x1 deref_var &gl_Position (shader_out vec4)\n"
            "      @store_deref (%20, %19) (write_mask=0xf, access=none)\n"
            "      %3 = 32x4 load_const (0x00000000, 0x00000000, 0x3e800000, 0x00000000)\n"
            "      %21 = 32x1 deref_var &kiln_position (shader_temp vec4)\n"
            "      @store_deref (%21, %3) (write_mask=0x4, access=none)\n"
            "      %22 = 32x1 deref_var &kiln_position (shader_temp vec4)\n"
            "      %23 = 32x4 @load_deref (%22) (access=none)\n"
            "      %24 = 32x1 mov %23.w\n"
            "      %25 = 32x1 mov %23.z\n"
            "      %26 = 32x1 fadd %25, %24\n"
            "      %27 = 32x1 load_const (0x3f000000) /* 0.5 */\n"
            "      %28 = 32x1 fmul %26, %27\n"
            "      %29 = 32x1 mov %23.x\n"
            "      %30 = 32x1 mov %23.y\n"
            "      %31 = 32x1 mov %23.w\n"
            "      %32 = 32x4 vec4 %29, %30, %28, %31\n"
            "      %33 = 32x1 deref_var &gl_Position (shader_out vec4)\n"
            "      @store_deref (%33, %32) (write_mask=0xf, access=none)\n"
            "      %34 = 32x1 deref_var &kiln_position (shader_temp vec4)\n"
            "      %6 = 32x4 @load_deref (%34) (access=none)\n"
            "      %7 = 32x1 deref_var &echo (shader_out vec4)\n"
            "      @store_deref (%7, %6) (write_mask=0xf, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   struct emitted e = {0};
   CHECK(emit(b.shader, &e));
   arena_destroy(e.arena);
   nir_shader_destroy(b.shader);
}

/* gl_Position in gl_PerVertex, captured by transform feedback: the capture
 * moves to an output copy of the untransformed position. */
TEST(pass_depth_range_keeps_xfb_untransformed)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "dr3");
   REQUIRE(b.shader);
   struct glsl_struct_field f[2] = {
      glsl_struct_field_init(glsl_vec4_type(), "gl_Position"),
      glsl_struct_field_init(glsl_float_type(), "gl_PointSize"),
   };
   f[0].builtin = NIR_BUILTIN_POSITION;
   f[0].xfb_offset_B = 16;
   f[1].builtin = NIR_BUILTIN_POINT_SIZE;
   nir_variable *in =
      ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "in_pos", 0);
   nir_variable *other =
      ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "color", 0);
   nir_variable *pv = nir_variable_create(b.shader, NIR_VAR_SHADER_OUT,
                                          glsl_struct_type(f, 2, "gl_PerVertex", GLSL_BLOCK),
                                          "");
   REQUIRE(in && other && pv);
   pv->data.xfb_buffer = 0;
   pv->data.xfb_stride_B = 32;
   pv->data.explicit_xfb_buffer = pv->data.explicit_xfb_stride = true;
   b.shader->info.xfb.enabled = true;
   nir_def *p = nir_load_var(&b, in);
   nir_store_deref(&b, nir_build_deref_struct(&b, nir_build_deref_var(&b, pv), 0), p, 0xf);
   nir_store_var(&b, other, p, 0xf);
   const char *error = "unset";
   CHECK(ntv_lower_depth_range(b.shader, &error));
   CHECK(error == NULL);
   check_ir(b.shader,
            "shader: vertex\n"
            "name: dr3\n"
            "outputs_written: 0x2\n"
            "xfb: buffers_written=0x0 strides=0,0,0,0\n"
            "decl_type struct gl_PerVertex (Block) {\n"
            "   vec4 gl_Position (builtin=Position)\n"
            "   float gl_PointSize (builtin=PointSize)\n"
            "}\n"
            "decl_var shader_in vec4 in_pos (location=0)\n"
            "decl_var shader_out vec4 color (location=0)\n"
            "decl_var shader_out struct gl_PerVertex \n"
            "decl_var shader_out vec4 kiln_xfb_position (location=1, xfb_buffer=0, xfb_offset=16, xfb_stride=32)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x1 deref_var &in_pos (shader_in vec4)\n"
            "      %1 = 32x4 @load_deref (%0) (access=none)\n"
            "      %5 = 32x1 deref_var &kiln_xfb_position (shader_out vec4)\n"
            "      @store_deref (%5, %1) (write_mask=0xf, access=none)\n"
            "      %6 = 32x1 deref_var &kiln_xfb_position (shader_out vec4)\n"
            "      %7 = 32x4 @load_deref (%6) (access=none)\n"
            "      %8 = 32x1 mov %7.w\n"
            "      %9 = 32x1 mov %7.z\n"
            "      %10 = 32x1 fadd %9, %8\n"
            "      %11 = 32x1 load_const (0x3f000000) /* 0.5 */\n"
            "      %12 = 32x1 fmul %10, %11\n"
            "      %13 = 32x1 mov %7.x\n"
            "      %14 = 32x1 mov %7.y\n"
            "      %15 = 32x1 mov %7.w\n"
            "      %16 = 32x4 vec4 %13, %14, %12, %15\n"
            "      %17 = 32x1 deref_var & (shader_out struct gl_PerVertex)\n"
            "      %18 = 32x1 deref_struct &%17->gl_Position (shader_out vec4)\n"
            "      @store_deref (%18, %16) (write_mask=0xf, access=none)\n"
            "      %4 = 32x1 deref_var &color (shader_out vec4)\n"
            "      @store_deref (%4, %1) (write_mask=0xf, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   struct emitted e = {0};
   if (emit(b.shader, &e)) {
      const SpvId copy = ntv_test_named(e.w, e.n, "kiln_xfb_position");
      CHECK(copy != 0);
      CHECK(ntv_test_has_decoration(e.w, e.n, copy, SpvDecorationLocation, 1));
      CHECK(ntv_test_has_decoration(e.w, e.n, copy, SpvDecorationOffset, 16));
      CHECK(ntv_test_has_decoration(e.w, e.n, copy, SpvDecorationXfbBuffer, 0));
      CHECK(ntv_test_has_decoration(e.w, e.n, copy, SpvDecorationXfbStride, 32));
      CHECK_EQ(ntv_test_count_ops(e.w, e.n, SpvOpMemberDecorate), 2); /* the BuiltIns */
   }
   arena_destroy(e.arena);
   nir_shader_destroy(b.shader);
}

/* ---- y-flip ------------------------------------------------------------------------ */

TEST(pass_yflip_frag_coord_point_coord)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_FRAGMENT, NULL, "yflip");
   REQUIRE(b.shader);
   b.shader->info.fs.origin_upper_left = false;
   b.shader->info.fs.pixel_center_integer = true;
   nir_variable *out =
      ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "color", 0);
   nir_variable *pc = nir_variable_create(b.shader, NIR_VAR_SHADER_IN,
                                          glsl_vector_type(GLSL_TYPE_FLOAT, 2),
                                          "gl_PointCoord");
   REQUIRE(out && pc);
   pc->data.builtin = NIR_BUILTIN_POINT_COORD;
   nir_def *fc = nir_load_frag_coord(&b);
   nir_def *py = nir_load_deref(&b, nir_build_deref_array_imm(&b, nir_build_deref_var(&b, pc), 1));
   nir_store_var(&b, out, nir_vec4(&b, nir_channel(&b, fc, 0), nir_channel(&b, fc, 1), py,
                                   nir_channel(&b, fc, 3)),
                 0xf);
   CHECK(ntv_lower_yflip(b.shader, &(struct ntv_gl_state_location){0}));
   CHECK(b.shader->info.fs.origin_upper_left);
   CHECK(!b.shader->info.fs.pixel_center_integer);
   check_ir(b.shader,
            "shader: fragment\n"
            "name: yflip\n"
            "fs: origin_upper_left\n"
            "decl_type struct KilnGLState (Block) {\n"
            "   vec4 frag_coord_y (offset=0)\n"
            "   vec2 point_coord_y (offset=16)\n"
            "   vec4[8](stride=16) clip_plane (offset=32)\n"
            "}\n"
            "decl_var shader_out vec4 color (location=0)\n"
            "decl_var shader_in vec2 gl_PointCoord (builtin=PointCoord)\n"
            "decl_var push_const struct KilnGLState kiln_gl_state\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x4 @load_frag_coord ()\n"
            "      %10 = 32x1 mov %0.x\n"
            "      %11 = 32x1 load_const (0xbf000000) /* -0.5 */\n"
            "      %12 = 32x1 fadd %10, %11\n"
            "      %13 = 32x1 mov %0.y\n"
            "      %14 = 32x1 deref_var &kiln_gl_state (push_const struct KilnGLState)\n"
            "      %15 = 32x1 deref_struct &%14->frag_coord_y (push_const vec4)\n"
            "      %16 = 32x4 @load_deref (%15) (access=none)\n"
            "      %17 = 32x1 mov %16.y\n"
            "      %18 = 32x1 mov %16.x\n"
            "      %19 = 32x1 ffma %13, %18, %17\n"
            "      %20 = 32x1 load_const (0xbf000000) /* -0.5 */\n"
            "      %21 = 32x1 fadd %19, %20\n"
            "      %22 = 32x1 mov %0.z\n"
            "      %23 = 32x1 mov %0.w\n"
            "      %24 = 32x4 vec4 %12, %21, %22, %23\n"
            "      %1 = 32x1 deref_var &gl_PointCoord (shader_in vec2)\n"
            "      %2 = 32x1 load_const (0x00000001)\n"
            "      %3 = 32x1 deref_array &%1[%2] (shader_in float)\n"
            "      %4 = 32x1 @load_deref (%3) (access=none)\n"
            "      %25 = 32x1 deref_var &kiln_gl_state (push_const struct KilnGLState)\n"
            "      %26 = 32x1 deref_struct &%25->point_coord_y (push_const vec2)\n"
            "      %27 = 32x2 @load_deref (%26) (access=none)\n"
            "      %28 = 32x1 mov %27.y\n"
            "      %29 = 32x1 mov %27.x\n"
            "      %30 = 32x1 ffma %4, %29, %28\n"
            "      %5 = 32x1 mov %24.w\n"
            "      %6 = 32x1 mov %24.y\n"
            "      %7 = 32x1 mov %24.x\n"
            "      %8 = 32x4 vec4 %7, %6, %30, %5\n"
            "      %9 = 32x1 deref_var &color (shader_out vec4)\n"
            "      @store_deref (%9, %8) (write_mask=0xf, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   struct emitted e = {0};
   if (emit(b.shader, &e)) {
      const SpvId st = ntv_test_named(e.w, e.n, "kiln_gl_state");
      CHECK(st != 0);
   }
   arena_destroy(e.arena);
   nir_shader_destroy(b.shader);
}

/* ---- flat shading ---------------------------------------------------------------- */

TEST(pass_flatshade_colours_only)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_FRAGMENT, NULL, "flat");
   REQUIRE(b.shader);
   b.shader->info.fs.origin_upper_left = true;
   nir_variable *c0 =
      ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "col0", 0);
   nir_variable *c1 =
      ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "col1", 1);
   nir_variable *tc =
      ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "texcoord", 2);
   nir_variable *out =
      ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "color", 0);
   REQUIRE(c0 && c1 && tc && out);
   c1->data.interpolation = GLSL_INTERP_MODE_NOPERSPECTIVE; /* explicit: kept */
   nir_store_var(&b, out,
                 nir_fadd(&b, nir_fadd(&b, nir_load_var(&b, c0), nir_load_var(&b, c1)),
                          nir_load_var(&b, tc)),
                 0xf);
   CHECK(ntv_lower_flatshade(b.shader, 0x3));
   CHECK_EQ(c0->data.interpolation, GLSL_INTERP_MODE_FLAT);
   CHECK_EQ(c1->data.interpolation, GLSL_INTERP_MODE_NOPERSPECTIVE);
   CHECK_EQ(tc->data.interpolation, GLSL_INTERP_MODE_NONE);
   CHECK(!ntv_lower_flatshade(b.shader, 0x3)); /* nothing left to do */
   check_ir(b.shader,
            "shader: fragment\n"
            "name: flat\n"
            "fs: origin_upper_left\n"
            "decl_var shader_in vec4 col0 (location=0, flat)\n"
            "decl_var shader_in vec4 col1 (location=1, noperspective)\n"
            "decl_var shader_in vec4 texcoord (location=2)\n"
            "decl_var shader_out vec4 color (location=0)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x1 deref_var &texcoord (shader_in vec4)\n"
            "      %1 = 32x4 @load_deref (%0) (access=none)\n"
            "      %2 = 32x1 deref_var &col1 (shader_in vec4)\n"
            "      %3 = 32x4 @load_deref (%2) (access=none)\n"
            "      %4 = 32x1 deref_var &col0 (shader_in vec4)\n"
            "      %5 = 32x4 @load_deref (%4) (access=none)\n"
            "      %6 = 32x4 fadd %5, %3\n"
            "      %7 = 32x4 fadd %6, %1\n"
            "      %8 = 32x1 deref_var &color (shader_out vec4)\n"
            "      @store_deref (%8, %7) (write_mask=0xf, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   struct emitted e = {0};
   if (emit(b.shader, &e)) {
      CHECK(ntv_test_has_decoration(e.w, e.n, ntv_test_named(e.w, e.n, "col0"),
                                    SpvDecorationFlat, -1));
      CHECK(!ntv_test_has_decoration(e.w, e.n, ntv_test_named(e.w, e.n, "texcoord"),
                                     SpvDecorationFlat, -1));
   }
   arena_destroy(e.arena);
   nir_shader_destroy(b.shader);
}

/* ---- clip vertex ------------------------------------------------------------------ */

TEST(pass_clip_vertex_to_distances)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "clipvertex");
   REQUIRE(b.shader);
   nir_variable *in =
      ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "in_pos", 0);
   nir_variable *pos = ntv_test_builtin(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(),
                                        "gl_Position", NIR_BUILTIN_POSITION);
   nir_variable *cv =
      ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "gl_ClipVertex", -1);
   REQUIRE(in && pos && cv);
   nir_def *p = nir_load_var(&b, in);
   nir_store_var(&b, pos, p, 0xf);
   nir_store_var(&b, cv, nir_fmul_imm(&b, p, 2.0), 0xf);
   const char *error = "unset";
   CHECK(ntv_lower_clip_vertex(b.shader, &(struct ntv_gl_state_location){true, 0, 7}, 0x5,
                               true, &error));
   CHECK(error == NULL);
   CHECK_EQ(b.shader->info.clip_distance_array_size, 2);
   check_ir(b.shader,
            "shader: vertex\n"
            "name: clipvertex\n"
            "clip_distance_array_size: 2\n"
            "decl_type struct KilnGLState (Block) {\n"
            "   vec4 frag_coord_y (offset=0)\n"
            "   vec2 point_coord_y (offset=16)\n"
            "   vec4[8](stride=16) clip_plane (offset=32)\n"
            "}\n"
            "decl_var shader_in vec4 in_pos (location=0)\n"
            "decl_var shader_out vec4 gl_Position (builtin=Position)\n"
            "decl_var shader_temp vec4 gl_ClipVertex\n"
            "decl_var ubo struct KilnGLState kiln_gl_state (set=0, binding=7)\n"
            "decl_var shader_out float[2] gl_ClipDistance (builtin=ClipDistance)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x1 deref_var &in_pos (shader_in vec4)\n"
            "      %1 = 32x4 @load_deref (%0) (access=none)\n"
            "      %2 = 32x1 deref_var &gl_Position (shader_out vec4)\n"
            "      @store_deref (%2, %1) (write_mask=0xf, access=none)\n"
            "      %3 = 32x1 load_const (0x40000000) /* 2 */\n"
            "      %4 = 32x4 fmul %1, %3.xxxx\n"
            "      %5 = 32x1 deref_var &gl_ClipVertex (shader_temp vec4)\n"
            "      @store_deref (%5, %4) (write_mask=0xf, access=none)\n"
            "      %6 = 32x1 deref_var &gl_ClipVertex (shader_temp vec4)\n"
            "      %7 = 32x4 @load_deref (%6) (access=none)\n"
            "      %8 = 32x1 deref_var &kiln_gl_state (ubo struct KilnGLState)\n"
            "      %9 = 32x1 deref_struct &%8->clip_plane (ubo vec4[8](stride=16))\n"
            "      %10 = 32x1 load_const (0x00000000)\n"
            "      %11 = 32x1 deref_array &%9[%10] (ubo vec4)\n"
            "      %12 = 32x4 @load_deref (%11) (access=none)\n"
            "      %13 = 32x1 load_const (0x00000000)\n"
            "      %14 = 32x1 deref_var &gl_ClipDistance (shader_out float[2])\n"
            "      %15 = 32x1 deref_array &%14[%13] (shader_out float)\n"
            "      %16 = 32x1 fdot4 %7, %12\n"
            "      @store_deref (%15, %16) (write_mask=0x1, access=none)\n"
            "      %17 = 32x1 deref_var &kiln_gl_state (ubo struct KilnGLState)\n"
            "      %18 = 32x1 deref_struct &%17->clip_plane (ubo vec4[8](stride=16))\n"
            "      %19 = 32x1 load_const (0x00000002)\n"
            "      %20 = 32x1 deref_array &%18[%19] (ubo vec4)\n"
            "      %21 = 32x4 @load_deref (%20) (access=none)\n"
            "      %22 = 32x1 load_const (0x00000001)\n"
            "      %23 = 32x1 deref_var &gl_ClipDistance (shader_out float[2])\n"
            "      %24 = 32x1 deref_array &%23[%22] (shader_out float)\n"
            "      %25 = 32x1 fdot4 %7, %21\n"
            "      @store_deref (%24, %25) (write_mask=0x1, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   struct emitted e = {0};
   if (emit(b.shader, &e)) {
      const SpvId st = ntv_test_named(e.w, e.n, "kiln_gl_state");
      CHECK(ntv_test_has_decoration(e.w, e.n, st, SpvDecorationBinding, 7));
      const SpvId cd = ntv_test_named(e.w, e.n, "gl_ClipDistance");
      CHECK(ntv_test_has_decoration(e.w, e.n, cd, SpvDecorationBuiltIn,
                                    SpvBuiltInClipDistance));
   }
   arena_destroy(e.arena);
   nir_shader_destroy(b.shader);
}

/* ---- transform feedback ------------------------------------------------------------ */

/* Capturing v.yz of a vec4 splits v into v_x, v_yz, v_w at Location 1. */
TEST(pass_xfb_partial_vector)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "xfbpart");
   REQUIRE(b.shader);
   nir_variable *in =
      ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "in_pos", 0);
   nir_variable *pos = ntv_test_builtin(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(),
                                        "gl_Position", NIR_BUILTIN_POSITION);
   nir_variable *v = ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "v", 1);
   REQUIRE(in && pos && v);
   nir_def *p = nir_load_var(&b, in);
   nir_store_var(&b, pos, p, 0xf);
   nir_store_var(&b, v, nir_fmul_imm(&b, p, 3.0), 0xf);
   nir_store_var(&b, v, nir_imm_vec4(&b, 0, 0, 0, 1), 0x8);
   const struct ntv_xfb_output outs[] = {
      {.location = 1, .builtin = NIR_BUILTIN_NONE, .component = 1, .num_components = 2,
       .buffer = 0, .offset_B = 8},
      {.location = -1, .builtin = NIR_BUILTIN_POSITION, .component = 0, .num_components = 4,
       .buffer = 1, .offset_B = 0},
   };
   const struct ntv_xfb_info xfb = {2, outs, {16, 16}};
   const char *error = "unset";
   CHECK(ntv_split_xfb_outputs(b.shader, &xfb, &error));
   if (!CHECK(error == NULL))
      fprintf(stderr, "error: %s\n", error);
   check_ir(b.shader,
            "shader: vertex\n"
            "name: xfbpart\n"
            "xfb: buffers_written=0x3 strides=16,16,0,0\n"
            "decl_var shader_in vec4 in_pos (location=0)\n"
            "decl_var shader_out vec4 gl_Position (builtin=Position, xfb_buffer=1, xfb_offset=0, xfb_stride=16)\n"
            "decl_var shader_out float v_x (location=1, component=0)\n"
            "decl_var shader_out vec2 v_yz (location=1, component=1, xfb_buffer=0, xfb_offset=8, xfb_stride=16)\n"
            "decl_var shader_out float v_w (location=1, component=3)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x1 deref_var &in_pos (shader_in vec4)\n"
            "      %1 = 32x4 @load_deref (%0) (access=none)\n"
            "      %2 = 32x1 deref_var &gl_Position (shader_out vec4)\n"
            "      @store_deref (%2, %1) (write_mask=0xf, access=none)\n"
            "      %3 = 32x1 load_const (0x40400000) /* 3 */\n"
            "      %4 = 32x4 fmul %1, %3.xxxx\n"
            "      %8 = 32x1 mov %4.x\n"
            "      %9 = 32x1 deref_var &v_x (shader_out float)\n"
            "      @store_deref (%9, %8) (write_mask=0x1, access=none)\n"
            "      %10 = 32x2 mov %4.yz\n"
            "      %11 = 32x1 deref_var &v_yz (shader_out vec2)\n"
            "      @store_deref (%11, %10) (write_mask=0x3, access=none)\n"
            "      %12 = 32x1 mov %4.w\n"
            "      %13 = 32x1 deref_var &v_w (shader_out float)\n"
            "      @store_deref (%13, %12) (write_mask=0x1, access=none)\n"
            "      %6 = 32x4 load_const (0x00000000, 0x00000000, 0x00000000, 0x3f800000)\n"
            "      %14 = 32x1 mov %6.w\n"
            "      %15 = 32x1 deref_var &v_w (shader_out float)\n"
            "      @store_deref (%15, %14) (write_mask=0x1, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   struct emitted e = {0};
   if (emit(b.shader, &e)) {
      const SpvId yz = ntv_test_named(e.w, e.n, "v_yz");
      CHECK(ntv_test_has_decoration(e.w, e.n, yz, SpvDecorationLocation, 1));
      CHECK(ntv_test_has_decoration(e.w, e.n, yz, SpvDecorationComponent, 1));
      CHECK(ntv_test_has_decoration(e.w, e.n, yz, SpvDecorationOffset, 8));
      CHECK(ntv_test_has_decoration(e.w, e.n, yz, SpvDecorationXfbBuffer, 0));
      CHECK(ntv_test_has_decoration(e.w, e.n, yz, SpvDecorationXfbStride, 16));
      const SpvId x = ntv_test_named(e.w, e.n, "v_x"), w = ntv_test_named(e.w, e.n, "v_w");
      CHECK(ntv_test_has_decoration(e.w, e.n, x, SpvDecorationComponent, 0));
      CHECK(ntv_test_has_decoration(e.w, e.n, w, SpvDecorationComponent, 3));
      CHECK(!ntv_test_has_decoration(e.w, e.n, x, SpvDecorationOffset, -1));
      const SpvId gp = ntv_test_named(e.w, e.n, "gl_Position");
      CHECK(ntv_test_has_decoration(e.w, e.n, gp, SpvDecorationOffset, 0));
      CHECK(ntv_test_has_decoration(e.w, e.n, gp, SpvDecorationXfbBuffer, 1));
      CHECK_EQ(ntv_test_count_ops(e.w, e.n, SpvOpExecutionMode), 1);
   }
   arena_destroy(e.arena);
   nir_shader_destroy(b.shader);
}

/* Built-ins are not split: a partial capture is copied after each store;
 * a whole one sits on the gl_PerVertex member; a second buffer for the
 * same block goes to a copy too. */
TEST(pass_xfb_builtins)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "xfbbuiltin");
   REQUIRE(b.shader);
   struct glsl_struct_field f[3] = {
      glsl_struct_field_init(glsl_vec4_type(), "gl_Position"),
      glsl_struct_field_init(glsl_float_type(), "gl_PointSize"),
      glsl_struct_field_init(glsl_array_type(glsl_float_type(), 2, 0), "gl_ClipDistance"),
   };
   f[0].builtin = NIR_BUILTIN_POSITION;
   f[1].builtin = NIR_BUILTIN_POINT_SIZE;
   f[2].builtin = NIR_BUILTIN_CLIP_DISTANCE;
   nir_variable *in =
      ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "in_pos", 0);
   nir_variable *pv = nir_variable_create(
      b.shader, NIR_VAR_SHADER_OUT, glsl_struct_type(f, 3, "gl_PerVertex", GLSL_BLOCK), "pv");
   REQUIRE(in && pv);
   nir_def *p = nir_load_var(&b, in);
   nir_deref_instr *dv = nir_build_deref_var(&b, pv);
   nir_store_deref(&b, nir_build_deref_struct(&b, dv, 0), p, 0xf);
   nir_store_deref(&b, nir_build_deref_struct(&b, dv, 1), nir_imm_float(&b, 1.5f), 1);
   nir_deref_instr *cd = nir_build_deref_struct(&b, dv, 2);
   nir_store_deref(&b, nir_build_deref_array_imm(&b, cd, 0), nir_channel(&b, p, 0), 1);
   nir_store_deref(&b, nir_build_deref_array_imm(&b, cd, 1), nir_channel(&b, p, 1), 1);
   const struct ntv_xfb_output outs[] = {
      {.location = -1, .builtin = NIR_BUILTIN_POSITION, .num_components = 4, .buffer = 0},
      {.location = -1, .builtin = NIR_BUILTIN_POSITION, .component = 1, .num_components = 2,
       .buffer = 1, .offset_B = 4},
      {.location = -1, .builtin = NIR_BUILTIN_POINT_SIZE, .num_components = 1, .buffer = 2},
      {.location = -1, .builtin = NIR_BUILTIN_CLIP_DISTANCE, .component = 1,
       .num_components = 1, .buffer = 0, .offset_B = 16},
   };
   const struct ntv_xfb_info xfb = {4, outs, {20, 12, 4, 0}};
   const char *error = "unset";
   CHECK(ntv_split_xfb_outputs(b.shader, &xfb, &error));
   if (!CHECK(error == NULL))
      fprintf(stderr, "error: %s\n", error);
   check_ir(b.shader,
            "shader: vertex\n"
            "name: xfbbuiltin\n"
            "outputs_written: 0x7\n"
            "xfb: buffers_written=0x7 strides=20,12,4,0\n"
            "decl_type struct gl_PerVertex (Block) {\n"
            "   vec4 gl_Position (builtin=Position, xfb_offset=0)\n"
            "   float gl_PointSize (builtin=PointSize)\n"
            "   float[2] gl_ClipDistance (builtin=ClipDistance)\n"
            "}\n"
            "decl_var shader_in vec4 in_pos (location=0)\n"
            "decl_var shader_out struct gl_PerVertex pv (xfb_buffer=0, xfb_stride=20)\n"
            "decl_var shader_out vec2 kiln_xfb_Position_1 (location=0, xfb_buffer=1, xfb_offset=4, xfb_stride=12)\n"
            "decl_var shader_out float kiln_xfb_PointSize_0 (location=1, xfb_buffer=2, xfb_offset=0, xfb_stride=4)\n"
            "decl_var shader_out float kiln_xfb_ClipDistance_1 (location=2, xfb_buffer=0, xfb_offset=16, xfb_stride=20)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x1 deref_var &in_pos (shader_in vec4)\n"
            "      %1 = 32x4 @load_deref (%0) (access=none)\n"
            "      %2 = 32x1 deref_var &pv (shader_out struct gl_PerVertex)\n"
            "      %3 = 32x1 deref_struct &%2->gl_Position (shader_out vec4)\n"
            "      @store_deref (%3, %1) (write_mask=0xf, access=none)\n"
            "      %13 = 32x1 deref_var &pv (shader_out struct gl_PerVertex)\n"
            "      %14 = 32x1 deref_struct &%13->gl_Position (shader_out vec4)\n"
            "      %15 = 32x4 @load_deref (%14) (access=none)\n"
            "      %16 = 32x2 mov %15.yz\n"
            "      %17 = 32x1 deref_var &kiln_xfb_Position_1 (shader_out vec2)\n"
            "      @store_deref (%17, %16) (write_mask=0x3, access=none)\n"
            "      %4 = 32x1 load_const (0x3fc00000) /* 1.5 */\n"
            "      %5 = 32x1 deref_struct &%2->gl_PointSize (shader_out float)\n"
            "      @store_deref (%5, %4) (write_mask=0x1, access=none)\n"
            "      %18 = 32x1 deref_var &pv (shader_out struct gl_PerVertex)\n"
            "      %19 = 32x1 deref_struct &%18->gl_PointSize (shader_out float)\n"
            "      %20 = 32x1 @load_deref (%19) (access=none)\n"
            "      %21 = 32x1 deref_var &kiln_xfb_PointSize_0 (shader_out float)\n"
            "      @store_deref (%21, %20) (write_mask=0x1, access=none)\n"
            "      %6 = 32x1 deref_struct &%2->gl_ClipDistance (shader_out float[2])\n"
            "      %7 = 32x1 mov %1.x\n"
            "      %8 = 32x1 load_const (0x00000000)\n"
            "      %9 = 32x1 deref_array &%6[%8] (shader_out float)\n"
            "      @store_deref (%9, %7) (write_mask=0x1, access=none)\n"
            "      %10 = 32x1 mov %1.y\n"
            "      %11 = 32x1 load_const (0x00000001)\n"
            "      %12 = 32x1 deref_array &%6[%11] (shader_out float)\n"
            "      @store_deref (%12, %10) (write_mask=0x1, access=none)\n"
            "      %22 = 32x1 load_const (0x00000001)\n"
            "      %23 = 32x1 deref_var &pv (shader_out struct gl_PerVertex)\n"
            "      %24 = 32x1 deref_struct &%23->gl_ClipDistance (shader_out float[2])\n"
            "      %25 = 32x1 deref_array &%24[%22] (shader_out float)\n"
            "      %26 = 32x1 @load_deref (%25) (access=none)\n"
            "      %27 = 32x1 deref_var &kiln_xfb_ClipDistance_1 (shader_out float)\n"
            "      @store_deref (%27, %26) (write_mask=0x1, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   struct emitted e = {0};
   if (emit(b.shader, &e)) {
      const SpvId pvid = ntv_test_named(e.w, e.n, "pv");
      CHECK(ntv_test_has_decoration(e.w, e.n, pvid, SpvDecorationXfbBuffer, 0));
      CHECK(ntv_test_has_decoration(e.w, e.n, pvid, SpvDecorationXfbStride, 20));
      const SpvId yz = ntv_test_named(e.w, e.n, "kiln_xfb_Position_1");
      CHECK(ntv_test_has_decoration(e.w, e.n, yz, SpvDecorationXfbBuffer, 1));
      CHECK(ntv_test_has_decoration(e.w, e.n, yz, SpvDecorationOffset, 4));
      const SpvId ps = ntv_test_named(e.w, e.n, "kiln_xfb_PointSize_0");
      CHECK(ntv_test_has_decoration(e.w, e.n, ps, SpvDecorationXfbBuffer, 2));
      const SpvId c1 = ntv_test_named(e.w, e.n, "kiln_xfb_ClipDistance_1");
      CHECK(ntv_test_has_decoration(e.w, e.n, c1, SpvDecorationOffset, 16));
      /* Three copies, three distinct locations. */
      CHECK(ntv_test_has_decoration(e.w, e.n, yz, SpvDecorationLocation, 0));
      CHECK(ntv_test_has_decoration(e.w, e.n, ps, SpvDecorationLocation, 1));
      CHECK(ntv_test_has_decoration(e.w, e.n, c1, SpvDecorationLocation, 2));
   }
   arena_destroy(e.arena);
   nir_shader_destroy(b.shader);
}

/* Arrays: one captured whole keeps its shape; one captured in part is
 * split per element, then the element in part per component. Packed
 * outputs sharing a Location are each decorated for their part of the
 * capture. */
TEST(pass_xfb_arrays_and_packing)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "xfbarrays");
   REQUIRE(b.shader);
   nir_variable *in =
      ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "in_pos", 0);
   nir_variable *whole = ntv_test_var(
      b.shader, NIR_VAR_SHADER_OUT,
      glsl_array_type(glsl_vector_type(GLSL_TYPE_FLOAT, 3), 2, 0), "whole", 0);
   nir_variable *part = ntv_test_var(
      b.shader, NIR_VAR_SHADER_OUT,
      glsl_array_type(glsl_vector_type(GLSL_TYPE_FLOAT, 2), 2, 0), "part", 2);
   nir_variable *a =
      ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "a", 4);
   nir_variable *bc = ntv_test_var(b.shader, NIR_VAR_SHADER_OUT,
                                   glsl_vector_type(GLSL_TYPE_FLOAT, 3), "bc", 4);
   REQUIRE(in && whole && part && a && bc);
   bc->data.component = 1;
   bc->data.explicit_component = true;
   nir_def *p = nir_load_var(&b, in);
   nir_deref_instr *dw = nir_build_deref_var(&b, whole);
   nir_store_deref(&b, nir_build_deref_array_imm(&b, dw, 0), nir_trim_vector(&b, p, 3), 0x7);
   nir_store_deref(&b, nir_build_deref_array_imm(&b, dw, 1), nir_trim_vector(&b, p, 3), 0x7);
   nir_deref_instr *dp = nir_build_deref_var(&b, part);
   nir_store_deref(&b, nir_build_deref_array_imm(&b, dp, 0), nir_trim_vector(&b, p, 2), 0x3);
   nir_store_deref(&b, nir_build_deref_array_imm(&b, dp, 1), nir_trim_vector(&b, p, 2), 0x3);
   nir_store_var(&b, a, nir_channel(&b, p, 3), 1);
   nir_store_var(&b, bc, nir_trim_vector(&b, p, 3), 0x7);
   const struct ntv_xfb_output outs[] = {
      {.location = 0, .num_components = 3, .buffer = 0, .offset_B = 0},
      {.location = 1, .num_components = 3, .buffer = 0, .offset_B = 12},
      {.location = 3, .component = 1, .num_components = 1, .buffer = 1, .offset_B = 0},
      {.location = 4, .component = 0, .num_components = 3, .buffer = 1, .offset_B = 4},
   };
   const struct ntv_xfb_info xfb = {4, outs, {24, 16, 0, 0}};
   const char *error = "unset";
   CHECK(ntv_split_xfb_outputs(b.shader, &xfb, &error));
   if (!CHECK(error == NULL))
      fprintf(stderr, "error: %s\n", error);
   check_ir(b.shader,
            "shader: vertex\n"
            "name: xfbarrays\n"
            "xfb: buffers_written=0x3 strides=24,16,0,0\n"
            "decl_var shader_in vec4 in_pos (location=0)\n"
            "decl_var shader_out vec3[2] whole (location=0, xfb_buffer=0, xfb_offset=0, xfb_stride=24)\n"
            "decl_var shader_out vec2 part_0 (location=2)\n"
            "decl_var shader_out float part_1_x (location=3, component=0)\n"
            "decl_var shader_out float part_1_y (location=3, component=1, xfb_buffer=1, xfb_offset=0, xfb_stride=16)\n"
            "decl_var shader_out float a (location=4, xfb_buffer=1, xfb_offset=4, xfb_stride=16)\n"
            "decl_var shader_out vec2 bc_xy (location=4, component=1, xfb_buffer=1, xfb_offset=8, xfb_stride=16)\n"
            "decl_var shader_out float bc_z (location=4, component=3)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x1 deref_var &in_pos (shader_in vec4)\n"
            "      %1 = 32x4 @load_deref (%0) (access=none)\n"
            "      %2 = 32x1 deref_var &whole (shader_out vec3[2])\n"
            "      %3 = 32x3 mov %1.xyz\n"
            "      %4 = 32x1 load_const (0x00000000)\n"
            "      %5 = 32x1 deref_array &%2[%4] (shader_out vec3)\n"
            "      @store_deref (%5, %3) (write_mask=0x7, access=none)\n"
            "      %6 = 32x3 mov %1.xyz\n"
            "      %7 = 32x1 load_const (0x00000001)\n"
            "      %8 = 32x1 deref_array &%2[%7] (shader_out vec3)\n"
            "      @store_deref (%8, %6) (write_mask=0x7, access=none)\n"
            "      %10 = 32x2 mov %1.xy\n"
            "      %11 = 32x1 load_const (0x00000000)\n"
            "      %20 = 32x1 deref_var &part_0 (shader_out vec2)\n"
            "      @store_deref (%20, %10) (write_mask=0x3, access=none)\n"
            "      %13 = 32x2 mov %1.xy\n"
            "      %14 = 32x1 load_const (0x00000001)\n"
            "      %22 = 32x1 mov %13.x\n"
            "      %23 = 32x1 deref_var &part_1_x (shader_out float)\n"
            "      @store_deref (%23, %22) (write_mask=0x1, access=none)\n"
            "      %24 = 32x1 mov %13.y\n"
            "      %25 = 32x1 deref_var &part_1_y (shader_out float)\n"
            "      @store_deref (%25, %24) (write_mask=0x1, access=none)\n"
            "      %16 = 32x1 mov %1.w\n"
            "      %17 = 32x1 deref_var &a (shader_out float)\n"
            "      @store_deref (%17, %16) (write_mask=0x1, access=none)\n"
            "      %18 = 32x3 mov %1.xyz\n"
            "      %26 = 32x2 mov %18.xy\n"
            "      %27 = 32x1 deref_var &bc_xy (shader_out vec2)\n"
            "      @store_deref (%27, %26) (write_mask=0x3, access=none)\n"
            "      %28 = 32x1 mov %18.z\n"
            "      %29 = 32x1 deref_var &bc_z (shader_out float)\n"
            "      @store_deref (%29, %28) (write_mask=0x1, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   struct emitted e = {0};
   if (emit(b.shader, &e)) {
      const SpvId w = ntv_test_named(e.w, e.n, "whole");
      CHECK(ntv_test_has_decoration(e.w, e.n, w, SpvDecorationOffset, 0));
      const SpvId p1y = ntv_test_named(e.w, e.n, "part_1_y");
      CHECK(ntv_test_has_decoration(e.w, e.n, p1y, SpvDecorationLocation, 3));
      CHECK(ntv_test_has_decoration(e.w, e.n, p1y, SpvDecorationComponent, 1));
      CHECK(ntv_test_has_decoration(e.w, e.n, p1y, SpvDecorationOffset, 0));
      CHECK(ntv_test_named(e.w, e.n, "part_0") != 0);
      CHECK(ntv_test_has_decoration(e.w, e.n, ntv_test_named(e.w, e.n, "a"),
                                    SpvDecorationOffset, 4));
      /* bc (Component 1) captured in its x and y: bc_xy keeps Component 1. */
      const SpvId xy = ntv_test_named(e.w, e.n, "bc_xy"), z = ntv_test_named(e.w, e.n, "bc_z");
      CHECK(ntv_test_has_decoration(e.w, e.n, xy, SpvDecorationOffset, 8));
      CHECK(ntv_test_has_decoration(e.w, e.n, xy, SpvDecorationComponent, 1));
      CHECK(ntv_test_has_decoration(e.w, e.n, z, SpvDecorationComponent, 3));
      CHECK(!ntv_test_has_decoration(e.w, e.n, z, SpvDecorationOffset, -1));
   }
   arena_destroy(e.arena);

   /* The fragment shader's inputs split alike, so the interface matches. */
   nir_builder fb = nir_builder_init_simple_shader(NIR_STAGE_FRAGMENT, NULL, "consumer");
   REQUIRE(fb.shader);
   fb.shader->info.fs.origin_upper_left = true;
   nir_variable *fin = ntv_test_var(
      fb.shader, NIR_VAR_SHADER_IN,
      glsl_array_type(glsl_vector_type(GLSL_TYPE_FLOAT, 2), 2, 0), "part", 2);
   nir_variable *fbc = ntv_test_var(fb.shader, NIR_VAR_SHADER_IN,
                                    glsl_vector_type(GLSL_TYPE_FLOAT, 3), "bc", 4);
   nir_variable *fout =
      ntv_test_var(fb.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "color", 0);
   REQUIRE(fin && fbc && fout);
   fbc->data.component = 1;
   fbc->data.explicit_component = true;
   nir_def *x = nir_load_deref(&fb, nir_build_deref_array_imm(&fb, nir_build_deref_var(&fb, fin), 1));
   nir_def *v = nir_load_var(&fb, fbc);
   nir_store_var(&fb, fout, nir_vec4(&fb, nir_channel(&fb, x, 1), nir_channel(&fb, v, 0),
                                     nir_channel(&fb, v, 1), nir_channel(&fb, v, 2)),
                 0xf);
   CHECK(ntv_split_xfb_inputs(fb.shader, &xfb, &error));
   CHECK(error == NULL);
   check_ir(fb.shader,
            "shader: fragment\n"
            "name: consumer\n"
            "fs: origin_upper_left\n"
            "decl_var shader_in vec2 part_0 (location=2)\n"
            "decl_var shader_in float part_1_x (location=3, component=0)\n"
            "decl_var shader_in float part_1_y (location=3, component=1)\n"
            "decl_var shader_in vec2 bc_xy (location=4, component=1)\n"
            "decl_var shader_in float bc_z (location=4, component=3)\n"
            "decl_var shader_out vec4 color (location=0)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %1 = 32x1 load_const (0x00000001)\n"
            "      %13 = 32x1 deref_var &part_1_x (shader_in float)\n"
            "      %14 = 32x1 @load_deref (%13) (access=none)\n"
            "      %15 = 32x1 deref_var &part_1_y (shader_in float)\n"
            "      %16 = 32x1 @load_deref (%15) (access=none)\n"
            "      %17 = 32x2 vec2 %14, %16\n"
            "      %18 = 32x1 deref_var &bc_xy (shader_in vec2)\n"
            "      %19 = 32x2 @load_deref (%18) (access=none)\n"
            "      %20 = 32x1 mov %19.x\n"
            "      %21 = 32x1 mov %19.y\n"
            "      %22 = 32x1 deref_var &bc_z (shader_in float)\n"
            "      %23 = 32x1 @load_deref (%22) (access=none)\n"
            "      %24 = 32x3 vec3 %20, %21, %23\n"
            "      %6 = 32x1 mov %24.z\n"
            "      %7 = 32x1 mov %24.y\n"
            "      %8 = 32x1 mov %24.x\n"
            "      %9 = 32x1 mov %17.y\n"
            "      %10 = 32x4 vec4 %9, %8, %7, %6\n"
            "      %11 = 32x1 deref_var &color (shader_out vec4)\n"
            "      @store_deref (%11, %10) (write_mask=0xf, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   if (emit(fb.shader, &e)) {
      const SpvId p1y = ntv_test_named(e.w, e.n, "part_1_y");
      CHECK(ntv_test_has_decoration(e.w, e.n, p1y, SpvDecorationLocation, 3));
      CHECK(ntv_test_has_decoration(e.w, e.n, p1y, SpvDecorationComponent, 1));
      CHECK(!ntv_test_has_decoration(e.w, e.n, p1y, SpvDecorationOffset, -1));
   }
   arena_destroy(e.arena);
   nir_shader_destroy(fb.shader);
   nir_shader_destroy(b.shader);
}

/* Geometry streams: captured outputs carry Stream, emission names its
 * stream. */
TEST(pass_xfb_streams)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_GEOMETRY, NULL, "xfbstreams");
   REQUIRE(b.shader);
   b.shader->info.gs.input_primitive = NIR_PRIM_POINTS;
   b.shader->info.gs.output_primitive = NIR_PRIM_POINTS;
   b.shader->info.gs.vertices_out = 2;
   b.shader->info.gs.invocations = 1;
   b.shader->info.gs.active_stream_mask = 0x3;
   nir_variable *s0 =
      ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "s0", 0);
   nir_variable *s1 =
      ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "s1", 1);
   REQUIRE(s0 && s1);
   s1->data.stream = 1;
   s1->data.explicit_stream = true;
   nir_store_var(&b, s0, nir_imm_vec4(&b, 1, 2, 3, 4), 0xf);
   nir_emit_vertex(&b, .stream_id = 0);
   nir_store_var(&b, s1, nir_imm_vec4(&b, 5, 6, 7, 8), 0xf);
   nir_emit_vertex(&b, .stream_id = 1);
   const struct ntv_xfb_output outs[] = {
      {.location = 0, .num_components = 4, .buffer = 0, .stream = 0},
      {.location = 1, .component = 2, .num_components = 2, .buffer = 1, .stream = 1},
   };
   const struct ntv_xfb_info xfb = {2, outs, {16, 8, 0, 0}};
   const char *error = "unset";
   CHECK(ntv_split_xfb_outputs(b.shader, &xfb, &error));
   if (!CHECK(error == NULL))
      fprintf(stderr, "error: %s\n", error);
   struct emitted e = {0};
   if (emit(b.shader, &e)) {
      CHECK(ntv_test_has_decoration(e.w, e.n, ntv_test_named(e.w, e.n, "s0"),
                                    SpvDecorationStream, 0));
      const SpvId zw = ntv_test_named(e.w, e.n, "s1_zw");
      CHECK(ntv_test_has_decoration(e.w, e.n, zw, SpvDecorationStream, 1));
      CHECK(ntv_test_has_decoration(e.w, e.n, zw, SpvDecorationComponent, 2));
      CHECK_EQ(ntv_test_count_ops(e.w, e.n, SpvOpEmitStreamVertex), 2);
   }
   arena_destroy(e.arena);
   nir_shader_destroy(b.shader);
}

TEST(pass_xfb_errors)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "xfberr");
   REQUIRE(b.shader);
   nir_variable *in = ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_int_type(), "i", 0);
   nir_variable *v = ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "v", 0);
   REQUIRE(in && v);
   nir_store_deref(&b, nir_build_deref_array(&b, nir_build_deref_var(&b, v), nir_load_var(&b, in)),
                   nir_imm_float(&b, 1.0f), 1);
   const struct ntv_xfb_output dyn[] = {{.location = 0, .component = 1, .num_components = 1}};
   const struct ntv_xfb_info xfb = {1, dyn, {4, 0, 0, 0}};
   const char *error = NULL;
   CHECK(!ntv_split_xfb_outputs(b.shader, &xfb, &error));
   if (!CHECK(error && strstr(error, "dynamically")))
      fprintf(stderr, "error: %s\n", error ? error : "(none)");
   const struct ntv_xfb_output none[] = {{.location = 5, .num_components = 4}};
   const struct ntv_xfb_info xfb2 = {1, none, {16, 0, 0, 0}};
   error = NULL;
   CHECK(!ntv_split_xfb_outputs(b.shader, &xfb2, &error));
   CHECK(error && strstr(error, "no output writes"));
   const struct ntv_xfb_output bad[] = {{.location = 0, .num_components = 5}};
   const struct ntv_xfb_info xfb3 = {1, bad, {16, 0, 0, 0}};
   error = NULL;
   CHECK(!ntv_split_xfb_outputs(b.shader, &xfb3, &error));
   CHECK(error && strstr(error, "malformed"));
   nir_shader_destroy(b.shader);
}

/* The registry parses what kiln-spirv passes on and refuses the rest. */
TEST(pass_registry)
{
   CHECK(ntv_pass_count() >= 6);
   CHECK(ntv_pass_find("depth-range") != NULL);
   CHECK(ntv_pass_find("no-such-pass") == NULL);
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "reg");
   REQUIRE(b.shader);
   nir_variable *v = ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "v", 1);
   nir_variable *pos = ntv_test_builtin(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(),
                                        "gl_Position", NIR_BUILTIN_POSITION);
   REQUIRE(v && pos);
   nir_store_var(&b, v, nir_imm_vec4(&b, 1, 2, 3, 4), 0xf);
   nir_store_var(&b, pos, nir_imm_vec4(&b, 1, 2, 3, 4), 0xf);
   const struct ntv_pass_info *split = ntv_pass_find("split-xfb");
   REQUIRE(split);
   bool progress = false;
   const char *error = NULL;
   CHECK(!split->run(b.shader, "b0@8=loc1.1+", &progress, &error));
   CHECK(error != NULL);
   error = NULL;
   CHECK(!split->run(b.shader, "b9@0=loc1", &progress, &error));
   error = NULL;
   CHECK(!split->run(b.shader, "b0@0=Nowhere", &progress, &error));
   error = NULL;
   CHECK(split->run(b.shader, "b0@8=loc1.1+2,b1@0=Position,stride0=16,stride1=16", &progress,
                    &error));
   CHECK(progress);
   CHECK(error == NULL);
   CHECK(b.shader->info.xfb.enabled);
   CHECK_EQ(b.shader->info.xfb.stride_B[1], 16);
   const struct ntv_pass_info *clip = ntv_pass_find("clip-vertex");
   REQUIRE(clip);
   error = NULL;
   CHECK(!clip->run(b.shader, "planes=0x1ff", &progress, &error));
   CHECK(!clip->run(b.shader, "ubo=1", &progress, &error));
   error = NULL;
   CHECK(ntv_pass_find("dce")->run(b.shader, "", &progress, &error));
   CHECK(!ntv_pass_find("dce")->run(b.shader, "x", &progress, &error));
   nir_shader_destroy(b.shader);
}

/* GL's implicit gl_PerVertex declares gl_ClipDistance even when nothing
 * writes it: the pass uses that member, resized, rather than a second
 * ClipDistance output. */
TEST(pass_clip_vertex_uses_declared_distances)
{
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, NULL, "clipdeclared");
   REQUIRE(b.shader);
   struct glsl_struct_field f[3] = {
      glsl_struct_field_init(glsl_vec4_type(), "gl_Position"),
      glsl_struct_field_init(glsl_float_type(), "gl_PointSize"),
      glsl_struct_field_init(glsl_array_type(glsl_float_type(), 1, 0), "gl_ClipDistance"),
   };
   f[0].builtin = NIR_BUILTIN_POSITION;
   f[1].builtin = NIR_BUILTIN_POINT_SIZE;
   f[2].builtin = NIR_BUILTIN_CLIP_DISTANCE;
   nir_variable *in =
      ntv_test_var(b.shader, NIR_VAR_SHADER_IN, glsl_vec4_type(), "in_pos", 0);
   nir_variable *pv = nir_variable_create(
      b.shader, NIR_VAR_SHADER_OUT, glsl_struct_type(f, 3, "gl_PerVertex", GLSL_BLOCK), "pv");
   nir_variable *cv =
      ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "gl_ClipVertex", -1);
   REQUIRE(in && pv && cv);
   nir_def *p = nir_load_var(&b, in);
   nir_store_deref(&b, nir_build_deref_struct(&b, nir_build_deref_var(&b, pv), 0), p, 0xf);
   nir_store_var(&b, cv, p, 0xf);
   const char *error = "unset";
   CHECK(ntv_lower_clip_vertex(b.shader, &(struct ntv_gl_state_location){0}, 0x7, true,
                               &error));
   CHECK(error == NULL);
   const struct glsl_type *cd = glsl_get_struct_field(pv->type, 2);
   CHECK(glsl_type_is_array(cd) && glsl_get_length(cd) == 3);
   struct emitted e = {0};
   if (emit(b.shader, &e)) {
      CHECK_EQ(ntv_test_count_ops(e.w, e.n, SpvOpDot), 3);
      CHECK(ntv_test_named(e.w, e.n, "gl_ClipDistance") == 0); /* no second output */
   }
   arena_destroy(e.arena);

   /* Written as well as gl_ClipVertex: GL forbids it. */
   nir_store_deref(&b,
                   nir_build_deref_array_imm(
                      &b, nir_build_deref_struct(&b, nir_build_deref_var(&b, pv), 2), 0),
                   nir_imm_float(&b, 1.0f), 1);
   nir_variable *cv2 =
      ntv_test_var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "gl_ClipVertex", -1);
   REQUIRE(cv2);
   nir_store_var(&b, cv2, p, 0xf);
   error = NULL;
   CHECK(!ntv_lower_clip_vertex(b.shader, &(struct ntv_gl_state_location){0}, 0x1, true,
                                &error));
   CHECK(error && strstr(error, "both"));
   nir_shader_destroy(b.shader);
}
