/* SPDX-License-Identifier: MIT */
/* The GL lowering passes one by one: golden IR, then what ntv writes of
 * the result through spirv-val (vulkan1.0) and a second trip. */
#include "zk_test_util.h"

#include "zk_gl_state.h"

static nir_variable *
var(nir_shader *s, nir_variable_mode mode, const struct glsl_type *t, const char *name,
    int location)
{
   nir_variable *v = nir_variable_create(s, mode, t, name);
   if (v && location >= 0) {
      v->data.location = location;
      v->data.explicit_location = true;
   }
   return v;
}

static nir_variable *
builtin(nir_shader *s, nir_variable_mode mode, const struct glsl_type *t, const char *name,
        nir_builtin bi)
{
   nir_variable *v = nir_variable_create(s, mode, t, name);
   if (v)
      v->data.builtin = bi;
   return v;
}

/* A lone fragment shader through glslang and spirv_to_nir (into arena, with
 * stages[] filled); NULL, the failure reported, if either fails. */
static nir_shader *
fragment_shader(struct arena *arena, const char *fs, nir_shader *stages[NIR_STAGE_COUNT],
                enum kgl_flavour *flavour)
{
   enum kgl_flavour ignored;
   const struct zk_test_src src[] = {{KGL_STAGE_FRAGMENT, fs}};
   if (!zk_test_program(arena, src, 1, stages, flavour ? flavour : &ignored))
      return NULL;
   return stages[NIR_STAGE_FRAGMENT];
}

/* ---- gl_VertexID, gl_InstanceID ------------------------------------------------------ */

TEST(vertex_ids)
{
   struct arena *arena = arena_create(NULL);
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, arena, "ids");
   REQUIRE(b.shader);
   nir_variable *vid = builtin(b.shader, NIR_VAR_SYSTEM_VALUE, glsl_int_type(),
                               "gl_VertexID", NIR_BUILTIN_VERTEX_ID);
   nir_variable *iid = builtin(b.shader, NIR_VAR_SYSTEM_VALUE, glsl_int_type(),
                               "gl_InstanceID", NIR_BUILTIN_INSTANCE_ID);
   nir_variable *pos = builtin(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "gl_Position",
                               NIR_BUILTIN_POSITION);
   REQUIRE(vid && iid && pos);
   nir_def *v = nir_load_var(&b, vid);
   nir_def *i = nir_load_var(&b, iid);
   nir_def *sum = nir_i2fN(&b, nir_iadd(&b, v, i), 32);
   nir_store_var(&b, pos, nir_vec4(&b, sum, sum, sum, sum), 0xf);
   CHECK(zk_lower_vertex_ids(b.shader));
   CHECK_IR(b.shader,
            "shader: vertex\n"
            "name: ids\n"
            "decl_var system_value int gl_VertexIndex (builtin=VertexIndex)\n"
            "decl_var system_value int gl_InstanceIndex (builtin=InstanceIndex)\n"
            "decl_var system_value int gl_BaseInstance (builtin=BaseInstance)\n"
            "decl_var shader_out vec4 gl_Position (builtin=Position)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x1 deref_var &gl_VertexIndex (system_value int)\n"
            "      %1 = 32x1 @load_deref (%0) (access=none)\n"
            "      %2 = 32x1 deref_var &gl_InstanceIndex (system_value int)\n"
            "      %3 = 32x1 @load_deref (%2) (access=none)\n"
            "      %4 = 32x1 deref_var &gl_BaseInstance (system_value int)\n"
            "      %5 = 32x1 @load_deref (%4) (access=none)\n"
            "      %6 = 32x1 isub %3, %5\n"
            "      %7 = 32x1 iadd %1, %6\n"
            "      %8 = 32x1 i2f32 %7\n"
            "      %9 = 32x4 vec4 %8, %8, %8, %8\n"
            "      %10 = 32x1 deref_var &gl_Position (shader_out vec4)\n"
            "      @store_deref (%10, %9) (write_mask=0xf, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   CHECK_EMIT(b.shader, arena);
   CHECK(!zk_lower_vertex_ids(b.shader)); /* nothing left to do */
   arena_destroy(arena);
}

/* ---- GL state uniforms ----------------------------------------------------------------- */

