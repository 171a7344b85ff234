/* SPDX-License-Identifier: MIT */
/*
 * GetProcAddress, strings, errors, state queries, enables and KHR_debug,
 * against GL 4.6 core's rules and initial values.
 */
#include <stdio.h>
#include <string.h>

#include <stdlib.h>
#include <string.h>

#include "zgl_test.h"

TEST(proc_address_names_exactly_what_is_implemented)
{
   CHECK(zgl_get_proc_address("glDrawArrays") != NULL);
   CHECK(zgl_get_proc_address("glGetError") != NULL);
   /* Compatibility commands not implemented (display lists, the raster
    * position) and unknown names: NULL. */
   CHECK(zgl_get_proc_address("glNewList") == NULL);
   CHECK(zgl_get_proc_address("glRasterPos3f") == NULL);
   CHECK(zgl_get_proc_address("glNotAFunction") == NULL);
   CHECK(zgl_get_proc_address("") == NULL);
   CHECK(zgl_get_proc_address(NULL) == NULL);
}

TEST(calls_without_a_context_do_nothing)
{
   PFNGLGETERRORPROC get_error = (PFNGLGETERRORPROC)zgl_get_proc_address("glGetError");
   PFNGLENABLEPROC enable = (PFNGLENABLEPROC)zgl_get_proc_address("glEnable");
   PFNGLGETSTRINGPROC get_string = (PFNGLGETSTRINGPROC)zgl_get_proc_address("glGetString");
   REQUIRE(zgl_current_context() == NULL);
   enable(0xdead);
   CHECK_EQ(get_error(), GL_NO_ERROR);
   CHECK(get_string(GL_VERSION) == NULL);
}

