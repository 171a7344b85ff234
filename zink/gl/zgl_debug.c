/* SPDX-License-Identifier: MIT */
/*
 * KHR_debug (GL 4.6, 20): the message callback and log, message control,
 * debug groups, and the errors zgl raises. Messages are made only while
 * GL_DEBUG_OUTPUT is enabled (it starts enabled in debug contexts, GL 4.6,
 * 20.8).
 */
#include "zgl_context.h"
#include "zgl_get.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const GLenum sources[] = {
   GL_DEBUG_SOURCE_API,         GL_DEBUG_SOURCE_WINDOW_SYSTEM, GL_DEBUG_SOURCE_SHADER_COMPILER,
   GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_SOURCE_APPLICATION,   GL_DEBUG_SOURCE_OTHER,
};
static const GLenum types[] = {
   GL_DEBUG_TYPE_ERROR,       GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR, GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR,
   GL_DEBUG_TYPE_PORTABILITY, GL_DEBUG_TYPE_PERFORMANCE,         GL_DEBUG_TYPE_OTHER,
   GL_DEBUG_TYPE_MARKER,      GL_DEBUG_TYPE_PUSH_GROUP,          GL_DEBUG_TYPE_POP_GROUP,
};
static const GLenum severities[] = {
   GL_DEBUG_SEVERITY_HIGH, GL_DEBUG_SEVERITY_MEDIUM, GL_DEBUG_SEVERITY_LOW,
   GL_DEBUG_SEVERITY_NOTIFICATION,
};

static int
index_of(const GLenum *list, unsigned n, GLenum value)
{
   for (unsigned i = 0; i < n; i++) {
      if (list[i] == value)
         return (int)i;
   }
   return -1;
}

#define SOURCE_INDEX(v)   index_of(sources, ARRAY_SIZE(sources), v)
#define TYPE_INDEX(v)     index_of(types, ARRAY_SIZE(types), v)
#define SEVERITY_INDEX(v) index_of(severities, ARRAY_SIZE(severities), v)

void
zgl_debug_init(struct zgl_context *ctx)
{
   struct zgl_debug *d = &ctx->debug;
   d->output = ctx->attribs.debug;
   d->depth = 0;
   /* "All messages are initially enabled unless their assigned severity is
    * DEBUG_SEVERITY_LOW" (GL 4.6, 20.4). */
   struct zgl_debug_group *g = &d->groups[0];
   for (unsigned s = 0; s < ARRAY_SIZE(sources); s++) {
      for (unsigned t = 0; t < ARRAY_SIZE(types); t++)
         g->severities[s][t] = 0xf & ~(1u << 2);
   }
}

static void
group_finish(struct zgl_debug_group *g)
{
   free(g->message);
   free(g->ids);
   memset(g, 0, sizeof(*g));
}

void
zgl_debug_finish(struct zgl_context *ctx)
{
   struct zgl_debug *d = &ctx->debug;
   for (unsigned i = 0; i <= d->depth; i++)
      group_finish(&d->groups[i]);
   for (unsigned i = 0; i < d->log_count; i++)
      free(d->log[(d->log_first + i) % ZGL_MAX_DEBUG_LOGGED_MESSAGES].text);
   d->log_count = 0;
}

static bool
message_enabled(const struct zgl_debug_group *g, GLenum source, GLenum type, GLuint id,
                GLenum severity)
{
   const int s = SOURCE_INDEX(source), t = TYPE_INDEX(type), v = SEVERITY_INDEX(severity);
   if (s < 0 || t < 0 || v < 0)
      return false;
   for (unsigned i = g->num_ids; i-- > 0;) {
      if (g->ids[i].source == s && g->ids[i].type == t && g->ids[i].id == id)
         return g->ids[i].enabled;
   }
   return g->severities[s][t] & (1u << v);
}