/* The layout the driver fills: ntv's part first, ours after it, std140. */
TEST(gl_state_layout)
{
   const struct zk_gl_state_member *m = zk_gl_state_member(ZK_GL_STATE_CLIP_PLANE);
   REQUIRE(m);
   CHECK_STREQ(m->name, "clip_plane");
   CHECK_EQ(m->field.offset_B, 32);
   m = zk_gl_state_member(ZK_GL_STATE_MODELVIEW);
   REQUIRE(m);
   CHECK_EQ(m->field.offset_B, NTV_GL_STATE_SIZE_B);
   CHECK_EQ(m->field.matrix_stride_B, 16);
   m = zk_gl_state_member(ZK_GL_STATE_MVP);
   REQUIRE(m);
   CHECK_EQ(m->field.offset_B, NTV_GL_STATE_SIZE_B + 128);
   /* mat4[8] after three mat4s. */
   m = zk_gl_state_member(ZK_GL_STATE_TEXTURE);
   REQUIRE(m);
   CHECK_EQ(m->field.offset_B, NTV_GL_STATE_SIZE_B + 192);
   CHECK_EQ(glsl_get_explicit_stride(m->field.type), 64);
   /* 116 bytes of light source round up to 128 per element. */
   m = zk_gl_state_member(ZK_GL_STATE_LIGHT_SOURCE);
   REQUIRE(m);
   CHECK_EQ(glsl_get_explicit_stride(m->field.type), 128);
   CHECK_EQ(glsl_get_length(m->field.type), ZK_GL_MAX_LIGHTS);
   const struct glsl_type *light = glsl_get_array_element(m->field.type);
   CHECK_EQ(glsl_get_struct_field_data(light, 5)->offset_B, 80); /* spotDirection */
   CHECK_EQ(glsl_get_struct_field_data(light, 11)->offset_B, 112); /* quadraticAttenuation */
   /* Every field is in order and inside the block. */
   unsigned prev = NTV_GL_STATE_SIZE_B;
   for (unsigned f = ZK_GL_STATE_MODELVIEW; f < ZK_GL_STATE_FIELD_COUNT; f++) {
      m = zk_gl_state_member((enum zk_gl_state_field)f);
      REQUIRE(m);
      CHECK((unsigned)m->field.offset_B >= prev);
      prev = (unsigned)m->field.offset_B;
   }
   CHECK(prev < zk_gl_state_size_B());
   enum zk_gl_state_field f;
   CHECK(zk_gl_state_field_from_name("gl_NormalMatrix", &f));
   CHECK_EQ(f, ZK_GL_STATE_NORMAL_MATRIX);
   CHECK(!zk_gl_state_field_from_name("gl_Color", &f));
}

TEST(gl_state_uniforms)
{
   static const char vs[] = "#version 110\n"
                            "void main() {\n"
                            "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
                            "   gl_FrontColor = gl_LightSource[2].diffuse * gl_DepthRange.far;\n"
                            "   gl_FrontColor.xyz += gl_NormalMatrix * gl_Normal;\n"
                            "}\n";
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   enum kgl_flavour flavour;
   const struct zk_test_src src[] = {{KGL_STAGE_VERTEX, vs}};
   REQUIRE(zk_test_program(arena, src, 1, stages, &flavour));
   CHECK_EQ(flavour, KGL_FLAVOUR_GL);
   nir_shader *s = stages[NIR_STAGE_VERTEX];
   uint64_t fields = 0;
   const char *error = NULL;
   CHECK(zk_lower_gl_state_uniforms(s, &fields, &error));
   CHECK(error == NULL);
   CHECK_EQ_U64(fields, (1ull << ZK_GL_STATE_MVP) | (1ull << ZK_GL_STATE_LIGHT_SOURCE) |
                           (1ull << ZK_GL_STATE_DEPTH_RANGE) |
                           (1ull << ZK_GL_STATE_NORMAL_MATRIX));
   nir_variable *block = zk_test_var(s, NIR_VAR_MEM_UBO, NTV_GL_STATE_NAME);
   REQUIRE(block);
   CHECK_EQ(block->data.descriptor_set, ZK_SET_UNIFORM_BUFFER);
   CHECK_EQ(block->data.binding, ZK_BINDING_GL_STATE);
   /* ntv's three members, then the four the shader reads, each at its place. */
   CHECK_EQ(glsl_get_length(block->type), 7);
   for (unsigned i = 3; i < 7; i++) {
      enum zk_gl_state_field field;
      CHECK(zk_gl_state_field_from_name(glsl_get_struct_elem_name(block->type, i), &field));
      CHECK_EQ(glsl_get_struct_field_data(block->type, i)->offset_B,
               zk_gl_state_member(field)->field.offset_B);
   }
   CHECK(!zk_test_var(s, NIR_VAR_UNIFORM, "gl_ModelViewProjectionMatrix"));
   /* A light past GL's eight is an error, not an out-of-bounds read. */
   static const char vs9[] = "#version 110\n"
                             "void main() { gl_Position = gl_LightSource[9].ambient; }\n";
   const struct zk_test_src src9[] = {{KGL_STAGE_VERTEX, vs9}};
   REQUIRE(zk_test_program(arena, src9, 1, stages, &flavour));
   fields = 0;
   CHECK(!zk_lower_gl_state_uniforms(stages[NIR_STAGE_VERTEX], &fields, &error));
   CHECK(error && strstr(error, "index 9 outside gl_LightSource[8]"));
   arena_destroy(arena);
}

