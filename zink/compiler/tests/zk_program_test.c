/* SPDX-License-Identifier: MIT */
/* The program-level passes and zk_lower_program: GL programs from GLSL
 * (the compatibility profile at its most GL), lowered, and every stage
 * through ntv, spirv-val (vulkan1.0) and a second trip. */
#include "zk_test_util.h"

#include "zk_gl_state.h"

/* SPIR-V decorations the checks read. */
#define DEC_LOCATION 30
#define DEC_INDEX    32
#define DEC_BINDING  33
#define DEC_SET      34

static const char compat_vs[] =
   "#version 140\n"
   "#extension GL_ARB_compatibility : enable\n"
   "uniform vec4 tint;\n"
   "uniform bool flip;\n"
   "uniform sampler2DRect rt;\n"
   "uniform sampler2D tex;\n"
   "in vec4 extra;\n"
   "out vec4 v;\n"
   "void main() {\n"
   "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
   "   gl_FrontColor = gl_Color * tint;\n"
   "   gl_BackColor = vec4(1.0) - gl_Color;\n"
   "   gl_TexCoord[0] = gl_MultiTexCoord0 + gl_LightSource[1].diffuse;\n"
   "   gl_TexCoord[1] = texture(rt, extra.xy) + texture(tex, extra.zw);\n"
   "   v = flip ? extra : vec4(float(gl_VertexID + gl_InstanceID));\n"
   "   gl_ClipVertex = gl_ModelViewMatrix * gl_Vertex;\n"
   "}\n";

static const char compat_fs[] = "#version 140\n"
                                "#extension GL_ARB_compatibility : enable\n"
                                "uniform vec4 tint;\n"
                                "uniform sampler2D tex;\n"
                                "in vec4 v;\n"
                                "void main() {\n"
                                "   gl_FragColor = gl_Color + gl_TexCoord[1] * tint + v\n"
                                "                + texture(tex, gl_FragCoord.xy);\n"
                                "}\n";

static bool
lower(struct arena *arena, const struct zk_test_src *src, unsigned n,
      const struct zk_program_key *key, nir_shader *stages[NIR_STAGE_COUNT],
      struct zk_program_info *info)
{
   enum kgl_flavour flavour;
   if (!zk_test_program(arena, src, n, stages, &flavour))
      return false;
   const char *error = NULL;
   if (!zk_lower_program(stages, key, arena, info, &error))
      return test_fail(__FILE__, __LINE__, "zk_lower_program: %s", error ? error : "?");
   return true;
}

static int
location_of(nir_shader *s, nir_variable_mode mode, const char *name)
{
   nir_variable *v = zk_test_var(s, mode, name);
   return v && v->data.explicit_location ? v->data.location : -1;
}

/* The whole lowering on a compatibility program: everything valid for
 * Vulkan 1.0, reading back to itself, and the tables where they say. */
