/* SPDX-License-Identifier: MIT */
/*
 * Compatibility contexts: the versions and strings they report, the
 * default vertex array object and client-memory arrays and indices (GL 4.6
 * compatibility profile, 10.3), checked on pixels whose values follow from
 * the spec (window origin at the lower left, unorm8 conversion).
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

/* EGL's default request: GL 1.0 (profiles do not exist below 3.2). */
static bool
begin_compat(struct zgl_test *t, int major, int minor)
{
   const struct zgl_context_attribs attribs = {
      .api = ZGL_API_OPENGL, .major_version = major, .minor_version = minor,
      .profile = ZGL_PROFILE_CORE,
   };
   return zgl_test_begin_attribs(t, &attribs);
}

TEST(compat_context_versions)
{
   /* 1.0, 2.1 and 3.0 requests get the highest compatibility version,
    * 3.3, "backwards compatible with the requested version"
    * (EGL_KHR_create_context); 3.2 and 3.3 compatibility profile requests
    * get it too. */
   static const int asked[][3] = {{1, 0, ZGL_PROFILE_CORE}, {2, 1, ZGL_PROFILE_CORE},
                                  {3, 0, ZGL_PROFILE_CORE}, {3, 2, ZGL_PROFILE_COMPAT},
                                  {3, 3, ZGL_PROFILE_COMPAT}};
   for (unsigned i = 0; i < 5; i++) {
      struct zgl_test t;
      const struct zgl_context_attribs attribs = {ZGL_API_OPENGL, asked[i][0], asked[i][1],
                                                  (enum zgl_profile)asked[i][2]};
      REQUIRE(zgl_test_begin_attribs(&t, &attribs));
      const char *version = (const char *)gl.GetString(GL_VERSION);
      REQUIRE(version);
      CHECK(!strncmp(version, "3.3 (Compatibility Profile) ", 28));
      CHECK_STREQ((const char *)gl.GetString(GL_SHADING_LANGUAGE_VERSION), "3.30");
      GLint major = 0, minor = -1, profile = 0;
      gl.GetIntegerv(GL_MAJOR_VERSION, &major);
      gl.GetIntegerv(GL_MINOR_VERSION, &minor);
      gl.GetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
      CHECK_EQ(major, 3);
      CHECK_EQ(minor, 3);
      CHECK_EQ(profile, GL_CONTEXT_COMPATIBILITY_PROFILE_BIT);
      /* Compatibility contexts keep glGetString(GL_EXTENSIONS) (GL 4.6
       * compatibility, 22.2): the same names as glGetStringi. */
      const char *ext = (const char *)gl.GetString(GL_EXTENSIONS);
      CHECK(ext && strstr(ext, (const char *)gl.GetStringi(GL_EXTENSIONS, 0)));
      CHECK_GL_ERROR(GL_NO_ERROR);
      zgl_test_end(&t);
   }
   /* 3.0 forward-compatible is the core context. */
   struct zgl_test t;
   const struct zgl_context_attribs fc = {ZGL_API_OPENGL, 3, 0, ZGL_PROFILE_CORE, true};
   REQUIRE(zgl_test_begin_attribs(&t, &fc));
   GLint profile = 0;
   gl.GetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
   CHECK_EQ(profile, GL_CONTEXT_CORE_PROFILE_BIT);
   CHECK(gl.GetString(GL_EXTENSIONS) == NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}

static const char *const vs_130 = "#version 130\n"
                                  "in vec2 pos;\n"
                                  "in vec4 color;\n"
                                  "out vec4 c;\n"
                                  "void main() { gl_Position = vec4(pos, 0.0, 1.0); c = color; }\n";
static const char *const fs_130 = "#version 130\n"
                                  "in vec4 c;\n"
                                  "out vec4 frag;\n"
                                  "void main() { frag = c; }\n";

TEST(compat_client_arrays)
{
   struct zgl_test t;
   REQUIRE(begin_compat(&t, 3, 0));
   /* The default VAO is bound and usable (GL 4.6 compatibility, 10.3.1). */
   GLint vao = -1;
   gl.GetIntegerv(GL_VERTEX_ARRAY_BINDING, &vao);
   CHECK_EQ(vao, 0);
   const GLuint p = zgl_test_program(vs_130, fs_130);
   REQUIRE(p);
   gl.BindAttribLocation(p, 0, "pos");
   gl.BindAttribLocation(p, 1, "color");
   gl.LinkProgram(p);
   gl.UseProgram(p);
   gl.ClearColor(0, 0, 1, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   /* Left half, a strip from client memory: red. */
   const float left[] = {-1, -1, 0, -1, -1, 1, 0, 1};
   const uint8_t red[] = {255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255};
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, left);
   gl.VertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, red);
   gl.EnableVertexAttribArray(0);
   gl.EnableVertexAttribArray(1);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* Right half, interleaved client vertices read through client indices
    * 4..7 (vertices 0..3 lie off screen): green at 0.6 = 153. */
   const float verts[8][6] = {
      {-9, -9, 1, 0, 1, 1}, {-9, -9, 1, 0, 1, 1}, {-9, -9, 1, 0, 1, 1}, {-9, -9, 1, 0, 1, 1},
      {0, -1, 0, 0.6f, 0, 1}, {1, -1, 0, 0.6f, 0, 1}, {0, 1, 0, 0.6f, 0, 1}, {1, 1, 0, 0.6f, 0, 1},
   };
   const GLushort indices[] = {4, 5, 6, 6, 5, 7};
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(verts[0]), &verts[0][0]);
   gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(verts[0]), &verts[0][2]);
   gl.DrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, indices);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(5, 5, 255, 0, 0, 255);
   CHECK_PIXEL(31, 40, 255, 0, 0, 255);
   CHECK_PIXEL(32, 5, 0, 153, 0, 255);
   CHECK_PIXEL(60, 40, 0, 153, 0, 255);
   /* A disabled array reads the current value; client memory changed after
    * the draw does not change what was drawn (the copy is made at the draw). */
   gl.DisableVertexAttribArray(1);
   gl.VertexAttrib4f(1, 1, 1, 0, 1);
   const uint8_t bytes_idx[] = {0, 1, 2, 3};
   float strip[] = {-0.5f, -1, 0.5f, -1, -0.5f, -0.5f, 0.5f, -0.5f};
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, strip);
   gl.DrawElements(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_BYTE, bytes_idx);
   strip[0] = strip[4] = 0.9f;
   gl.Finish();
   CHECK_PIXEL(16, 2, 255, 255, 0, 255);   /* x in [-0.5, 0.5) -> [16, 48) */
   CHECK_PIXEL(47, 10, 255, 255, 0, 255);  /* y in [-1, -0.5) -> [0, 12) */
   CHECK_PIXEL(15, 2, 255, 0, 0, 255);
   CHECK_PIXEL(48, 2, 0, 153, 0, 255);
   CHECK_PIXEL(20, 12, 255, 0, 0, 255);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* A named VAO keeps the core rules: a pointer needs a buffer, draws
    * need an element buffer (GL 4.6 compatibility, 10.3.2 and 10.4). */
   GLuint named;
   gl.GenVertexArrays(1, &named);
   gl.BindVertexArray(named);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, left);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.DrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, indices);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* Deleting the bound VAO reverts to the default one, still usable. */
   gl.DeleteVertexArrays(1, &named);
   gl.GetIntegerv(GL_VERTEX_ARRAY_BINDING, &vao);
   CHECK_EQ(vao, 0);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, left);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.DeleteProgram(p);
   zgl_test_end(&t);
}

