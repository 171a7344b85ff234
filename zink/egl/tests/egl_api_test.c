/* SPDX-License-Identifier: MIT */
/*
 * EGL 1.5 through glvnd's libEGL, as an application sees it: displays,
 * configs (attributes, eglChooseConfig's matching and sort), pbuffers,
 * contexts (EGL_KHR_create_context's versions, profiles, flags and errors),
 * eglMakeCurrent across threads, fence syncs, devices, EGL_KHR_debug, and a
 * clear read back through GL. Every expectation comes from the spec, and the
 * same program runs on kiln and on Mesa (llvmpipe) in the same test run to
 * show the expectations right. Which vendor glvnd loads is the caller's
 * choice (__EGL_VENDOR_LIBRARY_FILENAMES, kiln-run).
 *
 *   egl_api_test [test name substrings...]
 *     KILN_EGL_TEST_NO_GL=1      the vendor has no GL (the fake-zgl build): skip GL checks
 *     KILN_EGL_TEST_VENDOR=NAME  EGL_VENDOR must contain NAME
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/test.h"

#define GL_COLOR_BUFFER_BIT 0x00004000
#define GL_RGBA 0x1908
#define GL_UNSIGNED_BYTE 0x1401
#define GL_VENDOR 0x1F00
#define GL_RENDERER 0x1F01
#define GL_VERSION 0x1F02

static bool no_gl;
static const char *want_vendor;

static bool has_token(const char *list, const char *token)
{
   size_t n = strlen(token);
   for (const char *p = list; p && (p = strstr(p, token)); p += n)
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   return false;
}

static EGLDisplay surfaceless(void)
{
   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL))
      return EGL_NO_DISPLAY;
   return dpy;
}

/* A config for GL pbuffers with the given depth (0: any), or NULL. */
static EGLConfig gl_config(EGLDisplay dpy, EGLint depth)
{
   const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                             EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                             EGL_DEPTH_SIZE, depth, EGL_NONE};
   EGLConfig config = NULL;
   EGLint n = 0;
   if (!eglChooseConfig(dpy, attribs, &config, 1, &n) || n < 1)
      return NULL;
   return config;
}

static EGLContext core_context(EGLDisplay dpy, EGLConfig config, EGLContext share, int major, int minor)
{
   const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, major, EGL_CONTEXT_MINOR_VERSION, minor,
                             EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                             EGL_NONE};
   eglBindAPI(EGL_OPENGL_API);
   return eglCreateContext(dpy, config, share, attribs);
}

static EGLSurface pbuffer(EGLDisplay dpy, EGLConfig config, EGLint w, EGLint h)
{
   const EGLint attribs[] = {EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE};
   return eglCreatePbufferSurface(dpy, config, attribs);
}

TEST(client_extensions)
{
   const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   REQUIRE(ext);
   static const char *const want[] = {"EGL_EXT_platform_base", "EGL_MESA_platform_surfaceless",
                                      "EGL_EXT_platform_device", "EGL_EXT_device_enumeration",
                                      "EGL_EXT_device_query", "EGL_KHR_debug", "EGL_EXT_client_extensions"};
   for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++)
      if (!has_token(ext, want[i]))
         test_fail(__FILE__, __LINE__, "client extensions lack %s: %s", want[i], ext);
}