/* ---- loose uniforms ------------------------------------------------------------------------ */

TEST(loose_uniforms_program_block)
{
   static const char vs[] = "#version 120\n"
                            "uniform vec4 tint;\n"
                            "uniform float arr[3];\n"
                            "struct S { vec3 a; float b[2]; mat2 m; };\n"
                            "uniform S s;\n"
                            "varying vec4 v;\n"
                            "void main() {\n"
                            "   v = tint + vec4(arr[1]) + vec4(s.a, s.b[1]) + s.m[1].xyxy;\n"
                            "   gl_Position = gl_Vertex;\n"
                            "}\n";
   static const char fs[] = "#version 120\n"
                            "uniform vec4 tint;\n"
                            "uniform mat3 only_fs;\n"
                            "varying vec4 v;\n"
                            "void main() { gl_FragColor = v * tint + only_fs[2].xyzz; }\n";
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   enum kgl_flavour flavour;
   const struct zk_test_src src[] = {{KGL_STAGE_VERTEX, vs}, {KGL_STAGE_FRAGMENT, fs}};
   REQUIRE(zk_test_program(arena, src, 2, stages, &flavour));
   struct zk_program_info info;
   memset(&info, 0, sizeof(info));
   const char *error = NULL;
   CHECK(zk_lower_loose_uniforms(stages, arena, &info, &error));
   CHECK(error == NULL);
   /* std140, in GL location order: tint 0, arr at 16 (stride 16), s.a at 64,
    * s.b at 80 (stride 16), s.m at 112 (columns 16 apart), only_fs at 144. */
   static const struct {
      const char *name;
      unsigned offset, array, stride, mstride;
   } want[] = {
      {"tint", 0, 0, 0, 0},         {"arr[0]", 16, 3, 16, 0}, {"s.a", 64, 0, 0, 0},
      {"s.b[0]", 80, 2, 16, 0},     {"s.m", 112, 0, 0, 16},   {"only_fs", 144, 0, 0, 16},
   };
   REQUIRE(info.num_uniforms == ARRAY_SIZE(want));
   for (unsigned i = 0; i < ARRAY_SIZE(want); i++) {
      const struct zk_uniform *u = &info.uniforms[i];
      CHECK_STREQ(u->name, want[i].name);
      CHECK_EQ(u->offset_B, want[i].offset);
      CHECK_EQ(u->array_size, want[i].array);
      CHECK_EQ(u->array_stride_B, want[i].stride);
      CHECK_EQ(u->matrix_stride_B, want[i].mstride);
   }
   CHECK_EQ(info.uniforms[0].stages, (1u << NIR_STAGE_VERTEX) | (1u << NIR_STAGE_FRAGMENT));
   CHECK_EQ(info.uniforms[5].stages, 1u << NIR_STAGE_FRAGMENT);
   CHECK_EQ(info.uniforms_size_B, 188); /* only_fs ends 12 bytes into its third column */
   /* The fragment stage declares only its two members, at the program's offsets. */
   nir_shader *f = stages[NIR_STAGE_FRAGMENT];
   nir_variable *blk = zk_test_var(f, NIR_VAR_MEM_UBO, ZK_UNIFORMS_NAME);
   REQUIRE(blk);
   CHECK_EQ(glsl_get_length(blk->type), 2);
   CHECK_EQ(glsl_get_struct_field_data(blk->type, 1)->offset_B, 144);
   CHECK_EQ(blk->data.descriptor_set, ZK_SET_UNIFORM_BUFFER);
   CHECK_EQ(blk->data.binding, ZK_BINDING_UNIFORMS);
   CHECK(!zk_test_var(f, NIR_VAR_UNIFORM, "tint"));
   arena_destroy(arena);
}

