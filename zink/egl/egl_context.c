/* SPDX-License-Identifier: MIT */
/*
 * EGLContext: GL contexts from zgl with the attributes of EGL 1.5, 3.7.1
 * (EGL_KHR_create_context, EGL_KHR_no_config_context), binding
 * to threads and surfaces (eglMakeCurrent, 3.7.3; EGL_KHR_surfaceless_context)
 * and eglQueryContext. glvnd keeps the current display, surfaces and context
 * that eglGetCurrent* return; this file keeps what EGL's errors need: which
 * thread each context is current on.
 */
#include <stdlib.h>

#include "egl_private.h"

static _Thread_local struct kegl_context *thread_context;

struct kegl_context *kegl_current_context(void)
{
   return thread_context;
}

/* Destroyed contexts (by eglDestroyContext or eglTerminate) that are still
 * current are no longer valid handles. */
struct kegl_context *kegl_context_lookup(struct kegl_display *display, EGLContext ctx)
{
   if (!kegl_object_in(display->contexts, ctx) || ((struct kegl_context *)ctx)->destroyed)
      return NULL;
   return ctx;
}

void kegl_context_free(struct kegl_context *context)
{
   zgl_context_destroy(context->zgl);
   free(context);
}

/* GL versions that exist: 1.0-1.5, 2.0-2.1, 3.0-3.3, 4.0-4.6; ES 1.0-1.1,
 * 2.0, 3.0-3.2. */
static bool version_exists(EGLenum api, int major, int minor)
{
   static const int gl[] = {5, 1, 3, 6}, es[] = {1, 0, 2};
   if (major < 1 || minor < 0)
      return false;
   if (api == EGL_OPENGL_API)
      return major <= 4 && minor <= gl[major - 1];
   return major <= 3 && minor <= es[major - 1];
}

/* EGL 1.5, 3.7.1.1: a GL 3.1 request "may implement ... the core profile
 * of version 3.2 or greater", and a forward-compatible 3.0 one any later
 * version without the deprecated features; without a compatibility profile
 * deep enough, such requests go to the core profile. */
static void upgrade_profile(struct zgl_screen *screen, struct zgl_context_attribs *a)
{
   int asked = a->major_version * 10 + a->minor_version;
   if (a->api == ZGL_API_OPENGL && a->profile == ZGL_PROFILE_COMPAT &&
       zgl_screen_max_version(screen, ZGL_API_OPENGL, ZGL_PROFILE_COMPAT) < asked &&
       (asked == 31 || (asked == 30 && a->forward_compatible)))
      a->profile = ZGL_PROFILE_CORE;
}

struct parsed {
   struct zgl_context_attribs zgl;
   EGLint profile_mask;
   bool profile_given;
};