TEST(display)
{
   EGLDisplay a = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   EGLDisplay b = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   REQUIRE(a != EGL_NO_DISPLAY);
   /* EGL 1.5, 3.2: the same arguments give the same display. */
   CHECK(a == b);
   /* EGL_MESA_platform_surfaceless: native_display must be EGL_DEFAULT_DISPLAY. */
   static int not_a_display;
   CHECK(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, &not_a_display, NULL) == EGL_NO_DISPLAY);
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   const EGLAttrib bad_attribs[] = {0x7777, 1, EGL_NONE};
   CHECK(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, bad_attribs) == EGL_NO_DISPLAY);
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   /* An uninitialized display answers EGL_NOT_INITIALIZED. */
   CHECK(eglTerminate(a));
   EGLint n = -1;
   CHECK(!eglGetConfigs(a, NULL, 0, &n));
   CHECK_EQ(eglGetError(), EGL_NOT_INITIALIZED);
   CHECK(eglQueryString(a, EGL_VENDOR) == NULL);
   CHECK_EQ(eglGetError(), EGL_NOT_INITIALIZED);
   EGLint major = 0, minor = 0;
   REQUIRE(eglInitialize(a, &major, &minor));
   CHECK(major == 1 && minor >= 5);
   CHECK_EQ(eglGetError(), EGL_SUCCESS);
   /* Initializing twice is fine and changes nothing. */
   CHECK(eglInitialize(a, NULL, NULL));
   const char *version = eglQueryString(a, EGL_VERSION);
   CHECK(version && !strncmp(version, "1.5", 3));
   const char *apis = eglQueryString(a, EGL_CLIENT_APIS);
   CHECK(apis && has_token(apis, "OpenGL"));
   const char *vendor = eglQueryString(a, EGL_VENDOR);
   REQUIRE(vendor);
   if (want_vendor && !strstr(vendor, want_vendor))
      test_fail(__FILE__, __LINE__, "EGL_VENDOR is '%s', not %s's", vendor, want_vendor);
   const char *ext = eglQueryString(a, EGL_EXTENSIONS);
   REQUIRE(ext);
   static const char *const want[] = {"EGL_KHR_create_context", "EGL_KHR_surfaceless_context",
                                      "EGL_KHR_no_config_context", "EGL_KHR_fence_sync"};
   for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++)
      if (!has_token(ext, want[i]))
         test_fail(__FILE__, __LINE__, "display extensions lack %s", want[i]);
   CHECK(eglQueryString(a, 0x7777) == NULL);
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   /* A handle that is no display: EGL_BAD_DISPLAY. */
   CHECK(!eglInitialize((EGLDisplay)&not_a_display, NULL, NULL));
   CHECK_EQ(eglGetError(), EGL_BAD_DISPLAY);
   /* eglGetDisplay(EGL_DEFAULT_DISPLAY) without a window system. */
   EGLDisplay def = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   if (def != EGL_NO_DISPLAY)
      CHECK(eglInitialize(def, NULL, NULL));
}

static EGLint attrib(EGLDisplay dpy, EGLConfig c, EGLint name)
{
   EGLint v = -12345;
   if (!eglGetConfigAttrib(dpy, c, name, &v))
      test_fail(__FILE__, __LINE__, "eglGetConfigAttrib(0x%x) failed: 0x%x", name, eglGetError());
   return v;
}

TEST(configs)
{
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLint n = 0;
   REQUIRE(eglGetConfigs(dpy, NULL, 0, &n));
   REQUIRE(n > 0);
   CHECK(!eglGetConfigs(dpy, NULL, 0, NULL));
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   EGLConfig *configs = calloc(n, sizeof(*configs));
   EGLint got = 0;
   REQUIRE(eglGetConfigs(dpy, configs, n, &got));
   CHECK_EQ(got, n);
   /* config_size limits what is returned. */
   EGLint two = 0;
   EGLConfig first2[2];
   CHECK(eglGetConfigs(dpy, first2, 2, &two));
   CHECK_EQ(two, n < 2 ? n : 2);
   bool some_gl_pbuffer = false;
   for (int i = 0; i < n; i++) {
      EGLConfig c = configs[i];
      EGLint r = attrib(dpy, c, EGL_RED_SIZE), g = attrib(dpy, c, EGL_GREEN_SIZE);
      EGLint b = attrib(dpy, c, EGL_BLUE_SIZE), a = attrib(dpy, c, EGL_ALPHA_SIZE);
      if (attrib(dpy, c, EGL_COLOR_BUFFER_TYPE) == EGL_RGB_BUFFER)
         CHECK_EQ(attrib(dpy, c, EGL_BUFFER_SIZE), r + g + b + a);
      /* EGL 1.5, 3.4: SAMPLE_BUFFERS is 1 exactly when SAMPLES > 0. */
      CHECK_EQ(attrib(dpy, c, EGL_SAMPLE_BUFFERS), attrib(dpy, c, EGL_SAMPLES) > 0);
      for (int j = 0; j < i; j++)
         CHECK(attrib(dpy, c, EGL_CONFIG_ID) != attrib(dpy, configs[j], EGL_CONFIG_ID));
      some_gl_pbuffer |= (attrib(dpy, c, EGL_SURFACE_TYPE) & EGL_PBUFFER_BIT) &&
                         (attrib(dpy, c, EGL_RENDERABLE_TYPE) & EGL_OPENGL_BIT);
   }
   CHECK(some_gl_pbuffer);
   EGLint v;
   CHECK(!eglGetConfigAttrib(dpy, configs[0], 0x7777, &v));
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   static int not_a_config;
   CHECK(!eglGetConfigAttrib(dpy, (EGLConfig)&not_a_config, EGL_RED_SIZE, &v));
   CHECK_EQ(eglGetError(), EGL_BAD_CONFIG);
   free(configs);
}