/* GL uniform locations agree with kgl's reflection (glGetUniformLocation). */
TEST(loose_uniforms_locations_match_kgl)
{
   static const char vs[] = "#version 330\n"
                            "uniform vec4 a;\n"
                            "uniform float b[4];\n"
                            "uniform vec2 c;\n"
                            "layout(location = 0) in vec4 p;\n"
                            "void main() { gl_Position = p + a + vec4(b[3]) + c.xyxy; }\n";
   const char *text = vs;
   const struct kgl_shader_desc desc = {.stage = KGL_STAGE_VERTEX, .strings = &text, .count = 1};
   struct kgl_program *prog = NULL;
   REQUIRE(kgl_program_create_from_sources(&desc, 1, NULL, &prog) == KGL_SUCCESS);
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   enum kgl_flavour flavour;
   const struct zk_test_src src[] = {{KGL_STAGE_VERTEX, vs}};
   REQUIRE(zk_test_program(arena, src, 1, stages, &flavour));
   struct zk_program_info info;
   memset(&info, 0, sizeof(info));
   const char *error = NULL;
   CHECK(zk_lower_loose_uniforms(stages, arena, &info, &error));
   unsigned matched = 0;
   for (unsigned i = 0; i < info.num_uniforms; i++) {
      for (unsigned r = 0; r < kgl_program_reflection_count(prog, KGL_REFLECT_UNIFORM); r++) {
         const struct kgl_reflection_entry *e =
            kgl_program_reflection(prog, KGL_REFLECT_UNIFORM, r);
         if (strcmp(e->name, info.uniforms[i].name) != 0)
            continue;
         CHECK_EQ(e->location, info.uniforms[i].location);
         matched++;
      }
   }
   CHECK_EQ(matched, 3);
   kgl_program_destroy(prog);
   arena_destroy(arena);
}

/* A GL bool uniform is a uint in the block; each load compares with 0. */
TEST(loose_uniforms_bool)
{
   struct arena *arena = arena_create(NULL);
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_FRAGMENT, arena, "bools");
   REQUIRE(b.shader);
   nir_variable *flag = var(b.shader, NIR_VAR_UNIFORM, glsl_bool_type(), "flag", 0);
   nir_variable *flags = var(b.shader, NIR_VAR_UNIFORM,
                             glsl_vector_type(GLSL_TYPE_BOOL, 2), "flags", 1);
   nir_variable *out = var(b.shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(), "color", 0);
   REQUIRE(flag && flags && out);
   nir_def *f = nir_load_var(&b, flag);
   nir_def *fs = nir_load_var(&b, flags);
   nir_def *any = nir_ior(&b, f, nir_channel(&b, fs, 1));
   nir_def *red = nir_imm_vec4(&b, 1, 0, 0, 1);
   nir_def *green = nir_imm_vec4(&b, 0, 1, 0, 1);
   nir_store_var(&b, out, nir_bcsel(&b, any, red, green), 0xf);
   b.shader->info.fs.origin_upper_left = true;
   nir_shader *stages[NIR_STAGE_COUNT] = {[NIR_STAGE_FRAGMENT] = b.shader};
   struct zk_program_info info;
   memset(&info, 0, sizeof(info));
   const char *error = NULL;
   CHECK(zk_lower_loose_uniforms(stages, arena, &info, &error));
   REQUIRE(info.num_uniforms == 2);
   CHECK(info.uniforms[0].boolean && info.uniforms[1].boolean);
   CHECK(info.uniforms[1].type == glsl_vector_type(GLSL_TYPE_UINT, 2));
   CHECK_EQ(info.uniforms[1].offset_B, 8);
   CHECK_IR(b.shader,
            "shader: fragment\n"
            "name: bools\n"
            "fs: origin_upper_left\n"
            "decl_type struct KilnUniforms (Block) {\n"
            "   uint flag (offset=0)\n"
            "   uvec2 flags (offset=8)\n"
            "}\n"
            "decl_var ubo struct KilnUniforms kiln_uniforms (set=0, binding=0)\n"
            "decl_var shader_out vec4 color (location=0)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x1 deref_var &kiln_uniforms (ubo struct KilnUniforms)\n"
            "      %1 = 32x1 deref_struct &%0->flag (ubo uint)\n"
            "      %2 = 32x1 @load_deref (%1) (access=none)\n"
            "      %3 = 32x1 load_const (0x00000000)\n"
            "      %4 = 1x1 ine %2, %3\n"
            "      %5 = 32x1 deref_var &kiln_uniforms (ubo struct KilnUniforms)\n"
            "      %6 = 32x1 deref_struct &%5->flags (ubo uvec2)\n"
            "      %7 = 32x2 @load_deref (%6) (access=none)\n"
            "      %8 = 32x1 load_const (0x00000000)\n"
            "      %9 = 1x2 ine %7, %8.xx\n"
            "      %10 = 1x1 mov %9.y\n"
            "      %11 = 1x1 ior %4, %10\n"
            "      %12 = 32x4 load_const (0x3f800000, 0x00000000, 0x00000000, 0x3f800000)\n"
            "      %13 = 32x4 load_const (0x00000000, 0x3f800000, 0x00000000, 0x3f800000)\n"
            "      %14 = 32x4 bcsel %11.xxxx, %12, %13\n"
            "      %15 = 32x1 deref_var &color (shader_out vec4)\n"
            "      @store_deref (%15, %14) (write_mask=0xf, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   CHECK_EMIT(b.shader, arena);
   arena_destroy(arena);
}