void
zgl_debug_message(struct zgl_context *ctx, GLenum source, GLenum type, GLuint id,
                  GLenum severity, const char *text)
{
   struct zgl_debug *d = &ctx->debug;
   if (!d->output || !message_enabled(&d->groups[d->depth], source, type, id, severity))
      return;
   size_t len = strlen(text);
   if (len >= ZGL_MAX_DEBUG_MESSAGE_LENGTH)
      len = ZGL_MAX_DEBUG_MESSAGE_LENGTH - 1;
   if (d->callback) {
      char buf[ZGL_MAX_DEBUG_MESSAGE_LENGTH];
      memcpy(buf, text, len);
      buf[len] = 0;
      d->callback(source, type, id, severity, (GLsizei)len, buf, d->user_param);
      return;
   }
   /* "If DEBUG_LOGGED_MESSAGES is equal to MAX_DEBUG_LOGGED_MESSAGES, the
    * message will be discarded" (GL 4.6, 20.9). */
   if (d->log_count == ZGL_MAX_DEBUG_LOGGED_MESSAGES)
      return;
   char *copy = strndup(text, len);
   if (!copy)
      return;
   struct zgl_debug_message *m =
      &d->log[(d->log_first + d->log_count) % ZGL_MAX_DEBUG_LOGGED_MESSAGES];
   *m = (struct zgl_debug_message){source, type, severity, id, copy};
   d->log_count++;
}

void
zgl_error(struct zgl_context *ctx, GLenum error, const char *fmt, ...)
{
   if (ctx->error == GL_NO_ERROR)
      ctx->error = error;
   if (!ctx->debug.output)
      return;
   char text[ZGL_MAX_DEBUG_MESSAGE_LENGTH];
   va_list va;
   va_start(va, fmt);
   vsnprintf(text, sizeof(text), fmt, va);
   va_end(va);
   /* The id is the error code: what Mesa's drivers report too, and what an
    * application filtering on errors can use. */
   zgl_debug_message(ctx, GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, error,
                     GL_DEBUG_SEVERITY_HIGH, text);
}

GLenum GLAPIENTRY
zgl_GetError(void)
{
   ZGL_CONTEXT(ctx, GL_NO_ERROR);
   const GLenum e = ctx->error;
   ctx->error = GL_NO_ERROR;
   return e;
}

void GLAPIENTRY
zgl_DebugMessageCallback(GLDEBUGPROC callback, const void *userParam)
{
   ZGL_CONTEXT(ctx);
   ctx->debug.callback = callback;
   ctx->debug.user_param = userParam;
}

static bool
valid_control_enum(int index, GLenum value)
{
   return value == GL_DONT_CARE || index >= 0;
}

