/* SPDX-License-Identifier: MIT */
/*
 * GLSL 1.40's inverse() (GLSL 1.40, 8.5), which glslang declares only from
 * 1.50 on and kgl supplies: the results are compared in the shader with
 * inverses worked out by hand, and M * inverse(M) with the identity.
 */
#include "zgl_test.h"

static const char *const vs = "#version 140\n"
                              "void main() {\n"
                              "   vec2 p = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;\n"
                              "   gl_Position = vec4(p, 0.0, 1.0);\n"
                              "}\n";
/* [[1, 3], [2, 4]]^-1 = [[-2, 1.5], [1, -0.5]]; [[1, 0, 3], [0, 2, 0],
 * [0, 0, 1]]^-1 = [[1, 0, -3], [0, 0.5, 0], [0, 0, 1]]; [[2I, t], [0, 1]]^-1
 * = [[I / 2, -t / 2], [0, 1]] (matrices written by rows, GLSL's
 * constructors take columns). Green when every element is within 1e-5. */
static const char *const fs =
   "#version 140\n"
   "out vec4 c;\n"
   "uniform float one;\n"
   "bool near(mat4 a, mat4 b) {\n"
   "   for (int i = 0; i < 4; i++)\n"
   "      if (any(greaterThan(abs(a[i] - b[i]), vec4(1e-5)))) return false;\n"
   "   return true;\n"
   "}\n"
   "void main() {\n"
   "   mat2 a = inverse(mat2(1.0, 2.0, 3.0, 4.0) * one);\n"
   "   mat3 b = inverse(mat3(1.0, 0.0, 0.0, 0.0, 2.0, 0.0, 3.0, 0.0, 1.0) * one);\n"
   "   mat4 t = mat4(2.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0,\n"
   "                 1.0, 2.0, 3.0, 1.0) * one;\n"
   "   mat4 g = mat4(2.0, 1.0, 0.0, 0.0, 1.0, 3.0, 1.0, 0.0, 0.0, 1.0, 4.0, 1.0,\n"
   "                 1.0, 0.0, 1.0, 5.0) * one;\n"
   "   bool ok = near(mat4(a), mat4(mat2(-2.0, 1.0, 1.5, -0.5)))\n"
   "          && near(mat4(b), mat4(mat3(1.0, 0.0, 0.0, 0.0, 0.5, 0.0, -3.0, 0.0, 1.0)))\n"
   "          && near(inverse(t), mat4(0.5, 0.0, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0,\n"
   "                                   0.0, 0.0, 0.5, 0.0, -0.5, -1.0, -1.5, 1.0))\n"
   "          && near(g * inverse(g), mat4(1.0));\n"
   "   c = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n"
   "}\n";

TEST(glsl_140_inverse)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   const GLuint p = zgl_test_program(vs, fs);
   REQUIRE(p);
   gl.UseProgram(p);
   gl.Uniform1f(gl.GetUniformLocation(p, "one"), 1.0f);
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.ClearColor(0, 0, 0, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint8_t px[4];
   zgl_test_pixel(32, 24, px);
   CHECK_EQ(px[0], 0);
   CHECK_EQ(px[1], 255);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(p);
   zgl_test_end(&t);
}