TEST(program_compat_all_stages)
{
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   struct zk_program_info info;
   const struct zk_test_src src[] = {{KGL_STAGE_VERTEX, compat_vs},
                                     {KGL_STAGE_FRAGMENT, compat_fs}};
   REQUIRE(lower(arena, src, 2, NULL, stages, &info));
   nir_shader *vs = stages[NIR_STAGE_VERTEX], *fs = stages[NIR_STAGE_FRAGMENT];
   uint32_t *w;
   size_t n;
   REQUIRE(zk_test_emit(vs, arena, &w, &n, __FILE__, __LINE__));
   /* gl_Vertex is attribute 0; the user attribute glslang put there moved. */
   CHECK_EQ(zk_test_decoration(w, n, zk_test_named(w, n, "gl_Vertex"), DEC_LOCATION), 0);
   CHECK(zk_test_decoration(w, n, zk_test_named(w, n, "extra"), DEC_LOCATION) > 0);
   REQUIRE(zk_test_emit(fs, arena, &w, &n, __FILE__, __LINE__));
   CHECK_EQ(zk_test_decoration(w, n, zk_test_named(w, n, "gl_FragColor"), DEC_LOCATION), 0);
   const uint32_t u = zk_test_named(w, n, ZK_UNIFORMS_NAME);
   CHECK_EQ(zk_test_decoration(w, n, u, DEC_SET), ZK_SET_UNIFORM_BUFFER);
   CHECK_EQ(zk_test_decoration(w, n, u, DEC_BINDING), ZK_BINDING_UNIFORMS);
   const uint32_t t = zk_test_named(w, n, "tex");
   CHECK_EQ(zk_test_decoration(w, n, t, DEC_SET), ZK_SET_SAMPLER);
   CHECK_EQ(zk_test_decoration(w, n, t, DEC_LOCATION), -1);

   /* Varyings meet: the same locations on both sides. */
   static const char *const varyings[] = {"v", "gl_FrontColor", "gl_TexCoord"};
   for (unsigned i = 0; i < ARRAY_SIZE(varyings); i++) {
      const int out = location_of(vs, NIR_VAR_SHADER_OUT, varyings[i]);
      CHECK(out >= 0);
      CHECK_EQ(location_of(fs, NIR_VAR_SHADER_IN, varyings[i]), out);
   }
   /* gl_TexCoord: the fragment side grows to the vertex side's size. */
   CHECK(zk_test_var(fs, NIR_VAR_SHADER_IN, "gl_TexCoord")->type ==
         zk_test_var(vs, NIR_VAR_SHADER_OUT, "gl_TexCoord")->type);
   CHECK(info.color_locations &
         (1ull << location_of(vs, NIR_VAR_SHADER_OUT, "gl_FrontColor")));

   /* Tables: tint (shared) and flip (bool), samplers on set 1, the state used. */
   REQUIRE(info.num_uniforms == 2);
   CHECK_STREQ(info.uniforms[0].name, "tint");
   CHECK_EQ(info.uniforms[0].stages, (1u << NIR_STAGE_VERTEX) | (1u << NIR_STAGE_FRAGMENT));
   CHECK(info.uniforms[1].boolean);
   unsigned samplers = 0;
   for (unsigned i = 0; i < info.num_resources; i++) {
      if (info.resources[i].kind != ZK_RESOURCE_SAMPLER)
         continue;
      samplers++;
      CHECK_EQ(info.resources[i].set, ZK_SET_SAMPLER);
      CHECK_EQ(info.resources[i].binding, (unsigned)info.resources[i].gl_binding);
   }
   CHECK_EQ(samplers, 2);
   CHECK(info.uses_gl_state);
   CHECK(info.gl_state_fields & (1ull << ZK_GL_STATE_MVP));
   CHECK(info.gl_state_fields & (1ull << ZK_GL_STATE_LIGHT_SOURCE));
   bool vertex_at_0 = false;
   for (unsigned i = 0; i < info.num_attributes; i++)
      vertex_at_0 |= strcmp(info.attributes[i].name, "gl_Vertex") == 0 &&
                     info.attributes[i].location == 0 && info.attributes[i].compat;
   CHECK(vertex_at_0);
   arena_destroy(arena);
}

/* Two-sided colour: gl_FrontFacing picks the back colours. */
TEST(program_two_side_color)
{
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   struct zk_program_info info;
   const struct zk_program_key key = {.two_side = true, .flatshade = true};
   const struct zk_test_src src[] = {{KGL_STAGE_VERTEX, compat_vs},
                                     {KGL_STAGE_FRAGMENT, compat_fs}};
   REQUIRE(lower(arena, src, 2, &key, stages, &info));
   nir_shader *vs = stages[NIR_STAGE_VERTEX], *fs = stages[NIR_STAGE_FRAGMENT];
   nir_variable *front = zk_test_var(fs, NIR_VAR_SHADER_IN, "gl_FrontColor");
   nir_variable *back = zk_test_var(fs, NIR_VAR_SHADER_IN, "gl_BackColor");
   REQUIRE(front && back);
   CHECK_EQ(back->data.location, location_of(vs, NIR_VAR_SHADER_OUT, "gl_BackColor"));
   /* glShadeModel(GL_FLAT) makes both flat. */
   CHECK_EQ(front->data.interpolation, GLSL_INTERP_MODE_FLAT);
   CHECK_EQ(back->data.interpolation, GLSL_INTERP_MODE_FLAT);
   char *text = nir_shader_to_string(fs);
   CHECK(text && strstr(text, "deref_var &gl_FrontFacing (system_value bool)"));
   CHECK(text && strstr(text, "bcsel"));
   free(text);
   CHECK_EMIT(vs, arena);
   CHECK_EMIT(fs, arena);
   arena_destroy(arena);
}