TEST(strings)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   const char *renderer = (const char *)gl.GetString(GL_RENDERER);
   char want[300];
   snprintf(want, sizeof(want), "zink (%s)", zgl_screen_device_name(t.screen));
   CHECK_STREQ(renderer, want);
   printf("GL_RENDERER %s, GL_VERSION %s\n", renderer, (const char *)gl.GetString(GL_VERSION));
   const char *version = (const char *)gl.GetString(GL_VERSION);
   CHECK(version && !strncmp(version, "3.3", 3));
   CHECK_STREQ((const char *)gl.GetString(GL_SHADING_LANGUAGE_VERSION), "3.30");
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* Core profile: GL_EXTENSIONS only through glGetStringi (GL 4.6, 22.2). */
   CHECK(gl.GetString(GL_EXTENSIONS) == NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   /* The extension list: zgl_extension_test.c. */
   GLint n = -1;
   gl.GetIntegerv(GL_NUM_EXTENSIONS, &n);
   CHECK(gl.GetStringi(GL_EXTENSIONS, (GLuint)n) == NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   GLint major = 0, minor = 0, profile = 0;
   gl.GetIntegerv(GL_MAJOR_VERSION, &major);
   gl.GetIntegerv(GL_MINOR_VERSION, &minor);
   gl.GetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
   CHECK_EQ(major, 3);
   CHECK_EQ(minor, 3);
   CHECK_EQ(profile, GL_CONTEXT_CORE_PROFILE_BIT);
   zgl_test_end(&t);
}

TEST(versions_a_screen_offers)
{
   enum zgl_status status;
   const char *message;
   struct zgl_screen *screen = zgl_screen_create(&status, &message);
   REQUIRE(screen);
   CHECK_EQ(zgl_screen_max_version(screen, ZGL_API_OPENGL, ZGL_PROFILE_CORE), 33);
   /* Compatibility contexts are offered only with KILN_DEBUG=gl_compat (the
    * meson tests 'zgl-*' set it; 'zgl-default-*' runs this test without). */
   const char *debug = getenv("KILN_DEBUG");
   const bool compat_on = debug && strstr(debug, "gl_compat");
   CHECK_EQ(zgl_screen_max_version(screen, ZGL_API_OPENGL, ZGL_PROFILE_COMPAT),
            compat_on ? 33 : 0);
   const struct zgl_context_attribs v10 = {ZGL_API_OPENGL, 1, 0, ZGL_PROFILE_COMPAT};
   struct zgl_context *c10 = zgl_context_create(screen, &v10, NULL, &status);
   CHECK_EQ(c10 != NULL, compat_on);
   if (c10)
      zgl_context_destroy(c10);
   else
      CHECK_EQ(status, ZGL_BAD_MATCH);
   /* A 4.0 compatibility context, GL 4.0 and ES are beyond what zgl backs;
    * so is a forward-compatible 2.1 context (EGL_KHR_create_context: only
    * 3.0+ may be forward-compatible). */
   const struct zgl_context_attribs compat40 = {ZGL_API_OPENGL, 4, 0, ZGL_PROFILE_COMPAT};
   CHECK(zgl_context_create(screen, &compat40, NULL, &status) == NULL);
   CHECK_EQ(status, ZGL_BAD_MATCH);
   const struct zgl_context_attribs fc21 = {ZGL_API_OPENGL, 2, 1, ZGL_PROFILE_COMPAT, true};
   CHECK(zgl_context_create(screen, &fc21, NULL, &status) == NULL);
   CHECK_EQ(status, ZGL_BAD_MATCH);
   const struct zgl_context_attribs v40 = {ZGL_API_OPENGL, 4, 0, ZGL_PROFILE_CORE};
   CHECK(zgl_context_create(screen, &v40, NULL, &status) == NULL);
   CHECK_EQ(status, ZGL_BAD_MATCH);
   const struct zgl_context_attribs v32 = {ZGL_API_OPENGL, 3, 2, ZGL_PROFILE_CORE};
   struct zgl_context *ctx = zgl_context_create(screen, &v32, NULL, &status);
   CHECK(ctx != NULL);
   zgl_context_destroy(ctx);
   zgl_screen_destroy(screen);
}

TEST(first_error_is_kept)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   gl.Enable(0xdead);
   gl.Viewport(0, 0, -1, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.Viewport(0, 0, -1, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.PixelStorei(GL_PACK_ALIGNMENT, 3);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.PixelStorei(GL_UNPACK_ROW_LENGTH, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.PixelStorei(0xdead, 1);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.DepthFunc(GL_FUNC_ADD);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.CullFace(GL_LEFT);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}

TEST(initial_state_and_conversions)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   /* The first make-current sets the viewport and scissor to the
    * drawable (GL 4.6, 13.6.1, 14.9.2). */
   GLint v[4];
   gl.GetIntegerv(GL_VIEWPORT, v);
   CHECK_EQ(v[0], 0);
   CHECK_EQ(v[2], TEST_WIDTH);
   CHECK_EQ(v[3], TEST_HEIGHT);
   gl.GetIntegerv(GL_SCISSOR_BOX, v);
   CHECK_EQ(v[2], TEST_WIDTH);
   GLint i = 0;
   gl.GetIntegerv(GL_DEPTH_FUNC, &i);
   CHECK_EQ(i, GL_LESS);
   gl.GetIntegerv(GL_STENCIL_VALUE_MASK, &i);
   CHECK_EQ(i, -1); /* all ones */
   gl.GetIntegerv(GL_DRAW_BUFFER, &i);
   CHECK_EQ(i, GL_FRONT); /* single-buffered */
   gl.GetIntegerv(GL_UNPACK_ALIGNMENT, &i);
   CHECK_EQ(i, 4);
   GLboolean b[4];
   gl.GetBooleanv(GL_COLOR_WRITEMASK, b);
   CHECK(b[0] && b[1] && b[2] && b[3]);
   gl.GetBooleanv(GL_DEPTH_FUNC, b); /* a non-zero enum is TRUE */
   CHECK_EQ(b[0], GL_TRUE);
   GLfloat f = 0;
   gl.GetFloatv(GL_MAJOR_VERSION, &f);
   CHECK_FLOAT_EQ(f, 3.0, 0);
   /* Colours read as integers map [-1, 1] linearly to the integer range:
    * ((2^32 - 1) c - 1) / 2 (GL 4.6, 2.2.2). */
   gl.ClearColor(1.0f, -1.0f, 0.5f, 0.0f);
   gl.GetIntegerv(GL_COLOR_CLEAR_VALUE, v);
   CHECK_EQ(v[0], 2147483647);
   CHECK_EQ(v[1], -2147483647 - 1);
   CHECK_EQ(v[2], 1073741823);
   CHECK_EQ(v[3], 0);
   GLint64 big = 0;
   gl.GetInteger64v(GL_MAX_SERVER_WAIT_TIMEOUT, &big);
   CHECK(big > 0);
   gl.GetIntegerv(0xdead, &i);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.GetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 1000, &i);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.GetIntegeri_v(GL_DEPTH_FUNC, 0, &i);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}

TEST(enables)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   CHECK_EQ(gl.IsEnabled(GL_DEPTH_TEST), GL_FALSE);
   CHECK_EQ(gl.IsEnabled(GL_DITHER), GL_TRUE); /* the one capability that starts on */
   gl.Enable(GL_DEPTH_TEST);
   CHECK_EQ(gl.IsEnabled(GL_DEPTH_TEST), GL_TRUE);
   gl.Disable(GL_DEPTH_TEST);
   CHECK_EQ(gl.IsEnabled(GL_DEPTH_TEST), GL_FALSE);
   gl.Enablei(GL_BLEND, 1);
   CHECK_EQ(gl.IsEnabledi(GL_BLEND, 1), GL_TRUE);
   CHECK_EQ(gl.IsEnabled(GL_BLEND), GL_FALSE); /* index 0 */
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.Enablei(GL_DEPTH_TEST, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   CHECK_EQ(gl.IsEnabledi(GL_BLEND, 8), GL_FALSE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK_EQ(gl.IsEnabled(GL_TEXTURE_2D), GL_FALSE); /* compatibility only */
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}

struct message {
   GLenum source, type, severity;
   GLuint id;
   char text[256];
   int count;
};

static void
callback(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
         const GLchar *text, const void *user)
{
   struct message *m = (struct message *)user;
   m->source = source, m->type = type, m->id = id, m->severity = severity;
   snprintf(m->text, sizeof(m->text), "%s", text);
   CHECK_EQ((size_t)length, strlen(text));
   m->count++;
}

TEST(debug_output)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, true));
   /* Debug contexts start with DEBUG_OUTPUT on (GL 4.6, 20.8). */
   CHECK_EQ(gl.IsEnabled(GL_DEBUG_OUTPUT), GL_TRUE);
   struct message m = {0};
   gl.DebugMessageCallback(callback, &m);
   PFNGLGETPOINTERVPROC get_pointer = (PFNGLGETPOINTERVPROC)zgl_get_proc_address("glGetPointerv");
   REQUIRE(get_pointer);
   void *pointer = NULL;
   get_pointer(GL_DEBUG_CALLBACK_USER_PARAM, &pointer);
   CHECK(pointer == &m);
   get_pointer(GL_DEBUG_CALLBACK_FUNCTION, &pointer);
   CHECK(pointer == (void *)callback);
   gl.Enable(0xdead);
   CHECK_EQ(m.count, 1);
   CHECK_EQ(m.source, GL_DEBUG_SOURCE_API);
   CHECK_EQ(m.type, GL_DEBUG_TYPE_ERROR);
   CHECK_EQ(m.severity, GL_DEBUG_SEVERITY_HIGH);
   CHECK(strstr(m.text, "glEnable") != NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   gl.DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 42,
                         GL_DEBUG_SEVERITY_NOTIFICATION, -1, "hello");
   CHECK_EQ(m.count, 2);
   CHECK_EQ(m.id, 42);
   CHECK_STREQ(m.text, "hello");
   /* Low severity starts disabled (GL 4.6, 20.4). */
   gl.DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                         GL_DEBUG_SEVERITY_LOW, -1, "low");
   CHECK_EQ(m.count, 2);
   gl.DebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, GL_DEBUG_SEVERITY_LOW, 0,
                          NULL, GL_TRUE);
   gl.DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 1,
                         GL_DEBUG_SEVERITY_LOW, -1, "low");
   CHECK_EQ(m.count, 3);
   /* Ids off in a pushed group, on again after the pop. */
   gl.PushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 7, -1, "group");
   CHECK_EQ(m.count, 4);
   CHECK_EQ(m.type, GL_DEBUG_TYPE_PUSH_GROUP);
   GLint depth = 0;
   gl.GetIntegerv(GL_DEBUG_GROUP_STACK_DEPTH, &depth);
   CHECK_EQ(depth, 2);
   const GLuint id = 42;
   gl.DebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, GL_DONT_CARE, 1,
                          &id, GL_FALSE);
   gl.DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 42,
                         GL_DEBUG_SEVERITY_HIGH, -1, "muted");
   CHECK_EQ(m.count, 4);
   gl.PopDebugGroup();
   CHECK_EQ(m.count, 5);
   CHECK_EQ(m.type, GL_DEBUG_TYPE_POP_GROUP);
   gl.DebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 42,
                         GL_DEBUG_SEVERITY_HIGH, -1, "heard");
   CHECK_EQ(m.count, 6);

   /* Errors of the debug API itself. */
   gl.DebugMessageCallback(NULL, NULL);
   gl.PopDebugGroup();
   CHECK_GL_ERROR(GL_STACK_UNDERFLOW);
   gl.DebugMessageInsert(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_MARKER, 0,
                         GL_DEBUG_SEVERITY_HIGH, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.DebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 1, &id, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.DebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, -1, NULL, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* Without a callback, messages go to the log. */
   GLint logged = -1;
   gl.GetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &logged);
   const GLint before = logged;
   gl.DebugMessageInsert(GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_OTHER, 9,
                         GL_DEBUG_SEVERITY_MEDIUM, 3, "abcdef");
   gl.GetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &logged);
   CHECK_EQ(logged, before + 1);
   char text[4096];
   GLenum sources[64], types[64], severities[64];
   GLuint ids[64];
   GLsizei lengths[64];
   const GLuint got = gl.GetDebugMessageLog(64, sizeof(text), sources, types, ids, severities,
                                            lengths, text);
   CHECK_EQ(got, (GLuint)logged);
   CHECK_EQ(ids[got - 1], 9);
   CHECK_EQ(sources[got - 1], GL_DEBUG_SOURCE_THIRD_PARTY);
   CHECK_EQ(lengths[got - 1], 4); /* "abc" and its terminator */
   gl.GetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &logged);
   CHECK_EQ(logged, 0);
   zgl_test_end(&t);
}

