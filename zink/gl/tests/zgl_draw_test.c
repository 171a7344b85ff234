/* SPDX-License-Identifier: MIT */
/*
 * Clears, shaders, programs, uniforms and draws, checked on the pixels:
 * every reference below follows from the GL 4.6 spec's rules (window
 * coordinates with the origin at the lower left, the viewport transform,
 * unorm8 conversion round(c * 255)).
 */
#include <string.h>

#include "zgl_test.h"

#define CHECK_PIXEL(x, y, r, g, b, a)                                                    \
   do {                                                                                  \
      uint8_t __p[4] = {0};                                                              \
      zgl_test_pixel(x, y, __p);                                                         \
      CHECK_EQ(__p[0], r);                                                               \
      CHECK_EQ(__p[1], g);                                                               \
      CHECK_EQ(__p[2], b);                                                               \
      CHECK_EQ(__p[3], a);                                                               \
   } while (0)

TEST(clear_and_read_pixels)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   gl.ClearColor(0.2f, 0.6f, 1.0f, 0.4f);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(0, 0, 51, 153, 255, 102);
   CHECK_PIXEL(TEST_WIDTH - 1, TEST_HEIGHT - 1, 51, 153, 255, 102);
   /* A scissored clear touches GL's lower-left corner only: the window
    * origin is the lower left (GL 4.6, 14.9.2). */
   gl.Enable(GL_SCISSOR_TEST);
   gl.Scissor(0, 0, 16, 8);
   gl.ClearColor(1.0f, 0.0f, 0.0f, 1.0f);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.Disable(GL_SCISSOR_TEST);
   CHECK_PIXEL(1, 1, 255, 0, 0, 255);
   CHECK_PIXEL(15, 7, 255, 0, 0, 255);
   CHECK_PIXEL(16, 7, 51, 153, 255, 102);
   CHECK_PIXEL(1, 8, 51, 153, 255, 102);
   CHECK_PIXEL(1, TEST_HEIGHT - 2, 51, 153, 255, 102);
   /* Other formats and types of the same pixels. */
   float f[4];
   gl.ReadPixels(2, 2, 1, 1, GL_RGBA, GL_FLOAT, f);
   CHECK_FLOAT_EQ(f[0], 1.0, 0);
   CHECK_FLOAT_EQ(f[1], 0.0, 0);
   uint8_t bgr[3];
   gl.ReadPixels(20, 20, 1, 1, GL_BGR, GL_UNSIGNED_BYTE, bgr);
   CHECK_EQ(bgr[0], 255);
   CHECK_EQ(bgr[2], 51);
   uint16_t p565;
   gl.ReadPixels(20, 20, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &p565);
   /* round(0.2 * 31) = 6, round(0.6 * 63) = 38, 31 */
   CHECK_EQ(p565, (6 << 11) | (38 << 5) | 31);
   /* A 3 x 2 block with GL_PACK_ALIGNMENT 4: rows of 9 bytes padded to 12. */
   uint8_t block[24];
   memset(block, 0xaa, sizeof(block));
   gl.PixelStorei(GL_PACK_ALIGNMENT, 4);
   gl.ReadPixels(14, 6, 3, 2, GL_RGB, GL_UNSIGNED_BYTE, block);
   CHECK_EQ(block[0], 255); /* (14, 6): red */
   CHECK_EQ(block[6], 51);  /* (16, 6): cleared colour */
   CHECK_EQ(block[9], 0xaa); /* padding untouched */
   CHECK_EQ(block[12], 255); /* (14, 7) */
   CHECK_EQ(block[12 + 6], 51);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* Errors of glReadPixels and glClear (GL 4.6, 18.2, 17.4.3). */
   gl.ReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, block);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, block);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.ReadPixels(0, 0, 1, 1, 0xdead, GL_UNSIGNED_BYTE, block);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.ReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, block);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.Clear(0x1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   zgl_test_end(&t);
}

