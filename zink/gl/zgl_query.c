/* SPDX-License-Identifier: MIT */
/*
 * Query objects (GL 4.6, 4.2): occlusion, timer and primitive queries on
 * zkv's queries, glQueryCounter.
 */
#include <stdlib.h>

#include "zgl_context.h"
#include "zgl_screen.h"
#include "zink/vk/zkv.h"

struct zgl_query {
   GLuint name;
   GLenum target; /* 0 until first begun */
   bool active;
   struct zkv_query *zkv;
};

/* The targets of BeginQuery and their active-query slots. */
enum {
   SLOT_SAMPLES, /* ZGL_QUERY_SLOTS in all */
   SLOT_ANY_SAMPLES,
   SLOT_ANY_SAMPLES_CONSERVATIVE,
   SLOT_TIME,
   SLOT_PRIMITIVES,
   SLOT_XFB_WRITTEN,
   SLOT_COUNT,
};

static int
slot_of(GLenum target, enum zkv_query_type *type)
{
   switch (target) {
   case GL_SAMPLES_PASSED:
      *type = ZKV_QUERY_OCCLUSION_COUNT;
      return SLOT_SAMPLES;
   case GL_ANY_SAMPLES_PASSED:
      *type = ZKV_QUERY_OCCLUSION_ANY;
      return SLOT_ANY_SAMPLES;
   case GL_ANY_SAMPLES_PASSED_CONSERVATIVE:
      *type = ZKV_QUERY_OCCLUSION_ANY;
      return SLOT_ANY_SAMPLES_CONSERVATIVE;
   case GL_TIME_ELAPSED:
      *type = ZKV_QUERY_TIME_ELAPSED;
      return SLOT_TIME;
   case GL_PRIMITIVES_GENERATED:
      *type = ZKV_QUERY_PRIMITIVES_GENERATED;
      return SLOT_PRIMITIVES;
   case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN:
      *type = ZKV_QUERY_XFB_PRIMITIVES_WRITTEN;
      return SLOT_XFB_WRITTEN;
   default:
      return -1;
   }
}

static struct zgl_query **
active_slot(struct zgl_context *ctx, int slot)
{
   return &ctx->active_queries[slot];
}

void
zgl_query_free(void *query)
{
   struct zgl_query *q = query;
   zkv_query_destroy(q->zkv);
   free(q);
}

void GLAPIENTRY
zgl_GenQueries(GLsizei n, GLuint *ids)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGenQueries(n = %d)", n);
      return;
   }
   if (!zgl_names_gen(&ctx->queries, n, ids))
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glGenQueries");
}

void GLAPIENTRY
zgl_DeleteQueries(GLsizei n, const GLuint *ids)
{
   ZGL_CONTEXT(ctx);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDeleteQueries(n = %d)", n);
      return;
   }
   for (GLsizei i = 0; i < n; i++) {
      struct zgl_query *q = zgl_names_object(&ctx->queries, ids[i]);
      zgl_names_remove(&ctx->queries, ids[i]);
      if (!q)
         continue;
      /* An active query is ended first (GL 4.6, 4.2.1). */
      if (ctx->condition == q) {
         zkv_render_condition(ctx->zkv, NULL, false, false);
         ctx->condition = NULL;
      }
      for (int s = 0; s < SLOT_COUNT; s++) {
         if (*active_slot(ctx, s) == q) {
            zkv_query_end(ctx->zkv, q->zkv);
            *active_slot(ctx, s) = NULL;
         }
      }
      zgl_query_free(q);
   }
}

GLboolean GLAPIENTRY
zgl_IsQuery(GLuint id)
{
   ZGL_CONTEXT(ctx, GL_FALSE);
   struct zgl_query *q = zgl_names_object(&ctx->queries, id);
   return q && q->target;
}

/* The query object of a name for Begin/QueryCounter: made on first use. */
static struct zgl_query *
query_object(struct zgl_context *ctx, const char *func, GLuint id)
{
   void *o = zgl_names_lookup(&ctx->queries, id);
   if (!o) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(%u): not a query name", func, id);
      return NULL;
   }
   if (o == ZGL_NAME_RESERVED) {
      struct zgl_query *q = calloc(1, sizeof(*q));
      if (!q || !zgl_names_set(&ctx->queries, id, q)) {
         free(q);
         zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         return NULL;
      }
      q->name = id;
      o = q;
   }
   return o;
}