/* EGL 1.5, 3.7.1.1-3.7.1.6. Returns the error, EGL_SUCCESS when fine. */
static EGLint parse_attribs(struct zgl_screen *screen, EGLenum api, const EGLint *attribs, struct parsed *p)
{
   bool gl = api == EGL_OPENGL_API;
   p->zgl = (struct zgl_context_attribs){
      .api = gl ? ZGL_API_OPENGL : ZGL_API_OPENGL_ES,
      .major_version = 1,
      .minor_version = 0,
      .reset_strategy = ZGL_NO_RESET_NOTIFICATION,
   };
   p->profile_mask = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
   p->profile_given = false;
   for (const EGLint *a = attribs; a && a[0] != EGL_NONE; a += 2) {
      EGLint v = a[1];
      switch (a[0]) {
      case EGL_CONTEXT_MAJOR_VERSION: /* == EGL_CONTEXT_CLIENT_VERSION */
         p->zgl.major_version = v;
         break;
      case EGL_CONTEXT_MINOR_VERSION:
         p->zgl.minor_version = v;
         break;
      case EGL_CONTEXT_OPENGL_PROFILE_MASK:
         if (!gl)
            return EGL_BAD_ATTRIBUTE;
         p->profile_mask = v;
         p->profile_given = true;
         break;
      case EGL_CONTEXT_FLAGS_KHR: /* EGL_KHR_create_context */
         if (v & ~(EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR | EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR |
                   EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR))
            return EGL_BAD_ATTRIBUTE;
         if (!gl && (v & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR))
            return EGL_BAD_ATTRIBUTE;
         p->zgl.debug = v & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR;
         p->zgl.forward_compatible = v & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR;
         p->zgl.robust_access = v & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
         break;
      /* EGL_CONTEXT_OPENGL_NO_ERROR_KHR is not among these: zgl has no
       * KHR_no_error yet, so EGL_KHR_create_context_no_error is not
       * advertised and the attribute is unknown (EGL_BAD_ATTRIBUTE). */
      case EGL_CONTEXT_OPENGL_DEBUG:
      case EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE:
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS:
         if (v != EGL_TRUE && v != EGL_FALSE)
            return EGL_BAD_ATTRIBUTE;
         /* EGL 1.5, 3.7.1.3: forward compatibility is for OpenGL only. */
         if (a[0] == EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE && !gl)
            return EGL_BAD_ATTRIBUTE;
         if (a[0] == EGL_CONTEXT_OPENGL_DEBUG)
            p->zgl.debug = v;
         else if (a[0] == EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE)
            p->zgl.forward_compatible = v;
         else
            p->zgl.robust_access = v;
         break;
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY:
         if (v == EGL_NO_RESET_NOTIFICATION)
            p->zgl.reset_strategy = ZGL_NO_RESET_NOTIFICATION;
         else if (v == EGL_LOSE_CONTEXT_ON_RESET)
            p->zgl.reset_strategy = ZGL_LOSE_CONTEXT_ON_RESET;
         else
            return EGL_BAD_ATTRIBUTE;
         break;
      default:
         return EGL_BAD_ATTRIBUTE;
      }
   }
   if (!version_exists(api, p->zgl.major_version, p->zgl.minor_version))
      return EGL_BAD_MATCH;
   /* EGL 1.5, 3.7.1.2: the profile matters from GL 3.2; "no bits set, bits other
    * than core and compatibility, or more than one" is EGL_BAD_MATCH. */
   p->zgl.profile = ZGL_PROFILE_COMPAT;
   if (gl && p->zgl.major_version * 10 + p->zgl.minor_version >= 32) {
      if (p->profile_mask == EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT)
         p->zgl.profile = ZGL_PROFILE_CORE;
      else if (p->profile_mask != EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT)
         return EGL_BAD_MATCH;
   }
   upgrade_profile(screen, &p->zgl);
   return EGL_SUCCESS;
}

static EGLint renderable_bit(EGLenum api, int major)
{
   if (api == EGL_OPENGL_API)
      return EGL_OPENGL_BIT;
   return major >= 3 ? EGL_OPENGL_ES3_BIT : major == 2 ? EGL_OPENGL_ES2_BIT : EGL_OPENGL_ES_BIT;
}

EGLContext kegl_CreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share,
                              const EGLint *attribs)
{
   static const char command[] = "eglCreateContext";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_NO_CONTEXT;
   EGLint error = EGL_SUCCESS;
   const char *why = NULL;
   const struct kegl_config *c = NULL;
   struct kegl_context *shared = NULL;
   EGLenum api = kegl_current_api();
   struct parsed p;
   if (config != EGL_NO_CONFIG_KHR && !(c = kegl_config_lookup(display, config))) {
      error = EGL_BAD_CONFIG, why = "not a config of this display";
   } else if (share != EGL_NO_CONTEXT && !(shared = kegl_context_lookup(display, share))) {
      error = EGL_BAD_CONTEXT, why = "share_context is not a context of this display";
   } else if (api != EGL_OPENGL_API && api != EGL_OPENGL_ES_API) {
      error = EGL_BAD_MATCH, why = "no current rendering API";
   } else if ((error = parse_attribs(display->screen, api, attribs, &p)) != EGL_SUCCESS) {
      why = error == EGL_BAD_MATCH ? "version, profile or flags that do not go together"
                                   : "attribute or value not valid for this API";
   } else if (c && !(c->renderable_type & renderable_bit(api, p.zgl.major_version))) {
      error = EGL_BAD_MATCH, why = "config does not support this API and version";
   } else if (shared && shared->api != api) {
      error = EGL_BAD_MATCH, why = "share_context is of another client API";
   } else if (zgl_screen_max_version(display->screen, p.zgl.api, p.zgl.profile) <
              p.zgl.major_version * 10 + p.zgl.minor_version) {
      error = EGL_BAD_MATCH, why = "version higher than the implementation gives";
   }
   if (error != EGL_SUCCESS) {
      kegl_display_unlock(display);
      kegl_error(error, command, &display->base, why);
      return EGL_NO_CONTEXT;
   }
   struct kegl_context *context = calloc(1, sizeof(*context));
   enum zgl_status status = ZGL_BAD_ALLOC;
   if (context)
      context->zgl = zgl_context_create(display->screen, &p.zgl, shared ? shared->zgl : NULL, &status);
   if (!context || !context->zgl) {
      free(context);
      kegl_display_unlock(display);
      kegl_error(kegl_error_from_zgl(status), command, &display->base, "zgl_context_create failed");
      return EGL_NO_CONTEXT;
   }
   context->display = display;
   context->config = c;
   context->api = api;
   context->major_version = p.zgl.major_version;
   context->base.next = display->contexts;
   display->contexts = &context->base;
   kegl_display_unlock(display);
   kegl_success();
   return context;
}

