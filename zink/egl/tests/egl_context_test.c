/* SPDX-License-Identifier: MIT */
/*
 * Contexts: EGL_KHR_create_context's attributes and errors, queries, sharing,
 * eglMakeCurrent (surfaceless, configs, deferred deletion), eglTerminate while current,
 * two threads.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "egl_api_test.h"

static EGLint context_error(EGLDisplay dpy, EGLConfig c, const EGLint *attribs)
{
   eglBindAPI(EGL_OPENGL_API);
   EGLContext ctx = eglCreateContext(dpy, c, EGL_NO_CONTEXT, attribs);
   EGLint error = eglGetError();
   if (ctx != EGL_NO_CONTEXT) {
      eglDestroyContext(dpy, ctx);
      return EGL_SUCCESS;
   }
   return error == EGL_SUCCESS ? -1 : error;
}

TEST(context_attribs)
{
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   /* GL 3.3 core is what kiln's GL starts with (issue 12); Mesa has it too. */
   const EGLint core33[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
   CHECK_EQ(context_error(dpy, c, core33), EGL_SUCCESS);
   CHECK_EQ(context_error(dpy, EGL_NO_CONFIG_KHR, core33), EGL_SUCCESS);
   /* EGL 1.5, 3.7.1.1: a 3.1 request, and a forward-compatible 3.0 one, may get a
    * 3.2+ core profile: with 3.3 core there, they succeed (kiln has no
    * compatibility profile, Mesa has one). */
   const EGLint gl31[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
   CHECK_EQ(context_error(dpy, c, gl31), EGL_SUCCESS);
   const EGLint gl30_fc[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0,
                             EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE, EGL_NONE};
   CHECK_EQ(context_error(dpy, c, gl30_fc), EGL_SUCCESS);
   /* The default (1.0) needs a backward-compatible context: it exists or
    * fails with EGL_BAD_MATCH. */
   EGLint def = context_error(dpy, c, NULL);
   CHECK(def == EGL_SUCCESS || def == EGL_BAD_MATCH);
   /* Versions that do not exist: EGL_BAD_MATCH (EGL 1.5, 3.7.1.1). */
   static const int bad_versions[][2] = {{1, 6}, {2, 2}, {3, 4}, {4, 7}, {0, 9}, {9, 0}};
   for (int i = 0; i < 6; i++) {
      const EGLint a[] = {EGL_CONTEXT_MAJOR_VERSION, bad_versions[i][0], EGL_CONTEXT_MINOR_VERSION,
                          bad_versions[i][1], EGL_NONE};
      if (context_error(dpy, c, a) != EGL_BAD_MATCH)
         test_fail(__FILE__, __LINE__, "GL %d.%d: 0x%x, not EGL_BAD_MATCH", bad_versions[i][0],
                   bad_versions[i][1], context_error(dpy, c, a));
   }
   /* Profile masks with no bit, both bits or an unknown bit (EGL 1.5, 3.7.1.2). */
   static const EGLint bad_masks[] = {0, 3, 4};
   for (int i = 0; i < 3; i++) {
      const EGLint a[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2,
                          EGL_CONTEXT_OPENGL_PROFILE_MASK, bad_masks[i], EGL_NONE};
      CHECK_EQ(context_error(dpy, c, a), EGL_BAD_MATCH);
   }
   const EGLint bad_flags[] = {EGL_CONTEXT_FLAGS_KHR, 0x80, EGL_NONE};
   CHECK_EQ(context_error(dpy, c, bad_flags), EGL_BAD_ATTRIBUTE);
   const EGLint unknown[] = {0x7777, 1, EGL_NONE};
   CHECK_EQ(context_error(dpy, c, unknown), EGL_BAD_ATTRIBUTE);
   /* EGL 1.5, 3.7.1: the boolean attributes take EGL_TRUE or EGL_FALSE.
    * Mesa 22.3 takes any value (a peer deviation): checked on kiln only. */
   if (want_vendor && !strcmp(want_vendor, "kiln")) {
      const EGLint bad_bool[] = {EGL_CONTEXT_OPENGL_DEBUG, 2, EGL_NONE};
      CHECK_EQ(context_error(dpy, c, bad_bool), EGL_BAD_ATTRIBUTE);
   }
   const EGLint bad_reset[] = {EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY, 0x7777, EGL_NONE};
   CHECK_EQ(context_error(dpy, c, bad_reset), EGL_BAD_ATTRIBUTE);
   /* EGL_KHR_create_context_no_error: no-error with debug is EGL_BAD_MATCH;
    * without the extension the attribute is unknown. */
   const EGLint no_error[] = {EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_NONE};
   if (!has_token(eglQueryString(dpy, EGL_EXTENSIONS), "EGL_KHR_create_context_no_error")) {
      CHECK_EQ(context_error(dpy, c, no_error), EGL_BAD_ATTRIBUTE);
   } else {
      const EGLint no_error_debug[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                       EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                       EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE,
                                       EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE, EGL_NONE};
      CHECK_EQ(context_error(dpy, c, no_error_debug), EGL_BAD_MATCH);
   }
   /* A debug, forward-compatible 3.3 core context. */
   const EGLint flags[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                           EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                           EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE,
                           EGL_NONE};
   CHECK_EQ(context_error(dpy, c, flags), EGL_SUCCESS);
   /* Handles. */
   static int not_an_object;
   eglBindAPI(EGL_OPENGL_API);
   CHECK(eglCreateContext(dpy, (EGLConfig)&not_an_object, EGL_NO_CONTEXT, core33) == EGL_NO_CONTEXT);
   CHECK_EQ(eglGetError(), EGL_BAD_CONFIG);
   CHECK(eglCreateContext(dpy, c, (EGLContext)&not_an_object, core33) == EGL_NO_CONTEXT);
   CHECK_EQ(eglGetError(), EGL_BAD_CONTEXT);
}

TEST(context_query_and_share)
{
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   EGLContext a = core_context(dpy, c, EGL_NO_CONTEXT, 3, 3);
   REQUIRE(a != EGL_NO_CONTEXT);
   EGLContext b = core_context(dpy, c, a, 3, 3);
   CHECK(b != EGL_NO_CONTEXT);
   EGLint v = 0;
   CHECK(eglQueryContext(dpy, a, EGL_CONFIG_ID, &v) && v == attrib(dpy, c, EGL_CONFIG_ID));
   CHECK(eglQueryContext(dpy, a, EGL_CONTEXT_CLIENT_TYPE, &v) && v == EGL_OPENGL_API);
   CHECK(eglQueryContext(dpy, a, EGL_CONTEXT_CLIENT_VERSION, &v) && v >= 3);
   CHECK(eglQueryContext(dpy, a, EGL_RENDER_BUFFER, &v) && v == EGL_NONE);
   CHECK(!eglQueryContext(dpy, a, 0x7777, &v));
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   /* EGL_KHR_no_config_context: EGL_CONFIG_ID is 0. */
   EGLContext nc = core_context(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, 3, 3);
   CHECK(nc != EGL_NO_CONTEXT);
   CHECK(eglQueryContext(dpy, nc, EGL_CONFIG_ID, &v) && v == 0);
   CHECK(eglDestroyContext(dpy, nc));
   CHECK(eglDestroyContext(dpy, b));
   CHECK(eglDestroyContext(dpy, a));
   CHECK(!eglDestroyContext(dpy, a));
   CHECK_EQ(eglGetError(), EGL_BAD_CONTEXT);
}

TEST(make_current)
{
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   EGLContext ctx = core_context(dpy, c, EGL_NO_CONTEXT, 3, 3);
   REQUIRE(ctx != EGL_NO_CONTEXT);
   EGLSurface s = pbuffer(dpy, c, 16, 16), other = pbuffer(dpy, c, 16, 16);
   REQUIRE(s != EGL_NO_SURFACE && other != EGL_NO_SURFACE);
   REQUIRE(eglMakeCurrent(dpy, s, s, ctx));
   CHECK(eglGetCurrentContext() == ctx);
   CHECK(eglGetCurrentDisplay() == dpy);
   CHECK(eglGetCurrentSurface(EGL_DRAW) == s && eglGetCurrentSurface(EGL_READ) == s);
   EGLint v = 0;
   CHECK(eglQueryContext(dpy, ctx, EGL_RENDER_BUFFER, &v) && v == EGL_BACK_BUFFER);
   /* EGL 1.5, 3.10.1: a pbuffer swap does nothing and succeeds; a surface not
    * current to this thread is EGL_BAD_SURFACE. */
   CHECK(eglSwapBuffers(dpy, s));
   CHECK(!eglSwapBuffers(dpy, other));
   CHECK_EQ(eglGetError(), EGL_BAD_SURFACE);
   /* EGL_KHR_surfaceless_context. */
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   CHECK(eglGetCurrentSurface(EGL_DRAW) == EGL_NO_SURFACE);
   CHECK(!eglMakeCurrent(dpy, s, EGL_NO_SURFACE, ctx));
   CHECK_EQ(eglGetError(), EGL_BAD_MATCH);
   CHECK(!eglMakeCurrent(dpy, s, s, EGL_NO_CONTEXT));
   CHECK_EQ(eglGetError(), EGL_BAD_MATCH);
   static int not_an_object;
   CHECK(!eglMakeCurrent(dpy, s, s, (EGLContext)&not_an_object));
   CHECK_EQ(eglGetError(), EGL_BAD_CONTEXT);
   CHECK(!eglMakeCurrent(dpy, (EGLSurface)&not_an_object, s, ctx));
   CHECK_EQ(eglGetError(), EGL_BAD_SURFACE);
   /* A context and a surface of configs with different depth buffers are
    * not compatible (EGL 1.5, 2.2). */
   EGLConfig deep = gl_config(dpy, 1);
   EGLConfig shallow = NULL;
   {
      const EGLint none_depth[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                   EGL_RED_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_NONE};
      EGLint n = 0;
      EGLConfig all[64];
      eglChooseConfig(dpy, none_depth, all, 64, &n);
      for (int i = 0; i < n && deep; i++)
         if (attrib(dpy, all[i], EGL_DEPTH_SIZE) == 0 && attrib(dpy, all[i], EGL_SAMPLES) == 0)
            shallow = all[i];
   }
   if (deep && shallow) {
      EGLContext dctx = core_context(dpy, deep, EGL_NO_CONTEXT, 3, 3);
      EGLSurface ss = pbuffer(dpy, shallow, 8, 8);
      CHECK(dctx != EGL_NO_CONTEXT && ss != EGL_NO_SURFACE);
      CHECK(!eglMakeCurrent(dpy, ss, ss, dctx));
      CHECK_EQ(eglGetError(), EGL_BAD_MATCH);
      /* A no-config context goes with any surface. */
      EGLContext nc = core_context(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, 3, 3);
      CHECK(eglMakeCurrent(dpy, ss, ss, nc));
      CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
      eglDestroyContext(dpy, nc);
      eglDestroyContext(dpy, dctx);
      eglDestroySurface(dpy, ss);
   }
   /* Destroying a current context defers its deletion (EGL 1.5, 3.7.2). */
   REQUIRE(eglMakeCurrent(dpy, s, s, ctx));
   CHECK(eglDestroyContext(dpy, ctx));
   CHECK(eglDestroySurface(dpy, s));
   CHECK(eglGetCurrentContext() == ctx);
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT);
   CHECK(eglDestroySurface(dpy, other));
}