/* gl_FragColor to every draw buffer; gl_FragData cut to what is written. */
TEST(program_frag_outputs)
{
   static const char fs_color[] = "#version 110\n"
                                  "void main() { gl_FragColor = vec4(0.25); }\n";
   static const char fs_data[] = "#version 110\n"
                                 "void main() { gl_FragData[2] = vec4(0.5); }\n";
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   struct zk_program_info info;
   const struct zk_program_key key = {.fragcolor_buffers = 3};
   const struct zk_test_src a[] = {{KGL_STAGE_FRAGMENT, fs_color}};
   REQUIRE(lower(arena, a, 1, &key, stages, &info));
   nir_shader *fs = stages[NIR_STAGE_FRAGMENT];
   CHECK_EQ(location_of(fs, NIR_VAR_SHADER_OUT, "gl_FragColor"), 0);
   CHECK_EQ(location_of(fs, NIR_VAR_SHADER_OUT, "gl_FragColor1"), 1);
   CHECK_EQ(location_of(fs, NIR_VAR_SHADER_OUT, "gl_FragColor2"), 2);
   CHECK_IR(fs, "shader: fragment\n"
                "name: main\n"
                "fs: origin_upper_left\n"
                "decl_var shader_out vec4 gl_FragColor (location=0)\n"
                "decl_var shader_out vec4 gl_FragColor1 (location=1)\n"
                "decl_var shader_out vec4 gl_FragColor2 (location=2)\n"
                "decl_function main (0 params) (entrypoint)\n"
                "\n"
                "impl main {\n"
                "   block b0:  // preds: none\n"
                "      %0 = 32x4 load_const (0x3e800000, 0x3e800000, 0x3e800000, "
                "0x3e800000) /* 0.25, 0.25, 0.25, 0.25 */\n"
                "      %1 = 32x1 deref_var &gl_FragColor (shader_out vec4)\n"
                "      @store_deref (%1, %0) (write_mask=0xf, access=none)\n"
                "      %2 = 32x1 deref_var &gl_FragColor1 (shader_out vec4)\n"
                "      @store_deref (%2, %0) (write_mask=0xf, access=none)\n"
                "      %3 = 32x1 deref_var &gl_FragColor2 (shader_out vec4)\n"
                "      @store_deref (%3, %0) (write_mask=0xf, access=none)\n"
                "      // succs: b1\n"
                "   block b1:  // end\n"
                "}\n");
   CHECK_EMIT(fs, arena);

   const struct zk_test_src b[] = {{KGL_STAGE_FRAGMENT, fs_data}};
   REQUIRE(lower(arena, b, 1, NULL, stages, &info));
   fs = stages[NIR_STAGE_FRAGMENT];
   nir_variable *data = zk_test_var(fs, NIR_VAR_SHADER_OUT, "gl_FragData");
   REQUIRE(data);
   CHECK_EQ(data->data.location, 0);
   CHECK_EQ(glsl_get_length(data->type), 3);
   CHECK_EMIT(fs, arena);
   arena_destroy(arena);
}

/* glslang's mapper gives a dvec4 attribute one location, Vulkan two. */
TEST(program_attribute_overlap)
{
   static const char vs[] = "#version 150\n"
                            "#extension GL_ARB_vertex_attrib_64bit : require\n"
                            "uniform int k;\n"
                            "in int a;\n"
                            "in dvec4 d;\n"
                            "in vec3 p;\n"
                            "out vec4 c;\n"
                            "void main() {\n"
                            "   gl_Position = vec4(p, 1.0);\n"
                            "   c = vec4(d) + vec4(a + k);\n"
                            "}\n";
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   struct zk_program_info info;
   const struct zk_test_src src[] = {{KGL_STAGE_VERTEX, vs}};
   REQUIRE(lower(arena, src, 1, NULL, stages, &info));
   nir_shader *s = stages[NIR_STAGE_VERTEX];
   /* Every attribute's slots are its own. */
   unsigned used = 0;
   nir_foreach_variable_with_modes(v, s, NIR_VAR_SHADER_IN) {
      if (v->data.builtin != NIR_BUILTIN_NONE)
         continue;
      const unsigned slots = glsl_count_attribute_slots(v->type, true);
      const unsigned mask = ((1u << slots) - 1) << v->data.location;
      CHECK_EQ(used & mask, 0);
      used |= mask;
   }
   CHECK_EQ(info.num_attributes, 3);
   CHECK_EMIT(s, arena);
   arena_destroy(arena);
}

/* Block members with locations of their own and a block location. */
TEST(program_block_member_locations)
{
   static const char vs[] = "#version 440\n"
                            "uniform int k;\n"
                            "layout(location = 0) in vec4 p;\n"
                            "layout(location = 4) out block {\n"
                            "   layout(location = 1) vec4 b;\n"
                            "   vec4 c;\n"
                            "   layout(location = 0) vec4 a;\n"
                            "} o;\n"
                            "void main() { gl_Position = p; o.a = p; o.b = p * k; o.c = p; }\n";
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   struct zk_program_info info;
   const struct zk_test_src src[] = {{KGL_STAGE_VERTEX, vs}};
   REQUIRE(lower(arena, src, 1, NULL, stages, &info));
   nir_shader *s = stages[NIR_STAGE_VERTEX];
   nir_variable *o = zk_test_var(s, NIR_VAR_SHADER_OUT, "o");
   REQUIRE(o);
   CHECK(!o->data.explicit_location);
   /* c follows b (GLSL 4.40, 4.4.1.1: the location after the previous member). */
   CHECK_EQ(glsl_get_struct_field_data(o->type, 0)->location, 1);
   CHECK_EQ(glsl_get_struct_field_data(o->type, 1)->location, 2);
   CHECK_EQ(glsl_get_struct_field_data(o->type, 2)->location, 0);
   CHECK_EMIT(s, arena);
   arena_destroy(arena);
}

