/* SPDX-License-Identifier: MIT */
/* kgl reflection: what GL's program queries will ask. Expected values are
 * worked out from the std140/std430 rules and the GL type tables. */
#include "kgl.h"

#include <stdio.h>
#include <string.h>

#include "kgl_test_util.h"
#include "util/test.h"

#define GL_FLOAT 0x1406
#define GL_FLOAT_VEC2 0x8B50
#define GL_FLOAT_VEC3 0x8B51
#define GL_FLOAT_VEC4 0x8B52
#define GL_INT_VEC2 0x8B53
#define GL_FLOAT_MAT3 0x8B5B
#define GL_FLOAT_MAT4 0x8B5C
#define GL_SAMPLER_2D 0x8B5E
#define GL_UNSIGNED_INT 0x1405
#define GL_DOUBLE_MAT2x3 0x8F49

static const char vs[] =
   "#version 440\n"
   "layout(location = 2) in vec3 attr_a;\n"
   "in vec2 attr_b;\n"
   "uniform mat4 m;\n"
   "layout(location = 5) uniform vec4 explicit_u;\n"
   "uniform float arr[3];\n"
   "layout(std140, binding = 2) uniform Blk {\n"
   "   vec4 x;\n"
   "   mat4 y;\n"
   "   float z[3];\n"
   "   layout(row_major) mat3 r;\n"
   "} blk;\n"
   "layout(std430, binding = 1) buffer Ssbo { uint count; vec4 items[]; } ssbo;\n"
   "layout(xfb_buffer = 1, xfb_offset = 16) out vec4 cap;\n"
   "out vec4 plain;\n"
   "out dmat2x3 dm;\n"
   "void main() {\n"
   "   vec4 p = m * vec4(attr_a, 1.0) + vec4(attr_b, 0.0, 0.0) + explicit_u;\n"
   "   p += blk.x + blk.y[1] + vec4(blk.z[2]) + vec4(blk.r[0], 0.0) + vec4(arr[1]);\n"
   "   ssbo.count = uint(ssbo.items.length());\n"
   "   p += ssbo.items[0];\n"
   "   gl_Position = p; cap = p; plain = p; dm = dmat2x3(1.0);\n"
   "}\n";

static const char fs[] = "#version 440\n"
                         "in vec4 plain;\n"
                         "in vec4 cap;\n"
                         "uniform sampler2D tex;\n"
                         "layout(binding = 0, offset = 4) uniform atomic_uint ac;\n"
                         "layout(location = 0) out vec4 color0;\n"
                         "layout(location = 1) out ivec2 color1;\n"
                         "void main() {\n"
                         "   color0 = plain + cap + texture(tex, vec2(0.5));\n"
                         "   color1 = ivec2(atomicCounterIncrement(ac));\n"
                         "}\n";

static const struct kgl_reflection_entry *
find(const struct kgl_program *prog, enum kgl_reflection_kind kind, const char *name)
{
   for (unsigned i = 0; i < kgl_program_reflection_count(prog, kind); i++) {
      const struct kgl_reflection_entry *e = kgl_program_reflection(prog, kind, i);
      if (strcmp(e->name, name) == 0)
         return e;
   }
   test_fail(__FILE__, __LINE__, "no reflection entry %s (kind %d)", name, kind);
   return NULL;
}