/* Frees a context or surface that was destroyed while current, once it is
 * not. Called with the display locked. */
static void release_bindings(struct kegl_context *context)
{
   struct kegl_display *display = context->display;
   struct kegl_surface *surfaces[2] = {context->draw, context->read};
   context->draw = context->read = NULL;
   context->current = false;
   for (int i = 0; i < 2; i++) {
      struct kegl_surface *s = surfaces[i];
      if (!s || (i == 1 && s == surfaces[0]))
         continue;
      if (--s->bound == 0 && s->destroyed) {
         kegl_object_remove(&display->surfaces, &s->base);
         kegl_surface_free(s);
      }
   }
   if (context->destroyed) {
      kegl_object_remove(&display->contexts, &context->base);
      kegl_context_free(context);
   }
}

EGLBoolean kegl_DestroyContext(EGLDisplay dpy, EGLContext ctx)
{
   struct kegl_display *display = kegl_display_lock(dpy, true, "eglDestroyContext");
   if (!display)
      return EGL_FALSE;
   struct kegl_context *context = kegl_context_lookup(display, ctx);
   if (!context || context->destroyed) {
      kegl_display_unlock(display);
      return kegl_error(EGL_BAD_CONTEXT, "eglDestroyContext", &display->base, "not a context of this display");
   }
   /* EGL 1.5, 3.7.2: a current context is deleted once it is not current. */
   if (context->current) {
      context->destroyed = true;
   } else {
      kegl_object_remove(&display->contexts, &context->base);
      kegl_context_free(context);
   }
   kegl_display_unlock(display);
   kegl_success();
   return EGL_TRUE;
}

/* Releases the calling thread's context, if any; display locked by caller
 * when it is the context's display. */
static bool release_current(enum zgl_status *status)
{
   struct kegl_context *old = thread_context;
   if (!old)
      return true;
   if (!zgl_make_current(NULL, NULL, NULL, status))
      return false;
   thread_context = NULL;
   release_bindings(old);
   return true;
}

EGLBoolean kegl_MakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx)
{
   static const char command[] = "eglMakeCurrent";
   /* EGL 1.5, 3.7.3: releasing (all NO_*) works on an uninitialized display. */
   bool release = ctx == EGL_NO_CONTEXT && draw == EGL_NO_SURFACE && read == EGL_NO_SURFACE;
   struct kegl_display *display = kegl_display_lock(dpy, !release, command);
   if (!display)
      return EGL_FALSE;
   struct kegl_context *old = thread_context;
   struct kegl_display *old_display = old ? old->display : NULL;
   if (old_display && old_display != display)
      pthread_mutex_lock(&old_display->lock);
   EGLint error = EGL_SUCCESS;
   const char *why = NULL;
   struct kegl_context *context = NULL;
   struct kegl_surface *d = NULL, *r = NULL;
   enum zgl_status status = ZGL_OK;
   if (release) {
      if (!release_current(&status))
         error = kegl_error_from_zgl(status), why = "flushing the released context failed";
      goto done;
   }
   if (ctx == EGL_NO_CONTEXT) {
      error = EGL_BAD_MATCH, why = "surfaces without a context";
   } else if (!(context = kegl_context_lookup(display, ctx)) || context->destroyed) {
      error = EGL_BAD_CONTEXT, why = "not a context of this display";
   } else if ((draw != EGL_NO_SURFACE && (!(d = kegl_surface_lookup(display, draw)) || d->destroyed)) ||
              (read != EGL_NO_SURFACE && (!(r = kegl_surface_lookup(display, read)) || r->destroyed))) {
      error = EGL_BAD_SURFACE, why = "not a surface of this display";
   } else if ((draw == EGL_NO_SURFACE) != (read == EGL_NO_SURFACE)) {
      /* EGL_KHR_surfaceless_context: both or neither. */
      error = EGL_BAD_MATCH, why = "one of draw and read is EGL_NO_SURFACE";
   } else if (context->current && context != old) {
      error = EGL_BAD_ACCESS, why = "context is current to another thread";
   } else if ((d && d->bound && !(old && (old->draw == d || old->read == d))) ||
              (r && r->bound && !(old && (old->draw == r || old->read == r)))) {
      /* A surface can be bound to one context (and so thread) at a time. */
      error = EGL_BAD_ACCESS, why = "surface is current to another context";
   } else if (context->config && ((d && !kegl_config_compatible(context->config, d->config)) ||
                                  (r && !kegl_config_compatible(context->config, r->config)))) {
      error = EGL_BAD_MATCH, why = "surface and context configs are not compatible";
   }
   if (error != EGL_SUCCESS)
      goto done;
   if (!zgl_make_current(context->zgl, d ? d->drawable : NULL, r ? r->drawable : NULL, &status)) {
      error = kegl_error_from_zgl(status), why = "zgl_make_current failed";
      goto done;
   }
   /* Bind the new pair before unbinding the old one so a surface kept
    * across the switch is never left unbound and freed. */
   if (d)
      d->bound++;
   if (r && r != d)
      r->bound++;
   if (old && old != context) {
      release_bindings(old);
   } else if (old) {
      struct kegl_surface *od = old->draw, *or = old->read;
      old->draw = old->read = NULL;
      if (od)
         od->bound--;
      if (or && or != od)
         or->bound--;
   }
   context->draw = d;
   context->read = r;
   context->current = true;
   context->thread = pthread_self();
   thread_context = context;
done:
   if (old_display && old_display != display) {
      kegl_display_collect(old_display);
      pthread_mutex_unlock(&old_display->lock);
   }
   kegl_display_collect(display);
   kegl_display_unlock(display);
   if (error != EGL_SUCCESS)
      return kegl_error(error, command, context ? &context->base : &display->base, why);
   kegl_success();
   return EGL_TRUE;
}

