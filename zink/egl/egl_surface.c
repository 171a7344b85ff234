/* SPDX-License-Identifier: MIT */
/*
 * EGLSurface: pbuffers (EGL 1.5, 3.5.2), each a zgl drawable; window and
 * pixmap surfaces do not exist without a window system, so those calls get
 * the errors the platform extensions name.
 */
#include <stdlib.h>

#include "egl_private.h"

/* Destroyed surfaces still bound to a context are no longer valid handles. */
struct kegl_surface *kegl_surface_lookup(struct kegl_display *display, EGLSurface surface)
{
   if (!kegl_object_in(display->surfaces, surface) || ((struct kegl_surface *)surface)->destroyed)
      return NULL;
   return surface;
}

void kegl_surface_free(struct kegl_surface *surface)
{
   zgl_drawable_destroy(surface->drawable);
   free(surface);
}

EGLSurface kegl_CreatePbufferSurface(EGLDisplay dpy, EGLConfig config, const EGLint *attribs)
{
   static const char command[] = "eglCreatePbufferSurface";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_NO_SURFACE;
   EGLint error = EGL_SUCCESS;
   const char *why = NULL;
   EGLint width = 0, height = 0, tex_format = EGL_NO_TEXTURE, tex_target = EGL_NO_TEXTURE;
   EGLint colorspace = EGL_GL_COLORSPACE_LINEAR;
   bool largest = false;
   const struct kegl_config *c = kegl_config_lookup(display, config);
   if (!c)
      error = EGL_BAD_CONFIG, why = "not a config of this display";
   for (const EGLint *a = attribs; error == EGL_SUCCESS && a && a[0] != EGL_NONE; a += 2) {
      switch (a[0]) {
      case EGL_WIDTH: width = a[1]; break;
      case EGL_HEIGHT: height = a[1]; break;
      case EGL_LARGEST_PBUFFER: largest = a[1] != EGL_FALSE; break;
      case EGL_TEXTURE_FORMAT:
         if (a[1] != EGL_NO_TEXTURE && a[1] != EGL_TEXTURE_RGB && a[1] != EGL_TEXTURE_RGBA)
            error = EGL_BAD_ATTRIBUTE;
         tex_format = a[1];
         break;
      case EGL_TEXTURE_TARGET:
         if (a[1] != EGL_NO_TEXTURE && a[1] != EGL_TEXTURE_2D)
            error = EGL_BAD_ATTRIBUTE;
         tex_target = a[1];
         break;
      case EGL_MIPMAP_TEXTURE: break;
      case EGL_GL_COLORSPACE:
         if (a[1] != EGL_GL_COLORSPACE_LINEAR && a[1] != EGL_GL_COLORSPACE_SRGB)
            error = EGL_BAD_ATTRIBUTE;
         colorspace = a[1];
         break;
      case EGL_VG_ALPHA_FORMAT:
      case EGL_VG_COLORSPACE:
         /* OpenVG attributes: accepted; no config here supports OpenVG. */
         break;
      default:
         error = EGL_BAD_ATTRIBUTE;
      }
      if (error != EGL_SUCCESS)
         why = "unknown attribute or bad value";
   }
   if (error != EGL_SUCCESS) {
   } else if (width < 0 || height < 0) {
      /* EGL 1.5, 3.5.2: "If the value specified for either EGL_WIDTH or EGL_HEIGHT is
       * less than zero, an EGL_BAD_PARAMETER error is generated". */
      error = EGL_BAD_PARAMETER, why = "negative width or height";
   } else if (tex_format != EGL_NO_TEXTURE || tex_target != EGL_NO_TEXTURE) {
      /* No config binds to textures (EGL_BIND_TO_TEXTURE_RGB(A) false), and
       * one without the other is EGL_BAD_MATCH too. */
      error = EGL_BAD_MATCH, why = "configs here do not bind to textures";
   } else if (colorspace == EGL_GL_COLORSPACE_SRGB && !c->zgl.srgb_capable) {
      error = EGL_BAD_MATCH, why = "config is not sRGB capable";
   } else if (width > 16384 || height > 16384) {
      if (largest) {
         width = width > 16384 ? 16384 : width;
         height = height > 16384 ? 16384 : height;
      } else {
         error = EGL_BAD_ALLOC, why = "larger than EGL_MAX_PBUFFER_WIDTH/HEIGHT";
      }
   }
   if (error != EGL_SUCCESS) {
      kegl_display_unlock(display);
      kegl_error(error, command, &display->base, why);
      return EGL_NO_SURFACE;
   }
   struct kegl_surface *surface = calloc(1, sizeof(*surface));
   enum zgl_status status = ZGL_BAD_ALLOC;
   if (surface) {
      struct zgl_config zc = c->zgl;
      zc.double_buffered = false;
      zc.srgb_capable = colorspace == EGL_GL_COLORSPACE_SRGB;
      /* EGL allows 0x0 pbuffers (the default size); zgl drawables have at
       * least one pixel, so an empty pbuffer gets a 1x1 backing that EGL
       * still reports as 0 wide or high. */
      surface->drawable = zgl_drawable_create(display->screen, &zc, width ? width : 1, height ? height : 1,
                                              &status);
   }
   if (!surface || !surface->drawable) {
      free(surface);
      kegl_display_unlock(display);
      kegl_error(kegl_error_from_zgl(status), command, &display->base, "zgl_drawable_create failed");
      return EGL_NO_SURFACE;
   }
   surface->display = display;
   surface->config = c;
   surface->width = width;
   surface->height = height;
   surface->largest_pbuffer = largest;
   surface->colorspace = colorspace;
   surface->base.next = display->surfaces;
   display->surfaces = &surface->base;
   kegl_display_unlock(display);
   kegl_success();
   return surface;
}