static bool
make_zkv(struct zgl_context *ctx, const char *func, struct zgl_query *q,
         enum zkv_query_type type)
{
   if (q->zkv)
      return true;
   VkResult result;
   q->zkv = zkv_query_create(ctx->zkv, type, 0, &result);
   if (!q->zkv)
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s: no query of this kind", func);
   return q->zkv != NULL;
}

void GLAPIENTRY
zgl_BeginQuery(GLenum target, GLuint id)
{
   ZGL_CONTEXT(ctx);
   enum zkv_query_type type;
   const int slot = slot_of(target, &type);
   if (slot < 0) {
      zgl_error(ctx, GL_INVALID_ENUM, "glBeginQuery(target 0x%x)", target);
      return;
   }
   /* GL 4.6, 4.2.1: INVALID_OPERATION for id 0, a query of the target
    * already active, an active id, or an id of another target. */
   if (id == 0 || *active_slot(ctx, slot)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glBeginQuery(0x%x, %u)", target, id);
      return;
   }
   struct zgl_query *q = query_object(ctx, "glBeginQuery", id);
   if (!q)
      return;
   if (q->active || (q->target && q->target != target)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glBeginQuery(%u): active or of another target", id);
      return;
   }
   if (!make_zkv(ctx, "glBeginQuery", q, type))
      return;
   q->target = target;
   q->active = true;
   *active_slot(ctx, slot) = q;
   zkv_query_begin(ctx->zkv, q->zkv);
}

void GLAPIENTRY
zgl_EndQuery(GLenum target)
{
   ZGL_CONTEXT(ctx);
   enum zkv_query_type type;
   const int slot = slot_of(target, &type);
   if (slot < 0) {
      zgl_error(ctx, GL_INVALID_ENUM, "glEndQuery(target 0x%x)", target);
      return;
   }
   struct zgl_query *q = *active_slot(ctx, slot);
   if (!q) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glEndQuery(0x%x): none active", target);
      return;
   }
   zkv_query_end(ctx->zkv, q->zkv);
   q->active = false;
   *active_slot(ctx, slot) = NULL;
}

void GLAPIENTRY
zgl_QueryCounter(GLuint id, GLenum target)
{
   ZGL_CONTEXT(ctx);
   if (target != GL_TIMESTAMP) {
      zgl_error(ctx, GL_INVALID_ENUM, "glQueryCounter(target 0x%x)", target);
      return;
   }
   struct zgl_query *q = query_object(ctx, "glQueryCounter", id);
   if (!q)
      return;
   if (q->active || (q->target && q->target != GL_TIMESTAMP)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glQueryCounter(%u): active or of another target",
                id);
      return;
   }
   if (!make_zkv(ctx, "glQueryCounter", q, ZKV_QUERY_TIMESTAMP))
      return;
   q->target = GL_TIMESTAMP;
   zkv_query_timestamp(ctx->zkv, q->zkv);
}

void GLAPIENTRY
zgl_GetQueryiv(GLenum target, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   enum zkv_query_type type;
   const int slot = target == GL_TIMESTAMP ? SLOT_COUNT : slot_of(target, &type);
   if (slot < 0) {
      zgl_error(ctx, GL_INVALID_ENUM, "glGetQueryiv(target 0x%x)", target);
      return;
   }
   switch (pname) {
   case GL_CURRENT_QUERY:
      *params = slot < SLOT_COUNT && *active_slot(ctx, slot) ? (GLint)(*active_slot(ctx, slot))->name
                                                             : 0;
      return;
   case GL_QUERY_COUNTER_BITS:
      *params = target == GL_TIMESTAMP || target == GL_TIME_ELAPSED
                   ? (GLint)MIN2(ctx->screen->caps->timestamp_valid_bits, 64u)
                   : 64;
      return;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "glGetQueryiv(pname 0x%x)", pname);
   }
}

