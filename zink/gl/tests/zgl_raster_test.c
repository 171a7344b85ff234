/* SPDX-License-Identifier: MIT */
/*
 * Raster state the shaders apply for zgl: GL_CLIP_DISTANCEi enables and
 * glPointSize / GL_PROGRAM_POINT_SIZE, checked on the pixels against GL 3.3
 * core's rules (2.19 "Primitive Clipping", 3.4 "Points"; the window origin
 * at the lower left, pixel centres at half-integers).
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

#define DRAWN(x, y)   CHECK(pixel_is(x, y, 255, 255, 255))
#define CLEARED(x, y) CHECK(pixel_is(x, y, 0, 0, 0))

static const char *const fs_white = "#version 330 core\n"
                                    "out vec4 c;\n"
                                    "void main() { c = vec4(1.0); }\n";

/* A window-filling quad (gl_VertexID 0..3 as a strip) with distance 0 =
 * x (the left half is outside) and distance 1 = -y (the upper half). */
static const char *const vs_clip = "#version 330 core\n"
                                   "out float gl_ClipDistance[2];\n"
                                   "void main() {\n"
                                   "   vec2 p = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;\n"
                                   "   gl_ClipDistance[0] = p.x;\n"
                                   "   gl_ClipDistance[1] = -p.y;\n"
                                   "   gl_Position = vec4(p, 0.0, 1.0);\n"
                                   "}\n";

static void
clear_and_draw(GLenum mode, GLsizei count)
{
   gl.ClearColor(0, 0, 0, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.DrawArrays(mode, 0, count);
}

TEST(clip_distance_enables)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   const GLuint p = zgl_test_program(vs_clip, fs_white);
   REQUIRE(p);
   gl.UseProgram(p);
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   /* Both disabled (the initial state): nothing is clipped. */
   clear_and_draw(GL_TRIANGLE_STRIP, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   DRAWN(4, 4);
   DRAWN(4, 44);
   DRAWN(60, 44);
   /* Distance 0 only: x < 0 (window x < 32) is clipped. */
   gl.Enable(GL_CLIP_DISTANCE0);
   clear_and_draw(GL_TRIANGLE_STRIP, 4);
   CLEARED(4, 4);
   CLEARED(30, 44);
   DRAWN(34, 4);
   DRAWN(60, 44);
   /* Distance 1 only: y > 0 (window y >= 24) is clipped. */
   gl.Disable(GL_CLIP_DISTANCE0);
   gl.Enable(GL_CLIP_DISTANCE1);
   clear_and_draw(GL_TRIANGLE_STRIP, 4);
   DRAWN(4, 4);
   DRAWN(60, 22);
   CLEARED(4, 44);
   CLEARED(60, 26);
   /* Both: only the lower right quarter is left. */
   gl.Enable(GL_CLIP_DISTANCE0);
   clear_and_draw(GL_TRIANGLE_STRIP, 4);
   DRAWN(60, 4);
   CLEARED(4, 4);
   CLEARED(60, 44);
   CLEARED(4, 44);
   gl.Disable(GL_CLIP_DISTANCE0);
   gl.Disable(GL_CLIP_DISTANCE1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.DeleteVertexArrays(1, &vao);
   gl.DeleteProgram(p);
   zgl_test_end(&t);
}

/* One point at the centre of pixel (32, 24), window (32.5, 24.5): a size-s
 * point covers the pixels whose centres lie within s / 2 of it in x and y
 * (GL 3.3, 3.4.1), so no centre is on an edge for odd sizes. */
static const char *const vs_point = "#version 330 core\n"
                                    "void main() { gl_Position = vec4(1.0 / 64.0, 1.0 / 48.0, 0.0, 1.0); }\n";
static const char *const vs_point_3 = "#version 330 core\n"
                                      "void main() {\n"
                                      "   gl_Position = vec4(1.0 / 64.0, 1.0 / 48.0, 0.0, 1.0);\n"
                                      "   gl_PointSize = 3.0;\n"
                                      "}\n";

TEST(point_size_and_program_point_size)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLPOINTSIZEPROC point_size = (PFNGLPOINTSIZEPROC)zgl_get_proc_address("glPointSize");
   REQUIRE(point_size);
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   const GLuint plain = zgl_test_program(vs_point, fs_white);
   const GLuint sized = zgl_test_program(vs_point_3, fs_white);
   REQUIRE(plain && sized);

   /* The shader writes no gl_PointSize: glPointSize's 9 covers pixels
    * 28..36 in x and 20..28 in y. */
   gl.UseProgram(plain);
   point_size(9.0f);
   clear_and_draw(GL_POINTS, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   DRAWN(32, 24);
   DRAWN(28, 24);
   DRAWN(36, 28);
   CLEARED(27, 24);
   CLEARED(32, 29);
   /* Size 1: pixel (32, 24) alone. */
   point_size(1.0f);
   clear_and_draw(GL_POINTS, 1);
   DRAWN(32, 24);
   CLEARED(31, 24);
   CLEARED(33, 24);
   CLEARED(32, 25);

   /* The shader writes 3, but program point size is off: 9 again. */
   gl.UseProgram(sized);
   point_size(9.0f);
   clear_and_draw(GL_POINTS, 1);
   DRAWN(28, 24);
   DRAWN(32, 20);
   CLEARED(27, 24);
   /* On: the shader's 3 covers pixels 31..33 in x and 23..25 in y. */
   gl.Enable(GL_PROGRAM_POINT_SIZE);
   clear_and_draw(GL_POINTS, 1);
   DRAWN(31, 23);
   DRAWN(33, 25);
   CLEARED(30, 24);
   CLEARED(32, 22);
   CLEARED(28, 24);
   gl.Disable(GL_PROGRAM_POINT_SIZE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.DeleteProgram(plain);
   gl.DeleteProgram(sized);
   gl.DeleteVertexArrays(1, &vao);
   zgl_test_end(&t);
}
