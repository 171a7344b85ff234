/* SPDX-License-Identifier: MIT */
/*
 * Fence syncs (EGL 1.5 and EGL_KHR_fence_sync/wait_sync) and reusable syncs.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "egl_api_test.h"

TEST(fence_sync)
{
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   EGLContext ctx = core_context(dpy, c, EGL_NO_CONTEXT, 3, 3);
   REQUIRE(ctx);
   /* No current context: EGL_BAD_MATCH (EGL 1.5, 3.8.1). */
   CHECK(eglCreateSync(dpy, EGL_SYNC_FENCE, NULL) == EGL_NO_SYNC);
   CHECK_EQ(eglGetError(), EGL_BAD_MATCH);
   REQUIRE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   CHECK(eglCreateSync(dpy, 0x7777, NULL) == EGL_NO_SYNC);
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   const EGLAttrib attribs[] = {EGL_SYNC_STATUS, EGL_SIGNALED, EGL_NONE};
   CHECK(eglCreateSync(dpy, EGL_SYNC_FENCE, attribs) == EGL_NO_SYNC);
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   EGLSync sync = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
   REQUIRE(sync != EGL_NO_SYNC);
   EGLAttrib v = 0;
   CHECK(eglGetSyncAttrib(dpy, sync, EGL_SYNC_TYPE, &v) && v == EGL_SYNC_FENCE);
   CHECK(eglGetSyncAttrib(dpy, sync, EGL_SYNC_CONDITION, &v) && v == EGL_SYNC_PRIOR_COMMANDS_COMPLETE);
   CHECK(!eglGetSyncAttrib(dpy, sync, 0x7777, &v));
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   CHECK_EQ(eglClientWaitSync(dpy, sync, EGL_SYNC_FLUSH_COMMANDS_BIT, EGL_FOREVER), EGL_CONDITION_SATISFIED);
   CHECK(eglGetSyncAttrib(dpy, sync, EGL_SYNC_STATUS, &v) && v == EGL_SIGNALED);
   CHECK(!eglWaitSync(dpy, sync, 1));
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   CHECK(eglWaitSync(dpy, sync, 0));
   CHECK(eglDestroySync(dpy, sync));
   CHECK(!eglDestroySync(dpy, sync));
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   /* The same through EGL_KHR_fence_sync's entry points. */
   PFNEGLCREATESYNCKHRPROC create = (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
   PFNEGLCLIENTWAITSYNCKHRPROC wait = (PFNEGLCLIENTWAITSYNCKHRPROC)eglGetProcAddress("eglClientWaitSyncKHR");
   PFNEGLGETSYNCATTRIBKHRPROC get = (PFNEGLGETSYNCATTRIBKHRPROC)eglGetProcAddress("eglGetSyncAttribKHR");
   PFNEGLDESTROYSYNCKHRPROC destroy = (PFNEGLDESTROYSYNCKHRPROC)eglGetProcAddress("eglDestroySyncKHR");
   REQUIRE(create && wait && get && destroy);
   EGLSyncKHR k = create(dpy, EGL_SYNC_FENCE_KHR, NULL);
   REQUIRE(k != EGL_NO_SYNC_KHR);
   CHECK_EQ(wait(dpy, k, EGL_SYNC_FLUSH_COMMANDS_BIT_KHR, EGL_FOREVER_KHR), EGL_CONDITION_SATISFIED_KHR);
   EGLint iv = 0;
   CHECK(get(dpy, k, EGL_SYNC_STATUS_KHR, &iv) && iv == EGL_SIGNALED_KHR);
   CHECK(destroy(dpy, k));
   static int not_a_display;
   CHECK(create((EGLDisplay)&not_a_display, EGL_SYNC_FENCE_KHR, NULL) == EGL_NO_SYNC_KHR);
   CHECK_EQ(eglGetError(), EGL_BAD_DISPLAY);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
}

struct signaller {
   EGLDisplay dpy;
   EGLSyncKHR sync;
   PFNEGLSIGNALSYNCKHRPROC signal;
};