/* GLSL 1.10 with the compatibility built-ins zink/compiler lowers:
 * gl_Vertex is generic attribute 0 (GL 4.6 compatibility, 10.2), so
 * glVertexAttribPointer(0) feeds it; gl_FragColor writes draw buffer 0. */
TEST(compat_glsl_110_vertex)
{
   struct zgl_test t;
   REQUIRE(begin_compat(&t, 2, 1));
   const GLuint p = zgl_test_program("void main() { gl_Position = gl_Vertex; }\n",
                                     "uniform vec4 u;\n"
                                     "void main() { gl_FragColor = u; }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   gl.Uniform4f(gl.GetUniformLocation(p, "u"), 0.2f, 0.4f, 0.6f, 0.8f);
   gl.ClearColor(0, 0, 0, 0);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   const float tri[] = {-1, -1, 0, 1, 3, -1, 0, 1, -1, 3, 0, 1};
   gl.VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, tri);
   gl.EnableVertexAttribArray(0);
   gl.DrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* round(0.2 * 255) = 51, 102, 153, 204 */
   CHECK_PIXEL(0, 0, 51, 102, 153, 204);
   CHECK_PIXEL(TEST_WIDTH - 1, TEST_HEIGHT - 1, 51, 102, 153, 204);
   gl.DeleteProgram(p);

   /* GLSL 3.30 compatibility: the same built-ins next to core features. */
   const GLuint q =
      zgl_test_program("#version 330 compatibility\n"
                       "layout(location = 3) in vec4 extra;\n"
                       "out vec4 c;\n"
                       "void main() {\n"
                       "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
                       "   c = extra;\n"
                       "}\n",
                       "#version 330 compatibility\n"
                       "in vec4 c;\n"
                       "layout(location = 0) out vec4 o;\n"
                       "void main() { o = c; }\n");
   REQUIRE(q);
   gl.UseProgram(q);
   gl.VertexAttrib4f(3, 0.8f, 0.6f, 0.4f, 0.2f);
   gl.DrawArrays(GL_TRIANGLES, 0, 3);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(0, 0, 204, 153, 102, 51);
   CHECK_PIXEL(TEST_WIDTH - 1, TEST_HEIGHT - 1, 204, 153, 102, 51);
   gl.DeleteProgram(q);
   zgl_test_end(&t);
}