/* Window and pixmap surfaces: neither platform here has native windows or
 * pixmaps. EGL_MESA_platform_surfaceless: eglCreatePlatformWindowSurface
 * "returns EGL_NO_SURFACE and generates EGL_BAD_NATIVE_WINDOW", whatever
 * the config, "[because] the surfaceless platform has no native windows";
 * likewise EGL_BAD_NATIVE_PIXMAP for pixmaps. The device platform has none
 * either and answers the same. */
static EGLSurface no_native_surface(EGLDisplay dpy, EGLint error, const char *command)
{
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_NO_SURFACE;
   kegl_display_unlock(display);
   kegl_error(error, command, &display->base, "no native windows or pixmaps on this platform");
   return EGL_NO_SURFACE;
}

EGLSurface kegl_CreateWindowSurface(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win,
                                    const EGLint *attribs)
{
   return no_native_surface(dpy, EGL_BAD_NATIVE_WINDOW, "eglCreateWindowSurface");
}

EGLSurface kegl_CreatePixmapSurface(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap,
                                    const EGLint *attribs)
{
   return no_native_surface(dpy, EGL_BAD_NATIVE_PIXMAP, "eglCreatePixmapSurface");
}

EGLSurface kegl_CreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void *win,
                                            const EGLAttrib *attribs)
{
   return no_native_surface(dpy, EGL_BAD_NATIVE_WINDOW, "eglCreatePlatformWindowSurface");
}

EGLSurface kegl_CreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void *pixmap,
                                            const EGLAttrib *attribs)
{
   return no_native_surface(dpy, EGL_BAD_NATIVE_PIXMAP, "eglCreatePlatformPixmapSurface");
}

/* EGL_EXT_platform_base's names, with EGLint attribute lists. */
EGLSurface kegl_CreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config, void *win,
                                               const EGLint *attribs)
{
   return no_native_surface(dpy, EGL_BAD_NATIVE_WINDOW, "eglCreatePlatformWindowSurfaceEXT");
}

EGLSurface kegl_CreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config, void *pixmap,
                                               const EGLint *attribs)
{
   return no_native_surface(dpy, EGL_BAD_NATIVE_PIXMAP, "eglCreatePlatformPixmapSurfaceEXT");
}

EGLSurface kegl_CreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype, EGLClientBuffer buffer,
                                              EGLConfig config, const EGLint *attribs)
{
   static const char command[] = "eglCreatePbufferFromClientBuffer";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_NO_SURFACE;
   kegl_display_unlock(display);
   /* EGL 1.5, 3.5.3: the only client buffer type is EGL_OPENVG_IMAGE; no OpenVG here. */
   kegl_error(EGL_BAD_PARAMETER, command, &display->base, "no client buffer types are supported");
   return EGL_NO_SURFACE;
}