/* A geometry stage between: compatibility varyings still meet. */
TEST(program_with_geometry_stage)
{
   static const char vs[] = "#version 150\n"
                            "uniform vec4 u;\n"
                            "in vec4 p;\n"
                            "out vec4 x;\n"
                            "void main() { gl_Position = p; x = p * u; }\n";
   static const char gs[] = "#version 150\n"
                            "layout(triangles) in;\n"
                            "layout(triangle_strip, max_vertices = 3) out;\n"
                            "uniform vec4 u;\n"
                            "in vec4 x[];\n"
                            "out vec4 y;\n"
                            "void main() {\n"
                            "   for (int i = 0; i < 3; i++) {\n"
                            "      gl_Position = gl_in[i].gl_Position; y = x[i] + u;\n"
                            "      EmitVertex();\n"
                            "   }\n"
                            "}\n";
   static const char fs[] = "#version 150\n"
                            "in vec4 y;\n"
                            "out vec4 c;\n"
                            "void main() { c = y; }\n";
   struct arena *arena = arena_create(NULL);
   nir_shader *stages[NIR_STAGE_COUNT];
   struct zk_program_info info;
   const struct zk_test_src src[] = {
      {KGL_STAGE_VERTEX, vs}, {KGL_STAGE_GEOMETRY, gs}, {KGL_STAGE_FRAGMENT, fs}};
   REQUIRE(lower(arena, src, 3, NULL, stages, &info));
   CHECK_EQ(location_of(stages[NIR_STAGE_VERTEX], NIR_VAR_SHADER_OUT, "x"),
            location_of(stages[NIR_STAGE_GEOMETRY], NIR_VAR_SHADER_IN, "x"));
   CHECK_EQ(location_of(stages[NIR_STAGE_GEOMETRY], NIR_VAR_SHADER_OUT, "y"),
            location_of(stages[NIR_STAGE_FRAGMENT], NIR_VAR_SHADER_IN, "y"));
   REQUIRE(info.num_uniforms == 1);
   CHECK_EQ(info.uniforms[0].stages, (1u << NIR_STAGE_VERTEX) | (1u << NIR_STAGE_GEOMETRY));
   for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
      if (stages[s])
         CHECK_EMIT(stages[s], arena);
   }
   arena_destroy(arena);
}

/* Every allocation failing in turn: an error, never a crash. */
TEST(program_out_of_memory)
{
   const struct zk_test_src src[] = {{KGL_STAGE_VERTEX, compat_vs},
                                     {KGL_STAGE_FRAGMENT, compat_fs}};
   struct arena *base = arena_create(NULL);
   nir_shader *program[NIR_STAGE_COUNT];
   enum kgl_flavour flavour;
   REQUIRE(base && zk_test_program(base, src, 2, program, &flavour));
   unsigned failures = 0, n;
   bool ok = false;
   for (n = 0; n < 100000 && !ok; n++) {
      struct arena *arena = arena_create(NULL);
      nir_shader *stages[NIR_STAGE_COUNT] = {NULL};
      for (unsigned s = 0; s < NIR_STAGE_COUNT; s++)
         stages[s] = program[s] ? nir_shader_clone(arena, program[s]) : NULL;
      REQUIRE(arena && stages[NIR_STAGE_VERTEX] && stages[NIR_STAGE_FRAGMENT]);
      struct zk_program_info info;
      const char *error = NULL;
      arena_test_fail_alloc_after((int)n);
      ok = zk_lower_program(stages, NULL, arena, &info, &error);
      arena_test_fail_alloc_after(-1);
      if (!ok) {
         failures++;
         CHECK(error != NULL);
      } else {
         for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
            if (stages[s])
               CHECK_EMIT(stages[s], arena);
         }
      }
      arena_destroy(arena);
   }
   CHECK(ok);
   if (!CHECK(failures > 100)) /* every allocation of the lowering failed once */
      printf("stopped after %u allocations, %u failures\n", n, failures);
   arena_destroy(base);
}