TEST(object_labels)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLOBJECTLABELPROC label = (PFNGLOBJECTLABELPROC)zgl_get_proc_address("glObjectLabel");
   PFNGLGETOBJECTLABELPROC get = (PFNGLGETOBJECTLABELPROC)zgl_get_proc_address("glGetObjectLabel");
   REQUIRE(label && get);
   GLuint b;
   gl.GenBuffers(1, &b);
   label(GL_BUFFER, b, -1, "unbound");
   CHECK_GL_ERROR(GL_INVALID_VALUE); /* a name without an object yet */
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   label(GL_BUFFER, b, 5, "vertices");
   CHECK_GL_ERROR(GL_NO_ERROR);
   char text[64];
   GLsizei len = -1;
   get(GL_BUFFER, b, sizeof(text), &len, text);
   CHECK_STREQ(text, "verti");
   CHECK_EQ(len, 5);
   get(GL_BUFFER, b, 3, &len, text); /* truncated to bufSize - 1 */
   CHECK_STREQ(text, "ve");
   const GLuint p = gl.CreateProgram();
   label(GL_SHADER, p, -1, "not a shader");
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   label(GL_PROGRAM, p, -1, "prog");
   get(GL_PROGRAM, p, sizeof(text), &len, text);
   CHECK_STREQ(text, "prog");
   label(0xdead, p, -1, "x");
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   get(GL_PROGRAM, p, -1, &len, text);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* Deleting the object drops the label; a new object of the name has none. */
   gl.DeleteBuffers(1, &b);
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   get(GL_BUFFER, b, sizeof(text), &len, text);
   CHECK_EQ(len, 0);
   zgl_test_end(&t);
}

