/* SPDX-License-Identifier: MIT */
/*
 * Geometry shaders (GL 3.2): a GS that turns each point into a quad. On a
 * device without geometry shaders glCreateShader(GL_GEOMETRY_SHADER) is
 * GL_INVALID_ENUM, and the test says it skips.
 */
#include "zgl_test.h"

TEST(geometry_shader_points_to_quads)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   const GLuint gs = gl.CreateShader(GL_GEOMETRY_SHADER);
   if (!gs) {
      CHECK_GL_ERROR(GL_INVALID_ENUM);
      test_skip("the Vulkan device has no geometry shaders");
      zgl_test_end(&t);
      return;
   }
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec2 pos;\n"
                    "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   const char *gsrc = "#version 330 core\n"
                      "layout(points) in;\n"
                      "layout(triangle_strip, max_vertices = 4) out;\n"
                      "out vec4 c;\n"
                      "void main() {\n"
                      "   for (int i = 0; i < 4; i++) {\n"
                      "      vec2 o = vec2(i & 1, i >> 1) * 0.25;\n"
                      "      c = vec4(1.0, float(i) / 3.0, 0.0, 1.0);\n"
                      "      gl_Position = gl_in[0].gl_Position + vec4(o, 0.0, 0.0);\n"
                      "      EmitVertex();\n"
                      "   }\n"
                      "}\n";
   const char *fs = "#version 330 core\n"
                    "in vec4 c;\n"
                    "out vec4 frag;\n"
                    "void main() { frag = vec4(c.r, 0.0, 0.0, 1.0); }\n";
   const GLuint p = gl.CreateProgram();
   const char *srcs[3] = {vs, gsrc, fs};
   const GLenum types[3] = {GL_VERTEX_SHADER, GL_GEOMETRY_SHADER, GL_FRAGMENT_SHADER};
   for (unsigned i = 0; i < 3; i++) {
      const GLuint s = i == 1 ? gs : gl.CreateShader(types[i]);
      gl.ShaderSource(s, 1, &srcs[i], NULL);
      gl.CompileShader(s);
      gl.AttachShader(p, s);
   }
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!CHECK_EQ(ok, GL_TRUE)) {
      char log[2048];
      gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
      test_fail(__FILE__, __LINE__, "%s", log);
      return;
   }
   gl.UseProgram(p);
   GLuint vao, b;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   /* One point at NDC (-0.5, -0.5): a quad over NDC [-0.5, -0.25]^2, i.e.
    * window x 16..24, y 12..18. */
   const float pt[2] = {-0.5f, -0.5f};
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(pt), pt, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   gl.ClearColor(0, 0, 0, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.DrawArrays(GL_POINTS, 0, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint8_t px[4];
   zgl_test_pixel(20, 15, px);
   CHECK_EQ(px[0], 255);
   zgl_test_pixel(30, 15, px);
   CHECK_EQ(px[0], 0);
   zgl_test_pixel(20, 22, px);
   CHECK_EQ(px[0], 0);
   zgl_test_end(&t);
}