TEST(reflection_of_uniforms_blocks_and_io)
{
   const struct kgl_test_src src[] = {{KGL_STAGE_VERTEX, vs}, {KGL_STAGE_FRAGMENT, fs}};
   struct kgl_program *prog = NULL;
   CHECK_EQ(kgl_test_build(src, 2, KGL_FLAVOUR_AUTO, false, &prog), KGL_SUCCESS);
   REQUIRE(prog);
   REQUIRE(kgl_program_linked(prog));
   /* Loose uniforms make it GL-flavoured. */
   CHECK_EQ(kgl_program_flavour(prog), KGL_FLAVOUR_GL);

   const struct kgl_reflection_entry *e;
   const uint32_t vs_bit = 1u << KGL_STAGE_VERTEX, fs_bit = 1u << KGL_STAGE_FRAGMENT;
   if ((e = find(prog, KGL_REFLECT_UNIFORM, "m"))) {
      CHECK_EQ(e->gl_type, GL_FLOAT_MAT4);
      CHECK_EQ(e->block_index, -1);
      CHECK(e->location >= 0);
      CHECK_EQ(e->stages & vs_bit, vs_bit);
   }
   if ((e = find(prog, KGL_REFLECT_UNIFORM, "explicit_u"))) {
      CHECK_EQ(e->gl_type, GL_FLOAT_VEC4);
      CHECK_EQ(e->location, 5);
   }
   /* GL 4.6, 7.3.1: an array's active size may stop after the highest
    * element the shader uses; only arr[1] is read. */
   if ((e = find(prog, KGL_REFLECT_UNIFORM, "arr[0]"))) {
      CHECK_EQ(e->gl_type, GL_FLOAT);
      CHECK_EQ(e->array_size, 2);
   }
   if ((e = find(prog, KGL_REFLECT_UNIFORM, "tex"))) {
      CHECK_EQ(e->gl_type, GL_SAMPLER_2D);
      CHECK(e->binding >= 0);
      CHECK_EQ(e->stages, fs_bit);
   }

   /* std140: x at 0, y (mat4) at 16, z[3] at 80 with stride 16, the
    * row-major mat3 is three vec4 rows at 128; the block is 176 bytes. */
   const struct kgl_reflection_entry *blk = find(prog, KGL_REFLECT_UNIFORM_BLOCK, "Blk");
   int blk_index = -1;
   for (unsigned i = 0; i < kgl_program_reflection_count(prog, KGL_REFLECT_UNIFORM_BLOCK); i++)
      if (kgl_program_reflection(prog, KGL_REFLECT_UNIFORM_BLOCK, i) == blk)
         blk_index = (int)i;
   if (blk) {
      CHECK_EQ(blk->array_size, 176);
      CHECK_EQ(blk->binding, 2);
      CHECK_EQ(blk->member_count, 4);
      CHECK_EQ(blk->gl_type, 0);
   }
   if ((e = find(prog, KGL_REFLECT_UNIFORM, "Blk.x"))) {
      CHECK_EQ(e->offset_B, 0);
      CHECK_EQ(e->block_index, blk_index);
   }
   if ((e = find(prog, KGL_REFLECT_UNIFORM, "Blk.y"))) {
      CHECK_EQ(e->offset_B, 16);
      CHECK_EQ(e->gl_type, GL_FLOAT_MAT4);
      CHECK(!e->row_major);
   }
   if ((e = find(prog, KGL_REFLECT_UNIFORM, "Blk.z[0]"))) {
      CHECK_EQ(e->offset_B, 80);
      CHECK_EQ(e->array_stride_B, 16);
      CHECK_EQ(e->array_size, 3);
   }
   if ((e = find(prog, KGL_REFLECT_UNIFORM, "Blk.r"))) {
      CHECK_EQ(e->offset_B, 128);
      CHECK_EQ(e->gl_type, GL_FLOAT_MAT3);
      CHECK(e->row_major);
   }

   /* std430: count at 0, items (vec4, 16-aligned) at 16, stride 16. */
   if ((e = find(prog, KGL_REFLECT_BUFFER_BLOCK, "Ssbo")))
      CHECK_EQ(e->binding, 1);
   if ((e = find(prog, KGL_REFLECT_BUFFER_VARIABLE, "Ssbo.count"))) {
      CHECK_EQ(e->offset_B, 0);
      CHECK_EQ(e->gl_type, GL_UNSIGNED_INT);
   }
   if ((e = find(prog, KGL_REFLECT_BUFFER_VARIABLE, "Ssbo.items[0]"))) {
      CHECK_EQ(e->offset_B, 16);
      CHECK_EQ(e->array_stride_B, 16);
   }

   CHECK(kgl_program_reflection_count(prog, KGL_REFLECT_ATOMIC_COUNTER_BUFFER) >= 1);
   if ((e = kgl_program_reflection(prog, KGL_REFLECT_ATOMIC_COUNTER_BUFFER, 0)))
      CHECK_EQ(e->binding, 0);

   if ((e = find(prog, KGL_REFLECT_PIPE_INPUT, "attr_a"))) {
      CHECK_EQ(e->gl_type, GL_FLOAT_VEC3);
      CHECK_EQ(e->location, 2);
   }
   if ((e = find(prog, KGL_REFLECT_PIPE_INPUT, "attr_b")))
      CHECK_EQ(e->gl_type, GL_FLOAT_VEC2);
   if ((e = find(prog, KGL_REFLECT_PIPE_OUTPUT, "color1"))) {
      CHECK_EQ(e->gl_type, GL_INT_VEC2);
      CHECK_EQ(e->location, 1);
   }
   if ((e = find(prog, KGL_REFLECT_PIPE_OUTPUT, "color0")))
      CHECK_EQ(e->location, 0);

   /* Transform feedback candidates: the vertex shader's outputs. */
   if ((e = find(prog, KGL_REFLECT_XFB_VARYING, "cap"))) {
      CHECK_EQ(e->xfb_buffer, 1);
      CHECK_EQ(e->offset_B, 16);
      CHECK_EQ(e->xfb_stride_B, 32);
      CHECK_EQ(e->gl_type, GL_FLOAT_VEC4);
      CHECK(!e->builtin);
   }
   if ((e = find(prog, KGL_REFLECT_XFB_VARYING, "plain"))) {
      CHECK_EQ(e->xfb_buffer, -1);
      CHECK_EQ(e->offset_B, -1);
      CHECK(e->location >= 0);
   }
   if ((e = find(prog, KGL_REFLECT_XFB_VARYING, "dm")))
      CHECK_EQ(e->gl_type, GL_DOUBLE_MAT2x3);
   if ((e = find(prog, KGL_REFLECT_XFB_VARYING, "gl_Position"))) {
      CHECK(e->builtin);
      CHECK_EQ(e->gl_type, GL_FLOAT_VEC4);
   }

   CHECK(kgl_program_reflection(prog, KGL_REFLECT_UNIFORM, 100000) == NULL);
   CHECK(kgl_program_reflection(prog, KGL_REFLECT_KIND_COUNT, 0) == NULL);
   CHECK_EQ(kgl_program_reflection_count(prog, (enum kgl_reflection_kind)99), 0);
   kgl_program_destroy(prog);
}