/* EGL 1.5, 3.4.1.2's sort, for the test's own check of the order. */
static EGLDisplay sort_dpy;
static const EGLint *sort_asked;

static EGLint asked(const EGLint *attribs, EGLint name, EGLint fallback)
{
   for (const EGLint *a = attribs; a[0] != EGL_NONE; a += 2)
      if (a[0] == name)
         return a[1];
   return fallback;
}

static int spec_order(EGLConfig a, EGLConfig b)
{
   static const EGLint caveat_rank[] = {EGL_NONE, EGL_SLOW_CONFIG, EGL_NON_CONFORMANT_CONFIG};
   int ra = 0, rb = 0;
   for (int i = 0; i < 3; i++) {
      if (attrib(sort_dpy, a, EGL_CONFIG_CAVEAT) == caveat_rank[i]) ra = i;
      if (attrib(sort_dpy, b, EGL_CONFIG_CAVEAT) == caveat_rank[i]) rb = i;
   }
   if (ra != rb)
      return ra - rb;
   EGLint ta = attrib(sort_dpy, a, EGL_COLOR_BUFFER_TYPE), tb = attrib(sort_dpy, b, EGL_COLOR_BUFFER_TYPE);
   if (ta != tb)
      return ta == EGL_RGB_BUFFER ? -1 : 1;
   static const EGLint colour[] = {EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE, EGL_ALPHA_SIZE};
   EGLint sa = 0, sb = 0;
   for (int i = 0; i < 4; i++) {
      EGLint want = asked(sort_asked, colour[i], 0);
      if (want != 0 && want != EGL_DONT_CARE) {
         sa += attrib(sort_dpy, a, colour[i]);
         sb += attrib(sort_dpy, b, colour[i]);
      }
   }
   if (sa != sb)
      return sb - sa;
   static const EGLint smaller[] = {EGL_BUFFER_SIZE, EGL_SAMPLE_BUFFERS, EGL_SAMPLES, EGL_DEPTH_SIZE,
                                    EGL_STENCIL_SIZE, EGL_ALPHA_MASK_SIZE};
   for (int i = 0; i < 6; i++) {
      EGLint d = attrib(sort_dpy, a, smaller[i]) - attrib(sort_dpy, b, smaller[i]);
      if (d)
         return d;
   }
   return 0; /* 10 (native visual type) and 11 (config ID) are implementation-defined ties */
}

