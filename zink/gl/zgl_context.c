/* SPDX-License-Identifier: MIT */
/*
 * Context creation, make-current and release (zgl.h).
 */
#include "zgl_context.h"

#include <stdlib.h>
#include <string.h>

#include "zgl_drawable.h"
#include "zgl_matrix.h"
#include "zgl_objects.h"
#include "zgl_screen.h"
#include "zgl_texture.h"
#include "zgl_vertex_array.h"
#include "zgl_version.h"

_Thread_local struct zgl_context *zgl_current;

static struct zgl_shared *
shared_create(void)
{
   struct zgl_shared *s = calloc(1, sizeof(*s));
   if (!s)
      return NULL;
   pthread_mutex_init(&s->lock, NULL);
   s->refs = 1;
   zgl_names_init(&s->buffers);
   zgl_names_init(&s->shader_objects);
   zgl_names_init(&s->textures);
   zgl_names_init(&s->samplers);
   zgl_names_init(&s->renderbuffers);
   zgl_names_init(&s->syncs);
   return s;
}

static void
shared_unref(struct zgl_shared *s)
{
   pthread_mutex_lock(&s->lock);
   const int refs = --s->refs;
   pthread_mutex_unlock(&s->lock);
   if (refs)
      return;
   zgl_shared_objects_free(s);
   zgl_names_finish(&s->buffers);
   zgl_names_finish(&s->shader_objects);
   zgl_names_finish(&s->textures);
   zgl_names_finish(&s->samplers);
   zgl_names_finish(&s->renderbuffers);
   zgl_names_finish(&s->syncs);
   pthread_mutex_destroy(&s->lock);
   free(s);
}

/* Which requests a core 3.3 context satisfies (EGL_KHR_create_context,
 * GLX_ARB_create_context): 3.2+ core, and 3.1 (which "may implement ...
 * version 3.2 or greater in the core profile"), and 3.0 forward-compatible. */
static bool
core_ok(const struct zgl_screen *screen, const struct zgl_context_attribs *a, int asked)
{
   if (asked > zgl_screen_max_version(screen, a->api, ZGL_PROFILE_CORE))
      return false;
   if (asked >= 32)
      return a->profile == ZGL_PROFILE_CORE;
   return asked == 31 || (asked == 30 && a->forward_compatible);
}

/* Requests a compatibility context satisfies: the compatibility profile up
 * to its version, and anything below 3.1 that is not forward-compatible
 * (profiles exist from 3.2 on; below that a context must be backwards
 * compatible). "The highest supported version ... which is backwards
 * compatible with the requested version" (EGL_KHR_create_context). */
static bool
compat_ok(const struct zgl_screen *screen, const struct zgl_context_attribs *a, int asked)
{
   const int max = zgl_screen_max_version(screen, a->api, ZGL_PROFILE_COMPAT);
   if (asked > max || a->forward_compatible)
      return false;
   return asked < 32 ? true : a->profile == ZGL_PROFILE_COMPAT;
}

struct zgl_context *
zgl_context_create(struct zgl_screen *screen, const struct zgl_context_attribs *attribs,
                   struct zgl_context *share, enum zgl_status *status)
{
   const int asked = attribs->major_version * 10 + attribs->minor_version;
   const bool core = attribs->api == ZGL_API_OPENGL && core_ok(screen, attribs, asked);
   const bool compat = !core && attribs->api == ZGL_API_OPENGL &&
                       compat_ok(screen, attribs, asked);
   if (!core && !compat) {
      *status = ZGL_BAD_MATCH;
      return NULL;
   }
   struct zgl_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx)
      goto fail_alloc;
   ctx->screen = screen;
   ctx->attribs = *attribs;
   ctx->compat = compat;
   ctx->version = compat ? ZGL_COMPAT_VERSION : ZGL_CORE_VERSION;
   VkResult result;
   ctx->zkv = zkv_context_create(screen->zkv, &result);
   if (!ctx->zkv)
      goto fail_zkv;
   if (share) {
      ctx->shared = share->shared;
      pthread_mutex_lock(&ctx->shared->lock);
      ctx->shared->refs++;
      pthread_mutex_unlock(&ctx->shared->lock);
   } else {
      ctx->shared = shared_create();
      if (!ctx->shared)
         goto fail_shared;
   }
   zgl_names_init(&ctx->vertex_arrays);
   zgl_names_init(&ctx->framebuffers);
   zgl_names_init(&ctx->queries);
   zgl_names_init(&ctx->program_pipelines);
   zgl_names_init(&ctx->transform_feedbacks);
   if (compat) {
      ctx->default_vertex_array = zgl_vertex_array_new(0);
      ctx->matrices = calloc(2 + ZGL_MAX_TEXTURE_COORDS, sizeof(*ctx->matrices));
      if (!ctx->default_vertex_array || !ctx->matrices) {
         zgl_vertex_array_free(ctx->default_vertex_array);
         free(ctx->matrices);
   free(ctx->matrix_gl_state);
         goto fail_vao;
      }
      ctx->default_vertex_array->bound_once = true;
      ctx->vertex_array = ctx->default_vertex_array;
   }
   zgl_debug_init(ctx);
   zgl_state_init(ctx);
   zgl_matrix_state_init(ctx);
   zgl_texture_state_init(ctx);
   *status = ZGL_OK;
   return ctx;