EGLBoolean kegl_DestroySurface(EGLDisplay dpy, EGLSurface surf)
{
   struct kegl_display *display = kegl_display_lock(dpy, true, "eglDestroySurface");
   if (!display)
      return EGL_FALSE;
   struct kegl_surface *surface = kegl_surface_lookup(display, surf);
   if (!surface || surface->destroyed) {
      kegl_display_unlock(display);
      return kegl_error(EGL_BAD_SURFACE, "eglDestroySurface", &display->base, "not a surface of this display");
   }
   /* EGL 1.5, 3.5.6: a current surface is deleted once it is not current. */
   if (surface->bound) {
      surface->destroyed = true;
   } else {
      kegl_object_remove(&display->surfaces, &surface->base);
      kegl_surface_free(surface);
   }
   kegl_display_unlock(display);
   kegl_success();
   return EGL_TRUE;
}

EGLBoolean kegl_QuerySurface(EGLDisplay dpy, EGLSurface surf, EGLint attribute, EGLint *value)
{
   static const char command[] = "eglQuerySurface";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   struct kegl_surface *surface = kegl_surface_lookup(display, surf);
   EGLint error = EGL_SUCCESS, v = 0;
   if (!surface) {
      error = EGL_BAD_SURFACE;
   } else {
      switch (attribute) {
      case EGL_CONFIG_ID: v = surface->config->id; break;
      case EGL_WIDTH: v = surface->width; break;
      case EGL_HEIGHT: v = surface->height; break;
      case EGL_LARGEST_PBUFFER: v = surface->largest_pbuffer; break;
      case EGL_GL_COLORSPACE: v = surface->colorspace; break;
      case EGL_TEXTURE_FORMAT:
      case EGL_TEXTURE_TARGET: v = EGL_NO_TEXTURE; break;
      case EGL_MIPMAP_TEXTURE: v = EGL_FALSE; break;
      case EGL_MIPMAP_LEVEL: v = surface->mipmap_level; break;
      case EGL_RENDER_BUFFER: v = EGL_BACK_BUFFER; break; /* pbuffers, 3.5.6 */
      case EGL_SWAP_BEHAVIOR: v = EGL_BUFFER_DESTROYED; break;
      case EGL_MULTISAMPLE_RESOLVE: v = EGL_MULTISAMPLE_RESOLVE_DEFAULT; break;
      case EGL_VG_ALPHA_FORMAT: v = EGL_VG_ALPHA_FORMAT_NONPRE; break;
      case EGL_VG_COLORSPACE: v = EGL_VG_COLORSPACE_sRGB; break;
      /* EGL 1.5, 3.5.6: "for a pixmap or pbuffer surface ... EGL_UNKNOWN". */
      case EGL_HORIZONTAL_RESOLUTION:
      case EGL_VERTICAL_RESOLUTION:
      case EGL_PIXEL_ASPECT_RATIO: v = EGL_UNKNOWN; break;
      default: error = EGL_BAD_ATTRIBUTE;
      }
   }
   kegl_display_unlock(display);
   if (error == EGL_SUCCESS && !value)
      error = EGL_BAD_PARAMETER;
   if (error != EGL_SUCCESS)
      return kegl_error(error, command, &display->base, "bad surface, attribute or value pointer");
   *value = v;
   kegl_success();
   return EGL_TRUE;
}

EGLBoolean kegl_SurfaceAttrib(EGLDisplay dpy, EGLSurface surf, EGLint attribute, EGLint value)
{
   static const char command[] = "eglSurfaceAttrib";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   struct kegl_surface *surface = kegl_surface_lookup(display, surf);
   EGLint error = EGL_SUCCESS;
   if (!surface) {
      error = EGL_BAD_SURFACE;
   } else {
      switch (attribute) {
      case EGL_MIPMAP_LEVEL:
         surface->mipmap_level = value;
         break;
      case EGL_SWAP_BEHAVIOR:
         /* PRESERVED needs EGL_SWAP_BEHAVIOR_PRESERVED_BIT in the config. */
         if (value == EGL_BUFFER_PRESERVED)
            error = EGL_BAD_MATCH;
         else if (value != EGL_BUFFER_DESTROYED)
            error = EGL_BAD_PARAMETER;
         break;
      case EGL_MULTISAMPLE_RESOLVE:
         /* BOX needs EGL_MULTISAMPLE_RESOLVE_BOX_BIT in the config. */
         if (value == EGL_MULTISAMPLE_RESOLVE_BOX)
            error = EGL_BAD_MATCH;
         else if (value != EGL_MULTISAMPLE_RESOLVE_DEFAULT)
            error = EGL_BAD_PARAMETER;
         break;
      default:
         error = EGL_BAD_ATTRIBUTE;
      }
   }
   kegl_display_unlock(display);
   if (error != EGL_SUCCESS)
      return kegl_error(error, command, &display->base, "bad surface, attribute or value");
   kegl_success();
   return EGL_TRUE;
}