TEST(loose_uniforms_type_mismatch)
{
   struct arena *arena = arena_create(NULL);
   nir_builder v = nir_builder_init_simple_shader(NIR_STAGE_VERTEX, arena, "v");
   nir_builder f = nir_builder_init_simple_shader(NIR_STAGE_FRAGMENT, arena, "f");
   REQUIRE(v.shader && f.shader);
   REQUIRE(var(v.shader, NIR_VAR_UNIFORM, glsl_vec4_type(), "u", 0));
   REQUIRE(var(f.shader, NIR_VAR_UNIFORM, glsl_float_type(), "u", 0));
   nir_shader *stages[NIR_STAGE_COUNT] = {[NIR_STAGE_VERTEX] = v.shader,
                                          [NIR_STAGE_FRAGMENT] = f.shader};
   struct zk_program_info info;
   const char *error = NULL;
   CHECK(!zk_lower_loose_uniforms(stages, arena, &info, &error));
   CHECK(error && strstr(error, "'u' has different types"));
   arena_destroy(arena);
}

/* ---- block layouts --------------------------------------------------------------------- */

TEST(lay_out_blocks)
{
   struct arena *arena = arena_create(NULL);
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_COMPUTE, arena, "blocks");
   REQUIRE(b.shader);
   struct glsl_struct_field fields[3] = {
      glsl_struct_field_init(glsl_float_type(), "f"),
      glsl_struct_field_init(glsl_array_type(glsl_float_type(), 2, 0), "a"),
      glsl_struct_field_init(glsl_vector_type(GLSL_TYPE_FLOAT, 3), "v"),
   };
   const struct glsl_type *t = glsl_struct_type(fields, 3, "B", GLSL_BLOCK);
   nir_variable *ubo = var(b.shader, NIR_VAR_MEM_UBO, t, "ubo", -1);
   nir_variable *ssbo = var(b.shader, NIR_VAR_MEM_SSBO, t, "ssbo", -1);
   REQUIRE(ubo && ssbo);
   ubo->data.explicit_binding = ubo->data.explicit_descriptor_set = true;
   ssbo->data.explicit_binding = ssbo->data.explicit_descriptor_set = true;
   nir_deref_instr *a = nir_build_deref_struct(&b, nir_build_deref_var(&b, ubo), 1);
   nir_def *x = nir_load_deref(&b, nir_build_deref_array_imm(&b, a, 1));
   nir_store_deref(&b, nir_build_deref_struct(&b, nir_build_deref_var(&b, ssbo), 0), x, 1);
   CHECK(zk_lay_out_blocks(b.shader));
   /* std140: a at 16 with stride 16, v at 48; std430: a at 4 stride 4, v at 16. */
   CHECK_EQ(glsl_get_struct_field_data(ubo->type, 1)->offset_B, 16);
   CHECK_EQ(glsl_get_explicit_stride(glsl_get_struct_field(ubo->type, 1)), 16);
   CHECK_EQ(glsl_get_struct_field_data(ubo->type, 2)->offset_B, 48);
   CHECK_EQ(glsl_get_struct_field_data(ssbo->type, 1)->offset_B, 4);
   CHECK_EQ(glsl_get_explicit_stride(glsl_get_struct_field(ssbo->type, 1)), 4);
   CHECK_EQ(glsl_get_struct_field_data(ssbo->type, 2)->offset_B, 16);
   CHECK(!zk_lay_out_blocks(b.shader));
   CHECK_EMIT(b.shader, arena);
   arena_destroy(arena);
}

/* ---- rectangle textures ---------------------------------------------------------------- */

