/* SPDX-License-Identifier: MIT */
/*
 * Transform feedback: captured values are the vertex shader's outputs,
 * computed here from the inputs, in the buffer layout GL 4.6 11.1.2.1
 * gives interleaved and separate captures; and the errors of 13.3.
 */
#include <string.h>

#include "zgl_test.h"

#define GLP(type, name) ((type)zgl_get_proc_address(name))

struct xfb_api {
   PFNGLTRANSFORMFEEDBACKVARYINGSPROC varyings;
   PFNGLBEGINTRANSFORMFEEDBACKPROC begin;
   PFNGLENDTRANSFORMFEEDBACKPROC end;
   PFNGLGETTRANSFORMFEEDBACKVARYINGPROC get;
};

static GLuint
xfb_program(struct xfb_api *x, const char *const *names, int n, GLenum mode)
{
   const char *vs = "#version 330 core\n"
                    "layout(location = 0) in vec4 a;\n"
                    "out vec3 doubled;\n"
                    "out float sum;\n"
                    "void main() {\n"
                    "   doubled = a.xyz * 2.0;\n"
                    "   sum = a.x + a.y + a.z + a.w;\n"
                    "   gl_Position = vec4(a.xy, 0.0, 1.0);\n"
                    "}\n";
   const GLuint p = gl.CreateProgram();
   const GLuint s = gl.CreateShader(GL_VERTEX_SHADER);
   gl.ShaderSource(s, 1, &vs, NULL);
   gl.CompileShader(s);
   gl.AttachShader(p, s);
   x->varyings(p, n, names, mode);
   gl.LinkProgram(p);
   gl.DeleteShader(s);
   return p;
}

TEST(transform_feedback_capture)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   struct xfb_api x = {
      GLP(PFNGLTRANSFORMFEEDBACKVARYINGSPROC, "glTransformFeedbackVaryings"),
      GLP(PFNGLBEGINTRANSFORMFEEDBACKPROC, "glBeginTransformFeedback"),
      GLP(PFNGLENDTRANSFORMFEEDBACKPROC, "glEndTransformFeedback"),
      GLP(PFNGLGETTRANSFORMFEEDBACKVARYINGPROC, "glGetTransformFeedbackVarying"),
   };
   REQUIRE(x.varyings && x.begin && x.end && x.get);
   const char *names[] = {"sum", "doubled", "gl_Position"};
   const GLuint p = xfb_program(&x, names, 3, GL_INTERLEAVED_ATTRIBS);
   GLint v = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &v);
   if (!CHECK_EQ(v, GL_TRUE)) {
      char log[2048];
      gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
      test_fail(__FILE__, __LINE__, "%s", log);
      return;
   }
   gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &v);
   CHECK_EQ(v, 3);
   char name[32];
   GLsizei size = 0;
   GLenum type = 0;
   x.get(p, 1, sizeof(name), NULL, &size, &type, name);
   CHECK_STREQ(name, "doubled");
   CHECK_EQ(type, GL_FLOAT_VEC3);
   gl.UseProgram(p);
   GLuint vao, in, out;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &in);
   gl.BindBuffer(GL_ARRAY_BUFFER, in);
   const float a[3][4] = {{1, 2, 3, 4}, {-1, 0.5f, 0, 2}, {0.25f, 0.25f, 8, -1}};
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(a), a, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   gl.GenBuffers(1, &out);
   gl.BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, out);
   float init[3 * 8 + 4];
   for (unsigned i = 0; i < ARRAY_SIZE(init); i++)
      init[i] = -99.0f;
   gl.BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(init), init, GL_STATIC_READ);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out);
   gl.Enable(GL_RASTERIZER_DISCARD);
   x.begin(GL_POINTS);
   if (gl.GetError() == GL_INVALID_OPERATION) {
      /* Only a device without VK_EXT_transform_feedback says no here. */
      test_skip("the Vulkan device has no transform feedback");
      zgl_test_end(&t);
      return;
   }
   gl.DrawArrays(GL_TRIANGLES, 0, 3); /* the capture's mode: points */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.UseProgram(0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.DrawArrays(GL_POINTS, 0, 3);
   x.end();
   gl.Disable(GL_RASTERIZER_DISCARD);
   CHECK_GL_ERROR(GL_NO_ERROR);
   float got[ARRAY_SIZE(init)];
   gl.GetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(got), got);
   /* Interleaved, in the order named: sum, doubled.xyz, gl_Position. */
   for (unsigned i = 0; i < 3; i++) {
      const float *g = got + i * 8;
      CHECK_FLOAT_EQ(g[0], a[i][0] + a[i][1] + a[i][2] + a[i][3], 0);
      CHECK_FLOAT_EQ(g[1], a[i][0] * 2, 0);
      CHECK_FLOAT_EQ(g[2], a[i][1] * 2, 0);
      CHECK_FLOAT_EQ(g[3], a[i][2] * 2, 0);
      CHECK_FLOAT_EQ(g[4], a[i][0], 0);
      CHECK_FLOAT_EQ(g[5], a[i][1], 0);
      CHECK_FLOAT_EQ(g[6], 0.0, 0);
      CHECK_FLOAT_EQ(g[7], 1.0, 0);
   }
   CHECK_FLOAT_EQ(got[24], -99.0, 0); /* nothing past three vertices */
   x.end();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   zgl_test_end(&t);
}

TEST(transform_feedback_errors)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   struct xfb_api x = {
      GLP(PFNGLTRANSFORMFEEDBACKVARYINGSPROC, "glTransformFeedbackVaryings"),
      GLP(PFNGLBEGINTRANSFORMFEEDBACKPROC, "glBeginTransformFeedback"),
      GLP(PFNGLENDTRANSFORMFEEDBACKPROC, "glEndTransformFeedback"),
      GLP(PFNGLGETTRANSFORMFEEDBACKVARYINGPROC, "glGetTransformFeedbackVarying"),
   };
   REQUIRE(x.varyings && x.begin && x.end && x.get);
   /* A name the shader does not write fails the link (11.1.2.1). */
   const char *bad[] = {"nothing"};
   GLuint p = xfb_program(&x, bad, 1, GL_INTERLEAVED_ATTRIBS);
   GLint v = 1;
   gl.GetProgramiv(p, GL_LINK_STATUS, &v);
   CHECK_EQ(v, GL_FALSE);
   const char *twice[] = {"sum", "sum"};
   p = xfb_program(&x, twice, 2, GL_INTERLEAVED_ATTRIBS);
   gl.GetProgramiv(p, GL_LINK_STATUS, &v);
   CHECK_EQ(v, GL_FALSE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   x.varyings(p, -1, bad, GL_INTERLEAVED_ATTRIBS);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   x.varyings(p, 1, bad, GL_RGBA);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   const char *five[] = {"a", "b", "c", "d", "e"};
   x.varyings(p, 5, five, GL_SEPARATE_ATTRIBS);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   x.begin(GL_POINTS); /* no program */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   x.begin(GL_TRIANGLE_STRIP);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 2, 16);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 4, b);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   zgl_test_end(&t);
}
