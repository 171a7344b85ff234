/* SPDX-License-Identifier: MIT */
/*
 * Debug flags and logging.
 *
 * One environment variable drives every layer: KILN_DEBUG=flag,flag,...
 * Each module declares its own table of flags and asks for its bits; a flag
 * another module owns is simply not in this module's table. KILN_DEBUG=help
 * lists every table that has been queried so far in the process.
 *
 * Logging goes to stderr as "kiln: <tag>: <message>". Errors and warnings
 * are always printed; info with KILN_DEBUG=info, debug with KILN_DEBUG=debug.
 */
#ifndef UTIL_DEBUG_H
#define UTIL_DEBUG_H

#include <stdarg.h>
#include <stdint.h>

#include "macros.h"

#define KILN_DEBUG_ENV "KILN_DEBUG"

struct util_debug_flag {
   const char *name;
   uint64_t flag;
   const char *help;
};

/* Tables end with a {NULL, 0, NULL} entry. */
uint64_t util_debug_parse(const char *str, const struct util_debug_flag *table);

/* Parses KILN_DEBUG against `table` once and caches the result in *cache
 * (which must start as UTIL_DEBUG_UNPARSED). Thread-safe. */
#define UTIL_DEBUG_UNPARSED (1ull << 63)
uint64_t util_debug_get(const char *module, const struct util_debug_flag *table,
                        uint64_t *cache);

/* Defines `static uint64_t <fn>(void)` returning the module's flags. */
#define UTIL_DEBUG_DEFINE_GETTER(fn, module, table)                                      \
   static uint64_t fn(void)                                                              \
   {                                                                                     \
      static uint64_t cache = UTIL_DEBUG_UNPARSED;                                       \
      return util_debug_get(module, table, &cache);                                      \
   }

enum util_log_level {
   UTIL_LOG_ERROR,
   UTIL_LOG_WARN,
   UTIL_LOG_INFO,
   UTIL_LOG_DEBUG,
};

void util_log(enum util_log_level level, const char *tag, const char *fmt, ...)
   PRINTFLIKE(3, 4);
void util_logv(enum util_log_level level, const char *tag, const char *fmt, va_list va);
bool util_log_enabled(enum util_log_level level);

#define util_loge(tag, ...) util_log(UTIL_LOG_ERROR, tag, __VA_ARGS__)
#define util_logw(tag, ...) util_log(UTIL_LOG_WARN, tag, __VA_ARGS__)
#define util_logi(tag, ...) util_log(UTIL_LOG_INFO, tag, __VA_ARGS__)
#define util_logd(tag, ...) util_log(UTIL_LOG_DEBUG, tag, __VA_ARGS__)

/* Redirects log output (tests); NULL restores stderr. */
struct strbuf;
void util_log_capture(struct strbuf *sb);

#endif /* UTIL_DEBUG_H */