TEST(reflection_of_geometry_xfb_and_compute)
{
   /* With a geometry shader, its outputs are the capture candidates. */
   const struct kgl_test_src src[] = {
      {KGL_STAGE_VERTEX, "#version 150\nout vec4 v;\nvoid main() { v = vec4(1); }\n"},
      {KGL_STAGE_GEOMETRY, "#version 150\n"
                           "layout(points) in;\n"
                           "layout(points, max_vertices = 1) out;\n"
                           "in vec4 v[];\n"
                           "out Gout { vec4 a; float b; } g;\n"
                           "void main() { g.a = v[0]; g.b = 1.0; EmitVertex(); }\n"},
   };
   struct kgl_program *prog = NULL;
   CHECK_EQ(kgl_test_build(src, 2, KGL_FLAVOUR_AUTO, false, &prog), KGL_SUCCESS);
   REQUIRE(prog);
   const struct kgl_reflection_entry *e;
   if ((e = find(prog, KGL_REFLECT_XFB_VARYING, "Gout.a"))) {
      CHECK_EQ(e->gl_type, GL_FLOAT_VEC4);
      CHECK_EQ(e->stages, 1u << KGL_STAGE_GEOMETRY);
   }
   if ((e = find(prog, KGL_REFLECT_XFB_VARYING, "Gout.b")))
      CHECK_EQ(e->gl_type, GL_FLOAT);
   for (unsigned i = 0; i < kgl_program_reflection_count(prog, KGL_REFLECT_XFB_VARYING); i++)
      CHECK(strcmp(kgl_program_reflection(prog, KGL_REFLECT_XFB_VARYING, i)->name, "v"));
   kgl_program_destroy(prog);

   const struct kgl_test_src cs[] = {
      {KGL_STAGE_COMPUTE, "#version 430\nlayout(local_size_x = 8, local_size_z = 3) in;\n"
                          "layout(std430, binding = 0) buffer B { uint d[]; };\n"
                          "void main() { d[gl_LocalInvocationIndex] = 1u; }\n"}};
   CHECK_EQ(kgl_test_build(cs, 1, KGL_FLAVOUR_AUTO, false, &prog), KGL_SUCCESS);
   REQUIRE(prog);
   CHECK_EQ(kgl_program_local_size(prog, 0), 8);
   CHECK_EQ(kgl_program_local_size(prog, 1), 1);
   CHECK_EQ(kgl_program_local_size(prog, 2), 3);
   CHECK_EQ(kgl_program_local_size(prog, 3), 1);
   CHECK_EQ(kgl_program_reflection_count(prog, KGL_REFLECT_XFB_VARYING), 0);
   kgl_program_destroy(prog);
}
