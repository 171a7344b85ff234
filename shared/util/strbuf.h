/* SPDX-License-Identifier: MIT */
/*
 * A growable NUL-terminated string for printers. Out-of-memory is sticky:
 * once an append fails, `oom` is set and further appends are ignored, so a
 * printer can append freely and check once at the end.
 */
#ifndef UTIL_STRBUF_H
#define UTIL_STRBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "macros.h"

struct strbuf {
   char *buf;
   size_t len;
   size_t cap;
   bool oom;
};

void strbuf_init(struct strbuf *sb);
void strbuf_finish(struct strbuf *sb);
void strbuf_append(struct strbuf *sb, const char *s);
void strbuf_append_n(struct strbuf *sb, const char *s, size_t n);
void strbuf_printf(struct strbuf *sb, const char *fmt, ...) PRINTFLIKE(2, 3);
void strbuf_vprintf(struct strbuf *sb, const char *fmt, va_list va);
void strbuf_indent(struct strbuf *sb, unsigned levels);
/* Returns the malloc'd string (caller frees) and resets sb; NULL if oom. */
char *strbuf_steal(struct strbuf *sb);

static inline const char *
strbuf_str(const struct strbuf *sb)
{
   return sb->buf ? sb->buf : "";
}

#endif /* UTIL_STRBUF_H */
