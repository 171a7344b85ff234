/* SPDX-License-Identifier: MIT */
/* Statuses and failure reasons: what expectation lines and the summary say. */
#include "corpus.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

const char *
corpus_status_name(enum corpus_status status)
{
   static const char *const names[CORPUS_STATUS_COUNT] = {
      [CORPUS_PASS] = "pass",
      [CORPUS_COMPILE_FAIL] = "compile_fail",
      [CORPUS_LINK_FAIL] = "link_fail",
      [CORPUS_BLOCKED] = "blocked",
      [CORPUS_INVALID_SPIRV] = "invalid_spirv",
      [CORPUS_ROUNDTRIP_FAIL] = "roundtrip_fail",
      [CORPUS_CRASH] = "crash",
      [CORPUS_EXCLUDED] = "excluded",
   };
   return (unsigned)status < CORPUS_STATUS_COUNT ? names[status] : "invalid";
}

const char *
corpus_status_expectation(enum corpus_status status)
{
   switch (status) {
   case CORPUS_PASS:
   case CORPUS_EXCLUDED:
      return "Pass";
   case CORPUS_CRASH:
      return "Crash";
   default:
      return "Fail";
   }
}

static void
copy_line(const char *s, size_t n, char *out, size_t size)
{
   size_t o = 0;
   for (size_t i = 0; i < n && o + 1 < size; i++) {
      const char c = s[i];
      /* Manifest and expectation lines are one line of tab-separated fields
       * (a '#' is harmless: it comes after the one that starts the comment). */
      out[o++] = (c == '\t' || c == '\r' || c == '\n') ? ' ' : c;
   }
   out[o] = '\0';
}

void
corpus_reason_from_log(const char *log, char *reason, size_t size)
{
   if (!size)
      return;
   reason[0] = '\0';
   if (!log)
      return;
   const char *line = strstr(log, "ERROR: ");
   if (!line) {
      line = log;
      while (*line && isspace((unsigned char)*line))
         line++;
   } else if (strncmp(line, "ERROR: ", 7) == 0) {
      line += 7;
   }
   /* "0:12: " and "Linking vertex stage: " prefixes */
   const char *p = line;
   while (isdigit((unsigned char)*p))
      p++;
   if (p > line && *p == ':') {
      p++;
      while (isdigit((unsigned char)*p))
         p++;
      if (*p == ':')
         line = p + 1;
   }
   while (*line == ' ')
      line++;
   const char *eol = strchr(line, '\n');
   copy_line(line, eol ? (size_t)(eol - line) : strlen(line), reason, size);
}

void
corpus_reason_bucket(const char *reason, char *bucket, size_t size)
{
   /* Extension names and built-in names stay; user identifiers and numbers
    * go, so that "'foo' : undeclared identifier" and "'bar' : ..." meet. */
   size_t o = 0;
   for (const char *s = reason; *s && o + 1 < size; s++) {
      /* An opening quote follows a non-letter (so "doesn't" is no quote). */
      if (*s == '\'' && (s == reason || !isalnum((unsigned char)s[-1]))) {
         const char *close = strchr(s + 1, '\'');
         if (close) {
            const bool keep = strncmp(s + 1, "GL_", 3) == 0 || strncmp(s + 1, "gl_", 3) == 0;
            if (keep) {
               for (; s <= close && o + 1 < size; s++)
                  bucket[o++] = *s;
               s--;
            } else {
               bucket[o++] = '\'';
               if (o + 1 < size)
                  bucket[o++] = '\'';
               s = close;
            }
            continue;
         }
      }
      if (isdigit((unsigned char)*s)) {
         while (isdigit((unsigned char)s[1]))
            s++;
         bucket[o++] = 'N';
         continue;
      }
      bucket[o++] = *s;
   }
   bucket[o] = '\0';
}