fail_vao:
   zgl_names_finish(&ctx->vertex_arrays);
   zgl_names_finish(&ctx->framebuffers);
   zgl_names_finish(&ctx->queries);
   zgl_names_finish(&ctx->program_pipelines);
   zgl_names_finish(&ctx->transform_feedbacks);
   shared_unref(ctx->shared);
fail_shared:
   zkv_context_destroy(ctx->zkv);
fail_zkv:
   free(ctx);
   *status = result == VK_ERROR_DEVICE_LOST ? ZGL_CONTEXT_LOST : ZGL_BAD_ALLOC;
   return NULL;
fail_alloc:
   *status = ZGL_BAD_ALLOC;
   return NULL;
}

static void
context_free(struct zgl_context *ctx)
{
   zkv_finish(ctx->zkv);
   zgl_screen_forget_context(ctx->screen, ctx);
   zgl_context_objects_free(ctx);
   free(ctx->matrices);
   zgl_immediate_free(ctx);
   zgl_debug_finish(ctx);
   zgl_names_finish(&ctx->vertex_arrays);
   zgl_names_finish(&ctx->framebuffers);
   zgl_names_finish(&ctx->queries);
   zgl_names_finish(&ctx->program_pipelines);
   zgl_names_finish(&ctx->transform_feedbacks);
   shared_unref(ctx->shared);
   zkv_context_destroy(ctx->zkv);
   free(ctx);
}

void
zgl_context_destroy(struct zgl_context *ctx)
{
   if (!ctx)
      return;
   if (ctx->current) {
      ctx->destroy_when_released = true;
      return;
   }
   context_free(ctx);
}

static void
release(struct zgl_context *ctx)
{
   zgl_flush(ctx);
   ctx->current = false;
   ctx->draw = ctx->read = NULL;
   if (ctx->destroy_when_released)
      context_free(ctx);
}

bool
zgl_make_current(struct zgl_context *ctx, struct zgl_drawable *draw, struct zgl_drawable *read,
                 enum zgl_status *status)
{
   struct zgl_context *old = zgl_current;
   if (old && old != ctx)
      release(old);
   zgl_current = ctx;
   *status = ZGL_OK;
   if (!ctx)
      return true;
   if (zkv_context_status(ctx->zkv) == VK_ERROR_DEVICE_LOST) {
      zgl_current = NULL;
      *status = ZGL_CONTEXT_LOST;
      return false;
   }
   ctx->current = true;
   ctx->draw = draw;
   ctx->read = read;
   if (draw)
      draw->last_context = ctx;
   if (read)
      read->last_context = ctx;
   /* "When a GL context is first attached to a window, width and height
    * are set to the dimensions of that window" (GL 4.6, 13.6.1), and the
    * scissor box likewise (14.9.2). */
   if (draw && !ctx->made_current) {
      ctx->made_current = true;
      /* "The initial value of DRAW_BUFFER ... is BACK if there are back
       * buffers, otherwise it is FRONT" (GL 4.6, 17.4.1; READ_BUFFER alike). */
      ctx->draw_buffers[0] = ctx->read_buffer = draw->config.double_buffered ? GL_BACK : GL_FRONT;
      for (unsigned i = 0; i < ZGL_MAX_VIEWPORTS; i++) {
         ctx->viewport[i].width = (GLfloat)draw->width;
         ctx->viewport[i].height = (GLfloat)draw->height;
         ctx->scissor[i].width = draw->width;
         ctx->scissor[i].height = draw->height;
      }
   }
   return true;
}

struct zgl_context *
zgl_current_context(void)
{
   return zgl_current;
}

void
zgl_flush(struct zgl_context *ctx)
{
   struct zkv_fence *fence = zkv_flush(ctx->zkv);
   zkv_fence_destroy(fence);
}

void
zgl_finish(struct zgl_context *ctx)
{
   zkv_finish(ctx->zkv);
}

void GLAPIENTRY
zgl_Flush(void)
{
   ZGL_CONTEXT(ctx);
   zgl_flush(ctx);
}

void GLAPIENTRY
zgl_Finish(void)
{
   ZGL_CONTEXT(ctx);
   zgl_finish(ctx);
}