TEST(terminate_while_current)
{
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   EGLContext ctx = core_context(dpy, c, EGL_NO_CONTEXT, 3, 3);
   EGLContext idle = core_context(dpy, c, EGL_NO_CONTEXT, 3, 3);
   EGLSurface s = pbuffer(dpy, c, 8, 8);
   REQUIRE(ctx && idle && s);
   REQUIRE(eglMakeCurrent(dpy, s, s, ctx));
   /* EGL 1.5, 3.2: handles are invalid once eglTerminate returns; current
    * objects live on until released. */
   CHECK(eglTerminate(dpy));
   CHECK(eglGetCurrentContext() == ctx);
   EGLint v;
   CHECK(!eglQueryContext(dpy, ctx, EGL_CONFIG_ID, &v));
   CHECK_EQ(eglGetError(), EGL_NOT_INITIALIZED);
   REQUIRE(eglInitialize(dpy, NULL, NULL));
   CHECK(!eglQueryContext(dpy, idle, EGL_CONFIG_ID, &v));
   CHECK_EQ(eglGetError(), EGL_BAD_CONTEXT);
   CHECK(!eglQuerySurface(dpy, s, EGL_WIDTH, &v));
   CHECK_EQ(eglGetError(), EGL_BAD_SURFACE);
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT);
   /* The display works as new. */
   EGLContext fresh = core_context(dpy, c, EGL_NO_CONTEXT, 3, 3);
   CHECK(fresh != EGL_NO_CONTEXT);
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, fresh));
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   CHECK(eglDestroyContext(dpy, fresh));
}