EGLBoolean kegl_SwapBuffers(EGLDisplay dpy, EGLSurface surf)
{
   static const char command[] = "eglSwapBuffers";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   struct kegl_surface *surface = kegl_surface_lookup(display, surf);
   struct kegl_context *current = kegl_current_context();
   EGLint error = EGL_SUCCESS;
   if (!surface)
      error = EGL_BAD_SURFACE;
   /* EGL 1.5, 3.10.1: "If surface is not bound to the calling thread's
    * current context, an EGL_BAD_SURFACE error is generated." */
   else if (!current || current->draw != surface)
      error = EGL_BAD_SURFACE;
   kegl_display_unlock(display);
   if (error != EGL_SUCCESS)
      return kegl_error(error, command, &display->base, "surface is not current to this thread");
   /* "If surface is a pixmap or pbuffer surface, eglSwapBuffers has no
    * effect"; the context's commands are flushed as for any swap. */
   zgl_flush(current->zgl);
   kegl_success();
   return EGL_TRUE;
}

EGLBoolean kegl_SwapInterval(EGLDisplay dpy, EGLint interval)
{
   static const char command[] = "eglSwapInterval";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   kegl_display_unlock(display);
   struct kegl_context *current = kegl_current_context();
   if (!current)
      return kegl_error(EGL_BAD_CONTEXT, command, &display->base, "no current context");
   if (!current->draw)
      return kegl_error(EGL_BAD_SURFACE, command, &display->base, "no draw surface");
   /* Clamped to [EGL_MIN_SWAP_INTERVAL, EGL_MAX_SWAP_INTERVAL] = [1, 1]. */
   kegl_success();
   return EGL_TRUE;
}

EGLBoolean kegl_CopyBuffers(EGLDisplay dpy, EGLSurface surf, EGLNativePixmapType target)
{
   static const char command[] = "eglCopyBuffers";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   bool valid = kegl_surface_lookup(display, surf);
   kegl_display_unlock(display);
   if (!valid)
      return kegl_error(EGL_BAD_SURFACE, command, &display->base, "not a surface of this display");
   /* EGL 1.5, 3.9.2: no native pixmaps here. */
   return kegl_error(EGL_BAD_NATIVE_PIXMAP, command, &display->base, "no native pixmaps");
}

static EGLBoolean tex_image(EGLDisplay dpy, EGLSurface surf, EGLint buffer, const char *command)
{
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   bool valid = kegl_surface_lookup(display, surf);
   kegl_display_unlock(display);
   if (!valid)
      return kegl_error(EGL_BAD_SURFACE, command, &display->base, "not a surface of this display");
   if (buffer != EGL_BACK_BUFFER)
      return kegl_error(EGL_BAD_PARAMETER, command, &display->base, "buffer is not EGL_BACK_BUFFER");
   /* EGL 1.5, 3.6.1: a surface whose EGL_TEXTURE_FORMAT is EGL_NO_TEXTURE (all
    * here) gives EGL_BAD_MATCH. */
   return kegl_error(EGL_BAD_MATCH, command, &display->base, "surface has EGL_NO_TEXTURE");
}

EGLBoolean kegl_BindTexImage(EGLDisplay dpy, EGLSurface surf, EGLint buffer)
{
   return tex_image(dpy, surf, buffer, "eglBindTexImage");
}

EGLBoolean kegl_ReleaseTexImage(EGLDisplay dpy, EGLSurface surf, EGLint buffer)
{
   return tex_image(dpy, surf, buffer, "eglReleaseTexImage");
}