void GLAPIENTRY
zgl_DebugMessageControl(GLenum source, GLenum type, GLenum severity, GLsizei count,
                        const GLuint *ids, GLboolean enabled)
{
   ZGL_CONTEXT(ctx);
   const int s = SOURCE_INDEX(source), t = TYPE_INDEX(type), v = SEVERITY_INDEX(severity);
   if (!valid_control_enum(s, source) || !valid_control_enum(t, type) ||
       !valid_control_enum(v, severity)) {
      zgl_error(ctx, GL_INVALID_ENUM, "glDebugMessageControl: bad source, type or severity");
      return;
   }
   if (count < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDebugMessageControl(count < 0)");
      return;
   }
   /* "An INVALID_OPERATION error is generated if count is non-zero and
    * source is DONT_CARE, type is DONT_CARE, or severity is not DONT_CARE"
    * (GL 4.6, 20.4). */
   if (count && (source == GL_DONT_CARE || type == GL_DONT_CARE || severity != GL_DONT_CARE)) {
      zgl_error(ctx, GL_INVALID_OPERATION,
                "glDebugMessageControl: ids need one source and type and any severity");
      return;
   }
   struct zgl_debug_group *g = &ctx->debug.groups[ctx->debug.depth];
   if (count) {
      struct zgl_debug_id_switch *grown =
         realloc(g->ids, (g->num_ids + (size_t)count) * sizeof(*grown));
      if (!grown) {
         zgl_error(ctx, GL_OUT_OF_MEMORY, "glDebugMessageControl");
         return;
      }
      g->ids = grown;
      for (GLsizei i = 0; i < count; i++)
         g->ids[g->num_ids++] = (struct zgl_debug_id_switch){
            (uint8_t)s, (uint8_t)t, ids[i], enabled != GL_FALSE};
      return;
   }
   for (unsigned si = 0; si < ARRAY_SIZE(sources); si++) {
      if (s >= 0 && (int)si != s)
         continue;
      for (unsigned ti = 0; ti < ARRAY_SIZE(types); ti++) {
         if (t >= 0 && (int)ti != t)
            continue;
         const uint8_t bits = v >= 0 ? (uint8_t)(1u << v) : 0xf;
         if (enabled)
            g->severities[si][ti] |= bits;
         else
            g->severities[si][ti] &= (uint8_t)~bits;
      }
   }
   /* Later switches override earlier id switches of the same messages. */
   unsigned kept = 0;
   for (unsigned i = 0; i < g->num_ids; i++) {
      if ((s < 0 || g->ids[i].source == s) && (t < 0 || g->ids[i].type == t) && v < 0)
         continue;
      g->ids[kept++] = g->ids[i];
   }
   g->num_ids = kept;
}

/* The length of an application's message, or -1 when too long. */
static GLsizei
message_length(GLsizei length, const GLchar *buf)
{
   const size_t n = length < 0 ? strlen(buf) : (size_t)length;
   return n >= ZGL_MAX_DEBUG_MESSAGE_LENGTH ? -1 : (GLsizei)n;
}

void GLAPIENTRY
zgl_DebugMessageInsert(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                       const GLchar *buf)
{
   ZGL_CONTEXT(ctx);
   if ((source != GL_DEBUG_SOURCE_APPLICATION && source != GL_DEBUG_SOURCE_THIRD_PARTY) ||
       TYPE_INDEX(type) < 0 || SEVERITY_INDEX(severity) < 0) {
      zgl_error(ctx, GL_INVALID_ENUM, "glDebugMessageInsert: bad source, type or severity");
      return;
   }
   const GLsizei n = message_length(length, buf);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glDebugMessageInsert: message too long");
      return;
   }
   char text[ZGL_MAX_DEBUG_MESSAGE_LENGTH];
   memcpy(text, buf, (size_t)n);
   text[n] = 0;
   zgl_debug_message(ctx, source, type, id, severity, text);
}

GLuint GLAPIENTRY
zgl_GetDebugMessageLog(GLuint count, GLsizei bufSize, GLenum *sources_out, GLenum *types_out,
                       GLuint *ids, GLenum *severities_out, GLsizei *lengths,
                       GLchar *messageLog)
{
   ZGL_CONTEXT(ctx, 0);
   if (bufSize < 0 && messageLog) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetDebugMessageLog(bufSize < 0)");
      return 0;
   }
   struct zgl_debug *d = &ctx->debug;
   GLuint n = 0;
   size_t used = 0;
   while (n < count && d->log_count) {
      struct zgl_debug_message *m = &d->log[d->log_first];
      const size_t size = strlen(m->text) + 1;
      /* "No message is written whose length would overflow bufSize": stop at
       * the first that does not fit (GL 4.6, 20.9). */
      if (messageLog) {
         if (used + size > (size_t)bufSize)
            break;
         memcpy(messageLog + used, m->text, size);
         used += size;
      }
      if (sources_out)
         sources_out[n] = m->source;
      if (types_out)
         types_out[n] = m->type;
      if (ids)
         ids[n] = m->id;
      if (severities_out)
         severities_out[n] = m->severity;
      if (lengths)
         lengths[n] = (GLsizei)size;
      free(m->text);
      d->log_first = (d->log_first + 1) % ZGL_MAX_DEBUG_LOGGED_MESSAGES;
      d->log_count--;
      n++;
   }
   return n;
}