static bool
query_result(struct zgl_context *ctx, const char *func, GLuint id, GLenum pname, uint64_t *out)
{
   struct zgl_query *q = zgl_names_object(&ctx->queries, id);
   if (!q || !q->target || q->active) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(%u): not a finished query", func, id);
      return false;
   }
   switch (pname) {
   case GL_QUERY_RESULT:
      zkv_query_result(ctx->zkv, q->zkv, true, out);
      return true;
   case GL_QUERY_RESULT_NO_WAIT: {
      uint64_t v;
      if (zkv_query_result(ctx->zkv, q->zkv, false, &v))
         *out = v;
      else
         return false; /* "params is not modified" */
      return true;
   }
   case GL_QUERY_RESULT_AVAILABLE: {
      uint64_t v;
      *out = zkv_query_result(ctx->zkv, q->zkv, false, &v);
      return true;
   }
   case GL_QUERY_TARGET:
      *out = q->target;
      return true;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", func, pname);
      return false;
   }
}

void GLAPIENTRY
zgl_GetQueryObjectiv(GLuint id, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   uint64_t v;
   if (query_result(ctx, "glGetQueryObjectiv", id, pname, &v))
      *params = (GLint)MIN2(v, 0x7fffffffull);
}

void GLAPIENTRY
zgl_GetQueryObjectuiv(GLuint id, GLenum pname, GLuint *params)
{
   ZGL_CONTEXT(ctx);
   uint64_t v;
   if (query_result(ctx, "glGetQueryObjectuiv", id, pname, &v))
      *params = (GLuint)MIN2(v, 0xffffffffull);
}

void GLAPIENTRY
zgl_GetQueryObjecti64v(GLuint id, GLenum pname, GLint64 *params)
{
   ZGL_CONTEXT(ctx);
   uint64_t v;
   if (query_result(ctx, "glGetQueryObjecti64v", id, pname, &v))
      *params = (GLint64)v;
}

void GLAPIENTRY
zgl_GetQueryObjectui64v(GLuint id, GLenum pname, GLuint64 *params)
{
   ZGL_CONTEXT(ctx);
   uint64_t v;
   if (query_result(ctx, "glGetQueryObjectui64v", id, pname, &v))
      *params = v;
}

/* ---- conditional rendering (GL 4.6, 10.9) ---------------------------------------- */

void GLAPIENTRY
zgl_BeginConditionalRender(GLuint id, GLenum mode)
{
   ZGL_CONTEXT(ctx);
   bool wait, inverted = false;
   switch (mode) {
   case GL_QUERY_WAIT:
   case GL_QUERY_BY_REGION_WAIT:
      wait = true;
      break;
   case GL_QUERY_NO_WAIT:
   case GL_QUERY_BY_REGION_NO_WAIT:
      wait = false;
      break;
   case GL_QUERY_WAIT_INVERTED:
   case GL_QUERY_BY_REGION_WAIT_INVERTED:
      wait = inverted = true;
      break;
   case GL_QUERY_NO_WAIT_INVERTED:
   case GL_QUERY_BY_REGION_NO_WAIT_INVERTED:
      wait = false;
      inverted = true;
      break;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "glBeginConditionalRender(mode 0x%x)", mode);
      return;
   }
   /* INVALID_OPERATION: already in conditional rendering, id not an
    * occlusion query object, or the query active (GL 4.6, 10.9). */
   struct zgl_query *q = zgl_names_object(&ctx->queries, id);
   if (ctx->condition || !q || q->active ||
       (q->target != GL_SAMPLES_PASSED && q->target != GL_ANY_SAMPLES_PASSED &&
        q->target != GL_ANY_SAMPLES_PASSED_CONSERVATIVE)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glBeginConditionalRender(%u)", id);
      return;
   }
   ctx->condition = q;
   zkv_render_condition(ctx->zkv, q->zkv, inverted, wait);
}

void GLAPIENTRY
zgl_EndConditionalRender(void)
{
   ZGL_CONTEXT(ctx);
   if (!ctx->condition) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glEndConditionalRender: not active");
      return;
   }
   ctx->condition = NULL;
   zkv_render_condition(ctx->zkv, NULL, false, false);
}
