/* SPDX-License-Identifier: MIT */
/*
 * Three different things, three macros:
 *
 *  UNSUPPORTED(...)          The application asked for something we do not
 *                            do and do not intend to (or the spec lets us
 *                            refuse). Logged once per call site as a warning;
 *                            the caller then returns the API's error.
 *  UNIMPLEMENTED(issue, ...) We should do this and do not yet. Carries the
 *                            tracker issue number. Logged once per call site
 *                            as an error; the caller returns an error. Never
 *                            a silent success.
 *  UNREACHABLE(msg)          A bug in this project: an internal invariant is
 *                            broken. Aborts. Never use it for input checks.
 */
#ifndef UTIL_UNIMPL_H
#define UTIL_UNIMPL_H

#include <stdatomic.h>

#include "macros.h"

void util_report_unsupported(const char *file, int line, const char *fmt, ...)
   PRINTFLIKE(3, 4);
void util_report_unimplemented(const char *file, int line, int issue, const char *fmt, ...)
   PRINTFLIKE(4, 5);
NORETURN void util_report_unreachable(const char *file, int line, const char *func,
                                      const char *msg);

#define UTIL_ONCE_PER_SITE_(stmt)                                                        \
   do {                                                                                  \
      static atomic_flag __reported = ATOMIC_FLAG_INIT;                                  \
      if (!atomic_flag_test_and_set(&__reported)) {                                      \
         stmt;                                                                           \
      }                                                                                  \
   } while (0)

#define UNSUPPORTED(...)                                                                 \
   UTIL_ONCE_PER_SITE_(util_report_unsupported(__FILE__, __LINE__, __VA_ARGS__))
#define UNIMPLEMENTED(issue, ...)                                                        \
   UTIL_ONCE_PER_SITE_(util_report_unimplemented(__FILE__, __LINE__, issue, __VA_ARGS__))
#define UNREACHABLE(msg) util_report_unreachable(__FILE__, __LINE__, __func__, msg)

#endif /* UTIL_UNIMPL_H */