TEST(drawable_swap_and_read_back)
{
   enum zgl_status status;
   const char *message;
   struct zgl_screen *screen = zgl_screen_create(&status, &message);
   REQUIRE(screen);
   int count = 0;
   const struct zgl_config *configs = zgl_screen_configs(screen, &count);
   REQUIRE(count > 0);
   /* The best config is double-buffered RGBA8 with depth/stencil. */
   CHECK(configs[0].double_buffered && configs[0].alpha_bits == 8 && configs[0].depth_bits);
   struct zgl_drawable *d = zgl_drawable_create(screen, &configs[0], 8, 4, &status);
   REQUIRE(d);
   const struct zgl_context_attribs attribs = {ZGL_API_OPENGL, 3, 3, ZGL_PROFILE_CORE};
   struct zgl_context *ctx = zgl_context_create(screen, &attribs, NULL, &status);
   REQUIRE(ctx);
   REQUIRE(zgl_make_current(ctx, d, d, &status));
   PFNGLCLEARCOLORPROC clear_color = (PFNGLCLEARCOLORPROC)zgl_get_proc_address("glClearColor");
   PFNGLCLEARPROC clear = (PFNGLCLEARPROC)zgl_get_proc_address("glClear");
   PFNGLENABLEPROC enable = (PFNGLENABLEPROC)zgl_get_proc_address("glEnable");
   PFNGLSCISSORPROC scissor = (PFNGLSCISSORPROC)zgl_get_proc_address("glScissor");
   PFNGLGETINTEGERVPROC get = (PFNGLGETINTEGERVPROC)zgl_get_proc_address("glGetIntegerv");
   REQUIRE(clear_color && clear && enable && scissor && get);
   GLint db = 0;
   get(GL_DRAW_BUFFER, &db);
   CHECK_EQ(db, GL_BACK);
   /* Back buffer: blue, with GL's bottom row red. */
   clear_color(0, 0, 1, 1);
   clear(GL_COLOR_BUFFER_BIT);
   enable(GL_SCISSOR_TEST);
   scissor(0, 0, 8, 1);
   clear_color(1, 0, 0, 1);
   clear(GL_COLOR_BUFFER_BIT);
   zgl_drawable_swap(d);
   /* Rows come top to bottom: the red row is the last. */
   uint8_t px[8 * 4 * 4];
   REQUIRE(zgl_drawable_read_rgba8(d, px));
   CHECK_EQ(px[0], 0);
   CHECK_EQ(px[2], 255);
   CHECK_EQ(px[3 * 32 + 0], 255);
   CHECK_EQ(px[3 * 32 + 2], 0);
   /* EGL_KHR_fence_sync's fences: after what the context issued. */
   struct zgl_fence *fence = zgl_fence_create(ctx);
   REQUIRE(fence);
   CHECK(zgl_fence_wait(fence, 5000000000ull));
   CHECK(zgl_fence_signalled(fence));
   zgl_fence_destroy(fence);
   /* The context gone, the front buffer still reads. */
   zgl_make_current(NULL, NULL, NULL, &status);
   zgl_context_destroy(ctx);
   memset(px, 0, sizeof(px));
   REQUIRE(zgl_drawable_read_rgba8(d, px));
   CHECK_EQ(px[3 * 32 + 0], 255);
   zgl_drawable_destroy(d);
   zgl_screen_destroy(screen);
}
