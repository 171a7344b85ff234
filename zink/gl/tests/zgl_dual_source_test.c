/* SPDX-License-Identifier: MIT */
/*
 * Dual-source blending (GL 3.3 core, 3.9.2 "Shader Outputs" and 4.1.8
 * "Blending": SRC1_COLOR is the index-1 output of draw buffer 0), through
 * the shader's layout(index = 1) and through glBindFragDataLocationIndexed.
 */
#include "zgl_test.h"

static bool
pixel_is(int x, int y, uint8_t r, uint8_t g, uint8_t b)
{
   uint8_t p[4] = {0};
   zgl_test_pixel(x, y, p);
   if (p[0] == r && p[1] == g && p[2] == b)
      return true;
   return test_fail(__FILE__, __LINE__, "pixel (%d, %d) is (%u, %u, %u), want (%u, %u, %u)",
                    x, y, p[0], p[1], p[2], r, g, b);
}

static const char *const vs_quad = "#version 330 core\n"
                                   "void main() {\n"
                                   "   vec2 p = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;\n"
                                   "   gl_Position = vec4(p, 0.0, 1.0);\n"
                                   "}\n";
static const char *const fs_layout = "#version 330 core\n"
                                     "layout(location = 0, index = 0) out vec4 c0;\n"
                                     "layout(location = 0, index = 1) out vec4 c1;\n"
                                     "void main() { c0 = vec4(1.0); c1 = vec4(1.0, 0.0, 0.0, 1.0); }\n";
/* The same outputs without layouts, declared index-1 output first. */
static const char *const fs_bound = "#version 330 core\n"
                                    "out vec4 second;\n"
                                    "out vec4 first;\n"
                                    "void main() { first = vec4(1.0); second = vec4(1.0, 0.0, 0.0, 1.0); }\n";

/* Onto green (0, 1, 0) with (SRC1_COLOR, ONE_MINUS_SRC1_COLOR), source 0
 * white and source 1 red: R = 1 * 1 + 0 * 0 = 1, G = 1 * 0 + 1 * 1 = 1,
 * B = 1 * 0 + 0 * 1 = 0: yellow. Without the second source (read as 0)
 * it would stay green. */
static void
draw_and_check(void)
{
   gl.ClearColor(0, 1, 0, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.Enable(GL_BLEND);
   gl.BlendFunc(GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_COLOR);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   gl.Disable(GL_BLEND);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(pixel_is(4, 4, 255, 255, 0));
   CHECK(pixel_is(60, 44, 255, 255, 0));
}

TEST(dual_source_blending)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   GLint max = 0;
   gl.GetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &max);
   CHECK_EQ(max, 1);
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);

   const GLuint layout = zgl_test_program(vs_quad, fs_layout);
   REQUIRE(layout);
   PFNGLGETFRAGDATAINDEXPROC get_index =
      (PFNGLGETFRAGDATAINDEXPROC)zgl_get_proc_address("glGetFragDataIndex");
   PFNGLBINDFRAGDATALOCATIONINDEXEDPROC bind_indexed =
      (PFNGLBINDFRAGDATALOCATIONINDEXEDPROC)zgl_get_proc_address(
         "glBindFragDataLocationIndexed");
   REQUIRE(get_index && bind_indexed);
   CHECK_EQ(get_index(layout, "c0"), 0);
   CHECK_EQ(get_index(layout, "c1"), 1);
   gl.UseProgram(layout);
   draw_and_check();

   /* glBindFragDataLocationIndexed, applied at the next link. */
   const GLuint bound = zgl_test_program(vs_quad, fs_bound);
   REQUIRE(bound);
   bind_indexed(bound, 0, 0, "first");
   bind_indexed(bound, 0, 1, "second");
   gl.LinkProgram(bound);
   GLint ok = 0;
   gl.GetProgramiv(bound, GL_LINK_STATUS, &ok);
   CHECK(ok);
   CHECK_EQ(get_index(bound, "first"), 0);
   CHECK_EQ(get_index(bound, "second"), 1);
   CHECK_EQ(gl.GetFragDataLocation(bound, "second"), 0);
   gl.UseProgram(bound);
   draw_and_check();

   /* GL 3.3, 3.9.2: index 1 only for colour number 0. */
   bind_indexed(bound, 1, 1, "second");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   bind_indexed(bound, 0, 2, "second");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.DeleteProgram(layout);
   gl.DeleteProgram(bound);
   gl.DeleteVertexArrays(1, &vao);
   zgl_test_end(&t);
}