/* The length of the oldest message in the log, with its terminator. */
GLint
zgl_debug_next_message_length(const struct zgl_context *ctx)
{
   const struct zgl_debug *d = &ctx->debug;
   return d->log_count ? (GLint)strlen(d->log[d->log_first].text) + 1 : 0;
}

void GLAPIENTRY
zgl_PushDebugGroup(GLenum source, GLuint id, GLsizei length, const GLchar *message)
{
   ZGL_CONTEXT(ctx);
   if (source != GL_DEBUG_SOURCE_APPLICATION && source != GL_DEBUG_SOURCE_THIRD_PARTY) {
      zgl_error(ctx, GL_INVALID_ENUM, "glPushDebugGroup: bad source");
      return;
   }
   const GLsizei n = message_length(length, message);
   if (n < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glPushDebugGroup: message too long");
      return;
   }
   struct zgl_debug *d = &ctx->debug;
   if (d->depth + 1 >= ZGL_MAX_DEBUG_GROUP_STACK_DEPTH) {
      zgl_error(ctx, GL_STACK_OVERFLOW, "glPushDebugGroup: %u groups pushed", d->depth);
      return;
   }
   struct zgl_debug_group *top = &d->groups[d->depth + 1];
   *top = d->groups[d->depth];
   top->ids = NULL;
   top->num_ids = 0;
   top->source = source;
   top->id = id;
   top->message = strndup(message, (size_t)n);
   const struct zgl_debug_group *below = &d->groups[d->depth];
   if (below->num_ids) {
      top->ids = malloc(below->num_ids * sizeof(*top->ids));
      if (top->ids) {
         memcpy(top->ids, below->ids, below->num_ids * sizeof(*top->ids));
         top->num_ids = below->num_ids;
      }
   }
   if (!top->message || (below->num_ids && !top->ids)) {
      group_finish(top);
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glPushDebugGroup");
      return;
   }
   d->depth++;
   /* The group's message is sent with type DEBUG_TYPE_PUSH_GROUP and
    * severity DEBUG_SEVERITY_NOTIFICATION (GL 4.6, 20.6); the new group
    * starts with its parent's filters, so either group's would do. */
   zgl_debug_message(ctx, source, GL_DEBUG_TYPE_PUSH_GROUP, id, GL_DEBUG_SEVERITY_NOTIFICATION,
                     top->message);
}

void GLAPIENTRY
zgl_PopDebugGroup(void)
{
   ZGL_CONTEXT(ctx);
   struct zgl_debug *d = &ctx->debug;
   if (d->depth == 0) {
      zgl_error(ctx, GL_STACK_UNDERFLOW, "glPopDebugGroup: only the default group is left");
      return;
   }
   struct zgl_debug_group *top = &d->groups[d->depth];
   char *message = top->message;
   top->message = NULL;
   const GLenum source = top->source;
   const GLuint id = top->id;
   group_finish(top);
   d->depth--;
   if (message) {
      zgl_debug_message(ctx, source, GL_DEBUG_TYPE_POP_GROUP, id,
                        GL_DEBUG_SEVERITY_NOTIFICATION, message);
      free(message);
   }
}

void GLAPIENTRY
zgl_GetPointerv(GLenum pname, void **params)
{
   ZGL_CONTEXT(ctx);
   switch (pname) {
   case GL_DEBUG_CALLBACK_FUNCTION:
      *params = (void *)ctx->debug.callback;
      return;
   case GL_DEBUG_CALLBACK_USER_PARAM:
      *params = (void *)ctx->debug.user_param;
      return;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "glGetPointerv(pname 0x%x)", pname);
   }
}