struct thread_args {
   EGLDisplay dpy;
   EGLContext busy, own;
   EGLSurface busy_surface, own_surface;
   EGLint busy_error, busy_surface_error;
   bool own_ok, own_is_current;
};

static void *other_thread(void *p)
{
   struct thread_args *t = p;
   t->busy_error = eglMakeCurrent(t->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, t->busy) ? EGL_SUCCESS : eglGetError();
   t->busy_surface_error = eglMakeCurrent(t->dpy, t->busy_surface, t->busy_surface, t->own) ? EGL_SUCCESS
                                                                                           : eglGetError();
   if (t->busy_surface_error == EGL_SUCCESS)
      eglMakeCurrent(t->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   t->own_ok = eglMakeCurrent(t->dpy, t->own_surface, t->own_surface, t->own);
   t->own_is_current = eglGetCurrentContext() == t->own;
   eglMakeCurrent(t->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglReleaseThread();
   return NULL;
}

TEST(threads)
{
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   struct thread_args t = {.dpy = dpy};
   t.busy = core_context(dpy, c, EGL_NO_CONTEXT, 3, 3);
   t.own = core_context(dpy, c, t.busy, 3, 3);
   t.busy_surface = pbuffer(dpy, c, 8, 8);
   t.own_surface = pbuffer(dpy, c, 8, 8);
   REQUIRE(t.busy && t.own && t.busy_surface && t.own_surface);
   REQUIRE(eglMakeCurrent(dpy, t.busy_surface, t.busy_surface, t.busy));
   pthread_t thread;
   REQUIRE(pthread_create(&thread, NULL, other_thread, &t) == 0);
   pthread_join(thread, NULL);
   /* EGL 1.5, 3.7.3: a context or surface current to another thread: EGL_BAD_ACCESS. */
   CHECK_EQ(t.busy_error, EGL_BAD_ACCESS);
   CHECK_EQ(t.busy_surface_error, EGL_BAD_ACCESS);
   CHECK(t.own_ok);
   CHECK(t.own_is_current);
   CHECK(eglGetCurrentContext() == t.busy);
   CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   eglDestroyContext(dpy, t.own);
   eglDestroyContext(dpy, t.busy);
   eglDestroySurface(dpy, t.own_surface);
   eglDestroySurface(dpy, t.busy_surface);
}

