/* SPDX-License-Identifier: MIT */
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
strbuf_init(struct strbuf *sb)
{
   memset(sb, 0, sizeof(*sb));
}

void
strbuf_finish(struct strbuf *sb)
{
   free(sb->buf);
   strbuf_init(sb);
}

static bool
strbuf_reserve(struct strbuf *sb, size_t extra)
{
   if (sb->oom)
      return false;
   size_t need;
   if (__builtin_add_overflow(sb->len, extra + 1, &need)) {
      sb->oom = true;
      return false;
   }
   if (need <= sb->cap)
      return true;
   size_t cap = sb->cap ? sb->cap : 256;
   while (cap < need)
      cap *= 2;
   char *buf = realloc(sb->buf, cap);
   if (!buf) {
      sb->oom = true;
      return false;
   }
   sb->buf = buf;
   sb->cap = cap;
   return true;
}

void
strbuf_append_n(struct strbuf *sb, const char *s, size_t n)
{
   if (!strbuf_reserve(sb, n))
      return;
   memcpy(sb->buf + sb->len, s, n);
   sb->len += n;
   sb->buf[sb->len] = '\0';
}

void
strbuf_append(struct strbuf *sb, const char *s)
{
   strbuf_append_n(sb, s, strlen(s));
}

void
strbuf_vprintf(struct strbuf *sb, const char *fmt, va_list va)
{
   va_list copy;
   va_copy(copy, va);
   const int len = vsnprintf(NULL, 0, fmt, copy);
   va_end(copy);
   if (len < 0) {
      sb->oom = true;
      return;
   }
   if (!strbuf_reserve(sb, (size_t)len))
      return;
   vsnprintf(sb->buf + sb->len, (size_t)len + 1, fmt, va);
   sb->len += (size_t)len;
}

void
strbuf_printf(struct strbuf *sb, const char *fmt, ...)
{
   va_list va;
   va_start(va, fmt);
   strbuf_vprintf(sb, fmt, va);
   va_end(va);
}

void
strbuf_indent(struct strbuf *sb, unsigned levels)
{
   for (unsigned i = 0; i < levels; i++)
      strbuf_append_n(sb, "    ", 4);
}

char *
strbuf_steal(struct strbuf *sb)
{
   if (sb->oom) {
      strbuf_finish(sb);
      return NULL;
   }
   char *s = sb->buf;
   if (!s)
      s = calloc(1, 1);
   strbuf_init(sb);
   return s;
}