/* The fixed-function arrays and current values feeding gl_Vertex,
 * gl_Color and gl_MultiTexCoord0 (GL 4.6 compatibility, 10.2.2, 10.3.2). */
TEST(compat_fixed_function_arrays)
{
   struct zgl_test t;
   REQUIRE(begin_compat(&t, 1, 0));
   const GLuint p = zgl_test_program(
      "void main() {\n"
      "   gl_Position = gl_Vertex;\n"
      "   gl_FrontColor = gl_Color;\n"
      "   gl_TexCoord[0] = gl_MultiTexCoord0;\n"
      "}\n",
      "void main() { gl_FragColor = vec4(gl_Color.rgb, gl_TexCoord[0].y); }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   gl.ClearColor(0, 0, 0, 0);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   /* Left half: vertex, colour (unsigned bytes, normalized) and texture
    * coordinate arrays, all in client memory. */
   const short left[] = {-1, -1, 0, -1, -1, 1, 0, 1};
   const uint8_t colors[] = {255, 0, 51, 0, 255, 0, 51, 0, 255, 0, 51, 0, 255, 0, 51, 0};
   const float tc[] = {0, 0.4f, 0, 0.4f, 0, 0.4f, 0, 0.4f};
   gl.VertexPointer(2, GL_SHORT, 0, left);
   gl.ColorPointer(4, GL_UNSIGNED_BYTE, 0, colors);
   gl.ClientActiveTexture(GL_TEXTURE0);
   gl.TexCoordPointer(2, GL_FLOAT, 0, tc);
   gl.EnableClientState(GL_VERTEX_ARRAY);
   gl.EnableClientState(GL_COLOR_ARRAY);
   gl.EnableClientState(GL_TEXTURE_COORD_ARRAY);
   CHECK(gl.IsEnabled(GL_VERTEX_ARRAY));
   CHECK(gl.IsEnabled(GL_TEXTURE_COORD_ARRAY));
   CHECK(!gl.IsEnabled(GL_NORMAL_ARRAY));
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* Right half: colour and texture coordinate from the current values. */
   const float right[] = {0, -1, 1, -1, 0, 1, 1, 1};
   gl.VertexPointer(2, GL_FLOAT, 0, right);
   gl.DisableClientState(GL_COLOR_ARRAY);
   gl.DisableClientState(GL_TEXTURE_COORD_ARRAY);
   gl.Color4f(0.0f, 0.6f, 0.2f, 1.0f);
   gl.MultiTexCoord4f(GL_TEXTURE0, 0.0f, 0.8f, 0.0f, 1.0f);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* 0.4 -> 102, 0.6 -> 153, 0.2 -> 51, 0.8 -> 204 */
   CHECK_PIXEL(4, 4, 255, 0, 51, 102);
   CHECK_PIXEL(30, 44, 255, 0, 51, 102);
   CHECK_PIXEL(34, 4, 0, 153, 51, 204);
   CHECK_PIXEL(62, 44, 0, 153, 51, 204);
   /* Errors of table 10.3 and 10.3.3. */
   gl.VertexPointer(1, GL_FLOAT, 0, right);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.VertexPointer(2, GL_UNSIGNED_BYTE, 0, right);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.VertexPointer(2, GL_FLOAT, -4, right);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.ColorPointer(GL_BGRA, GL_FLOAT, 0, colors);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.TexCoordPointer(5, GL_FLOAT, 0, tc);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.EnableClientState(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.ClientActiveTexture(GL_TEXTURE0 + 8);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.MultiTexCoord4f(GL_TEXTURE0 + 8, 0, 0, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.DeleteProgram(p);
   zgl_test_end(&t);

   /* Core contexts have none of these commands' state. */
   REQUIRE(zgl_test_begin(&t, false));
   gl.VertexPointer(2, GL_FLOAT, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.EnableClientState(GL_VERTEX_ARRAY);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.Color4f(1, 1, 1, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK(!gl.IsEnabled(GL_VERTEX_ARRAY));
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}

static void
check_matrix(GLenum pname, const float *want)
{
   float m[16] = {0};
   gl.GetFloatv(pname, m);
   for (unsigned i = 0; i < 16; i++)
      CHECK_FLOAT_EQ(m[i], want[i], 1e-6);
}

/* Matrix stacks (GL 4.6 compatibility, 12.1.1): the matrices each command
 * makes, the stack errors, and gl_ModelViewProjectionMatrix,
 * gl_NormalMatrix, gl_ModelViewMatrixInverse and gl_TextureMatrix in
 * shaders. */
TEST(compat_matrix_stacks)
{
   struct zgl_test t;
   REQUIRE(begin_compat(&t, 3, 0));
   GLint v = 0;
   gl.GetIntegerv(GL_MATRIX_MODE, &v);
   CHECK_EQ(v, GL_MODELVIEW);
   const float id[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
   check_matrix(GL_MODELVIEW_MATRIX, id);
   /* Translate then scale: C = T S. */
   gl.Translatef(10, 5, 0);
   gl.Scalef(2, 2, 1);
   check_matrix(GL_MODELVIEW_MATRIX,
                (const float[16]){2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 10, 5, 0, 1});
   gl.PushMatrix();
   gl.GetIntegerv(GL_MODELVIEW_STACK_DEPTH, &v);
   CHECK_EQ(v, 2);
   gl.LoadIdentity();
   gl.Rotatef(90, 0, 0, 2); /* the axis is normalized */
   check_matrix(GL_MODELVIEW_MATRIX,
                (const float[16]){0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
   gl.PopMatrix();
   check_matrix(GL_MODELVIEW_MATRIX,
                (const float[16]){2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 10, 5, 0, 1});
   gl.MatrixMode(GL_PROJECTION);
   gl.Frustum(-1, 1, -1, 1, 1, 3);
   check_matrix(GL_PROJECTION_MATRIX,
                (const float[16]){1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -2, -1, 0, 0, -3, 0});
   gl.LoadIdentity();
   gl.Ortho(0, TEST_WIDTH, 0, TEST_HEIGHT, -1, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* Errors: bad modes and ranges, stack underflow and overflow. */
   gl.MatrixMode(GL_COLOR);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.Frustum(-1, 1, -1, 1, 0, 3);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.Ortho(1, 1, -1, 1, -1, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.PopMatrix();
   CHECK_GL_ERROR(GL_STACK_UNDERFLOW);
   gl.GetIntegerv(GL_MAX_PROJECTION_STACK_DEPTH, &v);
   CHECK(v >= 2);
   for (GLint i = 1; i < v; i++)
      gl.PushMatrix();
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.PushMatrix();
   CHECK_GL_ERROR(GL_STACK_OVERFLOW);
   for (GLint i = 1; i < v; i++)
      gl.PopMatrix();
   CHECK_GL_ERROR(GL_NO_ERROR);

   /* A 5 x 5 square at the origin through T(10, 5) S(2, 2) and the pixel
    * ortho projection covers window pixels x in [10, 20), y in [5, 15). */
   const GLuint p = zgl_test_program(
      "void main() {\n"
      "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
      "   gl_FrontColor = gl_Color;\n"
      "}\n",
      "void main() { gl_FragColor = gl_Color; }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   gl.ClearColor(0, 0, 0, 0);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   const float square[] = {0, 0, 5, 0, 0, 5, 5, 5};
   gl.VertexPointer(2, GL_FLOAT, 0, square);
   gl.EnableClientState(GL_VERTEX_ARRAY);
   gl.Color4f(1, 1, 1, 1);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(10, 5, 255, 255, 255, 255);
   CHECK_PIXEL(19, 14, 255, 255, 255, 255);
   CHECK_PIXEL(9, 5, 0, 0, 0, 0);
   CHECK_PIXEL(20, 14, 0, 0, 0, 0);
   CHECK_PIXEL(10, 15, 0, 0, 0, 0);
   CHECK_PIXEL(10, 4, 0, 0, 0, 0);
   gl.DeleteProgram(p);

   /* The derived matrices: model-view S(2, 2, 4) has the normal matrix
    * diag(1/2, 1/2, 1/4) and the inverse's [2][2] 1/4; texture matrix 1 is
    * T(0.2, 0, 0) (GL_TEXTURE mode selects the active unit's). */
   const GLuint q = zgl_test_program(
      "void main() {\n"
      "   gl_Position = vec4(gl_Vertex.xy * 2.0 - 1.0, 0.0, 1.0);\n"
      "   vec3 n = gl_NormalMatrix * vec3(0.8, 0.4, 2.4);\n"
      "   gl_FrontColor = vec4(n.xy, (gl_TextureMatrix[1] * vec4(0, 0, 0, 1)).x,\n"
      "                        gl_ModelViewMatrixInverse[2][2] * 3.2);\n"
      "}\n",
      "void main() { gl_FragColor = gl_Color; }\n");
   REQUIRE(q);
   gl.UseProgram(q);
   gl.MatrixMode(GL_MODELVIEW);
   gl.LoadIdentity();
   gl.Scalef(2, 2, 4);
   gl.ActiveTexture(GL_TEXTURE1);
   gl.MatrixMode(GL_TEXTURE);
   gl.Translatef(0.2f, 0, 0);
   gl.ActiveTexture(GL_TEXTURE0);
   const float unit[] = {0, 0, 1, 0, 0, 1, 1, 1};
   gl.VertexPointer(2, GL_FLOAT, 0, unit);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* 0.4 -> 102, 0.2 -> 51, 0.2 -> 51, 0.8 -> 204 */
   CHECK_PIXEL(32, 24, 102, 51, 51, 204);
   gl.DeleteProgram(q);
   zgl_test_end(&t);

   /* Core contexts: the commands are errors, the queries unknown. */
   REQUIRE(zgl_test_begin(&t, false));
   gl.MatrixMode(GL_MODELVIEW);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.LoadIdentity();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.GetIntegerv(GL_MATRIX_MODE, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}

static void
quad(float x0, float y0, float x1, float y1)
{
   gl.Vertex2f(x0, y0);
   gl.Vertex2f(x1, y0);
   gl.Vertex2f(x1, y1);
   gl.Vertex2f(x0, y1);
}

/* glBegin/glEnd (GL 4.6 compatibility, 10.7) and the polygon modes
 * (10.1.15-17). Flat-shaded colours show which vertex each primitive takes
 * them from (table 13.2: a quad's fourth, a quad strip's 2i + 2nd, a
 * polygon's first), so the split into triangles is visible. */
TEST(compat_begin_end_and_quads)
{
   struct zgl_test t;
   REQUIRE(begin_compat(&t, 3, 0));
   const GLuint p = zgl_test_program("#version 130\n"
                                     "flat out vec4 c;\n"
                                     "void main() {\n"
                                     "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
                                     "   c = gl_Color;\n"
                                     "}\n",
                                     "#version 130\n"
                                     "flat in vec4 c;\n"
                                     "void main() { gl_FragColor = c; }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   gl.MatrixMode(GL_PROJECTION);
   gl.Ortho(0, TEST_WIDTH, 0, TEST_HEIGHT, -1, 1);
   gl.ClearColor(0, 0, 0, 0);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   /* Quads: the first takes its fourth vertex's green; a fifth vertex
    * alone makes no quad. */
   gl.Begin(GL_QUADS);
   gl.Color3f(1, 0, 0);
   gl.Vertex2f(0, 0);
   gl.Vertex2f(16, 0);
   gl.Vertex2f(16, 16);
   gl.Color3f(0, 1, 0);
   gl.Vertex2f(0, 16);
   gl.Color3f(0, 0, 1);
   quad(20, 0, 36, 16);
   gl.Vertex2f(60, 40);
   gl.End();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(1, 1, 0, 255, 0, 255);
   CHECK_PIXEL(15, 15, 0, 255, 0, 255);
   CHECK_PIXEL(14, 1, 0, 255, 0, 255);
   CHECK_PIXEL(28, 8, 0, 0, 255, 255);
   CHECK_PIXEL(18, 8, 0, 0, 0, 0);
   /* With the first-vertex convention a quad takes its first vertex's. */
   gl.ProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
   gl.Begin(GL_QUADS);
   gl.Color3f(1, 1, 0);
   gl.Vertex2f(0, 0);
   gl.Color3f(1, 0, 0);
   gl.Vertex2f(16, 0);
   gl.Vertex2f(16, 16);
   gl.Vertex2f(0, 16);
   gl.End();
   gl.ProvokingVertex(GL_LAST_VERTEX_CONVENTION);
   CHECK_PIXEL(1, 1, 255, 255, 0, 255);
   CHECK_PIXEL(15, 15, 255, 255, 0, 255);
   CHECK_PIXEL(1, 14, 255, 255, 0, 255);
   /* A quad strip of two quads: colours of vertices 3 and 5 (0-based). */
   gl.Begin(GL_QUAD_STRIP);
   gl.Color3f(0, 0, 0);
   gl.Vertex2f(40, 0);
   gl.Vertex2f(56, 0);
   gl.Vertex2f(40, 16);
   gl.Color3f(1, 1, 1);
   gl.Vertex2f(56, 16);
   gl.Color3f(0, 0, 0);
   gl.Vertex2f(40, 32);
   gl.Color3f(1, 1, 0);
   gl.Vertex2f(56, 32);
   gl.End();
   CHECK_PIXEL(41, 1, 255, 255, 255, 255);
   CHECK_PIXEL(55, 15, 255, 255, 255, 255);
   CHECK_PIXEL(41, 17, 255, 255, 0, 255);
   CHECK_PIXEL(55, 31, 255, 255, 0, 255);
   CHECK_PIXEL(48, 33, 0, 0, 0, 0);
   /* A polygon takes its first vertex's colour. */
   gl.Begin(GL_POLYGON);
   gl.Color3f(1, 0, 1);
   gl.Vertex2f(0, 24);
   gl.Color3f(0, 0, 0);
   gl.Vertex2f(16, 24);
   gl.Vertex2f(16, 40);
   gl.Vertex2f(8, 44);
   gl.Vertex2f(0, 40);
   gl.End();
   CHECK_PIXEL(1, 25, 255, 0, 255, 255);
   CHECK_PIXEL(8, 42, 255, 0, 255, 255);
   CHECK_PIXEL(15, 39, 255, 0, 255, 255);
   CHECK_PIXEL(1, 45, 0, 0, 0, 0);
   /* glDrawArrays(GL_QUADS) from client arrays and the current colour. */
   const float verts[] = {20, 24, 36, 24, 36, 40, 20, 40};
   gl.VertexPointer(2, GL_FLOAT, 0, verts);
   gl.EnableClientState(GL_VERTEX_ARRAY);
   gl.Color3f(0, 1, 1);
   gl.DrawArrays(GL_QUADS, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(21, 25, 0, 255, 255, 255);
   CHECK_PIXEL(35, 39, 0, 255, 255, 255);
   CHECK_PIXEL(19, 25, 0, 0, 0, 0);
   /* Errors (10.7.1: Begin inside Begin, End without Begin). */
   gl.End();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.Begin(0xdead);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.Begin(GL_TRIANGLES);
   gl.Begin(GL_TRIANGLES);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.End();
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.DeleteProgram(p);
   zgl_test_end(&t);

   /* Core contexts: no polygon modes, no immediate mode. */
   REQUIRE(zgl_test_begin(&t, false));
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.DrawArrays(GL_QUADS, 0, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.Begin(GL_TRIANGLES);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.DeleteVertexArrays(1, &vao);
   zgl_test_end(&t);
}

/* Draws with no program in use take the fixed-function path zgl has (GL
 * 4.6 compatibility, 12.2, 14.6.4 flat shading, 16.1 GL_MODULATE): the
 * transformed vertex, its colour, smooth or flat, times texture unit 0's
 * 2D texture when GL_TEXTURE_2D is enabled. */
TEST(compat_fixed_function_draws)
{
   struct zgl_test t;
   REQUIRE(begin_compat(&t, 1, 0));
   GLint v = 0;
   gl.GetIntegerv(GL_SHADE_MODEL, &v);
   CHECK_EQ(v, GL_SMOOTH);
   gl.ClearColor(0, 0, 0, 0);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   /* Left half: one colour, smooth. The projection maps x in [0, 2] to
    * [-1, 1]: the matrices apply. */
   gl.MatrixMode(GL_PROJECTION);
   gl.Ortho(0, 2, -1, 1, -1, 1);
   gl.Color3f(0, 0, 1);
   gl.Begin(GL_QUADS);
   quad(0, -1, 1, 1);
   gl.End();
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(1, 1, 0, 0, 255, 255);
   CHECK_PIXEL(31, 46, 0, 0, 255, 255);
   CHECK_PIXEL(33, 1, 0, 0, 0, 0);
   /* Right half: flat, the last vertex's green (last-vertex convention). */
   gl.ShadeModel(GL_FLAT);
   gl.GetIntegerv(GL_SHADE_MODEL, &v);
   CHECK_EQ(v, GL_FLAT);
   gl.Begin(GL_TRIANGLES);
   gl.Color3f(1, 0, 0);
   gl.Vertex2f(1, -1);
   gl.Vertex2f(3, -1);
   gl.Color3f(0, 1, 0);
   gl.Vertex2f(1, 3);
   gl.End();
   CHECK_PIXEL(33, 1, 0, 255, 0, 255);
   CHECK_PIXEL(40, 30, 0, 255, 0, 255);
   gl.ShadeModel(GL_SMOOTH);
   /* A texture modulating the colour: (1, 128/255, 0, 1) * (1, 0.4, 1, 1),
    * g = round(128 * 0.4) = 51. */
   GLuint tex;
   gl.GenTextures(1, &tex);
   gl.BindTexture(GL_TEXTURE_2D, tex);
   const uint8_t texel[4] = {255, 128, 0, 255};
   gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   gl.Enable(GL_TEXTURE_2D);
   CHECK(gl.IsEnabled(GL_TEXTURE_2D));
   gl.Color4f(1, 0.4f, 1, 1);
   gl.Begin(GL_QUADS);
   quad(0, -1, 1, 1);
   gl.End();
   gl.Disable(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(1, 1, 255, 51, 0, 255);
   CHECK_PIXEL(31, 46, 255, 51, 0, 255);
   gl.ShadeModel(GL_LINE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.DeleteTextures(1, &tex);

   /* glShadeModel(GL_FLAT) also makes an application program's colour
    * varyings flat (14.6.4); smooth interpolates them again. */
   const GLuint p = zgl_test_program("void main() {\n"
                                     "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
                                     "   gl_FrontColor = gl_Color;\n"
                                     "}\n",
                                     "void main() { gl_FragColor = gl_Color; }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   for (int flat = 1; flat >= 0; flat--) {
      gl.ShadeModel(flat ? GL_FLAT : GL_SMOOTH);
      gl.Begin(GL_TRIANGLES);
      gl.Color3f(1, 0, 0);
      gl.Vertex2f(0, -1);
      gl.Vertex2f(4, -1);
      gl.Color3f(0, 1, 0);
      gl.Vertex2f(0, 3);
      gl.End();
      CHECK_GL_ERROR(GL_NO_ERROR);
      uint8_t px[4];
      zgl_test_pixel(1, 1, px);
      if (flat) {
         CHECK_EQ(px[0], 0);
         CHECK_EQ(px[1], 255);
      } else {
         /* Near the red vertices: mostly red. */
         CHECK(px[0] > 200 && px[1] < 55);
      }
   }
   gl.DeleteProgram(p);
   zgl_test_end(&t);

   /* Core contexts: no shade model, no GL_TEXTURE_2D capability. */
   REQUIRE(zgl_test_begin(&t, false));
   gl.ShadeModel(GL_FLAT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.Enable(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}
