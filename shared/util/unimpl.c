/* SPDX-License-Identifier: MIT */
#include "unimpl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "debug.h"
#include "strbuf.h"

void
util_report_unsupported(const char *file, int line, const char *fmt, ...)
{
   struct strbuf sb;
   strbuf_init(&sb);
   va_list va;
   va_start(va, fmt);
   strbuf_vprintf(&sb, fmt, va);
   va_end(va);
   util_logw("unsupported", "%s (%s:%d)", strbuf_str(&sb), file, line);
   strbuf_finish(&sb);
}

void
util_report_unimplemented(const char *file, int line, int issue, const char *fmt, ...)
{
   struct strbuf sb;
   strbuf_init(&sb);
   va_list va;
   va_start(va, fmt);
   strbuf_vprintf(&sb, fmt, va);
   va_end(va);
   util_loge("unimplemented", "%s (issue %d, %s:%d)", strbuf_str(&sb), issue, file, line);
   strbuf_finish(&sb);
}

void
util_report_unreachable(const char *file, int line, const char *func, const char *msg)
{
   fprintf(stderr, "kiln: internal error: unreachable reached in %s (%s:%d): %s\n", func, file,
           line, msg ? msg : "");
   fflush(stderr);
   abort();
}
