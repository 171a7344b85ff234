/* SPDX-License-Identifier: MIT */
/*
 * kiln-gl-demo: the GL main job (issue 12). Renders gl_demo_scene.c's scene
 * headlessly through EGL (surfaceless platform, a pbuffer) and GL 3.3 core,
 * reads it back, writes a PNG, and prints which EGL vendor and GL renderer
 * drew it. It runs on whatever EGL vendor glvnd gives it: kiln under
 * kiln-run, Mesa otherwise (llvmpipe with LIBGL_ALWAYS_SOFTWARE=1), so the
 * same program shows both pictures.
 *
 *   kiln-gl-demo [-o OUT.png] [-s WIDTHxHEIGHT] [-f FRAMES]
 *     -f  after the picture, draw the frame FRAMES more times and print the
 *         frames per second (glFinish after the last; the figure for
 *         docs/performance.md's main-job scene)
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/png.h"

#include "gl_demo.h"

static int egl_fail(const char *what)
{
   fprintf(stderr, "kiln-gl-demo: %s failed: EGL error 0x%04x\n", what, eglGetError());
   return 1;
}

int main(int argc, char **argv)
{
   const char *out = "kiln-gl-demo.png";
   int width = 512, height = 384, frames = 0;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "-o") && i + 1 < argc) {
         out = argv[++i];
      } else if (!strcmp(argv[i], "-f") && i + 1 < argc && (frames = atoi(argv[++i])) > 0) {
      } else if (!strcmp(argv[i], "-s") && i + 1 < argc &&
                 sscanf(argv[++i], "%dx%d", &width, &height) == 2 && width > 0 && height > 0 &&
                 width <= 4096 && height <= 4096) {
      } else {
         fprintf(stderr, "usage: kiln-gl-demo [-o OUT.png] [-s WIDTHxHEIGHT] [-f FRAMES]\n");
         return 2;
      }
   }

   EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   if (dpy == EGL_NO_DISPLAY)
      return egl_fail("eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA)");
   EGLint major, minor;
   if (!eglInitialize(dpy, &major, &minor))
      return egl_fail("eglInitialize");
   const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                    EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
                                    EGL_DEPTH_SIZE, 24, EGL_NONE};
   EGLConfig config;
   EGLint n = 0;
   if (!eglChooseConfig(dpy, config_attribs, &config, 1, &n) || n < 1)
      return egl_fail("eglChooseConfig (RGBA8, depth 24, pbuffer, OpenGL)");
   if (!eglBindAPI(EGL_OPENGL_API))
      return egl_fail("eglBindAPI(EGL_OPENGL_API)");
   const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                     EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                     EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, context_attribs);
   if (ctx == EGL_NO_CONTEXT)
      return egl_fail("eglCreateContext (GL 3.3 core)");
   const EGLint surface_attribs[] = {EGL_WIDTH, width, EGL_HEIGHT, height, EGL_NONE};
   EGLSurface surface = eglCreatePbufferSurface(dpy, config, surface_attribs);
   if (surface == EGL_NO_SURFACE)
      return egl_fail("eglCreatePbufferSurface");
   if (!eglMakeCurrent(dpy, surface, surface, ctx))
      return egl_fail("eglMakeCurrent");

   printf("EGL_VENDOR: %s\nEGL_VERSION: %s\n", eglQueryString(dpy, EGL_VENDOR), eglQueryString(dpy, EGL_VERSION));
   printf("GL_RENDERER: %s\nGL_VERSION: %s\n", (const char *)glGetString(GL_RENDERER),
          (const char *)glGetString(GL_VERSION));

   struct scene_report report = {0};
   if (!scene_draw(width, height, &report))
      return 1;
   uint8_t *pixels = malloc((size_t)width * height * 4);
   if (!pixels)
      return 1;
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
   if (glGetError() != GL_NO_ERROR) {
      fprintf(stderr, "kiln-gl-demo: glReadPixels failed\n");
      return 1;
   }
   /* GL's rows run bottom to top; PNG's top to bottom. */
   size_t stride = (size_t)width * 4;
   for (int y = 0; y < height / 2; y++)
      for (size_t x = 0; x < stride; x++) {
         uint8_t tmp = pixels[y * stride + x];
         pixels[y * stride + x] = pixels[(height - 1 - y) * stride + x];
         pixels[(height - 1 - y) * stride + x] = tmp;
      }
   /* Not a blank picture: the tori must cover part of it. */
   size_t covered = 0;
   for (size_t i = 0; i < (size_t)width * height; i++)
      covered += pixels[i * 4] != pixels[0] || pixels[i * 4 + 1] != pixels[1] || pixels[i * 4 + 2] != pixels[2];
   if (covered < (size_t)width * height / 10) {
      fprintf(stderr, "kiln-gl-demo: only %zu pixels differ from the background\n", covered);
      return 1;
   }
   if (util_png_write(out, width, height, 4, pixels, stride) != 0) {
      fprintf(stderr, "kiln-gl-demo: cannot write %s\n", out);
      return 1;
   }
   printf("transform feedback: %d vertices captured, max error %.2g\n", report.xfb_vertices,
          report.xfb_max_error);
   printf("kiln-gl-demo: wrote %s (%dx%d, %.0f%% covered), rendered by %s through %s's EGL\n", out, width,
          height, 100.0 * covered / ((double)width * height), (const char *)glGetString(GL_RENDERER),
          eglQueryString(dpy, EGL_VENDOR));
   free(pixels);
   if (frames > 0) {
      struct timespec t0, t1;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      for (int f = 0; f < frames; f++)
         if (!scene_redraw())
            return 1;
      glFinish();
      clock_gettime(CLOCK_MONOTONIC, &t1);
      double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
      printf("kiln-gl-demo: %d frames of %dx%d in %.3f s: %.1f frames/s\n", frames, width, height, s,
             frames / s);
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surface);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   return 0;
}