static void check_choose(EGLDisplay dpy, const EGLint *attribs)
{
   EGLint all_n = 0, n = 0;
   REQUIRE(eglGetConfigs(dpy, NULL, 0, &all_n));
   EGLConfig *all = calloc(all_n, sizeof(*all)), *chosen = calloc(all_n + 1, sizeof(*chosen));
   REQUIRE(eglGetConfigs(dpy, all, all_n, &all_n));
   REQUIRE(eglChooseConfig(dpy, attribs, chosen, all_n, &n));
   /* EGL_EXT_pixel_format_float adds a matched attribute whose default is
    * EGL_COLOR_COMPONENT_TYPE_FIXED_EXT. */
   bool pixel_float = has_token(eglQueryString(dpy, EGL_EXTENSIONS), "EGL_EXT_pixel_format_float");
   /* Matching: at-least sizes, exact types, masks (Table 3.4), with the
    * defaults the table gives for attributes not asked. */
   int expect = 0;
   for (int i = 0; i < all_n; i++) {
      EGLConfig c = all[i];
      bool ok = (attrib(dpy, c, EGL_SURFACE_TYPE) & asked(attribs, EGL_SURFACE_TYPE, EGL_WINDOW_BIT)) ==
                   asked(attribs, EGL_SURFACE_TYPE, EGL_WINDOW_BIT) &&
                (attrib(dpy, c, EGL_RENDERABLE_TYPE) & asked(attribs, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT)) ==
                   asked(attribs, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT) &&
                attrib(dpy, c, EGL_COLOR_BUFFER_TYPE) == asked(attribs, EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER) &&
                attrib(dpy, c, EGL_LEVEL) == 0 &&
                (!pixel_float || attrib(dpy, c, EGL_COLOR_COMPONENT_TYPE_EXT) ==
                                    asked(attribs, EGL_COLOR_COMPONENT_TYPE_EXT, EGL_COLOR_COMPONENT_TYPE_FIXED_EXT)) &&
                attrib(dpy, c, EGL_TRANSPARENT_TYPE) == EGL_NONE;
      static const EGLint sizes[] = {EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE, EGL_ALPHA_SIZE,
                                     EGL_DEPTH_SIZE, EGL_STENCIL_SIZE, EGL_SAMPLES, EGL_BUFFER_SIZE};
      for (int s = 0; s < 8; s++) {
         EGLint want = asked(attribs, sizes[s], 0);
         ok &= want == EGL_DONT_CARE || attrib(dpy, c, sizes[s]) >= want;
      }
      bool found = false;
      for (int j = 0; j < n; j++)
         found |= chosen[j] == c;
      if (ok != found)
         test_fail(__FILE__, __LINE__, "config %d %s by eglChooseConfig", attrib(dpy, c, EGL_CONFIG_ID),
                   ok ? "matches but was not chosen" : "was chosen but does not match");
      expect += ok;
   }
   CHECK_EQ(n, expect);
   sort_dpy = dpy;
   sort_asked = attribs;
   for (int j = 1; j < n; j++)
      if (spec_order(chosen[j - 1], chosen[j]) > 0)
         test_fail(__FILE__, __LINE__, "configs %d and %d are out of EGL 1.5 3.4.1.2's order",
                   attrib(dpy, chosen[j - 1], EGL_CONFIG_ID), attrib(dpy, chosen[j], EGL_CONFIG_ID));
   free(all);
   free(chosen);
}