TEST(rect_textures)
{
   static const char fs[] = "#version 140\n"
                            "uniform sampler2DRect r;\n"
                            "out vec4 color;\n"
                            "void main() {\n"
                            "   color = texture(r, vec2(3.0, 4.0)) + texelFetch(r, ivec2(1, 2))\n"
                            "         + vec4(textureSize(r), 0.0, 0.0);\n"
                            "}\n";
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   nir_shader *s = fragment_shader(arena, fs, stages, NULL);
   REQUIRE(s);
   const char *error = NULL;
   CHECK(zk_lower_rect_textures(s, &error));
   CHECK_IR(s,
            "shader: fragment\n"
            "name: main\n"
            "decl_var shader_out vec4 color (location=0)\n"
            "decl_var uniform sampled image(2D, float, depth=0, sampled=1, unknown) r (set=0, "
            "binding=0)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x2 load_const (0x40400000, 0x40800000) /* 3, 4 */\n"
            "      %1 = 32x2 load_const (0x00000001, 0x00000002)\n"
            "      %2 = 32x1 load_const (0x00000000)\n"
            "      %3 = 32x1 deref_var &r (uniform sampled image(2D, float, depth=0, "
            "sampled=1, unknown))\n"
            "      %4 = 32x1 deref_var &r (uniform sampled image(2D, float, depth=0, "
            "sampled=1, unknown))\n"
            "      %5 = 32x1 load_const (0x00000000)\n"
            "      %6 = 32x2 txs (texture_deref %4, lod %5) (dim=2D, dest_type=int32, "
            "coord_components=0, texture_index=0, sampler_index=0)\n"
            "      %7 = 32x2 i2f32 %6\n"
            "      %8 = 32x1 mov %0.x\n"
            "      %9 = 32x1 mov %7.x\n"
            "      %10 = 32x1 fdiv %8, %9\n"
            "      %11 = 32x1 mov %0.y\n"
            "      %12 = 32x1 mov %7.y\n"
            "      %13 = 32x1 fdiv %11, %12\n"
            "      %14 = 32x2 vec2 %10, %13\n"
            "      %15 = 32x4 tex (texture_deref %3, sampler_deref %3, coord %14) (dim=2D, "
            "dest_type=float32, coord_components=2, texture_index=0, sampler_index=0)\n"
            "      %16 = 32x1 deref_var &r (uniform sampled image(2D, float, depth=0, "
            "sampled=1, unknown))\n"
            "      %17 = 32x4 txf (texture_deref %16, coord %1) (dim=2D, dest_type=float32, "
            "coord_components=2, texture_index=0, sampler_index=0)\n"
            "      %18 = 32x4 fadd %15, %17\n"
            "      %19 = 32x1 deref_var &r (uniform sampled image(2D, float, depth=0, "
            "sampled=1, unknown))\n"
            "      %20 = 32x1 load_const (0x00000000)\n"
            "      %21 = 32x2 txs (texture_deref %19, lod %20) (dim=2D, dest_type=int32, "
            "coord_components=0, texture_index=0, sampler_index=0)\n"
            "      %22 = 32x2 i2f32 %21\n"
            "      %23 = 32x1 mov %22.x\n"
            "      %24 = 32x1 mov %22.y\n"
            "      %25 = 32x4 vec4 %23, %24, %2, %2\n"
            "      %26 = 32x4 fadd %18, %25\n"
            "      %27 = 32x1 deref_var &color (shader_out vec4)\n"
            "      @store_deref (%27, %26) (write_mask=0xf, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   arena_destroy(arena);
}

/* ---- atomic counters -------------------------------------------------------------------- */

TEST(atomic_counters)
{
   static const char fs[] = "#version 420\n"
                            "layout(binding = 0, offset = 8) uniform atomic_uint c[3];\n"
                            "layout(location = 0) out uvec4 color;\n"
                            "void main() {\n"
                            "   color = uvec4(atomicCounterIncrement(c[2]), 0u, 0u, 0u);\n"
                            "}\n";
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   nir_shader *s = fragment_shader(arena, fs, stages, NULL);
   REQUIRE(s);
   const char *error = NULL;
   CHECK(zk_lower_atomic_counters(s, &error));
   zk_lower_constant_out_of_bounds(s);
   nir_opt_constant_folding(s);
   nir_opt_dce(s);
   nir_variable *buf = zk_test_var(s, NIR_VAR_MEM_SSBO, ZK_ATOMIC_COUNTERS_NAME "0");
   REQUIRE(buf);
   CHECK_EQ(buf->data.descriptor_set, ZK_SET_STORAGE_BUFFER);
   CHECK_EQ(buf->data.binding, ZK_BINDING_FIRST_ATOMIC_BUFFER);
   /* c[2] at offset 8 is word 8 / 4 + 2. */
   char *text = nir_shader_to_string(s);
   CHECK(text && strstr(text, "load_const (0x00000004)"));
   CHECK(text && strstr(text, "deref_atomic"));
   CHECK(!zk_test_var(s, NIR_VAR_UNIFORM, "c"));
   free(text);
   struct zk_program_info info;
   memset(&info, 0, sizeof(info));
   nir_shader *program[NIR_STAGE_COUNT] = {[NIR_STAGE_FRAGMENT] = s};
   CHECK(zk_assign_bindings(program, arena, &info, &error));
   REQUIRE(info.num_resources == 1);
   CHECK_EQ(info.resources[0].kind, ZK_RESOURCE_ATOMIC_COUNTER_BUFFER);
   CHECK_EQ(info.resources[0].gl_binding, 0);
   CHECK_EQ(info.resources[0].binding, ZK_BINDING_FIRST_ATOMIC_BUFFER);
   s->info.fs.origin_upper_left = true; /* what the y-flip pass would leave */
   CHECK_EMIT(s, arena);
   arena_destroy(arena);
}

/* ---- constant out-of-bounds accesses --------------------------------------------------- */

TEST(constant_out_of_bounds)
{
   struct arena *arena = arena_create(NULL);
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_FRAGMENT, arena, "oob");
   REQUIRE(b.shader);
   nir_variable *arr =
      var(b.shader, NIR_VAR_SHADER_TEMP, glsl_array_type(glsl_float_type(), 4, 0), "a", -1);
   nir_variable *out = var(b.shader, NIR_VAR_SHADER_OUT, glsl_float_type(), "o", 0);
   REQUIRE(arr && out);
   nir_deref_instr *in = nir_build_deref_array_imm(&b, nir_build_deref_var(&b, arr), 1);
   nir_store_deref(&b, in, nir_imm_float(&b, 1.0f), 1);
   nir_deref_instr *past = nir_build_deref_array_imm(&b, nir_build_deref_var(&b, arr), 20);
   nir_store_deref(&b, past, nir_imm_float(&b, 2.0f), 1);
   nir_deref_instr *past2 = nir_build_deref_array_imm(&b, nir_build_deref_var(&b, arr), -1);
   nir_store_var(&b, out, nir_load_deref(&b, past2), 1);
   CHECK(zk_lower_constant_out_of_bounds(b.shader));
   CHECK_IR(b.shader,
            "shader: fragment\n"
            "name: oob\n"
            "decl_var shader_temp float[4] a\n"
            "decl_var shader_out float o (location=0)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x1 deref_var &a (shader_temp float[4])\n"
            "      %1 = 32x1 load_const (0x00000001)\n"
            "      %2 = 32x1 deref_array &%0[%1] (shader_temp float)\n"
            "      %3 = 32x1 load_const (0x3f800000) /* 1 */\n"
            "      @store_deref (%2, %3) (write_mask=0x1, access=none)\n"
            "      %4 = 32x1 load_const (0x00000014)\n"
            "      %5 = 32x1 load_const (0x40000000) /* 2 */\n"
            "      %6 = 32x1 load_const (0xffffffff) /* -nan */\n"
            "      %7 = 32x1 undefined\n"
            "      %8 = 32x1 deref_var &o (shader_out float)\n"
            "      @store_deref (%8, %7) (write_mask=0x1, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   arena_destroy(arena);
}

/* ---- arrays of arrays of resources -------------------------------------------------------- */

TEST(flatten_resource_arrays)
{
   struct arena *arena = arena_create(NULL);
   nir_builder b = nir_builder_init_simple_shader(NIR_STAGE_COMPUTE, arena, "aoa");
   REQUIRE(b.shader);
   struct glsl_struct_field f = glsl_struct_field_init(glsl_uint_type(), "x");
   f.offset_B = 0;
   const struct glsl_type *blk = glsl_struct_type(&f, 1, "B", GLSL_BLOCK);
   nir_variable *ssbo = var(b.shader, NIR_VAR_MEM_SSBO,
                            glsl_array_type(glsl_array_type(blk, 3, 0), 2, 0), "b", -1);
   REQUIRE(ssbo);
   ssbo->data.explicit_binding = ssbo->data.explicit_descriptor_set = true;
   nir_def *i = nir_load_local_invocation_index(&b);
   nir_deref_instr *row = nir_build_deref_array(&b, nir_build_deref_var(&b, ssbo), i);
   nir_deref_instr *elem = nir_build_deref_array_imm(&b, row, 2);
   nir_store_deref(&b, nir_build_deref_struct(&b, elem, 0), i, 1);
   const char *error = NULL;
   CHECK(zk_flatten_resource_arrays(b.shader, &error));
   CHECK(ssbo->type == glsl_array_type(blk, 6, 0));
   zk_lower_constant_out_of_bounds(b.shader);
   nir_opt_constant_folding(b.shader);
   nir_opt_dce(b.shader);
   CHECK_IR(b.shader,
            "shader: compute\n"
            "name: aoa\n"
            "workgroup_size: 0, 0, 0\n"
            "decl_type struct B (Block) {\n"
            "   uint x (offset=0)\n"
            "}\n"
            "decl_var ssbo struct B[6] b (set=0, binding=0)\n"
            "decl_function main (0 params) (entrypoint)\n"
            "\n"
            "impl main {\n"
            "   block b0:  // preds: none\n"
            "      %0 = 32x1 @load_local_invocation_index ()\n"
            "      %1 = 32x1 load_const (0x00000002)\n"
            "      %2 = 32x1 load_const (0x00000003)\n"
            "      %3 = 32x1 imul %0, %2\n"
            "      %4 = 32x1 iadd %3, %1\n"
            "      %5 = 32x1 deref_var &b (ssbo struct B[6])\n"
            "      %6 = 32x1 deref_array &%5[%4] (ssbo struct B)\n"
            "      %7 = 32x1 deref_struct &%6->x (ssbo uint)\n"
            "      @store_deref (%7, %0) (write_mask=0x1, access=none)\n"
            "      // succs: b1\n"
            "   block b1:  // end\n"
            "}\n");
   arena_destroy(arena);
}

/* ---- samplers in structs ----------------------------------------------------------------- */

TEST(split_opaque_uniforms)
{
   static const char fs[] = "#version 130\n"
                            "struct S { float scale; sampler2D t[2]; };\n"
                            "uniform S s[3];\n"
                            "uniform int i;\n"
                            "out vec4 color;\n"
                            "void main() {\n"
                            "   color = texture(s[i].t[1], vec2(0.5)) * s[2].scale;\n"
                            "}\n";
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   nir_shader *s = fragment_shader(arena, fs, stages, NULL);
   REQUIRE(s);
   const char *error = NULL;
   CHECK(zk_split_opaque_uniforms(s, &error));
   /* s.t: sampler2D[3][2]; s: struct { float scale; }[3]. */
   nir_variable *t = zk_test_var(s, NIR_VAR_UNIFORM, "s.t");
   nir_variable *rest = zk_test_var(s, NIR_VAR_UNIFORM, "s");
   REQUIRE(t && rest);
   CHECK_EQ(glsl_get_length(t->type), 3);
   CHECK_EQ(glsl_get_length(glsl_get_array_element(t->type)), 2);
   CHECK(glsl_type_is_sampled_image(glsl_without_array(t->type)));
   CHECK_EQ(glsl_get_length(glsl_without_array(rest->type)), 1);
   char *text = nir_shader_to_string(s);
   CHECK(text && strstr(text, "deref_var &s.t (uniform sampled image"));
   free(text);
   /* Then the whole lowering: one flat array of six samplers, bound. */
   struct zk_program_info info;
   REQUIRE(zk_lower_program(stages, NULL, arena, &info, &error));
   t = zk_test_var(s, NIR_VAR_UNIFORM, "s.t");
   REQUIRE(t);
   CHECK_EQ(glsl_get_length(t->type), 6);
   CHECK_EQ(t->data.descriptor_set, ZK_SET_SAMPLER);
   CHECK(t->data.explicit_binding);
   CHECK_EMIT(s, arena);
   arena_destroy(arena);
}

/* ---- GLSL.std.450 kept whole -------------------------------------------------------------- */

/* spirv_to_nir's keep_glsl450_geometry: each instruction comes back out of ntv
 * as itself (an expansion could round differently from the next driver's). */
TEST(glsl450_kept_whole)
{
   static const char fs[] = "#version 450\n"
                            "layout(location = 0) in vec4 a;\n"
                            "layout(location = 1) in vec4 b;\n"
                            "layout(location = 0) out vec4 o;\n"
                            "void main() {\n"
                            "   vec3 c = cross(a.xyz, b.xyz);\n"
                            "   o = normalize(a) + refract(a, b, a.w) + reflect(a, b)\n"
                            "     + faceforward(a, b, a.wzyx) + smoothstep(a, b, a.yxzw)\n"
                            "     + vec4(length(a.xy), distance(a, b), c.x, c.y)\n"
                            "     + radians(a) + degrees(b) + vec4(refract(a.x, b.x, b.y));\n"
                            "}\n";
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   enum kgl_flavour flavour;
   nir_shader *s = fragment_shader(arena, fs, stages, &flavour);
   REQUIRE(s);
   CHECK_EQ(flavour, KGL_FLAVOUR_VULKAN);
   uint32_t *w;
   size_t n;
   REQUIRE(zk_test_emit(s, arena, &w, &n, __FILE__, __LINE__));
   /* GLSL.std.450 numbers of the instructions above. */
   static const unsigned want[] = {68 /* Cross */,     69 /* Normalize */,
                                   72 /* Refract */,   71 /* Reflect */,
                                   70 /* FaceForward */, 49 /* SmoothStep */,
                                   66 /* Length */,    67 /* Distance */,
                                   11 /* Radians */,   12 /* Degrees */};
   unsigned found[ARRAY_SIZE(want)] = {0};
   for (size_t i = 5; i < n;) {
      const uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
      if (!len)
         break;
      if (op == 12 /* OpExtInst */ && len >= 5) {
         for (unsigned k = 0; k < ARRAY_SIZE(want); k++)
            found[k] += w[i + 4] == want[k];
      }
      i += len;
   }
   for (unsigned k = 0; k < ARRAY_SIZE(want); k++) {
      if (!CHECK(found[k] > 0))
         printf("GLSL.std.450 %u not written back\n", want[k]);
   }
   CHECK_EQ(found[2], 2); /* vec4 and float Refract */
   arena_destroy(arena);
}