static void *signal_later(void *p)
{
   struct signaller *s = p;
   struct timespec ten_ms = {0, 10 * 1000 * 1000};
   nanosleep(&ten_ms, NULL);
   s->signal(s->dpy, s->sync, EGL_SIGNALED_KHR);
   return NULL;
}

TEST(reusable_sync)
{
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   if (!has_token(eglQueryString(dpy, EGL_EXTENSIONS), "EGL_KHR_reusable_sync")) {
      test_skip("no EGL_KHR_reusable_sync");
      return;
   }
   PFNEGLCREATESYNCKHRPROC create = (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
   PFNEGLCLIENTWAITSYNCKHRPROC wait = (PFNEGLCLIENTWAITSYNCKHRPROC)eglGetProcAddress("eglClientWaitSyncKHR");
   PFNEGLGETSYNCATTRIBKHRPROC get = (PFNEGLGETSYNCATTRIBKHRPROC)eglGetProcAddress("eglGetSyncAttribKHR");
   PFNEGLDESTROYSYNCKHRPROC destroy = (PFNEGLDESTROYSYNCKHRPROC)eglGetProcAddress("eglDestroySyncKHR");
   PFNEGLSIGNALSYNCKHRPROC signal = (PFNEGLSIGNALSYNCKHRPROC)eglGetProcAddress("eglSignalSyncKHR");
   REQUIRE(create && wait && get && destroy && signal);
   /* No context needed: the application signals it. */
   EGLSyncKHR sync = create(dpy, EGL_SYNC_REUSABLE_KHR, NULL);
   REQUIRE(sync != EGL_NO_SYNC_KHR);
   EGLint v = 0;
   CHECK(get(dpy, sync, EGL_SYNC_TYPE_KHR, &v) && v == EGL_SYNC_REUSABLE_KHR);
   CHECK(get(dpy, sync, EGL_SYNC_STATUS_KHR, &v) && v == EGL_UNSIGNALED_KHR);
   CHECK(!get(dpy, sync, EGL_SYNC_CONDITION_KHR, &v));
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   CHECK_EQ(wait(dpy, sync, 0, 0), EGL_TIMEOUT_EXPIRED_KHR);
   CHECK_EQ(wait(dpy, sync, 0, 1000000), EGL_TIMEOUT_EXPIRED_KHR);
   /* Another thread signals while this one waits forever. */
   struct signaller s = {dpy, sync, signal};
   pthread_t thread;
   REQUIRE(pthread_create(&thread, NULL, signal_later, &s) == 0);
   CHECK_EQ(wait(dpy, sync, 0, EGL_FOREVER_KHR), EGL_CONDITION_SATISFIED_KHR);
   pthread_join(thread, NULL);
   CHECK(get(dpy, sync, EGL_SYNC_STATUS_KHR, &v) && v == EGL_SIGNALED_KHR);
   CHECK(signal(dpy, sync, EGL_UNSIGNALED_KHR));
   CHECK(get(dpy, sync, EGL_SYNC_STATUS_KHR, &v) && v == EGL_UNSIGNALED_KHR);
   /* A mode that is neither: the extension names no error (kiln gives
    * EGL_BAD_PARAMETER, Mesa EGL_BAD_ATTRIBUTE); it must fail. */
   CHECK(!signal(dpy, sync, 0x7777));
   CHECK(eglGetError() != EGL_SUCCESS);
   CHECK(destroy(dpy, sync));
   CHECK(!signal(dpy, sync, EGL_SIGNALED_KHR));
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   /* Signalling a fence sync is EGL_BAD_MATCH. */
   EGLConfig c = gl_config(dpy, 0);
   EGLContext ctx = core_context(dpy, c, EGL_NO_CONTEXT, 3, 3);
   REQUIRE(ctx && eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   EGLSyncKHR fence = create(dpy, EGL_SYNC_FENCE_KHR, NULL);
   REQUIRE(fence != EGL_NO_SYNC_KHR);
   CHECK(!signal(dpy, fence, EGL_SIGNALED_KHR));
   CHECK_EQ(eglGetError(), EGL_BAD_MATCH);
   destroy(dpy, fence);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
}