TEST(choose_config)
{
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   const EGLint none[] = {EGL_NONE};
   check_choose(dpy, none);
   const EGLint gl_pbuffer[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
   check_choose(dpy, gl_pbuffer);
   const EGLint rgb_depth[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                               EGL_RED_SIZE, 1, EGL_GREEN_SIZE, 1, EGL_BLUE_SIZE, 1, EGL_DEPTH_SIZE, 1, EGL_NONE};
   check_choose(dpy, rgb_depth);
   const EGLint alpha_stencil[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                   EGL_ALPHA_SIZE, 1, EGL_STENCIL_SIZE, 1, EGL_NONE};
   check_choose(dpy, alpha_stencil);
   const EGLint dont_care[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                               EGL_RED_SIZE, EGL_DONT_CARE, EGL_DEPTH_SIZE, EGL_DONT_CARE, EGL_NONE};
   check_choose(dpy, dont_care);
   /* EGL_CONFIG_ID picks one config and overrides everything else. */
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   const EGLint by_id[] = {EGL_CONFIG_ID, attrib(dpy, c, EGL_CONFIG_ID), EGL_RED_SIZE, 99, EGL_NONE};
   EGLConfig got = NULL;
   EGLint n = 0;
   CHECK(eglChooseConfig(dpy, by_id, &got, 1, &n));
   CHECK_EQ(n, 1);
   CHECK(got == c);
   /* Errors. */
   const EGLint unknown[] = {0x7777, 1, EGL_NONE};
   CHECK(!eglChooseConfig(dpy, unknown, &got, 1, &n));
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   CHECK(!eglChooseConfig(dpy, gl_pbuffer, &got, 1, NULL));
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
}

TEST(pbuffer)
{
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   EGLSurface s = pbuffer(dpy, c, 64, 32);
   REQUIRE(s != EGL_NO_SURFACE);
   EGLint v = 0;
   CHECK(eglQuerySurface(dpy, s, EGL_WIDTH, &v) && v == 64);
   CHECK(eglQuerySurface(dpy, s, EGL_HEIGHT, &v) && v == 32);
   CHECK(eglQuerySurface(dpy, s, EGL_CONFIG_ID, &v) && v == attrib(dpy, c, EGL_CONFIG_ID));
   CHECK(eglQuerySurface(dpy, s, EGL_RENDER_BUFFER, &v) && v == EGL_BACK_BUFFER);
   CHECK(eglQuerySurface(dpy, s, EGL_LARGEST_PBUFFER, &v) && v == EGL_FALSE);
   CHECK(eglQuerySurface(dpy, s, EGL_TEXTURE_FORMAT, &v) && v == EGL_NO_TEXTURE);
   CHECK(!eglQuerySurface(dpy, s, 0x7777, &v));
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   CHECK(eglDestroySurface(dpy, s));
   CHECK(!eglDestroySurface(dpy, s));
   CHECK_EQ(eglGetError(), EGL_BAD_SURFACE);
   /* EGL 1.5, 3.5.2's errors. */
   CHECK(pbuffer(dpy, c, -1, 8) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   const EGLint unknown[] = {0x7777, 1, EGL_NONE};
   CHECK(eglCreatePbufferSurface(dpy, c, unknown) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   static int not_a_config;
   CHECK(pbuffer(dpy, (EGLConfig)&not_a_config, 8, 8) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_CONFIG);
   if (!attrib(dpy, c, EGL_BIND_TO_TEXTURE_RGBA)) {
      const EGLint tex[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA,
                            EGL_TEXTURE_TARGET, EGL_TEXTURE_2D, EGL_NONE};
      CHECK(eglCreatePbufferSurface(dpy, c, tex) == EGL_NO_SURFACE);
      CHECK_EQ(eglGetError(), EGL_BAD_MATCH);
   }
   /* A zero-sized pbuffer is legal (the defaults are 0). */
   const EGLint none[] = {EGL_NONE};
   s = eglCreatePbufferSurface(dpy, c, none);
   CHECK(s != EGL_NO_SURFACE);
   if (s != EGL_NO_SURFACE) {
      CHECK(eglQuerySurface(dpy, s, EGL_WIDTH, &v) && v == 0);
      eglDestroySurface(dpy, s);
   }
   /* EGL_MESA_platform_surfaceless: no native windows or pixmaps, so
    * creating one fails with EGL_BAD_NATIVE_WINDOW/PIXMAP whatever the
    * config, through every entry point. */
   CHECK(eglCreateWindowSurface(dpy, c, 0, NULL) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_NATIVE_WINDOW);
   CHECK(eglCreatePlatformWindowSurface(dpy, EGL_NO_CONFIG_KHR, NULL, NULL) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_NATIVE_WINDOW);
   CHECK(eglCreatePlatformPixmapSurface(dpy, c, NULL, NULL) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_NATIVE_PIXMAP);
   PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC window_ext =
      (PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC)eglGetProcAddress("eglCreatePlatformWindowSurfaceEXT");
   REQUIRE(window_ext);
   CHECK(window_ext(dpy, c, NULL, NULL) == EGL_NO_SURFACE);
   CHECK_EQ(eglGetError(), EGL_BAD_NATIVE_WINDOW);
}

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
   /* EGL_KHR_create_context_no_error: no-error with debug is EGL_BAD_MATCH. */
   if (has_token(eglQueryString(dpy, EGL_EXTENSIONS), "EGL_KHR_create_context_no_error")) {
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

TEST(devices)
{
   PFNEGLQUERYDEVICESEXTPROC query_devices = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
   PFNEGLQUERYDEVICESTRINGEXTPROC device_string =
      (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
   PFNEGLQUERYDISPLAYATTRIBEXTPROC display_attrib =
      (PFNEGLQUERYDISPLAYATTRIBEXTPROC)eglGetProcAddress("eglQueryDisplayAttribEXT");
   REQUIRE(query_devices && device_string && display_attrib);
   EGLint n = 0;
   REQUIRE(query_devices(0, NULL, &n));
   REQUIRE(n >= 1);
   CHECK(!query_devices(0, NULL, NULL));
   CHECK_EQ(eglGetError(), EGL_BAD_PARAMETER);
   EGLDeviceEXT devices[8];
   REQUIRE(query_devices(8, devices, &n));
   CHECK(device_string(devices[0], EGL_EXTENSIONS) != NULL);
   static int not_a_device;
   CHECK(device_string((EGLDeviceEXT)&not_a_device, EGL_EXTENSIONS) == NULL);
   CHECK_EQ(eglGetError(), EGL_BAD_DEVICE_EXT);
   /* The surfaceless display's device is one of them. */
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLAttrib dev = 0;
   if (display_attrib(dpy, EGL_DEVICE_EXT, &dev)) {
      bool listed = false;
      for (int i = 0; i < n; i++)
         listed |= devices[i] == (EGLDeviceEXT)dev;
      CHECK(listed);
   }
   /* EGL_EXT_platform_device: a display on each device renders. */
   for (int i = 0; i < n; i++) {
      EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devices[i], NULL);
      if (d == EGL_NO_DISPLAY)
         continue; /* a device of another vendor glvnd also loaded */
      CHECK(eglInitialize(d, NULL, NULL));
      CHECK(gl_config(d, 0) != NULL);
      const char *ext = device_string(devices[i], EGL_EXTENSIONS);
      if (ext && has_token(ext, "EGL_EXT_device_query_name")) {
         const char *name = device_string(devices[i], EGL_RENDERER_EXT);
         CHECK(name && name[0]);
         printf("device %d: %s\n", i, name ? name : "(null)");
      }
   }
   CHECK(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, &not_a_device, NULL) == EGL_NO_DISPLAY);
   CHECK(eglGetError() != EGL_SUCCESS);
}

static struct {
   int calls;
   EGLenum error;
   const char *command;
   EGLLabelKHR thread, object;
} debug_seen;

static void EGLAPIENTRY debug_callback(EGLenum error, const char *command, EGLint type, EGLLabelKHR thread,
                                       EGLLabelKHR object, const char *message)
{
   debug_seen.calls++;
   debug_seen.error = error;
   debug_seen.command = command;
   debug_seen.thread = thread;
   debug_seen.object = object;
}

TEST(khr_debug)
{
   PFNEGLDEBUGMESSAGECONTROLKHRPROC control =
      (PFNEGLDEBUGMESSAGECONTROLKHRPROC)eglGetProcAddress("eglDebugMessageControlKHR");
   PFNEGLQUERYDEBUGKHRPROC query = (PFNEGLQUERYDEBUGKHRPROC)eglGetProcAddress("eglQueryDebugKHR");
   REQUIRE(control && query);
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   CHECK_EQ(control(debug_callback, NULL), EGL_SUCCESS);
   EGLAttrib v = 0;
   CHECK(query(EGL_DEBUG_MSG_ERROR_KHR, &v) && v == EGL_TRUE);
   CHECK(query(EGL_DEBUG_CALLBACK_KHR, &v) && v == (EGLAttrib)debug_callback);
   EGLint iv;
   debug_seen.calls = 0;
   CHECK(!eglGetConfigAttrib(dpy, c, 0x7777, &iv));
   CHECK_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
   CHECK_EQ(debug_seen.calls, 1);
   CHECK_EQ(debug_seen.error, EGL_BAD_ATTRIBUTE);
   CHECK(debug_seen.command && !strcmp(debug_seen.command, "eglGetConfigAttrib"));
   /* Labels: the thread's and the display's reach the callback. */
   PFNEGLLABELOBJECTKHRPROC label = (PFNEGLLABELOBJECTKHRPROC)eglGetProcAddress("eglLabelObjectKHR");
   REQUIRE(label);
   static int thread_label, display_label;
   CHECK_EQ(label(EGL_NO_DISPLAY, EGL_OBJECT_THREAD_KHR, NULL, &thread_label), EGL_SUCCESS);
   CHECK_EQ(label(dpy, EGL_OBJECT_DISPLAY_KHR, (EGLObjectKHR)dpy, &display_label), EGL_SUCCESS);
   debug_seen.calls = 0;
   CHECK(!eglGetConfigAttrib(dpy, c, 0x7777, &iv));
   CHECK_EQ(debug_seen.calls, 1);
   CHECK(debug_seen.thread == &thread_label);
   CHECK(debug_seen.object == &display_label);
   CHECK_EQ(label(dpy, EGL_OBJECT_CONTEXT_KHR, (EGLObjectKHR)&thread_label, &display_label), EGL_BAD_PARAMETER);
   label(EGL_NO_DISPLAY, EGL_OBJECT_THREAD_KHR, NULL, NULL);
   label(dpy, EGL_OBJECT_DISPLAY_KHR, (EGLObjectKHR)dpy, NULL);
   /* Errors off: no more calls. */
   const EGLAttrib off[] = {EGL_DEBUG_MSG_ERROR_KHR, EGL_FALSE, EGL_NONE};
   CHECK_EQ(control(debug_callback, off), EGL_SUCCESS);
   debug_seen.calls = 0;
   CHECK(!eglGetConfigAttrib(dpy, c, 0x7777, &iv));
   CHECK_EQ(debug_seen.calls, 0);
   const EGLAttrib bad[] = {0x7777, EGL_TRUE, EGL_NONE};
   CHECK_EQ(control(debug_callback, bad), EGL_BAD_ATTRIBUTE);
   CHECK_EQ(control(NULL, NULL), EGL_SUCCESS);
}

typedef void (*clear_color_fn)(float, float, float, float);
typedef void (*clear_fn)(unsigned);
typedef void (*read_pixels_fn)(int, int, int, int, unsigned, unsigned, void *);
typedef const unsigned char *(*get_string_fn)(unsigned);
typedef void (*finish_fn)(void);

TEST(gl_clear_readback)
{
   if (no_gl) {
      test_skip("this vendor has no GL (KILN_EGL_TEST_NO_GL)");
      return;
   }
   EGLDisplay dpy = surfaceless();
   REQUIRE(dpy);
   EGLConfig c = gl_config(dpy, 0);
   REQUIRE(c);
   EGLContext ctx = core_context(dpy, c, EGL_NO_CONTEXT, 3, 3);
   EGLSurface s = pbuffer(dpy, c, 32, 16);
   REQUIRE(ctx && s);
   REQUIRE(eglMakeCurrent(dpy, s, s, ctx));
   get_string_fn get_string = (get_string_fn)eglGetProcAddress("glGetString");
   clear_color_fn clear_color = (clear_color_fn)eglGetProcAddress("glClearColor");
   clear_fn clear = (clear_fn)eglGetProcAddress("glClear");
   read_pixels_fn read_pixels = (read_pixels_fn)eglGetProcAddress("glReadPixels");
   REQUIRE(get_string && clear_color && clear && read_pixels);
   const char *renderer = (const char *)get_string(GL_RENDERER);
   const char *version = (const char *)get_string(GL_VERSION);
   REQUIRE(renderer && version);
   printf("GL_RENDERER: %s\nGL_VERSION: %s\n", renderer, version);
   clear_color(0.25f, 0.5f, 0.75f, 1.0f);
   clear(GL_COLOR_BUFFER_BIT);
   static unsigned char pixels[32 * 16 * 4];
   read_pixels(0, 0, 32, 16, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   /* GL 4.6, 17.4.3/8.4.4.x: 0.25, 0.5, 0.75, 1.0 as UNORM8 round to 64,
    * 128, 191, 255 (within one step either way, as the spec allows). */
   static const int want[4] = {64, 128, 191, 255};
   int bad = 0;
   for (int i = 0; i < 32 * 16; i++)
      for (int k = 0; k < 4; k++)
         bad += abs(pixels[i * 4 + k] - want[k]) > 1;
   CHECK_EQ(bad, 0);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, s);
   eglDestroyContext(dpy, ctx);
}

/* Options come from the environment: util/test_main.c owns argv. */
__attribute__((constructor)) static void options(void)
{
   no_gl = getenv("KILN_EGL_TEST_NO_GL") != NULL;
   want_vendor = getenv("KILN_EGL_TEST_VENDOR");
}
