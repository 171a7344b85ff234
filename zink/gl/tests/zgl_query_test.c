/* SPDX-License-Identifier: MIT */
/*
 * Queries and sync objects: occlusion counts worked out from the covered
 * pixels, timestamps in order, fences, and the errors of GL 4.6, 4.1-4.2.
 */
#include "zgl_test.h"

#define GLP(type, name) ((type)zgl_get_proc_address(name))

TEST(occlusion_and_timer_queries)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLGENQUERIESPROC gen = GLP(PFNGLGENQUERIESPROC, "glGenQueries");
   PFNGLBEGINQUERYPROC begin = GLP(PFNGLBEGINQUERYPROC, "glBeginQuery");
   PFNGLENDQUERYPROC end = GLP(PFNGLENDQUERYPROC, "glEndQuery");
   PFNGLGETQUERYOBJECTUIVPROC result = GLP(PFNGLGETQUERYOBJECTUIVPROC, "glGetQueryObjectuiv");
   PFNGLGETQUERYOBJECTUI64VPROC result64 =
      GLP(PFNGLGETQUERYOBJECTUI64VPROC, "glGetQueryObjectui64v");
   PFNGLQUERYCOUNTERPROC counter = GLP(PFNGLQUERYCOUNTERPROC, "glQueryCounter");
   PFNGLISQUERYPROC is = GLP(PFNGLISQUERYPROC, "glIsQuery");
   PFNGLGETQUERYIVPROC get = GLP(PFNGLGETQUERYIVPROC, "glGetQueryiv");
   REQUIRE(gen && begin && end && result && result64 && counter && is && get);
   const GLuint p = zgl_test_program("#version 330 core\n"
                                     "layout(location = 0) in vec2 pos;\n"
                                     "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
                                     "#version 330 core\n"
                                     "out vec4 frag;\n"
                                     "void main() { frag = vec4(1.0); }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   GLuint vao, b;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   /* The lower-left quarter of NDC: 32 x 24 pixels, every centre inside. */
   const float quarter[] = {-1, -1, 0, -1, -1, 0, 0, 0};
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(quarter), quarter, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   GLuint q[4];
   gen(4, q);
   CHECK_EQ(is(q[0]), GL_FALSE);
   begin(GL_SAMPLES_PASSED, q[0]);
   CHECK_EQ(is(q[0]), GL_TRUE);
   GLint current = 0;
   get(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &current);
   CHECK_EQ(current, (GLint)q[0]);
   begin(GL_SAMPLES_PASSED, q[1]); /* one of the target is active */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* Both occlusion targets active at once (GL allows it; zkv shares one
    * Vulkan query between them). */
   begin(GL_ANY_SAMPLES_PASSED, q[1]);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   end(GL_SAMPLES_PASSED);
   end(GL_ANY_SAMPLES_PASSED);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLuint v = 0;
   result(q[0], GL_QUERY_RESULT, &v);
   CHECK_EQ(v, 32 * 24);
   result(q[1], GL_QUERY_RESULT, &v);
   CHECK_EQ(v, 1);
   result(q[0], GL_QUERY_RESULT_AVAILABLE, &v);
   CHECK_EQ(v, GL_TRUE);
   /* Nothing drawn: zero. */
   begin(GL_SAMPLES_PASSED, q[0]);
   end(GL_SAMPLES_PASSED);
   result(q[0], GL_QUERY_RESULT, &v);
   CHECK_EQ(v, 0);
   /* Timestamps come in order. */
   counter(q[2], GL_TIMESTAMP);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   counter(q[3], GL_TIMESTAMP);
   GLuint64 t0 = 0, t1 = 0;
   result64(q[2], GL_QUERY_RESULT, &t0);
   result64(q[3], GL_QUERY_RESULT, &t1);
   CHECK(t1 >= t0 && t0 > 0);
   /* Errors. */
   end(GL_SAMPLES_PASSED);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   begin(GL_TIME_ELAPSED, q[0]); /* a samples-passed query */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   begin(GL_SAMPLES_PASSED, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   begin(0xdead, q[0]);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   result(777, GL_QUERY_RESULT, &v);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   counter(q[0], GL_TIMESTAMP);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   zgl_test_end(&t);
}

TEST(sync_objects)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLFENCESYNCPROC fence = GLP(PFNGLFENCESYNCPROC, "glFenceSync");
   PFNGLCLIENTWAITSYNCPROC client_wait = GLP(PFNGLCLIENTWAITSYNCPROC, "glClientWaitSync");
   PFNGLWAITSYNCPROC wait = GLP(PFNGLWAITSYNCPROC, "glWaitSync");
   PFNGLGETSYNCIVPROC get = GLP(PFNGLGETSYNCIVPROC, "glGetSynciv");
   PFNGLDELETESYNCPROC del = GLP(PFNGLDELETESYNCPROC, "glDeleteSync");
   PFNGLISSYNCPROC is = GLP(PFNGLISSYNCPROC, "glIsSync");
   REQUIRE(fence && client_wait && wait && get && del && is);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   GLsync s = fence(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   REQUIRE(s);
   CHECK_EQ(is(s), GL_TRUE);
   GLint v = 0;
   GLsizei len = 0;
   get(s, GL_OBJECT_TYPE, 1, &len, &v);
   CHECK_EQ(v, GL_SYNC_FENCE);
   CHECK_EQ(len, 1);
   const GLenum r = client_wait(s, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
   CHECK(r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED);
   get(s, GL_SYNC_STATUS, 1, NULL, &v);
   CHECK_EQ(v, GL_SIGNALED);
   wait(s, 0, GL_TIMEOUT_IGNORED);
   CHECK_GL_ERROR(GL_NO_ERROR);
   wait(s, 1, GL_TIMEOUT_IGNORED);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   wait(s, 0, 5);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ(client_wait(s, 0x80, 0), GL_WAIT_FAILED);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   get(s, 0xdead, 1, NULL, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   del(s);
   CHECK_EQ(is(s), GL_FALSE);
   del(s);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK(fence(0, 0) == NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK(fence(GL_SYNC_GPU_COMMANDS_COMPLETE, 1) == NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   del(NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   zgl_test_end(&t);
}

TEST(conditional_render)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLGENQUERIESPROC gen = GLP(PFNGLGENQUERIESPROC, "glGenQueries");
   PFNGLBEGINQUERYPROC begin = GLP(PFNGLBEGINQUERYPROC, "glBeginQuery");
   PFNGLENDQUERYPROC end = GLP(PFNGLENDQUERYPROC, "glEndQuery");
   PFNGLBEGINCONDITIONALRENDERPROC cbegin =
      GLP(PFNGLBEGINCONDITIONALRENDERPROC, "glBeginConditionalRender");
   PFNGLENDCONDITIONALRENDERPROC cend =
      GLP(PFNGLENDCONDITIONALRENDERPROC, "glEndConditionalRender");
   REQUIRE(gen && begin && end && cbegin && cend);
   const GLuint p = zgl_test_program("#version 330 core\n"
                                     "layout(location = 0) in vec2 pos;\n"
                                     "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
                                     "#version 330 core\n"
                                     "uniform vec4 color;\n"
                                     "out vec4 frag;\n"
                                     "void main() { frag = color; }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   const GLint color = gl.GetUniformLocation(p, "color");
   GLuint vao, b;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   const float full[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(full), full, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   GLuint q[2];
   gen(2, q);
   /* q[0] saw samples, q[1] none (rasterizer discard). */
   begin(GL_SAMPLES_PASSED, q[0]);
   gl.Uniform4f(color, 0, 0, 1, 1);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   end(GL_SAMPLES_PASSED);
   gl.Enable(GL_RASTERIZER_DISCARD);
   begin(GL_SAMPLES_PASSED, q[1]);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   end(GL_SAMPLES_PASSED);
   gl.Disable(GL_RASTERIZER_DISCARD);
   /* Drawn under q[0]: red. Discarded under q[1]: stays red. */
   cbegin(q[0], GL_QUERY_WAIT);
   gl.Uniform4f(color, 1, 0, 0, 1);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   cend();
   cbegin(q[1], GL_QUERY_WAIT);
   gl.Uniform4f(color, 0, 1, 0, 1);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   cend();
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint8_t px[4];
   zgl_test_pixel(5, 5, px);
   CHECK_EQ(px[0], 255);
   CHECK_EQ(px[1], 0);
   /* Errors (GL 4.6, 10.9). */
   cend();
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   cbegin(q[0], 0xdead);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   cbegin(12345, GL_QUERY_WAIT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   cbegin(q[0], GL_QUERY_WAIT);
   cbegin(q[0], GL_QUERY_WAIT);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   cend();
   zgl_test_end(&t);
}
