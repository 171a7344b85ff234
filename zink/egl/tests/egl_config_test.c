/* SPDX-License-Identifier: MIT */
/*
 * Configs: every attribute's consistency, and eglChooseConfig's matching and sort
 * checked against EGL 1.5 3.4.1.2's rules computed here.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "egl_api_test.h"

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