EGLBoolean kegl_ReleaseThread(void)
{
   struct kegl_context *old = thread_context;
   if (old) {
      struct kegl_display *display = old->display;
      enum zgl_status status;
      pthread_mutex_lock(&display->lock);
      release_current(&status);
      kegl_display_collect(display);
      pthread_mutex_unlock(&display->lock);
   }
   kegl_success();
   return EGL_TRUE;
}

EGLBoolean kegl_QueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attribute, EGLint *value)
{
   static const char command[] = "eglQueryContext";
   struct kegl_display *display = kegl_display_lock(dpy, true, command);
   if (!display)
      return EGL_FALSE;
   struct kegl_context *context = kegl_context_lookup(display, ctx);
   EGLint error = EGL_SUCCESS, v = 0;
   if (!context) {
      error = EGL_BAD_CONTEXT;
   } else {
      switch (attribute) {
      case EGL_CONFIG_ID: /* EGL_KHR_no_config_context: 0 without a config */
         v = context->config ? context->config->id : 0;
         break;
      case EGL_CONTEXT_CLIENT_TYPE:
         v = context->api;
         break;
      case EGL_CONTEXT_CLIENT_VERSION:
         v = context->major_version;
         break;
      case EGL_RENDER_BUFFER:
         /* EGL 1.5, 3.7.4: EGL_NONE when not bound to a surface; pbuffers render
          * to their back buffer. */
         v = context->current && context->draw ? EGL_BACK_BUFFER : EGL_NONE;
         break;
      default:
         error = EGL_BAD_ATTRIBUTE;
      }
   }
   kegl_display_unlock(display);
   if (error == EGL_SUCCESS && !value)
      error = EGL_BAD_PARAMETER;
   if (error != EGL_SUCCESS)
      return kegl_error(error, command, &display->base, "bad context, attribute or value pointer");
   *value = v;
   kegl_success();
   return EGL_TRUE;
}

/* EGL 1.5, 3.8: with no current context these do nothing and succeed. */
EGLBoolean kegl_WaitClient(void)
{
   if (thread_context)
      zgl_finish(thread_context->zgl);
   kegl_success();
   return EGL_TRUE;
}

EGLBoolean kegl_WaitGL(void)
{
   return kegl_WaitClient();
}

EGLBoolean kegl_WaitNative(EGLint engine)
{
   if (engine != EGL_CORE_NATIVE_ENGINE)
      return kegl_error(EGL_BAD_PARAMETER, "eglWaitNative", NULL, "unknown engine");
   /* No native rendering reaches our surfaces: nothing to wait for. */
   kegl_success();
   return EGL_TRUE;
}