TEST(clear_depth_and_stencil)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   gl.ClearDepth(0.25);
   gl.Clear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   float d = 0;
   gl.ReadPixels(3, 3, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
   CHECK_FLOAT_EQ(d, 0.25, 1.0 / 16777215.0);
   const GLfloat one = 1.0f;
   gl.ClearBufferfv(GL_DEPTH, 0, &one);
   gl.ReadPixels(3, 3, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
   CHECK_FLOAT_EQ(d, 1.0, 0);
   gl.ClearBufferfv(GL_DEPTH, 1, &one);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.ClearBufferfv(GL_STENCIL, 0, &one);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   const GLfloat color[4] = {0, 1, 0, 1};
   gl.ClearBufferfv(GL_COLOR, 0, color);
   CHECK_PIXEL(5, 5, 0, 255, 0, 255);
   zgl_test_end(&t);
}

static const char *vs_pos =
   "#version 330 core\n"
   "layout(location = 0) in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const char *fs_uniform =
   "#version 330 core\n"
   "uniform vec4 color;\n"
   "out vec4 frag;\n"
   "void main() { frag = color; }\n";

/* A VAO with a vertex buffer of 2D positions at attribute 0. */
static GLuint
positions(const float *xy, unsigned n)
{
   GLuint vao, b;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   gl.BufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(n * 2 * sizeof(float)), xy, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   return vao;
}

TEST(draw_arrays_orientation)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   const GLuint p = zgl_test_program(vs_pos, fs_uniform);
   REQUIRE(p);
   gl.UseProgram(p);
   const GLint color = gl.GetUniformLocation(p, "color");
   CHECK(color >= 0);
   /* The lower half of NDC (y < 0) is the lower half of the window. */
   const float quad[] = {-1, -1, 1, -1, -1, 0, 1, 0};
   positions(quad, 4);
   gl.ClearColor(0, 0, 0, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.Uniform4f(color, 1.0f, 0.2f, 0.0f, 1.0f);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(32, 2, 255, 51, 0, 255);
   CHECK_PIXEL(32, 23, 255, 51, 0, 255);
   CHECK_PIXEL(32, 24, 0, 0, 0, 255);
   CHECK_PIXEL(32, 45, 0, 0, 0, 255);
   /* The viewport maps NDC to the window (GL 4.6, 13.6.1): the right half. */
   gl.Viewport(32, 0, 32, 48);
   gl.Uniform4f(color, 0.0f, 0.0f, 1.0f, 1.0f);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   gl.Viewport(0, 0, TEST_WIDTH, TEST_HEIGHT);
   CHECK_PIXEL(31, 2, 255, 51, 0, 255);
   CHECK_PIXEL(33, 2, 0, 0, 255, 255);
   CHECK_PIXEL(33, 30, 0, 0, 0, 255);
   /* Bad draws: the errors of GL 4.6, 10.4. */
   gl.DrawArrays(GL_QUADS, 0, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.DrawArrays(GL_TRIANGLES, 0, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.BindVertexArray(0);
   gl.DrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   zgl_test_end(&t);
}

TEST(frag_coord_and_varyings)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   /* gl_FragCoord has GL's lower-left origin and half-integer centres. */
   const GLuint p = zgl_test_program(vs_pos,
                                     "#version 330 core\n"
                                     "out vec4 frag;\n"
                                     "void main() { frag = vec4(gl_FragCoord.xy / 255.0, 0.0, 1.0); }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   const float full[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   positions(full, 4);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   /* round((x + 0.5) / 255 * 255) = x + 1 (ties away: x + 0.5 rounds up
    * or down; pick pixels whose value is exact: (x + 0.5) is never exact,
    * so allow either neighbour). */
   uint8_t px[4];
   zgl_test_pixel(10, 40, px);
   CHECK(px[0] == 10 || px[0] == 11);
   CHECK(px[1] == 40 || px[1] == 41);
   zgl_test_pixel(60, 3, px);
   CHECK(px[0] == 60 || px[0] == 61);
   CHECK(px[1] == 3 || px[1] == 4);

   /* A varying interpolated across the triangle: flat ends are exact. */
   const GLuint q = zgl_test_program(
      "#version 330 core\n"
      "layout(location = 0) in vec2 pos;\n"
      "layout(location = 1) in vec3 c;\n"
      "out vec3 v;\n"
      "void main() { v = c; gl_Position = vec4(pos, 0.0, 1.0); }\n",
      "#version 330 core\n"
      "in vec3 v;\n"
      "out vec4 frag;\n"
      "void main() { frag = vec4(v, 1.0); }\n");
   REQUIRE(q);
   gl.UseProgram(q);
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   const float colors[] = {1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0};
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(colors), colors, GL_STATIC_DRAW);
   gl.VertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(1);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* Bottom rows are red, top rows green, everywhere r + g = 1. */
   zgl_test_pixel(30, 0, px);
   CHECK(px[0] >= 248 && px[1] <= 7);
   zgl_test_pixel(30, 47, px);
   CHECK(px[1] >= 248 && px[0] <= 7);
   zgl_test_pixel(30, 24, px);
   CHECK(px[0] + px[1] >= 254 && px[0] + px[1] <= 256);
   zgl_test_end(&t);
}

TEST(current_attribute_value)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   const GLuint p = zgl_test_program("#version 330 core\n"
                                     "layout(location = 0) in vec2 pos;\n"
                                     "layout(location = 3) in vec4 c;\n"
                                     "out vec4 v;\n"
                                     "void main() { v = c; gl_Position = vec4(pos, 0.0, 1.0); }\n",
                                     "#version 330 core\n"
                                     "in vec4 v;\n"
                                     "out vec4 frag;\n"
                                     "void main() { frag = v; }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   const float full[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   positions(full, 4);
   /* Attribute 3's array is disabled: it reads the current value (10.2). */
   gl.VertexAttrib4f(3, 0.2f, 0.4f, 0.6f, 0.8f);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PIXEL(7, 7, 51, 102, 153, 204);
   /* Normalized bytes: c / 255; packed 2_10_10_10: c / 1023 and a / 3. */
   PFNGLVERTEXATTRIB4NUBPROC nub =
      (PFNGLVERTEXATTRIB4NUBPROC)zgl_get_proc_address("glVertexAttrib4Nub");
   PFNGLVERTEXATTRIBP4UIPROC p4 =
      (PFNGLVERTEXATTRIBP4UIPROC)zgl_get_proc_address("glVertexAttribP4ui");
   PFNGLVERTEXATTRIB2SPROC two_s =
      (PFNGLVERTEXATTRIB2SPROC)zgl_get_proc_address("glVertexAttrib2s");
   REQUIRE(nub && p4 && two_s);
   nub(3, 255, 0, 51, 255);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PIXEL(7, 7, 255, 0, 51, 255);
   p4(3, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 1023u | (0u << 10) | (1023u << 20) | (3u << 30));
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PIXEL(7, 7, 255, 0, 255, 255);
   /* Two components given: z 0, w 1 (GL 4.6, 10.2.1). */
   two_s(3, 1, 0);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PIXEL(7, 7, 255, 0, 0, 255);
   nub(16, 0, 0, 0, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   zgl_test_end(&t);
}

TEST(bind_attrib_location)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   /* Two unlocated attributes bound to chosen indices before linking. */
   const char *vs = "#version 150\n"
                    "in vec2 pos;\n"
                    "in vec4 col;\n"
                    "out vec4 v;\n"
                    "void main() { v = col; gl_Position = vec4(pos, 0.0, 1.0); }\n";
   const char *fs = "#version 150\n"
                    "in vec4 v;\n"
                    "out vec4 frag;\n"
                    "void main() { frag = v; }\n";
   const GLuint p = gl.CreateProgram();
   const GLuint s[2] = {gl.CreateShader(GL_VERTEX_SHADER), gl.CreateShader(GL_FRAGMENT_SHADER)};
   gl.ShaderSource(s[0], 1, &vs, NULL);
   gl.ShaderSource(s[1], 1, &fs, NULL);
   gl.CompileShader(s[0]);
   gl.CompileShader(s[1]);
   gl.AttachShader(p, s[0]);
   gl.AttachShader(p, s[1]);
   gl.BindAttribLocation(p, 5, "pos");
   gl.BindAttribLocation(p, 2, "col");
   gl.BindAttribLocation(p, 0, "gl_Vertex");
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   REQUIRE(ok);
   CHECK_EQ(gl.GetAttribLocation(p, "pos"), 5);
   CHECK_EQ(gl.GetAttribLocation(p, "col"), 2);
   CHECK_EQ(gl.GetAttribLocation(p, "nothing"), -1);
   CHECK_EQ(gl.GetFragDataLocation(p, "frag"), 0); /* a single output is location 0 */
   gl.UseProgram(p);
   GLuint vao, b;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   const float full[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(full), full, GL_STATIC_DRAW);
   gl.VertexAttribPointer(5, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(5);
   gl.VertexAttrib4f(2, 1.0f, 0.0f, 1.0f, 1.0f);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(40, 40, 255, 0, 255, 255);
   zgl_test_end(&t);
}

TEST(draw_elements_instanced_and_depth)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   /* Quads from an index buffer, offset per instance by attribute 1
    * (divisor 1), each at its own depth. */
   const GLuint p = zgl_test_program(
      "#version 330 core\n"
      "layout(location = 0) in vec2 pos;\n"
      "layout(location = 1) in vec3 offset;\n"
      "flat out int id;\n"
      "void main() { id = gl_InstanceID; gl_Position = vec4(pos + offset.xy, offset.z, 1.0); }\n",
      "#version 330 core\n"
      "flat in int id;\n"
      "out vec4 frag;\n"
      "void main() { frag = id == 0 ? vec4(1, 0, 0, 1) : vec4(0, 0, 1, 1); }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   /* Two vertices of padding first: base vertex 2 skips them. */
   const float verts[] = {9, 9, 9, 9, -0.5f, -0.5f, 0.5f, -0.5f, -0.5f, 0.5f, 0.5f, 0.5f};
   GLuint vao = positions(verts, 6);
   (void)vao;
   GLuint inst;
   gl.GenBuffers(1, &inst);
   gl.BindBuffer(GL_ARRAY_BUFFER, inst);
   /* Instance 0 far (z 0.5), instance 1 near (z -0.5), overlapping. */
   const float offsets[] = {-0.25f, 0, 0.5f, 0.25f, 0, -0.5f};
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(offsets), offsets, GL_STATIC_DRAW);
   gl.VertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(1);
   gl.VertexAttribDivisor(1, 1);
   GLuint ib;
   gl.GenBuffers(1, &ib);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib);
   const uint16_t idx[] = {0, 1, 2, 2, 1, 3};
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   gl.ClearColor(0, 0, 0, 1);
   gl.ClearDepth(1.0);
   gl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   gl.Enable(GL_DEPTH_TEST);
   PFNGLDRAWELEMENTSINSTANCEDBASEVERTEXPROC draw =
      (PFNGLDRAWELEMENTSINSTANCEDBASEVERTEXPROC)zgl_get_proc_address(
         "glDrawElementsInstancedBaseVertex");
   REQUIRE(draw);
   draw(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 2, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* Window x of NDC -0.75..0.25 is 8..40, of -0.25..0.75 is 24..56; both
    * span y 12..36. The overlap 24..40 is the near instance's (blue). */
   CHECK_PIXEL(12, 24, 255, 0, 0, 255);
   CHECK_PIXEL(32, 24, 0, 0, 255, 255);
   CHECK_PIXEL(50, 24, 0, 0, 255, 255);
   CHECK_PIXEL(32, 40, 0, 0, 0, 255);
   /* ARB_base_instance: instance attributes start at baseinstance 1 while
    * gl_InstanceID still counts from 0 (GL 4.6, 10.4): one instance reads
    * offset[1] (near) and is colour 0 (red). */
   PFNGLDRAWELEMENTSINSTANCEDBASEVERTEXBASEINSTANCEPROC bvbi =
      (PFNGLDRAWELEMENTSINSTANCEDBASEVERTEXBASEINSTANCEPROC)zgl_get_proc_address(
         "glDrawElementsInstancedBaseVertexBaseInstance");
   REQUIRE(bvbi);
   gl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   bvbi(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 1, 2, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(12, 24, 0, 0, 0, 255);   /* instance 0's place: empty */
   CHECK_PIXEL(50, 24, 255, 0, 0, 255); /* offset[1], gl_InstanceID 0 */
   /* With GL_GREATER the far one wins where they overlap. */
   gl.DepthFunc(GL_GREATER);
   gl.ClearDepth(0.0);
   gl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   draw(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 2, 2);
   CHECK_PIXEL(32, 24, 255, 0, 0, 255);
   /* Index type and missing element buffer errors. */
   gl.DrawElements(GL_TRIANGLES, 6, GL_FLOAT, NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.DrawRangeElements(GL_TRIANGLES, 5, 1, 6, GL_UNSIGNED_SHORT, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   gl.DrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   zgl_test_end(&t);
}

TEST(line_loop_and_byte_indices)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   const GLuint p = zgl_test_program(vs_pos, fs_uniform);
   REQUIRE(p);
   gl.UseProgram(p);
   gl.Uniform4f(gl.GetUniformLocation(p, "color"), 1, 1, 1, 1);
   /* A loop around pixel centres (8.5, 8.5)-(40.5, 30.5): the closing edge
    * runs down the left side x = 8.5. */
   const float sx = 2.0f / TEST_WIDTH, sy = 2.0f / TEST_HEIGHT;
   const float loop[] = {8.5f * sx - 1, 8.5f * sy - 1, 40.5f * sx - 1, 8.5f * sy - 1,
                         40.5f * sx - 1, 30.5f * sy - 1, 8.5f * sx - 1, 30.5f * sy - 1};
   positions(loop, 4);
   gl.ClearColor(0, 0, 0, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.DrawArrays(GL_LINE_LOOP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(20, 8, 255, 255, 255, 255);  /* bottom edge */
   CHECK_PIXEL(40, 20, 255, 255, 255, 255); /* right edge */
   CHECK_PIXEL(8, 20, 255, 255, 255, 255);  /* the closing edge */
   CHECK_PIXEL(20, 20, 0, 0, 0, 255);
   /* The same with byte indices. */
   GLuint ib;
   gl.GenBuffers(1, &ib);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, ib);
   const uint8_t idx[] = {0, 1, 2, 3};
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.DrawElements(GL_LINE_LOOP, 4, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(8, 20, 255, 255, 255, 255);
   CHECK_PIXEL(20, 20, 0, 0, 0, 255);
   zgl_test_end(&t);
}

TEST(uniforms_and_blocks)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   const GLuint p = zgl_test_program(
      vs_pos, "#version 330 core\n"
              "uniform float scale;\n"
              "uniform vec4 colors[3];\n"
              "uniform mat4 m;\n"
              "uniform int pick;\n"
              "layout(std140) uniform Extra { vec4 add; };\n"
              "out vec4 frag;\n"
              "void main() { frag = (m * colors[pick]) * scale + add; }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   const GLint scale = gl.GetUniformLocation(p, "scale");
   const GLint colors = gl.GetUniformLocation(p, "colors");
   const GLint colors2 = gl.GetUniformLocation(p, "colors[2]");
   const GLint m = gl.GetUniformLocation(p, "m");
   const GLint pick = gl.GetUniformLocation(p, "pick");
   CHECK(scale >= 0 && colors >= 0 && m >= 0 && pick >= 0);
   CHECK_EQ(colors2, colors + 2);
   CHECK_EQ(gl.GetUniformLocation(p, "colors[3]"), -1);
   CHECK_EQ(gl.GetUniformLocation(p, "nothing"), -1);
   gl.Uniform1f(scale, 0.5f);
   const float c[12] = {1, 0, 0, 1, 0, 1, 0, 1, 0.2f, 0.4f, 0.8f, 1};
   gl.Uniform4fv(colors, 3, c);
   /* m swaps red and blue. */
   const float swap[16] = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1};
   gl.UniformMatrix4fv(m, 1, GL_FALSE, swap);
   gl.Uniform1i(pick, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLfloat back[16];
   gl.GetUniformfv(p, colors2, back);
   CHECK_FLOAT_EQ(back[2], 0.8f, 0);
   gl.GetUniformfv(p, m, back);
   CHECK_FLOAT_EQ(back[2], 1.0, 0);
   GLint ib = 0;
   gl.GetUniformiv(p, pick, &ib);
   CHECK_EQ(ib, 2);
   /* glUniform errors (GL 4.6, 7.6.1). */
   gl.Uniform1i(scale, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.Uniform2f(scale, 1, 2);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.Uniform4fv(scale, 2, c);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.Uniform1f(1000, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.Uniform1f(-1, 1); /* ignored */
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.Uniform4fv(colors, -1, c);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* The block at binding point 3. */
   const GLuint block = gl.GetUniformBlockIndex(p, "Extra");
   REQUIRE(block != GL_INVALID_INDEX);
   gl.UniformBlockBinding(p, block, 3);
   gl.UniformBlockBinding(p, block + 1, 3);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLuint ubo;
   gl.GenBuffers(1, &ubo);
   gl.BindBuffer(GL_UNIFORM_BUFFER, ubo);
   float data[128] = {0};
   data[64 + 1] = 0.2f; /* add = (0, 0.2, 0, 0) at offset 256 */
   gl.BufferData(GL_UNIFORM_BUFFER, sizeof(data), data, GL_STATIC_DRAW);
   gl.BindBufferRange(GL_UNIFORM_BUFFER, 3, ubo, 256, 16);
   const float full[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   positions(full, 4);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* (m * (0.2, 0.4, 0.8, 1)) * 0.5 + (0, 0.2, 0, 0) = (0.4, 0.4, 0.1, 0.5):
    * 102, 102, round(25.5) (either), 128 (127.5: either). */
   uint8_t px[4];
   zgl_test_pixel(10, 10, px);
   CHECK_EQ(px[0], 102);
   CHECK_EQ(px[1], 102);
   CHECK(px[2] == 25 || px[2] == 26);
   CHECK(px[3] == 127 || px[3] == 128);
   zgl_test_end(&t);
}

TEST(shader_and_program_errors)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   CHECK_EQ(gl.CreateShader(0xdead), 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   const GLuint s = gl.CreateShader(GL_FRAGMENT_SHADER);
   const char *bad = "#version 330 core\nvoid main() { undeclared = 1; }\n";
   gl.ShaderSource(s, 1, &bad, NULL);
   gl.CompileShader(s);
   GLint v = 1;
   gl.GetShaderiv(s, GL_COMPILE_STATUS, &v);
   CHECK_EQ(v, GL_FALSE);
   gl.GetShaderiv(s, GL_INFO_LOG_LENGTH, &v);
   CHECK(v > 1);
   char log[1024];
   GLsizei len = 0;
   gl.GetShaderInfoLog(s, sizeof(log), &len, log);
   CHECK(strstr(log, "undeclared") != NULL);
   CHECK_EQ((size_t)len, strlen(log));
   /* Linking a program with it fails with a log; using it is an error. */
   const GLuint p = gl.CreateProgram();
   gl.AttachShader(p, s);
   gl.AttachShader(p, s);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.LinkProgram(p);
   gl.GetProgramiv(p, GL_LINK_STATUS, &v);
   CHECK_EQ(v, GL_FALSE);
   gl.GetProgramiv(p, GL_INFO_LOG_LENGTH, &v);
   CHECK(v > 1);
   gl.UseProgram(p);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ(gl.GetUniformLocation(p, "x"), -1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* Names of the wrong kind, and no name at all (GL 4.6, 7.1, 7.3). */
   gl.CompileShader(p);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.LinkProgram(s);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.LinkProgram(99999);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ(gl.IsShader(s), GL_TRUE);
   CHECK_EQ(gl.IsProgram(s), GL_FALSE);
   /* A deleted shader stays while attached (flagged). */
   gl.DeleteShader(s);
   CHECK_EQ(gl.IsShader(s), GL_TRUE);
   gl.GetShaderiv(s, GL_DELETE_STATUS, &v);
   CHECK_EQ(v, GL_TRUE);
   gl.DeleteProgram(p);
   CHECK_EQ(gl.IsShader(s), GL_FALSE);
   CHECK_EQ(gl.IsProgram(p), GL_FALSE);
   /* A link error between stages. */
   const GLuint q = gl.CreateProgram();
   const GLuint vs = gl.CreateShader(GL_VERTEX_SHADER), fs = gl.CreateShader(GL_FRAGMENT_SHADER);
   const char *vsrc = "#version 330 core\nout vec3 a;\nvoid main() { a = vec3(1); gl_Position = vec4(0); }\n";
   const char *fsrc = "#version 330 core\nin vec4 a;\nout vec4 f;\nvoid main() { f = a; }\n";
   gl.ShaderSource(vs, 1, &vsrc, NULL);
   gl.ShaderSource(fs, 1, &fsrc, NULL);
   gl.CompileShader(vs);
   gl.CompileShader(fs);
   gl.AttachShader(q, vs);
   gl.AttachShader(q, fs);
   gl.LinkProgram(q);
   gl.GetProgramiv(q, GL_LINK_STATUS, &v);
   CHECK_EQ(v, GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   zgl_test_end(&t);
}

TEST(masked_clears)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   gl.ClearColor(0.2f, 0.4f, 0.6f, 0.8f);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   /* Only red and blue change (GL 4.6, 17.4.2: the colour mask applies to
    * clears). */
   gl.ColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   gl.ClearColor(1.0f, 1.0f, 0.0f, 0.0f);
   gl.Enable(GL_SCISSOR_TEST);
   gl.Scissor(0, 0, 8, 8);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.Disable(GL_SCISSOR_TEST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(3, 3, 255, 102, 0, 204);
   CHECK_PIXEL(20, 20, 51, 102, 153, 204);
   /* Stencil through its write mask: 0xff then 0x00 under mask 0x0f. */
   gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   PFNGLCLEARSTENCILPROC clear_stencil =
      (PFNGLCLEARSTENCILPROC)zgl_get_proc_address("glClearStencil");
   PFNGLSTENCILMASKPROC stencil_mask =
      (PFNGLSTENCILMASKPROC)zgl_get_proc_address("glStencilMask");
   REQUIRE(clear_stencil && stencil_mask);
   clear_stencil(0xff);
   gl.Clear(GL_STENCIL_BUFFER_BIT);
   stencil_mask(0x0f);
   clear_stencil(0x00);
   gl.Clear(GL_STENCIL_BUFFER_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint8_t s = 0;
   gl.ReadPixels(9, 9, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   CHECK_EQ(s, 0xf0);
   zgl_test_end(&t);
}

TEST(indirect_draws)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLDRAWARRAYSINDIRECTPROC arrays =
      (PFNGLDRAWARRAYSINDIRECTPROC)zgl_get_proc_address("glDrawArraysIndirect");
   PFNGLMULTIDRAWELEMENTSINDIRECTPROC multi =
      (PFNGLMULTIDRAWELEMENTSINDIRECTPROC)zgl_get_proc_address("glMultiDrawElementsIndirect");
   REQUIRE(arrays && multi);
   const GLuint p = zgl_test_program(vs_pos, fs_uniform);
   REQUIRE(p);
   gl.UseProgram(p);
   gl.Uniform4f(gl.GetUniformLocation(p, "color"), 0, 1, 0, 1);
   /* Left half then right half of the window as two quads. */
   const float quads[] = {-1, -1, 0, -1, -1, 1, 0, 1, 0, -1, 1, -1, 0, 1, 1, 1};
   positions(quads, 8);
   gl.ClearColor(0, 0, 0, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   arrays(GL_TRIANGLE_STRIP, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION); /* no GL_DRAW_INDIRECT_BUFFER */
   GLuint ib;
   gl.GenBuffers(1, &ib);
   gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, ib);
   /* {count, instances, first, baseInstance}: the right quad. */
   const GLuint cmd[4] = {4, 1, 4, 0};
   gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof(cmd), cmd, GL_STATIC_DRAW);
   arrays(GL_TRIANGLE_STRIP, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(10, 10, 0, 0, 0, 255);
   CHECK_PIXEL(50, 10, 0, 255, 0, 255);
   arrays(GL_TRIANGLE_STRIP, (void *)4); /* past the end */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* Two indexed commands, stride 32: both quads through base vertex. */
   GLuint eb;
   gl.GenBuffers(1, &eb);
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
   const uint16_t idx[] = {0, 1, 2, 2, 1, 3};
   gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   /* {count, instances, firstIndex, baseVertex, baseInstance} x 2, padded. */
   const GLuint cmds[16] = {6, 1, 0, 0, 0, 0, 0, 0, 6, 1, 0, 4, 0, 0, 0, 0};
   gl.BufferData(GL_DRAW_INDIRECT_BUFFER, sizeof(cmds), cmds, GL_STATIC_DRAW);
   gl.Uniform4f(gl.GetUniformLocation(p, "color"), 1, 0, 0, 1);
   multi(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL, 2, 32);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(10, 10, 255, 0, 0, 255);
   CHECK_PIXEL(50, 10, 255, 0, 0, 255);
   multi(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL, 2, 6);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   zgl_test_end(&t);
}

TEST(uniform_initializers)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   /* "uniform ... = value": the initial value until glUniform* (GLSL 1.20+,
    * GL 4.6, 7.6). */
   const GLuint p = zgl_test_program(
      vs_pos, "#version 330 core\n"
              "uniform vec4 color = vec4(0.2, 0.4, 0.6, 0.8);\n"
              "uniform float scale[2] = float[2](0.5, 1.0);\n"
              "uniform bool on = true;\n"
              "out vec4 frag;\n"
              "void main() { frag = on ? color * scale[1] : vec4(0.0); }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   GLfloat v[4] = {0};
   gl.GetUniformfv(p, gl.GetUniformLocation(p, "color"), v);
   CHECK_FLOAT_EQ(v[1], 0.4f, 0);
   gl.GetUniformfv(p, gl.GetUniformLocation(p, "scale[0]"), v);
   CHECK_FLOAT_EQ(v[0], 0.5f, 0);
   GLint b = 0;
   gl.GetUniformiv(p, gl.GetUniformLocation(p, "on"), &b);
   CHECK_EQ(b, 1);
   const float full[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   positions(full, 4);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PIXEL(9, 9, 51, 102, 153, 204);
   zgl_test_end(&t);
}

TEST(blend_stencil_cull_masks)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLBLENDFUNCSEPARATEPROC blend_sep =
      (PFNGLBLENDFUNCSEPARATEPROC)zgl_get_proc_address("glBlendFuncSeparate");
   PFNGLSTENCILOPSEPARATEPROC op_sep =
      (PFNGLSTENCILOPSEPARATEPROC)zgl_get_proc_address("glStencilOpSeparate");
   PFNGLCLEARSTENCILPROC clear_stencil = (PFNGLCLEARSTENCILPROC)zgl_get_proc_address("glClearStencil");
   REQUIRE(blend_sep && op_sep && clear_stencil);
   const GLuint p = zgl_test_program(vs_pos, fs_uniform);
   REQUIRE(p);
   gl.UseProgram(p);
   const GLint color = gl.GetUniformLocation(p, "color");
   /* Left half: a CCW quad; right half: the same quad wound CW. */
   const float quads[] = {-1, -1, 0, -1, -1, 1, 0, 1, /* CCW strip */
                          0, -1, 0, 1, 1, -1, 1, 1};  /* CW strip */
   positions(quads, 8);
   gl.ClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   /* Blending (GL 4.6, 17.3.6): src * a + dst * (1 - a) with a = 0.6. */
   gl.Enable(GL_BLEND);
   gl.BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   gl.Uniform4f(color, 1.0f, 0.0f, 0.0f, 0.6f);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   uint8_t px[4];
   zgl_test_pixel(10, 10, px);
   CHECK(px[0] >= 152 && px[0] <= 154); /* 0.6 * 255 = 153 */
   CHECK(px[2] >= 101 && px[2] <= 103); /* 0.4 * 255 = 102 */
   gl.Disable(GL_BLEND);
   /* Culling back faces (CCW is front): only the left quad draws. */
   gl.Enable(GL_CULL_FACE);
   gl.Uniform4f(color, 0.0f, 1.0f, 0.0f, 1.0f);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 4, 4);
   CHECK_PIXEL(10, 10, 0, 255, 0, 255);
   CHECK_PIXEL(50, 10, 0, 0, 255, 255);
   /* glFrontFace(GL_CW) makes the right quad the front. */
   gl.FrontFace(GL_CW);
   gl.Uniform4f(color, 1.0f, 1.0f, 0.0f, 1.0f);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 4, 4);
   CHECK_PIXEL(50, 10, 255, 255, 0, 255);
   gl.FrontFace(GL_CCW);
   gl.Disable(GL_CULL_FACE);
   /* Stencil: mark the left half with 1 (REPLACE), then draw everywhere
    * where stencil != 1 only. The colour mask keeps green from the mark. */
   clear_stencil(0);
   gl.Clear(GL_STENCIL_BUFFER_BIT);
   gl.Enable(GL_STENCIL_TEST);
   gl.StencilFunc(GL_ALWAYS, 1, 0xff);
   gl.StencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   gl.ColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   gl.StencilFunc(GL_NOTEQUAL, 1, 0xff);
   gl.StencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   gl.Uniform4f(color, 1.0f, 0.0f, 1.0f, 1.0f);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 4, 4);
   gl.Disable(GL_STENCIL_TEST);
   CHECK_PIXEL(10, 10, 0, 255, 0, 255);   /* kept: stencil 1 */
   CHECK_PIXEL(50, 10, 255, 0, 255, 255); /* drawn */
   uint8_t s = 9;
   gl.ReadPixels(10, 10, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   CHECK_EQ(s, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   blend_sep(GL_ONE, GL_ZERO, GL_ONE, GL_RGBA);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   op_sep(GL_LEFT, GL_KEEP, GL_KEEP, GL_KEEP);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}
